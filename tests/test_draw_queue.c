/*
 * Tests for core/draw's tagged queue: the draws of a logged turn read
 * back from their lines (dice, pools, picks, shuffles, notes), as a
 * replay and the case files take them. The generator, seeds, roots and
 * the seeded source are tested in tests/test_draw.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core/draw.h"
#include "core/hovercrafts/dice.h"

static void queue_from(struct draw_queue *q, const char *text)
{
	char err[256] = "";

	draw_queue_init(q);
	if (draw_queue_parse(q, text, "dice.txt", 0, err, sizeof(err)) < 0)
		fail_msg("parse failed: %s", err);
}

/* ---------- the tagged queue ---------- */

static void test_draw_queue_parse_comments_and_blanks(void **state)
{
	struct draw_queue q;
	char err[128] = "";

	(void)state;
	draw_queue_init(&q);
	assert_int_equal(draw_queue_parse(&q,
					  "# a whole comment\n"
					  "\n"
					  "   d10 combat humans 7   # trailing comment\n"
					  "\t \r\n"
					  "energy  Minx\t5\r\n"
					  "shuffle humans C A",
					  "dice.txt", 10, err, sizeof(err)), 0);
	assert_int_equal(q.n, 3);
	assert_string_equal(q.l[0].text, "d10 combat humans 7");
	assert_int_equal(q.l[0].line, 13);
	assert_string_equal(q.l[1].text, "energy  Minx\t5");
	assert_int_equal(q.l[1].line, 15);
	assert_string_equal(q.l[2].text, "shuffle humans C A");
	assert_int_equal(q.l[2].line, 16);
	assert_int_equal(q.l[0].used + q.l[1].used + q.l[2].used, 0);
	assert_int_equal(draw_queue_unused(&q), 3);
	/* A second parse appends. */
	assert_int_equal(draw_queue_parse(&q, "init ann K\n", "more.txt", 0, err, sizeof(err)), 0);
	assert_int_equal(q.n, 4);
	assert_string_equal(q.l[3].text, "init ann K");
	assert_int_equal(q.l[3].line, 1);
	draw_queue_release(&q);
	assert_int_equal(q.n, 0);
	assert_null(q.l);
}

/* "draw DECK ID" lines are notes of the log (legendary R10.3): logged, never given. */
static void test_draw_note_is_logged_and_skipped_on_input(void **state)
{
	struct draw_queue q;
	struct draw_log log;
	struct draw_source src;
	char err[128] = "";
	int face = 0;

	(void)state;
	queue_from(&q, "draw wounds W-CUT.1\nd6 x 4\ndrawn x 2\n");
	assert_int_equal(q.n, 2);	/* "drawn" is a label, not a note */
	assert_string_equal(q.l[0].text, "d6 x 4");
	draw_log_init(&log);
	src = draw_queue_source(&q, &log);
	draw_note(&src, "sealed", "draw wounds W-CUT.1");
	assert_int_equal(draw_die(&src, "open", "d6 x", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 4);
	assert_int_equal(log.n, 2);
	assert_string_equal(log.e[0].line, "draw wounds W-CUT.1");
	assert_string_equal(log.e[1].line, "d6 x 4");
	assert_int_equal(draw_queue_unused(&q), 1);
	draw_log_release(&log);
	draw_queue_release(&q);
}

static void test_draw_queue_parse_many_lines(void **state)
{
	struct draw_queue q;
	struct draw_source src;
	char err[128] = "", *text;
	size_t i, at = 0;
	int face;

	(void)state;
	text = malloc(100 * 16);
	assert_non_null(text);
	for (i = 0; i < 100; i++)
		at += (size_t)sprintf(text + at, "d6 x %zu\n", i % 6 + 1);
	queue_from(&q, text);
	free(text);
	assert_int_equal(q.n, 100);
	src = draw_queue_source(&q, NULL);
	for (i = 0; i < 100; i++) {
		assert_int_equal(draw_die(&src, "open", "d6 x", 6, &face, err, sizeof(err)), 0);
		assert_int_equal(face, (int)(i % 6 + 1));
	}
	assert_int_equal(draw_queue_unused(&q), 0);
	draw_queue_release(&q);
}

static void test_draw_queue_dice_takes_a_whole_pool(void **state)
{
	struct draw_queue q;
	struct draw_source src;
	struct draw_log log;
	char err[256] = "";
	int faces[4] = { 0 };

	(void)state;
	queue_from(&q, "melee Neo 6 2 3\nmelee Neo 6 1\nmelee Neo 7 1\n");
	draw_log_init(&log);
	src = draw_queue_source(&q, &log);
	assert_int_equal(draw_dice(&src, "open", "melee Neo", 6, 3, faces, err, sizeof(err)), 0);
	assert_int_equal(faces[0], 6);
	assert_int_equal(faces[2], 3);
	assert_string_equal(log.e[0].line, "melee Neo 6 2 3");
	/* A line with another number of faces is refused, naming the line. */
	assert_int_equal(draw_dice(&src, "open", "melee Neo", 6, 3, faces, err, sizeof(err)), -1);
	assert_string_equal(err, "line 2: expected 'melee Neo' and exactly 3 faces from 1 to 6, got 'melee Neo 6 1'");
	assert_int_equal(draw_dice(&src, "open", "melee Neo", 6, 2, faces, err, sizeof(err)), -1);
	assert_string_equal(err, "line 3: expected 'melee Neo' and exactly 2 faces from 1 to 6, got 'melee Neo 7 1'");
	assert_int_equal(draw_dice(&src, "open", "melee Neo", 6, 2, faces, err, sizeof(err)), -1);
	assert_string_equal(err, "no draw left for 'melee Neo' (add a line 'melee Neo (2 faces)')");
	/* No dice: nothing taken, nothing logged. */
	assert_int_equal(draw_dice(&src, "open", "armor Neo", 6, 0, faces, err, sizeof(err)), 0);
	assert_int_equal(log.n, 1);
	draw_log_release(&log);
	draw_queue_release(&q);
}

static void test_draw_queue_die_matches_label_any_case(void **state)
{
	struct draw_queue q;
	struct draw_source src;
	char err[256] = "";
	int face = 0;

	(void)state;
	queue_from(&q,
		   "energy Minx 2\n"
		   "D10 Combat HUMANS 7\n"
		   "d10 combat aliens 4\n"
		   "d10   combat\thumans 9\n");
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 7);
	assert_int_equal(q.l[1].used, 1);
	assert_int_equal(q.l[0].used, 0);
	assert_int_equal(q.l[2].used, 0);
	assert_int_equal(draw_queue_unused(&q), 3);
	/* The next humans line, skipping the aliens one; streams do not matter. */
	assert_int_equal(draw_die(&src, "sealed/x", "d10 combat humans", 10, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 9);
	assert_int_equal(q.l[2].used, 0);
	assert_int_equal(draw_queue_unused(&q), 2);
	/* None left. */
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), -1);
	assert_string_equal(err, "no draw left for 'd10 combat humans' (add a line 'd10 combat humans N')");
	assert_int_equal(draw_queue_unused(&q), 2);
	/* The others are still there for their own labels. */
	assert_int_equal(draw_die(&src, "open", "d10 combat aliens", 10, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 4);
	assert_int_equal(draw_die(&src, "open", "ENERGY minx", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 2);
	assert_int_equal(draw_queue_unused(&q), 0);
	draw_queue_release(&q);
}

static void test_draw_queue_die_bad_face(void **state)
{
	struct draw_queue q;
	struct draw_source src;
	char err[256] = "";
	int face = -5;

	(void)state;
	queue_from(&q,
		   "# the dice\n"
		   "\n"
		   "d10 combat humans 11\n"
		   "d10 combat humans 0\n"
		   "d10 combat humans 7x\n"
		   "d10 combat humans 7 8\n"
		   "d10 combat humans\n"
		   "d10 combat humans 10\n");
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), -1);
	assert_string_equal(err, "line 3: expected 'd10 combat humans N' with N from 1 to 10, "
			    "got 'd10 combat humans 11'");
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 4:"));
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 5:"));
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 6:"));
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), -1);
	assert_string_equal(err, "line 7: expected 'd10 combat humans N' with N from 1 to 10, "
			    "got 'd10 combat humans'");
	assert_int_equal(face, -5);
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 10);
	draw_queue_release(&q);
}

static void test_draw_queue_label_words_must_be_whole(void **state)
{
	struct draw_queue q;
	struct draw_source src;
	char err[256] = "";
	int face = 0;

	(void)state;
	queue_from(&q, "energy Minx 3\nenergy Min 4\n");
	src = draw_queue_source(&q, NULL);
	/* "energy Minx 3" does not serve "energy Min". */
	assert_int_equal(draw_die(&src, "open", "energy Min", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 4);
	assert_int_equal(q.l[0].used, 0);
	assert_int_equal(draw_die(&src, "open", "energy Min", 6, &face, err, sizeof(err)), -1);
	assert_string_equal(err, "no draw left for 'energy Min' (add a line 'energy Min N')");
	draw_queue_release(&q);

	queue_from(&q, "energy Min 3\nenergy Minx 5\n");
	src = draw_queue_source(&q, NULL);
	/* Nor does "energy Min 3" serve "energy Minx" (the value is not part of the name). */
	assert_int_equal(draw_die(&src, "open", "energy Minx", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 5);
	assert_int_equal(q.l[0].used, 0);
	/* Nor "energy" alone a longer line's prefix word. */
	assert_int_equal(draw_die(&src, "open", "energ", 6, &face, err, sizeof(err)), -1);
	assert_int_equal(draw_queue_unused(&q), 1);
	draw_queue_release(&q);
}

static void test_draw_queue_shuffle_puts_listed_on_top(void **state)
{
	static const char *const ids[4] = { "A", "B", "C", "D" };
	struct draw_queue q;
	struct draw_source src;
	char err[256] = "";
	size_t perm[4];

	(void)state;
	queue_from(&q, "shuffle humans C A\nshuffle humans\nSHUFFLE Humans d c b a\n");
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_shuffle(&src, "open", "shuffle humans", ids, 4, perm, err, sizeof(err)), 0);
	assert_int_equal(perm[0], 2);
	assert_int_equal(perm[1], 0);
	assert_int_equal(perm[2], 1);
	assert_int_equal(perm[3], 3);
	/* None listed keeps the order. */
	assert_int_equal(draw_shuffle(&src, "open", "shuffle humans", ids, 4, perm, err, sizeof(err)), 0);
	assert_int_equal(perm[0], 0);
	assert_int_equal(perm[1], 1);
	assert_int_equal(perm[2], 2);
	assert_int_equal(perm[3], 3);
	/* Ids match in any case; all listed reverses. */
	assert_int_equal(draw_shuffle(&src, "open", "shuffle humans", ids, 4, perm, err, sizeof(err)), 0);
	assert_int_equal(perm[0], 3);
	assert_int_equal(perm[1], 2);
	assert_int_equal(perm[2], 1);
	assert_int_equal(perm[3], 0);
	assert_int_equal(draw_shuffle(&src, "open", "shuffle humans", ids, 4, perm, err, sizeof(err)), -1);
	assert_string_equal(err, "no draw left for 'shuffle humans' (add a line 'shuffle humans')");
	assert_int_equal(draw_queue_unused(&q), 0);
	draw_queue_release(&q);
}

static void test_draw_queue_shuffle_bad_ids(void **state)
{
	static const char *const ids[4] = { "A", "B", "C", "D" };
	struct draw_queue q;
	struct draw_source src;
	char err[256] = "";
	size_t perm[4];

	(void)state;
	queue_from(&q, "shuffle humans C X\nshuffle humans A C a\n");
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_shuffle(&src, "open", "shuffle humans", ids, 4, perm, err, sizeof(err)), -1);
	assert_string_equal(err, "line 1: 'X' is not in the pile being shuffled");
	assert_int_equal(draw_shuffle(&src, "open", "shuffle humans", ids, 4, perm, err, sizeof(err)), -1);
	assert_string_equal(err, "line 2: 'a' is listed twice");
	draw_queue_release(&q);
}

static void test_draw_queue_pick(void **state)
{
	static const char *const ids[3] = { "H01", "K", "Z9" };
	struct draw_queue q;
	struct draw_source src;
	char err[256] = "";
	size_t idx = 99;

	(void)state;
	queue_from(&q, "init ann K\ninit ann z9\ninit ann Q\ninit ann H01 K\ninit ann H\n"
		   "init ann H012\n");
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 3, &idx, err, sizeof(err)), 0);
	assert_int_equal(idx, 1);
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 3, &idx, err, sizeof(err)), 0);
	assert_int_equal(idx, 2);
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 3, &idx, err, sizeof(err)), -1);
	assert_string_equal(err, "line 3: expected 'init ann ITEM' naming one of the 3 items to pick "
			    "from, got 'init ann Q'");
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 3, &idx, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 4:"));
	/* An id must be named whole: neither a prefix nor a longer word serves. */
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 3, &idx, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 5:"));
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 3, &idx, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "line 6:"));
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 3, &idx, err, sizeof(err)), -1);
	assert_string_equal(err, "no draw left for 'init ann' (add a line 'init ann ITEM')");
	assert_int_equal(idx, 2);
	draw_queue_release(&q);
}

static void test_draw_queue_line_too_long(void **state)
{
	struct draw_queue q;
	char err[256] = "", *text;
	size_t len;

	(void)state;
	/* "d6 x " + digits: exactly DRAW_LINE_MAX - 1 characters is fine. */
	text = malloc(2 * DRAW_LINE_MAX + 64);
	assert_non_null(text);
	strcpy(text, "d6 x 1\n  d6 x ");
	len = strlen(text);
	memset(text + len, '1', DRAW_LINE_MAX - 1 - 5);
	text[len + DRAW_LINE_MAX - 1 - 5] = '\0';
	strcat(text, "   # comment\n");
	draw_queue_init(&q);
	assert_int_equal(draw_queue_parse(&q, text, "dice.txt", 0, err, sizeof(err)), 0);
	assert_int_equal(q.n, 2);
	assert_int_equal(strlen(q.l[1].text), DRAW_LINE_MAX - 1);
	draw_queue_release(&q);

	/* One more is refused, naming the file and line (with the offset). */
	strcpy(text, "d6 x 1\n  d6 x ");
	len = strlen(text);
	memset(text + len, '1', DRAW_LINE_MAX - 5);
	text[len + DRAW_LINE_MAX - 5] = '\0';
	strcat(text, "\n");
	draw_queue_init(&q);
	assert_int_equal(draw_queue_parse(&q, text, "dice.txt", 20, err, sizeof(err)), -1);
	assert_string_equal(err, "dice.txt:22: expected a draw line of at most 1023 characters");
	assert_non_null(strstr(err, "dice.txt:22:"));
	draw_queue_release(&q);
	free(text);
}

static void test_draw_queue_source_logs_draws(void **state)
{
	static const char *const ids[4] = { "A", "B", "C", "D" };
	static const char *const anns[2] = { "J", "K" };
	struct draw_queue q;
	struct draw_log log;
	struct draw_source src;
	char err[256] = "";
	size_t perm[4], idx;
	int face;

	(void)state;
	queue_from(&q, "D10 Combat HUMANS 7\nshuffle humans C A\ninit ann k\n");
	draw_log_init(&log);
	src = draw_queue_source(&q, &log);
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), 0);
	assert_int_equal(draw_shuffle(&src, "sealed/humans", "shuffle humans", ids, 4, perm, err,
				      sizeof(err)), 0);
	assert_int_equal(draw_pick(&src, "open/init", "init ann", anns, 2, &idx, err, sizeof(err)), 0);
	/* A failed draw logs nothing. */
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), -1);
	assert_int_equal(log.n, 3);
	/* The caller's label and the pile's ids, so the line replays as it is. */
	assert_string_equal(log.e[0].line, "d10 combat humans 7");
	assert_string_equal(log.e[0].stream, "open");
	assert_string_equal(log.e[1].line, "shuffle humans C A B D");
	assert_string_equal(log.e[1].stream, "sealed/humans");
	assert_string_equal(log.e[2].line, "init ann K");
	assert_string_equal(log.e[2].stream, "open/init");
	draw_queue_release(&q);

	/* And the log replays: a queue parsed from it gives the same draws. */
	{
		struct draw_queue r;
		struct draw_source rs;
		size_t i;
		char buf[256] = "";

		for (i = 0; i < log.n; i++) {
			strcat(buf, log.e[i].line);
			strcat(buf, "\n");
		}
		queue_from(&r, buf);
		rs = draw_queue_source(&r, NULL);
		assert_int_equal(draw_die(&rs, "open", "d10 combat humans", 10, &face, err, sizeof(err)), 0);
		assert_int_equal(face, 7);
		assert_int_equal(draw_shuffle(&rs, "open", "shuffle humans", ids, 4, perm, err,
					      sizeof(err)), 0);
		assert_int_equal(perm[0], 2);
		assert_int_equal(perm[1], 0);
		assert_int_equal(perm[2], 1);
		assert_int_equal(perm[3], 3);
		assert_int_equal(draw_pick(&rs, "open", "init ann", anns, 2, &idx, err, sizeof(err)), 0);
		assert_int_equal(idx, 1);
		assert_int_equal(draw_queue_unused(&r), 0);
		draw_queue_release(&r);
	}
	draw_log_release(&log);
}

static void test_draw_seeded_log_replays_through_queue(void **state)
{
	static const char *const ids[5] = { "A", "B", "C", "D", "E" };
	struct draw_seeded s;
	struct draw_log log;
	struct draw_source src, rs;
	struct draw_queue q;
	char err[256] = "", buf[1024] = "";
	size_t perm[5], rperm[5], idx, ridx, i;
	int f1, f2, r1, r2;

	(void)state;
	draw_log_init(&log);
	draw_seeded_init(&s, 2024, NULL, 1);
	src = draw_seeded_source(&s, &log);
	assert_int_equal(draw_die(&src, "open", "energy Minx", 6, &f1, err, sizeof(err)), 0);
	assert_int_equal(draw_shuffle(&src, "open/deck", "shuffle deck", ids, 5, perm, err,
				      sizeof(err)), 0);
	assert_int_equal(draw_die(&src, "open", "energy Locust", 6, &f2, err, sizeof(err)), 0);
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 5, &idx, err, sizeof(err)), 0);
	for (i = 0; i < log.n; i++) {
		strcat(buf, log.e[i].line);
		strcat(buf, "\n");
	}
	queue_from(&q, buf);
	rs = draw_queue_source(&q, NULL);
	/* Asked in another order: labels, not positions, decide. */
	assert_int_equal(draw_pick(&rs, "open", "init ann", ids, 5, &ridx, err, sizeof(err)), 0);
	assert_int_equal(draw_die(&rs, "open", "energy Locust", 6, &r2, err, sizeof(err)), 0);
	assert_int_equal(draw_shuffle(&rs, "open/deck", "shuffle deck", ids, 5, rperm, err,
				      sizeof(err)), 0);
	assert_int_equal(draw_die(&rs, "open", "energy Minx", 6, &r1, err, sizeof(err)), 0);
	assert_int_equal(r1, f1);
	assert_int_equal(r2, f2);
	assert_int_equal(ridx, idx);
	assert_memory_equal(rperm, perm, sizeof(perm));
	assert_int_equal(draw_queue_unused(&q), 0);
	draw_queue_release(&q);
	draw_log_release(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_draw_queue_parse_comments_and_blanks),
		cmocka_unit_test(test_draw_note_is_logged_and_skipped_on_input),
		cmocka_unit_test(test_draw_queue_parse_many_lines),
		cmocka_unit_test(test_draw_queue_dice_takes_a_whole_pool),
		cmocka_unit_test(test_draw_queue_die_matches_label_any_case),
		cmocka_unit_test(test_draw_queue_die_bad_face),
		cmocka_unit_test(test_draw_queue_label_words_must_be_whole),
		cmocka_unit_test(test_draw_queue_shuffle_puts_listed_on_top),
		cmocka_unit_test(test_draw_queue_shuffle_bad_ids),
		cmocka_unit_test(test_draw_queue_pick),
		cmocka_unit_test(test_draw_queue_line_too_long),
		cmocka_unit_test(test_draw_queue_source_logs_draws),
		cmocka_unit_test(test_draw_seeded_log_replays_through_queue),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
