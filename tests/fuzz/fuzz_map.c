/*
 * Boards and scenarios, the files a game master writes by hand. An input
 * whose first non-blank byte is '{' is a scenario file (core/hovercrafts/scenario.h);
 * anything else is a text map (core/hovercrafts/map.h), so both corpora are the files
 * as shipped, with no prefix byte.
 *
 * Map text: map_parse_text. A failure names "fuzz:LINE:COL" inside the
 * input, in printable ASCII, and keeps nothing. A board that parses has
 * the hexes the text shows (walls, start hexes per side, both sides or
 * none), reads back from its own text form and its JSON form (as a
 * campaign stores it) to the same board, renders as ASCII art, and takes
 * fleets on free hexes of their own zone.
 *
 * Scenario JSON: scenario_parse. What parses stays in range, its goals
 * read back from the state JSON, and a battle started on it (a generated
 * board, or a fixed one with zones) runs a few ends of turn whose result
 * line matches the winner and whose state reads back.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/hovercrafts/dice.h"
#include "core/hovercrafts/event.h"
#include "core/hovercrafts/hexmap.h"
#include "core/hovercrafts/map.h"
#include "core/hovercrafts/scenario.h"
#include "core/hovercrafts/state_json.h"
#include "lib/strbuf.h"

#define RENDER_MAX_CELLS 20000	/* a bigger board only parses (replay of large files) */
#define GEN_MAX_CELLS 2048	/* random boards a scenario asks for */
#define SCEN_TURNS 4

/* ---------- map text ---------- */

/* Raw length of line k (1-based) of text, or -1 past the end. */
static long line_len(const char *text, int k)
{
	const char *p = text;
	int line = 1;

	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);

		if (line == k)
			return (long)n;
		if (!eol)
			break;
		p = eol + 1;
		line++;
	}
	return -1;
}

static void printable(const char *s, const char *what)
{
	const unsigned char *p;

	FUZZ_ASSERT(*s, "%s: empty message", what);
	for (p = (const unsigned char *)s; *p; p++)
		FUZZ_ASSERT(*p >= 0x20 && *p < 0x7f, "%s: byte 0x%02x in \"%s\"", what, *p, s);
}

static void check_map_error(const char *text, const char *err)
{
	int line = 0, col = 0, used = 0;
	long n;

	printable(err, "map error");
	if (!strcmp(err, "fuzz: out of memory"))
		return;
	FUZZ_ASSERT(sscanf(err, "fuzz:%d:%d: expected %n", &line, &col, &used) == 2 && used > 0,
		    "not \"fuzz:LINE:COL: expected ...\": %s", err);
	n = line_len(text, line);
	/* An empty file has no line 1, and the message says 1:1. */
	FUZZ_ASSERT(line >= 1 && (n >= 0 || (line == 1 && col == 1)),
		    "line %d is not in the input: %s", line, err);
	FUZZ_ASSERT(col >= 1 && col <= (n < 0 ? 1 : n + 1), "column %d of line %d (%ld bytes): %s",
		    col, line, n, err);
}

/* What the text shows, counted on its own: hexes of each kind outside comments. */
static void count_text(const char *text, size_t *walls, size_t *z, size_t *m)
{
	const char *p = text;

	*walls = *z = *m = 0;
	while (*p) {
		const char *eol = strchr(p, '\n'), *q;

		if (!eol)
			eol = p + strlen(p);
		if (*p != ';')
			for (q = p; q < eol; q++) {
				*walls += *q == '#';
				*z += *q == 'Z' || *q == 'z';
				*m += *q == 'M' || *q == 'm';
			}
		p = *eol ? eol + 1 : eol;
	}
}

static size_t count_walls(const struct game_map *map)
{
	size_t i, n = 0, cells = (size_t)map->width * (size_t)map->height;

	for (i = 0; i < cells; i++)
		n += map->walls[i] != 0;
	return n;
}

static void check_zones(const struct map_def *m)
{
	size_t i, cells = (size_t)m->map.width * (size_t)m->map.height;
	int per[TEAM_COUNT] = { 0, 0 };

	if (!m->zone) {
		FUZZ_ASSERT(!m->nzone[TEAM_ZION] && !m->nzone[TEAM_MACHINES], "start counts without zones");
		FUZZ_ASSERT(!map_has_zones(m), "zones without a zone map");
		return;
	}
	for (i = 0; i < cells; i++) {
		FUZZ_ASSERT(m->zone[i] <= TEAM_COUNT, "zone value %d", m->zone[i]);
		if (!m->zone[i])
			continue;
		FUZZ_ASSERT(!m->map.walls[i], "start hex %zu is a wall", i);
		per[m->zone[i] - 1]++;
	}
	FUZZ_ASSERT(per[TEAM_ZION] == m->nzone[TEAM_ZION] && per[TEAM_MACHINES] == m->nzone[TEAM_MACHINES],
		    "start counts %d/%d, hexes %d/%d", m->nzone[TEAM_ZION], m->nzone[TEAM_MACHINES],
		    per[TEAM_ZION], per[TEAM_MACHINES]);
	FUZZ_ASSERT(map_has_zones(m), "one side only has start hexes (%d/%d)", per[TEAM_ZION],
		    per[TEAM_MACHINES]);
}

static void same_map(const struct map_def *a, const struct map_def *b, const char *how)
{
	size_t cells = (size_t)a->map.width * (size_t)a->map.height;

	FUZZ_ASSERT(a->map.width == b->map.width && a->map.height == b->map.height,
		    "%s: %dx%d vs %dx%d", how, a->map.width, a->map.height, b->map.width, b->map.height);
	FUZZ_ASSERT(!memcmp(a->map.walls, b->map.walls, cells), "%s: walls differ", how);
	FUZZ_ASSERT(map_has_zones(a) == map_has_zones(b), "%s: zones on one side only", how);
	if (map_has_zones(a))
		FUZZ_ASSERT(!memcmp(a->zone, b->zone, cells), "%s: start hexes differ", how);
}

/* The board as the campaign stores it: JSON text, read back. */
static void json_round_trip(const struct map_def *m)
{
	json_t *j = map_to_json(m), *again;
	json_error_t jerr;
	struct map_def back;
	char err[512], *text;

	FUZZ_ASSERT(j != NULL, "map_to_json failed");
	text = json_dumps(j, JSON_COMPACT);
	FUZZ_ASSERT(text != NULL, "json_dumps failed");
	again = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	FUZZ_ASSERT(again != NULL, "own JSON does not load: %s", jerr.text);
	FUZZ_ASSERT(map_from_json(&back, again, "fuzz", err, sizeof(err)) == 0,
		    "own JSON does not read back: %s", err);
	check_zones(&back);
	same_map(m, &back, "JSON");
	FUZZ_ASSERT(map_connected(m) == map_connected(&back), "connectivity differs after JSON");
	map_def_release(&back);
	json_decref(again);
	free(text);
	json_decref(j);
}

static void render(const struct game_state *st, uint64_t h)
{
	struct hexmap_options opt = { (int)(h & 1), (int)(h >> 1 & 1) ? 0 : 16 + (int)(h >> 2 & 127) };
	struct strbuf sb = STRBUF_INIT;
	const unsigned char *p;

	FUZZ_ASSERT(hexmap_render(st, &opt, &sb) == 0, "hexmap_render failed");
	FUZZ_ASSERT(sb.len > 0 && strlen(strbuf_str(&sb)) == sb.len, "render has a NUL or nothing");
	for (p = (const unsigned char *)sb.buf; *p; p++)
		FUZZ_ASSERT(*p == '\n' || (*p >= 0x20 && *p < 0x7f), "render byte 0x%02x", *p);
	strbuf_release(&sb);
}

/* Fleets on the board: on free hexes, one a hex, in their zone when it has zones. */
static void place(const struct map_def *m, uint64_t h)
{
	static const char *const names[] = { "Minx", "Locust", "Max", "Old Wreck", "Nebuchadnezzar",
					     "Logos", "Hammer", "Vigilant" };
	struct game_state st;
	struct event_list ev;
	struct dice_rng rng;
	struct dice_source dice;
	enum team first;
	char err[512];
	int n[TEAM_COUNT], t, i;
	size_t a, b;

	game_state_init(&st);
	event_list_init(&ev);
	FUZZ_ASSERT(game_map_init(&st.map, m->map.width, m->map.height) == 0, "game_map_init");
	memcpy(st.map.walls, m->map.walls, (size_t)m->map.width * (size_t)m->map.height);
	n[TEAM_ZION] = 1 + (int)(h % 4);
	n[TEAM_MACHINES] = 1 + (int)(h / 4 % 4);
	for (t = 0; t < TEAM_COUNT; t++)
		for (i = 0; i < n[t]; i++) {
			struct ship s;

			ship_set_defaults(&s);
			snprintf(s.name, sizeof(s.name), "%s", names[t * 4 + i]);
			s.team = (enum team)t;
			FUZZ_ASSERT(game_add_ship(&st, &s) >= 0, "game_add_ship");
		}
	dice_rng_init(&rng, h);
	dice = dice_rng_source(&rng);
	if (map_place_fleets(&st, m, &dice, &ev, &first, err, sizeof(err)) == 0) {
		for (a = 0; a < st.nships; a++) {
			const struct ship *s = &st.ships[a];

			FUZZ_ASSERT(game_map_on_board(&st.map, s->pos) && !game_map_is_wall(&st.map, s->pos),
				    "%s placed on (%d,%d), off the board or on a wall", s->name,
				    s->pos.col, s->pos.row);
			FUZZ_ASSERT(s->status == SHIP_ACTIVE, "%s placed but not active", s->name);
			if (map_has_zones(m))
				FUZZ_ASSERT(m->zone[(size_t)s->pos.row * (size_t)m->map.width +
						    (size_t)s->pos.col] == 1 + s->team,
					    "%s placed outside its zone", s->name);
			for (b = 0; b < a; b++)
				FUZZ_ASSERT(!hex_equal(s->pos, st.ships[b].pos), "%s and %s share a hex",
					    s->name, st.ships[b].name);
		}
		render(&st, h >> 8);
	} else {
		FUZZ_ASSERT(err[0], "placement failed without a reason");
	}
	event_list_release(&ev);
	game_state_release(&st);
}

static void one_map(const char *text, uint64_t h)
{
	struct map_def m, back;
	struct strbuf sb = STRBUF_INIT, sb2 = STRBUF_INIT;
	struct game_state st;
	size_t walls, z, mm, cells;
	char err[512];

	memset(err, 0, sizeof(err));
	if (map_parse_text(&m, text, "fuzz", err, sizeof(err)) < 0) {
		FUZZ_ASSERT(!m.map.walls && !m.zone, "failed parse kept memory");
		check_map_error(text, err);
		return;
	}
	FUZZ_ASSERT(m.map.width >= 2 && m.map.width <= MAP_MAX_SIDE && m.map.height >= 1 &&
		    m.map.height <= MAP_MAX_SIDE, "board %dx%d", m.map.width, m.map.height);
	check_zones(&m);
	count_text(text, &walls, &z, &mm);
	FUZZ_ASSERT(count_walls(&m.map) == walls, "%zu walls, the text shows %zu", count_walls(&m.map),
		    walls);
	FUZZ_ASSERT((size_t)m.nzone[TEAM_ZION] == z && (size_t)m.nzone[TEAM_MACHINES] == mm,
		    "start hexes %d/%d, the text shows %zu/%zu", m.nzone[TEAM_ZION],
		    m.nzone[TEAM_MACHINES], z, mm);

	/* Its own text form reads back to the same board, and is a fixed point. */
	map_format_text(&m, &sb);
	FUZZ_ASSERT(!sb.failed, "map_format_text: no memory");
	FUZZ_ASSERT(map_parse_text(&back, strbuf_str(&sb), "fuzz", err, sizeof(err)) == 0,
		    "own text does not read back: %s", err);
	same_map(&m, &back, "text");
	map_format_text(&back, &sb2);
	FUZZ_ASSERT(!strcmp(strbuf_str(&sb), strbuf_str(&sb2)), "text form is not a fixed point");
	FUZZ_ASSERT(map_connected(&m) == map_connected(&back), "connectivity differs after text");
	map_def_release(&back);
	strbuf_release(&sb2);
	strbuf_release(&sb);

	json_round_trip(&m);
	cells = (size_t)m.map.width * (size_t)m.map.height;
	if (cells <= RENDER_MAX_CELLS) {
		/* As `mxjudge map show --hexes` does: the board alone, borrowed. */
		game_state_init(&st);
		st.map = m.map;
		render(&st, h);
		place(&m, h >> 16);
	}
	map_def_release(&m);
}

/* ---------- scenario JSON ---------- */

static void same_goal(const struct goal *a, const struct goal *b, int i)
{
	FUZZ_ASSERT(a->type == b->type && a->team == b->team, "goal %d: type/team differ", i);
	FUZZ_ASSERT(hex_equal(a->hex, b->hex) && a->turns == b->turns && a->edge == b->edge &&
		    a->ships == b->ships && a->count == b->count,
		    "goal %d: hex/turns/edge/ships/count differ", i);
	FUZZ_ASSERT(!strcmp(a->ship, b->ship), "goal %d: ship %s vs %s", i, a->ship, b->ship);
}

static void same_rules(const struct scenario_state *a, const struct scenario_state *b)
{
	int i;

	FUZZ_ASSERT(!strcmp(a->name, b->name), "name %s vs %s", a->name, b->name);
	FUZZ_ASSERT(a->start_turn == b->start_turn && a->turn_limit == b->turn_limit &&
		    a->at_limit == b->at_limit, "start/limit/at_limit differ");
	FUZZ_ASSERT(a->ngoals == b->ngoals, "%d goals vs %d", a->ngoals, b->ngoals);
	for (i = 0; i < a->ngoals; i++)
		same_goal(&a->goals[i], &b->goals[i], i);
	FUZZ_ASSERT(!strcmp(a->result, b->result), "result differs");
}

/* The rules as a battle's state carries them, through JSON text and back. */
static void rules_round_trip(const struct scenario_state *s)
{
	struct scenario_state *back = NULL;
	json_t *j = scenario_state_to_json(s), *again;
	json_error_t jerr;
	char err[512], *text;

	FUZZ_ASSERT(j != NULL, "scenario_state_to_json failed");
	text = json_dumps(j, JSON_COMPACT);
	FUZZ_ASSERT(text != NULL, "json_dumps failed");
	again = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	FUZZ_ASSERT(again != NULL, "own JSON does not load: %s", jerr.text);
	FUZZ_ASSERT(scenario_state_from_json(&back, again, "fuzz", err, sizeof(err)) == 0 && back,
		    "own scenario state does not read back: %s\n%s", err, text);
	same_rules(s, back);
	free(back);
	json_decref(again);
	free(text);
	json_decref(j);
}

/* A fixed board with start zones, for named maps and campaign boards. */
static const char fixed_board[] =
	"############\n"
	"Z....##....M\n"
	"Z.##......#M\n"
	"Z....##....M\n"
	"############\n";

static void battle(const struct scenario *sc, uint64_t h)
{
	static const char *const names[] = { "Minx", "Logos", "Hammer", "Vigilant", "Osiris",
					     "Locust", "Max", "Sentinel", "Squid", "Harvester" };
	struct map_def m;
	struct game_state st, back;
	struct event_list ev;
	struct dice_rng rng;
	struct dice_source dice;
	enum team first;
	enum winner w = WINNER_NONE;
	json_t *j, *again;
	char err[512], *text;
	const char *flagship = NULL;
	int n[TEAM_COUNT], t, i, turn, zones;

	if (sc->map == SCENARIO_MAP_RANDOM && sc->width * sc->height <= GEN_MAX_CELLS) {
		if (map_generate(&m, sc->width, sc->height, sc->density, h, err, sizeof(err)) < 0)
			return;
		FUZZ_ASSERT(map_connected(&m), "a generated %dx%d board is not crossable", sc->width,
			    sc->height);
	} else if (map_parse_text(&m, fixed_board, "fixed", err, sizeof(err)) < 0) {
		FUZZ_ASSERT(0, "fixed board: %s", err);
	}
	zones = map_has_zones(&m);
	game_state_init(&st);
	event_list_init(&ev);
	st.turn = 1 + (int)(h >> 40 & 7);
	FUZZ_ASSERT(game_map_init(&st.map, m.map.width, m.map.height) == 0, "game_map_init");
	memcpy(st.map.walls, m.map.walls, (size_t)m.map.width * (size_t)m.map.height);
	for (t = 0; t < TEAM_COUNT; t++) {
		n[t] = sc->team_min + (int)(h >> (8 * t) & 3);
		if (n[t] > sc->team_max)
			n[t] = sc->team_max;
		if (n[t] > (zones ? 3 : 5))
			n[t] = zones ? 3 : 5;
		for (i = 0; i < n[t]; i++) {
			struct ship s;

			ship_set_defaults(&s);
			snprintf(s.name, sizeof(s.name), "%s", names[t * 5 + i]);
			s.team = (enum team)t;
			FUZZ_ASSERT(game_add_ship(&st, &s) >= 0, "game_add_ship");
		}
	}
	dice_rng_init(&rng, h);
	dice = dice_rng_source(&rng);
	if (map_place_fleets(&st, &m, &dice, &ev, &first, err, sizeof(err)) < 0)
		goto out;
	if (h >> 16 & 1)
		flagship = names[(h >> 17) % 10];
	if (scenario_begin(sc, &st, flagship, err, sizeof(err)) < 0) {
		FUZZ_ASSERT(!st.scenario && err[0], "a failed begin attached a scenario");
		goto out;
	}
	FUZZ_ASSERT(st.scenario != NULL, "scenario_begin attached nothing");
	for (i = 0; i < st.scenario->ngoals; i++) {
		const struct goal *g = &st.scenario->goals[i];

		if (g->type == GOAL_HOLD)
			FUZZ_ASSERT(game_map_on_board(&st.map, g->hex) && !game_map_is_wall(&st.map, g->hex),
				    "goal %d holds a hex off the board or a wall", i);
		if (g->type == GOAL_FLAGSHIP) {
			int k = game_find_ship(&st, g->ship);

			FUZZ_ASSERT(k >= 0 && st.ships[k].team != g->team,
				    "goal %d: flagship '%s' is no ship of the other side", i, g->ship);
		}
	}
	/* A few ends of turn; each moves, knocks out or sends off one ship. */
	for (turn = 0; turn < SCEN_TURNS && w == WINNER_NONE; turn++) {
		uint64_t r = dice_rng_next(&rng);
		size_t k = (size_t)(r % st.nships);
		struct ship *s = &st.ships[k];
		struct event e;
		size_t nev = 0;

		memset(&e, 0, sizeof(e));
		switch (r >> 8 & 3) {
		case 0:
			s->status = SHIP_DISABLED;
			break;
		case 1:
			if (ship_is_active(s)) {
				static const struct hex off[4] = { { 0, -1 }, { 0, 0 }, { 0, 0 }, { -1, 0 } };
				enum edge ed = (enum edge)(r >> 10 & 3);

				e.type = EV_OFF_MAP;
				e.ship = (int)k;
				e.other = -1;
				e.from = s->pos;
				e.to = off[ed];
				if (ed == EDGE_E)
					e.to.col = st.map.width;
				if (ed == EDGE_S)
					e.to.row = st.map.height;
				s->status = SHIP_OFF_MAP;
				nev = 1;
			}
			break;
		default: {
			struct hex to = { (int)((r >> 16) % (uint64_t)st.map.width),
					  (int)((r >> 32) % (uint64_t)st.map.height) };

			if (ship_is_active(s) && !game_map_is_wall(&st.map, to) && game_ship_at(&st, to) < 0)
				s->pos = to;
			break;
		}
		}
		w = scenario_end_of_turn(&st, &e, nev);
		if (w != WINNER_NONE) {
			const char *res = scenario_result(&st);
			static const char *const heads[] = { "", "ZION WINS THE BATTLE: ",
							     "THE MACHINES WIN THE BATTLE: ",
							     "THE BATTLE IS A DRAW: " };

			FUZZ_ASSERT(res && !strncmp(res, heads[w], strlen(heads[w])),
				    "winner %s, result \"%s\"", winner_name(w), res ? res : "(none)");
			st.winner = w;
		} else {
			FUZZ_ASSERT(!scenario_result(&st), "a result without a winner");
			st.turn++;
		}
	}
	/* The battle's state, scenario included, reads back as the judge stores it. */
	j = state_to_json(&st);
	FUZZ_ASSERT(j != NULL, "state_to_json failed");
	text = json_dumps(j, JSON_COMPACT);
	FUZZ_ASSERT(text != NULL, "json_dumps failed");
	again = json_loads(text, 0, NULL);
	FUZZ_ASSERT(again && state_from_json(&back, again, "fuzz", err, sizeof(err)) == 0,
		    "battle state does not read back: %s\n%s", again ? err : "bad JSON", text);
	FUZZ_ASSERT(back.scenario != NULL, "the scenario got lost");
	same_rules(st.scenario, back.scenario);
	game_state_release(&back);
	json_decref(again);
	free(text);
	json_decref(j);
out:
	event_list_release(&ev);
	game_state_release(&st);
	map_def_release(&m);
}

static void one_scenario(const uint8_t *data, size_t size, uint64_t h)
{
	struct scenario sc;
	struct scenario_state rules;
	json_error_t jerr;
	json_t *root;
	char err[512];
	int i;

	root = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, &jerr);
	if (!root)
		return;
	memset(err, 0, sizeof(err));
	if (scenario_parse(&sc, root, "fuzz", err, sizeof(err)) < 0) {
		printable(err, "scenario error");
		FUZZ_ASSERT(!strncmp(err, "fuzz: ", 6), "error without the scenario's name: %s", err);
		json_decref(root);
		return;
	}
	json_decref(root);
	FUZZ_ASSERT(sc.team_min >= 1 && sc.team_min <= sc.team_max && sc.team_max <= GAME_MAX_SHIPS,
		    "teams %d..%d", sc.team_min, sc.team_max);
	FUZZ_ASSERT(sc.rules.ngoals >= 0 && sc.rules.ngoals <= SCENARIO_MAX_GOALS, "%d goals",
		    sc.rules.ngoals);
	FUZZ_ASSERT(sc.rules.turn_limit >= 0 && sc.rules.turn_limit <= 1000, "turn limit %d",
		    sc.rules.turn_limit);
	if (sc.map == SCENARIO_MAP_RANDOM)
		FUZZ_ASSERT(sc.width >= 2 && sc.width <= MAP_MAX_SIDE && sc.height >= 1 &&
			    sc.height <= MAP_MAX_SIDE && sc.density >= 0 && sc.density <= 600,
			    "random board %dx%d density %d", sc.width, sc.height, sc.density);
	if (sc.map == SCENARIO_MAP_NAMED)
		FUZZ_ASSERT(scenario_name_ok(sc.map_name), "map name '%s'", sc.map_name);
	for (i = 0; i < sc.rules.ngoals; i++) {
		struct strbuf sb = STRBUF_INIT;

		scenario_goal_text(&sc.rules.goals[i], &sb);
		FUZZ_ASSERT(!sb.failed && sb.len > 0, "goal %d has no text", i);
		strbuf_release(&sb);
	}
	rules = sc.rules;
	rules.start_turn = 1;
	rules_round_trip(&rules);
	battle(&sc, h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint64_t h = fuzz_hash(data, size);
	size_t i = 0;

	while (i < size && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r'))
		i++;
	if (i < size && data[i] == '{') {
		one_scenario(data, size, h);
	} else {
		char *text = fuzz_cstr(data, size);

		one_map(text, h);
		free(text);
	}
	return 0;
}
