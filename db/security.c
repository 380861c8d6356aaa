/*
 * db/security: the SQL of wrong passwords, lockouts and alerts to the game
 * master (db/security.h).
 */
#include "security.h"

#include <stdio.h>
#include <string.h>

#include "internal.h"

int db_lockout_get(struct db *db, long long ship_id, struct db_lockout *l, char *err,
		   size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT strikes, locked_at, locked_until FROM lockouts "
		      "WHERE ship_id = ?1", err, errlen);

	memset(l, 0, sizeof(*l));
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, ship_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		l->strikes = sqlite3_column_int(st, 0);
		db_col_copy(st, 1, l->locked_at, sizeof(l->locked_at));
		db_col_copy(st, 2, l->locked_until, sizeof(l->locked_until));
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = 0;
	} else {
		rc = db_fail(db, rc, "reading a lockout", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_lockout_set(struct db *db, long long ship_id, const struct db_lockout *l, char *err,
		   size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO lockouts (ship_id, strikes, locked_at, locked_until) "
		      "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (ship_id) DO UPDATE SET "
		      "strikes = excluded.strikes, locked_at = excluded.locked_at, "
		      "locked_until = excluded.locked_until", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, ship_id);
	sqlite3_bind_int(st, 2, l->strikes);
	sqlite3_bind_text(st, 3, l->locked_at, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 4, l->locked_until, -1, SQLITE_TRANSIENT);
	return db_run(db, st, "locking a ship", err, errlen);
}

int db_auth_fail(struct db *db, long long campaign_id, long long ship_id, const char *kind,
		 const char *when, const char *source, const char *since, int *count, char *err,
		 size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO auth_failures (campaign_id, ship_id, failed_at, source, "
		      "kind) VALUES (?1, ?2, ?3, ?4, ?5)", err, errlen);

	*count = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	sqlite3_bind_int64(st, 2, ship_id);
	sqlite3_bind_text(st, 3, when, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 4, source ? source : "", -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 5, kind, -1, SQLITE_TRANSIENT);
	if ((rc = db_run(db, st, "recording a wrong password", err, errlen)))
		return rc;
	if ((rc = db_prep(db, &st, "SELECT count(*) FROM auth_failures WHERE ship_id = ?1 AND "
		       "failed_at > ?2 AND kind = ?3", err, errlen)))
		return rc;
	sqlite3_bind_int64(st, 1, ship_id);
	sqlite3_bind_text(st, 2, since, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, kind, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*count = sqlite3_column_int(st, 0);
		rc = 0;
	} else {
		rc = db_fail(db, rc, "counting wrong passwords", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_alert_add(struct db *db, struct db_message *m, const char *why, char *err,
		 size_t errlen)
{
	sqlite3_stmt *st;
	int rc;

	snprintf(m->kind, sizeof(m->kind), "alert");
	rc = db_outbox_add(db, m, err, errlen);
	if (rc || m->recipient[0])
		return rc;
	/* Nobody to send it to: never sent, but kept for `campaign show`. */
	if ((rc = db_prep(db, &st, "UPDATE outbox SET state = 'failed', last_error = ?2 WHERE id = ?1",
		       err, errlen)))
		return rc;
	sqlite3_bind_int64(st, 1, m->id);
	sqlite3_bind_text(st, 2, why ? why : "", -1, SQLITE_TRANSIENT);
	return db_run(db, st, "keeping an alert", err, errlen);
}
