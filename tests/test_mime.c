/*
 * mime: outgoing messages (mail/mime). Headers with RFC 2047 words,
 * quoted-printable bodies, CRLF everywhere, no line over 78 octets, and
 * a round trip: what mime_build() writes, mail_parse() reads back as the
 * same subject, names and text.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "mail/mime.h"
#include "mail/parse.h"

/* Every line ends in CRLF, none is longer than max octets. */
static void assert_lines(const char *msg, size_t len, size_t max)
{
	size_t i, col = 0;

	for (i = 0; i < len; i++) {
		if (msg[i] == '\n') {
			assert_true(i > 0 && msg[i - 1] == '\r');
			col = 0;
			continue;
		}
		if (msg[i] == '\r') {
			assert_true(i + 1 < len && msg[i + 1] == '\n');
			continue;
		}
		col++;
		if (col > max) {
			print_error("line too long at %zu: %.40s\n", i, msg + i - col + 1);
			fail();
		}
	}
	assert_int_equal(col, 0);
}

static void test_mime_header_words(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	mime_header(&sb, "Subject", "plain words");
	assert_string_equal(strbuf_str(&sb), "Subject: plain words\r\n");
	strbuf_reset(&sb);
	mime_header(&sb, "Subject", "caf\xc3\xa9");
	assert_string_equal(strbuf_str(&sb), "Subject: =?UTF-8?B?Y2Fmw6k=?=\r\n");
	strbuf_reset(&sb);
	mime_address(&sb, "From", "Judge, the", "judge@example.org");
	assert_string_equal(strbuf_str(&sb), "From: \"Judge, the\" <judge@example.org>\r\n");
	strbuf_reset(&sb);
	mime_address(&sb, "To", NULL, "ann@example.org");
	assert_string_equal(strbuf_str(&sb), "To: ann@example.org\r\n");
	strbuf_release(&sb);
}

static void test_mime_qp(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	char long_line[200];

	(void)state;
	mime_qp(&sb, "a=b caf\xc3\xa9 \nFrom here\n.\n");
	assert_string_equal(strbuf_str(&sb), "a=3Db caf=C3=A9=20\r\n=46rom here\r\n=2E\r\n");
	strbuf_reset(&sb);
	memset(long_line, 'x', sizeof(long_line) - 1);
	long_line[sizeof(long_line) - 1] = '\0';
	mime_qp(&sb, long_line);
	assert_lines(strbuf_str(&sb), sb.len, 76);
	strbuf_release(&sb);
}

static void test_mime_date(void **state)
{
	char buf[64];

	(void)state;
	mime_date(1740852000, buf, sizeof(buf));	/* 2025-03-01T18:00:00Z */
	assert_string_equal(buf, "Sat, 01 Mar 2025 18:00:00 +0000");
}

static void test_mime_report_round_trip(void **state)
{
	const char *text = "HOVERCRAFTS - tunnels - turn 1\n\n    A   B\n   / \\ / \\\n1 | A>|<b | 1\n"
			   "Zo\xc3\xab's note: 5 -> 3 & <done>\n";
	const char *subject = "tunnels: turn 1 resolved \xe2\x80\x94 orders for turn 2, with a subject "
			      "long enough to need folding over more than one line";
	struct mime_msg mm = { "judge@example.org", "Le Juge \xc3\xa9", "ann@example.org", subject,
			       "mxjudge.1.abc@example.org", "orig@example.org", 1740852000, text, 1, 0, NULL, 0 };
	struct mail_msg back;
	char err[128], *msg;
	size_t len;

	(void)state;
	msg = mime_build(&mm, &len);
	assert_non_null(msg);
	assert_lines(msg, len, 78);
	assert_non_null(strstr(msg, "\r\nMIME-Version: 1.0\r\n"));
	assert_non_null(strstr(msg, "\r\nMessage-ID: <mxjudge.1.abc@example.org>\r\n"));
	assert_non_null(strstr(msg, "\r\nIn-Reply-To: <orig@example.org>\r\n"));
	assert_non_null(strstr(msg, "\r\nReferences: <orig@example.org>\r\n"));
	assert_non_null(strstr(msg, "Date: Sat, 01 Mar 2025 18:00:00 +0000\r\n"));
	assert_non_null(strstr(msg, "multipart/alternative"));
	assert_non_null(strstr(msg, "Content-Type: text/html; charset=utf-8"));
	assert_int_equal(mail_parse(msg, len, &back, err, sizeof(err)), 0);
	assert_string_equal(back.subject, subject);
	assert_string_equal(back.from, "judge@example.org");
	assert_string_equal(back.from_name, "Le Juge \xc3\xa9");
	assert_string_equal(back.message_id, "mxjudge.1.abc@example.org");
	assert_string_equal(back.text, text);
	mail_msg_release(&back);
	free(msg);
}

/* Every header line of msg is one of the judge's own, or a folded continuation. */
static void assert_own_headers(const char *msg)
{
	static const char *const own[] = { "Date:", "From:", "To:", "Subject:", "Message-ID:",
					   "In-Reply-To:", "References:", "Auto-Submitted:",
					   "X-Loop:", "MIME-Version:", "Content-Type:",
					   "Content-Transfer-Encoding:", NULL };
	const char *p = msg;

	while (*p && strncmp(p, "\r\n", 2)) {
		const char *eol = strstr(p, "\r\n");
		size_t i;
		int ok = *p == ' ' || *p == '\t';

		assert_non_null(eol);
		/* No bare CR or LF inside a line. */
		assert_null(memchr(p, '\n', (size_t)(eol - p)));
		assert_null(memchr(p, '\r', (size_t)(eol - p)));
		for (i = 0; own[i] && !ok; i++)
			ok = !strncmp(p, own[i], strlen(own[i]));
		if (!ok)
			fail_msg("a header the judge never writes: %.*s", (int)(eol - p), p);
		p = eol + 2;
	}
}

/*
 * Issue 14.2: what came in a mail (its Message-ID, decoded by GMime with
 * its encoded words; its Subject) never puts a line break into an
 * answer. An unfit In-Reply-To is left out; an unfit address refuses the
 * message (mime_check says why).
 */
static void test_mime_header_injection(void **state)
{
	static const char *const bad_ids[] = {
		"x\nX-Spam-Flag: NO\n\nbody@x", "x\r\nBcc: eve@example.org@x", "x\rY@x",
		"x=?utf-8?q?=0AX-Spam-Flag:_NO=0A=0Abody?=@x", "a b@x", "<a@x>", "a@x\t",
		"a@b@c", "\x7f@x", "caf\xc3\xa9@x", NULL
	};
	struct mime_msg mm = { "judge@example.org", NULL, "ann@example.org",
			       "Re: orders\r\nX-Spam-Flag: NO\r\n\r\nbody", "m3@example.org", NULL,
			       0, "Orders received.\n", 0, 1, NULL, 0 };
	char *msg;
	size_t len, i;

	(void)state;
	for (i = 0; bad_ids[i]; i++) {
		mm.in_reply_to = bad_ids[i];
		msg = mime_build(&mm, &len);
		assert_non_null(msg);
		assert_null(strstr(msg, "In-Reply-To"));
		assert_null(strstr(msg, "X-Spam-Flag"));
		assert_own_headers(msg);
		free(msg);
	}
	mm.in_reply_to = "ok.1@example.org";
	msg = mime_build(&mm, &len);
	assert_non_null(strstr(msg, "\r\nIn-Reply-To: <ok.1@example.org>\r\n"));
	assert_own_headers(msg);
	free(msg);
	mm.to = "ann@example.org\r\nBcc: eve@example.org";
	assert_null(mime_build(&mm, &len));
	assert_non_null(mime_check(&mm));
	mm.to = "ann@example.org";
	mm.from = "judge@example.org>\nX: y";
	assert_null(mime_build(&mm, &len));
}

static void test_mime_plain_reply(void **state)
{
	struct mime_msg mm = { "judge@example.org", NULL, "ann@example.org", "Re: orders",
			       "m2@example.org", NULL, 0, "Orders received.\n", 0, 1, NULL, 0 };
	char *msg;
	size_t len;

	(void)state;
	msg = mime_build(&mm, &len);
	assert_non_null(msg);
	assert_null(strstr(msg, "multipart"));
	assert_null(strstr(msg, "In-Reply-To"));
	assert_non_null(strstr(msg, "\r\nAuto-Submitted: auto-replied\r\n"));
	assert_non_null(strstr(msg, "\r\nX-Loop: judge@example.org\r\n"));
	assert_non_null(strstr(msg, "Content-Transfer-Encoding: 7bit\r\n\r\nOrders received.\r\n"));
	assert_lines(msg, len, 78);
	free(msg);
}

/* base64 text (whitespace skipped) back to bytes; the count decoded. */
static size_t unbase64(const char *s, const char *end, unsigned char *out, size_t max)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned v = 0;
	int bits = 0;
	size_t n = 0;

	for (; s < end && *s != '='; s++) {
		const char *p = strchr(a, *s);

		if (*s == '\r' || *s == '\n')
			continue;
		assert_non_null(p);
		v = (v << 6) | (unsigned)(p - a);
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			assert_true(n < max);
			out[n++] = (unsigned char)(v >> bits);
		}
	}
	return n;
}

/*
 * A report with the board: the text part as before, the HTML and the PNG
 * together in a multipart/related, the <img> naming the PNG's Content-ID,
 * the PNG's bytes back whole from base64 lines of 76.
 */
static void test_mime_board_image(void **state)
{
	unsigned char png[200], back_png[256];
	struct mime_msg mm = { "judge@example.org", NULL, "ann@example.org", "g: turn 1",
			       "mxjudge.7.x@example.org", NULL, 1740852000, "MAP\n", 1, 0, png,
			       sizeof(png) };
	struct mail_msg back;
	char err[128], *msg, cid[80], want[120];
	const char *p, *q, *end;
	size_t len, i;

	(void)state;
	for (i = 0; i < sizeof(png); i++)
		png[i] = (unsigned char)(i * 37 + 11);
	msg = mime_build(&mm, &len);
	assert_non_null(msg);
	assert_lines(msg, len, 78);
	p = strstr(msg, "Content-Type: multipart/related; type=\"text/html\";");
	assert_non_null(p);
	/* The text part comes first, outside the related part. */
	q = strstr(msg, "Content-Type: text/plain");
	assert_non_null(q);
	assert_true(q < p);
	assert_non_null(strstr(p, "Content-Type: text/html"));
	p = strstr(msg, "Content-ID: <");
	assert_non_null(p);
	assert_int_equal(sscanf(p, "Content-ID: <%79[^>]>", cid), 1);
	snprintf(want, sizeof(want), "<img src=\"cid:%s\"", cid);
	assert_non_null(strstr(msg, want));
	assert_non_null(strstr(msg, "Content-Type: image/png"));
	p = strstr(p, "\r\n\r\n") + 4;
	end = strstr(p, "\r\n--");
	assert_non_null(end);
	assert_int_equal(unbase64(p, end, back_png, sizeof(back_png)), sizeof(png));
	assert_memory_equal(back_png, png, sizeof(png));
	/* The parser still reads the text the captain replies to. */
	assert_int_equal(mail_parse(msg, len, &back, err, sizeof(err)), 0);
	assert_string_equal(back.text, "MAP\n");
	mail_msg_release(&back);
	free(msg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mime_header_words),
		cmocka_unit_test(test_mime_qp),
		cmocka_unit_test(test_mime_date),
		cmocka_unit_test(test_mime_report_round_trip),
		cmocka_unit_test(test_mime_plain_reply),
		cmocka_unit_test(test_mime_header_injection),
		cmocka_unit_test(test_mime_board_image),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
