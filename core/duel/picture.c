/*
 * The duel's table as SVG: the three tracks (Time, Mission Points, the
 * Nebuchadnezzar's hits), each side's deck, hand and discard as counts
 * (the view gives the other side's as counts only; the picture never
 * shows a card of a hand), and the characters in play, Neo and the
 * agents marked, plugged-in humans in the Matrix.
 */
#include <stdio.h>
#include <string.h>

#include "core/duel/duel.h"
#include "core/picture.h"
#include "core/svg.h"
#include "lib/errbuf.h"

#define W 640
#define COLW 300.0

static long long count_of(const json_t *side, const char *list, const char *count)
{
	const json_t *l = json_object_get(side, list);

	if (json_is_array(l))
		return (long long)json_array_size(l);
	return (long long)json_integer_value(json_object_get(side, count));
}

static void track(struct strbuf *sb, double y, const char *label, long long v, long long max,
		  const char *fill)
{
	char text[96];
	double w = 360.0;

	if (max < 1)
		max = 1;
	if (v < 0)
		v = 0;
	if (v > max)
		v = max;
	svg_text(sb, 20, y + 13, 13, "start", "#222", label);
	svg_rect(sb, 200, y, w, 16, "#fff", "#777");
	if (v)
		svg_rect(sb, 200, y, w * (double)v / (double)max, 16, fill, NULL);
	snprintf(text, sizeof(text), "%lld of %lld", v, max);
	svg_text(sb, 570, y + 13, 12, "start", "#222", text);
}

/* One side's column at x: counts, then its characters in play. */
static double side(struct strbuf *sb, const json_t *view, const char *name, const char *title,
		   double x, double y, const char *fill)
{
	const json_t *s = json_object_get(view, name), *names = json_object_get(view, "names");
	const json_t *c;
	char text[160];
	size_t i;

	svg_text_bold(sb, x, y, 15, "start", fill, title);
	y += 10;
	snprintf(text, sizeof(text), "Deck %lld", count_of(s, "deck", "deck_count"));
	svg_rect(sb, x, y, 90, 40, "#fafafa", fill);
	svg_text(sb, x + 45, y + 25, 12, "middle", "#222", text);
	snprintf(text, sizeof(text), "Hand %lld", count_of(s, "hand", "hand_count"));
	svg_rect(sb, x + 100, y, 90, 40, "#fafafa", fill);
	svg_text(sb, x + 145, y + 25, 12, "middle", "#222", text);
	snprintf(text, sizeof(text), "Discard %lld", count_of(s, "discard", "discard_count"));
	svg_rect(sb, x + 200, y, 90, 40, "#fafafa", fill);
	svg_text(sb, x + 245, y + 25, 12, "middle", "#222", text);
	y += 58;
	svg_text(sb, x, y, 12, "start", "#444", "In play:");
	y += 6;
	json_array_foreach(json_object_get(s, "in_play"), i, c) {
		const char *id = json_string_value(json_object_get(c, "id"));
		const char *nm = id ? json_string_value(json_object_get(names, id)) : NULL;
		int neo = nm && !strcmp(nm, "Neo");
		int agent = nm && !strncmp(nm, "Agent ", 6);
		int plugged = json_is_true(json_object_get(c, "plugged"));

		if (!id)
			continue;
		svg_rect(sb, x, y, COLW - 10, 22, neo ? "#fff3b0" : agent ? "#e3f1e3" : "#fff",
			 neo ? "#b08900" : fill);
		snprintf(text, sizeof(text), "%s %s%s", id, nm ? nm : "",
			 plugged ? " (in the Matrix)" : "");
		if (neo || agent)
			svg_text_bold(sb, x + 6, y + 15, 12, "start", "#111", text);
		else
			svg_text(sb, x + 6, y + 15, 12, "start", "#111", text);
		y += 26;
	}
	if (!json_array_size(json_object_get(s, "in_play")))
		svg_text(sb, x + 6, y + 15, 12, "start", "#666", "nobody");
	return y;
}

int duel_picture(const json_t *view, const char *seat, struct strbuf *sb, char *err,
		 size_t errlen)
{
	const json_t *neb = json_object_get(view, "neb");
	char title[128];
	double y1, y2;
	size_t n1, n2, rows;

	if (!json_is_object(json_object_get(view, "humans")) ||
	    !json_is_object(json_object_get(view, "machines"))) {
		errbuf_set(err, errlen, "view: expected the sides \"humans\" and \"machines\"");
		return -1;
	}
	n1 = json_array_size(json_object_get(json_object_get(view, "humans"), "in_play"));
	n2 = json_array_size(json_object_get(json_object_get(view, "machines"), "in_play"));
	rows = n1 > n2 ? n1 : n2;
	if (rows > 64)
		rows = 64;
	snprintf(title, sizeof(title), "The duel, turn %lld%s%s",
		 (long long)json_integer_value(json_object_get(view, "turn")), seat ? ", for " : "",
		 seat ? seat : "");
	svg_begin(sb, W, (int)(210 + 26 * (rows ? rows : 1) + 30), "#f5f3ee", title);
	svg_text_bold(sb, 20, 26, 16, "start", "#222", title);
	track(sb, 44, "Time", json_integer_value(json_object_get(view, "time")), DUEL_WIN_TIME_AT,
	      "#7a7a7a");
	track(sb, 68, "Mission Points", json_integer_value(json_object_get(view, "mp")),
	      DUEL_WIN_MP_AT, "#2f6fb5");
	track(sb, 92, "Nebuchadnezzar hits", json_integer_value(json_object_get(neb, "hits")),
	      json_integer_value(json_object_get(neb, "hull")), "#b53a2f");
	y1 = side(sb, view, "humans", "Humans", 20, 140, "#2f6fb5");
	y2 = side(sb, view, "machines", "Machines", 20 + COLW + 10, 140, "#2e7d32");
	(void)y1;
	(void)y2;
	svg_end(sb);
	return 0;
}
