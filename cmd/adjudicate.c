/*
 * mxjudge adjudicate: one turn from a state file, an orders file and dice,
 * with no database. The output is the next state (--json) or the story.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cmd.h"
#include "core/hovercrafts/dice.h"
#include "core/draw.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "core/hovercrafts/hexmap.h"
#include "core/hovercrafts/hovercrafts.h"
#include "core/hovercrafts/narrate.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"
#include "lib/strbuf.h"
#include "judge/load.h"
#include "play.h"

#define ADJUDICATE_USAGE "--state FILE --orders [SEAT=]FILE ... [--dice FILE | --seed N] [--data KIND=FILE ...] [--json]"
#define MAX_ORDER_FILES 16

/*
 * --orders SEAT=FILE: the part before '=' is a seat when it is a plain
 * name and the whole argument is no existing file; *file is set then.
 */
static int seat_file(const char *arg, char *seat, size_t len, const char **file)
{
	const char *eq = strchr(arg, '=');
	size_t n = eq ? (size_t)(eq - arg) : 0, i;

	if (!eq || !n || n >= len || !eq[1] || !access(arg, F_OK))
		return 0;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)arg[i]) && arg[i] != '-' && arg[i] != '_')
			return 0;
	memcpy(seat, arg, n);
	seat[n] = '\0';
	*file = eq + 1;
	return 1;
}

/*
 * Each seat's orders from its own file, read by the game for that seat
 * and merged: {SEAT: reading}. NULL after saying what was wrong.
 */
static json_t *seat_orders(const struct ruleset *rs, const json_t *state, const char *const *args,
			   int n, char *err, size_t errlen)
{
	json_t *all = json_object();
	int i;

	for (i = 0; all && i < n; i++) {
		char seat[64], *text;
		const char *file = NULL;
		json_t *one;

		if (!seat_file(args[i], seat, sizeof(seat), &file)) {
			snprintf(err, errlen, "--orders '%s': expected SEAT=FILE like the others", args[i]);
			goto fail;
		}
		if (json_object_get(all, seat)) {
			snprintf(err, errlen, "--orders %s: %s has orders in two files", args[i], seat);
			goto fail;
		}
		if (!(text = cmd_read_file(file, NULL, err, errlen)))
			goto fail;
		one = rs->read_orders(state, seat, text, file, 0, err, errlen);
		free(text);
		if (!one)
			goto fail;
		json_object_update(all, one);
		json_decref(one);
	}
	if (!all)
		snprintf(err, errlen, "out of memory");
	return all;
fail:
	json_decref(all);
	return NULL;
}

/* The draws taken, as tagged lines. */
static json_t *draw_lines(const struct draw_log *log)
{
	json_t *out = json_array();
	size_t i;

	for (i = 0; out && i < log->n; i++)
		json_array_append_new(out, json_string(log->e[i].line));
	return out;
}

static int have_dice_root;

/*
 * A draws file whose first line (comments and blanks aside) is "root HEX"
 * (64 hex digits) names a sealed root instead of tagged draws: 1 with the
 * root in raw, 0 for tagged draws, -1 with "FILE:LINE: ..." in err.
 */
static int dice_root(const char *path, unsigned char raw[DRAW_ROOT_LEN], char *err, size_t errlen)
{
	char *body = cmd_read_file(path, NULL, err, errlen), *p, *line;
	int n = 0, rc = 0;

	have_dice_root = 0;
	if (!body)
		return -1;
	for (p = body; (line = strsep(&p, "\n"));) {
		char word[8], hex[80], extra[2];
		int k;

		n++;
		line[strcspn(line, "#\r")] = '\0';
		k = sscanf(line, "%7s %79s %1s", word, hex, extra);
		if (k <= 0)
			continue;
		if (strcasecmp(word, "root"))
			break;
		if (k != 2 || draw_root_parse(hex, raw)) {
			snprintf(err, errlen, "%s:%d: expected 'root' and 64 hexadecimal digits", path, n);
			rc = -1;
			break;
		}
		have_dice_root = 1;
		rc = 1;
		break;
	}
	free(body);
	return rc;
}

/*
 * A game other than Hovercrafts: the state file names it. The orders are
 * the game's, the draws its tagged lines (--dice) or a seed, whose sealed
 * root is SHA-256 of "mxjudge:SEED:root" so a seeded run replays.
 */
static int adjudicate_game(const struct ruleset *rs, json_t *state, const char *state_path,
			   const char *const *args, int nargs, const char *dice_path,
			   const char *seed_arg, uint64_t seed, const char *const *packs, int npacks,
			   int json)
{
	json_t *data = json_object();
	struct draw_queue queue;
	struct draw_seeded seeded;
	struct draw_source src;
	struct draw_log log;
	struct engine_turn t;
	unsigned char root[crypto_hash_sha256_BYTES];
	json_t *orders = NULL, *out = NULL, *p;
	char err[4096], text[64], seat[64];
	const char *file;
	size_t i;
	int rc = EXIT_DATAERR;

	(void)seed_arg;
	draw_queue_init(&queue);
	draw_log_init(&log);
	engine_turn_init(&t);
	if (nargs == 1 && !seat_file(args[0], seat, sizeof(seat), &file)) {
		char *body = cmd_read_file(args[0], NULL, err, sizeof(err));

		orders = body ? rs->read_orders(state, NULL, body, args[0], 0, err, sizeof(err)) : NULL;
		free(body);
	} else {
		orders = seat_orders(rs, state, args, nargs, err, sizeof(err));
	}
	if (!orders || !data)
		goto fail;
	/* The data packs a game reads at its turns (a card pack), as campaign new takes them. */
	for (i = 0; i < (size_t)npacks; i++) {
		json_t *one = play_read_pack(rs, packs[i], err, sizeof(err));

		if (!one)
			goto fail;
		json_object_update(data, one);
		json_decref(one);
	}
	if (dice_path && dice_root(dice_path, root, err, sizeof(err)) < 0)
		goto fail;
	if (dice_path && !have_dice_root) {
		char *body = cmd_read_file(dice_path, NULL, err, sizeof(err));

		if (!body || draw_queue_parse(&queue, body, dice_path, 0, err, sizeof(err)) < 0) {
			free(body);
			goto fail;
		}
		free(body);
		src = draw_queue_source(&queue, &log);
	} else if (dice_path) {
		/* "root HEX": every queue from the sealed generator with that root. */
		draw_seeded_init(&seeded, seed, root,
				 (int)json_integer_value(json_object_get(state, "turn")));
		draw_seeded_namespace(&seeded, rs->draw_namespace);
		src = draw_seeded_source(&seeded, &log);
	} else {
		snprintf(text, sizeof(text), "mxjudge:%llu:root", (unsigned long long)seed);
		crypto_hash_sha256(root, (const unsigned char *)text, strlen(text));
		draw_seeded_init(&seeded, seed, root,
				 (int)json_integer_value(json_object_get(state, "turn")));
		draw_seeded_namespace(&seeded, rs->draw_namespace);
		src = draw_seeded_source(&seeded, &log);
	}
	if (engine_resolve_data(rs, state, orders, data, &src, &t, err, sizeof(err)) < 0) {
		/* The dice file's name goes with what it lacks, not with the game's refusals. */
		cmd_error("%s%s%s", dice_path && queue.short_of ? dice_path : "",
			  dice_path && queue.short_of ? ": " : "", err);
		rc = EXIT_DATAERR;
		goto out;
	}
	rc = EXIT_FAIL;
	if (json) {
		json_t *unused = json_array();

		out = json_deep_copy(t.state);
		for (i = 0; unused && i < queue.n; i++)
			if (!queue.l[i].used)
				json_array_append_new(unused, json_pack("{s:i,s:s}", "line", queue.l[i].line,
									"draw", queue.l[i].text));
		if (!out || !unused) {
			json_decref(unused);
			goto nomem;
		}
		json_object_set(out, "events", t.events);
		json_object_set(out, "story", t.story);
		/*
		 * The tags of the draws taken; a state with "draws" of its own (the
		 * netrun's and legendary's draw counters, which the next turn needs)
		 * keeps them, and the tags go under "rolls", as those rulings name them.
		 */
		json_object_set_new(out, json_object_get(out, "draws") ? "rolls" : "draws", draw_lines(&log));
		if (dice_path)
			json_object_set_new(out, "unused_draws", unused);
		else {
			json_decref(unused);
			json_object_set_new(out, "seed", json_integer((json_int_t)seed));
		}
		rc = cmd_print_json(out, JSON_PRESERVE_ORDER);
		out = NULL;
		goto out;
	}
	/* The game's own count: a turn, or a round of a game that counts rounds; else none. */
	if (json_is_integer(json_object_get(state, "turn")))
		printf("%s, turn %lld", rs->title,
		       (long long)json_integer_value(json_object_get(state, "turn")));
	else if (json_is_integer(json_object_get(state, "round")))
		printf("%s, round %lld", rs->title,
		       (long long)json_integer_value(json_object_get(state, "round")));
	else
		printf("%s", rs->title);
	if (!dice_path)
		printf(" (seed %llu)", (unsigned long long)seed);
	putchar('\n');
	json_array_foreach(t.story, i, p)
		if (json_is_string(p))
			printf("%s\n", json_string_value(p));
	printf("\nDraws taken:\n");
	for (i = 0; i < log.n; i++)
		printf("  %s\n", log.e[i].line);
	if (!log.n)
		printf("  none\n");
	for (i = 0; i < queue.n; i++)
		if (!queue.l[i].used)
			printf("Unused draw: %s:%d: %s\n", dice_path, queue.l[i].line, queue.l[i].text);
	printf("Over: %s\n", engine_is_over(rs, t.state) ? "yes" : "no");
	rc = EXIT_OK;
	goto out;
nomem:
	snprintf(err, sizeof(err), "out of memory");
	rc = EXIT_FAIL;
fail:
	cmd_error("%s", err);
out:
	(void)state_path;
	json_decref(out);
	json_decref(orders);
	json_decref(data);
	engine_turn_release(&t);
	draw_log_release(&log);
	draw_queue_release(&queue);
	return rc;
}

static void print_fleet(const struct game_state *st)
{
	size_t i;

	printf("\nShips after turn %d:\n", st->turn - 1);
	for (i = 0; i < st->nships; i++) {
		const struct ship *s = &st->ships[i];
		char h[HEX_LABEL_MAX];

		hex_format(s->pos, h, sizeof(h));
		printf("  %-12s %-9s %-4s %-3s hull %d/%d  %-9s", s->name, team_name(s->team),
		       ship_is_active(s) ? h : "-", ship_is_active(s) ? facing_name(s->facing) : "-",
		       ship_hull_left(s), s->stat[STAT_HULL], status_name(s->status));
		if (ship_is_active(s))
			printf(" %d action%s next turn", s->actions, s->actions == 1 ? "" : "s");
		putchar('\n');
	}
}

static int adjudicate_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *state_path = NULL, *orders_path = NULL, *dice_path = NULL, *seed_arg = NULL;
	const char *order_args[MAX_ORDER_FILES], *packs[8];
	int norders = 0, npacks = 0;
	struct draw_log log;
	char seat[64];
	struct game_state st;
	struct orders_doc doc;
	struct dice_queue queue;
	struct draw_seeded seeded;
	struct draw_source draws;
	struct event_list events;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct strbuf sb = STRBUF_INIT;
	json_t *out = NULL, *orders = NULL;
	char err[4096];
	uint64_t seed = 0;
	int json = 0, rc = EXIT_FAIL;
	size_t i;
	struct cmd_opt_list order_list = { order_args, 0, MAX_ORDER_FILES, "files" };
	struct cmd_opt_list pack_list = { packs, 0, 8, "data packs" };
	const struct cmd_opt opts[] = {
		CMD_VALUE("state", &state_path),
		CMD_CHECK("orders", cmd_opt_list, &order_list),
		CMD_VALUE("dice", &dice_path),
		CMD_VALUE("seed", &seed_arg),
		CMD_FLAG("json", &json),
		CMD_CHECK("data", cmd_opt_list, &pack_list),
		CMD_END
	};

	(void)ctx;
	game_state_init(&st);
	orders_doc_init(&doc);
	dice_queue_init(&queue);
	event_list_init(&events);
	draw_log_init(&log);
	if (cmd_options(argc, argv, opts)) {
		rc = EXIT_USAGE;
		goto out;
	}
	norders = order_list.n;
	npacks = pack_list.n;
	orders_path = norders ? order_args[norders - 1] : NULL;
	if (!state_path || !orders_path || optind != argc || (dice_path && seed_arg)) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (seed_arg) {
		char *end;

		errno = 0;
		seed = strtoull(seed_arg, &end, 10);
		if (*seed_arg < '0' || *seed_arg > '9' || *end || errno || seed > INT64_MAX) {
			cmd_error("--seed: expected a whole number from 0 to %lld, got '%s'",
				  (long long)INT64_MAX, seed_arg);
			rc = EXIT_USAGE;
			goto out;
		}
	} else if (!dice_path) {
		randombytes_buf(&seed, sizeof(seed));
		seed &= INT64_MAX;	/* fits a JSON integer, so it can be replayed */
	}
	rc = EXIT_DATAERR;
	{
		/* The game is the one the state file names (the default game when it names none). */
		json_error_t jerr;
		json_t *root = json_load_file(state_path, JSON_REJECT_DUPLICATES, &jerr);
		const char *game = json_string_value(json_object_get(root, "game"));
		const struct ruleset *rs = game ? ruleset_find(game) : NULL;

		if (root && game && !rs) {
			snprintf(err, sizeof(err), "%s: game: no game named '%s' ('mxjudge games' lists them)",
				 state_path, game);
			json_decref(root);
			goto fail;
		}
		if (npacks && (!rs || rs == ruleset_default())) {
			snprintf(err, sizeof(err), "--data: Hovercrafts takes no data packs");
			json_decref(root);
			rc = EXIT_USAGE;
			goto fail;
		}
		if (rs && rs != ruleset_default()) {
			rc = adjudicate_game(rs, root, state_path, order_args, norders, dice_path, seed_arg,
					     seed, packs, npacks, json);
			json_decref(root);
			goto out;
		}
		json_decref(root);
	}
	if (load_state_file(&st, state_path, err, sizeof(err)) < 0)
		goto fail;
	if (norders > 1 || (norders == 1 && seat_file(order_args[0], seat, sizeof(seat), &orders_path))) {
		json_t *sj = state_to_json(&st);

		orders = sj ? seat_orders(ruleset_default(), sj, order_args, norders, err, sizeof(err))
			    : NULL;
		json_decref(sj);
		if (!orders)
			goto fail;
	} else if (load_orders_file(&doc, &st, orders_path, ORDERS_PLAIN, err, sizeof(err)) < 0) {
		goto fail;
	}
	if (st.winner != WINNER_NONE) {
		snprintf(err, sizeof(err), "%s: winner: the battle is already over (%s); expected a state with \"winner\": null",
			 state_path, winner_name(st.winner));
		goto fail;
	}
	if (dice_path) {
		if (load_dice_file(&queue, dice_path, err, sizeof(err)) < 0)
			goto fail;
		draws = hover_draws_from_queue(&queue, &log);
	} else {
		draw_seeded_init(&seeded, seed, NULL, st.turn);
		draws = draw_seeded_source(&seeded, &log);
	}
	if (!orders) {
		turn_plans_from_orders(&st, &doc, plans);
		if (!(orders = hover_plans_to_json(&st, plans)))
			goto nomem;
	}
	if (hover_turn(&st, orders, &draws, plans, &events, err, sizeof(err)) < 0) {
		/* With a dice file, the missing die is missing from that file. */
		cmd_error("%s%s%s", dice_path ? dice_path : "", dice_path ? ": " : "", err);
		goto out;
	}
	if (json) {
		out = state_to_json(&st);
		if (!out)
			goto nomem;
		json_object_set_new(out, "events", events_to_json(&st, &events));
		if (!dice_path)
			json_object_set_new(out, "seed", json_integer((json_int_t)seed));
		if (dice_path) {
			json_t *unused = json_array();

			for (i = 0; i < queue.n; i++)
				if (!queue.entries[i].used)
					json_array_append_new(unused, json_pack("{s:i,s:s,s:s,s:i}",
						"line", queue.entries[i].line, "check", check_name(queue.entries[i].check),
						"ship", queue.entries[i].ship, "d6", queue.entries[i].d6));
			json_object_set_new(out, "unused_dice", unused);
		}
		/* The story, and the tags of the draws taken, in order. */
		json_object_set_new(out, "story", narrate_json(&st, &events));
		json_object_set_new(out, "draws", draw_lines(&log));
		if (json_dumpf(out, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) < 0)
			goto nomem;
		putchar('\n');
	} else {
		struct hexmap_options mopt = { 1, 0 };

		printf("Turn %d", st.turn - 1);
		if (!dice_path)
			printf(" (seed %" PRIu64 ")", seed);
		putchar('\n');
		if (narrate_text(&st, &events, &sb) < 0)
			goto nomem;
		fputs(strbuf_str(&sb), stdout);
		print_fleet(&st);
		strbuf_reset(&sb);
		if (hexmap_render(&st, &mopt, &sb) < 0)
			goto nomem;
		printf("\n%s", strbuf_str(&sb));
		printf("\nWinner: %s\n", winner_name(st.winner));
		for (i = 0; i < queue.n; i++)
			if (!queue.entries[i].used)
				printf("Unused die: %s:%d: %s %s %d\n", dice_path, queue.entries[i].line,
				       check_name(queue.entries[i].check), queue.entries[i].ship,
				       queue.entries[i].d6);
	}
	rc = EXIT_OK;
	goto out;
nomem:
	snprintf(err, sizeof(err), "out of memory");
	rc = EXIT_FAIL;
fail:
	cmd_error("%s", err);
out:
	draw_log_release(&log);
	json_decref(orders);
	json_decref(out);
	strbuf_release(&sb);
	event_list_release(&events);
	dice_queue_release(&queue);
	orders_doc_release(&doc);
	game_state_release(&st);
	return rc;
}

const struct cmd adjudicate_cmd[] = {
	{ "adjudicate", ADJUDICATE_USAGE, adjudicate_run, 0,
	  "resolve one turn from files, without a database", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
