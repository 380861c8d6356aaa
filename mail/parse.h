/*
 * mail/parse: one RFC 5322 message (MIME, any transfer encoding, any
 * charset, CRLF or LF) into what the judge reads: the sender, a few
 * headers and the body as UTF-8 text with LF line ends. The text comes
 * from the first text/plain part that is not an attachment, else from the
 * first text/html part turned into text (mail/html.h); the first
 * text/plain attachment is kept apart (orders may come in one), and the
 * other attachments are counted, never read. A plain message
 * (one text/plain part, 7-bit or UTF-8, simple headers) is read by
 * mail/plain.h without GMime; anything else goes to GMime, loaded the
 * first time one does (mail/gmime_load.h). Both give the same result for
 * every message the plain reader takes: tests/test_mailplain.c and the
 * mail fuzzer check it. No GLib type leaves this file.
 *
 * Ownership: mail_parse() fills a struct mail_msg whose strings are
 * malloc'd; mail_msg_release() frees them. Every string is set ("" when
 * the message has no such thing), and every one is valid UTF-8.
 */
#ifndef MX_MAIL_PARSE_H
#define MX_MAIL_PARSE_H

#include <stddef.h>

struct mail_msg {
	char *from;		/* the sender's address (addr-spec), "" if none */
	char *from_name;	/* the display name, decoded */
	char *subject;		/* decoded */
	char *message_id;	/* without the angle brackets */
	char *references;	/* the References header as it came */
	char *text;		/* the body text */
	int from_html;		/* 1: text was made from an HTML part */
	int has_text;		/* 0: no text or HTML part at all */
	int automatic;		/* an auto-reply, bounce or list mail: never answered */
	char *attached;		/* the first text/plain attachment's text (at most
				   MAIL_ATTACH_LIMIT bytes), "" if none */
	int ignored_parts;	/* attachments not read (not text/plain, a second
				   one, or too large), of at most MAIL_MAX_PARTS */
};

/* Orders are small: a text/plain attachment over this is not read. */
#define MAIL_ATTACH_LIMIT ((size_t)64 << 10)
/* The parts of a message looked at, at most (a bomb of parts stops there). */
#define MAIL_MAX_PARTS 256

/*
 * 0, or -1 with err when the bytes are not a message at all, or
 * MAIL_PARSE_UNAVAILABLE with err when the message needs GMime and GMime
 * cannot be loaded (keep the message and read it again later).
 */
#define MAIL_PARSE_UNAVAILABLE (-2)
/* Text made from HTML stops once past this (a mail with more is too large to read). */
#define MAIL_TEXT_LIMIT ((size_t)1 << 20)
int mail_parse(const char *raw, size_t len, struct mail_msg *out, char *err, size_t errlen);
/* The same, always through GMime. */
int mail_parse_mime(const char *raw, size_t len, struct mail_msg *out, char *err, size_t errlen);
/* 1 when mail from this address is never answered (a mailer daemon, or no address). */
int mail_from_is_automatic(const char *from);
void mail_msg_release(struct mail_msg *m);
/* The name of the first field in which a and b differ ("text"...), NULL if none. */
const char *mail_msg_differs(const struct mail_msg *a, const struct mail_msg *b);

/*
 * Text helpers, also used on their own: valid UTF-8 with LF line ends
 * (invalid bytes read as ISO-8859-1, NUL dropped, CR LF and lone CR made
 * LF, no-break spaces made spaces); and RFC 3676 format=flowed undone.
 */
char *mail_text_clean(const char *s, size_t len);
/* The length of the valid UTF-8 sequence at s (n bytes there), 0 if invalid (strict). */
size_t mail_utf8_len(const unsigned char *s, size_t n);
char *mail_unflow(const char *text, int delsp);

#endif
