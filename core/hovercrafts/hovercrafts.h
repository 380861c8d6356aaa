/*
 * hovercrafts: what the Hovercrafts ruleset (core/hovercrafts/ruleset.c)
 * offers the judge beyond the generic hooks, for callers that keep the
 * engine's structs (reports, simulate, the campaign-series glue).
 *
 * Ownership: json_t * results are new references; states, plans and
 * event lists are the caller's.
 */
#ifndef MX_HOVERCRAFTS_H
#define MX_HOVERCRAFTS_H

#include <jansson.h>
#include <stddef.h>

#include "core/hovercrafts/dice.h"
#include "core/draw.h"
#include "core/hovercrafts/event.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/turn.h"

/* Every d6 an open draw labelled "CHECK SHIP" (the source is borrowed). */
struct dice_source hover_dice_from_draws(struct draw_source *draws);

/* A dice file's queue as a draw source: its lines and its messages kept. */
struct draw_source hover_draws_from_queue(struct dice_queue *q, struct draw_log *log);

/*
 * Orders by ship ({"Minx": ["MOVE", ...]} or {"Minx": {"actions": [...],
 * "autopilot": true}}) to plans for every ship of st. 0 or -1.
 */
int hover_plans_from_json(const struct game_state *st, const json_t *orders,
			  struct turn_plan *plans, char *err, size_t errlen);
json_t *hover_plans_to_json(const struct game_state *st, const struct turn_plan *plans);

/*
 * The turn itself on structs: st is changed in place (resolve a copy),
 * plans and events filled. What the ruleset's resolve hook and every
 * judge path that needs the structs call. 0 or -1.
 */
int hover_turn(struct game_state *st, const json_t *orders, struct draw_source *draws,
	       struct turn_plan *plans, struct event_list *ev, char *err, size_t errlen);

/* {"state","events","story"} of a played turn. */
json_t *hover_outcome(const struct game_state *st, const struct event_list *ev);

#endif
