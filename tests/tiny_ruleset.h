/*
 * tiny: the smallest game the judge carries, test-only. It has the three
 * hooks a game must have (setup, read_orders, resolve) and nothing else:
 * the judge supplies who is due, whether it is over, the order form and
 * the order help (core/engine.h). Registered by the test programs only
 * (ruleset_register), never by the judge.
 *
 * Two or three seats each guess a number 1 to 6 a turn (a line holding
 * just the number); the judge rolls an open d6; a right guess scores a
 * point. After two turns the most points win. A silent seat guesses
 * nothing. Its state keeps what the defaults read: "seats", "over" and
 * "result".
 *
 * Ownership: as core/ruleset.h. Included by one test file each.
 */
#ifndef MX_TINY_RULESET_H
#define MX_TINY_RULESET_H

#include <stdio.h>
#include <string.h>

#include "core/ruleset.h"
#include "lib/errbuf.h"

#define TINY_TURNS 2

static json_t *tiny_setup(const json_t *settings, const json_t *data, const json_t *seats,
			  struct draw_source *draws, char *err, size_t errlen)
{
	json_t *names = json_array(), *scores = json_object(), *s;
	size_t i;

	(void)settings;
	(void)data;
	(void)draws;
	json_array_foreach(seats, i, s) {
		json_array_append(names, json_object_get(s, "name"));
		json_object_set_new(scores, json_string_value(json_object_get(s, "name")),
				    json_integer(0));
	}
	if (!names || !scores) {
		errbuf_set(err, errlen, "out of memory");
		json_decref(names);
		json_decref(scores);
		return NULL;
	}
	return json_pack("{s:{s:o,s:o,s:i,s:b,s:n},s:[],s:[s]}", "state", "seats", names, "scores",
			 scores, "turn", 1, "over", 0, "result", "events", "story",
			 "Guess the judge's d6.");
}

/* One line holding a number 1 to 6 (blank lines aside): {SEAT: n}. */
static json_t *tiny_read_orders(const json_t *state, const char *seat, const char *text,
				const char *name, int flags, char *err, size_t errlen)
{
	const char *p = text;
	int line = 0, guess = 0, got = 0;

	(void)state;
	(void)flags;
	while (p && *p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);

		line++;
		if (len && (got || len != 1 || *p < '1' || *p > '6')) {
			errbuf_set(err, errlen, "%s:%d: expected one line with a number 1 to 6", name,
				   line);
			return NULL;
		}
		if (len) {
			guess = *p - '0';
			got = 1;
		}
		p = e ? e + 1 : p + len;
	}
	if (!seat || !got) {
		errbuf_set(err, errlen, "%s:%d: expected one line with a number 1 to 6", name, line);
		return NULL;
	}
	return json_pack("{s:i}", seat, guess);
}

static json_t *tiny_resolve(const json_t *state, const json_t *orders, struct draw_source *draws,
			    char *err, size_t errlen)
{
	json_t *next = json_deep_copy(state), *scores, *s;
	json_int_t best = -1, turn;
	const char *leader = NULL;
	char line[160];
	size_t i, tied = 0;
	int d6;

	if (!next || draw_die(draws, "open", "d6", 6, &d6, err, errlen) < 0) {
		json_decref(next);
		return NULL;
	}
	scores = json_object_get(next, "scores");
	json_array_foreach(json_object_get(next, "seats"), i, s) {
		json_t *score = json_object_get(scores, json_string_value(s));

		if (json_integer_value(json_object_get(orders, json_string_value(s))) == d6)
			json_integer_set(score, json_integer_value(score) + 1);
	}
	turn = json_integer_value(json_object_get(next, "turn"));
	json_object_set_new(next, "turn", json_integer(turn + 1));
	if (turn >= TINY_TURNS) {
		json_array_foreach(json_object_get(next, "seats"), i, s) {
			json_int_t v = json_integer_value(json_object_get(scores, json_string_value(s)));

			tied = v == best ? tied + 1 : v > best ? 0 : tied;
			if (v > best) {
				best = v;
				leader = json_string_value(s);
			}
		}
		snprintf(line, sizeof(line), "%s", tied ? "a draw" : leader);
		json_object_set_new(next, "over", json_true());
		json_object_set_new(next, "result", json_string(line));
	}
	snprintf(line, sizeof(line), "The judge rolls %d.", d6);
	return json_pack("{s:o,s:[{s:s,s:i}],s:[s]}", "state", next, "events", "type", "roll", "d6",
			 d6, "story", line);
}

static const struct ruleset tiny_ruleset = {
	.name = "tiny",
	.title = "Tiny: the smallest game (three hooks)",
	.flags = RULESET_TEST,
	.seat_word = "SEAT",
	.min_seats = 2,
	.max_seats = 3,
	.setup = tiny_setup,
	.read_orders = tiny_read_orders,
	.resolve = tiny_resolve,
};

#endif
