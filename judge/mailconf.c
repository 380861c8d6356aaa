/*
 * The connection settings of the mail servers, from the judge's mail
 * settings (cmd/mailer.h): TLS is required as mail/tls.h decides.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mailer.h"

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
