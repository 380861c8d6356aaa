/*
 * The mail reader: raw message bytes as `mxjudge receive` gets them,
 * through mail_parse (GMime: MIME, transfer encodings, charsets, HTML-only
 * mail, format=flowed), then reply_text and the submission parser, as
 * receive does before it looks anything up in the database.
 *
 * Every string mail_parse returns is valid UTF-8 with LF line ends; the
 * reply stripper only keeps lines of its input, in order (so it never
 * returns more than its input, give or take the last line's '\n'), and
 * reply_text is the signature cut of the quote cut. The same checks run
 * on the raw bytes as text (mail_text_clean), which reaches the stripper,
 * html_to_text and mail_unflow without GMime in the way.
 *
 * Differential: whatever the plain reader (mail/plain.h) takes, GMime
 * reads the same, field by field.
 */
#include "fuzz.h"

#include "core/hovercrafts/orders.h"
#include "mail/html.h"
#include "mail/parse.h"
#include "mail/plain.h"
#include "mail/reply.h"

/* Strict UTF-8 (no overlongs, surrogates or code points past U+10FFFF); no CR if lf. */
static void valid_text(const char *s, const char *what, int lf)
{
	const unsigned char *p = (const unsigned char *)s;

	FUZZ_ASSERT(s != NULL, "%s: NULL", what);
	while (*p) {
		unsigned cp;
		int n, i;

		if (*p < 0x80) {
			FUZZ_ASSERT(!lf || *p != '\r', "%s: CR at byte %zu", what, (size_t)(p - (const unsigned char *)s));
			p++;
			continue;
		}
		if (*p >= 0xc2 && *p <= 0xdf) {
			n = 2;
			cp = *p & 0x1f;
		} else if (*p >= 0xe0 && *p <= 0xef) {
			n = 3;
			cp = *p & 0x0f;
		} else if (*p >= 0xf0 && *p <= 0xf4) {
			n = 4;
			cp = *p & 0x07;
		} else {
			FUZZ_ASSERT(0, "%s: byte 0x%02x at %zu starts no UTF-8 sequence", what, *p,
				    (size_t)(p - (const unsigned char *)s));
		}
		for (i = 1; i < n; i++) {
			FUZZ_ASSERT((p[i] & 0xc0) == 0x80, "%s: cut UTF-8 sequence at %zu", what,
				    (size_t)(p - (const unsigned char *)s));
			cp = cp << 6 | (p[i] & 0x3f);
		}
		FUZZ_ASSERT(!(n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) &&
			    !(n == 4 && (cp < 0x10000 || cp > 0x10ffff)),
			    "%s: overlong, surrogate or too big: U+%X", what, cp);
		p += n;
	}
}

/* Every line of out is a line of in, in order. */
static void kept_lines(const char *in, const char *out, const char *what)
{
	size_t lin = strlen(in), lout = strlen(out);
	const char *p = in, *q = out;

	FUZZ_ASSERT(lout <= lin + 1 && (lout <= lin || (lin && in[lin - 1] != '\n')),
		    "%s: %zu bytes out of %zu", what, lout, lin);
	FUZZ_ASSERT(!lout || out[lout - 1] == '\n', "%s: last line without LF", what);
	while (*q) {
		const char *qe = strchr(q, '\n');
		size_t qn = (size_t)(qe - q);

		for (;;) {
			const char *start = p, *pe;
			size_t pn;

			FUZZ_ASSERT(*p, "%s: line \"%.*s\" is not a line of the input (in order)", what,
				    (int)(qn > 80 ? 80 : qn), q);
			pe = strchr(p, '\n');
			pn = pe ? (size_t)(pe - p) : strlen(p);
			p = pe ? pe + 1 : p + pn;
			if (pn == qn && !memcmp(start, q, qn))
				break;
		}
		q = qe + 1;
	}
}

static void orders(const char *text)
{
	struct orders_doc doc;
	char err[512];
	size_t i;

	orders_doc_init(&doc);
	if (orders_parse(&doc, text, "mail", ORDERS_SUBMISSION, err, sizeof(err)) < 0) {
		FUZZ_ASSERT(doc.n == 0 && doc.blocks == NULL, "failed parse left %zu blocks", doc.n);
		return;
	}
	for (i = 0; i < doc.n; i++)
		FUZZ_ASSERT(doc.blocks[i].n >= 0 && doc.blocks[i].n <= ORDERS_MAX_ACTIONS,
			    "block %zu has %d actions", i, doc.blocks[i].n);
	orders_doc_release(&doc);
}

/* What receive does with a body: the reply's own text, then orders in it. */
static void strip(const char *text)
{
	char *q = reply_strip_quotes(text), *s = reply_strip_signature(text), *r = reply_text(text),
	     *sq, *ss;

	FUZZ_ASSERT(q && s && r, "reply stripper returned NULL");
	valid_text(q, "reply_strip_quotes", 1);
	valid_text(s, "reply_strip_signature", 1);
	kept_lines(text, q, "reply_strip_quotes");
	kept_lines(text, s, "reply_strip_signature");
	kept_lines(q, r, "reply_text after the quotes");
	sq = reply_strip_signature(q);
	FUZZ_ASSERT(sq && !strcmp(sq, r), "reply_text is not the signature cut of the quote cut");
	/* Cutting at the signature again cuts nothing more. */
	ss = reply_strip_signature(s);
	FUZZ_ASSERT(ss && !strcmp(ss, s), "reply_strip_signature is not idempotent");
	orders(r);
	free(ss);
	free(sq);
	free(r);
	free(s);
	free(q);
}

static void differential(const uint8_t *data, size_t size)
{
	struct mail_msg plain, mime;
	const char *field;
	char err[512];
	int rc = mail_parse_plain((const char *)data, size, &plain);

	FUZZ_ASSERT(rc == 0 || rc == 1, "mail_parse_plain: %d", rc);
	if (rc != 1)
		return;
	FUZZ_ASSERT(mail_parse_mime((const char *)data, size, &mime, err, sizeof(err)) == 0,
		    "the plain reader took what GMime refuses: %s", err);
	field = mail_msg_differs(&plain, &mime);
	FUZZ_ASSERT(!field, "the plain reader and GMime differ on %s", field);
	mail_msg_release(&plain);
	mail_msg_release(&mime);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mail_msg msg;
	char err[512], *clean, *t;
	size_t i, nul = 0;

	if (mail_parse((const char *)data, size, &msg, err, sizeof(err)) == 0) {
		valid_text(msg.from, "from", 1);
		valid_text(msg.from_name, "from_name", 1);
		valid_text(msg.subject, "subject", 1);
		valid_text(msg.message_id, "message_id", 1);
		valid_text(msg.references, "references", 1);
		valid_text(msg.text, "text", 1);
		FUZZ_ASSERT(msg.has_text || !msg.text[0], "text without a text part");
		FUZZ_ASSERT(!msg.from_html || msg.has_text, "from_html without a text part");
		FUZZ_ASSERT(msg.automatic || msg.from[0], "no sender, yet not automatic");
		/* A text/plain attachment is read bounded, like any text; others only counted. */
		valid_text(msg.attached, "attached", 1);
		FUZZ_ASSERT(strlen(msg.attached) <= MAIL_ATTACH_LIMIT, "attachment of %zu bytes",
			    strlen(msg.attached));
		FUZZ_ASSERT(msg.ignored_parts >= 0 && msg.ignored_parts <= MAIL_MAX_PARTS,
			    "%d parts ignored", msg.ignored_parts);
		strip(msg.text);
		mail_msg_release(&msg);
	} else {
		FUZZ_ASSERT(err[0], "mail_parse failed without a reason");
	}

	differential(data, size);

	/* The bytes as text: what the helpers promise on their own. */
	clean = mail_text_clean((const char *)data, size);
	FUZZ_ASSERT(clean != NULL, "mail_text_clean returned NULL");
	valid_text(clean, "mail_text_clean", 1);
	for (i = 0; i < size; i++)
		nul += data[i] == '\0';
	/* Bytes only go (NUL, the CR of CR LF) or grow (Latin-1 read as UTF-8). */
	FUZZ_ASSERT(strlen(clean) <= 2 * size, "mail_text_clean: %zu bytes from %zu", strlen(clean), size);
	FUZZ_ASSERT(nul == size || strlen(clean) > 0, "mail_text_clean lost everything");
	strip(clean);
	t = html_to_text(clean);
	FUZZ_ASSERT(t != NULL, "html_to_text returned NULL");
	valid_text(t, "html_to_text", 1);
	free(t);
	t = mail_unflow(clean, (int)(fuzz_hash(data, size) & 1));
	FUZZ_ASSERT(t != NULL, "mail_unflow returned NULL");
	valid_text(t, "mail_unflow", 1);
	free(t);
	free(clean);
	return 0;
}
