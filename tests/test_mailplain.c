/*
 * mailplain: the plain reader (mail/plain) takes a captain's plain-text
 * mail without loading GMime and reads it exactly as GMime would; what it
 * is not sure of, it leaves to GMime. Checked against GMime itself: the
 * whole mail corpus, and 20,000 messages built from fragments chosen for
 * their edges (folding, quoting, charsets, encodings, odd addresses).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"
#include "mail/gmime_load.h"
#include "mail/parse.h"
#include "mail/plain.h"
#include "mailcorpus.h"

/* Both readers on raw; -1 if plain declines, else 1 after checking they agree. */
static int differ(const char *raw, size_t len, const char *what)
{
	struct mail_msg p, g;
	const char *field;
	char err[256];
	int rc = mail_parse_plain(raw, len, &p);

	assert_true(rc == 0 || rc == 1);
	if (rc == 0)
		return -1;
	if (mail_parse_mime(raw, len, &g, err, sizeof(err))) {
		print_error("%s: taken by the plain reader, refused by GMime: %s\n", what, err);
		fail();
	}
	if ((field = mail_msg_differs(&p, &g))) {
		print_error("%s: the plain reader and GMime differ on %s\n---\n%.*s\n---\n"
			    "plain text: %s\nGMime text: %s\n", what, field, (int)len, raw, p.text, g.text);
		fail();
	}
	mail_msg_release(&p);
	mail_msg_release(&g);
	return 1;
}

static int differ_str(const char *raw)
{
	return differ(raw, strlen(raw), raw);
}

/* Runs first: nothing has loaded GMime yet in this process. */
static void test_mailplain_orders_without_gmime(void **state)
{
	const char *raw =
		"From: Ann Lee <ann@example.org>\r\n"
		"To: judge@example.org\r\n"
		"Subject: Re: tunnels: turn 3\r\n"
		"Message-ID: <4a.b@mail.example.org>\r\n"
		"References: <r1@judge.example>\r\n"
		" <r2@judge.example>\r\n"
		"MIME-Version: 1.0\r\n"
		"Content-Type: text/plain; charset=UTF-8; format=flowed\r\n"
		"Content-Transfer-Encoding: 8bit\r\n"
		"\r\n"
		"GAME tunnels\r\n"
		"SHIP Minx\r\n"
		"1-Move 2-Left\r\n"
		"Caf\xc3\xa9 \r\n"
		"au lait\r\n";
	const char *multipart =
		"From: ann@example.org\nMIME-Version: 1.0\n"
		"Content-Type: multipart/alternative; boundary=b\n\n"
		"--b\nContent-Type: text/plain\n\nGAME x\n--b--\n";
	struct mail_msg m;
	char err[128];

	(void)state;
	assert_false(gmimex_loaded());
	assert_int_equal(mail_parse(raw, strlen(raw), &m, err, sizeof(err)), 0);
	assert_false(gmimex_loaded());
	assert_string_equal(m.from, "ann@example.org");
	assert_string_equal(m.from_name, "Ann Lee");
	assert_string_equal(m.subject, "Re: tunnels: turn 3");
	assert_string_equal(m.message_id, "4a.b@mail.example.org");
	assert_string_equal(m.references, "<r1@judge.example> <r2@judge.example>");
	assert_string_equal(m.text, "GAME tunnels\nSHIP Minx\n1-Move 2-Left\nCaf\xc3\xa9 au lait\n");
	assert_true(m.has_text);
	assert_false(m.from_html);
	assert_false(m.automatic);
	mail_msg_release(&m);
	/* A MIME message loads GMime, once. */
	assert_int_equal(mail_parse(multipart, strlen(multipart), &m, err, sizeof(err)), 0);
	assert_true(gmimex_loaded());
	assert_string_equal(m.text, "GAME x");
	mail_msg_release(&m);
	/* And GMime agrees with what the plain reader made of the first one. */
	assert_int_equal(differ_str(raw), 1);
}

/* Each is taken, and read as GMime reads it. */
static void test_mailplain_takes_plain_mail(void **state)
{
	static const char *const taken[] = {
		"From: c1@example.org\nTo: judge@example.org\nSubject: orders\nMessage-ID: <1@bench>\n"
		"Date: Wed, 01 Jan 2025 00:10:00 +0000\n\nGAME m\nSHIP s\nPASSWORD p\nLAND\n",
		"From: <ann@example.org>\n\nx\n",
		"From: \"Lee, Ann\" <ann@example.org>\nSubject:  spaced  out \n\n",
		"From: Ann  Lee<ann@Example.ORG>\nSubject: folded\n\tline\n\nbody",
		"Subject: no sender\n\nbody\n",
		"From: MAILER-DAEMON@example.org\nSubject: failure\n\nbounced\n",
		"From: a+tag@b.c\nContent-Type: text/plain; charset=\"us-ascii\"\n"
		"Content-Transfer-Encoding: 7BIT\n\nascii\n",
		"From: a@b.c\nContent-Type: TEXT/PLAIN; FORMAT=FLOWED; DELSP=YES\n\nab \ncd\n",
		"From: a@b.c\nContent-Type: text/plain; charset=utf-8; reply-type=original\n\n"
		"\xc2\xa0nbsp and \xe2\x82\xac\n",
		NULL,
	};
	size_t i;

	(void)state;
	for (i = 0; taken[i]; i++) {
		if (differ_str(taken[i]) != 1) {
			print_error("declined: %s\n", taken[i]);
			fail();
		}
	}
}

/* The comparison every check here rests on sees each field. */
static void test_mailplain_differs_names_the_field(void **state)
{
	const char *a = "From: a@b.c\nSubject: one\n\nx\n";
	const char *b = "From: a@b.c\nSubject: two\n\nx\n";
	const char *c = "From: postmaster@b.c\nSubject: one\n\nx\n";
	struct mail_msg ma, mb, mc;

	(void)state;
	assert_int_equal(mail_parse_plain(a, strlen(a), &ma), 1);
	assert_int_equal(mail_parse_plain(b, strlen(b), &mb), 1);
	assert_int_equal(mail_parse_plain(c, strlen(c), &mc), 1);
	assert_null(mail_msg_differs(&ma, &ma));
	assert_string_equal(mail_msg_differs(&ma, &mb), "subject");
	assert_string_equal(mail_msg_differs(&ma, &mc), "from");
	free(mc.from);
	mc.from = strdup(ma.from);
	assert_string_equal(mail_msg_differs(&ma, &mc), "automatic");
	mc.automatic = ma.automatic;
	mc.from_html = 1;
	assert_string_equal(mail_msg_differs(&ma, &mc), "from_html");
	mail_msg_release(&ma);
	mail_msg_release(&mb);
	mail_msg_release(&mc);
}

/* Each is GMime's to read: the plain reader declines it. */
static void test_mailplain_declines_what_it_cannot_be_sure_of(void **state)
{
	static const char *const declined[] = {
		"From: a@b.c\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=x\n\n--x\n\n--x--\n",
		"From: a@b.c\nContent-Transfer-Encoding: base64\n\nR0FNRQo=\n",
		"From: a@b.c\nContent-Transfer-Encoding: quoted-printable\n\na=3Db\n",
		"From: a@b.c\nContent-Type: text/html\n\n<p>x</p>\n",
		"From: a@b.c\nContent-Type: text/plain; charset=koi8-r\n\nx\n",
		"From: a@b.c\nContent-Type: text/plain; charset*=utf-8''x\n\nx\n",
		"From: a@b.c\nSubject: =?utf-8?q?caf=C3=A9?=\n\nx\n",
		"From: =?utf-8?q?Ann?= <a@b.c>\n\nx\n",
		"From: a@b.c (Ann)\n\nx\n",
		"From: Ann <a@b.c>, Bob <d@e.f>\n\nx\n",
		"From: friends:;\n\nx\n",
		"From: \"Ann \\\"A\\\"\" <a@b.c>\n\nx\n",
		"From: a@xn--bcher-kva.example\n\nx\n",
		"From: a..b@c.d\n\nx\n",
		"From: a@b.c\nSubject: one\nSubject: two\n\nx\n",
		"From: a@b.c\nAuto-Submitted: auto-replied\n\naway\n",
		"From: a@b.c\nPrecedence: bulk\n\nx\n",
		"From: a@b.c\nList-Id: <l.example>\n\nx\n",
		"From: a@b.c\nContent-Disposition: attachment\n\nx\n",
		"From: a@b.c\nContent-Type: text/plain; charset=us-ascii\n\ncaf\xc3\xa9\n",
		"From: a@b.c\n\ncaf\xe9 in Latin-1\n",
		"From: a@b.c\n\nlone\rCR\n",
		"From: a@b.c\n\nNUL\0byte\n",
		"From: a@b.c\nX-Name: caf\xc3\xa9\n\nx\n",
		"From: a@b.c\nMessage-ID: <no at sign>\n\nx\n",
		"From: a@b.c\nSubject: headers only, no empty line\n",
		"From a@b.c Sat Jan  1 00:00:00 2025\nFrom: a@b.c\n\nmbox\n",
		" folded first line\nFrom: a@b.c\n\nx\n",
		"\nbody only\n",
		"",
		NULL,
	};
	size_t i;

	(void)state;
	for (i = 0; declined[i]; i++) {
		struct mail_msg m;
		/* The NUL one is measured to its end. */
		size_t len = strlen(declined[i]);

		if (strstr(declined[i], "NUL"))
			len += 1 + strlen(declined[i] + len + 1);
		if (mail_parse_plain(declined[i], len, &m) != 0) {
			print_error("taken: %s\n", declined[i]);
			mail_msg_release(&m);
			fail();
		}
	}
}

static void compare_one(const char *rel, void *ctx)
{
	char path[1024], *raw;
	size_t n = 0, *taken = ctx;

	mailcorpus_path(path, sizeof(path), rel);
	raw = mailcorpus_slurp(path, &n);
	assert_non_null(raw);
	if (differ(raw, n, rel) == 1)
		(*taken)++;
	free(raw);
}

static void test_mailplain_agrees_with_gmime_on_the_corpus(void **state)
{
	size_t taken = 0, files;

	(void)state;
	files = mailcorpus_each("", compare_one, &taken);
	assert_true(files >= 50);
	/* Most of the corpus is MIME; the plain messages in it (11 of 54) are taken. */
	assert_true(taken >= 10);
}

/* ---- generated messages ---- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static unsigned pick(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

#define ONE_OF(a) (a)[pick(sizeof(a) / sizeof((a)[0]))]
/* Half the time one of the first `good` ones, so that enough messages are taken. */
#define MOSTLY(a, good) (pick(2) ? (a)[pick(good)] : ONE_OF(a))

static const char *const froms[] = {
	"ann@example.org", "<ann@example.org>", "Ann Lee <ann@example.org>",
	"\"Lee, Ann\" <ann@example.org>", "Ann  Lee<ann@example.org>", "ann@Example.ORG",
	"a.b@c.d", "a..b@c.d", ".a@b.c", "a@b", "a@-b.c", "a@b-.c", "a@xn--bcher-kva.example",
	"ann@example.org (Ann)", "Ann <ann@example.org>, Bob <bob@example.org>", "friends:;",
	"\"Ann\\\"s\" <a@b.c>", "=?utf-8?q?Ann?= <a@b.c>", "MAILER-DAEMON@example.org",
	"noreply@x.org", "\" Ann \" <a@b.c>", "Ann.Lee <a@b.c>", "\"\" <a@b.c>", "Ann <a@b.c> ",
	"Ann\t<a@b.c>", "<a@b.c> Ann", "a@b.c.", "a'b@c.d", "a@[1.2.3.4]", "Ann <>", "", "Ann",
	"Ann <a@b.c", "\"Ann\" Lee <a@b.c>", "A_n-n{} <a@b.c>", "ann@example.org\n (folded)",
	"Ann Lee\n <ann@example.org>", "\"O'Brien, P.\" <p@ob.ie>", "<a@b.c>>", "<<a@b.c>",
	"postmaster@x.y", "a@b.c\t",
};

static const char *const subjects[] = {
	"orders", " orders ", "Re: turn 3", "x\ty", "=?utf-8?B?w6k=?=", "", "a  b",
	"hello\n  world", "hello\n\tworld", "trailing  ", "a=?b", "Re: [tunnels] turn 12 (late)",
	"\n folded at once", "x\n \n y",
};

static const char *const ids[] = {
	"<a@b>", "<1@bench>", "a@b", "<a b@c>", "<a..b@c>", "<>", "<a@b> (comment)", "<a@b.>",
	"<CAE-x_y=z+1@mail.gmail.com>", "<a@b><c@d>", "< a@b >", "<.a@b>", "<a@b@c>", "<a.@b>",
	"<@b>", "<a@>", "<a@b.c.d>", "<\"q\"@b>", "<a@[1.2.3.4]>",
};

static const char *const refs[] = {
	"<a@b>", "<a@b>\n <c@d>", "<a@b>\n\t<c@d>", "  <x@y>  ", "=?x?=", "<a@b> <c@d>", "",
};

static const char *const types[] = {
	"text/plain", "text/plain; charset=us-ascii", "text/plain; charset=\"UTF-8\"",
	"text/plain; charset=utf-8; format=flowed", "text/plain; charset=utf-8; format=flowed; delsp=yes",
	"TEXT/PLAIN; CHARSET=UTF-8; FORMAT=FLOWED", "text/plain; charset=iso-8859-1",
	"text/plain; charset=koi8-r", "text/html; charset=utf-8", "text/plain; charset*=utf-8''x",
	"text/plain;", "text/plain; charset=utf-8;\n\tformat=flowed", "multipart/alternative; boundary=x",
	"text/plain; name=\"a.txt\"", "text/plain (comment)", "text/plain; charset=windows-1252",
	"text/plain; format=fixed", "text/plain;charset=utf-8", "text/plain ; charset=utf-8",
	"text/plain; charset=utf-8; charset=us-ascii", "text/plainx", "text/plain; delsp=yes",
	"text/plain; format=\"flowed\"", "text/plain; charset=\"utf-8", "text/plain; x=\"a\\\"b\"",
};

static const char *const encodings[] = {
	"7bit", "8bit", "quoted-printable", "base64", "7BIT", "binary", " 8bit ", "x-uuencode",
};

static const char *const extras[] = {
	"Content-Disposition: inline", "Auto-Submitted: no", "Precedence: bulk", "X-Foo: =?x?=",
	"MIME-Version: 1.0", "Date: Wed, 01 Jan 2025 00:10:00 +0000", "To: judge@example.org",
	"X-Name: caf\xc3\xa9", "In-Reply-To: <r@judge>", "X-Autoreply: yes", "List-Id: x",
	"X-Empty:", "x-mixed-Case: y", "Subject: again",
};

static const char *const bodies[] = {
	"GAME m\nSHIP s\n", "", "line1\r\nline2\r\n", "flowed line \nnext\n", "> q \n> r\n",
	"caf\xc3\xa9\n", "caf\xe9\n", "a\rb\n", "nbsp\xc2\xa0x\n", "\xef\xbb\xbf" "bom\n",
	"no newline at end", "-- \nsig\n", "\n\nblank lines\n\n", "ab \ncd \n", "\xed\xa0\x80 surrogate\n",
	"\xf0\x9f\x9a\x80 rocket\n", "\xc0\xaf overlong\n", "trailing CR\r",
};

/* A header line "Name: value" with the message's line end, folds too. */
static void add_header(struct strbuf *sb, const char *name, const char *value, int crlf)
{
	const char *p;

	strbuf_addstr(sb, name);
	strbuf_addstr(sb, ":");
	if (pick(8))
		strbuf_addch(sb, ' ');
	for (p = value; *p; p++) {
		if (*p == '\n' && crlf)
			strbuf_addch(sb, '\r');
		strbuf_addch(sb, *p);
	}
	strbuf_addstr(sb, crlf ? "\r\n" : "\n");
}

static void test_mailplain_agrees_with_gmime_on_generated_mail(void **state)
{
	int n, taken = 0, declined = 0;

	(void)state;
	for (n = 0; n < 20000; n++) {
		struct strbuf sb = STRBUF_INIT;
		int crlf = (int)pick(2), order[7], i, k;
		const char *body = MOSTLY(bodies, 6), *b;
		char what[32];

		for (i = 0; i < 7; i++)
			order[i] = i;
		for (i = 6; i > 0; i--) {
			int j = (int)pick((unsigned)i + 1), t = order[i];

			order[i] = order[j];
			order[j] = t;
		}
		for (k = 0; k < 7; k++) {
			switch (order[k]) {
			case 0:
				if (pick(10))
					add_header(&sb, pick(6) ? "From" : "FROM", MOSTLY(froms, 7), crlf);
				break;
			case 1:
				if (pick(4))
					add_header(&sb, "Subject", MOSTLY(subjects, 4), crlf);
				break;
			case 2:
				if (pick(3))
					add_header(&sb, pick(4) ? "Message-ID" : "Message-Id", MOSTLY(ids, 2), crlf);
				break;
			case 3:
				if (!pick(3))
					add_header(&sb, "References", MOSTLY(refs, 3), crlf);
				break;
			case 4:
				if (pick(2))
					add_header(&sb, "Content-Type", MOSTLY(types, 7), crlf);
				break;
			case 5:
				if (!pick(3))
					add_header(&sb, "Content-Transfer-Encoding", MOSTLY(encodings, 2), crlf);
				break;
			default:
				if (!pick(3)) {
					const char *x = ONE_OF(extras), *colon = strchr(x, ':');
					char name[64];

					snprintf(name, sizeof(name), "%.*s", (int)(colon - x), x);
					add_header(&sb, name, colon[1] == ' ' ? colon + 2 : colon + 1, crlf);
				}
			}
		}
		strbuf_addstr(&sb, crlf ? "\r\n" : "\n");
		for (b = body; *b; b++) {
			if (*b == '\n' && crlf && (b == body || b[-1] != '\r'))
				strbuf_addch(&sb, '\r');
			strbuf_addch(&sb, *b);
		}
		assert_false(sb.failed);
		snprintf(what, sizeof(what), "generated #%d", n);
		if (differ(sb.buf, sb.len, what) == 1)
			taken++;
		else
			declined++;
		strbuf_release(&sb);
	}
	/* Both sides of the line are exercised. */
	assert_true(taken >= 2000);
	assert_true(declined >= 2000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mailplain_orders_without_gmime),
		cmocka_unit_test(test_mailplain_takes_plain_mail),
		cmocka_unit_test(test_mailplain_differs_names_the_field),
		cmocka_unit_test(test_mailplain_declines_what_it_cannot_be_sure_of),
		cmocka_unit_test(test_mailplain_agrees_with_gmime_on_the_corpus),
		cmocka_unit_test(test_mailplain_agrees_with_gmime_on_generated_mail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
