/* cmd/util.c: the glue every command shares; here, what an error says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cmdutil_error_is_never_empty),
		cmocka_unit_test(test_cmdutil_no_database_names_the_way),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
