/*
 * packs: a game's data packs, `--data KIND=FILE` (judge/packs.c).
 *
 * Ownership: the JSON returned is a new reference, the caller's; the
 * arguments are borrowed.
 */
#ifndef MX_JUDGE_PACKS_H
#define MX_JUDGE_PACKS_H

#include <jansson.h>
#include <stddef.h>
#include <time.h>

struct db;
struct ruleset;

/*
 * `--data KIND=FILE`: the file read whole as the game's data of that kind
 * (declared by the ruleset), {KIND: {"name","path","digest","text"}}; NULL
 * with err. Stored with the campaign by play_store_packs() in the
 * caller's transaction, so a replay never depends on the file.
 */
json_t *play_read_pack(const struct ruleset *rs, const char *arg, char *err, size_t errlen);
int play_store_packs(struct db *db, long long campaign_id, const json_t *data, time_t now,
		     char *err, size_t errlen);
/* The data packs of a campaign, {KIND: value}; NULL with err. */
json_t *play_packs_of(struct db *db, long long campaign_id, char *err, size_t errlen);

#endif
