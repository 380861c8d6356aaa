/*
 * record: a ship's campaign-long record (its stats and its career), as
 * Hovercrafts keeps it in its seat's data, a JSON object:
 *   {"hull":3,"shield":1,"ballistic":1,"energy":1,"damage":0,
 *    "battles":0,"wins":0,"kills":0,"times_disabled":0}
 * The judge stores the text and knows none of these keys; battle state is
 * in the turns. Pure.
 *
 * Ownership: plain values; hover_record_to_json returns a malloc'd string.
 */
#ifndef MX_HOVER_RECORD_H
#define MX_HOVER_RECORD_H

#include <jansson.h>

struct hover_record {
	int hull, shield, ballistic, energy;	/* the stats (rulings 11: base plus ledger) */
	int damage;			/* at the end of its last turn */
	int battles, wins, kills, times_disabled;
};

/* A new ship's: hull 3, the other stats 1, nothing else yet. */
void hover_record_new(struct hover_record *r);
/*
 * Reads the record from a seat's data text; a key missing is the new
 * ship's value. -1 when text is not a JSON object or a key is not an
 * integer.
 */
int hover_record_from_json(struct hover_record *r, const char *text);
/* The same from the parsed data (borrowed): no text between. */
int hover_record_from_object(struct hover_record *r, const json_t *o);
/*
 * The data text with the record written into it: the other keys of old
 * (NULL or "" for none) are kept. NULL when memory ran out or old is not
 * an object.
 */
char *hover_record_to_json(const struct hover_record *r, const char *old);
/* Writes the record's keys into o, the caller's object; -1 when o is not one or memory ran out. */
int hover_record_into_object(const struct hover_record *r, json_t *o);
/* The stat by enum ship_stat (core/hovercrafts/game.h) index; set writes it. */
int hover_record_stat(const struct hover_record *r, int stat);
void hover_record_set_stat(struct hover_record *r, int stat, int v);

#endif
