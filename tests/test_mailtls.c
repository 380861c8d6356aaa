/*
 * mail/tls: when a login must go over TLS. The host is judged by the URL
 * as written: loopback addresses and "localhost" only.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "mail/tls.h"

static void test_mailtls_loopback_by_address_only(void **state)
{
	(void)state;
	assert_true(mail_url_is_loopback("smtp://127.0.0.1:25"));
	assert_true(mail_url_is_loopback("smtp://127.8.9.10"));
	assert_true(mail_url_is_loopback("smtp://LOCALHOST:2525/"));
	assert_true(mail_url_is_loopback("smtp://localhost."));
	assert_true(mail_url_is_loopback("smtp://[::1]:25"));
	assert_true(mail_url_is_loopback("imap://[::ffff:127.0.0.1]/INBOX"));
	assert_true(mail_url_is_loopback("smtp://u:p@127.0.0.1:25"));
	/* The user name may hold '@' and the host a look-alike. */
	assert_true(mail_url_is_loopback("smtp://judge@example.org:pw@127.0.0.1"));
	assert_false(mail_url_is_loopback("smtp://127.0.0.1@mail.example.org"));
	assert_false(mail_url_is_loopback("smtp://0.0.0.0:25"));
	assert_false(mail_url_is_loopback("smtp://128.0.0.1"));
	assert_false(mail_url_is_loopback("smtp://localhost.example.org"));
	assert_false(mail_url_is_loopback("smtp://127.0.0.1.nip.io"));
	assert_false(mail_url_is_loopback("smtp://[::2]"));
	assert_false(mail_url_is_loopback("smtp://mail.example.org:587"));
	assert_false(mail_url_is_loopback(""));
}

static void test_mailtls_host_and_login(void **state)
{
	char host[64];

	(void)state;
	mail_url_host("smtps://a%40b:c@[2001:db8::1]:465/x", host, sizeof(host));
	assert_string_equal(host, "2001:db8::1");
	mail_url_host("smtp://judge@example.org:s3cret@mail.example.org:587", host, sizeof(host));
	assert_string_equal(host, "mail.example.org");
	assert_true(mail_url_has_login("smtp://judge@mail.example.org"));
	assert_false(mail_url_has_password("smtp://judge@mail.example.org"));
	assert_true(mail_url_has_password("smtp://judge:pw@mail.example.org"));
	assert_true(mail_url_has_password("smtp://judge@example.org:pw@mail.example.org"));
	assert_false(mail_url_has_login("smtp://mail.example.org/a@b"));
	assert_false(mail_url_has_password("imap://mail.example.org:143/INBOX"));
}

static void test_mailtls_shown_url_holds_no_password(void **state)
{
	char buf[128];

	(void)state;
	mail_url_shown("smtp://judge@example.org:s3cret@127.0.0.1:25", buf, sizeof(buf));
	assert_string_equal(buf, "smtp://127.0.0.1:25");
	mail_url_shown("imaps://u:p@imap.example.org/INBOX@x", buf, sizeof(buf));
	assert_string_equal(buf, "imaps://imap.example.org/INBOX@x");
	mail_url_shown("smtp://mail.example.org", buf, sizeof(buf));
	assert_string_equal(buf, "smtp://mail.example.org");
}

static void test_mailtls_required_for_a_login_off_this_machine(void **state)
{
	enum mail_tls_mode m;

	(void)state;
	assert_int_equal(mail_tls_mode_parse(NULL, &m), 0);
	assert_int_equal(m, MAIL_TLS_AUTO);
	assert_int_equal(mail_tls_mode_parse("none", &m), 0);
	assert_int_equal(m, MAIL_TLS_NONE);
	assert_int_equal(mail_tls_mode_parse("required", &m), 0);
	assert_int_equal(m, MAIL_TLS_REQUIRED);
	assert_int_equal(mail_tls_mode_parse("yes", &m), -1);
	assert_int_equal(m, MAIL_TLS_REQUIRED);

	assert_true(mail_tls_required("smtp://mail.example.org", "judge", MAIL_TLS_AUTO));
	assert_true(mail_tls_required("smtp://judge:pw@mail.example.org", NULL, MAIL_TLS_AUTO));
	assert_true(mail_tls_required("smtp://judge:pw@mail.example.org", "", MAIL_TLS_AUTO));
	assert_false(mail_tls_required("smtp://mail.example.org", NULL, MAIL_TLS_AUTO));
	assert_false(mail_tls_required("smtp://mail.example.org", "", MAIL_TLS_AUTO));
	assert_false(mail_tls_required("smtp://127.0.0.1", "judge", MAIL_TLS_AUTO));
	assert_true(mail_tls_required("smtp://127.0.0.1", NULL, MAIL_TLS_REQUIRED));
	assert_false(mail_tls_required("smtp://mail.example.org", "judge", MAIL_TLS_NONE));
}

static void test_mailtls_time_left_meets_the_deadline(void **state)
{
	long long now = mail_clock_ms(), left;

	(void)state;
	assert_int_equal(mail_time_left(5000, 0), 5000);
	assert_int_equal(mail_time_left(5000, now - 1), 0);
	assert_int_equal(mail_time_left(5000, now + 60000), 5000);
	left = mail_time_left(5000, now + 1000);
	assert_true(left > 0 && left <= 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mailtls_loopback_by_address_only),
		cmocka_unit_test(test_mailtls_host_and_login),
		cmocka_unit_test(test_mailtls_shown_url_holds_no_password),
		cmocka_unit_test(test_mailtls_required_for_a_login_off_this_machine),
		cmocka_unit_test(test_mailtls_time_left_meets_the_deadline),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
