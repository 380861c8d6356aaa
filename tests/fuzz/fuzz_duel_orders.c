/*
 * The duel's order reader and turn: any text as one side's orders (the
 * first byte picks the side and one of two states), read against the
 * state, then the turn played with dice from a small generator. The
 * reader never crashes and refuses with "name:line: ..."; a turn from
 * orders it read always resolves, and the state it leaves reads back.
 */
#include "fuzz.h"

#include <jansson.h>
#include <string.h>

#include "core/duel/duel.h"

static int fuzz_d10(void *ctx, int contest, int side, int *face, char *err, size_t errlen)
{
	uint32_t *x = ctx;

	(void)contest, (void)side, (void)err, (void)errlen;
	*x = *x * 1103515245u + 12345u;
	*face = (int)(*x >> 16) % 10 + 1;
	return 0;
}

static int fuzz_shuffle(void *ctx, int side, const struct duel_deck *deck, uint8_t *cards, int n,
			char *err, size_t errlen)
{
	uint32_t *x = ctx;
	int i;

	(void)side, (void)deck, (void)err, (void)errlen;
	for (i = n - 1; i > 0; i--) {
		int j;
		uint8_t t;

		*x = *x * 1103515245u + 12345u;
		j = (int)((*x >> 16) % (uint32_t)(i + 1));
		t = cards[i];
		cards[i] = cards[j];
		cards[j] = t;
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct duel_tables t;
	static int ready;
	static struct duel_orders o[2];
	struct duel_state st, back;
	struct duel_play p;
	uint32_t seed = 7;
	unsigned pick = size ? data[0] : 0;
	int side = pick & 1;
	json_t *lines, *js;
	char *text, err[400];

	if (!ready) {
		FUZZ_ASSERT(duel_deck_parse(&t.decks[0], DUEL_HUMANS, duel_default_humans, NULL, err, sizeof err) == 0 &&
			    duel_deck_parse(&t.decks[1], DUEL_MACHINES, duel_default_machines, NULL, err, sizeof err) == 0,
			    "default decks: %s", err);
		duel_tables_init(&t);
		ready = 1;
	}
	memset(&st, 0, sizeof st);
	st.decks[0] = &t.decks[0];
	st.decks[1] = &t.decks[1];
	memset(&p, 0, sizeof p);
	p.st = &st;
	p.t = &t;
	p.dice.d10 = fuzz_d10;
	p.dice.shuffle = fuzz_shuffle;
	p.dice.ctx = &seed;
	FUZZ_ASSERT(duel_setup(&p) == 0, "setup: %s", p.err);
	if (pick & 2) {
		/* A later turn: Neo plugged, a mission in hand, a full discard pile. */
		st.turn = 9;
		st.time = 8;
		st.side[0].play[0].plugged = 1;
		st.side[1].discard = st.side[1].deck;
		st.side[1].deck.n = 0;
	}
	text = fuzz_cstr(size ? data + 1 : data, size ? size - 1 : 0);
	lines = duel_order_lines(text, NULL, 0, NULL);
	FUZZ_ASSERT(lines != NULL, "duel_order_lines failed");
	duel_orders_init(&o[1 - side], 1 - side);
	err[0] = '\0';
	if (duel_orders_parse(&st, &t, side, lines, "f.txt", &o[side], err, sizeof err) == 0) {
		p.events = json_array();
		p.story = json_array();
		FUZZ_ASSERT(duel_play_turn(&p, o) == 0, "turn: %s", p.err);
		js = duel_state_to_json(&st);
		FUZZ_ASSERT(js && duel_state_from_json(&back, js, &t.decks[0], &t.decks[1], err, sizeof err) == 0,
			    "the state does not read back: %s", err);
		json_decref(js);
		json_decref(p.events);
		json_decref(p.story);
	} else {
		FUZZ_ASSERT(!strncmp(err, "f.txt:", 6), "a refusal without file:line: %s", err);
	}
	json_decref(lines);
	free(text);
	return 0;
}
