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
#include "lib/strbuf.h"
#include "judge/silent.h"
#include "steps.h"
#include "judge/templates.h"
#include "judge/timeutil.h"
#include "verdict.h"
#include "judge/vote.h"

int play_is_generic(const char *ruleset)
{
	return ruleset && *ruleset && strcmp(ruleset, "hovercrafts") && ruleset_find(ruleset);
}

/* ---------- the sealed root ---------- */

static void sha256_hex(const char *text, char out[65])
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	sodium_bin2hex(out, 65, h, sizeof(h));
}

void play_seal_text(const char *ns, const char *campaign, const char *root_hex, char *out,
		    size_t len)
{
	if (ns && *ns)
		snprintf(out, len, "mxjudge:%s:%s:root:%s", ns, campaign, root_hex);
	else
		snprintf(out, len, "mxjudge:%s:root:%s", campaign, root_hex);
}

/*
 * A new root: drawn at random, or with a campaign --seed (tests, demos)
 * SHA-256 of "mxjudge:SEED:root". Its commitment is SHA-256 of
 * "mxjudge:CAMPAIGN:root:ROOTHEX", which anyone can recompute once the
 * root is revealed.
 */
void play_new_root(const struct judge_settings *s, const char *ns, const char *campaign,
		   struct db_root *r, const char *now)
{
	unsigned char raw[DRAW_ROOT_LEN];
	char text[256];

	memset(r, 0, sizeof(*r));
	if (s->fresh_seeds) {
		randombytes_buf(raw, sizeof(raw));
		draw_root_hex(raw, r->root);
		sodium_memzero(raw, sizeof(raw));
	} else {
		snprintf(text, sizeof(text), "mxjudge:%" PRIu64 ":root", s->seed);
		sha256_hex(text, r->root);
	}
	play_seal_text(ns, campaign, r->root, text, sizeof(text));
	sha256_hex(text, r->commitment);
	snprintf(r->created_at, sizeof(r->created_at), "%s", now);
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

/*
 * The seats of a campaign as the ruleset takes them: [{"name", "side",
 * "data", "campaign"}], campaign the name the game is sealed under (a
 * duplicate set's, for its runs).
 */
json_t *play_seats_json(struct db *db, const struct db_seat *seats, size_t n,
			const char *campaign)
{
	json_t *out = json_array();
	size_t i;

	for (i = 0; out && i < n; i++) {
		char *text = NULL, err[256];
		json_t *data = NULL;
		int removed = 0;

		/* A seat the game master removed before the start is no seat of the game. */
		if (!db_seat_removed(db, seats[i].id, &removed, err, sizeof(err)) && removed)
			continue;
		/* The seat's own data, as it joined with it (campaign join --data). */
		if (!db_seat_data_get(db, seats[i].id, &text, err, sizeof(err)) && text)
			data = json_loads(text, 0, NULL);
		free(text);
		if (!json_is_object(data)) {
			json_decref(data);
			data = json_object();
		}
		json_array_append_new(out, json_pack("{s:s,s:s,s:o,s:s}", "name", seats[i].name,
						     "side", seats[i].team, "data", data, "campaign",
						     campaign));
	}
	return out;
}

/* ---------- data packs ---------- */

json_t *play_read_pack(const struct ruleset *rs, const char *arg, char *err, size_t errlen)
{
	const struct ruleset_data_kind *k;
	const char *eq = strchr(arg, '='), *base;
	char kind[DB_NAME_MAX], digest[65], inner[512], *text;
	size_t len, n = eq ? (size_t)(eq - arg) : 0;
	json_t *out;

	if (!eq || !n || n >= sizeof(kind)) {
		snprintf(err, errlen, "--data: expected KIND=FILE, got '%s'", arg);
		return NULL;
	}
	memcpy(kind, arg, n);
	kind[n] = '\0';
	for (k = rs->data_kinds; k && k->name && strcmp(k->name, kind); k++)
		;
	if (!k || !k->name) {
		snprintf(err, errlen, "--data: %s takes no data of kind '%s'%s", rs->name, kind,
			 rs->data_kinds && rs->data_kinds->name ? " ('mxjudge games' lists its kinds)" : "");
		return NULL;
	}
	text = cmd_read_file(eq + 1, &len, inner, sizeof(inner));
	if (!text) {
		snprintf(err, errlen, "--data %s: %s", kind, inner);
		return NULL;
	}
	if (strlen(text) != len) {
		snprintf(err, errlen, "%s: expected a text file (it holds a NUL byte)", eq + 1);
		free(text);
		return NULL;
	}
	judge_digest(text, digest);
	base = strrchr(eq + 1, '/') ? strrchr(eq + 1, '/') + 1 : eq + 1;
	/* The path goes with it for the game's "FILE:LINE: ..." messages at creation. */
	out = json_pack("{s:{s:s,s:s,s:s,s:s}}", kind, "name", base, "path", eq + 1, "digest", digest,
			"text", text);
	free(text);
	if (!out)
		snprintf(err, errlen, "out of memory");
	return out;
}

int play_store_packs(struct db *db, long long campaign_id, const json_t *data, time_t now,
		     char *err, size_t errlen)
{
	const char *kind;
	json_t *p;
	int rc = 0;

	json_object_foreach((json_t *)data, kind, p) {
		struct db_pack pack;

		memset(&pack, 0, sizeof(pack));
		snprintf(pack.kind, sizeof(pack.kind), "%s", kind);
		snprintf(pack.name, sizeof(pack.name), "%s", json_string_value(json_object_get(p, "name")));
		snprintf(pack.digest, sizeof(pack.digest), "%s",
			 json_string_value(json_object_get(p, "digest")));
		pack.body = (char *)json_string_value(json_object_get(p, "text"));
		time_format_utc(now, pack.added_at, sizeof(pack.added_at));
		if ((rc = db_pack_add(db, campaign_id, &pack, err, errlen)))
			break;
	}
	return rc;
}

/* The packs of a campaign as the ruleset takes them: {KIND: {"name","digest","text"}}. */
json_t *play_packs_of(struct db *db, long long campaign_id, char *err, size_t errlen)
{
	struct db_pack *packs = NULL;
	json_t *out;
	size_t n = 0, i;

	if (db_pack_list(db, campaign_id, &packs, &n, err, errlen))
		return NULL;
	out = json_object();
	for (i = 0; out && i < n; i++)
		json_object_set_new(out, packs[i].kind, json_pack("{s:s,s:s,s:s}", "name", packs[i].name,
								  "digest", packs[i].digest, "text",
								  packs[i].body));
	db_pack_list_release(packs, n);
	if (!out)
		snprintf(err, errlen, "out of memory");
	return out;
}

/* A campaign's game; one made before games had names is Hovercrafts. NULL: unknown. */
static const struct ruleset *game_of(const struct db_campaign *c)
{
	return ruleset_find(c->ruleset[0] ? c->ruleset : "hovercrafts");
}

const struct ruleset *play_game_of(const struct db_campaign *c)
{
	return game_of(c);
}

void play_seat_noun(const struct ruleset *rs, char *buf, size_t len)
{
	size_t i;

	for (i = 0; rs->seat_word[i] && i + 1 < len; i++)
		buf[i] = (char)tolower((unsigned char)rs->seat_word[i]);
	buf[i] = '\0';
}

json_t *play_settings_of(const struct ruleset *rs, const struct db_campaign *c)
{
	json_t *root = json_loads(c->settings, 0, NULL), *game = json_object_get(root, "game");
	json_t *out = json_is_object(game) ? json_deep_copy(game) : json_object();
	const struct ruleset_setting *k;

	/* A key the game declares may stand beside the judge's (Hovercrafts' board, older than "game"). */
	for (k = rs->settings; out && k && k->key; k++)
		if (!json_object_get(out, k->key) && json_object_get(root, k->key))
			json_object_set(out, k->key, json_object_get(root, k->key));
	json_decref(root);
	return out;
}

int play_seat_room(struct db *db, const struct ruleset *rs, const struct db_campaign *c,
		   const struct db_seat *ships, size_t n, const char *name, const char *side,
		   const json_t *data, char *err, size_t errlen)
{
	json_t *seats = play_seats_json(db, ships, n, c->name), *settings = NULL, *seat = NULL;
	json_t *packs;
	char inner[256];
	int rc = PLAY_SEAT_FULL;

	/* The seats with their data (a removed ship is none) and the campaign's packs. */
	if (seats && (int)json_array_size(seats) >= rs->max_seats)
		goto out;
	rc = -1;
	settings = play_settings_of(rs, c);
	seat = json_pack("{s:s,s:s,s:o}", "name", name, "side", side, "data",
			 data ? json_incref((json_t *)data) : json_object());
	packs = play_packs_of(db, c->id, inner, sizeof(inner));
	if (seat && packs)
		json_object_set_new(seat, "packs", packs);
	else
		json_decref(packs);
	if (!seats || !settings || !seat) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	/* The game's own limits (Hovercrafts: a ship a row of its side's edge). */
	rc = rs->check_seat && rs->check_seat(settings, seats, seat, err, errlen) < 0 ?
		PLAY_SEAT_REFUSED : 0;
out:
	json_decref(seats);
	json_decref(settings);
	json_decref(seat);
	return rc;
}

const struct play_steps *play_steps_of(const struct ruleset *rs)
{
	return rs && rs == ruleset_default() ? &hover_steps : NULL;
}

/* ---------- start ---------- */

int play_idle_days(const struct judge_settings *s)
{
	json_int_t d = json_integer_value(json_object_get(s->game, "idle_days"));

	return d > 0 && d <= 3650 ? (int)d : 30;
}

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
	if (over && steps) {
		/* The game's own end: a battle of a series may open the next. */
		if ((rc = steps->over(&pt, err, sizeof(err))))
			goto dberr;
	} else if (over) {
		json_t *st = engine_status(rs, out.state);
		const char *result = json_string_value(json_object_get(st, "result"));

		snprintf(c.status, sizeof(c.status), "finished");
		rc = db_campaign_set_result(&c, result) ? DB_ERROR : 0;
		json_decref(st);
		if (rc) {
			snprintf(err, sizeof(err), "out of memory");
			goto dberr;
		}
		/*
		 * Nothing is hidden once the game is over: the root is published;
		 * a run of a duplicate set keeps it until the set closes.
		 */
		if (!s.duplicate_of[0] &&
		    (rc = db_root_reveal(ctx->db, c.id, now_text, err, sizeof(err))))
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

/*
 * `turn show` of such a campaign: what the public may know of a turn. The
 * states and events as the public sees them, the open draws once the turn
 * is resolved, the sealed ones once the game is over; orders show their
 * digest, and their text once resolved (a game with hidden information:
 * once it is over, as they would reveal hands).
 */
int play_turn_show(struct cmd_ctx *ctx, const struct db_campaign *c,
		   const struct judge_settings *s, int number, int json)
{
	const struct ruleset *rs = game_of(c);
	struct db_turn t;
	struct db_order *o = NULL;
	struct db_event *ev = NULL;
	struct db_draw *d = NULL;
	struct db_root root;
	size_t no = 0, nev = 0, nd = 0, i;
	json_t *out = NULL, *list, *all_events = json_array(), *pub, *st, *packs = NULL;
	json_error_t jerr;
	char err[512], commit[65], when[TIME_TEXT_MAX];
	int rc, ret = EXIT_FAIL, over = !strcmp(c->status, "finished"), resolved;
	int open_orders, sealed_digest;

	memset(&t, 0, sizeof(t));
	memset(&root, 0, sizeof(root));
	rc = db_turn_get(ctx->db, c->id, number, &t, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no turn %d (turns 0 to %d)", c->name, number, c->turn);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (rc || (rc = db_order_list(ctx->db, t.id, 0, &o, &no, err, sizeof(err))) ||
	    (rc = db_event_list(ctx->db, t.id, &ev, &nev, err, sizeof(err))) ||
	    (rc = db_draw_list(ctx->db, t.id, &d, &nd, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	db_root_get(ctx->db, c->id, &root, err, sizeof(err));
	resolved = t.resolved_at[0] != '\0';
	open_orders = over || (resolved && !(rs->flags & RULESET_HIDDEN));
	/*
	 * A digest of a short order can be guessed offline (a plan of the
	 * Operator's: issue 28): a hidden game's wait for its text, at the end.
	 */
	sealed_digest = !over && (rs->flags & RULESET_HIDDEN);
	judge_seed_commitment(c->name, t.number, t.seed, commit);
	out = json_pack("{s:s,s:s,s:i,s:s,s:s,s:s?,s:s?,s:b}", "campaign", c->name, "game", rs->name,
			"turn", t.number, "commitment", commit, "deadline", t.deadline, "resolved",
			resolved ? t.resolved_at : NULL, "seed", resolved ? t.seed : NULL, "over", over);
	if (!out || !all_events)
		goto nomem;
	if (rs->view_data && !over && !(packs = play_packs_of(ctx->db, c->id, err, sizeof(err)))) {
		cmd_error("%s", err);
		goto out;
	}
	/* Once the game is over nothing is hidden: whole states, so anyone can replay it. */
	st = json_loads(t.state_before, 0, &jerr);
	json_object_set_new(out, "state_before", !st ? json_null() : over ? json_incref(st)
					       : engine_view_data(rs, st, NULL, packs));
	json_decref(st);
	st = t.state_after ? json_loads(t.state_after, 0, &jerr) : NULL;
	json_object_set_new(out, "state_after", !st ? json_null() : over ? json_incref(st)
					      : engine_view_data(rs, st, NULL, packs));
	json_decref(st);
	for (i = 0; i < nev; i++) {
		json_t *e = json_loads(ev[i].json, 0, &jerr);

		if (e)
			json_array_append_new(all_events, e);
	}
	pub = over ? json_incref(all_events) : engine_events_for(all_events, NULL);
	json_object_set_new(out, "events", pub);
	list = json_array();
	/* A game whose draw lines name hidden characters shows them at the end (issue 28). */
	for (i = 0; list && i < nd && resolved; i++)
		if (over || (strncmp(d[i].stream, "sealed", 6) && !(rs->flags & RULESET_DRAWS_NAME)))
			json_array_append_new(list, json_pack("{s:s,s:s}", "stream", d[i].stream, "draw",
							      d[i].line));
	json_object_set_new(out, "draws", list);
	list = json_array();
	for (i = 0; list && i < no; i++) {
		json_t *one = json_pack("{s:s,s:s,s:s?,s:b}", "seat", o[i].ship, "received",
					o[i].received_at, "digest", sealed_digest ? NULL : o[i].digest,
					"current", o[i].current);

		if (one && open_orders) {
			json_object_set_new(one, "understood", json_string(o[i].understood));
			if (o[i].reading)
				json_object_set_new(one, "reading", json_loads(o[i].reading, 0, &jerr));
		}
		json_array_append_new(list, one);
	}
	json_object_set_new(out, "orders", list);
	if (root.commitment[0]) {
		struct judge_settings js;
		char e[256];

		json_object_set_new(out, "sealed", json_pack("{s:s,s:s?}", "commitment", root.commitment,
							     "root", root.revealed_at[0] ? root.root : NULL));
		/* The data packs the turn read, by name and digest (never their text). */
		if (rs->resolve_data) {
			json_t *read = play_packs_of(ctx->db, c->id, e, sizeof(e)), *pv, *dd;
			const char *kind;

			dd = json_object();
			json_object_foreach(read, kind, pv)
				json_object_set_new(dd, kind, json_pack("{s:O?,s:O?}", "name",
									  json_object_get(pv, "name"), "digest",
									  json_object_get(pv, "digest")));
			json_object_set_new(out, "data", dd);
			json_decref(read);
		}
		/* A run of a duplicate set was sealed under the set's name. */
		if (!judge_settings_parse(&js, c->settings, e, sizeof(e))) {
			if (js.duplicate_of[0])
				json_object_set_new(json_object_get(out, "sealed"), "set",
						    json_string(js.duplicate_of));
			judge_settings_release(&js);
		}
	}
	if (json) {
		ret = cmd_print_json(out, JSON_PRESERVE_ORDER);
		out = NULL;
		goto out;
	}
	printf("Campaign %s (%s), turn %d%s\n", c->name, rs->name, t.number, t.number ? "" : " (setup)");
	/* Times as people read them, in the campaign's zone; a solo game's limit is no deadline. */
	time_shown(t.deadline, s->timezone, when, sizeof(when));
	printf("  %s %s\n", rs->flags & RULESET_SOLO ? "idle end:" : "deadline:", when);
	time_shown(t.resolved_at, s->timezone, when, sizeof(when));
	printf("  resolved: %s\n", resolved ? when : "not yet");
	printf("  seed:     %s\n  sealed:   %s\n", resolved ? t.seed : "not revealed yet", commit);
	printf("\nOrders\n");
	for (i = 0; i < no; i++) {
		time_shown(o[i].received_at, s->timezone, when, sizeof(when));
		printf("  %-14s %s  %s%s\n", o[i].ship, when,
		       sealed_digest ? "(digest shown when the game is over)" : o[i].digest,
		       o[i].current ? "" : "  (replaced)");
	}
	if (!no)
		printf("  none\n");
	printf("\nEvents\n");
	json_array_foreach(pub, i, st) {
		char *line = json_dumps(st, JSON_COMPACT | JSON_PRESERVE_ORDER);

		printf("  %s\n", line ? line : "");
		free(line);
	}
	if (!json_array_size(pub))
		printf("  none\n");
	printf("\nDraws\n");
	list = json_object_get(out, "draws");
	json_array_foreach(list, i, st)
		printf("  %-7s %s\n", json_string_value(json_object_get(st, "stream")),
		       json_string_value(json_object_get(st, "draw")));
	if (!json_array_size(list))
		printf("  %s\n", !resolved ? "none yet" : rs->flags & RULESET_DRAWS_NAME ?
		       "none shown (they name who drew: shown when the game is over)" :
		       "none shown (sealed ones are shown when the game is over)");
	ret = EXIT_OK;
	goto out;
nomem:
	cmd_error("out of memory");
out:
	json_decref(out);
	json_decref(all_events);
	json_decref(packs);
	sodium_memzero(&root, sizeof(root));
	db_order_list_release(o, no);
	db_event_list_release(ev, nev);
	db_draw_list_release(d, nd);
	db_turn_release(&t);
	return ret;
}

/*
 * Reminds the seats of such a campaign that are due and have sent nothing,
 * once per turn each, in the last hours before the deadline
 * (templates/reminder.mustache, with the game's own order form).
 */
int play_remind(struct cmd_ctx *ctx, const struct db_campaign *c, int hours, time_t now,
		size_t *queued)
{
	const struct ruleset *rs = game_of(c);
	struct judge_settings s;
	struct db_turn t;
	struct db_order *orders = NULL;
	json_t *state = NULL, *due = NULL;
	json_error_t jerr;
	size_t norders = 0, i, k;
	char err[512], now_text[DB_TIME_MAX], when[TIME_TEXT_MAX];
	time_t deadline, opened, window;
	int rc = 0, ret = 0;

	memset(&s, 0, sizeof(s));
	memset(&t, 0, sizeof(t));
	if (!rs || judge_settings_parse(&s, c->settings, err, sizeof(err)) ||
	    db_turn_get(ctx->db, c->id, c->turn, &t, err, sizeof(err)) || t.resolved_at[0] ||
	    time_parse_iso(t.deadline, &deadline))
		goto out;
	deadline = judge_effective_deadline(c, deadline, now);
	window = (time_t)hours * 3600;
	/*
	 * Never in the first half of a turn: with 24-hour turns and the 24
	 * hours' default, the first tick after a start would mail every
	 * seat "no orders yet" before anyone could have read the report.
	 */
	if (!time_parse_iso(t.opened_at, &opened) && opened < deadline &&
	    window > (deadline - opened) / 2)
		window = (deadline - opened) / 2;
	if (now >= deadline || now < deadline - window)
		goto out;
	if (!(state = json_loads(t.state_before, 0, &jerr)) ||
	    (rc = db_order_list(ctx->db, t.id, 1, &orders, &norders, err, sizeof(err))))
		goto out;
	due = engine_waiting_for(rs, state);
	time_format_utc(now, now_text, sizeof(now_text));
	time_format_zone(deadline, s.timezone, when, sizeof(when));
	for (i = 0; i < json_array_size(due); i++) {
		const char *name = json_string_value(json_array_get(due, i));
		struct db_seat seat;
		json_t *data, *form;
		int have = 0, one;

		for (k = 0; k < norders && !have; k++)
			have = !strcasecmp(orders[k].ship, name);
		if (have || db_seat_get(ctx->db, c->id, name, &seat, err, sizeof(err)))
			continue;
		form = engine_order_form(rs, state, seat.name);
		data = json_pack("{s:s,s:s,s:s,s:s,s:i,s:i,s:s,s:o}", "campaign", c->name,
				 "game_title", rs->title, "seat_word", rs->seat_word, "seat", seat.name,
				 "turn", t.number, "next_turn", t.number, "deadline", when, "order_form",
				 form ? form : json_string(""));
		if (data && rs->seat_summary) {
			json_t *more = rs->seat_summary(state, seat.name);

			if (!more || json_object_update(data, more)) {
				json_decref(data);
				data = NULL;
			}
			json_decref(more);
		}
		if (!data) {
			snprintf(err, sizeof(err), "out of memory");
			rc = DB_ERROR;
			goto dberr;
		}
		rc = mailer_queue_reminder(ctx, c, &s, &t, &seat, "reminder", data, now_text, &one,
					   err, sizeof(err));
		json_decref(data);
		if (rc == MAILER_NO_TEMPLATE) {
			cmd_error("campaign '%s': %s", c->name, err);
			ret = EXIT_FAIL;
			continue;
		}
		if (rc)
			goto dberr;
		*queued += (size_t)one;
	}
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	json_decref(state);
	json_decref(due);
	db_order_list_release(orders, norders);
	db_turn_release(&t);
	judge_settings_release(&s);
	return ret;
}

/*
 * verify --published of a finished game: its turn as `turn show --json`
 * printed it (whole states, orders' readings, every draw, the revealed
 * root), played again by anyone without the database. 0 verified, 1
 * differs, 65 unreadable; the verdict printed.
 */
/*
 * The packs given with --data for a published turn of a game that reads
 * them: each kind the turn names, with the digest it names. NULL with err.
 */
static json_t *published_packs(const struct ruleset *rs, const json_t *root, const char *name,
			       const char *const *packs, int npacks, char *err, size_t errlen)
{
	json_t *given = json_object(), *want = json_object_get(root, "data"), *v;
	const char *kind;
	int i;

	for (i = 0; given && i < npacks; i++) {
		json_t *one = play_read_pack(rs, packs[i], err, errlen);

		if (!one) {
			json_decref(given);
			return NULL;
		}
		json_object_update(given, one);
		json_decref(one);
	}
	json_object_foreach(want, kind, v) {
		const char *digest = json_string_value(json_object_get(v, "digest"));
		json_t *g = json_object_get(given, kind);

		if (!g || !digest || (strcmp(digest, json_string_value(json_object_get(g, "digest"))) &&
				      !(rs->flags & RULESET_OWN_DIGEST))) {
			snprintf(err, errlen, "%s: this turn was played with the %s '%s' (SHA-256 %s): "
				 "give that file with --data %s=FILE", name, kind,
				 json_string_value(json_object_get(v, "name")) ?
				 json_string_value(json_object_get(v, "name")) : "?",
				 digest ? digest : "?", kind);
			json_decref(given);
			return NULL;
		}
	}
	return given;
}

/*
 * verify --published of a turn of a running game whose sealed root is not
 * revealed yet: only its open part. The seed must be the one sealed before
 * the turn, and every open die listed what the open stream of that seed
 * gives (core/draw.h, draw_open_check); hands and decks wait for the end.
 */
static int verify_open_part(const json_t *root, const char *campaign, int turn,
			    const char *seed_text, uint64_t seed, struct verdict *v)
{
	const json_t *list = json_object_get(root, "draws");
	const char *commitment = json_string_value(json_object_get(root, "commitment"));
	const char **streams = NULL, **lines = NULL;
	char check[65], want[DRAW_LINE_MAX], err[256];
	size_t n = json_array_size(list), i, checked = 0, bad = 0;
	json_t *d;
	int rc = EXIT_FAIL;

	judge_seed_commitment(campaign, turn, seed_text, check);
	if (!commitment || strcmp(check, commitment)) {
		snprintf(v->difference, sizeof(v->difference), "the seed %s does not match its seal "
			 "%s (it gives %s)", seed_text, commitment ? commitment : "(none)", check);
		return EXIT_FAIL;
	}
	streams = calloc(n + 1, sizeof(*streams));
	lines = calloc(n + 1, sizeof(*lines));
	if (!streams || !lines) {
		cmd_error("out of memory");
		goto out;
	}
	json_array_foreach(list, i, d) {
		streams[i] = json_string_value(json_object_get(d, "stream"));
		lines[i] = json_string_value(json_object_get(d, "draw"));
		if (!streams[i] || !lines[i]) {
			cmd_error("%s, turn %d: draws[%zu]: expected {\"stream\", \"draw\"}", campaign,
				  turn, i);
			rc = EXIT_DATAERR;
			goto out;
		}
	}
	switch (draw_open_check(seed, streams, lines, n, &checked, &bad, want, sizeof(want), err,
				sizeof(err))) {
	case 0:
		break;
	case 1:
		snprintf(v->difference, sizeof(v->difference), "draw %zu: published '%.200s', the "
			 "seed gives '%.200s'", bad + 1, lines[bad], want);
		goto out;
	default:
		cmd_error("%s, turn %d: %s", campaign, turn, err);
		rc = EXIT_DATAERR;
		goto out;
	}
	v->ok = v->partly = 1;
	v->dice = checked;
	snprintf(v->said, sizeof(v->said), "partly verified: the seed %s matches its seal, and %zu "
		 "open draw%s of %zu replayed from it; the sealed draws (hands, decks) verify once "
		 "the game has ended", seed_text, checked, checked == 1 ? "" : "s", n);
	rc = EXIT_OK;
out:
	free(streams);
	free(lines);
	return rc;
}

int play_verify_published(const json_t *root, const char *name, const char *const *packs,
			  int npacks, const char *given, struct verdict *v)
{
	const struct ruleset *rs = ruleset_find(json_string_value(json_object_get(root, "game")));
	const char *campaign = json_string_value(json_object_get(root, "campaign"));
	const char *seed_text = json_string_value(json_object_get(root, "seed"));
	const char *hex = json_string_value(json_object_get(json_object_get(root, "sealed"), "root"));
	const char *commitment = json_string_value(json_object_get(json_object_get(root, "sealed"),
								  "commitment"));
	json_t *orders = json_object(), *o, *d, *before = json_object_get(root, "state_before");
	json_t *data = NULL;
	unsigned char raw[DRAW_ROOT_LEN];
	struct draw_seeded seeded;
	struct draw_source src;
	struct draw_log log;
	struct engine_turn t;
	char err[512], check[65], text[256];
	uint64_t seed;
	size_t i;
	int rc = EXIT_DATAERR, turn = (int)json_integer_value(json_object_get(root, "turn"));

	draw_log_init(&log);
	engine_turn_init(&t);
	memset(v, 0, sizeof(*v));
	if (campaign && seed_text) {
		snprintf(v->campaign, sizeof(v->campaign), "%s", campaign);
		snprintf(v->seed, sizeof(v->seed), "%s", seed_text);
		v->turn = turn;
		v->commitment_checked = given != NULL;
		judge_seed_commitment(campaign, turn, seed_text, v->commit);
	}
	/* The seal a captain kept from the report before the turn (--commitment). */
	if (given && campaign && seed_text && strcasecmp(given, v->commit)) {
		snprintf(v->difference, sizeof(v->difference), "the seed %s does not match the "
			 "commitment %s (it gives %s)", seed_text, given, v->commit);
		rc = EXIT_FAIL;
		goto out;
	}
	/* A running game keeps its root: only the open part can be checked yet. */
	if (rs && campaign && seed_text && !judge_parse_u64(seed_text, &seed) && !hex && orders &&
	    turn >= 1 && !json_is_true(json_object_get(root, "over"))) {
		rc = verify_open_part(root, campaign, turn, seed_text, seed, v);
		goto out;
	}
	if (!rs || !campaign || !seed_text || judge_parse_u64(seed_text, &seed) || !hex ||
	    draw_root_parse(hex, raw) || !orders || turn < 1) {
		cmd_error("%s: expected a resolved turn (\"game\", \"campaign\", \"turn\" from 1, "
			  "\"seed\"; a finished game's \"sealed\" with its root) as 'mxjudge turn show "
			  "--json' prints it", name);
		goto out;
	}
	/* The root is the one committed to when the game (or its duplicate set) began. */
	play_seal_text(rs->draw_namespace,
		       json_string_value(json_object_get(json_object_get(root, "sealed"), "set")) ?
		       json_string_value(json_object_get(json_object_get(root, "sealed"), "set")) :
		       campaign, hex, text, sizeof(text));
	sha256_hex(text, check);
	if (!commitment || strcmp(check, commitment)) {
		snprintf(v->difference, sizeof(v->difference), "the root does not match its "
			 "commitment %s (it gives %s)", commitment ? commitment : "(none)", check);
		rc = EXIT_FAIL;
		goto out;
	}
	json_array_foreach(json_object_get(root, "orders"), i, o) {
		json_t *reading = json_object_get(o, "reading");
		const char *seat = json_string_value(json_object_get(o, "seat"));

		if (json_is_true(json_object_get(o, "current")) && seat && reading)
			json_object_set(orders, seat, json_object_get(reading, seat));
	}
	draw_seeded_init(&seeded, seed, raw, turn);
	draw_seeded_namespace(&seeded, rs->draw_namespace);
	src = draw_seeded_source(&seeded, &log);
	if (rs->resolve_data &&
	    !(data = published_packs(rs, root, name, packs, npacks, err, sizeof(err)))) {
		cmd_error("%s", err);
		goto out;
	}
	if (engine_resolve_data(rs, before, orders, data, &src, &t, err, sizeof(err))) {
		cmd_error("%s: %s", name, err);
		goto out;
	}
	rc = EXIT_FAIL;
	/* A turn published before its game noted draws (draw_note) has none. */
	json_array_foreach(json_object_get(root, "draws"), i, d) {
		const char *line = json_string_value(json_object_get(d, "draw"));

		if (line && draw_line_is_note(line))
			break;
	}
	if (i == json_array_size(json_object_get(root, "draws")))
		draw_log_drop_notes(&log);
	v->dice = log.n;
	json_array_foreach(json_object_get(root, "draws"), i, d) {
		const char *want = json_string_value(json_object_get(d, "draw"));

		if (i >= log.n || !want || strcmp(want, log.e[i].line)) {
			snprintf(v->difference, sizeof(v->difference), "draw %zu: published '%.200s', "
				 "replayed '%.200s'", i + 1, want ? want : "(none)",
				 i < log.n ? log.e[i].line : "(none)");
			goto out;
		}
	}
	if (json_array_size(json_object_get(root, "draws")) != log.n) {
		snprintf(v->difference, sizeof(v->difference), "%zu draws published, %zu replayed",
			 json_array_size(json_object_get(root, "draws")), log.n);
		goto out;
	}
	if (!json_equal(json_object_get(root, "state_after"), t.state)) {
		snprintf(v->difference, sizeof(v->difference), "the state after the turn is not the "
			 "one published");
		goto out;
	}
	v->ok = 1;
	snprintf(v->said, sizeof(v->said), "verified: %zu draw%s replayed from seed %s and the "
		 "sealed root, which matches its commitment", log.n, log.n == 1 ? "" : "s",
		 seed_text);
	rc = EXIT_OK;
out:
	json_decref(data);
	sodium_memzero(raw, sizeof(raw));
	json_decref(orders);
	engine_turn_release(&t);
	draw_log_release(&log);
	return rc;
}

/* `campaign reveal NAME`: the game master publishes the sealed root before the end. */
int play_reveal(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct judge_settings s;
	struct db_campaign c;
	struct db_root root;
	char err[512], now_text[DB_TIME_MAX];
	int rc, ret;

	if (argc != 2)
		return EXIT_USAGE;
	if ((ret = judge_begin_load(ctx->db, argv[1], &c, &s)))
		return ret;
	ret = EXIT_DATAERR;
	rc = db_root_get(ctx->db, c.id, &root, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no sealed draws%s", c.name,
			  game_of(&c) && !(game_of(&c)->flags & RULESET_NO_ROOT) ?
			  " yet (they begin with 'campaign start')" : "");
		goto out;
	}
	if (rc)
		goto dberr;
	if (!root.revealed_at[0]) {
		time_format_utc(time(NULL), now_text, sizeof(now_text));
		if ((rc = db_root_reveal(ctx->db, c.id, now_text, err, sizeof(err))) ||
		    (rc = db_commit(ctx->db, err, sizeof(err))))
			goto dberr;
	}
	printf("%s: sealed root %s\n  committed as %s\n", c.name, root.root, root.commitment);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	sodium_memzero(&root, sizeof(root));
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
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
