/*
 * duplicate: many players each play their own game of one solo ruleset
 * on the same sealed deal (`campaign new NAME --game GAME --duplicate`).
 * The set is a campaign that holds no game itself; each `join` opens a
 * run of it, campaign NAME.1, NAME.2 ..., with the set's settings and data
 * packs. `start` draws one root and starts every run from it, so every
 * run has the same deal and the same faces in every sealed queue. A run
 * that ends keeps the root sealed; the set closes when every run has
 * ended, or when the game master closes it (runs still going are ended by
 * the judge as abandoned): then the root is revealed in every run, the
 * runs are ranked by the ruleset's compare hook with matchpoints, and
 * every runner is mailed the ranking and the root.
 *
 * Ownership: arguments are borrowed.
 */
#ifndef MX_DUPLICATE_H
#define MX_DUPLICATE_H

#include <time.h>

#include "cmd/cmd.h"
#include "judge.h"

struct db_campaign;

/*
 * Opens the next run of set (status open) and writes its name in run: 0,
 * or an exit code after saying why.
 */
int duplicate_new_run(struct cmd_ctx *ctx, const struct db_campaign *set,
		      const struct judge_settings *s, time_t now, char *run, size_t len);
/* `campaign start` of a set: one root, every run started from it. An exit code. */
int duplicate_start(struct cmd_ctx *ctx, const char *set, time_t now);
/* A run of set has ended: closes the set when it was the last. An exit code. */
int duplicate_run_over(struct cmd_ctx *ctx, const char *set, time_t now);
/*
 * Is the campaign of settings s a run of a duplicate set that has not
 * closed? Every run has the same deal, so another run's turns are a
 * runner's own future draws: until the set closes a run's turns, status
 * and bulletins are its runner's alone. 1 yes, 0 no, or -1 with err.
 */
int duplicate_run_private(struct db *db, const struct judge_settings *s, char *err,
			  size_t errlen);
/*
 * Closes the set name (or shows its ranking once closed), printing it when
 * print, as JSON when json. An exit code.
 */
int duplicate_close(struct cmd_ctx *ctx, const char *name, time_t now, int print, int json);

#endif
