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

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "engine"))
		return engine(atof(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "engine-battles"))
		return engine_battles(atol(argv[2]));
	if (argc == 3 && !strcmp(argv[1], "legendary"))
		return legendary(atol(argv[2]));
	if (argc >= 3 && !strcmp(argv[1], "time"))
		return time_command(argv + 2);
	fprintf(stderr, "usage: bench engine SECONDS | engine-battles N | legendary N | time CMD [ARGS...]\n");
	return 2;
}
