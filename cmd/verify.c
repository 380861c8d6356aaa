/*
 * mxjudge verify and replay: the turn is a pure function of (state before,
 * orders, seed), so anyone holding those can play it again and compare
 * every die and the result. `verify --published FILE` is the captain's
 * form (the JSON of `turn show --json`, no database); `verify NAME --turn N`
 * and `replay NAME` are the game master's integrity checks.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "core/hovercrafts/dice.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"
#include "db/battles.h"
#include "hover.h"
#include "judge/judge.h"
#include "play.h"
#include "reporting.h"
#include "verdict.h"

#define VERIFY_USAGE "(NAME --turn N | --published FILE ... [--data KIND=FILE ...]) [--commitment HEX] [--json]"
#define REPLAY_USAGE "NAME [--turn N] [--json]"

static json_t *verdict_json(const struct verdict *v)
{
	json_t *o = json_pack("{s:s, s:i, s:b, s:I, s:s?, s:s?, s:b, s:s?}", "campaign", v->campaign,
			      "turn", v->turn, "ok", v->ok, "dice", (json_int_t)v->dice,
			      "seed", v->seed[0] ? v->seed : NULL,
			      "commitment", v->commit[0] ? v->commit : NULL,
			      "commitment_checked", v->commitment_checked,
			      "difference", v->difference[0] ? v->difference : NULL);

	/* A running game's turn, verified in its open draws only. */
	if (o && v->partly)
		json_object_set_new(o, "partly", json_true());
	return o;
}

/* One die as both sides know it: who, which check, which face. */
struct die {
	char ship[DB_NAME_MAX];
	char check[16];
	int d6;
};

/* The dice a replay rolled, in order. */
static size_t replay_dice(const struct game_state *st, const struct event_list *l, struct die *out,
			  size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < l->n && n < max; i++) {
		const struct event *e = &l->ev[i];

		if (e->type != EV_ROLL)
			continue;
		snprintf(out[n].ship, sizeof(out[n].ship), "%s",
			 e->ship >= 0 && (size_t)e->ship < st->nships ? st->ships[e->ship].name : "?");
		snprintf(out[n].check, sizeof(out[n].check), "%s", check_name(e->check));
		out[n].d6 = e->d6;
		n++;
	}
	return n;
}

/* "" when the two lists agree, else the first difference. */
static void compare_dice(const struct die *want, size_t nwant, const struct die *got, size_t ngot,
			 char *msg, size_t len)
{
	size_t i;

	msg[0] = '\0';
	for (i = 0; i < nwant && i < ngot; i++)
		if (strcmp(want[i].ship, got[i].ship) || strcmp(want[i].check, got[i].check) ||
		    want[i].d6 != got[i].d6) {
			snprintf(msg, len, "die %zu: published %s %s %d, replayed %s %s %d", i + 1,
				 want[i].check, want[i].ship, want[i].d6, got[i].check, got[i].ship,
				 got[i].d6);
			return;
		}
	if (nwant != ngot)
		snprintf(msg, len, "%zu dice published, %zu replayed", nwant, ngot);
}

/* The first key where two states differ, as "ships[1].damage: 2 vs 1". */
static void first_difference(const json_t *a, const json_t *b, const char *path, char *msg, size_t len)
{
	char sub[256];

	if (msg[0] || json_equal(a, b))
		return;
	if (json_is_object(a) && json_is_object(b)) {
		const char *key;
		json_t *v;

		json_object_foreach((json_t *)a, key, v) {
			snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "", key);
			first_difference(v, json_object_get(b, key), sub, msg, len);
		}
		if (!msg[0])
			snprintf(msg, len, "%s: keys differ", path);
		return;
	}
	if (json_is_array(a) && json_is_array(b) && json_array_size(a) == json_array_size(b)) {
		size_t i;

		for (i = 0; i < json_array_size(a); i++) {
			snprintf(sub, sizeof(sub), "%s[%zu]", path, i);
			first_difference(json_array_get(a, i), json_array_get(b, i), sub, msg, len);
		}
		return;
	}
	{
		char *x = json_dumps(a, JSON_ENCODE_ANY | JSON_COMPACT);
		char *y = json_dumps(b, JSON_ENCODE_ANY | JSON_COMPACT);

		snprintf(msg, len, "%s: published %s, replayed %s", path, x ? x : "null", y ? y : "null");
		free(x);
		free(y);
	}
}

/*
 * Plays a published turn again: state_before, the current orders and the
 * seed in, state_after and dice compared. 0 ok, 1 different, 65 unreadable.
 */
static int verify_published(const json_t *root, const char *name, const char *commitment,
			    struct verdict *v)
{
	struct game_state before, st;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list ev;
	struct die *want = NULL, *got = NULL;
	json_t *after = NULL, *o, *d, *rules, *orders = json_object();
	const char *seed_text = json_string_value(json_object_get(root, "seed"));
	const char *campaign = json_string_value(json_object_get(root, "campaign"));
	char err[512];
	size_t i, nwant, ngot;
	uint64_t seed;
	int rc = EXIT_DATAERR, turn = (int)json_integer_value(json_object_get(root, "turn"));

	game_state_init(&before);
	game_state_init(&st);
	event_list_init(&ev);
	memset(plans, 0, sizeof(plans));
	if (!orders) {
		cmd_error("out of memory");
		goto out;
	}
	if (!seed_text || judge_parse_u64(seed_text, &seed) || !campaign) {
		cmd_error("%s: expected a resolved turn (\"campaign\", \"turn\", \"seed\") as printed by 'mxjudge turn show --json'",
			  name);
		goto out;
	}
	if (state_from_json(&before, json_object_get(root, "state_before"), name, err, sizeof(err)) < 0) {
		cmd_error("%s", err);
		goto out;
	}
	json_array_foreach(json_object_get(root, "orders"), i, o) {
		const char *text = json_string_value(json_object_get(o, "understood"));
		const char *ship = json_string_value(json_object_get(o, "ship"));

		if (!json_is_true(json_object_get(o, "current")) || !ship || game_find_ship(&before, ship) < 0)
			continue;
		/* The same reading of orders as the judge's own replay, the autopilot's too. */
		if (!text || reporting_add_order(&before, ship, text, name, ORDERS_PLAIN, 0, orders, err,
						 sizeof(err)) < 0) {
			cmd_error("%s: orders[%zu]: %s", name, i, text ? err : "no orders text");
			goto out;
		}
	}
	/* Published before rules version 2, a turn carries no "rules_version". */
	rules = json_object_get(root, "rules_version");
	if (rules && (!json_is_integer(rules) || json_integer_value(rules) < GAME_RULES_LONGEST_LIST ||
		      json_integer_value(rules) > GAME_RULES_CURRENT)) {
		cmd_error("%s: \"rules_version\": expected 1 to %d (the version of the rules the turn "
			  "was resolved under)", name, GAME_RULES_CURRENT);
		goto out;
	}
	if (reporting_play(&before, orders, seed,
			   rules ? (int)json_integer_value(rules) : GAME_RULES_LONGEST_LIST, &st, plans,
			   &ev, err, sizeof(err)) < 0) {
		cmd_error("%s: %s", name, err);
		goto out;
	}
	rc = EXIT_FAIL;
	nwant = json_array_size(json_object_get(root, "dice"));
	want = calloc(nwant + 1, sizeof(*want));
	got = calloc(ev.n + 1, sizeof(*got));
	after = state_to_json(&st);
	if (!want || !got || !after) {
		cmd_error("out of memory");
		goto out;
	}
	json_array_foreach(json_object_get(root, "dice"), i, d) {
		snprintf(want[i].ship, sizeof(want[i].ship), "%s",
			 json_string_value(json_object_get(d, "ship")) ? json_string_value(json_object_get(d, "ship")) : "");
		snprintf(want[i].check, sizeof(want[i].check), "%s",
			 json_string_value(json_object_get(d, "check")) ? json_string_value(json_object_get(d, "check")) : "");
		want[i].d6 = (int)json_integer_value(json_object_get(d, "d6"));
	}
	ngot = replay_dice(&st, &ev, got, ev.n);
	snprintf(v->campaign, sizeof(v->campaign), "%s", campaign);
	v->turn = turn;
	v->dice = ngot;
	snprintf(v->seed, sizeof(v->seed), "%s", seed_text);
	v->commitment_checked = commitment != NULL;
	compare_dice(want, nwant, got, ngot, v->difference, sizeof(v->difference));
	if (!v->difference[0])
		first_difference(json_object_get(root, "state_after"), after, "state_after",
				 v->difference, sizeof(v->difference));
	judge_seed_commitment(campaign, turn, seed_text, v->commit);
	if (!v->difference[0] && commitment && strcmp(commitment, v->commit))
		snprintf(v->difference, sizeof(v->difference),
			 "the seed %s does not match the commitment %s (it gives %s)",
			 seed_text, commitment, v->commit);
	v->ok = !v->difference[0];
	if (v->ok)
		rc = EXIT_OK;
out:
	json_decref(after);
	json_decref(orders);
	free(want);
	free(got);
	event_list_release(&ev);
	game_state_release(&st);
	game_state_release(&before);
	return rc;
}

static int is_setup_turn(struct db *db, const struct db_campaign *c, int n);

/*
 * The setup turn of a later battle of a series (cmd/series.c's
 * series_start_battle): no orders; from the turn's seed the side roll is
 * rolled (the stored setup dice: the fleets it placed are the state
 * before), then the first energy rolls of the placed fleets, which must
 * give the stored state after and dice. It was replayed as a turn of
 * play, and so said DIFFERS.
 */
static int replay_setup(struct db *db, const struct db_campaign *c, int turn, const char *commitment,
			struct verdict *v)
{
	struct db_turn t;
	struct game_state st;
	struct event_list ev;
	struct judge_die *stored = NULL;
	struct die *want = NULL, *got = NULL;
	struct dice_rng rng;
	struct dice_source src;
	char err[512], *again = NULL;
	size_t nd = 0, i, ngot = 0;
	uint64_t seed;
	int rc = EXIT_FAIL;

	memset(&t, 0, sizeof(t));
	game_state_init(&st);
	event_list_init(&ev);
	snprintf(v->campaign, sizeof(v->campaign), "%s", c->name);
	v->turn = turn;
	v->commitment_checked = commitment != NULL;
	if (db_turn_get(db, c->id, turn, &t, err, sizeof(err)) ||
	    judge_dice_list(db, t.id, &stored, &nd, err, sizeof(err))) {
		cmd_error("%s", err);
		goto out;
	}
	snprintf(v->seed, sizeof(v->seed), "%s", t.seed);
	judge_seed_commitment(c->name, turn, t.seed, v->commit);
	want = calloc(nd + 1, sizeof(*want));
	got = calloc(nd + 1, sizeof(*got));
	if (!want || !got) {
		cmd_error("out of memory");
		goto out;
	}
	if (!t.state_after || judge_parse_u64(t.seed, &seed) ||
	    judge_state_load(&st, t.state_before, c->name, err, sizeof(err))) {
		snprintf(v->difference, sizeof(v->difference), "campaign '%s', turn %d: stored state "
			 "or seed unreadable", c->name, turn);
		goto verdict;
	}
	dice_rng_init(&rng, seed);
	for (i = 0; i < nd; i++) {
		snprintf(want[i].ship, sizeof(want[i].ship), "%s", stored[i].ship);
		snprintf(want[i].check, sizeof(want[i].check), "%s", stored[i].check);
		want[i].d6 = stored[i].d6;
		/* The side roll: a die a side until one is higher, first from the seed. */
		if (strcmp(stored[i].cause, "setup"))
			continue;
		got[ngot] = want[i];
		got[ngot++].d6 = dice_rng_d6(&rng);
	}
	src = dice_rng_source(&rng);
	if (turn_roll_energy(&st, &src, &ev, err, sizeof(err))) {
		snprintf(v->difference, sizeof(v->difference), "campaign '%s', turn %d: %.300s", c->name,
			 turn, err);
		goto verdict;
	}
	ngot += replay_dice(&st, &ev, got + ngot, nd - ngot);
	v->dice = ngot;
	compare_dice(want, nd, got, ngot, v->difference, sizeof(v->difference));
	again = judge_state_dump(&st);
	if (!v->difference[0] && (!again || strcmp(again, t.state_after)))
		snprintf(v->difference, sizeof(v->difference), "campaign '%s', turn %d: the first "
			 "energy rolls from the stored seed do not give the stored state", c->name, turn);
	if (!v->difference[0] && commitment && strcmp(commitment, v->commit))
		snprintf(v->difference, sizeof(v->difference),
			 "the seed %s does not match the commitment %s", t.seed, commitment);
verdict:
	v->ok = !v->difference[0];
	rc = v->ok ? EXIT_OK : EXIT_FAIL;
out:
	free(again);
	free(stored);
	free(want);
	free(got);
	event_list_release(&ev);
	game_state_release(&st);
	db_turn_release(&t);
	return rc;
}

/* One stored turn replayed and its dice compared with the stored dice. */
static int replay_stored(struct db *db, const struct db_campaign *c, int turn, const char *commitment,
			 struct verdict *v)
{
	struct turn_replay r;
	struct judge_die *stored = NULL;
	struct die *want = NULL, *got = NULL;
	char err[512];
	size_t nd = 0, i, ngot;
	int rc;

	if (turn > 0 && is_setup_turn(db, c, turn))
		return replay_setup(db, c, turn, commitment, v);
	turn_replay_init(&r);
	rc = reporting_replay(db, c, turn, &r, err, sizeof(err));
	if (rc == EXIT_DATAERR) {	/* no such turn: an error, not a finding */
		cmd_error("%s", err);
		goto out;
	}
	snprintf(v->campaign, sizeof(v->campaign), "%s", c->name);
	v->turn = turn;
	v->commitment_checked = commitment != NULL;
	if (rc) {
		snprintf(v->difference, sizeof(v->difference), "%s", err);
		goto out;
	}
	rc = EXIT_FAIL;
	if (judge_dice_list(db, r.turn.id, &stored, &nd, err, sizeof(err))) {
		cmd_error("%s", err);
		goto out;
	}
	want = calloc(nd + 1, sizeof(*want));
	got = calloc(r.events.n + 1, sizeof(*got));
	if (!want || !got) {
		cmd_error("out of memory");
		goto out;
	}
	for (i = 0; i < nd; i++) {
		snprintf(want[i].ship, sizeof(want[i].ship), "%s", stored[i].ship);
		snprintf(want[i].check, sizeof(want[i].check), "%s", stored[i].check);
		want[i].d6 = stored[i].d6;
	}
	ngot = replay_dice(&r.after, &r.events, got, r.events.n);
	v->dice = ngot;
	snprintf(v->seed, sizeof(v->seed), "%s", r.turn.seed);
	compare_dice(want, nd, got, ngot, v->difference, sizeof(v->difference));
	judge_seed_commitment(c->name, turn, r.turn.seed, v->commit);
	if (!v->difference[0] && commitment && strcmp(commitment, v->commit))
		snprintf(v->difference, sizeof(v->difference),
			 "the seed %s does not match the commitment %s", r.turn.seed, commitment);
	v->ok = !v->difference[0];
	if (v->ok)
		rc = EXIT_OK;
out:
	free(stored);
	free(want);
	free(got);
	turn_replay_release(&r);
	return rc;
}

/* Was anything found (ok or different), rather than an error met? */
static int verdict_found(const struct verdict *v)
{
	return v->campaign[0] && (v->ok || v->difference[0]);
}

/* The text form; published (verify --published) words its success its own way. */
static void verdict_print(const struct verdict *v, int published, int quiet)
{
	if (!v->ok) {
		printf("%s, turn %d: DIFFERS: %s\n", v->campaign, v->turn, v->difference);
		return;
	}
	if (quiet)
		return;
	if (v->said[0]) {
		printf("%s, turn %d: %s\n", v->campaign, v->turn, v->said);
		return;
	}
	if (published) {
		printf("%s, turn %d: verified: %zu dice and the result follow from the seed %s%s\n",
		       v->campaign, v->turn, v->dice, v->seed,
		       v->commitment_checked ? " and the seed matches its commitment" : "");
		printf("  seed commitment: %s\n", v->commit);
	} else {
		printf("%s, turn %d: ok: %zu dice and the result replay from seed %s (commitment %.16s...)\n",
		       v->campaign, v->turn, v->dice, v->seed, v->commit);
	}
}

static int load_campaign(struct cmd_ctx *ctx, const char *name, struct db_campaign *c)
{
	char err[512];
	int rc = db_campaign_get(ctx->db, name, c, err, sizeof(err));

	if (rc == DB_NOT_FOUND) {
		judge_no_campaign(ctx->db, name);
		return EXIT_DATAERR;
	}
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	return 0;
}

/*
 * Stored turn n of another game's campaign played again (cmd/play.h), as
 * replay_stored does for Hovercrafts: draws instead of dice, its setup
 * turn 0 verified with the sealed root.
 */
static int replay_other(struct db *db, const struct db_campaign *c, int n, const char *commitment,
			struct verdict *v)
{
	struct judge_settings s;
	char err[1024];
	size_t draws = 0;
	int rc;

	if (judge_settings_parse(&s, c->settings, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", c->name, err);
		return EXIT_FAIL;
	}
	rc = play_verify_turn(db, c, &s, n, &draws, v->seed, sizeof(v->seed), err, sizeof(err));
	judge_settings_release(&s);
	if (rc && rc != 1) {
		cmd_error("%s", err);
		return rc;
	}
	snprintf(v->campaign, sizeof(v->campaign), "%s", c->name);
	v->turn = n;
	v->dice = draws;
	v->commitment_checked = commitment != NULL;
	judge_seed_commitment(c->name, n, v->seed, v->commit);
	if (rc)
		snprintf(v->difference, sizeof(v->difference), "%.*s", (int)sizeof(v->difference) - 1, err);
	else if (commitment && strcmp(commitment, v->commit))
		snprintf(v->difference, sizeof(v->difference),
			 "the seed %s does not match the commitment %s", v->seed, commitment);
	v->ok = !v->difference[0];
	if (v->ok)
		snprintf(v->said, sizeof(v->said), "verified: %zu draw%s replayed from seed %s%s", draws,
			 draws == 1 ? "" : "s", v->seed, n == 0 ? " and the sealed root" : "");
	return v->ok ? EXIT_OK : EXIT_FAIL;
}

/* One file of verify --published with several: its turn, and where it was given. */
struct published {
	const char *path;
	json_t *root;
	int turn;
	size_t given;
};

/* In turn order; a turn given twice keeps the order it was given in. */
static int published_cmp(const void *a, const void *b)
{
	const struct published *x = a, *y = b;

	if (x->turn != y->turn)
		return x->turn < y->turn ? -1 : 1;
	return x->given < y->given ? -1 : x->given > y->given;
}

static const char *text_at(const json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

/* The commitment of the sealed root a turn names; NULL when it names none. */
static const char *root_commitment(const json_t *root)
{
	return text_at(json_object_get(root, "sealed"), "commitment");
}

/* Both absent, or the same text. */
static int same_text(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/*
 * verify --published of several files: one game. They must be one
 * campaign's turns, consecutive, each starting from the state the one
 * before ended in, every one drawn from the one sealed root (commitment,
 * when given, is that root's: the seal the first report printed; a
 * Hovercrafts game has no root, so there it is the first turn's seed's).
 * Each turn is verified as it would be alone. 0, 1 (the first turn found
 * different, and how), 65.
 */
static int verify_game(struct cmd_ctx *ctx, const char *const *paths, size_t n,
		       const char *const *packs, int npacks, const char *commitment)
{
	struct published *p = calloc(n, sizeof(*p));
	const char *campaign, *game, *seal;
	size_t i, partial = 0;
	int rc = EXIT_DATAERR, is_generic;

	if (!p) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	for (i = 0; i < n; i++) {
		json_error_t jerr;
		json_t *turn;

		p[i].path = paths[i];
		p[i].given = i;
		p[i].root = json_load_file(paths[i], 0, &jerr);
		if (!p[i].root) {
			cmd_error("%s:%d: expected the JSON of 'mxjudge turn show --json': %s", paths[i],
				  jerr.line, jerr.text);
			goto out;
		}
		turn = json_object_get(p[i].root, "turn");
		if (!text_at(p[i].root, "campaign") || !json_is_integer(turn)) {
			cmd_error("%s: expected a resolved turn (\"campaign\", \"turn\") as printed by "
				  "'mxjudge turn show --json'", paths[i]);
			goto out;
		}
		p[i].turn = (int)json_integer_value(turn);
	}
	rc = EXIT_FAIL;
	campaign = text_at(p[0].root, "campaign");
	game = text_at(p[0].root, "game");
	is_generic = play_is_generic(game);
	for (i = 1; i < n; i++) {
		const char *other = text_at(p[i].root, "campaign");

		if (strcmp(other, campaign) || !same_text(game, text_at(p[i].root, "game"))) {
			printf("%s, turn %d: DIFFERS: %s is a turn of another game (campaign '%s'%s%s), "
			       "not of '%s'\n", campaign, p[i].turn, p[i].path, other,
			       text_at(p[i].root, "game") ? ", " : "",
			       text_at(p[i].root, "game") ? text_at(p[i].root, "game") : "", campaign);
			goto out;
		}
	}
	qsort(p, n, sizeof(*p), published_cmp);
	for (i = 1; i < n; i++) {
		if (p[i].turn == p[i - 1].turn) {
			printf("%s, turn %d: DIFFERS: given twice (%s and %s)\n", campaign, p[i].turn,
			       p[i - 1].path, p[i].path);
			goto out;
		}
		if (p[i].turn != p[i - 1].turn + 1) {
			printf("%s, turn %d: DIFFERS: a gap: no file gives turn %d (the files jump from "
			       "turn %d to turn %d)\n", campaign, p[i - 1].turn + 1, p[i - 1].turn + 1,
			       p[i - 1].turn, p[i].turn);
			goto out;
		}
	}
	seal = is_generic ? root_commitment(p[0].root) : NULL;
	if (commitment && is_generic && (!seal || strcasecmp(seal, commitment))) {
		printf("%s, turn %d: DIFFERS: another root: the draws are sealed under %s, not under "
		       "the commitment %s given\n", campaign, p[0].turn, seal ? seal : "(none)",
		       commitment);
		goto out;
	}
	for (i = 0; i < n; i++) {
		const json_t *r = p[i].root;

		rc = EXIT_FAIL;
		/* The chain: what a turn starts from is what the one before ended in. */
		if (i && !json_equal(json_object_get(r, "state_before"),
				     json_object_get(p[i - 1].root, "state_after"))) {
			printf("%s, turn %d: DIFFERS: a broken chain: the state before it is not the "
			       "state turn %d ended in\n", campaign, p[i].turn, p[i - 1].turn);
			goto out;
		}
		if (is_generic && !same_text(root_commitment(r), seal)) {
			printf("%s, turn %d: DIFFERS: another root: its draws are sealed under %s, turn "
			       "%d's under %s\n", campaign, p[i].turn,
			       root_commitment(r) ? root_commitment(r) : "(none)", p[0].turn,
			       seal ? seal : "(none)");
			goto out;
		}
		{
			struct verdict v;

			memset(&v, 0, sizeof(v));
			/* A running game keeps its root: those turns verify only in part. */
			partial += is_generic && !text_at(json_object_get(r, "sealed"), "root");
			rc = is_generic ? play_verify_published(r, p[i].path, packs, npacks, NULL, &v)
				: verify_published(r, p[i].path, i ? NULL : commitment, &v);
			if (verdict_found(&v))
				verdict_print(&v, 1, ctx->quiet);
		}
		if (rc)
			goto out;
	}
	if (!ctx->quiet) {
		printf("%s, turns %d-%d: %s as one game: %zu turns replayed", campaign, p[0].turn,
		       p[n - 1].turn, partial ? "partly verified" : "verified", n);
		if (partial)
			printf(" (%zu only in their open draws until the root is revealed)", partial);
		printf(", each from the one before");
		if (seal)
			printf(", all from the root committed as %s%s", seal,
			       commitment ? " (the commitment given)" : "");
		else if (commitment)
			printf(", the first seed matching the commitment given");
		printf("\n");
	}
	rc = EXIT_OK;
out:
	for (i = 0; i < n; i++)
		json_decref(p[i].root);
	free(p);
	return rc;
}

/* verify --turn N: from 1 (the setup has no seed of its own). */
static int verify_turn(const struct cmd_opt *o, const char *value)
{
	if (!cmd_parse_int(value, 1, 1000000, o->out))
		return 0;
	cmd_error("--turn: expected a turn number from 1, got '%s'%s", value,
		  !strcmp(value, "0") ? " (turn 0 is the setup: it has no seed of its own "
		  "to check)" : "");
	return -1;
}

/* A --published or --data more, in its list; a ninth --data is refused without a word. */
static int one_more(const struct cmd_opt *o, const char *value)
{
	struct cmd_opt_list *l = o->out;

	if (l->n == l->max)
		return -1;
	l->v[l->n++] = value;
	return 0;
}

static int verify_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *published = NULL, *commitment = NULL, *packs[8], **paths;
	size_t npaths = 0;
	int npacks = 0;
	struct db_campaign c;
	struct verdict v;
	long turn = -1;
	int rc, json = 0;
	struct cmd_opt_list path_list = { NULL, 0, argc, NULL };
	struct cmd_opt_list pack_list = { packs, 0, 8, NULL };
	const struct cmd_opt opts[] = {
		CMD_CHECK("turn", verify_turn, &turn),
		CMD_CHECK("published", one_more, &path_list),
		CMD_VALUE("commitment", &commitment),
		CMD_FLAG("json", &json),
		CMD_CHECK("data", one_more, &pack_list),
		CMD_END
	};

	memset(&c, 0, sizeof(c));
	memset(&v, 0, sizeof(v));
	/* Every --published, and the files after it: at most one per argument. */
	if (!(paths = calloc((size_t)argc + 1, sizeof(*paths)))) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	path_list.v = paths;
	if (cmd_options(argc, argv, opts)) {
		free(paths);
		return EXIT_USAGE;
	}
	npaths = (size_t)path_list.n;
	npacks = pack_list.n;
	if (npaths) {
		while (optind < argc)
			paths[npaths++] = argv[optind++];
		published = paths[0];
	}
	/* A commitment is what a report printed: 64 hex digits. */
	if (commitment && (strlen(commitment) != 64 ||
			   strspn(commitment, "0123456789abcdefABCDEF") != 64)) {
		cmd_error("--commitment: expected the 64 hex digits a report printed, got '%s'",
			  commitment);
		free(paths);
		return EXIT_USAGE;
	}
	rc = EXIT_OK;
	if (npaths && turn >= 0) {
		rc = EXIT_USAGE;
	} else if (npaths > 1 && json) {
		cmd_error("--json: one published turn at a time (several are verified as one game, "
			  "in text)");
		rc = EXIT_USAGE;
	} else if (npaths > 1) {
		rc = verify_game(ctx, paths, npaths, packs, npacks, commitment);
	}
	free(paths);
	if (rc || npaths > 1)
		return rc;
	if (published) {
		json_error_t jerr;
		json_t *root;

		root = json_load_file(published, 0, &jerr);
		if (!root) {
			cmd_error("%s:%d: expected the JSON of 'mxjudge turn show --json': %s", published,
				  jerr.line, jerr.text);
			return EXIT_DATAERR;
		}
		/* Another game's turn has its game named (cmd/play.h). */
		rc = play_is_generic(json_string_value(json_object_get(root, "game"))) ?
			play_verify_published(root, published, packs, npacks, commitment, &v) :
			verify_published(root, published, commitment, &v);
		json_decref(root);
		goto done;
	}
	if (optind != argc - 1 || turn < 0)
		return EXIT_USAGE;
	/* The database form needs it open; main opens it only for NEED_DB verbs. */
	if (!ctx->db) {
		char err[512];
		int drc = db_open_existing(&ctx->db, ctx->db_path, err, sizeof(err));

		if (drc == DB_NOT_FOUND) {
			cmd_no_database(ctx->db_path, 0);
			return EXIT_FAIL;
		}
		if (drc) {
			cmd_error("%s", err);
			return drc == DB_BUSY ? EXIT_TEMPFAIL : EXIT_FAIL;
		}
	}
	rc = load_campaign(ctx, argv[optind], &c);
	if (!rc)
		rc = play_is_generic(c.ruleset) ? replay_other(ctx->db, &c, (int)turn, commitment, &v)
			: replay_stored(ctx->db, &c, (int)turn, commitment, &v);
	db_campaign_release(&c);
done:
	if (!verdict_found(&v))
		return rc;
	if (!json) {
		verdict_print(&v, published != NULL, ctx->quiet);
		return rc;
	}
	/* A difference keeps its exit code (1) even when the JSON says so. */
	return cmd_print_json(verdict_json(&v), JSON_PRESERVE_ORDER) ? EXIT_FAIL : rc;
}

/* The number of the campaign's last resolved turn (between battles, its current one). */
static int last_resolved(struct db *db, const struct db_campaign *c)
{
	struct db_turn t;
	char err[512];
	int last = c->turn - 1;

	memset(&t, 0, sizeof(t));
	if (!db_turn_get(db, c->id, c->turn, &t, err, sizeof(err)) && t.resolved_at[0])
		last = c->turn;
	db_turn_release(&t);
	return last;
}

/* 1 when turn n opened a battle of a series (cmd/series.c), 0 otherwise. */
static int is_setup_turn(struct db *db, const struct db_campaign *c, int n)
{
	struct db_battle *b = NULL;
	char err[512];
	size_t nb = 0, i;
	int setup = 0;

	if (db_battle_list(db, c->id, &b, &nb, err, sizeof(err)))
		return 0;
	for (i = 0; i < nb; i++)
		setup |= b[i].first_turn == n;
	free(b);
	return setup;
}

/* replay --turn N: from 1 (the setup has no orders to replay). */
static int replay_turn_number(const struct cmd_opt *o, const char *value)
{
	if (!cmd_parse_int(value, 1, 1000000, o->out))
		return 0;
	cmd_error("--turn: expected a turn number from 1, got '%s'%s", value,
		  !strcmp(value, "0") ? " (turn 0 is the setup: it has no orders to "
		  "replay; 'mxjudge replay NAME' replays every turn)" : "");
	return -1;
}

static int replay_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct db_campaign c;
	json_t *turns = NULL;
	long only = -1;
	int rc, bad = 0, n, last, json = 0, other;
	const struct cmd_opt opts[] = {
		CMD_CHECK("turn", replay_turn_number, &only),
		CMD_FLAG("json", &json),
		CMD_END
	};

	memset(&c, 0, sizeof(c));
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc - 1)
		return EXIT_USAGE;
	rc = load_campaign(ctx, argv[optind], &c);
	if (rc)
		return rc;
	other = play_is_generic(c.ruleset);
	if (json && !(turns = json_array())) {
		cmd_error("out of memory");
		db_campaign_release(&c);
		return EXIT_FAIL;
	}
	last = last_resolved(ctx->db, &c);
	/* Another game's setup (turn 0) is its deal from the sealed root: replayed too. */
	for (n = only > 0 ? (int)only : other ? 0 : 1; n <= (only > 0 ? (int)only : last); n++) {
		struct verdict v;

		/* A later battle's setup (placement, first energy) has no orders to replay. */
		if (only <= 0 && !other && is_setup_turn(ctx->db, &c, n))
			continue;
		memset(&v, 0, sizeof(v));
		rc = other ? replay_other(ctx->db, &c, n, NULL, &v)
			: replay_stored(ctx->db, &c, n, NULL, &v);
		if (verdict_found(&v) && json)
			json_array_append_new(turns, verdict_json(&v));
		else if (verdict_found(&v))
			verdict_print(&v, 0, ctx->quiet);
		if (rc == EXIT_FAIL || rc == EXIT_DATAERR)
			bad++;
		else if (rc)
			break;
	}
	/* After a hard error (database busy) nothing is printed: the exit code says it. */
	if (json && (!rc || rc == EXIT_FAIL || rc == EXIT_DATAERR) &&
	    cmd_print_json(json_pack("{s:s, s:b, s:O}", "campaign", c.name, "ok", !bad, "turns", turns),
			   JSON_PRESERVE_ORDER))
		bad++;
	if (!json && !ctx->quiet && !bad && !rc)
		printf("%s: every resolved turn replays exactly\n", c.name);
	json_decref(turns);
	db_campaign_release(&c);
	if (rc && rc != EXIT_FAIL && rc != EXIT_DATAERR)
		return rc;
	return bad ? EXIT_FAIL : EXIT_OK;
}

const struct cmd verify_cmd[] = {
	{ "verify", VERIFY_USAGE, verify_run, 0,
	  "play a turn again from its seed and check every die and the result", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};

const struct cmd replay_cmd[] = {
	{ "replay", REPLAY_USAGE, replay_run, NEED_DB,
	  "re-adjudicate stored turns and compare with what was stored", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
