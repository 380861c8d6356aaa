/*
 * One Hovercrafts turn (rulings 3-9). Every die is taken through
 * struct dice_source in the canonical order of rulings 7b, and every
 * happening is appended to the event list, so a turn can be told,
 * replayed and verified.
 */
#include "turn.h"

#include <stdio.h>
#include <string.h>

#include "lib/strbuf.h"
#include "scenario.h"

enum move_state {
	MV_NONE = 0,	/* not moving this phase */
	MV_PENDING,	/* wants to move, not settled yet */
	MV_DONE		/* settled: moved, stayed, or left the game */
};

struct phase {
	struct game_state *st;
	struct dice_source *dice;
	struct event_list *events;
	char *err;
	size_t errlen;
	int number;
	enum action act[GAME_MAX_SHIPS];
	enum move_state mv[GAME_MAX_SHIPS];
	struct hex target[GAME_MAX_SHIPS];
	int emp_hit[GAME_MAX_SHIPS];	/* affected by an EMP this phase */
};

static struct event blank_event(const struct phase *ph, enum event_type type, int ship)
{
	struct event e;

	memset(&e, 0, sizeof(e));
	e.type = type;
	e.phase = ph ? ph->number : 0;
	e.ship = ship;
	e.other = -1;
	e.from.col = e.from.row = -1;
	e.to.col = e.to.row = -1;
	e.cause = type;
	return e;
}

static int push(struct phase *ph, const struct event *e)
{
	if (event_list_push(ph->events, e) < 0) {
		strncpy(ph->err, "out of memory", ph->errlen - 1);
		ph->err[ph->errlen - 1] = '\0';
		return -1;
	}
	return 0;
}

static int stat_for(const struct ship *s, enum check check)
{
	switch (check) {
	case CHECK_ENERGY:
		return s->stat[STAT_ENERGY];
	case CHECK_BALLISTIC:
		return s->stat[STAT_BALLISTIC];
	case CHECK_SHIELD:
		return s->stat[STAT_SHIELD];
	case CHECK_HULL:
		return s->stat[STAT_HULL] - s->damage;
	default:
		return 0;
	}
}

/* One check of one ship: takes a die, records it, returns the score. */
static int roll(struct phase *ph, int ship, enum check check, enum event_type cause, int *score)
{
	struct ship *s = &ph->st->ships[ship];
	struct event e = blank_event(ph, EV_ROLL, ship);
	int d6;

	if (ph->dice->roll(ph->dice->ctx, check, s->name, &d6, ph->err, ph->errlen) < 0)
		return -1;
	if (d6 < 1 || d6 > 6) {
		strncpy(ph->err, "dice source gave a die outside 1-6", ph->errlen - 1);
		ph->err[ph->errlen - 1] = '\0';
		return -1;
	}
	e.check = check;
	e.d6 = d6;
	e.stat = stat_for(s, check);
	e.score = check_score(d6, e.stat);
	e.cause = cause;
	e.from = e.to = s->pos;
	*score = e.score;
	return push(ph, &e);
}

/* Applies damage; a ship reaching its hull is disabled (and credited). */
static int hurt(struct phase *ph, int ship, int amount, enum event_type cause, int by)
{
	struct ship *s = &ph->st->ships[ship];
	struct event e;

	if (!ship_is_active(s))
		return 0;
	s->damage += amount;
	if (s->damage > s->stat[STAT_HULL])
		s->damage = s->stat[STAT_HULL];
	e = blank_event(ph, EV_DAMAGE, ship);
	e.other = by;
	e.value = amount;
	e.cause = cause;
	e.score = ship_hull_left(s);
	e.from = e.to = s->pos;
	if (push(ph, &e) < 0)
		return -1;
	if (s->damage < s->stat[STAT_HULL])
		return 0;
	s->status = SHIP_DISABLED;
	e = blank_event(ph, EV_DISABLED, ship);
	e.other = by;
	e.cause = cause;
	e.from = e.to = s->pos;
	return push(ph, &e);
}

static int removed(struct phase *ph, int ship)
{
	struct event e = blank_event(ph, EV_REMOVED, ship);

	e.from = e.to = ph->st->ships[ship].pos;
	return push(ph, &e);
}

/*
 * rammer rams rammed: hull checks, rammer first; the lower takes 1, a tie
 * hurts both. Ships disabled here leave the map at once (rulings 5).
 */
static int ram(struct phase *ph, int rammer, int rammed, struct hex at)
{
	struct event e = blank_event(ph, EV_RAM, rammer);
	int a, b;

	if (roll(ph, rammer, CHECK_HULL, EV_RAM, &a) < 0 || roll(ph, rammed, CHECK_HULL, EV_RAM, &b) < 0)
		return -1;
	e.other = rammed;
	e.score = a;
	e.score2 = b;
	e.value = a < b ? 1 : a > b ? 2 : 3;
	e.from = ph->st->ships[rammer].pos;
	e.to = at;
	if (push(ph, &e) < 0)
		return -1;
	if ((e.value & 1) && hurt(ph, rammer, 1, EV_RAM, rammed) < 0)
		return -1;
	if ((e.value & 2) && hurt(ph, rammed, 1, EV_RAM, rammer) < 0)
		return -1;
	if (!ship_is_active(&ph->st->ships[rammed]) && removed(ph, rammed) < 0)
		return -1;
	if (!ship_is_active(&ph->st->ships[rammer]) && removed(ph, rammer) < 0)
		return -1;
	return 0;
}

static int move_into(struct phase *ph, int ship, struct hex to)
{
	struct ship *s = &ph->st->ships[ship];
	struct event e = blank_event(ph, EV_MOVE, ship);

	e.from = s->pos;
	e.to = to;
	s->pos = to;
	ph->mv[ship] = MV_DONE;
	return push(ph, &e);
}

static int blocked(struct phase *ph, int ship, struct hex to)
{
	struct event e = blank_event(ph, EV_BLOCKED, ship);

	e.from = ph->st->ships[ship].pos;
	e.to = to;
	ph->mv[ship] = MV_DONE;
	return push(ph, &e);
}

/*
 * Energy contest for one hex (rulings 5): everyone rolls, ties at the top
 * roll again. Fills order[] with the winner first, then the losers: those
 * who fell out later before those who fell out earlier, higher score first,
 * state order last.
 */
static int contest(struct phase *ph, const int *movers, int n, struct hex at, int *order)
{
	int cand[GAME_MAX_SHIPS], score[GAME_MAX_SHIPS];
	int ncand = n, filled = n, i, j, top;
	struct event e;

	memcpy(cand, movers, (size_t)n * sizeof(int));
	while (ncand > 1) {
		int keep = 0, out[GAME_MAX_SHIPS], nout = 0;

		top = 0;
		for (i = 0; i < ncand; i++) {
			if (roll(ph, cand[i], CHECK_ENERGY, EV_CONTEST, &score[i]) < 0)
				return -1;
			if (score[i] > top)
				top = score[i];
		}
		/* Losers of this round, best first (stable: state order on ties). */
		for (i = 0; i < ncand; i++)
			if (score[i] < top)
				out[nout++] = i;
		for (i = 1; i < nout; i++)
			for (j = i; j > 0 && score[out[j]] > score[out[j - 1]]; j--) {
				int t = out[j];

				out[j] = out[j - 1];
				out[j - 1] = t;
			}
		filled -= nout;
		for (i = 0; i < nout; i++)
			order[filled + i] = cand[out[i]];
		for (i = 0; i < ncand; i++)
			if (score[i] == top)
				cand[keep++] = cand[i];
		ncand = keep;
	}
	order[0] = cand[0];
	e = blank_event(ph, EV_CONTEST, cand[0]);
	e.to = at;
	e.value = n;
	return push(ph, &e);
}

/* Settles every pending move into hex t whose occupant is standing or gone. */
static int settle_hex(struct phase *ph, struct hex t)
{
	struct game_state *st = ph->st;
	int movers[GAME_MAX_SHIPS], order[GAME_MAX_SHIPS], n = 0, i, occ;

	for (i = 0; i < (int)st->nships; i++)
		if (ph->mv[i] == MV_PENDING && hex_equal(ph->target[i], t))
			movers[n++] = i;
	if (n == 0)
		return 0;
	if (n == 1)
		order[0] = movers[0];
	else if (contest(ph, movers, n, t, order) < 0)
		return -1;
	occ = game_ship_at(st, t);
	for (i = 0; i < n; i++) {
		int a = order[i];

		if (occ < 0) {
			if (move_into(ph, a, t) < 0)
				return -1;
			occ = a;
			continue;
		}
		if (ram(ph, a, occ, t) < 0)
			return -1;
		ph->mv[a] = MV_DONE;
		if (!ship_is_active(&st->ships[occ]))
			occ = -1;
		if (!ship_is_active(&st->ships[a]))
			continue;
		if (occ < 0) {
			if (move_into(ph, a, t) < 0)
				return -1;
			occ = a;
		} else if (blocked(ph, a, t) < 0) {
			return -1;
		}
	}
	return 0;
}

/* The pending mover in the hex that pending mover m wants, or -1. */
static int blocker(struct phase *ph, int m)
{
	int o = game_ship_at(ph->st, ph->target[m]);

	return (o >= 0 && ph->mv[o] == MV_PENDING) ? o : -1;
}

static int head_on(struct phase *ph, int a, int b)
{
	struct event e = blank_event(ph, EV_HEAD_ON, a);
	struct hex ha = ph->st->ships[a].pos, hb = ph->st->ships[b].pos;
	int a_on, b_on;

	e.other = b;
	e.from = ha;
	e.to = hb;
	if (push(ph, &e) < 0 || ram(ph, a, b, hb) < 0)
		return -1;
	a_on = ship_is_active(&ph->st->ships[a]);
	b_on = ship_is_active(&ph->st->ships[b]);
	/* A survivor of a head-on goes on into the freed hex (settled later). */
	if (a_on && b_on) {
		if (blocked(ph, a, hb) < 0 || blocked(ph, b, ha) < 0)
			return -1;
	}
	if (!a_on)
		ph->mv[a] = MV_DONE;
	if (!b_on)
		ph->mv[b] = MV_DONE;
	return 0;
}

/* A closed loop of three or more: every ship moves at once. */
static int loop_moves(struct phase *ph, const int *ring, int n)
{
	struct hex to[GAME_MAX_SHIPS];
	int i;

	for (i = 0; i < n; i++)
		to[i] = ph->target[ring[i]];
	for (i = 0; i < n; i++)
		if (move_into(ph, ring[i], to[i]) < 0)
			return -1;
	return 0;
}

static int hex_less(const void *a, const void *b)
{
	return hex_compare(*(const struct hex *)a, *(const struct hex *)b);
}

/* Insertion sort: n is small, and qsort's order on ties is unspecified. */
static void sort_hexes(struct hex *h, int n)
{
	int i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && hex_less(&h[j], &h[j - 1]) < 0; j--) {
			struct hex t = h[j];

			h[j] = h[j - 1];
			h[j - 1] = t;
		}
}

static int settle_cycles(struct phase *ph)
{
	struct game_state *st = ph->st;
	int n = (int)st->nships, color[GAME_MAX_SHIPS], i;
	int rings[GAME_MAX_SHIPS][GAME_MAX_SHIPS], rlen[GAME_MAX_SHIPS], nrings = 0;
	struct hex key[GAME_MAX_SHIPS];
	int idx[GAME_MAX_SHIPS], r, j;

	memset(color, 0, sizeof(color));
	for (i = 0; i < n; i++) {
		int m = i, path[GAME_MAX_SHIPS], len = 0;

		if (ph->mv[i] != MV_PENDING || color[i])
			continue;
		while (m >= 0 && !color[m]) {
			color[m] = i + 1;
			path[len++] = m;
			m = blocker(ph, m);
		}
		if (m < 0 || color[m] != i + 1)
			continue;	/* ends in a ship seen on an earlier walk */
		for (j = 0; path[j] != m; j++)
			;
		rlen[nrings] = len - j;
		memcpy(rings[nrings], path + j, (size_t)(len - j) * sizeof(int));
		nrings++;
	}
	/* Rings in the order of their first destination hex (rulings 7b). */
	for (r = 0; r < nrings; r++) {
		key[r] = ph->target[rings[r][0]];
		for (j = 1; j < rlen[r]; j++)
			if (hex_compare(ph->target[rings[r][j]], key[r]) < 0)
				key[r] = ph->target[rings[r][j]];
		idx[r] = r;
	}
	for (r = 1; r < nrings; r++)
		for (j = r; j > 0 && hex_compare(key[idx[j]], key[idx[j - 1]]) < 0; j--) {
			int t = idx[j];

			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
	for (r = 0; r < nrings; r++) {
		const int *ring = rings[idx[r]];

		if (rlen[idx[r]] == 2) {
			int a = ring[0] < ring[1] ? ring[0] : ring[1];
			int b = ring[0] < ring[1] ? ring[1] : ring[0];

			if (head_on(ph, a, b) < 0)
				return -1;
		} else if (loop_moves(ph, ring, rlen[idx[r]]) < 0) {
			return -1;
		}
	}
	return 0;
}

static int movement(struct phase *ph)
{
	struct game_state *st = ph->st;
	int n = (int)st->nships, i, pending = 0;

	for (i = 0; i < n; i++) {
		struct ship *s = &st->ships[i];
		struct hex t;
		struct event e;

		ph->mv[i] = MV_NONE;
		if (!ship_is_active(s) || ph->act[i] != ACT_MOVE)
			continue;
		t = hex_neighbor(s->pos, s->facing);
		ph->target[i] = t;
		if (!game_map_on_board(&st->map, t)) {
			e = blank_event(ph, EV_OFF_MAP, i);
			e.from = s->pos;
			e.to = t;
			s->status = SHIP_OFF_MAP;
			ph->mv[i] = MV_DONE;
			if (push(ph, &e) < 0 || removed(ph, i) < 0)
				return -1;
		} else if (game_map_is_wall(&st->map, t)) {
			e = blank_event(ph, EV_WALL, i);
			e.from = s->pos;
			e.to = t;
			ph->mv[i] = MV_DONE;
			if (push(ph, &e) < 0 || hurt(ph, i, 1, EV_WALL, -1) < 0)
				return -1;
			if (!ship_is_active(s) && removed(ph, i) < 0)
				return -1;
		} else {
			ph->mv[i] = MV_PENDING;
			pending++;
		}
	}
	while (pending) {
		struct hex ready[GAME_MAX_SHIPS];
		int nready = 0, k;

		/* One wave: every hex whose occupant does not wait on a move. */
		for (i = 0; i < n; i++) {
			if (ph->mv[i] != MV_PENDING || blocker(ph, i) >= 0)
				continue;
			for (k = 0; k < nready && !hex_equal(ready[k], ph->target[i]); k++)
				;
			if (k == nready)
				ready[nready++] = ph->target[i];
		}
		sort_hexes(ready, nready);
		for (k = 0; k < nready; k++)
			if (settle_hex(ph, ready[k]) < 0)
				return -1;
		if (!nready && settle_cycles(ph) < 0)
			return -1;
		for (pending = 0, i = 0; i < n; i++)
			if (ph->mv[i] == MV_PENDING)
				pending++;
	}
	return 0;
}

static int landed(const struct phase *ph, int i)
{
	return action_lands(ph->act[i]);
}

static int emps(struct phase *ph)
{
	struct game_state *st = ph->st;
	int n = (int)st->nships, i, j;

	for (i = 0; i < n; i++) {
		struct event e;
		int near[GAME_MAX_SHIPS], nn = 0, score = 0;

		if (ph->act[i] != ACT_EMP || !ship_is_active(&st->ships[i]))
			continue;
		for (j = 0; j < n; j++)
			if (j != i && ship_is_active(&st->ships[j]) && !landed(ph, j) &&
			    hex_adjacent(st->ships[i].pos, st->ships[j].pos))
				near[nn++] = j;
		if (nn && roll(ph, i, CHECK_ENERGY, EV_EMP, &score) < 0)
			return -1;
		e = blank_event(ph, EV_EMP, i);
		e.from = e.to = st->ships[i].pos;
		e.score = score;
		e.value = nn;
		if (push(ph, &e) < 0)
			return -1;
		for (j = 0; j < nn; j++) {
			int s2;

			if (roll(ph, near[j], CHECK_ENERGY, EV_EMP_CHECK, &s2) < 0)
				return -1;
			e = blank_event(ph, EV_EMP_CHECK, i);
			e.other = near[j];
			e.score = score;
			e.score2 = s2;
			e.value = s2 <= score;
			e.from = st->ships[i].pos;
			e.to = st->ships[near[j]].pos;
			if (e.value)
				ph->emp_hit[near[j]] = 1;
			if (push(ph, &e) < 0)
				return -1;
		}
	}
	return 0;
}

static int shooting(struct phase *ph)
{
	struct game_state *st = ph->st;
	int n = (int)st->nships, i, j, hits[GAME_MAX_SHIPS * GAME_MAX_SHIPS][2], nhits = 0;

	for (i = 0; i < n; i++) {
		struct ship *a = &st->ships[i];

		if (!ship_is_active(a) || landed(ph, i))
			continue;
		for (j = 0; j < n; j++) {
			struct ship *t = &st->ships[j];
			struct event e;
			int bal, shd;

			if (!ship_is_active(t) || t->team == a->team || !hex_in_front_arc(a->pos, a->facing, t->pos))
				continue;
			do {
				if (roll(ph, i, CHECK_BALLISTIC, EV_SHOT, &bal) < 0 ||
				    roll(ph, j, CHECK_SHIELD, EV_SHOT, &shd) < 0)
					return -1;
			} while (bal == shd);
			e = blank_event(ph, EV_SHOT, i);
			e.other = j;
			e.score = bal;
			e.score2 = shd;
			e.value = bal > shd;
			e.from = a->pos;
			e.to = t->pos;
			if (push(ph, &e) < 0)
				return -1;
			if (e.value) {
				hits[nhits][0] = i;
				hits[nhits][1] = j;
				nhits++;
			}
		}
	}
	/* All shots of a phase are simultaneous: damage only after all dice. */
	for (i = 0; i < nhits; i++)
		if (hurt(ph, hits[i][1], 1, EV_SHOT, hits[i][0]) < 0)
			return -1;
	for (i = 0; i < nhits; i++) {
		int t = hits[i][1], k, first = 1;

		for (k = 0; k < i; k++)
			if (hits[k][1] == t)
				first = 0;
		if (first && !ship_is_active(&st->ships[t]) && removed(ph, t) < 0)
			return -1;
	}
	return 0;
}

/* Turns, landings and repairs: everything in step a but the moves. */
static int actions(struct phase *ph)
{
	struct game_state *st = ph->st;
	int i;

	for (i = 0; i < (int)st->nships; i++) {
		struct ship *s = &st->ships[i];
		struct event e;

		if (!ship_is_active(s) || ph->act[i] == ACT_MOVE)
			continue;
		e = blank_event(ph, EV_ACTION, i);
		e.action = ph->act[i];
		e.from = e.to = s->pos;
		if (ph->act[i] == ACT_LEFT)
			s->facing = facing_left(s->facing);
		else if (ph->act[i] == ACT_RIGHT)
			s->facing = facing_right(s->facing);
		if (ph->act[i] == ACT_REPAIR) {
			e.type = EV_REPAIR;
			e.value = s->damage > 0;
			s->damage -= e.value;
			e.score = ship_hull_left(s);
		}
		e.value = e.type == EV_REPAIR ? e.value : (int)s->facing;
		if (push(ph, &e) < 0)
			return -1;
	}
	return 0;
}

int turn_roll_energy(struct game_state *st, struct dice_source *dice,
		     struct event_list *events, char *err, size_t errlen)
{
	struct phase ph;
	size_t i;

	memset(&ph, 0, sizeof(ph));
	ph.st = st;
	ph.dice = dice;
	ph.events = events;
	ph.err = err;
	ph.errlen = errlen;
	for (i = 0; i < st->nships; i++) {
		struct ship *s = &st->ships[i];
		struct event e;
		int score;

		s->actions = 0;
		if (!ship_is_active(s))
			continue;
		if (roll(&ph, (int)i, CHECK_ENERGY, EV_ENERGY, &score) < 0)
			return -1;
		s->actions = score;
		e = blank_event(&ph, EV_ENERGY, (int)i);
		e.value = score;
		e.from = e.to = s->pos;
		if (push(&ph, &e) < 0)
			return -1;
	}
	return 0;
}

void turn_plans_from_orders(const struct game_state *st, const struct orders_doc *doc,
			    struct turn_plan *plans)
{
	size_t i;

	memset(plans, 0, st->nships * sizeof(*plans));
	for (i = 0; i < doc->n; i++) {
		int idx = game_find_ship(st, doc->blocks[i].ship);

		if (idx < 0)
			continue;
		plans[idx].received = 1;
		plans[idx].n = doc->blocks[i].n;
		memcpy(plans[idx].act, doc->blocks[i].act, sizeof(plans[idx].act));
	}
}

int turn_resolve(struct game_state *st, const struct turn_plan *plans,
		 struct dice_source *dice, struct event_list *events,
		 char *err, size_t errlen)
{
	struct phase ph;
	int n = (int)st->nships, i, phases = 0, pending_land[GAME_MAX_SHIPS];
	size_t first_event = events->n;
	struct event e;

	if (n > GAME_MAX_SHIPS) {
		strncpy(err, "too many ships", errlen - 1);
		err[errlen - 1] = '\0';
		return -1;
	}
	memset(&ph, 0, sizeof(ph));
	memset(pending_land, 0, sizeof(pending_land));
	ph.st = st;
	ph.dice = dice;
	ph.events = events;
	ph.err = err;
	ph.errlen = errlen;
	for (i = 0; i < n; i++) {
		if (!ship_is_active(&st->ships[i]))
			continue;
		if (!plans[i].received || plans[i].received == TURN_AUTOPILOT) {
			e = blank_event(&ph, EV_NO_ORDERS, i);
			e.from = e.to = st->ships[i].pos;
			e.value = plans[i].received == TURN_AUTOPILOT;	/* 1: the autopilot flies it */
			if (push(&ph, &e) < 0)
				return -1;
		}
		/*
		 * Rulings 3.4: as many phases as the most actions any active ship
		 * may order (its energy score), so a turn without orders still
		 * has phases in which idle ships shoot. Rules version 1 took the
		 * longest list ordered. A plan is never cut short.
		 */
		if (st->rules_version != GAME_RULES_LONGEST_LIST && st->ships[i].actions > phases)
			phases = st->ships[i].actions;
		if (plans[i].n > phases)
			phases = plans[i].n;
	}
	for (ph.number = 1; ph.number <= phases; ph.number++) {
		e = blank_event(&ph, EV_PHASE, -1);
		if (push(&ph, &e) < 0)
			return -1;
		for (i = 0; i < n; i++) {
			ph.act[i] = ACT_IDLE;
			if (!ship_is_active(&st->ships[i]) || ph.number > plans[i].n)
				continue;
			ph.act[i] = plans[i].act[ph.number - 1];
			if (pending_land[i]) {
				e = blank_event(&ph, EV_EMP_REPLACED, i);
				e.action = ph.act[i];
				e.from = e.to = st->ships[i].pos;
				ph.act[i] = ACT_LAND;
				if (push(&ph, &e) < 0)
					return -1;
			}
		}
		memset(ph.emp_hit, 0, sizeof(ph.emp_hit));
		if (actions(&ph) < 0 || movement(&ph) < 0 || emps(&ph) < 0 || shooting(&ph) < 0)
			return -1;
		/* EMP effects reach only the next phase of this turn. */
		memcpy(pending_land, ph.emp_hit, sizeof(pending_land));
	}
	/* game_check_victory() unless a scenario adds goals and a turn limit. */
	st->winner = scenario_end_of_turn(st, events->n > first_event ? events->ev + first_event : NULL, events->n - first_event);
	ph.number = 0;
	if (st->winner != WINNER_NONE) {
		e = blank_event(&ph, EV_VICTORY, -1);
		e.value = (int)st->winner;
		if (push(&ph, &e) < 0)
			return -1;
		for (i = 0; i < n; i++)
			st->ships[i].actions = 0;
	} else if (turn_roll_energy(st, dice, events, err, errlen) < 0) {
		return -1;
	}
	st->turn++;
	return 0;
}

int turn_agree(struct game_state *st, const char *what, const unsigned char *agreed,
	       struct event_list *events, char *err, size_t errlen)
{
	int draw = !strcmp(what, "draw"), side = -1, n = 0;
	struct event e = blank_event(NULL, EV_VICTORY, -1);
	size_t i;

	if (!draw && strcmp(what, "concede")) {
		snprintf(err, errlen, "expected an agreement to \"draw\" or \"concede\", got '%s'", what);
		return -1;
	}
	for (i = 0; i < st->nships; i++) {
		if (!agreed[i])
			continue;
		if (!ship_is_active(&st->ships[i])) {
			snprintf(err, errlen, "%s is not in play and cannot agree", st->ships[i].name);
			return -1;
		}
		if (!draw && side >= 0 && (int)st->ships[i].team != side) {
			snprintf(err, errlen, "a concession is one side's: %s is not of %s",
				 st->ships[i].name, team_title((enum team)side));
			return -1;
		}
		side = (int)st->ships[i].team;
		n++;
	}
	for (i = 0; i < st->nships; i++)
		if (ship_is_active(&st->ships[i]) && !agreed[i] && (draw || (int)st->ships[i].team == side)) {
			snprintf(err, errlen, "%s did not agree to %s", st->ships[i].name,
				 draw ? "a draw" : "concede");
			return -1;
		}
	if (!n) {
		snprintf(err, errlen, "no ship agreed");
		return -1;
	}
	st->winner = draw ? WINNER_DRAW : side == TEAM_ZION ? WINNER_MACHINES : WINNER_ZION;
	e.value = (int)st->winner;
	e.score = draw ? TURN_AGREED_DRAW : TURN_AGREED_CONCEDE;
	if (event_list_push(events, &e) < 0) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < st->nships; i++)
		st->ships[i].actions = 0;
	st->turn++;
	return 0;
}
