/*
 * internal: what the other files of db/ (db/mail.c) borrow from db.c: the
 * SQLite handle and the error mapping (busy -> DB_BUSY). Private to db/.
 */
#ifndef MX_DB_INTERNAL_H
#define MX_DB_INTERNAL_H

#include <sqlite3.h>
#include <stddef.h>

struct db;

sqlite3 *db_sqlite(struct db *db);
/* Fills err for a failed SQLite call; DB_BUSY when locked, else DB_ERROR. */
int db_fail(struct db *db, int rc, const char *what, char *err, size_t errlen);

#endif
