/*
 * legendary play: what every part of a mail's play uses (telling, refusing,
 * the draw log), shuffles (R10), the player's cards, losses (R6.4), wounds,
 * choices (R3.3), the Matrix phase (R5.1) and acts (R6). The effects are in
 * effects.c, the actions, Strike and Cleanup in actions.c, the deal in
 * deal.c, a mail's lines in mail.c. Works on the JSON state itself
 * (R12.1): every pile is an array of instance names "ID.n".
 */
#include "core/legendary/legendary.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/legendary/play.h"
#include "lib/errbuf.h"

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

	if (g->quiet || (!json_is_array(log) && n > 1))
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
	if (json_is_array(log))
		json_array_append_new(log, json_string(line));
	/* A draw goes to the rolls too, in order with the shuffles (R10.3). */
	if (n == 1)
		draw_note(g->draws, "sealed", line);
	free(line);
}

/* "draw DECK ID": the top card of pile, about to be taken. */
void lgp_note_top(struct lg *g, const char *deck, const json_t *pile)
{
	if (json_array_size(pile))
		note_draw(g, deck, pile, 1);
}

void lgp_ev(struct lg *g, const char *type, const char *fmt, ...)
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

int lgp_refuse(struct lg *g, const char *code, const char *fmt, ...)
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
int lgp_shuffle(struct lg *g, const char *deck, json_t *pile)
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
int lgp_draw_cards(struct lg *g, int n)
{
	json_t *deck = A(g, "deck"), *hand = A(g, "hand"), *discard = A(g, "discard");
	int got = 0;

	while (got < n) {
		if (!json_array_size(deck)) {
			if (!json_array_size(discard))
				break;
			json_array_extend(deck, discard);
			json_array_clear(discard);
			if (lgp_shuffle(g, "player-deck", deck) < 0)
				return -1;
		}
		lgp_note_top(g, "player-deck", deck);
		move_to(deck, 0, hand);
		got++;
	}
	if (got && !g->quiet)
		json_array_append_new(g->events, json_pack("{s:s,s:i}", "type", "draw", "cards", got));
	return 0;
}

int lgp_damage(struct lg *g)
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

int lgp_campaign_on(struct lg *g)
{
	return json_is_true(json_object_get(json_object_get(g->st, "options"), "campaign"));
}

/* An outcome word of the state ("loss", "time") as the story says it in the game's language. */
static const char *outcome_word(const struct lg *g, const char *word)
{
	return g->fr ? legendary_french(word) : word;
}

void lgp_game_over(struct lg *g, const char *result, const char *end)
{
	/*
	 * In a campaign a film's end is not the game's (R7.2, R7.3): it is noted
	 * in the state (so a refused line undoes it) and the next deal is made
	 * once the mail's lines or strikes are done (next_film).
	 */
	if (lgp_campaign_on(g) && strcmp(end, "resigned") && strcmp(end, "abandoned")) {
		if (json_object_get(g->st, "film_end"))
			return;
		json_object_set_new(g->st, "film_end", json_pack("{s:s,s:s}", "result", result, "end", end));
		g->stop = 1;
		lgp_ev(g, strcmp(result, "major-victory") ? "film-lost" : "film-won", "Film %d ends: %s (%s).",
		   I(g, "film"), outcome_word(g, result), outcome_word(g, end));
		return;
	}
	json_object_set_new(g->st, "status", json_string("over"));
	json_object_set_new(g->st, "result", json_string(result));
	json_object_set_new(g->st, "end", json_string(end));
	g->stop = 1;
	lgp_ev(g, "over", "The game is over: %s (%s).", outcome_word(g, result), outcome_word(g, end));
}

/* The losses of R6.4, checked after every strike and effect. */
static void check_losses(struct lg *g)
{
	if (!strcmp(S(g, "status"), "over") || json_object_get(g->st, "film_end"))
		return;
	if (I(g, "time") <= 0)
		lgp_game_over(g, "loss", "time");
	else if (lgp_damage(g) >= health(g)) {
		lgp_ev(g, "killed", "Damage %d reaches your health %d.", lgp_damage(g), health(g));
		lgp_game_over(g, "loss", "killed");
	}
}

void lgp_change_time(struct lg *g, int n)
{
	int t = I(g, "time") + n;

	if (t > g->p->board.time_start)
		t = g->p->board.time_start;
	setI(g, "time", t < 0 ? 0 : t);
	lgp_ev(g, "time", "Time Track %+d: %d.", n, I(g, "time"));
	check_losses(g);
}

/* Draws one wound (R5.3.2, R5.3.4): the instance, NULL when both piles are empty. */
static const char *draw_wound(struct lg *g)
{
	json_t *deck = A(g, "wound_deck"), *discard = A(g, "wound_discard");

	if (!json_array_size(deck) && json_array_size(discard)) {
		json_array_extend(deck, discard);
		json_array_clear(discard);
		if (lgp_shuffle(g, "wounds", deck) < 0)
			return NULL;
	}
	if (!json_array_size(deck))
		return NULL;
	lgp_note_top(g, "wounds", deck);
	return json_string_value(json_array_get(deck, 0));
}

/* One strike in the Matrix by enemy (NULL: a wound atom): R5.3.2-5.3.3. */
int lgp_take_wound(struct lg *g, const char *enemy)
{
	json_t *deck = A(g, "wound_deck");
	const char *w = draw_wound(g);
	char inst[40];

	if (g->fatal)
		return -1;
	if (!w) {
		lgp_ev(g, "wound", "No wound left: the strike costs 1 Time.");
		lgp_change_time(g, -1);
		return 0;
	}
	snprintf(inst, sizeof(inst), "%s", w);
	if (enemy && kw(g, enemy, "wild-swing", NULL) && !g->wild_keep &&
	    legendary_int(card(g, inst), "damage", 0) >= g->wild_redraw) {
		move_to(deck, 0, A(g, "wound_discard"));
		lgp_ev(g, "wild-swing", "Wild Swing: %s [%s] is discarded and another wound drawn.",
		   cname(g, inst), inst);
		w = draw_wound(g);
		if (g->fatal)
			return -1;
		if (!w) {
			lgp_change_time(g, -1);
			return 0;
		}
		snprintf(inst, sizeof(inst), "%s", w);
	}
	move_to(deck, 0, A(g, "wounds"));
	lgp_ev(g, "wound", "Wound %s [%s] (damage %d).", cname(g, inst), inst,
	   legendary_int(card(g, inst), "damage", 0));
	check_losses(g);
	if (!g->stop)
		return lgp_apply_list(g, inst, "wound", json_object_get(card(g, inst), "on_draw"));
	return 0;
}

/* ---------- choices (R3.3) ---------- */

/* The next CHOOSE value, or NULL (take the default); "NONE" declines. */
const char *lgp_choice(struct lg *g)
{
	const char *v = json_string_value(json_array_get(g->choices, g->next_choice));

	if (v)
		g->next_choice++;
	return v;
}

int lgp_is_none(const char *v)
{
	return v && (!strcmp(v, "NONE") || !strcmp(v, "-") || !strcmp(v, "AUCUN"));
}

/* Finds a card named by id or instance in arr (face-down row cards excluded by the caller). */
long lgp_find_named(const json_t *arr, const char *name)
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
	lgp_ev(g, "phone-destroyed", "The phone of R%d is destroyed.", slot);
}

/* Puts entry (an object {card, face}, stolen) into slot k: R5.1.2. */
void lgp_put_slot(struct lg *g, json_t *entry, int k)
{
	json_t *row = A(g, "row"), *here;
	const char *inst = json_string_value(json_object_get(entry, "card"));

	if (k <= 0) {
		int down = strcmp(json_string_value(json_object_get(entry, "face")), "up") != 0;

		json_array_append_new(A(g, "combat_zone"), json_pack("{s:s,s:s}", "card", inst, "face", "up"));
		if (down)
			lgp_ev(g, "combat-zone", "A face-down card enters the Combat Zone.");
		else
			lgp_ev(g, "combat-zone", "%s enters the Combat Zone.", cname(g, inst));
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
		lgp_ev(g, "stationary", "%s is Stationary: the card goes past it.",
		   cname(g, json_string_value(json_object_get(here, "card"))));
		lgp_put_slot(g, entry, k - 1);
		return;
	}
	json_incref(here);
	json_array_set_new(row, (size_t)(k - 1), entry);
	if (!strcmp(ctype(g, inst), "inevitable"))
		destroy_phone(g, k);
	lgp_put_slot(g, here, k - 1);
}

int lgp_run_reveals(struct lg *g)
{
	json_t *q = g->reveal_queue;
	size_t i;
	const json_t *r;

	g->reveal_queue = NULL;
	json_array_foreach(q, i, r)
		if (!g->stop && lgp_reveal(g, json_string_value(json_object_get(r, "card")),
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
	lgp_put_slot(g, e, k - 1);
}

int lgp_matrix_phase(struct lg *g)
{
	json_t *deck = A(g, "matrix_deck"), *row = A(g, "row");
	int n = g->p->board.nslots, inev = inevitable_slot(g), k;
	const json_t *cz;
	size_t i;
	int in_cz = 0;

	json_array_foreach(A(g, "combat_zone"), i, cz)
		in_cz |= !strcmp(ctype(g, json_string_value(json_object_get(cz, "card"))), "inevitable");
	g->reveal_queue = json_array();
	lgp_ev(g, "matrix-phase", "Turn %d: Matrix phase.", I(g, "turn"));
	if (inev) {
		lgp_ev(g, "inevitable", "%s advances one slot.", cname(g, json_string_value(json_object_get(
			json_array_get(row, (size_t)(inev - 1)), "card"))));
		advance(g, inev);
	} else if (!in_cz && json_array_size(deck)) {
		const char *top = json_string_value(json_array_get(deck, 0));
		int up = !strcmp(ctype(g, top), "inevitable");

		if (up)
			lgp_ev(g, "inevitable", "The Inevitable card %s [%s] enters the row at R%d.",
			   cname(g, top), top, n);
		else
			lgp_ev(g, "push", "A face-down card enters the Matrix row at R%d.", n);
		lgp_note_top(g, "matrix", deck);
		lgp_put_slot(g, json_pack("{s:s,s:s}", "card", top, "face", up ? "up" : "down"), n);
		json_array_remove(deck, 0);
	}
	/* R5.1.5: Chase, leftmost first. */
	for (k = 1; k <= n; k++) {
		const json_t *e = json_array_get(row, (size_t)(k - 1));
		const char *inst = json_string_value(json_object_get(e, "card"));

		if (inst && !strcmp(json_string_value(json_object_get(e, "face")), "up") &&
		    kw(g, inst, "chase", NULL) && !kw(g, inst, "stationary", NULL)) {
			lgp_ev(g, "chase", "%s chases one slot.", cname(g, inst));
			advance(g, k);
		}
	}
	return lgp_run_reveals(g);
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
		lgp_ev(g, "offer", "A minor victory is offered: answer VICTORY MINOR or VICTORY MAJOR.");
		if (json_is_string(json_object_get(g->st, "standing_answer"))) {
			const char *ans = json_string_value(json_object_get(g->st, "standing_answer"));

			json_object_set_new(g->st, "offer", json_null());
			if (!strcmp(ans, "minor")) {
				lgp_game_over(g, "minor-victory", "minor");
				return 0;
			}
			lgp_ev(g, "offer", "The minor victory is declined: play goes on.");
		} else {
			g->halt = 1;
			g->halt_reason = "offer";
		}
	}
	if (!objective_met(g, json_object_get(a, "objective"), I(g, "act") == 3 ? "major" : "advance"))
		return 0;
	json_object_del(g->st, "manual_met");
	if (I(g, "act") == 3) {
		lgp_ev(g, "victory", "Act 3's objective is met: a major victory.");
		lgp_game_over(g, "major-victory", "major");
		return 0;
	}
	lgp_ev(g, "objective", "Act %d's objective is met.", I(g, "act"));
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
int lgp_check_objectives(struct lg *g)
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
	lgp_ev(g, "act", "Act %d \"%s\" begins.", I(g, "act"), json_string_value(json_object_get(a, "name")));
	if (mode && !strcmp(mode, "per-act")) {
		json_t *deck = A(g, "matrix_deck"), *aside = A(g, "aside"), *fresh = json_array();
		json_t *mine = json_array(), *all = json_array();
		const char *inev = NULL;
		char label[16], key[24];
		size_t i;
		const json_t *v;

		json_array_extend(aside, deck);
		json_array_clear(deck);
		snprintf(key, sizeof(key), "act%d", I(g, "act"));
		/*
		 * The act's mini-deck waits in "pending_acts" since the deal; a
		 * state written by R12.1 keeps it among the cards set aside, so
		 * without that key the act's own instances are taken from "aside".
		 */
		if (json_object_get(json_object_get(g->st, "pending_acts"), key)) {
			json_array_foreach(json_object_get(json_object_get(g->st, "pending_acts"), key), i, v)
				json_array_append(mine, (json_t *)v);
		} else {
			lgp_act_deck(g, I(g, "act"), all);
			json_array_foreach(all, i, v) {
				long at = find(aside, json_string_value(v));

				if (at >= 0) {
					json_array_append(mine, (json_t *)v);
					json_array_remove(aside, (size_t)at);
				}
			}
		}
		json_array_foreach(mine, i, v) {
			if (!strcmp(ctype(g, json_string_value(v)), "inevitable"))
				inev = json_string_value(v);
			else
				json_array_append(fresh, (json_t *)v);
		}
		snprintf(label, sizeof(label), "matrix-%d", I(g, "act"));
		if (lgp_shuffle(g, label, fresh) < 0) {
			json_decref(fresh);
			json_decref(mine);
			json_decref(all);
			return -1;
		}
		json_array_extend(deck, fresh);
		if (inev)
			json_array_append_new(deck, json_string(inev));
		json_object_del(json_object_get(g->st, "pending_acts"), key);
		json_decref(fresh);
		json_decref(mine);
		json_decref(all);
	}
	lgp_apply_list(g, "ACT", "setup", json_object_get(a, "setup"));
	return 0;
}

