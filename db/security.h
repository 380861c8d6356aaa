/*
 * db/security: the SQL of lockouts after wrong passwords (schema version
 * 5) and of alerts to the game master.
 *
 *  - auth_failures: one row per wrong password or order code for a ship.
 *  - lockouts: per ship, until when submissions are refused and how many
 *    lockouts in a row it has had (strikes), for the growing delay.
 *  - alerts: outbox messages of kind "alert"; with no game master address
 *    they are kept, never sent (state "failed", last_error says why), and
 *    `campaign show` prints them.
 *
 * Conventions of db.h: 0, DB_ERROR, DB_BUSY, DB_NOT_FOUND, DB_EXISTS;
 * err says why for the negative ones. Nothing is allocated.
 */
#ifndef MX_DB_SECURITY_H
#define MX_DB_SECURITY_H

#include <stddef.h>

#include "db.h"

struct db_lockout {
	int strikes;			/* 0: never locked */
	char locked_at[DB_TIME_MAX];	/* "" when never locked */
	char locked_until[DB_TIME_MAX];
};

/* The ship's lockout record (strikes 0 and "" times when none). */
int db_lockout_get(struct db *db, long long ship_id, struct db_lockout *l, char *err,
		   size_t errlen);
/* Writes the ship's lockout record; in the caller's transaction. */
int db_lockout_set(struct db *db, long long ship_id, const struct db_lockout *l, char *err,
		   size_t errlen);
/*
 * Records a failure of kind "password" or "code" at `when` (source: who
 * sent it, for the game master) and counts the ship's failures of that
 * kind after `since` (exclusive), the new one included; in the caller's
 * transaction.
 */
int db_auth_fail(struct db *db, long long campaign_id, long long ship_id, const char *kind,
		 const char *when, const char *source, const char *since, int *count, char *err,
		 size_t errlen);
/*
 * Queues an alert (m->kind is set to "alert"); an empty recipient keeps it
 * unsent for good, with `why` as its last error. DB_EXISTS when the key
 * was queued before.
 */
int db_alert_add(struct db *db, struct db_message *m, const char *why, char *err,
		 size_t errlen);

#endif
