/*
 * report: the data model every turn report, bulletin and `report --json`
 * is made from (documented in mxjudge-templates(5)). Pure: it takes the
 * resolved turn and the words the caller already formatted (times in the
 * campaign's zone) and returns JSON for the templates.
 *
 * Ownership: report_model() returns a new reference the caller decrefs;
 * report_for_captain() adds to the model it is given. Inputs are borrowed.
 */
#ifndef MX_REPORT_H
#define MX_REPORT_H

#include <jansson.h>

#include "event.h"
#include "game.h"
#include "turn.h"

struct report_input {
	const char *campaign;
	int turn;				/* the turn that was resolved */
	const struct game_state *before;	/* state before; with phase_maps only */
	const struct game_state *after;		/* state after the turn */
	int phase_maps;				/* a board after each phase where ships moved */
	const struct event_list *events;
	const struct turn_plan *plans;		/* orders revealed, per ship; may be NULL */
	const char *resolved_at;		/* already in the campaign's zone */
	const char *deadline;			/* next deadline, or NULL when over */
	const char *const *captains;		/* per ship index; may be NULL */
};

json_t *report_model(const struct report_input *in);
/*
 * Adds ship `ship` to the model's "captain" part ({"name", "ships": [...]}),
 * creating it: the ship's actions, order slots and order code. A captain
 * of several ships gets one entry each. 0 or -1.
 */
int report_for_captain(json_t *model, const struct game_state *after, int ship,
		       const char *captain, const char *code);
/* "MOVE (M, F, FORWARD), LEFT (L), ..." */
const char *report_spellings(void);
/* The headline of a battle the captains ended by a vote (turn_agree), or NULL. */
const char *report_agreed_line(const struct event_list *ev);

#endif
