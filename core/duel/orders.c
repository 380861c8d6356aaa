/*
 * duel orders: a side's orders for a whole turn (rulings section 14), read
 * line by line into struct duel_orders and checked against the state when
 * they arrive (14.5); written back as text for the autopilot.
 */
#include "duel.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "lib/errbuf.h"

#define LINE_MAX_CHARS 400
#define ORDER_LINES_MAX 200

struct reader {
	const struct duel_state *st;
	const struct duel_tables *t;
	int side;
	const char *name;
	int line;
	const char *text;		/* the line, for quoting */
	struct duel_orders *o;
	int deck_choices, missions;
	uint8_t named_id[DUEL_DECK_MAX];	/* PLAY: ids named */
	uint8_t named_cls[DUEL_DECK_MAX];	/* PLAY: references per class */
	char *err;
	size_t errlen;
};

#define REFUSE(r, ...) do { refuse(r, __VA_ARGS__); return -1; } while (0)

static void refuse(struct reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void refuse(struct reader *r, const char *fmt, ...)
{
	char msg[300];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	errbuf_set(r->err, r->errlen, "%s:%d: %s", r->name ? r->name : "orders", r->line, msg);
}

static const char *skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* The keyword at s (a whole word before a blank, ':' or the end): its length, or 0. */
static size_t keyword_is(const char *s, const char *word)
{
	size_t n = strlen(word);

	if (strncasecmp(s, word, n))
		return 0;
	if (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != ':')
		return 0;
	return n;
}

static void trim(char *s)
{
	size_t n = strlen(s);
	char *b = s;

	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = '\0';
	while (isspace((unsigned char)*b))
		b++;
	memmove(s, b, strlen(b) + 1);
}

static void normal_name(const char *in, char *out, size_t len)
{
	size_t n = 0;
	int gap = 0;

	for (; *in && n + 2 < len; in++) {
		unsigned char ch = (unsigned char)*in;

		if (ch == '\'')
			continue;
		if (isalnum(ch)) {
			if (gap && n)
				out[n++] = ' ';
			gap = 0;
			out[n++] = (char)tolower(ch);
		} else {
			gap = 1;
		}
	}
	out[n] = '\0';
}

static const char *const side_title[DUEL_SIDES] = { "Humans'", "Machines'" };

/* A reference to a card of side's deck list (14.3): 0, or -1 refused. */
static int read_ref(struct reader *r, int side, const char *word, struct duel_ref *ref)
{
	const struct duel_deck *d = &r->t->decks[side];
	char want[DUEL_NAME_MAX * 2 + 2], have[DUEL_NAME_MAX + 2];
	size_t i;

	if (!*word)
		REFUSE(r, "expected a card, got nothing");
	for (i = 0; i < d->ncards; i++)
		if (!strcasecmp(d->cards[i].id, word)) {
			ref->card = (uint8_t)i;
			ref->by_name = 0;
			return 0;
		}
	normal_name(word, want, sizeof want);
	for (i = 0; *want && i < d->ncards; i++) {
		normal_name(d->cards[i].name, have, sizeof have);
		if (!strcmp(want, have)) {
			ref->card = r->t->cls[side][i];
			ref->by_name = 1;
			return 0;
		}
	}
	REFUSE(r, "no card '%s' in the %s deck list", word, side_title[side]);
}

static const struct duel_card *ref_card(const struct reader *r, int side, struct duel_ref ref)
{
	return &r->t->decks[side].cards[ref.card];
}

static int need_type(struct reader *r, int side, struct duel_ref ref, enum duel_type type,
		     const char *order)
{
	static const char *const what[] = { "a character", "an event", "a mission" };
	const struct duel_card *c = ref_card(r, side, ref);

	if (c->type != type)
		REFUSE(r, "%s needs %s, and %s is not one", order, what[type], c->name);
	return 0;
}

/* Splits a comma-separated list in place; n items at most. */
static int split_list(char *s, char **items, int max)
{
	int n = 0;
	char *p = s, *comma;

	if (!*skip_blank(s))
		return 0;
	while (n < max) {
		comma = strchr(p, ',');
		if (comma)
			*comma = '\0';
		trim(p);
		items[n++] = p;
		if (!comma)
			break;
		p = comma + 1;
	}
	return n;
}

static int is_all(const char *s)
{
	return !strcasecmp(s, "ALL");
}

/* The side's zone after the Time phase's hand limit (what TAKE and RECALL are checked against). */
static void after_time(const struct reader *r, struct duel_zone *hand, struct duel_zone *discard)
{
	const struct duel_side_state *s = &r->st->side[r->side];
	int k, i;

	*hand = s->hand;
	*discard = s->discard;
	for (k = 0; k < r->o->discard.n && hand->n > DUEL_HAND_LIMIT; k++)
		for (i = 0; i < hand->n; i++)
			if (duel_ref_match(r->t, r->side, r->o->discard.r[k], hand->card[i])) {
				discard->card[discard->n++] = hand->card[i];
				memmove(&hand->card[i], &hand->card[i + 1], (size_t)(hand->n - i - 1));
				hand->n--;
				break;
			}
	while (hand->n > DUEL_HAND_LIMIT)
		discard->card[discard->n++] = hand->card[--hand->n];
}

static int zone_has(const struct reader *r, const struct duel_zone *z, struct duel_ref ref)
{
	int i;

	for (i = 0; i < z->n; i++)
		if (duel_ref_match(r->t, r->side, ref, z->card[i]))
			return 1;
	return 0;
}

static int add_ref(struct reader *r, struct duel_list *l, struct duel_ref ref)
{
	if (l->n >= DUEL_LIST_MAX)
		REFUSE(r, "too many cards in one list (at most %d)", DUEL_LIST_MAX);
	l->r[l->n++] = ref;
	return 0;
}

/* PLUG, UNPLUG, EXIT: freed humans only (14.5). */
static int need_freed(struct reader *r, struct duel_ref ref)
{
	const struct duel_card *c = ref_card(r, DUEL_HUMANS, ref);

	if (c->kind == DUEL_ZION)
		REFUSE(r, "%s is Zion-born and can never be plugged into the Matrix", c->name);
	if (c->kind == DUEL_PROGRAM)
		REFUSE(r, "%s is a program: always in the Matrix, never plugged or unplugged", c->name);
	if (c->kind != DUEL_FREED)
		REFUSE(r, "%s is not a freed human", c->name);
	return 0;
}

static int contest_word(const char *s, size_t *len)
{
	static const struct { const char *word; int contest; } words[] = {
		{ "INTERCEPTION", DUEL_INTERCEPTION }, { "INTERCEPT", DUEL_INTERCEPTION },
		{ "COMBAT", DUEL_COMBAT }, { "FIGHT", DUEL_COMBAT }, { "MISSION", DUEL_MISSION },
		{ "ESCAPE", DUEL_ESCAPE }, { "DETECTION", DUEL_DETECTION }, { "DETECT", DUEL_DETECTION },
		{ "PURSUIT", DUEL_PURSUIT }, { "CHASE", DUEL_PURSUIT }, { "BATTLE", DUEL_BATTLE },
	};
	size_t i, n;

	for (i = 0; i < sizeof words / sizeof words[0]; i++) {
		n = strlen(words[i].word);
		if (!strncasecmp(s, words[i].word, n) && !isalpha((unsigned char)s[n])) {
			*len = n;
			return words[i].contest;
		}
	}
	return -1;
}

/* "card [ON character]": the card part and the target part (NULL without ON). */
static char *split_on(char *item)
{
	char *p;

	for (p = item; *p; p++)
		if ((p == item || p[-1] == ' ' || p[-1] == '\t') && !strncasecmp(p, "ON", 2) &&
		    (p[2] == ' ' || p[2] == '\t' || !p[2]) && p != item) {
			p[-1] = '\0';
			trim(item);
			p += 2;
			trim(p);
			return p;
		}
	return NULL;
}

static int read_play(struct reader *r, char *arg)
{
	char *items[DUEL_SLOT_MAX + 1];
	size_t len;
	int c = contest_word(arg, &len), n = 1, have_n = 0, k, count;
	char *p;

	if (c < 0)
		REFUSE(r, "expected a contest after PLAY (INTERCEPTION, COMBAT, MISSION, ESCAPE, "
		       "DETECTION, PURSUIT or BATTLE), got '%.40s'", arg);
	p = (char *)skip_blank(arg + len);
	if (isdigit((unsigned char)*p)) {
		n = (int)strtol(p, &p, 10);
		have_n = 1;
	}
	p = (char *)skip_blank(p);
	if (*p == ':')
		p++;
	if (have_n && c != DUEL_COMBAT && c != DUEL_ESCAPE)
		REFUSE(r, "only COMBAT and ESCAPE are numbered (1 to %d)", DUEL_ROUNDS);
	if (n < 1 || n > DUEL_ROUNDS)
		REFUSE(r, "%s is numbered from 1 to %d, not %d", duel_contest_names[c], DUEL_ROUNDS, n);
	count = split_list(p, items, DUEL_SLOT_MAX + 1);
	for (k = 0; k < count; k++) {
		struct duel_commit cm;
		char *target = split_on(items[k]);
		const struct duel_card *card;

		memset(&cm, 0, sizeof cm);
		if (!*items[k])
			REFUSE(r, "expected a card in the list, got an empty item");
		if (read_ref(r, r->side, items[k], &cm.card) < 0 ||
		    need_type(r, r->side, cm.card, DUEL_EVENT, "PLAY") < 0)
			return -1;
		card = ref_card(r, r->side, cm.card);
		if (!(card->play_mask & (1u << c | 1u << DUEL_ANY)))
			REFUSE(r, "%s cannot be played in %s", card->name, duel_contest_names[c]);
		if (card->neutralize == DUEL_NEUT_ONE && !target)
			REFUSE(r, "%s needs a target: write '%s ON character'", card->name, card->name);
		if (card->neutralize != DUEL_NEUT_ONE && target)
			REFUSE(r, "%s takes no target (no ON)", card->name);
		if (target) {
			if (read_ref(r, 1 - r->side, target, &cm.target) < 0)
				return -1;
			if (ref_card(r, 1 - r->side, cm.target)->type != DUEL_CHARACTER)
				REFUSE(r, "the target of %s must be an opponent's character, and %s is not one",
				       card->name, ref_card(r, 1 - r->side, cm.target)->name);
			cm.has_target = 1;
		}
		if (!cm.card.by_name) {
			if (r->named_id[cm.card.card]++)
				REFUSE(r, "%s (%s) is played twice", card->id, card->name);
		}
		{
			int cls = r->t->cls[r->side][cm.card.card];

			if (++r->named_cls[cls] > r->t->copies[r->side][cls])
				REFUSE(r, "%s is played more often than the deck list holds it (%d)",
				       card->name, r->t->copies[r->side][cls]);
		}
		if (r->o->nplay[c][n - 1] >= DUEL_SLOT_MAX)
			REFUSE(r, "too many cards for %s %d", duel_contest_names[c], n);
		r->o->play[c][n - 1][r->o->nplay[c][n - 1]++] = cm;
	}
	return 0;
}

static int read_switch(struct reader *r, int op, char *arg)
{
	static const char *const word[] = { "DEPLOY", "PLUG", "UNPLUG" };
	char *items[DUEL_LIST_MAX + 1];
	int n = split_list(arg, items, DUEL_LIST_MAX + 1), k;

	if (!n)
		REFUSE(r, "%s needs a character or ALL", word[op]);
	for (k = 0; k < n; k++) {
		struct duel_switch sw;

		memset(&sw, 0, sizeof sw);
		sw.op = (uint8_t)op;
		if (is_all(items[k])) {
			sw.all = 1;
		} else {
			if (read_ref(r, r->side, items[k], &sw.ref) < 0 ||
			    need_type(r, r->side, sw.ref, DUEL_CHARACTER, word[op]) < 0)
				return -1;
			if (op != DUEL_OP_DEPLOY && need_freed(r, sw.ref) < 0)
				return -1;
		}
		if (r->o->nswitch >= DUEL_LIST_MAX)
			REFUSE(r, "too many Switch orders (at most %d)", DUEL_LIST_MAX);
		r->o->sw[r->o->nswitch++] = sw;
	}
	return 0;
}

static int read_list(struct reader *r, char *arg, struct duel_list *l, const char *order,
		     int type, int freed)
{
	char *items[DUEL_LIST_MAX + 1];
	int n = split_list(arg, items, DUEL_LIST_MAX + 1), k;

	if (!n)
		REFUSE(r, "%s needs a card", order);
	for (k = 0; k < n; k++) {
		struct duel_ref ref;

		if (read_ref(r, r->side, items[k], &ref) < 0)
			return -1;
		if (type >= 0 && need_type(r, r->side, ref, (enum duel_type)type, order) < 0)
			return -1;
		if (freed && need_freed(r, ref) < 0)
			return -1;
		if (add_ref(r, l, ref) < 0)
			return -1;
	}
	return 0;
}

static int deck_choice(struct reader *r)
{
	if (r->deck_choices++)
		REFUSE(r, "only one deck choice a turn (DRAW, TAKE or RECALL)");
	return 0;
}

/* The argument after a keyword: blanks and one ':' skipped, trimmed. */
static char *arg_of(char *p)
{
	p = (char *)skip_blank(p);
	if (*p == ':')
		p = (char *)skip_blank(p + 1);
	trim(p);
	return p;
}

static int read_line(struct reader *r, char *s)
{
	static const char *const humans_only = "is for the Humans only";
	size_t n;
	char *arg;

	s = (char *)skip_blank(s);
#define IS(word) ((n = keyword_is(s, word)) != 0)
#define ARG() (arg = arg_of(s + n))
	if (IS("DISCARD")) {
		int k, first = r->o->discard.n;

		if (read_list(r, ARG(), &r->o->discard, "DISCARD", -1, 0) < 0)
			return -1;
		for (k = first; k < r->o->discard.n; k++)
			if (!zone_has(r, &r->st->side[r->side].hand, r->o->discard.r[k]))
				REFUSE(r, "DISCARD %s: not in your hand",
				       ref_card(r, r->side, r->o->discard.r[k])->name);
		return 0;
	}
	if (IS("TAKE") || IS("SEARCH")) {
		struct duel_zone hand, discard;
		struct duel_ref ref;

		if (deck_choice(r) < 0)
			return -1;
		if (!*ARG())
			REFUSE(r, "TAKE needs a card");
		if (read_ref(r, r->side, arg, &ref) < 0)
			return -1;
		after_time(r, &hand, &discard);
		if (!zone_has(r, r->st->side[r->side].deck.n ? &r->st->side[r->side].deck : &discard, ref))
			REFUSE(r, "TAKE %s: no such card in your deck", ref_card(r, r->side, ref)->name);
		r->o->choice = DUEL_CHOICE_TAKE;
		r->o->choice_ref = ref;
		return 0;
	}
	if (IS("DRAW")) {
		ARG();
		if (*arg && strcmp(arg, "2") && strcasecmp(arg, "TWO"))
			REFUSE(r, "expected DRAW, DRAW 2 or DRAW TWO, got 'DRAW %.30s'", arg);
		if (deck_choice(r) < 0)
			return -1;
		r->o->choice = DUEL_CHOICE_DRAW;
		return 0;
	}
	if (IS("RECALL") || IS("RETRIEVE")) {
		struct duel_zone hand, discard;
		struct duel_ref ref;

		if (r->side != DUEL_MACHINES)
			REFUSE(r, "RECALL is for the Machines only");
		if (deck_choice(r) < 0)
			return -1;
		if (!*ARG())
			REFUSE(r, "RECALL needs a character");
		if (read_ref(r, r->side, arg, &ref) < 0 ||
		    need_type(r, r->side, ref, DUEL_CHARACTER, "RECALL") < 0)
			return -1;
		after_time(r, &hand, &discard);
		if (!zone_has(r, &discard, ref))
			REFUSE(r, "RECALL %s: not in your discard pile", ref_card(r, r->side, ref)->name);
		r->o->choice = DUEL_CHOICE_RECALL;
		r->o->choice_ref = ref;
		return 0;
	}
	if (IS("DEPLOY"))
		return read_switch(r, DUEL_OP_DEPLOY, ARG());
	if (IS("PLUG") || IS("UNPLUG")) {
		int op = toupper((unsigned char)*s) == 'U' ? DUEL_OP_UNPLUG : DUEL_OP_PLUG;

		if (r->side != DUEL_HUMANS)
			REFUSE(r, "%s %s", op == DUEL_OP_PLUG ? "PLUG" : "UNPLUG", humans_only);
		return read_switch(r, op, ARG());
	}
	if (IS("MISSION")) {
		if (r->side != DUEL_HUMANS)
			REFUSE(r, "MISSION %s", humans_only);
		if (r->missions++)
			REFUSE(r, "only one MISSION line a turn");
		if (!*ARG())
			REFUSE(r, "MISSION needs a mission card or BASIC");
		if (!strcasecmp(arg, "BASIC")) {
			r->o->has_mission = 0;
			return 0;
		}
		if (read_ref(r, r->side, arg, &r->o->mission) < 0 ||
		    need_type(r, r->side, r->o->mission, DUEL_MISSION_CARD, "MISSION") < 0)
			return -1;
		r->o->has_mission = 1;
		return 0;
	}
	if (IS("PLAY"))
		return read_play(r, ARG());
	if (IS("EXIT")) {
		if (r->side != DUEL_HUMANS)
			REFUSE(r, "EXIT %s", humans_only);
		ARG();
		if (!strcasecmp(arg, "NONE")) {
			r->o->exit.n = 0;
			r->o->exit_all = 0;
			return 0;
		}
		if (is_all(arg)) {
			r->o->exit_all = 1;
			return 0;
		}
		return read_list(r, arg, &r->o->exit, "EXIT", DUEL_CHARACTER, 1);
	}
	if (IS("CASUALTIES") || IS("LOSSES"))
		return read_list(r, ARG(), &r->o->casualties, "CASUALTIES", DUEL_CHARACTER, 0);
#undef IS
#undef ARG
	{
		char word[24];
		size_t k = 0;

		while (s[k] && !isspace((unsigned char)s[k]) && s[k] != ':' && k + 1 < sizeof word) {
			word[k] = s[k];
			k++;
		}
		word[k] = '\0';
		REFUSE(r, "expected an order (DISCARD, TAKE, DRAW, %sDEPLOY, %sMISSION, PLAY, EXIT or "
		       "CASUALTIES), got '%s'", r->side == DUEL_MACHINES ? "RECALL, " : "",
		       r->side == DUEL_HUMANS ? "PLUG, UNPLUG, " : "", word);
	}
}

int duel_orders_parse(const struct duel_state *st, const struct duel_tables *t, int side,
		      const json_t *lines, const char *name, struct duel_orders *o, char *err,
		      size_t errlen)
{
	struct reader r;
	const json_t *l;
	size_t i;

	memset(&r, 0, sizeof r);
	r.st = st;
	r.t = t;
	r.side = side;
	r.name = name;
	r.o = o;
	r.err = err;
	r.errlen = errlen;
	duel_orders_init(o, side);
	if (!json_is_array(lines)) {
		errbuf_set(err, errlen, "%s: expected the orders as lines", name ? name : "orders");
		return -1;
	}
	json_array_foreach(lines, i, l) {
		const char *text = json_string_value(json_object_get(l, "text"));
		char buf[LINE_MAX_CHARS + 1];

		r.line = (int)json_integer_value(json_object_get(l, "line"));
		if (i >= ORDER_LINES_MAX) {
			refuse(&r, "a message holds at most %d order lines", ORDER_LINES_MAX);
			return -1;
		}
		if (!text)
			continue;
		if (strlen(text) > LINE_MAX_CHARS) {
			refuse(&r, "a line holds at most %d characters", LINE_MAX_CHARS);
			return -1;
		}
		strcpy(buf, text);
		r.text = text;
		if (read_line(&r, buf) < 0)
			return -1;
	}
	return 0;
}

/* ---------- text to lines ---------- */

static int envelope_word(const char *s)
{
	static const char *const words[] = { "GAME", "SIDE", "PASSWORD", "CODE", "TURN", NULL };
	int i;

	for (i = 0; words[i]; i++)
		if (keyword_is(s, words[i]))
			return i;
	if (keyword_is(s, "END"))
		return 99;
	return -1;
}

json_t *duel_order_lines(const char *text, char *side_word, size_t side_len, int *side_line)
{
	json_t *lines = json_array();
	const char *p = text, *e;
	int line = 0, have_game = 0;

	if (side_word && side_len)
		side_word[0] = '\0';
	if (side_line)
		*side_line = 0;
	/* A text with a GAME line starts there (14.1). */
	for (e = p; e && *e;) {
		const char *s = skip_blank(e);

		if (keyword_is(s, "GAME")) {
			have_game = 1;
			break;
		}
		e = strchr(e, '\n');
		e = e ? e + 1 : NULL;
	}
	while (lines && p && *p) {
		char buf[LINE_MAX_CHARS + 2];
		const char *s;
		size_t n;
		int w;

		e = strchr(p, '\n');
		n = e ? (size_t)(e - p) : strlen(p);
		line++;
		if (n > LINE_MAX_CHARS)
			n = LINE_MAX_CHARS + 1;	/* refused as too long by the parser */
		memcpy(buf, p, n);
		buf[n] = '\0';
		p = e ? e + 1 : NULL;
		buf[strcspn(buf, "#\r")] = '\0';
		trim(buf);
		if (!*buf)
			continue;
		s = buf;
		w = envelope_word(s);
		if (w == 99)
			break;
		if (w == 0) {
			have_game = 2;
			continue;
		}
		if (have_game == 1)
			continue;	/* before the GAME line */
		if (w == 1 && side_word) {
			snprintf(side_word, side_len, "%s", skip_blank(s + 4));
			if (side_line)
				*side_line = line;
			continue;
		}
		if (w >= 0)
			continue;
		json_array_append_new(lines, json_pack("{s:i,s:s}", "line", line, "text", buf));
	}
	return lines;
}

/* ---------- orders as text ---------- */

static const char *ref_text(const struct duel_state *st, int side, struct duel_ref r)
{
	return r.by_name ? st->decks[side]->cards[r.card].name : st->decks[side]->cards[r.card].id;
}

static void list_text(const struct duel_state *st, int side, const char *word,
		      const struct duel_list *l, struct strbuf *out)
{
	int k;

	if (!l->n)
		return;
	strbuf_addstr(out, word);
	for (k = 0; k < l->n; k++)
		strbuf_addf(out, "%s%s", k ? ", " : " ", ref_text(st, side, l->r[k]));
	strbuf_addch(out, '\n');
}

void duel_orders_format(const struct duel_state *st, const struct duel_orders *o,
			struct strbuf *out)
{
	static const char *const contest_words[] = { "INTERCEPTION", "COMBAT", "MISSION", "ESCAPE",
		"DETECTION", "PURSUIT", "BATTLE" };
	static const char *const ops[] = { "DEPLOY", "PLUG", "UNPLUG" };
	int side = o->side, c, n, k;

	list_text(st, side, "DISCARD", &o->discard, out);
	if (o->choice == DUEL_CHOICE_TAKE)
		strbuf_addf(out, "TAKE %s\n", ref_text(st, side, o->choice_ref));
	else if (o->choice == DUEL_CHOICE_RECALL)
		strbuf_addf(out, "RECALL %s\n", ref_text(st, side, o->choice_ref));
	else
		strbuf_addstr(out, "DRAW\n");
	for (k = 0; k < o->nswitch; k++)
		strbuf_addf(out, "%s %s\n", ops[o->sw[k].op],
			    o->sw[k].all ? "ALL" : ref_text(st, side, o->sw[k].ref));
	if (side == DUEL_HUMANS)
		strbuf_addf(out, "MISSION %s\n",
			    o->has_mission ? ref_text(st, side, o->mission) : "BASIC");
	for (c = 0; c < DUEL_CONTESTS; c++)
		for (n = 0; n < DUEL_ROUNDS; n++) {
			if (!o->nplay[c][n])
				continue;
			if (c == DUEL_COMBAT || c == DUEL_ESCAPE)
				strbuf_addf(out, "PLAY %s %d:", contest_words[c], n + 1);
			else
				strbuf_addf(out, "PLAY %s:", contest_words[c]);
			for (k = 0; k < o->nplay[c][n]; k++) {
				const struct duel_commit *cm = &o->play[c][n][k];

				strbuf_addf(out, "%s%s", k ? ", " : " ", ref_text(st, side, cm->card));
				if (cm->has_target)
					strbuf_addf(out, " ON %s", ref_text(st, 1 - side, cm->target));
			}
			strbuf_addch(out, '\n');
		}
	if (o->exit_all)
		strbuf_addstr(out, "EXIT ALL\n");
	else
		list_text(st, side, "EXIT", &o->exit, out);
	list_text(st, side, "CASUALTIES", &o->casualties, out);
}
