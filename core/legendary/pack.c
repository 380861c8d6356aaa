/*
 * legendary card packs: reading, checking (R2.9) and the canonical digest
 * (R2.8). Every problem is reported, one a line, as "FILE:LINE: CODE: WHERE:
 * message", the line being that of the value at fault.
 */
#include "core/legendary/legendary.h"

#include <ctype.h>
#include <stdarg.h>
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
	const struct legendary_card_ref *x = a, *y = b;
	int d = strcmp(x->id, y->id);

	/* Equal ids (a duplicate, refused) in pack order: the first is found first. */
	return d ? d : x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* The position in "cards" of the first card whose id is exactly id, or SIZE_MAX. */
static size_t first_pos(const struct legendary_pack *p, const char *id)
{
	size_t lo = 0, hi = p->ncards;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(p->index[mid].id, id) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < p->ncards && !strcmp(p->index[lo].id, id) ? p->index[lo].pos : SIZE_MAX;
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
		if (!p->index[i].id)
			p->index[i].id = "";	/* a card already refused */
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
	return legendary_atom_parse_in(text, a, 0, err, errlen);
}

/* The message of an unreadable atom in the game's language (fr: French, R11.2). */
#define ATOM_MSG(fmt) (fr ? legendary_french(fmt) : (fmt))

int legendary_atom_parse_in(const char *text, struct lg_atom *a, int fr, char *err, size_t errlen)
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
		return arg ? (errbuf_set(err, errlen, ATOM_MSG("'%s' takes no argument"), op), -1) : 0;
	if (!arg)
		goto bad;
	if (ops[i].arg == 1)
		return arg2 || read_int(arg, &a->n) < 0 ?
		       (errbuf_set(err, errlen, ATOM_MSG("'%s' wants a number"), op), -1) : 0;
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
	errbuf_set(err, errlen, ATOM_MSG("'%s' is not an atom of the vocabulary (R3.1)"), text ? text : "");
	return -1;
}

/* ---------- checking (R2.9) ---------- */

struct checker {
	const char *text, *file;
	char *err;
	size_t errlen, used;
	int shown, more;	/* problems written, problems past the bound */
	/*
	 * Where line_of last stopped, so that problems found in file order
	 * cost one walk of the text in all, not one each (issue 28): the
	 * newlines counted up to line_at, and the last array item reached
	 * (arr_item, its index arr_k, in the array at arr_path).
	 */
	const char *line_at;
	int line_no;
	const struct legendary_pack *pack;	/* its id index is built before the cards are checked */
	char arr_path[256];
	const char *arr_item;
	long arr_k;
};

#define LG_MAX_PROBLEMS 20

static const char *skip_ws(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

/* s at a value of valid JSON (json_loads read it): the first byte after it. */
static const char *skip_value(const char *s)
{
	int depth = 0;

	do {
		if (*s == '"') {
			for (s++; *s && *s != '"'; s++)
				if (*s == '\\' && s[1])
					s++;
			if (*s)
				s++;
		} else if (*s == '{' || *s == '[') {
			depth++;
			s++;
		} else if (*s == '}' || *s == ']') {
			depth--;
			s++;
		} else if (depth) {
			s++;
		} else {
			while (*s && !strchr(",]} \t\r\n", *s))
				s++;
		}
	} while (*s && depth > 0);
	return s;
}

/*
 * The line of the value at path ("films/2/acts/2/objective": keys and
 * indexes), walking the text as the parser did, so the line is the value's
 * own and not the first place its words appear. A missing step stops at
 * the deepest value found.
 */
static int line_of(struct checker *c, const char *path)
{
	const char *at = skip_ws(c->text), *p, *start = path;
	char step[64];
	int line = 1;

	while (path && *path) {
		size_t len = strcspn(path, "/");
		size_t done = (size_t)(path - start);	/* the path of the value at 'at' */
		const char *found = NULL;

		snprintf(step, sizeof(step), "%.*s", (int)len, path);
		path += len + (path[len] == '/');
		if (*at == '{') {
			at = skip_ws(at + 1);
			while (*at == '"' && !found) {
				const char *key = at + 1, *val;

				val = skip_ws(skip_ws(skip_value(at)) + 1);	/* past the colon */
				if (strlen(step) == (size_t)(skip_value(at) - key - 1) &&
				    !strncmp(key, step, strlen(step))) {
					found = val;
					break;	/* not past the value: it may be the whole file */
				}
				at = skip_ws(skip_value(val));
				if (*at == ',')
					at = skip_ws(at + 1);
			}
		} else if (*at == '[') {
			long want = strtol(step, NULL, 10), k = 0;

			/* The same array as last time, at or past its item: go on from there. */
			if (c->arr_item && done < sizeof(c->arr_path) &&
			    strlen(c->arr_path) == done && !strncmp(c->arr_path, start, done) &&
			    want >= c->arr_k) {
				at = c->arr_item;
				k = c->arr_k;
			} else {
				at = skip_ws(at + 1);
			}
			while (*at && *at != ']' && !found) {
				if (k == want) {
					found = at;
					break;
				}
				k++;
				at = skip_ws(skip_value(at));
				if (*at == ',')
					at = skip_ws(at + 1);
			}
			if (found && done < sizeof(c->arr_path)) {
				memcpy(c->arr_path, start, done);
				c->arr_path[done] = '\0';
				c->arr_item = found;
				c->arr_k = want;
			}
		}
		if (!found)
			break;
		at = found;
	}
	p = c->text;
	if (c->line_at && c->line_at <= at) {
		p = c->line_at;
		line = c->line_no;
	}
	for (; p < at && *p; p++)
		line += *p == '\n';
	c->line_at = at;
	c->line_no = line;
	return line;
}

/*
 * Adds one problem (R2.9: every problem is listed, one a line), up to
 * LG_MAX_PROBLEMS and what the buffer holds; the rest are counted.
 */
static int fail(struct checker *c, const char *path, const char *code, const char *where,
		const char *what)
{
	char one[512];
	size_t n;

	/*
	 * Past the problems shown only the count is kept, with no line to
	 * find: past LG_MAX_PROBLEMS, or when even a one-digit line number
	 * would not fit in what is left of err.
	 */
	n = (size_t)snprintf(NULL, 0, "%s%s:0: %s: %s: %s", c->shown ? "\n" : "", c->file, code,
			     where, what);
	if (n >= sizeof(one))
		n = sizeof(one) - 1;
	if (c->shown >= LG_MAX_PROBLEMS || (c->shown && c->used + n + 40 >= c->errlen)) {
		c->more++;
		return -1;
	}
	n = (size_t)snprintf(one, sizeof(one), "%s%s:%d: %s: %s: %s", c->shown ? "\n" : "", c->file,
			     line_of(c, path), code, where, what);
	if (n >= sizeof(one))
		n = sizeof(one) - 1;
	/* room kept for the closing "and N more" line */
	if (c->shown < LG_MAX_PROBLEMS && c->used + n + 40 < c->errlen) {
		memcpy(c->err + c->used, one, n + 1);
		c->used += n;
		c->shown++;
	} else if (!c->shown && c->errlen) {
		snprintf(c->err, c->errlen, "%s", one);
		c->used = strlen(c->err);
		c->shown++;
	} else {
		c->more++;
	}
	return -1;
}

/* The path of a place: printf into a buffer. */
static const char *path_f(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static const char *path_f(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return buf;
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
	char path[64];
	size_t i;
	int rc = 0;

	if (!json_is_object(b))
		return fail(c, "board", "bad-board", "board", "expected an object");
	if (!json_is_array(slots) || json_array_size(slots) < 1 || json_array_size(slots) > LG_MAX_SLOTS)
		rc = fail(c, "board/slots", "bad-board", "board.slots", "expected 1 to 9 slots");
	else
		out->nslots = (int)json_array_size(slots);
	json_array_foreach(rc ? NULL : slots, i, s) {
		if (!json_is_boolean(json_object_get(s, "phone")) ||
		    int_in(s, "scan", 0, 20, -1, &out->scan[i]) < 0)
			rc = fail(c, path_f(path, sizeof(path), "board/slots/%zu", i), "bad-board",
				  "board.slots", "each slot wants \"phone\" (true or false) and \"scan\" 0-20");
		out->phone[i] = json_is_true(json_object_get(s, "phone"));
	}
	v = json_object_get(b, "phone_blocked_by");
	if (v && (!json_is_string(v) || (strcmp(json_string_value(v), "card") &&
					  strcmp(json_string_value(v), "enemy"))))
		rc = fail(c, "board/phone_blocked_by", "bad-board", "board.phone_blocked_by",
			  "expected \"card\" or \"enemy\"");
	out->blocked_by_enemy = json_is_string(v) && !strcmp(json_string_value(v), "enemy");
	cz = json_object_get(b, "combat_zone_phone");
	out->cz_cost = 3;
	out->cz_max = 3;
	if (cz && (int_in(cz, "cost", 0, 20, 3, &out->cz_cost) < 0 ||
		   int_in(cz, "max_cards", 1, 20, 3, &out->cz_max) < 0))
		rc = fail(c, "board/combat_zone_phone", "bad-board", "board.combat_zone_phone",
			  "expected cost 0-20 and max_cards 1-20");
	if (int_in(b, "dock_slots", 1, 9, 5, &out->dock_slots) < 0)
		rc = fail(c, "board/dock_slots", "bad-board", "board.dock_slots", "expected 1 to 9");
	if (int_in(b, "hand_size", 1, 12, 6, &out->hand_size) < 0)
		rc = fail(c, "board/hand_size", "bad-board", "board.hand_size", "expected 1 to 12");
	if (int_in(b, "time_start", 1, 30, 10, &out->time_start) < 0)
		rc = fail(c, "board/time_start", "bad-board", "board.time_start", "expected 1 to 30");
	if (int_in(b, "hovercraft_cost", 0, 20, 3, &out->hovercraft_cost) < 0)
		rc = fail(c, "board/hovercraft_cost", "bad-board", "board.hovercraft_cost",
			  "expected 0 to 20");
	if (int_in(b, "buy_time_cost", 0, 20, 5, &out->buy_time_cost) < 0)
		rc = fail(c, "board/buy_time_cost", "bad-board", "board.buy_time_cost", "expected 0 to 20");
	v = json_object_get(b, "start_world");
	if (v && (!json_is_string(v) || (strcmp(json_string_value(v), "real") &&
					  strcmp(json_string_value(v), "matrix"))))
		rc = fail(c, "board/start_world", "bad-board", "board.start_world",
			  "expected \"real\" or \"matrix\"");
	out->start_matrix = json_is_string(v) && !strcmp(json_string_value(v), "matrix");
	return rc;
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

static int check_effect(struct checker *c, const char *base, const char *where, const char *field,
			const json_t *v, const json_t *cards)
{
	char why[160], place[120], path[120];
	const json_t *a;
	size_t i;

	if (!v || (json_is_string(v) && !strcmp(json_string_value(v), "manual")))
		return 0;
	snprintf(place, sizeof(place), "%s.%s", where, field);
	if (!json_is_array(v))
		return fail(c, path_f(path, sizeof(path), "%s/%s", base, field), "bad-effect", place,
			    "expected a list of atoms or \"manual\"");
	json_array_foreach(v, i, a) {
		struct lg_atom atom;
		int found = 0;

		path_f(path, sizeof(path), "%s/%s/%zu", base, field, i);
		if (legendary_atom_parse(json_string_value(a), &atom, why, sizeof(why)) < 0)
			return fail(c, path, "bad-effect", place, why);
		if (!atom_allowed(field, &atom)) {
			snprintf(why, sizeof(why), "'%s' is not allowed here (R3.2)", json_string_value(a));
			return fail(c, path, "bad-effect", place, why);
		}
		if (atom.op != LG_GAIN_EXTRA)
			continue;
		(void)cards;
		found = first_pos(c->pack, atom.word) != SIZE_MAX;	/* the index, not a walk (issue 28) */
		if (!found) {
			snprintf(why, sizeof(why), "gain extra %s names no card of the pack", atom.word);
			return fail(c, path, "unknown-card", place, why);
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

static int check_keywords(struct checker *c, const char *base, const char *id, const char *type,
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
	char why[120], needle[120];

	if (!kw)
		return 0;
	if (!json_is_array(kw))
		return fail(c, path_f(needle, sizeof(needle), "%s/keywords", base), "bad-keyword", id,
			    "keywords must be a list");
	json_array_foreach(kw, i, k) {
		const char *s = json_string_value(k), *colon;
		size_t len;

		path_f(needle, sizeof(needle), "%s/keywords/%zu", base, i);

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
	char needle[64], where[40], path[80];
	int n;

	snprintf(where, sizeof(where), "cards[%zu]", index);
	snprintf(needle, sizeof(needle), "cards/%zu", index);
	if (!id || !id_ok(id))
		return fail(c, path_f(path, sizeof(path), "%s/id", needle), "bad-id", where,
			    "an id is 1-24 of A-Z 0-9 -, first a letter or digit");
	if (first_pos(c->pack, id) < index)	/* an earlier card has it: the index, not a walk */
		return fail(c, path_f(path, sizeof(path), "%s/id", needle), "duplicate-id", id, "this id is used twice");
	if (!text_ok(json_object_get(card, "name"), 1, 40))
		return fail(c, path_f(path, sizeof(path), "%s/name", needle), "bad-field", id, "name: expected 1 to 40 characters");
	if (!in_list(type, card_types))
		return fail(c, path_f(path, sizeof(path), "%s/type", needle), "bad-type", id, "type: expected hero, enemy, challenge, "
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
			return fail(c, path_f(path, sizeof(path), "%s/class", needle), "bad-class", id, "class: expected intellect, range, "
				    "strength, survival or tech");
		if (json_object_get(card, "combo") && !cls)
			return fail(c, path_f(path, sizeof(path), "%s/combo", needle), "bad-class", id, "a combo needs a class");
		(void)board;
		return check_effect(c, needle, id, "effects", json_object_get(card, "effects"), cards) ||
		       check_effect(c, needle, id, "combo", json_object_get(card, "combo"), cards) ||
		       check_effect(c, needle, id, "sacrifice", json_object_get(card, "sacrifice"), cards) ?
		       -1 : 0;
	}
	if (!strcmp(type, "enemy")) {
		if (int_in(card, "fight", 0, 30, -1, &n) < 0)
			return fail(c, path_f(path, sizeof(path), "%s/fight", needle), "bad-field", id, "an enemy wants fight 0-30");
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
			return fail(c, path_f(path, sizeof(path), "%s/complete", needle), "bad-field", id, "a challenge wants complete "
				    "{\"attack\": N, \"recruit\": N} or \"manual\"");
		return check_effect(c, needle, id, "reveal", json_object_get(card, "reveal"), cards) ||
		       check_effect(c, needle, id, "rewards", json_object_get(card, "rewards"), cards) ?
		       -1 : 0;
	}
	if (!strcmp(type, "inevitable"))
		return check_effect(c, needle, id, "back", json_object_get(card, "back"), cards);
	if (!strcmp(type, "wound")) {
		if (int_in(card, "damage", 0, 5, -1, &n) < 0)
			return fail(c, path_f(path, sizeof(path), "%s/damage", needle), "bad-field", id, "a wound wants damage 0-5");
		return check_effect(c, needle, id, "on_draw", json_object_get(card, "on_draw"), cards);
	}
	/* avatar */
	if (int_in(card, "health", 1, 30, -1, &n) < 0 || int_in(card, "speed", 0, 30, 0, &n) < 0)
		return fail(c, needle, "bad-field", id, "an avatar wants health 1-30, speed 0-30");
	{
		const char *ch = json_string_value(json_object_get(card, "character"));

		if (json_object_get(card, "character") &&
		    (!ch || !*ch || strspn(ch, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(ch)))
			return fail(c, path_f(path, sizeof(path), "%s/character", needle), "bad-field", id, "character: expected a-z 0-9 -");
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
static int check_pile(struct checker *c, const struct legendary_pack *p, const json_t *film,
		      const char *base, const char *key, const char *where, const char *types,
		      int *instances, int *inevitables, int required)
{
	const json_t *pile = json_object_get(film, key), *e;
	size_t i, n = json_is_string(pile) ? 1 : json_array_size(pile);
	char why[160], path[120];
	int rc = 0;

	if (!pile && !required)
		return 0;
	if (!(json_is_array(pile) || json_is_string(pile)) || (required && !n))
		return fail(c, path_f(path, sizeof(path), "%s/%s", base, key), "bad-film", where,
			    "a required pile is missing or empty");
	for (i = 0; i < n; i++) {
		char id[32];
		const json_t *card;
		const char *type;
		int k;

		e = json_is_string(pile) ? pile : json_array_get(pile, i);
		if (json_is_string(pile))
			path_f(path, sizeof(path), "%s/%s", base, key);
		else
			path_f(path, sizeof(path), "%s/%s/%zu", base, key, i);
		if (pile_entry(json_string_value(e), id, &k) < 0) {
			rc = fail(c, path, "bad-film", where, "a pile entry is \"ID\" or \"ID xN\"");
			continue;
		}
		card = legendary_card(p, id, NULL);
		if (!card || strchr(id, '.')) {
			snprintf(why, sizeof(why), "%s names no card of the pack", id);
			rc = fail(c, path, "unknown-card", where, why);
			continue;
		}
		type = json_string_value(json_object_get(card, "type"));
		if (!type || !strstr(types, type)) {
			snprintf(why, sizeof(why), "%s is a %s, not allowed in this pile", id,
				 type ? type : "card of no type");
			rc = fail(c, path, "wrong-pile", where, why);
			continue;
		}
		if (!strcmp(type, "inevitable"))
			*inevitables += k;
		*instances += k;
	}
	return rc;
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

/* obj at path (an act's objective or minor_offer), R2.7. */
static int check_objective(struct checker *c, const struct legendary_pack *p, const json_t *act,
			   const json_t *obj, const char *path, const char *where)
{
	const json_t *list, *e;
	const char *key;
	char epath[140];
	size_t i;
	int n, rc = 0;

	if (json_is_string(obj) && !strcmp(json_string_value(obj), "manual"))
		return 0;
	if (json_is_object(obj) && json_object_size(obj) == 1 &&
	    json_object_get(obj, "defeated") && int_in(obj, "defeated", 1, 99, -1, &n) == 0)
		return 0;
	key = json_object_get(obj, "defeat") ? "defeat" : "complete";
	list = json_object_get(obj, key);
	if (!json_is_object(obj) || json_object_size(obj) != 1 || !json_is_array(list) ||
	    !json_array_size(list))
		return fail(c, path, "bad-objective", where,
			    "expected {\"defeat\": [IDs]}, {\"complete\": [IDs]}, {\"defeated\": N} or \"manual\"");
	json_array_foreach(list, i, e) {
		const char *id = json_string_value(e);
		const json_t *card = id ? legendary_card(p, id, NULL) : NULL;
		const char *type = json_string_value(json_object_get(card, "type"));
		const char *want = !strcmp(key, "defeat") ? "enemy" : "challenge";

		if (!card || !of_act(act, id) || !type || strcmp(type, want))
			rc = fail(c, path_f(epath, sizeof(epath), "%s/%s/%zu", path, key, i),
				  "bad-objective", where,
				  "an objective names cards of its own act, of the right type");
	}
	return rc;
}

static int check_act(struct checker *c, const struct legendary_pack *p, const json_t *act,
		     size_t film, size_t i, int *instances, int *inevitables)
{
	char where[100], base[64], path[100];
	int none = 0, rc = 0;

	snprintf(where, sizeof(where), "films[%zu].acts[%zu]", film, i);
	snprintf(base, sizeof(base), "films/%zu/acts/%zu", film, i);
	if (!json_is_object(act))
		return fail(c, base, "bad-film", where, "an act is an object");
	if (!text_ok(json_object_get(act, "name"), 1, 40))
		rc = fail(c, path_f(path, sizeof(path), "%s/name", base), "bad-film", where,
			  "an act wants a name");
	rc |= check_pile(c, p, act, base, "matrix", where,
			 i == 2 ? "enemy challenge inevitable" : "enemy challenge", instances,
			 inevitables, 1);
	rc |= check_pile(c, p, act, base, "extras", where, "hero enemy challenge", instances, &none, 0);
	rc |= check_effect(c, base, where, "setup", json_object_get(act, "setup"), p->cards);
	if (!json_object_get(act, "objective"))
		rc = fail(c, base, "bad-objective", where, "an act wants an objective");
	else
		rc |= check_objective(c, p, act, json_object_get(act, "objective"),
				      path_f(path, sizeof(path), "%s/objective", base), where);
	if (json_object_get(act, "minor_offer") && i != 2)
		rc = fail(c, path_f(path, sizeof(path), "%s/minor_offer", base), "bad-objective", where,
			  "only act 3 has a minor_offer");
	else if (json_object_get(act, "minor_offer"))
		rc |= check_objective(c, p, act, json_object_get(act, "minor_offer"),
				      path_f(path, sizeof(path), "%s/minor_offer", base), where);
	return rc;
}

static int check_film(struct checker *c, const struct legendary_pack *p, const json_t *film,
		      size_t index)
{
	const json_t *acts = json_object_get(film, "acts"), *act, *av;
	char where[64], base[32], path[80];
	int instances = 0, inevitables = 0, none = 0, rc = 0;
	size_t i, k;
	const char *chars[16];
	size_t nchars = 0;

	snprintf(where, sizeof(where), "films[%zu]", index);
	snprintf(base, sizeof(base), "films/%zu", index);
	if (!json_is_object(film))
		return fail(c, base, "bad-film", where, "a film is an object");
	if (!text_ok(json_object_get(film, "id"), 1, 24) || !text_ok(json_object_get(film, "name"), 1, 40))
		rc = fail(c, base, "bad-film", where, "a film wants an id and a name");
	if (index == 0 && json_object_get(film, "campaign_setup"))
		rc = fail(c, path_f(path, sizeof(path), "%s/campaign_setup", base), "bad-film", where,
			  "film 1 has no campaign_setup");
	if (!json_is_array(json_object_get(film, "avatars")) || !json_array_size(json_object_get(film, "avatars")))
		rc = fail(c, path_f(path, sizeof(path), "%s/avatars", base), "bad-avatar", where,
			  "a film lists its avatars");
	json_array_foreach(json_object_get(film, "avatars"), i, av) {
		const json_t *card = json_string_value(av) ? legendary_card(p, json_string_value(av), NULL) : NULL;
		const char *type = json_string_value(json_object_get(card, "type")), *ch;

		path_f(path, sizeof(path), "%s/avatars/%zu", base, i);
		if (!card || !type || strcmp(type, "avatar")) {
			rc = fail(c, path, "bad-avatar", where, "an avatar of a film must be a "
				  "card of type avatar");
			continue;
		}
		ch = json_string_value(json_object_get(card, "character"));
		if (!ch)
			ch = json_string_value(av);
		for (k = 0; k < nchars; k++)
			if (!strcmp(chars[k], ch))
				break;
		if (k < nchars)
			rc = fail(c, path, "bad-avatar", where, "two avatars of one character in a film");
		else if (nchars < 16)
			chars[nchars++] = ch;
	}
	rc |= check_pile(c, p, film, base, "start_deck", where, "hero", &instances, &none, 1);
	rc |= check_pile(c, p, film, base, "hovercraft", where, "hero", &instances, &none, 1);
	rc |= check_pile(c, p, film, base, "zion", where, "hero", &instances, &none, 1);
	rc |= check_pile(c, p, film, base, "wounds", where, "wound", &instances, &none, 1);
	{
		const json_t *hc = json_object_get(film, "hovercraft");
		char id[32];
		int n;

		if (json_is_array(hc))
			hc = json_array_get(hc, 0);
		if (pile_entry(json_string_value(hc), id, &n) == 0 && legendary_card(p, id, NULL) &&
		    legendary_int(legendary_card(p, id, NULL), "cost", -1) != p->board.hovercraft_cost)
			rc = fail(c, path_f(path, sizeof(path), "%s/hovercraft", base), "bad-field", where,
				  "the hovercraft card must cost the board's hovercraft_cost");
	}
	if (json_object_get(film, "matrix_deck") &&
	    (!json_is_string(json_object_get(film, "matrix_deck")) ||
	     (strcmp(json_string_value(json_object_get(film, "matrix_deck")), "stacked") &&
	      strcmp(json_string_value(json_object_get(film, "matrix_deck")), "per-act"))))
		rc = fail(c, path_f(path, sizeof(path), "%s/matrix_deck", base), "bad-film", where,
			  "matrix_deck: stacked or per-act");
	rc |= check_effect(c, base, where, "campaign_setup", json_object_get(film, "campaign_setup"),
			   p->cards);
	if (!json_is_array(acts) || json_array_size(acts) != 3)
		return fail(c, path_f(path, sizeof(path), "%s/acts", base), "bad-film", where,
			    "a film has exactly 3 acts");
	json_array_foreach(acts, i, act)
		rc |= check_act(c, p, act, index, i, &instances, &inevitables);
	if (inevitables > 1)
		rc = fail(c, path_f(path, sizeof(path), "%s/acts/2/matrix", base), "inevitable", where,
			  "more than one Inevitable card");
	if (instances > 600)
		rc = fail(c, base, "too-many", where, "more than 600 instances in a film");
	return rc;
}

int legendary_pack_read(struct legendary_pack *p, const char *text, const char *file, char *err,
			size_t errlen)
{
	struct checker c = { .text = text ? text : "", .file = file ? file : "pack", .err = err,
			     .errlen = errlen };
	json_error_t jerr;
	const json_t *card, *film, *v;
	size_t i;

	legendary_pack_release(p);
	if (errlen)
		err[0] = 0;
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
		fail(&c, json_object_get(p->root, "format") ? "format" : "", "format", "pack",
		     "expected \"format\": \"mxjudge-legendary-pack\", \"version\": 1");
		goto bad;	/* nothing else can be read */
	}
	v = json_object_get(p->root, "name");
	if (!text_ok(v, 1, 40))
		fail(&c, "name", "bad-field", "pack", "name: expected 1 to 40 characters");
	snprintf(p->name, sizeof(p->name), "%s", json_is_string(v) ? json_string_value(v) : "");
	check_board(&c, json_object_get(p->root, "board"), &p->board);
	p->cards = json_object_get(p->root, "cards");
	p->films = json_object_get(p->root, "films");
	if (!json_is_array(p->cards) || !json_array_size(p->cards)) {
		fail(&c, "cards", "bad-field", "pack", "expected a list of cards");
		goto bad;	/* the films name cards */
	}
	c.pack = p;
	if (build_index(p) < 0) {
		errbuf_set(err, errlen, "%s:1: out of memory", c.file);
		goto bad;
	}
	json_array_foreach(p->cards, i, card) {
		char path[32];

		if (!json_is_object(card))
			fail(&c, path_f(path, sizeof(path), "cards/%zu", i), "bad-field", "cards",
			     "a card is an object");
		else
			check_card(&c, card, p->cards, i, &p->board);
	}
	if (!json_is_array(p->films) || json_array_size(p->films) < 1 || json_array_size(p->films) > 3)
		fail(&c, "films", "bad-film", "pack", "expected 1 to 3 films");
	else
		json_array_foreach(p->films, i, film)
			check_film(&c, p, film, i);
	if (c.shown)
		goto bad;
	if (legendary_digest(p->root, p->digest) < 0) {
		errbuf_set(err, errlen, "%s:1: out of memory", c.file);
		goto bad;
	}
	return 0;
bad:
	if (c.more && c.used + 40 < errlen)
		snprintf(err + c.used, errlen - c.used, "\n... and %d more problem%s", c.more,
			 c.more == 1 ? "" : "s");
	legendary_pack_release(p);
	return -1;
}
