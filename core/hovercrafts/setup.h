/*
 * setup: the start of a battle (rulings 8), as pure rules.
 *
 * setup_place_fleets() rolls the side roll and puts every ship of a state
 * on its start column; setup_random_map() draws a board from a seed. The
 * first energy checks are turn_roll_energy()'s job (core/hovercrafts/turn.h), made by
 * the caller right after placement with the same dice source.
 *
 * The side roll: Zion rolls a d6, then the Machines; ties roll again. The
 * higher side starts: its ships go on the rightmost column facing W, the
 * other side's on the leftmost column facing E. Each roll is an EV_ROLL
 * event with ship -1, value = the team that rolled, check CHECK_ENERGY,
 * stat 0, score = the d6, cause EV_ROLL (a roll for its own sake); the
 * dice source is asked for it as ("energy", "zion") or ("energy",
 * "machines"), so a tagged dice file can replay it.
 *
 * Ownership: plain values; events are appended to the caller's list, and
 * setup_random_map() fills a map the caller releases.
 */
#ifndef MX_SETUP_H
#define MX_SETUP_H

#include <stddef.h>
#include <stdint.h>

#include "dice.h"
#include "event.h"
#include "game.h"

/* Walls cover at most this share of the board, in permille. */
#define SETUP_MAX_DENSITY 600

/*
 * Places the ships of st (already on st->map, in state order) per the side
 * roll: each column gets its team's ships spread evenly over its free rows,
 * in state order from the top. *first gets the starting team. Both teams
 * need a ship. 0, or -1 with err (not enough free hexes, dice failed).
 */
int setup_place_fleets(struct game_state *st, struct dice_source *dice,
		       struct event_list *events, enum team *first, char *err,
		       size_t errlen);

/*
 * A width x height board with walls on about density permille of the
 * hexes outside the two edge columns, drawn from seed, redrawn until a
 * wall-free path joins the left column to the right one. Same seed, same
 * board, on every machine. 0, or -1 with err.
 */
int setup_random_map(struct game_map *map, int width, int height, int density,
		     uint64_t seed, char *err, size_t errlen);

/* 1 if wall-free hexes join column 0 to the last column. */
int setup_map_crossable(const struct game_map *map);

#endif
