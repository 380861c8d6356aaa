/*
 * legendary play: the deal (R4.3), the Matrix phase (R5.1), the lines of
 * the Action phase (R5.2, R9), the Strike phase (R5.3), Cleanup (R5.4),
 * acts and victory (R6). Works on the JSON state itself (R12.1): every
 * pile is an array of instance names "ID.n".
 */
#include "core/legendary/legendary.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/errbuf.h"

#define LG_MAX_LINES 300
#define LG_MAX_STATEMENT 300

struct lg {
	const struct legendary_pack *p;
	json_t *st;			/* the working state (owned) */
	json_t *events, *story;		/* owned */
	struct draw_source *draws;
	int action;			/* in the Action phase: a carried text halts the mail */
	int stop;			/* a new act, the end: the rest of the mail is not played */
	int halt;			/* halt after this line (offer, text to state) */
	const char *halt_reason;
	int fatal;			/* err holds a failure of the judge (no draw left) */
	char err[300];
	/* the current line */
	char code[32], message[200];
	json_t *choices;		/* the line's CHOOSE values (borrowed) */
	size_t next_choice;
	int wild_keep, wild_redraw;	/* WILDSWING: keep always / redraw from damage N */
	json_t *reveal_queue;		/* the reveals of one movement (R5.1.3), run after it */
	int quiet;			/* bot-only games: no events, no story */
	int fr;				/* a French game: the story and refusals in French (R11.2) */
	int ascii;			/* lang fr-ascii: the same in ASCII letters */
};

/* ---------- small helpers ---------- */

/*
 * One line of the mail's log (R10.3, R10.5): "shuffle DECK ID ..." or
 * "draw DECK ID", kept under "mail_draws" while the mail is played (so a
 * refused line's are undone with its state) and moved to the secret "log"
 * at its end. Bot-only games (quiet) keep no log.
 */
static void note_draw(struct lg *g, const char *deck, const json_t *ids, size_t n)
{
	json_t *log = json_object_get(g->st, "mail_draws");
	size_t i, len;
	char *line;

	if (g->quiet || !json_is_array(log))
		return;
	len = strlen(deck) + 16;
	for (i = 0; i < n; i++)
		len += strlen(json_string_value(json_array_get(ids, i)) ?
			      json_string_value(json_array_get(ids, i)) : "") + 1;
	line = malloc(len);
	if (!line)
		return;
	snprintf(line, len, "%s %s", n > 1 ? "shuffle" : "draw", deck);
	for (i = 0; i < n; i++) {
		strcat(line, " ");
		strcat(line, json_string_value(json_array_get(ids, i)) ?
		       json_string_value(json_array_get(ids, i)) : "");
	}
	json_array_append_new(log, json_string(line));
	free(line);
}

/* "draw DECK ID": the top card of pile, about to be taken. */
static void note_top(struct lg *g, const char *deck, const json_t *pile)
{
	if (json_array_size(pile))
		note_draw(g, deck, pile, 1);
}

static json_t *A(struct lg *g, const char *key)
{
	json_t *a = json_object_get(g->st, key);

	if (!json_is_array(a)) {
		a = json_array();
		json_object_set_new(g->st, key, a);
	}
	return a;
}

static int I(struct lg *g, const char *key)
{
	return (int)json_integer_value(json_object_get(g->st, key));
}

static void setI(struct lg *g, const char *key, int v)
{
	json_object_set_new(g->st, key, json_integer(v));
}

static int B(struct lg *g, const char *key)
{
	return json_is_true(json_object_get(g->st, key));
}

static void setB(struct lg *g, const char *key, int v)
{
	json_object_set_new(g->st, key, json_boolean(v));
}

static const char *S(struct lg *g, const char *key)
{
	const char *s = json_string_value(json_object_get(g->st, key));

	return s ? s : "";
}

static int pool(struct lg *g, const char *which)
{
	return (int)json_integer_value(json_object_get(json_object_get(g->st, "pools"), which));
}

static void add_pool(struct lg *g, const char *which, int n)
{
	json_t *pools = json_object_get(g->st, "pools");

	json_object_set_new(pools, which, json_integer(pool(g, which) + n));
}

static void ev(struct lg *g, const char *type, const char *fmt, ...)
{
	char text[400];
	va_list ap;

	if (g->quiet)
		return;
	if (g->fr)
		fmt = legendary_french(fmt);
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	if (g->ascii)
		legendary_ascii(text);
	json_array_append_new(g->events, json_pack("{s:s,s:s}", "type", type, "text", text));
	json_array_append_new(g->story, json_string(text));
}

static int refuse(struct lg *g, const char *code, const char *fmt, ...)
{
	va_list ap;

	snprintf(g->code, sizeof(g->code), "%s", code);
	if (g->fr)
		fmt = legendary_french(fmt);
	va_start(ap, fmt);
	vsnprintf(g->message, sizeof(g->message), fmt, ap);
	va_end(ap);
	if (g->ascii)
		legendary_ascii(g->message);
	return -1;
}

static const json_t *card(struct lg *g, const char *inst)
{
	return inst ? legendary_card(g->p, inst, NULL) : NULL;
}

static const char *ctype(struct lg *g, const char *inst)
{
	const char *t = json_string_value(json_object_get(card(g, inst), "type"));

	return t ? t : "";
}

static const char *cname(struct lg *g, const char *inst)
{
	const char *n = json_string_value(json_object_get(card(g, inst), "name"));

	return n ? n : "?";
}

static int kw(struct lg *g, const char *inst, const char *word, int *param)
{
	return legendary_keyword(card(g, inst), word, param);
}

static const json_t *film(struct lg *g)
{
	return json_array_get(g->p->films, (size_t)(I(g, "film") - 1));
}

static const json_t *act(struct lg *g)
{
	return json_array_get(json_object_get(film(g), "acts"), (size_t)(I(g, "act") - 1));
}

static long find(const json_t *arr, const char *inst)
{
	size_t i;
	const json_t *v;

	json_array_foreach(arr, i, v)
		if (json_string_value(v) && !strcmp(json_string_value(v), inst))
			return (long)i;
	return -1;
}

/* Moves element i of from to the end of to. */
static void move_to(json_t *from, size_t i, json_t *to)
{
	json_array_append(to, json_array_get(from, i));
	json_array_remove(from, i);
}

/* ---------- shuffles (R10) ---------- */

static void fisher_yates(void *arg, struct draw_rng *rng, size_t n, size_t *perm)
{
	size_t i;

	(void)arg;
	for (i = 0; i < n; i++)
		perm[i] = i;
	for (i = n - 1; n && i >= 1; i--) {
		size_t j = (size_t)draw_rng_uniform(rng, i + 1), t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
}

static int instance_no(const char *inst)
{
	const char *dot = strrchr(inst, '.');

	return dot ? atoi(dot + 1) : 0;
}

static _Thread_local const struct legendary_pack *sort_pack;	/* for qsort; simulate runs threads */

static int canonical_cmp(const void *a, const void *b)
{
	const char *x = json_string_value(*(json_t *const *)a), *y = json_string_value(*(json_t *const *)b);
	size_t px = 0, py = 0;

	legendary_card(sort_pack, x, &px);
	legendary_card(sort_pack, y, &py);
	if (px != py)
		return px < py ? -1 : 1;
	return instance_no(x) - instance_no(y);
}

/* Puts pile in canonical order (R2.6). */
static void canonical(struct lg *g, json_t *pile)
{
	size_t n = json_array_size(pile), i;
	json_t **items = n ? malloc(n * sizeof(*items)) : NULL;

	if (!items)
		return;
	for (i = 0; i < n; i++)
		items[i] = json_incref(json_array_get(pile, i));
	sort_pack = g->p;
	qsort(items, n, sizeof(*items), canonical_cmp);
	json_array_clear(pile);
	for (i = 0; i < n; i++)
		json_array_append_new(pile, items[i]);
	free(items);
}

/* Shuffles pile (deck: player-deck zion wounds matrix-K) in place: R10.2-10.4. */
static int shuffle(struct lg *g, const char *deck, json_t *pile)
{
	size_t n = json_array_size(pile), i, *perm = NULL;
	const char **ids = NULL;
	char label[48], stream[80];
	json_t *draws = json_object_get(g->st, "draws"), *copy = NULL;
	int k, rc = -1;

	if (n < 2)
		return 0;
	canonical(g, pile);
	snprintf(label, sizeof(label), "shuffle %s", deck);
	k = (int)json_integer_value(json_object_get(draws, label)) + 1;
	snprintf(stream, sizeof(stream), "sealed/shuffle:%s:%d@0", deck, k);
	ids = malloc(n * sizeof(*ids));
	perm = malloc(n * sizeof(*perm));
	copy = json_deep_copy(pile);
	if (!ids || !perm || !copy) {
		errbuf_set(g->err, sizeof(g->err), "out of memory");
		goto out;
	}
	for (i = 0; i < n; i++)
		ids[i] = json_string_value(json_array_get(copy, i));
	if (draw_arrange(g->draws, stream, label, ids, n, fisher_yates, NULL, perm, g->err,
			 sizeof(g->err)) < 0)
		goto out;
	json_array_clear(pile);
	for (i = 0; i < n; i++)
		json_array_append(pile, json_array_get(copy, perm[i]));
	note_draw(g, deck, pile, n);
	json_object_set_new(draws, label, json_integer(k));
	if (!g->quiet)
		json_array_append_new(g->events, json_pack("{s:s,s:s,s:i}", "type", "shuffle", "deck", deck,
						   "cards", (int)n));
	rc = 0;
out:
	if (rc < 0)
		g->fatal = 1;
	free(ids);
	free(perm);
	json_decref(copy);
	return rc;
}

/* ---------- the player's cards ---------- */

/* Draws n cards into the hand (R5.4, R10.1). */
static int draw_cards(struct lg *g, int n)
{
	json_t *deck = A(g, "deck"), *hand = A(g, "hand"), *discard = A(g, "discard");
	int got = 0;

	while (got < n) {
		if (!json_array_size(deck)) {
			if (!json_array_size(discard))
				break;
			json_array_extend(deck, discard);
			json_array_clear(discard);
			if (shuffle(g, "player-deck", deck) < 0)
				return -1;
		}
		note_top(g, "player-deck", deck);
		move_to(deck, 0, hand);
		got++;
	}
	if (got && !g->quiet)
		json_array_append_new(g->events, json_pack("{s:s,s:i}", "type", "draw", "cards", got));
	return 0;
}

static int damage(struct lg *g)
{
	size_t i;
	const json_t *w;
	int d = (int)json_array_size(A(g, "scars"));

	json_array_foreach(A(g, "wounds"), i, w)
		d += legendary_int(card(g, json_string_value(w)), "damage", 0);
	return d;
}

static int health(struct lg *g)
{
	return legendary_int(card(g, S(g, "avatar")), "health", 1);
}

static int campaign_on(struct lg *g)
{
	return json_is_true(json_object_get(json_object_get(g->st, "options"), "campaign"));
}

/* An outcome word of the state ("loss", "time") as the story says it in the game's language. */
static const char *outcome_word(const struct lg *g, const char *word)
{
	return g->fr ? legendary_french(word) : word;
}

static void game_over(struct lg *g, const char *result, const char *end)
{
	/*
	 * In a campaign a film's end is not the game's (R7.2, R7.3): it is noted
	 * in the state (so a refused line undoes it) and the next deal is made
	 * once the mail's lines or strikes are done (next_film).
	 */
	if (campaign_on(g) && strcmp(end, "resigned") && strcmp(end, "abandoned")) {
		if (json_object_get(g->st, "film_end"))
			return;
		json_object_set_new(g->st, "film_end", json_pack("{s:s,s:s}", "result", result, "end", end));
		g->stop = 1;
		ev(g, strcmp(result, "major-victory") ? "film-lost" : "film-won", "Film %d ends: %s (%s).",
		   I(g, "film"), outcome_word(g, result), outcome_word(g, end));
		return;
	}
	json_object_set_new(g->st, "status", json_string("over"));
	json_object_set_new(g->st, "result", json_string(result));
	json_object_set_new(g->st, "end", json_string(end));
	g->stop = 1;
	ev(g, "over", "The game is over: %s (%s).", outcome_word(g, result), outcome_word(g, end));
}

/* The losses of R6.4, checked after every strike and effect. */
static void check_losses(struct lg *g)
{
	if (!strcmp(S(g, "status"), "over") || json_object_get(g->st, "film_end"))
		return;
	if (I(g, "time") <= 0)
		game_over(g, "loss", "time");
	else if (damage(g) >= health(g)) {
		ev(g, "killed", "Damage %d reaches your health %d.", damage(g), health(g));
		game_over(g, "loss", "killed");
	}
}

static void change_time(struct lg *g, int n)
{
	int t = I(g, "time") + n;

	if (t > g->p->board.time_start)
		t = g->p->board.time_start;
	setI(g, "time", t < 0 ? 0 : t);
	ev(g, "time", "Time Track %+d: %d.", n, I(g, "time"));
	check_losses(g);
}

static int apply_list(struct lg *g, const char *inst, const char *kind, const json_t *atoms);

/* Draws one wound (R5.3.2, R5.3.4): the instance, NULL when both piles are empty. */
static const char *draw_wound(struct lg *g)
{
	json_t *deck = A(g, "wound_deck"), *discard = A(g, "wound_discard");

	if (!json_array_size(deck) && json_array_size(discard)) {
		json_array_extend(deck, discard);
		json_array_clear(discard);
		if (shuffle(g, "wounds", deck) < 0)
			return NULL;
	}
	if (!json_array_size(deck))
		return NULL;
	note_top(g, "wounds", deck);
	return json_string_value(json_array_get(deck, 0));
}

/* One strike in the Matrix by enemy (NULL: a wound atom): R5.3.2-5.3.3. */
static int take_wound(struct lg *g, const char *enemy)
{
	json_t *deck = A(g, "wound_deck");
	const char *w = draw_wound(g);
	char inst[40];

	if (g->fatal)
		return -1;
	if (!w) {
		ev(g, "wound", "No wound left: the strike costs 1 Time.");
		change_time(g, -1);
		return 0;
	}
	snprintf(inst, sizeof(inst), "%s", w);
	if (enemy && kw(g, enemy, "wild-swing", NULL) && !g->wild_keep &&
	    legendary_int(card(g, inst), "damage", 0) >= g->wild_redraw) {
		move_to(deck, 0, A(g, "wound_discard"));
		ev(g, "wild-swing", "Wild Swing: %s [%s] is discarded and another wound drawn.",
		   cname(g, inst), inst);
		w = draw_wound(g);
		if (g->fatal)
			return -1;
		if (!w) {
			change_time(g, -1);
			return 0;
		}
		snprintf(inst, sizeof(inst), "%s", w);
	}
	move_to(deck, 0, A(g, "wounds"));
	ev(g, "wound", "Wound %s [%s] (damage %d).", cname(g, inst), inst,
	   legendary_int(card(g, inst), "damage", 0));
	check_losses(g);
	if (!g->stop)
		return apply_list(g, inst, "wound", json_object_get(card(g, inst), "on_draw"));
	return 0;
}

/* ---------- choices (R3.3) ---------- */

/* The next CHOOSE value, or NULL (take the default); "NONE" declines. */
static const char *choice(struct lg *g)
{
	const char *v = json_string_value(json_array_get(g->choices, g->next_choice));

	if (v)
		g->next_choice++;
	return v;
}

static int is_none(const char *v)
{
	return v && (!strcmp(v, "NONE") || !strcmp(v, "-") || !strcmp(v, "AUCUN"));
}

/* Finds a card named by id or instance in arr (face-down row cards excluded by the caller). */
static long find_named(const json_t *arr, const char *name)
{
	size_t i, len = strlen(name);
	const json_t *v;

	json_array_foreach(arr, i, v) {
		const char *s = json_string_value(v);

		if (s && (!strcmp(s, name) || (!strchr(name, '.') && !strncmp(s, name, len) &&
					       s[len] == '.')))
			return (long)i;
	}
	return -1;
}

/* ---------- the row (R5.1) ---------- */

enum zone { Z_NONE, Z_ROW, Z_CZ, Z_RW, Z_OPS, Z_DOCK };

struct where {
	enum zone zone;
	size_t i;
	const char *inst;	/* NULL for an empty slot */
	int face_up;
};


static void destroy_phone(struct lg *g, int slot)
{
	json_t *d = A(g, "destroyed_phones");
	size_t i;
	const json_t *v;

	if (!g->p->board.phone[slot - 1])
		return;
	json_array_foreach(d, i, v)
		if (json_integer_value(v) == slot)
			return;
	json_array_append_new(d, json_integer(slot));
	ev(g, "phone-destroyed", "The phone of R%d is destroyed.", slot);
}

/* Puts entry (an object {card, face}, stolen) into slot k: R5.1.2. */
static void put_slot(struct lg *g, json_t *entry, int k)
{
	json_t *row = A(g, "row"), *here;
	const char *inst = json_string_value(json_object_get(entry, "card"));

	if (k <= 0) {
		int down = strcmp(json_string_value(json_object_get(entry, "face")), "up") != 0;

		json_array_append_new(A(g, "combat_zone"), json_pack("{s:s,s:s}", "card", inst, "face", "up"));
		if (down)
			ev(g, "combat-zone", "A face-down card enters the Combat Zone.");
		else
			ev(g, "combat-zone", "%s enters the Combat Zone.", cname(g, inst));
		if (!strcmp(ctype(g, inst), "inevitable"))
			json_array_append_new(g->reveal_queue, json_pack("{s:s,s:s}", "card", inst, "kind", "back"));
		else if (down)
			json_array_append_new(g->reveal_queue, json_pack("{s:s,s:s}", "card", inst, "kind", "reveal"));
		json_decref(entry);
		return;
	}
	here = json_array_get(row, (size_t)(k - 1));
	if (json_is_null(here)) {
		json_array_set_new(row, (size_t)(k - 1), entry);
		if (!strcmp(ctype(g, inst), "inevitable"))
			destroy_phone(g, k);
		return;
	}
	if (!strcmp(json_string_value(json_object_get(here, "face")), "up") &&
	    kw(g, json_string_value(json_object_get(here, "card")), "stationary", NULL)) {
		ev(g, "stationary", "%s is Stationary: the card goes past it.",
		   cname(g, json_string_value(json_object_get(here, "card"))));
		put_slot(g, entry, k - 1);
		return;
	}
	json_incref(here);
	json_array_set_new(row, (size_t)(k - 1), entry);
	if (!strcmp(ctype(g, inst), "inevitable"))
		destroy_phone(g, k);
	put_slot(g, here, k - 1);
}

static int reveal(struct lg *g, const char *inst, const char *kind);

static int run_reveals(struct lg *g)
{
	json_t *q = g->reveal_queue;
	size_t i;
	const json_t *r;

	g->reveal_queue = NULL;
	json_array_foreach(q, i, r)
		if (!g->stop && reveal(g, json_string_value(json_object_get(r, "card")),
				       json_string_value(json_object_get(r, "kind"))) < 0) {
			json_decref(q);
			return -1;
		}
	json_decref(q);
	return 0;
}

static int inevitable_slot(struct lg *g)
{
	json_t *row = A(g, "row");
	size_t i;
	const json_t *e;

	json_array_foreach(row, i, e)
		if (!json_is_null(e) && !strcmp(ctype(g, json_string_value(json_object_get(e, "card"))),
						"inevitable"))
			return (int)i + 1;
	return 0;
}

/* Advances the card at slot k one slot (Chase, the Inevitable card). */
static void advance(struct lg *g, int k)
{
	json_t *row = A(g, "row"), *e = json_incref(json_array_get(row, (size_t)(k - 1)));

	json_array_set_new(row, (size_t)(k - 1), json_null());
	put_slot(g, e, k - 1);
}

static int matrix_phase(struct lg *g)
{
	json_t *deck = A(g, "matrix_deck"), *row = A(g, "row");
	int n = g->p->board.nslots, inev = inevitable_slot(g), k;
	const json_t *cz;
	size_t i;
	int in_cz = 0;

	json_array_foreach(A(g, "combat_zone"), i, cz)
		in_cz |= !strcmp(ctype(g, json_string_value(json_object_get(cz, "card"))), "inevitable");
	g->reveal_queue = json_array();
	ev(g, "matrix-phase", "Turn %d: Matrix phase.", I(g, "turn"));
	if (inev) {
		ev(g, "inevitable", "%s advances one slot.", cname(g, json_string_value(json_object_get(
			json_array_get(row, (size_t)(inev - 1)), "card"))));
		advance(g, inev);
	} else if (!in_cz && json_array_size(deck)) {
		const char *top = json_string_value(json_array_get(deck, 0));
		int up = !strcmp(ctype(g, top), "inevitable");

		if (up)
			ev(g, "inevitable", "The Inevitable card %s [%s] enters the row at R%d.",
			   cname(g, top), top, n);
		else
			ev(g, "push", "A face-down card enters the Matrix row at R%d.", n);
		note_top(g, "matrix", deck);
		put_slot(g, json_pack("{s:s,s:s}", "card", top, "face", up ? "up" : "down"), n);
		json_array_remove(deck, 0);
	}
	/* R5.1.5: Chase, leftmost first. */
	for (k = 1; k <= n; k++) {
		const json_t *e = json_array_get(row, (size_t)(k - 1));
		const char *inst = json_string_value(json_object_get(e, "card"));

		if (inst && !strcmp(json_string_value(json_object_get(e, "face")), "up") &&
		    kw(g, inst, "chase", NULL) && !kw(g, inst, "stationary", NULL)) {
			ev(g, "chase", "%s chases one slot.", cname(g, inst));
			advance(g, k);
		}
	}
	return run_reveals(g);
}

/* ---------- effects (R3) ---------- */

static void add_due(struct lg *g, const char *inst, const char *kind)
{
	int carry = !strcmp(kind, "reveal") || !strcmp(kind, "back") || !strcmp(kind, "wound") ||
		    !strcmp(kind, "strike") || !strcmp(kind, "objective");

	json_array_append_new(A(g, "due"), json_pack("{s:s,s:s,s:i,s:b}", "card", inst, "kind", kind,
						     "turn", I(g, "turn"), "carry", carry));
	ev(g, "due", "%s [%s] (%s): its text is to be stated (EFFECT %s \"...\").", cname(g, inst),
	   inst, kind, inst);
	if (carry && g->action) {
		g->halt = 1;
		g->halt_reason = "effect-pending";
	}
}

/* Removes inst from wherever it is on the board (row, CZ, Real World, Operations). */
static void take_off_board(struct lg *g, const char *inst)
{
	json_t *row = A(g, "row"), *cz = A(g, "combat_zone");
	size_t i;
	const json_t *e;
	long at;

	json_array_foreach(row, i, e)
		if (!json_is_null(e) && !strcmp(json_string_value(json_object_get(e, "card")), inst))
			json_array_set_new(row, i, json_null());
	json_array_foreach(cz, i, e)
		if (!strcmp(json_string_value(json_object_get(e, "card")), inst)) {
			json_array_remove(cz, i);
			break;
		}
	if ((at = find(A(g, "real_world"), inst)) >= 0)
		json_array_remove(A(g, "real_world"), (size_t)at);
	if ((at = find(A(g, "operations"), inst)) >= 0)
		json_array_remove(A(g, "operations"), (size_t)at);
}

/* Is id among the current act's extras (R8: a card means the current act's)? */
static int extra_of_act(struct lg *g, const char *id)
{
	size_t i;
	const json_t *e;

	json_array_foreach(json_object_get(act(g), "extras"), i, e) {
		const char *s = json_string_value(e);
		size_t len = strcspn(s, " ");

		if (strlen(id) == len && !strncmp(s, id, len))
			return 1;
	}
	return 0;
}

static int defeat_enemy(struct lg *g, const char *inst);
static int locate(struct lg *g, const char *name, struct where *w);

static void put_slot(struct lg *g, json_t *entry, int k);
static int run_reveals(struct lg *g);

/*
 * move-enemy (R3.1): a face-up enemy of the row or the Combat Zone (slot
 * 0) moves to the rightmost empty slot to its right (none: it stays), N
 * slots to the right (at most to Rn) or into slot K, inserting and pushing
 * as a card put into a slot does (R5.1.2). Never a Stationary card in the
 * row nor the Inevitable card (R3.5). The choice names the enemy; none
 * given, nothing moves.
 */
static int move_enemy(struct lg *g, const struct lg_atom *a)
{
	const char *v = choice(g);
	struct where w;
	json_t *row = A(g, "row");
	int n = g->p->board.nslots, from, to = -1, k, own_queue = 0;
	char inst[40];

	if (!v || is_none(v))
		return 0;
	if (locate(g, v, &w) < 0 || (w.zone != Z_ROW && w.zone != Z_CZ) || !w.inst)
		return refuse(g, "bad-choice", "%s is not a card of the row or the Combat Zone", v);
	if (!w.face_up)
		return refuse(g, "face-down", "that card is face down");
	snprintf(inst, sizeof(inst), "%s", w.inst);
	if (!strcmp(ctype(g, inst), "inevitable"))
		return refuse(g, "inevitable", "the Inevitable card cannot be moved");
	if (strcmp(ctype(g, inst), "enemy"))
		return refuse(g, "not-enemy", "%s is not an enemy", cname(g, inst));
	if (w.zone == Z_ROW && kw(g, inst, "stationary", NULL))
		return refuse(g, "stationary", "%s is Stationary", cname(g, inst));
	from = w.zone == Z_CZ ? 0 : (int)w.i + 1;
	if (!strcmp(a->word, "rightmost-free")) {
		for (k = n; k > from && to < 0; k--)
			if (json_is_null(json_array_get(row, (size_t)(k - 1))))
				to = k;
	} else if (!strcmp(a->word, "back")) {
		to = from + a->n > n ? n : from + a->n;
	} else {
		if (a->n < 1 || a->n > n)
			return refuse(g, "bad-choice", "there is no slot R%d", a->n);
		to = a->n;
	}
	if (to < 0 || to == from) {
		ev(g, "move", "%s stays where it is.", cname(g, inst));
		return 0;
	}
	take_off_board(g, inst);
	ev(g, "move", "%s moves to R%d.", cname(g, inst), to);
	if (!g->reveal_queue) {
		g->reveal_queue = json_array();
		own_queue = 1;
	}
	put_slot(g, json_pack("{s:s,s:s}", "card", inst, "face", "up"), to);
	return own_queue ? run_reveals(g) : 0;
}

static int apply_atom(struct lg *g, const char *inst, const struct lg_atom *a)
{
	size_t i;

	switch (a->op) {
	case LG_ATTACK:
	case LG_RECRUIT: {
		const char *which = a->op == LG_ATTACK ? "attack" : "recruit";

		if (a->n < 0 && pool(g, which) < -a->n)
			return refuse(g, a->op == LG_ATTACK ? "no-attack" : "no-recruit",
				      a->op == LG_ATTACK ? "the attack pool holds %d, %d needed" :
				      "the recruit pool holds %d, %d needed", pool(g, which), -a->n);
		add_pool(g, which, a->n);
		return 0;
	}
	case LG_DRAW:
		return draw_cards(g, a->n);
	case LG_TIME:
		change_time(g, a->n);
		return 0;
	case LG_HEAL:
		for (i = 0; i < (size_t)a->n && json_array_size(A(g, "wounds")); i++) {
			json_t *w = A(g, "wounds");
			const char *v = choice(g);
			long best = -1;
			size_t k;
			const json_t *x;

			if (is_none(v))
				break;
			if (v && (best = find_named(w, v)) < 0)
				return refuse(g, "bad-choice", "%s is not a wound beside your avatar", v);
			if (!v)
				json_array_foreach(w, k, x)
					if (best < 0 || legendary_int(card(g, json_string_value(x)), "damage", 0) >
							legendary_int(card(g, json_string_value(json_array_get(w, (size_t)best))), "damage", 0))
						best = (long)k;
			ev(g, "heal", "%s is healed.", json_string_value(json_array_get(w, (size_t)best)));
			move_to(w, (size_t)best, A(g, "wound_discard"));
		}
		return 0;
	case LG_KO: {
		const char *v = choice(g);
		const char *zones[2] = { a->word, NULL };
		long at = -1;
		size_t z;

		if (!v || is_none(v))
			return 0;
		if (!strcmp(a->word, "hand-or-discard")) {
			zones[0] = "hand";
			zones[1] = "discard";
		}
		for (z = 0; z < 2 && zones[z]; z++)
			if ((at = find_named(A(g, zones[z]), v)) >= 0) {
				ev(g, "ko", "%s goes to Defeated Heroes.", json_string_value(json_array_get(A(g, zones[z]), (size_t)at)));
				move_to(A(g, zones[z]), (size_t)at, A(g, "defeated_heroes"));
				return 0;
			}
		return refuse(g, "bad-choice", "%s is not in your %s", v, g->fr ? legendary_french(a->word) : a->word);
	}
	case LG_GAIN_HOVERCRAFT:
		if (json_array_size(A(g, "hovercraft")))
			move_to(A(g, "hovercraft"), 0, A(g, "discard"));
		return 0;
	case LG_GAIN_EXTRA: {
		json_t *ex = A(g, "extras");
		size_t k;
		const json_t *x;
		char id[40];

		json_array_foreach(ex, k, x) {
			const char *s = json_string_value(x);

			snprintf(id, sizeof(id), "%.*s", (int)strcspn(s, "."), s);
			if (!strcmp(id, a->word) && extra_of_act(g, id)) {
				const char *t = ctype(g, s);

				ev(g, "gain", "You gain %s [%s].", cname(g, s), s);
				move_to(ex, k, !strcmp(t, "hero") ? A(g, "discard") : A(g, "operations"));
				return 0;
			}
		}
		return 0;
	}
	case LG_GAIN_DOCK: {
		const char *v = choice(g);
		struct where w;

		if (!v || is_none(v))
			return 0;
		if (locate(g, v, &w) < 0 || w.zone != Z_DOCK || !w.inst ||
		    legendary_int(card(g, w.inst), "cost", 99) > a->n)
			return refuse(g, "bad-choice", "%s is not a dock hero costing %d or less", v, a->n);
		json_array_append_new(A(g, "discard"), json_string(w.inst));
		if (json_array_size(A(g, "zion"))) {
			json_array_set(A(g, "dock"), w.i, json_array_get(A(g, "zion"), 0));
			json_array_remove(A(g, "zion"), 0);
		} else {
			json_array_set_new(A(g, "dock"), w.i, json_null());
		}
		return 0;
	}
	case LG_SCAN: {
		const char *v = choice(g);
		json_t *row = A(g, "row");
		size_t k;
		const json_t *e;
		long slot = -1;

		if (is_none(v))
			return 0;
		if (v) {
			if (toupper((unsigned char)v[0]) != 'R' || (slot = atol(v + 1) - 1) < 0 ||
			    slot >= (long)json_array_size(row))
				return refuse(g, "bad-choice", "%s is not a row slot", v);
		} else {
			json_array_foreach(row, k, e)
				if (slot < 0 && !json_is_null(e) &&
				    strcmp(json_string_value(json_object_get(e, "face")), "up"))
					slot = (long)k;
		}
		e = json_array_get(row, (size_t)(slot < 0 ? 0 : slot));
		if (slot < 0 || json_is_null(e) || !strcmp(json_string_value(json_object_get(e, "face")), "up"))
			return v ? refuse(g, "bad-choice", "%s holds no face-down card", v) : 0;
		json_object_set_new((json_t *)e, "face", json_string("up"));
		ev(g, "scan", "R%ld is scanned: %s [%s].", slot + 1,
		   cname(g, json_string_value(json_object_get(e, "card"))),
		   json_string_value(json_object_get(e, "card")));
		return reveal(g, json_string_value(json_object_get(e, "card")), "reveal");
	}
	case LG_WOUND:
		for (i = 0; i < (size_t)a->n && !g->stop; i++)
			if (take_wound(g, NULL) < 0)
				return -1;
		return 0;
	case LG_DISCARD:
		for (i = 0; i < (size_t)a->n && json_array_size(A(g, "hand")); i++) {
			json_t *hand = A(g, "hand");
			const char *v = choice(g);
			long at = -1;
			size_t k;
			const json_t *x;

			if (is_none(v))
				break;
			if (v && (at = find_named(hand, v)) < 0)
				return refuse(g, "bad-choice", "%s is not in your hand", v);
			if (!v)	/* the cheapest, then least Attack + Recruit, then the last drawn */
				json_array_foreach(hand, k, x) {
					const json_t *c = card(g, json_string_value(x)), *b;
					int cost, val, bc, bv;

					if (at < 0) {
						at = (long)k;
						continue;
					}
					b = card(g, json_string_value(json_array_get(hand, (size_t)at)));
					cost = legendary_int(c, "cost", 0);
					val = legendary_int(c, "attack", 0) + legendary_int(c, "recruit", 0);
					bc = legendary_int(b, "cost", 0);
					bv = legendary_int(b, "attack", 0) + legendary_int(b, "recruit", 0);
					if (cost < bc || (cost == bc && val <= bv))
						at = (long)k;
				}
			ev(g, "discard", "%s is discarded.", json_string_value(json_array_get(hand, (size_t)at)));
			move_to(hand, (size_t)at, A(g, "discard"));
		}
		return 0;
	case LG_EXTRA_MOVE:
		setI(g, "extra_moves", I(g, "extra_moves") + 1);
		return 0;
	case LG_PLACE: {
		char here[40];

		/* inst may be the board entry's own string, freed when it leaves the board */
		snprintf(here, sizeof(here), "%s", inst);
		take_off_board(g, here);
		json_array_append_new(A(g, !strcmp(a->word, "operations") ? "operations" : "real_world"),
				      json_string(here));
		if (!strcmp(a->word, "operations"))
			ev(g, "place", "%s goes to Operations.", cname(g, here));
		else
			ev(g, "place", "%s goes to the Real World.", cname(g, here));
		return 0;
	}
	case LG_AVATAR:
		return apply_list(g, S(g, "avatar"), "avatar", json_object_get(card(g, S(g, "avatar")), "ability"));
	case LG_DEFEAT: {
		const char *v = choice(g);
		struct where w;

		if (!v || is_none(v))
			return 0;
		if (locate(g, v, &w) < 0 || !w.inst || !w.face_up || strcmp(ctype(g, w.inst), "enemy"))
			return refuse(g, "bad-choice", "%s is not a face-up enemy", v);
		if (kw(g, w.inst, "undefeatable", NULL) && strcmp(inst, w.inst))
			return refuse(g, "undefeatable", "%s cannot be defeated", cname(g, w.inst));
		return defeat_enemy(g, w.inst);
	}
	case LG_SET_ASIDE: {
		const char *v = choice(g);
		struct where w;

		if (!v || is_none(v))
			return 0;
		if (locate(g, v, &w) < 0 || !w.inst || !w.face_up || w.zone == Z_DOCK)
			return refuse(g, "bad-choice", "%s is not a face-up card", v);
		if (!strcmp(ctype(g, w.inst), "inevitable"))
			return refuse(g, "inevitable", "the Inevitable card cannot be set aside");
		{
			char here[40];

			snprintf(here, sizeof(here), "%s", w.inst);	/* freed with its board entry */
			take_off_board(g, here);
			json_array_append_new(A(g, "aside"), json_string(here));
		}
		return 0;
	}
	case LG_MOVE_ENEMY:
		return move_enemy(g, a);
	case LG_ADVANCE:
	case LG_OFFER_MINOR:
	case LG_VICTORY_MAJOR:
		json_object_set_new(g->st, "manual_met", json_string(a->op == LG_ADVANCE ? "advance" :
								    a->op == LG_OFFER_MINOR ? "offer" : "major"));
		return 0;
	}
	return 0;
}

/* Applies a card field: atoms, or a due for "manual" (R3.4). */
static int apply_list(struct lg *g, const char *inst, const char *kind, const json_t *atoms)
{
	/* R3.3: effects that come without a line (a reveal, a strike, a wound drawn) take the defaults. */
	int lineless = !strcmp(kind, "reveal") || !strcmp(kind, "back") || !strcmp(kind, "strike") ||
		       !strcmp(kind, "wound");
	json_t *choices = g->choices;
	size_t i, next = g->next_choice;
	const json_t *a;
	int rc = 0;

	if (json_is_string(atoms)) {
		add_due(g, inst, kind);
		return 0;
	}
	if (lineless)
		g->choices = NULL;
	json_array_foreach(atoms, i, a) {
		struct lg_atom atom;
		char why[160];

		if (g->stop)
			break;
		if (legendary_atom_parse(json_string_value(a), &atom, why, sizeof(why)) < 0)
			continue;	/* the pack was checked: cannot happen */
		if ((rc = apply_atom(g, inst, &atom)) < 0)
			break;
	}
	if (lineless) {
		g->choices = choices;
		g->next_choice = next;
	}
	return rc < 0 ? -1 : 0;
}

static int reveal(struct lg *g, const char *inst, const char *kind)
{
	const json_t *c = card(g, inst);

	if (!strcmp(kind, "back")) {
		ev(g, "inevitable", "%s reaches the Combat Zone and turns to its back face.", cname(g, inst));
		return apply_list(g, inst, "back", json_object_get(c, "back"));
	}
	ev(g, "reveal", "Revealed: %s [%s].", cname(g, inst), inst);
	return apply_list(g, inst, "reveal", json_object_get(c, "reveal"));
}

/* ---------- places (R9.3) ---------- */

static int locate(struct lg *g, const char *name, struct where *w)
{
	json_t *row = A(g, "row");
	char up[48];
	size_t i, k;
	const json_t *e;
	struct {
		char letter;
		const char *key;
		enum zone zone;
	} zones[] = { { 'R', "row", Z_ROW }, { 'Z', "combat_zone", Z_CZ }, { 'W', "real_world", Z_RW },
		      { 'O', "operations", Z_OPS }, { 'D', "dock", Z_DOCK }, { 'Q', "dock", Z_DOCK } };

	memset(w, 0, sizeof(*w));
	for (k = 0; name[k] && k < sizeof(up) - 1; k++)
		up[k] = (char)toupper((unsigned char)name[k]);
	up[k] = 0;
	if (!strncmp(up, "MR", 2) && isdigit((unsigned char)up[2]))
	{
		memmove(up, up + 1, strlen(up));	/* MR1 = W1 */
		up[0] = 'W';
	}
	for (k = 0; k < sizeof(zones) / sizeof(zones[0]); k++) {
		json_t *arr = A(g, zones[k].key);
		long n;

		if (up[0] != zones[k].letter || !isdigit((unsigned char)up[1]) ||
		    strspn(up + 1, "0123456789") != strlen(up + 1))
			continue;
		n = atol(up + 1);
		if (n < 1 || n > (long)json_array_size(arr))
			return -1;
		w->zone = zones[k].zone;
		w->i = (size_t)(n - 1);
		e = json_array_get(arr, w->i);
		if (json_is_object(e)) {
			w->inst = json_string_value(json_object_get(e, "card"));
			w->face_up = !strcmp(json_string_value(json_object_get(e, "face")), "up");
		} else {
			w->inst = json_string_value(e);
			w->face_up = 1;
		}
		return 0;
	}
	/* A card by id or instance: never a face-down one (R9.3). */
	json_array_foreach(row, i, e) {
		const char *s = json_string_value(json_object_get(e, "card"));
		json_t *one;
		int hit;

		if (!s || strcmp(json_string_value(json_object_get(e, "face")), "up"))
			continue;
		one = json_pack("[s]", s);
		hit = find_named(one, up) == 0;
		json_decref(one);
		if (hit) {
			*w = (struct where){ Z_ROW, i, s, 1 };
			return 0;
		}
	}
	json_array_foreach(A(g, "combat_zone"), i, e) {
		const char *s = json_string_value(json_object_get(e, "card"));
		json_t *one = json_pack("[s]", s);
		int hit = find_named(one, up) == 0;

		json_decref(one);
		if (hit) {
			*w = (struct where){ Z_CZ, i, s, 1 };
			return 0;
		}
	}
	{
		const char *keys[] = { "real_world", "operations", "dock" };
		enum zone zs[] = { Z_RW, Z_OPS, Z_DOCK };
		long at;

		for (k = 0; k < 3; k++)
			if ((at = find_named(A(g, keys[k]), up)) >= 0) {
				*w = (struct where){ zs[k], (size_t)at,
						     json_string_value(json_array_get(A(g, keys[k]), (size_t)at)), 1 };
				return 0;
			}
	}
	return -1;
}

/* ---------- acts and victory (R6) ---------- */

/* How many instances of id a pile entry list ("ID", "ID xN", or one string) makes. */
static int pile_count(const json_t *pile, const char *id)
{
	const json_t *e;
	size_t i, len = strlen(id);
	int n = 0;

	if (json_is_string(pile)) {
		const char *s = json_string_value(pile), *x = strstr(s, " x");

		return !strncmp(s, id, len) && (!s[len] || s + len == x) ? (x ? atoi(x + 2) : 1) : 0;
	}
	json_array_foreach(pile, i, e)
		n += pile_count(e, id);
	return n;
}

/*
 * Has an instance of id that belongs to act k (its mini-deck or extras,
 * numbered in the film's pile order, R2.6) gone to list (R2.7: in this
 * film, whenever it was beaten)?
 */
static int beaten_of_act(struct lg *g, const char *list, const char *id, int k)
{
	const json_t *f = film(g), *acts = json_object_get(f, "acts"), *v;
	const char *before[] = { "start_deck", "hovercraft", "zion", "wounds" };
	int base = 0, lo[2], hi[2], j;
	size_t i, len = strlen(id);

	for (j = 0; j < 4; j++)
		base += pile_count(json_object_get(f, before[j]), id);
	for (j = 0; j < 6; j++) {
		const json_t *a = json_array_get(acts, (size_t)(j % 3));
		int n = pile_count(json_object_get(a, j < 3 ? "matrix" : "extras"), id);

		if (j % 3 == k - 1) {
			lo[j / 3] = base + 1;
			hi[j / 3] = base + n;
		}
		base += n;
	}
	json_array_foreach(A(g, list), i, v) {
		const char *s = json_string_value(v);
		int no;

		if (strncmp(s, id, len) || s[len] != '.')
			continue;
		no = atoi(s + len + 1);
		if ((no >= lo[0] && no <= hi[0]) || (no >= lo[1] && no <= hi[1]))
			return 1;
	}
	return 0;
}

static int objective_met(struct lg *g, const json_t *obj, const char *manual_word)
{
	const json_t *list, *e;
	size_t i;

	if (!obj)
		return 0;
	if (json_is_string(obj))
		return !strcmp(S(g, "manual_met"), manual_word);
	if (json_object_get(obj, "defeated"))
		return (int)json_array_size(A(g, "act_defeated")) >=
		       (int)json_integer_value(json_object_get(obj, "defeated"));
	list = json_object_get(obj, "defeat");
	json_array_foreach(list, i, e)
		if (!beaten_of_act(g, "defeated_enemies", json_string_value(e), I(g, "act")))
			return 0;
	list = json_object_get(obj, "complete");
	json_array_foreach(list, i, e)
		if (!beaten_of_act(g, "completed", json_string_value(e), I(g, "act")))
			return 0;
	return 1;
}

static int begin_act(struct lg *g);

/* One look at the act's offer and objective; *began when the next act began. */
static int objectives_once(struct lg *g, int *began)
{
	const json_t *a = act(g);
	int rc;

	*began = 0;
	if (I(g, "act") == 3 && !B(g, "offered") && objective_met(g, json_object_get(a, "minor_offer"), "offer")) {
		setB(g, "offered", 1);
		json_object_set_new(g->st, "offer", json_string("minor"));
		ev(g, "offer", "A minor victory is offered: answer VICTORY MINOR or VICTORY MAJOR.");
		if (json_is_string(json_object_get(g->st, "standing_answer"))) {
			const char *ans = json_string_value(json_object_get(g->st, "standing_answer"));

			json_object_set_new(g->st, "offer", json_null());
			if (!strcmp(ans, "minor")) {
				game_over(g, "minor-victory", "minor");
				return 0;
			}
			ev(g, "offer", "The minor victory is declined: play goes on.");
		} else {
			g->halt = 1;
			g->halt_reason = "offer";
		}
	}
	if (!objective_met(g, json_object_get(a, "objective"), I(g, "act") == 3 ? "major" : "advance"))
		return 0;
	json_object_del(g->st, "manual_met");
	if (I(g, "act") == 3) {
		ev(g, "victory", "Act 3's objective is met: a major victory.");
		game_over(g, "major-victory", "major");
		return 0;
	}
	ev(g, "objective", "Act %d's objective is met.", I(g, "act"));
	setI(g, "act", I(g, "act") + 1);
	g->halt = 0;
	rc = begin_act(g);
	*began = 1;
	return rc;
}

/*
 * The objectives after a line (R6.1): a new act ends the turn (R6.2), and
 * a new act whose objective is already met is met at once, and so on.
 */
static int check_objectives(struct lg *g)
{
	int rc, began, any = 0;

	if (g->stop || strcmp(S(g, "status"), "running"))
		return 0;
	do {
		rc = objectives_once(g, &began);
		any |= began;
	} while (rc == 0 && began && !strcmp(S(g, "status"), "running"));
	if (any)
		g->stop = 1;	/* R6.2: the turn ends at once */
	return rc;
}

static int begin_act(struct lg *g)
{
	const json_t *a = act(g);
	const char *mode = json_string_value(json_object_get(film(g), "matrix_deck"));

	json_array_clear(A(g, "act_defeated"));
	json_array_clear(A(g, "act_completed"));
	ev(g, "act", "Act %d \"%s\" begins.", I(g, "act"), json_string_value(json_object_get(a, "name")));
	if (mode && !strcmp(mode, "per-act")) {
		json_t *deck = A(g, "matrix_deck"), *aside = A(g, "aside"), *fresh = json_array();
		const char *inev = NULL;
		char label[16], key[24];
		size_t i;
		const json_t *v;

		json_array_extend(aside, deck);
		json_array_clear(deck);
		snprintf(key, sizeof(key), "act%d", I(g, "act"));
		/* The act's mini-deck waits in "pending_acts" (state) since the deal. */
		json_array_foreach(json_object_get(json_object_get(g->st, "pending_acts"), key), i, v) {
			if (!strcmp(ctype(g, json_string_value(v)), "inevitable"))
				inev = json_string_value(v);
			else
				json_array_append(fresh, (json_t *)v);
		}
		snprintf(label, sizeof(label), "matrix-%d", I(g, "act"));
		if (shuffle(g, label, fresh) < 0) {
			json_decref(fresh);
			return -1;
		}
		json_array_extend(deck, fresh);
		if (inev)
			json_array_append_new(deck, json_string(inev));
		json_object_del(json_object_get(g->st, "pending_acts"), key);
		json_decref(fresh);
	}
	apply_list(g, "ACT", "setup", json_object_get(a, "setup"));
	return 0;
}

/* ---------- the actions (R5.2) ---------- */

static int defeat_enemy(struct lg *g, const char *inst)
{
	char id[40];

	snprintf(id, sizeof(id), "%s", inst);
	take_off_board(g, id);
	json_array_append_new(A(g, "defeated_enemies"), json_string(id));
	json_array_append_new(A(g, "act_defeated"), json_string(id));
	ev(g, "defeat", "%s [%s] is defeated.", cname(g, id), id);
	return apply_list(g, id, "rewards", json_object_get(card(g, id), "rewards"));
}

static int in_matrix(struct lg *g)
{
	return !strcmp(S(g, "world"), "matrix");
}

static int play_card(struct lg *g, const char *name, int nocombo)
{
	json_t *hand = A(g, "hand");
	long at = find_named(hand, name);
	char inst[40];
	const json_t *c, *v;
	const char *cls;
	size_t i;
	int combo = 0;

	if (at < 0)
		return refuse(g, "not-in-hand", "%s is not in your hand", name);
	snprintf(inst, sizeof(inst), "%s", json_string_value(json_array_get(hand, (size_t)at)));
	c = card(g, inst);
	cls = json_string_value(json_object_get(c, "class"));
	json_array_foreach(A(g, "played_log"), i, v) {
		const char *o = json_string_value(json_object_get(card(g, json_string_value(v)), "class"));

		combo |= cls && o && !strcmp(cls, o);
	}
	move_to(hand, (size_t)at, A(g, "played"));
	json_array_append_new(A(g, "played_log"), json_string(inst));
	add_pool(g, "attack", legendary_int(c, "attack", 0));
	add_pool(g, "recruit", legendary_int(c, "recruit", 0));
	ev(g, "play", "You play %s [%s].", cname(g, inst), inst);
	if (apply_list(g, inst, "play", json_object_get(c, "effects")) < 0)
		return -1;
	if (combo && !nocombo && json_object_get(c, "combo") && find(A(g, "combos_used"), inst) < 0) {
		json_array_append_new(A(g, "combos_used"), json_string(inst));
		ev(g, "combo", "%s: class ability.", cname(g, inst));
		return apply_list(g, inst, "combo", json_object_get(c, "combo"));
	}
	return 0;
}

static int row_phone_free(struct lg *g, int k)
{
	const json_t *e = json_array_get(A(g, "row"), (size_t)(k - 1)), *d;
	size_t i;

	if (!g->p->board.phone[k - 1])
		return 0;
	json_array_foreach(A(g, "destroyed_phones"), i, d)
		if (json_integer_value(d) == k)
			return 0;
	if (json_is_null(e))
		return 1;
	if (!g->p->board.blocked_by_enemy)
		return 0;
	{
		const char *inst = json_string_value(json_object_get(e, "card"));
		int up = !strcmp(json_string_value(json_object_get(e, "face")), "up");

		return !(up && (!strcmp(ctype(g, inst), "enemy") || !strcmp(ctype(g, inst), "inevitable")));
	}
}

static int move_world(struct lg *g, int enter, const char *how)
{
	int k;

	if (enter == in_matrix(g))
		return enter ? refuse(g, "already-there", "you are already in the Matrix")
			     : refuse(g, "already-there", "you are already in the Real World");
	if (enter) {
		if (!B(g, "free_move") && strcmp(how, "extra"))
			setB(g, "free_move", 1);
		else if (I(g, "extra_moves") > 0)
			setI(g, "extra_moves", I(g, "extra_moves") - 1);
		else
			return refuse(g, "no-move", "no move left this turn");
		json_object_set_new(g->st, "world", json_string("matrix"));
		ev(g, "move", "You enter the Matrix.");
		return 0;
	}
	if (!*how) {
		for (k = 1; k <= g->p->board.nslots && !B(g, "free_move"); k++)
			if (row_phone_free(g, k)) {
				setB(g, "free_move", 1);
				json_object_set_new(g->st, "world", json_string("real"));
				ev(g, "move", "You leave the Matrix by the phone of R%d.", k);
				return 0;
			}
		if (I(g, "extra_moves") > 0)
			how = "extra";
		else
			how = "zone";
	}
	if (!strcmp(how, "extra")) {
		if (I(g, "extra_moves") <= 0)
			return refuse(g, "no-move", "no extra move left this turn");
		setI(g, "extra_moves", I(g, "extra_moves") - 1);
		json_object_set_new(g->st, "world", json_string("real"));
		ev(g, "move", "You leave the Matrix (extra move).");
		return 0;
	}
	if (B(g, "free_move"))
		return refuse(g, "no-move", "the free move is used");
	if ((int)json_array_size(A(g, "combat_zone")) >= g->p->board.cz_max)
		return refuse(g, "no-phone", "the Combat Zone phone is closed (%d cards)",
			      (int)json_array_size(A(g, "combat_zone")));
	if (pool(g, "recruit") < g->p->board.cz_cost)
		return refuse(g, "no-recruit", "the Combat Zone phone costs %d Recruit", g->p->board.cz_cost);
	add_pool(g, "recruit", -g->p->board.cz_cost);
	setB(g, "free_move", 1);
	json_object_set_new(g->st, "world", json_string("real"));
	ev(g, "move", "You leave the Matrix by the Combat Zone phone.");
	return 0;
}

static int recruit(struct lg *g, const char *what)
{
	struct where w;
	int cost;

	if (!strcasecmp(what, "HOVERCRAFT")) {
		if (in_matrix(g))
			return refuse(g, "wrong-world", "recruiting is done in the Real World");
		if (!json_array_size(A(g, "hovercraft")))
			return refuse(g, "stack-empty", "the Hovercraft stack is empty");
		if (pool(g, "recruit") < g->p->board.hovercraft_cost)
			return refuse(g, "no-recruit", "a Hovercraft card costs %d Recruit",
				      g->p->board.hovercraft_cost);
		add_pool(g, "recruit", -g->p->board.hovercraft_cost);
		ev(g, "recruit", "You recruit %s.", json_string_value(json_array_get(A(g, "hovercraft"), 0)));
		move_to(A(g, "hovercraft"), 0, A(g, "discard"));
		return 0;
	}
	if (locate(g, what, &w) < 0 || w.zone != Z_DOCK)
		return refuse(g, "not-there", "%s is not in the dock", what);
	if (!w.inst)
		return refuse(g, "empty-slot", "%s is empty", what);
	if (in_matrix(g) && !kw(g, w.inst, "digital", NULL))
		return refuse(g, "wrong-world", "recruiting is done in the Real World");
	cost = legendary_int(card(g, w.inst), "cost", 0);
	if (pool(g, "recruit") < cost)
		return refuse(g, "no-recruit", "%s costs %d Recruit, you have %d", cname(g, w.inst), cost,
			      pool(g, "recruit"));
	add_pool(g, "recruit", -cost);
	ev(g, "recruit", "You recruit %s [%s].", cname(g, w.inst), w.inst);
	json_array_append_new(A(g, "discard"), json_string(w.inst));
	if (json_array_size(A(g, "zion"))) {
		note_top(g, "zion", A(g, "zion"));
		json_array_set(A(g, "dock"), w.i, json_array_get(A(g, "zion"), 0));
		json_array_remove(A(g, "zion"), 0);
		ev(g, "refill", "D%zu is refilled from Zion.", w.i + 1);
	} else {
		json_array_set_new(A(g, "dock"), w.i, json_null());
	}
	return 0;
}

static int scan(struct lg *g, const char *slot)
{
	struct where w;
	json_t *e;

	if (locate(g, slot, &w) < 0 || w.zone != Z_ROW || toupper((unsigned char)slot[0]) != 'R')
		return refuse(g, "bad-place", "%s is not a row slot", slot);
	if (!in_matrix(g))
		return refuse(g, "wrong-world", "scanning is done in the Matrix");
	if (!w.inst)
		return refuse(g, "empty-slot", "R%zu is empty", w.i + 1);
	if (!strcmp(ctype(g, w.inst), "inevitable"))
		return refuse(g, "inevitable", "the Inevitable card cannot be scanned");
	if (w.face_up)
		return refuse(g, "face-up", "R%zu is face up", w.i + 1);
	if (pool(g, "attack") < g->p->board.scan[w.i])
		return refuse(g, "no-attack", "scanning R%zu costs %d Attack", w.i + 1, g->p->board.scan[w.i]);
	add_pool(g, "attack", -g->p->board.scan[w.i]);
	e = json_array_get(A(g, "row"), w.i);
	json_object_set_new(e, "face", json_string("up"));
	ev(g, "scan", "R%zu is scanned: %s [%s].", w.i + 1, cname(g, w.inst), w.inst);
	return reveal(g, w.inst, "reveal");
}

static int face_down_beside(struct lg *g, size_t i)
{
	json_t *row = A(g, "row");
	const json_t *l = i > 0 ? json_array_get(row, i - 1) : NULL, *r = json_array_get(row, i + 1);

	return (json_is_object(l) && strcmp(json_string_value(json_object_get(l, "face")), "up")) ||
	       (json_is_object(r) && strcmp(json_string_value(json_object_get(r, "face")), "up"));
}

static int fight(struct lg *g, const char *what)
{
	struct where w;
	int cost;
	char inst[40];

	if (locate(g, what, &w) < 0 || w.zone == Z_DOCK || w.zone == Z_OPS)
		return refuse(g, "not-there", "%s is not an enemy on the board", what);
	if (!w.inst)
		return refuse(g, "empty-slot", "%s is empty", what);
	if (!w.face_up)
		return refuse(g, "face-down", "that card is face down");
	snprintf(inst, sizeof(inst), "%s", w.inst);
	if (!strcmp(ctype(g, inst), "inevitable"))
		return refuse(g, "inevitable", "the Inevitable card cannot be fought");
	if (strcmp(ctype(g, inst), "enemy"))
		return refuse(g, "not-enemy", "%s is not an enemy", cname(g, inst));
	if ((w.zone == Z_RW) == in_matrix(g))
		return refuse(g, "wrong-world", w.zone == Z_RW ? "Real World enemies are fought from the "
			      "Real World" : "fighting is done in the Matrix");
	if (kw(g, inst, "undefeatable", NULL))
		return refuse(g, "undefeatable", "%s cannot be defeated", cname(g, inst));
	if (w.zone == Z_ROW && kw(g, inst, "cover", NULL) && face_down_beside(g, w.i))
		return refuse(g, "covered", "%s has Cover beside a face-down card", cname(g, inst));
	cost = legendary_int(card(g, inst), "fight", 0);
	if (pool(g, "attack") < cost)
		return refuse(g, "no-attack", "%s needs %d Attack, you have %d", cname(g, inst), cost,
			      pool(g, "attack"));
	add_pool(g, "attack", -cost);
	return defeat_enemy(g, inst);
}

static int complete(struct lg *g, const char *what, const char *statement, const json_t *atoms)
{
	struct where w;
	const json_t *c, *req;
	int a, r;
	char inst[40];
	size_t i;
	const json_t *x;

	if (locate(g, what, &w) < 0 || w.zone == Z_DOCK || w.zone == Z_RW)
		return refuse(g, "not-there", "%s is not a challenge on the board", what);
	if (!w.inst)
		return refuse(g, "empty-slot", "%s is empty", what);
	if (!w.face_up)
		return refuse(g, "face-down", "that card is face down");
	snprintf(inst, sizeof(inst), "%s", w.inst);
	if (strcmp(ctype(g, inst), "challenge"))
		return refuse(g, "not-challenge", "%s is not a challenge", cname(g, inst));
	if (!in_matrix(g))
		return refuse(g, "wrong-world", "challenges are completed in the Matrix");
	c = card(g, inst);
	req = json_object_get(c, "complete");
	if (json_is_string(req)) {
		if (!statement)
			return refuse(g, "statement-needed", "%s is completed as its text says: "
				      "COMPLETE %s \"how\" = atoms", cname(g, inst), what);
		json_array_foreach(atoms, i, x) {
			struct lg_atom atom;
			char why[160];

			if (legendary_atom_parse(json_string_value(x), &atom, why, sizeof(why)) < 0 ||
			    apply_atom(g, inst, &atom) < 0)
				return -1;
		}
		ev(g, "statement", "Stated for %s: \"%s\".", inst, statement);
	} else {
		a = legendary_int(req, "attack", 0);
		r = legendary_int(req, "recruit", 0);
		if (pool(g, "attack") < a)
			return refuse(g, "no-attack", "%s needs %d Attack", cname(g, inst), a);
		if (pool(g, "recruit") < r)
			return refuse(g, "no-recruit", "%s needs %d Recruit", cname(g, inst), r);
		add_pool(g, "attack", -a);
		add_pool(g, "recruit", -r);
	}
	take_off_board(g, inst);
	json_array_append_new(A(g, "completed"), json_string(inst));
	json_array_append_new(A(g, "act_completed"), json_string(inst));
	ev(g, "complete", "%s [%s] is completed.", cname(g, inst), inst);
	return apply_list(g, inst, "rewards", json_object_get(c, "rewards"));
}

static int evade(struct lg *g, const char *what)
{
	struct where w;
	int x, k, target = 0;
	json_t *row = A(g, "row");
	char inst[40];

	if (locate(g, what, &w) < 0 || (w.zone != Z_ROW && w.zone != Z_CZ))
		return refuse(g, "not-there", "%s is not in the row or the Combat Zone", what);
	if (!w.inst)
		return refuse(g, "empty-slot", "%s is empty", what);
	if (!w.face_up)
		return refuse(g, "face-down", "that card is face down");
	snprintf(inst, sizeof(inst), "%s", w.inst);
	if (!strcmp(ctype(g, inst), "inevitable"))
		return refuse(g, "inevitable", "the Inevitable card cannot be evaded");
	if (!kw(g, inst, "evade", &x))
		return refuse(g, "no-evade", "%s has no Evade", cname(g, inst));
	if (w.zone == Z_ROW && kw(g, inst, "stationary", NULL))
		return refuse(g, "stationary", "%s is Stationary", cname(g, inst));
	for (k = g->p->board.nslots; k >= 1; k--)
		if (json_is_null(json_array_get(row, (size_t)(k - 1))) && (w.zone == Z_CZ || k > (int)w.i + 1)) {
			target = k;
			break;
		}
	if (!target)
		return refuse(g, "no-free-slot", "no empty slot to the right of %s", cname(g, inst));
	if (pool(g, "recruit") < x)
		return refuse(g, "no-recruit", "Evade costs %d Recruit", x);
	add_pool(g, "recruit", -x);
	take_off_board(g, inst);
	json_array_set_new(row, (size_t)(target - 1), json_pack("{s:s,s:s}", "card", inst, "face", "up"));
	ev(g, "evade", "%s evades to R%d.", cname(g, inst), target);
	return 0;
}

static int buy_time(struct lg *g, const char *what)
{
	struct where w;
	int x;

	if (locate(g, what, &w) < 0 || (w.zone != Z_ROW && w.zone != Z_CZ))
		return refuse(g, "not-there", "%s is not in the row or the Combat Zone", what);
	if (!w.inst)
		return refuse(g, "empty-slot", "%s is empty", what);
	if (!w.face_up)
		return refuse(g, "face-down", "that card is face down");
	if (!strcmp(ctype(g, w.inst), "inevitable"))
		return refuse(g, "inevitable", "the Inevitable card cannot be distracted");
	if (!kw(g, w.inst, "buy-time", &x))
		return refuse(g, "no-buy-time", "%s has no Buy Time", cname(g, w.inst));
	if (!in_matrix(g))
		return refuse(g, "wrong-world", "Buy Time is done in the Matrix");
	if (find(A(g, "distracted"), w.inst) >= 0)
		return refuse(g, "distracted", "%s is already distracted", cname(g, w.inst));
	if (x < 0)
		x = g->p->board.buy_time_cost;
	if (pool(g, "recruit") < x)
		return refuse(g, "no-recruit", "Buy Time costs %d Recruit", x);
	add_pool(g, "recruit", -x);
	json_array_append_new(A(g, "distracted"), json_string(w.inst));
	ev(g, "buy-time", "%s is distracted until Cleanup.", cname(g, w.inst));
	return 0;
}

static int coordinate(struct lg *g, const char *name)
{
	json_t *hand = A(g, "hand");
	long at = find_named(hand, name);
	const char *inst;
	int is_free;

	if (at < 0)
		return refuse(g, "not-in-hand", "%s is not in your hand", name);
	inst = json_string_value(json_array_get(hand, (size_t)at));
	is_free = kw(g, inst, "coordinate-free", NULL);
	if (!is_free && !kw(g, inst, "coordinate", NULL))
		return refuse(g, "not-coordinate", "%s has no Coordinate", cname(g, inst));
	if (!is_free && B(g, "coordinated"))
		return refuse(g, "coordinated", "Coordinate was used this turn");
	if (!is_free)
		setB(g, "coordinated", 1);
	ev(g, "coordinate", "You coordinate %s and draw a card.", inst);
	move_to(hand, (size_t)at, A(g, "discard"));
	return draw_cards(g, 1);
}

static int sacrifice(struct lg *g, const char *name)
{
	json_t *played = A(g, "played");
	long at = find_named(played, name);
	char inst[40];

	if (at < 0)
		return refuse(g, "not-played", "%s was not played this turn", name);
	snprintf(inst, sizeof(inst), "%s", json_string_value(json_array_get(played, (size_t)at)));
	if (!json_object_get(card(g, inst), "sacrifice"))
		return refuse(g, "no-sacrifice", "%s has no Sacrifice", cname(g, inst));
	move_to(played, (size_t)at, A(g, "defeated_heroes"));
	ev(g, "sacrifice", "You sacrifice %s [%s].", cname(g, inst), inst);
	return apply_list(g, inst, "sacrifice", json_object_get(card(g, inst), "sacrifice"));
}

static int effect(struct lg *g, const char *id, const char *statement, const json_t *atoms)
{
	json_t *due = A(g, "due");
	size_t i;
	const json_t *d, *x;
	long at = -1;
	char inst[40];

	json_array_foreach(due, i, d) {
		const char *c = json_string_value(json_object_get(d, "card"));
		json_t *one = json_pack("[s]", c);
		int hit = !strcasecmp(id, "ACT") || !strcasecmp(id, "ACTE") ?
			  !strcmp(json_string_value(json_object_get(d, "kind")), "objective") :
			  find_named(one, id) == 0;

		json_decref(one);
		if (hit) {
			at = (long)i;
			break;
		}
	}
	if (at < 0 && (!strcasecmp(id, "ACT") || !strcasecmp(id, "ACTE")) &&
	    (json_is_string(json_object_get(act(g), "objective")) ||
	     json_is_string(json_object_get(act(g), "minor_offer"))))
		snprintf(inst, sizeof(inst), "ACT");
	else if (at < 0)
		return refuse(g, "no-manual-effect", "%s has no text to state", id);
	else
		snprintf(inst, sizeof(inst), "%s", json_string_value(json_object_get(json_array_get(due, (size_t)at), "card")));
	json_array_foreach(atoms, i, x) {
		struct lg_atom atom;
		char why[160];

		if (legendary_atom_parse_in(json_string_value(x), &atom, g->fr, why, sizeof(why)) < 0)
			return refuse(g, "bad-atom", "%s", why);
		if (atom.op == LG_DEFEAT) {
			const char *v = json_string_value(json_array_get(g->choices, g->next_choice));
			struct where w;

			if (v && !is_none(v) && locate(g, v, &w) == 0 && w.inst &&
			    kw(g, w.inst, "undefeatable", NULL) && strcmp(w.inst, inst))
				return refuse(g, "undefeatable", "%s cannot be defeated", cname(g, w.inst));
		}
		if (apply_atom(g, inst, &atom) < 0)
			return -1;
	}
	if (at >= 0)
		json_array_remove(due, (size_t)at);
	json_array_append_new(A(g, "statements"), json_pack("{s:s,s:i,s:s}", "card", inst, "turn",
							     I(g, "turn"), "text", statement));
	ev(g, "statement", "Stated for %s: \"%s\".", inst, statement);
	return 0;
}

/* ---------- the end of the Action phase, Strike, Cleanup (R5.3, R5.4) ---------- */

static int strike_by(struct lg *g, const char *inst)
{
	int n = kw(g, inst, "double-strike", NULL) ? 2 : 1, k;

	for (k = 0; k < n && !g->stop; k++) {
		ev(g, "strike", "%s [%s] strikes.", cname(g, inst), inst);
		if (in_matrix(g)) {
			if (take_wound(g, inst) < 0)
				return -1;
		} else {
			change_time(g, -1);
		}
		if (!g->stop && apply_list(g, inst, "strike", json_object_get(card(g, inst), "on_strike")) < 0)
			return -1;
	}
	return 0;
}

static int strike_phase(struct lg *g)
{
	json_t *cz = json_deep_copy(A(g, "combat_zone")), *rw = json_deep_copy(A(g, "real_world"));
	size_t i;
	int rc = 0;

	ev(g, "strike-phase", "Strike phase.");
	for (i = json_array_size(cz); i-- > 0 && !g->stop && rc == 0;) {
		const char *inst = json_string_value(json_object_get(json_array_get(cz, i), "card"));

		if (!strcmp(ctype(g, inst), "enemy") && find(A(g, "distracted"), inst) < 0)
			rc = strike_by(g, inst);
	}
	for (i = 0; i < json_array_size(rw) && !g->stop && rc == 0; i++) {
		const char *inst = json_string_value(json_array_get(rw, i));

		if (!strcmp(ctype(g, inst), "enemy") && find(A(g, "distracted"), inst) < 0)
			rc = strike_by(g, inst);
	}
	json_decref(cz);
	json_decref(rw);
	return rc;
}

static int cleanup(struct lg *g)
{
	json_t *discard = A(g, "discard");
	json_t *pools = json_pack("{s:i,s:i}", "attack", 0, "recruit", 0);

	json_array_extend(discard, A(g, "played"));
	json_array_clear(A(g, "played"));
	json_array_extend(discard, A(g, "hand"));
	json_array_clear(A(g, "hand"));
	json_array_clear(A(g, "played_log"));
	json_array_clear(A(g, "combos_used"));
	json_array_clear(A(g, "distracted"));
	json_object_set_new(g->st, "pools", pools);
	setB(g, "free_move", 0);
	setI(g, "extra_moves", 0);
	setB(g, "coordinated", 0);
	setB(g, "preparation", 0);
	ev(g, "cleanup", "Cleanup: draw %d cards.", g->p->board.hand_size);
	return draw_cards(g, g->p->board.hand_size);
}

/* Unstated texts of the Action phase are dropped and counted (R3.4). */
static void end_action(struct lg *g)
{
	json_t *due = A(g, "due");
	size_t i = 0;

	while (i < json_array_size(due)) {
		const json_t *d = json_array_get(due, i);

		if (json_is_true(json_object_get(d, "carry"))) {
			i++;
			continue;
		}
		ev(g, "unstated", "The text of %s was not stated.", json_string_value(json_object_get(d, "card")));
		setI(g, "unstated", I(g, "unstated") + 1);
		json_array_remove(due, i);
	}
}

/* Cleanup, the next turn and its Matrix phase. */
static int next_turn(struct lg *g)
{
	if (cleanup(g) < 0)
		return -1;
	setI(g, "turn", I(g, "turn") + 1);
	return matrix_phase(g);
}

/* ---------- the deal (R4.3) ---------- */

/* Appends a pile's instances to out, numbering them with counts. */
static void instances(const json_t *pile, json_t *counts, json_t *out)
{
	const json_t *e;
	size_t i;
	json_t *one = NULL;

	if (json_is_string(pile)) {
		one = json_pack("[O]", pile);
		pile = one;
	}
	json_array_foreach(pile, i, e) {
		const char *s = json_string_value(e), *x = strstr(s, " x");
		char id[32], inst[48];
		int n = x ? atoi(x + 2) : 1, k, at;

		snprintf(id, sizeof(id), "%.*s", x ? (int)(x - s) : (int)strlen(s), s);
		at = (int)json_integer_value(json_object_get(counts, id));
		for (k = 1; k <= n; k++) {
			snprintf(inst, sizeof(inst), "%s.%d", id, at + k);
			json_array_append_new(out, json_string(inst));
		}
		json_object_set_new(counts, id, json_integer(at + n));
	}
	json_decref(one);
}

static json_t *new_state(const struct legendary_pack *p, const json_t *settings, const char *name)
{
	json_t *st = json_object(), *row = json_array(), *dock = json_array();
	const char *lang = json_string_value(json_object_get(settings, "lang"));
	const char *av = json_string_value(json_object_get(settings, "avatar"));
	int i, filmno = (int)json_integer_value(json_object_get(settings, "film"));
	/* R12.1's order (R12.4's example): the dock after Operations, the offer before combos_used */
	const char *lists[] = { "real_world", "operations", "dock", "zion", "hovercraft", "matrix_deck",
				"deck", "hand", "played", "played_log", "discard", "wounds", "wound_deck",
				"wound_discard", "scars", "defeated_enemies", "defeated_heroes",
				"completed", "extras", "aside", "act_defeated", "act_completed",
				"offer", "offered", "combos_used", "distracted", "due", NULL };

	for (i = 0; i < p->board.nslots; i++)
		json_array_append_new(row, json_null());
	for (i = 0; i < p->board.dock_slots; i++)
		json_array_append_new(dock, json_null());
	json_object_set_new(st, "game", json_string("legendary"));
	json_object_set_new(st, "version", json_integer(1));
	json_object_set_new(st, "name", json_string(name));
	json_object_set_new(st, "pack", json_pack("{s:s,s:s}", "name", p->name, "digest", p->digest));
	json_object_set_new(st, "options", json_pack("{s:b,s:b,s:i,s:s,s:i,s:s}", "nonce",
						     json_is_true(json_object_get(settings, "nonce")),
						     "campaign", json_is_true(json_object_get(settings, "campaign")),
						     "film", filmno ? filmno : 1, "avatar", av ? av : "", "attempts",
						     (int)json_integer_value(json_object_get(settings, "attempts")),
						     "lang", lang ? lang : "en"));
	json_object_set_new(st, "status", json_string("setup"));
	json_object_set_new(st, "result", json_null());
	json_object_set_new(st, "end", json_null());
	json_object_set_new(st, "film", json_integer(filmno ? filmno : 1));
	json_object_set_new(st, "attempt", json_integer(1));
	json_object_set_new(st, "act", json_integer(1));
	json_object_set_new(st, "turn", json_integer(1));
	json_object_set_new(st, "preparation", json_false());
	json_object_set_new(st, "world", json_string(p->board.start_matrix ? "matrix" : "real"));
	json_object_set_new(st, "time", json_integer(p->board.time_start));
	json_object_set_new(st, "avatar", json_null());
	json_object_set_new(st, "pools", json_pack("{s:i,s:i}", "attack", 0, "recruit", 0));
	json_object_set_new(st, "free_move", json_false());
	json_object_set_new(st, "extra_moves", json_integer(0));
	json_object_set_new(st, "coordinated", json_false());
	json_object_set_new(st, "row", row);
	json_object_set_new(st, "destroyed_phones", json_array());
	json_object_set_new(st, "combat_zone", json_array());
	for (i = 0; lists[i]; i++)
		json_object_set_new(st, lists[i], !strcmp(lists[i], "dock") ? dock :
				    !strcmp(lists[i], "offer") ? json_null() :
				    !strcmp(lists[i], "offered") ? json_false() : json_array());
	json_object_set_new(st, "unstated", json_integer(0));
	json_object_set_new(st, "campaign", json_null());
	json_object_set_new(st, "draws", json_object());
	json_object_set_new(st, "commitment", json_null());
	json_object_set_new(st, "nonce", json_null());
	return st;
}

static int deal(struct lg *g)
{
	const json_t *f = film(g), *acts = json_object_get(f, "acts");
	json_t *counts = json_object(), *tmp = json_array(), *zion = A(g, "zion"), *pending = json_object();
	const char *mode = json_string_value(json_object_get(f, "matrix_deck"));
	const char *inev = NULL;
	char av[48];
	int perr = mode && !strcmp(mode, "per-act"), k, rc = -1;
	size_t i;
	const json_t *v;

	instances(json_object_get(f, "start_deck"), counts, A(g, "deck"));
	instances(json_object_get(f, "hovercraft"), counts, A(g, "hovercraft"));
	instances(json_object_get(f, "zion"), counts, zion);
	instances(json_object_get(f, "wounds"), counts, A(g, "wound_deck"));
	for (k = 0; k < 3; k++) {
		json_t *mini = json_array();
		char key[24];

		instances(json_object_get(json_array_get(acts, (size_t)k), "matrix"), counts, mini);
		snprintf(key, sizeof(key), "act%d", k + 1);
		json_object_set_new(pending, key, mini);
	}
	for (k = 0; k < 3; k++)
		instances(json_object_get(json_array_get(acts, (size_t)k), "extras"), counts, A(g, "extras"));
	snprintf(av, sizeof(av), "%s.1", S(g, "avatar_id"));
	json_object_set_new(g->st, "avatar", json_string(av));
	json_object_del(g->st, "avatar_id");
	/* 1. Zion and the dock */
	if (shuffle(g, "zion", zion) < 0)
		goto out;
	for (i = 0; i < json_array_size(A(g, "dock")) && json_array_size(zion); i++) {
		note_top(g, "zion", zion);
		json_array_set(A(g, "dock"), i, json_array_get(zion, 0));
		json_array_remove(zion, 0);
	}
	/* 2. wounds: those held as scars are not dealt; new scars are the top ones (R7.2) */
	json_array_foreach(A(g, "scars"), i, v) {
		long at = find(A(g, "wound_deck"), json_string_value(v));

		if (at >= 0)
			json_array_remove(A(g, "wound_deck"), (size_t)at);
	}
	if (shuffle(g, "wounds", A(g, "wound_deck")) < 0)
		goto out;
	if (json_is_object(json_object_get(g->st, "campaign"))) {
		json_t *c = json_object_get(g->st, "campaign");
		int due = (int)json_integer_value(json_object_get(c, "scars_due"));

		for (k = 0; k < due && json_array_size(A(g, "wound_deck")); k++) {
			ev(g, "scar", "A scar is taken, face down, from the top of the wound deck.");
			note_top(g, "wounds", A(g, "wound_deck"));
			move_to(A(g, "wound_deck"), 0, A(g, "scars"));
		}
		json_object_set_new(c, "scars_due", json_integer(0));
	}
	/* 3. the Matrix deck */
	for (k = 0; k < (perr ? 1 : 3); k++) {
		char key[24], label[32];

		snprintf(key, sizeof(key), "act%d", k + 1);
		snprintf(label, sizeof(label), "matrix-%d", k + 1);
		json_array_clear(tmp);
		json_array_foreach(json_object_get(pending, key), i, v) {
			if (!strcmp(ctype(g, json_string_value(v)), "inevitable"))
				inev = json_string_value(v);
			else
				json_array_append(tmp, (json_t *)v);
		}
		if (shuffle(g, label, tmp) < 0)
			goto out;
		json_array_extend(A(g, "matrix_deck"), tmp);
	}
	if (inev)
		json_array_append_new(A(g, "matrix_deck"), json_string(inev));
	json_object_del(pending, "act1");
	if (!perr) {
		json_object_clear(pending);
	}
	if (json_object_size(pending))
		json_object_set(g->st, "pending_acts", pending);
	/* 5. the player's deck and hand */
	if (shuffle(g, "player-deck", A(g, "deck")) < 0)
		goto out;
	for (k = 0; k < g->p->board.hand_size && json_array_size(A(g, "deck")); k++) {
		note_top(g, "player-deck", A(g, "deck"));
		move_to(A(g, "deck"), 0, A(g, "hand"));
	}
	json_object_set_new(g->st, "status", json_string("running"));
	ev(g, "setup", "Film %d (%s), attempt %d: avatar %s (%s).", I(g, "film"),
	   json_string_value(json_object_get(f, "name")), I(g, "attempt"), cname(g, av), av);
	ev(g, "draw", "First hand: %d cards.", (int)json_array_size(A(g, "hand")));
	/* 6. a campaign's adjustments (films 2 and 3), then act 1's setup */
	if (campaign_on(g) && I(g, "film") > 1 &&
	    apply_list(g, "FILM", "setup", json_object_get(f, "campaign_setup")) < 0)
		goto out;
	if (apply_list(g, "ACT", "setup", json_object_get(json_array_get(acts, 0), "setup")) < 0)
		goto out;
	/* 7. turn 1's Matrix phase, unless it is a preparation turn (R7.2) */
	if (B(g, "preparation")) {
		ev(g, "setup", "Preparation turn: no Matrix phase this turn.");
		rc = 0;
		goto out;
	}
	rc = matrix_phase(g);
out:
	json_decref(counts);
	json_decref(tmp);
	json_decref(pending);
	return rc;
}

static json_t *result(struct lg *g)
{
	json_t *out = json_pack("{s:O,s:O,s:O}", "state", g->st, "events", g->events, "story", g->story);

	return out;
}

static void lg_free(struct lg *g)
{
	json_decref(g->st);
	json_decref(g->events);
	json_decref(g->story);
	json_decref(g->reveal_queue);
}

const char *legendary_film_avatar(const struct legendary_pack *p, int filmno, const char *character)
{
	const json_t *f = json_array_get(p->films, (size_t)(filmno - 1)), *v;
	size_t i;

	json_array_foreach(json_object_get(f, "avatars"), i, v) {
		const char *ch = json_string_value(json_object_get(legendary_card(p, json_string_value(v), NULL),
								   "character"));

		if (ch && character && !strcmp(ch, character))
			return json_string_value(v);
	}
	return NULL;
}

const char *legendary_character(const struct legendary_pack *p, const char *avatar)
{
	const json_t *c;

	if (!avatar || !*avatar)	/* the default: film 1's first avatar's */
		avatar = json_string_value(json_array_get(json_object_get(json_array_get(p->films, 0),
									   "avatars"), 0));
	c = avatar ? legendary_card(p, avatar, NULL) : NULL;
	if (c && !strcmp(json_string_value(json_object_get(c, "type")), "avatar"))
		return json_string_value(json_object_get(c, "character"));
	return avatar;	/* a character name already */
}

/* The avatar id of the state's film: the option's, or the character's in a campaign. */
static const char *avatar_of_film(struct lg *g)
{
	const json_t *o = json_object_get(g->st, "options");
	const char *av = json_string_value(json_object_get(o, "avatar"));

	return campaign_on(g) ? legendary_film_avatar(g->p, I(g, "film"), av) : av;
}

/*
 * A campaign's film has ended (state "film_end", R7.2-7.4): it is recorded;
 * after a major victory the next film (or the campaign won), else the same
 * film again (or the campaign lost when the attempts are spent); the state
 * is dealt anew, keeping the campaign, the scars, the seal and the draw
 * counters (one sealed root for the whole campaign, notes C.27).
 */
static int next_film(struct lg *g)
{
	static const char *const kept[] = { "game", "version", "name", "pack", "options", "campaign",
					    "scars", "unstated", "draws", "commitment", "nonce", "player",
					    "mail_draws", NULL };
	const json_t *fe = json_object_get(g->st, "film_end");
	json_t *camp = json_object_get(g->st, "campaign"), *fresh, *settings;
	char result[24], end[16];
	int film = I(g, "film"), attempt = I(g, "attempt"), won, dmg = damage(g), k;
	int speed = legendary_int(card(g, S(g, "avatar")), "speed", 0);
	int attempts = (int)json_integer_value(json_object_get(json_object_get(g->st, "options"), "attempts"));
	const char *av;

	snprintf(result, sizeof(result), "%s", json_string_value(json_object_get(fe, "result")));
	snprintf(end, sizeof(end), "%s", json_string_value(json_object_get(fe, "end")));
	json_object_del(g->st, "film_end");
	won = !strcmp(result, "major-victory");
	json_array_append_new(json_object_get(camp, "films"),
			      json_pack("{s:i,s:i,s:s,s:s,s:i,s:i}", "film", film, "attempt", attempt,
					"result", result, "end", end, "damage", dmg, "scars",
					(int)json_array_size(A(g, "scars"))));
	if (won && film == 3) {
		json_object_set_new(g->st, "status", json_string("over"));
		json_object_set_new(g->st, "result", json_string("campaign-won"));
		json_object_set_new(g->st, "end", json_string("major"));
		ev(g, "over", "The campaign is won: three films, three major victories.");
		return 0;
	}
	if (!won && attempts > 0 && attempt >= attempts) {
		json_object_set_new(g->st, "status", json_string("over"));
		json_object_set_new(g->st, "result", json_string("loss"));
		json_object_set_new(g->st, "end", json_string("attempts"));
		ev(g, "over", "The campaign is lost: film %d was tried %d times.", film, attempt);
		return 0;
	}
	if (won) {
		/* R7.2: damage at that moment at least the avatar's speed: 2 scars, else 1 */
		json_object_set_new(camp, "scars_due", json_integer(dmg >= speed ? 2 : 1));
		film++;
		attempt = 1;
	} else {
		attempt++;
	}
	settings = json_pack("{s:i,s:O,s:b,s:b,s:O}", "film", film, "avatar",
			     json_object_get(json_object_get(g->st, "options"), "avatar"), "nonce", 0,
			     "campaign", 1, "lang", json_object_get(json_object_get(g->st, "options"), "lang"));
	fresh = settings ? new_state(g->p, settings, S(g, "name")) : NULL;
	json_decref(settings);
	if (!fresh) {
		errbuf_set(g->err, sizeof(g->err), "out of memory");
		g->fatal = 1;
		return -1;
	}
	for (k = 0; kept[k]; k++)
		if (json_object_get(g->st, kept[k]))
			json_object_set(fresh, kept[k], json_object_get(g->st, kept[k]));
	json_decref(g->st);
	g->st = fresh;
	setI(g, "film", film);
	setI(g, "attempt", attempt);
	setB(g, "preparation", won);
	av = avatar_of_film(g);
	json_object_set_new(g->st, "avatar_id", json_string(av ? av : ""));
	g->stop = 0;
	return deal(g);
}

json_t *legendary_setup(const struct legendary_pack *p, const json_t *settings, const char *name,
			struct draw_source *draws, char *err, size_t errlen)
{
	struct lg g;
	json_t *out = NULL;
	const char *av = json_string_value(json_object_get(settings, "avatar")), *character = NULL;
	int filmno = (int)json_integer_value(json_object_get(settings, "film"));
	int campaign = json_is_true(json_object_get(settings, "campaign"));
	const json_t *f, *v;
	size_t i;
	int found = 0;
	char seal[65];
	int rc;

	memset(&g, 0, sizeof(g));
	g.p = p;
	if (!filmno)
		filmno = 1;
	f = json_array_get(p->films, (size_t)(filmno - 1));
	if (!f) {
		errbuf_set(err, errlen, "film %d: the pack has %zu films", filmno, json_array_size(p->films));
		return NULL;
	}
	if (campaign) {
		/* R7.1: one character, each film's avatar of that character */
		character = legendary_character(p, av);
		av = legendary_film_avatar(p, filmno, character);
		if (!av) {
			errbuf_set(err, errlen, "avatar: the character %s has no avatar in film %d (R2.9)",
				   character ? character : "(none)", filmno);
			return NULL;
		}
	}
	if (!av || !*av)
		av = json_string_value(json_array_get(json_object_get(f, "avatars"), 0));
	json_array_foreach(json_object_get(f, "avatars"), i, v)
		found |= !strcmp(json_string_value(v), av);
	if (!found) {
		errbuf_set(err, errlen, "avatar %s is not one of film %d's avatars (R2.9)", av, filmno);
		return NULL;
	}
	g.st = new_state(p, settings, name);
	g.fr = !strncmp(json_string_value(json_object_get(settings, "lang")) ?
			json_string_value(json_object_get(settings, "lang")) : "", "fr", 2);
	g.ascii = json_string_value(json_object_get(settings, "lang")) &&
		  !strcmp(json_string_value(json_object_get(settings, "lang")), "fr-ascii");
	json_object_set_new(json_object_get(g.st, "options"), "avatar", json_string(campaign ? character : av));
	json_object_set_new(g.st, "avatar_id", json_string(av));
	if (campaign)
		json_object_set_new(g.st, "campaign", json_pack("{s:s,s:[],s:i}", "character", character,
								"films", "scars_due", 0));
	g.events = json_array();
	g.story = json_array();
	g.draws = draws;
	g.wild_redraw = 2;
	rc = draws ? draw_seal(draws, name, seal, err, errlen) : 0;
	if (rc < 0)
		goto out;
	if (rc > 0)
		json_object_set_new(g.st, "commitment", json_string(seal));
	if (json_is_true(json_object_get(settings, "nonce"))) {
		ev(&g, "setup", "The game waits for your nonce: begin your first mail with NONCE and a word.");
	} else if (deal(&g) < 0) {
		errbuf_set(err, errlen, "%s", g.err);
		goto out;
	}
	out = result(&g);
out:
	lg_free(&g);
	return out;
}

/* ---------- reading a mail (R9.2) ---------- */

json_t *legendary_read_orders(const char *text, const char *name, char *err, size_t errlen)
{
	json_t *lines = json_array();
	const char *p = text ? text : "";
	int line = 0;

	(void)name;
	(void)err;
	(void)errlen;
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char buf[1024], word[16];
		char *s = buf, *hash;
		size_t k;

		line++;
		snprintf(buf, sizeof(buf), "%.*s", (int)(len < sizeof(buf) - 1 ? len : sizeof(buf) - 1), p);
		p += len + (eol ? 1 : 0);
		if ((hash = strchr(s, '#')) && !memchr(s, '"', (size_t)(hash - s)))
			*hash = 0;
		while (*s == ' ' || *s == '\t' || *s == '\r')
			s++;
		k = strlen(s);
		while (k && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r'))
			s[--k] = 0;
		/* a leading number: "1.", "2)", "3-", "4" */
		if (isdigit((unsigned char)*s)) {
			char *q = s;

			while (isdigit((unsigned char)*q))
				q++;
			if (*q == '.' || *q == ')' || *q == '-')
				q++;
			if (*q == ' ' || *q == '\t' || !*q) {
				s = q;
				while (*s == ' ' || *s == '\t')
					s++;
			}
		}
		if (!*s)
			continue;
		snprintf(word, sizeof(word), "%.*s", (int)strcspn(s, " \t"), s);
		for (k = 0; word[k]; k++)
			word[k] = (char)toupper((unsigned char)word[k]);
		if (!strcmp(word, "END") || !strcmp(word, "FIN"))
			break;
		if (!strcmp(word, "GAME") || !strcmp(word, "PASSWORD") || !strcmp(word, "CODE") ||
		    !strcmp(word, "TURN") || !strcmp(word, "MAIL") || !strcmp(word, "FROM") ||
		    !strcmp(word, "SUBJECT") || !strcmp(word, "PARTIE") || !strcmp(word, "MOTDEPASSE") ||
		    !strcmp(word, "TOUR") || !strcmp(word, "PLAYER"))
			continue;
		json_array_append_new(lines, json_pack("{s:i,s:s}", "line", line, "text", s));
	}
	return lines;
}

/* ---------- commands (R9.4) ---------- */

enum cmd {
	C_PLAY, C_PLAY_ALL, C_ENTER, C_LEAVE, C_RECRUIT, C_SCAN, C_FIGHT, C_COMPLETE, C_EVADE,
	C_BUY_TIME, C_COORDINATE, C_SACRIFICE, C_EFFECT, C_VICTORY, C_WILDSWING, C_HOLD, C_RESIGN,
	C_NONCE
};

struct order {
	enum cmd cmd;
	int line, if_able, nocombo;
	char arg[64];		/* the place, card or word */
	char arg2[16];		/* EXTRA/ZONE, MINOR/MAJOR, KEEP/REDRAW */
	int n;			/* WILDSWING REDRAW N */
	char statement[LG_MAX_STATEMENT + 1];
	int has_statement;
	json_t *atoms;		/* owned */
	json_t *choices;	/* owned */
	const char *text;
};

/* Upper-cases and strips accents of the ASCII-transliterable French letters. */
static void fold(char *s)
{
	unsigned char *p = (unsigned char *)s, *q = (unsigned char *)s;

	while (*p) {
		if (p[0] == 0xc3 && p[1]) {
			unsigned char c = p[1];

			*q++ = (c >= 0xa8 && c <= 0xab) || (c >= 0x88 && c <= 0x8b) ? 'E' :
			       (c >= 0xa0 && c <= 0xa5) || (c >= 0x80 && c <= 0x85) ? 'A' :
			       (c == 0xa7 || c == 0x87) ? 'C' : (c >= 0xb9 && c <= 0xbc) ? 'U' :
			       (c >= 0xae && c <= 0xaf) ? 'I' : (c >= 0xb4 && c <= 0xb6) ? 'O' : '?';
			p += 2;
			continue;
		}
		*q++ = (unsigned char)toupper(*p++);
	}
	*q = 0;
}

struct parse_error {
	int line;
	char code[32], message[200], atom[80];
	const char *text;
};

static int perr(struct parse_error *e, int line, const char *text, const char *code, const char *msg)
{
	e->line = line;
	e->text = text;
	snprintf(e->code, sizeof(e->code), "%s", code);
	snprintf(e->message, sizeof(e->message), "%s", msg);
	return -1;
}

/* Splits a line into words; a statement in "..." or «...» is one token (kept in st). */
static int parse_line(const char *text, int line, struct order *o, struct parse_error *e)
{
	char buf[1100], *words[64], *p, *q;
	size_t n = 0, i;
	const char *open = strstr(text, "\""), *gl = strstr(text, "\xc2\xab");
	char *eq;

	memset(o, 0, sizeof(*o));
	o->line = line;
	o->text = text;
	o->atoms = json_array();
	o->choices = json_array();
	snprintf(buf, sizeof(buf), "%s", text);
	/* the statement */
	if (open || gl) {
		const char *start = open && (!gl || open < gl) ? open + 1 : gl + 2;
		const char *end = open && (!gl || open < gl) ? strchr(start, '"') : strstr(start, "\xc2\xbb");
		size_t len;

		if (!end)
			return perr(e, line, text, "syntax", "a statement is closed by its quote");
		len = (size_t)(end - start);
		if (len > LG_MAX_STATEMENT)
			return perr(e, line, text, "too-long", "a statement has at most 300 characters");
		memcpy(o->statement, start, len);
		o->statement[len] = 0;
		o->has_statement = 1;
		/* cut the statement out of buf */
		{
			size_t at = (size_t)((open && (!gl || open < gl) ? open : gl) - text);
			size_t after = (size_t)(end - text) + (open && (!gl || open < gl) ? 1 : 2);

			memmove(buf + at, buf + after, strlen(buf + after) + 1);
		}
	}
	/* "= atoms" (comma separated) before CHOOSE */
	eq = strchr(buf, '=');
	if (eq) {
		char *ch, *tok, *save = NULL, tmp[1100];

		*eq = 0;
		snprintf(tmp, sizeof(tmp), "%s", eq + 1);
		ch = strstr(tmp, "CHOOSE");
		if (!ch)
			ch = strstr(tmp, "choose");
		if (!ch)
			ch = strstr(tmp, "CHOISIR");
		if (ch) {
			strcat(buf, " ");
			strcat(buf, ch);
			*ch = 0;
		}
		for (tok = strtok_r(tmp, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			struct lg_atom a;
			char why[160];

			while (*tok == ' ')
				tok++;
			for (i = strlen(tok); i && tok[i - 1] == ' ';)
				tok[--i] = 0;
			if (!*tok)
				continue;
			if (legendary_atom_parse(tok, &a, why, sizeof(why)) < 0) {
				snprintf(e->atom, sizeof(e->atom), "%s", tok);	/* said again in French */
				return perr(e, line, text, "bad-atom", why);
			}
			json_array_append_new(o->atoms, json_string(tok));
		}
	}
	fold(buf);
	for (p = strtok_r(buf, " \t", &q); p && n < 64; p = strtok_r(NULL, " \t", &q))
		words[n++] = p;
	if (!n)
		return perr(e, line, text, "syntax", "an empty command");
	/* IF ABLE / SI POSSIBLE at the end */
	if (n >= 2 && ((!strcmp(words[n - 2], "IF") && !strcmp(words[n - 1], "ABLE")) ||
		       (!strcmp(words[n - 2], "SI") && !strcmp(words[n - 1], "POSSIBLE")))) {
		o->if_able = 1;
		n -= 2;
	}
	/* NOCOMBO / SANS COMBO */
	for (i = 0; i < n; i++)
		if (!strcmp(words[i], "NOCOMBO") || (!strcmp(words[i], "SANS") && i + 1 < n &&
						     !strcmp(words[i + 1], "COMBO"))) {
			o->nocombo = 1;
			n = i;
			break;
		}
	/* CHOOSE values */
	for (i = 0; i < n; i++)
		if (!strcmp(words[i], "CHOOSE") || !strcmp(words[i], "CHOISIR")) {
			size_t k;

			if (i + 1 == n)
				return perr(e, line, text, "bad-choice", "CHOOSE wants values");
			for (k = i + 1; k < n; k++)
				json_array_append_new(o->choices, json_string(words[k]));
			n = i;
			break;
		}
	if (!n)
		return perr(e, line, text, "syntax", "a command word is expected");
#define W(k) (n > (k) ? words[k] : "")
	if ((!strcmp(W(0), "PLAY") || !strcmp(W(0), "JOUER")) && n == 2 &&
	    (!strcmp(W(1), "ALL") || !strcmp(W(1), "TOUT"))) {
		o->cmd = C_PLAY_ALL;
		return 0;
	}
	if ((!strcmp(W(0), "BUY") && !strcmp(W(1), "TIME")) ||
	    (!strcmp(W(0), "GAGNER") && !strcmp(W(1), "DU") && !strcmp(W(2), "TEMPS"))) {
		size_t at = !strcmp(W(0), "BUY") ? 2 : 3;

		if (n != at + 1)
			return perr(e, line, text, "syntax", "BUY TIME wants a place or a card");
		o->cmd = C_BUY_TIME;
		snprintf(o->arg, sizeof(o->arg), "%s", words[at]);
		return 0;
	}
	if ((!strcmp(W(0), "WILDSWING")) || (!strcmp(W(0), "WILD") && !strcmp(W(1), "SWING")) ||
	    (!strcmp(W(0), "COUP") && !strcmp(W(1), "SAUVAGE"))) {
		size_t at = !strcmp(W(0), "WILDSWING") ? 1 : 2;
		const char *m = W(at);

		o->cmd = C_WILDSWING;
		o->n = 1;
		if (!strcmp(m, "KEEP") || !strcmp(m, "GARDER")) {
			snprintf(o->arg2, sizeof(o->arg2), "KEEP");
			if (n != at + 1)
				return perr(e, line, text, "syntax", "WILDSWING KEEP takes nothing more");
			return 0;
		}
		if (strcmp(m, "REDRAW") && strcmp(m, "REPIOCHER"))
			return perr(e, line, text, "syntax", "WILDSWING KEEP or REDRAW [N]");
		snprintf(o->arg2, sizeof(o->arg2), "REDRAW");
		o->n = 0;
		if (n == at + 2) {
			char *end;
			long v = strtol(words[at + 1], &end, 10);

			if (*end || v < 0 || v > 5)
				return perr(e, line, text, "bad-count", "REDRAW N wants 0 to 5");
			o->n = (int)v;
		} else if (n != at + 1) {
			return perr(e, line, text, "syntax", "WILDSWING REDRAW [N]");
		}
		return 0;
	}
	{
		static const struct {
			const char *en, *fr;
			enum cmd cmd;
			int args;	/* 0 none, 1 one, 2 optional */
		} cmds[] = {
			{ "PLAY", "JOUER", C_PLAY, 1 }, { "ENTER", "ENTRER", C_ENTER, 2 },
			{ "LEAVE", "SORTIR", C_LEAVE, 2 }, { "RECRUIT", "RECRUTER", C_RECRUIT, 1 },
			{ "SCAN", "SCANNER", C_SCAN, 1 }, { "FIGHT", "COMBATTRE", C_FIGHT, 1 },
			{ "COMPLETE", "ACCOMPLIR", C_COMPLETE, 1 }, { "EVADE", "ESQUIVER", C_EVADE, 1 },
			{ "COORDINATE", "COORDONNER", C_COORDINATE, 1 },
			{ "SACRIFICE", "SACRIFIER", C_SACRIFICE, 1 }, { "EFFECT", "EFFET", C_EFFECT, 1 },
			{ "VICTORY", "VICTOIRE", C_VICTORY, 1 }, { "HOLD", "ATTENDRE", C_HOLD, 0 },
			{ "RESIGN", "ABANDON", C_RESIGN, 0 }, { "NONCE", "NONCE", C_NONCE, 1 },
		};

		for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
			if (!strcmp(W(0), cmds[i].en) || !strcmp(W(0), cmds[i].fr))
				break;
		if (i == sizeof(cmds) / sizeof(cmds[0]))
			return perr(e, line, text, "syntax", "unknown command");
		o->cmd = cmds[i].cmd;
		if ((cmds[i].args == 0 && n != 1) || (cmds[i].args == 1 && n != 2) ||
		    (cmds[i].args == 2 && n > 2))
			return perr(e, line, text, "syntax", "wrong number of words for the command");
		if (n == 2)
			snprintf(o->arg, sizeof(o->arg), "%s", words[1]);
	}
	if (o->cmd == C_NONCE) {
		/* the word keeps its case */
		const char *w = text + strcspn(text, " \t");

		w += strspn(w, " \t");
		snprintf(o->arg, sizeof(o->arg), "%.*s", (int)strcspn(w, " \t"), w);
		if (!*o->arg || strlen(o->arg) > 64)
			return perr(e, line, text, "bad-nonce", "a nonce is 1-64 printable characters");
	}
	if ((o->cmd == C_ENTER || o->cmd == C_LEAVE) && *o->arg && strcmp(o->arg, "EXTRA") &&
	    !(o->cmd == C_LEAVE && !strcmp(o->arg, "ZONE")))
		return perr(e, line, text, "syntax", "ENTER [EXTRA] or LEAVE [EXTRA|ZONE]");
	if (o->cmd == C_VICTORY) {
		if (!strcmp(o->arg, "MINOR") || !strcmp(o->arg, "MINEURE"))
			snprintf(o->arg2, sizeof(o->arg2), "minor");
		else if (!strcmp(o->arg, "MAJOR") || !strcmp(o->arg, "MAJEURE"))
			snprintf(o->arg2, sizeof(o->arg2), "major");
		else
			return perr(e, line, text, "syntax", "VICTORY MINOR or VICTORY MAJOR");
	}
	if (o->cmd == C_EFFECT && !o->has_statement)
		return perr(e, line, text, "syntax", "EFFECT ID \"what the text does\" [= atoms]");
	if (o->cmd == C_SCAN && (o->arg[0] != 'R' || !isdigit((unsigned char)o->arg[1])))
		return perr(e, line, text, "bad-place", "SCAN wants a row slot R1..Rn");
#undef W
	return 0;
}

static void order_free(struct order *o)
{
	json_decref(o->atoms);
	json_decref(o->choices);
	o->atoms = o->choices = NULL;
}

static int play_all(struct lg *g)
{
	while (json_array_size(A(g, "hand")) && !g->stop && !g->halt) {
		char inst[40];

		snprintf(inst, sizeof(inst), "%s", json_string_value(json_array_get(A(g, "hand"), 0)));
		if (play_card(g, inst, 0) < 0)
			return -1;
		check_objectives(g);
	}
	return 0;
}

static int run_order(struct lg *g, struct order *o)
{
	g->choices = o->choices;
	g->next_choice = 0;
	switch (o->cmd) {
	case C_PLAY:
		return play_card(g, o->arg, o->nocombo);
	case C_PLAY_ALL:
		return play_all(g);
	case C_ENTER:
		return move_world(g, 1, !strcmp(o->arg, "EXTRA") ? "extra" : "");
	case C_LEAVE:
		return move_world(g, 0, !strcmp(o->arg, "EXTRA") ? "extra" : !strcmp(o->arg, "ZONE") ? "zone" : "");
	case C_RECRUIT:
		return recruit(g, o->arg);
	case C_SCAN:
		return scan(g, o->arg);
	case C_FIGHT:
		return fight(g, o->arg);
	case C_COMPLETE:
		return complete(g, o->arg, o->has_statement ? o->statement : NULL, o->atoms);
	case C_EVADE:
		return evade(g, o->arg);
	case C_BUY_TIME:
		return buy_time(g, o->arg);
	case C_COORDINATE:
		return coordinate(g, o->arg);
	case C_SACRIFICE:
		return sacrifice(g, o->arg);
	case C_EFFECT:
		return effect(g, o->arg, o->statement, o->atoms);
	case C_VICTORY:
		if (!json_is_string(json_object_get(g->st, "offer"))) {
			json_object_set_new(g->st, "standing_answer", json_string(o->arg2));
			return 0;
		}
		json_object_set_new(g->st, "offer", json_null());
		if (!strcmp(o->arg2, "minor")) {
			game_over(g, "minor-victory", "minor");
			return 0;
		}
		ev(g, "offer", "The minor victory is declined: play goes on.");
		return 0;
	case C_WILDSWING:
		g->wild_keep = !strcmp(o->arg2, "KEEP");
		g->wild_redraw = o->n;
		return 0;
	case C_HOLD:
		g->halt = 1;
		g->halt_reason = "hold";
		return 0;
	case C_RESIGN:
		game_over(g, "loss", "resigned");
		return 0;
	case C_NONCE:
		return refuse(g, "no-nonce", "NONCE is only the first line of the first mail");
	}
	return 0;
}

/*
 * A copy of the state to undo a line with (R9.5.3: all or nothing): lists
 * are copied with their strings shared (a string is never changed in
 * place), objects in lists one level deep (a row entry's face changes),
 * other objects whole. Much cheaper than a deep copy of every string.
 */
static json_t *state_snapshot(json_t *st)
{
	json_t *copy = json_object(), *v, *e;
	const char *key;
	size_t i;

	json_object_foreach(st, key, v) {
		json_t *c;

		if (json_is_array(v)) {
			c = json_array();
			json_array_foreach(v, i, e)
				json_array_append_new(c, json_is_object(e) ? json_copy(e) : json_incref(e));
		} else if (json_is_object(v)) {
			c = json_deep_copy(v);
		} else {
			c = json_incref(v);
		}
		json_object_set_new(copy, key, c);
	}
	return copy;
}

static int has_carry(struct lg *g)
{
	size_t i;
	const json_t *d;

	json_array_foreach(A(g, "due"), i, d)
		if (json_is_true(json_object_get(d, "carry")))
			return 1;
	return 0;
}

static json_t *resolve_mail(const struct legendary_pack *p, const json_t *state, const json_t *lines,
			    struct draw_source *draws, int quiet, char *err, size_t errlen);

json_t *legendary_resolve(const struct legendary_pack *p, const json_t *state, const json_t *lines,
			  struct draw_source *draws, char *err, size_t errlen)
{
	return resolve_mail(p, state, lines, draws, 0, err, errlen);
}

json_t *legendary_resolve_quiet(const struct legendary_pack *p, const json_t *state, const json_t *lines,
				struct draw_source *draws, char *err, size_t errlen)
{
	return resolve_mail(p, state, lines, draws, 1, err, errlen);
}

static json_t *resolve_mail(const struct legendary_pack *p, const json_t *state, const json_t *lines,
			    struct draw_source *draws, int quiet, char *err, size_t errlen)
{
	struct lg g;
	struct order *orders = NULL;
	struct parse_error pe;
	json_t *out = NULL, *refused = json_null(), *halted = json_null(), *ignored = json_array();
	json_t *log = NULL;
	size_t n = json_array_size(lines), i, first = 0;
	int held = 0, mail_turn = 0;

	memset(&g, 0, sizeof(g));
	memset(&pe, 0, sizeof(pe));
	g.p = p;
	g.st = state_snapshot((json_t *)state);	/* the caller's strings shared, never changed */
	g.events = json_array();
	g.story = json_array();
	g.draws = draws;
	g.wild_redraw = 2;
	g.quiet = quiet;
	if (!g.st || !g.events || !g.story)
		goto oom;
	{
		const char *lang = json_string_value(json_object_get(json_object_get(g.st, "options"), "lang"));

		g.fr = lang && !strncmp(lang, "fr", 2);
		g.ascii = lang && !strcmp(lang, "fr-ascii");
	}
	json_object_del(g.st, "standing_answer");
	/* the log of every mail (R10.5) waits outside the state, not copied at every line */
	mail_turn = I(&g, "turn");
	log = json_incref(json_object_get(g.st, "log"));
	json_object_del(g.st, "log");
	if (!json_is_array(log)) {
		json_decref(log);
		log = json_array();
	}
	if (!quiet)
		json_object_set_new(g.st, "mail_draws", json_array());
	if (!strcmp(S(&g, "status"), "over")) {
		perr(&pe, n ? (int)json_integer_value(json_object_get(json_array_get(lines, 0), "line")) : 0,
		     n ? json_string_value(json_object_get(json_array_get(lines, 0), "text")) : "",
		     "game-over", "the game has ended");
		goto refused;
	}
	if (n > LG_MAX_LINES) {
		perr(&pe, 0, "", "too-long", "a mail has at most 300 lines");
		goto refused;
	}
	orders = calloc(n ? n : 1, sizeof(*orders));
	if (!orders)
		goto oom;
	for (i = 0; i < n; i++) {
		const json_t *l = json_array_get(lines, i);

		if (parse_line(json_string_value(json_object_get(l, "text")),
			       (int)json_integer_value(json_object_get(l, "line")), &orders[i], &pe) < 0)
			goto refused;
	}
	if (json_is_string(json_object_get(g.st, "nonce")) && draw_mix(draws, S(&g, "nonce"), err, errlen) < 0)
		goto fail;
	if (!strcmp(S(&g, "status"), "setup")) {
		if (!n || orders[0].cmd != C_NONCE) {
			perr(&pe, n ? orders[0].line : 0, n ? orders[0].text : "", "nonce-needed",
			     "the first mail begins NONCE WORD");
			goto refused;
		}
		json_object_set_new(g.st, "nonce", json_string(orders[0].arg));
		ev(&g, "nonce", "nonce %s mixed into the deal", orders[0].arg);
		json_object_set_new(g.st, "avatar_id", json_string(avatar_of_film(&g) ? avatar_of_film(&g) : ""));
		if (draw_mix(draws, orders[0].arg, err, errlen) < 0 || deal(&g) < 0) {
			if (g.err[0])
				errbuf_set(err, errlen, "%s", g.err);
			goto fail;
		}
		for (i = 1; i < n; i++)
			json_array_append_new(ignored, json_integer(orders[i].line));
		if (n > 1)
			ev(&g, "skipped", "the other lines of the first mail are not played: the deal "
			   "was not known when they were written");
		goto done;
	}
	for (i = 0; i < n; i++)
		if (orders[i].cmd == C_NONCE) {
			perr(&pe, orders[i].line, orders[i].text, "no-nonce",
			     "NONCE is only the first line of the first mail");
			goto refused;
		}
	g.action = 1;
	/* R9.5.4: the offer's answer, then the carried texts, before anything else. */
	for (i = 0; i < n && !g.stop; i++) {
		struct order *o = &orders[i];
		json_t *snapshot;
		size_t ev_mark = json_array_size(g.events), st_mark = json_array_size(g.story);

		if (json_is_string(json_object_get(g.st, "offer")) && o->cmd != C_VICTORY) {
			refuse(&g, "offer-pending", "answer the offer first: VICTORY MINOR or VICTORY MAJOR");
			goto line_refused;
		}
		if (!json_is_string(json_object_get(g.st, "offer")) && has_carry(&g) &&
		    !(o->cmd == C_EFFECT) && o->cmd != C_WILDSWING) {
			refuse(&g, "effect-pending", "state the texts due first (EFFECT ID \"...\")");
			goto line_refused;
		}
		snapshot = state_snapshot(g.st);
		g.code[0] = 0;
		if (run_order(&g, o) < 0 || g.fatal) {
			if (g.fatal) {
				json_decref(snapshot);
				errbuf_set(err, errlen, "%s", g.err);
				goto fail;
			}
			json_decref(g.st);
			g.st = snapshot;
			while (json_array_size(g.events) > ev_mark)
				json_array_remove(g.events, ev_mark);
			while (json_array_size(g.story) > st_mark)
				json_array_remove(g.story, st_mark);
			g.halt = 0;
line_refused:
			if (o->if_able) {
				ev(&g, "skipped", "Line %d skipped (%s): %s.", o->line, g.code, g.message);
				continue;
			}
			refused = json_pack("{s:i,s:s,s:s,s:s}", "line", o->line, "text", o->text, "code",
					    g.code, "message", g.message);
			halted = json_pack("{s:i,s:s}", "line", o->line, "reason", "refused");
			ev(&g, "refused", "Line %d refused (%s): %s.", o->line, g.code, g.message);
			first = i + 1;
			break;
		}
		json_decref(snapshot);
		check_objectives(&g);
		if (g.halt) {
			if (!json_is_object(halted))
				halted = json_pack("{s:i,s:s}", "line", o->line, "reason", g.halt_reason);
			ev(&g, g.halt_reason && !strcmp(g.halt_reason, "hold") ? "hold" : "halt",
			   "The mail halts after line %d (%s).", o->line, g.halt_reason);
			held = 1;
			first = i + 1;
			break;
		}
		first = i + 1;
	}
	for (i = first; i < n; i++)
		json_array_append_new(ignored, json_integer(orders[i].line));
	if (json_is_object(refused) || held)
		goto done;
	if (json_object_get(g.st, "film_end")) {
		/* a campaign's film ends: the rest of the mail is ignored, the next deal follows */
		end_action(&g);
		if (next_film(&g) < 0)
			goto fatal;
		goto done;
	}
	if (!strcmp(S(&g, "status"), "over"))
		goto done;
	if (g.stop) {
		/* a new act: straight to Cleanup and the next turn (R6.2) */
		g.stop = 0;
		g.action = 0;
		end_action(&g);
		if (next_turn(&g) < 0)
			goto fatal;
		goto done;
	}
	if (json_is_string(json_object_get(g.st, "offer")) || has_carry(&g)) {
		halted = json_pack("{s:i,s:s}", "line", n ? orders[n - 1].line : 0, "reason",
				   json_is_string(json_object_get(g.st, "offer")) ? "offer" : "effect-pending");
		goto done;
	}
	g.action = 0;
	end_action(&g);
	if (strike_phase(&g) < 0)
		goto fatal;
	if (json_object_get(g.st, "film_end")) {
		if (next_film(&g) < 0)
			goto fatal;
		goto done;
	}
	if (!strcmp(S(&g, "status"), "over"))
		goto done;
	g.stop = 0;
	if (next_turn(&g) < 0)
		goto fatal;
	goto done;
refused:
	if (g.fr) {
		char said[sizeof(pe.message)];

		struct lg_atom a;

		if (!pe.atom[0] || legendary_atom_parse_in(pe.atom, &a, 1, said, sizeof(said)) == 0)
			snprintf(said, sizeof(said), "%s", legendary_french(pe.message));
		memcpy(pe.message, said, sizeof(said));
		if (g.ascii)
			legendary_ascii(pe.message);
	}
	refused = json_pack("{s:i,s:s,s:s,s:s}", "line", pe.line, "text", pe.text ? pe.text : "",
			    "code", pe.code, "message", pe.message);
	ev(&g, "refused", "The mail is refused, nothing played (line %d, %s): %s.", pe.line, pe.code,
	   pe.message);
done:
	json_object_del(g.st, "standing_answer");
	json_object_del(g.st, "manual_met");
	/* The mail's own keys (R12.3) ride in the state and are replaced by the next mail. */
	json_object_set(g.st, "refused", refused);
	json_object_set(g.st, "halted", halted);
	json_object_set(g.st, "ignored", ignored);
	if (!quiet) {
		json_t *said = json_array();

		for (i = 0; said && i < n; i++)
			json_array_append(said, json_object_get(json_array_get(lines, i), "text"));
		json_array_append_new(log, json_pack("{s:i,s:o*,s:O*}", "turn", mail_turn, "lines", said,
						     "draws", json_object_get(g.st, "mail_draws")));
		json_object_del(g.st, "mail_draws");
	}
	if (json_array_size(log))
		json_object_set(g.st, "log", log);
	out = result(&g);
	goto cleanup;
fatal:
	errbuf_set(err, errlen, "%s", g.err[0] ? g.err : g.message[0] ? g.message :
		   "the turn could not be played");
	goto fail;
oom:
	errbuf_set(err, errlen, "out of memory");
fail:
	out = NULL;
cleanup:
	for (i = 0; orders && i < n; i++)
		order_free(&orders[i]);
	free(orders);
	json_decref(refused);
	json_decref(halted);
	json_decref(ignored);
	json_decref(log);
	lg_free(&g);
	return out;
}

/* ---------- the view (R12.1) ---------- */

json_t *legendary_view(const json_t *state)
{
	json_t *v = json_deep_copy(state), *row;
	const char *counted[] = { "zion", "matrix_deck", "deck", "wound_deck", "scars", NULL };
	size_t i;
	json_t *e;
	int over = !strcmp(json_string_value(json_object_get(state, "status")) ?
			   json_string_value(json_object_get(state, "status")) : "", "over");

	if (!v)
		return NULL;
	json_object_del(v, "pending_acts");
	if (over)
		return v;
	json_object_del(v, "log");	/* R10.5: the log with the root, at the end */
	for (i = 0; counted[i]; i++)
		json_object_set_new(v, counted[i], json_integer((json_int_t)json_array_size(
			json_object_get(state, counted[i]))));
	row = json_object_get(v, "row");
	json_array_foreach(row, i, e)
		if (json_is_object(e) && strcmp(json_string_value(json_object_get(e, "face")) ?
						json_string_value(json_object_get(e, "face")) : "", "up"))
			json_object_del(e, "card");
	return v;
}
