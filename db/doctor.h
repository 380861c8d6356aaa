/*
 * db/doctor: the SQL `mxjudge doctor` needs, and the record of the last
 * run of the cron job (table runs, schema version 6) that `process` (and
 * so `tick`) writes and doctor reads.
 *
 *  - db_doctor_probe() looks at a database file without creating or
 *    migrating it: is it ours, which schema, can we take the write lock.
 *  - db_run_record() / db_run_get(): per job name, the last run's time
 *    (ISO 8601 UTC) and exit code.
 *  - db_latest_time(): the newest time the database holds, to catch a
 *    clock that went back.
 *
 * Conventions of db.h: 0, DB_ERROR, DB_BUSY, DB_NOT_FOUND; err says why
 * for the negative ones. Nothing is allocated for the caller.
 */
#ifndef MX_DB_DOCTOR_H
#define MX_DB_DOCTOR_H

#include <stddef.h>

#include "db.h"

struct db_probe {
	int ours;	/* 1: an mxjudge database (or an empty file) */
	int version;	/* its schema version (PRAGMA user_version) */
	int writable;	/* 1: the write lock was taken and given back */
	int busy;	/* 1: another process held the write lock */
};

/* DB_NOT_FOUND when there is no file at path; never creates one. */
int db_doctor_probe(const char *path, struct db_probe *p, char *err, size_t errlen);

/* Stores "job ran at `at` and exited with status"; its own transaction. */
int db_run_record(struct db *db, const char *job, const char *at, int status, char *err,
		  size_t errlen);
/* The last run of job; DB_NOT_FOUND when it never ran. */
int db_run_get(struct db *db, const char *job, char at[DB_TIME_MAX], int *status, char *err,
	       size_t errlen);

/* The newest time stored (campaigns made, turns resolved, runs); "" when none. */
int db_latest_time(struct db *db, char out[DB_TIME_MAX], char *err, size_t errlen);

#endif
