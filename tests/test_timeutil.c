/* timeutil: ISO 8601 in, UTC text out, zones with daylight saving. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "judge/timeutil.h"

static void test_timeutil_parses_iso_forms(void **state)
{
	time_t t, u;
	char buf[TIME_TEXT_MAX];

	(void)state;
	assert_int_equal(time_parse_iso("2025-03-01T18:00:00Z", &t), 0);
	time_format_utc(t, buf, sizeof(buf));
	assert_string_equal(buf, "2025-03-01T18:00:00Z");
	assert_int_equal(time_parse_iso("2025-03-01T19:00+01:00", &u), 0);
	assert_true(t == u);
	assert_int_equal(time_parse_iso("2025-03-01 18:00", &u), 0);
	assert_true(t == u);
	assert_int_equal(time_parse_iso("2025-03-01T13:00:00.250-0500", &u), 0);
	assert_true(t == u);
	assert_int_equal(time_parse_iso("2025-03-01", &u), 0);
	assert_true(t - u == 18 * 3600);
}

static void test_timeutil_refuses_bad_times(void **state)
{
	time_t t;

	(void)state;
	assert_int_equal(time_parse_iso("yesterday", &t), -1);
	assert_int_equal(time_parse_iso("2025-02-30", &t), -1);
	assert_int_equal(time_parse_iso("2025-03-01T25:00Z", &t), -1);
	assert_int_equal(time_parse_iso("2025-03-01T18:00Zjunk", &t), -1);
	assert_int_equal(time_parse_iso("", &t), -1);
}

static void test_timeutil_zone_names(void **state)
{
	(void)state;
	assert_true(time_zone_valid("UTC"));
	assert_true(time_zone_valid("Europe/Paris"));
	assert_false(time_zone_valid("Mars/Olympus"));
	assert_false(time_zone_valid("../../etc/passwd"));
	assert_false(time_zone_valid("/etc/localtime"));
	assert_false(time_zone_valid("Europe"));	/* a directory */
}

static void test_timeutil_days_keep_wall_clock_across_dst(void **state)
{
	time_t t, next;
	char buf[TIME_TEXT_MAX];

	(void)state;
	/* 20:00 in Paris on 29 March 2025 (CET); the clocks go forward on the 30th. */
	assert_int_equal(time_parse_iso("2025-03-29T19:00Z", &t), 0);
	next = time_add_days_zone(t, 1, "Europe/Paris");
	time_format_zone(next, "Europe/Paris", buf, sizeof(buf));
	assert_string_equal(buf, "2025-03-30 20:00 CEST");
	assert_true(next - t == 23 * 3600);
	time_format_utc(next, buf, sizeof(buf));
	assert_string_equal(buf, "2025-03-30T18:00:00Z");
}

static void test_timeutil_shown_in_the_zone(void **state)
{
	char buf[TIME_TEXT_MAX];

	(void)state;
	/* turn show printed "received 2026-11-28T09:05:41Z" beside a deadline in CET. */
	time_shown("2026-11-28T09:05:41Z", "Europe/Paris", buf, sizeof(buf));
	assert_string_equal(buf, "2026-11-28 10:05 CET");
	time_shown("2026-07-01T09:05:00Z", "Europe/Paris", buf, sizeof(buf));
	assert_string_equal(buf, "2026-07-01 11:05 CEST");
	time_shown("2026-11-28T09:05:41Z", NULL, buf, sizeof(buf));
	assert_string_equal(buf, "2026-11-28 09:05 UTC");
	/* Not a time: shown as it is, not as "?" nor the epoch. */
	time_shown("soon", "UTC", buf, sizeof(buf));
	assert_string_equal(buf, "soon");
	time_shown("", "UTC", buf, sizeof(buf));
	assert_string_equal(buf, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_timeutil_parses_iso_forms),
		cmocka_unit_test(test_timeutil_refuses_bad_times),
		cmocka_unit_test(test_timeutil_zone_names),
		cmocka_unit_test(test_timeutil_days_keep_wall_clock_across_dst),
		cmocka_unit_test(test_timeutil_shown_in_the_zone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
