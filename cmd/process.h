/*
 * process: the cron job's one turn of a campaign, by its game's driver.
 * Ownership: nothing is kept; name is borrowed.
 */
#ifndef MX_PROCESS_H
#define MX_PROCESS_H

#include <time.h>

#include "cmd.h"

/*
 * Resolves campaign name's open turn now if it is due (a vote that passed
 * makes it due at once: judge/vote.h), as `mxjudge process` would. 0, or an
 * exit code after printing the error.
 */
int process_now(struct cmd_ctx *ctx, const char *name, time_t now);

#endif
