/*
 * outbox: the one way a mail is queued: rendered, its Subject checked,
 * wrapped to 80 columns, queued once under its key (judge/outbox.h).
 */
#include "outbox.h"

#include <stdio.h>
#include <string.h>

#include "db/db.h"
#include "db/mail.h"
#include "lib/strbuf.h"
#include "lib/wrap.h"
#include "templates.h"
#include "timeutil.h"

/* A Subject is one line of printable text: never a header of its own. */
static int outbox_subject_ok(const char *s)
{
	const unsigned char *p;

	for (p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return 0;
	return p != (const unsigned char *)s;
}

int outbox_queue(struct db *db, const struct outbox_mail *m, long long *id, char *err,
		 size_t errlen)
{
	struct strbuf body = STRBUF_INIT, text = STRBUF_INIT;
	struct db_message msg;
	int rc;

	if (!m->subject || !outbox_subject_ok(m->subject)) {
		snprintf(err, errlen, "a %s to %s: its subject is not one line of text", m->kind,
			 m->recipient);
		return DB_ERROR;
	}
	if (m->template_file || m->template) {
		if ((m->template_file ? templates_render_file(m->template_file, NULL, m->data, &body,
							      err, errlen)
				      : templates_render(m->template, m->template_dir, m->data, &body,
							 err, errlen)) < 0) {
			strbuf_release(&body);
			return DB_ERROR;
		}
	} else {
		strbuf_addstr(&body, m->body ? m->body : "");
	}
	/* Every line a reader gets within 80 columns, whatever wrote it (lib/wrap.h). */
	wrap_text(strbuf_str(&body), WRAP_WIDTH, &text);
	strbuf_release(&body);
	body = text;
	if (body.failed) {
		strbuf_release(&body);
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	memset(&msg, 0, sizeof(msg));
	msg.campaign_id = m->campaign_id;
	msg.turn_id = m->turn_id;
	snprintf(msg.kind, sizeof(msg.kind), "%s", m->kind);
	snprintf(msg.key, sizeof(msg.key), "%s", m->key);
	snprintf(msg.recipient, sizeof(msg.recipient), "%s", m->recipient);
	snprintf(msg.created_at, sizeof(msg.created_at), "%s", m->created_at ? m->created_at : "");
	msg.subject = (char *)m->subject;
	msg.body = (char *)strbuf_str(&body);
	rc = db_outbox_add(db, &msg, err, errlen);
	if (!rc && m->in_reply_to && m->in_reply_to[0])
		rc = db_outbox_set_reply(db, msg.id, m->in_reply_to, err, errlen);
	if (!rc && id)
		*id = msg.id;
	strbuf_release(&body);
	return rc;
}

int outbox_rewrite(struct db *db, long long id, const struct outbox_mail *m, char *err,
		   size_t errlen)
{
	struct strbuf body = STRBUF_INIT;
	int rc;

	if (!m->subject || !outbox_subject_ok(m->subject)) {
		snprintf(err, errlen, "a %s to %s: its subject is not one line of text", m->kind,
			 m->recipient);
		return DB_ERROR;
	}
	wrap_text(m->body ? m->body : "", WRAP_WIDTH, &body);
	if (body.failed) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
	} else {
		rc = db_outbox_rewrite(db, id, m->kind, m->subject, strbuf_str(&body), err, errlen);
	}
	strbuf_release(&body);
	return rc;
}
