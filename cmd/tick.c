/*
 * mxjudge tick: the one command for cron, safe to run as often as liked
 * and at the same time as itself: fetch (when a mailbox is set), queue
 * reminders, process the due turns, send the mail. Quiet when nothing
 * happened; what went wrong goes to stderr and makes the exit non-zero,
 * and the later steps still run.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "mailer.h"
#include "timeutil.h"

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
	static const struct option opts[] = {
		{ "now", required_argument, NULL, 'n' },
		{ "smtp", required_argument, NULL, 's' },
		{ "imap", required_argument, NULL, 'i' },
		{ NULL, 0, NULL, 0 }
	};
	struct mail_settings ms;
	const char *now_arg = NULL;
	char now_text[TIME_TEXT_MAX];
	int opt, ret = EXIT_OK;
	time_t now;

	mailer_settings(&ms, ctx->db_path);
	while ((opt = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (opt) {
		case 'n': now_arg = optarg; break;
		case 's': snprintf(ms.smtp_url, sizeof(ms.smtp_url), "%s", optarg); break;
		case 'i': snprintf(ms.imap_url, sizeof(ms.imap_url), "%s", optarg); break;
		default: return EXIT_USAGE;
		}
	}
	if (optind != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	time_format_utc(now, now_text, sizeof(now_text));
	if (ms.imap_url[0])
		ret = worse(ret, mailer_fetch(ctx, &ms, now, 0));
	ret = worse(ret, mailer_remind(ctx, &ms, now, 0));
	{
		/* process as its own command would run, at the same instant. */
		char *pargv[] = { "process", "--now", now_text, NULL };
		int r;

		optind = 0;
		r = process_cmd[0].run(ctx, 3, pargv);
		ret = worse(ret, r == EXIT_USAGE ? EXIT_FAIL : r);
	}
	ret = worse(ret, mailer_send(ctx, &ms, now, 0));
	/* Received mail is not kept for ever (mxjudge-mail(1), SECURITY). */
	if (ms.keep_days > 0)
		ret = worse(ret, mailer_prune(ctx, ms.keep_days, now, 0));
	return ret;
}

const struct cmd tick_cmd[] = {
	{ "tick", "[--now TIME] [--smtp URL] [--imap URL]", tick_run, NEED_DB,
	  "the cron job: fetch, remind, process, send, prune old mail; quiet unless something happened", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
