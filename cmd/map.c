/*
 * mxjudge map generate|show|list: boards as text (core/hovercrafts/map.h). generate
 * draws a random board from a seed, always crossable; show reads a map
 * file (or a shipped map by name), checks it, and prints it as text and
 * as hexes.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "core/hovercrafts/hexmap.h"
#include "core/hovercrafts/map.h"
#include "core/hovercrafts/scenario.h"
#include "core/hovercrafts/setup.h"
#include "judge/judge.h"
#include "series.h"
#include "judge/templates.h"

static int print_map(const struct map_def *m, int json)
{
	struct strbuf sb = STRBUF_INIT;

	if (json)
		return cmd_print_json(map_to_json(m), 0);
	map_format_text(m, &sb);
	fputs(strbuf_str(&sb), stdout);
	strbuf_release(&sb);
	return EXIT_OK;
}

/* --width (from 2) and --height (from 1): refused without a word past the map's side. */
static int map_side(const struct cmd_opt *o, const char *value)
{
	return cmd_parse_int(value, o->name[0] == 'w' ? 2 : 1, MAP_MAX_SIDE, o->out) ? -1 : 0;
}

/* --density P: a percentage, in tenths of one. */
static int map_density(const struct cmd_opt *o, const char *value)
{
	char *end;
	double d = strtod(value, &end);

	if (end == value || (*end && strcmp(end, "%")) || d < 0 || d > SETUP_MAX_DENSITY / 10.0) {
		cmd_error("--density: expected a percentage from 0 to %d, got '%s'",
			  SETUP_MAX_DENSITY / 10, value);
		return -1;
	}
	*(int *)o->out = (int)(d * 10 + 0.5);
	return 0;
}

static int map_seed(const struct cmd_opt *o, const char *value)
{
	if (judge_parse_u64(value, o->out)) {
		cmd_error("--seed: expected a number from 0 to 2^64-1, got '%s'", value);
		return -1;
	}
	return 0;
}

static int map_generate_cmd(struct cmd_ctx *ctx, int argc, char **argv)
{
	long w = 0, h = 0;
	int density = 100, json = 0, ret;
	uint64_t seed = 1;
	struct map_def m;
	char err[512];
	const struct cmd_opt opts[] = {
		CMD_CHECK("width", map_side, &w),
		CMD_CHECK("height", map_side, &h),
		CMD_CHECK("density", map_density, &density),
		CMD_CHECK("seed", map_seed, &seed),
		CMD_FLAG("json", &json),
		CMD_END
	};

	(void)ctx;
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!w || !h || optind != argc)
		return EXIT_USAGE;
	if (map_generate(&m, (int)w, (int)h, density, seed, err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	ret = print_map(&m, json);
	map_def_release(&m);
	return ret;
}

static int map_show_cmd(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct map_def m;
	char err[512], *text, *found = NULL;
	const char *path;
	int json = 0, hexes = 0, ret;
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_FLAG("hexes", &hexes),
		CMD_END
	};

	(void)ctx;
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 != argc)
		return EXIT_USAGE;
	path = argv[optind];
	/* A plain name that is not a file: a shipped map. */
	if (!strchr(path, '/') && access(path, F_OK) && scenario_name_ok(path)) {
		found = series_find_file("hovercrafts/maps", path, "map", NULL);
		if (!found) {
			cmd_error("no map file or shipped map named '%s' (see 'mxjudge map list')", path);
			return EXIT_DATAERR;
		}
		path = found;
	}
	text = cmd_read_file(path, NULL, err, sizeof(err));
	if (!text) {
		cmd_error("%s", err);
		free(found);
		return EXIT_DATAERR;
	}
	ret = map_parse_text(&m, text, path, err, sizeof(err));
	free(text);
	free(found);
	if (ret) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	if (hexes) {
		struct game_state st;
		struct hexmap_options mopt = { 1, 0 };
		struct strbuf sb = STRBUF_INIT;

		game_state_init(&st);
		st.map = m.map;
		ret = hexmap_render(&st, &mopt, &sb) < 0 ? EXIT_FAIL : EXIT_OK;
		fputs(strbuf_str(&sb), stdout);
		strbuf_release(&sb);
	} else {
		ret = print_map(&m, json);
	}
	if (!json && !ctx->quiet)
		fprintf(stderr, "mxjudge: %d x %d board%s; %s\n", m.map.width, m.map.height,
			map_has_zones(&m) ? " with start zones" : "",
			map_connected(&m) ? "the two sides can reach each other"
					  : "WARNING: no wall-free path joins the two sides");
	map_def_release(&m);
	return ret;
}

/* arr: the --json array to fill, or NULL to print a line. */
static void list_one(void *arr, const char *name, const char *path)
{
	if (arr)
		json_array_append_new(arr, json_pack("{s:s, s:s}", "name", name, "path", path));
	else
		printf("%-20s %s\n", name, path);
}

static int map_list_cmd(struct cmd_ctx *ctx, int argc, char **argv)
{
	json_t *arr = NULL;

	(void)ctx;
	if (argc == 2 && !strcmp(argv[1], "--json"))
		arr = json_array();
	else if (argc != 1)
		return EXIT_USAGE;
	templates_each_file("hovercrafts/maps", "map", NULL, list_one, arr);
	if (argc == 1)
		return EXIT_OK;
	return cmd_print_json(arr, JSON_PRESERVE_ORDER);
}

const struct cmd map_cmds[] = {
	{ "generate", "--width W --height H [--density P] [--seed N] [--json]", map_generate_cmd, 0,
	  "draw a random board, always crossable", NULL },
	{ "show", "FILE|NAME [--json | --hexes]", map_show_cmd, 0,
	  "check a map file and print it", NULL },
	{ "list", "[--json]", map_list_cmd, 0, "list the shipped maps", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
