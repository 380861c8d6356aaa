/*
 * The iterations shadow (issue 30): random skirmishes on the shipped
 * scenarios, random plans for every seat (legal or not, naming characters
 * a seat sees, cannot see, or that do not exist), played step by step; after
 * each step the invariants the rulings state are checked against the state
 * itself, not against the judge's own reading:
 * - R3.1, R11: Health and Resolve within 0..max, conditions 0..4; an active
 *   character has Health, Resolve and no fourth condition; a broken one
 *   keeps a cause (R12.4); aim 0, 2 or 3 (R9.4);
 * - R6.2, R12.3: engagement is between enemies in one zone, both ways; the
 *   dead are engaged with nobody;
 * - R4.1, R4.5: every active or broken character holds a card 1..10, and no
 *   two holders hold one card;
 * - R9.6, R6.6: magazines within 0..mag, a bow holds 0 or 1, a door's
 *   toughness never below 0;
 * - R5.6, R14: a round step adds one round unless the skirmish ends; over is
 *   over for good;
 * - R16.3: the same state, orders and seed give the same step (a sealed seed
 *   replays);
 * - R18: every story line within 80 columns;
 * - issue 28 item 8: a plan naming a character its seat cannot see reads
 *   exactly as the same plan naming nobody.
 * Fast: a few hundred steps.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/draw.h"
#include "core/iterations/iterations.h"
#include "core/ruleset.h"
#include "lib/strbuf.h"

#define GAMES 80
#define MAX_STEPS 16

static uint64_t rng_state;

static unsigned pick(unsigned n)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)((rng_state >> 33) % n);
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
	rewind(f);
	buf = calloc((size_t)n + 1, 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static long ival(const json_t *o, const char *k)
{
	return (long)json_integer_value(json_object_get(o, k));
}

static const char *sval(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));

	return s ? s : "";
}

/* A random name: a character of the state, or nobody. */
static const char *any_name(const json_t *st)
{
	size_t n = json_array_size(json_object_get(st, "characters"));
	unsigned k = pick((unsigned)n + 1);

	return k == n ? "Nobody" : sval(json_array_get(json_object_get(st, "characters"), k), "name");
}

static const char *any_zone(const json_t *st)
{
	json_t *zs = json_object_get(json_object_get(st, "scenario"), "zones");

	return sval(json_array_get(zs, pick((unsigned)json_array_size(zs))), "id");
}

/* One random alternative. */
static void random_alt(struct strbuf *sb, const json_t *st)
{
	switch (pick(18)) {
	case 0: strbuf_addf(sb, "MOVE %s", any_zone(st)); break;
	case 1: strbuf_addf(sb, "MOVE TOWARD %s", any_zone(st)); break;
	case 2: strbuf_addf(sb, "SHOOT %s", any_name(st)); break;
	case 3: strbuf_addf(sb, "SHOOT NEAREST USING %s", pick(2) ? "PUSHBACK" : "SUNDER, PIN"); break;
	case 4: strbuf_addf(sb, "ATTACK %s USING PRONE, DAMAGE", any_name(st)); break;
	case 5: strbuf_addf(sb, "ENGAGE %s", any_name(st)); break;
	case 6: strbuf_addstr(sb, pick(2) ? "AIM" : "READY"); break;
	case 7: strbuf_addstr(sb, pick(2) ? "FLEE" : "RETREAT"); break;
	case 8: strbuf_addstr(sb, pick(2) ? "STAND" : "RELOAD"); break;
	case 9: strbuf_addstr(sb, "COVER"); break;
	case 10: strbuf_addf(sb, "OVERWATCH %s ON %s", any_zone(st), pick(2) ? "ANY" : "SIGHT"); break;
	case 11: strbuf_addf(sb, "BREAK %s", any_zone(st)); break;
	case 12: strbuf_addf(sb, "HEAL %s", any_name(st)); break;
	case 13: strbuf_addf(sb, "GRAPPLE %s", any_name(st)); break;
	case 14: strbuf_addstr(sb, pick(2) ? "BREAK FREE" : "PUMMEL"); break;
	case 15: strbuf_addf(sb, "IF %s BROKEN: ATTACK NEAREST", any_name(st)); break;
	case 16: strbuf_addf(sb, "IF ENEMY IN %s: SHOOT NEAREST", any_zone(st)); break;
	default: strbuf_addstr(sb, "DISENGAGE"); break;
	}
}

/* A random plan for each character seat commands (setup: a card). */
static void random_plan(struct strbuf *sb, const json_t *st, const char *seat)
{
	json_t *c;
	size_t i;
	int setup = !strcmp(sval(st, "phase"), "setup");

	json_array_foreach(json_object_get(st, "characters"), i, c) {
		const char *ctl = json_is_string(json_object_get(c, "controller")) ? sval(c, "controller") : "operator";
		int slot;

		if (strcasecmp(ctl, seat) || strcmp(sval(c, "status"), "active"))
			continue;
		strbuf_addf(sb, "CHAR %s\n", sval(c, "name"));
		if (setup) {
			strbuf_addf(sb, "CARD %u\n", 1 + pick(10));
			continue;
		}
		for (slot = 1; slot <= 2; slot++) {
			strbuf_addf(sb, "%d. ", slot);
			random_alt(sb, st);
			strbuf_addstr(sb, " OR ");
			random_alt(sb, st);
			strbuf_addstr(sb, "\n");
		}
		strbuf_addf(sb, "BLOCK %u\nPUSH %s\n", pick(3), pick(2) ? "YES" : "NO");
	}
}

/* Each seat's orders: random, else (refused: two slow slots...) none. */
static json_t *random_orders(const json_t *st)
{
	json_t *orders = json_object(), *c, *mine;
	size_t i;

	json_array_foreach(json_object_get(st, "characters"), i, c) {
		const char *seat = json_is_string(json_object_get(c, "controller")) ? sval(c, "controller") : "operator";
		struct strbuf sb = STRBUF_INIT;
		char err[256];

		if (json_object_get(orders, seat))
			continue;
		random_plan(&sb, st, seat);
		mine = it_read_orders(st, seat, strbuf_str(&sb), "shadow", err, sizeof(err));
		strbuf_release(&sb);
		if (mine)
			json_object_update(orders, mine);
		json_decref(mine);
	}
	return orders;
}

static int in_names(const json_t *list, const char *name)
{
	json_t *v;
	size_t i;

	json_array_foreach(list, i, v)
		if (!strcmp(json_string_value(v), name))
			return 1;
	return 0;
}

static void check_state(const json_t *st, int step)
{
	json_t *c, *o, *b;
	size_t i, k;
	int held[11] = { 0 };
	const char *holder_of[11] = { NULL };

	json_array_foreach(json_object_get(st, "characters"), i, c) {
		json_t *h = json_object_get(c, "health"), *r = json_object_get(c, "resolve"), *w;
		json_t *cond = json_object_get(c, "conditions");
		const char *status = sval(c, "status"), *name = sval(c, "name");
		long p = ival(cond, "physical"), m = ival(cond, "mental");
		int cause = ival(h, "value") == 0 || ival(r, "value") == 0 || p >= 4 || m >= 4;

		if (ival(h, "value") < 0 || ival(h, "value") > ival(h, "max") || ival(r, "value") < 0 ||
		    ival(r, "value") > ival(r, "max") || p < 0 || p > 4 || m < 0 || m > 4)
			fail_msg("step %d: %s's tracks out of bounds", step, name);
		if (!strcmp(status, "active") && cause)
			fail_msg("step %d: %s is active with a cause of being broken", step, name);
		if (!strcmp(status, "broken") && !cause)
			fail_msg("step %d: %s is broken with no cause left", step, name);
		if (ival(c, "aim") != 0 && ival(c, "aim") != 2 && ival(c, "aim") != 3)
			fail_msg("step %d: %s aims %ld", step, name, ival(c, "aim"));
		json_array_foreach(json_object_get(c, "engaged"), k, o) {
			json_t *x = it_char(st, json_string_value(o));

			if (!x || !in_names(json_object_get(x, "engaged"), name))
				fail_msg("step %d: %s is engaged with %s, not both ways", step, name, json_string_value(o));
			if (strcmp(sval(x, "zone"), sval(c, "zone")) || !strcmp(sval(x, "side"), sval(c, "side")))
				fail_msg("step %d: %s engaged with %s: not enemies in one zone", step, name, sval(x, "name"));
		}
		if (!strcmp(status, "dead") && json_array_size(json_object_get(c, "engaged")))
			fail_msg("step %d: dead %s is still engaged", step, name);
		if (strcmp(sval(st, "phase"), "setup") && (!strcmp(status, "active") || !strcmp(status, "broken"))) {
			long card = ival(c, "card");
			const char *holder = json_is_string(json_object_get(c, "group")) ? sval(c, "group") : name;

			if (card < 1 || card > 10)
				fail_msg("step %d: %s holds no card 1..10", step, name);
			else if (held[card]++ && strcmp(holder_of[card], holder))
				fail_msg("step %d: card %ld held by %s and %s", step, card, holder_of[card], holder);
			else
				holder_of[card] = holder;
		}
		json_array_foreach(json_object_get(c, "weapons"), k, w) {
			char what[40];

			it_weapon_state(w, what, sizeof(what));
			if (json_is_integer(json_object_get(w, "loaded")) && ival(w, "loaded") < 0)
				fail_msg("step %d: %s's %s holds %ld", step, name, sval(w, "name"), ival(w, "loaded"));
			if (strstr(what, "loaded")) {
				int n = 0, mag = 0;

				if (sscanf(what, "%d/%d", &n, &mag) == 2 && n > mag)
					fail_msg("step %d: %s's %s: %s", step, name, sval(w, "name"), what);
			}
		}
	}
	json_array_foreach(json_object_get(json_object_get(st, "scenario"), "borders"), i, b)
		if (json_is_integer(json_object_get(b, "toughness")) && ival(b, "toughness") < 0)
			fail_msg("step %d: a door's toughness below 0", step);
}

static void check_story(const json_t *out, int step)
{
	json_t *line;
	size_t i;

	json_array_foreach(json_object_get(out, "story"), i, line) {
		const char *text = json_is_string(line) ? json_string_value(line) : sval(line, "text");
		const char *p = text;

		while (p && *p) {
			size_t n = strcspn(p, "\n");

			if (n > 80)
				fail_msg("step %d: a story line of %zu columns: %s", step, n, text);
			p += n + (p[n] == '\n');
		}
	}
}

/* s with every from replaced by to (a new string). */
static char *replace_all(const char *s, const char *from, const char *to)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	while ((p = strstr(s, from))) {
		strbuf_add(&sb, s, (size_t)(p - s));
		strbuf_addstr(&sb, to);
		s = p + strlen(from);
	}
	strbuf_addstr(&sb, s);
	return strbuf_detach(&sb, NULL);
}

/* A seat's plan naming a character it cannot see reads as the same plan naming nobody. */
static void check_unseen_names(const json_t *st)
{
	json_t *c, *o;
	size_t i, k;

	json_array_foreach(json_object_get(st, "characters"), i, c) {
		const char *seat = sval(c, "controller");

		if (!*seat || !strcasecmp(seat, "operator") || strcmp(sval(c, "status"), "active"))
			continue;
		json_array_foreach(json_object_get(st, "characters"), k, o) {
			char a[256], b[256], ea[256] = "", eb[256] = "";
			json_t *ra, *rb;

			if (it_seat_sees_char(st, seat, o))
				continue;
			snprintf(a, sizeof(a), "CHAR %s\n1. SHOOT %s OR ENGAGE %s\n2. IF %s BROKEN: AIM\n",
				 sval(c, "name"), sval(o, "name"), sval(o, "name"), sval(o, "name"));
			snprintf(b, sizeof(b), "CHAR %s\n1. SHOOT Nobody OR ENGAGE Nobody\n2. IF Nobody BROKEN: AIM\n",
				 sval(c, "name"));
			ra = it_read_orders(st, seat, a, "p", ea, sizeof(ea));
			rb = it_read_orders(st, seat, b, "p", eb, sizeof(eb));
			assert_true(!ra == !rb);
			if (ra) {
				char *ta = json_dumps(ra, JSON_SORT_KEYS), *tb = json_dumps(rb, JSON_SORT_KEYS);
				char *na = replace_all(ta, sval(o, "name"), "Nobody");

				/* The same reading, the name aside. */
				free(ta);
				ta = na;
				assert_string_equal(ta, tb);
				free(ta);
				free(tb);
			}
			json_decref(ra);
			json_decref(rb);
			snprintf(a, sizeof(a), "CHAR %s\n1. HOLD\n", sval(o, "name"));
			snprintf(b, sizeof(b), "CHAR Nobody\n1. HOLD\n");
			ra = it_read_orders(st, seat, a, "p", ea, sizeof(ea));
			rb = it_read_orders(st, seat, b, "p", eb, sizeof(eb));
			assert_null(ra);
			assert_null(rb);
			assert_non_null(strstr(ea, "unknown character"));
			assert_non_null(strstr(eb, "unknown character"));
		}
	}
}

static json_t *start(const char *scenario, uint64_t seed)
{
	const struct ruleset *rs = ruleset_find("iterations");
	char *scen = read_text(scenario);
	char *neo = read_text("templates/iterations/characters/neo.json");
	char *tri = read_text("templates/iterations/characters/trinity.json");
	json_t *data, *seats, *out, *st;
	struct draw_seeded seeded;
	struct draw_source src;
	char err[256] = "";

	assert_non_null(rs);
	assert_non_null(scen);
	assert_non_null(neo);
	assert_non_null(tri);
	data = json_pack("{s:{s:s,s:s}}", "scenario", "name", "s.json", "text", scen);
	seats = json_pack("[{s:s,s:{s:{s:s,s:s}}},{s:s,s:{s:{s:s,s:s}}},{s:s}]", "name", "ann", "data", "character",
			  "name", "neo.json", "text", neo, "name", "bob", "data", "character", "name", "trinity.json",
			  "text", tri, "name", "operator");
	draw_seeded_init(&seeded, seed, NULL, 0);
	src = draw_seeded_source(&seeded, NULL);
	out = rs->setup(NULL, data, seats, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	st = json_incref(json_object_get(out, "state"));
	json_decref(out);
	json_decref(data);
	json_decref(seats);
	free(scen);
	free(neo);
	free(tri);
	return st;
}

static void test_iterations_shadow_random_games(void **unused)
{
	static const char *const scenarios[] = {
		"templates/iterations/scenarios/lobby.json", "templates/iterations/scenarios/subway.json"
	};
	int g, steps = 0, ended = 0;

	(void)unused;
	rng_state = 30;
	for (g = 0; g < GAMES; g++) {
		json_t *st = start(scenarios[g % 2], (uint64_t)g + 1);
		int step;

		for (step = 0; step < MAX_STEPS && strcmp(sval(st, "phase"), "over"); step++) {
			json_t *orders = random_orders(st), *out, *again, *next;
			struct draw_seeded seeded;
			struct draw_source src;
			char err[256] = "";
			long round = ival(st, "round");
			int setup = !strcmp(sval(st, "phase"), "setup");

			check_unseen_names(st);
			draw_seeded_init(&seeded, (uint64_t)(g * 100 + step), NULL, 0);
			src = draw_seeded_source(&seeded, NULL);
			out = it_resolve(st, orders, &src, err, sizeof(err));
			if (!out)
				fail_msg("game %d step %d: %s", g, step, err);
			draw_seeded_init(&seeded, (uint64_t)(g * 100 + step), NULL, 0);
			src = draw_seeded_source(&seeded, NULL);
			again = it_resolve(st, orders, &src, err, sizeof(err));
			assert_non_null(again);
			assert_true(json_equal(out, again));
			next = json_object_get(out, "state");
			check_state(next, steps);
			check_story(out, steps);
			if (!strcmp(sval(next, "phase"), "over")) {
				assert_true(json_is_true(json_object_get(json_object_get(next, "outcome"), "over")));
				ended++;
			} else {
				assert_int_equal(ival(next, "round"), setup ? 1 : round + 1);
			}
			json_decref(st);
			st = json_incref(next);
			json_decref(out);
			json_decref(again);
			json_decref(orders);
			steps++;
		}
		if (!strcmp(sval(st, "phase"), "over")) {
			char err[256] = "";
			json_t *none = json_object();
			struct draw_seeded seeded;
			struct draw_source src;

			draw_seeded_init(&seeded, 1, NULL, 0);
			src = draw_seeded_source(&seeded, NULL);
			assert_null(it_resolve(st, none, &src, err, sizeof(err)));	/* R14.3 */
			json_decref(none);
		}
		json_decref(st);
	}
	print_message("%d steps, %d skirmishes ended\n", steps, ended);
	/* Random play ends some skirmishes: the checks saw the end too. */
	assert_true(steps > GAMES * 4);
	assert_true(ended > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_iterations_shadow_random_games),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
