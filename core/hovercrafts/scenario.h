/*
 * scenario: a battle's own rules (rulings 9): a board or a board
 * generator, team sizes, a turn limit, and goals beyond "disable the
 * other fleet":
 *   {"type":"hold","team":"zion","hex":"F3","turns":3}
 *       a ship of the team stands on the hex at the end of N turns in a row;
 *   {"type":"escape","team":"machines","edge":"W","ships":1}
 *       N ships of the team leave the board across that edge (N, E, S, W);
 *   {"type":"survive","team":"zion","turns":8}
 *       the team still has an active ship at the end of battle turn N;
 *   {"type":"flagship","team":"zion","ship":"Minx"}
 *       the team puts the other side's flagship out (disabled or off the
 *       board); without "ship", the flagship is that side's first ship.
 *
 * At the end of each turn, goals first: a side that reached a goal wins;
 * both sides in the same turn: a draw. Then the fleets (game_check_victory).
 * Then the turn limit: reaching it without a winner gives "at_limit"
 * ("draw" unless the scenario says "zion" or "machines").
 *
 * A battle's scenario state rides in the game state (struct game_state's
 * `scenario`, the "scenario" object of the state JSON), counters included,
 * so a turn stays a pure function of its inputs and replays are exact.
 *
 * Scenario file (JSON): {"title":"...","description":"...",
 *   "map":"tunnels" | {"width":W,"height":H,"density":P (percent)},
 *   "teams":{"min":1,"max":5},"turn_limit":12,"at_limit":"draw",
 *   "goals":[...]}
 *
 * Ownership: scenario_begin() gives st a malloc'd scenario state, which
 * game_state_release() frees; scenario_state_to_json returns a new reference.
 */
#ifndef MX_SCENARIO_H
#define MX_SCENARIO_H

#include <jansson.h>
#include <stddef.h>

#include "event.h"
#include "game.h"
#include "lib/strbuf.h"

#define SCENARIO_MAX_GOALS 8
#define SCENARIO_NAME_MAX 64
#define SCENARIO_TEXT_MAX 512

enum goal_type { GOAL_HOLD = 0, GOAL_ESCAPE, GOAL_SURVIVE, GOAL_FLAGSHIP, GOAL_COUNT };
enum edge { EDGE_N = 0, EDGE_E, EDGE_S, EDGE_W };

struct goal {
	enum goal_type type;
	enum team team;			/* the side the goal is for */
	struct hex hex;			/* hold */
	int turns;			/* hold, survive */
	enum edge edge;			/* escape */
	int ships;			/* escape: how many must get out */
	char ship[SHIP_NAME_MAX];	/* flagship: the other side's */
	int count;			/* hold: turns held in a row; escape: ships out */
};

struct scenario_state {
	char name[SCENARIO_NAME_MAX];
	int start_turn;			/* the battle's first turn (state "turn") */
	int turn_limit;			/* 0: none */
	enum winner at_limit;
	int ngoals;
	struct goal goals[SCENARIO_MAX_GOALS];
	char result[SCENARIO_TEXT_MAX];	/* why the battle ended, once it has */
};

enum scenario_map { SCENARIO_MAP_CAMPAIGN = 0, SCENARIO_MAP_NAMED, SCENARIO_MAP_RANDOM };

struct scenario {
	char name[SCENARIO_NAME_MAX];
	char title[128];
	char description[SCENARIO_TEXT_MAX];
	enum scenario_map map;
	char map_name[SCENARIO_NAME_MAX];	/* SCENARIO_MAP_NAMED */
	int width, height, density;		/* SCENARIO_MAP_RANDOM; density permille */
	int team_min, team_max;
	struct scenario_state rules;		/* goals as written (flagships may be "") */
};

const char *goal_type_name(enum goal_type t);	/* "hold", "escape", ... */
const char *edge_name(enum edge e);		/* "N", "E", "S", "W" */

/* 1 if s is a plain name for a scenario or map: letters, digits, '-', '_'. */
int scenario_name_ok(const char *s);

/* Reads a scenario file's JSON; name is the scenario's name. 0 or -1 with err. */
int scenario_parse(struct scenario *sc, const json_t *root, const char *name, char *err,
		   size_t errlen);

/*
 * Starts the scenario on a placed state: checks team sizes and goal hexes
 * against the board, names flagships (flagship: a ship of the other side,
 * or NULL for its first ship), and attaches the state. 0 or -1 with err.
 */
int scenario_begin(const struct scenario *sc, struct game_state *st, const char *flagship,
		   char *err, size_t errlen);

/*
 * The end of a turn: updates the counters, decides the winner and, when
 * there is one, writes st->scenario->result. Without a scenario this is
 * game_check_victory(). ev: the turn's events.
 */
enum winner scenario_end_of_turn(struct game_state *st, const struct event *ev, size_t n);

/* One line saying how the battle was won, lost or drawn; NULL if not over. */
const char *scenario_result(const struct game_state *st);

/* A goal in words: "Zion: hold F3 for 3 turns in a row". */
void scenario_goal_text(const struct goal *g, struct strbuf *out);

/*
 * What every captain is told when a battle starts (rulings 11): both
 * sides' goals (flagships by name), the goal every battle has, and the
 * turn limit. s NULL: a battle without a scenario. Several lines.
 */
void scenario_brief(const struct scenario_state *s, struct strbuf *out);

struct scenario_state *scenario_state_dup(const struct scenario_state *s);
int scenario_state_from_json(struct scenario_state **out, const json_t *o, const char *name,
			     char *err, size_t errlen);
json_t *scenario_state_to_json(const struct scenario_state *s);

#endif
