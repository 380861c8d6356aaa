/*
 * mxjudge orders submit|check: a captain's orders, read from a file or a
 * pasted mail, checked against the campaign, the password, the open turn
 * and the rules; submit seals them (stored with a SHA-256 digest and the
 * time, answered with a receipt), check stores nothing.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "judge/submit.h"
#include "judge/timeutil.h"

static int orders_run(struct cmd_ctx *ctx, int argc, char **argv, int store)
{
	const char *now_arg = NULL, *path = "-";
	struct submit_result res;
	char err[512], *text;
	int ret;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (argc - optind > 1)
		return EXIT_USAGE;
	if (optind < argc)
		path = argv[optind];
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	text = cmd_read_file(path, NULL, err, sizeof(err));
	if (!text) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	ret = submit_orders(ctx->db, text, strcmp(path, "-") ? path : "<stdin>", NULL, now, store,
			    &res);
	if (ret)
		cmd_error("%s", res.error);
	else if (!ctx->quiet && store && res.receipt)
		fputs(res.receipt, stdout);
	else if (!ctx->quiet && store)
		printf("These orders were sealed before; nothing stored again.\n");
	else if (!ctx->quiet)
		printf("Orders for turn %d of %s are valid (checked, not stored).\n"
		       "Deadline: %s\n\n%s", res.turn, res.campaign, res.deadline, res.understood);
	submit_result_release(&res);
	free(text);
	return ret;
}

static int orders_submit(struct cmd_ctx *ctx, int argc, char **argv)
{
	return orders_run(ctx, argc, argv, 1);
}

static int orders_check(struct cmd_ctx *ctx, int argc, char **argv)
{
	return orders_run(ctx, argc, argv, 0);
}

const struct cmd orders_cmds[] = {
	{ "submit", "[FILE|-] [--now TIME]", orders_submit, NEED_DB,
	  "seal a captain's orders for the open turn and print the receipt", NULL },
	{ "check", "[FILE|-] [--now TIME]", orders_check, NEED_DB,
	  "check orders as submit would, storing nothing", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
