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

#endif
