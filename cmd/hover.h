/*
 * hover: what cmd/ still does for Hovercrafts with its own structs (the
 * board, the state, the events and dice, the reports per captain), kept
 * out of cmd/judge.h so that the commands every game shares do not reach
 * Hovercrafts' headers. Only Hovercrafts' own glue includes it (the
 * steps, series, reporting, its tools); it shrinks as Hovercrafts moves
 * behind core/ruleset.h.
 *
 * Ownership: as cmd/judge.h; a char * returned is the caller's.
 */
#ifndef MX_HOVER_H
#define MX_HOVER_H

#include <stddef.h>
#include <time.h>

#include "core/hovercrafts/campaign.h"
#include "core/hovercrafts/event.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/map.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/record.h"
#include "core/hovercrafts/scenario.h"
#include "core/hovercrafts/turn.h"
#include "db/db.h"
#include "judge/judge.h"

/* A board (and nothing else) from the settings' map. */
int judge_board(const struct judge_settings *s, struct game_state *st, char *err, size_t errlen);

/* State <-> stored JSON text. */
int judge_state_load(struct game_state *st, const char *json, const char *name, char *err,
		     size_t errlen);
char *judge_state_dump(const struct game_state *st);

/* Stores each event (JSON) and each die of a turn; within the caller's transaction. */
int judge_store_events(struct db *db, long long turn_id, const struct game_state *st,
		       const struct event_list *ev, char *err, size_t errlen);

/*
 * Queues one report per captain of the campaign for the turn that was
 * just played (turn 0: the setup), in the caller's transaction. deadline
 * is the next one (ignored when the battle is over). setup_note: lines
 * the setup paragraph adds (who sits out, who was rushed back), or NULL.
 */
int judge_queue_reports(struct db *db, const struct db_campaign *c,
			const struct judge_settings *s, long long turn_id, int turn,
			const struct game_state *before, const struct game_state *st,
			const struct event_list *ev, const struct turn_plan *plans,
			const char *setup_note, time_t deadline, time_t now, char *err,
			size_t errlen);


/* ---- Hovercrafts' battles in series (judge/series.c) ---- */

/* The campaign's rules (its settings' "campaign" object). 0 or -1 with err. */
int series_rules(const struct db_campaign *c, struct campaign_rules *r, char *err,
		 size_t errlen);
/*
 * A ship's record (its stats and career), kept in its seat's data
 * (core/hovercrafts/record.h). get: DB_NOT_FOUND without the seat, DB_ERROR
 * when the data is not a record. list: one per ship, in the order of
 * ships; free() the array.
 */
int series_record_get(struct db *db, long long ship_id, struct hover_record *r, char *err,
		      size_t errlen);
int series_record_put(struct db *db, long long ship_id, const struct hover_record *r, char *err,
		      size_t errlen);
int series_record_list(struct db *db, const struct db_seat *ships, size_t n,
		       struct hover_record **out, char *err, size_t errlen);

/*
 * The end of a battle, in process's transaction: the ships' results and
 * points, the battle's row, and the campaign's status ("open" for the
 * next battle, or "finished" with the series' winner). result: the
 * battle's headline when the state alone does not tell it (a vote ended
 * it), else NULL. 0 or a db code.
 */
int series_end_battle(struct db *db, struct db_campaign *c, const struct game_state *after,
		      int last_turn, const char *result, time_t now, char *err, size_t errlen);

/*
 * UPGRADE orders between battles (judge/submit.c hands them over, with the
 * same proof of identity as moves: the captain's address for mail, the
 * lockout guard, wrong passwords counted): checks the password, points,
 * costs and caps; with store buys them (ledger) and queues the receipt,
 * in one transaction; nothing is bought if one line is refused. The
 * receipt is keyed by the mail when there is one, so a mail delivered
 * twice buys once (*already set the second time). An exit code; error
 * says why; *receipt the receipt text. In cmd/series_between.c.
 */
struct submit_auth;
struct submit_result;
int series_upgrade_submit(struct db *db, const struct orders_doc *doc, const char *name,
			  const struct submit_auth *auth, time_t now, int store,
			  struct submit_result *res);

/* A ship's points left and the steps of each stat bought or adjusted (its ledger). */
struct ship_book {
	int points;				/* left to spend */
	int bought[STAT_COUNT];			/* by purchases */
	int adjusted[STAT_COUNT];		/* by the game master */
};
struct db_ledger;
void series_book_of(const struct db_ledger *l, size_t n, long long ship_id,
		    struct ship_book *bk);
/* Appends why a ship has its stats ("hull 4 = 3 base + 1 bought; ...") to sb. */
struct strbuf;
void series_why_line(const struct hover_record *s, const struct ship_book *bk,
		     struct strbuf *sb);

/*
 * Buys one step of stat for ship after battle (a ledger row and its
 * record), how the ledger's reason: 0 with *cost; DB_NOT_FOUND when the
 * rules refuse it (err says why); another db code.
 */
int series_buy(struct db *db, const struct db_campaign *c, const struct campaign_rules *rules,
	       struct db_seat *ship, int battle, enum ship_stat stat, const char *how, time_t now,
	       int *cost, char *err, size_t errlen);

/* Loads scenario or map `name` (dir: a campaign's templates, or NULL). 0 or -1 with err. */
int series_load_scenario(const char *name, const char *dir, struct scenario *sc, char *err,
			 size_t errlen);
int series_load_map(const char *name, const char *dir, struct map_def *m, char *err,
		    size_t errlen);

#endif
