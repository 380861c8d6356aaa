/*
 * mxjudge campaign start, pause, resume, extend, close: the verbs of a
 * campaign's clock, from the first turn to a duplicate set's close (the
 * table is in cmd/campaign.c).
 */
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "addresses.h"
#include "judge/account.h"
#include "campaign.h"
#include "cmd.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "core/names.h"
#include "db/db.h"
#include "judge/guard.h"
#include "judge/judge.h"
#include "judge/duplicate.h"
#include "lib/strbuf.h"
#include "judge/mailtext.h"
#include "play.h"
#include "reporting.h"
#include "series.h"
#include "settings.h"
#include "judge/timeutil.h"

/* Places the fleets, rolls turn 1's energy, opens turn 1, queues the reports (cmd/series.c). */
int campaign_start(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *now_arg = NULL, *flagship = NULL;
	const struct cmd_opt opts[] = {
		CMD_VALUE("now", &now_arg),
		CMD_VALUE("flagship", &flagship),
		CMD_END
	};
	time_t now;

	if (cmd_options(argc, argv, opts) || !cmd_operand(argc, argv) || optind + 1 != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	{
		struct db_campaign c;
		char err[512];
		int generic = 0;

		int duplicate = 0;

		if (!db_campaign_get(ctx->db, argv[optind], &c, err, sizeof(err))) {
			struct judge_settings s;

			const struct ruleset *rs = play_game_of(&c);

			/* A game in series starts its next match; any other its first turn. */
			generic = rs && !(rs->flags & RULESET_SERIES);
			if (!judge_settings_parse(&s, c.settings, err, sizeof(err))) {
				duplicate = s.duplicate;
				judge_settings_release(&s);
			}
			db_campaign_release(&c);
		}
		if (duplicate)
			return duplicate_start(ctx, argv[optind], now);
		if (generic)
			return flagship ? (cmd_error("--flagship is Hovercrafts' option"), EXIT_USAGE)
					: play_start(ctx, argv[optind], now);
	}
	return series_start_battle(ctx, argv[optind], NULL, flagship, now);
}

enum control { CTL_PAUSE, CTL_RESUME, CTL_EXTEND };

/* extend's own options (--hours, --until, --force): known to pause and resume, refused. */
struct extend_opts {
	enum control what;
	long hours;
	const char *until;
	int force;
};

static int extend_only(const struct cmd_opt *o, const char *value)
{
	struct extend_opts *e = o->out;

	if (e->what != CTL_EXTEND)
		return -1;
	if (!strcmp(o->name, "hours") && cmd_parse_int(value, 1, 24 * 366, &e->hours)) {
		cmd_error("campaign extend: --hours: expected hours from 1 to 8784, got '%s' (a "
			  "deadline moves only later)", value);
		return -1;
	}
	if (!strcmp(o->name, "until"))
		e->until = value;
	if (!strcmp(o->name, "force"))
		e->force = 1;
	return 0;
}

/* pause, resume, extend: small changes to the clock of the open turn. */
static int control(struct cmd_ctx *ctx, int argc, char **argv, enum control what)
{
	const char *now_arg = NULL, *until = NULL, *need;
	int force = 0;
	long hours = 0;
	struct judge_settings s;
	struct db_campaign c;
	struct db_turn t;
	char err[512], text[TIME_TEXT_MAX], zone[TIME_TEXT_MAX];
	int rc, ret;
	time_t now, deadline, paused;
	struct extend_opts e = { what, 0, NULL, 0 };
	const struct cmd_opt opts[] = {
		CMD_VALUE("now", &now_arg),
		CMD_CHECK("hours", extend_only, &e),
		CMD_CHECK("until", extend_only, &e),
		CMD_CHECK_FLAG("force", extend_only, &e),
		CMD_END
	};

	memset(&t, 0, sizeof(t));
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	hours = e.hours;
	until = e.until;
	force = e.force;
	if (what == CTL_EXTEND && !hours == !until && optind + 1 == argc) {
		cmd_error(hours ? "campaign extend: --hours and --until do not go together: give one"
				: "campaign extend: missing --hours H or --until TIME");
		return EXIT_USAGE;
	}
	if (!cmd_operand(argc, argv) || optind + 1 != argc ||
	    (what == CTL_EXTEND && !hours == !until))
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	ret = judge_begin_load(ctx->db, argv[optind], &c, &s);
	if (ret)
		return ret;
	ret = EXIT_DATAERR;
	need = what == CTL_PAUSE ? "running" : what == CTL_RESUME ? "paused" : NULL;
	if (need ? strcmp(c.status, need) != 0
		 : strcmp(c.status, "running") && strcmp(c.status, "paused")) {
		cmd_error("campaign '%s' is %s; %s needs a %s campaign", c.name, c.status,
			  what == CTL_PAUSE ? "pause" : what == CTL_RESUME ? "resume" : "extend",
			  what == CTL_PAUSE ? "running" : what == CTL_RESUME ? "paused"
								: "running or paused");
		goto out;
	}
	if ((rc = db_turn_get(ctx->db, c.id, c.turn, &t, err, sizeof(err))))
		goto dberr;
	if (time_parse_iso(t.deadline, &deadline)) {
		cmd_error("campaign '%s': turn %d has a bad deadline '%s'", c.name, t.number,
			  t.deadline);
		ret = EXIT_FAIL;
		goto out;
	}
	switch (what) {
	case CTL_PAUSE:
		snprintf(c.status, sizeof(c.status), "paused");
		time_format_utc(now, c.paused_at, sizeof(c.paused_at));
		break;
	case CTL_RESUME:
		/* The captains get back the time the pause took from them. */
		if (!time_parse_iso(c.paused_at, &paused) && now > paused)
			deadline += now - paused;
		snprintf(c.status, sizeof(c.status), "running");
		c.paused_at[0] = '\0';
		break;
	case CTL_EXTEND:
		if (until) {
			if (time_parse_iso(until, &deadline)) {
				cmd_error("--until: expected an ISO 8601 time, got '%s'", until);
				ret = EXIT_USAGE;
				goto out;
			}
			/* A deadline already past would resolve the turn at the next cron run. */
			if (deadline <= now && !force) {
				time_format_utc(now, text, sizeof(text));
				cmd_error("--until %s is not after now (%s): the turn would be resolved at "
					  "the next 'process'; add --force if that is what you want", until, text);
				ret = EXIT_USAGE;
				goto out;
			}
		} else {
			deadline += (time_t)hours * 3600;
		}
		break;
	}
	time_format_utc(deadline, text, sizeof(text));
	if ((rc = db_turn_set_deadline(ctx->db, t.id, text, err, sizeof(err))) ||
	    (rc = db_campaign_update(ctx->db, &c, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	time_format_zone(judge_effective_deadline(&c, deadline, now), s.timezone, zone,
			 sizeof(zone));
	if (!ctx->quiet) {
		if (what == CTL_PAUSE)
			printf("campaign %s paused at turn %d; the clock stops until 'campaign "
			       "resume'\n", c.name, c.turn);
		else
			printf("campaign %s: turn %d orders are due by %s\n", c.name, c.turn, zone);
	}
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	db_turn_release(&t);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

int campaign_pause(struct cmd_ctx *ctx, int argc, char **argv)
{
	return control(ctx, argc, argv, CTL_PAUSE);
}

int campaign_resume(struct cmd_ctx *ctx, int argc, char **argv)
{
	return control(ctx, argc, argv, CTL_RESUME);
}

int campaign_extend(struct cmd_ctx *ctx, int argc, char **argv)
{
	return control(ctx, argc, argv, CTL_EXTEND);
}

/* `campaign close NAME [--json]`: closes a duplicate set (judge/duplicate.h). */
int campaign_close(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *now_arg = NULL;
	int json = 0;
	const struct cmd_opt opts[] = {
		CMD_VALUE("now", &now_arg),
		CMD_FLAG("json", &json),
		CMD_END
	};
	time_t now;

	if (cmd_options(argc, argv, opts) || optind + 1 != argc || cmd_now(now_arg, &now))
		return EXIT_USAGE;
	return duplicate_close(ctx, argv[optind], now, 1, json);
}
