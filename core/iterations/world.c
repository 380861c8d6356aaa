/*
 * What a step reads of the world: the characters and their engagements,
 * the map (R2: zones, borders, range, line of sight) and the weapons'
 * columns (R3.2).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/play.h"
#include "lib/errbuf.h"

void it_list_remove(json_t *list, const char *name)
{
	size_t i;

	for (i = json_array_size(list); i-- > 0;)
		if (!strcmp(json_string_value(json_array_get(list, i)), name))
			json_array_remove(list, i);
}

void it_disengage_all(struct it *it, json_t *c)
{
	size_t i;

	for (i = 0; i < ncharacters(it); i++)
		it_list_remove(json_object_get(chr(it, i), "engaged"), nm(c));
	json_array_clear(json_object_get(c, "engaged"));
}

void it_engage(json_t *a, json_t *b)
{
	if (!engaged_with(a, b))
		json_array_append_new(json_object_get(a, "engaged"), json_string(nm(b)));
	if (!engaged_with(b, a))
		json_array_append_new(json_object_get(b, "engaged"), json_string(nm(a)));
}

/* Engaged with an active opponent (R0: active enemy, not grappled). */
int it_engaged_active(const struct it *it, const json_t *c)
{
	json_t *v;
	size_t i;

	json_array_foreach(json_object_get(c, "engaged"), i, v) {
		json_t *o = by_name(it, json_string_value(v));

		if (active(o) && enemies(o, c) && json_is_null(json_object_get(o, "grappled_by")))
			return 1;
	}
	return 0;
}

/* ---------- the map (R2) ---------- */

json_t *it_zone(const struct it *it, const char *id)
{
	json_t *z;
	size_t i;

	json_array_foreach(json_object_get(it->scen, "zones"), i, z)
		if (!strcmp(gs(z, "id"), id))
			return z;
	return NULL;
}

int it_has_feature(const struct it *it, const char *id, const char *f)
{
	json_t *z = it_zone(it, id), *v;
	size_t i;

	json_array_foreach(json_object_get(z, "features"), i, v)
		if (!strcmp(json_string_value(v), f))
			return 1;
	return 0;
}

json_t *it_border(const struct it *it, const char *a, const char *b)
{
	json_t *br;
	size_t i;

	json_array_foreach(json_object_get(it->scen, "borders"), i, br) {
		const char *x = json_string_value(json_array_get(json_object_get(br, "zones"), 0));
		const char *y = json_string_value(json_array_get(json_object_get(br, "zones"), 1));

		if (x && y && ((!strcmp(x, a) && !strcmp(y, b)) || (!strcmp(x, b) && !strcmp(y, a))))
			return br;
	}
	return NULL;
}

int it_passable(const json_t *br)
{
	return br && (!strcmp(gs(br, "type"), "open") ||
		      (!strcmp(gs(br, "type"), "door") && !strcmp(gs(br, "door"), "open")));
}

/* Borders on the shortest chain from a to b (any type; passable_only for moving); -1: none. */
int it_distance(const struct it *it, const char *a, const char *b, int passable_only, char *first,
		size_t flen)
{
	json_t *zs = json_object_get(it->scen, "zones"), *br;
	size_t n = json_array_size(zs), i, j;
	int dist[64], from[64], q[64], head = 0, tail = 0, s = -1, t = -1;
	const json_t *adj[64 * 64];	/* adj[u * n + v]: the first border between zones u and v */
	const char *ids[64];

	if (n > 64)
		n = 64;
	for (i = 0; i < n; i++) {
		dist[i] = -1;
		from[i] = -1;
		ids[i] = gs(json_array_get(zs, i), "id");
		if (!strcmp(ids[i], a))
			s = (int)i;
		if (!strcmp(ids[i], b))
			t = (int)i;
	}
	if (s < 0 || t < 0)
		return -1;
	/* The borders read once into a table (as it_border() finds them: the first of a pair wins). */
	for (i = 0; i < n * n; i++)
		adj[i] = NULL;
	json_array_foreach(json_object_get(it->scen, "borders"), j, br) {
		const char *x = json_string_value(json_array_get(json_object_get(br, "zones"), 0));
		const char *y = json_string_value(json_array_get(json_object_get(br, "zones"), 1));
		size_t u, v;

		if (!x || !y)
			continue;
		for (u = 0; u < n; u++)
			for (v = 0; v < n; v++)
				if ((!strcmp(ids[u], x) && !strcmp(ids[v], y)) ||
				    (!strcmp(ids[u], y) && !strcmp(ids[v], x)))
					if (!adj[u * n + v])
						adj[u * n + v] = br;
	}
	dist[s] = 0;
	q[tail++] = s;
	while (head < tail) {
		int u = q[head++];

		for (j = 0; j < n; j++) {
			const json_t *e = adj[(size_t)u * n + j];

			if (dist[j] >= 0)
				continue;
			if (!e || (passable_only && !it_passable(e)))
				continue;
			dist[j] = dist[u] + 1;
			from[j] = u;
			q[tail++] = (int)j;
		}
	}
	if (first && dist[t] > 0) {
		int v = t;

		while (from[v] != s)
			v = from[v];
		snprintf(first, flen, "%s", gs(json_array_get(zs, (size_t)v), "id"));
	}
	return dist[t];
}

const char it_range_letter[] = "ESMLX";

int it_range_between(const struct it *it, const json_t *a, const json_t *b)
{
	const char *za = gs(a, "zone"), *zb = gs(b, "zone");
	char key[160];
	const char *r;
	int d;

	if (!strcmp(za, zb))
		return engaged_with(a, b) ? R_E : R_S;
	snprintf(key, sizeof(key), "%s|%s", za, zb);
	r = json_string_value(json_object_get(json_object_get(it->scen, "ranges"), key));
	if (!r) {
		snprintf(key, sizeof(key), "%s|%s", zb, za);
		r = json_string_value(json_object_get(json_object_get(it->scen, "ranges"), key));
	}
	if (r && strchr(it_range_letter, r[0]))
		return (int)(strchr(it_range_letter, r[0]) - it_range_letter);
	d = it_distance(it, za, zb, 0, NULL, 0);
	return d < 0 ? R_X + 1 : d == 1 ? R_M : d <= 4 ? R_L : R_X;
}

int it_line_of_sight(const struct it *it, const char *a, const char *b)
{
	json_t *sl;
	size_t i;

	if (!strcmp(a, b))
		return 1;
	if (it_border(it, a, b))
		return it_passable(it_border(it, a, b));
	json_array_foreach(json_object_get(it->scen, "sightlines"), i, sl) {
		long ia = -1, ib = -1, k;
		json_t *z;
		size_t j;

		json_array_foreach(sl, j, z) {
			if (!strcmp(json_string_value(z), a))
				ia = (long)j;
			if (!strcmp(json_string_value(z), b))
				ib = (long)j;
		}
		if (ia < 0 || ib < 0)
			continue;
		if (ia > ib) {
			k = ia;
			ia = ib;
			ib = k;
		}
		for (k = ia; k < ib; k++) {
			const char *x = json_string_value(json_array_get(sl, (size_t)k));
			const char *y = json_string_value(json_array_get(sl, (size_t)k + 1));

			if (!it_passable(it_border(it, x, y)) || (k > ia && it_has_feature(it, x, "DIMLY_LIT")))
				break;
		}
		if (k == ib)
			return 1;
	}
	return 0;
}

/* ---------- weapons (R3.2) ---------- */

static const struct wstat wtable[] = {
	{ "Unarmed", 0, 0, 1, R_E, "melee", NULL, 0 },
	{ "Blunt", 0, 1, 1, R_E, "melee", NULL, 0 },
	{ "Knife", 0, 1, 2, R_E, "melee", NULL, 0 },
	{ "Club", 0, 2, 1, R_E, "melee", NULL, 0 },
	{ "Sword", 0, 2, 2, R_E, "melee", NULL, 0 },
	{ "Battleaxe", 1, 2, 3, R_E, "melee", NULL, 0 },
	{ "Spear", 0, 1, 2, R_S, "thrown", NULL, 0 },
	{ "Rock", 0, 1, 1, R_M, "thrown", NULL, 0 },
	{ "Sling", 0, 1, 1, R_M, "single", "stones", 1 },
	{ "Bow", 1, 1, 1, R_L, "single", "arrows", 1 },
	{ "Pistol", 0, 2, 2, R_M, "firearm", "bullets", 6 },
	{ "Rifle", 1, 2, 2, R_L, "firearm", "bullets", 5 },
	{ NULL, 0, 0, 0, 0, NULL, NULL, 0 }
};

static const struct wstat *wtype(const char *type)
{
	int i;

	for (i = 0; wtable[i].type; i++)
		if (!strcasecmp(wtable[i].type, type))
			return &wtable[i];
	return NULL;
}

int it_weapon_type_known(const char *type);
int it_weapon_type_known(const char *type)
{
	return wtype(type) != NULL;
}

/* A weapon's columns with the scenario's overrides. */
struct wstat it_weapon_of(const json_t *w)
{
	const struct wstat *t = wtype(w ? gs(w, "type") : "Unarmed");
	struct wstat s = t ? *t : wtable[0];
	const char *r = gs(w, "range");

	if (json_is_integer(json_object_get(w, "bonus")))
		s.bonus = (int)gi(w, "bonus");
	if (json_is_integer(json_object_get(w, "damage")))
		s.damage = (int)gi(w, "damage");
	if (*r && strchr(it_range_letter, r[0]))
		s.range = (int)(strchr(it_range_letter, r[0]) - it_range_letter);
	if (*gs(w, "family"))
		s.family = gs(w, "family");
	if (json_is_integer(json_object_get(w, "mag")))
		s.mag = (int)gi(w, "mag");
	if (*gs(w, "ammo"))
		s.ammo = gs(w, "ammo");
	return s;
}

json_t *it_weapon_named(const json_t *c, const char *name)
{
	json_t *w;
	size_t i;

	json_array_foreach(json_object_get(c, "weapons"), i, w)
		if (name && !strcasecmp(gs(w, "name"), name))
			return w;
	return NULL;
}

json_t *it_drawn(const json_t *c)
{
	return it_weapon_named(c, json_string_value(json_object_get(c, "drawn")));
}

int it_is_close_weapon(const json_t *w)
{
	struct wstat s = it_weapon_of(w);

	return w && (!strcmp(s.family, "melee") || !strcmp(s.family, "thrown")) && s.bonus > 0;
}

int it_is_gun(const json_t *w)
{
	struct wstat s = it_weapon_of(w);

	return w && (!strcmp(s.family, "firearm") || !strcmp(s.family, "single")) && s.bonus > 0;
}

int it_can_see(const json_t *state, const json_t *viewer, const json_t *target)
{
	struct it it;

	/* Only the map is read: no need to clear the whole struct (bots ask often). */
	it.st = (json_t *)state;
	it.chars = json_object_get(state, "characters");
	it.scen = json_object_get(state, "scenario");
	/* An enemy the Operator marks unseen is unseen even close by, unless it is engaged with the viewer. */
	if (json_is_true(json_object_get(target, "hidden")) && enemies(viewer, target) &&
	    !engaged_with(viewer, target) && !engaged_with(target, viewer))
		return 0;
	if (!strcmp(gs(viewer, "zone"), gs(target, "zone")))
		return 1;
	if (it_has_feature(&it, gs(target, "zone"), "DIMLY_LIT"))
		return 0;
	return it_line_of_sight(&it, gs(viewer, "zone"), gs(target, "zone"));
}

/* The range band between a and b in state (R2.3): a letter of E S M L X, or '-' beyond. */
char it_range_band(const json_t *state, const json_t *a, const json_t *b)
{
	struct it it;
	int r;

	/* Only the map is read, as for it_can_see. */
	it.st = (json_t *)state;
	it.chars = json_object_get(state, "characters");
	it.scen = json_object_get(state, "scenario");
	r = it_range_between(&it, a, b);
	return r >= R_E && r <= R_X ? it_range_letter[r] : '-';
}

/* What a weapon holds, for a report: "6/6 loaded", "readied", "not readied", or "" (R9.6). */
void it_weapon_state(const json_t *w, char *buf, size_t len)
{
	struct wstat s = it_weapon_of(w);
	json_t *l = json_object_get(w, "loaded");

	buf[0] = '\0';
	if (!strcmp(s.family, "single"))
		snprintf(buf, len, "%s", json_integer_value(l) > 0 ? "readied" : "not readied");
	else if (!strcmp(s.family, "firearm"))
		snprintf(buf, len, "%ld/%d loaded", json_is_integer(l) ? (long)json_integer_value(l) : (long)s.mag,
			 s.mag);
}
