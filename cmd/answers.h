/*
 * answers: what the judge tells a captain whose mail it could not take
 * (cmd/receive.c): what to do now, and the order block of the open turn
 * with its CODE, so an error reply or a help can simply be answered.
 *
 * Ownership: data is the caller's; what is added to it is data's.
 */
#ifndef MX_ANSWERS_H
#define MX_ANSWERS_H

#include <jansson.h>
#include <time.h>

#include "db/db.h"

/*
 * Adds to data what captain captain_id of campaign campaign_id can do now:
 * "todo", one sentence (fix: the mail was refused, so "the corrected
 * block"); while the open turn takes orders, "blocks" (one per active
 * ship of the captain, as the report writes it: campaign, ship, code,
 * turn, deadline, actions, slots) and "has_blocks". Other games than
 * Hovercrafts get the sentence only. Returns 1 when the open turn takes
 * orders, else 0 (also when the campaign cannot be read: no sentence then).
 */
int answers_what_now(struct db *db, long long campaign_id, long long captain_id, int fix,
		     time_t now, json_t *data);

#endif
