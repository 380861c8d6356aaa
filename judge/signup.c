/*
 * JOIN by mail (judge/signup.h). The checks are those of `campaign join`
 * (cmd/campaign.c), said to the sender instead of printed: the campaign
 * open for sign-up by mail and not started, the seat's name, its side,
 * room for it as the game says; a new captain gets a password, hashed
 * before the write lock, mailed once in the welcome mail.
 */
#include "signup.h"

#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/desk.h"
#include "core/names.h"
#include "core/ruleset.h"
#include "core/secret.h"
#include "db/db.h"
#include "db/desk.h"
#include "duplicate.h"
#include "judge.h"
#include "lib/strbuf.h"
#include "mail/reply.h"
#include "outbox.h"
#include "cmd/play.h"
#include "press.h"
#include "seat.h"
#include "timeutil.h"

static json_t *signup_refused(const char *campaign, const char *why)
{
	return json_pack("{s:b,s:s,s:s}", "ok", 0, "campaign", campaign, "error", why);
}

int signup_open(struct db *db, const char *name, char *err, size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	int rc = db_campaign_get(db, name, &c, err, errlen), open;

	if (rc)
		return rc == DB_NOT_FOUND ? 0 : rc;
	if (judge_settings_parse(&s, c.settings, err, errlen)) {
		db_campaign_release(&c);
		return 0;
	}
	open = s.signup_mail && !strcmp(c.status, "open") && !s.duplicate;
	judge_settings_release(&s);
	db_campaign_release(&c);
	return open;
}

/* The side as the game spells it, or NULL with why (the sides it has). */
static const char *signup_side(const struct ruleset *game, const char *side, char *why,
			       size_t whylen)
{
	struct strbuf list = STRBUF_INIT;
	const char *const *p;

	if (!game->sides)
		return side && *side ? NULL : "";
	for (p = game->sides; side && *p; p++)
		if (!strcasecmp(*p, side))
			return *p;
	for (p = game->sides; *p; p++)
		strbuf_addf(&list, "%s%s", p == game->sides ? "" : p[1] ? ", " : " or ", *p);
	snprintf(why, whylen, "%s seats play on a side: write JOIN NAME SEAT SIDE, SIDE being %s.",
		 game->title, list.failed ? "one of the game's" : strbuf_str(&list));
	strbuf_release(&list);
	return NULL;
}

int signup_max_seats(const struct ruleset *game, const struct judge_settings *s)
{
	const char *const *p;
	int most = game->max_seats, sides = 0;

	/* A side has at most a seat per row of the board (signup_fits), when the game says so. */
	for (p = game->sides; (game->flags & RULESET_SEAT_PER_ROW) && p && *p; p++)
		sides++;
	if (sides && sides * s->height < most)
		most = sides * s->height;
	return most;
}

/* Room for the seat, as the game says: 0, or 1 with why. */
static int signup_fits(struct db *db, const struct db_campaign *c, const struct ruleset *game,
		       const struct db_seat *ships, size_t n, const char *name, const char *side,
		       char *why, size_t whylen)
{
	switch (play_seat_room(db, game, c, ships, n, name, side, NULL, why, whylen)) {
	case 0:
		return 0;
	case PLAY_SEAT_FULL:
		snprintf(why, whylen, "There is no room for another seat%s%s.", side[0] ? " on side " : "",
			 side);
		return 1;
	case PLAY_SEAT_REFUSED:
		return 1;
	default:
		snprintf(why, whylen, "The judge ran out of memory.");
		return 1;
	}
}

/* ---------- CONFIRM: the double opt-in, stateless ---------- */

void signup_token(const unsigned char key[DB_MAIL_KEY_BYTES], long long campaign_id,
		  const char *address, const char *command, long day,
		  char out[SIGNUP_TOKEN_LEN + 1])
{
	/* The order codes' alphabet (judge/judge.c): no 0/O, 1/l/I. */
	static const char alphabet[] = "abcdefghjkmnpqrstuvwxyz23456789";
	unsigned char h[16];
	char msg[640];
	uint64_t v = 0;
	size_t i, n;

	n = (size_t)snprintf(msg, sizeof(msg), "mxjudge-confirm:%lld:%s:%s:%ld", campaign_id,
			     address, command, day);
	if (n >= sizeof(msg))
		n = sizeof(msg) - 1;
	/* Address and command match in any case, so the token does too. */
	for (i = 0; i < n; i++)
		msg[i] = (char)((msg[i] >= 'A' && msg[i] <= 'Z') ? msg[i] + 32 : msg[i]);
	crypto_generichash(h, sizeof(h), (const unsigned char *)msg, n, key, DB_MAIL_KEY_BYTES);
	for (i = 0; i < 8; i++)
		v |= (uint64_t)h[i] << (8 * i);
	for (i = 0; i < SIGNUP_TOKEN_LEN; i++) {
		out[i] = alphabet[v % (sizeof(alphabet) - 1)];
		v /= sizeof(alphabet) - 1;
	}
	out[SIGNUP_TOKEN_LEN] = '\0';
	sodium_memzero(h, sizeof(h));
}

int signup_token_check(const unsigned char key[DB_MAIL_KEY_BYTES], long long campaign_id,
		       const char *address, const char *command, const char *given, time_t now)
{
	char g[SIGNUP_TOKEN_LEN + 1], want[SIGNUP_TOKEN_LEN + 1];
	long day = (long)(now / (24 * 60 * 60));
	size_t i;
	int ok = 0, d;

	if (strlen(given) != SIGNUP_TOKEN_LEN)
		return 0;
	for (i = 0; i <= SIGNUP_TOKEN_LEN; i++)
		g[i] = (char)((given[i] >= 'A' && given[i] <= 'Z') ? given[i] + 32 : given[i]);
	/* Good on the day it was made and the next: a mail sent near midnight still counts. */
	for (d = 0; d < 2; d++) {
		signup_token(key, campaign_id, address, command, day - d, want);
		ok |= sodium_memcmp(g, want, SIGNUP_TOKEN_LEN) == 0;
	}
	sodium_memzero(want, sizeof(want));
	return ok;
}

/* The campaign's key, made when it has none yet (its order codes will use it too). */
static int signup_key(struct db *db, long long campaign_id, unsigned char key[DB_MAIL_KEY_BYTES],
		      char *err, size_t errlen)
{
	unsigned char fresh[DB_MAIL_KEY_BYTES];
	int rc = db_campaign_key(db, campaign_id, NULL, key, err, errlen);

	if (rc != DB_NOT_FOUND)
		return rc;
	if (sodium_init() < 0) {
		snprintf(err, errlen, "libsodium cannot start");
		return DB_ERROR;
	}
	randombytes_buf(fresh, sizeof(fresh));
	if (!(rc = db_begin(db, err, errlen))) {
		rc = db_campaign_key(db, campaign_id, fresh, key, err, errlen);
		rc = rc ? rc : db_commit(db, err, errlen);
		db_rollback(db);
	}
	sodium_memzero(fresh, sizeof(fresh));
	return rc;
}

/*
 * The double opt-in of command from sender, new to campaign c: 0 when
 * text has a CONFIRM line with its token (go on), 1 with *answer (a token
 * to send back, or the refusal of a wrong or stale one), or a DB_ code.
 */
static int signup_confirmed(struct db *db, const struct db_campaign *c, const char *sender,
			    const char *command, const char *text, time_t now, json_t **answer,
			    char *err, size_t errlen)
{
	unsigned char key[DB_MAIL_KEY_BYTES];
	char token[SIGNUP_TOKEN_LEN + 1], given[SIGNUP_TOKEN_LEN + 2];
	const char *p, *eol, *v;
	int rc, tried = 0, ok = 0;

	if ((rc = signup_key(db, c->id, key, err, errlen)))
		return rc;
	/* Bounded work: the first few CONFIRM lines, whatever the mail holds. */
	for (p = text; *p && tried < DESK_MAX_COMMANDS && !ok; p = *eol ? eol + 1 : eol) {
		size_t n;

		eol = p + strcspn(p, "\n");
		if (!secret_keyword(p, eol, "CONFIRM", &v))
			continue;
		n = strcspn(v, " \t\r\n#");
		tried++;
		if (n >= sizeof(given))
			continue;
		memcpy(given, v, n);
		given[n] = '\0';
		ok = signup_token_check(key, c->id, sender, command, given, now);
	}
	if (!ok)
		signup_token(key, c->id, sender, command, (long)(now / (24 * 60 * 60)), token);
	sodium_memzero(key, sizeof(key));
	sodium_memzero(given, sizeof(given));
	if (ok)
		return 0;
	/* A wrong token gets no new one: only a mail with the command alone asks for it. */
	*answer = json_pack("{s:b,s:b,s:s,s:s,s:s?,s:b}", "ok", 0, "confirm", 1, "campaign", c->name,
			    "command", command, "token", tried ? NULL : token, "wrong", tried > 0);
	sodium_memzero(token, sizeof(token));
	return *answer ? 1 : DB_ERROR;
}

int signup_vouch(struct db *db, const struct db_campaign *c, const struct db_captain *cap,
		 const char *sender, const char *command, const char *text, time_t now,
		 json_t **answer, char *err, size_t errlen)
{
	struct judge_settings s;
	struct db_seat *ships = NULL, *from;
	enum secret_kind kind;
	char pw[128], why[512], what[16];
	size_t n = 0, i;
	int rc, seated = 0, has_pw = cap && seat_mail_secret(text, 1, &kind, pw, sizeof(pw));

	sodium_memzero(pw, sizeof(pw));
	memset(&s, 0, sizeof(s));
	if (has_pw && (rc = db_seat_list(db, c->id, &ships, &n, err, errlen)))
		goto out;
	for (i = 0; i < n; i++)
		seated |= ships[i].captain_id == cap->id;
	/* A captain who commands no seat now has no password the guard can count: CONFIRM. */
	if (!seated) {
		rc = signup_confirmed(db, c, sender, command, text, now, answer, err, errlen);
		goto out;
	}
	/* The captain's PASSWORD, checked as for orders (lockout guard, wrong ones counted). */
	rc = DB_ERROR;
	if (judge_settings_parse(&s, c->settings, err, errlen))
		goto out;
	snprintf(what, sizeof(what), "%.*s", (int)strcspn(command, " "), command);
	rc = seat_auth_in(db, cap, c, &s, ships, n, text, sender, now, what, 1, &from, why,
			     sizeof(why), err, errlen);
	if (rc == 1 && !(*answer = signup_refused(c->name, why)))
		rc = DB_ERROR;
out:
	free(ships);
	judge_settings_release(&s);
	return rc;
}

const char *signup_other_side(const struct judge_settings *s, const struct db_seat *ships,
			      size_t n, long long captain_id, const char *side)
{
	size_t i;

	for (i = 0; side && side[0] && !s->mixed_sides && i < n; i++)
		if (ships[i].captain_id == captain_id && ships[i].team[0] &&
		    strcasecmp(ships[i].team, side))
			return ships[i].name;
	return NULL;
}

/*
 * Whether the campaign has room for the seat now, for captain cap (NULL:
 * a newcomer) on side spelled; why set when not.
 */
static void signup_room(struct db *db, const struct ruleset *game, const struct db_campaign *c,
			const struct judge_settings *s, const struct db_seat *ships, size_t n,
			size_t nall, const struct db_captain *cap, const char *seat,
			const char *spelled, char *why, size_t whylen)
{
	const char *mine = cap ? signup_other_side(s, ships, n, cap->id, spelled) : NULL;
	size_t i;

	if (strcmp(c->status, "open") || c->turn > 0)
		snprintf(why, whylen, "The campaign has started; it takes no more players.");
	else if (!cap && nall >= JUDGE_MAX_CAPTAINS)
		snprintf(why, whylen, "The campaign has all the captains it takes.");
	else if (mine)
		snprintf(why, whylen, "You command %s on another side: in this campaign a captain "
			 "plays one side only.", mine);
	else
		signup_fits(db, c, game, ships, n, seat, spelled, why, whylen);
	for (i = 0; !why[0] && i < n; i++)
		if (!strcasecmp(ships[i].name, seat))
			snprintf(why, whylen, "The campaign has a seat named %s already: pick another "
				 "name.", ships[i].name);
}

/* A captain's name for a newcomer: the display name, else the address's local part, else the seat's. */
static void signup_captain_name(struct db *db, long long campaign_id, const char *from_name,
				const char *sender, const char *seat, char *out, size_t len)
{
	const char *at = strchr(sender, '@');
	char local[DB_NAME_MAX], e[256];
	const char *tries[3];
	struct db_captain cap;
	int i;

	snprintf(local, sizeof(local), "%.*s", at ? (int)(at - sender) : 0, sender);
	tries[0] = from_name;
	tries[1] = local;
	tries[2] = seat;
	for (i = 0; i < 3; i++)
		if (tries[i] && *tries[i] && !names_check(NAMES_CAPTAIN, tries[i], "captain", e, sizeof(e)) &&
		    db_captain_get(db, campaign_id, tries[i], &cap, e, sizeof(e)) == DB_NOT_FOUND) {
			snprintf(out, len, "%s", tries[i]);
			return;
		}
	out[0] = '\0';
}

int signup_join(struct db *db, const struct db_captain *caps, size_t ncaps, const char *sender,
		const char *from_name, const char *campaign, const char *seat, const char *side,
		const char *text, long long mail_id, time_t now, json_t **answer, char *err,
		size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_captain cap;
	struct db_seat sh, *ships = NULL;
	struct db_captain *all = NULL;
	const struct ruleset *game;
	const char *spelled = "";
	struct outbox_mail m;
	json_t *data = NULL;
	char why[512] = "", pw[JUDGE_PASSWORD_LEN + 1] = "", hash[DB_HASH_MAX], when[DB_TIME_MAX];
	char key[96], subject[160], name[DB_NAME_MAX], command[320];
	size_t n = 0, nall = 0, i;
	int rc, existing = 0;

	*answer = NULL;
	memset(&s, 0, sizeof(s));
	rc = db_campaign_get(db, campaign, &c, err, errlen);
	if (rc == DB_NOT_FOUND) {
		*answer = signup_refused(campaign, "There is no campaign of that name (LIST shows them).");
		return *answer ? 0 : DB_ERROR;
	}
	if (rc)
		return rc;
	rc = DB_ERROR;
	if (judge_settings_parse(&s, c.settings, err, errlen))
		goto out;
	game = ruleset_find(c.ruleset);
	if (!s.signup_mail || s.duplicate || !game)
		snprintf(why, sizeof(why), "This campaign takes no sign-up by mail: write to its game "
			 "master.");
	else if (strcmp(c.status, "open") || c.turn > 0)
		snprintf(why, sizeof(why), "The campaign has started; it takes no more players.");
	else if (names_check(NAMES_SHIP, seat, "the seat's name", why, sizeof(why)))
		;
	else if (!(spelled = signup_side(game, side, why, sizeof(why))) && !why[0])
		snprintf(why, sizeof(why), "%s seats have no side: write JOIN NAME SEAT.", game->title);
	if (why[0])
		goto refused;
	for (i = 0; i < ncaps && !existing; i++)
		if (caps[i].campaign_id == c.id) {
			cap = caps[i];
			existing = 1;
		}
	/*
	 * Every JOIN by mail is vouched for: an address new to the campaign
	 * confirms first (a forged From seats nobody), a captain's carries the
	 * PASSWORD or confirms (a forged From of a captain seats nobody more).
	 * A JOIN that would be refused is refused now, before the token is
	 * asked for (read again under the lock below).
	 */
	if (text) {
		int again = 0;

		if ((rc = db_seat_list(db, c.id, &ships, &n, err, errlen)) ||
		    (rc = db_captain_list(db, c.id, &all, &nall, err, errlen)))
			goto out;
		/* The captain's own seat already (the same JOIN read again): said so below, as is. */
		for (i = 0; existing && i < n; i++)
			again |= !strcasecmp(ships[i].name, seat) && ships[i].captain_id == cap.id;
		if (!again)
			signup_room(db, game, &c, &s, ships, n, nall, existing ? &cap : NULL, seat,
				    spelled, why, sizeof(why));
		free(ships);
		free(all);
		ships = NULL;
		all = NULL;
		n = nall = 0;
		if (why[0])
			goto refused;
		snprintf(command, sizeof(command), "JOIN %s %s%s%s", c.name, seat,
			 side && *side ? " " : "", side && *side ? side : "");
		rc = again ? 0 : signup_vouch(db, &c, existing ? &cap : NULL, sender, command, text,
					      now, answer, err, errlen);
		if (rc) {
			rc = rc == 1 ? 0 : rc;
			goto out;
		}
	}
	rc = DB_ERROR;
	if (!existing) {
		signup_captain_name(db, c.id, from_name, sender, seat, name, sizeof(name));
		if (!name[0]) {
			snprintf(why, sizeof(why), "The campaign has a captain of that name already: pick "
				 "another seat name.");
			goto refused;
		}
		/* Hashing is slow: before the write lock. */
		judge_new_password(pw, sizeof(pw));
		if (judge_hash_password(pw, hash, sizeof(hash))) {
			snprintf(err, errlen, "cannot hash the password (out of memory?)");
			goto out;
		}
	}
	if ((rc = db_begin(db, err, errlen)))
		goto out;
	/* Read again under the lock: the campaign may have started meanwhile. */
	db_campaign_release(&c);
	if ((rc = db_campaign_get(db, campaign, &c, err, errlen)) ||
	    (rc = db_seat_list(db, c.id, &ships, &n, err, errlen)) ||
	    (rc = db_captain_list(db, c.id, &all, &nall, err, errlen)))
		goto fail;
	/* The same JOIN read again (a crash before its answer): joined already, nothing more. */
	for (i = 0; existing && i < n; i++)
		if (!strcasecmp(ships[i].name, seat) && ships[i].captain_id == cap.id) {
			db_rollback(db);
			*answer = json_pack("{s:b,s:s,s:s,s:s,s:s,s:b}", "ok", 1, "campaign", c.name,
					    "seat", ships[i].name, "side", ships[i].team, "captain",
					    cap.name, "new_captain", 0);
			rc = *answer ? 0 : DB_ERROR;
			goto out;
		}
	signup_room(db, game, &c, &s, ships, n, nall, existing ? &cap : NULL, seat, spelled, why,
		    sizeof(why));
	if (why[0]) {
		db_rollback(db);
		goto refused;
	}
	time_format_utc(now, when, sizeof(when));
	if (!existing) {
		memset(&cap, 0, sizeof(cap));
		cap.campaign_id = c.id;
		snprintf(cap.name, sizeof(cap.name), "%s", name);
		snprintf(cap.email, sizeof(cap.email), "%s", sender);
		snprintf(cap.pwhash, sizeof(cap.pwhash), "%s", hash);
		snprintf(cap.joined_at, sizeof(cap.joined_at), "%s", when);
		if ((rc = db_captain_add(db, &cap, err, errlen)))
			goto fail;
	}
	memset(&sh, 0, sizeof(sh));
	sh.campaign_id = c.id;
	sh.captain_id = cap.id;
	snprintf(sh.name, sizeof(sh.name), "%s", seat);
	snprintf(sh.team, sizeof(sh.team), "%s", spelled);
	/* A new seat's data is "{}": a new ship's record, to Hovercrafts (core/hovercrafts/record.h). */
	if ((rc = db_seat_add(db, &sh, err, errlen)))
		goto fail;
	/* The welcome: to the address that joined, which is now the captain's. */
	data = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s?,s:i,s:i,s:i,s:b}", "campaign", c.name,
			 "captain", cap.name, "seat", sh.name, "side", sh.team, "seat_word",
			 game->seat_word ? game->seat_word : "SEAT", "game", game->title, "man_page",
			 game->man_page ? game->man_page : "mxjudge-games(1)", "password",
			 pw[0] ? pw : NULL, "seats", (int)n + 1, "max_seats", game->max_seats,
			 "deadline_hours", s.deadline_hours, "early", s.early);
	if (!data) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
		goto fail;
	}
	snprintf(key, sizeof(key), "welcome/%lld/%lld", mail_id, sh.id);
	snprintf(subject, sizeof(subject), "%s: welcome, captain of %s", c.name, sh.name);
	memset(&m, 0, sizeof(m));
	m.campaign_id = c.id;
	m.kind = "welcome";
	m.key = key;
	m.recipient = cap.email;
	m.subject = subject;
	m.template = "welcome";
	m.template_dir = s.templates[0] ? s.templates : NULL;
	m.data = data;
	m.created_at = when;
	if ((rc = outbox_queue(db, &m, NULL, err, errlen)) || (rc = db_commit(db, err, errlen)))
		goto fail;
	*answer = json_pack("{s:b,s:s,s:s,s:s,s:s,s:b}", "ok", 1, "campaign", c.name, "seat", sh.name,
			    "side", sh.team, "captain", cap.name, "new_captain", !existing);
	rc = *answer ? 0 : DB_ERROR;
	goto out;
refused:
	*answer = signup_refused(c.name, why);
	rc = *answer ? 0 : DB_ERROR;
	goto out;
fail:
	db_rollback(db);
out:
	seat_forget_secret(pw, sizeof(pw), hash, sizeof(hash), data);
	free(ships);
	free(all);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return rc;
}

/* ---------- OBSERVE, UNOBSERVE ---------- */

int signup_observable(struct db *db, const char *name, const char *email, char *err,
		      size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_observer *list = NULL;
	size_t n = 0;
	int rc = db_campaign_get(db, name, &c, err, errlen), ok = 0;

	if (rc)
		return rc == DB_NOT_FOUND ? 0 : rc;
	if (email) {
		rc = db_observer_list(db, c.id, email, &list, &n, err, errlen);
		ok = !rc && n > 0;
		free(list);
	} else if (!judge_settings_parse(&s, c.settings, err, errlen)) {
		ok = s.signup_mail && strcmp(c.status, "finished");
		judge_settings_release(&s);
	}
	db_campaign_release(&c);
	return rc ? rc : ok;
}

int signup_observe(struct db *db, const struct db_captain *caps, size_t ncaps,
		   const char *campaign, const char *sender, int on, const char *text, time_t now,
		   json_t **answer, char *err, size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	char when[DB_TIME_MAX], command[160];
	const char *why = NULL;
	size_t i;
	int rc, known = 0;

	*answer = NULL;
	memset(&s, 0, sizeof(s));
	rc = db_campaign_get(db, campaign, &c, err, errlen);
	if (rc == DB_NOT_FOUND) {
		*answer = signup_refused(campaign, "There is no campaign of that name (LIST shows them).");
		return *answer ? 0 : DB_ERROR;
	}
	if (rc)
		return rc;
	rc = DB_ERROR;
	if (judge_settings_parse(&s, c.settings, err, errlen))
		goto out;
	if (on && (!s.signup_mail || !strcmp(c.status, "finished")))
		why = !s.signup_mail ? "This campaign takes no observers by mail: write to its game "
			"master." : "The campaign is over.";
	/* A run's bulletins would show the set's deal to its other runners. */
	if (on && !why) {
		int hidden = duplicate_run_private(db, &s, err, errlen);

		if (hidden < 0)
			goto out;
		if (hidden)
			why = "It is a run of a duplicate set: every run is dealt the same, so a "
			      "run is its runner's alone until the set closes.";
	}
	/* An address new to the campaign confirms first: a forged From floods nobody. */
	for (i = 0; i < ncaps; i++)
		known |= caps[i].campaign_id == c.id;
	if (on && !why && !known && text &&
	    (known = signup_observable(db, c.name, sender, err, errlen)) < 0) {
		rc = known;
		goto out;
	}
	snprintf(command, sizeof(command), "OBSERVE %s", c.name);
	if (on && !why && !known && text &&
	    (rc = signup_confirmed(db, &c, sender, command, text, now, answer, err, errlen))) {
		rc = rc == 1 ? 0 : rc;
		goto out;
	}
	rc = DB_ERROR;
	if (!why) {
		time_format_utc(now, when, sizeof(when));
		if ((rc = db_begin(db, err, errlen)))
			goto out;
		rc = on ? db_observer_add(db, c.id, sender, when, err, errlen)
			: db_observer_remove(db, c.id, sender, err, errlen);
		if (rc == DB_EXISTS || rc == DB_NOT_FOUND) {
			why = on ? "You get its bulletin already." : "You do not get its bulletin.";
			rc = 0;
		}
		if (rc || (rc = db_commit(db, err, errlen))) {
			db_rollback(db);
			goto out;
		}
		db_rollback(db);
	}
	*answer = why ? signup_refused(c.name, why)
		      : json_pack("{s:b,s:s,s:b}", "ok", 1, "campaign", c.name, "on", on);
	rc = *answer ? 0 : DB_ERROR;
out:
	db_campaign_release(&c);
	judge_settings_release(&s);
	return rc;
}
