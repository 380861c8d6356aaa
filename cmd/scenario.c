/*
 * mxjudge scenario list|show: the scenario files (templates/scenarios/
 * NAME.json on the templates search path; core/hovercrafts/scenario.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "core/hovercrafts/scenario.h"
#include "series.h"
#include "judge/templates.h"

static int read_scenario(const char *name, struct scenario *sc, char **path_out)
{
	char *path = series_find_file("hovercrafts/scenarios", name, "json", NULL);
	json_error_t jerr;
	json_t *root;
	char err[512];
	int rc;

	if (!path) {
		cmd_error("no scenario named '%s' (see 'mxjudge scenario list')", name);
		return EXIT_DATAERR;
	}
	root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		cmd_error("%s:%d: expected valid JSON: %s", path, jerr.line, jerr.text);
		free(path);
		return EXIT_DATAERR;
	}
	rc = scenario_parse(sc, root, name, err, sizeof(err));
	json_decref(root);
	if (rc) {
		cmd_error("%s: %s", path, err);
		free(path);
		return EXIT_DATAERR;
	}
	*path_out = path;
	return 0;
}

/* arr: the --json array to fill, or NULL to print a line. */
static void list_one(void *arr, const char *name, const char *path)
{
	struct scenario sc;
	char *p = NULL;

	if (!read_scenario(name, &sc, &p) && arr)
		json_array_append_new(arr, json_pack("{s:s, s:s, s:s}", "name", name, "title",
						     sc.title, "path", path));
	else if (p)
		printf("%-20s %s\n", name, sc.title);
	free(p);
}

/* "[--json]" alone: 1 for --json, 0 without, -1 for anything else. */
static int json_flag(int argc, char **argv, int first)
{
	if (argc == first)
		return 0;
	return argc == first + 1 && !strcmp(argv[first], "--json") ? 1 : -1;
}

static int scenario_list(struct cmd_ctx *ctx, int argc, char **argv)
{
	int json = json_flag(argc, argv, 1);
	json_t *arr;

	(void)ctx;
	if (json < 0)
		return EXIT_USAGE;
	if (!json) {
		templates_each_file("hovercrafts/scenarios", "json", NULL, list_one, NULL);
		return EXIT_OK;
	}
	arr = json_array();
	if (arr)
		templates_each_file("hovercrafts/scenarios", "json", NULL, list_one, arr);
	return cmd_print_json(arr, JSON_PRESERVE_ORDER);
}

/* The scenario as `scenario show --json` prints it. */
static json_t *scenario_json(const struct scenario *sc, const char *path)
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

static int scenario_show(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct scenario sc;
	struct strbuf sb = STRBUF_INIT;
	char *path = NULL;
	int i, ret, json = 0;

	(void)ctx;
	/* NAME and --json, in either order. */
	if (argc == 3 && !strcmp(argv[1], "--json")) {
		json = 1;
		argv[1] = argv[2];
	} else if (argc == 3 && !strcmp(argv[2], "--json")) {
		json = 1;
	} else if (argc != 2) {
		return EXIT_USAGE;
	}
	ret = read_scenario(argv[1], &sc, &path);
	if (ret)
		return ret;
	if (json) {
		ret = cmd_print_json(scenario_json(&sc, path), JSON_PRESERVE_ORDER);
		free(path);
		return ret;
	}
	printf("Scenario %s: %s\n", sc.name, sc.title);
	if (sc.description[0])
		printf("  %s\n", sc.description);
	if (sc.map == SCENARIO_MAP_NAMED)
		printf("  board:      the map %s\n", sc.map_name);
	else if (sc.map == SCENARIO_MAP_RANDOM)
		printf("  board:      random, %d x %d, %d.%d%% walls\n", sc.width, sc.height,
		       sc.density / 10, sc.density % 10);
	else
		printf("  board:      the campaign's own\n");
	printf("  ships:      %d to %d a side\n", sc.team_min, sc.team_max);
	if (sc.rules.turn_limit)
		printf("  turn limit: %d (then %s)\n", sc.rules.turn_limit,
		       sc.rules.at_limit == WINNER_DRAW ? "a draw"
		       : sc.rules.at_limit == WINNER_ZION ? "Zion wins" : "the Machines win");
	for (i = 0; i < sc.rules.ngoals; i++) {
		strbuf_reset(&sb);
		scenario_goal_text(&sc.rules.goals[i], &sb);
		printf("  goal:       %s\n", strbuf_str(&sb));
	}
	printf("  and always: a side with every enemy ship out wins\n  file:       %s\n", path);
	strbuf_release(&sb);
	free(path);
	return EXIT_OK;
}

const struct cmd scenario_cmds[] = {
	{ "list", "[--json]", scenario_list, 0, "list the scenarios", NULL },
	{ "show", "NAME [--json]", scenario_show, 0, "show a scenario's board, limits and goals", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
