/*
 * press: messages between captains relayed by the judge (PRESS and
 * BROADCAST by mail, core/desk.h; `mxjudge press list`, `press send`).
 * Ownership: *answer is a new reference; the rest is borrowed.
 */
#ifndef MX_PRESS_H
#define MX_PRESS_H

#include <jansson.h>
#include <time.h>

#include "cmd/cmd.h"
#include "core/secret.h"

struct db;
struct db_captain;

/*
 * Sends message from the sender (captains caps, by the mail's address) in
 * campaign to one seat, "SIDE" or "ALL", checking the credential of
 * mail_text and the campaign's press settings. 0 with *answer
 * {"ok": true, "campaign", "to": [SEAT...], "anonymous"} or {"ok": false,
 * "campaign", "error"}; a DB_ code with err for the judge's own trouble.
 * No transaction may be open (a wrong secret is recorded in its own).
 */
int press_send(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
	       const char *to, int anonymous, const char *message, const char *mail_text,
	       const char *sender, long long mail_id, const char *now_text, time_t now,
	       json_t **answer, char *err, size_t errlen);

/*
 * SET WAIT / SET NOWAIT by mail: the sender's seat in campaign holds (or
 * no longer holds) the early resolution until the deadline. Answers as
 * press_send does ({"ok", "campaign", "seat", "wait", "early"}).
 */
int press_set_wait(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
		   int wait, const char *mail_text, const char *sender, time_t now, json_t **answer,
		   char *err, size_t errlen);


struct db_campaign;
struct db_ship;
struct judge_settings;
/*
 * A desk mail from an address not on file may carry a credential: a
 * PASSWORD line and a SHIP (or SEAT) line naming a seat of campaign. 1
 * with *cap that seat's captain when the password is the captain's (one
 * hash: the work before the sender is known stays bounded); 0 when the
 * mail carries none, a wrong one (counted by the lockout guard, never
 * answered) or the seat is locked; or a DB_ code with err.
 */
int press_credential(struct db *db, const char *campaign, const char *mail_text,
		     const char *sender, time_t now, struct db_captain *cap, char *err,
		     size_t errlen);
/*
 * Who sends a desk command for a seat of campaign c (settings s, seats
 * ships): the first seat of captain cap whose CODE or PASSWORD is on a
 * line of mail_text, checked as orders are (lockout guard; a wrong secret
 * recorded in its own transaction, so none may be open). password_only:
 * a CODE does not do (changes of address or password, a second seat: a
 * CODE is in every report, and reports get forwarded). 0 with *from; 1
 * refused with why for the sender (what names the command); or a DB_ code.
 */
int press_seat_auth(struct db *db, const struct db_captain *cap, const struct db_campaign *c,
		    const struct judge_settings *s, struct db_ship *ships, size_t n,
		    const char *mail_text, const char *sender, time_t now, const char *what,
		    int password_only, struct db_ship **from, char *why, size_t whylen, char *err,
		    size_t errlen);
/*
 * The first PASSWORD (or, unless password_only, CODE) line of text outside
 * press bodies: 1 with its kind and value in out, else 0.
 */
int press_mail_secret(const char *text, int password_only, enum secret_kind *kind, char *out,
		      size_t len);

#endif
