/*
 * outbox: the one way the judge queues a mail (reports, receipts,
 * reminders, answers, bulletins, alerts). A message is rendered from a
 * template (or given whole), its Subject checked to be one printable line,
 * and added to the outbox under a key that makes it queued once however
 * often the step runs; an answer remembers the Message-ID it answers.
 * Sending is mailer_send's (judge/mailer.h). The caller holds the
 * transaction. Every body is wrapped within 80 columns (lib/wrap.h).
 *
 * Ownership: everything in an outbox_mail is borrowed.
 */
#ifndef MX_OUTBOX_H
#define MX_OUTBOX_H

#include <jansson.h>
#include <time.h>

struct db;

struct outbox_mail {
	long long campaign_id;
	long long turn_id;		/* 0: none */
	const char *kind;		/* "report", "receipt", "reminder", "bulletin" ... */
	const char *key;		/* unique: the same message is queued once */
	const char *recipient;
	const char *subject;
	/* The body: template name rendered with data (from template_dir first,
	   the campaign's own templates, NULL for the search path), or the
	   template in template_file, or body as it is. */
	const char *template;
	const char *template_dir;
	const char *template_file;
	const json_t *data;
	const char *body;
	const char *in_reply_to;	/* the Message-ID answered, or NULL */
	const char *created_at;		/* ISO 8601 UTC, as time_format_utc writes it */
};

/*
 * Queues m: 0 (with *id the message's row when id is not NULL), DB_EXISTS
 * when a message with that key is queued already (nothing added), or a
 * DB_ code with err (a template that fails, a Subject that is not one
 * printable line: DB_ERROR).
 */
int outbox_queue(struct db *db, const struct outbox_mail *m, long long *id, char *err,
		 size_t errlen);
/*
 * Makes the queued message id (an answer not sent yet) m instead: its
 * kind, Subject and body (given whole); its key, recipient and reply
 * headers stay. 0, DB_ALREADY when it is no longer queued, or a DB_ code.
 */
int outbox_rewrite(struct db *db, long long id, const struct outbox_mail *m, char *err,
		   size_t errlen);

#endif
