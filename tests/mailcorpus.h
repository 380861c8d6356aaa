/*
 * mailcorpus: the third-party mail corpus in tests/data/mail-corpus
 * ($MXJUDGE_TESTDATA overrides tests/data), for the mail tests. Read in place,
 * never copied. Static functions: each test file is one program.
 * Ownership: mailcorpus_slurp() returns malloc'd bytes (NUL-terminated) the
 * caller frees.
 */
#ifndef MX_TESTS_MAILCORPUS_H
#define MX_TESTS_MAILCORPUS_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	const char *data = getenv("MXJUDGE_TESTDATA");

	/* Bounded so the compiler sees it fit the callers' 1 KiB buffers. */
	snprintf(buf, len, "%.400s/mail-corpus%s%.500s",
		 data && *data ? data : "tests/data", *rel ? "/" : "", rel);
}

/*
 * Calls fn(rel, ctx) for every .eml file under REL of the corpus (REL ""
 * for all), depth first; rel names the file under the corpus. Returns the
 * number of files.
 */
static inline size_t mailcorpus_each(const char *rel, void (*fn)(const char *rel, void *ctx),
				     void *ctx)
{
	char dir[1024];
	DIR *d;
	struct dirent *e;
	size_t n = 0;

	mailcorpus_path(dir, sizeof(dir), rel);
	if (!(d = opendir(dir)))
		return 0;
	while ((e = readdir(d))) {
		char sub[1024];
		size_t len = strlen(e->d_name);

		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%.400s%s%.255s", rel, *rel ? "/" : "", e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 4, ".eml")) {
			n += mailcorpus_each(sub, fn, ctx);
			continue;
		}
		fn(sub, ctx);
		n++;
	}
	closedir(d);
	return n;
}

#endif
