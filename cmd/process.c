/*
 * mxjudge process: the cron job. Every campaign whose open turn is due
 * (deadline passed, or early processing on and every seat has orders) has
 * that turn resolved by the one turn driver (cmd/play.c) in one BEGIN
 * IMMEDIATE transaction: the guard UPDATE ... WHERE resolved_at IS NULL,
 * the outcome, the events and draws, the game's record, the next turn
 * with its deadline, and the reports. A second run at the same moment
 * waits for the lock and then finds the turn resolved; a run killed
 * halfway leaves nothing behind.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backup.h"
#include "cmd.h"
#include "db/db.h"
#include "db/doctor.h"
#include "judge/judge.h"
#include "play.h"
#include "target.h"
#include "process.h"
#include "series.h"
#include "judge/timeutil.h"
#include "publish.h"

enum outcome { DONE_NOTHING, DONE_RESOLVED, DONE_DUE };

/*
 * The archive of a campaign with publish_to, brought up to date
 * (cmd/publish.h); a failure is told, and the turn stands all the same.
 */
static void publish_after(struct cmd_ctx *ctx, const char *name)
{
	struct db_campaign c;
	char err[1024];

	memset(&c, 0, sizeof(c));
	if (db_campaign_get(ctx->db, name, &c, err, sizeof(err)))
		return;
	if (publish_if_behind(ctx->db, &c, err, sizeof(err)))
		cmd_error("publish '%s': %s", c.name, err);
	db_campaign_release(&c);
}

/* A campaign's turn, by the one turn driver (cmd/play.h). */
static int process_campaign(struct cmd_ctx *ctx, const struct db_campaign *c, time_t now, int dry,
			    enum outcome *done)
{
	int due, resolved, r;

	r = play_process_one(ctx, c->name, now, dry, &due, &resolved);
	*done = resolved ? DONE_RESOLVED : due ? DONE_DUE : DONE_NOTHING;
	if (!dry)
		publish_after(ctx, c->name);
	return r;
}

int process_now(struct cmd_ctx *ctx, const char *name, time_t now)
{
	struct db_campaign c;
	enum outcome done;
	char err[512];
	int rc = db_campaign_get(ctx->db, name, &c, err, sizeof(err));

	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	rc = process_campaign(ctx, &c, now, 0, &done);
	db_campaign_release(&c);
	return rc;
}

static int process_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *now_arg = NULL, *only = NULL, *keep_arg = getenv("MXJUDGE_BACKUPS");
	char backup[4096];
	long keep = 0;
	int backed_up = 0;
	struct db_campaign *list = NULL;
	struct cmd_target one;
	size_t n = 0, i;
	char err[512];
	int rc, ret = EXIT_OK, r;
	enum outcome done;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("now", &now_arg),
		CMD_VALUE("campaign", &only),
		CMD_VALUE("backups", &keep_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	if (keep_arg && *keep_arg && cmd_parse_int(keep_arg, 0, 10000, &keep)) {
		cmd_error("--backups (or MXJUDGE_BACKUPS): expected how many backups to keep, 0 to "
			  "10000, got '%s'", keep_arg);
		return EXIT_USAGE;
	}
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	/* --campaign NAME: one that exists, said as every command says it. */
	if (only) {
		if ((rc = cmd_target(ctx, only, NULL, CMD_TARGET_CAMPAIGN, &one)))
			return rc;
		cmd_target_release(ctx, &one);
	}
	rc = db_campaign_list(ctx->db, &list, &n, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	for (i = 0; i < n; i++) {
		if (only && mx_strcasecmp(only, list[i].name))
			continue;
		/* Between battles: the next one starts by itself if the settings say when. */
		if (!strcmp(list[i].status, "open")) {
			r = series_auto_next(ctx, &list[i], now);
			if (r && (ret == EXIT_OK || r == EXIT_TEMPFAIL))
				ret = r;
			continue;
		}
		if (strcmp(list[i].status, "running"))
			continue;
		/*
		 * Backups on: one copy before the first turn this run resolves
		 * (cmd/backup.h). Without it nothing is resolved: the game master
		 * asked for a copy first, and a full disk would fail the turn too.
		 */
		if (keep > 0 && !backed_up) {
			r = process_campaign(ctx, &list[i], now, 1, &done);
			if (!r && done == DONE_DUE) {
				r = backup_rotate(ctx->db, ctx->db_path, (int)keep, time(NULL), backup,
						  sizeof(backup), err, sizeof(err));
				if (r) {
					cmd_error("backup before resolving '%s' failed, nothing resolved: "
						  "%s", list[i].name, err);
					ret = r;
					break;
				}
				backed_up = 1;
			}
		}
		/* One turn per campaign per run: the next deadline is always in the future. */
		r = process_campaign(ctx, &list[i], now, 0, &done);
		/* Keep going: one broken campaign must not hold up the others. */
		if (r && (ret == EXIT_OK || r == EXIT_TEMPFAIL))
			ret = r;
	}
	db_campaign_list_release(list, n);
	{
		/* For `doctor`: when cron last ran us. A stamp that fails must not fail the run. */
		char at[TIME_TEXT_MAX];

		time_format_utc(now, at, sizeof(at));
		db_run_record(ctx->db, "process", at, ret, err, sizeof(err));
	}
	return ret;
}

const struct cmd process_cmd[] = {
	{ "process", "[--now TIME] [--campaign NAME] [--backups N]", process_run, NEED_DB,
	  "resolve every turn whose deadline has passed", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
