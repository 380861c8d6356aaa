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

/* A check that keeps each value it reads, in order, and refuses "bad". */
static int keep(const struct cmd_opt *o, const char *value)
{
	char *seen = o->out;

	if (value && !strcmp(value, "bad"))
		return -1;
	strcat(seen, value ? value : "(flag)");
	strcat(seen, ",");
	return 0;
}

/* A check that stops the parsing at once, as --version does. */
static int stop(const struct cmd_opt *o, const char *value)
{
	(void)value;
	*(int *)o->out += 1;
	return 7;
}

/*
 * Checks run as each option is read, in the order given, so a bad value
 * stops the parsing where it stands (what follows is never read); a
 * check's positive code stops it too and is returned; a short form maps
 * to its entry; cmd_options_first stops at the first operand.
 */
static void test_cmdutil_options_check(void **state)
{
	char a0[] = "x", a1[] = "--pick", a2[] = "one", a3[] = "-o", a4[] = "out", a5[] = "--all",
	     a6[] = "--pick=two";
	char *argv[] = { a0, a1, a2, a3, a4, a5, a6, NULL };
	char b0[] = "x", b1[] = "--pick", b2[] = "bad", b3[] = "--pick", b4[] = "late";
	char *bad[] = { b0, b1, b2, b3, b4, NULL };
	char c0[] = "x", c1[] = "--stop", c2[] = "--pick", c3[] = "never";
	char *stopped[] = { c0, c1, c2, c3, NULL };
	char d0[] = "x", d1[] = "--all", d2[] = "cmd", d3[] = "--pick", d4[] = "theirs";
	char *first[] = { d0, d1, d2, d3, d4, NULL };
	char seen[128] = "";
	const char *out = NULL;
	int stops = 0;
	const struct cmd_opt opts[] = {
		CMD_CHECK("pick", keep, seen),
		CMD_VALUE_SHORT("output", 'o', &out),
		CMD_CHECK_FLAG("all", keep, seen),
		CMD_CHECK_FLAG("stop", stop, &stops),
		CMD_END
	};

	(void)state;
	optind = 0;
	assert_int_equal(cmd_options(7, argv, opts), 0);
	assert_string_equal(seen, "one,(flag),two,");
	assert_string_equal(out, "out");
	assert_int_equal(optind, 7);

	seen[0] = '\0';
	optind = 0;
	assert_int_equal(cmd_options(5, bad, opts), -1);
	assert_string_equal(seen, "");

	seen[0] = '\0';
	optind = 0;
	assert_int_equal(cmd_options(4, stopped, opts), 7);
	assert_int_equal(stops, 1);
	assert_string_equal(seen, "");

	seen[0] = '\0';
	optind = 0;
	assert_int_equal(cmd_options_first(5, first, opts), 0);
	assert_string_equal(seen, "(flag),");
	assert_int_equal(optind, 2);
	assert_string_equal(first[optind], "cmd");
}

/* The shared --turn check: a number from 0 into a long; anything else refused. */
static void test_cmdutil_options_turn(void **state)
{
	char a0[] = "x", a1[] = "--turn", a2[] = "12";
	char *argv[] = { a0, a1, a2, NULL };
	char b0[] = "x", b1[] = "--turn", b2[] = "-1";
	char *bad[] = { b0, b1, b2, NULL };
	long turn = -1;
	int err, nul;
	const struct cmd_opt opts[] = {
		CMD_CHECK("turn", cmd_opt_turn, &turn),
		CMD_END
	};

	(void)state;
	optind = 0;
	assert_int_equal(cmd_options(3, argv, opts), 0);
	assert_int_equal(turn, 12);
	err = dup(STDERR_FILENO);
	nul = open("/dev/null", O_WRONLY);
	assert_true(err >= 0 && nul >= 0);
	fflush(stderr);
	assert_true(dup2(nul, STDERR_FILENO) >= 0);
	optind = 0;
	assert_int_equal(cmd_options(3, bad, opts), -1);
	fflush(stderr);
	assert_true(dup2(err, STDERR_FILENO) >= 0);
	close(err);
	close(nul);
	assert_int_equal(turn, 12);
}

/* --seed: the whole 64-bit range, and one message for what is not a seed. */
static void test_cmdutil_options_seed(void **state)
{
	char a0[] = "x", a1[] = "--seed", a2[] = "18446744073709551615";
	char *argv[] = { a0, a1, a2, NULL };
	char b0[] = "x", b1[] = "--seed", b2[] = "-1";
	char *bad[] = { b0, b1, b2, NULL };
	uint64_t seed = 7;
	int err, nul;
	const struct cmd_opt opts[] = {
		CMD_CHECK("seed", cmd_opt_seed, &seed),
		CMD_END
	};

	(void)state;
	optind = 0;
	assert_int_equal(cmd_options(3, argv, opts), 0);
	assert_true(seed == UINT64_MAX);
	err = dup(STDERR_FILENO);
	nul = open("/dev/null", O_WRONLY);
	assert_true(err >= 0 && nul >= 0);
	fflush(stderr);
	assert_true(dup2(nul, STDERR_FILENO) >= 0);
	optind = 0;
	assert_int_equal(cmd_options(3, bad, opts), -1);
	fflush(stderr);
	assert_true(dup2(err, STDERR_FILENO) >= 0);
	close(err);
	close(nul);
	assert_true(seed == UINT64_MAX);
}

/* A check that keeps the name the option was typed under. */
static int typed(const struct cmd_opt *o, const char *value)
{
	(void)value;
	*(const char **)o->out = o->name;
	return 0;
}

/*
 * An alias (--ship for --seat) is one option to getopt: an abbreviation
 * of both is no ambiguity, while one of two options is refused; its check
 * is given the name typed. A list keeps each value up to its most.
 */
static void test_cmdutil_options_alias_and_list(void **state)
{
	char a0[] = "join", a1[] = "--ship", a2[] = "M", a3[] = "--d", a4[] = "a", a5[] = "--d",
	     a6[] = "b";
	char *argv[] = { a0, a1, a2, a3, a4, a5, a6, NULL };
	char b0[] = "join", b1[] = "--s", b2[] = "M";
	char *ambiguous[] = { b0, b1, b2, NULL };
	char c0[] = "join", c1[] = "--d", c2[] = "a", c3[] = "--d", c4[] = "b", c5[] = "--d",
	     c6[] = "c";
	char *full[] = { c0, c1, c2, c3, c4, c5, c6, NULL };
	char d0[] = "join", d1[] = "--sea", d2[] = "M";
	char *either[] = { d0, d1, d2, NULL };
	const char *seat = NULL, *side = NULL, *v[2];
	struct cmd_opt_list list = { v, 0, 2, "packs" };
	int err, nul;
	const struct cmd_opt opts[] = {
		CMD_CHECK("seat", typed, &seat),
		CMD_CHECK("side", typed, &side),
		CMD_CHECK_ALIAS("ship", typed, &seat),
		CMD_CHECK("data", cmd_opt_list, &list),
		CMD_CHECK_ALIAS("seats", typed, &seat),
		CMD_END
	};

	(void)state;
	optind = 0;
	assert_int_equal(cmd_options(7, argv, opts), 0);
	assert_string_equal(seat, "ship");
	assert_null(side);
	assert_int_equal(list.n, 2);
	assert_string_equal(v[0], "a");
	assert_string_equal(v[1], "b");
	/* --sea: --seat or its alias --seats, one option. */
	optind = 0;
	seat = NULL;
	assert_int_equal(cmd_options(3, either, opts), 0);
	assert_string_equal(seat, "seat");

	err = dup(STDERR_FILENO);
	nul = open("/dev/null", O_WRONLY);
	assert_true(err >= 0 && nul >= 0);
	fflush(stderr);
	assert_true(dup2(nul, STDERR_FILENO) >= 0);
	optind = 0;
	seat = NULL;
	assert_int_equal(cmd_options(3, ambiguous, opts), -1);	/* --seat or --side */
	assert_null(seat);
	optind = 0;
	list.n = 0;
	assert_int_equal(cmd_options(7, full, opts), -1);	/* a third: "at most 2 packs" */
	assert_int_equal(list.n, 2);
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
		cmocka_unit_test(test_cmdutil_options_check),
		cmocka_unit_test(test_cmdutil_options_turn),
		cmocka_unit_test(test_cmdutil_options_seed),
		cmocka_unit_test(test_cmdutil_options_alias_and_list),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
