/*
 * legendary states as cases and tools write them (R12.2): defaults filled
 * in, then checked: every card an instance of the pack, none in two
 * places, faces up or down, a known world, destroyed phones on phone slots.
 */
#include "core/legendary/legendary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/errbuf.h"

static const json_t *film_of(const struct legendary_pack *p, const json_t *settings)
{
	json_int_t film = json_integer_value(json_object_get(settings, "film"));

	return json_array_get(p->films, (size_t)(film ? film - 1 : 0));
}

/*
 * A state as cases write it (R12.2): missing fields take their defaults,
 * the row and the dock are padded, a CZ card given as a name is face up.
 */
static json_t *complete_state(const struct legendary_pack *p, const json_t *state, char *err,
			      size_t errlen)
{
	json_t *opts = json_object_get(state, "options"), *settings, *base, *out;
	const char *key;
	json_t *v, *row, *cz;
	size_t i;
	const json_t *f;

	if (!json_is_object(opts))
		opts = NULL;	/* no options given: the defaults */
	settings = json_pack("{s:O?,s:O?,s:b,s:O?,s:O?,s:O?}", "film", json_object_get(opts, "film"),
			     "avatar", json_object_get(opts, "avatar"), "nonce", 1,
			     "lang", json_object_get(opts, "lang"), "campaign", json_object_get(opts, "campaign"),
			     "attempts", json_object_get(opts, "attempts"));
	if (!json_is_integer(json_object_get(settings, "film")) && json_object_get(state, "film"))
		json_object_set(settings, "film", json_object_get(state, "film"));
	f = film_of(p, settings);
	if (!f) {
		json_decref(settings);
		errbuf_set(err, errlen, "legendary state: film %d is not in the pack",
			   (int)json_integer_value(json_object_get(settings, "film")));
		return NULL;
	}
	base = legendary_setup(p, settings, json_string_value(json_object_get(state, "name")) ?
			       json_string_value(json_object_get(state, "name")) : "game", NULL, err, errlen);
	json_decref(settings);
	if (!base)
		return NULL;
	out = json_incref(json_object_get(base, "state"));
	json_decref(base);
	json_object_set_new(out, "status", json_string("running"));
	{
		char av[48];
		const char *a = json_string_value(json_object_get(out, "avatar_id"));	/* the film's */

		snprintf(av, sizeof(av), "%s.1", a ? a : "");
		json_object_set_new(out, "avatar", json_string(av));
	}
	json_object_del(out, "avatar_id");
	json_object_foreach((json_t *)state, key, v)
		if (strcmp(key, "options"))
			json_object_set(out, key, v);
	if (opts)
		json_object_update(json_object_get(out, "options"), opts);
	row = json_object_get(out, "row");
	json_array_foreach(row, i, v)
		if (json_is_object(v) && !json_object_get(v, "face"))
			json_object_set_new(v, "face", json_string("down"));
	while (json_is_array(row) && json_array_size(row) < (size_t)p->board.nslots)
		json_array_append_new(row, json_null());
	while (json_is_array(json_object_get(out, "dock")) &&
	       json_array_size(json_object_get(out, "dock")) < (size_t)p->board.dock_slots)
		json_array_append_new(json_object_get(out, "dock"), json_null());
	cz = json_object_get(out, "combat_zone");
	json_array_foreach(cz, i, v)
		if (json_is_string(v))
			json_array_set_new(cz, i, json_pack("{s:O,s:s}", "card", v, "face", "up"));
	else
		json_object_set_new(v, "face", json_string("up"));
	return out;
}


/* An instance of the pack ("E-CLERK.2"), seen once (seen: a set). */
static int instance_ok(const struct legendary_pack *p, const json_t *v, json_t *seen, const char *where,
		       char *err, size_t errlen)
{
	const char *s = json_string_value(v), *dot;
	char *end;
	long n;

	if (!s || !(dot = strrchr(s, '.')) || !legendary_card(p, s, NULL) ||
	    (n = strtol(dot + 1, &end, 10)) < 1 || *end || n > 600) {
		errbuf_set(err, errlen, "legendary state: %s: not a card instance of the pack", where);
		return -1;
	}
	if (json_object_get(seen, s)) {
		errbuf_set(err, errlen, "legendary state: %s: %s is in two places", where, s);
		return -1;
	}
	json_object_set_new(seen, s, json_true());
	return 0;
}

int legendary_state_check(const struct legendary_pack *p, const json_t *st, char *err, size_t errlen)
{
	static const char *const piles[] = { "real_world", "operations", "zion", "hovercraft",
		"matrix_deck", "deck", "hand", "played", "discard", "wounds", "wound_deck",
		"wound_discard", "scars", "defeated_enemies", "defeated_heroes", "completed", "extras",
		"aside", NULL };
	static const char *const sublists[] = { "played_log", "act_defeated", "act_completed",
		"combos_used", "distracted", NULL };
	static const char *const ints[] = { "film", "attempt", "act", "turn", "time", "extra_moves",
		"unstated", NULL };
	json_t *seen = json_object();
	const json_t *v, *e, *pools = json_object_get(st, "pools");
	const char *world = json_string_value(json_object_get(st, "world"));
	const char *status = json_string_value(json_object_get(st, "status"));
	const char *key;
	size_t i, k;
	int rc = -1;

	if (!json_is_object(st)) {
		errbuf_set(err, errlen, "legendary state: expected an object");
		goto out;
	}
	for (k = 0; ints[k]; k++)
		if (!json_is_integer(json_object_get(st, ints[k])) ||
		    json_integer_value(json_object_get(st, ints[k])) < 0 ||
		    json_integer_value(json_object_get(st, ints[k])) > 100000) {
			errbuf_set(err, errlen, "legendary state: %s: expected a number", ints[k]);
			goto out;
		}
	if (json_integer_value(json_object_get(st, "act")) < 1 || json_integer_value(json_object_get(st, "act")) > 3 ||
	    !json_array_get(p->films, (size_t)json_integer_value(json_object_get(st, "film")) - 1)) {
		errbuf_set(err, errlen, "legendary state: act 1-3 of a film of the pack expected");
		goto out;
	}
	if (!world || (strcmp(world, "real") && strcmp(world, "matrix"))) {
		errbuf_set(err, errlen, "legendary state: world: expected real or matrix");
		goto out;
	}
	if (!status || (strcmp(status, "setup") && strcmp(status, "running") && strcmp(status, "over"))) {
		errbuf_set(err, errlen, "legendary state: status: expected setup, running or over");
		goto out;
	}
	if (!json_is_object(pools) || !json_is_integer(json_object_get(pools, "attack")) ||
	    !json_is_integer(json_object_get(pools, "recruit"))) {
		errbuf_set(err, errlen, "legendary state: pools: expected {\"attack\": N, \"recruit\": N}");
		goto out;
	}
	if (!json_is_object(json_object_get(st, "draws")) ||
	    (json_object_get(st, "offer") && !json_is_null(json_object_get(st, "offer")) &&
	     !json_is_string(json_object_get(st, "offer")))) {
		errbuf_set(err, errlen, "legendary state: draws or offer malformed");
		goto out;
	}
	json_object_foreach((json_t *)json_object_get(st, "draws"), key, v)
		if (!json_is_integer(v) || json_integer_value(v) < 0) {
			errbuf_set(err, errlen, "legendary state: draws: counts expected");
			goto out;
		}
	if (json_string_value(json_object_get(st, "avatar")) &&
	    instance_ok(p, json_object_get(st, "avatar"), seen, "avatar", err, errlen) < 0)
		goto out;
	for (k = 0; piles[k]; k++) {
		v = json_object_get(st, piles[k]);
		if (!json_is_array(v)) {
			errbuf_set(err, errlen, "legendary state: %s: expected a list", piles[k]);
			goto out;
		}
		json_array_foreach(v, i, e)
			if (instance_ok(p, e, seen, piles[k], err, errlen) < 0)
				goto out;
	}
	for (k = 0; sublists[k]; k++) {
		json_t *once = json_object();
		int bad = !json_is_array(json_object_get(st, sublists[k]));

		json_array_foreach(json_object_get(st, sublists[k]), i, e) {
			json_t *tmp = json_object();

			bad |= instance_ok(p, e, tmp, sublists[k], err, errlen) < 0 ||
			       (json_string_value(e) && json_object_get(once, json_string_value(e)));
			if (json_string_value(e))
				json_object_set_new(once, json_string_value(e), json_true());
			json_decref(tmp);
		}
		json_decref(once);
		if (bad) {
			errbuf_set(err, errlen, "legendary state: %s: a list of instances, each once", sublists[k]);
			goto out;
		}
	}
	v = json_object_get(st, "row");
	if (!json_is_array(v) || json_array_size(v) != (size_t)p->board.nslots) {
		errbuf_set(err, errlen, "legendary state: row: expected %d slots", p->board.nslots);
		goto out;
	}
	json_array_foreach(v, i, e) {
		const char *face = json_string_value(json_object_get(e, "face"));

		if (json_is_null(e))
			continue;
		if (!json_is_object(e) || !face || (strcmp(face, "up") && strcmp(face, "down"))) {
			errbuf_set(err, errlen, "legendary state: row: R%zu: null or {\"card\", \"face\": up|down}", i + 1);
			goto out;
		}
		if (instance_ok(p, json_object_get(e, "card"), seen, "row", err, errlen) < 0)
			goto out;
	}
	v = json_object_get(st, "combat_zone");
	if (!json_is_array(v)) {
		errbuf_set(err, errlen, "legendary state: combat_zone: expected a list");
		goto out;
	}
	json_array_foreach(v, i, e)
		if (!json_is_object(e) || instance_ok(p, json_object_get(e, "card"), seen, "combat_zone", err, errlen) < 0) {
			if (!json_is_object(e))
				errbuf_set(err, errlen, "legendary state: combat_zone: cards expected");
			goto out;
		}
	v = json_object_get(st, "dock");
	if (!json_is_array(v) || json_array_size(v) != (size_t)p->board.dock_slots) {
		errbuf_set(err, errlen, "legendary state: dock: expected %d slots", p->board.dock_slots);
		goto out;
	}
	json_array_foreach(v, i, e)
		if (!json_is_null(e) && instance_ok(p, e, seen, "dock", err, errlen) < 0)
			goto out;
	json_array_foreach(json_object_get(st, "destroyed_phones"), i, e) {
		json_int_t slot = json_integer_value(e);

		if (!json_is_integer(e) || slot < 1 || slot > p->board.nslots || !p->board.phone[slot - 1]) {
			errbuf_set(err, errlen, "legendary state: destroyed_phones: a phone slot expected");
			goto out;
		}
	}
	if (!json_is_array(json_object_get(st, "destroyed_phones")) || !json_is_array(json_object_get(st, "due"))) {
		errbuf_set(err, errlen, "legendary state: destroyed_phones and due are lists");
		goto out;
	}
	json_array_foreach(json_object_get(st, "due"), i, e)
		if (!json_is_object(e) || !json_is_string(json_object_get(e, "card")) ||
		    !json_is_string(json_object_get(e, "kind"))) {
			errbuf_set(err, errlen, "legendary state: due: {\"card\", \"kind\", ...} expected");
			goto out;
		}
	v = json_object_get(st, "pending_acts");
	if (v && !json_is_object(v)) {
		errbuf_set(err, errlen, "legendary state: pending_acts: expected an object");
		goto out;
	}
	json_object_foreach((json_t *)v, key, e) {
		if (!json_is_array(e) || (strcmp(key, "act2") && strcmp(key, "act3"))) {
			errbuf_set(err, errlen, "legendary state: pending_acts: act2 and act3 lists");
			goto out;
		}
		json_array_foreach(e, i, v)
			if (instance_ok(p, v, seen, "pending_acts", err, errlen) < 0)
				goto out;
		v = json_object_get(st, "pending_acts");
	}
	rc = 0;
out:
	json_decref(seen);
	return rc;
}

json_t *legendary_state_read(const struct legendary_pack *p, const json_t *state, char *err,
			     size_t errlen)
{
	json_t *full;

	if (!json_is_object(state)) {
		errbuf_set(err, errlen, "legendary state: expected an object");
		return NULL;
	}
	full = complete_state(p, state, err, errlen);
	if (full && legendary_state_check(p, full, err, errlen) < 0) {
		json_decref(full);
		return NULL;
	}
	return full;
}
