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
struct db_seat;
struct judge_settings;
/* Who a press goes to and from (press_relay()). */
struct press_relay {
	const char *from;	/* the sender's seat, or "the game master" */
	const char *copy_from;	/* the name in the game master's copy; NULL: no copy */
	int anonymous;
	int all;		/* to everyone */
	const char *team;	/* to this side (NULL: not a side) */
	const char *seat;	/* to this seat (NULL: not a seat) */
	long long skip;		/* the sender's captain, who gets none */
	const char *key;	/* "press/MAIL" (or "press/gm-..."): each copy's key starts so */
	const char *message;	/* redacted already */
};

/* The sender the game master's press names. */
#define PRESS_GM "the game master"

/*
 * Queues press r to the captains of ships it is for (a captain once), in
 * one transaction, and the game master's copy. 0 with *names the seats it
 * went to (empty: nothing written); or a DB_ code with err.
 */
struct db_campaign;
struct db_seat;
struct judge_settings;
int press_relay(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		const struct db_seat *ships, size_t n, const struct press_relay *r,
		const char *now_text, json_t **names, char *err, size_t errlen);

#endif
