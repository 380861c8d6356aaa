/*
 * Mustache engine: the official spec (testdata/mustache-spec under
 * $MXJUDGE_TESTDATA, default tests/data) plus focused cases for errors and
 * hostile templates.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "core/mustache.h"
#include "lib/strbuf.h"

/* Partials from a JSON object of name -> text, as the spec files give them. */
static char *json_partial_load(void *ctx, const char *name)
{
	json_t *v = json_object_get((json_t *)ctx, name);

	return json_is_string(v) ? strdup(json_string_value(v)) : NULL;
}

static int count_loads;

static char *counting_load(void *ctx, const char *name)
{
	count_loads++;
	return json_partial_load(ctx, name);
}

static void print_escaped(const char *label, const char *s)
{
	printf("    %s: \"", label);
	for (; *s; s++) {
		if (*s == '\n')
			printf("\\n");
		else if (*s == '\r')
			printf("\\r");
		else
			putchar(*s);
	}
	printf("\"\n");
}

/* Runs every case of the named spec files; returns how many passed and
 * sets *total. Failing cases are printed with template, expected and got. */
static int run_spec_files(const char *const *files, size_t nfiles, int *total)
{
	const char *data = getenv("MXJUDGE_TESTDATA");
	char path[4096];
	int passed = 0;
	size_t f;

	if (!data || !*data)
		data = "tests/data";
	*total = 0;
	for (f = 0; f < nfiles; f++) {
		json_error_t jerr;
		json_t *root, *tests, *tc;
		size_t i;

		snprintf(path, sizeof(path), "%s/mustache-spec/%s", data, files[f]);
		root = json_load_file(path, 0, &jerr);
		if (!root)
			fail_msg("cannot load %s: %s (line %d)", path, jerr.text, jerr.line);
		tests = json_object_get(root, "tests");
		if (!json_is_array(tests) || json_array_size(tests) == 0) {
			json_decref(root);
			fail_msg("%s: no \"tests\" array", path);
		}
		json_array_foreach(tests, i, tc) {
			const char *name = json_string_value(json_object_get(tc, "name"));
			const char *tmpl = json_string_value(json_object_get(tc, "template"));
			const char *expected = json_string_value(json_object_get(tc, "expected"));
			json_t *partials = json_object_get(tc, "partials");
			struct mustache_partials loader = { json_partial_load, partials };
			struct strbuf out = STRBUF_INIT;
			char err[256] = "";
			int rc;

			(*total)++;
			if (!name || !tmpl || !expected) {
				printf("  FAIL %s #%zu: malformed case\n", files[f], i);
				continue;
			}
			rc = mustache_render(tmpl, strlen(tmpl), json_object_get(tc, "data"),
					     partials ? &loader : NULL, &out, err, sizeof(err));
			if (rc == 0 && !strcmp(strbuf_str(&out), expected)) {
				passed++;
			} else {
				printf("  FAIL %s: %s\n", files[f], name);
				print_escaped("template", tmpl);
				print_escaped("expected", expected);
				if (rc == 0)
					print_escaped("got     ", strbuf_str(&out));
				else
					printf("    error: %s\n", err);
			}
			strbuf_release(&out);
		}
		json_decref(root);
	}
	return passed;
}

static void test_mustache_spec_core(void **state)
{
	static const char *const files[] = {
		"comments.json", "interpolation.json", "sections.json",
		"inverted.json", "partials.json",
	};
	int total, passed;

	(void)state;
	passed = run_spec_files(files, sizeof(files) / sizeof(files[0]), &total);
	printf("mustache spec: %d of %d cases passed\n", passed, total);
	assert_int_equal(passed, total);
}

static void test_mustache_spec_delimiters(void **state)
{
	static const char *const files[] = { "delimiters.json" };
	int total, passed;

	(void)state;
	passed = run_spec_files(files, 1, &total);
	printf("mustache spec (delimiters): %d of %d cases passed\n", passed, total);
	assert_int_equal(passed, total);
}

/* Renders tmpl with data given as JSON text; returns rc, output in out. */
static int render_json(const char *tmpl, const char *data, json_t *partials, struct strbuf *out,
		       char *err, size_t errlen)
{
	struct mustache_partials loader = { json_partial_load, partials };
	json_t *d = NULL;
	int rc;

	if (data) {
		d = json_loads(data, JSON_DECODE_ANY, NULL);
		assert_non_null(d);
	}
	rc = mustache_render(tmpl, strlen(tmpl), d, partials ? &loader : NULL, out, err, errlen);
	json_decref(d);
	return rc;
}

static void expect_render(const char *tmpl, const char *data, const char *want)
{
	struct strbuf out = STRBUF_INIT;
	char err[256] = "";

	if (render_json(tmpl, data, NULL, &out, err, sizeof(err)) != 0)
		fail_msg("render of \"%s\" failed: %s", tmpl, err);
	assert_string_equal(strbuf_str(&out), want);
	strbuf_release(&out);
}

static void expect_error(const char *tmpl, const char *want)
{
	struct strbuf out = STRBUF_INIT;
	char err[256] = "";

	assert_int_equal(mustache_check(tmpl, strlen(tmpl), err, sizeof(err)), -1);
	assert_string_equal(err, want);
	err[0] = '\0';
	assert_int_equal(mustache_render(tmpl, strlen(tmpl), NULL, NULL, &out, err, sizeof(err)), -1);
	assert_string_equal(err, want);
	assert_int_equal(out.len, 0);
	strbuf_release(&out);
}

static void test_mustache_unclosed_section_reports_line(void **state)
{
	(void)state;
	expect_error("a\nb\n{{#x}}\nbody\n", "line 3: section 'x' is not closed");
	expect_error("{{#a}}\n{{#b}}\n{{/b}}\n", "line 1: section 'a' is not closed");
}

static void test_mustache_mismatched_close_reports_both_lines(void **state)
{
	(void)state;
	expect_error("{{#a}}\n\n{{/b}}", "line 3: '/b' does not match section 'a' opened on line 1");
	expect_error("x\n{{/a}}", "line 2: '/a' closes no open section");
}

static void test_mustache_malformed_tags_are_errors(void **state)
{
	(void)state;
	expect_error("ok\n{{name", "line 2: tag is not closed (no '}}')");
	expect_error("{{{name}}", "line 1: tag is not closed (no '}}}')");
	expect_error("{{}}", "line 1: tag has no name");
	expect_error("{{#  }}", "line 1: tag has no name");
	expect_error("{{=<%>=}}", "line 1: bad set-delimiter tag (want {{=<open> <close>=}})");
	expect_error("{{=< % >=}}", "line 1: bad set-delimiter tag (want {{=<open> <close>=}})");
	expect_error("{{=a= b=}}", "line 1: bad set-delimiter tag (want {{=<open> <close>=}})");
	/* Multi-line tags still count their lines. */
	expect_error("{{!\n\n}}{{#s}}", "line 3: section 's' is not closed");
}

static void test_mustache_escaping(void **state)
{
	(void)state;
	expect_render("{{s}}|{{{s}}}|{{&s}}", "{\"s\": \"<a href=\\\"x\\\">&'</a>\"}",
		      "&lt;a href=&quot;x&quot;&gt;&amp;'&lt;/a&gt;|<a href=\"x\">&'</a>|<a href=\"x\">&'</a>");
	expect_render("{{#l}}{{.}}{{/l}}", "{\"l\": [\"<\", \">\"]}", "&lt;&gt;");
}

static void test_mustache_numbers_and_literals(void **state)
{
	(void)state;
	expect_render("{{a}} {{b}} {{c}} {{d}} {{e}} {{f}}",
		      "{\"a\": 85, \"b\": -3, \"c\": 1.5, \"d\": 1.210, \"e\": 0.1, \"f\": 1e300}",
		      "85 -3 1.5 1.21 0.1 1e+300");
	expect_render("[{{t}}][{{f}}][{{n}}][{{o}}][{{l}}][{{missing}}]",
		      "{\"t\": true, \"f\": false, \"n\": null, \"o\": {\"x\": 1}, \"l\": [1]}",
		      "[true][false][][][][]");
}

static void test_mustache_truthiness(void **state)
{
	(void)state;
	/* Falsey as in mustache.js: 0, 0.0, "", [], null, false, missing. */
	expect_render("{{#v}}T{{/v}}{{^v}}F{{/v}}", "{\"v\": 0}", "F");
	expect_render("{{#v}}T{{/v}}{{^v}}F{{/v}}", "{\"v\": 0.0}", "F");
	expect_render("{{#v}}T{{/v}}{{^v}}F{{/v}}", "{\"v\": \"\"}", "F");
	expect_render("{{#v}}T{{/v}}{{^v}}F{{/v}}", "{\"v\": []}", "F");
	expect_render("{{#v}}T{{/v}}{{^v}}F{{/v}}", "{\"v\": null}", "F");
	expect_render("{{#v}}T{{/v}}{{^v}}F{{/v}}", "{}", "F");
	expect_render("{{#v}}T{{/v}}{{^v}}F{{/v}}", "{\"v\": {}}", "T");
	expect_render("{{#v}}[{{.}}]{{/v}}", "{\"v\": 7}", "[7]");
	expect_render("{{#v}}[{{.}}]{{/v}}", "{\"v\": \"x\"}", "[x]");
}

static void test_mustache_missing_partial_renders_empty(void **state)
{
	json_t *partials = json_object();
	struct strbuf out = STRBUF_INIT;
	char err[256] = "";

	(void)state;
	assert_int_equal(render_json("[{{>nope}}]\n  {{>nope}}\n.", "{}", NULL, &out, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&out), "[]\n.");
	strbuf_reset(&out);
	assert_int_equal(render_json("[{{>nope}}]", "{}", partials, &out, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&out), "[]");
	strbuf_release(&out);
	json_decref(partials);
}

static void test_mustache_partial_loaded_once(void **state)
{
	json_t *partials = json_pack("{s:s}", "row", "<{{.}}>");
	struct mustache_partials loader = { counting_load, partials };
	json_t *data = json_pack("{s:[i,i,i]}", "l", 1, 2, 3);
	struct strbuf out = STRBUF_INIT;
	const char *tmpl = "{{#l}}{{>row}}{{>none}}{{/l}}";
	char err[256] = "";

	(void)state;
	count_loads = 0;
	assert_int_equal(mustache_render(tmpl, strlen(tmpl), data, &loader, &out, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&out), "<1><2><3>");
	assert_int_equal(count_loads, 2);
	strbuf_release(&out);
	json_decref(data);
	json_decref(partials);
}

static void test_mustache_recursive_partial_refused(void **state)
{
	json_t *partials = json_pack("{s:s}", "p", "x{{>p}}");
	struct strbuf out = STRBUF_INIT;
	char err[256] = "";

	(void)state;
	assert_int_equal(render_json("a\n{{>p}}", "{}", partials, &out, err, sizeof(err)), -1);
	assert_string_equal(err, "line 2: in partial 'p': ... in partial 'p': line 1: sections and partials nested deeper than 64");
	assert_int_equal(out.len, 0);
	strbuf_release(&out);
	json_decref(partials);
}

static void test_mustache_deep_sections_refused(void **state)
{
	struct strbuf tmpl = STRBUF_INIT, out = STRBUF_INIT;
	json_t *data = json_loads("{\"a\": {}}", 0, NULL);
	char err[256] = "";
	int i;

	(void)state;
	/* 64 nested sections are fine, 65 are not. */
	for (i = 0; i < 64; i++)
		strbuf_addstr(&tmpl, "{{#a}}");
	strbuf_addstr(&tmpl, "ok");
	for (i = 0; i < 64; i++)
		strbuf_addstr(&tmpl, "{{/a}}");
	assert_int_equal(mustache_render(tmpl.buf, tmpl.len, data, NULL, &out, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&out), "ok");
	strbuf_reset(&tmpl);
	for (i = 0; i < 65; i++)
		strbuf_addstr(&tmpl, "{{#a}}\n");
	assert_int_equal(mustache_check(tmpl.buf, tmpl.len, err, sizeof(err)), -1);
	assert_string_equal(err, "line 65: sections nested deeper than 64");
	strbuf_release(&tmpl);
	strbuf_release(&out);
	json_decref(data);
}

/* Sections inside partials count toward the same depth as the partials. */
static void test_mustache_section_in_recursive_partial_refused(void **state)
{
	json_t *partials = json_pack("{s:s}", "p", "{{#a}}\n{{>p}}\n{{/a}}");
	struct strbuf out = STRBUF_INIT;
	char err[256] = "";

	(void)state;
	assert_int_equal(render_json("{{>p}}", "{\"a\": true}", partials, &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "nested deeper than 64"));
	assert_non_null(strstr(err, "line 1: in partial 'p':"));
	strbuf_release(&out);
	json_decref(partials);
}

/* Ten partials each including the next ten times: 10^10 renders if unbounded. */
static void test_mustache_exponential_partials_bounded(void **state)
{
	json_t *partials = json_object();
	struct mustache_partials loader = { json_partial_load, partials };
	struct mustache_limits lim = { 0, 100000 };
	struct strbuf out = STRBUF_INIT;
	char err[256] = "", name[2] = "a", body[128];
	int i, k;

	(void)state;
	for (i = 0; i < 10; i++) {
		body[0] = '\0';
		for (k = 0; k < 10; k++)
			snprintf(body + strlen(body), sizeof(body) - strlen(body), "{{>%c}}", 'a' + i + 1);
		name[0] = (char)('a' + i);
		json_object_set_new(partials, name, json_string(body));
	}
	assert_int_equal(mustache_render_limits("{{>a}}", 6, NULL, &loader, &lim, &out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "needs more than 100000 steps"));
	strbuf_release(&out);
	json_decref(partials);
}

static void test_mustache_output_limit(void **state)
{
	json_t *data = json_pack("{s:[i,i,i,i,i,i,i,i,i,i]}", "l", 0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
	struct mustache_limits lim = { 1000, 0 };
	struct strbuf out = STRBUF_INIT;
	const char *tmpl = "{{#l}}{{#l}}{{#l}}0123456789{{/l}}{{/l}}{{/l}}";
	char err[256] = "";

	(void)state;
	strbuf_addstr(&out, "keep");
	assert_int_equal(mustache_render_limits(tmpl, strlen(tmpl), data, NULL, &lim, &out, err, sizeof(err)), -1);
	assert_string_equal(err, "line 1: output larger than 1000 bytes");
	/* A failed render leaves what was already in out. */
	assert_string_equal(strbuf_str(&out), "keep");
	lim.max_output = 10000;
	assert_int_equal(mustache_render_limits(tmpl, strlen(tmpl), data, NULL, &lim, &out, err, sizeof(err)), 0);
	assert_int_equal(out.len, 4 + 10000);
	strbuf_release(&out);
	json_decref(data);
}

static void test_mustache_partial_parse_error_names_partial(void **state)
{
	json_t *partials = json_pack("{s:s, s:s}", "outer", "x\n{{>inner}}", "inner", "\n{{#s}}");
	struct strbuf out = STRBUF_INIT;
	char err[256] = "";

	(void)state;
	assert_int_equal(render_json("{{>inner}}", "{}", partials, &out, err, sizeof(err)), -1);
	assert_string_equal(err, "line 1: in partial 'inner': line 2: section 's' is not closed");
	assert_int_equal(render_json("\n\n{{>outer}}", "{}", partials, &out, err, sizeof(err)), -1);
	assert_string_equal(err, "line 3: in partial 'outer': in partial 'inner': line 2: section 's' is not closed");
	strbuf_release(&out);
	json_decref(partials);
}

static void test_mustache_crlf_standalone_and_indent(void **state)
{
	json_t *partials = json_pack("{s:s}", "p", "a\r\nb\r\n");
	struct strbuf out = STRBUF_INIT;
	char err[256] = "";

	(void)state;
	expect_render("x\r\n  {{#s}}\r\ny\r\n{{/s}}\r\nz", "{\"s\": true}", "x\r\ny\r\nz");
	assert_int_equal(render_json("  {{>p}}\r\n|", "{}", partials, &out, err, sizeof(err)), 0);
	assert_string_equal(strbuf_str(&out), "  a\r\n  b\r\n|");
	strbuf_release(&out);
	json_decref(partials);
}

static void test_mustache_dotted_names(void **state)
{
	(void)state;
	expect_render("{{a.b.c}}|{{#a}}{{b.c}}{{/a}}|{{a.x.c}}|{{a.b.c.d}}",
		      "{\"a\": {\"b\": {\"c\": \"deep\"}}, \"x\": {\"c\": \"no\"}}", "deep|deep||");
}

/* Truncated and odd input: errors or output, never a crash (ASan/valgrind). */
static void test_mustache_hostile_input(void **state)
{
	static const char *const cases[] = {
		"{", "{{", "{{{", "{{{}", "{{=", "{{==}}", "{{= =}}", "{{=| |=}}|", "{{=| |=}}|x",
		"{{!", "{{#", "{{/", "{{>", "{{&", "}}", "{{#a}}{{/a", "{{=a b=}}a", "\r", "\r\n{{#a}}\r",
		"  {{>p}}", "{{#a}}{{^a}}{{/a}}{{/a}}", "{{=\n[\n]\n=}}[#a]\n[/a]\n",
	};
	static const char nul_tmpl[] = "a\0{{#x\0}}{{/x\0}}{{>p\0q}}b";
	json_t *partials = json_pack("{s:s}", "p", "{{");
	struct mustache_partials loader = { json_partial_load, partials };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf out = STRBUF_INIT;
		char err[64];
		int rc = mustache_render(cases[i], strlen(cases[i]), NULL, &loader, &out, err, sizeof(err));

		assert_true(rc == 0 || rc == -1);
		if (rc < 0)
			assert_true(strlen(err) > 0 && strlen(err) < sizeof(err));
		strbuf_release(&out);
	}
	{
		struct strbuf out = STRBUF_INIT;
		char err[64] = "";

		assert_int_equal(mustache_render(nul_tmpl, sizeof(nul_tmpl) - 1, NULL, &loader, &out, err, sizeof(err)), 0);
		assert_int_equal(out.len, 3);
		assert_memory_equal(out.buf, "a\0b", 3);
		strbuf_release(&out);
	}
	{
		/* A tiny err buffer truncates rather than overflows. */
		char err[8];

		assert_int_equal(mustache_check("{{#abc}}", 8, err, sizeof(err)), -1);
		assert_string_equal(err, "line 1:");
		assert_int_equal(mustache_check("{{#abc}}", 8, NULL, 0), -1);
	}
	json_decref(partials);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mustache_spec_core),
		cmocka_unit_test(test_mustache_spec_delimiters),
		cmocka_unit_test(test_mustache_unclosed_section_reports_line),
		cmocka_unit_test(test_mustache_mismatched_close_reports_both_lines),
		cmocka_unit_test(test_mustache_malformed_tags_are_errors),
		cmocka_unit_test(test_mustache_escaping),
		cmocka_unit_test(test_mustache_numbers_and_literals),
		cmocka_unit_test(test_mustache_truthiness),
		cmocka_unit_test(test_mustache_missing_partial_renders_empty),
		cmocka_unit_test(test_mustache_partial_loaded_once),
		cmocka_unit_test(test_mustache_recursive_partial_refused),
		cmocka_unit_test(test_mustache_deep_sections_refused),
		cmocka_unit_test(test_mustache_section_in_recursive_partial_refused),
		cmocka_unit_test(test_mustache_exponential_partials_bounded),
		cmocka_unit_test(test_mustache_output_limit),
		cmocka_unit_test(test_mustache_partial_parse_error_names_partial),
		cmocka_unit_test(test_mustache_crlf_standalone_and_indent),
		cmocka_unit_test(test_mustache_dotted_names),
		cmocka_unit_test(test_mustache_hostile_input),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
