/*
 * netrun's bot: one step a mail, by a fixed order of preferences
 * (mxjudge-netrun(7), "The bot"):
 * 1. a breaker whose own fort is installed, free and within its reach
 *    challenges it, with SPEND ALL (Wintermute Compiler sets itself first);
 * 2. else a breaker not on its own fort installs next to itself;
 * 3. else a breaker outside installs next to the matrix (0,0 first);
 * 4. else a breaker not on its own fort moves onto a free structure,
 *    nearest its own fort first;
 * 5. else any legal RUN; else JACK OUT.
 * Breakers are tried in colour order; spaces by y then x.
 */
#include "netrun.h"

#include <string.h>

static int on_own_fort(const struct netrun_state *st, int c)
{
	int si = st->br[c].x == NR_OUT ? -1 : netrun_structure_at(st, st->br[c].x, st->br[c].y);

	return si >= 0 && st->s[si].tile == NR_TILE(c, 0);
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

void netrun_bot_step(const struct netrun_state *st, struct netrun_orders *o)
{
	static const int dx[4] = { 0, -1, 1, 0 }, dy[4] = { -1, 0, 0, 1 };
	int xs[32], ys[32], n, c, k, i, f, best, bx = 0, by = 0;

	o->n = 0;
	/* 1. own forts */
	for (c = 0; c < NR_COLOURS; c++) {
		f = own_fort(st, c);
		if (f < 0 || on_own_fort(st, c) || !netrun_run_legal(st, c, st->s[f].x, st->s[f].y))
			continue;
		if (st->br[c].kind == NR_WINTERMUTE && !st->br[c].wintermute) {
			struct nr_order *a = &o->o[o->n++];

			memset(a, 0, sizeof(*a));
			a->cmd = NR_CMD_ABILITY;
			a->colour = c;
			a->line = o->n;
		}
		o->o[o->n].cmd = NR_CMD_SPEND;
		memset(&o->o[o->n], 0, sizeof(o->o[0]));
		o->o[o->n].cmd = NR_CMD_SPEND;
		o->o[o->n].nitems = 1;
		o->o[o->n].items[0].colour = -1;
		o->o[o->n].items[0].max = -1;
		o->o[o->n].line = o->n + 1;
		o->n++;
		add_run(o, c, st->s[f].x, st->s[f].y);
		return;
	}
	/* 2. install next to a breaker in the matrix */
	for (c = 0; c < NR_COLOURS; c++) {
		if (st->br[c].x == NR_OUT || on_own_fort(st, c) || !st->nstack)
			continue;
		n = netrun_run_targets(st, c, xs, ys, 32);
		for (k = 0; k < n; k++)
			if (netrun_structure_at(st, xs[k], ys[k]) < 0) {
				add_run(o, c, xs[k], ys[k]);
				return;
			}
	}
	/* 3. an outside breaker installs next to the matrix */
	for (c = 0; c < NR_COLOURS && st->nstack; c++) {
		if (st->br[c].x != NR_OUT)
			continue;
		if (!st->ns) {
			add_run(o, c, 0, 0);
			return;
		}
		for (i = 0; i < st->ns; i++)
			for (k = 0; k < 4; k++) {
				int x = st->s[i].x + dx[k], y = st->s[i].y + dy[k];

				if (netrun_structure_at(st, x, y) < 0 && netrun_run_legal(st, c, x, y)) {
					add_run(o, c, x, y);
					return;
				}
			}
	}
	/* 4. move onto a free structure, nearest the own fort first */
	for (c = 0; c < NR_COLOURS; c++) {
		if (on_own_fort(st, c))
			continue;
		n = netrun_run_targets(st, c, xs, ys, 32);
		f = own_fort(st, c);
		best = 1000;
		for (k = 0; k < n; k++) {
			int d;

			if (netrun_structure_at(st, xs[k], ys[k]) < 0)
				continue;
			d = f < 0 ? 0 : path_length(st, xs[k], ys[k], f);
			if (d < best) {
				best = d;
				bx = xs[k];
				by = ys[k];
			}
		}
		if (best < 1000) {
			add_run(o, c, bx, by);
			return;
		}
	}
	/* 5. anything */
	for (c = 0; c < NR_COLOURS; c++) {
		n = netrun_run_targets(st, c, xs, ys, 32);
		if (n) {
			add_run(o, c, xs[0], ys[0]);
			return;
		}
	}
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
