/*
 * account: a captain's own settings by mail (the mail desk, core/desk.h):
 * SET ADDRESS, SET PASSWORD, FORGOT, SET ABSENCE; `mxjudge campaign
 * absence`; and what an absence does at a deadline (process, play).
 *
 * Each mail command answers as press_send does: 0 with *answer {"ok":
 * true, "campaign", ...} or {"ok": false, "campaign", "error"} for the
 * sender; a DB_ code with err for the judge's own trouble. No transaction
 * may be open. caps are the captains the sender's address is on file for.
 *
 * Ownership: *answer is a new reference; the rest is borrowed.
 */
#ifndef MX_ACCOUNT_H
#define MX_ACCOUNT_H

#include <jansson.h>
#include <time.h>

#include "cmd/cmd.h"

struct db;
struct db_captain;
struct db_campaign;
struct judge_settings;

/* Passwords a captain may choose: this long, printable ASCII without blanks or '#'. */
#define ACCOUNT_PASSWORD_MIN 8
#define ACCOUNT_PASSWORD_MAX 64

/* SET ADDRESS: address becomes the captain's; the old one stays a sender and is told. */
int account_set_address(struct db *db, const struct db_captain *caps, size_t ncaps,
			const char *campaign, const char *address, const char *mail_text,
			const char *sender, long long mail_id, time_t now, json_t **answer,
			char *err, size_t errlen);
/* SET PASSWORD: the new one replaces the old and any pending one. */
int account_set_password(struct db *db, const struct db_captain *caps, size_t ncaps,
			 const char *campaign, const char *password, const char *mail_text,
			 const char *sender, time_t now, json_t **answer, char *err, size_t errlen);
/*
 * FORGOT: a new pending password mailed to the captain's address on file
 * (never to another), at most once a day; the old one keeps working.
 */
int account_forgot(struct db *db, const struct db_captain *caps, size_t ncaps,
		   const char *campaign, time_t now, json_t **answer, char *err, size_t errlen);
/* SET ABSENCE: from day FROM to day TO (YYYY-MM-DD, UTC), within the campaign's absence_days. */
int account_set_absence(struct db *db, const struct db_captain *caps, size_t ncaps,
			const char *campaign, const char *from, const char *to,
			const char *mail_text, const char *sender, time_t now, json_t **answer,
			char *err, size_t errlen);

/*
 * At a deadline, in the caller's transaction: of the seats in silent
 * (names of seats without orders), away[i] says whose captain is away at
 * `at` (SET ABSENCE) and which seat is vacant (RESIGN, cmd/seats.h: the
 * autopilot flies it, where the game has one). *until: the latest end of
 * those absences (0: nobody away). A DB_ code.
 */
enum { ACCOUNT_PRESENT = 0, ACCOUNT_AWAY, ACCOUNT_VACANT };
int account_away(struct db *db, const struct db_campaign *c, time_t at, const char *const *silent,
		 size_t nsilent, time_t *until, int *away, size_t maxaway, char *err, size_t errlen);

/*
 * RESIGN: the seat (seat, or NULL: the one the mail's secret is for) goes
 * vacant: to a captain row of its own ("vacant SEAT") at the game master's
 * address (gm_email, required), with a fresh code salt; the autopilot flies
 * it where the game has one; the game master gets a notice (seat-vacant)
 * naming the standby list.
 */
int account_resign(struct db *db, const struct db_captain *caps, size_t ncaps,
		   const char *campaign, const char *seat, const char *mail_text,
		   const char *sender, long long mail_id, time_t now, json_t **answer, char *err,
		   size_t errlen);
/*
 * TAKEOVER: a vacant seat to the sender, who must be on the campaign's
 * standby list, when the campaign allows it (setting takeover); a welcome
 * mail with a new password (none for a captain of the campaign already).
 * The mail (mail_text) carries the captain's PASSWORD or the command's
 * CONFIRM line (signup_vouch, judge/signup.h): else the answer asks for it
 * ({"ok": false, "confirm": true, ...}) and nothing is done. mail_text
 * NULL: nothing asked.
 */
int account_takeover(struct db *db, const struct db_captain *caps, size_t ncaps,
		     const char *campaign, const char *seat, const char *mail_text,
		     const char *sender, long long mail_id, time_t now, json_t **answer, char *err,
		     size_t errlen);
/* 1 when email is on the standby list of campaign, 0 not (or no such campaign), or a DB_ code. */
int account_on_standby(struct db *db, const char *campaign, const char *email, char *err,
		       size_t errlen);
/* A day YYYY-MM-DD as the UTC midnight that starts it; 0 or -1. */
int account_parse_day(const char *s, time_t *out);

#endif
