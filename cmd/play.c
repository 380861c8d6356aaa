/*
 * play: the one turn driver of every game (process_turn: claim the turn,
 * the orders in, the autopilot, the engine, store, reports, the next
 * turn) and the judge's turn verbs (turn show, reveal); cmd/play.h.
 */
#include "play.h"
#include "judge/account.h"
#include "judge/duplicate.h"

#include <ctype.h>
#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/engine.h"
#include "core/names.h"
#include "core/ruleset.h"
#include "core/secret.h"
#include "db/battles.h"
#include "db/desk.h"
#include "db/mail.h"
#include "db/play.h"
#include "judge/guard.h"
#include "judge/judge.h"
#include "judge/mailer.h"
#include "judge/outbox.h"
#include "judge/series.h"
#include "lib/strbuf.h"
#include "judge/silent.h"
#include "steps.h"
#include "judge/templates.h"
#include "judge/timeutil.h"
#include "target.h"
#include "verdict.h"
#include "judge/vote.h"

int play_is_generic(const char *ruleset)
{
	return ruleset && *ruleset && strcmp(ruleset, "hovercrafts") && ruleset_find(ruleset);
}

/* ---------- what a turn leaves behind ---------- */

/* The events (with who may see them) and the draws of a turn, in its transaction. */
static int store_outcome(struct db *db, long long turn_id, const struct engine_turn *t,
			 const struct draw_log *log, char *err, size_t errlen)
{
	size_t i;
	json_t *e;
	int rc = 0;

	json_array_foreach(t->events, i, e) {
		struct db_event de;
		json_t *to = json_object_get(e, "to");

		if (!json_is_array(to))	/* a game's own "to" field: public */
			to = NULL;
		memset(&de, 0, sizeof(de));
		de.seq = (int)i + 1;
		snprintf(de.type, sizeof(de.type), "%s", json_string_value(json_object_get(e, "type")) ?
			 json_string_value(json_object_get(e, "type")) : "event");
		de.json = json_dumps(e, JSON_COMPACT | JSON_PRESERVE_ORDER);
		de.visible_to = to ? json_dumps(to, JSON_COMPACT) : NULL;
		rc = de.json && (!to || de.visible_to) ? db_event_add(db, turn_id, &de, err, errlen)
						       : DB_ERROR;
		if (rc == DB_ERROR && (!de.json || (to && !de.visible_to)))
			snprintf(err, errlen, "out of memory");
		free(de.json);
		free(de.visible_to);
		if (rc)
			return rc;
	}
	if (log->failed) {
		snprintf(err, errlen, "out of memory (the draws log is incomplete)");
		return DB_ERROR;
	}
	for (i = 0; i < log->n; i++) {
		struct db_draw d;

		memset(&d, 0, sizeof(d));
		d.seq = (int)i + 1;
		snprintf(d.stream, sizeof(d.stream), "%s", log->e[i].stream);
		d.line = log->e[i].line;
		if ((rc = db_draw_add(db, turn_id, &d, err, errlen)))
			return rc;
	}
	return 0;
}

/* The story paragraphs seat may read: plain ones, and those addressed to it. */
static json_t *story_for(const json_t *story, const char *seat)
{
	json_t *out = json_array(), *p;
	size_t i;

	json_array_foreach(story, i, p) {
		if (json_is_string(p)) {
			json_array_append(out, p);
		} else if (json_is_object(p)) {
			json_t *one = json_pack("[O]", p), *mine = engine_events_for(one, seat);

			if (json_array_size(mine))
				json_array_append(out, json_object_get(p, "text"));
			json_decref(one);
			json_decref(mine);
		}
	}
	return out;
}

struct report_ctx {
	struct db *db;
	const struct db_campaign *c;
	const struct judge_settings *s;
	const struct ruleset *rs;
	int turn;			/* the turn just played (0: the setup) */
	long long turn_id;
	const struct engine_turn *t;
	time_t deadline;		/* of the next turn; 0 when over */
	time_t now;
	int make_code;			/* 1: make the campaign's code key if missing */
	/*
	 * A solo game's mail answered by its report: the queued receipt of
	 * that mail (its key guards against playing the mail twice) becomes
	 * the report of answer_seat, so the mail gets one answer. 0: none.
	 */
	long long answer_id, answer_seat;
};

/*
 * The autopilot announced (setting bot_plays_silent, a vacant seat, a
 * captain away): first in the story of the turn it played, to everyone,
 * and in its own words to the seat it played. From the turn's sealed
 * orders, so a report made again later says the same. -1: no memory.
 */
static int autopilot_story(const struct report_ctx *r, const char *who, json_t *story,
			   char *err, size_t errlen)
{
	struct db_order *o = NULL;
	size_t n = 0, i, at = 0;
	char line[512], e[256];
	int rc = 0;

	if (!r->turn || !r->turn_id || !story ||
	    db_order_list(r->db, r->turn_id, 1, &o, &n, e, sizeof(e)))
		return 0;
	for (i = 0; i < n && !rc; i++) {
		if (!o[i].understood || strncmp(o[i].understood, "AUTOPILOT ", 10))
			continue;
		if (who && !strcmp(who, o[i].ship))
			snprintf(line, sizeof(line), "No orders came from you for turn %d: the "
				 "autopilot played %s for you.", r->turn, o[i].ship);
		else
			snprintf(line, sizeof(line), "No orders came for %s in turn %d: the autopilot "
				 "played it.", o[i].ship, r->turn);
		rc = json_array_insert_new(story, at++, json_string(line));
	}
	db_order_list_release(o, n);
	if (rc)
		snprintf(err, errlen, "out of memory");
	return rc;
}

/*
 * The report of one seat (templates/GAME/report.mustache, else
 * templates/report.mustache): what it may see of the state, its
 * events and story, the order form with the next turn's CODE, the seeds.
 */
static json_t *seat_model(const struct report_ctx *r, const struct db_seat *seat, int over,
			  char *err, size_t errlen)
{
	const char *who = seat ? seat->name : NULL;	/* NULL: the public */
	json_t *m, *view, *events, *e, *list, *packs = NULL;
	json_t *status, *form;
	struct db_turn played, next;
	struct db_root root;
	char code[JUDGE_CODE_LEN + 1], when[TIME_TEXT_MAX], commit[65], *text;
	size_t i;

	/* A game whose views read its data packs (a card pack's texts) gets the campaign's. */
	if (r->rs->view_data && !(packs = play_packs_of(r->db, r->c->id, err, errlen)))
		return NULL;
	view = engine_view_data(r->rs, r->t->state, who, packs);
	json_decref(packs);
	status = engine_status(r->rs, r->t->state);
	memset(&played, 0, sizeof(played));
	memset(&next, 0, sizeof(next));
	text = view ? json_dumps(view, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
	m = json_pack("{s:s,s:s,s:s,s:s,s:i,s:i,s:b,s:s,s:s,s:s,s:O?}", "campaign", r->c->name,
		      "game", r->rs->name, "game_title", r->rs->title, "seat_word", r->rs->seat_word,
		      "turn", r->turn, "next_turn", r->turn + 1, "setup", r->turn == 0, "seat",
		      who ? who : "the public", "captain", seat ? seat->captain : "bulletin", "view",
		      text ? text : "", "result",
		      json_object_get(status, "result"));
	free(text);
	/* The view as data too, for a game's own report template (templates/GAME/). */
	if (m && view)
		json_object_set(m, "view_data", view);
	json_decref(view);
	json_decref(status);
	if (!m)
		goto nomem;
	json_object_set_new(m, "story", story_for(r->t->story, who));
	if (autopilot_story(r, who, json_object_get(m, "story"), err, errlen))
		goto nomem;
	events = engine_events_for(r->t->events, who);
	list = json_array();
	json_array_foreach(events, i, e) {
		char *one = json_dumps(e, JSON_COMPACT | JSON_PRESERVE_ORDER);

		json_array_append_new(list, json_string(one ? one : ""));
		free(one);
	}
	json_decref(events);
	json_object_set_new(m, "has_events", json_boolean(json_array_size(list) > 0));
	json_object_set_new(m, "events", list);
	json_object_set_new(m, "has_story", json_boolean(json_array_size(json_object_get(m, "story")) > 0));
	json_object_set_new(m, "over", json_boolean(over));
	json_object_set_new(m, "public", json_boolean(!who));
	if (!over && who) {
		/* Mailed reports make the campaign's key; a reader (report) only reads it. */
		if (judge_order_code(r->db, r->c->id, who, r->turn + 1, r->make_code, code, err, errlen))
			code[0] = '\0';
		json_object_set_new(m, "code", json_string(code));
		time_format_zone(r->deadline, r->s->timezone, when, sizeof(when));
		json_object_set_new(m, "deadline", json_string(when));
		form = engine_order_form(r->rs, r->t->state, who);
		json_object_set_new(m, "order_form", form ? form : json_string(""));
	}
	/* The open seed of the turn played, revealed; the next one's, sealed. */
	if (!db_turn_get(r->db, r->c->id, r->turn, &played, err, errlen)) {
		judge_seed_commitment(r->c->name, r->turn, played.seed, commit);
		json_object_set_new(m, "seed", json_pack("{s:i,s:s,s:s}", "turn", r->turn, "value",
							 played.seed, "commitment", commit));
	}
	if (!over && !db_turn_get(r->db, r->c->id, r->turn + 1, &next, err, errlen)) {
		judge_seed_commitment(r->c->name, r->turn + 1, next.seed, commit);
		json_object_set_new(m, "next_seed", json_pack("{s:i,s:s}", "turn", r->turn + 1,
							      "commitment", commit));
	}
	if (!db_root_get(r->db, r->c->id, &root, err, errlen))
		json_object_set_new(m, "sealed", json_pack("{s:s,s:s?}", "commitment", root.commitment,
							   "root", root.revealed_at[0] ? root.root : NULL));
	db_turn_release(&played);
	db_turn_release(&next);
	return m;
nomem:
	snprintf(err, errlen, "out of memory");
	db_turn_release(&played);
	db_turn_release(&next);
	json_decref(m);
	return NULL;
}

/*
 * The public view (the report of nobody's seat) to each observer (OBSERVE
 * by mail) and to the campaign's bulletin_to address, keyed by turn and
 * recipient; in the caller's transaction.
 */
static int queue_bulletins(const struct report_ctx *r, const char *dir, int over,
			   const char *now_text, char *err, size_t errlen)
{
	struct db_observer *obs = NULL;
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	json_t *m = NULL;
	size_t n = 0, i;
	int rc = db_observer_list(r->db, r->c->id, NULL, &obs, &n, err, errlen);
	int list = r->s->bulletin_to[0] != '\0', hidden;

	if (rc || (!n && !list))
		goto out;
	/* A run of an open duplicate set: its turns are its runner's alone. */
	if ((hidden = duplicate_run_private(r->db, r->s, err, errlen))) {
		rc = hidden < 0 ? DB_ERROR : 0;
		goto out;
	}
	if (!(m = seat_model(r, NULL, over, err, errlen))) {
		rc = DB_ERROR;
		goto out;
	}
	if (templates_render_game(r->rs->name, "report", dir, m, &body, err, errlen) < 0) {
		rc = DB_ERROR;
		goto out;
	}
	strbuf_addf(&subject, "%s: turn %d bulletin", r->c->name, r->turn);
	for (i = 0; !rc && i < n + (size_t)list; i++) {
		struct outbox_mail msg;
		char key[96];

		if (i < n)
			snprintf(key, sizeof(key), "bulletin/%lld/%d/observer/%lld", r->c->id, r->turn,
				 obs[i].id);
		else
			snprintf(key, sizeof(key), "bulletin/%lld/%d", r->c->id, r->turn);
		memset(&msg, 0, sizeof(msg));
		msg.campaign_id = r->c->id;
		msg.turn_id = r->turn_id;
		msg.kind = "bulletin";
		msg.key = key;
		msg.recipient = i < n ? obs[i].email : r->s->bulletin_to;
		msg.created_at = now_text;
		msg.subject = strbuf_str(&subject);
		msg.body = strbuf_str(&body);
		rc = outbox_queue(r->db, &msg, NULL, err, errlen);
		if (rc == DB_EXISTS)
			rc = 0;
	}
out:
	json_decref(m);
	strbuf_release(&body);
	strbuf_release(&subject);
	free(obs);
	return rc;
}

/*
 * The autopilot's orders (sealed as JSON, "AUTOPILOT ...") as lines for
 * people: "(the autopilot)", then the "text" of each line the bot wrote,
 * or the JSON as it is. malloc'd, NULL for no memory.
 */
static char *autopilot_lines(const char *json)
{
	json_error_t jerr;
	json_t *v = json_loads(json, JSON_DECODE_ANY, &jerr), *one;
	struct strbuf sb = STRBUF_INIT;
	char *dumped = NULL;
	size_t i;
	int lines = json_is_array(v) && json_array_size(v) > 0;

	/* Lines only when every item is a line ({"text"} or a string). */
	json_array_foreach(lines ? v : NULL, i, one)
		lines &= json_is_string(one) || json_is_string(json_object_get(one, "text"));
	strbuf_addstr(&sb, "(the autopilot)\n");
	if (json_is_string(v)) {
		strbuf_addf(&sb, "%s\n", json_string_value(v));
	} else if (lines) {
		json_array_foreach(v, i, one)
			strbuf_addf(&sb, "%s\n", json_is_string(one) ? json_string_value(one) :
				    json_string_value(json_object_get(one, "text")));
	} else if (v && (dumped = json_dumps(v, JSON_PRESERVE_ORDER | JSON_ENCODE_ANY))) {
		/* With blanks after its commas, so the mail can wrap it. */
		strbuf_addf(&sb, "%s\n", dumped);
	} else {
		strbuf_addf(&sb, "%s\n", json);
	}
	free(dumped);
	json_decref(v);
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

/*
 * The end of a game, a mail of its own (templates/end.mustache, a game's
 * own GAME/end.mustache first): the result, how many turns, every seat
 * with its captain and score, every turn's orders (public now: the
 * rulings' own, duel 15.4), the root with the command that checks its
 * seal, and how to verify each turn. Not for a run of a duplicate set:
 * the set's closing mail is its end. A new reference, NULL with err.
 */
static json_t *end_model(const struct report_ctx *r, const struct db_seat *seats, size_t n,
			 char *err, size_t errlen)
{
	json_t *m, *status = engine_status(r->rs, r->t->state), *list, *turns, *scores;
	struct db_root root;
	size_t i;
	int k;

	scores = json_object_get(status, "scores");
	m = json_pack("{s:s,s:s,s:s,s:O?,s:i,s:b}", "campaign", r->c->name, "game", r->rs->name,
		      "game_title", r->rs->title, "result", json_object_get(status, "result"),
		      "turns", r->turn, "one_turn", r->turn == 1);
	list = json_array();
	turns = json_array();
	if (!m || !list || !turns)
		goto nomem;
	json_object_set_new(m, "seats", list);
	json_object_set_new(m, "orders", turns);
	for (i = 0; i < n; i++) {
		json_t *one = json_pack("{s:s,s:s,s:s?}", "seat", seats[i].name, "captain",
					seats[i].captain, "side", seats[i].team[0] ? seats[i].team : NULL);

		json_t *sc = json_object_get(scores, seats[i].name);
		char num[64];

		/* As text: a score of 0 is still said. */
		if (one && json_is_number(sc)) {
			snprintf(num, sizeof(num), "%g", json_number_value(sc));
			json_object_set_new(one, "score", json_string(num));
		}
		if (!one || json_array_append_new(list, one))
			goto nomem;
	}
	/* Every turn's orders as the judge read them: nothing is hidden now. */
	for (k = 1; k <= r->turn; k++) {
		struct db_turn t;
		struct db_order *o = NULL;
		size_t no = 0, j;
		json_t *turn, *of;

		memset(&t, 0, sizeof(t));
		if (db_turn_get(r->db, r->c->id, k, &t, err, errlen) ||
		    db_order_list(r->db, t.id, 1, &o, &no, err, errlen)) {
			db_turn_release(&t);
			continue;
		}
		db_turn_release(&t);
		of = json_array();
		turn = json_pack("{s:i,s:o}", "turn", k, "seats", of);
		for (j = 0; j < no && of; j++) {
			const char *p = o[j].understood ? o[j].understood : "", *eol;
			struct strbuf text = STRBUF_INIT;
			char *bot = NULL;

			/* The autopilot's orders: its lines, not the JSON they are sealed as. */
			if (!strncmp(p, "AUTOPILOT ", 10) && (bot = autopilot_lines(p + 10)))
				p = bot;

			/* Each line under its seat, indented. */
			for (; *p; p = eol + (*eol == '\n')) {
				eol = p + strcspn(p, "\n");
				strbuf_addf(&text, "    %.*s\n", (int)(eol - p), p);
			}
			if (text.len)
				text.buf[--text.len] = '\0';	/* the template ends the line */
			json_array_append_new(of, json_pack("{s:s,s:s}", "seat", o[j].ship, "orders",
							    text.len ? strbuf_str(&text) : "    (none)"));
			strbuf_release(&text);
			free(bot);
		}
		db_order_list_release(o, no);
		if (!turn || json_array_append_new(turns, turn))
			goto nomem;
	}
	json_object_set_new(m, "has_orders", json_boolean(json_array_size(turns) > 0));
	if (!db_root_get(r->db, r->c->id, &root, err, errlen) && root.revealed_at[0]) {
		char seal[256], check[512];

		play_seal_text(r->rs->draw_namespace, r->c->name, root.root, seal, sizeof(seal));
		/* After two blanks in templates/end.mustache. */
		judge_check_command(seal, 2, 4, check, sizeof(check));
		json_object_set_new(m, "sealed", json_pack("{s:s,s:s,s:s}", "root", root.root,
							   "commitment", root.commitment, "check",
							   check));
	}
	json_decref(status);
	return m;
nomem:
	snprintf(err, errlen, "out of memory");
	json_decref(status);
	json_decref(m);
	return NULL;
}

/*
 * Queues the end (end_model) to every seat, each observer and the
 * bulletin address; keyed once per campaign and recipient.
 */
static int queue_end(const struct report_ctx *r, const struct db_seat *seats, size_t n,
		     const char *dir, const char *now_text, char *err, size_t errlen)
{
	struct db_observer *obs = NULL;
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	size_t nobs = 0, i, all;
	json_t *m = NULL;
	int rc;

	if (r->s->duplicate_of[0])
		return 0;
	if ((rc = db_observer_list(r->db, r->c->id, NULL, &obs, &nobs, err, errlen)))
		return rc;
	if (!(m = end_model(r, seats, n, err, errlen))) {
		rc = DB_ERROR;
		goto out;
	}
	strbuf_addf(&subject, "%s: the game is over: how it ended", r->c->name);
	all = n + nobs + (r->s->bulletin_to[0] != '\0');
	for (i = 0; !rc && i < all; i++) {
		struct outbox_mail msg;
		char key[96];
		const struct db_seat *seat = i < n ? &seats[i] : NULL;
		int removed = 0;

		if (seat && ((rc = db_seat_removed(r->db, seat->id, &removed, err, errlen)) || removed))
			continue;
		json_object_set_new(m, "seat", json_string(seat ? seat->name : "the public"));
		json_object_set_new(m, "captain", json_string(seat ? seat->captain : "bulletin"));
		json_object_set_new(m, "public", json_boolean(!seat));
		strbuf_reset(&body);
		if (templates_render_game(r->rs->name, "end", dir, m, &body, err, errlen) < 0) {
			rc = DB_ERROR;
			break;
		}
		if (seat)
			snprintf(key, sizeof(key), "end/%lld/seat/%lld", r->c->id, seat->id);
		else if (i < n + nobs)
			snprintf(key, sizeof(key), "end/%lld/observer/%lld", r->c->id, obs[i - n].id);
		else
			snprintf(key, sizeof(key), "end/%lld", r->c->id);
		memset(&msg, 0, sizeof(msg));
		msg.campaign_id = r->c->id;
		msg.turn_id = r->turn_id;
		msg.kind = seat ? "end" : "bulletin";
		msg.key = key;
		msg.recipient = seat ? seat->email : i < n + nobs ? obs[i - n].email : r->s->bulletin_to;
		msg.created_at = now_text;
		msg.subject = strbuf_str(&subject);
		msg.body = strbuf_str(&body);
		rc = outbox_queue(r->db, &msg, NULL, err, errlen);
		if (rc == DB_EXISTS)
			rc = 0;
	}
out:
	json_decref(m);
	free(obs);
	strbuf_release(&body);
	strbuf_release(&subject);
	return rc;
}

/* One report per seat, keyed so nothing is queued twice; in the caller's transaction. */
static int queue_reports(const struct report_ctx *r, char *err, size_t errlen)
{
	struct db_seat *seats = NULL;
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	char now_text[DB_TIME_MAX];
	size_t n = 0, i;
	int rc, over = engine_is_over(r->rs, r->t->state);
	const char *dir = r->s->templates[0] ? r->s->templates : NULL;

	if ((rc = db_seat_list(r->db, r->c->id, &seats, &n, err, errlen)))
		return rc;
	time_format_utc(r->now, now_text, sizeof(now_text));
	for (i = 0; i < n; i++) {
		json_t *m;
		struct outbox_mail msg;
		char key[96];
		int removed = 0;

		if ((rc = db_seat_removed(r->db, seats[i].id, &removed, err, errlen)))
			break;
		if (removed)
			continue;
		if (!(m = seat_model(r, &seats[i], over, err, errlen))) {
			rc = DB_ERROR;
			break;
		}
		strbuf_reset(&body);
		strbuf_reset(&subject);
		rc = templates_render_game(r->rs->name, "report", dir, m, &body, err, errlen);
		json_decref(m);
		if (rc < 0) {
			rc = DB_ERROR;
			break;
		}
		if (over)
			strbuf_addf(&subject, "%s: the game is over after turn %d", r->c->name, r->turn);
		else if (!r->turn)
			strbuf_addf(&subject, "%s: the game begins; orders for turn 1", r->c->name);
		else
			strbuf_addf(&subject, "%s: turn %d resolved; orders for turn %d", r->c->name,
				    r->turn, r->turn + 1);
		snprintf(key, sizeof(key), "report/%lld/%d/seat/%lld", r->c->id, r->turn, seats[i].id);
		memset(&msg, 0, sizeof(msg));
		msg.campaign_id = r->c->id;
		msg.turn_id = r->turn_id;
		msg.kind = "report";
		msg.key = key;
		msg.recipient = seats[i].email;
		msg.created_at = now_text;
		msg.subject = strbuf_str(&subject);
		msg.body = strbuf_str(&body);
		rc = DB_ALREADY;
		if (r->answer_id && seats[i].id == r->answer_seat)
			rc = outbox_rewrite(r->db, r->answer_id, &msg, err, errlen);
		if (rc == DB_ALREADY)	/* no answer to fold it into, or sent already */
			rc = outbox_queue(r->db, &msg, NULL, err, errlen);
		if (rc == DB_EXISTS)
			rc = 0;
		if (rc)
			break;
	}
	if (!rc)
		rc = queue_bulletins(r, dir, over, now_text, err, errlen);
	if (!rc && over)
		rc = queue_end(r, seats, n, dir, now_text, err, errlen);
	free(seats);
	strbuf_release(&body);
	strbuf_release(&subject);
	return rc;
}

/* A campaign's game (judge/game.c). */
static const struct ruleset *game_of(const struct db_campaign *c)
{
	return play_game_of(c);
}

const struct play_steps *play_steps_of(const struct ruleset *rs)
{
	return rs && rs == ruleset_default() ? &hover_steps : NULL;
}

/* ---------- start ---------- */

/*
 * When the next turn is due: a solo game has no deadline to wait for (it
 * resolves when its mail comes), only the idle limit after which the judge
 * ends it; other games step as their settings say.
 */
static time_t next_due(const struct ruleset *rs, const struct judge_settings *s, time_t from)
{
	if (rs->flags & RULESET_SOLO)
		return from + (time_t)play_idle_days(s) * 24 * 3600;
	return judge_step_deadline(s, from);
}

/*
 * 1 (err saying which and how to fill it) when the first turn waits for a
 * seat nobody joined, as the Operator of a game with a game master's seat
 * (RULESET_GM_SEAT): no orders, not even the autopilot's, could be sealed
 * for it. 0 when every seat due is held.
 */
static int unheld_seat(const struct ruleset *rs, const char *campaign, const json_t *state,
		       const json_t *seats, char *err, size_t errlen)
{
	json_t *due = engine_waiting_for(rs, state), *one, *held_one;
	size_t i, k;
	int found = 0;

	json_array_foreach(due, i, one) {
		const char *seat = json_string_value(one);
		int held = 0;

		json_array_foreach(seats, k, held_one)
			held |= seat && !strcasecmp(seat, json_string_value(json_object_get(held_one,
											 "name")));
		if (!seat || held)
			continue;
		if (rs->flags & RULESET_GM_SEAT)
			snprintf(err, errlen, "nobody holds the seat '%s', the game master's, which every "
				 "turn waits for: take it first ('mxjudge campaign join %s --captain NAME "
				 "--email ADDR --ship %s')", seat, campaign, seat);
		else
			snprintf(err, errlen, "nobody holds the seat '%s', which every turn waits for",
				 seat);
		found = 1;
		break;
	}
	json_decref(due);
	return found;
}

int play_start_root(struct cmd_ctx *ctx, const char *name, time_t now, const struct db_root *given)
{
	struct judge_settings s;
	struct db_campaign c;
	struct db_seat *seats = NULL;
	struct db_turn t0, t1;
	struct db_root root;
	struct draw_seeded seeded;
	struct draw_source src;
	struct draw_log log;
	struct engine_turn t;
	struct report_ctx r;
	unsigned char raw[DRAW_ROOT_LEN];
	const struct ruleset *rs;
	json_t *seat_list = NULL, *data = NULL;
	char err[512], now_text[DB_TIME_MAX], when[TIME_TEXT_MAX], *ready = NULL;
	size_t n = 0;
	int rc = 0, ret;
	time_t deadline;

	memset(&t0, 0, sizeof(t0));
	memset(&t1, 0, sizeof(t1));
	engine_turn_init(&t);
	draw_log_init(&log);
	if ((ret = judge_begin_load(ctx->db, name, &c, &s)))
		return ret;
	ret = EXIT_DATAERR;
	rs = game_of(&c);
	if (strcmp(c.status, "open") || c.turn) {
		cmd_error("campaign '%s' has started already", c.name);
		goto out;
	}
	if ((rc = db_seat_list(ctx->db, c.id, &seats, &n, err, sizeof(err))))
		goto dberr;
	if (!(seat_list = play_seats_json(ctx->db, seats, n, s.duplicate_of[0] ? s.duplicate_of : c.name))) {
		cmd_error("out of memory");
		ret = EXIT_FAIL;
		goto out;
	}
	time_format_utc(now, now_text, sizeof(now_text));
	if (given)
		root = *given;
	else
		play_new_root(&s, rs->draw_namespace, c.name, &root, now_text);
	if (draw_root_parse(root.root, raw)) {
		cmd_error("campaign '%s': a bad sealed root", c.name);
		ret = EXIT_FAIL;
		goto out;
	}
	draw_seeded_init(&seeded, judge_turn_seed(s.seed, 0), raw, 0);
	draw_seeded_namespace(&seeded, rs->draw_namespace);
	sodium_memzero(raw, sizeof(raw));
	src = draw_seeded_source(&seeded, &log);
	if (!(data = play_packs_of(ctx->db, c.id, err, sizeof(err))))
		goto dberr;
	if (engine_setup(rs, s.game, data, seat_list, &src, &t, err, sizeof(err))) {
		cmd_error("campaign '%s' cannot start: %s", c.name, err);
		goto out;
	}
	/* A seat the game waits for that nobody holds: its turns could never be played. */
	if (unheld_seat(rs, c.name, t.state, seat_list, err, sizeof(err))) {
		cmd_error("campaign '%s' cannot start: %s", c.name, err);
		goto out;
	}
	ready = json_dumps(t.state, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!ready) {
		cmd_error("out of memory");
		ret = EXIT_FAIL;
		goto out;
	}
	deadline = next_due(rs, &s, now);
	t0.campaign_id = c.id;
	t0.number = 0;
	snprintf(t0.seed, sizeof(t0.seed), "%" PRIu64, judge_turn_seed(s.seed, 0));
	snprintf(t0.opened_at, sizeof(t0.opened_at), "%s", now_text);
	snprintf(t0.deadline, sizeof(t0.deadline), "%s", now_text);
	snprintf(t0.resolved_at, sizeof(t0.resolved_at), "%s", now_text);
	t0.state_before = "{}";
	t0.state_after = ready;
	t1.campaign_id = c.id;
	t1.number = 1;
	snprintf(t1.seed, sizeof(t1.seed), "%" PRIu64, judge_new_turn_seed(&s, 1));
	snprintf(t1.opened_at, sizeof(t1.opened_at), "%s", now_text);
	time_format_utc(deadline, t1.deadline, sizeof(t1.deadline));
	t1.state_before = ready;
	t0.rules_version = t1.rules_version = rs->rules_version;
	snprintf(c.status, sizeof(c.status), "running");
	c.turn = 1;
	memset(&r, 0, sizeof(r));
	r.db = ctx->db;
	r.c = &c;
	r.s = &s;
	r.rs = rs;
	r.turn = 0;
	r.t = &t;
	r.deadline = deadline;
	r.now = now;
	r.make_code = 1;
	if ((rc = db_root_add(ctx->db, c.id, &root, err, sizeof(err))) ||
	    (rc = db_turn_add(ctx->db, &t0, err, sizeof(err))) ||
	    (rc = store_outcome(ctx->db, t0.id, &t, &log, err, sizeof(err))) ||
	    (rc = db_turn_add(ctx->db, &t1, err, sizeof(err))) ||
	    (rc = db_campaign_update(ctx->db, &c, err, sizeof(err))))
		goto dberr;
	r.turn_id = t0.id;
	if ((rc = queue_reports(&r, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!ctx->quiet) {
		time_format_zone(deadline, s.timezone, when, sizeof(when));
		/* A solo game has no deadline: a turn as each mail comes, and an idle limit. */
		if (rs->flags & RULESET_SOLO)
			printf("campaign %s started (%s): a turn as each mail comes, no deadline; the "
			       "game ends if no orders come for %d days (by %s)\n", c.name, rs->name,
			       play_idle_days(&s), when);
		else
			printf("campaign %s started (%s); orders for turn 1 are due by %s\n", c.name,
			       rs->name, when);
		printf("sealed draws come from a root committed as %s\n", root.commitment);
	}
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	sodium_memzero(&root, sizeof(root));
	sodium_memzero(&seeded, sizeof(seeded));
	free(ready);
	free(seats);
	json_decref(seat_list);
	json_decref(data);
	engine_turn_release(&t);
	draw_log_release(&log);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

/* ---------- process ---------- */


/* The draws of a stored turn: its seed, and the campaign's root. 0 or -1 with err. */
static int turn_draws(struct db *db, const struct db_campaign *c, const struct db_turn *t,
		      struct draw_seeded *seeded, char *err, size_t errlen)
{
	struct db_root root;
	unsigned char raw[DRAW_ROOT_LEN];
	uint64_t seed;
	int have;

	if (judge_parse_u64(t->seed, &seed)) {
		snprintf(err, errlen, "campaign '%s', turn %d: bad seed '%s'", c->name, t->number, t->seed);
		return -1;
	}
	have = !db_root_get(db, c->id, &root, err, errlen) && !draw_root_parse(root.root, raw);
	draw_seeded_init(seeded, seed, have ? raw : NULL, t->number);
	draw_seeded_namespace(seeded, ruleset_find(c->ruleset) ?
				      ruleset_find(c->ruleset)->draw_namespace : NULL);
	sodium_memzero(raw, sizeof(raw));
	sodium_memzero(&root, sizeof(root));
	return 0;
}

/* {SEAT: reading} from the current orders of a turn. */
static json_t *orders_of(const struct db_order *o, size_t n, char *err, size_t errlen)
{
	json_t *out = json_object();
	size_t i;

	for (i = 0; out && i < n; i++) {
		json_error_t jerr;
		json_t *one = o[i].reading ? json_loads(o[i].reading, JSON_DECODE_ANY, &jerr) : NULL;
		json_t *v = json_object_get(one, o[i].ship);

		if (v)
			json_object_set(out, o[i].ship, v);
		json_decref(one);
	}
	if (!out)
		snprintf(err, errlen, "out of memory");
	return out;
}

/*
 * {SEAT: reading} from the current orders of a turn some of which were
 * sealed before their reading was stored: each read again from its text
 * by the game (RULESET_ORDERS_SEALED), the judge's agreement (a VOTE that
 * passed) from its understood text, never a captain's.
 */
static json_t *orders_sealed(const struct ruleset *rs, const json_t *state,
			     const struct db_order *o, size_t n, char *err, size_t errlen)
{
	json_t *out = json_object();
	size_t i;

	for (i = 0; out && i < n; i++) {
		const char *u = o[i].understood ? o[i].understood : "";
		size_t mark = strlen(RULESET_AUTOPILOT_MARK);
		struct strbuf text = STRBUF_INIT;
		json_t *one;

		if (!strncmp(u, VOTE_AGREE, strlen(VOTE_AGREE))) {
			const char *w = u + strlen(VOTE_AGREE);
			const char *what = !strcmp(w, "DRAW\n") ? "draw" :
					   !strcmp(w, "CONCEDE\n") ? "concede" : NULL;

			if (!what) {
				snprintf(err, errlen, "sealed orders: %s: expected AGREE DRAW or AGREE "
					 "CONCEDE", o[i].ship);
				json_decref(out);
				return NULL;
			}
			json_object_set_new(out, o[i].ship, json_pack("{s:s,s:s}", "judge", "agree",
								      "what", what));
			continue;
		}
		if (!strncmp(u, RULESET_AUTOPILOT_MARK, mark))
			strbuf_addstr(&text, RULESET_AUTOPILOT_MARK);
		strbuf_addstr(&text, o[i].raw ? o[i].raw : "");
		one = text.failed ? NULL : rs->read_orders(state, o[i].ship, strbuf_str(&text),
							   "sealed orders", RULESET_ORDERS_SEALED,
							   err, errlen);
		if (text.failed)
			snprintf(err, errlen, "out of memory");
		strbuf_release(&text);
		if (!one || json_object_update(out, one)) {
			json_decref(one);
			json_decref(out);
			return NULL;
		}
		json_decref(one);
	}
	if (!out)
		snprintf(err, errlen, "out of memory");
	return out;
}

static int process_turn(struct cmd_ctx *ctx, const char *name, time_t now, int dry, int forfeit,
			long long answer_id, long long answer_seat, int *due, int *resolved);

/*
 * The seats due that sent nothing that the autopilot flies: vacant ones
 * (RESIGN), and with autopilot those whose captain is away (SET ABSENCE)
 * at the deadline; into *away (a new list). *until: the latest end of
 * those absences (0: nobody away). A db code.
 */
static int absent_seats(struct db *db, const struct db_campaign *c, const json_t *waiting,
			const json_t *plan, time_t deadline, int autopilot, json_t **away, time_t *until,
			char *err, size_t errlen)
{
	const char *silent[64];
	int got[64];
	size_t i, n = 0;
	int rc;

	*until = 0;
	if (!(*away = json_array())) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	for (i = 0; i < json_array_size(waiting) && n < 64; i++) {
		const char *seat = json_string_value(json_array_get(waiting, i));

		if (seat && !json_object_get(plan, seat))
			silent[n++] = seat;
	}
	if (!n)
		return 0;
	rc = account_away(db, c, deadline, silent, n, until, got, n, err, errlen);
	for (i = 0; !rc && i < n; i++)
		if (got[i] == ACCOUNT_VACANT || (got[i] == ACCOUNT_AWAY && autopilot))
			json_array_append_new(*away, json_string(silent[i]));
	return rc;
}

int play_process_turn(struct cmd_ctx *ctx, const char *name, time_t now, int dry, int forfeit,
		      int *due, int *resolved)
{
	return process_turn(ctx, name, now, dry, forfeit, 0, 0, due, resolved);
}

int play_answer_turn(struct db *db, const char *name, time_t now, long long answer_id,
		     long long seat_id)
{
	struct cmd_ctx solo = { NULL, db, 1, NULL };
	int due, resolved;

	return process_turn(&solo, name, now, 0, 0, answer_id, seat_id, &due, &resolved);
}

static int process_turn(struct cmd_ctx *ctx, const char *name, time_t now, int dry, int forfeit,
			long long answer_id, long long answer_seat, int *due, int *resolved)
{
	int agreed = 0;		/* a vote that passed (cmd/vote.h) */
	struct judge_settings s;
	struct db_campaign c;
	struct db_turn t, next;
	struct db_order *orders = NULL;
	struct draw_seeded seeded;
	struct draw_source src;
	struct draw_log log;
	struct engine_turn out;
	struct report_ctx r;
	const struct ruleset *rs;
	const struct play_steps *steps;
	struct play_turn pt;
	json_t *before = NULL, *plan = NULL, *waiting = NULL, *packs = NULL, *away = NULL;
	json_error_t jerr;
	char err[512], now_text[DB_TIME_MAX], when[TIME_TEXT_MAX], *after = NULL;
	size_t norders = 0, i;
	int rc = 0, ret, early = 0, all_in = 1, over;
	time_t deadline, next_deadline = 0, away_until = 0;

	*due = *resolved = 0;
	err[0] = '\0';	/* a code without a message must not print what the stack held */
	memset(&t, 0, sizeof(t));
	memset(&next, 0, sizeof(next));
	memset(&pt, 0, sizeof(pt));
	engine_turn_init(&out);
	draw_log_init(&log);
	if ((ret = judge_begin_load(ctx->db, name, &c, &s)))
		return ret == EXIT_DATAERR ? 0 : ret;
	ret = EXIT_FAIL;
	rs = game_of(&c);
	steps = play_steps_of(rs);
	/*
	 * A duplicate set has no turns of its own, its runs have: it was read
	 * as a turn not found, with an error message never written.
	 */
	if (strcmp(c.status, "running") || s.duplicate) {
		ret = 0;
		goto out;
	}
	if (!rs) {
		cmd_error("campaign '%s' plays '%s', a game this judge does not know", c.name,
			  c.ruleset);
		goto out;
	}
	if ((rc = db_turn_get(ctx->db, c.id, c.turn, &t, err, sizeof(err))))
		goto dberr;
	if (t.resolved_at[0]) {
		ret = 0;
		goto out;
	}
	if (time_parse_iso(t.deadline, &deadline)) {
		cmd_error("campaign '%s': turn %d has a bad deadline '%s'", c.name, t.number, t.deadline);
		goto out;
	}
	before = json_loads(t.state_before, 0, &jerr);
	if (!before) {
		cmd_error("campaign '%s', turn %d: the stored state is not JSON", c.name, t.number);
		goto out;
	}
	pt.db = ctx->db;
	pt.c = &c;
	pt.s = &s;
	pt.t = &t;
	pt.rs = rs;
	pt.now = now;
	pt.now_text = now_text;
	time_format_utc(now, now_text, sizeof(now_text));
	if (steps && steps->begin(&pt, err, sizeof(err)))
		goto fail;
	if ((rc = db_order_list(ctx->db, t.id, 1, &orders, &norders, err, sizeof(err))))
		goto dberr;
	for (i = 0; i < norders && orders[i].reading; i++)
		;
	/* Orders sealed before their reading was stored are read again by the game. */
	if (!(plan = i < norders ? orders_sealed(rs, before, orders, norders, err, sizeof(err))
				 : orders_of(orders, norders, err, sizeof(err)))) {
		cmd_error("campaign '%s', turn %d: %s", c.name, t.number, err);
		goto out;
	}
	waiting = engine_waiting_for(rs, before);
	for (i = 0; i < json_array_size(waiting); i++)
		all_in &= json_object_get(plan, json_string_value(json_array_get(waiting, i))) != NULL;
	/* A vote that passed sealed the judge's agreement (cmd/vote.h): due at once. */
	{
		const char *seat;
		json_t *v;

		json_object_foreach(plan, seat, v)
			agreed |= !strcmp(json_string_value(json_object_get(v, "judge")) ?
					  json_string_value(json_object_get(v, "judge")) : "", "agree");
	}
	/* A solo game, or early processing, goes on as soon as every seat due has spoken. */
	if (now < judge_effective_deadline(&c, deadline, now) && !forfeit) {
		if (!agreed &&
		    !(((s.early && !judge_someone_waits(&s)) || (rs->flags & RULESET_SOLO)) && all_in)) {
			ret = 0;
			goto out;
		}
		early = 1;
	}
	/* A captain away (SET ABSENCE) at the deadline, seat silent: it waits, or the autopilot flies. */
	if (!early && !forfeit && !(rs->flags & RULESET_SOLO) && !all_in &&
	    (rc = absent_seats(ctx->db, &c, waiting, plan, deadline, !strcmp(s.absence, "autopilot"),
			       &away, &away_until, err, sizeof(err))))
		goto dberr;
	if (away_until > now && strcmp(s.absence, "autopilot")) {
		if (dry) {
			ret = 0;
			goto out;
		}
		time_format_utc(away_until, t.deadline, sizeof(t.deadline));
		if ((rc = db_turn_set_deadline(ctx->db, t.id, t.deadline, err, sizeof(err))) ||
		    (rc = db_commit(ctx->db, err, sizeof(err))))
			goto dberr;
		if (!ctx->quiet) {
			time_format_zone(away_until, s.timezone, when, sizeof(when));
			printf("%s: turn %d waits for a captain away (SET ABSENCE); due by %s\n", c.name,
			       t.number, when);
		}
		ret = 0;
		goto out;
	}
	if (dry) {
		*due = 1;
		ret = 0;
		goto out;
	}
	rc = db_turn_claim(ctx->db, t.id, now_text, err, sizeof(err));
	if (rc == DB_ALREADY) {
		ret = 0;
		goto out;
	}
	if (rc)
		goto dberr;
	mailer_crash_point("claimed");
	/* Seats due that sent nothing: the autopilot plays them when the campaign says so. */
	if (s.bot_plays_silent && (rs->bot || rs->bots) && !forfeit && !agreed &&
	    !(rs->flags & RULESET_SOLO) && !all_in) {
		if ((rc = (rs->bots ? play_bots_silent : play_autopilot_silent)(ctx->db, &c, rs, &t, before,
								      waiting, plan, now_text, err,
								      sizeof(err))))
			goto dberr;
		all_in = 1;
	} else if (json_array_size(away) && (rs->bot || rs->bots) &&
		   (rc = (rs->bots ? play_bots_silent : play_autopilot_silent)(ctx->db, &c, rs, &t, before,
								     away, plan, now_text, err,
								     sizeof(err)))) {
		/* Only the seats of the captains away: the others stay silent as the game says. */
		goto dberr;
	}
	/* A solo game left idle past its limit: the judge ends it, as an order of its own. */
	if ((forfeit || (rs->flags & RULESET_SOLO)) && !all_in && rs->forfeit &&
	    (rc = play_forfeit_silent(ctx->db, &c, &t, waiting, plan, play_idle_days(&s), now_text, err,
				 sizeof(err))))
		goto dberr;
	if (steps) {
		if (!(after = steps->resolve(&pt, plan, err, sizeof(err)))) {
			cmd_error("campaign '%s', turn %d: %s", c.name, t.number, err);
			goto out;
		}
		if (!(out.state = json_loads(after, 0, &jerr))) {
			snprintf(err, sizeof(err), "out of memory");
			goto fail;
		}
		out.events = pt.events;
		pt.events = NULL;
	} else {
		if (turn_draws(ctx->db, &c, &t, &seeded, err, sizeof(err)))
			goto fail;
		src = draw_seeded_source(&seeded, &log);
		/* A game that reads its data packs (rs->resolve_data) gets the campaign's. */
		if (rs->resolve_data && !(packs = play_packs_of(ctx->db, c.id, err, sizeof(err))))
			goto fail;
		if (engine_resolve_data(rs, before, plan, packs, &src, &out, err, sizeof(err))) {
			cmd_error("campaign '%s', turn %d: %s", c.name, t.number, err);
			goto out;
		}
		after = json_dumps(out.state, JSON_COMPACT | JSON_PRESERVE_ORDER);
		if (!after) {
			snprintf(err, sizeof(err), "out of memory");
			goto fail;
		}
	}
	if ((rc = db_turn_set_after(ctx->db, t.id, after, err, sizeof(err))) ||
	    (rs->rules_version &&
	     (rc = db_turn_set_rules_version(ctx->db, t.id, rs->rules_version, err, sizeof(err)))) ||
	    (rc = steps ? steps->store(&pt, err, sizeof(err))
			: store_outcome(ctx->db, t.id, &out, &log, err, sizeof(err))))
		goto dberr;
	/* The seats' own records, as the game keeps them. */
	if (!steps && rs->turn_records) {
		json_t *outcome = json_pack("{s:O,s:o}", "state", out.state, "events",
					    out.events ? json_incref(out.events) : json_array());

		rc = outcome ? play_turn_records(ctx->db, c.id, rs, outcome, err, sizeof(err))
			     : DB_ERROR;
		if (!outcome)
			snprintf(err, sizeof(err), "out of memory");
		json_decref(outcome);
		if (rc)
			goto dberr;
	}
	mailer_crash_point("stored");
	over = engine_is_over(rs, out.state);
	if (over) {
		/* The ruleset's result, told from the turn's events too (a vote's headline). */
		json_t *st = rs->result ? rs->result(out.state, out.events)
					: engine_status(rs, out.state);
		const char *result = json_string_value(json_object_get(st, "result"));

		snprintf(c.status, sizeof(c.status), "finished");
		rc = db_campaign_set_result(&c, result) ? DB_ERROR : 0;
		if (rc)
			snprintf(err, sizeof(err), "out of memory");
		/* A match of a series: points, record, and "open" again when more follow. */
		else if (rs->flags & RULESET_SERIES)
			rc = series_match_over(ctx->db, &c, rs, out.state, t.number,
					       json_string_value(json_object_get(st, "headline")), now,
					       err, sizeof(err));
		/*
		 * Nothing is hidden once the game is over: the root is published;
		 * a run of a duplicate set keeps it until the set closes.
		 */
		else if (!s.duplicate_of[0])
			rc = db_root_reveal(ctx->db, c.id, now_text, err, sizeof(err));
		json_decref(st);
		if (rc)
			goto dberr;
	} else {
		next_deadline = next_due(rs, &s, early || (rs->flags & RULESET_SOLO) ? now : deadline);
		while (next_deadline <= now)
			next_deadline = judge_step_deadline(&s, next_deadline);
		next.campaign_id = c.id;
		next.number = t.number + 1;
		snprintf(next.seed, sizeof(next.seed), "%" PRIu64, judge_new_turn_seed(&s, t.number + 1));
		snprintf(next.opened_at, sizeof(next.opened_at), "%s", now_text);
		time_format_utc(next_deadline, next.deadline, sizeof(next.deadline));
		next.state_before = after;
		next.rules_version = rs->rules_version;
		if ((rc = db_turn_add(ctx->db, &next, err, sizeof(err))))
			goto dberr;
		next.state_before = NULL;
		c.turn = t.number + 1;
	}
	memset(&r, 0, sizeof(r));
	r.db = ctx->db;
	r.c = &c;
	r.s = &s;
	r.rs = rs;
	r.turn = t.number;
	r.turn_id = t.id;
	r.t = &out;
	r.deadline = next_deadline;
	r.now = now;
	r.make_code = 1;
	r.answer_id = answer_id;
	r.answer_seat = answer_seat;
	/* The turn is over: votes that did not carry are forgotten (cmd/vote.h). */
	if (vote_forget(&c.settings)) {
		snprintf(err, sizeof(err), "out of memory");
		rc = DB_ERROR;
		goto dberr;
	}
	if ((rc = db_campaign_update(ctx->db, &c, err, sizeof(err))) ||
	    (rc = steps ? steps->queue(&pt, next_deadline, err, sizeof(err))
			: queue_reports(&r, err, sizeof(err))))
		goto dberr;
	mailer_crash_point("queued");
	if ((rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	mailer_crash_point("committed");
	*resolved = 1;
	if (!ctx->quiet) {
		if (over) {
			json_t *st = engine_status(rs, out.state);
			const char *said = json_string_value(json_object_get(st, "said"));

			/* The game's result is printed whole, however long. */
			if (said)
				printf("%s: turn %d resolved; %s\n", c.name, t.number, said);
			else
				printf("%s: turn %d resolved; the game is over: %s\n", c.name, t.number,
				       c.result);
			json_decref(st);
		} else {
			time_format_zone(next_deadline, s.timezone, when, sizeof(when));
			printf("%s: turn %d resolved%s; turn %d due by %s\n", c.name, t.number,
			       early ? " early (all orders in)" : "", c.turn, when);
		}
	}
	ret = 0;
	/* The last run of a duplicate set to end closes the set. */
	if (over && s.duplicate_of[0] && !forfeit)
		ret = duplicate_run_over(ctx, s.duplicate_of, now);
	goto out;
fail:
	cmd_error("%s", err);
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	if (steps)
		steps->end(&pt);
	json_decref(pt.events);
	free(after);
	json_decref(before);
	json_decref(plan);
	json_decref(waiting);
	json_decref(away);
	json_decref(packs);
	engine_turn_release(&out);
	draw_log_release(&log);
	db_order_list_release(orders, norders);
	db_turn_release(&t);
	db_turn_release(&next);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

/* ---------- replay, report, verify ---------- */

/*
 * Plays stored turn `number` of c again from its stored inputs (the setup
 * from the seats and settings, a turn from its state before and current
 * orders), with its seed and the campaign's root: out and log as they
 * were. 0; 1 when the replay differs from what was stored (why in err);
 * EXIT_DATAERR when there is no such resolved turn; another exit code.
 */
static int replay_turn(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		       int number, struct db_turn *t, struct engine_turn *out, struct draw_log *log,
		       char *err, size_t errlen)
{
	const struct ruleset *rs = game_of(c);
	struct draw_seeded seeded;
	struct draw_source src;
	struct db_order *orders = NULL;
	struct db_seat *seats = NULL;
	struct db_draw *draws = NULL;
	json_t *before = NULL, *plan = NULL, *stored = NULL, *seat_list = NULL, *data = NULL;
	json_error_t jerr;
	size_t norders = 0, nseats = 0, ndraws = 0, i;
	int rc;

	rc = db_turn_get(db, c->id, number, t, err, errlen);
	if (rc == DB_NOT_FOUND || (!rc && (!t->resolved_at[0] || !t->state_after))) {
		snprintf(err, errlen, "campaign '%s' has no resolved turn %d", c->name, number);
		return EXIT_DATAERR;
	}
	if (rc)
		return judge_db_exit(rc);
	rc = EXIT_FAIL;
	if (turn_draws(db, c, t, &seeded, err, errlen))
		goto out;
	src = draw_seeded_source(&seeded, log);
	if (number == 0) {
		if ((rc = db_seat_list(db, c->id, &seats, &nseats, err, errlen))) {
			rc = judge_db_exit(rc);
			goto out;
		}
		rc = EXIT_FAIL;
		seat_list = play_seats_json(db, seats, nseats, s->duplicate_of[0] ? s->duplicate_of : c->name);
		data = play_packs_of(db, c->id, err, errlen);
		if (!seat_list || !data || engine_setup(rs, s->game, data, seat_list, &src, out, err, errlen))
			goto out;
	} else {
		before = json_loads(t->state_before, 0, &jerr);
		if ((rc = db_order_list(db, t->id, 1, &orders, &norders, err, errlen))) {
			rc = judge_db_exit(rc);
			goto out;
		}
		rc = EXIT_FAIL;
		if (rs->resolve_data && !(data = play_packs_of(db, c->id, err, errlen)))
			goto out;
		if (!before || !(plan = orders_of(orders, norders, err, errlen)) ||
		    engine_resolve_data(rs, before, plan, data, &src, out, err, errlen))
			goto out;
	}
	rc = 1;
	stored = json_loads(t->state_after, 0, &jerr);
	if (!json_equal(stored, out->state)) {
		snprintf(err, errlen, "campaign '%s', turn %d: replaying the stored inputs does not give "
			 "the stored result (was the database edited, or the judge changed?)", c->name,
			 number);
		goto out;
	}
	if (db_draw_list(db, t->id, &draws, &ndraws, err, errlen))
		goto out;
	/* A turn stored before its game noted draws (draw_note) has none. */
	for (i = 0; i < ndraws && !draw_line_is_note(draws[i].line); i++)
		;
	if (i == ndraws)
		draw_log_drop_notes(log);
	for (i = 0; i < ndraws || i < log->n; i++) {
		if (i >= ndraws || i >= log->n || strcmp(draws[i].line, log->e[i].line) ||
		    strcmp(draws[i].stream, log->e[i].stream)) {
			snprintf(err, errlen, "campaign '%s', turn %d: draw %zu: stored '%s', replayed '%s'",
				 c->name, number, i + 1, i < ndraws ? draws[i].line : "(none)",
				 i < log->n ? log->e[i].line : "(none)");
			goto out;
		}
	}
	rc = 0;
out:
	sodium_memzero(&seeded, sizeof(seeded));
	db_draw_list_release(draws, ndraws);
	db_order_list_release(orders, norders);
	free(seats);
	json_decref(seat_list);
	json_decref(data);
	json_decref(before);
	json_decref(plan);
	json_decref(stored);
	return rc;
}

int play_report(struct cmd_ctx *ctx, const struct db_campaign *c, const struct judge_settings *s,
		const char *seat_name, long turn, int json, struct strbuf *sink)
{
	const struct ruleset *rs = game_of(c);
	struct db_turn t, next;
	struct db_seat seat;
	struct engine_turn out;
	struct draw_log log;
	struct report_ctx r;
	struct strbuf text = STRBUF_INIT;
	json_t *m = NULL;
	char err[1024];
	int rc, ret = EXIT_FAIL;
	const char *dir = s->templates[0] ? s->templates : NULL;

	memset(&t, 0, sizeof(t));
	memset(&next, 0, sizeof(next));
	engine_turn_init(&out);
	draw_log_init(&log);
	if (turn < 0)
		turn = !strcmp(c->status, "finished") ? c->turn : c->turn - 1;
	if (seat_name) {
		rc = db_seat_get(ctx->db, c->id, seat_name, &seat, err, sizeof(err));
		if (rc) {
			cmd_error(rc == DB_NOT_FOUND ? "campaign '%s' has no %s named '%s'" : "%s%s%s",
				  rc == DB_NOT_FOUND ? c->name : err, rc == DB_NOT_FOUND ? rs->seat_word : "",
				  rc == DB_NOT_FOUND ? seat_name : "");
			return rc == DB_NOT_FOUND ? EXIT_DATAERR : judge_db_exit(rc);
		}
	}
	rc = replay_turn(ctx->db, c, s, (int)turn, &t, &out, &log, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		ret = rc == 1 ? EXIT_FAIL : rc;
		goto out;
	}
	memset(&r, 0, sizeof(r));
	r.db = ctx->db;
	r.c = c;
	r.s = s;
	r.rs = rs;
	r.turn = (int)turn;
	r.turn_id = t.id;
	r.t = &out;
	if (!db_turn_get(ctx->db, c->id, (int)turn + 1, &next, err, sizeof(err)))
		time_parse_iso(next.deadline, &r.deadline);
	m = seat_model(&r, seat_name ? &seat : NULL, engine_is_over(rs, out.state), err, sizeof(err));
	if (!m) {
		cmd_error("%s", err);
		goto out;
	}
	if (json) {
		ret = cmd_print_json(m, JSON_PRESERVE_ORDER);
		m = NULL;
		goto out;
	}
	if (templates_render_game(rs->name, "report", dir, m, &text, err, sizeof(err)) < 0) {
		cmd_error("%s", err);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (sink)
		strbuf_addstr(sink, strbuf_str(&text));
	else
		fputs(strbuf_str(&text), stdout);
	ret = EXIT_OK;
out:
	json_decref(m);
	strbuf_release(&text);
	engine_turn_release(&out);
	draw_log_release(&log);
	db_turn_release(&t);
	db_turn_release(&next);
	return ret;
}

int play_verify_turn(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		     int n, size_t *draws, char *seed, size_t seedlen, char *err, size_t errlen)
{
	struct db_turn t;
	struct engine_turn out;
	struct draw_log log;
	int rc;

	memset(&t, 0, sizeof(t));
	engine_turn_init(&out);
	draw_log_init(&log);
	seed[0] = '\0';
	rc = replay_turn(db, c, s, n, &t, &out, &log, err, errlen);
	if (t.id)
		snprintf(seed, seedlen, "%s", t.seed);
	*draws = log.n;
	engine_turn_release(&out);
	draw_log_release(&log);
	db_turn_release(&t);
	return rc;
}

int play_start(struct cmd_ctx *ctx, const char *name, time_t now)
{
	return play_start_root(ctx, name, now, NULL);
}

int play_process_one(struct cmd_ctx *ctx, const char *name, time_t now, int dry, int *due,
		     int *resolved)
{
	return play_process_turn(ctx, name, now, dry, 0, due, resolved);
}
