/*
 * templates: the search path of the Mustache templates and their
 * rendering with partials (judge/templates.h).
 */
#include "templates.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "core/mustache.h"
#include "core/names.h"

struct search {
	const char *dirs[5];
	int n;
	const char *game;	/* its folder is looked in first, in each directory; or NULL */
	char exe_dir[PATH_MAX];
	char exe_share[PATH_MAX + 32];
};

/* The binary's path, read once: it does not move while it runs. */
static char exe_path[PATH_MAX];
static ssize_t exe_len;
static pthread_once_t exe_once = PTHREAD_ONCE_INIT;

static void exe_read(void)
{
	exe_len = readlink("/proc/self/exe", exe_path, sizeof(exe_path) - 32);
}

static void search_init(struct search *s, const char *override_dir)
{
	const char *env = getenv("MXJUDGE_TEMPLATES");
	char *slash;

	s->n = 0;
	s->game = NULL;
	s->exe_share[0] = '\0';
	if (override_dir && *override_dir)
		s->dirs[s->n++] = override_dir;
	if (env && *env)
		s->dirs[s->n++] = env;
	/* A binary in build/ of a checkout uses the checkout's templates. */
	pthread_once(&exe_once, exe_read);
	if (exe_len > 0) {
		memcpy(s->exe_dir, exe_path, (size_t)exe_len);
		s->exe_dir[exe_len] = '\0';
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

/* A game names a folder: a plain name too, else there is none. */
static const char *game_folder(const char *game)
{
	return game && safe_name(game) ? game : NULL;
}

/*
 * Candidate k of NAME.mustache in path, k from 0 to 2 * s->n - 1: in each
 * directory DIR/GAME/NAME (with a game), then DIR/NAME, before the next
 * directory. *dir_len gets the length of its directory part. 0, or -1
 * when there is no such candidate (no game) or the path does not fit.
 */
static int candidate(const struct search *s, int k, const char *name, char *path, size_t len,
		     size_t *dir_len)
{
	int n;

	if (k / 2 >= s->n || (k % 2 == 0 && !s->game))
		return -1;
	if (k % 2 == 0)
		n = snprintf(path, len, "%s/%s/", s->dirs[k / 2], s->game);
	else
		n = snprintf(path, len, "%s/", s->dirs[k / 2]);
	if (n <= 0 || (size_t)n >= len)
		return -1;
	*dir_len = (size_t)n - 1;
	return (size_t)snprintf(path + n, len - n, "%s.mustache", name) < len - n ? 0 : -1;
}

/*
 * Templates read in this process, by search path, game and name: a turn
 * of `process` renders five a mail and four mails a campaign, and looking
 * them up and reading them again was a tenth of make bench figure 3's
 * CPU. A process lives for one command, so an edit shows in the next.
 */
struct loaded {
	char *key, *text;
	struct loaded *next;
};
static struct loaded *loaded;
static pthread_mutex_t loaded_lock = PTHREAD_MUTEX_INITIALIZER;

/* The key of name under s: every directory, the game and the name, a line each. */
static int loaded_key(const struct search *s, const char *name, struct strbuf *key)
{
	int k;

	for (k = 0; k < s->n; k++)
		strbuf_addf(key, "%s\n", s->dirs[k]);
	strbuf_addf(key, "%s\n%s", s->game ? s->game : "", name);
	return key->failed ? -1 : 0;
}

static char *load_from(const struct search *s, const char *name)
{
	char path[PATH_MAX], err[256];
	struct strbuf key = STRBUF_INIT;
	struct loaded *l;
	char *text = NULL;
	size_t dir_len;
	int k, keyed;

	if (!safe_name(name))
		return NULL;
	keyed = !loaded_key(s, name, &key);
	pthread_mutex_lock(&loaded_lock);
	for (l = loaded; keyed && l; l = l->next)
		if (!strcmp(l->key, strbuf_str(&key))) {
			text = strdup(l->text);
			goto out;
		}
	for (k = 0; !text && k < 2 * s->n; k++) {
		if (candidate(s, k, name, path, sizeof(path), &dir_len) || access(path, R_OK))
			continue;
		text = cmd_read_file(path, NULL, err, sizeof(err));
	}
	/* Kept when memory allows; a failure only costs the next read. */
	if (text && keyed && (l = calloc(1, sizeof(*l)))) {
		l->key = strdup(strbuf_str(&key));
		l->text = strdup(text);
		if (l->key && l->text) {
			l->next = loaded;
			loaded = l;
		} else {
			free(l->key);
			free(l->text);
			free(l);
		}
	}
out:
	pthread_mutex_unlock(&loaded_lock);
	strbuf_release(&key);
	return text;
}

static char *load_partial(void *ctx, const char *name)
{
	return load_from(ctx, name);
}

char *templates_find(const char *game, const char *name, const char *override_dir)
{
	struct search s;
	char path[PATH_MAX];
	size_t dir_len;
	int k;

	search_init(&s, override_dir);
	s.game = game_folder(game);
	if (!safe_name(name))
		return NULL;
	for (k = 0; k < 2 * s.n; k++)
		if (!candidate(&s, k, name, path, sizeof(path), &dir_len) && !access(path, R_OK))
			return strndup(path, dir_len);
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

int templates_render_game(const char *game, const char *name, const char *override_dir,
			  const json_t *data, struct strbuf *out, char *err, size_t errlen)
{
	size_t start;
	struct search s;
	struct mustache_partials partials;
	char *text;
	char inner[512];
	int rc;

	search_init(&s, override_dir);
	s.game = game_folder(game);
	text = load_from(&s, name);
	if (!text) {
		char game_too[300] = "";
		struct strbuf where = STRBUF_INIT;
		int k;

		if (s.game)
			snprintf(game_too, sizeof(game_too), "%s/%s.mustache (or ", s.game, name);
		/* Every directory searched, in order. */
		for (k = 0; k < s.n; k++)
			strbuf_addf(&where, "%s%s", k == 0 ? "" : k == s.n - 1 ? " and " : ", ",
				    s.dirs[k]);
		snprintf(err, errlen, "template %s%s.mustache%s not found (looked in %s)", game_too,
			 name, s.game ? ")" : "", where.failed ? "the template directories" :
			 strbuf_str(&where));
		strbuf_release(&where);
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

int templates_render(const char *name, const char *override_dir, const json_t *data,
		     struct strbuf *out, char *err, size_t errlen)
{
	return templates_render_game(NULL, name, override_dir, data, out, err, errlen);
}

int templates_render_file_game(const char *game, const char *path, const char *partials_dir,
			       const json_t *data, struct strbuf *out, char *err, size_t errlen)
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
	s.game = game_folder(game);
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

int templates_render_file(const char *path, const char *partials_dir, const json_t *data,
			  struct strbuf *out, char *err, size_t errlen)
{
	return templates_render_file_game(NULL, path, partials_dir, data, out, err, errlen);
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
