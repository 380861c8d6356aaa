/*
 * mailcorpus: the third-party mail corpus in ../shared/testdata/mail-corpus
 * (MXJUDGE_SHARED overrides ../shared), for the mail tests. Read in place,
 * never copied. Static functions: each test file is one program.
 * Ownership: mailcorpus_slurp() returns malloc'd bytes (NUL-terminated) the
 * caller frees.
 */
#ifndef MX_TESTS_MAILCORPUS_H
#define MX_TESTS_MAILCORPUS_H

#include <stdio.h>
#include <stdlib.h>

/* The whole file, or NULL; *len (when given) its length. */
static inline char *mailcorpus_slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	if (buf) {
		buf[n] = '\0';
		if (len)
			*len = (size_t)n;
	}
	return buf;
}

/* The corpus directory, then REL under it (REL may be ""). */
static inline void mailcorpus_path(char *buf, size_t len, const char *rel)
{
	const char *shared = getenv("MXJUDGE_SHARED");

	snprintf(buf, len, "%s/testdata/mail-corpus%s%s", shared && *shared ? shared : "../shared",
		 *rel ? "/" : "", rel);
}

#endif
