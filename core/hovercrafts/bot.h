/*
 * bot: a built-in captain for Hovercrafts, used by `mxjudge simulate` and
 * available to campaigns for ships whose captains sent no orders.
 *
 * The policy, for each of a ship's announced actions in turn (the bot
 * plays the turn out in its head, assuming the enemy stands still):
 *   1. badly hurt (hull left 1, or at most a third of the hull) and
 *      damaged: REPAIR;
 *   2. two or more active enemies in the six hexes around it, and no EMP
 *      yet this turn: EMP;
 *   3. an enemy in the front arc: hold it there by turning on the spot
 *      toward it (LEFT when it is dead ahead): a one-hex turn keeps it in
 *      the arc, the ship shoots every phase, and the phases happen (a
 *      turn has only as many phases as the longest plan);
 *   4. an enemy adjacent but outside the arc: turn toward it (the shorter
 *      way; LEFT on a tie);
 *   5. otherwise close on the nearest enemy along wall-free hexes: MOVE
 *      when the hex in front is a step closer and free, else turn toward
 *      the free neighbouring hex that is; when none is, stop: the rest
 *      of the turn idle (idle ships shoot too).
 * The bot never drives into a wall, off the map, or into a hex a ship
 * stands on or an ally of the same plan_all call already moves into.
 * It uses no dice: a plan is a pure function of the state.
 *
 * Ownership: a struct bot owns scratch buffers sized for the last board
 * it planned on; bot_release() frees them. States are borrowed; plans are
 * the caller's arrays.
 */
#ifndef MX_BOT_H
#define MX_BOT_H

#include <stddef.h>

#include "game.h"
#include "turn.h"

struct bot {
	size_t cells;		/* capacity of the buffers, in board hexes */
	int nb_width, nb_height;	/* the board shape nb was built for */
	int *nb;		/* 6 * cells: neighbour hex by facing, -1 off the board */
	int *dist;		/* TEAM_COUNT * cells: steps to the nearest enemy of each team */
	int *queue;		/* cells: breadth-first queue */
	unsigned char *claim;	/* cells: bit t set when a ship of team t plans to enter */
	unsigned char *occ;	/* cells: 1 + index of the active ship there, 0 if none */
};

void bot_init(struct bot *b);
void bot_release(struct bot *b);

/*
 * Plans this turn for the active ships of st that mine[] marks (all of
 * them when mine is NULL), in state order; other entries of plans are left
 * alone. Each planned ship gets received = 1 and at most its announced
 * actions, at most one EMP. 0, or -1 with err (out of memory).
 */
int bot_plan_all(struct bot *b, const struct game_state *st, const unsigned char *mine,
		 struct turn_plan *plans, char *err, size_t errlen);

/* 1 if the bot calls a ship badly hurt (rule 1 above). */
int bot_badly_hurt(const struct ship *s);

#endif
