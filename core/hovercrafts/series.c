/*
 * series: Hovercrafts' pure parts of a series of battles for the judge's
 * tools: a scenario as JSON (core/hovercrafts/series.h).
 */
#include "series.h"

#include "lib/strbuf.h"

json_t *hover_scenario_json(const struct scenario *sc, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *o, *board, *goals;
	int i;

	if (sc->map == SCENARIO_MAP_NAMED)
		board = json_pack("{s:s, s:s}", "kind", "named", "map", sc->map_name);
	else if (sc->map == SCENARIO_MAP_RANDOM)
		board = json_pack("{s:s, s:i, s:i, s:f}", "kind", "random", "width", sc->width,
				  "height", sc->height, "density", sc->density / 10.0);
	else
		board = json_pack("{s:s}", "kind", "campaign");
	goals = json_array();
	for (i = 0; goals && i < sc->rules.ngoals; i++) {
		strbuf_reset(&sb);
		scenario_goal_text(&sc->rules.goals[i], &sb);
		json_array_append_new(goals, json_string(strbuf_str(&sb)));
	}
	strbuf_release(&sb);
	/* turn_limit 0: no limit, and at_limit null. */
	o = json_pack("{s:s, s:s, s:s?, s:o?, s:i, s:i, s:i, s:s?, s:o?, s:s}", "name", sc->name,
		      "title", sc->title, "description", sc->description[0] ? sc->description : NULL,
		      "board", board, "ships_min", sc->team_min, "ships_max", sc->team_max,
		      "turn_limit", sc->rules.turn_limit,
		      "at_limit", !sc->rules.turn_limit ? NULL : sc->rules.at_limit == WINNER_DRAW ? "draw"
		      : sc->rules.at_limit == WINNER_ZION ? "zion" : "machines",
		      "goals", goals, "file", path);
	return o;
}
