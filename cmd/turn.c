/*
 * mxjudge turn show: one turn of a campaign. A resolved turn shows
 * everything (state before and after, the revealed orders, events, dice,
 * seed); an open turn shows only its state, deadline and which ships have
 * sent orders, never what they ordered.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "judge/desk.h"
#include "core/hovercrafts/dice.h"
#include "core/hovercrafts/narrate.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/turn.h"
#include "db/battles.h"
#include "db/db.h"
#include "judge/judge.h"
#include "play.h"
#include "reporting.h"
#include "lib/strbuf.h"
#include "judge/templates.h"
#include "judge/timeutil.h"

static json_t *parse_or_null(const char *text)
{
	json_error_t jerr;

	return text ? json_loads(text, 0, &jerr) : json_null();
}

static json_t *turn_json(const struct db_campaign *c, const struct judge_settings *s,
			 const struct db_turn *t, const struct db_order *o, size_t no,
			 const struct db_event *ev, size_t nev, const struct judge_die *d, size_t nd)
{
	int resolved = t->resolved_at[0] != '\0';
	json_t *root, *arr;
	size_t i;

	root = json_pack("{s:s, s:i, s:s, s:s, s:s, s:s?, s:s}", "campaign", c->name, "turn",
			 t->number, "status", resolved ? "resolved" : "open", "opened", t->opened_at,
			 "deadline", t->deadline, "resolved", resolved ? t->resolved_at : NULL,
			 "timezone", s->timezone);
	if (!root)
		return NULL;
	json_object_set_new(root, "state_before", parse_or_null(t->state_before));
	arr = json_array();
	for (i = 0; i < no; i++) {
		json_t *one = json_pack("{s:s, s:s, s:b}", "ship", o[i].ship, "received",
					o[i].received_at, "current", o[i].current);

		/* Sealed until resolved: only that orders came, not what they say. */
		if (resolved) {
			json_object_set_new(one, "digest", json_string(o[i].digest));
			json_object_set_new(one, "understood", json_string(o[i].understood));
			json_object_set_new(one, "text", json_string(o[i].raw));
		}
		json_array_append_new(arr, one);
	}
	json_object_set_new(root, "orders", arr);
	if (!resolved)
		return root;
	json_object_set_new(root, "seed", json_string(t->seed));
	json_object_set_new(root, "rules_version", json_integer(t->rules_version));
	json_object_set_new(root, "state_after", parse_or_null(t->state_after));
	arr = json_array();
	for (i = 0; i < nev; i++)
		json_array_append_new(arr, parse_or_null(ev[i].json));
	json_object_set_new(root, "events", arr);
	arr = json_array();
	for (i = 0; i < nd; i++)
		json_array_append_new(arr, json_pack("{s:i, s:i, s:s, s:s, s:s, s:i, s:i, s:i}",
			"seq", d[i].seq, "phase", d[i].phase, "ship", d[i].ship, "check", d[i].check,
			"for", d[i].cause, "d6", d[i].d6, "stat", d[i].stat, "score", d[i].score));
	json_object_set_new(root, "dice", arr);
	return root;
}

/* The story of a resolved turn, replayed from its inputs (a pure function). */
static void print_story(struct db *db, const struct db_campaign *c, int number)
{
	struct turn_replay r;
	struct strbuf sb = STRBUF_INIT;
	char err[512];

	turn_replay_init(&r);
	if (reporting_replay(db, c, number, &r, err, sizeof(err)))
		printf("\nWARNING: %s\n", err);
	else if (narrate_text(&r.after, &r.events, &sb) == 0)
		printf("\nWhat happened\n\n%s", strbuf_str(&sb));
	strbuf_release(&sb);
	turn_replay_release(&r);
}

static void print_turn(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		       const struct db_turn *t, const struct db_order *o, size_t no,
		       const struct judge_die *d, size_t nd)
{
	char when[TIME_TEXT_MAX];
	time_t tt;
	size_t i;

	printf("Campaign %s, turn %d%s\n", c->name, t->number, t->number ? "" : " (setup)");
	if (!time_parse_iso(t->deadline, &tt)) {
		time_format_zone(tt, s->timezone, when, sizeof(when));
		printf("  deadline: %s\n", when);
	}
	if (!t->resolved_at[0]) {
		printf("  open: orders are sealed until the turn is resolved\n\nOrders received\n");
		for (i = 0; i < no; i++)
			if (o[i].current) {
				time_shown(o[i].received_at, s->timezone, when, sizeof(when));
				printf("  %s (%s)\n", o[i].ship, when);
			}
		if (!no)
			printf("  none yet\n");
		return;
	}
	if (!time_parse_iso(t->resolved_at, &tt)) {
		time_format_zone(tt, s->timezone, when, sizeof(when));
		printf("  resolved: %s\n  seed: %s\n", when, t->seed);
	}
	{
		/* campaign undo: kept in the history, replayed by a later turn. */
		char err[512];
		int undone = 0;

		if (!db_turn_undone(db, t->id, &undone, err, sizeof(err)) && undone)
			printf("  UNDONE by the game master: a later turn starts again from its "
			       "position\n");
	}
	if (t->number > 0) {
		printf("\nOrders\n");
		for (i = 0; i < no; i++) {
			const char *p = o[i].understood;

			time_shown(o[i].received_at, s->timezone, when, sizeof(when));
			printf("  %s, received %s%s, SHA-256 %.16s...\n", o[i].ship, when,
			       o[i].current ? "" : " (replaced)", o[i].digest);
			while (o[i].current && p && *p) {
				const char *eol = strchr(p, '\n');
				int len = eol ? (int)(eol - p) : (int)strlen(p);

				printf("    %.*s\n", len, p);
				p += len + (eol ? 1 : 0);
			}
		}
		if (!no)
			printf("  none: every ship was idle\n");
		print_story(db, c, t->number);
	}
	printf("\nDice\n");
	for (i = 0; i < nd; i++)
		printf("  %-3d %-14s %-9s for %-9s rolled %d -> %d\n", d[i].phase, d[i].ship,
		       d[i].check, d[i].cause, d[i].d6, d[i].score);
	if (!nd)
		printf("  none\n");
}

/* --turn N: "expected a turn number" (from 0, the setup). */
static int turn_number(const struct cmd_opt *o, const char *value)
{
	long v;

	if (cmd_parse_int(value, 0, 1000000, &v)) {
		cmd_error("--turn: expected a turn number, got '%s'", value);
		return -1;
	}
	*(int *)o->out = (int)v;
	return 0;
}

static int turn_show(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_turn t;
	struct db_order *o = NULL;
	struct db_event *ev = NULL;
	struct judge_die *d = NULL;
	size_t no = 0, nev = 0, nd = 0;
	int json = 0, number = -1, rc, ret = EXIT_FAIL;
	char err[512];
	const struct cmd_opt opts[] = {
		CMD_CHECK("turn", turn_number, &number),
		CMD_FLAG("json", &json),
		CMD_END
	};

	memset(&t, 0, sizeof(t));
	memset(&s, 0, sizeof(s));
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 != argc)
		return EXIT_USAGE;
	rc = db_campaign_get(ctx->db, argv[optind], &c, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		judge_no_campaign(ctx->db, argv[optind]);
		return EXIT_DATAERR;
	}
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	if (judge_settings_parse(&s, c.settings, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", c.name, err);
		goto out;
	}
	/* "open": before the first battle (turn 0, none stored yet) or between battles. */
	if (!strcmp(c.status, "open") && !c.turn) {
		cmd_error("campaign '%s' has not started; it has no turns yet", c.name);
		ret = EXIT_DATAERR;
		goto out;
	}
	/* By default the last resolved turn: the one captains want to read. */
	if (number < 0)
		number = !strcmp(c.status, "finished") || !strcmp(c.status, "open") ? c.turn
			 : c.turn - 1;
	if (play_is_generic(c.ruleset)) {
		ret = play_turn_show(ctx, &c, &s, number, json);
		goto out;
	}
	rc = db_turn_get(ctx->db, c.id, number, &t, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no turn %d (turns 0 to %d)", c.name, number, c.turn);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (rc || (rc = db_order_list(ctx->db, t.id, 0, &o, &no, err, sizeof(err))) ||
	    (rc = db_event_list(ctx->db, t.id, &ev, &nev, err, sizeof(err))) ||
	    (rc = judge_dice_list(ctx->db, t.id, &d, &nd, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	if (json) {
		if (cmd_print_json(turn_json(&c, &s, &t, o, no, ev, nev, d, nd), 0))
			goto out;
	} else {
		print_turn(ctx->db, &c, &s, &t, o, no, d, nd);
	}
	ret = EXIT_OK;
out:
	db_order_list_release(o, no);
	db_event_list_release(ev, nev);
	free(d);
	db_turn_release(&t);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

/*
 * `turn list NAME`: the campaign's turns with the dates they opened and
 * were resolved (or are due), and the result once over; what HISTORY NAME
 * answers by mail, from the same data and template.
 */
static int turn_list(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct strbuf text = STRBUF_INIT;
	json_t *d;
	char err[512];
	int json = 0, ret = EXIT_FAIL;
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 != argc)
		return EXIT_USAGE;
	d = desk_history(ctx->db, argv[optind], -1, NULL, 0, 1, err, sizeof(err));
	if (!d) {
		cmd_error("%s", err);
		return EXIT_FAIL;
	}
	if (json_is_true(json_object_get(d, "unknown"))) {
		json_decref(d);
		judge_no_campaign(ctx->db, argv[optind]);
		return EXIT_DATAERR;
	}
	if (json) {
		json_object_del(d, "listing");
		return cmd_print_json(d, JSON_PRESERVE_ORDER);
	}
	if (templates_render("desk-history", NULL, d, &text, err, sizeof(err)) < 0 || text.failed) {
		cmd_error("%s", text.failed ? "out of memory" : err);
		goto out;
	}
	fputs(strbuf_str(&text), stdout);
	ret = EXIT_OK;
out:
	strbuf_release(&text);
	json_decref(d);
	return ret;
}

const struct cmd turn_cmds[] = {
	{ "list", "NAME [--json]", turn_list, NEED_DB,
	  "list a campaign's turns: when each opened, was resolved or is due; the result", NULL },
	{ "show", "NAME [--turn N] [--json]", turn_show, NEED_DB,
	  "show a turn: state, revealed orders, events, dice", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
