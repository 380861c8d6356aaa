/*
 * Hovercrafts' steps of a turn (cmd/steps.h): orders sealed before their
 * reading was stored, read again from their text; the autopilot planning
 * every silent ship together; the struct state and its dice table; the
 * ships' record; the battle's end in its series; the reports per captain.
 */
#include "steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/account.h"
#include "cmd.h"
#include "core/hovercrafts/bot.h"
#include "core/hovercrafts/hovercrafts.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/report.h"
#include "core/hovercrafts/turn.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "hover.h"
#include "judge/judge.h"
#include "lib/strbuf.h"
#include "reporting.h"
#include "series.h"
#include "submit.h"

struct hover_turn {
	struct game_state before, after;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list ev;
};

static int hover_begin(struct play_turn *pt, char *err, size_t errlen)
{
	struct hover_turn *h = calloc(1, sizeof(*h));

	if (!h) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	game_state_init(&h->before);
	game_state_init(&h->after);
	event_list_init(&h->ev);
	pt->game = h;
	return judge_state_load(&h->before, pt->t->state_before, pt->c->name, err, errlen);
}

static void hover_end(struct play_turn *pt)
{
	struct hover_turn *h = pt->game;

	if (!h)
		return;
	event_list_release(&h->ev);
	game_state_release(&h->before);
	game_state_release(&h->after);
	free(h);
	pt->game = NULL;
}

static json_t *hover_plan(struct play_turn *pt, const struct db_order *o, size_t n, char *err,
			  size_t errlen)
{
	struct hover_turn *h = pt->game;

	return reporting_orders(&h->before, o, n, err, errlen);
}

/*
 * The autopilot (core/hovercrafts/bot.h) plans the silent ships of seats
 * together, and its orders are sealed like a captain's (understood text
 * REPORTING_AUTOPILOT ...), so reports, `turn show` and verify replay them.
 */
static int hover_autopilot(struct play_turn *pt, const json_t *seats, json_t *plan, char *err,
			   size_t errlen)
{
	struct hover_turn *h = pt->game;
	const struct game_state *st = &h->before;
	struct turn_plan *plans = h->plans;
	unsigned char mine[GAME_MAX_SHIPS];
	struct bot bot;
	json_t *all;
	size_t i, k;
	int rc = 0, any = 0;

	if (hover_plans_from_json(st, plan, plans, err, errlen))
		return DB_ERROR;
	memset(mine, 0, sizeof(mine));
	for (i = 0; i < st->nships; i++) {
		int named = 0;

		for (k = 0; k < json_array_size(seats) && !named; k++)
			named = !mx_strcasecmp(json_string_value(json_array_get(seats, k)),
					       st->ships[i].name);
		mine[i] = named && ship_is_active(&st->ships[i]) && !plans[i].received;
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
		json_t *acts, *reading;
		int a;

		if (!mine[i])
			continue;
		plans[i].received = TURN_AUTOPILOT;
		strbuf_addf(&raw, "; no orders were received: the autopilot flies %s\n"
			    "GAME %s\nSHIP %s\nTURN %d\n", name, pt->c->name, name, pt->t->number);
		strbuf_addf(&said, "%sSHIP %s\n", REPORTING_AUTOPILOT, name);
		for (a = 0; a < plans[i].n; a++) {
			strbuf_addf(&raw, "%d-%s\n", a + 1, action_name(plans[i].act[a]));
			strbuf_addf(&said, "%d-%s\n", a + 1, action_name(plans[i].act[a]));
		}
		strbuf_addstr(&raw, "END\n");
		memset(&o, 0, sizeof(o));
		acts = json_array();
		for (a = 0; acts && a < plans[i].n; a++)
			json_array_append_new(acts, json_string(action_name(plans[i].act[a])));
		reading = acts ? json_pack("{s:{s:o,s:b}}", name, "actions", acts, "autopilot", 1) : NULL;
		o.reading = reading ? json_dumps(reading, JSON_COMPACT) : NULL;
		json_decref(reading);
		if (raw.failed || said.failed || !o.reading) {
			snprintf(err, errlen, "out of memory");
			rc = DB_ERROR;
		} else if (!(rc = db_ship_get(pt->db, pt->c->id, name, &ship, err, errlen))) {
			o.turn_id = pt->t->id;
			o.ship_id = ship.id;
			o.captain_id = ship.captain_id;
			o.raw = (char *)strbuf_str(&raw);
			o.understood = (char *)strbuf_str(&said);
			judge_digest(o.raw, o.digest);
			snprintf(o.received_at, sizeof(o.received_at), "%s", pt->now_text);
			rc = db_order_submit(pt->db, &o, err, errlen);
		}
		strbuf_release(&raw);
		strbuf_release(&said);
		free(o.reading);
	}
	bot_release(&bot);
	if (rc)
		return rc;
	if (!(all = hover_plans_to_json(st, plans)) || json_object_clear(plan) ||
	    json_object_update(plan, all)) {
		json_decref(all);
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	json_decref(all);
	return 0;
}

static char *hover_play(struct play_turn *pt, const json_t *plan, char *err, size_t errlen)
{
	struct hover_turn *h = pt->game;
	uint64_t seed;
	char *text;

	if (judge_parse_u64(pt->t->seed, &seed)) {
		snprintf(err, errlen, "bad seed '%s'", pt->t->seed);
		return NULL;
	}
	/* hover_turn reads the plans from plan into h->plans, for the reports. */
	if (reporting_play(&h->before, plan, seed, pt->rs->rules_version, &h->after, h->plans,
			   &h->ev, err, errlen))
		return NULL;
	if (!(text = judge_state_dump(&h->after)))
		snprintf(err, errlen, "out of memory");
	return text;
}

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
		struct hover_record r;

		if (idx < 0)
			continue;
		/* The record is the seat's data (core/hovercrafts/record.h). */
		if ((rc = series_record_get(db, ships[i].id, &r, err, errlen)))
			break;
		r.damage = st->ships[idx].damage;
		for (k = 0; k < ev->n; k++) {
			if (ev->ev[k].type != EV_DISABLED)
				continue;
			r.times_disabled += ev->ev[k].ship == idx;
			r.kills += ev->ev[k].other == idx;
		}
		if ((st->winner == WINNER_ZION && st->ships[idx].team == TEAM_ZION) ||
		    (st->winner == WINNER_MACHINES && st->ships[idx].team == TEAM_MACHINES))
			r.wins++;
		if ((rc = series_record_put(db, ships[i].id, &r, err, errlen)))
			break;
	}
	free(ships);
	return rc;
}

static int hover_store(struct play_turn *pt, char *err, size_t errlen)
{
	struct hover_turn *h = pt->game;
	int rc;

	if ((rc = judge_store_events(pt->db, pt->t->id, &h->after, &h->ev, err, errlen)))
		return rc;
	return update_record(pt->db, pt->c->id, &h->after, &h->ev, err, errlen);
}

/* Points, record, and "open" again when more battles follow (cmd/series.c). */
static int hover_over(struct play_turn *pt, char *err, size_t errlen)
{
	struct hover_turn *h = pt->game;

	snprintf(pt->c->status, sizeof(pt->c->status), "finished");
	if (db_campaign_set_result(pt->c, winner_name(h->after.winner))) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	return series_end_battle(pt->db, pt->c, &h->after, pt->t->number,
				 report_agreed_line(&h->ev), pt->now, err, errlen);
}

static int hover_queue(struct play_turn *pt, time_t deadline, char *err, size_t errlen)
{
	struct hover_turn *h = pt->game;

	return judge_queue_reports(pt->db, pt->c, pt->s, pt->t->id, pt->t->number, &h->before,
				   &h->after, &h->ev, h->plans, NULL, deadline, pt->now, err, errlen);
}

static void hover_said_over(struct play_turn *pt, char *buf, size_t len)
{
	enum winner w = ((struct hover_turn *)pt->game)->after.winner;

	snprintf(buf, len, "the battle is over: %s", w == WINNER_DRAW ? "a draw" :
		 w == WINNER_ZION ? "Zion wins" : "the Machines win");
}

/* ---------- its orders text (cmd/steps.h: struct play_form) ---------- */

static int hover_form_parse(struct submit_envelope *env, const struct ruleset *rs,
			    const char *text, const char *name, char *err, size_t errlen)
{
	struct orders_doc *doc = calloc(1, sizeof(*doc));
	size_t i;

	(void)rs;
	if (!doc) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	orders_doc_init(doc);
	env->form = doc;
	if (orders_parse(doc, text, name, ORDERS_SUBMISSION, err, errlen))
		return -1;
	snprintf(env->game, sizeof(env->game), "%s", doc->game);
	env->game_line = doc->game_line;
	snprintf(env->password, sizeof(env->password), "%s", doc->password);
	snprintf(env->code, sizeof(env->code), "%s", doc->code);
	env->turn = doc->turn;
	/* More than SUBMIT_MAX_SEATS are refused by the judge, in its order of checks. */
	env->nseats = doc->n;
	for (i = 0; i < doc->n && i < SUBMIT_MAX_SEATS; i++) {
		snprintf(env->seat[i], sizeof(env->seat[i]), "%s", doc->blocks[i].ship);
		env->seat_line[i] = doc->blocks[i].ship_line;
	}
	return 0;
}

/* Between battles a campaign takes UPGRADE orders instead (cmd/series.c). */
static int hover_form_other(struct submit_envelope *env, struct db *db, const char *name,
			    const struct submit_auth *auth, time_t now, int store,
			    struct submit_result *res)
{
	const struct orders_doc *doc = env->form;
	int ret;

	if (!orders_has_upgrades(doc))
		return -1;
	ret = series_upgrade_submit(db, doc, name, auth, now, store, res);
	if (!ret && !(res->understood = strdup(res->receipt)))
		ret = EXIT_FAIL;
	return ret;
}

static int hover_form_waiting(struct db *db, const struct db_campaign *c,
			      const struct judge_settings *s, const char *name, int game_line,
			      char *err, size_t errlen)
{
	char when[256];
	int next;

	if (!series_between(db, c, s, &next, when, sizeof(when)))
		return 0;
	snprintf(err, errlen, "%s:%d: campaign '%s' is between battles %d and %d: no turn takes "
		 "moves now, only UPGRADE lines (your report after battle %d lists the prices). %s",
		 name, game_line, c->name, next - 1, next, next - 1, when);
	return 1;
}

static json_t *hover_form_read(struct submit_envelope *env, const struct ruleset *rs,
			       const char *const *seats, const char *state, const char *campaign,
			       int turn, const char *name, int *code, char *err, size_t errlen)
{
	struct orders_doc *doc = env->form;
	struct game_state st;
	struct turn_plan plans[GAME_MAX_SHIPS];
	json_t *reading = NULL;

	(void)rs;
	(void)seats;
	(void)turn;
	*code = EXIT_FAIL;
	if (judge_state_load(&st, state, campaign, err, errlen))
		return NULL;
	if (orders_validate(doc, &st, name, err, errlen)) {
		*code = EXIT_DATAERR;
		goto out;
	}
	/* The ruleset's reading, stored beside the text: {SHIP: [ACTION, ...]} per block. */
	turn_plans_from_orders(&st, doc, plans);
	if (!(reading = hover_plans_to_json(&st, plans)))
		snprintf(err, errlen, "out of memory");
out:
	game_state_release(&st);
	return reading;
}

/* The orders as the judge read them: one block, or every block. */
static char *hover_form_understood(const struct submit_envelope *env, int i)
{
	const struct orders_doc *doc = env->form;
	struct strbuf sb = STRBUF_INIT;
	size_t k;

	if (i >= 0)
		return orders_format(&doc->blocks[i]);
	for (k = 0; k < doc->n; k++) {
		char *one = orders_format(&doc->blocks[k]);

		if (!one) {
			strbuf_release(&sb);
			return NULL;
		}
		strbuf_addstr(&sb, one);
		if (!doc->blocks[k].n)
			strbuf_addstr(&sb, "(no actions: idle all turn)\n");
		free(one);
	}
	return strbuf_detach(&sb, NULL);
}

/* The receipt's "ships": each block's actions, numbered (mxjudge-templates(5)). */
static int hover_form_receipt(const struct submit_envelope *env, json_t *data)
{
	const struct orders_doc *doc = env->form;
	json_t *ships = json_array();
	size_t i;

	for (i = 0; ships && i < doc->n; i++) {
		json_t *acts = json_array();
		int k;

		for (k = 0; k < doc->blocks[i].n; k++)
			json_array_append_new(acts, json_pack("{s:i,s:s}", "n", k + 1, "action",
							      action_name(doc->blocks[i].act[k])));
		json_array_append_new(ships, json_pack("{s:s,s:o}", "ship", doc->blocks[i].ship,
						       "actions", acts));
	}
	return ships ? json_object_set_new(data, "ships", ships) : -1;
}

static void hover_form_release(struct submit_envelope *env)
{
	if (env->form)
		orders_doc_release(env->form);
	free(env->form);
	env->form = NULL;
}

static const struct play_form hover_form = {
	.parse = hover_form_parse,
	.other = hover_form_other,
	.waiting = hover_form_waiting,
	.orders_word = "actions",
	.read = hover_form_read,
	.understood = hover_form_understood,
	.receipt = hover_form_receipt,
	.release = hover_form_release,
};

const struct play_steps hover_steps = {
	.begin = hover_begin,
	.end = hover_end,
	.plan = hover_plan,
	.autopilot = hover_autopilot,
	.resolve = hover_play,
	.store = hover_store,
	.over = hover_over,
	.queue = hover_queue,
	.said_over = hover_said_over,
	.form = &hover_form,
};
