/*
 * The resolver (R1-R14, R16, R18): the setup step and a round, played on
 * the state's JSON. Every die is drawn through the draw source as the
 * rulings' tagged line ("melee Neo", "push Neo", "armor Smith", "crit
 * Smith", "init Neo") and told in the story with its faces. This file
 * holds the turn, the round, its end and the setup step; the actions,
 * attacks, dice and story are in the files beside it (play.h).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/play.h"
#include "lib/errbuf.h"

/* ---------- death saves, the turn, the round ---------- */

static int death_saves(struct it *it, json_t *c)
{
	json_t *inj;
	size_t i;

	json_array_foreach(json_object_get(c, "injuries"), i, inj) {
		struct roll r;
		char what[120];

		if (is_status(c, "dead"))
			return 0;
		if (!json_is_true(json_object_get(inj, "lethal")) || strcmp(gs(inj, "limit"), "round") ||
		    gi(inj, "since") >= gi(it->st, "tick"))
			continue;
		snprintf(what, sizeof(what), "(death save, %s)", gs(inj, "name"));
		if (it_skill_roll(it, c, "stamina", 0, 0, what, "", NULL, NULL, &r) < 0)
			return -1;
		if (!r.succ) {
			it_make_dead(it, c);
			return 0;
		}
		json_object_set_new(inj, "heal_locked", json_false());
		it_say(it, "%s lingers on", nm(c));
	}
	return 0;
}

static int turn(struct it *it, json_t *c)
{
	json_t *plan = json_object_get(it->plans, nm(c)), *slot, *f;
	size_t i, j;

	si(it->st, "tick", gi(it->st, "tick") + 1);
	it->subject = c;
	it_turn_begins(it, c);
	if (death_saves(it, c) < 0)
		return -1;
	if (!active(c) || it_injury_mod(c, "catatonic")) {
		if (!is_status(c, "dead"))
			it_say(it, "%s cannot act (%s)", nm(c), active(c) ? "catatonic" : gs(c, "status"));
		return 0;
	}
	json_array_clear(json_object_get(c, "unaware_of"));
	if (json_is_true(json_object_get(c, "pinned"))) {
		json_object_set_new(c, "pinned", json_false());
		if (!it->b[idx(it, c)].slow) {
			it->b[idx(it, c)].slow = 1;
			it->b[idx(it, c)].used++;
		}
		it_say(it, "%s is pinned: the slow action is lost", nm(c));
	}
	if (!plan) {
		it_say(it, "%s has no orders and holds", nm(c));
		return 0;
	}
	json_array_foreach(json_object_get(plan, "slots"), i, slot) {
		json_t *alt;
		int done = 0;

		if (!active(c))
			break;
		json_array_foreach(slot, j, alt) {
			char why[200], txt[160];
			int rc;

			/* The plan's words about one its seat does not see are told as written (issue 28). */
			const char *echo = it_unseen_echo(it, c, json_is_string(json_object_get(alt, "target")) ?
							  gs(alt, "target") : json_string_value(json_array_get(
							  json_object_get(alt, "targets"), 0)));

			if (!it_guard_holds(it, c, json_object_get(alt, "guard"))) {
				if (!it->quiet && !json_is_true(json_object_get(plan, "bot"))) {
					it->echo = echo;
					it_say(it, "%s skips %s: its condition does not hold", nm(c),
					    it_alt_text(alt, txt, sizeof(txt)));
					it->echo = NULL;
				}
				continue;
			}
			why[0] = '\0';
			rc = it_perform(it, c, alt, why, it->quiet ? 0 : sizeof(why));
			if (rc < 0)
				return -1;
			if (rc > 0) {
				done = 1;
				break;
			}
			/*
			 * Why a slot cannot be done with one its seat does not see is
			 * what a name that exists nowhere gets: not its range, not
			 * its state (issue 28 item 8).
			 */
			if (echo && strcmp(gs(alt, "act"), "AUTO"))
				snprintf(why, sizeof(why), "%s is nowhere in sight", echo);
			else if (echo && strstr(why, " cannot be shot"))	/* AUTO reads its weapon first */
				snprintf(why, sizeof(why), "%s cannot be shot", echo);
			/* The autopilot's many alternatives are a fallback list: only what is done is told. */
			if (!it->quiet && !json_is_true(json_object_get(plan, "bot"))) {
				it->echo = echo;
				it_say(it, "%s cannot %s: %s", nm(c), it_alt_text(alt, txt, sizeof(txt)), why);
				it->echo = NULL;
			}
		}
		if (!done && json_array_size(slot))
			it_say(it, "%s's slot %zu is lost", nm(c), i + 1);
	}
	json_array_foreach(json_object_get(plan, "free"), i, f) {
		const char *a = gs(f, "act");

		if (!active(c))
			break;
		if (!strcmp(a, "PRONE") && !json_is_true(json_object_get(c, "prone"))) {
			json_object_set_new(c, "prone", json_true());
			it_say(it, "%s drops prone", nm(c));
		} else if (!strcmp(a, "SAY")) {
			it_say(it, "%s says: %s", nm(c), gs(f, "text"));
		} else if (!strcmp(a, "DROP") && it_weapon_named(c, gs(f, "weapon"))) {
			json_t *w = it_weapon_named(c, gs(f, "weapon")), *x;
			size_t k;

			json_array_append(json_object_get(it_zone(it, gs(c, "zone")), "floor"), w);
			json_array_foreach(json_object_get(c, "weapons"), k, x)
				if (x == w) {
					json_array_remove(json_object_get(c, "weapons"), k);
					break;
				}
			if (!strcasecmp(gs(c, "drawn"), gs(f, "weapon")))
				json_object_set_new(c, "drawn", json_null());
			it_say(it, "%s drops the %s", nm(c), gs(f, "weapon"));
		}
	}
	return 0;
}

static int take_turn(struct it *it, json_t *c)
{
	int rc = turn(it, c);

	it_turn_ends(it);
	return rc;
}

static int operator_orders(struct it *it, json_t *ops, int *ended)
{
	json_t *o;
	size_t i;

	json_array_foreach(ops, i, o)
		if (!strcmp(gs(o, "op"), "END SKIRMISH")) {
			json_t *out = json_object_get(it->st, "outcome");

			json_object_set_new(out, "over", json_true());
			if (!json_is_string(json_object_get(out, "reason")))
				json_object_set_new(out, "reason", json_string(*gs(o, "reason") ? gs(o, "reason") : "ended by the Operator"));
			json_object_set_new(it->st, "phase", json_string("over"));
			it_say(it, "The Operator ends the skirmish%s%s", *gs(o, "reason") ? ": " : "", gs(o, "reason"));
			*ended = 1;
			return 0;
		}
	json_array_foreach(ops, i, o) {
		const char *op = gs(o, "op");
		json_t *c = by_name(it, gs(o, "who"));

		/* An order about a character is told to the seats that see it; map changes to all. */
		it->subject = c;
		if (!strcmp(op, "STRESS") && c) {
			struct roll r;
			int n = (int)gi(o, "n");

			it_say(it, "The Operator: %s faces %d stress", nm(c), n);
			if (active(c)) {
				if (it_skill_roll(it, c, "insight", 0, 0, "(against stress)", "", "STRESS", NULL, &r) < 0)
					return -1;
				n -= r.succ;
				if (n <= 0)
					it_say(it, "%s shrugs the stress off", nm(c));
			}
			if (n > 0 && it_harm(it, c, n, 1, 1) < 0)
				return -1;
			if (it_pay_pushes(it) < 0)
				return -1;
		} else if (!strcmp(op, "FEATURE")) {
			json_t *z = it_zone(it, gs(o, "zone")), *fs = json_object_get(z, "features");

			if (!json_is_array(fs)) {
				fs = json_array();
				json_object_set_new(z, "features", fs);
			}
			it_list_remove(fs, gs(o, "feature"));
			if (json_is_true(json_object_get(o, "add")))
				json_array_append_new(fs, json_string(gs(o, "feature")));
			it_say(it, "The Operator: %s %s %s", gs(o, "zone"), json_is_true(json_object_get(o, "add")) ?
			    "is now" : "is no longer", gs(o, "feature"));
		} else if (!strcmp(op, "DOOR")) {
			json_object_set_new(it_border(it, gs(o, "a"), gs(o, "b")), "door", json_string(gs(o, "door")));
			it_say(it, "The Operator: the door between %s and %s is %s", gs(o, "a"), gs(o, "b"), gs(o, "door"));
		} else if (!strcmp(op, "HIDDEN") && c) {
			json_object_set_new(c, "hidden", json_boolean(json_is_true(json_object_get(o, "hidden"))));
			it_say(it, "The Operator: %s is %s", nm(c), json_is_true(json_object_get(o, "hidden")) ? "unseen" : "seen again");
		} else if (!strcmp(op, "REMOVE") && c) {
			it_disengage_all(it, c);
			it_end_grapples(it, c);
			json_object_set_new(c, "status", json_string("removed"));
			it_say(it, "The Operator removes %s", nm(c));
		}
	}
	it->subject = NULL;
	return 0;
}

static int lethal_pending(const struct it *it)
{
	size_t i, k;

	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i), *inj;

		if (is_status(c, "dead"))
			continue;
		json_array_foreach(json_object_get(c, "injuries"), k, inj)
			if (json_is_true(json_object_get(inj, "lethal")) && !strcmp(gs(inj, "limit"), "round"))
				return 1;
	}
	return 0;
}

static void end_of_round(struct it *it)
{
	json_t *out = json_object_get(it->st, "outcome");
	const char *sides[MAXC];
	size_t i, n = 0, k;

	it->subject = NULL;
	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i), *o = by_name(it, json_string_value(json_object_get(c, "outpace_with")));

		if (o) {
			json_t *a = json_object_get(c, "card"), *b = json_object_get(o, "card");

			json_incref(a);
			json_object_set(c, "card", b);
			json_object_set_new(o, "card", a);
			it_say(it, "%s and %s exchange cards (outpace)", nm(c), nm(o));
		}
		json_object_set_new(c, "outpace_with", json_null());
	}
	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i);

		if (json_is_true(json_object_get(c, "fired_single"))) {
			json_t *w = it_drawn(c);
			const char *ammo = it_weapon_of(w).ammo;

			if (!w) {
				size_t j;
				json_t *x;

				json_array_foreach(json_object_get(c, "weapons"), j, x)
					if (!strcmp(it_weapon_of(x).family, "single"))
						ammo = it_weapon_of(x).ammo;
			}
			json_object_set_new(c, "fired_single", json_false());
			if (it_supply_roll(it, c, ammo) < 0)
				return;
		}
	}
	if (!json_is_true(json_object_get(out, "decided"))) {
		for (i = 0; i < ncharacters(it); i++) {
			json_t *c = chr(it, i);

			if (!active(c))
				continue;
			for (k = 0; k < n && strcmp(sides[k], gs(c, "side")); k++)
				;
			if (k == n)
				sides[n++] = gs(c, "side");
		}
		if (n <= 1) {
			json_object_set_new(out, "decided", json_true());
			if (n == 1) {
				json_object_set_new(out, "winner", json_string(sides[0]));
				json_object_set_new(out, "reason", json_string("the other sides are out"));
			} else {
				json_object_set_new(out, "draw", json_true());
				json_object_set_new(out, "reason", json_string("no side is left"));
			}
		}
	}
	if (json_is_true(json_object_get(out, "decided"))) {
		if (lethal_pending(it)) {
			json_object_set_new(out, "aftermath", json_true());
			it_say(it, "The fight is decided; the aftermath goes on while someone is dying");
		} else {
			json_object_set_new(out, "over", json_true());
			json_object_set_new(out, "aftermath", json_false());
		}
	} else if (json_is_integer(json_object_get(it->scen, "max_rounds")) &&
		   it->round >= gi(it->scen, "max_rounds")) {
		json_object_set_new(out, "over", json_true());
		json_object_set_new(out, "reason", json_string("the last round was played"));
	}
	if (json_is_true(json_object_get(out, "over"))) {
		json_object_set_new(it->st, "phase", json_string("over"));
		if (json_is_string(json_object_get(out, "winner")))
			it_say(it, "The skirmish is over: the %s win", gs(out, "winner"));
		else if (json_is_true(json_object_get(out, "draw")))
			it_say(it, "The skirmish is over: a draw");
		else
			it_say(it, "The skirmish is over: no winner (%s)", gs(out, "reason"));
	} else {
		si(it->st, "round", it->round + 1);
	}
}

static const char *holder(const json_t *c)
{
	return json_is_string(json_object_get(c, "group")) ? gs(c, "group") : nm(c);
}

static int live_holder(const json_t *c)
{
	return is_status(c, "active") || is_status(c, "broken");
}

/* SWAP (R4.5): 1 when the cards were exchanged. */
static int try_swap(struct it *it, json_t *c)
{
	json_t *plan = json_object_get(it->plans, nm(c)), *o;
	int mine = card_of(c), theirs;
	size_t i;

	if (!json_is_string(json_object_get(plan, "swap")) || json_is_true(json_object_get(plan, "swap_done")))
		return 0;
	json_object_set_new(plan, "swap_done", json_true());
	o = by_name(it, gs(plan, "swap"));
	/* The plan's word for one its seat does not see is told as written (issue 28 item 8). */
	it->echo = it_unseen_echo(it, c, gs(plan, "swap"));
	theirs = o ? card_of(o) : 0;
	if (!active(c) || !o || !live_holder(o) || it->acted[idx(it, o)] || theirs <= mine ||
	    gi(c, "swap_lock") == it->round || gi(o, "swap_lock") == it->round) {
		it_say(it, "%s's SWAP with %s is ignored", nm(c), o && !it->echo ? nm(o) : gs(plan, "swap"));
		it->echo = NULL;
		return 0;
	}
	it->echo = NULL;
	for (i = 0; i < ncharacters(it); i++) {
		json_t *x = chr(it, i);

		if (card_of(x) == mine) {
			si(x, "card", theirs);
			si(x, "swap_lock", it->round);
		} else if (card_of(x) == theirs) {
			si(x, "card", mine);
			si(x, "swap_lock", it->round);
		}
	}
	it_say(it, "%s swaps cards with %s (%d <-> %d)", nm(c), nm(o), mine, theirs);
	return 1;
}

/* Overwatch ON SIGHT before a slot (R8.2): each SIGHT watcher's first target. */
static int sight_checks(struct it *it)
{
	json_t *order[MAXC];
	size_t n = it_initiative(it, order), i, k;

	for (i = 0; i < n; i++) {
		json_t *w = order[i], *ow = json_object_get(w, "overwatch");

		if (!json_is_object(ow) || strcmp(gs(ow, "on"), "SIGHT") || !active(w) ||
		    json_array_size(json_object_get(w, "unaware_of")) || !it_can_spend(it, w, 1))
			continue;
		for (k = 0; k < ncharacters(it); k++) {
			json_t *t = chr(it, k);

			if (!active(t) || !enemies(w, t) || strcmp(gs(t, "zone"), gs(ow, "zone")) ||
			    (json_is_string(json_object_get(ow, "only")) && strcasecmp(gs(ow, "only"), nm(t))) ||
			    !it_can_shoot_at(it, it_drawn(w), w, t))
				continue;
			/* The watcher's doing, told as its (not the turn before's: issue 28). */
			json_t *was = it->subject;

			it->subject = w;
			if ((json_is_true(json_object_get(w, "pinned")) ? it_watch_shot(it, w, t, " (on sight)")
			     : it_watch_fire(it, w, t, " (on sight)")) < 0)
				return -1;
			it->subject = was;
			break;
		}
	}
	return it->failed ? -1 : 0;
}

static int play_round(struct it *it, json_t *ops)
{
	int ended = 0, last_card = -1;

	it->subject = NULL;
	it_say(it, "== Round %d", it->round);
	if (operator_orders(it, ops, &ended) < 0)
		return -1;
	if (ended)
		return 0;
	for (;;) {
		json_t *next = NULL;
		size_t i;

		for (i = 0; i < ncharacters(it); i++) {
			json_t *c = chr(it, i);

			if (!live_holder(c) || it->acted[i])
				continue;
			if (!next || card_of(c) < card_of(next))
				next = c;
		}
		if (!next)
			break;
		it->subject = next;
		if (try_swap(it, next))
			continue;
		if (card_of(next) != last_card) {
			last_card = card_of(next);
			if (sight_checks(it) < 0)
				return -1;
		}
		it->acted[idx(it, next)] = 1;
		if (take_turn(it, next) < 0)
			return -1;
	}
	end_of_round(it);
	return it->failed ? -1 : 0;
}

/* ---------- the setup step (R4) ---------- */

static size_t holder_index(const struct it *it, const char *const *holders, size_t nh,
			   const char *name)
{
	json_t *c = by_name(it, name);
	size_t h;

	for (h = 0; c && h < nh && strcmp(holders[h], holder(c)); h++)
		;
	return c ? h : nh;
}

/* The first member of holder (a character's name or a group), in state order. */
static json_t *holder_first(struct it *it, const char *h)
{
	size_t i;

	for (i = 0; i < ncharacters(it); i++)
		if (!strcmp(holder(chr(it, i)), h))
			return chr(it, i);
	return NULL;
}

/*
 * The "Initiative:" line of the setup report. Each seat is told the cards
 * of the characters it sees (R2.5); the Operator and the seats that see
 * everyone get the whole line, public when every seat sees everyone.
 */
static void tell_initiative(struct it *it)
{
	json_t *order[MAXC], *c, *groups = json_object(), *seats;
	size_t n = it_initiative(it, order), i, k;
	const char *key;
	char full[MAXC + 1];

	for (i = 0; i < n; i++)
		full[i] = '1';
	full[n] = '\0';
	/* Each player seat's pattern of seen characters ("1101"), seats grouped by pattern. */
	json_array_foreach(it->chars, k, c) {
		const char *ctl = json_string_value(json_object_get(c, "controller"));
		char seen[MAXC + 1];
		json_t *list;

		if (!ctl || !strcmp(ctl, IT_OPERATOR))
			continue;
		for (i = 0; i < n; i++)
			seen[i] = it_seat_sees(it, ctl, order[i]) ? '1' : '0';
		seen[n] = '\0';
		if (!(list = json_object_get(groups, seen)))
			json_object_set_new(groups, seen, list = json_array());
		if (!in_list(list, ctl))
			json_array_append_new(list, json_string(ctl));
	}
	if (!json_object_get(groups, full))
		json_object_set_new(groups, full, json_array());
	json_array_append_new(json_object_get(groups, full), json_string(IT_OPERATOR));
	json_object_foreach(groups, key, seats) {
		char line[512] = "Initiative:";
		size_t l = strlen(line);

		for (i = 0; i < n; i++)
			if (key[i] == '1' && json_is_integer(json_object_get(order[i], "card")))
				l += (size_t)snprintf(line + l, l < sizeof(line) ? sizeof(line) - l : 0, " %ld %s,",
						      gi(order[i], "card"), nm(order[i]));
		if (l < sizeof(line) && line[l - 1] == ',')
			line[l - 1] = '\0';
		it_tell(it, json_object_size(groups) == 1 ? NULL : json_incref(seats), line);
	}
	json_decref(groups);
}

static int setup_step(struct it *it)
{
	json_t *op = json_object_get(it->scen, "opening"), *v;
	const char *kind = *gs(op, "kind") ? gs(op, "kind") : "normal";
	const char *holders[MAXC];
	int role[MAXC], card_of_h[MAXC], taken[11] = { 0 };
	size_t nh = 0, i, k;

	/* The opening is the Operator's secret until it is sprung (R4.2): only a normal one is told to all. */
	if (!it->quiet) {
		char line[80];

		snprintf(line, sizeof(line), "== Setup: the opening is %s", kind);
		it_tell(it, strcmp(kind, "normal") ? json_pack("[s]", IT_OPERATOR) : NULL, line);
	}
	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i);

		if (!active(c) && !is_status(c, "broken"))
			continue;
		for (k = 0; k < nh && strcmp(holders[k], holder(c)); k++)
			;
		if (k == nh) {
			if (nh == 10) {
				errbuf_set(it->err, sizeof(it->err), "more than ten holders: the deck has ten cards");
				return -1;
			}
			holders[nh] = holder(c);
			role[nh] = 0;	/* 0 draw, 1 choose, 2 fail */
			card_of_h[nh++] = 0;
		}
	}
#define HOLDER_OF(name) holder_index(it, holders, nh, name)
	if ((!strcmp(kind, "surprise") || !strcmp(kind, "ambush")) &&
	    !json_array_size(json_object_get(op, "targets"))) {
		/* No targets listed: every enemy of the first attacker (judge). */
		json_t *first = by_name(it, json_string_value(json_array_get(json_object_get(op, "attackers"), 0)));
		json_t *targets = json_array();

		for (i = 0; first && i < ncharacters(it); i++)
			if (active(chr(it, i)) && enemies(first, chr(it, i)))
				json_array_append_new(targets, json_string(nm(chr(it, i))));
		json_object_set_new(op, "targets", targets);
	}
	if (!strcmp(kind, "surprise") || !strcmp(kind, "ambush")) {
		json_array_foreach(json_object_get(op, "attackers"), i, v) {
			size_t h = HOLDER_OF(json_string_value(v));
			if (h < nh)
				role[h] = 1;
		}
	}
	if (!strcmp(kind, "surprise")) {
		json_t *t;

		json_array_foreach(json_object_get(op, "targets"), i, t) {
			json_t *tc = by_name(it, json_string_value(t)), *a;

			json_array_foreach(json_object_get(op, "attackers"), k, a)
				if (tc && !in_list(json_object_get(tc, "unaware_of"), json_string_value(a)))
					json_array_append_new(json_object_get(tc, "unaware_of"), json_string(json_string_value(a)));
		}
	} else if (!strcmp(kind, "ambush")) {
		json_t *t;

		json_array_foreach(json_object_get(op, "targets"), i, t) {
			json_t *tc = by_name(it, json_string_value(t)), *a;
			struct roll r;
			int mod = 0;
			char mods[80] = "";

			if (!tc)
				continue;
			if (json_is_true(json_object_get(op, "prepared"))) {
				mod -= 2;
				strcat(mods, "; prepared ambush -2");
			}
			if (it_has_feature(it, gs(tc, "zone"), "DIMLY_LIT")) {
				mod -= 2;
				strcat(mods, "; dimly lit -2");
			}
			it->subject = tc;
			if (it_skill_roll(it, tc, "observation", 0, mod, "(against the ambush)", mods, NULL, NULL, &r) < 0)
				return -1;
			if (!r.succ) {
				size_t h = HOLDER_OF(nm(tc));

				it_say(it, "%s is caught unaware", nm(tc));
				json_array_foreach(json_object_get(op, "attackers"), k, a)
					json_array_append_new(json_object_get(tc, "unaware_of"), json_string(json_string_value(a)));
				if (h < nh && role[h] != 1)
					role[h] = 2;
			} else {
				it_say(it, "%s spots the ambush", nm(tc));
			}
		}
	} else if (!strcmp(kind, "sneak")) {
		json_t *a = by_name(it, gs(op, "attacker")), *t = by_name(it, gs(op, "target"));
		int eng = json_is_true(json_object_get(op, "engaged"));
		struct roll r;

		if (a && t) {
			it->subject = a;
			if (it_skill_roll(it, a, "stealth", 0, eng ? -2 : 0, "(sneak attack)", eng ? "; moving in -2" : "",
				       "STEALTH", NULL, &r) < 0)
				return -1;
			if (it_pay_pushes(it) < 0)
				return -1;
			if (r.succ) {
				size_t h = HOLDER_OF(nm(a));

				if (h < nh)
					role[h] = 1;
				json_array_append_new(json_object_get(t, "unaware_of"), json_string(nm(a)));
				if (eng)
					it_engage(a, t);
				it_say(it, "%s sneaks up on %s unnoticed", nm(a), nm(t));
			} else {
				it_say(it, "%s notices %s", nm(t), nm(a));
			}
		}
	}
	/* (a) choosers */
	it->subject = NULL;
	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i), *plan = json_object_get(it->plans, nm(c));
		size_t h = HOLDER_OF(nm(c));
		int want = (int)gi(plan, "card"), cd;

		if (h >= nh || role[h] != 1 || card_of_h[h])
			continue;
		if (want < 1 || want > 10 || taken[want])
			for (want = 1; want <= 10 && taken[want]; want++)
				;
		cd = want;
		taken[cd] = 1;
		card_of_h[h] = cd;
		it->subject = c;
		it_say(it, "%s chooses card %d", holders[h], cd);
		it->subject = NULL;
	}
	/* (b) failing holders draw the bottom cards; (c) the others draw */
	{
		int pass;

		for (pass = 2; pass >= 0; pass -= 2) {
			int nfail = 0, bottom[11] = { 0 };

			for (k = 0; k < nh; k++)
				nfail += role[k] == 2;
			if (pass == 2) {
				int c, got = 0;

				for (c = 10; c >= 1 && got < nfail; c--)
					if (!taken[c]) {
						bottom[c] = 1;
						got++;
					}
			}
			for (k = 0; k < nh; k++) {
				const char *ids[10];
				char names[10][12];
				int cards[10], m = 0, c;
				size_t pick;
				char label[80];

				if (role[k] != pass)
					continue;
				for (c = 1; c <= 10; c++)
					if (!taken[c] && (pass != 2 || bottom[c])) {
						snprintf(names[m], sizeof(names[m]), "%d", c);
						ids[m] = names[m];
						cards[m++] = c;
					}
				snprintf(label, sizeof(label), "init %s", holders[k]);
				if (!m)
					continue;
				if (draw_pick(it->draws, "open", label, ids, (size_t)m, &pick, it->err, sizeof(it->err)) < 0) {
					it->failed = 1;
					return -1;
				}
				json_array_append_new(it->rolls, json_string(label));
				taken[cards[pick]] = 1;
				card_of_h[k] = cards[pick];
				it->subject = holder_first(it, holders[k]);
				it_say(it, "%s draws card %d%s", holders[k], cards[pick], pass == 2 ? " (a bottom card)" : "");
				it->subject = NULL;
			}
		}
	}
	for (i = 0; i < ncharacters(it); i++) {
		size_t h = HOLDER_OF(nm(chr(it, i)));

		if (h < nh)
			si(chr(it, i), "card", card_of_h[h]);
	}
#undef HOLDER_OF
	if (!it->quiet)
		tell_initiative(it);
	json_object_set_new(it->st, "phase", json_string("round"));
	si(it->st, "round", 1);
	return 0;
}

/*
 * One step on st (normalized, owned: it becomes the next state). quiet:
 * no story, no log. The step's {"state","events","story"}, or NULL with err.
 */
static json_t *resolve(json_t *st, const json_t *orders, struct draw_source *draws, int quiet,
		       char *err, size_t errlen)
{
	struct it it;
	json_t *out = NULL, *ops = json_array(), *seat_orders;
	const char *seat, *phase;
	int rc;

	memset(&it, 0, sizeof(it));
	it.st = st;
	it.quiet = quiet;
	phase = gs(it.st, "phase");
	if (!strcmp(phase, "over")) {
		errbuf_set(err, errlen, "the skirmish is over: no step is due");
		goto out;
	}
	it.chars = json_object_get(it.st, "characters");
	it.scen = json_object_get(it.st, "scenario");
	it.story = json_array();
	it.events = json_array();
	it.rolls = json_array();
	it.plans = json_object();
	it.pending = json_array();
	it.log = json_array();
	it.draws = draws;
	it.round = (int)gi(it.st, "round");
	if (json_array_size(it.chars) > MAXC) {
		errbuf_set(err, errlen, "at most %d characters", MAXC);
		goto out;
	}
	json_object_foreach((json_t *)orders, seat, seat_orders) {
		const char *name;
		json_t *plan;

		json_object_foreach(json_object_get(seat_orders, "chars"), name, plan)
			json_object_set(it.plans, name, plan);
		json_array_extend(ops, json_object_get(seat_orders, "operator"));
	}
	if (!strcmp(phase, "setup"))
		rc = setup_step(&it);
	else {
		size_t i;

		for (i = 0; i < ncharacters(&it); i++) {
			json_t *c = chr(&it, i);

			if ((active(c) || is_status(c, "broken")) && !json_is_integer(json_object_get(c, "card"))) {
				errbuf_set(err, errlen, "%s has no initiative card", nm(c));
				goto out;
			}
		}
		rc = play_round(&it, ops);
	}
	if (rc < 0 || it.failed) {
		errbuf_set(err, errlen, "%s", it.err[0] ? it.err : "the step failed");
		goto out;
	}
	if (!quiet)
		json_object_set_new(it.st, "log", json_pack("{s:O,s:O}", "events", it.log, "rolls", it.rolls));
	out = json_pack("{s:O,s:O,s:O}", "state", it.st, "events", it.events, "story", it.story);
out:
	json_decref(it.st);
	json_decref(it.story);
	json_decref(it.events);
	json_decref(it.rolls);
	json_decref(it.plans);
	json_decref(it.pending);
	json_decref(it.log);
	json_decref(it.heard);
	json_decref(it.last_to);
	json_decref(ops);
	return out;
}

json_t *it_resolve(const json_t *state, const json_t *orders, struct draw_source *draws,
		   char *err, size_t errlen)
{
	json_t *st = it_normalize(state, err, errlen);

	return st ? resolve(st, orders, draws, 0, err, errlen) : NULL;
}

json_t *it_resolve_quiet(json_t *state, const json_t *orders, struct draw_source *draws, char *err,
			 size_t errlen)
{
	json_t *out = resolve(state, orders, draws, 1, err, errlen), *next;

	if (!out)
		return NULL;
	next = json_incref(json_object_get(out, "state"));
	json_decref(out);
	return next;
}
