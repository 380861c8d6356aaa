/*
 * toy: a test-only ruleset that proves the seam carries what the seed
 * games need and Hovercrafts does not: hidden hands, a sealed shuffle, a
 * d10, events addressed to one seat, a default view. Registered by the
 * test programs only (ruleset_register), never by the judge.
 *
 * Two seats draw three cards each from a sealed shuffle of C1..C10. Each
 * turn both play a card (PLAY Cn; a silent seat plays its lowest) and roll
 * an open d10 ("d10 SEAT"); card + d10 higher scores a point. Each then
 * draws a card from the deck (an event only the drawer sees). After three
 * turns the higher score wins.
 *
 * Ownership: as core/ruleset.h. Included by one test file each.
 */
#ifndef MX_TOY_RULESET_H
#define MX_TOY_RULESET_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/ruleset.h"
#include "lib/errbuf.h"

#define TOY_TURNS 3

static int toy_card_value(const char *card)
{
	return card && card[0] == 'C' ? atoi(card + 1) : 0;
}

static const char *toy_seat(const json_t *state, size_t i)
{
	return json_string_value(json_array_get(json_object_get(state, "seats"), i));
}

static json_t *toy_hand(const json_t *state, const char *seat)
{
	return json_object_get(json_object_get(json_object_get(state, "private"), seat), "hand");
}

static json_t *toy_result(json_t *state, json_t *events, json_t *story)
{
	return json_pack("{s:o,s:o,s:o}", "state", state, "events", events, "story", story);
}

/* The top card of the secret deck to seat's hand; an event for the drawer only. */
static void toy_draw(json_t *state, const char *seat, json_t *events)
{
	json_t *deck = json_object_get(json_object_get(state, "secret"), "deck");
	json_t *card = json_incref(json_array_get(deck, 0));

	if (!card)
		return;
	json_array_remove(deck, 0);
	json_array_append(toy_hand(state, seat), card);
	json_array_append_new(events, json_pack("{s:s,s:[s],s:O}", "type", "draw", "to", seat,
						"card", card));
	json_array_append_new(events, json_pack("{s:s,s:s}", "type", "drew", "seat", seat));
	json_decref(card);
}

/*
 * A deck pack (--data deck=FILE): one card a line, C1 to C20, at least
 * six. Fills names (n of them); 0, or -1 with "PATH:LINE: ..." in err.
 */
static int toy_deck(const json_t *data, char names[][4], size_t *n, char *err, size_t errlen)
{
	const json_t *pack = json_object_get(data, "deck");
	const char *p = json_string_value(json_object_get(pack, "text"));
	const char *path = json_string_value(json_object_get(pack, "path"));
	int line = 0;

	*n = 0;
	if (!p) {
		for (; *n < 10; (*n)++)
			snprintf(names[*n], 4, "C%zu", *n + 1);
		return 0;
	}
	while (*p) {
		int v = 0, used = 0;

		line++;
		if (*p != '\n' && (sscanf(p, "C%d%n", &v, &used) != 1 || v < 1 || v > 20 ||
				   (p[used] && p[used] != '\n') || *n == 20)) {
			errbuf_set(err, errlen, "%s:%d: expected a card C1 to C20 (at most 20)",
				   path ? path : "deck", line);
			return -1;
		}
		if (*p != '\n')
			snprintf(names[(*n)++], 4, "C%d", v);
		p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p);
	}
	if (*n < 6) {
		errbuf_set(err, errlen, "%s: expected at least 6 cards, got %zu", path ? path : "deck", *n);
		return -1;
	}
	return 0;
}

/*
 * A bonus pack (--data bonus=FILE), read at every turn (resolve_data): one
 * number 0 to 9 added to north's total. 0, or -1 with "PATH:1: ..." in err.
 */
static int toy_bonus(const json_t *data, int *bonus, char *err, size_t errlen)
{
	const json_t *pack = json_object_get(data, "bonus");
	const char *p = json_string_value(json_object_get(pack, "text"));
	const char *name = json_string_value(json_object_get(pack, "path"));

	*bonus = 0;
	if (!pack)
		return 0;
	if (!name)
		name = json_string_value(json_object_get(pack, "name"));
	while (p && *p == '\n')
		p++;
	if (!p || *p < '0' || *p > '9' || (p[1] && p[1] != '\n')) {
		errbuf_set(err, errlen, "%s:1: expected a bonus from 0 to 9", name ? name : "bonus");
		return -1;
	}
	*bonus = *p - '0';
	return 0;
}

static int toy_check_settings(const json_t *settings, const json_t *data, char *err,
			      size_t errlen)
{
	char names[20][4];
	size_t n;
	int bonus;

	(void)settings;
	return toy_deck(data, names, &n, err, errlen) < 0 ? -1 : toy_bonus(data, &bonus, err, errlen);
}

static json_t *toy_setup(const json_t *settings, const json_t *data, const json_t *seats,
			 struct draw_source *draws, char *err, size_t errlen)
{
	const char *ids[20];
	char names[20][4];
	size_t perm[20], i, k, n;
	json_t *state, *deck, *events, *seat;

	(void)settings;
	if (toy_deck(data, names, &n, err, errlen) < 0)
		return NULL;
	events = json_array();
	for (i = 0; i < n; i++)
		ids[i] = names[i];
	if (draw_shuffle(draws, "sealed", "shuffle deck", ids, n, perm, err, errlen) < 0) {
		json_decref(events);
		return NULL;
	}
	deck = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(deck, json_string(ids[perm[i]]));
	state = json_pack("{s:s,s:i,s:[],s:{},s:{},s:{s:o},s:n}", "game", "toy", "turn", 1,
			  "seats", "scores", "private", "secret", "deck", deck, "winner");
	json_array_foreach(seats, i, seat) {
		const char *name = json_string_value(json_object_get(seat, "name"));

		json_array_append_new(json_object_get(state, "seats"), json_string(name));
		json_object_set_new(json_object_get(state, "scores"), name, json_integer(0));
		json_object_set_new(json_object_get(state, "private"), name, json_pack("{s:[]}", "hand"));
	}
	for (k = 0; k < 3; k++)
		for (i = 0; i < json_array_size(seats); i++)
			toy_draw(state, toy_seat(state, i), events);
	return toy_result(state, events, json_pack("[s]", "The cards are dealt."));
}

static json_t *toy_waiting_for(const json_t *state)
{
	json_t *out = json_array();
	size_t i;

	for (i = 0; json_is_null(json_object_get(state, "winner")) && toy_seat(state, i); i++)
		json_array_append_new(out, json_string(toy_seat(state, i)));
	return out;
}

static int toy_in_hand(const json_t *state, const char *seat, const char *card)
{
	size_t i;
	json_t *c;

	json_array_foreach(toy_hand(state, seat), i, c)
		if (!strcmp(json_string_value(c), card))
			return (int)i;
	return -1;
}

/* "PLAY Cn" for seat, or "SEAT PLAY Cn" lines when seat is NULL. */
static json_t *toy_read_orders(const json_t *state, const char *seat, const char *text,
			       const char *name, int flags, char *err, size_t errlen)
{
	json_t *out = json_object();
	const char *p = text;
	int line = 0;

	(void)flags;
	while (*p) {
		char who[64] = "", verb[16] = "", card[16] = "";
		const char *e = strchr(p, '\n');
		char buf[160];
		size_t len = e ? (size_t)(e - p) : strlen(p);
		int n;

		line++;
		snprintf(buf, sizeof(buf), "%.*s", (int)(len < sizeof(buf) ? len : sizeof(buf) - 1), p);
		p += len + (e != NULL);
		if (!buf[0])
			continue;
		n = seat ? sscanf(buf, "%15s %15s", verb, card) : sscanf(buf, "%63s %15s %15s", who, verb, card);
		if (seat)
			snprintf(who, sizeof(who), "%s", seat);
		if (n != (seat ? 2 : 3) || strcmp(verb, "PLAY") || toy_in_hand(state, who, card) < 0) {
			errbuf_set(err, errlen, "%s:%d: expected 'PLAY CARD' with a card of %s's hand",
				   name, line, who[0] ? who : "the seat");
			json_decref(out);
			return NULL;
		}
		json_object_set_new(out, who, json_string(card));
	}
	return out;
}

static json_t *toy_resolve(const json_t *state, const json_t *orders, const json_t *data,
			   struct draw_source *draws, char *err, size_t errlen)
{
	json_t *next = json_deep_copy(state), *events = json_array(), *story = json_array();
	int total[2] = { 0, 0 }, bonus;
	size_t i;
	char line[160];

	if (toy_bonus(data, &bonus, err, errlen) < 0)
		goto fail;

	for (i = 0; i < 2 && toy_seat(next, i); i++) {
		const char *seat = toy_seat(next, i);
		const char *card = json_string_value(json_object_get(orders, seat));
		json_t *hand = toy_hand(next, seat);
		char label[80];
		int d10, at;

		if (!card) {	/* silent: the lowest card */
			size_t k;
			json_t *c;

			json_array_foreach(hand, k, c)
				if (!card || toy_card_value(json_string_value(c)) < toy_card_value(card))
					card = json_string_value(c);
		}
		if (!card || (at = toy_in_hand(next, seat, card)) < 0) {
			errbuf_set(err, errlen, "%s has no card to play", seat);
			goto fail;
		}
		snprintf(label, sizeof(label), "d10 %s", seat);
		if (draw_die(draws, "open", label, 10, &d10, err, errlen) < 0)
			goto fail;
		total[i] = toy_card_value(card) + d10 + (i == 0 ? bonus : 0);
		json_array_append_new(events, json_pack("{s:s,s:s,s:s,s:i}", "type", "play", "seat", seat,
							"card", card, "d10", d10));
		snprintf(line, sizeof(line), "%s plays %s and rolls %d.", seat, card, d10);
		json_array_append_new(story, json_string(line));
		json_array_remove(hand, (size_t)at);
	}
	if (total[0] != total[1]) {
		const char *w = toy_seat(next, total[0] > total[1] ? 0 : 1);
		json_t *sc = json_object_get(json_object_get(next, "scores"), w);

		json_integer_set(sc, json_integer_value(sc) + 1);
	}
	for (i = 0; i < 2 && toy_seat(next, i); i++)
		toy_draw(next, toy_seat(next, i), events);
	json_object_set_new(next, "turn", json_integer(json_integer_value(json_object_get(next, "turn")) + 1));
	if (json_integer_value(json_object_get(next, "turn")) > TOY_TURNS) {
		json_int_t a = json_integer_value(json_object_get(json_object_get(next, "scores"), toy_seat(next, 0)));
		json_int_t b = json_integer_value(json_object_get(json_object_get(next, "scores"), toy_seat(next, 1)));

		json_object_set_new(next, "winner", json_string(a == b ? "draw" : toy_seat(next, a > b ? 0 : 1)));
	}
	return toy_result(next, events, story);
fail:
	json_decref(next);
	json_decref(events);
	json_decref(story);
	return NULL;
}

static json_t *toy_status(const json_t *state)
{
	const json_t *w = json_object_get(state, "winner");

	return json_pack("{s:b,s:O,s:O}", "over", !json_is_null(w), "result", w, "scores",
			 json_object_get(state, "scores"));
}

static json_t *toy_bot(const json_t *state, const char *seat, struct draw_source *draws,
		       char *err, size_t errlen)
{
	const char *best = NULL;
	size_t k;
	json_t *c;

	(void)draws;
	json_array_foreach(toy_hand(state, seat), k, c)
		if (!best || toy_card_value(json_string_value(c)) > toy_card_value(best))
			best = json_string_value(c);
	if (!best) {
		errbuf_set(err, errlen, "%s has no card", seat);
		return NULL;
	}
	return json_pack("{s:s}", seat, best);
}

static json_t *toy_order_form(const json_t *state, const char *seat)
{
	(void)state;
	(void)seat;
	return json_string("PLAY \n");
}

/*
 * Ending by agreement: a draw scores as a tied game ("draw"); one seat
 * (each side has one) conceding gives the other the win.
 */
static json_t *toy_agree(const json_t *state, const char *what, const json_t *seats, char *err,
			 size_t errlen)
{
	const char *who = json_string_value(json_array_get(seats, 0));
	json_t *next;

	if (!strcmp(what, "concede") && (json_array_size(seats) != 1 || !who ||
					 (strcmp(who, toy_seat(state, 0) ? toy_seat(state, 0) : "") &&
					  strcmp(who, toy_seat(state, 1) ? toy_seat(state, 1) : "")))) {
		errbuf_set(err, errlen, "toy: one seat concedes at a time");
		return NULL;
	}
	if (!(next = json_deep_copy(state))) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	if (!strcmp(what, "draw"))
		json_object_set_new(next, "winner", json_string("draw"));
	else
		json_object_set_new(next, "winner",
				    json_string(toy_seat(state, !strcmp(who, toy_seat(state, 0)))));
	return next;
}

static const char *toy_order_help(void)
{
	return "PLAY CARD (a card of your hand, such as PLAY C7)";
}

/*
 * Bot games: C1..C10 shuffled, three cards each, each turn both play their
 * highest card plus a d10. Game i draws from draw_rng seeded with
 * draw_seed_of("toy:SEED:I") only. Groups: "all", and who holds C10.
 */
static json_t *toy_simulate(const json_t *settings, const json_t *data, uint64_t seed, uint64_t first,
			    uint64_t count, char *err, size_t errlen)
{
	long long tally[3][4] = { { 0 } };	/* group: games, north, south, draw */
	static const char *const groups[3] = { "all", "C10 north", "C10 south" };
	json_t *out = json_object();
	uint64_t i;
	int g, bonus;

	(void)settings;
	if (!out) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	if (toy_bonus(data, &bonus, err, errlen) < 0) {
		json_decref(out);
		return NULL;
	}
	for (i = first; i < first + count; i++) {
		struct draw_rng rng;
		int deck[10], k, score[2] = { 0, 0 }, ten = 0, outcome;
		char text[96];

		snprintf(text, sizeof(text), "toy:%llu:%llu", (unsigned long long)seed,
			 (unsigned long long)i);
		draw_rng_init(&rng, draw_seed_of(text));
		for (k = 0; k < 10; k++)
			deck[k] = k + 1;
		for (k = 9; k > 0; k--) {
			int j = (int)draw_rng_uniform(&rng, (uint64_t)k + 1), t = deck[k];

			deck[k] = deck[j];
			deck[j] = t;
		}
		for (k = 0; k < 6; k++)
			if (deck[k] == 10)
				ten = k < 3 ? 1 : 2;
		for (k = 0; k < 3; k++) {
			int a = 0, b = 3, m, pa, pb;

			for (m = 0; m < 3; m++) {	/* each hand's highest card left */
				if (deck[m] > deck[a])
					a = m;
				if (deck[3 + m] > deck[b])
					b = 3 + m;
			}
			pa = deck[a] + (int)draw_rng_uniform(&rng, 10) + 1 + bonus;
			pb = deck[b] + (int)draw_rng_uniform(&rng, 10) + 1;
			deck[a] = deck[b] = 0;
			score[0] += pa > pb;
			score[1] += pb > pa;
		}
		outcome = score[0] > score[1] ? 1 : score[1] > score[0] ? 2 : 3;
		tally[0][0]++;
		tally[0][outcome]++;
		if (ten) {
			tally[ten][0]++;
			tally[ten][outcome]++;
		}
	}
	for (g = 0; g < 3; g++)
		if (tally[g][0])
			json_object_set_new(out, groups[g],
					    json_pack("{s:I,s:I,s:I,s:I}", "games", tally[g][0], "north",
						      tally[g][1], "south", tally[g][2], "draw",
						      tally[g][3]));
	return out;
}

static const struct ruleset toy_ruleset;

/* The default view, and north's bonus from the pack when one is given (view_data). */
static json_t *toy_view_data(const json_t *state, const char *seat, const json_t *data)
{
	json_t *v = engine_view(&toy_ruleset, state, seat);
	int bonus;
	char err[128];

	if (v && json_object_get(data, "bonus") && !toy_bonus(data, &bonus, err, sizeof(err)))
		json_object_set_new(v, "bonus", json_integer(bonus));
	return v;
}

static const struct ruleset_tool toy_tools[] = {
	{ "simulate", "bot games with their odds" },
	{ NULL, NULL }
};

static const char *const toy_sides[] = { "north", "south", NULL };

static const struct ruleset_setting toy_settings[] = {
	{ "variant", SETTING_CHOICE, 0, 0, "plain open", "plain", "the toy's variant", 0 },
	{ NULL, 0, 0, 0, NULL, NULL, NULL, 0 }
};

static const struct ruleset_data_kind toy_data[] = {
	{ "deck", "the cards, one a line (C1 to C20), instead of C1..C10" },
	{ "bonus", "a number 0 to 9 added to north's total every turn (read at each turn)" },
	{ NULL, NULL }
};

static const struct ruleset toy_ruleset = {
	.name = "toy",
	.title = "Toy: a two-seat hidden-hand test game",
	.flags = RULESET_HIDDEN | RULESET_TEST,
	.seat_word = "SEAT",
	.sides = toy_sides,
	.min_seats = 2,
	.max_seats = 2,
	.settings = toy_settings,
	.data_kinds = toy_data,
	.order_help = toy_order_help,
	.man_page = NULL,
	.rules_version = 2,		/* stored with each turn by the one driver (toy_play.t) */
	.check_settings = toy_check_settings,
	.setup = toy_setup,
	.waiting_for = toy_waiting_for,
	.read_orders = toy_read_orders,
	.resolve_data = toy_resolve,
	.status = toy_status,
	.view_data = toy_view_data,
	.order_form = toy_order_form,
	.bot = toy_bot,
	.agree = toy_agree,
	.simulate = toy_simulate,
	.tools = toy_tools,
};

#endif
