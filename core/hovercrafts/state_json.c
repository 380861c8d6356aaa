/*
 * state_json: the game state and a turn's events as JSON, in the
 * shape of mxjudge-adjudicate(1); state_json.h.
 */
#include "state_json.h"

#include <string.h>

#include "lib/errbuf.h"
#include "lib/strbuf.h"
#include "scenario.h"
#include "turn.h"

static int get_int(const json_t *obj, const char *key, int min, int max, int dflt, int *out,
		   const char *name, const char *where, char *err, size_t errlen)
{
	const json_t *v = json_object_get(obj, key);

	if (!v) {
		if (dflt == -999) {
			errbuf_set(err, errlen, "%s: %s: expected \"%s\", a whole number from %d to %d",
			     name, where, key, min, max);
			return -1;
		}
		*out = dflt;
		return 0;
	}
	if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
		errbuf_set(err, errlen, "%s: %s.%s: expected a whole number from %d to %d",
		     name, where, key, min, max);
		return -1;
	}
	*out = (int)json_integer_value(v);
	return 0;
}

static const char *get_str(const json_t *obj, const char *key)
{
	const json_t *v = json_object_get(obj, key);

	return json_is_string(v) ? json_string_value(v) : NULL;
}

static int ship_from_json(struct ship *s, const json_t *o, const struct game_map *map,
			  const char *name, int i, char *err, size_t errlen)
{
	static const char *const keys[STAT_COUNT] = { "hull", "shield", "ballistic", "energy" };
	char where[32] = "ships[", *w = where + 6;
	const char *str;
	int k, v, digits = 1, d;

	/* "ships[i]" by hand: core/ does its formatting without stdio. */
	for (d = i; d >= 10; d /= 10)
		digits++;
	for (d = digits - 1; d >= 0; d--, i /= 10)
		w[d] = (char)('0' + i % 10);
	w[digits] = ']';
	w[digits + 1] = '\0';
	ship_set_defaults(s);
	if (!json_is_object(o)) {
		errbuf_set(err, errlen, "%s: %s: expected an object", name, where);
		return -1;
	}
	str = get_str(o, "name");
	if (!str || !*str || strlen(str) >= SHIP_NAME_MAX) {
		errbuf_set(err, errlen, "%s: %s.name: expected a name of 1 to %d characters",
		     name, where, SHIP_NAME_MAX - 1);
		return -1;
	}
	strcpy(s->name, str);
	str = get_str(o, "team");
	if (!str || team_parse(str) < 0) {
		errbuf_set(err, errlen, "%s: %s.team: expected \"zion\" or \"machines\"", name, where);
		return -1;
	}
	s->team = (enum team)team_parse(str);
	str = get_str(o, "status");
	if (str && status_parse(str) < 0) {
		errbuf_set(err, errlen, "%s: %s.status: expected \"active\", \"disabled\" or \"off-map\"", name, where);
		return -1;
	}
	s->status = str ? (enum ship_status)status_parse(str) : SHIP_ACTIVE;
	str = get_str(o, "hex");
	if (!str || hex_parse(str, &s->pos) < 0 ||
	    (s->status == SHIP_ACTIVE && !game_map_on_board(map, s->pos))) {
		errbuf_set(err, errlen, "%s: %s.hex: expected a hex label on the board, like A1", name, where);
		return -1;
	}
	str = get_str(o, "facing");
	if (!str || facing_parse(str) < 0) {
		errbuf_set(err, errlen, "%s: %s.facing: expected E, NE, NW, W, SW or SE", name, where);
		return -1;
	}
	s->facing = (enum facing)facing_parse(str);
	for (k = 0; k < STAT_COUNT; k++) {
		/* Energy + 3 is the most actions a ship can roll: it must fit an order list. */
		if (get_int(o, keys[k], k == STAT_HULL ? 1 : 0,
			    k == STAT_ENERGY ? ORDERS_MAX_ACTIONS - 3 : 99, s->stat[k], &v, name, where,
			    err, errlen) < 0)
			return -1;
		s->stat[k] = v;
	}
	if (get_int(o, "damage", 0, s->stat[STAT_HULL], 0, &s->damage, name, where, err, errlen) < 0 ||
	    get_int(o, "actions", 0, ORDERS_MAX_ACTIONS, 0, &s->actions, name, where, err, errlen) < 0)
		return -1;
	if (s->status == SHIP_ACTIVE && s->damage >= s->stat[STAT_HULL]) {
		errbuf_set(err, errlen, "%s: %s: an active ship needs damage below its hull", name, where);
		return -1;
	}
	return 0;
}

int state_from_json(struct game_state *st, const json_t *root, const char *name,
		    char *err, size_t errlen)
{
	const json_t *map, *walls, *ships, *v;
	const char *str;
	size_t i;
	int w, h;

	game_state_init(st);
	if (!json_is_object(root)) {
		errbuf_set(err, errlen, "%s: expected a JSON object with \"map\" and \"ships\"", name);
		goto fail;
	}
	str = get_str(root, "game");
	if (str && strcmp(str, "hovercrafts")) {
		errbuf_set(err, errlen, "%s: game: expected \"hovercrafts\", got \"%s\"", name, str);
		goto fail;
	}
	if (get_int(root, "turn", 1, 1000000, 1, &st->turn, name, "state", err, errlen) < 0)
		goto fail;
	map = json_object_get(root, "map");
	if (!json_is_object(map)) {
		errbuf_set(err, errlen, "%s: map: expected an object with width and height", name);
		goto fail;
	}
	if (get_int(map, "width", 1, MAP_MAX_SIDE, -999, &w, name, "map", err, errlen) < 0 ||
	    get_int(map, "height", 1, MAP_MAX_SIDE, -999, &h, name, "map", err, errlen) < 0)
		goto fail;
	if (game_map_init(&st->map, w, h) < 0) {
		errbuf_set(err, errlen, "%s: map: out of memory", name);
		goto fail;
	}
	walls = json_object_get(map, "walls");
	if (walls && !json_is_array(walls)) {
		errbuf_set(err, errlen, "%s: map.walls: expected a list of hex labels", name);
		goto fail;
	}
	json_array_foreach(walls, i, v) {
		struct hex hx;

		if (!json_is_string(v) || hex_parse(json_string_value(v), &hx) < 0 ||
		    !game_map_on_board(&st->map, hx)) {
			errbuf_set(err, errlen, "%s: map.walls[%zu]: expected a hex label on the board", name, i);
			goto fail;
		}
		game_map_set_wall(&st->map, hx, 1);
	}
	ships = json_object_get(root, "ships");
	if (!json_is_array(ships) || json_array_size(ships) > GAME_MAX_SHIPS) {
		errbuf_set(err, errlen, "%s: ships: expected a list of at most %d ships", name, GAME_MAX_SHIPS);
		goto fail;
	}
	json_array_foreach(ships, i, v) {
		struct ship s;
		int other;

		if (ship_from_json(&s, v, &st->map, name, (int)i, err, errlen) < 0)
			goto fail;
		if (game_find_ship(st, s.name) >= 0) {
			errbuf_set(err, errlen, "%s: ships[%zu].name: \"%s\" is already the name of another ship",
			     name, i, s.name);
			goto fail;
		}
		if (s.status == SHIP_ACTIVE) {
			if (game_map_is_wall(&st->map, s.pos)) {
				errbuf_set(err, errlen, "%s: ships[%zu].hex: %s stands on a wall", name, i, s.name);
				goto fail;
			}
			other = game_ship_at(st, s.pos);
			if (other >= 0) {
				errbuf_set(err, errlen, "%s: ships[%zu].hex: %s and %s stand on the same hex",
				     name, i, st->ships[other].name, s.name);
				goto fail;
			}
		}
		if (game_add_ship(st, &s) < 0) {
			errbuf_set(err, errlen, "%s: out of memory", name);
			goto fail;
		}
	}
	str = get_str(root, "winner");
	st->winner = WINNER_NONE;
	if (str) {
		int k;

		for (k = WINNER_NONE; k <= WINNER_DRAW; k++)
			if (!strcmp(str, winner_name((enum winner)k)))
				st->winner = (enum winner)k;
	}
	/* Optional: a scenario's rules and counters (core/hovercrafts/scenario.h). */
	if (scenario_state_from_json(&st->scenario, json_object_get(root, "scenario"), name, err,
				     errlen) < 0)
		goto fail;
	return 0;
fail:
	game_state_release(st);
	return -1;
}

json_t *state_hex_json(struct hex h)
{
	char label[HEX_LABEL_MAX];

	hex_format(h, label, sizeof(label));
	return json_string(label);
}

json_t *state_to_json(const struct game_state *st)
{
	json_t *root = json_object(), *map = json_object(), *walls = json_array(), *ships = json_array();
	struct hex h;
	size_t i;

	if (!root || !map || !walls || !ships)
		goto fail;
	json_object_set_new(root, "game", json_string(st->game));
	json_object_set_new(root, "turn", json_integer(st->turn));
	json_object_set_new(map, "width", json_integer(st->map.width));
	json_object_set_new(map, "height", json_integer(st->map.height));
	for (h.row = 0; h.row < st->map.height; h.row++)
		for (h.col = 0; h.col < st->map.width; h.col++)
			if (game_map_is_wall(&st->map, h))
				json_array_append_new(walls, state_hex_json(h));
	json_object_set_new(map, "walls", walls);
	walls = NULL;
	json_object_set_new(root, "map", map);
	map = NULL;
	for (i = 0; i < st->nships; i++) {
		const struct ship *s = &st->ships[i];
		json_t *o = json_object();

		if (!o)
			goto fail;
		json_object_set_new(o, "name", json_string(s->name));
		json_object_set_new(o, "team", json_string(team_name(s->team)));
		json_object_set_new(o, "hex", state_hex_json(s->pos));
		json_object_set_new(o, "facing", json_string(facing_name(s->facing)));
		json_object_set_new(o, "hull", json_integer(s->stat[STAT_HULL]));
		json_object_set_new(o, "shield", json_integer(s->stat[STAT_SHIELD]));
		json_object_set_new(o, "ballistic", json_integer(s->stat[STAT_BALLISTIC]));
		json_object_set_new(o, "energy", json_integer(s->stat[STAT_ENERGY]));
		json_object_set_new(o, "damage", json_integer(s->damage));
		json_object_set_new(o, "actions", json_integer(s->actions));
		json_object_set_new(o, "status", json_string(status_name(s->status)));
		json_array_append_new(ships, o);
	}
	json_object_set_new(root, "ships", ships);
	ships = NULL;
	if (st->winner != WINNER_NONE)
		json_object_set_new(root, "winner", json_string(winner_name(st->winner)));
	else
		json_object_set_new(root, "winner", json_null());
	if (st->scenario)
		json_object_set_new(root, "scenario", scenario_state_to_json(st->scenario));
	return root;
fail:
	json_decref(root);
	json_decref(map);
	json_decref(walls);
	json_decref(ships);
	return NULL;
}

static const char *ship_name_at(const struct game_state *st, int i)
{
	return (i >= 0 && (size_t)i < st->nships) ? st->ships[i].name : NULL;
}

json_t *event_to_json(const struct game_state *st, const struct event *e)
{
	json_t *o = json_object();
	const char *a = ship_name_at(st, e->ship), *b = ship_name_at(st, e->other);

	if (!o)
		return NULL;
	json_object_set_new(o, "type", json_string(event_type_name(e->type)));
	if (e->phase)
		json_object_set_new(o, "phase", json_integer(e->phase));
	if (a)
		json_object_set_new(o, "ship", json_string(a));
	if (b)
		json_object_set_new(o, "other", json_string(b));
	switch (e->type) {
	case EV_ROLL:
		json_object_set_new(o, "check", json_string(check_name(e->check)));
		json_object_set_new(o, "d6", json_integer(e->d6));
		json_object_set_new(o, "stat", json_integer(e->stat));
		json_object_set_new(o, "score", json_integer(e->score));
		json_object_set_new(o, "for", json_string(event_type_name(e->cause)));
		break;
	case EV_ACTION:
	case EV_EMP_REPLACED:
		json_object_set_new(o, "action", json_string(action_name(e->action)));
		if (e->action == ACT_LEFT || e->action == ACT_RIGHT)
			json_object_set_new(o, "facing", json_string(facing_name((enum facing)e->value)));
		break;
	case EV_MOVE:
	case EV_WALL:
	case EV_OFF_MAP:
	case EV_BLOCKED:
	case EV_HEAD_ON:
		json_object_set_new(o, "from", state_hex_json(e->from));
		if (e->type == EV_OFF_MAP)
			json_object_set_new(o, "to", json_null());
		else
			json_object_set_new(o, "to", state_hex_json(e->to));
		break;
	case EV_CONTEST:
		json_object_set_new(o, "hex", state_hex_json(e->to));
		json_object_set_new(o, "ships", json_integer(e->value));
		break;
	case EV_RAM:
		json_object_set_new(o, "hex", state_hex_json(e->to));
		json_object_set_new(o, "score", json_integer(e->score));
		json_object_set_new(o, "other_score", json_integer(e->score2));
		json_object_set_new(o, "hurt", json_string(e->value == 1 ? "ship" : e->value == 2 ? "other" : "both"));
		break;
	case EV_EMP:
		json_object_set_new(o, "hex", state_hex_json(e->from));
		json_object_set_new(o, "score", e->value ? json_integer(e->score) : json_null());
		break;
	case EV_EMP_CHECK:
		json_object_set_new(o, "score", json_integer(e->score));
		json_object_set_new(o, "other_score", json_integer(e->score2));
		json_object_set_new(o, "affected", json_boolean(e->value));
		break;
	case EV_SHOT:
		json_object_set_new(o, "ballistic", json_integer(e->score));
		json_object_set_new(o, "shield", json_integer(e->score2));
		json_object_set_new(o, "hit", json_boolean(e->value));
		break;
	case EV_REPAIR:
		json_object_set_new(o, "repaired", json_integer(e->value));
		json_object_set_new(o, "hull_left", json_integer(e->score));
		break;
	case EV_DAMAGE:
		json_object_set_new(o, "damage", json_integer(e->value));
		json_object_set_new(o, "by", json_string(event_type_name(e->cause)));
		json_object_set_new(o, "hull_left", json_integer(e->score));
		break;
	case EV_DISABLED:
		json_object_set_new(o, "by", json_string(event_type_name(e->cause)));
		break;
	case EV_REMOVED:
		json_object_set_new(o, "hex", state_hex_json(e->from));
		break;
	case EV_ENERGY:
		json_object_set_new(o, "actions", json_integer(e->value));
		break;
	case EV_VICTORY:
		json_object_set_new(o, "winner", json_string(winner_name((enum winner)e->value)));
		if (e->score)
			json_object_set_new(o, "agreed", json_string(e->score == TURN_AGREED_DRAW ?
								    "draw" : "concede"));
		break;
	case EV_NO_ORDERS:
		if (e->value)
			json_object_set_new(o, "autopilot", json_true());
		break;
	default:
		break;
	}
	return o;
}

json_t *events_to_json(const struct game_state *st, const struct event_list *l)
{
	json_t *arr = json_array();
	size_t i;

	if (!arr)
		return NULL;
	for (i = 0; i < l->n; i++) {
		json_t *o = event_to_json(st, &l->ev[i]);

		if (!o || json_array_append_new(arr, o) < 0) {
			json_decref(arr);
			return NULL;
		}
	}
	return arr;
}

static int name_index(const char *(*name)(int), int n, const char *want)
{
	int i;

	for (i = 0; want && i < n; i++)
		if (!strcmp(name(i), want))
			return i;
	return -1;
}

static const char *type_name_int(int i)
{
	return event_type_name((enum event_type)i);
}

static const char *action_name_int(int i)
{
	return action_name((enum action)i);
}

static const char *winner_name_int(int i)
{
	return winner_name((enum winner)i);
}

static const char *str_of(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static int int_of(const json_t *o, const char *key)
{
	return (int)json_integer_value(json_object_get(o, key));
}

/* A hex label at key into *h; absent or null leaves it. -1 when not a hex. */
static int hex_of(const json_t *o, const char *key, struct hex *h)
{
	const char *label = str_of(o, key);

	return !label ? 0 : hex_parse(label, h);
}

/* One event back from event_to_json's shape; -1 when it is not one. */
static int event_from_json(const struct game_state *st, const json_t *o, struct event *e)
{
	const char *v;
	int t = name_index(type_name_int, EV_COUNT, str_of(o, "type"));

	memset(e, 0, sizeof(*e));
	if (t < 0)
		return -1;
	e->type = (enum event_type)t;
	e->phase = int_of(o, "phase");
	e->ship = game_find_ship(st, str_of(o, "ship") ? str_of(o, "ship") : "");
	e->other = game_find_ship(st, str_of(o, "other") ? str_of(o, "other") : "");
	e->from.col = e->from.row = e->to.col = e->to.row = -1;
	e->cause = e->type;
	switch (e->type) {
	case EV_ROLL:
		if ((t = check_parse(str_of(o, "check") ? str_of(o, "check") : "")) < 0)
			return -1;
		e->check = (enum check)t;
		e->d6 = int_of(o, "d6");
		e->stat = int_of(o, "stat");
		e->score = int_of(o, "score");
		if ((t = name_index(type_name_int, EV_COUNT, str_of(o, "for"))) < 0)
			return -1;
		e->cause = (enum event_type)t;
		break;
	case EV_ACTION:
	case EV_EMP_REPLACED:
		if ((t = name_index(action_name_int, ACT_COUNT, str_of(o, "action"))) < 0)
			return -1;
		e->action = (enum action)t;
		if ((v = str_of(o, "facing")) && (t = facing_parse(v)) >= 0)
			e->value = t;
		break;
	case EV_MOVE:
	case EV_WALL:
	case EV_OFF_MAP:
	case EV_BLOCKED:
	case EV_HEAD_ON:
		if (hex_of(o, "from", &e->from) || hex_of(o, "to", &e->to))
			return -1;
		break;
	case EV_CONTEST:
		if (hex_of(o, "hex", &e->to))
			return -1;
		e->value = int_of(o, "ships");
		break;
	case EV_RAM:
		if (hex_of(o, "hex", &e->to))
			return -1;
		e->score = int_of(o, "score");
		e->score2 = int_of(o, "other_score");
		v = str_of(o, "hurt");
		e->value = !v ? 0 : !strcmp(v, "ship") ? 1 : !strcmp(v, "other") ? 2 : 3;
		break;
	case EV_EMP:
		if (hex_of(o, "hex", &e->from))
			return -1;
		e->value = json_is_integer(json_object_get(o, "score"));
		e->score = int_of(o, "score");
		break;
	case EV_EMP_CHECK:
		e->score = int_of(o, "score");
		e->score2 = int_of(o, "other_score");
		e->value = json_is_true(json_object_get(o, "affected"));
		break;
	case EV_SHOT:
		e->score = int_of(o, "ballistic");
		e->score2 = int_of(o, "shield");
		e->value = json_is_true(json_object_get(o, "hit"));
		break;
	case EV_REPAIR:
		e->value = int_of(o, "repaired");
		e->score = int_of(o, "hull_left");
		break;
	case EV_DAMAGE:
	case EV_DISABLED:
		if ((t = name_index(type_name_int, EV_COUNT, str_of(o, "by"))) < 0)
			return -1;
		e->cause = (enum event_type)t;
		e->value = int_of(o, "damage");
		e->score = int_of(o, "hull_left");
		break;
	case EV_REMOVED:
		if (hex_of(o, "hex", &e->from))
			return -1;
		break;
	case EV_ENERGY:
		e->value = int_of(o, "actions");
		break;
	case EV_VICTORY:
		if ((t = name_index(winner_name_int, WINNER_DRAW + 1, str_of(o, "winner"))) < 0)
			return -1;
		e->value = t;
		v = str_of(o, "agreed");
		e->score = !v ? 0 : !strcmp(v, "draw") ? TURN_AGREED_DRAW : TURN_AGREED_CONCEDE;
		break;
	case EV_NO_ORDERS:
		e->value = json_is_true(json_object_get(o, "autopilot"));
		break;
	default:
		break;
	}
	return 0;
}

int events_from_json(const struct game_state *st, const json_t *arr, struct event_list *l,
		     const char *name, char *err, size_t errlen)
{
	struct event e;
	size_t i;
	json_t *o;

	if (!json_is_array(arr)) {
		errbuf_set(err, errlen, "%s: expected a list of events", name);
		return -1;
	}
	json_array_foreach(arr, i, o) {
		if (event_from_json(st, o, &e) < 0) {
			errbuf_set(err, errlen, "%s: event %zu: expected an event of the game", name,
				   i + 1);
			return -1;
		}
		if (event_list_push(l, &e) < 0) {
			errbuf_set(err, errlen, "out of memory");
			return -1;
		}
	}
	return 0;
}
