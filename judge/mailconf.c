/*
 * The judge's mail settings (judge/mailer.h): read from the environment,
 * the connection settings of the mail servers (TLS required as mail/tls.h
 * decides), the lock of a mail run and the crash points of the tests.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mailer.h"
#include "mail/lock.h"

void mailer_smtp_conf(const struct mail_settings *ms, struct smtp_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->url = ms->smtp_url;
	c->user = ms->smtp_user;
	c->password = ms->smtp_password;
	c->require_tls = mail_tls_required(ms->smtp_url, ms->smtp_user, ms->smtp_tls);
}

void mailer_imap_conf(const struct mail_settings *ms, struct imap_conf *c)
{
	memset(c, 0, sizeof(*c));
	c->url = ms->imap_url;
	c->user = ms->imap_user;
	c->password = ms->imap_password;
	c->require_tls = mail_tls_required(ms->imap_url, ms->imap_user, ms->imap_tls);
	c->deadline_ms = mailer_run_deadline();
}

/* The first line of the file named by env var into buf; 0, or -1 with ms->error. */
static int password_file(struct mail_settings *ms, const char *var, char *buf, size_t len)
{
	const char *path = getenv(var);
	char line[256];
	ssize_t n;
	int fd;

	if (!path || !*path)
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	n = fd < 0 ? -1 : read(fd, line, sizeof(line) - 1);
	if (n < 0) {
		snprintf(ms->error, sizeof(ms->error), "%s=%s: cannot read it: %s", var, path,
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	line[n] = '\0';
	line[strcspn(line, "\r\n")] = '\0';
	snprintf(buf, len, "%s", line);
	explicit_bzero(line, sizeof(line));
	return 0;
}

void mailer_password_files(struct mail_settings *ms)
{
	if (!password_file(ms, "MXJUDGE_SMTP_PASSWORD_FILE", ms->smtp_password,
			   sizeof(ms->smtp_password)))
		password_file(ms, "MXJUDGE_IMAP_PASSWORD_FILE", ms->imap_password,
			      sizeof(ms->imap_password));
}

int mailer_url_option(const char *option, const char *url, char *buf, size_t len)
{
	if (mail_url_has_password(url)) {
		cmd_error("%s: the URL holds a password, which every user of this machine can read "
			  "in ps: give the URL without it, and the password in MXJUDGE_%s_PASSWORD or "
			  "a file named by MXJUDGE_%s_PASSWORD_FILE", option,
			  !strcmp(option, "--imap") ? "IMAP" : "SMTP",
			  !strcmp(option, "--imap") ? "IMAP" : "SMTP");
		return -1;
	}
	snprintf(buf, len, "%s", url);
	return 0;
}

long long mailer_run_deadline(void)
{
	const char *v = getenv("MXJUDGE_MAIL_TIMEOUT");
	long secs = MAILER_RUN_TIMEOUT;

	if (v && *v && cmd_parse_int(v, 1, 86400, &secs))
		secs = MAILER_RUN_TIMEOUT;
	return mail_clock_ms() + secs * 1000LL;
}

static void env_copy(char *buf, size_t len, const char *name, const char *dflt)
{
	const char *v = getenv(name);

	snprintf(buf, len, "%s", v && *v ? v : dflt);
}

void mailer_settings(struct mail_settings *ms, const char *db_path)
{
	char from[512], *lt, *gt;
	const char *tls, *hours;
	long h;

	memset(ms, 0, sizeof(*ms));
	env_copy(from, sizeof(from), "MXJUDGE_FROM", MAILER_DEFAULT_FROM);
	/* "The Judge <judge@example.org>" or a bare address. */
	lt = strchr(from, '<');
	gt = lt ? strchr(lt, '>') : NULL;
	if (lt && gt) {
		char *end = lt;

		*gt = '\0';
		snprintf(ms->from, sizeof(ms->from), "%s", lt + 1);
		while (end > from && (end[-1] == ' ' || end[-1] == '"'))
			end--;
		*end = '\0';
		snprintf(ms->from_name, sizeof(ms->from_name), "%.127s", from[0] == '"' ? from + 1 : from);
	} else {
		snprintf(ms->from, sizeof(ms->from), "%.255s", from);
		snprintf(ms->from_name, sizeof(ms->from_name), "mxjudge");
	}
	env_copy(ms->smtp_url, sizeof(ms->smtp_url), "MXJUDGE_SMTP_URL", "");
	env_copy(ms->smtp_user, sizeof(ms->smtp_user), "MXJUDGE_SMTP_USER", "");
	env_copy(ms->smtp_password, sizeof(ms->smtp_password), "MXJUDGE_SMTP_PASSWORD", "");
	tls = getenv("MXJUDGE_SMTP_TLS");
	ms->smtp_tls_bad = mail_tls_mode_parse(tls, &ms->smtp_tls) != 0;
	env_copy(ms->imap_url, sizeof(ms->imap_url), "MXJUDGE_IMAP_URL", "");
	env_copy(ms->imap_user, sizeof(ms->imap_user), "MXJUDGE_IMAP_USER", "");
	env_copy(ms->imap_password, sizeof(ms->imap_password), "MXJUDGE_IMAP_PASSWORD", "");
	tls = getenv("MXJUDGE_IMAP_TLS");
	ms->imap_tls_bad = mail_tls_mode_parse(tls, &ms->imap_tls) != 0;
	if (getenv("MXJUDGE_MAILDIR") && *getenv("MXJUDGE_MAILDIR")) {
		env_copy(ms->maildir, sizeof(ms->maildir), "MXJUDGE_MAILDIR", "");
	} else {
		/* The embedded default: a Maildir next to the database. */
		const char *slash = strrchr(db_path, '/');

		if (slash)
			snprintf(ms->maildir, sizeof(ms->maildir), "%.*s/Maildir",
				 (int)(slash - db_path), db_path);
		else
			snprintf(ms->maildir, sizeof(ms->maildir), "Maildir");
	}
	mailer_password_files(ms);
	hours = getenv("MXJUDGE_REMIND_HOURS");
	ms->remind_hours = MAILER_DEFAULT_REMIND;
	if (hours && *hours && !cmd_parse_int(hours, 0, 24 * 366, &h))
		ms->remind_hours = (int)h;
	hours = getenv("MXJUDGE_MAIL_KEEP_DAYS");
	ms->keep_days = MAILER_KEEP_DAYS;
	if (hours && *hours && !cmd_parse_int(hours, 0, 100000, &h))
		ms->keep_days = (int)h;
	hours = getenv("MXJUDGE_ANSWERS_PER_DAY");
	ms->answers_per_day = MAILER_ANSWERS_PER_DAY;
	if (hours && *hours && !cmd_parse_int(hours, 1, 1000000, &h))
		ms->answers_per_day = (int)h;
}

void mailer_crash_point(const char *point)
{
	const char *at = getenv("MXJUDGE_CRASH_AT");

	if (at && !strcmp(at, point))
		raise(SIGKILL);
}

int mailer_lock(const char *db_path, const char *what)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s.%s.lock", db_path, what);
	return lock_file(path);
}
