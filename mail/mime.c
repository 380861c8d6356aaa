/*
 * mail/mime: outgoing messages as RFC 5322 / MIME text built by hand
 * (mail/mime.h).
 */
#include "mime.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "headers.h"

#define LINE_MAX_OCTETS 78	/* RFC 5322 2.1.1: SHOULD; 998 is the MUST */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void base64(struct strbuf *sb, const unsigned char *s, size_t n)
{
	size_t i;

	for (i = 0; i + 2 < n; i += 3) {
		strbuf_addch(sb, b64[s[i] >> 2]);
		strbuf_addch(sb, b64[((s[i] & 3) << 4) | (s[i + 1] >> 4)]);
		strbuf_addch(sb, b64[((s[i + 1] & 15) << 2) | (s[i + 2] >> 6)]);
		strbuf_addch(sb, b64[s[i + 2] & 63]);
	}
	if (n - i == 1) {
		strbuf_addch(sb, b64[s[i] >> 2]);
		strbuf_addch(sb, b64[(s[i] & 3) << 4]);
		strbuf_addstr(sb, "==");
	} else if (n - i == 2) {
		strbuf_addch(sb, b64[s[i] >> 2]);
		strbuf_addch(sb, b64[((s[i] & 3) << 4) | (s[i + 1] >> 4)]);
		strbuf_addch(sb, b64[(s[i + 1] & 15) << 2]);
		strbuf_addch(sb, '=');
	}
}

static int ascii_printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x7f || ((unsigned char)*s < 0x20 && *s != '\t'))
			return 0;
	return 1;
}

/*
 * Encoded words for s, each of at most 36 bytes of UTF-8 (64 octets as
 * a word), never splitting a character; words after the first start a
 * folded line. col is where the first word starts.
 */
static void encoded_words(struct strbuf *sb, const char *s, size_t col)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s), i = 0;

	while (i < n) {
		size_t take = n - i > 36 ? 36 : n - i;

		/* Back off to a character boundary. */
		while (take < n - i && take > 0 && (p[i + take] & 0xc0) == 0x80)
			take--;
		if (take == 0)
			take = 1;
		if (i > 0 || col + 12 + (take + 2) / 3 * 4 > LINE_MAX_OCTETS)
			strbuf_addstr(sb, i > 0 ? "\r\n " : "");
		strbuf_addstr(sb, "=?UTF-8?B?");
		base64(sb, p + i, take);
		strbuf_addstr(sb, "?=");
		i += take;
	}
}

/* ASCII text folded at blanks so no line passes 78 octets where it can be helped. */
static void folded(struct strbuf *sb, const char *s, size_t col)
{
	while (*s) {
		size_t n = strlen(s), cut;

		if (col + n <= LINE_MAX_OCTETS) {
			strbuf_addstr(sb, s);
			return;
		}
		/* The last blank that keeps the line short, else the first one at all. */
		for (cut = LINE_MAX_OCTETS - col; cut > 0 && s[cut] != ' '; cut--)
			;
		if (cut == 0) {
			const char *sp = strchr(s + 1, ' ');

			if (!sp) {
				strbuf_addstr(sb, s);
				return;
			}
			cut = (size_t)(sp - s);
		}
		strbuf_add(sb, s, cut);
		strbuf_addstr(sb, "\r\n");
		s += cut;	/* the blank starts the continuation line */
		col = 0;
	}
}

void mime_header(struct strbuf *sb, const char *name, const char *value)
{
	size_t col = strlen(name) + 2;

	strbuf_addf(sb, "%s: ", name);
	if (ascii_printable(value) && !strstr(value, "=?"))
		folded(sb, value, col);
	else
		encoded_words(sb, value, col);
	strbuf_addstr(sb, "\r\n");
}

void mime_address(struct strbuf *sb, const char *name, const char *display, const char *addr)
{
	size_t start = sb->len;

	strbuf_addf(sb, "%s: ", name);
	if (display && *display) {
		if (!ascii_printable(display) || strstr(display, "=?")) {
			encoded_words(sb, display, strlen(name) + 2);
		} else if (strpbrk(display, "()<>[]:;@\\,.\"")) {
			const char *p;

			strbuf_addch(sb, '"');
			for (p = display; *p; p++) {
				if (*p == '"' || *p == '\\')
					strbuf_addch(sb, '\\');
				strbuf_addch(sb, *p);
			}
			strbuf_addch(sb, '"');
		} else {
			strbuf_addstr(sb, display);
		}
		/* Fold before the address when the line would be long. */
		if (sb->len - start + strlen(addr) + 3 > LINE_MAX_OCTETS)
			strbuf_addstr(sb, "\r\n");
		strbuf_addf(sb, " <%s>", addr);
	} else {
		strbuf_addstr(sb, addr);
	}
	strbuf_addstr(sb, "\r\n");
}

void mime_qp(struct strbuf *sb, const char *text)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)text;

	while (*p) {
		const unsigned char *eol = (const unsigned char *)strchr((const char *)p, '\n');
		size_t col = 0, n;

		if (!eol)
			eol = p + strlen((const char *)p);
		n = (size_t)(eol - p);
		if (n && p[n - 1] == '\r')
			n--;
		for (size_t i = 0; i < n; i++) {
			unsigned char c = p[i];
			int esc = c == '=' || c >= 0x7f || (c < 0x20 && c != '\t') ||
				  ((c == ' ' || c == '\t') && i + 1 == n) ||
				  (i == 0 && c == 'F' && n >= 5 && !memcmp(p, "From ", 5)) ||
				  (i == 0 && c == '.');
			size_t w = esc ? 3 : 1;

			if (col + w > 75) {
				strbuf_addstr(sb, "=\r\n");
				col = 0;
			}
			if (esc) {
				strbuf_addch(sb, '=');
				strbuf_addch(sb, hex[c >> 4]);
				strbuf_addch(sb, hex[c & 15]);
			} else {
				strbuf_addch(sb, (char)c);
			}
			col += w;
		}
		strbuf_addstr(sb, "\r\n");
		p = *eol ? eol + 1 : eol;
	}
}

int mime_is_7bit(const char *text)
{
	size_t col = 0;

	for (; *text; text++) {
		unsigned char c = (unsigned char)*text;

		if (c == '\n') {
			col = 0;
			continue;
		}
		if (c >= 0x7f || (c < 0x20 && c != '\t' && c != '\r') || ++col > LINE_MAX_OCTETS)
			return 0;
	}
	return 1;
}

void mime_date(time_t t, char *buf, size_t len)
{
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm;

	gmtime_r(&t, &tm);
	snprintf(buf, len, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[tm.tm_wday % 7],
		 tm.tm_mday, months[tm.tm_mon % 12], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
		 tm.tm_sec);
}

/* A body part's headers and content; 7bit when that is enough and safe. */
static void text_part(struct strbuf *sb, const char *type, const char *text,
		      const char *boundary)
{
	int plain = mime_is_7bit(text) && (!boundary || !strstr(text, boundary));

	strbuf_addf(sb, "Content-Type: %s; charset=utf-8\r\n", type);
	strbuf_addf(sb, "Content-Transfer-Encoding: %s\r\n\r\n", plain ? "7bit" : "quoted-printable");
	if (plain) {
		const char *p = text;

		while (*p) {
			const char *eol = strchr(p, '\n');
			size_t n = eol ? (size_t)(eol - p) : strlen(p);

			strbuf_add(sb, p, n && p[n - 1] == '\r' ? n - 1 : n);
			strbuf_addstr(sb, "\r\n");
			p += n + (eol ? 1 : 0);
		}
	} else {
		mime_qp(sb, text);
	}
}

/* bytes as base64 (RFC 2045), lines of 76 characters, each ended by CRLF. */
static void base64_lines(struct strbuf *sb, const unsigned char *d, size_t n)
{
	static const char a[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	size_t i, col = 0;

	for (i = 0; i < n; i += 3) {
		unsigned v = (unsigned)d[i] << 16;
		char q[4];

		if (i + 1 < n)
			v |= (unsigned)d[i + 1] << 8;
		if (i + 2 < n)
			v |= d[i + 2];
		q[0] = a[(v >> 18) & 63];
		q[1] = a[(v >> 12) & 63];
		q[2] = i + 1 < n ? a[(v >> 6) & 63] : '=';
		q[3] = i + 2 < n ? a[v & 63] : '=';
		strbuf_add(sb, q, 4);
		col += 4;
		if (col == 76) {
			strbuf_addstr(sb, "\r\n");
			col = 0;
		}
	}
	if (col)
		strbuf_addstr(sb, "\r\n");
}

static void html_escape(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': strbuf_addstr(sb, "&amp;"); break;
		case '<': strbuf_addstr(sb, "&lt;"); break;
		case '>': strbuf_addstr(sb, "&gt;"); break;
		case '"': strbuf_addstr(sb, "&quot;"); break;
		default: strbuf_addch(sb, *s);
		}
	}
}

/* An address or Message-ID fit to stand in a header as it is: one printable token. */
static int header_token(const char *s, int need_at)
{
	const char *p;

	if (!s || !*s || strlen(s) > 254)
		return 0;
	for (p = s; *p; p++)
		if ((unsigned char)*p <= 0x20 || (unsigned char)*p >= 0x7f || *p == '<' || *p == '>' ||
		    *p == '"' || *p == '(' || *p == ')' || *p == ',' || *p == ';' || *p == '\\')
			return 0;
	return !need_at || strchr(s, '@');
}

const char *mime_check(const struct mime_msg *m)
{
	if (!header_token(m->from, 1))
		return "the sender's address is not one printable address (MXJUDGE_FROM)";
	if (!header_token(m->to, 1))
		return "the recipient's address is not one printable address";
	if (!header_token(m->message_id, 1))
		return "the Message-ID is not one printable token";
	return NULL;
}

char *mime_build(const struct mime_msg *m, size_t *len)
{
	struct strbuf sb = STRBUF_INIT, html = STRBUF_INIT;
	char date[64], boundary[64], related[64], cid[64];
	uint32_t h = 2166136261u;
	const char *p;
	int image = m->image && m->image_len;

	/* Every header is built from checked tokens: nothing from a mail ends a line. */
	if (mime_check(m))
		return NULL;
	mime_date(m->date, date, sizeof(date));
	mime_header(&sb, "Date", date);
	mime_address(&sb, "From", m->from_name, m->from);
	mime_address(&sb, "To", NULL, m->to);
	mime_header(&sb, "Subject", m->subject ? m->subject : "");
	strbuf_addf(&sb, "Message-ID: <%s>\r\n", m->message_id);
	if (m->in_reply_to && mail_msgid_valid(m->in_reply_to)) {
		strbuf_addf(&sb, "In-Reply-To: <%s>\r\n", m->in_reply_to);
		strbuf_addf(&sb, "References: <%s>\r\n", m->in_reply_to);
	}
	/* RFC 3834: no vacation responder should answer the judge, nor the judge itself. */
	strbuf_addf(&sb, "Auto-Submitted: %s\r\n", m->answer ? "auto-replied" : "auto-generated");
	strbuf_addf(&sb, "X-Loop: %s\r\n", m->from);
	strbuf_addstr(&sb, "MIME-Version: 1.0\r\n");
	if (!m->html) {
		text_part(&sb, "text/plain", m->text, NULL);
		goto done;
	}
	for (p = m->message_id; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	/* "=_" never occurs in quoted-printable text; 7bit parts are checked. */
	snprintf(boundary, sizeof(boundary), "=_mxjudge_%08x", (unsigned)h);
	strbuf_addf(&sb, "Content-Type: multipart/alternative;\r\n boundary=\"%s\"\r\n\r\n", boundary);
	strbuf_addf(&sb, "This is a MIME message: the text and an HTML copy of it%s.\r\n",
		    image ? " with the board" : "");
	strbuf_addf(&sb, "\r\n--%s\r\n", boundary);
	text_part(&sb, "text/plain", m->text, image ? "=_mxjudge_" : boundary);
	strbuf_addstr(&html, "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>");
	html_escape(&html, m->subject ? m->subject : "");
	strbuf_addstr(&html, "</title>\n</head>\n<body>\n");
	if (image) {
		snprintf(cid, sizeof(cid), "board.%08x@mxjudge", (unsigned)h);
		/* Short lines: the HTML stays 7bit when the text is. */
		strbuf_addf(&html, "<p><img src=\"cid:%s\"\n alt=\"The board\"\n"
			    " style=\"max-width: 100%%; height: auto;\"></p>\n", cid);
	}
	strbuf_addstr(&html, "<pre style=\"font-family: monospace, monospace; white-space: pre;\">");
	html_escape(&html, m->text);
	strbuf_addstr(&html, "</pre>\n</body>\n</html>\n");
	strbuf_addf(&sb, "\r\n--%s\r\n", boundary);
	if (image) {
		/* The HTML and the picture it shows belong together (RFC 2387). */
		/* Not the outer boundary with more after it: no delimiter starts another. */
		snprintf(related, sizeof(related), "=_mxjudge_r%08x", (unsigned)h);
		strbuf_addf(&sb, "Content-Type: multipart/related; type=\"text/html\";\r\n"
			    " boundary=\"%s\"\r\n\r\n", related);
		strbuf_addf(&sb, "--%s\r\n", related);
		/* Their common start: a 7bit HTML holds neither. */
		text_part(&sb, "text/html", strbuf_str(&html), "=_mxjudge_");
		strbuf_addf(&sb, "\r\n--%s\r\n", related);
		strbuf_addstr(&sb, "Content-Type: image/png; name=\"board.png\"\r\n"
			      "Content-Transfer-Encoding: base64\r\n");
		strbuf_addf(&sb, "Content-ID: <%s>\r\n", cid);
		strbuf_addstr(&sb, "Content-Disposition: inline; filename=\"board.png\"\r\n\r\n");
		base64_lines(&sb, m->image, m->image_len);
		strbuf_addf(&sb, "\r\n--%s--\r\n", related);
	} else {
		text_part(&sb, "text/html", strbuf_str(&html), boundary);
	}
	strbuf_addf(&sb, "\r\n--%s--\r\n", boundary);
	if (html.failed)
		sb.failed = 1;
	strbuf_release(&html);
done:
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, len);
}
