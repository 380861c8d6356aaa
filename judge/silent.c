/*
 * silent: what the judge does for seats that sent no orders, and what a
 * turn leaves in the seats, the same for every game: the forfeit and the
 * autopilot's orders sealed as a player's would be (so replay and verify
 * play the same turn), and each seat's own record (rs->turn_records).
 */
#include "silent.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/draw.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "lib/strbuf.h"

int play_turn_records(struct db *db, long long campaign_id, const struct ruleset *rs,
		      const json_t *outcome, char *err, size_t errlen)
{
	struct db_seat *seats = NULL;
	json_t *data = NULL, *got = NULL;
	char **was = NULL;
	size_t n = 0, i;
	int rc;

	if (!rs->turn_records)
		return 0;
	if ((rc = db_seat_list(db, campaign_id, &seats, &n, err, errlen)))
		return rc;
	rc = DB_ERROR;
	if (!(data = json_object()) || !(was = calloc(n + 1, sizeof(*was)))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		json_t *one;

		if ((rc = db_seat_data_get(db, seats[i].id, &was[i], err, errlen)))
			goto out;
		rc = DB_ERROR;
		one = json_loads(was[i] ? was[i] : "", 0, NULL);
		if (!json_is_object(one)) {
			snprintf(err, errlen, "seat %s: its data is not a JSON object: %.200s",
				 seats[i].name, was[i] ? was[i] : "");
			json_decref(one);
			goto out;
		}
		json_object_set_new(data, seats[i].name, one);
	}
	if (!(got = rs->turn_records(data, outcome, err, errlen)))
		goto out;
	rc = 0;
	for (i = 0; !rc && i < n; i++) {
		json_t *one = json_object_get(got, seats[i].name);
		char *text;

		if (!one)
			continue;
		if (!(text = json_dumps(one, JSON_COMPACT | JSON_PRESERVE_ORDER))) {
			snprintf(err, errlen, "out of memory");
			rc = DB_ERROR;
			break;
		}
		/* A record the turn left as it was is not written again (most turns: make bench figure 3). */
		if (!was[i] || strcmp(text, was[i]))
			rc = db_seat_data_set(db, seats[i].id, text, err, errlen);
		free(text);
	}
out:
	for (i = 0; was && i < n; i++)
		free(was[i]);
	free(was);
	json_decref(got);
	json_decref(data);
	free(seats);
	return rc;
}

/*
 * Seals orders the judge gives seat (a forfeit, the autopilot's) as a
 * player's would be: raw the text saying so, understood as read, reading
 * {SEAT: ORDERS}; adds them to plan, so replay and verify play the same
 * turn from the stored orders. A db code.
 */
static int seal_judge_orders(struct db *db, const struct db_campaign *c, const struct db_turn *t,
			     const char *seat, const char *raw, const char *understood,
			     const json_t *reading, json_t *plan, const char *now_text, char *err,
			     size_t errlen)
{
	unsigned char h[crypto_hash_sha256_BYTES];
	struct db_seat ship;
	struct db_order o;
	int rc;

	memset(&o, 0, sizeof(o));
	rc = db_seat_get(db, c->id, seat, &ship, err, errlen);
	if (rc == DB_NOT_FOUND) {
		snprintf(err, errlen, "campaign '%s', turn %d: nobody holds the seat '%s' the turn "
			 "waits for, so no orders can be sealed for it: join it ('mxjudge campaign "
			 "join %s ... --ship %s')", c->name, t->number, seat, c->name, seat);
		return DB_ERROR;
	}
	if (rc)
		return rc;
	crypto_hash_sha256(h, (const unsigned char *)raw, strlen(raw));
	sodium_bin2hex(o.digest, sizeof(o.digest), h, sizeof(h));
	o.turn_id = t->id;
	o.ship_id = ship.id;
	o.captain_id = ship.captain_id;
	snprintf(o.received_at, sizeof(o.received_at), "%s", now_text);
	o.raw = (char *)raw;
	o.understood = (char *)understood;
	o.reading = json_dumps(reading, JSON_COMPACT | JSON_PRESERVE_ORDER);
	if (!o.reading) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	rc = db_order_submit(db, &o, err, errlen);
	if (!rc)
		json_object_set(plan, seat, json_object_get(reading, seat));
	free(o.reading);
	return rc;
}

/*
 * Seals the judge's forfeit for each seat due that sent nothing (engine.h:
 * {"judge": "forfeit", "reason": "abandoned"}).
 */
int play_forfeit_silent(struct db *db, const struct db_campaign *c, const struct db_turn *t,
			const json_t *waiting, json_t *plan, int days, const char *now_text,
			char *err, size_t errlen)
{
	size_t i;
	int rc = 0;

	for (i = 0; !rc && i < json_array_size(waiting); i++) {
		const char *seat = json_string_value(json_array_get(waiting, i));
		json_t *reading;
		char text[160];

		if (!seat || json_object_get(plan, seat))
			continue;
		reading = json_pack("{s:{s:s,s:s}}", seat, "judge", "forfeit", "reason", "abandoned");
		snprintf(text, sizeof(text), "FORFEIT abandoned (the judge: no orders for %d days)",
			 days);
		if (!reading) {
			snprintf(err, errlen, "out of memory");
			return DB_ERROR;
		}
		rc = seal_judge_orders(db, c, t, seat, text, text, reading, plan, now_text, err, errlen);
		json_decref(reading);
	}
	return rc;
}

/*
 * Setting bot_plays_silent, for a game whose bot plans the silent seats
 * together (rs->bots): one call for every seat of waiting that sent nothing, each
 * seat's orders sealed with the text the game gave (or the judge's). Its
 * draws come from a stream of the campaign and turn, never the turn's.
 */
int play_bots_silent(struct db *db, const struct db_campaign *c, const struct ruleset *rs,
		     const struct db_turn *t, const json_t *before, const json_t *waiting,
		     json_t *plan, const char *now_text, char *err, size_t errlen)
{
	struct draw_seeded bs;
	struct draw_log blog;
	struct draw_source bsrc;
	json_t *silent = json_array(), *got = NULL, *v;
	char label[512];
	size_t i;
	int rc = 0;

	json_array_foreach(waiting, i, v)
		if (silent && json_is_string(v) && !json_object_get(plan, json_string_value(v)))
			json_array_append(silent, v);
	if (!silent) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	if (!json_array_size(silent))
		goto out;
	snprintf(label, sizeof(label), "mxjudge:autopilot:%s:%d", c->name, t->number);
	draw_log_init(&blog);
	draw_seeded_init(&bs, draw_seed_of(label), NULL, t->number);
	bsrc = draw_seeded_source(&bs, &blog);
	got = rs->bots(before, plan, silent, c->name, t->number, &bsrc, err, errlen);
	draw_log_release(&blog);
	if (!got) {
		rc = DB_ERROR;
		goto out;
	}
	json_array_foreach(silent, i, v) {
		const char *seat = json_string_value(v);
		json_t *one = json_object_get(got, seat), *reading;
		const char *text = json_string_value(json_object_get(one, "text"));
		const char *said = json_string_value(json_object_get(one, "understood"));
		char raw[256], *mine = NULL;
		struct strbuf own = STRBUF_INIT;

		if (!json_object_get(one, "orders"))
			continue;
		if (!text) {
			snprintf(raw, sizeof(raw), "; no orders were received: the autopilot plays %s\n",
				 seat);
			text = raw;
		}
		if (!said) {
			mine = json_dumps(json_object_get(one, "orders"),
					  JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
			strbuf_addf(&own, "AUTOPILOT %s\n", mine ? mine : "");
			said = strbuf_str(&own);
		}
		reading = json_pack("{s:O}", seat, json_object_get(one, "orders"));
		if (!reading || own.failed) {
			snprintf(err, errlen, "out of memory");
			rc = DB_ERROR;
		} else {
			rc = seal_judge_orders(db, c, t, seat, text, said, reading, plan, now_text, err,
					       errlen);
		}
		json_decref(reading);
		free(mine);
		strbuf_release(&own);
		if (rc)
			break;
	}
out:
	json_decref(got);
	json_decref(silent);
	return rc;
}

/*
 * Setting bot_plays_silent: the game's bot plays each seat due that sent
 * nothing; its orders are sealed with a text saying so and the reading
 * the bot gave. The bot draws from a stream of its own (seeded from the
 * campaign, turn and seat), never from the turn's: the turn's dice stay
 * what they are without it.
 */
int play_autopilot_silent(struct db *db, const struct db_campaign *c, const struct ruleset *rs,
			  const struct db_turn *t, const json_t *before, const json_t *waiting,
			  json_t *plan, const char *now_text, char *err, size_t errlen)
{
	size_t i;
	int rc = 0;

	for (i = 0; !rc && i < json_array_size(waiting); i++) {
		const char *seat = json_string_value(json_array_get(waiting, i));
		struct draw_seeded bs;
		struct draw_log blog;
		struct draw_source bsrc;
		struct strbuf said = STRBUF_INIT;
		json_t *reading;
		char raw[256], label[512], *mine;

		if (!seat || json_object_get(plan, seat))
			continue;
		snprintf(label, sizeof(label), "mxjudge:autopilot:%s:%d:%s", c->name, t->number, seat);
		draw_log_init(&blog);
		draw_seeded_init(&bs, draw_seed_of(label), NULL, t->number);
		bsrc = draw_seeded_source(&bs, &blog);
		reading = rs->bot(before, seat, &bsrc, err, errlen);
		draw_log_release(&blog);
		if (!json_object_get(reading, seat)) {
			if (reading)
				snprintf(err, errlen, "campaign '%s', turn %d: the autopilot gave no orders for %s",
					 c->name, t->number, seat);
			json_decref(reading);
			return DB_ERROR;
		}
		snprintf(raw, sizeof(raw), "; no orders were received: the autopilot plays %s\n", seat);
		mine = json_dumps(json_object_get(reading, seat),
				  JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
		strbuf_addf(&said, "AUTOPILOT %s\n", mine ? mine : "");
		if (!mine || said.failed) {
			snprintf(err, errlen, "out of memory");
			rc = DB_ERROR;
		} else {
			rc = seal_judge_orders(db, c, t, seat, raw, strbuf_str(&said), reading, plan,
					       now_text, err, errlen);
		}
		free(mine);
		strbuf_release(&said);
		json_decref(reading);
	}
	return rc;
}
