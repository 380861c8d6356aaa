/*
 * The header paths (issue 14.2): raw message bytes as `mxjudge receive`
 * gets them, through what the judge reads from the header section
 * (mail/headers.h), the parsers' Message-ID and Subject, and the answer
 * mime_build writes from them. Whatever comes in, the answer's header
 * section is made of the judge's own fields and folded continuations,
 * CR LF only at line ends, no NUL; every value read is bounded and free
 * of control characters; a Message-ID kept is a valid token.
 */
#include "fuzz.h"

#include <time.h>

#include "mail/headers.h"
#include "mail/mime.h"
#include "mail/parse.h"

static void no_controls(const char *s, const char *what)
{
	for (; *s; s++)
		FUZZ_ASSERT((unsigned char)*s >= 0x20 && *s != 0x7f, "%s: control byte 0x%02x", what,
			    (unsigned char)*s);
}

static void own_headers(const char *msg, size_t len)
{
	static const char *const own[] = { "Date:", "From:", "To:", "Subject:", "Message-ID:",
					   "In-Reply-To:", "References:", "Auto-Submitted:", "X-Loop:",
					   "MIME-Version:", "Content-Type:",
					   "Content-Transfer-Encoding:", NULL };
	size_t i = 0;

	FUZZ_ASSERT(!memchr(msg, '\0', len), "a NUL in the answer");
	while (i < len && !(i + 1 < len && msg[i] == '\r' && msg[i + 1] == '\n')) {
		const char *eol = memchr(msg + i, '\n', len - i);
		size_t n, k;
		int ok = msg[i] == ' ' || msg[i] == '\t';

		FUZZ_ASSERT(eol && eol > msg + i && eol[-1] == '\r', "a header line without CR LF");
		n = (size_t)(eol - (msg + i)) - 1;
		FUZZ_ASSERT(!memchr(msg + i, '\r', n), "a CR inside a header line");
		for (k = 0; own[k] && !ok; k++)
			ok = n >= strlen(own[k]) && !strncmp(msg + i, own[k], strlen(own[k]));
		FUZZ_ASSERT(ok, "a header the judge never writes: %.*s", (int)(n > 60 ? 60 : n), msg + i);
		i += n + 2;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *raw = (const char *)data;
	static const char *const names[] = { "Message-ID", "Subject", "From", "Date",
					     "References", "Return-Path", NULL };
	char v[512], id[MAIL_MSGID_MAX + 1], subject[200];
	struct mail_msg m;
	struct mime_msg mm;
	char err[256], *out;
	size_t i, len;
	time_t t;

	FUZZ_ASSERT(mail_header_end(raw, size) <= size, "body past the end");
	for (i = 0; names[i]; i++)
		if (mail_header_get(raw, size, names[i], v, sizeof(v))) {
			FUZZ_ASSERT(strlen(v) < sizeof(v), "value past its buffer");
			no_controls(v, names[i]);
		}
	(void)mail_auto_reason(raw, size);
	if (mail_header_get(raw, size, "Message-ID", v, sizeof(v)) &&
	    mail_msgid_from_value(v, id, sizeof(id)))
		FUZZ_ASSERT(mail_msgid_valid(id), "a Message-ID kept that is not valid");
	if (mail_header_get(raw, size, "Date", v, sizeof(v)))
		(void)mail_date_parse(v, &t);
	/* As receive answers: the parsed Message-ID and Subject into a reply. */
	if (mail_parse(raw, size, &m, err, sizeof(err)) != 0)
		return 0;
	FUZZ_ASSERT(!m.message_id[0] || mail_msgid_valid(m.message_id), "parsed Message-ID unfit");
	mail_header_text(m.subject, subject, sizeof(subject));
	no_controls(subject, "subject");
	memset(&mm, 0, sizeof(mm));
	mm.from = "judge@example.org";
	mm.from_name = m.from_name;
	mm.to = "ann@example.org";
	mm.subject = subject;
	mm.message_id = "mxjudge.1.abc@example.org";
	mm.in_reply_to = m.message_id;
	mm.text = "Orders received.\n";
	mm.answer = 1;
	out = mime_build(&mm, &len);
	FUZZ_ASSERT(out != NULL, "no answer built: %s", mime_check(&mm) ? mime_check(&mm) : "memory");
	own_headers(out, len);
	free(out);
	mail_msg_release(&m);
	return 0;
}
