/*
 * mxjudge orders submit|check: a captain's orders, read from a file or a
 * pasted mail, checked against the campaign, the password, the open turn
 * and the rules; submit seals them (stored with a SHA-256 digest and the
 * time, answered with a receipt), check stores nothing.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "reporting.h"
#include "templates.h"
#include "core/orders.h"
#include "db/db.h"
#include "judge.h"
#include "lib/strbuf.h"
#include "timeutil.h"

struct submission {
	struct orders_doc doc;
	struct db_campaign c;
	struct judge_settings s;
	struct db_turn t;
	struct db_captain cap;
	long long ship_id[ORDERS_MAX_ACTIONS * 4];
	char *text;
	const char *name;
	time_t deadline;
};

static void submission_release(struct submission *sub)
{
	orders_doc_release(&sub->doc);
	db_campaign_release(&sub->c);
	judge_settings_release(&sub->s);
	db_turn_release(&sub->t);
	free(sub->text);
}

/* Does a captain other than `owner` hold this password? Only on the error path. */
static int other_captain(struct cmd_ctx *ctx, const struct submission *sub, long long owner)
{
	struct db_captain *caps = NULL;
	size_t n = 0, i;
	char err[256];
	int found = 0;

	if (db_captain_list(ctx->db, sub->c.id, &caps, &n, err, sizeof(err)))
		return 0;
	for (i = 0; i < n && !found; i++)
		if (caps[i].id != owner && judge_verify_password(caps[i].pwhash, sub->doc.password))
			found = 1;
	free(caps);
	return found;
}

/*
 * Every check but the final one under the lock. Prints the error and
 * returns an exit code, or 0 with sub filled in.
 */
static int check(struct cmd_ctx *ctx, struct submission *sub, time_t now)
{
	const char *name = sub->name;
	char err[512], when[TIME_TEXT_MAX];
	struct game_state st;
	time_t deadline;
	size_t i;
	int rc;

	if (orders_parse(&sub->doc, sub->text, name, ORDERS_SUBMISSION, err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	rc = db_campaign_get(ctx->db, sub->doc.game, &sub->c, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("%s:%d: no campaign named '%s' (expected the name from your report's GAME "
			  "line)", name, sub->doc.game_line, sub->doc.game);
		return EXIT_DATAERR;
	}
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	if (judge_settings_parse(&sub->s, sub->c.settings, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", sub->c.name, err);
		return EXIT_FAIL;
	}
	if (!strcmp(sub->c.status, "open")) {
		cmd_error("%s:%d: campaign '%s' has not started yet; no turn takes orders", name,
			  sub->doc.game_line, sub->c.name);
		return EXIT_DATAERR;
	}
	if (!strcmp(sub->c.status, "finished")) {
		cmd_error("%s:%d: campaign '%s' is over; turn %d, its last, is already resolved",
			  name, sub->doc.game_line, sub->c.name, sub->c.turn);
		return EXIT_DATAERR;
	}
	if (!sub->doc.n) {
		cmd_error("%s: expected a line 'SHIP <name>' followed by its actions", name);
		return EXIT_DATAERR;
	}
	if (!sub->doc.password[0]) {
		cmd_error("%s: expected a line 'PASSWORD <your password>'", name);
		return EXIT_DATAERR;
	}
	if (sub->doc.turn && sub->doc.turn != sub->c.turn) {
		cmd_error("%s: these orders are for turn %d, but %s; turn %d is open", name,
			  sub->doc.turn, sub->doc.turn < sub->c.turn ? "that turn is already resolved"
								   : "that turn has not begun",
			  sub->c.turn);
		return EXIT_DATAERR;
	}
	rc = db_turn_get(ctx->db, sub->c.id, sub->c.turn, &sub->t, err, sizeof(err));
	if (rc) {
		cmd_error("%s", rc == DB_NOT_FOUND ? "the open turn is missing" : err);
		return judge_db_exit(rc);
	}
	if (sub->t.resolved_at[0]) {
		cmd_error("%s: turn %d of '%s' is already resolved", name, sub->t.number, sub->c.name);
		return EXIT_DATAERR;
	}
	if (time_parse_iso(sub->t.deadline, &deadline)) {
		cmd_error("campaign '%s': bad deadline '%s'", sub->c.name, sub->t.deadline);
		return EXIT_FAIL;
	}
	sub->deadline = judge_effective_deadline(&sub->c, deadline, now);
	if (now > sub->deadline) {
		time_format_zone(sub->deadline, sub->s.timezone, when, sizeof(when));
		cmd_error("%s: turn %d of '%s' closed at %s; it takes no more orders", name,
			  sub->t.number, sub->c.name, when);
		return EXIT_DATAERR;
	}
	for (i = 0; i < sub->doc.n; i++) {
		const struct ship_orders *b = &sub->doc.blocks[i];
		struct db_ship ship;

		rc = db_ship_get(ctx->db, sub->c.id, b->ship, &ship, err, sizeof(err));
		if (rc == DB_NOT_FOUND) {
			cmd_error("%s:%d: campaign '%s' has no ship named '%s'", name, b->ship_line,
				  sub->c.name, b->ship);
			return EXIT_DATAERR;
		}
		if (rc) {
			cmd_error("%s", err);
			return judge_db_exit(rc);
		}
		if (i == 0) {
			rc = db_captain_get_id(ctx->db, ship.captain_id, &sub->cap, err, sizeof(err));
			if (rc) {
				cmd_error("%s", err);
				return judge_db_exit(rc);
			}
		} else if (ship.captain_id != sub->cap.id) {
			cmd_error("%s:%d: %s is not commanded by %s, the captain of %s", name,
				  b->ship_line, ship.name, sub->cap.name, sub->doc.blocks[0].ship);
			return EXIT_DATAERR;
		}
		if (i < sizeof(sub->ship_id) / sizeof(sub->ship_id[0]))
			sub->ship_id[i] = ship.id;
	}
	if (sub->doc.n > sizeof(sub->ship_id) / sizeof(sub->ship_id[0])) {
		cmd_error("%s: too many SHIP blocks", name);
		return EXIT_DATAERR;
	}
	if (!judge_verify_password(sub->cap.pwhash, sub->doc.password)) {
		if (other_captain(ctx, sub, sub->cap.id))
			cmd_error("%s:%d: %s is commanded by another captain; send orders only for "
				  "your own ships", name, sub->doc.blocks[0].ship_line,
				  sub->doc.blocks[0].ship);
		else
			cmd_error("%s: wrong password for %s", name, sub->doc.blocks[0].ship);
		return EXIT_DATAERR;
	}
	if (judge_state_load(&st, sub->t.state_before, sub->c.name, err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_FAIL;
	}
	rc = orders_validate(&sub->doc, &st, name, err, sizeof(err));
	game_state_release(&st);
	if (rc) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	return 0;
}

/* The orders as the judge read them, every block. */
static char *understood(const struct orders_doc *doc)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < doc->n; i++) {
		char *one = orders_format(&doc->blocks[i]);

		if (!one) {
			strbuf_release(&sb);
			return NULL;
		}
		strbuf_addstr(&sb, one);
		if (!doc->blocks[i].n)
			strbuf_addstr(&sb, "(no actions: idle all turn)\n");
		free(one);
	}
	return strbuf_detach(&sb, NULL);
}

/* Seals the checked orders; one transaction. */
static int seal(struct cmd_ctx *ctx, struct submission *sub, time_t now)
{
	struct db_order o, *current = NULL;
	struct db_campaign again;
	struct db_turn t;
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	json_t *data = NULL, *ships;
	struct db_message m;
	size_t ncur = 0, i, j;
	char err[512], digest[65], when[TIME_TEXT_MAX], got[TIME_TEXT_MAX];
	char *raw = judge_redact(sub->text), *plain = understood(&sub->doc);
	long long first = 0;
	int rc, ret = EXIT_FAIL, replaces = 0;

	memset(&again, 0, sizeof(again));
	memset(&t, 0, sizeof(t));
	if (!raw || !plain) {
		cmd_error("out of memory");
		goto out;
	}
	judge_digest(raw, digest);
	rc = db_begin(ctx->db, err, sizeof(err));
	if (rc)
		goto dberr;
	/* process may have resolved the turn since we looked: look again, locked. */
	if ((rc = db_campaign_get(ctx->db, sub->c.name, &again, err, sizeof(err))) ||
	    (rc = db_turn_get(ctx->db, sub->c.id, sub->c.turn, &t, err, sizeof(err))))
		goto dberr;
	if (again.turn != sub->c.turn || t.resolved_at[0] || !strcmp(again.status, "finished")) {
		cmd_error("%s: turn %d of '%s' was resolved while your orders were being checked; "
			  "nothing stored", sub->name, sub->c.turn, sub->c.name);
		ret = EXIT_DATAERR;
		goto out;
	}
	if ((rc = db_order_list(ctx->db, t.id, 1, &current, &ncur, err, sizeof(err))))
		goto dberr;
	for (i = 0; i < ncur; i++)
		for (j = 0; j < sub->doc.n; j++)
			replaces |= current[i].ship_id == sub->ship_id[j];
	for (i = 0; i < sub->doc.n; i++) {
		char *one = orders_format(&sub->doc.blocks[i]);

		memset(&o, 0, sizeof(o));
		o.turn_id = t.id;
		o.ship_id = sub->ship_id[i];
		o.captain_id = sub->cap.id;
		o.raw = raw;
		o.understood = one;
		snprintf(o.digest, sizeof(o.digest), "%s", digest);
		time_format_utc(now, o.received_at, sizeof(o.received_at));
		rc = one ? db_order_submit(ctx->db, &o, err, sizeof(err)) : DB_ERROR;
		free(one);
		if (rc)
			goto dberr;
		if (!first)
			first = o.id;
	}
	time_format_zone(sub->deadline, sub->s.timezone, when, sizeof(when));
	time_format_zone(now, sub->s.timezone, got, sizeof(got));
	/* The receipt's data: mxjudge-templates(5). */
	data = json_pack("{s:s,s:s,s:i,s:s,s:s,s:s,s:b,s:[]}", "campaign", sub->c.name,
			 "captain", sub->cap.name, "turn", t.number, "deadline", when,
			 "received_at", got, "digest", digest, "replaces", replaces, "ships");
	ships = json_object_get(data, "ships");
	for (i = 0; data && i < sub->doc.n; i++) {
		json_t *acts = json_array();
		int k;

		for (k = 0; k < sub->doc.blocks[i].n; k++)
			json_array_append_new(acts, json_pack("{s:i,s:s}", "n", k + 1, "action",
							      action_name(sub->doc.blocks[i].act[k])));
		json_array_append_new(ships, json_pack("{s:s,s:o}", "ship", sub->doc.blocks[i].ship,
						       "actions", acts));
	}
	if (!data || templates_render("receipt", reporting_templates_dir(&sub->s), data, &body,
				      err, sizeof(err)) < 0) {
		cmd_error("%s", data ? err : "out of memory");
		goto out;
	}
	strbuf_addf(&subject, "%s: orders received for turn %d", sub->c.name, t.number);
	memset(&m, 0, sizeof(m));
	m.campaign_id = sub->c.id;
	m.turn_id = t.id;
	snprintf(m.kind, sizeof(m.kind), "receipt");
	snprintf(m.key, sizeof(m.key), "receipt/%lld", first);
	snprintf(m.recipient, sizeof(m.recipient), "%s", sub->cap.email);
	time_format_utc(now, m.created_at, sizeof(m.created_at));
	m.subject = (char *)strbuf_str(&subject);
	m.body = (char *)strbuf_str(&body);
	if ((rc = db_outbox_add(ctx->db, &m, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!ctx->quiet)
		fputs(strbuf_str(&body), stdout);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	json_decref(data);
	strbuf_release(&body);
	strbuf_release(&subject);
	db_order_list_release(current, ncur);
	db_campaign_release(&again);
	db_turn_release(&t);
	free(raw);
	free(plain);
	return ret;
}

static int orders_run(struct cmd_ctx *ctx, int argc, char **argv, int store)
{
	static const struct option opts[] = {
		{ "now", required_argument, NULL, 'n' },
		{ NULL, 0, NULL, 0 }
	};
	const char *now_arg = NULL, *path = "-";
	struct submission sub;
	char err[512], when[TIME_TEXT_MAX];
	int opt, ret;
	time_t now;

	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (opt != 'n')
			return EXIT_USAGE;
		now_arg = optarg;
	}
	if (argc - optind > 1)
		return EXIT_USAGE;
	if (optind < argc)
		path = argv[optind];
	if (time_now(now_arg, &now)) {
		cmd_error("--now: expected an ISO 8601 time, got '%s'", now_arg);
		return EXIT_USAGE;
	}
	memset(&sub, 0, sizeof(sub));
	orders_doc_init(&sub.doc);
	sub.name = strcmp(path, "-") ? path : "<stdin>";
	sub.text = cmd_read_file(path, NULL, err, sizeof(err));
	if (!sub.text) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	ret = check(ctx, &sub, now);
	if (!ret && store) {
		ret = seal(ctx, &sub, now);
	} else if (!ret) {
		char *plain = understood(&sub.doc);

		time_format_zone(sub.deadline, sub.s.timezone, when, sizeof(when));
		if (!ctx->quiet)
			printf("Orders for turn %d of %s are valid (checked, not stored).\n"
			       "Deadline: %s\n\n%s", sub.c.turn, sub.c.name, when, plain ? plain : "");
		free(plain);
	}
	submission_release(&sub);
	return ret;
}

static int orders_submit(struct cmd_ctx *ctx, int argc, char **argv)
{
	return orders_run(ctx, argc, argv, 1);
}

static int orders_check(struct cmd_ctx *ctx, int argc, char **argv)
{
	return orders_run(ctx, argc, argv, 0);
}

const struct cmd orders_cmds[] = {
	{ "submit", "[FILE|-] [--now TIME]", orders_submit, NEED_DB,
	  "seal a captain's orders for the open turn and print the receipt", NULL },
	{ "check", "[FILE|-] [--now TIME]", orders_check, NEED_DB,
	  "check orders as submit would, storing nothing", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
