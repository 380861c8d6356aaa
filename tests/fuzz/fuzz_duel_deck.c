/*
 * The duel's deck files: any text is read or refused with a "file:line:"
 * message; a deck read has 1..DUEL_DECK_MAX cards, each on a line of the file.
 */
#include "fuzz.h"

#include "core/duel/deck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct duel_deck deck;
	char err[256], *text = malloc(size + 1);
	size_t i;
	int side;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	for (side = 0; side < DUEL_SIDES; side++) {
		if (duel_deck_parse(&deck, (enum duel_side)side, text, "f.json", err, sizeof err) < 0) {
			FUZZ_ASSERT(!strncmp(err, "f.json:", 7), "a refusal without file:line: %s", err);
			continue;
		}
		FUZZ_ASSERT(deck.ncards >= 1 && deck.ncards <= DUEL_DECK_MAX, "bad card count");
		for (i = 0; i < deck.ncards; i++)
			FUZZ_ASSERT(deck.cards[i].line >= 1, "a card without a line");
	}
	free(text);
	return 0;
}
