/*
 * seat: the preamble every seat command by mail shares (the mail desk,
 * core/desk.h: press, SET WAIT, VOTE, the account commands, a second
 * seat). seat_open() finds the campaign, its settings and the sender's
 * captain in it; the command says whether it takes the mail (a finished
 * campaign, press off...) with seat_refuse(); seat_auth() then finds the
 * seat whose CODE or PASSWORD the mail carries, checked as orders are.
 * Each returns 0 to go on, 1 with *answer {"ok": false, "campaign",
 * "error"} for the sender, or a DB_ code with err.
 *
 * Ownership: a seat_cmd owns its campaign, settings and seats, freed by
 * seat_release() in every case after seat_open(); a->cap points into the
 * caller's caps, a->from into a->ships. *answer is a new reference.
 */
#ifndef MX_SEAT_H
#define MX_SEAT_H

#include <jansson.h>
#include <stddef.h>
#include <time.h>

#include "core/secret.h"
#include "db/db.h"
#include "judge.h"

struct seat_cmd {
	struct db_campaign c;
	struct judge_settings s;
	const struct db_captain *cap;	/* the sender's captain in c, or NULL: plays no seat */
	struct db_seat *ships;		/* c's seats, from seat_auth() */
	size_t n;
	struct db_seat *from;		/* the seat the mail speaks for, from seat_auth() */
	int loaded;			/* c is to be released */
};

int seat_open(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
	      struct seat_cmd *a, json_t **answer, char *err, size_t errlen);
/*
 * The seat of a->cap that sends the command (what names it in a refusal;
 * password_only: a CODE does not do), into a->from. No transaction may be
 * open: a wrong secret is recorded in its own.
 */
int seat_auth(struct db *db, struct seat_cmd *a, const char *mail_text, const char *sender,
	      time_t now, const char *what, int password_only, json_t **answer, char *err,
	      size_t errlen);
/* Refuses the command with why: 1 with *answer (DB_ERROR out of memory). */
int seat_refuse(struct seat_cmd *a, const char *why, json_t **answer);
void seat_release(struct seat_cmd *a);
/*
 * Forgets a mail's new password once it is answered: wipes the password
 * and its hash and drops "password" from the mail's data, then releases
 * the data (NULL is fine), so no secret outlives the command.
 */
void seat_forget_secret(char *pw, size_t pwlen, char *hash, size_t hashlen, json_t *data);
/* {"ok": false, "campaign", "error": why}, or NULL out of memory. */
json_t *seat_refused(const char *campaign, const char *why);

/*
 * seat_auth() over the caller's own campaign c, settings s and seats:
 * the first seat of captain cap whose CODE or PASSWORD is on a line of
 * mail_text, checked as orders are (lockout guard; a wrong secret
 * recorded in its own transaction, so none may be open). password_only:
 * a CODE does not do (changes of address or password, a second seat: a
 * CODE is in every report, and reports get forwarded). 0 with *from; 1
 * refused with why for the sender (what names the command); or a DB_ code.
 */
int seat_auth_in(struct db *db, const struct db_captain *cap, const struct db_campaign *c,
		 const struct judge_settings *s, struct db_seat *ships, size_t n,
		 const char *mail_text, const char *sender, time_t now, const char *what,
		 int password_only, struct db_seat **from, char *why, size_t whylen, char *err,
		 size_t errlen);
/*
 * The first PASSWORD (or, unless password_only, CODE) line of text outside
 * press bodies: 1 with its kind and value in out, else 0.
 */
int seat_mail_secret(const char *text, int password_only, enum secret_kind *kind, char *out,
		     size_t len);
/*
 * A desk mail from an address not on file may carry a credential: a
 * PASSWORD line and a SHIP (or SEAT) line naming a seat of campaign. 1
 * with *cap that seat's captain when the password is the captain's (one
 * hash: the work before the sender is known stays bounded); 0 when the
 * mail carries none, a wrong one (counted by the lockout guard, never
 * answered) or the seat is locked; or a DB_ code with err.
 */
int seat_credential(struct db *db, const char *campaign, const char *mail_text,
		    const char *sender, time_t now, struct db_captain *cap, char *err,
		    size_t errlen);

#endif
