/*
 * Hovercrafts' steps of a turn (cmd/steps.h): the struct state and
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

const struct play_steps hover_steps = {
	.begin = hover_begin,
	.end = hover_end,
	.resolve = hover_play,
	.store = hover_store,
	.over = hover_over,
	.queue = hover_queue,
};
