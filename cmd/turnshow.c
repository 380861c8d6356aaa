/*
 * turnshow: `turn show` of a campaign of any game behind core/ruleset.h:
 * what the public may know of a turn (cmd/turnshow.h); it prints, so it lives with the commands.
 */
#include "turnshow.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "db/battles.h"
#include "db/db.h"
#include "db/play.h"
#include "judge/game.h"
#include "judge/judge.h"
#include "judge/packs.h"
#include "judge/timeutil.h"

/*
 * `turn show` of such a campaign: what the public may know of a turn. The
 * states and events as the public sees them, the open draws once the turn
 * is resolved, the sealed ones once the game is over; orders show their
 * digest, and their text once resolved (a game with hidden information:
 * once it is over, as they would reveal hands).
 */
int play_turn_show(struct cmd_ctx *ctx, const struct db_campaign *c,
		   const struct judge_settings *s, int number, int json)
{
	const struct ruleset *rs = play_game_of(c);
	struct db_turn t;
	struct db_order *o = NULL;
	struct db_event *ev = NULL;
	struct db_draw *d = NULL;
	struct db_root root;
	size_t no = 0, nev = 0, nd = 0, i;
	json_t *out = NULL, *list, *all_events = json_array(), *pub, *st, *packs = NULL;
	json_error_t jerr;
	char err[512], commit[65], when[TIME_TEXT_MAX];
	int rc, ret = EXIT_FAIL, over = !strcmp(c->status, "finished"), resolved;
	int open_orders, sealed_digest;

	memset(&t, 0, sizeof(t));
	memset(&root, 0, sizeof(root));
	rc = db_turn_get(ctx->db, c->id, number, &t, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no turn %d (turns 0 to %d)", c->name, number, c->turn);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (rc || (rc = db_order_list(ctx->db, t.id, 0, &o, &no, err, sizeof(err))) ||
	    (rc = db_event_list(ctx->db, t.id, &ev, &nev, err, sizeof(err))) ||
	    (rc = db_draw_list(ctx->db, t.id, &d, &nd, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	db_root_get(ctx->db, c->id, &root, err, sizeof(err));
	resolved = t.resolved_at[0] != '\0';
	open_orders = over || (resolved && !(rs->flags & RULESET_HIDDEN));
	/*
	 * A digest of a short order can be guessed offline (a plan of the
	 * Operator's: issue 28): a hidden game's wait for its text, at the end.
	 */
	sealed_digest = !over && (rs->flags & RULESET_HIDDEN);
	judge_seed_commitment(c->name, t.number, t.seed, commit);
	out = json_pack("{s:s,s:s,s:i,s:s,s:s,s:s?,s:s?,s:b}", "campaign", c->name, "game", rs->name,
			"turn", t.number, "commitment", commit, "deadline", t.deadline, "resolved",
			resolved ? t.resolved_at : NULL, "seed", resolved ? t.seed : NULL, "over", over);
	if (!out || !all_events)
		goto nomem;
	if (rs->view_data && !over && !(packs = play_packs_of(ctx->db, c->id, err, sizeof(err)))) {
		cmd_error("%s", err);
		goto out;
	}
	/* Once the game is over nothing is hidden: whole states, so anyone can replay it. */
	st = json_loads(t.state_before, 0, &jerr);
	json_object_set_new(out, "state_before", !st ? json_null() : over ? json_incref(st)
					       : engine_view_data(rs, st, NULL, packs));
	json_decref(st);
	st = t.state_after ? json_loads(t.state_after, 0, &jerr) : NULL;
	json_object_set_new(out, "state_after", !st ? json_null() : over ? json_incref(st)
					      : engine_view_data(rs, st, NULL, packs));
	json_decref(st);
	for (i = 0; i < nev; i++) {
		json_t *e = json_loads(ev[i].json, 0, &jerr);

		if (e)
			json_array_append_new(all_events, e);
	}
	pub = over ? json_incref(all_events) : engine_events_for(all_events, NULL);
	json_object_set_new(out, "events", pub);
	list = json_array();
	/* A game whose draw lines name hidden characters shows them at the end (issue 28). */
	for (i = 0; list && i < nd && resolved; i++)
		if (over || (strncmp(d[i].stream, "sealed", 6) && !(rs->flags & RULESET_DRAWS_NAME)))
			json_array_append_new(list, json_pack("{s:s,s:s}", "stream", d[i].stream, "draw",
							      d[i].line));
	json_object_set_new(out, "draws", list);
	list = json_array();
	for (i = 0; list && i < no; i++) {
		json_t *one = json_pack("{s:s,s:s,s:s?,s:b}", "seat", o[i].ship, "received",
					o[i].received_at, "digest", sealed_digest ? NULL : o[i].digest,
					"current", o[i].current);

		if (one && open_orders) {
			json_object_set_new(one, "understood", json_string(o[i].understood));
			if (o[i].reading)
				json_object_set_new(one, "reading", json_loads(o[i].reading, 0, &jerr));
		}
		json_array_append_new(list, one);
	}
	json_object_set_new(out, "orders", list);
	if (root.commitment[0]) {
		struct judge_settings js;
		char e[256];

		json_object_set_new(out, "sealed", json_pack("{s:s,s:s?}", "commitment", root.commitment,
							     "root", root.revealed_at[0] ? root.root : NULL));
		/* The data packs the turn read, by name and digest (never their text). */
		if (rs->resolve_data) {
			json_t *read = play_packs_of(ctx->db, c->id, e, sizeof(e)), *pv, *dd;
			const char *kind;

			dd = json_object();
			json_object_foreach(read, kind, pv)
				json_object_set_new(dd, kind, json_pack("{s:O?,s:O?}", "name",
									  json_object_get(pv, "name"), "digest",
									  json_object_get(pv, "digest")));
			json_object_set_new(out, "data", dd);
			json_decref(read);
		}
		/* A run of a duplicate set was sealed under the set's name. */
		if (!judge_settings_parse(&js, c->settings, e, sizeof(e))) {
			if (js.duplicate_of[0])
				json_object_set_new(json_object_get(out, "sealed"), "set",
						    json_string(js.duplicate_of));
			judge_settings_release(&js);
		}
	}
	if (json) {
		ret = cmd_print_json(out, JSON_PRESERVE_ORDER);
		out = NULL;
		goto out;
	}
	printf("Campaign %s (%s), turn %d%s\n", c->name, rs->name, t.number, t.number ? "" : " (setup)");
	/* Times as people read them, in the campaign's zone; a solo game's limit is no deadline. */
	time_shown(t.deadline, s->timezone, when, sizeof(when));
	printf("  %s %s\n", rs->flags & RULESET_SOLO ? "idle end:" : "deadline:", when);
	time_shown(t.resolved_at, s->timezone, when, sizeof(when));
	printf("  resolved: %s\n", resolved ? when : "not yet");
	printf("  seed:     %s\n  sealed:   %s\n", resolved ? t.seed : "not revealed yet", commit);
	printf("\nOrders\n");
	for (i = 0; i < no; i++) {
		time_shown(o[i].received_at, s->timezone, when, sizeof(when));
		printf("  %-14s %s  %s%s\n", o[i].ship, when,
		       sealed_digest ? "(digest shown when the game is over)" : o[i].digest,
		       o[i].current ? "" : "  (replaced)");
	}
	if (!no)
		printf("  none\n");
	printf("\nEvents\n");
	json_array_foreach(pub, i, st) {
		char *line = json_dumps(st, JSON_COMPACT | JSON_PRESERVE_ORDER);

		printf("  %s\n", line ? line : "");
		free(line);
	}
	if (!json_array_size(pub))
		printf("  none\n");
	printf("\nDraws\n");
	list = json_object_get(out, "draws");
	json_array_foreach(list, i, st)
		printf("  %-7s %s\n", json_string_value(json_object_get(st, "stream")),
		       json_string_value(json_object_get(st, "draw")));
	if (!json_array_size(list))
		printf("  %s\n", !resolved ? "none yet" : rs->flags & RULESET_DRAWS_NAME ?
		       "none shown (they name who drew: shown when the game is over)" :
		       "none shown (sealed ones are shown when the game is over)");
	ret = EXIT_OK;
	goto out;
nomem:
	cmd_error("out of memory");
out:
	json_decref(out);
	json_decref(all_events);
	json_decref(packs);
	sodium_memzero(&root, sizeof(root));
	db_order_list_release(o, no);
	db_event_list_release(ev, nev);
	db_draw_list_release(d, nd);
	db_turn_release(&t);
	return ret;
}
