/*
 * strbuf: a growable NUL-terminated byte buffer with a sticky allocation
 * failure (lib/strbuf.h).
 */
#include "strbuf.h"

#include <stdio.h> /* vsnprintf only: formatting into memory, no I/O */
#include <stdlib.h>
#include <string.h>

void strbuf_init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = 0;
	sb->alloc = 0;
	sb->failed = 0;
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	strbuf_init(sb);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *b;

	if (strbuf_grow(sb, 0) < 0) {
		strbuf_release(sb);
		return NULL;
	}
	b = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb);
	return b;
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

int strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t want;
	char *nb;

	if (sb->failed)
		return -1;
	if (extra > (size_t)-1 / 2 - sb->len - 1) {
		sb->failed = 1;
		return -1;
	}
	want = sb->len + extra + 1;
	if (want <= sb->alloc)
		return 0;
	if (want < 64)
		want = 64;
	if (want < sb->alloc * 2)
		want = sb->alloc * 2;
	nb = realloc(sb->buf, want);
	if (!nb) {
		sb->failed = 1;
		return -1;
	}
	if (!sb->buf)
		nb[0] = '\0';
	sb->buf = nb;
	sb->alloc = want;
	return 0;
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (strbuf_grow(sb, len) < 0)
		return;
	if (len)
		memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void strbuf_addchars(struct strbuf *sb, char c, size_t n)
{
	if (strbuf_grow(sb, n) < 0)
		return;
	memset(sb->buf + sb->len, c, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	if (strbuf_grow(sb, 64) < 0)
		return;
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	if (n < 0) {
		sb->failed = 1;
		return;
	}
	if ((size_t)n >= sb->alloc - sb->len) {
		if (strbuf_grow(sb, (size_t)n) < 0)
			return;
		vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
	}
	sb->len += (size_t)n;
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

const char *strbuf_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}
