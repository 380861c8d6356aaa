/*
 * Tests for core/iterations (The Matrix Iterations skirmish): the plan
 * reader's reading and its refusals by line, the data checks naming file
 * and line, the shipped scenarios, setup from a scenario and sheets, who
 * is waited for, the views per seat (dim zones, hidden enemies, NPC
 * sheets) and the story lines told to each seat, the plan block, a silent
 * player's character holding, and a round played from tagged dice with its
 * story (wrapped for 80 columns).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/draw.h"
#include "core/engine.h"
#include "core/iterations/iterations.h"
#include "core/ruleset.h"

static const char state_text[] =
	"{\"game\": \"iterations\", \"phase\": \"round\", \"round\": 1,"
	" \"scenario\": {\"zones\": [{\"id\": \"Street\", \"exit\": true},"
	"  {\"id\": \"Lobby\", \"cover\": [{\"id\": \"desk\", \"name\": \"desk\", \"rating\": 3}]},"
	"  {\"id\": \"Hall\"}, {\"id\": \"Stairs\", \"features\": [\"DIMLY_LIT\"]}],"
	"  \"borders\": [{\"zones\": [\"Street\", \"Lobby\"]}, {\"zones\": [\"Lobby\", \"Hall\"]},"
	"   {\"zones\": [\"Hall\", \"Stairs\"]}]},"
	" \"characters\": ["
	"  {\"name\": \"Neo\", \"side\": \"crew\", \"controller\": \"ann\", \"zone\": \"Lobby\", \"card\": 3,"
	"   \"attributes\": {\"strength\": 3, \"agility\": 4, \"wits\": 3, \"empathy\": 2},"
	"   \"skills\": {\"marksmanship\": 2},"
	"   \"weapons\": [{\"name\": \"Pistol\", \"type\": \"Pistol\", \"loaded\": 5}], \"drawn\": \"Pistol\"},"
	"  {\"name\": \"Smith\", \"side\": \"agents\", \"zone\": \"Hall\", \"card\": 7,"
	"   \"attributes\": {\"strength\": 4, \"agility\": 3, \"wits\": 3, \"empathy\": 2}},"
	"  {\"name\": \"Brown\", \"side\": \"agents\", \"zone\": \"Stairs\", \"card\": 8},"
	"  {\"name\": \"Jones\", \"side\": \"agents\", \"zone\": \"Street\", \"card\": 9, \"hidden\": true}]}";

static json_t *load_state(void)
{
	json_t *st = json_loads(state_text, 0, NULL);

	assert_non_null(st);
	return st;
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc((size_t)n + 1, 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

static void test_iterations_reads_alternatives_guards_and_push(void **unused)
{
	json_t *st = load_state(), *o, *plan, *alt;
	char err[256] = "";

	(void)unused;
	o = it_read_orders(st, "ann", "GAME x\nCHAR neo\n1. IF ENGAGED: ATTACK Smith USING PRONE, DAMAGE OR SHOOT NEAREST\n"
			   "2) MOVE TOWARD street\nBLOCK YES\nPUSH ATTACK IF SUCCESSES < 2 AND HEALTH > 2\nEND\njunk after END\n",
			   "ann.txt", err, sizeof(err));
	if (!o)
		fail_msg("%s", err);
	plan = json_object_get(json_object_get(json_object_get(o, "ann"), "chars"), "Neo");
	assert_non_null(plan);
	assert_int_equal(json_array_size(json_object_get(plan, "slots")), 2);
	alt = json_array_get(json_array_get(json_object_get(plan, "slots"), 0), 0);
	assert_string_equal(json_string_value(json_object_get(alt, "act")), "ATTACK");
	assert_string_equal(json_string_value(json_object_get(json_object_get(alt, "guard"), "c")), "ENGAGED");
	assert_int_equal(json_array_size(json_object_get(alt, "using")), 2);
	alt = json_array_get(json_array_get(json_object_get(plan, "slots"), 0), 1);
	assert_string_equal(json_string_value(json_object_get(alt, "target")), "NEAREST");
	alt = json_array_get(json_array_get(json_object_get(plan, "slots"), 1), 0);
	assert_string_equal(json_string_value(json_object_get(alt, "zone")), "Street");
	assert_int_equal(json_integer_value(json_object_get(plan, "block")), 2);
	assert_int_equal(json_array_size(json_object_get(json_object_get(plan, "push"), "conds")), 2);
	json_decref(o);
	json_decref(st);
}

static void test_iterations_refusal_names_file_and_line(void **unused)
{
	json_t *st = load_state();
	char err[256] = "";

	(void)unused;
	assert_null(it_read_orders(st, "ann", "CHAR Neo\n# a comment\n1. MOVE Moon\n", "ann.txt", err, sizeof(err)));
	assert_string_equal(err, "ann.txt:3: unknown zone 'Moon'");
	assert_null(it_read_orders(st, "ann", "CHAR Smith\n", "ann.txt", err, sizeof(err)));
	assert_string_equal(err, "ann.txt:1: Smith is not yours to command");
	assert_null(it_read_orders(st, "ann", "CHAR Neo\n1. SHOOT Smith\n2. SHOOT Brown\n", "a", err, sizeof(err)));
	assert_string_equal(err, "a:3: two slots whose alternatives are all slow");
	json_decref(st);
}

static void test_iterations_shipped_scenarios_pass_the_check(void **unused)
{
	const char *files[] = { "templates/iterations/scenarios/lobby.json",
				"templates/iterations/scenarios/subway.json" };
	size_t i;

	(void)unused;
	for (i = 0; i < 2; i++) {
		char err[256] = "", *text = read_text(files[i]);

		assert_non_null(text);
		if (it_check_scenario(text, files[i], err, sizeof(err)) < 0)
			fail_msg("%s", err);
		free(text);
	}
}

static void test_iterations_scenario_errors_name_the_line(void **unused)
{
	char err[256] = "";

	(void)unused;
	assert_int_equal(it_check_scenario("{\"zones\": [{\"id\": \"A\"},\n {\"id\": \"B\"}],\n"
					   "\"borders\": [{\"zones\": [\"A\", \"C\"]}]}", "s.json", err, sizeof(err)), -1);
	assert_string_equal(err, "s.json:3: border 1 needs two known zones");
	assert_int_equal(it_check_scenario("{\"zones\": [\n{\"id\": \"A\",}]}", "s.json", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "s.json:2:"));
	assert_int_equal(it_check_sheet("{\"name\": \"Neo\",\n \"attributes\": {\"strength\": 6}}", "neo.json",
					err, sizeof(err)), -1);
	assert_string_equal(err, "neo.json:2: Neo: strength must be 1 to 5");
	/* A character named in the opening first: the line of its own entry, then of the key. */
	assert_int_equal(it_check_scenario("{\"zones\": [{\"id\": \"A\"}],\n \"opening\": {\"kind\": \"ambush\", \"attackers\": [\"Twin\"]},\n"
					   " \"characters\": [{\"name\": \"Seraph\", \"zone\": \"A\", \"skills\": {\"melee\": 5}},\n"
					   "  {\"name\": \"Twin\", \"zone\": \"A\",\n   \"skills\": {\"melee\": 9}}]}", "s.json", err, sizeof(err)), -1);
	assert_string_equal(err, "s.json:5: Twin: skill melee must be 0 to 5");
	/* What the state takes on trust, refused in a scenario file at its own line. */
	{
		static const struct { const char *text, *want; } bad[] = {
			{ "{\"zones\": [{\"id\": \"A\"},\n {\"id\": \"B\"},\n {\"id\": \"A\"}]}",
			  "s.json:3: zone 3: id 'A' is used twice, expected a different id for each zone" },
			{ "{\"zones\": [{\"id\": \"A\"}, {\"id\": \"B\"}],\n \"borders\": [{\"zones\": [\"A\", \"B\"]},\n"
			  "  {\"zones\": [\"B\", \"B\"]}]}",
			  "s.json:3: border 2 joins B to itself, expected two different zones" },
			{ "{\"zones\": [{\"id\": \"A\"}],\n \"opening\": {\"kind\": \"ambush\",\n  \"attackers\": [\"Smith\", \"Ghost\"]},\n"
			  " \"characters\": [{\"name\": \"Smith\", \"zone\": \"A\"}]}",
			  "s.json:3: opening: attacker 'Ghost' is no character of the scenario, expected the name of one of its NPCs" },
			{ "{\"zones\": [{\"id\": \"A\"}],\n \"start\": \"Q\"}",
			  "s.json:2: start: no zone 'Q', expected the id of one of the zones" },
			{ "{\"zones\": [{\"id\": \"A\",\n  \"cover\": [{\"id\": \"shield\", \"name\": \"shield\",\n   \"kind\": \"plasma\"}]}]}",
			  "s.json:3: cover shield: kind 'plasma' has no rating, expected a rating or a kind of R2.1 "
			  "(furniture, wooden door, tree trunk, light wall, stone wall)" },
			{ "{\"zones\": [{\"id\": \"A\"}],\n \"max_rounds\": -3}",
			  "s.json:2: max_rounds must be a whole number of rounds, 1 or more (or null)" },
			{ "{\"zones\": [{\"id\": \"A\"}],\n \"heavy_damage\": \"x\"}",
			  "s.json:2: heavy_damage must be a whole number of points, 1 or more" },
			{ "{\"zones\": [{\"id\": \"A\"}, {\"id\": \"B\"}],\n \"borders\": [{\"zones\": [\"A\", \"B\"],\n  \"type\": {}}]}",
			  "s.json:2: border 1: type must be open, blocked or door" },
			{ "{\"zones\": [{\"id\": \"A\"}],\n \"characters\": [{\"name\": \"Smith\", \"zone\": \"A\"},\n"
			  "  {\"name\": \"Jones\", \"zone\": \"A\"},\n  {\"name\": \"Smith\", \"zone\": \"A\"}]}",
			  "s.json:4: two characters named Smith, expected a different name for each character" },
		};
		size_t i;

		for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			err[0] = '\0';
			assert_int_equal(it_check_scenario(bad[i].text, "s.json", err, sizeof(err)), -1);
			assert_string_equal(err, bad[i].want);
		}
		/* A known kind without a rating takes the kind's (R2.1). */
		assert_int_equal(it_check_scenario("{\"zones\": [{\"id\": \"A\", \"cover\": [{\"id\": \"t\", \"kind\": \"tree trunk\"}]}]}",
						   "s.json", err, sizeof(err)), 0);
	}
}

static void test_iterations_setup_from_scenario_and_sheets(void **unused)
{
	const struct ruleset *rs = ruleset_find("iterations");
	char *scen = read_text("templates/iterations/scenarios/lobby.json");
	char *sheet = read_text("templates/iterations/characters/neo.json");
	json_t *data, *seats, *out, *st, *neo, *due;
	struct draw_seeded seeded;
	struct draw_source src;
	char err[256] = "";

	(void)unused;
	assert_non_null(rs);
	assert_true(rs->flags & RULESET_GM_SEAT);
	assert_non_null(scen);
	assert_non_null(sheet);
	data = json_pack("{s:{s:s,s:s}}", "scenario", "name", "lobby.json", "text", scen);
	seats = json_pack("[{s:s,s:{s:{s:s,s:s}}},{s:s}]", "name", "ann", "data", "character", "name", "neo.json",
			  "text", sheet, "name", "operator");
	draw_seeded_init(&seeded, 1, NULL, 0);
	src = draw_seeded_source(&seeded, NULL);
	out = rs->setup(NULL, data, seats, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	st = json_object_get(out, "state");
	assert_string_equal(json_string_value(json_object_get(st, "phase")), "setup");
	neo = it_char(st, "Neo");
	assert_non_null(neo);
	assert_string_equal(json_string_value(json_object_get(neo, "controller")), "ann");
	assert_string_equal(json_string_value(json_object_get(neo, "zone")), "Street");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(neo, "health"), "max")), 5);
	assert_non_null(it_char(st, "Smith"));
	due = engine_waiting_for(rs, st);
	assert_int_equal(json_array_size(due), 2);
	assert_string_equal(json_string_value(json_array_get(due, 0)), "ann");
	assert_string_equal(json_string_value(json_array_get(due, 1)), "operator");
	json_decref(due);
	json_decref(out);
	json_decref(data);
	json_decref(seats);
	free(scen);
	free(sheet);
}

static void test_iterations_view_hides_dim_hidden_and_npc_sheets(void **unused)
{
	json_t *st = load_state(), *v, *c;
	size_t i;
	int smith = 0, brown = 0, jones = 0;

	(void)unused;
	v = it_view(st, "ann");
	json_array_foreach(json_object_get(v, "characters"), i, c) {
		const char *n = json_string_value(json_object_get(c, "name"));

		if (!strcmp(n, "Smith")) {
			smith = 1;
			/* An NPC's sheet is the Operator's only. */
			assert_null(json_object_get(c, "attributes"));
			assert_null(json_object_get(c, "health"));
		}
		brown |= !strcmp(n, "Brown");	/* in a dimly lit zone */
		jones |= !strcmp(n, "Jones");	/* hidden */
		if (!strcmp(n, "Neo"))
			assert_non_null(json_object_get(c, "attributes"));
	}
	assert_true(smith);
	assert_false(brown);
	assert_false(jones);
	assert_non_null(strstr(json_string_value(json_object_get(v, "map")), "[Hall]: Smith"));
	json_decref(v);
	v = it_view(st, "operator");
	assert_int_equal(json_array_size(json_object_get(v, "characters")), 4);
	assert_non_null(json_object_get(json_array_get(json_object_get(v, "characters"), 1), "attributes"));
	json_decref(v);
	json_decref(st);
}

static void test_iterations_order_form_per_seat(void **unused)
{
	json_t *st = load_state(), *f;

	(void)unused;
	f = it_order_form(st, "ann");
	assert_string_equal(json_string_value(f), "CHAR Neo\n1. HOLD\n2. HOLD\nBLOCK 0\nPUSH NO\n");
	json_decref(f);
	f = it_order_form(st, "operator");
	assert_non_null(strstr(json_string_value(f), "OPERATOR\n"));
	assert_non_null(strstr(json_string_value(f), "CHAR Smith\n"));
	assert_non_null(strstr(json_string_value(f), "CHAR Jones\n"));
	json_decref(f);
	json_object_set_new(st, "phase", json_string("setup"));
	f = it_order_form(st, "ann");
	assert_string_equal(json_string_value(f), "CHAR Neo\nCARD \nPUSH NO\n");
	json_decref(f);
	json_decref(st);
}

static void test_iterations_silent_player_holds(void **unused)
{
	json_t *st = load_state(), *none = json_object(), *out;
	struct draw_seeded seeded;
	struct draw_source src;
	char err[256] = "";

	(void)unused;
	draw_seeded_init(&seeded, 1, NULL, 1);
	src = draw_seeded_source(&seeded, NULL);
	out = it_resolve(st, none, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	assert_string_equal(json_string_value(json_array_get(json_object_get(out, "story"), 2)),
			    "Neo has no orders and holds");
	assert_string_equal(json_string_value(json_object_get(it_char(json_object_get(out, "state"), "Neo"), "zone")),
			    "Lobby");
	json_decref(out);
	json_decref(none);
	json_decref(st);
}

/* A SAY of one long word is cut: the story stays within 80 columns. */
static void test_iterations_long_word_is_cut(void **unused)
{
	json_t *st = load_state(), *orders, *out, *line;
	struct draw_seeded seeded;
	struct draw_source src;
	char err[256] = "", text[200], plan[300];
	size_t i;
	int said = 0;

	(void)unused;
	memset(text, 'x', 150);
	strcpy(text + 150, "y");
	snprintf(plan, sizeof(plan), "CHAR Neo\n1. HOLD\n2. HOLD\nSAY %s\n", text);
	orders = it_read_orders(st, "ann", plan, "a", err, sizeof(err));
	if (!orders)
		fail_msg("%s", err);
	draw_seeded_init(&seeded, 1, NULL, 1);
	src = draw_seeded_source(&seeded, NULL);
	out = it_resolve(st, orders, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	json_array_foreach(json_object_get(out, "story"), i, line) {
		const char *t = json_is_string(line) ? json_string_value(line)
			: json_string_value(json_object_get(line, "text"));
		const char *p = t;

		said |= strstr(t, "Neo says:") && strstr(t, "xy");
		while (*p) {
			size_t n = strcspn(p, "\n");

			if (n > 80)
				fail_msg("a story line of %zu columns: %s", n, t);
			p += n + (p[n] == '\n');
		}
	}
	assert_true(said);
	json_decref(out);
	json_decref(orders);
	json_decref(st);
}

static void test_iterations_round_from_tagged_dice(void **unused)
{
	json_t *st = load_state(), *orders, *out;
	struct draw_queue q;
	struct draw_log log;
	struct draw_source src;
	char err[256] = "";

	(void)unused;
	orders = it_read_orders(st, "ann", "CHAR Neo\n1. SHOOT Smith\n", "a", err, sizeof(err));
	assert_non_null(orders);
	draw_queue_init(&q);
	draw_log_init(&log);
	assert_int_equal(draw_queue_parse(&q, "marksmanship Neo 6 6 1 1 1 1 1\n", "d", 0, err, sizeof(err)), 0);
	src = draw_queue_source(&q, &log);
	out = it_resolve(st, orders, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	/* The story wraps for 80 columns; the state's log keeps the line whole (R18). */
	assert_string_equal(json_string_value(json_array_get(json_object_get(out, "story"), 2)),
			    "Neo rolls Marksmanship (Pistol at Smith) (4 base, 1 skill, 2 gear; range M\n"
			    "    -1): 6 6 1 1 1 1 1 -> 2 successes");
	assert_string_equal(json_string_value(json_array_get(json_object_get(json_object_get(json_object_get(out,
		"state"), "log"), "events"), 2)), "Neo rolls Marksmanship (Pistol at Smith) (4 base, 1 skill, 2 gear; "
			    "range M -1): 6 6 1 1 1 1 1 -> 2 successes");
	{
		json_t *para;
		size_t i;

		json_array_foreach(json_object_get(out, "story"), i, para) {
			const char *p = json_string_value(para);

			while (p && *p) {
				size_t n = strcspn(p, "\n");

				if (n > 78)
					fail_msg("a story line of %zu columns: %s", n, p);
				p += n + (p[n] == '\n');
			}
		}
	}
	assert_int_equal(json_integer_value(json_object_get(json_object_get(it_char(json_object_get(out, "state"),
		"Smith"), "health"), "value")), 2);
	assert_int_equal(log.n, 1);
	json_decref(out);
	json_decref(orders);
	draw_log_release(&log);
	draw_queue_release(&q);
	json_decref(st);
}

/*
 * Two players and three agents: Smith in sight, Brown in a dimly lit zone,
 * Jones hidden in Neo's own zone, lying in ambush (the opening).
 */
static const char hidden_text[] =
	"{\"game\": \"iterations\", \"phase\": \"setup\","
	" \"scenario\": {\"zones\": [{\"id\": \"Street\", \"exit\": true}, {\"id\": \"Lobby\"},"
	"  {\"id\": \"Hall\"}, {\"id\": \"Stairs\", \"features\": [\"DIMLY_LIT\"]}],"
	"  \"borders\": [{\"zones\": [\"Street\", \"Lobby\"]}, {\"zones\": [\"Lobby\", \"Hall\"]},"
	"   {\"zones\": [\"Hall\", \"Stairs\"]}],"
	"  \"opening\": {\"kind\": \"ambush\", \"attackers\": [\"Jones\"], \"targets\": [\"Neo\"], \"prepared\": true}},"
	" \"characters\": ["
	"  {\"name\": \"Neo\", \"side\": \"crew\", \"controller\": \"ann\", \"zone\": \"Lobby\","
	"   \"attributes\": {\"strength\": 3, \"agility\": 4, \"wits\": 3, \"empathy\": 2},"
	"   \"skills\": {\"observation\": 1}, \"weapons\": [{\"name\": \"Pistol\", \"type\": \"Pistol\"}], \"drawn\": \"Pistol\"},"
	"  {\"name\": \"Trinity\", \"side\": \"crew\", \"controller\": \"bob\", \"zone\": \"Street\","
	"   \"attributes\": {\"strength\": 2, \"agility\": 5, \"wits\": 3, \"empathy\": 3},"
	"   \"skills\": {\"healing\": 2}, \"gear\": {\"medkit\": 1}},"
	"  {\"name\": \"Smith\", \"side\": \"agents\", \"zone\": \"Hall\","
	"   \"attributes\": {\"strength\": 4, \"agility\": 3, \"wits\": 3, \"empathy\": 2}},"
	"  {\"name\": \"Brown\", \"side\": \"agents\", \"zone\": \"Stairs\"},"
	"  {\"name\": \"Jones\", \"side\": \"agents\", \"zone\": \"Lobby\", \"hidden\": true}]}";

/* The keys of a character sheet no other seat may see (R17). */
static const char *const sheet_keys[] = { "attributes", "skills", "health", "resolve", "conditions",
					   "weapons", "supply", "gear", "armor", "injuries", "unaware_of", NULL };

/* seat's view holds neither name, nor the opening, nor another seat's sheet. */
static void assert_view_hides(const json_t *st, const char *seat, const char *mine, const char *const *unseen)
{
	json_t *v = it_view(st, seat), *c;
	char *text = json_dumps(v, JSON_COMPACT);
	size_t i, k;

	assert_non_null(text);
	for (k = 0; unseen[k]; k++)
		if (strstr(text, unseen[k]))
			fail_msg("%s's view names %s: %s", seat, unseen[k], text);
	assert_null(strstr(text, "ambush"));
	assert_null(json_object_get(json_object_get(v, "scenario"), "opening"));
	json_array_foreach(json_object_get(v, "characters"), i, c) {
		const char *n = json_string_value(json_object_get(c, "name"));

		for (k = 0; sheet_keys[k]; k++)
			if (strcmp(n, mine) && json_object_get(c, sheet_keys[k]))
				fail_msg("%s's view shows %s's %s", seat, n, sheet_keys[k]);
	}
	assert_non_null(json_object_get(it_char(v, mine), "attributes"));
	free(text);
	json_decref(v);
}

/* Every story line naming one of unseen is addressed, and not to seat. */
static void assert_story_hides(const json_t *story, const char *seat, const char *const *unseen)
{
	json_t *line;
	size_t i, k;
	int told = 0;

	json_array_foreach(story, i, line) {
		const char *text = json_is_string(line) ? json_string_value(line)
			: json_string_value(json_object_get(line, "text"));
		json_t *to = json_object_get(line, "to"), *t;
		int to_seat = !to;
		size_t j;

		json_array_foreach(to, j, t)
			to_seat |= !strcmp(json_string_value(t), seat);
		told += to_seat;
		for (k = 0; unseen[k]; k++)
			if (strstr(text, unseen[k]) && to_seat)
				fail_msg("%s is told '%s'", seat, text);
		if (to_seat && strstr(text, "opening is ambush"))
			fail_msg("%s is told '%s'", seat, text);
	}
	assert_true(told > 0);
}

static void test_iterations_seat_never_sees_what_is_hidden(void **unused)
{
	json_t *st = json_loads(hidden_text, 0, NULL), *out, *next, *orders, *o, *line;
	const char *const ann_unseen[] = { "Brown", "Jones", NULL };
	const char *const bob_unseen[] = { "Brown", "Jones", "Smith", NULL };
	struct draw_seeded seeded;
	struct draw_source src;
	char err[256] = "", *all;
	size_t i;
	int operator_full = 0;

	(void)unused;
	assert_non_null(st);
	/* The views: a dim zone, a hidden enemy in one's own zone, the ambush, the other player's sheet. */
	assert_view_hides(st, "ann", "Neo", ann_unseen);
	assert_view_hides(st, "bob", "Trinity", bob_unseen);
	o = it_view(st, "operator");
	all = json_dumps(o, JSON_COMPACT);
	assert_non_null(strstr(all, "Jones"));
	assert_non_null(strstr(all, "Brown"));
	assert_non_null(strstr(all, "ambush"));
	free(all);
	json_decref(o);

	/* The setup step's story: the opening, the cards of the unseen, the initiative line. */
	draw_seeded_init(&seeded, 7, NULL, 1);
	src = draw_seeded_source(&seeded, NULL);
	orders = json_object();
	out = it_resolve(st, orders, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	assert_story_hides(json_object_get(out, "story"), "ann", ann_unseen);
	assert_story_hides(json_object_get(out, "story"), "bob", bob_unseen);
	json_array_foreach(json_object_get(out, "story"), i, line)
		operator_full |= json_is_object(line) && strstr(json_string_value(json_object_get(line, "text")), "Initiative:") &&
				 strstr(json_string_value(json_object_get(line, "text")), "Jones") &&
				 strstr(json_string_value(json_object_get(line, "text")), "Brown");
	assert_true(operator_full);
	json_decref(orders);

	/* A round: the Operator's stress on Jones, Jones's failed attack, told to the Operator only. */
	next = json_incref(json_object_get(out, "state"));
	json_decref(out);
	/* The autopilot's orders for a silent player name nobody it cannot see; the Operator's bot knows all. */
	o = ruleset_find("iterations")->bot(next, "ann", &src, err, sizeof(err));
	if (!o)
		fail_msg("%s", err);
	all = json_dumps(o, JSON_COMPACT);
	assert_null(strstr(all, "Jones"));
	assert_null(strstr(all, "Brown"));
	assert_non_null(strstr(all, "Smith"));
	free(all);
	json_decref(o);
	o = ruleset_find("iterations")->bot(next, "operator", &src, err, sizeof(err));
	all = json_dumps(o, JSON_COMPACT);
	assert_non_null(strstr(all, "Neo"));
	free(all);
	json_decref(o);
	orders = it_read_orders(next, "operator", "OPERATOR\nSTRESS Jones 1\nCHAR Jones\n1. ATTACK Neo\n", "o",
				err, sizeof(err));
	if (!orders)
		fail_msg("%s", err);
	out = it_resolve(next, orders, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	assert_story_hides(json_object_get(out, "story"), "ann", ann_unseen);
	assert_story_hides(json_object_get(out, "story"), "bob", bob_unseen);
	assert_view_hides(json_object_get(out, "state"), "ann", "Neo", ann_unseen);
	json_decref(out);
	json_decref(orders);
	json_decref(next);
	json_decref(st);
}

/*
 * The public view (no seat, the bulletin) shows only whom every player seat
 * sees: Smith is seen by ann but not bob, Brown is dim, Jones hidden; the
 * crew see each other; nobody's sheet is shown.
 */
static void test_iterations_public_view_is_what_every_seat_sees(void **unused)
{
	json_t *st = json_loads(hidden_text, 0, NULL), *v, *c;
	char *text;
	size_t i, k;

	(void)unused;
	assert_non_null(st);
	v = it_view(st, NULL);
	text = json_dumps(v, JSON_COMPACT);
	assert_non_null(text);
	assert_null(strstr(text, "Smith"));
	assert_null(strstr(text, "Brown"));
	assert_null(strstr(text, "Jones"));
	assert_null(strstr(text, "ambush"));
	assert_non_null(it_char(v, "Neo"));
	assert_non_null(it_char(v, "Trinity"));
	json_array_foreach(json_object_get(v, "characters"), i, c)
		for (k = 0; sheet_keys[k]; k++)
			assert_null(json_object_get(c, sheet_keys[k]));
	free(text);
	json_decref(v);
	/* Once bob's Trinity stands with Neo in the Lobby, both see Smith in the Hall. */
	json_object_set_new(it_char(st, "Trinity"), "zone", json_string("Lobby"));
	v = it_view(st, NULL);
	assert_non_null(it_char(v, "Smith"));
	assert_null(it_char(v, "Brown"));
	assert_null(it_char(v, "Jones"));
	assert_non_null(strstr(json_string_value(json_object_get(v, "map")), "[Hall]: Smith"));
	json_decref(v);
	json_decref(st);
}

/* A shot from the dark: ann is told what befalls Neo, not who fired. */
static void test_iterations_hit_by_the_unseen(void **unused)
{
	json_t *st = json_loads(
		"{\"game\": \"iterations\", \"phase\": \"round\", \"round\": 1,"
		" \"scenario\": {\"zones\": [{\"id\": \"Lobby\"}, {\"id\": \"Hall\"}],"
		"  \"borders\": [{\"zones\": [\"Lobby\", \"Hall\"]}]},"
		" \"characters\": ["
		"  {\"name\": \"Neo\", \"side\": \"crew\", \"controller\": \"ann\", \"zone\": \"Lobby\", \"card\": 3,"
		"   \"attributes\": {\"strength\": 3, \"agility\": 4, \"wits\": 3, \"empathy\": 2}},"
		"  {\"name\": \"Jones\", \"side\": \"agents\", \"zone\": \"Hall\", \"card\": 5, \"hidden\": true,"
		"   \"attributes\": {\"strength\": 4, \"agility\": 3, \"wits\": 3, \"empathy\": 2},"
		"   \"skills\": {\"marksmanship\": 2},"
		"   \"weapons\": [{\"name\": \"Pistol\", \"type\": \"Pistol\"}], \"drawn\": \"Pistol\"}]}", 0, NULL);
	json_t *orders, *out, *line;
	const char *const unseen[] = { "Jones", NULL };
	struct draw_queue q;
	struct draw_log log;
	struct draw_source src;
	char err[256] = "";
	size_t i;
	int told = 0;

	(void)unused;
	assert_non_null(st);
	orders = it_read_orders(st, "operator", "CHAR Jones\n1. SHOOT Neo\n", "o", err, sizeof(err));
	assert_non_null(orders);
	draw_queue_init(&q);
	draw_log_init(&log);
	/* 3 base, 2 skill, 2 gear, Medium range -1: 6 dice, 2 successes, 3 damage. */
	assert_int_equal(draw_queue_parse(&q, "marksmanship Jones 6 6 1 1 1 1\n", "d", 0, err, sizeof(err)), 0);
	src = draw_queue_source(&q, &log);
	out = it_resolve(st, orders, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	assert_story_hides(json_object_get(out, "story"), "ann", unseen);
	json_array_foreach(json_object_get(out, "story"), i, line) {
		const char *text = json_is_string(line) ? json_string_value(line)
			: json_string_value(json_object_get(line, "text"));
		json_t *to = json_object_get(line, "to"), *t;
		size_t j;
		int to_ann = !to;

		json_array_foreach(to, j, t)
			to_ann |= !strcmp(json_string_value(t), "ann");
		told |= to_ann && !strcmp(text, "Neo takes 3 damage (Health 5 -> 2)");
	}
	assert_true(told);
	json_decref(out);
	json_decref(orders);
	draw_log_release(&log);
	draw_queue_release(&q);
	json_decref(st);
}

/*
 * A seat's view names nobody it does not see in any list (issue 28): not
 * the hidden ambusher its own character is unaware of, not the hidden
 * enemy engaged with its ally; its report calls that one an unseen enemy.
 */
static void test_iterations_view_lists_name_only_the_seen(void **unused)
{
	json_t *st = json_loads(
		"{\"game\": \"iterations\", \"phase\": \"round\", \"round\": 1,"
		" \"scenario\": {\"zones\": [{\"id\": \"Lobby\"}, {\"id\": \"Hall\"}],"
		"  \"borders\": [{\"zones\": [\"Lobby\", \"Hall\"]}]},"
		" \"characters\": ["
		"  {\"name\": \"Neo\", \"side\": \"crew\", \"controller\": \"ann\", \"zone\": \"Lobby\", \"card\": 3,"
		"   \"unaware_of\": [\"Jones\"], \"outpace_with\": \"Jones\"},"
		"  {\"name\": \"Trinity\", \"side\": \"crew\", \"controller\": \"bob\", \"zone\": \"Hall\", \"card\": 4,"
		"   \"engaged\": [\"Jones\"]},"
		"  {\"name\": \"Jones\", \"side\": \"agents\", \"zone\": \"Hall\", \"card\": 5, \"hidden\": true,"
		"   \"engaged\": [\"Trinity\"]}]}", 0, NULL);
	json_t *v;
	char *text;

	(void)unused;
	assert_non_null(st);
	v = it_view(st, "ann");
	text = json_dumps(v, JSON_COMPACT);
	assert_non_null(text);
	if (strstr(text, "Jones"))
		fail_msg("ann's view names Jones: %s", text);
	assert_non_null(strstr(json_string_value(json_object_get(v, "report")),
			       "Trinity (crew) in Hall: card 4, active, engaged with an unseen enemy"));
	free(text);
	json_decref(v);
	/* bob's Trinity is engaged with Jones, so bob sees him, by name. */
	v = it_view(st, "bob");
	assert_non_null(strstr(json_string_value(json_object_get(v, "report")), "engaged with Jones"));
	json_decref(v);
	/* Nor does the public view, which no player's eyes reach beyond. */
	v = it_view(st, NULL);
	text = json_dumps(v, JSON_COMPACT);
	assert_null(strstr(text, "Jones"));
	free(text);
	json_decref(v);
	json_decref(st);
}

/* The autopilot's plan tells what it does, not each fallback it passes over (issue 29 item 2). */
static void test_iterations_autopilot_lines_are_clean(void **unused)
{
	char err[256] = "";
	json_t *raw = load_state(), *st = it_normalize(raw, err, sizeof(err)), *orders, *out, *line;
	const struct ruleset *rs = ruleset_find("iterations");
	struct draw_seeded seeded;
	struct draw_source src;
	size_t i;
	int neo_lines = 0;

	(void)unused;
	assert_non_null(rs);
	/* An empty pistol and no bullets: SHOOT, RELOAD, ATTACK and ENGAGE fail before the move. */
	json_object_set_new(json_array_get(json_object_get(it_char(st, "Neo"), "weapons"), 0), "loaded",
			    json_integer(0));
	draw_seeded_init(&seeded, 1, NULL, 1);
	src = draw_seeded_source(&seeded, NULL);
	orders = rs->bot(st, "ann", &src, err, sizeof(err));
	if (!orders)
		fail_msg("%s", err);
	out = it_resolve(st, orders, &src, err, sizeof(err));
	if (!out)
		fail_msg("%s", err);
	json_array_foreach(json_object_get(out, "story"), i, line) {
		const char *text = json_is_string(line) ? json_string_value(line)
			: json_string_value(json_object_get(line, "text"));

		assert_null(strstr(text, "Neo cannot"));
		assert_null(strstr(text, "Neo skips"));
		neo_lines += !strncmp(text, "Neo ", 4);
	}
	/* Two slots done, each told once: it moves toward Smith, then engages him. */
	assert_int_equal(neo_lines, 2);
	json_decref(out);
	json_decref(orders);
	json_decref(st);
	json_decref(raw);
}

/* The report (view "report") names nobody the seat cannot see, and gives its own sheet whole. */
static void test_iterations_report_hides_what_the_view_hides(void **unused)
{
	json_t *st = load_state(), *v = it_view(st, "ann");
	const char *r;

	(void)unused;
	assert_non_null(v);
	r = json_string_value(json_object_get(v, "report"));
	assert_non_null(r);
	assert_non_null(strstr(r, "Weapons: Pistol (drawn, 5/6 loaded)"));
	assert_non_null(strstr(r, "COVER takes: desk (desk, 3)"));
	assert_non_null(strstr(r, "Smith (agents) in Hall, range M from Neo"));
	assert_null(strstr(r, "Brown"));	/* in a dim zone */
	assert_null(strstr(r, "Jones"));	/* hidden */
	json_decref(v);
	json_decref(st);
}

/* The zone map: zones along the ways between them, each border drawn under the zone it leads to. */
static void test_iterations_zone_map_diagram(void **unused)
{
	json_t *st = json_loads(
		"{\"game\": \"iterations\", \"phase\": \"round\", \"round\": 1,"
		" \"scenario\": {\"zones\": [{\"id\": \"Concourse\", \"exit\": true}, {\"id\": \"Office\"},"
		"  {\"id\": \"Platform\", \"features\": [\"CLUTTERED\"]}, {\"id\": \"Tracks\"}, {\"id\": \"Vault\"}],"
		"  \"borders\": [{\"zones\": [\"Concourse\", \"Platform\"]},"
		"   {\"zones\": [\"Platform\", \"Tracks\"], \"type\": \"door\", \"door\": \"open\"},"
		"   {\"zones\": [\"Platform\", \"Office\"], \"type\": \"door\", \"door\": \"locked\"},"
		"   {\"zones\": [\"Concourse\", \"Office\"], \"type\": \"blocked\"}]},"
		" \"characters\": ["
		"  {\"name\": \"Neo\", \"side\": \"crew\", \"controller\": \"ann\", \"zone\": \"Concourse\"},"
		"  {\"name\": \"Seraph\", \"side\": \"exiles\", \"zone\": \"Platform\", \"prone\": true},"
		"  {\"name\": \"Twin\", \"side\": \"exiles\", \"zone\": \"Platform\"}]}", 0, NULL);
	json_t *v;

	(void)unused;
	assert_non_null(st);
	v = it_view(st, "operator");
	/* Depth first from Concourse through the ways (a wall is none); Platform's neighbours in the zones' order. */
	assert_string_equal(json_string_value(json_object_get(v, "map")),
			    "MAP\n"
			    "  [Concourse] EXIT: Neo\n"
			    "     |      open\n"
			    "  [Platform] CLUTTERED: Seraph (prone), Twin\n"
			    "    [L]     door, locked\n"
			    "  [Office]: -\n"
			    "    [ ]     door, open, from Platform\n"
			    "  [Tracks]: -\n"
			    "\n"
			    "  [Vault]: -\n"
			    "OTHER BORDERS\n"
			    "  Concourse --XX-- Office\n");
	json_decref(v);
	json_decref(st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_iterations_reads_alternatives_guards_and_push),
		cmocka_unit_test(test_iterations_refusal_names_file_and_line),
		cmocka_unit_test(test_iterations_shipped_scenarios_pass_the_check),
		cmocka_unit_test(test_iterations_scenario_errors_name_the_line),
		cmocka_unit_test(test_iterations_setup_from_scenario_and_sheets),
		cmocka_unit_test(test_iterations_view_hides_dim_hidden_and_npc_sheets),
		cmocka_unit_test(test_iterations_order_form_per_seat),
		cmocka_unit_test(test_iterations_silent_player_holds),
		cmocka_unit_test(test_iterations_round_from_tagged_dice),
		cmocka_unit_test(test_iterations_long_word_is_cut),
		cmocka_unit_test(test_iterations_seat_never_sees_what_is_hidden),
		cmocka_unit_test(test_iterations_public_view_is_what_every_seat_sees),
		cmocka_unit_test(test_iterations_hit_by_the_unseen),
		cmocka_unit_test(test_iterations_view_lists_name_only_the_seen),
		cmocka_unit_test(test_iterations_zone_map_diagram),
		cmocka_unit_test(test_iterations_autopilot_lines_are_clean),
		cmocka_unit_test(test_iterations_report_hides_what_the_view_hides),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
