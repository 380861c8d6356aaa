/*
 * series: the commands of a campaign as a series of battles (rulings 11):
 * starting each battle (scenario, board, who is out for repairs) and the
 * game master's tools. The judge's service beneath them (the end of a
 * battle, standings, UPGRADE orders) is judge/series.h; the rules are
 * core/campaign and core/scenario; the SQL is db/battles.
 *
 * Ownership: functions returning json_t * give a new reference.
 */
#ifndef MX_SERIES_H
#define MX_SERIES_H

#include <jansson.h>
#include <stddef.h>
#include <time.h>

#include "cmd.h"
#include "db/db.h"
#include "judge/judge.h"
#include "judge/series.h"

/*
 * Starts the next battle of an "open" campaign, in one transaction: the
 * `campaign start` and `campaign next-battle` commands. scenario and
 * flagship may be NULL. Prints the error; returns an exit code.
 */
int series_start_battle(struct cmd_ctx *ctx, const char *campaign, const char *scenario,
			const char *flagship, time_t now);

/*
 * For process: starts the next battle of an "open" campaign when its
 * auto_next_hours have passed since the last battle ended. An exit code
 * (0 when there was nothing to start).
 */
int series_auto_next(struct cmd_ctx *ctx, const struct db_campaign *c, time_t now);

/*
 * For the report after a battle that more battles follow (rulings 11):
 * adds "between" to a captain's model: the next battle and when it
 * starts, and for each ship of captain_id its points and an UPGRADE
 * block with the price of each next step and the order CODE for
 * code_turn (made when create, else only read). Nothing when c is not
 * between battles. 0 or -1 with err. In cmd/series_between.c.
 */
int series_between_model(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
			 long long captain_id, int code_turn, int create, json_t *model, char *err,
			 size_t errlen);

/* Prints series_standings_json's battles and standings (with each ledger if asked). */
void series_print_standings(const json_t *o, int ledger);

int campaign_next_battle(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_adjust(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_replace_captain(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_assign(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_remove_ship(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_standings(struct cmd_ctx *ctx, int argc, char **argv);
int campaign_undo(struct cmd_ctx *ctx, int argc, char **argv);

#endif
