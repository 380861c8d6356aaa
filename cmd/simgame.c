/*
 * `mxjudge GAME simulate`: bot-only games of any ruleset with a simulate
 * hook (core/ruleset.h), split over threads. The hook plays games first ..
 * first + count - 1, game i seeded from the seed and i only, and returns
 * counts; counts are summed, so the figures are the same for any number of
 * threads. Hovercrafts keeps its own command (cmd/simulate.c).
 */
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <pthread.h>
#include <sodium.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"
#include "core/engine.h"
#include "judge/judge.h"
#include "play.h"
#include "simgame.h"

#define SIMGAME_MAX_THREADS 256
#define SIMGAME_MAX_GAMES 1000000000LL
#define SIMGAME_CHUNK 4096	/* games one hook call plays */
#define SIMGAME_MAX_OPTS 64

struct simgame_run {
	const struct ruleset *rs;
	json_t *settings;	/* each worker reads its own copy */
	json_t *data;		/* the packs of --data, {KIND: {"name","digest","text"}} */
	uint64_t seed;
	long long games;
	atomic_llong next;
	atomic_int failed;
	pthread_mutex_t lock;	/* guards total and err */
	json_t *total;
	char err[512];
};

/* Adds the counts of from into into: {GROUP: {KEY: n}}. -1 out of memory. */
static int simgame_add(json_t *into, const json_t *from)
{
	const char *group, *key;
	json_t *counts, *n;

	json_object_foreach((json_t *)from, group, counts) {
		json_t *mine = json_object_get(into, group);

		if (!mine) {
			if (json_object_set_new(into, group, mine = json_object()))
				return -1;
		}
		json_object_foreach(counts, key, n) {
			json_int_t had = json_integer_value(json_object_get(mine, key));

			if (json_object_set_new(mine, key, json_integer(had + json_integer_value(n))))
				return -1;
		}
	}
	return 0;
}

static void simgame_fail(struct simgame_run *run, const char *err)
{
	pthread_mutex_lock(&run->lock);
	if (!atomic_exchange(&run->failed, 1))
		snprintf(run->err, sizeof(run->err), "%s", err);
	pthread_mutex_unlock(&run->lock);
}

static void *simgame_worker(void *arg)
{
	struct simgame_run *run = arg;
	json_t *mine = json_object(), *settings = json_deep_copy(run->settings);
	json_t *data = json_deep_copy(run->data);
	char err[512];

	if (!mine || !settings || !data) {
		simgame_fail(run, "out of memory");
		goto out;
	}
	while (!atomic_load(&run->failed)) {
		long long first = atomic_fetch_add(&run->next, SIMGAME_CHUNK);
		long long count;
		json_t *t;

		if (first >= run->games)
			break;
		count = run->games - first < SIMGAME_CHUNK ? run->games - first : SIMGAME_CHUNK;
		err[0] = '\0';
		t = run->rs->simulate(settings, data, run->seed, (uint64_t)first, (uint64_t)count,
				      err, sizeof(err));
		if (!t || simgame_add(mine, t)) {
			json_decref(t);
			simgame_fail(run, err[0] ? err : "out of memory");
			goto out;
		}
		json_decref(t);
	}
	pthread_mutex_lock(&run->lock);
	if (simgame_add(run->total, mine) && !atomic_exchange(&run->failed, 1))
		snprintf(run->err, sizeof(run->err), "out of memory");
	pthread_mutex_unlock(&run->lock);
out:
	json_decref(mine);
	json_decref(settings);
	json_decref(data);
	return NULL;
}

static int simgame_play(struct simgame_run *run, int nthreads)
{
	pthread_t tid[SIMGAME_MAX_THREADS];
	int started = 0, i;

	for (i = 0; i < nthreads; i++) {
		if (pthread_create(&tid[i], NULL, simgame_worker, run)) {
			simgame_fail(run, "cannot start a thread");
			break;
		}
		started++;
	}
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	return atomic_load(&run->failed) ? -1 : 0;
}

/* Wilson score interval, 95%. */
static void simgame_wilson(long long k, long long n, double *p, double *lo, double *hi)
{
	const double z = 1.959963984540054;
	double ph, denom, centre, half;

	if (n <= 0) {
		*p = *lo = *hi = 0;
		return;
	}
	ph = (double)k / (double)n;
	denom = 1 + z * z / (double)n;
	centre = (ph + z * z / (2.0 * (double)n)) / denom;
	half = z / denom * sqrt(ph * (1 - ph) / (double)n + z * z / (4.0 * (double)n * (double)n));
	*p = ph;
	*lo = centre - half < 0 ? 0 : centre - half;
	*hi = centre + half > 1 ? 1 : centre + half;
}

static double simgame_rate(const json_t *counts, const char *outcome)
{
	long long n = json_integer_value(json_object_get(counts, "games"));

	return n > 0 ? (double)json_integer_value(json_object_get(counts, outcome)) / (double)n
		     : 0.0;
}

static const char *sort_outcome;

static int simgame_cmp(const void *a, const void *b)
{
	const json_t *ga = json_array_get(*(json_t *const *)a, 1);
	const json_t *gb = json_array_get(*(json_t *const *)b, 1);
	double ra = simgame_rate(ga, sort_outcome), rb = simgame_rate(gb, sort_outcome);
	const char *na = json_string_value(json_array_get(*(json_t *const *)a, 0));
	const char *nb = json_string_value(json_array_get(*(json_t *const *)b, 0));

	if (ra != rb)
		return ra > rb ? -1 : 1;
	return strcmp(na, nb);
}

/* The groups as [[NAME, COUNTS], ...], in the hook's order or by an outcome's rate. */
static json_t *simgame_groups(const json_t *total, const char *sort)
{
	json_t *list = json_array(), *counts;
	const char *group;
	json_t **v;
	size_t i, n;

	if (!list)
		return NULL;
	json_object_foreach((json_t *)total, group, counts)
		json_array_append_new(list, json_pack("[sO]", group, counts));
	if (!sort)
		return list;
	n = json_array_size(list);
	v = malloc((n ? n : 1) * sizeof(*v));
	if (!v) {
		json_decref(list);
		return NULL;
	}
	for (i = 0; i < n; i++)
		v[i] = json_incref(json_array_get(list, i));
	sort_outcome = sort;
	qsort(v, n, sizeof(*v), simgame_cmp);
	json_array_clear(list);
	for (i = 0; i < n; i++)
		json_array_append_new(list, v[i]);
	free(v);
	return list;
}

static void simgame_print_text(const struct simgame_run *run, const json_t *groups, int threads)
{
	size_t i, width = 5;
	json_t *g;

	printf("%s: %lld games, seed %" PRIu64 ", %d thread%s\n", run->rs->name, run->games,
	       run->seed, threads, threads == 1 ? "" : "s");
	json_array_foreach(groups, i, g) {
		size_t len = strlen(json_string_value(json_array_get(g, 0)));

		if (len > width)
			width = len;
	}
	json_array_foreach(groups, i, g) {
		const json_t *counts = json_array_get(g, 1);
		long long n = json_integer_value(json_object_get(counts, "games"));
		const char *key;
		json_t *k;

		printf("  %-*s %10lld games", (int)width, json_string_value(json_array_get(g, 0)), n);
		json_object_foreach((json_t *)counts, key, k) {
			double p, lo, hi;

			/* An outcome no game had is noise in a table; --json keeps it. */
			if (!strcmp(key, "games") || !json_integer_value(k))
				continue;
			simgame_wilson(json_integer_value(k), n, &p, &lo, &hi);
			printf("  %s %.1f%% (%.1f-%.1f)", key, 100 * p, 100 * lo, 100 * hi);
		}
		putchar('\n');
	}
	printf("(percentages with their 95%% intervals, Wilson)\n");
}

static int simgame_print_json(const struct simgame_run *run, const json_t *groups)
{
	json_t *out = json_pack("{s:s,s:I,s:I,s:O,s:o}", "game", run->rs->name, "games",
				(json_int_t)run->games, "seed", (json_int_t)run->seed, "settings",
				run->settings, "groups", json_object());
	json_t *g;
	size_t i;
	int rc = -1;

	if (!out)
		return -1;
	json_array_foreach(groups, i, g) {
		const json_t *counts = json_array_get(g, 1);
		long long n = json_integer_value(json_object_get(counts, "games"));
		json_t *o = json_pack("{s:I}", "games", (json_int_t)n), *k;
		const char *key;

		if (!o)
			goto out;
		json_object_foreach((json_t *)counts, key, k) {
			double p, lo, hi;

			if (!strcmp(key, "games"))
				continue;
			simgame_wilson(json_integer_value(k), n, &p, &lo, &hi);
			json_object_set_new(o, key, json_pack("{s:I,s:f,s:f,s:f}", "count",
							      json_integer_value(k), "rate", p, "low",
							      lo, "high", hi));
		}
		json_object_set_new(json_object_get(out, "groups"),
				    json_string_value(json_array_get(g, 0)), o);
	}
	if (json_dumpf(out, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) == 0) {
		putchar('\n');
		rc = 0;
	}
out:
	json_decref(out);
	return rc;
}

/* simulate's options for a game, each checked as it is read. */
struct simgame_opts {
	struct simgame_run *run;
	json_t *given, *data;
	long threads;
	int have_seed;
};

/* A setting of the game as --KEY (and --KEY-WITH-DASHES, the same option). */
struct simgame_key {
	struct simgame_opts *so;
	const char *key;
};

static int simgame_set(const struct ruleset *rs, json_t *given, const char *key,
		       const char *value)
{
	char err[512];
	json_t *v = engine_setting_value(rs, key, value, err, sizeof(err));

	if (!v) {
		cmd_error("%s", err);
		return -1;
	}
	json_object_set_new(given, key, v);
	return 0;
}

static int simgame_option(const struct cmd_opt *o, const char *optarg)
{
	struct simgame_opts *so = o->out;
	const struct ruleset *rs = so->run->rs;
	const char *opt = o->name;
	char err[4096];
	long v;

	if (!strcmp(opt, "runs") || !strcmp(opt, "games")) {
		if (cmd_parse_int(optarg, 1, SIMGAME_MAX_GAMES, &v)) {
			cmd_error("--runs: expected 1 to %lld, got '%s'", SIMGAME_MAX_GAMES, optarg);
			return -1;
		}
		so->run->games = v;
	} else if (!strcmp(opt, "threads")) {
		if (cmd_parse_int(optarg, 1, SIMGAME_MAX_THREADS, &so->threads)) {
			cmd_error("--threads: expected 1 to %d, got '%s'", SIMGAME_MAX_THREADS, optarg);
			return -1;
		}
	} else if (!strcmp(opt, "seed")) {
		const struct cmd_opt seed = { .out = &so->run->seed };

		if (cmd_opt_seed(&seed, optarg))
			return -1;
		so->have_seed = 1;
	} else if (!strcmp(opt, "set")) {
		const char *eq = strchr(optarg, '=');
		char key[64];

		if (!eq || eq == optarg || (size_t)(eq - optarg) >= sizeof(key)) {
			cmd_error("--set: expected KEY=VALUE, got '%s'", optarg);
			return -1;
		}
		snprintf(key, sizeof(key), "%.*s", (int)(eq - optarg), optarg);
		if (simgame_set(rs, so->given, key, eq + 1))
			return EXIT_DATAERR;
	} else if (!strcmp(opt, "data")) {
		json_t *pack = play_read_pack(rs, optarg, err, sizeof(err));
		const char *kind;
		json_t *one;

		if (!pack) {
			cmd_error("%s", err);
			return EXIT_DATAERR;
		}
		/* One pack of a kind: a second would silently replace the first. */
		json_object_foreach(pack, kind, one)
			if (json_object_get(so->data, kind)) {
				cmd_error("--data %s= given twice: one %s pack a run", kind, kind);
				json_decref(pack);
				return -1;
			}
		json_object_update(so->data, pack);
		json_decref(pack);
	}
	return 0;
}

static int simgame_key_option(const struct cmd_opt *o, const char *optarg)
{
	const struct simgame_key *k = o->out;

	return simgame_set(k->so->run->rs, k->so->given, k->key, optarg) ? EXIT_DATAERR : 0;
}

/* The options: the fixed ones, then each setting as --KEY (and --KEY-WITH-DASHES). */
static void simgame_options(struct simgame_opts *so, struct cmd_opt *opts, char names[][64],
			    struct simgame_key *keys, const char **sort, int *json)
{
	const struct cmd_opt fixed[] = {
		CMD_CHECK("runs", simgame_option, so),
		CMD_CHECK_ALIAS("games", simgame_option, so),
		CMD_CHECK("threads", simgame_option, so),
		CMD_CHECK("seed", simgame_option, so),
		CMD_CHECK("set", simgame_option, so),
		CMD_VALUE("sort", sort),
		CMD_FLAG("json", json),
		CMD_CHECK("data", simgame_option, so),
	};
	const struct ruleset_setting *s;
	int n = 0, k;

	for (k = 0; k < (int)(sizeof(fixed) / sizeof(fixed[0])); k++)
		opts[n++] = fixed[k];
	for (s = so->run->rs->settings, k = 0; s && s->key && n + 3 < SIMGAME_MAX_OPTS; s++, k++) {
		char *p;

		keys[k].so = so;
		keys[k].key = s->key;
		opts[n++] = (struct cmd_opt)CMD_CHECK(s->key, simgame_key_option, &keys[k]);
		snprintf(names[k], 64, "%s", s->key);
		for (p = names[k]; *p; p++)
			if (*p == '_')
				*p = '-';
		if (strcmp(names[k], s->key))
			opts[n++] = (struct cmd_opt)CMD_CHECK_ALIAS(names[k], simgame_key_option,
								    &keys[k]);
	}
	opts[n] = (struct cmd_opt)CMD_END;
}

int simgame_run(struct cmd_ctx *ctx, const struct ruleset *rs, int argc, char **argv)
{
	struct cmd_opt opts[SIMGAME_MAX_OPTS];
	char names[SIMGAME_MAX_OPTS][64];
	struct simgame_key keys[SIMGAME_MAX_OPTS];
	struct simgame_run run;
	json_t *given = json_object(), *data = json_object(), *groups = NULL;
	const char *sort = NULL;
	long threads = 0;
	int json = 0, have_seed = 0, rc = EXIT_USAGE;
	char err[4096];
	struct simgame_opts so = { &run, given, data, 0, 0 };

	(void)ctx;
	memset(&run, 0, sizeof(run));
	pthread_mutex_init(&run.lock, NULL);
	run.rs = rs;
	run.games = -1;
	if (!given || !data) {
		cmd_error("out of memory");
		rc = EXIT_FAIL;
		goto out;
	}
	if (!rs->simulate) {
		cmd_error("%s has no simulate tool (its ruleset plays no bot games)", rs->name);
		goto out;
	}
	simgame_options(&so, opts, names, keys, &sort, &json);
	optind = 0;
	if ((rc = cmd_options(argc, argv, opts))) {
		rc = rc < 0 ? EXIT_USAGE : rc;
		goto out;
	}
	rc = EXIT_USAGE;
	threads = so.threads;
	have_seed = so.have_seed;
	if (optind != argc) {
		cmd_error("simulate: unexpected '%s'", argv[optind]);
		goto out;
	}
	if (run.games < 0) {
		cmd_error("simulate: --runs N is required");
		goto out;
	}
	rc = EXIT_DATAERR;
	if (!(run.settings = engine_settings(rs, given, data, err, sizeof(err)))) {
		cmd_error("%s", err);
		goto out;
	}
	run.data = data;
	if (!threads) {
		threads = sysconf(_SC_NPROCESSORS_ONLN);
		threads = threads < 1 ? 1 : threads > SIMGAME_MAX_THREADS ? SIMGAME_MAX_THREADS : threads;
	}
	if (threads > (run.games + SIMGAME_CHUNK - 1) / SIMGAME_CHUNK)
		threads = (long)((run.games + SIMGAME_CHUNK - 1) / SIMGAME_CHUNK);
	if (!have_seed) {
		if (sodium_init() < 0)
			run.seed = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
		else
			randombytes_buf(&run.seed, sizeof(run.seed));
	}
	if (!(run.total = json_object())) {
		cmd_error("out of memory");
		rc = EXIT_FAIL;
		goto out;
	}
	if (simgame_play(&run, (int)threads)) {
		cmd_error("%s simulate: %s", rs->name, run.err);
		rc = EXIT_FAIL;
		goto out;
	}
	if (sort) {
		json_t *g;
		const char *key;
		int known = 0;

		json_object_foreach(run.total, key, g)
			known |= json_object_get(g, sort) != NULL;
		if (!known) {
			cmd_error("--sort: no outcome '%s' in these games", sort);
			goto out;
		}
	}
	if (!(groups = simgame_groups(run.total, sort))) {
		cmd_error("out of memory");
		rc = EXIT_FAIL;
		goto out;
	}
	if (json) {
		if (simgame_print_json(&run, groups)) {
			cmd_error("out of memory");
			rc = EXIT_FAIL;
			goto out;
		}
	} else {
		simgame_print_text(&run, groups, (int)threads);
	}
	rc = EXIT_OK;
out:
	json_decref(groups);
	json_decref(run.total);
	json_decref(run.settings);
	json_decref(given);
	json_decref(data);
	pthread_mutex_destroy(&run.lock);
	return rc;
}
