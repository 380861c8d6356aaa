/*
 * backup: `mxjudge backup [FILE]` and the automatic backups of `process`
 * (--backups N or $MXJUDGE_BACKUPS): consistent copies of the whole
 * database (db/backup.h) in <db dir>/backups/mxjudge-YYYYMMDD-HHMMSS.db
 * (UTC), the directory 0700 and every copy 0600.
 *
 * Ownership: nothing is kept; the caller owns every buffer.
 */
#ifndef MX_BACKUP_H
#define MX_BACKUP_H

#include <stddef.h>
#include <time.h>

struct db;

/*
 * Takes a copy into the default directory next to db_path and keeps only
 * the newest `keep` copies there (keep 0: keep all). The path written goes
 * to out. Returns an exit code (0, 75 when a retry may work, 1) with msg.
 */
int backup_rotate(struct db *db, const char *db_path, int keep, time_t now, char *out,
		  size_t outlen, char *msg, size_t msglen);

#endif
