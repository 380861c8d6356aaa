/*
 * mxjudge scenario list|show: the scenario files (templates/scenarios/
 * NAME.json on the templates search path; core/scenario.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "core/scenario.h"
#include "series.h"
#include "templates.h"

static int read_scenario(const char *name, struct scenario *sc, char **path_out)
{
	char *path = series_find_file("scenarios", name, "json", NULL);
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

static void list_one(void *ctx, const char *name, const char *path)
{
	struct scenario sc;
	char *p = NULL;

	(void)ctx;
	(void)path;
	if (!read_scenario(name, &sc, &p))
		printf("%-20s %s\n", name, sc.title);
	free(p);
}

static int scenario_list(struct cmd_ctx *ctx, int argc, char **argv)
{
	(void)ctx;
	(void)argv;
	if (argc != 1)
		return EXIT_USAGE;
	templates_each_file("scenarios", "json", NULL, list_one, NULL);
	return EXIT_OK;
}

static int scenario_show(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct scenario sc;
	struct strbuf sb = STRBUF_INIT;
	char *path = NULL;
	int i, ret;

	(void)ctx;
	if (argc != 2)
		return EXIT_USAGE;
	ret = read_scenario(argv[1], &sc, &path);
	if (ret)
		return ret;
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
	{ "list", "", scenario_list, 0, "list the scenarios", NULL },
	{ "show", "NAME", scenario_show, 0, "show a scenario's board, limits and goals", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
