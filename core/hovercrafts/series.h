/*
 * series: Hovercrafts' pure parts of a series of battles that the judge's
 * tools show (judge/series.c reads the files; cmd/ prints): a scenario as
 * JSON, its board, sizes, turn limit and goals in words.
 *
 * Ownership: a json_t * returned is a new reference for the caller.
 */
#ifndef MX_HOVER_SERIES_H
#define MX_HOVER_SERIES_H

#include <jansson.h>

#include "scenario.h"

/*
 * The scenario as `scenario show --json` prints it: {"name", "title",
 * "description"?, "board": {"kind": "named"|"random"|"campaign", ...},
 * "ships_min", "ships_max", "turn_limit", "at_limit"?, "goals": [TEXT],
 * "file": path}. NULL when out of memory.
 */
json_t *hover_scenario_json(const struct scenario *sc, const char *path);

#endif
