/*
 * conformance: one test over every registered ruleset (as OpenSpiel runs
 * one API test over every game), plus the test build's toy game. What a
 * game's author must not break for the judge to carry it: setup runs,
 * turns resolve from the bot's orders, the same seeds give the same game,
 * the draw log replays the game exactly, JSON round-trips are stable, no
 * view or event list shows a seat another seat's private part, a finished
 * game waits for nobody, every setting and tool is in the game's man page.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/ruleset.h"
#include "toy_ruleset.h"
#include "toysolo_ruleset.h"
#include "tiny_ruleset.h"

#define MAX_TURNS 40

/* Two seats per side at most, named after the side: "zion1", "machines1"... */
static json_t *seats_for(const struct ruleset *rs)
{
	json_t *seats = json_array();
	int i;

	for (i = 0; i < rs->min_seats; i++) {
		const char *side = rs->sides ? rs->sides[i % 2 && rs->sides[1] ? 1 : 0] : "";
		char name[64];

		snprintf(name, sizeof(name), "%s%d", *side ? side : "seat", i + 1);
		json_array_append_new(seats, json_pack("{s:s,s:s}", "name", name, "side", side));
	}
	return seats;
}

static char *dump(const json_t *j)
{
	return json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY);
}

/* A whole game: every state, events and story dumped in order, and the draw log. */
struct game_run {
	char *text;		/* states, events, stories, one per line */
	struct draw_log log;
	int turns;
	json_t *final_state;
};

static void add_line(char **text, const json_t *j)
{
	char *d = dump(j);
	size_t a = *text ? strlen(*text) : 0, b = strlen(d);
	char *t = realloc(*text, a + b + 2);

	assert_non_null(t);
	memcpy(t + a, d, b);
	t[a + b] = '\n';
	t[a + b + 1] = '\0';
	*text = t;
	free(d);
}

/* Each seat may see only its own private part of the state, events and all. */
static void check_views(const struct ruleset *rs, const json_t *state, const json_t *events)
{
	json_t *due = json_object_get(state, "seats");
	json_t *all = json_object_get(state, "private");
	const char *seat;
	json_t *part;

	(void)due;
	{
		json_t *e, *w;
		size_t i, k;

		/* A list "to" is the judge's: the seats an event is for, by name. */
		json_array_foreach(events, i, e) {
			json_t *to = json_object_get(e, "to");

			json_array_foreach(json_is_array(to) ? to : NULL, k, w)
				assert_true(json_is_string(w));
		}
	}
	json_object_foreach(all, seat, part) {
		/* With no packs given ({}), as a game created without --data. */
		json_t *packs = json_object();
		json_t *v = engine_view_data(rs, state, seat, packs);
		json_t *pub = engine_view_data(rs, state, NULL, packs);
		json_t *ev = engine_events_for(events, seat), *e;
		const char *other;
		json_t *opart;
		size_t i;

		assert_null(json_object_get(v, "secret"));
		assert_null(json_object_get(pub, "secret"));
		assert_int_equal(json_object_size(json_object_get(pub, "private")), 0);
		json_object_foreach(json_object_get(v, "private"), other, opart)
			assert_string_equal(other, seat);
		json_array_foreach(ev, i, e) {
			json_t *to = json_object_get(e, "to");
			size_t k;
			json_t *who;
			int mine = 0;

			json_array_foreach(to, k, who)
				mine |= !strcmp(json_string_value(who), seat);
			assert_true(!to || mine);
		}
		(void)opart;
		json_decref(v);
		json_decref(pub);
		json_decref(ev);
		json_decref(packs);
	}
}

/*
 * Plays a game from seeds (or from a tagged queue when q is given) with
 * the bot's orders for every seat due; checks every hook's contract on
 * the way.
 */
static void play(const struct ruleset *rs, uint64_t seed, struct draw_queue *q, struct game_run *run)
{
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded seeded;
	struct draw_source src;
	struct engine_turn t;
	json_t *settings, *seats = seats_for(rs), *state;
	char err[512];
	size_t i;

	memset(run, 0, sizeof(*run));
	draw_log_init(&run->log);
	for (i = 0; i < DRAW_ROOT_LEN; i++)
		root[i] = (unsigned char)(seed + i);
	settings = engine_settings(rs, NULL, NULL, err, sizeof(err));
	assert_non_null(settings);
	draw_seeded_init(&seeded, seed, root, 0);
	src = q ? draw_queue_source(q, &run->log) : draw_seeded_source(&seeded, &run->log);
	if (engine_setup(rs, settings, NULL, seats, &src, &t, err, sizeof(err)))
		fail_msg("%s: setup: %s", rs->name, err);
	add_line(&run->text, t.state);
	add_line(&run->text, t.events);
	check_views(rs, t.state, t.events);
	state = json_incref(t.state);
	engine_turn_release(&t);
	while (!engine_is_over(rs, state) && run->turns < MAX_TURNS) {
		json_t *due = engine_waiting_for(rs, state), *orders = json_object(), *s;
		char *round;

		assert_true(json_array_size(due) > 0);	/* a game not over waits for someone */
		json_array_foreach(due, i, s) {
			json_t *o = rs->bot ? rs->bot(state, json_string_value(s), &src, err, sizeof(err)) : NULL;

			if (rs->bot && !o)
				fail_msg("%s: bot: %s", rs->name, err);
			/* A reminder's words for a seat due: an object to merge, never NULL. */
			if (rs->seat_summary) {
				json_t *sum = rs->seat_summary(state, json_string_value(s));

				assert_true(json_is_object(sum));
				json_decref(sum);
			}
			json_object_update(orders, o);
			json_decref(o);
		}
		run->turns++;
		draw_seeded_init(&seeded, seed + (uint64_t)run->turns, root, run->turns);
		if (engine_resolve(rs, state, orders, &src, &t, err, sizeof(err)))
			fail_msg("%s: turn %d: %s", rs->name, run->turns, err);
		/* The state survives a trip through text unchanged. */
		round = dump(t.state);
		{
			json_error_t jerr;
			json_t *back = json_loads(round, 0, &jerr);
			char *again = dump(back);

			assert_string_equal(round, again);
			free(again);
			json_decref(back);
		}
		free(round);
		check_views(rs, t.state, t.events);
		add_line(&run->text, orders);
		add_line(&run->text, t.state);
		add_line(&run->text, t.events);
		add_line(&run->text, t.story);
		json_decref(state);
		state = json_incref(t.state);
		engine_turn_release(&t);
		json_decref(orders);
		json_decref(due);
	}
	run->final_state = state;
	json_decref(settings);
	json_decref(seats);
}

static void run_release(struct game_run *run)
{
	free(run->text);
	draw_log_release(&run->log);
	json_decref(run->final_state);
}

/* Setup and turns run; the same seeds give the same game, byte for byte. */
static void test_conformance_deterministic(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		struct game_run a, b;

		play(*rs, 11, NULL, &a);
		play(*rs, 11, NULL, &b);
		assert_true(a.turns > 0);
		assert_string_equal(a.text, b.text);
		assert_int_equal(a.log.n, b.log.n);
		run_release(&a);
		run_release(&b);
	}
}

/* The draw log, read back as a tagged draw file, plays the same game. */
static void test_conformance_log_replays(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		struct game_run a, b;
		struct draw_queue q;
		char *text = NULL, err[256];
		size_t i, len = 0;

		play(*rs, 5, NULL, &a);
		assert_int_equal(a.log.failed, 0);
		for (i = 0; i < a.log.n; i++) {
			size_t n = strlen(a.log.e[i].line);

			text = realloc(text, len + n + 2);
			assert_non_null(text);
			memcpy(text + len, a.log.e[i].line, n);
			len += n;
			text[len++] = '\n';
			text[len] = '\0';
		}
		draw_queue_init(&q);
		assert_int_equal(draw_queue_parse(&q, text ? text : "", "log", 0, err, sizeof(err)), 0);
		play(*rs, 5, &q, &b);
		assert_string_equal(a.text, b.text);
		assert_int_equal(draw_queue_unused(&q), 0);
		draw_queue_release(&q);
		free(text);
		run_release(&a);
		run_release(&b);
	}
}

/* Over is over: nobody is waited for and no further turn resolves. */
static void test_conformance_finished_game_waits_for_nobody(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		struct game_run a;
		struct draw_seeded seeded;
		struct draw_source src;
		struct engine_turn t;
		json_t *due, *none = json_object();
		char err[256];

		play(*rs, 3, NULL, &a);
		if (!engine_is_over(*rs, a.final_state)) {
			/* A game the bots cannot finish in MAX_TURNS proves nothing here. */
			run_release(&a);
			json_decref(none);
			continue;
		}
		due = engine_waiting_for(*rs, a.final_state);
		assert_int_equal(json_array_size(due), 0);
		draw_seeded_init(&seeded, 1, NULL, 99);
		src = draw_seeded_source(&seeded, NULL);
		assert_int_equal(engine_resolve(*rs, a.final_state, none, &src, &t, err, sizeof(err)), -1);
		assert_string_equal(err, "the game is already over: no turn is due");
		json_decref(due);
		json_decref(none);
		run_release(&a);
	}
}

/* Settings: defaults fill in, unknown keys and bad values are refused by name. */
static void test_conformance_settings(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		const struct ruleset_setting *s;
		json_t *d, *bad = json_pack("{s:i}", "no_such_setting", 1);
		char err[256];

		d = engine_settings(*rs, NULL, NULL, err, sizeof(err));
		assert_non_null(d);
		for (s = (*rs)->settings; s && s->key; s++) {
			assert_non_null(s->help);
			if (s->def)
				assert_non_null(json_object_get(d, s->key));
		}
		assert_null(engine_settings(*rs, bad, NULL, err, sizeof(err)));
		assert_non_null(strstr(err, "no_such_setting: not a setting of"));
		json_decref(bad);
		json_decref(d);
	}
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc((size_t)n + 1, 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* Every game the judge ships documents each setting and tool in its man page. */
static void test_conformance_man_page(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		const struct ruleset_setting *s;
		const struct ruleset_tool *t;
		char path[256], page[128], *text, *paren;

		if ((*rs)->flags & RULESET_TEST)
			continue;
		assert_non_null((*rs)->man_page);
		snprintf(page, sizeof(page), "%s", (*rs)->man_page);
		paren = strchr(page, '(');
		assert_non_null(paren);
		*paren = '\0';
		snprintf(path, sizeof(path), "man/%s.%c", page, paren[1]);
		text = read_text(path);
		if (!text)
			fail_msg("%s: no man page %s", (*rs)->name, path);
		for (s = (*rs)->settings; s && s->key; s++)
			if (!strstr(text, s->key))
				fail_msg("%s: setting %s is not in %s", (*rs)->name, s->key, path);
		for (t = (*rs)->tools; t && t->name; t++)
			if (!strstr(text, t->name))
				fail_msg("%s: tool %s is not in %s", (*rs)->name, t->name, path);
		free(text);
	}
}

/* The toy's hidden hands: the public and the other seat never see them. */
static void test_conformance_toy_hides_hands(void **unused)
{
	struct draw_seeded seeded;
	struct draw_source src;
	struct engine_turn t;
	unsigned char root[DRAW_ROOT_LEN] = { 1 };
	json_t *seats = seats_for(&toy_ruleset), *v, *ev;
	char err[256];

	(void)unused;
	draw_seeded_init(&seeded, 1, root, 0);
	src = draw_seeded_source(&seeded, NULL);
	assert_int_equal(engine_setup(&toy_ruleset, NULL, NULL, seats, &src, &t, err, sizeof(err)), 0);
	v = engine_view(&toy_ruleset, t.state, "north1");
	assert_int_equal(json_array_size(toy_hand(v, "north1")), 3);
	assert_null(toy_hand(v, "south2"));
	assert_null(json_object_get(v, "secret"));
	json_decref(v);
	v = engine_view(&toy_ruleset, t.state, "*");	/* the game master */
	assert_non_null(toy_hand(v, "south2"));
	assert_null(json_object_get(v, "secret"));
	json_decref(v);
	ev = engine_events_for(t.events, "south2");
	assert_int_equal(json_array_size(ev), 9);	/* its own 3 "draw" and all 6 "drew" */
	json_decref(ev);
	ev = engine_events_for(t.events, NULL);
	assert_int_equal(json_array_size(ev), 6);	/* "drew" only, for both seats */
	json_decref(ev);
	/* Without a root the sealed shuffle cannot be made. */
	engine_turn_release(&t);
	draw_seeded_init(&seeded, 1, NULL, 0);
	assert_int_equal(engine_setup(&toy_ruleset, NULL, NULL, seats, &src, &t, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sealed root"));
	json_decref(seats);
}

/* Orders from a seat that is not due are refused before the rules see them. */
static void test_conformance_refuses_orders_not_due(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		struct game_run a;
		struct draw_seeded seeded;
		struct draw_source src;
		struct engine_turn t;
		json_t *orders = json_pack("{s:[]}", "nobody-at-all");
		char err[256];

		play(*rs, 9, NULL, &a);
		json_decref(a.final_state);
		a.final_state = NULL;
		/* A fresh setup state: everyone is due, nobody-at-all is not. */
		{
			json_t *settings = engine_settings(*rs, NULL, NULL, err, sizeof(err));
			json_t *seats = seats_for(*rs);
			unsigned char root[DRAW_ROOT_LEN] = { 0 };

			draw_seeded_init(&seeded, 9, root, 0);
			src = draw_seeded_source(&seeded, NULL);
			assert_int_equal(engine_setup(*rs, settings, NULL, seats, &src, &t, err, sizeof(err)), 0);
			a.final_state = json_incref(t.state);
			engine_turn_release(&t);
			json_decref(settings);
			json_decref(seats);
		}
		assert_int_equal(engine_resolve(*rs, a.final_state, orders, &src, &t, err, sizeof(err)), -1);
		assert_string_equal(err, "orders of 'nobody-at-all', whose orders are not due");
		json_decref(orders);
		run_release(&a);
	}
}

/* The judge's forfeit order ends a game through the hook: over, nobody waited for. */
static void test_conformance_forfeit_ends_the_game(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		unsigned char root[DRAW_ROOT_LEN] = { 7 };
		struct draw_seeded seeded;
		struct draw_source src;
		struct engine_turn t, f;
		json_t *seats, *settings, *due, *orders;
		char err[512];

		if (!(*rs)->forfeit)
			continue;
		seats = seats_for(*rs);
		settings = engine_settings(*rs, NULL, NULL, err, sizeof(err));
		draw_seeded_init(&seeded, 5, root, 0);
		src = draw_seeded_source(&seeded, NULL);
		assert_int_equal(engine_setup(*rs, settings, NULL, seats, &src, &t, err, sizeof(err)), 0);
		due = engine_waiting_for(*rs, t.state);
		assert_true(json_array_size(due) > 0);
		orders = json_pack("{s:{s:s,s:s}}", json_string_value(json_array_get(due, 0)), "judge",
				   "forfeit", "reason", "abandoned");
		if (engine_resolve(*rs, t.state, orders, &src, &f, err, sizeof(err)))
			fail_msg("%s: forfeit: %s", (*rs)->name, err);
		assert_true(engine_is_over(*rs, f.state));
		json_decref(due);
		due = engine_waiting_for(*rs, f.state);
		assert_int_equal(json_array_size(due), 0);
		assert_string_equal(json_string_value(json_object_get(json_array_get(f.events, 0), "type")),
				    "forfeit");
		json_decref(due);
		json_decref(orders);
		json_decref(settings);
		json_decref(seats);
		engine_turn_release(&t);
		engine_turn_release(&f);
	}
}

/* A game started from seats_for(rs) with seed 5: its first state in *t. */
static void started(const struct ruleset *rs, struct engine_turn *t)
{
	unsigned char root[DRAW_ROOT_LEN] = { 7 };
	struct draw_seeded seeded;
	struct draw_source src;
	json_t *seats = seats_for(rs), *settings;
	char err[512];

	settings = engine_settings(rs, NULL, NULL, err, sizeof(err));
	draw_seeded_init(&seeded, 5, root, 0);
	src = draw_seeded_source(&seeded, NULL);
	if (engine_setup(rs, settings, NULL, seats, &src, t, err, sizeof(err)))
		fail_msg("%s: setup: %s", rs->name, err);
	json_decref(settings);
	json_decref(seats);
}

/* The judge's agreement of the given seats: {SEAT: {"judge": "agree", "what": what}}. */
static json_t *agreement(const json_t *seats, const char *what)
{
	json_t *o = json_object(), *v;
	size_t i;

	json_array_foreach(seats, i, v)
		json_object_set_new(o, json_string_value(v),
				    json_pack("{s:s,s:s}", "judge", "agree", "what", what));
	return o;
}

/*
 * A VOTE that passed ends the game through the agree hook: a draw of every
 * seat due is over; a draw without one of them is refused, naming it.
 */
static void test_conformance_agreed_draw_ends_the_game(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		unsigned char root[DRAW_ROOT_LEN] = { 9 };
		struct draw_seeded sd;
		struct draw_source none;
		struct engine_turn t, f;
		json_t *due, *orders, *fewer;
		char err[512];

		if (!(*rs)->agree)
			continue;
		started(*rs, &t);
		draw_seeded_init(&sd, 1, root, 1);
		none = draw_seeded_source(&sd, NULL);
		due = engine_waiting_for(*rs, t.state);
		assert_true(json_array_size(due) > 1);
		orders = agreement(due, "draw");
		if (engine_resolve(*rs, t.state, orders, &none, &f, err, sizeof(err)))
			fail_msg("%s: draw: %s", (*rs)->name, err);
		assert_true(engine_is_over(*rs, f.state));
		assert_string_equal(json_string_value(json_object_get(json_array_get(f.events, 0), "type")),
				    "agreed");
		engine_turn_release(&f);
		fewer = json_deep_copy(due);
		json_array_remove(fewer, 0);
		json_decref(orders);
		orders = agreement(fewer, "draw");
		assert_int_equal(engine_resolve(*rs, t.state, orders, &none, &f, err, sizeof(err)), -1);
		assert_non_null(strstr(err, json_string_value(json_array_get(due, 0))));
		json_decref(fewer);
		json_decref(orders);
		json_decref(due);
		engine_turn_release(&t);
	}
}

/* The scores of an agreement, game by game: a draw is the game's draw, a concession the other's win. */
static void test_conformance_agreement_scores(void **unused)
{
	static const struct {
		const char *game, *what, *seats[2], *result;
	} cases[] = {
		{ "hovercrafts", "draw", { "zion1", "machines2" }, "draw" },
		{ "hovercrafts", "concede", { "zion1", NULL }, "machines" },
		{ "hovercrafts", "concede", { "machines2", NULL }, "zion" },
		{ "toy", "draw", { "north1", "south2" }, "draw" },
		{ "toy", "concede", { "north1", NULL }, "south2" },
		{ "toy", "concede", { "south2", NULL }, "north1" },
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct ruleset *rs = ruleset_find(cases[i].game);
		unsigned char root[DRAW_ROOT_LEN] = { 9 };
		struct draw_seeded sd;
		struct draw_source none;
		struct engine_turn t, f;
		json_t *seats = json_array(), *orders, *st;
		char err[512];

		assert_non_null(rs);
		started(rs, &t);
		draw_seeded_init(&sd, 1, root, 1);
		none = draw_seeded_source(&sd, NULL);
		json_array_append_new(seats, json_string(cases[i].seats[0]));
		if (cases[i].seats[1])
			json_array_append_new(seats, json_string(cases[i].seats[1]));
		orders = agreement(seats, cases[i].what);
		if (engine_resolve(rs, t.state, orders, &none, &f, err, sizeof(err)))
			fail_msg("%s %s: %s", cases[i].game, cases[i].what, err);
		st = engine_status(rs, f.state);
		assert_true(json_is_true(json_object_get(st, "over")));
		assert_string_equal(json_string_value(json_object_get(st, "result")), cases[i].result);
		json_decref(st);
		json_decref(orders);
		json_decref(seats);
		engine_turn_release(&t);
		engine_turn_release(&f);
	}
}

/* A game without the hook takes no agreement; Hovercrafts refuses a mixed-side concession. */
static void test_conformance_agreement_refused(void **unused)
{
	const struct ruleset *const *rs;
	unsigned char root[DRAW_ROOT_LEN] = { 9 };
	struct draw_seeded sd;
	struct draw_source none;
	struct engine_turn t, f;
	json_t *seats, *orders;
	char err[512];

	(void)unused;
	draw_seeded_init(&sd, 1, root, 1);
	none = draw_seeded_source(&sd, NULL);
	for (rs = ruleset_all(); *rs; rs++) {
		json_t *due;

		if ((*rs)->agree)
			continue;
		started(*rs, &t);
		due = engine_waiting_for(*rs, t.state);
		orders = agreement(due, "draw");
		assert_int_equal(engine_resolve(*rs, t.state, orders, &none, &f, err, sizeof(err)), -1);
		assert_non_null(strstr(err, "cannot end a game by agreement"));
		json_decref(orders);
		json_decref(due);
		engine_turn_release(&t);
	}
	started(ruleset_find("hovercrafts"), &t);
	seats = json_pack("[s,s]", "zion1", "machines2");
	orders = agreement(seats, "concede");
	assert_int_equal(engine_resolve(ruleset_find("hovercrafts"), t.state, orders, &none, &f, err,
					sizeof(err)), -1);
	assert_string_equal(err, "a concession is one side's: machines2 is not of Zion");
	json_decref(orders);
	json_decref(seats);
	engine_turn_release(&t);
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

/* compare is a ranking: a result equals itself, and the order is antisymmetric and transitive. */
static void test_conformance_compare_is_a_ranking(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		struct game_run g[6];
		int i, j, k;

		if (!(*rs)->compare)
			continue;
		for (i = 0; i < 6; i++)
			play(*rs, 100 + (uint64_t)i, NULL, &g[i]);
		for (i = 0; i < 6; i++) {
			assert_int_equal((*rs)->compare(g[i].final_state, g[i].final_state), 0);
			for (j = 0; j < 6; j++) {
				int ij = sign((*rs)->compare(g[i].final_state, g[j].final_state));

				assert_int_equal(ij, -sign((*rs)->compare(g[j].final_state, g[i].final_state)));
				for (k = 0; k < 6; k++)
					if (ij >= 0 && sign((*rs)->compare(g[j].final_state, g[k].final_state)) >= 0)
						assert_true((*rs)->compare(g[i].final_state, g[k].final_state) >= 0);
			}
		}
		for (i = 0; i < 6; i++)
			run_release(&g[i]);
	}
}

/* Simulated games split anywhere sum to the same counts. */
static void test_conformance_simulate_splits(void **unused)
{
	const struct ruleset *const *rs;

	(void)unused;
	for (rs = ruleset_all(); *rs; rs++) {
		json_t *settings, *whole, *a, *b, *counts, *n, *empty;
		const char *group, *key;
		char err[512];

		if (!(*rs)->simulate)
			continue;
		empty = json_object();
		settings = engine_settings(*rs, NULL, NULL, err, sizeof(err));
		assert_non_null(settings);
		whole = (*rs)->simulate(settings, empty, 9, 0, 200, err, sizeof(err));
		a = (*rs)->simulate(settings, empty, 9, 0, 73, err, sizeof(err));
		b = (*rs)->simulate(settings, empty, 9, 73, 127, err, sizeof(err));
		assert_non_null(whole);
		assert_non_null(a);
		assert_non_null(b);
		assert_int_equal(json_integer_value(json_object_get(json_object_get(whole, "all"), "games")),
				 200);
		json_object_foreach(whole, group, counts) {
			json_object_foreach(counts, key, n) {
				json_int_t sum = json_integer_value(json_object_get(json_object_get(a, group), key)) +
						 json_integer_value(json_object_get(json_object_get(b, group), key));

				if (sum != json_integer_value(n))
					fail_msg("%s: group %s, %s: %lld whole, %lld split", (*rs)->name, group, key,
						 (long long)json_integer_value(n), (long long)sum);
			}
		}
		json_decref(whole);
		json_decref(a);
		json_decref(b);
		json_decref(settings);
		json_decref(empty);
	}
}

/*
 * The smallest game (tests/tiny_ruleset.h) has setup, read_orders and
 * resolve only: the judge's defaults say who is due (every seat of the
 * state's "seats"), whether it is over and how ("over", "result"), the
 * order form (a plain text field) and the order help. Known dice in
 * (a queue): 4 then 2; north guesses 4 both times, south 2 then 6.
 */
static void test_conformance_minimal_game_defaults(void **unused)
{
	const struct ruleset *rs = ruleset_find("tiny");
	struct draw_queue q;
	struct draw_log log;
	struct draw_source src;
	struct engine_turn t;
	json_t *seats = json_pack("[{s:s},{s:s}]", "name", "north", "name", "south");
	json_t *state, *due, *orders, *st, *form;
	char err[256];
	static const char *const north[2] = { "4\n", "\n4\n" }, *const south[2] = { "2\n", "6" };
	int turn;

	(void)unused;
	assert_non_null(rs);
	assert_null(rs->waiting_for);
	assert_null(rs->status);
	assert_null(rs->order_form);
	assert_null(rs->order_help);
	draw_queue_init(&q);
	draw_log_init(&log);
	assert_int_equal(draw_queue_parse(&q, "d6 4\nd6 2\n", "dice", 0, err, sizeof(err)), 0);
	src = draw_queue_source(&q, &log);
	assert_int_equal(engine_setup(rs, NULL, NULL, seats, &src, &t, err, sizeof(err)), 0);
	state = json_incref(t.state);
	engine_turn_release(&t);
	due = engine_waiting_for(rs, state);
	assert_int_equal(json_array_size(due), 2);
	assert_string_equal(json_string_value(json_array_get(due, 1)), "south");
	json_decref(due);
	assert_true(engine_waits_for(rs, state, "NORTH"));
	form = engine_order_form(rs, state, "north");
	assert_string_equal(json_string_value(form), ENGINE_ORDER_FORM);
	json_decref(form);
	assert_string_equal(engine_order_help(rs), ENGINE_ORDER_HELP);
	assert_null(rs->read_orders(state, "north", "7\n", "o.txt", 0, err, sizeof(err)));
	assert_string_equal(err, "o.txt:1: expected one line with a number 1 to 6");
	for (turn = 0; turn < 2; turn++) {
		json_t *n = rs->read_orders(state, "north", north[turn], "n", 0, err, sizeof(err));
		json_t *s = rs->read_orders(state, "south", south[turn], "s", 0, err, sizeof(err));

		assert_false(engine_is_over(rs, state));
		assert_non_null(n);
		assert_non_null(s);
		orders = json_object();
		json_object_update(orders, n);
		json_object_update(orders, s);
		assert_int_equal(engine_resolve(rs, state, orders, &src, &t, err, sizeof(err)), 0);
		json_decref(state);
		state = json_incref(t.state);
		engine_turn_release(&t);
		json_decref(orders);
		json_decref(n);
		json_decref(s);
	}
	/* north: 4 on a 4 (a point), then 4 on a 2; south: 2 on a 4, then 6 on a 2. */
	assert_int_equal(draw_queue_unused(&q), 0);
	assert_true(engine_is_over(rs, state));
	st = engine_status(rs, state);
	assert_true(json_is_true(json_object_get(st, "over")));
	assert_string_equal(json_string_value(json_object_get(st, "result")), "north");
	json_decref(st);
	due = engine_waiting_for(rs, state);
	assert_int_equal(json_array_size(due), 0);
	json_decref(due);
	json_decref(state);
	json_decref(seats);
	draw_log_release(&log);
	draw_queue_release(&q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_conformance_deterministic),
		cmocka_unit_test(test_conformance_log_replays),
		cmocka_unit_test(test_conformance_finished_game_waits_for_nobody),
		cmocka_unit_test(test_conformance_settings),
		cmocka_unit_test(test_conformance_man_page),
		cmocka_unit_test(test_conformance_toy_hides_hands),
		cmocka_unit_test(test_conformance_refuses_orders_not_due),
		cmocka_unit_test(test_conformance_forfeit_ends_the_game),
		cmocka_unit_test(test_conformance_agreed_draw_ends_the_game),
		cmocka_unit_test(test_conformance_agreement_scores),
		cmocka_unit_test(test_conformance_agreement_refused),
		cmocka_unit_test(test_conformance_compare_is_a_ranking),
		cmocka_unit_test(test_conformance_simulate_splits),
		cmocka_unit_test(test_conformance_minimal_game_defaults),
	};

	if (ruleset_register(&toy_ruleset) < 0 || ruleset_register(&climb_ruleset) < 0 ||
	    ruleset_register(&tiny_ruleset) < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
