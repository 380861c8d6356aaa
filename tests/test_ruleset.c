/*
 * Unit tests of the ruleset registry and of every game behind
 * core/ruleset.h (conformance).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <string.h>

#include "core/hovercrafts/dice.h"
#include "core/engine.h"
#include "core/hovercrafts/hovercrafts.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"
#include "core/ruleset.h"
#include "tiny_ruleset.h"

static const char *sample =
	"{\"game\":\"hovercrafts\",\"turn\":1,\"map\":{\"width\":7,\"height\":4,\"walls\":[]},"
	"\"ships\":[{\"name\":\"Minx\",\"team\":\"zion\",\"hex\":\"G2\",\"facing\":\"W\",\"actions\":4},"
	"{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"B4\",\"facing\":\"E\",\"actions\":2}]}";

static json_t *ship(json_t *state, const char *name)
{
	size_t i;
	json_t *s;

	json_array_foreach(json_object_get(state, "ships"), i, s)
		if (!strcmp(json_string_value(json_object_get(s, "name")), name))
			return s;
	return NULL;
}

/*
 * The judge's agreement (a VOTE that passed) read into plans and written
 * back (as the driver does after the autopilot planned) is still there,
 * beside an ordinary plan, and the turn played from it ends the battle.
 */
static void test_ruleset_hovercrafts_agreement_survives_plans(void **state)
{
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr);
	json_t *orders = json_pack("{s:{s:s,s:s},s:[s]}", "Locust", "judge", "agree", "what", "concede",
				   "Minx", "MOVE");
	struct game_state gs;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list ev;
	struct draw_seeded seeded;
	struct draw_source draws;
	json_t *back;
	char err[256];

	(void)state;
	assert_int_equal(state_from_json(&gs, st, "sample", err, sizeof(err)), 0);
	assert_int_equal(hover_plans_from_json(&gs, orders, plans, err, sizeof(err)), 0);
	back = hover_plans_to_json(&gs, plans);
	assert_true(json_equal(back, orders));
	event_list_init(&ev);
	draw_seeded_init(&seeded, 1, NULL, 1);
	draws = draw_seeded_source(&seeded, NULL);
	assert_int_equal(hover_turn(&gs, back, &draws, plans, &ev, err, sizeof(err)), 0);
	assert_int_equal(gs.winner, WINNER_ZION);
	assert_int_equal(ev.n, 1);
	assert_int_equal(ev.ev[0].type, EV_VICTORY);
	assert_int_equal(ev.ev[0].score, TURN_AGREED_CONCEDE);
	event_list_release(&ev);
	game_state_release(&gs);
	json_decref(back);
	json_decref(orders);
	json_decref(st);
}

static void test_ruleset_find(void **state)
{
	const struct ruleset *const *all;
	size_t n = 0;

	(void)state;
	assert_non_null(ruleset_find("hovercrafts"));
	assert_string_equal(ruleset_find("hovercrafts")->name, "hovercrafts");
	assert_null(ruleset_find("chess"));
	assert_null(ruleset_find(NULL));
	assert_ptr_equal(ruleset_find("HoverCrafts"), ruleset_find("hovercrafts"));
	/* Every game of the one list (core/ruleset.c) is found by its name, in any case. */
	for (all = ruleset_all(); *all; all++) {
		char upper[64];
		size_t i;

		for (i = 0; (*all)->name[i] && i + 1 < sizeof(upper); i++)
			upper[i] = (char)toupper((unsigned char)(*all)->name[i]);
		upper[i] = '\0';
		assert_ptr_equal(ruleset_find(upper), *all);
		assert_false((*all)->flags & RULESET_TEST);
		/* A name is registered once. */
		assert_int_equal(ruleset_register(*all), -1);
		n++;
	}
	assert_true(n > 0);
	/* Records that name no game are the first game's: Hovercrafts'. */
	assert_ptr_equal(ruleset_default(), ruleset_all()[0]);
	assert_string_equal(ruleset_default()->name, "hovercrafts");
	/* One more (the test build's) goes at the end of the list. */
	assert_int_equal(ruleset_register(&tiny_ruleset), 0);
	assert_ptr_equal(ruleset_all()[n], &tiny_ruleset);
	assert_null(ruleset_all()[n + 1]);
	assert_ptr_equal(ruleset_find("TINY"), &tiny_ruleset);
}

/* The rules' sample game, turn 1, through the generic interface. */
static void test_ruleset_hovercrafts_sample_turn(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr), *orders, *next;
	struct dice_queue q;
	struct draw_source dice;
	struct draw_log log;
	struct engine_turn t;
	char err[256];

	(void)state;
	assert_non_null(st);
	orders = rs->read_orders(st, NULL, "SHIP Minx\n1-Move\n2-Move\n3-Left\n4-Move\nSHIP Locust\nM\nM\n",
				 "o.txt", 0, err, sizeof(err));
	assert_non_null(orders);
	assert_int_equal(json_array_size(json_object_get(orders, "Minx")), 4);
	assert_string_equal(json_string_value(json_array_get(json_object_get(orders, "Minx"), 2)), "LEFT");
	dice_queue_init(&q);
	assert_int_equal(dice_queue_parse(&q, "ballistic Minx 2\nshield Locust 3\nballistic Locust 6\n"
					  "shield Minx 4\nenergy Minx 3\nenergy Locust 4\n", "d", 0, err,
					  sizeof(err)), 0);
	draw_log_init(&log);
	dice = hover_draws_from_queue(&q, &log);
	assert_int_equal(engine_resolve(rs, st, orders, &dice, &t, err, sizeof(err)), 0);
	next = t.state;
	assert_int_equal(json_integer_value(json_object_get(next, "turn")), 2);
	assert_string_equal(json_string_value(json_object_get(ship(next, "Minx"), "hex")), "E3");
	assert_int_equal(json_integer_value(json_object_get(ship(next, "Minx"), "damage")), 1);
	assert_int_equal(json_integer_value(json_object_get(ship(next, "Locust"), "actions")), 3);
	assert_true(json_is_null(json_object_get(next, "winner")));
	assert_int_equal(dice_queue_unused(&q), 0);
	assert_int_equal(json_array_size(t.story), 5);	/* phases 1-4 and the end of the turn */
	/* The log holds every die in the order taken, as tagged lines. */
	assert_int_equal(log.n, 6);
	assert_string_equal(log.e[0].line, "ballistic Minx 2");
	assert_string_equal(log.e[0].stream, "open");
	assert_string_equal(log.e[5].line, "energy Locust 4");
	assert_false(engine_is_over(rs, next));
	draw_log_release(&log);
	engine_turn_release(&t);
	json_decref(orders);
	json_decref(st);
	dice_queue_release(&q);
}

/*
 * A mail of orders in Hovercrafts' own envelope (parse_orders): the
 * headers and every SHIP block with its line; the reading skips what comes
 * before GAME; understood and receipt give back what the judge seals.
 */
static void test_ruleset_hovercrafts_mail_envelope(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	const char *mail = "Hello judge,\nMove please\nGAME g1\nPASSWORD pw\nTURN 1\n"
			   "SHIP Minx\n1-Move\n2-Left\nSHIP Locust\nEND\nMove\n";
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr), *env, *seats, *orders, *u, *r;
	char err[256];

	(void)state;
	assert_non_null(rs->parse_orders);
	env = rs->parse_orders(mail, "m", err, sizeof(err));
	assert_non_null(env);
	assert_string_equal(json_string_value(json_object_get(env, "game")), "g1");
	assert_int_equal(json_integer_value(json_object_get(env, "game_line")), 3);
	assert_string_equal(json_string_value(json_object_get(env, "password")), "pw");
	assert_string_equal(json_string_value(json_object_get(env, "code")), "");
	assert_int_equal(json_integer_value(json_object_get(env, "turn")), 1);
	seats = json_object_get(env, "seats");
	assert_int_equal(json_array_size(seats), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(seats, 1), "name")),
			    "Locust");
	assert_int_equal(json_integer_value(json_object_get(json_array_get(seats, 1), "line")), 9);
	orders = rs->read_orders(st, NULL, mail, "m", RULESET_ORDERS_MAIL, err, sizeof(err));
	assert_non_null(orders);
	assert_string_equal(json_string_value(json_array_get(json_object_get(orders, "Minx"), 1)),
			    "LEFT");
	assert_int_equal(json_array_size(json_object_get(orders, "Locust")), 0);
	u = rs->understood(mail, "m", 0);
	assert_string_equal(json_string_value(u), "SHIP Minx\n1-MOVE\n2-LEFT\n");
	json_decref(u);
	u = rs->understood(mail, "m", -1);
	assert_string_equal(json_string_value(u), "SHIP Minx\n1-MOVE\n2-LEFT\nSHIP Locust\n"
			    "(no actions: idle all turn)\n");
	json_decref(u);
	r = rs->receipt(mail, "m");
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(
		json_array_get(json_object_get(r, "ships"), 0), "actions"), 1), "action")), "LEFT");
	assert_string_equal(rs->orders_word, "actions");
	json_decref(r);
	assert_null(rs->parse_orders("GAME g1\nSHIP Minx\nFLY\n", "m", err, sizeof(err)));
	assert_string_equal(err, "m:3: expected an action (MOVE, LEFT, RIGHT, LAND, EMP or REPAIR), got 'FLY'");
	json_decref(orders);
	json_decref(env);
	json_decref(st);
}

/*
 * Orders sealed before their reading was stored (RULESET_ORDERS_SEALED):
 * the mail as sealed for one ship, read again for that ship only, the
 * autopilot's marked; a ship the state does not have reads as nothing.
 */
static void test_ruleset_hovercrafts_reads_sealed_orders(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	const char *mail = "Hi\nGAME g1\nPASSWORD pw\nSHIP Minx\n1-Move\nSHIP Locust\nLeft\n"
			   "Move\nMove\nMove\n";
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr), *o;
	char err[256], text[256];

	(void)state;
	/* Unchecked, as sealed: Locust's four actions where this turn allows two. */
	o = rs->read_orders(st, "Locust", mail, "sealed orders", RULESET_ORDERS_SEALED, err,
			    sizeof(err));
	assert_non_null(o);
	assert_int_equal(json_object_size(o), 1);
	assert_int_equal(json_array_size(json_object_get(o, "Locust")), 4);
	assert_string_equal(json_string_value(json_array_get(json_object_get(o, "Locust"), 0)),
			    "LEFT");
	json_decref(o);
	snprintf(text, sizeof(text), "%s%s", RULESET_AUTOPILOT_MARK, mail);
	o = rs->read_orders(st, "minx", text, "sealed orders", RULESET_ORDERS_SEALED, err,
			    sizeof(err));
	assert_non_null(o);
	assert_true(json_is_true(json_object_get(json_object_get(o, "Minx"), "autopilot")));
	assert_int_equal(json_array_size(json_object_get(json_object_get(o, "Minx"), "actions")), 1);
	json_decref(o);
	o = rs->read_orders(st, "Nobody", mail, "sealed orders", RULESET_ORDERS_SEALED, err,
			    sizeof(err));
	assert_non_null(o);
	assert_int_equal(json_object_size(o), 0);
	json_decref(o);
	json_decref(st);
}

static void test_ruleset_hovercrafts_refuses_bad_orders(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr), *orders;
	char err[256];

	(void)state;
	orders = rs->read_orders(st, NULL, "SHIP Locust\nMove\nMove\nMove\n", "o.txt", 0, err, sizeof(err));
	assert_null(orders);
	assert_string_equal(err, "o.txt:4: too many actions for Locust this turn: 3 given, 2 allowed");
	json_decref(st);
}

/* A seat is due when the game waits for it, its name in any case. */
static void test_ruleset_waits_for(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr);

	(void)state;
	assert_int_equal(engine_waits_for(rs, st, "Minx"), 1);
	assert_int_equal(engine_waits_for(rs, st, "LOCUST"), 1);
	assert_int_equal(engine_waits_for(rs, st, "Nebula"), 0);
	json_object_set_new(ship(st, "Minx"), "status", json_string("destroyed"));
	assert_int_equal(engine_waits_for(rs, st, "Minx"), 0);
	json_decref(st);
}

/* A side has a ship a row of the board's height; names are the game's. */
static void test_ruleset_hovercrafts_seat_room(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	json_t *settings = json_pack("{s:i,s:i}", "width", 6, "height", 2);
	json_t *seats = json_pack("[{s:s,s:s},{s:s,s:s},{s:s,s:s}]", "name", "Minx", "side", "zion",
				  "name", "Kestrel", "side", "zion", "name", "Locust", "side",
				  "machines");
	json_t *third = json_pack("{s:s,s:s}", "name", "Nebula", "side", "zion");
	json_t *second = json_pack("{s:s,s:s}", "name", "Hornet", "side", "machines");
	json_t *same = json_pack("{s:s,s:s}", "name", "minx", "side", "machines");
	char err[256];

	(void)state;
	assert_int_equal(rs->check_seat(settings, seats, third, err, sizeof(err)), -1);
	assert_string_equal(err, "no room for another zion ship (the board has 2 rows)");
	assert_int_equal(rs->check_seat(settings, seats, second, err, sizeof(err)), 0);
	assert_int_equal(rs->check_seat(settings, seats, same, err, sizeof(err)), -1);
	assert_string_equal(err, "a ship named 'Minx' is already in the game");
	json_object_set_new(settings, "height", json_integer(1));
	assert_int_equal(rs->check_seat(settings, seats, second, err, sizeof(err)), -1);
	assert_string_equal(err, "no room for another machines ship (the board has 1 row)");
	json_decref(settings);
	json_decref(seats);
	json_decref(third);
	json_decref(second);
	json_decref(same);
}

/*
 * The autopilot's hook plans only the silent seats it is given, leaves a
 * seat whose orders are in alone, and gives the texts the judge seals
 * (a captain's own SHIP block; "AUTOPILOT" first in the understood text).
 */
static void test_ruleset_hovercrafts_bots_plan_silent_seats(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr);
	json_t *in = json_pack("{s:[s]}", "Minx", "MOVE");
	json_t *seats = json_pack("[s,s]", "Minx", "Locust");
	json_t *got, *one;
	char err[256] = "";

	(void)state;
	assert_non_null(rs->bots);
	got = rs->bots(st, in, seats, "c1", 3, NULL, err, sizeof(err));
	assert_non_null(got);
	assert_null(json_object_get(got, "Minx"));
	one = json_object_get(got, "Locust");
	assert_non_null(one);
	assert_true(json_is_true(json_object_get(json_object_get(one, "orders"), "autopilot")));
	assert_int_equal(json_array_size(json_object_get(json_object_get(one, "orders"), "actions")),
			 2);
	assert_int_equal(strncmp(json_string_value(json_object_get(one, "text")),
				 "; no orders were received: the autopilot flies Locust\n"
				 "GAME c1\nSHIP Locust\nTURN 3\n1-", 80), 0);
	assert_int_equal(strncmp(json_string_value(json_object_get(one, "understood")),
				 "AUTOPILOT\nSHIP Locust\n1-", 24), 0);
	json_decref(got);
	/* Nobody silent: nothing to plan. */
	json_decref(seats);
	seats = json_pack("[s]", "Minx");
	got = rs->bots(st, in, seats, "c1", 3, NULL, err, sizeof(err));
	assert_non_null(got);
	assert_int_equal(json_object_size(got), 0);
	json_decref(got);
	json_decref(seats);
	json_decref(in);
	json_decref(st);
}

/*
 * A turn's records: the ship that disabled another counts a kill, the
 * disabled one a time disabled and its damage, the winning side a win; a
 * seat not in the battle is left out, and a seat's data that is no record
 * is refused.
 */
static void test_ruleset_hovercrafts_turn_records(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr), *outcome, *data, *got;
	char err[256] = "";

	(void)state;
	json_object_set_new(st, "winner", json_string("zion"));
	json_object_set_new(ship(st, "Locust"), "damage", json_integer(3));
	json_object_set_new(ship(st, "Locust"), "status", json_string("disabled"));
	outcome = json_pack("{s:o,s:[{s:s,s:s,s:s},{s:s,s:s}]}", "state", st, "events", "type",
			    "disabled", "ship", "Locust", "other", "Minx", "type", "move", "ship",
			    "Minx");
	data = json_pack("{s:{s:i},s:{},s:{}}", "Minx", "kills", 2, "Locust", "Ghost");
	got = rs->turn_records(data, outcome, err, sizeof(err));
	assert_non_null(got);
	assert_null(json_object_get(got, "Ghost"));
	assert_int_equal(json_integer_value(json_object_get(json_object_get(got, "Minx"), "kills")), 3);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(got, "Minx"), "wins")), 1);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(got, "Locust"),
							    "times_disabled")), 1);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(got, "Locust"), "damage")),
			 3);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(got, "Locust"), "wins")), 0);
	json_decref(got);
	json_object_set_new(data, "Minx", json_pack("{s:s}", "kills", "many"));
	assert_null(rs->turn_records(data, outcome, err, sizeof(err)));
	assert_non_null(strstr(err, "Minx"));
	json_decref(data);
	json_decref(outcome);
}

/* A battle over says so in its status, as `process` prints it. */
static void test_ruleset_hovercrafts_status_says_the_end(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	json_t *st = json_pack("{s:s}", "winner", "machines"), *got;

	(void)state;
	got = engine_status(rs, st);
	assert_string_equal(json_string_value(json_object_get(got, "said")),
			    "the battle is over: the Machines win");
	json_decref(got);
	json_object_set_new(st, "winner", json_string("none"));
	got = engine_status(rs, st);
	assert_null(json_object_get(got, "said"));
	assert_false(json_is_true(json_object_get(got, "over")));
	json_decref(got);
	json_decref(st);
}

static void test_ruleset_hovercrafts_missing_die(void **state)
{
	const struct ruleset *rs = ruleset_find("hovercrafts");
	json_error_t jerr;
	json_t *st = json_loads(sample, 0, &jerr), *orders = json_loads("{}", 0, &jerr);
	struct dice_queue q;
	struct draw_source dice;
	struct engine_turn t;
	char err[256];

	(void)state;
	dice_queue_init(&q);
	dice = hover_draws_from_queue(&q, NULL);
	/* Nobody ordered anything: no phases, only next turn's energy, which is missing. */
	assert_int_equal(engine_resolve(rs, st, orders, &dice, &t, err, sizeof(err)), -1);
	assert_null(t.state);
	assert_string_equal(err, "no die left for the energy check of Minx (add a line 'energy Minx D6')");
	json_decref(orders);
	json_decref(st);
	dice_queue_release(&q);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ruleset_find),
		cmocka_unit_test(test_ruleset_hovercrafts_agreement_survives_plans),
		cmocka_unit_test(test_ruleset_hovercrafts_sample_turn),
		cmocka_unit_test(test_ruleset_hovercrafts_refuses_bad_orders),
		cmocka_unit_test(test_ruleset_hovercrafts_mail_envelope),
		cmocka_unit_test(test_ruleset_hovercrafts_reads_sealed_orders),
		cmocka_unit_test(test_ruleset_hovercrafts_missing_die),
		cmocka_unit_test(test_ruleset_hovercrafts_seat_room),
		cmocka_unit_test(test_ruleset_hovercrafts_bots_plan_silent_seats),
		cmocka_unit_test(test_ruleset_hovercrafts_status_says_the_end),
		cmocka_unit_test(test_ruleset_hovercrafts_turn_records),
		cmocka_unit_test(test_ruleset_waits_for),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
