/*
 * The state (R17): defaults written out, and the checks of the data the
 * Operator and the players bring (a scenario, a character sheet), each
 * refusal naming the file and line.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/iterations.h"
#include "lib/errbuf.h"

int it_weapon_type_known(const char *type);

static void def(json_t *o, const char *k, json_t *v)
{
	if (!json_object_get(o, k))
		json_object_set_new(o, k, v);
	else
		json_decref(v);
}

static const char *const skill_names[] = {
	"melee", "stamina", "marksmanship", "mobility", "stealth", "observation", "insight", "healing", NULL
};
static const char *const attr_names[] = { "strength", "agility", "wits", "empathy", NULL };

static long attr(const json_t *c, const char *a)
{
	json_t *v = json_object_get(json_object_get(c, "attributes"), a);

	return json_is_integer(v) ? (long)json_integer_value(v) : 1;
}

static void track(json_t *c, const char *key, long dflt)
{
	json_t *t = json_object_get(c, key);

	if (json_is_integer(t)) {
		long n = (long)json_integer_value(t);

		json_object_set_new(c, key, json_pack("{s:i,s:i}", "max", (int)n, "value", (int)n));
		return;
	}
	if (!json_is_object(t)) {
		json_object_set_new(c, key, json_pack("{s:i,s:i}", "max", (int)dflt, "value", (int)dflt));
		return;
	}
	def(t, "max", json_integer(dflt));
	def(t, "value", json_integer(json_integer_value(json_object_get(t, "max"))));
}

/* One character's defaults (R3, R17); 0, or -1 with why. */
static int character(json_t *c, char *err, size_t errlen)
{
	json_t *a, *s, *w;
	size_t i;
	int k;

	if (!json_is_object(c) || !json_is_string(json_object_get(c, "name")) ||
	    !*json_string_value(json_object_get(c, "name")) ||
	    strchr(json_string_value(json_object_get(c, "name")), ' ')) {
		errbuf_set(err, errlen, "a character needs a one-word name");
		return -1;
	}
	def(c, "side", json_string("npc"));
	def(c, "controller", json_string(IT_OPERATOR));
	def(c, "group", json_null());
	if (!json_is_object(json_object_get(c, "attributes")))
		json_object_set_new(c, "attributes", json_object());
	a = json_object_get(c, "attributes");
	for (k = 0; attr_names[k]; k++) {
		json_t *v = json_object_get(a, attr_names[k]);

		if (v && (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 5)) {
			errbuf_set(err, errlen, "%s: %s must be 1 to 5",
				   json_string_value(json_object_get(c, "name")), attr_names[k]);
			return -1;
		}
		def(a, attr_names[k], json_integer(1));
	}
	if (!json_is_object(json_object_get(c, "skills")))
		json_object_set_new(c, "skills", json_object());
	s = json_object_get(c, "skills");
	for (k = 0; skill_names[k]; k++) {
		json_t *v = json_object_get(s, skill_names[k]);

		if (v && (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 5)) {
			errbuf_set(err, errlen, "%s: skill %s must be 0 to 5",
				   json_string_value(json_object_get(c, "name")), skill_names[k]);
			return -1;
		}
		def(s, skill_names[k], json_integer(0));
	}
	track(c, "health", (attr(c, "strength") + attr(c, "agility") + 1) / 2 + 1);
	track(c, "resolve", (attr(c, "wits") + attr(c, "empathy") + 1) / 2 + 1);
	def(c, "conditions", json_pack("{s:i,s:i}", "physical", 0, "mental", 0));
	def(json_object_get(c, "conditions"), "physical", json_integer(0));
	def(json_object_get(c, "conditions"), "mental", json_integer(0));
	def(c, "armor", json_null());
	def(c, "weapons", json_array());
	json_array_foreach(json_object_get(c, "weapons"), i, w) {
		if (!json_is_object(w) || !json_is_string(json_object_get(w, "type")) ||
		    !it_weapon_type_known(json_string_value(json_object_get(w, "type")))) {
			errbuf_set(err, errlen, "%s: weapon %zu needs a type of the table (Knife, Pistol ...)",
				   json_string_value(json_object_get(c, "name")), i + 1);
			return -1;
		}
		def(w, "name", json_string(json_string_value(json_object_get(w, "type"))));
	}
	def(c, "drawn", json_null());
	def(c, "supply", json_object());
	def(c, "gear", json_object());
	if (!json_is_string(json_object_get(c, "zone"))) {
		errbuf_set(err, errlen, "%s: no zone", json_string_value(json_object_get(c, "name")));
		return -1;
	}
	def(c, "engaged", json_array());
	def(c, "prone", json_false());
	def(c, "cover", json_null());
	def(c, "hidden", json_false());
	def(c, "size", json_string("normal"));
	def(c, "aim", json_integer(0));
	def(c, "aim_round", json_null());
	def(c, "overwatch", json_null());
	def(c, "pinned", json_false());
	def(c, "grappling", json_null());
	def(c, "grappled_by", json_null());
	def(c, "status", json_string("active"));
	def(c, "broken_by", json_null());
	def(c, "injuries", json_array());
	def(c, "card", json_null());
	def(c, "unaware_of", json_array());
	def(c, "swap_lock", json_null());
	def(c, "outpace_with", json_null());
	def(c, "fired_single", json_false());
	return 0;
}

static int zone_known(const json_t *scen, const char *id)
{
	json_t *z;
	size_t i;

	json_array_foreach(json_object_get(scen, "zones"), i, z)
		if (id && !strcmp(json_string_value(json_object_get(z, "id")), id))
			return 1;
	return 0;
}

/* The cover rating of a kind (R2.1); 0 for a kind the rulings do not name. */
static int cover_rating(const char *kind)
{
	static const struct { const char *kind; int rating; } kinds[] = {
		{ "furniture", 3 }, { "wooden door", 4 }, { "tree trunk", 5 }, { "light wall", 6 },
		{ "stone wall", 8 }, { NULL, 0 }
	};
	int k;

	for (k = 0; kind && kinds[k].kind; k++)
		if (!strcmp(kinds[k].kind, kind))
			return kinds[k].rating;
	return 0;
}

/* The scenario's defaults and shape (R2, R17); 0, or -1 with why. */
static int scenario(json_t *s, char *err, size_t errlen)
{
	json_t *z, *b, *item;
	size_t i, k;

	if (!json_is_object(s) || !json_array_size(json_object_get(s, "zones"))) {
		errbuf_set(err, errlen, "the scenario needs zones");
		return -1;
	}
	json_array_foreach(json_object_get(s, "zones"), i, z) {
		const char *id = json_string_value(json_object_get(z, "id"));

		if (!id || !*id || strchr(id, ' ')) {
			errbuf_set(err, errlen, "zone %zu needs a one-word id", i + 1);
			return -1;
		}
		def(z, "features", json_array());
		def(z, "cover", json_array());
		json_array_foreach(json_object_get(z, "cover"), k, item)
			if (json_is_object(item) && !json_object_get(item, "rating") &&
			    cover_rating(json_string_value(json_object_get(item, "kind"))) > 0)
				json_object_set_new(item, "rating", json_integer(cover_rating(
					json_string_value(json_object_get(item, "kind")))));
		def(z, "floor", json_array());
	}
	def(s, "borders", json_array());
	json_array_foreach(json_object_get(s, "borders"), i, b) {
		json_t *zs = json_object_get(b, "zones");
		const char *t = json_string_value(json_object_get(b, "type"));

		if (json_array_size(zs) != 2 || !zone_known(s, json_string_value(json_array_get(zs, 0))) ||
		    !zone_known(s, json_string_value(json_array_get(zs, 1)))) {
			errbuf_set(err, errlen, "border %zu needs two known zones", i + 1);
			return -1;
		}
		if ((json_object_get(b, "type") && !t) ||
		    (t && strcmp(t, "open") && strcmp(t, "blocked") && strcmp(t, "door"))) {
			errbuf_set(err, errlen, "border %zu: type must be open, blocked or door", i + 1);
			return -1;
		}
		def(b, "type", json_string("open"));
		if (!strcmp(json_string_value(json_object_get(b, "type")), "door")) {
			def(b, "door", json_string("closed"));
			def(b, "toughness", json_integer(2));
		}
	}
	def(s, "ranges", json_object());
	def(s, "sightlines", json_array());
	def(s, "heavy_damage", json_integer(3));
	def(s, "push_condition", json_true());
	def(s, "max_rounds", json_null());
	def(s, "opening", json_pack("{s:s}", "kind", "normal"));
	return 0;
}

json_t *it_normalize(const json_t *state, char *err, size_t errlen)
{
	json_t *st = json_deep_copy(state), *c, *o;
	size_t i, j;

	if (!json_is_object(st)) {
		json_decref(st);
		errbuf_set(err, errlen, "iterations state: expected a JSON object");
		return NULL;
	}
	json_object_del(st, "log");
	def(st, "game", json_string("iterations"));
	def(st, "phase", json_string("setup"));
	def(st, "round", json_integer(strcmp(json_string_value(json_object_get(st, "phase")) ?
					     json_string_value(json_object_get(st, "phase")) : "", "setup") ? 1 : 0));
	def(st, "tick", json_integer(0));
	if (scenario(json_object_get(st, "scenario"), err, errlen) < 0)
		goto bad;
	if (!json_is_array(json_object_get(st, "characters"))) {
		errbuf_set(err, errlen, "iterations state: expected characters");
		goto bad;
	}
	json_array_foreach(json_object_get(st, "characters"), i, c) {
		if (character(c, err, errlen) < 0)
			goto bad;
		if (!zone_known(json_object_get(st, "scenario"), json_string_value(json_object_get(c, "zone")))) {
			errbuf_set(err, errlen, "%s: unknown zone '%s'", json_string_value(json_object_get(c, "name")),
				   json_string_value(json_object_get(c, "zone")));
			goto bad;
		}
		for (j = 0; j < i; j++)
			if (!strcasecmp(json_string_value(json_object_get(json_array_get(json_object_get(st, "characters"), j), "name")),
					json_string_value(json_object_get(c, "name")))) {
				errbuf_set(err, errlen, "two characters named %s", json_string_value(json_object_get(c, "name")));
				goto bad;
			}
	}
	if (!json_is_object(json_object_get(st, "outcome")))
		json_object_set_new(st, "outcome", json_object());
	o = json_object_get(st, "outcome");
	def(o, "over", json_false());
	def(o, "winner", json_null());
	def(o, "draw", json_false());
	def(o, "reason", json_null());
	def(o, "aftermath", json_false());
	return st;
bad:
	json_decref(st);
	return NULL;
}

/* ---------- data files ---------- */

/* The line of the first occurrence of needle in text (1 when none). */
static int line_of(const char *text, const char *needle)
{
	const char *at = needle && *needle ? strstr(text, needle) : NULL, *p;
	int line = 1;

	for (p = text; at && p < at; p++)
		line += *p == '\n';
	return line;
}

static json_t *load_json(const char *text, const char *name, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *j = json_loads(text ? text : "", JSON_REJECT_DUPLICATES, &jerr);

	if (!j)
		errbuf_set(err, errlen, "%s:%d: %s", name, jerr.line > 0 ? jerr.line : 1, jerr.text);
	else if (!json_is_object(j)) {
		errbuf_set(err, errlen, "%s:1: expected a JSON object", name);
		json_decref(j);
		return NULL;
	}
	return j;
}

/*
 * Where needle ("\"Twin1\"") stands as a "name" value, else its first
 * occurrence, else text: a character's entry, not a mention of it.
 */
static const char *name_value(const char *text, const char *needle)
{
	const char *at, *p;

	for (at = strstr(text, needle); at; at = strstr(at + 1, needle)) {
		for (p = at; p > text && isspace((unsigned char)p[-1]); p--)
			;
		if (p == text || p[-1] != ':')
			continue;
		for (p--; p > text && isspace((unsigned char)p[-1]); p--)
			;
		if (p - text >= 6 && !strncmp(p - 6, "\"name\"", 6))
			return at;
	}
	at = strstr(text, needle);
	return at ? at : text;
}

/* A message "X: ..." from the checks, placed at the line naming X. */
static void place(const char *text, const char *name, const char *inner, char *err, size_t errlen)
{
	char needle[80];
	const char *colon = strchr(inner, ':');
	size_t n = colon ? (size_t)(colon - inner) : 0;
	int line = 1;

	if (!strncmp(inner, "border ", 7) || !strncmp(inner, "zone ", 5)) {
		/* The n-th entry of the list: its n-th "zones" or "id" key. */
		int border = inner[0] == 'b', nth = atoi(inner + (border ? 7 : 5));
		const char *at = strstr(text, border ? "\"borders\"" : "\"zones\"");

		while (at && nth-- > 0)
			at = strstr(at + 1, border ? "\"zones\"" : "\"id\"");
		if (at) {
			const char *p;

			for (p = text; p < at; p++)
				line += *p == '\n';
		}
	} else if (n && n < 60) {
		const char *from, *w = colon + 1, *hit = NULL;

		snprintf(needle, sizeof(needle), "\"%.*s\"", (int)n, inner);
		line = line_of(text, needle);
		if (strstr(text, needle)) {
			const char *p;

			for (line = 1, p = text; p < name_value(text, needle); p++)
				line += *p == '\n';
		}
		/* Closer: the first key the message names after that ("strength", "melee", "zone"). */
		from = name_value(text, needle);
		while (*w && !hit) {
			size_t len;

			while (*w && !isalpha((unsigned char)*w))
				w++;
			for (len = 0; isalpha((unsigned char)w[len]) || w[len] == '_'; len++)
				;
			if (len >= 3 && len < 40) {
				char key[48];

				snprintf(key, sizeof(key), "\"%.*s\"", (int)len, w);
				hit = strstr(from, key);
			}
			w += len;
		}
		if (hit) {
			const char *p;

			for (line = 1, p = text; p < hit; p++)
				line += *p == '\n';
		}
		if (line == 1) {
			const char *sp = strrchr(needle, ' ');

			if (sp) {
				char last[64];

				snprintf(last, sizeof(last), "\"%s", sp + 1);
				line = line_of(text, last);
			}
		}
	}
	errbuf_set(err, errlen, "%s:%d: %s", name, line, inner);
}

/*
 * Where the nth (from 1) "key": "value" stands in text (value NULL: the
 * key with any value); NULL when it does not.
 */
static const char *keyed_at(const char *text, const char *key, const char *value, int nth)
{
	char kq[64], vq[128];
	const char *at, *p;

	snprintf(kq, sizeof(kq), "\"%s\"", key);
	snprintf(vq, sizeof(vq), "\"%s\"", value ? value : "");
	for (at = strstr(text, kq); at; at = strstr(at + 1, kq)) {
		for (p = at + strlen(kq); isspace((unsigned char)*p); p++)
			;
		if (*p++ != ':')
			continue;
		while (isspace((unsigned char)*p))
			p++;
		if ((!value || !strncmp(p, vq, strlen(vq))) && --nth <= 0)
			return at;
	}
	return NULL;
}

static int line_at(const char *text, const char *at)
{
	const char *p;
	int line = 1;

	for (p = text; at && p < at; p++)
		line += *p == '\n';
	return line;
}

/* A whole number of at least min, or absent (or null when null_ok). */
static int whole(const json_t *o, const char *key, long min, int null_ok)
{
	json_t *v = json_object_get(o, key);

	return !v || (null_ok && json_is_null(v)) || (json_is_integer(v) && json_integer_value(v) >= min);
}

/*
 * What only a scenario file can get wrong (the map and the settings the
 * state checks take on trust): 0, or -1 with "name:line: ..." in err.
 */
static int scenario_file(const char *text, const char *name, const json_t *j, char *err, size_t errlen)
{
	json_t *zones = json_object_get(j, "zones"), *z, *b, *item, *op = json_object_get(j, "opening"), *v;
	const char *start = json_string_value(json_object_get(j, "start")), *kind;
	size_t i, k;

	json_array_foreach(zones, i, z)
		for (k = 0; k < i; k++)
			if (!strcmp(json_string_value(json_object_get(z, "id")),
				    json_string_value(json_object_get(json_array_get(zones, k), "id")))) {
				errbuf_set(err, errlen, "%s:%d: zone %zu: id '%s' is used twice, expected a different id for each zone",
					   name, line_at(text, keyed_at(text, "id", json_string_value(json_object_get(z, "id")), 2)),
					   i + 1, json_string_value(json_object_get(z, "id")));
				return -1;
			}
	json_array_foreach(json_object_get(j, "borders"), i, b) {
		const char *x = json_string_value(json_array_get(json_object_get(b, "zones"), 0));
		const char *y = json_string_value(json_array_get(json_object_get(b, "zones"), 1));
		const char *at = strstr(text, "\"borders\"");

		if (!x || !y || strcmp(x, y))
			continue;
		for (k = 0; at && k <= i; k++)
			at = keyed_at(at + 1, "zones", NULL, 1);
		errbuf_set(err, errlen, "%s:%d: border %zu joins %s to itself, expected two different zones",
			   name, line_at(text, at), i + 1, x);
		return -1;
	}
	if (json_object_get(j, "start") && (!start || !zone_known(j, start))) {
		errbuf_set(err, errlen, "%s:%d: start: no zone '%s', expected the id of one of the zones", name,
			   line_at(text, keyed_at(text, "start", NULL, 1)), start ? start : "?");
		return -1;
	}
	json_array_foreach(zones, i, z)
		json_array_foreach(json_object_get(z, "cover"), k, item) {
			const char *id = json_string_value(json_object_get(item, "id"));

			kind = json_string_value(json_object_get(item, "kind"));
			if (!json_is_object(item) || !id) {
				errbuf_set(err, errlen, "%s:%d: zone %s: cover %zu needs an id", name,
					   line_at(text, keyed_at(text, "cover", NULL, 1)),
					   json_string_value(json_object_get(z, "id")), k + 1);
				return -1;
			}
			if (!whole(item, "rating", 0, 0)) {
				errbuf_set(err, errlen, "%s:%d: cover %s: rating must be a whole number, 0 or more",
					   name, line_at(text, keyed_at(text, "id", id, 1)), id);
				return -1;
			}
			if (!json_object_get(item, "rating") && !cover_rating(kind)) {
				errbuf_set(err, errlen, "%s:%d: cover %s: kind '%s' has no rating, expected a rating or a "
					   "kind of R2.1 (furniture, wooden door, tree trunk, light wall, stone wall)",
					   name, line_at(text, kind ? keyed_at(text, "kind", kind, 1) : keyed_at(text, "id", id, 1)),
					   id, kind ? kind : "");
				return -1;
			}
		}
	if (!whole(j, "max_rounds", 1, 1)) {
		errbuf_set(err, errlen, "%s:%d: max_rounds must be a whole number of rounds, 1 or more (or null)",
			   name, line_at(text, keyed_at(text, "max_rounds", NULL, 1)));
		return -1;
	}
	if (!whole(j, "heavy_damage", 1, 0)) {
		errbuf_set(err, errlen, "%s:%d: heavy_damage must be a whole number of points, 1 or more", name,
			   line_at(text, keyed_at(text, "heavy_damage", NULL, 1)));
		return -1;
	}
	if (json_object_get(j, "push_condition") && !json_is_boolean(json_object_get(j, "push_condition"))) {
		errbuf_set(err, errlen, "%s:%d: push_condition must be true or false", name,
			   line_at(text, keyed_at(text, "push_condition", NULL, 1)));
		return -1;
	}
	/* The crew the scenario is balanced for (simulate's default players): sheets as at join. */
	if (json_object_get(j, "crew") && !json_is_array(json_object_get(j, "crew"))) {
		errbuf_set(err, errlen, "%s:%d: crew must be a list of character sheets", name,
			   line_at(text, keyed_at(text, "crew", NULL, 1)));
		return -1;
	}
	json_array_foreach(json_object_get(j, "crew"), i, v) {
		const char *who = json_string_value(json_object_get(v, "name"));

		if (!json_is_object(v) || !who) {
			errbuf_set(err, errlen, "%s:%d: crew %zu: expected a character sheet with a name", name,
				   line_at(text, keyed_at(text, "crew", NULL, 1)), i + 1);
			return -1;
		}
	}
	if (!op)
		return 0;
	kind = json_string_value(json_object_get(op, "kind"));
	if (!json_is_object(op) || !kind || (strcmp(kind, "normal") && strcmp(kind, "surprise") &&
					     strcmp(kind, "sneak") && strcmp(kind, "ambush"))) {
		errbuf_set(err, errlen, "%s:%d: opening: kind must be normal, surprise, sneak or ambush", name,
			   line_at(text, keyed_at(text, "opening", NULL, 1)));
		return -1;
	}
	/* The attackers of an ambush or a surprise are the Operator's: the scenario's own characters. */
	json_array_foreach(strcmp(kind, "sneak") && strcmp(kind, "normal") ? json_object_get(op, "attackers") : NULL,
			   i, v) {
		const char *who = json_string_value(v), *at = keyed_at(text, "attackers", NULL, 1);
		json_t *c;
		int found = 0;

		json_array_foreach(json_object_get(j, "characters"), k, c)
			found |= who && !strcmp(who, json_string_value(json_object_get(c, "name")) ?
						json_string_value(json_object_get(c, "name")) : "");
		if (!found) {
			char q[128];

			snprintf(q, sizeof(q), "\"%s\"", who ? who : "");
			if (at && who && strstr(at, q))
				at = strstr(at, q);
			errbuf_set(err, errlen, "%s:%d: opening: attacker '%s' is no character of the scenario, "
				   "expected the name of one of its NPCs", name, line_at(text, at), who ? who : "?");
			return -1;
		}
	}
	return 0;
}

int it_check_scenario(const char *text, const char *name, char *err, size_t errlen)
{
	json_t *j = load_json(text, name, err, errlen), *st = NULL, *norm;
	char inner[300];
	int rc;

	if (!j)
		return -1;
	st = json_pack("{s:s,s:o,s:o}", "game", "iterations", "scenario", json_deep_copy(j), "characters",
		       json_is_array(json_object_get(j, "characters")) ? json_deep_copy(json_object_get(j, "characters"))
								       : json_array());
	json_object_del(json_object_get(st, "scenario"), "characters");
	norm = it_normalize(st, inner, sizeof(inner));
	if (!norm && !strncmp(inner, "two characters named ", 21)) {
		/* The second entry of that name, not line 1. */
		const char *dup = inner + 21, *at = keyed_at(text, "name", dup, 2);

		errbuf_set(err, errlen, "%s:%d: %s, expected a different name for each character", name,
			   line_at(text, at ? at : name_value(text, dup)), inner);
	} else if (!norm)
		place(text, name, inner, err, errlen);
	rc = norm ? scenario_file(text, name, j, err, errlen) : -1;
	json_decref(norm);
	json_decref(st);
	json_decref(j);
	return rc;
}

int it_check_sheet(const char *text, const char *name, char *err, size_t errlen)
{
	json_t *j = load_json(text, name, err, errlen), *c;
	char inner[300];
	int rc;

	if (!j)
		return -1;
	c = json_deep_copy(j);
	def(c, "zone", json_string("-"));
	rc = character(c, inner, sizeof(inner));
	if (rc < 0)
		place(text, name, inner, err, errlen);
	json_decref(c);
	json_decref(j);
	return rc;
}
