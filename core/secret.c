/*
 * secret: the tokenizer that finds the PASSWORD or CODE on a line, for
 * reading and redacting alike (core/secret.h). Pure.
 */
#include "secret.h"

#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"

int secret_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

int secret_keyword(const char *s, const char *e, const char *kw, const char **rest)
{
	size_t n = strlen(kw), i;

	while (s < e && secret_blank((unsigned char)*s))
		s++;
	if ((size_t)(e - s) < n)
		return 0;
	for (i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c >= 'a' && c <= 'z')
			c -= 'a' - 'A';
		if (c != kw[i])
			return 0;
	}
	if (s + n < e && !secret_blank((unsigned char)s[n]) && s[n] != ':')
		return 0;
	s += n;
	if (s < e && *s == ':')
		s++;
	while (s < e && secret_blank((unsigned char)*s))
		s++;
	*rest = s;
	return 1;
}

enum secret_kind secret_line(const char *s, const char *e, const char **value,
			     const char **value_end)
{
	enum secret_kind kind = SECRET_NONE;
	const char *v, *ve;

	if (secret_keyword(s, e, "PASSWORD", &v))
		kind = SECRET_PASSWORD;
	else if (secret_keyword(s, e, "CODE", &v))
		kind = SECRET_CODE;
	else
		return SECRET_NONE;
	for (ve = v; ve < e && *ve != '#'; ve++)
		;
	while (ve > v && secret_blank((unsigned char)ve[-1]))
		ve--;
	*value = v;
	*value_end = ve;
	return kind;
}

/* Appends the line [p, eol) to sb, its secret value (if any) redacted. */
static void add_line(struct strbuf *sb, const char *p, const char *eol)
{
	const char *v, *ve, *set;

	/* The mail desk's "SET PASSWORD NAME NEW": the new password is a secret too. */
	if (secret_keyword(p, eol, "SET", &set) && secret_keyword(set, eol, "PASSWORD", &v)) {
		strbuf_add(sb, p, (size_t)(v - p));
		strbuf_addstr(sb, SECRET_REDACTED);
		return;
	}
	/* A JOIN's or OBSERVE's CONFIRM token (judge/signup.h) is good for two days: blanked too. */
	if (secret_keyword(p, eol, "CONFIRM", &v)) {
		strbuf_add(sb, p, (size_t)(v - p));
		strbuf_addstr(sb, SECRET_REDACTED);
		return;
	}
	if (secret_line(p, eol, &v, &ve) == SECRET_NONE) {
		strbuf_add(sb, p, (size_t)(eol - p));
		return;
	}
	/* Everything after the keyword goes, comment included: it may hold the secret too. */
	strbuf_add(sb, p, (size_t)(v - p));
	strbuf_addstr(sb, SECRET_REDACTED);
}

char *secret_redact(const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = text;

	while (*p) {
		const char *eol = strchr(p, '\n');

		if (!eol)
			eol = p + strlen(p);
		add_line(&sb, p, eol);
		if (*eol)
			strbuf_addch(&sb, '\n');
		p = *eol ? eol + 1 : eol;
	}
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	return sb.buf ? strbuf_detach(&sb, NULL) : strdup("");
}

/* The line [s, e) without blanks and a '#' comment is exactly END. */
static int end_line(const char *s, const char *e)
{
	const char *rest, *c;

	for (c = s; c < e && *c != '#'; c++)
		;
	if (!secret_keyword(s, c, "END", &rest))
		return 0;
	while (rest < c && secret_blank((unsigned char)*rest))
		rest++;
	return rest == c;
}

char *secret_orders_block(const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = text, *rest;
	int in = 0;

	while (*p) {
		const char *eol = strchr(p, '\n');

		if (!eol)
			eol = p + strlen(p);
		if (!in) {
			const char *c;

			/* As the readers see it: the comment gone first. */
			for (c = p; c < eol && *c != '#'; c++)
				;
			in = secret_keyword(p, c, "GAME", &rest);
		}
		if (in) {
			add_line(&sb, p, eol);
			strbuf_addch(&sb, '\n');
			if (end_line(p, eol))
				break;
		}
		p = *eol ? eol + 1 : eol;
	}
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	return sb.buf ? strbuf_detach(&sb, NULL) : strdup("");
}
