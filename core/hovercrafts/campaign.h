/*
 * campaign: the rules of a campaign of battles (rulings 11), pure.
 *
 * Points: after each battle a ship gets award_part for taking part,
 * award_kill for each enemy ship it disabled (the ship credited by
 * EV_DISABLED's `other`), award_win when its side won. Upgrades: raising
 * a stat from k to k+1 costs step[stat] * k + offset[stat] points (at
 * least 1); by default step 1 and offset +1 (k+1 points), hull offset -1
 * (k-1 points). No stat goes past its cap (hull 8, others 5 by default).
 * A ship disabled in a battle is out for repairs in the next one when
 * `repairs` is on; a ship that left the map is back.
 *
 * The rules live in the campaign's settings as the JSON object "campaign":
 *   {"battles":3,"award_part":1,"award_kill":1,"award_win":1,
 *    "cost":{"hull":[1,-1],"shield":[1,1],...},   [step, offset]
 *    "cap":{"hull":8,"shield":5,...},"repairs":true,
 *    "scenarios":["battle-royale"],"auto_next_hours":0}
 * Every key is optional; a missing one keeps the default. auto_next_hours:
 * the next battle starts that many hours after one ends (0: at once);
 * missing or null, the game master starts it (campaign next-battle).
 *
 * Ownership: plain values; campaign_rules_to_json returns a new reference.
 */
#ifndef MX_CAMPAIGN_H
#define MX_CAMPAIGN_H

#include <jansson.h>
#include <stddef.h>

#include "game.h"

#define CAMPAIGN_MAX_SCENARIOS 16
#define CAMPAIGN_NAME_MAX 64
#define CAMPAIGN_STAT_MAX 20

struct campaign_rules {
	int battles;			/* battles in the series (1 .. 100) */
	int award_part, award_kill, award_win;
	int step[STAT_COUNT], offset[STAT_COUNT];
	int cap[STAT_COUNT];
	int repairs;			/* 1: disabled ships miss the next battle */
	int auto_next_hours;		/* -1: the game master starts each battle */
	int nscenarios;
	char scenarios[CAMPAIGN_MAX_SCENARIOS][CAMPAIGN_NAME_MAX];
};

/* The defaults of rulings 11. */
void campaign_rules_default(struct campaign_rules *r);
/* Reads the "campaign" object (NULL: defaults). 0 or -1 with err. */
int campaign_rules_from_json(struct campaign_rules *r, const json_t *o, char *err,
			     size_t errlen);
json_t *campaign_rules_to_json(const struct campaign_rules *r);

/* The base stats of a new ship (rulings 2): hull 3, others 1. */
int campaign_base_stat(enum ship_stat s);

/* Points to raise stat s from `from` to from + 1; -1 when at or past its cap. */
int campaign_upgrade_cost(const struct campaign_rules *r, enum ship_stat s, int from);

/*
 * Checks one purchase: the ship has `points` and stat value `from`.
 * 0 with *cost set, or -1 with err saying why not.
 */
int campaign_check_upgrade(const struct campaign_rules *r, enum ship_stat s, int from, int points,
			   int *cost, char *err, size_t errlen);

/* A ship's award after a battle. */
struct campaign_award {
	int part, kills, win, total;
};
void campaign_award(const struct campaign_rules *r, int took_part, int kills, int won,
		    struct campaign_award *out);

/* The battle number (1-based) and scenario name of battle n, or "" when none. */
const char *campaign_scenario_for(const struct campaign_rules *r, int battle);

#endif
