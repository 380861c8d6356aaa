/*
 * mail/imap: just enough IMAP to take orders from a mailbox. libcurl
 * makes the connection, TLS (imaps://, or STARTTLS) and the login; the
 * few commands after that are sent here, because libcurl's own fetch
 * uses BODY[], which marks a message \Seen as it is read. Here a message
 * is read with BODY.PEEK[] and marked \Seen only by imap_mark_seen(),
 * which the caller calls once the message is stored: a crash in between
 * leaves it unseen, to be taken again (the store knows it by its digest).
 *
 * Ownership: imap_open() gives a connection imap_close() ends; uids and
 * message data are malloc'd for the caller to free().
 */
#ifndef MX_MAIL_IMAP_H
#define MX_MAIL_IMAP_H

#include <stddef.h>

struct imap_conf {
	const char *url;	/* imap[s]://[user[:password]@]host[:port]/MAILBOX */
	const char *user;	/* NULL: the URL's */
	const char *password;
	int require_tls;
	long timeout;		/* seconds per reply; 0: 60 */
	long long deadline_ms;	/* mail_clock_ms() at which the whole connection gives up; 0: none */
};

struct imap_conn;

/* Connects, logs in and selects the mailbox (INBOX when the URL names none). */
int imap_open(struct imap_conn **out, const struct imap_conf *c, char *err, size_t errlen);
/* UIDs of the unseen messages, ascending. */
int imap_unseen(struct imap_conn *ic, unsigned long **uids, size_t *n, char *err,
		size_t errlen);
/*
 * The message, not marking it seen: its first max bytes (all of it when
 * *len == *size) with a NUL after them.
 */
int imap_fetch(struct imap_conn *ic, unsigned long uid, size_t max, char **data, size_t *len,
	       size_t *size, char *err, size_t errlen);
int imap_mark_seen(struct imap_conn *ic, unsigned long uid, char *err, size_t errlen);
/* Logs out (when still connected) and frees. NULL is fine. */
void imap_close(struct imap_conn *ic);

#endif
