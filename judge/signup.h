/*
 * signup: players joining by mail (the mail desk's JOIN, core/desk.h), for
 * campaigns the game master opened for it (`campaign set NAME signup
 * mail`), in every game: the seat is checked as `campaign join` checks it,
 * and a welcome mail (template welcome) carries the password, the rules
 * summary and what happens next; once sent, its PASSWORD line is blanked.
 *
 * A JOIN or OBSERVE from an address not yet in the campaign is done only
 * when the mail carries a line "CONFIRM <token>" (a double opt-in, so a
 * forged From signs nobody up): the first mail gets the token, to the
 * sender's address. A captain's JOIN of another seat, and any TAKEOVER,
 * carry the captain's PASSWORD or that CONFIRM line (signup_vouch). The
 * CONFIRM line counts only in the mail's own text, never in quoted lines:
 * a victim's reply quoting the request confirms nothing. The token is a keyed BLAKE2b of the campaign, the
 * lowercased address, the command and the UTC day, under the campaign's
 * key (the one of the order codes, judge/judge.h): nothing is stored.
 *
 * Ownership: *answer is a new reference; the rest is borrowed.
 */
#ifndef MX_SIGNUP_H
#define MX_SIGNUP_H

#include <jansson.h>
#include <time.h>

#include "db/mail.h"

struct db;
struct db_campaign;
struct db_captain;
struct db_seat;
struct judge_settings;
struct ruleset;

/* The most seats a campaign of game with settings s can have, as JOIN fills them. */
int signup_max_seats(const struct ruleset *game, const struct judge_settings *s);

#define SIGNUP_TOKEN_LEN 12

/*
 * The CONFIRM token of command ("JOIN g Zephyr zion", any case) from
 * address (any case) in campaign campaign_id on UTC day (time / 86400).
 */
void signup_token(const unsigned char key[DB_MAIL_KEY_BYTES], long long campaign_id,
		  const char *address, const char *command, long day,
		  char out[SIGNUP_TOKEN_LEN + 1]);
/* 1 when given (any case) is the token of the day of now or of the day before; constant time. */
int signup_token_check(const unsigned char key[DB_MAIL_KEY_BYTES], long long campaign_id,
		       const char *address, const char *command, const char *given, time_t now);
/*
 * Whether command ("JOIN g Zephyr zion", "TAKEOVER g Minx") from sender
 * in campaign c is vouched for: by the PASSWORD of cap (the sender's
 * captain in c, commanding a seat; NULL: a newcomer) on a line of text,
 * checked as for orders, or by the CONFIRM line of the command. 0: go on;
 * 1 with *answer (the token asked for, or a refusal); or a DB_ code. No
 * transaction may be open.
 */
int signup_vouch(struct db *db, const struct db_campaign *c, const struct db_captain *cap,
		 const char *sender, const char *command, const char *text, time_t now,
		 json_t **answer, char *err, size_t errlen);
/*
 * A seat of ships captain captain_id commands on a side other than side
 * (its name), unless the settings s allow mixed sides; else NULL.
 */
const char *signup_other_side(const struct judge_settings *s, const struct db_seat *ships,
			      size_t n, long long captain_id, const char *side);

/*
 * 1 when campaign name exists and takes sign-up by mail now (open, not a
 * duplicate set): a stranger's JOIN to it is answered. 0, or a DB_ code.
 */
int signup_open(struct db *db, const char *name, char *err, size_t errlen);

/*
 * JOIN campaign seat [side] from sender (from_name: the mail's display
 * name, or ""); caps: the captains the address is on file for (0: none).
 * 0 with *answer {"ok": true, "campaign", "seat", "side", "captain",
 * "new_captain"} (the welcome mail queued) or {"ok": false, "campaign",
 * "error"}; a DB_ code with err. No transaction may be open. A newcomer to
 * the campaign with no valid CONFIRM line in text (the mail's): {"ok":
 * false, "confirm": true, "campaign", "command", and "token" (a new one)
 * or "wrong" (the line did not match)}, nothing done. text NULL: no
 * confirmation asked.
 */
int signup_join(struct db *db, const struct db_captain *caps, size_t ncaps, const char *sender,
		const char *from_name, const char *campaign, const char *seat, const char *side,
		const char *text, long long mail_id, time_t now, json_t **answer, char *err,
		size_t errlen);

/*
 * With email NULL: 1 when campaign name takes observers by mail now (its
 * sign-up is by mail, and it is not over); with email: 1 when that
 * address observes it. 0, or a DB_ code.
 */
int signup_observable(struct db *db, const char *name, const char *email, char *err,
		      size_t errlen);
/*
 * OBSERVE (on) or UNOBSERVE: the sender gets the campaign's public
 * bulletin each turn, or no longer. Answers as signup_join does ({"ok",
 * "campaign", "on"}), a CONFIRM asked as it does too: an OBSERVE from an
 * address that neither observes the campaign nor has a captain in it
 * (caps).
 */
int signup_observe(struct db *db, const struct db_captain *caps, size_t ncaps,
		   const char *campaign, const char *sender, int on, const char *text, time_t now,
		   json_t **answer, char *err, size_t errlen);

#endif
