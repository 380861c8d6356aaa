/*
 * sim: one whole battle between two bot fleets (core/hovercrafts/bot.h), from the
 * side roll to a winner or a turn cap, with every turn resolved by the
 * real engine (core/hovercrafts/turn.h) and its events recorded.
 *
 * A battle is a pure function of its setup and its seed: the board (when
 * random), the side roll and every die come from one generator seeded
 * with it. With a scenario (core/hovercrafts/scenario.h) its goals and turn limit
 * decide the battle as they would in a campaign; a board with start zones
 * (core/hovercrafts/map.h) places the fleets on them. sim_battle_seed() gives battle i of a run its own seed, so a
 * run's results do not depend on how battles are spread over threads.
 *
 * Ownership: a struct sim owns scratch space (ships, board, events, the
 * bot's buffers) reused from battle to battle; sim_release() frees it.
 * One struct sim per thread. The setup, its board and scenario are borrowed.
 */
#ifndef MX_SIM_H
#define MX_SIM_H

#include <stddef.h>
#include <stdint.h>

#include "bot.h"
#include "dice.h"
#include "event.h"
#include "game.h"
#include "map.h"
#include "scenario.h"

#define SIM_MAX_PER_SIDE (GAME_MAX_SHIPS / 2)
#define SIM_DEFAULT_MAX_TURNS 100

struct sim_setup {
	const struct game_map *board;	/* a fixed board, or NULL: a random one per battle */
	const struct map_def *map;	/* or a fixed board with its start zones */
	const struct scenario *scenario;	/* goals and turn limit, or NULL */
	int width, height, density;	/* the random boards; density in permille */
	int per_side;			/* ships per side, 1 .. SIM_MAX_PER_SIDE */
	int stat[TEAM_COUNT][STAT_COUNT];
	int max_turns;			/* still going after this many turns: a draw */
};

struct sim_result {
	enum winner winner;
	int turns;		/* turns resolved */
	long ship_phases;	/* sum over phases of the ships active at their turn's start */
	long events;		/* events recorded, dice included */
};

struct sim {
	struct game_state st;
	struct ship ships[GAME_MAX_SHIPS];
	struct event_list ev;
	struct bot bot;
	struct dice_rng rng;	/* the battle's one generator */
	struct dice_source dice;	/* drawing from rng */
};

void sim_init(struct sim *s);
void sim_release(struct sim *s);

/* Fills su with the defaults: fresh ships (3,1,1,1), 100 turns, no board. */
void sim_setup_defaults(struct sim_setup *su);

/* The seed of battle index of a run seeded with run_seed. */
uint64_t sim_battle_seed(uint64_t run_seed, uint64_t index);

/*
 * Plays one battle. 0 with *r filled, or -1 with err (a bad setup: stats,
 * sizes, too many ships for the start columns; out of memory).
 */
int sim_battle(struct sim *s, const struct sim_setup *su, uint64_t seed, struct sim_result *r,
	       char *err, size_t errlen);

/*
 * sim_battle() in its steps, for whoever must stand between them (the
 * bench times sim_resolve alone): sim_begin() sets up the board and the
 * fleets and rolls the first energy; while sim_going(), sim_plan() has
 * the bots order the next turn (*ship_phases: what it will cost) and
 * sim_resolve() resolves it, counted in r. Each 0 or -1 with err.
 */
int sim_begin(struct sim *s, const struct sim_setup *su, uint64_t seed, struct sim_result *r,
	      char *err, size_t errlen);
int sim_going(const struct sim *s, const struct sim_setup *su, const struct sim_result *r);
int sim_plan(struct sim *s, struct turn_plan *plans, long *ship_phases, char *err, size_t errlen);
int sim_resolve(struct sim *s, const struct turn_plan *plans, long ship_phases,
		struct sim_result *r, char *err, size_t errlen);

#endif
