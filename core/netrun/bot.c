/*
 * netrun's bot: one step a mail, planned with the odds of each challenge
 * (mxjudge-netrun(7), THE BOT). One breaker, the walker, installs every
 * tile; the others wait outside until their fort is up:
 * 1. a breaker whose own fort is installed, free and within its reach
 *    challenges it with SPEND ALL when the odds or the brain damage left
 *    allow (Wintermute Compiler sets itself first);
 * 2. else the walker installs with SPEND ALL where the matrix stays a path;
 * 3. else, nothing to install, a fort at any odds;
 * 4. else a move onto a free structure: the best odds, toward the own
 *    fort, off another colour's fort;
 * 5. else any legal RUN; else (or after 200 steps) JACK OUT.
 * Only what the runner sees is used: never the stack's order.
 */
#include "netrun.h"

#include <string.h>

static int on_own_fort(const struct netrun_state *st, int c)
{
	int si = st->br[c].x == NR_OUT ? -1 : netrun_structure_at(st, st->br[c].x, st->br[c].y);

	return si >= 0 && st->s[si].tile == NR_TILE(c, 0);
}

/* Does breaker c stand on a fort of another colour (which that colour needs)? */
static int on_other_fort(const struct netrun_state *st, int c)
{
	int si = st->br[c].x == NR_OUT ? -1 : netrun_structure_at(st, st->br[c].x, st->br[c].y);

	return si >= 0 && NR_IS_FORT(st->s[si].tile) && NR_TILE_COLOUR(st->s[si].tile) != c;
}

static int own_fort(const struct netrun_state *st, int c)
{
	int i;

	for (i = 0; i < st->ns; i++)
		if (st->s[i].tile == NR_TILE(c, 0))
			return i;
	return -1;
}

static void add_run(struct netrun_orders *o, int c, int x, int y)
{
	struct nr_order *r = &o->o[o->n++];

	memset(r, 0, sizeof(*r));
	r->cmd = NR_CMD_RUN;
	r->colour = c;
	r->x = x;
	r->y = y;
	r->line = o->n;
}

/* The distance along structures from space x,y to structure `to`; 99 when none. */
static int path_length(const struct netrun_state *st, int x, int y, int to)
{
	int dist[NR_TILES], queue[NR_TILES], head = 0, tail = 0, i, from = netrun_structure_at(st, x, y);

	if (from < 0)
		return 99;
	for (i = 0; i < st->ns; i++)
		dist[i] = -1;
	dist[from] = 0;
	queue[tail++] = from;
	while (head < tail) {
		int a = queue[head++], dx, dy;

		for (i = 0; i < st->ns; i++) {
			dx = st->s[i].x - st->s[a].x;
			dy = st->s[i].y - st->s[a].y;
			if (dist[i] < 0 && ((dx == 0 && (dy == 1 || dy == -1)) ||
					    (dy == 0 && (dx == 1 || dx == -1)))) {
				dist[i] = dist[a] + 1;
				queue[tail++] = i;
			}
		}
	}
	return dist[to] < 0 ? 99 : dist[to];
}

static void add_spend_all(struct netrun_orders *o)
{
	struct nr_order *s = &o->o[o->n++];

	memset(s, 0, sizeof(*s));
	s->cmd = NR_CMD_SPEND;
	s->nitems = 1;
	s->items[0].colour = -1;
	s->items[0].max = -1;
	s->line = o->n;
}

/*
 * Breaker c's own strength for each face of its die (R9.2, R9.5), roughly:
 * basic d6, most customs d6-1, the blue ones d6-2 (never below 0); a fixed
 * strength for those that roll none. What a position adds (Hosaka, Zion
 * Loop, Cray on a colour, Turing's company) is left out: the bot plans
 * with the odds it can count on.
 */
static int own_strength(const struct netrun_state *st, int c, int face)
{
	int kind = st->br[c].kind, v;

	switch (kind) {
	case NR_BASIC: return face;
	case NR_WINTERMUTE: return st->br[c].wintermute ? 10 : 0;
	case NR_TURING: case NR_SENDAI: return 3;
	case NR_CRAY: return 1;
	default:
		v = face - (NR_KIND_COLOUR(kind) == NR_BLUE ? 2 : 1);
		return v < 0 ? 0 : v;
	}
}

/*
 * The chance that breaker c breaks a structure of strength s and colour
 * col with SPEND ALL: its own strength, +1 for its colour (R6.1), +1 a
 * token of col held (R8.3), strictly more than s (R6.1.5).
 */
static double odds(const struct netrun_state *st, int c, int s, int col)
{
	int face, win = 0;

	for (face = 1; face <= 6; face++)
		win += own_strength(st, c, face) + (c == col) + st->held[col] > s;
	return win / 6.0;
}

/* How well c installs tiles it cannot see: its mean own strength. */
static double quality(const struct netrun_state *st, int c)
{
	int face, sum = 0;

	for (face = 1; face <= 6; face++)
		sum += own_strength(st, c, face);
	return sum / 6.0;
}

/* The structure neighbours of an empty space x,y. */
static int crowd(const struct netrun_state *st, int x, int y)
{
	return (netrun_structure_at(st, x, y - 1) >= 0) + (netrun_structure_at(st, x + 1, y) >= 0) +
	       (netrun_structure_at(st, x, y + 1) >= 0) + (netrun_structure_at(st, x - 1, y) >= 0);
}

/*
 * An install by breaker c next to where it stands (or, outside, next to
 * the matrix): the legal empty space with the fewest structure neighbours,
 * so the matrix grows as a path with room on both sides; 0 when none.
 */
static int install_space(const struct netrun_state *st, int c, int *bx, int *by)
{
	static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
	int xs[32], ys[32], n, k, i, best = 99;

	if (!st->nstack)
		return 0;
	if (st->br[c].x != NR_OUT) {
		n = netrun_run_targets(st, c, xs, ys, 32);
		for (k = 0; k < n; k++)
			if (netrun_structure_at(st, xs[k], ys[k]) < 0 && crowd(st, xs[k], ys[k]) < best) {
				best = crowd(st, xs[k], ys[k]);
				*bx = xs[k];
				*by = ys[k];
			}
		return best < 99;
	}
	if (!st->ns) {
		*bx = 0;
		*by = 0;
		return netrun_run_legal(st, c, 0, 0);
	}
	for (i = 0; i < st->ns; i++)
		for (k = 0; k < 4; k++) {
			int x = st->s[i].x + dx[k], y = st->s[i].y + dy[k];

			if (netrun_structure_at(st, x, y) < 0 && crowd(st, x, y) < best &&
			    netrun_run_legal(st, c, x, y)) {
				best = crowd(st, x, y);
				*bx = x;
				*by = y;
			}
		}
	return best < 99;
}

/*
 * The planning bot (mxjudge-netrun(7), THE BOT). One breaker, the walker,
 * installs every tile while the others wait outside, where every structure
 * is within reach (R2.2): a fort comes up next to the walker, so the
 * walker's own is one step away, and the others' are one RUN from outside.
 * Each step weighs the odds of its challenge (the die, the colour bonus,
 * the tokens SPEND ALL would add) against the brain damage left.
 */
void netrun_bot_step(const struct netrun_state *st, struct netrun_orders *o)
{
	int xs[32], ys[32], n, c, k, f, best, bx = 0, by = 0, walker = -1;
	int limit = st->target >= 0 ? st->target + 1 : 10, left = limit - st->bd;
	double p, bestp = -1.0;

	o->n = 0;
	if (st->steps >= 200)
		goto jack_out;	/* going round in circles: no run needs this many steps */
	/* 1. a breaker takes its own fort when the odds are good, or nothing else is left */
	best = -1;
	for (c = 0; c < NR_COLOURS; c++) {
		f = own_fort(st, c);
		if (f < 0 || on_own_fort(st, c) || !netrun_run_legal(st, c, st->s[f].x, st->s[f].y))
			continue;
		p = st->br[c].kind == NR_WINTERMUTE ? 1.0 : odds(st, c, st->s[f].strength, c);
		if (p > bestp) {
			bestp = p;
			best = c;
		}
	}
	if (best >= 0 && (bestp >= 0.5 || !st->nstack || left > 3 + st->nstack / 3)) {
		c = best;
		f = own_fort(st, c);
		if (st->br[c].kind == NR_WINTERMUTE && !st->br[c].wintermute) {
			struct nr_order *a = &o->o[o->n++];

			memset(a, 0, sizeof(*a));
			a->cmd = NR_CMD_ABILITY;
			a->colour = c;
			a->line = o->n;
		}
		add_spend_all(o);
		add_run(o, c, st->s[f].x, st->s[f].y);
		return;
	}
	/*
	 * 2. the walker installs: the best of the breakers in the matrix not on
	 * their own fort, else the best from outside whose fort is not yet up,
	 * else any breaker not on its own fort.
	 */
	{
		int can[NR_COLOURS], ix[NR_COLOURS], iy[NR_COLOURS];
		double qs[NR_COLOURS];

		for (c = 0; c < NR_COLOURS; c++) {
			can[c] = !on_own_fort(st, c) && install_space(st, c, &ix[c], &iy[c]);
			qs[c] = quality(st, c);
		}
		for (k = 0; k < 3 && walker < 0; k++) {
			double q = -1.0;

			for (c = 0; c < NR_COLOURS; c++) {
				if (!can[c] || (k == 0 && st->br[c].x == NR_OUT) ||
				    (k == 1 && (st->br[c].x != NR_OUT || own_fort(st, c) >= 0)) || qs[c] <= q)
					continue;
				q = qs[c];
				walker = c;
				bx = ix[c];
				by = iy[c];
			}
		}
	}
	if (walker >= 0) {
		add_spend_all(o);
		add_run(o, walker, bx, by);
		return;
	}
	if (best >= 0) {	/* nothing to install: the fort at any odds */
		add_spend_all(o);
		add_run(o, best, st->s[own_fort(st, best)].x, st->s[own_fort(st, best)].y);
		return;
	}
	/* 3. a breaker not on its own fort moves onto a free structure: the best odds, nearest its fort */
	bestp = -1.0;
	for (c = 0; c < NR_COLOURS; c++) {
		if (on_own_fort(st, c))
			continue;
		n = netrun_run_targets(st, c, xs, ys, 32);
		f = own_fort(st, c);
		for (k = 0; k < n; k++) {
			int si = netrun_structure_at(st, xs[k], ys[k]);

			if (si < 0 || NR_IS_FORT(st->s[si].tile))
				continue;
			/* toward its own fort, and off another's fort that it blocks */
			p = odds(st, c, st->s[si].strength, NR_TILE_COLOUR(st->s[si].tile)) -
			    0.3 * (f < 0 ? 0 : path_length(st, xs[k], ys[k], f)) + 2.0 * on_other_fort(st, c);
			if (p > bestp) {
				bestp = p;
				bx = xs[k];
				by = ys[k];
				walker = c;
			}
		}
	}
	if (walker >= 0) {
		add_spend_all(o);
		add_run(o, walker, bx, by);
		return;
	}
	/* 4. anything */
	for (c = 0; c < NR_COLOURS; c++) {
		n = netrun_run_targets(st, c, xs, ys, 32);
		if (n) {
			add_spend_all(o);
			add_run(o, c, xs[0], ys[0]);
			return;
		}
	}
jack_out:
	memset(&o->o[0], 0, sizeof(o->o[0]));
	o->o[0].cmd = NR_CMD_JACK_OUT;
	o->o[0].line = 1;
	o->n = 1;
}

void netrun_bot_orders(const struct netrun_state *st, struct strbuf *out)
{
	struct netrun_orders o;
	int i;

	if (st->status == NR_SETUP) {
		strbuf_addstr(out, "NONCE bot\n");
		return;
	}
	netrun_bot_step(st, &o);
	for (i = 0; i < o.n; i++) {
		const struct nr_order *r = &o.o[i];

		switch (r->cmd) {
		case NR_CMD_RUN:
			strbuf_addf(out, "RUN %s %d,%d\n", netrun_colour_names[r->colour], r->x, r->y);
			break;
		case NR_CMD_SPEND:
			strbuf_addstr(out, "SPEND ALL\n");
			break;
		case NR_CMD_ABILITY:
			strbuf_addf(out, "ABILITY %s\n", netrun_colour_names[r->colour]);
			break;
		default:
			strbuf_addstr(out, "JACK OUT\n");
		}
	}
}
