/*
 * published: `verify --published` of a turn as `turn show --json` printed
 * it, played again without the database: a finished game's turn whole, a
 * running game's open draws only (judge/published.h).
 */
#include "published.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/cmd.h"
#include "cmd/verdict.h"
#include "core/draw.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "judge.h"
#include "packs.h"
#include "seal.h"

/*
 * verify --published of a finished game: its turn as `turn show --json`
 * printed it (whole states, orders' readings, every draw, the revealed
 * root), played again by anyone without the database. 0 verified, 1
 * differs, 65 unreadable; the verdict printed.
 */
/*
 * The packs given with --data for a published turn of a game that reads
 * them: each kind the turn names, with the digest it names. NULL with err.
 */
static json_t *published_packs(const struct ruleset *rs, const json_t *root, const char *name,
			       const char *const *packs, int npacks, char *err, size_t errlen)
{
	json_t *given = json_object(), *want = json_object_get(root, "data"), *v;
	const char *kind;
	int i;

	for (i = 0; given && i < npacks; i++) {
		json_t *one = play_read_pack(rs, packs[i], err, errlen);

		if (!one) {
			json_decref(given);
			return NULL;
		}
		json_object_update(given, one);
		json_decref(one);
	}
	json_object_foreach(want, kind, v) {
		const char *digest = json_string_value(json_object_get(v, "digest"));
		json_t *g = json_object_get(given, kind);

		if (!g || !digest || (strcmp(digest, json_string_value(json_object_get(g, "digest"))) &&
				      !(rs->flags & RULESET_OWN_DIGEST))) {
			snprintf(err, errlen, "%s: this turn was played with the %s '%s' (SHA-256 %s): "
				 "give that file with --data %s=FILE", name, kind,
				 json_string_value(json_object_get(v, "name")) ?
				 json_string_value(json_object_get(v, "name")) : "?",
				 digest ? digest : "?", kind);
			json_decref(given);
			return NULL;
		}
	}
	return given;
}

/*
 * verify --published of a turn of a running game whose sealed root is not
 * revealed yet: only its open part. The seed must be the one sealed before
 * the turn, and every open die listed what the open stream of that seed
 * gives (core/draw.h, draw_open_check); hands and decks wait for the end.
 */
static int verify_open_part(const json_t *root, const char *campaign, int turn,
			    const char *seed_text, uint64_t seed, struct verdict *v)
{
	const json_t *list = json_object_get(root, "draws");
	const char *commitment = json_string_value(json_object_get(root, "commitment"));
	const char **streams = NULL, **lines = NULL;
	char check[65], want[DRAW_LINE_MAX], err[256];
	size_t n = json_array_size(list), i, checked = 0, bad = 0;
	json_t *d;
	int rc = EXIT_FAIL;

	judge_seed_commitment(campaign, turn, seed_text, check);
	if (!commitment || strcmp(check, commitment)) {
		snprintf(v->difference, sizeof(v->difference), "the seed %s does not match its seal "
			 "%s (it gives %s)", seed_text, commitment ? commitment : "(none)", check);
		return EXIT_FAIL;
	}
	streams = calloc(n + 1, sizeof(*streams));
	lines = calloc(n + 1, sizeof(*lines));
	if (!streams || !lines) {
		cmd_error("out of memory");
		goto out;
	}
	json_array_foreach(list, i, d) {
		streams[i] = json_string_value(json_object_get(d, "stream"));
		lines[i] = json_string_value(json_object_get(d, "draw"));
		if (!streams[i] || !lines[i]) {
			cmd_error("%s, turn %d: draws[%zu]: expected {\"stream\", \"draw\"}", campaign,
				  turn, i);
			rc = EXIT_DATAERR;
			goto out;
		}
	}
	switch (draw_open_check(seed, streams, lines, n, &checked, &bad, want, sizeof(want), err,
				sizeof(err))) {
	case 0:
		break;
	case 1:
		snprintf(v->difference, sizeof(v->difference), "draw %zu: published '%.200s', the "
			 "seed gives '%.200s'", bad + 1, lines[bad], want);
		goto out;
	default:
		cmd_error("%s, turn %d: %s", campaign, turn, err);
		rc = EXIT_DATAERR;
		goto out;
	}
	v->ok = v->partly = 1;
	v->dice = checked;
	snprintf(v->said, sizeof(v->said), "partly verified: the seed %s matches its seal, and %zu "
		 "open draw%s of %zu replayed from it; the sealed draws (hands, decks) verify once "
		 "the game has ended", seed_text, checked, checked == 1 ? "" : "s", n);
	rc = EXIT_OK;
out:
	free(streams);
	free(lines);
	return rc;
}

int play_verify_published(const json_t *root, const char *name, const char *const *packs,
			  int npacks, const char *given, struct verdict *v)
{
	const struct ruleset *rs = ruleset_find(json_string_value(json_object_get(root, "game")));
	const char *campaign = json_string_value(json_object_get(root, "campaign"));
	const char *seed_text = json_string_value(json_object_get(root, "seed"));
	const char *hex = json_string_value(json_object_get(json_object_get(root, "sealed"), "root"));
	const char *commitment = json_string_value(json_object_get(json_object_get(root, "sealed"),
								  "commitment"));
	json_t *orders = json_object(), *o, *d, *before = json_object_get(root, "state_before");
	json_t *data = NULL;
	unsigned char raw[DRAW_ROOT_LEN];
	struct draw_seeded seeded;
	struct draw_source src;
	struct draw_log log;
	struct engine_turn t;
	char err[512], check[65], text[256];
	uint64_t seed;
	size_t i;
	int rc = EXIT_DATAERR, turn = (int)json_integer_value(json_object_get(root, "turn"));

	draw_log_init(&log);
	engine_turn_init(&t);
	memset(v, 0, sizeof(*v));
	if (campaign && seed_text) {
		snprintf(v->campaign, sizeof(v->campaign), "%s", campaign);
		snprintf(v->seed, sizeof(v->seed), "%s", seed_text);
		v->turn = turn;
		v->commitment_checked = given != NULL;
		judge_seed_commitment(campaign, turn, seed_text, v->commit);
	}
	/* The seal a captain kept from the report before the turn (--commitment). */
	if (given && campaign && seed_text && strcasecmp(given, v->commit)) {
		snprintf(v->difference, sizeof(v->difference), "the seed %s does not match the "
			 "commitment %s (it gives %s)", seed_text, given, v->commit);
		rc = EXIT_FAIL;
		goto out;
	}
	/* A running game keeps its root: only the open part can be checked yet. */
	if (rs && campaign && seed_text && !judge_parse_u64(seed_text, &seed) && !hex && orders &&
	    turn >= 1 && !json_is_true(json_object_get(root, "over"))) {
		rc = verify_open_part(root, campaign, turn, seed_text, seed, v);
		goto out;
	}
	if (!rs || !campaign || !seed_text || judge_parse_u64(seed_text, &seed) || !hex ||
	    draw_root_parse(hex, raw) || !orders || turn < 1) {
		cmd_error("%s: expected a resolved turn (\"game\", \"campaign\", \"turn\" from 1, "
			  "\"seed\"; a finished game's \"sealed\" with its root) as 'mxjudge turn show "
			  "--json' prints it", name);
		goto out;
	}
	/* The root is the one committed to when the game (or its duplicate set) began. */
	play_seal_text(rs->draw_namespace,
		       json_string_value(json_object_get(json_object_get(root, "sealed"), "set")) ?
		       json_string_value(json_object_get(json_object_get(root, "sealed"), "set")) :
		       campaign, hex, text, sizeof(text));
	play_sha256_hex(text, check);
	if (!commitment || strcmp(check, commitment)) {
		snprintf(v->difference, sizeof(v->difference), "the root does not match its "
			 "commitment %s (it gives %s)", commitment ? commitment : "(none)", check);
		rc = EXIT_FAIL;
		goto out;
	}
	json_array_foreach(json_object_get(root, "orders"), i, o) {
		json_t *reading = json_object_get(o, "reading");
		const char *seat = json_string_value(json_object_get(o, "seat"));

		if (json_is_true(json_object_get(o, "current")) && seat && reading)
			json_object_set(orders, seat, json_object_get(reading, seat));
	}
	draw_seeded_init(&seeded, seed, raw, turn);
	draw_seeded_namespace(&seeded, rs->draw_namespace);
	src = draw_seeded_source(&seeded, &log);
	if (rs->resolve_data &&
	    !(data = published_packs(rs, root, name, packs, npacks, err, sizeof(err)))) {
		cmd_error("%s", err);
		goto out;
	}
	if (engine_resolve_data(rs, before, orders, data, &src, &t, err, sizeof(err))) {
		cmd_error("%s: %s", name, err);
		goto out;
	}
	rc = EXIT_FAIL;
	/* A turn published before its game noted draws (draw_note) has none. */
	json_array_foreach(json_object_get(root, "draws"), i, d) {
		const char *line = json_string_value(json_object_get(d, "draw"));

		if (line && draw_line_is_note(line))
			break;
	}
	if (i == json_array_size(json_object_get(root, "draws")))
		draw_log_drop_notes(&log);
	v->dice = log.n;
	json_array_foreach(json_object_get(root, "draws"), i, d) {
		const char *want = json_string_value(json_object_get(d, "draw"));

		if (i >= log.n || !want || strcmp(want, log.e[i].line)) {
			snprintf(v->difference, sizeof(v->difference), "draw %zu: published '%.200s', "
				 "replayed '%.200s'", i + 1, want ? want : "(none)",
				 i < log.n ? log.e[i].line : "(none)");
			goto out;
		}
	}
	if (json_array_size(json_object_get(root, "draws")) != log.n) {
		snprintf(v->difference, sizeof(v->difference), "%zu draws published, %zu replayed",
			 json_array_size(json_object_get(root, "draws")), log.n);
		goto out;
	}
	if (!json_equal(json_object_get(root, "state_after"), t.state)) {
		snprintf(v->difference, sizeof(v->difference), "the state after the turn is not the "
			 "one published");
		goto out;
	}
	v->ok = 1;
	snprintf(v->said, sizeof(v->said), "verified: %zu draw%s replayed from seed %s and the "
		 "sealed root, which matches its commitment", log.n, log.n == 1 ? "" : "s",
		 seed_text);
	rc = EXIT_OK;
out:
	json_decref(data);
	sodium_memzero(raw, sizeof(raw));
	json_decref(orders);
	engine_turn_release(&t);
	draw_log_release(&log);
	return rc;
}
