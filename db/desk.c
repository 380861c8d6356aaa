/*
 * db/desk: the SQL of the players' self-service by mail: pending
 * passwords, second addresses, absences, standby, vacant seats (db/desk.h).
 */
#include "desk.h"

#include <stdio.h>
#include <string.h>

#include "internal.h"

int db_captain_set_pending(struct db *db, long long captain_id, const char *pwhash, char *err,
			   size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE captains SET pwhash_new = ?1 WHERE id = ?2", err, errlen);

	if (rc)
		return rc;
	db_bind_text(st, 1, pwhash);
	sqlite3_bind_int64(st, 2, captain_id);
	return db_run(db, st, "setting a pending password", err, errlen);
}

int db_address_add(struct db *db, long long captain_id, const char *email, const char *when,
		   char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO captain_addresses (captain_id, email, added_at) "
			 "VALUES (?1, ?2, ?3)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, captain_id);
	db_bind_text(st, 2, email);
	db_bind_text(st, 3, when);
	return db_run(db, st, "adding an address", err, errlen);
}

int db_address_has(struct db *db, long long captain_id, const char *email, char *err,
		   size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT 1 FROM captain_addresses WHERE captain_id = ?1 AND "
			 "email = ?2", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, captain_id);
	db_bind_text(st, 2, email);
	rc = sqlite3_step(st);
	rc = rc == SQLITE_ROW ? DB_EXISTS : rc == SQLITE_DONE ? 0 : db_fail(db, rc, "finding an address",
									     err, errlen);
	db_done(db, st);
	return rc;
}

int db_absence_add(struct db *db, struct db_absence *a, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO absences (campaign_id, captain_id, starts, ends, "
			 "created_at) VALUES (?1, ?2, ?3, ?4, ?5)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, a->campaign_id);
	sqlite3_bind_int64(st, 2, a->captain_id);
	db_bind_text(st, 3, a->starts);
	db_bind_text(st, 4, a->ends);
	db_bind_text(st, 5, a->created_at);
	rc = db_run(db, st, "adding an absence", err, errlen);
	if (!rc)
		a->id = sqlite3_last_insert_rowid(db_sqlite(db));
	return rc;
}

static int absence_row(sqlite3_stmt *st, void *rec)
{
	struct db_absence *a = rec;

	a->id = sqlite3_column_int64(st, 0);
	a->campaign_id = sqlite3_column_int64(st, 1);
	a->captain_id = sqlite3_column_int64(st, 2);
	db_col_copy(st, 3, a->captain, sizeof(a->captain));
	db_col_copy(st, 4, a->starts, sizeof(a->starts));
	db_col_copy(st, 5, a->ends, sizeof(a->ends));
	db_col_copy(st, 6, a->created_at, sizeof(a->created_at));
	return 0;
}

int db_absence_list(struct db *db, long long campaign_id, long long captain_id,
		    struct db_absence **out, size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT a.id, a.campaign_id, a.captain_id, c.name, a.starts, a.ends, "
			 "a.created_at FROM absences a JOIN captains c ON c.id = a.captain_id "
			 "WHERE a.campaign_id = ?1 AND (?2 = 0 OR a.captain_id = ?2) "
			 "ORDER BY a.starts, a.id", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	sqlite3_bind_int64(st, 2, captain_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), absence_row, NULL,
			  "listing absences", err, errlen);
}

int db_outbox_set_body(struct db *db, long long id, const char *body, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET body = ?1 WHERE id = ?2", err, errlen);

	if (rc)
		return rc;
	db_bind_text(st, 1, body);
	sqlite3_bind_int64(st, 2, id);
	return db_run(db, st, "blanking a sent password", err, errlen);
}

int db_outbox_kind_since(struct db *db, const char *kind, const char *recipient, const char *since,
			 long long *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT count(*) FROM outbox WHERE kind = ?1 AND recipient = ?2 "
			 "COLLATE NOCASE AND created_at > ?3", err, errlen);

	*n = 0;
	if (rc)
		return rc;
	db_bind_text(st, 1, kind);
	db_bind_text(st, 2, recipient);
	db_bind_text(st, 3, since);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*n = sqlite3_column_int64(st, 0);
		rc = 0;
	} else {
		rc = db_fail(db, rc, "counting answers", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_press_mails_since(struct db *db, long long campaign_id, const char *sender,
			 const char *since, long long *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	/* The key range of "press/MAIL/": '0' follows '/'. */
	int rc = db_prep(db, &st, "SELECT count(*) FROM mail_in m WHERE m.sender = ?1 COLLATE "
			 "NOCASE AND m.received_at > ?3 AND EXISTS (SELECT 1 FROM outbox o WHERE "
			 "o.key >= 'press/' || m.id || '/' AND o.key < 'press/' || m.id || '0' AND "
			 "o.campaign_id = ?2 AND o.kind = 'press')", err, errlen);

	*n = 0;
	if (rc)
		return rc;
	db_bind_text(st, 1, sender);
	sqlite3_bind_int64(st, 2, campaign_id);
	db_bind_text(st, 3, since);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*n = sqlite3_column_int64(st, 0);
		rc = 0;
	} else {
		rc = db_fail(db, rc, "counting press", err, errlen);
	}
	db_done(db, st);
	return rc;
}

/* ---------- standby list and vacant seats ---------- */

int db_standby_add(struct db *db, long long campaign_id, const char *name, const char *email,
		   const char *when, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO standby (campaign_id, name, email, added_at) "
			 "VALUES (?1, ?2, ?3, ?4)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, name);
	db_bind_text(st, 3, email);
	db_bind_text(st, 4, when);
	return db_run(db, st, "adding to the standby list", err, errlen);
}

int db_standby_remove(struct db *db, long long campaign_id, const char *email, char *err,
		      size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "DELETE FROM standby WHERE campaign_id = ?1 AND email = ?2", err,
			 errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, email);
	rc = db_run(db, st, "removing from the standby list", err, errlen);
	if (!rc && !sqlite3_changes(db_sqlite(db)))
		rc = DB_NOT_FOUND;
	return rc;
}

static int standby_row(sqlite3_stmt *st, void *rec)
{
	struct db_standby *s = rec;

	db_col_copy(st, 0, s->name, sizeof(s->name));
	db_col_copy(st, 1, s->email, sizeof(s->email));
	db_col_copy(st, 2, s->added_at, sizeof(s->added_at));
	return 0;
}

int db_standby_list(struct db *db, long long campaign_id, const char *email,
		    struct db_standby **out, size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT name, email, added_at FROM standby WHERE campaign_id = ?1 "
			 "AND (?2 IS NULL OR email = ?2) ORDER BY id", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, email);
	return db_collect(db, st, (void **)out, n, sizeof(**out), standby_row, NULL,
			  "listing the standby list", err, errlen);
}

int db_seat_set_resigned(struct db *db, long long ship_id, const char *when, char *err,
			 size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE seats SET resigned_at = ?1 WHERE id = ?2", err, errlen);

	if (rc)
		return rc;
	db_bind_text(st, 1, when);
	sqlite3_bind_int64(st, 2, ship_id);
	return db_run(db, st, "marking a seat vacant", err, errlen);
}

int db_seat_vacant(struct db *db, long long ship_id, int *vacant, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT resigned_at IS NOT NULL FROM seats WHERE id = ?1", err,
			 errlen);

	*vacant = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, ship_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*vacant = sqlite3_column_int(st, 0);
		rc = 0;
	} else {
		rc = rc == SQLITE_DONE ? DB_NOT_FOUND : db_fail(db, rc, "reading a seat", err, errlen);
	}
	db_done(db, st);
	return rc;
}

/* ---------- observers ---------- */

int db_observer_add(struct db *db, long long campaign_id, const char *email, const char *when,
		    char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO observers (campaign_id, email, added_at) "
			 "VALUES (?1, ?2, ?3)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, email);
	db_bind_text(st, 3, when);
	return db_run(db, st, "adding an observer", err, errlen);
}

int db_observer_remove(struct db *db, long long campaign_id, const char *email, char *err,
		       size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "DELETE FROM observers WHERE campaign_id = ?1 AND email = ?2", err,
			 errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, email);
	rc = db_run(db, st, "removing an observer", err, errlen);
	if (!rc && !sqlite3_changes(db_sqlite(db)))
		rc = DB_NOT_FOUND;
	return rc;
}

static int observer_row(sqlite3_stmt *st, void *rec)
{
	struct db_observer *o = rec;

	o->id = sqlite3_column_int64(st, 0);
	db_col_copy(st, 1, o->email, sizeof(o->email));
	db_col_copy(st, 2, o->added_at, sizeof(o->added_at));
	return 0;
}

int db_observer_list(struct db *db, long long campaign_id, const char *email,
		     struct db_observer **out, size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT id, email, added_at FROM observers WHERE campaign_id = ?1 "
			 "AND (?2 IS NULL OR email = ?2) ORDER BY id", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, email);
	return db_collect(db, st, (void **)out, n, sizeof(**out), observer_row, NULL,
			  "listing observers", err, errlen);
}
