/*
 * engine: the one pure turn function and the judge's defaults around
 * the ruleset hooks; core/engine.h.
 */
#include "engine.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/errbuf.h"

void engine_turn_init(struct engine_turn *t)
{
	t->state = t->events = t->story = NULL;
}

void engine_turn_release(struct engine_turn *t)
{
	json_decref(t->state);
	json_decref(t->events);
	json_decref(t->story);
	engine_turn_init(t);
}

static const struct ruleset_setting *find_setting(const struct ruleset *rs, const char *key)
{
	const struct ruleset_setting *s;

	for (s = rs->settings; s && s->key; s++)
		if (!strcmp(s->key, key))
			return s;
	return NULL;
}

/* 1 if word is one of the space-separated words of list. */
static int one_of(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p = list;

	while (n && (p = strstr(p, word))) {
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
		p += n;
	}
	return 0;
}

static int check_value(const struct ruleset_setting *s, const json_t *v, char *err, size_t errlen)
{
	switch (s->kind) {
	case SETTING_INT:
		if (json_is_integer(v) && json_integer_value(v) >= s->min &&
		    json_integer_value(v) <= s->max)
			return 0;
		errbuf_set(err, errlen, "%s: expected a whole number from %ld to %ld", s->key, s->min,
			   s->max);
		return -1;
	case SETTING_BOOL:
		if (json_is_boolean(v))
			return 0;
		errbuf_set(err, errlen, "%s: expected true or false", s->key);
		return -1;
	case SETTING_TEXT:
		if (json_is_string(v))
			return 0;
		errbuf_set(err, errlen, "%s: expected a text", s->key);
		return -1;
	case SETTING_CHOICE:
		if (json_is_string(v) && one_of(s->choices, json_string_value(v)))
			return 0;
		errbuf_set(err, errlen, "%s: expected one of: %s", s->key, s->choices);
		return -1;
	}
	errbuf_set(err, errlen, "%s: unknown kind of setting", s->key);
	return -1;
}

json_t *engine_setting_value(const struct ruleset *rs, const char *key, const char *value,
			     char *err, size_t errlen)
{
	const struct ruleset_setting *s = find_setting(rs, key);
	json_t *v = NULL;
	char *end;
	long n;

	if (!s) {
		errbuf_set(err, errlen, "%s: not a setting of %s", key, rs->name);
		return NULL;
	}
	switch (s->kind) {
	case SETTING_INT:
		n = strtol(value, &end, 10);
		if (*value && !*end)
			v = json_integer(n);
		break;
	case SETTING_BOOL:
		if (!strcmp(value, "true") || !strcmp(value, "false"))
			v = json_boolean(!strcmp(value, "true"));
		break;
	case SETTING_TEXT:
	case SETTING_CHOICE:
		v = json_string(value);
		break;
	}
	if (!v) {
		/* Reuse the checker's words for what was expected. */
		json_t *bad = json_null();

		check_value(s, bad, err, errlen);
		return NULL;
	}
	if (check_value(s, v, err, errlen) < 0) {
		json_decref(v);
		return NULL;
	}
	return v;
}

json_t *engine_settings(const struct ruleset *rs, const json_t *given, const json_t *data,
			char *err, size_t errlen)
{
	const struct ruleset_setting *s;
	json_t *out = json_object(), *v;
	const char *key;

	if (!out) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	if (given && !json_is_object(given)) {
		errbuf_set(err, errlen, "settings: expected a JSON object");
		goto fail;
	}
	json_object_foreach((json_t *)given, key, v) {
		if (!find_setting(rs, key)) {
			errbuf_set(err, errlen, "%s: not a setting of %s", key, rs->name);
			goto fail;
		}
	}
	for (s = rs->settings; s && s->key; s++) {
		v = given ? json_object_get(given, s->key) : NULL;
		if (v) {
			if (check_value(s, v, err, errlen) < 0)
				goto fail;
			json_object_set(out, s->key, v);
		} else if (s->def) {
			json_t *d = engine_setting_value(rs, s->key, s->def, err, errlen);

			if (!d)
				goto fail;
			json_object_set_new(out, s->key, d);
		}
	}
	if (rs->check_settings && rs->check_settings(out, data, err, errlen) < 0)
		goto fail;
	return out;
fail:
	json_decref(out);
	return NULL;
}

/* Takes result; fills out from {"state","events","story"}. */
static int take_turn(const struct ruleset *rs, json_t *result, struct engine_turn *out,
		     char *err, size_t errlen)
{
	if (!json_is_object(result) || !json_is_object(json_object_get(result, "state")) ||
	    !json_is_array(json_object_get(result, "events"))) {
		errbuf_set(err, errlen, "%s: the ruleset returned no state and events", rs->name);
		json_decref(result);
		return -1;
	}
	out->state = json_incref(json_object_get(result, "state"));
	out->events = json_incref(json_object_get(result, "events"));
	out->story = json_incref(json_object_get(result, "story"));
	if (!out->story)
		out->story = json_array();
	json_decref(result);
	return 0;
}

int engine_setup(const struct ruleset *rs, const json_t *settings, const json_t *data,
		 const json_t *seats, struct draw_source *draws, struct engine_turn *out,
		 char *err, size_t errlen)
{
	size_t n = json_array_size(seats);
	json_t *result;

	engine_turn_init(out);
	if (!json_is_array(seats) || (int)n < rs->min_seats || (int)n > rs->max_seats) {
		errbuf_set(err, errlen, "%s needs %d to %d seats, has %zu", rs->title, rs->min_seats,
			   rs->max_seats, n);
		return -1;
	}
	result = rs->setup(settings, data, seats, draws, err, errlen);
	if (!result)
		return -1;
	return take_turn(rs, result, out, err, errlen);
}

/*
 * The defaults of a game without waiting_for and status: its state keeps
 * "seats" (the names, or objects with "name"), and "over" (true once the
 * game is over) with "result" (how it ended, as people read it). Every
 * seat is due each turn until the game is over.
 */
json_t *engine_status(const struct ruleset *rs, const json_t *state)
{
	const json_t *result;

	if (rs->status)
		return rs->status(state);
	result = json_object_get(state, "result");
	return json_pack("{s:b,s:O}", "over", json_is_true(json_object_get(state, "over")),
			 "result", json_is_string(result) ? (json_t *)result : json_null());
}

static json_t *default_waiting_for(const struct ruleset *rs, const json_t *state)
{
	json_t *due, *v;
	size_t i;

	if (engine_is_over(rs, state))
		return json_array();
	if (!(due = json_array()))
		return NULL;
	json_array_foreach(json_object_get(state, "seats"), i, v) {
		const json_t *name = json_is_object(v) ? json_object_get(v, "name") : v;

		if (json_is_string(name))
			json_array_append(due, (json_t *)name);
	}
	return due;
}

json_t *engine_waiting_for(const struct ruleset *rs, const json_t *state)
{
	json_t *w = rs->waiting_for ? rs->waiting_for(state) : default_waiting_for(rs, state);

	return w ? w : json_array();
}

int engine_waits_for(const struct ruleset *rs, const json_t *state, const char *seat)
{
	json_t *due = engine_waiting_for(rs, state), *v;
	size_t i;
	int found = 0;

	json_array_foreach(due, i, v)
		found |= json_is_string(v) && !strcasecmp(json_string_value(v), seat);
	json_decref(due);
	return found;
}

int engine_is_over(const struct ruleset *rs, const json_t *state)
{
	json_t *st = engine_status(rs, state);
	int over = json_is_true(json_object_get(st, "over"));

	json_decref(st);
	return over;
}

json_t *engine_order_form(const struct ruleset *rs, const json_t *state, const char *seat)
{
	json_t *form = rs->order_form ? rs->order_form(state, seat) : NULL;

	return form ? form : json_string(rs->order_form ? "" : ENGINE_ORDER_FORM);
}

const char *engine_order_help(const struct ruleset *rs)
{
	return rs->order_help ? rs->order_help() : ENGINE_ORDER_HELP;
}

static int in_list(const json_t *list, const char *name)
{
	size_t i;
	json_t *v;

	json_array_foreach(list, i, v)
		if (json_is_string(v) && !strcmp(json_string_value(v), name))
			return 1;
	return 0;
}

/*
 * The judge's own order {"judge": "forfeit", "reason": R} for a seat
 * ends the game for it through the ruleset's forfeit hook, so a forfeit
 * is a turn like any other and replays from its stored orders. NULL with
 * *failed 0 when there is none.
 */
static json_t *forfeit_of(const struct ruleset *rs, const json_t *state, const json_t *orders,
			  char *err, size_t errlen, int *failed)
{
	const char *seat, *reason;
	json_t *v, *next;

	*failed = 0;
	json_object_foreach((json_t *)orders, seat, v) {
		if (!json_is_object(v) || strcmp(json_string_value(json_object_get(v, "judge")) ?
						 json_string_value(json_object_get(v, "judge")) : "",
						 "forfeit"))
			continue;
		reason = json_string_value(json_object_get(v, "reason"));
		if (!rs->forfeit || !reason) {
			errbuf_set(err, errlen, "%s cannot end a game early", rs->name);
			*failed = 1;
			return NULL;
		}
		if (!(next = rs->forfeit(state, seat, reason, err, errlen))) {
			*failed = 1;
			return NULL;
		}
		return json_pack("{s:o,s:[{s:s,s:s,s:s}],s:[s+++]}", "state", next, "events", "type",
				 "forfeit", "seat", seat, "reason", reason, "story", seat,
				 ": the judge ended the game (", reason, ").");
	}
	return NULL;
}

/* The judge's order of seat v, {"judge": WHAT, ...}: WHAT, or "" for a seat's own orders. */
static const char *judge_order(const json_t *v)
{
	const char *what = json_string_value(json_object_get(v, "judge"));

	return json_is_object(v) && what ? what : "";
}

/*
 * The judge's order {"judge": "agree", "what": "draw"|"concede"} of the
 * seats that voted for it by mail ends the game through the ruleset's
 * agree hook, so a vote that passed replays from its stored orders. A
 * draw needs every seat due; a concession, the ruleset says. The other
 * seats' orders, if any, are not played. NULL with *failed 0 when there
 * is none.
 */
static json_t *agreement_of(const struct ruleset *rs, const json_t *state, const json_t *orders,
			    const json_t *due, char *err, size_t errlen, int *failed)
{
	const char *seat, *what = NULL, *w;
	json_t *v, *seats = NULL, *next, *story;
	size_t i;

	*failed = 1;
	json_object_foreach((json_t *)orders, seat, v) {
		if (strcmp(judge_order(v), "agree"))
			continue;
		w = json_string_value(json_object_get(v, "what"));
		if (!w || (strcmp(w, "draw") && strcmp(w, "concede")) || (what && strcmp(w, what))) {
			errbuf_set(err, errlen, "the judge's agreement of '%s': expected the same "
				   "\"draw\" or \"concede\" for every seat", seat);
			goto fail;
		}
		what = w;
		if (!seats && !(seats = json_array()))
			goto nomem;
		json_array_append_new(seats, json_string(seat));
	}
	if (!what) {
		*failed = 0;
		return NULL;
	}
	if (!rs->agree) {
		errbuf_set(err, errlen, "%s cannot end a game by agreement", rs->name);
		goto fail;
	}
	if (!strcmp(what, "draw"))
		json_array_foreach(due, i, v)
			if (!json_object_get(orders, json_string_value(v)) ||
			    strcmp(judge_order(json_object_get(orders, json_string_value(v))), "agree")) {
				errbuf_set(err, errlen, "a draw needs every seat in play: '%s' did not "
					   "agree", json_string_value(v));
				goto fail;
			}
	if (!(next = rs->agree(state, what, seats, err, errlen)))
		goto fail;
	story = json_array();
	{
		char line[512];
		size_t at = (size_t)snprintf(line, sizeof(line), "%s", !strcmp(what, "draw") ?
					     "Every seat in play agreed to a draw:" :
					     "Conceding the game:");

		json_array_foreach(seats, i, v)
			if (at < sizeof(line))
				at += (size_t)snprintf(line + at, sizeof(line) - at, "%s %s",
						       i ? "," : "", json_string_value(v));
		if (at < sizeof(line))
			snprintf(line + at, sizeof(line) - at, ".");
		json_array_append_new(story, json_string(line));
	}
	*failed = 0;
	return json_pack("{s:o,s:[{s:s,s:s,s:o}],s:o}", "state", next, "events", "type", "agreed",
			 "what", what, "seats", seats, "story", story);
nomem:
	errbuf_set(err, errlen, "out of memory");
fail:
	json_decref(seats);
	return NULL;
}

int engine_resolve(const struct ruleset *rs, const json_t *state, const json_t *orders,
		   struct draw_source *draws, struct engine_turn *out, char *err, size_t errlen)
{
	return engine_resolve_data(rs, state, orders, NULL, draws, out, err, errlen);
}

int engine_resolve_data(const struct ruleset *rs, const json_t *state, const json_t *orders,
			const json_t *data, struct draw_source *draws, struct engine_turn *out,
			char *err, size_t errlen)
{
	json_t *due, *result, *v;
	const char *seat;
	int rc = -1;

	engine_turn_init(out);
	if (engine_is_over(rs, state)) {
		errbuf_set(err, errlen, "the game is already over: no turn is due");
		return -1;
	}
	due = engine_waiting_for(rs, state);
	json_object_foreach((json_t *)orders, seat, v) {
		if (!in_list(due, seat)) {
			errbuf_set(err, errlen, "orders of '%s', whose orders are not due", seat);
			goto out;
		}
	}
	result = forfeit_of(rs, state, orders, err, errlen, &rc);
	if (!result && !rc)
		result = agreement_of(rs, state, orders, due, err, errlen, &rc);
	if (!result && !rc && rs->resolve_data) {
		json_t *none = data ? NULL : json_object();

		result = rs->resolve_data(state, orders, data ? data : none, draws, err, errlen);
		json_decref(none);
	} else if (!result && !rc) {
		result = rs->resolve(state, orders, draws, err, errlen);
	}
	rc = 0;
	if (result)
		rc = take_turn(rs, result, out, err, errlen);
	else
		rc = -1;
out:
	json_decref(due);
	return rc;
}

json_t *engine_view_data(const struct ruleset *rs, const json_t *state, const char *seat,
			 const json_t *data)
{
	if (rs->view_data && data)
		return rs->view_data(state, seat, data);
	return engine_view(rs, state, seat);
}

json_t *engine_view(const struct ruleset *rs, const json_t *state, const char *seat)
{
	json_t *v, *priv, *mine;

	if (rs->view)
		return rs->view(state, seat);
	v = json_deep_copy(state);
	if (!v)
		return NULL;
	json_object_del(v, "secret");
	priv = json_object_get(v, "private");
	if (priv && !(seat && !strcmp(seat, "*"))) {
		mine = seat ? json_incref(json_object_get(priv, seat)) : NULL;
		json_object_set_new(v, "private", json_object());
		if (mine)
			json_object_set_new(json_object_get(v, "private"), seat, mine);
	}
	return v;
}

json_t *engine_events_for(const json_t *events, const char *seat)
{
	json_t *out = json_array(), *e;
	size_t i;

	json_array_foreach(events, i, e) {
		json_t *to = json_object_get(e, "to");

		/* Only a list addresses seats: a game's own "to" (a hex, a space) is public. */
		if (!json_is_array(to))
			to = NULL;
		if (!to || (seat && (!strcmp(seat, "*") || in_list(to, seat))))
			json_array_append(out, e);
	}
	return out;
}

json_t *engine_draws_json(const struct draw_log *log)
{
	json_t *out = json_array();
	size_t i;

	for (i = 0; out && log && i < log->n; i++)
		json_array_append_new(out, json_pack("{s:s,s:s}", "stream", log->e[i].stream,
						     "draw", log->e[i].line));
	return out;
}
