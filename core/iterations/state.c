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

/* The scenario's defaults and shape (R2, R17); 0, or -1 with why. */
static int scenario(json_t *s, char *err, size_t errlen)
{
	json_t *z, *b;
	size_t i;

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
		if (t && strcmp(t, "open") && strcmp(t, "blocked") && strcmp(t, "door")) {
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

int it_check_scenario(const char *text, const char *name, char *err, size_t errlen)
{
	json_t *j = load_json(text, name, err, errlen), *st = NULL, *norm;
	char inner[300];

	if (!j)
		return -1;
	st = json_pack("{s:s,s:o,s:o}", "game", "iterations", "scenario", json_deep_copy(j), "characters",
		       json_is_array(json_object_get(j, "characters")) ? json_deep_copy(json_object_get(j, "characters"))
								       : json_array());
	json_object_del(json_object_get(st, "scenario"), "characters");
	norm = it_normalize(st, inner, sizeof(inner));
	if (!norm)
		place(text, name, inner, err, errlen);
	json_decref(norm);
	json_decref(st);
	json_decref(j);
	return norm ? 0 : -1;
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
