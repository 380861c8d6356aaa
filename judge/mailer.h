/*
 * mailer: the glue between the mail module (mail/) and the judge: the
 * settings of mail in and out, taking one received message (receive and
 * fetch), sending the outbox, reminders. Commands: cmd/receive.c
 * (receive, fetch), cmd/mail.c (mail send|remind|list|retry|confirm),
 * cmd/tick.c (tick). Documented in mxjudge-mail(1).
 *
 * Ownership: plain values; the functions borrow ctx and its database.
 */
#ifndef MX_MAILER_H
#define MX_MAILER_H

#include <jansson.h>
#include <stddef.h>
#include <time.h>

#include "cmd/cmd.h"
#include "mail/imap.h"
#include "mail/parse.h"
#include "mail/smtp.h"
#include "mail/tls.h"

/* Limits with their own answers: a message, and the text read from it. */
#define MAILER_MAX_MESSAGE ((size_t)10 << 20)	/* 10 MiB as received */
#define MAILER_MAX_TEXT MAIL_TEXT_LIMIT		/* 1 MiB of body text (mail/parse.h) */
#define MAILER_KEEP_LARGE ((size_t)256 << 10)	/* of a larger message, this much is kept */
#define MAILER_KEEP_TEXT ((size_t)4 << 10)	/* of a mail once read, text kept at most */
#define MAILER_KEEP_HEADERS ((size_t)16 << 10)	/* and header bytes */
#define MAILER_MAX_READS 3			/* reads that never ended: then set aside */
#define MAILER_KEEP_DAYS 90			/* received mail tick keeps, by default */
#define MAILER_ANSWERS_PER_DAY 10		/* help and error replies to one address, by default */
#define MAILER_NEWCOMER_ANSWERS 3		/* answers to a JOIN from an address not on file, a day */
/*
 * A mail that proves its sender is answered over the daily cap, up to this
 * many times the cap: a responder that echoes a report's CODE back
 * unquoted proves its sender too, and must not loop for ever.
 */
#define MAILER_PROVEN_FACTOR 5
#define MAILER_DEFAULT_FROM "mxjudge@localhost"
#define MAILER_DEFAULT_REMIND 24		/* hours before the deadline */
#define MAILER_MAX_ATTEMPTS 8			/* temporary failures before giving up */
#define MAILER_RUN_TIMEOUT 300			/* seconds for a whole send or fetch run */

struct mail_settings {
	char from[256];			/* MXJUDGE_FROM: "addr" or "Name <addr>" */
	char from_name[128];
	char smtp_url[1024];		/* MXJUDGE_SMTP_URL; "" delivers into the Maildir */
	char smtp_user[256];		/* MXJUDGE_SMTP_USER */
	char smtp_password[256];	/* MXJUDGE_SMTP_PASSWORD */
	enum mail_tls_mode smtp_tls;	/* MXJUDGE_SMTP_TLS: auto, required, none (mail/tls.h) */
	int smtp_tls_bad;		/* 1: MXJUDGE_SMTP_TLS holds another word (TLS required) */
	char imap_url[1024];		/* MXJUDGE_IMAP_URL; "" fetches nothing */
	char imap_user[256];		/* MXJUDGE_IMAP_USER */
	char imap_password[256];	/* MXJUDGE_IMAP_PASSWORD */
	enum mail_tls_mode imap_tls;	/* MXJUDGE_IMAP_TLS, as for SMTP */
	int imap_tls_bad;
	char maildir[4096];		/* MXJUDGE_MAILDIR, else next to the database */
	int remind_hours;		/* MXJUDGE_REMIND_HOURS, 0: no reminders */
	int keep_days;			/* MXJUDGE_MAIL_KEEP_DAYS: tick prunes older mail, 0: never */
	int answers_per_day;		/* MXJUDGE_ANSWERS_PER_DAY: help and error replies to one address */
	char error[512];		/* a setting that cannot be used (a password file) */
};

/* From the environment; db_path places the default Maildir. */
void mailer_settings(struct mail_settings *ms, const char *db_path);
/*
 * MXJUDGE_SMTP_PASSWORD_FILE, MXJUDGE_IMAP_PASSWORD_FILE: the password
 * on the first line of a file (so it shows in no environment or command
 * line); read by mailer_settings(). A file that cannot be read fills
 * ms->error, and the commands that would log in refuse to run.
 */
void mailer_password_files(struct mail_settings *ms);
/*
 * A --smtp or --imap URL from the command line: refused (with a line on
 * stderr, -1) when it holds a password, which every user of the machine
 * sees in ps(1); else copied into buf, 0.
 */
int mailer_url_option(const char *option, const char *url, char *buf, size_t len);

/*
 * The connection settings of ms, TLS decided by mail/tls.h; borrowed from
 * ms. The IMAP connection's deadline is the run's (mailer_run_deadline()).
 */
void mailer_smtp_conf(const struct mail_settings *ms, struct smtp_conf *c);
void mailer_imap_conf(const struct mail_settings *ms, struct imap_conf *c);
/*
 * One deadline for a whole run of mail send or fetch, from now:
 * MXJUDGE_MAIL_TIMEOUT seconds (1 to 86400), else MAILER_RUN_TIMEOUT.
 * In mail_clock_ms() time.
 */
long long mailer_run_deadline(void);

/*
 * Takes one message as received (len bytes kept of size received): stores
 * it first, in its own transaction, then reads it and queues the answer.
 * Returns 0 once stored (whatever the orders were), EXIT_TEMPFAIL when it
 * could not be stored or the database stayed busy (the sender should try
 * again: the same bytes are recognised), EXIT_FAIL for a bad call. A line
 * saying what happened goes to stdout unless ctx->quiet.
 */
int mailer_take(struct cmd_ctx *ctx, const char *raw, size_t len, size_t size,
		const char *source, time_t now);

/* The steps of `tick`, each also a command of its own. verbose: say what was done. */
int mailer_fetch(struct cmd_ctx *ctx, const struct mail_settings *ms, time_t now, int verbose);
int mailer_remind(struct cmd_ctx *ctx, const struct mail_settings *ms, time_t now, int verbose);
/*
 * Drops the stored bytes of the mail read and received more than days
 * days before now, keeping each one's record (cmd/prune.c); an exit code.
 */
int mailer_prune(struct cmd_ctx *ctx, int days, time_t now, int verbose);
int mailer_prune_run(struct cmd_ctx *ctx, int argc, char **argv);
/*
 * One reminder for ship's silent seat in turn t, in its own transaction:
 * the reminder row (never twice), the next CODE added to data as "code",
 * the template rendered, the mail queued. *queued 1 when it was. 0, a db
 * code, or MAILER_NO_TEMPLATE when the template failed (err says why).
 */
#define MAILER_NO_TEMPLATE 100
struct db_campaign;
struct db_turn;
struct db_seat;
struct judge_settings;
int mailer_queue_reminder(struct cmd_ctx *ctx, const struct db_campaign *c,
			  const struct judge_settings *s, const struct db_turn *t,
			  const struct db_seat *ship, const char *template, json_t *data,
			  const char *now_text, int *queued, char *err, size_t errlen);
int mailer_send(struct cmd_ctx *ctx, const struct mail_settings *ms, time_t now, int verbose);

/*
 * One runner at a time per database and job ("send", "fetch"): a lock
 * file next to the database. The descriptor to close() when done, -1
 * when another holds it, -2 when the file cannot be made.
 */
int mailer_lock(const char *db_path, const char *what);

/* MXJUDGE_CRASH_AT=point kills the process there (the crash tests). */
void mailer_crash_point(const char *point);

#endif
