/*
 * duel_state: the duel's state (rulings section 17) as a plain struct, and
 * its JSON. Zones hold indices into the side's deck table.
 *
 * Ownership: a struct duel_state is a plain value; its deck pointers are
 * borrowed and must outlive it.
 */
#ifndef MX_DUEL_STATE_H
#define MX_DUEL_STATE_H

#include <jansson.h>
#include <stdint.h>

#include "deck.h"

#define DUEL_TURNS 20		/* the turn limit (13.3) */

/* DUEL_WIN_ABANDONED: the judge ended the game for a silent side (either side may win so). */
enum duel_reason { DUEL_NO_WIN, DUEL_WIN_MP, DUEL_WIN_NEO, DUEL_WIN_NEB, DUEL_WIN_TIME,
		   DUEL_WIN_ABANDONED };

struct duel_zone {
	uint8_t n;
	uint8_t card[DUEL_DECK_MAX];	/* deck table indices; deck: [0] the top */
};

struct duel_in_play {
	uint8_t card;
	uint8_t plugged;		/* freed humans only */
};

struct duel_side_state {
	struct duel_zone deck, hand, discard, removed;
	uint8_t nplay;
	struct duel_in_play play[DUEL_DECK_MAX];
};

struct duel_state {
	int turn, time, mp, hull, hits;
	int winner;			/* -1, DUEL_HUMANS or DUEL_MACHINES */
	enum duel_reason reason;
	char deck_name[DUEL_SIDES][81];	/* "default" or the pack's name */
	const struct duel_deck *decks[DUEL_SIDES];
	struct duel_side_state side[DUEL_SIDES];
};

extern const char *const duel_reason_names[];	/* "", "mission-points", ... */

/*
 * The end in words for players (issue 29: no raw codes in mail or
 * listings): "the Machines win: Neo is killed". reason is a code of
 * duel_reason_names (NULL or unknown: the winner alone); the state keeps
 * the code, as rulings 17 write it.
 */
void duel_result_words(const char *winner, const char *reason, char *out, size_t outlen);

/*
 * Reads a state (section 17) against the two decks it names (the caller
 * resolves "decks"): 0, or -1 with the key at fault in err.
 */
int duel_state_from_json(struct duel_state *st, const json_t *json,
			 const struct duel_deck *humans, const struct duel_deck *machines,
			 char *err, size_t errlen);
/* The state as section 17 writes it (new reference), or NULL on allocation failure. */
json_t *duel_state_to_json(const struct duel_state *st);

/*
 * What a seat may see (rulings 15): seat DUEL_HUMANS or DUEL_MACHINES sees
 * its own hand (hand order) and its deck's contents sorted by id as
 * "deck_contents", the other side's hand and deck as counts only; -1 (the
 * public) sees counts for both; DUEL_SIDES (the game master) the whole
 * state. A deck's order is never in a side's view. New reference or NULL.
 */
json_t *duel_state_view(const struct duel_state *st, int seat);

#endif
