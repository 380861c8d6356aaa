/*
 * setup: the start of a battle (rulings 8): the side roll, fleets
 * placed, random boards; setup.h.
 */
#include "setup.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"

/* Redraws before a density is declared impossible to cross. */
#define SETUP_MAP_TRIES 200

static void errf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* core/ does no I/O: messages are formatted in memory. */
static void errf(char *err, size_t errlen, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	if (errlen) {
		strncpy(err, sb.failed ? "out of memory" : strbuf_str(&sb), errlen - 1);
		err[errlen - 1] = '\0';
	}
	strbuf_release(&sb);
}

static int side_roll(struct dice_source *dice, struct event_list *events, enum team *first,
		     char *err, size_t errlen)
{
	int round, t, d6[TEAM_COUNT];

	/* A die can tie forever only if the source is broken; stop somewhere. */
	for (round = 0; round < 1000; round++) {
		for (t = 0; t < TEAM_COUNT; t++) {
			struct event e;

			if (dice->roll(dice->ctx, CHECK_ENERGY, team_name((enum team)t), &d6[t], err,
				       errlen) < 0)
				return -1;
			memset(&e, 0, sizeof(e));
			e.type = EV_ROLL;
			e.ship = e.other = -1;
			e.check = CHECK_ENERGY;
			e.d6 = d6[t];
			e.score = d6[t];
			e.value = t;
			e.cause = EV_ROLL;
			if (event_list_push(events, &e) < 0) {
				errf(err, errlen, "out of memory");
				return -1;
			}
		}
		if (d6[TEAM_ZION] != d6[TEAM_MACHINES]) {
			*first = d6[TEAM_ZION] > d6[TEAM_MACHINES] ? TEAM_ZION : TEAM_MACHINES;
			return 0;
		}
	}
	errf(err, errlen, "the side roll kept tying");
	return -1;
}

/* Puts team's ships on col, spread over the free rows, facing f. */
static int place_column(struct game_state *st, enum team team, int col, enum facing f,
			char *err, size_t errlen)
{
	int rows[MAP_MAX_SIDE], nfree = 0, n = 0, i = 0, r;
	size_t k;
	char colname[8];

	for (r = 0; r < st->map.height; r++)
		if (!game_map_is_wall(&st->map, (struct hex){ col, r }))
			rows[nfree++] = r;
	for (k = 0; k < st->nships; k++)
		if (st->ships[k].team == team)
			n++;
	if (n > nfree) {
		hex_column_name(col, colname, sizeof(colname));
		errf(err, errlen, "%s has %d ship%s but column %s has only %d free hex%s",
			 team_title(team), n, n == 1 ? "" : "s", colname, nfree,
			 nfree == 1 ? "" : "es");
		return -1;
	}
	/*
	 * The middle of each of n equal bands of the free rows: distinct rows
	 * (bands are at least one row wide) with equal gaps, centred.
	 */
	for (k = 0; k < st->nships; k++) {
		struct ship *s = &st->ships[k];

		if (s->team != team)
			continue;
		s->pos.col = col;
		s->pos.row = rows[(2 * i + 1) * nfree / (2 * n)];
		s->facing = f;
		i++;
	}
	return 0;
}

int setup_place_fleets(struct game_state *st, struct dice_source *dice,
		       struct event_list *events, enum team *first, char *err,
		       size_t errlen)
{
	int count[TEAM_COUNT] = { 0, 0 };
	enum team other;
	size_t k;

	for (k = 0; k < st->nships; k++)
		count[st->ships[k].team]++;
	if (!count[TEAM_ZION] || !count[TEAM_MACHINES]) {
		errf(err, errlen, "each side needs at least one ship (Zion %d, the Machines %d)",
			 count[TEAM_ZION], count[TEAM_MACHINES]);
		return -1;
	}
	if (st->map.width < 2) {
		errf(err, errlen, "the board needs at least two columns");
		return -1;
	}
	if (side_roll(dice, events, first, err, errlen) < 0)
		return -1;
	other = *first == TEAM_ZION ? TEAM_MACHINES : TEAM_ZION;
	if (place_column(st, *first, st->map.width - 1, FACE_W, err, errlen) < 0 ||
	    place_column(st, other, 0, FACE_E, err, errlen) < 0)
		return -1;
	for (k = 0; k < st->nships; k++) {
		st->ships[k].status = SHIP_ACTIVE;
		st->ships[k].actions = 0;
	}
	return 0;
}

int setup_map_crossable(const struct game_map *map)
{
	size_t cells = (size_t)map->width * (size_t)map->height, head = 0, tail = 0;
	int *queue = NULL, ok = 0, r;
	unsigned char *seen = NULL;

	if (!cells)
		return 0;
	queue = malloc(cells * sizeof(*queue));
	seen = calloc(cells, 1);
	if (!queue || !seen)
		goto out;
	/* Breadth-first from every free hex of the left column. */
	for (r = 0; r < map->height; r++) {
		struct hex h = { 0, r };

		if (!game_map_is_wall(map, h)) {
			seen[(size_t)r * (size_t)map->width] = 1;
			queue[tail++] = r * map->width;
		}
	}
	while (head < tail) {
		int cell = queue[head++], f;
		struct hex h = { cell % map->width, cell / map->width };

		if (h.col == map->width - 1) {
			ok = 1;
			break;
		}
		for (f = 0; f < FACE_COUNT; f++) {
			struct hex nb = hex_neighbor(h, (enum facing)f);
			size_t idx;

			if (!game_map_on_board(map, nb) || game_map_is_wall(map, nb))
				continue;
			idx = (size_t)nb.row * (size_t)map->width + (size_t)nb.col;
			if (!seen[idx]) {
				seen[idx] = 1;
				queue[tail++] = (int)idx;
			}
		}
	}
out:
	free(queue);
	free(seen);
	return ok;
}

int setup_random_map(struct game_map *map, int width, int height, int density,
		     uint64_t seed, char *err, size_t errlen)
{
	struct dice_rng rng;
	int tries;
	struct hex h;

	if (density < 0 || density > SETUP_MAX_DENSITY) {
		errf(err, errlen, "wall density must be between 0 and %d%%",
			 SETUP_MAX_DENSITY / 10);
		return -1;
	}
	if (game_map_init(map, width, height) < 0) {
		errf(err, errlen, "a board is 1 to %d hexes each way, not %d x %d",
			 MAP_MAX_SIDE, width, height);
		return -1;
	}
	dice_rng_init(&rng, seed);
	for (tries = 0; tries < SETUP_MAP_TRIES; tries++) {
		for (h.row = 0; h.row < height; h.row++)
			for (h.col = 0; h.col < width; h.col++) {
				/* Every hex draws, edge or not, so boards of a seed stay stable. */
				int wall = dice_rng_next(&rng) % 1000 < (uint64_t)density;

				game_map_set_wall(map, h, wall && h.col > 0 && h.col < width - 1);
			}
		if (setup_map_crossable(map))
			return 0;
	}
	game_map_release(map);
	errf(err, errlen, "no crossable %d x %d board with %d.%d%% walls in %d draws; "
		 "lower the density", width, height, density / 10, density % 10, SETUP_MAP_TRIES);
	return -1;
}
