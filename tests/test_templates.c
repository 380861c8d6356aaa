/*
 * Unit tests of judge/templates.h: the search path and rendering.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static void put(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void gone(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(unlink(path), 0);
}

/*
 * A template and its partials are read once a process, by directory and
 * name (a turn renders the same five for every mail): the same directory
 * renders as read at first, another directory its own.
 */
static void test_templates_read_once_per_directory(void **state)
{
	char a[] = "/tmp/mxjudge-templates-a.XXXXXX", b[] = "/tmp/mxjudge-templates-b.XXXXXX";
	struct strbuf out = STRBUF_INIT;
	json_t *data = json_pack("{s:i}", "x", 1);
	char err[1024];

	(void)state;
	assert_non_null(mkdtemp(a));
	assert_non_null(mkdtemp(b));
	put(a, "t.mustache", "A {{x}}{{> p}}");
	put(a, "p.mustache", "!");
	put(b, "t.mustache", "B {{x}}");
	assert_int_equal(templates_render("t", a, data, &out, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&out), "A 1!");
	strbuf_reset(&out);
	assert_int_equal(templates_render("t", b, data, &out, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&out), "B 1");
	/* Gone from the disk, still rendered as this process read it. */
	gone(a, "t.mustache");
	gone(a, "p.mustache");
	strbuf_reset(&out);
	assert_int_equal(templates_render("t", a, data, &out, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&out), "A 1!");
	gone(b, "t.mustache");
	assert_int_equal(rmdir(a), 0);
	assert_int_equal(rmdir(b), 0);
	json_decref(data);
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_templates_not_found_names_every_directory),
		cmocka_unit_test(test_templates_read_once_per_directory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
