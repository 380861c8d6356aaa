/*
 * Unit tests of judge/templates.h: the search path and rendering.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "judge/templates.h"
#include "lib/strbuf.h"

/* A template found nowhere names every directory looked in, in order. */
static void test_templates_not_found_names_every_directory(void **state)
{
	struct strbuf out = STRBUF_INIT;
	json_t *data = json_object();
	char err[1024];
	const char *tail;

	(void)state;
	assert_int_equal(setenv("MXJUDGE_TEMPLATES", "/nonexistent/env", 1), 0);
	assert_int_equal(templates_render_game(NULL, "no-such-template", "/nonexistent/own", data,
					       &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "template no-such-template.mustache not found (looked in "
				    "/nonexistent/own, /nonexistent/env, "));
	/* Then the checkout's, the installed and the relocated share directories. */
	assert_non_null(strstr(err, "/tests/../templates, "));
	tail = strstr(err, " and ");
	assert_non_null(tail);
	assert_non_null(strstr(tail, "/share/mxjudge/templates)"));
	assert_int_equal(templates_render_game("netrun", "no-such-template", NULL, data, &out, err,
					       sizeof(err)), -1);
	assert_non_null(strstr(err, "template netrun/no-such-template.mustache (or "
				    "no-such-template.mustache) not found (looked in /nonexistent/env, "));
	unsetenv("MXJUDGE_TEMPLATES");
	json_decref(data);
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_templates_not_found_names_every_directory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
