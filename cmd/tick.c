/*
 * mxjudge tick: the one command for cron, safe to run as often as liked
 * and at the same time as itself: fetch (when a mailbox is set), queue
 * reminders, process the due turns, send the mail. Quiet when nothing
 * happened, else one line per campaign something happened to (orders
 * taken, reminders, the turn resolved, mail sent) and where it stands;
 * what went wrong goes to stderr and makes the exit non-zero, and the
 * later steps still run.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "db/mail.h"
#include "judge/judge.h"
#include "lib/strbuf.h"
#include "judge/mailer.h"
#include "judge/timeutil.h"

/* A campaign as tick found it, to tell afterwards what changed. */
struct seen {
	long long id;
	char status[16];
	int turn;
	struct db_outbox_counts out;
};

/* Every campaign's state and outbox counts; NULL with *n 0 when they cannot be read. */
static struct seen *look(struct db *db, size_t *n)
{
	struct db_campaign *list = NULL;
	struct seen *v = NULL;
	char err[256];
	size_t i;

	*n = 0;
	if (db_campaign_list(db, &list, n, err, sizeof(err)) || !(v = calloc(*n + 1, sizeof(*v)))) {
		db_campaign_list_release(list, *n);
		*n = 0;
		return NULL;
	}
	for (i = 0; i < *n; i++) {
		v[i].id = list[i].id;
		snprintf(v[i].status, sizeof(v[i].status), "%s", list[i].status);
		v[i].turn = list[i].turn;
		db_outbox_count(db, list[i].id, &v[i].out, err, sizeof(err));
	}
	db_campaign_list_release(list, *n);
	return v;
}

static void count(struct strbuf *sb, long long n, const char *one, const char *many)
{
	if (n > 0)
		strbuf_addf(sb, "%s%lld %s", sb->len ? ", " : "", n, n == 1 ? one : many);
}

/* One line per campaign something happened to in this run: what, and where it stands. */
static void summary(struct cmd_ctx *ctx, const struct seen *before, size_t nb, time_t now)
{
	struct db_campaign *list = NULL;
	struct strbuf sb = STRBUF_INIT;
	char err[256];
	size_t n = 0, i, k;

	if (db_campaign_list(ctx->db, &list, &n, err, sizeof(err)))
		return;
	for (i = 0; i < n; i++) {
		const struct db_campaign *c = &list[i];
		struct seen was;
		struct db_outbox_counts out;
		struct judge_settings s;
		struct db_turn t;
		time_t deadline;
		char when[TIME_TEXT_MAX];

		memset(&was, 0, sizeof(was));
		for (k = 0; k < nb; k++)
			if (before[k].id == c->id)
				was = before[k];
		if (db_outbox_count(ctx->db, c->id, &out, err, sizeof(err)))
			continue;
		strbuf_reset(&sb);
		count(&sb, out.receipts - was.out.receipts, "order received", "orders received");
		count(&sb, out.reminders - was.out.reminders, "reminder queued", "reminders queued");
		if (was.id && c->turn != was.turn && !strcmp(was.status, "running"))
			strbuf_addf(&sb, "%sturn %d resolved", sb.len ? ", " : "", was.turn);
		if (was.id && strcmp(c->status, was.status) && !strcmp(c->status, "running"))
			strbuf_addf(&sb, "%sthe next battle started", sb.len ? ", " : "");
		count(&sb, out.sent - was.out.sent, "message sent", "messages sent");
		count(&sb, out.failed - was.out.failed, "message failed", "messages failed");
		if (!sb.len)
			continue;	/* quiet unless something happened */
		printf("%s: %s; ", c->name, strbuf_str(&sb));
		memset(&s, 0, sizeof(s));
		memset(&t, 0, sizeof(t));
		if (!strcmp(c->status, "finished"))
			printf("the campaign is over%s%s\n", c->result[0] ? ": " : "", c->result);
		else if (!strcmp(c->status, "open"))
			printf("no turn open\n");
		else if (!judge_settings_parse(&s, c->settings, err, sizeof(err)) &&
			 !db_turn_get(ctx->db, c->id, c->turn, &t, err, sizeof(err)) &&
			 !time_parse_iso(t.deadline, &deadline)) {
			time_format_zone(judge_effective_deadline(c, deadline, now), s.timezone, when,
					 sizeof(when));
			printf("turn %d %s %s\n", c->turn, strcmp(c->status, "paused") ? "due by" :
			       "paused, due by", when);
		} else {
			printf("turn %d open\n", c->turn);
		}
		db_turn_release(&t);
		judge_settings_release(&s);
	}
	strbuf_release(&sb);
	db_campaign_list_release(list, n);
}

/* The worse of two exit codes: a real failure over a temporary one. */
static int worse(int a, int b)
{
	if (a == EXIT_OK)
		return b;
	if (b == EXIT_OK || a == EXIT_FAIL)
		return a;
	return b == EXIT_FAIL ? b : a;
}

static int tick_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct mail_settings ms;
	const char *now_arg = NULL;
	char now_text[TIME_TEXT_MAX];
	struct seen *before = NULL;
	size_t nbefore = 0;
	int ret = EXIT_OK;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("now", &now_arg),
		CMD_CHECK("smtp", cmd_opt_mail_url, &ms),
		CMD_CHECK("imap", cmd_opt_mail_url, &ms),
		CMD_END
	};

	mailer_settings(&ms, ctx->db_path);
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	time_format_utc(now, now_text, sizeof(now_text));
	before = ctx->quiet ? NULL : look(ctx->db, &nbefore);
	if (ms.imap_url[0])
		ret = worse(ret, mailer_fetch(ctx, &ms, now, 0));
	ret = worse(ret, mailer_remind(ctx, &ms, now, 0));
	{
		/* process as its own command would run, at the same instant. */
		char *pargv[] = { "process", "--now", now_text, NULL };
		int r;

		int quiet = ctx->quiet;

		optind = 0;
		ctx->quiet = 1;	/* the summary below says it */
		r = process_cmd[0].run(ctx, 3, pargv);
		ctx->quiet = quiet;
		ret = worse(ret, r == EXIT_USAGE ? EXIT_FAIL : r);
	}
	ret = worse(ret, mailer_send(ctx, &ms, now, 0));
	/* Received mail is not kept for ever (mxjudge-mail(1), SECURITY). */
	if (ms.keep_days > 0)
		ret = worse(ret, mailer_prune(ctx, ms.keep_days, now, 0));
	if (before)
		summary(ctx, before, nbefore, now);
	free(before);
	return ret;
}

const struct cmd tick_cmd[] = {
	{ "tick", "[--now TIME] [--smtp URL] [--imap URL]", tick_run, NEED_DB,
	  "the cron job: fetch, remind, process, send, prune old mail; quiet unless something happened", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
