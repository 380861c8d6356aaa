/*
 * db/backup: a consistent copy of the open database, taken with SQLite's
 * online backup API while other mxjudge runs go on (in WAL mode the copy
 * reads one snapshot and blocks no writer).
 *
 * Ownership: nothing is kept; the caller owns every buffer.
 */
#ifndef MX_DB_BACKUP_H
#define MX_DB_BACKUP_H

#include <stddef.h>

#include "db.h"

/*
 * Writes the database to path, created 0600: first to a temporary file
 * next to it, synced, then renamed over path, so path is either the old
 * file or a whole new copy. The copy is a plain rollback-journal file
 * (no -wal to carry along). path must not be the database itself.
 * 0, DB_BUSY (locked past the timeout, disk full: retry), DB_EXISTS
 * (path is the database itself) or DB_ERROR;
 * *pages gets the size copied.
 */
int db_backup(struct db *db, const char *path, long *pages, char *err, size_t errlen);
/*
 * Removes the temporary copies a killed backup left in dir: files named
 * NAME.tmp-PID (and NAME.tmp-PID-journal) whose process is gone, where
 * NAME is prefix itself (exact) or starts with it. db_backup() does it
 * for its own target; the rotation for its directory. How many went.
 */
int db_backup_sweep(const char *dir, const char *prefix, int exact);

#endif
