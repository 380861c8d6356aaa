/*
 * steps: what a game still does its own way inside the one turn driver
 * (cmd/play.c's process_turn). The driver claims the turn, reads the
 * deadline, absences and votes, stores the state after, opens the next
 * turn and commits, for every game. A game whose storage predates the
 * ruleset seam (Hovercrafts: orders sealed before their reading was
 * stored, read again from their text; a dice table and ship records;
 * battles in series; reports per captain) hands the driver these steps;
 * each is a hook core/ruleset.h does not have yet. A new game has none.
 *
 * The same for orders (judge/submit.c, the one submission path): a game
 * whose orders text is not the judge's envelope (Hovercrafts: several SHIP
 * blocks in one mail, its own parser's messages, UPGRADE lines between
 * battles) hands it a form; the judge does every other check and seals.
 *
 * Ownership: a play_turn is the driver's; what a step keeps in its game
 * pointer is freed by its end step. Returned json_t * are new references.
 */
#ifndef MX_STEPS_H
#define MX_STEPS_H

#include <jansson.h>
#include <stddef.h>
#include <time.h>

#include "db/db.h"
#include "lib/strbuf.h"

struct db;
struct db_campaign;
struct db_order;
struct db_turn;
struct judge_settings;
struct ruleset;
struct submit_auth;
struct submit_result;

/* At most this many seat blocks in one mail of orders; the longest field. */
#define SUBMIT_MAX_SEATS 64
#define SUBMIT_FIELD_MAX 128

/*
 * The envelope of a mail of orders, as the game's form read it: the
 * campaign, the sender's secret, the turn and the seats it names, each
 * with its line. judge/submit.c checks all of it the same way for every game.
 */
struct submit_envelope {
	const char *text;		/* the mail's text as given (borrowed) */
	char game[SUBMIT_FIELD_MAX];
	int game_line;
	char password[SUBMIT_FIELD_MAX];
	char code[SUBMIT_FIELD_MAX];
	int turn;			/* 0: no TURN line */
	size_t nseats;
	char seat[SUBMIT_MAX_SEATS][SUBMIT_FIELD_MAX];	/* as written */
	int seat_line[SUBMIT_MAX_SEATS];
	struct strbuf body;		/* the judge's form: the orders, line numbers kept */
	void *form;			/* a game's form: what it read (parse to release) */
};

/*
 * How a game's orders text is read where it is not the judge's envelope
 * (GAME, SEAT, PASSWORD or CODE, TURN, the body, END: judge/submit.c). Every
 * other check of a submission, and the sealing, is the judge's.
 */
struct play_form {
	/* The envelope from text: 0, or -1 with err ("NAME:LINE: ..."). */
	int (*parse)(struct submit_envelope *env, const struct ruleset *rs, const char *text,
		     const char *name, char *err, size_t errlen);
	/*
	 * Orders of another kind the game takes in their place (Hovercrafts:
	 * UPGRADE lines between battles), submitted their own way: an exit
	 * code, or -1 when text holds none.
	 */
	int (*other)(struct submit_envelope *env, struct db *db, const char *name,
		     const struct submit_auth *auth, time_t now, int store,
		     struct submit_result *res);
	/*
	 * A campaign not running that still takes orders of another kind
	 * (Hovercrafts: between battles, UPGRADE lines): 1 with why in err
	 * (game_line the GAME line's), else 0. Optional.
	 */
	int (*waiting)(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		       const char *name, int game_line, char *err, size_t errlen);
	/* The orders expected after the seat's line: "actions" ('SHIP <name>' followed by its ...). */
	const char *orders_word;
	/*
	 * {SEAT: reading} of every seat's orders against the open turn's
	 * state (stored text); seats are the env's seats as the campaign
	 * spells them. NULL with err and *code (EXIT_DATAERR: refused).
	 */
	json_t *(*read)(struct submit_envelope *env, const struct ruleset *rs,
			const char *const *seats, const char *state, const char *campaign, int turn,
			const char *name, int *code, char *err, size_t errlen);
	/* The orders as understood, every seat (i < 0) or seat i: new text, NULL on no memory. */
	char *(*understood)(const struct submit_envelope *env, int i);
	/* What the receipt says of the orders beyond the judge's data (Hovercrafts: "ships"). */
	int (*receipt)(const struct submit_envelope *env, json_t *data);
	void (*release)(struct submit_envelope *env);
};

/* One turn being resolved. */
struct play_turn {
	struct db *db;
	struct db_campaign *c;		/* the steps may set status and result */
	const struct judge_settings *s;
	const struct db_turn *t;
	const struct ruleset *rs;
	const char *now_text;
	time_t now;
	void *game;			/* the steps' own (begin to end) */
};

struct play_steps {
	/* Reads the stored state its own way: 0, or -1 with err. */
	int (*begin)(struct play_turn *pt, char *err, size_t errlen);
	void (*end)(struct play_turn *pt);
	/*
	 * {SEAT: orders} from the turn's current orders when some were sealed
	 * without their reading (before readings were stored); NULL with err.
	 */
	json_t *(*plan)(struct play_turn *pt, const struct db_order *o, size_t n, char *err,
			size_t errlen);
	/* The turn played: the state after as stored text (new), or NULL with err. */
	char *(*resolve)(struct play_turn *pt, const json_t *plan, char *err, size_t errlen);
	/* The outcome stored beside the state (events, dice, records). A db code. */
	int (*store)(struct play_turn *pt, char *err, size_t errlen);
	/* The game is over: the campaign's status and result. A db code. */
	int (*over)(struct play_turn *pt, char *err, size_t errlen);
	/* The reports of the turn queued; deadline the next turn's (0: over). A db code. */
	int (*queue)(struct play_turn *pt, time_t deadline, char *err, size_t errlen);
	/* Its orders text, when it is not the judge's envelope; NULL: the envelope. */
	const struct play_form *form;
};

/* The steps of a game, or NULL when the driver does everything. */
const struct play_steps *play_steps_of(const struct ruleset *rs);

extern const struct play_steps hover_steps;

#endif
