/*
 * duel_deck: the card tables of the Matrix card duel (rulings section 18),
 * read from a deck file's text into plain structs the rules use in their
 * inner loops (no JSON after loading).
 *
 * Ownership: a struct duel_deck is a plain value (no pointers); copy it freely.
 */
#ifndef MX_DUEL_DECK_H
#define MX_DUEL_DECK_H

#include <jansson.h>
#include <stddef.h>

#define DUEL_DECK_MAX 64	/* cards in one deck */
#define DUEL_NAME_MAX 40	/* characters in a card name */

/* The seven contests, in the rulings' order; DUEL_ANY is an event's `any`. */
enum duel_contest {
	DUEL_INTERCEPTION, DUEL_COMBAT, DUEL_MISSION, DUEL_ESCAPE,
	DUEL_DETECTION, DUEL_PURSUIT, DUEL_BATTLE, DUEL_CONTESTS,
	DUEL_ANY = DUEL_CONTESTS
};

enum duel_side { DUEL_HUMANS, DUEL_MACHINES, DUEL_SIDES };

enum duel_type { DUEL_CHARACTER, DUEL_EVENT, DUEL_MISSION_CARD };

enum duel_kind { DUEL_KIND_NONE, DUEL_FREED, DUEL_ZION, DUEL_PROGRAM, DUEL_AGENT, DUEL_ROBOT };

enum duel_neutralize { DUEL_NEUT_NONE, DUEL_NEUT_ONE, DUEL_NEUT_ROBOTS, DUEL_NEUT_AGENTS,
		       DUEL_NEUT_ALL };

struct duel_card {
	char id[5];			/* "H03", "M101" */
	char name[DUEL_NAME_MAX + 1];
	enum duel_type type;
	enum duel_kind kind;		/* characters only */
	int mods[DUEL_CONTESTS];	/* characters: contest modifiers */
	int play[DUEL_CONTESTS + 1];	/* events: bonus per contest, DUEL_ANY last */
	unsigned play_mask;		/* events: bit c set when contest c (or DUEL_ANY) is allowed */
	enum duel_neutralize neutralize;
	int start, neo, exterminator;	/* characters: flags */
	int mp, difficulty;		/* missions */
	int line;			/* where the card starts in its file */
};

struct duel_deck {
	enum duel_side side;
	char name[81];
	size_t ncards;
	struct duel_card cards[DUEL_DECK_MAX];
};

extern const char *const duel_contest_names[DUEL_CONTESTS + 1];	/* "interception" .. "any" */
extern const char *const duel_side_names[DUEL_SIDES];		/* "humans", "machines" */

/*
 * Reads and checks a deck file's text (file names it in errors): 0, or -1
 * with "file:line: what is wrong" in err. side is the side the pack is for
 * (the file's "side" must agree).
 */
int duel_deck_parse(struct duel_deck *deck, enum duel_side side, const char *text,
		    const char *file, char *err, size_t errlen);
/*
 * The two decks of a game from its data packs ({KIND: {"text", "path" or
 * "name", ...}}: kinds "deck-humans", "deck-machines"); a side without a
 * pack gets its default deck. 0, or -1 with "file:line: ..." in err.
 */
int duel_decks_from_packs(struct duel_deck decks[DUEL_SIDES], const json_t *data, char *err,
			  size_t errlen);
/* The index of the card with that id, or -1. */
int duel_deck_find_id(const struct duel_deck *deck, const char *id);
/* The first card of that name (any case), or -1. */
int duel_deck_find_name(const struct duel_deck *deck, const char *name);
/* A character's value (rulings 12.2): the sum of its modifiers. */
int duel_card_value(const struct duel_card *card);

/* The default decks' texts (templates/duel/decks/, compiled in). */
extern const char duel_default_humans[];
extern const char duel_default_machines[];

#endif
