/*
 * play: the storage every game shares beyond campaigns, seats and turns
 * (schema v7): the draws log of a turn and a campaign's sealed root.
 *
 * Ownership: lists are malloc'd arrays the caller frees with their
 * release function; structs passed in are borrowed.
 */
#ifndef MX_DB_PLAY_H
#define MX_DB_PLAY_H

#include <stddef.h>

#include "db.h"

struct db_draw {
	int seq;
	char stream[48];
	char *line;			/* the tagged line: "d10 north1 7" */
};
int db_draw_add(struct db *db, long long turn_id, const struct db_draw *d, char *err,
		size_t errlen);
int db_draw_list(struct db *db, long long turn_id, struct db_draw **out, size_t *n, char *err,
		 size_t errlen);
void db_draw_list_release(struct db_draw *list, size_t n);

/* The root every sealed draw of a campaign comes from (core/draw.h). */
struct db_root {
	char root[65];			/* hex; secret until revealed */
	char commitment[65];		/* published at the start */
	char nonce[65];			/* a player's, mixed in after the commitment, or "" */
	char created_at[DB_TIME_MAX];
	char revealed_at[DB_TIME_MAX];	/* "" while sealed */
};
/* DB_EXISTS when the campaign has one already. */
int db_root_add(struct db *db, long long campaign_id, const struct db_root *r, char *err,
		size_t errlen);
/* 0 or DB_NOT_FOUND. */
int db_root_get(struct db *db, long long campaign_id, struct db_root *r, char *err,
		size_t errlen);
int db_root_reveal(struct db *db, long long campaign_id, const char *when, char *err,
		   size_t errlen);

/* A data pack a campaign carries (a deck, a scenario): kept whole, with its digest. */
struct db_pack {
	char kind[DB_NAME_MAX];
	char name[256];			/* the file's name, for people */
	char digest[DB_DIGEST_MAX];	/* SHA-256 of body, hex */
	char *body;
	char added_at[DB_TIME_MAX];
};
/* DB_EXISTS when the campaign has a pack of that kind. */
int db_pack_add(struct db *db, long long campaign_id, const struct db_pack *p, char *err,
		size_t errlen);
/* By kind. */
int db_pack_list(struct db *db, long long campaign_id, struct db_pack **out, size_t *n,
		 char *err, size_t errlen);
void db_pack_list_release(struct db_pack *list, size_t n);

#endif
