/* cmd/util.c: the glue every command shares; here, what an error says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"

/* What cmd_error() writes to stderr, as text (buf holds len bytes). */
static void said(const char *msg, char *buf, size_t len)
{
	FILE *f = tmpfile();
	int saved = dup(STDERR_FILENO);
	size_t n;

	assert_non_null(f);
	assert_true(saved >= 0);
	fflush(stderr);
	assert_true(dup2(fileno(f), STDERR_FILENO) >= 0);
	cmd_error("%s", msg);
	fflush(stderr);
	assert_true(dup2(saved, STDERR_FILENO) >= 0);
	close(saved);
	rewind(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

static void test_cmdutil_error_is_never_empty(void **state)
{
	char buf[512];

	(void)state;
	/* `tick` and `process` printed only "mxjudge: " for a code without a message. */
	said("", buf, sizeof(buf));
	assert_string_equal(buf, "mxjudge: failed without saying why (a bug: please report the "
			    "command that did it)\n");
	said(" \n", buf, sizeof(buf));
	assert_non_null(strstr(buf, "failed without saying why"));
	said("no campaign named 'x'", buf, sizeof(buf));
	assert_string_equal(buf, "mxjudge: no campaign named 'x'\n");
}

static void test_cmdutil_no_database_names_the_way(void **state)
{
	FILE *f = tmpfile();
	int saved = dup(STDERR_FILENO);
	char buf[1024];
	size_t n;

	(void)state;
	assert_non_null(f);
	fflush(stderr);
	dup2(fileno(f), STDERR_FILENO);
	cmd_no_database("/srv/judge.db", 1);
	cmd_no_database("/srv/judge.db", 0);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	assert_non_null(strstr(buf, "mxjudge: no database at /srv/judge.db: the mail was not taken "
				    "and stays with the mail system, which retries;"));
	assert_non_null(strstr(buf, "mxjudge: no database at /srv/judge.db: name the judge's "
				    "database with --db PATH or MXJUDGE_DB"));
}

/*
 * The one option form: flags set to 1, values to the last given, optind at
 * the operand; an option not in the table is refused (-1), as is a value
 * missing after its option.
 */
static void test_cmdutil_options_table(void **state)
{
	char a0[] = "join", a1[] = "g", a2[] = "--seat", a3[] = "Minx", a4[] = "--json",
	     a5[] = "--seat=Locust";
	char *argv[] = { a0, a1, a2, a3, a4, a5, NULL };
	char b0[] = "join", b1[] = "--bogus", b2[] = "g";
	char *bad[] = { b0, b1, b2, NULL };
	char c0[] = "join", c1[] = "g", c2[] = "--seat";
	char *missing[] = { c0, c1, c2, NULL };
	const char *seat = NULL;
	int json = 0, err, nul;
	const struct cmd_opt opts[] = {
		CMD_VALUE("seat", &seat),
		CMD_FLAG("json", &json),
		CMD_END
	};

	(void)state;
	optind = 0;
	assert_int_equal(cmd_options(6, argv, opts), 0);
	assert_string_equal(seat, "Locust");
	assert_int_equal(json, 1);
	assert_int_equal(optind, 5);	/* getopt_long moved the operand after the options */
	assert_string_equal(argv[optind], "g");
	assert_string_equal(cmd_operand(6, argv), "g");

	/* getopt_long says what is wrong on stderr: keep it out of the test's output. */
	err = dup(STDERR_FILENO);
	nul = open("/dev/null", O_WRONLY);
	assert_true(err >= 0 && nul >= 0);
	fflush(stderr);
	assert_true(dup2(nul, STDERR_FILENO) >= 0);
	optind = 0;
	json = 0;
	assert_int_equal(cmd_options(3, bad, opts), -1);
	optind = 0;
	assert_int_equal(cmd_options(3, missing, opts), -1);
	assert_int_equal(json, 0);
	fflush(stderr);
	assert_true(dup2(err, STDERR_FILENO) >= 0);
	close(err);
	close(nul);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cmdutil_error_is_never_empty),
		cmocka_unit_test(test_cmdutil_no_database_names_the_way),
		cmocka_unit_test(test_cmdutil_options_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
