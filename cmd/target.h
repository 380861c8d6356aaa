/*
 * target: what a command acts on, resolved in one place (as tmux resolves
 * a command's target from its entry's flags): the campaign named on the
 * command line with its settings, and, when the command names one, its
 * seat. Every error is said here, with the exit code the command returns.
 *
 * Ownership: a cmd_target owns its campaign and settings;
 * cmd_target_release() frees them (and rolls back a write transaction
 * not committed) in every case after cmd_target().
 */
#ifndef MX_CMD_TARGET_H
#define MX_CMD_TARGET_H

#include "cmd.h"
#include "db/db.h"
#include "judge/judge.h"

enum cmd_target_flags {
	CMD_TARGET_WRITE = 1 << 0,	/* loaded under a write transaction the command commits */
	/* The campaign alone: its settings are not read (nor refused when they do not parse). */
	CMD_TARGET_CAMPAIGN = 1 << 1,
	/* A missing campaign said as "no campaign named 'NAME'" alone (press's listings). */
	CMD_TARGET_TERSE = 1 << 2
};

struct cmd_target {
	struct db_campaign c;
	struct judge_settings s;
	struct db_seat seat;		/* the seat named, when one was */
	int loaded;			/* c and s are to be released */
	int write;			/* a transaction was begun */
};

/*
 * Loads campaign name (under a write transaction with CMD_TARGET_WRITE),
 * with its settings unless CMD_TARGET_CAMPAIGN, and, unless seat is
 * NULL, its seat of that name. 0, or an exit code after saying why: 65
 * no such campaign or seat, 75 busy, 1.
 */
int cmd_target(struct cmd_ctx *ctx, const char *name, const char *seat, int flags,
	       struct cmd_target *t);
void cmd_target_release(struct cmd_ctx *ctx, struct cmd_target *t);

#endif
