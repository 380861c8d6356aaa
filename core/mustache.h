/*
 * mustache: a Mustache template engine (spec v1 core: variables, sections,
 * inverted sections, comments, partials, set-delimiter) over jansson values.
 *
 * Ownership: the caller keeps tmpl, data and partials; nothing is retained
 * after a call returns. Output is appended to out; on failure out is put back
 * to its length on entry. Text returned by partials->load is malloc'd and is
 * freed by the engine.
 *
 * Templates may be hostile: section/partial nesting, output size and work are
 * all bounded, and every failure is an error with a line number, not a crash.
 */
#ifndef MX_MUSTACHE_H
#define MX_MUSTACHE_H

#include <stddef.h>

#include <jansson.h>

#include "lib/strbuf.h"

/* Nested sections plus partials, counted together. */
#define MUSTACHE_MAX_DEPTH 64
/* Distinct partials (by name and indentation) one render may load. */
#define MUSTACHE_MAX_PARTIALS 1024
/* Defaults for struct mustache_limits fields left 0. */
#define MUSTACHE_DEFAULT_MAX_OUTPUT ((size_t)64 << 20)
#define MUSTACHE_DEFAULT_MAX_STEPS ((size_t)20000000)

struct mustache_partials {
	/* Returns the partial's text (malloc'd, caller frees) or NULL when there is none (renders as empty). */
	char *(*load)(void *ctx, const char *name);
	void *ctx;
};

/* Caps on one render; 0 means the default. A step is one tag, text run,
 * section iteration or byte of partial text parsed, so a template can spin
 * neither forever on empty output nor hoard memory in partials. */
struct mustache_limits {
	size_t max_output;
	size_t max_steps;
};

/* Renders tmpl (len bytes) with data into out. partials may be NULL. 0 or -1 with err (line number included). */
int mustache_render(const char *tmpl, size_t len, const json_t *data,
		    const struct mustache_partials *partials, struct strbuf *out,
		    char *err, size_t errlen);

/* As mustache_render, with explicit limits (NULL for the defaults). */
int mustache_render_limits(const char *tmpl, size_t len, const json_t *data,
			   const struct mustache_partials *partials,
			   const struct mustache_limits *limits,
			   struct strbuf *out, char *err, size_t errlen);

/* Parses only, to check a template: 0 or -1 with err. Partials are not loaded. */
int mustache_check(const char *tmpl, size_t len, char *err, size_t errlen);

#endif
