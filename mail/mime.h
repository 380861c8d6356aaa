/*
 * mail/mime: outgoing messages as RFC 5322 / MIME text, built by hand so
 * every byte is known: CRLF line ends, no line over 78 octets, headers
 * with non-ASCII text as RFC 2047 encoded words (UTF-8, base64), bodies
 * as 7bit when they are short-lined ASCII, else quoted-printable UTF-8.
 * With html set the message is multipart/alternative: the text, and an
 * HTML part with the same text HTML-escaped in a <pre>, so a map stays
 * aligned in mail clients that show proportional fonts. With an image as
 * well (the board as a PNG), the HTML part shows it above the text
 * (<img src="cid:...">), the two in a multipart/related; the text part
 * stays as it is.
 *
 * Ownership: mime_build() returns a malloc'd message; the encoders append
 * to a strbuf the caller owns. Inputs are borrowed UTF-8 strings.
 */
#ifndef MX_MAIL_MIME_H
#define MX_MAIL_MIME_H

#include <stddef.h>
#include <time.h>

#include "lib/strbuf.h"

struct mime_msg {
	const char *from;		/* addr-spec */
	const char *from_name;		/* display name or NULL */
	const char *to;			/* addr-spec */
	const char *subject;
	const char *message_id;		/* without <> */
	const char *in_reply_to;	/* without <>, or NULL/"" */
	time_t date;
	const char *text;		/* the body, LF line ends */
	int html;			/* add the <pre> HTML alternative */
	int answer;			/* an answer to a mail: Auto-Submitted: auto-replied */
	const unsigned char *image;	/* with html: a PNG the HTML part shows, or NULL */
	size_t image_len;
};

/*
 * The whole message; *len its length. NULL when memory ran out or a
 * field is unfit for a header (mime_check() says which). Every message
 * carries Auto-Submitted (RFC 3834) and X-Loop naming the sender, so no
 * responder answers it and the judge knows its own mail coming back.
 */
char *mime_build(const struct mime_msg *m, size_t *len);
/*
 * NULL when every field is fit for its header, else why not: the
 * addresses and Message-ID are single tokens of printable ASCII (no CR,
 * LF, NUL, blank, '<' or '>'). An in_reply_to that is no valid
 * Message-ID (mail/headers.h) is never an error: it is left out.
 */
const char *mime_check(const struct mime_msg *m);

/* "Name: value" folded, value encoded as RFC 2047 words where needed. */
void mime_header(struct strbuf *sb, const char *name, const char *value);
/* An address header: "Name: Display <addr>", the display name encoded or quoted. */
void mime_address(struct strbuf *sb, const char *name, const char *display, const char *addr);
/* text as quoted-printable, CRLF, lines of at most 76 octets. */
void mime_qp(struct strbuf *sb, const char *text);
/* RFC 5322 date, "Sat, 01 Mar 2025 18:00:00 +0000" (always UTC). */
void mime_date(time_t t, char *buf, size_t len);
/* 1 when text is ASCII with lines of at most 78 octets (7bit is enough). */
int mime_is_7bit(const char *text);

#endif
