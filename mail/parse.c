/*
 * mail/parse: one RFC 5322 message into what the judge reads: sender,
 * headers, the text of its orders (mail/parse.h).
 */
#include "parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "gmime_load.h"
#include "headers.h"
#include "html.h"
#include "lib/strbuf.h"
#include "plain.h"

/* ---------- text helpers ---------- */

size_t mail_utf8_len(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

char *mail_text_clean(const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	struct strbuf sb = STRBUF_INIT;
	size_t i = 0, n;

	strbuf_grow(&sb, len + 1);
	while (i < len) {
		if (p[i] == '\r') {
			strbuf_addch(&sb, '\n');
			i += (i + 1 < len && p[i + 1] == '\n') ? 2 : 1;
			continue;
		}
		if (p[i] == '\0') {
			i++;
			continue;
		}
		n = mail_utf8_len(p + i, len - i);
		if (n == 2 && p[i] == 0xc2 && p[i + 1] == 0xa0) {
			strbuf_addch(&sb, ' ');	/* no-break space, as HTML mailers send */
		} else if (n) {
			strbuf_add(&sb, p + i, n);
		} else {
			/* Not UTF-8: read the byte as ISO-8859-1. */
			strbuf_addch(&sb, (char)(0xc0 | (p[i] >> 6)));
			strbuf_addch(&sb, (char)(0x80 | (p[i] & 0x3f)));
			n = 1;
		}
		i += n;
	}
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	if (!sb.buf)
		return strdup("");
	return strbuf_detach(&sb, NULL);
}

char *mail_unflow(const char *text, int delsp)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = text;
	int joining = 0, depth_prev = -1;

	while (*p) {
		const char *eol = strchr(p, '\n'), *q = p;
		size_t n;
		int depth = 0, soft;

		if (!eol)
			eol = p + strlen(p);
		while (q < eol && *q == '>') {
			depth++;
			q++;
		}
		if (q < eol && *q == ' ')	/* space-stuffing */
			q++;
		n = (size_t)(eol - q);
		/* "-- " is the signature separator, never a soft break. */
		soft = n > 0 && q[n - 1] == ' ' && !(n == 3 && !strncmp(q, "-- ", 3));
		if (joining && depth != depth_prev)
			strbuf_addch(&sb, '\n');
		if (!joining || depth != depth_prev)
			strbuf_addchars(&sb, '>', (size_t)depth);
		if ((!joining || depth != depth_prev) && depth)
			strbuf_addch(&sb, ' ');
		strbuf_add(&sb, q, soft && delsp ? n - 1 : n);
		if (!soft)
			strbuf_addch(&sb, '\n');
		joining = soft;
		depth_prev = depth;
		p = *eol ? eol + 1 : eol;
	}
	if (joining)
		strbuf_addch(&sb, '\n');
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	return sb.buf ? strbuf_detach(&sb, NULL) : strdup("");
}

/* ---------- the MIME tree (GMime, loaded when first needed) ---------- */

static int is_a(const struct gmimex *g, void *obj, GType type)
{
	return obj && g->g_type_check_instance_is_a((GTypeInstance *)obj, type);
}

static int is_type(const struct gmimex *g, GMimeObject *o, const char *type, const char *sub)
{
	GMimeContentType *ct = g->g_mime_object_get_content_type(o);

	return ct && g->g_mime_content_type_is_type(ct, type, sub);
}

/* The first part of that subtype that is text and no attachment; depth-first. */
static GMimeObject *find_part(const struct gmimex *g, GMimeObject *o, const char *sub, int depth)
{
	int i, n;

	if (!o || depth > 32)
		return NULL;
	if (is_a(g, o, g->g_mime_multipart_get_type())) {
		GMimeMultipart *mp = (GMimeMultipart *)o;

		n = g->g_mime_multipart_get_count(mp);
		for (i = 0; i < n; i++) {
			GMimeObject *hit = find_part(g, g->g_mime_multipart_get_part(mp, i), sub, depth + 1);

			if (hit)
				return hit;
		}
		return NULL;
	}
	if (is_a(g, o, g->g_mime_text_part_get_type()) && is_type(g, o, "text", sub) &&
	    !g->g_mime_part_is_attachment((GMimePart *)o))
		return o;
	return NULL;
}

static char *part_text(const struct gmimex *g, GMimeObject *o);

/*
 * The first text/plain attachment into *attached (none over
 * MAIL_ATTACH_LIMIT), and how many other attachments (and non-text
 * leaves: images, forwarded messages) there are; depth-first, at most
 * MAIL_MAX_PARTS parts looked at (*seen). -1 out of memory.
 */
static int find_attachments(const struct gmimex *g, GMimeObject *o, int depth, int *seen,
			    char **attached, int *ignored)
{
	int i, n;

	if (!o || depth > 32 || ++*seen > MAIL_MAX_PARTS)
		return 0;
	if (is_a(g, o, g->g_mime_multipart_get_type())) {
		GMimeMultipart *mp = (GMimeMultipart *)o;

		n = g->g_mime_multipart_get_count(mp);
		for (i = 0; i < n; i++)
			if (find_attachments(g, g->g_mime_multipart_get_part(mp, i), depth + 1, seen,
					     attached, ignored) < 0)
				return -1;
		return 0;
	}
	if (is_a(g, o, g->g_mime_text_part_get_type()) && is_type(g, o, "text", "*") &&
	    !g->g_mime_part_is_attachment((GMimePart *)o))
		return 0;	/* the body (or its HTML alternative) */
	if (!*attached && is_a(g, o, g->g_mime_text_part_get_type()) && is_type(g, o, "text", "plain")) {
		char *t = part_text(g, o);

		if (!t)
			return -1;
		if (strlen(t) <= MAIL_ATTACH_LIMIT) {
			*attached = t;
			return 0;
		}
		free(t);
	}
	++*ignored;
	return 0;
}

/* The decoded bytes of a part converted to UTF-8 (GMime knows the charsets). */
static char *part_text(const struct gmimex *g, GMimeObject *o)
{
	char *t = g->g_mime_text_part_get_text((GMimeTextPart *)o), *r;

	if (!t)
		return strdup("");
	r = mail_text_clean(t, strlen(t));
	g->g_free(t);
	return r;
}

static char *dup_or_empty(const char *s)
{
	return mail_text_clean(s ? s : "", s ? strlen(s) : 0);
}

static int header_has(const struct gmimex *g, GMimeObject *o, const char *name,
		      const char *const *values)
{
	const char *v = g->g_mime_object_get_header(o, name);
	size_t i;

	if (!v)
		return 0;
	while (*v == ' ' || *v == '\t')
		v++;
	for (i = 0; values[i]; i++)
		if (!strncasecmp(v, values[i], strlen(values[i])))
			return 1;
	return 0;
}

static int is_automatic(const struct gmimex *g, GMimeMessage *msg, const char *from)
{
	static const char *const auto_sub[] = { "auto-", NULL };
	static const char *const bulk[] = { "bulk", "junk", "list", "auto_reply", NULL };
	GMimeObject *o = (GMimeObject *)msg;

	if (header_has(g, o, "Auto-Submitted", auto_sub) || header_has(g, o, "Precedence", bulk) ||
	    g->g_mime_object_get_header(o, "List-Id") || g->g_mime_object_get_header(o, "X-Autoreply") ||
	    g->g_mime_object_get_header(o, "X-Autorespond"))
		return 1;
	return mail_from_is_automatic(from);
}

int mail_from_is_automatic(const char *from)
{
	static const char *const daemons[] = { "mailer-daemon@", "postmaster@", "noreply@",
					       "no-reply@", NULL };
	size_t i;

	for (i = 0; daemons[i]; i++)
		if (!strncasecmp(from, daemons[i], strlen(daemons[i])))
			return 1;
	return !*from;
}

int mail_parse_mime(const char *raw, size_t len, struct mail_msg *out, char *err, size_t errlen)
{
	static const char *fallback[] = { "utf-8", "iso-8859-1", NULL };
	const struct gmimex *g;
	GMimeStream *stream;
	GMimeParser *parser;
	GMimeParserOptions *opts;
	GMimeMessage *msg;
	InternetAddressList *from;
	GMimeObject *part;
	const char *addr = NULL, *name = NULL;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	if (!(g = gmimex_load(err, errlen)))
		return MAIL_PARSE_UNAVAILABLE;
	stream = g->g_mime_stream_mem_new_with_buffer(raw, len);
	parser = g->g_mime_parser_new_with_stream(stream);
	opts = g->g_mime_parser_options_new();
	g->g_mime_parser_options_set_fallback_charsets(opts, fallback);
	g->g_mime_parser_options_set_rfc2047_compliance_mode(opts, GMIME_RFC_COMPLIANCE_LOOSE);
	g->g_mime_parser_options_set_address_compliance_mode(opts, GMIME_RFC_COMPLIANCE_LOOSE);
	g->g_mime_parser_options_set_parameter_compliance_mode(opts, GMIME_RFC_COMPLIANCE_LOOSE);
	g->g_mime_parser_set_format(parser, GMIME_FORMAT_MESSAGE);
	msg = g->g_mime_parser_construct_message(parser, opts);
	g->g_mime_parser_options_free(opts);
	g->g_object_unref(parser);
	g->g_object_unref(stream);
	if (!msg) {
		snprintf(err, errlen, "not a mail message (no headers could be read)");
		return -1;
	}
	from = g->g_mime_message_get_from(msg);
	if (from && g->internet_address_list_length(from) > 0) {
		InternetAddress *ia = g->internet_address_list_get_address(from, 0);

		if (is_a(g, ia, g->internet_address_mailbox_get_type())) {
			addr = g->internet_address_mailbox_get_addr((InternetAddressMailbox *)ia);
			name = g->internet_address_get_name(ia);
		}
	}
	out->from = dup_or_empty(addr);
	out->from_name = dup_or_empty(name);
	out->subject = dup_or_empty(g->g_mime_message_get_subject(msg));
	out->message_id = dup_or_empty(g->g_mime_message_get_message_id(msg));
	out->references = dup_or_empty(g->g_mime_object_get_header((GMimeObject *)msg, "References"));
	if (!out->from || !out->from_name || !out->subject || !out->message_id || !out->references)
		goto oom;
	/* GMime decodes encoded words even there: only a clean token is ever copied back. */
	if (!mail_msgid_valid(out->message_id))
		out->message_id[0] = '\0';
	out->automatic = is_automatic(g, msg, out->from);
	part = find_part(g, g->g_mime_message_get_mime_part(msg), "plain", 0);
	if (part) {
		GMimeContentType *ct = g->g_mime_object_get_content_type(part);
		const char *format = g->g_mime_content_type_get_parameter(ct, "format");
		const char *delsp = g->g_mime_content_type_get_parameter(ct, "delsp");

		out->text = part_text(g, part);
		if (out->text && format && !strcasecmp(format, "flowed")) {
			char *flat = mail_unflow(out->text, delsp && !strcasecmp(delsp, "yes"));

			free(out->text);
			out->text = flat;
		}
		out->has_text = 1;
	} else if ((part = find_part(g, g->g_mime_message_get_mime_part(msg), "html", 0))) {
		char *html = part_text(g, part);

		out->text = html ? html_to_text_limit(html, MAIL_TEXT_LIMIT) : NULL;
		free(html);
		out->from_html = 1;
		out->has_text = 1;
	} else {
		out->text = strdup("");
	}
	if (!out->text)
		goto oom;
	{
		int seen = 0;

		if (find_attachments(g, g->g_mime_message_get_mime_part(msg), 0, &seen, &out->attached,
				     &out->ignored_parts) < 0)
			goto oom;
		if (!out->attached && !(out->attached = strdup("")))
			goto oom;
	}
	rc = 0;
	goto done;
oom:
	snprintf(err, errlen, "out of memory");
	mail_msg_release(out);
done:
	g->g_object_unref(msg);
	return rc;
}

int mail_parse(const char *raw, size_t len, struct mail_msg *out, char *err, size_t errlen)
{
	switch (mail_parse_plain(raw, len, out)) {
	case 1:
		if (!mail_msgid_valid(out->message_id))
			out->message_id[0] = '\0';
		return 0;
	case -1:
		snprintf(err, errlen, "out of memory");
		return -1;
	default:
		return mail_parse_mime(raw, len, out, err, errlen);
	}
}

const char *mail_msg_differs(const struct mail_msg *a, const struct mail_msg *b)
{
	if (strcmp(a->from, b->from))
		return "from";
	if (strcmp(a->from_name, b->from_name))
		return "from_name";
	if (strcmp(a->subject, b->subject))
		return "subject";
	if (strcmp(a->message_id, b->message_id))
		return "message_id";
	if (strcmp(a->references, b->references))
		return "references";
	if (strcmp(a->text, b->text))
		return "text";
	if (a->from_html != b->from_html)
		return "from_html";
	if (a->has_text != b->has_text)
		return "has_text";
	if (strcmp(a->attached ? a->attached : "", b->attached ? b->attached : ""))
		return "attached";
	if (a->ignored_parts != b->ignored_parts)
		return "ignored_parts";
	return a->automatic != b->automatic ? "automatic" : NULL;
}

void mail_msg_release(struct mail_msg *m)
{
	free(m->from);
	free(m->from_name);
	free(m->subject);
	free(m->message_id);
	free(m->references);
	free(m->text);
	free(m->attached);
	memset(m, 0, sizeof(*m));
}
