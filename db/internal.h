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

/*
 * The statement helpers every db/ file shares (db.c). db_prep() gives a
 * statement for sql, kept from an earlier use when one is free; every
 * statement it gives goes back with db_done() (never sqlite3_finalize: the
 * cache would keep a dead one), which resets it for the next use.
 */
int db_prep(struct db *db, sqlite3_stmt **st, const char *sql, char *err, size_t errlen);
void db_done(struct db *db, sqlite3_stmt *st);
/* Steps a statement that returns no rows and gives it back; DB_EXISTS on a unique clash. */
int db_run(struct db *db, sqlite3_stmt *st, const char *what, char *err, size_t errlen);
/* NULL binds SQL NULL, "" binds "". */
int db_bind_text(sqlite3_stmt *st, int i, const char *s);
/* Copies a text column into buf, "" for NULL, cut to fit. */
void db_col_copy(sqlite3_stmt *st, int i, char *buf, size_t len);
/*
 * Every row of st, each into a new zeroed record of size bytes that fill
 * reads (0, or -1 when memory ran out), into *out (*n records); gives st
 * back. On failure, what was read goes to release (NULL: free) and *out
 * is NULL; what names the work in err ("listing ships").
 */
int db_collect(struct db *db, sqlite3_stmt *st, void **out, size_t *n, size_t size,
	       int (*fill)(sqlite3_stmt *st, void *rec), void (*release)(void *list, size_t n),
	       const char *what, char *err, size_t errlen);

#endif
