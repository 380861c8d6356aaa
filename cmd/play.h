/*
 * play: the judge's campaign verbs for any game behind core/ruleset.h.
 * process_turn is the one turn driver of every game, Hovercrafts too:
 * the steps Hovercrafts still takes its own way are in cmd/steps.h. Its
 * start, submission and reports are not on this driver yet (cmd/series.c,
 * judge/submit.c, cmd/reporting.c). The game's state, orders and events are
 * the ruleset's JSON; the judge stores them (turns, orders with their
 * reading, events with who may see them, the draws log, the sealed root),
 * queues each seat the report of what it may see, and replays.
 *
 * Draws: the open stream of a turn is its seed (sealed before orders are
 * due, revealed with the turn, as for Hovercrafts); the sealed stream
 * comes from the campaign's root, committed when the game starts and
 * revealed when it ends.
 *
 * Ownership: nothing is kept between calls; results are the caller's.
 */
#ifndef MX_PLAY_H
#define MX_PLAY_H

#include <jansson.h>
#include <time.h>

#include "cmd.h"
#include "judge/submit.h"

/* 1 when the campaign's game goes through this driver. */
int play_is_generic(const char *ruleset);

/* `campaign start` of such a campaign: setup, first reports. An exit code. */
int play_start(struct cmd_ctx *ctx, const char *name, time_t now);
/* The same with a root drawn before (a duplicate set's), or NULL for a new one. */
struct db_root;
int play_start_root(struct cmd_ctx *ctx, const char *name, time_t now, const struct db_root *given);
/*
 * The open turn of a campaign as play_process_one; with forfeit, now,
 * whatever the deadline, the judge ending the game for every seat due
 * that sent nothing (the ruleset's forfeit hook).
 */
int play_process_turn(struct cmd_ctx *ctx, const char *name, time_t now, int dry, int forfeit,
		      int *due, int *resolved);
/*
 * A new sealed root for campaign (random, or from the settings' --seed)
 * and its commitment, SHA-256 of "mxjudge:CAMPAIGN:root:ROOTHEX".
 */
struct judge_settings;
void play_new_root(const struct judge_settings *s, const char *ns, const char *campaign,
		   struct db_root *r, const char *now);
/*
 * The text whose SHA-256 seals a root: "mxjudge:CAMPAIGN:root:ROOTHEX", or
 * "mxjudge:NS:CAMPAIGN:root:ROOTHEX" for a game with a draw namespace
 * (core/draw.h's draw_seal gives the game the same seal).
 */
void play_seal_text(const char *ns, const char *campaign, const char *root_hex, char *out,
		    size_t len);
/* The data packs of a campaign, {KIND: value}; NULL with err. */
json_t *play_packs_of(struct db *db, long long campaign_id, char *err, size_t errlen);
/* The seats as a ruleset takes them: [{"name", "side", "data", "campaign"}]. */
json_t *play_seats_json(struct db *db, const struct db_seat *seats, size_t n,
			const char *campaign);

/*
 * Resolves the open turn of campaign name if it is due (the deadline
 * passed; or early processing, or a solo game, and every seat due has
 * orders). With dry, stops before claiming: *due says whether it would.
 * 0 with *resolved set, or an exit code after printing the error.
 */
int play_process_one(struct cmd_ctx *ctx, const char *name, time_t now, int dry, int *due,
		     int *resolved);

/* A campaign's game (unnamed: Hovercrafts, as campaigns were made before games had names); NULL: unknown. */
const struct ruleset *play_game_of(const struct db_campaign *c);

/* The days a solo game waits for its player's next mail (setting idle_days, else 30). */
int play_idle_days(const struct judge_settings *s);
/* The word for a seat in messages, the seat word in lowercase: "ship", "side". */
void play_seat_noun(const struct ruleset *rs, char *buf, size_t len);

/*
 * The game's settings of campaign c as its ruleset's hooks take them (a
 * new reference, NULL on no memory): those under "game", and each key the
 * game declares that stands beside the judge's (Hovercrafts' board).
 */
json_t *play_settings_of(const struct ruleset *rs, const struct db_campaign *c);

enum { PLAY_SEAT_FULL = 1, PLAY_SEAT_REFUSED = 2 };
/*
 * Room in c for seat name on side, with its own data (NULL: none), beside
 * ships: 0; PLAY_SEAT_FULL when the game has its most seats;
 * PLAY_SEAT_REFUSED with the game's why in err (its check_seat); -1 with
 * err. Every join, by the game master or by mail, asks here.
 */
int play_seat_room(struct db *db, const struct ruleset *rs, const struct db_campaign *c,
		   const struct db_seat *ships, size_t n, const char *name, const char *side,
		   const json_t *data, char *err, size_t errlen);

/*
 * A solo game's turn resolved as its orders are sealed (judge/submit.c):
 * the report answers mail answer_id of seat seat_id in place of its
 * receipt. An exit code; EXIT_TEMPFAIL leaves the turn to `process`.
 */
int play_answer_turn(struct db *db, const char *name, time_t now, long long answer_id,
		     long long seat_id);

/*
 * `--data KIND=FILE`: the file read whole as the game's data of that kind
 * (declared by the ruleset), {KIND: {"name","path","digest","text"}}; NULL
 * with err. Stored with the campaign by play_store_packs() in the
 * caller's transaction, so a replay never depends on the file.
 */
struct ruleset;
json_t *play_read_pack(const struct ruleset *rs, const char *arg, char *err, size_t errlen);
int play_store_packs(struct db *db, long long campaign_id, const json_t *data, time_t now,
		     char *err, size_t errlen);

/*
 * `report` of such a campaign: turn (-1: the last resolved) as seat saw it
 * (NULL: the public), replayed from the stored inputs; printed, or
 * appended to sink when it is not NULL. An exit code.
 */
struct db_campaign;
struct judge_settings;
struct strbuf;
int play_report(struct cmd_ctx *ctx, const struct db_campaign *c, const struct judge_settings *s,
		const char *seat, long turn, int json, struct strbuf *sink);
/*
 * `verify` and `replay` of such a campaign (cmd/verify.c prints the
 * verdict): stored turn n replayed from its stored inputs, seed and
 * sealed root, the state and every draw compared. 0 when it agrees,
 * with the draws replayed in *draws; 1 when it differs, why in err;
 * EXIT_DATAERR when there is no such resolved turn; another exit code.
 * seed gets the turn's seed once the turn is found ("" before).
 */
int play_verify_turn(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		     int n, size_t *draws, char *seed, size_t seedlen, char *err, size_t errlen);

/* `turn show` of such a campaign: what the public may know of turn number. */
int play_turn_show(struct cmd_ctx *ctx, const struct db_campaign *c,
		   const struct judge_settings *s, int number, int json);

/* `mail remind` for such a campaign: one reminder per silent seat due, counted in *queued. */
int play_remind(struct cmd_ctx *ctx, const struct db_campaign *c, int hours, time_t now,
		size_t *queued);

/*
 * `verify --published` of a turn (`turn show --json`): a finished game's
 * replayed whole, a running game's open draws only; commitment (or NULL)
 * the seed's seal from an earlier report. What was found in v
 * (cmd/verdict.h, printed by the caller); 0, 1 differs, 65 (said on
 * standard error, v found nothing).
 */
struct verdict;
int play_verify_published(const json_t *root, const char *name, const char *const *packs,
			  int npacks, const char *commitment, struct verdict *v);

/* `campaign reveal NAME`: publishes the sealed root now (the game master's choice). */
int play_reveal(struct cmd_ctx *ctx, int argc, char **argv);

#endif
