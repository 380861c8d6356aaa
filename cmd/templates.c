#include "templates.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "core/mustache.h"

struct search {
	const char *dirs[5];
	int n;
	char exe_dir[PATH_MAX];
};

static void search_init(struct search *s, const char *override_dir)
{
	const char *env = getenv("MXJUDGE_TEMPLATES");
	ssize_t len;
	char *slash;

	s->n = 0;
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
			strcpy(slash, "/../templates");
			s->dirs[s->n++] = s->exe_dir;
		}
	}
	s->dirs[s->n++] = MXJUDGE_DATADIR "/templates";
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

int templates_render(const char *name, const char *override_dir, const json_t *data,
		     struct strbuf *out, char *err, size_t errlen)
{
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
	rc = mustache_render(text, strlen(text), data, &partials, out, inner, sizeof(inner));
	if (rc < 0)
		snprintf(err, errlen, "%s.mustache: %s", name, inner);
	free(text);
	return rc;
}

int templates_render_file(const char *path, const char *partials_dir, const json_t *data,
			  struct strbuf *out, char *err, size_t errlen)
{
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
	rc = mustache_render(text, len, data, &partials, out, inner, sizeof(inner));
	if (rc < 0)
		snprintf(err, errlen, "%s: %s", path, inner);
	free(text);
	return rc;
}
