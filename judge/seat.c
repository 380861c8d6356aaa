/*
 * seat: who sends a seat command by mail, the preamble every desk command
 * of a seat shares (judge/seat.h): the campaign, its settings and the
 * sender's captain, then the seat whose CODE or PASSWORD the mail
 * carries, checked as orders are; and the credential of a mail from an
 * address not on file.
 */
#include "seat.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/secret.h"
#include "db/db.h"
#include "guard.h"
#include "judge.h"
#include "cmd/series.h"

/*
 * 1 when the line [p, e) belongs to a press body (the lines after a PRESS
 * or BROADCAST line up to ENDPRESS, as core/desk.c reads them); *inside
 * carries the state from line to line. A body is relayed, so nothing in
 * it is ever taken as the sender's credential.
 */
static int body_line(const char *p, const char *e, int *inside)
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

int seat_mail_secret(const char *text, int password_only, enum secret_kind *kind, char *out,
		      size_t len)
{
	const char *p = text;
	int inside = 0;

	while (*p) {
		const char *e = strchr(p, '\n'), *v, *ve;
		enum secret_kind k;

		if (!e)
			e = p + strlen(p);
		k = body_line(p, e, &inside) ? SECRET_NONE : secret_line(p, e, &v, &ve);
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

json_t *seat_refused(const char *campaign, const char *why)
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
static int seat_who(struct db *db, const struct db_captain *cap, const struct db_campaign *c,
		     const struct judge_settings *s, struct db_seat *ships, size_t n,
		     const char *mail_text, const char *sender, time_t now, const char *what,
		     int password_only, struct db_seat **from, char *why, size_t whylen, char *err,
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
	if (!seat_mail_secret(mail_text, password_only, &kind, secret, sizeof(secret))) {
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
		if (body_line(p, e, &inside)) {
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

int seat_credential(struct db *db, const char *campaign, const char *mail_text,
		     const char *sender, time_t now, struct db_captain *cap, char *err,
		     size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_seat ship;
	enum secret_kind kind = SECRET_NONE;
	char secret[128] = "", seat[DB_NAME_MAX], msg[512];
	int rc;

	memset(cap, 0, sizeof(*cap));
	memset(&s, 0, sizeof(s));
	if (!seat_mail_secret(mail_text, 1, &kind, secret, sizeof(secret)) ||
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
	rc = db_seat_get(db, c.id, seat, &ship, err, errlen);
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

int seat_auth_in(struct db *db, const struct db_captain *cap, const struct db_campaign *c,
		 const struct judge_settings *s, struct db_seat *ships, size_t n,
		 const char *mail_text, const char *sender, time_t now, const char *what,
		 int password_only, struct db_seat **from, char *why, size_t whylen, char *err,
		 size_t errlen)
{
	return seat_who(db, cap, c, s, ships, n, mail_text, sender, now, what, password_only, from,
			why, whylen, err, errlen);
}

int seat_open(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
	      struct seat_cmd *a, json_t **answer, char *err, size_t errlen)
{
	size_t i;
	int rc;

	memset(a, 0, sizeof(*a));
	*answer = NULL;
	rc = db_campaign_get(db, campaign, &a->c, err, errlen);
	if (rc == DB_NOT_FOUND) {
		*answer = seat_refused(campaign, "There is no campaign of that name (LIST shows them).");
		return *answer ? 1 : DB_ERROR;
	}
	if (rc)
		return rc;
	a->loaded = 1;
	if (judge_settings_parse(&a->s, a->c.settings, err, errlen))
		return DB_ERROR;
	for (i = 0; i < ncaps && !a->cap; i++)
		if (caps[i].campaign_id == a->c.id)
			a->cap = &caps[i];
	return 0;
}

int seat_auth(struct db *db, struct seat_cmd *a, const char *mail_text, const char *sender,
	      time_t now, const char *what, int password_only, json_t **answer, char *err,
	      size_t errlen)
{
	char why[512];
	int rc;

	if ((rc = db_seat_list(db, a->c.id, &a->ships, &a->n, err, errlen)))
		return rc;
	rc = seat_who(db, a->cap, &a->c, &a->s, a->ships, a->n, mail_text, sender, now, what,
		      password_only, &a->from, why, sizeof(why), err, errlen);
	if (rc == 1) {
		*answer = seat_refused(a->c.name, why);
		return *answer ? 1 : DB_ERROR;
	}
	return rc;
}

int seat_refuse(struct seat_cmd *a, const char *why, json_t **answer)
{
	*answer = seat_refused(a->c.name, why);
	return *answer ? 1 : DB_ERROR;
}

void seat_forget_secret(char *pw, size_t pwlen, char *hash, size_t hashlen, json_t *data)
{
	sodium_memzero(pw, pwlen);
	sodium_memzero(hash, hashlen);
	if (data)
		json_object_del(data, "password");
	json_decref(data);
}

void seat_release(struct seat_cmd *a)
{
	free(a->ships);
	a->ships = NULL;
	if (a->loaded)
		db_campaign_release(&a->c);
	judge_settings_release(&a->s);
	a->loaded = 0;
}
