/*
 * db/doctor: the SQL of `mxjudge doctor` and the record of the cron job's
 * last runs (db/doctor.h).
 */
#include "doctor.h"

#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"
#include "schema.h"

int db_doctor_probe(const char *path, struct db_probe *p, char *err, size_t errlen)
{
	sqlite3 *h = NULL;
	sqlite3_stmt *st = NULL;
	int rc, ret = DB_ERROR, app = 0, tables = 0;

	memset(p, 0, sizeof(*p));
	if (access(path, F_OK))
		return DB_NOT_FOUND;
	/* No SQLITE_OPEN_CREATE and no migration: looking changes nothing. */
	rc = sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL);
	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "%s: %s", path, h ? sqlite3_errmsg(h) : sqlite3_errstr(rc));
		goto out;
	}
	sqlite3_busy_timeout(h, 2000);
	rc = sqlite3_prepare_v2(h, "SELECT (SELECT application_id FROM pragma_application_id),"
				" (SELECT user_version FROM pragma_user_version),"
				" (SELECT count(*) FROM sqlite_master)", -1, &st, NULL);
	if (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		app = sqlite3_column_int(st, 0);
		p->version = sqlite3_column_int(st, 1);
		tables = sqlite3_column_int(st, 2);
	} else {
		snprintf(err, errlen, "%s: %s", path, sqlite3_errmsg(h));
		ret = rc == SQLITE_BUSY ? DB_BUSY : DB_ERROR;
		goto out;
	}
	sqlite3_finalize(st);
	st = NULL;
	p->ours = app == DB_APPLICATION_ID || (!app && !tables);
	/* The write lock, given back at once: proves the file and its directory writable. */
	rc = sqlite3_exec(h, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK) {
		p->writable = 1;
		sqlite3_exec(h, "ROLLBACK", NULL, NULL, NULL);
	} else if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
		p->writable = 1;
		p->busy = 1;
	} else {
		snprintf(err, errlen, "%s: %s", path, sqlite3_errmsg(h));
	}
	ret = 0;
out:
	sqlite3_finalize(st);
	sqlite3_close(h);
	return ret;
}

int db_run_record(struct db *db, const char *job, const char *at, int status, char *err,
		  size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int rc;

	rc = sqlite3_prepare_v2(db_sqlite(db),
				"INSERT INTO runs (job, at, status) VALUES (?1, ?2, ?3)"
				" ON CONFLICT (job) DO UPDATE SET at = excluded.at, status = excluded.status",
				-1, &st, NULL);
	if (rc == SQLITE_OK) {
		sqlite3_bind_text(st, 1, job, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 2, at, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 3, status);
		rc = sqlite3_step(st);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE && rc != SQLITE_OK)
		return db_fail(db, rc, "recording the run", err, errlen);
	return 0;
}

int db_run_get(struct db *db, const char *job, char at[DB_TIME_MAX], int *status, char *err,
	       size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int rc, ret = DB_NOT_FOUND;

	at[0] = '\0';
	*status = 0;
	rc = sqlite3_prepare_v2(db_sqlite(db), "SELECT at, status FROM runs WHERE job = ?1", -1,
				&st, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the runs", err, errlen);
	sqlite3_bind_text(st, 1, job, -1, SQLITE_STATIC);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const unsigned char *t = sqlite3_column_text(st, 0);

		snprintf(at, DB_TIME_MAX, "%s", t ? (const char *)t : "");
		*status = sqlite3_column_int(st, 1);
		ret = 0;
	} else if (rc != SQLITE_DONE) {
		ret = db_fail(db, rc, "reading the runs", err, errlen);
	}
	sqlite3_finalize(st);
	return ret;
}

int db_latest_time(struct db *db, char out[DB_TIME_MAX], char *err, size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int rc, ret = 0;

	out[0] = '\0';
	/* Every stored time is ISO 8601 UTC ("...Z"), so text order is time order. */
	rc = sqlite3_prepare_v2(db_sqlite(db),
				"SELECT max(t) FROM (SELECT max(created_at) AS t FROM campaigns"
				" UNION ALL SELECT max(resolved_at) FROM turns"
				" UNION ALL SELECT max(at) FROM runs)", -1, &st, NULL);
	if (rc != SQLITE_OK)
		return db_fail(db, rc, "reading the times", err, errlen);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const unsigned char *t = sqlite3_column_text(st, 0);

		snprintf(out, DB_TIME_MAX, "%s", t ? (const char *)t : "");
	} else {
		ret = db_fail(db, rc, "reading the times", err, errlen);
	}
	sqlite3_finalize(st);
	return ret;
}
