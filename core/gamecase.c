/*
 * gamecase: the reader and runner of rules test cases for any game
 * behind core/ruleset.h (core/gamecase.h). Pure.
 */
#include "gamecase.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "lib/errbuf.h"
#include "ruleset.h"

static int is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* The line at p (up to its end) into buf, trailing blanks and # comments of
 * keyword lines kept to the caller; returns the next line. */
static const char *next_line(const char *p, const char **s, size_t *n)
{
	const char *e = strchr(p, '\n');

	*s = p;
	*n = e ? (size_t)(e - p) : strlen(p);
	while (*n && is_blank(p[*n - 1]))
		(*n)--;
	return e ? e + 1 : p + strlen(p);
}

/* The keyword of a line that starts at column 0, and its argument. */
static int keyword(const char *s, size_t n, char *word, size_t wlen, const char **arg,
		   size_t *alen)
{
	size_t k = 0;

	if (!n || is_blank(*s) || *s == '#')
		return 0;
	while (k < n && !is_blank(s[k]))
		k++;
	if (k >= wlen)
		k = wlen - 1;
	memcpy(word, s, k);
	word[k] = '\0';
	while (k < n && is_blank(s[k]))
		k++;
	*arg = s + k;
	*alen = n - k;
	return 1;
}

/* n bytes of s into buf, cut to fit. */
static void copy_word(char *buf, size_t len, const char *s, size_t n)
{
	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

int gamecase_game(const char *text, char *buf, size_t len)
{
	const char *p = text;

	while (*p) {
		const char *s, *arg;
		size_t n, alen;
		char word[32];

		p = next_line(p, &s, &n);
		if (!keyword(s, n, word, sizeof(word), &arg, &alen))
			continue;
		if (strcmp(word, "game") || !alen || alen >= len)
			return -1;
		memcpy(buf, arg, alen);
		buf[alen] = '\0';
		return 0;
	}
	return -1;
}

const struct ruleset *gamecase_own_format(const char *text)
{
	const struct ruleset *const *rs;
	char game[64];
	int named = !gamecase_game(text, game, sizeof(game));

	for (rs = ruleset_all(); *rs; rs++)
		if ((*rs)->cases && (!named || !strcmp((*rs)->name, game)))
			return *rs;
	return NULL;
}

/* One turn of a case as written: orders per seat, draws, expectations. */
struct turn_text {
	struct strbuf orders[8];
	char seats[8][64];
	size_t nseats;
	struct strbuf draws;
	struct strbuf expect;
	int line;
	int expect_line;	/* the `expect` keyword's: block line k is file line expect_line + k */
};

struct case_text {
	char name[96];
	char ruling[160];
	int line;
	int state_line;
	struct strbuf state;
	struct strbuf data[4];		/* `data KIND` blocks: the game's data packs */
	char data_kind[4][32];
	size_t ndata;
	struct turn_text turns[16];
	size_t nturns;
};

static void case_init(struct case_text *c)
{
	memset(c, 0, sizeof(*c));
	strbuf_init(&c->state);
}

static void case_release(struct case_text *c)
{
	size_t i, k;

	strbuf_release(&c->state);
	for (i = 0; i < c->ndata; i++)
		strbuf_release(&c->data[i]);
	for (i = 0; i < c->nturns; i++) {
		for (k = 0; k < c->turns[i].nseats; k++)
			strbuf_release(&c->turns[i].orders[k]);
		strbuf_release(&c->turns[i].draws);
		strbuf_release(&c->turns[i].expect);
	}
	case_init(c);
}

static struct turn_text *new_turn(struct case_text *c, int line)
{
	struct turn_text *t;

	if (c->nturns == sizeof(c->turns) / sizeof(c->turns[0]))
		return NULL;
	t = &c->turns[c->nturns++];
	memset(t, 0, sizeof(*t));
	strbuf_init(&t->draws);
	strbuf_init(&t->expect);
	t->line = line;
	return t;
}

/* Pads block with empty lines up to line - 1, then adds the line's text. */
static void block_add(struct strbuf *block, int *have, int line, const char *s, size_t n)
{
	while (*have < line - 1) {
		strbuf_addch(block, '\n');
		(*have)++;
	}
	strbuf_add(block, s, n);
	strbuf_addch(block, '\n');
	(*have)++;
}

/* The value at a dotted path ("state.scores.north1", "events.0.type"). */
static json_t *at_path(json_t *root, const char *path)
{
	char part[128];

	while (root && *path) {
		size_t n = strcspn(path, ".");
		char *end;
		long idx;

		if (n >= sizeof(part))
			return NULL;
		memcpy(part, path, n);
		part[n] = '\0';
		idx = strtol(part, &end, 10);
		root = json_is_array(root) && !*end && n ? json_array_get(root, (size_t)idx)
							  : json_object_get(root, part);
		path += n + (path[n] == '.');
	}
	return root;
}

struct run {
	const char *file;
	struct strbuf *report;
	int ok;
	const char *case_name;
};

/* A copy of s with each run of blanks and line breaks as one blank; NULL out of memory. */
static char *squeeze(const char *s)
{
	char *out = malloc(strlen(s) + 1), *o = out;

	if (!out)
		return NULL;
	while (*s) {
		if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
			while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
				s++;
			*o++ = ' ';
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
	return out;
}

/*
 * Whether a story paragraph (a string, or {"text", "to"} for some seats)
 * holds text, a line break and the blanks around it counting as one blank
 * (a game may wrap its story for 80 columns).
 */
static int paragraph_holds(const json_t *para, const char *text)
{
	const char *p = json_is_string(para) ? json_string_value(para)
		: json_string_value(json_object_get(para, "text"));
	char *a, *b;
	int found;

	if (!p)
		return 0;
	if (strstr(p, text))
		return 1;
	a = squeeze(p);
	b = squeeze(text);
	found = a && b && strstr(a, b) != NULL;
	free(a);
	free(b);
	return found;
}

static void failure(struct run *r, int line, const char *what)
{
	strbuf_addf(r->report, "  %s:%d: case %s: %s\n", r->file, line, r->case_name, what);
	r->ok = 0;
}

/* Checks a turn's expectations against its outcome, or its refusal (error). */
static void check_turn(struct run *r, const struct turn_text *t, json_t *outcome,
		       const struct draw_log *log, size_t unused, const char *error)
{
	const char *p = strbuf_str(&t->expect);
	int line = 0, at = t->line, want_error = 0;
	struct strbuf sb = STRBUF_INIT;

	while (*p) {
		const char *s, *arg;
		size_t n, alen, k;
		char word[128], msg[512], *text;

		p = next_line(p, &s, &n);
		line++;
		while (n && is_blank(*s)) {
			s++;
			n--;
		}
		if (!n || *s == '#')
			continue;
		if (!keyword(s, n, word, sizeof(word), &arg, &alen))
			continue;
		at = t->expect_line + line;	/* the expectation's line in the file */
		text = malloc(alen + 1);
		if (!text) {
			failure(r, at, "out of memory");
			break;
		}
		memcpy(text, arg, alen);
		text[alen] = '\0';
		if (!strcmp(word, "error")) {
			want_error = 1;
			if (!error || !strstr(error, text)) {
				errbuf_set(msg, sizeof(msg), "expected the turn refused with '%s', got %s%s%s",
					   text, error ? "'" : "no error", error ? error : "", error ? "'" : "");
				failure(r, at, msg);
			}
		} else if (error) {
			/* Expectations about the outcome of a turn that did not happen. */
		} else if (!strcmp(word, "unused")) {
			if ((size_t)atol(text) != unused) {
				errbuf_set(msg, sizeof(msg), "expected %s draw lines unused, got %zu", text, unused);
				failure(r, at, msg);
			}
		} else if (!strcmp(word, "taken")) {
			strbuf_reset(&sb);
			for (k = 0; k < log->n; k++)
				strbuf_addf(&sb, "%s%s", k ? ", " : "", log->e[k].line);
			if (strcmp(strbuf_str(&sb), text)) {
				errbuf_set(msg, sizeof(msg), "expected the draws taken '%s', got '%s'", text,
					   strbuf_str(&sb));
				failure(r, at, msg);
			}
		} else if (!strcmp(word, "says")) {
			json_t *para;
			int found = 0;

			json_array_foreach(json_object_get(outcome, "story"), k, para)
				found |= paragraph_holds(para, text);
			if (!found) {
				errbuf_set(msg, sizeof(msg), "expected the story to say '%s'", text);
				failure(r, at, msg);
			}
		} else {
			json_error_t jerr;
			json_t *want = json_loads(text, JSON_DECODE_ANY, &jerr);
			json_t *got = at_path(outcome, word);

			if (!want) {
				errbuf_set(msg, sizeof(msg), "expected 'PATH JSON', got '%s %s'", word, text);
				failure(r, at, msg);
			} else if (!json_equal(want, got)) {
				char *g = got ? json_dumps(got, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;

				errbuf_set(msg, sizeof(msg), "expected %s = %s, got %s", word, text,
					   g ? g : "nothing");
				failure(r, at, msg);
				free(g);
			}
			json_decref(want);
		}
		free(text);
	}
	if (error && !want_error) {
		char msg[640];

		errbuf_set(msg, sizeof(msg), "the turn was refused: %s", error);
		failure(r, t->line, msg);
	}
	strbuf_release(&sb);
}

/* Plays one case turn by turn. */
static void run_case(const struct ruleset *rs, struct case_text *c, struct run *r)
{
	json_t *packs = NULL;
	json_error_t jerr;
	json_t *state = json_loads(strbuf_str(&c->state), 0, &jerr);
	size_t ti, k;
	char err[512];

	r->ok = 1;
	r->case_name = c->name;
	if (!state) {
		errbuf_set(err, sizeof(err), "state: expected a JSON object: %s", jerr.text);
		failure(r, c->state_line + jerr.line, err);
		return;
	}
	/* The case's data packs, as the judge keeps a campaign's: name, digest, text. */
	packs = json_object();
	for (k = 0; packs && k < c->ndata; k++) {
		char digest[65];

		draw_sha256_hex(strbuf_str(&c->data[k]), digest);
		json_object_set_new(packs, c->data_kind[k],
				    json_pack("{s:s,s:s,s:s}", "name", r->file, "digest", digest, "text",
					      strbuf_str(&c->data[k])));
	}
	for (ti = 0; ti < c->nturns && r->ok; ti++) {
		struct turn_text *t = &c->turns[ti];
		struct draw_queue q;
		struct draw_log log;
		struct draw_source src;
		struct engine_turn out;
		json_t *orders = json_object(), *outcome = NULL;
		const char *error = NULL;

		draw_queue_init(&q);
		draw_log_init(&log);
		engine_turn_init(&out);
		for (k = 0; k < t->nseats && !error; k++) {
			json_t *one = rs->read_orders(state, t->seats[k], strbuf_str(&t->orders[k]), r->file,
						      0, err, sizeof(err));

			if (!one)
				error = err;
			json_object_update(orders, one);
			json_decref(one);
		}
		if (!error && draw_queue_parse(&q, strbuf_str(&t->draws), r->file, 0, err, sizeof(err)) < 0)
			error = err;
		src = draw_queue_source(&q, &log);
		if (!error && engine_resolve_data(rs, state, orders, packs, &src, &out, err,
						  sizeof(err)) < 0)
			error = err;
		if (!error)
			outcome = json_pack("{s:O,s:O,s:O}", "state", out.state, "events", out.events, "story",
					    out.story);
		check_turn(r, t, outcome, &log, draw_queue_unused(&q), error);
		if (!error) {
			json_decref(state);
			state = json_incref(out.state);
		} else {
			ti = c->nturns;	/* an expected refusal ends the case */
		}
		json_decref(outcome);
		json_decref(orders);
		engine_turn_release(&out);
		draw_log_release(&log);
		draw_queue_release(&q);
	}
	json_decref(state);
	json_decref(packs);
}

int gamecase_run(const char *text, const char *name, int verbose, struct strbuf *report,
		 int *passed, int *failed, char *err, size_t errlen)
{
	const struct ruleset *rs = NULL;
	struct case_text c;
	struct strbuf *block = NULL;
	struct turn_text *turn = NULL;
	struct run r = { name, report, 1, "" };
	const char *p = text;
	int line = 0, *have = NULL, have_state = 0, rc = -1, in_case = 0;
	int have_block[8 + 3];

	*passed = *failed = 0;
	case_init(&c);
	while (1) {
		const char *s, *arg;
		size_t n, alen;
		char word[32], argbuf[160];
		int last = !*p;

		if (!last) {
			p = next_line(p, &s, &n);
			line++;
		}
		if (!last && (!n || is_blank(*s))) {
			/* A block's line, or a blank one. */
			const char *v = s;

			while (v < s + n && is_blank(*v))
				v++;
			if (v == s + n || *v == '#')
				continue;
			if (!block) {
				errbuf_set(err, errlen, "%s:%d: expected a keyword at the start of the line",
					   name, line);
				goto out;
			}
			block_add(block, have, line, v, (size_t)(s + n - v));
			continue;
		}
		if (!last && *s == '#')
			continue;
		if (!last)
			keyword(s, n, word, sizeof(word), &arg, &alen);
		if (last || !strcmp(word, "case")) {
			if (in_case) {
				if (!have_state) {
					errbuf_set(err, errlen, "%s:%d: case %s has no state", name, c.line, c.name);
					goto out;
				}
				run_case(rs, &c, &r);
				if (r.ok)
					(*passed)++;
				else
					(*failed)++;
				if (verbose)
					strbuf_addf(report, "  %s %s (%s)\n", r.ok ? "ok  " : "FAIL", c.name, c.ruling);
				case_release(&c);
			}
			if (last)
				break;
			if (!rs) {
				errbuf_set(err, errlen, "%s:%d: expected a line 'game NAME' before the first case",
					   name, line);
				goto out;
			}
			case_init(&c);
			in_case = 1;
			have_state = 0;
			block = NULL;
			copy_word(c.name, sizeof(c.name), arg, alen);
			c.line = line;
			turn = new_turn(&c, line);
			continue;
		}
		copy_word(argbuf, sizeof(argbuf), arg, alen);
		if (!strcmp(word, "game")) {
			if (in_case || rs || !(rs = ruleset_find(argbuf))) {
				errbuf_set(err, errlen, "%s:%d: %s", name, line, rs || in_case ?
					   "expected one 'game' line, before the cases" :
					   "no game of that name ('mxjudge games' lists them)");
				goto out;
			}
			continue;
		}
		if (!in_case) {
			errbuf_set(err, errlen, "%s:%d: expected 'case NAME' before '%s'", name, line, word);
			goto out;
		}
		if (!strcmp(word, "ruling")) {
			copy_word(c.ruling, sizeof(c.ruling), arg, alen);
			block = NULL;
		} else if (!strcmp(word, "state")) {
			block = &c.state;
			have = &have_block[0];
			*have = line;
			c.state_line = line;
			have_state = 1;
		} else if (!strcmp(word, "orders")) {
			if (!alen || turn->nseats == sizeof(turn->seats) / sizeof(turn->seats[0])) {
				errbuf_set(err, errlen, "%s:%d: expected 'orders SEAT' (at most 8 a turn)", name, line);
				goto out;
			}
			copy_word(turn->seats[turn->nseats], sizeof(turn->seats[0]), arg, alen);
			strbuf_init(&turn->orders[turn->nseats]);
			block = &turn->orders[turn->nseats];
			have = &have_block[3 + turn->nseats++];
			/* The orders keep the file's line numbers, for the game's messages. */
			*have = 0;
		} else if (!strcmp(word, "data")) {
			if (!alen || c.ndata == sizeof(c.data) / sizeof(c.data[0])) {
				errbuf_set(err, errlen, "%s:%d: expected 'data KIND' (at most 4 a case)", name,
					   line);
				goto out;
			}
			copy_word(c.data_kind[c.ndata], sizeof(c.data_kind[0]), arg, alen);
			strbuf_init(&c.data[c.ndata]);
			block = &c.data[c.ndata++];
			have = &have_block[0];	/* the file's line numbers, for the game's messages */
			*have = 0;
		} else if (!strcmp(word, "draws") || !strcmp(word, "dice")) {
			block = &turn->draws;
			have = &have_block[1];
			*have = 0;
		} else if (!strcmp(word, "expect")) {
			block = &turn->expect;
			have = &have_block[2];
			*have = line;
			turn->expect_line = line;
		} else if (!strcmp(word, "next")) {
			if (!(turn = new_turn(&c, line))) {
				errbuf_set(err, errlen, "%s:%d: at most 16 turns a case", name, line);
				goto out;
			}
			block = NULL;
		} else {
			errbuf_set(err, errlen, "%s:%d: expected game, case, ruling, state, data, orders, "
				   "draws, expect or next, got '%s'", name, line, word);
			goto out;
		}
	}
	if (!rs) {
		errbuf_set(err, errlen, "%s: expected a line 'game NAME' and cases", name);
		goto out;
	}
	rc = 0;
out:
	case_release(&c);
	return rc;
}
