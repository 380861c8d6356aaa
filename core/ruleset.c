/*
 * The Hovercrafts ruleset behind the generic interface: JSON in, the
 * engine's structs inside, JSON out.
 */
#include "ruleset.h"

#include <string.h>

#include "game.h"
#include "lib/errbuf.h"
#include "narrate.h"
#include "orders.h"
#include "state_json.h"
#include "turn.h"

/* {"Minx": ["MOVE", "LEFT"], ...}: the orders of every ship that sent some. */
static json_t *hover_read_orders(const json_t *state, const char *text, const char *name,
				 int flags, char *err, size_t errlen)
{
	struct game_state st;
	struct orders_doc doc;
	json_t *out = NULL;
	size_t i;
	int k;

	orders_doc_init(&doc);
	if (state_from_json(&st, state, name, err, errlen) < 0)
		return NULL;
	if (orders_parse(&doc, text, name, flags, err, errlen) < 0 ||
	    orders_validate(&doc, &st, name, err, errlen) < 0)
		goto out;
	out = json_object();
	for (i = 0; out && i < doc.n; i++) {
		json_t *acts = json_array();
		int idx = game_find_ship(&st, doc.blocks[i].ship);

		for (k = 0; acts && k < doc.blocks[i].n; k++)
			json_array_append_new(acts, json_string(action_name(doc.blocks[i].act[k])));
		json_object_set_new(out, st.ships[idx].name, acts);
	}
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	orders_doc_release(&doc);
	game_state_release(&st);
	return out;
}

static int plans_from_json(const struct game_state *st, const json_t *orders,
			   struct turn_plan *plans, char *err, size_t errlen)
{
	const char *ship;
	json_t *acts;

	memset(plans, 0, st->nships * sizeof(*plans));
	json_object_foreach((json_t *)orders, ship, acts) {
		int idx = game_find_ship(st, ship), a;
		size_t k;
		json_t *v;

		if (idx < 0 || !json_is_array(acts) || json_array_size(acts) > ORDERS_MAX_ACTIONS) {
			errbuf_set(err, errlen, "orders: expected at most %d actions for a ship of the game, got '%s'",
				   ORDERS_MAX_ACTIONS, ship);
			return -1;
		}
		plans[idx].received = 1;
		json_array_foreach(acts, k, v) {
			a = json_is_string(v) ? action_parse(json_string_value(v)) : -1;
			if (a < 0) {
				errbuf_set(err, errlen, "orders: %s: expected an action, got item %zu", ship, k);
				return -1;
			}
			plans[idx].act[plans[idx].n++] = (enum action)a;
		}
	}
	return 0;
}

static json_t *hover_resolve(const json_t *state, const json_t *orders, struct dice_source *dice,
			     char *err, size_t errlen)
{
	struct game_state st;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list ev;
	json_t *next = NULL;

	event_list_init(&ev);
	if (state_from_json(&st, state, "state", err, errlen) < 0)
		return NULL;
	if (plans_from_json(&st, orders, plans, err, errlen) < 0 ||
	    turn_resolve(&st, plans, dice, &ev, err, errlen) < 0)
		goto out;
	next = state_to_json(&st);
	if (next) {
		json_object_set_new(next, "events", events_to_json(&st, &ev));
		/* The story needs the engine's events: tell it now, keep it with the state. */
		json_object_set_new(next, "story", narrate_json(&st, &ev));
	} else {
		errbuf_set(err, errlen, "out of memory");
	}
out:
	event_list_release(&ev);
	game_state_release(&st);
	return next;
}

static json_t *hover_story(const json_t *next)
{
	return json_incref(json_object_get(next, "story"));
}

static const struct ruleset hovercrafts = {
	"hovercrafts",
	"Hovercrafts: the Battle for the Real",
	hover_read_orders,
	hover_resolve,
	hover_story,
};

static const struct ruleset *const all[] = { &hovercrafts, NULL };

const struct ruleset *ruleset_find(const char *name)
{
	size_t i;

	for (i = 0; name && all[i]; i++)
		if (!strcmp(all[i]->name, name))
			return all[i];
	return NULL;
}

const struct ruleset *const *ruleset_all(void)
{
	return all;
}
