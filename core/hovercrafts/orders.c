/*
 * orders: the captains' plain-text orders, parsed and checked;
 * orders.h.
 */
#include "orders.h"

#include <stdlib.h>
#include <string.h>

#include "core/secret.h"
#include "lib/errbuf.h"
#include "lib/strbuf.h"

static const char *const action_names[ACT_COUNT] = {
	"IDLE", "MOVE", "LEFT", "RIGHT", "LAND", "EMP", "REPAIR"
};

/* The spellings of rulings 4; the first of each is the canonical name. */
static const struct {
	const char *word;
	enum action act;
} spellings[] = {
	{ "MOVE", ACT_MOVE }, { "M", ACT_MOVE }, { "FORWARD", ACT_MOVE }, { "F", ACT_MOVE },
	{ "LEFT", ACT_LEFT }, { "L", ACT_LEFT },
	{ "RIGHT", ACT_RIGHT }, { "R", ACT_RIGHT },
	{ "LAND", ACT_LAND }, { "LANDING", ACT_LAND }, { "H", ACT_LAND }, { "HOLD", ACT_LAND },
	{ "EMP", ACT_EMP }, { "E", ACT_EMP }, { "PULSE", ACT_EMP },
	{ "REPAIR", ACT_REPAIR }, { "REP", ACT_REPAIR }, { "FIX", ACT_REPAIR },
};

#define EXPECTED_ACTIONS "MOVE, LEFT, RIGHT, LAND, EMP or REPAIR"

const char *action_name(enum action a)
{
	return (unsigned)a < ACT_COUNT ? action_names[a] : "?";
}

/* Edit distance of two short words, any case, a swap counting one. */
static size_t word_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d[17][17];

	if (la > 16 || lb > 16)
		return 99;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			int same = (a[i - 1] | 0x20) == (b[j - 1] | 0x20);
			size_t best = d[i - 1][j - 1] + !same;

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && (a[i - 1] | 0x20) == (b[j - 2] | 0x20) &&
			    (a[i - 2] | 0x20) == (b[j - 1] | 0x20) && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* The action a near miss ("Mvoe", "Rigth") was meant to be, or -1. */
static int action_near(const char *word)
{
	size_t i, n = strlen(word);

	if (n < 3)
		return -1;
	for (i = 0; i < sizeof(spellings) / sizeof(spellings[0]); i++)
		if (strlen(spellings[i].word) >= 3 && word_distance(spellings[i].word, word) <= (n >= 5 ? 2 : 1))
			return (int)spellings[i].act;
	return -1;
}

int action_parse(const char *word)
{
	size_t i;

	for (i = 0; i < sizeof(spellings) / sizeof(spellings[0]); i++)
		if (!mx_strcasecmp(spellings[i].word, word))
			return (int)spellings[i].act;
	return -1;
}

int action_lands(enum action a)
{
	return a == ACT_LAND || a == ACT_EMP || a == ACT_REPAIR;
}

void orders_doc_init(struct orders_doc *doc)
{
	memset(doc, 0, sizeof(*doc));
}

void orders_doc_release(struct orders_doc *doc)
{
	free(doc->blocks);
	orders_doc_init(doc);
}

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Copies [s, e) into buf, cut to fit, for quoting a line back. */
static void copy_span(char *buf, size_t len, const char *s, const char *e)
{
	size_t n = (size_t)(e - s);

	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

static int keyword(const char *s, const char *e, const char *kw, const char **rest)
{
	size_t n = strlen(kw), i;

	if ((size_t)(e - s) < n)
		return 0;
	for (i = 0; i < n; i++) {
		int c = (unsigned char)s[i];

		if (c >= 'a' && c <= 'z')
			c -= 'a' - 'A';
		if (c != kw[i])
			return 0;
	}
	if (s + n < e && !is_space(s[n]) && s[n] != ':')
		return 0;
	s += n;
	if (s < e && *s == ':')
		s++;
	while (s < e && is_space(*s))
		s++;
	*rest = s;
	return 1;
}

static struct ship_orders *new_block(struct orders_doc *doc)
{
	struct ship_orders *b = realloc(doc->blocks, (doc->n + 1) * sizeof(*b));

	if (!b)
		return NULL;
	doc->blocks = b;
	b = &doc->blocks[doc->n++];
	memset(b, 0, sizeof(*b));
	return b;
}

/* "1-Move", "1. Move", "1) move", "1 MOVE", "Move": returns the action. */
static int parse_action_line(const char *s, const char *e, int *number, char *word, size_t wlen)
{
	const char *w;

	*number = -1;		/* no number given */
	word[0] = '\0';
	if (s < e && *s >= '0' && *s <= '9') {
		int n = 0;

		while (s < e && *s >= '0' && *s <= '9') {
			if (n < 1000)
				n = n * 10 + (*s - '0');
			s++;
		}
		*number = n;
		if (s < e && (*s == '-' || *s == '.' || *s == ')' || *s == ':'))
			s++;
		/* Mail clients turn "1-" into an en dash, em dash or minus sign. */
		else if (e - s >= 3 && (unsigned char)s[0] == 0xe2 &&
			 (((unsigned char)s[1] == 0x80 && ((unsigned char)s[2] == 0x93 ||
							   (unsigned char)s[2] == 0x94)) ||
			  ((unsigned char)s[1] == 0x88 && (unsigned char)s[2] == 0x92)))
			s += 3;
		else if (s < e && !is_space(*s))
			return -2;
		while (s < e && is_space(*s))
			s++;
	}
	for (w = s; w < e && !is_space(*w); w++)
		;
	copy_span(word, wlen, s, w);
	while (w < e && is_space(*w))
		w++;
	if (w != e)
		return -3;	/* something after the action */
	return action_parse(word);
}

int orders_find_ship_line(const char *text)
{
	const char *p = text;

	while (p && *p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if ((p[0] | 0x20) == 's' && (p[1] | 0x20) == 'h' && (p[2] | 0x20) == 'i' &&
		    (p[3] | 0x20) == 'p' && (p[4] == ' ' || p[4] == '\t'))
			return 1;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return 0;
}

int orders_parse(struct orders_doc *doc, const char *text, const char *name,
		 int flags, char *err, size_t errlen)
{
	return orders_parse_at(doc, text, name, 0, flags, err, errlen);
}

int orders_parse_at(struct orders_doc *doc, const char *text, const char *name, int line_offset,
		    int flags, char *err, size_t errlen)
{
	const char *p = text;
	struct ship_orders *cur = NULL;
	int line = line_offset, started = !(flags & ORDERS_SUBMISSION);
	char quote[64], word[64];

	orders_doc_init(doc);
	while (*p) {
		const char *s = p, *e, *eol = strchr(p, '\n'), *rest, *secret_end;
		int number, act;

		line++;
		if (!eol)
			eol = p + strlen(p);
		p = *eol ? eol + 1 : eol;
		for (e = s; e < eol && *e != '#'; e++)
			;
		while (s < e && is_space(*s))
			s++;
		while (e > s && is_space(e[-1]))
			e--;
		if (s == e)
			continue;
		if (!started) {
			if (keyword(s, e, "GAME", &rest))
				started = 1;
			else
				continue;
		}
		copy_span(quote, sizeof(quote), s, e);
		if (keyword(s, e, "END", &rest) && rest == e)
			break;
		if (keyword(s, e, "GAME", &rest)) {
			if (rest == e) {
				errbuf_set(err, errlen, "%s:%d: expected the campaign's name after GAME", name, line);
				goto fail;
			}
			copy_span(doc->game, sizeof(doc->game), rest, e);
			doc->game_line = line;
			continue;
		}
		/* Secrets through the tokenizer that redaction uses (core/secret.h). */
		switch (secret_line(s, e, &rest, &secret_end)) {
		case SECRET_PASSWORD:
			copy_span(doc->password, sizeof(doc->password), rest, secret_end);
			continue;
		case SECRET_CODE:
			copy_span(doc->code, sizeof(doc->code), rest, secret_end);
			continue;
		case SECRET_NONE:
			break;
		}
		if (keyword(s, e, "TURN", &rest)) {
			int t = 0;

			if (rest == e) {
				errbuf_set(err, errlen, "%s:%d: expected a turn number after TURN", name, line);
				goto fail;
			}
			for (; rest < e; rest++) {
				if (*rest < '0' || *rest > '9' || t > 100000) {
					errbuf_set(err, errlen, "%s:%d: expected a turn number after TURN, got '%s'",
					     name, line, quote);
					goto fail;
				}
				t = t * 10 + (*rest - '0');
			}
			if (t < 1) {
				/* 0 would read as "no TURN line": say so instead of guessing. */
				errbuf_set(err, errlen, "%s:%d: expected a turn number from 1 after TURN, got '%s'",
					   name, line, quote);
				goto fail;
			}
			doc->turn = t;
			continue;
		}
		if (keyword(s, e, "SHIP", &rest)) {
			if (rest == e || (size_t)(e - rest) >= SHIP_NAME_MAX) {
				errbuf_set(err, errlen, "%s:%d: expected a ship name (1 to %d characters) after SHIP",
				     name, line, SHIP_NAME_MAX - 1);
				goto fail;
			}
			cur = new_block(doc);
			if (!cur) {
				errbuf_set(err, errlen, "%s:%d: out of memory", name, line);
				goto fail;
			}
			copy_span(cur->ship, sizeof(cur->ship), rest, e);
			cur->ship_line = line;
			continue;
		}
		if (keyword(s, e, "UPGRADE", &rest)) {
			char stat[32];

			copy_span(stat, sizeof(stat), rest, e);
			if (rest == e || stat_parse(stat) < 0) {
				errbuf_set(err, errlen, "%s:%d: expected a stat after UPGRADE (hull, shield, "
				     "ballistic or energy), got '%s'", name, line, quote);
				goto fail;
			}
			if (!cur) {
				errbuf_set(err, errlen, "%s:%d: expected 'SHIP <name>' before UPGRADE", name, line);
				goto fail;
			}
			if (cur->nup >= ORDERS_MAX_UPGRADES) {
				errbuf_set(err, errlen, "%s:%d: too many UPGRADE lines for %s (at most %d)", name,
				     line, cur->ship, ORDERS_MAX_UPGRADES);
				goto fail;
			}
			cur->up[cur->nup] = (enum ship_stat)stat_parse(stat);
			cur->up_line[cur->nup++] = line;
			continue;
		}
		act = parse_action_line(s, e, &number, word, sizeof(word));
		if (act == -1 && number >= 0 && !word[0])
			continue;	/* an empty slot "3-" of a report's orders block */
		if (act == -2 || act == -3 || act < 0) {
			int near = act == -1 ? action_near(word) : -1;

			/*
			 * Words where the next action was due, several on the line or
			 * ending like a greeting ("Cheers,"): a signature, most likely.
			 */
			if (near < 0 && cur && cur->n && number < 0 &&
			    (act == -3 || (act == -1 && *word && strchr(",.!", word[strlen(word) - 1]))))
				errbuf_set(err, errlen, "%s:%d: expected an action (%s), got '%s' (a "
					   "signature? end the orders with a line END)", name, line,
					   EXPECTED_ACTIONS, quote);
			else
				errbuf_set(err, errlen, "%s:%d: expected an action (%s), got '%s'%s%s%s",
					   name, line, EXPECTED_ACTIONS, quote,
					   near >= 0 ? " (did you mean " : "",
					   near >= 0 ? action_name((enum action)near) : "",
					   near >= 0 ? "?)" : "");
			goto fail;
		}
		if (!cur) {
			errbuf_set(err, errlen, "%s:%d: expected 'SHIP <name>' before the first action", name, line);
			goto fail;
		}
		if (number >= 0 && number != cur->n + 1) {
			errbuf_set(err, errlen, "%s:%d: expected action number %d for %s, got %d",
			     name, line, cur->n + 1, cur->ship, number);
			goto fail;
		}
		if (cur->n >= ORDERS_MAX_ACTIONS) {
			errbuf_set(err, errlen, "%s:%d: too many actions for %s (at most %d)",
			     name, line, cur->ship, ORDERS_MAX_ACTIONS);
			goto fail;
		}
		cur->act[cur->n] = (enum action)act;
		cur->line[cur->n] = line;
		cur->n++;
	}
	if (!started) {
		errbuf_set(err, errlen, "%s: no orders found (expected a line 'GAME <name>' above them)", name);
		goto fail;
	}
	return 0;
fail:
	orders_doc_release(doc);
	return -1;
}

int orders_find_game(const char *text, char *buf, size_t len)
{
	const char *p = text;

	while (*p) {
		const char *s = p, *e, *eol = strchr(p, '\n'), *rest;

		if (!eol)
			eol = p + strlen(p);
		p = *eol ? eol + 1 : eol;
		/* Trimmed and without its comment, as orders_parse reads a line. */
		for (e = s; e < eol && *e != '#'; e++)
			;
		while (s < e && is_space(*s))
			s++;
		while (e > s && is_space(e[-1]))
			e--;
		if (keyword(s, e, "GAME", &rest) && rest < e) {
			copy_span(buf, len, rest, e);
			return 0;
		}
	}
	return -1;
}

int orders_validate(const struct orders_doc *doc, const struct game_state *st,
		    const char *name, char *err, size_t errlen)
{
	size_t i, j;

	for (i = 0; i < doc->n; i++) {
		const struct ship_orders *b = &doc->blocks[i];
		int idx = game_find_ship(st, b->ship), emp_line = 0, k;
		const struct ship *s;

		if (idx < 0) {
			errbuf_set(err, errlen, "%s:%d: unknown ship '%s' (expected one of the ships in this game)",
			     name, b->ship_line, b->ship);
			return -1;
		}
		s = &st->ships[idx];
		for (j = 0; j < i; j++)
			if (game_find_ship(st, doc->blocks[j].ship) == idx) {
				errbuf_set(err, errlen, "%s:%d: second block of orders for %s (the first is at line %d)",
				     name, b->ship_line, s->name, doc->blocks[j].ship_line);
				return -1;
			}
		if (b->nup) {
			errbuf_set(err, errlen, "%s:%d: UPGRADE orders are taken only between battles, not "
			     "during one", name, b->up_line[0]);
			return -1;
		}
		if (!ship_is_active(s)) {
			errbuf_set(err, errlen, "%s:%d: %s is %s and cannot take orders",
			     name, b->ship_line, s->name, status_name(s->status));
			return -1;
		}
		if (b->n > s->actions) {
			errbuf_set(err, errlen, "%s:%d: too many actions for %s this turn: %d given, %d allowed",
			     name, b->line[s->actions], s->name, b->n, s->actions);
			return -1;
		}
		for (k = 0; k < b->n; k++) {
			if (b->act[k] != ACT_EMP)
				continue;
			if (emp_line) {
				errbuf_set(err, errlen, "%s:%d: second EMP for %s: EMP may be ordered once a turn (first at line %d)",
				     name, b->line[k], s->name, emp_line);
				return -1;
			}
			emp_line = b->line[k];
		}
	}
	return 0;
}

int orders_has_upgrades(const struct orders_doc *doc)
{
	size_t i;

	for (i = 0; i < doc->n; i++)
		if (doc->blocks[i].nup)
			return 1;
	return 0;
}

char *orders_format(const struct ship_orders *so)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	strbuf_addf(&sb, "SHIP %s\n", so->ship);
	for (i = 0; i < so->n; i++)
		strbuf_addf(&sb, "%d-%s\n", i + 1, action_name(so->act[i]));
	for (i = 0; i < so->nup; i++)
		strbuf_addf(&sb, "UPGRADE %s\n", stat_name(so->up[i]));
	return strbuf_detach(&sb, NULL);
}
