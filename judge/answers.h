/*
 * answers: what the judge tells a captain whose mail it could not take
 * (cmd/receive.c): what to do now, and the order block of the open turn
 * with its CODE, so an error reply or a help can simply be answered.
 *
 * Ownership: data is the caller's; what is added to it is data's.
 */
#ifndef MX_ANSWERS_H
#define MX_ANSWERS_H

#include <jansson.h>
#include <time.h>

#include "db/db.h"

/*
 * Adds to data what captain captain_id of campaign campaign_id can do now:
 * "todo", one sentence (fix: the mail was refused, so "the corrected
 * block"); while the open turn takes orders, "blocks" (one per active
 * ship of the captain, as the report writes it: campaign, ship, code,
 * turn, deadline, actions, slots) and "has_blocks". Other games than
 * Hovercrafts get the sentence only. Returns 1 when the open turn takes
 * orders, else 0 (also when the campaign cannot be read: no sentence then).
 */
int answers_what_now(struct db *db, long long campaign_id, long long captain_id, int fix,
		     time_t now, json_t *data);

/* Breaks text into lines of at most 72 characters at blanks, in place. */
void answers_wrap(char *s);

/*
 * The credential an order block carries, checked without counting a
 * failure: the first GAME line, the game's seat line (SHIP for
 * Hovercrafts), and its CODE or PASSWORD, up to END. found: the campaign
 * and ship exist; locked: the ship is locked after wrong secrets
 * (judge/guard.h), and nothing was checked, so a locked ship tells nobody
 * whether a secret is right; secret: "CODE", "PASSWORD" or NULL; valid:
 * the password is the captain's, or the code is the ship's for the open
 * turn. email is the captain's address on file.
 */
struct answers_credential {
	long long campaign_id;
	char campaign[DB_NAME_MAX];
	char ship[DB_NAME_MAX];
	char captain[DB_NAME_MAX];
	char email[DB_EMAIL_MAX];
	int turn;
	int found;
	int locked;
	const char *secret;
	int valid;
};
/* 0, or a db code (err says why) when the database could not be read. */
int answers_credential(struct db *db, const char *text, time_t now,
		       struct answers_credential *cr, char *err, size_t errlen);
/*
 * The lines of the first order block (GAME to END) that are neither its
 * header lines (GAME, the seat line, CODE, PASSWORD, TURN), nor blank,
 * nor an empty slot of a report ("3-"): what the captain wrote into it.
 */
int answers_filled_in(const char *text);

#endif
