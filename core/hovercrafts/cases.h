/*
 * cases: the rules test-case format (see mxjudge-cases(5)) and its runner.
 * A case is a pre-state, then one or more turns of orders, tagged dice
 * and expectations, like the DATC cases of Diplomacy judges:
 *
 *   case    head-on-neither-disabled
 *   ruling  5 head-on
 *   board   7x4
 *   wall    D1 D4
 *   ship    Minx   zion     C2 E  hull=3 actions=1
 *   ship   Locust machines  D2 W
 *   orders
 *     SHIP Minx
 *     MOVE
 *   dice
 *     hull Minx 4
 *   expect
 *     ship Minx C2 E damage=1
 *     rolls hull Minx, hull Locust
 *     winner none
 *   next            (another turn from the resulting state)
 *
 * Ownership: case_file owns its cases and everything in them;
 * case_file_release() frees it all. Texts handed in are only borrowed.
 */
#ifndef MX_CASES_H
#define MX_CASES_H

#include <stddef.h>

#include "game.h"
#include "lib/strbuf.h"

enum expect_kind {
	EXPECT_SHIP,
	EXPECT_WINNER,
	EXPECT_UNUSED,
	EXPECT_ERROR,
	EXPECT_SAYS,
	EXPECT_ROLLS	/* the exact order of the dice: "hull Minx, hull Locust, ..." */
};

enum expect_field {
	XF_HEX = 1 << 0,
	XF_FACING = 1 << 1,
	XF_STATUS = 1 << 2,
	XF_DAMAGE = 1 << 3,
	XF_ACTIONS = 1 << 4,
	XF_HULL = 1 << 5,
	XF_SHIELD = 1 << 6,
	XF_BALLISTIC = 1 << 7,
	XF_ENERGY = 1 << 8
};

struct case_expect {
	enum expect_kind kind;
	int line;
	char ship[SHIP_NAME_MAX];
	unsigned fields;	/* which of the below are checked */
	struct ship want;	/* pos, facing, status, damage, actions, stat[] */
	int number;		/* winner (enum winner) or unused count */
	char *text;		/* error / says substring */
};

struct case_turn {
	char *orders;		/* the orders text; its line k is the file's orders_base + k */
	char *dice;		/* the dice text; its line k is the file's dice_base + k */
	int orders_base, dice_base;
	size_t orders_len, orders_cap, dice_len, dice_cap;
	int line;		/* where this turn starts */
	struct case_expect *expect;
	size_t nexpect;
};

struct case_def {
	char name[96];
	char ruling[128];
	int line;
	struct game_state start;
	unsigned actions_given[GAME_MAX_SHIPS];	/* 1 if the case set actions= */
	struct case_turn *turns;
	size_t nturns;
};

struct case_file {
	struct case_def *cases;
	size_t n;
};

void case_file_init(struct case_file *cf);
void case_file_release(struct case_file *cf);
/* 0, or -1 with "name:line: expected ..." in err. */
int case_file_parse(struct case_file *cf, const char *text, const char *name,
		    char *err, size_t errlen);
/*
 * Runs one case. Returns 1 if it passed, 0 if it failed (why, in
 * report, one "name:line: ..." per failed expectation), -1 out of memory.
 */
int case_run(const struct case_def *c, const char *name, struct strbuf *report);

#endif
