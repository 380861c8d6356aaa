/*
 * strbuf: a growable NUL-terminated byte buffer (after git's strbuf).
 *
 * Ownership: a strbuf owns buf. strbuf_release() frees it and leaves an
 * empty buffer; strbuf_detach() hands buf to the caller, who free()s it.
 * Allocation failure is sticky: sb->failed is set, later appends do nothing,
 * and callers check it once at the end.
 */
#ifndef MX_STRBUF_H
#define MX_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
	int failed;
};

#define STRBUF_INIT { NULL, 0, 0, 0 }

void strbuf_init(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_reset(struct strbuf *sb);
int strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, char c);
void strbuf_addchars(struct strbuf *sb, char c, size_t n);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* The contents, or "" for a buffer that never grew. */
const char *strbuf_str(const struct strbuf *sb);

#endif
