/*
 * mxjudge receive | fetch: mail in. receive reads one message on stdin
 * (from .forward, procmail or a Postfix pipe); fetch takes the unseen
 * messages of an IMAP mailbox. Each message is stored as it came before
 * anything reads it (judge/intake.c, mailer_take), then read and answered.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "judge/account.h"
#include "judge/answers.h"
#include "cmd.h"
#include "judge/desk.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "core/secret.h"
#include "core/names.h"
#include "db/desk.h"
#include "db/mail.h"
#include "db/security.h"
#include "judge/guard.h"
#include "judge/judge.h"
#include "lib/strbuf.h"
#include "mail/headers.h"
#include "mail/imap.h"
#include "mail/lock.h"
#include "mail/maildir.h"
#include "mail/parse.h"
#include "mail/reply.h"
#include "judge/mailer.h"
#include "judge/outbox.h"
#include "judge/press.h"
#include "process.h"
#include "judge/mailtext.h"
#include "reporting.h"
#include "judge/signup.h"
#include "judge/submit.h"
#include "judge/templates.h"
#include "judge/timeutil.h"

/* ---------- receive ---------- */

/*
 * Reads a whole message from fd (the mail agent waits for us), keeping at
 * most the limit: *len bytes kept (NUL-terminated) of *size read. 0, or
 * -1 with errno.
 */
static int read_message(int fd, char **out, size_t *len_out, size_t *size_out)
{
	char *raw = NULL;
	size_t len = 0, alloc = 0, size = 0;

	for (;;) {
		char buf[65536];
		ssize_t n = read(fd, buf, sizeof(buf));
		size_t take;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			goto fail;
		if (n == 0)
			break;
		size += (size_t)n;
		take = len < MAILER_MAX_MESSAGE + 1 ? MAILER_MAX_MESSAGE + 1 - len : 0;
		if (take > (size_t)n)
			take = (size_t)n;
		if (!take)
			continue;
		if (len + take + 1 > alloc) {
			size_t na = alloc ? alloc : sizeof(buf);
			char *nr;

			while (na < len + take + 1)
				na *= 2;
			if (!(nr = realloc(raw, na))) {
				errno = ENOMEM;
				goto fail;
			}
			raw = nr;
			alloc = na;
		}
		memcpy(raw + len, buf, take);
		len += take;
	}
	if (!raw && !(raw = malloc(1))) {
		errno = ENOMEM;
		goto fail;
	}
	if (size > MAILER_MAX_MESSAGE)
		len = MAILER_KEEP_LARGE;	/* the headers and a start, for the record */
	raw[len] = '\0';
	*out = raw;
	*len_out = len;
	*size_out = size;
	return 0;
fail:
	free(raw);
	return -1;
}

/* Messages taken between two syncs (and so moved to cur/ together). */
#define MAILDIR_BATCH 512

/* What became of one file of new/. */
enum maildir_outcome { MD_TAKEN, MD_GONE, MD_UNREADABLE, MD_STOP, MD_NOT_MAIL };

/* Takes dir/new/name as receive takes stdin. */
static enum maildir_outcome maildir_take(struct cmd_ctx *ctx, const char *dir, const char *name,
					 time_t now)
{
	char path[4096], *raw = NULL, err[4096];
	size_t len = 0, size = 0;
	int fd, r;

	snprintf(path, sizeof(path), "%s/new/%s", dir, name);
	fd = maildir_open_new(dir, name, err, sizeof(err));
	if (fd == MAILDIR_NOT_MAIL) {
		/* Never waited on, never followed: left for the game master to remove. */
		cmd_error("%s; left in new/, not read (remove it)", err);
		return MD_NOT_MAIL;
	}
	if (fd < 0 && errno == ENOENT)
		return MD_GONE;	/* a mail reader took it first */
	if (fd < 0 || read_message(fd, &raw, &len, &size)) {
		cmd_error("%s: %s; it stays in new/", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return MD_UNREADABLE;
	}
	close(fd);
	r = mailer_take(ctx, raw, len, size, "maildir", now);
	free(raw);
	/* The database stays busy, or cannot be written: the next ones would fail too. */
	return r == EXIT_TEMPFAIL ? MD_STOP : MD_TAKEN;
}

/*
 * receive --maildir DIR: each message of DIR/new as receive takes one, in
 * delivery order, in one process. A message leaves new/ only once the
 * commits that stored and answered it are durable (db_sync, once per
 * MAILDIR_BATCH), so a crash at any point loses none: what is still in
 * new/ is taken again next time and recognised if it was stored already.
 * A busy database stops the run (exit 75) after what came before it; a
 * file that cannot be read stays in new/, the rest are taken (exit 75).
 */
static int receive_maildir(struct cmd_ctx *ctx, const char *dir, time_t now)
{
	char **names = NULL, err[512];
	size_t n = 0, i, first = 0, taken = 0;
	int lock, ret = EXIT_OK, stop = 0;

	lock = mailer_lock(ctx->db_path, "maildir");
	if (lock == -1)
		return EXIT_OK;	/* another batch is at work */
	if (lock < 0) {
		cmd_error("%s.maildir.lock: %s", ctx->db_path, strerror(errno));
		return EXIT_FAIL;
	}
	if (maildir_list_new(dir, &names, &n, err, sizeof(err))) {
		cmd_error("%s", err);
		close(lock);
		return EXIT_FAIL;
	}
	while (first < n && !stop) {
		size_t end = n - first > MAILDIR_BATCH ? first + MAILDIR_BATCH : n;

		for (i = first; i < end; i++) {
			enum maildir_outcome o = maildir_take(ctx, dir, names[i], now);

			if (o == MD_STOP) {
				ret = EXIT_TEMPFAIL;
				stop = 1;
				break;
			}
			if (o == MD_UNREADABLE) {
				/* Left for the next run; the game master hears of it (exit 75). */
				if (ret == EXIT_OK)
					ret = EXIT_TEMPFAIL;
				names[i][0] = '\0';
			}
			if (o == MD_NOT_MAIL) {
				/* No later run will read it either: a person must look (exit 1). */
				ret = EXIT_FAIL;
				names[i][0] = '\0';
			}
			taken += o == MD_TAKEN;
		}
		if (i == first)
			break;
		if (db_sync(ctx->db, err, sizeof(err))) {
			cmd_error("%s; the messages stay in %s/new", err, dir);
			ret = EXIT_TEMPFAIL;
			break;
		}
		mailer_crash_point("maildir-synced");
		/* Left in new/, a message is only recognised as received before, next time. */
		for (; first < i; first++)
			if (names[first][0] && maildir_mark_read(dir, names[first]) && errno != ENOENT)
				cmd_error("%s/new/%s: cannot move it to cur/: %s", dir, names[first],
					  strerror(errno));
	}
	if (!ctx->quiet)
		printf("receive: %zu message%s taken from %s/new\n", taken, taken == 1 ? "" : "s", dir);
	maildir_names_free(names, n);
	close(lock);
	return ret;
}

static int receive_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *now_arg = NULL, *dir = NULL;
	char *raw = NULL, err[512];
	size_t len = 0, size = 0;
	int drc, ret;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("now", &now_arg),
		CMD_VALUE("maildir", &dir),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	if (!dir && read_message(STDIN_FILENO, &raw, &len, &size)) {
		cmd_error("reading the message: %s", strerror(errno));
		return EXIT_TEMPFAIL;
	}
	/* Any failure to store is temporary for the mail agent: it keeps the mail and retries. */
	drc = db_open_existing(&ctx->db, ctx->db_path, err, sizeof(err));
	if (drc == DB_NOT_FOUND) {
		cmd_no_database(ctx->db_path, 1);
		free(raw);
		return EXIT_TEMPFAIL;
	}
	if (drc) {
		cmd_error("%s; %s", err, dir ? "nothing was taken" : "the message was not stored");
		free(raw);
		return EXIT_TEMPFAIL;
	}
	if (dir)
		return receive_maildir(ctx, dir, now);
	ret = mailer_take(ctx, raw, len, size, "receive", now);
	free(raw);
	/* Exit 0 tells the mail agent to delete its copy: ours is on disk first. */
	if (ret == EXIT_OK && db_sync(ctx->db, err, sizeof(err))) {
		cmd_error("%s; the mail agent should deliver the message again", err);
		ret = EXIT_TEMPFAIL;
	}
	return ret;
}

/* ---------- fetch ---------- */

int mailer_fetch(struct cmd_ctx *ctx, const struct mail_settings *ms, time_t now, int verbose)
{
	struct imap_conf conf;
	struct imap_conn *ic = NULL;
	unsigned long *uids = NULL;
	size_t n = 0, i, taken = 0;
	char err[512];
	int lock, ret = EXIT_OK;

	if (ms->error[0]) {
		cmd_error("fetch: %s", ms->error);
		return EXIT_FAIL;
	}
	lock = mailer_lock(ctx->db_path, "fetch");
	if (lock == -1)
		return EXIT_OK;	/* another fetch is at work */
	if (lock < 0) {
		cmd_error("%s.fetch.lock: %s", ctx->db_path, strerror(errno));
		return EXIT_FAIL;
	}
	mailer_imap_conf(ms, &conf);
	if (imap_open(&ic, &conf, err, sizeof(err)) || imap_unseen(ic, &uids, &n, err, sizeof(err))) {
		cmd_error("fetch: %s", err);
		ret = EXIT_TEMPFAIL;
		goto out;
	}
	for (i = 0; i < n; i++) {
		char *data = NULL;
		size_t len = 0, size = 0;
		int r;

		if (imap_fetch(ic, uids[i], MAILER_MAX_MESSAGE, &data, &len, &size, err, sizeof(err))) {
			cmd_error("fetch: %s", err);
			ret = EXIT_TEMPFAIL;
			break;
		}
		if (size > len && len > MAILER_KEEP_LARGE)
			len = MAILER_KEEP_LARGE;
		r = mailer_take(ctx, data, len, size, "imap", now);
		free(data);
		if (r == EXIT_TEMPFAIL) {
			ret = r;	/* left unseen: taken again next time */
			break;
		}
		/* Seen means done to the server: on our disk first. */
		if (db_sync(ctx->db, err, sizeof(err))) {
			cmd_error("fetch: %s", err);
			ret = EXIT_TEMPFAIL;
			break;
		}
		mailer_crash_point("fetch-stored");
		/* Seen only once stored: a crash before this leaves it to the next fetch. */
		if (imap_mark_seen(ic, uids[i], err, sizeof(err))) {
			cmd_error("fetch: %s", err);
			ret = EXIT_TEMPFAIL;
			break;
		}
		taken++;
	}
	if (verbose && !ctx->quiet && taken)
		printf("fetch: %zu message%s taken\n", taken, taken == 1 ? "" : "s");
out:
	free(uids);
	imap_close(ic);
	close(lock);
	return ret;
}

static int fetch_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct mail_settings ms;
	const char *now_arg = NULL;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_CHECK("imap", cmd_opt_mail_url, &ms),
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
	if (!ms.imap_url[0]) {
		cmd_error("fetch: no mailbox (expected --imap URL or MXJUDGE_IMAP_URL)");
		return EXIT_USAGE;
	}
	return mailer_fetch(ctx, &ms, now, 1);
}

const struct cmd receive_cmd[] = {
	{ "receive", "[--now TIME] < MESSAGE | --maildir DIR", receive_run, 0,
	  "take one mail message on stdin (or each in DIR/new): store it, read its orders, queue "
	  "the answer", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};

const struct cmd fetch_cmd[] = {
	{ "fetch", "[--imap URL] [--now TIME]", fetch_run, NEED_DB | MAIL_IN,
	  "take the unseen messages of an IMAP mailbox as receive does", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
