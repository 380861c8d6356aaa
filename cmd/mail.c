/*
 * mxjudge mail send|remind|list|retry|confirm|inbox|prune: mail out, the
 * outbox's deliveries and the mail that came in. Sending and reminders
 * are judge/mailout.c's; the inbox is cmd/addresses.c's, prune cmd/prune.c's.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "judge/account.h"
#include "addresses.h"
#include "cmd.h"
#include "core/secret.h"
#include "db/desk.h"
#include "db/mail.h"
#include "judge/judge.h"
#include "play.h"
#include "lib/strbuf.h"
#include "mail/maildir.h"
#include "mail/mime.h"
#include "mail/smtp.h"
#include "judge/mailer.h"
#include "judge/outbox.h"
#include "judge/mailtext.h"
#include "reporting.h"
#include "judge/templates.h"
#include "judge/timeutil.h"
#include "judge/picture.h"

/* --maildir DIR: where mail goes without a server. */
static int maildir_option(const struct cmd_opt *o, const char *value)
{
	struct mail_settings *ms = o->out;

	snprintf(ms->maildir, sizeof(ms->maildir), "%s", value);
	return 0;
}

static int send_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct mail_settings ms;
	const char *now_arg = NULL;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_CHECK("smtp", cmd_opt_mail_url, &ms),
		CMD_CHECK("maildir", maildir_option, &ms),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	mailer_settings(&ms, ctx->db_path);
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	return mailer_send(ctx, &ms, now, 1);
}

/* --before H: the hours before a deadline a silent seat is reminded. */
static int before_option(const struct cmd_opt *o, const char *value)
{
	struct mail_settings *ms = o->out;
	long h;

	if (cmd_parse_int(value, 0, 24 * 366, &h)) {
		cmd_error("--before: expected hours (0 to 8784), got '%s'", value);
		return -1;
	}
	ms->remind_hours = (int)h;
	return 0;
}

static int remind_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct mail_settings ms;
	const char *now_arg = NULL;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_CHECK("before", before_option, &ms),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	mailer_settings(&ms, ctx->db_path);
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	return mailer_remind(ctx, &ms, now, 1);
}

/* ---------- list, retry, confirm ---------- */

/* One message as `mail list --json` shows it; the absent parts are null. */
static json_t *delivery_json(const struct db_delivery *d)
{
	return json_pack("{s:I, s:s, s:s, s:i, s:s, s:s, s:s?, s:s?, s:s?, s:s?}", "id",
			 (json_int_t)d->m.id, "state", d->state, "kind", d->m.kind, "attempts",
			 d->attempts, "to", d->m.recipient, "subject", d->m.subject, "message_id",
			 d->message_id[0] ? d->message_id : NULL, "in_reply_to",
			 d->in_reply_to[0] ? d->in_reply_to : NULL, "next_try",
			 d->next_try_at[0] && !strcmp(d->state, "queued") ? d->next_try_at : NULL,
			 "last_error", d->last_error[0] ? d->last_error : NULL);
}

static int list_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const char *const states[] = { "doubt", "failed", "sending", "final", "queued", NULL };
	size_t i, k, n, total = 0;
	char err[512];
	struct strbuf shown = STRBUF_INIT;
	json_t *arr = NULL;
	int rc, json = 0, ret = EXIT_OK;
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	if (json && !(arr = json_array())) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	for (k = 0; states[k]; k++) {
		struct db_delivery *list = NULL;

		rc = db_outbox_deliveries(ctx->db, states[k], NULL, &list, &n, err, sizeof(err));
		if (rc) {
			cmd_error("%s", err);
			ret = judge_db_exit(rc);
			goto out;
		}
		for (i = 0; i < n; i++, total++) {
			const struct db_delivery *d = &list[i];

			if (json) {
				json_array_append_new(arr, delivery_json(d));
				continue;
			}
			/* Subjects and errors quote mail and servers: shown without escapes. */
			printf("#%lld %-7s %-11s tries %d  to %s  ", d->m.id, d->state, d->m.kind,
			       d->attempts, mailtext_shown(d->m.recipient, 0, &shown));
			printf("%s\n", mailtext_shown(d->m.subject, 0, &shown));
			if (d->message_id[0])
				printf("    Message-ID: <%s>\n", mailtext_shown(d->message_id, 0, &shown));
			if (d->next_try_at[0] && !strcmp(d->state, "queued")) {
				char when[TIME_TEXT_MAX];

				/* Across campaigns: UTC, as people read it. */
				time_shown(d->next_try_at, "UTC", when, sizeof(when));
				printf("    next try:   %s\n", when);
			}
			if (d->last_error[0])
				printf("    last error: %s\n", mailtext_shown(d->last_error, 0, &shown));
		}
		db_outbox_deliveries_release(list, n);
	}
	if (!json) {
		if (!total)
			printf("Nothing waiting: every message is sent.\n");
		goto out;
	}
	ret = cmd_print_json(arr, JSON_PRESERVE_ORDER);
	arr = NULL;
out:
	strbuf_release(&shown);
	json_decref(arr);
	return ret;
}

static int by_id(struct cmd_ctx *ctx, int argc, char **argv, int confirm)
{
	char err[512], now_text[DB_TIME_MAX];
	long id;
	int rc;
	time_t now = time(NULL);

	if (argc != 2 || cmd_parse_int(argv[1], 1, 0x7fffffffL, &id))
		return EXIT_USAGE;
	time_format_utc(now, now_text, sizeof(now_text));
	rc = confirm ? db_outbox_confirm(ctx->db, id, now_text, err, sizeof(err))
		     : db_outbox_requeue(ctx->db, id, err, sizeof(err));
	if (rc == DB_ALREADY) {
		cmd_error("mail #%ld is not %s", id, confirm ? "in doubt" : "in doubt or failed");
		return EXIT_DATAERR;
	}
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	if (!ctx->quiet)
		printf("mail #%ld %s\n", id, confirm ? "marked sent" :
		       "queued again (same Message-ID); 'mail send' sends it");
	return EXIT_OK;
}

static int retry_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	char err[512];
	int rc, n;

	if (argc != 2 || strcmp(argv[1], "--all-failed"))
		return by_id(ctx, argc, argv, 0);
	rc = db_outbox_requeue_failed(ctx->db, &n, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	if (!ctx->quiet)
		printf("%d failed message%s queued again (same Message-ID); 'mail send' sends %s\n",
		       n, n == 1 ? "" : "s", n == 1 ? "it" : "them");
	return EXIT_OK;
}

static int confirm_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	return by_id(ctx, argc, argv, 1);
}

const struct cmd mail_cmds[] = {
	{ "send", "[--smtp URL] [--maildir DIR] [--now TIME]", send_run, NEED_DB,
	  "send the queued mail (SMTP, or the Maildir next to the database)", NULL },
	{ "remind", "[--before HOURS] [--now TIME]", remind_run, NEED_DB,
	  "queue one reminder to each captain whose orders are missing", NULL },
	{ "list", "[--json]", list_run, NEED_DB,
	  "show the mail not yet sent: queued, deferred, failed, in doubt", NULL },
	{ "inbox", "[NAME] [--json]", mail_inbox, NEED_DB,
	  "list the mail received (a campaign's, with NAME) and what became of each", NULL },
	{ "retry", "ID | --all-failed", retry_run, NEED_DB,
	  "queue a failed or in-doubt message (or every failed one) again, with the same Message-ID",
	  NULL },
	{ "confirm", "ID", confirm_run, NEED_DB,
	  "mark an in-doubt message sent (it did arrive)", NULL },
	{ "prune", "--older-than DAYS [--now TIME]", mailer_prune_run, NEED_DB,
	  "keep only the record of received mail older than DAYS days", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
