/*
 * campaign: the verbs of `mxjudge campaign` that live beside its table
 * (cmd/campaign.c): seats in cmd/campaign_seats.c, the clock in
 * cmd/campaign_clock.c. Each is a struct cmd run function.
 *
 * Ownership: nothing is kept between calls.
 */
#ifndef MX_CMD_CAMPAIGN_H
#define MX_CMD_CAMPAIGN_H

#include "cmd.h"

/* cmd/campaign_seats.c */
int campaign_join(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_unlock(struct cmd_ctx *ctx, int argc, char **argv);
/* `campaign absence NAME [--json]`, or `... NAME --ship SHIP --from DAY --to DAY`. */
int campaign_absence(struct cmd_ctx *ctx, int argc, char **argv);
/* `campaign standby NAME [--add ADDRESS --name CAPTAIN | --remove ADDRESS] [--json]`. */
int campaign_standby(struct cmd_ctx *ctx, int argc, char **argv);

/* cmd/campaign_clock.c */
int campaign_start(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_pause(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_resume(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_extend(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_close(struct cmd_ctx *ctx, int argc, char **argv);

#endif
