/*
 * mxjudge report: a resolved turn's report, the bulletin or one
 * captain's, printed or as JSON (judge/report.h plays it again).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "judge/report.h"

#define REPORT_USAGE "NAME [--turn N] [--ship NAME] [--json]"

static int report_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "turn", required_argument, NULL, 't' },
		{ "ship", required_argument, NULL, 's' },
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	const char *ship_name = NULL;
	long turn = -1;
	int opt, json = 0;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 't':
			if (cmd_parse_int(optarg, 0, 1000000, &turn) < 0) {
				cmd_error("--turn: expected a turn number from 0 (the setup), got '%s'",
					  optarg);
				return EXIT_USAGE;
			}
			break;
		case 's': ship_name = optarg; break;
		case 'j': json = 1; break;
		default: return EXIT_USAGE;
		}
	}
	if (optind != argc - 1)
		return EXIT_USAGE;
	return report_show(ctx, argv[optind], ship_name, turn, 0 + json, NULL);
}

const struct cmd report_cmd[] = {
	{ "report", REPORT_USAGE, report_run, NEED_DB,
	  "show a resolved turn's report (the bulletin, or one captain's)", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
