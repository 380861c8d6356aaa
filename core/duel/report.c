/*
 * duel report: the state as a seat may see it (rulings 15), as text for
 * people: counters, then each side's zones with card names. A side's hand
 * and deck contents are written only for that side (or the game master);
 * the other side gets counts. The deck's order is never written.
 */
#include "duel.h"

#include <stdlib.h>
#include <string.h>

static void card_list(struct strbuf *sb, const struct duel_deck *d, const uint8_t *cards, int n)
{
	int i;

	if (!n) {
		strbuf_addstr(sb, "none");
		return;
	}
	for (i = 0; i < n; i++)
		strbuf_addf(sb, "%s%s %s", i ? ", " : "", d->cards[cards[i]].id, d->cards[cards[i]].name);
}

static int by_id(const void *a, const void *b, void *deck)
{
	const struct duel_deck *d = deck;
	const char *x = d->cards[*(const uint8_t *)a].id, *y = d->cards[*(const uint8_t *)b].id;
	size_t lx = strlen(x), ly = strlen(y);

	return lx != ly ? (lx < ly ? -1 : 1) : strcmp(x, y);
}

/* Insertion sort by id (qsort_r is not portable C). */
static void sort_ids(uint8_t *cards, int n, const struct duel_deck *d)
{
	int i, k;

	for (i = 1; i < n; i++)
		for (k = i; k > 0 && by_id(&cards[k - 1], &cards[k], (void *)d) > 0; k--) {
			uint8_t t = cards[k];

			cards[k] = cards[k - 1];
			cards[k - 1] = t;
		}
}

void duel_report(const struct duel_state *st, int seat, struct strbuf *sb)
{
	static const char *const title[DUEL_SIDES] = { "HUMANS", "MACHINES" };
	int side, i;

	strbuf_addf(sb, "Turn %d of %d. Time %d of %d, Mission Points %d of %d, the Nebuchadnezzar "
		    "%d hit%s of %d.\n", st->turn, DUEL_TURNS, st->time, DUEL_WIN_TIME_AT, st->mp,
		    DUEL_WIN_MP_AT, st->hits, st->hits == 1 ? "" : "s", st->hull);
	if (st->winner >= 0) {
		char words[128];

		duel_result_words(duel_side_names[st->winner], duel_reason_names[st->reason], words,
				  sizeof(words));
		words[0] = 'T';	/* "the Machines win: ..." opens the line */
		strbuf_addf(sb, "%s.\n", words);
	}
	for (side = 0; side < DUEL_SIDES; side++) {
		const struct duel_side_state *s = &st->side[side];
		const struct duel_deck *d = st->decks[side];
		int own = seat == side || seat == DUEL_SIDES;

		strbuf_addf(sb, "\n%s\n  In play: ", title[side]);
		if (!s->nplay)
			strbuf_addstr(sb, "none");
		for (i = 0; i < s->nplay; i++) {
			const struct duel_card *c = &d->cards[s->play[i].card];

			strbuf_addf(sb, "%s%s %s", i ? ", " : "", c->id, c->name);
			if (c->kind == DUEL_FREED)
				strbuf_addstr(sb, s->play[i].plugged ? " (plugged in)" : " (real world)");
		}
		if (own) {
			uint8_t sorted[DUEL_DECK_MAX];

			strbuf_addf(sb, "\n  Hand (%d, in hand order): ", s->hand.n);
			card_list(sb, d, s->hand.card, s->hand.n);
			memcpy(sorted, s->deck.card, s->deck.n);
			if (seat == DUEL_SIDES) {
				strbuf_addf(sb, "\n  Deck (%d, top first): ", s->deck.n);
				card_list(sb, d, s->deck.card, s->deck.n);
			} else {
				sort_ids(sorted, s->deck.n, d);
				strbuf_addf(sb, "\n  Deck (%d, sorted by id, never its order): ", s->deck.n);
				card_list(sb, d, sorted, s->deck.n);
			}
		} else {
			strbuf_addf(sb, "\n  Hand: %d card%s. Deck: %d card%s.", s->hand.n,
				    s->hand.n == 1 ? "" : "s", s->deck.n, s->deck.n == 1 ? "" : "s");
		}
		strbuf_addstr(sb, "\n  Discard pile (top last): ");
		card_list(sb, d, s->discard.card, s->discard.n);
		if (side == DUEL_HUMANS) {
			strbuf_addstr(sb, "\n  Missions completed: ");
			card_list(sb, d, s->removed.card, s->removed.n);
		}
		strbuf_addch(sb, '\n');
	}
}
