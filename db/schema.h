/*
 * schema: the forward migrations, one SQL script per schema version.
 * Private to db/. Ownership: static text; nothing allocates.
 */
#ifndef MX_DB_SCHEMA_H
#define MX_DB_SCHEMA_H

/* "MXJG": marks the file as ours, so we never migrate someone else's. */
#define DB_APPLICATION_ID 0x4d584a47

/* db_migrations[v - 1] takes a file from version v - 1 to v. */
extern const char *const db_migrations[];
extern const int db_migration_count;

#endif
