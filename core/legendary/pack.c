/*
 * legendary card packs: reading, checking (R2.9) and the canonical digest
 * (R2.8). A problem is reported as "FILE:LINE: CODE: WHERE: message", the
 * line being the first in the text that names the place at fault.
 */
#include "core/legendary/legendary.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/errbuf.h"

void legendary_pack_init(struct legendary_pack *p)
{
	memset(p, 0, sizeof(*p));
}

void legendary_pack_release(struct legendary_pack *p)
{
	json_decref(p->root);
	free(p->index);
	legendary_pack_init(p);
}

int legendary_digest(const json_t *v, char out[65])
{
	char *text = json_dumps(v, JSON_SORT_KEYS | JSON_COMPACT | JSON_ENCODE_ANY);

	if (!text)
		return -1;
	draw_sha256_hex(text, out);
	free(text);
	return 0;
}

int legendary_int(const json_t *card, const char *key, int def)
{
	const json_t *v = json_object_get(card, key);

	return json_is_integer(v) ? (int)json_integer_value(v) : def;
}

static int ref_cmp(const void *a, const void *b)
{
	return strcmp(((const struct legendary_card_ref *)a)->id, ((const struct legendary_card_ref *)b)->id);
}

/* The id index (a sorted array): every lookup of a turn goes through it. 0, or -1 out of memory. */
static int build_index(struct legendary_pack *p)
{
	size_t i, n = json_array_size(p->cards);
	const json_t *c;

	p->index = malloc((n ? n : 1) * sizeof(*p->index));
	if (!p->index)
		return -1;
	json_array_foreach(p->cards, i, c) {
		p->index[i].id = json_string_value(json_object_get(c, "id"));
		p->index[i].pos = i;
	}
	p->ncards = n;
	qsort(p->index, n, sizeof(*p->index), ref_cmp);
	return 0;
}

const json_t *legendary_card(const struct legendary_pack *p, const char *id, size_t *pos)
{
	size_t i, len = strcspn(id, "."), lo = 0, hi = p->ncards;
	const json_t *c;

	if (p->index) {
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			int d = strncmp(p->index[mid].id, id, len);

			if (!d && p->index[mid].id[len])
				d = 1;	/* a longer id sorts after its prefix */
			if (!d) {
				if (pos)
					*pos = p->index[mid].pos;
				return json_array_get(p->cards, p->index[mid].pos);
			}
			if (d < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		return NULL;
	}
	json_array_foreach(p->cards, i, c) {
		const char *cid = json_string_value(json_object_get(c, "id"));

		if (cid && strlen(cid) == len && !strncmp(cid, id, len)) {
			if (pos)
				*pos = i;
			return c;
		}
	}
	return NULL;
}

int legendary_keyword(const json_t *card, const char *word, int *param)
{
	size_t i, len = strlen(word);
	const json_t *k;

	if (param)
		*param = -1;
	json_array_foreach(json_object_get(card, "keywords"), i, k) {
		const char *s = json_string_value(k);

		if (s && !strncmp(s, word, len) && (!s[len] || s[len] == ':')) {
			if (param && s[len] == ':')
				*param = atoi(s + len + 1);
			return 1;
		}
	}
	return 0;
}

/* ---------- atoms (R3.1) ---------- */

static int read_int(const char *s, int *n)
{
	char *end;
	long v;

	if (!*s)
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v < -99 || v > 99)
		return -1;
	*n = (int)v;
	return 0;
}

int legendary_atom_parse(const char *text, struct lg_atom *a, char *err, size_t errlen)
{
	static const struct {
		const char *word;
		enum lg_op op;
		int arg;	/* 0 none, 1 a number, 2 a word */
	} ops[] = {
		{ "attack", LG_ATTACK, 1 }, { "recruit", LG_RECRUIT, 1 }, { "draw", LG_DRAW, 1 },
		{ "time", LG_TIME, 1 }, { "heal", LG_HEAL, 1 }, { "ko", LG_KO, 2 },
		{ "gain", LG_GAIN_HOVERCRAFT, 2 }, { "move-enemy", LG_MOVE_ENEMY, 2 },
		{ "scan", LG_SCAN, 0 }, { "wound", LG_WOUND, 1 }, { "discard", LG_DISCARD, 1 },
		{ "extra-move", LG_EXTRA_MOVE, 0 }, { "place", LG_PLACE, 2 }, { "avatar", LG_AVATAR, 0 },
		{ "defeat", LG_DEFEAT, 0 }, { "set-aside", LG_SET_ASIDE, 0 }, { "advance", LG_ADVANCE, 0 },
		{ "offer-minor", LG_OFFER_MINOR, 0 }, { "victory-major", LG_VICTORY_MAJOR, 0 },
	};
	char buf[80], *op, *arg, *arg2, *save = NULL;
	size_t i, k;

	memset(a, 0, sizeof(*a));
	if (!text || strlen(text) >= sizeof(buf))
		goto bad;
	for (k = 0; text[k]; k++)
		buf[k] = (char)tolower((unsigned char)text[k]);
	buf[k] = 0;
	op = strtok_r(buf, " ", &save);
	arg = strtok_r(NULL, " ", &save);
	arg2 = strtok_r(NULL, " ", &save);
	if (!op || strtok_r(NULL, " ", &save))
		goto bad;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(op, ops[i].word))
			break;
	if (i == sizeof(ops) / sizeof(ops[0]))
		goto bad;
	a->op = ops[i].op;
	if (ops[i].arg == 0)
		return arg ? (errbuf_set(err, errlen, "'%s' takes no argument", op), -1) : 0;
	if (!arg)
		goto bad;
	if (ops[i].arg == 1)
		return arg2 || read_int(arg, &a->n) < 0 ? (errbuf_set(err, errlen, "'%s' wants a number", op), -1) : 0;
	if (a->op == LG_KO) {
		if (arg2 || (strcmp(arg, "hand") && strcmp(arg, "discard") && strcmp(arg, "played") &&
			     strcmp(arg, "hand-or-discard")))
			goto bad;
		snprintf(a->word, sizeof(a->word), "%s", arg);
		return 0;
	}
	if (a->op == LG_PLACE) {
		if (arg2 || (strcmp(arg, "operations") && strcmp(arg, "real-world")))
			goto bad;
		snprintf(a->word, sizeof(a->word), "%s", arg);
		return 0;
	}
	if (a->op == LG_GAIN_HOVERCRAFT) {
		if (!strcmp(arg, "hovercraft") && !arg2)
			return 0;
		if (!strcmp(arg, "extra") && arg2 && strlen(arg2) < sizeof(a->word)) {
			a->op = LG_GAIN_EXTRA;
			for (k = 0; arg2[k]; k++)
				a->word[k] = (char)toupper((unsigned char)arg2[k]);
			return 0;
		}
		if (!strcmp(arg, "dock") && arg2 && read_int(arg2, &a->n) == 0 && a->n >= 0) {
			a->op = LG_GAIN_DOCK;
			return 0;
		}
		goto bad;
	}
	/* move-enemy */
	snprintf(a->word, sizeof(a->word), "%s", arg);
	if (!strcmp(arg, "rightmost-free") && !arg2)
		return 0;
	if ((!strcmp(arg, "back") || !strcmp(arg, "slot")) && arg2 && read_int(arg2, &a->n) == 0 &&
	    a->n >= 0)
		return 0;
bad:
	errbuf_set(err, errlen, "'%s' is not an atom of the vocabulary (R3.1)", text ? text : "");
	return -1;
}

/* ---------- checking (R2.9) ---------- */

struct checker {
	const char *text, *file;
	char *err;
	size_t errlen;
};

/* The line of the first occurrence of needle in the text (1 when absent). */
static int line_of(const struct checker *c, const char *needle)
{
	const char *at = needle ? strstr(c->text, needle) : NULL, *p;
	int line = 1;

	if (!at)
		return 1;
	for (p = c->text; p < at; p++)
		line += *p == '\n';
	return line;
}

static int fail(const struct checker *c, const char *needle, const char *code, const char *where,
		const char *what)
{
	errbuf_set(c->err, c->errlen, "%s:%d: %s: %s: %s", c->file, line_of(c, needle), code, where,
		   what);
	return -1;
}

static int int_in(const json_t *obj, const char *key, int lo, int hi, int def, int *out)
{
	const json_t *v = json_object_get(obj, key);

	if (!v) {
		*out = def;
		return def < lo ? -1 : 0;
	}
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi)
		return -1;
	*out = (int)json_integer_value(v);
	return 0;
}

static int text_ok(const json_t *v, size_t lo, size_t hi)
{
	return json_is_string(v) && json_string_length(v) >= lo && json_string_length(v) <= hi;
}

static int check_board(struct checker *c, const json_t *b, struct legendary_board *out)
{
	const json_t *slots = json_object_get(b, "slots"), *s, *cz, *v;
	size_t i;

	if (!json_is_object(b))
		return fail(c, "\"board\"", "bad-board", "board", "expected an object");
	if (!json_is_array(slots) || json_array_size(slots) < 1 || json_array_size(slots) > LG_MAX_SLOTS)
		return fail(c, "\"slots\"", "bad-board", "board.slots", "expected 1 to 9 slots");
	out->nslots = (int)json_array_size(slots);
	json_array_foreach(slots, i, s) {
		if (!json_is_boolean(json_object_get(s, "phone")) ||
		    int_in(s, "scan", 0, 20, -1, &out->scan[i]) < 0)
			return fail(c, "\"slots\"", "bad-board", "board.slots",
				    "each slot wants \"phone\" (true or false) and \"scan\" 0-20");
		out->phone[i] = json_is_true(json_object_get(s, "phone"));
	}
	v = json_object_get(b, "phone_blocked_by");
	if (v && (!json_is_string(v) || (strcmp(json_string_value(v), "card") &&
					  strcmp(json_string_value(v), "enemy"))))
		return fail(c, "\"phone_blocked_by\"", "bad-board", "board.phone_blocked_by",
			    "expected \"card\" or \"enemy\"");
	out->blocked_by_enemy = v && !strcmp(json_string_value(v), "enemy");
	cz = json_object_get(b, "combat_zone_phone");
	out->cz_cost = 3;
	out->cz_max = 3;
	if (cz && (int_in(cz, "cost", 0, 20, 3, &out->cz_cost) < 0 ||
		   int_in(cz, "max_cards", 1, 20, 3, &out->cz_max) < 0))
		return fail(c, "\"combat_zone_phone\"", "bad-board", "board.combat_zone_phone",
			    "expected cost 0-20 and max_cards 1-20");
	if (int_in(b, "dock_slots", 1, 9, 5, &out->dock_slots) < 0)
		return fail(c, "\"dock_slots\"", "bad-board", "board.dock_slots", "expected 1 to 9");
	if (int_in(b, "hand_size", 1, 12, 6, &out->hand_size) < 0)
		return fail(c, "\"hand_size\"", "bad-board", "board.hand_size", "expected 1 to 12");
	if (int_in(b, "time_start", 1, 30, 10, &out->time_start) < 0)
		return fail(c, "\"time_start\"", "bad-board", "board.time_start", "expected 1 to 30");
	if (int_in(b, "hovercraft_cost", 0, 20, 3, &out->hovercraft_cost) < 0)
		return fail(c, "\"hovercraft_cost\"", "bad-board", "board.hovercraft_cost",
			    "expected 0 to 20");
	if (int_in(b, "buy_time_cost", 0, 20, 5, &out->buy_time_cost) < 0)
		return fail(c, "\"buy_time_cost\"", "bad-board", "board.buy_time_cost", "expected 0 to 20");
	v = json_object_get(b, "start_world");
	if (v && (!json_is_string(v) || (strcmp(json_string_value(v), "real") &&
					  strcmp(json_string_value(v), "matrix"))))
		return fail(c, "\"start_world\"", "bad-board", "board.start_world",
			    "expected \"real\" or \"matrix\"");
	out->start_matrix = v && !strcmp(json_string_value(v), "matrix");
	return 0;
}

static int id_ok(const char *id)
{
	size_t i, n = strlen(id);

	if (n < 1 || n > 24 || !isalnum((unsigned char)id[0]))
		return 0;
	for (i = 0; i < n; i++)
		if (!(isupper((unsigned char)id[i]) || isdigit((unsigned char)id[i]) || id[i] == '-'))
			return 0;
	return 1;
}

/* Atoms allowed in a field (R3.2). */
static int atom_allowed(const char *field, const struct lg_atom *a)
{
	int objective = a->op == LG_ADVANCE || a->op == LG_OFFER_MINOR || a->op == LG_VICTORY_MAJOR;

	if (!strcmp(field, "effects") || !strcmp(field, "combo") || !strcmp(field, "sacrifice"))
		return !objective && a->op != LG_PLACE && a->op != LG_SET_ASIDE &&
		       !((a->op == LG_ATTACK || a->op == LG_RECRUIT) && a->n < 0);
	if (!strcmp(field, "ability") || !strcmp(field, "rewards"))
		return !objective && a->op != LG_PLACE && a->op != LG_SET_ASIDE && a->op != LG_AVATAR &&
		       !((a->op == LG_ATTACK || a->op == LG_RECRUIT) && a->n < 0);
	if (!strcmp(field, "reveal"))
		return a->op == LG_TIME || a->op == LG_WOUND || a->op == LG_DISCARD ||
		       a->op == LG_DRAW || a->op == LG_PLACE;
	if (!strcmp(field, "setup") || !strcmp(field, "campaign_setup"))
		return a->op == LG_TIME || a->op == LG_WOUND || a->op == LG_GAIN_HOVERCRAFT ||
		       a->op == LG_GAIN_EXTRA || a->op == LG_GAIN_DOCK;
	/* on_strike, on_draw, back */
	return a->op == LG_TIME || a->op == LG_WOUND || a->op == LG_DISCARD || a->op == LG_DRAW;
}

static int check_effect(struct checker *c, const char *needle, const char *where, const char *field,
			const json_t *v, const json_t *cards)
{
	char why[160], place[120];
	const json_t *a;
	size_t i;

	if (!v || (json_is_string(v) && !strcmp(json_string_value(v), "manual")))
		return 0;
	snprintf(place, sizeof(place), "%s.%s", where, field);
	if (!json_is_array(v))
		return fail(c, needle, "bad-effect", place, "expected a list of atoms or \"manual\"");
	json_array_foreach(v, i, a) {
		struct lg_atom atom;
		size_t k;
		const json_t *other;
		int found = 0;

		if (legendary_atom_parse(json_string_value(a), &atom, why, sizeof(why)) < 0)
			return fail(c, needle, "bad-effect", place, why);
		if (!atom_allowed(field, &atom)) {
			snprintf(why, sizeof(why), "'%s' is not allowed here (R3.2)", json_string_value(a));
			return fail(c, needle, "bad-effect", place, why);
		}
		if (atom.op != LG_GAIN_EXTRA)
			continue;
		json_array_foreach(cards, k, other)
			found |= !strcmp(json_string_value(json_object_get(other, "id")) ?
					 json_string_value(json_object_get(other, "id")) : "", atom.word);
		if (!found) {
			snprintf(why, sizeof(why), "gain extra %s names no card of the pack", atom.word);
			return fail(c, needle, "unknown-card", place, why);
		}
	}
	return 0;
}

static const char *const card_types[] = { "hero", "enemy", "challenge", "inevitable", "wound",
					  "avatar", NULL };
static const char *const classes[] = { "intellect", "range", "strength", "survival", "tech", NULL };

static int in_list(const char *s, const char *const *list)
{
	size_t i;

	for (i = 0; s && list[i]; i++)
		if (!strcmp(s, list[i]))
			return 1;
	return 0;
}

static int check_keywords(struct checker *c, const char *needle, const char *id, const char *type,
			  const json_t *kw)
{
	static const struct {
		const char *word, *types;
		int param;	/* 0 none, 1 required, 2 optional */
	} known[] = {
		{ "digital", "hero", 0 }, { "coordinate", "hero", 0 }, { "coordinate-free", "hero", 0 },
		{ "double-strike", "enemy", 0 }, { "chase", "enemy challenge", 0 },
		{ "cover", "enemy", 0 }, { "evade", "enemy", 1 }, { "stationary", "enemy challenge", 0 },
		{ "undefeatable", "enemy", 0 }, { "wild-swing", "enemy", 0 }, { "buy-time", "enemy", 2 },
	};
	const json_t *k;
	size_t i, j;
	char why[120];

	if (!kw)
		return 0;
	if (!json_is_array(kw))
		return fail(c, needle, "bad-keyword", id, "keywords must be a list");
	json_array_foreach(kw, i, k) {
		const char *s = json_string_value(k), *colon;
		size_t len;

		if (!s)
			return fail(c, needle, "bad-keyword", id, "a keyword must be a string");
		colon = strchr(s, ':');
		len = colon ? (size_t)(colon - s) : strlen(s);
		for (j = 0; j < sizeof(known) / sizeof(known[0]); j++)
			if (strlen(known[j].word) == len && !strncmp(s, known[j].word, len))
				break;
		snprintf(why, sizeof(why), "keyword '%s'", s);
		if (j == sizeof(known) / sizeof(known[0]))
			return fail(c, needle, "bad-keyword", id, "unknown keyword (R2.5)");
		if (!strstr(known[j].types, type))
			return fail(c, needle, "bad-keyword", id, "keyword not allowed on that type (R2.5)");
		if ((known[j].param == 1 && !colon) || (known[j].param == 0 && colon))
			return fail(c, needle, "bad-keyword", id, known[j].param ?
				    "the keyword wants a parameter (evade:X)" : "the keyword takes no parameter");
		if (colon) {
			int n;

			if (read_int(colon + 1, &n) < 0 || n < 0 || n > 20)
				return fail(c, needle, "bad-keyword", id, "the parameter must be 0 to 20");
		}
	}
	return 0;
}

static int check_card(struct checker *c, const json_t *card, const json_t *cards, size_t index,
		      const struct legendary_board *board)
{
	const char *id = json_string_value(json_object_get(card, "id"));
	const char *type = json_string_value(json_object_get(card, "type"));
	const char *cls = json_string_value(json_object_get(card, "class"));
	char needle[64], where[40];
	const json_t *other;
	size_t k;
	int n;

	snprintf(where, sizeof(where), "cards[%zu]", index);
	if (!id || !id_ok(id))
		return fail(c, "\"cards\"", "bad-id", where,
			    "an id is 1-24 of A-Z 0-9 -, first a letter or digit");
	snprintf(needle, sizeof(needle), "\"%s\"", id);
	json_array_foreach(cards, k, other) {
		const char *oid = json_string_value(json_object_get(other, "id"));

		if (k < index && oid && !strcmp(oid, id))
			return fail(c, needle, "duplicate-id", id, "this id is used twice");
	}
	if (!text_ok(json_object_get(card, "name"), 1, 40))
		return fail(c, needle, "bad-field", id, "name: expected 1 to 40 characters");
	if (!in_list(type, card_types))
		return fail(c, needle, "bad-type", id, "type: expected hero, enemy, challenge, "
			    "inevitable, wound or avatar");
	if ((json_object_get(card, "text") && !text_ok(json_object_get(card, "text"), 0, 500)) ||
	    (json_object_get(card, "text_fr") && !text_ok(json_object_get(card, "text_fr"), 0, 500)) ||
	    (json_object_get(card, "text_back") && !text_ok(json_object_get(card, "text_back"), 0, 500)))
		return fail(c, needle, "bad-field", id, "a text has at most 500 characters");
	if (check_keywords(c, needle, id, type, json_object_get(card, "keywords")) < 0)
		return -1;
	if (!strcmp(type, "hero")) {
		if (int_in(card, "cost", 0, 20, -1, &n) < 0 || int_in(card, "attack", 0, 20, 0, &n) < 0 ||
		    int_in(card, "recruit", 0, 20, 0, &n) < 0)
			return fail(c, needle, "bad-field", id, "a hero wants cost 0-20, attack and "
				    "recruit 0-20");
		if (json_object_get(card, "class") && !in_list(cls, classes))
			return fail(c, needle, "bad-class", id, "class: expected intellect, range, "
				    "strength, survival or tech");
		if (json_object_get(card, "combo") && !cls)
			return fail(c, needle, "bad-class", id, "a combo needs a class");
		(void)board;
		return check_effect(c, needle, id, "effects", json_object_get(card, "effects"), cards) ||
		       check_effect(c, needle, id, "combo", json_object_get(card, "combo"), cards) ||
		       check_effect(c, needle, id, "sacrifice", json_object_get(card, "sacrifice"), cards) ?
		       -1 : 0;
	}
	if (!strcmp(type, "enemy")) {
		if (int_in(card, "fight", 0, 30, -1, &n) < 0)
			return fail(c, needle, "bad-field", id, "an enemy wants fight 0-30");
		return check_effect(c, needle, id, "reveal", json_object_get(card, "reveal"), cards) ||
		       check_effect(c, needle, id, "rewards", json_object_get(card, "rewards"), cards) ||
		       check_effect(c, needle, id, "on_strike", json_object_get(card, "on_strike"), cards) ?
		       -1 : 0;
	}
	if (!strcmp(type, "challenge")) {
		const json_t *comp = json_object_get(card, "complete");

		if (!(json_is_string(comp) && !strcmp(json_string_value(comp), "manual")) &&
		    (!json_is_object(comp) || int_in(comp, "attack", 0, 30, 0, &n) < 0 ||
		     int_in(comp, "recruit", 0, 30, 0, &n) < 0))
			return fail(c, needle, "bad-field", id, "a challenge wants complete "
				    "{\"attack\": N, \"recruit\": N} or \"manual\"");
		return check_effect(c, needle, id, "reveal", json_object_get(card, "reveal"), cards) ||
		       check_effect(c, needle, id, "rewards", json_object_get(card, "rewards"), cards) ?
		       -1 : 0;
	}
	if (!strcmp(type, "inevitable"))
		return check_effect(c, needle, id, "back", json_object_get(card, "back"), cards);
	if (!strcmp(type, "wound")) {
		if (int_in(card, "damage", 0, 5, -1, &n) < 0)
			return fail(c, needle, "bad-field", id, "a wound wants damage 0-5");
		return check_effect(c, needle, id, "on_draw", json_object_get(card, "on_draw"), cards);
	}
	/* avatar */
	if (int_in(card, "health", 1, 30, -1, &n) < 0 || int_in(card, "speed", 0, 30, 0, &n) < 0)
		return fail(c, needle, "bad-field", id, "an avatar wants health 1-30, speed 0-30");
	{
		const char *ch = json_string_value(json_object_get(card, "character"));

		if (json_object_get(card, "character") &&
		    (!ch || !*ch || strspn(ch, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(ch)))
			return fail(c, needle, "bad-field", id, "character: expected a-z 0-9 -");
	}
	return check_effect(c, needle, id, "ability", json_object_get(card, "ability"), cards);
}

/* Reads "ID" or "ID xN" into id and n; 0 or -1. */
static int pile_entry(const char *s, char id[32], int *n)
{
	const char *x = s ? strstr(s, " x") : NULL;
	size_t len = x ? (size_t)(x - s) : (s ? strlen(s) : 0);

	*n = 1;
	if (!s || len < 1 || len >= 32)
		return -1;
	memcpy(id, s, len);
	id[len] = 0;
	if (x && (read_int(x + 2, n) < 0 || *n < 1))
		return -1;
	return 0;
}

/* Checks one pile's entries against the types allowed there; counts instances. */
static int check_pile(struct checker *c, const struct legendary_pack *p, const json_t *pile,
		      const char *where, const char *types, int *instances, int *inevitables,
		      int required)
{
	const json_t *e;
	size_t i;
	char why[160];

	if (json_is_string(pile)) {
		json_t *one = json_array();
		int rc;

		json_array_append(one, (json_t *)pile);
		rc = check_pile(c, p, one, where, types, instances, inevitables, required);
		json_decref(one);
		return rc;
	}
	if (!pile && !required)
		return 0;
	if (!json_is_array(pile) || (required && !json_array_size(pile)))
		return fail(c, "\"films\"", "bad-film", where, "a required pile is missing or empty");
	json_array_foreach(pile, i, e) {
		char id[32], needle[40];
		const json_t *card;
		const char *type;
		int n;

		if (pile_entry(json_string_value(e), id, &n) < 0)
			return fail(c, "\"films\"", "bad-film", where, "a pile entry is \"ID\" or \"ID xN\"");
		snprintf(needle, sizeof(needle), "\"%s", json_string_value(e));
		card = legendary_card(p, id, NULL);
		if (!card || strchr(id, '.')) {
			snprintf(why, sizeof(why), "%s names no card of the pack", id);
			return fail(c, needle, "unknown-card", where, why);
		}
		type = json_string_value(json_object_get(card, "type"));
		if (!strstr(types, type)) {
			snprintf(why, sizeof(why), "%s is a %s, not allowed in this pile", id, type);
			return fail(c, needle, "wrong-pile", where, why);
		}
		if (!strcmp(type, "inevitable"))
			*inevitables += n;
		*instances += n;
	}
	return 0;
}

/* Is id in the act's matrix or extras? */
static int of_act(const json_t *act, const char *id)
{
	const char *piles[] = { "matrix", "extras" };
	size_t k, i;
	const json_t *e;

	for (k = 0; k < 2; k++)
		json_array_foreach(json_object_get(act, piles[k]), i, e) {
			char eid[32];
			int n;

			if (!pile_entry(json_string_value(e), eid, &n) && !strcmp(eid, id))
				return 1;
		}
	return 0;
}

static int check_objective(struct checker *c, const struct legendary_pack *p, const json_t *act,
			   const json_t *obj, const char *where)
{
	const json_t *list, *e;
	size_t i;
	int n;

	if (json_is_string(obj) && !strcmp(json_string_value(obj), "manual"))
		return 0;
	if (json_is_object(obj) && json_object_size(obj) == 1 &&
	    json_object_get(obj, "defeated") && int_in(obj, "defeated", 1, 99, -1, &n) == 0)
		return 0;
	list = json_object_get(obj, "defeat");
	if (!list)
		list = json_object_get(obj, "complete");
	if (!json_is_object(obj) || json_object_size(obj) != 1 || !json_is_array(list) ||
	    !json_array_size(list))
		return fail(c, "\"objective\"", "bad-objective", where,
			    "expected {\"defeat\": [IDs]}, {\"complete\": [IDs]}, {\"defeated\": N} or \"manual\"");
	json_array_foreach(list, i, e) {
		const char *id = json_string_value(e);
		const json_t *card = id ? legendary_card(p, id, NULL) : NULL;
		const char *want = json_object_get(obj, "defeat") ? "enemy" : "challenge";

		if (!card || !of_act(act, id) ||
		    strcmp(json_string_value(json_object_get(card, "type")), want))
			return fail(c, "\"objective\"", "bad-objective", where,
				    "an objective names cards of its own act, of the right type");
	}
	return 0;
}

static int check_film(struct checker *c, const struct legendary_pack *p, const json_t *film,
		      size_t index)
{
	const json_t *acts = json_object_get(film, "acts"), *act, *av;
	char where[64];
	int instances = 0, inevitables = 0, none = 0;
	size_t i, k;
	const char *chars[16];
	size_t nchars = 0;

	snprintf(where, sizeof(where), "films[%zu]", index);
	if (!text_ok(json_object_get(film, "id"), 1, 24) || !text_ok(json_object_get(film, "name"), 1, 40))
		return fail(c, "\"films\"", "bad-film", where, "a film wants an id and a name");
	if (index == 0 && json_object_get(film, "campaign_setup"))
		return fail(c, "\"campaign_setup\"", "bad-film", where, "film 1 has no campaign_setup");
	if (!json_is_array(json_object_get(film, "avatars")) || !json_array_size(json_object_get(film, "avatars")))
		return fail(c, "\"avatars\"", "bad-avatar", where, "a film lists its avatars");
	json_array_foreach(json_object_get(film, "avatars"), i, av) {
		const json_t *card = json_string_value(av) ? legendary_card(p, json_string_value(av), NULL) : NULL;
		const char *ch;

		if (!card || strcmp(json_string_value(json_object_get(card, "type")), "avatar"))
			return fail(c, "\"avatars\"", "bad-avatar", where, "an avatar of a film must be a "
				    "card of type avatar");
		ch = json_string_value(json_object_get(card, "character"));
		if (!ch)
			ch = json_string_value(av);
		for (k = 0; k < nchars; k++)
			if (!strcmp(chars[k], ch))
				return fail(c, "\"avatars\"", "bad-avatar", where,
					    "two avatars of one character in a film");
		if (nchars < 16)
			chars[nchars++] = ch;
	}
	if (check_pile(c, p, json_object_get(film, "start_deck"), where, "hero", &instances, &none, 1) ||
	    check_pile(c, p, json_object_get(film, "hovercraft"), where, "hero", &instances, &none, 1) ||
	    check_pile(c, p, json_object_get(film, "zion"), where, "hero", &instances, &none, 1) ||
	    check_pile(c, p, json_object_get(film, "wounds"), where, "wound", &instances, &none, 1))
		return -1;
	{
		const json_t *hc = json_object_get(film, "hovercraft");
		char id[32];
		int n;

		if (json_is_array(hc))
			hc = json_array_get(hc, 0);
		if (pile_entry(json_string_value(hc), id, &n) == 0 &&
		    legendary_int(legendary_card(p, id, NULL), "cost", -1) != p->board.hovercraft_cost)
			return fail(c, "\"hovercraft\"", "bad-field", where,
				    "the hovercraft card must cost the board's hovercraft_cost");
	}
	if (json_object_get(film, "matrix_deck") &&
	    (!json_is_string(json_object_get(film, "matrix_deck")) ||
	     (strcmp(json_string_value(json_object_get(film, "matrix_deck")), "stacked") &&
	      strcmp(json_string_value(json_object_get(film, "matrix_deck")), "per-act"))))
		return fail(c, "\"matrix_deck\"", "bad-film", where, "matrix_deck: stacked or per-act");
	if (check_effect(c, "\"campaign_setup\"", where, "campaign_setup",
			 json_object_get(film, "campaign_setup"), p->cards) < 0)
		return -1;
	if (!json_is_array(acts) || json_array_size(acts) != 3)
		return fail(c, "\"acts\"", "bad-film", where, "a film has exactly 3 acts");
	json_array_foreach(acts, i, act) {
		char awhere[100];

		snprintf(awhere, sizeof(awhere), "%s.acts[%zu]", where, i);
		if (!text_ok(json_object_get(act, "name"), 1, 40))
			return fail(c, "\"acts\"", "bad-film", awhere, "an act wants a name");
		if (check_pile(c, p, json_object_get(act, "matrix"), awhere,
			       i == 2 ? "enemy challenge inevitable" : "enemy challenge", &instances,
			       &inevitables, 1) ||
		    check_pile(c, p, json_object_get(act, "extras"), awhere, "hero enemy challenge",
			       &instances, &none, 0))
			return -1;
		if (check_effect(c, "\"setup\"", awhere, "setup", json_object_get(act, "setup"), p->cards) < 0)
			return -1;
		if (!json_object_get(act, "objective"))
			return fail(c, "\"acts\"", "bad-objective", awhere, "an act wants an objective");
		if (check_objective(c, p, act, json_object_get(act, "objective"), awhere) < 0)
			return -1;
		if (json_object_get(act, "minor_offer") && i != 2)
			return fail(c, "\"minor_offer\"", "bad-objective", awhere,
				    "only act 3 has a minor_offer");
		if (json_object_get(act, "minor_offer") &&
		    check_objective(c, p, act, json_object_get(act, "minor_offer"), awhere) < 0)
			return -1;
	}
	if (inevitables > 1)
		return fail(c, "\"inevitable\"", "inevitable", where, "more than one Inevitable card");
	if (instances > 600)
		return fail(c, "\"films\"", "too-many", where, "more than 600 instances in a film");
	return 0;
}

int legendary_pack_read(struct legendary_pack *p, const char *text, const char *file, char *err,
			size_t errlen)
{
	struct checker c = { text ? text : "", file ? file : "pack", err, errlen };
	json_error_t jerr;
	const json_t *card, *film, *v;
	size_t i;

	legendary_pack_release(p);
	p->root = json_loads(c.text, JSON_REJECT_DUPLICATES, &jerr);
	if (!p->root) {
		errbuf_set(err, errlen, "%s:%d: format: pack: not JSON (%s)", c.file,
			   jerr.line > 0 ? jerr.line : 1, jerr.text);
		return -1;
	}
	if (!json_is_object(p->root) ||
	    strcmp(json_string_value(json_object_get(p->root, "format")) ?
		   json_string_value(json_object_get(p->root, "format")) : "", "mxjudge-legendary-pack") ||
	    !json_is_integer(json_object_get(p->root, "version")) ||
	    json_integer_value(json_object_get(p->root, "version")) != 1) {
		fail(&c, "\"format\"", "format", "pack", "expected \"format\": \"mxjudge-legendary-pack\", "
		     "\"version\": 1");
		goto bad;
	}
	v = json_object_get(p->root, "name");
	if (!text_ok(v, 1, 40)) {
		fail(&c, "\"name\"", "bad-field", "pack", "name: expected 1 to 40 characters");
		goto bad;
	}
	snprintf(p->name, sizeof(p->name), "%s", json_string_value(v));
	if (check_board(&c, json_object_get(p->root, "board"), &p->board) < 0)
		goto bad;
	p->cards = json_object_get(p->root, "cards");
	p->films = json_object_get(p->root, "films");
	if (!json_is_array(p->cards) || !json_array_size(p->cards)) {
		fail(&c, "\"cards\"", "bad-field", "pack", "expected a list of cards");
		goto bad;
	}
	json_array_foreach(p->cards, i, card)
		if (!json_is_object(card) || check_card(&c, card, p->cards, i, &p->board) < 0) {
			if (!json_is_object(card))
				fail(&c, "\"cards\"", "bad-field", "cards", "a card is an object");
			goto bad;
		}
	if (build_index(p) < 0) {
		errbuf_set(err, errlen, "%s:1: out of memory", c.file);
		goto bad;
	}
	if (!json_is_array(p->films) || json_array_size(p->films) < 1 || json_array_size(p->films) > 3) {
		fail(&c, "\"films\"", "bad-film", "pack", "expected 1 to 3 films");
		goto bad;
	}
	json_array_foreach(p->films, i, film)
		if (check_film(&c, p, film, i) < 0)
			goto bad;
	if (legendary_digest(p->root, p->digest) < 0) {
		errbuf_set(err, errlen, "%s:1: out of memory", c.file);
		goto bad;
	}
	return 0;
bad:
	legendary_pack_release(p);
	return -1;
}
