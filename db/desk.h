/*
 * db/desk: the SQL of the players' self-service by mail (schema version 9,
 * judge/account.c, cmd/seats.c): a captain's pending password, the other
 * addresses whose mail counts as the captain's, absences, the standby
 * list and vacant seats.
 *
 * Conventions of db.h: 0, DB_ERROR, DB_BUSY, DB_NOT_FOUND, DB_EXISTS; err
 * says why for the negative ones. Lists are one malloc'd array, free()d.
 */
#ifndef MX_DB_DESK_H
#define MX_DB_DESK_H

#include <stddef.h>

#include "db.h"

/* The password FORGOT mailed ("" for none); in the caller's transaction. */
int db_captain_set_pending(struct db *db, long long captain_id, const char *pwhash, char *err,
			   size_t errlen);
/* Another address of the captain; DB_EXISTS when it is one already. */
int db_address_add(struct db *db, long long captain_id, const char *email, const char *when,
		   char *err, size_t errlen);

/* DB_EXISTS when email (any case) is one of the captain's other addresses, else 0. */
int db_address_has(struct db *db, long long captain_id, const char *email, char *err,
		   size_t errlen);

struct db_absence {
	long long id;
	long long campaign_id;
	long long captain_id;
	char captain[DB_NAME_MAX];	/* read only: the captain's name */
	char starts[DB_TIME_MAX];	/* UTC */
	char ends[DB_TIME_MAX];
	char created_at[DB_TIME_MAX];
};
int db_absence_add(struct db *db, struct db_absence *a, char *err, size_t errlen);
/* The campaign's absences (captain_id 0: everyone's), by start. */
int db_absence_list(struct db *db, long long campaign_id, long long captain_id,
		    struct db_absence **out, size_t *n, char *err, size_t errlen);

/* How many messages of kind were queued to recipient (any case) after since. */
int db_outbox_kind_since(struct db *db, const char *kind, const char *recipient, const char *since,
			 long long *n, char *err, size_t errlen);
/*
 * How many mails from sender (any case) received after since had a press
 * of campaign_id relayed (outbox keys "press/MAIL/..."): its press that hour.
 */
int db_press_mails_since(struct db *db, long long campaign_id, const char *sender,
			 const char *since, long long *n, char *err, size_t errlen);
/* A sent message's body, kept without its secret (a "password" mail, once delivered). */
int db_outbox_set_body(struct db *db, long long id, const char *body, char *err, size_t errlen);

/* The standby list the game master keeps (`campaign standby`), by address. */
struct db_standby {
	char name[DB_NAME_MAX];
	char email[DB_EMAIL_MAX];
	char added_at[DB_TIME_MAX];
};
/* DB_EXISTS when the address is on the list already. */
int db_standby_add(struct db *db, long long campaign_id, const char *name, const char *email,
		   const char *when, char *err, size_t errlen);
/* DB_NOT_FOUND when the address is not on the list. */
int db_standby_remove(struct db *db, long long campaign_id, const char *email, char *err,
		      size_t errlen);
/* The list in the order it was made; email (not NULL): that address's entry only. */
int db_standby_list(struct db *db, long long campaign_id, const char *email,
		    struct db_standby **out, size_t *n, char *err, size_t errlen);
/* A seat vacant since when (RESIGN), or seated again (when NULL: TAKEOVER). */
int db_seat_set_resigned(struct db *db, long long ship_id, const char *when, char *err,
			 size_t errlen);
/* *vacant: the seat's captain resigned and nobody took it over. */
int db_seat_vacant(struct db *db, long long ship_id, int *vacant, char *err, size_t errlen);

/* Who gets a campaign's public bulletin by mail (OBSERVE). */
struct db_observer {
	long long id;
	char email[DB_EMAIL_MAX];
	char added_at[DB_TIME_MAX];
};
/* DB_EXISTS when the address observes already. */
int db_observer_add(struct db *db, long long campaign_id, const char *email, const char *when,
		    char *err, size_t errlen);
/* DB_NOT_FOUND when the address does not observe. */
int db_observer_remove(struct db *db, long long campaign_id, const char *email, char *err,
		       size_t errlen);
/* In the order they came; email (not NULL): that address only. */
int db_observer_list(struct db *db, long long campaign_id, const char *email,
		     struct db_observer **out, size_t *n, char *err, size_t errlen);

#endif
