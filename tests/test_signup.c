/* The CONFIRM token of a JOIN or OBSERVE by mail (cmd/signup.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/signup.h"
#include "core/desk.h"
#include "core/secret.h"

#define DAY (24 * 60 * 60)

static void test_signup_token(void **unused)
{
	unsigned char key[DB_MAIL_KEY_BYTES], other[DB_MAIL_KEY_BYTES];
	char t[SIGNUP_TOKEN_LEN + 1], u[SIGNUP_TOKEN_LEN + 1], up[SIGNUP_TOKEN_LEN + 1];
	time_t now = 20000L * DAY + 3600;	/* day 20000, 01:00 UTC */
	size_t i;

	(void)unused;
	memset(key, 7, sizeof(key));
	memset(other, 8, sizeof(other));
	signup_token(key, 1, "zed@example.org", "JOIN g Zephyr zion", 20000, t);
	assert_int_equal(strlen(t), SIGNUP_TOKEN_LEN);
	assert_int_equal(strspn(t, "abcdefghjkmnpqrstuvwxyz23456789"), SIGNUP_TOKEN_LEN);
	/* The same inputs, the same token; address and command in any case. */
	signup_token(key, 1, "Zed@Example.ORG", "join G zephyr ZION", 20000, u);
	assert_string_equal(t, u);
	/* Any other campaign, address, command, day or key: another token. */
	signup_token(key, 2, "zed@example.org", "JOIN g Zephyr zion", 20000, u);
	assert_string_not_equal(t, u);
	signup_token(key, 1, "vera@example.org", "JOIN g Zephyr zion", 20000, u);
	assert_string_not_equal(t, u);
	signup_token(key, 1, "zed@example.org", "JOIN g Zephyr machines", 20000, u);
	assert_string_not_equal(t, u);
	signup_token(key, 1, "zed@example.org", "OBSERVE g", 20000, u);
	assert_string_not_equal(t, u);
	signup_token(key, 1, "zed@example.org", "JOIN g Zephyr zion", 20001, u);
	assert_string_not_equal(t, u);
	signup_token(other, 1, "zed@example.org", "JOIN g Zephyr zion", 20000, u);
	assert_string_not_equal(t, u);

	/* Good on its day and the next, in any case; not before, not after. */
	assert_true(signup_token_check(key, 1, "zed@example.org", "JOIN g Zephyr zion", t, now));
	assert_true(signup_token_check(key, 1, "ZED@example.org", "JOIN g Zephyr zion", t,
				       now + DAY + 22 * 3600));
	for (i = 0; i <= SIGNUP_TOKEN_LEN; i++)
		up[i] = (char)(t[i] >= 'a' && t[i] <= 'z' ? t[i] - 32 : t[i]);
	assert_true(signup_token_check(key, 1, "zed@example.org", "JOIN g Zephyr zion", up, now));
	assert_false(signup_token_check(key, 1, "zed@example.org", "JOIN g Zephyr zion", t,
					now + 2 * DAY));
	assert_false(signup_token_check(key, 1, "zed@example.org", "JOIN g Zephyr zion", t,
					now - DAY));
	assert_false(signup_token_check(key, 1, "vera@example.org", "JOIN g Zephyr zion", t, now));
	assert_false(signup_token_check(key, 2, "zed@example.org", "JOIN g Zephyr zion", t, now));
	assert_false(signup_token_check(key, 1, "zed@example.org", "OBSERVE g", t, now));
	/* A cut or a longer token, the empty one: no. */
	snprintf(u, sizeof(u), "%.11s", t);
	assert_false(signup_token_check(key, 1, "zed@example.org", "JOIN g Zephyr zion", u, now));
	assert_false(signup_token_check(key, 1, "zed@example.org", "JOIN g Zephyr zion", "", now));
}

static void test_signup_confirm_text(void **unused)
{
	char *s;

	(void)unused;
	/* A reply quoting the request: the command and the token under it. */
	s = signup_confirm_text("Yes, that was me.\n\nOn Sat, the judge wrote:\n> Hello there,\n>\n"
				"> > JOIN g Zephyr zion\n>\n> Nothing is done yet:\n>\n"
				">     JOIN g Zephyr zion\n>     CONFIRM abcdefghjkmn\n>\n");
	assert_non_null(s);
	assert_string_equal(s, "    JOIN g Zephyr zion\n    CONFIRM abcdefghjkmn\n");
	free(s);
	/* The line above the token is no JOIN or OBSERVE, or there is no token: nothing. */
	assert_null(signup_confirm_text("> HELP\n> CONFIRM abcdefghjkmn\n"));
	assert_null(signup_confirm_text("> JOIN g Zephyr zion\n> thanks\n"));
	assert_null(signup_confirm_text(""));
}

static void test_signup_confirm_line_is_no_command(void **unused)
{
	struct desk_mail m;
	char err[256];

	(void)unused;
	/* The desk reads the command; the CONFIRM line under it is the mail layer's. */
	assert_int_equal(desk_parse("JOIN g Zephyr zion\nCONFIRM abcdefghjkmn\n", &m, err,
				    sizeof(err)), 0);
	assert_int_equal(m.n, 1);
	assert_int_equal(m.cmd[0].verb, DESK_JOIN);
	assert_int_equal(desk_parse("OBSERVE g\nCONFIRM a b\n", &m, err, sizeof(err)), -1);
}

static void test_signup_token_redacted(void **unused)
{
	char *s;

	(void)unused;
	s = secret_redact("JOIN g Zephyr zion\n  confirm: abcdefghjkmn\nCONFIRMED yes\n");
	assert_non_null(s);
	assert_string_equal(s, "JOIN g Zephyr zion\n  confirm: [redacted]\nCONFIRMED yes\n");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signup_token),
		cmocka_unit_test(test_signup_confirm_text),
		cmocka_unit_test(test_signup_token_redacted),
		cmocka_unit_test(test_signup_confirm_line_is_no_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
