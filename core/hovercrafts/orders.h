/*
 * orders: captains' plain-text orders.
 *
 * Grammar (case-insensitive, one item per line, '#' starts a comment):
 *   SHIP <name>          opens the block of one ship
 *   UPGRADE <stat>       buys one point of hull, shield, ballistic or energy
 *                        (campaigns, between battles only; see core/hovercrafts/campaign.h)
 *   <n>- / <n>. / <n>) / <n> <action>, or just <action>
 *   GAME <name>, PASSWORD <secret>, CODE <code>, TURN <n>   (headers)
 *   END                  ends the orders; the rest is ignored
 * With ORDERS_SUBMISSION everything before the first GAME line is ignored,
 * so orders pasted into a mail reply still read.
 *
 * Ownership: an orders_doc owns its blocks; orders_doc_release() frees them.
 */
#ifndef MX_ORDERS_H
#define MX_ORDERS_H

#include <stddef.h>

#include "game.h"

enum action {
	ACT_IDLE = 0,		/* no order for this phase: not landed, shoots */
	ACT_MOVE,
	ACT_LEFT,
	ACT_RIGHT,
	ACT_LAND,
	ACT_EMP,
	ACT_REPAIR,
	ACT_COUNT
};

#define ORDERS_MAX_ACTIONS 16
#define ORDERS_MAX_UPGRADES 16
#define ORDERS_FIELD_MAX 128

enum orders_flags {
	ORDERS_PLAIN = 0,
	ORDERS_SUBMISSION = 1	/* skip lines before GAME; headers allowed */
};

struct ship_orders {
	char ship[SHIP_NAME_MAX];
	int ship_line;
	int n;
	enum action act[ORDERS_MAX_ACTIONS];
	int line[ORDERS_MAX_ACTIONS];
	int nup;			/* UPGRADE lines (between battles only) */
	enum ship_stat up[ORDERS_MAX_UPGRADES];
	int up_line[ORDERS_MAX_UPGRADES];
};

struct orders_doc {
	char game[ORDERS_FIELD_MAX];
	char password[ORDERS_FIELD_MAX];
	char code[ORDERS_FIELD_MAX];
	int turn;		/* 0 when no TURN line */
	int game_line;
	struct ship_orders *blocks;
	size_t n;
};

const char *action_name(enum action a);	/* "MOVE", ... "IDLE" */
int action_parse(const char *word);	/* accepted spellings; -1 if none */
int action_lands(enum action a);	/* LAND, EMP, REPAIR */

void orders_doc_init(struct orders_doc *doc);
void orders_doc_release(struct orders_doc *doc);

/* 0, or -1 with "name:line: ..." in err and doc left empty. */
int orders_parse(struct orders_doc *doc, const char *text, const char *name,
		 int flags, char *err, size_t errlen);
/* 1 if some line of text starts with the word SHIP (any case). */
int orders_find_ship_line(const char *text);
/* The same for text that starts after line line_offset of a larger file. */
int orders_parse_at(struct orders_doc *doc, const char *text, const char *name, int line_offset,
		    int flags, char *err, size_t errlen);

/*
 * The campaign named by the first GAME line of a submission, into buf,
 * even when the rest does not parse (so an error can still name it).
 * 0, or -1 when there is no GAME line with a name.
 */
int orders_find_game(const char *text, char *buf, size_t len);

/*
 * Checks the orders against a state: every ship known, active, ordered once,
 * at most its announced actions, at most one EMP. 0 or -1 with
 * "name:line: ..." in err.
 */
int orders_validate(const struct orders_doc *doc, const struct game_state *st,
		    const char *name, char *err, size_t errlen);

/* 1 if any block has UPGRADE lines. */
int orders_has_upgrades(const struct orders_doc *doc);

/* The orders text as the judge understood it (for receipts). Caller frees. */
char *orders_format(const struct ship_orders *so);

#endif
