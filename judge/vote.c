/*
 * Votes by mail (judge/vote.h): the sender's seats vote for a draw or to
 * concede, or withdraw; when the proposal has every seat it needs, the
 * judge seals its agreement for them and the open turn is due at once.
 */
#include "vote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/engine.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "judge.h"
#include "press.h"
#include "seat.h"
#include "timeutil.h"

static int vote_has(const json_t *list, const char *seat)
{
	size_t i;
	json_t *v;

	json_array_foreach(list, i, v)
		if (json_is_string(v) && !strcasecmp(json_string_value(v), seat))
			return 1;
	return 0;
}

static void vote_drop(json_t *list, const char *seat)
{
	size_t i = json_array_size(list);

	while (i-- > 0)
		if (!strcasecmp(json_string_value(json_array_get(list, i)) ?
				json_string_value(json_array_get(list, i)) : "", seat))
			json_array_remove(list, i);
}

/* The list of what in the votes of turn, made (and the stale votes of an older turn dropped). */
static json_t *vote_list(json_t *settings, int turn, const char *what)
{
	json_t *votes = json_object_get(settings, "votes"), *list;

	if (!json_is_object(votes) || json_integer_value(json_object_get(votes, "turn")) != turn) {
		votes = json_pack("{s:i,s:[],s:[]}", "turn", turn, "draw", "concede");
		if (!votes || json_object_set_new(settings, "votes", votes))
			return NULL;
	}
	list = json_object_get(votes, what);
	if (!json_is_array(list)) {
		list = json_array();
		if (!list || json_object_set_new(votes, what, list))
			return NULL;
	}
	return list;
}

/* Seals the judge's agreement {"judge": "agree", "what"} as seat's current orders. A db code. */
static int vote_seal(struct db *db, const struct db_campaign *c, const struct db_turn *t,
		     const char *seat, const char *what, const char *now_text, char *err,
		     size_t errlen)
{
	const char *word = !strcmp(what, "draw") ? "DRAW" : "CONCEDE";
	struct db_seat ship;
	struct db_order o;
	char raw[256], said[64];
	json_t *reading;
	int rc;

	if ((rc = db_seat_get(db, c->id, seat, &ship, err, errlen)))
		return rc;
	reading = json_pack("{s:{s:s,s:s}}", ship.name, "judge", "agree", "what", what);
	memset(&o, 0, sizeof(o));
	snprintf(said, sizeof(said), "%s%s\n", VOTE_AGREE, word);
	snprintf(raw, sizeof(raw), "%s%s (the judge: every seat it needed voted %s by mail)\n",
		 VOTE_AGREE, word, word);
	o.turn_id = t->id;
	o.ship_id = ship.id;
	o.captain_id = ship.captain_id;
	o.raw = raw;
	o.understood = said;
	o.reading = reading ? json_dumps(reading, JSON_COMPACT) : NULL;
	judge_digest(o.raw, o.digest);
	snprintf(o.received_at, sizeof(o.received_at), "%s", now_text);
	if (!o.reading) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
	} else {
		rc = db_order_submit(db, &o, err, errlen);
	}
	free(o.reading);
	json_decref(reading);
	return rc;
}

int vote_cast(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
	      const char *what_word, const char *mail_text, const char *sender, time_t now,
	      json_t **answer, char *err, size_t errlen)
{
	const char *what = !strcasecmp(what_word, "DRAW") ? "draw" :
			   !strcasecmp(what_word, "CONCEDE") ? "concede" : NULL;
	struct seat_cmd a;
	struct db_turn t;
	const struct ruleset *rs = NULL;
	json_t *state = NULL, *due = NULL, *all = NULL, *mine = NULL, *need = NULL, *list, *v;
	char why[512], now_text[DB_TIME_MAX], *text = NULL;
	time_t deadline;
	size_t i, k;
	int rc, passed = 0;

	*answer = NULL;
	memset(&t, 0, sizeof(t));
	if ((rc = seat_open(db, caps, ncaps, campaign, &a, answer, err, errlen)))
		goto out;
	rs = ruleset_find(a.c.ruleset);
	if (!a.cap || strcmp(a.c.status, "running") || !rs || !rs->agree) {
		rc = seat_refuse(&a, !a.cap ? "You play no seat in this campaign." :
				 strcmp(a.c.status, "running") ? "The campaign is not being played now." :
				 "This game takes no votes: it ends only by play.", answer);
		goto out;
	}
	if ((rc = seat_auth(db, &a, mail_text, sender, now, "vote", 0, answer, err, errlen)))
		goto out;
	/* Read again under the write lock: a vote mailed at the same moment counts too. */
	if ((rc = db_begin(db, err, errlen)))
		goto out;
	db_campaign_release(&a.c);
	if ((rc = db_campaign_get(db, campaign, &a.c, err, errlen)) ||
	    (rc = db_turn_get(db, a.c.id, a.c.turn, &t, err, errlen)))
		goto tx_fail;
	rc = DB_ERROR;
	if (strcmp(a.c.status, "running") || t.resolved_at[0]) {
		db_rollback(db);
		*answer = seat_refused(a.c.name, "The campaign is not being played now.");
		rc = 0;
		goto out;
	}
	/* As orders (judge/submit.c): past the open turn's deadline a vote counts for nothing. */
	if (time_parse_iso(t.deadline, &deadline)) {
		snprintf(err, errlen, "campaign '%s': bad deadline '%s'", a.c.name, t.deadline);
		goto tx_fail;
	}
	deadline = judge_effective_deadline(&a.c, deadline, now);
	if (now > deadline) {
		char when[TIME_TEXT_MAX];

		db_rollback(db);
		time_format_zone(deadline, a.s.timezone, when, sizeof(when));
		snprintf(why, sizeof(why), "Turn %d closed at %s; it takes no more votes.", t.number,
			 when);
		*answer = seat_refused(a.c.name, why);
		rc = 0;
		goto out;
	}
	if (!(state = json_loads(t.state_before, 0, NULL)) || !(all = json_loads(a.c.settings, 0, NULL)) ||
	    !(mine = json_array()) || !(need = json_array())) {
		snprintf(err, errlen, "campaign '%s', turn %d: unreadable state or settings", a.c.name,
			 a.c.turn);
		goto tx_fail;
	}
	due = engine_waiting_for(rs, state);
	/* The sender's seats in play (for a concession, of the first seat's side). */
	json_array_foreach(due, i, v)
		for (k = 0; k < a.n; k++)
			if (!strcasecmp(a.ships[k].name, json_string_value(v)) &&
			    a.ships[k].captain_id == a.cap->id &&
			    (!what || strcmp(what, "concede") || !strcmp(a.ships[k].team, a.from->team)))
				json_array_append_new(mine, json_string(a.ships[k].name));
	if (!json_array_size(mine)) {
		db_rollback(db);
		*answer = seat_refused(a.c.name, "None of your seats is in play now.");
		rc = 0;
		goto out;
	}
	if (!what) {		/* WITHDRAW: from both proposals */
		json_t *draw = vote_list(all, a.c.turn, "draw"), *concede = vote_list(all, a.c.turn, "concede");

		if (!draw || !concede)
			goto nomem;
		json_array_foreach(mine, i, v) {
			vote_drop(draw, json_string_value(v));
			vote_drop(concede, json_string_value(v));
		}
	} else {
		if (!(list = vote_list(all, a.c.turn, what)))
			goto nomem;
		json_array_foreach(mine, i, v)
			if (!vote_has(list, json_string_value(v)))
				json_array_append(list, v);
		/* Who must agree: every seat in play, or every one of the side that concedes. */
		json_array_foreach(due, i, v)
			for (k = 0; k < a.n; k++)
				if (!strcasecmp(a.ships[k].name, json_string_value(v)) &&
				    (!strcmp(what, "draw") ||
				     (rs->sides ? !strcmp(a.ships[k].team, a.from->team) :
						  vote_has(mine, a.ships[k].name))))
					json_array_append_new(need, json_string(a.ships[k].name));
		passed = json_array_size(need) > 0;
		json_array_foreach(need, i, v)
			passed &= vote_has(list, json_string_value(v));
	}
	time_format_utc(now, now_text, sizeof(now_text));
	if (passed) {
		json_object_del(all, "votes");
		json_array_foreach(need, i, v)
			if ((rc = vote_seal(db, &a.c, &t, json_string_value(v), what, now_text, err,
					    errlen)))
				goto tx_fail;
	}
	if (!(text = json_dumps(all, JSON_COMPACT)))
		goto nomem;
	free(a.c.settings);
	a.c.settings = text;
	text = NULL;
	if ((rc = db_campaign_update(db, &a.c, err, errlen)) || (rc = db_commit(db, err, errlen)))
		goto tx_fail;
	/* Who agreed is told once it passed; before, nothing about the others. */
	if (!passed)
		json_array_clear(need);
	*answer = json_pack("{s:b,s:s,s:s,s:b,s:O,s:i,s:b}", "ok", 1, "campaign", a.c.name, "what",
			    what ? what : "withdraw", "passed", passed, "seats", need, "turn", a.c.turn,
			    "withdrawn", !what);
	rc = *answer ? 0 : DB_ERROR;
	goto out;
nomem:
	snprintf(err, errlen, "out of memory");
	rc = DB_ERROR;
tx_fail:
	db_rollback(db);
out:
	free(text);
	json_decref(state);
	json_decref(due);
	json_decref(all);
	json_decref(mine);
	json_decref(need);
	db_turn_release(&t);
	seat_release(&a);
	return rc == 1 ? 0 : rc;
}

int vote_forget(char **settings)
{
	json_t *all = json_loads(*settings, 0, NULL);
	char *text;

	if (!json_is_object(all) || !json_object_get(all, "votes")) {
		json_decref(all);
		return 0;
	}
	json_object_del(all, "votes");
	text = json_dumps(all, JSON_COMPACT);
	json_decref(all);
	if (!text)
		return -1;
	free(*settings);
	*settings = text;
	return 0;
}
