/*
 * Tests for core/hex: labels, neighbours (rulings 1), cube distance, front
 * arcs, facings and the canonical hex order used for dice (rulings 7b).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "core/hovercrafts/hex.h"

static struct hex H(int col, int row)
{
	struct hex h;

	h.col = col;
	h.row = row;
	return h;
}

static struct hex parse_ok(const char *label)
{
	struct hex h = { -7, -7 };

	assert_int_equal(hex_parse(label, &h), 0);
	return h;
}

static void assert_hex(struct hex h, int col, int row)
{
	assert_int_equal(h.col, col);
	assert_int_equal(h.row, row);
}

static void test_hex_parse_known_labels(void **state)
{
	(void)state;
	assert_hex(parse_ok("A1"), 0, 0);
	assert_hex(parse_ok("B1"), 1, 0);
	assert_hex(parse_ok("A2"), 0, 1);
	assert_hex(parse_ok("G2"), 6, 1);
	assert_hex(parse_ok("Z9"), 25, 8);
	assert_hex(parse_ok("AA1"), 26, 0);
	assert_hex(parse_ok("AB12"), 27, 11);
	assert_hex(parse_ok("AZ3"), 51, 2);
	assert_hex(parse_ok("BA3"), 52, 2);
	assert_hex(parse_ok("ZZ702"), 701, 701);
}

static void test_hex_parse_lower_case(void **state)
{
	(void)state;
	assert_hex(parse_ok("a1"), 0, 0);
	assert_hex(parse_ok("z9"), 25, 8);
	assert_hex(parse_ok("ab12"), 27, 11);
	assert_hex(parse_ok("aB12"), 27, 11);
	assert_hex(parse_ok("Ab12"), 27, 11);
}

static void test_hex_parse_invalid(void **state)
{
	static const char *const bad[] = {
		"1A", "A0", "", "A", "AAAA1", "1", "A-1", "A1 ", " A1", "A1B", "A 1", "É1", "A00",
		"A12345",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct hex h = { 99, 99 };

		if (hex_parse(bad[i], &h) != -1)
			fail_msg("hex_parse(\"%s\") accepted a bad label", bad[i]);
		/* A refused label leaves the output alone. */
		assert_hex(h, 99, 99);
	}
	assert_int_equal(hex_parse(NULL, &(struct hex){ 0, 0 }), -1);
}

static void test_hex_format_known_labels(void **state)
{
	char buf[HEX_LABEL_MAX];

	(void)state;
	hex_format(H(0, 0), buf, sizeof(buf));
	assert_string_equal(buf, "A1");
	hex_format(H(25, 8), buf, sizeof(buf));
	assert_string_equal(buf, "Z9");
	hex_format(H(26, 0), buf, sizeof(buf));
	assert_string_equal(buf, "AA1");
	hex_format(H(27, 11), buf, sizeof(buf));
	assert_string_equal(buf, "AB12");
	hex_format(H(701, 701), buf, sizeof(buf));
	assert_string_equal(buf, "ZZ702");
	hex_format(H(-1, 0), buf, sizeof(buf));
	assert_string_equal(buf, "off");
	hex_format(H(0, -1), buf, sizeof(buf));
	assert_string_equal(buf, "off");
}

static void test_hex_format_parse_round_trip(void **state)
{
	static const char *const labels[] = { "A1", "Z9", "AA1", "AB12", "G2", "B4", "ZZ702", "AZ10" };
	char buf[HEX_LABEL_MAX];
	size_t i;
	int c, r;

	(void)state;
	for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++) {
		hex_format(parse_ok(labels[i]), buf, sizeof(buf));
		assert_string_equal(buf, labels[i]);
	}
	/* Lower case comes back in upper case. */
	hex_format(parse_ok("ab12"), buf, sizeof(buf));
	assert_string_equal(buf, "AB12");
	for (c = 0; c < 702; c += 7)
		for (r = 0; r < 120; r += 13) {
			hex_format(H(c, r), buf, sizeof(buf));
			assert_hex(parse_ok(buf), c, r);
		}
}

static void test_hex_column_name(void **state)
{
	char buf[8];

	(void)state;
	hex_column_name(0, buf, sizeof(buf));
	assert_string_equal(buf, "A");
	hex_column_name(25, buf, sizeof(buf));
	assert_string_equal(buf, "Z");
	hex_column_name(26, buf, sizeof(buf));
	assert_string_equal(buf, "AA");
	hex_column_name(27, buf, sizeof(buf));
	assert_string_equal(buf, "AB");
	hex_column_name(701, buf, sizeof(buf));
	assert_string_equal(buf, "ZZ");
	hex_column_name(702, buf, sizeof(buf));
	assert_string_equal(buf, "AAA");
	hex_column_name(-1, buf, sizeof(buf));
	assert_string_equal(buf, "");
}

/* Rulings 1, even 0-based row: E(c+1,r) NE(c,r-1) NW(c-1,r-1) W(c-1,r) SW(c-1,r+1) SE(c,r+1). */
static void test_hex_neighbors_even_row(void **state)
{
	struct hex h = H(3, 2);	/* D3 */

	(void)state;
	assert_hex(hex_neighbor(h, FACE_E), 4, 2);
	assert_hex(hex_neighbor(h, FACE_NE), 3, 1);
	assert_hex(hex_neighbor(h, FACE_NW), 2, 1);
	assert_hex(hex_neighbor(h, FACE_W), 2, 2);
	assert_hex(hex_neighbor(h, FACE_SW), 2, 3);
	assert_hex(hex_neighbor(h, FACE_SE), 3, 3);
	/* Row 0 as well: A1 has nothing to the north or west on the board. */
	assert_hex(hex_neighbor(H(0, 0), FACE_NE), 0, -1);
	assert_hex(hex_neighbor(H(0, 0), FACE_SW), -1, 1);
	assert_hex(hex_neighbor(H(0, 0), FACE_SE), 0, 1);
}

/* Rulings 1, odd 0-based row: E(c+1,r) NE(c+1,r-1) NW(c,r-1) W(c-1,r) SW(c,r+1) SE(c+1,r+1). */
static void test_hex_neighbors_odd_row(void **state)
{
	struct hex h = H(3, 3);	/* D4 */

	(void)state;
	assert_hex(hex_neighbor(h, FACE_E), 4, 3);
	assert_hex(hex_neighbor(h, FACE_NE), 4, 2);
	assert_hex(hex_neighbor(h, FACE_NW), 3, 2);
	assert_hex(hex_neighbor(h, FACE_W), 2, 3);
	assert_hex(hex_neighbor(h, FACE_SW), 3, 4);
	assert_hex(hex_neighbor(h, FACE_SE), 4, 4);
	/* A2 (odd row, shifted right): its SW is A3, its W is off the board. */
	assert_hex(hex_neighbor(H(0, 1), FACE_SW), 0, 2);
	assert_hex(hex_neighbor(H(0, 1), FACE_W), -1, 1);
}

static void test_hex_neighbors_opposite_return(void **state)
{
	int f, r, c;

	(void)state;
	for (r = 0; r < 4; r++)
		for (c = 1; c < 4; c++)
			for (f = 0; f < FACE_COUNT; f++) {
				struct hex n = hex_neighbor(H(c, r), (enum facing)f);
				struct hex back = hex_neighbor(n, (enum facing)((f + 3) % FACE_COUNT));

				assert_hex(back, c, r);
				assert_int_equal(hex_distance(H(c, r), n), 1);
				assert_true(hex_adjacent(H(c, r), n));
			}
}

static void test_hex_distance_known_pairs(void **state)
{
	static const struct {
		const char *a, *b;
		int d;
	} pairs[] = {
		{ "A1", "A1", 0 },
		{ "A1", "B1", 1 },
		{ "A1", "A2", 1 },	/* SE of an even row */
		{ "A1", "B2", 2 },	/* across a shifted row */
		{ "B1", "A2", 1 },	/* SW of an even row */
		{ "B2", "B3", 1 },	/* SW of an odd row */
		{ "B2", "C3", 1 },	/* SE of an odd row */
		{ "B2", "A3", 2 },
		{ "A1", "A3", 2 },
		{ "A1", "G4", 8 },
		{ "G2", "B4", 6 },	/* the sample game's start */
		{ "A1", "A11", 10 },
		{ "C1", "A5", 4 },
		{ "A1", "Z1", 25 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		struct hex a = parse_ok(pairs[i].a), b = parse_ok(pairs[i].b);

		if (hex_distance(a, b) != pairs[i].d || hex_distance(b, a) != pairs[i].d)
			fail_msg("distance %s-%s: got %d / %d, expected %d", pairs[i].a, pairs[i].b,
				 hex_distance(a, b), hex_distance(b, a), pairs[i].d);
	}
	assert_false(hex_adjacent(parse_ok("A1"), parse_ok("B2")));
	assert_false(hex_adjacent(parse_ok("A1"), parse_ok("A1")));
	assert_true(hex_adjacent(parse_ok("B2"), parse_ok("C3")));
}

static void test_hex_distance_symmetric(void **state)
{
	int a, b;

	(void)state;
	for (a = 0; a < 48; a++)
		for (b = 0; b < 48; b++) {
			struct hex ha = H(a % 8, a / 8), hb = H(b % 8, b / 8);

			assert_int_equal(hex_distance(ha, hb), hex_distance(hb, ha));
			assert_int_equal(hex_distance(ha, hb) == 0, a == b);
		}
}

static void test_hex_front_arc_facing_east(void **state)
{
	struct hex from = H(3, 2);

	(void)state;
	/* E: arc is SE, E, NE. */
	assert_true(hex_in_front_arc(from, FACE_E, H(4, 2)));
	assert_true(hex_in_front_arc(from, FACE_E, H(3, 1)));
	assert_true(hex_in_front_arc(from, FACE_E, H(3, 3)));
	assert_false(hex_in_front_arc(from, FACE_E, H(2, 1)));
	assert_false(hex_in_front_arc(from, FACE_E, H(2, 2)));
	assert_false(hex_in_front_arc(from, FACE_E, H(2, 3)));
	assert_false(hex_in_front_arc(from, FACE_E, from));
	assert_false(hex_in_front_arc(from, FACE_E, H(5, 2)));	/* range is one hex */
}

static void test_hex_front_arc_only_three(void **state)
{
	int f, g, r;

	(void)state;
	for (r = 2; r <= 3; r++)
		for (f = 0; f < FACE_COUNT; f++)
			for (g = 0; g < FACE_COUNT; g++) {
				struct hex from = H(3, r);
				int in = g == f || g == (f + 1) % FACE_COUNT || g == (f + FACE_COUNT - 1) % FACE_COUNT;

				if (hex_in_front_arc(from, (enum facing)f, hex_neighbor(from, (enum facing)g)) != in)
					fail_msg("row %d facing %s, hex to the %s: expected %d", r,
						 facing_name((enum facing)f), facing_name((enum facing)g), in);
			}
	/* Wrap-around: facing SE covers SW, SE and E; facing E covers SE. */
	assert_true(hex_in_front_arc(H(3, 3), FACE_SE, hex_neighbor(H(3, 3), FACE_E)));
	assert_true(hex_in_front_arc(H(3, 3), FACE_E, hex_neighbor(H(3, 3), FACE_SE)));
	assert_false(hex_in_front_arc(H(3, 3), FACE_SE, hex_neighbor(H(3, 3), FACE_NE)));
}

static void test_hex_facing_left_right_wrap(void **state)
{
	(void)state;
	assert_int_equal(facing_left(FACE_E), FACE_NE);
	assert_int_equal(facing_left(FACE_NE), FACE_NW);
	assert_int_equal(facing_left(FACE_W), FACE_SW);
	assert_int_equal(facing_left(FACE_SE), FACE_E);
	assert_int_equal(facing_right(FACE_E), FACE_SE);
	assert_int_equal(facing_right(FACE_SE), FACE_SW);
	assert_int_equal(facing_right(FACE_NE), FACE_E);
	assert_int_equal(facing_right(FACE_W), FACE_NW);
	assert_int_equal(facing_left(facing_right(FACE_W)), FACE_W);
}

static void test_hex_facing_parse_case_insensitive(void **state)
{
	(void)state;
	assert_int_equal(facing_parse("E"), FACE_E);
	assert_int_equal(facing_parse("e"), FACE_E);
	assert_int_equal(facing_parse("NE"), FACE_NE);
	assert_int_equal(facing_parse("ne"), FACE_NE);
	assert_int_equal(facing_parse("nW"), FACE_NW);
	assert_int_equal(facing_parse("w"), FACE_W);
	assert_int_equal(facing_parse("Sw"), FACE_SW);
	assert_int_equal(facing_parse("se"), FACE_SE);
	assert_int_equal(facing_parse(""), -1);
	assert_int_equal(facing_parse("N"), -1);
	assert_int_equal(facing_parse("S"), -1);
	assert_int_equal(facing_parse("NEE"), -1);
	assert_int_equal(facing_parse("EAST"), -1);
	assert_int_equal(facing_parse(" E"), -1);
	assert_int_equal(facing_parse(NULL), -1);
	assert_string_equal(facing_name(FACE_NW), "NW");
	assert_string_equal(facing_name(FACE_SE), "SE");
	assert_string_equal(facing_name(FACE_COUNT), "?");
}

static void test_hex_compare_row_then_column(void **state)
{
	(void)state;
	/* Row first: Z1 comes before A2. */
	assert_int_equal(hex_compare(H(25, 0), H(0, 1)), -1);
	assert_int_equal(hex_compare(H(0, 1), H(25, 0)), 1);
	/* Then left to right. */
	assert_int_equal(hex_compare(H(1, 2), H(2, 2)), -1);
	assert_int_equal(hex_compare(H(2, 2), H(1, 2)), 1);
	assert_int_equal(hex_compare(H(2, 2), H(2, 2)), 0);
	assert_true(hex_equal(H(2, 2), H(2, 2)));
	assert_false(hex_equal(H(2, 2), H(2, 3)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex_parse_known_labels),
		cmocka_unit_test(test_hex_parse_lower_case),
		cmocka_unit_test(test_hex_parse_invalid),
		cmocka_unit_test(test_hex_format_known_labels),
		cmocka_unit_test(test_hex_format_parse_round_trip),
		cmocka_unit_test(test_hex_column_name),
		cmocka_unit_test(test_hex_neighbors_even_row),
		cmocka_unit_test(test_hex_neighbors_odd_row),
		cmocka_unit_test(test_hex_neighbors_opposite_return),
		cmocka_unit_test(test_hex_distance_known_pairs),
		cmocka_unit_test(test_hex_distance_symmetric),
		cmocka_unit_test(test_hex_front_arc_facing_east),
		cmocka_unit_test(test_hex_front_arc_only_three),
		cmocka_unit_test(test_hex_facing_left_right_wrap),
		cmocka_unit_test(test_hex_facing_parse_case_insensitive),
		cmocka_unit_test(test_hex_compare_row_then_column),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
