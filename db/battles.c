/*
 * db/battles: the SQL of campaigns in series: battles, the points ledger,
 * removed ships, replaced captains, undone turns (db/battles.h).
 */
#include "battles.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---------- battles ---------- */

#define BATTLE_COLS "id, campaign_id, number, scenario, first_turn, coalesce(last_turn, -1), " \
		    "winner, result, started_at, coalesce(ended_at, '')"

static int battle_fill(sqlite3_stmt *st, void *p)
{
	struct db_battle *b = p;

	b->id = sqlite3_column_int64(st, 0);
	b->campaign_id = sqlite3_column_int64(st, 1);
	b->number = sqlite3_column_int(st, 2);
	db_col_copy(st, 3, b->scenario, sizeof(b->scenario));
	b->first_turn = sqlite3_column_int(st, 4);
	b->last_turn = sqlite3_column_int(st, 5);
	db_col_copy(st, 6, b->winner, sizeof(b->winner));
	db_col_copy(st, 7, b->result, sizeof(b->result));
	db_col_copy(st, 8, b->started_at, sizeof(b->started_at));
	db_col_copy(st, 9, b->ended_at, sizeof(b->ended_at));
	return 0;
}

int db_battle_add(struct db *db, struct db_battle *b, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO battles (campaign_id, number, scenario, first_turn, "
		      "started_at) VALUES (?, ?, ?, ?, ?)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, b->campaign_id);
	sqlite3_bind_int(st, 2, b->number);
	db_bind_text(st, 3, b->scenario);
	sqlite3_bind_int(st, 4, b->first_turn);
	db_bind_text(st, 5, b->started_at);
	rc = db_run(db, st, "adding a battle", err, errlen);
	if (!rc)
		b->id = sqlite3_last_insert_rowid(db_sqlite(db));
	return rc;
}

int db_battle_list(struct db *db, long long campaign_id, struct db_battle **out, size_t *n,
		   char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " BATTLE_COLS " FROM battles WHERE campaign_id = ? "
		      "ORDER BY number", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), battle_fill, NULL,
			  "listing battles", err, errlen);
}

int db_battle_last(struct db *db, long long campaign_id, struct db_battle *b, char *err,
		   size_t errlen)
{
	struct db_battle *list = NULL;
	size_t n = 0;
	int rc = db_battle_list(db, campaign_id, &list, &n, err, errlen);

	if (rc)
		return rc;
	if (!n) {
		free(list);
		return DB_NOT_FOUND;
	}
	*b = list[n - 1];
	free(list);
	return 0;
}

int db_battle_end(struct db *db, const struct db_battle *b, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE battles SET last_turn = ?, winner = ?, result = ?, "
		      "ended_at = ? WHERE id = ?", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int(st, 1, b->last_turn);
	db_bind_text(st, 2, b->winner);
	db_bind_text(st, 3, b->result);
	db_bind_text(st, 4, b->ended_at);
	sqlite3_bind_int64(st, 5, b->id);
	return db_run(db, st, "ending a battle", err, errlen);
}

static int battle_ship_fill(sqlite3_stmt *st, void *p)
{
	struct db_battle_ship *s = p;

	s->battle_id = sqlite3_column_int64(st, 0);
	s->ship_id = sqlite3_column_int64(st, 1);
	s->battle = sqlite3_column_int(st, 2);
	db_col_copy(st, 3, s->status, sizeof(s->status));
	s->kills = sqlite3_column_int(st, 4);
	s->won = sqlite3_column_int(st, 5);
	return 0;
}

int db_battle_ship_set(struct db *db, const struct db_battle_ship *s, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT OR REPLACE INTO battle_ships (battle_id, ship_id, status, "
		      "kills, won) VALUES (?, ?, ?, ?, ?)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, s->battle_id);
	sqlite3_bind_int64(st, 2, s->ship_id);
	db_bind_text(st, 3, s->status);
	sqlite3_bind_int(st, 4, s->kills);
	sqlite3_bind_int(st, 5, s->won);
	return db_run(db, st, "recording a ship's battle", err, errlen);
}

int db_battle_ship_list(struct db *db, long long campaign_id, struct db_battle_ship **out,
			size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT s.battle_id, s.ship_id, b.number, s.status, s.kills, s.won "
		      "FROM battle_ships s JOIN battles b ON b.id = s.battle_id "
		      "WHERE b.campaign_id = ? ORDER BY b.number, s.ship_id", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), battle_ship_fill, NULL,
			  "listing ships' battles", err, errlen);
}

/* ---------- ledger ---------- */

static int ledger_fill(sqlite3_stmt *st, void *p)
{
	struct db_ledger *l = p;

	l->id = sqlite3_column_int64(st, 0);
	l->campaign_id = sqlite3_column_int64(st, 1);
	l->ship_id = sqlite3_column_int64(st, 2);
	l->battle = sqlite3_column_int(st, 3);
	db_col_copy(st, 4, l->kind, sizeof(l->kind));
	l->points = sqlite3_column_int(st, 5);
	db_col_copy(st, 6, l->stat, sizeof(l->stat));
	l->delta = sqlite3_column_int(st, 7);
	db_col_copy(st, 8, l->reason, sizeof(l->reason));
	db_col_copy(st, 9, l->created_at, sizeof(l->created_at));
	db_col_copy(st, 10, l->ship, sizeof(l->ship));
	return 0;
}

int db_ledger_add(struct db *db, struct db_ledger *l, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO ledger (campaign_id, ship_id, battle, kind, points, "
		      "stat, delta, reason, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", err,
		      errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, l->campaign_id);
	sqlite3_bind_int64(st, 2, l->ship_id);
	sqlite3_bind_int(st, 3, l->battle);
	db_bind_text(st, 4, l->kind);
	sqlite3_bind_int(st, 5, l->points);
	db_bind_text(st, 6, l->stat);
	sqlite3_bind_int(st, 7, l->delta);
	db_bind_text(st, 8, l->reason);
	db_bind_text(st, 9, l->created_at);
	rc = db_run(db, st, "writing the ledger", err, errlen);
	if (!rc)
		l->id = sqlite3_last_insert_rowid(db_sqlite(db));
	return rc;
}

int db_ledger_list(struct db *db, long long campaign_id, long long ship_id,
		   struct db_ledger **out, size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT l.id, l.campaign_id, l.ship_id, l.battle, l.kind, l.points, "
		      "l.stat, l.delta, l.reason, l.created_at, s.name FROM ledger l "
		      "JOIN seats s ON s.id = l.ship_id WHERE l.campaign_id = ? "
		      "AND (? = 0 OR l.ship_id = ?) ORDER BY l.id", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	sqlite3_bind_int64(st, 2, ship_id);
	sqlite3_bind_int64(st, 3, ship_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), ledger_fill, NULL,
			  "reading the ledger", err, errlen);
}

/* ---------- ships and captains ---------- */

static int update_one(struct db *db, const char *sql, long long a, const char *text,
		      long long id, const char *what, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, sql, err, errlen);

	if (rc)
		return rc;
	if (text)
		db_bind_text(st, 1, text);
	else
		sqlite3_bind_int64(st, 1, a);
	sqlite3_bind_int64(st, 2, id);
	rc = db_run(db, st, what, err, errlen);
	if (!rc && sqlite3_changes(db_sqlite(db)) != 1)
		rc = DB_NOT_FOUND;
	return rc;
}

int db_seat_remove(struct db *db, long long ship_id, const char *when, char *err,
		   size_t errlen)
{
	return update_one(db, "UPDATE seats SET removed_at = ? WHERE id = ?", 0, when, ship_id,
			  "removing a ship", err, errlen);
}

int db_seat_removed(struct db *db, long long ship_id, int *removed, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT removed_at IS NOT NULL FROM seats WHERE id = ?", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, ship_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*removed = sqlite3_column_int(st, 0);
		rc = 0;
	} else {
		rc = rc == SQLITE_DONE ? DB_NOT_FOUND : db_fail(db, rc, "reading a ship", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_seat_set_captain(struct db *db, long long ship_id, long long captain_id, char *err,
			size_t errlen)
{
	return update_one(db, "UPDATE seats SET captain_id = ? WHERE id = ?", captain_id, NULL,
			  ship_id, "changing a ship's captain", err, errlen);
}

int db_captain_update(struct db *db, const struct db_captain *c, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE captains SET name = ?1, email = ?2, pwhash = ?3, "
		      "pwhash_new = CASE WHEN pwhash = ?3 THEN pwhash_new ELSE '' END WHERE id = ?4",
		      err, errlen);

	if (rc)
		return rc;
	db_bind_text(st, 1, c->name);
	db_bind_text(st, 2, c->email);
	db_bind_text(st, 3, c->pwhash);
	sqlite3_bind_int64(st, 4, c->id);
	return db_run(db, st, "replacing a captain", err, errlen);
}

/* ---------- undo ---------- */

int db_turn_set_before(struct db *db, long long turn_id, const char *state_before, char *err,
		       size_t errlen)
{
	return update_one(db, "UPDATE turns SET state_before = ? WHERE id = ?", 0, state_before,
			  turn_id, "restoring a turn's state", err, errlen);
}

int db_order_void(struct db *db, long long turn_id, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE orders SET current = 0 WHERE turn_id = ?", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	return db_run(db, st, "setting orders aside", err, errlen);
}

int db_order_copy(struct db *db, long long from, long long to, const char *skip, char *err,
		  size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO orders (turn_id, ship_id, captain_id, raw, understood, "
		      "digest, received_at, reading) SELECT ?1, ship_id, captain_id, raw, understood, "
		      "digest, received_at, reading FROM orders WHERE turn_id = ?2 AND current = 1 AND "
		      "(?3 = '' OR substr(understood, 1, length(?3)) <> ?3) ORDER BY id", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, to);
	sqlite3_bind_int64(st, 2, from);
	db_bind_text(st, 3, skip ? skip : "");
	return db_run(db, st, "carrying orders over", err, errlen);
}

int db_undo_add(struct db *db, long long campaign_id, long long turn_id, int redo_turn,
		const char *reason, const char *when, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO undos (campaign_id, turn_id, redo_turn, reason, "
		      "undone_at) VALUES (?, ?, ?, ?, ?)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	sqlite3_bind_int64(st, 2, turn_id);
	sqlite3_bind_int(st, 3, redo_turn);
	db_bind_text(st, 4, reason ? reason : "");
	db_bind_text(st, 5, when);
	return db_run(db, st, "recording an undo", err, errlen);
}

int db_turn_undone(struct db *db, long long turn_id, int *undone, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT count(*) FROM undos WHERE turn_id = ?", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*undone = sqlite3_column_int(st, 0) > 0;
		rc = 0;
	} else {
		rc = db_fail(db, rc, "reading undos", err, errlen);
	}
	db_done(db, st);
	return rc;
}
