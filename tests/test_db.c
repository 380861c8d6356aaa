/* db: migrations, refusals, and the constraints the judge relies on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/db.h"
#include "db/internal.h"
#include "db/mail.h"
#include "db/play.h"

struct fixture {
	char dir[64];
	char path[96];
	struct db *db;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));

	if (!f)
		return -1;
	snprintf(f->dir, sizeof(f->dir), "/tmp/mxjudge-testdb.XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	snprintf(f->path, sizeof(f->path), "%s/t.db", f->dir);
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char p[128];

	db_close(f->db);
	unlink(f->path);
	snprintf(p, sizeof(p), "%s-wal", f->path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", f->path);
	unlink(p);
	rmdir(f->dir);
	free(f);
	return 0;
}

/* Raw SQL on the file, as another program (or an older mxjudge) would. */
static void raw_exec(const char *path, const char *sql)
{
	sqlite3 *h;

	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
}

static long long make_campaign(struct db *db, const char *name)
{
	struct db_campaign c;
	char err[256];

	memset(&c, 0, sizeof(c));
	snprintf(c.name, sizeof(c.name), "%s", name);
	snprintf(c.ruleset, sizeof(c.ruleset), "hovercrafts");
	snprintf(c.created_at, sizeof(c.created_at), "2025-01-01T00:00:00Z");
	c.settings = "{\"width\":7}";
	assert_int_equal(db_campaign_create(db, &c, err, sizeof(err)), 0);
	return c.id;
}

/* A campaign with one captain, one ship and turn 1 open. */
static void make_game(struct db *db, long long *turn_id, long long *ship_id,
		      long long *captain_id, long long *campaign_id)
{
	struct db_captain cap;
	struct db_seat s;
	struct db_turn t;
	char err[256];

	*campaign_id = make_campaign(db, "alpha");
	memset(&cap, 0, sizeof(cap));
	cap.campaign_id = *campaign_id;
	snprintf(cap.name, sizeof(cap.name), "Ann");
	snprintf(cap.email, sizeof(cap.email), "ann@example.org");
	snprintf(cap.pwhash, sizeof(cap.pwhash), "$argon2id$x");
	snprintf(cap.joined_at, sizeof(cap.joined_at), "2025-01-01T00:00:00Z");
	assert_int_equal(db_captain_add(db, &cap, err, sizeof(err)), 0);
	memset(&s, 0, sizeof(s));
	s.campaign_id = *campaign_id;
	s.captain_id = cap.id;
	snprintf(s.name, sizeof(s.name), "Minx");
	snprintf(s.team, sizeof(s.team), "zion");
	assert_int_equal(db_seat_add(db, &s, err, sizeof(err)), 0);
	memset(&t, 0, sizeof(t));
	t.campaign_id = *campaign_id;
	t.number = 1;
	snprintf(t.seed, sizeof(t.seed), "42");
	snprintf(t.opened_at, sizeof(t.opened_at), "2025-01-01T00:00:00Z");
	snprintf(t.deadline, sizeof(t.deadline), "2025-01-03T00:00:00Z");
	t.state_before = "{\"turn\":1}";
	assert_int_equal(db_turn_add(db, &t, err, sizeof(err)), 0);
	*turn_id = t.id;
	*ship_id = s.id;
	*captain_id = cap.id;
}

static void test_db_migrate_from_empty(void **state)
{
	struct fixture *f = *state;
	char err[256];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	assert_int_equal(db_schema_version(f->db), DB_SCHEMA_VERSION);
	make_campaign(f->db, "alpha");
	db_close(f->db);
	/* Opening again is a no-op and keeps the data. */
	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	assert_int_equal(db_schema_version(f->db), DB_SCHEMA_VERSION);
}

static void test_db_migrate_from_every_version(void **state)
{
	struct fixture *f = *state;
	struct db_campaign c;
	char err[256], p[128];
	int v;

	for (v = 0; v < DB_SCHEMA_VERSION; v++) {
		assert_int_equal(db_open_version(&f->db, f->path, v, err, sizeof(err)), 0);
		assert_int_equal(db_schema_version(f->db), v);
		if (v >= 1)	/* campaigns exist from version 1 on */
			make_campaign(f->db, "old");
		db_close(f->db);
		f->db = NULL;
		assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
		assert_int_equal(db_schema_version(f->db), DB_SCHEMA_VERSION);
		if (v >= 1) {
			assert_int_equal(db_campaign_get(f->db, "OLD", &c, err, sizeof(err)), 0);
			assert_string_equal(c.settings, "{\"width\":7}");
			db_campaign_release(&c);
		}
		db_close(f->db);
		f->db = NULL;
		unlink(f->path);
		snprintf(p, sizeof(p), "%s-wal", f->path);
		unlink(p);
		snprintf(p, sizeof(p), "%s-shm", f->path);
		unlink(p);
	}
}

/* Count of rows a query returns, on the raw file. */
static int raw_count(const char *path, const char *sql)
{
	sqlite3 *h;
	sqlite3_stmt *st;
	int n = -1;

	assert_int_equal(sqlite3_open(path, &h), SQLITE_OK);
	if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW)
			n = sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	sqlite3_close(h);
	return n;
}

/*
 * Version 7 rebuilds the ships table (seats of any game): a v6 file with
 * a ship, its orders and its ledger keeps them all, the references hold,
 * a seat may now have any side and its own JSON, and foreign keys are
 * enforced again after the migration.
 */
static void test_db_migrate_v7_keeps_seats_and_references(void **state)
{
	struct fixture *f = *state;
	char err[256];

	assert_int_equal(db_open_version(&f->db, f->path, 6, err, sizeof(err)), 0);
	db_close(f->db);
	f->db = NULL;
	raw_exec(f->path,
		 "INSERT INTO campaigns (id, name, ruleset, status, created_at, settings) VALUES"
		 " (1, 'old', 'hovercrafts', 'running', 'x', '{}');"
		 "INSERT INTO captains VALUES (1, 1, 'Ann', 'ann@example.org', 'h', 'x');"
		 "INSERT INTO ships (id, campaign_id, captain_id, name, team, hull, shield, ballistic, energy)"
		 " VALUES (7, 1, 1, 'Minx', 'zion', 4, 1, 2, 1);"
		 "INSERT INTO turns (id, campaign_id, number, seed, opened_at, deadline, state_before)"
		 " VALUES (1, 1, 1, '5', 'x', 'y', '{}');"
		 "INSERT INTO orders (turn_id, ship_id, captain_id, raw, understood, digest, received_at)"
		 " VALUES (1, 7, 1, 'r', 'u', 'd', 'x');"
		 "INSERT INTO ledger (campaign_id, ship_id, kind, points, reason, created_at)"
		 " VALUES (1, 7, 'award', 3, 'r', 'x');");
	assert_int_equal(db_open_version(&f->db, f->path, 7, err, sizeof(err)), 0);
	assert_int_equal(db_schema_version(f->db), 7);
	db_close(f->db);
	f->db = NULL;
	assert_int_equal(raw_count(f->path, "SELECT hull FROM ships WHERE id = 7 AND name = 'Minx'"), 4);
	assert_int_equal(raw_count(f->path, "SELECT count(*) FROM orders o JOIN ships s ON s.id = o.ship_id"), 1);
	assert_int_equal(raw_count(f->path, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
	assert_int_equal(raw_count(f->path, "SELECT count(*) FROM sqlite_master WHERE sql LIKE '%ships_v7%'"), 0);
	/* Any side, the ruleset's own data; still one name per campaign. */
	raw_exec(f->path, "INSERT INTO ships (campaign_id, captain_id, name, team, data)"
			  " VALUES (1, 1, 'Neo', 'humans', '{\"hand\":[\"H01\"]}')");
	assert_int_equal(raw_count(f->path, "SELECT count(*) FROM ships WHERE data != '{}'"), 1);
	/* Foreign keys are on again: a seat of a captain who does not exist is refused. */
	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	assert_int_equal(sqlite3_exec(db_sqlite(f->db), "INSERT INTO seats (campaign_id, captain_id,"
				      " name, side) VALUES (1, 1, 'Trin', 'zion')", NULL, NULL, NULL),
			 SQLITE_OK);
	assert_int_not_equal(sqlite3_exec(db_sqlite(f->db), "INSERT INTO seats (campaign_id, captain_id,"
					  " name, side) VALUES (1, 99, 'Ghost', 'zion')", NULL, NULL, NULL),
			     SQLITE_OK);
}

/*
 * Version 10: seats, not ships. A v9 file with a Hovercrafts ship (its
 * stats and career in columns), another game's seat with its own data, a
 * result the judge of then cut, and a Hovercrafts die comes out with the
 * ship's record in its seat's data, the other seat's data untouched, the
 * result as stored, the die in the one draws log, and every reference
 * (orders, ledger, lockouts) to the renamed table holding.
 */
static void test_db_migrate_v10_seats_result_draws(void **state)
{
	struct fixture *f = *state;
	struct db_campaign c;
	struct db_seat *seats;
	struct db_draw *d;
	char err[256], *data;
	size_t n;

	assert_int_equal(db_open_version(&f->db, f->path, 9, err, sizeof(err)), 0);
	db_close(f->db);
	f->db = NULL;
	raw_exec(f->path,
		 "INSERT INTO campaigns (id, name, ruleset, status, winner, created_at, settings) VALUES"
		 " (1, 'old', 'hovercrafts', 'finished', 'zion', 'x', '{}'),"
		 " (2, 'nr', 'netrun', 'finished', 'machines win (n', 'x', '{}');"
		 "INSERT INTO captains (id, campaign_id, name, email, pwhash, joined_at) VALUES"
		 " (1, 1, 'Ann', 'ann@example.org', 'h', 'x'), (2, 2, 'Bob', 'bob@example.org', 'h', 'x');"
		 "INSERT INTO ships (id, campaign_id, captain_id, name, team, hull, shield, ballistic,"
		 " energy, damage, battles, wins, kills, times_disabled, data) VALUES"
		 " (7, 1, 1, 'Minx', 'zion', 4, 1, 2, 1, 2, 3, 1, 5, 2, '{}'),"
		 " (8, 2, 2, 'bob', 'runner', 0, 0, 0, 0, 0, 0, 0, 0, 0, '{\"deck\":\"d\"}');"
		 "INSERT INTO turns (id, campaign_id, number, seed, opened_at, deadline, state_before)"
		 " VALUES (1, 1, 1, '5', 'x', 'y', '{}');"
		 "INSERT INTO orders (turn_id, ship_id, captain_id, raw, understood, digest, received_at)"
		 " VALUES (1, 7, 1, 'r', 'u', 'd', 'x');"
		 "INSERT INTO ledger (campaign_id, ship_id, kind, points, reason, created_at)"
		 " VALUES (1, 7, 'award', 3, 'r', 'x');"
		 "INSERT INTO lockouts VALUES (7, 1, 'x', 'y');"
		 "INSERT INTO events (turn_id, seq, phase, type, json) VALUES (1, 4, 2, 'roll', '{}');"
		 "INSERT INTO dice VALUES (1, 4, 2, 'Minx', 'fire', 'shoot', 5, 2, 7);");
	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	assert_int_equal(db_schema_version(f->db), 10);
	assert_int_equal(db_seat_data_get(f->db, 7, &data, err, sizeof(err)), 0);
	assert_string_equal(data, "{\"hull\":4,\"shield\":1,\"ballistic\":2,\"energy\":1,"
			    "\"damage\":2,\"battles\":3,\"wins\":1,\"kills\":5,\"times_disabled\":2}");
	free(data);
	assert_int_equal(db_seat_data_get(f->db, 8, &data, err, sizeof(err)), 0);
	assert_string_equal(data, "{\"deck\":\"d\"}");
	free(data);
	assert_int_equal(db_seat_list(f->db, 2, &seats, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_string_equal(seats[0].team, "runner");
	assert_string_equal(seats[0].captain, "Bob");
	free(seats);
	assert_int_equal(db_campaign_get(f->db, "nr", &c, err, sizeof(err)), 0);
	assert_string_equal(c.result, "machines win (n");
	db_campaign_release(&c);
	assert_int_equal(db_draw_list(f->db, 1, &d, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_int_equal(d[0].seq, 4);
	assert_string_equal(d[0].stream, "hovercrafts");
	assert_string_equal(d[0].line, "d6 2 5 2 7 fire shoot Minx");
	db_draw_list_release(d, n);
	db_close(f->db);
	f->db = NULL;
	assert_int_equal(raw_count(f->path, "SELECT count(*) FROM sqlite_master WHERE name IN"
				   " ('ships', 'dice')"), 0);
	assert_int_equal(raw_count(f->path, "SELECT count(*) FROM sqlite_master WHERE sql LIKE"
				   " '%REFERENCES ships%' OR sql LIKE '%REFERENCES \"ships\"%'"), 0);
	assert_int_equal(raw_count(f->path, "SELECT count(*) FROM orders o JOIN seats s ON"
				   " s.id = o.ship_id JOIN ledger l ON l.ship_id = s.id"
				   " JOIN lockouts k ON k.ship_id = s.id"), 1);
	assert_int_equal(raw_count(f->path, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
}

/* A result is kept whole, however long the game states it (it was cut to 15 bytes). */
static void test_db_campaign_result_whole(void **state)
{
	struct fixture *f = *state;
	struct db_campaign c;
	const char *said = "machines win (nebuchadnezzar-destroyed, 14 to 3, in the last turn)";
	char err[256];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	make_campaign(f->db, "long");
	assert_int_equal(db_campaign_get(f->db, "long", &c, err, sizeof(err)), 0);
	assert_string_equal(c.result, "");
	snprintf(c.status, sizeof(c.status), "finished");
	assert_int_equal(db_campaign_set_result(&c, said), 0);
	assert_int_equal(db_campaign_update(f->db, &c, err, sizeof(err)), 0);
	db_campaign_release(&c);
	assert_int_equal(db_campaign_get(f->db, "long", &c, err, sizeof(err)), 0);
	assert_string_equal(c.result, said);
	db_campaign_release(&c);
}

static void test_db_refuses_newer_version(void **state)
{
	struct fixture *f = *state;
	char err[256], sql[64];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	db_close(f->db);
	f->db = NULL;
	snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", DB_SCHEMA_VERSION + 1);
	raw_exec(f->path, sql);
	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), DB_ERROR);
	assert_null(f->db);
	assert_non_null(strstr(err, "newer than this mxjudge knows"));
}

static void test_db_refuses_foreign_file(void **state)
{
	struct fixture *f = *state;
	char err[256];

	raw_exec(f->path, "CREATE TABLE notes (x TEXT)");
	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), DB_ERROR);
	assert_non_null(strstr(err, "not an mxjudge database"));
}

static void test_db_campaign_name_unique(void **state)
{
	struct fixture *f = *state;
	struct db_campaign c, *list;
	size_t n;
	char err[256];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	make_campaign(f->db, "alpha");
	memset(&c, 0, sizeof(c));
	snprintf(c.name, sizeof(c.name), "ALPHA");
	snprintf(c.ruleset, sizeof(c.ruleset), "hovercrafts");
	snprintf(c.created_at, sizeof(c.created_at), "2025-01-01T00:00:00Z");
	assert_int_equal(db_campaign_create(f->db, &c, err, sizeof(err)), DB_EXISTS);
	assert_int_equal(db_campaign_get(f->db, "nope", &c, err, sizeof(err)), DB_NOT_FOUND);
	assert_int_equal(db_campaign_list(f->db, &list, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_string_equal(list[0].status, "open");
	db_campaign_list_release(list, n);
}

static void test_db_orders_supersede(void **state)
{
	struct fixture *f = *state;
	long long turn, ship, cap, camp;
	struct db_order o, *list;
	size_t n;
	char err[256];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	make_game(f->db, &turn, &ship, &cap, &camp);
	memset(&o, 0, sizeof(o));
	o.turn_id = turn;
	o.ship_id = ship;
	o.captain_id = cap;
	o.raw = "GAME alpha\nSHIP Minx\n1 MOVE\n";
	o.understood = "1 MOVE";
	snprintf(o.digest, sizeof(o.digest), "aa");
	snprintf(o.received_at, sizeof(o.received_at), "2025-01-01T10:00:00Z");
	assert_int_equal(db_begin(f->db, err, sizeof(err)), 0);
	assert_int_equal(db_order_submit(f->db, &o, err, sizeof(err)), 0);
	o.raw = "GAME alpha\nSHIP Minx\n1 LEFT\n";
	o.understood = "1 LEFT";
	snprintf(o.digest, sizeof(o.digest), "bb");
	assert_int_equal(db_order_submit(f->db, &o, err, sizeof(err)), 0);
	assert_int_equal(db_commit(f->db, err, sizeof(err)), 0);

	assert_int_equal(db_order_list(f->db, turn, 1, &list, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_string_equal(list[0].digest, "bb");
	assert_string_equal(list[0].ship, "Minx");
	db_order_list_release(list, n);

	assert_int_equal(db_order_list(f->db, turn, 0, &list, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 2);
	assert_int_equal(list[0].current, 0);
	assert_int_equal(list[0].superseded_by, list[1].id);
	assert_int_equal(list[1].current, 1);
	assert_string_equal(list[0].raw, "GAME alpha\nSHIP Minx\n1 MOVE\n");
	db_order_list_release(list, n);
}

/*
 * Prepared statements are kept and given again for the same SQL; one in
 * use is never given twice; given back, a half-read query holds no read
 * transaction, so another connection can still checkpoint the whole WAL.
 */
static void test_db_statement_cache(void **state)
{
	struct fixture *f = *state;
	sqlite3_stmt *a, *b, *c;
	sqlite3 *other;
	int log = -1, done = -1;
	char err[256];
	const char *sql = "SELECT name FROM campaigns ORDER BY id";

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	raw_exec(f->path, "INSERT INTO campaigns (name, ruleset, status, created_at, settings) VALUES "
		 "('a', 'hovercrafts', 'open', '2025-01-01T00:00:00Z', '{}'), "
		 "('b', 'hovercrafts', 'open', '2025-01-01T00:00:00Z', '{}')");
	assert_int_equal(db_prep(f->db, &a, sql, err, sizeof(err)), 0);
	assert_int_equal(sqlite3_step(a), SQLITE_ROW);
	/* In use: the same SQL gets a statement of its own. */
	assert_int_equal(db_prep(f->db, &b, sql, err, sizeof(err)), 0);
	assert_ptr_not_equal(a, b);
	assert_int_equal(sqlite3_step(b), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(b, 0), "a");
	db_done(f->db, b);
	/* Given back half-read: reset, so it starts again from the first row. */
	db_done(f->db, a);
	assert_int_equal(db_prep(f->db, &c, sql, err, sizeof(err)), 0);
	assert_ptr_equal(c, a);
	assert_int_equal(sqlite3_step(c), SQLITE_ROW);
	assert_string_equal((const char *)sqlite3_column_text(c, 0), "a");
	db_done(f->db, c);
	/* Nothing holds a read snapshot: a full checkpoint from elsewhere completes. */
	assert_int_equal(sqlite3_open(f->path, &other), SQLITE_OK);
	assert_int_equal(sqlite3_exec(other, "INSERT INTO campaigns (name, ruleset, status, created_at, "
				      "settings) VALUES ('c', 'hovercrafts', 'open', '2025-01-01T00:00:00Z', "
				      "'{}')", NULL, NULL, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_wal_checkpoint_v2(other, NULL, SQLITE_CHECKPOINT_TRUNCATE, &log, &done),
			 SQLITE_OK);
	assert_int_equal(log, 0);
	sqlite3_close(other);
	assert_int_equal(db_sync(f->db, err, sizeof(err)), 0);
}

static void test_db_turn_claim_once(void **state)
{
	struct fixture *f = *state;
	long long turn, ship, cap, camp;
	struct db_turn t;
	char err[256];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	make_game(f->db, &turn, &ship, &cap, &camp);
	assert_int_equal(db_turn_claim(f->db, turn, "2025-01-03T00:01:00Z", err, sizeof(err)), 0);
	assert_int_equal(db_turn_claim(f->db, turn, "2025-01-03T00:02:00Z", err, sizeof(err)),
			 DB_ALREADY);
	assert_int_equal(db_turn_get(f->db, camp, 1, &t, err, sizeof(err)), 0);
	assert_string_equal(t.resolved_at, "2025-01-03T00:01:00Z");
	assert_null(t.state_after);
	db_turn_release(&t);
	/* The same number twice is refused. */
	memset(&t, 0, sizeof(t));
	t.campaign_id = camp;
	t.number = 1;
	snprintf(t.seed, sizeof(t.seed), "1");
	t.state_before = "{}";
	assert_int_equal(db_turn_add(f->db, &t, err, sizeof(err)), DB_EXISTS);
}

static void test_db_outbox_unique_key(void **state)
{
	struct fixture *f = *state;
	long long turn, ship, cap, camp;
	struct db_message m, *list;
	size_t n;
	char err[256];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	make_game(f->db, &turn, &ship, &cap, &camp);
	memset(&m, 0, sizeof(m));
	m.campaign_id = camp;
	m.turn_id = turn;
	snprintf(m.kind, sizeof(m.kind), "report");
	snprintf(m.key, sizeof(m.key), "report/1/1/1");
	snprintf(m.recipient, sizeof(m.recipient), "ann@example.org");
	snprintf(m.created_at, sizeof(m.created_at), "2025-01-01T00:00:00Z");
	m.subject = "alpha: turn 1";
	m.body = "hello\n";
	assert_int_equal(db_outbox_add(f->db, &m, err, sizeof(err)), 0);
	assert_int_equal(db_outbox_add(f->db, &m, err, sizeof(err)), DB_EXISTS);
	assert_int_equal(db_outbox_list(f->db, camp, 1, &list, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_string_equal(list[0].body, "hello\n");
	assert_string_equal(list[0].sent_at, "");
	assert_int_equal(db_outbox_mark_sent(f->db, list[0].id, "2025-01-01T00:05:00Z", err,
					     sizeof(err)), 0);
	assert_int_equal(db_outbox_mark_sent(f->db, list[0].id, "2025-01-01T00:06:00Z", err,
					     sizeof(err)), DB_ALREADY);
	db_outbox_list_release(list, n);
	assert_int_equal(db_outbox_list(f->db, camp, 1, &list, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 0);
	db_outbox_list_release(list, n);
}

/* A server that refuses everything fails no message; --all-failed spares recipientless alerts. */
static void test_db_outbox_release_and_requeue_failed(void **state)
{
	struct fixture *f = *state;
	long long turn, ship, cap, camp, ids[3];
	struct db_message m;
	struct db_delivery d;
	char err[256], key[32];
	int i, n;

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	make_game(f->db, &turn, &ship, &cap, &camp);
	for (i = 0; i < 3; i++) {
		memset(&m, 0, sizeof(m));
		m.campaign_id = camp;
		snprintf(m.kind, sizeof(m.kind), "%s", i == 2 ? "alert" : "help");
		snprintf(key, sizeof(key), "k/%d", i);
		snprintf(m.key, sizeof(m.key), "%s", key);
		snprintf(m.recipient, sizeof(m.recipient), "%s", i == 2 ? "" : "ann@example.org");
		snprintf(m.created_at, sizeof(m.created_at), "2025-01-01T00:00:00Z");
		m.subject = "s";
		m.body = "b\n";
		assert_int_equal(db_outbox_add(f->db, &m, err, sizeof(err)), 0);
		ids[i] = m.id;
		assert_int_equal(db_outbox_claim(f->db, ids[i], "x@y", "2025-01-01T00:01:00Z", err,
						 sizeof(err)), 0);
	}
	assert_int_equal(db_outbox_release(f->db, ids[0], "554 go away", err, sizeof(err)), 0);
	assert_int_equal(db_outbox_release(f->db, ids[0], "again", err, sizeof(err)), DB_ALREADY);
	assert_int_equal(db_outbox_get_delivery(f->db, ids[0], &d, err, sizeof(err)), 0);
	assert_string_equal(d.state, "queued");
	assert_int_equal(d.attempts, 0);
	assert_string_equal(d.last_error, "554 go away");
	free(d.m.subject);
	free(d.m.body);
	assert_int_equal(db_outbox_defer(f->db, ids[1], NULL, "550", err, sizeof(err)), 0);
	assert_int_equal(db_outbox_defer(f->db, ids[2], NULL, "no gm_email", err, sizeof(err)), 0);
	assert_int_equal(db_outbox_requeue_failed(f->db, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_int_equal(db_outbox_get_delivery(f->db, ids[1], &d, err, sizeof(err)), 0);
	assert_string_equal(d.state, "queued");
	free(d.m.subject);
	free(d.m.body);
	assert_int_equal(db_outbox_get_delivery(f->db, ids[2], &d, err, sizeof(err)), 0);
	assert_string_equal(d.state, "failed");
	free(d.m.subject);
	free(d.m.body);
}

/* A ship that never changed hands has no code salt; one set is read back. */
static void test_db_seat_code_salt(void **state)
{
	struct fixture *f = *state;
	long long turn, ship, cap, camp;
	char err[256], salt[DB_CODE_SALT_MAX];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	make_game(f->db, &turn, &ship, &cap, &camp);
	assert_int_equal(db_seat_code_salt(f->db, camp, "minx", salt, err, sizeof(err)), 0);
	assert_string_equal(salt, "");
	assert_int_equal(db_seat_set_code_salt(f->db, ship, "00ff", err, sizeof(err)), 0);
	assert_int_equal(db_seat_code_salt(f->db, camp, "Minx", salt, err, sizeof(err)), 0);
	assert_string_equal(salt, "00ff");
	assert_int_equal(db_seat_code_salt(f->db, camp, "Nobody", salt, err, sizeof(err)), 0);
	assert_string_equal(salt, "");
	assert_int_equal(db_seat_set_code_salt(f->db, ship + 99, "x", err, sizeof(err)), DB_ALREADY);
}

static void test_db_events_and_draws(void **state)
{
	struct fixture *f = *state;
	long long turn, ship, cap, camp;
	struct db_event e, *ev;
	struct db_draw d, *draws;
	size_t n;
	char err[256];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	make_game(f->db, &turn, &ship, &cap, &camp);
	memset(&e, 0, sizeof(e));
	e.seq = 1;
	snprintf(e.type, sizeof(e.type), "roll");
	e.json = "{\"type\":\"roll\"}";
	assert_int_equal(db_event_add(f->db, turn, &e, err, sizeof(err)), 0);
	assert_int_equal(db_event_add(f->db, turn, &e, err, sizeof(err)), DB_EXISTS);
	assert_int_equal(db_event_list(f->db, turn, &ev, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_string_equal(ev[0].type, "roll");
	db_event_list_release(ev, n);
	/* One draws log for every game: a Hovercrafts die is a line of it. */
	memset(&d, 0, sizeof(d));
	d.seq = 1;
	snprintf(d.stream, sizeof(d.stream), "hovercrafts");
	d.line = "d6 1 5 1 4 energy energy Minx";
	assert_int_equal(db_draw_add(f->db, turn, &d, err, sizeof(err)), 0);
	assert_int_equal(db_draw_add(f->db, turn, &d, err, sizeof(err)), DB_EXISTS);
	assert_int_equal(db_draw_list(f->db, turn, &draws, &n, err, sizeof(err)), 0);
	assert_int_equal(n, 1);
	assert_string_equal(draws[0].line, "d6 1 5 1 4 energy energy Minx");
	db_draw_list_release(draws, n);
}

static void test_db_rollback_leaves_nothing(void **state)
{
	struct fixture *f = *state;
	struct db_campaign c;
	char err[256];

	assert_int_equal(db_open(&f->db, f->path, err, sizeof(err)), 0);
	assert_int_equal(db_begin(f->db, err, sizeof(err)), 0);
	make_campaign(f->db, "ghost");
	db_rollback(f->db);
	assert_int_equal(db_campaign_get(f->db, "ghost", &c, err, sizeof(err)), DB_NOT_FOUND);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_db_migrate_from_empty, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_migrate_from_every_version, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_migrate_v7_keeps_seats_and_references, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_migrate_v10_seats_result_draws, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_campaign_result_whole, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_refuses_newer_version, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_refuses_foreign_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_campaign_name_unique, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_orders_supersede, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_statement_cache, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_turn_claim_once, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_outbox_unique_key, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_outbox_release_and_requeue_failed, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_db_seat_code_salt, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_events_and_draws, setup, teardown),
		cmocka_unit_test_setup_teardown(test_db_rollback_leaves_nothing, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
