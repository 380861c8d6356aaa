#include "templates.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#include "cmd.h"
#include "core/mustache.h"
#include "core/names.h"

struct search {
	const char *dirs[5];
	int n;
	char exe_dir[PATH_MAX];
	char exe_share[PATH_MAX + 32];
};

static void search_init(struct search *s, const char *override_dir)
{
	const char *env = getenv("MXJUDGE_TEMPLATES");
	ssize_t len;
	char *slash;

	s->n = 0;
	s->exe_share[0] = '\0';
	if (override_dir && *override_dir)
		s->dirs[s->n++] = override_dir;
	if (env && *env)
		s->dirs[s->n++] = env;
	/* A binary in build/ of a checkout uses the checkout's templates. */
	len = readlink("/proc/self/exe", s->exe_dir, sizeof(s->exe_dir) - 32);
	if (len > 0) {
		s->exe_dir[len] = '\0';
		slash = strrchr(s->exe_dir, '/');
		if (slash) {
			*slash = '\0';
			snprintf(s->exe_share, sizeof(s->exe_share), "%s/../share/mxjudge/templates",
				 s->exe_dir);
			strcpy(slash, "/../templates");
			s->dirs[s->n++] = s->exe_dir;
		}
	}
	s->dirs[s->n++] = MXJUDGE_DATADIR "/templates";
	/* Last, BINDIR/../share: a relocated install (or one under DESTDIR) finds its own. */
	if (s->exe_share[0] && strcmp(s->exe_share, MXJUDGE_DATADIR "/templates"))
		s->dirs[s->n++] = s->exe_share;
}

/* Partial and template names are plain names: no path tricks. */
static int safe_name(const char *name)
{
	return *name && !strchr(name, '/') && strcmp(name, ".") && strcmp(name, "..") &&
	       strlen(name) < 128;
}

static char *load_from(const struct search *s, const char *name)
{
	char path[PATH_MAX], err[256];
	int i;

	if (!safe_name(name))
		return NULL;
	for (i = 0; i < s->n; i++) {
		char *text;

		snprintf(path, sizeof(path), "%s/%s.mustache", s->dirs[i], name);
		if (access(path, R_OK))
			continue;
		text = cmd_read_file(path, NULL, err, sizeof(err));
		if (text)
			return text;
	}
	return NULL;
}

static char *load_partial(void *ctx, const char *name)
{
	return load_from(ctx, name);
}

char *templates_find(const char *name, const char *override_dir)
{
	struct search s;
	char path[PATH_MAX];
	int i;

	search_init(&s, override_dir);
	if (!safe_name(name))
		return NULL;
	for (i = 0; i < s.n; i++) {
		snprintf(path, sizeof(path), "%s/%s.mustache", s.dirs[i], name);
		if (!access(path, R_OK))
			return strdup(s.dirs[i]);
	}
	return NULL;
}

/*
 * Defence in depth: whatever old data or a template holds, what people
 * read carries no control bytes (core/names.h), only lines and tabs.
 */
static void scrub_from(struct strbuf *out, size_t start)
{
	if (out->failed || !out->buf || out->len <= start)
		return;
	out->len = start + names_scrub(out->buf + start, out->len - start, 1);
	out->buf[out->len] = '\0';
}

int templates_render(const char *name, const char *override_dir, const json_t *data,
		     struct strbuf *out, char *err, size_t errlen)
{
	size_t start;
	struct search s;
	struct mustache_partials partials;
	char *text;
	char inner[512];
	int rc;

	search_init(&s, override_dir);
	text = load_from(&s, name);
	if (!text) {
		snprintf(err, errlen, "template %s.mustache not found (looked in %s%s%s and %s)", name,
			 s.dirs[0], s.n > 2 ? ", " : "", s.n > 2 ? s.dirs[1] : "", s.dirs[s.n - 1]);
		return -1;
	}
	partials.load = load_partial;
	partials.ctx = &s;
	start = out->len;
	rc = mustache_render(text, strlen(text), data, &partials, out, inner, sizeof(inner));
	if (rc < 0)
		snprintf(err, errlen, "%s.mustache: %s", name, inner);
	else
		scrub_from(out, start);
	free(text);
	return rc;
}

int templates_render_file(const char *path, const char *partials_dir, const json_t *data,
			  struct strbuf *out, char *err, size_t errlen)
{
	size_t start;
	struct search s;
	struct mustache_partials partials;
	char inner[512];
	size_t len;
	char *text;
	int rc;

	text = cmd_read_file(path, &len, err, errlen);
	if (!text)
		return -1;
	search_init(&s, partials_dir);
	if (partials_dir) {
		s.dirs[0] = partials_dir;
		s.n = 1;	/* an explicit directory is the only place looked in */
	}
	partials.load = load_partial;
	partials.ctx = &s;
	start = out->len;
	rc = mustache_render(text, len, data, &partials, out, inner, sizeof(inner));
	if (rc < 0)
		snprintf(err, errlen, "%s: %s", path, inner);
	else
		scrub_from(out, start);
	free(text);
	return rc;
}

char *templates_find_file(const char *subdir, const char *name, const char *ext,
			  const char *override_dir)
{
	struct search s;
	char path[PATH_MAX];
	int i;

	search_init(&s, override_dir);
	if (!safe_name(name))
		return NULL;
	for (i = 0; i < s.n; i++) {
		snprintf(path, sizeof(path), "%s/%s/%s.%s", s.dirs[i], subdir, name, ext);
		if (!access(path, R_OK))
			return strdup(path);
		/* A directory of the old layout (scenarios/ beside the templates) still counts. */
		if (strchr(subdir, '/')) {
			snprintf(path, sizeof(path), "%s/%s/%s.%s", s.dirs[i], strrchr(subdir, '/') + 1,
				 name, ext);
			if (!access(path, R_OK))
				return strdup(path);
		}
	}
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void templates_each_file(const char *subdir, const char *ext, const char *override_dir,
			 void (*fn)(void *ctx, const char *name, const char *path), void *ctx)
{
	struct search s;
	char path[PATH_MAX], *names[256];
	size_t n = 0, i, elen = strlen(ext);
	int d;

	search_init(&s, override_dir);
	for (d = 0; d < 2 * s.n; d++) {
		DIR *dir;
		struct dirent *de;

		/* Each directory in the game's folder, then in the old flat layout. */
		if (d % 2 == 0)
			snprintf(path, sizeof(path), "%s/%s", s.dirs[d / 2], subdir);
		else if (strchr(subdir, '/'))
			snprintf(path, sizeof(path), "%s/%s", s.dirs[d / 2], strrchr(subdir, '/') + 1);
		else
			continue;
		dir = opendir(path);
		if (!dir)
			continue;
		while ((de = readdir(dir)) && n < sizeof(names) / sizeof(names[0])) {
			size_t len = strlen(de->d_name);

			if (len <= elen + 1 || de->d_name[0] == '.' ||
			    strcmp(de->d_name + len - elen, ext) || de->d_name[len - elen - 1] != '.')
				continue;
			names[n] = strndup(de->d_name, len - elen - 1);
			if (names[n])
				n++;
		}
		closedir(dir);
	}
	qsort(names, n, sizeof(names[0]), cmp_str);
	for (i = 0; i < n; i++) {
		if (!i || strcmp(names[i], names[i - 1])) {
			char *p = templates_find_file(subdir, names[i], ext, override_dir);

			if (p)
				fn(ctx, names[i], p);
			free(p);
		}
	}
	for (i = 0; i < n; i++)
		free(names[i]);
}
