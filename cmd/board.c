/*
 * mxjudge board: a campaign's board as its game draws it, from one seat's
 * view or the public's, as SVG or PNG (judge/picture.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "target.h"
#include "db/db.h"
#include "judge/judge.h"
#include "judge/picture.h"

#define BOARD_USAGE "NAME [--turn N] [--seat SEAT] (--svg | --png) [-o FILE]"

/* --svg or --png, its first letter kept: the two say different things. */
static int one_format(const struct cmd_opt *o, const char *value)
{
	int *format = o->out;

	(void)value;
	if (*format && *format != o->name[0]) {
		cmd_error("board: --svg or --png, not both");
		return -1;
	}
	*format = o->name[0];
	return 0;
}

static int board_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct cmd_target t;
	struct strbuf svg = STRBUF_INIT;
	unsigned char *png = NULL;
	const char *seat = NULL, *out = NULL;
	const void *data;
	char err[1024];
	size_t len = 0;
	long turn = -1;
	int format = 0, rc, ret = EXIT_FAIL;
	const struct cmd_opt opts[] = {
		CMD_CHECK("turn", cmd_opt_turn, &turn),
		CMD_VALUE("seat", &seat),
		CMD_CHECK_FLAG("svg", one_format, &format),
		CMD_CHECK_FLAG("png", one_format, &format),
		CMD_VALUE_SHORT("output", 'o', &out),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc - 1)
		return EXIT_USAGE;
	if (!format) {
		cmd_error("board: say --svg or --png");
		return EXIT_USAGE;
	}
	if ((ret = cmd_target(ctx, argv[optind], NULL, CMD_TARGET_CAMPAIGN, &t)))
		return ret;
	ret = EXIT_FAIL;
	rc = format == 's' ? picture_svg(ctx->db, &t.c, (int)turn, seat, &svg, err, sizeof(err))
			   : picture_png(ctx->db, &t.c, (int)turn, seat, &png, &len, err, sizeof(err));
	if (rc == 1) {
		cmd_error("campaign '%s': its game (%s) draws no picture", t.c.name,
			  t.c.ruleset[0] ? t.c.ruleset : "hovercrafts");
		ret = EXIT_DATAERR;
		goto out;
	}
	if (rc) {
		cmd_error("%s", err);
		/* What was asked does not exist (a turn, a seat); else the drawing failed. */
		ret = strstr(err, " has no ") || strstr(err, "not resolved") ? EXIT_DATAERR : EXIT_FAIL;
		goto out;
	}
	data = format == 's' ? (const void *)strbuf_str(&svg) : (const void *)png;
	if (format == 's')
		len = svg.len;
	if (out && strcmp(out, "-")) {
		if (picture_write_file(out, data, len, err, sizeof(err))) {
			cmd_error("%s", err);
			goto out;
		}
	} else if (cmd_write_stdout(data, len)) {
		goto out;
	}
	ret = EXIT_OK;
out:
	free(png);
	strbuf_release(&svg);
	cmd_target_release(ctx, &t);
	return ret;
}

const struct cmd board_cmd[] = {
	{ "board", BOARD_USAGE, board_run, NEED_DB,
	  "draw a campaign's board as SVG or PNG, from a seat's view or the public's", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
