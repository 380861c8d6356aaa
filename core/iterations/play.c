/*
 * The resolver (R1-R14, R16, R18): the setup step and a round, played on
 * the state's JSON. Every die is drawn through the draw source as the
 * rulings' tagged line ("melee Neo", "push Neo", "armor Smith", "crit
 * Smith", "init Neo") and told in the story with its faces.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/iterations.h"
#include "lib/errbuf.h"

#define MAXC 32
#define MAXD 40

int it_act_is_slow(const char *act);

struct budget {
	int used, slow, blocks, helped, acted;
};

struct it {
	json_t *st, *chars, *scen;
	json_t *story, *events, *rolls;
	json_t *plans;			/* {NAME: plan} */
	struct draw_source *draws;
	struct budget b[MAXC];
	json_t *pending;		/* push costs owed, in order */
	char err[512];
	int failed;
	int round;
	json_t *help_for;		/* the character whose action may be helped */
	int help_slow;			/* the kind of that action */
	int acted[MAXC];		/* took its turn this round */
	int last_hit;			/* the last shot hit */
	int throwing;			/* the shot is a throw (Mobility) */
	char helptext[200];
	json_t *log;			/* every story line, for the state's log */
	json_t *subject;		/* whose doing the lines tell (NULL: everyone sees them) */
	int quiet;			/* no story (bot games): say() tells nothing */
	const json_t *told_to;		/* when set, the seats every line goes to (a push's costs) */
};

int it_can_see(const json_t *state, const json_t *viewer, const json_t *target);

/* ---------- small JSON helpers ---------- */

static long gi(const json_t *o, const char *k)
{
	return (long)json_integer_value(json_object_get(o, k));
}

static void si(json_t *o, const char *k, long v)
{
	json_object_set_new(o, k, json_integer(v));
}

static const char *gs(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));

	return s ? s : "";
}

static const char *nm(const json_t *c)
{
	return gs(c, "name");
}

static int in_list(const json_t *list, const char *name);

/* Whether a player seat sees target: it commands target, an ally of it, or one that sees it. */
static int seat_sees(struct it *it, const char *seat, const json_t *target)
{
	json_t *c;
	size_t i;

	json_array_foreach(it->chars, i, c) {
		const char *ctl = json_string_value(json_object_get(c, "controller"));

		if (ctl && !strcmp(ctl, seat) && (c == target || !strcmp(gs(c, "side"), gs(target, "side")) ||
						   it_can_see(it->st, c, target)))
			return 1;
	}
	return 0;
}

/* Whether text names c: its name as a whole word ("Neo", not "Neon"). */
static int names_character(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p = text;

	if (!n)
		return 0;
	while ((p = strstr(p, name))) {
		int before = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
		int after = !(isalnum((unsigned char)p[n]) || p[n] == '_');

		if (before && after)
			return 1;
		p += n;
	}
	return 0;
}

/* Whether the line text may go to seat: it sees every character the line names. */
static int seat_sees_named(struct it *it, const char *seat, const char *text)
{
	json_t *c;
	size_t i;

	json_array_foreach(it->chars, i, c)
		if (names_character(text, nm(c)) && !seat_sees(it, seat, c))
			return 0;
	return 1;
}

/*
 * The seats a line goes to: NULL when every player seat may read it (the
 * line is public), else those that may and the Operator (R2.5: hidden
 * characters and dimly lit zones stay hidden). A seat reads a line about
 * subject's doing when it sees subject and every character the line
 * names: a shot at an unseen enemy is not told to the seats that do not
 * see that enemy, but for the shooter's own, which named it in its plan.
 */
static json_t *seats_seeing(struct it *it, const json_t *subject, const char *text)
{
	json_t *c, *seats = json_array();
	size_t i;
	int all = 1;

	json_array_foreach(it->chars, i, c) {
		const char *ctl = json_string_value(json_object_get(c, "controller"));
		const char *own = subject ? json_string_value(json_object_get(subject, "controller")) : NULL;

		if (!ctl || !strcmp(ctl, IT_OPERATOR) || in_list(seats, ctl))
			continue;
		if ((!subject || seat_sees(it, ctl, subject)) &&
		    ((own && !strcmp(own, ctl)) || seat_sees_named(it, ctl, text)))
			json_array_append_new(seats, json_string(ctl));
		else
			all = 0;
	}
	if (all) {
		json_decref(seats);
		return NULL;
	}
	json_array_append_new(seats, json_string(IT_OPERATOR));
	return seats;
}

#define STORY_WIDTH 78	/* a report's story reads at 80 columns (issue 17) */
#define STORY_INDENT "    "

/*
 * text broken at blanks into lines of at most STORY_WIDTH, the later ones
 * indented; a word longer than a line (a long SAY) is cut, not let run.
 */
static void wrap(const char *text, char *out, size_t len)
{
	size_t col = 0, at = 0;
	const char *p = text;

	out[0] = '\0';
	while (*p && at + 8 < len) {
		size_t word = strcspn(p, " ");

		if (col && col + 1 + word > STORY_WIDTH && col > strlen(STORY_INDENT)) {
			at += (size_t)snprintf(out + at, len - at, "\n%s", STORY_INDENT);
			col = strlen(STORY_INDENT);
		} else if (col) {
			out[at++] = ' ';
			col++;
		}
		if (word > STORY_WIDTH - col) {
			/* The rest on the next line; never inside a UTF-8 character. */
			word = STORY_WIDTH - col;
			while (word > 1 && ((unsigned char)p[word] & 0xC0) == 0x80)
				word--;
		}
		if (at + word + 1 >= len)
			word = len - at - 1;
		memcpy(out + at, p, word);
		at += word;
		out[at] = '\0';
		col += word;
		p += word;
		while (*p == ' ')
			p++;
	}
}

/*
 * One story line, to the seats of to (taken over; NULL: public): as it is
 * in the log and the events, wrapped for 80 columns in the story.
 */
static void tell(struct it *it, json_t *to, const char *text)
{
	char wrapped[1400];

	json_array_append_new(it->log, json_string(text));
	wrap(text, wrapped, sizeof(wrapped));
	if (to) {
		json_array_append_new(it->story, json_pack("{s:s,s:O}", "text", wrapped, "to", to));
		json_array_append_new(it->events, json_pack("{s:s,s:s,s:o}", "type", "line", "text", text, "to", to));
	} else {
		json_array_append_new(it->story, json_string(wrapped));
		json_array_append_new(it->events, json_pack("{s:s,s:s}", "type", "line", "text", text));
	}
}

static void vsay(struct it *it, json_t *subject, const char *fmt, va_list ap)
{
	char buf[1024];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	tell(it, it->told_to ? json_deep_copy(it->told_to) : seats_seeing(it, subject, buf), buf);
}

/* A story line about it->subject's doing, told to the seats that see it. */
static void say(struct it *it, const char *fmt, ...)
{
	va_list ap;

	if (it->quiet)
		return;
	va_start(ap, fmt);
	vsay(it, it->subject, fmt, ap);
	va_end(ap);
}

/*
 * What befalls c (its damage, armour, conditions, injuries, death), told to
 * the seats that see c, whoever's doing it is: a player learns that its
 * character is hit by an attacker it cannot see.
 */
static void say_about(struct it *it, json_t *c, const char *fmt, ...)
{
	va_list ap;

	if (it->quiet)
		return;
	va_start(ap, fmt);
	vsay(it, c, fmt, ap);
	va_end(ap);
}

/* A story line to the seats of to (NULL: public), as an earlier line went. */
static void say_to(struct it *it, const json_t *to, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	if (it->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	tell(it, to ? json_deep_copy(to) : NULL, buf);
}

static size_t ncharacters(const struct it *it)
{
	return json_array_size(it->chars);
}

static json_t *chr(const struct it *it, size_t i)
{
	return json_array_get(it->chars, i);
}

static int idx(const struct it *it, const json_t *c)
{
	size_t i;

	for (i = 0; i < ncharacters(it); i++)
		if (chr(it, i) == c)
			return (int)i;
	return 0;
}

static json_t *by_name(const struct it *it, const char *name)
{
	return it_char(it->st, name);
}

static int is_status(const json_t *c, const char *s)
{
	return !strcmp(gs(c, "status"), s);
}

static int active(const json_t *c)
{
	return c && is_status(c, "active");
}

static int enemies(const json_t *a, const json_t *b)
{
	return strcmp(gs(a, "side"), gs(b, "side")) != 0;
}

static int in_list(const json_t *list, const char *name)
{
	json_t *v;
	size_t i;

	json_array_foreach(list, i, v)
		if (!strcmp(json_string_value(v), name))
			return 1;
	return 0;
}

static void list_remove(json_t *list, const char *name)
{
	size_t i;

	for (i = json_array_size(list); i-- > 0;)
		if (!strcmp(json_string_value(json_array_get(list, i)), name))
			json_array_remove(list, i);
}

static int engaged_with(const json_t *a, const json_t *b)
{
	return in_list(json_object_get(a, "engaged"), nm(b));
}

static void disengage_all(struct it *it, json_t *c)
{
	size_t i;

	for (i = 0; i < ncharacters(it); i++)
		list_remove(json_object_get(chr(it, i), "engaged"), nm(c));
	json_array_clear(json_object_get(c, "engaged"));
}

static void engage(json_t *a, json_t *b)
{
	if (!engaged_with(a, b))
		json_array_append_new(json_object_get(a, "engaged"), json_string(nm(b)));
	if (!engaged_with(b, a))
		json_array_append_new(json_object_get(b, "engaged"), json_string(nm(a)));
}

/* Engaged with an active opponent (R0: active enemy, not grappled). */
static int engaged_active(const struct it *it, const json_t *c)
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

static json_t *zone(const struct it *it, const char *id)
{
	json_t *z;
	size_t i;

	json_array_foreach(json_object_get(it->scen, "zones"), i, z)
		if (!strcmp(gs(z, "id"), id))
			return z;
	return NULL;
}

static int has_feature(const struct it *it, const char *id, const char *f)
{
	json_t *z = zone(it, id), *v;
	size_t i;

	json_array_foreach(json_object_get(z, "features"), i, v)
		if (!strcmp(json_string_value(v), f))
			return 1;
	return 0;
}

static json_t *border(const struct it *it, const char *a, const char *b)
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

static int passable(const json_t *br)
{
	return br && (!strcmp(gs(br, "type"), "open") ||
		      (!strcmp(gs(br, "type"), "door") && !strcmp(gs(br, "door"), "open")));
}

/* Borders on the shortest chain from a to b (any type; passable_only for moving); -1: none. */
static int distance(const struct it *it, const char *a, const char *b, int passable_only, char *first,
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
	/* The borders read once into a table (as border() finds them: the first of a pair wins). */
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
			if (!e || (passable_only && !passable(e)))
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

enum { R_E, R_S, R_M, R_L, R_X };
static const char range_letter[] = "ESMLX";

static int range_between(const struct it *it, const json_t *a, const json_t *b)
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
	if (r && strchr(range_letter, r[0]))
		return (int)(strchr(range_letter, r[0]) - range_letter);
	d = distance(it, za, zb, 0, NULL, 0);
	return d < 0 ? R_X + 1 : d == 1 ? R_M : d <= 4 ? R_L : R_X;
}

static int line_of_sight(const struct it *it, const char *a, const char *b)
{
	json_t *sl;
	size_t i;

	if (!strcmp(a, b))
		return 1;
	if (border(it, a, b))
		return passable(border(it, a, b));
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

			if (!passable(border(it, x, y)) || (k > ia && has_feature(it, x, "DIMLY_LIT")))
				break;
		}
		if (k == ib)
			return 1;
	}
	return 0;
}

/* ---------- weapons (R3.2) ---------- */

struct wstat {
	const char *type;
	int two_handed, bonus, damage, range;
	const char *family, *ammo;
	int mag;
};

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
static struct wstat weapon_of(const json_t *w)
{
	const struct wstat *t = wtype(w ? gs(w, "type") : "Unarmed");
	struct wstat s = t ? *t : wtable[0];
	const char *r = gs(w, "range");

	if (json_is_integer(json_object_get(w, "bonus")))
		s.bonus = (int)gi(w, "bonus");
	if (json_is_integer(json_object_get(w, "damage")))
		s.damage = (int)gi(w, "damage");
	if (*r && strchr(range_letter, r[0]))
		s.range = (int)(strchr(range_letter, r[0]) - range_letter);
	if (*gs(w, "family"))
		s.family = gs(w, "family");
	if (json_is_integer(json_object_get(w, "mag")))
		s.mag = (int)gi(w, "mag");
	if (*gs(w, "ammo"))
		s.ammo = gs(w, "ammo");
	return s;
}

static json_t *weapon_named(const json_t *c, const char *name)
{
	json_t *w;
	size_t i;

	json_array_foreach(json_object_get(c, "weapons"), i, w)
		if (name && !strcasecmp(gs(w, "name"), name))
			return w;
	return NULL;
}

static json_t *drawn(const json_t *c)
{
	return weapon_named(c, json_string_value(json_object_get(c, "drawn")));
}

static int is_close_weapon(const json_t *w)
{
	struct wstat s = weapon_of(w);

	return w && (!strcmp(s.family, "melee") || !strcmp(s.family, "thrown")) && s.bonus > 0;
}

static int is_gun(const json_t *w)
{
	struct wstat s = weapon_of(w);

	return w && (!strcmp(s.family, "firearm") || !strcmp(s.family, "single")) && s.bonus > 0;
}

/* ---------- dice (R1, R16) ---------- */

static const struct {
	const char *skill, *attr, *title;
	int mental;
} skills[] = {
	{ "melee", "strength", "Melee", 0 }, { "stamina", "strength", "Stamina", 0 },
	{ "marksmanship", "agility", "Marksmanship", 0 }, { "mobility", "agility", "Mobility", 0 },
	{ "stealth", "agility", "Stealth", 0 }, { "observation", "wits", "Observation", 1 },
	{ "insight", "empathy", "Insight", 1 }, { "healing", "empathy", "Healing", 1 },
	{ NULL, NULL, NULL, 0 }
};

struct roll {
	int nb, ns, ng, n;
	int f[MAXD];
	int succ, pushed, mental;
	char who[64], weapon[64];
};

static int draw_faces(struct it *it, const char *kind, const char *who, int n, int *faces)
{
	char label[160];

	if (it->failed)
		return -1;
	snprintf(label, sizeof(label), "%s %s", kind, who);
	if (n > MAXD)
		n = MAXD;
	if (draw_dice(it->draws, "open", label, 6, n, faces, it->err, sizeof(it->err)) < 0) {
		it->failed = 1;
		return -1;
	}
	if (n)
		json_array_append_new(it->rolls, json_string(label));
	return 0;
}

static void faces_text(const int *f, int n, char *buf, size_t len)
{
	size_t at = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < n && at + 4 < len; k++)
		at += (size_t)snprintf(buf + at, len - at, "%s%d", k ? " " : "", f[k]);
}

static int successes(const struct roll *r)
{
	int k, s = 0;

	for (k = 0; k < r->n; k++)
		s += r->f[k] == 6;
	return s;
}

static int injury_mod(const json_t *c, const char *key)
{
	json_t *inj;
	size_t i;
	int m = 0;

	json_array_foreach(json_object_get(c, "injuries"), i, inj)
		m += (int)gi(json_object_get(inj, "mods"), key);
	return m;
}

static int cmp_op(long a, const char *op, long b)
{
	if (!strcmp(op, "<"))
		return a < b;
	if (!strcmp(op, "<="))
		return a <= b;
	if (!strcmp(op, ">"))
		return a > b;
	if (!strcmp(op, ">="))
		return a >= b;
	return a == b;
}

static int wants_push(struct it *it, const json_t *c, const char *kind, const struct roll *r)
{
	json_t *plan = json_object_get(it->plans, nm(c));
	json_t *p = json_object_get(plan, "push"), *k, *cond;
	size_t i;
	int kind_ok = 0;

	if (!json_is_object(p))
		return 0;
	json_array_foreach(json_object_get(p, "kinds"), i, k)
		kind_ok |= !strcmp(json_string_value(k), kind);
	if (json_array_size(json_object_get(p, "kinds")) && !kind_ok)
		return 0;
	json_array_foreach(json_object_get(p, "conds"), i, cond) {
		const char *what = gs(cond, "c");
		long v;

		if (!strcmp(what, "FAILED")) {
			if (r->succ)
				return 0;
			continue;
		}
		v = !strcmp(what, "SUCCESSES") ? r->succ
			: !strcmp(what, "HEALTH") ? gi(json_object_get(c, "health"), "value")
			: !strcmp(what, "RESOLVE") ? gi(json_object_get(c, "resolve"), "value")
			: gi(json_object_get(c, "conditions"), r->mental ? "mental" : "physical");
		if (!cmp_op(v, gs(cond, "op"), gi(cond, "n")))
			return 0;
	}
	return 1;
}

static int can_spend(const struct it *it, const json_t *c, int slow);
static void spend(struct it *it, const json_t *c, int slow);
static void lose_position(json_t *c);

/* Helpers of c's action (R5.5): at most three, in state order, each spending an action. */
static int help_bonus(struct it *it, json_t *c)
{
	size_t i;
	int n = 0;

	for (i = 0; i < ncharacters(it) && n < 3; i++) {
		json_t *h = chr(it, i), *plan = json_object_get(it->plans, nm(h));

		if (h == c || strcmp(gs(plan, "help"), nm(c)) || !active(h) || enemies(h, c) ||
		    json_array_size(json_object_get(h, "unaware_of")) || strcmp(gs(h, "zone"), gs(c, "zone")) ||
		    json_is_string(json_object_get(h, "grappling")) || json_is_string(json_object_get(h, "grappled_by")) ||
		    it->b[i].helped || !can_spend(it, h, it->help_slow))
			continue;
		it->b[i].helped = 1;
		spend(it, h, it->help_slow);
		lose_position(h);
		say(it, "%s helps %s", nm(h), nm(c));
		n++;
	}
	return n;
}

/*
 * A skill roll (R1): pool, modifiers, the roll, a push when the policy
 * says so. what: "(Pistol at Smith)"; mods: "; range M -1". pushkind NULL:
 * not pushable. 0, or -1 when the step fails (dice).
 */
static int skill_roll(struct it *it, json_t *c, const char *skill, int gear, int mod,
		      const char *what, const char *modtext, const char *pushkind, const char *weapon,
		      struct roll *r)
{
	int s, base, sk, total, k;
	char faces[200], mods[200];
	const char *attr;
	const json_t *roll_to;	/* the seats of the roll line (NULL: public) */

	for (s = 0; skills[s].skill && strcmp(skills[s].skill, skill); s++)
		;
	if (!skills[s].skill)
		s = 0;
	attr = skills[s].attr;
	if (it->help_for == c) {
		int helpers = help_bonus(it, c);

		it->help_for = NULL;
		if (helpers) {
			char more[200];

			mod += helpers;
			snprintf(more, sizeof(more), "%s; help +%d", modtext ? modtext : "", helpers);
			snprintf(it->helptext, sizeof(it->helptext), "%s", more);
			modtext = it->helptext;
		}
	}
	memset(r, 0, sizeof(*r));
	snprintf(r->who, sizeof(r->who), "%s", nm(c));
	snprintf(r->weapon, sizeof(r->weapon), "%s", weapon ? weapon : "");
	r->mental = skills[s].mental;
	base = (int)gi(json_object_get(c, "attributes"), attr);
	sk = (int)gi(json_object_get(c, "skills"), skill);
	total = mod - (int)gi(json_object_get(c, "conditions"), r->mental ? "mental" : "physical") +
		injury_mod(c, attr) + injury_mod(c, skill);
	snprintf(mods, sizeof(mods), "%s", modtext ? modtext : "");
	{
		int cond = (int)gi(json_object_get(c, "conditions"), r->mental ? "mental" : "physical");
		int inj = injury_mod(c, attr) + injury_mod(c, skill);
		size_t l = strlen(mods);

		if (cond)
			l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; conditions -%d", cond);
		if (inj && l < sizeof(mods))
			snprintf(mods + l, sizeof(mods) - l, "; injuries %+d", inj);
	}
	if (total > 0)
		sk += total;
	else {
		int cut = -total, t;

		t = cut < sk ? cut : sk;
		sk -= t;
		cut -= t;
		t = cut < gear ? cut : gear;
		gear -= t;
		cut -= t;
		base -= cut < base ? cut : base;
	}
	r->nb = base;
	r->ns = sk;
	r->ng = gear;
	r->n = base + sk + gear;
	if (r->n > MAXD)
		r->n = MAXD;
	if (!r->n) {
		say(it, "%s has no dice left for %s %s (0 base, 0 skill, 0 gear%s): fails", nm(c),
		    skills[s].title, what, mods);
		return 0;
	}
	if (draw_faces(it, skill, nm(c), r->n, r->f) < 0)
		return -1;
	r->succ = successes(r);
	faces_text(r->f, r->n, faces, sizeof(faces));
	say(it, "%s rolls %s %s (%d base, %d skill, %d gear%s): %s -> %d success%s", nm(c),
	    skills[s].title, what, r->nb, r->ns, r->ng, mods, faces, r->succ, r->succ == 1 ? "" : "es");
	/* The push lines go where the roll line went: they tell of a shot an ally may not see. */
	roll_to = it->quiet ? NULL : json_object_get(json_array_get(it->events, json_array_size(it->events) - 1), "to");
	if (pushkind && wants_push(it, c, pushkind, r)) {
		int which[MAXD], m = 0, nf[MAXD];

		for (k = 0; k < r->n; k++) {
			int bane = r->f[k] == 1 && (k < r->nb || k >= r->nb + r->ns);

			if (r->f[k] != 6 && !bane)
				which[m++] = k;
		}
		if (!m) {
			say_to(it, roll_to, "%s cannot push: no die to re-roll", nm(c));
			return 0;
		}
		if (draw_faces(it, "push", nm(c), m, nf) < 0)
			return -1;
		for (k = 0; k < m; k++)
			r->f[which[k]] = nf[k];
		r->pushed = 1;
		r->succ = successes(r);
		faces_text(nf, m, mods, sizeof(mods));
		faces_text(r->f, r->n, faces, sizeof(faces));
		say_to(it, roll_to, "%s pushes the roll: re-rolls %d %s: %s -> %s -> %d success%s", nm(c), m,
		    m == 1 ? "die" : "dice", mods, faces, r->succ, r->succ == 1 ? "" : "es");
		{
			int bb = 0, gb = 0;

			for (k = 0; k < r->nb; k++)
				bb += r->f[k] == 1;
			for (k = r->nb + r->ns; k < r->n; k++)
				gb += r->f[k] == 1;
			json_t *owed = json_pack("{s:s,s:b,s:i,s:i,s:s}", "who", nm(c), "mental", r->mental,
						 "base", bb, "gear", gb, "weapon", r->weapon);

			if (owed && roll_to)
				json_object_set_new(owed, "to", json_deep_copy(roll_to));
			json_array_append_new(it->pending, owed);
		}
	}
	return 0;
}

/* ---------- harm (R10-R13) ---------- */

struct crit {
	int lo, hi;
	const char *name;
	const char *lethal;	/* "no", "yes", "dead" */
	const char *limit;
	const char *mods;	/* "melee:-1,no2h:1" */
};

static const struct crit physical[] = {
	{ 11, 11, "Winded", "no", NULL, "" }, { 12, 12, "Stunned", "no", NULL, "" },
	{ 13, 13, "Crippling Pain", "no", NULL, "" }, { 14, 14, "Split Brow", "no", NULL, "observation:-1" },
	{ 15, 15, "Jammed Fingers", "no", NULL, "marksmanship:-1" },
	{ 16, 16, "Twisted Ankle", "no", NULL, "mobility:-1" },
	{ 21, 21, "Bruised Ribs", "no", NULL, "stamina:-1" }, { 22, 22, "Numb Arm", "no", NULL, "melee:-1" },
	{ 23, 23, "Ringing Ears", "no", NULL, "observation:-2" },
	{ 24, 24, "Dislocated Shoulder", "no", NULL, "no2h:1" },
	{ 25, 25, "Torn Hamstring", "no", NULL, "slowmove:1" },
	{ 26, 26, "Cracked Collarbone", "no", NULL, "melee:-2,no2h:1" },
	{ 31, 31, "Broken Fingers", "no", NULL, "marksmanship:-2" },
	{ 32, 32, "Broken Nose", "no", NULL, "stamina:-1,observation:-1" },
	{ 33, 33, "Deep Arm Gash", "no", NULL, "melee:-1,marksmanship:-1" },
	{ 34, 34, "Shattered Kneecap", "no", NULL, "mobility:-2,slowmove:1" },
	{ 35, 35, "Concussion", "no", NULL, "wits:-1" },
	{ 36, 36, "Fractured Forearm", "no", NULL, "melee:-1,no2h:1" },
	{ 41, 41, "Punctured Lung", "yes", "shift", "stamina:-2" },
	{ 42, 42, "Torn Thigh Artery", "yes", "shift", "mobility:-2" },
	{ 43, 43, "Internal Bleeding", "yes", "shift", "strength:-1" },
	{ 44, 44, "Cracked Skull", "yes", "shift", "wits:-2" },
	{ 45, 45, "Ruptured Spleen", "yes", "stretch", "stamina:-1" },
	{ 46, 46, "Gut Wound", "yes", "stretch", "strength:-1" },
	{ 51, 51, "Shattered Hip", "yes", "stretch", "slowmove:1" },
	{ 52, 52, "Pierced Kidney", "yes", "stretch", "stamina:-2" },
	{ 53, 53, "Crushed Hand", "yes", "stretch", "melee:-2,marksmanship:-2" },
	{ 54, 54, "Broken Back", "yes", "stretch", "mobility:-3" },
	{ 55, 55, "Opened Neck Vein", "yes", "round", "" },
	{ 56, 56, "Sucking Chest Wound", "yes", "round", "stamina:-2" },
	{ 61, 61, "Severed Arm Artery", "yes", "round", "no2h:1" },
	{ 62, 62, "Skull Fracture", "yes", "round", "wits:-2" },
	{ 63, 63, "Cardiac Contusion", "yes", "round", "strength:-1" },
	{ 64, 64, "Massive Haemorrhage", "yes", "round", "" },
	{ 65, 65, "Crushed Windpipe", "dead", NULL, "" },
	{ 66, 66, "Self-Image Collapse", "dead", NULL, "" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static const struct crit mental[] = {
	{ 11, 16, "Tremor", "no", NULL, "agility:-1" }, { 21, 21, "White Hair", "no", NULL, "" },
	{ 22, 24, "Anxious", "no", NULL, "wits:-1" }, { 25, 31, "Sullen", "no", NULL, "empathy:-1" },
	{ 32, 35, "Nightmares", "no", NULL, "" }, { 36, 41, "Nocturnal", "no", NULL, "" },
	{ 42, 43, "Phobia", "no", NULL, "" }, { 44, 45, "Addiction", "no", NULL, "" },
	{ 46, 51, "Claustrophobia", "no", NULL, "" }, { 52, 54, "Paranoia", "no", NULL, "" },
	{ 55, 55, "Delusion", "no", NULL, "" }, { 56, 56, "Hallucinations", "no", NULL, "" },
	{ 61, 62, "Altered Personality", "no", NULL, "" }, { 63, 63, "Amnesia", "no", NULL, "" },
	{ 64, 65, "Catatonic", "no", NULL, "catatonic:1" },
	{ 66, 66, "Heart Attack", "yes", "round", "" },
	{ 0, 0, NULL, NULL, NULL, NULL }
};

static void lose_position(json_t *c)
{
	json_object_set_new(c, "overwatch", json_null());
	si(c, "aim", 0);
}

static void end_grapples(struct it *it, json_t *c)
{
	json_t *o;

	if ((o = by_name(it, json_string_value(json_object_get(c, "grappling")))))
		json_object_set_new(o, "grappled_by", json_null());
	if ((o = by_name(it, json_string_value(json_object_get(c, "grappled_by")))))
		json_object_set_new(o, "grappling", json_null());
	json_object_set_new(c, "grappling", json_null());
	json_object_set_new(c, "grappled_by", json_null());
}

static void make_dead(struct it *it, json_t *c)
{
	json_object_set_new(c, "status", json_string("dead"));
	disengage_all(it, c);
	end_grapples(it, c);
	lose_position(c);
	json_object_set_new(c, "cover", json_null());
	say_about(it, c, "%s is dead", nm(c));
}

static int critical(struct it *it, json_t *c, int is_mental)
{
	const struct crit *t = is_mental ? mental : physical;
	int f[2], roll, k;
	json_t *inj, *mods;
	char buf[80], *p, *save = NULL;

	if (draw_faces(it, "crit", nm(c), 2, f) < 0)
		return -1;
	roll = f[0] * 10 + f[1];
	for (k = 0; t[k].name && !(roll >= t[k].lo && roll <= t[k].hi); k++)
		;
	if (!t[k].name)
		k = 0;
	mods = json_object();
	snprintf(buf, sizeof(buf), "%s", t[k].mods);
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(p, ':');

		if (colon) {
			*colon = '\0';
			si(mods, p, atol(colon + 1));
		}
	}
	inj = json_pack("{s:s,s:i,s:s,s:o,s:o,s:o,s:i,s:b}", "table", is_mental ? "mental" : "physical",
			"roll", roll, "name", t[k].name,
			"lethal", !strcmp(t[k].lethal, "dead") ? json_string("dead")
				: json_boolean(!strcmp(t[k].lethal, "yes")),
			"limit", t[k].limit ? json_string(t[k].limit) : json_null(), "mods", mods,
			"since", (int)gi(it->st, "tick"), "heal_locked", 0);
	json_array_append_new(json_object_get(c, "injuries"), inj);
	say_about(it, c, "%s suffers a %s critical injury: crit %d %d -> %d %s%s%s%s", nm(c),
	    is_mental ? "mental" : "physical", f[0], f[1], roll, t[k].name,
	    !strcmp(t[k].lethal, "yes") ? ", lethal (" : !strcmp(t[k].lethal, "dead") ? ", deadly at once" : "",
	    !strcmp(t[k].lethal, "yes") ? t[k].limit : "", !strcmp(t[k].lethal, "yes") ? ")" : "");
	if (!strcmp(t[k].lethal, "dead"))
		make_dead(it, c);
	return 0;
}

/* Broken by cause (R11.1); crit: roll a critical injury. */
static int make_broken(struct it *it, json_t *c, const char *cause, int crit)
{
	json_object_set_new(c, "status", json_string("broken"));
	json_object_set_new(c, "broken_by", json_string(cause));
	json_object_set_new(c, "prone", json_true());
	json_object_set_new(c, "cover", json_null());
	lose_position(c);
	end_grapples(it, c);
	say_about(it, c, "%s is broken (%s)", nm(c), !strcmp(cause, "health") ? "Health 0" :
	    !strcmp(cause, "resolve") ? "Resolve 0" : !strcmp(cause, "physical") ?
	    "a fourth physical condition" : "a fourth mental condition");
	if (crit)
		return critical(it, c, !strcmp(cause, "resolve") || !strcmp(cause, "mental"));
	return 0;
}

static int add_condition(struct it *it, json_t *c, int is_mental, int crit)
{
	json_t *cond = json_object_get(c, "conditions");
	const char *k = is_mental ? "mental" : "physical";
	long v = gi(cond, k);

	if (v >= 4)
		return 0;
	si(cond, k, v + 1);
	say_about(it, c, "%s takes a %s condition (%ld)", nm(c), k, v + 1);
	if (v + 1 == 4 && active(c))
		return make_broken(it, c, k, crit);
	return 0;
}

/* Points on a track (R10.3, R11.3, R11.4); attack: from an attack (crit when broken). */
static int harm(struct it *it, json_t *c, int n, int is_mental, int attack)
{
	json_t *t = json_object_get(c, is_mental ? "resolve" : "health");
	long before = gi(t, "value"), after = before - n < 0 ? 0 : before - n;
	const char *by = gs(c, "broken_by");
	int was_broken = is_status(c, "broken");

	if (n <= 0 || is_status(c, "dead"))
		return 0;
	si(t, "value", after);
	say_about(it, c, "%s takes %d %s (%s %ld -> %ld)", nm(c), n, is_mental ? "stress" : "damage",
	    is_mental ? "Resolve" : "Health", before, after);
	if (!is_mental)
		lose_position(c);
	if (was_broken) {
		int same = is_mental ? (!strcmp(by, "resolve") || !strcmp(by, "mental"))
			: (!strcmp(by, "health") || !strcmp(by, "physical"));

		if (attack && (same || (before > 0 && after == 0)))
			return critical(it, c, is_mental);
		return 0;
	}
	if (after == 0 && active(c))
		return make_broken(it, c, is_mental ? "resolve" : "health", attack);
	return 0;
}

/* A protection layer (R10.2): returns what gets past it. */
static int protect(struct it *it, json_t *c, const char *kind, const char *title, json_t *layer,
		   int dmg)
{
	int rating = (int)gi(layer, "rating"), f[MAXD], k, stop = 0, banes = 0, left;
	char faces[200];

	if (rating <= 0 || dmg <= 0)
		return dmg;
	if (draw_faces(it, kind, nm(c), rating, f) < 0)
		return -1;
	for (k = 0; k < rating && k < MAXD; k++) {
		stop += f[k] == 6;
		banes += f[k] == 1;
	}
	left = dmg - stop < 0 ? 0 : dmg - stop;
	faces_text(f, rating, faces, sizeof(faces));
	say_about(it, c, "%s's %s (%d) rolls %s: %d stopped, %d left", nm(c), title, rating, faces,
	    dmg - left, left);
	if (left && banes) {
		si(layer, "rating", rating - banes < 0 ? 0 : rating - banes);
		say_about(it, c, "%s's %s loses %d (now %d)", nm(c), title, banes, rating - banes < 0 ? 0 : rating - banes);
	}
	return left;
}

static json_t *cover_item(const struct it *it, const json_t *c)
{
	const char *id = json_string_value(json_object_get(c, "cover"));
	json_t *item;
	size_t i;

	if (!id)
		return NULL;
	json_array_foreach(json_object_get(zone(it, gs(c, "zone")), "cover"), i, item)
		if (!strcmp(gs(item, "id"), id))
			return item;
	return NULL;
}

/* Damage of a hit through cover (ranged), armour, to Health (R10); heavy damage. */
static int hit_damage(struct it *it, json_t *att, json_t *t, int dmg, int ranged)
{
	json_t *item = cover_item(it, t), *armor = json_object_get(t, "armor");
	int left = dmg;

	if (ranged && item && !engaged_with(att, t)) {
		left = protect(it, t, "cover", gs(item, "name"), item, left);
		if (left < 0)
			return -1;
		if (gi(item, "rating") <= 0) {
			size_t i;

			say(it, "The %s is destroyed", gs(item, "name"));
			for (i = 0; i < ncharacters(it); i++)
				if (!strcmp(gs(chr(it, i), "cover"), gs(item, "id")) &&
				    !strcmp(gs(chr(it, i), "zone"), gs(t, "zone")))
					json_object_set_new(chr(it, i), "cover", json_null());
		}
	}
	if (json_is_object(armor)) {
		char title[80];

		snprintf(title, sizeof(title), "%s", *gs(armor, "name") ? gs(armor, "name") : "armour");
		left = protect(it, t, "armor", title, armor, left);
		if (left < 0)
			return -1;
	}
	if (!left) {
		say_about(it, t, "%s takes no damage", nm(t));
		return 0;
	}
	if (harm(it, t, left, 0, 1) < 0)
		return -1;
	if (left >= gi(it->scen, "heavy_damage") && gi(json_object_get(t, "health"), "value") >= 1 &&
	    active(t)) {
		say(it, "Heavy damage (%d)", left);
		return add_condition(it, t, 0, 1);
	}
	return 0;
}

/* Push costs owed (R1.5), applied once the action is resolved. */
static int pay_pushes(struct it *it)
{
	json_t *p;
	size_t i;

	json_array_foreach(it->pending, i, p) {
		json_t *c = by_name(it, gs(p, "who"));
		int m = json_is_true(json_object_get(p, "mental"));
		json_t *w;

		if (!c || is_status(c, "dead"))
			continue;
		/* What the push costs is told where the roll was. */
		it->told_to = json_object_get(p, "to");
		if (json_is_true(json_object_get(it->scen, "push_condition")))
			add_condition(it, c, m, 0);
		if (gi(p, "base"))
			harm(it, c, (int)gi(p, "base"), m, 0);
		if (gi(p, "gear") && (w = weapon_named(c, gs(p, "weapon")))) {
			struct wstat s = weapon_of(w);
			int b = s.bonus - (int)gi(p, "gear");

			si(w, "bonus", b < 0 ? 0 : b);
			say(it, "%s's %s wears down: bonus %d%s", nm(c), gs(w, "name"), b < 0 ? 0 : b,
			    b <= 0 ? " (broken)" : "");
		}
		it->told_to = NULL;
	}
	json_array_clear(it->pending);
	return it->failed ? -1 : 0;
}

/* ---------- budget (R5.2) ---------- */

static int can_spend(const struct it *it, const json_t *c, int slow)
{
	const struct budget *b = &it->b[idx(it, c)];

	return slow ? (!b->slow && b->used <= 1) : b->used < 2;
}

static void spend(struct it *it, const json_t *c, int slow)
{
	struct budget *b = &it->b[idx(it, c)];

	b->used++;
	b->slow |= slow;
}

static int card_of(const json_t *c)
{
	return json_is_integer(json_object_get(c, "card")) ? (int)gi(c, "card") : 99;
}

/* Characters in initiative order (card, then state order). */
static size_t initiative(const struct it *it, json_t **out)
{
	size_t n = ncharacters(it), i, j;

	for (i = 0; i < n && i < MAXC; i++)
		out[i] = chr(it, i);
	for (i = 1; i < n && i < MAXC; i++)
		for (j = i; j > 0 && card_of(out[j - 1]) > card_of(out[j]); j--) {
			json_t *t = out[j];

			out[j] = out[j - 1];
			out[j - 1] = t;
		}
	return n < MAXC ? n : MAXC;
}

/* ---------- attacks (R7, R9) ---------- */

static int unaware_of(const json_t *t, const json_t *a)
{
	return in_list(json_object_get(t, "unaware_of"), nm(a));
}

static int shoot(struct it *it, json_t *c, json_t *t, json_t *w, json_t *using, int overwatch,
		 int finish);

/* c grapples t (R7.5): both prone, t drops its weapon, loses cover and overwatch. */
static void grapple(struct it *it, json_t *c, json_t *t)
{
	char dropped[64] = "";
	const char *d = NULL;

	/* A copy: the drawn name is freed when the weapon is dropped. */
	if (json_is_string(json_object_get(t, "drawn"))) {
		snprintf(dropped, sizeof(dropped), "%s", json_string_value(json_object_get(t, "drawn")));
		d = dropped;
	}

	if (!active(t) || !active(c))
		return;
	json_object_set_new(c, "prone", json_true());
	json_object_set_new(t, "prone", json_true());
	if (d) {
		json_t *w = weapon_named(t, d), *x;
		size_t i;

		json_array_foreach(json_object_get(t, "weapons"), i, x)
			if (x == w) {
				json_array_append(json_object_get(zone(it, gs(t, "zone")), "floor"), w);
				json_array_remove(json_object_get(t, "weapons"), i);
				break;
			}
		json_object_set_new(t, "drawn", json_null());
	}
	json_object_set_new(t, "cover", json_null());
	lose_position(t);
	json_object_set_new(t, "grappled_by", json_string(nm(c)));
	json_object_set_new(c, "grappling", json_string(nm(t)));
	say(it, "%s grapples %s: both are down%s%s%s", nm(c), nm(t), d ? ", the " : "", d ? d : "", d ? " falls" : "");
}

/* Maneuvers bought by extra successes (R7.2, R9.3): the damage they add. */
static int maneuvers(struct it *it, json_t *c, json_t *t, int extra, json_t *using, int ranged,
		     json_t **after)
{
	json_t *m;
	size_t i;
	int dmg = 0;

	*after = json_array();
	json_array_foreach(using, i, m) {
		const char *what = gs(m, "m");

		if (!extra)
			break;
		if (!strcmp(what, "DAMAGE")) {
			dmg++;
			extra--;
			continue;
		}
		if (in_list(*after, what))
			continue;
		if (!strcmp(what, "PRONE") || !strcmp(what, "SHOVE") || !strcmp(what, "OUTPACE") ||
		    !strcmp(what, "PIN") || !strcmp(what, "PUSHBACK") || !strcmp(what, "SUNDER") ||
		    (!strcmp(what, "CLINCH") && json_is_null(json_object_get(t, "grappled_by")) &&
		     json_is_null(json_object_get(c, "grappling"))) ||
		    (!strcmp(what, "WRENCH") && json_object_get(t, "drawn") &&
		     !json_is_null(json_object_get(t, "drawn")))) {
			json_array_append_new(*after, json_string(what));
			extra--;
		} else {
			say(it, "%s passes over %s: it cannot apply now", nm(c), what);
		}
	}
	(void)ranged;
	return dmg + extra;
}

static void apply_maneuvers(struct it *it, json_t *c, json_t *t, json_t *list)
{
	json_t *m;
	size_t i;

	json_array_foreach(list, i, m) {
		const char *what = json_string_value(m);

		if (is_status(t, "dead") && strcmp(what, "OUTPACE"))
			continue;
		if (!strcmp(what, "PRONE")) {
			json_object_set_new(t, "prone", json_true());
			say(it, "%s knocks %s prone", nm(c), nm(t));
		} else if (!strcmp(what, "SHOVE")) {
			list_remove(json_object_get(t, "engaged"), nm(c));
			list_remove(json_object_get(c, "engaged"), nm(t));
			say(it, "%s shoves %s back to Short range", nm(c), nm(t));
		} else if (!strcmp(what, "OUTPACE")) {
			json_object_set_new(c, "outpace_with", json_string(nm(t)));
			say(it, "%s outpaces %s: their cards change at the end of the round", nm(c), nm(t));
		} else if (!strcmp(what, "CLINCH")) {
			grapple(it, c, t);
		} else if (!strcmp(what, "PIN")) {
			json_object_set_new(t, "pinned", json_true());
			say(it, "%s pins %s down", nm(c), nm(t));
		} else if (!strcmp(what, "PUSHBACK")) {
			size_t k;

			for (k = 0; k < ncharacters(it); k++)
				if (!json_is_string(json_object_get(chr(it, k), "grappling")) ||
				    strcmp(gs(chr(it, k), "grappling"), nm(t)))
					list_remove(json_object_get(chr(it, k), "engaged"), nm(t));
			json_array_clear(json_object_get(t, "engaged"));
			json_object_set_new(t, "cover", json_null());
			say(it, "%s pushes %s back: engagements and cover lost", nm(c), nm(t));
		} else if (!strcmp(what, "SUNDER") || !strcmp(what, "WRENCH")) {
			const char *d = json_string_value(json_object_get(t, "drawn"));
			json_t *w = d ? weapon_named(t, d) : NULL, *x;
			size_t k;

			if (!w)
				continue;
			json_incref(w);
			json_array_foreach(json_object_get(t, "weapons"), k, x)
				if (x == w) {
					json_array_remove(json_object_get(t, "weapons"), k);
					break;
				}
			json_object_set_new(t, "drawn", json_null());
			if (!strcmp(what, "WRENCH") && !weapon_named(c, gs(w, "name"))) {
				json_array_append(json_object_get(c, "weapons"), w);
				say(it, "%s wrenches the %s from %s", nm(c), gs(w, "name"), nm(t));
			} else {
				json_array_append(json_object_get(zone(it, gs(t, "zone")), "floor"), w);
				say(it, "%s's %s falls to the floor", nm(t), gs(w, "name"));
			}
			json_decref(w);
		}
	}
}

static int can_shoot_at(struct it *it, json_t *w, json_t *c, json_t *t);

/*
 * t watches w back (R8.5): in overwatch on w's zone with ATTACK, ANY or
 * SIGHT, ONLY allowing w, aware (R4.4), its slow action free, not pinned,
 * and able to shoot w.
 */
static int watches_back(struct it *it, json_t *t, json_t *w)
{
	json_t *ow = json_object_get(t, "overwatch");
	const char *on = gs(ow, "on");

	return json_is_object(ow) && active(t) && enemies(t, w) && !strcmp(gs(ow, "zone"), gs(w, "zone")) &&
	       (!strcmp(on, "ATTACK") || !strcmp(on, "ANY") || !strcmp(on, "SIGHT")) &&
	       (!json_is_string(json_object_get(ow, "only")) || !strcasecmp(gs(ow, "only"), nm(w))) &&
	       !json_array_size(json_object_get(t, "unaware_of")) && can_spend(it, t, 1) &&
	       !json_is_true(json_object_get(t, "pinned")) && can_shoot_at(it, drawn(t), t, w);
}

/* One overwatch shot of w at t (R8.3): the slow action, or a pinned watcher's loss. */
static int watch_shot(struct it *it, json_t *w, json_t *t, const char *how)
{
	spend(it, w, 1);
	if (json_is_true(json_object_get(w, "pinned"))) {
		json_object_set_new(w, "pinned", json_false());
		say(it, "%s is pinned: the overwatch shot at %s is lost", nm(w), nm(t));
		return 0;
	}
	say(it, "%s fires from overwatch at %s%s", nm(w), nm(t), how);
	return shoot(it, w, t, drawn(w), NULL, 1, 0);
}

/*
 * w, not pinned and able, is about to fire at t. When t watches w back
 * (R8.5) the two roll Marksmanship, attribute and skill only, not pushable,
 * w first; more successes fires first, a tie the lower card; the other
 * fires next only if still active, in overwatch and able (R16.2).
 */
static int watch_fire(struct it *it, json_t *w, json_t *t, const char *how)
{
	json_t *first = w, *second = t, *helped = it->help_for;
	struct roll rw, rt;

	if (!watches_back(it, t, w))
		return watch_shot(it, w, t, how);
	say(it, "%s and %s watch each other: who fires first?", nm(w), nm(t));
	it->help_for = NULL;	/* not an action: no help */
	if (skill_roll(it, w, "marksmanship", 0, 0, "(mutual overwatch)", "", NULL, NULL, &rw) < 0 ||
	    skill_roll(it, t, "marksmanship", 0, 0, "(mutual overwatch)", "", NULL, NULL, &rt) < 0)
		return -1;
	it->help_for = helped;
	if (rt.succ > rw.succ || (rt.succ == rw.succ && card_of(t) < card_of(w))) {
		first = t;
		second = w;
	}
	say(it, "%s fires first (%d against %d success%s%s)", nm(first), first == w ? rw.succ : rt.succ,
	    first == w ? rt.succ : rw.succ, (first == w ? rt.succ : rw.succ) == 1 ? "" : "es",
	    rw.succ == rt.succ ? ", the lower card" : "");
	if (watch_shot(it, first, second, first == w ? how : "") < 0)
		return -1;
	if (!active(second) || !active(first) || !json_is_object(json_object_get(second, "overwatch")) ||
	    !can_spend(it, second, 1) || !can_shoot_at(it, drawn(second), second, first)) {
		if (active(second))
			say(it, "%s does not fire back: %s", nm(second), !active(first) ? "no target left"
			    : !json_is_object(json_object_get(second, "overwatch")) ? "out of overwatch"
			    : "cannot shoot now");
		return it->failed ? -1 : 0;
	}
	return watch_shot(it, second, first, second == w ? how : "");
}

/* Overwatch shots set off by c (R8.2): on "ENTER" or "ATTACK". */
static int overwatch_fire(struct it *it, json_t *c, const char *on)
{
	json_t *order[MAXC];
	size_t n = initiative(it, order), i;

	for (i = 0; i < n; i++) {
		json_t *w = order[i], *ow = json_object_get(w, "overwatch");
		const char *wo = gs(ow, "on");

		if (!json_is_object(ow) || !active(w) || !enemies(w, c) || !active(c))
			continue;
		if (strcmp(gs(ow, "zone"), gs(c, "zone")))
			continue;
		if (strcmp(wo, "ANY") && strcmp(wo, "SIGHT") && strcmp(wo, on))
			continue;
		if (json_is_string(json_object_get(ow, "only")) && strcmp(gs(ow, "only"), nm(c)))
			continue;
		if (json_array_size(json_object_get(w, "unaware_of")))
			continue;
		if (!can_spend(it, w, 1))
			continue;
		if (json_is_true(json_object_get(w, "pinned"))) {
			if (watch_shot(it, w, c, "") < 0)
				return -1;
			continue;
		}
		if (!can_shoot_at(it, drawn(w), w, c))
			continue;
		if (watch_fire(it, w, c, "") < 0)
			return -1;
	}
	return it->failed ? -1 : 0;
}

static int shoot(struct it *it, json_t *c, json_t *t, json_t *w, json_t *using, int overwatch,
		 int finish)
{
	struct wstat s = weapon_of(w);
	int rng = range_between(it, c, t), mod = 0, aim = overwatch ? 0 : (int)gi(c, "aim");
	char mods[200], what[160];
	size_t l = 0;
	struct roll r;
	json_t *after = NULL;

	mods[0] = '\0';
	if (finish || !active(t) || unaware_of(t, c)) {
		mod += 3;
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; %s +3", finish || !active(t) ?
				      "defenseless" : "unaware");
	} else {
		static const int rm[] = { -3, 0, -1, -2, -9 };

		mod += rm[rng];
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; range %c %+d", range_letter[rng], rm[rng]);
	}
	if (has_feature(it, gs(c, "zone"), "DIMLY_LIT") || has_feature(it, gs(t, "zone"), "DIMLY_LIT")) {
		mod -= 2;
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; dimly lit -2");
	}
	if (json_is_true(json_object_get(t, "hidden"))) {
		mod -= 2;
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; unseen -2");
	}
	if (!strcmp(gs(t, "size"), "large")) {
		mod += 2;
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; large +2");
	}
	if (aim) {
		mod += aim;
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; aim +%d", aim);
	}
	if (!overwatch || json_object_get(w, "burst"))
		si(c, "aim", 0);
	if (it->throwing) {
		json_t *floor = json_object_get(zone(it, gs(t, "zone")), "floor");
		size_t i;
		json_t *x;

		json_array_append(floor, w);
		json_array_foreach(json_object_get(c, "weapons"), i, x)
			if (x == w) {
				json_object_set_new(c, "drawn", json_null());
				json_array_remove(json_object_get(c, "weapons"), i);
				break;
			}
		w = json_array_get(floor, json_array_size(floor) - 1);
	} else if (json_object_get(w, "burst")) {
		/* a burst uses one shot, counted once by AUTO */
	} else if (json_is_integer(json_object_get(w, "loaded")))
		si(w, "loaded", gi(w, "loaded") - 1);
	else if (s.mag)
		si(w, "loaded", s.mag - 1);
	if (!strcmp(s.family, "single"))
		json_object_set_new(c, "fired_single", json_true());
	snprintf(what, sizeof(what), "(%s at %s)", gs(w, "name"), nm(t));
	it->last_hit = 0;
	if (skill_roll(it, c, it->throwing ? "mobility" : "marksmanship", s.bonus, mod, what, mods, "ATTACK",
		       it->throwing ? NULL : gs(w, "name"), &r) < 0)
		return -1;
	if (!r.succ) {
		say(it, "%s misses %s", nm(c), nm(t));
		return pay_pushes(it);
	}
	it->last_hit = 1;
	{
		int dmg = s.damage + maneuvers(it, c, t, r.succ - 1, using, 1, &after);

		say(it, "%s hits %s: %d damage", nm(c), nm(t), dmg);
		if (hit_damage(it, c, t, dmg, 1) < 0) {
			json_decref(after);
			return -1;
		}
		apply_maneuvers(it, c, t, after);
		json_decref(after);
	}
	if (unaware_of(t, c))
		list_remove(json_object_get(t, "unaware_of"), nm(c));
	return pay_pushes(it);
}

/* A drawn gun that is loaded and reaches t in sight. */
static int can_shoot_at(struct it *it, json_t *w, json_t *c, json_t *t)
{
	struct wstat s = weapon_of(w);
	int loaded = json_is_integer(json_object_get(w, "loaded")) ? (int)gi(w, "loaded")
		: !strcmp(s.family, "single") ? 0 : 1;

	return is_gun(w) && loaded > 0 && range_between(it, c, t) <= s.range &&
	       line_of_sight(it, gs(c, "zone"), gs(t, "zone"));
}

static int throw_at(struct it *it, json_t *c, json_t *t, json_t *w, json_t *using)
{
	int rc;

	it->throwing = 1;
	rc = shoot(it, c, t, w, using, 0, 0);
	it->throwing = 0;
	return rc;
}

/* A supply roll (R9.7): dice as the rating (at most six); each 1 lowers it. */
static int supply_roll(struct it *it, json_t *c, const char *ammo)
{
	json_t *sup = json_object_get(c, "supply");
	int rating = ammo ? (int)gi(sup, ammo) : 0, n = rating > 6 ? 6 : rating, f[6], k, ones = 0;
	char faces[40];

	if (n <= 0)
		return 0;
	if (draw_faces(it, "supply", nm(c), n, f) < 0)
		return -1;
	for (k = 0; k < n; k++)
		ones += f[k] == 1;
	si(sup, ammo, rating - ones);
	faces_text(f, n, faces, sizeof(faces));
	say(it, "%s rolls supply of %s (%d): %s -> %s %d", nm(c), ammo, rating, faces,
	    ones ? "down to" : "stays at", rating - ones);
	return 0;
}

/* A close combat attack (R7.1); free: a retreat's free attack (no block, no cost). */
static int melee(struct it *it, json_t *c, json_t *t, json_t *w, json_t *using, int free_attack,
		 int finish, int pummel)
{
	struct wstat s = weapon_of(w);
	int mod = 0, blocks = 0, defenseless = !active(t);
	char mods[160], what[160];
	size_t l = 0;
	struct roll r, b;
	json_t *after = NULL, *plan = json_object_get(it->plans, nm(t));
	int t_unaware = unaware_of(t, c);

	mods[0] = '\0';
	if (json_is_true(json_object_get(c, "prone"))) {
		mod -= 2;
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; prone -2");
	}
	if (defenseless || finish || t_unaware) {
		mod += 3;
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; %s +3", t_unaware && !defenseless ? "unaware" : "defenseless");
	} else if (json_is_true(json_object_get(t, "prone"))) {
		mod += 2;
		l += (size_t)snprintf(mods + l, sizeof(mods) - l, "; target prone +2");
	}
	/* The block is decided before the roll (R7.3). */
	if (!free_attack && pummel != 1 && !defenseless && !finish &&
	    !json_array_size(json_object_get(t, "unaware_of")) && active(t) &&
	    json_is_null(json_object_get(t, "grappled_by")) &&
	    it->b[idx(it, t)].blocks < gi(plan, "block") && can_spend(it, t, 0)) {
		blocks = 1;
		it->b[idx(it, t)].blocks++;
		spend(it, t, 0);
		lose_position(t);
	}
	if (!free_attack)
		lose_position(t);	/* attacked in close combat ends overwatch (R8.6) */
	snprintf(what, sizeof(what), "(%s at %s)", w ? gs(w, "name") : "Unarmed", nm(t));
	if (skill_roll(it, c, "melee", s.bonus, mod, what, mods, "ATTACK", w ? gs(w, "name") : NULL, &r) < 0)
		return -1;
	if (blocks) {
		json_t *bw = drawn(t);
		int gear = is_close_weapon(bw) ? weapon_of(bw).bonus : 0;

		if (skill_roll(it, t, "melee", gear, json_is_true(json_object_get(t, "prone")) ? -2 : 0,
			       "to block", json_is_true(json_object_get(t, "prone")) ? "; prone -2" : "", "BLOCK",
			       gear ? gs(bw, "name") : NULL, &b) < 0)
			return -1;
		if (b.succ) {
			int cut = b.succ < r.succ ? b.succ : r.succ;

			say(it, "%s blocks %d success%s", nm(t), cut, cut == 1 ? "" : "es");
			r.succ -= cut;
		}
	}
	if (unaware_of(t, c))
		list_remove(json_object_get(t, "unaware_of"), nm(c));
	if (!r.succ) {
		say(it, "%s misses %s", nm(c), nm(t));
		return pay_pushes(it);
	}
	if (pummel == 2) {
		grapple(it, c, t);
		return pay_pushes(it);
	}
	{
		int dmg = (pummel ? 1 : s.damage) + maneuvers(it, c, t, r.succ - 1, using, 0, &after);

		say(it, "%s hits %s: %d damage", nm(c), nm(t), dmg);
		if (hit_damage(it, c, t, dmg, 0) < 0) {
			json_decref(after);
			return -1;
		}
		apply_maneuvers(it, c, t, after);
		json_decref(after);
	}
	return pay_pushes(it);
}

/* ---------- actions (R6-R12) ---------- */

/* Why an alternative cannot be done, for the story (len 0: a quiet step tells nothing). */
static void not_done(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!len)
		return;
	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
}

/* Arrival in a zone: ENTER overwatch, then clutter (R6.3, R8.2). */
static int arrive(struct it *it, json_t *c, const char *z, int crawl)
{
	json_object_set_new(c, "zone", json_string(z));
	json_object_set_new(c, "cover", json_null());
	disengage_all(it, c);
	say(it, "%s %s to %s", nm(c), crawl ? "crawls" : "moves", z);
	if (overwatch_fire(it, c, "ENTER") < 0)
		return -1;
	if (!crawl && active(c) && has_feature(it, z, "CLUTTERED")) {
		struct roll r;

		if (skill_roll(it, c, "mobility", 0, 0, "(cluttered)", "", "MOVE", NULL, &r) < 0)
			return -1;
		if (!r.succ) {
			json_object_set_new(c, "prone", json_true());
			say(it, "%s stumbles in the clutter and falls prone", nm(c));
		}
		return pay_pushes(it);
	}
	return 0;
}

static json_t *target_of(struct it *it, json_t *c, const char *name, int ranged, json_t *w)
{
	json_t *best = NULL;
	size_t i;
	int best_r = 99;

	if (strcmp(name, "NEAREST"))
		return by_name(it, name);
	for (i = 0; i < ncharacters(it); i++) {
		json_t *o = chr(it, i);
		int r;

		if (!active(o) || !enemies(o, c))
			continue;
		if (!ranged) {
			if (engaged_with(c, o))
				return o;
			continue;
		}
		r = range_between(it, c, o);
		if (r <= weapon_of(w).range && line_of_sight(it, gs(c, "zone"), gs(o, "zone")) && r < best_r) {
			best = o;
			best_r = r;
		}
	}
	return best;
}

/* The weapon of an attack: named (drawn or Unarmed), else drawn close weapon, else NULL (Unarmed). */
static int close_weapon(json_t *c, json_t *alt, json_t **w, char *why, size_t len)
{
	const char *named = json_string_value(json_object_get(alt, "weapon"));

	*w = NULL;
	if (named && strcasecmp(named, "Unarmed")) {
		if (strcasecmp(named, gs(c, "drawn"))) {
			not_done(why, len, "%s is not drawn", named);
			return 0;
		}
		*w = drawn(c);
		if (!is_close_weapon(*w)) {
			not_done(why, len, "%s is no close combat weapon", named);
			return 0;
		}
		return 1;
	}
	if (!named && is_close_weapon(drawn(c)))
		*w = drawn(c);
	return 1;
}

/*
 * Tries one alternative: 1 done, 0 not possible now (why says so), -1
 * the step fails.
 */
static int perform(struct it *it, json_t *c, json_t *alt, char *why, size_t len)
{
	const char *act = gs(alt, "act");
	int slow = it_act_is_slow(act), prone = json_is_true(json_object_get(c, "prone"));
	json_t *t;

	if (!strcmp(act, "MOVE") && injury_mod(c, "slowmove"))
		slow = 1;
	if (!strcmp(act, "HOLD")) {
		say(it, "%s holds", nm(c));
		return 1;
	}
	if (json_is_string(json_object_get(c, "grappled_by")) && strcmp(act, "BREAK FREE")) {
		not_done(why, len, "grappled (only BREAK FREE)");
		return 0;
	}
	if (json_is_string(json_object_get(c, "grappling")) && strcmp(act, "PUMMEL") && strcmp(act, "RELEASE")) {
		not_done(why, len, "grappling (only PUMMEL or RELEASE)");
		return 0;
	}
	/* Any action but an aim, overwatch or shot unloads a readied bow (R9.6). */
	if (strcmp(act, "AIM") && strcmp(act, "AIM SLOW") && strcmp(act, "OVERWATCH") && strcmp(act, "SHOOT") &&
	    strcmp(act, "FINISH") && strcmp(act, "READY") && !strcmp(weapon_of(drawn(c)).family, "single") &&
	    gi(drawn(c), "loaded") > 0)
		si(drawn(c), "loaded", 0);
	/* The helped action's kind (R5.5). */
	it->help_for = NULL;
	if (!strcmp(act, "ATTACK") || !strcmp(act, "FINISH") || !strcmp(act, "SHOOT") || !strcmp(act, "THROW") ||
	    !strcmp(act, "AUTO") || !strcmp(act, "HEAL") || !strcmp(act, "RETREAT") || !strcmp(act, "GRAPPLE")) {
		it->help_for = c;
		it->help_slow = slow;
	}
	if (!can_spend(it, c, slow)) {
		not_done(why, len, slow ? "no slow action left" : "no action left");
		return 0;
	}
	if (!strcmp(act, "MOVE") || !strcmp(act, "CRAWL")) {
		const char *z = gs(alt, "zone");
		char step[64] = "";
		int crawl = !strcmp(act, "CRAWL");

		if (crawl && json_is_string(json_object_get(alt, "target"))) {
			t = by_name(it, gs(alt, "target"));
			if (!prone)
				return not_done(why, len, "not prone (ENGAGE instead)"), 0;
			goto engage;
		}
		if (!crawl && prone)
			return not_done(why, len, "prone (crawl or stand first)"), 0;
		if (crawl && !prone)
			return not_done(why, len, "not prone"), 0;
		if (engaged_active(it, c))
			return not_done(why, len, "engaged (RETREAT instead)"), 0;
		if (json_is_true(json_object_get(alt, "toward"))) {
			if (!strcmp(gs(c, "zone"), z))
				return not_done(why, len, "already there"), 0;
			if (distance(it, gs(c, "zone"), z, 1, step, sizeof(step)) < 1)
				return not_done(why, len, "no way through"), 0;
			z = step;
		} else if (!passable(border(it, gs(c, "zone"), z))) {
			return not_done(why, len, "no open way from %s to %s", gs(c, "zone"), z), 0;
		}
		spend(it, c, slow);
		lose_position(c);
		return arrive(it, c, z, crawl) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "ENGAGE")) {
		t = by_name(it, gs(alt, "target"));
		if (prone)
			return not_done(why, len, "prone (crawl or stand first)"), 0;
engage:
		if (!t || !enemies(c, t) || !(active(t) || is_status(t, "broken")) ||
		    strcmp(gs(t, "zone"), gs(c, "zone")))
			return not_done(why, len, "%s is no enemy in this zone", t ? nm(t) : "?"), 0;
		if (engaged_with(c, t))
			return not_done(why, len, "already engaged with %s", nm(t)), 0;
		spend(it, c, slow);
		lose_position(c);
		json_object_set_new(c, "cover", json_null());
		engage(c, t);
		say(it, "%s engages %s", nm(c), nm(t));
		return 1;
	}
	if (!strcmp(act, "DISENGAGE")) {
		if (!json_array_size(json_object_get(c, "engaged")))
			return not_done(why, len, "not engaged"), 0;
		if (engaged_active(it, c))
			return not_done(why, len, "engaged with an active opponent (RETREAT instead)"), 0;
		spend(it, c, 0);
		lose_position(c);
		json_object_set_new(c, "cover", json_null());
		disengage_all(it, c);
		say(it, "%s disengages", nm(c));
		return 1;
	}
	if (!strcmp(act, "RETREAT")) {
		const char *z = json_string_value(json_object_get(alt, "zone"));
		struct roll r;

		if (prone)
			return not_done(why, len, "prone"), 0;
		if (!engaged_active(it, c))
			return not_done(why, len, "not engaged with an active opponent (MOVE instead)"), 0;
		if (z && !strcmp(z, "OUT") && !json_is_true(json_object_get(zone(it, gs(c, "zone")), "exit")))
			return not_done(why, len, "%s is no exit", gs(c, "zone")), 0;
		if (z && strcmp(z, "OUT") && !passable(border(it, gs(c, "zone"), z)))
			return not_done(why, len, "no open way to %s", z), 0;
		spend(it, c, 0);
		lose_position(c);
		json_object_set_new(c, "cover", json_null());
		if (skill_roll(it, c, "mobility", 0, 0, "(retreat)", "", "MOVE", NULL, &r) < 0)
			return -1;
		if (!r.succ) {
			json_t *order[MAXC];
			size_t n = initiative(it, order), i;

			for (i = 0; i < n && active(c); i++) {
				json_t *o = order[i];

				if (active(o) && enemies(o, c) && engaged_with(o, c) &&
				    json_is_null(json_object_get(o, "grappled_by"))) {
					json_t *ow = is_close_weapon(drawn(o)) ? drawn(o) : NULL;

					say(it, "%s gets a free attack on the retreating %s", nm(o), nm(c));
					if (melee(it, o, c, ow, NULL, 1, 0, 0) < 0)
						return -1;
				}
			}
		}
		if (pay_pushes(it) < 0)
			return -1;
		if (!active(c))
			return 1;
		if (!z) {
			disengage_all(it, c);
			say(it, "%s retreats to Short range", nm(c));
			return 1;
		}
		if (!strcmp(z, "OUT")) {
			disengage_all(it, c);
			json_object_set_new(c, "status", json_string("fled"));
			say(it, "%s retreats off the map", nm(c));
			return 1;
		}
		return arrive(it, c, z, 0) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "STAND")) {
		if (!prone)
			return not_done(why, len, "not prone"), 0;
		spend(it, c, 0);
		lose_position(c);
		json_object_set_new(c, "prone", json_false());
		say(it, "%s stands up", nm(c));
		return 1;
	}
	if (!strcmp(act, "DRAW")) {
		json_t *w = weapon_named(c, gs(alt, "weapon"));

		if (!w)
			return not_done(why, len, "no such weapon carried"), 0;
		if (!strcasecmp(gs(c, "drawn"), gs(w, "name")))
			return not_done(why, len, "already drawn"), 0;
		spend(it, c, 0);
		lose_position(c);
		json_object_set_new(c, "drawn", json_string(gs(w, "name")));
		say(it, "%s draws the %s", nm(c), gs(w, "name"));
		return 1;
	}
	if (!strcmp(act, "AIM") || !strcmp(act, "AIM SLOW")) {
		json_t *w = drawn(c);

		if (!is_gun(w))
			return not_done(why, len, "no gun drawn"), 0;
		if (slow && !json_is_true(json_object_get(w, "scope")))
			return not_done(why, len, "no telescopic sight"), 0;
		spend(it, c, slow);
		json_object_set_new(c, "overwatch", json_null());
		si(c, "aim", slow ? 3 : 2);
		if (slow)
			si(c, "aim_round", it->round);
		say(it, "%s aims (+%d)", nm(c), slow ? 3 : 2);
		return 1;
	}
	if (!strcmp(act, "OVERWATCH")) {
		json_t *w = drawn(c);
		const char *z = gs(alt, "zone");

		if (!is_gun(w))
			return not_done(why, len, "no gun drawn"), 0;
		if (engaged_active(it, c))
			return not_done(why, len, "engaged"), 0;
		if (!line_of_sight(it, gs(c, "zone"), z))
			return not_done(why, len, "%s is out of sight", z), 0;
		spend(it, c, 0);
		si(c, "aim", 0);
		json_object_set_new(c, "overwatch", json_pack("{s:s,s:s,s:O}", "zone", z, "on", gs(alt, "on"),
				    "only", json_object_get(alt, "only") ? json_object_get(alt, "only") : json_null()));
		say(it, "%s watches %s (on %s)", nm(c), z, gs(alt, "on"));
		return 1;
	}
	if (!strcmp(act, "COVER")) {
		json_t *best = NULL, *item;
		size_t i;

		json_array_foreach(json_object_get(zone(it, gs(c, "zone")), "cover"), i, item) {
			if (json_is_string(json_object_get(alt, "item"))) {
				if (!strcasecmp(gs(item, "id"), gs(alt, "item")))
					best = item;
			} else if (!best || gi(item, "rating") > gi(best, "rating"))
				best = item;
		}
		if (!best || gi(best, "rating") <= 0)
			return not_done(why, len, "no such cover here"), 0;
		spend(it, c, 0);
		lose_position(c);
		json_object_set_new(c, "cover", json_string(gs(best, "id")));
		say(it, "%s takes cover behind the %s (%ld)", nm(c), gs(best, "name"), gi(best, "rating"));
		return 1;
	}
	if (!strcmp(act, "OPEN") || !strcmp(act, "SHUT")) {
		json_t *br = border(it, gs(c, "zone"), gs(alt, "zone"));
		int open = !strcmp(act, "OPEN");

		if (!br || strcmp(gs(br, "type"), "door"))
			return not_done(why, len, "no door to %s", gs(alt, "zone")), 0;
		if (!strcmp(gs(br, "door"), "locked"))
			return not_done(why, len, "the door is locked"), 0;
		if (!strcmp(gs(br, "door"), open ? "open" : "closed"))
			return not_done(why, len, "the door is already %s", open ? "open" : "shut"), 0;
		spend(it, c, 0);
		lose_position(c);
		json_object_set_new(br, "door", json_string(open ? "open" : "closed"));
		say(it, "%s %s the door to %s", nm(c), open ? "opens" : "shuts", gs(alt, "zone"));
		return 1;
	}
	if (!strcmp(act, "ATTACK") || (!strcmp(act, "FINISH") && !is_gun(drawn(c)))) {
		json_t *w;
		int finish = !strcmp(act, "FINISH");

		t = target_of(it, c, gs(alt, "target"), 0, NULL);
		if (!t)
			return not_done(why, len, "no %s enemy is engaged with %s", finish ? "broken" : "active",
					nm(c)), 0;
		if (!enemies(c, t) || !engaged_with(c, t) || !(finish ? is_status(t, "broken") : active(t)))
			return not_done(why, len, "%s is no %s enemy engaged with %s", nm(t),
					finish ? "broken" : "active", nm(c)), 0;
		if (!close_weapon(c, alt, &w, why, len))
			return 0;
		if (w && weapon_of(w).two_handed && injury_mod(c, "no2h"))
			return not_done(why, len, "a two-handed weapon cannot be wielded with that injury"), 0;
		spend(it, c, 1);
		lose_position(c);
		if (overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c) || !(finish ? is_status(t, "broken") : active(t)) || !engaged_with(c, t)) {
			say(it, "%s's attack on %s is lost", nm(c), nm(t));
			return 1;
		}
		return melee(it, c, t, w, json_object_get(alt, "using"), 0, finish, 0) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "SHOOT") || !strcmp(act, "FINISH")) {
		json_t *w = drawn(c);
		const char *named = json_string_value(json_object_get(alt, "weapon"));
		int finish = !strcmp(act, "FINISH"), rng;

		if (named && strcasecmp(named, gs(c, "drawn")))
			return not_done(why, len, "%s is not drawn", named), 0;
		if (!is_gun(w))
			return not_done(why, len, "no gun drawn"), 0;
		if (weapon_of(w).two_handed && injury_mod(c, "no2h"))
			return not_done(why, len, "a two-handed weapon cannot be wielded with that injury"), 0;
		if (json_is_integer(json_object_get(w, "loaded")) ? gi(w, "loaded") <= 0
		    : !strcmp(weapon_of(w).family, "single"))
			return not_done(why, len, "the %s is not loaded", gs(w, "name")), 0;
		if (gi(c, "aim") == 3 && gi(c, "aim_round") == it->round)
			return not_done(why, len, "aimed slowly this round"), 0;
		t = target_of(it, c, gs(alt, "target"), 1, w);
		if (!t)
			return not_done(why, len, "no %s enemy is in range", finish ? "broken" : "active"), 0;
		if (!enemies(c, t) || !(finish ? is_status(t, "broken") : active(t)))
			return not_done(why, len, "%s is no %s enemy", nm(t), finish ? "broken" : "active"), 0;
		rng = range_between(it, c, t);
		if (rng > weapon_of(w).range)
			return not_done(why, len, "%s is out of range (%c)", nm(t), rng <= R_X ? range_letter[rng] : '-'), 0;
		if (!line_of_sight(it, gs(c, "zone"), gs(t, "zone")))
			return not_done(why, len, "%s is out of sight", nm(t)), 0;
		spend(it, c, 1);
		json_object_set_new(c, "overwatch", json_null());
		if (overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c) || !(finish ? is_status(t, "broken") : active(t))) {
			say(it, "%s's shot at %s is lost", nm(c), nm(t));
			return 1;
		}
		if (json_is_true(json_object_get(c, "pinned"))) {
			json_object_set_new(c, "pinned", json_false());
			say(it, "%s is pinned: the shot at %s is lost", nm(c), nm(t));
			return 1;
		}
		return shoot(it, c, t, w, json_object_get(alt, "using"), 0, finish) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "RELOAD")) {
		json_t *w = json_object_get(alt, "weapon") ? weapon_named(c, gs(alt, "weapon")) : drawn(c);
		struct wstat s = weapon_of(w);
		const char *ammo = s.ammo ? s.ammo : "";

		if (!w || strcmp(s.family, "firearm"))
			return not_done(why, len, "nothing to reload"), 0;
		if (!json_is_integer(json_object_get(w, "loaded")) || gi(w, "loaded") >= s.mag)
			return not_done(why, len, "the magazine is full"), 0;
		if (gi(json_object_get(c, "supply"), ammo) < 1)
			return not_done(why, len, "no %s left", ammo), 0;
		spend(it, c, 1);
		lose_position(c);
		si(json_object_get(c, "supply"), ammo, gi(json_object_get(c, "supply"), ammo) - 1);
		si(w, "loaded", s.mag);
		say(it, "%s reloads the %s (%s supply %ld)", nm(c), gs(w, "name"), ammo,
		    gi(json_object_get(c, "supply"), ammo));
		return 1;
	}
	if (!strcmp(act, "HEAL")) {
		const char *mode = json_string_value(json_object_get(alt, "mode"));
		json_t *inj = NULL, *v;
		struct roll r;
		size_t i;
		int medkit = (int)gi(json_object_get(c, "gear"), "medkit");

		t = by_name(it, gs(alt, "target"));
		if (!t || strcmp(gs(t, "zone"), gs(c, "zone")) || t == c)
			return not_done(why, len, "%s is not here", t ? nm(t) : "?"), 0;
		json_array_foreach(json_object_get(t, "injuries"), i, v)
			if (json_is_true(json_object_get(v, "lethal")) && !strcmp(gs(v, "limit"), "round") &&
			    !json_is_true(json_object_get(v, "heal_locked")) && !inj)
				inj = v;
		if (!mode)
			mode = inj ? "WOUND" : "UP";
		if (!strcmp(mode, "WOUND") && !inj)
			return not_done(why, len, "no dying wound to stabilise"), 0;
		if (!strcmp(mode, "UP") && !is_status(t, "broken"))
			return not_done(why, len, "%s is not broken", nm(t)), 0;
		if (!strcmp(mode, "UP") && injury_mod(t, "catatonic"))
			return not_done(why, len, "%s is catatonic", nm(t)), 0;
		spend(it, c, 1);
		lose_position(c);
		if (skill_roll(it, c, "healing", medkit, 0, !strcmp(mode, "UP") ? "(revive)" : "(stabilise)", "",
			       "HEAL", NULL, &r) < 0)
			return -1;
		if (!strcmp(mode, "WOUND")) {
			if (r.succ) {
				json_object_set_new(inj, "limit", json_string("stretch"));
				say(it, "%s stabilises %s's %s", nm(c), nm(t), gs(inj, "name"));
			} else {
				json_object_set_new(inj, "heal_locked", json_true());
				say(it, "%s fails to stabilise %s", nm(c), nm(t));
			}
		} else {
			int k;
			const char *by = gs(t, "broken_by");

			for (k = 0; k < r.succ; k++) {
				if (!strcmp(by, "health") || !strcmp(by, "resolve")) {
					json_t *tr = json_object_get(t, !strcmp(by, "health") ? "health" : "resolve");
					si(tr, "value", gi(tr, "value") + 1);
				} else {
					json_t *cd = json_object_get(t, "conditions");
					si(cd, by, gi(cd, by) - 1 < 0 ? 0 : gi(cd, by) - 1);
				}
			}
			if (gi(json_object_get(t, "health"), "value") > 0 && gi(json_object_get(t, "resolve"), "value") > 0 &&
			    gi(json_object_get(t, "conditions"), "physical") < 4 && gi(json_object_get(t, "conditions"), "mental") < 4) {
				json_object_set_new(t, "status", json_string("active"));
				json_object_set_new(t, "broken_by", json_null());
				say(it, "%s revives %s", nm(c), nm(t));
			} else {
				say(it, "%s is still broken", nm(t));
			}
		}
		return pay_pushes(it) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "BREAK")) {
		json_t *br = border(it, gs(c, "zone"), gs(alt, "zone")), *w = drawn(c);
		int gear = is_close_weapon(w) ? weapon_of(w).bonus : 0;
		struct roll r;
		char what[96];

		if (!br || strcmp(gs(br, "type"), "door") || !strcmp(gs(br, "door"), "open"))
			return not_done(why, len, "no shut door to %s", gs(alt, "zone")), 0;
		spend(it, c, 1);
		lose_position(c);
		snprintf(what, sizeof(what), "(breaking the door to %s)", gs(alt, "zone"));
		if (skill_roll(it, c, "melee", gear, 0, what, "", "DOOR", gear ? gs(w, "name") : NULL, &r) < 0)
			return -1;
		if (r.succ) {
			long tough = (json_is_integer(json_object_get(br, "toughness")) ? gi(br, "toughness") : 2) - r.succ;

			si(br, "toughness", tough < 0 ? 0 : tough);
			if (tough <= 0) {
				json_object_set_new(br, "door", json_string("open"));
				json_object_set_new(br, "type", json_string("open"));
				say(it, "The door to %s breaks open for good", gs(alt, "zone"));
			} else {
				say(it, "The door to %s holds (toughness %ld)", gs(alt, "zone"), tough);
			}
		}
		return pay_pushes(it) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "PICK UP")) {
		json_t *floor = json_object_get(zone(it, gs(c, "zone")), "floor"), *w = NULL;
		size_t i;

		json_array_foreach(floor, i, w)
			if (!strcasecmp(gs(w, "name"), gs(alt, "weapon")))
				break;
		if (i >= json_array_size(floor))
			return not_done(why, len, "no %s on the floor here", gs(alt, "weapon")), 0;
		if (weapon_named(c, gs(w, "name")))
			return not_done(why, len, "already carries a %s", gs(w, "name")), 0;
		spend(it, c, 0);
		lose_position(c);
		json_array_append(json_object_get(c, "weapons"), w);
		say(it, "%s picks up the %s", nm(c), gs(w, "name"));
		json_array_remove(floor, i);
		return 1;
	}
	if (!strcmp(act, "READY")) {
		json_t *w = drawn(c);
		struct wstat ws = weapon_of(w);

		if (!w || strcmp(ws.family, "single"))
			return not_done(why, len, "no bow or sling drawn"), 0;
		if (gi(w, "loaded") >= 1)
			return not_done(why, len, "already readied"), 0;
		if (gi(json_object_get(c, "supply"), ws.ammo ? ws.ammo : "") < 1)
			return not_done(why, len, "no %s left", ws.ammo ? ws.ammo : "missiles"), 0;
		spend(it, c, 0);
		json_object_set_new(c, "overwatch", json_null());
		si(w, "loaded", 1);
		say(it, "%s readies the %s", nm(c), gs(w, "name"));
		return 1;
	}
	if (!strcmp(act, "THROW")) {
		json_t *w = weapon_named(c, gs(alt, "weapon"));
		struct wstat ws = weapon_of(w);
		int rng;

		t = by_name(it, gs(alt, "target"));
		if (!w || strcasecmp(gs(c, "drawn"), gs(w, "name")) || strcmp(ws.family, "thrown") || ws.bonus <= 0)
			return not_done(why, len, "no thrown weapon %s drawn", gs(alt, "weapon")), 0;
		if (!t || !enemies(c, t) || !active(t))
			return not_done(why, len, "%s is no active enemy", t ? nm(t) : "?"), 0;
		rng = range_between(it, c, t);
		if (rng > ws.range)
			return not_done(why, len, "%s is out of range", nm(t)), 0;
		if (!line_of_sight(it, gs(c, "zone"), gs(t, "zone")))
			return not_done(why, len, "%s is out of sight", nm(t)), 0;
		spend(it, c, 1);
		json_object_set_new(c, "overwatch", json_null());
		if (overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c) || !active(t)) {
			say(it, "%s's throw at %s is lost", nm(c), nm(t));
			return 1;
		}
		return throw_at(it, c, t, w, json_object_get(alt, "using")) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "AUTO")) {
		json_t *w = drawn(c), *names = json_object_get(alt, "targets");
		int k, hits = 0;

		if (!is_gun(w) || !json_is_true(json_object_get(w, "auto")))
			return not_done(why, len, "no full-auto weapon drawn"), 0;
		if (json_is_integer(json_object_get(w, "loaded")) && gi(w, "loaded") <= 0)
			return not_done(why, len, "the %s is not loaded", gs(w, "name")), 0;
		t = by_name(it, json_string_value(json_array_get(names, 0)));
		if (!t || !enemies(c, t) || !active(t) || !can_shoot_at(it, w, c, t))
			return not_done(why, len, "%s cannot be shot", t ? nm(t) : "?"), 0;
		spend(it, c, 1);
		json_object_set_new(c, "overwatch", json_null());
		if (overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c)) {
			say(it, "%s's burst is lost", nm(c));
			return 1;
		}
		for (k = 0; k < 3 && active(c); k++) {
			size_t n = json_array_size(names), j;
			json_t *tk = by_name(it, json_string_value(json_array_get(names, (size_t)k < n ? (size_t)k : n - 1)));
			long before;

			if (!tk || !active(tk) || !can_shoot_at(it, w, c, tk)) {
				tk = NULL;
				for (j = 0; j < n && !tk; j++) {
					json_t *x = by_name(it, json_string_value(json_array_get(names, j)));

					if (x && active(x) && can_shoot_at(it, w, c, x))
						tk = x;
				}
			}
			if (!tk)
				break;
			if (k)
				say(it, "%s's burst goes on at %s", nm(c), nm(tk));
			before = gi(json_object_get(tk, "health"), "value");
			si(w, "burst", 1);
			if (shoot(it, c, tk, w, json_object_get(alt, "using"), k > 0, 0) < 0)
				return -1;
			hits = it->last_hit;
			(void)before;
			if (!hits)
				break;
		}
		json_object_del(w, "burst");
		if (json_is_integer(json_object_get(w, "loaded")))
			si(w, "loaded", gi(w, "loaded") - 1);
		else
			si(w, "loaded", weapon_of(w).mag - 1);
		return supply_roll(it, c, weapon_of(w).ammo) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "GRAPPLE")) {
		t = by_name(it, gs(alt, "target"));
		if (!t || !enemies(c, t) || !active(t) || !engaged_with(c, t))
			return not_done(why, len, "%s is no active enemy engaged with %s", t ? nm(t) : "?", nm(c)), 0;
		if (json_is_string(json_object_get(t, "grappled_by")) || json_is_string(json_object_get(c, "grappling")))
			return not_done(why, len, "already in a grapple"), 0;
		spend(it, c, 1);
		lose_position(c);
		if (overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c) || !active(t)) {
			say(it, "%s's grapple on %s is lost", nm(c), nm(t));
			return 1;
		}
		return melee(it, c, t, NULL, NULL, 0, 0, 2) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "BREAK FREE")) {
		json_t *g = by_name(it, json_string_value(json_object_get(c, "grappled_by")));
		struct roll r, rg;
		int pm = json_is_true(json_object_get(c, "prone")) ? -2 : 0;

		if (!g)
			return not_done(why, len, "not grappled"), 0;
		spend(it, c, 1);
		if (skill_roll(it, c, "melee", 0, pm, "(breaking free)", pm ? "; prone -2" : "", "ESCAPE", NULL, &r) < 0)
			return -1;
		pm = json_is_true(json_object_get(g, "prone")) ? -2 : 0;
		if (skill_roll(it, g, "melee", 0, pm, "(holding on)", pm ? "; prone -2" : "", NULL, NULL, &rg) < 0)
			return -1;
		if (r.succ > rg.succ) {
			end_grapples(it, c);
			say(it, "%s breaks free of %s", nm(c), nm(g));
		} else {
			say(it, "%s holds on to %s", nm(g), nm(c));
		}
		return pay_pushes(it) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "PUMMEL") || !strcmp(act, "RELEASE")) {
		t = by_name(it, json_string_value(json_object_get(c, "grappling")));
		if (!t)
			return not_done(why, len, "not grappling anyone"), 0;
		spend(it, c, 0);
		lose_position(c);
		if (!strcmp(act, "RELEASE")) {
			end_grapples(it, c);
			say(it, "%s releases %s", nm(c), nm(t));
			return 1;
		}
		if (overwatch_fire(it, c, "ATTACK") < 0)
			return -1;
		if (!active(c))
			return 1;
		return melee(it, c, t, NULL, NULL, 0, 0, 1) < 0 ? -1 : 1;
	}
	if (!strcmp(act, "FLEE")) {
		if (!json_is_true(json_object_get(zone(it, gs(c, "zone")), "exit")))
			return not_done(why, len, "%s is no exit", gs(c, "zone")), 0;
		if (prone)
			return not_done(why, len, "prone"), 0;
		if (engaged_active(it, c))
			return not_done(why, len, "engaged (RETREAT OUT instead)"), 0;
		spend(it, c, 0);
		disengage_all(it, c);
		json_object_set_new(c, "status", json_string("fled"));
		say(it, "%s flees the skirmish", nm(c));
		return 1;
	}
	not_done(why, len, "%s is not played by this judge yet", act);
	return 0;
}

static int guard_holds(struct it *it, json_t *c, json_t *g)
{
	const char *k = gs(g, "c");
	int neg = json_is_true(json_object_get(g, "not")), v = 0;

	if (!json_is_object(g))
		return 1;
	if (!strcmp(k, "ENGAGED"))
		v = engaged_active(it, c);
	else if (!strcmp(k, "PRONE"))
		v = json_is_true(json_object_get(c, "prone"));
	else if (!strcmp(k, "ENEMY_IN_RANGE")) {
		json_t *w = drawn(c);

		v = is_gun(w) ? target_of(it, c, "NEAREST", 1, w) != NULL : engaged_active(it, c);
	} else if (!strcmp(k, "ENEMY_IN")) {
		size_t i;

		for (i = 0; i < ncharacters(it); i++)
			v |= active(chr(it, i)) && enemies(chr(it, i), c) &&
			     !strcmp(gs(chr(it, i), "zone"), gs(g, "zone"));
	} else if (!strcmp(k, "CHAR")) {
		json_t *o = by_name(it, gs(g, "who"));
		const char *is = gs(g, "is");

		v = !strcmp(is, "BROKEN") ? is_status(o, "broken") : !strcmp(is, "ACTIVE") ? active(o)
			: !is_status(o, "broken");
	} else if (!strcmp(k, "HEALTH"))
		v = cmp_op(gi(json_object_get(c, "health"), "value"), gs(g, "op"), gi(g, "n"));
	return neg ? !v : v;
}

static const char *alt_text(json_t *alt, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s", gs(alt, "act"),
		 *gs(alt, "target") ? " " : *gs(alt, "zone") ? " " : "",
		 *gs(alt, "target") ? gs(alt, "target") : gs(alt, "zone"));
	return buf;
}

/* ---------- death saves, the turn, the round ---------- */

static int death_saves(struct it *it, json_t *c)
{
	json_t *inj;
	size_t i;

	json_array_foreach(json_object_get(c, "injuries"), i, inj) {
		struct roll r;
		char what[120];

		if (is_status(c, "dead"))
			return 0;
		if (!json_is_true(json_object_get(inj, "lethal")) || strcmp(gs(inj, "limit"), "round") ||
		    gi(inj, "since") >= gi(it->st, "tick"))
			continue;
		snprintf(what, sizeof(what), "(death save, %s)", gs(inj, "name"));
		if (skill_roll(it, c, "stamina", 0, 0, what, "", NULL, NULL, &r) < 0)
			return -1;
		if (!r.succ) {
			make_dead(it, c);
			return 0;
		}
		json_object_set_new(inj, "heal_locked", json_false());
		say(it, "%s lingers on", nm(c));
	}
	return 0;
}

static int take_turn(struct it *it, json_t *c)
{
	json_t *plan = json_object_get(it->plans, nm(c)), *slot, *f;
	size_t i, j;

	si(it->st, "tick", gi(it->st, "tick") + 1);
	it->subject = c;
	say(it, "-- %s's turn (card %d)", nm(c), card_of(c));
	if (death_saves(it, c) < 0)
		return -1;
	if (!active(c) || injury_mod(c, "catatonic")) {
		if (!is_status(c, "dead"))
			say(it, "%s cannot act (%s)", nm(c), active(c) ? "catatonic" : gs(c, "status"));
		return 0;
	}
	json_array_clear(json_object_get(c, "unaware_of"));
	if (json_is_true(json_object_get(c, "pinned"))) {
		json_object_set_new(c, "pinned", json_false());
		if (!it->b[idx(it, c)].slow) {
			it->b[idx(it, c)].slow = 1;
			it->b[idx(it, c)].used++;
		}
		say(it, "%s is pinned: the slow action is lost", nm(c));
	}
	if (!plan) {
		say(it, "%s has no orders and holds", nm(c));
		return 0;
	}
	json_array_foreach(json_object_get(plan, "slots"), i, slot) {
		json_t *alt;
		int done = 0;

		if (!active(c))
			break;
		json_array_foreach(slot, j, alt) {
			char why[200], txt[160];
			int rc;

			if (!guard_holds(it, c, json_object_get(alt, "guard"))) {
				if (!it->quiet)
					say(it, "%s skips %s: its condition does not hold", nm(c),
					    alt_text(alt, txt, sizeof(txt)));
				continue;
			}
			why[0] = '\0';
			rc = perform(it, c, alt, why, it->quiet ? 0 : sizeof(why));
			if (rc < 0)
				return -1;
			if (rc > 0) {
				done = 1;
				break;
			}
			if (!it->quiet)
				say(it, "%s cannot %s: %s", nm(c), alt_text(alt, txt, sizeof(txt)), why);
		}
		if (!done && json_array_size(slot))
			say(it, "%s's slot %zu is lost", nm(c), i + 1);
	}
	json_array_foreach(json_object_get(plan, "free"), i, f) {
		const char *a = gs(f, "act");

		if (!active(c))
			break;
		if (!strcmp(a, "PRONE") && !json_is_true(json_object_get(c, "prone"))) {
			json_object_set_new(c, "prone", json_true());
			say(it, "%s drops prone", nm(c));
		} else if (!strcmp(a, "SAY")) {
			say(it, "%s says: %s", nm(c), gs(f, "text"));
		} else if (!strcmp(a, "DROP") && weapon_named(c, gs(f, "weapon"))) {
			json_t *w = weapon_named(c, gs(f, "weapon")), *x;
			size_t k;

			json_array_append(json_object_get(zone(it, gs(c, "zone")), "floor"), w);
			json_array_foreach(json_object_get(c, "weapons"), k, x)
				if (x == w) {
					json_array_remove(json_object_get(c, "weapons"), k);
					break;
				}
			if (!strcasecmp(gs(c, "drawn"), gs(f, "weapon")))
				json_object_set_new(c, "drawn", json_null());
			say(it, "%s drops the %s", nm(c), gs(f, "weapon"));
		}
	}
	return 0;
}

static int operator_orders(struct it *it, json_t *ops, int *ended)
{
	json_t *o;
	size_t i;

	json_array_foreach(ops, i, o)
		if (!strcmp(gs(o, "op"), "END SKIRMISH")) {
			json_t *out = json_object_get(it->st, "outcome");

			json_object_set_new(out, "over", json_true());
			if (!json_is_string(json_object_get(out, "reason")))
				json_object_set_new(out, "reason", json_string(*gs(o, "reason") ? gs(o, "reason") : "ended by the Operator"));
			json_object_set_new(it->st, "phase", json_string("over"));
			say(it, "The Operator ends the skirmish%s%s", *gs(o, "reason") ? ": " : "", gs(o, "reason"));
			*ended = 1;
			return 0;
		}
	json_array_foreach(ops, i, o) {
		const char *op = gs(o, "op");
		json_t *c = by_name(it, gs(o, "who"));

		/* An order about a character is told to the seats that see it; map changes to all. */
		it->subject = c;
		if (!strcmp(op, "STRESS") && c) {
			struct roll r;
			int n = (int)gi(o, "n");

			say(it, "The Operator: %s faces %d stress", nm(c), n);
			if (active(c)) {
				if (skill_roll(it, c, "insight", 0, 0, "(against stress)", "", "STRESS", NULL, &r) < 0)
					return -1;
				n -= r.succ;
				if (n <= 0)
					say(it, "%s shrugs the stress off", nm(c));
			}
			if (n > 0 && harm(it, c, n, 1, 1) < 0)
				return -1;
			if (pay_pushes(it) < 0)
				return -1;
		} else if (!strcmp(op, "FEATURE")) {
			json_t *z = zone(it, gs(o, "zone")), *fs = json_object_get(z, "features");

			if (!json_is_array(fs)) {
				fs = json_array();
				json_object_set_new(z, "features", fs);
			}
			list_remove(fs, gs(o, "feature"));
			if (json_is_true(json_object_get(o, "add")))
				json_array_append_new(fs, json_string(gs(o, "feature")));
			say(it, "The Operator: %s %s %s", gs(o, "zone"), json_is_true(json_object_get(o, "add")) ?
			    "is now" : "is no longer", gs(o, "feature"));
		} else if (!strcmp(op, "DOOR")) {
			json_object_set_new(border(it, gs(o, "a"), gs(o, "b")), "door", json_string(gs(o, "door")));
			say(it, "The Operator: the door between %s and %s is %s", gs(o, "a"), gs(o, "b"), gs(o, "door"));
		} else if (!strcmp(op, "HIDDEN") && c) {
			json_object_set_new(c, "hidden", json_boolean(json_is_true(json_object_get(o, "hidden"))));
			say(it, "The Operator: %s is %s", nm(c), json_is_true(json_object_get(o, "hidden")) ? "unseen" : "seen again");
		} else if (!strcmp(op, "REMOVE") && c) {
			disengage_all(it, c);
			end_grapples(it, c);
			json_object_set_new(c, "status", json_string("removed"));
			say(it, "The Operator removes %s", nm(c));
		}
	}
	it->subject = NULL;
	return 0;
}

static int lethal_pending(const struct it *it)
{
	size_t i, k;

	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i), *inj;

		if (is_status(c, "dead"))
			continue;
		json_array_foreach(json_object_get(c, "injuries"), k, inj)
			if (json_is_true(json_object_get(inj, "lethal")) && !strcmp(gs(inj, "limit"), "round"))
				return 1;
	}
	return 0;
}

static void end_of_round(struct it *it)
{
	json_t *out = json_object_get(it->st, "outcome");
	const char *sides[MAXC];
	size_t i, n = 0, k;

	it->subject = NULL;
	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i), *o = by_name(it, json_string_value(json_object_get(c, "outpace_with")));

		if (o) {
			json_t *a = json_object_get(c, "card"), *b = json_object_get(o, "card");

			json_incref(a);
			json_object_set(c, "card", b);
			json_object_set_new(o, "card", a);
			say(it, "%s and %s exchange cards (outpace)", nm(c), nm(o));
		}
		json_object_set_new(c, "outpace_with", json_null());
	}
	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i);

		if (json_is_true(json_object_get(c, "fired_single"))) {
			json_t *w = drawn(c);
			const char *ammo = weapon_of(w).ammo;

			if (!w) {
				size_t j;
				json_t *x;

				json_array_foreach(json_object_get(c, "weapons"), j, x)
					if (!strcmp(weapon_of(x).family, "single"))
						ammo = weapon_of(x).ammo;
			}
			json_object_set_new(c, "fired_single", json_false());
			if (supply_roll(it, c, ammo) < 0)
				return;
		}
	}
	if (!json_is_true(json_object_get(out, "decided"))) {
		for (i = 0; i < ncharacters(it); i++) {
			json_t *c = chr(it, i);

			if (!active(c))
				continue;
			for (k = 0; k < n && strcmp(sides[k], gs(c, "side")); k++)
				;
			if (k == n)
				sides[n++] = gs(c, "side");
		}
		if (n <= 1) {
			json_object_set_new(out, "decided", json_true());
			if (n == 1) {
				json_object_set_new(out, "winner", json_string(sides[0]));
				json_object_set_new(out, "reason", json_string("the other sides are out"));
			} else {
				json_object_set_new(out, "draw", json_true());
				json_object_set_new(out, "reason", json_string("no side is left"));
			}
		}
	}
	if (json_is_true(json_object_get(out, "decided"))) {
		if (lethal_pending(it)) {
			json_object_set_new(out, "aftermath", json_true());
			say(it, "The fight is decided; the aftermath goes on while someone is dying");
		} else {
			json_object_set_new(out, "over", json_true());
			json_object_set_new(out, "aftermath", json_false());
		}
	} else if (json_is_integer(json_object_get(it->scen, "max_rounds")) &&
		   it->round >= gi(it->scen, "max_rounds")) {
		json_object_set_new(out, "over", json_true());
		json_object_set_new(out, "reason", json_string("the last round was played"));
	}
	if (json_is_true(json_object_get(out, "over"))) {
		json_object_set_new(it->st, "phase", json_string("over"));
		if (json_is_string(json_object_get(out, "winner")))
			say(it, "The skirmish is over: %s wins", gs(out, "winner"));
		else if (json_is_true(json_object_get(out, "draw")))
			say(it, "The skirmish is over: a draw");
		else
			say(it, "The skirmish is over: no winner (%s)", gs(out, "reason"));
	} else {
		si(it->st, "round", it->round + 1);
	}
}

static const char *holder(const json_t *c)
{
	return json_is_string(json_object_get(c, "group")) ? gs(c, "group") : nm(c);
}

static int live_holder(const json_t *c)
{
	return is_status(c, "active") || is_status(c, "broken");
}

/* SWAP (R4.5): 1 when the cards were exchanged. */
static int try_swap(struct it *it, json_t *c)
{
	json_t *plan = json_object_get(it->plans, nm(c)), *o;
	int mine = card_of(c), theirs;
	size_t i;

	if (!json_is_string(json_object_get(plan, "swap")) || json_is_true(json_object_get(plan, "swap_done")))
		return 0;
	json_object_set_new(plan, "swap_done", json_true());
	o = by_name(it, gs(plan, "swap"));
	theirs = o ? card_of(o) : 0;
	if (!active(c) || !o || !live_holder(o) || it->acted[idx(it, o)] || theirs <= mine ||
	    gi(c, "swap_lock") == it->round || gi(o, "swap_lock") == it->round) {
		say(it, "%s's SWAP with %s is ignored", nm(c), o ? nm(o) : "?");
		return 0;
	}
	for (i = 0; i < ncharacters(it); i++) {
		json_t *x = chr(it, i);

		if (card_of(x) == mine) {
			si(x, "card", theirs);
			si(x, "swap_lock", it->round);
		} else if (card_of(x) == theirs) {
			si(x, "card", mine);
			si(x, "swap_lock", it->round);
		}
	}
	say(it, "%s swaps cards with %s (%d <-> %d)", nm(c), nm(o), mine, theirs);
	return 1;
}

static int shoot(struct it *it, json_t *c, json_t *t, json_t *w, json_t *using, int overwatch,
		 int finish);
static int can_shoot_at(struct it *it, json_t *w, json_t *c, json_t *t);

/* Overwatch ON SIGHT before a slot (R8.2): each SIGHT watcher's first target. */
static int sight_checks(struct it *it)
{
	json_t *order[MAXC];
	size_t n = initiative(it, order), i, k;

	for (i = 0; i < n; i++) {
		json_t *w = order[i], *ow = json_object_get(w, "overwatch");

		if (!json_is_object(ow) || strcmp(gs(ow, "on"), "SIGHT") || !active(w) ||
		    json_array_size(json_object_get(w, "unaware_of")) || !can_spend(it, w, 1))
			continue;
		for (k = 0; k < ncharacters(it); k++) {
			json_t *t = chr(it, k);

			if (!active(t) || !enemies(w, t) || strcmp(gs(t, "zone"), gs(ow, "zone")) ||
			    (json_is_string(json_object_get(ow, "only")) && strcmp(gs(ow, "only"), nm(t))) ||
			    !can_shoot_at(it, drawn(w), w, t))
				continue;
			if ((json_is_true(json_object_get(w, "pinned")) ? watch_shot(it, w, t, " (on sight)")
			     : watch_fire(it, w, t, " (on sight)")) < 0)
				return -1;
			break;
		}
	}
	return it->failed ? -1 : 0;
}

static int play_round(struct it *it, json_t *ops)
{
	int ended = 0, last_card = -1;

	it->subject = NULL;
	say(it, "== Round %d", it->round);
	if (operator_orders(it, ops, &ended) < 0)
		return -1;
	if (ended)
		return 0;
	for (;;) {
		json_t *next = NULL;
		size_t i;

		for (i = 0; i < ncharacters(it); i++) {
			json_t *c = chr(it, i);

			if (!live_holder(c) || it->acted[i])
				continue;
			if (!next || card_of(c) < card_of(next))
				next = c;
		}
		if (!next)
			break;
		it->subject = next;
		if (try_swap(it, next))
			continue;
		if (card_of(next) != last_card) {
			last_card = card_of(next);
			if (sight_checks(it) < 0)
				return -1;
		}
		it->acted[idx(it, next)] = 1;
		if (take_turn(it, next) < 0)
			return -1;
	}
	end_of_round(it);
	return it->failed ? -1 : 0;
}

/* ---------- the setup step (R4) ---------- */

static size_t holder_index(const struct it *it, const char *const *holders, size_t nh,
			   const char *name)
{
	json_t *c = by_name(it, name);
	size_t h;

	for (h = 0; c && h < nh && strcmp(holders[h], holder(c)); h++)
		;
	return c ? h : nh;
}

/* The first member of holder (a character's name or a group), in state order. */
static json_t *holder_first(struct it *it, const char *h)
{
	size_t i;

	for (i = 0; i < ncharacters(it); i++)
		if (!strcmp(holder(chr(it, i)), h))
			return chr(it, i);
	return NULL;
}

/*
 * The "Initiative:" line of the setup report. Each seat is told the cards
 * of the characters it sees (R2.5); the Operator and the seats that see
 * everyone get the whole line, public when every seat sees everyone.
 */
static void tell_initiative(struct it *it)
{
	json_t *order[MAXC], *c, *groups = json_object(), *seats;
	size_t n = initiative(it, order), i, k;
	const char *key;
	char full[MAXC + 1];

	for (i = 0; i < n; i++)
		full[i] = '1';
	full[n] = '\0';
	/* Each player seat's pattern of seen characters ("1101"), seats grouped by pattern. */
	json_array_foreach(it->chars, k, c) {
		const char *ctl = json_string_value(json_object_get(c, "controller"));
		char seen[MAXC + 1];
		json_t *list;

		if (!ctl || !strcmp(ctl, IT_OPERATOR))
			continue;
		for (i = 0; i < n; i++)
			seen[i] = seat_sees(it, ctl, order[i]) ? '1' : '0';
		seen[n] = '\0';
		if (!(list = json_object_get(groups, seen)))
			json_object_set_new(groups, seen, list = json_array());
		if (!in_list(list, ctl))
			json_array_append_new(list, json_string(ctl));
	}
	if (!json_object_get(groups, full))
		json_object_set_new(groups, full, json_array());
	json_array_append_new(json_object_get(groups, full), json_string(IT_OPERATOR));
	json_object_foreach(groups, key, seats) {
		char line[512] = "Initiative:";
		size_t l = strlen(line);

		for (i = 0; i < n; i++)
			if (key[i] == '1' && json_is_integer(json_object_get(order[i], "card")))
				l += (size_t)snprintf(line + l, l < sizeof(line) ? sizeof(line) - l : 0, " %ld %s,",
						      gi(order[i], "card"), nm(order[i]));
		if (l < sizeof(line) && line[l - 1] == ',')
			line[l - 1] = '\0';
		tell(it, json_object_size(groups) == 1 ? NULL : json_incref(seats), line);
	}
	json_decref(groups);
}

static int setup_step(struct it *it)
{
	json_t *op = json_object_get(it->scen, "opening"), *v;
	const char *kind = *gs(op, "kind") ? gs(op, "kind") : "normal";
	const char *holders[MAXC];
	int role[MAXC], card_of_h[MAXC], taken[11] = { 0 };
	size_t nh = 0, i, k;

	/* The opening is the Operator's secret until it is sprung (R4.2): only a normal one is told to all. */
	if (!it->quiet) {
		char line[80];

		snprintf(line, sizeof(line), "== Setup: the opening is %s", kind);
		tell(it, strcmp(kind, "normal") ? json_pack("[s]", IT_OPERATOR) : NULL, line);
	}
	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i);

		if (!active(c) && !is_status(c, "broken"))
			continue;
		for (k = 0; k < nh && strcmp(holders[k], holder(c)); k++)
			;
		if (k == nh) {
			if (nh == 10) {
				errbuf_set(it->err, sizeof(it->err), "more than ten holders: the deck has ten cards");
				return -1;
			}
			holders[nh] = holder(c);
			role[nh] = 0;	/* 0 draw, 1 choose, 2 fail */
			card_of_h[nh++] = 0;
		}
	}
#define HOLDER_OF(name) holder_index(it, holders, nh, name)
	if ((!strcmp(kind, "surprise") || !strcmp(kind, "ambush")) &&
	    !json_array_size(json_object_get(op, "targets"))) {
		/* No targets listed: every enemy of the first attacker (judge). */
		json_t *first = by_name(it, json_string_value(json_array_get(json_object_get(op, "attackers"), 0)));
		json_t *targets = json_array();

		for (i = 0; first && i < ncharacters(it); i++)
			if (active(chr(it, i)) && enemies(first, chr(it, i)))
				json_array_append_new(targets, json_string(nm(chr(it, i))));
		json_object_set_new(op, "targets", targets);
	}
	if (!strcmp(kind, "surprise") || !strcmp(kind, "ambush")) {
		json_array_foreach(json_object_get(op, "attackers"), i, v) {
			size_t h = HOLDER_OF(json_string_value(v));
			if (h < nh)
				role[h] = 1;
		}
	}
	if (!strcmp(kind, "surprise")) {
		json_t *t;

		json_array_foreach(json_object_get(op, "targets"), i, t) {
			json_t *tc = by_name(it, json_string_value(t)), *a;

			json_array_foreach(json_object_get(op, "attackers"), k, a)
				if (tc && !in_list(json_object_get(tc, "unaware_of"), json_string_value(a)))
					json_array_append_new(json_object_get(tc, "unaware_of"), json_string(json_string_value(a)));
		}
	} else if (!strcmp(kind, "ambush")) {
		json_t *t;

		json_array_foreach(json_object_get(op, "targets"), i, t) {
			json_t *tc = by_name(it, json_string_value(t)), *a;
			struct roll r;
			int mod = 0;
			char mods[80] = "";

			if (!tc)
				continue;
			if (json_is_true(json_object_get(op, "prepared"))) {
				mod -= 2;
				strcat(mods, "; prepared ambush -2");
			}
			if (has_feature(it, gs(tc, "zone"), "DIMLY_LIT")) {
				mod -= 2;
				strcat(mods, "; dimly lit -2");
			}
			it->subject = tc;
			if (skill_roll(it, tc, "observation", 0, mod, "(against the ambush)", mods, NULL, NULL, &r) < 0)
				return -1;
			if (!r.succ) {
				size_t h = HOLDER_OF(nm(tc));

				say(it, "%s is caught unaware", nm(tc));
				json_array_foreach(json_object_get(op, "attackers"), k, a)
					json_array_append_new(json_object_get(tc, "unaware_of"), json_string(json_string_value(a)));
				if (h < nh && role[h] != 1)
					role[h] = 2;
			} else {
				say(it, "%s spots the ambush", nm(tc));
			}
		}
	} else if (!strcmp(kind, "sneak")) {
		json_t *a = by_name(it, gs(op, "attacker")), *t = by_name(it, gs(op, "target"));
		int eng = json_is_true(json_object_get(op, "engaged"));
		struct roll r;

		if (a && t) {
			it->subject = a;
			if (skill_roll(it, a, "stealth", 0, eng ? -2 : 0, "(sneak attack)", eng ? "; moving in -2" : "",
				       "STEALTH", NULL, &r) < 0)
				return -1;
			if (pay_pushes(it) < 0)
				return -1;
			if (r.succ) {
				size_t h = HOLDER_OF(nm(a));

				if (h < nh)
					role[h] = 1;
				json_array_append_new(json_object_get(t, "unaware_of"), json_string(nm(a)));
				if (eng)
					engage(a, t);
				say(it, "%s sneaks up on %s unnoticed", nm(a), nm(t));
			} else {
				say(it, "%s notices %s", nm(t), nm(a));
			}
		}
	}
	/* (a) choosers */
	it->subject = NULL;
	for (i = 0; i < ncharacters(it); i++) {
		json_t *c = chr(it, i), *plan = json_object_get(it->plans, nm(c));
		size_t h = HOLDER_OF(nm(c));
		int want = (int)gi(plan, "card"), cd;

		if (h >= nh || role[h] != 1 || card_of_h[h])
			continue;
		if (want < 1 || want > 10 || taken[want])
			for (want = 1; want <= 10 && taken[want]; want++)
				;
		cd = want;
		taken[cd] = 1;
		card_of_h[h] = cd;
		it->subject = c;
		say(it, "%s chooses card %d", holders[h], cd);
		it->subject = NULL;
	}
	/* (b) failing holders draw the bottom cards; (c) the others draw */
	{
		int pass;

		for (pass = 2; pass >= 0; pass -= 2) {
			int nfail = 0, bottom[11] = { 0 };

			for (k = 0; k < nh; k++)
				nfail += role[k] == 2;
			if (pass == 2) {
				int c, got = 0;

				for (c = 10; c >= 1 && got < nfail; c--)
					if (!taken[c]) {
						bottom[c] = 1;
						got++;
					}
			}
			for (k = 0; k < nh; k++) {
				const char *ids[10];
				char names[10][12];
				int cards[10], m = 0, c;
				size_t pick;
				char label[80];

				if (role[k] != pass)
					continue;
				for (c = 1; c <= 10; c++)
					if (!taken[c] && (pass != 2 || bottom[c])) {
						snprintf(names[m], sizeof(names[m]), "%d", c);
						ids[m] = names[m];
						cards[m++] = c;
					}
				snprintf(label, sizeof(label), "init %s", holders[k]);
				if (!m)
					continue;
				if (draw_pick(it->draws, "open", label, ids, (size_t)m, &pick, it->err, sizeof(it->err)) < 0) {
					it->failed = 1;
					return -1;
				}
				json_array_append_new(it->rolls, json_string(label));
				taken[cards[pick]] = 1;
				card_of_h[k] = cards[pick];
				it->subject = holder_first(it, holders[k]);
				say(it, "%s draws card %d%s", holders[k], cards[pick], pass == 2 ? " (a bottom card)" : "");
				it->subject = NULL;
			}
		}
	}
	for (i = 0; i < ncharacters(it); i++) {
		size_t h = HOLDER_OF(nm(chr(it, i)));

		if (h < nh)
			si(chr(it, i), "card", card_of_h[h]);
	}
#undef HOLDER_OF
	if (!it->quiet)
		tell_initiative(it);
	json_object_set_new(it->st, "phase", json_string("round"));
	si(it->st, "round", 1);
	return 0;
}

/*
 * One step on st (normalized, owned: it becomes the next state). quiet:
 * no story, no log. The step's {"state","events","story"}, or NULL with err.
 */
static json_t *resolve(json_t *st, const json_t *orders, struct draw_source *draws, int quiet,
		       char *err, size_t errlen)
{
	struct it it;
	json_t *out = NULL, *ops = json_array(), *seat_orders;
	const char *seat, *phase;
	int rc;

	memset(&it, 0, sizeof(it));
	it.st = st;
	it.quiet = quiet;
	phase = gs(it.st, "phase");
	if (!strcmp(phase, "over")) {
		errbuf_set(err, errlen, "the skirmish is over: no step is due");
		goto out;
	}
	it.chars = json_object_get(it.st, "characters");
	it.scen = json_object_get(it.st, "scenario");
	it.story = json_array();
	it.events = json_array();
	it.rolls = json_array();
	it.plans = json_object();
	it.pending = json_array();
	it.log = json_array();
	it.draws = draws;
	it.round = (int)gi(it.st, "round");
	if (json_array_size(it.chars) > MAXC) {
		errbuf_set(err, errlen, "at most %d characters", MAXC);
		goto out;
	}
	json_object_foreach((json_t *)orders, seat, seat_orders) {
		const char *name;
		json_t *plan;

		json_object_foreach(json_object_get(seat_orders, "chars"), name, plan)
			json_object_set(it.plans, name, plan);
		json_array_extend(ops, json_object_get(seat_orders, "operator"));
	}
	if (!strcmp(phase, "setup"))
		rc = setup_step(&it);
	else {
		size_t i;

		for (i = 0; i < ncharacters(&it); i++) {
			json_t *c = chr(&it, i);

			if ((active(c) || is_status(c, "broken")) && !json_is_integer(json_object_get(c, "card"))) {
				errbuf_set(err, errlen, "%s has no initiative card", nm(c));
				goto out;
			}
		}
		rc = play_round(&it, ops);
	}
	if (rc < 0 || it.failed) {
		errbuf_set(err, errlen, "%s", it.err[0] ? it.err : "the step failed");
		goto out;
	}
	if (!quiet)
		json_object_set_new(it.st, "log", json_pack("{s:O,s:O}", "events", it.log, "rolls", it.rolls));
	out = json_pack("{s:O,s:O,s:O}", "state", it.st, "events", it.events, "story", it.story);
out:
	json_decref(it.st);
	json_decref(it.story);
	json_decref(it.events);
	json_decref(it.rolls);
	json_decref(it.plans);
	json_decref(it.pending);
	json_decref(it.log);
	json_decref(ops);
	return out;
}

json_t *it_resolve(const json_t *state, const json_t *orders, struct draw_source *draws,
		   char *err, size_t errlen)
{
	json_t *st = it_normalize(state, err, errlen);

	return st ? resolve(st, orders, draws, 0, err, errlen) : NULL;
}

json_t *it_resolve_quiet(json_t *state, const json_t *orders, struct draw_source *draws, char *err,
			 size_t errlen)
{
	json_t *out = resolve(state, orders, draws, 1, err, errlen), *next;

	if (!out)
		return NULL;
	next = json_incref(json_object_get(out, "state"));
	json_decref(out);
	return next;
}

int it_can_see(const json_t *state, const json_t *viewer, const json_t *target);
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
	if (has_feature(&it, gs(target, "zone"), "DIMLY_LIT"))
		return 0;
	return line_of_sight(&it, gs(viewer, "zone"), gs(target, "zone"));
}
