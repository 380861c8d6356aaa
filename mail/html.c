/*
 * mail/html: an HTML mail body as plain text (mail/html.h).
 */
#include "html.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/strbuf.h"

struct out {
	struct strbuf sb;
	size_t limit;		/* stop once the text is longer than this */
	int depth;		/* blockquote nesting (counted to HTML_MAX_COUNT) */
	int at_bol;		/* nothing but the prefix written on this line */
	int space;		/* a collapsed blank is pending */
	int pre;		/* inside <pre> */
};

static void newline(struct out *o)
{
	/* Trailing blanks of the line go. */
	while (o->sb.len && o->sb.buf[o->sb.len - 1] == ' ')
		o->sb.len--;
	if (o->sb.buf)
		o->sb.buf[o->sb.len] = '\0';
	strbuf_addch(&o->sb, '\n');
	o->at_bol = 1;
	o->space = 0;
}

/* Ends the current line unless it is empty; block elements do this. */
static void block(struct out *o)
{
	if (!o->at_bol)
		newline(o);
	o->space = 0;
}

static void put(struct out *o, const char *s, size_t n)
{
	if (o->at_bol) {
		int i;

		/* At most HTML_MAX_DEPTH marks: a line costs a bounded prefix, whatever the nesting. */
		for (i = 0; i < o->depth && i < HTML_MAX_DEPTH; i++)
			strbuf_addstr(&o->sb, "> ");
		o->at_bol = 0;
		o->space = 0;
	}
	if (o->space) {
		strbuf_addch(&o->sb, ' ');
		o->space = 0;
	}
	strbuf_add(&o->sb, s, n);
}

static void put_cp(struct out *o, unsigned long cp)
{
	char b[4];
	size_t n;

	/* &#13; is white space to HTML; text leaves here with LF line ends only. */
	if (cp == 0xa0 || cp == '\r')
		cp = ' ';
	if (cp == 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp < 0x80) {
		b[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (char)(0xc0 | (cp >> 6));
		b[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (char)(0xe0 | (cp >> 12));
		b[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | (cp >> 18));
		b[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	put(o, b, n);
}

/* Decodes the entity at p ('&'); returns the bytes used, 0 if it is none. */
static size_t entity(struct out *o, const char *p)
{
	static const struct { const char *name; unsigned long cp; } names[] = {
		{ "lt", '<' }, { "gt", '>' }, { "amp", '&' }, { "quot", '"' }, { "apos", '\'' },
		{ "nbsp", ' ' }, { "ndash", 0x2013 }, { "mdash", 0x2014 }, { "hellip", 0x2026 },
		{ "rsquo", 0x2019 }, { "lsquo", 0x2018 }, { "rdquo", 0x201d }, { "ldquo", 0x201c },
		{ "copy", 0xa9 }, { "eacute", 0xe9 }, { "egrave", 0xe8 }, { "agrave", 0xe0 },
		{ NULL, 0 }
	};
	const char *q = p + 1, *semi;
	size_t i;

	/* Only the next 11 bytes: a whole-text search per '&' is quadratic. */
	semi = memchr(q, ';', strnlen(q, 11));
	if (!semi || semi - q > 10 || semi == q)
		return 0;
	if (*q == '#') {
		char *end;
		unsigned long cp = (q[1] == 'x' || q[1] == 'X') ? strtoul(q + 2, &end, 16)
							       : strtoul(q + 1, &end, 10);

		if (end != semi)
			return 0;
		put_cp(o, cp);
		return (size_t)(semi - p + 1);
	}
	for (i = 0; names[i].name; i++) {
		if (strlen(names[i].name) == (size_t)(semi - q) &&
		    !strncmp(q, names[i].name, (size_t)(semi - q))) {
			put_cp(o, names[i].cp);
			return (size_t)(semi - p + 1);
		}
	}
	return 0;
}

/* The tag name at p (after '<' and an optional '/'), lowercased into buf. */
static void tag_name(const char *p, char *buf, size_t len)
{
	size_t i = 0;

	while (*p && i + 1 < len && (isalnum((unsigned char)*p) || *p == ':')) {
		buf[i++] = (char)tolower((unsigned char)*p);
		p++;
	}
	buf[i] = '\0';
}

static int is_block(const char *t)
{
	static const char *const blocks[] = { "p", "div", "tr", "li", "ul", "ol", "table", "h1", "h2",
					      "h3", "h4", "h5", "h6", "hr", "dl", "dt", "dd",
					      "center", "address", "section", "article",
					      "header", "footer", "form", NULL };
	size_t i;

	for (i = 0; blocks[i]; i++)
		if (!strcmp(t, blocks[i]))
			return 1;
	return 0;
}

/* Skips to the end of the element whose content is not text (style, script, head). */
static const char *skip_to_close(const char *p, const char *name)
{
	size_t n = strlen(name);

	while ((p = strchr(p, '<'))) {
		if (p[1] == '/' && !strncasecmp(p + 2, name, n))
			return p;
		p++;
	}
	return NULL;
}

char *html_to_text(const char *html)
{
	return html_to_text_limit(html, (size_t)-1);
}

char *html_to_text_limit(const char *html, size_t limit)
{
	struct out o;
	const char *p = html, *gt = NULL;
	int gt_known = 0;	/* gt: the first '>' at or after p, NULL if none */

	memset(&o, 0, sizeof(o));
	o.at_bol = 1;
	o.limit = limit;
	while (*p && o.sb.len <= o.limit && !o.sb.failed) {
		if (*p == '<') {
			char name[16];
			int closing = p[1] == '/';
			const char *end;

			if (!strncmp(p, "<!--", 4)) {
				end = strstr(p + 4, "-->");
				p = end ? end + 3 : p + strlen(p);
				continue;
			}
			tag_name(p + 1 + closing, name, sizeof(name));
			/* Searched again only once p passed it: "<<<<...>" stays linear. */
			if (!gt_known || (gt && gt < p)) {
				gt = strchr(p, '>');
				gt_known = 1;
			}
			end = gt;
			if (!end || !name[0]) {
				if (!end || p[1] == '!' || p[1] == '?') {
					p = end ? end + 1 : p + strlen(p);
					continue;
				}
				put(&o, p, 1);	/* a lone '<' */
				p++;
				continue;
			}
			if (!closing && (!strcmp(name, "style") || !strcmp(name, "script") ||
					 !strcmp(name, "head") || !strcmp(name, "title"))) {
				const char *close = skip_to_close(end + 1, name);

				p = close ? close : p + strlen(p);
				continue;
			}
			if (!strcmp(name, "br")) {
				if (o.at_bol && o.depth)
					put(&o, "", 0);
				newline(&o);
			} else if (!strcmp(name, "blockquote")) {
				block(&o);
				if (closing)
					o.depth -= o.depth > 0;
				else
					o.depth += o.depth < HTML_MAX_COUNT;
			} else if (!strcmp(name, "pre")) {
				block(&o);
				o.pre = !closing;
			} else if (is_block(name)) {
				block(&o);
			} else if (!strcmp(name, "td") || !strcmp(name, "th")) {
				if (!o.at_bol)
					o.space = 1;
			}
			p = end + 1;
			continue;
		}
		if (*p == '&') {
			size_t used = entity(&o, p);

			if (used) {
				p += used;
				continue;
			}
			put(&o, p, 1);
			p++;
			continue;
		}
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			if (o.pre) {
				if (*p == '\n')
					newline(&o);
				else if (*p != '\r')
					put(&o, p, 1);
			} else if (!o.at_bol) {
				o.space = 1;
			}
			p++;
			continue;
		}
		put(&o, p, 1);
		p++;
	}
	if (!o.at_bol)
		newline(&o);
	if (o.sb.failed) {
		strbuf_release(&o.sb);
		return NULL;
	}
	return o.sb.buf ? strbuf_detach(&o.sb, NULL) : strdup("");
}
