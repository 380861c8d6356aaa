/*
 * turnshow: `turn show` of a campaign of any game behind core/ruleset.h
 * (cmd/turnshow.c).
 *
 * Ownership: the arguments are borrowed; nothing is kept.
 */
#ifndef MX_CMD_TURNSHOW_H
#define MX_CMD_TURNSHOW_H

struct cmd_ctx;
struct db_campaign;
struct judge_settings;

/* `turn show` of such a campaign: what the public may know of turn number. */
int play_turn_show(struct cmd_ctx *ctx, const struct db_campaign *c,
		   const struct judge_settings *s, int number, int json);

#endif
