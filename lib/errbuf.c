/*
 * errbuf: errbuf_set(), the 0 / -1 with an error buffer convention
 * (lib/errbuf.h).
 */
#include "errbuf.h"

#include <stdarg.h>
#include <string.h>

#include "strbuf.h"

void errbuf_set(char *err, size_t errlen, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strncpy(err, sb.failed ? "out of memory" : strbuf_str(&sb), errlen - 1);
	err[errlen - 1] = '\0';
	strbuf_release(&sb);
}
