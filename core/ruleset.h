/*
 * ruleset: the small interface between a game's rules and everything that
 * is the same for every game (campaigns, sealed orders, deadlines, mail,
 * templates). A ruleset sees states, orders and events as JSON values and
 * takes its dice from a dice_source; Hovercrafts is the first ruleset, the
 * other Matrix games of shared/seeds become further tables of this kind.
 *
 * Ownership: every json_t * a ruleset returns is a new reference for the
 * caller; arguments are borrowed. The tables are static and never freed.
 */
#ifndef MX_RULESET_H
#define MX_RULESET_H

#include <jansson.h>
#include <stddef.h>

#include "dice.h"

struct ruleset {
	const char *name;		/* as stored in campaign settings */
	const char *title;		/* for people */
	/*
	 * Reads orders text for a state; returns the orders as the ruleset
	 * understood them (its own JSON), or NULL with "name:line: ..." in err.
	 * flags are the ruleset's (for Hovercrafts, enum orders_flags).
	 */
	json_t *(*read_orders)(const json_t *state, const char *text, const char *name,
			       int flags, char *err, size_t errlen);
	/*
	 * Plays one turn: state + orders (what read_orders gave, by player)
	 * + dice -> the next state, with "events" (a list) and "winner" set.
	 * NULL with err when a die could not be had or the input is bad.
	 */
	json_t *(*resolve)(const json_t *state, const json_t *orders, struct dice_source *dice,
			   char *err, size_t errlen);
	/* The story of a resolved turn for people: a list of paragraphs. */
	json_t *(*story)(const json_t *next);
};

/* The ruleset of that name, or NULL. */
const struct ruleset *ruleset_find(const char *name);
/* Every ruleset, NULL-terminated. */
const struct ruleset *const *ruleset_all(void);

#endif
