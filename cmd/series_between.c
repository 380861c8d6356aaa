/*
 * series_between: a series of battles between two of them, above judge/:
 * the report's UPGRADE block (judge/judge.c's report queue asks for it)
 * and UPGRADE orders (judge/submit.c hands them over and checks their
 * sender). Kept out of judge/series.c so that judge/ has no circle until
 * those two callers move above it; cmd/hover.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "hover.h"
#include "series.h"
#include "core/ruleset.h"
#include "core/hovercrafts/orders.h"
#include "db/battles.h"
#include "db/desk.h"
#include "judge/guard.h"
#include "judge/judge.h"
#include "judge/outbox.h"
#include "judge/series.h"
#include "judge/submit.h"
#include "judge/timeutil.h"
#include "lib/strbuf.h"

int series_between_model(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
			 long long captain_id, int code_turn, int create, json_t *model, char *err,
			 size_t errlen)
{
	struct campaign_rules rules;
	struct db_seat *ships = NULL;
	struct db_ledger *l = NULL;
	size_t nships = 0, nl = 0, i;
	json_t *between, *upgrades;
	char when[256];
	int rc, next, k;

	if (!series_between(db, c, s, &next, when, sizeof(when)))
		return 0;
	if (series_rules(c, &rules, err, errlen))
		return -1;
	if (db_seat_list(db, c->id, &ships, &nships, err, errlen) ||
	    db_ledger_list(db, c->id, 0, &l, &nl, err, errlen)) {
		free(ships);
		return -1;
	}
	between = json_pack("{s:i,s:i,s:s,s:[]}", "battle", next - 1, "next_battle", next, "when",
			    when, "upgrades");
	upgrades = json_object_get(between, "upgrades");
	for (i = 0, rc = 0; upgrades && !rc && i < nships; i++) {
		struct ship_book bk;
		struct hover_record rec;
		char code[JUDGE_CODE_LEN + 1] = "";
		json_t *one, *prices;
		int removed = 0;

		if (ships[i].captain_id != captain_id)
			continue;
		if (db_seat_removed(db, ships[i].id, &removed, err, errlen) ||
		    series_record_get(db, ships[i].id, &rec, err, errlen)) {
			free(ships);
			free(l);
			json_decref(between);
			return -1;
		}
		if (removed)
			continue;
		series_book_of(l, nl, ships[i].id, &bk);
		if (judge_order_code(db, c->id, ships[i].name, code_turn, create, code, err, errlen))
			code[0] = '\0';
		one = json_pack("{s:s,s:i,s:b,s:[]}", "ship", ships[i].name, "points", bk.points,
				"one_point", bk.points == 1, "prices");
		prices = json_object_get(one, "prices");
		for (k = 0; one && k < STAT_COUNT; k++) {
			struct strbuf line = STRBUF_INIT;
			int from = hover_record_stat(&rec, k);
			int cost = campaign_upgrade_cost(&rules, (enum ship_stat)k, from);

			/* A line of the block: take the first # off to buy the step. */
			strbuf_addf(&line, "# UPGRADE %-10s # ", stat_name((enum ship_stat)k));
			if (cost < 0)
				strbuf_addf(&line, "%s %d: at its cap", stat_name((enum ship_stat)k), from);
			else
				strbuf_addf(&line, "%s %d -> %d: %d point%s%s", stat_name((enum ship_stat)k),
					    from, from + 1, cost, cost == 1 ? "" : "s",
					    cost > bk.points ? " (more than you have)" : "");
			json_array_append_new(prices, json_pack("{s:s,s:s,s:i,s:i}", "stat",
				stat_name((enum ship_stat)k), "line", strbuf_str(&line), "from", from,
				"cost", cost));
			strbuf_release(&line);
		}
		if (one && code[0])
			json_object_set_new(one, "code", json_string(code));
		if (!one || json_array_append_new(upgrades, one))
			rc = -1;
	}
	free(ships);
	free(l);
	if (!between || rc) {
		json_decref(between);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return json_object_set_new(model, "between", between);
}

int series_upgrade_submit(struct db *db, const struct orders_doc *doc, const char *name,
			  const struct submit_auth *auth, time_t now, int store,
			  struct submit_result *res)
{
	struct db_campaign c;
	struct campaign_rules rules;
	struct judge_settings s;
	struct db_captain cap;
	struct db_battle last;
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	char err[256], *error = res->error;	/* err: shorter than error, which quotes it */
	size_t i, errlen = sizeof(res->error);
	struct submit_sender who;
	long long ids[1];
	const char *names[1], **blocks = NULL;
	char code_from[64], first[DB_NAME_MAX];
	int rc, ret = EXIT_DATAERR, k, battle = 0, wrong = 0;

	res->receipt = NULL;
	res->already = 0;
	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	memset(&cap, 0, sizeof(cap));
	memset(&who, 0, sizeof(who));
	if (doc->n)
		snprintf(res->ship, sizeof(res->ship), "%s", doc->blocks[0].ship);
	if ((rc = db_begin(db, err, sizeof(err))))
		goto dberr;
	rc = db_campaign_get(db, doc->game, &c, err, sizeof(err));
	if (!rc) {
		/* The reply is about this campaign, whatever else its captain plays. */
		snprintf(res->campaign, sizeof(res->campaign), "%s", c.name);
		snprintf(res->ruleset, sizeof(res->ruleset), "%s", c.ruleset);
		res->campaign_id = c.id;
		res->turn = c.turn;
	}
	if (rc == DB_NOT_FOUND) {
		snprintf(error, errlen, "%s:%d: no campaign named '%s' (expected the name from your report's GAME "
			  "line)", name, doc->game_line, doc->game);
		goto out;
	}
	if (rc)
		goto dberr;
	if (strcmp(c.status, "open")) {
		snprintf(error, errlen, "%s: campaign '%s' is %s: UPGRADE orders are taken only between battles",
			  name, c.name, !strcmp(c.status, "finished") ? "over" : "in a battle");
		goto out;
	}
	res->between = 1;
	if (series_rules(&c, &rules, err, sizeof(err)) ||
	    judge_settings_parse(&s, c.settings, err, sizeof(err))) {
		snprintf(error, errlen, "campaign '%s': %s", c.name, err);
		ret = EXIT_FAIL;
		goto out;
	}
	rc = db_battle_last(db, c.id, &last, err, sizeof(err));
	if (rc && rc != DB_NOT_FOUND)
		goto dberr;
	battle = rc ? 0 : last.number;
	/* As for moves: the password, or in mail the CODE of the report after the battle. */
	if (!doc->password[0] && !doc->code[0]) {
		snprintf(error, errlen, "%s: expected a line 'PASSWORD <your password>'%s", name,
			 auth && auth->sender && battle ? ", or the CODE line of your report after the battle" : "");
		goto out;
	}
	if (!doc->password[0] && (!auth || !auth->sender)) {
		snprintf(error, errlen, "%s: a CODE is taken only in mail from the captain's address; "
			 "expected a line 'PASSWORD <your password>'", name);
		goto out;
	}
	strbuf_addf(&body, "Upgrades in %s after battle %d:\n", c.name, battle);
	for (i = 0; i < doc->n; i++) {
		const struct ship_orders *b = &doc->blocks[i];
		struct db_seat ship;
		struct hover_record rec;
		int removed = 0, locked;

		if (b->n) {
			snprintf(error, errlen, "%s:%d: no battle is being fought: only UPGRADE lines are taken for %s",
				  name, b->line[0], b->ship);
			goto out;
		}
		rc = db_seat_get(db, c.id, b->ship, &ship, err, sizeof(err));
		if (rc == DB_NOT_FOUND) {
			snprintf(error, errlen, "%s:%d: campaign '%s' has no ship named '%s'", name, b->ship_line,
				  c.name, b->ship);
			goto out;
		}
		if (rc || (rc = db_seat_removed(db, ship.id, &removed, err, sizeof(err))))
			goto dberr;
		if (removed) {
			snprintf(error, errlen, "%s:%d: %s was removed from the campaign", name, b->ship_line, ship.name);
			goto out;
		}
		if (!cap.id) {
			if ((rc = db_captain_get_id(db, ship.captain_id, &cap, err, sizeof(err))))
				goto dberr;
			/* The one sender check of every submission (judge/submit.h). */
			if (!(blocks = calloc(doc->n, sizeof(*blocks)))) {
				snprintf(err, sizeof(err), "out of memory");
				rc = DB_ERROR;
				goto dberr;
			}
			for (k = 0; k < (int)doc->n; k++)
				blocks[k] = doc->blocks[k].ship;
			/* who outlives this block: the wrong secret is counted after the rollback. */
			ids[0] = ship.id;
			snprintf(first, sizeof(first), "%s", ship.name);
			names[0] = first;
			/* The first ship's lockout here, the others' below; the CODE may be any ship's. */
			who.code_seat = blocks;
			who.ncode_seats = doc->n;
			snprintf(code_from, sizeof(code_from), "your report after battle %d", battle);
			who.c = &c;
			who.s = &s;
			who.cap = &cap;
			who.seat_id = ids;
			who.seat = names;
			who.nseats = 1;
			who.seat_line = b->ship_line;
			who.password = doc->password;
			who.code = doc->code;
			who.code_turn = c.turn + 1;
			who.code_from = code_from;
			if ((ret = submit_check_address(db, &who, auth, name, res)) ||
			    (ret = submit_check_secret(db, &who, auth, name, now, res, &wrong)))
				goto out;
			ret = EXIT_DATAERR;
		} else if (cap.id != ship.captain_id) {
			snprintf(error, errlen, "%s:%d: %s is not commanded by %s", name, b->ship_line, ship.name,
				  cap.name);
			goto out;
		} else if (doc->password[0] &&
			   (locked = guard_check(db, &s, ship.id, ship.name, now, err, sizeof(err)))) {
			/* Every ship named is under its own lockout, as for moves. */
			if (locked == EXIT_DATAERR)
				res->auth_ship_id = ship.id;
			snprintf(error, errlen, "%s: %s", name, err);
			ret = locked;
			goto out;
		}
		strbuf_addf(&body, "\nSHIP %s\n", ship.name);
		for (k = 0; k < b->nup; k++) {
			int cost = 0;

			rc = series_buy(db, &c, &rules, &ship, battle, b->up[k], "(UPGRADE order)", now,
				 &cost, err, sizeof(err));
			if (rc == DB_NOT_FOUND) {
				snprintf(error, errlen, "%s:%d: UPGRADE %s for %s refused: %s; nothing was bought", name,
					  b->up_line[k], stat_name(b->up[k]), ship.name, err);
				goto out;
			}
			if (rc || (rc = series_record_get(db, ship.id, &rec, err, sizeof(err))))
				goto dberr;
			strbuf_addf(&body, "  UPGRADE %s: %s now %d, %d point%s spent\n",
				    stat_name(b->up[k]), stat_name(b->up[k]), hover_record_stat(&rec, b->up[k]),
				    cost, cost == 1 ? "" : "s");
		}
		{
			struct db_ledger *l = NULL;
			struct ship_book bk;
			size_t nl = 0;

			if ((rc = db_ledger_list(db, c.id, ship.id, &l, &nl, err, sizeof(err))) ||
			    (rc = series_record_get(db, ship.id, &rec, err, sizeof(err)))) {
				free(l);
				goto dberr;
			}
			series_book_of(l, nl, ship.id, &bk);
			free(l);
			strbuf_addf(&body, "  %d point%s left. ", bk.points, bk.points == 1 ? "" : "s");
			series_why_line(&rec, &bk, &body);
			strbuf_addstr(&body, ".\n");
		}
	}
	if (store) {
		struct outbox_mail m;
		char key[96], created[32];

		strbuf_addf(&subject, "%s: upgrades received", c.name);
		/* Keyed by the mail when there is one: the same mail read again buys nothing twice. */
		if (auth && auth->mail_id)
			snprintf(key, sizeof(key), "upgrade/mail/%lld", auth->mail_id);
		else
			snprintf(key, sizeof(key), "upgrade/%lld/%lld/%ld", c.id, cap.id, (long)now);
		time_format_utc(now, created, sizeof(created));
		memset(&m, 0, sizeof(m));
		m.campaign_id = c.id;
		m.kind = "receipt";
		m.key = key;
		m.recipient = cap.email;
		m.created_at = created;
		m.subject = strbuf_str(&subject);
		m.body = strbuf_str(&body);
		rc = outbox_queue(db, &m, NULL, err, sizeof(err));
		if (rc == DB_EXISTS) {
			res->already = 1;	/* bought from this mail before: undo these rows */
			rc = 0;
		} else if (rc || (rc = db_commit(db, err, sizeof(err)))) {
			goto dberr;
		}
	}
	res->receipt = strbuf_detach(&body, NULL);
	ret = res->receipt ? EXIT_OK : EXIT_FAIL;
	goto out;
dberr:
	snprintf(error, errlen, "%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(db);
	/* A wrong secret counts towards the lockout, in a transaction of its own. */
	ret = submit_count_wrong(db, &who, auth, wrong, now, ret, res);
	free(blocks);
	strbuf_release(&body);
	strbuf_release(&subject);
	judge_settings_release(&s);
	db_campaign_release(&c);
	return ret;
}

int series_orders_between(struct db *db, const struct ruleset *rs, const char *text,
			  const char *name, const struct submit_auth *auth, time_t now, int store,
			  struct submit_result *res)
{
	struct orders_doc doc;
	char err[512];
	int ret = -1;

	(void)rs;
	orders_doc_init(&doc);
	/* The judge read this text with the same parser before: it parses. */
	if (orders_parse(&doc, text, name, ORDERS_SUBMISSION, err, sizeof(err)) ||
	    !orders_has_upgrades(&doc))
		goto out;
	ret = series_upgrade_submit(db, &doc, name, auth, now, store, res);
	if (!ret && !(res->understood = strdup(res->receipt)))
		ret = EXIT_FAIL;
out:
	orders_doc_release(&doc);
	return ret;
}
