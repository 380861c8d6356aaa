/*
 * mxjudge adjudicate: one turn from a state file, an orders file and dice,
 * with no database. The output is the next state (--json) or the story.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "core/hovercrafts/dice.h"
#include "core/draw.h"
#include "core/hovercrafts/hexmap.h"
#include "core/hovercrafts/hovercrafts.h"
#include "core/hovercrafts/narrate.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"
#include "lib/strbuf.h"
#include "load.h"

#define ADJUDICATE_USAGE "--state FILE --orders FILE [--dice FILE | --seed N] [--json]"

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
	static const struct option opts[] = {
		{ "state", required_argument, NULL, 's' },
		{ "orders", required_argument, NULL, 'o' },
		{ "dice", required_argument, NULL, 'd' },
		{ "seed", required_argument, NULL, 'S' },
		{ "json", no_argument, NULL, 'j' },
		{ NULL, 0, NULL, 0 }
	};
	const char *state_path = NULL, *orders_path = NULL, *dice_path = NULL, *seed_arg = NULL;
	struct game_state st;
	struct orders_doc doc;
	struct dice_queue queue;
	struct draw_seeded seeded;
	struct draw_source draws;
	struct event_list events;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct strbuf sb = STRBUF_INIT;
	json_t *out = NULL, *orders = NULL;
	char err[1024];
	uint64_t seed = 0;
	int opt, json = 0, rc = EXIT_FAIL;
	size_t i;

	(void)ctx;
	game_state_init(&st);
	orders_doc_init(&doc);
	dice_queue_init(&queue);
	event_list_init(&events);
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 's': state_path = optarg; break;
		case 'o': orders_path = optarg; break;
		case 'd': dice_path = optarg; break;
		case 'S': seed_arg = optarg; break;
		case 'j': json = 1; break;
		default: rc = EXIT_USAGE; goto out;
		}
	}
	if (!state_path || !orders_path || optind != argc || (dice_path && seed_arg)) {
		rc = EXIT_USAGE;
		goto out;
	}
	rc = EXIT_DATAERR;
	if (load_state_file(&st, state_path, err, sizeof(err)) < 0 ||
	    load_orders_file(&doc, &st, orders_path, ORDERS_PLAIN, err, sizeof(err)) < 0)
		goto fail;
	if (st.winner != WINNER_NONE) {
		snprintf(err, sizeof(err), "%s: winner: the battle is already over (%s); expected a state with \"winner\": null",
			 state_path, winner_name(st.winner));
		goto fail;
	}
	if (dice_path) {
		if (load_dice_file(&queue, dice_path, err, sizeof(err)) < 0)
			goto fail;
		draws = hover_draws_from_queue(&queue, NULL);
	} else {
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
		} else {
			randombytes_buf(&seed, sizeof(seed));
			seed &= INT64_MAX;	/* fits a JSON integer, so it can be replayed */
		}
		draw_seeded_init(&seeded, seed, NULL, st.turn);
		draws = draw_seeded_source(&seeded, NULL);
	}
	turn_plans_from_orders(&st, &doc, plans);
	if (!(orders = hover_plans_to_json(&st, plans)))
		goto nomem;
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
