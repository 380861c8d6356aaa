/*
 * db: opening and migrating the database, and the SQL of campaigns,
 * captains, ships, turns, orders and the outbox (db/db.h).
 */
#include "db.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"
#include "schema.h"

/*
 * Prepared statements are kept for the next db_prep() of the same SQL:
 * preparing (parsing, planning) cost more than running them, 40% of a
 * `receive --maildir` batch. A slot is busy between db_prep and db_done.
 */
#define STMT_CACHE 64

struct stmt_slot {
	char *sql;
	sqlite3_stmt *st;
	int busy;
};

struct db {
	sqlite3 *h;
	char *path;
	int in_tx;
	struct stmt_slot cache[STMT_CACHE];
	size_t ncache;
};

/* ---------- helpers ---------- */

static int fail(struct db *db, int rc, const char *what, char *err, size_t errlen)
{
	int code = (rc & 0xff);

	if (code == SQLITE_BUSY || code == SQLITE_LOCKED) {
		snprintf(err, errlen, "%s: database is busy (another mxjudge is writing); try again",
			 db && db->path ? db->path : "database");
		return DB_BUSY;
	}
	/* Faults a retry mends once the game master has seen to them: exit 75, nothing lost. */
	if (code == SQLITE_FULL || code == SQLITE_READONLY || code == SQLITE_CANTOPEN) {
		snprintf(err, errlen, "%s: %s: %s; nothing was changed, try again once that is fixed",
			 db && db->path ? db->path : "database", what,
			 code == SQLITE_FULL ? "the disk is full (or the database reached its size limit)"
			 : code == SQLITE_READONLY ? "the database is read-only (check the permissions "
			 "of the file and of its directory)"
			 : "cannot open the database file (check that its directory is writable)");
		return DB_BUSY;
	}
	snprintf(err, errlen, "%s: %s: %s", db && db->path ? db->path : "database", what,
		 db && db->h ? sqlite3_errmsg(db->h) : sqlite3_errstr(rc));
	return DB_ERROR;
}

int db_prep(struct db *db, sqlite3_stmt **st, const char *sql, char *err, size_t errlen)
{
	struct stmt_slot *slot = NULL;
	size_t i;
	int rc;

	for (i = 0; i < db->ncache; i++) {
		if (!db->cache[i].busy && !strcmp(db->cache[i].sql, sql)) {
			db->cache[i].busy = 1;
			*st = db->cache[i].st;
			return 0;
		}
	}
	if (db->ncache < STMT_CACHE && (db->cache[db->ncache].sql = strdup(sql)))
		slot = &db->cache[db->ncache];
	rc = sqlite3_prepare_v3(db->h, sql, -1, slot ? SQLITE_PREPARE_PERSISTENT : 0, st, NULL);
	if (rc != SQLITE_OK) {
		*st = NULL;
		if (slot)
			free(slot->sql);
		return fail(db, rc, "preparing a statement", err, errlen);
	}
	if (slot) {
		slot->st = *st;
		slot->busy = 1;
		db->ncache++;
	}
	return 0;
}

void db_done(struct db *db, sqlite3_stmt *st)
{
	size_t i;

	if (!st)
		return;
	for (i = 0; i < db->ncache; i++) {
		if (db->cache[i].st == st) {
			/* Reset: no read transaction is left open by a half-read query. */
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			db->cache[i].busy = 0;
			return;
		}
	}
	sqlite3_finalize(st);
}

/* NULL binds SQL NULL, "" binds "". */
int db_bind_text(sqlite3_stmt *st, int i, const char *s)
{
	return s ? sqlite3_bind_text(st, i, s, -1, SQLITE_TRANSIENT) : sqlite3_bind_null(st, i);
}

/* Empty text binds NULL: optional times are "" in structs, NULL in SQL. */
static int bind_opt(sqlite3_stmt *st, int i, const char *s)
{
	return db_bind_text(st, i, s && *s ? s : NULL);
}

void db_col_copy(sqlite3_stmt *st, int i, char *buf, size_t len)
{
	const unsigned char *t = sqlite3_column_text(st, i);

	snprintf(buf, len, "%s", t ? (const char *)t : "");
}

/* A malloc'd copy, NULL for SQL NULL; *oom is set when memory ran out. */
static char *col_dup(sqlite3_stmt *st, int i, int *oom)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	char *r;

	if (!t)
		return NULL;
	r = strdup((const char *)t);
	if (!r)
		*oom = 1;
	return r;
}

/* Steps a statement that returns no rows; finalizes it. */
int db_run(struct db *db, sqlite3_stmt *st, const char *what, char *err, size_t errlen)
{
	int rc = sqlite3_step(st), ret = 0;

	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		if ((rc & 0xff) == SQLITE_CONSTRAINT &&
		    (sqlite3_extended_errcode(db->h) == SQLITE_CONSTRAINT_UNIQUE ||
		     sqlite3_extended_errcode(db->h) == SQLITE_CONSTRAINT_PRIMARYKEY))
			ret = DB_EXISTS;
		else
			ret = fail(db, rc, what, err, errlen);
	}
	db_done(db, st);
	return ret;
}

/* Runs a fixed statement with no parameters. */
static int exec1(struct db *db, const char *sql, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, sql, err, errlen);

	if (rc)
		return rc;
	return db_run(db, st, sql, err, errlen);
}

/* Runs a script of several statements, each prepared in turn. */
static int exec_script(struct db *db, const char *sql, char *err, size_t errlen)
{
	const char *tail = sql;
	sqlite3_stmt *st;
	int rc;

	while (tail && *tail) {
		rc = sqlite3_prepare_v2(db->h, tail, -1, &st, &tail);
		if (rc != SQLITE_OK)
			return fail(db, rc, "migrating", err, errlen);
		if (!st)	/* trailing whitespace */
			break;
		rc = db_run(db, st, "migrating", err, errlen);
		if (rc)
			return rc == DB_EXISTS ? DB_ERROR : rc;
	}
	return 0;
}

static int pragma_int(struct db *db, const char *sql, int *out, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, sql, err, errlen);

	if (rc)
		return rc;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*out = sqlite3_column_int(st, 0);
		rc = 0;
	} else {
		rc = fail(db, rc, sql, err, errlen);
	}
	db_done(db, st);
	return rc;
}

/* Creates the directories above path (0700): the default lives under XDG. */
static int make_parents(const char *path, char *err, size_t errlen)
{
	char *dir = strdup(path), *p;
	int ret = 0;

	if (!dir) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	p = strrchr(dir, '/');
	if (!p || p == dir)
		goto out;
	*p = '\0';
	for (p = dir + 1; ; p++) {
		if (*p == '/' || !*p) {
			char c = *p;

			*p = '\0';
			if (mkdir(dir, 0700) && errno != EEXIST) {
				snprintf(err, errlen, "%s: cannot create directory: %s", dir,
					 strerror(errno));
				ret = DB_ERROR;
				goto out;
			}
			*p = c;
			if (!c)
				break;
		}
	}
out:
	free(dir);
	return ret;
}

/* ---------- open, migrate, transactions ---------- */

/* Refuses files that are not ours, or from a newer mxjudge; *version out. */
static int identify(struct db *db, int *version, char *err, size_t errlen)
{
	int app = 0, tables = 0, rc;

	if ((rc = pragma_int(db, "PRAGMA user_version", version, err, errlen)) ||
	    (rc = pragma_int(db, "PRAGMA application_id", &app, err, errlen)) ||
	    (rc = pragma_int(db, "SELECT count(*) FROM sqlite_master", &tables, err, errlen)))
		return rc;
	if ((app && app != DB_APPLICATION_ID) || (!app && tables)) {
		snprintf(err, errlen, "%s: not an mxjudge database", db->path);
		return DB_ERROR;
	}
	if (*version > DB_SCHEMA_VERSION) {
		snprintf(err, errlen,
			 "%s: database schema version %d is newer than this mxjudge knows (%d); "
			 "use a newer mxjudge", db->path, *version, DB_SCHEMA_VERSION);
		return DB_ERROR;
	}
	return 0;
}

/* 0 when every foreign key holds; else DB_ERROR naming the first table at fault. */
static int foreign_keys_hold(struct db *db, char *err, size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int rc = db_prep(db, &st, "PRAGMA foreign_key_check", err, errlen);

	if (rc)
		return rc;
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		snprintf(err, errlen, "%s: the migration broke a reference of table %s", db->path,
			 (const char *)sqlite3_column_text(st, 0));
		rc = DB_ERROR;
	} else if (rc == SQLITE_DONE) {
		rc = 0;
	} else {
		rc = fail(db, rc, "cannot check foreign keys", err, errlen);
	}
	db_done(db, st);
	return rc;
}

static int migrate(struct db *db, int target, char *err, size_t errlen)
{
	int version = 0, rc;

	/* Up to date (the usual case): no write lock, so readers work on a read-only file. */
	if ((rc = identify(db, &version, err, errlen)))
		return rc;
	if (version >= target)
		return 0;
	/*
	 * A step may rebuild a table others refer to (v7): foreign keys off
	 * for the migration (a no-op inside a transaction, so first), checked
	 * as a whole before the commit.
	 */
	if ((rc = exec1(db, "PRAGMA foreign_keys = OFF", err, errlen)))
		return rc;
	rc = db_begin(db, err, errlen);
	if (rc)
		goto fk_on;
	/* Read again inside the write lock: two first runs must not both migrate. */
	if ((rc = identify(db, &version, err, errlen)))
		goto fail;
	if (version >= target) {
		db_rollback(db);
		goto fk_on;
	}
	if (!version) {
		char sql[64];

		snprintf(sql, sizeof(sql), "PRAGMA application_id = %d", DB_APPLICATION_ID);
		if ((rc = exec1(db, sql, err, errlen)))
			goto fail;
	}
	for (; version < target; version++) {
		char sql[64];

		rc = exec_script(db, db_migrations[version], err, errlen);
		if (rc)
			goto fail;
		/* PRAGMA takes no parameters; the number is ours, not input. */
		snprintf(sql, sizeof(sql), "PRAGMA user_version = %d", version + 1);
		rc = exec1(db, sql, err, errlen);
		if (rc)
			goto fail;
	}
	if ((rc = foreign_keys_hold(db, err, errlen)))
		goto fail;
	rc = db_commit(db, err, errlen);
	goto fk_on;
fail:
	db_rollback(db);
fk_on:
	{
		char err2[256];
		int rc2 = exec1(db, "PRAGMA foreign_keys = ON", err2, sizeof(err2));

		if (!rc && rc2) {
			snprintf(err, errlen, "%s", err2);
			rc = rc2;
		}
	}
	return rc;
}

int db_open_version(struct db **out, const char *path, int version, char *err, size_t errlen)
{
	struct db *db;
	int rc, ok;
	sqlite3_stmt *st = NULL;
	const char *max_pages = getenv("MXJUDGE_MAX_PAGES");
	mode_t old_mask;

	*out = NULL;
	/* Private: the file, its -wal and -shm 0600, directories made here 0700. */
	old_mask = umask(077);
	db = calloc(1, sizeof(*db));
	if (!db || !(db->path = strdup(path))) {
		free(db);
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	rc = make_parents(path, err, errlen);
	if (rc)
		goto fail;
	rc = sqlite3_open_v2(path, &db->h, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		rc = fail(db, rc, "cannot open", err, errlen);
		goto fail;
	}
	sqlite3_extended_result_codes(db->h, 1);
	sqlite3_busy_timeout(db->h, DB_BUSY_TIMEOUT_MS);
	if ((rc = exec1(db, "PRAGMA foreign_keys = ON", err, errlen)))
		goto fail;
	/* Before WAL mode changes the file: never touch someone else's. */
	if ((rc = identify(db, &ok, err, errlen)))
		goto fail;
	/* WAL: readers (turn show) never block the cron's writer. */
	if ((rc = db_prep(db, &st, "PRAGMA journal_mode = WAL", err, errlen)))
		goto fail;
	rc = sqlite3_step(st);
	ok = rc == SQLITE_ROW && sqlite3_column_text(st, 0) &&
	     !strcmp((const char *)sqlite3_column_text(st, 0), "wal");
	if (rc != SQLITE_ROW) {
		rc = fail(db, rc, "setting WAL mode", err, errlen);
		goto fail;
	}
	if (!ok) {
		snprintf(err, errlen, "%s: cannot use WAL mode", path);
		rc = DB_ERROR;
		goto fail;
	}
	db_done(db, st);
	st = NULL;
	/*
	 * NORMAL: a commit survives a crash of the process at once, and of the
	 * machine from the next checkpoint (db_close() makes one when it is the
	 * last connection) or db_sync(), which what tells the outside "done"
	 * calls first.
	 */
	if ((rc = exec1(db, "PRAGMA synchronous = NORMAL", err, errlen)))
		goto fail;
	/* A redacted mail or a pruned one leaves no copy in free pages (nor in backups). */
	if ((rc = exec1(db, "PRAGMA secure_delete = ON", err, errlen)))
		goto fail;
	/* For the fault tests: a size limit stands in for a full disk. */
	if (max_pages && *max_pages) {
		char sql[64];
		long n = strtol(max_pages, NULL, 10);

		snprintf(sql, sizeof(sql), "PRAGMA max_page_count = %ld", n > 0 ? n : 1);
		if ((rc = db_prep(db, &st, sql, err, errlen)))
			goto fail;
		sqlite3_step(st);
		db_done(db, st);
		st = NULL;
	}
	rc = migrate(db, version, err, errlen);
	if (rc)
		goto fail;
	umask(old_mask);
	*out = db;
	return 0;
fail:
	umask(old_mask);
	db_done(db, st);
	db_close(db);
	return rc ? rc : DB_ERROR;
}

int db_open(struct db **out, const char *path, char *err, size_t errlen)
{
	return db_open_version(out, path, DB_SCHEMA_VERSION, err, errlen);
}

int db_open_existing(struct db **out, const char *path, char *err, size_t errlen)
{
	struct stat sb;

	*out = NULL;
	if (stat(path, &sb) && errno == ENOENT) {
		snprintf(err, errlen, "no database at %s", path);
		return DB_NOT_FOUND;
	}
	return db_open(out, path, err, errlen);
}

void db_close(struct db *db)
{
	if (!db)
		return;
	if (db->in_tx)
		db_rollback(db);
	while (db->ncache) {
		db->ncache--;
		sqlite3_finalize(db->cache[db->ncache].st);
		free(db->cache[db->ncache].sql);
	}
	sqlite3_close(db->h);
	free(db->path);
	free(db);
}

int db_sync(struct db *db, char *err, size_t errlen)
{
	sqlite3_file *log = NULL;
	int rc = sqlite3_file_control(db->h, "main", SQLITE_FCNTL_JOURNAL_POINTER, &log);

	/* No log open: nothing was written, nothing to make durable. */
	if (rc == SQLITE_OK && log && log->pMethods)
		rc = log->pMethods->xSync(log, SQLITE_SYNC_NORMAL);
	return rc == SQLITE_OK ? 0 : fail(db, rc, "making the commits durable", err, errlen);
}

const char *db_path(const struct db *db)
{
	return db->path;
}

int db_schema_version(struct db *db)
{
	int v = -1;
	char err[128];

	if (pragma_int(db, "PRAGMA user_version", &v, err, sizeof(err)))
		return -1;
	return v;
}

int db_begin(struct db *db, char *err, size_t errlen)
{
	int rc = exec1(db, "BEGIN IMMEDIATE", err, errlen);

	if (!rc)
		db->in_tx = 1;
	return rc;
}

int db_commit(struct db *db, char *err, size_t errlen)
{
	int rc = exec1(db, "COMMIT", err, errlen);

	if (rc) {
		db_rollback(db);
		return rc;
	}
	db->in_tx = 0;
	return 0;
}

void db_rollback(struct db *db)
{
	char err[128];

	if (db && db->h && !sqlite3_get_autocommit(db->h))
		exec1(db, "ROLLBACK", err, sizeof(err));
	if (db)
		db->in_tx = 0;
}

/* Grows a list by one zeroed record; NULL on failure. */
static void *db_grow(void **arr, size_t *n, size_t *alloc, size_t size)
{
	void *p;

	if (*n == *alloc) {
		size_t na = *alloc ? *alloc * 2 : 8;

		p = realloc(*arr, na * size);
		if (!p)
			return NULL;
		*arr = p;
		*alloc = na;
	}
	p = (char *)*arr + *n * size;
	memset(p, 0, size);
	(*n)++;
	return p;
}

int db_collect(struct db *db, sqlite3_stmt *st, void **out, size_t *n, size_t size,
	       int (*fill)(sqlite3_stmt *st, void *rec), void (*release)(void *list, size_t n),
	       const char *what, char *err, size_t errlen)
{
	size_t alloc = 0;
	void *rec;
	int rc;

	*out = NULL;
	*n = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (!(rec = db_grow(out, n, &alloc, size)) || fill(st, rec)) {
			rc = SQLITE_NOMEM;
			break;
		}
	}
	rc = rc == SQLITE_DONE ? 0 : fail(db, rc, what, err, errlen);
	db_done(db, st);
	if (rc) {
		if (release)
			release(*out, *n);
		else
			free(*out);
		*out = NULL;
		*n = 0;
	}
	return rc;
}

/* ---------- campaigns ---------- */

#define CAMPAIGN_COLS "id, name, ruleset, status, turn, result, created_at, paused_at, settings"

static int campaign_row(sqlite3_stmt *st, void *rec)
{
	struct db_campaign *c = rec;
	int oom = 0;

	c->id = sqlite3_column_int64(st, 0);
	db_col_copy(st, 1, c->name, sizeof(c->name));
	db_col_copy(st, 2, c->ruleset, sizeof(c->ruleset));
	db_col_copy(st, 3, c->status, sizeof(c->status));
	c->turn = sqlite3_column_int(st, 4);
	c->result = col_dup(st, 5, &oom);
	db_col_copy(st, 6, c->created_at, sizeof(c->created_at));
	db_col_copy(st, 7, c->paused_at, sizeof(c->paused_at));
	c->settings = col_dup(st, 8, &oom);
	return oom ? -1 : 0;
}

void db_campaign_release(struct db_campaign *c)
{
	if (!c)
		return;
	free(c->settings);
	c->settings = NULL;
	free(c->result);
	c->result = NULL;
}

int db_campaign_set_result(struct db_campaign *c, const char *result)
{
	char *copy = strdup(result ? result : "");

	if (!copy)
		return -1;
	free(c->result);
	c->result = copy;
	return 0;
}

int db_campaign_create(struct db *db, struct db_campaign *c, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO campaigns (name, ruleset, status, turn, created_at, "
			  "settings) VALUES (?1, ?2, 'open', 0, ?3, ?4)", err, errlen);

	if (rc)
		return rc;
	db_bind_text(st, 1, c->name);
	db_bind_text(st, 2, c->ruleset);
	db_bind_text(st, 3, c->created_at);
	db_bind_text(st, 4, c->settings ? c->settings : "{}");
	rc = db_run(db, st, "creating a campaign", err, errlen);
	if (!rc) {
		c->id = sqlite3_last_insert_rowid(db->h);
		snprintf(c->status, sizeof(c->status), "open");
		c->turn = 0;
	}
	return rc;
}

int db_campaign_get(struct db *db, const char *name, struct db_campaign *c, char *err,
		    size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " CAMPAIGN_COLS " FROM campaigns WHERE name = ?1",
		      err, errlen);

	memset(c, 0, sizeof(*c));
	if (rc)
		return rc;
	db_bind_text(st, 1, name);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		rc = campaign_row(st, c) ? fail(db, SQLITE_NOMEM, "reading", err, errlen) : 0;
	} else if (rc == SQLITE_DONE) {
		rc = DB_NOT_FOUND;
	} else {
		rc = fail(db, rc, "reading a campaign", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_campaign_update(struct db *db, const struct db_campaign *c, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE campaigns SET status = ?2, turn = ?3, result = ?4, "
			  "paused_at = ?5, settings = ?6 WHERE id = ?1", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, c->id);
	db_bind_text(st, 2, c->status);
	sqlite3_bind_int(st, 3, c->turn);
	db_bind_text(st, 4, c->result ? c->result : "");
	db_bind_text(st, 5, c->paused_at);
	db_bind_text(st, 6, c->settings ? c->settings : "{}");
	return db_run(db, st, "updating a campaign", err, errlen);
}

static void campaign_list_free(void *list, size_t n)
{
	db_campaign_list_release(list, n);
}

int db_campaign_list(struct db *db, struct db_campaign **out, size_t *n, char *err,
		     size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " CAMPAIGN_COLS " FROM campaigns ORDER BY name", err,
		      errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	return db_collect(db, st, (void **)out, n, sizeof(**out), campaign_row, campaign_list_free,
			  "listing campaigns", err, errlen);
}

void db_campaign_list_release(struct db_campaign *list, size_t n)
{
	size_t i;

	for (i = 0; list && i < n; i++)
		db_campaign_release(&list[i]);
	free(list);
}

/* ---------- captains ---------- */

#define CAPTAIN_COLS "id, campaign_id, name, email, pwhash, joined_at, pwhash_new"

static int captain_row(sqlite3_stmt *st, void *rec)
{
	struct db_captain *c = rec;

	c->id = sqlite3_column_int64(st, 0);
	c->campaign_id = sqlite3_column_int64(st, 1);
	db_col_copy(st, 2, c->name, sizeof(c->name));
	db_col_copy(st, 3, c->email, sizeof(c->email));
	db_col_copy(st, 4, c->pwhash, sizeof(c->pwhash));
	db_col_copy(st, 5, c->joined_at, sizeof(c->joined_at));
	db_col_copy(st, 6, c->pwhash_new, sizeof(c->pwhash_new));
	return 0;
}

int db_captain_add(struct db *db, struct db_captain *c, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO captains (campaign_id, name, email, pwhash, joined_at) "
			  "VALUES (?1, ?2, ?3, ?4, ?5)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, c->campaign_id);
	db_bind_text(st, 2, c->name);
	db_bind_text(st, 3, c->email);
	db_bind_text(st, 4, c->pwhash);
	db_bind_text(st, 5, c->joined_at);
	rc = db_run(db, st, "adding a captain", err, errlen);
	if (!rc)
		c->id = sqlite3_last_insert_rowid(db->h);
	return rc;
}

static int captain_one(struct db *db, sqlite3_stmt *st, struct db_captain *c, char *err,
		       size_t errlen)
{
	int rc = sqlite3_step(st);

	if (rc == SQLITE_ROW) {
		captain_row(st, c);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = DB_NOT_FOUND;
	} else {
		rc = fail(db, rc, "reading a captain", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_captain_get(struct db *db, long long campaign_id, const char *name,
		   struct db_captain *c, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " CAPTAIN_COLS " FROM captains "
			  "WHERE campaign_id = ?1 AND name = ?2", err, errlen);

	memset(c, 0, sizeof(*c));
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, name);
	return captain_one(db, st, c, err, errlen);
}

int db_captain_get_id(struct db *db, long long id, struct db_captain *c, char *err,
		      size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " CAPTAIN_COLS " FROM captains WHERE id = ?1", err,
		      errlen);

	memset(c, 0, sizeof(*c));
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	return captain_one(db, st, c, err, errlen);
}

int db_captain_find_email(struct db *db, const char *email, struct db_captain **out,
			  size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " CAPTAIN_COLS " FROM captains WHERE lower(email) = "
			  "lower(?1) OR id IN (SELECT captain_id FROM captain_addresses WHERE email = ?1) "
			  "ORDER BY campaign_id DESC, id", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_text(st, 1, email, -1, SQLITE_TRANSIENT);
	return db_collect(db, st, (void **)out, n, sizeof(**out), captain_row, NULL,
			  "finding captains", err, errlen);
}

int db_captain_list(struct db *db, long long campaign_id, struct db_captain **out,
		    size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " CAPTAIN_COLS " FROM captains WHERE campaign_id = ?1 "
			  "ORDER BY id", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), captain_row, NULL,
			  "listing captains", err, errlen);
}

/* ---------- seats ---------- */

#define SHIP_COLS "s.id, s.campaign_id, s.captain_id, s.name, s.side, " \
	"c.name, c.email FROM seats s JOIN captains c ON c.id = s.captain_id"

static int ship_row(sqlite3_stmt *st, void *rec)
{
	struct db_seat *s = rec;

	s->id = sqlite3_column_int64(st, 0);
	s->campaign_id = sqlite3_column_int64(st, 1);
	s->captain_id = sqlite3_column_int64(st, 2);
	db_col_copy(st, 3, s->name, sizeof(s->name));
	db_col_copy(st, 4, s->team, sizeof(s->team));
	db_col_copy(st, 5, s->captain, sizeof(s->captain));
	db_col_copy(st, 6, s->email, sizeof(s->email));
	return 0;
}

int db_seat_add(struct db *db, struct db_seat *s, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO seats (campaign_id, captain_id, name, side) "
			  "VALUES (?1, ?2, ?3, ?4)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, s->campaign_id);
	sqlite3_bind_int64(st, 2, s->captain_id);
	db_bind_text(st, 3, s->name);
	db_bind_text(st, 4, s->team);
	rc = db_run(db, st, "adding a seat", err, errlen);
	if (!rc)
		s->id = sqlite3_last_insert_rowid(db->h);
	return rc;
}

int db_seat_get(struct db *db, long long campaign_id, const char *name, struct db_seat *s,
		char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " SHIP_COLS " WHERE s.campaign_id = ?1 AND s.name = ?2",
		      err, errlen);

	memset(s, 0, sizeof(*s));
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, name);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		ship_row(st, s);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = DB_NOT_FOUND;
	} else {
		rc = fail(db, rc, "reading a seat", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_seat_data_get(struct db *db, long long ship_id, char **json, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT data FROM seats WHERE id = ?1", err, errlen), oom = 0;

	*json = NULL;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, ship_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*json = col_dup(st, 0, &oom);
		rc = oom ? fail(db, SQLITE_NOMEM, "reading a seat's data", err, errlen) : 0;
	} else if (rc == SQLITE_DONE) {
		rc = DB_NOT_FOUND;
	} else {
		rc = fail(db, rc, "reading a seat's data", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_seat_data_set(struct db *db, long long ship_id, const char *json, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE seats SET data = ?2 WHERE id = ?1", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, ship_id);
	db_bind_text(st, 2, json);
	rc = sqlite3_step(st);
	rc = rc == SQLITE_DONE ? (sqlite3_changes(db->h) ? 0 : DB_NOT_FOUND)
			       : fail(db, rc, "writing a seat's data", err, errlen);
	db_done(db, st);
	return rc;
}

int db_seat_list(struct db *db, long long campaign_id, struct db_seat **out, size_t *n,
		 char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " SHIP_COLS " WHERE s.campaign_id = ?1 ORDER BY s.id",
		      err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), ship_row, NULL,
			  "listing seats", err, errlen);
}

/* ---------- turns ---------- */

static int turn_row(sqlite3_stmt *st, struct db_turn *t, int with_states)
{
	int oom = 0;

	t->id = sqlite3_column_int64(st, 0);
	t->campaign_id = sqlite3_column_int64(st, 1);
	t->number = sqlite3_column_int(st, 2);
	db_col_copy(st, 3, t->seed, sizeof(t->seed));
	db_col_copy(st, 4, t->opened_at, sizeof(t->opened_at));
	db_col_copy(st, 5, t->deadline, sizeof(t->deadline));
	db_col_copy(st, 6, t->resolved_at, sizeof(t->resolved_at));
	t->rules_version = sqlite3_column_int(st, 7);
	if (with_states) {
		t->state_before = col_dup(st, 8, &oom);
		t->state_after = col_dup(st, 9, &oom);
	}
	return oom ? -1 : 0;
}

void db_turn_release(struct db_turn *t)
{
	if (!t)
		return;
	free(t->state_before);
	free(t->state_after);
	t->state_before = t->state_after = NULL;
}

int db_turn_add(struct db *db, struct db_turn *t, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO turns (campaign_id, number, seed, opened_at, deadline, "
			  "resolved_at, state_before, state_after, rules_version) VALUES (?1, ?2, ?3, "
			  "?4, ?5, ?6, ?7, ?8, ?9)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, t->campaign_id);
	sqlite3_bind_int(st, 2, t->number);
	db_bind_text(st, 3, t->seed);
	db_bind_text(st, 4, t->opened_at);
	db_bind_text(st, 5, t->deadline);
	bind_opt(st, 6, t->resolved_at);
	db_bind_text(st, 7, t->state_before);
	db_bind_text(st, 8, t->state_after);
	sqlite3_bind_int(st, 9, t->rules_version > 0 ? t->rules_version : 1);
	rc = db_run(db, st, "adding a turn", err, errlen);
	if (!rc)
		t->id = sqlite3_last_insert_rowid(db->h);
	return rc;
}

int db_turn_get(struct db *db, long long campaign_id, int number, struct db_turn *t,
		char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT id, campaign_id, number, seed, opened_at, deadline, "
			  "resolved_at, rules_version, state_before, state_after FROM turns "
			  "WHERE campaign_id = ?1 AND number = ?2", err, errlen);

	memset(t, 0, sizeof(*t));
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	sqlite3_bind_int(st, 2, number);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		if (turn_row(st, t, 1)) {
			db_turn_release(t);
			rc = fail(db, SQLITE_NOMEM, "reading a turn", err, errlen);
		} else {
			rc = 0;
		}
	} else if (rc == SQLITE_DONE) {
		rc = DB_NOT_FOUND;
	} else {
		rc = fail(db, rc, "reading a turn", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_turn_claim(struct db *db, long long turn_id, const char *when, char *err,
		  size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE turns SET resolved_at = ?2 "
			  "WHERE id = ?1 AND resolved_at IS NULL", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	db_bind_text(st, 2, when);
	rc = db_run(db, st, "claiming a turn", err, errlen);
	if (rc)
		return rc;
	return sqlite3_changes(db->h) == 1 ? 0 : DB_ALREADY;
}

int db_turn_set_after(struct db *db, long long turn_id, const char *state_after, char *err,
		      size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE turns SET state_after = ?2 WHERE id = ?1", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	db_bind_text(st, 2, state_after);
	return db_run(db, st, "storing a turn's result", err, errlen);
}

int db_turn_set_rules_version(struct db *db, long long turn_id, int version, char *err,
			      size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE turns SET rules_version = ?2 WHERE id = ?1", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	sqlite3_bind_int(st, 2, version);
	return db_run(db, st, "storing a turn's rules version", err, errlen);
}

int db_turn_set_deadline(struct db *db, long long turn_id, const char *deadline, char *err,
			 size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE turns SET deadline = ?2 WHERE id = ?1", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	db_bind_text(st, 2, deadline);
	return db_run(db, st, "setting a deadline", err, errlen);
}

static int turn_fill(sqlite3_stmt *st, void *rec)
{
	return turn_row(st, rec, 0);
}

static void turn_list_free(void *list, size_t n)
{
	db_turn_list_release(list, n);
}

int db_turn_list(struct db *db, long long campaign_id, struct db_turn **out, size_t *n,
		 char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT id, campaign_id, number, seed, opened_at, deadline, "
			  "resolved_at, rules_version FROM turns WHERE campaign_id = ?1 ORDER BY number", err,
		      errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), turn_fill, turn_list_free,
			  "listing turns", err, errlen);
}

void db_turn_list_release(struct db_turn *list, size_t n)
{
	size_t i;

	for (i = 0; list && i < n; i++)
		db_turn_release(&list[i]);
	free(list);
}

/* ---------- orders ---------- */

int db_order_submit(struct db *db, struct db_order *o, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	long long old = 0;
	int rc;

	/* The earlier current submission, if any, is kept but superseded. */
	rc = db_prep(db, &st, "SELECT id FROM orders WHERE turn_id = ?1 AND ship_id = ?2 "
		  "AND current = 1", err, errlen);
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, o->turn_id);
	sqlite3_bind_int64(st, 2, o->ship_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		old = sqlite3_column_int64(st, 0);
	else if (rc != SQLITE_DONE) {
		rc = fail(db, rc, "reading orders", err, errlen);
		db_done(db, st);
		return rc;
	}
	db_done(db, st);
	if (old) {
		rc = db_prep(db, &st, "UPDATE orders SET current = 0 WHERE id = ?1", err, errlen);
		if (rc)
			return rc;
		sqlite3_bind_int64(st, 1, old);
		if ((rc = db_run(db, st, "superseding orders", err, errlen)))
			return rc;
	}
	rc = db_prep(db, &st, "INSERT INTO orders (turn_id, ship_id, captain_id, raw, understood, "
		  "digest, received_at, current, reading, written_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, "
		  "?7, 1, ?8, nullif(?9, ''))", err, errlen);
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, o->turn_id);
	sqlite3_bind_int64(st, 2, o->ship_id);
	sqlite3_bind_int64(st, 3, o->captain_id);
	db_bind_text(st, 4, o->raw);
	db_bind_text(st, 5, o->understood ? o->understood : "");
	db_bind_text(st, 6, o->digest);
	db_bind_text(st, 7, o->received_at);
	db_bind_text(st, 8, o->reading);
	db_bind_text(st, 9, o->written_at);
	if ((rc = db_run(db, st, "storing orders", err, errlen)))
		return rc;
	o->id = sqlite3_last_insert_rowid(db->h);
	o->current = 1;
	o->superseded_by = 0;
	if (old) {
		rc = db_prep(db, &st, "UPDATE orders SET superseded_by = ?2 WHERE id = ?1", err, errlen);
		if (rc)
			return rc;
		sqlite3_bind_int64(st, 1, old);
		sqlite3_bind_int64(st, 2, o->id);
		rc = db_run(db, st, "superseding orders", err, errlen);
	}
	return rc;
}

static int order_row(sqlite3_stmt *st, void *rec)
{
	struct db_order *o = rec;
	int oom = 0;

	o->id = sqlite3_column_int64(st, 0);
	o->turn_id = sqlite3_column_int64(st, 1);
	o->ship_id = sqlite3_column_int64(st, 2);
	o->captain_id = sqlite3_column_int64(st, 3);
	db_col_copy(st, 4, o->ship, sizeof(o->ship));
	db_col_copy(st, 5, o->digest, sizeof(o->digest));
	db_col_copy(st, 6, o->received_at, sizeof(o->received_at));
	o->current = sqlite3_column_int(st, 7);
	o->superseded_by = sqlite3_column_int64(st, 8);
	o->raw = col_dup(st, 9, &oom);
	o->understood = col_dup(st, 10, &oom);
	o->reading = col_dup(st, 11, &oom);
	db_col_copy(st, 12, o->written_at, sizeof(o->written_at));
	return oom ? -1 : 0;
}

static void order_list_free(void *list, size_t n)
{
	db_order_list_release(list, n);
}

int db_order_list(struct db *db, long long turn_id, int current_only, struct db_order **out,
		  size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
#define ORDER_COLUMNS                                                                        \
	"SELECT o.id, o.turn_id, o.ship_id, o.captain_id, s.name, o.digest, o.received_at, " \
	"o.current, o.superseded_by, o.raw, o.understood, o.reading, o.written_at FROM orders o "
	/*
	 * The current orders through their own partial index: one row a ship,
	 * however often captains sent orders again (SQLite, without ANALYZE
	 * figures, would walk every order of the turn).
	 */
	int rc = db_prep(db, &st, current_only
			 ? ORDER_COLUMNS "INDEXED BY orders_current JOIN seats s ON s.id = o.ship_id "
			   "WHERE o.turn_id = ?1 AND o.current = 1 ORDER BY o.ship_id"
			 : ORDER_COLUMNS "JOIN seats s ON s.id = o.ship_id WHERE o.turn_id = ?1 "
			   "ORDER BY o.ship_id, o.id", err, errlen);
#undef ORDER_COLUMNS

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), order_row, order_list_free,
			  "listing orders", err, errlen);
}

void db_order_list_release(struct db_order *list, size_t n)
{
	size_t i;

	for (i = 0; list && i < n; i++) {
		free(list[i].raw);
		free(list[i].understood);
		free(list[i].reading);
	}
	free(list);
}

/* ---------- events and dice ---------- */

int db_event_add(struct db *db, long long turn_id, const struct db_event *e, char *err,
		 size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO events (turn_id, seq, phase, type, json, visible_to) "
			  "VALUES (?1, ?2, ?3, ?4, ?5, ?6)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	sqlite3_bind_int(st, 2, e->seq);
	sqlite3_bind_int(st, 3, e->phase);
	db_bind_text(st, 4, e->type);
	db_bind_text(st, 5, e->json);
	db_bind_text(st, 6, e->visible_to);
	return db_run(db, st, "storing an event", err, errlen);
}

static int event_row(sqlite3_stmt *st, void *rec)
{
	struct db_event *e = rec;
	int oom = 0;

	e->seq = sqlite3_column_int(st, 0);
	e->phase = sqlite3_column_int(st, 1);
	db_col_copy(st, 2, e->type, sizeof(e->type));
	e->json = col_dup(st, 3, &oom);
	e->visible_to = col_dup(st, 4, &oom);
	return oom ? -1 : 0;
}

static void event_list_free(void *list, size_t n)
{
	db_event_list_release(list, n);
}

int db_event_list(struct db *db, long long turn_id, struct db_event **out, size_t *n,
		  char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT seq, phase, type, json, visible_to FROM events WHERE turn_id = ?1 "
			  "ORDER BY seq", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), event_row, event_list_free,
			  "listing events", err, errlen);
}

void db_event_list_release(struct db_event *list, size_t n)
{
	size_t i;

	for (i = 0; list && i < n; i++) {
		free(list[i].json);
		free(list[i].visible_to);
	}
	free(list);
}

/* ---------- outbox ---------- */

int db_outbox_add(struct db *db, struct db_message *m, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO outbox (campaign_id, turn_id, kind, key, recipient, "
			  "subject, body, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
			  "ON CONFLICT (key) DO NOTHING", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, m->campaign_id);
	if (m->turn_id)
		sqlite3_bind_int64(st, 2, m->turn_id);
	else
		sqlite3_bind_null(st, 2);
	db_bind_text(st, 3, m->kind);
	db_bind_text(st, 4, m->key);
	db_bind_text(st, 5, m->recipient);
	db_bind_text(st, 6, m->subject ? m->subject : "");
	db_bind_text(st, 7, m->body ? m->body : "");
	db_bind_text(st, 8, m->created_at);
	rc = db_run(db, st, "queueing a message", err, errlen);
	if (rc)
		return rc;
	if (sqlite3_changes(db->h) != 1)
		return DB_EXISTS;
	m->id = sqlite3_last_insert_rowid(db->h);
	return 0;
}

static int message_row(sqlite3_stmt *st, void *rec)
{
	struct db_message *m = rec;
	int oom = 0;

	m->id = sqlite3_column_int64(st, 0);
	m->campaign_id = sqlite3_column_int64(st, 1);
	m->turn_id = sqlite3_column_int64(st, 2);
	db_col_copy(st, 3, m->kind, sizeof(m->kind));
	db_col_copy(st, 4, m->key, sizeof(m->key));
	db_col_copy(st, 5, m->recipient, sizeof(m->recipient));
	db_col_copy(st, 6, m->created_at, sizeof(m->created_at));
	db_col_copy(st, 7, m->sent_at, sizeof(m->sent_at));
	m->subject = col_dup(st, 8, &oom);
	m->body = col_dup(st, 9, &oom);
	return oom ? -1 : 0;
}

static void message_list_free(void *list, size_t n)
{
	db_outbox_list_release(list, n);
}

int db_outbox_list(struct db *db, long long campaign_id, int unsent_only,
		   struct db_message **out, size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT id, campaign_id, turn_id, kind, key, recipient, created_at, "
			  "sent_at, subject, body FROM outbox WHERE (?1 = 0 OR campaign_id = ?1) "
			  "AND (?2 = 0 OR sent_at IS NULL) ORDER BY id", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	sqlite3_bind_int(st, 2, unsent_only);
	return db_collect(db, st, (void **)out, n, sizeof(**out), message_row, message_list_free,
			  "listing the outbox", err, errlen);
}

void db_outbox_list_release(struct db_message *list, size_t n)
{
	size_t i;

	for (i = 0; list && i < n; i++) {
		free(list[i].subject);
		free(list[i].body);
	}
	free(list);
}

int db_outbox_mark_sent(struct db *db, long long id, const char *when, char *err,
			size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET sent_at = ?2 WHERE id = ?1 AND sent_at IS NULL",
		      err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, when);
	rc = db_run(db, st, "marking a message sent", err, errlen);
	if (rc)
		return rc;
	return sqlite3_changes(db->h) == 1 ? 0 : DB_ALREADY;
}

/* ---------- for the other files of db/ (internal.h) ---------- */

sqlite3 *db_sqlite(struct db *db)
{
	return db->h;
}

int db_fail(struct db *db, int rc, const char *what, char *err, size_t errlen)
{
	return fail(db, rc, what, err, errlen);
}
