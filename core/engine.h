/*
 * engine: the one pure turn function and the judge's defaults around the
 * ruleset hooks (core/ruleset.h). Everything that plays, replays, verifies
 * or tests a turn of any game (process, replay, report, verify, adjudicate,
 * test, undo) goes through engine_resolve(); the judge around it only
 * loads, stores and mails.
 *
 * Ownership: an engine_turn owns its three documents (engine_turn_release);
 * functions returning json_t * give a new reference; arguments are
 * borrowed.
 */
#ifndef MX_ENGINE_H
#define MX_ENGINE_H

#include <jansson.h>
#include <stddef.h>

#include "draw.h"
#include "ruleset.h"

struct engine_turn {
	json_t *state;		/* the next state */
	json_t *events;		/* in order; "to" marks those addressed to seats */
	json_t *story;		/* paragraphs for people */
};

void engine_turn_init(struct engine_turn *t);
void engine_turn_release(struct engine_turn *t);

/*
 * The settings a game is played with: given (a JSON object, may be NULL)
 * with every declared default added, each value checked against its
 * declaration, unknown keys refused, then the ruleset's own check. NULL
 * with "KEY: expected ..." in err.
 */
json_t *engine_settings(const struct ruleset *rs, const json_t *given, const json_t *data,
			char *err, size_t errlen);
/* Converts one `KEY=VALUE` text value by its declaration; NULL with err. */
json_t *engine_setting_value(const struct ruleset *rs, const char *key, const char *value,
			     char *err, size_t errlen);

/* The first state (turn 0's outcome): 0, or -1 with err. */
int engine_setup(const struct ruleset *rs, const json_t *settings, const json_t *data,
		 const json_t *seats, struct draw_source *draws, struct engine_turn *out,
		 char *err, size_t errlen);

/*
 * The one pure turn function: state + orders by seat ({SEAT: what
 * read_orders gave}) + draws -> out. Refuses a finished game and orders
 * from a seat that is not due. 0, or -1 with err.
 */
int engine_resolve(const struct ruleset *rs, const json_t *state, const json_t *orders,
		   struct draw_source *draws, struct engine_turn *out, char *err, size_t errlen);
/* The same with the campaign's data packs (NULL: none) for a game that reads them. */
int engine_resolve_data(const struct ruleset *rs, const json_t *state, const json_t *orders,
			const json_t *data, struct draw_source *draws, struct engine_turn *out,
			char *err, size_t errlen);

/*
 * {"over", "result", "scores"?}: the ruleset's status, or the default
 * (the state's "over" and "result": core/engine.c).
 */
json_t *engine_status(const struct ruleset *rs, const json_t *state);

/*
 * The seats due now (a new array; [] when over): the ruleset's, or by
 * default every seat of the state's "seats" until the game is over.
 */
json_t *engine_waiting_for(const struct ruleset *rs, const json_t *state);
/* 1 when seat (in any case) is one of them. */
int engine_waits_for(const struct ruleset *rs, const json_t *state, const char *seat);
/* 1 when the game is over. */
int engine_is_over(const struct ruleset *rs, const json_t *state);

/*
 * What seat may see of state: the ruleset's view, or the default (drop
 * "secret", keep only the viewer's part of "private"; seat "*" is the
 * game master and sees all but "secret"; NULL is the public).
 */
json_t *engine_view(const struct ruleset *rs, const json_t *state, const char *seat);
/* The same with the campaign's data packs, for a ruleset with view_data (NULL: none). */
json_t *engine_view_data(const struct ruleset *rs, const json_t *state, const char *seat,
			 const json_t *data);
/* The events seat may see (public ones and those addressed to it). */
json_t *engine_events_for(const json_t *events, const char *seat);

/*
 * The order form of seat (a new string): the ruleset's, or a plain text
 * field (an empty line to write the orders on).
 */
#define ENGINE_ORDER_FORM "\n"
json_t *engine_order_form(const struct ruleset *rs, const json_t *state, const char *seat);
/* One line on what orders look like: the ruleset's, or the default. */
#define ENGINE_ORDER_HELP "your orders as plain text, between the TURN line and END"
const char *engine_order_help(const struct ruleset *rs);

/* The draws of a log as JSON lines [{"stream","draw"}...]. */
json_t *engine_draws_json(const struct draw_log *log);

#endif
