/*
 * narrate: tells a turn's events in plain English, dice shown as in the
 * rules' sample game ("Minx, ballistic: rolled 2 -> 1 + 1 = 2").
 *
 * Ownership: narrate_json() returns a new jansson reference the caller
 * decrefs; narrate_text() appends to a strbuf the caller owns.
 */
#ifndef MX_NARRATE_H
#define MX_NARRATE_H

#include <jansson.h>

#include "event.h"
#include "game.h"
#include "lib/strbuf.h"

/*
 * The story as data: [{"phase":0|N, "lines":["...", ...]}, ...], phase 0
 * for what happens outside phases (no orders, next energy, victory).
 */
json_t *narrate_json(const struct game_state *st, const struct event_list *l);
/* The same story as text, one indented line per happening. 0 or -1. */
int narrate_text(const struct game_state *st, const struct event_list *l, struct strbuf *out);
/* "rolled 5 -> 3 + 1 = 4" */
void narrate_roll(const struct event *roll, struct strbuf *out);

#endif
