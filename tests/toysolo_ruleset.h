/*
 * climb: a test-only solo ruleset (RULESET_SOLO) for what the judge does
 * for one player: a turn resolves when its mail comes, an idle game is
 * ended by the judge (forfeit), duplicate play ranks results (compare).
 *
 * The climber is at height 0. Each mail says CLIMB N (1 to 3): N d6 from
 * the sealed stream ("d6 climb"), summed onto the height. Height 10 to 12
 * wins; above 12 is a fall (a loss). Better results: a win over anything
 * else, then fewer turns.
 *
 * Ownership: as core/ruleset.h. Included by tests/toy_register.c only.
 */
#ifndef MX_TOYSOLO_RULESET_H
#define MX_TOYSOLO_RULESET_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ruleset.h"
#include "lib/errbuf.h"

static const char *climb_seat(const json_t *state)
{
	return json_string_value(json_array_get(json_object_get(state, "seats"), 0));
}

/* A seat's own data "start" (campaign join --data start=FILE): its first height, 0 to 5. */
static int climb_start(const json_t *seat, int *height, char *err, size_t errlen)
{
	const json_t *start = json_object_get(json_object_get(seat, "data"), "start");
	const char *text = json_string_value(json_object_get(start, "text"));
	char *end;
	long v;

	*height = 0;
	if (!start)
		return 0;
	v = text ? strtol(text, &end, 10) : -1;
	if (!text || end == text || (*end && *end != '\n') || v < 0 || v > 5) {
		errbuf_set(err, errlen, "%s:1: expected a starting height from 0 to 5",
			   json_string_value(json_object_get(start, "name")) ?
			   json_string_value(json_object_get(start, "name")) : "start");
		return -1;
	}
	*height = (int)v;
	return 0;
}

static int climb_check_seat(const json_t *settings, const json_t *seats, const json_t *seat,
			    char *err, size_t errlen)
{
	int h;

	(void)settings;
	(void)seats;
	return climb_start(seat, &h, err, errlen);
}

static json_t *climb_setup(const json_t *settings, const json_t *data, const json_t *seats,
			   struct draw_source *draws, char *err, size_t errlen)
{
	int h;

	(void)settings;
	(void)data;
	(void)draws;
	if (json_array_size(seats) != 1) {
		errbuf_set(err, errlen, "climb is played by one seat");
		return NULL;
	}
	if (climb_start(json_array_get(seats, 0), &h, err, errlen) < 0)
		return NULL;
	return json_pack("{s:{s:s,s:i,s:[O],s:i,s:i,s:n},s:[],s:[s]}", "state", "game", "climb",
			 "turn", 1, "seats", json_object_get(json_array_get(seats, 0), "name"),
			 "height", h, "turns", 0, "result", "events", "story", "The climb begins.");
}

static json_t *climb_waiting_for(const json_t *state)
{
	return json_is_null(json_object_get(state, "result")) ? json_pack("[s]", climb_seat(state))
							      : json_array();
}

static json_t *climb_read_orders(const json_t *state, const char *seat, const char *text,
				 const char *name, int flags, char *err, size_t errlen)
{
	int n, line = 1;
	char extra;

	(void)flags;
	while (*text == '\n') {
		text++;
		line++;
	}
	if (sscanf(text, "CLIMB %d %c", &n, &extra) != 1 || n < 1 || n > 3) {
		errbuf_set(err, errlen, "%s:%d: expected 'CLIMB N' with N from 1 to 3", name, line);
		return NULL;
	}
	return json_pack("{s:i}", seat ? seat : climb_seat(state), n);
}

static json_t *climb_resolve(const json_t *state, const json_t *orders, struct draw_source *draws,
			     char *err, size_t errlen)
{
	json_t *next = json_deep_copy(state), *events = json_array(), *story = json_array();
	json_int_t h = json_integer_value(json_object_get(state, "height"));
	int n = (int)json_integer_value(json_object_get(orders, climb_seat(state))), k, d;
	char line[96];

	for (k = 0; k < n; k++) {
		if (draw_die(draws, "sealed", "d6 climb", 6, &d, err, errlen) < 0)
			goto fail;
		h += d;
		json_array_append_new(events, json_pack("{s:s,s:i}", "type", "die", "face", d));
	}
	snprintf(line, sizeof(line), "%d dice: the climber is at %d.", n, (int)h);
	json_array_append_new(story, json_string(line));
	json_object_set_new(next, "height", json_integer(h));
	json_object_set_new(next, "turns",
			    json_integer(json_integer_value(json_object_get(state, "turns")) + 1));
	json_object_set_new(next, "turn",
			    json_integer(json_integer_value(json_object_get(state, "turn")) + 1));
	if (h >= 10)
		json_object_set_new(next, "result", json_string(h <= 12 ? "win" : "fall"));
	return json_pack("{s:o,s:o,s:o}", "state", next, "events", events, "story", story);
fail:
	json_decref(next);
	json_decref(events);
	json_decref(story);
	return NULL;
}

static json_t *climb_status(const json_t *state)
{
	const json_t *r = json_object_get(state, "result");

	return json_pack("{s:b,s:O}", "over", !json_is_null(r), "result", r);
}

static json_t *climb_forfeit(const json_t *state, const char *seat, const char *reason,
			     char *err, size_t errlen)
{
	json_t *next = json_deep_copy(state);

	(void)seat;
	if (!next) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	json_object_set_new(next, "result", json_string(reason));
	return next;
}

static int climb_compare(const json_t *a, const json_t *b)
{
	int wa = !strcmp(json_string_value(json_object_get(a, "result")) ?
			 json_string_value(json_object_get(a, "result")) : "", "win");
	int wb = !strcmp(json_string_value(json_object_get(b, "result")) ?
			 json_string_value(json_object_get(b, "result")) : "", "win");
	json_int_t ta = json_integer_value(json_object_get(a, "turns"));
	json_int_t tb = json_integer_value(json_object_get(b, "turns"));

	if (wa != wb)
		return wa - wb;
	return wa && ta != tb ? (ta < tb ? 1 : -1) : 0;
}

/* Two dice while far below, one die near the top. */
static json_t *climb_bot(const json_t *state, const char *seat, struct draw_source *draws,
			 char *err, size_t errlen)
{
	(void)draws;
	(void)err;
	(void)errlen;
	return json_pack("{s:i}", seat,
			 json_integer_value(json_object_get(state, "height")) <= 6 ? 2 : 1);
}

static json_t *climb_order_form(const json_t *state, const char *seat)
{
	(void)state;
	(void)seat;
	return json_string("CLIMB \n");
}

static const char *climb_order_help(void)
{
	return "CLIMB N (1 to 3 dice)";
}

static const struct ruleset_setting climb_settings[] = {
	{ "idle_days", SETTING_INT, 1, 365, NULL, "30", "days without a mail before the judge ends the climb", 0 },
	{ NULL, 0, 0, 0, NULL, NULL, NULL, 0 }
};

static const struct ruleset_data_kind climb_data[] = {
	{ "start", "a seat's first height, 0 to 5 (campaign join --data start=FILE)" },
	{ NULL, NULL }
};

static const struct ruleset climb_ruleset = {
	.name = "climb",
	.title = "Climb: a solo test game",
	.flags = RULESET_SOLO | RULESET_TEST,
	.seat_word = "CLIMBER",
	.min_seats = 1,
	.max_seats = 1,
	.settings = climb_settings,
	.data_kinds = climb_data,
	.check_seat = climb_check_seat,
	.order_help = climb_order_help,
	.setup = climb_setup,
	.waiting_for = climb_waiting_for,
	.read_orders = climb_read_orders,
	.resolve = climb_resolve,
	.status = climb_status,
	.order_form = climb_order_form,
	.bot = climb_bot,
	.forfeit = climb_forfeit,
	.compare = climb_compare,
};

#endif
