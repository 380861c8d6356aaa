/*
 * duel play: one turn of the card duel (rulings sections 5-13) and the
 * setup (3) on the plain state. Section numbers in comments are the
 * rulings'.
 */
#include "duel.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/errbuf.h"

#define SIDE_NAME(s) duel_side_names[s]
#define TITLE(s) ((s) == DUEL_HUMANS ? "Humans" : "Machines")
#define CARD(p, side, c) (&(p)->st->decks[side]->cards[c])
#define ID(p, side, c) (CARD(p, side, c)->id)

/* ---------- tables ---------- */

static void normal_name(const char *in, char *out, size_t len)
{
	size_t n = 0;
	int gap = 0;

	for (; *in && n + 2 < len; in++) {
		unsigned char ch = (unsigned char)*in;

		if (ch == '\'')
			continue;
		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z')) {
			if (gap && n)
				out[n++] = ' ';
			gap = 0;
			out[n++] = (char)(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
		} else {
			gap = 1;
		}
	}
	out[n] = '\0';
}

void duel_tables_init(struct duel_tables *t)
{
	char a[DUEL_NAME_MAX + 2], b[DUEL_NAME_MAX + 2];
	int side;
	size_t i, j;

	memset(t->cls, 0, sizeof t->cls);
	memset(t->copies, 0, sizeof t->copies);
	for (side = 0; side < DUEL_SIDES; side++) {
		const struct duel_deck *d = &t->decks[side];

		for (i = 0; i < d->ncards; i++) {
			normal_name(d->cards[i].name, a, sizeof a);
			t->cls[side][i] = (uint8_t)i;
			for (j = 0; j < i; j++) {
				normal_name(d->cards[j].name, b, sizeof b);
				if (!strcmp(a, b)) {
					t->cls[side][i] = t->cls[side][j];
					break;
				}
			}
			t->copies[side][t->cls[side][i]]++;
		}
	}
}

void duel_orders_init(struct duel_orders *o, int side)
{
	memset(o, 0, sizeof *o);
	o->side = side;
	o->choice = DUEL_CHOICE_DRAW;
}

int duel_ref_match(const struct duel_tables *t, int side, struct duel_ref r, int card)
{
	return r.by_name ? t->cls[side][card] == r.card : card == r.card;
}

int duel_card_realm_matrix(const struct duel_card *c, int plugged)
{
	switch (c->kind) {
	case DUEL_FREED: return plugged;
	case DUEL_PROGRAM:
	case DUEL_AGENT: return 1;
	default: return 0;
	}
}

int duel_in_matrix(const struct duel_state *st, int side, int slot)
{
	const struct duel_in_play *ip = &st->side[side].play[slot];

	return duel_card_realm_matrix(&st->decks[side]->cards[ip->card], ip->plugged);
}

/* ---------- zones ---------- */

static void zone_remove_at(struct duel_zone *z, int i)
{
	memmove(&z->card[i], &z->card[i + 1], (size_t)(z->n - i - 1));
	z->n--;
}

static void zone_push(struct duel_zone *z, int card)
{
	z->card[z->n++] = (uint8_t)card;
}

static int zone_find(const struct duel_play *p, int side, const struct duel_zone *z,
		     struct duel_ref r, int type)
{
	int i;

	for (i = 0; i < z->n; i++)
		if (duel_ref_match(p->t, side, r, z->card[i]) &&
		    (type < 0 || (int)CARD(p, side, z->card[i])->type == type))
			return i;
	return -1;
}

/* ---------- telling ---------- */

static json_t *to_seat(const struct duel_play *p, int side)
{
	return json_pack("[s]", p->seat[side] ? p->seat[side] : SIDE_NAME(side));
}

static void event(struct duel_play *p, json_t *e)
{
	if (e)
		json_array_append_new(p->events, e);
}

static void say(struct duel_play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct duel_play *p, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (!p->story)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	json_array_append_new(p->story, json_string(buf));
}

/* A private note (15.1): an event and a story line for side only. */
static void note(struct duel_play *p, int side, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void note(struct duel_play *p, int side, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (!p->events)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	event(p, json_pack("{s:s,s:s,s:s,s:o}", "type", "note", "side", SIDE_NAME(side), "text", buf,
			   "to", to_seat(p, side)));
	json_array_append_new(p->story, json_pack("{s:s,s:o}", "text", buf, "to", to_seat(p, side)));
}

static void tell_private(struct duel_play *p, int side, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void tell_private(struct duel_play *p, int side, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	if (!p->story)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	json_array_append_new(p->story, json_pack("{s:s,s:o}", "text", buf, "to", to_seat(p, side)));
}

static json_t *ids_json(const struct duel_play *p, int side, const uint8_t *cards, int n)
{
	json_t *a = json_array();
	int i;

	for (i = 0; a && i < n; i++)
		json_array_append_new(a, json_string(ID(p, side, cards[i])));
	return a;
}

static void win(struct duel_play *p, int side, enum duel_reason reason)
{
	static const char *const why[] = { "", "the Humans reach 20 Mission Points",
		"Neo is killed", "the Nebuchadnezzar is destroyed",
		"the robot army reaches Zion (20 Time counters)" };

	if (p->st->winner >= 0)
		return;
	p->st->winner = side;
	p->st->reason = reason;
	if (p->events)
		event(p, json_pack("{s:s,s:s,s:s}", "type", "victory", "winner", SIDE_NAME(side),
				   "reason", duel_reason_names[reason]));
	say(p, "The %s win: %s.", side == DUEL_HUMANS ? "Humans" : "Machines", why[reason]);
}

/* ---------- draws ---------- */

static int shuffle_zone(struct duel_play *p, int side, struct duel_zone *z)
{
	/* 7.6: a pile of 0 or 1 card is not shuffled and draws nothing. */
	if (z->n <= 1)
		return 0;
	if (p->dice.shuffle(p->dice.ctx, side, p->st->decks[side], z->card, z->n, p->err,
			    sizeof p->err) < 0)
		return -1;
	return 0;
}

/* 7.5: the discard pile, in its order, shuffled into the deck. */
static int rebuild(struct duel_play *p, int side)
{
	struct duel_side_state *s = &p->st->side[side];

	if (!s->discard.n)
		return 0;
	s->deck = s->discard;
	s->discard.n = 0;
	if (p->events)
		event(p, json_pack("{s:s,s:s,s:i}", "type", "reshuffle", "side", SIDE_NAME(side), "cards",
				   s->deck.n));
	say(p, "The %s' deck ran out: their discard pile (%d card%s) is shuffled into a new deck.",
	    TITLE(side), s->deck.n, s->deck.n == 1 ? "" : "s");
	return shuffle_zone(p, side, &s->deck);
}

/* The top card to the hand: 1 drawn, 0 nothing to draw, -1 error. */
static int draw_one(struct duel_play *p, int side, int *card)
{
	struct duel_side_state *s = &p->st->side[side];

	if (!s->deck.n && rebuild(p, side) < 0)
		return -1;
	if (!s->deck.n)
		return 0;
	*card = s->deck.card[0];
	zone_remove_at(&s->deck, 0);
	zone_push(&s->hand, *card);
	return 1;
}

static int draw_cards(struct duel_play *p, int side, int n)
{
	uint8_t got[DUEL_DECK_MAX];
	int k = 0, i, c, rc;

	for (i = 0; i < n; i++) {
		if ((rc = draw_one(p, side, &c)) < 0)
			return -1;
		if (rc)
			got[k++] = (uint8_t)c;
	}
	if (p->events) {
		event(p, json_pack("{s:s,s:s,s:i}", "type", "draw", "side", SIDE_NAME(side), "count", k));
		event(p, json_pack("{s:s,s:s,s:o,s:o}", "type", "drawn", "side", SIDE_NAME(side), "cards",
				   ids_json(p, side, got, k), "to", to_seat(p, side)));
		say(p, "The %s drew %d card%s.", TITLE(side), k, k == 1 ? "" : "s");
		if (k) {
			char buf[256] = "";

			for (i = 0; i < k; i++)
				snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s %s", i ? ", " : "",
					 ID(p, side, got[i]), CARD(p, side, got[i])->name);
			tell_private(p, side, "You drew %s.", buf);
		}
	}
	return 0;
}

/* ---------- phases ---------- */

/* 6.2: down to 10 cards, DISCARD cards first, then the last cards in hand order. */
static void hand_limit(struct duel_play *p, int side, const struct duel_orders *o)
{
	struct duel_side_state *s = &p->st->side[side];
	uint8_t out[DUEL_DECK_MAX];
	int n = 0, k, i;

	for (k = 0; k < o->discard.n && s->hand.n > DUEL_HAND_LIMIT; k++) {
		i = zone_find(p, side, &s->hand, o->discard.r[k], -1);
		if (i < 0)
			continue;
		out[n++] = s->hand.card[i];
		zone_push(&s->discard, s->hand.card[i]);
		zone_remove_at(&s->hand, i);
	}
	if (s->hand.n > DUEL_HAND_LIMIT) {
		int from = s->hand.n - DUEL_HAND_LIMIT;

		/* The last cards go to the pile in their hand order. */
		for (i = DUEL_HAND_LIMIT; i < s->hand.n; i++) {
			out[n++] = s->hand.card[i];
			zone_push(&s->discard, s->hand.card[i]);
		}
		s->hand.n = (uint8_t)(s->hand.n - from);
	}
	if (n && p->events) {
		char buf[300] = "";

		for (i = 0; i < n; i++)
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s %s", i ? ", " : "",
				 ID(p, side, out[i]), CARD(p, side, out[i])->name);
		event(p, json_pack("{s:s,s:s,s:o}", "type", "hand-limit", "side", SIDE_NAME(side), "cards",
				   ids_json(p, side, out, n)));
		say(p, "Hand limit: the %s discard %s.", TITLE(side), buf);
	}
}

static int deck_choice(struct duel_play *p, int side, const struct duel_orders *o)
{
	struct duel_side_state *s = &p->st->side[side];
	int i, c;

	if (o->choice == DUEL_CHOICE_RECALL) {
		/* 7.3: the copy nearest the top (the last discarded). */
		for (i = s->discard.n - 1; i >= 0; i--)
			if (duel_ref_match(p->t, side, o->choice_ref, s->discard.card[i]) &&
			    CARD(p, side, s->discard.card[i])->type == DUEL_CHARACTER)
				break;
		if (i < 0) {
			note(p, side, "RECALL: no such character in your discard pile; nothing recalled.");
			return 0;
		}
		c = s->discard.card[i];
		zone_remove_at(&s->discard, i);
		zone_push(&s->hand, c);
		if (p->events)
			event(p, json_pack("{s:s,s:s,s:s}", "type", "recall", "side", SIDE_NAME(side), "card",
					   ID(p, side, c)));
		say(p, "The %s recall %s %s from their discard pile.", TITLE(side), ID(p, side, c),
		    CARD(p, side, c)->name);
		return 0;
	}
	if (o->choice == DUEL_CHOICE_TAKE) {
		if (!s->deck.n && rebuild(p, side) < 0)
			return -1;
		i = zone_find(p, side, &s->deck, o->choice_ref, -1);
		if (i < 0) {
			note(p, side, "TAKE: no such card in your deck; nothing taken.");
			return 0;
		}
		c = s->deck.card[i];
		zone_remove_at(&s->deck, i);
		zone_push(&s->hand, c);
		if (p->events) {
			event(p, json_pack("{s:s,s:s}", "type", "take", "side", SIDE_NAME(side)));
			event(p, json_pack("{s:s,s:s,s:s,s:o}", "type", "taken", "side", SIDE_NAME(side), "card",
					   ID(p, side, c), "to", to_seat(p, side)));
		}
		say(p, "The %s searched the deck and took 1 card.", TITLE(side));
		tell_private(p, side, "You took %s %s.", ID(p, side, c), CARD(p, side, c)->name);
		return shuffle_zone(p, side, &s->deck);
	}
	return draw_cards(p, side, 2);
}

static void deploy_at(struct duel_play *p, int side, int i)
{
	struct duel_side_state *s = &p->st->side[side];
	int c = s->hand.card[i];

	zone_remove_at(&s->hand, i);
	s->play[s->nplay].card = (uint8_t)c;
	s->play[s->nplay].plugged = 0;
	s->nplay++;
	if (p->events)
		event(p, json_pack("{s:s,s:s,s:s}", "type", "deploy", "side", SIDE_NAME(side), "card",
				   ID(p, side, c)));
	say(p, "The %s deploy %s %s.", TITLE(side), ID(p, side, c), CARD(p, side, c)->name);
}

static void set_plug(struct duel_play *p, int slot, int plugged)
{
	struct duel_in_play *ip = &p->st->side[DUEL_HUMANS].play[slot];

	ip->plugged = (uint8_t)plugged;
	if (p->events)
		event(p, json_pack("{s:s,s:s}", "type", plugged ? "plug" : "unplug", "card",
				   ID(p, DUEL_HUMANS, ip->card)));
	say(p, "%s %s is %s.", ID(p, DUEL_HUMANS, ip->card), CARD(p, DUEL_HUMANS, ip->card)->name,
	    plugged ? "plugged into the Matrix" : "unplugged");
}

static void switch_one(struct duel_play *p, int side, const struct duel_switch *sw)
{
	struct duel_side_state *s = &p->st->side[side];
	int i;

	if (sw->op == DUEL_OP_DEPLOY) {
		if (sw->all) {
			for (i = 0; i < s->hand.n;)
				if (CARD(p, side, s->hand.card[i])->type == DUEL_CHARACTER)
					deploy_at(p, side, i);
				else
					i++;
			return;
		}
		i = zone_find(p, side, &s->hand, sw->ref, DUEL_CHARACTER);
		if (i < 0)
			note(p, side, "DEPLOY: %s is not in your hand; skipped.",
			     CARD(p, side, sw->ref.card)->name);
		else
			deploy_at(p, side, i);
		return;
	}
	/* PLUG / UNPLUG (8.3): freed humans only; the first not already as wanted. */
	for (i = 0; i < s->nplay; i++) {
		const struct duel_card *c = CARD(p, side, s->play[i].card);
		int want = sw->op == DUEL_OP_PLUG;

		if (c->kind != DUEL_FREED || s->play[i].plugged == want)
			continue;
		if (sw->all) {
			set_plug(p, i, want);
			continue;
		}
		if (duel_ref_match(p->t, side, sw->ref, s->play[i].card)) {
			set_plug(p, i, want);
			return;
		}
	}
	if (!sw->all)
		note(p, side, "%s: no %s in play that is %s; skipped.",
		     sw->op == DUEL_OP_PLUG ? "PLUG" : "UNPLUG", CARD(p, side, sw->ref.card)->name,
		     sw->op == DUEL_OP_PLUG ? "not plugged yet" : "plugged");
}

static int humans_in_matrix(const struct duel_play *p)
{
	int i;

	for (i = 0; i < p->st->side[DUEL_HUMANS].nplay; i++)
		if (duel_in_matrix(p->st, DUEL_HUMANS, i))
			return 1;
	return 0;
}

/* ---------- contests (10) ---------- */

static int is_target(const struct duel_play *p, int enemy, int slot, enum duel_neutralize kind)
{
	const struct duel_card *c = CARD(p, enemy, p->st->side[enemy].play[slot].card);

	if (p->neut[enemy][p->st->side[enemy].play[slot].card])
		return 0;
	return kind == DUEL_NEUT_ALL || (kind == DUEL_NEUT_ROBOTS && c->kind == DUEL_ROBOT) ||
	       (kind == DUEL_NEUT_AGENTS && c->kind == DUEL_AGENT);
}

/*
 * The targets card would neutralize (10.2), marked when mark is set: their
 * count (0: the card is not committed).
 */
static int neutralize(struct duel_play *p, int side, const struct duel_commit *cm,
		      const struct duel_card *card, int mark, uint8_t *hit)
{
	int enemy = 1 - side, i, n = 0;
	struct duel_side_state *e = &p->st->side[enemy];

	for (i = 0; i < e->nplay; i++) {
		int c = e->play[i].card;

		if (card->neutralize == DUEL_NEUT_ONE) {
			if (!cm->has_target || p->neut[enemy][c] ||
			    !duel_ref_match(p->t, enemy, cm->target, c))
				continue;
		} else if (!is_target(p, enemy, i, card->neutralize)) {
			continue;
		}
		if (mark)
			p->neut[enemy][c] = 1;
		hit[n++] = (uint8_t)c;
		if (card->neutralize == DUEL_NEUT_ONE)
			break;
	}
	return n;
}

struct side_total {
	int roll, chars, bonus, extra, total, ncards;
	uint8_t cards[DUEL_SLOT_MAX];
	int card_bonus[DUEL_SLOT_MAX];
};

static void commit_cards(struct duel_play *p, int side, const struct duel_orders *o, int contest,
			 int n, struct side_total *t)
{
	struct duel_side_state *s = &p->st->side[side];
	int k;

	for (k = 0; k < o->nplay[contest][n - 1]; k++) {
		const struct duel_commit *cm = &o->play[contest][n - 1][k];
		uint8_t hit[DUEL_DECK_MAX];
		const struct duel_card *card;
		int i = zone_find(p, side, &s->hand, cm->card, DUEL_EVENT), c, nhit = 0;

		if (i < 0) {
			note(p, side, "PLAY %s %d: %s is not in your hand; skipped.",
			     duel_contest_names[contest], n, CARD(p, side, cm->card.card)->name);
			continue;
		}
		c = s->hand.card[i];
		card = CARD(p, side, c);
		if (!(card->play_mask & (1u << contest | 1u << DUEL_ANY)))
			continue;	/* refused when read; a safety net for hand-made states */
		if (card->neutralize) {
			nhit = neutralize(p, side, cm, card, 0, hit);
			if (!nhit) {
				note(p, side, "PLAY %s %d: %s has no target in play; it stays in your hand.",
				     duel_contest_names[contest], n, card->name);
				continue;
			}
			neutralize(p, side, cm, card, 1, hit);
		}
		zone_remove_at(&s->hand, i);
		t->cards[t->ncards] = (uint8_t)c;
		t->card_bonus[t->ncards] = card->play_mask & (1u << contest) ? card->play[contest]
									   : card->play[DUEL_ANY];
		t->bonus += t->card_bonus[t->ncards];
		t->ncards++;
		if (nhit) {
			char buf[256] = "";

			for (i = 0; i < nhit; i++)
				snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s %s", i ? ", " : "",
					 ID(p, 1 - side, hit[i]), CARD(p, 1 - side, hit[i])->name);
			if (p->events)
				event(p, json_pack("{s:s,s:s,s:s,s:o}", "type", "neutralize", "side",
						   SIDE_NAME(side), "card", ID(p, side, c), "targets",
						   ids_json(p, 1 - side, hit, nhit)));
			say(p, "%s %s neutralizes %s for the rest of the turn.", ID(p, side, c), card->name,
			    buf);
		}
	}
}

static int character_sum(const struct duel_play *p, int side, int contest)
{
	const struct duel_side_state *s = &p->st->side[side];
	int matrix = contest <= DUEL_ESCAPE, i, sum = 0;

	for (i = 0; i < s->nplay; i++) {
		int c = s->play[i].card;

		if (!p->neut[side][c] && duel_in_matrix(p->st, side, i) == matrix)
			sum += CARD(p, side, c)->mods[contest];
	}
	return sum;
}

static json_t *total_json(const struct duel_play *p, int side, const struct side_total *t)
{
	json_t *cards = json_array();
	int i;

	for (i = 0; cards && i < t->ncards; i++)
		json_array_append_new(cards, json_pack("{s:s,s:i}", "id", ID(p, side, t->cards[i]),
						       "bonus", t->card_bonus[i]));
	return json_pack("{s:i,s:i,s:o,s:i}", "roll", t->roll, "characters", t->chars, "cards", cards,
			 "total", t->total);
}

static void describe(const struct duel_play *p, int side, const struct side_total *t, char *buf,
		     size_t len)
{
	int i;

	snprintf(buf, len, "%s d10 %d, characters %+d", SIDE_NAME(side), t->roll, t->chars);
	for (i = 0; i < t->ncards; i++)
		snprintf(buf + strlen(buf), len - strlen(buf), ", %s %s %+d", ID(p, side, t->cards[i]),
			 CARD(p, side, t->cards[i])->name, t->card_bonus[i]);
	if (t->extra)
		snprintf(buf + strlen(buf), len - strlen(buf), ", difficulty %+d", t->extra);
}

/* One contest: > 0 the Humans' total is higher, < 0 the Machines', 0 a tie. */
static int contest(struct duel_play *p, const struct duel_orders o[DUEL_SIDES], int c, int n,
		   int difficulty, int *result)
{
	struct side_total t[DUEL_SIDES];
	int side, k;

	memset(t, 0, sizeof t);
	/* 10.2: both sides' commitments are fixed before either die. */
	for (side = 0; side < DUEL_SIDES; side++)
		commit_cards(p, side, &o[side], c, n, &t[side]);
	for (side = 0; side < DUEL_SIDES; side++)
		if (p->dice.d10(p->dice.ctx, c, side, &t[side].roll, p->err, sizeof p->err) < 0)
			return -1;
	t[DUEL_MACHINES].extra = difficulty;
	for (side = 0; side < DUEL_SIDES; side++) {
		struct duel_side_state *s = &p->st->side[side];

		t[side].chars = character_sum(p, side, c);
		t[side].total = t[side].roll + t[side].chars + t[side].bonus + t[side].extra;
		/* 10.3: spent whatever the result. */
		for (k = 0; k < t[side].ncards; k++)
			zone_push(&s->discard, t[side].cards[k]);
	}
	*result = t[0].total > t[1].total ? 1 : t[0].total < t[1].total ? -1 : 0;
	if (p->events) {
		const char *who = *result > 0 ? "humans" : *result < 0 ? "machines" : "tie";
		char line[96], a[400], b[400];
		json_t *e;

		snprintf(line, sizeof line, "%s %d: humans %d machines %d -> %s", duel_contest_names[c], n,
			 t[0].total, t[1].total, who);
		e = json_pack("{s:s,s:s,s:i,s:o,s:o,s:s,s:s}", "type", "contest", "contest",
			      duel_contest_names[c], "n", n, "humans", total_json(p, 0, &t[0]), "machines",
			      total_json(p, 1, &t[1]), "result", who, "line", line);
		if (e && c == DUEL_MISSION)
			json_object_set_new(json_object_get(e, "machines"), "difficulty",
					    json_integer(difficulty));
		event(p, e);
		describe(p, 0, &t[0], a, sizeof a);
		describe(p, 1, &t[1], b, sizeof b);
		say(p, "%s (%s; %s)", line, a, b);
	}
	return 0;
}

/* ---------- casualties (12) ---------- */

static void kill_slot(struct duel_play *p, int side, int slot)
{
	struct duel_side_state *s = &p->st->side[side];
	int c = s->play[slot].card;

	memmove(&s->play[slot], &s->play[slot + 1], (size_t)(s->nplay - slot - 1) * sizeof s->play[0]);
	s->nplay--;
	zone_push(&s->discard, c);
	if (p->events)
		event(p, json_pack("{s:s,s:s,s:s}", "type", "kill", "side", SIDE_NAME(side), "card",
				   ID(p, side, c)));
	say(p, "%s %s of the %s is killed.", ID(p, side, c), CARD(p, side, c)->name, TITLE(side));
	if (side == DUEL_HUMANS && CARD(p, side, c)->neo)
		win(p, DUEL_MACHINES, DUEL_WIN_NEO);
}

static void casualty(struct duel_play *p, int side, const struct duel_orders *o, int matrix)
{
	struct duel_side_state *s = &p->st->side[side];
	int k, i, best = -1, best_value = 0, best_neo = 0;

	for (k = 0; k < o->casualties.n; k++)
		for (i = 0; i < s->nplay; i++)
			if (duel_in_matrix(p->st, side, i) == matrix &&
			    duel_ref_match(p->t, side, o->casualties.r[k], s->play[i].card)) {
				kill_slot(p, side, i);
				return;
			}
	/* 12.2: the lowest value, Neo last, the latest to enter among equals. */
	for (i = 0; i < s->nplay; i++) {
		const struct duel_card *c = CARD(p, side, s->play[i].card);
		int v = duel_card_value(c);

		if (duel_in_matrix(p->st, side, i) != matrix)
			continue;
		if (best < 0 || (best_neo && !c->neo) ||
		    (best_neo == c->neo && v <= best_value)) {
			best = i;
			best_value = v;
			best_neo = c->neo;
		}
	}
	if (best >= 0)
		kill_slot(p, side, best);
	else
		say(p, "The %s have no character %s to lose.", TITLE(side),
		    matrix ? "in the Matrix" : "in the real world");
}

/* Combat or Battle: the lower total loses a character; a tie kills nobody (10.4). */
static int fight(struct duel_play *p, const struct duel_orders o[DUEL_SIDES], int c, int n,
		 int *result)
{
	int matrix = c == DUEL_COMBAT;

	if (contest(p, o, c, n, 0, result) < 0)
		return -1;
	if (*result > 0)
		casualty(p, DUEL_MACHINES, &o[DUEL_MACHINES], matrix);
	else if (*result < 0)
		casualty(p, DUEL_HUMANS, &o[DUEL_HUMANS], matrix);
	return 0;
}

/* ---------- Matrix phase (9) ---------- */

static int neo_in_matrix(const struct duel_play *p)
{
	const struct duel_side_state *s = &p->st->side[DUEL_HUMANS];
	int i;

	for (i = 0; i < s->nplay; i++)
		if (CARD(p, DUEL_HUMANS, s->play[i].card)->neo)
			return s->play[i].plugged;
	return 0;
}

static int mission(struct duel_play *p, const struct duel_orders o[DUEL_SIDES])
{
	struct duel_side_state *s = &p->st->side[DUEL_HUMANS];
	const struct duel_card *card = NULL;
	int i = -1, result, mp = 1, difficulty = 0;

	if (o[DUEL_HUMANS].has_mission) {
		i = zone_find(p, DUEL_HUMANS, &s->hand, o[DUEL_HUMANS].mission, DUEL_MISSION_CARD);
		if (i < 0)
			note(p, DUEL_HUMANS, "MISSION: %s is not in your hand; the Basic Mission is run.",
			     CARD(p, DUEL_HUMANS, o[DUEL_HUMANS].mission.card)->name);
		else if (!neo_in_matrix(p)) {
			note(p, DUEL_HUMANS, "MISSION: Neo is not in the Matrix; the Basic Mission is run.");
			i = -1;
		}
	}
	if (i >= 0) {
		card = CARD(p, DUEL_HUMANS, s->hand.card[i]);
		mp = card->mp;
		difficulty = card->difficulty;
	}
	if (p->events)
		event(p, json_pack("{s:s,s:s?,s:i,s:i}", "type", "mission", "card", card ? card->id : NULL,
				   "mp", mp, "difficulty", difficulty));
	if (card)
		say(p, "The Humans run the mission %s %s (%d MP, difficulty %d).", card->id, card->name,
		    mp, difficulty);
	else
		say(p, "The Humans run the Basic Mission (1 MP, difficulty 0).");
	if (contest(p, o, DUEL_MISSION, 1, difficulty, &result) < 0)
		return -1;
	if (result > 0) {
		p->st->mp += mp;
		if (card) {
			/* The contest never takes a mission card, so it is still where it was. */
			i = zone_find(p, DUEL_HUMANS, &s->hand, (struct duel_ref){ (uint8_t)(card - p->st->decks[0]->cards), 0 }, -1);
			zone_push(&s->removed, s->hand.card[i]);
			zone_remove_at(&s->hand, i);
		}
		if (p->events)
			event(p, json_pack("{s:s,s:i,s:i}", "type", "mission-points", "gained", mp, "mp",
					   p->st->mp));
		say(p, "The mission succeeds: the Humans gain %d MP (%d in all).", mp, p->st->mp);
		if (p->st->mp >= DUEL_WIN_MP_AT)
			win(p, DUEL_HUMANS, DUEL_WIN_MP);
	} else {
		say(p, "The mission fails.");
	}
	return 0;
}

static void exit_team(struct duel_play *p, const struct duel_orders *o)
{
	struct duel_side_state *s = &p->st->side[DUEL_HUMANS];
	int k, i;

	for (i = 0; o->exit_all && i < s->nplay; i++)
		if (s->play[i].plugged)
			set_plug(p, i, 0);
	for (k = 0; !o->exit_all && k < o->exit.n; k++) {
		for (i = 0; i < s->nplay; i++)
			if (s->play[i].plugged &&
			    duel_ref_match(p->t, DUEL_HUMANS, o->exit.r[k], s->play[i].card))
				break;
		if (i < s->nplay)
			set_plug(p, i, 0);
		else
			note(p, DUEL_HUMANS, "EXIT: %s is not plugged in; skipped.",
			     CARD(p, DUEL_HUMANS, o->exit.r[k].card)->name);
	}
}

static int matrix_phase(struct duel_play *p, const struct duel_orders o[DUEL_SIDES])
{
	int r, n;

	if (!humans_in_matrix(p)) {
		say(p, "No Human character is in the Matrix: no Matrix phase.");
		return 0;
	}
	if (contest(p, o, DUEL_INTERCEPTION, 1, 0, &r) < 0)
		return -1;
	if (r > 0) {
		say(p, "The team is not intercepted.");
		return mission(p, o);
	}
	say(p, "The team is intercepted.");
	for (n = 1; n <= DUEL_ROUNDS; n++) {
		if (fight(p, o, DUEL_COMBAT, n, &r) < 0)
			return -1;
		if (p->st->winner >= 0)
			return 0;
		if (!humans_in_matrix(p)) {
			say(p, "No Human character is left in the Matrix: the Matrix phase ends.");
			return 0;
		}
		if (n == 1) {
			if (mission(p, o) < 0)
				return -1;
			if (p->st->winner >= 0)
				return 0;
		}
		if (contest(p, o, DUEL_ESCAPE, n, 0, &r) < 0)
			return -1;
		if (r > 0) {
			say(p, "The team escapes.");
			exit_team(p, &o[DUEL_HUMANS]);
			return 0;
		}
	}
	say(p, "Escape %d is lost: the Matrix phase ends with the team still plugged in.",
	    DUEL_ROUNDS);
	return 0;
}

/* ---------- Reality phase (11) ---------- */

static int reality_phase(struct duel_play *p, const struct duel_orders o[DUEL_SIDES])
{
	const struct duel_side_state *m = &p->st->side[DUEL_MACHINES];
	int r, i, hits = 0;

	if (contest(p, o, DUEL_DETECTION, 1, 0, &r) < 0)
		return -1;
	if (r > 0) {
		say(p, "The ship is not found.");
		return 0;
	}
	if (contest(p, o, DUEL_PURSUIT, 1, 0, &r) < 0)
		return -1;
	if (r > 0) {
		say(p, "The ship outruns the Sentinels.");
		return 0;
	}
	if (fight(p, o, DUEL_BATTLE, 1, &r) < 0)
		return -1;
	if (r >= 0 || p->st->winner >= 0)
		return 0;
	/* 11.4: one hit per Extermination Unit in play and not neutralized. */
	for (i = 0; i < m->nplay; i++)
		hits += CARD(p, DUEL_MACHINES, m->play[i].card)->exterminator &&
			!p->neut[DUEL_MACHINES][m->play[i].card];
	if (!hits)
		return 0;
	p->st->hits += hits;
	if (p->st->hits > p->st->hull)
		p->st->hits = p->st->hull;
	if (p->events)
		event(p, json_pack("{s:s,s:i,s:i}", "type", "hits", "hits", hits, "total", p->st->hits));
	say(p, "The Nebuchadnezzar takes %d hit%s (%d of %d).", hits, hits == 1 ? "" : "s",
	    p->st->hits, p->st->hull);
	if (p->st->hits >= p->st->hull)
		win(p, DUEL_MACHINES, DUEL_WIN_NEB);
	return 0;
}

/* ---------- the turn ---------- */

int duel_play_turn(struct duel_play *p, const struct duel_orders o[DUEL_SIDES])
{
	struct duel_state *st = p->st;
	int side, k;

	memset(p->neut, 0, sizeof p->neut);
	p->err[0] = '\0';
	if (st->winner >= 0) {
		errbuf_set(p->err, sizeof p->err, "the game is already over: no turn is due");
		return -1;
	}
	say(p, "Turn %d.", st->turn);
	/* 6: Time. */
	if (st->time < 99)
		st->time++;
	if (p->events)
		event(p, json_pack("{s:s,s:i}", "type", "time", "time", st->time));
	say(p, "The Machines take a Time counter (%d).", st->time);
	for (side = 0; side < DUEL_SIDES; side++)
		hand_limit(p, side, &o[side]);
	/* 7: Zion, then Zero-One. */
	for (side = 0; side < DUEL_SIDES; side++)
		if (deck_choice(p, side, &o[side]) < 0)
			return -1;
	/* 8: Switch, the Humans' orders in the order written, then the Machines'. */
	for (side = 0; side < DUEL_SIDES; side++)
		for (k = 0; k < o[side].nswitch; k++)
			switch_one(p, side, &o[side].sw[k]);
	/* 9, 11. */
	if (matrix_phase(p, o) < 0)
		return -1;
	if (st->winner >= 0)
		return 0;
	if (reality_phase(p, o) < 0)
		return -1;
	if (st->winner >= 0)
		return 0;
	/* 13.3: the clock, checked at the end of the turn; the turn limit is the same clock. */
	if (st->time >= DUEL_WIN_TIME_AT || st->turn >= DUEL_TURNS) {
		win(p, DUEL_MACHINES, DUEL_WIN_TIME);
		return 0;
	}
	st->turn++;
	return 0;
}

int duel_setup(struct duel_play *p)
{
	struct duel_state *st = p->st;
	int side;
	size_t i;

	p->err[0] = '\0';
	st->turn = 1;
	st->time = st->mp = st->hits = 0;
	st->hull = 3;
	st->winner = -1;
	st->reason = DUEL_NO_WIN;
	for (side = 0; side < DUEL_SIDES; side++) {
		struct duel_side_state *s = &st->side[side];
		const struct duel_deck *d = st->decks[side];

		memset(s, 0, sizeof *s);
		for (i = 0; i < d->ncards; i++) {
			if (d->cards[i].type == DUEL_CHARACTER && d->cards[i].start) {
				s->play[s->nplay].card = (uint8_t)i;
				s->play[s->nplay].plugged = 0;
				s->nplay++;
			} else {
				zone_push(&s->deck, (int)i);
			}
		}
	}
	for (side = 0; side < DUEL_SIDES; side++)
		if (shuffle_zone(p, side, &st->side[side].deck) < 0)
			return -1;
	for (side = 0; side < DUEL_SIDES; side++) {
		if (draw_cards(p, side, DUEL_HAND_START) < 0)
			return -1;
	}
	say(p, "The duel begins: the Humans with Morpheus and Trinity, the Machines with two agents; "
	    "each side holds %d cards.", DUEL_HAND_START);
	return 0;
}

/* ---------- the judge's draw source ---------- */

static int source_d10(void *ctx, int contest, int side, int *face, char *err, size_t errlen)
{
	char label[64];

	snprintf(label, sizeof label, "d10 %s %s", duel_contest_names[contest], SIDE_NAME(side));
	return draw_die(ctx, "open", label, 10, face, err, errlen);
}

static int source_shuffle(void *ctx, int side, const struct duel_deck *deck, uint8_t *cards, int n,
			  char *err, size_t errlen)
{
	const char *ids[DUEL_DECK_MAX];
	size_t perm[DUEL_DECK_MAX];
	uint8_t old[DUEL_DECK_MAX];
	char label[32];
	int i;

	for (i = 0; i < n; i++) {
		ids[i] = deck->cards[cards[i]].id;
		old[i] = cards[i];
	}
	snprintf(label, sizeof label, "shuffle %s", SIDE_NAME(side));
	if (draw_shuffle(ctx, "sealed/cards", label, ids, (size_t)n, perm, err, errlen) < 0)
		return -1;
	for (i = 0; i < n; i++)
		cards[i] = old[perm[i]];
	return 0;
}

struct duel_dice duel_dice_of_source(struct draw_source *src)
{
	struct duel_dice d = { source_d10, source_shuffle, src };

	return d;
}
