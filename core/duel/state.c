/* duel_state: the state JSON of rulings section 17 <-> plain structs. */
#include "state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const duel_reason_names[] = { "", "mission-points", "neo-killed",
	"nebuchadnezzar-destroyed", "time", "abandoned" };

void duel_result_words(const char *winner, const char *reason, char *out, size_t outlen)
{
	/* Indexed as duel_reason_names; the abandoned game names the side that left it. */
	static const char *const words[] = { "", "they reach 20 Mission Points", "Neo is killed",
		"the Nebuchadnezzar is destroyed", "the robot army reaches Zion (20 Time counters)",
		NULL };
	int humans = winner && !strcmp(winner, "humans"), i;
	const char *side = humans ? "Humans" : "Machines", *other = humans ? "Machines" : "Humans";

	for (i = 1; reason && i <= DUEL_WIN_ABANDONED; i++)
		if (!strcmp(reason, duel_reason_names[i]))
			break;
	if (!reason || i > DUEL_WIN_ABANDONED)
		snprintf(out, outlen, "the %s win", side);
	else if (i == DUEL_WIN_ABANDONED)
		snprintf(out, outlen, "the %s win: the %s abandoned the game", side, other);
	else
		snprintf(out, outlen, "the %s win: %s", side, words[i]);
}

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

static int read_count(const json_t *obj, const char *key, int lo, int hi, int *out, char *err,
		      size_t errlen)
{
	const json_t *v = json_object_get(obj, key);

	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		FAIL("state: '%s' is an integer from %d to %d", key, lo, hi);
	*out = (int)json_integer_value(v);
	return 0;
}

/* A card id of this side, not seen before in any zone: its index. */
static int take_id(const struct duel_deck *deck, const json_t *v, uint8_t *seen, const char *where,
		   char *err, size_t errlen)
{
	const char *id = json_string_value(v);
	int i = duel_deck_find_id(deck, id);

	if (!id)
		FAIL("state: %s holds card ids (strings)", where);
	if (i < 0)
		FAIL("state: %s: no card %.8s in the %s' deck", where, id,
		     duel_side_names[deck->side]);
	if (seen[i])
		FAIL("state: %s: card %s is in two places", where, deck->cards[i].id);
	seen[i] = 1;
	return i;
}

static int read_zone(struct duel_zone *z, const struct duel_deck *deck, const json_t *side,
		     const char *key, uint8_t *seen, char *err, size_t errlen)
{
	const json_t *list = json_object_get(side, key), *v;
	char where[40];
	size_t i;

	snprintf(where, sizeof where, "%s.%s", duel_side_names[deck->side], key);
	if (!json_is_array(list))
		FAIL("state: %s is a list of card ids", where);
	z->n = 0;
	json_array_foreach(list, i, v) {
		int c = take_id(deck, v, seen, where, err, errlen);

		if (c < 0)
			return -1;
		if (!strcmp(key, "removed") && deck->cards[c].type != DUEL_MISSION_CARD)
			FAIL("state: %s: %s is not a mission", where, deck->cards[c].id);
		z->card[z->n++] = (uint8_t)c;
	}
	return 0;
}

static int read_side(struct duel_side_state *s, const struct duel_deck *deck, const json_t *json,
		     char *err, size_t errlen)
{
	static const char *const zones[] = { "deck", "hand", "discard", "removed" };
	struct duel_zone *z[] = { &s->deck, &s->hand, &s->discard, &s->removed };
	uint8_t seen[DUEL_DECK_MAX] = { 0 };
	const json_t *list, *v;
	const char *side = duel_side_names[deck->side];
	size_t i;

	if (!json_is_object(json))
		FAIL("state: '%s' is an object", side);
	for (i = 0; i < 4; i++)
		if (read_zone(z[i], deck, json, zones[i], seen, err, errlen) < 0)
			return -1;
	list = json_object_get(json, "in_play");
	if (!json_is_array(list))
		FAIL("state: %s.in_play is a list of {\"id\", \"plugged\"}", side);
	s->nplay = 0;
	json_array_foreach(list, i, v) {
		const json_t *plugged = json_object_get(v, "plugged");
		char where[40];
		int c;

		snprintf(where, sizeof where, "%s.in_play", side);
		c = take_id(deck, json_object_get(v, "id"), seen, where, err, errlen);
		if (c < 0)
			return -1;
		if (deck->cards[c].type != DUEL_CHARACTER)
			FAIL("state: %s: %s is not a character", where, deck->cards[c].id);
		if (plugged && !json_is_boolean(plugged))
			FAIL("state: %s: 'plugged' is true or false", where);
		if (json_is_true(plugged) && deck->cards[c].kind != DUEL_FREED)
			FAIL("state: %s: only freed humans are plugged, not %s", where,
			     deck->cards[c].id);
		s->play[s->nplay].card = (uint8_t)c;
		s->play[s->nplay].plugged = json_is_true(plugged);
		s->nplay++;
	}
	return 0;
}

int duel_state_from_json(struct duel_state *st, const json_t *json,
			 const struct duel_deck *humans, const struct duel_deck *machines,
			 char *err, size_t errlen)
{
	const json_t *v, *neb, *decks;
	const char *s;
	int side;

	memset(st, 0, sizeof *st);
	st->winner = -1;
	st->decks[DUEL_HUMANS] = humans;
	st->decks[DUEL_MACHINES] = machines;
	if (!json_is_object(json))
		FAIL("state: expected an object");
	s = json_string_value(json_object_get(json, "game"));
	if (!s || strcmp(s, "duel"))
		FAIL("state: 'game' is \"duel\"");
	v = json_object_get(json, "version");
	if (!json_is_integer(v) || json_integer_value(v) != 1)
		FAIL("state: 'version' is 1");
	decks = json_object_get(json, "decks");
	for (side = 0; side < DUEL_SIDES; side++) {
		s = json_string_value(json_object_get(decks, duel_side_names[side]));
		snprintf(st->deck_name[side], sizeof st->deck_name[side], "%s", s ? s : "default");
	}
	if (read_count(json, "turn", 1, DUEL_TURNS, &st->turn, err, errlen) < 0 ||
	    read_count(json, "time", 0, 99, &st->time, err, errlen) < 0 ||
	    read_count(json, "mp", 0, 99, &st->mp, err, errlen) < 0)
		return -1;
	neb = json_object_get(json, "neb");
	if (!json_is_object(neb))
		FAIL("state: 'neb' is {\"hull\": N, \"hits\": N}");
	if (read_count(neb, "hull", 1, 9, &st->hull, err, errlen) < 0 ||
	    read_count(neb, "hits", 0, st->hull, &st->hits, err, errlen) < 0)
		return -1;
	v = json_object_get(json, "winner");
	if (v && !json_is_null(v)) {
		s = json_string_value(v);
		if (s && !strcmp(s, "humans"))
			st->winner = DUEL_HUMANS;
		else if (s && !strcmp(s, "machines"))
			st->winner = DUEL_MACHINES;
		else
			FAIL("state: 'winner' is null, \"humans\" or \"machines\"");
		s = json_string_value(json_object_get(json, "win_reason"));
		for (st->reason = DUEL_WIN_MP; st->reason <= DUEL_WIN_ABANDONED; st->reason++)
			if (s && !strcmp(s, duel_reason_names[st->reason]))
				break;
		if (st->reason > DUEL_WIN_ABANDONED)
			FAIL("state: 'win_reason' is mission-points, neo-killed, nebuchadnezzar-destroyed, time or abandoned");
		if (st->reason != DUEL_WIN_ABANDONED &&
		    (st->reason == DUEL_WIN_MP) != (st->winner == DUEL_HUMANS))
			FAIL("state: %s cannot win by %s", duel_side_names[st->winner],
			     duel_reason_names[st->reason]);
	} else if (json_object_get(json, "win_reason") &&
		   !json_is_null(json_object_get(json, "win_reason"))) {
		FAIL("state: 'win_reason' without a winner");
	}
	for (side = 0; side < DUEL_SIDES; side++)
		if (read_side(&st->side[side], st->decks[side],
			      json_object_get(json, duel_side_names[side]), err, errlen) < 0)
			return -1;
	return 0;
}

static json_t *zone_json(const struct duel_deck *deck, const struct duel_zone *z)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < z->n; i++)
		json_array_append_new(a, json_string(deck->cards[z->card[i]].id));
	return a;
}

json_t *duel_state_to_json(const struct duel_state *st)
{
	json_t *root, *sides[DUEL_SIDES] = { NULL, NULL };
	int side;
	size_t i;

	for (side = 0; side < DUEL_SIDES; side++) {
		const struct duel_deck *deck = st->decks[side];
		const struct duel_side_state *s = &st->side[side];
		json_t *play = json_array();

		for (i = 0; play && i < s->nplay; i++) {
			const struct duel_card *c = &deck->cards[s->play[i].card];

			if (c->kind == DUEL_FREED)
				json_array_append_new(play, json_pack("{s:s,s:b}", "id", c->id,
								      "plugged", s->play[i].plugged));
			else
				json_array_append_new(play, json_pack("{s:s}", "id", c->id));
		}
		sides[side] = json_pack("{s:o,s:o,s:o,s:o,s:o}", "deck", zone_json(deck, &s->deck),
					"hand", zone_json(deck, &s->hand), "discard",
					zone_json(deck, &s->discard), "removed",
					zone_json(deck, &s->removed), "in_play", play);
	}
	root = json_pack("{s:s,s:i,s:{s:s,s:s},s:i,s:i,s:i,s:{s:i,s:i},s:o,s:o,s:o,s:o}", "game",
			 "duel", "version", 1, "decks", "humans", st->deck_name[DUEL_HUMANS],
			 "machines", st->deck_name[DUEL_MACHINES], "turn", st->turn, "time",
			 st->time, "mp", st->mp, "neb", "hull", st->hull, "hits", st->hits, "winner",
			 st->winner < 0 ? json_null() : json_string(duel_side_names[st->winner]),
			 "win_reason",
			 st->winner < 0 ? json_null() : json_string(duel_reason_names[st->reason]),
			 "humans", sides[DUEL_HUMANS], "machines", sides[DUEL_MACHINES]);
	return root;
}

/* Ids by number: "H9x" style ids have 2 or 3 digits, so shorter first. */
static int id_order(const void *a, const void *b)
{
	const char *x = *(const char *const *)a, *y = *(const char *const *)b;
	size_t lx = strlen(x), ly = strlen(y);

	return lx != ly ? (lx < ly ? -1 : 1) : strcmp(x, y);
}

json_t *duel_state_view(const struct duel_state *st, int seat)
{
	json_t *view = duel_state_to_json(st);
	int side;

	if (!view || seat == DUEL_SIDES)
		return view;
	for (side = 0; side < DUEL_SIDES; side++) {
		const struct duel_side_state *s = &st->side[side];
		json_t *obj = json_object_get(view, duel_side_names[side]);

		json_object_del(obj, "deck");
		json_object_set_new(obj, "deck_count", json_integer(s->deck.n));
		json_object_set_new(obj, "hand_count", json_integer(s->hand.n));
		if (side == seat) {
			const char *ids[DUEL_DECK_MAX];
			json_t *sorted = json_array();
			size_t i;

			for (i = 0; i < s->deck.n; i++)
				ids[i] = st->decks[side]->cards[s->deck.card[i]].id;
			qsort(ids, s->deck.n, sizeof *ids, id_order);
			for (i = 0; sorted && i < s->deck.n; i++)
				json_array_append_new(sorted, json_string(ids[i]));
			json_object_set_new(obj, "deck_contents", sorted);
		} else {
			json_object_del(obj, "hand");
		}
	}
	return view;
}
