/*
 * wrap: every line of a mail within 80 columns (lib/wrap.h).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "lib/wrap.h"

static const char *wrapped(const char *in, size_t width, struct strbuf *sb)
{
	strbuf_reset(sb);
	wrap_text(in, width, sb);
	return strbuf_str(sb);
}

/* A list under its label wraps at its commas' blanks, continued two deeper. */
static void test_wrap_list_continues_under_its_label(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_string_equal(wrapped("  Hand (3): H01 Morpheus, H02 Trinity, H03 Neo\nnext\n", 30, &sb),
			    "  Hand (3): H01 Morpheus, H02\n"
			    "    Trinity, H03 Neo\n"
			    "next\n");
	strbuf_release(&sb);
}

/* Short lines, maps with their blanks, and a text without newline stay as they are. */
static void test_wrap_short_lines_untouched(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	const char *map = "   / \\ / \\\n1 |   |###| 1\n  trailing  ";

	(void)state;
	assert_string_equal(wrapped(map, 80, &sb), map);
	assert_string_equal(wrapped("", 80, &sb), "");
	strbuf_release(&sb);
}

/* Lines of exactly the width stay whole; one byte more breaks, even after short lines. */
static void test_wrap_width_boundary(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_string_equal(wrapped("ab cd\nef gh\n", 5, &sb), "ab cd\nef gh\n");
	assert_string_equal(wrapped("ab\nab cde\nx", 5, &sb), "ab\nab\ncde\nx");
	assert_string_equal(wrapped("ab cde", 5, &sb), "ab\ncde");
	/* Six bytes, five columns: within the width. */
	assert_string_equal(wrapped("ab c\xc3\xa9", 5, &sb), "ab c\xc3\xa9");
	strbuf_release(&sb);
}

/* Comment and quote marks are repeated, so a wrapped comment stays one. */
static void test_wrap_keeps_marks(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_string_equal(wrapped("; one two three four\n> > aa bb cc dd", 12, &sb),
			    "; one two\n;   three\n;   four\n> > aa bb cc\n> >   dd");
	strbuf_release(&sb);
}

/* A word longer than the room stays whole; columns count code points. */
static void test_wrap_long_word_and_utf8(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_string_equal(wrapped(" seal: 0123456789abcdef tail", 10, &sb),
			    " seal:\n   0123456789abcdef\n   tail");
	/* A command broken before its pipe still pastes into a shell. */
	assert_string_equal(wrapped("Check it:  printf 'abcdefgh' | sha256sum", 30, &sb),
			    "Check it:  printf 'abcdefgh' \\\n| sha256sum");
	/* Prose goes on flush left. */
	assert_string_equal(wrapped("one two three", 8, &sb), "one two\nthree");
	/* "é" is one column: "café café" is 9 columns, within 9. */
	assert_string_equal(wrapped("caf\xc3\xa9 caf\xc3\xa9", 9, &sb), "caf\xc3\xa9 caf\xc3\xa9");
	assert_int_equal(wrap_columns("caf\xc3\xa9", 5), 4);
	assert_string_equal(wrapped("nospacesatallhere", 5, &sb), "nospacesatallhere");
	strbuf_release(&sb);
}

/* Every line of a long line wrapped at 80 is within 80. */
static void test_wrap_every_line_within(void **state)
{
	struct strbuf in = STRBUF_INIT, sb = STRBUF_INIT;
	const char *p, *nl;
	int i;

	(void)state;
	strbuf_addstr(&in, "  Deck (40, sorted by id): ");
	for (i = 0; i < 40; i++)
		strbuf_addf(&in, "H%02d Card Number %d, ", i, i);
	wrapped(strbuf_str(&in), WRAP_WIDTH, &sb);
	for (p = strbuf_str(&sb); *p; p = nl + 1) {
		nl = strchr(p, '\n');
		assert_true(wrap_columns(p, nl ? (size_t)(nl - p) : strlen(p)) <= WRAP_WIDTH);
		if (!nl)
			break;
	}
	assert_non_null(strstr(strbuf_str(&sb), "\n    H"));
	strbuf_release(&in);
	strbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wrap_list_continues_under_its_label),
		cmocka_unit_test(test_wrap_short_lines_untouched),
		cmocka_unit_test(test_wrap_width_boundary),
		cmocka_unit_test(test_wrap_keeps_marks),
		cmocka_unit_test(test_wrap_long_word_and_utf8),
		cmocka_unit_test(test_wrap_every_line_within),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
