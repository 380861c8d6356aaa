/*
 * The mail desk's answers (core/desk.h parses): each command's answer is
 * rendered from its own template (desk-help, desk-list, desk-status,
 * desk-check; REPORT quotes the report as it was mailed, the latest or
 * a given turn's), and the answers
 * go back in one reply (desk-reply).
 */
#include "desk.h"
#include "core/desk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "account.h"
#include "cmd/cmd.h"
#include "signup.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "duplicate.h"
#include "judge.h"
#include "press.h"
#include "cmd/reporting.h"
#include "lib/strbuf.h"
#include "submit.h"
#include "templates.h"
#include "timeutil.h"
#include "vote.h"

/*
 * Is c a run of a duplicate set still open that none of caps plays? Its
 * turns are the reader's own future draws (judge/duplicate.h). 1, 0 or -1.
 */
static int desk_run_hidden(struct db *db, const struct db_campaign *c,
			   const struct judge_settings *s, const struct db_captain *caps,
			   size_t ncaps, char *err, size_t errlen)
{
	size_t k;

	for (k = 0; k < ncaps; k++)
		if (caps[k].campaign_id == c->id)
			return 0;
	return duplicate_run_private(db, s, err, errlen);
}

/* The answer for a run that is not the reader's (desk_run_hidden). */
static json_t *desk_run_refused(const char *campaign, const struct judge_settings *s)
{
	return json_pack("{s:s,s:b,s:s}", "campaign", campaign, "private", 1, "set", s->duplicate_of);
}

static json_t *desk_help_data(void)
{
	json_t *d = json_pack("{s:[]}", "commands");
	int v;

	for (v = 0; d && v < DESK_VERB_COUNT; v++) {
		char usage[96];
		int f;

		snprintf(usage, sizeof(usage), "%s%s%s", desk_verbs[v].name,
			 desk_verbs[v].args[0] ? " " : "", desk_verbs[v].args);
		json_array_append_new(json_object_get(d, "commands"),
				      json_pack("{s:s,s:s}", "usage", usage, "summary",
						desk_verbs[v].summary));
		/* SET: each form of its own table, as the parser reads it. */
		for (f = 0; v == DESK_SET && f < DESK_SET_FORM_COUNT; f++) {
			snprintf(usage, sizeof(usage), "SET %s %s", desk_set_forms[f].name,
				 desk_set_forms[f].args);
			json_array_append_new(json_object_get(d, "commands"),
					      json_pack("{s:s,s:s}", "usage", usage, "summary",
							desk_set_forms[f].summary));
		}
	}
	return d;
}

/* LIST: 0 taking players or playing, 1 all, 2 finished only. */
static json_t *desk_list_data(struct db *db, int all, const struct db_captain *caps, size_t ncaps,
			      char *err, size_t errlen)
{
	struct db_campaign *c = NULL;
	size_t n = 0, i;
	json_t *d;

	if (db_campaign_list(db, &c, &n, err, errlen))
		return NULL;
	d = json_pack("{s:[],s:b,s:b}", "campaigns", "all", all == 1, "finished_only", all == 2);
	for (i = 0; d && i < n; i++) {
		const struct ruleset *rs = ruleset_find(c[i].ruleset);
		struct judge_settings s;
		char e[256];

		if ((!all && !strcmp(c[i].status, "finished")) ||
		    (all == 2 && strcmp(c[i].status, "finished")))
			continue;
		if (judge_settings_parse(&s, c[i].settings ? c[i].settings : "{}", e, sizeof(e)))
			continue;
		/* Another's run of an open duplicate set: not even its turn or result. */
		switch (desk_run_hidden(db, &c[i], &s, caps, ncaps, err, errlen)) {
		case 0:
			break;
		case 1:
			judge_settings_release(&s);
			continue;
		default:
			judge_settings_release(&s);
			db_campaign_list_release(c, n);
			json_decref(d);
			return NULL;
		}
		json_array_append_new(json_object_get(d, "campaigns"),
				      json_pack("{s:s,s:s,s:s,s:i,s:i,s:b,s:b}", "name", c[i].name,
						"game", rs ? rs->title : c[i].ruleset, "status",
						c[i].status, "turn", c[i].turn, "deadline_hours",
						s.deadline_hours, "open", !strcmp(c[i].status, "open"),
						"signup", s.signup_mail && !strcmp(c[i].status, "open")));
		/* Taking players: how many seats are taken, of how many. */
		if (rs && !strcmp(c[i].status, "open")) {
			json_t *list = json_object_get(d, "campaigns");
			struct db_seat *ships = NULL;
			size_t taken = 0;

			if (db_seat_list(db, c[i].id, &ships, &taken, err, errlen)) {
				judge_settings_release(&s);
				db_campaign_list_release(c, n);
				json_decref(d);
				return NULL;
			}
			free(ships);
			json_object_set_new(json_array_get(list, json_array_size(list) - 1), "size",
					    json_pack("{s:i,s:i,s:b}", "taken", (int)taken, "most",
						      signup_max_seats(rs, &s), "one",
						      signup_max_seats(rs, &s) == 1));
		}
		judge_settings_release(&s);
		/* A finished campaign says how it ended (LIST ALL, LIST FINISHED). */
		if (!strcmp(c[i].status, "finished")) {
			json_t *list = json_object_get(d, "campaigns");

			json_object_set_new(json_array_get(list, json_array_size(list) - 1), "status",
					    json_sprintf("finished (result: %s)",
							 c[i].result[0] ? c[i].result : "none"));
		}
	}
	db_campaign_list_release(c, n);
	return d;
}

static json_t *desk_status_data(struct db *db, const char *name, const struct db_captain *caps,
				size_t ncaps, char *err, size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_turn t;
	struct db_seat *ships = NULL;
	struct db_order *o = NULL;
	size_t ns = 0, no = 0, i, k;
	json_t *d = NULL;
	const struct ruleset *rs;
	char when[TIME_TEXT_MAX] = "";
	int rc;

	memset(&t, 0, sizeof(t));
	rc = db_campaign_get(db, name, &c, err, errlen);
	if (rc == DB_NOT_FOUND)
		return json_pack("{s:s,s:b}", "campaign", name, "unknown", 1);
	if (rc)
		return NULL;
	if (judge_settings_parse(&s, c.settings, err, errlen)) {
		db_campaign_release(&c);
		return NULL;
	}
	rs = ruleset_find(c.ruleset);
	rc = desk_run_hidden(db, &c, &s, caps, ncaps, err, errlen);
	if (rc) {
		if (rc > 0)
			d = desk_run_refused(c.name, &s);
		goto out;
	}
	if (db_seat_list(db, c.id, &ships, &ns, err, errlen))
		goto out;
	if (!strcmp(c.status, "running") || !strcmp(c.status, "paused")) {
		time_t dl;

		if (db_turn_get(db, c.id, c.turn, &t, err, errlen) ||
		    db_order_list(db, t.id, 1, &o, &no, err, errlen))
			goto out;
		if (!time_parse_iso(t.deadline, &dl))
			time_format_zone(dl, s.timezone, when, sizeof(when));
	}
	d = json_pack("{s:s,s:s,s:s,s:i,s:s,s:[],s:b}", "campaign", c.name, "game",
		      rs ? rs->title : c.ruleset, "status", c.status, "turn", c.turn, "deadline", when,
		      "seats", "playing", t.id != 0);
	for (i = 0; d && i < ns; i++) {
		int sent = 0;

		for (k = 0; k < no; k++)
			sent |= o[k].ship_id == ships[i].id;
		json_array_append_new(json_object_get(d, "seats"),
				      json_pack("{s:s,s:b}", "name", ships[i].name, "sent", sent));
	}
out:
	free(ships);
	db_order_list_release(o, no);
	db_turn_release(&t);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return d;
}

/*
 * STATUS of a duplicate set (judge/duplicate.h): the set, how many runs it
 * has and how many are over; nothing of any run (its turns and seats are
 * its runner's until the set closes). NULL when name is no set (or with
 * err set on the judge's trouble, *failed 1).
 */
static json_t *desk_set_status_data(struct db *db, const char *name, int *failed, char *err,
				    size_t errlen)
{
	struct db_campaign set, *c = NULL;
	struct judge_settings s;
	const struct ruleset *rs;
	size_t n = 0, i;
	json_t *d = NULL;
	int runs = 0, over = 0, rc = db_campaign_get(db, name, &set, err, errlen);

	*failed = rc && rc != DB_NOT_FOUND;
	if (rc)
		return NULL;
	if (judge_settings_parse(&s, set.settings, err, errlen)) {
		*failed = 1;
		db_campaign_release(&set);
		return NULL;
	}
	if (!s.duplicate)
		goto out;
	if (db_campaign_list(db, &c, &n, err, errlen)) {
		*failed = 1;
		goto out;
	}
	for (i = 0; i < n; i++) {
		struct judge_settings rs_s;
		char e[256];

		if (judge_settings_parse(&rs_s, c[i].settings ? c[i].settings : "{}", e, sizeof(e)))
			continue;
		if (!strcmp(rs_s.duplicate_of, set.name)) {
			runs++;
			over += !strcmp(c[i].status, "finished");
		}
		judge_settings_release(&rs_s);
	}
	rs = ruleset_find(set.ruleset);
	d = json_pack("{s:s,s:s,s:s,s:b,s:i,s:i,s:b}", "campaign", set.name, "game",
		      rs ? rs->title : set.ruleset, "status", set.status, "duplicate_set", 1,
		      "runs", runs, "over", over, "one", runs == 1);
	*failed = !d;
out:
	db_campaign_list_release(c, n);
	db_campaign_release(&set);
	judge_settings_release(&s);
	return d;
}

#define DESK_HISTORY_TURNS 100	/* a HISTORY list shows the latest turns only */

/*
 * HISTORY NAME: the campaign's turns with their dates, and the result once
 * it is over; HISTORY NAME TURN (turn >= 0): the public report of that
 * resolved turn (the bulletin, as `mxjudge report NAME --turn TURN`).
 */
json_t *desk_history(struct db *db, const char *name, int turn, const struct db_captain *caps,
		     size_t ncaps, int shell, char *err, size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_turn *t = NULL;
	size_t n = 0, i;
	json_t *d = NULL;
	int rc = db_campaign_get(db, name, &c, err, errlen);

	if (rc == DB_NOT_FOUND)
		return json_pack("{s:s,s:b}", "campaign", name, "unknown", 1);
	if (rc)
		return NULL;
	if (judge_settings_parse(&s, c.settings, err, errlen)) {
		db_campaign_release(&c);
		return NULL;
	}
	if (!shell) {
		rc = desk_run_hidden(db, &c, &s, caps, ncaps, err, errlen);
		if (rc) {
			if (rc > 0)
				d = desk_run_refused(c.name, &s);
			goto out;
		}
	}
	if (db_turn_list(db, c.id, &t, &n, err, errlen))
		goto out;
	if (turn >= 0) {
		struct strbuf text = STRBUF_INIT;
		int resolved = 0;

		for (i = 0; i < n; i++)
			resolved |= t[i].number == turn && t[i].resolved_at[0];
		if (resolved && turn > 0 && report_public(db, c.name, turn, &text) == 0 && !text.failed)
			d = json_pack("{s:s,s:i,s:s}", "campaign", c.name, "turn", turn, "report",
				      strbuf_str(&text));
		else
			d = json_pack("{s:s,s:i,s:b,s:b}", "campaign", c.name, "turn", turn, "no_report",
				      1, "setup", resolved && turn == 0);
		strbuf_release(&text);
		goto out;
	}
	d = json_pack("{s:s,s:s,s:b,s:s,s:b,s:[],s:i}", "campaign", c.name, "status", c.status,
		      "finished", !strcmp(c.status, "finished"), "winner", c.result, "listing", 1,
		      "turns", "skipped",
		      n > DESK_HISTORY_TURNS ? (int)(n - DESK_HISTORY_TURNS) : 0);
	for (i = n > DESK_HISTORY_TURNS ? n - DESK_HISTORY_TURNS : 0; d && i < n; i++) {
		char opened[TIME_TEXT_MAX] = "", resolved[TIME_TEXT_MAX] = "", due[TIME_TEXT_MAX] = "";
		time_t when;

		if (!time_parse_iso(t[i].opened_at, &when))
			time_format_zone(when, s.timezone, opened, sizeof(opened));
		if (t[i].resolved_at[0] && !time_parse_iso(t[i].resolved_at, &when))
			time_format_zone(when, s.timezone, resolved, sizeof(resolved));
		if (!time_parse_iso(t[i].deadline, &when))
			time_format_zone(when, s.timezone, due, sizeof(due));
		json_array_append_new(json_object_get(d, "turns"),
				      json_pack("{s:i,s:b,s:s,s:s,s:s,s:b,s:b}", "number", t[i].number,
						"setup", t[i].number == 0, "opened", opened, "resolved",
						resolved, "deadline", due, "open", !t[i].resolved_at[0],
						"last", i + 1 == n && !strcmp(c.status, "finished")));
	}
out:
	db_turn_list_release(t, n);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return d;
}

/* The latest report mailed to this captain (of campaign name, if given), quoted whole. */
static json_t *desk_report_data(struct db *db, const struct db_captain *caps, size_t ncaps,
				const char *name, char *err, size_t errlen)
{
	struct db_message *m = NULL;
	size_t n = 0, i, c;
	json_t *d = NULL;

	for (c = 0; c < ncaps; c++) {
		struct db_campaign camp;

		if (name) {
			int rc = db_campaign_get(db, name, &camp, err, errlen);

			if (rc == DB_NOT_FOUND)
				continue;
			if (rc)
				return NULL;
			if (camp.id != caps[c].campaign_id) {
				db_campaign_release(&camp);
				continue;
			}
			db_campaign_release(&camp);
		}
		if (db_outbox_list(db, caps[c].campaign_id, 0, &m, &n, err, errlen))
			return NULL;
		for (i = n; i-- > 0;)
			if (!strcmp(m[i].kind, "report") && !strcasecmp(m[i].recipient, caps[c].email)) {
				json_decref(d);
				d = json_pack("{s:s,s:s,s:s}", "subject", m[i].subject, "body", m[i].body,
					      "created_at", m[i].created_at);
				break;
			}
		db_outbox_list_release(m, n);
		m = NULL;
		n = 0;
		if (d)
			break;
	}
	return d ? d : json_pack("{s:b,s:s?}", "none", 1, "campaign", name);
}

/*
 * Is m the report a seat of cap got after turn (turn_id)? The judge keys
 * it by the captain (Hovercrafts) or the seat (generic games); a solo
 * game's report answers the orders' mail, in its receipt's place.
 */
static int desk_report_mine(const struct db_message *m, const struct db_captain *cap,
			    const struct db_seat *ships, size_t n, long long turn_id, int turn)
{
	char key[DB_KEY_MAX];
	size_t i;

	if (strcmp(m->kind, "report") || m->turn_id != turn_id)
		return 0;
	snprintf(key, sizeof(key), "report/%lld/%d/%lld", cap->campaign_id, turn, cap->id);
	if (!strcmp(m->key, key))
		return 1;
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "report/%lld/%d/seat/%lld", cap->campaign_id, turn,
			 ships[i].id);
		if (ships[i].captain_id == cap->id && !strcmp(m->key, key))
			return 1;
	}
	return !strncmp(m->key, "receipt/", 8) && !strcasecmp(m->recipient, cap->email);
}

/* REPORT NAME TURN: the report the sender's own seat got after that turn, as mailed. */
static json_t *desk_report_turn(struct db *db, const struct db_captain *caps, size_t ncaps,
				const char *name, int turn, char *err, size_t errlen)
{
	struct db_campaign c;
	struct db_turn *t = NULL;
	struct db_seat *ships = NULL;
	struct db_message *m = NULL;
	size_t nt = 0, ns = 0, nm = 0, i, k;
	long long turn_id = 0;
	json_t *d = NULL;
	char why[256];
	int rc = db_campaign_get(db, name, &c, err, errlen), latest = -1, mine = 0;

	if (rc == DB_NOT_FOUND)
		return json_pack("{s:b,s:s,s:s}", "refused", 1, "campaign", name, "error",
				 "There is no campaign of that name (LIST shows them).");
	if (rc)
		return NULL;
	for (k = 0; k < ncaps; k++)
		mine |= caps[k].campaign_id == c.id;
	if (db_turn_list(db, c.id, &t, &nt, err, errlen) ||
	    db_seat_list(db, c.id, &ships, &ns, err, errlen))
		goto out;
	why[0] = '\0';
	for (i = 0; i < nt; i++) {
		if (t[i].number == turn)
			turn_id = t[i].resolved_at[0] ? t[i].id : -1;
		if (t[i].number > latest)
			latest = t[i].number;
	}
	if (!mine)
		snprintf(why, sizeof(why), "You play no seat in this campaign.");
	else if (!turn_id && latest < 0)
		snprintf(why, sizeof(why), "It has no turn yet.");
	else if (!turn_id)
		snprintf(why, sizeof(why), "It has no turn %d (its latest is turn %d).", turn, latest);
	else if (turn_id < 0)
		snprintf(why, sizeof(why), "Turn %d is not resolved yet: its report comes when it is.",
			 turn);
	if (why[0]) {
		d = json_pack("{s:b,s:s,s:s}", "refused", 1, "campaign", c.name, "error", why);
		goto out;
	}
	if (db_outbox_list(db, c.id, 0, &m, &nm, err, errlen))
		goto out;
	for (k = 0; k < ncaps && !d; k++)
		for (i = 0; caps[k].campaign_id == c.id && i < nm && !d; i++)
			if (desk_report_mine(&m[i], &caps[k], ships, ns, turn_id, turn))
				d = json_pack("{s:s,s:s,s:s,s:s,s:i,s:b}", "subject", m[i].subject,
					      "body", m[i].body, "created_at", m[i].created_at,
					      "campaign", c.name, "turn", turn, "has_turn", 1);
	if (!d) {
		snprintf(why, sizeof(why), "No report of turn %d was mailed to your seat.", turn);
		d = json_pack("{s:b,s:s,s:s}", "refused", 1, "campaign", c.name, "error", why);
	}
out:
	db_outbox_list_release(m, nm);
	free(ships);
	db_turn_list_release(t, nt);
	db_campaign_release(&c);
	return d;
}

/* SET and its forms (desk_set_forms): the answer's template and data; 0 or -1. */
static int desk_set(struct db *db, const struct desk_command *c, const char *text,
		    const struct db_captain *caps, size_t ncaps, const char *sender,
		    long long mail_id, time_t now, const char **tpl, json_t **data, char *err,
		    size_t errlen)
{
	switch (c->form) {
	case DESK_SET_ADDRESS:
		*tpl = "desk-address";
		return account_set_address(db, caps, ncaps, c->args[1], c->args[2], text, sender,
					   mail_id, now, data, err, errlen) ? -1 : 0;
	case DESK_SET_PASSWORD:
		*tpl = "desk-password";
		return account_set_password(db, caps, ncaps, c->args[1], c->args[2], text, sender, now,
					    data, err, errlen) ? -1 : 0;
	case DESK_SET_ABSENCE:
		*tpl = "desk-absence";
		return account_set_absence(db, caps, ncaps, c->args[1], c->args[2], c->args[3], text,
					   sender, now, data, err, errlen) ? -1 : 0;
	default:
		*tpl = "desk-set";
		return press_set_wait(db, caps, ncaps, c->args[1], c->form == DESK_SET_WAIT, text,
				      sender, now, data, err, errlen) ? -1 : 0;
	}
}

/* The commands that only read: one that fails is said so, the others answered. */
static int desk_reads_only(enum desk_verb v)
{
	return v == DESK_HELP || v == DESK_LIST || v == DESK_STATUS || v == DESK_REPORT ||
	       v == DESK_HISTORY;
}

int desk_answers(struct db *db, const struct desk_mail *m, const char *text,
		 const struct db_captain *caps, size_t ncaps, const char *sender, long long mail_id,
		 time_t now, json_t **out, char *err, size_t errlen)
{
	json_t *d = json_pack("{s:s,s:[]}", "captain", ncaps ? caps[0].name : "there", "answers");
	size_t i;

	*out = NULL;
	for (i = 0; d && i < m->n; i++) {
		const struct desk_command *c = &m->cmd[i];
		struct strbuf body = STRBUF_INIT;
		const char *tpl = NULL;
		json_t *data = NULL;
		char title[160];

		{
			int k;
			size_t at = (size_t)snprintf(title, sizeof(title), "%s", desk_verbs[c->verb].name);

			for (k = 0; k < c->nargs && at < sizeof(title); k++)
				at += (size_t)snprintf(title + at, sizeof(title) - at, " %s",
						       /* the new password is never echoed */
						       c->verb == DESK_SET && c->form == DESK_SET_PASSWORD &&
						       k == 2 ? "[redacted]" : c->args[k]);
		}
		switch (c->verb) {
		case DESK_HELP:
			tpl = "desk-help";
			data = desk_help_data();
			break;
		case DESK_LIST:
			tpl = "desk-list";
			data = desk_list_data(db, !c->nargs ? 0 : !strcasecmp(c->args[0], "ALL") ? 1 : 2,
					      caps, ncaps, err, errlen);
			break;
		case DESK_STATUS: {
			int failed = 0;

			tpl = "desk-status";
			data = desk_set_status_data(db, c->args[0], &failed, err, errlen);
			if (!data && !failed)
				data = desk_status_data(db, c->args[0], caps, ncaps, err, errlen);
			break;
		}
		case DESK_REPORT:
			tpl = "desk-report";
			data = c->nargs > 1 ? desk_report_turn(db, caps, ncaps, c->args[0],
							       atoi(c->args[1]), err, errlen)
					    : desk_report_data(db, caps, ncaps, c->nargs ? c->args[0] : NULL,
							       err, errlen);
			break;
		case DESK_CHECK: {
			struct submit_auth auth;
			struct submit_result res;
			int rc;

			memset(&auth, 0, sizeof(auth));
			auth.sender = sender;
			auth.mail_id = mail_id;

			tpl = "desk-check";
			rc = submit_orders(db, text + m->check_at, "mail", &auth, now, 0, &res);
			if (rc == 0)
				data = json_pack("{s:b,s:s,s:s}", "ok", 1, "understood",
						 res.understood ? res.understood : "", "campaign",
						 res.campaign);
			else if (rc == EXIT_DATAERR)
				data = json_pack("{s:b,s:s}", "ok", 0, "error", res.error);
			else
				snprintf(err, errlen, "%s", res.error);
			free(res.understood);
			free(res.receipt);
			break;
		}
		case DESK_PRESS:
		case DESK_BROADCAST: {
			char *message = strndup(text + c->body_at, c->body_len), now_text[32];
			int anon = c->verb == DESK_PRESS ? c->nargs == 4 : c->nargs == 2;

			tpl = "desk-press";
			time_format_utc(now, now_text, sizeof(now_text));
			if (!message ||
			    press_send(db, caps, ncaps, c->args[0], c->verb == DESK_PRESS ? c->args[2] : "ALL",
				       anon, message, text, sender, mail_id, now_text, now, &data, err,
				       errlen)) {
				free(message);
				json_decref(d);
				if (!message)
					snprintf(err, errlen, "out of memory");
				return -1;
			}
			free(message);
			break;
		}
		case DESK_SET:
			if (desk_set(db, c, text, caps, ncaps, sender, mail_id, now, &tpl, &data, err,
				     errlen)) {
				json_decref(d);
				return -1;
			}
			break;
		case DESK_JOIN:
			tpl = "desk-join";
			if (signup_join(db, caps, ncaps, sender, NULL, c->args[0], c->args[1],
					c->nargs > 2 ? c->args[2] : NULL, text, mail_id, now, &data, err,
					errlen)) {
				json_decref(d);
				return -1;
			}
			/* A newcomer is greeted by the captain's name the judge gave them. */
			if (!ncaps && json_is_true(json_object_get(data, "ok")))
				json_object_set(d, "captain", json_object_get(data, "captain"));
			break;
		case DESK_RESIGN:
			tpl = "desk-resign";
			if (account_resign(db, caps, ncaps, c->args[0], c->nargs > 1 ? c->args[1] : NULL,
					   text, sender, mail_id, now, &data, err, errlen)) {
				json_decref(d);
				return -1;
			}
			break;
		case DESK_TAKEOVER:
			tpl = "desk-takeover";
			if (account_takeover(db, caps, ncaps, c->args[0], c->args[1], text, sender,
					     mail_id, now, &data, err, errlen)) {
				json_decref(d);
				return -1;
			}
			if (!ncaps && json_is_true(json_object_get(data, "ok")))
				json_object_set(d, "captain", json_object_get(data, "captain"));
			break;
		case DESK_OBSERVE:
		case DESK_UNOBSERVE:
			tpl = c->verb == DESK_OBSERVE ? "desk-observe" : "desk-unobserve";
			if (signup_observe(db, caps, ncaps, c->args[0], sender, c->verb == DESK_OBSERVE,
					   text, now, &data, err, errlen)) {
				json_decref(d);
				return -1;
			}
			break;
		case DESK_FORGOT:
			tpl = "desk-forgot";
			if (account_forgot(db, caps, ncaps, c->args[0], now, &data, err, errlen)) {
				json_decref(d);
				return -1;
			}
			break;
		case DESK_HISTORY:
			tpl = "desk-history";
			data = desk_history(db, c->args[0], c->nargs > 1 ? atoi(c->args[1]) : -1, caps,
					    ncaps, 0, err, errlen);
			break;
		case DESK_VOTE:
			tpl = "desk-vote";
			if (vote_cast(db, caps, ncaps, c->args[1], c->args[0], text, sender, now, &data,
				      err, errlen)) {
				json_decref(d);
				return -1;
			}
			/* A vote that passed: the campaign's turn is due now (receive plays it). */
			if (json_is_true(json_object_get(data, "passed"))) {
				if (!json_object_get(d, "due"))
					json_object_set_new(d, "due", json_array());
				json_array_append(json_object_get(d, "due"), json_object_get(data, "campaign"));
			}
			break;
		default:
			break;
		}
		/*
		 * A command that only reads and could not: said in its place, the
		 * mail's other commands still answered (the first trouble kept in
		 * "failed" for the judge's log).
		 */
		if (!data && desk_reads_only(c->verb)) {
			if (!json_object_get(d, "failed"))
				json_object_set_new(d, "failed", json_string(err[0] ? err :
									 "no data"));
			tpl = "desk-failed";
			data = json_object();
		}
		/* A newcomer's JOIN or OBSERVE waiting for its CONFIRM line (judge/signup.h). */
		if (json_is_true(json_object_get(data, "confirm")))
			tpl = "desk-confirm";
		if (!data || templates_render(tpl, NULL, data, &body, err, errlen) < 0 || body.failed) {
			json_decref(data);
			strbuf_release(&body);
			json_decref(d);
			return -1;
		}
		json_array_append_new(json_object_get(d, "answers"),
				      json_pack("{s:s,s:s}", "command", title, "text", strbuf_str(&body)));
		json_decref(data);
		strbuf_release(&body);
	}
	if (!d) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	*out = d;
	return 0;
}
