/*
 * mail/idna: an address's internationalised domain in its ASCII form,
 * the one form captains are kept and compared in.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "mail/idna.h"

static void ascii_is(const char *in, const char *want)
{
	char out[256], err[512];

	assert_int_equal(mail_addr_ascii(in, out, sizeof(out), err, sizeof(err)), 0);
	assert_string_equal(out, want);
}

static void test_mailidna_both_forms_meet(void **state)
{
	(void)state;
	ascii_is("ann@b\xc3\xbc" "cher.example", "ann@xn--bcher-kva.example");
	ascii_is("ann@B\xc3\x9c" "CHER.Example", "ann@xn--bcher-kva.example");
	ascii_is("ann@xn--bcher-kva.example", "ann@xn--bcher-kva.example");
	ascii_is("ann@XN--BCHER-KVA.EXAMPLE", "ann@xn--bcher-kva.example");
	ascii_is("Ann.Lee@m\xc3\xbcnchen.de", "Ann.Lee@xn--mnchen-3ya.de");
	/* Decomposed u + combining diaeresis is the same name (NFC). */
	ascii_is("ann@bu\xcc\x88" "cher.example", "ann@xn--bcher-kva.example");
	assert_true(mail_domain_is_unicode("ann@b\xc3\xbc" "cher.example"));
	assert_false(mail_domain_is_unicode("b\xc3\xb6@example.org"));
}

static void test_mailidna_refuses_what_is_no_name(void **state)
{
	char out[256], err[512];

	(void)state;
	assert_int_equal(mail_addr_ascii("cy@exa mple.b\xc3\xbc" "cher", out, sizeof(out), err,
					 sizeof(err)), -1);
	assert_non_null(strstr(err, "is no valid internationalised name"));
	assert_int_equal(mail_addr_ascii("cy@\xff\xfe.example", out, sizeof(out), err, sizeof(err)),
			 -1);
	assert_non_null(strstr(err, "is no valid internationalised name"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mailidna_both_forms_meet),
		cmocka_unit_test(test_mailidna_refuses_what_is_no_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
