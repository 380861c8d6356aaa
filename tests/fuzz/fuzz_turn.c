/*
 * Turn engine: any valid state, valid orders and any dice must resolve
 * without crashing or looping, and leave a state the judge can write and
 * read back. The input is three parts split on a line "%%":
 *
 *   state JSON
 *   %%
 *   orders (plain)
 *   %%
 *   dice file (optional)
 *
 * Dice come from the dice file first and, when it has no fitting die, from
 * a dice_rng seeded from the input: every turn gets all the dice it needs.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/hovercrafts/dice.h"
#include "core/hovercrafts/narrate.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"

#define TURNS 3			/* replays the same orders while they stay valid */

struct mixed_dice {
	struct dice_source queue;
	struct dice_rng rng;
};

static int mixed_roll(void *ctx, enum check check, const char *ship, int *d6,
		      char *err, size_t errlen)
{
	struct mixed_dice *m = ctx;

	if (m->queue.roll(m->queue.ctx, check, ship, d6, err, errlen) == 0)
		return 0;
	*d6 = dice_rng_d6(&m->rng);
	return 0;
}

/* Splits at the next line holding only "%%"; returns the rest or NULL. */
static char *split(char *s)
{
	char *p = s;

	for (;;) {
		if (p[0] == '%' && p[1] == '%' && (p[2] == '\n' || p[2] == '\0') &&
		    (p == s || p[-1] == '\n')) {
			*p = '\0';
			return p[2] ? p + 3 : p + 2;
		}
		p = strchr(p, '\n');
		if (!p)
			return NULL;
		p++;
	}
}

/* The engine's result must read back through JSON (next turn starts there). */
static void check_reloads(const struct game_state *st)
{
	struct game_state back;
	json_t *j = state_to_json(st);
	char err[512];
	char *text;

	FUZZ_ASSERT(j != NULL, "state_to_json failed");
	if (state_from_json(&back, j, "after", err, sizeof(err)) < 0) {
		text = json_dumps(j, JSON_COMPACT);
		FUZZ_ASSERT(0, "resolved state does not read back: %s\n%s", err, text ? text : "");
	}
	game_state_release(&back);
	json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size), *orders_text, *dice_text;
	struct game_state st;
	struct orders_doc doc, none;
	struct dice_queue q;
	struct mixed_dice dice;
	struct dice_source src;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list events;
	struct strbuf story = STRBUF_INIT;
	json_t *root, *evj;
	char err[512];
	int t;

	orders_text = split(text);
	dice_text = orders_text ? split(orders_text) : NULL;
	root = json_loads(text, 0, NULL);
	if (!root || state_from_json(&st, root, "state", err, sizeof(err)) < 0) {
		json_decref(root);
		free(text);
		return 0;
	}
	json_decref(root);
	orders_doc_init(&doc);
	orders_doc_init(&none);
	dice_queue_init(&q);
	/* Bad orders still give a turn: everyone idle. */
	if (orders_parse(&doc, orders_text ? orders_text : "", "orders", ORDERS_PLAIN, err,
			 sizeof(err)) < 0)
		orders_doc_init(&doc);
	if (dice_text && dice_queue_parse(&q, dice_text, "dice", 0, err, sizeof(err)) < 0) {
		dice_queue_release(&q);
		dice_queue_init(&q);
	}
	dice.queue = dice_queue_source(&q);
	dice_rng_init(&dice.rng, fuzz_hash(data, size));
	src.roll = mixed_roll;
	src.ctx = &dice;
	/* A finished battle is not resolved again (as adjudicate refuses it). */
	for (t = 0; t < TURNS && st.winner == WINNER_NONE; t++) {
		const struct orders_doc *use = &doc;
		int rc;

		if (orders_validate(&doc, &st, "orders", err, sizeof(err)) < 0)
			use = &none;
		turn_plans_from_orders(&st, use, plans);
		event_list_init(&events);
		rc = turn_resolve(&st, plans, &src, &events, err, sizeof(err));
		FUZZ_ASSERT(rc == 0, "turn_resolve failed with dice to spare: %s", err);
		check_reloads(&st);
		evj = events_to_json(&st, &events);
		FUZZ_ASSERT(evj != NULL, "events_to_json failed");
		json_decref(evj);
		strbuf_reset(&story);
		FUZZ_ASSERT(narrate_text(&st, &events, &story) == 0, "narrate_text failed");
		event_list_release(&events);
	}
	strbuf_release(&story);
	dice_queue_release(&q);
	orders_doc_release(&doc);
	game_state_release(&st);
	free(text);
	return 0;
}
