/*
 * mxjudge scenario list|show: the scenario files (templates/scenarios/
 * NAME.json on the templates search path), read by judge/series.h.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "judge/series.h"
#include "judge/templates.h"

/* arr: the --json array to fill, or NULL to print a line. */
static void list_one(void *arr, const char *name, const char *path)
{
	char err[1024];
	json_t *sc = series_scenario(name, err, sizeof(err));
	const char *title = json_string_value(json_object_get(sc, "title"));

	if (!sc)
		cmd_error("%s", err);
	else if (arr)
		json_array_append_new(arr, json_pack("{s:s, s:s, s:s}", "name", name, "title",
						     title, "path", path));
	else
		printf("%-20s %s\n", name, title);
	json_decref(sc);
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

/* The number of o's key, as an int. */
static int num(const json_t *o, const char *key)
{
	return (int)json_integer_value(json_object_get(o, key));
}

static int scenario_show(struct cmd_ctx *ctx, int argc, char **argv)
{
	char err[1024];
	const char *kind, *desc, *at;
	json_t *sc, *board, *goal;
	size_t i;
	int density, json = 0;

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
	if (!(sc = series_scenario(argv[1], err, sizeof(err)))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	if (json)
		return cmd_print_json(sc, JSON_PRESERVE_ORDER);
	board = json_object_get(sc, "board");
	kind = json_string_value(json_object_get(board, "kind"));
	desc = json_string_value(json_object_get(sc, "description"));
	printf("Scenario %s: %s\n", json_string_value(json_object_get(sc, "name")),
	       json_string_value(json_object_get(sc, "title")));
	if (desc)
		printf("  %s\n", desc);
	if (!strcmp(kind, "named")) {
		printf("  board:      the map %s\n", json_string_value(json_object_get(board, "map")));
	} else if (!strcmp(kind, "random")) {
		/* Permille, as the scenario holds it: "12.5%". */
		density = (int)(json_real_value(json_object_get(board, "density")) * 10 + 0.5);
		printf("  board:      random, %d x %d, %d.%d%% walls\n", num(board, "width"),
		       num(board, "height"), density / 10, density % 10);
	} else {
		printf("  board:      the campaign's own\n");
	}
	printf("  ships:      %d to %d a side\n", num(sc, "ships_min"), num(sc, "ships_max"));
	if (num(sc, "turn_limit")) {
		at = json_string_value(json_object_get(sc, "at_limit"));
		printf("  turn limit: %d (then %s)\n", num(sc, "turn_limit"),
		       !strcmp(at, "draw") ? "a draw" : !strcmp(at, "zion") ? "Zion wins"
		       : "the Machines win");
	}
	json_array_foreach(json_object_get(sc, "goals"), i, goal)
		printf("  goal:       %s\n", json_string_value(goal));
	printf("  and always: a side with every enemy ship out wins\n  file:       %s\n",
	       json_string_value(json_object_get(sc, "file")));
	json_decref(sc);
	return EXIT_OK;
}

const struct cmd scenario_cmds[] = {
	{ "list", "[--json]", scenario_list, 0, "list the scenarios", NULL },
	{ "show", "NAME [--json]", scenario_show, 0, "show a scenario's board, limits and goals", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
