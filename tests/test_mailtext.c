/*
 * mailtext: text from mail as a terminal may show it.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "judge/mailtext.h"

static void test_mailtext_shown_has_no_escape(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_string_equal(mailtext_shown("ok \x1b]0;title\x07 \xc2\x9b" "2J\x7f", 0, &sb),
			    "ok ?]0;title? ?2J?");
	assert_string_equal(mailtext_shown("line\nnext\ttab\r\n", 1, &sb), "line\nnext\ttab\n");
	assert_string_equal(mailtext_shown("line\nnext", 0, &sb), "line?next");
	assert_string_equal(mailtext_shown("\xff\xfe caf\xc3\xa9", 0, &sb), "?? caf\xc3\xa9");
	strbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mailtext_shown_has_no_escape),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
