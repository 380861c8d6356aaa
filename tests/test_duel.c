/* test_duel: the Matrix card duel (issue 16): deck files (rulings section 18). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/duel/deck.h"
#include "core/duel/duel.h"
#include "core/duel/state.h"
#include "core/ruleset.h"

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
			buf[n] = '\0';
		} else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

/* The compiled-in decks are the shipped files, byte for byte (tests/duel_decks.sh). */
static void test_duel_default_decks_match_the_files(void **unused)
{
	char *h = read_file("templates/duel/decks/humans.json");
	char *m = read_file("templates/duel/decks/machines.json");

	(void)unused;
	assert_non_null(h);
	assert_non_null(m);
	assert_string_equal(h, duel_default_humans);
	assert_string_equal(m, duel_default_machines);
	free(h);
	free(m);
}

/* Section 19: Humans 33 cards, Machines 31, with the figures the rulings list. */
static void test_duel_default_decks_load(void **unused)
{
	struct duel_deck h, m;
	char err[256] = "";
	int i;

	(void)unused;
	assert_int_equal(duel_deck_parse(&h, DUEL_HUMANS, duel_default_humans, "humans.json", err,
					 sizeof err), 0);
	assert_int_equal(duel_deck_parse(&m, DUEL_MACHINES, duel_default_machines, "machines.json",
					 err, sizeof err), 0);
	assert_int_equal(h.ncards, 33);
	assert_int_equal(m.ncards, 31);
	i = duel_deck_find_name(&h, "neo");
	assert_int_equal(i, 2);
	assert_string_equal(h.cards[i].id, "H03");
	assert_true(h.cards[i].neo);
	assert_int_equal(h.cards[i].kind, DUEL_FREED);
	assert_int_equal(h.cards[i].mods[DUEL_COMBAT], 3);
	assert_int_equal(duel_card_value(&h.cards[i]), 9);
	assert_int_equal(h.cards[i].line, 9);
	i = duel_deck_find_name(&h, "Hack the Mainframe");
	assert_true(i >= 0);
	assert_int_equal(h.cards[i].type, DUEL_MISSION_CARD);
	assert_int_equal(h.cards[i].mp, 5);
	assert_int_equal(h.cards[i].difficulty, 5);
	i = duel_deck_find_name(&h, "EMP");
	assert_int_equal(h.cards[i].neutralize, DUEL_NEUT_ROBOTS);
	assert_int_equal(h.cards[i].play_mask, (1u << DUEL_PURSUIT) | (1u << DUEL_BATTLE));
	i = duel_deck_find_name(&m, "Cypher's Betrayal");
	assert_int_equal(m.cards[i].neutralize, DUEL_NEUT_ONE);
	assert_int_equal(m.cards[i].play_mask, 1u << DUEL_ANY);
	i = duel_deck_find_name(&m, "Extermination Unit");
	assert_true(m.cards[i].exterminator);
	assert_int_equal(m.cards[i].kind, DUEL_ROBOT);
	assert_int_equal(duel_deck_find_id(&m, "M01"), 0);
	assert_true(m.cards[0].start);
}

#define HEAD "{\"format\": \"warpspawn-matrix-deck\", \"version\": 1, \"side\": \"humans\", \"name\": \"t\",\n \"cards\": [\n"
#define NEO "  {\"id\": \"H01\", \"name\": \"Neo\", \"type\": \"character\", \"kind\": \"freed\", \"neo\": true}"

static void expect_refused(const char *text, enum duel_side side, const char *want)
{
	struct duel_deck d;
	char err[256] = "";

	assert_int_equal(duel_deck_parse(&d, side, text, "d.json", err, sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("error '%s' lacks '%s'", err, want);
}

/* Every broken rule of the table in section 18 is refused with file:line. */
static void test_duel_deck_refusals_name_file_and_line(void **unused)
{
	(void)unused;
	expect_refused("{\"format\": 1,", DUEL_HUMANS, "d.json:1: not a deck file");
	expect_refused(HEAD NEO "]}", DUEL_MACHINES, "d.json:1: expected \"side\": \"machines\"");
	expect_refused(HEAD NEO ",\n  {\"id\": \"H01\", \"name\": \"Tank\", \"type\": \"character\", \"kind\": \"zion\"}]}",
		       DUEL_HUMANS, "d.json:4: id H01 is already card 1's (line 3)");
	expect_refused(HEAD NEO ",\n  {\"id\": \"M02\", \"name\": \"Tank\", \"type\": \"character\", \"kind\": \"zion\"}]}",
		       DUEL_HUMANS, "d.json:4: id 'M02': expected H and 2-3 digits");
	expect_refused(HEAD NEO ",\n  {\"id\": \"H02\", \"name\": \"Tank\", \"type\": \"character\", \"kind\": \"zion\", \"mods\": {\"combat\": 1}}]}",
		       DUEL_HUMANS, "d.json:4: Tank is always in the real world and has no combat modifier");
	expect_refused(HEAD NEO ",\n  {\"id\": \"H02\", \"name\": \"Hold On Tight\", \"type\": \"event\", \"play\": {\"combat\": 1}}]}",
		       DUEL_HUMANS, "d.json:4: card H02: name 'Hold On Tight': a name may not hold the word ON");
	expect_refused(HEAD NEO ",\n  {\"id\": \"H02\", \"name\": \"all\", \"type\": \"event\", \"play\": {\"combat\": 1}}]}",
		       DUEL_HUMANS, "ALL, NONE and BASIC are order words");
	expect_refused(HEAD NEO ",\n  {\"id\": \"H02\", \"name\": \"Kick\", \"type\": \"event\", \"play\": {\"flying\": 1}}]}",
		       DUEL_HUMANS, "d.json:4: no contest 'flying' in 'play'");
	expect_refused(HEAD NEO ",\n  {\"id\": \"H02\", \"name\": \"Kick\", \"type\": \"event\", \"play\": {\"combat\": 1}},\n"
		       "  {\"id\": \"H03\", \"name\": \"kick\", \"type\": \"event\", \"play\": {\"combat\": 2}}]}",
		       DUEL_HUMANS, "d.json:5: H03 shares its name with H02 (line 4) but not its rules");
	expect_refused(HEAD "  {\"id\": \"H02\", \"name\": \"Tank\", \"type\": \"character\", \"kind\": \"zion\"}]}",
		       DUEL_HUMANS, "exactly one Neo");
	expect_refused(HEAD NEO ",\n  {\"id\": \"H02\", \"name\": \"Free Him\", \"type\": \"mission\", \"mp\": 0, \"difficulty\": 1}]}",
		       DUEL_HUMANS, "d.json:4: card H02: 'mp' is an integer from 1 to 99");
	expect_refused(HEAD NEO ",\n  {\"id\": \"H02\", \"name\": \"Kick\", \"type\": \"event\", \"play\": {\"combat\": 1}, \"colour\": \"red\"}]}",
		       DUEL_HUMANS, "d.json:4: unknown field 'colour'");
	expect_refused("{\"format\": \"warpspawn-matrix-deck\", \"version\": 1, \"side\": \"machines\", \"name\": \"t\",\n \"cards\": [\n"
		       "  {\"id\": \"M01\", \"name\": \"Free Him\", \"type\": \"mission\", \"mp\": 1, \"difficulty\": 1}]}",
		       DUEL_MACHINES, "d.json:3: card M01: only the Humans have mission cards");
	expect_refused("{\"format\": \"warpspawn-matrix-deck\", \"version\": 1, \"side\": \"machines\", \"name\": \"t\",\n \"cards\": [\n"
		       "  {\"id\": \"M01\", \"name\": \"Sentinel\", \"type\": \"character\", \"kind\": \"agent\", \"exterminator\": true}]}",
		       DUEL_MACHINES, "d.json:3: card M01: only robots are Extermination Units");
}

/* The example of section 17 reads and writes back unchanged. */
static const char example_state[] =
	"{\"game\": \"duel\", \"version\": 1, \"decks\": {\"humans\": \"default\", \"machines\": \"default\"},"
	" \"turn\": 9, \"time\": 8, \"mp\": 4, \"neb\": {\"hull\": 3, \"hits\": 1},"
	" \"winner\": null, \"win_reason\": null,"
	" \"humans\": {\"deck\": [\"H21\", \"H04\", \"H05\"], \"hand\": [\"H18\", \"H22\", \"H29\", \"H26\", \"H28\"],"
	"  \"discard\": [\"H23\", \"H06\"], \"removed\": [\"H15\"],"
	"  \"in_play\": [{\"id\": \"H01\", \"plugged\": true}, {\"id\": \"H02\", \"plugged\": false},"
	"   {\"id\": \"H03\", \"plugged\": true}, {\"id\": \"H09\"}]},"
	" \"machines\": {\"deck\": [\"M24\", \"M25\"], \"hand\": [\"M17\", \"M29\", \"M12\"],"
	"  \"discard\": [\"M15\", \"M03\"], \"removed\": [],"
	"  \"in_play\": [{\"id\": \"M01\"}, {\"id\": \"M02\"}, {\"id\": \"M10\"}]}}";

static void load_defaults(struct duel_deck *h, struct duel_deck *m)
{
	char err[256];

	assert_int_equal(duel_deck_parse(h, DUEL_HUMANS, duel_default_humans, NULL, err, sizeof err), 0);
	assert_int_equal(duel_deck_parse(m, DUEL_MACHINES, duel_default_machines, NULL, err, sizeof err), 0);
}

static void test_duel_state_example_round_trips(void **unused)
{
	struct duel_deck h, m;
	struct duel_state st;
	json_t *in = json_loads(example_state, 0, NULL), *out;
	char err[256] = "";

	(void)unused;
	load_defaults(&h, &m);
	assert_non_null(in);
	if (duel_state_from_json(&st, in, &h, &m, err, sizeof err) < 0)
		fail_msg("%s", err);
	assert_int_equal(st.turn, 9);
	assert_int_equal(st.hits, 1);
	assert_int_equal(st.side[DUEL_HUMANS].hand.n, 5);
	assert_string_equal(h.cards[st.side[DUEL_HUMANS].deck.card[0]].id, "H21");
	assert_true(st.side[DUEL_HUMANS].play[2].plugged);
	out = duel_state_to_json(&st);
	assert_non_null(out);
	assert_true(json_equal(in, out));
	json_decref(in);
	json_decref(out);
}

static void expect_state_refused(const char *from, const char *to, const char *want)
{
	struct duel_deck h, m;
	struct duel_state st;
	char text[4096], err[256] = "";
	const char *at = strstr(example_state, from);
	json_t *in;

	assert_non_null(at);
	snprintf(text, sizeof text, "%.*s%s%s", (int)(at - example_state), example_state, to,
		 at + strlen(from));
	in = json_loads(text, 0, NULL);
	assert_non_null(in);
	load_defaults(&h, &m);
	assert_int_equal(duel_state_from_json(&st, in, &h, &m, err, sizeof err), -1);
	if (!strstr(err, want))
		fail_msg("error '%s' lacks '%s'", err, want);
	json_decref(in);
}

/* Section 17's rules on zones: one place per id, own side, characters in play, missions removed. */
static void test_duel_state_refusals(void **unused)
{
	(void)unused;
	expect_state_refused("\"H21\", \"H04\"", "\"H18\", \"H04\"", "humans.hand: card H18 is in two places");
	expect_state_refused("\"M24\"", "\"H24\"", "machines.deck: no card H24 in the machines' deck");
	expect_state_refused("\"removed\": [\"H15\"]", "\"removed\": [\"H14\"]", "humans.removed: H14 is not a mission");
	expect_state_refused("{\"id\": \"H09\"}", "{\"id\": \"H09\", \"plugged\": true}", "only freed humans are plugged, not H09");
	expect_state_refused("\"hits\": 1", "\"hits\": 4", "'hits' is an integer from 0 to 3");
	expect_state_refused("\"turn\": 9", "\"turn\": 21", "'turn' is an integer from 1 to 20");
	expect_state_refused("\"winner\": null, \"win_reason\": null", "\"winner\": \"humans\", \"win_reason\": \"time\"", "humans cannot win by time");
	expect_state_refused("{\"id\": \"M10\"}", "{\"id\": \"M12\"}", "machines.in_play: card M12 is in two places");
}

/* Packs deck-humans / deck-machines replace a side's default deck; a bad one names its file. */
static void test_duel_decks_from_packs(void **unused)
{
	struct duel_deck decks[DUEL_SIDES];
	char err[256] = "";
	json_t *data;

	(void)unused;
	assert_int_equal(duel_decks_from_packs(decks, NULL, err, sizeof err), 0);
	assert_int_equal(decks[DUEL_HUMANS].ncards, 33);
	assert_int_equal(decks[DUEL_MACHINES].ncards, 31);
	data = json_pack("{s:{s:s,s:s}}", "deck-humans", "path", "mine.json", "text",
			 HEAD NEO "]}");
	assert_int_equal(duel_decks_from_packs(decks, data, err, sizeof err), 0);
	assert_int_equal(decks[DUEL_HUMANS].ncards, 1);
	assert_int_equal(decks[DUEL_MACHINES].ncards, 31);
	json_decref(data);
	data = json_pack("{s:{s:s,s:s}}", "deck-machines", "path", "bad.json", "text",
			 HEAD NEO "]}");
	assert_int_equal(duel_decks_from_packs(decks, data, err, sizeof err), -1);
	assert_string_equal(err, "bad.json:1: expected \"side\": \"machines\" (this pack is the machines' deck)");
	json_decref(data);
}

/* Rulings 15: no view of a side (nor the public's) holds an id of the other side's hand or deck. */
static void test_duel_view_never_shows_the_other_sides_cards(void **unused)
{
	struct duel_deck h, m;
	struct duel_state st;
	json_t *in = json_loads(example_state, 0, NULL);
	char err[256] = "", *text;
	int seat, side;
	size_t i;

	(void)unused;
	load_defaults(&h, &m);
	assert_int_equal(duel_state_from_json(&st, in, &h, &m, err, sizeof err), 0);
	for (seat = -1; seat < DUEL_SIDES; seat++) {
		json_t *view = duel_state_view(&st, seat);

		assert_non_null(view);
		text = json_dumps(view, JSON_COMPACT);
		for (side = 0; side < DUEL_SIDES; side++) {
			const struct duel_side_state *s = &st.side[side];
			char quoted[8];

			if (side == seat)
				continue;
			for (i = 0; i < s->hand.n; i++) {
				snprintf(quoted, sizeof quoted, "\"%s\"", st.decks[side]->cards[s->hand.card[i]].id);
				if (strstr(text, quoted))
					fail_msg("view %d shows %s of the %s' hand", seat, quoted, duel_side_names[side]);
			}
			for (i = 0; i < s->deck.n; i++) {
				snprintf(quoted, sizeof quoted, "\"%s\"", st.decks[side]->cards[s->deck.card[i]].id);
				if (strstr(text, quoted))
					fail_msg("view %d shows %s of the %s' deck", seat, quoted, duel_side_names[side]);
			}
		}
		if (seat == DUEL_HUMANS) {
			/* its own deck sorted, never in its order (H21, H04, H05) */
			assert_non_null(strstr(text, "\"deck_contents\":[\"H04\",\"H05\",\"H21\"]"));
			assert_null(strstr(text, "\"deck\":"));
			assert_non_null(strstr(text, "\"hand\":[\"H18\""));
			assert_non_null(strstr(text, "\"deck_count\":2,\"hand_count\":3"));
		}
		free(text);
		json_decref(view);
	}
	json_decref(in);
}

/* ---------- the rules (core/duel/play.c, orders.c, bot.c) ---------- */

struct test_dice {
	struct draw_rng rng;
	int shuffles;
};

static int test_d10(void *ctx, int contest, int side, int *face, char *err, size_t errlen)
{
	struct test_dice *d = ctx;

	(void)contest, (void)side, (void)err, (void)errlen;
	*face = (int)draw_rng_uniform(&d->rng, 10) + 1;
	return 0;
}

/* Reverses the pile: a shuffle whose result a test can predict. */
static int test_shuffle(void *ctx, int side, const struct duel_deck *deck, uint8_t *cards, int n,
			char *err, size_t errlen)
{
	struct test_dice *d = ctx;
	int i;

	(void)side, (void)deck, (void)err, (void)errlen;
	d->shuffles++;
	for (i = 0; i < n / 2; i++) {
		uint8_t t = cards[i];

		cards[i] = cards[n - 1 - i];
		cards[n - 1 - i] = t;
	}
	return 0;
}

static void tables_default(struct duel_tables *t)
{
	load_defaults(&t->decks[0], &t->decks[1]);
	duel_tables_init(t);
}

static void play_init(struct duel_play *p, struct duel_state *st, const struct duel_tables *t,
		      struct test_dice *d, uint64_t seed)
{
	memset(st, 0, sizeof *st);
	st->decks[0] = &t->decks[0];
	st->decks[1] = &t->decks[1];
	memset(p, 0, sizeof *p);
	memset(d, 0, sizeof *d);
	draw_rng_init(&d->rng, seed);
	p->st = st;
	p->t = t;
	p->dice.d10 = test_d10;
	p->dice.shuffle = test_shuffle;
	p->dice.ctx = d;
}

/* Section 3: start characters in play, the rest shuffled (Humans first), 8 cards each. */
static void test_duel_setup(void **unused)
{
	static struct duel_tables t;
	struct duel_state st;
	struct duel_play p;
	struct test_dice d;

	(void)unused;
	tables_default(&t);
	play_init(&p, &st, &t, &d, 1);
	assert_int_equal(duel_setup(&p), 0);
	assert_int_equal(d.shuffles, 2);
	assert_int_equal(st.turn, 1);
	assert_int_equal(st.winner, -1);
	assert_int_equal(st.side[0].nplay, 2);
	assert_string_equal(t.decks[0].cards[st.side[0].play[0].card].id, "H01");
	assert_string_equal(t.decks[0].cards[st.side[0].play[1].card].id, "H02");
	assert_int_equal(st.side[0].play[0].plugged, 0);
	assert_string_equal(t.decks[1].cards[st.side[1].play[0].card].id, "M01");
	assert_string_equal(t.decks[1].cards[st.side[1].play[1].card].id, "M02");
	assert_int_equal(st.side[0].hand.n, 8);
	assert_int_equal(st.side[1].hand.n, 8);
	assert_int_equal(st.side[0].deck.n, 33 - 2 - 8);
	assert_int_equal(st.side[1].deck.n, 31 - 2 - 8);
	/* The reversed pile H03..H33: the hand is H33 down to H26. */
	assert_string_equal(t.decks[0].cards[st.side[0].hand.card[0]].id, "H33");
	assert_string_equal(t.decks[0].cards[st.side[0].hand.card[7]].id, "H26");
}

/* 12.2: Neo dies last even when his value is the lowest. */
static void test_duel_neo_dies_last(void **unused)
{
	static struct duel_tables t;
	static struct duel_orders o[2];
	struct duel_state st;
	struct duel_play p;
	struct test_dice d;
	char err[256];
	int neo = -1, apoc = -1, k;

	(void)unused;
	tables_default(&t);
	for (k = 0; k < (int)t.decks[0].ncards; k++) {
		if (t.decks[0].cards[k].neo)
			neo = k;
		if (!strcmp(t.decks[0].cards[k].name, "Apoc"))
			apoc = k;
	}
	/* A weak Neo (value 1) beside Apoc (value 2). */
	memset(t.decks[0].cards[neo].mods, 0, sizeof t.decks[0].cards[neo].mods);
	t.decks[0].cards[neo].mods[DUEL_MISSION] = 1;
	play_init(&p, &st, &t, &d, 3);
	st.turn = 1;
	st.hull = 3;
	st.winner = -1;
	st.side[0].play[0].card = (uint8_t)neo;
	st.side[0].play[0].plugged = 1;
	st.side[0].play[1].card = (uint8_t)apoc;
	st.side[0].play[1].plugged = 1;
	st.side[0].nplay = 2;
	st.side[1].play[0].card = 0;	/* Agent Smith */
	st.side[1].nplay = 1;
	duel_orders_init(&o[0], 0);
	duel_orders_init(&o[1], 1);
	/* Turns until someone of the Humans dies: Apoc first, whatever Neo's value. */
	p.events = json_array();
	p.story = json_array();
	for (k = 0; k < 200 && st.side[0].nplay == 2 && st.winner < 0; k++) {
		assert_int_equal(duel_play_turn(&p, o), 0);
		if (st.turn > 19)
			st.turn = 2, st.time = 0;
	}
	(void)err;
	{
		json_t *e;
		size_t i;
		const char *first = NULL;

		json_array_foreach(p.events, i, e)
			if (!first && !strcmp(json_string_value(json_object_get(e, "type")), "kill") &&
			    !strcmp(json_string_value(json_object_get(e, "side")), "humans"))
				first = json_string_value(json_object_get(e, "card"));
		assert_non_null(first);
		assert_string_equal(first, "H07");
	}
	json_decref(p.events);
	json_decref(p.story);
}

/*
 * The bots write legal orders: for many seeded games of both policies,
 * each side's orders, written as text, read back without a refusal
 * against the state they are for, and play to an end by turn 20.
 */
static void test_duel_bots_write_legal_orders(void **unused)
{
	static struct duel_tables t;
	static struct duel_orders o[2], back;
	struct duel_state st;
	struct duel_play p;
	struct test_dice d;
	struct draw_rng bots;
	char err[300];
	int game, side, ended = 0;

	(void)unused;
	tables_default(&t);
	for (game = 0; game < 200; game++) {
		int policy[2] = { game & 1 ? DUEL_RANDOM : DUEL_GREEDY, game & 2 ? DUEL_RANDOM : DUEL_GREEDY };

		play_init(&p, &st, &t, &d, 100 + (uint64_t)game);
		d.rng.s[0] ^= (uint64_t)game;
		draw_rng_init(&bots, 7 + (uint64_t)game);
		assert_int_equal(duel_setup(&p), 0);
		while (st.winner < 0) {
			for (side = 0; side < 2; side++) {
				struct strbuf sb = STRBUF_INIT;
				json_t *lines;

				duel_bot(&st, &t, side, policy[side], &bots, &o[side]);
				duel_orders_format(&st, &o[side], &sb);
				lines = duel_order_lines(strbuf_str(&sb), NULL, 0, NULL);
				if (duel_orders_parse(&st, &t, side, lines, "bot", &back, err, sizeof err) < 0)
					fail_msg("game %d turn %d %s: %s\n%s", game, st.turn,
						 duel_side_names[side], err, strbuf_str(&sb));
				json_decref(lines);
				strbuf_release(&sb);
			}
			assert_int_equal(duel_play_turn(&p, o), 0);
			assert_true(st.turn <= DUEL_TURNS);
		}
		ended++;
	}
	assert_int_equal(ended, 200);
}

/* A message holds at most 200 order lines: the 201st is refused, naming it. */
static void test_duel_orders_bounded(void **unused)
{
	static struct duel_tables t;
	static struct duel_orders o;
	struct duel_state st;
	struct strbuf sb = STRBUF_INIT;
	json_t *lines;
	char err[300];
	int i;

	(void)unused;
	tables_default(&t);
	memset(&st, 0, sizeof st);
	st.decks[0] = &t.decks[0];
	st.decks[1] = &t.decks[1];
	for (i = 0; i < 200; i++)
		strbuf_addstr(&sb, "EXIT NONE\n");
	lines = duel_order_lines(strbuf_str(&sb), NULL, 0, NULL);
	assert_int_equal(duel_orders_parse(&st, &t, 0, lines, "m.txt", &o, err, sizeof err), 0);
	json_decref(lines);
	strbuf_addstr(&sb, "EXIT NONE\n");
	lines = duel_order_lines(strbuf_str(&sb), NULL, 0, NULL);
	assert_int_equal(duel_orders_parse(&st, &t, 0, lines, "m.txt", &o, err, sizeof err), -1);
	assert_string_equal(err, "m.txt:201: a message holds at most 200 order lines");
	json_decref(lines);
	strbuf_release(&sb);
}

/*
 * The end in words (issue 29): the status hook's result, kept by the
 * campaign and shown in listings, HISTORY and the end mail, is no code.
 */
static void test_duel_result_in_words(void **unused)
{
	static const char *const want[][3] = {
		{ "humans", "mission-points", "the Humans win: they reach 20 Mission Points" },
		{ "machines", "neo-killed", "the Machines win: Neo is killed" },
		{ "machines", "nebuchadnezzar-destroyed",
		  "the Machines win: the Nebuchadnezzar is destroyed" },
		{ "machines", "time",
		  "the Machines win: the robot army reaches Zion (20 Time counters)" },
		{ "humans", "abandoned", "the Humans win: the Machines abandoned the game" },
		{ "machines", "abandoned", "the Machines win: the Humans abandoned the game" },
	};
	const struct ruleset *rs = ruleset_find("duel");
	char out[128];
	size_t i;

	(void)unused;
	assert_non_null(rs);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		json_t *state = json_pack("{s:s,s:s}", "winner", want[i][0], "win_reason", want[i][1]);
		json_t *st = rs->status(state);

		duel_result_words(want[i][0], want[i][1], out, sizeof(out));
		assert_string_equal(out, want[i][2]);
		assert_non_null(st);
		assert_true(json_is_true(json_object_get(st, "over")));
		assert_string_equal(json_string_value(json_object_get(st, "result")), want[i][2]);
		json_decref(st);
		json_decref(state);
	}
	duel_result_words("machines", "no-such-reason", out, sizeof(out));
	assert_string_equal(out, "the Machines win");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_duel_default_decks_match_the_files),
		cmocka_unit_test(test_duel_default_decks_load),
		cmocka_unit_test(test_duel_deck_refusals_name_file_and_line),
		cmocka_unit_test(test_duel_state_example_round_trips),
		cmocka_unit_test(test_duel_state_refusals),
		cmocka_unit_test(test_duel_decks_from_packs),
		cmocka_unit_test(test_duel_view_never_shows_the_other_sides_cards),
		cmocka_unit_test(test_duel_setup),
		cmocka_unit_test(test_duel_neo_dies_last),
		cmocka_unit_test(test_duel_bots_write_legal_orders),
		cmocka_unit_test(test_duel_orders_bounded),
		cmocka_unit_test(test_duel_result_in_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
