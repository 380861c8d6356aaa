/* setup: the side roll, fleet placement and random boards (rulings 8). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "core/hovercrafts/setup.h"

/* Known dice, handed out in order; records who asked for them. */
struct script {
	const int *d6;
	size_t n, next;
	char asked[16][32];
};

static int script_roll(void *ctx, enum check check, const char *ship, int *d6, char *err,
		       size_t errlen)
{
	struct script *s = ctx;

	if (s->next >= s->n) {
		snprintf(err, errlen, "no die left for %s %s", check_name(check), ship);
		return -1;
	}
	if (s->next < 16)
		snprintf(s->asked[s->next], sizeof(s->asked[0]), "%s %s", check_name(check), ship);
	*d6 = s->d6[s->next++];
	return 0;
}

static void add_ships(struct game_state *st, int w, int h, int zion, int machines)
{
	struct ship s;
	int i;

	game_state_init(st);
	assert_int_equal(game_map_init(&st->map, w, h), 0);
	for (i = 0; i < zion + machines; i++) {
		ship_set_defaults(&s);
		snprintf(s.name, sizeof(s.name), "%s%d", i < zion ? "Z" : "M", i);
		s.team = i < zion ? TEAM_ZION : TEAM_MACHINES;
		assert_true(game_add_ship(st, &s) >= 0);
	}
}

static void test_setup_higher_roll_starts_on_the_right(void **state)
{
	static const int dice[] = { 5, 2 };
	struct script sc = { dice, 2, 0, { { 0 } } };
	struct dice_source src = { script_roll, &sc };
	struct game_state st;
	struct event_list ev;
	enum team first;
	char err[256];

	(void)state;
	add_ships(&st, 7, 4, 1, 1);
	event_list_init(&ev);
	assert_int_equal(setup_place_fleets(&st, &src, &ev, &first, err, sizeof(err)), 0);
	assert_int_equal(first, TEAM_ZION);
	assert_string_equal(sc.asked[0], "energy zion");
	assert_string_equal(sc.asked[1], "energy machines");
	assert_int_equal(st.ships[0].pos.col, 6);
	assert_int_equal(st.ships[0].facing, FACE_W);
	assert_int_equal(st.ships[1].pos.col, 0);
	assert_int_equal(st.ships[1].facing, FACE_E);
	/* One ship on four rows: the middle of the column, row 3. */
	assert_int_equal(st.ships[0].pos.row, 2);
	assert_int_equal(ev.n, 2);
	assert_int_equal(ev.ev[0].type, EV_ROLL);
	assert_int_equal(ev.ev[0].ship, -1);
	assert_int_equal(ev.ev[0].value, TEAM_ZION);
	assert_int_equal(ev.ev[0].d6, 5);
	assert_int_equal(ev.ev[1].value, TEAM_MACHINES);
	assert_int_equal(ev.ev[1].score, 2);
	event_list_release(&ev);
	game_state_release(&st);
}

static void test_setup_tie_rolls_again(void **state)
{
	static const int dice[] = { 3, 3, 1, 4 };
	struct script sc = { dice, 4, 0, { { 0 } } };
	struct dice_source src = { script_roll, &sc };
	struct game_state st;
	struct event_list ev;
	enum team first;
	char err[256];

	(void)state;
	add_ships(&st, 5, 5, 1, 1);
	event_list_init(&ev);
	assert_int_equal(setup_place_fleets(&st, &src, &ev, &first, err, sizeof(err)), 0);
	assert_int_equal(first, TEAM_MACHINES);
	assert_int_equal(ev.n, 4);
	assert_int_equal(st.ships[1].pos.col, 4);
	assert_int_equal(st.ships[1].facing, FACE_W);
	assert_int_equal(st.ships[0].pos.col, 0);
	assert_int_equal(st.ships[0].facing, FACE_E);
	event_list_release(&ev);
	game_state_release(&st);
}

static void test_setup_spreads_evenly(void **state)
{
	static const int dice[] = { 6, 1 };
	struct script sc = { dice, 2, 0, { { 0 } } };
	struct dice_source src = { script_roll, &sc };
	struct game_state st;
	struct event_list ev;
	enum team first;
	char err[256];

	(void)state;
	add_ships(&st, 6, 9, 3, 2);
	event_list_init(&ev);
	assert_int_equal(setup_place_fleets(&st, &src, &ev, &first, err, sizeof(err)), 0);
	/* Three ships on nine rows: rows 2, 5, 8; two ships: rows 3 and 7. */
	assert_int_equal(st.ships[0].pos.row, 1);
	assert_int_equal(st.ships[1].pos.row, 4);
	assert_int_equal(st.ships[2].pos.row, 7);
	assert_int_equal(st.ships[3].pos.row, 2);
	assert_int_equal(st.ships[4].pos.row, 6);
	assert_int_equal(st.ships[3].pos.col, 0);
	event_list_release(&ev);
	game_state_release(&st);
}

static void test_setup_never_on_a_wall(void **state)
{
	static const int dice[] = { 6, 1 };
	struct script sc = { dice, 2, 0, { { 0 } } };
	struct dice_source src = { script_roll, &sc };
	struct game_state st;
	struct event_list ev;
	enum team first;
	char err[256];
	size_t k;

	(void)state;
	add_ships(&st, 4, 4, 2, 2);
	game_map_set_wall(&st.map, (struct hex){ 3, 0 }, 1);
	game_map_set_wall(&st.map, (struct hex){ 3, 2 }, 1);
	game_map_set_wall(&st.map, (struct hex){ 0, 1 }, 1);
	event_list_init(&ev);
	assert_int_equal(setup_place_fleets(&st, &src, &ev, &first, err, sizeof(err)), 0);
	for (k = 0; k < st.nships; k++)
		assert_false(game_map_is_wall(&st.map, st.ships[k].pos));
	assert_int_equal(st.ships[0].pos.row, 1);
	assert_int_equal(st.ships[1].pos.row, 3);
	assert_false(hex_equal(st.ships[2].pos, st.ships[3].pos));
	event_list_release(&ev);
	game_state_release(&st);
}

static void test_setup_refuses_crowded_column(void **state)
{
	static const int dice[] = { 6, 1 };
	struct script sc = { dice, 2, 0, { { 0 } } };
	struct dice_source src = { script_roll, &sc };
	struct game_state st;
	struct event_list ev;
	enum team first;
	char err[256];

	(void)state;
	add_ships(&st, 4, 2, 3, 1);
	event_list_init(&ev);
	assert_int_equal(setup_place_fleets(&st, &src, &ev, &first, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "only 2 free hexes"));
	event_list_release(&ev);
	game_state_release(&st);
}

static void test_setup_needs_both_sides(void **state)
{
	struct script sc = { NULL, 0, 0, { { 0 } } };
	struct dice_source src = { script_roll, &sc };
	struct game_state st;
	struct event_list ev;
	enum team first;
	char err[256];

	(void)state;
	add_ships(&st, 4, 4, 2, 0);
	event_list_init(&ev);
	assert_int_equal(setup_place_fleets(&st, &src, &ev, &first, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "each side needs"));
	assert_int_equal(ev.n, 0);
	event_list_release(&ev);
	game_state_release(&st);
}

static void test_setup_random_map_is_reproducible(void **state)
{
	struct game_map a, b;
	char err[256];
	struct hex h;
	int walls = 0;

	(void)state;
	assert_int_equal(setup_random_map(&a, 12, 8, 250, 77, err, sizeof(err)), 0);
	assert_int_equal(setup_random_map(&b, 12, 8, 250, 77, err, sizeof(err)), 0);
	assert_memory_equal(a.walls, b.walls, 12 * 8);
	for (h.row = 0; h.row < 8; h.row++) {
		assert_false(game_map_is_wall(&a, (struct hex){ 0, h.row }));
		assert_false(game_map_is_wall(&a, (struct hex){ 11, h.row }));
		for (h.col = 0; h.col < 12; h.col++)
			walls += game_map_is_wall(&a, h);
	}
	assert_true(walls > 0);
	assert_true(setup_map_crossable(&a));
	game_map_release(&a);
	game_map_release(&b);
}

static void test_setup_random_map_checks_density(void **state)
{
	struct game_map m;
	char err[256];

	(void)state;
	assert_int_equal(setup_random_map(&m, 12, 8, 900, 1, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "density"));
	assert_int_equal(setup_random_map(&m, 0, 8, 100, 1, err, sizeof(err)), -1);
}

static void test_setup_crossable_sees_a_blocking_wall(void **state)
{
	struct game_map m;
	int r;

	(void)state;
	assert_int_equal(game_map_init(&m, 5, 3), 0);
	assert_true(setup_map_crossable(&m));
	for (r = 0; r < 3; r++)
		game_map_set_wall(&m, (struct hex){ 2, r }, 1);
	assert_false(setup_map_crossable(&m));
	game_map_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_higher_roll_starts_on_the_right),
		cmocka_unit_test(test_setup_tie_rolls_again),
		cmocka_unit_test(test_setup_spreads_evenly),
		cmocka_unit_test(test_setup_never_on_a_wall),
		cmocka_unit_test(test_setup_refuses_crowded_column),
		cmocka_unit_test(test_setup_needs_both_sides),
		cmocka_unit_test(test_setup_random_map_is_reproducible),
		cmocka_unit_test(test_setup_random_map_checks_density),
		cmocka_unit_test(test_setup_crossable_sees_a_blocking_wall),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
