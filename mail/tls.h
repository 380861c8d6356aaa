/*
 * mail/tls: when a connection to a mail server must be TLS. A password
 * never crosses the network in clear: whenever a login is set (a user
 * name, or one in the URL), STARTTLS (or smtps://, imaps://) is required,
 * unless the server is this machine by its address (localhost, 127.x.y.z,
 * ::1: the bytes never leave it) or the game master said so knowingly
 * (MXJUDGE_SMTP_TLS=none). Without a login TLS is still used when offered.
 * The host is judged by the URL as written, never by what a name resolves
 * to: a name that happens to resolve to 127.0.0.1 is not trusted.
 *
 * Ownership: plain values; nothing is allocated.
 */
#ifndef MX_MAIL_TLS_H
#define MX_MAIL_TLS_H

#include <stddef.h>

enum mail_tls_mode {
	MAIL_TLS_AUTO = 0,	/* "" or "auto": required for a login, but on loopback */
	MAIL_TLS_REQUIRED,	/* "required": always, loopback too */
	MAIL_TLS_NONE		/* "none": never required (used when offered) */
};

/* The setting's words; -1 for anything else (the caller then requires TLS). */
int mail_tls_mode_parse(const char *s, enum mail_tls_mode *out);
/* The URL's host, without brackets, into host ("" when there is none). */
void mail_url_host(const char *url, char *host, size_t len);
/* 1 when the URL names this machine by a loopback address or "localhost". */
int mail_url_is_loopback(const char *url);
/* 1 when the URL carries a user name ("scheme://user[:password]@host"). */
int mail_url_has_login(const char *url);
/* 1 when the URL carries a password ("scheme://user:password@host"). */
int mail_url_has_password(const char *url);
/*
 * The URL as it may be printed: without its "user[:password]@", the user
 * part ending at the last '@' before the path (a user name may hold '@').
 */
void mail_url_shown(const char *url, char *buf, size_t len);
/* 1 when a connection to url with this login (user may be NULL or "") must be TLS. */
int mail_tls_required(const char *url, const char *user, enum mail_tls_mode mode);

/*
 * A monotonic clock in milliseconds, for the deadline of a whole run of
 * mail in or out (struct smtp_conf, struct imap_conf).
 */
long long mail_clock_ms(void);
/*
 * Milliseconds a step may take: timeout_ms, cut to what is left before
 * deadline_ms (0: none); 0 when the deadline has passed.
 */
long long mail_time_left(long long timeout_ms, long long deadline_ms);
#define MAIL_DEADLINE_PASSED "the run's deadline passed (MXJUDGE_MAIL_TIMEOUT)"

#endif
