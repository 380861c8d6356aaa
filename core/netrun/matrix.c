/*
 * netrun's matrix: geometry (R2, R5.4), the checks of a RUN (R5.3), the win
 * (R7.4) and the stall (R5.6): what the state allows, changing nothing.
 */
#include "netrun.h"

#include <stdio.h>
#include <string.h>

#include "core/netrun/play.h"

#define COLOUR(c) netrun_colour_names[c]

/* ---------- geometry ---------- */

int netrun_structure_at(const struct netrun_state *st, int x, int y)
{
	int i;

	for (i = 0; i < st->ns; i++)
		if (st->s[i].x == x && st->s[i].y == y)
			return i;
	return -1;
}

int netrun_breakers_at(const struct netrun_state *st, int x, int y)
{
	int c, m = 0;

	for (c = 0; c < NR_COLOURS; c++)
		if (st->br[c].x == x && st->br[c].y == y && x != NR_OUT)
			m |= 1 << c;
	return m;
}

int nrp_is_out(const struct netrun_state *st, int b)
{
	return st->br[b].x == NR_OUT;
}

int nrp_adjacent(int x1, int y1, int x2, int y2)
{
	int dx = x1 - x2, dy = y1 - y2;

	return (dx == 0 && (dy == 1 || dy == -1)) || (dy == 0 && (dx == 1 || dx == -1));
}

/* Fewest steps along structures from structure `from` to every other (-1: none). */
void nrp_bfs(const struct netrun_state *st, int from, int dist[NR_TILES])
{
	int queue[NR_TILES], head = 0, tail = 0, i;

	for (i = 0; i < st->ns; i++)
		dist[i] = -1;
	dist[from] = 0;
	queue[tail++] = from;
	while (head < tail) {
		int a = queue[head++];

		for (i = 0; i < st->ns; i++)
			if (dist[i] < 0 && nrp_adjacent(st->s[a].x, st->s[a].y, st->s[i].x, st->s[i].y)) {
				dist[i] = dist[a] + 1;
				queue[tail++] = i;
			}
	}
}

int netrun_distance(const struct netrun_state *st, int b, int x, int y)
{
	int dist[NR_TILES], from, to;

	if (x == NR_OUT)
		return -1;
	if (nrp_is_out(st, b))
		return netrun_structure_at(st, x, y) >= 0 ? 1 : -1;
	if (st->br[b].x == x && st->br[b].y == y)
		return 0;
	from = netrun_structure_at(st, st->br[b].x, st->br[b].y);
	to = netrun_structure_at(st, x, y);
	if (from < 0 || to < 0)
		return -1;
	nrp_bfs(st, from, dist);
	return dist[to];
}

int netrun_distance_to_breaker(const struct netrun_state *st, int b, int o)
{
	if (b == o)
		return 0;
	if (nrp_is_out(st, o))
		return -1;
	return netrun_distance(st, b, st->br[o].x, st->br[o].y);
}

/* The structures next to x,y: their count, and their indexes in nb. */
static int neighbours(const struct netrun_state *st, int x, int y, int nb[4])
{
	int i, n = 0;

	for (i = 0; i < st->ns && n < 4; i++)
		if (nrp_adjacent(st->s[i].x, st->s[i].y, x, y))
			nb[n++] = i;
	return n;
}

int netrun_three_ok(const struct netrun_state *st, int x, int y, int *fx, int *fy)
{
	int nb[4], count[4] = { 0 }, n = neighbours(st, x, y, nb), i, k;

	if (n > 3) {
		*fx = x;
		*fy = y;
		return -1;
	}
	/* One pass counts the neighbours of each of them (the bots ask often). */
	for (i = 0; n && i < st->ns; i++)
		for (k = 0; k < n; k++)
			count[k] += nrp_adjacent(st->s[i].x, st->s[i].y, st->s[nb[k]].x, st->s[nb[k]].y);
	for (k = 0; k < n; k++)
		if (count[k] >= 3) {
			*fx = st->s[nb[k]].x;
			*fy = st->s[nb[k]].y;
			return -1;
		}
	return 0;
}

int netrun_supply(const struct netrun_state *st, int colour)
{
	int i, n = 5 - st->held[colour];

	for (i = 0; i < st->ns; i++)
		n -= st->s[i].token && NR_TILE_COLOUR(st->s[i].tile) == colour;
	return n < 0 ? 0 : n;
}

static int in_range(int x, int y)
{
	return x >= -NR_RANGE && x <= NR_RANGE && y >= -NR_RANGE && y <= NR_RANGE;
}

/*
 * R5.3's checks for breaker b to x,y: NULL when legal, else the code
 * (and the message in msg).
 */
const char *nrp_run_check(const struct netrun_state *st, int b, int x, int y, char *msg,
			     size_t len)
{
	/* msg NULL: only the verdict (the bot and the stall check ask often). */
	int si = netrun_structure_at(st, x, y), mask, fx, fy;
	char at[16];

	if (!st->ns && (x || y)) {
		if (msg)
			snprintf(msg, len, "the matrix is empty: the first data structure goes to 0,0");
		return "first-space";
	}
	if ((mask = netrun_breakers_at(st, x, y))) {
		if (msg)
			snprintf(msg, len, "space %d,%d is occupied by the %s breaker", x, y,
				 nrp_first_colour(mask));
		return "occupied";
	}
	if (!nrp_is_out(st, b) && !nrp_adjacent(st->br[b].x, st->br[b].y, x, y)) {
		int d = st->br[b].kind == NR_CHIBA && si >= 0 ? netrun_distance(st, b, x, y) : -1;

		if (d < 0 || d > 2) {
			if (msg)
				snprintf(msg, len, "space %d,%d is not contiguous to the %s breaker at %s",
					 x, y, COLOUR(b), nrp_where(st, b, at));
			return "not-contiguous";
		}
	}
	if (si < 0 && !st->nstack) {
		if (msg)
			snprintf(msg, len, "the data stack is empty: nothing can be installed at %d,%d",
				 x, y);
		return "stack-empty";
	}
	if (si < 0 && netrun_three_ok(st, x, y, &fx, &fy) < 0) {
		if (msg && fx == x && fy == y)
			snprintf(msg, len, "a data structure at %d,%d would have four neighbours", x, y);
		else if (msg)
			snprintf(msg, len, "a data structure at %d,%d would give %d,%d four neighbours",
				 x, y, fx, fy);
		return "three-neighbours";
	}
	return NULL;
}

int netrun_run_legal(const struct netrun_state *st, int b, int x, int y)
{
	return in_range(x, y) && !nrp_run_check(st, b, x, y, NULL, 0);
}

/* ---------- endings ---------- */

int nrp_won(const struct netrun_state *st)
{
	int c, i, n = 0;

	for (c = 0; c < NR_COLOURS; c++)
		for (i = 0; i < st->ns; i++)
			if (st->s[i].tile == NR_TILE(c, 0) && st->br[c].x == st->s[i].x &&
			    st->br[c].y == st->s[i].y)
				n++;
	return n == NR_COLOURS;
}

/*
 * netrun_three_ok on a map of the structures around a space (near[y][x],
 * the space at gx,gy, its neighbours' neighbours inside the map): 1 when a
 * structure may go there.
 */
static int three_ok_near(const unsigned char near[7][7], int gx, int gy)
{
	static const int dx[4] = { 0, -1, 1, 0 }, dy[4] = { -1, 0, 0, 1 };
	int k, j, n = 0;

	for (k = 0; k < 4; k++) {
		int nx = gx + dx[k], ny = gy + dy[k], count = 0;

		if (!near[ny][nx])
			continue;
		n++;
		for (j = 0; j < 4; j++)
			count += near[ny + dy[j]][nx + dx[j]];
		if (count >= 3)
			return 0;
	}
	return n <= 3;
}

int netrun_run_targets(const struct netrun_state *st, int b, int *xs, int *ys, int max)
{
	static const int dx[4] = { 0, -1, 1, 0 }, dy[4] = { -1, 0, 0, 1 };
	int n = 0, k, i, j;

	if (nrp_is_out(st, b)) {
		for (i = 0; i < st->ns && n < max; i++)
			if (!netrun_breakers_at(st, st->s[i].x, st->s[i].y)) {
				xs[n] = st->s[i].x;
				ys[n++] = st->s[i].y;
			}
	} else {
		/*
		 * run_check's verdict on the four spaces next to the breaker, from a
		 * map of the structures within three steps of it (all R5.3 reads
		 * there), made in one pass: the bots ask for every breaker at every
		 * step, and asking run_check went over the structures sixteen times.
		 */
		unsigned char near[7][7] = { { 0 } };
		int bx = st->br[b].x, by = st->br[b].y;

		for (i = 0; i < st->ns; i++) {
			int gx = st->s[i].x - bx + 3, gy = st->s[i].y - by + 3;

			if (gx >= 0 && gx < 7 && gy >= 0 && gy < 7)
				near[gy][gx] = 1;
		}
		for (k = 0; k < 4 && n < max; k++) {
			int x = bx + dx[k], y = by + dy[k], gx = 3 + dx[k], gy = 3 + dy[k];
			int empty = !near[gy][gx];

			if (!in_range(x, y) || (!st->ns && (x || y)) || netrun_breakers_at(st, x, y) ||
			    (empty && (!st->nstack || !three_ok_near(near, gx, gy))))
				continue;
			xs[n] = x;
			ys[n++] = y;
		}
		if (st->br[b].kind == NR_CHIBA && n < max) {
			/*
			 * run_check's verdict on a structure, with one search for all of
			 * them (it would search once for each): free, and at most two
			 * steps along structures from the breaker's.
			 */
			int dist[NR_TILES], from = netrun_structure_at(st, st->br[b].x, st->br[b].y);

			if (from >= 0)
				nrp_bfs(st, from, dist);
			for (i = 0; from >= 0 && i < st->ns && n < max; i++) {
				int x = st->s[i].x, y = st->s[i].y;

				if (nrp_adjacent(x, y, st->br[b].x, st->br[b].y) || dist[i] < 0 || dist[i] > 2 ||
				    netrun_breakers_at(st, x, y))
					continue;
				xs[n] = x;
				ys[n++] = y;
			}
		}
	}
	/* by y then x */
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && (ys[j] < ys[j - 1] || (ys[j] == ys[j - 1] && xs[j] < xs[j - 1]));
		     j--) {
			int t = xs[j];

			xs[j] = xs[j - 1];
			xs[j - 1] = t;
			t = ys[j];
			ys[j] = ys[j - 1];
			ys[j - 1] = t;
		}
	return n;
}

static int any_unoccupied(const struct netrun_state *st)
{
	int i;

	for (i = 0; i < st->ns; i++)
		if (!netrun_breakers_at(st, st->s[i].x, st->s[i].y))
			return 1;
	return 0;
}

static int can_run(const struct netrun_state *st, int b)
{
	int xs[32], ys[32];

	if (nrp_is_out(st, b))
		return st->nstack > 0 || any_unoccupied(st);
	/* one target is enough to know */
	return netrun_run_targets(st, b, xs, ys, 1) > 0;
}

static int locations(const struct netrun_state *st)
{
	int c, d, n = 0;

	for (c = 0; c < NR_COLOURS; c++) {
		for (d = 0; d < c && !nrp_same_place(st, c, d); d++)
			;
		n += d == c;
	}
	return n;
}

/* R5.6's list: an ability that moves a breaker or structure, or challenges. */
static int can_act(const struct netrun_state *st, int b)
{
	const int *h = st->held;
	int all = h[0] && h[1] && h[2] && h[3], i, o, n, d;

	switch (st->br[b].kind) {
	case NR_LISP:
		for (o = 0; o < NR_COLOURS; o++)
			if (o != b && !nrp_same_place(st, b, o))
				return 1;
		return 0;
	case NR_KUANG11:
		for (i = 0; i < st->ns; i++) {
			d = netrun_distance(st, b, st->s[i].x, st->s[i].y);
			if (d >= 0 && d <= 6 && !netrun_breakers_at(st, st->s[i].x, st->s[i].y))
				return 1;
		}
		return 0;
	case NR_ASSIMILATION:
		if (!all)
			return 0;
		for (i = 0; i < st->ns; i++)
			if (st->s[i].x != st->br[b].x || st->s[i].y != st->br[b].y)
				return 1;
		return 0;
	case NR_FINN:
		if (nrp_is_out(st, b))
			return 0;
		for (o = 0; o < NR_COLOURS; o++)
			for (d = o + 1; d < NR_COLOURS; d++)
				if (!nrp_same_place(st, o, d) && (h[o] || h[d]))
					return 1;
		return 0;
	case NR_CASECURRY:
		return !nrp_is_out(st, b) && all && locations(st) >= 2;
	case NR_BABYLON:
		return !nrp_is_out(st, b) && h[0] + h[1] + h[2] + h[3] >= 2;
	case NR_DAHLIA:
		return !nrp_is_out(st, b) && h[0] + h[1] + h[2] + h[3] >= 2 && any_unoccupied(st);
	case NR_VIRAL:
		if (!h[NR_BLUE])
			return 0;
		for (n = 0, i = 0; i < st->ns; i++)
			n += !netrun_breakers_at(st, st->s[i].x, st->s[i].y);
		if (n < 2)
			return 0;
		if (nrp_is_out(st, b))
			return 1;
		for (i = 0; i < st->ns; i++)
			if (!netrun_breakers_at(st, st->s[i].x, st->s[i].y) &&
			    nrp_adjacent(st->s[i].x, st->s[i].y, st->br[b].x, st->br[b].y))
				return 1;
		return 0;
	case NR_ENIGMA:
		for (n = 0, i = 0; i < st->ns; i++)
			n += NR_IS_FORT(st->s[i].tile);
		return h[NR_BLUE] >= 2 && n >= 2;
	}
	return 0;
}

int nrp_has_run(const struct netrun_state *st)
{
	int b;

	for (b = 0; b < NR_COLOURS; b++)
		if (can_run(st, b))
			return 1;
	return 0;
}

int netrun_stalled(const struct netrun_state *st)
{
	int b;

	if (nrp_has_run(st))
		return 0;
	for (b = 0; b < NR_COLOURS; b++)
		if (can_act(st, b))
			return 0;
	return 1;
}

