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
