/* netrun's report for people (R13) and the ranking key of duplicate runs (R12.3). */
#include "netrun.h"

#include <string.h>

#define STRIP 15

static void breaker_line(const struct netrun_state *st, int b, struct strbuf *out)
{
	const struct nr_breaker *br = &st->br[b];
	char at[24];
	int xs[32], ys[32], n, k, sep = 0, width;

	if (br->x == NR_OUT)
		strcpy(at, "outside");
	else
		snprintf(at, sizeof(at), "at %d,%d", br->x, br->y);
	strbuf_addf(out, "  %c %-6s %-34s %s", netrun_colour_letters[b] + 'a' - 'A',
		    netrun_colour_names[b],
		    st->status == NR_SETUP && st->opt[b] == NR_OPT_ROLL ? "(rolled once dealt)"
								       : netrun_kind_name(br->kind), at);
	if (br->ankara || br->diamond || br->wintermute) {
		strbuf_addstr(out, "; next challenge:");
		if (br->ankara)
			strbuf_addf(out, "%s +%d Ankara", sep++ ? "," : "", 2 * br->ankara);
		if (br->diamond)
			strbuf_addf(out, "%s +3 Black Diamond", sep++ ? "," : "");
		if (br->wintermute)
			strbuf_addf(out, "%s own strength 10", sep++ ? "," : "");
	}
	strbuf_addch(out, '\n');
	if (st->status != NR_RUNNING)
		return;
	if (br->x == NR_OUT && st->nstack) {
		strbuf_addstr(out, "           may RUN to: any space\n");
		return;
	}
	n = netrun_run_targets(st, b, xs, ys, 32);
	strbuf_addstr(out, "           may RUN to:");
	if (!n)
		strbuf_addstr(out, " nowhere");
	for (k = 0, width = 22; k < n; k++) {
		char one[24];
		int len = snprintf(one, sizeof(one), " %d,%d", xs[k], ys[k]);

		/* at most 80 columns: go on under the first space */
		if (width + len > 80) {
			strbuf_addstr(out, "\n                      ");
			width = 22;
		}
		strbuf_addstr(out, one);
		width += len;
	}
	strbuf_addch(out, '\n');
}

static void stack_line(const struct netrun_state *st, struct strbuf *out)
{
	int forts = 0, i, drawn = st->ns;

	if (st->status == NR_SETUP) {
		strbuf_addstr(out, "Data stack: not dealt yet (the first mail begins with NONCE WORD)\n");
		return;
	}
	if (!st->nstack) {
		strbuf_addstr(out, "Data stack: empty\n");
		return;
	}
	for (i = 0; i < st->nstack; i++)
		forts += NR_IS_FORT(st->stack[i]);
	if (st->ns + st->nstack == NR_TILES && drawn < 14)
		strbuf_addf(out, "Data stack: %d face down; the next %d are ice, the last 10 hold the "
			    "4 forts\n", st->nstack, 14 - drawn);
	else
		strbuf_addf(out, "Data stack: %d face down: %d data fort%s and %d ice\n", st->nstack,
			    forts, forts == 1 ? "" : "s", st->nstack - forts);
}

static void not_installed(const struct netrun_state *st, struct strbuf *out)
{
	int in[NR_TILES] = { 0 }, i, t, any = 0;
	char code[3];

	if (st->status == NR_SETUP)
		return;
	for (i = 0; i < st->nstack; i++)
		in[st->stack[i]] = 1;
	strbuf_addstr(out, "Not yet installed:");
	for (t = 0; t < NR_TILES; t++)
		if (in[t]) {
			netrun_tile_code(t, code);
			strbuf_addf(out, " %s", code);
			any = 1;
		}
	strbuf_addstr(out, any ? "\n" : " none\n");
}

static void cell(const struct netrun_state *st, int x, int y, char out[8])
{
	int si = netrun_structure_at(st, x, y), c, n = 0, fx, fy;

	if (si < 0) {
		strcpy(out, netrun_three_ok(st, x, y, &fx, &fy) < 0 ? "#" : ".");
		return;
	}
	netrun_tile_code(st->s[si].tile, out);
	n = 2;
	if (st->s[si].token)
		out[n++] = '*';
	for (c = 0; c < NR_COLOURS; c++)
		if (st->br[c].x == x && st->br[c].y == y)
			out[n++] = (char)(netrun_colour_letters[c] + 'a' - 'A');
	out[n] = '\0';
}

static void trim_add_line(struct strbuf *out, struct strbuf *line)
{
	const char *s = strbuf_str(line);
	size_t n = strlen(s);

	while (n && s[n - 1] == ' ')
		n--;
	strbuf_add(out, s, n);
	strbuf_addch(out, '\n');
	strbuf_reset(line);
}

static void grid(const struct netrun_state *st, struct strbuf *out)
{
	struct strbuf line = STRBUF_INIT;
	int x0, x1, y0, y1, i, x, y, from;

	if (!st->ns) {
		strbuf_addstr(out, "The matrix is empty: the first RUN installs at 0,0.\n");
		return;
	}
	x0 = x1 = st->s[0].x;
	y0 = y1 = st->s[0].y;
	for (i = 1; i < st->ns; i++) {
		if (st->s[i].x < x0)
			x0 = st->s[i].x;
		if (st->s[i].x > x1)
			x1 = st->s[i].x;
		if (st->s[i].y < y0)
			y0 = st->s[i].y;
		if (st->s[i].y > y1)
			y1 = st->s[i].y;
	}
	x0--, x1++, y0--, y1++;
	for (from = x0; from <= x1; from += STRIP) {
		int to = from + STRIP - 1 < x1 ? from + STRIP - 1 : x1;

		if (from > x0)
			strbuf_addch(out, '\n');
		if (x1 - x0 + 1 > STRIP)
			strbuf_addf(out, "Columns %d to %d:\n", from, to);
		strbuf_addstr(&line, " y\\x");
		for (x = from; x <= to; x++) {
			char label[16];

			snprintf(label, sizeof(label), "%d", x);
			strbuf_addf(&line, " %-4s", label);
		}
		trim_add_line(out, &line);
		for (y = y0; y <= y1; y++) {
			strbuf_addf(&line, "%4d", y);
			for (x = from; x <= to; x++) {
				char c[8];

				cell(st, x, y, c);
				strbuf_addf(&line, " %-4s", c);
			}
			trim_add_line(out, &line);
		}
	}
	strbuf_release(&line);
}

void netrun_report(const struct netrun_state *st, struct strbuf *out)
{
	int c, i;

	strbuf_addf(out, "Matrix run \"%s\", %d step%s played\n", st->run, st->steps,
		    st->steps == 1 ? "" : "s");
	if (st->status == NR_OVER)
		strbuf_addf(out, "THE RUN IS OVER: %s (%s)\n", st->result == NR_WIN ? "WIN" : "LOSS",
			    netrun_end_word(st->end) ? netrun_end_word(st->end) : "ended");
	strbuf_addf(out, "Brain damage: %d of 10", st->bd);
	if (st->target >= 0)
		strbuf_addf(out, " (target %d)", st->target);
	strbuf_addch(out, '\n');
	strbuf_addstr(out, "Power-ups held:");
	for (c = 0; c < NR_COLOURS; c++)
		strbuf_addf(out, "%s %s %d", c ? "," : "", netrun_colour_names[c], st->held[c]);
	strbuf_addstr(out, "\nPower-ups in the supply:");
	for (c = 0; c < NR_COLOURS; c++)
		strbuf_addf(out, "%s %s %d", c ? "," : "", netrun_colour_names[c], netrun_supply(st, c));
	strbuf_addstr(out, "\nBreakers:\n");
	for (c = 0; c < NR_COLOURS; c++)
		breaker_line(st, c, out);
	stack_line(st, out);
	not_installed(st, out);
	strbuf_addch(out, '\n');
	grid(st, out);
	strbuf_addstr(out, "\nKey: tile = colour (B black, G green, R red, U blue) + value (N null: the\n"
		      "data fort, strength 6; A ace: 1; 2-5); * a power-up on it; b g r u breakers;\n"
		      ". empty; # the three-neighbour limit forbids installing there. Spaces are\n"
		      "x,y: x grows to the right, y downward; 0,0 is where the first tile went.\n");
	for (i = 0; i < st->ns; i++) {
		int full = NR_IS_FORT(st->s[i].tile) ? 6 : NR_TILE_VALUE(st->s[i].tile);
		char code[3];

		if (st->s[i].strength == full)
			continue;
		netrun_tile_code(st->s[i].tile, code);
		strbuf_addf(out, "Lowered: %s at %d,%d has strength %d (of %d)\n", code, st->s[i].x,
			    st->s[i].y, st->s[i].strength, full);
	}
	if (st->commitment[0])
		strbuf_addf(out, "Seal: %s\n", st->commitment);
	if (st->have_nonce)
		strbuf_addf(out, "Nonce: %s\n", st->nonce);
}

/* ---------- R12.3 ---------- */

static int own_forts(const struct netrun_state *st)
{
	int c, i, n = 0;

	for (c = 0; c < NR_COLOURS; c++)
		for (i = 0; i < st->ns; i++)
			n += st->s[i].tile == NR_TILE(c, 0) && st->br[c].x == st->s[i].x &&
			     st->br[c].y == st->s[i].y;
	return n;
}

static int cmp_int(int a, int b)
{
	return a > b ? 1 : a < b ? -1 : 0;
}

int netrun_compare(const struct netrun_state *a, const struct netrun_state *b)
{
	int wa = a->result == NR_WIN, wb = b->result == NR_WIN, r;

	if (wa != wb)
		return wa - wb;
	if (wa) {
		if ((r = cmp_int(b->bd, a->bd)))
			return r;
		return cmp_int(b->steps, a->steps);
	}
	if ((r = cmp_int(own_forts(a), own_forts(b))))
		return r;
	if ((r = cmp_int(a->ns, b->ns)))
		return r;
	return cmp_int(b->bd, a->bd);
}
