/*
 * mailout: mail out, for `mxjudge mail send` and tick (cmd/mail.c; the
 * reminders of `mail remind` are judge/remind.c).
 *
 * mailer_send() delivers the outbox: over SMTP when a server is set, else
 * into the Maildir next to the database. Each message is built as MIME when it is
 * sent, with a Message-ID made once and kept, so a retry is the same
 * message. Nothing is sent twice: a message is claimed (state "sending")
 * before a byte goes out, marked "final" when every byte is handed over
 * and only the end-of-data mark is left, and "sent" once the server said
 * 250. A crash while "sending" is safe to redo (the server drops a
 * message without its end); a crash in "final" leaves the message in
 * doubt, and it is not sent again until someone looks (retry, confirm):
 * at most once, never twice. The Maildir needs no doubt: whether a file
 * arrived can be checked.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "account.h"
#include "cmd/cmd.h"
#include "core/secret.h"
#include "db/desk.h"
#include "db/mail.h"
#include "judge.h"
#include "cmd/play.h"
#include "lib/strbuf.h"
#include "mail/maildir.h"
#include "mail/mime.h"
#include "mail/smtp.h"
#include "mailer.h"
#include "outbox.h"
#include "mailtext.h"
#include "cmd/reporting.h"
#include "templates.h"
#include "timeutil.h"
#include "picture.h"

/* ---------- send ---------- */

struct sending {
	struct cmd_ctx *ctx;
	long long id;
	int failed;
};

/* Called by smtp_send as the data goes out; see the top of the file. */
static int on_progress(void *arg, size_t sent, int last)
{
	struct sending *s = arg;
	char err[512];

	if (sent > 0)
		mailer_crash_point("mail-data");
	if (!last)
		return 0;
	if (db_outbox_final(s->ctx->db, s->id, err, sizeof(err))) {
		/* Unrecorded, the end must not go out: stop here, try again later. */
		cmd_error("%s", err);
		s->failed = 1;
		return 1;
	}
	mailer_crash_point("mail-final");
	return 0;
}

/* The next try after n temporary failures: 5 min, 10, 20 ... at most 6 h. */
static time_t backoff(int attempts)
{
	time_t d = 300;

	while (--attempts > 0 && d < 6 * 3600)
		d *= 2;
	return d > 6 * 3600 ? 6 * 3600 : d;
}

static void new_message_id(const struct mail_settings *ms, long long id, char *buf, size_t len)
{
	unsigned char r[8];
	char hex[17];
	const char *at = strchr(ms->from, '@');

	if (sodium_init() < 0)
		abort();
	randombytes_buf(r, sizeof(r));
	sodium_bin2hex(hex, sizeof(hex), r, sizeof(r));
	snprintf(buf, len, "mxjudge.%lld.%s@%s", id, hex, at && at[1] ? at + 1 : "localhost");
}

/* The Maildir file of a message: fixed by its row and Message-ID. */
static void maildir_name(const struct db_delivery *d, char *buf, size_t len)
{
	uint32_t h = 2166136261u;
	const char *p;

	for (p = d->message_id; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	snprintf(buf, len, "mxjudge.M%lld.%08x", d->m.id, (unsigned)h);
}

/* Delivers one claimed message; a mail_result. */
static enum mail_result deliver(struct cmd_ctx *ctx, const struct mail_settings *ms,
				long long deadline_ms, const struct db_delivery *d, const char *data,
				size_t len, char *err, size_t errlen)
{
	struct sending s = { ctx, d->m.id, 0 };
	struct smtp_conf conf;
	char name[128];
	enum mail_result r;

	if (!ms->smtp_url[0]) {
		maildir_name(d, name, sizeof(name));
		/* Arrived before a crash? Then it is delivered; else (again) now. */
		if (maildir_has(ms->maildir, name))
			return MAIL_SENT;
		mailer_crash_point("mail-data");
		return maildir_deliver(ms->maildir, name, data, len, err, errlen) ? MAIL_TEMP : MAIL_SENT;
	}
	mailer_smtp_conf(ms, &conf);
	conf.deadline_ms = deadline_ms;
	r = smtp_send(&conf, ms->from, d->m.recipient, data, len, on_progress, &s, err, errlen);
	if (s.failed)
		r = MAIL_TEMP;
	return r;
}

int mailer_send(struct cmd_ctx *ctx, const struct mail_settings *ms, time_t now, int verbose)
{
	struct db_delivery *due = NULL;
	size_t n = 0, i, sent = 0, deferred = 0, failed = 0;
	char err[512], now_text[DB_TIME_MAX];
	int lock, rc, requeued, doubt, ret = EXIT_OK;
	/* One deadline for the run: a stalling server holds it up this long at most. */
	long long deadline_ms = mailer_run_deadline();

	if (ms->smtp_url[0] && ms->error[0]) {
		cmd_error("mail: %s", ms->error);
		return EXIT_FAIL;
	}
	lock = mailer_lock(ctx->db_path, "send");
	if (lock == -1)
		return EXIT_OK;	/* another sender is at work; it will send these */
	if (lock < 0) {
		cmd_error("%s.send.lock: %s", ctx->db_path, strerror(errno));
		return EXIT_FAIL;
	}
	time_format_utc(now, now_text, sizeof(now_text));
	/* Under the lock, a message still being sent is one a crash interrupted. */
	rc = db_outbox_recover(ctx->db, &requeued, &doubt, err, sizeof(err));
	if (!rc && doubt)
		cmd_error("mail: %d message%s interrupted after all the data went out: the server may "
			  "have %s; not sent again (see 'mxjudge mail list', then 'mail retry' or "
			  "'mail confirm')", doubt, doubt == 1 ? "" : "s", doubt == 1 ? "it" : "them");
	if (!rc)
		rc = db_outbox_deliveries(ctx->db, "queued", now_text, &due, &n, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		close(lock);
		return judge_db_exit(rc);
	}
	for (i = 0; i < n; i++) {
		struct db_delivery *d = &due[i];
		struct mime_msg mm;
		char *data;
		unsigned char *png = NULL;
		size_t len, png_len = 0;
		enum mail_result r;
		char why[512] = "";

		if (!d->message_id[0])
			new_message_id(ms, d->m.id, d->message_id, sizeof(d->message_id));
		rc = db_outbox_claim(ctx->db, d->m.id, d->message_id, now_text, err, sizeof(err));
		if (rc == DB_ALREADY)
			continue;
		if (rc) {
			cmd_error("%s", err);
			ret = judge_db_exit(rc);
			break;
		}
		/* The Message-ID kept before wins over the one just made. */
		{
			struct db_delivery again;

			if (!db_outbox_get_delivery(ctx->db, d->m.id, &again, err, sizeof(err))) {
				snprintf(d->message_id, sizeof(d->message_id), "%s", again.message_id);
				free(again.m.subject);
				free(again.m.body);
			}
		}
		mailer_crash_point("mail-claimed");
		memset(&mm, 0, sizeof(mm));
		mm.from = ms->from;
		mm.from_name = ms->from_name;
		mm.to = d->m.recipient;
		mm.subject = d->m.subject;
		mm.message_id = d->message_id;
		mm.in_reply_to = d->in_reply_to;
		mm.date = now;
		mm.text = d->m.body;
		/* Reports and bulletins hold the map: an HTML copy keeps it aligned. */
		mm.html = !strcmp(d->m.kind, "report") || !strcmp(d->m.kind, "bulletin");
		/*
		 * A turn's report and bulletin show the board too (judge/picture.h),
		 * drawn now from the stored turn; without librsvg, or when it
		 * cannot be drawn, the mail goes as it would without it.
		 */
		if (mm.html && !picture_for_mail(ctx->db, &d->m, &png, &png_len, why, sizeof(why))) {
			mm.image = png;
			mm.image_len = png_len;
		}
		why[0] = '\0';
		mm.answer = !strcmp(d->m.kind, "receipt") || !strcmp(d->m.kind, "help") ||
			    !strcmp(d->m.kind, "error-reply");
		data = mime_build(&mm, &len);
		free(png);
		png = NULL;
		if (!data && mime_check(&mm)) {
			r = MAIL_PERM;
			snprintf(why, sizeof(why), "%s", mime_check(&mm));
		} else if (!data) {
			r = MAIL_TEMP;
			snprintf(why, sizeof(why), "out of memory");
		} else {
			r = deliver(ctx, ms, deadline_ms, d, data, len, why, sizeof(why));
		}
		free(data);
		if (r == MAIL_SERVER) {
			/* No message can pass: this one back as it was, the rest untried, exit 75. */
			rc = db_outbox_release(ctx->db, d->m.id, why, err, sizeof(err));
			deferred += n - i;
			cmd_error("mail: %s; nothing more is tried this run: %zu message%s stay%s "
				  "queued for the next (tries not counted)", why, n - i,
				  n - i == 1 ? "" : "s", n - i == 1 ? "s" : "");
			if (rc) {
				cmd_error("%s", err);
				ret = judge_db_exit(rc);
			}
			break;
		} else if (r == MAIL_SENT) {
			mailer_crash_point("mail-accepted");
			rc = db_outbox_delivered(ctx->db, d->m.id, now_text, err, sizeof(err));
			/* A new password (FORGOT, JOIN's welcome), a CONFIRM token: kept only until sent. */
			if (!rc && (!strcmp(d->m.kind, "password") || !strcmp(d->m.kind, "welcome") ||
				    (!strcmp(d->m.kind, "desk") && strstr(d->m.body, "CONFIRM ")))) {
				char *blank = secret_redact(d->m.body);

				rc = blank ? db_outbox_set_body(ctx->db, d->m.id, blank, err, sizeof(err))
					   : DB_ERROR;
				if (!blank)
					snprintf(err, sizeof(err), "out of memory");
				free(blank);
			}
			sent++;
		} else if (r == MAIL_DOUBT) {
			/* At most once: never resent by itself (see the top of the file). */
			rc = db_outbox_doubt(ctx->db, d->m.id, why, err, sizeof(err));
			cmd_error("mail #%lld to %s: %s; not sent again (see 'mxjudge mail list', then "
				  "'mail retry' or 'mail confirm')", d->m.id, d->m.recipient, why);
			failed++;
		} else if (r == MAIL_TEMP && d->attempts + 1 < MAILER_MAX_ATTEMPTS) {
			char next[DB_TIME_MAX];

			time_format_utc(now + backoff(d->attempts + 1), next, sizeof(next));
			rc = db_outbox_defer(ctx->db, d->m.id, next, why, err, sizeof(err));
			cmd_error("mail #%lld to %s: %s; next try at %s", d->m.id, d->m.recipient, why, next);
			deferred++;
		} else {
			rc = db_outbox_defer(ctx->db, d->m.id, NULL, why, err, sizeof(err));
			cmd_error("mail #%lld to %s failed for good: %s", d->m.id, d->m.recipient, why);
			failed++;
		}
		if (rc) {
			cmd_error("%s", err);
			ret = judge_db_exit(rc);
			break;
		}
	}
	if (verbose && !ctx->quiet && (sent || deferred || failed))
		printf("mail: %zu sent%s%s, %zu deferred, %zu failed\n", sent,
		       ms->smtp_url[0] ? "" : " into ", ms->smtp_url[0] ? "" : ms->maildir, deferred,
		       failed);
	if (ret == EXIT_OK && failed)
		ret = EXIT_FAIL;
	else if (ret == EXIT_OK && deferred)
		ret = EXIT_TEMPFAIL;
	db_outbox_deliveries_release(due, n);
	close(lock);
	return ret;
}
