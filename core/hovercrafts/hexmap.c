/*
 * hexmap: the board as ASCII art for reports and bulletins; hexmap.h.
 */
#include "hexmap.h"

#include <stdlib.h>
#include <string.h>

#define HEXMAP_DEFAULT_WIDTH 80
#define CELL_STEP 4		/* characters from one hex's bar to the next */
#define ROW_SHIFT 2		/* odd 0-based rows start half a hex right */

/* One strip of the board and the line being drawn. */
struct layout {
	const struct game_state *st;
	int c0, ncols;		/* first column and column count of the strip */
	int digits;		/* width of the row numbers */
	int pad;		/* x of the first bar of an even row */
	char *line;
	size_t len;
};

static int count_digits(long n)
{
	int d = 1;

	/* Callers pass ints, so -n cannot overflow a long. */
	if (n < 0)
		return 1 + count_digits(-n);
	while (n >= 10) {
		n /= 10;
		d++;
	}
	return d;
}

/* Longest line for a strip of ncols: labels, bars, shift, labels. */
static size_t line_width(int ncols, int digits, int shift)
{
	return (size_t)CELL_STEP * (size_t)ncols + 2 * (size_t)digits + (size_t)shift + 3;
}

/* x of the left bar of the hex at (col, row); its centre is x + 2. */
static int cell_x(const struct layout *l, int col, int row)
{
	return l->pad + CELL_STEP * (col - l->c0) + ((row & 1) ? ROW_SHIFT : 0);
}

static void put(struct layout *l, int x, char c)
{
	if (x >= 0 && (size_t)x < l->len)
		l->line[x] = c;
}

static void put_str(struct layout *l, int x, const char *s)
{
	for (; *s; s++, x++)
		put(l, x, *s);
}

static void put_num(struct layout *l, int x, int n)
{
	int d = count_digits(n), i;

	for (i = d - 1; i >= 0; i--, n /= 10)
		put(l, x + i, (char)('0' + n % 10));
}

static void line_clear(struct layout *l)
{
	memset(l->line, ' ', l->len);
}

/* Trailing spaces are dropped so every line ends in ink. */
static void line_flush(struct layout *l, struct strbuf *out)
{
	size_t n = l->len;

	while (n > 0 && l->line[n - 1] == ' ')
		n--;
	strbuf_add(out, l->line, n);
	strbuf_addch(out, '\n');
	line_clear(l);
}

/* Column letters over (or under) the centres of row's hexes. */
static void draw_col_labels(struct layout *l, int row, struct strbuf *out)
{
	char name[8];
	int c;

	for (c = l->c0; c < l->c0 + l->ncols; c++) {
		hex_column_name(c, name, sizeof(name));
		put_str(l, cell_x(l, c, row) + 2, name);
	}
	line_flush(l, out);
}

/* The edges between row k - 1 and row k; either may be off the board. */
static void draw_edges(struct layout *l, int k, struct strbuf *out)
{
	int c, x;

	for (c = l->c0; c < l->c0 + l->ncols; c++) {
		if (k > 0) {
			x = cell_x(l, c, k - 1);
			put(l, x + 1, '\\');
			put(l, x + 3, '/');
		}
		if (k < l->st->map.height) {
			x = cell_x(l, c, k);
			put(l, x + 1, '/');
			put(l, x + 3, '\\');
		}
	}
	line_flush(l, out);
}

static int is_west(enum facing f)
{
	return f == FACE_NW || f == FACE_W || f == FACE_SW;
}

/* Three characters: a mark on the west side hugs the left bar, else the right. */
static void cell_text(const struct game_state *st, struct hex h, char cell[4])
{
	char mark[HEXMAP_TAG_MAX + 1];
	int i = game_ship_at(st, h);
	size_t n;

	memcpy(cell, "   ", 4);
	if (i >= 0) {
		hexmap_ship_mark(st, (size_t)i, mark, sizeof(mark));
		n = strlen(mark);
		if (n > 3)
			n = 3;
		if (is_west(st->ships[i].facing))
			memcpy(cell, mark, n);
		else
			memcpy(cell + 3 - n, mark, n);
	} else if (game_map_is_wall(&st->map, h)) {
		memcpy(cell, "###", 4);
	}
}

static void draw_row(struct layout *l, int r, struct strbuf *out)
{
	char cell[4];
	int c, x = 0;

	put_num(l, l->digits - count_digits(r + 1), r + 1);
	for (c = l->c0; c < l->c0 + l->ncols; c++) {
		struct hex h = { c, r };

		x = cell_x(l, c, r);
		cell_text(l->st, h, cell);
		put(l, x, '|');
		put_str(l, x + 1, cell);
	}
	put(l, x + CELL_STEP, '|');
	put_num(l, x + CELL_STEP + 2, r + 1);
	line_flush(l, out);
}

static void draw_strip(struct layout *l, struct strbuf *out)
{
	int h = l->st->map.height, r;

	draw_col_labels(l, 0, out);
	for (r = 0; r < h; r++) {
		draw_edges(l, r, out);
		draw_row(l, r, out);
	}
	draw_edges(l, h, out);
	draw_col_labels(l, h - 1, out);
}

static void strip_heading(int c0, int ncols, struct strbuf *out)
{
	char a[8], b[8];

	hex_column_name(c0, a, sizeof(a));
	hex_column_name(c0 + ncols - 1, b, sizeof(b));
	if (ncols == 1)
		strbuf_addf(out, "Column %s\n", a);
	else
		strbuf_addf(out, "Columns %s-%s\n", a, b);
}

static int draw_map(const struct game_state *st, int max_width, struct strbuf *out)
{
	struct layout l;
	int w = st->map.width, h = st->map.height;
	int shift = h > 1 ? ROW_SHIFT : 0;
	int per, nstrips, s;
	int ret = -1;

	memset(&l, 0, sizeof(l));
	l.st = st;
	l.digits = count_digits(h);
	l.pad = l.digits + 1;
	/* Columns that fit, then even strips so the last is not a stub. */
	per = (max_width - 2 * l.digits - shift - 3) / CELL_STEP;
	if (per < 1)
		per = 1;
	nstrips = (w + per - 1) / per;
	per = (w + nstrips - 1) / nstrips;
	l.len = line_width(per, l.digits, shift);
	l.line = malloc(l.len);
	if (!l.line)
		goto out;
	line_clear(&l);
	for (s = 0; s * per < w; s++) {
		l.c0 = s * per;
		l.ncols = w - l.c0 < per ? w - l.c0 : per;
		if (nstrips > 1) {
			if (s > 0)
				strbuf_addch(out, '\n');
			strip_heading(l.c0, l.ncols, out);
		}
		draw_strip(&l, out);
	}
	ret = 0;
out:
	free(l.line);
	return ret;
}

/* Names come from mail: anything outside printable ASCII becomes '?'. */
static void add_clean_name(struct strbuf *out, const char *name)
{
	size_t n = strnlen(name, SHIP_NAME_MAX), i;

	while (n > 0 && name[n - 1] == ' ')
		n--;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)name[i];

		strbuf_addch(out, c >= 0x20 && c <= 0x7e ? (char)c : '?');
	}
}

/* Drops spaces at the end of out, so a blank name leaves no padding behind. */
static void trim_spaces(struct strbuf *out)
{
	if (out->failed || !out->buf)
		return;
	while (out->len > 0 && out->buf[out->len - 1] == ' ')
		out->len--;
	out->buf[out->len] = '\0';
}

static void draw_legend(const struct game_state *st, struct strbuf *out)
{
	char tag[HEXMAP_TAG_MAX], where[HEX_LABEL_MAX];
	int left, full, pad;
	size_t i;

	strbuf_addstr(out, "Key: ### is a wall; a ship is its tag and a mark for its facing:\n"
		      "  A> E   A/ NE   \\A NW   <A W   /A SW   A\\ SE\n"
		      "  Uppercase tags are Zion, lowercase tags the Machines.\n"
		      "  Disabled and off-map ships are listed but not drawn.\n");
	if (!st->nships) {
		strbuf_addstr(out, "No ships.\n");
		return;
	}
	strbuf_addstr(out, "Tag  Team      Hex    Facing  Hull   Status    Ship\n");
	for (i = 0; i < st->nships; i++) {
		const struct ship *sh = &st->ships[i];
		int active = ship_is_active(sh);

		hexmap_ship_tag(st, i, tag, sizeof(tag));
		if (active)
			hex_format(sh->pos, where, sizeof(where));
		else
			strcpy(where, "-");
		strbuf_addf(out, "%-4s %-9s %-6s %-7s ", tag, team_name(sh->team), where,
			    active ? facing_name(sh->facing) : "-");
		/* Hull left over hull, as captains count it down. */
		left = ship_hull_left(sh);
		full = sh->stat[STAT_HULL];
		strbuf_addf(out, "%d/%d", left, full);
		pad = 7 - count_digits(left) - 1 - count_digits(full);
		strbuf_addchars(out, ' ', pad > 1 ? (size_t)pad : 1);
		strbuf_addf(out, "%-9s ", status_name(sh->status));
		add_clean_name(out, sh->name);
		trim_spaces(out);
		strbuf_addch(out, '\n');
	}
}

void hexmap_ship_tag(const struct game_state *st, size_t i, char *buf, size_t len)
{
	char tmp[HEXMAP_TAG_MAX];
	size_t j, k = 0, n;
	enum team t;

	if (!buf || len == 0)
		return;
	if (!st || i >= st->nships || (unsigned)st->ships[i].team >= TEAM_COUNT) {
		strcpy(tmp, "?");
	} else {
		/* k-th ship of its team in state order: A..Z, then AA, AB ... */
		t = st->ships[i].team;
		for (j = 0; j < i; j++)
			if (st->ships[j].team == t)
				k++;
		hex_column_name((int)k, tmp, sizeof(tmp));
		if (t == TEAM_MACHINES)
			for (j = 0; tmp[j]; j++)
				tmp[j] = (char)(tmp[j] - 'A' + 'a');
	}
	n = strlen(tmp);
	if (n >= len)
		n = len - 1;
	memcpy(buf, tmp, n);
	buf[n] = '\0';
}

void hexmap_ship_mark(const struct game_state *st, size_t i, char *buf, size_t len)
{
	/* Each mark points away from the tag the way the ship faces. */
	static const char marks[FACE_COUNT] = { '>', '/', '\\', '<', '/', '\\' };
	char tag[HEXMAP_TAG_MAX], tmp[HEXMAP_TAG_MAX + 1];
	enum facing f;
	size_t n;

	if (!buf || len == 0)
		return;
	hexmap_ship_tag(st, i, tag, sizeof(tag));
	f = (st && i < st->nships) ? st->ships[i].facing : FACE_COUNT;
	if ((unsigned)f >= FACE_COUNT) {
		strcpy(tmp, tag);
		strcat(tmp, "?");
	} else if (is_west(f)) {
		tmp[0] = marks[f];
		strcpy(tmp + 1, tag);
	} else {
		strcpy(tmp, tag);
		n = strlen(tmp);
		tmp[n] = marks[f];
		tmp[n + 1] = '\0';
	}
	n = strlen(tmp);
	if (n >= len)
		n = len - 1;
	memcpy(buf, tmp, n);
	buf[n] = '\0';
}

int hexmap_render(const struct game_state *st, const struct hexmap_options *opt,
		  struct strbuf *out)
{
	int legend = opt ? opt->legend : 1;
	int max_width = (opt && opt->max_width > 0) ? opt->max_width : HEXMAP_DEFAULT_WIDTH;
	int ret = -1;

	if (!st || !out || out->failed)
		goto out;
	if (st->map.width < 1 || st->map.height < 1) {
		strbuf_addstr(out, "No board.\n");
	} else if (draw_map(st, max_width, out) < 0) {
		goto out;
	}
	if (legend) {
		strbuf_addch(out, '\n');
		draw_legend(st, out);
	}
	ret = out->failed ? -1 : 0;
out:
	return ret;
}
