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
#include "judge/press.h"

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
#include "judge/guard.h"
#include "judge/judge.h"
#include "lib/strbuf.h"
#include "judge/outbox.h"
#include "series.h"
#include "judge/timeutil.h"

/*
 * 1 when the line [p, e) belongs to a press body (the lines after a PRESS
 * or BROADCAST line up to ENDPRESS, as core/desk.c reads them); *inside
 * carries the state from line to line. A body is relayed, so nothing in
 * it is ever taken as the sender's credential.
 */
static int press_body_line(const char *p, const char *e, int *inside)
{
	static const char *const opens[] = { "PRESS", "BROADCAST" };
	size_t i, n;

	while (p < e && secret_blank((unsigned char)*p))
		p++;
	if (*inside) {
		while (e > p && secret_blank((unsigned char)e[-1]))
			e--;
		if (e - p == 8 && !strncasecmp(p, "ENDPRESS", 8))
			*inside = 0;
		return 1;
	}
	/* The verb as a word of its own, as the desk's parser splits them. */
	for (i = 0; i < 2; i++) {
		n = strlen(opens[i]);
		if ((size_t)(e - p) >= n && !strncasecmp(p, opens[i], n) &&
		    (p + n == e || secret_blank((unsigned char)p[n])))
			*inside = 1;
	}
	return 0;
}

int press_mail_secret(const char *text, int password_only, enum secret_kind *kind, char *out,
		      size_t len)
{
	const char *p = text;
	int inside = 0;

	while (*p) {
		const char *e = strchr(p, '\n'), *v, *ve;
		enum secret_kind k;

		if (!e)
			e = p + strlen(p);
		k = press_body_line(p, e, &inside) ? SECRET_NONE : secret_line(p, e, &v, &ve);
		if (password_only && k != SECRET_PASSWORD)
			k = SECRET_NONE;
		if (k != SECRET_NONE && ve > v && (size_t)(ve - v) < len) {
			memcpy(out, v, (size_t)(ve - v));
			out[ve - v] = '\0';
			*kind = k;
			return 1;
		}
		p = *e ? e + 1 : e;
	}
	return 0;
}

static json_t *press_refused(const char *campaign, const char *why)
{
	return json_pack("{s:b,s:s,s:s}", "ok", 0, "campaign", campaign, "error", why);
}

/*
 * Who sends a command for a seat of campaign c by mail: the first seat
 * of captain cap (the sender's address) whose CODE (the latest report's)
 * or PASSWORD is on a line of mail_text, checked as orders are (the
 * lockout guard; a wrong secret is recorded, in its own transaction).
 * 0 with *from; 1 refused, why saying so for the sender (what: "press");
 * or a DB_ code with err. password_only: a CODE does not do.
 */
static int seat_auth(struct db *db, const struct db_captain *cap, const struct db_campaign *c,
		     const struct judge_settings *s, struct db_ship *ships, size_t n,
		     const char *mail_text, const char *sender, time_t now, const char *what,
		     int password_only, struct db_ship **from, char *why, size_t whylen, char *err,
		     size_t errlen)
{
	enum secret_kind kind = SECRET_NONE;
	char secret[128] = "", code[JUDGE_CODE_LEN + 1], msg[512];
	size_t i;
	int rc = 0, ok;

	*from = NULL;
	for (i = 0; i < n && !*from; i++)
		if (ships[i].captain_id == cap->id)
			*from = &ships[i];
	if (!*from) {
		snprintf(why, whylen, "You command no seat in this campaign now.");
		return 1;
	}
	if (!press_mail_secret(mail_text, password_only, &kind, secret, sizeof(secret))) {
		/* A CODE travels in every report, which captains forward and quote. */
		if (password_only)
			snprintf(why, whylen, "A %s needs your PASSWORD on a line of the mail (a CODE "
				 "is not enough: it is in every report, and reports get forwarded).",
				 what);
		else
			snprintf(why, whylen, "A %s needs your CODE (from your latest report) or your "
				 "PASSWORD on a line of the mail.", what);
		return 1;
	}
	if (kind == SECRET_PASSWORD) {
		rc = guard_check(db, s, (*from)->id, (*from)->name, now, msg, sizeof(msg));
		if (rc == EXIT_DATAERR) {
			snprintf(why, whylen, "%s", msg);
			rc = 1;
			goto out;
		}
		if (rc) {
			snprintf(err, errlen, "%s", msg);
			rc = rc == EXIT_TEMPFAIL ? DB_BUSY : DB_ERROR;
			goto out;
		}
		ok = judge_captain_verify(cap, secret);
	} else {
		char when[256];
		int next, turn = c->turn;

		/* Between battles the report's CODE is the next battle's first turn's. */
		if (series_between(db, c, s, &next, when, sizeof(when)))
			turn = c->turn + 1;
		ok = !judge_order_code(db, c->id, (*from)->name, turn, 0, code, msg, sizeof(msg)) &&
		     judge_check_code(secret, code);
	}
	if (!ok) {
		if (guard_failed(db, c, s, (*from)->id, (*from)->name,
				 kind == SECRET_PASSWORD ? GUARD_PASSWORD : GUARD_CODE, sender, now, msg,
				 sizeof(msg))) {
			snprintf(err, errlen, "%s", msg);
			rc = DB_ERROR;
			goto out;
		}
		snprintf(why, whylen, kind == SECRET_PASSWORD ? "Wrong PASSWORD: the %s was not sent." :
			 "That CODE is not your latest report's: the %s was not sent.", what);
		rc = 1;
	}
out:
	sodium_memzero(secret, sizeof(secret));
	return rc;
}

/* What a press is and where it goes (press_relay). */
struct relay {
	const char *from;	/* the sender's seat, or "the game master" */
	const char *copy_from;	/* the name in the game master's copy; NULL: no copy */
	int anonymous;
	int all;		/* to everyone */
	const char *team;	/* to this side (NULL: not a side) */
	const char *seat;	/* to this seat (NULL: not a seat) */
	long long skip;		/* the sender's captain, who gets none */
	const char *key;	/* "press/MAIL" (or "press/gm-..."): each copy's key starts so */
	const char *message;	/* redacted already */
};

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
static int press_relay(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		       const struct db_ship *ships, size_t n, const struct relay *r,
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
	struct db_campaign c;
	struct judge_settings s;
	struct db_ship *ships = NULL, *from = NULL;
	const struct db_captain *cap = NULL;
	struct relay r;
	json_t *names = NULL;
	const char *closed = NULL;
	char why[512], key[64], *text = NULL;
	size_t n = 0, i;
	int rc, all = !strcasecmp(to, "ALL"), side = !strcasecmp(to, "SIDE");

	*answer = NULL;
	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	rc = db_campaign_get(db, campaign, &c, err, errlen);
	if (rc == DB_NOT_FOUND) {
		*answer = press_refused(campaign, "There is no campaign of that name (LIST shows them).");
		return 0;
	}
	if (rc)
		return rc;
	rc = DB_ERROR;
	if (judge_settings_parse(&s, c.settings, err, errlen))
		goto out;
	for (i = 0; i < ncaps && !cap; i++)
		if (caps[i].campaign_id == c.id)
			cap = &caps[i];
	if (cap)
		closed = press_closed(db, &c, &s);
	if (!strcmp(s.press, "none") || !cap || (anonymous && !s.press_anonymous) || closed) {
		*answer = press_refused(c.name, !cap ? "You play no seat in this campaign." :
					closed ? closed :
					!strcmp(s.press, "none") ? "This campaign takes no press." :
					"This campaign takes no anonymous press.");
		rc = 0;
		goto out;
	}
	if ((rc = db_ship_list(db, c.id, &ships, &n, err, errlen)))
		goto out;
	rc = seat_auth(db, cap, &c, &s, ships, n, mail_text, sender, now, "press", 0, &from, why,
		       sizeof(why), err, errlen);
	if (rc == 1) {
		*answer = press_refused(c.name, why);
		rc = 0;
		goto out;
	}
	if (rc)
		goto out;
	/* Who gets it: one seat, the sender's side, or everyone; a captain once. */
	if (!all && !side) {
		struct db_ship *target = NULL;

		for (i = 0; i < n && !target; i++)
			if (!strcasecmp(ships[i].name, to))
				target = &ships[i];
		if (!target || target->id == from->id) {
			*answer = press_refused(c.name, !target ? "No seat of this campaign has that name." :
						"Press to yourself is not sent.");
			rc = 0;
			goto out;
		}
		if (!strcmp(s.press, "side") && strcmp(target->team, from->team)) {
			*answer = press_refused(c.name, "This campaign takes press within a side only.");
			rc = 0;
			goto out;
		}
	} else if (all && !strcmp(s.press, "side")) {
		*answer = press_refused(c.name, "This campaign takes press within a side only: "
					"write PRESS NAME TO SIDE.");
		rc = 0;
		goto out;
	}
	/* A flood of press from one sender: the first press_per_hour an hour go. */
	{
		char since[DB_TIME_MAX];
		long long sent = 0;

		time_format_utc(now - 60 * 60, since, sizeof(since));
		if ((rc = db_press_mails_since(db, c.id, sender, since, &sent, err, errlen)))
			goto out;
		if (sent >= s.press_per_hour) {
			snprintf(why, sizeof(why), "You sent %lld press in the last hour, the most this "
				 "campaign takes: this one was not sent. Send it again later.", sent);
			*answer = press_refused(c.name, why);
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
	r.from = from->name;
	r.copy_from = from->name;
	r.anonymous = anonymous;
	r.all = all;
	r.team = side ? from->team : NULL;
	r.seat = !all && !side ? to : NULL;
	r.skip = cap->id;
	r.key = key;
	r.message = text;
	if ((rc = press_relay(db, &c, &s, ships, n, &r, now_text, &names, err, errlen)))
		goto out;
	if (!json_array_size(names)) {
		*answer = press_refused(c.name, "Nobody else is there to read it.");
		goto out;
	}
	*answer = json_pack("{s:b,s:s,s:O,s:b}", "ok", 1, "campaign", c.name, "to", names,
			    "anonymous", anonymous);
	rc = *answer ? 0 : DB_ERROR;
out:
	json_decref(names);
	free(text);
	free(ships);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return rc;
}

#define PRESS_GM "the game master"

/*
 * `mxjudge press send NAME (--to SEAT | --side SIDE | --all) [--anonymous]
 * [--file FILE]`: press from the game master, whatever the campaign's press
 * settings say, relayed as a captain's is.
 */
static int press_send_cmd(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "to", required_argument, NULL, 't' },
		{ "side", required_argument, NULL, 's' },
		{ "all", no_argument, NULL, 'a' },
		{ "anonymous", no_argument, NULL, 'n' },
		{ "file", required_argument, NULL, 'f' },
		{ "now", required_argument, NULL, 'w' },
		{ NULL, 0, NULL, 0 }
	};
	const char *seat = NULL, *team = NULL, *path = "-", *now_arg = NULL;
	struct db_campaign c;
	struct judge_settings s;
	struct db_ship *ships = NULL;
	struct relay r;
	json_t *names = NULL, *v;
	unsigned char rnd[6];
	char err[512], key[64], now_text[32], *body = NULL, *text = NULL;
	size_t n = 0, len = 0, i;
	time_t now;
	int opt, all = 0, anonymous = 0, targets = 0, rc, ret = EXIT_FAIL;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 't': seat = optarg; targets++; break;
		case 's': team = optarg; targets++; break;
		case 'a': all = 1; targets++; break;
		case 'n': anonymous = 1; break;
		case 'f': path = optarg; break;
		case 'w': now_arg = optarg; break;
		default: return EXIT_USAGE;
		}
	}
	if (optind + 1 != argc)
		return EXIT_USAGE;
	if (targets != 1) {
		cmd_error("press send: expected one of --to SEAT, --side SIDE or --all");
		return EXIT_USAGE;
	}
	if (cmd_now(now_arg, &now) < 0)
		return EXIT_USAGE;
	time_format_utc(now, now_text, sizeof(now_text));
	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	rc = db_campaign_get(ctx->db, argv[optind], &c, err, sizeof(err));
	if (rc) {
		cmd_error(rc == DB_NOT_FOUND ? "no campaign named '%s'" : "%s",
			  rc == DB_NOT_FOUND ? argv[optind] : err);
		return rc == DB_NOT_FOUND ? EXIT_DATAERR : judge_db_exit(rc);
	}
	if (judge_settings_parse(&s, c.settings, err, sizeof(err)) ||
	    (rc = db_ship_list(ctx->db, c.id, &ships, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = rc ? judge_db_exit(rc) : EXIT_FAIL;
		goto out;
	}
	/* The seat or side must be the campaign's: a typo reaches nobody. */
	for (i = 0; i < n && (seat || team); i++)
		if ((seat && !strcasecmp(ships[i].name, seat)) ||
		    (team && !strcasecmp(ships[i].team, team)))
			break;
	if ((seat || team) && i == n) {
		cmd_error("press send: expected %s of %s, got '%s'", seat ? "a seat" : "a side",
			  c.name, seat ? seat : team);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (!(body = cmd_read_file(path, &len, err, sizeof(err)))) {
		cmd_error("press send: %s", err);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (strlen(body) != len || len > DESK_PRESS_MAX || !body[strspn(body, " \t\r\n")]) {
		cmd_error("press send: expected a message of text, at most %d bytes, in %s",
			  DESK_PRESS_MAX, strcmp(path, "-") ? path : "standard input");
		ret = EXIT_DATAERR;
		goto out;
	}
	if (!(text = secret_redact(body))) {
		cmd_error("out of memory");
		goto out;
	}
	randombytes_buf(rnd, sizeof(rnd));
	snprintf(key, sizeof(key), "press/gm-%lld-%02x%02x%02x%02x%02x%02x", (long long)now, rnd[0],
		 rnd[1], rnd[2], rnd[3], rnd[4], rnd[5]);
	memset(&r, 0, sizeof(r));
	r.from = PRESS_GM;
	r.anonymous = anonymous;
	r.all = all;
	r.team = team;
	r.seat = seat;
	r.key = key;
	r.message = text;
	if ((rc = press_relay(ctx->db, &c, &s, ships, n, &r, now_text, &names, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	if (!json_array_size(names)) {
		cmd_error("press send: no captain of %s to read it", c.name);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (!ctx->quiet) {
		printf("%s: press from the game master%s queued for", c.name,
		       anonymous ? ", without its sender," : "");
		json_array_foreach(names, i, v)
			printf(" %s", json_string_value(v));
		putchar('\n');
	}
	ret = EXIT_OK;
out:
	json_decref(names);
	if (body)
		sodium_memzero(body, len);
	free(body);
	free(text);
	free(ships);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

/* `mxjudge press list NAME [--json]`: every press of a campaign, as sent. */
static int press_list(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	struct db_campaign c;
	struct db_message *m = NULL;
	size_t n = 0, i;
	json_t *all = NULL;
	char err[512], last[96] = "", zone[64] = "UTC", when[TIME_TEXT_MAX];
	int opt, json = 0, rc, ret = EXIT_FAIL;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (opt != 'j')
			return EXIT_USAGE;
		json = 1;
	}
	if (optind + 1 != argc)
		return EXIT_USAGE;
	rc = db_campaign_get(ctx->db, argv[optind], &c, err, sizeof(err));
	if (rc) {
		cmd_error(rc == DB_NOT_FOUND ? "no campaign named '%s'" : "%s",
			  rc == DB_NOT_FOUND ? argv[optind] : err);
		return rc == DB_NOT_FOUND ? EXIT_DATAERR : judge_db_exit(rc);
	}
	{
		struct judge_settings s;

		/* Times in the campaign's zone, as its other listings show them. */
		if (!judge_settings_parse(&s, c.settings, err, sizeof(err))) {
			snprintf(zone, sizeof(zone), "%s", s.timezone);
			judge_settings_release(&s);
		}
	}
	if ((rc = db_outbox_list(ctx->db, c.id, 0, &m, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	if (!(all = json_array()))
		goto out;
	/* One entry per press: its copies share the key's "press/MAIL/" part. */
	for (i = 0; i < n; i++) {
		const char *slash;
		json_t *last_entry;

		if (strcmp(m[i].kind, "press"))
			continue;
		slash = strrchr(m[i].key, '/');
		if (!slash)
			continue;
		if (!strncmp(m[i].key, last, (size_t)(slash - m[i].key)) &&
		    strlen(last) == (size_t)(slash - m[i].key)) {
			last_entry = json_array_get(all, json_array_size(all) - 1);
			json_array_append_new(json_object_get(last_entry, "to"),
					      json_string(m[i].recipient));
			continue;
		}
		snprintf(last, sizeof(last), "%.*s", (int)(slash - m[i].key), m[i].key);
		json_array_append_new(all, json_pack("{s:s,s:s,s:[s],s:s,s:b}", "sent", m[i].created_at,
						     "subject", m[i].subject, "to", m[i].recipient,
						     "body", m[i].body, "game_master",
						     !strncmp(m[i].key, "press/gm-", 9)));
	}
	if (json) {
		ret = cmd_print_json(all, JSON_PRESERVE_ORDER);
		all = NULL;
		goto out;
	}
	{
		json_t *e;

		json_array_foreach(all, i, e) {
			const char *subject = json_string_value(json_object_get(e, "subject"));
			json_t *to;
			size_t k;

			/* The game master's anonymous press says who sent it, here only. */
			time_shown(json_string_value(json_object_get(e, "sent")), zone, when,
				   sizeof(when));
			printf("%s  %s%s\n  to:", when, subject,
			       json_is_true(json_object_get(e, "game_master")) &&
			       !strstr(subject, PRESS_GM) ? " (sent by " PRESS_GM ")" : "");
			json_array_foreach(json_object_get(e, "to"), k, to)
				printf(" %s", json_string_value(to));
			putchar('\n');
		}
		if (!json_array_size(all))
			printf("%s: no press yet\n", c.name);
	}
	ret = EXIT_OK;
out:
	json_decref(all);
	db_outbox_list_release(m, n);
	db_campaign_release(&c);
	return ret;
}

const struct cmd press_cmds[] = {
	{ "list", "NAME [--json]", press_list, NEED_DB,
	  "every press of a campaign, as relayed to the captains", NULL },
	{ "send", "NAME (--to SEAT | --side SIDE | --all) [--anonymous] [--file FILE] [--now TIME]",
	  press_send_cmd, NEED_DB, "press from the game master to a seat, a side or everyone", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};

int press_set_wait(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
		   int wait, const char *mail_text, const char *sender, time_t now, json_t **answer,
		   char *err, size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_ship *ships = NULL, *from = NULL;
	const struct db_captain *cap = NULL;
	json_t *all = NULL, *list, *v;
	char why[512], *text = NULL;
	size_t n = 0, i;
	int rc;

	*answer = NULL;
	memset(&s, 0, sizeof(s));
	rc = db_campaign_get(db, campaign, &c, err, errlen);
	if (rc == DB_NOT_FOUND) {
		*answer = press_refused(campaign, "There is no campaign of that name (LIST shows them).");
		return 0;
	}
	if (rc)
		return rc;
	rc = DB_ERROR;
	if (judge_settings_parse(&s, c.settings, err, errlen))
		goto out;
	for (i = 0; i < ncaps && !cap; i++)
		if (caps[i].campaign_id == c.id)
			cap = &caps[i];
	if (!cap || strcmp(c.status, "running")) {
		*answer = press_refused(c.name, !cap ? "You play no seat in this campaign." :
					"The campaign is not being played now.");
		rc = 0;
		goto out;
	}
	if ((rc = db_ship_list(db, c.id, &ships, &n, err, errlen)))
		goto out;
	rc = seat_auth(db, cap, &c, &s, ships, n, mail_text, sender, now, "SET", 0, &from, why,
		       sizeof(why), err, errlen);
	if (rc == 1) {
		*answer = press_refused(c.name, why);
		rc = 0;
		goto out;
	}
	if (rc)
		goto out;
	/* The campaign's "wait" list: the seats that hold early resolution. */
	rc = DB_ERROR;
	if (!(all = json_loads(c.settings, 0, NULL)))
		goto out;
	list = json_object_get(all, "wait");
	if (!json_is_array(list)) {
		list = json_array();
		json_object_set_new(all, "wait", list);
	}
	json_array_foreach(list, i, v)
		if (!strcmp(json_string_value(v) ? json_string_value(v) : "", from->name))
			break;
	if (wait && i == json_array_size(list))
		json_array_append_new(list, json_string(from->name));
	else if (!wait && i < json_array_size(list))
		json_array_remove(list, i);
	if (!json_array_size(list))
		json_object_del(all, "wait");
	if (!(text = json_dumps(all, JSON_COMPACT)))
		goto out;
	free(c.settings);
	c.settings = text;
	text = NULL;
	if ((rc = db_begin(db, err, errlen)) || (rc = db_campaign_update(db, &c, err, errlen)) ||
	    (rc = db_commit(db, err, errlen))) {
		db_rollback(db);
		goto out;
	}
	*answer = json_pack("{s:b,s:s,s:s,s:b,s:b}", "ok", 1, "campaign", c.name, "seat", from->name,
			    "wait", wait, "early", s.early);
	rc = *answer ? 0 : DB_ERROR;
out:
	free(text);
	json_decref(all);
	free(ships);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return rc;
}

int press_seat_auth(struct db *db, const struct db_captain *cap, const struct db_campaign *c,
		    const struct judge_settings *s, struct db_ship *ships, size_t n,
		    const char *mail_text, const char *sender, time_t now, const char *what,
		    int password_only, struct db_ship **from, char *why, size_t whylen, char *err,
		    size_t errlen)
{
	return seat_auth(db, cap, c, s, ships, n, mail_text, sender, now, what, password_only, from,
			 why, whylen, err, errlen);
}

/* The name on the first "SHIP NAME" or "SEAT NAME" line outside press bodies: 1, or 0. */
static int credential_seat(const char *text, char *out, size_t len)
{
	const char *p = text;
	int inside = 0;

	while (*p) {
		const char *e = strchr(p, '\n'), *v = p;
		size_t n;

		if (!e)
			e = p + strlen(p);
		if (press_body_line(p, e, &inside)) {
			p = *e ? e + 1 : e;
			continue;
		}
		while (v < e && (*v == ' ' || *v == '\t'))
			v++;
		if (e - v > 5 && (!strncasecmp(v, "SHIP", 4) || !strncasecmp(v, "SEAT", 4)) &&
		    (v[4] == ' ' || v[4] == '\t')) {
			v += 5;
			while (v < e && (*v == ' ' || *v == '\t'))
				v++;
			for (n = 0; v + n < e && v[n] != ' ' && v[n] != '\t' && v[n] != '\r'; n++)
				;
			if (n && n < len) {
				memcpy(out, v, n);
				out[n] = '\0';
				return 1;
			}
			return 0;
		}
		p = *e ? e + 1 : e;
	}
	return 0;
}

int press_credential(struct db *db, const char *campaign, const char *mail_text,
		     const char *sender, time_t now, struct db_captain *cap, char *err,
		     size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_ship ship;
	enum secret_kind kind = SECRET_NONE;
	char secret[128] = "", seat[DB_NAME_MAX], msg[512];
	int rc;

	memset(cap, 0, sizeof(*cap));
	memset(&s, 0, sizeof(s));
	if (!press_mail_secret(mail_text, 1, &kind, secret, sizeof(secret)) ||
	    !credential_seat(mail_text, seat, sizeof(seat))) {
		rc = 0;
		goto clean;
	}
	rc = db_campaign_get(db, campaign, &c, err, errlen);
	if (rc) {
		rc = rc == DB_NOT_FOUND ? 0 : rc;
		goto clean;
	}
	if (judge_settings_parse(&s, c.settings, err, errlen)) {
		rc = DB_ERROR;
		goto out;
	}
	rc = db_ship_get(db, c.id, seat, &ship, err, errlen);
	if (!rc && !ship.captain_id)
		rc = DB_NOT_FOUND;
	if (!rc)
		rc = db_captain_get_id(db, ship.captain_id, cap, err, errlen);
	if (rc) {
		rc = rc == DB_NOT_FOUND ? 0 : rc;
		goto out;
	}
	rc = guard_check(db, &s, ship.id, ship.name, now, msg, sizeof(msg));
	if (rc) {	/* locked: no answer to an address not on file */
		snprintf(err, errlen, "%s", msg);
		rc = rc == EXIT_DATAERR ? 0 : rc == EXIT_TEMPFAIL ? DB_BUSY : DB_ERROR;
		goto out;
	}
	if (judge_captain_verify(cap, secret)) {
		rc = 1;
		goto out;
	}
	/* Counted as any wrong password is (it locks the password, never the CODE). */
	rc = guard_failed(db, &c, &s, ship.id, ship.name, GUARD_PASSWORD, sender, now, msg,
			  sizeof(msg)) ? DB_ERROR : 0;
	if (rc)
		snprintf(err, errlen, "%s", msg);
out:
	db_campaign_release(&c);
	judge_settings_release(&s);
clean:
	if (rc != 1)
		memset(cap, 0, sizeof(*cap));
	sodium_memzero(secret, sizeof(secret));
	return rc;
}
