/*
 * cases: Hovercrafts' rules test-case format and its runner
 * (mxjudge-cases(5)); cases.h.
 */
#include "cases.h"

#include <stdlib.h>
#include <string.h>

#include "lib/errbuf.h"

#include "dice.h"
#include "event.h"
#include "hovercrafts.h"
#include "narrate.h"
#include "orders.h"
#include "turn.h"

enum section { SEC_STATE, SEC_ORDERS, SEC_DICE, SEC_EXPECT };

#define MAX_TOKENS 64

void case_file_init(struct case_file *cf)
{
	cf->cases = NULL;
	cf->n = 0;
}

static void case_release(struct case_def *c)
{
	size_t i, j;

	for (i = 0; i < c->nturns; i++) {
		for (j = 0; j < c->turns[i].nexpect; j++)
			free(c->turns[i].expect[j].text);
		free(c->turns[i].expect);
		free(c->turns[i].orders);
		free(c->turns[i].dice);
	}
	free(c->turns);
	game_state_release(&c->start);
}

void case_file_release(struct case_file *cf)
{
	size_t i;

	for (i = 0; i < cf->n; i++)
		case_release(&cf->cases[i]);
	free(cf->cases);
	case_file_init(cf);
}

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Splits a line into words (in place); returns the count. */
static int tokenize(char *s, char **tok, int max)
{
	int n = 0;

	while (*s) {
		while (is_space(*s))
			s++;
		if (!*s)
			break;
		if (n == max)
			return -1;
		tok[n++] = s;
		while (*s && !is_space(*s))
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

/*
 * Appends line (with its newline) to *text, blank lines where the file had
 * lines the section skipped, so its line k stays the file's base + k. The
 * buffer doubles as it grows: a file of any size is read in linear time.
 */
static int add_section_line(char **text, size_t *len, size_t *cap, int *lines_in, int rel,
			    const char *s, size_t n)
{
	size_t pad = rel - 1 > *lines_in ? (size_t)(rel - 1 - *lines_in) : 0;
	size_t need = *len + pad + n + 2;

	if (need > *cap) {
		size_t c = *cap ? *cap : 64;
		char *t;

		while (c < need)
			c *= 2;
		if (!(t = realloc(*text, c)))
			return -1;
		*text = t;
		*cap = c;
	}
	memset(*text + *len, '\n', pad);
	*len += pad;
	memcpy(*text + *len, s, n);
	*len += n;
	(*text)[(*len)++] = '\n';
	(*text)[*len] = '\0';
	*lines_in += (int)pad + 1;
	return 0;
}

static struct case_turn *new_turn(struct case_def *c, int line)
{
	struct case_turn *t = realloc(c->turns, (c->nturns + 1) * sizeof(*t));

	if (!t)
		return NULL;
	c->turns = t;
	t = &c->turns[c->nturns++];
	memset(t, 0, sizeof(*t));
	t->line = line;
	return t;
}

static int key_value(const char *tok, const char *key, long *out)
{
	size_t n = strlen(key);
	char *end;

	if (strncmp(tok, key, n) || tok[n] != '=')
		return 0;
	*out = strtol(tok + n + 1, &end, 10);
	if (!tok[n + 1] || *end || *out < 0 || *out > (!strcmp(key, "actions") ? ORDERS_MAX_ACTIONS :
						 !strcmp(key, "energy") ? ORDERS_MAX_ACTIONS - 3 : 99))
		return -1;
	return 1;
}

static const struct {
	const char *key;
	int stat;		/* -1 for non-stats */
	unsigned field;
} ship_keys[] = {
	{ "hull", STAT_HULL, XF_HULL },
	{ "shield", STAT_SHIELD, XF_SHIELD },
	{ "ballistic", STAT_BALLISTIC, XF_BALLISTIC },
	{ "energy", STAT_ENERGY, XF_ENERGY },
	{ "damage", -1, XF_DAMAGE },
	{ "actions", -1, XF_ACTIONS },
};

/* key=value words of a ship line; *fields says which were given. */
static int ship_attrs(struct ship *s, char **tok, int n, unsigned *fields)
{
	int i;
	size_t k;

	for (i = 0; i < n; i++) {
		int matched = 0;

		for (k = 0; k < sizeof(ship_keys) / sizeof(ship_keys[0]) && !matched; k++) {
			long v;
			int r = key_value(tok[i], ship_keys[k].key, &v);

			if (r < 0)
				return -1;
			if (!r)
				continue;
			matched = 1;
			*fields |= ship_keys[k].field;
			if (ship_keys[k].stat >= 0)
				s->stat[ship_keys[k].stat] = (int)v;
			else if (ship_keys[k].field == XF_DAMAGE)
				s->damage = (int)v;
			else
				s->actions = (int)v;
		}
		if (matched)
			continue;
		if (status_parse(tok[i]) >= 0) {
			s->status = (enum ship_status)status_parse(tok[i]);
			*fields |= XF_STATUS;
		} else if (facing_parse(tok[i]) >= 0) {
			s->facing = (enum facing)facing_parse(tok[i]);
			*fields |= XF_FACING;
		} else if (hex_parse(tok[i], &s->pos) == 0) {
			*fields |= XF_HEX;
		} else {
			return -1;
		}
	}
	return 0;
}

#define SHIP_ATTR_HELP "expected a hex, a facing, a status or key=value (hull, shield, ballistic, energy, damage, actions)"

static int state_line(struct case_def *c, char **tok, int n, const char *name, int line,
		      char *err, size_t errlen)
{
	struct game_state *st = &c->start;

	if (!strcmp(tok[0], "ruling")) {
		size_t used = 0;
		int i;

		for (i = 1; i < n; i++) {
			size_t len = strlen(tok[i]);

			if (used + len + 2 >= sizeof(c->ruling))
				break;
			if (used)
				c->ruling[used++] = ' ';
			memcpy(c->ruling + used, tok[i], len);
			used += len;
			c->ruling[used] = '\0';
		}
		return 0;
	}
	if (!strcmp(tok[0], "board")) {
		char *x;
		long w, h;

		if (n != 2 || !(x = strchr(tok[1], 'x')) || st->map.walls) {
			errbuf_set(err, errlen, "%s:%d: expected one 'board WIDTHxHEIGHT' line, like 'board 7x4'", name, line);
			return -1;
		}
		w = strtol(tok[1], NULL, 10);
		h = strtol(x + 1, NULL, 10);
		if (game_map_init(&st->map, (int)w, (int)h) < 0) {
			errbuf_set(err, errlen, "%s:%d: expected a board from 1x1 to %dx%d", name, line,
			     MAP_MAX_SIDE, MAP_MAX_SIDE);
			return -1;
		}
		return 0;
	}
	if (!strcmp(tok[0], "turn")) {
		long t = n == 2 ? strtol(tok[1], NULL, 10) : 0;

		if (t < 1) {
			errbuf_set(err, errlen, "%s:%d: expected 'turn N' with N from 1", name, line);
			return -1;
		}
		st->turn = (int)t;
		return 0;
	}
	if (!st->map.walls) {
		errbuf_set(err, errlen, "%s:%d: expected 'board WIDTHxHEIGHT' before walls and ships", name, line);
		return -1;
	}
	if (!strcmp(tok[0], "wall")) {
		int i;

		for (i = 1; i < n; i++) {
			struct hex h;

			if (hex_parse(tok[i], &h) < 0 || !game_map_on_board(&st->map, h)) {
				errbuf_set(err, errlen, "%s:%d: expected hex labels on the board after 'wall', got '%s'",
				     name, line, tok[i]);
				return -1;
			}
			game_map_set_wall(&st->map, h, 1);
		}
		return 0;
	}
	if (!strcmp(tok[0], "ship")) {
		struct ship s;
		unsigned fields = 0;
		int team;

		ship_set_defaults(&s);
		if (n < 5 || strlen(tok[1]) >= SHIP_NAME_MAX || (team = team_parse(tok[2])) < 0 ||
		    hex_parse(tok[3], &s.pos) < 0 || facing_parse(tok[4]) < 0) {
			errbuf_set(err, errlen, "%s:%d: expected 'ship NAME zion|machines HEX FACING [key=value ...]'",
			     name, line);
			return -1;
		}
		strcpy(s.name, tok[1]);
		s.team = (enum team)team;
		s.facing = (enum facing)facing_parse(tok[4]);
		if (ship_attrs(&s, tok + 5, n - 5, &fields) < 0) {
			errbuf_set(err, errlen, "%s:%d: %s", name, line, SHIP_ATTR_HELP);
			return -1;
		}
		if (game_find_ship(st, s.name) >= 0 || game_map_is_wall(&st->map, s.pos) ||
		    !game_map_on_board(&st->map, s.pos) ||
		    (ship_is_active(&s) && game_ship_at(st, s.pos) >= 0) || s.stat[STAT_HULL] < 1 ||
		    (ship_is_active(&s) && s.damage >= s.stat[STAT_HULL])) {
			errbuf_set(err, errlen, "%s:%d: expected a new ship name on a free hex of the board, damage below hull",
			     name, line);
			return -1;
		}
		c->actions_given[st->nships] = (fields & XF_ACTIONS) != 0;
		if (game_add_ship(st, &s) < 0) {
			errbuf_set(err, errlen, "%s:%d: at most %d ships", name, line, GAME_MAX_SHIPS);
			return -1;
		}
		return 0;
	}
	errbuf_set(err, errlen, "%s:%d: expected ruling, board, wall, ship, turn or orders, got '%s'",
	     name, line, tok[0]);
	return -1;
}

static int expect_line(struct case_turn *t, char **tok, int n, const char *rest, const char *name,
		       int line, char *err, size_t errlen)
{
	struct case_expect x, *nx;

	memset(&x, 0, sizeof(x));
	x.line = line;
	if (!strcmp(tok[0], "ship") && n >= 2 && strlen(tok[1]) < SHIP_NAME_MAX) {
		x.kind = EXPECT_SHIP;
		strcpy(x.ship, tok[1]);
		ship_set_defaults(&x.want);
		if (ship_attrs(&x.want, tok + 2, n - 2, &x.fields) < 0) {
			errbuf_set(err, errlen, "%s:%d: %s", name, line, SHIP_ATTR_HELP);
			return -1;
		}
	} else if (!strcmp(tok[0], "winner") && n == 2) {
		int w;

		x.kind = EXPECT_WINNER;
		for (w = WINNER_NONE; w <= WINNER_DRAW; w++)
			if (!strcmp(tok[1], winner_name((enum winner)w)))
				break;
		if (w > WINNER_DRAW) {
			errbuf_set(err, errlen, "%s:%d: expected 'winner none|zion|machines|draw'", name, line);
			return -1;
		}
		x.number = w;
	} else if (!strcmp(tok[0], "unused") && n == 2) {
		char *end;

		x.kind = EXPECT_UNUSED;
		x.number = (int)strtol(tok[1], &end, 10);
		if (*end || x.number < 0) {
			errbuf_set(err, errlen, "%s:%d: expected 'unused N'", name, line);
			return -1;
		}
	} else if ((!strcmp(tok[0], "error") || !strcmp(tok[0], "says") || !strcmp(tok[0], "rolls")) &&
		   n >= 2) {
		x.kind = !strcmp(tok[0], "error") ? EXPECT_ERROR :
			 !strcmp(tok[0], "says") ? EXPECT_SAYS : EXPECT_ROLLS;
		x.text = strdup(rest);
		if (!x.text)
			goto nomem;
	} else {
		errbuf_set(err, errlen, "%s:%d: expected 'ship NAME ...', 'winner W', 'unused N', 'error TEXT', 'says TEXT' or 'rolls CHECK SHIP, ...'",
		     name, line);
		return -1;
	}
	nx = realloc(t->expect, (t->nexpect + 1) * sizeof(*nx));
	if (!nx) {
		free(x.text);
		goto nomem;
	}
	t->expect = nx;
	t->expect[t->nexpect++] = x;
	return 0;
nomem:
	errbuf_set(err, errlen, "%s:%d: out of memory", name, line);
	return -1;
}

int case_file_parse(struct case_file *cf, const char *text, const char *name,
		    char *err, size_t errlen)
{
	const char *p = text;
	struct case_def *c = NULL;
	struct case_turn *t = NULL;
	enum section sec = SEC_STATE;
	int line = 0, orders_lines = 0, dice_lines = 0, pending_next = 0;
	char buf[1024], restbuf[1024], *tok[MAX_TOKENS];

	case_file_init(cf);
	while (*p) {
		const char *s = p, *e, *eol = strchr(p, '\n'), *rest;
		int n;

		line++;
		if (!eol)
			eol = p + strlen(p);
		p = *eol ? eol + 1 : eol;
		e = eol;
		while (s < e && is_space(*s))
			s++;
		while (e > s && is_space(e[-1]))
			e--;
		if (sec == SEC_ORDERS || sec == SEC_DICE) {
			/* Raw text for the orders and dice parsers, unless a section word. */
			size_t len = (size_t)(e - s);

			if (!(len == 4 && !memcmp(s, "dice", 4)) && !(len == 6 && !memcmp(s, "expect", 6)) &&
			    !(len == 4 && !memcmp(s, "next", 4)) && !(len >= 5 && !memcmp(s, "case ", 5))) {
				if (sec == SEC_ORDERS ? add_section_line(&t->orders, &t->orders_len, &t->orders_cap,
									 &orders_lines, line - t->orders_base, s, len)
				    : add_section_line(&t->dice, &t->dice_len, &t->dice_cap, &dice_lines,
						       line - t->dice_base, s, len)) {
					errbuf_set(err, errlen, "%s:%d: out of memory", name, line);
					goto fail;
				}
				continue;
			}
		}
		if (s == e || *s == '#')
			continue;
		if ((size_t)(e - s) >= sizeof(buf)) {
			errbuf_set(err, errlen, "%s:%d: line too long (at most %zu characters)", name, line, sizeof(buf) - 1);
			goto fail;
		}
		memcpy(buf, s, (size_t)(e - s));
		buf[e - s] = '\0';
		n = tokenize(buf, tok, MAX_TOKENS);
		if (n < 0) {
			errbuf_set(err, errlen, "%s:%d: too many words on one line", name, line);
			goto fail;
		}
		rest = s + strlen(tok[0]);
		while (rest < e && is_space(*rest))
			rest++;
		/* The words after the first, as written, for error/says texts. */
		memcpy(restbuf, rest, (size_t)(e - rest));
		restbuf[e - rest] = '\0';
		if (!strcmp(tok[0], "case")) {
			struct case_def *nc;

			if (n < 2) {
				errbuf_set(err, errlen, "%s:%d: expected 'case NAME'", name, line);
				goto fail;
			}
			nc = realloc(cf->cases, (cf->n + 1) * sizeof(*nc));
			if (!nc) {
				errbuf_set(err, errlen, "%s:%d: out of memory", name, line);
				goto fail;
			}
			cf->cases = nc;
			c = &cf->cases[cf->n++];
			memset(c, 0, sizeof(*c));
			game_state_init(&c->start);
			c->line = line;
			strncpy(c->name, tok[1], sizeof(c->name) - 1);
			t = NULL;
			sec = SEC_STATE;
			pending_next = 0;
			continue;
		}
		if (!c) {
			errbuf_set(err, errlen, "%s:%d: expected 'case NAME' first", name, line);
			goto fail;
		}
		if (n == 1 && !strcmp(tok[0], "next")) {
			if (!t || sec != SEC_EXPECT || pending_next) {
				errbuf_set(err, errlen, "%s:%d: 'next' goes after an expect section", name, line);
				goto fail;
			}
			pending_next = 1;
			continue;
		}
		if (n == 1 && !strcmp(tok[0], "orders")) {
			if (!c->start.map.walls) {
				errbuf_set(err, errlen, "%s:%d: expected a 'board' line before the orders", name, line);
				goto fail;
			}
			if (t && !pending_next) {
				errbuf_set(err, errlen, "%s:%d: expected 'next' before the orders of another turn", name, line);
				goto fail;
			}
			pending_next = 0;
			t = new_turn(c, line);
			if (!t) {
				errbuf_set(err, errlen, "%s:%d: out of memory", name, line);
				goto fail;
			}
			orders_lines = dice_lines = 0;
			t->orders_base = line;
			sec = SEC_ORDERS;
			continue;
		}
		if (pending_next) {
			errbuf_set(err, errlen, "%s:%d: expected 'orders' after 'next'", name, line);
			goto fail;
		}
		if (n == 1 && !strcmp(tok[0], "dice") && t) {
			t->dice_base = line;
			dice_lines = 0;
			sec = SEC_DICE;
			continue;
		}
		if (n == 1 && !strcmp(tok[0], "expect") && t) {
			sec = SEC_EXPECT;
			continue;
		}
		if (sec == SEC_STATE) {
			if (state_line(c, tok, n, name, line, err, errlen) < 0)
				goto fail;
		} else if (expect_line(t, tok, n, restbuf, name, line, err, errlen) < 0) {
			goto fail;
		}
	}
	for (size_t i = 0; i < cf->n; i++) {
		if (!cf->cases[i].nturns) {
			errbuf_set(err, errlen, "%s:%d: case %s has no orders section", name, cf->cases[i].line,
			     cf->cases[i].name);
			goto fail;
		}
		if (!cf->cases[i].ruling[0]) {
			errbuf_set(err, errlen, "%s:%d: case %s: expected a 'ruling' line naming the ruling it checks",
			     name, cf->cases[i].line, cf->cases[i].name);
			goto fail;
		}
	}
	return 0;
fail:
	case_file_release(cf);
	return -1;
}

static void failf(struct strbuf *r, const char *name, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void failf(struct strbuf *r, const char *name, int line, const char *fmt, ...)
{
	va_list ap;

	strbuf_addf(r, "  %s:%d: ", name, line);
	va_start(ap, fmt);
	strbuf_vaddf(r, fmt, ap);
	va_end(ap);
	strbuf_addch(r, '\n');
}

static int contains(const char *hay, const char *needle)
{
	return strstr(hay, needle) != NULL;
}

static void check_ship(const struct game_state *st, const struct case_expect *x, const char *name,
		       struct strbuf *r, int *ok)
{
	int i = game_find_ship(st, x->ship);
	const struct ship *s;
	char want[HEX_LABEL_MAX], got[HEX_LABEL_MAX];
	int k;

	if (i < 0) {
		failf(r, name, x->line, "no ship named %s", x->ship);
		*ok = 0;
		return;
	}
	s = &st->ships[i];
	if ((x->fields & XF_HEX) && !hex_equal(s->pos, x->want.pos)) {
		hex_format(x->want.pos, want, sizeof(want));
		hex_format(s->pos, got, sizeof(got));
		failf(r, name, x->line, "expected %s at %s, got %s", s->name, want, got);
		*ok = 0;
	}
	if ((x->fields & XF_FACING) && s->facing != x->want.facing) {
		failf(r, name, x->line, "expected %s facing %s, got %s", s->name,
		      facing_name(x->want.facing), facing_name(s->facing));
		*ok = 0;
	}
	if ((x->fields & XF_STATUS) && s->status != x->want.status) {
		failf(r, name, x->line, "expected %s %s, got %s", s->name,
		      status_name(x->want.status), status_name(s->status));
		*ok = 0;
	}
	if ((x->fields & XF_DAMAGE) && s->damage != x->want.damage) {
		failf(r, name, x->line, "expected %s damage=%d, got %d", s->name, x->want.damage, s->damage);
		*ok = 0;
	}
	if ((x->fields & XF_ACTIONS) && s->actions != x->want.actions) {
		failf(r, name, x->line, "expected %s actions=%d, got %d", s->name, x->want.actions, s->actions);
		*ok = 0;
	}
	for (k = 0; k < STAT_COUNT; k++) {
		static const unsigned bit[STAT_COUNT] = { XF_HULL, XF_SHIELD, XF_BALLISTIC, XF_ENERGY };

		if ((x->fields & bit[k]) && s->stat[k] != x->want.stat[k]) {
			failf(r, name, x->line, "expected %s %s=%d, got %d", s->name, stat_name((enum ship_stat)k),
			      x->want.stat[k], s->stat[k]);
			*ok = 0;
		}
	}
}

/* Checks every expectation of turn t against the outcome; clears *ok on a miss. */
static void check_turn(const struct case_turn *t, const struct game_state *st, const char *error,
		       const char *story, const char *rolls, const struct dice_queue *q,
		       const char *name, struct strbuf *r, int *ok)
{
	size_t i;
	int error_expected = 0;

	for (i = 0; i < t->nexpect; i++) {
		const struct case_expect *x = &t->expect[i];

		switch (x->kind) {
		case EXPECT_ERROR:
			error_expected = 1;
			if (!error) {
				failf(r, name, x->line, "expected an error containing '%s', got none", x->text);
				*ok = 0;
			} else if (!contains(error, x->text)) {
				failf(r, name, x->line, "expected an error containing '%s', got: %s", x->text, error);
				*ok = 0;
			}
			break;
		case EXPECT_SHIP:
			if (!error)
				check_ship(st, x, name, r, ok);
			break;
		case EXPECT_WINNER:
			if (!error && st->winner != (enum winner)x->number) {
				failf(r, name, x->line, "expected winner %s, got %s",
				      winner_name((enum winner)x->number), winner_name(st->winner));
				*ok = 0;
			}
			break;
		case EXPECT_UNUSED:
			if (!error && dice_queue_unused(q) != (size_t)x->number) {
				failf(r, name, x->line, "expected %d unused dice, got %zu", x->number,
				      dice_queue_unused(q));
				*ok = 0;
			}
			break;
		case EXPECT_ROLLS:
			if (!error && strcmp(rolls, x->text)) {
				failf(r, name, x->line, "expected the dice in the order '%s', got '%s'",
				      x->text, rolls);
				*ok = 0;
			}
			break;
		case EXPECT_SAYS:
			if (!error && !contains(story, x->text)) {
				failf(r, name, x->line, "expected the story to say '%s'; it says:\n%s", x->text, story);
				*ok = 0;
			}
			break;
		}
	}
	if (error && !error_expected) {
		failf(r, name, t->line, "unexpected error: %s", error);
		*ok = 0;
	}
}

int case_run(const struct case_def *c, const char *name, struct strbuf *report)
{
	struct game_state st;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct strbuf story = STRBUF_INIT, rolls = STRBUF_INIT;
	char err[512];
	size_t ti, i;
	int ok = 1;

	if (game_state_copy(&st, &c->start) < 0)
		return -1;
	for (ti = 0; ti < c->nturns && ok == 1; ti++) {
		const struct case_turn *t = &c->turns[ti];
		struct orders_doc doc;
		struct dice_queue q;
		struct draw_source draws;
		struct event_list events;
		json_t *orders = NULL;
		struct game_state next;
		const char *error = NULL;

		orders_doc_init(&doc);
		dice_queue_init(&q);
		event_list_init(&events);
		game_state_init(&next);
		strbuf_reset(&story);
		strbuf_reset(&rolls);
		if (orders_parse_at(&doc, t->orders ? t->orders : "", name, t->orders_base, ORDERS_PLAIN,
				    err, sizeof(err)) < 0) {
			error = err;
			goto checked;
		}
		/* In a case's first turn, unstated actions mean "as many as ordered". */
		if (ti == 0)
			for (i = 0; i < doc.n; i++) {
				int k = game_find_ship(&st, doc.blocks[i].ship);

				if (k >= 0 && !c->actions_given[k])
					st.ships[k].actions = doc.blocks[i].n;
			}
		if (orders_validate(&doc, &st, name, err, sizeof(err)) < 0 ||
		    dice_queue_parse(&q, t->dice ? t->dice : "", name, t->dice_base, err, sizeof(err)) < 0) {
			error = err;
			goto checked;
		}
		draws = hover_draws_from_queue(&q, NULL);
		turn_plans_from_orders(&st, &doc, plans);
		if (game_state_copy(&next, &st) < 0 || !(orders = hover_plans_to_json(&st, plans))) {
			ok = -1;
			goto next_turn;
		}
		if (hover_turn(&next, orders, &draws, plans, &events, err, sizeof(err)) < 0) {
			error = err;
			goto checked;
		}
		if (narrate_text(&next, &events, &story) < 0) {
			ok = -1;
			goto next_turn;
		}
		for (i = 0; i < events.n; i++)
			if (events.ev[i].type == EV_ROLL)
				strbuf_addf(&rolls, "%s%s %s", rolls.len ? ", " : "",
					    check_name(events.ev[i].check), next.ships[events.ev[i].ship].name);
		game_state_release(&st);
		st = next;
		game_state_init(&next);
checked:
		check_turn(t, &st, error, strbuf_str(&story), strbuf_str(&rolls), &q, name, report, &ok);
		if (error)
			ti = c->nturns;	/* an expected error ends the case */
next_turn:
		json_decref(orders);
		game_state_release(&next);
		event_list_release(&events);
		dice_queue_release(&q);
		orders_doc_release(&doc);
	}
	game_state_release(&st);
	strbuf_release(&story);
	strbuf_release(&rolls);
	if (report->failed)
		return -1;
	return ok;
}
