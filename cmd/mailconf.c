/*
 * The connection settings of the mail servers, from the judge's mail
 * settings (cmd/mailer.h): TLS is required as mail/tls.h decides.
 */
#include <stdlib.h>
#include <string.h>

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

long long mailer_run_deadline(void)
{
	const char *v = getenv("MXJUDGE_MAIL_TIMEOUT");
	long secs = MAILER_RUN_TIMEOUT;

	if (v && *v && cmd_parse_int(v, 1, 86400, &secs))
		secs = MAILER_RUN_TIMEOUT;
	return mail_clock_ms() + secs * 1000LL;
}
