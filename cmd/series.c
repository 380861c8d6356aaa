/*
 * series: Hovercrafts' campaign as a series of battles (rulings 11):
 * starting and ending each battle, UPGRADE orders between battles and
 * the game master's series tools; cmd/series.h.
 */
#include "series.h"
#include "judge/outbox.h"

#include <ctype.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/hovercrafts/dice.h"
#include "core/ruleset.h"
#include "core/hovercrafts/map.h"
#include "core/names.h"
#include "core/hovercrafts/scenario.h"
#include "core/hovercrafts/turn.h"
#include "db/battles.h"
#include "db/desk.h"
#include "judge/guard.h"
#include "hover.h"
#include "lib/strbuf.h"
#include "judge/mailtext.h"
#include "play.h"
#include "reporting.h"
#include "judge/submit.h"
#include "target.h"
#include "judge/templates.h"
#include "judge/timeutil.h"
#include "judge/series.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/orders.h"

/* The board of battle n: the scenario's, or the campaign's own. */
static int battle_board(const struct judge_settings *s, const struct scenario *sc, int n,
			struct map_def *m, char *err, size_t errlen)
{
	if (sc && sc->map == SCENARIO_MAP_NAMED)
		return series_load_map(sc->map_name, reporting_templates_dir(s), m, err, errlen);
	if (sc && sc->map == SCENARIO_MAP_RANDOM)
		return map_generate(m, sc->width, sc->height, sc->density,
				    judge_turn_seed(judge_map_seed(s->seed), n), err, errlen);
	return map_from_json(m, s->map, "campaign map", err, errlen);
}

static void ship_from_row(struct ship *sp, const struct db_seat *row, const struct hover_record *r)
{
	int k;

	ship_set_defaults(sp);
	snprintf(sp->name, sizeof(sp->name), "%.*s", (int)sizeof(sp->name) - 1, row->name);
	sp->team = (enum team)team_parse(row->team);
	for (k = 0; k < STAT_COUNT; k++)
		sp->stat[k] = hover_record_stat(r, k);
	sp->damage = 0;		/* every battle starts repaired */
}


/*
 * Rulings 11: a side with no ship at all (every one removed) cannot fight
 * the next battle: the campaign ends there and the other side wins it
 * (both sides empty: a draw). In the caller's transaction, committed here;
 * every captain is told. An exit code.
 */
static int campaign_over_no_ship(struct cmd_ctx *ctx, struct db_campaign *c,
				 const struct judge_settings *s, const int *fighting,
				 const int *resting, time_t now)
{
	struct db_captain *caps = NULL;
	struct strbuf why = STRBUF_INIT, body = STRBUF_INIT, subject = STRBUF_INIT;
	json_t *model = NULL;
	size_t ncaps = 0, i;
	char err[512];
	int rc, empty[TEAM_COUNT], t;

	for (t = 0; t < TEAM_COUNT; t++)
		empty[t] = !fighting[t] && !resting[t];
	snprintf(c->status, sizeof(c->status), "finished");
	if (db_campaign_set_result(c, empty[TEAM_ZION] && empty[TEAM_MACHINES] ? "draw"
				   : empty[TEAM_ZION] ? "machines" : "zion")) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	if (empty[TEAM_ZION] && empty[TEAM_MACHINES])
		strbuf_addstr(&why, "Neither side has a ship left");
	else
		strbuf_addf(&why, "%s no ship left", empty[TEAM_ZION] ? "Zion has" : "The Machines have");
	model = json_pack("{s:s,s:s}", "campaign", c->name, "campaign_over", strbuf_str(&why));
	strbuf_addf(&why, ": %s", empty[TEAM_ZION] && empty[TEAM_MACHINES] ? "the campaign is a draw"
		    : empty[TEAM_ZION] ? "the Machines win the campaign" : "Zion wins the campaign");
	if ((rc = db_campaign_update(ctx->db, c, err, sizeof(err))) ||
	    (rc = db_captain_list(ctx->db, c->id, &caps, &ncaps, err, sizeof(err))))
		goto dberr;
	if (!model || series_model(ctx->db, c, model, err, sizeof(err)) < 0 ||
	    templates_render_game(reporting_game(s), "series-over", reporting_templates_dir(s), model,
				  &body, err, sizeof(err)) < 0) {
		cmd_error("campaign '%s': %s", c->name, model ? err : "out of memory");
		rc = EXIT_FAIL;
		goto out;
	}
	strbuf_addf(&subject, "%s: the campaign is over", c->name);
	for (i = 0; i < ncaps; i++) {
		struct outbox_mail m;
		char key[96], created[32];

		snprintf(key, sizeof(key), "series-over/%lld/%lld", c->id, caps[i].id);
		time_format_utc(now, created, sizeof(created));
		memset(&m, 0, sizeof(m));
		m.campaign_id = c->id;
		m.kind = "report";
		m.key = key;
		m.recipient = caps[i].email;
		m.created_at = created;
		m.subject = strbuf_str(&subject);
		m.body = strbuf_str(&body);
		rc = outbox_queue(ctx->db, &m, NULL, err, sizeof(err));
		if (rc == DB_EXISTS)
			rc = 0;
		if (rc)
			goto dberr;
	}
	if ((rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!ctx->quiet)
		printf("campaign %s is over before its next battle: %c%s\n", c->name,
		       tolower((unsigned char)strbuf_str(&why)[0]), strbuf_str(&why) + 1);
	rc = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	rc = judge_db_exit(rc);
out:
	json_decref(model);
	free(caps);
	strbuf_release(&why);
	strbuf_release(&body);
	strbuf_release(&subject);
	return rc;
}

int series_start_battle(struct cmd_ctx *ctx, const char *name, const char *scenario,
			const char *flagship, time_t now)
{
	struct judge_settings s;
	struct db_campaign c;
	struct campaign_rules rules;
	struct db_seat *ships = NULL;
	struct hover_record *recs = NULL;
	struct db_battle last, b;
	struct db_battle_ship *rows = NULL;
	struct db_turn t0, t1;
	struct scenario sc;
	struct map_def m;
	size_t nships = 0, nrows = 0, i, k;
	struct game_state st;
	struct event_list ev;
	struct dice_rng rng;
	struct dice_source dice;
	enum team first;
	char err[512], now_text[DB_TIME_MAX], when[TIME_TEXT_MAX], *placed = NULL, *ready = NULL;
	int rc = 0, ret, n, setup, have_last, fights = 0;
	int out_for_repairs[GAME_MAX_SHIPS], rushed[GAME_MAX_SHIPS], removed[GAME_MAX_SHIPS];
	int ready_to_fight[TEAM_COUNT] = { 0, 0 }, resting[TEAM_COUNT] = { 0, 0 };
	struct strbuf sitting = STRBUF_INIT, rushing = STRBUF_INIT, note = STRBUF_INIT;
	const char *scen;
	time_t deadline;

	game_state_init(&st);
	event_list_init(&ev);
	map_def_init(&m);
	memset(&t0, 0, sizeof(t0));
	memset(&t1, 0, sizeof(t1));
	memset(&b, 0, sizeof(b));
	memset(out_for_repairs, 0, sizeof(out_for_repairs));
	memset(rushed, 0, sizeof(rushed));
	memset(removed, 0, sizeof(removed));
	ret = judge_begin_load(ctx->db, name, &c, &s);
	if (ret)
		return ret;
	ret = EXIT_DATAERR;
	if (series_rules(&c, &rules, err, sizeof(err))) {
		cmd_error("campaign '%s': settings: %s", c.name, err);
		goto out;
	}
	rc = db_battle_last(ctx->db, c.id, &last, err, sizeof(err));
	if (rc && rc != DB_NOT_FOUND)
		goto dberr;
	have_last = rc == 0;
	rc = 0;
	n = have_last ? last.number + 1 : 1;
	if (strcmp(c.status, "open")) {
		if (!strcmp(c.status, "finished"))
			cmd_error("campaign '%s' is over: its %d battle%s fought", c.name,
				  have_last ? last.number : 1, have_last && last.number > 1 ? "s are" : " is");
		else
			cmd_error("campaign '%s' has already started (it is %s)", c.name, c.status);
		goto out;
	}
	if (n > rules.battles) {
		cmd_error("campaign '%s' has fought its %d battles", c.name, rules.battles);
		goto out;
	}
	if ((rc = db_seat_list(ctx->db, c.id, &ships, &nships, err, sizeof(err))) ||
	    (rc = series_record_list(ctx->db, ships, nships, &recs, err, sizeof(err))) ||
	    (rc = db_battle_ship_list(ctx->db, c.id, &rows, &nrows, err, sizeof(err))))
		goto dberr;
	if (nships > GAME_MAX_SHIPS) {
		cmd_error("campaign '%s': too many ships", c.name);
		goto out;
	}
	scen = scenario && *scenario ? scenario : campaign_scenario_for(&rules, n);
	if (*scen && series_load_scenario(scen, reporting_templates_dir(&s), &sc, err, sizeof(err))) {
		cmd_error("%s", err);
		goto out;
	}
	if (battle_board(&s, *scen ? &sc : NULL, n, &m, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", c.name, err);
		goto out;
	}
	if (game_map_init(&st.map, m.map.width, m.map.height) < 0) {
		cmd_error("out of memory");
		goto out;
	}
	memcpy(st.map.walls, m.map.walls, (size_t)m.map.width * (size_t)m.map.height);
	setup = n == 1 ? 0 : c.turn + 1;
	st.turn = setup + 1;
	for (i = 0; i < nships; i++) {
		int team = team_parse(ships[i].team);

		if ((rc = db_seat_removed(ctx->db, ships[i].id, &removed[i], err, sizeof(err))))
			goto dberr;
		if (removed[i] || team < 0)
			continue;
		/* Out for repairs: disabled in the last battle (rulings 11). */
		for (k = 0; have_last && rules.repairs && k < nrows; k++)
			if (rows[k].battle == last.number && rows[k].ship_id == ships[i].id &&
			    !strcmp(rows[k].status, "disabled"))
				out_for_repairs[i] = 1;
		if (out_for_repairs[i])
			resting[team]++;
		else
			ready_to_fight[team]++;
	}
	/*
	 * Repairs never stall a campaign (rulings 11): a side with every ship
	 * out for repairs has them rushed back; a side with no ship at all
	 * loses the campaign.
	 */
	if (have_last && ((!ready_to_fight[TEAM_ZION] && !resting[TEAM_ZION]) ||
			  (!ready_to_fight[TEAM_MACHINES] && !resting[TEAM_MACHINES]))) {
		ret = campaign_over_no_ship(ctx, &c, &s, ready_to_fight, resting, now);
		goto out;
	}
	for (i = 0; i < nships; i++) {
		int team = team_parse(ships[i].team);

		if (out_for_repairs[i] && team >= 0 && !ready_to_fight[team]) {
			out_for_repairs[i] = 0;
			rushed[i] = 1;
		}
	}
	for (i = 0; i < nships; i++) {
		struct ship sp;

		if (removed[i])
			continue;
		if (out_for_repairs[i]) {
			strbuf_addf(&sitting, "%s%s", sitting.len ? ", " : "", ships[i].name);
			continue;
		}
		if (rushed[i])
			strbuf_addf(&rushing, "%s%s", rushing.len ? ", " : "", ships[i].name);
		ship_from_row(&sp, &ships[i], &recs[i]);
		if (game_add_ship(&st, &sp) < 0) {
			cmd_error("campaign '%s': too many ships", c.name);
			goto out;
		}
		fights++;
	}
	if (sitting.len)
		strbuf_addf(&note, "Out for repairs (disabled in battle %d): %s.", n - 1,
			    strbuf_str(&sitting));
	if (rushing.len)
		strbuf_addf(&note, "%sRushed back from repairs, their side having no other ship: %s.",
			    note.len ? "\n" : "", strbuf_str(&rushing));
	dice_rng_init(&rng, judge_turn_seed(s.seed, setup));
	dice = dice_rng_source(&rng);
	if (map_place_fleets(&st, &m, &dice, &ev, &first, err, sizeof(err))) {
		cmd_error("campaign '%s' cannot start battle %d: %s%s%s", c.name, n, err,
			  sitting.len ? "; out for repairs: " : "", sitting.len ? strbuf_str(&sitting) : "");
		goto out;
	}
	if (*scen && scenario_begin(&sc, &st, flagship, err, sizeof(err))) {
		cmd_error("campaign '%s' cannot start battle %d: %s", c.name, n, err);
		goto out;
	}
	if (!*scen && flagship) {
		cmd_error("--flagship needs a scenario with a flagship goal");
		ret = EXIT_USAGE;
		goto out;
	}
	placed = judge_state_dump(&st);
	if (turn_roll_energy(&st, &dice, &ev, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", c.name, err);
		ret = EXIT_FAIL;
		goto out;
	}
	ready = judge_state_dump(&st);
	if (!placed || !ready) {
		cmd_error("out of memory");
		ret = EXIT_FAIL;
		goto out;
	}
	time_format_utc(now, now_text, sizeof(now_text));
	deadline = judge_step_deadline(&s, now);
	/* The setup turn: its dice and events, resolved at once (turn 0 for battle 1). */
	t0.campaign_id = c.id;
	t0.number = setup;
	snprintf(t0.seed, sizeof(t0.seed), "%" PRIu64, judge_turn_seed(s.seed, setup));
	snprintf(t0.opened_at, sizeof(t0.opened_at), "%s", now_text);
	snprintf(t0.deadline, sizeof(t0.deadline), "%s", now_text);
	snprintf(t0.resolved_at, sizeof(t0.resolved_at), "%s", now_text);
	t0.state_before = placed;
	t0.state_after = ready;
	t1.campaign_id = c.id;
	t1.number = setup + 1;
	snprintf(t1.seed, sizeof(t1.seed), "%" PRIu64, judge_new_turn_seed(&s, setup + 1));
	snprintf(t1.opened_at, sizeof(t1.opened_at), "%s", now_text);
	time_format_utc(deadline, t1.deadline, sizeof(t1.deadline));
	t1.state_before = ready;
	t0.rules_version = t1.rules_version = GAME_RULES_CURRENT;
	b.campaign_id = c.id;
	b.number = n;
	snprintf(b.scenario, sizeof(b.scenario), "%s", scen);
	b.first_turn = setup;
	snprintf(b.started_at, sizeof(b.started_at), "%s", now_text);
	if ((rc = db_turn_add(ctx->db, &t0, err, sizeof(err))) ||
	    (rc = judge_store_events(ctx->db, t0.id, &st, &ev, err, sizeof(err))) ||
	    (rc = db_turn_add(ctx->db, &t1, err, sizeof(err))) ||
	    (rc = db_battle_add(ctx->db, &b, err, sizeof(err))))
		goto dberr;
	for (i = 0; i < nships; i++) {
		struct db_battle_ship row;

		memset(&row, 0, sizeof(row));
		row.battle_id = b.id;
		row.ship_id = ships[i].id;
		if (out_for_repairs[i]) {
			snprintf(row.status, sizeof(row.status), "repairs");
		} else if (game_find_ship(&st, ships[i].name) >= 0) {
			snprintf(row.status, sizeof(row.status), "fighting");
			recs[i].battles++;
			recs[i].damage = 0;
			if ((rc = series_record_put(ctx->db, ships[i].id, &recs[i], err, sizeof(err))))
				goto dberr;
		} else {
			continue;
		}
		if ((rc = db_battle_ship_set(ctx->db, &row, err, sizeof(err))))
			goto dberr;
	}
	snprintf(c.status, sizeof(c.status), "running");
	c.result[0] = '\0';	/* read from the database: never NULL */
	c.turn = setup + 1;
	if ((rc = db_campaign_update(ctx->db, &c, err, sizeof(err))) ||
	    (rc = judge_queue_reports(ctx->db, &c, &s, t0.id, setup, &st, &st, &ev, NULL,
				      strbuf_str(&note), deadline, now, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	time_format_zone(deadline, s.timezone, when, sizeof(when));
	if (!ctx->quiet) {
		if (n == 1 && !*scen)
			printf("campaign %s started: %s on the right; orders for turn 1 are due by %s\n",
			       c.name, first == TEAM_ZION ? "Zion starts" : "the Machines start", when);
		else
			printf("campaign %s: battle %d%s%s begins with %d ship%s%s%s%s%s%s%s; orders for "
			       "turn %d are due by %s\n", c.name, n, *scen ? ", " : "", scen, fights,
			       fights == 1 ? "" : "s", sitting.len ? " (out for repairs: " : "",
			       sitting.len ? strbuf_str(&sitting) : "", sitting.len ? ")" : "",
			       rushing.len ? " (rushed back from repairs: " : "",
			       rushing.len ? strbuf_str(&rushing) : "", rushing.len ? ")" : "",
			       setup + 1, when);
	}
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	strbuf_release(&sitting);
	strbuf_release(&rushing);
	strbuf_release(&note);
	free(placed);
	free(ready);
	free(ships);
	free(recs);
	free(rows);
	map_def_release(&m);
	event_list_release(&ev);
	game_state_release(&st);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

int series_auto_next(struct cmd_ctx *ctx, const struct db_campaign *c, time_t now)
{
	struct campaign_rules rules;
	struct db_battle last;
	char err[512];
	time_t ended;
	int rc;

	if (strcmp(c->status, "open") || series_rules(c, &rules, err, sizeof(err)) ||
	    rules.auto_next_hours < 0)
		return 0;
	rc = db_battle_last(ctx->db, c->id, &last, err, sizeof(err));
	if (rc == DB_NOT_FOUND)
		return 0;	/* before the first battle: `campaign start` */
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	if (last.last_turn < 0 || time_parse_iso(last.ended_at, &ended) ||
	    now < ended + (time_t)rules.auto_next_hours * 3600)
		return 0;
	return series_start_battle(ctx, c->name, NULL, NULL, now);
}

/* ---------- the game master's verbs ---------- */

static const char *arg_name(int argc, char **argv)
{
	return optind < argc ? argv[optind] : NULL;
}

int campaign_next_battle(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *scenario = NULL, *flagship = NULL, *now_arg = NULL;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("scenario", &scenario),
		CMD_VALUE("flagship", &flagship),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!arg_name(argc, argv) || optind + 1 != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	if (scenario && !scenario_name_ok(scenario)) {
		cmd_error("--scenario '%s': expected a plain name (letters, digits, '-', '_')", scenario);
		return EXIT_DATAERR;
	}
	return series_start_battle(ctx, argv[optind], scenario, flagship, now);
}

/* Opens the transaction and loads campaign and ship; an exit code. */
static int begin_ship(struct cmd_ctx *ctx, const char *campaign, const char *ship,
		      struct db_campaign *c, struct db_seat *sh)
{
	char err[512];
	int rc = db_begin(ctx->db, err, sizeof(err));

	memset(c, 0, sizeof(*c));
	if (!rc)
		rc = db_campaign_get(ctx->db, campaign, c, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		judge_no_campaign(ctx->db, campaign);
		return EXIT_DATAERR;
	}
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	rc = db_seat_get(ctx->db, c->id, ship, sh, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no ship named '%s'", c->name, ship);
		return EXIT_DATAERR;
	}
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	return 0;
}

/* campaign adjust's values: refused without a word out of range, as ever; a stat by name. */
static int adjust_points(const struct cmd_opt *o, const char *value)
{
	return cmd_parse_int(value, -1000, 1000, o->out) ? -1 : 0;
}

static int adjust_by(const struct cmd_opt *o, const char *value)
{
	return cmd_parse_int(value, -20, 20, o->out) ? -1 : 0;
}

static int adjust_stat(const struct cmd_opt *o, const char *value)
{
	if (stat_parse(value) < 0) {
		cmd_error("--%s: expected hull, shield, ballistic or energy, got '%s'", o->name, value);
		return -1;
	}
	*(int *)o->out = stat_parse(value);
	return 0;
}

int campaign_adjust(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *ship = NULL, *reason = NULL, *now_arg = NULL;
	long points = 0, by = 0;
	int stat = -1, buy_stat = -1, rc, ret, battle = 0, cost = 0;
	struct db_campaign c;
	struct db_seat sh;
	struct hover_record rec;
	struct db_battle last;
	struct campaign_rules rules;
	struct db_ledger l;
	char err[512];
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("ship", &ship),
		CMD_CHECK("points", adjust_points, &points),
		CMD_CHECK("stat", adjust_stat, &stat),
		CMD_CHECK("by", adjust_by, &by),
		CMD_CHECK("buy", adjust_stat, &buy_stat),
		CMD_VALUE("reason", &reason),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!arg_name(argc, argv) || optind + 1 != argc || !ship || !reason || !*reason ||
	    (stat >= 0) != (by != 0) || (!points && stat < 0 && buy_stat < 0))
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	ret = begin_ship(ctx, argv[optind], ship, &c, &sh);
	if (ret)
		goto out;
	ret = EXIT_DATAERR;
	if ((stat >= 0 || buy_stat >= 0) && strcmp(c.status, "open")) {
		cmd_error("campaign '%s' is %s: stats change only between battles", c.name, c.status);
		goto out;
	}
	if (series_rules(&c, &rules, err, sizeof(err))) {
		cmd_error("%s", err);
		goto out;
	}
	rc = db_battle_last(ctx->db, c.id, &last, err, sizeof(err));
	if (rc && rc != DB_NOT_FOUND)
		goto dberr;
	battle = rc ? 0 : last.number;
	if ((rc = series_record_get(ctx->db, sh.id, &rec, err, sizeof(err))))
		goto dberr;
	if (points || stat >= 0) {
		memset(&l, 0, sizeof(l));
		l.campaign_id = c.id;
		l.ship_id = sh.id;
		l.battle = battle;
		snprintf(l.kind, sizeof(l.kind), "adjust");
		l.points = (int)points;
		if (stat >= 0) {
			int v = hover_record_stat(&rec, stat) + (int)by;

			if (v < (stat == STAT_HULL ? 1 : 0) || v > CAMPAIGN_STAT_MAX) {
				cmd_error("%s %s would be %d (expected %d to %d)", sh.name, stat_name(stat), v,
					  stat == STAT_HULL ? 1 : 0, CAMPAIGN_STAT_MAX);
				goto out;
			}
			snprintf(l.stat, sizeof(l.stat), "%s", stat_name(stat));
			l.delta = (int)by;
			hover_record_set_stat(&rec, stat, v);
		}
		snprintf(l.reason, sizeof(l.reason), "%s", reason);
		time_format_utc(now, l.created_at, sizeof(l.created_at));
		if ((rc = db_ledger_add(ctx->db, &l, err, sizeof(err))) ||
		    (rc = series_record_put(ctx->db, sh.id, &rec, err, sizeof(err))))
			goto dberr;
	}
	if (buy_stat >= 0) {
		char how[300];

		snprintf(how, sizeof(how), "(bought by the game master: %s)", reason);
		rc = series_buy(ctx->db, &c, &rules, &sh, battle, buy_stat, how, now, &cost, err, sizeof(err));
		if (rc == DB_NOT_FOUND) {
			cmd_error("%s: %s", sh.name, err);
			goto out;
		}
		if (rc)
			goto dberr;
	}
	if ((rc = series_record_get(ctx->db, sh.id, &rec, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!ctx->quiet)
		printf("%s: hull %d, shield %d, ballistic %d, energy %d\n", sh.name, rec.hull,
		       rec.shield, rec.ballistic, rec.energy);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	db_campaign_release(&c);
	return ret;
}

int campaign_replace_captain(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *ship = NULL, *captain = NULL, *email = NULL;
	struct db_campaign c;
	struct db_seat sh, *ships = NULL;
	struct db_captain cap, other;
	char err[512], pw[JUDGE_PASSWORD_LEN + 1], hash[DB_HASH_MAX];
	char email_ascii[NAMES_EMAIL_MAX + 1];
	size_t n = 0, i, owned = 0;
	int rc, ret;
	const struct cmd_opt opts[] = {
		CMD_VALUE("ship", &ship),
		CMD_VALUE("captain", &captain),
		CMD_VALUE("email", &email),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!arg_name(argc, argv) || optind + 1 != argc || !ship || !captain || !email)
		return EXIT_USAGE;
	/* The same checks as join: nothing may reach a mail header or a report. */
	if (mailtext_email_option(&email, email_ascii, sizeof(email_ascii), ctx->quiet, err,
				  sizeof(err)) ||
	    names_check(NAMES_CAPTAIN, captain, "--captain", err, sizeof(err)) ||
	    names_check_email(email, "--email", err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	judge_new_password(pw, sizeof(pw));
	if (judge_hash_password(pw, hash, sizeof(hash))) {
		cmd_error("cannot hash the password");
		return EXIT_FAIL;
	}
	ret = begin_ship(ctx, argv[optind], ship, &c, &sh);
	if (ret)
		goto out;
	if ((rc = db_captain_get_id(ctx->db, sh.captain_id, &cap, err, sizeof(err))) ||
	    (rc = db_seat_list(ctx->db, c.id, &ships, &n, err, sizeof(err))))
		goto dberr;
	for (i = 0; i < n; i++)
		owned += ships[i].captain_id == cap.id;
	rc = db_captain_get(ctx->db, c.id, captain, &other, err, sizeof(err));
	if (rc == 0 && other.id != cap.id) {
		cmd_error("campaign '%s' already has a captain named '%s' (to give them the ship, use "
			  "'campaign assign')", c.name, captain);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (rc && rc != DB_NOT_FOUND)
		goto dberr;
	if (owned == 1) {
		/* The captain's only ship: the captain's row is the new captain. */
		snprintf(cap.name, sizeof(cap.name), "%s", captain);
		snprintf(cap.email, sizeof(cap.email), "%s", email);
		snprintf(cap.pwhash, sizeof(cap.pwhash), "%s", hash);
		rc = db_captain_update(ctx->db, &cap, err, sizeof(err));
	} else {
		memset(&other, 0, sizeof(other));
		other.campaign_id = c.id;
		snprintf(other.name, sizeof(other.name), "%s", captain);
		snprintf(other.email, sizeof(other.email), "%s", email);
		snprintf(other.pwhash, sizeof(other.pwhash), "%s", hash);
		snprintf(other.joined_at, sizeof(other.joined_at), "%s", cap.joined_at);
		rc = db_captain_add(ctx->db, &other, err, sizeof(err));
		if (!rc)
			rc = db_seat_set_captain(ctx->db, sh.id, other.id, err, sizeof(err));
	}
	/* The former captain knows this turn's code: a new salt makes it worthless. */
	if (!rc)
		rc = judge_new_code_salt(ctx->db, sh.id, err, sizeof(err));
	/* A vacant seat (RESIGN by mail) has a captain again. */
	if (!rc)
		rc = db_seat_set_resigned(ctx->db, sh.id, NULL, err, sizeof(err));
	if (rc || (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	printf("%s\n", pw);
	fflush(stdout);	/* piped, the password must come before "above" */
	if (!ctx->quiet)
		fprintf(stderr, "mxjudge: %s is now commanded by %s (%s); the password above is shown "
			"only this once\n", sh.name, captain, email);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	free(ships);
	db_campaign_release(&c);
	return ret;
}

int campaign_assign(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *ship = NULL, *captain = NULL;
	struct db_campaign c;
	struct db_seat sh;
	struct db_captain cap;
	char err[512];
	int rc, ret;
	const struct cmd_opt opts[] = {
		CMD_VALUE("ship", &ship),
		CMD_VALUE("captain", &captain),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!arg_name(argc, argv) || optind + 1 != argc || !ship || !captain)
		return EXIT_USAGE;
	ret = begin_ship(ctx, argv[optind], ship, &c, &sh);
	if (ret)
		goto out;
	rc = db_captain_get(ctx->db, c.id, captain, &cap, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no captain named '%s'", c.name, captain);
		ret = EXIT_DATAERR;
		goto out;
	}
	/* A new commander: the former one's codes for the ship are worth nothing. */
	if (rc || (rc = db_seat_set_captain(ctx->db, sh.id, cap.id, err, sizeof(err))) ||
	    (sh.captain_id != cap.id && (rc = judge_new_code_salt(ctx->db, sh.id, err,
								   sizeof(err)))) ||
	    (rc = db_seat_set_resigned(ctx->db, sh.id, NULL, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!ctx->quiet)
		printf("%s is now commanded by %s\n", sh.name, cap.name);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	db_campaign_release(&c);
	return ret;
}

int campaign_remove_ship(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *ship = NULL, *now_arg = NULL;
	struct db_campaign c;
	struct db_seat sh;
	char err[512], when[DB_TIME_MAX];
	int rc, ret;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("ship", &ship),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!arg_name(argc, argv) || optind + 1 != argc || !ship || cmd_now(now_arg, &now))
		return EXIT_USAGE;
	ret = begin_ship(ctx, argv[optind], ship, &c, &sh);
	if (ret)
		goto out;
	ret = EXIT_DATAERR;
	if (strcmp(c.status, "open")) {
		cmd_error("campaign '%s' is %s: ships are removed between battles", c.name, c.status);
		goto out;
	}
	time_format_utc(now, when, sizeof(when));
	if ((rc = db_seat_remove(ctx->db, sh.id, when, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!ctx->quiet)
		printf("%s is removed from %s; its record and ledger are kept\n", sh.name, c.name);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	db_campaign_release(&c);
	return ret;
}

void series_print_standings(const json_t *o, int ledger)
{
	json_t *v, *e;
	size_t i, k;

	json_array_foreach(json_object_get(o, "battles"), i, v)
		printf("  %s\n", json_string_value(json_object_get(v, "line")));
	printf("\nSTANDINGS\n");
	json_array_foreach(json_object_get(o, "standings"), i, v) {
		printf("  %s\n    %s\n", json_string_value(json_object_get(v, "line")),
		       json_string_value(json_object_get(v, "why")));
		json_array_foreach(ledger ? json_object_get(v, "ledger") : NULL, k, e)
			printf("    %s\n", json_string_value(json_object_get(e, "line")));
	}
}

int campaign_standings(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct cmd_target t;
	char err[512];
	json_t *o;
	int json = 0, rc, ret;
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!arg_name(argc, argv) || optind + 1 != argc)
		return EXIT_USAGE;
	if ((rc = cmd_target(ctx, argv[optind], NULL, CMD_TARGET_CAMPAIGN, &t)))
		return rc;
	if (ruleset_find(t.c.ruleset) && !(ruleset_find(t.c.ruleset)->flags & RULESET_SERIES)) {
		cmd_error("campaign '%s' plays %s, a game without matches in series: it has no standings",
			  t.c.name, t.c.ruleset);
		cmd_target_release(ctx, &t);
		return EXIT_DATAERR;
	}
	o = series_standings_json(ctx->db, &t.c, err, sizeof(err));
	if (!o) {
		cmd_error("%s", err);
		cmd_target_release(ctx, &t);
		return EXIT_FAIL;
	}
	ret = EXIT_OK;
	if (json) {
		ret = cmd_print_json(o, 0);
	} else {
		printf("Campaign %s\n", t.c.name);
		series_print_standings(o, 1);
		json_decref(o);
	}
	cmd_target_release(ctx, &t);
	return ret;
}

/* ---------- undo ---------- */

/*
 * The turn to undo: the latest resolved turn of the running battle that
 * is not undone yet (the turn that made the open turn's position).
 * DB_NOT_FOUND when the battle has none.
 */
static int undo_target(struct db *db, const struct db_campaign *c, int first_turn,
		       struct db_turn *t, char *err, size_t errlen)
{
	int n, rc, undone;

	for (n = c->turn - 1; n > first_turn; n--) {
		memset(t, 0, sizeof(*t));
		if ((rc = db_turn_get(db, c->id, n, t, err, errlen)))
			return rc;
		undone = 0;
		if ((rc = db_turn_undone(db, t->id, &undone, err, errlen))) {
			db_turn_release(t);
			return rc;
		}
		if (t->resolved_at[0] && t->state_after && !undone)
			return 0;
		db_turn_release(t);
	}
	return DB_NOT_FOUND;
}

/*
 * The record the undone turn wrote (cmd/process.c's update_record): its
 * disablings and kills taken back, each ship's damage as in `before`.
 */
static int undo_record(struct db *db, const struct db_campaign *c, long long turn_id,
		       const struct game_state *before, char *err, size_t errlen)
{
	struct db_event *ev = NULL;
	struct db_seat *ships = NULL;
	size_t nev = 0, nships = 0, i, k;
	int rc;

	if ((rc = db_event_list(db, turn_id, &ev, &nev, err, errlen)) ||
	    (rc = db_seat_list(db, c->id, &ships, &nships, err, errlen)))
		goto out;
	for (i = 0; i < nships; i++) {
		int idx = game_find_ship(before, ships[i].name);
		struct hover_record rec;

		if (idx < 0)
			continue;
		if ((rc = series_record_get(db, ships[i].id, &rec, err, errlen)))
			goto out;
		rec.damage = before->ships[idx].damage;
		for (k = 0; k < nev; k++) {
			json_error_t jerr;
			json_t *j;
			const char *who, *by;

			if (strcmp(ev[k].type, "disabled"))
				continue;
			j = json_loads(ev[k].json, 0, &jerr);
			who = json_string_value(json_object_get(j, "ship"));
			by = json_string_value(json_object_get(j, "other"));
			if (who && !mx_strcasecmp(who, ships[i].name) && rec.times_disabled > 0)
				rec.times_disabled--;
			if (by && !mx_strcasecmp(by, ships[i].name) && rec.kills > 0)
				rec.kills--;
			json_decref(j);
		}
		if ((rc = series_record_put(db, ships[i].id, &rec, err, errlen)))
			goto out;
	}
out:
	db_event_list_release(ev, nev);
	free(ships);
	return rc;
}

/* One notice per ship of the reopened turn (templates/undo.mustache), queued. */
static int undo_notices(struct db *db, const struct db_campaign *c,
			const struct judge_settings *s, const struct db_turn *open, int undone,
			const struct game_state *st, const char *reason, const char *deadline,
			time_t now, char *err, size_t errlen)
{
	char now_text[DB_TIME_MAX], code[JUDGE_CODE_LEN + 1];
	struct db_order *o = NULL;
	size_t i, k, no = 0;
	int rc, n;

	time_format_utc(now, now_text, sizeof(now_text));
	rc = db_order_list(db, open->id, 1, &o, &no, err, errlen);
	for (i = 0; i < st->nships && !rc; i++) {
		const struct ship *sh = &st->ships[i];
		struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
		struct db_seat ship;
		struct outbox_mail m;
		char key[96];
		json_t *data, *slots;
		int stand = 0;

		if (!ship_is_active(sh))
			continue;
		for (k = 0; k < no; k++)
			stand |= !mx_strcasecmp(o[k].ship, sh->name);
		if ((rc = db_seat_get(db, c->id, sh->name, &ship, err, errlen)) ||
		    (rc = judge_order_code(db, c->id, sh->name, open->number, 1, code, err,
					   errlen)))
			break;
		data = json_pack("{s:s,s:s,s:s,s:i,s:i,s:s,s:s?,s:b,s:i,s:b,s:s,s:[]}", "campaign",
				 c->name, "ship", sh->name, "captain", ship.captain, "turn_undone",
				 undone, "turn", open->number, "deadline", deadline, "reason",
				 reason && *reason ? reason : NULL, "orders_stand", stand,
				 "actions", sh->actions, "one_action", sh->actions == 1, "code",
				 code, "slots");
		slots = json_object_get(data, "slots");
		for (n = 1; data && n <= sh->actions; n++)
			json_array_append_new(slots, json_pack("{s:i}", "n", n));
		if (!data || templates_render_game(reporting_game(s), "undo", reporting_templates_dir(s),
						   data, &body, err, errlen) < 0) {
			if (!data)
				snprintf(err, errlen, "out of memory");
			rc = DB_ERROR;
		}
		json_decref(data);
		if (!rc) {
			strbuf_addf(&subject, "%s: turn %d undone; turn %d replays it", c->name,
				    undone, open->number);
			snprintf(key, sizeof(key), "undo/%lld/%d/%lld", open->id, undone, ship.id);
			memset(&m, 0, sizeof(m));
			m.campaign_id = c->id;
			m.turn_id = open->id;
			m.kind = "undo";
			m.key = key;
			m.recipient = ship.email;
			m.created_at = now_text;
			m.subject = strbuf_str(&subject);
			m.body = strbuf_str(&body);
			rc = outbox_queue(db, &m, NULL, err, errlen);
			if (rc == DB_EXISTS)
				rc = 0;
		}
		strbuf_release(&body);
		strbuf_release(&subject);
	}
	db_order_list_release(o, no);
	return rc;
}

/*
 * campaign undo: the latest resolved turn of the running battle is set
 * aside. Its row, orders, events and dice stay (it is marked undone and
 * still replays); the open turn T starts again from the position the
 * undone turn N started from, with the turn counters moved on so the
 * battle's length is unchanged. The orders that were current for N stand
 * for T, and captains may send new ones; orders already sent for T were
 * written for the undone position and are set aside. T gets a full
 * period from now. Everything in one transaction.
 */
int campaign_undo(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *reason = NULL, *now_arg = NULL;
	struct judge_settings s;
	struct db_campaign c;
	struct db_battle b;
	struct db_turn undo, open;
	struct game_state st;
	char err[512], now_text[DB_TIME_MAX], deadline_utc[DB_TIME_MAX], when[TIME_TEXT_MAX];
	char *state = NULL;
	int rc, ret, first_turn = 0;
	time_t now, deadline;
	const struct cmd_opt opts[] = {
		CMD_VALUE("reason", &reason),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!arg_name(argc, argv) || optind + 1 != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	memset(&undo, 0, sizeof(undo));
	memset(&open, 0, sizeof(open));
	game_state_init(&st);
	ret = judge_begin_load(ctx->db, argv[optind], &c, &s);
	if (ret)
		return ret;
	ret = EXIT_DATAERR;
	/*
	 * Another game's turn drew from streams its players have seen (a hand,
	 * a deal): playing it again would let them fish for better draws.
	 */
	if (play_is_generic(c.ruleset)) {
		cmd_error("campaign '%s' plays %s: only a Hovercrafts turn can be undone (another "
			  "game's draws were seen by its players)", c.name, c.ruleset);
		goto out;
	}
	if (strcmp(c.status, "running") && strcmp(c.status, "paused")) {
		cmd_error("campaign '%s' is %s: only a turn of the battle being fought can be "
			  "undone", c.name, !strcmp(c.status, "open") ? "between battles" : c.status);
		goto out;
	}
	rc = db_battle_last(ctx->db, c.id, &b, err, sizeof(err));
	if (rc && rc != DB_NOT_FOUND)
		goto dberr;
	first_turn = rc ? 0 : b.first_turn;
	if ((rc = db_turn_get(ctx->db, c.id, c.turn, &open, err, sizeof(err))))
		goto dberr;
	rc = undo_target(ctx->db, &c, first_turn, &undo, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s': nothing to undo: no turn of this battle is resolved",
			  c.name);
		goto out;
	}
	if (rc)
		goto dberr;
	ret = EXIT_FAIL;
	if (judge_state_load(&st, undo.state_before, c.name, err, sizeof(err))) {
		cmd_error("%s", err);
		goto out;
	}
	/* Same position, later turn: the scenario counts the battle's turns from start_turn. */
	if (st.scenario)
		st.scenario->start_turn += open.number - undo.number;
	st.turn = open.number;
	state = judge_state_dump(&st);
	if (!state) {
		cmd_error("out of memory");
		goto out;
	}
	time_format_utc(now, now_text, sizeof(now_text));
	deadline = judge_step_deadline(&s, now);
	time_format_utc(deadline, deadline_utc, sizeof(deadline_utc));
	time_format_zone(deadline, s.timezone, when, sizeof(when));
	if ((rc = db_undo_add(ctx->db, c.id, undo.id, open.number, reason, now_text, err,
			      sizeof(err))) ||
	    (rc = undo_record(ctx->db, &c, undo.id, &st, err, sizeof(err))) ||
	    (rc = db_turn_set_before(ctx->db, open.id, state, err, sizeof(err))) ||
	    (rc = db_turn_set_deadline(ctx->db, open.id, deadline_utc, err, sizeof(err))) ||
	    (rc = db_order_void(ctx->db, open.id, err, sizeof(err))) ||
	    (rc = db_order_copy(ctx->db, undo.id, open.id, REPORTING_AUTOPILOT, err,
				sizeof(err))) ||
	    (rc = undo_notices(ctx->db, &c, &s, &open, undo.number, &st, reason, when, now, err,
			       sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!ctx->quiet)
		printf("campaign %s: turn %d undone; turn %d starts again from its position, "
		       "orders due by %s\n", c.name, undo.number, open.number, when);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	free(state);
	game_state_release(&st);
	db_turn_release(&undo);
	db_turn_release(&open);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}
