/*
 * ruleset: the seam between a game's rules and everything the judge does
 * the same for every game (campaigns, seats, sealed orders, deadlines,
 * draws, mail, templates, replay). The judge never looks inside a game's
 * state: it hands JSON to the hooks and takes JSON back. A ruleset is pure:
 * no files, clock, SQL or printing, and every random number comes from the
 * draw_source it is given (core/draw.h).
 *
 * Conventions every hook shares (core/engine.h applies the defaults):
 * - a seat is a name (a ship, a side, a runner, a character, "operator");
 *   seats are given as [{"name", "side", "data": {...}, "campaign"}, ...],
 *   data the seat's own packs ({KIND: {"name", "digest", "text"}}, from
 *   `campaign join --data KIND=FILE`, checked by check_seat), campaign
 *   (when the judge gives it) the name the game is sealed under;
 * - a state may hold "private": {SEAT: ...} (only that seat sees its part)
 *   and "secret": ... (nobody until the game ends); the default view keeps
 *   the rest, the viewer's own private part and drops the secret;
 * - an event is an object; one with "to": [SEAT, ...] (a list) is
 *   addressed to those seats only, one without such a list is public;
 * - a resolve returns {"state", "events", "story"}: the next state, the
 *   events in order, and the story for people (a list of paragraphs).
 *
 * Ownership: every json_t * a hook returns is a new reference for the
 * caller; arguments are borrowed. Tables are static and never freed.
 */
#ifndef MX_RULESET_H
#define MX_RULESET_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "draw.h"

struct strbuf;

enum ruleset_flags {
	RULESET_HIDDEN = 1 << 0,	/* seats hold what other seats may not see */
	RULESET_GM_SEAT = 1 << 1,	/* the game master plays a seat of the game */
	RULESET_SOLO = 1 << 2,		/* one seat; a turn resolves when its orders come */
	RULESET_SERIES = 1 << 3,	/* matches in series carry a record */
	RULESET_TEST = 1 << 4,		/* registered by the test build only */
	/*
	 * The game names its data packs by a digest of their content and
	 * refuses another pack itself: verify --published takes a file of
	 * other bytes (reformatted) for the one the turn names.
	 */
	RULESET_OWN_DIGEST = 1 << 5,
	/*
	 * A turn resolves as soon as every seat has written (the judge setting
	 * "early" starts true): what players of a two-seat game by mail expect.
	 */
	RULESET_EARLY = 1 << 6,
	/*
	 * The game's draw lines name who drew, and a seat may not see everyone
	 * (iterations: the NPCs the Operator hides): its open draws are shown
	 * once the game is over, as its orders (turn show, publish), not while
	 * it runs (issue 28).
	 */
	RULESET_DRAWS_NAME = 1 << 7,
	/*
	 * A side has at most one seat per row of the board (setting height):
	 * each starts in a row of its own (Hovercrafts' edges).
	 */
	RULESET_SEAT_PER_ROW = 1 << 8,
	/*
	 * Every draw of a turn comes from the turn's seed, revealed with it:
	 * the game has no sealed stream, so no root (Hovercrafts' open dice).
	 */
	RULESET_NO_ROOT = 1 << 9
};

/*
 * read_orders' flag for the text of a whole mail of orders, as a game with
 * parse_orders reads it: lines before its GAME line are no orders.
 */
#define RULESET_ORDERS_MAIL 1
/*
 * read_orders' flag for orders sealed before the judge stored their
 * reading (a database of an older judge), read again each time the turn
 * is played: text is the mail as sealed for seat, which may name other
 * seats too; only seat's part is read ({} when it has none), as it was
 * read when sealed. RULESET_AUTOPILOT_MARK first: the autopilot's.
 */
#define RULESET_ORDERS_SEALED 2
#define RULESET_AUTOPILOT_MARK "AUTOPILOT\n"

enum ruleset_setting_kind {
	SETTING_INT = 0,
	SETTING_BOOL,
	SETTING_TEXT,
	SETTING_CHOICE			/* one of the words of choices */
};

/* One game setting: `campaign new --set KEY=VALUE`, `campaign set`, its man page. */
struct ruleset_setting {
	const char *key;
	enum ruleset_setting_kind kind;
	long min, max;			/* SETTING_INT */
	const char *choices;		/* SETTING_CHOICE: "basic target" */
	const char *def;		/* default as text; NULL: none (optional) */
	const char *help;		/* one line */
	int fixed;			/* 1: chosen by `campaign new` only (a board drawn then) */
};

/* A data pack a campaign may carry (`--data KIND=FILE`): decks, scenarios. */
struct ruleset_data_kind {
	const char *name;
	const char *help;
};

struct ruleset_tool {
	const char *name;		/* `mxjudge GAME NAME` */
	const char *summary;
};

struct ruleset {
	/* ---- the descriptor ---- */
	const char *name;		/* as stored in campaigns; `--game NAME` */
	const char *title;		/* for people */
	int flags;			/* enum ruleset_flags */
	const char *seat_word;		/* the order block's keyword: "SHIP", "SIDE" ... */
	const char *const *sides;	/* NULL-terminated; NULL: seats have no side */
	int min_seats, max_seats;
	const struct ruleset_setting *settings;		/* ends with {NULL} */
	const struct ruleset_data_kind *data_kinds;	/* ends with {NULL}; may be NULL */
	const struct ruleset_tool *tools;		/* ends with {NULL}; may be NULL */
	const char *man_page;		/* "mxjudge-hovercrafts(7)" */
	/*
	 * The version of its rules a new turn is played under, stored with
	 * each turn so an old one replays under its own; 0: one version only.
	 */
	int rules_version;
	/* One line on what orders look like, for error replies ("PLAY CARD"). */
	const char *(*order_help)(void);

	/* ---- the hooks (NULL where marked optional) ---- */
	/*
	 * Settings (defaults already applied by engine_settings) and the data
	 * packs ({KIND: value}) as a whole: 0, or -1 with the key at fault.
	 * Optional.
	 */
	int (*check_settings)(const json_t *settings, const json_t *data, char *err,
			      size_t errlen);
	/*
	 * May seat join beside seats? 0, or -1 with why. Optional. Each of
	 * seats carries its "data" and seat the campaign's data packs as
	 * "packs" when the judge has them.
	 */
	int (*check_seat)(const json_t *settings, const json_t *seats, const json_t *seat,
			  char *err, size_t errlen);
	/* The first state from settings, data packs and seats, drawing as the rules say. */
	json_t *(*setup)(const json_t *settings, const json_t *data, const json_t *seats,
			 struct draw_source *draws, char *err, size_t errlen);
	/* The seats whose orders are due now, in seat order; [] once the game is over. */
	json_t *(*waiting_for)(const json_t *state);
	/*
	 * Reads the orders text of seat (NULL: the text names its seats in
	 * blocks, as Hovercrafts' does) for a state: the orders as the ruleset
	 * understood them, {SEAT: ORDERS, ...}, or NULL with "name:line: ..."
	 * in err. flags are the ruleset's own.
	 */
	json_t *(*read_orders)(const json_t *state, const char *seat, const char *text,
			       const char *name, int flags, char *err, size_t errlen);
	/* One turn: state + orders by seat + draws -> {"state","events","story"}. */
	json_t *(*resolve)(const json_t *state, const json_t *orders, struct draw_source *draws,
			   char *err, size_t errlen);
	/*
	 * The same for a game whose turns read its data packs ({KIND: {"name",
	 * "digest", "text"}}, the campaign's, as `--data` gave them: a card
	 * pack the state names by digest). Optional: when set, the judge calls
	 * it instead of resolve.
	 */
	json_t *(*resolve_data)(const json_t *state, const json_t *orders, const json_t *data,
				struct draw_source *draws, char *err, size_t errlen);
	/*
	 * {"over": bool, "result": TEXT or null, "scores": {SEAT: n} or absent,
	 * "said": TEXT or absent}: said is how `process` tells the end ("the
	 * battle is over: Zion wins"); without it "the game is over: RESULT".
	 */
	json_t *(*status)(const json_t *state);
	/*
	 * What seat may see of state (NULL seat: the public; "*": the game
	 * master). Optional: engine_view's default convention otherwise.
	 */
	json_t *(*view)(const json_t *state, const char *seat);
	/*
	 * The same for a game whose views read its data packs (as resolve_data
	 * gets them: a card pack's texts for the report). Optional: when set,
	 * the judge calls it instead of view.
	 */
	json_t *(*view_data)(const json_t *state, const char *seat, const json_t *data);
	/* The text a seat fills in and sends back, for its report. Optional. */
	json_t *(*order_form)(const json_t *state, const char *seat);
	/*
	 * A game whose mail of orders is not the judge's envelope (GAME, the
	 * seat word and the seat, PASSWORD or CODE, TURN, the orders, END):
	 * Hovercrafts' names several SHIP blocks in one mail. The envelope it
	 * read from text (name for messages), as {"game", "game_line",
	 * "password", "code", "turn" (0: no TURN line), "seats": [{"name",
	 * "line"}, ...]}, or NULL with "NAME:LINE: ..." in err. The judge does
	 * every check of it and reads the orders with read_orders(state, NULL,
	 * text, name, RULESET_ORDERS_MAIL). Optional: the judge's envelope.
	 */
	json_t *(*parse_orders)(const char *text, const char *name, char *err, size_t errlen);
	/*
	 * With parse_orders: the orders of text as understood, for the seat at
	 * index i of its envelope's seats (i < 0: every seat), a JSON string:
	 * the receipt and `turn show` give it back. NULL on no memory.
	 */
	json_t *(*understood)(const char *text, const char *name, int i);
	/*
	 * With parse_orders: what the receipt says of the orders of text beyond
	 * the judge's data, an object merged into it (Hovercrafts: "ships").
	 * Optional.
	 */
	json_t *(*receipt)(const char *text, const char *name);
	/* With parse_orders: what follows the seat's line, in errors ("actions"). */
	const char *orders_word;
	/*
	 * What the reminder to a silent seat says of it beyond the judge's
	 * words, an object merged into the reminder's data (Hovercrafts: the
	 * ship's actions this turn). Optional.
	 */
	json_t *(*seat_summary)(const json_t *state, const char *seat);
	/*
	 * Orders for a silent seat (the autopilot), as read_orders gives them
	 * for that seat. Optional: a silent seat then sends nothing.
	 */
	json_t *(*bot)(const json_t *state, const char *seat, struct draw_source *draws,
		       char *err, size_t errlen);
	/*
	 * The autopilot of a game whose bot plans every silent seat together
	 * (Hovercrafts: ships that keep out of each other's way): orders, the
	 * turn's orders so far ({SEAT: ORDERS}), for seats (a list) that sent
	 * nothing, in the turn of campaign. Returns {SEAT: {"orders": ORDERS
	 * as read_orders gives them, "text": the sealed text, "understood":
	 * as read}}, text and understood optional (the judge's words then);
	 * a seat left out sends nothing. Optional: the judge asks bot seat by
	 * seat otherwise. The judge seals each as a player's orders.
	 */
	json_t *(*bots)(const json_t *state, const json_t *orders, const json_t *seats,
			const char *campaign, int turn, struct draw_source *draws, char *err,
			size_t errlen);
	/*
	 * The seats' own data after a turn, for a game that keeps a record of
	 * each seat there (Hovercrafts: damage, kills, times disabled, wins):
	 * data {SEAT: DATA} of every seat, outcome {"state": the state after,
	 * "events": the turn's} -> {SEAT: DATA} of the seats it changed, each
	 * stored whole. NULL with err. Optional: seats keep what they joined with.
	 */
	json_t *(*turn_records)(const json_t *data, const json_t *outcome, char *err,
				size_t errlen);
	/* What carries from one match to the next: record + final state -> record. Optional. */
	json_t *(*record)(const json_t *record, const json_t *final_state);
	/*
	 * The state after the judge ended the game for seat: reason "abandoned"
	 * (no orders for the campaign's idle days, or a duplicate set closed).
	 * Optional: without it the judge cannot end a game early.
	 */
	json_t *(*forfeit)(const json_t *state, const char *seat, const char *reason, char *err,
			   size_t errlen);
	/*
	 * The final state when the seats agreed to end the game by mail (VOTE,
	 * mxjudge-mail(7)): what "draw" (every seat in play agreed) or
	 * "concede" (seats, every seat in play of one side, gave up) means for
	 * this game's scoring. seats is ["NAME", ...]; the hook refuses (NULL
	 * with why) seats that cannot agree to that. The judge seals it as the
	 * order {"judge": "agree", "what": WHAT} of each of those seats, so it
	 * replays like any turn. Optional: without it a game takes no votes.
	 */
	json_t *(*agree)(const json_t *state, const char *what, const json_t *seats, char *err,
			 size_t errlen);
	/*
	 * Duplicate play (many seats, each its own game on one sealed deal):
	 * > 0 when final state a is the better result, < 0 when b is, 0 equal.
	 * Optional: a ruleset without it has no duplicate games.
	 */
	int (*compare)(const json_t *a, const json_t *b);
	/*
	 * Bot-only games for `mxjudge GAME simulate`: plays games first ..
	 * first + count - 1 under settings and the data packs given with
	 * `--data` (as resolve_data gets them; {} without), game i's draws
	 * coming from seed and i only, so any split across threads sums to the
	 * same tallies. Returns
	 * {GROUP: {"games": n, OUTCOME: n, ...}, ...} (counts only, summed over
	 * splits by the caller). Optional: no simulate tool without it.
	 */
	json_t *(*simulate)(const json_t *settings, const json_t *data, uint64_t seed,
			    uint64_t first, uint64_t count, char *err, size_t errlen);
	/*
	 * A game whose case files have a format of their own (Hovercrafts: a
	 * board, ships and its dice syntax; mxjudge-cases(5)): every case of
	 * the file text (name for messages) run, as [{"name", "ruling",
	 * "passed": bool, "report": the failure's lines, indented}], or NULL
	 * with "NAME:LINE: ..." in err. Its files are those naming it on a
	 * `game` line, and those naming no game at all. Optional: other
	 * games' cases are the judge's format (core/gamecase.h).
	 */
	json_t *(*cases)(const char *text, const char *name, char *err, size_t errlen);
	/*
	 * The namespace of run-long sealed streams ("sealed/NAME@K", core/draw.h):
	 * NULL for "sealed".
	 */
	const char *draw_namespace;
	/*
	 * The board as SVG text appended to svg (core/svg.h), drawn from
	 * view, what engine_view gave seat (NULL: the public): nothing the
	 * view hides is there to draw. 0, or -1 with why. Optional: a game
	 * without it has no picture (core/picture.h: each game's).
	 */
	int (*draw)(const json_t *view, const char *seat, struct strbuf *svg, char *err,
		    size_t errlen);
};

/* The ruleset of that name (any case), or NULL. */
const struct ruleset *ruleset_find(const char *name);
/*
 * The game of a campaign, state file or mail that names none: the first
 * registered (Hovercrafts, whose records predate game names).
 */
const struct ruleset *ruleset_default(void);
/* Every ruleset, NULL-terminated, in registration order. */
const struct ruleset *const *ruleset_all(void);
/*
 * Registers one more ruleset (the test build's toy game); 0, or -1 when
 * the table is full or the name is taken.
 */
int ruleset_register(const struct ruleset *rs);

/*
 * The games are registered in one list, in core/ruleset.c (a new game adds
 * its line there). Hovercrafts' table is named here too while cmd/ still
 * tells Hovercrafts apart (cmd/hover.h); no other game's is.
 */
extern const struct ruleset hovercrafts_ruleset;

#endif
