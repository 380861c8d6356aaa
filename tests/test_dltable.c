/*
 * dltable: a library opened at run time, its functions taken into a
 * table; a missing library or function is a sentence that says what to
 * install.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "mail/dltable.h"

struct mathx {
	double (*cos)(double);
	double (*sqrt)(double);
};

static void test_dltable_fills_the_table(void **state)
{
	struct mathx m = { NULL, NULL };
	const struct dltable_fn fns[] = { { "cos", &m.cos }, { "sqrt", &m.sqrt } };
	char why[256] = "";

	(void)state;
	assert_int_equal(dltable_open("libm.so.6", "libc6", fns, 2, why, sizeof(why)), 0);
	assert_string_equal(why, "");
	assert_true(m.cos(0.0) == 1.0);
	assert_true(m.sqrt(16.0) == 4.0);
}

static void test_dltable_says_what_to_install(void **state)
{
	double (*f)(double) = NULL;
	const struct dltable_fn missing_fn[] = { { "cos", &f }, { "no_such_function", &f } };
	const struct dltable_fn one[] = { { "cos", &f } };
	char why[256];
	const char *tail = "; install libfoo1";

	(void)state;
	assert_int_equal(dltable_open("libm.so.6", "libc6", missing_fn, 2, why, sizeof(why)), -1);
	assert_string_equal(why, "cannot load libm.so.6: it has no no_such_function (too old); install libc6");
	assert_int_equal(dltable_open("libfoo.so.1", "libfoo1", one, 1, why, sizeof(why)), -1);
	/* dlerror()'s own words, without the library's name said twice. */
	assert_true(!strncmp(why, "cannot load libfoo.so.1: ", 25));
	assert_null(strstr(why + 25, "libfoo.so.1"));
	assert_string_equal(why + strlen(why) - strlen(tail), tail);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dltable_fills_the_table),
		cmocka_unit_test(test_dltable_says_what_to_install),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
