#include "submit.h"
#include "outbox.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "core/hovercrafts/hovercrafts.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/turn.h"
#include "db/mail.h"
#include "guard.h"
#include "judge.h"
#include "play.h"
#include "lib/strbuf.h"
#include "reporting.h"
#include "series.h"
#include "templates.h"
#include "vote.h"

struct submission {
	struct db *db;
	const struct submit_auth *auth;
	struct submit_result *res;
	struct orders_doc doc;
	struct db_campaign c;
	struct judge_settings s;
	struct db_turn t;
	struct db_captain cap;
	long long ship_id[ORDERS_MAX_ACTIONS * 4];
	const char *text;
	const char *name;
	time_t deadline;
	json_t *reading;		/* the plans read, {SHIP: ...} */
};

static void submission_release(struct submission *sub)
{
	orders_doc_release(&sub->doc);
	db_campaign_release(&sub->c);
	judge_settings_release(&sub->s);
	db_turn_release(&sub->t);
	json_decref(sub->reading);
}

static int refuse(struct submission *sub, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Records why, and returns the exit code. */
static int refuse(struct submission *sub, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sub->res->error, sizeof(sub->res->error), fmt, ap);
	va_end(ap);
	return code;
}

/* Are there current orders for the first ship (what an error reply tells)? */
static void note_current(struct submission *sub)
{
	struct db_order *cur = NULL;
	size_t n = 0, i;
	char err[256];

	if (!sub->t.id || !sub->ship_id[0] ||
	    db_order_list(sub->db, sub->t.id, 1, &cur, &n, err, sizeof(err)))
		return;
	for (i = 0; i < n; i++)
		if (cur[i].ship_id == sub->ship_id[0])
			sub->res->has_current = 1;
	db_order_list_release(cur, n);
}

/*
 * Orders that do not parse may still name a known campaign: the reply
 * then says which, and until when its open turn takes corrected orders.
 */
static void note_campaign(struct submission *sub, time_t now)
{
	struct submit_result *res = sub->res;
	char game[ORDERS_FIELD_MAX], err[512];
	time_t deadline;

	if (orders_find_game(sub->text, game, sizeof(game)) ||
	    db_campaign_get(sub->db, game, &sub->c, err, sizeof(err)))
		return;
	snprintf(res->campaign, sizeof(res->campaign), "%s", sub->c.name);
	res->campaign_id = sub->c.id;
	res->turn = sub->c.turn;
	if (strcmp(sub->c.status, "running") && strcmp(sub->c.status, "paused"))
		return;
	if (judge_settings_parse(&sub->s, sub->c.settings, err, sizeof(err)) ||
	    db_turn_get(sub->db, sub->c.id, sub->c.turn, &sub->t, err, sizeof(err)) ||
	    sub->t.resolved_at[0] || time_parse_iso(sub->t.deadline, &deadline))
		return;
	deadline = judge_effective_deadline(&sub->c, deadline, now);
	if (now <= deadline)
		time_format_zone(deadline, sub->s.timezone, res->deadline, sizeof(res->deadline));
}

/* Does a captain other than `owner` hold this password? Only on the error path. */
static int other_captain(struct db *db, long long campaign_id, long long owner,
			 const char *password)
{
	struct db_captain *caps = NULL;
	size_t n = 0, i;
	char err[256];
	int found = 0;

	if (db_captain_list(db, campaign_id, &caps, &n, err, sizeof(err)))
		return 0;
	for (i = 0; i < n && !found; i++)
		if (caps[i].id != owner && judge_captain_verify(&caps[i], password))
			found = 1;
	free(caps);
	return found;
}

/* Is the CODE the code of one of the seats named, for code_turn? */
static int code_matches(struct db *db, const struct submit_sender *w)
{
	const char *const *seat = w->code_seat ? w->code_seat : w->seat;
	size_t n = w->code_seat ? w->ncode_seats : w->nseats, i;
	char want[JUDGE_CODE_LEN + 1], err[256];

	for (i = 0; i < n; i++)
		if (!judge_order_code(db, w->c->id, seat[i], w->code_turn, 0, want, err,
				      sizeof(err)) &&
		    judge_check_code(w->code, want))
			return 1;
	return 0;
}

int submit_check_address(struct db *db, const struct submit_sender *w,
			 const struct submit_auth *auth, const char *name,
			 struct submit_result *res)
{
	if (!auth || !auth->sender || judge_captain_address(db, w->cap, auth->sender))
		return 0;
	/* Another captain's seat: the reply says nothing of its orders. */
	res->not_own = 1;
	snprintf(res->error, sizeof(res->error), "%s:%d: orders for %s are taken only from the "
		 "address its captain joined with, not from %s", name, w->seat_line, w->seat[0],
		 auth->sender);
	return EXIT_DATAERR;
}

int submit_check_secret(struct db *db, const struct submit_sender *w,
			const struct submit_auth *auth, const char *name, time_t now,
			struct submit_result *res, int *wrong)
{
	char err[256];
	size_t i;
	int rc;

	*wrong = 0;
	if (w->password[0]) {
		/* A password locked after wrong ones is refused before it is checked; a CODE never is. */
		for (i = 0; i < w->nseats; i++)
			if ((rc = guard_check(db, w->s, w->seat_id[i], w->seat[i], now, err,
					      sizeof(err)))) {
				if (rc == EXIT_DATAERR)
					res->auth_ship_id = w->seat_id[i];
				snprintf(res->error, sizeof(res->error), "%s: %s", name, err);
				return rc;
			}
		if (judge_captain_verify(w->cap, w->password))
			return 0;
		*wrong = GUARD_PASSWORD + 1;
		if (other_captain(db, w->c->id, w->cap->id, w->password))
			snprintf(res->error, sizeof(res->error), "%s:%d: %s is commanded by another "
				 "captain; send orders only for your own ships", name, w->seat_line,
				 w->seat[0]);
		else
			snprintf(res->error, sizeof(res->error), "%s: wrong password for %s", name,
				 w->seat[0]);
		return EXIT_DATAERR;
	}
	if (!w->code[0]) {
		snprintf(res->error, sizeof(res->error), "%s: expected a line 'PASSWORD <your "
			 "password>'%s", name, auth && auth->sender ?
			 " (or the CODE line of your latest report)" : "");
		return EXIT_DATAERR;
	}
	if (!auth || !auth->sender) {
		snprintf(res->error, sizeof(res->error), "%s: a CODE is taken only in mail from the "
			 "captain's address; expected a line 'PASSWORD <your password>'", name);
		return EXIT_DATAERR;
	}
	if (code_matches(db, w))
		return 0;
	*wrong = GUARD_CODE + 1;
	snprintf(res->error, sizeof(res->error), "%s: wrong order code for %s (expected the CODE "
		 "line of %s, or your PASSWORD)", name, w->seat[0], w->code_from);
	return EXIT_DATAERR;
}

int submit_check_turn(struct db *db, const struct db_campaign *c, long long turn_id,
		      const long long *seat_id, size_t nseats, const struct submit_auth *auth,
		      const char *name, struct submit_result *res, int *replaces)
{
	const char *written = auth ? auth->written_at : NULL;
	struct db_order *cur = NULL;
	size_t ncur = 0, i, j;
	char err[256];
	int rc = db_order_list(db, turn_id, 1, &cur, &ncur, err, sizeof(err)), ret = 0;

	*replaces = 0;
	if (rc) {
		snprintf(res->error, sizeof(res->error), "%s", err);
		return judge_db_exit(rc);
	}
	/* A vote that passed sealed the end (cmd/vote.h): the turn takes no more orders. */
	for (i = 0; i < ncur && !ret; i++)
		if (cur[i].understood && !strncmp(cur[i].understood, VOTE_AGREE, strlen(VOTE_AGREE))) {
			snprintf(res->error, sizeof(res->error), "%s: '%s' ends by a vote that passed "
				 "(turn %d is its last): no orders are taken", name, c->name, c->turn);
			ret = EXIT_DATAERR;
		}
	for (i = 0; i < ncur && !ret; i++)
		for (j = 0; j < nseats && !ret; j++) {
			if (cur[i].ship_id != seat_id[j])
				continue;
			*replaces = 1;
			/* A mail re-delivered late, or overtaken: the later-written orders stand. */
			if (written && *written && cur[i].written_at[0] &&
			    strcmp(cur[i].written_at, written) > 0) {
				res->older = 1;
				snprintf(res->error, sizeof(res->error), "%s: this mail was written at %s, "
					 "before the orders for %s that stand (written at %s); they stay",
					 name, written, cur[i].ship, cur[i].written_at);
				ret = EXIT_DATAERR;
			}
		}
	db_order_list_release(cur, ncur);
	return ret;
}

int submit_count_wrong(struct db *db, const struct submit_sender *w,
		       const struct submit_auth *auth, int wrong, time_t now, int ret,
		       struct submit_result *res)
{
	char err[512];
	int rc;

	if (!wrong)
		return ret;
	res->auth_ship_id = w->seat_id[0];
	rc = guard_failed(db, w->c, w->s, w->seat_id[0], w->seat[0], (enum guard_secret)(wrong - 1),
			  auth ? auth->sender : NULL, now, err, sizeof(err));
	if (!rc)
		return ret;
	snprintf(res->error, sizeof(res->error), "%s", err);
	return rc;
}

/* Every check but the final one under the lock: 0 or an exit code with the reason. */
static int check(struct submission *sub, time_t now)
{
	struct submit_result *res = sub->res;
	const char *name = sub->name;
	char err[512];
	struct game_state st;
	time_t deadline;
	size_t i;
	int rc;

	if (orders_parse(&sub->doc, sub->text, name, ORDERS_SUBMISSION, err, sizeof(err))) {
		note_campaign(sub, now);
		return refuse(sub, EXIT_DATAERR, "%s", err);
	}
	if (sub->doc.n)
		snprintf(res->ship, sizeof(res->ship), "%s", sub->doc.blocks[0].ship);
	rc = db_campaign_get(sub->db, sub->doc.game, &sub->c, err, sizeof(err));
	if (rc == DB_NOT_FOUND)
		return refuse(sub, EXIT_DATAERR, "%s:%d: no campaign named '%s' (expected the name "
			      "from your report's GAME line)", name, sub->doc.game_line, sub->doc.game);
	if (rc)
		return refuse(sub, judge_db_exit(rc), "%s", err);
	snprintf(res->campaign, sizeof(res->campaign), "%s", sub->c.name);
	res->campaign_id = sub->c.id;
	res->turn = sub->c.turn;
	if (judge_settings_parse(&sub->s, sub->c.settings, err, sizeof(err)))
		return refuse(sub, EXIT_FAIL, "campaign '%s': %s", sub->c.name, err);
	if (!strcmp(sub->c.status, "open")) {
		char when[256];
		int next;

		/* Between battles: what is taken now, and when moves are taken again. */
		res->between = series_between(sub->db, &sub->c, &sub->s, &next, when, sizeof(when));
		if (res->between)
			return refuse(sub, EXIT_DATAERR, "%s:%d: campaign '%s' is between battles %d "
				      "and %d: no turn takes moves now, only UPGRADE lines (your report "
				      "after battle %d lists the prices). %s", name, sub->doc.game_line,
				      sub->c.name, next - 1, next, next - 1, when);
		return refuse(sub, EXIT_DATAERR, "%s:%d: campaign '%s' has not started yet; no turn "
			      "takes orders", name, sub->doc.game_line, sub->c.name);
	}
	if (!strcmp(sub->c.status, "finished"))
		return refuse(sub, EXIT_DATAERR, "%s:%d: campaign '%s' is over; turn %d, its last, is "
			      "already resolved", name, sub->doc.game_line, sub->c.name, sub->c.turn);
	if (!sub->doc.n)
		return refuse(sub, EXIT_DATAERR, "%s: expected a line 'SHIP <name>' followed by its "
			      "actions", name);
	if (!sub->doc.password[0] && !sub->doc.code[0])
		return refuse(sub, EXIT_DATAERR, "%s: expected a line 'PASSWORD <your password>'%s",
			      name, sub->auth && sub->auth->sender ?
			      " (or the CODE line of your latest report)" : "");
	if (sub->doc.turn && sub->doc.turn != sub->c.turn)
		return refuse(sub, EXIT_DATAERR, "%s: these orders are for turn %d, but %s; turn %d "
			      "is open", name, sub->doc.turn, sub->doc.turn < sub->c.turn ?
			      "that turn is already resolved" : "that turn has not begun",
			      sub->c.turn);
	rc = db_turn_get(sub->db, sub->c.id, sub->c.turn, &sub->t, err, sizeof(err));
	if (rc)
		return refuse(sub, judge_db_exit(rc), "%s",
			      rc == DB_NOT_FOUND ? "the open turn is missing" : err);
	if (sub->t.resolved_at[0])
		return refuse(sub, EXIT_DATAERR, "%s: turn %d of '%s' is already resolved", name,
			      sub->t.number, sub->c.name);
	if (time_parse_iso(sub->t.deadline, &deadline))
		return refuse(sub, EXIT_FAIL, "campaign '%s': bad deadline '%s'", sub->c.name,
			      sub->t.deadline);
	sub->deadline = judge_effective_deadline(&sub->c, deadline, now);
	time_format_zone(sub->deadline, sub->s.timezone, res->deadline, sizeof(res->deadline));
	if (now > sub->deadline)
		return refuse(sub, EXIT_DATAERR, "%s: turn %d of '%s' closed at %s; it takes no more "
			      "orders", name, sub->t.number, sub->c.name, res->deadline);
	if (sub->doc.n > sizeof(sub->ship_id) / sizeof(sub->ship_id[0]))
		return refuse(sub, EXIT_DATAERR, "%s: too many SHIP blocks", name);
	for (i = 0; i < sub->doc.n; i++) {
		const struct ship_orders *b = &sub->doc.blocks[i];
		struct db_ship ship;

		rc = db_ship_get(sub->db, sub->c.id, b->ship, &ship, err, sizeof(err));
		if (rc == DB_NOT_FOUND)
			return refuse(sub, EXIT_DATAERR, "%s:%d: campaign '%s' has no ship named '%s'",
				      name, b->ship_line, sub->c.name, b->ship);
		if (rc)
			return refuse(sub, judge_db_exit(rc), "%s", err);
		if (i == 0) {
			rc = db_captain_get_id(sub->db, ship.captain_id, &sub->cap, err, sizeof(err));
			if (rc)
				return refuse(sub, judge_db_exit(rc), "%s", err);
		} else if (ship.captain_id != sub->cap.id) {
			return refuse(sub, EXIT_DATAERR, "%s:%d: %s is not commanded by %s, the captain "
				      "of %s", name, b->ship_line, ship.name, sub->cap.name,
				      sub->doc.blocks[0].ship);
		}
		sub->ship_id[i] = ship.id;
	}
	{
		const char *ships[ORDERS_MAX_ACTIONS * 4];
		char from[64];
		struct submit_sender w;
		int wrong = 0;

		for (i = 0; i < sub->doc.n; i++)
			ships[i] = sub->doc.blocks[i].ship;
		snprintf(from, sizeof(from), "your latest report, for turn %d", sub->c.turn);
		memset(&w, 0, sizeof(w));
		w.c = &sub->c;
		w.s = &sub->s;
		w.cap = &sub->cap;
		w.seat_id = sub->ship_id;
		w.seat = ships;
		w.nseats = sub->doc.n;
		w.seat_line = sub->doc.blocks[0].ship_line;
		w.password = sub->doc.password;
		w.code = sub->doc.code;
		w.code_turn = sub->c.turn;
		w.code_from = from;
		/* Mail must come from the captain's own address, whatever secret it holds. */
		if ((rc = submit_check_address(sub->db, &w, sub->auth, name, res)))
			return rc;
		note_current(sub);
		rc = submit_check_secret(sub->db, &w, sub->auth, name, now, res, &wrong);
		if (wrong)
			rc = submit_count_wrong(sub->db, &w, sub->auth, wrong, now, rc, res);
		if (rc)
			return rc;
	}
	if (judge_state_load(&st, sub->t.state_before, sub->c.name, err, sizeof(err)))
		return refuse(sub, EXIT_FAIL, "%s", err);
	rc = orders_validate(&sub->doc, &st, name, err, sizeof(err));
	/* The ruleset's reading, stored beside the text: {SHIP: [ACTION, ...]} per block. */
	if (!rc) {
		struct turn_plan plans[GAME_MAX_SHIPS];

		turn_plans_from_orders(&st, &sub->doc, plans);
		sub->reading = hover_plans_to_json(&st, plans);
	}
	game_state_release(&st);
	if (rc)
		return refuse(sub, EXIT_DATAERR, "%s", err);
	return sub->reading ? 0 : refuse(sub, EXIT_FAIL, "out of memory");
}

/* The orders as the judge read them, every block. */
static char *understood(const struct orders_doc *doc)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < doc->n; i++) {
		char *one = orders_format(&doc->blocks[i]);

		if (!one) {
			strbuf_release(&sb);
			return NULL;
		}
		strbuf_addstr(&sb, one);
		if (!doc->blocks[i].n)
			strbuf_addstr(&sb, "(no actions: idle all turn)\n");
		free(one);
	}
	return strbuf_detach(&sb, NULL);
}

/* {SHIP: ORDERS} of one ship named in any case, from the reading of every block. */
static json_t *reading_of(const json_t *reading, const char *ship)
{
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)reading, key, v)
		if (!mx_strcasecmp(key, ship))
			return json_pack("{s:O}", key, v);
	return NULL;
}

/* Seals the checked orders and queues the receipt; one transaction. */
static int seal(struct submission *sub, time_t now)
{
	struct submit_result *res = sub->res;
	struct db_order o;
	struct db_campaign again;
	struct db_turn t;
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	json_t *data = NULL, *ships;
	struct outbox_mail m;
	char key[DB_KEY_MAX], created[DB_TIME_MAX];
	long long id = 0;
	size_t i;
	char err[512], digest[65], got[TIME_TEXT_MAX];
	char *raw = judge_redact(sub->text);
	const char *written = sub->auth ? sub->auth->written_at : NULL;
	long long first = 0;
	int rc, ret = EXIT_FAIL, replaces = 0;

	memset(&again, 0, sizeof(again));
	memset(&t, 0, sizeof(t));
	if (!raw) {
		ret = refuse(sub, EXIT_FAIL, "out of memory");
		goto out;
	}
	judge_digest(raw, digest);
	rc = db_begin(sub->db, err, sizeof(err));
	if (rc)
		goto dberr;
	/* process may have resolved the turn since we looked: look again, locked. */
	if ((rc = db_campaign_get(sub->db, sub->c.name, &again, err, sizeof(err))) ||
	    (rc = db_turn_get(sub->db, sub->c.id, sub->c.turn, &t, err, sizeof(err))))
		goto dberr;
	if (again.turn != sub->c.turn || t.resolved_at[0] || !strcmp(again.status, "finished")) {
		ret = refuse(sub, EXIT_DATAERR, "%s: turn %d of '%s' was resolved while your orders "
			     "were being checked; nothing stored", sub->name, sub->c.turn, sub->c.name);
		goto out;
	}
	if ((ret = submit_check_turn(sub->db, &sub->c, t.id, sub->ship_id, sub->doc.n, sub->auth,
				     sub->name, res, &replaces)))
		goto out;
	ret = EXIT_FAIL;
	for (i = 0; i < sub->doc.n; i++) {
		char *one = orders_format(&sub->doc.blocks[i]);
		json_t *mine;

		memset(&o, 0, sizeof(o));
		o.turn_id = t.id;
		o.ship_id = sub->ship_id[i];
		o.captain_id = sub->cap.id;
		o.raw = raw;
		o.understood = one;
		mine = reading_of(sub->reading, sub->doc.blocks[i].ship);
		o.reading = mine ? json_dumps(mine, JSON_COMPACT) : NULL;
		json_decref(mine);
		snprintf(o.digest, sizeof(o.digest), "%s", digest);
		snprintf(o.written_at, sizeof(o.written_at), "%s", written ? written : "");
		time_format_utc(now, o.received_at, sizeof(o.received_at));
		rc = one && o.reading ? db_order_submit(sub->db, &o, err, sizeof(err)) : DB_ERROR;
		if (!one || !o.reading)
			snprintf(err, sizeof(err), "out of memory");
		free(one);
		free(o.reading);
		if (rc)
			goto dberr;
		if (!first)
			first = o.id;
	}
	time_format_zone(now, sub->s.timezone, got, sizeof(got));
	/* The receipt's data: mxjudge-templates(5). */
	data = json_pack("{s:s,s:s,s:i,s:s,s:s,s:s,s:b,s:[]}", "campaign", sub->c.name,
			 "captain", sub->cap.name, "turn", t.number, "deadline", res->deadline,
			 "received_at", got, "digest", digest, "replaces", replaces, "ships");
	if (data && sub->auth && sub->auth->note)
		json_object_set_new(data, "note", json_string(sub->auth->note));
	ships = json_object_get(data, "ships");
	for (i = 0; data && i < sub->doc.n; i++) {
		json_t *acts = json_array();
		int k;

		for (k = 0; k < sub->doc.blocks[i].n; k++)
			json_array_append_new(acts, json_pack("{s:i,s:s}", "n", k + 1, "action",
							      action_name(sub->doc.blocks[i].act[k])));
		json_array_append_new(ships, json_pack("{s:s,s:o}", "ship", sub->doc.blocks[i].ship,
						       "actions", acts));
	}
	if (!data || templates_render_game(reporting_game(&sub->s), "receipt",
					   reporting_templates_dir(&sub->s), data, &body, err,
					   sizeof(err)) < 0) {
		ret = refuse(sub, EXIT_FAIL, "%s", data ? err : "out of memory");
		goto out;
	}
	strbuf_addf(&subject, "%s: orders received for turn %d", sub->c.name, t.number);
	/* Keyed by the mail when there is one: the same mail read again seals nothing twice. */
	if (sub->auth && sub->auth->mail_id)
		snprintf(key, sizeof(key), "receipt/mail/%lld", sub->auth->mail_id);
	else
		snprintf(key, sizeof(key), "receipt/%lld", first);
	time_format_utc(now, created, sizeof(created));
	memset(&m, 0, sizeof(m));
	m.campaign_id = sub->c.id;
	m.turn_id = t.id;
	m.kind = "receipt";
	m.key = key;
	m.recipient = sub->cap.email;
	m.created_at = created;
	m.subject = strbuf_str(&subject);
	m.body = strbuf_str(&body);
	m.in_reply_to = sub->auth ? sub->auth->in_reply_to : NULL;
	rc = outbox_queue(sub->db, &m, &id, err, sizeof(err));
	if (rc == DB_EXISTS && !(sub->auth && sub->auth->mail_id)) {
		/*
		 * Not a mail read again: only a key taken by another row (an order
		 * id reused, a hand-edited outbox). These orders are new: their
		 * receipt gets a key of its own, never "sealed before".
		 */
		snprintf(key, sizeof(key), "receipt/%lld/%s/%.16s", first, created, digest);
		rc = outbox_queue(sub->db, &m, &id, err, sizeof(err));
	}
	if (rc == DB_EXISTS) {
		/* Sealed from this mail before a crash: undo these rows, keep the first. */
		res->already = 1;
		ret = EXIT_OK;
		goto out;
	}
	if (rc)
		goto dberr;
	if ((rc = db_commit(sub->db, err, sizeof(err))))
		goto dberr;
	res->receipt_id = id;
	res->receipt = strbuf_detach(&body, NULL);
	ret = EXIT_OK;
	goto out;
dberr:
	ret = refuse(sub, judge_db_exit(rc), "%s", err);
out:
	db_rollback(sub->db);
	json_decref(data);
	strbuf_release(&body);
	strbuf_release(&subject);
	db_campaign_release(&again);
	db_turn_release(&t);
	free(raw);
	return ret;
}

/* The line number of a "NAME:LINE: ..." message about this text, else 0. */
static int error_line(const char *error, const char *name)
{
	size_t n = strlen(name);
	char *end;
	long v;

	if (strncmp(error, name, n) || error[n] != ':')
		return 0;
	v = strtol(error + n + 1, &end, 10);
	return end != error + n + 1 && *end == ':' && v > 0 && v < 1000000 ? (int)v : 0;
}

int submit_orders(struct db *db, const char *text, const char *name,
		  const struct submit_auth *auth, time_t now, int store,
		  struct submit_result *res)
{
	struct submission sub;
	int ret;

	/* Another game's orders go to its own driver (cmd/play.h). */
	{
		char game[ORDERS_FIELD_MAX], err[256];
		struct db_campaign c;
		int generic = 0;

		if (!orders_find_game(text, game, sizeof(game)) &&
		    !db_campaign_get(db, game, &c, err, sizeof(err))) {
			generic = play_is_generic(c.ruleset);
			db_campaign_release(&c);
		}
		if (generic)
			return play_submit(db, text, name, auth, now, store, res);
	}
	memset(res, 0, sizeof(*res));
	memset(&sub, 0, sizeof(sub));
	orders_doc_init(&sub.doc);
	sub.db = db;
	sub.auth = auth;
	sub.res = res;
	sub.text = text;
	sub.name = name;
	/* Between battles a campaign takes UPGRADE orders instead (cmd/series.c). */
	if (!orders_parse(&sub.doc, text, name, ORDERS_SUBMISSION, res->error,
			  sizeof(res->error)) && orders_has_upgrades(&sub.doc)) {
		ret = series_upgrade_submit(db, &sub.doc, name, auth, now, store, res);
		if (!ret && !(res->understood = strdup(res->receipt)))
			ret = EXIT_FAIL;
		if (ret)
			res->line = error_line(res->error, name);
		submission_release(&sub);
		return ret;
	}
	orders_doc_release(&sub.doc);
	res->error[0] = '\0';
	ret = check(&sub, now);
	if (!ret) {
		res->understood = understood(&sub.doc);
		if (!res->understood)
			ret = refuse(&sub, EXIT_FAIL, "out of memory");
	}
	if (!ret && store)
		ret = seal(&sub, now);
	if (ret)
		res->line = error_line(res->error, name);
	submission_release(&sub);
	return ret;
}

void submit_result_release(struct submit_result *res)
{
	free(res->receipt);
	free(res->understood);
	res->receipt = res->understood = NULL;
}
