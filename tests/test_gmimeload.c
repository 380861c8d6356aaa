/*
 * gmimeload: when GMime cannot be loaded, plain mail is still read and a
 * MIME message is a temporary failure that names the library, so receive
 * keeps the message for the retried delivery. This program builds its own
 * mail/gmime_load.c with a library name that does not exist; the one in
 * libmx.a is then not linked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#define GMIMEX_SONAME "libgmime-3.0.so.99"
#include "mail/gmime_load.c"
#include "mail/parse.h"

static const char multipart[] = "From: ann@example.org\nMIME-Version: 1.0\n"
				"Content-Type: multipart/alternative; boundary=b\n\n"
				"--b\nContent-Type: text/plain\n\nGAME x\n--b--\n";

static void test_gmimeload_missing_library_is_a_temporary_failure(void **state)
{
	struct mail_msg m;
	char err[512];
	const char *tail = "; install libgmime-3.0-0";

	(void)state;
	assert_int_equal(mail_parse(multipart, strlen(multipart), &m, err, sizeof(err)),
			 MAIL_PARSE_UNAVAILABLE);
	assert_false(gmimex_loaded());
	assert_true(!strncmp(err, "cannot load libgmime-3.0.so.99: ", 32));
	assert_string_equal(err + strlen(err) - strlen(tail), tail);
	/* Asked again, the same answer (dlopen is tried once). */
	assert_int_equal(mail_parse(multipart, strlen(multipart), &m, err, sizeof(err)),
			 MAIL_PARSE_UNAVAILABLE);
}

static void test_gmimeload_plain_mail_needs_no_library(void **state)
{
	const char *raw = "From: Ann <ann@example.org>\nSubject: orders\n\nGAME x\nSHIP y\n";
	struct mail_msg m;
	char err[512];

	(void)state;
	assert_int_equal(mail_parse(raw, strlen(raw), &m, err, sizeof(err)), 0);
	assert_string_equal(m.from, "ann@example.org");
	assert_string_equal(m.text, "GAME x\nSHIP y\n");
	mail_msg_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gmimeload_missing_library_is_a_temporary_failure),
		cmocka_unit_test(test_gmimeload_plain_mail_needs_no_library),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
