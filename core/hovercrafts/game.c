/*
 * game: the Hovercrafts state as plain structs (board, ships, turn);
 * game.h.
 */
#include "game.h"

#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static const char *const team_names[TEAM_COUNT] = { "zion", "machines" };
static const char *const team_titles[TEAM_COUNT] = { "Zion", "the Machines" };
static const char *const winner_names[] = { "none", "zion", "machines", "draw" };
static const char *const stat_names[STAT_COUNT] = { "hull", "shield", "ballistic", "energy" };
static const char *const status_names[] = { "active", "disabled", "off-map" };

static int lookup(const char *const *names, int n, const char *name)
{
	int i;

	if (!name)
		return -1;
	for (i = 0; i < n; i++)
		if (!mx_strcasecmp(names[i], name))
			return i;
	return -1;
}

void game_state_init(struct game_state *st)
{
	memset(st, 0, sizeof(*st));
	strcpy(st->game, "hovercrafts");
	st->turn = 1;
	st->rules_version = GAME_RULES_CURRENT;
}

void game_state_release(struct game_state *st)
{
	free(st->ships);
	free(st->scenario);
	game_map_release(&st->map);
	game_state_init(st);
}

int game_state_copy(struct game_state *dst, const struct game_state *src)
{
	size_t cells = (size_t)src->map.width * (size_t)src->map.height;

	*dst = *src;
	dst->ships = NULL;
	dst->map.walls = NULL;
	dst->scenario = NULL;
	if (src->scenario && !(dst->scenario = scenario_state_dup(src->scenario)))
		goto fail;
	if (src->nships) {
		dst->ships = malloc(src->nships * sizeof(*dst->ships));
		if (!dst->ships)
			goto fail;
		memcpy(dst->ships, src->ships, src->nships * sizeof(*dst->ships));
	}
	if (src->map.walls && cells) {
		dst->map.walls = malloc(cells);
		if (!dst->map.walls)
			goto fail;
		memcpy(dst->map.walls, src->map.walls, cells);
	}
	return 0;
fail:
	free(dst->ships);
	free(dst->map.walls);
	free(dst->scenario);
	game_state_init(dst);
	return -1;
}

int game_map_init(struct game_map *map, int width, int height)
{
	map->width = map->height = 0;
	map->walls = NULL;
	if (width < 1 || height < 1 || width > MAP_MAX_SIDE || height > MAP_MAX_SIDE)
		return -1;
	map->walls = calloc((size_t)width * (size_t)height, 1);
	if (!map->walls)
		return -1;
	map->width = width;
	map->height = height;
	return 0;
}

void game_map_release(struct game_map *map)
{
	free(map->walls);
	map->walls = NULL;
	map->width = map->height = 0;
}

int game_map_on_board(const struct game_map *map, struct hex h)
{
	return h.col >= 0 && h.row >= 0 && h.col < map->width && h.row < map->height;
}

int game_map_is_wall(const struct game_map *map, struct hex h)
{
	if (!game_map_on_board(map, h) || !map->walls)
		return 0;
	return map->walls[(size_t)h.row * (size_t)map->width + (size_t)h.col] != 0;
}

void game_map_set_wall(struct game_map *map, struct hex h, int wall)
{
	if (game_map_on_board(map, h) && map->walls)
		map->walls[(size_t)h.row * (size_t)map->width + (size_t)h.col] = wall ? 1 : 0;
}

int game_add_ship(struct game_state *st, const struct ship *s)
{
	struct ship *n;

	if (st->nships >= GAME_MAX_SHIPS)
		return -1;
	n = realloc(st->ships, (st->nships + 1) * sizeof(*n));
	if (!n)
		return -1;
	st->ships = n;
	st->ships[st->nships] = *s;
	return (int)st->nships++;
}

int game_find_ship(const struct game_state *st, const char *name)
{
	size_t i;

	for (i = 0; i < st->nships; i++)
		if (!mx_strcasecmp(st->ships[i].name, name))
			return (int)i;
	return -1;
}

int game_ship_at(const struct game_state *st, struct hex h)
{
	size_t i;

	for (i = 0; i < st->nships; i++)
		if (ship_is_active(&st->ships[i]) && hex_equal(st->ships[i].pos, h))
			return (int)i;
	return -1;
}

int ship_is_active(const struct ship *s)
{
	return s->status == SHIP_ACTIVE;
}

int ship_hull_left(const struct ship *s)
{
	int left = s->stat[STAT_HULL] - s->damage;

	return left > 0 ? left : 0;
}

void ship_set_defaults(struct ship *s)
{
	memset(s, 0, sizeof(*s));
	s->stat[STAT_HULL] = 3;
	s->stat[STAT_SHIELD] = 1;
	s->stat[STAT_BALLISTIC] = 1;
	s->stat[STAT_ENERGY] = 1;
	s->status = SHIP_ACTIVE;
	s->facing = FACE_E;
}

const char *team_name(enum team t)
{
	return (unsigned)t < TEAM_COUNT ? team_names[t] : "?";
}

const char *team_title(enum team t)
{
	return (unsigned)t < TEAM_COUNT ? team_titles[t] : "?";
}

int team_parse(const char *name)
{
	return lookup(team_names, TEAM_COUNT, name);
}

const char *winner_name(enum winner w)
{
	return (unsigned)w <= WINNER_DRAW ? winner_names[w] : "?";
}

const char *stat_name(enum ship_stat s)
{
	return (unsigned)s < STAT_COUNT ? stat_names[s] : "?";
}

int stat_parse(const char *name)
{
	return lookup(stat_names, STAT_COUNT, name);
}

const char *status_name(enum ship_status s)
{
	return (unsigned)s <= SHIP_OFF_MAP ? status_names[s] : "?";
}

int status_parse(const char *name)
{
	return lookup(status_names, 3, name);
}

enum winner game_check_victory(const struct game_state *st)
{
	int alive[TEAM_COUNT] = { 0, 0 };
	size_t i;

	for (i = 0; i < st->nships; i++)
		if (ship_is_active(&st->ships[i]))
			alive[st->ships[i].team]++;
	if (alive[TEAM_ZION] && !alive[TEAM_MACHINES])
		return WINNER_ZION;
	if (alive[TEAM_MACHINES] && !alive[TEAM_ZION])
		return WINNER_MACHINES;
	if (!alive[TEAM_ZION] && !alive[TEAM_MACHINES])
		return WINNER_DRAW;
	return WINNER_NONE;
}
