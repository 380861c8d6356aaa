/*
 * Tests for core/bot: small states built in C, the plan checked action by
 * action against the policy in bot.h.
 *
 * The board is 7 x 4 (A1..G4). Rows 2 and 4 are shifted right: from C2
 * the neighbours are D2 (E), D1 (NE), C1 (NW), B2 (W), C3 (SW), D3 (SE).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "core/hovercrafts/bot.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/hex.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/turn.h"

struct fx {
	struct game_state st;
	struct bot bot;
	struct turn_plan plans[GAME_MAX_SHIPS];
	char err[256];
};

/* The fixture outlives a failed assertion; the teardown frees it. */
static struct fx *live;

static int fx_teardown(void **state)
{
	(void)state;
	if (live) {
		game_state_release(&live->st);
		bot_release(&live->bot);
		live = NULL;
	}
	return 0;
}

static void fx_init(struct fx *f, int w, int h)
{
	memset(f, 0, sizeof(*f));
	live = f;
	game_state_init(&f->st);
	assert_int_equal(game_map_init(&f->st.map, w, h), 0);
	bot_init(&f->bot);
}

static struct hex at(const char *label)
{
	struct hex h;

	assert_int_equal(hex_parse(label, &h), 0);
	return h;
}

static int fx_ship(struct fx *f, const char *name, enum team t, const char *label,
		   enum facing face, int actions)
{
	struct ship s;
	int i;

	ship_set_defaults(&s);
	strncpy(s.name, name, sizeof(s.name) - 1);
	s.team = t;
	s.pos = at(label);
	s.facing = face;
	s.actions = actions;
	i = game_add_ship(&f->st, &s);
	assert_true(i >= 0);
	return i;
}

static void fx_plan_all(struct fx *f)
{
	assert_int_equal(bot_plan_all(&f->bot, &f->st, NULL, f->plans, f->err, sizeof(f->err)), 0);
}

/* The plan as "MOVE LEFT ..." ("" when empty). */
static const char *plan_text(const struct turn_plan *p)
{
	static char buf[256];
	int i;

	buf[0] = '\0';
	for (i = 0; i < p->n; i++) {
		if (i)
			strcat(buf, " ");
		strcat(buf, action_name(p->act[i]));
	}
	return buf;
}

static void test_bot_closes_straight_on(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 4);
	z = fx_ship(&f, "Minx", TEAM_ZION, "A2", FACE_E, 3);
	fx_ship(&f, "Locust", TEAM_MACHINES, "G2", FACE_W, 0);
	fx_plan_all(&f);
	assert_int_equal(f.plans[z].received, 1);
	assert_string_equal(plan_text(&f.plans[z]), "MOVE MOVE MOVE");
}

static void test_bot_turns_toward_enemy_behind(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 4);
	/* Locust is two hexes west: the way there starts behind Minx. */
	z = fx_ship(&f, "Minx", TEAM_ZION, "D2", FACE_E, 2);
	fx_ship(&f, "Locust", TEAM_MACHINES, "B2", FACE_W, 0);
	fx_plan_all(&f);
	assert_string_equal(plan_text(&f.plans[z]), "LEFT LEFT");
}

static void test_bot_turns_toward_adjacent_enemy_then_holds_it(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 4);
	/*
	 * Locust right behind: LEFT, LEFT brings it to the edge of the arc
	 * (Minx faces NW), LEFT centres it, then Minx keeps turning on the
	 * spot with Locust in the arc, shooting every phase.
	 */
	z = fx_ship(&f, "Minx", TEAM_ZION, "C2", FACE_E, 5);
	fx_ship(&f, "Locust", TEAM_MACHINES, "B2", FACE_E, 0);
	fx_plan_all(&f);
	assert_string_equal(plan_text(&f.plans[z]), "LEFT LEFT LEFT LEFT RIGHT");
}

static void test_bot_emp_when_two_enemies_adjacent(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 4);
	z = fx_ship(&f, "Minx", TEAM_ZION, "C2", FACE_E, 3);
	fx_ship(&f, "Locust", TEAM_MACHINES, "B2", FACE_E, 0);
	fx_ship(&f, "Moth", TEAM_MACHINES, "D2", FACE_W, 0);
	fx_plan_all(&f);
	/* One EMP a turn; then Moth, dead ahead, is held in the arc. */
	assert_string_equal(plan_text(&f.plans[z]), "EMP LEFT RIGHT");
}

static void test_bot_no_emp_for_one_enemy_and_an_ally(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 4);
	z = fx_ship(&f, "Minx", TEAM_ZION, "C2", FACE_E, 1);
	fx_ship(&f, "Trin", TEAM_ZION, "B2", FACE_E, 0);
	fx_ship(&f, "Moth", TEAM_MACHINES, "D2", FACE_W, 0);
	fx_plan_all(&f);
	assert_string_equal(plan_text(&f.plans[z]), "LEFT");
}

static void test_bot_repairs_when_hull_left_is_one(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 4);
	z = fx_ship(&f, "Minx", TEAM_ZION, "A2", FACE_E, 3);
	fx_ship(&f, "Locust", TEAM_MACHINES, "G2", FACE_W, 0);
	f.st.ships[z].damage = 2;
	assert_true(bot_badly_hurt(&f.st.ships[z]));
	fx_plan_all(&f);
	/* One repair leaves hull 2 of 3: no longer badly hurt, so it closes in. */
	assert_string_equal(plan_text(&f.plans[z]), "REPAIR MOVE MOVE");
}

static void test_bot_badly_hurt_thresholds(void **state)
{
	struct ship s;

	(void)state;
	ship_set_defaults(&s);
	assert_false(bot_badly_hurt(&s));
	s.damage = 1;
	assert_false(bot_badly_hurt(&s));	/* 2 of 3 left */
	s.stat[STAT_HULL] = 6;
	s.damage = 4;
	assert_true(bot_badly_hurt(&s));	/* 2 of 6: a third */
	s.damage = 3;
	assert_false(bot_badly_hurt(&s));
}

static void test_bot_walks_around_a_wall(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 4);
	game_map_set_wall(&f.st.map, at("B2"), 1);
	z = fx_ship(&f, "Minx", TEAM_ZION, "A2", FACE_E, 3);
	fx_ship(&f, "Locust", TEAM_MACHINES, "G2", FACE_W, 0);
	fx_plan_all(&f);
	/* B2 is a wall: round by the NE (B1) or SE (B3) hex, turning the shorter way. */
	assert_string_equal(plan_text(&f.plans[z]), "LEFT MOVE RIGHT");
}

static void test_bot_allies_do_not_claim_one_hex(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int a, b;

	(void)state;
	fx_init(&f, 7, 4);
	/*
	 * Both would step into C2 (Trin from C1 facing SE, Minx from B2 facing
	 * E). Trin plans first and claims it; Minx's other step closer, C1,
	 * is Trin's hex, so Minx waits.
	 */
	a = fx_ship(&f, "Trin", TEAM_ZION, "C1", FACE_SE, 1);
	b = fx_ship(&f, "Minx", TEAM_ZION, "B2", FACE_E, 1);
	fx_ship(&f, "Locust", TEAM_MACHINES, "F2", FACE_W, 0);
	fx_plan_all(&f);
	assert_string_equal(plan_text(&f.plans[a]), "MOVE");
	assert_string_equal(plan_text(&f.plans[b]), "");
	assert_int_equal(f.plans[b].received, 1);
}

static void test_bot_never_leaves_the_map(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 1);
	/* One row; Minx on the left edge facing off the map, Locust behind. */
	z = fx_ship(&f, "Minx", TEAM_ZION, "A1", FACE_W, 2);
	fx_ship(&f, "Locust", TEAM_MACHINES, "E1", FACE_W, 0);
	fx_plan_all(&f);
	assert_string_equal(plan_text(&f.plans[z]), "LEFT LEFT");
}

static void test_bot_mine_mask_plans_only_marked_ships(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	unsigned char mine[GAME_MAX_SHIPS] = { 0 };
	int z, m;

	(void)state;
	fx_init(&f, 7, 4);
	z = fx_ship(&f, "Minx", TEAM_ZION, "A2", FACE_E, 2);
	m = fx_ship(&f, "Locust", TEAM_MACHINES, "G2", FACE_W, 2);
	f.plans[z].n = 1;
	f.plans[z].act[0] = ACT_LAND;
	f.plans[z].received = 1;
	mine[m] = 1;
	assert_int_equal(bot_plan_all(&f.bot, &f.st, mine, f.plans, f.err, sizeof(f.err)), 0);
	assert_string_equal(plan_text(&f.plans[z]), "LAND");
	assert_string_equal(plan_text(&f.plans[m]), "MOVE MOVE");
}

static void test_bot_disabled_ship_gets_empty_plan(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z;

	(void)state;
	fx_init(&f, 7, 4);
	z = fx_ship(&f, "Minx", TEAM_ZION, "A2", FACE_E, 2);
	fx_ship(&f, "Locust", TEAM_MACHINES, "G2", FACE_W, 2);
	f.st.ships[z].status = SHIP_DISABLED;
	f.plans[z].n = 3;
	fx_plan_all(&f);
	assert_int_equal(f.plans[z].n, 0);
	assert_int_equal(f.plans[z].received, 0);
}

static void test_bot_plan_is_a_valid_order(void **state)
{
	static struct fx f;	/* static: the teardown frees it after this frame is gone */
	int z, i, emps = 0;

	(void)state;
	fx_init(&f, 7, 4);
	z = fx_ship(&f, "Minx", TEAM_ZION, "C2", FACE_E, 8);
	fx_ship(&f, "Locust", TEAM_MACHINES, "B2", FACE_E, 0);
	fx_ship(&f, "Moth", TEAM_MACHINES, "D2", FACE_W, 0);
	fx_plan_all(&f);
	assert_int_equal(f.plans[z].n, 8);
	for (i = 0; i < f.plans[z].n; i++) {
		assert_true(f.plans[z].act[i] != ACT_IDLE);
		emps += f.plans[z].act[i] == ACT_EMP;
	}
	assert_int_equal(emps, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_bot_closes_straight_on, fx_teardown),
		cmocka_unit_test_teardown(test_bot_turns_toward_enemy_behind, fx_teardown),
		cmocka_unit_test_teardown(test_bot_turns_toward_adjacent_enemy_then_holds_it, fx_teardown),
		cmocka_unit_test_teardown(test_bot_emp_when_two_enemies_adjacent, fx_teardown),
		cmocka_unit_test_teardown(test_bot_no_emp_for_one_enemy_and_an_ally, fx_teardown),
		cmocka_unit_test_teardown(test_bot_repairs_when_hull_left_is_one, fx_teardown),
		cmocka_unit_test(test_bot_badly_hurt_thresholds),
		cmocka_unit_test_teardown(test_bot_walks_around_a_wall, fx_teardown),
		cmocka_unit_test_teardown(test_bot_allies_do_not_claim_one_hex, fx_teardown),
		cmocka_unit_test_teardown(test_bot_never_leaves_the_map, fx_teardown),
		cmocka_unit_test_teardown(test_bot_mine_mask_plans_only_marked_ships, fx_teardown),
		cmocka_unit_test_teardown(test_bot_disabled_ship_gets_empty_plan, fx_teardown),
		cmocka_unit_test_teardown(test_bot_plan_is_a_valid_order, fx_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
