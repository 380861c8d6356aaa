/*
 * map: boards as data: random boards (core/setup's generator, with its
 * connectivity guarantee), hand-made boards from plain text, start zones,
 * and the board's JSON form kept in a campaign's settings.
 *
 * Text form: one line per row, top row first, one character per hex:
 *   .  empty      #  wall      Z  empty, a Zion start hex
 *   M  empty, a Machines start hex
 * Lines starting with ';' are comments; trailing blanks and blank lines at
 * the end are ignored. Every row has the same number of hexes. A board
 * with start hexes needs them for both sides; without them the fleets
 * start on the edge columns (rulings 8).
 *
 * JSON form: {"width":W,"height":H,"walls":["C2",...],
 *             "starts":{"zion":["J1",...],"machines":["A1",...]}}
 * ("starts" only when the board has start zones).
 *
 * Ownership: a map_def owns its board and zone bitmap (map_def_release).
 * map_to_json returns a new reference; map_format_text appends to the
 * caller's strbuf.
 */
#ifndef MX_MAP_H
#define MX_MAP_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "dice.h"
#include "event.h"
#include "game.h"
#include "lib/strbuf.h"

struct map_def {
	struct game_map map;
	unsigned char *zone;		/* width * height: 0, or 1 + team */
	int nzone[TEAM_COUNT];		/* start hexes per side */
};

void map_def_init(struct map_def *m);
void map_def_release(struct map_def *m);
int map_has_zones(const struct map_def *m);

/* A random board (setup_random_map): density in permille. 0 or -1 with err. */
int map_generate(struct map_def *m, int width, int height, int density, uint64_t seed,
		 char *err, size_t errlen);

/* 1 if wall-free hexes join the two start areas (zones, or edge columns). */
int map_connected(const struct map_def *m);

/* Parses the text form; errors are "name:line:col: expected ...". */
int map_parse_text(struct map_def *m, const char *text, const char *name, char *err,
		   size_t errlen);
/* The text form (no comments), each row ending in '\n'. */
void map_format_text(const struct map_def *m, struct strbuf *out);

int map_from_json(struct map_def *m, const json_t *o, const char *name, char *err,
		  size_t errlen);
json_t *map_to_json(const struct map_def *m);

/*
 * Places the fleets of st (whose board is m's): on the start zones when
 * the board has them (no side roll; ships face the other zone), else by
 * setup_place_fleets(). *first gets the side that starts on the right or,
 * with zones, TEAM_COUNT. 0 or -1 with err.
 */
int map_place_fleets(struct game_state *st, const struct map_def *m,
		     struct dice_source *dice, struct event_list *events, enum team *first,
		     char *err, size_t errlen);

#endif
