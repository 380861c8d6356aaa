/*
 * series: what the judge does for a game whose matches run in series
 * (RULESET_SERIES): the end of a match, orders taken between two matches
 * and the word on when the next one starts. The turn driver and the one
 * submission path call these for any such game, never a game's own code.
 *
 * Ownership: arguments are borrowed; res is the caller's.
 */
#ifndef MX_JUDGE_SERIES_H
#define MX_JUDGE_SERIES_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "db/db.h"

struct db;
struct db_campaign;
struct judge_settings;
struct ruleset;
struct submit_auth;
struct submit_result;

/*
 * The end of a match, in process's transaction: the seats' results and
 * points, the match's row and the campaign's status ("open" for the next
 * match, or "finished" with the series' result). after: the state the
 * ruleset's resolve returned; result: the headline when the state alone
 * does not tell it (a vote ended it), else NULL. 0 or a db code.
 */
int series_match_over(struct db *db, struct db_campaign *c, const struct ruleset *rs,
		      const json_t *after, int last_turn, const char *result, time_t now,
		      char *err, size_t errlen);

/*
 * Orders taken between two matches (Hovercrafts' UPGRADE lines) in a mail
 * of orders: an exit code with res filled, or -1 when text holds none.
 */
int series_orders_between(struct db *db, const struct ruleset *rs, const char *text,
			  const char *name, const struct submit_auth *auth, time_t now, int store,
			  struct submit_result *res);

/*
 * c is between two matches: 1 with why in err ("NAME:LINE: campaign ...
 * is between battles 1 and 2 ..."; game_line the GAME line's), else 0.
 */
int series_waiting(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		   const char *name, int game_line, char *err, size_t errlen);

/* ---- Hovercrafts' battles in series, for the commands and reports ---- */

/*
 * Checks the series' rules in a campaign's settings (its "campaign"
 * object; none: one battle): 0, or -1 with why in err.
 */
int series_check_rules(const json_t *settings, char *err, size_t errlen);

/*
 * `campaign new`'s board and series options, for the game whose board is
 * in the judge's settings (core/hovercrafts' limits, checked equal in
 * judge/series.c).
 */
#define SERIES_MAX_SIDE 702		/* columns A..ZZ */
#define SERIES_MAX_DENSITY 600		/* permille of walls */
#define SERIES_MAX_SCENARIOS 16
#define SERIES_NAME_MAX 64
/* Is s a scenario's plain name? */
int series_scenario_name_ok(const char *s);
/*
 * Scenario name from the templates' search path, as `scenario show
 * --json` prints it (core/hovercrafts/series.h's hover_scenario_json,
 * "file" its path); NULL with the one-line error in err.
 */
json_t *series_scenario(const char *name, char *err, size_t errlen);
/*
 * The board of --map FILE: a map file (a plain name: a shipped map), a
 * state file (its map) or a bare map object, in its canonical JSON; NULL
 * with err.
 */
json_t *series_map_file(const char *path, char *err, size_t errlen);
/* A random board of w x h with density permille walls drawn from seed; NULL with err. */
json_t *series_random_map(int w, int h, int density, uint64_t seed, char *err, size_t errlen);
/*
 * The series' rules of `campaign new` (--rules FILE, --battles N (0: not
 * given), --scenario NAME ...), set as "campaign" in *settings (a JSON
 * text, replaced); first: the first battle's scenario ("" when none).
 * 0, or -1 with the one-line error in err.
 */
int series_new_rules(char **settings, const char *rules_path, int battles,
		     const char *const *scen, int nscen, char *first, size_t firstlen, char *err,
		     size_t errlen);
/* The board of the first battle when scenario scen names it: 0 with its size and walls. */
int series_first_board(const struct judge_settings *s, const char *scen, int *width, int *height,
		       size_t *walls, char *err, size_t errlen);
/*
 * A board for the map tools (mxjudge-map(1)): its text form, its JSON,
 * and its hexes drawn when asked; whether it has start zones and whether
 * a wall-free path joins the two sides. Release with series_map_release.
 */
struct series_map {
	char *text;
	json_t *json;
	char *hexes;			/* NULL unless asked */
	int width, height, zones, connected;
};
/* A random board, always crossable. 0, or -1 with err. */
int series_map_generate(int w, int h, int density, uint64_t seed, struct series_map *out,
			char *err, size_t errlen);
/*
 * The board of map file path, or of the shipped map of that plain name
 * when no such file is there; hexes: draw it. 0, or -1 with err.
 */
int series_map_read(const char *path, int hexes, struct series_map *out, char *err,
		    size_t errlen);
void series_map_release(struct series_map *m);

/*
 * The record of each ship (its stats and career, as `campaign show
 * --json` gives them), one object per seat in the order of ships; NULL
 * with err.
 */
json_t *series_records_json(struct db *db, const struct db_seat *ships, size_t n, char *err,
			    size_t errlen);

/*
 * The board of the battle being fought, or of the last one fought (a
 * campaign in series changes boards with its scenarios): 1 with it in b;
 * 0 when no battle has started or c is not a series of battles.
 */
struct series_board {
	int battle;			/* its number */
	char scenario[DB_NAME_MAX];	/* "" when none */
	int width, height, walls;
};
int series_current_board(struct db *db, const struct db_campaign *c, struct series_board *b);

/* {"battles":[...],"standings":[...]} with each ship's ledger; NULL with err. */
json_t *series_standings_json(struct db *db, const struct db_campaign *c, char *err,
			      size_t errlen);

/* Adds "series" (battle, standings, why each ship has its stats) to a report model. */
int series_model(struct db *db, const struct db_campaign *c, json_t *model, char *err,
		 size_t errlen);

/*
 * Between two battles of c (its status "open" after battle n): 1 with
 * *next = n + 1 and, in when, a sentence on when that battle starts
 * ("Battle 2 starts at ..., or earlier if the game master starts it.");
 * 0 before the first battle, or when c is not between battles.
 */
int series_between(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		   int *next, char *when, size_t whenlen);

/* Finds a scenario or a map by plain name in templates/scenarios, templates/maps. */
char *series_find_file(const char *kind, const char *name, const char *ext,
		       const char *override_dir);

#endif
