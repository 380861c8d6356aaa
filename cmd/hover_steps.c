/*
 * Hovercrafts' steps of a turn (cmd/steps.h): orders sealed before their
 * reading was stored, read again from their text; the struct state and
 * its dice table; the ships' record; the battle's end in its series; the
 * reports per captain.
 */
#include "steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge/account.h"
#include "cmd.h"
#include "core/hovercrafts/hovercrafts.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/report.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "hover.h"
#include "judge/judge.h"
#include "lib/strbuf.h"
#include "judge/silent.h"
#include "reporting.h"
#include "judge/series.h"
#include "judge/submit.h"

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

static int hover_store(struct play_turn *pt, char *err, size_t errlen)
{
	struct hover_turn *h = pt->game;
	int rc;

	json_t *outcome;

	if ((rc = judge_store_events(pt->db, pt->t->id, &h->after, &h->ev, err, errlen)))
		return rc;
	/* The ships' records: the ruleset's turn_records, stored by the judge. */
	outcome = json_pack("{s:o,s:o}", "state", state_to_json(&h->after), "events",
			    events_to_json(&h->after, &h->ev));
	if (!outcome) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	rc = play_turn_records(pt->db, pt->c->id, pt->rs, outcome, err, errlen);
	json_decref(outcome);
	return rc;
}

/* Points, record, and "open" again when more battles follow (judge/series.h). */
static int hover_over(struct play_turn *pt, char *err, size_t errlen)
{
	struct hover_turn *h = pt->game;
	json_t *after;
	int rc;

	snprintf(pt->c->status, sizeof(pt->c->status), "finished");
	if (db_campaign_set_result(pt->c, winner_name(h->after.winner))) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	if (!(after = state_to_json(&h->after))) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	rc = series_match_over(pt->db, pt->c, pt->rs, after, pt->t->number,
			       report_agreed_line(&h->ev), pt->now, err, errlen);
	json_decref(after);
	return rc;
}

static int hover_queue(struct play_turn *pt, time_t deadline, char *err, size_t errlen)
{
	struct hover_turn *h = pt->game;

	return judge_queue_reports(pt->db, pt->c, pt->s, pt->t->id, pt->t->number, &h->before,
				   &h->after, &h->ev, h->plans, NULL, deadline, pt->now, err, errlen);
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

/* Between battles a campaign takes UPGRADE orders instead (judge/series.h). */
static int hover_form_other(struct submit_envelope *env, struct db *db, const char *name,
			    const struct submit_auth *auth, time_t now, int store,
			    struct submit_result *res)
{
	return series_orders_between(db, NULL, env->text, name, auth, now, store, res);
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
	.waiting = series_waiting,
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
	.resolve = hover_play,
	.store = hover_store,
	.over = hover_over,
	.queue = hover_queue,
	.form = &hover_form,
};
