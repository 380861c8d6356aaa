/*
 * db: the only place with SQL. One SQLite file per judge, WAL mode,
 * foreign keys on, a busy timeout, prepared statements only, schema
 * versioned with PRAGMA user_version and migrated forward on open.
 *
 * The db layer stores and finds; it makes no rules decisions. Game states
 * and events arrive as JSON text made by core/state_json and leave the
 * same way. Times are UTC text "YYYY-MM-DDTHH:MM:SSZ" (judge/timeutil.h),
 * which sorts in time order, so SQL compares them as text.
 *
 * Ownership: db_open() gives a struct db the caller closes with
 * db_close() (NULL is fine). Record structs are filled by the caller's
 * pointer; their char * members are malloc'd and freed by the matching
 * *_release(); lists (*_list) are one malloc'd array freed by the matching
 * *_list_release() (or free() when the record has no char * members).
 *
 * Return codes: 0 ok, DB_ERROR, DB_BUSY (a retry later may work: locked
 * past the busy timeout, or a full disk, a read-only file or directory;
 * exit 75; err says which), and the positive DB_NOT_FOUND, DB_EXISTS (a
 * unique name or key is taken), DB_ALREADY (a guarded update found the
 * work done). err always says why for the negative ones.
 */
#ifndef MX_DB_H
#define MX_DB_H

#include <stddef.h>

struct db;

#define DB_ERROR (-1)
#define DB_BUSY (-2)
#define DB_NOT_FOUND 1
#define DB_EXISTS 2
#define DB_ALREADY 3

/* The schema this build writes; a file with a higher version is refused. */
#define DB_SCHEMA_VERSION 10
/* How long a writer waits for another (process run by cron, a submit). */
#define DB_BUSY_TIMEOUT_MS 10000

#define DB_NAME_MAX 64
#define DB_EMAIL_MAX 256
#define DB_TIME_MAX 32
#define DB_HASH_MAX 128		/* crypto_pwhash_STRBYTES */
#define DB_DIGEST_MAX 65	/* SHA-256, hex */
#define DB_KEY_MAX 128

/* Opens (creating the file and its directory) and migrates to the latest. */
int db_open(struct db **out, const char *path, char *err, size_t errlen);
/*
 * The same, for a database that must be there already: DB_NOT_FOUND (err
 * "no database at PATH") when the file does not exist, and nothing made.
 * Only what creates a judge (campaign new) may make one: a read command or
 * a mail taken into a new empty file would be lost to the real one.
 */
int db_open_existing(struct db **out, const char *path, char *err, size_t errlen);
/* For tests: migrates only up to version (0 leaves a fresh file empty). */
int db_open_version(struct db **out, const char *path, int version, char *err,
		    size_t errlen);
void db_close(struct db *db);
/*
 * Every commit so far on disk: the write-ahead log synced (one fsync),
 * without waiting for readers. In WAL mode with synchronous NORMAL a
 * commit survives a crash of the process, but one of the machine only
 * after a checkpoint, which db_close() makes only as the last connection
 * (cron's process may hold another). So what acknowledges a commit to the
 * outside (receive's exit 0, a Maildir message moved to cur/) calls this
 * first.
 */
int db_sync(struct db *db, char *err, size_t errlen);
int db_schema_version(struct db *db);
/* The file the database was opened from. */
const char *db_path(const struct db *db);

/*
 * BEGIN IMMEDIATE: takes the write lock now, so two writers never both
 * read-then-write; waits up to the busy timeout, then DB_BUSY.
 */
int db_begin(struct db *db, char *err, size_t errlen);
int db_commit(struct db *db, char *err, size_t errlen);
/* Safe to call when no transaction is open. */
void db_rollback(struct db *db);

/* --- campaigns --- */
struct db_campaign {
	long long id;
	char name[DB_NAME_MAX];
	char ruleset[DB_NAME_MAX];
	char status[16];		/* "open", "running", "paused", "finished" */
	int turn;			/* the open (or last) turn; 0 before start */
	char *result;			/* how it ended, whole as the game said it; "" until finished */
	char created_at[DB_TIME_MAX];
	char paused_at[DB_TIME_MAX];	/* "" unless paused */
	char *settings;			/* JSON object text */
};
void db_campaign_release(struct db_campaign *c);
/* Replaces c->result with a copy of result (NULL: ""); -1 when memory ran out. */
int db_campaign_set_result(struct db_campaign *c, const char *result);
/* Status "open", turn 0. DB_EXISTS when the name is taken (any case). */
int db_campaign_create(struct db *db, struct db_campaign *c, char *err, size_t errlen);
/* Case-insensitive name. 0 or DB_NOT_FOUND. */
int db_campaign_get(struct db *db, const char *name, struct db_campaign *c, char *err,
		    size_t errlen);
/* Writes status, turn, result, paused_at and settings of c->id. */
int db_campaign_update(struct db *db, const struct db_campaign *c, char *err, size_t errlen);
/* All campaigns by name. */
int db_campaign_list(struct db *db, struct db_campaign **out, size_t *n, char *err,
		     size_t errlen);
void db_campaign_list_release(struct db_campaign *list, size_t n);

/* --- captains (one secret each, as a crypto_pwhash string) --- */
struct db_captain {
	long long id;
	long long campaign_id;
	char name[DB_NAME_MAX];
	char email[DB_EMAIL_MAX];
	char pwhash[DB_HASH_MAX];
	char joined_at[DB_TIME_MAX];
	char pwhash_new[DB_HASH_MAX];	/* a password FORGOT mailed, or "": good beside pwhash */
};
/* DB_EXISTS when the campaign has a captain of that name (any case). */
int db_captain_add(struct db *db, struct db_captain *c, char *err, size_t errlen);
int db_captain_get(struct db *db, long long campaign_id, const char *name,
		   struct db_captain *c, char *err, size_t errlen);
int db_captain_get_id(struct db *db, long long id, struct db_captain *c, char *err,
		      size_t errlen);
/*
 * Every captain (of any campaign) with this address, any case, or with it
 * among their other addresses (SET ADDRESS, db/desk.h); free() the array.
 */
int db_captain_find_email(struct db *db, const char *email, struct db_captain **out,
			  size_t *n, char *err, size_t errlen);
/* In joining order; free() the array. */
int db_captain_list(struct db *db, long long campaign_id, struct db_captain **out,
		    size_t *n, char *err, size_t errlen);

/*
 * --- seats (the seats table: a ship, a runner, a player; its campaign-long
 * record is the game's own, in its data; battle state is in turns) ---
 */
struct db_seat {
	long long id;
	long long campaign_id;
	long long captain_id;
	char name[DB_NAME_MAX];
	char team[DB_NAME_MAX];		/* the side ("zion", "runner", ...): the side column */
	char captain[DB_NAME_MAX];	/* read only: the captain's name */
	char email[DB_EMAIL_MAX];	/* read only: the captain's address */
};
/* Data "{}". DB_EXISTS when the campaign has a seat of that name (any case). */
int db_seat_add(struct db *db, struct db_seat *s, char *err, size_t errlen);
int db_seat_get(struct db *db, long long campaign_id, const char *name, struct db_seat *s,
		char *err, size_t errlen);
/*
 * A seat's own data for its game, JSON object text ("{}" by default): what
 * it joined with, and the record the game keeps of it (Hovercrafts' stats
 * and career, core/hovercrafts/record.h); *json malloc'd.
 */
int db_seat_data_get(struct db *db, long long ship_id, char **json, char *err, size_t errlen);
int db_seat_data_set(struct db *db, long long ship_id, const char *json, char *err, size_t errlen);
/* In joining order (the state order of a new battle); free() the array. */
int db_seat_list(struct db *db, long long campaign_id, struct db_seat **out, size_t *n,
		 char *err, size_t errlen);

/* --- turns (turn 0 is the setup: placement and first energy rolls) --- */
struct db_turn {
	long long id;
	long long campaign_id;
	int number;
	char seed[24];			/* decimal uint64 */
	char opened_at[DB_TIME_MAX];
	char deadline[DB_TIME_MAX];
	char resolved_at[DB_TIME_MAX];	/* "" while open */
	char *state_before;		/* JSON */
	char *state_after;		/* JSON, NULL while open */
	int rules_version;		/* the game's rules it is (to be) resolved under; 0: 1 */
};
void db_turn_release(struct db_turn *t);
/* Inserts every field (turn 0 goes in resolved). DB_EXISTS on a duplicate number. */
int db_turn_add(struct db *db, struct db_turn *t, char *err, size_t errlen);
int db_turn_get(struct db *db, long long campaign_id, int number, struct db_turn *t,
		char *err, size_t errlen);
/*
 * The guard that makes resolution happen once: marks the turn resolved at
 * `when` only if it is still open. 0 when this call claimed it,
 * DB_ALREADY when it was resolved before.
 */
int db_turn_claim(struct db *db, long long turn_id, const char *when, char *err,
		  size_t errlen);
/* The version of the rules the turn was resolved under (replays use it). */
int db_turn_set_rules_version(struct db *db, long long turn_id, int version, char *err,
			      size_t errlen);
int db_turn_set_after(struct db *db, long long turn_id, const char *state_after, char *err,
		      size_t errlen);
int db_turn_set_deadline(struct db *db, long long turn_id, const char *deadline, char *err,
			 size_t errlen);
/* Every turn of a campaign by number, without the state texts (NULL). */
int db_turn_list(struct db *db, long long campaign_id, struct db_turn **out, size_t *n,
		 char *err, size_t errlen);
void db_turn_list_release(struct db_turn *list, size_t n);

/* --- orders: every submission kept; one current per ship and turn --- */
struct db_order {
	long long id;
	long long turn_id;
	long long ship_id;
	long long captain_id;
	char ship[DB_NAME_MAX];		/* read only: the ship's name */
	char digest[DB_DIGEST_MAX];
	char received_at[DB_TIME_MAX];
	int current;			/* 1 current, 0 superseded (read only) */
	long long superseded_by;	/* 0 if none (read only) */
	char *raw;			/* the text as received (secret redacted) */
	char *understood;		/* the orders as the judge read them */
	char *reading;			/* the ruleset's JSON reading; NULL: sealed before readings were stored */
	char written_at[DB_TIME_MAX];	/* the Date: of the mail that carried them, "" if none */
};
/* Inserts o as current and supersedes the ship's earlier current orders. */
int db_order_submit(struct db *db, struct db_order *o, char *err, size_t errlen);
/* By ship (state order), then submission order. */
int db_order_list(struct db *db, long long turn_id, int current_only, struct db_order **out,
		  size_t *n, char *err, size_t errlen);
void db_order_list_release(struct db_order *list, size_t n);

/* --- events of a turn, in the order they happened (its draws: db/play.h) --- */
struct db_event {
	int seq;
	int phase;
	char type[24];
	char *json;
	char *visible_to;		/* JSON list of seats, or NULL: everyone */
};
int db_event_add(struct db *db, long long turn_id, const struct db_event *e, char *err,
		 size_t errlen);
int db_event_list(struct db *db, long long turn_id, struct db_event **out, size_t *n,
		  char *err, size_t errlen);
void db_event_list_release(struct db_event *list, size_t n);

/* --- outbox: messages to send; the key makes queueing idempotent --- */
struct db_message {
	long long id;
	long long campaign_id;
	long long turn_id;		/* 0 if none */
	char kind[16];			/* "report", "receipt", ... */
	char key[DB_KEY_MAX];		/* unique: the same message is queued once */
	char recipient[DB_EMAIL_MAX];
	char created_at[DB_TIME_MAX];
	char sent_at[DB_TIME_MAX];	/* "" while queued */
	char *subject;
	char *body;
};
/* 0 queued, DB_EXISTS when a message with that key is already queued. */
int db_outbox_add(struct db *db, struct db_message *m, char *err, size_t errlen);
/* campaign_id 0: every campaign. In queueing order. */
int db_outbox_list(struct db *db, long long campaign_id, int unsent_only,
		   struct db_message **out, size_t *n, char *err, size_t errlen);
void db_outbox_list_release(struct db_message *list, size_t n);
int db_outbox_mark_sent(struct db *db, long long id, const char *when, char *err,
			size_t errlen);

#endif
