/*
 * remind: `mail remind`: one reminder per silent seat due of each running
 * campaign, in the last hours before the deadline, never twice
 * (judge/remind.h, judge/mailer.h).
 */
#include "remind.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "account.h"
#include "cmd/cmd.h"
#include "cmd/reporting.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "db/battles.h"
#include "db/db.h"
#include "db/desk.h"
#include "db/mail.h"
#include "db/play.h"
#include "game.h"
#include "judge.h"
#include "lib/strbuf.h"
#include "mailer.h"
#include "outbox.h"
#include "templates.h"
#include "timeutil.h"

/*
 * Reminds the seats of such a campaign that are due and have sent nothing,
 * once per turn each, in the last hours before the deadline
 * (templates/reminder.mustache, with the game's own order form).
 */
int play_remind(struct cmd_ctx *ctx, const struct db_campaign *c, int hours, time_t now,
		size_t *queued)
{
	const struct ruleset *rs = play_game_of(c);
	struct judge_settings s;
	struct db_turn t;
	struct db_order *orders = NULL;
	json_t *state = NULL, *due = NULL;
	json_error_t jerr;
	size_t norders = 0, i, k;
	char err[512], now_text[DB_TIME_MAX], when[TIME_TEXT_MAX];
	time_t deadline, opened, window;
	int rc = 0, ret = 0;

	memset(&s, 0, sizeof(s));
	memset(&t, 0, sizeof(t));
	if (!rs || judge_settings_parse(&s, c->settings, err, sizeof(err)) ||
	    db_turn_get(ctx->db, c->id, c->turn, &t, err, sizeof(err)) || t.resolved_at[0] ||
	    time_parse_iso(t.deadline, &deadline))
		goto out;
	deadline = judge_effective_deadline(c, deadline, now);
	window = (time_t)hours * 3600;
	/*
	 * Never in the first half of a turn: with 24-hour turns and the 24
	 * hours' default, the first tick after a start would mail every
	 * seat "no orders yet" before anyone could have read the report.
	 */
	if (!time_parse_iso(t.opened_at, &opened) && opened < deadline &&
	    window > (deadline - opened) / 2)
		window = (deadline - opened) / 2;
	if (now >= deadline || now < deadline - window)
		goto out;
	if (!(state = json_loads(t.state_before, 0, &jerr)) ||
	    (rc = db_order_list(ctx->db, t.id, 1, &orders, &norders, err, sizeof(err))))
		goto out;
	due = engine_waiting_for(rs, state);
	time_format_utc(now, now_text, sizeof(now_text));
	time_format_zone(deadline, s.timezone, when, sizeof(when));
	for (i = 0; i < json_array_size(due); i++) {
		const char *name = json_string_value(json_array_get(due, i));
		struct db_seat seat;
		json_t *data, *form;
		int have = 0, one;

		for (k = 0; k < norders && !have; k++)
			have = !strcasecmp(orders[k].ship, name);
		if (have || db_seat_get(ctx->db, c->id, name, &seat, err, sizeof(err)))
			continue;
		form = engine_order_form(rs, state, seat.name);
		data = json_pack("{s:s,s:s,s:s,s:s,s:i,s:i,s:s,s:o}", "campaign", c->name,
				 "game_title", rs->title, "seat_word", rs->seat_word, "seat", seat.name,
				 "turn", t.number, "next_turn", t.number, "deadline", when, "order_form",
				 form ? form : json_string(""));
		if (data && rs->seat_summary) {
			json_t *more = rs->seat_summary(state, seat.name);

			if (!more || json_object_update(data, more)) {
				json_decref(data);
				data = NULL;
			}
			json_decref(more);
		}
		if (!data) {
			snprintf(err, sizeof(err), "out of memory");
			rc = DB_ERROR;
			goto dberr;
		}
		rc = mailer_queue_reminder(ctx, c, &s, &t, &seat, "reminder", data, now_text, &one,
					   err, sizeof(err));
		json_decref(data);
		if (rc == MAILER_NO_TEMPLATE) {
			cmd_error("campaign '%s': %s", c->name, err);
			ret = EXIT_FAIL;
			continue;
		}
		if (rc)
			goto dberr;
		*queued += (size_t)one;
	}
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	json_decref(state);
	json_decref(due);
	db_order_list_release(orders, norders);
	db_turn_release(&t);
	judge_settings_release(&s);
	return ret;
}

int mailer_queue_reminder(struct cmd_ctx *ctx, const struct db_campaign *c,
			  const struct judge_settings *s, const struct db_turn *t,
			  const struct db_seat *ship, const char *template, json_t *data,
			  const char *now_text, int *queued, char *err, size_t errlen)
{
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	struct outbox_mail m;
	char key[96];
	char code[JUDGE_CODE_LEN + 1];
	int rc;

	*queued = 0;
	/* Nobody to remind: a captain away at the deadline (SET ABSENCE), or a vacant seat. */
	{
		const char *seat = ship->name;
		time_t deadline, until;
		int away = ACCOUNT_PRESENT;

		if (!time_parse_iso(t->deadline, &deadline) &&
		    (rc = account_away(ctx->db, c, deadline, &seat, 1, &until, &away, 1, err, errlen)))
			return rc;
		if (away != ACCOUNT_PRESENT)
			return 0;
	}
	if ((rc = db_begin(ctx->db, err, errlen)))
		return rc;
	rc = db_reminder_add(ctx->db, t->id, ship->id, now_text, err, errlen);
	if (rc == DB_EXISTS) {	/* reminded before: never twice */
		db_rollback(ctx->db);
		return 0;
	}
	if (!rc)
		rc = judge_order_code(ctx->db, c->id, ship->name, t->number, 1, code, err, errlen);
	if (rc)
		goto out;
	json_object_set_new(data, "code", json_string(code));
	if (templates_render_game(reporting_game(s), template, reporting_templates_dir(s), data,
				  &body, err, errlen) < 0) {
		rc = MAILER_NO_TEMPLATE;
		goto out;
	}
	strbuf_addf(&subject, "%s: no orders yet for %s, turn %d", c->name, ship->name, t->number);
	snprintf(key, sizeof(key), "reminder/%lld/%lld", t->id, ship->id);
	memset(&m, 0, sizeof(m));
	m.campaign_id = c->id;
	m.turn_id = t->id;
	m.kind = "reminder";
	m.key = key;
	m.recipient = ship->email;
	m.subject = strbuf_str(&subject);
	m.body = strbuf_str(&body);
	m.created_at = now_text;
	rc = outbox_queue(ctx->db, &m, NULL, err, errlen);
	if (rc == DB_EXISTS)
		rc = 0;
	if (!rc)
		rc = db_commit(ctx->db, err, errlen);
	*queued = !rc;
out:
	db_rollback(ctx->db);
	strbuf_release(&body);
	strbuf_release(&subject);
	return rc;
}

/* Reminds the captains of one campaign whose orders are missing; counts in *queued. */
int mailer_remind(struct cmd_ctx *ctx, const struct mail_settings *ms, time_t now, int verbose)
{
	struct db_campaign *list = NULL;
	size_t n = 0, i, queued = 0;
	char err[512];
	int rc, ret = EXIT_OK;

	if (ms->remind_hours <= 0)
		return EXIT_OK;
	rc = db_campaign_list(ctx->db, &list, &n, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	for (i = 0; i < n; i++) {
		if (strcmp(list[i].status, "running") && strcmp(list[i].status, "paused"))
			continue;
		rc = play_remind(ctx, &list[i], ms->remind_hours, now, &queued);
		if (rc && (ret == EXIT_OK || rc == EXIT_TEMPFAIL))
			ret = rc;
	}
	db_campaign_list_release(list, n);
	if (verbose && !ctx->quiet && queued)
		printf("mail: %zu reminder%s queued\n", queued, queued == 1 ? "" : "s");
	else if (verbose && !ctx->quiet && ret == EXIT_OK)
		printf("mail: no reminder due (each silent captain gets one, %d hours before the "
		       "deadline)\n", ms->remind_hours);
	return ret;
}
