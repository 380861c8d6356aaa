/*
 * A captain's own settings by mail (judge/account.h). SET ADDRESS, SET
 * PASSWORD and RESIGN need the captain's PASSWORD: a CODE is in every
 * report, and a forwarded report must not hand the seat over. SET
 * ABSENCE takes the CODE too (press_seat_auth). FORGOT
 * needs none, so it changes nothing a forger could use: the new password
 * goes to the address on file only, works beside the old one until SET
 * PASSWORD, and comes at most once a day.
 */
#include "account.h"

#include <getopt.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/names.h"
#include "core/ruleset.h"
#include "db/battles.h"
#include "db/db.h"
#include "db/desk.h"
#include "db/mail.h"
#include "judge.h"
#include "outbox.h"
#include "press.h"
#include "seat.h"
#include "signup.h"
#include "timeutil.h"

/*
 * Campaign, settings, the sender's captain in it and, with what (the
 * command, for the refusal) the seat whose CODE or PASSWORD the mail
 * carries (password_only: its PASSWORD, a CODE does not do). 0; 1 with
 * *answer (refused); or a DB_ code. a is released by the caller in every
 * case.
 */
static int account_open(struct db *db, const struct db_captain *caps, size_t ncaps,
			const char *campaign, const char *mail_text, const char *sender, time_t now,
			const char *what, int password_only, struct seat_cmd *a, json_t **answer,
			char *err, size_t errlen)
{
	int rc = seat_open(db, caps, ncaps, campaign, a, answer, err, errlen);

	if (rc)
		return rc;
	if (!a->cap || !strcmp(a->c.status, "finished"))
		return seat_refuse(a, !a->cap ? "You play no seat in this campaign." :
				   "The campaign is over.", answer);
	if (!what)
		return db_seat_list(db, a->c.id, &a->ships, &a->n, err, errlen);
	return seat_auth(db, a, mail_text, sender, now, what, password_only, answer, err, errlen);
}

int account_set_address(struct db *db, const struct db_captain *caps, size_t ncaps,
			const char *campaign, const char *address, const char *mail_text,
			const char *sender, long long mail_id, time_t now, json_t **answer,
			char *err, size_t errlen)
{
	struct seat_cmd a;
	struct db_captain cap;
	struct outbox_mail m;
	json_t *data = NULL;
	char why[512], when[DB_TIME_MAX], key[96], subject[160], old[DB_EMAIL_MAX];
	int rc;

	*answer = NULL;
	rc = account_open(db, caps, ncaps, campaign, mail_text, sender, now, "change of address", 1,
			  &a, answer, err, errlen);
	if (rc)
		goto out;
	/* The same check as campaign join: the address goes into mail headers. */
	if (names_check_email(address, "the new address", why, sizeof(why)) ||
	    !strcasecmp(address, a.cap->email)) {
		*answer = seat_refused(a.c.name, !strcasecmp(address, a.cap->email) ?
					  "That is the address on file already." : why);
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	time_format_utc(now, when, sizeof(when));
	snprintf(old, sizeof(old), "%s", a.cap->email);
	if ((rc = db_begin(db, err, errlen)))
		goto out;
	/* Read again under the lock: the address on file is the one told. */
	if ((rc = db_captain_get_id(db, a.cap->id, &cap, err, errlen)))
		goto fail;
	snprintf(old, sizeof(old), "%s", cap.email);
	rc = db_address_add(db, cap.id, old, when, err, errlen);
	if (rc && rc != DB_EXISTS)
		goto fail;
	snprintf(cap.email, sizeof(cap.email), "%s", address);
	if ((rc = db_captain_update(db, &cap, err, errlen)))
		goto fail;
	/* The old address hears of it, so a change nobody asked for is seen. */
	data = json_pack("{s:s,s:s,s:s,s:s,s:s}", "campaign", a.c.name, "captain", cap.name, "old",
			 old, "address", address, "sender", sender);
	if (!data) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
		goto fail;
	}
	snprintf(key, sizeof(key), "address/%lld/%lld", mail_id, cap.id);
	snprintf(subject, sizeof(subject), "%s: your address with the judge changed", a.c.name);
	memset(&m, 0, sizeof(m));
	m.campaign_id = a.c.id;
	m.kind = "notice";
	m.key = key;
	m.recipient = old;
	m.subject = subject;
	m.template = "address-changed";
	m.template_dir = a.s.templates[0] ? a.s.templates : NULL;
	m.data = data;
	m.created_at = when;
	rc = outbox_queue(db, &m, NULL, err, errlen);
	if (rc && rc != DB_EXISTS)
		goto fail;
	if ((rc = db_commit(db, err, errlen)))
		goto fail;
	*answer = json_pack("{s:b,s:s,s:s,s:s}", "ok", 1, "campaign", a.c.name, "address", address,
			    "old", old);
	rc = *answer ? 0 : DB_ERROR;
	goto out;
fail:
	db_rollback(db);
out:
	json_decref(data);
	seat_release(&a);
	return rc < 0 ? rc : 0;
}

/* NULL when pw may be a password, else why not. */
static const char *account_password_refused(const char *pw)
{
	size_t n = strlen(pw), i;

	if (n < ACCOUNT_PASSWORD_MIN || n > ACCOUNT_PASSWORD_MAX)
		return "A password has 8 to 64 characters: nothing was changed.";
	for (i = 0; i < n; i++)
		if (pw[i] <= ' ' || pw[i] > '~' || pw[i] == '#')
			return "A password holds letters, digits and signs only (no blanks, no '#', "
			       "nothing outside ASCII): nothing was changed.";
	return NULL;
}

int account_set_password(struct db *db, const struct db_captain *caps, size_t ncaps,
			 const char *campaign, const char *password, const char *mail_text,
			 const char *sender, time_t now, json_t **answer, char *err, size_t errlen)
{
	struct seat_cmd a;
	struct db_captain cap;
	char hash[DB_HASH_MAX];
	const char *bad;
	int rc;

	*answer = NULL;
	rc = account_open(db, caps, ncaps, campaign, mail_text, sender, now, "change of password",
			  1, &a, answer, err, errlen);
	if (rc)
		goto out;
	if ((bad = account_password_refused(password))) {
		*answer = seat_refused(a.c.name, bad);
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	/* Hashing is slow: before the write lock. */
	if (judge_hash_password(password, hash, sizeof(hash))) {
		snprintf(err, errlen, "cannot hash the password (out of memory?)");
		rc = DB_ERROR;
		goto out;
	}
	if ((rc = db_begin(db, err, errlen)))
		goto out;
	if ((rc = db_captain_get_id(db, a.cap->id, &cap, err, errlen)))
		goto fail;
	snprintf(cap.pwhash, sizeof(cap.pwhash), "%s", hash);
	/* A new pwhash drops the pending one (db_captain_update). */
	if ((rc = db_captain_update(db, &cap, err, errlen)) || (rc = db_commit(db, err, errlen)))
		goto fail;
	*answer = json_pack("{s:b,s:s,s:s}", "ok", 1, "campaign", a.c.name, "captain", cap.name);
	rc = *answer ? 0 : DB_ERROR;
	goto out;
fail:
	db_rollback(db);
out:
	sodium_memzero(hash, sizeof(hash));
	seat_release(&a);
	return rc < 0 ? rc : 0;
}

int account_forgot(struct db *db, const struct db_captain *caps, size_t ncaps,
		   const char *campaign, time_t now, json_t **answer, char *err, size_t errlen)
{
	struct seat_cmd a;
	struct db_captain cap;
	struct outbox_mail m;
	json_t *data = NULL;
	char pw[JUDGE_PASSWORD_LEN + 1] = "", hash[DB_HASH_MAX], key[96], subject[160];
	char when[DB_TIME_MAX];
	int rc;

	*answer = NULL;
	rc = account_open(db, caps, ncaps, campaign, NULL, NULL, now, NULL, 0, &a, answer, err,
			  errlen);
	if (rc)
		goto out;
	/* One a day per captain, keyed by the UTC day: a flood of FORGOT mails one password. */
	time_format_utc(now, when, sizeof(when));
	snprintf(key, sizeof(key), "password/%lld/%.10s", a.cap->id, when);
	rc = db_outbox_has_key(db, key, err, errlen);
	if (rc == DB_EXISTS) {
		*answer = seat_refused(a.c.name, "A new password was mailed to your address on file "
					  "today already; the judge mails one a day.");
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	if (rc)
		goto out;
	judge_new_password(pw, sizeof(pw));
	if (judge_hash_password(pw, hash, sizeof(hash))) {
		snprintf(err, errlen, "cannot hash the password (out of memory?)");
		rc = DB_ERROR;
		goto out;
	}
	data = json_pack("{s:s,s:s,s:s}", "campaign", a.c.name, "captain", a.cap->name, "password", pw);
	if (!data) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
		goto out;
	}
	if ((rc = db_begin(db, err, errlen)))
		goto out;
	snprintf(subject, sizeof(subject), "%s: your new password", a.c.name);
	memset(&m, 0, sizeof(m));
	m.campaign_id = a.c.id;
	m.kind = "password";
	m.key = key;
	/* The address on file, read under the lock; never the requester's if it differs. */
	if ((rc = db_captain_get_id(db, a.cap->id, &cap, err, errlen)))
		goto fail;
	m.recipient = cap.email;
	m.subject = subject;
	m.template = "new-password";
	m.template_dir = a.s.templates[0] ? a.s.templates : NULL;
	m.data = data;
	m.created_at = when;
	if ((rc = db_captain_set_pending(db, a.cap->id, hash, err, errlen)) ||
	    (rc = outbox_queue(db, &m, NULL, err, errlen)) || (rc = db_commit(db, err, errlen)))
		goto fail;
	*answer = json_pack("{s:b,s:s}", "ok", 1, "campaign", a.c.name);
	rc = *answer ? 0 : DB_ERROR;
	goto out;
fail:
	db_rollback(db);
out:
	seat_forget_secret(pw, sizeof(pw), hash, sizeof(hash), data);
	seat_release(&a);
	return rc < 0 ? rc : 0;
}

/* "YYYY-MM-DD" exactly, as midnight UTC; 0 or -1. */
int account_parse_day(const char *s, time_t *out)
{
	int i;

	if (strlen(s) != 10)
		return -1;
	for (i = 0; i < 10; i++)
		if ((i == 4 || i == 7) ? s[i] != '-' : (s[i] < '0' || s[i] > '9'))
			return -1;
	return time_parse_iso(s, out);
}

/* Whole days of absence a captain has on file in the campaign. */
static long account_days_taken(const struct db_absence *list, size_t n)
{
	long days = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		time_t s, e;

		if (!time_parse_iso(list[i].starts, &s) && !time_parse_iso(list[i].ends, &e) && e > s)
			days += (long)((e - s + 86399) / 86400);
	}
	return days;
}

int account_set_absence(struct db *db, const struct db_captain *caps, size_t ncaps,
			const char *campaign, const char *from, const char *to,
			const char *mail_text, const char *sender, time_t now, json_t **answer,
			char *err, size_t errlen)
{
	struct seat_cmd a;
	struct db_absence ab, *list = NULL;
	size_t n = 0;
	time_t start, end, today;
	long days, taken;
	char why[256], day[DB_TIME_MAX];
	int rc;

	*answer = NULL;
	rc = account_open(db, caps, ncaps, campaign, mail_text, sender, now, "absence", 0, &a, answer,
			  err, errlen);
	if (rc)
		goto out;
	time_format_utc(now, day, sizeof(day));
	day[10] = '\0';
	why[0] = '\0';
	if (account_parse_day(from, &start) || account_parse_day(to, &end))
		snprintf(why, sizeof(why), "Expected the days as YYYY-MM-DD (SET ABSENCE %s FROM TO).",
			 a.c.name);
	else if (end < start)
		snprintf(why, sizeof(why), "The absence ends before it starts.");
	else if (account_parse_day(day, &today) || start < today)
		snprintf(why, sizeof(why), "An absence starts today or later (today is %s, UTC).", day);
	else if (!a.s.absence_days)
		snprintf(why, sizeof(why), "This campaign takes no absences: write to the game master.");
	if (why[0]) {
		*answer = seat_refused(a.c.name, why);
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	end += 86400;	/* to the end of day TO */
	days = (long)((end - start) / 86400);
	if ((rc = db_begin(db, err, errlen)))
		goto out;
	if ((rc = db_absence_list(db, a.c.id, a.cap->id, &list, &n, err, errlen)))
		goto fail;
	taken = account_days_taken(list, n);
	if (taken + days > a.s.absence_days) {
		db_rollback(db);
		snprintf(why, sizeof(why), "That is %ld day%s, and you have %ld of the %d this campaign "
			 "allows left.", days, days == 1 ? "" : "s",
			 taken < a.s.absence_days ? a.s.absence_days - taken : 0, a.s.absence_days);
		*answer = seat_refused(a.c.name, why);
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	memset(&ab, 0, sizeof(ab));
	ab.campaign_id = a.c.id;
	ab.captain_id = a.cap->id;
	time_format_utc(start, ab.starts, sizeof(ab.starts));
	time_format_utc(end, ab.ends, sizeof(ab.ends));
	time_format_utc(now, ab.created_at, sizeof(ab.created_at));
	if ((rc = db_absence_add(db, &ab, err, errlen)) || (rc = db_commit(db, err, errlen)))
		goto fail;
	*answer = json_pack("{s:b,s:s,s:s,s:s,s:i,s:i,s:b}", "ok", 1, "campaign", a.c.name, "from",
			    from, "to", to, "days", (int)days, "left",
			    (int)(a.s.absence_days - taken - days), "autopilot",
			    !strcmp(a.s.absence, "autopilot"));
	rc = *answer ? 0 : DB_ERROR;
	goto out;
fail:
	db_rollback(db);
out:
	free(list);
	seat_release(&a);
	return rc < 0 ? rc : 0;
}

int account_away(struct db *db, const struct db_campaign *c, time_t at, const char *const *silent,
		 size_t nsilent, time_t *until, int *away, size_t maxaway, char *err, size_t errlen)
{
	struct db_absence *list = NULL;
	struct db_seat *ships = NULL;
	size_t n = 0, ns = 0, i, k, j;
	int rc;

	*until = 0;
	for (i = 0; i < maxaway; i++)
		away[i] = ACCOUNT_PRESENT;
	if ((rc = db_absence_list(db, c->id, 0, &list, &n, err, errlen)) ||
	    (rc = db_seat_list(db, c->id, &ships, &ns, err, errlen)))
		goto out;
	for (i = 0; !rc && i < nsilent && i < maxaway; i++)
		for (k = 0; !rc && k < ns; k++) {
			int vacant = 0;

			if (strcasecmp(ships[k].name, silent[i]))
				continue;
			if ((rc = db_seat_vacant(db, ships[k].id, &vacant, err, errlen)))
				break;
			if (vacant) {
				away[i] = ACCOUNT_VACANT;
				continue;
			}
			for (j = 0; j < n; j++) {
				time_t s, e;

				if (list[j].captain_id != ships[k].captain_id ||
				    time_parse_iso(list[j].starts, &s) || time_parse_iso(list[j].ends, &e) ||
				    at < s || at >= e)
					continue;
				away[i] = ACCOUNT_AWAY;
				if (e > *until)
					*until = e;
			}
		}
out:
	free(ships);
	free(list);
	return rc;
}

/* Queues a mail rendered from template to recipient, in the caller's transaction. */
static int account_mail(struct db *db, const struct seat_cmd *a, const char *kind,
			const char *key, const char *recipient, const char *subject,
			const char *template, const json_t *data, const char *when, char *err,
			size_t errlen)
{
	struct outbox_mail m;
	int rc;

	memset(&m, 0, sizeof(m));
	m.campaign_id = a->c.id;
	m.kind = kind;
	m.key = key;
	m.recipient = recipient;
	m.subject = subject;
	m.template = template;
	m.template_dir = a->s.templates[0] ? a->s.templates : NULL;
	m.data = data;
	m.created_at = when;
	rc = outbox_queue(db, &m, NULL, err, errlen);
	return rc == DB_EXISTS ? 0 : rc;
}

int account_resign(struct db *db, const struct db_captain *caps, size_t ncaps,
		   const char *campaign, const char *seat, const char *mail_text,
		   const char *sender, long long mail_id, time_t now, json_t **answer, char *err,
		   size_t errlen)
{
	struct seat_cmd a;
	struct db_captain vacancy;
	struct db_standby *standby = NULL;
	struct db_seat *ship = NULL;
	json_t *data = NULL;
	char pw[JUDGE_PASSWORD_LEN + 1], when[DB_TIME_MAX], key[96], subject[256];
	size_t i, nstandby = 0;
	int rc;

	*answer = NULL;
	rc = account_open(db, caps, ncaps, campaign, mail_text, sender, now, "resignation", 1, &a,
			  answer, err, errlen);
	if (rc)
		goto out;
	ship = a.from;
	for (i = 0; seat && i < a.n; i++)
		if (!strcasecmp(a.ships[i].name, seat))
			ship = &a.ships[i];
	if (seat && (strcasecmp(ship->name, seat) || ship->captain_id != a.cap->id)) {
		*answer = seat_refused(a.c.name, "You command no seat of that name here.");
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	/* The vacant seat is the game master's to watch (its reports go there) and hand over. */
	if (!a.s.gm_email[0]) {
		*answer = seat_refused(a.c.name, "This campaign has no game master's address to "
					  "hand the seat to: write to the game master.");
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	memset(&vacancy, 0, sizeof(vacancy));
	vacancy.campaign_id = a.c.id;
	snprintf(vacancy.name, sizeof(vacancy.name), "vacant %.40s", ship->name);
	snprintf(vacancy.email, sizeof(vacancy.email), "%s", a.s.gm_email);
	time_format_utc(now, when, sizeof(when));
	snprintf(vacancy.joined_at, sizeof(vacancy.joined_at), "%s", when);
	/* A password nobody knows: the game master plays the seat, if at all, with its CODE. */
	judge_new_password(pw, sizeof(pw));
	rc = judge_hash_password(pw, vacancy.pwhash, sizeof(vacancy.pwhash));
	sodium_memzero(pw, sizeof(pw));
	if (rc) {
		snprintf(err, errlen, "cannot hash a password (out of memory?)");
		rc = DB_ERROR;
		goto out;
	}
	if ((rc = db_begin(db, err, errlen)))
		goto out;
	rc = db_captain_add(db, &vacancy, err, errlen);
	if (rc == DB_EXISTS) {
		db_rollback(db);
		*answer = seat_refused(a.c.name, "That seat is vacant already.");
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	/* A new code salt: the codes the resigned captain holds are worth nothing now. */
	if (rc || (rc = db_seat_set_captain(db, ship->id, vacancy.id, err, errlen)) ||
	    (rc = db_seat_set_resigned(db, ship->id, when, err, errlen)) ||
	    (rc = judge_new_code_salt(db, ship->id, err, errlen)) ||
	    (rc = db_standby_list(db, a.c.id, NULL, &standby, &nstandby, err, errlen)))
		goto fail;
	data = json_pack("{s:s,s:s,s:s,s:b,s:[]}", "campaign", a.c.name, "seat", ship->name,
			 "captain", a.cap->name, "takeover", a.s.takeover, "standby");
	for (i = 0; data && i < nstandby; i++)
		json_array_append_new(json_object_get(data, "standby"),
				      json_pack("{s:s,s:s}", "name", standby[i].name, "email",
						standby[i].email));
	snprintf(key, sizeof(key), "vacant/%lld/%lld", mail_id, ship->id);
	snprintf(subject, sizeof(subject), "%s: %s is vacant (its captain resigned)", a.c.name,
		 ship->name);
	if (!data) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
		goto fail;
	}
	if ((rc = account_mail(db, &a, "notice", key, a.s.gm_email, subject, "seat-vacant", data,
			       when, err, errlen)) || (rc = db_commit(db, err, errlen)))
		goto fail;
	*answer = json_pack("{s:b,s:s,s:s}", "ok", 1, "campaign", a.c.name, "seat", ship->name);
	rc = *answer ? 0 : DB_ERROR;
	goto out;
fail:
	db_rollback(db);
out:
	json_decref(data);
	free(standby);
	seat_release(&a);
	return rc < 0 ? rc : 0;
}

int account_on_standby(struct db *db, const char *campaign, const char *email, char *err,
		       size_t errlen)
{
	struct db_campaign c;
	struct db_standby *list = NULL;
	size_t n = 0;
	int rc = db_campaign_get(db, campaign, &c, err, errlen);

	if (rc)
		return rc == DB_NOT_FOUND ? 0 : rc;
	rc = db_standby_list(db, c.id, email, &list, &n, err, errlen);
	free(list);
	db_campaign_release(&c);
	return rc ? rc : n > 0;
}

int account_takeover(struct db *db, const struct db_captain *caps, size_t ncaps,
		     const char *campaign, const char *seat, const char *mail_text,
		     const char *sender, long long mail_id, time_t now, json_t **answer, char *err,
		     size_t errlen)
{
	struct seat_cmd a;
	struct db_standby *entry = NULL;
	struct db_captain cap, other;
	struct db_seat *ship = NULL;
	json_t *data = NULL;
	const struct db_captain *mine = NULL;
	char pw[JUDGE_PASSWORD_LEN + 1] = "", hash[DB_HASH_MAX], when[DB_TIME_MAX], key[96];
	char subject[256], why[256] = "", command[200];
	const char *other_side;
	size_t i, nentry = 0;
	int rc, vacant = 0;

	*answer = NULL;
	if ((rc = seat_open(db, caps, ncaps, campaign, &a, answer, err, errlen)) ||
	    (rc = db_seat_list(db, a.c.id, &a.ships, &a.n, err, errlen)) ||
	    (rc = db_standby_list(db, a.c.id, sender, &entry, &nentry, err, errlen)))
		goto out;
	for (i = 0; i < a.n; i++)
		if (!strcasecmp(a.ships[i].name, seat))
			ship = &a.ships[i];
	if (ship && (rc = db_seat_vacant(db, ship->id, &vacant, err, errlen)))
		goto out;
	if (!strcmp(a.c.status, "finished"))
		snprintf(why, sizeof(why), "The campaign is over.");
	else if (!a.s.takeover)
		snprintf(why, sizeof(why), "In this campaign the game master hands vacant seats over: "
			 "write to them.");
	else if (!nentry)
		snprintf(why, sizeof(why), "Your address is not on the standby list of this campaign.");
	else if (!ship || !vacant)
		snprintf(why, sizeof(why), "No seat of that name is vacant here.");
	mine = a.cap;
	if (!why[0] && mine &&
	    (other_side = signup_other_side(&a.s, a.ships, a.n, mine->id, ship->team)))
		snprintf(why, sizeof(why), "You command %.64s on another side: in this campaign a "
			 "captain plays one side only.", other_side);
	if (why[0]) {
		*answer = seat_refused(a.c.name, why);
		rc = *answer ? 0 : DB_ERROR;
		goto out;
	}
	/* A forged From of an address on the list seats nobody: PASSWORD or CONFIRM. */
	snprintf(command, sizeof(command), "TAKEOVER %s %s", a.c.name, ship->name);
	if (mail_text && (rc = signup_vouch(db, &a.c, mine, sender, command, mail_text, now, answer,
					    err, errlen))) {
		rc = rc == 1 ? 0 : rc;
		goto out;
	}
	if (!mine) {
		judge_new_password(pw, sizeof(pw));
		if (judge_hash_password(pw, hash, sizeof(hash))) {
			snprintf(err, errlen, "cannot hash the password (out of memory?)");
			rc = DB_ERROR;
			goto out;
		}
	}
	time_format_utc(now, when, sizeof(when));
	if ((rc = db_begin(db, err, errlen)) ||
	    (rc = db_captain_get_id(db, ship->captain_id, &cap, err, errlen)))
		goto fail;
	if (mine) {
		/* A captain of the campaign already: the seat joins the others, the password stays. */
		cap = *mine;
		rc = db_seat_set_captain(db, ship->id, mine->id, err, errlen);
	} else {
		/* The vacancy's row becomes the newcomer's, under the name the game master gave. */
		snprintf(cap.name, sizeof(cap.name), "%s", entry[0].name);
		if (db_captain_get(db, a.c.id, cap.name, &other, err, errlen) != DB_NOT_FOUND)
			snprintf(cap.name, sizeof(cap.name), "%.30s of %.20s", entry[0].name, ship->name);
		snprintf(cap.email, sizeof(cap.email), "%s", sender);
		snprintf(cap.pwhash, sizeof(cap.pwhash), "%s", hash);
		rc = db_captain_update(db, &cap, err, errlen);
	}
	if (rc || (rc = db_seat_set_resigned(db, ship->id, NULL, err, errlen)) ||
	    (rc = judge_new_code_salt(db, ship->id, err, errlen)) ||
	    (rc = db_standby_remove(db, a.c.id, sender, err, errlen)))
		goto fail;
	{
		const struct ruleset *game = ruleset_find(a.c.ruleset);

		data = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s?,s:i,s:i,s:i,s:b,s:b}", "campaign",
				 a.c.name, "captain", cap.name, "seat", ship->name, "side", ship->team,
				 "seat_word", game && game->seat_word ? game->seat_word : "SEAT", "game",
				 game ? game->title : a.c.ruleset, "man_page",
				 game && game->man_page ? game->man_page : "mxjudge-games(1)", "password",
				 pw[0] ? pw : NULL, "seats", (int)a.n, "max_seats",
				 game ? game->max_seats : (int)a.n, "deadline_hours", a.s.deadline_hours,
				 "early", a.s.early, "takeover", 1);
	}
	if (!data) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
		goto fail;
	}
	snprintf(key, sizeof(key), "welcome/%lld/%lld", mail_id, ship->id);
	snprintf(subject, sizeof(subject), "%s: welcome, captain of %s", a.c.name, ship->name);
	if ((rc = account_mail(db, &a, "welcome", key, cap.email, subject, "welcome", data, when, err,
			       errlen)) || (rc = db_commit(db, err, errlen)))
		goto fail;
	*answer = json_pack("{s:b,s:s,s:s,s:s,s:b}", "ok", 1, "campaign", a.c.name, "seat",
			    ship->name, "captain", cap.name, "new_captain", !mine);
	rc = *answer ? 0 : DB_ERROR;
	goto out;
fail:
	db_rollback(db);
out:
	seat_forget_secret(pw, sizeof(pw), hash, sizeof(hash), data);
	free(entry);
	seat_release(&a);
	return rc < 0 ? rc : 0;
}
