/*
 * duel bots: the greedy and random policies of the balance table (notes
 * section 4). A bot reads only what its side may see: its hand, its deck's
 * contents (never their order), its discard pile and everything public.
 * Cards are named by id, so what a bot writes reads back the same.
 */
#include "duel.h"

#include <string.h>

#define CARDS(st, side) ((st)->decks[side]->cards)

static struct duel_ref by_id(int card)
{
	struct duel_ref r = { (uint8_t)card, 0 };

	return r;
}

static void add_switch(struct duel_orders *o, int op, int all, int card)
{
	if (o->nswitch >= DUEL_LIST_MAX)
		return;
	o->sw[o->nswitch].op = (uint8_t)op;
	o->sw[o->nswitch].all = (uint8_t)all;
	o->sw[o->nswitch].ref = by_id(card < 0 ? 0 : card);
	o->nswitch++;
}

static void add_play(struct duel_orders *o, int c, int n, int card, int target)
{
	struct duel_commit *cm;

	if (o->nplay[c][n - 1] >= DUEL_SLOT_MAX)
		return;
	cm = &o->play[c][n - 1][o->nplay[c][n - 1]++];
	memset(cm, 0, sizeof *cm);
	cm->card = by_id(card);
	if (target >= 0) {
		cm->target = by_id(target);
		cm->has_target = 1;
	}
}

static int bonus_of(const struct duel_card *c, int contest)
{
	if (c->play_mask & (1u << contest))
		return c->play[contest];
	if (c->play_mask & (1u << DUEL_ANY))
		return c->play[DUEL_ANY];
	return -100;	/* not playable there */
}

/* What an event is worth in a contest, with the enemy character it should target. */
static int event_value(const struct duel_state *st, int side, const struct duel_card *c, int contest,
		       int *target)
{
	const struct duel_side_state *e = &st->side[1 - side];
	int v = bonus_of(c, contest), i, best = -1, best_mod = 0, sum = 0;

	*target = -1;
	if (v < -50 || !c->neutralize)
		return v;
	for (i = 0; i < e->nplay; i++) {
		const struct duel_card *x = &CARDS(st, 1 - side)[e->play[i].card];
		int m = x->mods[contest];

		if (c->neutralize == DUEL_NEUT_ONE) {
			/* Neo first, whatever the contest: the Machines want him out. */
			if (x->neo) {
				best = e->play[i].card;
				best_mod = m > 0 ? m : 1;
				break;
			}
			if (m > best_mod) {
				best = e->play[i].card;
				best_mod = m;
			}
		} else if (c->neutralize == DUEL_NEUT_ALL ||
			   (c->neutralize == DUEL_NEUT_ROBOTS && x->kind == DUEL_ROBOT) ||
			   (c->neutralize == DUEL_NEUT_AGENTS && x->kind == DUEL_AGENT)) {
			sum += m;
		}
	}
	if (c->neutralize == DUEL_NEUT_ONE) {
		if (best < 0)
			return -100;	/* no target: it would stay in hand */
		*target = best;
		return v + best_mod;
	}
	return sum ? v + sum : -100;
}

/* Commits the best unused event of the hand to each contest of the list, in order. */
static void commit_best(const struct duel_state *st, int side, struct duel_orders *o,
			const int (*slots)[2], int nslots)
{
	const struct duel_zone *hand = &st->side[side].hand;
	uint8_t used[DUEL_DECK_MAX] = { 0 };
	int k, i;

	for (k = 0; k < nslots; k++) {
		int best = -1, best_v = 0, best_t = -1;

		for (i = 0; i < hand->n; i++) {
			const struct duel_card *c = &CARDS(st, side)[hand->card[i]];
			int t, v;

			if (c->type != DUEL_EVENT || used[i])
				continue;
			v = event_value(st, side, c, slots[k][0], &t);
			if (v > best_v) {
				best = i;
				best_v = v;
				best_t = t;
			}
		}
		if (best < 0)
			continue;
		used[best] = 1;
		add_play(o, slots[k][0], slots[k][1], hand->card[best], best_t);
	}
}

static int matrix_value(const struct duel_card *c)
{
	return c->mods[DUEL_INTERCEPTION] + c->mods[DUEL_COMBAT] + c->mods[DUEL_MISSION] +
	       c->mods[DUEL_ESCAPE];
}

static int zone_has_card(const struct duel_zone *z, int card)
{
	int i;

	for (i = 0; i < z->n; i++)
		if (z->card[i] == card)
			return 1;
	return 0;
}

static void greedy_humans(const struct duel_state *st, struct duel_orders *o)
{
	static const int slots[][2] = { { DUEL_MISSION, 1 }, { DUEL_ESCAPE, 1 }, { DUEL_COMBAT, 1 },
		{ DUEL_INTERCEPTION, 1 }, { DUEL_ESCAPE, 2 }, { DUEL_COMBAT, 2 } };
	static const int reality[][2] = { { DUEL_BATTLE, 1 }, { DUEL_PURSUIT, 1 }, { DUEL_DETECTION, 1 } };
	const struct duel_side_state *s = &st->side[DUEL_HUMANS], *m = &st->side[DUEL_MACHINES];
	const struct duel_deck *d = st->decks[DUEL_HUMANS];
	int neo = -1, mission = -1, taken = -1, i, any_plugged = 0, exterminators = 0;
	int team[DUEL_DECK_MAX], nteam = 0, want, k;

	for (i = 0; i < (int)d->ncards; i++)
		if (d->cards[i].neo)
			neo = i;
	/* The best mission held. */
	for (i = 0; i < s->hand.n; i++) {
		const struct duel_card *c = &d->cards[s->hand.card[i]];

		if (c->type == DUEL_MISSION_CARD && (mission < 0 || c->mp > d->cards[mission].mp))
			mission = s->hand.card[i];
	}
	/* Zion: Neo, then the best mission, by TAKE. */
	if (neo >= 0 && zone_has_card(&s->deck, neo)) {
		taken = neo;
	} else if (mission < 0) {
		for (i = 0; i < s->deck.n; i++) {
			const struct duel_card *c = &d->cards[s->deck.card[i]];

			if (c->type == DUEL_MISSION_CARD && (taken < 0 || c->mp > d->cards[taken].mp))
				taken = s->deck.card[i];
		}
		mission = taken;
	}
	if (taken >= 0) {
		o->choice = DUEL_CHOICE_TAKE;
		o->choice_ref = by_id(taken);
	}
	add_switch(o, DUEL_OP_DEPLOY, 1, -1);
	/* The team: the freed humans in play, in hand or taken, best in the Matrix first. */
	for (i = 0; i < s->nplay; i++) {
		any_plugged |= s->play[i].plugged;
		if (d->cards[s->play[i].card].kind == DUEL_FREED && s->play[i].card != neo)
			team[nteam++] = s->play[i].card;
	}
	for (i = 0; i < s->hand.n; i++)
		if (d->cards[s->hand.card[i]].kind == DUEL_FREED && s->hand.card[i] != neo)
			team[nteam++] = s->hand.card[i];
	if (taken >= 0 && d->cards[taken].kind == DUEL_FREED && taken != neo)
		team[nteam++] = taken;
	for (i = 1; i < nteam; i++)
		for (k = i; k > 0 && matrix_value(&d->cards[team[k]]) >
				     matrix_value(&d->cards[team[k - 1]]); k--) {
			int t = team[k];

			team[k] = team[k - 1];
			team[k - 1] = t;
		}
	if (any_plugged)
		add_switch(o, DUEL_OP_UNPLUG, 1, -1);
	{
		int neo_there = neo >= 0 && (zone_has_card(&s->hand, neo) || taken == neo);

		for (i = 0; i < s->nplay; i++)
			neo_there |= s->play[i].card == neo;
		if (mission >= 0 && neo_there) {
			add_switch(o, DUEL_OP_PLUG, 0, neo);
			o->has_mission = 1;
			o->mission = by_id(mission);
			want = 2;
		} else {
			want = 1;
		}
	}
	for (i = 0; i < nteam && i < want; i++) {
		add_switch(o, DUEL_OP_PLUG, 0, team[i]);
		if (o->exit.n < DUEL_LIST_MAX)
			o->exit.r[o->exit.n++] = by_id(team[i]);
	}
	commit_best(st, DUEL_HUMANS, o, slots, (int)(sizeof slots / sizeof slots[0]));
	for (i = 0; i < m->nplay; i++)
		exterminators += st->decks[DUEL_MACHINES]->cards[m->play[i].card].exterminator;
	if (exterminators) {
		/* The Reality contests get what the Matrix left. */
		struct duel_orders extra;

		duel_orders_init(&extra, DUEL_HUMANS);
		commit_best(st, DUEL_HUMANS, &extra, reality, 3);
		for (k = 0; k < 3; k++) {
			int c = reality[k][0], j;

			for (j = 0; j < extra.nplay[c][0]; j++) {
				int card = extra.play[c][0][j].card.card, dup = 0, cc, nn, q;

				for (cc = 0; cc < DUEL_CONTESTS; cc++)
					for (nn = 0; nn < DUEL_ROUNDS; nn++)
						for (q = 0; q < o->nplay[cc][nn]; q++)
							dup |= o->play[cc][nn][q].card.card == card;
				if (!dup)
					o->play[c][0][o->nplay[c][0]++] = extra.play[c][0][j];
			}
		}
	}
}

static void greedy_machines(const struct duel_state *st, struct duel_orders *o)
{
	static const int slots[][2] = { { DUEL_COMBAT, 1 }, { DUEL_INTERCEPTION, 1 }, { DUEL_MISSION, 1 },
		{ DUEL_ESCAPE, 1 }, { DUEL_DETECTION, 1 }, { DUEL_PURSUIT, 1 }, { DUEL_BATTLE, 1 },
		{ DUEL_COMBAT, 2 }, { DUEL_ESCAPE, 2 } };
	const struct duel_side_state *s = &st->side[DUEL_MACHINES];
	const struct duel_deck *d = st->decks[DUEL_MACHINES];
	int i, best = -1;

	/* Zero-One: a dead agent back, else an Extermination Unit, else draw. */
	for (i = s->discard.n - 1; i >= 0; i--) {
		const struct duel_card *c = &d->cards[s->discard.card[i]];

		if (c->kind == DUEL_AGENT &&
		    (best < 0 || duel_card_value(c) > duel_card_value(&d->cards[best])))
			best = s->discard.card[i];
	}
	if (best >= 0) {
		o->choice = DUEL_CHOICE_RECALL;
		o->choice_ref = by_id(best);
	} else {
		for (i = 0; i < s->deck.n; i++)
			if (d->cards[s->deck.card[i]].exterminator) {
				o->choice = DUEL_CHOICE_TAKE;
				o->choice_ref = by_id(s->deck.card[i]);
				break;
			}
	}
	add_switch(o, DUEL_OP_DEPLOY, 1, -1);
	commit_best(st, DUEL_MACHINES, o, slots, (int)(sizeof slots / sizeof slots[0]));
}

static int pick(struct draw_rng *rng, int n)
{
	return n <= 1 ? 0 : (int)draw_rng_uniform(rng, (uint64_t)n);
}

static void random_orders(const struct duel_state *st, int side, struct draw_rng *rng,
			  struct duel_orders *o)
{
	const struct duel_side_state *s = &st->side[side], *e = &st->side[1 - side];
	const struct duel_deck *d = st->decks[side];
	int i, r, chars[DUEL_DECK_MAX], nchars = 0;

	/* Deck choice. */
	for (i = 0; i < s->discard.n; i++)
		if (d->cards[s->discard.card[i]].type == DUEL_CHARACTER)
			chars[nchars++] = s->discard.card[i];
	r = pick(rng, side == DUEL_MACHINES ? 3 : 2);
	if (r == 1 && s->deck.n) {
		o->choice = DUEL_CHOICE_TAKE;
		o->choice_ref = by_id(s->deck.card[pick(rng, s->deck.n)]);
	} else if (r == 2 && nchars && s->hand.n <= DUEL_HAND_LIMIT) {
		o->choice = DUEL_CHOICE_RECALL;
		o->choice_ref = by_id(chars[pick(rng, nchars)]);
	}
	for (i = 0; i < s->hand.n; i++)
		if (d->cards[s->hand.card[i]].type == DUEL_CHARACTER && pick(rng, 2))
			add_switch(o, DUEL_OP_DEPLOY, 0, s->hand.card[i]);
	if (side == DUEL_HUMANS) {
		for (i = 0; i < s->nplay; i++) {
			if (d->cards[s->play[i].card].kind != DUEL_FREED)
				continue;
			r = pick(rng, 3);
			if (r)
				add_switch(o, r == 1 ? DUEL_OP_PLUG : DUEL_OP_UNPLUG, 0, s->play[i].card);
		}
		for (i = 0; i < s->hand.n; i++)
			if (d->cards[s->hand.card[i]].type == DUEL_MISSION_CARD && pick(rng, 2)) {
				o->has_mission = 1;
				o->mission = by_id(s->hand.card[i]);
				break;
			}
		o->exit_all = pick(rng, 2);
	}
	for (i = 0; i < s->hand.n; i++) {
		const struct duel_card *c = &d->cards[s->hand.card[i]];
		int allowed[DUEL_CONTESTS], na = 0, k, contest, n = 1, target = -1;

		if (c->type != DUEL_EVENT || !pick(rng, 2))
			continue;
		for (k = 0; k < DUEL_CONTESTS; k++)
			if (c->play_mask & (1u << k | 1u << DUEL_ANY))
				allowed[na++] = k;
		if (!na)
			continue;
		contest = allowed[pick(rng, na)];
		if (contest == DUEL_COMBAT || contest == DUEL_ESCAPE)
			n = 1 + pick(rng, 2);
		if (c->neutralize == DUEL_NEUT_ONE) {
			if (!e->nplay)
				continue;
			target = e->play[pick(rng, e->nplay)].card;
		}
		add_play(o, contest, n, s->hand.card[i], target);
	}
}

void duel_bot(const struct duel_state *st, const struct duel_tables *t, int side, int policy,
	      struct draw_rng *rng, struct duel_orders *o)
{
	(void)t;
	duel_orders_init(o, side);
	if (policy == DUEL_RANDOM && rng)
		random_orders(st, side, rng, o);
	else if (side == DUEL_HUMANS)
		greedy_humans(st, o);
	else
		greedy_machines(st, o);
}
