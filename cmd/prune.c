/*
 * mxjudge mail prune: received mail is kept for the record, and once
 * read only as its headers and a short text (cmd/receive.c); after a
 * while not even that. Prune drops the stored bytes of every mail read
 * and received more than DAYS days ago, keeping its one-line record (so
 * the same mail delivered again is still known). tick prunes what is
 * older than MXJUDGE_MAIL_KEEP_DAYS (MAILER_KEEP_DAYS by default; 0 keeps
 * everything).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "db/mail.h"
#include "judge/judge.h"
#include "judge/mailer.h"
#include "judge/timeutil.h"

int mailer_prune(struct cmd_ctx *ctx, int days, time_t now, int verbose)
{
	char before[DB_TIME_MAX], err[512];
	long long n = 0;
	int rc;

	time_format_utc(now - (time_t)days * 24 * 60 * 60, before, sizeof(before));
	rc = db_mail_in_prune(ctx->db, before, &n, err, sizeof(err));
	if (rc) {
		cmd_error("mail prune: %s", err);
		return judge_db_exit(rc);
	}
	if ((verbose || n) && !ctx->quiet)
		printf("mail prune: %lld received message%s older than %d day%s pruned to its record\n",
		       n, n == 1 ? "" : "s", days, days == 1 ? "" : "s");
	return EXIT_OK;
}

static int older_than(const struct cmd_opt *o, const char *value)
{
	if (cmd_parse_int(value, 0, 100000, o->out)) {
		cmd_error("mail prune: expected a number of days after --older-than, got '%s'", value);
		return -1;
	}
	return 0;
}

int mailer_prune_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *now_arg = NULL;
	long days = -1;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_CHECK("older-than", older_than, &days),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc || days < 0) {
		cmd_error("mail prune: expected --older-than DAYS");
		return EXIT_USAGE;
	}
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	return mailer_prune(ctx, (int)days, now, 1);
}
