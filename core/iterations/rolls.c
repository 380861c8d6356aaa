/*
 * Dice and harm: skill rolls with modifiers, pushes and their costs (R1,
 * R16), damage through cover and armour, conditions, broken characters
 * and critical injuries (R10-R13), and the action budget (R5.2).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/play.h"
#include "lib/errbuf.h"

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

int it_draw_faces(struct it *it, const char *kind, const char *who, int n, int *faces)
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

void it_faces_text(const int *f, int n, char *buf, size_t len)
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

int it_injury_mod(const json_t *c, const char *key)
{
	json_t *inj;
	size_t i;
	int m = 0;

	json_array_foreach(json_object_get(c, "injuries"), i, inj)
		m += (int)gi(json_object_get(inj, "mods"), key);
	return m;
}

int it_cmp_op(long a, const char *op, long b)
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
		if (!it_cmp_op(v, gs(cond, "op"), gi(cond, "n")))
			return 0;
	}
	return 1;
}

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
		    it->b[i].helped || !it_can_spend(it, h, it->help_slow))
			continue;
		it->b[i].helped = 1;
		it_spend(it, h, it->help_slow);
		it_lose_position(h);
		it_say(it, "%s helps %s", nm(h), nm(c));
		n++;
	}
	return n;
}

/*
 * A skill roll (R1): pool, modifiers, the roll, a push when the policy
 * says so. what: "(Pistol at Smith)"; mods: "; range M -1". pushkind NULL:
 * not pushable. 0, or -1 when the step fails (dice).
 */
int it_skill_roll(struct it *it, json_t *c, const char *skill, int gear, int mod,
		  const char *what, const char *modtext, const char *pushkind, const char *weapon,
		      struct roll *r)
{
	int s, base, sk, total, k;
	char faces[200], mods[200];
	const char *attr;
	json_t *roll_to;	/* the seats of the roll line (NULL: public) */

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
		it_injury_mod(c, attr) + it_injury_mod(c, skill);
	snprintf(mods, sizeof(mods), "%s", modtext ? modtext : "");
	{
		int cond = (int)gi(json_object_get(c, "conditions"), r->mental ? "mental" : "physical");
		int inj = it_injury_mod(c, attr) + it_injury_mod(c, skill);
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
		it_say(it, "%s has no dice left for %s %s (0 base, 0 skill, 0 gear%s): fails", nm(c),
		    skills[s].title, what, mods);
		return 0;
	}
	if (it_draw_faces(it, skill, nm(c), r->n, r->f) < 0)
		return -1;
	r->succ = successes(r);
	it_faces_text(r->f, r->n, faces, sizeof(faces));
	it_say(it, "%s rolls %s %s (%d base, %d skill, %d gear%s): %s -> %d success%s", nm(c),
	    skills[s].title, what, r->nb, r->ns, r->ng, mods, faces, r->succ, r->succ == 1 ? "" : "es");
	/* The push lines go where the roll line went (veiled or not): a shot an ally may not see. */
	if (!(pushkind && wants_push(it, c, pushkind, r)))
		return 0;
	roll_to = it->quiet || !it->last_to ? NULL : json_deep_copy(it->last_to);
	{
		int which[MAXD], m = 0, nf[MAXD];

		for (k = 0; k < r->n; k++) {
			int bane = r->f[k] == 1 && (k < r->nb || k >= r->nb + r->ns);

			if (r->f[k] != 6 && !bane)
				which[m++] = k;
		}
		if (!m) {
			it_say_to(it, roll_to, "%s cannot push: no die to re-roll", nm(c));
			json_decref(roll_to);
			return 0;
		}
		if (it_draw_faces(it, "push", nm(c), m, nf) < 0) {
			json_decref(roll_to);
			return -1;
		}
		for (k = 0; k < m; k++)
			r->f[which[k]] = nf[k];
		r->pushed = 1;
		r->succ = successes(r);
		it_faces_text(nf, m, mods, sizeof(mods));
		it_faces_text(r->f, r->n, faces, sizeof(faces));
		it_say_to(it, roll_to, "%s pushes the roll: re-rolls %d %s: %s -> %s -> %d success%s", nm(c), m,
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
	json_decref(roll_to);
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

void it_lose_position(json_t *c)
{
	json_object_set_new(c, "overwatch", json_null());
	si(c, "aim", 0);
}

void it_end_grapples(struct it *it, json_t *c)
{
	json_t *o;

	if ((o = by_name(it, json_string_value(json_object_get(c, "grappling")))))
		json_object_set_new(o, "grappled_by", json_null());
	if ((o = by_name(it, json_string_value(json_object_get(c, "grappled_by")))))
		json_object_set_new(o, "grappling", json_null());
	json_object_set_new(c, "grappling", json_null());
	json_object_set_new(c, "grappled_by", json_null());
}

void it_make_dead(struct it *it, json_t *c)
{
	json_object_set_new(c, "status", json_string("dead"));
	it_disengage_all(it, c);
	it_end_grapples(it, c);
	it_lose_position(c);
	json_object_set_new(c, "cover", json_null());
	it_say_about(it, c, "%s is dead", nm(c));
}

static int critical(struct it *it, json_t *c, int is_mental)
{
	const struct crit *t = is_mental ? mental : physical;
	int f[2], roll, k;
	json_t *inj, *mods;
	char buf[80], *p, *save = NULL;

	if (it_draw_faces(it, "crit", nm(c), 2, f) < 0)
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
	it_say_about(it, c, "%s suffers a %s critical injury: crit %d %d -> %d %s%s%s%s", nm(c),
	    is_mental ? "mental" : "physical", f[0], f[1], roll, t[k].name,
	    !strcmp(t[k].lethal, "yes") ? ", lethal (" : !strcmp(t[k].lethal, "dead") ? ", deadly at once" : "",
	    !strcmp(t[k].lethal, "yes") ? t[k].limit : "", !strcmp(t[k].lethal, "yes") ? ")" : "");
	if (!strcmp(t[k].lethal, "dead"))
		it_make_dead(it, c);
	return 0;
}

/* Broken by cause (R11.1); crit: roll a critical injury. */
static int make_broken(struct it *it, json_t *c, const char *cause, int crit)
{
	json_object_set_new(c, "status", json_string("broken"));
	json_object_set_new(c, "broken_by", json_string(cause));
	json_object_set_new(c, "prone", json_true());
	json_object_set_new(c, "cover", json_null());
	it_lose_position(c);
	it_end_grapples(it, c);
	it_say_about(it, c, "%s is broken (%s)", nm(c), !strcmp(cause, "health") ? "Health 0" :
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
	it_say_about(it, c, "%s takes a %s condition (%ld)", nm(c), k, v + 1);
	if (v + 1 == 4 && active(c))
		return make_broken(it, c, k, crit);
	return 0;
}

/* Points on a track (R10.3, R11.3, R11.4); attack: from an attack (crit when broken). */
int it_harm(struct it *it, json_t *c, int n, int is_mental, int attack)
{
	json_t *t = json_object_get(c, is_mental ? "resolve" : "health");
	long before = gi(t, "value"), after = before - n < 0 ? 0 : before - n;
	const char *by = gs(c, "broken_by");
	int was_broken = is_status(c, "broken");

	if (n <= 0 || is_status(c, "dead"))
		return 0;
	si(t, "value", after);
	it_say_about(it, c, "%s takes %d %s (%s %ld -> %ld)", nm(c), n, is_mental ? "stress" : "damage",
	    is_mental ? "Resolve" : "Health", before, after);
	if (!is_mental)
		it_lose_position(c);
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
	if (it_draw_faces(it, kind, nm(c), rating, f) < 0)
		return -1;
	for (k = 0; k < rating && k < MAXD; k++) {
		stop += f[k] == 6;
		banes += f[k] == 1;
	}
	left = dmg - stop < 0 ? 0 : dmg - stop;
	it_faces_text(f, rating, faces, sizeof(faces));
	it_say_about(it, c, "%s's %s (%d) rolls %s: %d stopped, %d left", nm(c), title, rating, faces,
	    dmg - left, left);
	if (left && banes) {
		si(layer, "rating", rating - banes < 0 ? 0 : rating - banes);
		it_say_about(it, c, "%s's %s loses %d (now %d)", nm(c), title, banes, rating - banes < 0 ? 0 : rating - banes);
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
	json_array_foreach(json_object_get(it_zone(it, gs(c, "zone")), "cover"), i, item)
		if (!strcmp(gs(item, "id"), id))
			return item;
	return NULL;
}

/* Damage of a hit through cover (ranged), armour, to Health (R10); heavy damage. */
int it_hit_damage(struct it *it, json_t *att, json_t *t, int dmg, int ranged)
{
	json_t *item = cover_item(it, t), *armor = json_object_get(t, "armor");
	int left = dmg;

	if (ranged && item && !engaged_with(att, t)) {
		left = protect(it, t, "cover", gs(item, "name"), item, left);
		if (left < 0)
			return -1;
		if (gi(item, "rating") <= 0) {
			size_t i;

			/* Told to the seats that see t: the cover names t's place. */
			it_say_about(it, t, "The %s is destroyed", gs(item, "name"));
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
		it_say_about(it, t, "%s takes no damage", nm(t));
		return 0;
	}
	if (it_harm(it, t, left, 0, 1) < 0)
		return -1;
	if (left >= gi(it->scen, "heavy_damage") && gi(json_object_get(t, "health"), "value") >= 1 &&
	    active(t)) {
		it_say_about(it, t, "%s takes heavy damage (%d points)", nm(t), left);
		return add_condition(it, t, 0, 1);
	}
	return 0;
}

/* Push costs owed (R1.5), applied once the action is resolved. */
int it_pay_pushes(struct it *it)
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
			it_harm(it, c, (int)gi(p, "base"), m, 0);
		if (gi(p, "gear") && (w = it_weapon_named(c, gs(p, "weapon")))) {
			struct wstat s = it_weapon_of(w);
			int b = s.bonus - (int)gi(p, "gear");

			si(w, "bonus", b < 0 ? 0 : b);
			it_say(it, "%s's %s wears down: bonus %d%s", nm(c), gs(w, "name"), b < 0 ? 0 : b,
			    b <= 0 ? " (broken)" : "");
		}
		it->told_to = NULL;
	}
	json_array_clear(it->pending);
	return it->failed ? -1 : 0;
}

/* ---------- budget (R5.2) ---------- */

int it_can_spend(const struct it *it, const json_t *c, int slow)
{
	const struct budget *b = &it->b[idx(it, c)];

	return slow ? (!b->slow && b->used <= 1) : b->used < 2;
}

void it_spend(struct it *it, const json_t *c, int slow)
{
	struct budget *b = &it->b[idx(it, c)];

	b->used++;
	b->slow |= slow;
}

/* Characters in initiative order (card, then state order). */
size_t it_initiative(const struct it *it, json_t **out)
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
