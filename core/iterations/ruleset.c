/*
 * The Matrix Iterations skirmish behind the generic interface
 * (core/ruleset.h): a scenario (`--data scenario=FILE`), a character sheet
 * per player (`campaign join --data character=FILE`), the Operator seat
 * (the game master's), views that keep dim zones, hidden characters and
 * NPC sheets from players, the plan block of each report.
 */
#include "core/ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/iterations.h"
#include "lib/errbuf.h"
#include "lib/strbuf.h"

int it_can_see(const json_t *state, const json_t *viewer, const json_t *target);

/* The map a game has when the campaign brings no scenario. */
static const char default_scenario[] =
	"{\"zones\": [{\"id\": \"Street\", \"exit\": true},"
	" {\"id\": \"Lobby\", \"features\": [\"CLUTTERED\"],"
	"  \"cover\": [{\"id\": \"desk\", \"name\": \"reception desk\", \"kind\": \"furniture\", \"rating\": 3}]},"
	" {\"id\": \"Hall\", \"cover\": [{\"id\": \"crate\", \"name\": \"crate\", \"kind\": \"furniture\", \"rating\": 3}]}],"
	" \"borders\": [{\"zones\": [\"Street\", \"Lobby\"], \"type\": \"open\"},"
	"  {\"zones\": [\"Lobby\", \"Hall\"], \"type\": \"open\"}],"
	" \"sightlines\": [[\"Street\", \"Lobby\", \"Hall\"]], \"max_rounds\": 8,"
	" \"characters\": [{\"name\": \"Smith\", \"side\": \"agents\","
	"  \"attributes\": {\"strength\": 4, \"agility\": 3, \"wits\": 3, \"empathy\": 2},"
	"  \"skills\": {\"melee\": 2, \"marksmanship\": 2, \"stamina\": 2},"
	"  \"weapons\": [{\"name\": \"Pistol\", \"type\": \"Pistol\", \"loaded\": 6}], \"drawn\": \"Pistol\","
	"  \"supply\": {\"bullets\": 2}, \"zone\": \"Hall\"}]}";

static const char default_sheet[] =
	"{\"side\": \"crew\", \"attributes\": {\"strength\": 3, \"agility\": 4, \"wits\": 3, \"empathy\": 3},"
	" \"skills\": {\"melee\": 2, \"marksmanship\": 2, \"mobility\": 2, \"healing\": 1},"
	" \"weapons\": [{\"name\": \"Pistol\", \"type\": \"Pistol\", \"loaded\": 6}, {\"name\": \"Knife\", \"type\": \"Knife\"}],"
	" \"drawn\": \"Pistol\", \"supply\": {\"bullets\": 2}}";

static const char *data_text(const json_t *data, const char *kind)
{
	json_t *d = json_object_get(data, kind);

	return json_is_string(d) ? json_string_value(d) : json_string_value(json_object_get(d, "text"));
}

static const char *data_name(const json_t *data, const char *kind)
{
	const char *n = json_string_value(json_object_get(json_object_get(data, kind), "name"));

	return n ? n : kind;
}

static int it_check_settings(const json_t *settings, const json_t *data, char *err, size_t errlen)
{
	const char *text = data_text(data, "scenario");

	(void)settings;
	if (text)
		return it_check_scenario(text, data_name(data, "scenario"), err, errlen);
	return 0;
}

static int it_check_seat(const json_t *settings, const json_t *seats, const json_t *seat, char *err,
			 size_t errlen)
{
	const json_t *data = json_object_get(seat, "data");
	const char *text = data_text(data, "character"), *name = json_string_value(json_object_get(seat, "name"));
	json_t *s;
	size_t i;

	(void)settings;
	if (name && !strcasecmp(name, IT_OPERATOR))
		return 0;
	json_array_foreach(seats, i, s)
		if (name && !strcasecmp(json_string_value(json_object_get(s, "name")), name)) {
			errbuf_set(err, errlen, "there is a player %s already", name);
			return -1;
		}
	if (!text)
		return 0;
	return it_check_sheet(text, data_name(data, "character"), err, errlen);
}

static json_t *it_setup(const json_t *settings, const json_t *data, const json_t *seats,
			struct draw_source *draws, char *err, size_t errlen)
{
	const char *text = data_text(data, "scenario");
	json_error_t jerr;
	json_t *scen = json_loads(text ? text : default_scenario, 0, &jerr), *chars, *st, *norm, *seat;
	const char *start = NULL;
	size_t i;

	(void)settings;
	(void)draws;
	if (!scen) {
		errbuf_set(err, errlen, "%s:%d: %s", data_name(data, "scenario"), jerr.line, jerr.text);
		return NULL;
	}
	chars = json_object_get(scen, "characters");
	chars = json_is_array(chars) ? json_deep_copy(chars) : json_array();
	json_object_del(scen, "characters");
	start = json_string_value(json_object_get(scen, "start"));
	if (!start)
		start = json_string_value(json_object_get(json_array_get(json_object_get(scen, "zones"), 0), "id"));
	json_array_foreach(seats, i, seat) {
		const char *name = json_string_value(json_object_get(seat, "name"));
		const char *sheet = data_text(json_object_get(seat, "data"), "character");
		json_t *c;

		if (!name || !strcasecmp(name, IT_OPERATOR))
			continue;
		c = json_loads(sheet ? sheet : default_sheet, 0, &jerr);
		if (!json_is_object(c)) {
			json_decref(c);
			json_decref(chars);
			json_decref(scen);
			errbuf_set(err, errlen, "%s: the character sheet is no JSON object", name);
			return NULL;
		}
		if (!json_is_string(json_object_get(c, "name"))) {
			char word[64];
			size_t k;

			snprintf(word, sizeof(word), "%s", name);
			for (k = 0; word[k]; k++)
				if (word[k] == ' ')
					word[k] = '_';
			json_object_set_new(c, "name", json_string(word));
		}
		json_object_set_new(c, "controller", json_string(name));
		if (!json_is_string(json_object_get(c, "zone")))
			json_object_set_new(c, "zone", json_string(start ? start : ""));
		if (!json_is_string(json_object_get(c, "side")))
			json_object_set_new(c, "side", json_string("crew"));
		json_array_append_new(chars, c);
	}
	json_object_del(scen, "start");
	st = json_pack("{s:s,s:s,s:i,s:i,s:o,s:o}", "game", "iterations", "phase", "setup", "round", 0,
		       "tick", 0, "scenario", scen, "characters", chars);
	norm = it_normalize(st, err, errlen);
	json_decref(st);
	if (!norm)
		return NULL;
	return json_pack("{s:o,s:[{s:s,s:s}],s:[s]}", "state", norm, "events", "type", "line", "text",
			 "The skirmish is set: the setup step deals the initiative cards.", "story",
			 "The skirmish is set: the setup step deals the initiative cards.");
}

static int controls(const json_t *c, const char *seat)
{
	const char *ctl = json_string_value(json_object_get(c, "controller"));

	return !strcasecmp(ctl ? ctl : IT_OPERATOR, seat);
}

static int live(const json_t *c)
{
	const char *s = json_string_value(json_object_get(c, "status"));

	return !s || !strcmp(s, "active") || !strcmp(s, "broken");
}

static json_t *it_waiting_for(const json_t *state)
{
	json_t *due = json_array(), *c;
	const char *phase = json_string_value(json_object_get(state, "phase"));
	size_t i, k;
	int op = 0;

	if (phase && !strcmp(phase, "over"))
		return due;
	json_array_foreach(json_object_get(state, "characters"), i, c) {
		const char *ctl = json_string_value(json_object_get(c, "controller"));
		json_t *s;
		int have = 0;

		if (!ctl || !strcasecmp(ctl, IT_OPERATOR)) {
			op = 1;
			continue;
		}
		if (!live(c))
			continue;
		json_array_foreach(due, k, s)
			have |= !strcmp(json_string_value(s), ctl);
		if (!have)
			json_array_append_new(due, json_string(ctl));
	}
	(void)op;
	json_array_append_new(due, json_string(IT_OPERATOR));
	return due;
}

static json_t *it_read(const json_t *state, const char *seat, const char *text, const char *name,
		       int flags, char *err, size_t errlen)
{
	(void)flags;
	return it_read_orders(state, seat, text, name, err, errlen);
}

static json_t *it_resolve_hook(const json_t *state, const json_t *orders, struct draw_source *draws,
			       char *err, size_t errlen)
{
	return it_resolve(state, orders, draws, err, errlen);
}

static json_t *it_status(const json_t *state)
{
	json_t *o = json_object_get(state, "outcome");
	const char *phase = json_string_value(json_object_get(state, "phase"));

	if (!phase || strcmp(phase, "over"))
		return json_pack("{s:b,s:n}", "over", 0, "result");
	if (json_is_string(json_object_get(o, "winner")))
		return json_pack("{s:b,s:s+}", "over", 1, "result",
				 json_string_value(json_object_get(o, "winner")), " wins");
	if (json_is_true(json_object_get(o, "draw")))
		return json_pack("{s:b,s:s}", "over", 1, "result", "a draw");
	return json_pack("{s:b,s:s}", "over", 1, "result", "no winner");
}

static const char *const public_keys[] = {
	"name", "side", "zone", "engaged", "prone", "cover", "status", "card", "drawn", "size", NULL
};

/* The zone map for people: each zone with who stands there, then the borders. */
static json_t *map_text(const json_t *view)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *z, *c, *b, *out;
	size_t i, k;

	strbuf_addstr(&sb, "ZONES\n");
	json_array_foreach(json_object_get(json_object_get(view, "scenario"), "zones"), i, z) {
		const char *id = json_string_value(json_object_get(z, "id"));
		json_t *f;
		int n = 0;

		strbuf_addf(&sb, "  [%s]", id);
		json_array_foreach(json_object_get(z, "features"), k, f)
			strbuf_addf(&sb, " %s", json_string_value(f));
		if (json_is_true(json_object_get(z, "exit")))
			strbuf_addstr(&sb, " EXIT");
		strbuf_addstr(&sb, ":");
		json_array_foreach(json_object_get(view, "characters"), k, c) {
			const char *st = json_string_value(json_object_get(c, "status"));

			if (strcmp(json_string_value(json_object_get(c, "zone")) ? json_string_value(json_object_get(c, "zone")) : "", id))
				continue;
			strbuf_addf(&sb, "%s %s", n++ ? "," : "", json_string_value(json_object_get(c, "name")));
			if (st && strcmp(st, "active"))
				strbuf_addf(&sb, " (%s)", st);
			else if (json_is_true(json_object_get(c, "prone")))
				strbuf_addstr(&sb, " (prone)");
		}
		if (!n)
			strbuf_addstr(&sb, " -");
		strbuf_addstr(&sb, "\n");
	}
	strbuf_addstr(&sb, "BORDERS\n");
	json_array_foreach(json_object_get(json_object_get(view, "scenario"), "borders"), i, b) {
		const char *t = json_string_value(json_object_get(b, "type"));
		const char *door = json_string_value(json_object_get(b, "door"));

		strbuf_addf(&sb, "  %s %s %s\n", json_string_value(json_array_get(json_object_get(b, "zones"), 0)),
			    !t || !strcmp(t, "open") ? "<---->" : !strcmp(t, "blocked") ? "--XX--"
			    : door && !strcmp(door, "open") ? "<-[ ]->" : door && !strcmp(door, "locked") ? "--[L]--" : "--[#]--",
			    json_string_value(json_array_get(json_object_get(b, "zones"), 1)));
	}
	out = json_string(sb.failed ? "" : strbuf_str(&sb));
	strbuf_release(&sb);
	return out;
}

/* What seat sees: its own characters whole, the others it can see in part. */
json_t *it_view(const json_t *state, const char *seat)
{
	char err[200];
	json_t *v = it_normalize(state, err, sizeof(err)), *out = json_array(), *c, *mine = json_array();
	size_t i, k;

	if (!v)
		v = json_deep_copy(state);
	state = v;

	if (!v || (seat && (!strcmp(seat, "*") || !strcasecmp(seat, IT_OPERATOR)))) {
		json_decref(out);
		json_decref(mine);
		if (v)
			json_object_set_new(v, "map", map_text(v));
		return v;
	}
	json_array_foreach(json_object_get(state, "characters"), i, c)
		if (seat && controls(c, seat))
			json_array_append(mine, c);
	json_array_foreach(json_object_get(state, "characters"), i, c) {
		json_t *m, *part;
		int seen = !seat ? !json_is_true(json_object_get(c, "hidden")) : 0;

		if (seat && controls(c, seat)) {
			json_array_append(out, c);
			continue;
		}
		json_array_foreach(mine, k, m)
			seen |= it_can_see(state, m, c) || !strcmp(json_string_value(json_object_get(m, "side")),
								  json_string_value(json_object_get(c, "side")));
		if (!seen)
			continue;
		part = json_object();
		for (k = 0; public_keys[k]; k++)
			if (json_object_get(c, public_keys[k]))
				json_object_set(part, public_keys[k], json_object_get(c, public_keys[k]));
		json_array_append_new(out, part);
	}
	json_object_set_new(v, "characters", out);
	json_object_del(v, "log");
	json_object_set_new(v, "map", map_text(v));
	json_decref(mine);
	return v;
}

json_t *it_order_form(const json_t *state, const char *seat)
{
	struct strbuf sb = STRBUF_INIT;
	const char *phase = json_string_value(json_object_get(state, "phase"));
	int setup = phase && !strcmp(phase, "setup"), op = seat && !strcasecmp(seat, IT_OPERATOR);
	json_t *c, *out;
	size_t i;

	if (phase && !strcmp(phase, "over"))
		return json_string("");
	if (op && !setup)
		strbuf_addstr(&sb, "OPERATOR\n# STRESS <char> <n> / FEATURE <zone> ADD|REMOVE CLUTTERED|DIMLY LIT /\n"
			      "# DOOR <zone> <zone> OPEN|CLOSED|LOCKED / HIDDEN <char> YES|NO / REMOVE <char> / END SKIRMISH\n");
	json_array_foreach(json_object_get(state, "characters"), i, c) {
		if (!seat || !controls(c, seat) || !live(c))
			continue;
		strbuf_addf(&sb, "CHAR %s\n", json_string_value(json_object_get(c, "name")));
		if (setup)
			strbuf_addstr(&sb, "CARD \nPUSH NO\n");
		else
			strbuf_addstr(&sb, "1. HOLD\n2. HOLD\nBLOCK 0\nPUSH NO\n");
	}
	out = json_string(sb.failed ? "" : strbuf_str(&sb));
	strbuf_release(&sb);
	return out;
}

/* A plain bot: shoot or strike the nearest enemy, else close in. */
static json_t *it_bot(const json_t *state, const char *seat, struct draw_source *draws, char *err,
		      size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	const char *phase = json_string_value(json_object_get(state, "phase"));
	json_t *c, *o, *out;
	size_t i, k;

	(void)draws;
	json_array_foreach(json_object_get(state, "characters"), i, c) {
		const char *target_zone = NULL;

		if (!seat || !controls(c, seat) || !live(c))
			continue;
		strbuf_addf(&sb, "CHAR %s\n", json_string_value(json_object_get(c, "name")));
		if (phase && !strcmp(phase, "setup"))
			continue;
		json_array_foreach(json_object_get(state, "characters"), k, o) {
			const char *st = json_string_value(json_object_get(o, "status"));

			if (strcmp(json_string_value(json_object_get(o, "side")), json_string_value(json_object_get(c, "side"))) &&
			    (!st || !strcmp(st, "active")) && !target_zone)
				target_zone = json_string_value(json_object_get(o, "zone"));
		}
		strbuf_addstr(&sb, "1. SHOOT NEAREST OR ATTACK NEAREST");
		if (target_zone)
			strbuf_addf(&sb, " OR MOVE TOWARD %s", target_zone);
		strbuf_addstr(&sb, "\n2. RELOAD OR HOLD\n");
	}
	out = it_read_orders(state, seat, strbuf_str(&sb), "bot", err, errlen);
	strbuf_release(&sb);
	return out;
}

static json_t *it_forfeit(const json_t *state, const char *seat, const char *reason, char *err,
			  size_t errlen)
{
	json_t *st = it_normalize(state, err, errlen), *o;

	(void)seat;
	if (!st)
		return NULL;
	o = json_object_get(st, "outcome");
	json_object_set_new(st, "phase", json_string("over"));
	json_object_set_new(o, "over", json_true());
	json_object_set_new(o, "reason", json_string(reason));
	return st;
}

static const char *it_order_help(void)
{
	return "CHAR <name>, then 1. <action> [OR <action>...] and 2. ..., BLOCK n, PUSH ...";
}


/* ---------- bot-only skirmishes ---------- */

/* Plays game i of seed on the built-in scenario: the outcome's name. */
static const char *sim_one(uint64_t seed, uint64_t i, long *rounds)
{
	json_t *seats = json_pack("[{s:s},{s:s}]", "name", "ann", "name", IT_OPERATOR);
	json_t *setup, *st;
	struct draw_seeded seeded;
	struct draw_source src;
	char err[256];
	const char *outcome = "unfinished";
	int step;

	draw_seeded_init(&seeded, seed ^ (i * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL), NULL, 0);
	src = draw_seeded_source(&seeded, NULL);
	setup = it_setup(NULL, NULL, seats, &src, err, sizeof(err));
	json_decref(seats);
	if (!setup)
		return "error";
	st = json_incref(json_object_get(setup, "state"));
	json_decref(setup);
	for (step = 0; step < 40; step++) {
		json_t *due, *orders, *s, *next, *o;
		const char *phase = json_string_value(json_object_get(st, "phase"));
		size_t k;

		if (phase && !strcmp(phase, "over"))
			break;
		due = it_waiting_for(st);
		orders = json_object();
		json_array_foreach(due, k, s) {
			o = it_bot(st, json_string_value(s), &src, err, sizeof(err));
			if (o)
				json_object_update(orders, o);
			json_decref(o);
		}
		json_decref(due);
		next = it_resolve(st, orders, &src, err, sizeof(err));
		json_decref(orders);
		if (!next)
			break;
		json_decref(st);
		st = json_incref(json_object_get(next, "state"));
		json_decref(next);
		if (step)
			(*rounds)++;
	}
	{
		json_t *out = json_object_get(st, "outcome");
		const char *phase = json_string_value(json_object_get(st, "phase"));

		if (phase && !strcmp(phase, "over")) {
			if (json_is_string(json_object_get(out, "winner")))
				outcome = !strcmp(json_string_value(json_object_get(out, "winner")), "crew") ? "crew-wins"
													      : "agents-win";
			else
				outcome = json_is_true(json_object_get(out, "draw")) ? "draw" : "no-winner";
		}
	}
	json_decref(st);
	return outcome;
}

static json_t *it_simulate(const json_t *settings, const json_t *data, uint64_t seed, uint64_t first, uint64_t count,
			   char *err, size_t errlen)
{
	static const char *const outcomes[] = { "crew-wins", "agents-win", "draw", "no-winner", "unfinished",
						"error", NULL };
	long long tally[7] = { 0 };
	long rounds = 0;
	json_t *one;
	uint64_t i;
	int k;

	(void)settings;
	(void)data;
	for (i = first; i < first + count; i++) {
		const char *o = sim_one(seed, i, &rounds);

		for (k = 0; outcomes[k] && strcmp(outcomes[k], o); k++)
			;
		tally[k]++;
	}
	one = json_pack("{s:I}", "games", (json_int_t)count);
	for (k = 0; one && outcomes[k]; k++)
		json_object_set_new(one, outcomes[k], json_integer(tally[k]));
	(void)rounds;
	if (!one) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	return json_pack("{s:o}", "all", one);
}

static const struct ruleset_setting it_settings[] = {
	{ "idle_days", SETTING_INT, 1, 365, NULL, "14",
	  "days without orders before the judge ends the skirmish (abandoned)", 0 },
	{ NULL, 0, 0, 0, NULL, NULL, NULL, 0 }
};

static const struct ruleset_tool it_tools[] = {
	{ "simulate", "bot-only skirmishes on the built-in lobby: how deadly is the fight?" },
	{ NULL, NULL }
};

static const struct ruleset_data_kind it_data[] = {
	{ "scenario", "the map, the NPCs and the opening (JSON, mxjudge-iterations(7))" },
	{ "character", "a player's character sheet, given at join (JSON)" },
	{ NULL, NULL }
};

const struct ruleset iterations_ruleset = {
	.name = "iterations",
	.title = "The Matrix Iterations: a skirmish",
	.flags = RULESET_HIDDEN | RULESET_GM_SEAT,
	.seat_word = "PLAYER",
	.sides = NULL,
	.min_seats = 1,
	.max_seats = 9,
	.settings = it_settings,
	.data_kinds = it_data,
	.tools = it_tools,
	.man_page = "mxjudge-iterations(7)",
	.order_help = it_order_help,
	.check_settings = it_check_settings,
	.check_seat = it_check_seat,
	.setup = it_setup,
	.waiting_for = it_waiting_for,
	.read_orders = it_read,
	.resolve = it_resolve_hook,
	.status = it_status,
	.view = it_view,
	.order_form = it_order_form,
	.bot = it_bot,
	.forfeit = it_forfeit,
	.simulate = it_simulate,
};
