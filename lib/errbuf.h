/*
 * errbuf: the "0 / -1 with an error buffer" convention in one place.
 * errbuf_set() formats a message into the caller's buffer, cut to fit and
 * always NUL-terminated. Ownership: the buffer is the caller's.
 */
#ifndef MX_ERRBUF_H
#define MX_ERRBUF_H

#include <stddef.h>

void errbuf_set(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
