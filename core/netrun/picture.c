/*
 * The netrun matrix as SVG: each installed tile a square in its colour
 * with its value (N the data fort), a power-up on it as a gold dot, each
 * breaker a disc of its colour in its own corner of the tile it is on.
 * The view shows no face-down tile, so none is drawn.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/picture.h"
#include "core/svg.h"
#include "lib/errbuf.h"

#define CELL 56.0
#define MARGIN 30.0
#define TOP 34.0
#define MAX_SPAN 60		/* the widest matrix drawn, in tiles */

static const char *const colours[] = { "black", "green", "red", "blue" };
static const char *const fills[] = { "#2b2b2b", "#2e8b3e", "#c0392b", "#2f5fb5" };

static int colour_of(char c)
{
	switch (c) {
	case 'B': return 0;
	case 'G': return 1;
	case 'R': return 2;
	case 'U': return 3;
	}
	return -1;
}

static int parse_xy(const char *s, int *x, int *y)
{
	char *end;
	long a, b;

	if (!s)
		return -1;
	a = strtol(s, &end, 10);
	if (end == s || *end != ',')
		return -1;
	s = end + 1;
	b = strtol(s, &end, 10);
	if (end == s || *end || a < -1000 || a > 1000 || b < -1000 || b > 1000)
		return -1;
	*x = (int)a;
	*y = (int)b;
	return 0;
}

int netrun_picture(const json_t *view, const char *seat, struct strbuf *sb, char *err,
		   size_t errlen)
{
	const json_t *matrix = json_object_get(view, "matrix"), *breakers, *t;
	const char *key;
	int minx = 0, maxx = 0, miny = 0, maxy = 0, x, y, i, any = 0, nout = 0;
	char line[160], out[64] = "";
	double pw, ph;

	(void)seat;
	if (matrix && !json_is_object(matrix)) {
		errbuf_set(err, errlen, "matrix: expected an object of tiles by \"x,y\"");
		return -1;
	}
	json_object_foreach((json_t *)matrix, key, t) {
		if (parse_xy(key, &x, &y))
			continue;
		if (!any || x < minx) minx = x;
		if (!any || x > maxx) maxx = x;
		if (!any || y < miny) miny = y;
		if (!any || y > maxy) maxy = y;
		any = 1;
	}
	/* One empty space around: where the next tile may go. */
	minx--, miny--, maxx++, maxy++;
	if (maxx - minx >= MAX_SPAN || maxy - miny >= MAX_SPAN) {
		errbuf_set(err, errlen, "matrix: wider than %d tiles", MAX_SPAN);
		return -1;
	}
	pw = 2 * MARGIN + CELL * (maxx - minx + 1);
	if (pw < 360)
		pw = 360;
	ph = TOP + 2 * MARGIN + CELL * (maxy - miny + 1) + 20;
	svg_begin(sb, (int)pw, (int)ph, "#eef0f3", "Netrun matrix");
	snprintf(line, sizeof(line), "Run %s: %lld steps, brain damage %lld of 10",
		 json_string_value(json_object_get(view, "run")) ?
		 json_string_value(json_object_get(view, "run")) : "",
		 (long long)json_integer_value(json_object_get(view, "steps")),
		 (long long)json_integer_value(json_object_get(view, "brain_damage")));
	svg_text_bold(sb, MARGIN, 24, 13, "start", "#222", line);
	for (y = miny; y <= maxy; y++) {
		snprintf(line, sizeof(line), "%d", y);
		svg_text(sb, MARGIN - 6, TOP + MARGIN + CELL * (y - miny) + CELL / 2 + 4, 10, "end",
			 "#666", line);
	}
	for (x = minx; x <= maxx; x++) {
		snprintf(line, sizeof(line), "%d", x);
		svg_text(sb, MARGIN + CELL * (x - minx) + CELL / 2, TOP + MARGIN - 6, 10, "middle",
			 "#666", line);
		for (y = miny; y <= maxy; y++)
			svg_rect(sb, MARGIN + CELL * (x - minx) + 2, TOP + MARGIN + CELL * (y - miny) + 2,
				 CELL - 4, CELL - 4, "#f8f9fb", "#c9ced6");
	}
	json_object_foreach((json_t *)matrix, key, t) {
		const char *tile = json_string_value(json_object_get(t, "tile"));
		int c;
		double px, py;

		if (parse_xy(key, &x, &y) || !tile || (c = colour_of(tile[0])) < 0)
			continue;
		px = MARGIN + CELL * (x - minx) + 2;
		py = TOP + MARGIN + CELL * (y - miny) + 2;
		svg_rect(sb, px, py, CELL - 4, CELL - 4, fills[c], "#111");
		svg_text_bold(sb, px + (CELL - 4) / 2, py + (CELL - 4) / 2 + 6, 17, "middle", "#fff",
			      tile[1] == 'N' ? "FORT" : tile + 1);
		if (json_is_true(json_object_get(t, "token")))
			svg_circle(sb, px + (CELL - 4) / 2, py + CELL - 13, 5, "#f2c230", "#6b5200");
	}
	breakers = json_object_get(view, "breakers");
	for (i = 0; i < 4; i++) {
		const char *at = json_string_value(json_object_get(json_object_get(breakers, colours[i]),
								   "at"));
		double px, py;

		if (!at)
			continue;
		if (parse_xy(at, &x, &y)) {
			size_t n = strlen(out);

			snprintf(out + n, sizeof(out) - n, "%s%s", nout++ ? ", " : "", colours[i]);
			continue;
		}
		px = MARGIN + CELL * (x - minx) + 2 + 9 + (i % 2) * (CELL - 22);
		py = TOP + MARGIN + CELL * (y - miny) + 2 + 9 + (i / 2) * (CELL - 22);
		svg_circle(sb, px, py, 7, fills[i], "#fff");
	}
	snprintf(line, sizeof(line), "Breakers outside: %s", nout ? out : "none");
	svg_text(sb, MARGIN, ph - 14, 12, "start", "#222", line);
	svg_end(sb);
	return 0;
}
