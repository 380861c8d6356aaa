/*
 * One alternative of an action slot carried out, or the reason it cannot
 * be (R6-R12), and the guards that choose among alternatives (R15.2).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/play.h"
#include "lib/errbuf.h"

/* ---------- actions (R6-R12) ---------- */

/* Why an alternative cannot be done, for the story (len 0: a quiet step tells nothing). */
static void not_done(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!len)
		return;
	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
}

/* Arrival in a zone: ENTER overwatch, then clutter (R6.3, R8.2). */
static int arrive(struct it *it, json_t *c, const char *z, int crawl)
{
	json_object_set_new(c, "zone", json_string(z));
	json_object_set_new(c, "cover", json_null());
	it_disengage_all(it, c);
	it_say(it, "%s %s to %s", nm(c), crawl ? "crawls" : "moves", z);
	if (it_overwatch_fire(it, c, "ENTER") < 0)
		return -1;
	if (!crawl && active(c) && it_has_feature(it, z, "CLUTTERED")) {
		struct roll r;

		if (it_skill_roll(it, c, "mobility", 0, 0, "(cluttered)", "", "MOVE", NULL, &r) < 0)
			return -1;
		if (!r.succ) {
			json_object_set_new(c, "prone", json_true());
			it_say(it, "%s stumbles in the clutter and falls prone", nm(c));
		}
		return it_pay_pushes(it);
	}
	return 0;
}

static json_t *target_of(struct it *it, json_t *c, const char *name, int ranged, json_t *w)
{
	json_t *best = NULL;
	size_t i;
	int best_r = 99;

	if (strcmp(name, "NEAREST"))
		return by_name(it, name);
	for (i = 0; i < ncharacters(it); i++) {
		json_t *o = chr(it, i);
		int r;

		if (!active(o) || !enemies(o, c))
			continue;
		if (!ranged) {
			if (engaged_with(c, o))
				return o;
			continue;
		}
		r = it_range_between(it, c, o);
		if (r <= it_weapon_of(w).range && it_line_of_sight(it, gs(c, "zone"), gs(o, "zone")) && r < best_r) {
			best = o;
			best_r = r;
		}
	}
	return best;
}

/* The weapon of an attack: named (drawn or Unarmed), else drawn close weapon, else NULL (Unarmed). */
static int close_weapon(json_t *c, json_t *alt, json_t **w, char *why, size_t len)
{
	const char *named = json_string_value(json_object_get(alt, "weapon"));

	*w = NULL;
	if (named && strcasecmp(named, "Unarmed")) {
		if (strcasecmp(named, gs(c, "drawn"))) {
			not_done(why, len, "%s is not drawn", named);
			return 0;
		}
		*w = it_drawn(c);
		if (!it_is_close_weapon(*w)) {
			not_done(why, len, "%s is no close combat weapon", named);
			return 0;
		}
		return 1;
	}
	if (!named && it_is_close_weapon(it_drawn(c)))
		*w = it_drawn(c);
	return 1;
}

/* One alternative carried out (it_perform, below). */
static int carry_out(struct it *it, json_t *c, json_t *alt, char *why, size_t len)
{
	const char *act = gs(alt, "act");
	int slow = it_act_is_slow(act), prone = json_is_true(json_object_get(c, "prone"));
	json_t *t;

	if (!strcmp(act, "MOVE") && it_injury_mod(c, "slowmove"))
		slow = 1;
	if (!strcmp(act, "HOLD")) {
		it_say(it, "%s holds", nm(c));
		return 1;
	}
	/* A player may name a character that does not exist (R15.7, issue 28 item 8). */
	if (*gs(alt, "target") && strcmp(gs(alt, "target"), "NEAREST") && !by_name(it, gs(alt, "target"))) {
		not_done(why, len, "%s is nowhere in sight", gs(alt, "target"));
		return 0;
	}
	if (json_is_string(json_object_get(c, "grappled_by")) && strcmp(act, "BREAK FREE")) {
		not_done(why, len, "grappled (only BREAK FREE)");
		return 0;
	}
	if (json_is_string(json_object_get(c, "grappling")) && strcmp(act, "PUMMEL") && strcmp(act, "RELEASE")) {
		not_done(why, len, "grappling (only PUMMEL or RELEASE)");
		return 0;
	}
	/* The helped action's kind (R5.5). */
	it->help_for = NULL;
	if (!strcmp(act, "ATTACK") || !strcmp(act, "FINISH") || !strcmp(act, "SHOOT") || !strcmp(act, "THROW") ||
	    !strcmp(act, "AUTO") || !strcmp(act, "HEAL") || !strcmp(act, "RETREAT") || !strcmp(act, "GRAPPLE")) {
		it->help_for = c;
		it->help_slow = slow;
	}
	if (!it_can_spend(it, c, slow)) {
		not_done(why, len, slow ? "no slow action left" : "no action left");
		return 0;
	}
	if (!strcmp(act, "MOVE") || !strcmp(act, "CRAWL")) {
		const char *z = gs(alt, "zone");
		char step[64] = "";
		int crawl = !strcmp(act, "CRAWL");

		if (crawl && json_is_string(json_object_get(alt, "target"))) {
			t = by_name(it, gs(alt, "target"));
			if (!prone)
				return not_done(why, len, "not prone (ENGAGE instead)"), 0;
			goto engage;
		}
		if (!crawl && prone)
			return not_done(why, len, "prone (crawl or stand first)"), 0;
		if (crawl && !prone)
			return not_done(why, len, "not prone"), 0;
		if (it_engaged_active(it, c))
			return not_done(why, len, "engaged (RETREAT instead)"), 0;
		if (json_is_true(json_object_get(alt, "toward"))) {
			if (!strcmp(gs(c, "zone"), z))
				return not_done(why, len, "already there"), 0;
			if (it_distance(it, gs(c, "zone"), z, 1, step, sizeof(step)) < 1)
				return not_done(why, len, "no way through"), 0;
			z = step;
		} else if (!it_passable(it_border(it, gs(c, "zone"), z))) {
			return not_done(why, len, "no open way from %s to %s", gs(c, "zone"), z), 0;
		}
		it_spend(it, c, slow);
		it_lose_position(c);
		return arrive(it, c, z, crawl) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "ENGAGE")) {
		t = by_name(it, gs(alt, "target"));
		if (prone)
			return not_done(why, len, "prone (crawl or stand first)"), 0;
engage:
		if (!t || !enemies(c, t) || !(active(t) || is_status(t, "broken")) ||
		    strcmp(gs(t, "zone"), gs(c, "zone")))
			return not_done(why, len, "%s is no enemy in this zone", t ? nm(t) : "?"), 0;
		if (engaged_with(c, t))
			return not_done(why, len, "already engaged with %s", nm(t)), 0;
		it_spend(it, c, slow);
		it_lose_position(c);
		json_object_set_new(c, "cover", json_null());
		it_engage(c, t);
		it_say(it, "%s engages %s", nm(c), nm(t));
		return 1;
	}
	if (!strcmp(act, "DISENGAGE")) {
		if (!json_array_size(json_object_get(c, "engaged")))
			return not_done(why, len, "not engaged"), 0;
		if (it_engaged_active(it, c))
			return not_done(why, len, "engaged with an active opponent (RETREAT instead)"), 0;
		it_spend(it, c, 0);
		it_lose_position(c);
		json_object_set_new(c, "cover", json_null());
		it_disengage_all(it, c);
		it_say(it, "%s disengages", nm(c));
		return 1;
	}
	if (!strcmp(act, "RETREAT")) {
		const char *z = json_string_value(json_object_get(alt, "zone"));
		struct roll r;

		if (prone)
			return not_done(why, len, "prone"), 0;
		if (!it_engaged_active(it, c))
			return not_done(why, len, "not engaged with an active opponent (MOVE instead)"), 0;
		if (z && !strcmp(z, "OUT") && !json_is_true(json_object_get(it_zone(it, gs(c, "zone")), "exit")))
			return not_done(why, len, "%s is no exit", gs(c, "zone")), 0;
		if (z && strcmp(z, "OUT") && !it_passable(it_border(it, gs(c, "zone"), z)))
			return not_done(why, len, "no open way to %s", z), 0;
		it_spend(it, c, 0);
		it_lose_position(c);
		json_object_set_new(c, "cover", json_null());
		if (it_skill_roll(it, c, "mobility", 0, 0, "(retreat)", "", "MOVE", NULL, &r) < 0)
			return -1;
		if (!r.succ) {
			json_t *order[MAXC];
			size_t n = it_initiative(it, order), i;

			for (i = 0; i < n && active(c); i++) {
				json_t *o = order[i];

				if (active(o) && enemies(o, c) && engaged_with(o, c) &&
				    json_is_null(json_object_get(o, "grappled_by"))) {
					json_t *ow = it_is_close_weapon(it_drawn(o)) ? it_drawn(o) : NULL;

					it_say(it, "%s gets a free attack on the retreating %s", nm(o), nm(c));
					if (it_melee(it, o, c, ow, NULL, 1, 0, 0) < 0)
						return -1;
				}
			}
		}
		if (it_pay_pushes(it) < 0)
			return -1;
		if (!active(c))
			return 1;
		if (!z) {
			it_disengage_all(it, c);
			it_say(it, "%s retreats to Short range", nm(c));
			return 1;
		}
		if (!strcmp(z, "OUT")) {
			it_disengage_all(it, c);
			json_object_set_new(c, "status", json_string("fled"));
			it_say(it, "%s retreats off the map", nm(c));
			return 1;
		}
		return arrive(it, c, z, 0) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "STAND")) {
		if (!prone)
			return not_done(why, len, "not prone"), 0;
		it_spend(it, c, 0);
		it_lose_position(c);
		json_object_set_new(c, "prone", json_false());
		it_say(it, "%s stands up", nm(c));
		return 1;
	}
	if (!strcmp(act, "DRAW")) {
		json_t *w = it_weapon_named(c, gs(alt, "weapon"));

		if (!w)
			return not_done(why, len, "no such weapon carried"), 0;
		if (!strcasecmp(gs(c, "drawn"), gs(w, "name")))
			return not_done(why, len, "already drawn"), 0;
		it_spend(it, c, 0);
		it_lose_position(c);
		json_object_set_new(c, "drawn", json_string(gs(w, "name")));
		it_say(it, "%s draws the %s", nm(c), gs(w, "name"));
		return 1;
	}
	if (!strcmp(act, "AIM") || !strcmp(act, "AIM SLOW")) {
		json_t *w = it_drawn(c);

		if (!it_is_gun(w))
			return not_done(why, len, "no gun drawn"), 0;
		if (slow && !json_is_true(json_object_get(w, "scope")))
			return not_done(why, len, "no telescopic sight"), 0;
		it_spend(it, c, slow);
		json_object_set_new(c, "overwatch", json_null());
		si(c, "aim", slow ? 3 : 2);
		if (slow)
			si(c, "aim_round", it->round);
		it_say(it, "%s aims (+%d)", nm(c), slow ? 3 : 2);
		return 1;
	}
	if (!strcmp(act, "OVERWATCH")) {
		json_t *w = it_drawn(c);
		const char *z = gs(alt, "zone");

		if (!it_is_gun(w))
			return not_done(why, len, "no gun drawn"), 0;
		if (it_engaged_active(it, c))
			return not_done(why, len, "engaged"), 0;
		if (!it_line_of_sight(it, gs(c, "zone"), z))
			return not_done(why, len, "%s is out of sight", z), 0;
		it_spend(it, c, 0);
		si(c, "aim", 0);
		json_object_set_new(c, "overwatch", json_pack("{s:s,s:s,s:O}", "zone", z, "on", gs(alt, "on"),
				    "only", json_object_get(alt, "only") ? json_object_get(alt, "only") : json_null()));
		it_say(it, "%s watches %s (on %s)", nm(c), z, gs(alt, "on"));
		return 1;
	}
	if (!strcmp(act, "COVER")) {
		json_t *best = NULL, *item;
		size_t i;

		json_array_foreach(json_object_get(it_zone(it, gs(c, "zone")), "cover"), i, item) {
			if (json_is_string(json_object_get(alt, "item"))) {
				if (!strcasecmp(gs(item, "id"), gs(alt, "item")))
					best = item;
			} else if (!best || gi(item, "rating") > gi(best, "rating"))
				best = item;
		}
		if (!best || gi(best, "rating") <= 0)
			return not_done(why, len, "no such cover here"), 0;
		it_spend(it, c, 0);
		it_lose_position(c);
		json_object_set_new(c, "cover", json_string(gs(best, "id")));
		it_say(it, "%s takes cover behind the %s (%ld)", nm(c), gs(best, "name"), gi(best, "rating"));
		return 1;
	}
	if (!strcmp(act, "OPEN") || !strcmp(act, "SHUT")) {
		json_t *br = it_border(it, gs(c, "zone"), gs(alt, "zone"));
		int open = !strcmp(act, "OPEN");

		if (!br || strcmp(gs(br, "type"), "door"))
			return not_done(why, len, "no door to %s", gs(alt, "zone")), 0;
		if (!strcmp(gs(br, "door"), "locked"))
			return not_done(why, len, "the door is locked"), 0;
		if (!strcmp(gs(br, "door"), open ? "open" : "closed"))
			return not_done(why, len, "the door is already %s", open ? "open" : "shut"), 0;
		it_spend(it, c, 0);
		it_lose_position(c);
		json_object_set_new(br, "door", json_string(open ? "open" : "closed"));
		it_say(it, "%s %s the door to %s", nm(c), open ? "opens" : "shuts", gs(alt, "zone"));
		return 1;
	}
	if (!strcmp(act, "ATTACK") || (!strcmp(act, "FINISH") && !it_is_gun(it_drawn(c)))) {
		json_t *w;
		int finish = !strcmp(act, "FINISH");

		t = target_of(it, c, gs(alt, "target"), 0, NULL);
		if (!t)
			return not_done(why, len, "no %s enemy is engaged with %s", finish ? "broken" : "active",
					nm(c)), 0;
		if (!enemies(c, t) || !engaged_with(c, t) || !(finish ? is_status(t, "broken") : active(t)))
			return not_done(why, len, "%s is no %s enemy engaged with %s", nm(t),
					finish ? "broken" : "active", nm(c)), 0;
		if (!close_weapon(c, alt, &w, why, len))
			return 0;
		if (w && it_weapon_of(w).two_handed && it_injury_mod(c, "no2h"))
			return not_done(why, len, "a two-handed weapon cannot be wielded with that injury"), 0;
		it_spend(it, c, 1);
		it_lose_position(c);
		if (it_overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c) || !(finish ? is_status(t, "broken") : active(t)) || !engaged_with(c, t)) {
			it_say(it, "%s's attack on %s is lost", nm(c), nm(t));
			return 1;
		}
		return it_melee(it, c, t, w, json_object_get(alt, "using"), 0, finish, 0) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "SHOOT") || !strcmp(act, "FINISH")) {
		json_t *w = it_drawn(c);
		const char *named = json_string_value(json_object_get(alt, "weapon"));
		int finish = !strcmp(act, "FINISH"), rng;

		if (named && strcasecmp(named, gs(c, "drawn")))
			return not_done(why, len, "%s is not drawn", named), 0;
		if (!it_is_gun(w))
			return not_done(why, len, "no gun drawn"), 0;
		if (it_weapon_of(w).two_handed && it_injury_mod(c, "no2h"))
			return not_done(why, len, "a two-handed weapon cannot be wielded with that injury"), 0;
		if (json_is_integer(json_object_get(w, "loaded")) ? gi(w, "loaded") <= 0
		    : !strcmp(it_weapon_of(w).family, "single"))
			return not_done(why, len, "the %s is not loaded", gs(w, "name")), 0;
		if (gi(c, "aim") == 3 && gi(c, "aim_round") == it->round)
			return not_done(why, len, "aimed slowly this round"), 0;
		t = target_of(it, c, gs(alt, "target"), 1, w);
		if (!t)
			return not_done(why, len, "no %s enemy is in range", finish ? "broken" : "active"), 0;
		if (!enemies(c, t) || !(finish ? is_status(t, "broken") : active(t)))
			return not_done(why, len, "%s is no %s enemy", nm(t), finish ? "broken" : "active"), 0;
		rng = it_range_between(it, c, t);
		if (rng > it_weapon_of(w).range)
			return not_done(why, len, "%s is out of range (%c)", nm(t), rng <= R_X ? it_range_letter[rng] : '-'), 0;
		if (!it_line_of_sight(it, gs(c, "zone"), gs(t, "zone")))
			return not_done(why, len, "%s is out of sight", nm(t)), 0;
		it_spend(it, c, 1);
		json_object_set_new(c, "overwatch", json_null());
		if (it_overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c) || !(finish ? is_status(t, "broken") : active(t))) {
			it_say(it, "%s's shot at %s is lost", nm(c), nm(t));
			return 1;
		}
		if (json_is_true(json_object_get(c, "pinned"))) {
			json_object_set_new(c, "pinned", json_false());
			it_say(it, "%s is pinned: the shot at %s is lost", nm(c), nm(t));
			return 1;
		}
		return it_shoot(it, c, t, w, json_object_get(alt, "using"), 0, finish) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "RELOAD")) {
		json_t *w = json_object_get(alt, "weapon") ? it_weapon_named(c, gs(alt, "weapon")) : it_drawn(c);
		struct wstat s = it_weapon_of(w);
		const char *ammo = s.ammo ? s.ammo : "";

		if (!w || strcmp(s.family, "firearm"))
			return not_done(why, len, "nothing to reload"), 0;
		if (!json_is_integer(json_object_get(w, "loaded")) || gi(w, "loaded") >= s.mag)
			return not_done(why, len, "the magazine is full"), 0;
		if (gi(json_object_get(c, "supply"), ammo) < 1)
			return not_done(why, len, "no %s left", ammo), 0;
		it_spend(it, c, 1);
		it_lose_position(c);
		si(json_object_get(c, "supply"), ammo, gi(json_object_get(c, "supply"), ammo) - 1);
		si(w, "loaded", s.mag);
		it_say(it, "%s reloads the %s (%s supply %ld)", nm(c), gs(w, "name"), ammo,
		    gi(json_object_get(c, "supply"), ammo));
		return 1;
	}
	if (!strcmp(act, "HEAL")) {
		const char *mode = json_string_value(json_object_get(alt, "mode"));
		json_t *inj = NULL, *v;
		struct roll r;
		size_t i;
		int medkit = (int)gi(json_object_get(c, "gear"), "medkit");

		t = by_name(it, gs(alt, "target"));
		if (!t || strcmp(gs(t, "zone"), gs(c, "zone")) || t == c)
			return not_done(why, len, "%s is not here", t ? nm(t) : "?"), 0;
		json_array_foreach(json_object_get(t, "injuries"), i, v)
			if (json_is_true(json_object_get(v, "lethal")) && !strcmp(gs(v, "limit"), "round") &&
			    !json_is_true(json_object_get(v, "heal_locked")) && !inj)
				inj = v;
		if (!mode)
			mode = inj ? "WOUND" : "UP";
		if (!strcmp(mode, "WOUND") && !inj)
			return not_done(why, len, "no dying wound to stabilise"), 0;
		if (!strcmp(mode, "UP") && !is_status(t, "broken"))
			return not_done(why, len, "%s is not broken", nm(t)), 0;
		if (!strcmp(mode, "UP") && it_injury_mod(t, "catatonic"))
			return not_done(why, len, "%s is catatonic", nm(t)), 0;
		it_spend(it, c, 1);
		it_lose_position(c);
		if (it_skill_roll(it, c, "healing", medkit, 0, !strcmp(mode, "UP") ? "(revive)" : "(stabilise)", "",
			       "HEAL", NULL, &r) < 0)
			return -1;
		if (!strcmp(mode, "WOUND")) {
			if (r.succ) {
				json_object_set_new(inj, "limit", json_string("stretch"));
				it_say(it, "%s stabilises %s's %s", nm(c), nm(t), gs(inj, "name"));
			} else {
				json_object_set_new(inj, "heal_locked", json_true());
				it_say(it, "%s fails to stabilise %s", nm(c), nm(t));
			}
		} else {
			int k;
			const char *by = gs(t, "broken_by");

			for (k = 0; k < r.succ; k++) {
				if (!strcmp(by, "health") || !strcmp(by, "resolve")) {
					json_t *tr = json_object_get(t, !strcmp(by, "health") ? "health" : "resolve");
					si(tr, "value", gi(tr, "value") + 1);
				} else {
					json_t *cd = json_object_get(t, "conditions");
					si(cd, by, gi(cd, by) - 1 < 0 ? 0 : gi(cd, by) - 1);
				}
			}
			if (gi(json_object_get(t, "health"), "value") > 0 && gi(json_object_get(t, "resolve"), "value") > 0 &&
			    gi(json_object_get(t, "conditions"), "physical") < 4 && gi(json_object_get(t, "conditions"), "mental") < 4) {
				json_object_set_new(t, "status", json_string("active"));
				json_object_set_new(t, "broken_by", json_null());
				it_say(it, "%s revives %s", nm(c), nm(t));
			} else {
				it_say(it, "%s is still broken", nm(t));
			}
		}
		return it_pay_pushes(it) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "BREAK")) {
		json_t *br = it_border(it, gs(c, "zone"), gs(alt, "zone")), *w = it_drawn(c);
		int gear = it_is_close_weapon(w) ? it_weapon_of(w).bonus : 0;
		struct roll r;
		char what[96];

		if (!br || strcmp(gs(br, "type"), "door") || !strcmp(gs(br, "door"), "open"))
			return not_done(why, len, "no shut door to %s", gs(alt, "zone")), 0;
		it_spend(it, c, 1);
		it_lose_position(c);
		snprintf(what, sizeof(what), "(breaking the door to %s)", gs(alt, "zone"));
		if (it_skill_roll(it, c, "melee", gear, 0, what, "", "DOOR", gear ? gs(w, "name") : NULL, &r) < 0)
			return -1;
		if (r.succ) {
			long tough = (json_is_integer(json_object_get(br, "toughness")) ? gi(br, "toughness") : 2) - r.succ;

			si(br, "toughness", tough < 0 ? 0 : tough);
			if (tough <= 0) {
				json_object_set_new(br, "door", json_string("open"));
				json_object_set_new(br, "type", json_string("open"));
				it_say(it, "The door to %s breaks open for good", gs(alt, "zone"));
			} else {
				it_say(it, "The door to %s holds (toughness %ld)", gs(alt, "zone"), tough);
			}
		}
		return it_pay_pushes(it) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "PICK UP")) {
		json_t *floor = json_object_get(it_zone(it, gs(c, "zone")), "floor"), *w = NULL;
		size_t i;

		json_array_foreach(floor, i, w)
			if (!strcasecmp(gs(w, "name"), gs(alt, "weapon")))
				break;
		if (i >= json_array_size(floor))
			return not_done(why, len, "no %s on the floor here", gs(alt, "weapon")), 0;
		if (it_weapon_named(c, gs(w, "name")))
			return not_done(why, len, "already carries a %s", gs(w, "name")), 0;
		it_spend(it, c, 0);
		it_lose_position(c);
		json_array_append(json_object_get(c, "weapons"), w);
		it_say(it, "%s picks up the %s", nm(c), gs(w, "name"));
		json_array_remove(floor, i);
		return 1;
	}
	if (!strcmp(act, "READY")) {
		json_t *w = it_drawn(c);
		struct wstat ws = it_weapon_of(w);

		if (!w || strcmp(ws.family, "single"))
			return not_done(why, len, "no bow or sling drawn"), 0;
		if (gi(w, "loaded") >= 1)
			return not_done(why, len, "already readied"), 0;
		if (gi(json_object_get(c, "supply"), ws.ammo ? ws.ammo : "") < 1)
			return not_done(why, len, "no %s left", ws.ammo ? ws.ammo : "missiles"), 0;
		it_spend(it, c, 0);
		/* An action: it ends overwatch and the aim (R5.4, R9.4; issue 30). */
		json_object_set_new(c, "overwatch", json_null());
		si(c, "aim", 0);
		si(w, "loaded", 1);
		it_say(it, "%s readies the %s", nm(c), gs(w, "name"));
		return 1;
	}
	if (!strcmp(act, "THROW")) {
		json_t *w = it_weapon_named(c, gs(alt, "weapon"));
		struct wstat ws = it_weapon_of(w);
		int rng;

		t = by_name(it, gs(alt, "target"));
		if (!w || strcasecmp(gs(c, "drawn"), gs(w, "name")) || strcmp(ws.family, "thrown") || ws.bonus <= 0)
			return not_done(why, len, "no thrown weapon %s drawn", gs(alt, "weapon")), 0;
		if (!t || !enemies(c, t) || !active(t))
			return not_done(why, len, "%s is no active enemy", t ? nm(t) : "?"), 0;
		rng = it_range_between(it, c, t);
		if (rng > ws.range)
			return not_done(why, len, "%s is out of range", nm(t)), 0;
		if (!it_line_of_sight(it, gs(c, "zone"), gs(t, "zone")))
			return not_done(why, len, "%s is out of sight", nm(t)), 0;
		it_spend(it, c, 1);
		json_object_set_new(c, "overwatch", json_null());
		if (it_overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c) || !active(t)) {
			it_say(it, "%s's throw at %s is lost", nm(c), nm(t));
			return 1;
		}
		return it_throw_at(it, c, t, w, json_object_get(alt, "using")) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "AUTO")) {
		json_t *w = it_drawn(c), *names = json_object_get(alt, "targets");
		int k, hits = 0;

		if (!it_is_gun(w) || !json_is_true(json_object_get(w, "auto")))
			return not_done(why, len, "no full-auto weapon drawn"), 0;
		if (json_is_integer(json_object_get(w, "loaded")) && gi(w, "loaded") <= 0)
			return not_done(why, len, "the %s is not loaded", gs(w, "name")), 0;
		t = by_name(it, json_string_value(json_array_get(names, 0)));
		if (!t || !enemies(c, t) || !active(t) || !it_can_shoot_at(it, w, c, t))
			return not_done(why, len, "%s cannot be shot",
					t ? nm(t) : json_string_value(json_array_get(names, 0))), 0;
		it_spend(it, c, 1);
		json_object_set_new(c, "overwatch", json_null());
		if (it_overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c)) {
			it_say(it, "%s's burst is lost", nm(c));
			return 1;
		}
		for (k = 0; k < 3 && active(c); k++) {
			size_t n = json_array_size(names), j;
			json_t *tk = by_name(it, json_string_value(json_array_get(names, (size_t)k < n ? (size_t)k : n - 1)));
			long before;

			if (!tk || !active(tk) || !it_can_shoot_at(it, w, c, tk)) {
				tk = NULL;
				for (j = 0; j < n && !tk; j++) {
					json_t *x = by_name(it, json_string_value(json_array_get(names, j)));

					if (x && active(x) && it_can_shoot_at(it, w, c, x))
						tk = x;
				}
			}
			if (!tk)
				break;
			if (k)
				it_say(it, "%s's burst goes on at %s", nm(c), nm(tk));
			before = gi(json_object_get(tk, "health"), "value");
			si(w, "burst", 1);
			if (it_shoot(it, c, tk, w, json_object_get(alt, "using"), k > 0, 0) < 0)
				return -1;
			hits = it->last_hit;
			(void)before;
			if (!hits)
				break;
		}
		json_object_del(w, "burst");
		if (json_is_integer(json_object_get(w, "loaded")))
			si(w, "loaded", gi(w, "loaded") - 1);
		else
			si(w, "loaded", it_weapon_of(w).mag - 1);
		return it_supply_roll(it, c, it_weapon_of(w).ammo) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "GRAPPLE")) {
		t = by_name(it, gs(alt, "target"));
		if (!t || !enemies(c, t) || !active(t) || !engaged_with(c, t))
			return not_done(why, len, "%s is no active enemy engaged with %s", t ? nm(t) : "?", nm(c)), 0;
		if (json_is_string(json_object_get(t, "grappled_by")) || json_is_string(json_object_get(c, "grappling")))
			return not_done(why, len, "already in a grapple"), 0;
		it_spend(it, c, 1);
		it_lose_position(c);
		if (it_overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c) || !active(t)) {
			it_say(it, "%s's grapple on %s is lost", nm(c), nm(t));
			return 1;
		}
		return it_melee(it, c, t, NULL, NULL, 0, 0, 2) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "BREAK FREE")) {
		json_t *g = by_name(it, json_string_value(json_object_get(c, "grappled_by")));
		struct roll r, rg;
		int pm = json_is_true(json_object_get(c, "prone")) ? -2 : 0;

		if (!g)
			return not_done(why, len, "not grappled"), 0;
		it_spend(it, c, 1);
		it_lose_position(c);
		if (it_skill_roll(it, c, "melee", 0, pm, "(breaking free)", pm ? "; prone -2" : "", "ESCAPE", NULL, &r) < 0)
			return -1;
		pm = json_is_true(json_object_get(g, "prone")) ? -2 : 0;
		if (it_skill_roll(it, g, "melee", 0, pm, "(holding on)", pm ? "; prone -2" : "", NULL, NULL, &rg) < 0)
			return -1;
		if (r.succ > rg.succ) {
			it_end_grapples(it, c);
			it_say(it, "%s breaks free of %s", nm(c), nm(g));
		} else {
			it_say(it, "%s holds on to %s", nm(g), nm(c));
		}
		return it_pay_pushes(it) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "PUMMEL") || !strcmp(act, "RELEASE")) {
		t = by_name(it, json_string_value(json_object_get(c, "grappling")));
		if (!t)
			return not_done(why, len, "not grappling anyone"), 0;
		it_spend(it, c, 0);
		it_lose_position(c);
		if (!strcmp(act, "RELEASE")) {
			it_end_grapples(it, c);
			it_say(it, "%s releases %s", nm(c), nm(t));
			return 1;
		}
		if (it_overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c))
			return 1;
		return it_melee(it, c, t, NULL, NULL, 0, 0, 1) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "FLEE")) {
		if (!json_is_true(json_object_get(it_zone(it, gs(c, "zone")), "exit")))
			return not_done(why, len, "%s is no exit", gs(c, "zone")), 0;
		if (prone)
			return not_done(why, len, "prone"), 0;
		if (it_engaged_active(it, c))
			return not_done(why, len, "engaged (RETREAT OUT instead)"), 0;
		it_spend(it, c, 0);
		it_lose_position(c);	/* an action ends the aim (R5.4, R9.4) */
		it_disengage_all(it, c);
		json_object_set_new(c, "status", json_string("fled"));
		it_say(it, "%s flees the skirmish", nm(c));
		return 1;
	}
	not_done(why, len, "%s is not played by this judge yet", act);
	return 0;
}

/*
 * Tries one alternative: 1 done, 0 not possible now (why says so), -1
 * the step fails. Any action but an aim, overwatch or shot unloads a
 * readied bow (R9.6); an alternative that cannot be done is no action,
 * so its bow stays loaded (issue 30 item 4).
 */
int it_perform(struct it *it, json_t *c, json_t *alt, char *why, size_t len)
{
	const char *act = gs(alt, "act");
	json_t *bow = it_drawn(c);
	long loaded = gi(bow, "loaded");
	int r;

	if (strcmp(act, "HOLD") && strcmp(act, "AIM") && strcmp(act, "AIM SLOW") && strcmp(act, "OVERWATCH") &&
	    strcmp(act, "SHOOT") && strcmp(act, "FINISH") && strcmp(act, "READY") &&
	    !strcmp(it_weapon_of(bow).family, "single") && loaded > 0)
		si(bow, "loaded", 0);
	else
		bow = NULL;
	r = carry_out(it, c, alt, why, len);
	if (r == 0 && bow)
		si(bow, "loaded", loaded);
	return r;
}

int it_guard_holds(struct it *it, json_t *c, json_t *g)
{
	const char *k = gs(g, "c");
	const char *seat = json_is_string(json_object_get(c, "controller")) ? gs(c, "controller") : IT_OPERATOR;
	int neg = json_is_true(json_object_get(g, "not")), v = 0, player = strcasecmp(seat, IT_OPERATOR) != 0;

	if (!json_is_object(g))
		return 1;
	if (!strcmp(k, "ENGAGED"))
		v = it_engaged_active(it, c);
	else if (!strcmp(k, "PRONE"))
		v = json_is_true(json_object_get(c, "prone"));
	else if (!strcmp(k, "ENEMY_IN_RANGE")) {
		json_t *w = it_drawn(c);

		v = it_is_gun(w) ? target_of(it, c, "NEAREST", 1, w) != NULL : it_engaged_active(it, c);
	} else if (!strcmp(k, "ENEMY_IN")) {
		size_t i;

		/* A player's guard counts the enemies its seat sees (issue 28 item 8). */
		for (i = 0; i < ncharacters(it); i++)
			v |= active(chr(it, i)) && enemies(chr(it, i), c) &&
			     !strcmp(gs(chr(it, i), "zone"), gs(g, "zone")) &&
			     (!player || it_seat_sees(it, seat, chr(it, i)));
	} else if (!strcmp(k, "CHAR")) {
		json_t *o = by_name(it, gs(g, "who"));
		const char *is = gs(g, "is");

		/* One the seat does not see is as unknown (issue 28 item 8): neither broken nor active. */
		if (o && player && !it_seat_sees(it, seat, o))
			o = NULL;
		v = !strcmp(is, "BROKEN") ? is_status(o, "broken") : !strcmp(is, "ACTIVE") ? active(o)
			: !is_status(o, "broken");
	} else if (!strcmp(k, "HEALTH"))
		v = it_cmp_op(gi(json_object_get(c, "health"), "value"), gs(g, "op"), gi(g, "n"));
	return neg ? !v : v;
}

const char *it_alt_text(json_t *alt, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s", gs(alt, "act"),
		 *gs(alt, "target") ? " " : *gs(alt, "zone") ? " " : "",
		 *gs(alt, "target") ? gs(alt, "target") : gs(alt, "zone"));
	return buf;
}
