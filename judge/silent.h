/*
 * silent: the orders the judge seals for seats due that sent none, and
 * the seats' own records after a turn, for every game (judge/silent.c).
 * Each runs in the caller's transaction and returns a db code; plan is
 * the turn's {SEAT: orders}, to which sealed orders are added.
 *
 * Ownership: arguments are borrowed; nothing is kept.
 */
#ifndef MX_SILENT_H
#define MX_SILENT_H

#include <jansson.h>
#include <stddef.h>

struct db;
struct db_campaign;
struct db_turn;
struct ruleset;

/*
 * The judge's forfeit ({"judge": "forfeit", "reason": "abandoned"}) for
 * each seat of waiting that sent nothing; days the idle limit it names.
 */
int play_forfeit_silent(struct db *db, const struct db_campaign *c, const struct db_turn *t,
			const json_t *waiting, json_t *plan, int days, const char *now_text,
			char *err, size_t errlen);
/* The game's bot (rs->bot) for each seat of waiting that sent nothing, one at a time. */
int play_autopilot_silent(struct db *db, const struct db_campaign *c, const struct ruleset *rs,
			  const struct db_turn *t, const json_t *before, const json_t *waiting,
			  json_t *plan, const char *now_text, char *err, size_t errlen);
/* The same for a game whose bot plans the silent seats together (rs->bots). */
int play_bots_silent(struct db *db, const struct db_campaign *c, const struct ruleset *rs,
		     const struct db_turn *t, const json_t *before, const json_t *waiting,
		     json_t *plan, const char *now_text, char *err, size_t errlen);
/*
 * The seats' data after a turn as the game keeps it (rs->turn_records;
 * nothing without it), outcome {"state", "events"}.
 */
int play_turn_records(struct db *db, long long campaign_id, const struct ruleset *rs,
		      const json_t *outcome, char *err, size_t errlen);

#endif
