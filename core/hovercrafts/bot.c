/*
 * The built-in captain (see bot.h for the policy). Distances are steps
 * over wall-free hexes, from one breadth-first search per team and turn,
 * so a bot walks around walls instead of into them. Hexes are cell
 * numbers (row * width + col) with a neighbour table built once per board
 * shape: planning is most of a simulated battle's cost, so it avoids
 * recomputing geometry.
 */
#include "bot.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define FAR INT_MAX

void bot_init(struct bot *b)
{
	memset(b, 0, sizeof(*b));
}

void bot_release(struct bot *b)
{
	free(b->nb);
	free(b->dist);
	free(b->queue);
	free(b->claim);
	free(b->occ);
	bot_init(b);
}

static int reserve(struct bot *b, size_t cells)
{
	struct bot n;

	if (cells <= b->cells)
		return 0;
	bot_init(&n);
	n.nb = malloc(FACE_COUNT * cells * sizeof(*n.nb));
	n.dist = malloc(TEAM_COUNT * cells * sizeof(*n.dist));
	n.queue = malloc(cells * sizeof(*n.queue));
	n.claim = malloc(cells);
	n.occ = malloc(cells);
	if (!n.nb || !n.dist || !n.queue || !n.claim || !n.occ) {
		bot_release(&n);
		return -1;
	}
	n.cells = cells;
	bot_release(b);
	*b = n;
	return 0;
}

/* The neighbour table of a width x height board (walls are looked up apart). */
static void build_neighbours(struct bot *b, int width, int height)
{
	struct hex h;
	int f;

	if (b->nb_width == width && b->nb_height == height)
		return;
	for (h.row = 0; h.row < height; h.row++)
		for (h.col = 0; h.col < width; h.col++)
			for (f = 0; f < FACE_COUNT; f++) {
				struct hex n = hex_neighbor(h, (enum facing)f);
				int on = n.col >= 0 && n.row >= 0 && n.col < width && n.row < height;

				b->nb[(h.row * width + h.col) * FACE_COUNT + f] = on ? n.row * width + n.col : -1;
			}
	b->nb_width = width;
	b->nb_height = height;
}

static int cell_of(const struct game_map *m, struct hex h)
{
	return h.row * m->width + h.col;
}

/* dist[] = steps from each hex to the nearest active ship not of team. */
static void distances(struct bot *b, const struct game_state *st, enum team team, int *dist)
{
	const struct game_map *m = &st->map;
	int ncells = m->width * m->height, head = 0, tail = 0, i, f;
	size_t k;

	for (i = 0; i < ncells; i++)
		dist[i] = FAR;
	for (k = 0; k < st->nships; k++) {
		const struct ship *s = &st->ships[k];
		int c;

		if (!ship_is_active(s) || s->team == team || !game_map_on_board(m, s->pos))
			continue;
		c = cell_of(m, s->pos);
		if (dist[c] == FAR) {
			dist[c] = 0;
			b->queue[tail++] = c;
		}
	}
	while (head < tail) {
		int c = b->queue[head++];
		const int *nb = b->nb + c * FACE_COUNT;

		for (f = 0; f < FACE_COUNT; f++) {
			int n = nb[f];

			if (n >= 0 && !m->walls[n] && dist[n] == FAR) {
				dist[n] = dist[c] + 1;
				b->queue[tail++] = n;
			}
		}
	}
}

int bot_badly_hurt(const struct ship *s)
{
	int left = ship_hull_left(s);

	return s->damage > 0 && (left <= 1 || 3 * left <= s->stat[STAT_HULL]);
}

/* What the bot knows while it plays one ship's turn out in its head. */
struct walk {
	const struct game_state *st;
	const struct bot *b;
	const int *dist;
	int self;
	unsigned team_bit;
	int enemy[GAME_MAX_SHIPS];	/* cells of the active enemies */
	int nenemy;
	int pos;			/* cell */
	enum facing facing;
	int damage;
};

/* Free to drive into: on the board, no wall, nobody there or going there. */
static int free_cell(const struct walk *w, int c)
{
	return c >= 0 && !w->st->map.walls[c] && !(w->b->claim[c] & w->team_bit) &&
	       (!w->b->occ[c] || w->b->occ[c] == w->self + 1);
}

/* Steps to the nearest enemy from cell c; straight-line when walls cut it off. */
static int metric(const struct walk *w, int c)
{
	const struct game_map *m = &w->st->map;
	struct hex h = { c % m->width, c / m->width };
	int best = FAR, k;

	if (w->dist[w->pos] != FAR)
		return w->dist[c];
	for (k = 0; k < w->nenemy; k++) {
		struct hex e = { w->enemy[k] % m->width, w->enemy[k] / m->width };
		int d = hex_distance(h, e);

		if (d < best)
			best = d;
	}
	return best;
}

/* LEFT or RIGHT to turn from facing f toward direction d, the shorter way. */
static enum action turn_toward(enum facing f, int d)
{
	int left = (d - (int)f + FACE_COUNT) % FACE_COUNT;

	return left <= FACE_COUNT / 2 ? ACT_LEFT : ACT_RIGHT;
}

static int turns_to(enum facing f, int d)
{
	int left = (d - (int)f + FACE_COUNT) % FACE_COUNT;

	return left <= FACE_COUNT / 2 ? left : FACE_COUNT - left;
}

/* The next action, or ACT_IDLE when stuck: the rest of the turn idle. */
static enum action next_action(struct walk *w, int *emp_used)
{
	const int *nb = w->b->nb + w->pos * FACE_COUNT;
	struct ship me = w->st->ships[w->self];
	int adjacent = 0, in_arc = 0, arc_dir = 0, best_dir = -1, best_turns = FACE_COUNT;
	int here, k, f;

	me.damage = w->damage;
	if (bot_badly_hurt(&me))
		return ACT_REPAIR;
	for (k = 0; k < w->nenemy; k++) {
		int d;

		for (d = 0; d < FACE_COUNT && nb[d] != w->enemy[k]; d++)
			;
		if (d == FACE_COUNT)
			continue;
		adjacent++;
		if (turns_to(w->facing, d) < best_turns) {
			best_turns = turns_to(w->facing, d);
			best_dir = d;
		}
		/* The front arc: the hex in front and the one on either side of it. */
		if (!in_arc && turns_to(w->facing, d) <= 1) {
			in_arc = 1;
			arc_dir = d;
		}
	}
	if (adjacent >= 2 && !*emp_used) {
		*emp_used = 1;
		return ACT_EMP;
	}
	/*
	 * Hold by turning on the spot: a phase exists only when some ship has
	 * an action in it, and a turn of one hex keeps an enemy dead ahead or
	 * at the arc's edge in the arc, so the ship shoots every phase.
	 */
	if (in_arc)
		return arc_dir == (int)w->facing ? ACT_LEFT : turn_toward(w->facing, arc_dir);
	if (best_dir >= 0)
		return turn_toward(w->facing, best_dir);
	/* Close in: straight on when that is a step closer, else turn to a step that is. */
	here = metric(w, w->pos);
	if (here == FAR)
		return ACT_IDLE;
	if (free_cell(w, nb[w->facing]) && metric(w, nb[w->facing]) < here)
		return ACT_MOVE;
	for (f = 0; f < FACE_COUNT; f++)
		if (free_cell(w, nb[f]) && metric(w, nb[f]) < here && turns_to(w->facing, f) < best_turns) {
			best_turns = turns_to(w->facing, f);
			best_dir = f;
		}
	return best_dir >= 0 ? turn_toward(w->facing, best_dir) : ACT_IDLE;
}

static void plan_ship(struct walk *w, unsigned char *claim, struct turn_plan *plan)
{
	const struct ship *s = &w->st->ships[w->self];
	int emp_used = 0, i;
	size_t k;

	memset(plan, 0, sizeof(*plan));
	plan->received = 1;
	w->pos = cell_of(&w->st->map, s->pos);
	w->facing = s->facing;
	w->damage = s->damage;
	w->team_bit = 1u << s->team;
	w->nenemy = 0;
	for (k = 0; k < w->st->nships; k++) {
		const struct ship *e = &w->st->ships[k];

		if (ship_is_active(e) && e->team != s->team)
			w->enemy[w->nenemy++] = cell_of(&w->st->map, e->pos);
	}
	for (i = 0; i < s->actions && i < ORDERS_MAX_ACTIONS; i++) {
		enum action a = next_action(w, &emp_used);

		if (a == ACT_IDLE)
			break;	/* stuck: idle ships still shoot */
		plan->act[plan->n++] = a;
		if (a == ACT_MOVE) {
			w->pos = w->b->nb[w->pos * FACE_COUNT + (int)w->facing];
			claim[w->pos] |= (unsigned char)w->team_bit;
		} else if (a == ACT_LEFT) {
			w->facing = facing_left(w->facing);
		} else if (a == ACT_RIGHT) {
			w->facing = facing_right(w->facing);
		} else if (a == ACT_REPAIR && w->damage > 0) {
			w->damage--;
		}
	}
}

int bot_plan_all(struct bot *b, const struct game_state *st, const unsigned char *mine,
		 struct turn_plan *plans, char *err, size_t errlen)
{
	size_t cells = (size_t)st->map.width * (size_t)st->map.height, k;
	int done[TEAM_COUNT] = { 0, 0 };
	struct walk w;

	if (!st->map.walls || !cells || reserve(b, cells) < 0) {
		if (errlen) {
			strncpy(err, st->map.walls ? "out of memory" : "the bot needs a board", errlen - 1);
			err[errlen - 1] = '\0';
		}
		return -1;
	}
	build_neighbours(b, st->map.width, st->map.height);
	memset(b->claim, 0, cells);
	memset(b->occ, 0, cells);
	for (k = 0; k < st->nships; k++)
		if (ship_is_active(&st->ships[k]) && game_map_on_board(&st->map, st->ships[k].pos))
			b->occ[cell_of(&st->map, st->ships[k].pos)] = (unsigned char)(k + 1);
	memset(&w, 0, sizeof(w));
	w.st = st;
	w.b = b;
	for (k = 0; k < st->nships; k++) {
		const struct ship *s = &st->ships[k];
		int *dist = b->dist + (size_t)s->team * cells;

		if (mine && !mine[k])
			continue;
		if (!ship_is_active(s) || !game_map_on_board(&st->map, s->pos)) {
			memset(&plans[k], 0, sizeof(plans[k]));
			continue;
		}
		/* One search per team and turn, made when the team's first bot needs it. */
		if (!done[s->team]) {
			distances(b, st, s->team, dist);
			done[s->team] = 1;
		}
		w.dist = dist;
		w.self = (int)k;
		plan_ship(&w, b->claim, &plans[k]);
	}
	return 0;
}
