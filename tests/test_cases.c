/*
 * cases: Hovercrafts' case files (core/hovercrafts/cases.h). A file of many cases is
 * read in linear time and memory: each case's orders and dice keep only
 * their own lines (not blank lines for the whole file before them), and
 * still report the file's line numbers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hovercrafts/cases.h"

#define CASE_LINES 15
static const char one_case[] =
	"case  wall-bump-%d\n"
	"ruling 5 wall\n"
	"board 3x1\n"
	"wall C1\n"
	"ship A zion B1 E\n"
	"ship b machines A1 W\n"
	"orders\n"
	"  SHIP A\n"
	"  %s\n"
	"dice\n"
	"  energy A 6\n"
	"  energy b 1\n"
	"expect\n"
	"  ship A B1 E damage=1 actions=4\n"
	"  unused 0\n";

static char *many_cases(int n, const char *last_action)
{
	size_t cap = (size_t)n * (sizeof(one_case) + 32), len = 0;
	char *text = malloc(cap);
	int i;

	assert_non_null(text);
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, cap - len, one_case, i,
					i == n - 1 ? last_action : "MOVE");
	return text;
}

static void test_cases_sections_keep_only_their_lines(void **unused)
{
	struct case_file cf;
	char err[256], *text = many_cases(2000, "MOVE");
	const struct case_turn *t;

	(void)unused;
	assert_int_equal(case_file_parse(&cf, text, "many.case", err, sizeof(err)), 0);
	assert_int_equal(cf.n, 2000);
	t = &cf.cases[1999].turns[0];
	/* Before, the last case's orders carried ~30,000 blank lines. */
	assert_string_equal(t->orders, "SHIP A\nMOVE\n");
	assert_string_equal(t->dice, "energy A 6\nenergy b 1\n");
	assert_int_equal(t->orders_base, 1999 * CASE_LINES + 7);
	assert_int_equal(t->dice_base, 1999 * CASE_LINES + 10);
	case_file_release(&cf);
	free(text);
}

static void test_cases_errors_name_the_file_line(void **unused)
{
	struct case_file cf;
	struct strbuf report = STRBUF_INIT;
	char err[256], want[128], *text = many_cases(300, "JUMP");

	(void)unused;
	assert_int_equal(case_file_parse(&cf, text, "many.case", err, sizeof(err)), 0);
	assert_int_equal(case_run(&cf.cases[299], "many.case", &report), 0);
	snprintf(want, sizeof(want), "many.case:%d:", 299 * CASE_LINES + 9);
	assert_non_null(strstr(strbuf_str(&report), want));
	assert_int_equal(case_run(&cf.cases[0], "many.case", &report), 1);
	strbuf_release(&report);
	case_file_release(&cf);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases_sections_keep_only_their_lines),
		cmocka_unit_test(test_cases_errors_name_the_file_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
