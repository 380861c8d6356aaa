/*
 * game: a campaign's game as its ruleset's hooks take it (judge/game.c).
 *
 * Ownership: the JSON returned is a new reference, the caller's; the
 * arguments are borrowed; a ruleset is static.
 */
#ifndef MX_JUDGE_GAME_H
#define MX_JUDGE_GAME_H

#include <jansson.h>
#include <stddef.h>

struct db;
struct db_campaign;
struct db_seat;
struct judge_settings;
struct ruleset;

/* A campaign's game (unnamed: Hovercrafts, as campaigns were made before games had names); NULL: unknown. */
const struct ruleset *play_game_of(const struct db_campaign *c);

/* The days a solo game waits for its player's next mail (setting idle_days, else 30). */
int play_idle_days(const struct judge_settings *s);
/* The word for a seat in messages, the seat word in lowercase: "ship", "side". */
void play_seat_noun(const struct ruleset *rs, char *buf, size_t len);

/*
 * The game's settings of campaign c as its ruleset's hooks take them (a
 * new reference, NULL on no memory): those under "game", and each key the
 * game declares that stands beside the judge's (Hovercrafts' board).
 */
json_t *play_settings_of(const struct ruleset *rs, const struct db_campaign *c);

/* The seats as a ruleset takes them: [{"name", "side", "data", "campaign"}]. */
json_t *play_seats_json(struct db *db, const struct db_seat *seats, size_t n,
			const char *campaign);

enum { PLAY_SEAT_FULL = 1, PLAY_SEAT_REFUSED = 2 };
/*
 * Room in c for seat name on side, with its own data (NULL: none), beside
 * ships: 0; PLAY_SEAT_FULL when the game has its most seats;
 * PLAY_SEAT_REFUSED with the game's why in err (its check_seat); -1 with
 * err. Every join, by the game master or by mail, asks here.
 */
int play_seat_room(struct db *db, const struct ruleset *rs, const struct db_campaign *c,
		   const struct db_seat *ships, size_t n, const char *name, const char *side,
		   const json_t *data, char *err, size_t errlen);

#endif
