/* netrun's names and its state as JSON (R14). */
#include "netrun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/errbuf.h"

const char *const netrun_colour_names[NR_COLOURS] = { "black", "green", "red", "blue" };
const char netrun_colour_letters[NR_COLOURS] = { 'B', 'G', 'R', 'U' };

static const char *const kind_names[NR_KINDS] = {
	"basic ice breaker",
	"Self-Fragment LISP", "Ankara", "Black Diamond", "Kuang Grade Mark Eleven",
	"Assimilation Kuang", "Wintermute Compiler",
	"Turing Scout Construct", "Trinity Prep", "Klein Liar", "Finn Construct", "Flatline Dix",
	"Case-Curry Construct",
	"Sendai Sub-Street", "Chiba Cross Talk", "Hosaka Prime", "Sliver Virus", "Cray Envelope",
	"Tessier-Ashpool S.A. Stealth Blade",
	"Zion Loop", "Dub Lattice", "Babylon Q", "Dahlia Mix", "Viral Dub", "Enigma"
};

static const char *const kind_words[NR_KINDS] = {
	"basic",
	"self-fragment-lisp", "ankara", "black-diamond", "kuang-mark-eleven", "assimilation-kuang",
	"wintermute-compiler",
	"turing-scout", "trinity-prep", "klein-liar", "finn-construct", "flatline-dix", "case-curry",
	"sendai-sub-street", "chiba-cross-talk", "hosaka-prime", "sliver-virus", "cray-envelope",
	"stealth-blade",
	"zion-loop", "dub-lattice", "babylon-q", "dahlia-mix", "viral-dub", "enigma"
};

static const char *const end_words[] = {
	NULL, "win", "brain-death", "target", "stalled", "jacked-out", "abandoned"
};

static const char *const queue_tags[NR_QUEUES] = { "strength", "reach", "choose" };

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c;
}

static int same(const char *a, const char *b)
{
	while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) {
		a++;
		b++;
	}
	return !*a && !*b;
}

const char *netrun_kind_name(int kind)
{
	return kind >= 0 && kind < NR_KINDS ? kind_names[kind] : "?";
}

const char *netrun_kind_word(int kind)
{
	return kind >= 0 && kind < NR_KINDS ? kind_words[kind] : "?";
}

int netrun_kind_of_word(const char *word)
{
	int k;

	for (k = 0; k < NR_KINDS; k++)
		if (same(kind_words[k], word))
			return k;
	return -1;
}

const char *netrun_end_word(enum nr_end end)
{
	return end > NR_END_NONE && end <= NR_END_ABANDONED ? end_words[end] : NULL;
}

void netrun_tile_code(int tile, char out[3])
{
	static const char values[] = "NA2345";

	out[0] = netrun_colour_letters[NR_TILE_COLOUR(tile)];
	out[1] = values[NR_TILE_VALUE(tile)];
	out[2] = '\0';
}

int netrun_tile_parse(const char *code)
{
	static const char values[] = "NA2345";
	const char *v;
	int c;

	if (!code || strlen(code) != 2)
		return -1;
	for (c = 0; c < NR_COLOURS; c++)
		if (lower((unsigned char)code[0]) == lower(netrun_colour_letters[c]))
			break;
	v = code[1] ? strchr(values, code[1] == 'a' ? 'A' : code[1] == 'n' ? 'N' : code[1]) : NULL;
	if (c == NR_COLOURS || !v)
		return -1;
	return NR_TILE(c, (int)(v - values));
}

int netrun_colour_parse(const char *word)
{
	static const char *const spellings[NR_COLOURS][5] = {
		{ "black", "b", "moons", "moon", NULL },
		{ "green", "g", "crowns", "crown", NULL },
		{ "red", "r", "suns", "sun", NULL },
		{ "blue", "u", "arms", "arm", NULL },
	};
	int c, k;

	for (c = 0; c < NR_COLOURS; c++)
		for (k = 0; spellings[c][k]; k++)
			if (same(spellings[c][k], word))
				return c;
	return -1;
}

void netrun_state_init(struct netrun_state *st)
{
	int c;

	memset(st, 0, sizeof(*st));
	strcpy(st->run, "runner");
	strcpy(st->runner, "runner");
	st->target = -1;
	st->status = NR_RUNNING;
	for (c = 0; c < NR_COLOURS; c++)
		st->br[c].x = NR_OUT;
}

/* ---------- reading ---------- */

/* "x,y" (blanks allowed around the comma) or "out"; 0 or -1. */
static int parse_at(const char *text, int *x, int *y)
{
	long a, b;
	char *end;

	if (same(text, "out")) {
		*x = NR_OUT;
		*y = 0;
		return 0;
	}
	a = strtol(text, &end, 10);
	while (*end == ' ')
		end++;
	if (end == text || *end != ',')
		return -1;
	text = end + 1;
	b = strtol(text, &end, 10);
	if (end == text || *end || a < -NR_RANGE || a > NR_RANGE || b < -NR_RANGE || b > NR_RANGE)
		return -1;
	*x = (int)a;
	*y = (int)b;
	return 0;
}

static int get_int(const json_t *obj, const char *key, int lo, int hi, int def, int *out,
		   const char *where, char *err, size_t errlen)
{
	const json_t *v = json_object_get(obj, key);

	if (!v || json_is_null(v)) {
		*out = def;
		return 0;
	}
	if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
		errbuf_set(err, errlen, "%s%s: expected a whole number from %d to %d", where, key, lo, hi);
		return -1;
	}
	*out = (int)json_integer_value(v);
	return 0;
}

static int get_bool(const json_t *obj, const char *key, int *out, const char *where, char *err,
		    size_t errlen)
{
	const json_t *v = json_object_get(obj, key);

	if (!v) {
		*out = 0;
		return 0;
	}
	if (!json_is_boolean(v)) {
		errbuf_set(err, errlen, "%s%s: expected true or false", where, key);
		return -1;
	}
	*out = json_is_true(v);
	return 0;
}

/* A breaker option (R3): "basic", "roll", 1-6 or a name of that colour's list. */
static int parse_option(const json_t *v, int colour, int *opt)
{
	if (json_is_integer(v) && json_integer_value(v) >= 1 && json_integer_value(v) <= 6) {
		*opt = (int)json_integer_value(v);
		return 0;
	}
	if (json_is_string(v)) {
		const char *w = json_string_value(v);
		int k;

		if (same(w, "basic")) {
			*opt = NR_OPT_BASIC;
			return 0;
		}
		if (same(w, "roll")) {
			*opt = NR_OPT_ROLL;
			return 0;
		}
		k = netrun_kind_of_word(w);
		if (k > 0 && NR_KIND_COLOUR(k) == colour) {
			*opt = 10 + k - NR_KIND(colour, 1) + 1;
			return 0;
		}
	}
	return -1;
}

/* The kind an option fixes, or -1 for roll. */
static int option_kind(int colour, int opt)
{
	if (opt == NR_OPT_BASIC)
		return NR_BASIC;
	if (opt == NR_OPT_ROLL)
		return -1;
	return NR_KIND(colour, opt > 10 ? opt - 10 : opt);
}

static int read_options(struct netrun_state *st, const json_t *o, char *err, size_t errlen)
{
	const json_t *b, *v;
	int c;

	if (!o)
		return 0;
	if (!json_is_object(o)) {
		errbuf_set(err, errlen, "options: expected an object");
		return -1;
	}
	if (get_int(o, "target", 0, 9, -1, &st->target, "options.", err, errlen) < 0 ||
	    get_bool(o, "nonce", &st->opt_nonce, "options.", err, errlen) < 0)
		return -1;
	b = json_object_get(o, "breakers");
	if (b && !json_is_object(b)) {
		errbuf_set(err, errlen, "options.breakers: expected an object");
		return -1;
	}
	for (c = 0; c < NR_COLOURS; c++) {
		v = json_object_get(b, netrun_colour_names[c]);
		if (v && parse_option(v, c, &st->opt[c]) < 0) {
			errbuf_set(err, errlen, "options.breakers.%s: expected basic, roll, 1 to 6 or a "
				   "breaker of that colour", netrun_colour_names[c]);
			return -1;
		}
	}
	return 0;
}

static int read_breakers(struct netrun_state *st, const json_t *bs, char *err, size_t errlen)
{
	int c;

	if (bs && !json_is_object(bs)) {
		errbuf_set(err, errlen, "breakers: expected an object");
		return -1;
	}
	for (c = 0; c < NR_COLOURS; c++) {
		const json_t *b = json_object_get(bs, netrun_colour_names[c]), *v;
		struct nr_breaker *br = &st->br[c];
		char where[32];
		int k = option_kind(c, st->opt[c]);

		br->kind = k < 0 ? NR_BASIC : k;
		br->x = NR_OUT;
		if (!b)
			continue;
		snprintf(where, sizeof(where), "breakers.%s.", netrun_colour_names[c]);
		if (!json_is_object(b)) {
			errbuf_set(err, errlen, "breakers.%s: expected an object", netrun_colour_names[c]);
			return -1;
		}
		if ((v = json_object_get(b, "kind"))) {
			k = json_is_string(v) ? netrun_kind_of_word(json_string_value(v)) : -1;
			if (k < 0) {
				errbuf_set(err, errlen, "%skind: expected basic or a breaker's name", where);
				return -1;
			}
			br->kind = k;
		}
		if ((v = json_object_get(b, "at")) &&
		    (!json_is_string(v) || parse_at(json_string_value(v), &br->x, &br->y) < 0)) {
			errbuf_set(err, errlen, "%sat: expected \"x,y\" (-99 to 99) or \"out\"", where);
			return -1;
		}
		if (get_int(b, "ankara", 0, 99, 0, &br->ankara, where, err, errlen) < 0 ||
		    get_bool(b, "diamond", &br->diamond, where, err, errlen) < 0 ||
		    get_bool(b, "wintermute", &br->wintermute, where, err, errlen) < 0)
			return -1;
	}
	return 0;
}

static int read_matrix(struct netrun_state *st, const json_t *m, char *err, size_t errlen)
{
	const char *key;
	json_t *cell;

	if (m && !json_is_object(m)) {
		errbuf_set(err, errlen, "matrix: expected an object");
		return -1;
	}
	json_object_foreach((json_t *)m, key, cell) {
		struct nr_structure *s;
		const json_t *t = json_object_get(cell, "tile");
		int tok;

		if (st->ns == NR_TILES) {
			errbuf_set(err, errlen, "matrix: expected at most %d structures", NR_TILES);
			return -1;
		}
		s = &st->s[st->ns];
		if (parse_at(key, &s->x, &s->y) < 0 || s->x == NR_OUT) {
			errbuf_set(err, errlen, "matrix: '%.20s' is not a space x,y (-99 to 99)", key);
			return -1;
		}
		if (!json_is_object(cell) || !json_is_string(t) ||
		    (s->tile = netrun_tile_parse(json_string_value(t))) < 0) {
			errbuf_set(err, errlen, "matrix.%s: expected {\"tile\": CODE, ...}", key);
			return -1;
		}
		if (netrun_structure_at(st, s->x, s->y) >= 0) {
			errbuf_set(err, errlen, "matrix.%s: the space is given twice", key);
			return -1;
		}
		if (get_bool(cell, "token", &tok, "matrix.", err, errlen) < 0 ||
		    get_int(cell, "strength", 0, 6, NR_IS_FORT(s->tile) ? 6 : NR_TILE_VALUE(s->tile),
			    &s->strength, "matrix.", err, errlen) < 0)
			return -1;
		s->token = tok;
		st->ns++;
	}
	return 0;
}

static int read_draws(struct netrun_state *st, const json_t *d, char *err, size_t errlen)
{
	const char *key;
	json_t *v;

	if (d && !json_is_object(d)) {
		errbuf_set(err, errlen, "draws: expected an object");
		return -1;
	}
	json_object_foreach((json_t *)d, key, v) {
		int q, c, found = 0;

		for (q = 0; q < NR_QUEUES && !found; q++) {
			for (c = 0; c < NR_COLOURS && !found; c++) {
				char name[32];

				snprintf(name, sizeof(name), "%s %s", queue_tags[q], netrun_colour_names[c]);
				if (strcmp(name, key))
					continue;
				found = 1;
				if (!json_is_integer(v) || json_integer_value(v) < 0 ||
				    json_integer_value(v) > 1000000) {
					errbuf_set(err, errlen, "draws.%s: expected a count", key);
					return -1;
				}
				st->draws[q][c] = (int)json_integer_value(v);
			}
		}
		if (!found) {
			errbuf_set(err, errlen, "draws: '%.30s' is not a queue (strength COLOUR, "
				   "reach black, choose COLOUR)", key);
			return -1;
		}
	}
	return 0;
}

static int read_text(const json_t *v, char *out, size_t len, const char *key, char *err,
		     size_t errlen)
{
	if (!v || json_is_null(v)) {
		out[0] = '\0';
		return 0;
	}
	if (!json_is_string(v) || strlen(json_string_value(v)) >= len ||
	    !json_string_value(v)[0]) {
		errbuf_set(err, errlen, "%s: expected a text of 1 to %zu characters or null", key, len - 1);
		return -1;
	}
	strcpy(out, json_string_value(v));
	return 0;
}

static int read_enum(const json_t *v, const char *const *words, int n, int def, int *out,
		     const char *key, char *err, size_t errlen)
{
	int i;

	if (!v || json_is_null(v)) {
		*out = def;
		return 0;
	}
	for (i = 0; i < n; i++)
		if (words[i] && json_is_string(v) && !strcmp(words[i], json_string_value(v))) {
			*out = i;
			return 0;
		}
	errbuf_set(err, errlen, "%s: not a value this game knows", key);
	return -1;
}

int netrun_state_from_json(struct netrun_state *st, const json_t *j, char *err, size_t errlen)
{
	static const char *const statuses[] = { "setup", "running", "over" };
	static const char *const results[] = { NULL, "win", "loss" };
	const json_t *v;
	size_t i;
	int e, r, s;

	netrun_state_init(st);
	if (!json_is_object(j)) {
		errbuf_set(err, errlen, "state: expected a JSON object");
		return -1;
	}
	v = json_object_get(j, "game");
	if (v && (!json_is_string(v) || strcmp(json_string_value(v), "netrun"))) {
		errbuf_set(err, errlen, "game: expected \"netrun\"");
		return -1;
	}
	v = json_object_get(j, "version");
	if (v && (!json_is_integer(v) || json_integer_value(v) != 1)) {
		errbuf_set(err, errlen, "version: expected 1");
		return -1;
	}
	if ((v = json_object_get(j, "run")) && read_text(v, st->run, sizeof(st->run), "run", err,
							 errlen) < 0)
		return -1;
	if (!st->run[0])
		strcpy(st->run, "runner");
	st->runner[0] = '\0';
	if ((v = json_object_get(j, "runner")) &&
	    read_text(v, st->runner, sizeof(st->runner), "runner", err, errlen) < 0)
		return -1;
	if (!st->runner[0])
		strcpy(st->runner, st->run);
	if (read_options(st, json_object_get(j, "options"), err, errlen) < 0 ||
	    read_enum(json_object_get(j, "status"), statuses, 3, NR_RUNNING, &s, "status", err,
		      errlen) < 0 ||
	    read_enum(json_object_get(j, "result"), results, 3, NR_NONE, &r, "result", err, errlen) < 0 ||
	    read_enum(json_object_get(j, "end"), end_words, 7, NR_END_NONE, &e, "end", err, errlen) < 0 ||
	    get_int(j, "steps", 0, 1000000, 0, &st->steps, "", err, errlen) < 0 ||
	    get_int(j, "brain_damage", 0, 10, 0, &st->bd, "", err, errlen) < 0)
		return -1;
	st->status = (enum nr_status)s;
	st->result = (enum nr_result)r;
	st->end = (enum nr_end)e;
	v = json_object_get(j, "powerups");
	if (v && !json_is_object(v)) {
		errbuf_set(err, errlen, "powerups: expected an object");
		return -1;
	}
	for (i = 0; i < NR_COLOURS; i++)
		if (get_int(v, netrun_colour_names[i], 0, 5, 0, &st->held[i], "powerups.", err,
			    errlen) < 0)
			return -1;
	if (read_breakers(st, json_object_get(j, "breakers"), err, errlen) < 0 ||
	    read_matrix(st, json_object_get(j, "matrix"), err, errlen) < 0)
		return -1;
	v = json_object_get(j, "stack");
	if (v && !json_is_array(v)) {
		errbuf_set(err, errlen, "stack: expected a list of tile codes");
		return -1;
	}
	for (i = 0; i < json_array_size(v); i++) {
		int t = netrun_tile_parse(json_string_value(json_array_get(v, i)));

		if (t < 0 || st->nstack == NR_TILES) {
			errbuf_set(err, errlen, "stack: item %zu: expected a tile code (at most %d)", i + 1,
				   NR_TILES);
			return -1;
		}
		st->stack[st->nstack++] = t;
	}
	if (read_draws(st, json_object_get(j, "draws"), err, errlen) < 0 ||
	    read_text(json_object_get(j, "commitment"), st->commitment, sizeof(st->commitment),
		      "commitment", err, errlen) < 0 ||
	    read_text(json_object_get(j, "nonce"), st->nonce, sizeof(st->nonce), "nonce", err,
		      errlen) < 0)
		return -1;
	st->have_nonce = st->nonce[0] != '\0';
	return netrun_state_check(st, err, errlen);
}

int netrun_state_check(const struct netrun_state *st, char *err, size_t errlen)
{
	int seen[NR_TILES] = { 0 }, tokens[NR_COLOURS] = { 0 }, i, c, d;
	char code[3];

	for (i = 0; i < st->ns + st->nstack; i++) {
		int t = i < st->ns ? st->s[i].tile : st->stack[i - st->ns];

		if (seen[t]++) {
			netrun_tile_code(t, code);
			errbuf_set(err, errlen, "tile %s appears twice", code);
			return -1;
		}
	}
	for (i = 0; i < st->ns; i++) {
		int n = 0;

		if (st->s[i].token)
			tokens[NR_TILE_COLOUR(st->s[i].tile)]++;
		n += netrun_structure_at(st, st->s[i].x, st->s[i].y - 1) >= 0;
		n += netrun_structure_at(st, st->s[i].x + 1, st->s[i].y) >= 0;
		n += netrun_structure_at(st, st->s[i].x, st->s[i].y + 1) >= 0;
		n += netrun_structure_at(st, st->s[i].x - 1, st->s[i].y) >= 0;
		if (n == 4) {
			errbuf_set(err, errlen, "the data structure at %d,%d has four neighbours",
				   st->s[i].x, st->s[i].y);
			return -1;
		}
	}
	for (c = 0; c < NR_COLOURS; c++) {
		const struct nr_breaker *b = &st->br[c];
		int k = option_kind(c, st->opt[c]);

		if (tokens[c] + st->held[c] > 5) {
			errbuf_set(err, errlen, "%s has %d power-ups on structures and held (at most 5)",
				   netrun_colour_names[c], tokens[c] + st->held[c]);
			return -1;
		}
		if (b->kind != NR_BASIC && NR_KIND_COLOUR(b->kind) != c) {
			errbuf_set(err, errlen, "the %s breaker cannot be %s (a %s breaker)",
				   netrun_colour_names[c], netrun_kind_name(b->kind),
				   netrun_colour_names[NR_KIND_COLOUR(b->kind)]);
			return -1;
		}
		if (st->status != NR_SETUP && k >= 0 && k != b->kind) {
			errbuf_set(err, errlen, "the %s breaker is %s, but its option says %s",
				   netrun_colour_names[c], netrun_kind_name(b->kind), netrun_kind_name(k));
			return -1;
		}
		if (b->x == NR_OUT)
			continue;
		if (netrun_structure_at(st, b->x, b->y) < 0) {
			errbuf_set(err, errlen, "the %s breaker stands on %d,%d, where there is no data "
				   "structure", netrun_colour_names[c], b->x, b->y);
			return -1;
		}
		for (d = c + 1; d < NR_COLOURS; d++) {
			if (st->br[d].x != b->x || st->br[d].y != b->y)
				continue;
			if (b->kind != NR_ASSIMILATION && st->br[d].kind != NR_ASSIMILATION) {
				errbuf_set(err, errlen, "the %s and %s breakers share %d,%d without "
					   "Assimilation Kuang", netrun_colour_names[c],
					   netrun_colour_names[d], b->x, b->y);
				return -1;
			}
			if (netrun_breakers_at(st, b->x, b->y) & ~((1 << c) | (1 << d))) {
				errbuf_set(err, errlen, "three breakers share %d,%d", b->x, b->y);
				return -1;
			}
		}
	}
	return 0;
}

/* ---------- writing ---------- */

static json_t *option_json(int colour, int opt)
{
	if (opt == NR_OPT_BASIC)
		return json_string("basic");
	if (opt == NR_OPT_ROLL)
		return json_string("roll");
	if (opt > 10)
		return json_string(netrun_kind_word(NR_KIND(colour, opt - 10)));
	return json_integer(opt);
}

static int by_y_then_x(const void *a, const void *b)
{
	const struct nr_structure *p = a, *q = b;

	if (p->y != q->y)
		return p->y < q->y ? -1 : 1;
	return p->x < q->x ? -1 : p->x > q->x;
}

json_t *netrun_state_to_json(const struct netrun_state *st)
{
	static const char *const statuses[] = { "setup", "running", "over" };
	static const char *const results[] = { NULL, "win", "loss" };
	struct nr_structure sorted[NR_TILES];
	json_t *j = json_object(), *o, *b, *m, *a, *d;
	char key[32], code[3];
	int c, i, q;

	if (!j)
		return NULL;
	json_object_set_new(j, "game", json_string("netrun"));
	json_object_set_new(j, "version", json_integer(1));
	json_object_set_new(j, "run", json_string(st->run));
	/* The judge's addition: the runner's seat, when the run is named after its campaign. */
	if (st->runner[0] && strcmp(st->runner, st->run))
		json_object_set_new(j, "runner", json_string(st->runner));
	o = json_object();
	json_object_set_new(o, "target", st->target < 0 ? json_null() : json_integer(st->target));
	json_object_set_new(o, "nonce", json_boolean(st->opt_nonce));
	b = json_object();
	for (c = 0; c < NR_COLOURS; c++)
		json_object_set_new(b, netrun_colour_names[c], option_json(c, st->opt[c]));
	json_object_set_new(o, "breakers", b);
	json_object_set_new(j, "options", o);
	json_object_set_new(j, "status", json_string(statuses[st->status]));
	json_object_set_new(j, "result", results[st->result] ? json_string(results[st->result])
							   : json_null());
	json_object_set_new(j, "end", netrun_end_word(st->end) ? json_string(netrun_end_word(st->end))
							       : json_null());
	json_object_set_new(j, "steps", json_integer(st->steps));
	json_object_set_new(j, "brain_damage", json_integer(st->bd));
	o = json_object();
	for (c = 0; c < NR_COLOURS; c++)
		json_object_set_new(o, netrun_colour_names[c], json_integer(st->held[c]));
	json_object_set_new(j, "powerups", o);
	o = json_object();
	for (c = 0; c < NR_COLOURS; c++) {
		const struct nr_breaker *br = &st->br[c];

		if (br->x == NR_OUT)
			snprintf(key, sizeof(key), "out");
		else
			snprintf(key, sizeof(key), "%d,%d", br->x, br->y);
		json_object_set_new(o, netrun_colour_names[c],
				    json_pack("{s:s,s:s,s:i,s:b,s:b}", "kind", netrun_kind_word(br->kind),
					      "at", key, "ankara", br->ankara, "diamond", br->diamond,
					      "wintermute", br->wintermute));
	}
	json_object_set_new(j, "breakers", o);
	memcpy(sorted, st->s, sizeof(sorted[0]) * (size_t)st->ns);
	qsort(sorted, (size_t)st->ns, sizeof(sorted[0]), by_y_then_x);
	m = json_object();
	for (i = 0; i < st->ns; i++) {
		snprintf(key, sizeof(key), "%d,%d", sorted[i].x, sorted[i].y);
		netrun_tile_code(sorted[i].tile, code);
		json_object_set_new(m, key, json_pack("{s:s,s:b,s:i}", "tile", code, "token",
						      sorted[i].token, "strength", sorted[i].strength));
	}
	json_object_set_new(j, "matrix", m);
	a = json_array();
	for (i = 0; i < st->nstack; i++) {
		netrun_tile_code(st->stack[i], code);
		json_array_append_new(a, json_string(code));
	}
	json_object_set_new(j, "stack", a);
	d = json_object();
	for (q = 0; q < NR_QUEUES; q++)
		for (c = 0; c < NR_COLOURS; c++)
			if (st->draws[q][c]) {
				snprintf(key, sizeof(key), "%s %s", queue_tags[q], netrun_colour_names[c]);
				json_object_set_new(d, key, json_integer(st->draws[q][c]));
			}
	json_object_set_new(j, "draws", d);
	json_object_set_new(j, "commitment", st->commitment[0] ? json_string(st->commitment)
							       : json_null());
	json_object_set_new(j, "nonce", st->have_nonce ? json_string(st->nonce) : json_null());
	return j;
}
