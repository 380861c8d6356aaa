/*
 * remind: `mail remind` for a campaign of any game behind core/ruleset.h
 * (judge/remind.c).
 *
 * Ownership: the arguments are borrowed; the reminders are queued in the
 * outbox.
 */
#ifndef MX_JUDGE_REMIND_H
#define MX_JUDGE_REMIND_H

#include <stddef.h>
#include <time.h>

struct cmd_ctx;
struct db_campaign;

/* `mail remind` for such a campaign: one reminder per silent seat due, counted in *queued. */
int play_remind(struct cmd_ctx *ctx, const struct db_campaign *c, int hours, time_t now,
		size_t *queued);

#endif
