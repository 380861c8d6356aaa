/*
 * netrun's play: geometry (R2, R5.4), steps (R5), challenges (R6),
 * endings (R7), power-ups (R8), the 24 breakers (R9).
 */
#include "netrun.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/draw.h"
#include "lib/errbuf.h"

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

static int is_out(const struct netrun_state *st, int b)
{
	return st->br[b].x == NR_OUT;
}

static int adjacent(int x1, int y1, int x2, int y2)
{
	int dx = x1 - x2, dy = y1 - y2;

	return (dx == 0 && (dy == 1 || dy == -1)) || (dy == 0 && (dx == 1 || dx == -1));
}

/* Fewest steps along structures from structure `from` to every other (-1: none). */
static void bfs(const struct netrun_state *st, int from, int dist[NR_TILES])
{
	int queue[NR_TILES], head = 0, tail = 0, i;

	for (i = 0; i < st->ns; i++)
		dist[i] = -1;
	dist[from] = 0;
	queue[tail++] = from;
	while (head < tail) {
		int a = queue[head++];

		for (i = 0; i < st->ns; i++)
			if (dist[i] < 0 && adjacent(st->s[a].x, st->s[a].y, st->s[i].x, st->s[i].y)) {
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
	if (is_out(st, b))
		return netrun_structure_at(st, x, y) >= 0 ? 1 : -1;
	if (st->br[b].x == x && st->br[b].y == y)
		return 0;
	from = netrun_structure_at(st, st->br[b].x, st->br[b].y);
	to = netrun_structure_at(st, x, y);
	if (from < 0 || to < 0)
		return -1;
	bfs(st, from, dist);
	return dist[to];
}

int netrun_distance_to_breaker(const struct netrun_state *st, int b, int o)
{
	if (b == o)
		return 0;
	if (is_out(st, o))
		return -1;
	return netrun_distance(st, b, st->br[o].x, st->br[o].y);
}

/* The structures next to x,y: their count, and their indexes in nb. */
static int neighbours(const struct netrun_state *st, int x, int y, int nb[4])
{
	int i, n = 0;

	for (i = 0; i < st->ns && n < 4; i++)
		if (adjacent(st->s[i].x, st->s[i].y, x, y))
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
			count[k] += adjacent(st->s[i].x, st->s[i].y, st->s[nb[k]].x, st->s[nb[k]].y);
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

/* ---------- telling ---------- */

static void say(struct netrun_play *p, const char *fmt, ...)
{
	char buf[400];
	va_list ap;

	if (!p->story)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	json_array_append_new(p->story, json_string(buf));
}

/* Takes ev. */
static void event(struct netrun_play *p, json_t *ev)
{
	if (p->events && ev)
		json_array_append_new(p->events, ev);
	else
		json_decref(ev);
}

static void space_text(int x, int y, char out[16])
{
	if (x == NR_OUT)
		snprintf(out, 16, "out");
	else
		snprintf(out, 16, "%d,%d", x, y);
}

static const char *where(const struct netrun_state *st, int b, char out[16])
{
	space_text(st->br[b].x, st->br[b].y, out);
	return out;
}

/* A refusal of line o (R10.6). */
static void refuse(struct netrun_play *p, const struct nr_order *o, const char *code,
		   const char *fmt, ...)
{
	va_list ap;

	p->refused = 1;
	p->ref.line = o ? o->line : 0;
	snprintf(p->ref.text, sizeof(p->ref.text), "%s", o ? o->text : "");
	snprintf(p->ref.code, sizeof(p->ref.code), "%s", code);
	va_start(ap, fmt);
	vsnprintf(p->ref.message, sizeof(p->ref.message), fmt, ap);
	va_end(ap);
	if (p->events)
		event(p, json_pack("{s:s,s:i,s:s,s:s,s:s}", "type", "refused", "line", p->ref.line,
				   "text", p->ref.text, "code", p->ref.code, "message",
				   p->ref.message));
	say(p, "Line %d '%s' is refused (%s): %s.", p->ref.line, p->ref.text, code, p->ref.message);
}

static void end_run(struct netrun_play *p, enum nr_result result, enum nr_end end)
{
	struct netrun_state *st = p->st;

	st->status = NR_OVER;
	st->result = result;
	st->end = end;
	if (p->events)
		event(p, json_pack("{s:s,s:s,s:s,s:i,s:i}", "type", "end", "result",
				   result == NR_WIN ? "win" : "loss", "end", netrun_end_word(end),
				   "brain_damage", st->bd, "steps", st->steps));
	say(p, "THE RUN IS OVER: %s (%s).", result == NR_WIN ? "WIN" : "LOSS", netrun_end_word(end));
}

/* R7.1-7.2 after brain damage: 1 if the run ended. */
static int bd_check(struct netrun_play *p)
{
	struct netrun_state *st = p->st;

	if (st->bd >= 10) {
		st->bd = 10;
		end_run(p, NR_LOSS, NR_END_BRAIN_DEATH);
		return 1;
	}
	if (st->target >= 0 && st->bd > st->target) {
		end_run(p, NR_LOSS, NR_END_TARGET);
		return 1;
	}
	return 0;
}

static void add_bd(struct netrun_play *p, int n, const char *why)
{
	p->st->bd += n;
	if (p->st->bd > 10)
		p->st->bd = 10;
	if (p->events)
		event(p, json_pack("{s:s,s:i,s:s,s:i}", "type", "damage", "points", n, "why", why,
				   "brain_damage", p->st->bd));
	say(p, "%d brain damage (%s): %d of 10.", n, why, p->st->bd);
}

static int roll(struct netrun_play *p, int q, int c, int *face)
{
	int k = p->st->draws[q][c];

	if (p->dice.roll(p->dice.ctx, q, c, k, face, p->err, sizeof(p->err)) < 0)
		return -1;
	p->st->draws[q][c]++;
	return 0;
}

/* The breaker moves onto structure si and takes its token (R8.2). */
static void move_onto(struct netrun_play *p, int b, int si)
{
	struct netrun_state *st = p->st;
	struct nr_structure *s = &st->s[si];
	char at[16];

	st->br[b].x = s->x;
	st->br[b].y = s->y;
	if (p->events)
		/* "at", not "to": an event's "to" names the seats it is for (core/ruleset.h). */
		event(p, json_pack("{s:s,s:s,s:s}", "type", "move", "breaker", COLOUR(b), "at",
				   where(st, b, at)));
	if (s->token) {
		int c = NR_TILE_COLOUR(s->tile);

		s->token = 0;
		st->held[c]++;
		if (p->events)
			event(p, json_pack("{s:s,s:s,s:s}", "type", "collect", "breaker", COLOUR(b),
					   "colour", COLOUR(c)));
		say(p, "The %s breaker collects a %s power-up.", COLOUR(b), COLOUR(c));
	}
}

/* ---------- own strength (R9.2) ---------- */

static int is_d6_minus_one(int kind)
{
	switch (kind) {
	case NR_LISP: case NR_ANKARA: case NR_DIAMOND: case NR_KUANG11: case NR_ASSIMILATION:
	case NR_TRINITY: case NR_KLEIN: case NR_FINN: case NR_DIX: case NR_CASECURRY:
	case NR_CHIBA: case NR_HOSAKA: case NR_SLIVER: case NR_STEALTH:
		return 1;
	}
	return 0;
}

static int standing_colour(const struct netrun_state *st, int b)
{
	int si = is_out(st, b) ? -1 : netrun_structure_at(st, st->br[b].x, st->br[b].y);

	return si < 0 ? -1 : NR_TILE_COLOUR(st->s[si].tile);
}

/*
 * The own strength of breaker b by its Strength line and always-on
 * modifications, rolling its die if it has one; *how tells which.
 */
static int base_own(struct netrun_play *p, int b, int *own, const char **how)
{
	const struct netrun_state *st = p->st;
	int kind = st->br[b].kind, d, o, n;

	*how = "roll";
	if (kind == NR_WINTERMUTE) {
		*how = "fixed";
		*own = 0;
		return 0;
	}
	if (kind == NR_TURING) {
		*how = "fixed";
		n = 3;
		if (!is_out(st, b))
			for (o = 0; o < NR_COLOURS; o++) {
				int dd = o == b ? -1 : netrun_distance_to_breaker(st, b, o);

				n += dd >= 0 && dd <= 3;
			}
		*own = n;
		return 0;
	}
	if (kind == NR_SENDAI) {
		*how = "fixed";
		*own = 3;
		return 0;
	}
	if (kind == NR_CRAY) {
		static const int by_colour[NR_COLOURS] = { 5, 4, 10, 1 };
		int c = standing_colour(st, b);

		*how = "fixed";
		*own = c < 0 ? 1 : by_colour[c];
		return 0;
	}
	if (roll(p, NR_Q_STRENGTH, b, &d) < 0)
		return -1;
	if (kind == NR_BASIC)
		o = d;
	else if (is_d6_minus_one(kind))
		o = d - 1 + (kind == NR_HOSAKA && standing_colour(st, b) == NR_RED ? 3 : 0);
	else if (kind == NR_ZION && standing_colour(st, b) == NR_BLUE) {
		o = d + st->s[netrun_structure_at(st, st->br[b].x, st->br[b].y)].strength;
		*how = "zion";
	} else
		o = d - 2;	/* the blue breakers */
	*own = o < 0 ? 0 : o;
	return 0;
}

/* Stealth Blade's or Dub Lattice's other strength (R9.3); -1 when not available. */
static int other_strength(const struct netrun_state *st, int b)
{
	int o, best = -1, dist[NR_TILES], from, i, n = 3;

	if (is_out(st, b))
		return -1;
	if (st->br[b].kind == NR_STEALTH) {
		for (o = 0; o < NR_COLOURS; o++) {
			int d = o == b ? -1 : netrun_distance_to_breaker(st, b, o);

			if (d >= 0 && (best < 0 || d < best))
				best = d;
		}
		return best < 0 ? -1 : 1 + best;
	}
	from = netrun_structure_at(st, st->br[b].x, st->br[b].y);
	bfs(st, from, dist);
	for (i = 0; i < st->ns; i++)
		n += dist[i] >= 0 && dist[i] <= 4 && NR_TILE_COLOUR(st->s[i].tile) == NR_BLUE;
	return n;
}

/* The contributors of Trinity Prep (R9.5): breakers on its four neighbouring spaces. */
static int trinity_contributors(const struct netrun_state *st, int b)
{
	int o, m = 0;

	if (is_out(st, b))
		return 0;
	for (o = 0; o < NR_COLOURS; o++)
		if (o != b && !is_out(st, o) &&
		    adjacent(st->br[b].x, st->br[b].y, st->br[o].x, st->br[o].y))
			m |= 1 << o;
	return m;
}

/* ---------- power-ups (R8) ---------- */

struct allowance {
	int n;
	struct nr_spend_item items[NR_MAX_ARGS * 8];
};

static int token_value(int kind, int token, int scol)
{
	if (kind == NR_KLEIN)
		return 1;
	if (kind == NR_SENDAI && token == NR_RED)
		return 2;
	return token == scol;
}

/* R8.3: the tokens to spend so strength beats against; spent[] filled, new strength returned. */
static int spend(const struct netrun_state *st, int kind, int scol, const struct allowance *al,
		 int strength, int against, int spent[NR_COLOURS])
{
	int avail[NR_COLOURS], seq[40], nseq = 0, i, c, k, acc = strength;

	memset(spent, 0, sizeof(int) * NR_COLOURS);
	if (strength > against || !al || !al->n)
		return strength;
	memcpy(avail, st->held, sizeof(avail));
	for (i = 0; i < al->n; i++) {
		const struct nr_spend_item *it = &al->items[i];

		if (it->colour == -2)
			continue;
		if (it->colour == -1) {
			int order[NR_COLOURS], no = 0;

			order[no++] = scol;
			for (c = 0; c < NR_COLOURS; c++)
				if (c != scol)
					order[no++] = c;
			for (k = 0; k < no; k++)
				while (avail[order[k]] > 0 && nseq < 40) {
					avail[order[k]]--;
					seq[nseq++] = order[k];
				}
			continue;
		}
		for (k = 0; (it->max < 0 || k < it->max) && avail[it->colour] > 0 && nseq < 40; k++) {
			avail[it->colour]--;
			seq[nseq++] = it->colour;
		}
	}
	for (i = 0; i < nseq && acc <= against; i++) {
		int v = token_value(kind, seq[i], scol);

		if (!v)
			continue;
		acc += v;
		spent[seq[i]]++;
	}
	if (acc <= against) {
		memset(spent, 0, sizeof(int) * NR_COLOURS);
		return strength;
	}
	return acc;
}

/* ---------- the challenge (R6) ---------- */

static int challenge(struct netrun_play *p, int b, int si, const struct allowance *al, int alt)
{
	struct netrun_state *st = p->st;
	struct nr_breaker *br = &st->br[b];
	struct nr_structure *s = &st->s[si];
	int scol = NR_TILE_COLOUR(s->tile), bonus = 0, own = 0, strength, spent[NR_COLOURS], c;
	int dix = 0, broken, other, mask;
	const char *how = "roll";
	char code[3], at[16];

	/* 1. bonuses, from the positions now */
	bonus += scol == b;
	bonus += 2 * br->ankara + 3 * br->diamond;
	if (st->br[NR_GREEN].kind == NR_DIX) {
		int d = netrun_distance_to_breaker(st, NR_GREEN, b);

		dix = d >= 0 && d <= 3;
		bonus += dix;
	}
	/* 2. own strength */
	switch (br->kind) {
	case NR_WINTERMUTE:
		own = br->wintermute ? 10 : 0;
		how = br->wintermute ? "wintermute" : "fixed";
		break;
	case NR_TRINITY:
		mask = trinity_contributors(st, b);
		if (alt != NR_ALT_ALT || !mask) {
			if (base_own(p, b, &own, &how) < 0)
				return -1;
		}
		if (alt != NR_ALT_ROLL && mask) {
			int sum = 0, o, v;
			const char *h;

			for (o = 0; o < NR_COLOURS; o++)
				if (mask & 1 << o) {
					if (st->br[o].kind == NR_WINTERMUTE)
						v = 0;
					else if (base_own(p, o, &v, &h) < 0)
						return -1;
					sum += v;
				}
			if (alt == NR_ALT_ALT || sum > own) {
				own = sum;
				how = "trinity";
			}
		}
		break;
	case NR_SLIVER:
		if (alt == NR_ALT_ALT && st->held[NR_RED] > 0) {
			st->held[NR_RED]--;
			if (p->events)
				event(p, json_pack("{s:s,s:s,s:{s:i}}", "type", "pay", "for", "Sliver Virus",
						   "powerups", "red", 1));
			own = 1;
			for (c = 0; c < st->ns; c++)
				own += NR_TILE_COLOUR(st->s[c].tile) == NR_RED;
			how = "sliver";
		} else if (base_own(p, b, &own, &how) < 0) {
			return -1;
		}
		break;
	case NR_STEALTH:
	case NR_DUB:
		other = alt == NR_ALT_ROLL ? -1 : other_strength(st, b);
		if (other >= 0 && (alt == NR_ALT_ALT || other + bonus > s->strength)) {
			own = other;
			how = "other";
		} else if (base_own(p, b, &own, &how) < 0) {
			return -1;
		}
		break;
	default:
		if (base_own(p, b, &own, &how) < 0)
			return -1;
	}
	if (own < 0)
		own = 0;
	/* 3.-5. */
	strength = spend(st, br->kind, scol, al, own + bonus, s->strength, spent);
	for (c = 0; c < NR_COLOURS; c++)
		st->held[c] -= spent[c];
	broken = strength > s->strength;
	/* 6. boosts used up */
	br->ankara = 0;
	br->diamond = 0;
	br->wintermute = 0;
	if (p->events || p->story) {
		netrun_tile_code(s->tile, code);
		space_text(s->x, s->y, at);
	}
	if (p->events)
		event(p, json_pack("{s:s,s:s,s:s,s:s,s:i,s:s,s:i,s:{s:i,s:i,s:i,s:i},s:i,s:i,s:s}",
				   "type", "challenge", "breaker", COLOUR(b), "at", at, "tile", code,
				   "base", own, "how", how, "bonus", bonus, "spent", "black",
				   spent[0], "green", spent[1], "red", spent[2], "blue", spent[3],
				   "strength", strength, "against", s->strength, "result",
				   broken ? "broken" : "failed"));
	say(p, "The %s breaker challenges %s at %s: %d (%s) + %d bonus + %d power-ups = %d "
	    "against %d: %s.", COLOUR(b), code, at, own, how, bonus, strength - own - bonus, strength,
	    s->strength, broken ? "broken" : "failed");
	if (broken) {
		move_onto(p, b, si);
		return 0;
	}
	p->st->bd++;
	if (p->events)
		event(p, json_pack("{s:s,s:i,s:s,s:i}", "type", "damage", "points", 1, "why",
				   "failed challenge", "brain_damage", p->st->bd));
	say(p, "1 brain damage (failed challenge): %d of 10.", p->st->bd);
	if (!NR_IS_FORT(s->tile))
		move_onto(p, b, si);
	bd_check(p);
	return 0;
}

/* ---------- steps ---------- */

static void step_event(struct netrun_play *p, const struct nr_order *o)
{
	p->st->steps++;
	if (p->events)
		event(p, json_pack("{s:s,s:i,s:i,s:s}", "type", "step", "step", p->st->steps, "line",
				   o ? o->line : 0, "text", o ? o->text : ""));
}

static const char *first_colour(int mask)
{
	int c;

	for (c = 0; c < NR_COLOURS; c++)
		if (mask & 1 << c)
			return COLOUR(c);
	return "?";
}

/*
 * R5.3's checks for breaker b to x,y: NULL when legal, else the code
 * (and the message in msg).
 */
static const char *run_check(const struct netrun_state *st, int b, int x, int y, char *msg,
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
				 first_colour(mask));
		return "occupied";
	}
	if (!is_out(st, b) && !adjacent(st->br[b].x, st->br[b].y, x, y)) {
		int d = st->br[b].kind == NR_CHIBA && si >= 0 ? netrun_distance(st, b, x, y) : -1;

		if (d < 0 || d > 2) {
			if (msg)
				snprintf(msg, len, "space %d,%d is not contiguous to the %s breaker at %s",
					 x, y, COLOUR(b), where(st, b, at));
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
	return in_range(x, y) && !run_check(st, b, x, y, NULL, 0);
}

static int do_run(struct netrun_play *p, const struct nr_order *o, const struct allowance *al)
{
	struct netrun_state *st = p->st;
	int b = o->colour, si;
	const char *code;
	char msg[200], tile[3];

	if ((code = run_check(st, b, o->x, o->y, msg, sizeof(msg)))) {
		refuse(p, o, code, "%s", msg);
		return 0;
	}
	step_event(p, o);
	si = netrun_structure_at(st, o->x, o->y);
	if (si < 0) {
		struct nr_structure *s = &st->s[st->ns];
		int c;

		s->x = o->x;
		s->y = o->y;
		s->tile = st->stack[0];
		s->strength = NR_IS_FORT(s->tile) ? 6 : NR_TILE_VALUE(s->tile);
		c = NR_TILE_COLOUR(s->tile);
		s->token = netrun_supply(st, c) > 0;
		memmove(st->stack, st->stack + 1, sizeof(st->stack[0]) * (size_t)(st->nstack - 1));
		st->nstack--;
		si = st->ns++;
		if (p->events || p->story) {
			netrun_tile_code(s->tile, tile);
			space_text(s->x, s->y, msg);
		}
		if (p->events)
			event(p, json_pack("{s:s,s:s,s:s,s:b}", "type", "install", "at", msg, "tile", tile,
					   "token", s->token));
		say(p, "The %s breaker installs %s at %d,%d%s.", COLOUR(b), tile, s->x, s->y,
		    s->token ? " with a power-up" : "");
	}
	return challenge(p, b, si, al, o->alt);
}

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
		event(p, json_pack("{s:s,s:s,s:{s:i,s:i,s:i,s:i}}", "type", "pay", "for", what,
				   "powerups", "black", n[0], "green", n[1], "red", n[2], "blue", n[3]));
	say(p, "%s pays %d black, %d green, %d red, %d blue power-ups.", what, n[0], n[1], n[2], n[3]);
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
			refuse(p, o, "no-powerup", "you hold %d %s power-up%s, %d needed", p->st->held[c],
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

static int same_place(const struct netrun_state *st, int a, int b)
{
	return st->br[a].x == st->br[b].x && (st->br[a].x == NR_OUT || st->br[a].y == st->br[b].y);
}

static void ability_event(struct netrun_play *p, int b, const char *what)
{
	if (p->events)
		event(p, json_pack("{s:s,s:s,s:s,s:s}", "type", "ability", "breaker", COLOUR(b), "kind",
				   netrun_kind_word(p->st->br[b].kind), "what", what));
	say(p, "%s (%s): %s.", netrun_kind_name(p->st->br[b].kind), COLOUR(b), what);
}

/* The costs of R7.6: power-ups, then brain damage, then the check. 1 if the run ended. */
static int costs(struct netrun_play *p, int b, const int n[NR_COLOURS], int bd)
{
	static const int none[NR_COLOURS] = { 0, 0, 0, 0 };

	if (memcmp(n, none, sizeof(none)))
		pay(p, netrun_kind_name(p->st->br[b].kind), n);
	if (bd)
		add_bd(p, bd, netrun_kind_name(p->st->br[b].kind));
	return bd_check(p);
}

static int do_ability(struct netrun_play *p, const struct nr_order *o, const struct allowance *al)
{
	struct netrun_state *st = p->st;
	int b = o->colour, kind = st->br[b].kind, cost[NR_COLOURS] = { 0, 0, 0, 0 };
	int k, c, si, fx, fy, gain = 0, two[2];
	const char *name = netrun_kind_name(kind);
	char msg[200];

	switch (kind) {
	case NR_LISP:
		if (same_place(st, b, o->other[0])) {
			refuse(p, o, "pointless", "the %s breaker is where %s is", COLOUR(o->other[0]), name);
			return 0;
		}
		step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		swap_breakers(st, b, o->other[0]);
		ability_event(p, b, "swaps places with another breaker");
		if (p->events)
			event(p, json_pack("{s:s,s:[s,s]}", "type", "swap", "breakers", COLOUR(b),
					   COLOUR(o->other[0])));
		return 0;
	case NR_ANKARA:
		step_event(p, o);
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
			refuse(p, o, "pointless", "no breaker within distance 5 of Black Diamond would gain");
			return 0;
		}
		step_event(p, o);
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
				refuse(p, o, "not-a-target", "there is no data structure at %d,%d", o->sx[k],
				       o->sy[k]);
				return 0;
			}
			if (netrun_breakers_at(st, o->sx[k], o->sy[k])) {
				refuse(p, o, "occupied", "space %d,%d is occupied by the %s breaker", o->sx[k],
				       o->sy[k], first_colour(netrun_breakers_at(st, o->sx[k], o->sy[k])));
				return 0;
			}
		}
		step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		if (roll(p, NR_Q_REACH, NR_BLACK, &face) < 0)
			return -1;
		for (k = 0; k < o->nspaces && chosen < 0; k++) {
			int d = netrun_distance(st, b, o->sx[k], o->sy[k]);

			if (d >= 0 && d <= face)
				chosen = k;
		}
		if (p->events)
			event(p, json_pack("{s:s,s:i,s:o}", "type", "reach", "reach", face, "target",
					   chosen < 0 ? json_null() : json_sprintf("%d,%d", o->sx[chosen],
										     o->sy[chosen])));
		if (chosen < 0) {
			say(p, "Kuang Grade Mark Eleven reaches %d: no target in reach.", face);
			return 0;
		}
		say(p, "Kuang Grade Mark Eleven reaches %d.", face);
		return challenge(p, b, netrun_structure_at(st, o->sx[chosen], o->sy[chosen]), al,
				 NR_ALT_NONE);
	}
	case NR_ASSIMILATION:
		si = netrun_structure_at(st, o->sx[0], o->sy[0]);
		if (si < 0) {
			refuse(p, o, "not-a-target", "there is no data structure at %d,%d", o->sx[0],
			       o->sy[0]);
			return 0;
		}
		if (st->br[b].x == o->sx[0] && st->br[b].y == o->sy[0]) {
			refuse(p, o, "pointless", "Assimilation Kuang already stands on %d,%d", o->sx[0],
			       o->sy[0]);
			return 0;
		}
		for (c = 0; c < NR_COLOURS; c++)
			cost[c] = 1;
		if (need(p, o, cost) < 0)
			return 0;
		step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		ability_event(p, b, "moves onto a data structure");
		move_onto(p, b, si);
		return 0;
	case NR_WINTERMUTE:
		if (st->br[b].wintermute) {
			refuse(p, o, "pointless", "Wintermute Compiler is already set to 10 for its next "
			       "challenge");
			return 0;
		}
		step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		st->br[b].wintermute = 1;
		ability_event(p, b, "own strength 10 at its next challenge");
		return 0;
	case NR_FINN: {
		int x = o->other[0], y = o->other[1], colour;

		if (is_out(st, b)) {
			refuse(p, o, "not-in-matrix", "Finn Construct must be in the matrix");
			return 0;
		}
		if (same_place(st, x, y)) {
			refuse(p, o, "pointless", "the %s and %s breakers are at the same place", COLOUR(x),
			       COLOUR(y));
			return 0;
		}
		colour = o->npay ? o->pay[0] : st->held[x] > 0 ? x : y;
		cost[colour] = 1;
		if (need(p, o, cost) < 0)
			return 0;
		step_event(p, o);
		if (costs(p, b, cost, 2))
			return 0;
		swap_breakers(st, x, y);
		ability_event(p, b, "switches two breakers");
		if (p->events)
			event(p, json_pack("{s:s,s:[s,s]}", "type", "swap", "breakers", COLOUR(x),
					   COLOUR(y)));
		return 0;
	}
	case NR_CASECURRY:
	case NR_ENIGMA: {
		int oldx[NR_COLOURS], oldy[NR_COLOURS], used[NR_COLOURS] = { 0 }, moved = 0, m, f[4];

		if (kind == NR_CASECURRY && is_out(st, b)) {
			refuse(p, o, "not-in-matrix", "Case-Curry Construct must be in the matrix");
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
					refuse(p, o, "not-a-target", "the %s data fort is not installed, or is "
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
				refuse(p, o, "bad-exchange", kind == NR_ENIGMA ?
				       "the named forts must end on the spaces they held" :
				       "the named breakers must end on the places they held");
				return 0;
			}
			used[m] = 1;
			moved |= oldx[k] != o->ax[k] || (o->ax[k] != NR_OUT && oldy[k] != o->ay[k]);
		}
		if (!moved) {
			refuse(p, o, "pointless", "nothing would move");
			return 0;
		}
		if (kind == NR_ENIGMA)
			cost[NR_BLUE] = 2;
		else
			for (c = 0; c < NR_COLOURS; c++)
				cost[c] = 1;
		if (need(p, o, cost) < 0)
			return 0;
		step_event(p, o);
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
		if (is_out(st, b)) {
			refuse(p, o, "not-in-matrix", "Sliver Virus must be in the matrix");
			return 0;
		}
		si = netrun_structure_at(st, st->br[b].x, st->br[b].y);
		if (st->s[si].strength <= 2 * (o->n - 1)) {
			refuse(p, o, "pointless", "the data structure under Sliver Virus would be at "
			       "strength 0 before the last use");
			return 0;
		}
		cost[NR_RED] = o->n;
		if (need(p, o, cost) < 0)
			return 0;
		step_event(p, o);
		if (costs(p, b, cost, 0))
			return 0;
		st->s[si].strength -= 2 * o->n;
		if (st->s[si].strength < 0)
			st->s[si].strength = 0;
		if (p->events)
			event(p, json_pack("{s:s,s:s,s:i}", "type", "reduce", "at",
					   where(st, b, msg), "strength", st->s[si].strength));
		snprintf(msg, sizeof(msg), "the data structure it stands on drops to strength %d",
			 st->s[si].strength);
		ability_event(p, b, msg);
		return 0;
	case NR_BABYLON:
		if (is_out(st, b)) {
			refuse(p, o, "not-in-matrix", "Babylon Q must be in the matrix");
			return 0;
		}
		if (netrun_structure_at(st, o->sx[0], o->sy[0]) >= 0) {
			refuse(p, o, "not-empty", "space %d,%d holds a data structure", o->sx[0], o->sy[0]);
			return 0;
		}
		si = netrun_structure_at(st, st->br[b].x, st->br[b].y);
		{
			struct netrun_state without = *st;
			int ok;

			without.s[si] = without.s[--without.ns];
			ok = netrun_three_ok(&without, o->sx[0], o->sy[0], &fx, &fy) == 0;
			if (!ok) {
				refuse(p, o, "three-neighbours", "a data structure at %d,%d would give %d,%d "
				       "four neighbours", o->sx[0], o->sy[0], fx, fy);
				return 0;
			}
		}
		if (two_powerups(st, o, two) < 0) {
			refuse(p, o, "no-powerup", "Babylon Q needs two power-ups%s",
			       o->npay ? " of the colours named" : "");
			return 0;
		}
		cost[two[0]]++;
		cost[two[1]]++;
		step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		move_structure(st, si, o->sx[0], o->sy[0]);
		ability_event(p, b, "moves its data structure");
		return 0;
	case NR_DAHLIA:
		if (is_out(st, b)) {
			refuse(p, o, "not-in-matrix", "Dahlia Mix must be in the matrix");
			return 0;
		}
		if ((si = netrun_structure_at(st, o->sx[0], o->sy[0])) < 0) {
			refuse(p, o, "not-a-target", "there is no data structure at %d,%d", o->sx[0],
			       o->sy[0]);
			return 0;
		}
		if (netrun_breakers_at(st, o->sx[0], o->sy[0])) {
			refuse(p, o, "occupied", "space %d,%d is occupied by the %s breaker", o->sx[0],
			       o->sy[0], first_colour(netrun_breakers_at(st, o->sx[0], o->sy[0])));
			return 0;
		}
		if (two_powerups(st, o, two) < 0) {
			refuse(p, o, "no-powerup", "Dahlia Mix needs two power-ups%s",
			       o->npay ? " of the colours named" : "");
			return 0;
		}
		cost[two[0]]++;
		cost[two[1]]++;
		step_event(p, o);
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
				refuse(p, o, "not-a-target", "there is no data structure at %d,%d", o->sx[k],
				       o->sy[k]);
				return 0;
			}
			if (netrun_breakers_at(st, o->sx[k], o->sy[k])) {
				refuse(p, o, "occupied", "space %d,%d is occupied by the %s breaker",
				       o->sx[k], o->sy[k],
				       first_colour(netrun_breakers_at(st, o->sx[k], o->sy[k])));
				return 0;
			}
		}
		if (!is_out(st, b) && !adjacent(st->br[b].x, st->br[b].y, o->sx[0], o->sy[0]) &&
		    !adjacent(st->br[b].x, st->br[b].y, o->sx[1], o->sy[1])) {
			refuse(p, o, "not-contiguous", "neither %d,%d nor %d,%d is contiguous to Viral Dub "
			       "at %s", o->sx[0], o->sy[0], o->sx[1], o->sy[1], where(st, b, msg));
			return 0;
		}
		cost[NR_BLUE] = 1;
		if (need(p, o, cost) < 0)
			return 0;
		step_event(p, o);
		if (costs(p, b, cost, 1))
			return 0;
		swap_structures(st, a, z);
		ability_event(p, b, "exchanges two data structures");
		return 0;
	}
	}
	refuse(p, o, "no-ability", "the %s breaker (%s) has no ABILITY order", COLOUR(b), name);
	return 0;
}

/* ---------- endings ---------- */

static int won(const struct netrun_state *st)
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

	if (is_out(st, b)) {
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
				bfs(st, from, dist);
			for (i = 0; from >= 0 && i < st->ns && n < max; i++) {
				int x = st->s[i].x, y = st->s[i].y;

				if (adjacent(x, y, st->br[b].x, st->br[b].y) || dist[i] < 0 || dist[i] > 2 ||
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

	if (is_out(st, b))
		return st->nstack > 0 || any_unoccupied(st);
	/* one target is enough to know */
	return netrun_run_targets(st, b, xs, ys, 1) > 0;
}

static int locations(const struct netrun_state *st)
{
	int c, d, n = 0;

	for (c = 0; c < NR_COLOURS; c++) {
		for (d = 0; d < c && !same_place(st, c, d); d++)
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
			if (o != b && !same_place(st, b, o))
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
		if (is_out(st, b))
			return 0;
		for (o = 0; o < NR_COLOURS; o++)
			for (d = o + 1; d < NR_COLOURS; d++)
				if (!same_place(st, o, d) && (h[o] || h[d]))
					return 1;
		return 0;
	case NR_CASECURRY:
		return !is_out(st, b) && all && locations(st) >= 2;
	case NR_BABYLON:
		return !is_out(st, b) && h[0] + h[1] + h[2] + h[3] >= 2;
	case NR_DAHLIA:
		return !is_out(st, b) && h[0] + h[1] + h[2] + h[3] >= 2 && any_unoccupied(st);
	case NR_VIRAL:
		if (!h[NR_BLUE])
			return 0;
		for (n = 0, i = 0; i < st->ns; i++)
			n += !netrun_breakers_at(st, st->s[i].x, st->s[i].y);
		if (n < 2)
			return 0;
		if (is_out(st, b))
			return 1;
		for (i = 0; i < st->ns; i++)
			if (!netrun_breakers_at(st, st->s[i].x, st->s[i].y) &&
			    adjacent(st->s[i].x, st->s[i].y, st->br[b].x, st->br[b].y))
				return 1;
		return 0;
	case NR_ENIGMA:
		for (n = 0, i = 0; i < st->ns; i++)
			n += NR_IS_FORT(st->s[i].tile);
		return h[NR_BLUE] >= 2 && n >= 2;
	}
	return 0;
}

static int has_run(const struct netrun_state *st)
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

	if (has_run(st))
		return 0;
	for (b = 0; b < NR_COLOURS; b++)
		if (can_act(st, b))
			return 0;
	return 1;
}

/* After a step that left the run going: the win, then the stall (R7.6). */
static void after_step(struct netrun_play *p)
{
	if (p->st->status == NR_OVER)
		return;
	if (won(p->st)) {
		end_run(p, NR_WIN, NR_END_WIN);
		return;
	}
	if (netrun_stalled(p->st)) {
		end_run(p, NR_LOSS, NR_END_STALLED);
		return;
	}
	if (!has_run(p->st)) {
		if (p->events)
			event(p, json_pack("{s:s}", "type", "no-run"));
		say(p, "No breaker can RUN: only an ability or JACK OUT can go on.");
	}
}

/* ---------- the deal (R4) ---------- */

void netrun_deal_arrange(void *arg, struct draw_rng *rng, size_t n, size_t *perm)
{
	size_t ice[20], bottom[10], i, k = 0;
	int c, v;

	(void)arg;
	(void)n;
	for (c = 0; c < NR_COLOURS; c++)
		for (v = 1; v < 6; v++)
			ice[k++] = (size_t)NR_TILE(c, v);
	for (i = 20; i-- > 1;) {
		size_t j = (size_t)draw_rng_uniform(rng, i + 1), t = ice[i];

		ice[i] = ice[j];
		ice[j] = t;
	}
	for (c = 0; c < NR_COLOURS; c++)
		bottom[c] = (size_t)NR_TILE(c, 0);
	for (i = 0; i < 6; i++)
		bottom[4 + i] = ice[i];
	for (i = 10; i-- > 1;) {
		size_t j = (size_t)draw_rng_uniform(rng, i + 1), t = bottom[i];

		bottom[i] = bottom[j];
		bottom[j] = t;
	}
	for (k = 0, i = 6; i < 20; i++)
		perm[k++] = ice[i];
	for (i = 0; i < 10; i++)
		perm[k++] = bottom[i];
}

int netrun_deal(struct netrun_play *p)
{
	struct netrun_state *st = p->st;
	int stack[NR_TILES], seen[NR_TILES] = { 0 }, i, c, face;
	char code[3];

	if (p->dice.deal(p->dice.ctx, stack, p->err, sizeof(p->err)) < 0)
		return -1;
	for (i = 0; i < NR_TILES; i++) {
		if (stack[i] < 0 || stack[i] >= NR_TILES || seen[stack[i]]++) {
			errbuf_set(p->err, sizeof(p->err), "deal: expected the 24 tiles, each once");
			return -1;
		}
		if (i < 14 && NR_IS_FORT(stack[i])) {
			netrun_tile_code(stack[i], code);
			errbuf_set(p->err, sizeof(p->err), "deal: the top 14 tiles must be ice, and %s is "
				   "tile %d", code, i + 1);
			return -1;
		}
	}
	memcpy(st->stack, stack, sizeof(stack));
	st->nstack = NR_TILES;
	st->ns = 0;
	if (p->events)
		event(p, json_pack("{s:s,s:i}", "type", "setup", "stack", NR_TILES));
	say(p, "The judge deals the data stack: 24 tiles face down.");
	for (c = 0; c < NR_COLOURS; c++) {
		st->br[c].x = NR_OUT;
		if (st->opt[c] == NR_OPT_ROLL) {
			if (roll(p, NR_Q_CHOOSE, c, &face) < 0)
				return -1;
			st->br[c].kind = NR_KIND(c, face);
		} else if (st->opt[c] == NR_OPT_BASIC) {
			st->br[c].kind = NR_BASIC;
		} else {
			st->br[c].kind = NR_KIND(c, st->opt[c] > 10 ? st->opt[c] - 10 : st->opt[c]);
		}
		if (p->events)
			event(p, json_pack("{s:s,s:s,s:s}", "type", "breaker", "colour", COLOUR(c), "kind",
					   netrun_kind_word(st->br[c].kind)));
		say(p, "The %s breaker is %s.", COLOUR(c), netrun_kind_name(st->br[c].kind));
	}
	st->status = NR_RUNNING;
	return 0;
}

/* ---------- a mail ---------- */

static void ignore_rest(struct netrun_play *p, const struct netrun_orders *o, int from)
{
	int i;

	for (i = from; i < o->n; i++) {
		if (p->events)
			event(p, json_pack("{s:s,s:i,s:s}", "type", "ignored", "line", o->o[i].line, "text",
					   o->o[i].text));
		say(p, "Line %d '%s' is not played.", o->o[i].line, o->o[i].text);
	}
}

int netrun_play_orders(struct netrun_play *p, const struct netrun_orders *o)
{
	struct netrun_state *st = p->st;
	struct allowance al;
	int i;

	al.n = 0;
	for (i = 0; i < o->n; i++) {
		const struct nr_order *od = &o->o[i];
		char at[16];

		if (st->status == NR_OVER || p->refused) {
			ignore_rest(p, o, i);
			break;
		}
		switch (od->cmd) {
		case NR_CMD_NONCE:
			break;	/* taken before the play (the ruleset) */
		case NR_CMD_SPEND:
			if (al.n + od->nitems <= (int)(sizeof(al.items) / sizeof(al.items[0]))) {
				memcpy(al.items + al.n, od->items, sizeof(od->items[0]) * (size_t)od->nitems);
				al.n += od->nitems;
			}
			break;
		case NR_CMD_RUN:
			if (do_run(p, od, &al) < 0)
				return -1;
			al.n = 0;
			if (!p->refused)
				after_step(p);
			break;
		case NR_CMD_ABILITY:
			if (do_ability(p, od, &al) < 0)
				return -1;
			if (st->br[od->colour].kind == NR_KUANG11)
				al.n = 0;
			if (!p->refused)
				after_step(p);
			break;
		case NR_CMD_EXPECT:
			if (st->br[od->colour].x == od->x && (od->x == NR_OUT || st->br[od->colour].y == od->y))
				break;
			space_text(od->x, od->y, at);
			if (p->events)
				event(p, json_pack("{s:s,s:i,s:s,s:s}", "type", "halt", "line", od->line, "text",
						   od->text, "message", "the breaker is elsewhere: the mail stops here"));
			say(p, "Line %d '%s': the %s breaker is not at %s, so the mail stops here.",
			    od->line, od->text, COLOUR(od->colour), at);
			ignore_rest(p, o, i + 1);
			return 0;
		case NR_CMD_JACK_OUT:
			end_run(p, NR_LOSS, NR_END_JACKED_OUT);
			break;
		}
	}
	return 0;
}
