/*
 * game: a campaign's game as its ruleset's hooks take it: which game it
 * is, the word for its seats, its settings, its seats with their own
 * data, and room for one more seat (judge/game.h).
 */
#include "game.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/ruleset.h"
#include "db/battles.h"
#include "db/db.h"
#include "db/play.h"
#include "judge.h"
#include "packs.h"

/* A campaign's game; one made before games had names is Hovercrafts. NULL: unknown. */
const struct ruleset *play_game_of(const struct db_campaign *c)
{
	return ruleset_find(c->ruleset[0] ? c->ruleset : "hovercrafts");
}

void play_seat_noun(const struct ruleset *rs, char *buf, size_t len)
{
	size_t i;

	for (i = 0; rs->seat_word[i] && i + 1 < len; i++)
		buf[i] = (char)tolower((unsigned char)rs->seat_word[i]);
	buf[i] = '\0';
}

json_t *play_settings_of(const struct ruleset *rs, const struct db_campaign *c)
{
	json_t *root = json_loads(c->settings, 0, NULL), *game = json_object_get(root, "game");
	json_t *out = json_is_object(game) ? json_deep_copy(game) : json_object();
	const struct ruleset_setting *k;

	/* A key the game declares may stand beside the judge's (Hovercrafts' board, older than "game"). */
	for (k = rs->settings; out && k && k->key; k++)
		if (!json_object_get(out, k->key) && json_object_get(root, k->key))
			json_object_set(out, k->key, json_object_get(root, k->key));
	json_decref(root);
	return out;
}

int play_seat_room(struct db *db, const struct ruleset *rs, const struct db_campaign *c,
		   const struct db_seat *ships, size_t n, const char *name, const char *side,
		   const json_t *data, char *err, size_t errlen)
{
	json_t *seats = play_seats_json(db, ships, n, c->name), *settings = NULL, *seat = NULL;
	json_t *packs;
	char inner[256];
	int rc = PLAY_SEAT_FULL;

	/* The seats with their data (a removed ship is none) and the campaign's packs. */
	if (seats && (int)json_array_size(seats) >= rs->max_seats)
		goto out;
	rc = -1;
	settings = play_settings_of(rs, c);
	seat = json_pack("{s:s,s:s,s:o}", "name", name, "side", side, "data",
			 data ? json_incref((json_t *)data) : json_object());
	packs = play_packs_of(db, c->id, inner, sizeof(inner));
	if (seat && packs)
		json_object_set_new(seat, "packs", packs);
	else
		json_decref(packs);
	if (!seats || !settings || !seat) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	/* The game's own limits (Hovercrafts: a ship a row of its side's edge). */
	rc = rs->check_seat && rs->check_seat(settings, seats, seat, err, errlen) < 0 ?
		PLAY_SEAT_REFUSED : 0;
out:
	json_decref(seats);
	json_decref(settings);
	json_decref(seat);
	return rc;
}

int play_idle_days(const struct judge_settings *s)
{
	json_int_t d = json_integer_value(json_object_get(s->game, "idle_days"));

	return d > 0 && d <= 3650 ? (int)d : 30;
}

/*
 * The seats of a campaign as the ruleset takes them: [{"name", "side",
 * "data", "campaign"}], campaign the name the game is sealed under (a
 * duplicate set's, for its runs).
 */
json_t *play_seats_json(struct db *db, const struct db_seat *seats, size_t n,
			const char *campaign)
{
	json_t *out = json_array();
	size_t i;

	for (i = 0; out && i < n; i++) {
		char *text = NULL, err[256];
		json_t *data = NULL;
		int removed = 0;

		/* A seat the game master removed before the start is no seat of the game. */
		if (!db_seat_removed(db, seats[i].id, &removed, err, sizeof(err)) && removed)
			continue;
		/* The seat's own data, as it joined with it (campaign join --data). */
		if (!db_seat_data_get(db, seats[i].id, &text, err, sizeof(err)) && text)
			data = json_loads(text, 0, NULL);
		free(text);
		if (!json_is_object(data)) {
			json_decref(data);
			data = json_object();
		}
		json_array_append_new(out, json_pack("{s:s,s:s,s:o,s:s}", "name", seats[i].name,
						     "side", seats[i].team, "data", data, "campaign",
						     campaign));
	}
	return out;
}
