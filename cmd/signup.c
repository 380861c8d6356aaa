/*
 * JOIN by mail (cmd/signup.h). The checks are those of `campaign join`
 * (cmd/campaign.c), said to the sender instead of printed: the campaign
 * open for sign-up by mail and not started, the seat's name, its side,
 * room for it as the game says; a new captain gets a password, hashed
 * before the write lock, mailed once in the welcome mail.
 */
#include "signup.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/names.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "db/desk.h"
#include "judge.h"
#include "lib/strbuf.h"
#include "outbox.h"
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

	/* Hovercrafts: a side has at most a seat per row of the board (signup_fits). */
	for (p = game->sides; game == &hovercrafts_ruleset && p && *p; p++)
		sides++;
	if (sides && sides * s->height < most)
		most = sides * s->height;
	return most;
}

/* Room for the seat, as the game says: 0, or 1 with why. */
static int signup_fits(const struct ruleset *game, const struct judge_settings *s,
		       const struct db_ship *ships, size_t n, const char *name, const char *side,
		       char *why, size_t whylen)
{
	json_t *seats = json_array(), *seat;
	size_t i;
	int same = 0, rc = 0;

	for (i = 0; i < n; i++)
		same += !strcmp(ships[i].team, side);
	if ((int)n >= game->max_seats ||
	    (game == &hovercrafts_ruleset && (same >= s->height || n >= GAME_MAX_SHIPS))) {
		snprintf(why, whylen, "There is no room for another seat%s%s.", side[0] ? " on side " : "",
			 side);
		json_decref(seats);
		return 1;
	}
	for (i = 0; seats && i < n; i++)
		json_array_append_new(seats, json_pack("{s:s,s:s}", "name", ships[i].name, "side",
						       ships[i].team));
	seat = json_pack("{s:s,s:s,s:{}}", "name", name, "side", side, "data");
	if (game->check_seat && game->check_seat(s->game, seats, seat, why, whylen) < 0)
		rc = 1;
	json_decref(seats);
	json_decref(seat);
	return rc;
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
		long long mail_id, time_t now, json_t **answer, char *err, size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_captain cap;
	struct db_ship sh, *ships = NULL;
	struct db_captain *all = NULL;
	const struct ruleset *game;
	const char *spelled = "";
	struct outbox_mail m;
	json_t *data = NULL;
	char why[512] = "", pw[JUDGE_PASSWORD_LEN + 1] = "", hash[DB_HASH_MAX], when[DB_TIME_MAX];
	char key[96], subject[160], name[DB_NAME_MAX];
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
	    (rc = db_ship_list(db, c.id, &ships, &n, err, errlen)) ||
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
	if (strcmp(c.status, "open") || c.turn > 0)
		snprintf(why, sizeof(why), "The campaign has started; it takes no more players.");
	else if (!existing && nall >= JUDGE_MAX_CAPTAINS)
		snprintf(why, sizeof(why), "The campaign has all the captains it takes.");
	else
		signup_fits(game, &s, ships, n, seat, spelled, why, sizeof(why));
	for (i = 0; !why[0] && i < n; i++)
		if (!strcasecmp(ships[i].name, seat))
			snprintf(why, sizeof(why), "The campaign has a seat named %s already: pick another "
				 "name.", ships[i].name);
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
	if (game == &hovercrafts_ruleset) {
		sh.hull = 3;
		sh.shield = sh.ballistic = sh.energy = 1;
	}
	if ((rc = db_ship_add(db, &sh, err, errlen)))
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
	sodium_memzero(pw, sizeof(pw));
	sodium_memzero(hash, sizeof(hash));
	if (data)
		json_object_del(data, "password");
	json_decref(data);
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

int signup_observe(struct db *db, const char *campaign, const char *sender, int on, time_t now,
		   json_t **answer, char *err, size_t errlen)
{
	struct db_campaign c;
	struct judge_settings s;
	char when[DB_TIME_MAX];
	const char *why = NULL;
	int rc;

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
