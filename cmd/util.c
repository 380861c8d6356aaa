#include "cmd.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/names.h"
#include "lib/strbuf.h"
#include "timeutil.h"

void cmd_error(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	size_t n;

	fflush(stdout);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	/*
	 * Errors quote input (names, lines of mail): one line, and nothing a
	 * terminal or a cron mail would act on (core/names.h).
	 */
	n = sb.buf ? names_scrub(sb.buf, sb.len, 0) : 0;
	fputs("mxjudge: ", stderr);
	if (sb.failed)
		fputs("out of memory (while reporting an error)", stderr);
	else
		fwrite(strbuf_str(&sb), 1, n, stderr);
	fputc('\n', stderr);
	strbuf_release(&sb);
}

int cmd_usage(const char *path, const struct cmd *c)
{
	fprintf(stderr, "usage: mxjudge %s%s%s\n", path, c->usage && *c->usage ? " " : "",
		c->usage ? c->usage : "");
	return EXIT_USAGE;
}

char *cmd_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = NULL;
	char *buf = NULL, *nb;
	size_t n = 0, alloc = 0, got;
	int is_stdin = !strcmp(path, "-");

	f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	for (;;) {
		if (alloc - n < 4096) {
			/* Orders, states and mails are small; 64 MiB stops a runaway pipe. */
			if (alloc > ((size_t)64 << 20)) {
				snprintf(err, errlen, "%s: file too large (over 64 MiB)", path);
				goto fail;
			}
			alloc = alloc ? alloc * 2 : 8192;
			nb = realloc(buf, alloc + 1);
			if (!nb) {
				snprintf(err, errlen, "%s: out of memory", path);
				goto fail;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, alloc - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
		goto fail;
	}
	if (!is_stdin)
		fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:
	if (f && !is_stdin)
		fclose(f);
	free(buf);
	return NULL;
}

int cmd_parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (!s || !*s)
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int cmd_write_stdout(const char *buf, size_t len)
{
	if (len && fwrite(buf, 1, len, stdout) != len)
		return -1;
	return 0;
}

int cmd_is_dir(const char *path)
{
	struct stat sb;

	return !stat(path, &sb) && S_ISDIR(sb.st_mode);
}

int cmd_now(const char *arg, time_t *out)
{
	if (!time_now(arg, out))
		return 0;
	cmd_error("--now: expected an ISO 8601 time such as 2025-03-01T18:00Z, got '%s'", arg);
	return -1;
}

int cmd_print_json(json_t *j, size_t flags)
{
	char *text = j ? json_dumps(j, JSON_INDENT(2) | flags) : NULL;

	json_decref(j);
	if (!text) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	printf("%s\n", text);
	free(text);
	return EXIT_OK;
}
