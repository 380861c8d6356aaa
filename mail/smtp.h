/*
 * mail/smtp: one message to one recipient over SMTP with libcurl
 * (smtp:// with STARTTLS when offered, or required; smtps:// for TLS from
 * the start; login when a user is given).
 *
 * The progress callback is called as the data goes out, with last = 1
 * once every byte is handed over and just before the end of the data
 * (the final dot) is sent: from that moment the server may accept the
 * message at any time, which is what the outbox's "final" state records.
 * A non-zero return aborts the transfer (a temporary failure).
 *
 * A failure names the step the server refused and quotes its reply
 * ("the server refused RCPT TO: 550 5.1.1 no such user"); it never
 * quotes what the judge sent (an AUTH line holds the password).
 *
 * Ownership: everything is borrowed; nothing is kept after the call.
 */
#ifndef MX_MAIL_SMTP_H
#define MX_MAIL_SMTP_H

#include <stddef.h>

enum mail_result {
	MAIL_SENT = 0,		/* the server said 250 after the data */
	MAIL_TEMP = 1,		/* try again later: 4xx, no connection, timeout */
	MAIL_PERM = 2,		/* never again: 5xx */
	MAIL_DOUBT = 3,		/* the end of the data went out and no answer came back:
				   the server may have the message; sending it again could
				   deliver it twice */
	MAIL_SERVER = 4		/* no message can pass now: the connection, the greeting
				   (even 554), STARTTLS or the login (even 535) failed,
				   before the message was named; not the message's fault */
};

struct smtp_conf {
	const char *url;	/* smtp://host:port or smtps://host:port */
	const char *user;	/* NULL: no login (or the URL's) */
	const char *password;
	int require_tls;	/* 1: STARTTLS or fail */
	long timeout;		/* seconds for the whole transfer; 0: 120 */
	long long deadline_ms;	/* mail_clock_ms() after which nothing waits; 0: none */
};

/* The error when TLS is required and the server offers no STARTTLS (nothing was sent). */
#define SMTP_NO_STARTTLS "the SMTP server offers no STARTTLS and TLS is required: the login " \
	"never goes in clear (use smtps://, a server with STARTTLS, or MXJUDGE_SMTP_TLS=none; " \
	"see mxjudge-mail(1))"

typedef int (*smtp_progress_fn)(void *arg, size_t sent, int last);

enum mail_result smtp_send(const struct smtp_conf *c, const char *from, const char *to,
			   const char *data, size_t len, smtp_progress_fn progress, void *arg,
			   char *err, size_t errlen);

#endif
