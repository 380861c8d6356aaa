/*
 * mxjudge process: the cron job. Every campaign whose open turn is due
 * (deadline passed, or early processing on and every ship has orders) has
 * that turn resolved in one BEGIN IMMEDIATE transaction: the guard
 * UPDATE ... WHERE resolved_at IS NULL, the outcome, the events and dice,
 * the ships' record, the next turn with its deadline, and the reports.
 * A second run at the same moment waits for the lock and then finds the
 * turn resolved; a run killed halfway leaves nothing behind.
 */
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "account.h"
#include "backup.h"
#include "cmd.h"
#include "core/hovercrafts/bot.h"
#include "core/hovercrafts/hovercrafts.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/report.h"
#include "core/hovercrafts/turn.h"
#include "db/db.h"
#include "db/doctor.h"
#include "judge.h"
#include "play.h"
#include "process.h"
#include "lib/strbuf.h"
#include "series.h"
#include "reporting.h"
#include "timeutil.h"
#include "vote.h"

enum outcome { DONE_NOTHING, DONE_RESOLVED, DONE_DUE };

/*
 * For the crash tests: MXJUDGE_CRASH_AT=POINT kills the process there, as
 * a power cut would, so every step of a resolution is proved atomic.
 */
static void crash_point(const char *point)
{
	const char *at = getenv("MXJUDGE_CRASH_AT");

	if (at && !strcmp(at, point))
		raise(SIGKILL);
}

/* Plans of every ship from the sealed orders (one submission per ship). */
/* Kills and disablings of this turn, then the battle's result when it is over. */
static int update_record(struct db *db, long long campaign_id, const struct game_state *st,
			 const struct event_list *ev, char *err, size_t errlen)
{
	struct db_ship *ships = NULL;
	size_t n = 0, i, k;
	int rc;

	rc = db_ship_list(db, campaign_id, &ships, &n, err, errlen);
	if (rc)
		return rc;
	for (i = 0; i < n; i++) {
		int idx = game_find_ship(st, ships[i].name);

		if (idx < 0)
			continue;
		ships[i].damage = st->ships[idx].damage;
		for (k = 0; k < ev->n; k++) {
			if (ev->ev[k].type != EV_DISABLED)
				continue;
			ships[i].times_disabled += ev->ev[k].ship == idx;
			ships[i].kills += ev->ev[k].other == idx;
		}
		if ((st->winner == WINNER_ZION && st->ships[idx].team == TEAM_ZION) ||
		    (st->winner == WINNER_MACHINES && st->ships[idx].team == TEAM_MACHINES))
			ships[i].wins++;
		if ((rc = db_ship_update(db, &ships[i], err, errlen)))
			break;
	}
	free(ships);
	return rc;
}

/*
 * Setting bot_plays_silent: the autopilot (core/hovercrafts/bot.h) plans for every
 * active ship without orders, and its orders are sealed like a captain's
 * (understood text REPORTING_AUTOPILOT ...), so reports, `turn show` and
 * verify replay them. A db code.
 */
/* only: the ships (by state index) it flies, or NULL for every one without orders. */
static int autopilot(struct db *db, const struct db_campaign *c, const struct db_turn *t,
		     const struct game_state *st, struct turn_plan *plans, const int *only,
		     const char *now, char *err, size_t errlen)
{
	unsigned char mine[GAME_MAX_SHIPS];
	struct bot bot;
	size_t i;
	int k, rc = 0, any = 0;

	memset(mine, 0, sizeof(mine));
	for (i = 0; i < st->nships; i++) {
		mine[i] = ship_is_active(&st->ships[i]) && !plans[i].received && (!only || only[i]);
		any |= mine[i];
	}
	if (!any)
		return 0;
	bot_init(&bot);
	if (bot_plan_all(&bot, st, mine, plans, err, errlen) < 0)
		rc = DB_ERROR;
	for (i = 0; !rc && i < st->nships; i++) {
		const char *name = st->ships[i].name;
		struct strbuf raw = STRBUF_INIT, said = STRBUF_INIT;
		struct db_ship ship;
		struct db_order o;

		if (!mine[i])
			continue;
		plans[i].received = TURN_AUTOPILOT;
		strbuf_addf(&raw, "; no orders were received: the autopilot flies %s\n"
			    "GAME %s\nSHIP %s\nTURN %d\n", name, c->name, name, t->number);
		strbuf_addf(&said, "%sSHIP %s\n", REPORTING_AUTOPILOT, name);
		for (k = 0; k < plans[i].n; k++) {
			strbuf_addf(&raw, "%d-%s\n", k + 1, action_name(plans[i].act[k]));
			strbuf_addf(&said, "%d-%s\n", k + 1, action_name(plans[i].act[k]));
		}
		strbuf_addstr(&raw, "END\n");
		memset(&o, 0, sizeof(o));
		if (raw.failed || said.failed) {
			snprintf(err, errlen, "out of memory");
			rc = DB_ERROR;
		} else if (!(rc = db_ship_get(db, c->id, name, &ship, err, errlen))) {
			o.turn_id = t->id;
			o.ship_id = ship.id;
			o.captain_id = ship.captain_id;
			o.raw = (char *)strbuf_str(&raw);
			o.understood = (char *)strbuf_str(&said);
			judge_digest(o.raw, o.digest);
			snprintf(o.received_at, sizeof(o.received_at), "%s", now);
			rc = db_order_submit(db, &o, err, errlen);
		}
		strbuf_release(&raw);
		strbuf_release(&said);
	}
	bot_release(&bot);
	return rc;
}

/*
 * The active ships without orders whose captain is away (SET ABSENCE) at
 * the deadline, or that are vacant (RESIGN): away[i] by state index
 * (ACCOUNT_AWAY, ACCOUNT_VACANT), *until the latest end of those absences
 * (0: nobody away). A db code.
 */
static int absent_silent(struct db *db, const struct db_campaign *c, const struct game_state *st,
			 const struct db_order *o, size_t n, time_t deadline, int *away,
			 time_t *until, char *err, size_t errlen)
{
	const char *silent[GAME_MAX_SHIPS];
	int index[GAME_MAX_SHIPS], got[GAME_MAX_SHIPS];
	size_t i, k, nsilent = 0;
	int rc;

	for (i = 0; i < GAME_MAX_SHIPS; i++)
		away[i] = 0;
	for (i = 0; i < st->nships; i++) {
		int have = 0;

		for (k = 0; k < n && !have; k++)
			have = !mx_strcasecmp(o[k].ship, st->ships[i].name);
		if (ship_is_active(&st->ships[i]) && !have) {
			index[nsilent] = (int)i;
			silent[nsilent++] = st->ships[i].name;
		}
	}
	*until = 0;
	if (!nsilent)
		return 0;
	rc = account_away(db, c, deadline, silent, nsilent, until, got, nsilent, err, errlen);
	for (i = 0; !rc && i < nsilent; i++)
		away[index[i]] = got[i];
	return rc;
}

/* 1 if every active ship has current orders. */
static int all_orders_in(const struct game_state *st, const struct db_order *o, size_t n)
{
	size_t i, k;

	for (i = 0; i < st->nships; i++) {
		int have = 0;

		if (!ship_is_active(&st->ships[i]))
			continue;
		for (k = 0; k < n && !have; k++)
			have = !mx_strcasecmp(o[k].ship, st->ships[i].name);
		if (!have)
			return 0;
	}
	return 1;
}

/*
 * Resolves the open turn of one campaign if it is due. 0 with *done set,
 * or an exit code after printing the error.
 */
/* With dry, stops before claiming the turn: *done is DONE_DUE when it would resolve it. */
static int process_one(struct cmd_ctx *ctx, const char *name, time_t now, int dry,
		       enum outcome *done)
{
	struct judge_settings s;
	size_t i;
	int agreed = 0;		/* a vote that passed (cmd/vote.h) */
	struct db_campaign c;
	struct db_turn t, next;
	struct db_order *orders = NULL;
	struct game_state before, after;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list ev;
	json_t *plan_json = NULL;
	uint64_t seed;
	char err[512], now_text[DB_TIME_MAX], when[TIME_TEXT_MAX], *state_text = NULL;
	size_t norders = 0;
	int rc, ret = EXIT_FAIL, early = 0, away[GAME_MAX_SHIPS], any_away = 0, k;
	time_t deadline, next_deadline = 0;

	*done = DONE_NOTHING;
	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	memset(&t, 0, sizeof(t));
	memset(&next, 0, sizeof(next));
	game_state_init(&before);
	game_state_init(&after);
	event_list_init(&ev);
	rc = db_begin(ctx->db, err, sizeof(err));
	if (rc)
		goto dberr;
	/* Everything is read again under the write lock: another run may have been first. */
	rc = db_campaign_get(ctx->db, name, &c, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		ret = 0;
		goto out;
	}
	if (rc)
		goto dberr;
	if (strcmp(c.status, "running")) {
		ret = 0;
		goto out;
	}
	if (judge_settings_parse(&s, c.settings, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", c.name, err);
		goto out;
	}
	if ((rc = db_turn_get(ctx->db, c.id, c.turn, &t, err, sizeof(err))))
		goto dberr;
	if (t.resolved_at[0]) {
		ret = 0;
		goto out;
	}
	if (time_parse_iso(t.deadline, &deadline)) {
		cmd_error("campaign '%s': turn %d has a bad deadline '%s'", c.name, t.number,
			  t.deadline);
		goto out;
	}
	if (judge_state_load(&before, t.state_before, c.name, err, sizeof(err))) {
		cmd_error("%s", err);
		goto out;
	}
	if ((rc = db_order_list(ctx->db, t.id, 1, &orders, &norders, err, sizeof(err))))
		goto dberr;
	/* A vote that passed (cmd/vote.h) sealed the judge's agreement: due at once. */
	for (i = 0; i < norders && !agreed; i++)
		agreed = orders[i].understood &&
			 !strncmp(orders[i].understood, VOTE_AGREE, strlen(VOTE_AGREE));
	/* Nobody's plan is played in that turn, the autopilot's neither. */
	if (agreed)
		s.bot_plays_silent = 0;
	if (now < deadline) {
		if (!agreed && (!s.early || judge_someone_waits(&s) ||
				!all_orders_in(&before, orders, norders))) {
			ret = 0;
			goto out;
		}
		early = 1;
	}
	/* A captain away (SET ABSENCE) at the deadline, seat silent: it waits, or the autopilot flies. */
	memset(away, 0, sizeof(away));
	if (!early && (rc = absent_silent(ctx->db, &c, &before, orders, norders, deadline, away,
					  &next_deadline, err, sizeof(err))))
		goto dberr;
	/* The autopilot flies the vacant seats, and those of captains away if the campaign says so. */
	for (k = 0; k < GAME_MAX_SHIPS; k++) {
		away[k] = away[k] == ACCOUNT_VACANT ||
			  (away[k] == ACCOUNT_AWAY && !strcmp(s.absence, "autopilot"));
		any_away |= away[k];
	}
	if (next_deadline > now && strcmp(s.absence, "autopilot")) {
		if (dry) {
			ret = 0;
			goto out;
		}
		time_format_utc(next_deadline, t.deadline, sizeof(t.deadline));
		if ((rc = db_turn_set_deadline(ctx->db, t.id, t.deadline, err, sizeof(err))) ||
		    (rc = db_commit(ctx->db, err, sizeof(err))))
			goto dberr;
		if (!ctx->quiet) {
			time_format_zone(next_deadline, s.timezone, when, sizeof(when));
			printf("%s: turn %d waits for a captain away (SET ABSENCE); due by %s\n", c.name,
			       t.number, when);
		}
		ret = 0;
		goto out;
	}
	next_deadline = 0;
	if (dry) {
		*done = DONE_DUE;
		ret = 0;
		goto out;
	}
	time_format_utc(now, now_text, sizeof(now_text));
	rc = db_turn_claim(ctx->db, t.id, now_text, err, sizeof(err));
	if (rc == DB_ALREADY) {
		ret = 0;
		goto out;
	}
	if (rc)
		goto dberr;
	crash_point("claimed");
	if (!(plan_json = reporting_orders(&before, orders, norders, err, sizeof(err))) ||
	    hover_plans_from_json(&before, plan_json, plans, err, sizeof(err))) {
		cmd_error("campaign '%s', turn %d: %s", c.name, t.number, err);
		goto out;
	}
	if (s.bot_plays_silent || any_away) {
		if ((rc = autopilot(ctx->db, &c, &t, &before, plans, s.bot_plays_silent ? NULL : away,
				    now_text, err, sizeof(err))))
			goto dberr;
		json_decref(plan_json);
		if (!(plan_json = hover_plans_to_json(&before, plans))) {
			cmd_error("out of memory");
			goto out;
		}
	}
	if (judge_parse_u64(t.seed, &seed)) {
		cmd_error("campaign '%s', turn %d: bad seed '%s'", c.name, t.number, t.seed);
		goto out;
	}
	if (reporting_play(&before, plan_json, seed, GAME_RULES_CURRENT, &after, plans, &ev, err,
			   sizeof(err))) {
		cmd_error("campaign '%s', turn %d: %s", c.name, t.number, err);
		goto out;
	}
	state_text = judge_state_dump(&after);
	if (!state_text) {
		cmd_error("out of memory");
		goto out;
	}
	if ((rc = db_turn_set_after(ctx->db, t.id, state_text, err, sizeof(err))) ||
	    (rc = db_turn_set_rules_version(ctx->db, t.id, GAME_RULES_CURRENT, err, sizeof(err))) ||
	    (rc = judge_store_events(ctx->db, t.id, &after, &ev, err, sizeof(err))) ||
	    (rc = update_record(ctx->db, c.id, &after, &ev, err, sizeof(err))))
		goto dberr;
	crash_point("stored");
	if (after.winner != WINNER_NONE) {
		snprintf(c.status, sizeof(c.status), "finished");
		snprintf(c.winner, sizeof(c.winner), "%s", winner_name(after.winner));
		/* Points, record, and "open" again when more battles follow (cmd/series.c). */
		if ((rc = series_end_battle(ctx->db, &c, &after, t.number,
					       report_agreed_line(&ev), now, err, sizeof(err))))
			goto dberr;
	} else {
		/*
		 * Keep the rhythm: one period after the old deadline, skipping
		 * slots already past; an early turn starts a period from now.
		 */
		next_deadline = judge_step_deadline(&s, early ? now : deadline);
		while (next_deadline <= now)
			next_deadline = judge_step_deadline(&s, next_deadline);
		next.campaign_id = c.id;
		next.number = t.number + 1;
		snprintf(next.seed, sizeof(next.seed), "%" PRIu64,
			 judge_new_turn_seed(&s, t.number + 1));
		snprintf(next.opened_at, sizeof(next.opened_at), "%s", now_text);
		time_format_utc(next_deadline, next.deadline, sizeof(next.deadline));
		next.state_before = state_text;
		next.rules_version = GAME_RULES_CURRENT;
		if ((rc = db_turn_add(ctx->db, &next, err, sizeof(err))))
			goto dberr;
		c.turn = t.number + 1;
	}
	/* The turn is over: votes that did not carry are forgotten (cmd/vote.h). */
	if (vote_forget(&c.settings)) {
		snprintf(err, sizeof(err), "out of memory");
		rc = DB_ERROR;
		goto dberr;
	}
	if ((rc = db_campaign_update(ctx->db, &c, err, sizeof(err))) ||
	    (rc = judge_queue_reports(ctx->db, &c, &s, t.id, t.number, &before, &after, &ev, plans, NULL,
				      next_deadline, now, err, sizeof(err))))
		goto dberr;
	crash_point("queued");
	if ((rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	crash_point("committed");
	*done = DONE_RESOLVED;
	if (!ctx->quiet) {
		if (after.winner != WINNER_NONE) {
			printf("%s: turn %d resolved; the battle is over: %s\n", c.name, t.number,
			       after.winner == WINNER_DRAW ? "a draw"
			       : after.winner == WINNER_ZION ? "Zion wins" : "the Machines win");
		} else {
			time_format_zone(next_deadline, s.timezone, when, sizeof(when));
			printf("%s: turn %d resolved%s; turn %d due by %s\n", c.name, t.number,
			       early ? " early (all orders in)" : "", c.turn, when);
		}
	}
	ret = 0;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	json_decref(plan_json);
	free(state_text);
	event_list_release(&ev);
	game_state_release(&before);
	game_state_release(&after);
	db_order_list_release(orders, norders);
	db_turn_release(&t);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

/* A campaign's turn, by the driver of its game (cmd/play.h for all but Hovercrafts). */
static int process_campaign(struct cmd_ctx *ctx, const struct db_campaign *c, time_t now, int dry,
			    enum outcome *done)
{
	int due, resolved, r;

	if (!play_is_generic(c->ruleset))
		return process_one(ctx, c->name, now, dry, done);
	r = play_process_one(ctx, c->name, now, dry, &due, &resolved);
	*done = resolved ? DONE_RESOLVED : due ? DONE_DUE : DONE_NOTHING;
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
	static const struct option opts[] = {
		{ "now", required_argument, NULL, 'n' },
		{ "campaign", required_argument, NULL, 'c' },
		{ "backups", required_argument, NULL, 'b' },
		{ NULL, 0, NULL, 0 }
	};
	const char *now_arg = NULL, *only = NULL, *keep_arg = getenv("MXJUDGE_BACKUPS");
	char backup[4096];
	long keep = 0;
	int backed_up = 0;
	struct db_campaign *list = NULL, one;
	size_t n = 0, i;
	char err[512];
	int opt, rc, ret = EXIT_OK, r;
	enum outcome done;
	time_t now;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'n': now_arg = optarg; break;
		case 'c': only = optarg; break;
		case 'b': keep_arg = optarg; break;
		default: return EXIT_USAGE;
		}
	}
	if (optind != argc)
		return EXIT_USAGE;
	if (keep_arg && *keep_arg && cmd_parse_int(keep_arg, 0, 10000, &keep)) {
		cmd_error("--backups (or MXJUDGE_BACKUPS): expected how many backups to keep, 0 to "
			  "10000, got '%s'", keep_arg);
		return EXIT_USAGE;
	}
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	if (only) {
		rc = db_campaign_get(ctx->db, only, &one, err, sizeof(err));
		if (rc == DB_NOT_FOUND) {
			judge_no_campaign(ctx->db, only);
			return EXIT_DATAERR;
		}
		if (rc) {
			cmd_error("%s", err);
			return judge_db_exit(rc);
		}
		db_campaign_release(&one);
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
