/*
 * turn: resolves one Hovercrafts turn, a pure function of
 * (state, orders, dice) -> (state', events). See the rulings, sections 3-9.
 *
 * Ownership: turn_resolve() changes *st in place and appends to *events;
 * on failure (a die could not be had) *st is unspecified, so callers
 * resolve a copy. Plans are borrowed.
 */
#ifndef MX_TURN_H
#define MX_TURN_H

#include "dice.h"
#include "event.h"
#include "game.h"
#include "orders.h"

/* received: no moves received, the autopilot (core/hovercrafts/bot.h) planned the actions. */
#define TURN_AUTOPILOT 2

struct turn_plan {
	int received;		/* 0: no moves received, idle all turn; TURN_AUTOPILOT */
	int n;
	enum action act[ORDERS_MAX_ACTIONS];
	int agreed;		/* the judge's agreement (a vote), no plan: TURN_AGREED_*, or 0 */
};

/* Plans for every ship of st (nships entries) from parsed orders. */
void turn_plans_from_orders(const struct game_state *st,
			    const struct orders_doc *doc,
			    struct turn_plan *plans);

/*
 * Plays every phase, checks victory, then rolls next turn's energy for the
 * active ships and advances st->turn. The phases run 1 .. the most actions
 * any active ship may order (rulings 3.4), or under st->rules_version
 * GAME_RULES_LONGEST_LIST 1 .. the longest plan. 0 or -1 with err.
 */
int turn_resolve(struct game_state *st, const struct turn_plan *plans,
		 struct dice_source *dice, struct event_list *events,
		 char *err, size_t errlen);

/*
 * The captains agreed to end the battle (VOTE by mail): what is "draw"
 * (every active ship agreed: the rulings' draw, 9) or "concede" (every
 * active ship of one side gave up: the other side wins). agreed[i] marks
 * the ships that agreed. Ends the turn as a victory does: an EV_VICTORY
 * with score TURN_AGREED_DRAW or TURN_AGREED_CONCEDE, no actions left,
 * st->turn advanced. 0, or -1 with why the ships cannot agree to it.
 */
#define TURN_AGREED_DRAW 1
#define TURN_AGREED_CONCEDE 2
int turn_agree(struct game_state *st, const char *what, const unsigned char *agreed,
	       struct event_list *events, char *err, size_t errlen);

/* Energy checks for every active ship (start of game, end of turn). */
int turn_roll_energy(struct game_state *st, struct dice_source *dice,
		     struct event_list *events, char *err, size_t errlen);

#endif
