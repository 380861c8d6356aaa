/*
 * Tests for core/netrun (the solo piecepack Matrix): the state of the
 * rulings' 14.4 example read and written back, the report of 13.3 byte
 * for byte, the order reader's whole-mail refusals (10.6), the deal of
 * 11.4 through the hooks with the sealed generator, the ranking key
 * (12.3), and bot-only runs giving the same tallies for any split.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/draw.h"
#include "core/engine.h"
#include "core/netrun/netrun.h"
#include "core/ruleset.h"
#include "lib/strbuf.h"

/* The rulings' 14.4 example, as they print it. */
static const char example_state[] =
	"{\"game\": \"netrun\", \"version\": 1, \"run\": \"demo\",\n"
	" \"options\": {\"target\": 6, \"nonce\": false,\n"
	"             \"breakers\": {\"black\": \"basic\", \"green\": \"basic\", \"red\": \"basic\", \"blue\": \"basic\"}},\n"
	" \"status\": \"running\", \"result\": null, \"end\": null, \"steps\": 6, \"brain_damage\": 2,\n"
	" \"powerups\": {\"black\": 1, \"green\": 2, \"red\": 1, \"blue\": 1},\n"
	" \"breakers\": {\n"
	"  \"black\": {\"kind\": \"basic\", \"at\": \"4,0\", \"ankara\": 0, \"diamond\": false, \"wintermute\": false},\n"
	"  \"green\": {\"kind\": \"basic\", \"at\": \"0,1\", \"ankara\": 0, \"diamond\": false, \"wintermute\": false},\n"
	"  \"red\": {\"kind\": \"basic\", \"at\": \"out\", \"ankara\": 0, \"diamond\": false, \"wintermute\": false},\n"
	"  \"blue\": {\"kind\": \"basic\", \"at\": \"out\", \"ankara\": 0, \"diamond\": false, \"wintermute\": false}},\n"
	" \"matrix\": {\n"
	"  \"0,0\": {\"tile\": \"B2\", \"token\": false, \"strength\": 2},\n"
	"  \"1,0\": {\"tile\": \"G3\", \"token\": false, \"strength\": 3},\n"
	"  \"2,0\": {\"tile\": \"R2\", \"token\": false, \"strength\": 2},\n"
	"  \"3,0\": {\"tile\": \"UA\", \"token\": false, \"strength\": 1},\n"
	"  \"4,0\": {\"tile\": \"B3\", \"token\": false, \"strength\": 3},\n"
	"  \"0,1\": {\"tile\": \"G2\", \"token\": false, \"strength\": 2}},\n"
	" \"stack\": [\"R3\", \"U2\", \"BA\", \"GA\", \"R4\", \"U3\", \"B4\", \"G4\", \"BN\", \"GN\", \"RN\", \"UN\",\n"
	"           \"B5\", \"G5\", \"R5\", \"U4\", \"U5\", \"RA\"],\n"
	" \"draws\": {\"strength black\": 5, \"strength green\": 1},\n"
	" \"commitment\": null, \"nonce\": null}\n";

/* The rulings' 13.3 example: the report of that state. */
static const char example_report[] =
	"Matrix run \"demo\", 6 steps played\n"
	"Brain damage: 2 of 10 (target 6)\n"
	"Power-ups held: black 1, green 2, red 1, blue 1\n"
	"Power-ups in the supply: black 4, green 3, red 4, blue 4\n"
	"Breakers:\n"
	"  b black  basic ice breaker                  at 4,0\n"
	"           may RUN to: 4,-1 3,0 5,0 4,1\n"
	"  g green  basic ice breaker                  at 0,1\n"
	"           may RUN to: 0,0 -1,1 1,1 0,2\n"
	"  r red    basic ice breaker                  outside\n"
	"           may RUN to: any space\n"
	"  u blue   basic ice breaker                  outside\n"
	"           may RUN to: any space\n"
	"Data stack: 18 face down; the next 8 are ice, the last 10 hold the 4 forts\n"
	"Not yet installed: BN BA B4 B5 GN GA G4 G5 RN RA R3 R4 R5 UN U2 U3 U4 U5\n"
	"\n"
	" y\\x -1   0    1    2    3    4    5\n"
	"  -1 .    .    .    .    .    .    .\n"
	"   0 .    B2   G3   R2   UA   B3b  .\n"
	"   1 .    G2g  .    .    .    .    .\n"
	"   2 .    .    .    .    .    .    .\n"
	"\n"
	"Key: tile = colour (B black, G green, R red, U blue) + value (N null: the\n"
	"data fort, strength 6; A ace: 1; 2-5); * a power-up on it; b g r u breakers;\n"
	". empty; # the three-neighbour limit forbids installing there. Spaces are\n"
	"x,y: x grows to the right, y downward; 0,0 is where the first tile went.\n";

static json_t *example_json(void)
{
	json_error_t jerr;
	json_t *j = json_loads(example_state, 0, &jerr);

	if (!j)
		fail_msg("example: %s", jerr.text);
	return j;
}

static void test_netrun_state_round_trip_of_the_example(void **state)
{
	struct netrun_state st;
	json_t *in = example_json(), *out;
	char err[256] = "", *a, *b;

	(void)state;
	assert_int_equal(netrun_state_from_json(&st, in, err, sizeof(err)), 0);
	assert_int_equal(st.steps, 6);
	assert_int_equal(st.bd, 2);
	assert_int_equal(st.target, 6);
	assert_int_equal(st.ns, 6);
	assert_int_equal(st.nstack, 18);
	assert_int_equal(st.draws[NR_Q_STRENGTH][NR_BLACK], 5);
	out = netrun_state_to_json(&st);
	/* Every field, in the rulings' order. */
	a = json_dumps(in, JSON_COMPACT | JSON_PRESERVE_ORDER);
	b = json_dumps(out, JSON_COMPACT | JSON_PRESERVE_ORDER);
	assert_string_equal(b, a);
	free(a);
	free(b);
	json_decref(in);
	json_decref(out);
}

static void test_netrun_state_defaults(void **state)
{
	struct netrun_state st;
	json_t *j = json_pack("{s:{s:{s:s}},s:{s:{s:s}}}", "options", "breakers", "red", "roll",
			      "matrix", "0,0", "tile", "RN");
	char err[256] = "";

	(void)state;
	assert_int_equal(netrun_state_from_json(&st, j, err, sizeof(err)), 0);
	assert_int_equal(st.status, NR_RUNNING);
	assert_int_equal(st.target, -1);
	assert_int_equal(st.opt[NR_RED], NR_OPT_ROLL);
	assert_int_equal(st.br[NR_RED].kind, NR_BASIC);
	assert_int_equal(st.br[NR_RED].x, NR_OUT);
	assert_int_equal(st.s[0].strength, 6);
	assert_int_equal(st.s[0].token, 0);
	assert_string_equal(st.run, "runner");
	json_decref(j);
}

static void refused_state(const char *text, const char *want)
{
	struct netrun_state st;
	json_error_t jerr;
	json_t *j = json_loads(text, 0, &jerr);
	char err[256] = "";

	if (!j)
		fail_msg("%s: %s", text, jerr.text);
	assert_int_equal(netrun_state_from_json(&st, j, err, sizeof(err)), -1);
	if (!strstr(err, want))
		fail_msg("expected '%s', got '%s'", want, err);
	json_decref(j);
}

static void test_netrun_state_refusals(void **state)
{
	(void)state;
	refused_state("{\"matrix\": {\"0,0\": {\"tile\": \"B2\"}}, \"stack\": [\"B2\"]}",
		      "tile B2 appears twice");
	refused_state("{\"breakers\": {\"red\": {\"at\": \"1,1\"}}}", "no data structure");
	refused_state("{\"breakers\": {\"red\": {\"kind\": \"ankara\"}}}", "a black breaker");
	refused_state("{\"options\": {\"breakers\": {\"red\": 2}}, \"breakers\": {\"red\": "
		      "{\"kind\": \"hosaka-prime\"}}}", "its option says Chiba Cross Talk");
	refused_state("{\"matrix\": {\"0,0\": {\"tile\": \"B2\"}, \"1,0\": {\"tile\": \"B3\"}, "
		      "\"-1,0\": {\"tile\": \"B4\"}, \"0,1\": {\"tile\": \"B5\"}, \"0,-1\": "
		      "{\"tile\": \"BA\"}}}", "has four neighbours");
	refused_state("{\"matrix\": {\"0,0\": {\"tile\": \"B2\"}}, \"breakers\": {\"red\": {\"at\": "
		      "\"0,0\"}, \"blue\": {\"at\": \"0,0\"}}}", "without Assimilation Kuang");
	refused_state("{\"matrix\": {\"0,0\": {\"tile\": \"B2\", \"token\": true}}, \"powerups\": "
		      "{\"black\": 5}}", "black has 6 power-ups");
	refused_state("{\"game\": \"toy\"}", "expected \"netrun\"");
	refused_state("{\"brain_damage\": 11}", "brain_damage");
	refused_state("{\"draws\": {\"reach green x\": 1}}", "not a queue");
}

static void test_netrun_report_of_the_example_byte_for_byte(void **state)
{
	struct netrun_state st;
	struct strbuf sb = STRBUF_INIT;
	json_t *in = example_json();
	char err[256] = "";

	(void)state;
	assert_int_equal(netrun_state_from_json(&st, in, err, sizeof(err)), 0);
	netrun_report(&st, &sb);
	assert_string_equal(strbuf_str(&sb), example_report);
	strbuf_release(&sb);
	json_decref(in);
}

static void test_netrun_report_grid_strips_and_marks(void **state)
{
	struct netrun_state st;
	struct strbuf sb = STRBUF_INIT;
	const char *line;
	int i;

	(void)state;
	netrun_state_init(&st);
	/* A row of 16 structures: 18 columns, cut into strips of 15. */
	for (i = 0; i < 16; i++) {
		st.s[i].x = i;
		st.s[i].y = 0;
		st.s[i].tile = NR_TILE(i % 4, 1 + i / 4);
		st.s[i].strength = 1 + i / 4;
	}
	st.ns = 16;
	st.s[3].token = 1;
	st.br[NR_BLACK].x = 3;
	st.br[NR_BLACK].y = 0;
	netrun_report(&st, &sb);
	assert_non_null(strstr(strbuf_str(&sb), "Columns -1 to 13:\n"));
	assert_non_null(strstr(strbuf_str(&sb), "Columns 14 to 16:\n"));
	assert_non_null(strstr(strbuf_str(&sb), " UA*b "));
	/* no line is longer than 80 columns */
	for (line = strbuf_str(&sb); *line;) {
		const char *e = strchr(line, '\n');

		assert_true(e - line <= 80);
		line = e + 1;
	}
	strbuf_release(&sb);
	/* A space next to a structure with three neighbours is '#'. */
	netrun_state_init(&st);
	st.s[0] = (struct nr_structure){ 0, 0, NR_TILE(0, 2), 0, 2 };
	st.s[1] = (struct nr_structure){ 1, 0, NR_TILE(0, 3), 0, 3 };
	st.s[2] = (struct nr_structure){ -1, 0, NR_TILE(0, 4), 0, 4 };
	st.s[3] = (struct nr_structure){ 0, 1, NR_TILE(0, 5), 0, 5 };
	st.ns = 4;
	netrun_report(&st, &sb);
	assert_non_null(strstr(strbuf_str(&sb), "  -1 .    .    #    .    .\n"));
	strbuf_release(&sb);
}

/* Reads text against st: the refusal's code, or "" when read. */
static const char *read_code(const struct netrun_state *st, const char *text, int *line)
{
	static struct netrun_refusal ref;
	static struct netrun_orders o;
	int too_many;
	json_t *lines = netrun_lines(text, &too_many);
	int rc = netrun_parse(st, lines, &o, &ref);

	json_decref(lines);
	*line = ref.line;
	return rc < 0 ? ref.code : "";
}

static void expect_code(const struct netrun_state *st, const char *text, const char *code,
			int want_line)
{
	int line = 0;
	const char *got = read_code(st, text, &line);

	if (strcmp(got, code))
		fail_msg("'%s': expected '%s', got '%s'", text, code, got);
	if (*code && line != want_line)
		fail_msg("'%s': expected line %d, got %d", text, want_line, line);
}

static void test_netrun_order_reader_refusals(void **state)
{
	struct netrun_state st, custom, setup, over;
	json_t *in = example_json();
	char err[256] = "";

	(void)state;
	assert_int_equal(netrun_state_from_json(&st, in, err, sizeof(err)), 0);
	json_decref(in);
	/* Every form the rulings accept; END ends the orders. */
	expect_code(&st, "GAME demo\nCODE x\n1. RUN black 5,0\n2) challenge B (5, 0)\n3- break moons "
		    "+5,0\n4: RUN black (5,0)\n4 run BLACK 5 ,0\nSPEND black 2 green\nDISCARD ALL\n"
		    "RUN red 1,1\nEXPECT red OUTSIDE\nexpect red out\nJACK OUT\njackout\nresign\n"
		    "END\nFLY away", "", 0);
	expect_code(&st, "RUN black 5,0\nFLY black", "syntax", 2);
	expect_code(&st, "RUN purple 5,0", "bad-colour", 1);
	expect_code(&st, "RUN black 3;4", "bad-space", 1);
	expect_code(&st, "RUN black 120,0", "out-of-range", 1);
	expect_code(&st, "SPEND black 0\nRUN black 5,0", "bad-count", 1);
	expect_code(&st, "RUN black 5,0 ALT", "no-alt", 1);
	expect_code(&st, "RUN black 5,0 SIDEWAYS", "syntax", 1);
	expect_code(&st, "ABILITY green", "no-ability", 1);
	expect_code(&st, "SPEND black\nEXPECT black 4,0", "spend-without-run", 1);
	expect_code(&st, "SPEND ALL black\nRUN black 5,0", "syntax", 1);
	expect_code(&st, "NONCE word", "no-nonce", 1);
	custom = st;
	custom.br[NR_GREEN].kind = NR_FINN;
	custom.opt[NR_GREEN] = 4;
	custom.br[NR_RED].kind = NR_STEALTH;
	custom.opt[NR_RED] = 6;
	custom.br[NR_BLACK].kind = NR_ANKARA;
	custom.opt[NR_BLACK] = 2;
	custom.br[NR_BLUE].kind = NR_BABYLON;
	custom.opt[NR_BLUE] = 3;
	expect_code(&custom, "ABILITY green red blue PAY red\nRUN red 1,1 ALT\nABILITY black 3\n"
		    "ABILITY blue 6,6 PAY red blue", "", 0);
	expect_code(&custom, "ABILITY green red red", "bad-ability", 1);
	expect_code(&custom, "ABILITY green red blue PAY black", "bad-pay", 1);
	expect_code(&custom, "ABILITY blue 6,6 PAY red", "bad-pay", 1);
	expect_code(&custom, "ABILITY black 10", "bad-count", 1);
	expect_code(&custom, "RUN green 1,1 ROLL", "no-alt", 1);
	setup = st;
	setup.status = NR_SETUP;
	setup.opt_nonce = 1;
	expect_code(&setup, "RUN black 0,0", "nonce-needed", 1);
	expect_code(&setup, "", "nonce-needed", 0);
	expect_code(&setup, "NONCE", "bad-nonce", 1);
	expect_code(&setup, "NONCE two words", "bad-nonce", 1);
	expect_code(&setup, "NONCE lucky-7\nRUN black 0,0", "", 0);
	expect_code(&setup, "NONCE lucky-7\nNONCE again", "no-nonce", 2);
	over = st;
	over.status = NR_OVER;
	over.result = NR_LOSS;
	over.end = NR_END_BRAIN_DEATH;
	expect_code(&over, "RUN black 5,0", "run-over", 1);
}

static void test_netrun_the_example_deal_through_setup_and_nonce(void **state)
{
	/* R11.4: root SHA-256("piecepack example root"), nonce lucky-7, all four rolled. */
	static const char want[] = "B2 BA B4 R2 B5 RA R5 R3 R4 G2 G4 U4 U3 B3 G5 RN U5 UN GA GN BN "
		"UA U2 G3";
	static const char *const kinds[4] = { "wintermute-compiler", "finn-construct",
					      "stealth-blade", "babylon-q" };
	const struct ruleset *rs = ruleset_find("netrun");
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded seeded;
	struct draw_source src;
	struct engine_turn t, t2;
	json_t *given, *settings, *seats, *orders, *stack, *brs;
	char err[256] = "", got[200] = "";
	size_t i;

	(void)state;
	assert_non_null(rs);
	assert_string_equal(rs->draw_namespace, "piecepack");
	crypto_hash_sha256(root, (const unsigned char *)"piecepack example root", 22);
	given = json_pack("{s:s}", "breakers", "custom");
	settings = engine_settings(rs, given, NULL, err, sizeof(err));
	assert_non_null(settings);
	seats = json_pack("[{s:s,s:s,s:{}}]", "name", "demo", "side", "", "data");
	draw_seeded_init(&seeded, 1, root, 0);
	draw_seeded_namespace(&seeded, rs->draw_namespace);
	src = draw_seeded_source(&seeded, NULL);
	assert_int_equal(engine_setup(rs, settings, NULL, seats, &src, &t, err, sizeof(err)), 0);
	assert_string_equal(json_string_value(json_object_get(t.state, "status")), "setup");
	/* The seal binds the root before the nonce. */
	assert_int_equal(strlen(json_string_value(json_object_get(t.state, "commitment"))), 64);
	orders = rs->read_orders(t.state, "demo", "NONCE lucky-7\n", "mail", 0, err, sizeof(err));
	assert_non_null(orders);
	draw_seeded_init(&seeded, 2, root, 1);
	draw_seeded_namespace(&seeded, rs->draw_namespace);
	src = draw_seeded_source(&seeded, NULL);
	assert_int_equal(engine_resolve(rs, t.state, orders, &src, &t2, err, sizeof(err)), 0);
	stack = json_object_get(t2.state, "stack");
	for (i = 0; i < json_array_size(stack); i++) {
		strcat(got, i ? " " : "");
		strcat(got, json_string_value(json_array_get(stack, i)));
	}
	assert_string_equal(got, want);
	brs = json_object_get(t2.state, "breakers");
	for (i = 0; i < 4; i++)
		assert_string_equal(json_string_value(json_object_get(json_object_get(brs,
			netrun_colour_names[i]), "kind")), kinds[i]);
	assert_string_equal(json_string_value(json_object_get(t2.state, "nonce")), "lucky-7");
	json_decref(orders);
	json_decref(given);
	json_decref(settings);
	json_decref(seats);
	engine_turn_release(&t);
	engine_turn_release(&t2);
}

static void test_netrun_dice_go_on_where_the_last_mail_stopped(void **state)
{
	/* Two mails of one RUN each draw what one mail of both draws. */
	const struct ruleset *rs = ruleset_find("netrun");
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded seeded;
	struct draw_source src;
	struct engine_turn a, b, both;
	json_t *s0 = example_json(), *o1, *o2, *o12;
	char err[256] = "";

	(void)state;
	memset(root, 7, sizeof(root));
	o1 = rs->read_orders(s0, "demo", "RUN black 5,0\n", "m", 0, err, sizeof(err));
	o12 = rs->read_orders(s0, "demo", "RUN black 5,0\nRUN red 9,9\n", "m", 0, err, sizeof(err));
	assert_non_null(o1);
	assert_non_null(o12);
	draw_seeded_init(&seeded, 1, root, 1);
	src = draw_seeded_source(&seeded, NULL);
	assert_int_equal(engine_resolve(rs, s0, o1, &src, &a, err, sizeof(err)), 0);
	o2 = rs->read_orders(a.state, "demo", "RUN red 9,9\n", "m", 0, err, sizeof(err));
	assert_non_null(o2);
	draw_seeded_init(&seeded, 99, root, 2);	/* another turn: the streams do not care */
	src = draw_seeded_source(&seeded, NULL);
	assert_int_equal(engine_resolve(rs, a.state, o2, &src, &b, err, sizeof(err)), 0);
	draw_seeded_init(&seeded, 5, root, 1);
	src = draw_seeded_source(&seeded, NULL);
	assert_int_equal(engine_resolve(rs, s0, o12, &src, &both, err, sizeof(err)), 0);
	assert_true(json_equal(b.state, both.state));
	json_decref(s0);
	json_decref(o1);
	json_decref(o2);
	json_decref(o12);
	engine_turn_release(&a);
	engine_turn_release(&b);
	engine_turn_release(&both);
}

static void test_netrun_compare_ranks_by_the_key(void **state)
{
	struct netrun_state a, b;

	(void)state;
	netrun_state_init(&a);
	netrun_state_init(&b);
	a.result = NR_WIN;
	b.result = NR_LOSS;
	assert_true(netrun_compare(&a, &b) > 0);
	b.result = NR_WIN;
	a.bd = 3;
	b.bd = 2;
	assert_true(netrun_compare(&a, &b) < 0);
	b.bd = 3;
	a.steps = 20;
	b.steps = 25;
	assert_true(netrun_compare(&a, &b) > 0);
	b.steps = 20;
	assert_int_equal(netrun_compare(&a, &b), 0);
	a.result = b.result = NR_LOSS;
	a.ns = 5;
	b.ns = 4;
	assert_true(netrun_compare(&a, &b) > 0);
}

static void add_tallies(json_t *sum, const json_t *part)
{
	const char *g, *k;
	json_t *one, *v;

	json_object_foreach((json_t *)part, g, one) {
		json_t *into = json_object_get(sum, g);

		if (!into) {
			into = json_object();
			json_object_set_new(sum, g, into);
		}
		json_object_foreach(one, k, v)
			json_object_set_new(into, k,
					    json_integer(json_integer_value(json_object_get(into, k)) +
							 json_integer_value(v)));
	}
}

static void test_netrun_simulate_same_tallies_for_any_split(void **state)
{
	const struct ruleset *rs = ruleset_find("netrun");
	json_t *given, *settings, *whole, *a, *b, *c, *sum = json_object(), *empty = json_object();
	char err[256] = "";

	(void)state;
	given = json_pack("{s:s,s:i}", "breakers", "custom", "target", 8);
	settings = engine_settings(rs, given, NULL, err, sizeof(err));
	assert_non_null(settings);
	whole = rs->simulate(settings, empty, 42, 0, 3000, err, sizeof(err));
	a = rs->simulate(settings, empty, 42, 0, 1000, err, sizeof(err));
	b = rs->simulate(settings, empty, 42, 1000, 1, err, sizeof(err));
	c = rs->simulate(settings, empty, 42, 1001, 1999, err, sizeof(err));
	add_tallies(sum, a);
	add_tallies(sum, b);
	add_tallies(sum, c);
	assert_true(json_equal(whole, sum));
	assert_int_equal(json_integer_value(json_object_get(json_object_get(whole, "all"), "games")),
			 3000);
	/* a group per breaker of each colour */
	assert_non_null(json_object_get(whole, "black ankara"));
	assert_non_null(json_object_get(whole, "blue enigma"));
	json_decref(given);
	json_decref(settings);
	json_decref(whole);
	json_decref(a);
	json_decref(b);
	json_decref(c);
	json_decref(sum);
	json_decref(empty);
}

/*
 * netrun_run_targets judges the spaces next to a breaker and a Chiba's
 * structures by its own shortcuts; on random matrices it must give just
 * the spaces netrun_run_legal (R5.3, run_check) allows, in its order.
 */
static void test_netrun_run_targets_agree_with_run_legal(void **state)
{
	uint64_t r = 0x9e3779b97f4a7c15u;
	int round, checked = 0;

	(void)state;
	for (round = 0; round < 3000; round++) {
		struct netrun_state st;
		int i, b, n;

		netrun_state_init(&st);
		r = r * 6364136223846793005u + 1442695040888963407u;
		n = (int)(r >> 59) % 20;
		for (i = 0; i < n; i++) {
			int x, y;

			do {
				r = r * 6364136223846793005u + 1442695040888963407u;
				x = (int)((r >> 40) % 7) - 3;
				y = (int)((r >> 50) % 7) - 3;
			} while (netrun_structure_at(&st, x, y) >= 0);
			st.s[st.ns].x = x;
			st.s[st.ns].y = y;
			st.s[st.ns++].tile = i;
		}
		st.nstack = (int)(r >> 33) % 3;
		for (b = 0; b < NR_COLOURS; b++) {
			r = r * 6364136223846793005u + 1442695040888963407u;
			st.br[b].kind = (r >> 61) % 2 ? NR_CHIBA : NR_BASIC;
			st.br[b].x = NR_OUT;
			st.br[b].y = 0;
			if (st.ns && (r >> 20) % 4) {
				int at = (int)((r >> 24) % (uint64_t)st.ns);

				if (!netrun_breakers_at(&st, st.s[at].x, st.s[at].y)) {
					st.br[b].x = st.s[at].x;
					st.br[b].y = st.s[at].y;
				}
			}
		}
		for (b = 0; b < NR_COLOURS; b++) {
			int xs[32], ys[32], want_x[64], want_y[64], nt, nw = 0, x, y;

			if (st.br[b].x == NR_OUT)
				continue;
			nt = netrun_run_targets(&st, b, xs, ys, 32);
			for (y = -6; y <= 6; y++)
				for (x = -6; x <= 6; x++)
					if (netrun_run_legal(&st, b, x, y)) {
						want_x[nw] = x;
						want_y[nw++] = y;
					}
			assert_int_equal(nt, nw);
			for (i = 0; i < nt; i++) {
				assert_int_equal(xs[i], want_x[i]);
				assert_int_equal(ys[i], want_y[i]);
			}
			checked++;
		}
	}
	assert_true(checked > 3000);
}

/* ---------- the shadow: random play against the rulings' invariants ---------- */

static uint64_t shadow_rand(uint64_t *r)
{
	*r = *r * 6364136223846793005u + 1442695040888963407u;
	return *r >> 33;
}

/* A tile code's index 0..23 (R1.2), or -1. */
static int tile_index(const char *code)
{
	static const char colours[] = "BGRU", values[] = "NA2345";
	const char *c = code ? strchr(colours, code[0]) : NULL, *v = c ? strchr(values, code[1]) : NULL;

	return c && v && code[1] && !code[2] ? (int)(c - colours) * 6 + (int)(v - values) : -1;
}

/*
 * The invariants the rulings state, on a state the judge wrote: every
 * tile once (matrix and stack, R1.2, R4.2), 5 tokens a colour at most on
 * structures and held (R1.4, R8), no structure with 4 neighbours (R5.4),
 * breakers on structures or out, two only with Assimilation Kuang (R1.3),
 * brain damage 0-10 and an over run when it reaches 10 or passes the target
 * (R7.1, R7.2).
 */
static void shadow_check(const json_t *st, int dealt)
{
	int seen[NR_TILES] = { 0 }, tokens[NR_COLOURS] = { 0 }, n = 0, c, bd;
	const json_t *matrix = json_object_get(st, "matrix"), *v, *target;
	const char *key;
	size_t i;

	json_object_foreach((json_t *)matrix, key, v) {
		int t = tile_index(json_string_value(json_object_get(v, "tile"))), x, y, nb = 0;
		char probe[16];
		static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };

		assert_true(t >= 0);
		seen[t]++;
		n++;
		tokens[t / 6] += json_is_true(json_object_get(v, "token"));
		assert_int_equal(sscanf(key, "%d,%d", &x, &y), 2);
		for (c = 0; c < 4; c++) {
			snprintf(probe, sizeof(probe), "%d,%d", x + dx[c], y + dy[c]);
			nb += json_object_get(matrix, probe) != NULL;
		}
		assert_true(nb <= 3);
	}
	json_array_foreach(json_object_get(st, "stack"), i, v) {
		int t = tile_index(json_string_value(v));

		assert_true(t >= 0);
		seen[t]++;
		n++;
	}
	for (c = 0; c < NR_TILES; c++)
		assert_int_equal(seen[c], dealt ? 1 : 0);
	assert_int_equal(n, dealt ? NR_TILES : 0);
	for (c = 0; c < NR_COLOURS; c++) {
		const char *name = netrun_colour_names[c];
		const json_t *b = json_object_get(json_object_get(st, "breakers"), name);
		const char *at = json_string_value(json_object_get(b, "at"));
		int k, sharing = 0;

		tokens[c] += (int)json_integer_value(json_object_get(json_object_get(st, "powerups"), name));
		assert_true(tokens[c] <= 5);
		assert_non_null(at);
		if (!strcmp(at, "out"))
			continue;
		assert_non_null(json_object_get(matrix, at));
		for (k = 0; k < NR_COLOURS; k++) {
			const json_t *o = json_object_get(json_object_get(st, "breakers"), netrun_colour_names[k]);

			if (k != c && !strcmp(json_string_value(json_object_get(o, "at")), at)) {
				sharing++;
				assert_true(!strcmp(json_string_value(json_object_get(b, "kind")), "assimilation-kuang") ||
					    !strcmp(json_string_value(json_object_get(o, "kind")), "assimilation-kuang"));
			}
		}
		assert_true(sharing <= 1);
	}
	bd = (int)json_integer_value(json_object_get(st, "brain_damage"));
	assert_true(bd >= 0 && bd <= 10);
	target = json_object_get(json_object_get(st, "options"), "target");
	if (bd == 10 || (json_is_integer(target) && bd > json_integer_value(target)))
		assert_string_equal(json_string_value(json_object_get(st, "status")), "over");
}

/* A random line: most are steps the state may or may not allow, some are garbage. */
static void shadow_line(uint64_t *r, char *out, size_t len)
{
	static const char *const colours[4] = { "black", "green", "red", "blue" };
	const char *col = colours[shadow_rand(r) % 4];
	int x = (int)(shadow_rand(r) % 7) - 3, y = (int)(shadow_rand(r) % 7) - 3;

	switch (shadow_rand(r) % 12) {
	case 0: snprintf(out, len, "SPEND ALL\nRUN %s %d,%d", col, x, y); break;
	case 1: snprintf(out, len, "ABILITY %s", col); break;
	case 2: snprintf(out, len, "ABILITY %s %d,%d", col, x, y); break;
	case 3: snprintf(out, len, "ABILITY %s %d,%d %d,%d", col, x, y, y, x); break;
	case 4: snprintf(out, len, "EXPECT %s %d,%d", col, x, y); break;
	case 5: snprintf(out, len, "SPEND %s 2\nRUN %s %d,%d ALT", col, col, x, y); break;
	case 6: snprintf(out, len, "FLY %s", col); break;
	case 7: snprintf(out, len, "ABILITY %s %s", col, colours[shadow_rand(r) % 4]); break;
	default: snprintf(out, len, "RUN %s %d,%d", col, x, y); break;
	}
}

/* Adds the draws of one mail's log to the per-queue counts ("strength black" ...). */
static void shadow_count(json_t *counts, const struct draw_log *log)
{
	size_t i;

	for (i = 0; i < log->n; i++) {
		char label[64];
		const char *line = log->e[i].line, *sp = strchr(line, ' ');

		if (!strncmp(line, "deal ", 5) || !strncmp(line, "seal ", 5) || !sp || !strchr(sp + 1, ' '))
			continue;
		snprintf(label, sizeof(label), "%.*s", (int)(strchr(sp + 1, ' ') - line), line);
		json_object_set_new(counts, label,
				    json_integer(json_integer_value(json_object_get(counts, label)) + 1));
	}
}

static void test_netrun_shadow_random_play_keeps_the_rulings_invariants(void **state)
{
	static const char *const options[] = { "basic", "custom", "black=roll", "ankara,turing-scout,hosaka-prime,enigma" };
	const struct ruleset *rs = ruleset_find("netrun");
	uint64_t r = 0x2545f4914f6cdd1du;
	int game, mails = 0, over = 0;

	(void)state;
	for (game = 0; game < 300; game++) {
		unsigned char root[DRAW_ROOT_LEN];
		char hex[2 * DRAW_ROOT_LEN + 1], text[200], seal[65], err[256] = "";
		struct draw_seeded seeded;
		struct draw_log log;
		struct draw_source src;
		struct engine_turn t;
		json_t *given, *settings, *seats, *st, *counts = json_object();
		int mail, k;

		for (k = 0; k < DRAW_ROOT_LEN; k++)
			root[k] = (unsigned char)shadow_rand(&r);
		given = json_pack("{s:s,s:b}", "breakers", options[game % 4], "nonce", game % 3 == 0);
		if (game % 5 == 1)
			json_object_set_new(given, "target", json_integer(game % 10));
		settings = engine_settings(rs, given, NULL, err, sizeof(err));
		assert_non_null(settings);
		seats = json_pack("[{s:s,s:s,s:{}}]", "name", "shadow", "side", "", "data");
		draw_seeded_init(&seeded, 1, root, 0);
		draw_seeded_namespace(&seeded, rs->draw_namespace);
		draw_log_init(&log);
		src = draw_seeded_source(&seeded, &log);
		assert_int_equal(engine_setup(rs, settings, NULL, seats, &src, &t, err, sizeof(err)), 0);
		/* The seal (R11.5): SHA-256 of "mxjudge:piecepack:RUN:root:ROOT". */
		draw_root_hex(root, hex);
		snprintf(text, sizeof(text), "mxjudge:piecepack:shadow:root:%s", hex);
		draw_sha256_hex(text, seal);
		assert_string_equal(json_string_value(json_object_get(t.state, "commitment")), seal);
		shadow_count(counts, &log);
		draw_log_release(&log);
		st = json_incref(t.state);
		engine_turn_release(&t);
		for (mail = 0; mail < 60; mail++) {
			struct strbuf sb = STRBUF_INIT;
			struct netrun_state ns;
			struct engine_turn next;
			json_t *orders;
			int dealt = strcmp(json_string_value(json_object_get(st, "status")), "setup") != 0;
			int was_over = !strcmp(json_string_value(json_object_get(st, "status")), "over");

			shadow_check(st, dealt);
			assert_true(json_equal(json_object_get(st, "draws"), counts));
			if (!dealt)
				strbuf_addstr(&sb, "NONCE shadow\n");
			else if (shadow_rand(&r) % 2 && netrun_state_from_json(&ns, st, err, sizeof(err)) == 0)
				netrun_bot_orders(&ns, &sb);
			else
				for (k = 0; k < 1 + (int)(shadow_rand(&r) % 3); k++) {
					shadow_line(&r, text, sizeof(text));
					strbuf_addf(&sb, "%s\n", text);
				}
			orders = rs->read_orders(st, "shadow", strbuf_str(&sb), "mail", 0, err, sizeof(err));
			strbuf_release(&sb);
			if (!orders)
				continue;	/* refused whole: nothing played (R10.4.2) */
			draw_seeded_init(&seeded, 2 + (uint64_t)mail, root, mail + 1);
			draw_seeded_namespace(&seeded, rs->draw_namespace);
			draw_log_init(&log);
			src = draw_seeded_source(&seeded, &log);
			assert_int_equal(engine_resolve(rs, st, orders, &src, &next, err, sizeof(err)), 0);
			json_decref(orders);
			mails++;
			if (was_over) {
				/* R7.6: a run that is over takes nothing more. */
				assert_int_equal(log.n, 0);
				assert_int_equal(json_integer_value(json_object_get(next.state, "steps")),
						 json_integer_value(json_object_get(st, "steps")));
			}
			assert_true(json_integer_value(json_object_get(next.state, "steps")) >=
				    json_integer_value(json_object_get(st, "steps")));
			shadow_count(counts, &log);
			draw_log_release(&log);
			json_decref(st);
			st = json_incref(next.state);
			engine_turn_release(&next);
		}
		over += !strcmp(json_string_value(json_object_get(st, "status")), "over");
		json_decref(st);
		json_decref(counts);
		json_decref(given);
		json_decref(settings);
		json_decref(seats);
	}
	/* The shadow played: most runs end, and thousands of mails were judged. */
	assert_true(mails > 5000);
	assert_true(over > 200);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_netrun_state_round_trip_of_the_example),
		cmocka_unit_test(test_netrun_state_defaults),
		cmocka_unit_test(test_netrun_state_refusals),
		cmocka_unit_test(test_netrun_report_of_the_example_byte_for_byte),
		cmocka_unit_test(test_netrun_report_grid_strips_and_marks),
		cmocka_unit_test(test_netrun_order_reader_refusals),
		cmocka_unit_test(test_netrun_the_example_deal_through_setup_and_nonce),
		cmocka_unit_test(test_netrun_dice_go_on_where_the_last_mail_stopped),
		cmocka_unit_test(test_netrun_compare_ranks_by_the_key),
		cmocka_unit_test(test_netrun_simulate_same_tallies_for_any_split),
		cmocka_unit_test(test_netrun_run_targets_agree_with_run_legal),
		cmocka_unit_test(test_netrun_shadow_random_play_keeps_the_rulings_invariants),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
