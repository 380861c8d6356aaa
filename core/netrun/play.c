/*
 * netrun's play: telling the story, steps (R5), challenges (R6), endings
 * (R7), power-ups (R8), the breakers' strengths (R9.2-R9.4), the deal (R4)
 * and a mail's lines (R10.4). Geometry is in matrix.c, abilities in
 * abilities.c.
 */
#include "netrun.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/draw.h"
#include "core/netrun/play.h"
#include "lib/errbuf.h"

#define COLOUR(c) netrun_colour_names[c]

/* ---------- telling ---------- */

void nrp_say(struct netrun_play *p, const char *fmt, ...)
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
void nrp_event(struct netrun_play *p, json_t *ev)
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

const char *nrp_where(const struct netrun_state *st, int b, char out[16])
{
	space_text(st->br[b].x, st->br[b].y, out);
	return out;
}

/* A refusal of line o (R10.6). */
void nrp_refuse(struct netrun_play *p, const struct nr_order *o, const char *code,
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
		nrp_event(p, json_pack("{s:s,s:i,s:s,s:s,s:s}", "type", "refused", "line", p->ref.line,
				   "text", p->ref.text, "code", p->ref.code, "message",
				   p->ref.message));
	nrp_say(p, "Line %d '%s' is refused (%s): %s.", p->ref.line, p->ref.text, code, p->ref.message);
}

static void end_run(struct netrun_play *p, enum nr_result result, enum nr_end end)
{
	struct netrun_state *st = p->st;

	st->status = NR_OVER;
	st->result = result;
	st->end = end;
	if (p->events)
		nrp_event(p, json_pack("{s:s,s:s,s:s,s:i,s:i}", "type", "end", "result",
				   result == NR_WIN ? "win" : "loss", "end", netrun_end_word(end),
				   "brain_damage", st->bd, "steps", st->steps));
	nrp_say(p, "THE RUN IS OVER: %s (%s).", result == NR_WIN ? "WIN" : "LOSS", netrun_end_word(end));
}

/* R7.1-7.2 after brain damage: 1 if the run ended. */
int nrp_bd_check(struct netrun_play *p)
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

void nrp_add_bd(struct netrun_play *p, int n, const char *why)
{
	p->st->bd += n;
	if (p->st->bd > 10)
		p->st->bd = 10;
	if (p->events)
		nrp_event(p, json_pack("{s:s,s:i,s:s,s:i}", "type", "damage", "points", n, "why", why,
				   "brain_damage", p->st->bd));
	nrp_say(p, "%d brain damage (%s): %d of 10.", n, why, p->st->bd);
}

int nrp_roll(struct netrun_play *p, int q, int c, int *face)
{
	int k = p->st->draws[q][c];

	if (p->dice.roll(p->dice.ctx, q, c, k, face, p->err, sizeof(p->err)) < 0)
		return -1;
	p->st->draws[q][c]++;
	return 0;
}

/* The breaker moves onto structure si and takes its token (R8.2). */
void nrp_move_onto(struct netrun_play *p, int b, int si)
{
	struct netrun_state *st = p->st;
	struct nr_structure *s = &st->s[si];
	char at[16];

	st->br[b].x = s->x;
	st->br[b].y = s->y;
	if (p->events)
		/* "at", not "to": an event's "to" names the seats it is for (core/ruleset.h). */
		nrp_event(p, json_pack("{s:s,s:s,s:s}", "type", "move", "breaker", COLOUR(b), "at",
				   nrp_where(st, b, at)));
	if (s->token) {
		int c = NR_TILE_COLOUR(s->tile);

		s->token = 0;
		st->held[c]++;
		if (p->events)
			nrp_event(p, json_pack("{s:s,s:s,s:s}", "type", "collect", "breaker", COLOUR(b),
					   "colour", COLOUR(c)));
		nrp_say(p, "The %s breaker collects a %s power-up.", COLOUR(b), COLOUR(c));
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
	int si = nrp_is_out(st, b) ? -1 : netrun_structure_at(st, st->br[b].x, st->br[b].y);

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
		if (!nrp_is_out(st, b))
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
	if (nrp_roll(p, NR_Q_STRENGTH, b, &d) < 0)
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

	if (nrp_is_out(st, b))
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
	nrp_bfs(st, from, dist);
	for (i = 0; i < st->ns; i++)
		n += dist[i] >= 0 && dist[i] <= 4 && NR_TILE_COLOUR(st->s[i].tile) == NR_BLUE;
	return n;
}

/* The contributors of Trinity Prep (R9.5): breakers on its four neighbouring spaces. */
static int trinity_contributors(const struct netrun_state *st, int b)
{
	int o, m = 0;

	if (nrp_is_out(st, b))
		return 0;
	for (o = 0; o < NR_COLOURS; o++)
		if (o != b && !nrp_is_out(st, o) &&
		    nrp_adjacent(st->br[b].x, st->br[b].y, st->br[o].x, st->br[o].y))
			m |= 1 << o;
	return m;
}

/* ---------- power-ups (R8) ---------- */

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

int nrp_challenge(struct netrun_play *p, int b, int si, const struct allowance *al, int alt)
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
				nrp_event(p, json_pack("{s:s,s:s,s:{s:i}}", "type", "pay", "for", "Sliver Virus",
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
		nrp_event(p, json_pack("{s:s,s:s,s:s,s:s,s:i,s:s,s:i,s:{s:i,s:i,s:i,s:i},s:i,s:i,s:s}",
				   "type", "challenge", "breaker", COLOUR(b), "at", at, "tile", code,
				   "base", own, "how", how, "bonus", bonus, "spent", "black",
				   spent[0], "green", spent[1], "red", spent[2], "blue", spent[3],
				   "strength", strength, "against", s->strength, "result",
				   broken ? "broken" : "failed"));
	nrp_say(p, "The %s breaker challenges %s at %s: %d (%s) + %d bonus + %d power-ups = %d "
	    "against %d: %s.", COLOUR(b), code, at, own, how, bonus, strength - own - bonus, strength,
	    s->strength, broken ? "broken" : "failed");
	if (broken) {
		nrp_move_onto(p, b, si);
		return 0;
	}
	p->st->bd++;
	if (p->events)
		nrp_event(p, json_pack("{s:s,s:i,s:s,s:i}", "type", "damage", "points", 1, "why",
				   "failed challenge", "brain_damage", p->st->bd));
	nrp_say(p, "1 brain damage (failed challenge): %d of 10.", p->st->bd);
	if (!NR_IS_FORT(s->tile))
		nrp_move_onto(p, b, si);
	nrp_bd_check(p);
	return 0;
}

/* ---------- steps ---------- */

void nrp_step_event(struct netrun_play *p, const struct nr_order *o)
{
	p->st->steps++;
	if (p->events)
		nrp_event(p, json_pack("{s:s,s:i,s:i,s:s}", "type", "step", "step", p->st->steps, "line",
				   o ? o->line : 0, "text", o ? o->text : ""));
}

const char *nrp_first_colour(int mask)
{
	int c;

	for (c = 0; c < NR_COLOURS; c++)
		if (mask & 1 << c)
			return COLOUR(c);
	return "?";
}

static int do_run(struct netrun_play *p, const struct nr_order *o, const struct allowance *al)
{
	struct netrun_state *st = p->st;
	int b = o->colour, si;
	const char *code;
	char msg[200], tile[3];

	if ((code = nrp_run_check(st, b, o->x, o->y, msg, sizeof(msg)))) {
		nrp_refuse(p, o, code, "%s", msg);
		return 0;
	}
	nrp_step_event(p, o);
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
			nrp_event(p, json_pack("{s:s,s:s,s:s,s:b}", "type", "install", "at", msg, "tile", tile,
					   "token", s->token));
		nrp_say(p, "The %s breaker installs %s at %d,%d%s.", COLOUR(b), tile, s->x, s->y,
		    s->token ? " with a power-up" : "");
	}
	return nrp_challenge(p, b, si, al, o->alt);
}

/* After a step that left the run going: the win, then the stall (R7.6). */
static void after_step(struct netrun_play *p)
{
	if (p->st->status == NR_OVER)
		return;
	if (nrp_won(p->st)) {
		end_run(p, NR_WIN, NR_END_WIN);
		return;
	}
	if (netrun_stalled(p->st)) {
		end_run(p, NR_LOSS, NR_END_STALLED);
		return;
	}
	if (!nrp_has_run(p->st)) {
		if (p->events)
			nrp_event(p, json_pack("{s:s}", "type", "no-run"));
		nrp_say(p, "No breaker can RUN: only an ability or JACK OUT can go on.");
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
		nrp_event(p, json_pack("{s:s,s:i}", "type", "setup", "stack", NR_TILES));
	nrp_say(p, "The judge deals the data stack: 24 tiles face down.");
	for (c = 0; c < NR_COLOURS; c++) {
		st->br[c].x = NR_OUT;
		if (st->opt[c] == NR_OPT_ROLL) {
			if (nrp_roll(p, NR_Q_CHOOSE, c, &face) < 0)
				return -1;
			st->br[c].kind = NR_KIND(c, face);
		} else if (st->opt[c] == NR_OPT_BASIC) {
			st->br[c].kind = NR_BASIC;
		} else {
			st->br[c].kind = NR_KIND(c, st->opt[c] > 10 ? st->opt[c] - 10 : st->opt[c]);
		}
		if (p->events)
			nrp_event(p, json_pack("{s:s,s:s,s:s}", "type", "breaker", "colour", COLOUR(c), "kind",
					   netrun_kind_word(st->br[c].kind)));
		nrp_say(p, "The %s breaker is %s.", COLOUR(c), netrun_kind_name(st->br[c].kind));
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
			nrp_event(p, json_pack("{s:s,s:i,s:s}", "type", "ignored", "line", o->o[i].line, "text",
					   o->o[i].text));
		nrp_say(p, "Line %d '%s' is not played.", o->o[i].line, o->o[i].text);
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
			if (nrp_do_ability(p, od, &al) < 0)
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
				nrp_event(p, json_pack("{s:s,s:i,s:s,s:s}", "type", "halt", "line", od->line, "text",
						   od->text, "message", "the breaker is elsewhere: the mail stops here"));
			nrp_say(p, "Line %d '%s': the %s breaker is not at %s, so the mail stops here.",
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
