/*
 * bench: the measuring half of `make bench` (tests/bench/run.sh prints the
 * table). Not a test: it reports figures and leaves judging them to the
 * driver.
 *
 *   bench engine SECONDS     random bot battles, 5 v 5 on 16 x 10 boards
 *                            (10% walls), events recorded, one thread, for
 *                            about SECONDS; prints the ship-phases, the time
 *                            in turn_resolve() alone and the whole time
 *   bench engine-battles N   the same for exactly N battles, untimed (for
 *                            callgrind --toggle-collect=turn_resolve);
 *                            prints "ship_phases N"
 *   bench legendary N        legendary bot-only games 0 .. N-1 of seed 1 over
 *                            the sample pack (core/legendary/bot.c), the
 *                            very games of `mxjudge legendary simulate
 *                            --runs N --seed 1`, in one thread; prints the
 *                            game turns the bot's mails ended, the mails,
 *                            the games and the time
 *   bench time CMD ARGS...   runs CMD, prints "wall S cpu S maxrss_kib K
 *                            status C" (CPU time and maxrss of the child,
 *                            from wait4)
 *
 * A ship-phase is one ship, active at the start of its turn, going through
 * one phase: the unit the engine's cost grows with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/hovercrafts/sim.h"
#include "core/legendary/legendary.h"
#include "core/hovercrafts/hex.h"
#include "core/picture.h"
#include "lib/strbuf.h"
#include "mail/rsvg_load.h"

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void engine_setup(struct sim_setup *su)
{
	sim_setup_defaults(su);
	su->width = 16;
	su->height = 10;
	su->density = 100;
	su->per_side = 5;
}

/* What a run of battles cost: ship-phases, and the time spent in the engine alone. */
struct cost {
	long ship_phases;
	long turns;
	double engine_seconds;
};

/*
 * The engine, timed alone: sim_battle() in its steps (core/hovercrafts/sim.h) with a
 * clock around sim_resolve(), so the bots' planning is not counted.
 */
static int play(struct sim *s, const struct sim_setup *su, uint64_t seed, struct cost *c)
{
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct sim_result r;
	char err[256];
	long ship_phases;
	double t0;

	if (sim_begin(s, su, seed, &r, err, sizeof(err)))
		goto fail;
	while (sim_going(s, su, &r)) {
		if (sim_plan(s, plans, &ship_phases, err, sizeof(err)))
			goto fail;
		t0 = now_seconds();
		if (sim_resolve(s, plans, ship_phases, &r, err, sizeof(err)))
			goto fail;
		c->engine_seconds += now_seconds() - t0;
	}
	c->ship_phases += r.ship_phases;
	c->turns += r.turns;
	return 0;
fail:
	fprintf(stderr, "bench: %s\n", err);
	return -1;
}

__attribute__((noinline)) static int run_battles(struct sim *s, const struct sim_setup *su,
						 long first, long n, struct cost *c)
{
	long i;

	for (i = first; i < first + n; i++)
		if (play(s, su, sim_battle_seed(1, (uint64_t)i), c))
			return -1;
	return 0;
}

static int engine(double seconds)
{
	struct sim s;
	struct sim_setup su;
	struct cost c, warm;
	long done = 0;
	double t0, t;

	sim_init(&s);
	engine_setup(&su);
	memset(&c, 0, sizeof(c));
	memset(&warm, 0, sizeof(warm));
	/* Warm up caches and the allocator before the clock starts. */
	if (run_battles(&s, &su, 1000000, 50, &warm))
		return 1;
	t0 = now_seconds();
	do {
		if (run_battles(&s, &su, done, 200, &c))
			return 1;
		done += 200;
		t = now_seconds() - t0;
	} while (t < seconds);
	sim_release(&s);
	printf("ship_phases %ld engine_seconds %.4f engine_rate %.0f whole_seconds %.4f "
	       "whole_rate %.0f battles %ld turns %ld\n", c.ship_phases, c.engine_seconds,
	       (double)c.ship_phases / c.engine_seconds, t, (double)c.ship_phases / t, done, c.turns);
	return 0;
}

static int engine_battles(long n)
{
	struct sim s;
	struct sim_setup su;
	struct cost c;

	sim_init(&s);
	engine_setup(&su);
	memset(&c, 0, sizeof(c));
	if (run_battles(&s, &su, 0, n, &c))
		return 1;
	sim_release(&s);
	printf("ship_phases %ld\n", c.ship_phases);
	return 0;
}

/* Bot turns a second: whole games (setup, the bot's mails, resolve), as simulate plays them. */
static int legendary(long games)
{
	struct legendary_pack p;
	json_t *settings = json_pack("{s:i}", "film", 1);
	long turns = 0, mails = 0, i;
	char err[256];
	double t0, t;

	legendary_pack_init(&p);
	if (!settings || legendary_pack_read(&p, legendary_sample_pack, "sample", err, sizeof(err)) < 0) {
		fprintf(stderr, "bench: %s\n", settings ? err : "out of memory");
		return 1;
	}
	t0 = now_seconds();
	for (i = 0; i < games; i++) {
		struct legendary_sim r;

		if (legendary_sim_game(&p, settings, 1, (uint64_t)i, &r, err, sizeof(err)) < 0) {
			fprintf(stderr, "bench: %s\n", err);
			return 1;
		}
		turns += r.turns;
		mails += r.mails;
	}
	t = now_seconds() - t0;
	printf("turns %ld mails %ld games %ld seconds %.4f turn_rate %.0f\n", turns, mails, games, t,
	       (double)turns / t);
	legendary_pack_release(&p);
	json_decref(settings);
	return 0;
}

static int time_command(char **argv)
{
	struct rusage ru;
	double t0 = now_seconds(), t;
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("bench: fork");
		return 1;
	}
	if (pid == 0) {
		execvp(argv[0], argv);
		perror(argv[0]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("bench: wait4");
		return 1;
	}
	t = now_seconds() - t0;
	printf("wall %.4f cpu %.4f maxrss_kib %ld status %d\n", t,
	       (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6, ru.ru_maxrss,
	       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return 0;
}

/*
 * Figure 11: a 26 x 20 Hovercrafts board (a wall in every tenth hex, ten
 * ships) drawn from its view (hover_picture) and rasterised (librsvg):
 * milliseconds a board, the median of n after one untimed board (the
 * first loads librsvg and its fonts, once a process).
 */
static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int picture(long n)
{
	json_t *view = json_pack("{s:i,s:{s:i,s:i,s:[]},s:[]}", "turn", 7, "map", "width", 26,
				 "height", 20, "walls", "ships");
	json_t *walls = json_object_get(json_object_get(view, "map"), "walls");
	json_t *ships = json_object_get(view, "ships");
	double *ms = calloc((size_t)(n > 0 ? n : 1), sizeof(double)), svg_total = 0;
	double *cpu = calloc((size_t)(n > 0 ? n : 1), sizeof(double));
	char err[256], label[16];
	long i;
	int c, r;
	size_t svg_len = 0, png_len = 0;

	if (!view || !ms || !cpu || n < 1)
		return 1;
	for (r = 0; r < 20; r++)
		for (c = 0; c < 26; c++)
			if ((r * 26 + c) % 10 == 3) {
				hex_format((struct hex){ c, r }, label, sizeof(label));
				json_array_append_new(walls, json_string(label));
			}
	for (i = 0; i < 10; i++) {
		hex_format((struct hex){ (int)(i * 2 + 1), (int)(i % 2 ? 18 : 1) }, label, sizeof(label));
		json_array_append_new(ships, json_pack("{s:s+,s:s,s:s,s:s,s:s}", "name", "Ship",
						       i % 2 ? "B" : "A", "team", i % 2 ? "machines" : "zion",
						       "hex", label, "facing", i % 2 ? "NW" : "SE", "status",
						       "active"));
	}
	for (i = -1; i < n; i++) {
		struct strbuf sb = STRBUF_INIT;
		unsigned char *png = NULL;
		double t0 = now_seconds(), c0 = cpu_seconds(), t1;

		if (hover_picture(view, NULL, &sb, err, sizeof(err))) {
			fprintf(stderr, "bench: %s\n", err);
			return 1;
		}
		t1 = now_seconds();
		if (rsvgx_png(strbuf_str(&sb), sb.len, &png, &png_len, err, sizeof(err))) {
			fprintf(stderr, "bench: %s\n", err);
			return 1;
		}
		if (i >= 0) {
			ms[i] = (now_seconds() - t0) * 1000.0;
			cpu[i] = (cpu_seconds() - c0) * 1000.0;
			svg_total += (t1 - t0) * 1000.0;
		}
		svg_len = sb.len;
		free(png);
		strbuf_release(&sb);
	}
	qsort(ms, (size_t)n, sizeof(double), cmp_double);
	qsort(cpu, (size_t)n, sizeof(double), cmp_double);
	printf("board_ms %.2f cpu_ms %.2f svg_ms %.3f svg_bytes %zu png_bytes %zu boards %ld\n",
	       ms[n / 2], cpu[n / 2], svg_total / (double)n, svg_len, png_len, n);
	free(ms);
	free(cpu);
	json_decref(view);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "engine"))
		return engine(atof(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "engine-battles"))
		return engine_battles(atol(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "legendary"))
		return legendary(atol(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "picture"))
		return picture(atol(argv[2]));
	if (argc >= 3 && !strcmp(argv[1], "time"))
		return time_command(argv + 2);
	fprintf(stderr, "usage: bench engine SECONDS | engine-battles N | legendary N | picture N | time CMD [ARGS...]\n");
	return 2;
}
