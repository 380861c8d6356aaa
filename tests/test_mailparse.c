/*
 * mailparse: received messages into sender, headers and UTF-8 text
 * (mail/parse), HTML bodies into text (mail/html), format=flowed undone.
 * Every file of tests/data/mail-corpus is parsed: none crashes, each
 * gives valid UTF-8 text with LF line ends.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/strbuf.h"
#include "mail/html.h"
#include "mail/parse.h"
#include "mailcorpus.h"

static int parse_file(const char *rel, struct mail_msg *m)
{
	char path[1024], err[256], *raw;
	size_t len = 0;
	int rc;

	mailcorpus_path(path, sizeof(path), rel);
	raw = mailcorpus_slurp(path, &len);
	if (!raw) {
		print_error("cannot read %s (set MXJUDGE_TESTDATA)\n", path);
		fail();
	}
	rc = mail_parse(raw, len, m, err, sizeof(err));
	free(raw);
	return rc;
}

static int valid_utf8_lf(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		if (*p == '\r')
			return 0;
		if (*p < 0x80) {
			p++;
		} else if ((*p & 0xe0) == 0xc0 && (p[1] & 0xc0) == 0x80) {
			p += 2;
		} else if ((*p & 0xf0) == 0xe0 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80) {
			p += 3;
		} else if ((*p & 0xf8) == 0xf0 && (p[1] & 0xc0) == 0x80 && (p[2] & 0xc0) == 0x80 &&
			   (p[3] & 0xc0) == 0x80) {
			p += 4;
		} else {
			return 0;
		}
	}
	return 1;
}

static void check_one(const char *rel, void *ctx)
{
	struct mail_msg m;

	(void)ctx;
	if (parse_file(rel, &m) == 0) {
		if (!valid_utf8_lf(m.text) || !valid_utf8_lf(m.subject) || !valid_utf8_lf(m.from_name)) {
			print_error("%s: text is not UTF-8 with LF\n", rel);
			fail();
		}
		mail_msg_release(&m);
	}
}

static void test_mailparse_whole_corpus(void **state)
{
	(void)state;
	/* 13 flanker, 27 mikel-mail, 13 talon messages. */
	assert_true(mailcorpus_each("", check_one, NULL) >= 50);
}

static void test_mailparse_base64_utf8_multipart(void **state)
{
	struct mail_msg m;

	(void)state;
	assert_int_equal(parse_file("talon/android.eml", &m), 0);
	assert_string_equal(m.from, "bob@example.com");
	assert_string_equal(m.from_name, "Sergey Obykhov");
	assert_string_equal(m.subject, "Re: Test");
	assert_string_equal(m.message_id,
			    "CAEAsyCZ-sCHxZtoKyM3JmT5gSYpZd5GwY-cVNiV8H329zgJT4g@mail.gmail.com");
	assert_false(m.from_html);
	assert_true(!strncmp(m.text, "Hello\n02.04.2012 14:20 \xd0\xbf", 25));
	mail_msg_release(&m);
}

static void test_mailparse_quoted_printable_and_flowed(void **state)
{
	struct mail_msg m;

	(void)state;
	assert_int_equal(parse_file("talon/iphone.eml", &m), 0);
	assert_non_null(strstr(m.text, "bob <bob@example.com> wrote:\n"));
	mail_msg_release(&m);
	assert_int_equal(parse_file("talon/thunderbird.eml", &m), 0);
	assert_non_null(strstr(m.text, "> Hi \nHello"));
	mail_msg_release(&m);
}

static void test_mailparse_charsets_and_encoded_words(void **state)
{
	struct mail_msg m;

	(void)state;
	assert_int_equal(parse_file("mikel-mail/multi_charset/japanese_iso_2022.eml", &m), 0);
	/* "すみません。" and the subject "まみむめも", both UTF-8 now. */
	assert_non_null(strstr(m.text, "\xe3\x81\x99\xe3\x81\xbf\xe3\x81\xbe\xe3\x81\x9b\xe3\x82\x93"));
	assert_string_equal(m.subject, "\xe3\x81\xbe\xe3\x81\xbf\xe3\x82\x80\xe3\x82\x81\xe3\x82\x82");
	mail_msg_release(&m);
	assert_int_equal(parse_file("flanker/encoded-header.eml", &m), 0);
	assert_string_equal(m.from_name, "Foo, Bar");
	assert_string_equal(m.from, "foo.bar@example.com");
	mail_msg_release(&m);
	assert_int_equal(parse_file("flanker/from-encoding.eml", &m), 0);
	assert_string_equal(m.from, "ingo@blank.pages.de");
	assert_true(valid_utf8_lf(m.from_name));
	mail_msg_release(&m);
}

static void test_mailparse_crlf_and_lf_agree(void **state)
{
	struct mail_msg a, b;

	(void)state;
	assert_int_equal(parse_file("mikel-mail/plain_emails/basic_email.eml", &a), 0);
	assert_int_equal(parse_file("mikel-mail/plain_emails/basic_email_lf.eml", &b), 0);
	assert_string_equal(a.text, b.text);
	assert_string_equal(a.subject, b.subject);
	assert_null(strchr(a.text, '\r'));
	mail_msg_release(&a);
	mail_msg_release(&b);
}

static void test_mailparse_html_only(void **state)
{
	const char *raw = "From: Ann <ann@example.org>\r\nSubject: orders\r\nMIME-Version: 1.0\r\n"
			  "Content-Type: text/html; charset=utf-8\r\n\r\n"
			  "<html><head><style>p{}</style></head><body><div>GAME tunnels</div>"
			  "<div>SHIP&nbsp;Minx<br>1-Move<br>2-Left</div>"
			  "<blockquote>GAME old<br>SHIP Minx</blockquote></body></html>\r\n";
	struct mail_msg m;
	char err[128];

	(void)state;
	assert_int_equal(mail_parse(raw, strlen(raw), &m, err, sizeof(err)), 0);
	assert_true(m.from_html);
	assert_string_equal(m.text, "GAME tunnels\nSHIP Minx\n1-Move\n2-Left\n> GAME old\n> SHIP Minx\n");
	mail_msg_release(&m);
}

static void test_mailparse_html_entities_and_pre(void **state)
{
	char *t = html_to_text("<p>a &lt; b &amp;&#33;&#x41;</p><pre>  x\n   y</pre>tail");

	(void)state;
	assert_string_equal(t, "a < b &!A\n  x\n   y\ntail\n");
	free(t);
}

/*
 * Hostile HTML stays linear: a text of '&' (each an entity candidate) or
 * of '<' before one '>' took minutes at 10 MiB when every candidate
 * searched the rest of the text. The alarm turns a regression into a crash.
 */
static void test_mailparse_html_linear(void **state)
{
	size_t n = (size_t)8 << 20;
	char *s = malloc(n + 1), *t;

	(void)state;
	assert_non_null(s);
	alarm(20);
	memset(s, '&', n);
	s[n] = '\0';
	t = html_to_text(s);
	assert_non_null(t);
	assert_int_equal(strlen(t), n + 1);
	free(t);
	memset(s, '<', n);
	s[n - 1] = '>';
	t = html_to_text(s);
	assert_non_null(t);
	free(t);
	alarm(0);
	free(s);
}

/*
 * Issue 14.1: 320 KB of nested <blockquote> then <br> cost 4.6 s and
 * 790 MB when every line carried one "> " per level. Now a line carries
 * at most HTML_MAX_DEPTH marks (deeper text is still a quote, and the
 * nesting still closes in order) and the text stops past its limit.
 */
static void test_mailparse_html_deep_quotes_bounded(void **state)
{
	size_t levels = 30000, i, len;
	struct strbuf sb = STRBUF_INIT;
	char *t;

	(void)state;
	t = html_to_text("<blockquote><blockquote><blockquote><blockquote><blockquote>"
			 "<blockquote><blockquote><blockquote><blockquote><blockquote>deep"
			 "</blockquote></blockquote></blockquote></blockquote></blockquote>"
			 "</blockquote></blockquote></blockquote></blockquote>nine"
			 "</blockquote>out");
	assert_string_equal(t, "> > > > > > > > deep\n> nine\nout\n");
	free(t);
	alarm(20);
	for (i = 0; i < levels; i++)
		strbuf_addstr(&sb, "<blockquote>");
	for (i = 0; i < levels; i++)
		strbuf_addstr(&sb, "x<br>");
	assert_false(sb.failed);
	t = html_to_text(strbuf_str(&sb));
	assert_non_null(t);
	len = strlen(t);
	/* Each "x<br>" is one line of 8 marks, "x" and LF: 2 * 8 + 2 bytes. */
	assert_int_equal(len, levels * (2 * HTML_MAX_DEPTH + 2));
	free(t);
	/* The limit: a 4 MiB text stops just past 1 MiB. */
	strbuf_release(&sb);
	for (i = 0; i < ((size_t)4 << 20) / 8; i++)
		strbuf_addstr(&sb, "abcdefg ");
	t = html_to_text_limit(strbuf_str(&sb), (size_t)1 << 20);
	assert_non_null(t);
	assert_true(strlen(t) > ((size_t)1 << 20));
	assert_true(strlen(t) < ((size_t)1 << 20) + 64);
	free(t);
	alarm(0);
	strbuf_release(&sb);
}

static void test_mailparse_unflow(void **state)
{
	char *t = mail_unflow("one \ntwo\n> q1 \n> q2\n-- \nsig\n", 0);

	(void)state;
	assert_string_equal(t, "one two\n> q1 q2\n-- \nsig\n");
	free(t);
	t = mail_unflow("ab \ncd\n", 1);
	assert_string_equal(t, "abcd\n");
	free(t);
}

/*
 * Attachments: the first text/plain one is kept apart (decoded, bounded),
 * every other one (an image, a second text, a text too large) is counted;
 * the body stays the body.
 */
static void test_mailparse_attachments(void **state)
{
	const char *raw =
		"From: ann@example.org\nTo: judge@example.org\nSubject: orders\n"
		"MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n"
		"--b\nContent-Type: text/plain\n\nMy orders are attached.\n"
		"--b\nContent-Type: text/plain; name=orders.txt\nContent-Disposition: attachment; "
		"filename=orders.txt\nContent-Transfer-Encoding: base64\n\n"
		"R0FNRSBnClNISVAgTWlueApFTkQK\n"
		"--b\nContent-Type: image/png\nContent-Disposition: attachment; filename=a.png\n"
		"Content-Transfer-Encoding: base64\n\niVBORw0KGgo=\n"
		"--b\nContent-Type: text/plain\nContent-Disposition: attachment\n\nsecond\n"
		"--b--\n";
	struct strbuf big = STRBUF_INIT;
	struct mail_msg m;
	char err[256];
	size_t i;

	(void)state;
	assert_int_equal(mail_parse(raw, strlen(raw), &m, err, sizeof(err)), 0);
	assert_string_equal(m.text, "My orders are attached.");
	assert_string_equal(m.attached, "GAME g\nSHIP Minx\nEND\n");
	assert_int_equal(m.ignored_parts, 2);
	mail_msg_release(&m);
	/* Over MAIL_ATTACH_LIMIT: not read, counted. */
	strbuf_addstr(&big, "From: ann@example.org\nSubject: x\nMIME-Version: 1.0\n"
		      "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\nhi\n"
		      "--b\nContent-Type: text/plain\nContent-Disposition: attachment\n\n");
	for (i = 0; i <= MAIL_ATTACH_LIMIT / 7; i++)
		strbuf_addstr(&big, "1-MOVE\n");
	strbuf_addstr(&big, "--b--\n");
	assert_int_equal(mail_parse(strbuf_str(&big), big.len, &m, err, sizeof(err)), 0);
	assert_string_equal(m.attached, "");
	assert_int_equal(m.ignored_parts, 1);
	mail_msg_release(&m);
	strbuf_release(&big);
	/* A plain message has none. */
	assert_int_equal(mail_parse("From: a@b.example\nSubject: s\n\nGAME g\n", 38, &m, err,
				    sizeof(err)), 0);
	assert_string_equal(m.attached, "");
	assert_int_equal(m.ignored_parts, 0);
	mail_msg_release(&m);
}

static void test_mailparse_automatic_and_garbage(void **state)
{
	const char *bounce = "From: MAILER-DAEMON@example.org\nSubject: failure\n\nbounced\n";
	const char *vacation = "From: ann@example.org\nAuto-Submitted: auto-replied\n\naway\n";
	struct mail_msg m;
	char err[128];

	(void)state;
	assert_int_equal(mail_parse(bounce, strlen(bounce), &m, err, sizeof(err)), 0);
	assert_true(m.automatic);
	mail_msg_release(&m);
	assert_int_equal(mail_parse(vacation, strlen(vacation), &m, err, sizeof(err)), 0);
	assert_true(m.automatic);
	mail_msg_release(&m);
	/* Whatever comes in, parse gives an answer and no crash. */
	if (mail_parse("\0\0\xff garbage", 10, &m, err, sizeof(err)) == 0)
		mail_msg_release(&m);
	if (mail_parse("", 0, &m, err, sizeof(err)) == 0)
		mail_msg_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mailparse_whole_corpus),
		cmocka_unit_test(test_mailparse_base64_utf8_multipart),
		cmocka_unit_test(test_mailparse_quoted_printable_and_flowed),
		cmocka_unit_test(test_mailparse_charsets_and_encoded_words),
		cmocka_unit_test(test_mailparse_crlf_and_lf_agree),
		cmocka_unit_test(test_mailparse_html_only),
		cmocka_unit_test(test_mailparse_html_entities_and_pre),
		cmocka_unit_test(test_mailparse_html_linear),
		cmocka_unit_test(test_mailparse_html_deep_quotes_bounded),
		cmocka_unit_test(test_mailparse_unflow),
		cmocka_unit_test(test_mailparse_attachments),
		cmocka_unit_test(test_mailparse_automatic_and_garbage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
