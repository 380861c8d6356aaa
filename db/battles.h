/*
 * battles: the SQL of campaigns in series (schema version 4): battles and
 * who fought them, the points ledger (every award, purchase and game
 * master's adjustment, so a ship's stats can always be explained), ships
 * removed by the game master, captains replaced, turns undone.
 *
 * Conventions as in db/db.h: 0 ok, DB_ERROR / DB_BUSY with err, the
 * positive DB_NOT_FOUND, DB_EXISTS. Lists are one malloc'd array: free().
 */
#ifndef MX_DB_BATTLES_H
#define MX_DB_BATTLES_H

#include <stddef.h>

#include "db.h"

struct db_battle {
	long long id;
	long long campaign_id;
	int number;			/* 1, 2, ... */
	char scenario[DB_NAME_MAX];	/* "" when none */
	int first_turn;			/* the setup turn */
	int last_turn;			/* -1 while it is fought */
	char winner[16];		/* "" while fought */
	char result[512];		/* how it ended, in words */
	char started_at[DB_TIME_MAX];
	char ended_at[DB_TIME_MAX];
};
int db_battle_add(struct db *db, struct db_battle *b, char *err, size_t errlen);
/* The latest battle of a campaign; DB_NOT_FOUND before the first. */
int db_battle_last(struct db *db, long long campaign_id, struct db_battle *b, char *err,
		   size_t errlen);
/* Writes last_turn, winner, result and ended_at of b->id. */
int db_battle_end(struct db *db, const struct db_battle *b, char *err, size_t errlen);
int db_battle_list(struct db *db, long long campaign_id, struct db_battle **out, size_t *n,
		   char *err, size_t errlen);

/* A ship in a battle: "fighting" until it ends, then how it ended. */
struct db_battle_ship {
	long long battle_id;
	long long ship_id;
	int battle;			/* read only: the battle's number */
	char status[16];		/* fighting, active, disabled, off-map, repairs */
	int kills;
	int won;
};
/* Inserts or replaces. */
int db_battle_ship_set(struct db *db, const struct db_battle_ship *s, char *err, size_t errlen);
/* Every row of every battle of the campaign, by battle then ship. */
int db_battle_ship_list(struct db *db, long long campaign_id, struct db_battle_ship **out,
			size_t *n, char *err, size_t errlen);

struct db_ledger {
	long long id;
	long long campaign_id;
	long long ship_id;
	int battle;			/* the battle it follows (0: before the first) */
	char kind[16];			/* award, purchase, adjust */
	int points;			/* + earned, - spent */
	char stat[16];			/* "" or the stat changed */
	int delta;			/* the change to stat */
	char reason[256];
	char created_at[DB_TIME_MAX];
	char ship[DB_NAME_MAX];		/* read only */
};
int db_ledger_add(struct db *db, struct db_ledger *l, char *err, size_t errlen);
/* ship_id 0: the whole campaign. In the order written. */
int db_ledger_list(struct db *db, long long campaign_id, long long ship_id,
		   struct db_ledger **out, size_t *n, char *err, size_t errlen);

/* Ships the game master removed: they fight no more battles. */
int db_seat_remove(struct db *db, long long ship_id, const char *when, char *err,
		   size_t errlen);
/* 1 in (*out)[i] when ship list[i] is removed; ids in db_seat_list order. */
int db_seat_removed(struct db *db, long long ship_id, int *removed, char *err, size_t errlen);
int db_seat_set_captain(struct db *db, long long ship_id, long long captain_id, char *err,
			size_t errlen);
/* Writes name, email and pwhash of c->id (a captain replaced); a new pwhash drops the pending one. */
int db_captain_update(struct db *db, const struct db_captain *c, char *err, size_t errlen);

/* Undo: the state a turn starts from, orders set aside, the undo recorded. */
int db_turn_set_before(struct db *db, long long turn_id, const char *state_before, char *err,
		       size_t errlen);
int db_order_void(struct db *db, long long turn_id, char *err, size_t errlen);
/*
 * The current orders of turn `from` become the current orders of turn
 * `to`, but those whose understood text starts with skip (not NULL).
 */
int db_order_copy(struct db *db, long long from, long long to, const char *skip, char *err,
		  size_t errlen);
int db_undo_add(struct db *db, long long campaign_id, long long turn_id, int redo_turn,
		const char *reason, const char *when, char *err, size_t errlen);
/* 1 in *undone when the turn was undone. */
int db_turn_undone(struct db *db, long long turn_id, int *undone, char *err, size_t errlen);

#endif
