/* The CONFIRM token of a JOIN or OBSERVE by mail, and one side per captain (judge/signup.h). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/judge.h"
#include "judge/signup.h"
#include "core/desk.h"
#include "core/ruleset.h"
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

/* One captain, one side (issue 28 item 2), unless the settings allow mixed sides. */
static void test_signup_other_side(void **unused)
{
	struct judge_settings s;
	struct db_seat ships[3];

	(void)unused;
	memset(&s, 0, sizeof(s));
	memset(ships, 0, sizeof(ships));
	snprintf(ships[0].name, sizeof(ships[0].name), "Zephyr");
	snprintf(ships[0].team, sizeof(ships[0].team), "zion");
	ships[0].captain_id = 7;
	snprintf(ships[1].name, sizeof(ships[1].name), "Locust");
	snprintf(ships[1].team, sizeof(ships[1].team), "machines");
	ships[1].captain_id = 8;
	snprintf(ships[2].name, sizeof(ships[2].name), "Zonk");
	snprintf(ships[2].team, sizeof(ships[2].team), "zion");
	ships[2].captain_id = 7;
	assert_string_equal(signup_other_side(&s, ships, 3, 7, "machines"), "Zephyr");
	assert_null(signup_other_side(&s, ships, 3, 7, "Zion"));
	assert_null(signup_other_side(&s, ships, 3, 9, "machines"));
	/* A game without sides: nothing to compare. */
	assert_null(signup_other_side(&s, ships, 3, 7, ""));
	s.mixed_sides = 1;
	assert_null(signup_other_side(&s, ships, 3, 7, "machines"));
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

/*
 * A side has one seat per row of the board only in a game that says so
 * (RULESET_SEAT_PER_ROW): Hovercrafts on a board 2 rows high seats 4; the
 * same table without the flag its max_seats.
 */
static void test_signup_seat_per_row(void **unused)
{
	const struct ruleset *hover = ruleset_find("hovercrafts");
	struct ruleset other;
	struct judge_settings s;

	(void)unused;
	memset(&s, 0, sizeof(s));
	s.height = 2;
	assert_non_null(hover);
	assert_true(hover->flags & RULESET_SEAT_PER_ROW);
	assert_int_equal(signup_max_seats(hover, &s), 4);
	other = *hover;
	other.flags &= ~RULESET_SEAT_PER_ROW;
	assert_int_equal(signup_max_seats(&other, &s), other.max_seats);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signup_token),
		cmocka_unit_test(test_signup_other_side),
		cmocka_unit_test(test_signup_token_redacted),
		cmocka_unit_test(test_signup_confirm_line_is_no_command),
		cmocka_unit_test(test_signup_seat_per_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
