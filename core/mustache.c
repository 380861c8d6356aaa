/*
 * mustache: a Mustache template engine (spec v1 core) over jansson
 * values (core/mustache.h). Pure.
 */
#include "mustache.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum mustache_type {
	MUSTACHE_TEXT,
	MUSTACHE_VAR,
	MUSTACHE_RAW,
	MUSTACHE_SECTION,
	MUSTACHE_INVERTED,
	MUSTACHE_PARTIAL
};

/* A template is a flat token list: a section's body is the tokens between it
 * and its end index, so neither parsing nor freeing recurses. */
struct mustache_tok {
	enum mustache_type type;
	size_t off, len;   /* text, or the tag's name, in src */
	size_t ioff, ilen; /* partial: indentation of a standalone tag, in src */
	size_t end;        /* section: index just past its body */
	size_t line;
};

struct mustache_tmpl {
	const char *src;
	size_t len;
	struct mustache_tok *tok;
	size_t ntok, alloc;
};

struct mustache_parser {
	struct mustache_tmpl *t;
	const char *src;
	size_t len;
	const char *otag, *ctag;
	size_t olen, clen;
	size_t line;       /* 1-based line at the scan position */
	size_t line_start; /* offset just past the last newline seen in text */
	int line_dirty;    /* a non-standalone tag already sits on this line */
	size_t open[MUSTACHE_MAX_DEPTH];
	size_t nopen;
	char *err;
	size_t errlen;
};

/* One loaded partial (raw, by name) or one parsed variant (name + indent). */
struct mustache_pcache {
	struct mustache_pcache *next;
	char *name;
	size_t nlen;
	char *indent;
	size_t ilen;
	int parsed;
	char *text; /* raw: the loader's text or NULL; parsed: indented copy */
	size_t tlen;
	struct mustache_tmpl t;
};

struct mustache_render {
	const struct mustache_partials *partials;
	struct strbuf *out;
	size_t base;
	size_t max_output, max_steps, steps;
	const json_t *stack[MUSTACHE_MAX_DEPTH + 1];
	size_t nstack;
	size_t depth;
	size_t partial_depth;
	int err_wrapped; /* err already names the partial it arose in */
	size_t err_wrap_depth;
	struct mustache_pcache *cache;
	size_t ncache;
	char *err;
	size_t errlen;
};

static void mustache_errf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void mustache_errf(char *err, size_t errlen, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	const char *msg;
	size_t n;
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	msg = sb.failed ? "out of memory" : strbuf_str(&sb);
	n = strlen(msg);
	if (n >= errlen)
		n = errlen - 1;
	memcpy(err, msg, n);
	err[n] = '\0';
	strbuf_release(&sb);
}

/* A name fit for an error message: hostile bytes shown as '?', long names cut. */
static const char *mustache_shown(char *buf, size_t size, const char *p, size_t n)
{
	size_t i, max = size - 4;

	for (i = 0; i < n && i < max; i++) {
		unsigned char c = (unsigned char)p[i];
		buf[i] = (c < 0x20 || c >= 0x7f || c == '\'') ? '?' : (char)c;
	}
	if (i < n) {
		memcpy(buf + i, "...", 3);
		i += 3;
	}
	buf[i] = '\0';
	return buf;
}

static int mustache_isspace(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* First offset >= from where needle starts, or SIZE_MAX. */
static size_t mustache_find(const char *s, size_t len, size_t from, const char *needle, size_t nlen)
{
	const char *p;

	while (from < len && nlen <= len - from) {
		p = memchr(s + from, needle[0], len - from - nlen + 1);
		if (!p)
			break;
		from = (size_t)(p - s);
		if (!memcmp(p, needle, nlen))
			return from;
		from++;
	}
	return SIZE_MAX;
}

static void mustache_trim(const char *s, size_t *off, size_t *len)
{
	while (*len && mustache_isspace(s[*off])) {
		(*off)++;
		(*len)--;
	}
	while (*len && mustache_isspace(s[*off + *len - 1]))
		(*len)--;
}

static size_t mustache_count_lines(const char *s, size_t from, size_t to)
{
	size_t n = 0;

	for (; from < to; from++)
		if (s[from] == '\n')
			n++;
	return n;
}

static int mustache_push_tok(struct mustache_parser *p, enum mustache_type type, size_t off, size_t len, size_t line)
{
	struct mustache_tmpl *t = p->t;
	struct mustache_tok *nt;
	size_t na;

	if (t->ntok == t->alloc) {
		if (t->alloc > SIZE_MAX / 2 / sizeof(*nt)) {
			mustache_errf(p->err, p->errlen, "out of memory");
			return -1;
		}
		na = t->alloc ? t->alloc * 2 : 16;
		nt = realloc(t->tok, na * sizeof(*nt));
		if (!nt) {
			mustache_errf(p->err, p->errlen, "out of memory");
			return -1;
		}
		t->tok = nt;
		t->alloc = na;
	}
	nt = &t->tok[t->ntok++];
	memset(nt, 0, sizeof(*nt));
	nt->type = type;
	nt->off = off;
	nt->len = len;
	nt->line = line;
	return 0;
}

/* Text [from, to): counts lines and tracks where the current line began. */
static void mustache_text(struct mustache_parser *p, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++) {
		if (p->src[i] == '\n') {
			p->line++;
			p->line_start = i + 1;
			p->line_dirty = 0;
		}
	}
}

/* "{{=<% %>=}}": content is "<% %>"; two non-space words without '='. */
static int mustache_set_delims(struct mustache_parser *p, size_t off, size_t len, size_t line)
{
	const char *s = p->src;
	size_t a = off, alen = 0, b, blen = 0, c, end = off + len;

	while (a < end && mustache_isspace(s[a]))
		a++;
	while (a + alen < end && !mustache_isspace(s[a + alen]))
		alen++;
	b = a + alen;
	while (b < end && mustache_isspace(s[b]))
		b++;
	while (b + blen < end && !mustache_isspace(s[b + blen]))
		blen++;
	for (c = b + blen; c < end && mustache_isspace(s[c]); c++)
		;
	if (!alen || !blen || c != end || memchr(s + a, '=', alen) || memchr(s + b, '=', blen)) {
		mustache_errf(p->err, p->errlen, "line %zu: bad set-delimiter tag (want {{=<open> <close>=}})", line);
		return -1;
	}
	p->otag = s + a;
	p->olen = alen;
	p->ctag = s + b;
	p->clen = blen;
	return 0;
}

/* Where the tag ending at end would stop being standalone, or SIZE_MAX if
 * anything but blanks follows it on its line. */
static size_t mustache_eol(const char *s, size_t len, size_t end)
{
	while (end < len && (s[end] == ' ' || s[end] == '\t'))
		end++;
	if (end == len)
		return len;
	if (s[end] == '\n')
		return end + 1;
	if (s[end] == '\r' && end + 1 < len && s[end + 1] == '\n')
		return end + 2;
	return SIZE_MAX;
}

static int mustache_blank(const char *s, size_t from, size_t to)
{
	for (; from < to; from++)
		if (s[from] != ' ' && s[from] != '\t')
			return 0;
	return 1;
}

/* Parses src into t with the default delimiters. On failure t is freed. */
static int mustache_parse(struct mustache_tmpl *t, const char *src, size_t len, char *err, size_t errlen)
{
	struct mustache_parser p;
	char nb[64], nb2[64];
	size_t pos = 0;
	int ret = -1;

	memset(t, 0, sizeof(*t));
	t->src = src;
	t->len = len;
	memset(&p, 0, sizeof(p));
	p.t = t;
	p.src = src;
	p.len = len;
	p.otag = "{{";
	p.ctag = "}}";
	p.olen = p.clen = 2;
	p.line = 1;
	p.err = err;
	p.errlen = errlen;

	while (pos < len) {
		size_t start, cs, ce, q, tagend, eol = SIZE_MAX, text_end, nameoff, namelen, line;
		char kind, closer = 0;
		int standalone;

		start = mustache_find(src, len, pos, p.otag, p.olen);
		if (start == SIZE_MAX) {
			if (mustache_push_tok(&p, MUSTACHE_TEXT, pos, len - pos, p.line) < 0)
				goto out;
			break;
		}
		mustache_text(&p, pos, start);
		line = p.line;
		cs = start + p.olen;
		kind = cs < len ? src[cs] : 0;
		switch (kind) {
		case '#': case '^': case '/': case '!': case '>': case '&':
			cs++;
			break;
		case '{':
			closer = '}';
			cs++;
			break;
		case '=':
			closer = '=';
			cs++;
			break;
		default:
			kind = 0;
		}
		/* {{{x}}} and {{=a b=}} end at the closer char plus the close tag. */
		q = cs;
		for (;;) {
			q = mustache_find(src, len, closer ? q + 1 : q, p.ctag, p.clen);
			if (q == SIZE_MAX || !closer || src[q - 1] == closer)
				break;
		}
		if (q == SIZE_MAX) {
			mustache_errf(err, errlen, "line %zu: tag is not closed (no '%s%s')", line,
				      closer == '}' ? "}" : closer == '=' ? "=" : "",
				      mustache_shown(nb, sizeof(nb), p.ctag, p.clen));
			goto out;
		}
		ce = closer ? q - 1 : q;
		tagend = q + p.clen;
		p.line += mustache_count_lines(src, start, tagend);

		standalone = 0;
		if (kind && kind != '&' && kind != '{' && !p.line_dirty && p.line_start >= pos &&
		    mustache_blank(src, p.line_start, start)) {
			eol = mustache_eol(src, len, tagend);
			standalone = eol != SIZE_MAX;
		}
		text_end = standalone ? p.line_start : start;
		if (text_end > pos && mustache_push_tok(&p, MUSTACHE_TEXT, pos, text_end - pos, line) < 0)
			goto out;

		nameoff = cs;
		namelen = ce - cs;
		mustache_trim(src, &nameoff, &namelen);
		if (!namelen && kind != '!' && kind != '=') {
			mustache_errf(err, errlen, "line %zu: tag has no name", line);
			goto out;
		}
		switch (kind) {
		case '!':
			break;
		case '=':
			if (mustache_set_delims(&p, cs, ce - cs, line) < 0)
				goto out;
			break;
		case '#':
		case '^':
			if (p.nopen == MUSTACHE_MAX_DEPTH) {
				mustache_errf(err, errlen, "line %zu: sections nested deeper than %d", line, MUSTACHE_MAX_DEPTH);
				goto out;
			}
			p.open[p.nopen++] = t->ntok;
			if (mustache_push_tok(&p, kind == '#' ? MUSTACHE_SECTION : MUSTACHE_INVERTED, nameoff, namelen, line) < 0)
				goto out;
			break;
		case '/': {
			struct mustache_tok *o;

			if (!p.nopen) {
				mustache_errf(err, errlen, "line %zu: '/%s' closes no open section", line,
					      mustache_shown(nb, sizeof(nb), src + nameoff, namelen));
				goto out;
			}
			o = &t->tok[p.open[p.nopen - 1]];
			if (o->len != namelen || memcmp(src + o->off, src + nameoff, namelen)) {
				mustache_errf(err, errlen, "line %zu: '/%s' does not match section '%s' opened on line %zu", line,
					      mustache_shown(nb, sizeof(nb), src + nameoff, namelen),
					      mustache_shown(nb2, sizeof(nb2), src + o->off, o->len), o->line);
				goto out;
			}
			o->end = t->ntok;
			p.nopen--;
			break;
		}
		case '>':
			if (mustache_push_tok(&p, MUSTACHE_PARTIAL, nameoff, namelen, line) < 0)
				goto out;
			if (standalone) {
				t->tok[t->ntok - 1].ioff = p.line_start;
				t->tok[t->ntok - 1].ilen = start - p.line_start;
			}
			break;
		case '&':
		case '{':
			if (mustache_push_tok(&p, MUSTACHE_RAW, nameoff, namelen, line) < 0)
				goto out;
			break;
		default:
			if (mustache_push_tok(&p, MUSTACHE_VAR, nameoff, namelen, line) < 0)
				goto out;
		}

		if (standalone) {
			pos = eol;
			if (eol > tagend && src[eol - 1] == '\n') {
				p.line++;
				p.line_start = eol;
			}
			p.line_dirty = 0;
		} else {
			pos = tagend;
			p.line_dirty = 1;
		}
	}
	if (p.nopen) {
		struct mustache_tok *o = &t->tok[p.open[p.nopen - 1]];

		mustache_errf(err, errlen, "line %zu: section '%s' is not closed", o->line,
			      mustache_shown(nb, sizeof(nb), src + o->off, o->len));
		goto out;
	}
	ret = 0;
out:
	if (ret < 0) {
		free(t->tok);
		memset(t, 0, sizeof(*t));
	}
	return ret;
}

/* Falsey as in mustache.js: missing, null, false, 0, "" and []. */
static int mustache_truthy(const json_t *v)
{
	if (!v)
		return 0;
	switch (json_typeof(v)) {
	case JSON_NULL:
	case JSON_FALSE:
		return 0;
	case JSON_ARRAY:
		return json_array_size(v) != 0;
	case JSON_STRING:
		return json_string_length(v) != 0;
	case JSON_INTEGER:
		return json_integer_value(v) != 0;
	case JSON_REAL:
		return json_real_value(v) < 0 || json_real_value(v) > 0;
	default:
		return 1;
	}
}

/* "." is the top context; "a.b.c" finds a on the stack, then b and c
 * inside it only (a broken chain is missing, not looked up further down). */
static const json_t *mustache_lookup(const struct mustache_render *r, const char *name, size_t len)
{
	const json_t *v = NULL;
	const char *dot;
	size_t plen, i;

	if (len == 1 && name[0] == '.')
		return r->nstack ? r->stack[r->nstack - 1] : NULL;
	dot = memchr(name, '.', len);
	plen = dot ? (size_t)(dot - name) : len;
	for (i = r->nstack; i-- > 0;) {
		if (json_is_object(r->stack[i])) {
			v = json_object_getn(r->stack[i], name, plen);
			if (v)
				break;
		}
	}
	while (v && dot) {
		len -= plen + 1;
		name += plen + 1;
		dot = memchr(name, '.', len);
		plen = dot ? (size_t)(dot - name) : len;
		v = json_is_object(v) ? json_object_getn(v, name, plen) : NULL;
	}
	return v;
}

static void mustache_escape(struct strbuf *sb, const char *s, size_t len)
{
	size_t run = 0, i;

	for (i = 0; i < len; i++) {
		const char *rep;

		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		default: continue;
		}
		strbuf_add(sb, s + run, i - run);
		strbuf_addstr(sb, rep);
		run = i + 1;
	}
	strbuf_add(sb, s + run, len - run);
}

/* Shortest %g that reads back as the same double: 1.21 not 1.2100000000000000. */
static void mustache_real(struct strbuf *sb, double d)
{
	struct strbuf tmp = STRBUF_INIT;
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		strbuf_reset(&tmp);
		strbuf_addf(&tmp, "%.*g", prec, d);
		if (tmp.failed || strtod(strbuf_str(&tmp), NULL) == d)
			break;
	}
	if (tmp.failed)
		sb->failed = 1;
	else
		strbuf_add(sb, tmp.buf, tmp.len);
	strbuf_release(&tmp);
}

static void mustache_value(struct strbuf *sb, const json_t *v, int escape)
{
	if (!v)
		return;
	switch (json_typeof(v)) {
	case JSON_STRING:
		if (escape)
			mustache_escape(sb, json_string_value(v), json_string_length(v));
		else
			strbuf_add(sb, json_string_value(v), json_string_length(v));
		break;
	case JSON_INTEGER:
		strbuf_addf(sb, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
		break;
	case JSON_REAL:
		mustache_real(sb, json_real_value(v));
		break;
	case JSON_TRUE:
		strbuf_addstr(sb, "true");
		break;
	case JSON_FALSE:
		strbuf_addstr(sb, "false");
		break;
	default:
		break; /* null, objects and arrays render as nothing */
	}
}

static void mustache_cache_free(struct mustache_pcache *c)
{
	while (c) {
		struct mustache_pcache *next = c->next;

		free(c->name);
		free(c->indent);
		free(c->text);
		free(c->t.tok);
		free(c);
		c = next;
	}
}

static char *mustache_dup(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d) {
		if (n)
			memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

static int mustache_charge(struct mustache_render *r, size_t n, size_t line)
{
	if (n > r->max_steps - r->steps) {
		mustache_errf(r->err, r->errlen, "line %zu: template needs more than %zu steps", line, r->max_steps);
		return -1;
	}
	r->steps += n;
	return 0;
}

/* The parsed partial for name at this indentation, loading it once per
 * render; *out is NULL for a partial that does not exist. -2 when the
 * partial's own text does not parse (err then holds its line). */
static int mustache_partial(struct mustache_render *r, const struct mustache_tok *tok,
			    const char *name, const char *indent, struct mustache_tmpl **out)
{
	struct mustache_pcache *c, *raw = NULL, *e = NULL;
	struct strbuf sb = STRBUF_INIT;
	size_t nlen = tok->len, ilen = tok->ilen, i, run, size;
	int ret = -1;

	*out = NULL;
	for (c = r->cache; c; c = c->next) {
		if (c->nlen != nlen || memcmp(c->name, name, nlen))
			continue;
		if (!c->parsed)
			raw = c;
		else if (c->ilen == ilen && !memcmp(c->indent, indent, ilen)) {
			*out = &c->t;
			return 0;
		}
	}
	if (r->ncache >= MUSTACHE_MAX_PARTIALS) {
		mustache_errf(r->err, r->errlen, "line %zu: more than %d distinct partials", tok->line, MUSTACHE_MAX_PARTIALS);
		goto out;
	}
	if (!raw) {
		raw = calloc(1, sizeof(*raw));
		if (!raw || !(raw->name = mustache_dup(name, nlen))) {
			free(raw);
			mustache_errf(r->err, r->errlen, "out of memory");
			goto out;
		}
		raw->nlen = nlen;
		raw->next = r->cache;
		r->cache = raw;
		r->ncache++;
		/* A name with a NUL cannot reach the loader intact: no such partial. */
		if (r->partials && r->partials->load && !memchr(name, '\0', nlen))
			raw->text = r->partials->load(r->partials->ctx, raw->name);
		raw->tlen = raw->text ? strlen(raw->text) : 0;
	}
	if (!raw->text) {
		ret = 0;
		goto out;
	}
	/* Standalone partials indent each of their lines (spec: partials.json).
	 * Size it first: a long indent times many lines must not be built
	 * before the limits have had their say. A byte costs a step, which
	 * bounds the memory all parsed partials of one render can take. */
	size = raw->tlen;
	for (i = 0; i < raw->tlen; i++)
		if (ilen && (i == 0 || raw->text[i - 1] == '\n'))
			size = size > SIZE_MAX - ilen ? SIZE_MAX : size + ilen;
	if (size > r->max_output) {
		mustache_errf(r->err, r->errlen, "line %zu: partial larger than %zu bytes once indented",
			      tok->line, r->max_output);
		goto out;
	}
	if (mustache_charge(r, size + 1, tok->line) < 0)
		goto out;
	strbuf_grow(&sb, size);
	for (i = 0, run = 0; i < raw->tlen; i++) {
		if (ilen && (i == 0 || raw->text[i - 1] == '\n')) {
			strbuf_add(&sb, raw->text + run, i - run);
			strbuf_add(&sb, indent, ilen);
			run = i;
		}
	}
	strbuf_add(&sb, raw->text + run, raw->tlen - run);
	if (sb.failed) {
		mustache_errf(r->err, r->errlen, "out of memory");
		goto out;
	}
	e = calloc(1, sizeof(*e));
	if (!e || !(e->name = mustache_dup(name, nlen)) || !(e->indent = mustache_dup(indent, ilen))) {
		mustache_errf(r->err, r->errlen, "out of memory");
		goto out;
	}
	e->nlen = nlen;
	e->ilen = ilen;
	e->parsed = 1;
	e->tlen = sb.len;
	e->text = strbuf_detach(&sb, NULL);
	if (!e->text) {
		mustache_errf(r->err, r->errlen, "out of memory");
		goto out;
	}
	if (mustache_parse(&e->t, e->text, e->tlen, r->err, r->errlen) < 0) {
		ret = -2;
		goto out;
	}
	e->next = r->cache;
	r->cache = e;
	r->ncache++;
	*out = &e->t;
	e = NULL;
	ret = 0;
out:
	mustache_cache_free(e);
	strbuf_release(&sb);
	return ret;
}

static int mustache_render_range(struct mustache_render *r, const struct mustache_tmpl *t, size_t begin, size_t end);

static int mustache_enter(struct mustache_render *r, size_t line)
{
	if (r->depth >= MUSTACHE_MAX_DEPTH) {
		mustache_errf(r->err, r->errlen, "line %zu: sections and partials nested deeper than %d",
			      line, MUSTACHE_MAX_DEPTH);
		return -1;
	}
	r->depth++;
	return 0;
}

static int mustache_section(struct mustache_render *r, const struct mustache_tmpl *t, size_t i)
{
	const struct mustache_tok *tok = &t->tok[i];
	const json_t *v = mustache_lookup(r, t->src + tok->off, tok->len);
	size_t k, n;
	int ret = -1;

	if (mustache_enter(r, tok->line) < 0)
		return -1;
	if (tok->type == MUSTACHE_INVERTED) {
		if (!mustache_truthy(v) && mustache_render_range(r, t, i + 1, tok->end) < 0)
			goto out;
	} else if (json_is_array(v)) {
		n = json_array_size(v);
		for (k = 0; k < n; k++) {
			if (mustache_charge(r, 1, tok->line) < 0)
				goto out;
			r->stack[r->nstack++] = json_array_get(v, k);
			if (mustache_render_range(r, t, i + 1, tok->end) < 0)
				goto out;
			r->nstack--;
		}
	} else if (mustache_truthy(v)) {
		r->stack[r->nstack++] = v;
		if (mustache_render_range(r, t, i + 1, tok->end) < 0)
			goto out;
		r->nstack--;
	}
	ret = 0;
out:
	r->depth--;
	return ret;
}

static void mustache_prepend(struct mustache_render *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void mustache_prepend(struct mustache_render *r, const char *fmt, ...)
{
	struct strbuf msg = STRBUF_INIT;
	va_list ap;

	if (!r->err || !r->errlen)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&msg, fmt, ap);
	va_end(ap);
	strbuf_addstr(&msg, r->err);
	mustache_errf(r->err, r->errlen, "%s", msg.failed ? "out of memory" : strbuf_str(&msg));
	strbuf_release(&msg);
}

/* An error inside a partial names the innermost partial (whose lines the
 * message counts) and, at the top, the tag's line in the caller's template;
 * levels between are left out so 64 nested prefixes cannot bury the cause. */
static void mustache_partial_err(struct mustache_render *r, const struct mustache_tok *tok, const char *name)
{
	char nb[64];
	int innermost = !r->err_wrapped;

	mustache_shown(nb, sizeof(nb), name, tok->len);
	if (innermost) {
		mustache_prepend(r, "in partial '%s': ", nb);
		r->err_wrapped = 1;
		r->err_wrap_depth = r->partial_depth;
	}
	if (r->partial_depth == 0) {
		if (innermost)
			mustache_prepend(r, "line %zu: ", tok->line);
		else
			mustache_prepend(r, "line %zu: in partial '%s': %s", tok->line, nb,
					 r->err_wrap_depth > 1 ? "... " : "");
	}
}

static int mustache_render_range(struct mustache_render *r, const struct mustache_tmpl *t, size_t begin, size_t end)
{
	size_t i;

	for (i = begin; i < end; i++) {
		const struct mustache_tok *tok = &t->tok[i];
		const char *name = t->src + tok->off;

		if (mustache_charge(r, 1, tok->line) < 0)
			return -1;
		switch (tok->type) {
		case MUSTACHE_TEXT:
			strbuf_add(r->out, name, tok->len);
			break;
		case MUSTACHE_VAR:
		case MUSTACHE_RAW:
			mustache_value(r->out, mustache_lookup(r, name, tok->len), tok->type == MUSTACHE_VAR);
			break;
		case MUSTACHE_SECTION:
		case MUSTACHE_INVERTED:
			if (mustache_section(r, t, i) < 0)
				return -1;
			i = tok->end - 1;
			break;
		case MUSTACHE_PARTIAL: {
			struct mustache_tmpl *pt;
			int rc;

			rc = mustache_partial(r, tok, name, t->src + tok->ioff, &pt);
			if (rc == -1)
				return -1;
			if (rc == 0 && pt) {
				if (mustache_enter(r, tok->line) < 0)
					return -1;
				r->partial_depth++;
				rc = mustache_render_range(r, pt, 0, pt->ntok);
				r->partial_depth--;
				r->depth--;
			}
			if (rc < 0) {
				mustache_partial_err(r, tok, name);
				return -1;
			}
			break;
		}
		}
		if (r->out->failed) {
			mustache_errf(r->err, r->errlen, "line %zu: out of memory", tok->line);
			return -1;
		}
		if (r->out->len - r->base > r->max_output) {
			mustache_errf(r->err, r->errlen, "line %zu: output larger than %zu bytes", tok->line, r->max_output);
			return -1;
		}
	}
	return 0;
}

int mustache_render_limits(const char *tmpl, size_t len, const json_t *data,
			   const struct mustache_partials *partials,
			   const struct mustache_limits *limits,
			   struct strbuf *out, char *err, size_t errlen)
{
	struct mustache_tmpl t;
	struct mustache_render r;
	int ret = -1;

	memset(&t, 0, sizeof(t));
	memset(&r, 0, sizeof(r));
	if (!out || (!tmpl && len)) {
		mustache_errf(err, errlen, "mustache_render: no template or output");
		return -1;
	}
	r.base = out->len;
	if (out->failed) {
		mustache_errf(err, errlen, "out of memory");
		return -1;
	}
	if (mustache_parse(&t, tmpl ? tmpl : "", len, err, errlen) < 0)
		return -1;
	r.partials = partials;
	r.out = out;
	r.max_output = limits && limits->max_output ? limits->max_output : MUSTACHE_DEFAULT_MAX_OUTPUT;
	r.max_steps = limits && limits->max_steps ? limits->max_steps : MUSTACHE_DEFAULT_MAX_STEPS;
	r.err = err;
	r.errlen = errlen;
	if (data)
		r.stack[r.nstack++] = data;
	if (mustache_render_range(&r, &t, 0, t.ntok) < 0)
		goto out;
	ret = 0;
out:
	if (ret < 0 && out->len > r.base) {
		out->len = r.base;
		out->buf[out->len] = '\0';
	}
	mustache_cache_free(r.cache);
	free(t.tok);
	return ret;
}

int mustache_render(const char *tmpl, size_t len, const json_t *data,
		    const struct mustache_partials *partials, struct strbuf *out,
		    char *err, size_t errlen)
{
	return mustache_render_limits(tmpl, len, data, partials, NULL, out, err, errlen);
}

int mustache_check(const char *tmpl, size_t len, char *err, size_t errlen)
{
	struct mustache_tmpl t;

	if (!tmpl && len) {
		mustache_errf(err, errlen, "mustache_check: no template");
		return -1;
	}
	if (mustache_parse(&t, tmpl ? tmpl : "", len, err, errlen) < 0)
		return -1;
	free(t.tok);
	return 0;
}
