/*
 * reply: the new text of a reply. The talon corpus (tests/data/
 * mail-corpus/talon, see its README): every client's reply reduces to
 * "Hello", iPhone and Sparrow to their *_reply_text (signature kept);
 * with the signature stripped too, all of them to "Hello".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mail/parse.h"
#include "mail/reply.h"
#include "mailcorpus.h"

static void corpus_path(char *buf, size_t len, const char *name)
{
	char rel[256];

	snprintf(rel, sizeof(rel), "talon/%s", name);
	mailcorpus_path(buf, len, rel);
}

/* s without blanks around it, in place. */
static char *strip(char *s)
{
	size_t n = strlen(s);

	while (n && strchr(" \t\r\n", s[n - 1]))
		s[--n] = '\0';
	while (*s && strchr(" \t\r\n", *s))
		s++;
	return s;
}

/* The first text part of a talon file, its quotes stripped (and its signature). */
static char *reduce(const char *name, int signature)
{
	struct mail_msg m;
	char path[1024], err[256], *raw, *out;
	size_t len = 0;

	corpus_path(path, sizeof(path), name);
	raw = mailcorpus_slurp(path, &len);
	if (!raw) {
		print_error("cannot read %s (set MXJUDGE_SHARED)\n", path);
		fail();
	}
	assert_int_equal(mail_parse(raw, len, &m, err, sizeof(err)), 0);
	free(raw);
	out = signature ? reply_text(m.text) : reply_strip_quotes(m.text);
	mail_msg_release(&m);
	assert_non_null(out);
	return out;
}

static const char *const hello[] = {
	"android.eml", "aol.eml", "apple_mail.eml", "apple_mail_2.eml", "comcast.eml", "gmail.eml",
	"hotmail.eml", "outlook.eml", "thunderbird.eml", "yahoo.eml", NULL
};

static void test_reply_talon_clients_say_hello(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; hello[i]; i++) {
		char *got = reduce(hello[i], 0);

		if (strcmp(strip(got), "Hello")) {
			print_error("%s: got '%s'\n", hello[i], got);
			free(got);
			fail();
		}
		free(got);
	}
}

static void test_reply_talon_keeps_phone_signatures(void **state)
{
	static const char *const files[][2] = { { "iphone.eml", "iphone_reply_text" },
						{ "sparrow.eml", "sparrow_reply_text" } };
	size_t i;

	(void)state;
	for (i = 0; i < 2; i++) {
		char path[1024], *want, *got = reduce(files[i][0], 0);

		corpus_path(path, sizeof(path), files[i][1]);
		want = mailcorpus_slurp(path, NULL);
		assert_non_null(want);
		assert_string_equal(strip(got), strip(want));
		free(got);
		free(want);
	}
}

static void test_reply_talon_without_signature(void **state)
{
	static const char *const more[] = { "iphone.eml", "sparrow.eml", NULL };
	size_t i;

	(void)state;
	for (i = 0; hello[i]; i++) {
		char *got = reduce(hello[i], 1);

		assert_string_equal(strip(got), "Hello");
		free(got);
	}
	for (i = 0; more[i]; i++) {
		char *got = reduce(more[i], 1);

		assert_string_equal(strip(got), "Hello");
		free(got);
	}
}

static void test_reply_talon_share_block(void **state)
{
	char *got = reduce("reply-quotations-share-block.eml", 0);

	(void)state;
	assert_true(strlen(strip(got)) > 0);
	assert_null(strstr(got, "From:"));
	assert_non_null(strstr(got, "Hi Katharine"));
	free(got);
}

static void test_reply_orders_below_a_quoted_report(void **state)
{
	const char *text =
		"On Sat, 1 Mar 2025 at 18:00, mxjudge <judge@example.org> wrote:\n"
		"> HOVERCRAFTS - tunnels - turn 1\n"
		"> GAME tunnels\n"
		"> SHIP Minx\n"
		">\n"
		"\n"
		"GAME tunnels\n"
		"SHIP Minx\n"
		"1-Move\n"
		"2-Left\n"
		"\n"
		"-- \n"
		"Ann\n";
	char *got = reply_text(text);

	(void)state;
	assert_string_equal(got, "GAME tunnels\nSHIP Minx\n1-Move\n2-Left\n");
	free(got);
}

static void test_reply_top_posted_orders(void **state)
{
	const char *text =
		"GAME tunnels\nSHIP Minx\nCODE abcdefghjk\n1-Move\nEND\n\n"
		"Sent from my phone\n\n"
		"-----Original Message-----\nFrom: judge\nGAME tunnels\nSHIP Minx\n";
	char *got = reply_text(text);

	(void)state;
	assert_string_equal(got, "GAME tunnels\nSHIP Minx\nCODE abcdefghjk\n1-Move\nEND\n");
	free(got);
	got = reply_strip_quotes("no quotes at all\n  just text\n");
	assert_string_equal(got, "no quotes at all\n  just text\n");
	free(got);
	got = reply_strip_quotes("");
	assert_string_equal(got, "");
	free(got);
}

static void test_reply_unquote_filled_in_block(void **state)
{
	const char *text =
		"Here you go.\n"
		"\n"
		"On Sat, 1 Mar 2025 at 12:00, mxjudge <judge@example.org> wrote:\n"
		"> GAME tunnels\n"
		">SHIP Minx\n"
		"> > CODE abcdefghjk\n"
		">> TURN 1\n"
		"> 1-Left\n"
		"> 2-\n"
		"2-Move\n"
		"   >  3-\n"
		"> END\n"
		"text > not a quote\n";
	char *got = reply_unquote(text);

	(void)state;
	assert_string_equal(got, "Here you go.\n\nOn Sat, 1 Mar 2025 at 12:00, mxjudge "
			    "<judge@example.org> wrote:\nGAME tunnels\nSHIP Minx\nCODE abcdefghjk\n"
			    "TURN 1\n1-Left\n2-\n2-Move\n 3-\nEND\ntext > not a quote\n");
	free(got);
	got = reply_unquote("");
	assert_string_equal(got, "");
	free(got);
	got = reply_unquote(">\n> \nlast");
	assert_string_equal(got, "\n\nlast\n");
	free(got);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reply_talon_clients_say_hello),
		cmocka_unit_test(test_reply_talon_keeps_phone_signatures),
		cmocka_unit_test(test_reply_talon_without_signature),
		cmocka_unit_test(test_reply_talon_share_block),
		cmocka_unit_test(test_reply_orders_below_a_quoted_report),
		cmocka_unit_test(test_reply_top_posted_orders),
		cmocka_unit_test(test_reply_unquote_filled_in_block),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
