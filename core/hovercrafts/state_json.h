/*
 * state_json: the game state and the turn's events as JSON (jansson),
 * in the shape documented in mxjudge-adjudicate(1):
 *   {"game":"hovercrafts","turn":1,
 *    "map":{"width":7,"height":4,"walls":["C2"]},
 *    "ships":[{"name":"Minx","team":"zion","hex":"G2","facing":"W",
 *              "hull":3,"shield":1,"ballistic":1,"energy":1,
 *              "damage":0,"actions":4,"status":"active"}]}
 *
 * Ownership: functions returning json_t* give the caller a new reference
 * (json_decref it). state_from_json fills a game_state the caller releases.
 */
#ifndef MX_STATE_JSON_H
#define MX_STATE_JSON_H

#include <jansson.h>
#include <stddef.h>

#include "event.h"
#include "game.h"

/* 0, or -1 with "what: expected ..." in err (name prefixes it). */
int state_from_json(struct game_state *st, const json_t *root, const char *name,
		    char *err, size_t errlen);
json_t *state_to_json(const struct game_state *st);
/* A hex as the JSON shapes write it: its label ("C2"). */
json_t *state_hex_json(struct hex h);
json_t *event_to_json(const struct game_state *st, const struct event *e);
json_t *events_to_json(const struct game_state *st, const struct event_list *l);
/*
 * Appends to l the events of arr, as events_to_json wrote them for st
 * (ships by name): what the reports read of them. 0, or -1 with err.
 */
int events_from_json(const struct game_state *st, const json_t *arr, struct event_list *l,
		     const char *name, char *err, size_t errlen);

#endif
