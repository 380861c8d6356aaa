/*
 * reporting: turns a stored campaign turn into the report data model of
 * core/hovercrafts/report.h and into rendered mails. A resolved turn is replayed from
 * its stored inputs (state before, current sealed orders, seed); the
 * replay must give the stored state after, or the turn is reported as
 * inconsistent instead of told wrongly.
 *
 * Ownership: a turn_replay owns its states and events
 * (turn_replay_release). reporting_model() returns a new json reference.
 */
#ifndef MX_REPORTING_H
#define MX_REPORTING_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/hovercrafts/event.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/turn.h"
#include "db/db.h"
#include "judge/judge.h"

struct turn_replay {
	struct db_turn turn;
	struct game_state before;
	struct game_state after;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list events;
};

void turn_replay_init(struct turn_replay *r);
void turn_replay_release(struct turn_replay *r);

/*
 * Orders by ship (core/hovercrafts/hovercrafts.h) from the current sealed
 * orders of a turn. Orders whose understood text starts with
 * REPORTING_AUTOPILOT are the autopilot's (setting bot_plays_silent;
 * cmd/process.c seals them like a captain's so every replay reads them):
 * they are marked so. NULL with err.
 */
#define REPORTING_AUTOPILOT "AUTOPILOT\n"
json_t *reporting_orders(const struct game_state *st, const struct db_order *o, size_t n,
			 char *err, size_t errlen);
/*
 * Adds ship's orders from one text (a submission, or the understood text
 * `turn show` publishes, REPORTING_AUTOPILOT first for the autopilot's)
 * to orders. 0 or -1.
 */
int reporting_add_order(const struct game_state *st, const char *ship, const char *text,
			const char *name, int flags, int autopilot, json_t *orders, char *err,
			size_t errlen);
/*
 * The judge's one turn: before + orders + the turn's seed -> after (a
 * copy it makes), plans, events, played under rules_version (GAME_RULES_*:
 * a stored turn under the version it was resolved under). Every path that
 * plays a stored or published turn comes here (process, replay, report,
 * verify). 0 or -1.
 */
int reporting_play(const struct game_state *before, const json_t *orders, uint64_t seed,
		   int rules_version, struct game_state *after, struct turn_plan *plans, struct event_list *ev,
		   char *err, size_t errlen);

/* Replays resolved turn `turn` of c. Returns an exit code (0 ok). */
int reporting_replay(struct db *db, const struct db_campaign *c, int turn,
		     struct turn_replay *r, char *err, size_t errlen);

/* The model for a played turn: times in the campaign's zone, captains' names. */
json_t *reporting_model(struct db *db, const struct db_campaign *c,
			const struct judge_settings *s, const struct turn_replay *r,
			char *err, size_t errlen);
/* The same, from parts (used by process, which has them at hand). */
json_t *reporting_model_parts(struct db *db, const struct db_campaign *c,
			      const struct judge_settings *s, int turn,
			      const struct game_state *before, const struct game_state *after,
			      const struct event_list *ev,
			      const struct turn_plan *plans, const char *resolved_at_utc,
			      const char *deadline_utc, char *err, size_t errlen);
/*
 * Adds the "captain" part for ship idx (its captain from the database),
 * with the order code for next_turn when the campaign has a key, and
 * between battles the UPGRADE block the report after the battle carried.
 */
int reporting_for_ship(struct db *db, const struct db_campaign *c,
		       const struct judge_settings *settings, json_t *model,
		       const struct game_state *after, int idx, int next_turn, char *err,
		       size_t errlen);

/* The campaign's own templates directory (setting "templates"), or NULL. */
const char *reporting_templates_dir(const struct judge_settings *s);
/* The game whose templates folder the campaign's mails look in first: its ruleset. */
const char *reporting_game(const struct judge_settings *s);

/*
 * The public report (the bulletin) of campaign name's resolved turn, any
 * game, appended to sink, as `mxjudge report NAME --turn TURN` prints it
 * (cmd/report.c). An exit code: EXIT_DATAERR for a setup turn (its
 * reports are the captains' own) or a campaign or turn that is not there.
 */
struct strbuf;
int report_public(struct db *db, const char *name, int turn, struct strbuf *sink);

#endif
