/* record: a ship's campaign-long record in its seat's JSON data (record.h). */
#include "record.h"

#include <jansson.h>
#include <stdlib.h>

#include "game.h"

/* The keys in the order they are written, each with its field. */
#define FIELDS(X) X(hull) X(shield) X(ballistic) X(energy) X(damage) X(battles) X(wins) \
	X(kills) X(times_disabled)

void hover_record_new(struct hover_record *r)
{
	*r = (struct hover_record){ .hull = 3, .shield = 1, .ballistic = 1, .energy = 1 };
}

int hover_record_from_object(struct hover_record *r, const json_t *o)
{
	json_t *v;

	hover_record_new(r);
	if (!json_is_object(o))
		return -1;
#define READ(k)								\
	if ((v = json_object_get(o, #k))) {				\
		if (!json_is_integer(v))				\
			return -1;					\
		r->k = (int)json_integer_value(v);			\
	}
	FIELDS(READ)
#undef READ
	return 0;
}

int hover_record_from_json(struct hover_record *r, const char *text)
{
	json_t *o = text && *text ? json_loads(text, 0, NULL) : json_object();
	int rc = hover_record_from_object(r, o);

	json_decref(o);
	return rc;
}

int hover_record_into_object(const struct hover_record *r, json_t *o)
{
	int bad = 0;

	if (!json_is_object(o))
		return -1;
#define WRITE(k) bad |= json_object_set_new(o, #k, json_integer(r->k));
	FIELDS(WRITE)
#undef WRITE
	return bad ? -1 : 0;
}

char *hover_record_to_json(const struct hover_record *r, const char *old)
{
	json_t *o = old && *old ? json_loads(old, 0, NULL) : json_object();
	char *text = NULL;

	if (!hover_record_into_object(r, o))
		text = json_dumps(o, JSON_COMPACT | JSON_PRESERVE_ORDER);
	json_decref(o);
	return text;
}

int hover_record_stat(const struct hover_record *r, int stat)
{
	return stat == STAT_HULL ? r->hull : stat == STAT_SHIELD ? r->shield
	       : stat == STAT_BALLISTIC ? r->ballistic : r->energy;
}

void hover_record_set_stat(struct hover_record *r, int stat, int v)
{
	if (stat == STAT_HULL)
		r->hull = v;
	else if (stat == STAT_SHIELD)
		r->shield = v;
	else if (stat == STAT_BALLISTIC)
		r->ballistic = v;
	else
		r->energy = v;
}
