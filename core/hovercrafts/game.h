/*
 * game: the Hovercrafts state as plain structs (board, ships, turn).
 *
 * Ownership: a game_state owns its ships array and its wall bitmap.
 * game_state_release() frees both; game_state_copy() makes a deep copy the
 * caller must release. Ships are referred to by index ("state order"), which
 * never changes during a battle: the dice order depends on it.
 */
#ifndef MX_GAME_H
#define MX_GAME_H

#include <stddef.h>

#include "hex.h"
#include "lib/strcase.h"

#define SHIP_NAME_MAX 48
#define GAME_NAME_MAX 32

enum team {
	TEAM_ZION = 0,
	TEAM_MACHINES = 1,
	TEAM_COUNT
};

enum ship_status {
	SHIP_ACTIVE = 0,
	SHIP_DISABLED,
	SHIP_OFF_MAP
};

enum winner {
	WINNER_NONE = 0,
	WINNER_ZION,
	WINNER_MACHINES,
	WINNER_DRAW
};

enum ship_stat {
	STAT_HULL = 0,
	STAT_SHIELD,
	STAT_BALLISTIC,
	STAT_ENERGY,
	STAT_COUNT
};

struct ship {
	char name[SHIP_NAME_MAX];
	enum team team;
	struct hex pos;
	enum facing facing;
	int stat[STAT_COUNT];
	int damage;
	int actions;		/* actions this ship may order this turn */
	enum ship_status status;
};

struct game_map {
	int width;
	int height;
	unsigned char *walls;	/* width * height, row-major; 1 = wall */
};

struct scenario_state;		/* core/hovercrafts/scenario.h */

/*
 * The versions of the rules a turn is resolved under (turns.rules_version):
 * a stored turn is replayed under its own, so turns resolved before a
 * change still verify.
 */
#define GAME_RULES_LONGEST_LIST 1	/* until 2026-11-23: phases = the longest list ordered */
#define GAME_RULES_ENERGY 2		/* rulings 3.4: phases = the most actions any active ship may order */
#define GAME_RULES_CURRENT GAME_RULES_ENERGY

struct game_state {
	char game[GAME_NAME_MAX];
	int turn;
	struct game_map map;
	struct ship *ships;
	size_t nships;
	enum winner winner;
	struct scenario_state *scenario;	/* owned; NULL: no scenario (rulings 9) */
	int rules_version;	/* GAME_RULES_*: what turn_resolve() plays; not in the state's JSON */
};

#define MAP_MAX_SIDE 702	/* columns A..ZZ */
#define GAME_MAX_SHIPS 64

void game_state_init(struct game_state *st);
void game_state_release(struct game_state *st);
int game_state_copy(struct game_state *dst, const struct game_state *src);

/* Sets up an empty width x height board; 0 or -1 (bad size, no memory). */
int game_map_init(struct game_map *map, int width, int height);
void game_map_release(struct game_map *map);
int game_map_on_board(const struct game_map *map, struct hex h);
int game_map_is_wall(const struct game_map *map, struct hex h);
void game_map_set_wall(struct game_map *map, struct hex h, int wall);

/* Adds a ship (copied); returns its index or -1. */
int game_add_ship(struct game_state *st, const struct ship *s);
/* Case-insensitive; -1 if no such ship. */
int game_find_ship(const struct game_state *st, const char *name);
/* The active ship standing on h, or -1. */
int game_ship_at(const struct game_state *st, struct hex h);
int ship_is_active(const struct ship *s);
int ship_hull_left(const struct ship *s);
void ship_set_defaults(struct ship *s);	/* hull 3, others 1, active */

const char *team_name(enum team t);	/* "zion", "machines" */
int team_parse(const char *name);	/* -1 if unknown */
const char *team_title(enum team t);	/* "Zion", "the Machines" */
const char *winner_name(enum winner w);	/* "none", "zion", "machines", "draw" */
const char *stat_name(enum ship_stat s);	/* "hull", "shield" ... */
int stat_parse(const char *name);
const char *status_name(enum ship_status s);	/* "active", "disabled", "off-map" */
int status_parse(const char *name);

/* Victory at the end of a turn (rulings 9). */
enum winner game_check_victory(const struct game_state *st);

#endif
