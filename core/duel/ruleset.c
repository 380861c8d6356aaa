/*
 * The card duel behind the generic interface (core/ruleset.h): two sides
 * (seats with side humans and machines), the decks as data packs
 * (deck-humans, deck-machines; the defaults otherwise), hidden hands in the
 * views, D10s from the open stream ("d10 CONTEST SIDE") and shuffles from
 * the turn's sealed stream ("sealed/cards", "shuffle SIDE"), the greedy
 * autopilot and bot-only games (simulate).
 *
 * The state is rulings section 17's, plus "seats" ({"humans": SEAT,
 * "machines": SEAT}) when the seats are not called after their sides. A
 * state may leave out what a test case does not need: each missing key
 * takes its value at the start of a game with empty zones.
 */
#include "core/ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/duel/duel.h"
#include "lib/errbuf.h"
#include "lib/strbuf.h"
#include "core/picture.h"

/* ---------- loading ---------- */

static const char *seat_of(const json_t *state, int side)
{
	const char *s = json_string_value(json_object_get(json_object_get(state, "seats"),
							  duel_side_names[side]));

	return s && *s ? s : duel_side_names[side];
}

static int side_of_seat(const json_t *state, const char *seat)
{
	int side;

	for (side = 0; seat && side < DUEL_SIDES; side++)
		if (!strcasecmp(seat, seat_of(state, side)))
			return side;
	return -1;
}

/* The state with every missing key at its start value (a new reference). */
static json_t *complete(const json_t *state)
{
	json_t *s = json_is_object(state) ? json_deep_copy(state) : json_object();
	int side;

	if (!s)
		return NULL;
#define DEF(key, value) do { if (!json_object_get(s, key)) json_object_set_new(s, key, value); } while (0)
	DEF("game", json_string("duel"));
	DEF("version", json_integer(1));
	DEF("decks", json_pack("{s:s,s:s}", "humans", "default", "machines", "default"));
	DEF("turn", json_integer(1));
	DEF("time", json_integer(0));
	DEF("mp", json_integer(0));
	DEF("neb", json_pack("{s:i,s:i}", "hull", 3, "hits", 0));
	DEF("winner", json_null());
	DEF("win_reason", json_null());
#undef DEF
	for (side = 0; side < DUEL_SIDES; side++) {
		json_t *z = json_object_get(s, duel_side_names[side]);
		static const char *const zones[] = { "deck", "hand", "discard", "removed", "in_play" };
		size_t k;

		if (!z) {
			z = json_object();
			json_object_set_new(s, duel_side_names[side], z);
		}
		for (k = 0; json_is_object(z) && k < 5; k++)
			if (!json_object_get(z, zones[k]))
				json_object_set_new(z, zones[k], json_array());
	}
	return s;
}

struct game {
	struct duel_tables t;
	struct duel_state st;
	json_t *seats;		/* {"humans": SEAT, "machines": SEAT} or NULL */
	json_t *cards;		/* the embedded decks ({"humans": DECK, ...}) or NULL */
};

static void game_release(struct game *g)
{
	if (!g)
		return;
	json_decref(g->seats);
	json_decref(g->cards);
	free(g);
}

/*
 * The packs a state carries (17: "cards") as data packs, so read_orders,
 * view and bot, which get no packs, read a campaign's own decks.
 */
static json_t *embedded_packs(const json_t *cards, const json_t *data)
{
	json_t *packs = data ? json_deep_copy(data) : json_object();
	int side;

	for (side = 0; packs && side < DUEL_SIDES; side++) {
		const json_t *deck = json_object_get(cards, duel_side_names[side]);
		char kind[32], *text;

		if (!json_is_object(deck))
			continue;
		snprintf(kind, sizeof kind, "deck-%s", duel_side_names[side]);
		text = json_dumps(deck, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
		if (text)
			json_object_set_new(packs, kind, json_pack("{s:s,s:s}", "name", "the state's cards",
								  "text", text));
		free(text);
	}
	return packs;
}

/* The decks (data packs or defaults) and the state: 0, or -1 with err. */
static int load(struct game *g, const json_t *state, const json_t *data, char *err, size_t errlen)
{
	json_t *full = complete(state);
	char inner[300];
	int side, rc = -1;

	json_t *packs = NULL;

	g->seats = g->cards = NULL;
	if (!full) {
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	if (json_is_object(json_object_get(full, "cards"))) {
		g->cards = json_incref(json_object_get(full, "cards"));
		data = packs = embedded_packs(g->cards, data);
	}
	if (duel_decks_from_packs(g->t.decks, data, err, errlen) < 0)
		goto out;
	duel_tables_init(&g->t);
	for (side = 0; side < DUEL_SIDES; side++) {
		const char *want = json_string_value(json_object_get(json_object_get(full, "decks"),
								     duel_side_names[side]));
		char kind[32];

		snprintf(kind, sizeof kind, "deck-%s", duel_side_names[side]);
		if (want && strcmp(want, "default") && !json_object_get(data, kind) && !g->cards) {
			errbuf_set(err, errlen, "the state plays the %s with the deck '%s': give it "
				   "(--data %s=FILE)", duel_side_names[side], want, kind);
			goto out;
		}
	}
	if (duel_state_from_json(&g->st, full, &g->t.decks[0], &g->t.decks[1], inner,
				 sizeof inner) < 0) {
		errbuf_set(err, errlen, "duel %s", inner);
		goto out;
	}
	if (json_is_object(json_object_get(full, "seats")))
		g->seats = json_incref(json_object_get(full, "seats"));
	rc = 0;
out:
	json_decref(packs);
	json_decref(full);
	return rc;
}

static json_t *state_json(const struct game *g)
{
	json_t *s = duel_state_to_json(&g->st);

	if (s && g->seats)
		json_object_set(s, "seats", g->seats);
	if (s && g->cards)
		json_object_set(s, "cards", g->cards);
	return s;
}

/* ---------- settings, seats, setup ---------- */

static int duel_check_settings(const json_t *settings, const json_t *data, char *err,
			       size_t errlen)
{
	struct duel_deck decks[DUEL_SIDES];

	(void)settings;
	return duel_decks_from_packs(decks, data, err, errlen);
}

static int duel_check_seat(const json_t *settings, const json_t *seats, const json_t *seat,
			   char *err, size_t errlen)
{
	const char *side = json_string_value(json_object_get(seat, "side"));
	const json_t *s;
	size_t i;

	(void)settings;
	if (!side || (strcmp(side, "humans") && strcmp(side, "machines"))) {
		errbuf_set(err, errlen, "a duel seat plays the humans or the machines");
		return -1;
	}
	json_array_foreach(seats, i, s)
		if (!strcmp(json_string_value(json_object_get(s, "side")) ?
			    json_string_value(json_object_get(s, "side")) : "", side)) {
			errbuf_set(err, errlen, "the %s have a player already (%s)", side,
				   json_string_value(json_object_get(s, "name")));
			return -1;
		}
	return 0;
}

static json_t *result_of(struct game *g, json_t *events, json_t *story)
{
	json_t *state = state_json(g);

	if (!state || !events || !story) {
		json_decref(state);
		json_decref(events);
		json_decref(story);
		return NULL;
	}
	return json_pack("{s:o,s:o,s:o}", "state", state, "events", events, "story", story);
}

static const char *pack_name(const json_t *data, const char *kind)
{
	const char *n = json_string_value(json_object_get(json_object_get(data, kind), "name"));

	return n && *n ? n : NULL;
}

static json_t *duel_setup_hook(const json_t *settings, const json_t *data, const json_t *seats,
			       struct draw_source *draws, char *err, size_t errlen)
{
	struct game *g = calloc(1, sizeof *g);
	struct duel_play p;
	const char *names[DUEL_SIDES] = { NULL, NULL };
	const json_t *s;
	json_t *out = NULL;
	size_t i;
	int side;

	(void)settings;
	if (!g) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	if (json_array_size(seats) != 2) {
		errbuf_set(err, errlen, "a duel has two seats, the humans and the machines");
		goto out;
	}
	json_array_foreach(seats, i, s) {
		const char *side_word = json_string_value(json_object_get(s, "side"));
		const char *name = json_string_value(json_object_get(s, "name"));

		side = side_word && !strcmp(side_word, "machines") ? 1 :
		       side_word && !strcmp(side_word, "humans") ? 0 : (int)i;
		if (names[side] || !name || !*name) {
			errbuf_set(err, errlen, "a duel has one seat for the humans and one for the machines");
			goto out;
		}
		names[side] = name;
	}
	if (duel_decks_from_packs(g->t.decks, data, err, errlen) < 0)
		goto out;
	duel_tables_init(&g->t);
	memset(&g->st, 0, sizeof g->st);
	for (side = 0; side < DUEL_SIDES; side++) {
		char kind[32];
		const char *pn;

		snprintf(kind, sizeof kind, "deck-%s", duel_side_names[side]);
		pn = pack_name(data, kind);
		snprintf(g->st.deck_name[side], sizeof g->st.deck_name[side], "%s", pn ? pn : "default");
		g->st.decks[side] = &g->t.decks[side];
		/* A game master's deck travels in the state (17), checked already. */
		if (json_object_get(data, kind)) {
			json_t *deck = json_loads(json_string_value(json_object_get(json_object_get(data, kind),
										    "text")), 0, NULL);

			if (!g->cards)
				g->cards = json_object();
			if (deck && g->cards)
				json_object_set_new(g->cards, duel_side_names[side], deck);
			else
				json_decref(deck);
		}
	}
	if (strcmp(names[0], "humans") || strcmp(names[1], "machines"))
		g->seats = json_pack("{s:s,s:s}", "humans", names[0], "machines", names[1]);
	memset(&p, 0, sizeof p);
	p.st = &g->st;
	p.t = &g->t;
	p.dice = duel_dice_of_source(draws);
	p.events = json_array();
	p.story = json_array();
	p.seat[0] = names[0];
	p.seat[1] = names[1];
	if (duel_setup(&p) < 0) {
		errbuf_set(err, errlen, "%s", p.err);
		json_decref(p.events);
		json_decref(p.story);
		goto out;
	}
	out = result_of(g, p.events, p.story);
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	game_release(g);
	return out;
}

/* ---------- turns ---------- */

static json_t *duel_waiting_for(const json_t *state)
{
	const json_t *w = json_object_get(state, "winner");

	if (w && !json_is_null(w))
		return json_array();
	return json_pack("[ss]", seat_of(state, 0), seat_of(state, 1));
}

static json_t *duel_read_orders(const json_t *state, const char *seat, const char *text,
				const char *name, int flags, char *err, size_t errlen)
{
	struct game *g = calloc(1, sizeof *g);
	struct duel_orders *o = malloc(sizeof *o);
	char side_word[64];
	int side_line, side;
	json_t *lines = NULL, *out = NULL;

	(void)flags;
	if (!name)
		name = "orders";
	if (!g || !o) {
		errbuf_set(err, errlen, "out of memory");
		goto out;
	}
	if (load(g, state, NULL, err, errlen) < 0) {
		/* A state with a deck pack of its own: read against the defaults is wrong. */
		goto out;
	}
	lines = duel_order_lines(text ? text : "", side_word, sizeof side_word, &side_line);
	if (!lines) {
		errbuf_set(err, errlen, "out of memory");
		goto out;
	}
	side = seat ? side_of_seat(state, seat) : -1;
	if (seat && side < 0) {
		errbuf_set(err, errlen, "%s: %s plays no side of this duel (the humans are %s, the "
			   "machines %s)", name, seat, seat_of(state, 0), seat_of(state, 1));
		goto out;
	}
	if (side_word[0]) {
		int named = side_of_seat(state, side_word);

		if (named < 0 && !strcasecmp(side_word, "humans"))
			named = 0;
		if (named < 0 && !strcasecmp(side_word, "machines"))
			named = 1;
		if (named < 0 || (side >= 0 && named != side)) {
			errbuf_set(err, errlen, "%s:%d: expected SIDE %s, got '%s'", name, side_line,
				   side >= 0 ? duel_side_names[side] : "humans or SIDE machines", side_word);
			goto out;
		}
		side = named;
	}
	if (side < 0) {
		errbuf_set(err, errlen, "%s: expected a line 'SIDE humans' or 'SIDE machines'", name);
		goto out;
	}
	if (duel_orders_parse(&g->st, &g->t, side, lines, name, o, err, errlen) < 0)
		goto out;
	out = json_pack("{s:O}", seat_of(state, side), lines);
out:
	json_decref(lines);
	game_release(g);
	free(o);
	return out;
}

static json_t *duel_resolve_data(const json_t *state, const json_t *orders, const json_t *data,
				 struct draw_source *draws, char *err, size_t errlen)
{
	struct game *g = calloc(1, sizeof *g);
	struct duel_orders *o = malloc(DUEL_SIDES * sizeof *o);
	struct duel_play p;
	json_t *out = NULL;
	int side;

	memset(&p, 0, sizeof p);
	if (!g || !o) {
		errbuf_set(err, errlen, "out of memory");
		goto out;
	}
	if (load(g, state, data, err, errlen) < 0)
		goto out;
	if (g->st.winner >= 0) {
		errbuf_set(err, errlen, "the game is already over: no turn is due");
		goto out;
	}
	for (side = 0; side < DUEL_SIDES; side++) {
		const char *seat = seat_of(state, side);
		const json_t *lines = json_object_get(orders, seat);
		char name[80];

		snprintf(name, sizeof name, "orders of %s", seat);
		/* 14.6: no orders are empty orders. */
		if (!lines) {
			duel_orders_init(&o[side], side);
			continue;
		}
		if (duel_orders_parse(&g->st, &g->t, side, lines, name, &o[side], err, errlen) < 0)
			goto out;
	}
	p.st = &g->st;
	p.t = &g->t;
	p.dice = duel_dice_of_source(draws);
	p.events = json_array();
	p.story = json_array();
	p.seat[0] = seat_of(state, 0);
	p.seat[1] = seat_of(state, 1);
	if (duel_play_turn(&p, o) < 0) {
		errbuf_set(err, errlen, "%s", p.err);
		goto out;
	}
	out = result_of(g, p.events, p.story);
	p.events = p.story = NULL;
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	json_decref(p.events);
	json_decref(p.story);
	game_release(g);
	free(o);
	return out;
}

static json_t *duel_resolve(const json_t *state, const json_t *orders, struct draw_source *draws,
			    char *err, size_t errlen)
{
	return duel_resolve_data(state, orders, NULL, draws, err, errlen);
}

static json_t *duel_status(const json_t *state)
{
	const char *w = json_string_value(json_object_get(state, "winner"));
	const char *why = json_string_value(json_object_get(state, "win_reason"));

	char words[128];

	if (!w)
		return json_pack("{s:b,s:n}", "over", 0, "result");
	duel_result_words(w, why, words, sizeof(words));
	return json_pack("{s:b,s:s,s:{s:i,s:i}}", "over", 1, "result", words, "scores",
			 seat_of(state, 0), !strcmp(w, "humans"), seat_of(state, 1),
			 !strcmp(w, "machines"));
}

/* Names for the ids a view shows, so a report can be read without the deck file. */
static void add_names(json_t *v, const struct game *g, int seat_side)
{
	json_t *names = json_object();
	int side, i;

	for (side = 0; names && side < DUEL_SIDES; side++) {
		const struct duel_side_state *s = &g->st.side[side];
		const struct duel_deck *d = &g->t.decks[side];

		for (i = 0; i < s->nplay; i++)
			json_object_set_new(names, d->cards[s->play[i].card].id,
					    json_string(d->cards[s->play[i].card].name));
		for (i = 0; i < s->discard.n; i++)
			json_object_set_new(names, d->cards[s->discard.card[i]].id,
					    json_string(d->cards[s->discard.card[i]].name));
		for (i = 0; i < s->removed.n; i++)
			json_object_set_new(names, d->cards[s->removed.card[i]].id,
					    json_string(d->cards[s->removed.card[i]].name));
		if (side != seat_side && seat_side != DUEL_SIDES)
			continue;
		for (i = 0; i < s->hand.n; i++)
			json_object_set_new(names, d->cards[s->hand.card[i]].id,
					    json_string(d->cards[s->hand.card[i]].name));
		for (i = 0; i < s->deck.n; i++)
			json_object_set_new(names, d->cards[s->deck.card[i]].id,
					    json_string(d->cards[s->deck.card[i]].name));
	}
	json_object_set_new(v, "names", names);
}

static json_t *duel_view_data(const json_t *state, const char *seat, const json_t *data)
{
	struct game *g = calloc(1, sizeof *g);
	json_t *v = NULL;
	char err[300];
	int side;

	if (!g)
		return NULL;
	if (load(g, state, data, err, sizeof err) < 0) {
		v = json_pack("{s:s}", "error", err);
		goto out;
	}
	/* Once the game is over everything is published (15.4). */
	if (seat && !strcmp(seat, "*"))
		side = DUEL_SIDES;
	else if (g->st.winner >= 0)
		side = DUEL_SIDES;
	else
		side = seat ? side_of_seat(state, seat) : -1;
	v = duel_state_view(&g->st, side);
	if (v) {
		struct strbuf sb = STRBUF_INIT;

		if (g->seats)
			json_object_set(v, "seats", g->seats);
		add_names(v, g, side);
		/* The report for people (templates/duel/report.mustache prints it). */
		duel_report(&g->st, side, &sb);
		json_object_set_new(v, "report", json_string(sb.failed ? "" : strbuf_str(&sb)));
		strbuf_release(&sb);
	}
out:
	game_release(g);
	return v;
}

static json_t *duel_view(const json_t *state, const char *seat)
{
	return duel_view_data(state, seat, NULL);
}

static json_t *duel_order_form(const json_t *state, const char *seat)
{
	int side = side_of_seat(state, seat);

	if (side == DUEL_MACHINES)
		return json_string("# one order a line (mxjudge-duel(7)); cards by id or name\n"
				   "# DRAW | TAKE card | RECALL character\n"
				   "# DEPLOY character, ... | DEPLOY ALL\n"
				   "# PLAY contest [n]: card, ...   (card ON character for a target)\n"
				   "# CASUALTIES character, ...    DISCARD card, ...\n");
	return json_string("# one order a line (mxjudge-duel(7)); cards by id or name\n"
			   "# DRAW | TAKE card\n"
			   "# DEPLOY character, ... | DEPLOY ALL    PLUG / UNPLUG character, ... | ALL\n"
			   "# MISSION card | MISSION BASIC\n"
			   "# PLAY contest [n]: card, ...   (card ON character for a target)\n"
			   "# EXIT character, ... | ALL | NONE    CASUALTIES character, ...\n"
			   "# DISCARD card, ...\n");
}

static json_t *duel_bot_hook(const json_t *state, const char *seat, struct draw_source *draws,
			     char *err, size_t errlen)
{
	struct game *g = calloc(1, sizeof *g);
	struct duel_orders *o = malloc(sizeof *o);
	struct strbuf sb = STRBUF_INIT;
	json_t *lines = NULL, *out = NULL;
	int side;

	(void)draws;
	if (!g || !o) {
		errbuf_set(err, errlen, "out of memory");
		goto out;
	}
	if (load(g, state, NULL, err, errlen) < 0)
		goto out;
	side = side_of_seat(state, seat);
	if (side < 0) {
		errbuf_set(err, errlen, "%s plays no side of this duel", seat ? seat : "(nobody)");
		goto out;
	}
	duel_bot(&g->st, &g->t, side, DUEL_GREEDY, NULL, o);
	duel_orders_format(&g->st, o, &sb);
	lines = duel_order_lines(sb.failed ? "" : strbuf_str(&sb), NULL, 0, NULL);
	out = lines ? json_pack("{s:O}", seat_of(state, side), lines) : NULL;
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	strbuf_release(&sb);
	json_decref(lines);
	game_release(g);
	free(o);
	return out;
}

static json_t *duel_forfeit(const json_t *state, const char *seat, const char *reason, char *err,
			    size_t errlen)
{
	json_t *s = complete(state);
	int side = side_of_seat(state, seat);

	if (strcmp(reason, "abandoned")) {
		json_decref(s);
		errbuf_set(err, errlen, "duel: a game ends early only as abandoned, not '%s'", reason);
		return NULL;
	}
	if (!s)
		return NULL;
	/* The side that went silent loses (mxjudge-duel(7): the judge's only early end). */
	json_object_set_new(s, "winner", json_string(duel_side_names[side == DUEL_HUMANS ? 1 : 0]));
	json_object_set_new(s, "win_reason", json_string("abandoned"));
	return s;
}

static const char *duel_order_help(void)
{
	return "DRAW, TAKE card, RECALL character, DEPLOY character|ALL, PLUG/UNPLUG character|ALL, "
	       "MISSION card|BASIC, PLAY contest [n]: card, ..., EXIT character|ALL|NONE, "
	       "CASUALTIES character, ..., DISCARD card, ...";
}

/* ---------- bot-only games ---------- */

struct sim_dice {
	struct draw_rng rng;
};

static int sim_d10(void *ctx, int contest, int side, int *face, char *err, size_t errlen)
{
	struct sim_dice *d = ctx;

	(void)contest, (void)side, (void)err, (void)errlen;
	*face = (int)draw_rng_uniform(&d->rng, 10) + 1;
	return 0;
}

static int sim_shuffle(void *ctx, int side, const struct duel_deck *deck, uint8_t *cards, int n,
		       char *err, size_t errlen)
{
	struct sim_dice *d = ctx;
	int i;

	(void)side, (void)deck, (void)err, (void)errlen;
	for (i = n - 1; i > 0; i--) {
		int j = (int)draw_rng_uniform(&d->rng, (uint64_t)i + 1);
		uint8_t t = cards[i];

		cards[i] = cards[j];
		cards[j] = t;
	}
	return 0;
}

#define SIM_OUTCOMES 7
static const char *const sim_outcomes[SIM_OUTCOMES] = {
	"games", "humans-win", "neo-killed", "nebuchadnezzar-destroyed", "time", "unfinished",
	"turns-x100"
};

static int policy_of(const json_t *settings, const char *key)
{
	const char *s = json_string_value(json_object_get(settings, key));

	return s && !strcmp(s, "random") ? DUEL_RANDOM : DUEL_GREEDY;
}

/* One bot-only game to its end; its outcome's index (1..5) and its turns. */
int duel_sim_game(const struct duel_tables *t, const int policy[DUEL_SIDES], uint64_t seed,
		  uint64_t i, int *turns);
int duel_sim_game(const struct duel_tables *t, const int policy[DUEL_SIDES], uint64_t seed,
		  uint64_t i, int *turns)
{
	struct duel_state st;
	struct sim_dice dice;
	struct draw_rng bots;
	struct duel_play p;
	struct duel_orders o[DUEL_SIDES];
	int side;

	memset(&st, 0, sizeof st);
	st.decks[0] = &t->decks[0];
	st.decks[1] = &t->decks[1];
	strcpy(st.deck_name[0], "default");
	strcpy(st.deck_name[1], "default");
	draw_rng_init(&dice.rng, seed ^ (i * 0x9e3779b97f4a7c15ULL + 0x5851f42d4c957f2dULL));
	draw_rng_init(&bots, (seed + 0x632be59bd9b4e019ULL) ^ (i * 0xbf58476d1ce4e5b9ULL));
	memset(&p, 0, sizeof p);
	p.st = &st;
	p.t = t;
	p.dice.d10 = sim_d10;
	p.dice.shuffle = sim_shuffle;
	p.dice.ctx = &dice;
	*turns = 0;
	if (duel_setup(&p) < 0)
		return 5;
	while (st.winner < 0 && *turns < DUEL_TURNS + 1) {
		for (side = 0; side < DUEL_SIDES; side++)
			duel_bot(&st, t, side, policy[side], &bots, &o[side]);
		(*turns)++;
		if (duel_play_turn(&p, o) < 0)
			return 5;
	}
	switch (st.reason) {
	case DUEL_WIN_MP: return 1;
	case DUEL_WIN_NEO: return 2;
	case DUEL_WIN_NEB: return 3;
	case DUEL_WIN_TIME: return 4;
	default: return 5;
	}
}

static json_t *duel_simulate(const json_t *settings, const json_t *data, uint64_t seed,
			     uint64_t first, uint64_t count, char *err, size_t errlen)
{
	struct duel_tables *t = malloc(sizeof *t);
	long long tally[SIM_OUTCOMES] = { 0 };
	int policy[DUEL_SIDES], k, turns;
	json_t *out = NULL, *one;
	uint64_t i;

	if (!t) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	if (duel_decks_from_packs(t->decks, data, err, errlen) < 0)
		goto out;
	duel_tables_init(t);
	policy[0] = policy_of(settings, "humans");
	policy[1] = policy_of(settings, "machines");
	for (i = first; i < first + count; i++) {
		int outcome = duel_sim_game(t, policy, seed, i, &turns);

		tally[0]++;
		tally[outcome]++;
		tally[6] += turns * 100;
	}
	one = json_object();
	for (k = 0; one && k < SIM_OUTCOMES - 1; k++)
		json_object_set_new(one, sim_outcomes[k], json_integer(tally[k]));
	out = one ? json_pack("{s:o}", "all", one) : NULL;
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	free(t);
	return out;
}

/* ---------- the descriptor ---------- */

static const char *const duel_sides[] = { "humans", "machines", NULL };

static const struct ruleset_setting duel_settings[] = {
	{ "humans", SETTING_CHOICE, 0, 0, "greedy random", "greedy",
	  "the Humans' bot in simulate (the autopilot always plays greedy)", 0 },
	{ "machines", SETTING_CHOICE, 0, 0, "greedy random", "greedy",
	  "the Machines' bot in simulate (the autopilot always plays greedy)", 0 },
	{ "idle_days", SETTING_INT, 1, 365, NULL, "30",
	  "unused: a duel never ends for silence (rulings 14.6)", 0 },
	{ NULL, 0, 0, 0, NULL, NULL, NULL, 0 }
};

static const struct ruleset_data_kind duel_data[] = {
	{ "deck-humans", "the Humans' deck file (mxjudge-duel(7)); the default deck without it" },
	{ "deck-machines", "the Machines' deck file (mxjudge-duel(7)); the default deck without it" },
	{ NULL, NULL }
};

static const struct ruleset_tool duel_tools[] = {
	{ "simulate", "bot-only duels, win rates by victory condition" },
	{ NULL, NULL }
};

const struct ruleset duel_ruleset = {
	.name = "duel",
	.title = "The Matrix card duel (Warpspawn): Humans against Machines",
	.flags = RULESET_HIDDEN | RULESET_EARLY,
	.seat_word = "SIDE",
	.sides = duel_sides,
	.min_seats = 2,
	.max_seats = 2,
	.settings = duel_settings,
	.data_kinds = duel_data,
	.tools = duel_tools,
	.man_page = "mxjudge-duel(7)",
	.order_help = duel_order_help,
	.check_settings = duel_check_settings,
	.check_seat = duel_check_seat,
	.setup = duel_setup_hook,
	.waiting_for = duel_waiting_for,
	.read_orders = duel_read_orders,
	.resolve = duel_resolve,
	.resolve_data = duel_resolve_data,
	.status = duel_status,
	.view = duel_view,
	.view_data = duel_view_data,
	.order_form = duel_order_form,
	.bot = duel_bot_hook,
	.forfeit = duel_forfeit,
	.simulate = duel_simulate,
	.draw_namespace = "duel",
	.draw = duel_picture,
};
