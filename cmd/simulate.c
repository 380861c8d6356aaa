/*
 * mxjudge simulate: many bot battles (core/hovercrafts/sim.h) between two fleets, to
 * weigh a fleet or an upgrade before a campaign. Battle i is played from
 * seed sim_battle_seed(S, i) and the tallies are sums, so the figures are
 * the same whatever the number of threads.
 */
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
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
#include "core/hovercrafts/setup.h"
#include "core/hovercrafts/sim.h"
#include "hover.h"
#include "judge/judge.h"
#include "series.h"
#include "simgame.h"

#define SIMULATE_USAGE \
	"[--scenario NAME | --width W --height H [--density P]] --per-side N " \
	"[--zion H,S,B,E] [--machines H,S,B,E] --battles N [--threads T] [--seed S] " \
	"[--turns N] [--json]"
#define SIM_MAX_THREADS 256
#define SIM_MAX_BATTLES 1000000000L
#define SIM_CHUNK 64		/* battles a thread takes at a time */

/* Tallies of a set of battles: sums only, so their order does not matter. */
struct tally {
	long long outcome[4];	/* by enum winner; WINNER_NONE stays 0 */
	long long turns;
};

struct run {
	const struct sim_setup *su;
	uint64_t seed;
	long battles;
	atomic_long next;	/* first battle not yet taken */
	atomic_long done;
	atomic_int failed;
	atomic_int running;
	pthread_mutex_t lock;	/* guards total and err */
	struct tally total;
	char err[256];
};

static void *worker(void *arg)
{
	struct run *run = arg;
	struct tally t;
	struct sim sim;
	char err[256];
	long i, first, end;

	memset(&t, 0, sizeof(t));
	sim_init(&sim);
	while (!atomic_load(&run->failed)) {
		first = atomic_fetch_add(&run->next, SIM_CHUNK);
		if (first >= run->battles)
			break;
		end = first + SIM_CHUNK < run->battles ? first + SIM_CHUNK : run->battles;
		for (i = first; i < end; i++) {
			struct sim_result r;

			if (sim_battle(&sim, run->su, sim_battle_seed(run->seed, (uint64_t)i), &r, err,
				       sizeof(err)) < 0) {
				pthread_mutex_lock(&run->lock);
				if (!atomic_exchange(&run->failed, 1))
					snprintf(run->err, sizeof(run->err), "%s", err);
				pthread_mutex_unlock(&run->lock);
				goto out;
			}
			t.outcome[r.winner]++;
			t.turns += r.turns;
		}
		atomic_fetch_add(&run->done, end - first);
	}
out:
	pthread_mutex_lock(&run->lock);
	for (i = 0; i < 4; i++)
		run->total.outcome[i] += t.outcome[i];
	run->total.turns += t.turns;
	pthread_mutex_unlock(&run->lock);
	sim_release(&sim);
	atomic_fetch_sub(&run->running, 1);
	return NULL;
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * Runs the battles on nthreads threads; the calling thread only watches,
 * and shows a progress line on a terminal once the run takes a while.
 */
static int run_battles(struct run *run, int nthreads)
{
	pthread_t tid[SIM_MAX_THREADS];
	int started = 0, shown = 0, i;
	double t0 = now_seconds();
	int tty = isatty(STDERR_FILENO);

	atomic_store(&run->running, nthreads);
	for (i = 0; i < nthreads; i++) {
		if (pthread_create(&tid[i], NULL, worker, run)) {
			atomic_fetch_sub(&run->running, nthreads - i);
			pthread_mutex_lock(&run->lock);
			if (!atomic_exchange(&run->failed, 1))
				snprintf(run->err, sizeof(run->err), "cannot start a thread");
			pthread_mutex_unlock(&run->lock);
			break;
		}
		started++;
	}
	while (atomic_load(&run->running) > 0) {
		struct timespec nap = { 0, 100 * 1000 * 1000 };

		nanosleep(&nap, NULL);
		if (tty && now_seconds() - t0 > 1.0 && atomic_load(&run->running) > 0) {
			fprintf(stderr, "\rsimulate: %ld of %ld battles", atomic_load(&run->done),
				run->battles);
			shown = 1;
		}
	}
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	if (shown)
		fprintf(stderr, "\r%*s\r", 60, "");
	return atomic_load(&run->failed) ? -1 : 0;
}

/* Wilson score interval, 95%: sound near 0% and 100%, unlike p +- 1.96 sd. */
static void wilson(long long k, long long n, double *p, double *lo, double *hi)
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

/* "H,S,B,E": hull 1..99, the others 0..99. */
static int parse_stats(const char *s, int stat[STAT_COUNT])
{
	char *end;
	int k;

	for (k = 0; k < STAT_COUNT; k++) {
		long v;

		if (*s < '0' || *s > '9')
			return -1;
		v = strtol(s, &end, 10);
		if (v < (k == STAT_HULL ? 1 : 0) || v > 99)
			return -1;
		stat[k] = (int)v;
		if (k < STAT_COUNT - 1 && *end != ',')
			return -1;
		s = end + (k < STAT_COUNT - 1);
	}
	return *end ? -1 : 0;
}

/* "12", "12.5", "12%" -> permille, as `campaign new --density`. */
static int parse_density(const char *s, int *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || (*end && strcmp(end, "%")) || v < 0 || v > SETUP_MAX_DENSITY / 10.0)
		return -1;
	*out = (int)(v * 10 + 0.5);
	return 0;
}

/*
 * A scenario (core/hovercrafts/scenario.h) from templates/scenarios/NAME.json, looked
 * up where the templates are (cmd/series.h): its board (a named map, with
 * its start zones, or random boards of its size), and its goals and turn
 * limit, which decide each battle as in a campaign. Without a board of
 * its own, the battles use the default random boards.
 */
static int load_scenario(const char *name, struct sim_setup *su, struct scenario *sc,
			 struct map_def *m, char *err, size_t errlen)
{
	if (!scenario_name_ok(name)) {
		snprintf(err, errlen, "--scenario: '%.64s' is not a scenario name", name);
		return -1;
	}
	if (series_load_scenario(name, NULL, sc, err, errlen))
		return -1;
	if (sc->map == SCENARIO_MAP_NAMED) {
		if (series_load_map(sc->map_name, NULL, m, err, errlen))
			return -1;
		su->map = m;
	} else if (sc->map == SCENARIO_MAP_RANDOM) {
		su->width = sc->width;
		su->height = sc->height;
		su->density = sc->density;
	}
	if (su->per_side < sc->team_min || su->per_side > sc->team_max) {
		snprintf(err, errlen, "scenario %s takes %d to %d ships a side", name, sc->team_min,
			 sc->team_max);
		return -1;
	}
	su->scenario = sc;
	/* The scenario's limit ends its battles; the cap stays a safety net above it. */
	if (sc->rules.turn_limit > su->max_turns)
		su->max_turns = sc->rules.turn_limit;
	return 0;
}

/* How many ships a side's start area holds: its zone, or an edge column. */
static int start_room(const struct sim_setup *su)
{
	if (su->map && map_has_zones(su->map))
		return su->map->nzone[TEAM_ZION] < su->map->nzone[TEAM_MACHINES]
		       ? su->map->nzone[TEAM_ZION] : su->map->nzone[TEAM_MACHINES];
	if (su->map)
		return su->map->map.height;
	return su->board ? su->board->height : su->height;
}

static json_t *rate_json(long long k, long long n)
{
	double p, lo, hi;

	wilson(k, n, &p, &lo, &hi);
	return json_pack("{s:I, s:f, s:f, s:f}", "count", (json_int_t)k, "rate", p, "low", lo,
			 "high", hi);
}

static json_t *stats_json(const int stat[STAT_COUNT])
{
	return json_pack("{s:i, s:i, s:i, s:i}", "hull", stat[STAT_HULL], "shield",
			 stat[STAT_SHIELD], "ballistic", stat[STAT_BALLISTIC], "energy",
			 stat[STAT_ENERGY]);
}

static int print_json(const struct run *run, const struct sim_setup *su, const char *scenario)
{
	long long n = run->battles;
	json_t *o, *board;
	char seed[32];
	char *text;
	int rc;

	snprintf(seed, sizeof(seed), "%" PRIu64, run->seed);
	board = scenario ? json_pack("{s:s}", "scenario", scenario)
		: json_pack("{s:i, s:i, s:f}", "width", su->width, "height", su->height,
			    "density", su->density / 10.0);
	o = json_pack("{s:I, s:s, s:i, s:i, s:o, s:{s:o, s:o}, s:{s:o, s:o}, s:o, s:f}",
		      "battles", (json_int_t)n, "seed", seed, "per_side", su->per_side,
		      "turn_cap", su->max_turns, "board", board,
		      "zion", "stats", stats_json(su->stat[TEAM_ZION]),
		      "wins", rate_json(run->total.outcome[WINNER_ZION], n),
		      "machines", "stats", stats_json(su->stat[TEAM_MACHINES]),
		      "wins", rate_json(run->total.outcome[WINNER_MACHINES], n),
		      "draws", rate_json(run->total.outcome[WINNER_DRAW], n),
		      "mean_turns", n ? (double)run->total.turns / (double)n : 0.0);
	if (!o)
		return -1;
	text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
	json_decref(o);
	if (!text)
		return -1;
	rc = printf("%s\n", text) < 0 ? -1 : 0;
	free(text);
	return rc;
}

static void print_rate(const char *label, long long k, long long n)
{
	double p, lo, hi;

	wilson(k, n, &p, &lo, &hi);
	printf("%-14s %5.1f%%  (95%%: %.1f%% .. %.1f%%)  %lld\n", label, 100 * p, 100 * lo,
	       100 * hi, k);
}

static void print_text(const struct run *run, const struct sim_setup *su, const char *scenario)
{
	long long n = run->battles;
	const int *z = su->stat[TEAM_ZION], *m = su->stat[TEAM_MACHINES];

	printf("%ld battles, %d v %d, ", run->battles, su->per_side, su->per_side);
	if (scenario)
		printf("scenario %s", scenario);
	else
		printf("random %d x %d boards with %d.%d%% walls", su->width, su->height,
		       su->density / 10, su->density % 10);
	printf(", seed %" PRIu64 "\n", run->seed);
	printf("fleets: Zion %d,%d,%d,%d  the Machines %d,%d,%d,%d (hull,shield,ballistic,energy)\n",
	       z[0], z[1], z[2], z[3], m[0], m[1], m[2], m[3]);
	print_rate("Zion win", run->total.outcome[WINNER_ZION], n);
	print_rate("Machines win", run->total.outcome[WINNER_MACHINES], n);
	print_rate("draw", run->total.outcome[WINNER_DRAW], n);
	printf("mean length    %.2f turns (a battle still going after %d turns is a draw)\n",
	       n ? (double)run->total.turns / (double)n : 0.0, su->max_turns);
}

static uint64_t random_seed(void)
{
	uint64_t s;

	if (sodium_init() < 0)
		return (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
	randombytes_buf(&s, sizeof(s));
	return s;
}

/* simulate's options, checked as each is read. */
struct sim_opts {
	struct sim_setup *su;
	struct run *run;
	long battles, threads;
	int have_seed;
};

static int sim_option(const struct cmd_opt *o, const char *optarg)
{
	struct sim_opts *so = o->out;
	const char *opt = o->name;
	long v;

	if (!strcmp(opt, "per-side")) {
		if (cmd_parse_int(optarg, 1, SIM_MAX_PER_SIDE, &v)) {
			cmd_error("--per-side: expected 1 to %d ships, got '%s'", SIM_MAX_PER_SIDE,
				  optarg);
			return -1;
		}
		so->su->per_side = (int)v;
	} else if (!strcmp(opt, "zion") || !strcmp(opt, "machines")) {
		int team = !strcmp(opt, "zion") ? TEAM_ZION : TEAM_MACHINES;

		if (parse_stats(optarg, so->su->stat[team])) {
			cmd_error("--%s: expected hull,shield,ballistic,energy such as 3,1,1,1 "
				  "(hull 1-99, others 0-99), got '%s'", opt, optarg);
			return -1;
		}
	} else if (!strcmp(opt, "battles")) {
		if (cmd_parse_int(optarg, 1, SIM_MAX_BATTLES, &so->battles)) {
			cmd_error("--battles: expected 1 to %ld, got '%s'", SIM_MAX_BATTLES, optarg);
			return -1;
		}
	} else if (!strcmp(opt, "threads")) {
		if (cmd_parse_int(optarg, 1, SIM_MAX_THREADS, &so->threads)) {
			cmd_error("--threads: expected 1 to %d, got '%s'", SIM_MAX_THREADS, optarg);
			return -1;
		}
	} else if (!strcmp(opt, "seed")) {
		const struct cmd_opt seed = { .out = &so->run->seed };

		if (cmd_opt_seed(&seed, optarg))
			return -1;
		so->have_seed = 1;
	} else if (!strcmp(opt, "turns")) {
		if (cmd_parse_int(optarg, 1, 100000, &v)) {
			cmd_error("--turns: expected 1 to 100000, got '%s'", optarg);
			return -1;
		}
		so->su->max_turns = (int)v;
	}
	return 0;
}

static int simulate_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *scenario = NULL, *w_arg = NULL, *h_arg = NULL, *p_arg = NULL;
	struct sim_setup su;
	struct scenario sc;
	struct map_def m;
	struct run run;
	long v, battles = -1, threads = 0;
	int json = 0, have_seed = 0, rc = EXIT_USAGE, height;
	char err[512];
	struct sim_opts so = { &su, &run, -1, 0, 0 };
	const struct cmd_opt opts[] = {
		CMD_VALUE("scenario", &scenario),
		CMD_VALUE("width", &w_arg),
		CMD_VALUE("height", &h_arg),
		CMD_VALUE("density", &p_arg),
		CMD_CHECK("per-side", sim_option, &so),
		CMD_CHECK("zion", sim_option, &so),
		CMD_CHECK("machines", sim_option, &so),
		CMD_CHECK("battles", sim_option, &so),
		CMD_CHECK("threads", sim_option, &so),
		CMD_CHECK("seed", sim_option, &so),
		CMD_CHECK("turns", sim_option, &so),
		CMD_FLAG("json", &json),
		CMD_END
	};

	/* A game with a simulate hook plays its bots through cmd/simgame.c. */
	if (ctx->game && ctx->game->simulate)
		return simgame_run(ctx, ctx->game, argc, argv);
	sim_setup_defaults(&su);
	su.per_side = 0;
	su.width = JUDGE_DEFAULT_WIDTH;
	su.height = JUDGE_DEFAULT_HEIGHT;
	su.density = JUDGE_DEFAULT_DENSITY;
	map_def_init(&m);
	memset(&run, 0, sizeof(run));
	pthread_mutex_init(&run.lock, NULL);
	if (cmd_options(argc, argv, opts))
		goto out;
	battles = so.battles;
	threads = so.threads;
	have_seed = so.have_seed;
	if (optind != argc)
		goto out;
	if (!su.per_side || battles < 0) {
		cmd_error("--per-side and --battles are required");
		goto out;
	}
	if (scenario && (w_arg || h_arg || p_arg)) {
		cmd_error("--scenario and --width/--height/--density do not go together");
		goto out;
	}
	if (!scenario && (!w_arg != !h_arg)) {
		cmd_error("--width and --height go together");
		goto out;
	}
	if (w_arg && cmd_parse_int(w_arg, 2, MAP_MAX_SIDE, &v) == 0)
		su.width = (int)v;
	else if (w_arg) {
		cmd_error("--width: expected 2 to %d, got '%s'", MAP_MAX_SIDE, w_arg);
		goto out;
	}
	if (h_arg && cmd_parse_int(h_arg, 1, MAP_MAX_SIDE, &v) == 0)
		su.height = (int)v;
	else if (h_arg) {
		cmd_error("--height: expected 1 to %d, got '%s'", MAP_MAX_SIDE, h_arg);
		goto out;
	}
	if (p_arg && parse_density(p_arg, &su.density)) {
		cmd_error("--density: expected a percentage from 0 to %d, got '%s'",
			  SETUP_MAX_DENSITY / 10, p_arg);
		goto out;
	}
	rc = EXIT_DATAERR;
	if (scenario) {
		if (load_scenario(scenario, &su, &sc, &m, err, sizeof(err))) {
			cmd_error("%s", err);
			goto out;
		}
	}
	height = start_room(&su);
	if (su.per_side > height) {
		cmd_error("%d ships per side do not fit in a start %s of %d hexes", su.per_side,
			  su.map && map_has_zones(su.map) ? "zone" : "column", height);
		goto out;
	}
	if (!threads) {
		threads = sysconf(_SC_NPROCESSORS_ONLN);
		if (threads < 1)
			threads = 1;
		if (threads > SIM_MAX_THREADS)
			threads = SIM_MAX_THREADS;
	}
	/* More threads than chunks of work would only sit idle. */
	if (threads > (battles + SIM_CHUNK - 1) / SIM_CHUNK)
		threads = (battles + SIM_CHUNK - 1) / SIM_CHUNK;
	if (!have_seed)
		run.seed = random_seed();
	run.su = &su;
	run.battles = battles;
	if (run_battles(&run, (int)threads)) {
		cmd_error("%s", run.err);
		rc = EXIT_FAIL;
		goto out;
	}
	if (json) {
		if (print_json(&run, &su, scenario)) {
			cmd_error("out of memory");
			rc = EXIT_FAIL;
			goto out;
		}
	} else {
		print_text(&run, &su, scenario);
	}
	rc = EXIT_OK;
out:
	pthread_mutex_destroy(&run.lock);
	map_def_release(&m);
	return rc;
}

const struct cmd simulate_cmd[] = {
	{ "simulate", SIMULATE_USAGE, simulate_run, 0,
	  "play many bot battles between two fleets and give the odds", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
