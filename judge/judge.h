/*
 * judge: the glue the campaign commands share (campaign, orders, process,
 * turn): campaign settings, secrets and digests, seeds, deadlines, and the
 * steps that store a turn's outcome and queue its reports. No SQL (db/
 * does that) and no rules (core/ does that).
 *
 * Ownership: judge_settings is plain values plus a json_t map the struct
 * owns (judge_settings_release). Functions returning char * give the
 * caller a malloc'd string.
 */
#ifndef MX_JUDGE_H
#define MX_JUDGE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "db/db.h"
#include "lib/strcase.h"

/* Embedded defaults of `campaign new` (and so of `make demo`). */
#define JUDGE_DEFAULT_WIDTH 10
#define JUDGE_DEFAULT_HEIGHT 6
#define JUDGE_DEFAULT_DENSITY 100	/* permille: 10% walls */
#define JUDGE_DEFAULT_DEADLINE 48	/* hours */
#define JUDGE_PASSWORD_LEN 10
#define JUDGE_MAX_CAPTAINS 10		/* rulings 8: 2 to 10 captains */
#define JUDGE_ABSENCE_DAYS 14		/* absence_days when unset */
#define JUDGE_PRESS_PER_HOUR 20		/* press_per_hour when unset */

struct judge_settings {
	int width, height, density;	/* density in permille */
	uint64_t seed;			/* the campaign seed: every die follows from it */
	int deadline_hours;
	char timezone[64];
	int early;			/* resolve as soon as every ship has orders */
	char templates[512];		/* the campaign's own templates directory, or "" */
	char bulletin_to[256];		/* who gets the public bulletin, or "" */
	char gm_email[256];		/* the game master: alerts (judge/guard.h), or "" */
	int phase_maps;			/* reports show the board after moving phases */
	int bot_plays_silent;		/* the autopilot flies ships with no orders */
	int fresh_seeds;		/* every turn draws a new random seed (no --seed) */
	json_t *map;			/* {"width","height","walls":[...]}; Hovercrafts only */
	char ruleset[32];		/* the game (core/ruleset.h) */
	json_t *game;			/* the game's own settings (declared by its ruleset), or NULL */
	json_t *wait;			/* seats that hold early resolution (SET WAIT), or NULL */
	json_t *votes;			/* secret votes of the open turn (judge/vote.h), or NULL */
	char press[8];			/* "none", "side", "all": press by mail (cmd/press.c) */
	int press_anonymous;		/* press may go without the sender's name */
	int press_copy_gm;		/* the game master gets a copy of every press */
	int press_between;		/* press_during "between": only between battles */
	int signup_mail;		/* JOIN by mail is taken while the campaign is open */
	int takeover;			/* TAKEOVER by mail from the standby list */
	int mixed_sides;		/* by mail, a captain may hold seats on two sides */
	int press_per_hour;		/* press by mail a seat may send an hour */
	char absence[12];		/* "wait" (deadlines wait) or "autopilot": SET ABSENCE */
	int absence_days;		/* the most days of absence a captain may take (0: none) */
	int duplicate;			/* a duplicate set: each seat its own game, one deal */
	char duplicate_of[64];		/* one game of that duplicate set, or "" */
};

void judge_settings_release(struct judge_settings *s);
/* 1 when a seat asked to wait for the deadline (SET WAIT): no early resolution. */
int judge_someone_waits(const struct judge_settings *s);
int judge_settings_parse(struct judge_settings *s, const char *json, char *err, size_t errlen);
/*
 * Where the game master's alerts go: gm_email, else the judge's own address
 * (MXJUDGE_FROM's, else mxjudge@localhost): never nobody. Returns 1 when it
 * is that fallback (campaign new and doctor warn of it), 0 for gm_email.
 */
int judge_gm_address(const struct judge_settings *s, char *buf, size_t len);
/* Malloc'd JSON text. */
char *judge_settings_dump(const struct judge_settings *s);

/* Secrets: a fresh readable password, its slow salted hash, the check. */
void judge_new_password(char *buf, size_t len);
int judge_hash_password(const char *pw, char *out, size_t outlen);
int judge_verify_password(const char *hash, const char *pw);
/*
 * 1 when mail from sender counts as captain c's: the address on file, or
 * one of the captain's other addresses (SET ADDRESS, db/desk.h); any case.
 */
int judge_captain_address(struct db *db, const struct db_captain *c, const char *sender);
/* The captain's password, or the pending one FORGOT mailed (db/desk.h). */
int judge_captain_verify(const struct db_captain *c, const char *pw);
/*
 * Order codes: a captain who replies to a report from the captain's own
 * address may write the report's "CODE <code>" line instead of the
 * password. The code is a keyed hash (BLAKE2b, libsodium's generichash)
 * of campaign, ship and turn under the campaign's secret key, which is
 * made at first use and never shown; 10 letters and digits. A ship that
 * changed hands (replace-captain, assign) has a code salt in the hash too,
 * drawn anew each time: the former captain's codes are worth nothing
 * (judge_new_code_salt()). With create
 * (inside a transaction) the key is made when missing; without, a
 * campaign with no key gives DB_NOT_FOUND. Returns a db code.
 */
#define JUDGE_CODE_LEN 10
int judge_order_code(struct db *db, long long campaign_id, const char *ship, int turn,
		     int create, char out[JUDGE_CODE_LEN + 1], char *err, size_t errlen);
/* A fresh code salt for ship_id, in the caller's transaction (the ship changed hands). */
int judge_new_code_salt(struct db *db, long long ship_id, char *err, size_t errlen);
/* 1 when given (any case) is the code want; constant time. */
int judge_check_code(const char *given, const char *want);
/* SHA-256 of text as 64 hex digits. */
void judge_digest(const char *text, char out[65]);
/*
 * What is stored and published of a captain's text: the lines from GAME
 * to END, the value of every PASSWORD and CODE line redacted.
 */
char *judge_redact(const char *text);

/* Turn n's seed (0 = setup), a hash of the campaign seed and n. */
uint64_t judge_turn_seed(uint64_t campaign_seed, int turn);
/*
 * The seed a new turn gets: a fresh random one, or with a campaign --seed
 * (reproducible games, tests) judge_turn_seed().
 */
uint64_t judge_new_turn_seed(const struct judge_settings *s, int turn);
/*
 * The published commitment to a turn's seed: SHA-256 (hex) of the text
 * "mxjudge:CAMPAIGN:turn:N:seed:SEED", which a captain can recompute with
 * sha256sum once the seed is revealed.
 */
void judge_seed_commitment(const char *campaign, int turn, const char *seed, char out[65]);
/*
 * The shell command that checks a seal, `printf 'TEXT' | sha256sum`, into
 * out: one line when it fits 80 columns after `at` columns of the line it
 * starts on, else the text split at its last ':' over lines indented by
 * indent, each ending in a backslash, so it pastes whole (80 columns).
 */
void judge_check_command(const char *text, int at, int indent, char *out, size_t len);
uint64_t judge_map_seed(uint64_t campaign_seed);
int judge_parse_u64(const char *s, uint64_t *out);

/* The next deadline: one period after from, in the campaign's zone. */
time_t judge_step_deadline(const struct judge_settings *s, time_t from);

/*
 * A Hovercrafts die as the draws log keeps it (db/play.h, the one draws
 * record of every game): stream JUDGE_DIE_STREAM, seq the event's, line
 * "d6 PHASE D6 STAT SCORE CHECK CAUSE SHIP" (the ship, or the side of a
 * setup roll, last: the rest of the line).
 */
#define JUDGE_DIE_STREAM "hovercrafts"
struct judge_die {
	int seq;			/* the event's seq */
	int phase;
	char ship[DB_NAME_MAX];
	char check[16];
	char cause[24];
	int d6, stat, score;
};
/* The dice of a turn in order; free() the array. Another stream's draws are skipped. */
int judge_dice_list(struct db *db, long long turn_id, struct judge_die **out, size_t *n,
		    char *err, size_t errlen);

/*
 * Loads campaign name and its settings (the caller releases both); prints
 * the error and returns an exit code (65 no such campaign, 75 busy, 1).
 */
int judge_load(struct db *db, const char *name, struct db_campaign *c, struct judge_settings *s);
/* The same under a write transaction the caller commits or rolls back (none on failure). */
int judge_begin_load(struct db *db, const char *name, struct db_campaign *c,
		     struct judge_settings *s);

/*
 * Says a campaign is not there; in a database without any campaign it
 * names the file, as a forgotten MXJUDGE_DB opens an empty default.
 */
void judge_no_campaign(struct db *db, const char *name);

/* The exit code for a failed db call: 75 when busy (retry), else 1. */
int judge_db_exit(int rc);

/* The effective deadline of an open turn: a paused clock does not run. */
time_t judge_effective_deadline(const struct db_campaign *c, time_t deadline, time_t now);

#endif
