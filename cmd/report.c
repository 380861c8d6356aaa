/*
 * mxjudge report: a resolved turn as the captains read it. The turn is
 * played again from its stored inputs (state before, sealed orders, seed),
 * which a pure engine makes exact, and the replay must match what was
 * stored; the result feeds the same data model the mailed reports use.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "play.h"
#include "core/hovercrafts/report.h"
#include "core/hovercrafts/state_json.h"
#include "judge.h"
#include "reporting.h"
#include "lib/strbuf.h"
#include "templates.h"
#include "timeutil.h"

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
	struct judge_settings s;
	struct db_campaign c;
	struct turn_replay r;
	struct strbuf out = STRBUF_INIT;
	json_t *model = NULL;
	char err[1024];
	long turn = -1;
	int opt, json = 0, rc = EXIT_FAIL, drc;

	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	turn_replay_init(&r);
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 't':
			if (cmd_parse_int(optarg, 1, 1000000, &turn) < 0) {
				cmd_error("--turn: expected a turn number from 1, got '%s'", optarg);
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
	drc = db_campaign_get(ctx->db, argv[optind], &c, err, sizeof(err));
	if (drc == DB_NOT_FOUND) {
		judge_no_campaign(ctx->db, argv[optind]);
		rc = EXIT_DATAERR;
		goto out;
	}
	if (drc) {
		cmd_error("%s", err);
		rc = judge_db_exit(drc);
		goto out;
	}
	if (judge_settings_parse(&s, c.settings, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", c.name, err);
		goto out;
	}
	if (play_is_generic(c.ruleset)) {
		rc = play_report(ctx, &c, &s, ship_name, turn, json);
		goto out;
	}
	if (turn < 0) {
		/* The last resolved turn: the open one is not told before it is played. */
		turn = !strcmp(c.status, "finished") || !strcmp(c.status, "open") ? c.turn
		       : c.turn - 1;
		if (turn < 1) {
			cmd_error("campaign '%s' has no resolved turn yet", c.name);
			rc = EXIT_DATAERR;
			goto out;
		}
	}
	rc = reporting_replay(ctx->db, &c, (int)turn, &r, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		goto out;
	}
	rc = EXIT_FAIL;
	model = reporting_model(ctx->db, &c, &s, &r, err, sizeof(err));
	if (!model) {
		cmd_error("%s", err);
		goto out;
	}
	if (ship_name) {
		int idx = game_find_ship(&r.after, ship_name);

		if (idx < 0) {
			cmd_error("campaign '%s' has no ship named '%s'", c.name, ship_name);
			rc = EXIT_DATAERR;
			goto out;
		}
		if (reporting_for_ship(ctx->db, &c, model, &r.after, idx, r.turn.number + 1, err,
				       sizeof(err))) {
			cmd_error("%s", err);
			goto out;
		}
	}
	if (json) {
		if (json_dumpf(model, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) < 0)
			goto out;
		putchar('\n');
	} else {
		if (templates_render(ship_name ? "report" : "bulletin", reporting_templates_dir(&s), model,
				     &out, err, sizeof(err)) < 0) {
			cmd_error("%s", err);
			rc = EXIT_DATAERR;
			goto out;
		}
		fputs(strbuf_str(&out), stdout);
	}
	rc = EXIT_OK;
out:
	json_decref(model);
	strbuf_release(&out);
	turn_replay_release(&r);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return rc;
}

const struct cmd report_cmd[] = {
	{ "report", REPORT_USAGE, report_run, NEED_DB,
	  "show a resolved turn's report (the bulletin, or one captain's)", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
