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

#include "cmd.h"
#include "core/dice.h"
#include "core/orders.h"
#include "core/turn.h"
#include "db/db.h"
#include "judge.h"
#include "reporting.h"
#include "timeutil.h"

enum outcome { DONE_NOTHING, DONE_RESOLVED };

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
static int process_one(struct cmd_ctx *ctx, const char *name, time_t now, enum outcome *done)
{
	struct judge_settings s;
	struct db_campaign c;
	struct db_turn t, next;
	struct db_order *orders = NULL;
	struct game_state before, after;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list ev;
	struct dice_rng rng;
	struct dice_source dice;
	uint64_t seed;
	char err[512], now_text[DB_TIME_MAX], when[TIME_TEXT_MAX], *state_text = NULL;
	size_t norders = 0;
	int rc, ret = EXIT_FAIL, early = 0;
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
	if (now < deadline) {
		if (!s.early || !all_orders_in(&before, orders, norders)) {
			ret = 0;
			goto out;
		}
		early = 1;
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
	if (reporting_plans(&before, orders, norders, plans, err, sizeof(err))) {
		cmd_error("campaign '%s', turn %d: %s", c.name, t.number, err);
		goto out;
	}
	if (game_state_copy(&after, &before)) {
		cmd_error("out of memory");
		goto out;
	}
	if (judge_parse_u64(t.seed, &seed)) {
		cmd_error("campaign '%s', turn %d: bad seed '%s'", c.name, t.number, t.seed);
		goto out;
	}
	dice_rng_init(&rng, seed);
	dice = dice_rng_source(&rng);
	if (turn_resolve(&after, plans, &dice, &ev, err, sizeof(err))) {
		cmd_error("campaign '%s', turn %d: %s", c.name, t.number, err);
		goto out;
	}
	state_text = judge_state_dump(&after);
	if (!state_text) {
		cmd_error("out of memory");
		goto out;
	}
	if ((rc = db_turn_set_after(ctx->db, t.id, state_text, err, sizeof(err))) ||
	    (rc = judge_store_events(ctx->db, t.id, &after, &ev, err, sizeof(err))) ||
	    (rc = update_record(ctx->db, c.id, &after, &ev, err, sizeof(err))))
		goto dberr;
	crash_point("stored");
	if (after.winner != WINNER_NONE) {
		snprintf(c.status, sizeof(c.status), "finished");
		snprintf(c.winner, sizeof(c.winner), "%s", winner_name(after.winner));
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
		if ((rc = db_turn_add(ctx->db, &next, err, sizeof(err))))
			goto dberr;
		c.turn = t.number + 1;
	}
	if ((rc = db_campaign_update(ctx->db, &c, err, sizeof(err))) ||
	    (rc = judge_queue_reports(ctx->db, &c, &s, t.id, t.number, &before, &after, &ev, plans, next_deadline,
				      now, err, sizeof(err))))
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

static int process_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "now", required_argument, NULL, 'n' },
		{ "campaign", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 }
	};
	const char *now_arg = NULL, *only = NULL;
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
		default: return EXIT_USAGE;
		}
	}
	if (optind != argc)
		return EXIT_USAGE;
	if (time_now(now_arg, &now)) {
		cmd_error("--now: expected an ISO 8601 time such as 2025-03-01T18:00Z, got '%s'",
			  now_arg);
		return EXIT_USAGE;
	}
	if (only) {
		rc = db_campaign_get(ctx->db, only, &one, err, sizeof(err));
		if (rc == DB_NOT_FOUND) {
			cmd_error("no campaign named '%s'", only);
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
		if (strcmp(list[i].status, "running"))
			continue;
		/* One turn per campaign per run: the next deadline is always in the future. */
		r = process_one(ctx, list[i].name, now, &done);
		/* Keep going: one broken campaign must not hold up the others. */
		if (r && (ret == EXIT_OK || r == EXIT_TEMPFAIL))
			ret = r;
	}
	db_campaign_list_release(list, n);
	return ret;
}

const struct cmd process_cmd[] = {
	{ "process", "[--now TIME] [--campaign NAME]", process_run, NEED_DB,
	  "resolve every turn whose deadline has passed", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
