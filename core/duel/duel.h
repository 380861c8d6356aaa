/*
 * duel: the rules of the Matrix card duel (rulings sections 5-16) on the
 * plain structs of state.h: the orders of one side as a struct, the turn,
 * the setup, the bots. Pure: dice and shuffles come through a duel_dice,
 * events and story go to JSON arrays only when the caller gives them (the
 * simulate loop gives none and allocates nothing).
 *
 * Ownership: a duel_play borrows its state, tables and arrays; orders are
 * plain values.
 */
#ifndef MX_DUEL_H
#define MX_DUEL_H

#include <jansson.h>
#include <stdint.h>

#include "core/draw.h"
#include "deck.h"
#include "lib/strbuf.h"
#include "state.h"

#define DUEL_HAND_LIMIT 10	/* 6.2 */
#define DUEL_HAND_START 8	/* 3.3 */
#define DUEL_ROUNDS 10		/* 9.6: Combat and Escape numbers 1..10 */
#define DUEL_WIN_MP_AT 20	/* 13.2 */
#define DUEL_WIN_TIME_AT 20	/* 13.3 */
#define DUEL_LIST_MAX 48	/* entries of one order list */
#define DUEL_SLOT_MAX 16	/* cards for one contest and number */

/* The name classes of both decks: cards sharing a name share a class (14.3). */
struct duel_tables {
	struct duel_deck decks[DUEL_SIDES];
	uint8_t cls[DUEL_SIDES][DUEL_DECK_MAX];	/* the first card of the same name */
	uint8_t copies[DUEL_SIDES][DUEL_DECK_MAX];	/* per class: copies in the deck list */
};
void duel_tables_init(struct duel_tables *t);	/* after decks[] are set */

/* A card reference: a card (by id) or any copy of a name (its class). */
struct duel_ref {
	uint8_t card;		/* deck index; by name: the class */
	uint8_t by_name;
};

struct duel_commit {
	struct duel_ref card;
	struct duel_ref target;	/* ON: an opponent's character */
	uint8_t has_target;
};

enum duel_choice { DUEL_CHOICE_DRAW, DUEL_CHOICE_TAKE, DUEL_CHOICE_RECALL };
enum duel_op { DUEL_OP_DEPLOY, DUEL_OP_PLUG, DUEL_OP_UNPLUG };

struct duel_switch {
	uint8_t op;		/* enum duel_op */
	uint8_t all;
	struct duel_ref ref;
};

struct duel_list {
	uint8_t n;
	struct duel_ref r[DUEL_LIST_MAX];
};

struct duel_orders {
	int side;
	struct duel_list discard;
	int choice;			/* enum duel_choice */
	struct duel_ref choice_ref;
	uint8_t nswitch;
	struct duel_switch sw[DUEL_LIST_MAX];
	int has_mission;		/* 0: BASIC */
	struct duel_ref mission;
	uint8_t nplay[DUEL_CONTESTS][DUEL_ROUNDS];
	struct duel_commit play[DUEL_CONTESTS][DUEL_ROUNDS][DUEL_SLOT_MAX];
	int exit_all;
	struct duel_list exit;
	struct duel_list casualties;
};
void duel_orders_init(struct duel_orders *o, int side);

/* Dice and shuffles (16): faces 1..10; a shuffle reorders cards[0..n-1] (0 the top). */
struct duel_dice {
	int (*d10)(void *ctx, int contest, int side, int *face, char *err, size_t errlen);
	int (*shuffle)(void *ctx, int side, const struct duel_deck *deck, uint8_t *cards, int n,
		       char *err, size_t errlen);
	void *ctx;
};
/* The judge's draw source: "d10 CONTEST SIDE" from "open", "shuffle SIDE" from "sealed/cards". */
struct duel_dice duel_dice_of_source(struct draw_source *src);

struct duel_play {
	struct duel_state *st;
	const struct duel_tables *t;
	struct duel_dice dice;
	json_t *events, *story;		/* NULL: nothing is told */
	const char *seat[DUEL_SIDES];	/* the seats' names, for private events */
	uint8_t neut[DUEL_SIDES][DUEL_DECK_MAX];	/* neutralized this turn (10.2) */
	char err[256];
};

/* Section 3 on a state whose decks are set and whose zones are empty: 0 or -1 (p->err). */
int duel_setup(struct duel_play *p);
/* One turn (5): 0, or -1 with p->err. The state is changed in place. */
int duel_play_turn(struct duel_play *p, const struct duel_orders o[DUEL_SIDES]);

/*
 * The orders of side from lines [{"line": N, "text": "..."}] (14): 0, or
 * -1 with "name:LINE: ..." in err. The state is the one the orders are for.
 */
int duel_orders_parse(const struct duel_state *st, const struct duel_tables *t, int side,
		      const json_t *lines, const char *name, struct duel_orders *o, char *err,
		      size_t errlen);
/* The order lines of a text: envelope lines (GAME, SIDE, ..., END) left out. NULL: no memory. */
json_t *duel_order_lines(const char *text, char *side_word, size_t side_len, int *side_line);
/* Orders as text the parser reads back the same (cards by id). */
void duel_orders_format(const struct duel_state *st, const struct duel_orders *o,
			struct strbuf *out);

enum duel_policy { DUEL_GREEDY, DUEL_RANDOM };
/* The bots of the balance table (notes 4): orders for side from what it may see. */
void duel_bot(const struct duel_state *st, const struct duel_tables *t, int side, int policy,
	      struct draw_rng *rng, struct duel_orders *o);

/*
 * The state as text for seat (DUEL_HUMANS, DUEL_MACHINES, -1 the public,
 * DUEL_SIDES the game master): rulings 15's report, appended to sb.
 */
void duel_report(const struct duel_state *st, int seat, struct strbuf *sb);

/* Helpers the modules share. */
int duel_ref_match(const struct duel_tables *t, int side, struct duel_ref r, int card);
int duel_in_matrix(const struct duel_state *st, int side, int slot);
int duel_card_realm_matrix(const struct duel_card *c, int plugged);

#endif
