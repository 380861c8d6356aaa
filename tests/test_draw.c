/*
 * Tests for core/draw: the generator (the same as Hovercrafts' dice), stream
 * seeds, sealed roots, the seeded source with its streams and log, its
 * guards, run-long sealed streams and the seal (the tagged queue that
 * replays a logged turn: tests/test_draw_queue.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "core/draw.h"
#include "core/hovercrafts/dice.h"

/* ---------- helpers ---------- */

/* A reference splitmix64 + xoshiro256** (Vigna's public code), independent of the library. */
struct ref_rng {
	uint64_t s[4];
};

static uint64_t ref_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static void ref_init(struct ref_rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++) {
		uint64_t z = (seed += 0x9e3779b97f4a7c15ULL);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
		r->s[i] = z ^ (z >> 31);
	}
}

static uint64_t ref_next(struct ref_rng *r)
{
	uint64_t *s = r->s;
	const uint64_t result = ref_rotl(s[1] * 5, 7) * 9;
	const uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = ref_rotl(s[3], 45);
	return result;
}

static void root_0_to_31(unsigned char root[DRAW_ROOT_LEN])
{
	int i;

	for (i = 0; i < DRAW_ROOT_LEN; i++)
		root[i] = (unsigned char)i;
}

/* The face a fresh generator seeded by draw_seed_of(text) gives first. */
static int first_face_of(const char *text, int sides)
{
	struct draw_rng rng;

	draw_rng_init(&rng, draw_seed_of(text));
	return (int)draw_rng_uniform(&rng, (uint64_t)sides) + 1;
}

static void queue_from(struct draw_queue *q, const char *text)
{
	char err[256] = "";

	draw_queue_init(q);
	if (draw_queue_parse(q, text, "dice.txt", 0, err, sizeof(err)) < 0)
		fail_msg("parse failed: %s", err);
}

/* ---------- the generator ---------- */

static void test_draw_rng_matches_dice_rng_and_reference(void **state)
{
	/* Seed 42's first outputs, as tests/test_dice.c has pinned them. */
	static const uint64_t raw[4] = {
		0x15780b2e0c2ec716ULL, 0x6104d9866d113a7eULL,
		0xae17533239e499a1ULL, 0xecb8ad4703b360a1ULL,
	};
	struct draw_rng d;
	struct dice_rng old;
	struct ref_rng ref;
	int i;

	(void)state;
	draw_rng_init(&d, 42);
	dice_rng_init(&old, 42);
	ref_init(&ref, 42);
	for (i = 0; i < 4; i++) {
		uint64_t v = draw_rng_next(&d);

		assert_true(v == raw[i]);
		assert_true(v == dice_rng_next(&old));
		assert_true(v == ref_next(&ref));
	}
	/* Further on, against the independent reference too. */
	for (i = 0; i < 1000; i++) {
		uint64_t v = draw_rng_next(&d);

		assert_true(v == dice_rng_next(&old));
		assert_true(v == ref_next(&ref));
	}
	/* Another seed, including 0 and the all-ones seed. */
	draw_rng_init(&d, 0);
	ref_init(&ref, 0);
	for (i = 0; i < 100; i++)
		assert_true(draw_rng_next(&d) == ref_next(&ref));
	draw_rng_init(&d, UINT64_MAX);
	ref_init(&ref, UINT64_MAX);
	for (i = 0; i < 100; i++)
		assert_true(draw_rng_next(&d) == ref_next(&ref));
}

static void test_draw_rng_uniform_d6_matches_dice_d6(void **state)
{
	/* Seed 42's first d6, as tests/test_dice.c has pinned them. */
	static const int d6[20] = { 1, 1, 6, 6, 5, 1, 5, 4, 5, 6, 2, 2, 5, 5, 2, 5, 4, 1, 4, 5 };
	struct draw_rng d;
	struct dice_rng old;
	int i;

	(void)state;
	draw_rng_init(&d, 42);
	dice_rng_init(&old, 42);
	for (i = 0; i < 1000; i++) {
		int face = (int)draw_rng_uniform(&d, 6) + 1;

		if (i < 20)
			assert_int_equal(face, d6[i]);
		assert_int_equal(face, dice_rng_d6(&old));
	}
}

static void test_draw_rng_uniform_one_is_zero(void **state)
{
	struct draw_rng d;
	struct ref_rng ref;
	int i;

	(void)state;
	draw_rng_init(&d, 42);
	ref_init(&ref, 42);
	for (i = 0; i < 1000; i++) {
		assert_true(draw_rng_uniform(&d, 1) == 0);
		/* One output consumed per draw: nothing is rejected for n = 1 in practice. */
		ref_next(&ref);
	}
	assert_true(draw_rng_next(&d) == ref_next(&ref));
}

static void test_draw_rng_uniform_below_n(void **state)
{
	static const uint64_t ns[] = { 2, 3, 10, 1000003 };
	struct draw_rng d;
	struct ref_rng ref;
	size_t k;
	int i;

	(void)state;
	for (k = 0; k < sizeof(ns) / sizeof(ns[0]); k++) {
		uint64_t max = 0;

		draw_rng_init(&d, 7 + k);
		ref_init(&ref, 7 + k);
		for (i = 0; i < 5000; i++) {
			uint64_t v = draw_rng_uniform(&d, ns[k]);

			assert_true(v < ns[k]);
			/* Rejection is astronomically rare here: the value is next() % n. */
			assert_true(v == ref_next(&ref) % ns[k]);
			if (v > max)
				max = v;
		}
		/* Not a distribution test: just that values are not all stuck at 0. */
		assert_true(max > 0);
	}
}

/* ---------- seeds and roots ---------- */

static void test_draw_seed_of_sha256_le(void **state)
{
	(void)state;
	/* SHA-256("abc") = ba7816bf 8f01cfea ...: the first 8 bytes little-endian. */
	assert_true(draw_seed_of("abc") == 0xeacf018fbf1678baULL);
	/* SHA-256("") = e3b0c442 98fc1c14 ... */
	assert_true(draw_seed_of("") == 0x141cfc9842c4b0e3ULL);
	assert_true(draw_seed_of("abd") != draw_seed_of("abc"));
}

static void test_draw_root_hex_round_trip(void **state)
{
	unsigned char root[DRAW_ROOT_LEN], back[DRAW_ROOT_LEN];
	char hex[2 * DRAW_ROOT_LEN + 1];
	int i;

	(void)state;
	root_0_to_31(root);
	memset(hex, 'x', sizeof(hex));
	draw_root_hex(root, hex);
	assert_string_equal(hex, "000102030405060708090a0b0c0d0e0f"
			    "101112131415161718191a1b1c1d1e1f");
	memset(back, 0xee, sizeof(back));
	assert_int_equal(draw_root_parse(hex, back), 0);
	assert_memory_equal(back, root, DRAW_ROOT_LEN);

	for (i = 0; i < DRAW_ROOT_LEN; i++)
		root[i] = (unsigned char)(255 - 7 * i);
	draw_root_hex(root, hex);
	assert_int_equal((int)strlen(hex), 64);
	assert_string_equal(hex, "fff8f1eae3dcd5cec7c0b9b2aba49d968f88817a736c655e575049423b342d26");
	assert_int_equal(draw_root_parse(hex, back), 0);
	assert_memory_equal(back, root, DRAW_ROOT_LEN);

	/* Upper case parses to the same bytes. */
	assert_int_equal(draw_root_parse("FFF8F1EAE3DCD5CEC7C0B9B2ABA49D968F88817A736C655E575049423B342D26",
					 back), 0);
	assert_memory_equal(back, root, DRAW_ROOT_LEN);
}

static void test_draw_root_parse_refuses_bad_text(void **state)
{
	static const char good[] = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
	unsigned char root[DRAW_ROOT_LEN];
	char buf[80];

	(void)state;
	assert_int_equal(draw_root_parse(good, root), 0);
	/* 63 digits */
	memcpy(buf, good, 63);
	buf[63] = '\0';
	assert_int_equal(draw_root_parse(buf, root), -1);
	/* 65 digits */
	snprintf(buf, sizeof(buf), "%s0", good);
	assert_int_equal(draw_root_parse(buf, root), -1);
	/* a non-hex digit, first or last */
	snprintf(buf, sizeof(buf), "%s", good);
	buf[0] = 'g';
	assert_int_equal(draw_root_parse(buf, root), -1);
	snprintf(buf, sizeof(buf), "%s", good);
	buf[63] = 'z';
	assert_int_equal(draw_root_parse(buf, root), -1);
	snprintf(buf, sizeof(buf), "%s", good);
	buf[31] = ' ';
	assert_int_equal(draw_root_parse(buf, root), -1);
	assert_int_equal(draw_root_parse("", root), -1);
	assert_int_equal(draw_root_parse(NULL, root), -1);
}

/* ---------- the seeded source ---------- */

static void test_draw_seeded_open_die_is_the_turn_seed(void **state)
{
	struct draw_seeded s;
	struct draw_log log;
	struct draw_source src;
	struct draw_rng rng;
	char err[128] = "";
	int i, face;

	(void)state;
	draw_log_init(&log);
	draw_seeded_init(&s, 7, NULL, 3);
	src = draw_seeded_source(&s, &log);
	draw_rng_init(&rng, 7);
	for (i = 0; i < 10; i++) {
		char want[64];
		int expect = (int)draw_rng_uniform(&rng, 6) + 1;

		assert_int_equal(draw_die(&src, "open", "energy Minx", 6, &face, err, sizeof(err)), 0);
		assert_int_equal(face, expect);
		assert_int_equal(log.n, (size_t)i + 1);
		snprintf(want, sizeof(want), "energy Minx %d", expect);
		assert_string_equal(log.e[i].line, want);
		assert_string_equal(log.e[i].stream, "open");
	}
	assert_int_equal(log.failed, 0);
	draw_log_release(&log);
	assert_int_equal(log.n, 0);
	assert_null(log.e);
}

static void test_draw_seeded_sealed_needs_root(void **state)
{
	struct draw_seeded s;
	struct draw_log log;
	struct draw_source src;
	char err[128] = "";
	int face = -5;

	(void)state;
	draw_log_init(&log);
	draw_seeded_init(&s, 7, NULL, 3);
	src = draw_seeded_source(&s, &log);
	assert_int_equal(draw_die(&src, "sealed", "hidden d6", 6, &face, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sealed root"));
	err[0] = '\0';
	assert_int_equal(draw_die(&src, "sealed/deck", "hidden d6", 6, &face, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sealed root"));
	assert_int_equal(face, -5);
	assert_int_equal(log.n, 0);
	/* The open stream still works after the refusal. */
	assert_int_equal(draw_die(&src, "open", "d6", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(log.n, 1);
	draw_log_release(&log);
}

static void test_draw_seeded_sealed_with_root(void **state)
{
	static const char base3[] = "mxjudge:sealed:000102030405060708090a0b0c0d0e0f"
		"101112131415161718191a1b1c1d1e1f:turn:3:";
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded a, b, c;
	struct draw_log log;
	struct draw_source sa, sb, sc;
	struct draw_rng want;
	char err[128] = "", text[160];
	int fa[40], fb[40], fc[40], i, differ = 0;

	(void)state;
	root_0_to_31(root);
	draw_log_init(&log);
	draw_seeded_init(&a, 7, root, 3);
	draw_seeded_init(&b, 7, root, 3);
	draw_seeded_init(&c, 7, root, 4);
	sa = draw_seeded_source(&a, &log);
	sb = draw_seeded_source(&b, NULL);
	sc = draw_seeded_source(&c, NULL);
	/* The documented seed: SHA-256 of "mxjudge:sealed:ROOTHEX:turn:N:" ("sealed" alone). */
	draw_rng_init(&want, draw_seed_of(base3));
	for (i = 0; i < 40; i++) {
		assert_int_equal(draw_die(&sa, "sealed", "hidden d6", 6, &fa[i], err, sizeof(err)), 0);
		assert_int_equal(draw_die(&sb, "sealed", "hidden d6", 6, &fb[i], err, sizeof(err)), 0);
		assert_int_equal(draw_die(&sc, "sealed", "hidden d6", 6, &fc[i], err, sizeof(err)), 0);
		assert_int_equal(fa[i], (int)draw_rng_uniform(&want, 6) + 1);
		assert_int_equal(fa[i], fb[i]);
		differ += fa[i] != fc[i];
	}
	assert_true(differ > 0);
	assert_int_equal(log.n, 40);
	assert_string_equal(log.e[0].stream, "sealed");
	snprintf(text, sizeof(text), "hidden d6 %d", fa[0]);
	assert_string_equal(log.e[0].line, text);

	/* A sealed sub-stream: NAME after the turn. */
	snprintf(text, sizeof(text), "%sdeck", base3);
	assert_int_equal(draw_die(&sa, "sealed/deck", "card", 1000000, &fa[0], err, sizeof(err)), 0);
	assert_int_equal(fa[0], first_face_of(text, 1000000));
	assert_string_equal(log.e[40].stream, "sealed/deck");
	draw_log_release(&log);
}

static void test_draw_seeded_open_sub_streams_independent(void **state)
{
	struct draw_seeded s1, s2;
	struct draw_source a, b;
	char err[128] = "";
	int i, face, only_b, after_a, first_a;

	(void)state;
	draw_seeded_init(&s1, 7, NULL, 3);
	draw_seeded_init(&s2, 7, NULL, 3);
	a = draw_seeded_source(&s1, NULL);
	b = draw_seeded_source(&s2, NULL);
	for (i = 0; i < 5; i++) {
		assert_int_equal(draw_die(&a, "open/a", "a", 1000000, &face, err, sizeof(err)), 0);
		if (i == 0)
			first_a = face;
	}
	assert_int_equal(draw_die(&a, "open/b", "b", 1000000, &after_a, err, sizeof(err)), 0);
	assert_int_equal(draw_die(&b, "open/b", "b", 1000000, &only_b, err, sizeof(err)), 0);
	assert_int_equal(after_a, only_b);
	/* The documented seeds: SHA-256 of "mxjudge:open:SEED:NAME". */
	assert_int_equal(only_b, first_face_of("mxjudge:open:7:b", 1000000));
	assert_int_equal(first_a, first_face_of("mxjudge:open:7:a", 1000000));
	assert_true(first_a != only_b);
	/* Nor does the plain open stream move for the sub-streams' draws. */
	{
		struct draw_rng rng;

		draw_rng_init(&rng, 7);
		assert_int_equal(draw_die(&a, "open", "o", 1000000, &face, err, sizeof(err)), 0);
		assert_int_equal(face, (int)draw_rng_uniform(&rng, 1000000) + 1);
	}
}

static void test_draw_seeded_unknown_stream(void **state)
{
	static const char *const bad[] = { "x", "", "opened", "Open", "sealedx", "closed/a" };
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded s;
	struct draw_log log;
	struct draw_source src;
	char err[128];
	size_t idx = 99, perm[2] = { 9, 9 };
	size_t k;
	int face = -5;
	const char *ids[2] = { "A", "B" };

	(void)state;
	root_0_to_31(root);
	draw_log_init(&log);
	draw_seeded_init(&s, 7, root, 3);
	src = draw_seeded_source(&s, &log);
	for (k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		err[0] = '\0';
		assert_int_equal(draw_die(&src, bad[k], "d6", 6, &face, err, sizeof(err)), -1);
		assert_non_null(strstr(err, "unknown draw stream"));
	}
	assert_int_equal(draw_die(&src, "x", "d6", 6, &face, err, sizeof(err)), -1);
	assert_string_equal(err, "unknown draw stream 'x' (expected open or sealed)");
	assert_int_equal(draw_pick(&src, "x", "p", ids, 2, &idx, err, sizeof(err)), -1);
	assert_int_equal(draw_shuffle(&src, "x", "shuffle p", ids, 2, perm, err, sizeof(err)), -1);
	assert_int_equal(face, -5);
	assert_int_equal(idx, 99);
	assert_int_equal(s.nstreams, 0);
	assert_int_equal(log.n, 0);
	draw_log_release(&log);
}

static void test_draw_seeded_stream_limit(void **state)
{
	struct draw_seeded s;
	struct draw_source src;
	char err[128] = "", name[48];
	int i, face;

	(void)state;
	draw_seeded_init(&s, 7, NULL, 3);
	src = draw_seeded_source(&s, NULL);
	for (i = 0; i < DRAW_MAX_STREAMS; i++) {
		snprintf(name, sizeof(name), "open/q%d", i);
		assert_int_equal(draw_die(&src, name, "d6", 6, &face, err, sizeof(err)), 0);
	}
	assert_int_equal(draw_die(&src, "open/one-too-many", "d6", 6, &face, err, sizeof(err)), -1);
	assert_string_equal(err, "too many draw streams (at most 16)");
	/* Streams already made still serve. */
	assert_int_equal(draw_die(&src, "open/q0", "d6", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(s.nstreams, DRAW_MAX_STREAMS);
}

static void test_draw_seeded_shuffle_is_fisher_yates(void **state)
{
	static const char *const ids[5] = { "A", "B", "C", "D", "E" };
	struct draw_seeded s;
	struct draw_log log;
	struct draw_source src;
	struct draw_rng rng;
	char err[128] = "", want[64] = "shuffle pile";
	size_t perm[5], ref[5] = { 0, 1, 2, 3, 4 }, i;
	int seen[5] = { 0 };

	(void)state;
	draw_log_init(&log);
	draw_seeded_init(&s, 7, NULL, 3);
	src = draw_seeded_source(&s, &log);
	assert_int_equal(draw_shuffle(&src, "open", "shuffle pile", ids, 5, perm, err, sizeof(err)), 0);

	for (i = 0; i < 5; i++) {
		assert_true(perm[i] < 5);
		seen[perm[i]]++;
	}
	for (i = 0; i < 5; i++)
		assert_int_equal(seen[i], 1);

	draw_rng_init(&rng, 7);
	for (i = 4; i >= 1; i--) {
		size_t j = (size_t)draw_rng_uniform(&rng, i + 1), t = ref[i];

		ref[i] = ref[j];
		ref[j] = t;
	}
	for (i = 0; i < 5; i++) {
		assert_int_equal(perm[i], ref[i]);
		strcat(want, " ");
		strcat(want, ids[ref[i]]);
	}
	assert_int_equal(log.n, 1);
	assert_string_equal(log.e[0].stream, "open");
	assert_string_equal(log.e[0].line, want);
	draw_log_release(&log);
}

static void test_draw_seeded_shuffle_large_pile_is_permutation(void **state)
{
	enum { N = 52 };
	static char names[N][4];
	const char *ids[N];
	struct draw_seeded s;
	struct draw_source src;
	char err[128] = "";
	size_t perm[N], i;
	int seen[N] = { 0 }, moved = 0;

	(void)state;
	for (i = 0; i < N; i++) {
		snprintf(names[i], sizeof(names[i]), "c%zu", i);
		ids[i] = names[i];
	}
	draw_seeded_init(&s, 12345, NULL, 1);
	src = draw_seeded_source(&s, NULL);
	assert_int_equal(draw_shuffle(&src, "open/deck", "shuffle deck", ids, N, perm, err,
				      sizeof(err)), 0);
	for (i = 0; i < N; i++) {
		assert_true(perm[i] < N);
		seen[perm[i]]++;
		moved += perm[i] != i;
	}
	for (i = 0; i < N; i++)
		assert_int_equal(seen[i], 1);
	assert_true(moved > 0);
}

static void test_draw_seeded_pick_logs_label_and_id(void **state)
{
	static const char *const ids[4] = { "H01", "H05", "K", "Z9" };
	struct draw_seeded s;
	struct draw_log log;
	struct draw_source src;
	struct draw_rng rng;
	char err[128] = "", want[64];
	size_t idx, i;

	(void)state;
	draw_log_init(&log);
	draw_seeded_init(&s, 7, NULL, 3);
	src = draw_seeded_source(&s, &log);
	draw_rng_init(&rng, 7);
	for (i = 0; i < 8; i++) {
		size_t expect = (size_t)draw_rng_uniform(&rng, 4);

		assert_int_equal(draw_pick(&src, "open", "init ann", ids, 4, &idx, err, sizeof(err)), 0);
		assert_int_equal(idx, expect);
		snprintf(want, sizeof(want), "init ann %s", ids[expect]);
		assert_string_equal(log.e[i].line, want);
		assert_string_equal(log.e[i].stream, "open");
	}
	assert_int_equal(log.n, 8);
	/* Nothing to pick from. */
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 0, &idx, err, sizeof(err)), -1);
	assert_string_equal(err, "init ann: nothing to pick from");
	assert_int_equal(log.n, 8);
	draw_log_release(&log);
}

static void test_draw_log_grows_past_one_allocation(void **state)
{
	struct draw_seeded s;
	struct draw_log log;
	struct draw_source src;
	struct draw_rng rng;
	char err[128] = "", want[32];
	int i, face;

	(void)state;
	draw_log_init(&log);
	draw_seeded_init(&s, 99, NULL, 1);
	src = draw_seeded_source(&s, &log);
	for (i = 0; i < 100; i++)
		assert_int_equal(draw_die(&src, "open", "d20", 20, &face, err, sizeof(err)), 0);
	assert_int_equal(log.n, 100);
	assert_int_equal(log.failed, 0);
	draw_rng_init(&rng, 99);
	for (i = 0; i < 100; i++) {
		snprintf(want, sizeof(want), "d20 %d", (int)draw_rng_uniform(&rng, 20) + 1);
		assert_string_equal(log.e[i].line, want);
	}
	draw_log_release(&log);
}

/* ---------- guards ---------- */

static void test_draw_die_zero_sides_fails(void **state)
{
	struct draw_seeded s;
	struct draw_queue q;
	struct draw_log log;
	struct draw_source src;
	struct draw_rng rng;
	char err[128] = "";
	int face = -5;

	(void)state;
	draw_log_init(&log);
	draw_seeded_init(&s, 7, NULL, 3);
	src = draw_seeded_source(&s, &log);
	assert_int_equal(draw_die(&src, "open", "energy Minx", 0, &face, err, sizeof(err)), -1);
	assert_string_equal(err, "energy Minx: a die needs at least one side");
	assert_int_equal(draw_die(&src, "open", "energy Minx", -3, &face, err, sizeof(err)), -1);
	assert_int_equal(face, -5);
	assert_int_equal(log.n, 0);
	/* The stream was not touched: the next good draw is the first value. */
	draw_rng_init(&rng, 7);
	assert_int_equal(draw_die(&src, "open", "energy Minx", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(face, (int)draw_rng_uniform(&rng, 6) + 1);
	/* A one-sided die is always 1. */
	assert_int_equal(draw_die(&src, "open", "coin", 1, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 1);
	draw_log_release(&log);

	/* The queue's line is not used up by the refused draw. */
	queue_from(&q, "energy Minx 3\n");
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_die(&src, "open", "energy Minx", 0, &face, err, sizeof(err)), -1);
	assert_int_equal(draw_queue_unused(&q), 1);
	assert_int_equal(draw_die(&src, "open", "energy Minx", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(face, 3);
	draw_queue_release(&q);
}

/* Names and values that do not fit are refused, never cut to fit. */
static void test_draw_refuses_what_does_not_fit(void **state)
{
	struct draw_seeded s;
	struct draw_source src;
	struct draw_queue q;
	char err[256], line[400], id[128], long_stream[80];
	const char *ids[1];
	size_t index, perm[1];
	int face;

	(void)state;
	draw_seeded_init(&s, 7, NULL, 1);
	src = draw_seeded_source(&s, NULL);
	/* "open/" would repeat "open": a sub-stream needs a name. */
	assert_int_equal(draw_die(&src, "open/", "x", 6, &face, err, sizeof(err)), -1);
	assert_string_equal(err, "draw stream 'open/': expected a name after '/'");
	memset(long_stream, 'a', sizeof(long_stream) - 1);
	long_stream[sizeof(long_stream) - 1] = '\0';
	memcpy(long_stream, "open/", 5);
	assert_int_equal(draw_die(&src, long_stream, "x", 6, &face, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected a name of at most 47 characters"));
	/* An id longer than any the queue reads is no id of the pile. */
	memset(id, 'K', sizeof(id) - 1);
	id[sizeof(id) - 1] = '\0';
	ids[0] = id;
	snprintf(line, sizeof(line), "init ann %sKKKKKKKKKK\nd6 x 000000000000000000000000000000000005\n", id);
	draw_queue_init(&q);
	assert_int_equal(draw_queue_parse(&q, line, "q", 0, err, sizeof(err)), 0);
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_pick(&src, "open", "init ann", ids, 1, &index, err, sizeof(err)), -1);
	assert_int_equal(draw_shuffle(&src, "open", "init ann", ids, 1, perm, err, sizeof(err)), -1);
	/* A value longer than the buffer is refused, not read as its first digits. */
	assert_int_equal(draw_die(&src, "open", "d6 x", 6, &face, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected 'd6 x N' with N from 1 to 6"));
	draw_queue_release(&q);
}

/* ---------- run-long sealed streams, the mixed key, the seal ---------- */

/* Fisher-Yates as netrun's rulings write it (11.4), on the reference generator. */
static void ref_fisher_yates(struct ref_rng *r, const char **l, size_t n)
{
	size_t i;

	for (i = n; i-- > 1;) {
		const uint64_t limit = UINT64_MAX - UINT64_MAX % (i + 1);
		uint64_t v;
		const char *t;
		size_t j;

		do
			v = ref_next(r);
		while (v >= limit);
		j = (size_t)(v % (i + 1));
		t = l[i];
		l[i] = l[j];
		l[j] = t;
	}
}

static const char *const example_tiles[24] = {
	"BA", "B2", "B3", "B4", "B5", "GA", "G2", "G3", "G4", "G5",
	"RA", "R2", "R3", "R4", "R5", "UA", "U2", "U3", "U4", "U5",
	"BN", "GN", "RN", "UN"
};

/* The deal of netrun 4.2: the 20 ice, then the 4 forts and the first 6 ice. */
static void example_deal(void *arg, struct draw_rng *rng, size_t n, size_t *perm)
{
	size_t ice[20], bottom[10], i, k;

	(void)arg;
	(void)n;
	for (i = 0; i < 20; i++)
		ice[i] = i;
	for (i = 20; i-- > 1;) {
		size_t j = (size_t)draw_rng_uniform(rng, i + 1), t = ice[i];

		ice[i] = ice[j];
		ice[j] = t;
	}
	for (i = 0; i < 4; i++)
		bottom[i] = 20 + i;
	for (i = 0; i < 6; i++)
		bottom[4 + i] = ice[i];
	for (i = 10; i-- > 1;) {
		size_t j = (size_t)draw_rng_uniform(rng, i + 1), t = bottom[i];

		bottom[i] = bottom[j];
		bottom[j] = t;
	}
	for (k = 0, i = 6; i < 20; i++)
		perm[k++] = ice[i];
	for (i = 0; i < 10; i++)
		perm[k++] = bottom[i];
}

static void example_root(unsigned char root[DRAW_ROOT_LEN])
{
	static const char text[] = "piecepack example root";

	crypto_hash_sha256(root, (const unsigned char *)text, strlen(text));
}

static void test_draw_piecepack_example_deal_and_choices(void **state)
{
	/* netrun rulings 11.4: root = SHA-256("piecepack example root"), nonce lucky-7. */
	static const char want_deal[] = "deal B2 BA B4 R2 B5 RA R5 R3 R4 G2 G4 U4 U3 B3 G5 RN U5 UN "
		"GA GN BN UA U2 G3";
	static const char *const colours[4] = { "black", "green", "red", "blue" };
	static const int want_face[4] = { 6, 4, 6, 3 };	/* Wintermute, Finn, Stealth Blade, Babylon Q */
	unsigned char root[DRAW_ROOT_LEN];
	char hex[65], err[160] = "", stream[64], label[64];
	struct draw_seeded s;
	struct draw_source src;
	struct draw_log log;
	size_t perm[24];
	int i, face;

	(void)state;
	example_root(root);
	draw_root_hex(root, hex);
	assert_string_equal(hex, "3ce758f06b059ab9c102cdbecef8d269e6fcdf66632e36ad2509c61d5d7ea1ba");
	draw_log_init(&log);
	draw_seeded_init(&s, 1, root, 7);
	assert_int_equal(draw_seeded_namespace(&s, "piecepack"), 0);
	src = draw_seeded_source(&s, &log);
	assert_int_equal(draw_mix(&src, "lucky-7", err, sizeof(err)), 0);
	assert_int_equal(draw_arrange(&src, "sealed/deal:stack@0", "deal", example_tiles, 24,
				      example_deal, NULL, perm, err, sizeof(err)), 0);
	assert_string_equal(log.e[0].line, want_deal);
	assert_string_equal(log.e[0].stream, "sealed/deal:stack@0");
	for (i = 0; i < 4; i++) {
		snprintf(stream, sizeof(stream), "sealed/choose:%s@0", colours[i]);
		snprintf(label, sizeof(label), "choose %s", colours[i]);
		assert_int_equal(draw_die(&src, stream, label, 6, &face, err, sizeof(err)), 0);
		assert_int_equal(face, want_face[i]);
	}
	draw_log_release(&log);
}

static void test_draw_piecepack_streams_match_the_reference(void **state)
{
	/* The seeds as the rulings write them, drawn by the independent reference. */
	unsigned char root[DRAW_ROOT_LEN], h[32];
	char hex[65], key[65], text[256], err[160] = "";
	const char *ice[20], *bottom[10];
	struct draw_seeded s;
	struct draw_source src;
	struct ref_rng r;
	size_t perm[24], i;
	uint64_t seed = 0;
	int k, face;

	(void)state;
	example_root(root);
	draw_root_hex(root, hex);
	snprintf(text, sizeof(text), "mxjudge:piecepack:%s:nonce:lucky-7", hex);
	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	draw_root_hex(h, key);
	snprintf(text, sizeof(text), "mxjudge:piecepack:%s:deal:stack", key);
	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	for (k = 7; k >= 0; k--)
		seed = seed << 8 | h[k];
	ref_init(&r, seed);
	for (i = 0; i < 20; i++)
		ice[i] = example_tiles[i];
	ref_fisher_yates(&r, ice, 20);
	for (i = 0; i < 4; i++)
		bottom[i] = example_tiles[20 + i];
	for (i = 0; i < 6; i++)
		bottom[4 + i] = ice[i];
	ref_fisher_yates(&r, bottom, 10);
	draw_seeded_init(&s, 1, root, 0);
	draw_seeded_namespace(&s, "piecepack");
	src = draw_seeded_source(&s, NULL);
	draw_mix(&src, "lucky-7", err, sizeof(err));
	assert_int_equal(draw_arrange(&src, "sealed/deal:stack@0", "deal", example_tiles, 24,
				      example_deal, NULL, perm, err, sizeof(err)), 0);
	for (i = 0; i < 14; i++)
		assert_string_equal(example_tiles[perm[i]], ice[6 + i]);
	for (i = 0; i < 10; i++)
		assert_string_equal(example_tiles[perm[14 + i]], bottom[i]);
	/* A d6 is uniform below 6, plus 1, from the stream of "strength:black". */
	snprintf(text, sizeof(text), "mxjudge:piecepack:%s:strength:black", key);
	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	for (seed = 0, k = 7; k >= 0; k--)
		seed = seed << 8 | h[k];
	ref_init(&r, seed);
	for (k = 0; k < 50; k++) {
		const uint64_t limit = UINT64_MAX - UINT64_MAX % 6;
		uint64_t v;

		snprintf(text, sizeof(text), "sealed/strength:black@%d", k);
		assert_int_equal(draw_die(&src, text, "strength black", 6, &face, err, sizeof(err)), 0);
		do
			v = ref_next(&r);
		while (v >= limit);
		assert_int_equal(face, (int)(v % 6) + 1);
	}
}

static void test_draw_run_long_stream_skips_to_k(void **state)
{
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded whole, later;
	struct draw_source a, b;
	char err[160] = "", stream[64];
	int faces[30], face, k;

	(void)state;
	root_0_to_31(root);
	draw_seeded_init(&whole, 1, root, 1);
	a = draw_seeded_source(&whole, NULL);
	for (k = 0; k < 30; k++) {
		snprintf(stream, sizeof(stream), "sealed/strength:red@%d", k);
		assert_int_equal(draw_die(&a, stream, "strength red", 6, &faces[k], err, sizeof(err)), 0);
	}
	/* A later turn (another turn number, a fresh source) goes on at draw 17. */
	draw_seeded_init(&later, 2, root, 9);
	b = draw_seeded_source(&later, NULL);
	for (k = 17; k < 30; k++) {
		snprintf(stream, sizeof(stream), "sealed/strength:red@%d", k);
		assert_int_equal(draw_die(&b, stream, "strength red", 6, &face, err, sizeof(err)), 0);
		assert_int_equal(face, faces[k]);
	}
	/* The run-long stream is not the turn's stream of the same name. */
	assert_int_equal(draw_die(&b, "sealed/strength:red", "x", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(draw_die(&b, "sealed/x@", "x", 6, &face, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected sealed/NAME@K"));
	assert_int_equal(draw_die(&b, "sealed/x@-1", "x", 6, &face, err, sizeof(err)), -1);
	assert_int_equal(draw_die(&b, "sealed/@3", "x", 6, &face, err, sizeof(err)), -1);
}

static void test_draw_mix_changes_sealed_only(void **state)
{
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded plain, mixed;
	struct draw_source a, b;
	struct draw_queue q;
	char err[160] = "", hex[65], text[256], key[65];
	unsigned char h[32];
	int fa, fb, k, differ = 0;

	(void)state;
	root_0_to_31(root);
	draw_seeded_init(&plain, 5, root, 2);
	draw_seeded_init(&mixed, 5, root, 2);
	a = draw_seeded_source(&plain, NULL);
	b = draw_seeded_source(&mixed, NULL);
	assert_int_equal(draw_mix(&b, "word", err, sizeof(err)), 0);
	for (k = 0; k < 20; k++) {
		draw_die(&a, "open", "d", 6, &fa, err, sizeof(err));
		draw_die(&b, "open", "d", 6, &fb, err, sizeof(err));
		assert_int_equal(fa, fb);
		draw_die(&a, "sealed/q@0", "d", 1000000, &fa, err, sizeof(err));
		draw_die(&b, "sealed/q@0", "d", 1000000, &fb, err, sizeof(err));
		differ += fa != fb;
	}
	assert_true(differ > 15);
	/* The key is SHA-256 hex of mxjudge:sealed:ROOTHEX:nonce:WORD, turn streams too. */
	draw_root_hex(root, hex);
	snprintf(text, sizeof(text), "mxjudge:sealed:%s:nonce:word", hex);
	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	draw_root_hex(h, key);
	snprintf(text, sizeof(text), "mxjudge:sealed:%s:turn:2:deck", key);
	assert_int_equal(draw_die(&b, "sealed/deck", "card", 1000000, &fb, err, sizeof(err)), 0);
	assert_int_equal(fb, first_face_of(text, 1000000));
	/* The tagged queue has no key: mixing changes nothing there. */
	queue_from(&q, "d 4\n");
	a = draw_queue_source(&q, NULL);
	assert_int_equal(draw_mix(&a, "word", err, sizeof(err)), 0);
	assert_int_equal(draw_die(&a, "sealed/q@3", "d", 6, &fa, err, sizeof(err)), 0);
	assert_int_equal(fa, 4);
	draw_queue_release(&q);
}

static void test_draw_seal_and_namespace(void **state)
{
	unsigned char root[DRAW_ROOT_LEN];
	struct draw_seeded s, none;
	struct draw_source src;
	struct draw_queue q;
	char err[160] = "", out[65], hex[65], text[256], want[65];
	unsigned char h[32];
	int face;

	(void)state;
	example_root(root);
	draw_seeded_init(&s, 1, root, 0);
	assert_int_equal(draw_seeded_namespace(&s, "piecepack"), 0);
	src = draw_seeded_source(&s, NULL);
	assert_int_equal(draw_seal(&src, "demo", out, err, sizeof(err)), 1);
	draw_root_hex(root, hex);
	snprintf(text, sizeof(text), "mxjudge:piecepack:demo:root:%s", hex);
	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	draw_root_hex(h, want);
	assert_string_equal(out, want);
	/* The namespace also names the turn streams' seeds. */
	snprintf(text, sizeof(text), "mxjudge:piecepack:%s:turn:0:x", hex);
	assert_int_equal(draw_die(&src, "sealed/x", "x", 1000000, &face, err, sizeof(err)), 0);
	assert_int_equal(face, first_face_of(text, 1000000));
	assert_int_equal(draw_seeded_namespace(&s, "a-namespace-far-too-long-to-be-kept"), -1);
	assert_int_equal(draw_seeded_namespace(&s, NULL), 0);
	assert_string_equal(s.ns, "sealed");
	draw_seeded_init(&none, 1, NULL, 0);
	src = draw_seeded_source(&none, NULL);
	assert_int_equal(draw_seal(&src, "demo", out, err, sizeof(err)), 0);
	queue_from(&q, "");
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_seal(&src, "demo", out, err, sizeof(err)), 0);
	draw_queue_release(&q);
	/* A logged seal replays from its line. */
	snprintf(text, sizeof(text), "seal %s\n", want);
	queue_from(&q, text);
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_seal(&src, "other", out, err, sizeof(err)), 1);
	assert_string_equal(out, want);
	draw_queue_release(&q);
	queue_from(&q, "seal 12\n");
	src = draw_queue_source(&q, NULL);
	assert_int_equal(draw_seal(&src, "demo", out, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "expected 'seal HEX'"));
	draw_queue_release(&q);
}

static void test_draw_arrange_through_the_queue_reads_the_line(void **state)
{
	struct draw_queue q;
	struct draw_log log;
	struct draw_source src;
	char err[160] = "";
	size_t perm[24];

	(void)state;
	queue_from(&q, "deal U5 U4\n");
	draw_log_init(&log);
	src = draw_queue_source(&q, &log);
	assert_int_equal(draw_arrange(&src, "sealed/deal:stack@0", "deal", example_tiles, 24,
				      example_deal, NULL, perm, err, sizeof(err)), 0);
	assert_string_equal(example_tiles[perm[0]], "U5");
	assert_string_equal(example_tiles[perm[1]], "U4");
	assert_string_equal(example_tiles[perm[2]], "BA");
	assert_int_equal(strncmp(log.e[0].line, "deal U5 U4 BA B2", 16), 0);
	draw_log_release(&log);
	draw_queue_release(&q);
}

/*
 * The open part of a seeded turn checks from the seed alone, sealed lines
 * skipped; a pick stops its stream's check; one face changed is found.
 */
static void test_draw_open_check(void **state)
{
	static const unsigned char root[DRAW_ROOT_LEN] = { 7 };
	const char *ids[] = { "a", "b", "c" };
	const char *streams[16], *lines[16];
	struct draw_seeded s;
	struct draw_source src;
	struct draw_log log;
	char want[DRAW_LINE_MAX], err[256], changed[DRAW_LINE_MAX];
	size_t perm[3], i, checked = 0, bad = 0, pick;
	int face;

	(void)state;
	draw_log_init(&log);
	draw_seeded_init(&s, 42, root, 3);
	src = draw_seeded_source(&s, &log);
	assert_int_equal(draw_die(&src, "open", "d10 combat humans", 10, &face, err, sizeof(err)), 0);
	assert_int_equal(draw_shuffle(&src, "sealed", "shuffle humans", ids, 3, perm, err,
				      sizeof(err)), 0);
	assert_int_equal(draw_die(&src, "open", "d10 combat machines", 10, &face, err, sizeof(err)), 0);
	assert_int_equal(draw_die(&src, "open/x", "d6 one", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(draw_pick(&src, "open/y", "pick", ids, 3, &pick, err, sizeof(err)), 0);
	assert_int_equal(draw_die(&src, "open/y", "d6 after the pick", 6, &face, err, sizeof(err)), 0);
	assert_int_equal(draw_die(&src, "open", "d20 last", 20, &face, err, sizeof(err)), 0);
	for (i = 0; i < log.n; i++) {
		streams[i] = log.e[i].stream;
		lines[i] = log.e[i].line;
	}
	assert_int_equal(draw_open_check(42, streams, lines, log.n, &checked, &bad, want, sizeof(want),
					 err, sizeof(err)), 0);
	assert_int_equal(checked, 4);
	/* Another seed gives other faces somewhere. */
	assert_int_equal(draw_open_check(43, streams, lines, log.n, &checked, &bad, want, sizeof(want),
					 err, sizeof(err)), 1);
	snprintf(changed, sizeof(changed), "d10 combat machines %d",
		 atoi(strrchr(lines[2], ' ') + 1) % 10 + 1);
	lines[2] = changed;
	assert_int_equal(draw_open_check(42, streams, lines, log.n, &checked, &bad, want, sizeof(want),
					 err, sizeof(err)), 1);
	assert_int_equal(bad, 2);
	assert_string_equal(want, log.e[2].line);
	draw_log_release(&log);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_draw_rng_matches_dice_rng_and_reference),
		cmocka_unit_test(test_draw_rng_uniform_d6_matches_dice_d6),
		cmocka_unit_test(test_draw_rng_uniform_one_is_zero),
		cmocka_unit_test(test_draw_rng_uniform_below_n),
		cmocka_unit_test(test_draw_seed_of_sha256_le),
		cmocka_unit_test(test_draw_root_hex_round_trip),
		cmocka_unit_test(test_draw_root_parse_refuses_bad_text),
		cmocka_unit_test(test_draw_seeded_open_die_is_the_turn_seed),
		cmocka_unit_test(test_draw_seeded_sealed_needs_root),
		cmocka_unit_test(test_draw_seeded_sealed_with_root),
		cmocka_unit_test(test_draw_seeded_open_sub_streams_independent),
		cmocka_unit_test(test_draw_seeded_unknown_stream),
		cmocka_unit_test(test_draw_seeded_stream_limit),
		cmocka_unit_test(test_draw_seeded_shuffle_is_fisher_yates),
		cmocka_unit_test(test_draw_seeded_shuffle_large_pile_is_permutation),
		cmocka_unit_test(test_draw_seeded_pick_logs_label_and_id),
		cmocka_unit_test(test_draw_log_grows_past_one_allocation),
		cmocka_unit_test(test_draw_die_zero_sides_fails),
		cmocka_unit_test(test_draw_refuses_what_does_not_fit),
		cmocka_unit_test(test_draw_piecepack_example_deal_and_choices),
		cmocka_unit_test(test_draw_piecepack_streams_match_the_reference),
		cmocka_unit_test(test_draw_run_long_stream_skips_to_k),
		cmocka_unit_test(test_draw_mix_changes_sealed_only),
		cmocka_unit_test(test_draw_seal_and_namespace),
		cmocka_unit_test(test_draw_arrange_through_the_queue_reads_the_line),
		cmocka_unit_test(test_draw_open_check),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
