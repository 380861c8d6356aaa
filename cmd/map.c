/*
 * mxjudge map generate|show|list: boards as text (judge/series.h). generate
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
#include "judge/judge.h"
#include "judge/series.h"
#include "judge/templates.h"

static int print_map(struct series_map *m, int json)
{
	if (json) {
		json_t *j = m->json;

		m->json = NULL;		/* cmd_print_json drops it */
		return cmd_print_json(j, 0);
	}
	fputs(m->text, stdout);
	return EXIT_OK;
}

/* --width (from 2) and --height (from 1): refused without a word past the map's side. */
static int map_side(const struct cmd_opt *o, const char *value)
{
	return cmd_parse_int(value, o->name[0] == 'w' ? 2 : 1, SERIES_MAX_SIDE, o->out) ? -1 : 0;
}

/* --density P: a percentage, in tenths of one. */
static int map_density(const struct cmd_opt *o, const char *value)
{
	char *end;
	double d = strtod(value, &end);

	if (end == value || (*end && strcmp(end, "%")) || d < 0 || d > SERIES_MAX_DENSITY / 10.0) {
		cmd_error("--density: expected a percentage from 0 to %d, got '%s'",
			  SERIES_MAX_DENSITY / 10, value);
		return -1;
	}
	*(int *)o->out = (int)(d * 10 + 0.5);
	return 0;
}

static int map_generate_cmd(struct cmd_ctx *ctx, int argc, char **argv)
{
	long w = 0, h = 0;
	int density = 100, json = 0, ret;
	uint64_t seed = 1;
	struct series_map m;
	char err[512];
	const struct cmd_opt opts[] = {
		CMD_CHECK("width", map_side, &w),
		CMD_CHECK("height", map_side, &h),
		CMD_CHECK("density", map_density, &density),
		CMD_CHECK("seed", cmd_opt_seed, &seed),
		CMD_FLAG("json", &json),
		CMD_END
	};

	(void)ctx;
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!w || !h || optind != argc)
		return EXIT_USAGE;
	if (series_map_generate((int)w, (int)h, density, seed, &m, err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	ret = print_map(&m, json);
	series_map_release(&m);
	return ret;
}

static int map_show_cmd(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct series_map m;
	char err[512];
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
	if (series_map_read(argv[optind], hexes, &m, err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	if (hexes) {
		fputs(m.hexes, stdout);
		ret = EXIT_OK;
	} else {
		ret = print_map(&m, json);
	}
	if (!json && !ctx->quiet)
		fprintf(stderr, "mxjudge: %d x %d board%s; %s\n", m.width, m.height,
			m.zones ? " with start zones" : "",
			m.connected ? "the two sides can reach each other"
				    : "WARNING: no wall-free path joins the two sides");
	series_map_release(&m);
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
