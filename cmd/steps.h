/*
 * steps: what a game still does its own way inside the one turn driver
 * (cmd/play.c's process_turn). The driver claims the turn, reads the
 * deadline, absences and votes, re-reads orders sealed before their
 * reading was stored (read_orders, RULESET_ORDERS_SEALED), stores the
 * state after, opens the next turn and commits, for every game. A game
 * whose storage predates the ruleset seam (Hovercrafts: a dice table and
 * ship records; battles in series; reports per captain) hands the driver
 * these steps;
 * each is a hook core/ruleset.h does not have yet. A new game has none.
 *
 * Ownership: a play_turn is the driver's; what a step keeps in its game
 * pointer is freed by its end step. Returned json_t * are new references.
 */
#ifndef MX_STEPS_H
#define MX_STEPS_H

#include <jansson.h>
#include <stddef.h>
#include <time.h>

#include "db/db.h"
#include "lib/strbuf.h"

struct db;
struct db_campaign;
struct db_order;
struct db_turn;
struct judge_settings;
struct ruleset;

/* One turn being resolved. */
struct play_turn {
	struct db *db;
	struct db_campaign *c;		/* the steps may set status and result */
	const struct judge_settings *s;
	const struct db_turn *t;
	const struct ruleset *rs;
	const char *now_text;
	time_t now;
	void *game;			/* the steps' own (begin to end) */
};

struct play_steps {
	/* Reads the stored state its own way: 0, or -1 with err. */
	int (*begin)(struct play_turn *pt, char *err, size_t errlen);
	void (*end)(struct play_turn *pt);
	/* The turn played: the state after as stored text (new), or NULL with err. */
	char *(*resolve)(struct play_turn *pt, const json_t *plan, char *err, size_t errlen);
	/* The outcome stored beside the state (events, dice, records). A db code. */
	int (*store)(struct play_turn *pt, char *err, size_t errlen);
	/* The game is over: the campaign's status and result. A db code. */
	int (*over)(struct play_turn *pt, char *err, size_t errlen);
	/* The reports of the turn queued; deadline the next turn's (0: over). A db code. */
	int (*queue)(struct play_turn *pt, time_t deadline, char *err, size_t errlen);
};

/* The steps of a game, or NULL when the driver does everything. */
const struct play_steps *play_steps_of(const struct ruleset *rs);

extern const struct play_steps hover_steps;

#endif
