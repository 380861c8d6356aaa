/*
 * netrun's abilities: the ABILITY lines of the custom breakers (R9.5),
 * their checks, costs (R8.4, R7.6) and effects.
 */
#include "netrun.h"

#include <stdio.h>
#include <string.h>

#include "core/netrun/play.h"

#define COLOUR(c) netrun_colour_names[c]

/* ---------- abilities (R9.5) ---------- */

/* Any two power-ups (R8.4): the PAY colours, else from the colour held most. 0 or -1. */
static int two_powerups(const struct netrun_state *st, const struct nr_order *o, int pay[2])
{
	int held[NR_COLOURS], k, c;

	memcpy(held, st->held, sizeof(held));
	for (k = 0; k < 2; k++) {
		if (o->npay == 2) {
			pay[k] = o->pay[k];
		} else {
			pay[k] = 0;
			for (c = 1; c < NR_COLOURS; c++)
				if (held[c] > held[pay[k]])
					pay[k] = c;
		}
		if (held[pay[k]] <= 0)
			return -1;
		held[pay[k]]--;
	}
	return 0;
}

static void pay(struct netrun_play *p, const char *what, const int n[NR_COLOURS])
{
	int c;

	for (c = 0; c < NR_COLOURS; c++)
		p->st->held[c] -= n[c];
	if (p->events)
		nrp_event(p, json_pack("{s:s,s:s,s:{s:i,s:i,s:i,s:i}}", "type", "pay", "for", what,
				   "powerups", "black", n[0], "green", n[1], "red", n[2], "blue", n[3]));
	nrp_say(p, "%s pays %d black, %d green, %d red, %d blue power-ups.", what, n[0], n[1], n[2], n[3]);
}

/* A structure and everything on it to x,y (Babylon Q). */
static void move_structure(struct netrun_state *st, int si, int x, int y)
{
	int c, ox = st->s[si].x, oy = st->s[si].y;

	for (c = 0; c < NR_COLOURS; c++)
		if (st->br[c].x == ox && st->br[c].y == oy) {
			st->br[c].x = x;
			st->br[c].y = y;
		}
	st->s[si].x = x;
	st->s[si].y = y;
}

/* Two structures swap spaces, with what stands on them. */
static void swap_structures(struct netrun_state *st, int a, int b)
{
	int ax = st->s[a].x, ay = st->s[a].y, bx = st->s[b].x, by = st->s[b].y, c;
	int on_a = netrun_breakers_at(st, ax, ay), on_b = netrun_breakers_at(st, bx, by);

	for (c = 0; c < NR_COLOURS; c++) {
		if (on_a & 1 << c) {
			st->br[c].x = bx;
			st->br[c].y = by;
		} else if (on_b & 1 << c) {
			st->br[c].x = ax;
			st->br[c].y = ay;
		}
	}
	st->s[a].x = bx;
	st->s[a].y = by;
	st->s[b].x = ax;
	st->s[b].y = ay;
}

static int need(struct netrun_play *p, const struct nr_order *o, const int n[NR_COLOURS])
{
	int c;

	for (c = 0; c < NR_COLOURS; c++)
		if (p->st->held[c] < n[c]) {
			nrp_refuse(p, o, "no-powerup", "you hold %d %s power-up%s, %d needed", p->st->held[c],
			       COLOUR(c), p->st->held[c] == 1 ? "" : "s", n[c]);
			return -1;
		}
	return 0;
}

static void swap_breakers(struct netrun_state *st, int a, int b)
{
	int x = st->br[a].x, y = st->br[a].y;

	st->br[a].x = st->br[b].x;
	st->br[a].y = st->br[b].y;
	st->br[b].x = x;
	st->br[b].y = y;
}

int nrp_same_place(const struct netrun_state *st, int a, int b)
{
	return st->br[a].x == st->br[b].x && (st->br[a].x == NR_OUT || st->br[a].y == st->br[b].y);
}

static void ability_event(struct netrun_play *p, int b, const char *what)
{
	if (p->events)
		nrp_event(p, json_pack("{s:s,s:s,s:s,s:s}", "type", "ability", "breaker", COLOUR(b), "kind",
				   netrun_kind_word(p->st->br[b].kind), "what", what));
	nrp_say(p, "%s (%s): %s.", netrun_kind_name(p->st->br[b].kind), COLOUR(b), what);
}

/* The costs of R7.6: power-ups, then brain damage, then the check. 1 if the run ended. */
static int costs(struct netrun_play *p, int b, const int n[NR_COLOURS], int bd)
{
	static const int none[NR_COLOURS] = { 0, 0, 0, 0 };

	if (memcmp(n, none, sizeof(none)))
		pay(p, netrun_kind_name(p->st->br[b].kind), n);
	if (bd)
		nrp_add_bd(p, bd, netrun_kind_name(p->st->br[b].kind));
	return nrp_bd_check(p);
}

int nrp_do_ability(struct netrun_play *p, const struct nr_order *o, const struct allowance *al)
{
	struct netrun_state *st = p->st;
	int b = o->colour, kind = st->br[b].kind, cost[NR_COLOURS] = { 0, 0, 0, 0 };
	int k, c, si, fx, fy, gain = 0, two[2];
	const char *name = netrun_kind_name(kind);
	char msg[200];

	switch (kind) {
	case NR_LISP:
		if (nrp_same_place(st, b, o->other[0])) {
			nrp_refuse(p, o, "pointless", "the %s breaker is where %s is", COLOUR(o->other[0]), name);
			return 0;
		}
		nrp_step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		swap_breakers(st, b, o->other[0]);
		ability_event(p, b, "swaps places with another breaker");
		if (p->events)
			nrp_event(p, json_pack("{s:s,s:[s,s]}", "type", "swap", "breakers", COLOUR(b),
					   COLOUR(o->other[0])));
		return 0;
	case NR_ANKARA:
		nrp_step_event(p, o);
		if (costs(p, b, cost, o->n))
			return 0;
		st->br[b].ankara += o->n;
		snprintf(msg, sizeof(msg), "+%d on its next challenge", 2 * st->br[b].ankara);
		ability_event(p, b, msg);
		return 0;
	case NR_DIAMOND:
		for (c = 0; c < NR_COLOURS; c++) {
			int d = netrun_distance_to_breaker(st, b, c);

			gain |= (d >= 0 && d <= 5 && !st->br[c].diamond) << c;
		}
		if (!gain) {
			nrp_refuse(p, o, "pointless", "no breaker within distance 5 of Black Diamond would gain");
			return 0;
		}
		nrp_step_event(p, o);
		if (costs(p, b, cost, 2))
			return 0;
		for (c = 0; c < NR_COLOURS; c++)
			if (gain & 1 << c)
				st->br[c].diamond = 1;
		ability_event(p, b, "+3 on the next challenge of every breaker within distance 5");
		return 0;
	case NR_KUANG11: {
		int face, chosen = -1;

		for (k = 0; k < o->nspaces; k++) {
			if (netrun_structure_at(st, o->sx[k], o->sy[k]) < 0) {
				nrp_refuse(p, o, "not-a-target", "there is no data structure at %d,%d", o->sx[k],
				       o->sy[k]);
				return 0;
			}
			if (netrun_breakers_at(st, o->sx[k], o->sy[k])) {
				nrp_refuse(p, o, "occupied", "space %d,%d is occupied by the %s breaker", o->sx[k],
				       o->sy[k], nrp_first_colour(netrun_breakers_at(st, o->sx[k], o->sy[k])));
				return 0;
			}
		}
		nrp_step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		if (nrp_roll(p, NR_Q_REACH, NR_BLACK, &face) < 0)
			return -1;
		for (k = 0; k < o->nspaces && chosen < 0; k++) {
			int d = netrun_distance(st, b, o->sx[k], o->sy[k]);

			if (d >= 0 && d <= face)
				chosen = k;
		}
		if (p->events)
			nrp_event(p, json_pack("{s:s,s:i,s:o}", "type", "reach", "reach", face, "target",
					   chosen < 0 ? json_null() : json_sprintf("%d,%d", o->sx[chosen],
										     o->sy[chosen])));
		if (chosen < 0) {
			nrp_say(p, "Kuang Grade Mark Eleven reaches %d: no target in reach.", face);
			return 0;
		}
		nrp_say(p, "Kuang Grade Mark Eleven reaches %d.", face);
		return nrp_challenge(p, b, netrun_structure_at(st, o->sx[chosen], o->sy[chosen]), al,
				 NR_ALT_NONE);
	}
	case NR_ASSIMILATION:
		si = netrun_structure_at(st, o->sx[0], o->sy[0]);
		if (si < 0) {
			nrp_refuse(p, o, "not-a-target", "there is no data structure at %d,%d", o->sx[0],
			       o->sy[0]);
			return 0;
		}
		if (st->br[b].x == o->sx[0] && st->br[b].y == o->sy[0]) {
			nrp_refuse(p, o, "pointless", "Assimilation Kuang already stands on %d,%d", o->sx[0],
			       o->sy[0]);
			return 0;
		}
		for (c = 0; c < NR_COLOURS; c++)
			cost[c] = 1;
		if (need(p, o, cost) < 0)
			return 0;
		nrp_step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		ability_event(p, b, "moves onto a data structure");
		nrp_move_onto(p, b, si);
		return 0;
	case NR_WINTERMUTE:
		if (st->br[b].wintermute) {
			nrp_refuse(p, o, "pointless", "Wintermute Compiler is already set to 10 for its next "
			       "challenge");
			return 0;
		}
		nrp_step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		st->br[b].wintermute = 1;
		ability_event(p, b, "own strength 10 at its next challenge");
		return 0;
	case NR_FINN: {
		int x = o->other[0], y = o->other[1], colour;

		if (nrp_is_out(st, b)) {
			nrp_refuse(p, o, "not-in-matrix", "Finn Construct must be in the matrix");
			return 0;
		}
		if (nrp_same_place(st, x, y)) {
			nrp_refuse(p, o, "pointless", "the %s and %s breakers are at the same place", COLOUR(x),
			       COLOUR(y));
			return 0;
		}
		colour = o->npay ? o->pay[0] : st->held[x] > 0 ? x : y;
		cost[colour] = 1;
		if (need(p, o, cost) < 0)
			return 0;
		nrp_step_event(p, o);
		if (costs(p, b, cost, 2))
			return 0;
		swap_breakers(st, x, y);
		ability_event(p, b, "switches two breakers");
		if (p->events)
			nrp_event(p, json_pack("{s:s,s:[s,s]}", "type", "swap", "breakers", COLOUR(x),
					   COLOUR(y)));
		return 0;
	}
	case NR_CASECURRY:
	case NR_ENIGMA: {
		int oldx[NR_COLOURS], oldy[NR_COLOURS], used[NR_COLOURS] = { 0 }, moved = 0, m, f[4];

		if (kind == NR_CASECURRY && nrp_is_out(st, b)) {
			nrp_refuse(p, o, "not-in-matrix", "Case-Curry Construct must be in the matrix");
			return 0;
		}
		for (k = 0; k < o->nassign; k++) {
			if (kind == NR_ENIGMA) {
				f[k] = -1;
				for (si = 0; si < st->ns; si++)
					if (st->s[si].tile == NR_TILE(o->who[k], 0))
						f[k] = si;
				for (m = 0; m < k; m++)
					if (o->who[m] == o->who[k])
						f[k] = -1;
				if (f[k] < 0) {
					nrp_refuse(p, o, "not-a-target", "the %s data fort is not installed, or is "
					       "named twice", COLOUR(o->who[k]));
					return 0;
				}
				oldx[k] = st->s[f[k]].x;
				oldy[k] = st->s[f[k]].y;
			} else {
				oldx[k] = st->br[o->who[k]].x;
				oldy[k] = st->br[o->who[k]].y;
			}
		}
		/* the new places: the old ones rearranged */
		for (k = 0; k < o->nassign; k++) {
			for (m = 0; m < o->nassign; m++)
				if (!used[m] && oldx[m] == o->ax[k] &&
				    (o->ax[k] == NR_OUT || oldy[m] == o->ay[k]))
					break;
			if (m == o->nassign) {
				nrp_refuse(p, o, "bad-exchange", kind == NR_ENIGMA ?
				       "the named forts must end on the spaces they held" :
				       "the named breakers must end on the places they held");
				return 0;
			}
			used[m] = 1;
			moved |= oldx[k] != o->ax[k] || (o->ax[k] != NR_OUT && oldy[k] != o->ay[k]);
		}
		if (!moved) {
			nrp_refuse(p, o, "pointless", "nothing would move");
			return 0;
		}
		if (kind == NR_ENIGMA)
			cost[NR_BLUE] = 2;
		else
			for (c = 0; c < NR_COLOURS; c++)
				cost[c] = 1;
		if (need(p, o, cost) < 0)
			return 0;
		nrp_step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		if (kind == NR_CASECURRY) {
			for (k = 0; k < o->nassign; k++) {
				st->br[o->who[k]].x = o->ax[k];
				st->br[o->who[k]].y = o->ax[k] == NR_OUT ? 0 : o->ay[k];
			}
			ability_event(p, b, "exchanges the breakers' places");
		} else {
			int on[4];

			for (k = 0; k < o->nassign; k++)
				on[k] = netrun_breakers_at(st, oldx[k], oldy[k]);
			for (k = 0; k < o->nassign; k++) {
				st->s[f[k]].x = o->ax[k];
				st->s[f[k]].y = o->ay[k];
				for (c = 0; c < NR_COLOURS; c++)
					if (on[k] & 1 << c) {
						st->br[c].x = o->ax[k];
						st->br[c].y = o->ay[k];
					}
			}
			ability_event(p, b, "exchanges the data forts' spaces");
		}
		return 0;
	}
	case NR_SLIVER:
		if (nrp_is_out(st, b)) {
			nrp_refuse(p, o, "not-in-matrix", "Sliver Virus must be in the matrix");
			return 0;
		}
		si = netrun_structure_at(st, st->br[b].x, st->br[b].y);
		if (st->s[si].strength <= 2 * (o->n - 1)) {
			nrp_refuse(p, o, "pointless", "the data structure under Sliver Virus would be at "
			       "strength 0 before the last use");
			return 0;
		}
		cost[NR_RED] = o->n;
		if (need(p, o, cost) < 0)
			return 0;
		nrp_step_event(p, o);
		if (costs(p, b, cost, 0))
			return 0;
		st->s[si].strength -= 2 * o->n;
		if (st->s[si].strength < 0)
			st->s[si].strength = 0;
		if (p->events)
			nrp_event(p, json_pack("{s:s,s:s,s:i}", "type", "reduce", "at",
					   nrp_where(st, b, msg), "strength", st->s[si].strength));
		snprintf(msg, sizeof(msg), "the data structure it stands on drops to strength %d",
			 st->s[si].strength);
		ability_event(p, b, msg);
		return 0;
	case NR_BABYLON:
		if (nrp_is_out(st, b)) {
			nrp_refuse(p, o, "not-in-matrix", "Babylon Q must be in the matrix");
			return 0;
		}
		if (netrun_structure_at(st, o->sx[0], o->sy[0]) >= 0) {
			nrp_refuse(p, o, "not-empty", "space %d,%d holds a data structure", o->sx[0], o->sy[0]);
			return 0;
		}
		si = netrun_structure_at(st, st->br[b].x, st->br[b].y);
		{
			struct netrun_state without = *st;
			int ok;

			without.s[si] = without.s[--without.ns];
			ok = netrun_three_ok(&without, o->sx[0], o->sy[0], &fx, &fy) == 0;
			if (!ok) {
				nrp_refuse(p, o, "three-neighbours", "a data structure at %d,%d would give %d,%d "
				       "four neighbours", o->sx[0], o->sy[0], fx, fy);
				return 0;
			}
		}
		if (two_powerups(st, o, two) < 0) {
			nrp_refuse(p, o, "no-powerup", "Babylon Q needs two power-ups%s",
			       o->npay ? " of the colours named" : "");
			return 0;
		}
		cost[two[0]]++;
		cost[two[1]]++;
		nrp_step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		move_structure(st, si, o->sx[0], o->sy[0]);
		ability_event(p, b, "moves its data structure");
		return 0;
	case NR_DAHLIA:
		if (nrp_is_out(st, b)) {
			nrp_refuse(p, o, "not-in-matrix", "Dahlia Mix must be in the matrix");
			return 0;
		}
		if ((si = netrun_structure_at(st, o->sx[0], o->sy[0])) < 0) {
			nrp_refuse(p, o, "not-a-target", "there is no data structure at %d,%d", o->sx[0],
			       o->sy[0]);
			return 0;
		}
		if (netrun_breakers_at(st, o->sx[0], o->sy[0])) {
			nrp_refuse(p, o, "occupied", "space %d,%d is occupied by the %s breaker", o->sx[0],
			       o->sy[0], nrp_first_colour(netrun_breakers_at(st, o->sx[0], o->sy[0])));
			return 0;
		}
		if (two_powerups(st, o, two) < 0) {
			nrp_refuse(p, o, "no-powerup", "Dahlia Mix needs two power-ups%s",
			       o->npay ? " of the colours named" : "");
			return 0;
		}
		cost[two[0]]++;
		cost[two[1]]++;
		nrp_step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		swap_structures(st, netrun_structure_at(st, st->br[b].x, st->br[b].y), si);
		ability_event(p, b, "exchanges its data structure with another");
		return 0;
	case NR_VIRAL: {
		int a = netrun_structure_at(st, o->sx[0], o->sy[0]);
		int z = netrun_structure_at(st, o->sx[1], o->sy[1]);

		for (k = 0; k < 2; k++) {
			if (netrun_structure_at(st, o->sx[k], o->sy[k]) < 0) {
				nrp_refuse(p, o, "not-a-target", "there is no data structure at %d,%d", o->sx[k],
				       o->sy[k]);
				return 0;
			}
			if (netrun_breakers_at(st, o->sx[k], o->sy[k])) {
				nrp_refuse(p, o, "occupied", "space %d,%d is occupied by the %s breaker",
				       o->sx[k], o->sy[k],
				       nrp_first_colour(netrun_breakers_at(st, o->sx[k], o->sy[k])));
				return 0;
			}
		}
		if (!nrp_is_out(st, b) && !nrp_adjacent(st->br[b].x, st->br[b].y, o->sx[0], o->sy[0]) &&
		    !nrp_adjacent(st->br[b].x, st->br[b].y, o->sx[1], o->sy[1])) {
			nrp_refuse(p, o, "not-contiguous", "neither %d,%d nor %d,%d is contiguous to Viral Dub "
			       "at %s", o->sx[0], o->sy[0], o->sx[1], o->sy[1], nrp_where(st, b, msg));
			return 0;
		}
		cost[NR_BLUE] = 1;
		if (need(p, o, cost) < 0)
			return 0;
		nrp_step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		swap_structures(st, a, z);
		ability_event(p, b, "exchanges two data structures");
		return 0;
	}
	}
	nrp_refuse(p, o, "no-ability", "the %s breaker (%s) has no ABILITY order", COLOUR(b), name);
	return 0;
}

