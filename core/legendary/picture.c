/*
 * Legendary's table as SVG: the Matrix row (R1..R5, cards face down as
 * backs: the view does not say what they are), the Combat Zone, the Real
 * World, the Dock, and the counts and tracks of the player's side.
 */
#include <stdio.h>
#include <string.h>

#include "core/picture.h"
#include "core/svg.h"
#include "lib/errbuf.h"

#define CW 110.0
#define CH 62.0
#define MARGIN 20.0
#define W 640

/* A card's id: a string, or {"card", "face": "up"}; NULL when face down or empty. */
static const char *card_id(const json_t *e, int *down)
{
	*down = 0;
	if (json_is_string(e))
		return json_string_value(e);
	if (!json_is_object(e))
		return NULL;
	if (json_string_value(json_object_get(e, "face")) &&
	    strcmp(json_string_value(json_object_get(e, "face")), "up")) {
		*down = 1;
		return NULL;
	}
	return json_string_value(json_object_get(e, "card"));
}

static void card(struct strbuf *sb, double x, double y, const char *label, const json_t *e)
{
	int down;
	const char *id = card_id(e, &down);

	svg_rect(sb, x, y, CW - 8, CH, down ? "#3c4a5a" : id ? "#fffaf0" : "#f0f0f0",
		 id || down ? "#333" : "#bbb");
	if (label)
		svg_text(sb, x + 5, y + 13, 10, "start", down ? "#ddd" : "#777", label);
	svg_text(sb, x + (CW - 8) / 2, y + CH / 2 + 8, 10, "middle", down ? "#fff" : "#111",
		 down ? "face down" : id ? id : "empty");
}

/* A named row of cards from list at y; at most 5 across. The next y. */
static double zone(struct strbuf *sb, double y, const char *title, const json_t *list)
{
	const json_t *e;
	size_t i;
	char label[16];

	svg_text_bold(sb, MARGIN, y, 13, "start", "#222", title);
	y += 8;
	if (!json_array_size(list)) {
		svg_text(sb, MARGIN + 8, y + 16, 11, "start", "#777", "empty");
		return y + 34;
	}
	json_array_foreach(list, i, e) {
		if (i >= 10)
			break;
		snprintf(label, sizeof(label), "%zu", i + 1);
		card(sb, MARGIN + (double)(i % 5) * CW, y + (double)(i / 5) * (CH + 8), label, e);
	}
	return y + (double)((json_array_size(list) > 5 ? 2 : 1)) * (CH + 8) + 20;
}

/* The height zone() takes for a list of n cards. */
static double zone_height(size_t n)
{
	return n ? 8 + (double)(n > 5 ? 2 : 1) * (CH + 8) + 20 : 42;
}

int legendary_picture(const json_t *view, const char *seat, struct strbuf *sb, char *err,
		      size_t errlen)
{
	const json_t *row = json_object_get(view, "row"), *e;
	char text[200], label[8];
	size_t i, ncz = json_array_size(json_object_get(view, "combat_zone"));
	size_t nrw = json_array_size(json_object_get(view, "real_world"));
	double y, h;

	(void)seat;
	if (!json_is_array(row)) {
		errbuf_set(err, errlen, "row: expected the Matrix row, a list");
		return -1;
	}
	h = 70 + 8 + CH + 28 + zone_height(ncz) + zone_height(nrw) +
	    zone_height(json_array_size(json_object_get(view, "dock"))) + 10;
	svg_begin(sb, W, (int)h, "#f3efe6", "Legendary Encounters");
	snprintf(text, sizeof(text), "Film %lld, act %lld, turn %lld, in the %s",
		 (long long)json_integer_value(json_object_get(view, "film")),
		 (long long)json_integer_value(json_object_get(view, "act")),
		 (long long)json_integer_value(json_object_get(view, "turn")),
		 json_string_value(json_object_get(view, "world")) &&
		 !strcmp(json_string_value(json_object_get(view, "world")), "matrix") ? "Matrix"
		 : "Real World");
	svg_text_bold(sb, MARGIN, 24, 15, "start", "#222", text);
	snprintf(text, sizeof(text), "Time %lld | Hand %zu | Deck %lld | Discard %zu | Wounds %zu",
		 (long long)json_integer_value(json_object_get(view, "time")),
		 json_array_size(json_object_get(view, "hand")),
		 (long long)json_integer_value(json_object_get(view, "deck")),
		 json_array_size(json_object_get(view, "discard")),
		 json_array_size(json_object_get(view, "wounds")));
	svg_text(sb, MARGIN, 44, 12, "start", "#333", text);
	y = 70;
	svg_text_bold(sb, MARGIN, y, 13, "start", "#222", "Matrix row (cards enter at R5)");
	y += 8;
	json_array_foreach(row, i, e) {
		if (i >= 5)
			break;
		snprintf(label, sizeof(label), "R%zu", i + 1);
		card(sb, MARGIN + (double)i * CW, y, label, e);
	}
	y += CH + 28;
	y = zone(sb, y, "Combat Zone", json_object_get(view, "combat_zone"));
	y = zone(sb, y, "Real World", json_object_get(view, "real_world"));
	zone(sb, y, "Dock", json_object_get(view, "dock"));
	svg_end(sb);
	return 0;
}
