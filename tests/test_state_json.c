/*
 * Tests for core/state_json: the documented state shape both ways, defaults,
 * errors that name the field, and events as JSON.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/hovercrafts/event.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/hex.h"
#include "core/hovercrafts/state_json.h"

static json_t *load(const char *text)
{
	json_error_t jerr;
	json_t *root = json_loads(text, 0, &jerr);

	if (!root)
		fail_msg("bad JSON in the test: %s (line %d)", jerr.text, jerr.line);
	return root;
}

static void read_ok(struct game_state *st, const char *text)
{
	json_t *root = load(text);
	char err[256] = "";

	if (state_from_json(st, root, "state.json", err, sizeof(err)) != 0)
		fail_msg("state_from_json failed: %s", err);
	json_decref(root);
}

static void read_fails(const char *text, const char *want)
{
	struct game_state st;
	json_t *root = load(text);
	char err[256] = "";

	int rc = state_from_json(&st, root, "state.json", err, sizeof(err));

	json_decref(root);
	if (rc == 0)
		game_state_release(&st);
	assert_int_equal(rc, -1);
	assert_string_equal(err, want);
	/* Nothing is left to release after a failure. */
	assert_null(st.ships);
	assert_int_equal(st.nships, 0);
	assert_null(st.map.walls);
}

static const char *const documented =
	"{\"game\":\"hovercrafts\",\"turn\":3,"
	"\"map\":{\"width\":7,\"height\":4,\"walls\":[\"C2\",\"E4\"]},"
	"\"ships\":["
	"{\"name\":\"Minx\",\"team\":\"zion\",\"hex\":\"G2\",\"facing\":\"W\","
	"\"hull\":4,\"shield\":2,\"ballistic\":3,\"energy\":1,\"damage\":1,\"actions\":4,\"status\":\"active\"},"
	"{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"B4\",\"facing\":\"NE\","
	"\"hull\":3,\"shield\":1,\"ballistic\":1,\"energy\":2,\"damage\":0,\"actions\":2,\"status\":\"active\"},"
	"{\"name\":\"Big Wreck\",\"team\":\"machines\",\"hex\":\"A1\",\"facing\":\"SE\","
	"\"hull\":3,\"shield\":1,\"ballistic\":1,\"energy\":1,\"damage\":3,\"actions\":0,\"status\":\"disabled\"},"
	"{\"name\":\"Gone\",\"team\":\"zion\",\"hex\":\"G1\",\"facing\":\"E\","
	"\"hull\":3,\"shield\":1,\"ballistic\":1,\"energy\":1,\"damage\":0,\"actions\":0,\"status\":\"off-map\"}"
	"]}";

static void test_state_json_reads_documented_shape(void **state)
{
	struct game_state st;
	const struct ship *s;

	(void)state;
	read_ok(&st, documented);
	assert_string_equal(st.game, "hovercrafts");
	assert_int_equal(st.turn, 3);
	assert_int_equal(st.map.width, 7);
	assert_int_equal(st.map.height, 4);
	assert_true(game_map_is_wall(&st.map, (struct hex){ 2, 1 }));
	assert_true(game_map_is_wall(&st.map, (struct hex){ 4, 3 }));
	assert_false(game_map_is_wall(&st.map, (struct hex){ 3, 1 }));
	assert_int_equal(st.nships, 4);
	s = &st.ships[0];
	assert_string_equal(s->name, "Minx");
	assert_int_equal(s->team, TEAM_ZION);
	assert_int_equal(s->pos.col, 6);
	assert_int_equal(s->pos.row, 1);
	assert_int_equal(s->facing, FACE_W);
	assert_int_equal(s->stat[STAT_HULL], 4);
	assert_int_equal(s->stat[STAT_SHIELD], 2);
	assert_int_equal(s->stat[STAT_BALLISTIC], 3);
	assert_int_equal(s->stat[STAT_ENERGY], 1);
	assert_int_equal(s->damage, 1);
	assert_int_equal(s->actions, 4);
	assert_int_equal(s->status, SHIP_ACTIVE);
	s = &st.ships[1];
	assert_int_equal(s->team, TEAM_MACHINES);
	assert_int_equal(s->facing, FACE_NE);
	assert_int_equal(s->stat[STAT_ENERGY], 2);
	assert_int_equal(st.ships[2].status, SHIP_DISABLED);
	assert_string_equal(st.ships[2].name, "Big Wreck");
	assert_int_equal(st.ships[3].status, SHIP_OFF_MAP);
	assert_int_equal(st.winner, WINNER_NONE);
	game_state_release(&st);
}

static void test_state_json_round_trip(void **state)
{
	struct game_state st, st2;
	json_t *in = load(documented), *out, *out2, *ship;
	char err[256] = "";

	(void)state;
	assert_int_equal(state_from_json(&st, in, "state.json", err, sizeof(err)), 0);
	out = state_to_json(&st);
	assert_non_null(out);
	/* Everything in the documented shape comes back as it was. */
	json_object_del(out, "winner");
	assert_true(json_equal(in, out));
	json_object_set_new(out, "winner", json_null());
	assert_int_equal(state_from_json(&st2, out, "out.json", err, sizeof(err)), 0);
	out2 = state_to_json(&st2);
	assert_true(json_equal(out, out2));
	assert_true(json_is_null(json_object_get(out2, "winner")));
	ship = json_array_get(json_object_get(out2, "ships"), 2);
	assert_string_equal(json_string_value(json_object_get(ship, "status")), "disabled");
	assert_string_equal(json_string_value(json_object_get(ship, "facing")), "SE");
	json_decref(in);
	json_decref(out);
	json_decref(out2);
	game_state_release(&st);
	game_state_release(&st2);
}

static void test_state_json_winner_round_trip(void **state)
{
	struct game_state st;
	json_t *out;

	(void)state;
	read_ok(&st, "{\"map\":{\"width\":2,\"height\":2},\"ships\":[],\"winner\":\"machines\"}");
	assert_int_equal(st.winner, WINNER_MACHINES);
	out = state_to_json(&st);
	assert_string_equal(json_string_value(json_object_get(out, "winner")), "machines");
	json_decref(out);
	game_state_release(&st);
}

static void test_state_json_defaults_for_missing_fields(void **state)
{
	struct game_state st;
	const struct ship *s;

	(void)state;
	read_ok(&st, "{\"map\":{\"width\":5,\"height\":3},"
		     "\"ships\":[{\"name\":\"Minx\",\"team\":\"zion\",\"hex\":\"a1\",\"facing\":\"se\"}]}");
	assert_string_equal(st.game, "hovercrafts");
	assert_int_equal(st.turn, 1);
	assert_int_equal(st.nships, 1);
	s = &st.ships[0];
	assert_int_equal(s->stat[STAT_HULL], 3);
	assert_int_equal(s->stat[STAT_SHIELD], 1);
	assert_int_equal(s->stat[STAT_BALLISTIC], 1);
	assert_int_equal(s->stat[STAT_ENERGY], 1);
	assert_int_equal(s->damage, 0);
	assert_int_equal(s->actions, 0);
	assert_int_equal(s->status, SHIP_ACTIVE);
	assert_int_equal(s->facing, FACE_SE);
	assert_int_equal(s->pos.col, 0);
	assert_int_equal(s->pos.row, 0);
	game_state_release(&st);
}

#define MAP "\"map\":{\"width\":7,\"height\":4,\"walls\":[\"C2\"]}"
#define MINX "{\"name\":\"Minx\",\"team\":\"zion\",\"hex\":\"G2\",\"facing\":\"W\"}"

static void test_state_json_error_bad_team(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[" MINX ",{\"name\":\"Locust\",\"team\":\"robots\",\"hex\":\"B4\",\"facing\":\"E\"}]}",
		   "state.json: ships[1].team: expected \"zion\" or \"machines\"");
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"hex\":\"B4\",\"facing\":\"E\"}]}",
		   "state.json: ships[0].team: expected \"zion\" or \"machines\"");
}

static void test_state_json_error_bad_hex(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"4B\",\"facing\":\"E\"}]}",
		   "state.json: ships[0].hex: expected a hex label on the board, like A1");
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":5,\"facing\":\"E\"}]}",
		   "state.json: ships[0].hex: expected a hex label on the board, like A1");
}

static void test_state_json_error_hex_off_board(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[" MINX ",{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"H1\",\"facing\":\"E\"}]}",
		   "state.json: ships[1].hex: expected a hex label on the board, like A1");
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"A5\",\"facing\":\"E\"}]}",
		   "state.json: ships[0].hex: expected a hex label on the board, like A1");
	read_fails("{\"map\":{\"width\":7,\"height\":4,\"walls\":[\"C2\",\"H1\"]},\"ships\":[]}",
		   "state.json: map.walls[1]: expected a hex label on the board");
}

static void test_state_json_error_bad_facing(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"B4\",\"facing\":\"N\"}]}",
		   "state.json: ships[0].facing: expected E, NE, NW, W, SW or SE");
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"B4\"}]}",
		   "state.json: ships[0].facing: expected E, NE, NW, W, SW or SE");
}

static void test_state_json_error_bad_status(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"B4\",\"facing\":\"E\","
		   "\"status\":\"sunk\"}]}",
		   "state.json: ships[0].status: expected \"active\", \"disabled\" or \"off-map\"");
}

static void test_state_json_error_duplicate_name(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[" MINX ",{\"name\":\"minx\",\"team\":\"machines\",\"hex\":\"B4\",\"facing\":\"E\"}]}",
		   "state.json: ships[1].name: \"minx\" is already the name of another ship");
}

static void test_state_json_error_two_ships_one_hex(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[" MINX ",{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"g2\",\"facing\":\"E\"}]}",
		   "state.json: ships[1].hex: Minx and Locust stand on the same hex");
}

static void test_state_json_disabled_ship_may_share_a_hex(void **state)
{
	struct game_state st;

	(void)state;
	read_ok(&st, "{" MAP ",\"ships\":[" MINX ",{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"G2\","
		     "\"facing\":\"E\",\"damage\":3,\"status\":\"disabled\"}]}");
	assert_int_equal(st.nships, 2);
	game_state_release(&st);
}

static void test_state_json_error_ship_on_wall(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[" MINX ",{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"C2\",\"facing\":\"E\"}]}",
		   "state.json: ships[1].hex: Locust stands on a wall");
}

static void test_state_json_error_damage_reaches_hull(void **state)
{
	(void)state;
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"B4\",\"facing\":\"E\","
		   "\"hull\":4,\"damage\":4}]}",
		   "state.json: ships[0]: an active ship needs damage below its hull");
	read_fails("{" MAP ",\"ships\":[{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"B4\",\"facing\":\"E\","
		   "\"damage\":4}]}",
		   "state.json: ships[0].damage: expected a whole number from 0 to 3");
}

static void test_state_json_error_names_field_past_ten(void **state)
{
	/* The index is formatted by hand in ship_from_json: check two digits. */
	static const char *const names[] = { "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K" };
	char text[4096];
	size_t i;

	(void)state;
	strcpy(text, "{\"map\":{\"width\":12,\"height\":2},\"ships\":[");
	for (i = 0; i < 11; i++) {
		strcat(text, i ? ",{\"name\":\"" : "{\"name\":\"");
		strcat(text, names[i]);
		strcat(text, "\",\"team\":\"zion\",\"hex\":\"");
		strcat(text, names[i]);
		strcat(text, i == 10 ? "1\",\"facing\":\"up\"}" : "1\",\"facing\":\"E\"}");
	}
	strcat(text, "]}");
	read_fails(text, "state.json: ships[10].facing: expected E, NE, NW, W, SW or SE");
}

static void test_state_json_error_map(void **state)
{
	(void)state;
	read_fails("[1,2]", "state.json: expected a JSON object with \"map\" and \"ships\"");
	read_fails("{\"ships\":[]}", "state.json: map: expected an object with width and height");
	read_fails("{\"map\":{\"height\":4},\"ships\":[]}",
		   "state.json: map: expected \"width\", a whole number from 1 to 702");
	read_fails("{\"map\":{\"width\":0,\"height\":4},\"ships\":[]}",
		   "state.json: map.width: expected a whole number from 1 to 702");
	read_fails("{\"game\":\"chess\"," MAP ",\"ships\":[]}",
		   "state.json: game: expected \"hovercrafts\", got \"chess\"");
	read_fails("{" MAP "}", "state.json: ships: expected a list of at most 64 ships");
}

static void test_state_json_events_shot_keys(void **state)
{
	struct game_state st;
	struct event_list l;
	struct event e;
	json_t *arr, *o;

	(void)state;
	read_ok(&st, "{" MAP ",\"ships\":[" MINX
		     ",{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"F2\",\"facing\":\"E\"}]}");
	event_list_init(&l);
	memset(&e, 0, sizeof(e));
	e.type = EV_SHOT;
	e.phase = 2;
	e.ship = 0;
	e.other = 1;
	e.score = 4;
	e.score2 = 2;
	e.value = 1;
	e.from = st.ships[0].pos;
	e.to = st.ships[1].pos;
	e.cause = EV_SHOT;
	assert_int_equal(event_list_push(&l, &e), 0);
	e.score = 2;
	e.score2 = 3;
	e.value = 0;
	e.phase = 0;
	assert_int_equal(event_list_push(&l, &e), 0);
	arr = events_to_json(&st, &l);
	assert_non_null(arr);
	assert_int_equal(json_array_size(arr), 2);
	o = json_array_get(arr, 0);
	assert_string_equal(json_string_value(json_object_get(o, "type")), "shot");
	assert_int_equal(json_integer_value(json_object_get(o, "phase")), 2);
	assert_string_equal(json_string_value(json_object_get(o, "ship")), "Minx");
	assert_string_equal(json_string_value(json_object_get(o, "other")), "Locust");
	assert_int_equal(json_integer_value(json_object_get(o, "ballistic")), 4);
	assert_int_equal(json_integer_value(json_object_get(o, "shield")), 2);
	assert_true(json_is_true(json_object_get(o, "hit")));
	assert_int_equal(json_object_size(o), 7);
	o = json_array_get(arr, 1);
	assert_true(json_is_false(json_object_get(o, "hit")));
	assert_null(json_object_get(o, "phase"));	/* phase 0 is left out */
	json_decref(arr);
	event_list_release(&l);
	game_state_release(&st);
}

static void test_state_json_event_roll_and_off_map(void **state)
{
	struct game_state st;
	struct event e;
	json_t *o;

	(void)state;
	read_ok(&st, "{" MAP ",\"ships\":[" MINX "]}");
	memset(&e, 0, sizeof(e));
	e.type = EV_ROLL;
	e.phase = 1;
	e.ship = 0;
	e.other = -1;
	e.check = CHECK_BALLISTIC;
	e.d6 = 5;
	e.stat = 1;
	e.score = 4;
	e.cause = EV_SHOT;
	o = event_to_json(&st, &e);
	assert_string_equal(json_string_value(json_object_get(o, "type")), "roll");
	assert_string_equal(json_string_value(json_object_get(o, "check")), "ballistic");
	assert_int_equal(json_integer_value(json_object_get(o, "d6")), 5);
	assert_int_equal(json_integer_value(json_object_get(o, "stat")), 1);
	assert_int_equal(json_integer_value(json_object_get(o, "score")), 4);
	assert_string_equal(json_string_value(json_object_get(o, "for")), "shot");
	assert_null(json_object_get(o, "other"));
	json_decref(o);
	memset(&e, 0, sizeof(e));
	e.type = EV_OFF_MAP;
	e.phase = 1;
	e.ship = 0;
	e.other = -1;
	e.from.col = 6;
	e.from.row = 1;
	e.to.col = 7;
	e.to.row = 1;
	o = event_to_json(&st, &e);
	assert_string_equal(json_string_value(json_object_get(o, "type")), "off-map");
	assert_string_equal(json_string_value(json_object_get(o, "from")), "G2");
	assert_true(json_is_null(json_object_get(o, "to")));
	json_decref(o);
	game_state_release(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_state_json_reads_documented_shape),
		cmocka_unit_test(test_state_json_round_trip),
		cmocka_unit_test(test_state_json_winner_round_trip),
		cmocka_unit_test(test_state_json_defaults_for_missing_fields),
		cmocka_unit_test(test_state_json_error_bad_team),
		cmocka_unit_test(test_state_json_error_bad_hex),
		cmocka_unit_test(test_state_json_error_hex_off_board),
		cmocka_unit_test(test_state_json_error_bad_facing),
		cmocka_unit_test(test_state_json_error_bad_status),
		cmocka_unit_test(test_state_json_error_duplicate_name),
		cmocka_unit_test(test_state_json_error_two_ships_one_hex),
		cmocka_unit_test(test_state_json_disabled_ship_may_share_a_hex),
		cmocka_unit_test(test_state_json_error_ship_on_wall),
		cmocka_unit_test(test_state_json_error_damage_reaches_hull),
		cmocka_unit_test(test_state_json_error_names_field_past_ten),
		cmocka_unit_test(test_state_json_error_map),
		cmocka_unit_test(test_state_json_events_shot_keys),
		cmocka_unit_test(test_state_json_event_roll_and_off_map),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
