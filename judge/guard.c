/*
 * guard: wrong passwords recorded, the growing lockout, and the game
 * master's one alert for a series of them (judge/guard.h).
 */
#include "guard.h"

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "core/names.h"
#include "db/mail.h"
#include "db/security.h"
#include "lib/strbuf.h"
#include "timeutil.h"

int guard_check(struct db *db, const struct judge_settings *s, long long ship_id,
		const char *ship, time_t now, char *msg, size_t msglen)
{
	struct db_lockout l;
	char err[512], when[TIME_TEXT_MAX];
	time_t until;
	int rc = db_lockout_get(db, ship_id, &l, err, sizeof(err));

	if (rc) {
		snprintf(msg, msglen, "%s", err);
		return judge_db_exit(rc);
	}
	if (!l.strikes || time_parse_iso(l.locked_until, &until) || now >= until)
		return 0;
	time_format_zone(until, s->timezone, when, sizeof(when));
	snprintf(msg, msglen, "too many wrong passwords for %s; its PASSWORD is refused until %s. "
		 "Send the CODE line of your latest report instead, or ask the game master", ship,
		 when);
	return EXIT_DATAERR;
}

/* The alert's text: what happened, until when, and what it means. */
static void alert_text(struct strbuf *subject, struct strbuf *body, const struct db_campaign *c,
		       const struct judge_settings *s, const char *ship, const char *source,
		       int count, const struct db_lockout *l, time_t now, time_t until)
{
	char from[128], at[TIME_TEXT_MAX], to[TIME_TEXT_MAX];

	names_printable(source ? source : "the command line (orders submit or check)", from,
			sizeof(from));
	time_format_zone(now, s->timezone, at, sizeof(at));
	time_format_zone(until, s->timezone, to, sizeof(to));
	strbuf_addf(subject, "%s: orders for %s locked after %d wrong passwords", c->name, ship,
		    count);
	strbuf_addf(body, "Campaign %s, ship %s:\n\n"
		    "%d orders with a wrong password or order code came for %s within %d minutes,\n"
		    "the last at %s from %s.\n\n"
		    "Orders for %s with its PASSWORD are refused until %s (lockout %d in a row;\n"
		    "each one lasts twice as long as the one before, up to %d hours). Orders with\n"
		    "the CODE of the captain's latest report are still taken, and orders sealed\n"
		    "before stand. Wrong passwords can be forged by anyone: this is the only alert\n"
		    "until a day passes without a lockout, and the captain gets at most one answer\n"
		    "about them per lockout. To lift it: mxjudge campaign unlock %s --ship %s\n"
		    "If the captain lost the password, give the ship a new captain or password.\n",
		    c->name, ship, count, ship, GUARD_WINDOW / 60, at, from, ship, to, l->strikes,
		    GUARD_MAX_DELAY / 3600, c->name, ship);
}

int guard_failed(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		 long long ship_id, const char *ship, enum guard_secret what, const char *source,
		 time_t now, char *msg, size_t msglen)
{
	struct db_lockout l;
	struct db_message m;
	struct strbuf subject = STRBUF_INIT, body = STRBUF_INIT;
	char err[512], now_text[DB_TIME_MAX], since[DB_TIME_MAX], src[DB_EMAIL_MAX];
	time_t last_until = 0, delay, until;
	int rc, count = 0, ret = 0, i;

	time_format_utc(now, now_text, sizeof(now_text));
	time_format_utc(now - GUARD_WINDOW, since, sizeof(since));
	names_printable(source ? source : "", src, sizeof(src));
	if ((rc = db_begin(db, err, sizeof(err))) ||
	    (rc = db_lockout_get(db, ship_id, &l, err, sizeof(err))))
		goto dberr;
	/* Failures before the last lockout were paid for by it. */
	if (l.strikes && strcmp(l.locked_at, since) > 0)
		snprintf(since, sizeof(since), "%s", l.locked_at);
	if ((rc = db_auth_fail(db, c->id, ship_id, what == GUARD_CODE ? "code" : "password", now_text,
			       src, since, &count, err, sizeof(err))))
		goto dberr;
	/* Only wrong passwords lock: a code cannot be guessed by mail, and a forger must not win. */
	if (what == GUARD_PASSWORD && count >= GUARD_MAX_FAILURES) {
		/* A lockout a day after the last one ended starts the delay over. */
		if (l.strikes && !time_parse_iso(l.locked_until, &last_until) &&
		    now - last_until < 24 * 60 * 60)
			l.strikes++;
		else
			l.strikes = 1;
		delay = GUARD_BASE_DELAY;
		for (i = 1; i < l.strikes && delay < GUARD_MAX_DELAY; i++)
			delay *= 2;
		if (delay > GUARD_MAX_DELAY)
			delay = GUARD_MAX_DELAY;
		until = now + delay;
		snprintf(l.locked_at, sizeof(l.locked_at), "%s", now_text);
		time_format_utc(until, l.locked_until, sizeof(l.locked_until));
		if ((rc = db_lockout_set(db, ship_id, &l, err, sizeof(err))))
			goto dberr;
		/* One alert for a series of lockouts: forged mail must not flood the game master. */
		if (l.strikes > 1)
			goto commit;
		alert_text(&subject, &body, c, s, ship, source, count, &l, now, until);
		if (subject.failed || body.failed) {
			snprintf(msg, msglen, "out of memory");
			ret = EXIT_FAIL;
			goto out;
		}
		memset(&m, 0, sizeof(m));
		m.campaign_id = c->id;
		snprintf(m.key, sizeof(m.key), "alert/lockout/%lld/%s", ship_id, now_text);
		judge_gm_address(s, m.recipient, sizeof(m.recipient));
		snprintf(m.created_at, sizeof(m.created_at), "%s", now_text);
		m.subject = (char *)strbuf_str(&subject);
		m.body = (char *)strbuf_str(&body);
		rc = db_alert_add(db, &m, "no gm_email set: see 'mxjudge campaign show'", err,
				  sizeof(err));
		if (rc && rc != DB_EXISTS)
			goto dberr;
	}
commit:
	if ((rc = db_commit(db, err, sizeof(err))))
		goto dberr;
	goto out;
dberr:
	snprintf(msg, msglen, "%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(db);
	strbuf_release(&subject);
	strbuf_release(&body);
	return ret;
}

int guard_may_answer(struct db *db, long long ship_id, time_t now)
{
	struct db_lockout l;
	char err[256], since[DB_TIME_MAX], prefix[64];
	long long n = 0;
	time_t until;

	time_format_utc(now - GUARD_WINDOW, since, sizeof(since));
	if (!db_lockout_get(db, ship_id, &l, err, sizeof(err)) && l.strikes &&
	    !time_parse_iso(l.locked_until, &until) && now < until && strcmp(l.locked_at, since) < 0)
		snprintf(since, sizeof(since), "%s", l.locked_at);
	snprintf(prefix, sizeof(prefix), "error-reply/auth/%lld/", ship_id);
	/* In doubt (the database failed), answer: the captain must hear of trouble. */
	if (db_outbox_count_key_since(db, prefix, since, &n, err, sizeof(err)))
		return 1;
	return n == 0;
}

int guard_unlock(struct db *db, long long ship_id, time_t now, int *was_locked, char *msg,
		 size_t msglen)
{
	struct db_lockout l;
	char err[512], now_text[DB_TIME_MAX];
	time_t until;
	int rc;

	*was_locked = 0;
	time_format_utc(now, now_text, sizeof(now_text));
	if ((rc = db_begin(db, err, sizeof(err))) ||
	    (rc = db_lockout_get(db, ship_id, &l, err, sizeof(err))))
		goto dberr;
	*was_locked = l.strikes && !time_parse_iso(l.locked_until, &until) && now < until;
	if (*was_locked) {
		/* Lifted, and the failures before now paid for: the count starts again. */
		snprintf(l.locked_at, sizeof(l.locked_at), "%s", now_text);
		snprintf(l.locked_until, sizeof(l.locked_until), "%s", now_text);
		if ((rc = db_lockout_set(db, ship_id, &l, err, sizeof(err))))
			goto dberr;
	}
	if ((rc = db_commit(db, err, sizeof(err))))
		goto dberr;
	return 0;
dberr:
	db_rollback(db);
	snprintf(msg, msglen, "%s", err);
	return judge_db_exit(rc);
}
