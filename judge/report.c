/*
 * report: a resolved turn as the captains read it, for `mxjudge report`,
 * the desk's REPORT and the archive (judge/report.h). The turn is played
 * again from its stored inputs (state before, sealed orders, seed), which
 * a pure engine makes exact, and the replay must match what was stored;
 * the result feeds the same data model the mailed reports use.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "cmd/cmd.h"
#include "db/battles.h"
#include "cmd/play.h"
#include "core/hovercrafts/report.h"
#include "core/hovercrafts/state_json.h"
#include "judge.h"
#include "cmd/reporting.h"
#include "lib/strbuf.h"
#include "templates.h"
#include "timeutil.h"


/* The battle whose setup turn is `turn`, or 0 when it is a turn played with orders. */
static int setup_of(struct db *db, long long campaign_id, int turn)
{
	struct db_battle *b = NULL;
	size_t n = 0, i;
	char err[256];
	int battle = 0;

	if (db_battle_list(db, campaign_id, &b, &n, err, sizeof(err)))
		return 0;
	for (i = 0; i < n; i++)
		if (b[i].first_turn == turn)
			battle = b[i].number;
	free(b);
	return battle;
}

/*
 * A battle's setup turn has no orders to replay: its reports are the ones
 * the captains got, as the outbox keeps them (the bulletin, when the
 * campaign mails one, else every captain's; with a ship, its captain's).
 */
static int setup_report(struct cmd_ctx *ctx, const struct db_campaign *c, int turn, int battle,
			const char *ship_name, int json)
{
	struct db_message *list = NULL;
	struct db_captain cap;
	struct db_seat ship;
	char err[512], key[DB_KEY_MAX + 32], prefix[DB_KEY_MAX], bulletin[DB_KEY_MAX];
	json_t *reports = json_array();
	size_t n = 0, i, found = 0;
	int rc, ret = EXIT_FAIL, has_bulletin = 0;

	memset(&cap, 0, sizeof(cap));
	if (ship_name) {
		rc = db_seat_get(ctx->db, c->id, ship_name, &ship, err, sizeof(err));
		if (rc == DB_NOT_FOUND) {
			cmd_error("campaign '%s' has no ship named '%s'", c->name, ship_name);
			ret = EXIT_DATAERR;
			goto out;
		}
		if (rc || (rc = db_captain_get_id(ctx->db, ship.captain_id, &cap, err, sizeof(err)))) {
			cmd_error("%s", err);
			ret = judge_db_exit(rc);
			goto out;
		}
	}
	if ((rc = db_outbox_list(ctx->db, c->id, 0, &list, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	snprintf(prefix, sizeof(prefix), "report/%lld/%d/", c->id, turn);
	snprintf(key, sizeof(key), "%s%lld", prefix, cap.id);
	snprintf(bulletin, sizeof(bulletin), "bulletin/%lld/%d", c->id, turn);
	for (i = 0; i < n; i++)
		has_bulletin |= !strcmp(list[i].key, bulletin);
	for (i = 0; reports && i < n; i++) {
		const struct db_message *m = &list[i];

		if (ship_name ? strcmp(m->key, key)
		    : has_bulletin ? strcmp(m->key, bulletin) : strncmp(m->key, prefix, strlen(prefix)))
			continue;
		found++;
		if (json) {
			json_array_append_new(reports, json_pack("{s:s,s:s,s:s}", "recipient",
								 m->recipient, "subject", m->subject,
								 "body", m->body));
			continue;
		}
		if (!ship_name && !has_bulletin)
			printf("%s=== to %s: %s\n\n", found > 1 ? "\n" : "", m->recipient, m->subject);
		fputs(m->body, stdout);
	}
	if (!found) {
		cmd_error("campaign '%s': no setup report of turn %d %s", c->name, turn,
			  ship_name ? "was queued for that ship's captain" : "was queued");
		ret = EXIT_DATAERR;
		goto out;
	}
	if (json) {
		json_t *o = json_pack("{s:s,s:i,s:i,s:b,s:o}", "campaign", c->name, "turn", turn,
				      "battle", battle, "setup", 1, "reports", reports);

		reports = NULL;
		if (!o || json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) < 0) {
			json_decref(o);
			goto out;
		}
		json_decref(o);
		putchar('\n');
	}
	ret = EXIT_OK;
out:
	json_decref(reports);
	db_outbox_list_release(list, n);
	return ret;
}

/*
 * The report of campaign name's turn (-1: the last resolved) as ship_name
 * saw it (NULL: the bulletin); printed, or with sink appended to sink (a
 * setup turn then gives EXIT_DATAERR, printing nothing). An exit code.
 */
int report_show(struct cmd_ctx *ctx, const char *name, const char *ship_name, long turn,
		       int json, struct strbuf *sink)
{
	struct judge_settings s;
	struct db_campaign c;
	struct turn_replay r;
	struct strbuf out = STRBUF_INIT;
	json_t *model = NULL;
	char err[1024];
	int rc = EXIT_FAIL, drc;

	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	turn_replay_init(&r);
	drc = db_campaign_get(ctx->db, name, &c, err, sizeof(err));
	if (drc == DB_NOT_FOUND) {
		judge_no_campaign(ctx->db, name);
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
		rc = play_report(ctx, &c, &s, ship_name, turn, json, sink);
		goto out;
	}
	if (turn < 0) {
		/* The last resolved turn: the open one is not told before it is played. */
		turn = !strcmp(c.status, "finished") || !strcmp(c.status, "open") ? c.turn
		       : c.turn - 1;
		if (turn < 0) {
			cmd_error("campaign '%s' has no resolved turn yet", c.name);
			rc = EXIT_DATAERR;
			goto out;
		}
	}
	{
		/* A battle's setup turn: the reports the captains got. */
		int battle = setup_of(ctx->db, c.id, (int)turn);

		if (battle || turn == 0) {
			rc = sink ? EXIT_DATAERR : setup_report(ctx, &c, (int)turn, battle, ship_name, json);
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
		if (reporting_for_ship(ctx->db, &c, &s, model, &r.after, idx, r.turn.number + 1, err,
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
		if (templates_render_game(reporting_game(&s), ship_name ? "report" : "bulletin",
					  reporting_templates_dir(&s), model, &out, err,
					  sizeof(err)) < 0) {
			cmd_error("%s", err);
			rc = EXIT_DATAERR;
			goto out;
		}
		if (sink)
			strbuf_addstr(sink, strbuf_str(&out));
		else
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

int report_public(struct db *db, const char *name, int turn, struct strbuf *sink)
{
	struct cmd_ctx ctx;

	memset(&ctx, 0, sizeof(ctx));
	ctx.db = db;
	ctx.quiet = 1;
	return report_show(&ctx, name, NULL, turn, 0, sink);
}
