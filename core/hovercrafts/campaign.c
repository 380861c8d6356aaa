/*
 * campaign: the pure rules of a campaign of battles (rulings 11):
 * points, upgrades and their caps; campaign.h.
 */
#include "campaign.h"

#include <string.h>

#include "lib/errbuf.h"
#include "orders.h"

int campaign_base_stat(enum ship_stat s)
{
	return s == STAT_HULL ? 3 : 1;
}

void campaign_rules_default(struct campaign_rules *r)
{
	int k;

	memset(r, 0, sizeof(*r));
	r->battles = 1;
	r->award_part = r->award_kill = r->award_win = 1;
	for (k = 0; k < STAT_COUNT; k++) {
		r->step[k] = 1;
		r->offset[k] = k == STAT_HULL ? -1 : 1;
		r->cap[k] = k == STAT_HULL ? 8 : 5;
	}
	r->repairs = 1;
	r->auto_next_hours = -1;
}

static int int_key(const json_t *o, const char *key, int min, int max, int *out, char *err,
		   size_t errlen)
{
	const json_t *v = json_object_get(o, key);

	if (!v)
		return 0;
	if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
		errbuf_set(err, errlen, "campaign.%s: expected a whole number from %d to %d", key, min, max);
		return -1;
	}
	*out = (int)json_integer_value(v);
	return 0;
}

static int name_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (!n || n >= CAMPAIGN_NAME_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '_'))
			return 0;
	return 1;
}

int campaign_rules_from_json(struct campaign_rules *r, const json_t *o, char *err,
			     size_t errlen)
{
	const json_t *cost, *cap, *v, *list;
	const char *key;
	size_t i;

	campaign_rules_default(r);
	if (!o || json_is_null(o))
		return 0;
	if (!json_is_object(o)) {
		errbuf_set(err, errlen, "campaign: expected an object");
		return -1;
	}
	if (int_key(o, "battles", 1, 100, &r->battles, err, errlen) ||
	    int_key(o, "award_part", 0, 100, &r->award_part, err, errlen) ||
	    int_key(o, "award_kill", 0, 100, &r->award_kill, err, errlen) ||
	    int_key(o, "award_win", 0, 100, &r->award_win, err, errlen) ||
	    (!json_is_null(json_object_get(o, "auto_next_hours")) &&
	     int_key(o, "auto_next_hours", 0, 24 * 366, &r->auto_next_hours, err, errlen)))
		return -1;
	v = json_object_get(o, "repairs");
	if (v && !json_is_boolean(v)) {
		errbuf_set(err, errlen, "campaign.repairs: expected true or false");
		return -1;
	}
	if (v)
		r->repairs = json_is_true(v);
	cost = json_object_get(o, "cost");
	if (cost && !json_is_object(cost)) {
		errbuf_set(err, errlen, "campaign.cost: expected an object of [step, offset] pairs");
		return -1;
	}
	json_object_foreach((json_t *)cost, key, v) {
		int s = stat_parse(key);

		if (s < 0 || !json_is_array(v) || json_array_size(v) != 2 ||
		    !json_is_integer(json_array_get(v, 0)) || !json_is_integer(json_array_get(v, 1)) ||
		    json_integer_value(json_array_get(v, 0)) < 0 ||
		    json_integer_value(json_array_get(v, 0)) > 100 ||
		    json_integer_value(json_array_get(v, 1)) < -100 ||
		    json_integer_value(json_array_get(v, 1)) > 100) {
			errbuf_set(err, errlen, "campaign.cost.%s: expected a stat (hull, shield, ballistic, "
			     "energy) and [step, offset], step 0 to 100, offset -100 to 100", key);
			return -1;
		}
		r->step[s] = (int)json_integer_value(json_array_get(v, 0));
		r->offset[s] = (int)json_integer_value(json_array_get(v, 1));
	}
	cap = json_object_get(o, "cap");
	if (cap && !json_is_object(cap)) {
		errbuf_set(err, errlen, "campaign.cap: expected an object such as {\"hull\":8}");
		return -1;
	}
	json_object_foreach((json_t *)cap, key, v) {
		int s = stat_parse(key);
		/* Energy + 3 actions must fit an order list (ORDERS_MAX_ACTIONS). */
		int max = s == STAT_ENERGY ? ORDERS_MAX_ACTIONS - 3 : CAMPAIGN_STAT_MAX;

		if (s < 0 || !json_is_integer(v) || json_integer_value(v) < campaign_base_stat(s) ||
		    json_integer_value(v) > max) {
			errbuf_set(err, errlen, "campaign.cap.%s: expected a stat and a whole number from its "
			     "base value to %d", key, s < 0 ? CAMPAIGN_STAT_MAX : max);
			return -1;
		}
		r->cap[s] = (int)json_integer_value(v);
	}
	list = json_object_get(o, "scenarios");
	if (list && (!json_is_array(list) || json_array_size(list) > CAMPAIGN_MAX_SCENARIOS)) {
		errbuf_set(err, errlen, "campaign.scenarios: expected a list of at most %d scenario names",
		     CAMPAIGN_MAX_SCENARIOS);
		return -1;
	}
	json_array_foreach(list, i, v) {
		if (!json_is_string(v) || !name_ok(json_string_value(v))) {
			errbuf_set(err, errlen, "campaign.scenarios[%zu]: expected a scenario name (letters, "
			     "digits, '-' or '_')", i);
			return -1;
		}
		strcpy(r->scenarios[r->nscenarios++], json_string_value(v));
	}
	return 0;
}

json_t *campaign_rules_to_json(const struct campaign_rules *r)
{
	json_t *o = json_object(), *cost = json_object(), *cap = json_object(), *sc = json_array();
	int k;

	if (!o || !cost || !cap || !sc) {
		json_decref(o);
		json_decref(cost);
		json_decref(cap);
		json_decref(sc);
		return NULL;
	}
	json_object_set_new(o, "battles", json_integer(r->battles));
	json_object_set_new(o, "award_part", json_integer(r->award_part));
	json_object_set_new(o, "award_kill", json_integer(r->award_kill));
	json_object_set_new(o, "award_win", json_integer(r->award_win));
	for (k = 0; k < STAT_COUNT; k++) {
		json_object_set_new(cost, stat_name((enum ship_stat)k),
				    json_pack("[i,i]", r->step[k], r->offset[k]));
		json_object_set_new(cap, stat_name((enum ship_stat)k), json_integer(r->cap[k]));
	}
	json_object_set_new(o, "cost", cost);
	json_object_set_new(o, "cap", cap);
	json_object_set_new(o, "repairs", json_boolean(r->repairs));
	if (r->auto_next_hours >= 0)
		json_object_set_new(o, "auto_next_hours", json_integer(r->auto_next_hours));
	for (k = 0; k < r->nscenarios; k++)
		json_array_append_new(sc, json_string(r->scenarios[k]));
	json_object_set_new(o, "scenarios", sc);
	return o;
}

int campaign_upgrade_cost(const struct campaign_rules *r, enum ship_stat s, int from)
{
	int cost;

	if ((unsigned)s >= STAT_COUNT || from >= r->cap[s])
		return -1;
	cost = r->step[s] * from + r->offset[s];
	return cost < 1 ? 1 : cost;
}

int campaign_check_upgrade(const struct campaign_rules *r, enum ship_stat s, int from, int points,
			   int *cost, char *err, size_t errlen)
{
	int c = campaign_upgrade_cost(r, s, from);

	if (c < 0) {
		errbuf_set(err, errlen, "%s is %d, its cap: it cannot be raised", stat_name(s), from);
		return -1;
	}
	if (c > points) {
		errbuf_set(err, errlen, "raising %s from %d to %d costs %d point%s; %d left", stat_name(s),
		     from, from + 1, c, c == 1 ? "" : "s", points);
		return -1;
	}
	*cost = c;
	return 0;
}

void campaign_award(const struct campaign_rules *r, int took_part, int kills, int won,
		    struct campaign_award *out)
{
	memset(out, 0, sizeof(*out));
	if (!took_part)
		return;
	out->part = r->award_part;
	out->kills = r->award_kill * kills;
	out->win = won ? r->award_win : 0;
	out->total = out->part + out->kills + out->win;
}

const char *campaign_scenario_for(const struct campaign_rules *r, int battle)
{
	if (!r->nscenarios || battle < 1)
		return "";
	return r->scenarios[(battle - 1) % r->nscenarios];
}
