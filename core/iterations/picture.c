/*
 * The skirmish as SVG: each zone a box (exits and features named, cover
 * listed), borders as lines between the boxes (a door's state on it),
 * sightlines as dashed lines, and in each zone the characters the view
 * holds: those the seat sees (the view leaves out whom it does not).
 * Zones go in scenario order, three to a row.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/picture.h"
#include "core/svg.h"
#include "lib/errbuf.h"

#define ZW 200.0
#define ZH 150.0
#define GAP 60.0
#define MARGIN 24.0
#define TOP 40.0
#define PER_ROW 3
#define MAX_ZONES 64

static int zone_index(const json_t *zones, const char *id)
{
	const json_t *z;
	size_t i;

	if (!id)
		return -1;
	json_array_foreach(zones, i, z) {
		const char *zid = json_string_value(json_object_get(z, "id"));

		if (zid && !strcmp(zid, id))
			return (int)i;
	}
	return -1;
}

static void origin(int i, double *x, double *y)
{
	*x = MARGIN + (i % PER_ROW) * (ZW + GAP);
	*y = TOP + (i / PER_ROW) * (ZH + GAP);
}

static void join(char *buf, size_t len, const json_t *list)
{
	const json_t *v;
	size_t i, n;

	buf[0] = '\0';
	json_array_foreach(list, i, v) {
		const char *s = json_is_string(v) ? json_string_value(v)
				: json_string_value(json_object_get(v, "id"));

		if (!s)
			continue;
		n = strlen(buf);
		snprintf(buf + n, len - n, "%s%s", n ? ", " : "", s);
	}
}

int iterations_picture(const json_t *view, const char *seat, struct strbuf *sb, char *err,
		       size_t errlen)
{
	const json_t *sc = json_object_get(view, "scenario"), *zones, *z, *b, *c;
	size_t i, nz, nrows;
	int counts[MAX_ZONES] = { 0 };
	char text[256];

	zones = json_object_get(sc, "zones");
	nz = json_array_size(zones);
	if (!nz || nz > MAX_ZONES) {
		errbuf_set(err, errlen, "scenario.zones: expected 1 to %d zones", MAX_ZONES);
		return -1;
	}
	nrows = (nz + PER_ROW - 1) / PER_ROW;
	snprintf(text, sizeof(text), "%s, round %lld%s%s",
		 json_string_value(json_object_get(sc, "title")) ?
		 json_string_value(json_object_get(sc, "title")) : "The skirmish",
		 (long long)json_integer_value(json_object_get(view, "round")), seat ? ", for " : "",
		 seat ? seat : "");
	svg_begin(sb, (int)(2 * MARGIN + PER_ROW * ZW + (PER_ROW - 1) * GAP),
		  (int)(TOP + nrows * (ZH + GAP) + 10), "#eef1ee", text);
	svg_text_bold(sb, MARGIN, 26, 14, "start", "#222", text);
	/* Sightlines under everything, dashed, from zone to zone along the line. */
	json_array_foreach(json_object_get(sc, "sightlines"), i, b) {
		size_t k;

		for (k = 0; k + 1 < json_array_size(b); k++) {
			int a1 = zone_index(zones, json_string_value(json_array_get(b, k)));
			int a2 = zone_index(zones, json_string_value(json_array_get(b, k + 1)));
			double x1, y1, x2, y2;

			if (a1 < 0 || a2 < 0)
				continue;
			origin(a1, &x1, &y1);
			origin(a2, &x2, &y2);
			strbuf_addf(sb, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" "
				    "stroke=\"#d08c00\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n",
				    x1 + ZW / 2 + 12, y1 + ZH / 2 + 12, x2 + ZW / 2 + 12, y2 + ZH / 2 + 12);
		}
	}
	json_array_foreach(json_object_get(sc, "borders"), i, b) {
		const json_t *pair = json_object_get(b, "zones");
		const char *type = json_string_value(json_object_get(b, "type"));
		const char *door = json_string_value(json_object_get(b, "door"));
		int a1 = zone_index(zones, json_string_value(json_array_get(pair, 0)));
		int a2 = zone_index(zones, json_string_value(json_array_get(pair, 1)));
		double x1, y1, x2, y2;

		if (a1 < 0 || a2 < 0)
			continue;
		origin(a1, &x1, &y1);
		origin(a2, &x2, &y2);
		svg_line(sb, x1 + ZW / 2, y1 + ZH / 2, x2 + ZW / 2, y2 + ZH / 2,
			 door && !strcmp(door, "closed") ? "#8b1a1a" : "#555", 4);
		snprintf(text, sizeof(text), "%s%s%s", type ? type : "", door ? ", " : "",
			 door ? door : "");
		svg_rect(sb, (x1 + x2 + ZW) / 2 - 40, (y1 + y2 + ZH) / 2 - 10, 80, 18, "#fff", "#555");
		svg_text(sb, (x1 + x2 + ZW) / 2, (y1 + y2 + ZH) / 2 + 3, 10, "middle", "#222", text);
	}
	json_array_foreach(zones, i, z) {
		const char *id = json_string_value(json_object_get(z, "id"));
		int exit = json_is_true(json_object_get(z, "exit"));
		double x, y;

		origin((int)i, &x, &y);
		svg_rect(sb, x, y, ZW, ZH, "#ffffff", exit ? "#2e7d32" : "#333");
		snprintf(text, sizeof(text), "%s%s", id ? id : "?", exit ? " (exit)" : "");
		svg_text_bold(sb, x + 8, y + 18, 13, "start", "#111", text);
		join(text, sizeof(text), json_object_get(z, "features"));
		if (text[0])
			svg_text(sb, x + 8, y + 33, 10, "start", "#666", text);
		join(text, sizeof(text), json_object_get(z, "cover"));
		if (text[0]) {
			char line[300];

			snprintf(line, sizeof(line), "cover: %s", text);
			svg_text(sb, x + 8, y + ZH - 8, 10, "start", "#555", line);
		}
	}
	json_array_foreach(json_object_get(view, "characters"), i, c) {
		const char *name = json_string_value(json_object_get(c, "name"));
		const char *sidename = json_string_value(json_object_get(c, "side"));
		const char *status = json_string_value(json_object_get(c, "status"));
		const char *cover = json_string_value(json_object_get(c, "cover"));
		int zi = zone_index(zones, json_string_value(json_object_get(c, "zone")));
		int crew = sidename && !strcmp(sidename, "crew");
		int out = status && strcmp(status, "active");
		double x, y;

		if (!name || zi < 0 || zi >= MAX_ZONES || counts[zi] >= 5)
			continue;
		origin(zi, &x, &y);
		y += 44 + 18 * counts[zi]++;
		svg_circle(sb, x + 16, y, 6, out ? "#aaa" : crew ? "#2f6fb5" : "#b53a2f", "#222");
		snprintf(text, sizeof(text), "%s%s%s%s%s", name, cover ? " behind " : "",
			 cover ? cover : "", out ? ", " : "", out ? status : "");
		svg_text(sb, x + 28, y + 4, 11, "start", "#111", text);
	}
	svg_end(sb);
	return 0;
}
