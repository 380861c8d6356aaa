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
#include "core/picture.h"

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
	if (text && it_check_scenario(text, data_name(data, "scenario"), err, errlen) < 0)
		return -1;
	/* A sheet given with the game (simulate's player character) is checked as at join. */
	text = data_text(data, "character");
	if (text)
		return it_check_sheet(text, data_name(data, "character"), err, errlen);
	return 0;
}

/*
 * The name of seat's character, as setup gives it: the sheet's, else the
 * seat's with '_' for ' '. "" for the Operator's seat or a sheet that is
 * no JSON object (its own check says why).
 */
static void seat_char_name(const json_t *seat, char *out, size_t len)
{
	const char *name = json_string_value(json_object_get(seat, "name"));
	const char *text = data_text(json_object_get(seat, "data"), "character");
	json_t *c = text ? json_loads(text, 0, NULL) : NULL;
	size_t k;

	out[0] = '\0';
	if (name && !strcasecmp(name, IT_OPERATOR))
		;
	else if (json_is_string(json_object_get(c, "name")))
		snprintf(out, len, "%s", json_string_value(json_object_get(c, "name")));
	else if (name && (!text || json_is_object(c))) {
		snprintf(out, len, "%s", name);
		for (k = 0; out[k]; k++)
			if (out[k] == ' ')
				out[k] = '_';
	}
	json_decref(c);
}

/* Whether the scenario of packs (the default one without) has a character named name. */
static int scenario_has(const json_t *packs, const char *name)
{
	const char *text = data_text(packs, "scenario");
	json_t *scen = json_loads(text ? text : default_scenario, 0, NULL), *c;
	size_t i;
	int found = 0;

	json_array_foreach(json_object_get(scen, "characters"), i, c)
		found |= json_is_string(json_object_get(c, "name")) &&
			 !strcasecmp(json_string_value(json_object_get(c, "name")), name);
	json_decref(scen);
	return found;
}

static int it_check_seat(const json_t *settings, const json_t *seats, const json_t *seat, char *err,
			 size_t errlen)
{
	const json_t *data = json_object_get(seat, "data");
	const char *text = data_text(data, "character"), *name = json_string_value(json_object_get(seat, "name"));
	char mine[128], theirs[128];
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
	if (text && it_check_sheet(text, data_name(data, "character"), err, errlen) < 0)
		return -1;
	/* Two characters of one name would stop the skirmish at its start: refused now. */
	seat_char_name(seat, mine, sizeof(mine));
	if (!mine[0])
		return 0;
	json_array_foreach(seats, i, s) {
		seat_char_name(s, theirs, sizeof(theirs));
		if (!strcasecmp(mine, theirs)) {
			errbuf_set(err, errlen, "the character name %s is taken by seat %s: rename the character",
				   mine, json_string_value(json_object_get(s, "name")));
			return -1;
		}
	}
	if (json_object_get(seat, "packs") && scenario_has(json_object_get(seat, "packs"), mine)) {
		errbuf_set(err, errlen, "the character name %s is taken by the scenario's NPC: rename the character",
			   mine);
		return -1;
	}
	return 0;
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
	/* The scenario's crew and its figure are simulate's, not the skirmish's. */
	json_object_del(scen, "crew");
	json_object_del(scen, "balance");
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
		return json_pack("{s:b,s:s++}", "over", 1, "result", "the ",
				 json_string_value(json_object_get(o, "winner")), " win");
	if (json_is_true(json_object_get(o, "draw")))
		return json_pack("{s:b,s:s}", "over", 1, "result", "a draw");
	return json_pack("{s:b,s:s}", "over", 1, "result", "no winner");
}

static const char *const public_keys[] = {
	"name", "side", "zone", "engaged", "prone", "cover", "status", "card", "drawn", "size", NULL
};

/* The glyphs of a border: drawn between two zones, and written on one line. */
static const char *border_glyph(const json_t *b, int inline_form)
{
	const char *t = json_string_value(json_object_get(b, "type"));
	const char *door = json_string_value(json_object_get(b, "door"));

	if (!t || !strcmp(t, "open"))
		return inline_form ? "<---->" : "   |      open";
	if (!strcmp(t, "blocked"))
		return inline_form ? "--XX--" : "  XXX     blocked";
	if (door && !strcmp(door, "open"))
		return inline_form ? "<-[ ]->" : "  [ ]     door, open";
	if (door && !strcmp(door, "locked"))
		return inline_form ? "--[L]--" : "  [L]     door, locked";
	return inline_form ? "--[#]--" : "  [#]     door, closed";
}

/* The first way between zones a and b (an open border or a door; a wall is none), or NULL. */
static const json_t *map_border(const json_t *scen, const char *a, const char *b)
{
	json_t *br;
	size_t i;

	if (!a || !b)
		return NULL;
	json_array_foreach(json_object_get(scen, "borders"), i, br) {
		const char *x = json_string_value(json_array_get(json_object_get(br, "zones"), 0));
		const char *y = json_string_value(json_array_get(json_object_get(br, "zones"), 1));
		const char *t = json_string_value(json_object_get(br, "type"));

		if (x && y && (!t || strcmp(t, "blocked")) &&
		    ((!strcmp(x, a) && !strcmp(y, b)) || (!strcmp(x, b) && !strcmp(y, a))))
			return br;
	}
	return NULL;
}

/* One zone's line: its features and who stands there ("[Hall] DIMLY_LIT: Smith, Brown (prone)"). */
static void map_zone(struct strbuf *sb, const json_t *view, const json_t *z)
{
	const char *id = json_string_value(json_object_get(z, "id"));
	json_t *f, *c;
	size_t k;
	int n = 0;

	if (!id)
		id = "?";	/* a state that is not normalized (a view shows what it can) */
	strbuf_addf(sb, "  [%s]", id);
	json_array_foreach(json_object_get(z, "features"), k, f)
		if (json_is_string(f))
			strbuf_addf(sb, " %s", json_string_value(f));
	if (json_is_true(json_object_get(z, "exit")))
		strbuf_addstr(sb, " EXIT");
	strbuf_addstr(sb, ":");
	json_array_foreach(json_object_get(view, "characters"), k, c) {
		const char *st = json_string_value(json_object_get(c, "status"));
		const char *cz = json_string_value(json_object_get(c, "zone"));

		if (!cz || strcmp(cz, id))
			continue;
		strbuf_addf(sb, "%s %s", n++ ? "," : "", json_string_value(json_object_get(c, "name")) ?
			    json_string_value(json_object_get(c, "name")) : "?");
		if (st && strcmp(st, "active"))
			strbuf_addf(sb, " (%s)", st);
		else if (json_is_true(json_object_get(c, "prone")))
			strbuf_addstr(sb, " (prone)");
	}
	strbuf_addstr(sb, n ? "\n" : " -\n");
}

#define MAP_MAX 64	/* zones drawn; more are listed after */

/*
 * The zone map for people (issue 17 item 3): the zones one under the other
 * along the ways between them (depth first from the first zone through open
 * borders and doors, neighbours in the scenario's order), above each zone
 * the way it was reached by ("from Platform" when that is not the zone
 * above), who stands where; the borders the drawing does not show (walls
 * among them) are listed after it.
 */
static json_t *map_text(const json_t *view)
{
	struct strbuf sb = STRBUF_INIT;
	const json_t *scen = json_object_get(view, "scenario");
	json_t *zs = json_object_get(scen, "zones"), *b, *out;
	size_t n = json_array_size(zs), order[MAP_MAX], stack[MAP_MAX], parent[MAP_MAX], no = 0, i, k;
	unsigned char seen[MAP_MAX] = { 0 };
	int others = 0;

	if (n > MAP_MAX)
		n = MAP_MAX;
	/* Depth first from each zone not yet placed, in the scenario's order. */
	for (i = 0; i < n; i++) {
		size_t top = 0;

		if (seen[i])
			continue;
		stack[top++] = i;
		seen[i] = 1;
		parent[i] = i;	/* a root: drawn after a blank line */
		order[no++] = i;
		while (top) {
			size_t u = stack[top - 1], v;
			const char *uid = json_string_value(json_object_get(json_array_get(zs, u), "id"));

			for (v = 0; v < n; v++)
				if (!seen[v] && uid && map_border(scen, uid, json_string_value(json_object_get(
						json_array_get(zs, v), "id"))))
					break;
			if (v == n) {
				top--;
				continue;
			}
			seen[v] = 1;
			parent[v] = u;
			order[no++] = v;
			stack[top++] = v;
		}
	}
	strbuf_addstr(&sb, "MAP\n");
	for (k = 0; k < no; k++) {
		json_t *z = json_array_get(zs, order[k]);

		if (k && parent[order[k]] == order[k]) {
			strbuf_addch(&sb, '\n');
		} else if (k) {
			/* The border from the zone it was reached from, named when that is not the one above. */
			const char *from = json_string_value(json_object_get(json_array_get(zs, parent[order[k]]), "id"));

			strbuf_addf(&sb, "  %s", border_glyph(map_border(scen, from, json_string_value(json_object_get(z,
				    "id"))), 0));
			if (parent[order[k]] != order[k - 1])
				strbuf_addf(&sb, ", from %s", from);
			strbuf_addch(&sb, '\n');
		}
		map_zone(&sb, view, z);
	}
	json_array_foreach(json_object_get(scen, "borders"), i, b) {
		const char *x = json_string_value(json_array_get(json_object_get(b, "zones"), 0));
		const char *y = json_string_value(json_array_get(json_object_get(b, "zones"), 1));
		int drawn = 0;

		for (k = 1; x && y && k < no; k++) {
			const char *p = json_string_value(json_object_get(json_array_get(zs, parent[order[k]]), "id"));
			const char *q = json_string_value(json_object_get(json_array_get(zs, order[k]), "id"));

			drawn |= parent[order[k]] != order[k] && p && q && map_border(scen, p, q) == b;
		}
		if (drawn)
			continue;
		if (!others++)
			strbuf_addstr(&sb, "OTHER BORDERS\n");
		strbuf_addf(&sb, "  %s %s %s\n", x ? x : "?", border_glyph(b, 1), y ? y : "?");
	}
	out = json_string(sb.failed ? "" : strbuf_str(&sb));
	strbuf_release(&sb);
	return out;
}

/* Whether seat sees c: it commands c, an ally of it, or one that sees it. */
static int seat_sees_char(const json_t *state, const char *seat, const json_t *c)
{
	const char *side = json_string_value(json_object_get(c, "side"));
	json_t *m;
	size_t k;

	if (!seat || !strcmp(seat, "*") || !strcasecmp(seat, IT_OPERATOR))
		return 1;
	json_array_foreach(json_object_get(state, "characters"), k, m) {
		const char *ms = json_string_value(json_object_get(m, "side"));

		if (controls(m, seat) && (m == c || it_can_see(state, m, c) || (ms && side && !strcmp(ms, side))))
			return 1;
	}
	return 0;
}

int it_seat_sees_char(const json_t *state, const char *seat, const json_t *c)
{
	return c && seat_sees_char(state, seat, c);
}

/*
 * The public view sees a character only if every player seat sees it: the
 * bulletin must tell no player more than its own report does. With no
 * player seat it shows nobody.
 */
static int public_sees(const json_t *state, const json_t *c)
{
	json_t *m;
	size_t k;
	int seats = 0;

	json_array_foreach(json_object_get(state, "characters"), k, m) {
		const char *ctl = json_string_value(json_object_get(m, "controller"));

		if (!ctl || !strcasecmp(ctl, IT_OPERATOR))
			continue;
		seats++;
		if (!seat_sees_char(state, ctl, c))
			return 0;
	}
	return seats > 0;
}

#define REPORT_WIDTH 78	/* a report reads at 80 columns (issue 29 item 1) */

/* text appended as lines of at most REPORT_WIDTH: the first indented by
 * first blanks, the later ones by first + 2, broken at blanks. */
static void add_wrapped(struct strbuf *sb, const char *text, size_t first)
{
	size_t col = 0, indent = first;
	const char *p = text;

	strbuf_addchars(sb, ' ', first);
	col = first;
	while (*p) {
		size_t word = strcspn(p, " ");

		if (col > indent && col + 1 + word > REPORT_WIDTH) {
			strbuf_addch(sb, '\n');
			indent = first + 2;
			strbuf_addchars(sb, ' ', indent);
			col = indent;
		} else if (col > indent) {
			strbuf_addch(sb, ' ');
			col++;
		}
		strbuf_add(sb, p, word);
		col += word;
		p += word;
		while (*p == ' ')
			p++;
	}
	strbuf_addch(sb, '\n');
}

static const char *str(const json_t *o, const char *k)
{
	const char *v = json_string_value(json_object_get(o, k));

	return v ? v : "";
}

/*
 * "card 3, active, prone, in cover, engaged with Smith": what anyone in
 * sight shows; seat (NULL: the public) reads one it does not see (a
 * hidden enemy engaged with its ally) as an unseen enemy (issue 28).
 */
static void stance(struct strbuf *sb, const json_t *state, const char *seat, const json_t *c)
{
	json_t *e;
	size_t i;

	if (json_is_integer(json_object_get(c, "card")))
		strbuf_addf(sb, "card %d, ", (int)json_integer_value(json_object_get(c, "card")));
	strbuf_addstr(sb, *str(c, "status") ? str(c, "status") : "active");
	if (json_is_true(json_object_get(c, "prone")))
		strbuf_addstr(sb, ", prone");
	if (*str(c, "cover"))
		strbuf_addf(sb, ", in cover (%s)", str(c, "cover"));
	if (*str(c, "drawn"))
		strbuf_addf(sb, ", %s drawn", str(c, "drawn"));
	json_array_foreach(json_object_get(c, "engaged"), i, e) {
		const json_t *o = it_char(state, json_string_value(e));

		strbuf_addf(sb, "%s%s", i ? ", " : ", engaged with ",
			    o && !(seat ? seat_sees_char(state, seat, o) : public_sees(state, o)) ? "an unseen enemy"
			    : json_string_value(e));
	}
}

static const json_t *zone_of(const json_t *state, const char *id)
{
	json_t *z;
	size_t i;

	json_array_foreach(json_object_get(json_object_get(state, "scenario"), "zones"), i, z)
		if (!strcmp(str(z, "id"), id))
			return z;
	return NULL;
}

/* A character's whole sheet (R3, R17): what its commander decides with. */
static void sheet(struct strbuf *sb, const json_t *state, const json_t *c)
{
	struct strbuf l = STRBUF_INIT;
	json_t *x, *cond = json_object_get(c, "conditions"), *arm = json_object_get(c, "armor");
	const char *k;
	size_t i;
	int n = 0;

	strbuf_addf(&l, "%s (%s) in %s: ", str(c, "name"), str(c, "side"), str(c, "zone"));
	stance(&l, state, IT_OPERATOR, c);
	/* Marked unseen by the Operator (R15.5): its commander knows it. */
	if (json_is_true(json_object_get(c, "hidden")))
		strbuf_addstr(&l, ", hidden");
	add_wrapped(sb, strbuf_str(&l), 2);
	strbuf_reset(&l);
	strbuf_addf(&l, "Health %d/%d, Resolve %d/%d; conditions: physical %d, mental %d",
		    (int)json_integer_value(json_object_get(json_object_get(c, "health"), "value")),
		    (int)json_integer_value(json_object_get(json_object_get(c, "health"), "max")),
		    (int)json_integer_value(json_object_get(json_object_get(c, "resolve"), "value")),
		    (int)json_integer_value(json_object_get(json_object_get(c, "resolve"), "max")),
		    (int)json_integer_value(json_object_get(cond, "physical")),
		    (int)json_integer_value(json_object_get(cond, "mental")));
	add_wrapped(sb, strbuf_str(&l), 4);
	strbuf_reset(&l);
	strbuf_addstr(&l, "Weapons:");
	json_array_foreach(json_object_get(c, "weapons"), i, x) {
		char held[40];

		it_weapon_state(x, held, sizeof(held));
		strbuf_addf(&l, "%s %s", i ? "," : "", str(x, "name"));
		if (!strcmp(str(x, "name"), str(c, "drawn")) || *held)
			strbuf_addf(&l, " (%s%s%s)", !strcmp(str(x, "name"), str(c, "drawn")) ? "drawn" : "",
				    !strcmp(str(x, "name"), str(c, "drawn")) && *held ? ", " : "", held);
	}
	if (!json_array_size(json_object_get(c, "weapons")))
		strbuf_addstr(&l, " none (Unarmed)");
	json_object_foreach(json_object_get(c, "supply"), k, x)
		strbuf_addf(&l, "%s %s %d", n++ ? "," : "; supply:", k, (int)json_integer_value(x));
	if (json_integer_value(json_object_get(json_object_get(c, "gear"), "medkit")) > 0)
		strbuf_addf(&l, "; medkit +%d",
			    (int)json_integer_value(json_object_get(json_object_get(c, "gear"), "medkit")));
	add_wrapped(sb, strbuf_str(&l), 4);
	strbuf_reset(&l);
	if (json_is_object(arm))
		strbuf_addf(&l, "Armour: %s (%d)", str(arm, "name"), (int)json_integer_value(json_object_get(arm, "rating")));
	else
		strbuf_addstr(&l, "Armour: none");
	strbuf_addf(&l, "; cover: %s", *str(c, "cover") ? str(c, "cover") : "none");
	n = 0;
	json_array_foreach(json_object_get(zone_of(state, str(c, "zone")), "cover"), i, x)
		strbuf_addf(&l, "%s %s (%s, %d)", n++ ? "," : "; COVER takes:", str(x, "id"), str(x, "name"),
			    (int)json_integer_value(json_object_get(x, "rating")));
	add_wrapped(sb, strbuf_str(&l), 4);
	strbuf_reset(&l);
	strbuf_addstr(&l, "Injuries:");
	json_array_foreach(json_object_get(c, "injuries"), i, x) {
		json_t *leth = json_object_get(x, "lethal");

		strbuf_addf(&l, "%s %s (%d", i ? "," : "", str(x, "name"), (int)json_integer_value(json_object_get(x, "roll")));
		if (json_is_true(leth))
			strbuf_addf(&l, ", lethal%s%s", *str(x, "limit") ? " within a " : "", str(x, "limit"));
		strbuf_addch(&l, ')');
	}
	if (!json_array_size(json_object_get(c, "injuries")))
		strbuf_addstr(&l, " none");
	add_wrapped(sb, strbuf_str(&l), 4);
	strbuf_reset(&l);
	if (json_integer_value(json_object_get(c, "aim")) > 0)
		strbuf_addf(&l, "Aiming (+%d)", (int)json_integer_value(json_object_get(c, "aim")));
	if (json_is_object(json_object_get(c, "overwatch"))) {
		x = json_object_get(c, "overwatch");
		strbuf_addf(&l, "%sOverwatch on %s (ON %s%s%s)", l.len ? "; " : "", str(x, "zone"), str(x, "on"),
			    *str(x, "only") ? ", ONLY " : "", str(x, "only"));
	}
	if (json_is_true(json_object_get(c, "pinned")))
		strbuf_addf(&l, "%sPinned", l.len ? "; " : "");
	if (*str(c, "grappling") || *str(c, "grappled_by"))
		strbuf_addf(&l, "%s%s %s", l.len ? "; " : "", *str(c, "grappling") ? "Grappling" : "Grappled by",
			    *str(c, "grappling") ? str(c, "grappling") : str(c, "grappled_by"));
	if (l.len)
		add_wrapped(sb, strbuf_str(&l), 4);
	strbuf_release(&l);
}

/*
 * What a seat decides with (issue 29 item 2): its characters' sheets, its
 * allies, the enemies it sees with their zone and range band, and the
 * sightlines. Nothing the seat's view hides: only the characters
 * it_seat_sees_char lets through; the public view (seat NULL) lists those
 * every player sees, without sheets.
 */
static json_t *report_text(const json_t *state, const char *seat)
{
	struct strbuf sb = STRBUF_INIT, l = STRBUF_INIT;
	json_t *c, *m, *sl, *out;
	size_t i, k;
	int op = seat && !strcasecmp(seat, IT_OPERATOR), n;
	const char *heads[] = { "ALLIES", "ENEMIES IN SIGHT" };
	int pass;

	if (seat) {
		strbuf_addstr(&sb, op ? "YOUR CHARACTERS (the NPCs)\n" : "YOUR CHARACTERS\n");
		json_array_foreach(json_object_get(state, "characters"), i, c)
			if (controls(c, seat))
				sheet(&sb, state, c);
	}
	for (pass = 0; pass < 2; pass++) {
		n = 0;
		json_array_foreach(json_object_get(state, "characters"), i, c) {
			int ally = 0;
			const char *ref = NULL;

			if (seat && controls(c, seat))
				continue;
			if (seat && !it_seat_sees_char(state, seat, c))
				continue;
			if (!seat && !public_sees(state, c))
				continue;
			/* An ally shares the side of one of the seat's characters. */
			json_array_foreach(json_object_get(state, "characters"), k, m)
				if (seat && controls(m, seat) && !strcmp(str(m, "side"), str(c, "side")))
					ally = 1;
			if (op || !seat) {
				if (pass != (op ? 1 : 0))
					continue;
			} else if (ally != !pass) {
				continue;
			}
			if (!n++)
				strbuf_addf(&sb, "%s\n", op ? "THE PLAYERS' CHARACTERS"
					    : !seat ? "IN SIGHT OF EVERY PLAYER" : heads[pass]);
			if (op) {
				sheet(&sb, state, c);
				continue;
			}
			strbuf_reset(&l);
			strbuf_addf(&l, "%s (%s) in %s", str(c, "name"), str(c, "side"), str(c, "zone"));
			/* The range band from each of the seat's characters (R2.3). */
			json_array_foreach(json_object_get(state, "characters"), k, m) {
				if (!seat || !controls(m, seat) || !strcmp(str(m, "side"), str(c, "side")))
					continue;
				strbuf_addf(&l, "%s%c", ref ? ", " : ", range ", it_range_band(state, m, c));
				ref = str(m, "name");
				strbuf_addf(&l, " from %s", ref);
			}
			strbuf_addstr(&l, ": ");
			stance(&l, state, seat, c);
			add_wrapped(&sb, strbuf_str(&l), 2);
		}
		if (!n && seat && !op)
			strbuf_addf(&sb, "%s\n  none\n", heads[pass]);
	}
	n = 0;
	json_array_foreach(json_object_get(json_object_get(state, "scenario"), "sightlines"), i, sl) {
		strbuf_reset(&l);
		json_array_foreach(sl, k, m)
			strbuf_addf(&l, "%s%s", k ? " - " : "", json_string_value(m));
		if (!k)
			continue;
		if (!n++)
			strbuf_addstr(&sb, "SIGHTLINES (beyond the next zone)\n");
		add_wrapped(&sb, strbuf_str(&l), 2);
	}
	if (sb.len && sb.buf[sb.len - 1] == '\n')
		sb.buf[--sb.len] = '\0';	/* the template ends the line */
	out = json_string(sb.failed || l.failed ? "" : strbuf_str(&sb));
	strbuf_release(&sb);
	strbuf_release(&l);
	return out;
}

/*
 * The rounds a report names (one word for one thing, issue 29 item 2): the
 * round just played ("round_played", absent after the setup step) and the
 * one the plan is for ("round_next", absent once over).
 */
static void view_rounds(json_t *v)
{
	const char *phase = json_string_value(json_object_get(v, "phase"));
	int round = (int)json_integer_value(json_object_get(v, "round"));
	int over = phase && !strcmp(phase, "over");

	if (!phase || !strcmp(phase, "setup"))
		return;
	if (over ? round >= 1 : round > 1)
		json_object_set_new(v, "round_played", json_integer(over ? round : round - 1));
	if (!over)
		json_object_set_new(v, "round_next", json_integer(round));
}

/*
 * c as seat (NULL: the public) may read it: the names in its lists
 * (engaged, unaware_of, outpace_with) of characters the seat does not see
 * left out; its own character's ambushers, an ally's hidden foe (issue 28).
 */
static json_t *names_seen(const json_t *state, const char *seat, json_t *c)
{
	static const char *const lists[] = { "engaged", "unaware_of", NULL };
	json_t *v, *kept, *o;
	size_t k, i;

	for (k = 0; lists[k]; k++) {
		if (!json_is_array(json_object_get(c, lists[k])))
			continue;
		kept = json_array();
		json_array_foreach(json_object_get(c, lists[k]), i, v)
			if (!(o = it_char(state, json_string_value(v))) ||
			    (seat ? seat_sees_char(state, seat, o) : public_sees(state, o)))
				json_array_append(kept, v);
		json_object_set_new(c, lists[k], kept);
	}
	o = it_char(state, json_string_value(json_object_get(c, "outpace_with")));
	if (o && !(seat ? seat_sees_char(state, seat, o) : public_sees(state, o)))
		json_object_set_new(c, "outpace_with", json_null());
	return c;
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

	if (v)
		view_rounds(v);
	if (!v || (seat && (!strcmp(seat, "*") || !strcasecmp(seat, IT_OPERATOR)))) {
		json_decref(out);
		json_decref(mine);
		if (v) {
			json_object_set_new(v, "map", map_text(v));
			json_object_set_new(v, "report", report_text(v, seat && strcmp(seat, "*") ? seat : IT_OPERATOR));
		}
		return v;
	}
	json_object_set_new(v, "report", report_text(v, seat));
	json_array_foreach(json_object_get(state, "characters"), i, c)
		if (seat && controls(c, seat))
			json_array_append(mine, c);
	json_array_foreach(json_object_get(state, "characters"), i, c) {
		json_t *m, *part;
		int seen = !seat ? public_sees(state, c) : 0;

		if (seat && controls(c, seat)) {
			json_array_append_new(out, names_seen(state, seat, json_deep_copy(c)));
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
				json_object_set_new(part, public_keys[k], json_deep_copy(json_object_get(c, public_keys[k])));
		json_array_append_new(out, names_seen(state, seat, part));
	}
	json_object_set_new(v, "characters", out);
	json_object_del(v, "log");
	/* The opening (who lies in ambush, who sneaks up) is the Operator's (R4.2, R15.6). */
	json_object_del(json_object_get(v, "scenario"), "opening");
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
			      "# DOOR <zone> <zone> OPEN|CLOSED|LOCKED / HIDDEN <char> YES|NO /\n"
			      "# REMOVE <char> / END SKIRMISH\n");
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

static int enemy_of(const json_t *a, const json_t *b)
{
	const char *sa = json_string_value(json_object_get(a, "side"));
	const char *sb = json_string_value(json_object_get(b, "side"));
	const char *st = json_string_value(json_object_get(b, "status"));

	return sa && sb && strcmp(sa, sb) && (!st || !strcmp(st, "active"));
}

#define BOT_MAX_ENGAGE 8	/* ENGAGE alternatives a bot's slot lists */

/*
 * Whether the bot of seat knows of enemy o: the Operator knows everyone; a
 * player's bot only whom its characters see, so that its orders (sealed as
 * the autopilot's for a silent seat) name nobody the rules hide from it.
 */
static int bot_knows(const json_t *state, const char *seat, const json_t *o)
{
	json_t *m;
	size_t i;

	if (!strcasecmp(seat, IT_OPERATOR))
		return 1;
	json_array_foreach(json_object_get(state, "characters"), i, m)
		if (controls(m, seat) && it_can_see(state, m, o))
			return 1;
	return 0;
}

/*
 * A plain bot's orders text for seat's characters: shoot the nearest enemy
 * (reloading an empty gun), else strike one engaged, else engage an enemy
 * that stands in its zone when the slot comes (one ENGAGE alternative per
 * enemy, so that an enemy that has just come in is met, not passed on the
 * way), else close in on the first enemy elsewhere; the second slot the
 * same, or HOLD. Only enemies the seat's characters see are named.
 */
static void bot_text(const json_t *state, const char *seat, struct strbuf *sb)
{
	const char *phase = json_string_value(json_object_get(state, "phase"));
	json_t *c, *o;
	size_t i, k;
	char known[64];	/* bot_knows per character, asked once */

	json_array_foreach(json_object_get(state, "characters"), k, o)
		if (k < sizeof(known))
			known[k] = (char)bot_knows(state, seat, o);
#define KNOWS(k, o) ((k) < sizeof(known) ? known[k] : bot_knows(state, seat, (o)))
	json_array_foreach(json_object_get(state, "characters"), i, c) {
		const char *zone = json_string_value(json_object_get(c, "zone")), *far = NULL;
		int slot, n;

		if (!seat || !controls(c, seat) || !live(c))
			continue;
		/* strbuf_addstr, not addf: bot games write these texts by the million. */
		strbuf_addstr(sb, "CHAR ");
		strbuf_addstr(sb, json_string_value(json_object_get(c, "name")));
		strbuf_addch(sb, '\n');
		if (phase && !strcmp(phase, "setup"))
			continue;
		json_array_foreach(json_object_get(state, "characters"), k, o) {
			const char *z = json_string_value(json_object_get(o, "zone"));

			if (enemy_of(c, o) && z && zone && strcmp(z, zone) && !far && KNOWS(k, o))
				far = z;
		}
		for (slot = 1; slot <= 2; slot++) {
			strbuf_addstr(sb, slot == 1 ? "1. " : "2. ");
			strbuf_addstr(sb, "SHOOT NEAREST OR RELOAD OR ATTACK NEAREST");
			n = 0;
			json_array_foreach(json_object_get(state, "characters"), k, o)
				if (enemy_of(c, o) && KNOWS(k, o) && n++ < BOT_MAX_ENGAGE) {
					strbuf_addstr(sb, " OR ENGAGE ");
					strbuf_addstr(sb, json_string_value(json_object_get(o, "name")));
				}
			/* Prone (a clutter roll failed): up first, or it never moves again. */
			if (json_is_true(json_object_get(c, "prone")))
				strbuf_addstr(sb, " OR STAND");
			if (far) {
				strbuf_addstr(sb, " OR MOVE TOWARD ");
				strbuf_addstr(sb, far);
			}
			strbuf_addstr(sb, slot == 2 ? " OR HOLD\n" : "\n");
		}
	}
#undef KNOWS
}

static json_t *it_bot(const json_t *state, const char *seat, struct draw_source *draws, char *err,
		      size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	json_t *out = NULL;

	(void)draws;
	bot_text(state, seat, &sb);
	if (sb.failed)
		errbuf_set(err, errlen, "out of memory");
	else
		out = it_read_orders(state, seat, strbuf_str(&sb), "bot", err, errlen);
	strbuf_release(&sb);
	/* Marked as the autopilot's: the story tells what it does, not every fallback it passes. */
	if (out) {
		const char *k;
		json_t *plan;

		json_object_foreach(json_object_get(json_object_get(out, seat), "chars"), k, plan)
			json_object_set_new(plan, "bot", json_true());
	}
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

#define SIM_MAX_ROUNDS 40	/* a skirmish still on after this many rounds is "unfinished" */

static const char *const sim_fates[] = { "standing", "broken", "dead", "fled", "removed", NULL };

/* How many sides the NPCs of a scenario text stand on: 0, 1 or 2 (two or more). */
static int scenario_sides(const char *text)
{
	json_t *scen = json_loads(text, 0, NULL), *c;
	const char *one = NULL;
	int n = 0;
	size_t i;

	json_array_foreach(json_object_get(scen, "characters"), i, c) {
		const char *side = json_string_value(json_object_get(c, "side"));

		if (!side || (one && !strcmp(side, one)))
			continue;
		if (one) {
			n = 2;
			break;
		}
		one = side;
		n = 1;
	}
	json_decref(scen);
	return n;
}

/*
 * The state a simulated skirmish starts from: the scenario of data (the
 * built-in lobby without), and a player character: data's sheet, or the
 * default sheet when the scenario's NPCs stand on one side only.
 */
/*
 * The seats of the scenario's crew (its "crew" sheets, one player seat
 * each) and the Operator's, or NULL when it names none.
 */
static json_t *scenario_crew(const char *text)
{
	json_t *scen = text ? json_loads(text, 0, NULL) : NULL, *crew = json_object_get(scen, "crew"), *c;
	json_t *seats = NULL;
	size_t i;

	if (json_array_size(crew)) {
		seats = json_array();
		json_array_foreach(crew, i, c) {
			char seat[32], *sheet = json_dumps(c, JSON_COMPACT);

			snprintf(seat, sizeof(seat), "player%zu", i + 1);
			json_array_append_new(seats, json_pack("{s:s,s:{s:s}}", "name", seat, "data", "character",
							       sheet ? sheet : "{}"));
			free(sheet);
		}
		json_array_append_new(seats, json_pack("{s:s}", "name", IT_OPERATOR));
	}
	json_decref(scen);
	return seats;
}

static json_t *sim_start(const json_t *data, char *err, size_t errlen)
{
	const char *text = data_text(data, "scenario");
	json_t *seats, *setup, *st = NULL;

	if (json_object_get(data, "character"))
		seats = json_pack("[{s:s,s:{s:O}},{s:s}]", "name", "player", "data", "character",
				  json_object_get(data, "character"), "name", IT_OPERATOR);
	else if ((seats = scenario_crew(text)))
		;
	else if (text && scenario_sides(text) >= 2)
		seats = json_pack("[{s:s}]", "name", IT_OPERATOR);
	else
		seats = json_pack("[{s:s},{s:s}]", "name", "player", "name", IT_OPERATOR);
	if (!seats) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	setup = it_setup(NULL, data, seats, NULL, err, errlen);
	json_decref(seats);
	if (setup)
		st = json_incref(json_object_get(setup, "state"));
	json_decref(setup);
	return st;
}

#define SIM_CACHE_MAX 4096	/* orders texts read and kept by one simulate call */

/*
 * The bots' orders of every seat the state waits for; NULL with err. A
 * bot's text is read once (cache: {SEAT\nPHASE\nTEXT: orders}) and the
 * orders shared: a step marks no plan but one with SWAP, which bots never
 * write.
 */
static json_t *sim_orders(const json_t *st, json_t *cache, char *err, size_t errlen)
{
	json_t *due = it_waiting_for(st), *orders = json_object(), *seat;
	const char *phase = json_string_value(json_object_get(st, "phase"));
	size_t k;

	json_array_foreach(due, k, seat) {
		struct strbuf sb = STRBUF_INIT;
		const char *who = json_string_value(seat);
		json_t *o = NULL;

		strbuf_addf(&sb, "%s\n%s\n", who, phase ? phase : "");
		bot_text(st, who, &sb);
		if (!sb.failed && orders) {
			const char *key = strbuf_str(&sb), *text = strchr(strchr(key, '\n') + 1, '\n') + 1;
			json_t *known = json_object_get(cache, key);

			if (known) {
				o = json_incref(known);
			} else if ((o = it_read_orders(st, who, text, "bot", err, errlen))) {
				if (json_object_size(cache) >= SIM_CACHE_MAX)
					json_object_clear(cache);
				json_object_set(cache, key, o);
			}
		} else {
			errbuf_set(err, errlen, "out of memory");
		}
		strbuf_release(&sb);
		if (!o) {
			json_decref(orders);
			orders = NULL;
			break;
		}
		json_object_update(orders, o);
		json_decref(o);
	}
	json_decref(due);
	return orders;
}

/*
 * A copy of a state for one game. jansson's json_deep_copy guards against
 * loops with a table of pointer strings, a tenth of a bot game's time; a
 * state is a tree. NULL out of memory.
 */
static json_t *sim_copy(const json_t *j)
{
	json_t *out = NULL, *v;
	const char *key;
	size_t i;

	switch (json_typeof(j)) {
	case JSON_OBJECT:
		out = json_object();
		json_object_foreach((json_t *)j, key, v)
			if (!out || json_object_set_new_nocheck(out, key, sim_copy(v))) {
				json_decref(out);
				return NULL;
			}
		return out;
	case JSON_ARRAY:
		out = json_array();
		json_array_foreach(j, i, v)
			if (!out || json_array_append_new(out, sim_copy(v))) {
				json_decref(out);
				return NULL;
			}
		return out;
	case JSON_STRING:
		return json_stringn_nocheck(json_string_value(j), json_string_length(j));
	default:
		return json_copy((json_t *)j);	/* numbers, true, false, null */
	}
}

/*
 * Plays game i of seed from start, the bots of every seat: the end state
 * (NULL with err when a step fails), its outcome key ("crew wins", "draw",
 * "no winner", "unfinished") and the rounds played.
 */
static json_t *sim_one(const json_t *start, json_t *cache, uint64_t seed, uint64_t i, int *rounds,
		       char *outcome, size_t len, char *err, size_t errlen)
{
	struct draw_seeded seeded;
	struct draw_source src;
	json_t *st = sim_copy(start), *out;
	const char *phase;
	int step;

	*rounds = 0;
	if (!st) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	draw_seeded_init(&seeded, seed ^ (i * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL), NULL, 0);
	src = draw_seeded_source(&seeded, NULL);
	for (step = 0; step <= SIM_MAX_ROUNDS; step++) {
		json_t *orders, *next;

		phase = json_string_value(json_object_get(st, "phase"));
		if (phase && !strcmp(phase, "over"))
			break;
		orders = sim_orders(st, cache, err, errlen);
		next = orders ? it_resolve_quiet(json_incref(st), orders, &src, err, errlen) : NULL;
		json_decref(orders);
		if (!next) {
			char why[256], when[32];

			snprintf(why, sizeof(why), "%s", err);
			snprintf(when, sizeof(when), step ? "round %d" : "the setup step", step);
			errbuf_set(err, errlen, "game %llu, %s: %s", (unsigned long long)i, when, why);
			json_decref(st);
			return NULL;
		}
		json_decref(st);
		st = next;
		if (step)
			(*rounds)++;
	}
	out = json_object_get(st, "outcome");
	phase = json_string_value(json_object_get(st, "phase"));
	if (!phase || strcmp(phase, "over"))
		snprintf(outcome, len, "unfinished");
	else if (json_is_string(json_object_get(out, "winner")))
		snprintf(outcome, len, "%s wins", json_string_value(json_object_get(out, "winner")));
	else
		snprintf(outcome, len, "%s", json_is_true(json_object_get(out, "draw")) ? "draw" : "no winner");
	return st;
}

static void sim_count(json_t *group, const char *key)
{
	json_t *n = json_object_get(group, key);

	if (n)
		json_integer_set(n, json_integer_value(n) + 1);
}

/*
 * Groups, each with every key from the first game on (zeros too), so that
 * any split of the games sums to the same table in the same order:
 * "all" (each side wins, draw, no winner, unfinished), "rounds"
 * (how many rounds a skirmish lasted) and one per character ("Neo (crew)":
 * standing, broken, dead, fled or removed at the end).
 */
static json_t *sim_groups(const json_t *start)
{
	json_t *out = json_object(), *all = json_object(), *len = json_object(), *c;
	size_t i;
	int r, k;

	json_object_set_new(all, "games", json_integer(0));
	json_array_foreach(json_object_get(start, "characters"), i, c) {
		char key[96];

		snprintf(key, sizeof(key), "%s wins", json_string_value(json_object_get(c, "side")));
		if (!json_object_get(all, key))
			json_object_set_new(all, key, json_integer(0));
	}
	json_object_set_new(all, "draw", json_integer(0));
	json_object_set_new(all, "no winner", json_integer(0));
	json_object_set_new(all, "unfinished", json_integer(0));
	json_object_set_new(out, "all", all);
	json_object_set_new(len, "games", json_integer(0));
	for (r = 0; r <= SIM_MAX_ROUNDS; r++) {
		char key[32];

		snprintf(key, sizeof(key), "%d round%s", r, r == 1 ? "" : "s");
		json_object_set_new(len, key, json_integer(0));
	}
	json_object_set_new(out, "rounds", len);
	json_array_foreach(json_object_get(start, "characters"), i, c) {
		json_t *g = json_object();
		char name[160];

		snprintf(name, sizeof(name), "%s (%s)", json_string_value(json_object_get(c, "name")),
			 json_string_value(json_object_get(c, "side")));
		json_object_set_new(g, "games", json_integer(0));
		for (k = 0; sim_fates[k]; k++)
			json_object_set_new(g, sim_fates[k], json_integer(0));
		json_object_set_new(out, name, g);
	}
	return out;
}

static json_t *it_simulate(const json_t *settings, const json_t *data, uint64_t seed, uint64_t first, uint64_t count,
			   char *err, size_t errlen)
{
	json_t *start, *groups, *g, *cache = json_object();
	const char *key;
	uint64_t i;

	(void)settings;
	if (!(start = sim_start(data, err, errlen)))
		return NULL;
	groups = sim_groups(start);
	for (i = first; groups && i < first + count; i++) {
		char outcome[128], key2[32];
		int rounds;
		json_t *end = sim_one(start, cache, seed, i, &rounds, outcome, sizeof(outcome), err, errlen), *c;
		size_t k;

		if (!end) {
			json_decref(groups);
			json_decref(start);
			json_decref(cache);
			return NULL;
		}

		json_object_foreach(groups, key, g)
			sim_count(g, "games");
		sim_count(json_object_get(groups, "all"), outcome);
		snprintf(key2, sizeof(key2), "%d round%s", rounds, rounds == 1 ? "" : "s");
		sim_count(json_object_get(groups, "rounds"), key2);
		json_array_foreach(json_object_get(end, "characters"), k, c) {
			char name[160];
			const char *st = json_string_value(json_object_get(c, "status"));

			snprintf(name, sizeof(name), "%s (%s)", json_string_value(json_object_get(c, "name")),
				 json_string_value(json_object_get(c, "side")));
			sim_count(json_object_get(groups, name), !st || !strcmp(st, "active") ? "standing" : st);
		}
		json_decref(end);
	}
	json_decref(start);
	json_decref(cache);
	if (!groups)
		errbuf_set(err, errlen, "out of memory");
	return groups;
}

static const struct ruleset_setting it_settings[] = {
	{ "idle_days", SETTING_INT, 1, 365, NULL, "14",
	  "days without orders before the judge ends the skirmish (abandoned)", 0 },
	{ NULL, 0, 0, 0, NULL, NULL, NULL, 0 }
};

static const struct ruleset_tool it_tools[] = {
	{ "simulate", "bot-only skirmishes on a scenario (--data scenario=FILE, character=FILE): how deadly is the fight?" },
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
	.flags = RULESET_HIDDEN | RULESET_GM_SEAT | RULESET_DRAWS_NAME,
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
	.draw = iterations_picture,
};
