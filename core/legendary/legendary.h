/*
 * legendary: the solo deck-builder aid (Legendary Encounters: The Matrix)
 * over a card data pack the player supplies (rulings legendary-rulings.md,
 * man mxjudge-legendary(7)). The judge ships no card: pack.c reads and
 * checks a pack, play.c plays a mail on the JSON state, ruleset.c wires
 * both into core/ruleset.h.
 *
 * Ownership: a legendary_pack owns its JSON and its index (legendary_pack_release);
 * every other json_t * returned is a new reference for the caller.
 */
#ifndef MX_LEGENDARY_H
#define MX_LEGENDARY_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "core/draw.h"

/* Its table of hooks (core/ruleset.h), registered in core/ruleset.c. */
struct ruleset;
extern const struct ruleset legendary_ruleset;

#define LG_MAX_SLOTS 9

struct legendary_board {
	int nslots;
	int phone[LG_MAX_SLOTS];
	int scan[LG_MAX_SLOTS];
	int blocked_by_enemy;		/* phone_blocked_by "enemy" */
	int cz_cost, cz_max;
	int dock_slots, hand_size, time_start, hovercraft_cost, buy_time_cost;
	int start_matrix;		/* start_world "matrix" */
};

/* One card of the id index: its id (borrowed from the pack) and place in "cards". */
struct legendary_card_ref {
	const char *id;
	size_t pos;
};

struct legendary_pack {
	json_t *root;			/* the pack as read */
	struct legendary_card_ref *index;	/* owned: the cards sorted by id, for lookups */
	size_t ncards;
	const json_t *cards;		/* root.cards (borrowed) */
	const json_t *films;		/* root.films (borrowed) */
	struct legendary_board board;
	char name[48];
	char digest[65];		/* SHA-256 of the canonical JSON (R2.8) */
};

/* The invented sample pack's text (sample.c): the pack when none is given. */
extern const char legendary_sample_pack[];

void legendary_pack_init(struct legendary_pack *p);
void legendary_pack_release(struct legendary_pack *p);
/*
 * Reads and checks a pack text (R2.9): 0, or -1 with "FILE:LINE: CODE:
 * WHERE: message" for the first problem found in err.
 */
int legendary_pack_read(struct legendary_pack *p, const char *text, const char *file, char *err,
			size_t errlen);
/* The canonical digest of a JSON value (R2.8); out has room for 65. */
int legendary_digest(const json_t *v, char out[65]);
/* The card of an id ("E-WARDEN") or instance ("E-WARDEN.1"), or NULL; its index in *pos. */
const json_t *legendary_card(const struct legendary_pack *p, const char *id, size_t *pos);
/* A card's integer field, def when absent. */
int legendary_int(const json_t *card, const char *key, int def);
/* Has the card this keyword (a parameter after ':' in *param, -1 when none)? */
int legendary_keyword(const json_t *card, const char *word, int *param);

/* One atom of the closed vocabulary (R3.1). */
enum lg_op {
	LG_ATTACK, LG_RECRUIT, LG_DRAW, LG_TIME, LG_HEAL, LG_KO, LG_GAIN_HOVERCRAFT, LG_GAIN_EXTRA,
	LG_GAIN_DOCK, LG_MOVE_ENEMY, LG_SCAN, LG_WOUND, LG_DISCARD, LG_EXTRA_MOVE, LG_PLACE,
	LG_AVATAR, LG_DEFEAT, LG_SET_ASIDE, LG_ADVANCE, LG_OFFER_MINOR, LG_VICTORY_MAJOR
};

struct lg_atom {
	enum lg_op op;
	int n;			/* the number, or the slot of move-enemy slot K */
	char word[32];		/* ko's zone, place's where, move-enemy's mode, gain extra's id */
};

/* Reads one atom ("attack 2"): 0, or -1 with why in err. */
int legendary_atom_parse(const char *text, struct lg_atom *a, char *err, size_t errlen);

/* The first state (R4.3) for settings {"film","avatar","nonce","lang","campaign"}. */
json_t *legendary_setup(const struct legendary_pack *p, const json_t *settings, const char *name,
			struct draw_source *draws, char *err, size_t errlen);
/* The avatar id of character in film filmno (1-3), or NULL (R7.1). */
const char *legendary_film_avatar(const struct legendary_pack *p, int filmno, const char *character);
/*
 * The character of an avatar id (film 1's first avatar's when avatar is
 * NULL or empty); a name that is no avatar id is taken as a character.
 */
const char *legendary_character(const struct legendary_pack *p, const char *avatar);
/* One mail: {"state","events","story"} (R9.5, R12.3). */
json_t *legendary_resolve(const struct legendary_pack *p, const json_t *state, const json_t *lines,
			  struct draw_source *draws, char *err, size_t errlen);
/* The same without events or story (the state alone counts): bot-only games. */
json_t *legendary_resolve_quiet(const struct legendary_pack *p, const json_t *state, const json_t *lines,
				struct draw_source *draws, char *err, size_t errlen);
/* Reads a mail's lines (R9.2): the lines kept, or NULL with "name:line: ..." in err. */
json_t *legendary_read_orders(const char *text, const char *name, char *err, size_t errlen);
/*
 * A state as cases and tools write it, defaults filled in and checked
 * (R12.2), or NULL with why in err.
 */
json_t *legendary_state_read(const struct legendary_pack *p, const json_t *state, char *err,
			     size_t errlen);
/* Checks a full state (R12.2): 0, or -1 with why in err. */
int legendary_state_check(const struct legendary_pack *p, const json_t *state, char *err, size_t errlen);
/* The player's view (R12.1): the state minus its secrets. */
json_t *legendary_view(const json_t *state);

/*
 * The bot's mail for a state (bot.c; the policy is in mxjudge-legendary(7),
 * BOT): its lines as legendary_read_orders gives them. p may be NULL (the
 * pack unknown: every line is tried, IF ABLE).
 */
json_t *legendary_bot_lines(const struct legendary_pack *p, const json_t *state);

#define LG_SIM_MAX_MAILS 400	/* a bot game still running then is "unfinished" */

/* What one bot-only game came to. */
struct legendary_sim {
	char result[24];	/* major-victory, minor-victory, campaign-won, time, killed, attempts, unfinished */
	int mails, turns;	/* the bot's mails; the game turns they ended */
	int film, act;		/* the furthest reached */
};
/*
 * Game i of a simulate run (settings as check_settings takes them; the
 * nonce is off): its root is SHA-256 of "mxjudge:legendary:simulate:SEED:I",
 * so game i depends on the seed and i only. 0, or -1 with err.
 */
int legendary_sim_game(const struct legendary_pack *p, const json_t *settings, uint64_t seed,
		       uint64_t i, struct legendary_sim *out, char *err, size_t errlen);

/* The French of an English story or refusal string of play.c (itself when none). */
const char *legendary_french(const char *en);
/* legendary_atom_parse with its message in French when fr (R11.2). */
int legendary_atom_parse_in(const char *text, struct lg_atom *a, int fr, char *err, size_t errlen);
/* The i-th pair of the French table: 0, or -1 past its end (for the tests). */
int legendary_french_pair(size_t i, const char **en, const char **fr);

/* A text in ASCII letters (lang fr-ascii), in place: the French accents dropped, << >>. */
void legendary_ascii(char *s);
/* The report template's words in lang: {"begins", "mail", "for", "story", "over", "root", "next", "reply"}. */
json_t *legendary_template_words(const char *lang);

struct strbuf;
/* The report (R11.1) of a view, in the view's options.lang, appended to sb. */
void legendary_report(const struct legendary_pack *p, const json_t *view, struct strbuf *sb);

#endif
