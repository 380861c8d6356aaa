/*
 * gamecase: the case files of any game (core/gamecase.h), run here over
 * the test-only toy game: a case that holds, expectations that fail with
 * their line, a refused turn, the draws taken, and files that are not
 * cases at all.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "core/gamecase.h"
#include "toy_ruleset.h"

/* Two hands, an empty deck: each plays, rolls, and nobody draws. */
#define TOY_STATE \
	"state\n" \
	"  {\"game\": \"toy\", \"turn\": 1, \"seats\": [\"north1\", \"south2\"],\n" \
	"   \"scores\": {\"north1\": 0, \"south2\": 0},\n" \
	"   \"private\": {\"north1\": {\"hand\": [\"C4\", \"C9\"]}, \"south2\": {\"hand\": [\"C2\"]}},\n" \
	"   \"secret\": {\"deck\": []}, \"winner\": null}\n"

static void test_gamecase_passes_and_counts(void **unused)
{
	const char *text =
		"game toy\n"
		"# the toy's one rule\n"
		"case higher-total-scores\n"
		"ruling R1 card plus d10\n"
		TOY_STATE
		"orders north1\n"
		"  PLAY C4\n"
		"orders south2\n"
		"  PLAY C2\n"
		"draws\n"
		"  d10 north1 7\n"
		"  d10 south2 3\n"
		"expect\n"
		"  state.scores.north1 1\n"
		"  state.scores.south2 0\n"
		"  state.private.north1.hand [\"C9\"]\n"
		"  events.0.card \"C4\"\n"
		"  taken d10 north1 7, d10 south2 3\n"
		"  unused 0\n"
		"  says north1 plays C4 and rolls 7.\n"
		"next\n"
		"draws\n"
		"  d10 north1 1\n"
		"expect\n"
		"  error no card to play\n";
	struct strbuf report = STRBUF_INIT;
	char err[256];
	int passed, failed;

	(void)unused;
	assert_int_equal(gamecase_run(text, "t.case", 1, &report, &passed, &failed, err, sizeof(err)), 0);
	assert_int_equal(passed, 1);
	assert_int_equal(failed, 0);
	assert_string_equal(strbuf_str(&report), "  ok   higher-total-scores (R1 card plus d10)\n");
	strbuf_release(&report);
}

static void test_gamecase_failures_name_their_line(void **unused)
{
	const char *text =
		"game toy\n"
		"case wrong\n"
		TOY_STATE
		"orders north1\n"
		"  PLAY C4\n"
		"draws\n"
		"  d10 north1 7\n"
		"  d10 south2 3\n"
		"  d10 south2 5\n"
		"expect\n"
		"  state.scores.north1 0\n"
		"  taken d10 north1 3\n"
		"  unused 0\n"
		"case bad-card\n"
		TOY_STATE
		"orders north1\n"
		"  PLAY C2\n"
		"expect\n"
		"  state.turn 2\n";
	struct strbuf report = STRBUF_INIT;
	char err[256];
	int passed, failed;

	(void)unused;
	assert_int_equal(gamecase_run(text, "t.case", 0, &report, &passed, &failed, err, sizeof(err)), 0);
	assert_int_equal(passed, 0);
	assert_int_equal(failed, 2);
	assert_string_equal(strbuf_str(&report),
		"  t.case:15: case wrong: expected state.scores.north1 = 0, got 1\n"
		"  t.case:16: case wrong: expected the draws taken 'd10 north1 3', got 'd10 north1 7, d10 south2 3'\n"
		"  t.case:17: case wrong: expected 0 draw lines unused, got 1\n"
		"  t.case:18: case bad-card: the turn was refused: t.case:25: expected 'PLAY CARD' with a card of north1's hand\n");
	strbuf_release(&report);
}

static void test_gamecase_refuses_what_is_not_a_case_file(void **unused)
{
	struct strbuf report = STRBUF_INIT;
	char err[256], game[32];
	int passed, failed;

	(void)unused;
	assert_int_equal(gamecase_run("case x\n", "a.case", 0, &report, &passed, &failed, err, sizeof(err)), -1);
	assert_string_equal(err, "a.case:1: expected a line 'game NAME' before the first case");
	assert_int_equal(gamecase_run("game chess\n", "b.case", 0, &report, &passed, &failed, err, sizeof(err)), -1);
	assert_string_equal(err, "b.case:1: no game of that name ('mxjudge games' lists them)");
	assert_int_equal(gamecase_run("game toy\ncase y\nwhen now\n", "c.case", 0, &report, &passed, &failed,
				      err, sizeof(err)), -1);
	assert_string_equal(err, "c.case:3: expected game, case, ruling, state, data, orders, draws, expect or next, got 'when'");
	assert_int_equal(gamecase_run("game toy\ncase z\nexpect\n  unused 0\n", "d.case", 0, &report, &passed,
				      &failed, err, sizeof(err)), -1);
	assert_string_equal(err, "d.case:2: case z has no state");
	assert_int_equal(gamecase_game("# cases\ngame toy\ncase a\n", game, sizeof(game)), 0);
	assert_string_equal(game, "toy");
	assert_int_equal(gamecase_game("case a\n", game, sizeof(game)), -1);
	strbuf_release(&report);
}

/*
 * One runner: a file is in a game's own case format when that game has a
 * cases hook (Hovercrafts: a board, ships, its dice) and the file names
 * it, or names no game; otherwise in the judge's format.
 */
static void test_gamecase_own_format_by_the_cases_hook(void **state)
{
	const struct ruleset *hover = ruleset_find("hovercrafts");
	json_t *list;
	char err[256];

	(void)state;
	assert_non_null(hover->cases);
	assert_null(toy_ruleset.cases);
	assert_ptr_equal(gamecase_own_format("case a\nruling 1 x\n"), hover);
	assert_ptr_equal(gamecase_own_format("# cases\ngame hovercrafts\ncase a\n"), hover);
	assert_null(gamecase_own_format("game toy\ncase a\n"));
	assert_null(gamecase_own_format("game HoverCrafts\ncase a\n"));
	/* Its dice syntax: the energy checks given, the case passes; one missing, it fails. */
	list = hover->cases("case a\nruling 1 x\nboard 3x1\nship Minx zion A1 E\n"
			    "ship Locust machines C1 W\norders\ndice\n  energy Minx 1\n"
			    "  energy Locust 1\nexpect\n  winner none\n"
			    "case b\nruling 1 y\nboard 3x1\nship Minx zion A1 E\n"
			    "ship Locust machines C1 W\norders\nexpect\n  winner none\n", "a.case", err,
			    sizeof(err));
	assert_non_null(list);
	assert_int_equal(json_array_size(list), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(list, 0), "name")), "a");
	assert_true(json_is_true(json_object_get(json_array_get(list, 0), "passed")));
	assert_false(json_is_true(json_object_get(json_array_get(list, 1), "passed")));
	assert_non_null(strstr(json_string_value(json_object_get(json_array_get(list, 1), "report")),
			       "a.case:17: unexpected error: no die left for the energy check of Minx"));
	json_decref(list);
	assert_null(hover->cases("case a\nboard\n", "b.case", err, sizeof(err)));
	assert_non_null(strstr(err, "b.case:"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gamecase_passes_and_counts),
		cmocka_unit_test(test_gamecase_failures_name_their_line),
		cmocka_unit_test(test_gamecase_refuses_what_is_not_a_case_file),
		cmocka_unit_test(test_gamecase_own_format_by_the_cases_hook),
	};

	if (ruleset_register(&toy_ruleset) < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
