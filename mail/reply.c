/*
 * mail/reply: the new text of a reply, without what it quotes
 * (mail/reply.h).
 */
#include "reply.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/strbuf.h"

struct line {
	const char *s;
	size_t n;
};

struct lines {
	struct line *v;
	size_t n;
};

static int split(const char *text, struct lines *ls)
{
	const char *p = text;
	size_t alloc = 16;

	ls->n = 0;
	ls->v = malloc(alloc * sizeof(*ls->v));
	if (!ls->v)
		return -1;
	while (*p) {
		const char *eol = strchr(p, '\n');

		if (!eol)
			eol = p + strlen(p);
		if (ls->n == alloc) {
			struct line *nv = realloc(ls->v, alloc * 2 * sizeof(*nv));

			if (!nv) {
				free(ls->v);
				return -1;
			}
			ls->v = nv;
			alloc *= 2;
		}
		ls->v[ls->n].s = p;
		ls->v[ls->n].n = (size_t)(eol - p);
		ls->n++;
		p = *eol ? eol + 1 : eol;
	}
	return 0;
}

/* The line without blanks (or '*' of bold HTML headers) around it. */
static struct line trim(struct line l)
{
	while (l.n && (*l.s == ' ' || *l.s == '\t' || *l.s == '*')) {
		l.s++;
		l.n--;
	}
	while (l.n && (l.s[l.n - 1] == ' ' || l.s[l.n - 1] == '\t' || l.s[l.n - 1] == '\r'))
		l.n--;
	return l;
}

static int blank(struct line l)
{
	return trim(l).n == 0;
}

static int quoted(struct line l)
{
	size_t i = 0;

	while (i < l.n && i < 3 && l.s[i] == ' ')
		i++;
	return i < l.n && l.s[i] == '>';
}

static int starts(struct line l, const char *prefix)
{
	size_t n = strlen(prefix);

	return l.n >= n && !strncasecmp(l.s, prefix, n);
}

static int ends(struct line l, const char *suffix)
{
	size_t n = strlen(suffix);

	return l.n >= n && !strncasecmp(l.s + l.n - n, suffix, n);
}

static int has_digit_or_at(struct line l)
{
	size_t i;

	for (i = 0; i < l.n; i++)
		if (isdigit((unsigned char)l.s[i]) || l.s[i] == '@')
			return 1;
	return 0;
}

static int contains(struct line l, const char *word)
{
	size_t n = strlen(word), i;

	for (i = 0; i + n <= l.n; i++)
		if (!strncasecmp(l.s + i, word, n))
			return 1;
	return 0;
}

/* "-----Original Message-----", "---------- Forwarded message ---------". */
static int dashed_title(struct line t)
{
	size_t lead = 0, tail = 0;

	while (lead < t.n && t.s[lead] == '-')
		lead++;
	while (tail < t.n - lead && t.s[t.n - 1 - tail] == '-')
		tail++;
	return lead >= 2 && tail >= 2 &&
	       (contains(t, "original message") || contains(t, "forwarded message"));
}

/* The next line at or after i that is not blank, or n. */
static size_t next_text(const struct lines *ls, size_t i)
{
	while (i < ls->n && blank(ls->v[i]))
		i++;
	return i;
}

/* An Outlook header block starting at line i: From:, then Sent:/Date: and To:/Subject:. */
static int header_block(const struct lines *ls, size_t i)
{
	int when = 0, whom = 0;
	size_t k;

	if (!starts(trim(ls->v[i]), "from:"))
		return 0;
	for (k = i + 1; k < ls->n && k <= i + 5; k++) {
		struct line t = trim(ls->v[k]);

		when |= starts(t, "sent:") || starts(t, "date:");
		whom |= starts(t, "to:") || starts(t, "subject:") || starts(t, "cc:");
	}
	return when && whom;
}

/* Does the quoted part of the mail start (or the rest turn into a forward) at line i? */
static int separator(const struct lines *ls, size_t i)
{
	struct line t = trim(ls->v[i]);
	size_t k, under = 0;

	if (!t.n)
		return 0;
	if (dashed_title(t) || starts(t, "begin forwarded message"))
		return 1;
	for (k = 0; k < t.n && t.s[k] == '_'; k++)
		under++;
	if (under >= 10 && under == t.n)
		return 1;
	if (header_block(ls, i))
		return 1;
	/* "On ... wrote:" with no quotation under it: the quote is not marked. */
	if ((ends(t, "wrote:") || ends(t, "writes:")) && !quoted(t)) {
		k = next_text(ls, i + 1);
		return k < ls->n && !quoted(ls->v[k]);
	}
	return 0;
}

static char *join(const struct lines *ls, const char *keep, size_t upto)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, first = 0, last = upto;

	while (first < upto && (!keep[first] || blank(ls->v[first])))
		first++;
	while (last > first && (!keep[last - 1] || blank(ls->v[last - 1])))
		last--;
	for (i = first; i < last; i++) {
		if (!keep[i])
			continue;
		strbuf_add(&sb, ls->v[i].s, ls->v[i].n);
		strbuf_addch(&sb, '\n');
	}
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	return sb.buf ? strbuf_detach(&sb, NULL) : strdup("");
}

char *reply_strip_quotes(const char *text)
{
	struct lines ls;
	char *keep, *out;
	size_t i, cut;

	if (split(text, &ls))
		return NULL;
	keep = malloc(ls.n + 1);
	if (!keep) {
		free(ls.v);
		return NULL;
	}
	for (cut = 0; cut < ls.n && !separator(&ls, cut); cut++)
		;
	for (i = 0; i < cut; i++)
		keep[i] = !quoted(ls.v[i]);
	/* The attribution above each quotation: "On <date>, <name> wrote:". */
	for (i = 1; i < cut; i++) {
		size_t a, s;
		struct line t;

		if (!quoted(ls.v[i]) || quoted(ls.v[i - 1]))
			continue;
		a = i;
		while (a > 0 && blank(ls.v[a - 1]))
			a--;
		if (a == 0)
			continue;
		a--;
		t = trim(ls.v[a]);
		if (quoted(ls.v[a]) || !ends(t, ":") ||
		    !(has_digit_or_at(t) || contains(t, "wrote") || contains(t, "schrieb") ||
		      contains(t, "crit")))
			continue;
		/* An attribution the mailer wrapped: longer lines with a date or address. */
		for (s = a; s > 0 && a - s < 2; s--) {
			struct line p = trim(ls.v[s - 1]);

			if (!p.n || quoted(ls.v[s - 1]) || p.n < 20 || !has_digit_or_at(p))
				break;
		}
		for (; s <= a; s++)
			keep[s] = 0;
	}
	out = join(&ls, keep, cut);
	free(keep);
	free(ls.v);
	return out;
}

static int signature(struct line l)
{
	static const char *const phones[] = { "sent from my ", "sent with sparrow", "get outlook for ",
					      "sent from mail for windows", "sent from yahoo mail",
					      "envoyé de mon ", "von meinem ", NULL };
	struct line t = trim(l);
	size_t i;

	if ((l.n == 3 && !strncmp(l.s, "-- ", 3)) || (l.n == 2 && !strncmp(l.s, "--", 2)))
		return 1;
	for (i = 0; phones[i]; i++)
		if (starts(t, phones[i]))
			return 1;
	return 0;
}

char *reply_strip_signature(const char *text)
{
	struct lines ls;
	char *keep, *out;
	size_t cut;

	if (split(text, &ls))
		return NULL;
	keep = malloc(ls.n + 1);
	if (!keep) {
		free(ls.v);
		return NULL;
	}
	memset(keep, 1, ls.n + 1);
	for (cut = 0; cut < ls.n && !signature(ls.v[cut]); cut++)
		;
	out = join(&ls, keep, cut);
	free(keep);
	free(ls.v);
	return out;
}

char *reply_text(const char *text)
{
	char *q = reply_strip_quotes(text), *r;

	if (!q)
		return NULL;
	r = reply_strip_signature(q);
	free(q);
	return r;
}

char *reply_unquote(const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	struct lines ls;
	size_t i;

	if (split(text, &ls))
		return NULL;
	for (i = 0; i < ls.n; i++) {
		struct line l = ls.v[i];
		size_t k = 0;

		if (quoted(l)) {
			/* Up to three blanks, then each '>' with the blank after it. */
			while (k < l.n && l.s[k] == ' ')
				k++;
			while (k < l.n && l.s[k] == '>') {
				k++;
				if (k < l.n && l.s[k] == ' ')
					k++;
			}
		}
		strbuf_add(&sb, l.s + k, l.n - k);
		strbuf_addch(&sb, '\n');
	}
	free(ls.v);
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	return sb.buf ? strbuf_detach(&sb, NULL) : strdup("");
}
