/*
 * play: the judge's campaign verbs for any game behind core/ruleset.h.
 * process_turn is the one turn driver of every game, Hovercrafts too:
 * the steps Hovercrafts still takes its own way are in cmd/steps.h. Its
 * start, submission and reports are not on this driver yet (cmd/series.c,
 * judge/submit.c, cmd/reporting.c). The game's state, orders and events are
 * the ruleset's JSON; the judge stores them (turns, orders with their
 * reading, events with who may see them, the draws log, the sealed root),
 * queues each seat the report of what it may see, and replays.
 *
 * Draws: the open stream of a turn is its seed (sealed before orders are
 * due, revealed with the turn, as for Hovercrafts); the sealed stream
 * comes from the campaign's root, committed when the game starts and
 * revealed when it ends.
 *
 * Ownership: nothing is kept between calls; results are the caller's.
 */
#ifndef MX_PLAY_H
#define MX_PLAY_H

#include <jansson.h>
#include <time.h>

#include "cmd.h"
#include "judge/game.h"
#include "judge/packs.h"
#include "judge/published.h"
#include "judge/remind.h"
#include "judge/seal.h"
#include "judge/submit.h"
#include "turnshow.h"

/* 1 when the campaign's game goes through this driver. */
int play_is_generic(const char *ruleset);

/* `campaign start` of such a campaign: setup, first reports. An exit code. */
int play_start(struct cmd_ctx *ctx, const char *name, time_t now);
/* The same with a root drawn before (a duplicate set's), or NULL for a new one. */
struct db_root;
int play_start_root(struct cmd_ctx *ctx, const char *name, time_t now, const struct db_root *given);
/*
 * The open turn of a campaign as play_process_one; with forfeit, now,
 * whatever the deadline, the judge ending the game for every seat due
 * that sent nothing (the ruleset's forfeit hook).
 */
int play_process_turn(struct cmd_ctx *ctx, const char *name, time_t now, int dry, int forfeit,
		      int *due, int *resolved);
/*
 * Resolves the open turn of campaign name if it is due (the deadline
 * passed; or early processing, or a solo game, and every seat due has
 * orders). With dry, stops before claiming: *due says whether it would.
 * 0 with *resolved set, or an exit code after printing the error.
 */
int play_process_one(struct cmd_ctx *ctx, const char *name, time_t now, int dry, int *due,
		     int *resolved);

/*
 * A solo game's turn resolved as its orders are sealed (judge/submit.c):
 * the report answers mail answer_id of seat seat_id in place of its
 * receipt. An exit code; EXIT_TEMPFAIL leaves the turn to `process`.
 */
int play_answer_turn(struct db *db, const char *name, time_t now, long long answer_id,
		     long long seat_id);

/*
 * `report` of such a campaign: turn (-1: the last resolved) as seat saw it
 * (NULL: the public), replayed from the stored inputs; printed, or
 * appended to sink when it is not NULL. An exit code.
 */
struct db_campaign;
struct judge_settings;
struct strbuf;
int play_report(struct cmd_ctx *ctx, const struct db_campaign *c, const struct judge_settings *s,
		const char *seat, long turn, int json, struct strbuf *sink);
/*
 * `verify` and `replay` of such a campaign (cmd/verify.c prints the
 * verdict): stored turn n replayed from its stored inputs, seed and
 * sealed root, the state and every draw compared. 0 when it agrees,
 * with the draws replayed in *draws; 1 when it differs, why in err;
 * EXIT_DATAERR when there is no such resolved turn; another exit code.
 * seed gets the turn's seed once the turn is found ("" before).
 */
int play_verify_turn(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		     int n, size_t *draws, char *seed, size_t seedlen, char *err, size_t errlen);

/* `campaign reveal NAME`: publishes the sealed root now (the game master's choice). */
int play_reveal(struct cmd_ctx *ctx, int argc, char **argv);

#endif
