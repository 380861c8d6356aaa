/*
 * Tests for core/hexmap: golden pictures under tests/golden/hexmap/ (run from
 * the repo root; MXJUDGE_UPDATE_GOLDEN=1 rewrites them), plus checks that the
 * picture agrees with hex_neighbor().
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hovercrafts/game.h"
#include "core/hovercrafts/hex.h"
#include "core/hovercrafts/hexmap.h"
#include "lib/strbuf.h"

#define GOLDEN_DIR "tests/golden/hexmap/"

static void board(struct game_state *st, int w, int h)
{
	game_state_init(st);
	assert_int_equal(game_map_init(&st->map, w, h), 0);
}

static int add(struct game_state *st, const char *name, enum team t, const char *at,
	       enum facing f, enum ship_status status)
{
	struct ship s;
	int i;

	ship_set_defaults(&s);
	strncpy(s.name, name, sizeof(s.name) - 1);
	s.team = t;
	assert_int_equal(hex_parse(at, &s.pos), 0);
	s.facing = f;
	s.status = status;
	i = game_add_ship(st, &s);
	assert_true(i >= 0);
	return i;
}

static void wall(struct game_state *st, const char *at)
{
	struct hex h;

	assert_int_equal(hex_parse(at, &h), 0);
	game_map_set_wall(&st->map, h, 1);
}

/* Renders into a fresh strbuf the caller releases. */
static void render(const struct game_state *st, int legend, int max_width, struct strbuf *out)
{
	struct hexmap_options opt = { legend, max_width };

	strbuf_init(out);
	assert_int_equal(hexmap_render(st, &opt, out), 0);
}

/* Pure ASCII, no trailing spaces, newline-terminated, lines <= max_width. */
static void check_text(const char *text, size_t max_width)
{
	size_t col = 0;
	const char *p;

	assert_true(*text != '\0');
	for (p = text; *p; p++) {
		if (*p == '\n') {
			assert_true(col <= max_width);
			if (p > text)
				assert_true(p[-1] != ' ');
			col = 0;
			continue;
		}
		assert_true(*p >= 0x20 && *p <= 0x7e);
		col++;
	}
	assert_int_equal(p[-1], '\n');
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)n + 1);
		if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n) {
			buf[n] = '\0';
		} else {
			free(buf);
			buf = NULL;
		}
	}
	fclose(f);
	return buf;
}

static void golden(const char *name, const char *text)
{
	char path[256];
	const char *upd = getenv("MXJUDGE_UPDATE_GOLDEN");
	char *want;

	snprintf(path, sizeof(path), GOLDEN_DIR "%s.txt", name);
	if (upd && !strcmp(upd, "1")) {
		FILE *f = fopen(path, "wb");

		assert_non_null(f);
		assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
		assert_int_equal(fclose(f), 0);
		printf("updated golden %s\n", path);
		return;
	}
	want = read_file(path);
	if (!want)
		fail_msg("missing golden %s (run from the repo root, or set "
			 "MXJUDGE_UPDATE_GOLDEN=1)", path);
	if (strcmp(want, text))
		printf("--- %s\n%s--- got\n%s", path, want, text);
	assert_string_equal(want, text);
	free(want);
}

/* The part above the legend. */
static size_t map_len(const char *text)
{
	const char *k = strstr(text, "\nKey:");

	return k ? (size_t)(k - text) : strlen(text);
}

static void test_hexmap_sample_start(void **state)
{
	struct game_state st;
	struct strbuf out;

	(void)state;
	board(&st, 7, 4);
	add(&st, "Minx", TEAM_ZION, "G2", FACE_W, SHIP_ACTIVE);
	add(&st, "Locust", TEAM_MACHINES, "B4", FACE_E, SHIP_ACTIVE);
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	golden("sample_start", out.buf);
	/* Row 2 starts two columns right of row 1: the rows interlock. */
	assert_non_null(strstr(out.buf, "\n1 |   |"));
	assert_non_null(strstr(out.buf, "\n2   |   |"));
	assert_non_null(strstr(out.buf, "|<A | 2\n"));
	assert_non_null(strstr(out.buf, "|   | a>|"));
	strbuf_release(&out);
	game_state_release(&st);
}

static void test_hexmap_all_facings(void **state)
{
	static const char *const names[FACE_COUNT] = { "East", "Northeast", "Northwest",
							"West", "Southwest", "Southeast" };
	static const char *const at[FACE_COUNT] = { "B2", "D2", "F2", "B4", "D4", "F4" };
	char marks[FACE_COUNT][HEXMAP_TAG_MAX + 1];
	struct game_state st;
	struct strbuf out;
	int f, g;

	(void)state;
	board(&st, 7, 5);
	for (f = 0; f < FACE_COUNT; f++)
		add(&st, names[f], f % 2 ? TEAM_MACHINES : TEAM_ZION, at[f], (enum facing)f,
		    SHIP_ACTIVE);
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	golden("all_facings", out.buf);
	for (f = 0; f < FACE_COUNT; f++) {
		hexmap_ship_mark(&st, (size_t)f, marks[f], sizeof(marks[f]));
		assert_non_null(strstr(out.buf, marks[f]));
		for (g = 0; g < f; g++)
			assert_string_not_equal(marks[f], marks[g]);
	}
	strbuf_release(&out);
	game_state_release(&st);
}

static void test_hexmap_walls_on_edges(void **state)
{
	struct game_state st;
	struct strbuf out;
	int c, r;

	(void)state;
	board(&st, 7, 5);
	for (r = 0; r < 5; r++)
		for (c = 0; c < 7; c++)
			if (r == 0 || r == 4 || c == 0 || c == 6) {
				struct hex h = { c, r };

				game_map_set_wall(&st.map, h, 1);
			}
	wall(&st, "D3");
	add(&st, "Minx", TEAM_ZION, "B3", FACE_NE, SHIP_ACTIVE);
	add(&st, "Locust", TEAM_MACHINES, "F4", FACE_SW, SHIP_ACTIVE);
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	golden("walls_edges", out.buf);
	/* Corners: A1, G1, A5, G5 are all walls. */
	assert_non_null(strstr(out.buf, "1 |###|###|###|###|###|###|###| 1\n"));
	assert_non_null(strstr(out.buf, "5 |###|###|###|###|###|###|###| 5\n"));
	strbuf_release(&out);
	game_state_release(&st);
}

static void test_hexmap_16_columns_fit(void **state)
{
	struct game_state st;
	struct strbuf out;

	(void)state;
	board(&st, 16, 10);
	wall(&st, "A1");
	wall(&st, "P1");
	wall(&st, "P10");
	wall(&st, "H5");
	wall(&st, "I6");
	add(&st, "Nebuchadnezzar", TEAM_ZION, "A10", FACE_NE, SHIP_ACTIVE);
	add(&st, "Logos", TEAM_ZION, "B9", FACE_E, SHIP_ACTIVE);
	add(&st, "Sentinel", TEAM_MACHINES, "P2", FACE_W, SHIP_ACTIVE);
	add(&st, "Squiddy", TEAM_MACHINES, "O3", FACE_SW, SHIP_ACTIVE);
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	assert_null(strstr(out.buf, "Columns"));
	golden("cols16", out.buf);
	strbuf_release(&out);
	game_state_release(&st);

	/* Three-digit rows are the widest labels a 16-column board can have. */
	board(&st, 16, 120);
	add(&st, "Deep", TEAM_MACHINES, "P120", FACE_SE, SHIP_ACTIVE);
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	assert_null(strstr(out.buf, "Columns"));
	assert_non_null(strstr(out.buf, " a\\| 120\n"));
	strbuf_release(&out);
	game_state_release(&st);
}

static void test_hexmap_30_columns_strips(void **state)
{
	struct game_state st;
	struct strbuf out;
	const char *a, *b;

	(void)state;
	board(&st, 30, 6);
	wall(&st, "O3");
	wall(&st, "P3");
	wall(&st, "AD6");
	add(&st, "Minx", TEAM_ZION, "A1", FACE_E, SHIP_ACTIVE);
	add(&st, "Hammer", TEAM_ZION, "P4", FACE_W, SHIP_ACTIVE);
	add(&st, "Locust", TEAM_MACHINES, "AD1", FACE_SW, SHIP_ACTIVE);
	add(&st, "Harvester", TEAM_MACHINES, "O4", FACE_NE, SHIP_ACTIVE);
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	golden("cols30_strips", out.buf);
	a = strstr(out.buf, "Columns A-O\n");
	b = strstr(out.buf, "Columns P-AD\n");
	assert_true(a == out.buf);
	assert_non_null(b);
	/* Each strip has its own labels; O and P are in different strips. */
	assert_true(strstr(out.buf, "AD") > b);
	strbuf_release(&out);

	/* A narrower limit makes more, narrower strips. */
	render(&st, 0, 40, &out);
	check_text(out.buf, 40);
	assert_non_null(strstr(out.buf, "Columns A-H\n"));
	assert_non_null(strstr(out.buf, "Columns Y-AD\n"));
	strbuf_release(&out);
	game_state_release(&st);
}

static void test_hexmap_disabled_ship_not_drawn(void **state)
{
	struct game_state st;
	struct strbuf out;
	size_t i, n;

	(void)state;
	board(&st, 7, 4);
	add(&st, "Minx", TEAM_ZION, "G2", FACE_W, SHIP_ACTIVE);
	add(&st, "Locust", TEAM_MACHINES, "B4", FACE_E, SHIP_DISABLED);
	add(&st, "Runner", TEAM_MACHINES, "D1", FACE_E, SHIP_OFF_MAP);
	st.ships[1].damage = 3;
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	golden("disabled", out.buf);
	/* Tags are the only lowercase letters a map can hold. */
	n = map_len(out.buf);
	for (i = 0; i < n; i++)
		assert_false(out.buf[i] >= 'a' && out.buf[i] <= 'z');
	assert_non_null(strstr(out.buf, "\na    machines  -      -       0/3    disabled  Locust\n"));
	assert_non_null(strstr(out.buf, "\nb    machines  -      -       3/3    off-map   Runner\n"));
	strbuf_release(&out);
	game_state_release(&st);
}

/* Drawn centre of each hex: render it alone as a wall and find the "###". */
static void drawn_centre(int w, int h, struct hex at, int *x, int *y)
{
	struct game_state st;
	struct strbuf out;
	const char *p, *line;

	board(&st, w, h);
	game_map_set_wall(&st.map, at, 1);
	render(&st, 0, 0, &out);
	p = strstr(out.buf, "###");
	assert_non_null(p);
	assert_null(strstr(p + 3, "###"));
	*y = 0;
	for (line = out.buf; strchr(line, '\n') < p; line = strchr(line, '\n') + 1)
		(*y)++;
	*x = (int)(p - line) + 1;
	strbuf_release(&out);
	game_state_release(&st);
}

/* Character cells are about twice as tall as wide. */
static long seen_dist(int dx, int dy)
{
	return (long)dx * dx + 4L * dy * dy;
}

static void test_hexmap_neighbours_match_drawing(void **state)
{
	enum { W = 6, H = 5 };
	int cx[H][W], cy[H][W];
	int c, r, c2, r2, f;

	(void)state;
	for (r = 0; r < H; r++)
		for (c = 0; c < W; c++) {
			struct hex at = { c, r };

			drawn_centre(W, H, at, &cx[r][c], &cy[r][c]);
		}
	for (r = 0; r < H; r++)
		for (c = 0; c < W; c++) {
			struct hex at = { c, r };
			long far = 0, near = -1;
			struct game_map m = { W, H, NULL };

			for (f = 0; f < FACE_COUNT; f++) {
				struct hex n = hex_neighbor(at, (enum facing)f);
				int dx, dy;

				if (!game_map_on_board(&m, n))
					continue;
				dx = cx[n.row][n.col] - cx[r][c];
				dy = cy[n.row][n.col] - cy[r][c];
				/* The neighbour lies in the facing's direction. */
				assert_int_equal(dx > 0, f == FACE_E || f == FACE_NE || f == FACE_SE);
				assert_int_equal(dx < 0, f == FACE_W || f == FACE_NW || f == FACE_SW);
				assert_int_equal(dy < 0, f == FACE_NE || f == FACE_NW);
				assert_int_equal(dy > 0, f == FACE_SE || f == FACE_SW);
				if (seen_dist(dx, dy) > far)
					far = seen_dist(dx, dy);
			}
			/* Every other hex is drawn farther away than any neighbour. */
			for (r2 = 0; r2 < H; r2++)
				for (c2 = 0; c2 < W; c2++) {
					struct hex o = { c2, r2 };
					long d = seen_dist(cx[r2][c2] - cx[r][c], cy[r2][c2] - cy[r][c]);

					if (hex_equal(o, at) || hex_adjacent(o, at))
						continue;
					if (near < 0 || d < near)
						near = d;
				}
			assert_true(near > far);
		}
}

static void test_hexmap_tags_unique_and_stable(void **state)
{
	char tags[GAME_MAX_SHIPS][HEXMAP_TAG_MAX], tag[HEXMAP_TAG_MAX], name[16];
	struct game_state st;
	struct strbuf out;
	size_t i, j;

	(void)state;
	board(&st, 16, 8);
	for (i = 0; i < GAME_MAX_SHIPS; i++) {
		struct hex h = { (int)(i % 16), (int)(i / 16) * 2 };
		char at[HEX_LABEL_MAX];

		snprintf(name, sizeof(name), "Ship%zu", i);
		hex_format(h, at, sizeof(at));
		add(&st, name, i % 3 ? TEAM_ZION : TEAM_MACHINES, at, (enum facing)(i % 6),
		    SHIP_ACTIVE);
	}
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	for (i = 0; i < GAME_MAX_SHIPS; i++) {
		char mark[HEXMAP_TAG_MAX + 1];

		hexmap_ship_tag(&st, i, tags[i], sizeof(tags[i]));
		assert_true(strlen(tags[i]) >= 1 && strlen(tags[i]) <= 2);
		if (st.ships[i].team == TEAM_ZION)
			assert_true(tags[i][0] >= 'A' && tags[i][0] <= 'Z');
		else
			assert_true(tags[i][0] >= 'a' && tags[i][0] <= 'z');
		for (j = 0; j < i; j++)
			assert_string_not_equal(tags[i], tags[j]);
		hexmap_ship_mark(&st, i, mark, sizeof(mark));
		assert_non_null(strstr(out.buf, mark));
	}
	/* First of each team, by state order. */
	assert_string_equal(tags[0], "a");
	assert_string_equal(tags[1], "A");
	assert_string_equal(tags[2], "B");
	assert_string_equal(tags[3], "b");
	/* Dropping later ships does not change earlier tags. */
	st.nships = 10;
	for (i = 0; i < 10; i++) {
		hexmap_ship_tag(&st, i, tag, sizeof(tag));
		assert_string_equal(tag, tags[i]);
	}
	hexmap_ship_tag(&st, 10, tag, sizeof(tag));
	assert_string_equal(tag, "?");
	st.nships = GAME_MAX_SHIPS;
	strbuf_release(&out);
	game_state_release(&st);
}

static void test_hexmap_appends_and_options(void **state)
{
	struct game_state st;
	struct strbuf out;
	struct hexmap_options opt = { 0, 0 };

	(void)state;
	board(&st, 3, 2);
	add(&st, "Minx", TEAM_ZION, "A1", FACE_E, SHIP_ACTIVE);
	strbuf_init(&out);
	strbuf_addstr(&out, "Turn 1\n");
	assert_int_equal(hexmap_render(&st, &opt, &out), 0);
	assert_memory_equal(out.buf, "Turn 1\n    A   B   C\n", 21);
	assert_null(strstr(out.buf, "Key:"));
	strbuf_reset(&out);
	/* No options: legend on, 80 columns. */
	assert_int_equal(hexmap_render(&st, NULL, &out), 0);
	assert_non_null(strstr(out.buf, "\nA    zion      A1     E       3/3    active    Minx\n"));
	/* A buffer that already failed stays failed. */
	out.failed = 1;
	assert_int_equal(hexmap_render(&st, &opt, &out), -1);
	out.failed = 0;
	strbuf_release(&out);
	game_state_release(&st);
}

static void test_hexmap_odd_inputs(void **state)
{
	struct game_state st;
	struct strbuf out;
	const char *one_row;

	(void)state;
	/* No board at all. */
	game_state_init(&st);
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	assert_non_null(strstr(out.buf, "No board.\n"));
	assert_non_null(strstr(out.buf, "No ships.\n"));
	strbuf_release(&out);
	game_state_release(&st);

	/* One row: no shift; a name with control bytes; an active ship off the board. */
	board(&st, 2, 1);
	add(&st, "Bad\tname\x80", TEAM_ZION, "A1", FACE_W, SHIP_ACTIVE);
	add(&st, "Lost", TEAM_MACHINES, "Z9", FACE_E, SHIP_ACTIVE);
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	one_row = "    A   B\n"
		  "   / \\ / \\\n"
		  "1 |<A |   | 1\n"
		  "   \\ / \\ /\n"
		  "    A   B\n\n";
	assert_memory_equal(out.buf, one_row, strlen(one_row));
	assert_non_null(strstr(out.buf, "Bad?name?\n"));
	assert_non_null(strstr(out.buf, " Z9 "));
	strbuf_release(&out);
	/* A blank name and a strange hull leave no trailing spaces. */
	st.ships[1].name[0] = '\0';
	st.ships[1].stat[STAT_HULL] = -12;
	render(&st, 1, 0, &out);
	check_text(out.buf, 80);
	assert_non_null(strstr(out.buf, "\na    machines  Z9     E       0/-12  active\n"));
	strbuf_release(&out);
	game_state_release(&st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hexmap_sample_start),
		cmocka_unit_test(test_hexmap_all_facings),
		cmocka_unit_test(test_hexmap_walls_on_edges),
		cmocka_unit_test(test_hexmap_16_columns_fit),
		cmocka_unit_test(test_hexmap_30_columns_strips),
		cmocka_unit_test(test_hexmap_disabled_ship_not_drawn),
		cmocka_unit_test(test_hexmap_neighbours_match_drawing),
		cmocka_unit_test(test_hexmap_tags_unique_and_stable),
		cmocka_unit_test(test_hexmap_appends_and_options),
		cmocka_unit_test(test_hexmap_odd_inputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
