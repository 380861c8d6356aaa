/*
 * One bot battle (see sim.h). The state's ships live in the struct sim
 * and are reused, so a battle allocates only its board: a run of many
 * small battles spends its time in the engine, not in malloc.
 */
#include "sim.h"

#include <stdlib.h>
#include <string.h>

#include "dice.h"
#include "lib/errbuf.h"
#include "setup.h"
#include "turn.h"

void sim_init(struct sim *s)
{
	memset(s, 0, sizeof(*s));
	game_state_init(&s->st);
	event_list_init(&s->ev);
	bot_init(&s->bot);
}

void sim_release(struct sim *s)
{
	game_map_release(&s->st.map);
	free(s->st.scenario);
	event_list_release(&s->ev);
	bot_release(&s->bot);
	sim_init(s);
}

void sim_setup_defaults(struct sim_setup *su)
{
	int t;

	memset(su, 0, sizeof(*su));
	for (t = 0; t < TEAM_COUNT; t++) {
		su->stat[t][STAT_HULL] = 3;
		su->stat[t][STAT_SHIELD] = 1;
		su->stat[t][STAT_BALLISTIC] = 1;
		su->stat[t][STAT_ENERGY] = 1;
	}
	su->per_side = 1;
	su->max_turns = SIM_DEFAULT_MAX_TURNS;
}

uint64_t sim_battle_seed(uint64_t run_seed, uint64_t index)
{
	/* splitmix64's finaliser over (seed, index): neighbouring indexes, unrelated seeds. */
	uint64_t z = run_seed ^ (index + 1) * 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static int check_setup(const struct sim_setup *su, char *err, size_t errlen)
{
	int t, k;

	if (su->per_side < 1 || su->per_side > SIM_MAX_PER_SIDE) {
		errbuf_set(err, errlen, "ships per side must be between 1 and %d", SIM_MAX_PER_SIDE);
		return -1;
	}
	if (su->max_turns < 1) {
		errbuf_set(err, errlen, "the turn cap must be at least 1");
		return -1;
	}
	for (t = 0; t < TEAM_COUNT; t++)
		for (k = 0; k < STAT_COUNT; k++)
			if (su->stat[t][k] < (k == STAT_HULL ? 1 : 0) || su->stat[t][k] > 99) {
				errbuf_set(err, errlen, "stats are 0 to 99 (hull at least 1)");
				return -1;
			}
	return 0;
}

/* "Z1", "M12": no stdio in core/. */
static void ship_name(char *buf, char side, int number)
{
	char digits[12];
	int n = 0;

	do
		digits[n++] = (char)('0' + number % 10);
	while ((number /= 10) > 0);
	*buf++ = side;
	while (n)
		*buf++ = digits[--n];
	*buf = '\0';
}

/* A fresh state on the battle's board with both fleets, not yet placed. */
static int new_state(struct sim *s, const struct sim_setup *su, struct dice_rng *rng, char *err,
		     size_t errlen)
{
	struct game_state *st = &s->st;
	const struct game_map *board = su->map ? &su->map->map : su->board;
	int t, i, n = 0;

	game_map_release(&st->map);
	free(st->scenario);	/* the last battle's goals and counters */
	st->scenario = NULL;
	if (board) {
		size_t cells = (size_t)board->width * (size_t)board->height;

		if (game_map_init(&st->map, board->width, board->height) < 0) {
			errbuf_set(err, errlen, "bad board size or out of memory");
			return -1;
		}
		memcpy(st->map.walls, board->walls, cells);
	} else if (setup_random_map(&st->map, su->width, su->height, su->density,
				    dice_rng_next(rng), err, errlen) < 0) {
		return -1;
	}
	st->turn = 1;
	st->winner = WINNER_NONE;
	for (t = 0; t < TEAM_COUNT; t++)
		for (i = 0; i < su->per_side; i++) {
			struct ship *sh = &s->ships[n++];

			ship_set_defaults(sh);
			ship_name(sh->name, t == TEAM_ZION ? 'Z' : 'M', i + 1);
			sh->team = (enum team)t;
			memcpy(sh->stat, su->stat[t], sizeof(sh->stat));
		}
	st->ships = s->ships;
	st->nships = (size_t)n;
	return 0;
}

int sim_begin(struct sim *s, const struct sim_setup *su, uint64_t seed, struct sim_result *r,
	      char *err, size_t errlen)
{
	struct game_state *st = &s->st;
	enum team first;

	memset(r, 0, sizeof(*r));
	if (check_setup(su, err, errlen) < 0)
		return -1;
	dice_rng_init(&s->rng, seed);
	s->dice = dice_rng_source(&s->rng);
	s->ev.n = 0;
	if (new_state(s, su, &s->rng, err, errlen) < 0 ||
	    (su->map ? map_place_fleets(st, su->map, &s->dice, &s->ev, &first, err, errlen)
	     : setup_place_fleets(st, &s->dice, &s->ev, &first, err, errlen)) < 0 ||
	    (su->scenario && scenario_begin(su->scenario, st, NULL, err, errlen) < 0) ||
	    turn_roll_energy(st, &s->dice, &s->ev, err, errlen) < 0)
		return -1;
	r->events += (long)s->ev.n;
	return 0;
}

int sim_going(const struct sim *s, const struct sim_setup *su, const struct sim_result *r)
{
	return s->st.winner == WINNER_NONE && r->turns < su->max_turns;
}

int sim_plan(struct sim *s, struct turn_plan *plans, long *ship_phases, char *err, size_t errlen)
{
	const struct game_state *st = &s->st;
	int phases = 0, active = 0;
	size_t k;

	if (bot_plan_all(&s->bot, st, NULL, plans, err, errlen) < 0)
		return -1;
	for (k = 0; k < st->nships; k++)
		if (ship_is_active(&st->ships[k])) {
			active++;
			/* What turn_resolve() plays: rulings 3.4, and a plan is never cut. */
			if (st->ships[k].actions > phases)
				phases = st->ships[k].actions;
			if (plans[k].n > phases)
				phases = plans[k].n;
		}
	*ship_phases = (long)active * phases;
	return 0;
}

int sim_resolve(struct sim *s, const struct turn_plan *plans, long ship_phases,
		struct sim_result *r, char *err, size_t errlen)
{
	s->ev.n = 0;	/* recorded, then dropped: a turn's events are what a report needs */
	if (turn_resolve(&s->st, plans, &s->dice, &s->ev, err, errlen) < 0)
		return -1;
	r->events += (long)s->ev.n;
	r->ship_phases += ship_phases;
	r->turns++;
	return 0;
}

int sim_battle(struct sim *s, const struct sim_setup *su, uint64_t seed, struct sim_result *r,
	       char *err, size_t errlen)
{
	struct turn_plan plans[GAME_MAX_SHIPS];
	long ship_phases;

	if (sim_begin(s, su, seed, r, err, errlen) < 0)
		return -1;
	while (sim_going(s, su, r))
		if (sim_plan(s, plans, &ship_phases, err, errlen) < 0 ||
		    sim_resolve(s, plans, ship_phases, r, err, errlen) < 0)
			return -1;
	r->winner = s->st.winner == WINNER_NONE ? WINNER_DRAW : s->st.winner;
	return 0;
}
