/*
 * The Hovercrafts board as SVG: pointy-topped hexes in odd-r rows
 * (core/hovercrafts/hex.h), walls filled, each ship on its hex in its
 * side's colour with a wedge towards its facing, its name under it.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/hovercrafts/hex.h"
#include "core/picture.h"
#include "core/svg.h"
#include "lib/errbuf.h"

#define R 18.0			/* a hex's radius */
#define MARGIN 28.0
#define MAX_SIDE 200		/* the largest board side the picture takes */

static const double SQ3 = 1.7320508075688772;

static void centre(struct hex h, double *x, double *y)
{
	*x = MARGIN + R * SQ3 * (h.col + 0.5 * (h.row & 1)) + R * SQ3 / 2.0;
	*y = MARGIN + R * 1.5 * h.row + R;
}

/* v with one decimal, as "%.1f" writes it for the board's (positive) sizes, without printf. */
static void tenths(struct strbuf *sb, double v)
{
	long t = lround(v * 10.0);
	char buf[24];
	int n = (int)sizeof(buf);

	if (t < 0) {
		strbuf_addf(sb, "%.1f", v);
		return;
	}
	buf[--n] = (char)('0' + t % 10);
	buf[--n] = '.';
	t /= 10;
	do {
		buf[--n] = (char)('0' + t % 10);
		t /= 10;
	} while (t && n > 0);
	strbuf_add(sb, buf + n, sizeof(buf) - (size_t)n);
}

/* One hexagon as a subpath ("M x,y L ... Z") of a path drawn at once. */
static void hexagon(struct strbuf *sb, double cx, double cy, double r)
{
	/* cos and sin of -30, 30, 90 ... degrees: the corners of a pointy-topped hex. */
	static const double cs[6][2] = {
		{ 0.8660254037844387, -0.5 }, { 0.8660254037844387, 0.5 }, { 0.0, 1.0 },
		{ -0.8660254037844387, 0.5 }, { -0.8660254037844387, -0.5 }, { 0.0, -1.0 }
	};
	int i;

	for (i = 0; i < 6; i++) {
		strbuf_addch(sb, i ? 'L' : 'M');
		tenths(sb, cx + r * cs[i][0]);
		strbuf_addch(sb, ',');
		tenths(sb, cy + r * cs[i][1]);
	}
	strbuf_addch(sb, 'Z');
}

int hover_picture(const json_t *view, const char *seat, struct strbuf *sb, char *err,
		  size_t errlen)
{
	const json_t *map = json_object_get(view, "map"), *walls, *ships, *s;
	int w = (int)json_integer_value(json_object_get(map, "width"));
	int h = (int)json_integer_value(json_object_get(map, "height"));
	int col, row;
	size_t i;
	char title[128], label[HEX_LABEL_MAX];
	double pw, ph;

	if (w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) {
		errbuf_set(err, errlen, "map: expected a width and height from 1 to %d", MAX_SIDE);
		return -1;
	}
	walls = json_object_get(map, "walls");
	ships = json_object_get(view, "ships");
	pw = 2 * MARGIN + R * SQ3 * (w + 0.5);
	ph = 2 * MARGIN + R * (1.5 * (h - 1) + 2) + 10;
	snprintf(title, sizeof(title), "Hovercrafts, turn %lld%s%s",
		 (long long)json_integer_value(json_object_get(view, "turn")), seat ? ", for " : "",
		 seat ? seat : "");
	svg_begin(sb, (int)ceil(pw), (int)ceil(ph), "#f4f1e8", title);
	for (col = 0; col < w; col++) {
		double x, y;

		hex_column_name(col, label, sizeof(label));
		centre((struct hex){ col, 0 }, &x, &y);
		svg_text(sb, x, MARGIN - 8, 11, "middle", "#555", label);
	}
	for (row = 0; row < h; row++) {
		double x, y;

		snprintf(label, sizeof(label), "%d", row + 1);
		centre((struct hex){ 0, row }, &x, &y);
		svg_text(sb, MARGIN - 6 + (row & 1) * R * SQ3 / 2, y + 4, 11, "end", "#555", label);
	}
	/*
	 * The grid and the walls as one path each: a rasteriser pays per
	 * element, and a 26 x 20 board has 520 hexes (mxjudge bench).
	 */
	strbuf_addstr(sb, "<path fill=\"#fffdf6\" stroke=\"#b9b2a0\" d=\"");
	for (row = 0; row < h; row++)
		for (col = 0; col < w; col++) {
			double x, y;

			centre((struct hex){ col, row }, &x, &y);
			hexagon(sb, x, y, R);
		}
	strbuf_addstr(sb, "\"/>\n<path fill=\"#5b5346\" stroke=\"#3d372e\" d=\"");
	json_array_foreach(walls, i, s) {
		struct hex hx;
		double x, y;

		if (!json_is_string(s) || hex_parse(json_string_value(s), &hx) || hx.col >= w ||
		    hx.row >= h)
			continue;
		centre(hx, &x, &y);
		hexagon(sb, x, y, R);
	}
	strbuf_addstr(sb, "\"/>\n");
	json_array_foreach(ships, i, s) {
		const char *name = json_string_value(json_object_get(s, "name"));
		const char *team = json_string_value(json_object_get(s, "team"));
		const char *status = json_string_value(json_object_get(s, "status"));
		const char *at = json_string_value(json_object_get(s, "hex"));
		int f = facing_parse(json_string_value(json_object_get(s, "facing")) ?
				     json_string_value(json_object_get(s, "facing")) : "");
		int zion = team && !strcmp(team, "zion");
		int active = !status || !strcmp(status, "active");
		const char *fill = !active ? "#9a9a9a" : zion ? "#2f6fb5" : "#b53a2f";
		struct hex hx;
		double x, y, a, tip[6];

		if (!name || !at || hex_parse(at, &hx) || hx.col >= w || hx.row >= h)
			continue;	/* off the map: nothing to draw */
		centre(hx, &x, &y);
		svg_circle(sb, x, y, R * 0.62, fill, "#222");
		if (f >= 0 && active) {
			a = f * 60.0 * M_PI / 180.0;
			tip[0] = x + R * 0.95 * cos(a);
			tip[1] = y - R * 0.95 * sin(a);
			tip[2] = x + R * 0.45 * cos(a + 0.9);
			tip[3] = y - R * 0.45 * sin(a + 0.9);
			tip[4] = x + R * 0.45 * cos(a - 0.9);
			tip[5] = y - R * 0.45 * sin(a - 0.9);
			svg_polygon(sb, tip, 3, "#ffd23f", "#222", 1);
		}
		if (!active) {
			svg_line(sb, x - 7, y - 7, x + 7, y + 7, "#222", 2);
			svg_line(sb, x - 7, y + 7, x + 7, y - 7, "#222", 2);
		}
		svg_text_bold(sb, x, y + R + 9, 10, "middle", seat && !strcmp(seat, name) ? "#000"
			      : "#333", name);
	}
	svg_end(sb);
	return 0;
}
