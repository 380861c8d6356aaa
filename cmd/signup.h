/*
 * signup: players joining by mail (the mail desk's JOIN, core/desk.h), for
 * campaigns the game master opened for it (`campaign set NAME signup
 * mail`), in every game: the seat is checked as `campaign join` checks it,
 * and a welcome mail (template welcome) carries the password, the rules
 * summary and what happens next; once sent, its PASSWORD line is blanked.
 *
 * Ownership: *answer is a new reference; the rest is borrowed.
 */
#ifndef MX_SIGNUP_H
#define MX_SIGNUP_H

#include <jansson.h>
#include <time.h>

struct db;
struct db_captain;
struct judge_settings;
struct ruleset;

/* The most seats a campaign of game with settings s can have, as JOIN fills them. */
int signup_max_seats(const struct ruleset *game, const struct judge_settings *s);

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
 * "error"}; a DB_ code with err. No transaction may be open.
 */
int signup_join(struct db *db, const struct db_captain *caps, size_t ncaps, const char *sender,
		const char *from_name, const char *campaign, const char *seat, const char *side,
		long long mail_id, time_t now, json_t **answer, char *err, size_t errlen);

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
 * "campaign", "on"}).
 */
int signup_observe(struct db *db, const char *campaign, const char *sender, int on, time_t now,
		   json_t **answer, char *err, size_t errlen);

#endif
