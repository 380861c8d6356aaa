/*
 * scenario: a battle's own rules (rulings 9): board, team sizes,
 * turn limit and goals; scenario.h.
 */
#include "scenario.h"

#include <stdlib.h>
#include <string.h>

#include "lib/errbuf.h"

static const char *const goal_names[GOAL_COUNT] = { "hold", "escape", "survive", "flagship" };
static const char *const edge_names[] = { "N", "E", "S", "W" };

const char *goal_type_name(enum goal_type t)
{
	return (unsigned)t < GOAL_COUNT ? goal_names[t] : "?";
}

const char *edge_name(enum edge e)
{
	return (unsigned)e <= EDGE_W ? edge_names[e] : "?";
}

static int edge_parse(const char *s)
{
	int i;

	for (i = 0; s && i <= EDGE_W; i++)
		if (!mx_strcasecmp(s, edge_names[i]))
			return i;
	return -1;
}

int scenario_name_ok(const char *s)
{
	size_t i, n = s ? strlen(s) : 0;

	if (!n || n >= SCENARIO_NAME_MAX || s[0] == '-')
		return 0;
	for (i = 0; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '_'))
			return 0;
	return 1;
}

static int get_count(const json_t *o, const char *key, int min, int max, int dflt, int *out,
		     const char *where, char *err, size_t errlen)
{
	const json_t *v = json_object_get(o, key);

	if (!v && dflt >= min) {
		*out = dflt;
		return 0;
	}
	if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
		errbuf_set(err, errlen, "%s.%s: expected a whole number from %d to %d", where, key, min, max);
		return -1;
	}
	*out = (int)json_integer_value(v);
	return 0;
}

static int winner_parse(const char *s, enum winner *w)
{
	if (!s || !strcmp(s, "draw"))
		*w = WINNER_DRAW;
	else if (!strcmp(s, "zion"))
		*w = WINNER_ZION;
	else if (!strcmp(s, "machines"))
		*w = WINNER_MACHINES;
	else
		return -1;
	return 0;
}

/* A goal, from a scenario file (with_count 0) or a state (1). */
static int goal_from_json(struct goal *g, const json_t *o, const char *where, int with_count,
			  char *err, size_t errlen)
{
	const char *type = json_string_value(json_object_get(o, "type"));
	const char *team = json_string_value(json_object_get(o, "team"));
	const char *str;
	int i;

	memset(g, 0, sizeof(*g));
	if (!json_is_object(o)) {
		errbuf_set(err, errlen, "%s: expected a goal object", where);
		return -1;
	}
	for (i = 0; i < GOAL_COUNT && (!type || strcmp(type, goal_names[i])); i++)
		;
	if (i == GOAL_COUNT) {
		errbuf_set(err, errlen, "%s.type: expected \"hold\", \"escape\", \"survive\" or \"flagship\"",
		     where);
		return -1;
	}
	g->type = (enum goal_type)i;
	if (team_parse(team) < 0) {
		errbuf_set(err, errlen, "%s.team: expected \"zion\" or \"machines\"", where);
		return -1;
	}
	g->team = (enum team)team_parse(team);
	switch (g->type) {
	case GOAL_HOLD:
		str = json_string_value(json_object_get(o, "hex"));
		if (!str || hex_parse(str, &g->hex) < 0) {
			errbuf_set(err, errlen, "%s.hex: expected a hex label such as F3", where);
			return -1;
		}
		if (get_count(o, "turns", 1, 1000, -1, &g->turns, where, err, errlen))
			return -1;
		break;
	case GOAL_ESCAPE:
		str = json_string_value(json_object_get(o, "edge"));
		if (edge_parse(str) < 0) {
			errbuf_set(err, errlen, "%s.edge: expected \"N\", \"E\", \"S\" or \"W\"", where);
			return -1;
		}
		g->edge = (enum edge)edge_parse(str);
		if (get_count(o, "ships", 1, GAME_MAX_SHIPS, 1, &g->ships, where, err, errlen))
			return -1;
		break;
	case GOAL_SURVIVE:
		if (get_count(o, "turns", 1, 1000, -1, &g->turns, where, err, errlen))
			return -1;
		break;
	case GOAL_FLAGSHIP:
		str = json_string_value(json_object_get(o, "ship"));
		if (str && strlen(str) >= SHIP_NAME_MAX) {
			errbuf_set(err, errlen, "%s.ship: expected a ship name", where);
			return -1;
		}
		snprintf(g->ship, sizeof(g->ship), "%s", str ? str : "");
		break;
	default:
		break;
	}
	if (with_count && get_count(o, "count", 0, 1000000, 0, &g->count, where, err, errlen))
		return -1;
	return 0;
}

static json_t *goal_to_json(const struct goal *g, int with_count)
{
	json_t *o = json_pack("{s:s,s:s}", "type", goal_type_name(g->type), "team",
			      team_name(g->team));
	char hex[HEX_LABEL_MAX];

	if (!o)
		return NULL;
	switch (g->type) {
	case GOAL_HOLD:
		hex_format(g->hex, hex, sizeof(hex));
		json_object_set_new(o, "hex", json_string(hex));
		json_object_set_new(o, "turns", json_integer(g->turns));
		break;
	case GOAL_ESCAPE:
		json_object_set_new(o, "edge", json_string(edge_name(g->edge)));
		json_object_set_new(o, "ships", json_integer(g->ships));
		break;
	case GOAL_SURVIVE:
		json_object_set_new(o, "turns", json_integer(g->turns));
		break;
	case GOAL_FLAGSHIP:
		json_object_set_new(o, "ship", json_string(g->ship));
		break;
	default:
		break;
	}
	if (with_count && (g->type == GOAL_HOLD || g->type == GOAL_ESCAPE))
		json_object_set_new(o, "count", json_integer(g->count));
	return o;
}

static int goals_from_json(struct scenario_state *s, const json_t *goals, const char *name,
			   int with_count, char *err, size_t errlen)
{
	const json_t *v;
	size_t i;

	if (goals && (!json_is_array(goals) || json_array_size(goals) > SCENARIO_MAX_GOALS)) {
		errbuf_set(err, errlen, "%s: goals: expected a list of at most %d goals", name,
		     SCENARIO_MAX_GOALS);
		return -1;
	}
	json_array_foreach(goals, i, v) {
		char where[SCENARIO_NAME_MAX + 32];
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s: goals[%zu]", name, i);
		snprintf(where, sizeof(where), "%s", strbuf_str(&sb));
		strbuf_release(&sb);
		if (goal_from_json(&s->goals[s->ngoals], v, where, with_count, err, errlen))
			return -1;
		s->ngoals++;
	}
	return 0;
}

int scenario_parse(struct scenario *sc, const json_t *root, const char *name, char *err,
		   size_t errlen)
{
	const json_t *map, *teams;
	const char *str;
	struct strbuf sb = STRBUF_INIT;

	memset(sc, 0, sizeof(*sc));
	sc->team_min = 1;
	sc->team_max = GAME_MAX_SHIPS / 2;
	if (!scenario_name_ok(name)) {
		errbuf_set(err, errlen, "'%s': a scenario name is letters, digits, '-' or '_'", name ? name : "");
		return -1;
	}
	snprintf(sc->name, sizeof(sc->name), "%s", name);
	if (!json_is_object(root)) {
		errbuf_set(err, errlen, "%s: expected a JSON object", name);
		return -1;
	}
	str = json_string_value(json_object_get(root, "title"));
	snprintf(sc->title, sizeof(sc->title), "%s", str ? str : name);
	str = json_string_value(json_object_get(root, "description"));
	snprintf(sc->description, sizeof(sc->description), "%s", str ? str : "");
	map = json_object_get(root, "map");
	if (json_is_string(map)) {
		if (!scenario_name_ok(json_string_value(map))) {
			errbuf_set(err, errlen, "%s: map: expected the name of a map (letters, digits, '-', '_')",
			     name);
			return -1;
		}
		sc->map = SCENARIO_MAP_NAMED;
		snprintf(sc->map_name, sizeof(sc->map_name), "%s", json_string_value(map));
	} else if (json_is_object(map)) {
		const json_t *d = json_object_get(map, "density");

		sc->map = SCENARIO_MAP_RANDOM;
		if (get_count(map, "width", 2, MAP_MAX_SIDE, -1, &sc->width, "map", err, errlen) ||
		    get_count(map, "height", 1, MAP_MAX_SIDE, -1, &sc->height, "map", err, errlen))
			goto prefixed;
		if (d && (!json_is_number(d) || json_number_value(d) < 0 || json_number_value(d) > 60)) {
			errbuf_set(err, errlen, "%s: map.density: expected a percentage from 0 to 60", name);
			return -1;
		}
		sc->density = d ? (int)(json_number_value(d) * 10 + 0.5) : 100;
	} else if (map && !json_is_null(map)) {
		errbuf_set(err, errlen, "%s: map: expected a map name or {\"width\",\"height\",\"density\"}",
		     name);
		return -1;
	}
	teams = json_object_get(root, "teams");
	if (teams && (get_count(teams, "min", 1, GAME_MAX_SHIPS / 2, 1, &sc->team_min, "teams", err, errlen) ||
		      get_count(teams, "max", sc->team_min, GAME_MAX_SHIPS, GAME_MAX_SHIPS / 2,
				&sc->team_max, "teams", err, errlen)))
		goto prefixed;
	snprintf(sc->rules.name, sizeof(sc->rules.name), "%s", name);
	if (get_count(root, "turn_limit", 0, 1000, 0, &sc->rules.turn_limit, "scenario", err, errlen))
		goto prefixed;
	if (winner_parse(json_string_value(json_object_get(root, "at_limit")), &sc->rules.at_limit) ||
	    (json_object_get(root, "at_limit") && !json_is_string(json_object_get(root, "at_limit")))) {
		errbuf_set(err, errlen, "%s: at_limit: expected \"draw\", \"zion\" or \"machines\"", name);
		return -1;
	}
	return goals_from_json(&sc->rules, json_object_get(root, "goals"), name, 0, err, errlen);
prefixed:
	strbuf_addf(&sb, "%s: %s", name, err);
	errbuf_set(err, errlen, "%s", strbuf_str(&sb));
	strbuf_release(&sb);
	return -1;
}

/* The first ship of team t in state order, or -1. */
static int first_of(const struct game_state *st, enum team t)
{
	size_t i;

	for (i = 0; i < st->nships; i++)
		if (st->ships[i].team == t)
			return (int)i;
	return -1;
}

int scenario_begin(const struct scenario *sc, struct game_state *st, const char *flagship,
		   char *err, size_t errlen)
{
	struct scenario_state *s;
	int count[TEAM_COUNT] = { 0, 0 }, i, t, used = 0;
	size_t k;

	for (k = 0; k < st->nships; k++)
		count[st->ships[k].team]++;
	for (t = 0; t < TEAM_COUNT; t++)
		if (count[t] < sc->team_min || count[t] > sc->team_max) {
			errbuf_set(err, errlen, "scenario %s takes %d to %d ships a side; %s has %d", sc->name,
			     sc->team_min, sc->team_max, team_title((enum team)t), count[t]);
			return -1;
		}
	s = scenario_state_dup(&sc->rules);
	if (!s) {
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	s->start_turn = st->turn;
	s->result[0] = '\0';
	for (i = 0; i < s->ngoals; i++) {
		struct goal *g = &s->goals[i];
		enum team other = g->team == TEAM_ZION ? TEAM_MACHINES : TEAM_ZION;
		char label[HEX_LABEL_MAX];
		int idx;

		g->count = 0;
		if (g->type == GOAL_HOLD &&
		    (!game_map_on_board(&st->map, g->hex) || game_map_is_wall(&st->map, g->hex))) {
			hex_format(g->hex, label, sizeof(label));
			errbuf_set(err, errlen, "scenario %s: goal %d: hex %s is %s", sc->name, i + 1, label,
			     game_map_on_board(&st->map, g->hex) ? "a wall" : "off the board");
			goto fail;
		}
		if (g->type != GOAL_FLAGSHIP)
			continue;
		idx = flagship && *flagship ? game_find_ship(st, flagship) : -1;
		if (idx >= 0 && st->ships[idx].team == other) {
			used = 1;
		} else {
			idx = g->ship[0] ? game_find_ship(st, g->ship) : -1;
			if (idx < 0 || st->ships[idx].team != other)
				idx = first_of(st, other);
		}
		snprintf(g->ship, sizeof(g->ship), "%s", st->ships[idx].name);
	}
	if (flagship && *flagship && !used) {
		errbuf_set(err, errlen, "--flagship %s: expected a ship of a side whose flagship a goal of "
		     "scenario %s names", flagship, sc->name);
		goto fail;
	}
	free(st->scenario);
	st->scenario = s;
	return 0;
fail:
	free(s);
	return -1;
}

static int beyond(const struct game_map *map, struct hex h, enum edge e)
{
	switch (e) {
	case EDGE_N: return h.row < 0;
	case EDGE_S: return h.row >= map->height;
	case EDGE_W: return h.col < 0;
	case EDGE_E: return h.col >= map->width;
	}
	return 0;
}

static int has_active(const struct game_state *st, enum team t)
{
	size_t i;

	for (i = 0; i < st->nships; i++)
		if (st->ships[i].team == t && ship_is_active(&st->ships[i]))
			return 1;
	return 0;
}

void scenario_goal_text(const struct goal *g, struct strbuf *out)
{
	char hex[HEX_LABEL_MAX];
	static const char *const edges[] = { "north", "east", "south", "west" };
	/* A flagship goal names the other side's ship. */
	const char *owner = g->team == TEAM_ZION ? "the Machines'" : "Zion's";

	strbuf_addf(out, "%s: ", g->team == TEAM_ZION ? "Zion" : "The Machines");
	switch (g->type) {
	case GOAL_HOLD:
		hex_format(g->hex, hex, sizeof(hex));
		strbuf_addf(out, "hold %s for %d turn%s in a row", hex, g->turns,
			    g->turns == 1 ? "" : "s");
		break;
	case GOAL_ESCAPE:
		strbuf_addf(out, "get %d ship%s off the %s edge", g->ships,
			    g->ships == 1 ? "" : "s", edges[g->edge]);
		break;
	case GOAL_SURVIVE:
		strbuf_addf(out, "keep a ship in the battle until the end of turn %d of the battle",
			    g->turns);
		break;
	case GOAL_FLAGSHIP:
		/* Named when the battle starts: a scenario file only says whose. */
		if (g->ship[0])
			strbuf_addf(out, "put %s flagship %s out of the battle", owner, g->ship);
		else
			strbuf_addf(out, "put %s flagship out of the battle (%s first ship, unless "
				    "the game master names another)", owner,
				    g->team == TEAM_ZION ? "their" : "its");
		break;
	default:
		break;
	}
}

void scenario_brief(const struct scenario_state *s, struct strbuf *out)
{
	int i;

	strbuf_addstr(out, "Goals:");
	for (i = 0; s && i < s->ngoals; i++) {
		strbuf_addstr(out, "\n  ");
		scenario_goal_text(&s->goals[i], out);
		strbuf_addch(out, '.');
	}
	strbuf_addstr(out, "\n  Both sides: put every ship of the other side out of the battle.");
	if (s && s->turn_limit)
		strbuf_addf(out, "\nTurn limit: %d turn%s: the battle ends with turn %d at the latest, "
			    "%s.", s->turn_limit, s->turn_limit == 1 ? "" : "s",
			    s->start_turn + s->turn_limit - 1,
			    s->at_limit == WINNER_ZION ? "and then Zion wins"
			    : s->at_limit == WINNER_MACHINES ? "and then the Machines win"
			    : "a draw if nobody has won by then");
	else
		strbuf_addstr(out, "\nTurn limit: none; the battle goes on until a side has won.");
}

/* "Zion held F3 for 3 turns" ... */
static void goal_done_text(const struct goal *g, struct strbuf *out)
{
	char hex[HEX_LABEL_MAX];
	static const char *const edges[] = { "north", "east", "south", "west" };
	const char *who = g->team == TEAM_ZION ? "Zion" : "the Machines";

	switch (g->type) {
	case GOAL_HOLD:
		hex_format(g->hex, hex, sizeof(hex));
		strbuf_addf(out, "%s held %s for %d turn%s", who, hex, g->turns, g->turns == 1 ? "" : "s");
		break;
	case GOAL_ESCAPE:
		strbuf_addf(out, "%s got %d ship%s off the %s edge", who, g->ships,
			    g->ships == 1 ? "" : "s", edges[g->edge]);
		break;
	case GOAL_SURVIVE:
		strbuf_addf(out, "%s kept a ship in the battle for %d turn%s", who, g->turns,
			    g->turns == 1 ? "" : "s");
		break;
	case GOAL_FLAGSHIP:
		strbuf_addf(out, "%s put the flagship %s out of the battle", who, g->ship);
		break;
	default:
		break;
	}
}

enum winner scenario_end_of_turn(struct game_state *st, const struct event *ev, size_t n)
{
	struct scenario_state *s = st->scenario;
	int reached[TEAM_COUNT] = { 0, 0 }, played, i;
	struct strbuf sb = STRBUF_INIT;
	enum winner w;
	size_t k;

	if (!s)
		return game_check_victory(st);
	played = st->turn - s->start_turn + 1;
	for (i = 0; i < s->ngoals; i++) {
		struct goal *g = &s->goals[i];
		int idx, done = 0;

		switch (g->type) {
		case GOAL_HOLD:
			idx = game_ship_at(st, g->hex);
			g->count = idx >= 0 && st->ships[idx].team == g->team ? g->count + 1 : 0;
			done = g->count >= g->turns;
			break;
		case GOAL_ESCAPE:
			for (k = 0; k < n; k++)
				if (ev[k].type == EV_OFF_MAP && ev[k].ship >= 0 &&
				    (size_t)ev[k].ship < st->nships &&
				    st->ships[ev[k].ship].team == g->team && beyond(&st->map, ev[k].to, g->edge))
					g->count++;
			done = g->count >= g->ships;
			break;
		case GOAL_SURVIVE:
			done = played >= g->turns && has_active(st, g->team);
			break;
		case GOAL_FLAGSHIP:
			idx = game_find_ship(st, g->ship);
			done = idx >= 0 && !ship_is_active(&st->ships[idx]);
			break;
		default:
			break;
		}
		if (done && !reached[g->team]) {
			reached[g->team] = 1;
			if (sb.len)
				strbuf_addstr(&sb, " and ");
			goal_done_text(g, &sb);
		}
	}
	if (reached[TEAM_ZION] || reached[TEAM_MACHINES]) {
		w = reached[TEAM_ZION] && reached[TEAM_MACHINES] ? WINNER_DRAW
		    : reached[TEAM_ZION] ? WINNER_ZION : WINNER_MACHINES;
	} else {
		w = game_check_victory(st);
		if (w == WINNER_ZION || w == WINNER_MACHINES)
			strbuf_addf(&sb, "every ship of %s is out",
				    w == WINNER_ZION ? "the Machines" : "Zion");
		else if (w == WINNER_DRAW)
			strbuf_addstr(&sb, "both fleets are out");
		else if (s->turn_limit && played >= s->turn_limit) {
			w = s->at_limit;
			strbuf_addf(&sb, "the turn limit (%d) is reached", s->turn_limit);
		}
	}
	if (w != WINNER_NONE) {
		struct strbuf line = STRBUF_INIT;
		const char *why = strbuf_str(&sb);

		strbuf_addf(&line, "%s: %s.", w == WINNER_ZION ? "ZION WINS THE BATTLE"
			    : w == WINNER_MACHINES ? "THE MACHINES WIN THE BATTLE" : "THE BATTLE IS A DRAW",
			    why);
		snprintf(s->result, sizeof(s->result), "%s", strbuf_str(&line));
		strbuf_release(&line);
	}
	strbuf_release(&sb);
	return w;
}

const char *scenario_result(const struct game_state *st)
{
	return st->scenario && st->scenario->result[0] ? st->scenario->result : NULL;
}

struct scenario_state *scenario_state_dup(const struct scenario_state *s)
{
	struct scenario_state *d = malloc(sizeof(*d));

	if (d)
		memcpy(d, s, sizeof(*d));
	return d;
}

int scenario_state_from_json(struct scenario_state **out, const json_t *o, const char *name,
			     char *err, size_t errlen)
{
	struct scenario_state *s;
	const char *str;

	*out = NULL;
	if (!o || json_is_null(o))
		return 0;
	if (!json_is_object(o)) {
		errbuf_set(err, errlen, "%s: scenario: expected an object", name);
		return -1;
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	str = json_string_value(json_object_get(o, "name"));
	snprintf(s->name, sizeof(s->name), "%s", str ? str : "");
	if (get_count(o, "start_turn", 1, 1000000, -1, &s->start_turn, "scenario", err, errlen) ||
	    get_count(o, "turn_limit", 0, 1000, 0, &s->turn_limit, "scenario", err, errlen) ||
	    winner_parse(json_string_value(json_object_get(o, "at_limit")), &s->at_limit) ||
	    goals_from_json(s, json_object_get(o, "goals"), "scenario", 1, err, errlen)) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "%s: %s", name, err);
		errbuf_set(err, errlen, "%s", strbuf_str(&sb));
		strbuf_release(&sb);
		free(s);
		return -1;
	}
	str = json_string_value(json_object_get(o, "result"));
	snprintf(s->result, sizeof(s->result), "%s", str ? str : "");
	*out = s;
	return 0;
}

json_t *scenario_state_to_json(const struct scenario_state *s)
{
	json_t *o = json_object(), *goals = json_array();
	int i;

	if (!o || !goals) {
		json_decref(o);
		json_decref(goals);
		return NULL;
	}
	json_object_set_new(o, "name", json_string(s->name));
	json_object_set_new(o, "start_turn", json_integer(s->start_turn));
	json_object_set_new(o, "turn_limit", json_integer(s->turn_limit));
	json_object_set_new(o, "at_limit", json_string(winner_name(s->at_limit)));
	for (i = 0; i < s->ngoals; i++)
		json_array_append_new(goals, goal_to_json(&s->goals[i], 1));
	json_object_set_new(o, "goals", goals);
	if (s->result[0])
		json_object_set_new(o, "result", json_string(s->result));
	return o;
}
