/* names: the shared check of names and addresses, and text scrubbing. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core/names.h"

static int ok(enum names_kind k, const char *s)
{
	char err[256];

	return names_check(k, s, "name", err, sizeof(err)) == 0;
}

static int email_ok(const char *s)
{
	char err[256];

	return names_check_email(s, "--email", err, sizeof(err)) == 0;
}

static void test_names_accepts_plain_names(void **state)
{
	(void)state;
	assert_true(ok(NAMES_CAMPAIGN, "tunnels"));
	assert_true(ok(NAMES_CAMPAIGN, "t-2_a.b"));
	assert_true(ok(NAMES_CAPTAIN, "Ann O'Neil"));
	assert_true(ok(NAMES_CAPTAIN, "Zo\xc3\xab"));	/* Zoë */
	assert_true(ok(NAMES_SHIP, "Nebuchadnezzar II"));
}

static void test_names_refuses_tricks(void **state)
{
	char err[256];

	(void)state;
	assert_false(ok(NAMES_CAMPAIGN, ""));
	assert_false(ok(NAMES_CAMPAIGN, "two words"));
	assert_false(ok(NAMES_CAMPAIGN, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"));	/* 32 */
	assert_false(ok(NAMES_CAPTAIN, "Ann\nBcc: x@y"));
	assert_false(ok(NAMES_CAPTAIN, "Ann\r"));
	assert_false(ok(NAMES_CAPTAIN, "\x1b[31mAnn"));
	assert_false(ok(NAMES_CAPTAIN, "Ann\x7f"));
	assert_false(ok(NAMES_CAPTAIN, "Ann\xc2\x9b"));		/* C1 CSI */
	assert_false(ok(NAMES_CAPTAIN, "Ann\xff"));		/* invalid UTF-8 */
	assert_false(ok(NAMES_CAPTAIN, "\xc0\xaf"));		/* overlong '/' */
	assert_false(ok(NAMES_CAPTAIN, "\xed\xa0\x80"));	/* a surrogate */
	assert_false(ok(NAMES_CAPTAIN, "Ann\xe2\x80\xae"));	/* RIGHT-TO-LEFT OVERRIDE */
	assert_false(ok(NAMES_CAPTAIN, " Ann"));
	assert_false(ok(NAMES_CAPTAIN, "Ann <ann@x.org>"));
	assert_false(ok(NAMES_SHIP, "Zo\xc3\xab"));		/* ships are ASCII */
	assert_false(ok(NAMES_SHIP, "Minx;DROP"));
	assert_int_equal(names_check(NAMES_CAPTAIN, "A\x1b]0;x\x07", "--captain", err,
				     sizeof(err)), -1);
	/* The message quotes the name harmlessly, on one line. */
	assert_null(strchr(err, '\x1b'));
	assert_null(strchr(err, '\n'));
	assert_non_null(strstr(err, "--captain 'A?]0;x?' holds a control character"));
}

static void test_names_email(void **state)
{
	(void)state;
	assert_true(email_ok("ann@example.org"));
	assert_true(email_ok("ann.o+hover@mail.example.org"));
	assert_true(email_ok("gm@localhost"));
	assert_false(email_ok("Ann <ann@example.org>"));
	assert_false(email_ok("ann@example.org, bob@example.org"));
	assert_false(email_ok("ann@example.org\r\nBcc: eve@example.org"));
	assert_false(email_ok("\"ann\"@example.org"));
	assert_false(email_ok("ann@@example.org"));
	assert_false(email_ok("ann@"));
	assert_false(email_ok("@example.org"));
	assert_false(email_ok("ann.@example.org"));
	assert_false(email_ok("ann@-example.org"));
	assert_false(email_ok("ann@example..org"));
	assert_false(email_ok("ann@[127.0.0.1]"));
	assert_false(email_ok("ann @example.org"));
	assert_false(email_ok("ann@ex\xc3\xa4mple.org"));
}

static void test_names_scrub(void **state)
{
	char buf[64], out[16];
	size_t n;

	(void)state;
	strcpy(buf, "a\x1b[2Jb\r\nc\td\xc2\x9b" "e\xff\x7f" "\xc3\xa9");
	n = names_scrub(buf, strlen(buf), 1);
	buf[n] = '\0';
	assert_string_equal(buf, "a?[2Jb\nc\td?e??\xc3\xa9");
	strcpy(buf, "one\ntwo\r");
	n = names_scrub(buf, strlen(buf), 0);
	buf[n] = '\0';
	assert_string_equal(buf, "one?two?");
	/* Plain text around the bytes scrubbed moves back by what was dropped. */
	strcpy(buf, "ok\r\nline\x01two\x7f\tend\r");
	n = names_scrub(buf, strlen(buf), 1);
	buf[n] = '\0';
	assert_string_equal(buf, "ok\nline?two?\tend?");
	strcpy(buf, "a\tb");
	n = names_scrub(buf, strlen(buf), 0);
	buf[n] = '\0';
	assert_string_equal(buf, "a?b");
	names_printable("abcdefghijklmnopqrstuvwxyz", out, sizeof(out));
	assert_string_equal(out, "abcdefghijkl...");
	names_printable("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", out,
			sizeof(out));
	assert_string_equal(out, "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9...");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names_accepts_plain_names),
		cmocka_unit_test(test_names_refuses_tricks),
		cmocka_unit_test(test_names_email),
		cmocka_unit_test(test_names_scrub),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
