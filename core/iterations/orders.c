/*
 * The plan reader (R15): CHAR blocks with two action slots of OR
 * alternatives and IF guards, standing lines (BLOCK, PUSH, HELP, CARD),
 * free actions, and the Operator block. Everything wrong on paper is
 * refused here, naming the line; what turns out impossible at play time
 * is the resolver's (the slot tries its next alternative).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/iterations.h"
#include "lib/errbuf.h"

#define MAX_WORDS 64
#define WORD_MAX 64

struct words {
	char w[MAX_WORDS][WORD_MAX];
	int n;
	const char *rest[MAX_WORDS];	/* the original text from word k on (SAY) */
};

struct reader {
	const json_t *state;
	const char *seat, *name;
	int line, setup;
	char *err;
	size_t errlen;
};

static int fail(struct reader *r, const char *fmt, const char *a)
{
	char msg[256];

	snprintf(msg, sizeof(msg), fmt, a ? a : "");
	errbuf_set(r->err, r->errlen, "%s:%d: %s", r->name ? r->name : "orders", r->line, msg);
	return -1;
}

/* Splits on blanks and commas; a ':' ending a word becomes a word of its own. */
static void split(const char *line, struct words *w)
{
	const char *p = line;

	w->n = 0;
	while (*p && w->n < MAX_WORDS) {
		size_t n;

		while (*p == ' ' || *p == '\t' || *p == ',' || *p == '\r')
			p++;
		if (!*p)
			break;
		w->rest[w->n] = p;
		for (n = 0; p[n] && p[n] != ' ' && p[n] != '\t' && p[n] != ',' && p[n] != '\r'; n++)
			;
		if (n > 1 && p[n - 1] == ':') {
			snprintf(w->w[w->n], WORD_MAX, "%.*s", (int)(n - 1), p);
			w->n++;
			if (w->n < MAX_WORDS) {
				w->rest[w->n] = p + n - 1;
				strcpy(w->w[w->n++], ":");
			}
		} else {
			snprintf(w->w[w->n++], WORD_MAX, "%.*s", (int)n, p);
		}
		p += n;
	}
}

static int is(const char *word, const char *kw)
{
	return word && !strcasecmp(word, kw);
}

json_t *it_char(const json_t *state, const char *name)
{
	json_t *c;
	size_t i;

	json_array_foreach(json_object_get(state, "characters"), i, c)
		if (name && !strcasecmp(json_string_value(json_object_get(c, "name")), name))
			return c;
	return NULL;
}

static const char *zone_name(const json_t *state, const char *word)
{
	json_t *z;
	size_t i;

	json_array_foreach(json_object_get(json_object_get(state, "scenario"), "zones"), i, z)
		if (!strcasecmp(json_string_value(json_object_get(z, "id")), word))
			return json_string_value(json_object_get(z, "id"));
	return NULL;
}

/*
 * The character word names as the seat knows it: a character it cannot
 * see is as unknown as one that does not exist, so no answer tells them
 * apart (issue 28 item 8).
 */
static json_t *known_char(const struct reader *r, const char *word)
{
	json_t *c = it_char(r->state, word);

	return c && it_seat_sees_char(r->state, r->seat, c) ? c : NULL;
}

/* Whether the reader is a player's: it sees only part of the field. */
static int player_reads(const struct reader *r)
{
	return r->seat && strcmp(r->seat, "*") && strcasecmp(r->seat, IT_OPERATOR);
}

/* The canonical name of a character the seat sees, or NULL after refusing. */
static const char *seen_char_word(struct reader *r, const char *word)
{
	json_t *c = known_char(r, word);

	if (!c) {
		fail(r, "unknown character '%s'", word);
		return NULL;
	}
	return json_string_value(json_object_get(c, "name"));
}

/*
 * A character named in an action, guard, SWAP or ONLY: one the seat sees
 * by its canonical name. A player may also name one it does not see now
 * (it may by the slot's turn): such a word is kept as written, whether or
 * not the character exists, and the slot finds it or not at play time
 * (issue 28 item 8). The Operator sees all: an unknown name is refused.
 */
static const char *char_word(struct reader *r, const char *word)
{
	const char *p;

	if (known_char(r, word) || !player_reads(r))
		return seen_char_word(r, word);
	for (p = word; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-' && *p != '\'')
			return fail(r, "unknown character '%s'", word), NULL;
	return word;
}

static const char *zone_word(struct reader *r, const char *word)
{
	const char *z = word ? zone_name(r->state, word) : NULL;

	if (!z)
		fail(r, "unknown zone '%s'", word ? word : "(none)");
	return z;
}

static const char *weapon_word(struct reader *r, const json_t *ch, const char *word)
{
	json_t *w;
	size_t i;

	if (is(word, "Unarmed"))
		return "Unarmed";
	json_array_foreach(json_object_get(ch, "weapons"), i, w)
		if (!strcasecmp(json_string_value(json_object_get(w, "name")), word))
			return json_string_value(json_object_get(w, "name"));
	json_array_foreach(json_object_get(json_object_get(ch, "scenario_floor"), "x"), i, w)
		;
	fail(r, "unknown weapon '%s' (not one of the character's own, nor Unarmed)", word);
	return NULL;
}

/* "<", "<=", ">", ">=", "=": 0, or -1. */
static int op_word(const char *w)
{
	return (!strcmp(w, "<") || !strcmp(w, "<=") || !strcmp(w, ">") || !strcmp(w, ">=") ||
		!strcmp(w, "=")) ? 0 : -1;
}

static int number(const char *w, int lo, int hi, int *out)
{
	char *end;
	long v = strtol(w, &end, 10);

	if (!*w || *end || v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

/* A guard's condition from words [*k, end): {"c": ..., ...}, *k past it. */
static json_t *condition(struct reader *r, const struct words *w, int *k, int end)
{
	int i = *k, n;
	const char *a = i < end ? w->w[i] : "";
	const char *b = i + 1 < end ? w->w[i + 1] : "";

	if (is(a, "NOT") && is(b, "ENGAGED")) {
		*k = i + 2;
		return json_pack("{s:s,s:b}", "c", "ENGAGED", "not", 1);
	}
	if (is(a, "ENGAGED")) {
		*k = i + 1;
		return json_pack("{s:s,s:b}", "c", "ENGAGED", "not", 0);
	}
	if (is(a, "NOT") && is(b, "PRONE")) {
		*k = i + 2;
		return json_pack("{s:s,s:b}", "c", "PRONE", "not", 1);
	}
	if (is(a, "PRONE")) {
		*k = i + 1;
		return json_pack("{s:s,s:b}", "c", "PRONE", "not", 0);
	}
	if ((is(a, "ENEMY") || is(a, "NO")) && i + 2 < end + 1) {
		int no = is(a, "NO"), j = i + 1 + no;

		if (no && !is(w->w[i + 1], "ENEMY"))
			goto bad;
		if (j < end && is(w->w[j], "IN") && j + 1 < end && is(w->w[j + 1], "RANGE")) {
			*k = j + 2;
			return json_pack("{s:s,s:b}", "c", "ENEMY_IN_RANGE", "not", no);
		}
		if (j < end && is(w->w[j], "IN") && j + 1 < end) {
			const char *z = zone_word(r, w->w[j + 1]);

			if (!z)
				return NULL;
			*k = j + 2;
			return json_pack("{s:s,s:s,s:b}", "c", "ENEMY_IN", "zone", z, "not", no);
		}
		goto bad;
	}
	if (is(a, "HEALTH") && i + 2 < end && !op_word(b) && !number(w->w[i + 2], 0, 99, &n)) {
		*k = i + 3;
		return json_pack("{s:s,s:s,s:i}", "c", "HEALTH", "op", b, "n", n);
	}
	if (i + 1 < end && (is(b, "BROKEN") || is(b, "ACTIVE") || (is(b, "NOT") && i + 2 < end &&
								   is(w->w[i + 2], "BROKEN")))) {
		const char *who = char_word(r, a);

		if (!who)
			return NULL;

		if (is(b, "BROKEN") || is(b, "ACTIVE")) {
			*k = i + 2;
			return json_pack("{s:s,s:s,s:s}", "c", "CHAR", "who", who, "is", is(b, "BROKEN") ? "BROKEN" : "ACTIVE");
		}
		if (is(b, "NOT") && i + 2 < end && is(w->w[i + 2], "BROKEN")) {
			*k = i + 3;
			return json_pack("{s:s,s:s,s:s}", "c", "CHAR", "who", who, "is", "NOT BROKEN");
		}
	}
bad:
	fail(r, "expected a condition (ENGAGED, PRONE, ENEMY IN RANGE, ENEMY IN <zone>, <char> BROKEN, "
	     "HEALTH < n ...) after IF, got '%s'", a);
	return NULL;
}

static const char *const melee_maneuvers[][2] = {
	{ "DAMAGE", "DAMAGE" }, { "DMG", "DAMAGE" }, { "PRONE", "PRONE" }, { "TRIP", "PRONE" },
	{ "KNOCK", "PRONE" }, { "SHOVE", "SHOVE" }, { "WRENCH", "WRENCH" }, { "DISARM", "WRENCH" },
	{ "OUTPACE", "OUTPACE" }, { "CLINCH", "CLINCH" }, { "GRAPPLE", "CLINCH" }, { NULL, NULL }
};
static const char *const ranged_maneuvers[][2] = {
	{ "DAMAGE", "DAMAGE" }, { "DMG", "DAMAGE" }, { "PIN", "PIN" }, { "SUPPRESS", "PIN" },
	{ "SUNDER", "SUNDER" }, { "PRONE", "PRONE" }, { "TRIP", "PRONE" }, { "KNOCK", "PRONE" },
	{ "OUTPACE", "OUTPACE" }, { "PUSHBACK", "PUSHBACK" }, { "PUSH", "PUSHBACK" },
	{ "BACK", "PUSHBACK" }, { NULL, NULL }
};

/* USING m, m ...: the canonical maneuvers; NULL after refusing. */
static json_t *maneuvers(struct reader *r, const struct words *w, int *k, int end, int ranged)
{
	const char *const (*table)[2] = ranged ? ranged_maneuvers : melee_maneuvers;
	json_t *out = json_array();
	int i, t;

	for (i = *k; i < end; i++) {
		for (t = 0; table[t][0] && !is(w->w[i], table[t][0]); t++)
			;
		if (!table[t][0]) {
			json_decref(out);
			fail(r, "a maneuver not allowed for this attack: '%s'", w->w[i]);
			return NULL;
		}
		if (!strcmp(table[t][1], "WRENCH") && i + 2 < end && is(w->w[i + 1], "TO")) {
			const char *z = zone_word(r, w->w[i + 2]);

			if (!z) {
				json_decref(out);
				return NULL;
			}
			json_array_append_new(out, json_pack("{s:s,s:s}", "m", "WRENCH", "to", z));
			i += 2;
			continue;
		}
		json_array_append_new(out, json_pack("{s:s}", "m", table[t][1]));
	}
	*k = end;
	return out;
}

/* One alternative from words [k, end): {"act": ...}, NULL after refusing. */
static json_t *action(struct reader *r, const json_t *ch, const struct words *w, int k, int end)
{
	const char *a = w->w[k], *b = k + 1 < end ? w->w[k + 1] : NULL;
	json_t *o = NULL, *g = NULL;
	int n = end - k, i;

	if (is(a, "IF")) {
		int j = k + 1;

		if (!(g = condition(r, w, &j, end)))
			return NULL;
		if (j < end && (is(w->w[j], ":") || is(w->w[j], "THEN")))
			j++;
		else {
			json_decref(g);
			fail(r, "expected ':' or THEN after the condition%s", "");
			return NULL;
		}
		if (j >= end) {
			json_decref(g);
			fail(r, "expected an action after the condition%s", "");
			return NULL;
		}
		o = action(r, ch, w, j, end);
		if (o)
			json_object_set_new(o, "guard", g);
		else
			json_decref(g);
		return o;
	}
#define ONE(kw) (is(a, kw) && n == 1)
	if (ONE("HOLD") || ONE("PASS") || ONE("WAIT"))
		return json_pack("{s:s}", "act", "HOLD");
	if ((is(a, "MOVE") || is(a, "GO") || is(a, "M")) && n >= 2) {
		int toward = is(b, "TOWARD") || is(b, "TOWARDS"), to = is(b, "TO");
		const char *z = n == 2 + (toward || to) ? zone_word(r, w->w[k + 1 + (toward || to)]) : NULL;

		if (!z)
			return n == 2 + (toward || to) ? NULL : (fail(r, "expected MOVE <zone>%s", ""), NULL);
		return json_pack("{s:s,s:s,s:b}", "act", "MOVE", "zone", z, "toward", toward);
	}
	if ((is(a, "ENGAGE") || is(a, "CLOSE") || is(a, "APPROACH")) && n == 2) {
		const char *c = char_word(r, b);
		return c ? json_pack("{s:s,s:s}", "act", "ENGAGE", "target", c) : NULL;
	}
	if (ONE("DISENGAGE"))
		return json_pack("{s:s}", "act", "DISENGAGE");
	if (is(a, "RETREAT") && n <= 2) {
		const char *z = NULL;

		if (n == 2 && !is(b, "OUT") && !(z = zone_word(r, b)))
			return NULL;
		o = json_pack("{s:s}", "act", "RETREAT");
		if (n == 2)
			json_object_set_new(o, "zone", json_string(z ? z : "OUT"));
		return o;
	}
	if (is(a, "CRAWL") && n >= 2) {
		if (is(b, "TO") && n == 3) {
			const char *c = char_word(r, w->w[k + 2]);
			return c ? json_pack("{s:s,s:s}", "act", "CRAWL", "target", c) : NULL;
		}
		if (n == 2) {
			const char *z = zone_word(r, b);
			return z ? json_pack("{s:s,s:s}", "act", "CRAWL", "zone", z) : NULL;
		}
	}
	if (ONE("STAND") || ONE("RISE") || (is(a, "GET") && is(b, "UP") && n == 2))
		return json_pack("{s:s}", "act", "STAND");
	if (is(a, "DRAW") && n == 2) {
		const char *x = weapon_word(r, ch, b);
		return x ? json_pack("{s:s,s:s}", "act", "DRAW", "weapon", x) : NULL;
	}
	if (ONE("AIM"))
		return json_pack("{s:s}", "act", "AIM");
	if ((is(a, "AIM") && is(b, "SLOW") && n == 2) || ONE("SCOPE"))
		return json_pack("{s:s}", "act", "AIM SLOW");
	if ((is(a, "ATTACK") || is(a, "HIT") || is(a, "STRIKE") || is(a, "A") || is(a, "SHOOT") ||
	     is(a, "FIRE") || is(a, "S") || is(a, "FINISH")) && n >= 2) {
		int ranged = is(a, "SHOOT") || is(a, "FIRE") || is(a, "S"), j = k + 2;
		const char *act = is(a, "FINISH") ? "FINISH" : ranged ? "SHOOT" : "ATTACK";
		const char *target = is(b, "NEAREST") && strcmp(act, "FINISH") ? "NEAREST" : char_word(r, b);

		if (!target)
			return NULL;
		o = json_pack("{s:s,s:s}", "act", act, "target", target);
		if (j + 1 < end && is(w->w[j], "WITH")) {
			const char *x = weapon_word(r, ch, w->w[j + 1]);

			if (!x)
				goto refuse;
			json_object_set_new(o, "weapon", json_string(x));
			j += 2;
		}
		if (j < end && is(w->w[j], "USING") && strcmp(act, "FINISH")) {
			json_t *m;

			j++;
			if (!(m = maneuvers(r, w, &j, end, ranged)))
				goto refuse;
			json_object_set_new(o, "using", m);
		}
		if (j != end) {
			fail(r, "unexpected '%s' after the target", w->w[j]);
			goto refuse;
		}
		return o;
	}
	if (is(a, "RELOAD") && n <= 2) {
		const char *x = n == 2 ? weapon_word(r, ch, b) : NULL;

		if (n == 2 && !x)
			return NULL;
		o = json_pack("{s:s}", "act", "RELOAD");
		if (x)
			json_object_set_new(o, "weapon", json_string(x));
		return o;
	}
	if ((is(a, "OVERWATCH") || is(a, "WATCH") || is(a, "OW")) && n >= 2) {
		const char *z = zone_word(r, b), *on = "ANY", *only = NULL;
		int j = k + 2;

		if (!z)
			return NULL;
		if (j + 1 < end && is(w->w[j], "ON")) {
			if (!is(w->w[j + 1], "ENTER") && !is(w->w[j + 1], "ATTACK") && !is(w->w[j + 1], "ANY") &&
			    !is(w->w[j + 1], "SIGHT"))
				return fail(r, "expected ON ENTER, ATTACK, ANY or SIGHT, got '%s'", w->w[j + 1]), NULL;
			on = is(w->w[j + 1], "ENTER") ? "ENTER" : is(w->w[j + 1], "ATTACK") ? "ATTACK"
				: is(w->w[j + 1], "ANY") ? "ANY" : "SIGHT";
			j += 2;
		}
		if (j + 1 < end && is(w->w[j], "ONLY")) {
			if (!(only = char_word(r, w->w[j + 1])))
				return NULL;
			j += 2;
		}
		if (j != end)
			return fail(r, "unexpected '%s' in OVERWATCH", w->w[j]), NULL;
		o = json_pack("{s:s,s:s,s:s}", "act", "OVERWATCH", "zone", z, "on", on);
		if (only)
			json_object_set_new(o, "only", json_string(only));
		return o;
	}
	if (is(a, "COVER") || (is(a, "TAKE") && is(b, "COVER"))) {
		i = k + 1 + is(a, "TAKE");
		if (i + 1 < end)
			return fail(r, "expected COVER [<item>]%s", ""), NULL;
		o = json_pack("{s:s}", "act", "COVER");
		if (i < end)
			json_object_set_new(o, "item", json_string(w->w[i]));
		return o;
	}
	if ((is(a, "OPEN") || is(a, "SHUT") || is(a, "BREAK")) && n == 2 && !is(b, "FREE")) {
		const char *z = zone_word(r, b);
		return z ? json_pack("{s:s,s:s}", "act", is(a, "OPEN") ? "OPEN" : is(a, "SHUT") ? "SHUT" : "BREAK",
				     "zone", z) : NULL;
	}
	if ((is(a, "HEAL") || is(a, "TREAT") || is(a, "AID")) && (n == 2 || n == 3)) {
		const char *c = char_word(r, b), *mode = NULL;

		if (!c)
			return NULL;
		if (n == 3) {
			if (!is(w->w[k + 2], "UP") && !is(w->w[k + 2], "WOUND"))
				return fail(r, "expected HEAL <char> [UP|WOUND], got '%s'", w->w[k + 2]), NULL;
			mode = is(w->w[k + 2], "UP") ? "UP" : "WOUND";
		}
		o = json_pack("{s:s,s:s}", "act", "HEAL", "target", c);
		if (mode)
			json_object_set_new(o, "mode", json_string(mode));
		return o;
	}
	if (ONE("FLEE"))
		return json_pack("{s:s}", "act", "FLEE");
	if (((is(a, "PICK") && is(b, "UP") && n == 3) || (is(a, "TAKE") && n == 2)))
		return json_pack("{s:s,s:s}", "act", "PICK UP", "weapon", w->w[end - 1]);
	if ((is(a, "GRAPPLE") || is(a, "GRAB")) && n == 2 && !is(b, "ATTACK")) {
		const char *c = char_word(r, b);
		return c ? json_pack("{s:s,s:s}", "act", "GRAPPLE", "target", c) : NULL;
	}
	if ((is(a, "BREAK") && is(b, "FREE") && n == 2) || ONE("ESCAPE"))
		return json_pack("{s:s}", "act", "BREAK FREE");
	if (ONE("PUMMEL") || (is(a, "GRAPPLE") && is(b, "ATTACK") && n == 2))
		return json_pack("{s:s}", "act", "PUMMEL");
	if (ONE("RELEASE"))
		return json_pack("{s:s}", "act", "RELEASE");
	if ((is(a, "READY") || is(a, "NOCK")) && n <= 2)
		return json_pack("{s:s}", "act", "READY");
	if ((is(a, "AUTO") || is(a, "BURST") || (is(a, "FULL") && is(b, "AUTO"))) && n >= 2) {
		json_t *t = json_array();

		for (i = k + 1 + is(a, "FULL"); i < end; i++) {
			const char *c;

			if (is(w->w[i], "THEN"))
				continue;
			if (is(w->w[i], "WITH") && i + 1 < end) {
				i++;
				continue;
			}
			if (!(c = char_word(r, w->w[i]))) {
				json_decref(t);
				return NULL;
			}
			json_array_append_new(t, json_string(c));
		}
		return json_pack("{s:s,s:o}", "act", "AUTO", "targets", t);
	}
	if (is(a, "THROW") && n >= 4 && is(w->w[k + 2], "AT")) {
		const char *x = weapon_word(r, ch, b), *c = x ? char_word(r, w->w[k + 3]) : NULL;
		return c ? json_pack("{s:s,s:s,s:s}", "act", "THROW", "weapon", x, "target", c) : NULL;
	}
#undef ONE
	fail(r, "not an action: '%s'", a);
	return NULL;
refuse:
	json_decref(o);
	return NULL;
}

static const char *const slow_acts[] = {
	"CRAWL", "AIM SLOW", "ATTACK", "FINISH", "SHOOT", "THROW", "AUTO", "RELOAD", "BREAK", "HEAL",
	"GRAPPLE", "BREAK FREE", NULL
};

int it_act_is_slow(const char *act);
int it_act_is_slow(const char *act)
{
	int i;

	for (i = 0; act && slow_acts[i]; i++)
		if (!strcmp(act, slow_acts[i]))
			return 1;
	return 0;
}

/* A slot line: its alternatives. */
static json_t *slot(struct reader *r, const json_t *ch, const struct words *w, int k)
{
	json_t *alts = json_array();
	int start = k, i;

	for (i = k; i <= w->n; i++) {
		if (i < w->n && !is(w->w[i], "OR"))
			continue;
		if (i == start) {
			json_decref(alts);
			fail(r, "an empty alternative around OR%s", "");
			return NULL;
		}
		{
			json_t *o = action(r, ch, w, start, i);

			if (!o) {
				json_decref(alts);
				return NULL;
			}
			json_array_append_new(alts, o);
		}
		start = i + 1;
	}
	return alts;
}

static const char *const push_kinds[] = {
	"ATTACK", "BLOCK", "MOVE", "HEAL", "STRESS", "STEALTH", "ESCAPE", "DOOR", "ALL", NULL
};

static json_t *push_policy(struct reader *r, const struct words *w)
{
	json_t *kinds = json_array(), *conds = json_array();
	int i = 1, t;

	if (w->n == 2 && (is(w->w[1], "NO") || is(w->w[1], "NEVER")))
		goto never;
	if (w->n == 2 && (is(w->w[1], "YES") || is(w->w[1], "FAILED"))) {
		json_array_append_new(conds, json_pack("{s:s}", "c", "FAILED"));
		return json_pack("{s:o,s:o}", "kinds", kinds, "conds", conds);
	}
	for (; i < w->n && !is(w->w[i], "IF"); i++) {
		for (t = 0; push_kinds[t] && !is(w->w[i], push_kinds[t]); t++)
			;
		if (!push_kinds[t])
			goto bad;
		if (strcmp(push_kinds[t], "ALL"))
			json_array_append_new(kinds, json_string(push_kinds[t]));
	}
	if (i == w->n) {
		json_array_append_new(conds, json_pack("{s:s}", "c", "FAILED"));
		return json_pack("{s:o,s:o}", "kinds", kinds, "conds", conds);
	}
	if (i + 1 == w->n) {
		json_decref(kinds);
		json_decref(conds);
		fail(r, "PUSH ... IF needs a condition after IF (FAILED, SUCCESSES < n, HEALTH < n ...)%s", "");
		return NULL;
	}
	for (i++; i < w->n; i++) {
		int n;

		if (is(w->w[i], "AND"))
			continue;
		if (is(w->w[i], "FAILED")) {
			json_array_append_new(conds, json_pack("{s:s}", "c", "FAILED"));
			continue;
		}
		if (i + 2 < w->n && (is(w->w[i], "SUCCESSES") || is(w->w[i], "HEALTH") ||
				     is(w->w[i], "RESOLVE") || is(w->w[i], "CONDITIONS")) &&
		    !op_word(w->w[i + 1]) && !number(w->w[i + 2], 0, 99, &n)) {
			char c[16];
			int k;

			for (k = 0; w->w[i][k] && k < 15; k++)
				c[k] = (char)toupper((unsigned char)w->w[i][k]);
			c[k] = '\0';
			json_array_append_new(conds, json_pack("{s:s,s:s,s:i}", "c", c, "op", w->w[i + 1], "n", n));
			i += 2;
			continue;
		}
		goto bad;
	}
	return json_pack("{s:o,s:o}", "kinds", kinds, "conds", conds);
never:
	json_decref(kinds);
	json_decref(conds);
	return json_null();
bad:
	json_decref(kinds);
	json_decref(conds);
	fail(r, "expected PUSH NO, PUSH YES or PUSH [kinds] [IF conditions], got '%s'", w->w[i < w->n ? i : 0]);
	return NULL;
}

static const char *const operator_orders[] = {
	"STRESS", "FEATURE", "DOOR", "HIDDEN", "REMOVE", "END", NULL
};

static json_t *border_between(const json_t *state, const char *a, const char *b)
{
	json_t *br;
	size_t i;

	json_array_foreach(json_object_get(json_object_get(state, "scenario"), "borders"), i, br) {
		const char *x = json_string_value(json_array_get(json_object_get(br, "zones"), 0));
		const char *y = json_string_value(json_array_get(json_object_get(br, "zones"), 1));

		if (x && y && ((!strcmp(x, a) && !strcmp(y, b)) || (!strcmp(x, b) && !strcmp(y, a))))
			return br;
	}
	return NULL;
}

static json_t *operator_line(struct reader *r, const struct words *w)
{
	const char *a = w->w[0];
	int n;

	if (is(a, "STRESS") && w->n == 3) {
		const char *c = char_word(r, w->w[1]);

		if (!c)
			return NULL;
		if (number(w->w[2], 1, 20, &n))
			return fail(r, "expected STRESS <char> <n> with n from 1 to 20, got '%s'", w->w[2]), NULL;
		return json_pack("{s:s,s:s,s:i}", "op", "STRESS", "who", c, "n", n);
	}
	if (is(a, "FEATURE") && w->n >= 4) {
		const char *z = zone_word(r, w->w[1]);
		int dim = is(w->w[3], "DIMLY") || is(w->w[3], "DIMLY_LIT");

		if (!z)
			return NULL;
		if ((!is(w->w[2], "ADD") && !is(w->w[2], "REMOVE")) ||
		    !(is(w->w[3], "CLUTTERED") || dim) || w->n != 4 + (is(w->w[3], "DIMLY") ? 1 : 0))
			return fail(r, "expected FEATURE <zone> ADD|REMOVE CLUTTERED|DIMLY LIT%s", ""), NULL;
		return json_pack("{s:s,s:s,s:b,s:s}", "op", "FEATURE", "zone", z, "add", is(w->w[2], "ADD"),
				 "feature", dim ? "DIMLY_LIT" : "CLUTTERED");
	}
	if (is(a, "DOOR") && w->n == 4) {
		const char *x = zone_word(r, w->w[1]), *y = x ? zone_word(r, w->w[2]) : NULL;
		json_t *br;

		if (!y)
			return NULL;
		br = border_between(r->state, x, y);
		if (!br || strcmp(json_string_value(json_object_get(br, "type")) ?
				  json_string_value(json_object_get(br, "type")) : "", "door"))
			return fail(r, "no door between those zones%s", ""), NULL;
		if (!is(w->w[3], "OPEN") && !is(w->w[3], "CLOSED") && !is(w->w[3], "LOCKED"))
			return fail(r, "expected OPEN, CLOSED or LOCKED, got '%s'", w->w[3]), NULL;
		return json_pack("{s:s,s:s,s:s,s:s}", "op", "DOOR", "a", x, "b", y, "door",
				 is(w->w[3], "OPEN") ? "open" : is(w->w[3], "CLOSED") ? "closed" : "locked");
	}
	if (is(a, "HIDDEN") && w->n == 3 && (is(w->w[2], "YES") || is(w->w[2], "NO"))) {
		const char *c = char_word(r, w->w[1]);
		return c ? json_pack("{s:s,s:s,s:b}", "op", "HIDDEN", "who", c, "hidden", is(w->w[2], "YES")) : NULL;
	}
	if (is(a, "REMOVE") && w->n == 2) {
		const char *c = char_word(r, w->w[1]);
		return c ? json_pack("{s:s,s:s}", "op", "REMOVE", "who", c) : NULL;
	}
	if (is(a, "END") && w->n >= 2 && is(w->w[1], "SKIRMISH"))
		return json_pack("{s:s,s:s}", "op", "END SKIRMISH", "reason", w->n > 2 ? w->rest[2] : "");
	(void)operator_orders;
	fail(r, "unknown Operator order '%s'", a);
	return NULL;
}

static int controls(const char *seat, const json_t *ch)
{
	const char *c = json_string_value(json_object_get(ch, "controller"));

	if (!seat)
		return 1;
	if (!c)
		c = IT_OPERATOR;
	return !strcasecmp(c, seat);
}

json_t *it_read_orders(const json_t *state, const char *seat, const char *text, const char *name,
		       char *err, size_t errlen)
{
	/* Read against the state with its defaults written out: what a seat sees is decided on it. */
	char nerr[200];
	json_t *norm = it_normalize(state, nerr, sizeof(nerr));
	struct reader r = { norm ? norm : state, seat, name, 0, 0, err, errlen };
	struct words *w = malloc(sizeof(*w));
	json_t *chars = json_object(), *op = json_array(), *plan = NULL, *ch = NULL, *out = NULL;
	const char *p = text ? text : "", *phase = json_string_value(json_object_get(state, "phase"));
	int in_operator = 0, nslots = 0, all_slow = 0;

	r.setup = phase && !strcmp(phase, "setup");
	if (!w || !chars || !op)
		goto nomem;
	while (*p) {
		char line[1024];
		size_t len = strcspn(p, "\n");
		char *hash;

		snprintf(line, sizeof(line), "%.*s", (int)(len < sizeof(line) ? len : sizeof(line) - 1), p);
		p += len + (p[len] == '\n');
		r.line++;
		if ((hash = strchr(line, '#')))
			*hash = '\0';
		split(line, w);
		if (!w->n)
			continue;
		if (is(w->w[0], "END") && w->n == 1)
			break;
		if ((is(w->w[0], "GAME") || is(w->w[0], "PASSWORD") || is(w->w[0], "CODE") ||
		     is(w->w[0], "ROUND") || is(w->w[0], "TURN")) && !plan && !in_operator)
			continue;
		if (is(w->w[0], "CHAR") || is(w->w[0], "CHARACTER")) {
			const char *cn;

			if (w->n != 2) {
				fail(&r, "expected CHAR <name>%s", "");
				goto out;
			}
			if (!(ch = known_char(&r, w->w[1]))) {
				fail(&r, "unknown character '%s'", w->w[1]);
				goto out;
			}
			cn = json_string_value(json_object_get(ch, "name"));
			if (!controls(seat, ch)) {
				fail(&r, "%s is not yours to command", cn);
				goto out;
			}
			{
				const char *st = json_string_value(json_object_get(ch, "status"));

				if (st && (!strcmp(st, "dead") || !strcmp(st, "fled") || !strcmp(st, "removed"))) {
					fail(&r, "%s is out of the skirmish", cn);
					goto out;
				}
			}
			if (json_object_get(chars, cn)) {
				fail(&r, "two blocks for %s", cn);
				goto out;
			}
			plan = json_pack("{s:[],s:i,s:n}", "slots", "block", 0, "push");
			json_object_set_new(chars, cn, plan);
			in_operator = 0;
			nslots = 0;
			all_slow = 0;
			continue;
		}
		if (is(w->w[0], "OPERATOR") && w->n == 1) {
			if (seat && strcasecmp(seat, IT_OPERATOR)) {
				fail(&r, "an OPERATOR block from a player%s", "");
				goto out;
			}
			in_operator = 1;
			plan = NULL;
			continue;
		}
		if (in_operator) {
			json_t *o = operator_line(&r, w);

			if (!o)
				goto out;
			json_array_append_new(op, o);
			continue;
		}
		if (!plan) {
			fail(&r, "expected CHAR <name> or OPERATOR before '%s'", w->w[0]);
			goto out;
		}
		/* Standing lines. */
		if (is(w->w[0], "SWAP")) {
			const char *c;

			if (nslots || json_object_get(plan, "swap") || json_object_get(plan, "free") ||
			    json_integer_value(json_object_get(plan, "block")) || json_object_get(plan, "lines")) {
				fail(&r, "SWAP must be the plan's first line%s", "");
				goto out;
			}
			if (w->n != 2 || !(c = char_word(&r, w->w[1]))) {
				if (w->n != 2)
					fail(&r, "expected SWAP <char>%s", "");
				goto out;
			}
			json_object_set_new(plan, "swap", json_string(c));
			json_object_set_new(plan, "lines", json_true());
			continue;
		}
		json_object_set_new(plan, "lines", json_true());
		if (is(w->w[0], "BLOCK") && w->n == 2) {
			int n;

			if (is(w->w[1], "YES"))
				n = 2;
			else if (is(w->w[1], "NO"))
				n = 0;
			else if (number(w->w[1], 0, 2, &n)) {
				fail(&r, "expected BLOCK 0, 1, 2, YES or NO, got '%s'", w->w[1]);
				goto out;
			}
			json_object_set_new(plan, "block", json_integer(n));
			continue;
		}
		if (is(w->w[0], "BLOCK")) {
			fail(&r, "expected BLOCK 0, 1, 2, YES or NO%s", "");
			goto out;
		}
		if (is(w->w[0], "PUSH") && w->n >= 2) {
			json_t *pp = push_policy(&r, w);

			if (!pp)
				goto out;
			json_object_set_new(plan, "push", pp);
			continue;
		}
		if ((is(w->w[0], "HELP") || is(w->w[0], "SUPPORT")) && w->n == 2) {
			const char *c = seen_char_word(&r, w->w[1]);

			if (!c)
				goto out;
			if (ch && !strcmp(c, json_string_value(json_object_get(ch, "name")))) {
				fail(&r, "HELP %s: a character cannot help itself, HELP names another one", c);
				goto out;
			}
			json_object_set_new(plan, "help", json_string(c));
			continue;
		}
		if (is(w->w[0], "CARD")) {
			int n;

			if (!r.setup) {
				fail(&r, "CARD is for the setup step only%s", "");
				goto out;
			}
			/* A blank CARD (the setup plan block as it was sent) is no choice. */
			if (w->n == 1)
				continue;
			if (w->n != 2 || number(w->w[1], 1, 10, &n)) {
				fail(&r, "expected CARD n with n from 1 to 10%s", "");
				goto out;
			}
			json_object_set_new(plan, "card", json_integer(n));
			continue;
		}
		/* Free actions. */
		if ((is(w->w[0], "PRONE") && w->n == 1) || (is(w->w[0], "DROP") && w->n == 2 && is(w->w[1], "PRONE")) ||
		    (is(w->w[0], "DIVE") && w->n == 1) || (is(w->w[0], "DROP") && w->n == 2) ||
		    is(w->w[0], "SAY") || is(w->w[0], "SHOUT")) {
			json_t *free_list = json_object_get(plan, "free"), *f;

			if (r.setup)
				continue;
			if (is(w->w[0], "SAY") || is(w->w[0], "SHOUT"))
				f = json_pack("{s:s,s:s}", "act", "SAY", "text", w->n > 1 ? w->rest[1] : "");
			else if (is(w->w[0], "DROP") && !is(w->w[1], "PRONE")) {
				const char *x = weapon_word(&r, ch, w->w[1]);

				if (!x)
					goto out;
				f = json_pack("{s:s,s:s}", "act", "DROP", "weapon", x);
			} else
				f = json_pack("{s:s}", "act", "PRONE");
			if (!free_list) {
				free_list = json_array();
				json_object_set_new(plan, "free", free_list);
			}
			json_array_append_new(free_list, f);
			continue;
		}
		/* An action slot. */
		{
			int k = 0, number_given = 0, slow = 1;
			json_t *alts, *a;
			size_t i;
			char first[WORD_MAX];
			size_t l;

			snprintf(first, sizeof(first), "%s", w->w[0]);
			l = strlen(first);
			if (l >= 1 && isdigit((unsigned char)first[0])) {
				int n;

				if (l >= 2 && strchr(".):-", first[l - 1]))
					first[l - 1] = '\0';
				if (number(first, 0, 99, &n) || n != nslots + 1) {
					fail(&r, "a wrong slot number '%s' (slots count 1, 2)", w->w[0]);
					goto out;
				}
				number_given = 1;
				k = 1 + (w->n > 1 && !strcmp(w->w[1], ":"));
			}
			if (r.setup) {
				fail(&r, "an action line in the setup step (only CARD and PUSH lines)%s", "");
				goto out;
			}
			if (nslots == 2) {
				fail(&r, "more than two action slots%s", "");
				goto out;
			}
			if (number_given && k == w->n) {
				alts = json_array();
				slow = 0;
			} else {
				struct words sub;

				/* Re-split the rest so alternatives start at word 0. */
				sub.n = 0;
				for (; k < w->n; k++) {
					strcpy(sub.w[sub.n], w->w[k]);
					sub.rest[sub.n++] = w->rest[k];
				}
				if (!(alts = slot(&r, ch, &sub, 0)))
					goto out;
				json_array_foreach(alts, i, a)
					if (!it_act_is_slow(json_string_value(json_object_get(a, "act"))))
						slow = 0;
			}
			if (slow && all_slow) {
				json_decref(alts);
				fail(&r, "two slots whose alternatives are all slow%s", "");
				goto out;
			}
			all_slow |= slow;
			json_array_append_new(json_object_get(plan, "slots"), alts);
			nslots++;
		}
	}
	{
		const char *k;
		json_t *v;

		json_object_foreach(chars, k, v)
			json_object_del(v, "lines");
	}
	out = json_pack("{s:{s:O,s:O}}", seat ? seat : "*", "chars", chars, "operator", op);
	goto out;
nomem:
	errbuf_set(err, errlen, "out of memory");
out:
	free(w);
	json_decref(norm);
	json_decref(chars);
	json_decref(op);
	return out;
}
