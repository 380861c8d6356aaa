/*
 * Press: messages between captains relayed by the judge (the mail desk's
 * PRESS and BROADCAST, core/desk.h), as the campaign allows (settings
 * press none|side|all, press_anonymous, press_copy_gm, press_during). A
 * press is checked like orders (the report's CODE, or the PASSWORD, on a
 * line outside the message, with the lockout guard), never mixed with
 * them, redacted, and delivered once through the outbox, kind "press",
 * keyed by the mail (or "gm-..." for `mxjudge press send`) and the
 * recipient, which is also where `mxjudge press list` reads it.
 */
#include "press.h"

#include <getopt.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/desk.h"
#include "core/secret.h"
#include "db/db.h"
#include "db/desk.h"
#include "guard.h"
#include "judge.h"
#include "lib/strbuf.h"
#include "outbox.h"
#include "seat.h"
#include "cmd/series.h"
#include "timeutil.h"

#define PRESS_FRAME_COLUMNS 76	/* a relayed line's text: with "| ", within 78 columns */

/*
 * text with every line under "| ", long lines broken at a blank (or
 * anywhere), so no line of it can pass for the judge's own; malloc'd, or
 * NULL when out of memory.
 */
static char *press_frame(const char *text)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = text;

	while (*p) {
		const char *e = p + strcspn(p, "\n"), *le = e;

		while (le > p && (le[-1] == '\r' || le[-1] == ' ' || le[-1] == '\t'))
			le--;
		if (p == le)
			strbuf_addstr(&sb, "|\n");
		while (p < le) {
			const char *q = p, *blank = NULL;
			size_t cols = 0;

			/* Columns are characters: UTF-8 continuation bytes take none. */
			while (q < le && cols < PRESS_FRAME_COLUMNS) {
				if (*q == ' ' && q > p)
					blank = q;
				q++;
				while (q < le && ((unsigned char)*q & 0xc0) == 0x80)
					q++;
				cols++;
			}
			if (q < le && *q != ' ' && blank)
				q = blank;
			strbuf_addstr(&sb, "| ");
			strbuf_add(&sb, p, (size_t)(q - p));
			strbuf_addch(&sb, '\n');
			p = q;
			while (p < le && *p == ' ')
				p++;
		}
		p = *e ? e + 1 : e;
	}
	if (sb.failed) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb, NULL);
}

/* Queues one copy of a press. 0, or a DB_ code with err. */
static int press_queue(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		       const char *key, const char *recipient, const char *subject, json_t *data,
		       const char *now_text, char *err, size_t errlen)
{
	struct outbox_mail m;
	int rc;

	memset(&m, 0, sizeof(m));
	m.campaign_id = c->id;
	m.kind = "press";
	m.key = key;
	m.recipient = recipient;
	m.subject = subject;
	m.template = "press";
	m.template_dir = s->templates[0] ? s->templates : NULL;
	m.data = data;
	m.created_at = now_text;
	rc = outbox_queue(db, &m, NULL, err, errlen);
	return rc == DB_EXISTS ? 0 : rc;
}

/*
 * Queues press r to the captains of ships it is for (a captain once), in
 * one transaction, and the game master's copy. 0 with *names the seats it
 * went to (empty: nothing written); or a DB_ code with err.
 */
int press_relay(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		       const struct db_seat *ships, size_t n, const struct press_relay *r,
		       const char *now_text, json_t **names, char *err, size_t errlen)
{
	json_t *data = NULL;
	long long *sent = NULL;
	char key[128], subject[200], *framed = NULL;
	size_t i, nsent = 0;
	int rc = DB_ERROR;

	if (!(*names = json_array()) || !(sent = calloc(n ? n : 1, sizeof(*sent))) ||
	    !(framed = press_frame(r->message))) {
		snprintf(err, errlen, "out of memory");
		free(sent);
		return DB_ERROR;
	}
	if ((rc = db_begin(db, err, errlen)))
		goto out;
	snprintf(subject, sizeof(subject), "%s: press from %s", c->name,
		 r->anonymous ? "an anonymous captain" : r->from);
	for (i = 0; i < n; i++) {
		size_t k;
		int seen = 0;

		if (ships[i].captain_id == r->skip || !ships[i].captain_id || !ships[i].email[0])
			continue;
		if ((r->team && strcasecmp(ships[i].team, r->team)) ||
		    (r->seat && strcasecmp(ships[i].name, r->seat)))
			continue;
		for (k = 0; k < nsent; k++)	/* a captain of several seats reads it once */
			seen |= sent[k] == ships[i].captain_id;
		if (seen)
			continue;
		sent[nsent++] = ships[i].captain_id;
		json_decref(data);
		data = json_pack("{s:s,s:s?,s:s,s:s,s:s}", "campaign", c->name, "from",
				 r->anonymous ? NULL : r->from, "to", r->all ? "everyone" : r->team ?
				 "your side" : "you", "text", framed, "captain", ships[i].captain);
		if (!data)
			goto nomem;
		snprintf(key, sizeof(key), "%s/%lld", r->key, ships[i].captain_id);
		if ((rc = press_queue(db, c, s, key, ships[i].email, subject, data, now_text, err,
				      errlen)))
			goto fail;
		json_array_append_new(*names, json_string(ships[i].name));
	}
	/* The game master's copy names the sender, anonymous or not. */
	if (r->copy_from && s->press_copy_gm && s->gm_email[0] && json_array_size(*names)) {
		json_decref(data);
		data = json_pack("{s:s,s:s,s:s,s:s,s:s}", "campaign", c->name, "from", r->copy_from,
				 "to", r->all ? "everyone" : r->team ? "their side" : r->seat, "text",
				 framed, "captain", "game master");
		if (!data)
			goto nomem;
		snprintf(key, sizeof(key), "%s/gm", r->key);
		snprintf(subject, sizeof(subject), "%s: press from %s (a copy)", c->name, r->copy_from);
		if ((rc = press_queue(db, c, s, key, s->gm_email, subject, data, now_text, err,
				      errlen)))
			goto fail;
	}
	if (!json_array_size(*names)) {
		db_rollback(db);
		rc = 0;
		goto out;
	}
	if ((rc = db_commit(db, err, errlen)))
		goto fail;
	goto out;
nomem:
	snprintf(err, errlen, "out of memory");
	rc = DB_ERROR;
fail:
	db_rollback(db);
	json_decref(*names);
	*names = NULL;
out:
	json_decref(data);
	free(sent);
	free(framed);
	return rc;
}

/*
 * Whether campaign c takes press now (settings press_during): while a turn
 * is open unless "between", and between the battles of a series always.
 * NULL, or why not.
 */
static const char *press_closed(struct db *db, const struct db_campaign *c,
				const struct judge_settings *s)
{
	char when[256];
	int next;

	if (series_between(db, c, s, &next, when, sizeof(when)))
		return NULL;
	if (!strcmp(c->status, "running") && !s->press_between)
		return NULL;
	return !strcmp(c->status, "running") ? "This campaign takes press only between battles." :
	       "The campaign is not being played now.";
}

int press_send(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
	       const char *to, int anonymous, const char *message, const char *mail_text,
	       const char *sender, long long mail_id, const char *now_text, time_t now,
	       json_t **answer, char *err, size_t errlen)
{
	struct seat_cmd a;
	struct press_relay r;
	json_t *names = NULL;
	const char *closed = NULL;
	char why[512], key[64], *text = NULL;
	size_t i;
	int rc, all = !strcasecmp(to, "ALL"), side = !strcasecmp(to, "SIDE");

	*answer = NULL;
	if ((rc = seat_open(db, caps, ncaps, campaign, &a, answer, err, errlen)))
		goto out;
	if (a.cap)
		closed = press_closed(db, &a.c, &a.s);
	if (!strcmp(a.s.press, "none") || !a.cap || (anonymous && !a.s.press_anonymous) || closed) {
		rc = seat_refuse(&a, !a.cap ? "You play no seat in this campaign." :
				 closed ? closed :
				 !strcmp(a.s.press, "none") ? "This campaign takes no press." :
				 "This campaign takes no anonymous press.", answer);
		goto out;
	}
	if ((rc = seat_auth(db, &a, mail_text, sender, now, "press", 0, answer, err, errlen)))
		goto out;
	/* Who gets it: one seat, the sender's side, or everyone; a captain once. */
	if (!all && !side) {
		struct db_seat *target = NULL;

		for (i = 0; i < a.n && !target; i++)
			if (!strcasecmp(a.ships[i].name, to))
				target = &a.ships[i];
		if (!target || target->id == a.from->id) {
			*answer = seat_refused(a.c.name, !target ? "No seat of this campaign has that name." :
						"Press to yourself is not sent.");
			rc = 0;
			goto out;
		}
		if (!strcmp(a.s.press, "side") && strcmp(target->team, a.from->team)) {
			*answer = seat_refused(a.c.name, "This campaign takes press within a side only.");
			rc = 0;
			goto out;
		}
	} else if (all && !strcmp(a.s.press, "side")) {
		*answer = seat_refused(a.c.name, "This campaign takes press within a side only: "
					"write PRESS NAME TO SIDE.");
		rc = 0;
		goto out;
	}
	/* A flood of press from one sender: the first press_per_hour an hour go. */
	{
		char since[DB_TIME_MAX];
		long long sent = 0;

		time_format_utc(now - 60 * 60, since, sizeof(since));
		if ((rc = db_press_mails_since(db, a.c.id, sender, since, &sent, err, errlen)))
			goto out;
		if (sent >= a.s.press_per_hour) {
			snprintf(why, sizeof(why), "You sent %lld press in the last hour, the most this "
				 "campaign takes: this one was not sent. Send it again later.", sent);
			*answer = seat_refused(a.c.name, why);
			goto out;
		}
	}
	/* What is stored and relayed never holds a secret (core/secret.h). */
	if (!(text = secret_redact(message))) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
		goto out;
	}
	snprintf(key, sizeof(key), "press/%lld", mail_id);
	memset(&r, 0, sizeof(r));
	r.from = a.from->name;
	r.copy_from = a.from->name;
	r.anonymous = anonymous;
	r.all = all;
	r.team = side ? a.from->team : NULL;
	r.seat = !all && !side ? to : NULL;
	r.skip = a.cap->id;
	r.key = key;
	r.message = text;
	if ((rc = press_relay(db, &a.c, &a.s, a.ships, a.n, &r, now_text, &names, err, errlen)))
		goto out;
	if (!json_array_size(names)) {
		*answer = seat_refused(a.c.name, "Nobody else is there to read it.");
		goto out;
	}
	*answer = json_pack("{s:b,s:s,s:O,s:b}", "ok", 1, "campaign", a.c.name, "to", names,
			    "anonymous", anonymous);
	rc = *answer ? 0 : DB_ERROR;
out:
	json_decref(names);
	free(text);
	seat_release(&a);
	return rc == 1 ? 0 : rc;
}

int press_set_wait(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
		   int wait, const char *mail_text, const char *sender, time_t now, json_t **answer,
		   char *err, size_t errlen)
{
	struct seat_cmd a;
	json_t *all = NULL, *list, *v;
	char *text = NULL;
	size_t i;
	int rc;

	*answer = NULL;
	if ((rc = seat_open(db, caps, ncaps, campaign, &a, answer, err, errlen)))
		goto out;
	if (!a.cap || strcmp(a.c.status, "running")) {
		rc = seat_refuse(&a, !a.cap ? "You play no seat in this campaign." :
				 "The campaign is not being played now.", answer);
		goto out;
	}
	if ((rc = seat_auth(db, &a, mail_text, sender, now, "SET", 0, answer, err, errlen)))
		goto out;
	/* The campaign's "wait" list: the seats that hold early resolution. */
	rc = DB_ERROR;
	if (!(all = json_loads(a.c.settings, 0, NULL)))
		goto out;
	list = json_object_get(all, "wait");
	if (!json_is_array(list)) {
		list = json_array();
		json_object_set_new(all, "wait", list);
	}
	json_array_foreach(list, i, v)
		if (!strcmp(json_string_value(v) ? json_string_value(v) : "", a.from->name))
			break;
	if (wait && i == json_array_size(list))
		json_array_append_new(list, json_string(a.from->name));
	else if (!wait && i < json_array_size(list))
		json_array_remove(list, i);
	if (!json_array_size(list))
		json_object_del(all, "wait");
	if (!(text = json_dumps(all, JSON_COMPACT)))
		goto out;
	free(a.c.settings);
	a.c.settings = text;
	text = NULL;
	if ((rc = db_begin(db, err, errlen)) || (rc = db_campaign_update(db, &a.c, err, errlen)) ||
	    (rc = db_commit(db, err, errlen))) {
		db_rollback(db);
		goto out;
	}
	*answer = json_pack("{s:b,s:s,s:s,s:b,s:b}", "ok", 1, "campaign", a.c.name, "seat", a.from->name,
			    "wait", wait, "early", a.s.early);
	rc = *answer ? 0 : DB_ERROR;
out:
	free(text);
	json_decref(all);
	seat_release(&a);
	return rc == 1 ? 0 : rc;
}
