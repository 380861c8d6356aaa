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
	const char *ship_name = NULL;
	long turn = -1;
	int json = 0;
	const struct cmd_opt opts[] = {
		CMD_CHECK("turn", cmd_opt_turn, &turn),
		CMD_VALUE("ship", &ship_name),
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc - 1)
		return EXIT_USAGE;
	return report_show(ctx, argv[optind], ship_name, turn, 0 + json, NULL);
}

const struct cmd report_cmd[] = {
	{ "report", REPORT_USAGE, report_run, NEED_DB,
	  "show a resolved turn's report (the bulletin, or one captain's)", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
