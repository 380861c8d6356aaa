/*
 * Tests for core/sim: a battle is a function of its setup and seed, runs
 * to a winner or the turn cap, and tallies do not depend on how battles
 * are spread over threads.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <jansson.h>
#include <pthread.h>
#include <string.h>

#include "core/hovercrafts/event.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/sim.h"

static struct sim *live;

static int sim_teardown(void **state)
{
	(void)state;
	if (live)
		sim_release(live);
	live = NULL;
	return 0;
}

static void random_setup(struct sim_setup *su, int w, int h, int per_side)
{
	sim_setup_defaults(su);
	su->width = w;
	su->height = h;
	su->density = 100;
	su->per_side = per_side;
}

static void test_sim_battle_seed_is_fixed_and_spread(void **state)
{
	(void)state;
	assert_true(sim_battle_seed(1, 0) == sim_battle_seed(1, 0));
	assert_true(sim_battle_seed(1, 0) != sim_battle_seed(1, 1));
	assert_true(sim_battle_seed(1, 0) != sim_battle_seed(2, 0));
	/* Pinned: changing it changes every published figure of a seed. */
	assert_true(sim_battle_seed(0, 0) == 0xe220a8397b1dcdafULL);
}

static void test_sim_same_seed_same_battle(void **state)
{
	static struct sim s;	/* static: freed by the teardown */
	struct sim_setup su;
	struct sim_result a, b;
	char err[256];

	(void)state;
	sim_init(&s);
	live = &s;
	random_setup(&su, 12, 8, 2);
	assert_int_equal(sim_battle(&s, &su, 42, &a, err, sizeof(err)), 0);
	assert_int_equal(sim_battle(&s, &su, 42, &b, err, sizeof(err)), 0);
	assert_memory_equal(&a, &b, sizeof(a));
	assert_true(a.winner != WINNER_NONE);
	assert_true(a.turns >= 1);
	assert_true(a.events > 0);
	assert_true(a.ship_phases > 0);
}

static void test_sim_known_seed_known_outcome(void **state)
{
	static struct sim s;	/* static: freed by the teardown */
	struct sim_setup su;
	struct sim_result r;
	struct game_map board;
	char err[256];

	(void)state;
	sim_init(&s);
	live = &s;
	sim_setup_defaults(&su);
	assert_int_equal(game_map_init(&board, 7, 1), 0);
	su.board = &board;
	su.per_side = 1;
	assert_int_equal(sim_battle(&s, &su, 1, &r, err, sizeof(err)), 0);
	game_map_release(&board);
	/* Pinned from a run: a change here is a change of the bot or the engine. */
	assert_int_equal(r.winner, WINNER_MACHINES);
	assert_int_equal(r.turns, 1);
	assert_int_equal(r.ship_phases, 8);
	assert_int_equal(r.events, 43);
}

/*
 * Rulings 3.4 on the fast path too: a turn in which no ship ordered
 * anything (empty plans) still has as many phases as the most actions a
 * ship may order, so two ships nose to nose on a 2 x 1 board shoot, and
 * the cost counted by sim_plan() is what the turn plays.
 */
static void test_sim_turn_without_orders_has_phases(void **state)
{
	static struct sim s;	/* static: freed by the teardown */
	struct sim_setup su;
	struct sim_result r;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct game_map board;
	char err[256];
	size_t i;
	int phases = 0, most = 0;
	long ship_phases;

	(void)state;
	sim_init(&s);
	live = &s;
	sim_setup_defaults(&su);
	assert_int_equal(game_map_init(&board, 2, 1), 0);
	su.board = &board;
	memset(&r, 0, sizeof(r));
	assert_int_equal(sim_begin(&s, &su, 7, &r, err, sizeof(err)), 0);
	game_map_release(&board);
	for (i = 0; i < s.st.nships; i++)
		if (s.st.ships[i].actions > most)
			most = s.st.ships[i].actions;
	assert_true(most >= 1);
	assert_int_equal(sim_plan(&s, plans, &ship_phases, err, sizeof(err)), 0);
	assert_int_equal(ship_phases, 2L * most);
	memset(plans, 0, sizeof(plans));
	assert_int_equal(sim_resolve(&s, plans, ship_phases, &r, err, sizeof(err)), 0);
	for (i = 0; i < s.ev.n; i++)
		phases += s.ev.ev[i].type == EV_PHASE;
	assert_int_equal(phases, most);
}

static void test_sim_turn_cap_is_a_draw(void **state)
{
	static struct sim s;	/* static: freed by the teardown */
	struct sim_setup su;
	struct sim_result r;
	char err[256];

	(void)state;
	sim_init(&s);
	live = &s;
	/* Sixteen columns apart, at most four moves a turn: no shot in turn 1. */
	random_setup(&su, 17, 3, 1);
	su.density = 0;
	su.max_turns = 1;
	assert_int_equal(sim_battle(&s, &su, 5, &r, err, sizeof(err)), 0);
	assert_int_equal(r.winner, WINNER_DRAW);
	assert_int_equal(r.turns, 1);
}

/* A scenario's goals decide simulated battles as they would a campaign's. */
static void test_sim_plays_scenario_goals(void **state)
{
	static struct sim s;	/* static: freed by the teardown */
	struct sim_setup su;
	struct sim_result r;
	struct scenario sc;
	json_error_t jerr;
	json_t *o;
	char err[256];
	uint64_t seed;

	(void)state;
	sim_init(&s);
	live = &s;
	/* Zion only has to be in the battle after turn 1: far apart, no shot. */
	o = json_loads("{\"goals\":[{\"type\":\"survive\",\"team\":\"zion\",\"turns\":1}]}",
		       0, &jerr);
	assert_int_equal(scenario_parse(&sc, o, "survive", err, sizeof(err)), 0);
	json_decref(o);
	random_setup(&su, 17, 3, 1);
	su.density = 0;
	su.scenario = &sc;
	for (seed = 1; seed <= 5; seed++) {
		assert_int_equal(sim_battle(&s, &su, seed, &r, err, sizeof(err)), 0);
		assert_int_equal(r.winner, WINNER_ZION);
		assert_int_equal(r.turns, 1);
	}
	/* A turn limit with "at_limit": the Machines win a battle nobody ends. */
	o = json_loads("{\"turn_limit\":1,\"at_limit\":\"machines\"}", 0, &jerr);
	assert_int_equal(scenario_parse(&sc, o, "limit", err, sizeof(err)), 0);
	json_decref(o);
	assert_int_equal(sim_battle(&s, &su, 9, &r, err, sizeof(err)), 0);
	assert_int_equal(r.winner, WINNER_MACHINES);
	assert_int_equal(r.turns, 1);
	/* Too many ships a side for the scenario: an error, not a battle. */
	o = json_loads("{\"teams\":{\"min\":2,\"max\":3}}", 0, &jerr);
	assert_int_equal(scenario_parse(&sc, o, "pairs", err, sizeof(err)), 0);
	json_decref(o);
	assert_int_equal(sim_battle(&s, &su, 9, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "takes 2 to 3 ships a side"));
}

static void test_sim_bad_setup_fails_with_message(void **state)
{
	static struct sim s;	/* static: freed by the teardown */
	struct sim_setup su;
	struct sim_result r;
	char err[256];

	(void)state;
	sim_init(&s);
	live = &s;
	random_setup(&su, 12, 4, 5);
	assert_int_equal(sim_battle(&s, &su, 1, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "column"));
	random_setup(&su, 12, 4, 0);
	assert_int_equal(sim_battle(&s, &su, 1, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "per side"));
	random_setup(&su, 12, 4, 1);
	su.stat[TEAM_ZION][STAT_HULL] = 0;
	assert_int_equal(sim_battle(&s, &su, 1, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "hull"));
}

/* Battles first, first + step, ... of run seed 9, tallied by winner. */
struct share {
	const struct sim_setup *su;
	long first, step, n;
	long long tally[4], turns;
	int rc;
};

static void *play_share(void *arg)
{
	struct share *sh = arg;
	struct sim s;
	char err[256];
	long i;

	sim_init(&s);
	for (i = sh->first; i < sh->n; i += sh->step) {
		struct sim_result r;

		if (sim_battle(&s, sh->su, sim_battle_seed(9, (uint64_t)i), &r, err, sizeof(err))) {
			sh->rc = -1;
			break;
		}
		sh->tally[r.winner]++;
		sh->turns += r.turns;
	}
	sim_release(&s);
	return NULL;
}

static void test_sim_same_tally_one_or_two_threads(void **state)
{
	struct sim_setup su;
	struct share one, two[2];
	pthread_t t[2];
	int i;

	(void)state;
	random_setup(&su, 12, 8, 2);
	memset(&one, 0, sizeof(one));
	one.su = &su;
	one.step = 1;
	one.n = 300;
	play_share(&one);
	for (i = 0; i < 2; i++) {
		memset(&two[i], 0, sizeof(two[i]));
		two[i].su = &su;
		two[i].first = i;
		two[i].step = 2;
		two[i].n = 300;
		assert_int_equal(pthread_create(&t[i], NULL, play_share, &two[i]), 0);
	}
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(one.rc, 0);
	assert_int_equal(two[0].rc | two[1].rc, 0);
	for (i = 0; i < 4; i++)
		assert_int_equal(one.tally[i], two[0].tally[i] + two[1].tally[i]);
	assert_int_equal(one.turns, two[0].turns + two[1].turns);
	assert_int_equal(one.tally[WINNER_NONE], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sim_battle_seed_is_fixed_and_spread),
		cmocka_unit_test_teardown(test_sim_same_seed_same_battle, sim_teardown),
		cmocka_unit_test_teardown(test_sim_known_seed_known_outcome, sim_teardown),
		cmocka_unit_test_teardown(test_sim_turn_cap_is_a_draw, sim_teardown),
		cmocka_unit_test_teardown(test_sim_turn_without_orders_has_phases, sim_teardown),
		cmocka_unit_test_teardown(test_sim_plays_scenario_goals, sim_teardown),
		cmocka_unit_test_teardown(test_sim_bad_setup_fails_with_message, sim_teardown),
		cmocka_unit_test(test_sim_same_tally_one_or_two_threads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
