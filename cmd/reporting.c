/*
 * reporting: a stored Hovercrafts turn replayed into its report model
 * (core/hovercrafts/report.h) and rendered mails; cmd/reporting.h.
 */
#include "reporting.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "hover.h"
#include "core/draw.h"
#include "core/hovercrafts/hovercrafts.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/report.h"
#include "core/hovercrafts/state_json.h"
#include "core/ruleset.h"
#include "series.h"
#include "judge/timeutil.h"
#include "judge/vote.h"

void turn_replay_init(struct turn_replay *r)
{
	memset(r, 0, sizeof(*r));
	game_state_init(&r->before);
	game_state_init(&r->after);
	event_list_init(&r->events);
}

void turn_replay_release(struct turn_replay *r)
{
	db_turn_release(&r->turn);
	game_state_release(&r->before);
	game_state_release(&r->after);
	event_list_release(&r->events);
	turn_replay_init(r);
}

/* The judge's agreement "AGREE DRAW\n" or "AGREE CONCEDE\n" as ship idx's entry of orders. */
static int reporting_agreement(const struct game_state *st, int idx, const char *text,
			       const char *name, json_t *orders, char *err, size_t errlen)
{
	const char *w = text + strlen(VOTE_AGREE);
	const char *what = !strcmp(w, "DRAW\n") ? "draw" : !strcmp(w, "CONCEDE\n") ? "concede" : NULL;

	if (!what) {
		snprintf(err, errlen, "%s: %s: expected AGREE DRAW or AGREE CONCEDE", name,
			 st->ships[idx].name);
		return -1;
	}
	if (json_object_set_new(orders, st->ships[idx].name,
				json_pack("{s:s,s:s}", "judge", "agree", "what", what))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

int reporting_add_order(const struct game_state *st, const char *ship, const char *text,
			const char *name, int flags, int autopilot, json_t *orders, char *err,
			size_t errlen)
{
	struct turn_plan one[GAME_MAX_SHIPS];
	struct orders_doc doc;
	json_t *mine;
	int idx = game_find_ship(st, ship);

	if (idx < 0)
		return 0;
	/*
	 * The judge's agreement (a VOTE that passed, cmd/vote.h) in understood
	 * text (ORDERS_PLAIN, as `turn show` publishes it), never in a
	 * captain's submission.
	 */
	if (flags == ORDERS_PLAIN && !strncmp(text, VOTE_AGREE, strlen(VOTE_AGREE)))
		return reporting_agreement(st, idx, text, name, orders, err, errlen);
	if (!strncmp(text, REPORTING_AUTOPILOT, strlen(REPORTING_AUTOPILOT))) {
		text += strlen(REPORTING_AUTOPILOT);
		autopilot = 1;
	}
	if (orders_parse(&doc, text, name, flags, err, errlen))
		return -1;
	turn_plans_from_orders(st, &doc, one);
	orders_doc_release(&doc);
	/* A submission may name several ships: take only the one it is stored for. */
	if (autopilot && one[idx].received)
		one[idx].received = TURN_AUTOPILOT;
	memset(one, 0, (size_t)idx * sizeof(one[0]));
	memset(one + idx + 1, 0, (st->nships - (size_t)idx - 1) * sizeof(one[0]));
	mine = hover_plans_to_json(st, one);
	if (!mine || json_object_update(orders, mine)) {
		json_decref(mine);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	json_decref(mine);
	return 0;
}

json_t *reporting_orders(const struct game_state *st, const struct db_order *o, size_t n,
			 char *err, size_t errlen)
{
	json_t *orders = json_object();
	size_t i;

	for (i = 0; orders && i < n; i++) {
		int autopilot = o[i].understood && !strncmp(o[i].understood, REPORTING_AUTOPILOT,
							    strlen(REPORTING_AUTOPILOT));
		/* The judge's own agreement is read from its understood text, never a captain's. */
		int agreed = o[i].understood && !strncmp(o[i].understood, VOTE_AGREE,
							 strlen(VOTE_AGREE));

		if (agreed && game_find_ship(st, o[i].ship) >= 0) {
			if (reporting_agreement(st, game_find_ship(st, o[i].ship), o[i].understood,
						"sealed orders", orders, err, errlen)) {
				json_decref(orders);
				return NULL;
			}
			continue;
		}
		if (reporting_add_order(st, o[i].ship, o[i].raw,
					"sealed orders", ORDERS_SUBMISSION, autopilot, orders,
					err, errlen)) {
			json_decref(orders);
			return NULL;
		}
	}
	if (!orders)
		snprintf(err, errlen, "out of memory");
	return orders;
}

int reporting_play(const struct game_state *before, const json_t *orders, uint64_t seed,
		   int rules_version, struct game_state *after, struct turn_plan *plans, struct event_list *ev,
		   char *err, size_t errlen)
{
	struct draw_seeded seeded;
	struct draw_source draws;

	draw_seeded_init(&seeded, seed, NULL, before->turn);
	draws = draw_seeded_source(&seeded, NULL);
	game_state_release(after);
	if (game_state_copy(after, before)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	after->rules_version = rules_version;
	return hover_turn(after, orders, &draws, plans, ev, err, errlen);
}

int reporting_replay(struct db *db, const struct db_campaign *c, int turn,
		     struct turn_replay *r, char *err, size_t errlen)
{
	struct db_order *orders = NULL;
	json_t *plan_json = NULL;
	char inner[512], *again = NULL;
	size_t norders = 0;
	uint64_t seed;
	int rc;

	rc = db_turn_get(db, c->id, turn, &r->turn, err, errlen);
	if (rc == DB_NOT_FOUND || (!rc && !r->turn.resolved_at[0]) || (!rc && !r->turn.state_after)) {
		snprintf(err, errlen, "campaign '%s' has no resolved turn %d", c->name, turn);
		return EXIT_DATAERR;
	}
	if (rc)
		return judge_db_exit(rc);
	rc = EXIT_FAIL;
	if (judge_state_load(&r->before, r->turn.state_before, c->name, err, errlen))
		goto out;
	if ((rc = db_order_list(db, r->turn.id, 1, &orders, &norders, err, errlen))) {
		rc = judge_db_exit(rc);
		goto out;
	}
	rc = EXIT_FAIL;
	if (!(plan_json = reporting_orders(&r->before, orders, norders, inner, sizeof(inner))) ||
	    judge_parse_u64(r->turn.seed, &seed)) {
		snprintf(err, errlen, "campaign '%s', turn %d: stored orders or seed unreadable", c->name, turn);
		goto out;
	}
	/* Replayed under the rules it was resolved under (turns before schema 7: 1). */
	if (reporting_play(&r->before, plan_json, seed,
			   r->turn.rules_version > 0 ? r->turn.rules_version : GAME_RULES_LONGEST_LIST,
			   &r->after, r->plans, &r->events, inner,
			   sizeof(inner))) {
		snprintf(err, errlen, "campaign '%s', turn %d: %s", c->name, turn, inner);
		goto out;
	}
	again = judge_state_dump(&r->after);
	if (!again || strcmp(again, r->turn.state_after)) {
		snprintf(err, errlen, "campaign '%s', turn %d: replaying the stored inputs does not give "
			 "the stored result (was the database edited, or the judge changed?)", c->name, turn);
		goto out;
	}
	rc = 0;
out:
	json_decref(plan_json);
	free(again);
	db_order_list_release(orders, norders);
	return rc;
}

static void zone_time(const char *utc, const char *zone, char *buf, size_t len)
{
	time_t t;

	if (!utc || time_parse_iso(utc, &t)) {
		snprintf(buf, len, "%s", utc ? utc : "");
		return;
	}
	time_format_zone(t, zone, buf, len);
}

/*
 * Verifiable dice: the seed of the turn just played, revealed, and the
 * commitment to the next turn's seed, published before its orders are due.
 */
static void add_seeds(struct db *db, const struct db_campaign *c, int turn, json_t *m)
{
	struct db_turn t, next;
	char commit[65], err[256], check[512], text[256];

	memset(&t, 0, sizeof(t));
	memset(&next, 0, sizeof(next));
	if (!db_turn_get(db, c->id, turn, &t, err, sizeof(err)) && t.resolved_at[0]) {
		judge_seed_commitment(c->name, turn, t.seed, commit);
		/* After "Check it:  " in templates/dice.mustache. */
		snprintf(text, sizeof(text), "mxjudge:%s:turn:%d:seed:%s", c->name, turn, t.seed);
		judge_check_command(text, 11, 13, check, sizeof(check));
		json_object_set_new(m, "seed", json_pack("{s:i,s:s,s:s,s:s,s:b}", "turn", turn,
							 "value", t.seed, "commitment", commit,
							 "check", check, "announced", turn > 0));
	}
	if (!db_turn_get(db, c->id, turn + 1, &next, err, sizeof(err)) && !next.resolved_at[0]) {
		judge_seed_commitment(c->name, turn + 1, next.seed, commit);
		json_object_set_new(m, "next_seed", json_pack("{s:i,s:s}", "turn", turn + 1,
							      "commitment", commit));
	}
	db_turn_release(&t);
	db_turn_release(&next);
}

json_t *reporting_model_parts(struct db *db, const struct db_campaign *c,
			      const struct judge_settings *s, int turn,
			      const struct game_state *before, const struct game_state *after,
			      const struct event_list *ev,
			      const struct turn_plan *plans, const char *resolved_at_utc,
			      const char *deadline_utc, char *err, size_t errlen)
{
	struct db_seat *ships = NULL;
	const char *captains[GAME_MAX_SHIPS];
	char resolved[TIME_TEXT_MAX], deadline[TIME_TEXT_MAX];
	const struct ruleset *rs = ruleset_default();
	size_t n = 0, i;
	json_t *m, *in;
	int rc;

	if ((rc = db_seat_list(db, c->id, &ships, &n, err, errlen)))
		return NULL;
	memset(captains, 0, sizeof(captains));
	for (i = 0; i < after->nships; i++) {
		size_t k;

		for (k = 0; k < n; k++)
			if (!strcmp(ships[k].name, after->ships[i].name))
				captains[i] = ships[k].captain;
	}
	zone_time(resolved_at_utc, s->timezone, resolved, sizeof(resolved));
	zone_time(deadline_utc, s->timezone, deadline, sizeof(deadline));
	/* The game's report_model hook (core/ruleset.h) builds it, from JSON. */
	in = json_pack("{s:s,s:i,s:o,s:o,s:b,s:s,s:s?,s:o}", "campaign", c->name, "turn", turn,
		       "after", state_to_json(after), "events", events_to_json(after, ev),
		       "phase_maps", s->phase_maps, "resolved_at", resolved, "deadline",
		       deadline_utc && after->winner == WINNER_NONE ? deadline : NULL,
		       "captains", json_object());
	for (i = 0; in && i < after->nships; i++)
		if (captains[i])
			json_object_set_new(json_object_get(in, "captains"), after->ships[i].name,
					    json_string(captains[i]));
	if (in && before)
		json_object_set_new(in, "before", state_to_json(before));
	if (in && plans)
		json_object_set_new(in, "orders", hover_plans_to_json(after, plans));
	m = in ? rs->report_model(in, err, errlen) : NULL;
	json_decref(in);
	if (!in)
		snprintf(err, errlen, "out of memory");
	if (m) {
		json_object_set_new(m, "timezone", json_string(s->timezone));
		add_seeds(db, c, turn, m);
	}
	/* A campaign in series: standings, and why each ship has its stats. */
	if (m && series_model(db, c, m, err, errlen) < 0) {
		json_decref(m);
		m = NULL;
	}
	free(ships);
	return m;
}

json_t *reporting_model(struct db *db, const struct db_campaign *c,
			const struct judge_settings *s, const struct turn_replay *r,
			char *err, size_t errlen)
{
	struct db_turn next;
	const char *deadline = NULL;
	json_t *m;

	memset(&next, 0, sizeof(next));
	if (!db_turn_get(db, c->id, r->turn.number + 1, &next, err, errlen))
		deadline = next.deadline;
	m = reporting_model_parts(db, c, s, r->turn.number, &r->before, &r->after, &r->events, r->plans,
				  r->turn.resolved_at, deadline, err, errlen);
	db_turn_release(&next);
	return m;
}

int reporting_for_ship(struct db *db, const struct db_campaign *c,
		       const struct judge_settings *settings, json_t *model,
		       const struct game_state *after, int idx, int next_turn, char *err,
		       size_t errlen)
{
	struct db_seat ship;
	char code[JUDGE_CODE_LEN + 1] = "";
	int rc;

	memset(&ship, 0, sizeof(ship));
	rc = db_seat_get(db, c->id, after->ships[idx].name, &ship, err, errlen);
	if (rc)
		return -1;
	/* The code the mailed report carried; read only: no key is made here. */
	if (after->winner == WINNER_NONE &&
	    judge_order_code(db, c->id, ship.name, next_turn, 0, code, err, errlen))
		code[0] = '\0';
	if (report_for_captain(model, after, idx, ship.captain, code) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	/* Between battles, the UPGRADE block the mailed report carried. */
	if (after->winner != WINNER_NONE && settings &&
	    series_between_model(db, c, settings, ship.captain_id, next_turn, 0, model, err,
				 errlen) < 0)
		return -1;
	return 0;
}

const char *reporting_templates_dir(const struct judge_settings *s)
{
	return s->templates[0] ? s->templates : NULL;
}

const char *reporting_game(const struct judge_settings *s)
{
	/* A struct filled by hand (campaign new) may leave the game unnamed: Hovercrafts. */
	return s->ruleset[0] ? s->ruleset : "hovercrafts";
}
