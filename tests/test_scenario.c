/* scenario: every goal type won and drawn, the turn limit, the state JSON. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/hovercrafts/scenario.h"
#include "core/hovercrafts/series.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"

/* Zion: Z0 on B2, Z1 on B3; Machines: M0 on F2, M1 on F3; 7 x 4, no walls. */
static void board(struct game_state *st)
{
	static const char *const names[] = { "Z0", "Z1", "M0", "M1" };
	int i;

	game_state_init(st);
	assert_int_equal(game_map_init(&st->map, 7, 4), 0);
	for (i = 0; i < 4; i++) {
		struct ship s;

		ship_set_defaults(&s);
		strcpy(s.name, names[i]);
		s.team = i < 2 ? TEAM_ZION : TEAM_MACHINES;
		s.pos.col = i < 2 ? 1 : 5;
		s.pos.row = 1 + i % 2;
		s.facing = i < 2 ? FACE_E : FACE_W;
		assert_true(game_add_ship(st, &s) >= 0);
	}
}

static void begin(struct game_state *st, const char *json, const char *flagship)
{
	struct scenario sc;
	json_error_t jerr;
	json_t *root = json_loads(json, 0, &jerr);
	char err[256];

	assert_non_null(root);
	if (scenario_parse(&sc, root, "t", err, sizeof(err)))
		fail_msg("%s", err);
	json_decref(root);
	if (scenario_begin(&sc, st, flagship, err, sizeof(err)))
		fail_msg("%s", err);
}

static enum winner end_turn(struct game_state *st, const struct event *ev, size_t n)
{
	enum winner w = scenario_end_of_turn(st, ev, n);

	st->turn++;
	return w;
}

static void test_scenario_none_is_the_default_victory(void **state)
{
	struct game_state st;

	(void)state;
	board(&st);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_NONE);
	st.ships[2].status = st.ships[3].status = SHIP_DISABLED;
	assert_int_equal(scenario_end_of_turn(&st, NULL, 0), WINNER_ZION);
	game_state_release(&st);
}

static void test_scenario_hold_won_and_drawn(void **state)
{
	struct game_state st;

	(void)state;
	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"hold\",\"team\":\"zion\",\"hex\":\"B2\",\"turns\":2}]}",
	      NULL);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_NONE);
	assert_int_equal(st.scenario->goals[0].count, 1);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_ZION);
	assert_string_equal(scenario_result(&st), "ZION WINS THE BATTLE: Zion held B2 for 2 turns.");
	game_state_release(&st);

	/* Leaving the hex resets the count. */
	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"hold\",\"team\":\"zion\",\"hex\":\"B2\",\"turns\":2}]}",
	      NULL);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_NONE);
	st.ships[0].pos.col = 2;
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_NONE);
	assert_int_equal(st.scenario->goals[0].count, 0);
	game_state_release(&st);

	/* Both sides hold their hex the same turn: a draw. */
	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"hold\",\"team\":\"zion\",\"hex\":\"B2\",\"turns\":1},"
		   "{\"type\":\"hold\",\"team\":\"machines\",\"hex\":\"F3\",\"turns\":1}]}", NULL);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_DRAW);
	assert_string_equal(scenario_result(&st), "THE BATTLE IS A DRAW: Zion held B2 for 1 turn "
			    "and the Machines held F3 for 1 turn.");
	game_state_release(&st);
}

static struct event off_map(int ship, int col, int row)
{
	struct event e;

	memset(&e, 0, sizeof(e));
	e.type = EV_OFF_MAP;
	e.ship = ship;
	e.other = -1;
	e.to.col = col;
	e.to.row = row;
	return e;
}

static void test_scenario_escape_won_and_drawn(void **state)
{
	struct game_state st;
	struct event ev[2];

	(void)state;
	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"escape\",\"team\":\"zion\",\"edge\":\"E\",\"ships\":2}]}",
	      NULL);
	/* Off the wrong edge does not count. */
	ev[0] = off_map(0, -1, 1);
	st.ships[0].status = SHIP_OFF_MAP;
	assert_int_equal(end_turn(&st, ev, 1), WINNER_NONE);
	assert_int_equal(st.scenario->goals[0].count, 0);
	game_state_release(&st);

	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"escape\",\"team\":\"zion\",\"edge\":\"E\",\"ships\":2}]}",
	      NULL);
	ev[0] = off_map(0, 7, 1);
	st.ships[0].status = SHIP_OFF_MAP;
	assert_int_equal(end_turn(&st, ev, 1), WINNER_NONE);
	ev[0] = off_map(1, 7, 2);
	st.ships[1].status = SHIP_OFF_MAP;
	/* Zion has no ship left on the board, but the goal comes first. */
	assert_int_equal(end_turn(&st, ev, 1), WINNER_ZION);
	assert_string_equal(scenario_result(&st),
			    "ZION WINS THE BATTLE: Zion got 2 ships off the east edge.");
	game_state_release(&st);

	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"escape\",\"team\":\"zion\",\"edge\":\"E\"},"
		   "{\"type\":\"escape\",\"team\":\"machines\",\"edge\":\"W\"}]}", NULL);
	ev[0] = off_map(0, 7, 1);
	ev[1] = off_map(2, -1, 1);
	st.ships[0].status = st.ships[2].status = SHIP_OFF_MAP;
	assert_int_equal(end_turn(&st, ev, 2), WINNER_DRAW);
	game_state_release(&st);
}

static void test_scenario_survive_won_and_drawn(void **state)
{
	struct game_state st;

	(void)state;
	board(&st);
	st.turn = 5;	/* a later battle of a campaign: turns count from its start */
	begin(&st, "{\"goals\":[{\"type\":\"survive\",\"team\":\"machines\",\"turns\":3}]}", NULL);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_NONE);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_NONE);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_MACHINES);
	game_state_release(&st);

	/* Wiped out before the end: the other side wins by the fleets. */
	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"survive\",\"team\":\"machines\",\"turns\":3}]}", NULL);
	st.ships[2].status = SHIP_DISABLED;
	st.ships[3].status = SHIP_OFF_MAP;
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_ZION);
	assert_string_equal(scenario_result(&st),
			    "ZION WINS THE BATTLE: every ship of the Machines is out.");
	game_state_release(&st);

	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"survive\",\"team\":\"machines\",\"turns\":1},"
		   "{\"type\":\"survive\",\"team\":\"zion\",\"turns\":1}]}", NULL);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_DRAW);
	game_state_release(&st);
}

static void test_scenario_flagship_won_and_drawn(void **state)
{
	struct game_state st;
	char err[256];
	struct scenario sc;
	json_error_t jerr;
	json_t *root;

	(void)state;
	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"flagship\",\"team\":\"zion\"}]}", NULL);
	assert_string_equal(st.scenario->goals[0].ship, "M0");	/* the first Machines ship */
	st.ships[3].status = SHIP_DISABLED;
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_NONE);
	st.ships[2].status = SHIP_DISABLED;
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_ZION);
	assert_string_equal(scenario_result(&st),
			    "ZION WINS THE BATTLE: Zion put the flagship M0 out of the battle.");
	game_state_release(&st);

	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"flagship\",\"team\":\"zion\"}]}", "M1");
	assert_string_equal(st.scenario->goals[0].ship, "M1");
	game_state_release(&st);

	board(&st);
	root = json_loads("{\"goals\":[{\"type\":\"flagship\",\"team\":\"zion\"}]}", 0, &jerr);
	assert_int_equal(scenario_parse(&sc, root, "t", err, sizeof(err)), 0);
	json_decref(root);
	assert_int_equal(scenario_begin(&sc, &st, "Z1", err, sizeof(err)), -1);
	game_state_release(&st);

	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"flagship\",\"team\":\"zion\",\"ship\":\"M1\"},"
		   "{\"type\":\"flagship\",\"team\":\"machines\",\"ship\":\"Z1\"}]}", NULL);
	st.ships[1].status = st.ships[3].status = SHIP_DISABLED;
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_DRAW);
	game_state_release(&st);
}

static void test_scenario_turn_limit(void **state)
{
	struct game_state st;

	(void)state;
	board(&st);
	begin(&st, "{\"turn_limit\":2}", NULL);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_NONE);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_DRAW);
	assert_string_equal(scenario_result(&st),
			    "THE BATTLE IS A DRAW: the turn limit (2) is reached.");
	game_state_release(&st);

	board(&st);
	begin(&st, "{\"turn_limit\":1,\"at_limit\":\"machines\"}", NULL);
	assert_int_equal(end_turn(&st, NULL, 0), WINNER_MACHINES);
	game_state_release(&st);
}

/*
 * Rulings 11: the start report's brief names both sides' goals, the
 * flagship by name, and the turn limit with the turn it falls on; a goal
 * read from a file, before the battle names the flagship, says whose.
 */
static void test_scenario_brief(void **state)
{
	struct game_state st;
	struct strbuf sb = STRBUF_INIT;
	struct scenario sc;
	json_error_t jerr;
	json_t *root;
	char err[256];

	(void)state;
	board(&st);
	st.turn = 8;
	begin(&st, "{\"turn_limit\":3,\"at_limit\":\"zion\",\"goals\":[{\"type\":\"flagship\","
	      "\"team\":\"zion\"},{\"type\":\"escape\",\"team\":\"machines\",\"edge\":\"W\","
	      "\"ships\":1}]}", NULL);
	scenario_brief(st.scenario, &sb);
	assert_string_equal(strbuf_str(&sb),
			    "Goals:\n"
			    "  Zion: put the Machines' flagship M0 out of the battle.\n"
			    "  The Machines: get 1 ship off the west edge.\n"
			    "  Both sides: put every ship of the other side out of the battle.\n"
			    "Turn limit: 3 turns: the battle ends with turn 10 at the latest, and then "
			    "Zion wins.");
	game_state_release(&st);
	strbuf_reset(&sb);
	scenario_brief(NULL, &sb);
	assert_string_equal(strbuf_str(&sb),
			    "Goals:\n"
			    "  Both sides: put every ship of the other side out of the battle.\n"
			    "Turn limit: none; the battle goes on until a side has won.");
	strbuf_reset(&sb);
	root = json_loads("{\"goals\":[{\"type\":\"flagship\",\"team\":\"machines\"}]}", 0, &jerr);
	assert_non_null(root);
	assert_int_equal(scenario_parse(&sc, root, "t", err, sizeof(err)), 0);
	json_decref(root);
	scenario_goal_text(&sc.rules.goals[0], &sb);
	assert_string_equal(strbuf_str(&sb), "The Machines: put Zion's flagship out of the battle "
			    "(its first ship, unless the game master names another)");
	strbuf_release(&sb);
}

static void test_scenario_errors(void **state)
{
	static const char *const bad[] = {
		"{\"goals\":[{\"type\":\"dance\",\"team\":\"zion\"}]}",
		"{\"goals\":[{\"type\":\"hold\",\"team\":\"zion\",\"hex\":\"B2\"}]}",
		"{\"goals\":[{\"type\":\"escape\",\"team\":\"zion\",\"edge\":\"Q\"}]}",
		"{\"goals\":[{\"type\":\"hold\",\"team\":\"elves\",\"hex\":\"B2\",\"turns\":1}]}",
		"{\"map\":\"../x\"}",
		"{\"map\":{\"width\":1,\"height\":3}}",
		"{\"at_limit\":\"nobody\"}",
		"[]",
	};
	struct scenario sc;
	json_error_t jerr;
	char err[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		json_t *root = json_loads(bad[i], 0, &jerr);

		assert_int_equal(scenario_parse(&sc, root, "t", err, sizeof(err)), -1);
		assert_true(strncmp(err, "t: ", 3) == 0);
		json_decref(root);
	}
	assert_int_equal(scenario_parse(&sc, NULL, "../etc", err, sizeof(err)), -1);
}

static void test_scenario_hold_hex_must_be_free(void **state)
{
	struct game_state st;
	struct scenario sc;
	json_error_t jerr;
	json_t *root = json_loads("{\"goals\":[{\"type\":\"hold\",\"team\":\"zion\",\"hex\":\"Z9\","
				  "\"turns\":1}],\"teams\":{\"max\":1}}", 0, &jerr);
	char err[256];

	(void)state;
	board(&st);
	assert_int_equal(scenario_parse(&sc, root, "t", err, sizeof(err)), 0);
	json_decref(root);
	assert_int_equal(scenario_begin(&sc, &st, NULL, err, sizeof(err)), -1);
	assert_string_equal(err, "scenario t takes 1 to 1 ships a side; Zion has 2");
	sc.team_max = 2;
	assert_int_equal(scenario_begin(&sc, &st, NULL, err, sizeof(err)), -1);
	assert_string_equal(err, "scenario t: goal 1: hex Z9 is off the board");
	game_state_release(&st);
}

/* The counters ride in the state JSON and replays are exact. */
static void test_scenario_state_json_and_turn(void **state)
{
	struct game_state st, back, copy;
	struct turn_plan plans[4];
	struct event_list ev;
	struct dice_rng rng;
	struct dice_source dice;
	json_t *j, *j2;
	char err[256];

	(void)state;
	board(&st);
	begin(&st, "{\"goals\":[{\"type\":\"hold\",\"team\":\"zion\",\"hex\":\"C2\",\"turns\":2}],"
		   "\"turn_limit\":9}", NULL);
	memset(plans, 0, sizeof(plans));
	plans[0].received = 1;
	plans[0].n = 1;
	plans[0].act[0] = ACT_MOVE;	/* Z0: B2 -> C2 */
	event_list_init(&ev);
	dice_rng_init(&rng, 7);
	dice = dice_rng_source(&rng);
	assert_int_equal(turn_resolve(&st, plans, &dice, &ev, err, sizeof(err)), 0);
	assert_int_equal(st.winner, WINNER_NONE);
	assert_int_equal(st.scenario->goals[0].count, 1);
	j = state_to_json(&st);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "scenario"),
							     "turn_limit")), 9);
	assert_int_equal(state_from_json(&back, j, "t", err, sizeof(err)), 0);
	assert_int_equal(back.scenario->goals[0].count, 1);
	assert_int_equal(game_state_copy(&copy, &back), 0);
	j2 = state_to_json(&copy);
	assert_true(json_equal(j, j2));
	memset(plans, 0, sizeof(plans));
	event_list_release(&ev);
	event_list_init(&ev);
	assert_int_equal(turn_resolve(&copy, plans, &dice, &ev, err, sizeof(err)), 0);
	assert_int_equal(copy.winner, WINNER_ZION);
	assert_int_equal(ev.ev[ev.n - 1].type, EV_VICTORY);
	json_decref(j);
	json_decref(j2);
	event_list_release(&ev);
	game_state_release(&st);
	game_state_release(&back);
	game_state_release(&copy);
}

/* `scenario show --json`'s object (core/hovercrafts/series.h): the board, limits and goals. */
static void test_scenario_show_json(void **unused)
{
	struct scenario sc;
	json_error_t jerr;
	json_t *root = json_loads("{\"title\":\"Last stand\",\"map\":{\"width\":9,\"height\":6,"
				  "\"density\":12.5},\"teams\":{\"min\":1,\"max\":3},"
				  "\"turn_limit\":8,\"at_limit\":\"zion\",\"goals\":[{\"type\":"
				  "\"survive\",\"team\":\"zion\",\"turns\":8}]}", 0, &jerr), *o;
	char err[256], *text;

	(void)unused;
	assert_non_null(root);
	assert_int_equal(scenario_parse(&sc, root, "stand", err, sizeof(err)), 0);
	json_decref(root);
	o = hover_scenario_json(&sc, "/x/stand.json");
	text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	assert_string_equal(text, "{\"name\":\"stand\",\"title\":\"Last stand\",\"description\":null,"
			    "\"board\":{\"kind\":\"random\",\"width\":9,\"height\":6,\"density\":12.5},"
			    "\"ships_min\":1,\"ships_max\":3,\"turn_limit\":8,\"at_limit\":\"zion\","
			    "\"goals\":[\"Zion: keep a ship in the battle until the end of turn 8 of "
			    "the battle\"],\"file\":\"/x/stand.json\"}");
	free(text);
	json_decref(o);
	/* No turn limit: at_limit null; the campaign's board; no description. */
	root = json_loads("{\"title\":\"T\",\"teams\":{\"min\":2,\"max\":2}}", 0, &jerr);
	assert_int_equal(scenario_parse(&sc, root, "t", err, sizeof(err)), 0);
	json_decref(root);
	o = hover_scenario_json(&sc, "t.json");
	text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	assert_string_equal(text, "{\"name\":\"t\",\"title\":\"T\",\"description\":null,"
			    "\"board\":{\"kind\":\"campaign\"},\"ships_min\":2,\"ships_max\":2,"
			    "\"turn_limit\":0,\"at_limit\":null,\"goals\":[],\"file\":\"t.json\"}");
	free(text);
	json_decref(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scenario_none_is_the_default_victory),
		cmocka_unit_test(test_scenario_hold_won_and_drawn),
		cmocka_unit_test(test_scenario_escape_won_and_drawn),
		cmocka_unit_test(test_scenario_survive_won_and_drawn),
		cmocka_unit_test(test_scenario_flagship_won_and_drawn),
		cmocka_unit_test(test_scenario_turn_limit),
		cmocka_unit_test(test_scenario_brief),
		cmocka_unit_test(test_scenario_errors),
		cmocka_unit_test(test_scenario_hold_hex_must_be_free),
		cmocka_unit_test(test_scenario_state_json_and_turn),
		cmocka_unit_test(test_scenario_show_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
