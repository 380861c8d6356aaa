/*
 * mail/plain: a plain message read without GMime (mail/plain.h).
 */
#include "plain.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "headers.h"
#include "lib/strbuf.h"

/* The headers read; any other is skipped, but for those in refused[]. */
enum { H_FROM, H_SUBJECT, H_MESSAGE_ID, H_REFERENCES, H_CONTENT_TYPE, H_ENCODING, H_COUNT };

static const char *const read_names[H_COUNT] = {
	"From", "Subject", "Message-ID", "References", "Content-Type", "Content-Transfer-Encoding",
};

/* They change what GMime makes of a message (an attachment, an auto-reply): its business. */
static const char *const refused[] = {
	"Content-Disposition", "Auto-Submitted", "Precedence", "List-Id", "X-Autoreply",
	"X-Autorespond", NULL,
};

/* Charsets whose ASCII range is ASCII, so a 7-bit text reads the same in any of them. */
static const char *const ascii_charsets[] = {
	"us-ascii", "utf-8", "iso-8859-1", "iso-8859-15", "windows-1252", NULL,
};

struct headers {
	struct strbuf value[H_COUNT];
	int seen[H_COUNT];
};

static int is_atext(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("!#$%&'*+-/=?^_`{|}~", c));
}

static int is_wsp(int c)
{
	return c == ' ' || c == '\t';
}

static int in_list(const char *s, size_t n, const char *const *list)
{
	size_t i;

	for (i = 0; list[i]; i++)
		if (strlen(list[i]) == n && !strncasecmp(s, list[i], n))
			return 1;
	return 0;
}

/* Strictly valid UTF-8 (no overlongs, surrogates, or past U+10FFFF), no NUL, no lone CR. */
static int body_ok(const unsigned char *p, size_t n, int eight_bit_ok)
{
	size_t i = 0, len;

	while (i < n) {
		if (p[i] < 0x80) {
			if (!p[i] || (p[i] == '\r' && (i + 1 == n || p[i + 1] != '\n')))
				return 0;
			i++;
			continue;
		}
		if (!eight_bit_ok || !(len = mail_utf8_len(p + i, n - i)))
			return 0;
		i += len;
	}
	return 1;
}

/*
 * The header block, up to the empty line: *body is where the body starts.
 * Values are unfolded (line breaks dropped, the continuation's white space
 * kept, as GMime does) and trimmed. 1, 0 (declined) or -1 (memory).
 */
static int read_headers(const char *raw, size_t len, struct headers *h, size_t *body)
{
	size_t pos = 0;
	int cur = -2;	/* the field a continuation line belongs to: -1 one not read */

	for (;;) {
		const char *line = raw + pos, *eol = memchr(line, '\n', len - pos), *colon;
		size_t n, i;

		if (!eol)
			return 0;
		n = (size_t)(eol - line);
		if (n && line[n - 1] == '\r')
			n--;
		for (i = 0; i < n; i++)
			if (!(line[i] == '\t' || (line[i] >= 0x20 && line[i] < 0x7f)))
				return 0;
		pos = (size_t)(eol - raw) + 1;
		if (n == 0) {
			*body = pos;
			return cur == -2 ? 0 : 1;
		}
		if (is_wsp(line[0])) {
			if (cur == -2)
				return 0;
			if (cur >= 0)
				strbuf_add(&h->value[cur], line, n);
			continue;
		}
		colon = memchr(line, ':', n);
		if (!colon || colon == line)
			return 0;
		for (i = 0; line + i < colon; i++)
			if (line[i] <= 0x20)
				return 0;
		if (in_list(line, i, refused))
			return 0;
		for (cur = 0; cur < H_COUNT; cur++)
			if (strlen(read_names[cur]) == i && !strncasecmp(line, read_names[cur], i))
				break;
		if (cur == H_COUNT) {
			cur = -1;
			continue;
		}
		if (h->seen[cur]++)
			return 0;
		strbuf_add(&h->value[cur], colon + 1, n - (size_t)(colon + 1 - line));
		if (h->value[cur].failed)
			return -1;
	}
}

/* The value trimmed of white space at both ends, in place; "" for a header not there. */
static const char *trimmed(struct strbuf *sb, size_t *n)
{
	char *s = sb->buf;
	size_t len = sb->len;

	if (!s) {
		*n = 0;
		return "";
	}

	while (len && is_wsp(s[len - 1]))
		len--;
	while (len && is_wsp(*s))
		s++, len--;
	s[len] = '\0';
	*n = len;
	return s;
}

/* local@domain: a dot-atom, then labels of letters, digits and '-' (no IDN). */
static int addr_spec_ok(const char *s, size_t n)
{
	const char *at = memchr(s, '@', n);
	size_t i, local, label = 0;

	if (!at)
		return 0;
	local = (size_t)(at - s);
	if (!local || s[0] == '.' || s[local - 1] == '.')
		return 0;
	for (i = 0; i < local; i++)
		if (!(is_atext((unsigned char)s[i]) || (s[i] == '.' && s[i + 1] != '.')))
			return 0;
	for (i = local + 1; i <= n; i++) {
		if (i == n || s[i] == '.') {
			if (!label || s[i - 1] == '-' || s[i - label] == '-')
				return 0;
			if (label >= 4 && !strncasecmp(s + i - label, "xn--", 4))
				return 0;
			label = 0;
			continue;
		}
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return 0;
		label++;
	}
	return 1;
}

/*
 * From: "addr", "<addr>", "Words Like This <addr>" or "\"Quoted, Name\"
 * <addr>". Sets *addr and *name (pointers into s, lengths in *an, *nn).
 */
static int from_ok(const char *s, size_t n, const char **addr, size_t *an, const char **name,
		   size_t *nn)
{
	const char *lt = memchr(s, '<', n);
	size_t i, p;

	*name = s;
	*nn = 0;
	if (!lt) {
		*addr = s;
		*an = n;
		return addr_spec_ok(s, n);
	}
	if (s[n - 1] != '>')
		return 0;
	*addr = lt + 1;
	*an = n - (size_t)(lt - s) - 2;
	if (!addr_spec_ok(*addr, *an))
		return 0;
	p = (size_t)(lt - s);
	while (p && s[p - 1] == ' ')
		p--;
	if (!p)
		return 1;
	if (s[0] == '"') {
		if (p < 3 || s[p - 1] != '"' || s[1] == ' ' || s[p - 2] == ' ')
			return 0;
		for (i = 1; i < p - 1; i++)
			if (s[i] == '"' || s[i] == '\\' || s[i] == '\t')
				return 0;
		*name = s + 1;
		*nn = p - 2;
		return 1;
	}
	for (i = 0; i < p; i++)
		if (!(is_atext((unsigned char)s[i]) || s[i] == ' '))
			return 0;
	*nn = p;
	return 1;
}

/* <id-left@id-right>, both dot-atoms; *id and *idn what is inside the brackets. */
static int message_id_ok(const char *s, size_t n, const char **id, size_t *idn)
{
	const char *at;
	size_t i, left;

	if (n < 5 || n - 2 > MAIL_MSGID_MAX || s[0] != '<' || s[n - 1] != '>')
		return 0;
	*id = s + 1;
	*idn = n - 2;
	at = memchr(*id, '@', *idn);
	if (!at)
		return 0;
	left = (size_t)(at - *id);
	if (!left || left + 1 == *idn)
		return 0;
	for (i = 0; i < *idn; i++) {
		char c = (*id)[i];

		if (i == left)
			continue;
		if (c == '.' ? (i == 0 || i == left - 1 || i == left + 1 || i + 1 == *idn ||
				(*id)[i + 1] == '.')
			     : !is_atext((unsigned char)c))
			return 0;
	}
	return 1;
}

/* A parameter value, a token or a quoted string without quoted pairs. */
static const char *param_value(const char *p, const char **v, size_t *vn)
{
	if (*p == '"') {
		const char *q = strchr(p + 1, '"');

		if (!q || memchr(p + 1, '\\', (size_t)(q - p - 1)))
			return NULL;
		*v = p + 1;
		*vn = (size_t)(q - p - 1);
		return q + 1;
	}
	*v = p;
	while (*p && !is_wsp(*p) && *p != ';' && *p != '"' && *p != '(')
		p++;
	*vn = (size_t)(p - *v);
	return *vn ? p : NULL;
}

/*
 * text/plain with parameters charset (one of ascii_charsets), format and
 * delsp, and any other plain token ones. *eight_bit_ok: the charset is
 * UTF-8 or not given (GMime then tries UTF-8 first).
 */
static int content_type_ok(const char *s, int *flowed, int *delsp, int *eight_bit_ok)
{
	const char *p;
	int seen_charset = 0, seen_format = 0, seen_delsp = 0;

	*flowed = *delsp = 0;
	*eight_bit_ok = 1;
	if (!*s)
		return 1;
	if (strncasecmp(s, "text/plain", 10))
		return 0;
	p = s + 10;
	for (;;) {
		const char *name, *v;
		size_t nn, vn;

		while (is_wsp(*p))
			p++;
		if (!*p)
			return 1;
		if (*p++ != ';')
			return 0;
		while (is_wsp(*p))
			p++;
		name = p;
		while (*p && *p != '=' && !is_wsp(*p) && *p != ';' && *p != '*' && *p != '"' &&
		       *p != '(' && *p != '\'' && *p != '%')
			p++;
		nn = (size_t)(p - name);
		if (!nn || *p != '=')
			return 0;
		if (!(p = param_value(p + 1, &v, &vn)))
			return 0;
		if (nn == 7 && !strncasecmp(name, "charset", 7)) {
			if (seen_charset++ || !in_list(v, vn, ascii_charsets))
				return 0;
			*eight_bit_ok = vn == 5 && !strncasecmp(v, "utf-8", 5);
		} else if (nn == 6 && !strncasecmp(name, "format", 6)) {
			if (seen_format++)
				return 0;
			*flowed = vn == 6 && !strncasecmp(v, "flowed", 6);
		} else if (nn == 5 && !strncasecmp(name, "delsp", 5)) {
			if (seen_delsp++)
				return 0;
			*delsp = vn == 3 && !strncasecmp(v, "yes", 3);
		}
	}
}

static char *copy(const char *s, size_t n)
{
	return mail_text_clean(s, n);
}

int mail_parse_plain(const char *raw, size_t len, struct mail_msg *out)
{
	struct headers h;
	size_t body = 0, n[H_COUNT], an = 0, nn = 0, idn = 0;
	const char *v[H_COUNT], *addr = "", *name = "", *id = "";
	int rc, i, flowed, delsp, eight_bit_ok;

	memset(out, 0, sizeof(*out));
	memset(&h, 0, sizeof(h));
	for (i = 0; i < H_COUNT; i++)
		strbuf_init(&h.value[i]);
	rc = read_headers(raw, len, &h, &body);
	if (rc != 1)
		goto done;
	rc = 0;
	for (i = 0; i < H_COUNT; i++) {
		if (h.value[i].failed) {
			rc = -1;
			goto done;
		}
		v[i] = trimmed(&h.value[i], &n[i]);
		/* Encoded words (RFC 2047) are GMime's to decode. */
		if (strstr(v[i], "=?"))
			goto done;
	}
	if (h.seen[H_FROM] && !from_ok(v[H_FROM], n[H_FROM], &addr, &an, &name, &nn))
		goto done;
	if (h.seen[H_MESSAGE_ID] && !message_id_ok(v[H_MESSAGE_ID], n[H_MESSAGE_ID], &id, &idn))
		goto done;
	if (!content_type_ok(v[H_CONTENT_TYPE], &flowed, &delsp, &eight_bit_ok))
		goto done;
	if (h.seen[H_ENCODING] && strcasecmp(v[H_ENCODING], "7bit") && strcasecmp(v[H_ENCODING], "8bit"))
		goto done;
	if (!body_ok((const unsigned char *)raw + body, len - body, eight_bit_ok))
		goto done;
	out->from = copy(addr, an);
	out->from_name = copy(name, nn);
	out->subject = copy(v[H_SUBJECT], n[H_SUBJECT]);
	out->message_id = copy(id, idn);
	out->references = copy(v[H_REFERENCES], n[H_REFERENCES]);
	out->text = copy(raw + body, len - body);
	if (out->text && flowed) {
		char *flat = mail_unflow(out->text, delsp);

		free(out->text);
		out->text = flat;
	}
	rc = -1;
	if (!out->from || !out->from_name || !out->subject || !out->message_id || !out->references ||
	    !out->text) {
		mail_msg_release(out);
		goto done;
	}
	out->has_text = 1;
	out->automatic = mail_from_is_automatic(out->from);
	if (!(out->attached = strdup(""))) {
		rc = -1;
		mail_msg_release(out);
		goto done;
	}
	rc = 1;
done:
	for (i = 0; i < H_COUNT; i++)
		strbuf_release(&h.value[i]);
	return rc;
}
