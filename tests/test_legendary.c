/*
 * Tests for core/legendary (the solo deck-builder over a card pack): the
 * sample pack's digest (R2.8, R12.4), pack refusals naming file and line
 * (R2.9), the atom reader (R3.1), the rulings' example deal through the
 * hooks with the sealed generator (R10.4, R12.4), the pack a state names
 * (a different one refused), the player's view (R12.1), the report
 * (R11.3), the bot, simulate and a campaign over three films (R7).
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
#include "core/legendary/legendary.h"
#include "core/ruleset.h"
#include "lib/strbuf.h"

#define SAMPLE_DIGEST "b186baf357b4f180c547deb5957e40ebf047177d4a0591161c8a08e87f8604ae"

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc((size_t)n + 1, 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return buf;
}

static json_t *pack_data(const char *text)
{
	return json_pack("{s:{s:s,s:s}}", "pack", "name", "sample", "text", text);
}

static void test_legendary_sample_digest_is_the_rulings(void **unused)
{
	struct legendary_pack p;
	char err[256], *file = read_file("templates/legendary/sample-pack.json");

	(void)unused;
	legendary_pack_init(&p);
	assert_int_equal(legendary_pack_read(&p, file, "sample-pack.json", err, sizeof(err)), 0);
	assert_string_equal(p.digest, SAMPLE_DIGEST);
	/* the compiled-in copy is the same pack, formatted otherwise */
	assert_int_equal(legendary_pack_read(&p, legendary_sample_pack, "compiled", err, sizeof(err)), 0);
	assert_string_equal(p.digest, SAMPLE_DIGEST);
	assert_string_equal(p.name, "sample");
	assert_int_equal(p.board.nslots, 5);
	assert_int_equal(p.board.phone[1], 1);
	assert_int_equal(p.board.scan[4], 3);
	legendary_pack_release(&p);
	free(file);
}

static void test_legendary_pack_refusal_names_file_and_line(void **unused)
{
	struct legendary_pack p;
	char err[256];
	const char *bad =
		"{\"format\": \"mxjudge-legendary-pack\", \"version\": 1, \"name\": \"x\",\n"
		" \"board\": {\"slots\": [{\"phone\": true, \"scan\": 1}]},\n"
		" \"cards\": [\n"
		"  {\"id\": \"E-ONE\", \"name\": \"One\", \"type\": \"enemy\", \"fight\": 2,\n"
		"   \"keywords\": [\"evade\"]}\n"
		" ],\n"
		" \"films\": []}\n";

	(void)unused;
	legendary_pack_init(&p);
	assert_int_equal(legendary_pack_read(&p, bad, "my.json", err, sizeof(err)), -1);
	/* the line of the keyword itself, then the films' problem on a line of its own */
	assert_string_equal(err, "my.json:5: bad-keyword: E-ONE: the keyword wants a parameter (evade:X)\n"
			    "my.json:7: bad-film: pack: expected 1 to 3 films");
	assert_null(p.root);
	assert_int_equal(legendary_pack_read(&p, "{\"format\": 1}", "f.json", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "f.json:1: format: pack:"));
	assert_int_equal(legendary_pack_read(&p, "{\n\"format\":", "g.json", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "g.json:2: format: pack: not JSON"));
}

/* The sample pack with line n's first "from" made "to". */
static char *sample_with(int n, const char *from, const char *to)
{
	char *file = read_file("templates/legendary/sample-pack.json"), *line = file, *at, *out;
	int k;

	for (k = 1; k < n; k++)
		line = strchr(line, '\n') + 1;
	at = strstr(line, from);
	assert_non_null(at);
	assert_true(!strchr(line, '\n') || at < strchr(line, '\n'));
	out = calloc(strlen(file) + strlen(to) + 1, 1);
	assert_non_null(out);
	memcpy(out, file, (size_t)(at - file));
	strcat(out, to);
	strcat(out, at + strlen(from));
	free(file);
	return out;
}

/* R2.9: the line is the value's own, not the first place its words appear. */
static void test_legendary_pack_problem_lines_are_the_values(void **unused)
{
	struct legendary_pack p;
	char err[4096], *text;

	(void)unused;
	legendary_pack_init(&p);
	/* film 3, act 3's objective (film 1's, with the same words, is on line 119) */
	text = sample_with(154, "\"defeat\": [\"E-OVERSEER\"]", "\"defeat\": \"E-OVERSEER\"");
	assert_int_equal(legendary_pack_read(&p, text, "s.json", err, sizeof(err)), -1);
	assert_string_equal(err, "s.json:154: bad-objective: films[2].acts[2]: expected {\"defeat\": [IDs]}, "
			    "{\"complete\": [IDs]}, {\"defeated\": N} or \"manual\"");
	free(text);
	/* a pile entry of line 153 (the same id is on line 109 first) */
	text = sample_with(153, "\"I-NET\"", "\"I-NET x0\"");
	assert_int_equal(legendary_pack_read(&p, text, "s.json", err, sizeof(err)), -1);
	assert_string_equal(err, "s.json:153: bad-film: films[2].acts[2]: a pile entry is \"ID\" or \"ID xN\"");
	free(text);
	/* the duplicate, not the original (line 33) */
	text = sample_with(41, "\"H-MEDIC\"", "\"H-TRACER\"");
	assert_int_equal(legendary_pack_read(&p, text, "s.json", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "s.json:41: duplicate-id: H-TRACER: this id is used twice\n"));
	assert_null(strstr(err, ":33:"));
	free(text);
}

/* R2.9: every problem is listed, one a line, bounded. */
static void test_legendary_pack_lists_every_problem(void **unused)
{
	struct legendary_pack p;
	char err[4096], *text, *one;
	int i, n = 0;

	(void)unused;
	legendary_pack_init(&p);
	one = sample_with(19, "\"time_start\": 10", "\"time_start\": 31");
	text = strstr(one, "\"dock_slots\": 5");
	assert_non_null(text);
	memcpy(text, "\"dock_slots\": 0", 15);
	assert_int_equal(legendary_pack_read(&p, one, "s.json", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "bad-board: board.time_start: expected 1 to 30"));
	assert_non_null(strstr(err, "bad-board: board.dock_slots: expected 1 to 9"));
	assert_non_null(strchr(err, '\n'));
	assert_null(p.root);
	free(one);
	/* every avatar of every film wrong: 6 problems; every id of the cards: more than 20 */
	text = read_file("templates/legendary/sample-pack.json");
	for (one = text; (one = strstr(one, "\"id\": \"")); one += 7)
		one[7] = '-';	/* "-D..." is no id */
	assert_int_equal(legendary_pack_read(&p, text, "s.json", err, sizeof(err)), -1);
	for (i = 0; err[i]; i++)
		n += err[i] == '\n';
	assert_int_equal(n, 20);	/* 20 problems and the count of the rest */
	assert_non_null(strstr(err, "\n... and "));
	assert_non_null(strstr(err, " more problems"));
	free(text);
}

static void test_legendary_atoms_read_and_refused(void **unused)
{
	struct lg_atom a;
	char err[160];

	(void)unused;
	assert_int_equal(legendary_atom_parse("Attack -2", &a, err, sizeof(err)), 0);
	assert_int_equal(a.op, LG_ATTACK);
	assert_int_equal(a.n, -2);
	assert_int_equal(legendary_atom_parse("gain extra x-ally", &a, err, sizeof(err)), 0);
	assert_int_equal(a.op, LG_GAIN_EXTRA);
	assert_string_equal(a.word, "X-ALLY");
	assert_int_equal(legendary_atom_parse("move-enemy slot 3", &a, err, sizeof(err)), 0);
	assert_int_equal(a.n, 3);
	assert_int_equal(legendary_atom_parse("ko pocket", &a, err, sizeof(err)), -1);
	assert_int_equal(legendary_atom_parse("scan 2", &a, err, sizeof(err)), -1);
	assert_int_equal(legendary_atom_parse("fly", &a, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not an atom"));
}

/* The rulings' example (10.4, 12.4): root SHA-256("legendary example root"), game demo, nonce lucky-7. */
static json_t *example_deal(void)
{
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded seeded;
	struct draw_source src;
	json_t *settings = json_pack("{s:i,s:b,s:s,s:s}", "film", 1, "nonce", 1, "lang", "en",
				     "avatar", "A-VIREO");
	json_t *seats = json_pack("[{s:s}]", "name", "demo"), *data = pack_data(legendary_sample_pack);
	json_t *first, *mail, *orders, *second, *state;
	char err[256];

	crypto_hash_sha256(root, (const unsigned char *)"legendary example root", 22);
	draw_seeded_init(&seeded, 1, root, 0);
	assert_int_equal(draw_seeded_namespace(&seeded, legendary_ruleset.draw_namespace), 0);
	src = draw_seeded_source(&seeded, NULL);
	first = legendary_ruleset.setup(settings, data, seats, &src, err, sizeof(err));
	assert_non_null(first);
	state = json_object_get(first, "state");
	assert_string_equal(json_string_value(json_object_get(state, "commitment")),
			    "ac2a0685dafdec67d869165d9c78ce1bc301661d28fd99a5a7db1156e4004b1b");
	assert_string_equal(json_string_value(json_object_get(state, "status")), "setup");
	mail = json_pack("[{s:i,s:s}]", "line", 1, "text", "NONCE lucky-7");
	orders = json_pack("{s:O}", "demo", mail);
	draw_seeded_init(&seeded, 1, root, 1);
	assert_int_equal(draw_seeded_namespace(&seeded, legendary_ruleset.draw_namespace), 0);
	src = draw_seeded_source(&seeded, NULL);
	second = legendary_ruleset.resolve_data(state, orders, data, &src, err, sizeof(err));
	if (!second)
		fail_msg("%s", err);
	state = json_incref(json_object_get(second, "state"));
	json_decref(first);
	json_decref(second);
	json_decref(mail);
	json_decref(orders);
	json_decref(settings);
	json_decref(seats);
	json_decref(data);
	return state;
}

static void expect_list(const json_t *got, const char *want)
{
	char *text = json_dumps(got, JSON_COMPACT);

	assert_string_equal(text, want);
	free(text);
}

static void test_legendary_the_example_deal_through_the_hooks(void **unused)
{
	json_t *st = example_deal();

	(void)unused;
	expect_list(json_object_get(st, "row"), "[null,null,null,null,{\"card\":\"E-CLERK.1\",\"face\":\"down\"}]");
	expect_list(json_object_get(st, "matrix_deck"),
		    "[\"E-MONITOR.1\",\"C-LINE.1\",\"E-HOUND.1\",\"E-DRONE.1\",\"E-BRAWLER.1\","
		    "\"E-TURNSTILE.1\",\"C-DOOR.1\",\"E-WARDEN.1\",\"E-OVERSEER.1\",\"E-ECHO.1\","
		    "\"E-CLERK.2\",\"C-BEACON.1\",\"I-NET.1\"]");
	expect_list(json_object_get(st, "dock"),
		    "[\"H-SEER.1\",\"H-SPLICER.1\",\"H-SPLICER.2\",\"H-MEDIC.1\",\"H-COURIER.2\"]");
	expect_list(json_object_get(st, "hand"),
		    "[\"S-SCROUNGE.3\",\"S-SCROUNGE.4\",\"S-FEINT.3\",\"S-SCROUNGE.2\",\"S-SCROUNGE.1\","
		    "\"S-SCROUNGE.5\"]");
	expect_list(json_object_get(st, "wound_deck"),
		    "[\"W-BRUISE.1\",\"W-CUT.3\",\"W-CUT.1\",\"W-GRAZE.1\",\"W-GRAZE.4\",\"W-GRAZE.3\","
		    "\"W-GRAZE.2\",\"W-CUT.2\",\"W-BRUISE.2\",\"W-SHOCK.1\"]");
	{
		/* R12.1's fields in R12.4's order (the judge's own keys, such as "player", after) */
		static const char *const order[] = {
			"game", "version", "name", "pack", "options", "status", "result", "end", "film",
			"attempt", "act", "turn", "preparation", "world", "time", "avatar", "pools",
			"free_move", "extra_moves", "coordinated", "row", "destroyed_phones", "combat_zone",
			"real_world", "operations", "dock", "zion", "hovercraft", "matrix_deck", "deck", "hand",
			"played", "played_log", "discard", "wounds", "wound_deck", "wound_discard", "scars",
			"defeated_enemies", "defeated_heroes", "completed", "extras", "aside", "act_defeated",
			"act_completed", "offer", "offered", "combos_used", "distracted", "due", "unstated",
			"campaign", "draws", "commitment", "nonce", NULL };
		const char *key;
		json_t *v;
		size_t k = 0;

		json_object_foreach(st, key, v)
			if (order[k] && !strcmp(key, order[k]))
				k++;
		assert_null(order[k]);
	}
	json_decref(st);
}

static void test_legendary_another_pack_is_refused(void **unused)
{
	json_t *st = example_deal(), *data, *orders, *out;
	struct draw_queue q;
	struct draw_source src;
	char err[256], *other = strdup(legendary_sample_pack), *at;

	(void)unused;
	at = strstr(other, "\"time_start\":10");
	assert_non_null(at);
	at[strlen("\"time_start\":1")] = '2';	/* 12: one value changed */
	data = pack_data(other);
	orders = json_pack("{s:[]}", "demo");
	draw_queue_init(&q);
	src = draw_queue_source(&q, NULL);
	out = legendary_ruleset.resolve_data(st, orders, data, &src, err, sizeof(err));
	assert_null(out);
	assert_non_null(strstr(err, "is not the one this game was dealt with"));
	json_decref(data);
	data = pack_data(legendary_sample_pack);
	json_decref(orders);
	orders = json_pack("{s:[{s:i,s:s}]}", "demo", "line", 1, "text", "HOLD");
	out = legendary_ruleset.resolve_data(st, orders, data, &src, err, sizeof(err));
	assert_non_null(out);
	assert_string_equal(json_string_value(json_object_get(json_object_get(json_object_get(out, "state"),
									      "halted"), "reason")), "hold");
	json_decref(out);
	draw_queue_release(&q);
	json_decref(data);
	json_decref(orders);
	json_decref(st);
	free(other);
}

static void test_legendary_view_hides_face_down_cards_and_decks(void **unused)
{
	json_t *st = example_deal(), *v = legendary_ruleset.view(st, "demo");

	(void)unused;
	expect_list(json_object_get(v, "row"), "[null,null,null,null,{\"face\":\"down\"}]");
	assert_int_equal(json_integer_value(json_object_get(v, "matrix_deck")), 13);
	assert_int_equal(json_integer_value(json_object_get(v, "deck")), 4);
	assert_int_equal(json_integer_value(json_object_get(v, "zion")), 7);
	assert_true(json_is_array(json_object_get(v, "hovercraft")));
	json_decref(v);
	json_decref(st);
}

static void test_legendary_report_of_the_example(void **unused)
{
	json_t *st = example_deal(), *v;
	const char *r;

	(void)unused;
	v = legendary_ruleset.view(st, "demo");
	r = json_string_value(json_object_get(v, "report"));
	assert_non_null(r);
	if (getenv("LEGENDARY_SHOW"))
		fprintf(stderr, "%s", r);
	/* R11.3's example, line for line (its "What happened" is the story, in the template). */
	assert_string_equal(r,
		"Game \"demo\": film 1 \"Demo Reel\", act 1 \"Wake\", turn 1\n"
		"You are in the Real World | Time Track: 10 of 10 | Damage: 0 of 7 (wounds 0, scars 0)\n"
		"Attack 0, Recruit 0 | free move: not used\n"
		"Objective: defeat 2 enemies in this act\n"
		"\n"
		"Combat Zone (strikes right to left):\n"
		"  empty\n"
		"  Combat Zone phone: 3 Recruit, usable\n"
		"Matrix row (cards enter at R5 and move left):\n"
		"  R1 [scan 1] empty\n"
		"  R2 [scan 1, phone] empty\n"
		"  R3 [scan 2] empty\n"
		"  R4 [scan 2, phone] empty\n"
		"  R5 [scan 3] face down\n"
		"  Matrix deck: 13 face down\n"
		"\n"
		"Dock (recruit in the Real World):\n"
		"  D1 Kitchen Seer [H-SEER.1] (cost 3, Intellect)\n"
		"  D2 Cable Splicer [H-SPLICER.1] (cost 4, Tech, Coordinate)\n"
		"  D3 Cable Splicer [H-SPLICER.2] (cost 4, Tech, Coordinate)\n"
		"  D4 Patch Medic [H-MEDIC.1] (cost 4, Survival)\n"
		"  D5 Rooftop Courier [H-COURIER.2] (cost 2, Survival, Coordinate)\n"
		"  Zion: 7 cards | Hovercraft: 6 at 3 Recruit\n"
		"Hand: Scrounge [S-SCROUNGE.3] (cost 0); Scrounge [S-SCROUNGE.4] (cost 0); Quick Feint "
		"[S-FEINT.3] (cost 0); Scrounge [S-SCROUNGE.2] (cost 0); Scrounge [S-SCROUNGE.1] (cost 0); "
		"Scrounge [S-SCROUNGE.5] (cost 0)\n"
		"Deck: 4 cards | Discard pile: 0\n"
		"Wounds beside your avatar: none\n"
		"Defeated enemies: 0 | Completed challenges: 0\n"
		"Seal: ac2a0685dafdec67d869165d9c78ce1bc301661d28fd99a5a7db1156e4004b1b\n"
		"Nonce: lucky-7\n");
	assert_null(strstr(r, "E-CLERK.1"));	/* the face-down card never shows */
	assert_non_null(json_object_get(st, "log"));	/* the log stays with the judge (R10.5) */
	assert_null(json_object_get(v, "log"));
	json_object_set_new(json_object_get(st, "options"), "lang", json_string("fr"));
	json_decref(v);
	v = legendary_ruleset.view(st, "demo");
	r = json_string_value(json_object_get(v, "report"));
	assert_non_null(strstr(r, "Rang\xc3\xa9" "e Matrice (les cartes entrent en R5 et avancent vers la gauche) :\n"));
	assert_non_null(strstr(r, "Partie \xc2\xab demo \xc2\xbb : film 1 \xc2\xab Demo Reel \xc2\xbb"));
	assert_non_null(strstr(r, "  D1 Kitchen Seer [H-SEER.1] (co\xc3\xbbt 3, Intellect)\n"));
	json_decref(v);
	{
		/* a challenge's type and a text's kind in French too; and the template's words */
		json_t *st2 = json_deep_copy(st), *md = json_object_get(st2, "matrix_deck"), *w;
		size_t i;
		const json_t *e;

		json_array_foreach(md, i, e)
			if (!strcmp(json_string_value(e), "C-LINE.1"))
				break;
		json_array_remove(md, i);
		json_object_set_new(st2, "operations", json_pack("[s]", "C-LINE.1"));
		json_object_set_new(st2, "due", json_pack("[{s:s,s:s,s:i,s:b}]", "card", "H-SEER.1", "kind",
							  "play", "turn", 1, "carry", 0));
		v = legendary_ruleset.view(st2, "demo");
		r = json_string_value(json_object_get(v, "report"));
		assert_non_null(r);
		assert_non_null(strstr(r, "  Open Line [C-LINE.1] (d\xc3\xa9" "fi)\n"));
		assert_non_null(strstr(r, "  Kitchen Seer [H-SEER.1] (jeu) : Au choix"));
		assert_null(strstr(r, "(challenge)"));
		assert_null(strstr(r, "(play)"));
		json_decref(v);
		/*
		 * The minor victory's offer (act 3 of the sample) in French: no
		 * infinitive after "quand vous"; counts agree ("1 carte").
		 */
		json_object_set_new(st2, "act", json_integer(3));
		json_object_set_new(st2, "offered", json_false());
		while (json_array_size(json_object_get(st2, "zion")) > 1)
			json_array_remove(json_object_get(st2, "zion"), 0);
		v = legendary_ruleset.view(st2, "demo");
		r = json_string_value(json_object_get(v, "report"));
		assert_non_null(r);
		assert_null(strstr(r, "quand vous"));
		assert_non_null(strstr(r, "(une victoire mineure est offerte pour l'objectif : accomplir "));
		assert_non_null(strstr(r, "  Zion : 1 carte ; Hovercraft"));
		json_decref(v);
		json_decref(st2);
		w = legendary_template_words("fr");
		assert_string_equal(json_string_value(json_object_get(w, "seal_note")),
				    "le sceau imprim\xc3\xa9 plus haut est le SHA-256 de mxjudge:legendary:NOM:root:RACINE");
		assert_non_null(strstr(json_string_value(json_object_get(w, "title")), "une aide solo"));
		json_decref(w);
	}
	/* fr-ascii: the same French, ASCII only, for old mail clients. */
	json_object_set_new(json_object_get(st, "options"), "lang", json_string("fr-ascii"));
	v = legendary_ruleset.view(st, "demo");
	r = json_string_value(json_object_get(v, "report"));
	assert_non_null(strstr(r, "Rangee Matrice (les cartes entrent en R5 et avancent vers la gauche) :\n"));
	assert_non_null(strstr(r, "Partie << demo >> : film 1 << Demo Reel >>"));
	assert_non_null(strstr(r, "  D1 Kitchen Seer [H-SEER.1] (cout 3, Intellect)\n"));
	for (; *r; r++)
		assert_true((unsigned char)*r < 0x80);
	json_decref(v);
	json_decref(st);
}

static void test_legendary_bot_plays_a_game_to_its_end(void **unused)
{
	json_t *st = example_deal(), *data = pack_data(legendary_sample_pack);
	unsigned char root[DRAW_ROOT_LEN] = { 3 };
	int turns = 0;

	(void)unused;
	while (strcmp(json_string_value(json_object_get(st, "status")), "over") && turns < 200) {
		struct draw_seeded seeded;
		struct draw_source src;
		char err[256];
		json_t *orders = legendary_ruleset.bot(st, "demo", NULL, err, sizeof(err)), *out;

		assert_non_null(orders);
		draw_seeded_init(&seeded, 1, root, turns);
		draw_seeded_namespace(&seeded, "legendary");
		src = draw_seeded_source(&seeded, NULL);
		out = legendary_ruleset.resolve_data(st, orders, data, &src, err, sizeof(err));
		if (!out)
			fail_msg("turn %d: %s", turns, err);
		json_decref(st);
		st = json_incref(json_object_get(out, "state"));
		json_decref(out);
		json_decref(orders);
		turns++;
	}
	assert_string_equal(json_string_value(json_object_get(st, "status")), "over");
	assert_true(turns > 1);
	{
		/* R10.5: the finished game's report gives the pack's digest and the whole log */
		json_t *v = legendary_ruleset.view(st, "demo");
		const char *r = json_string_value(json_object_get(v, "report"));
		const json_t *log = json_object_get(st, "log");

		assert_int_equal(json_array_size(log), (size_t)turns + 1);	/* the NONCE mail, then each */
		assert_non_null(r);
		assert_non_null(strstr(r, "Pack: sample, digest " SAMPLE_DIGEST "\n"));
		assert_non_null(strstr(r, "The log of every mail (its lines, then its shuffles and draws):\n"
				       "  Mail 1 (turn 1):\n    > NONCE lucky-7\n    shuffle zion "));
		assert_non_null(strstr(r, "\n    draw zion H-SEER.1\n"));
		assert_non_null(strstr(r, "\n    draw matrix E-CLERK.1\n"));
		assert_non_null(strstr(r, "\n    draw player-deck S-SCROUNGE.3\n"));
		assert_non_null(strstr(r, "  Mail 2 (turn 1):\n    > "));
		json_decref(v);
	}
	json_decref(st);
	json_decref(data);
}


static int count_of(const json_t *st, const char *key)
{
	const json_t *v = json_object_get(st, key);

	return json_is_integer(v) ? (int)json_integer_value(v) : (int)json_array_size(v);
}

/*
 * A campaign played by the bot with the sealed generator (R7): at each new
 * film, the record of the last, the scars of R7.2 (2 when the damage
 * reached the avatar's speed, else 1), the preparation turn with an empty
 * row, and the draw counters going on over the whole campaign.
 */
static void test_legendary_campaign_carries_scars_between_films(void **unused)
{
	struct legendary_pack p;
	json_t *settings = json_pack("{s:b,s:s,s:b}", "campaign", 1, "avatar", "vireo", "nonce", 0);
	json_t *st = NULL, *out;
	unsigned char root[DRAW_ROOT_LEN] = { 7, 1 };
	char err[256];
	int mail, films_seen = 1, retries = 0;

	(void)unused;
	legendary_pack_init(&p);
	assert_int_equal(legendary_pack_read(&p, legendary_sample_pack, "sample", err, sizeof(err)), 0);
	for (mail = 0; mail < 400; mail++) {
		struct draw_seeded seeded;
		struct draw_source src;

		draw_seeded_init(&seeded, 0, root, mail);
		draw_seeded_namespace(&seeded, "legendary");
		src = draw_seeded_source(&seeded, NULL);
		if (!st) {
			out = legendary_setup(&p, settings, "camp", &src, err, sizeof(err));
		} else {
			json_t *lines = legendary_bot_lines(&p, st);

			out = legendary_resolve(&p, st, lines, &src, err, sizeof(err));
			json_decref(lines);
		}
		if (!out)
			fail_msg("mail %d: %s", mail, err);
		if (st) {
			json_t *next = json_object_get(out, "state");
			const json_t *films = json_object_get(json_object_get(next, "campaign"), "films");
			int before = (int)json_array_size(json_object_get(json_object_get(st, "campaign"), "films"));

			if ((int)json_array_size(films) > before &&
			    strcmp(json_string_value(json_object_get(next, "status")), "over")) {
				const json_t *rec = json_array_get(films, (size_t)before);
				int won = !strcmp(json_string_value(json_object_get(rec, "result")), "major-victory");
				int speed = legendary_int(legendary_card(&p, json_string_value(json_object_get(st, "avatar")),
									 NULL), "speed", 0);
				int dmg = (int)json_integer_value(json_object_get(rec, "damage"));

				assert_int_equal(json_integer_value(json_object_get(next, "film")),
						 json_integer_value(json_object_get(rec, "film")) + won);
				assert_int_equal(json_is_true(json_object_get(next, "preparation")), won);
				assert_int_equal(count_of(next, "scars"),
						 count_of(st, "scars") + (won ? (dmg >= speed ? 2 : 1) : 0));
				assert_int_equal(count_of(next, "wounds"), 0);
				assert_int_equal(json_integer_value(json_object_get(next, "turn")), 1);
				if (won) {
					const json_t *e;
					size_t i;

					json_array_foreach(json_object_get(next, "row"), i, e)
						assert_true(json_is_null(e));	/* no Matrix phase */
					films_seen++;
				} else {
					retries++;
				}
				assert_true(json_integer_value(json_object_get(json_object_get(next, "draws"),
									       "shuffle zion")) >= 2);
				assert_int_equal(legendary_state_check(&p, next, err, sizeof(err)), 0);
			}
		}
		json_decref(st);
		st = json_incref(json_object_get(out, "state"));
		json_decref(out);
		if (!strcmp(json_string_value(json_object_get(st, "status")), "over"))
			break;
	}
	assert_string_equal(json_string_value(json_object_get(st, "result")), "campaign-won");
	assert_int_equal(films_seen, 3);
	assert_int_equal(json_array_size(json_object_get(json_object_get(st, "campaign"), "films")), 3 + retries);
	json_decref(st);
	json_decref(settings);
	legendary_pack_release(&p);
}

/* simulate: game i from the seed and i only, so any split of the games sums the same. */
static void test_legendary_simulate_splits_sum_the_same(void **unused)
{
	json_t *settings = json_pack("{s:i,s:b}", "film", 1, "nonce", 0), *data = json_object();
	json_t *whole, *a, *b;
	char err[256];
	const char *outcome;
	json_t *v;

	(void)unused;
	whole = legendary_ruleset.simulate(settings, data, 11, 0, 60, err, sizeof(err));
	a = legendary_ruleset.simulate(settings, data, 11, 0, 25, err, sizeof(err));
	b = legendary_ruleset.simulate(settings, data, 11, 25, 35, err, sizeof(err));
	assert_non_null(whole);
	assert_non_null(a);
	assert_non_null(b);
	json_object_foreach(json_object_get(whole, "all"), outcome, v)
		assert_int_equal(json_integer_value(v),
				 json_integer_value(json_object_get(json_object_get(a, "all"), outcome)) +
				 json_integer_value(json_object_get(json_object_get(b, "all"), outcome)));
	assert_int_equal(json_integer_value(json_object_get(json_object_get(whole, "all"), "games")), 60);
	assert_int_equal(json_integer_value(json_object_get(json_object_get(whole, "all"), "unfinished")), 0);
	json_decref(whole);
	json_decref(a);
	json_decref(b);
	json_decref(settings);
	json_decref(data);
}

/* The bot writes only what a player could: IF ABLE actions, names of face-up cards, slots of face-down ones. */
static void test_legendary_bot_lines_name_no_hidden_card(void **unused)
{
	json_t *st = example_deal(), *lines;
	struct legendary_pack p;
	char err[256], *text;

	(void)unused;
	legendary_pack_init(&p);
	assert_int_equal(legendary_pack_read(&p, legendary_sample_pack, "sample", err, sizeof(err)), 0);
	json_object_set_new(st, "world", json_string("matrix"));
	json_object_set_new(st, "pools", json_pack("{s:i,s:i}", "attack", 2, "recruit", 0));
	lines = legendary_bot_lines(&p, st);	/* 2 + the Feint's 1: R5's scan of 3 */
	text = json_dumps(lines, JSON_COMPACT);
	assert_non_null(strstr(text, "\"PLAY ALL\""));
	assert_non_null(strstr(text, "\"SCAN R5 IF ABLE\""));
	assert_null(strstr(text, "E-CLERK"));	/* face down at R5 */
	free(text);
	json_decref(lines);
	json_decref(st);
	legendary_pack_release(&p);
}

/* The conversions of a format string, in order ("%s%d%zu"), ignoring %%. */
static void conversions(const char *fmt, char *out, size_t outlen)
{
	size_t n = 0;

	for (; *fmt && n + 4 < outlen; fmt++) {
		if (*fmt != '%')
			continue;
		if (fmt[1] == '%') {
			fmt++;
			continue;
		}
		out[n++] = '%';
		while (*++fmt && !strchr("sdiuxlz", *fmt))
			out[n++] = *fmt;	/* flags such as '+' */
		while (*fmt && strchr("lz", *fmt))
			out[n++] = *fmt++;
		if (*fmt)
			out[n++] = *fmt;
		else
			break;
	}
	out[n] = 0;
}

/* R11.2: every French string takes the English one's arguments, in order. */
static void test_legendary_french_formats_match(void **unused)
{
	const char *en, *fr;
	char a[64], b[64];
	size_t i;

	(void)unused;
	for (i = 0; legendary_french_pair(i, &en, &fr) == 0; i++) {
		conversions(en, a, sizeof(a));
		conversions(fr, b, sizeof(b));
		if (strcmp(a, b))
			fail_msg("'%s': %s in English, %s in French", en, a, b);
	}
	assert_true(i > 100);
	conversions("%s is %+d, %zu%% of %ld", a, sizeof(a));
	assert_string_equal(a, "%s%+d%zu%ld");
	assert_string_equal(legendary_french("You play %s [%s]."), "Vous jouez %s [%s].");
	assert_string_equal(legendary_french("no such line"), "no such line");
}

/* R11.2: the game-over mail's outcome ("result" of status) in the game's language. */
static void test_legendary_status_says_the_outcome_in_the_game_language(void **unused)
{
	static const struct {
		const char *lang, *want;
	} rows[] = {
		{ "en", "loss: time" },
		{ "fr", "d\xc3\xa9" "faite : plus de temps" },
		{ "fr-ascii", "defaite : plus de temps" },
	};
	size_t i;

	(void)unused;
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		json_t *st = json_pack("{s:s,s:s,s:s,s:{s:s}}", "status", "over", "result", "loss", "end", "time",
				       "options", "lang", rows[i].lang);
		json_t *out = legendary_ruleset.status(st);

		assert_true(json_is_true(json_object_get(out, "over")));
		assert_string_equal(json_string_value(json_object_get(out, "result")), rows[i].want);
		json_decref(out);
		json_decref(st);
	}
}

/* ---------- the shadow: random play against the rulings' invariants ---------- */

static uint64_t lg_rand(uint64_t *r)
{
	*r = *r * 6364136223846793005u + 1442695040888963407u;
	return *r >> 33;
}

/* Every card instance of a state, wherever it is (R1, R12.1); played_log is a log, not a place. */
static int lg_instances(const json_t *st)
{
	static const char *const piles[] = { "real_world", "operations", "dock", "zion", "hovercraft",
					     "matrix_deck", "deck", "hand", "played", "discard", "wounds",
					     "wound_deck", "wound_discard", "scars", "defeated_enemies",
					     "defeated_heroes", "completed", "extras", "aside", NULL };
	const json_t *v;
	size_t i, k;
	int n = json_is_string(json_object_get(st, "avatar"));

	for (k = 0; piles[k]; k++)
		json_array_foreach(json_object_get(st, piles[k]), i, v)
			n += json_is_string(v);
	json_array_foreach(json_object_get(st, "row"), i, v)
		n += json_is_string(json_object_get(v, "card"));
	json_array_foreach(json_object_get(st, "combat_zone"), i, v)
		n += json_is_string(json_object_get(v, "card")) || json_is_string(v);
	/* per-act films: the later acts' mini-decks wait here (R4.3, R6.2) */
	{
		const char *key;
		const json_t *pile;

		json_object_foreach((json_t *)json_object_get(st, "pending_acts"), key, pile)
			n += (int)json_array_size(pile);
	}
	return n;
}

/* Adds a mail's shuffles to the per-deck counts ("shuffle player-deck": n, R10.4). */
static void lg_count(json_t *counts, const struct draw_log *log)
{
	size_t i;

	for (i = 0; i < log->n; i++) {
		char label[64];
		const char *line = log->e[i].line, *sp;

		if (strncmp(line, "shuffle ", 8) || !(sp = strchr(line + 8, ' ')))
			continue;
		snprintf(label, sizeof(label), "%.*s", (int)(sp - line), line);
		json_object_set_new(counts, label,
				    json_integer(json_integer_value(json_object_get(counts, label)) + 1));
	}
}

static void lg_random_line(uint64_t *r, const json_t *st, char *out, size_t len)
{
	static const char *const words[] = { "ENTER", "LEAVE", "LEAVE ZONE", "LEAVE EXTRA", "HOLD",
					     "RECRUIT HOVERCRAFT", "VICTORY MAJOR", "VICTORY MINOR",
					     "WILDSWING KEEP", "PLAY ALL", "FLY AWAY", "BUY TIME Z1" };
	const json_t *hand = json_object_get(st, "hand"), *due = json_object_get(st, "due");
	const char *card = json_string_value(json_array_get(hand, lg_rand(r) % (json_array_size(hand) + 1)));
	int k = 1 + (int)(lg_rand(r) % 5);

	switch (lg_rand(r) % 12) {
	case 0: snprintf(out, len, "PLAY %s", card ? card : "S-FEINT"); break;
	case 1: snprintf(out, len, "RECRUIT D%d", k); break;
	case 2: snprintf(out, len, "SCAN R%d", k); break;
	case 3: snprintf(out, len, "FIGHT %c%d", "RZW"[lg_rand(r) % 3], k); break;
	case 4: snprintf(out, len, "COMPLETE %c%d", "RZO"[lg_rand(r) % 3], k); break;
	case 5: snprintf(out, len, "EVADE R%d IF ABLE", k); break;
	case 6: snprintf(out, len, "COORDINATE %s", card ? card : "H-SPLICER"); break;
	case 7:
		snprintf(out, len, "EFFECT %s \"nothing\"",
			 json_array_size(due) ? json_string_value(json_object_get(json_array_get(due, 0), "card")) : "ACT");
		break;
	default: snprintf(out, len, "%s", words[lg_rand(r) % (sizeof(words) / sizeof(words[0]))]); break;
	}
}

static void test_legendary_shadow_random_play_keeps_the_rulings_invariants(void **unused)
{
	struct legendary_pack p;
	uint64_t r = 0x853c49e6748fea9bu;
	int game, mails = 0, turns = 0, over = 0;
	char err[256];

	(void)unused;
	legendary_pack_init(&p);
	assert_int_equal(legendary_pack_read(&p, legendary_sample_pack, "sample", err, sizeof(err)), 0);
	for (game = 0; game < 60; game++) {
		unsigned char root[DRAW_ROOT_LEN];
		char hex[2 * DRAW_ROOT_LEN + 1], text[200], seal[65];
		json_t *settings = json_pack("{s:i,s:b}", "film", 1 + game % 3, "nonce", game % 4 == 0);
		json_t *counts = json_object(), *st = NULL, *out;
		struct draw_seeded seeded;
		struct draw_source src;
		struct draw_log log;
		int mail, k, total = 0, time_start = p.board.time_start;

		for (k = 0; k < DRAW_ROOT_LEN; k++)
			root[k] = (unsigned char)lg_rand(&r);
		for (mail = 0; mail < 80; mail++) {
			json_t *lines = NULL, *next;
			int was_over = st && !strcmp(json_string_value(json_object_get(st, "status")), "over");
			int turn = st ? (int)json_integer_value(json_object_get(st, "turn")) : 0;

			draw_seeded_init(&seeded, 0, root, mail);
			draw_seeded_namespace(&seeded, "legendary");
			draw_log_init(&log);
			src = draw_seeded_source(&seeded, &log);
			if (!st) {
				out = legendary_setup(&p, settings, "shadow", &src, err, sizeof(err));
			} else {
				if (!strcmp(json_string_value(json_object_get(st, "status")), "setup")) {
					lines = legendary_read_orders("NONCE shadow\n", "mail", err, sizeof(err));
				} else if (lg_rand(&r) % 2) {
					lines = legendary_bot_lines(&p, st);
				} else {
					struct strbuf sb = STRBUF_INIT;

					for (k = 0; k < 1 + (int)(lg_rand(&r) % 4); k++) {
						lg_random_line(&r, st, text, sizeof(text));
						strbuf_addf(&sb, "%s\n", text);
					}
					lines = legendary_read_orders(strbuf_str(&sb), "mail", err, sizeof(err));
					strbuf_release(&sb);
				}
				if (!lines) {	/* refused whole, nothing played */
					draw_log_release(&log);
					continue;
				}
				out = legendary_resolve(&p, st, lines, &src, err, sizeof(err));
				json_decref(lines);
				mails++;
			}
			if (!out)
				fail_msg("game %d mail %d: %s", game, mail, err);
			next = json_object_get(out, "state");
			assert_non_null(next);
			lg_count(counts, &log);
			draw_log_release(&log);
			/* No instance in two places, every card of the pack's film (R12.2). */
			assert_int_equal(legendary_state_check(&p, next, err, sizeof(err)), 0);
			if (!st) {
				/* The seal (R10.5): SHA-256 of "mxjudge:legendary:NAME:root:ROOT". */
				draw_root_hex(root, hex);
				snprintf(text, sizeof(text), "mxjudge:legendary:shadow:root:%s", hex);
				draw_sha256_hex(text, seal);
				assert_string_equal(json_string_value(json_object_get(next, "commitment")), seal);
			}
			/* Card conservation: once dealt, no card comes or goes (R1, R5). */
			if (strcmp(json_string_value(json_object_get(next, "status")), "setup")) {
				if (!total)
					total = lg_instances(next);
				assert_int_equal(lg_instances(next), total);
			}
			/* The draw counters are the shuffles done (R10.4). */
			assert_true(json_equal(json_object_get(next, "draws"), counts));
			/* The Time Track in range; at 0 the game is lost (R6.4). */
			k = (int)json_integer_value(json_object_get(next, "time"));
			assert_true(k >= 0 && k <= time_start);
			if (k == 0)
				assert_string_equal(json_string_value(json_object_get(next, "status")), "over");
			if (was_over)
				assert_true(json_equal(json_object_get(next, "turn"), json_object_get(st, "turn")));
			/* A turn that ended drew a full hand at Cleanup (R5.4). */
			if (st && json_integer_value(json_object_get(next, "turn")) == turn + 1 &&
			    !strcmp(json_string_value(json_object_get(next, "status")), "running") &&
			    json_integer_value(json_object_get(next, "film")) == json_integer_value(json_object_get(st, "film"))) {
				turns++;
				assert_int_equal(json_array_size(json_object_get(next, "hand")), p.board.hand_size);
			}
			json_decref(st);
			st = json_incref(next);
			json_decref(out);
		}
		over += !strcmp(json_string_value(json_object_get(st, "status")), "over");
		json_decref(st);
		json_decref(counts);
		json_decref(settings);
	}
	assert_true(mails > 2000);
	assert_true(turns > 500);
	assert_true(over > 10);
	legendary_pack_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legendary_sample_digest_is_the_rulings),
		cmocka_unit_test(test_legendary_pack_refusal_names_file_and_line),
		cmocka_unit_test(test_legendary_pack_problem_lines_are_the_values),
		cmocka_unit_test(test_legendary_pack_lists_every_problem),
		cmocka_unit_test(test_legendary_atoms_read_and_refused),
		cmocka_unit_test(test_legendary_the_example_deal_through_the_hooks),
		cmocka_unit_test(test_legendary_another_pack_is_refused),
		cmocka_unit_test(test_legendary_view_hides_face_down_cards_and_decks),
		cmocka_unit_test(test_legendary_report_of_the_example),
		cmocka_unit_test(test_legendary_bot_plays_a_game_to_its_end),
		cmocka_unit_test(test_legendary_campaign_carries_scars_between_films),
		cmocka_unit_test(test_legendary_simulate_splits_sum_the_same),
		cmocka_unit_test(test_legendary_bot_lines_name_no_hidden_card),
		cmocka_unit_test(test_legendary_french_formats_match),
		cmocka_unit_test(test_legendary_status_says_the_outcome_in_the_game_language),
		cmocka_unit_test(test_legendary_shadow_random_play_keeps_the_rulings_invariants),
	};

	if (sodium_init() < 0)
		return 1;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
