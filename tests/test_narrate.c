/*
 * Tests for core/narrate: exact sentences for known dice, and the story
 * grouped by phase (narrate_json) and as text (narrate_text).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/hovercrafts/dice.h"
#include "core/hovercrafts/event.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/hex.h"
#include "core/hovercrafts/narrate.h"
#include "core/hovercrafts/turn.h"
#include "lib/strbuf.h"

/* Minx (Zion, C2 facing E) and Locust (Machines, D2 facing E). */
static void two_ships(struct game_state *st)
{
	struct ship s;

	game_state_init(st);
	assert_int_equal(game_map_init(&st->map, 7, 4), 0);
	ship_set_defaults(&s);
	strcpy(s.name, "Minx");
	s.team = TEAM_ZION;
	assert_int_equal(hex_parse("C2", &s.pos), 0);
	s.facing = FACE_E;
	assert_int_equal(game_add_ship(st, &s), 0);
	strcpy(s.name, "Locust");
	s.team = TEAM_MACHINES;
	assert_int_equal(hex_parse("D2", &s.pos), 0);
	assert_int_equal(game_add_ship(st, &s), 1);
}

static struct event ev(enum event_type t, int phase, int ship, int other)
{
	struct event e;

	memset(&e, 0, sizeof(e));
	e.type = t;
	e.phase = phase;
	e.ship = ship;
	e.other = other;
	e.cause = t;
	return e;
}

static void push_roll(struct event_list *l, int phase, int ship, enum check c, int d6, int stat,
		      enum event_type cause)
{
	struct event e = ev(EV_ROLL, phase, ship, -1);

	e.check = c;
	e.d6 = d6;
	e.stat = stat;
	e.score = check_score(d6, stat);
	e.cause = cause;
	assert_int_equal(event_list_push(l, &e), 0);
}

static void push(struct event_list *l, struct event e)
{
	assert_int_equal(event_list_push(l, &e), 0);
}

/* The lines of a one-group story. */
static json_t *only_lines(json_t *story)
{
	assert_non_null(story);
	assert_int_equal(json_array_size(story), 1);
	return json_object_get(json_array_get(story, 0), "lines");
}

static void assert_line(json_t *lines, size_t i, const char *want)
{
	const char *got = json_string_value(json_array_get(lines, i));

	assert_non_null(got);
	assert_string_equal(got, want);
}

static void test_narrate_roll(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	struct event e = ev(EV_ROLL, 1, 0, -1);

	(void)state;
	e.d6 = 5;
	e.stat = 1;
	e.score = 4;
	narrate_roll(&e, &sb);
	assert_string_equal(strbuf_str(&sb), "rolled 5 -> 3 + 1 = 4");
	strbuf_reset(&sb);
	e.d6 = 1;
	e.stat = 3;
	e.score = 4;
	narrate_roll(&e, &sb);
	assert_string_equal(strbuf_str(&sb), "rolled 1 -> 1 + 3 = 4");
	strbuf_release(&sb);
}

static void test_narrate_shot_miss(void **state)
{
	struct game_state st;
	struct event_list l;
	struct event e;
	json_t *story;

	(void)state;
	two_ships(&st);
	event_list_init(&l);
	push(&l, ev(EV_PHASE, 1, -1, -1));
	push_roll(&l, 1, 0, CHECK_BALLISTIC, 2, 1, EV_SHOT);
	push_roll(&l, 1, 1, CHECK_SHIELD, 3, 1, EV_SHOT);
	e = ev(EV_SHOT, 1, 0, 1);
	e.score = 2;
	e.score2 = 3;
	e.value = 0;
	push(&l, e);
	story = narrate_json(&st, &l);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(story, 0), "phase")), 1);
	assert_int_equal(json_array_size(only_lines(story)), 1);
	assert_line(only_lines(story), 0,
		    "Minx shoots Locust: Minx ballistic rolled 2 -> 1 + 1 = 2 against Locust shield "
		    "rolled 3 -> 2 + 1 = 3: miss.");
	json_decref(story);
	event_list_release(&l);
	game_state_release(&st);
}

static void test_narrate_shot_tie_then_hit(void **state)
{
	struct game_state st;
	struct event_list l;
	struct event e;
	json_t *story;

	(void)state;
	two_ships(&st);
	event_list_init(&l);
	push(&l, ev(EV_PHASE, 2, -1, -1));
	push_roll(&l, 2, 1, CHECK_BALLISTIC, 3, 1, EV_SHOT);
	push_roll(&l, 2, 0, CHECK_SHIELD, 4, 1, EV_SHOT);
	push_roll(&l, 2, 1, CHECK_BALLISTIC, 6, 1, EV_SHOT);
	push_roll(&l, 2, 0, CHECK_SHIELD, 1, 1, EV_SHOT);
	e = ev(EV_SHOT, 2, 1, 0);
	e.score = 4;
	e.score2 = 2;
	e.value = 1;
	push(&l, e);
	e = ev(EV_DAMAGE, 2, 0, 1);
	e.value = 1;
	e.score = 2;
	e.cause = EV_SHOT;
	push(&l, e);
	story = narrate_json(&st, &l);
	assert_int_equal(json_array_size(only_lines(story)), 2);
	assert_line(only_lines(story), 0,
		    "Locust shoots Minx: Locust ballistic rolled 3 -> 2 + 1 = 3 against Minx shield "
		    "rolled 4 -> 2 + 1 = 3, a tie; again: Locust ballistic rolled 6 -> 3 + 1 = 4 against "
		    "Minx shield rolled 1 -> 1 + 1 = 2: hit.");
	assert_line(only_lines(story), 1, "Minx takes 1 damage (hull left 2).");
	json_decref(story);
	event_list_release(&l);
	game_state_release(&st);
}

static void test_narrate_movement_lines(void **state)
{
	struct game_state st;
	struct event_list l;
	struct event e;
	json_t *story, *lines;

	(void)state;
	two_ships(&st);
	event_list_init(&l);
	push(&l, ev(EV_PHASE, 1, -1, -1));
	push_roll(&l, 1, 0, CHECK_HULL, 2, 3, EV_RAM);
	push_roll(&l, 1, 1, CHECK_HULL, 5, 3, EV_RAM);
	e = ev(EV_RAM, 1, 0, 1);
	hex_parse("C2", &e.from);
	hex_parse("D2", &e.to);
	e.score = 4;
	e.score2 = 6;
	e.value = 1;
	push(&l, e);
	e.type = EV_BLOCKED;
	push(&l, e);
	e.type = EV_MOVE;
	push(&l, e);
	e.type = EV_WALL;
	push(&l, e);
	e = ev(EV_DISABLED, 1, 1, -1);
	push(&l, e);
	e = ev(EV_DISABLED, 1, 1, 0);
	push(&l, e);
	e = ev(EV_REMOVED, 1, 1, -1);
	push(&l, e);
	story = narrate_json(&st, &l);
	lines = only_lines(story);
	assert_int_equal(json_array_size(lines), 7);
	assert_line(lines, 0,
		    "Minx rams Locust at D2, hull: Minx rolled 2 -> 1 + 3 = 4, Locust rolled 5 -> 3 + 3 = 6: "
		    "the rammer is hurt.");
	assert_line(lines, 1, "Minx cannot get into D2 and stays at C2.");
	assert_line(lines, 2, "Minx moves from C2 to D2.");
	assert_line(lines, 3, "Minx drives into the wall at D2 and stays at C2.");
	assert_line(lines, 4, "Locust is disabled.");
	assert_line(lines, 5, "Locust is disabled by Minx.");
	assert_line(lines, 6, "Locust is removed from the map.");
	json_decref(story);
	event_list_release(&l);
	game_state_release(&st);
}

static void test_narrate_emp_lines(void **state)
{
	struct game_state st;
	struct event_list l;
	struct event e;
	json_t *story, *lines;

	(void)state;
	two_ships(&st);
	event_list_init(&l);
	push(&l, ev(EV_PHASE, 1, -1, -1));
	push_roll(&l, 1, 1, CHECK_ENERGY, 6, 1, EV_EMP);
	e = ev(EV_EMP, 1, 1, -1);
	hex_parse("D2", &e.from);
	e.score = 4;
	e.value = 1;
	push(&l, e);
	push_roll(&l, 1, 0, CHECK_ENERGY, 1, 1, EV_EMP_CHECK);
	e = ev(EV_EMP_CHECK, 1, 1, 0);
	e.score = 4;
	e.score2 = 2;
	e.value = 1;
	push(&l, e);
	e = ev(EV_EMP, 1, 0, -1);
	hex_parse("C2", &e.from);
	push(&l, e);
	push(&l, ev(EV_PHASE, 2, -1, -1));
	e = ev(EV_EMP_REPLACED, 2, 0, -1);
	e.action = ACT_MOVE;
	push(&l, e);
	story = narrate_json(&st, &l);
	assert_int_equal(json_array_size(story), 2);
	lines = json_object_get(json_array_get(story, 0), "lines");
	assert_line(lines, 0, "Locust fires its EMP at D2, energy: Locust rolled 6 -> 3 + 1 = 4.");
	assert_line(lines, 1,
		    "Minx's energy rolled 1 -> 1 + 1 = 2 against the EMP's 4: affected, its next action "
		    "this turn becomes a landing.");
	assert_line(lines, 2, "Minx fires its EMP at C2; no ship around can be affected.");
	lines = json_object_get(json_array_get(story, 1), "lines");
	assert_line(lines, 0, "Minx's MOVE is replaced by a landing (EMP).");
	json_decref(story);
	event_list_release(&l);
	game_state_release(&st);
}

/* A real turn: Minx (no orders, idle) shoots Locust, which lands. */
static void shot_turn(struct game_state *st, struct event_list *l)
{
	struct turn_plan plans[2];
	struct dice_queue q;
	struct dice_source src;
	char err[256] = "";

	two_ships(st);
	st->ships[1].stat[STAT_ENERGY] = 0;
	memset(plans, 0, sizeof(plans));
	plans[1].received = 1;
	plans[1].n = 1;
	plans[1].act[0] = ACT_LAND;
	dice_queue_init(&q);
	assert_int_equal(dice_queue_parse(&q,
					  "ballistic Minx 2\nshield Locust 3\n"
					  "energy Minx 1\nenergy Locust 1\n",
					  "dice", 0, err, sizeof(err)), 0);
	src = dice_queue_source(&q);
	event_list_init(l);
	if (turn_resolve(st, plans, &src, l, err, sizeof(err)) != 0)
		fail_msg("turn_resolve: %s", err);
	assert_int_equal(dice_queue_unused(&q), 0);
	dice_queue_release(&q);
}

static void test_narrate_json_groups_by_phase(void **state)
{
	struct game_state st;
	struct event_list l;
	json_t *story, *g, *lines;

	(void)state;
	shot_turn(&st, &l);
	story = narrate_json(&st, &l);
	assert_non_null(story);
	assert_int_equal(json_array_size(story), 3);

	g = json_array_get(story, 0);
	assert_int_equal(json_integer_value(json_object_get(g, "phase")), 0);
	assert_string_equal(json_string_value(json_object_get(g, "title")), "Before the first phase");
	lines = json_object_get(g, "lines");
	assert_int_equal(json_array_size(lines), 1);
	assert_line(lines, 0, "Minx: no moves received; idle all turn.");

	g = json_array_get(story, 1);
	assert_int_equal(json_integer_value(json_object_get(g, "phase")), 1);
	assert_string_equal(json_string_value(json_object_get(g, "title")), "Phase 1");
	lines = json_object_get(g, "lines");
	assert_int_equal(json_array_size(lines), 3);
	assert_line(lines, 0, "Minx has no action this phase (idle, not landed).");
	assert_line(lines, 1, "Locust lands.");
	assert_line(lines, 2,
		    "Minx shoots Locust: Minx ballistic rolled 2 -> 1 + 1 = 2 against Locust shield "
		    "rolled 3 -> 2 + 1 = 3: miss.");

	g = json_array_get(story, 2);
	assert_int_equal(json_integer_value(json_object_get(g, "phase")), 0);
	assert_string_equal(json_string_value(json_object_get(g, "title")), "End of the turn");
	lines = json_object_get(g, "lines");
	assert_int_equal(json_array_size(lines), 2);
	assert_line(lines, 0, "Minx will have 2 actions next turn (energy rolled 1 -> 1 + 1 = 2).");
	assert_line(lines, 1, "Locust will have 1 action next turn (energy rolled 1 -> 1 + 0 = 1).");
	json_decref(story);
	event_list_release(&l);
	game_state_release(&st);
}

/*
 * A turn with no phase (a rules-version-1 turn nobody sent orders for):
 * the ships without orders come before the first phase, the energy
 * checks still end the turn, each under its own heading.
 */
static void test_narrate_turn_without_phases(void **state)
{
	struct game_state st;
	struct event_list l;
	struct event e;
	json_t *story, *g;

	(void)state;
	two_ships(&st);
	event_list_init(&l);
	push(&l, ev(EV_NO_ORDERS, 0, 0, -1));
	push(&l, ev(EV_NO_ORDERS, 0, 1, -1));
	push_roll(&l, 0, 0, CHECK_ENERGY, 3, 1, EV_ENERGY);
	e = ev(EV_ENERGY, 0, 0, -1);
	e.value = 3;
	push(&l, e);
	story = narrate_json(&st, &l);
	assert_non_null(story);
	assert_int_equal(json_array_size(story), 2);
	g = json_array_get(story, 0);
	assert_string_equal(json_string_value(json_object_get(g, "title")), "Before the first phase");
	assert_int_equal(json_array_size(json_object_get(g, "lines")), 2);
	g = json_array_get(story, 1);
	assert_string_equal(json_string_value(json_object_get(g, "title")), "End of the turn");
	assert_line(json_object_get(g, "lines"), 0,
		    "Minx will have 3 actions next turn (energy rolled 3 -> 2 + 1 = 3).");
	json_decref(story);
	event_list_release(&l);
	game_state_release(&st);
}

static void test_narrate_text(void **state)
{
	struct game_state st;
	struct event_list l;
	struct strbuf sb = STRBUF_INIT;
	char *text;
	int rc;

	(void)state;
	shot_turn(&st, &l);
	rc = narrate_text(&st, &l, &sb);
	text = strbuf_detach(&sb, NULL);
	event_list_release(&l);
	game_state_release(&st);
	/* Freed before asserting: a failure leaks nothing. */
	if (rc != 0 || strcmp(text, "Before the first phase\n"
			     "  Minx: no moves received; idle all turn.\n"
			     "Phase 1\n"
			     "  Minx has no action this phase (idle, not landed).\n"
			     "  Locust lands.\n"
			     "  Minx shoots Locust: Minx ballistic rolled 2 -> 1 + 1 = 2 against Locust shield "
			     "rolled 3 -> 2 + 1 = 3: miss.\n"
			     "End of the turn\n"
			     "  Minx will have 2 actions next turn (energy rolled 1 -> 1 + 1 = 2).\n"
			     "  Locust will have 1 action next turn (energy rolled 1 -> 1 + 0 = 1).\n")) {
		print_error("narrate_text returned %d:\n%s", rc, text ? text : "(null)");
		free(text);
		fail();
	}
	free(text);
}

static void test_narrate_victory_zion_and_draw(void **state)
{
	struct game_state st;
	struct event_list l;
	struct event e;
	json_t *story, *lines;

	(void)state;
	two_ships(&st);
	event_list_init(&l);
	e = ev(EV_VICTORY, 0, -1, -1);
	e.value = WINNER_ZION;
	push(&l, e);
	e.value = WINNER_DRAW;
	push(&l, e);
	story = narrate_json(&st, &l);
	lines = only_lines(story);
	assert_line(lines, 0, "Zion wins the battle!");
	assert_line(lines, 1, "Both fleets are out: the battle is a draw.");
	json_decref(story);
	event_list_release(&l);
	game_state_release(&st);
}

/* A sentence starts with a capital even though team_title() is "the Machines". */
static void test_narrate_victory_machines_capitalised(void **state)
{
	struct game_state st;
	struct event_list l;
	struct event e;
	json_t *story;
	char line[128] = "";

	(void)state;
	two_ships(&st);
	event_list_init(&l);
	e = ev(EV_VICTORY, 0, -1, -1);
	e.value = WINNER_MACHINES;
	push(&l, e);
	story = narrate_json(&st, &l);
	assert_non_null(story);
	/* Copied out and freed first, so the failure leaks nothing. */
	strncpy(line, json_string_value(json_array_get(json_object_get(json_array_get(story, 0), "lines"), 0)),
		sizeof(line) - 1);
	json_decref(story);
	event_list_release(&l);
	game_state_release(&st);
	assert_string_equal(line, "The Machines win the battle!");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_narrate_roll),
		cmocka_unit_test(test_narrate_shot_miss),
		cmocka_unit_test(test_narrate_shot_tie_then_hit),
		cmocka_unit_test(test_narrate_movement_lines),
		cmocka_unit_test(test_narrate_emp_lines),
		cmocka_unit_test(test_narrate_json_groups_by_phase),
		cmocka_unit_test(test_narrate_text),
		cmocka_unit_test(test_narrate_turn_without_phases),
		cmocka_unit_test(test_narrate_victory_zion_and_draw),
		cmocka_unit_test(test_narrate_victory_machines_capitalised),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
