/* map: text boards with line and column errors, start zones, random boards. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "core/hovercrafts/map.h"

static void expect_error(const char *text, const char *want)
{
	struct map_def m;
	char err[256];

	assert_int_equal(map_parse_text(&m, text, "t.map", err, sizeof(err)), -1);
	assert_string_equal(err, want);
}

static void test_map_parse_and_format(void **state)
{
	struct map_def m;
	struct strbuf sb = STRBUF_INIT;
	char err[256];

	(void)state;
	assert_int_equal(map_parse_text(&m, "; a comment\nZ..#.M\nZ...#M  \n\n", "t.map", err,
					sizeof(err)), 0);
	assert_int_equal(m.map.width, 6);
	assert_int_equal(m.map.height, 2);
	assert_true(game_map_is_wall(&m.map, (struct hex){ 3, 0 }));
	assert_true(game_map_is_wall(&m.map, (struct hex){ 4, 1 }));
	assert_false(game_map_is_wall(&m.map, (struct hex){ 2, 1 }));
	assert_int_equal(m.nzone[TEAM_ZION], 2);
	assert_int_equal(m.nzone[TEAM_MACHINES], 2);
	assert_true(map_connected(&m));
	map_format_text(&m, &sb);
	assert_string_equal(strbuf_str(&sb), "Z..#.M\nZ...#M\n");
	strbuf_release(&sb);
	map_def_release(&m);
}

static void test_map_errors_have_line_and_column(void **state)
{
	(void)state;
	expect_error("", "t.map:1:1: expected at least one row of hexes ('.', '#', 'Z' or 'M')");
	expect_error("; only a comment\n\n",
		     "t.map:1:1: expected at least one row of hexes ('.', '#', 'Z' or 'M')");
	expect_error("...\n.x.\n", "t.map:2:2: expected '.', '#', 'Z' or 'M', got 'x'");
	expect_error("...\n.\t.\n", "t.map:2:2: expected '.', '#', 'Z' or 'M', got byte 0x09");
	expect_error("....\n..\n", "t.map:2:3: expected 4 hexes in this row, as in the first "
		     "(line 1), got 2");
	expect_error("; c\n..\n...\n", "t.map:3:3: expected 2 hexes in this row, as in the first "
		     "(line 2), got 3");
	expect_error(".\n.\n", "t.map:1:2: expected at least two hexes in a row (the fleets start "
		     "apart)");
	expect_error("..Z\n...\n", "t.map:1:3: expected start hexes for the Machines too ('M'), "
		     "as for Zion here");
	expect_error("...\n\n...\n", "t.map:2:1: expected 3 hexes in this row, as in the first "
		     "(line 1), got 0");
}

static void test_map_json_round_trip(void **state)
{
	struct map_def m, back;
	json_t *j;
	char err[256];

	(void)state;
	assert_int_equal(map_parse_text(&m, "Z.#M\nZ..M\n", "t", err, sizeof(err)), 0);
	j = map_to_json(&m);
	assert_non_null(json_object_get(j, "starts"));
	assert_int_equal(map_from_json(&back, j, "t", err, sizeof(err)), 0);
	assert_int_equal(back.nzone[TEAM_MACHINES], 2);
	assert_true(game_map_is_wall(&back.map, (struct hex){ 2, 0 }));
	json_decref(j);
	map_def_release(&m);
	map_def_release(&back);
}

static void test_map_zones_placement_faces_the_enemy(void **state)
{
	struct map_def m;
	struct game_state st;
	struct ship s;
	enum team first;
	char err[256];

	(void)state;
	assert_int_equal(map_parse_text(&m, "M...Z\nM...Z\nM...Z\n", "t", err, sizeof(err)), 0);
	game_state_init(&st);
	assert_int_equal(game_map_init(&st.map, 5, 3), 0);
	ship_set_defaults(&s);
	strcpy(s.name, "A");
	s.team = TEAM_ZION;
	game_add_ship(&st, &s);
	strcpy(s.name, "B");
	s.team = TEAM_MACHINES;
	game_add_ship(&st, &s);
	assert_int_equal(map_place_fleets(&st, &m, NULL, NULL, &first, err, sizeof(err)), 0);
	assert_int_equal(first, TEAM_COUNT);
	assert_int_equal(st.ships[0].pos.col, 4);
	assert_int_equal(st.ships[0].pos.row, 1);
	assert_int_equal(st.ships[0].facing, FACE_W);
	assert_int_equal(st.ships[1].pos.col, 0);
	assert_int_equal(st.ships[1].facing, FACE_E);
	game_state_release(&st);
	map_def_release(&m);
}

static void test_map_unconnected_zones(void **state)
{
	struct map_def m;
	char err[256];

	(void)state;
	assert_int_equal(map_parse_text(&m, "Z.#.M\nZ#..M\n", "t", err, sizeof(err)), 0);
	assert_false(map_connected(&m));
	map_def_release(&m);
}

/* Random boards are always crossable: many seeds, several densities. */
static void test_map_random_always_connected(void **state)
{
	static const int dens[] = { 100, 250, 400 };
	uint64_t seed;
	size_t d;
	char err[256];

	(void)state;
	for (d = 0; d < sizeof(dens) / sizeof(dens[0]); d++)
		for (seed = 1; seed <= 300; seed++) {
			struct map_def m;
			struct hex h;

			assert_int_equal(map_generate(&m, 12, 8, dens[d], seed * 7919, err, sizeof(err)), 0);
			assert_true(map_connected(&m));
			for (h.row = 0; h.row < 8; h.row++) {
				h.col = 0;
				assert_false(game_map_is_wall(&m.map, h));
				h.col = 11;
				assert_false(game_map_is_wall(&m.map, h));
			}
			map_def_release(&m);
		}
}

static void test_map_random_same_seed_same_board(void **state)
{
	struct map_def a, b;
	char err[256];

	(void)state;
	assert_int_equal(map_generate(&a, 10, 6, 200, 42, err, sizeof(err)), 0);
	assert_int_equal(map_generate(&b, 10, 6, 200, 42, err, sizeof(err)), 0);
	assert_memory_equal(a.map.walls, b.map.walls, 60);
	map_def_release(&a);
	map_def_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_map_parse_and_format),
		cmocka_unit_test(test_map_errors_have_line_and_column),
		cmocka_unit_test(test_map_json_round_trip),
		cmocka_unit_test(test_map_zones_placement_faces_the_enemy),
		cmocka_unit_test(test_map_unconnected_zones),
		cmocka_unit_test(test_map_random_always_connected),
		cmocka_unit_test(test_map_random_same_seed_same_board),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
