/*
 * db/mail: the SQL of mail in (stored before it is read) and of the
 * outbox's delivery states (db/mail.h).
 */
#include "mail.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* ---------- helpers (as in db.c, on the borrowed handle) ---------- */

/* db_run() and then: 0 if exactly one row changed, else DB_ALREADY. */
static int run_one(struct db *db, sqlite3_stmt *st, const char *what, char *err,
		   size_t errlen)
{
	int rc = db_run(db, st, what, err, errlen);

	if (rc)
		return rc;
	return sqlite3_changes(db_sqlite(db)) == 1 ? 0 : DB_ALREADY;
}

/* ---------- mail received ---------- */

int db_mail_in_store(struct db *db, struct db_mail_in *m, const void *raw, size_t keep,
		     char *err, size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int rc;

	if ((rc = db_begin(db, err, errlen)))
		return rc;
	/* The same bytes, or the same mail with other bytes (one more Received: line). */
	rc = db_prep(db, &st, "SELECT id, status, attempts FROM mail_in WHERE digest = ?1 "
		  "OR (?2 != '' AND mail_key = ?2) ORDER BY id LIMIT 1", err, errlen);
	if (rc)
		goto out;
	db_bind_text(st, 1, m->digest);
	db_bind_text(st, 2, m->mail_key);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		m->id = sqlite3_column_int64(st, 0);
		db_col_copy(st, 1, m->status, sizeof(m->status));
		m->attempts = sqlite3_column_int(st, 2);
		db_done(db, st);
		db_rollback(db);
		return DB_EXISTS;
	}
	if (rc != SQLITE_DONE) {
		rc = db_fail(db, rc, "reading received mail", err, errlen);
		db_done(db, st);
		goto out;
	}
	db_done(db, st);
	rc = db_prep(db, &st, "INSERT INTO mail_in (digest, source, received_at, size, truncated, raw, "
		  "attempts, mail_key, written_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, "
		  "nullif(?8, ''))", err, errlen);
	if (rc)
		goto out;
	db_bind_text(st, 1, m->digest);
	db_bind_text(st, 2, m->source);
	db_bind_text(st, 3, m->received_at);
	sqlite3_bind_int64(st, 4, m->size);
	sqlite3_bind_int(st, 5, m->truncated ? 1 : 0);
	sqlite3_bind_blob64(st, 6, raw ? raw : "", keep, SQLITE_STATIC);
	db_bind_text(st, 7, m->mail_key);
	db_bind_text(st, 8, m->written_at);
	if ((rc = db_run(db, st, "storing received mail", err, errlen)))
		goto out;
	m->id = sqlite3_last_insert_rowid(db_sqlite(db));
	m->attempts = 1;
	snprintf(m->status, sizeof(m->status), "stored");
	/* The commit is the promise to the mail agent: after it, exit 0 is honest. */
	return db_commit(db, err, errlen);
out:
	db_rollback(db);
	return rc == DB_EXISTS ? DB_ERROR : rc;
}

int db_mail_in_attempt(struct db *db, long long id, int delta, int *attempts, char *err,
		       size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE mail_in SET attempts = max(attempts + ?2, 0) "
			  "WHERE id = ?1 RETURNING attempts", err, errlen);

	*attempts = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int(st, 2, delta);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*attempts = sqlite3_column_int(st, 0);
		rc = sqlite3_step(st);
	}
	rc = rc == SQLITE_DONE ? 0 : db_fail(db, rc, "counting reads of a mail", err, errlen);
	db_done(db, st);
	return rc;
}

int db_mail_in_finish(struct db *db, const struct db_mail_in *m, const char *when,
		      const char *kept, size_t kept_len, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE mail_in SET status = ?2, sender = ?3, message_id = ?4, "
			  "note = ?5, done_at = ?6, raw = CASE WHEN ?7 IS NULL THEN raw ELSE ?7 END, "
			  "kept = CASE WHEN ?7 IS NULL THEN kept ELSE 'summary' END WHERE id = ?1",
			  err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, m->id);
	sqlite3_bind_text(st, 2, m->status, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, m->sender, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 4, m->message_id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 5, m->note, -1, SQLITE_TRANSIENT);
	db_bind_text(st, 6, when);
	if (kept)
		sqlite3_bind_blob64(st, 7, kept, kept_len, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 7);
	return db_run(db, st, "recording received mail", err, errlen);
}

int db_mail_in_set_aside(struct db *db, long long id, const char *note, const char *when,
			 char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE mail_in SET status = 'set-aside', note = ?2, done_at = ?3 "
			  "WHERE id = ?1", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, note);
	db_bind_text(st, 3, when);
	return db_run(db, st, "setting a mail aside", err, errlen);
}

int db_mail_in_prune(struct db *db, const char *before, long long *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE mail_in SET raw = x'', kept = 'pruned' WHERE "
			  "received_at < ?1 AND kept != 'pruned' AND status != 'stored'", err, errlen);

	*n = 0;
	if (rc)
		return rc;
	db_bind_text(st, 1, before);
	if ((rc = db_run(db, st, "pruning received mail", err, errlen)))
		return rc;
	*n = sqlite3_changes(db_sqlite(db));
	return 0;
}

int db_mail_in_set_aside_list(struct db *db, long long *ids, size_t max, long long *n,
			      char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT id FROM mail_in WHERE status = 'set-aside' ORDER BY id",
			  err, errlen);

	*n = 0;
	if (rc)
		return rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if ((size_t)*n < max)
			ids[*n] = sqlite3_column_int64(st, 0);
		(*n)++;
	}
	rc = rc == SQLITE_DONE ? 0 : db_fail(db, rc, "listing mail set aside", err, errlen);
	db_done(db, st);
	return rc;
}

int db_mail_in_count(struct db *db, const char *status, long long *n, char *err,
		     size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT count(*) FROM mail_in WHERE ?1 IS NULL OR status = ?1",
		      err, errlen);

	*n = 0;
	if (rc)
		return rc;
	db_bind_text(st, 1, status);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*n = sqlite3_column_int64(st, 0);
		rc = 0;
	} else {
		rc = db_fail(db, rc, "counting received mail", err, errlen);
	}
	db_done(db, st);
	return rc;
}

static int mail_in_fill(sqlite3_stmt *st, void *rec)
{
	struct db_mail_in *m = rec;

	m->id = sqlite3_column_int64(st, 0);
	db_col_copy(st, 1, m->digest, sizeof(m->digest));
	db_col_copy(st, 2, m->source, sizeof(m->source));
	db_col_copy(st, 3, m->received_at, sizeof(m->received_at));
	m->size = sqlite3_column_int64(st, 4);
	m->truncated = sqlite3_column_int(st, 5);
	db_col_copy(st, 6, m->status, sizeof(m->status));
	db_col_copy(st, 7, m->sender, sizeof(m->sender));
	db_col_copy(st, 8, m->message_id, sizeof(m->message_id));
	db_col_copy(st, 9, m->note, sizeof(m->note));
	return 0;
}

static void mail_in_free(void *list, size_t n)
{
	(void)n;
	free(list);
}

int db_mail_in_list(struct db *db, struct db_mail_in **out, size_t *n, char *err,
		    size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT id, digest, source, received_at, size, truncated, status, "
			  "sender, message_id, note FROM mail_in ORDER BY id", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	return db_collect(db, st, (void **)out, n, sizeof(**out), mail_in_fill, mail_in_free,
			  "listing received mail", err, errlen);
}

/* ---------- outbox delivery ---------- */

#define DELIVERY_COLS "id, campaign_id, turn_id, kind, key, recipient, created_at, sent_at, " \
	"subject, body, state, message_id, in_reply_to, attempts, next_try_at, last_error"

static int delivery_row(sqlite3_stmt *st, struct db_delivery *d)
{
	const unsigned char *t;

	d->m.id = sqlite3_column_int64(st, 0);
	d->m.campaign_id = sqlite3_column_int64(st, 1);
	d->m.turn_id = sqlite3_column_int64(st, 2);
	db_col_copy(st, 3, d->m.kind, sizeof(d->m.kind));
	db_col_copy(st, 4, d->m.key, sizeof(d->m.key));
	db_col_copy(st, 5, d->m.recipient, sizeof(d->m.recipient));
	db_col_copy(st, 6, d->m.created_at, sizeof(d->m.created_at));
	db_col_copy(st, 7, d->m.sent_at, sizeof(d->m.sent_at));
	t = sqlite3_column_text(st, 8);
	d->m.subject = strdup(t ? (const char *)t : "");
	t = sqlite3_column_text(st, 9);
	d->m.body = strdup(t ? (const char *)t : "");
	db_col_copy(st, 10, d->state, sizeof(d->state));
	db_col_copy(st, 11, d->message_id, sizeof(d->message_id));
	db_col_copy(st, 12, d->in_reply_to, sizeof(d->in_reply_to));
	d->attempts = sqlite3_column_int(st, 13);
	db_col_copy(st, 14, d->next_try_at, sizeof(d->next_try_at));
	db_col_copy(st, 15, d->last_error, sizeof(d->last_error));
	return d->m.subject && d->m.body ? 0 : -1;
}

static void delivery_release(struct db_delivery *d)
{
	free(d->m.subject);
	free(d->m.body);
	d->m.subject = d->m.body = NULL;
}

void db_outbox_deliveries_release(struct db_delivery *list, size_t n)
{
	size_t i;

	for (i = 0; list && i < n; i++)
		delivery_release(&list[i]);
	free(list);
}

static int delivery_fill(sqlite3_stmt *st, void *rec)
{
	return delivery_row(st, rec);
}

static void deliveries_free(void *list, size_t n)
{
	db_outbox_deliveries_release(list, n);
}

int db_outbox_deliveries(struct db *db, const char *state, const char *now,
			 struct db_delivery **out, size_t *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " DELIVERY_COLS " FROM outbox WHERE state = ?1 AND "
			  "(?2 IS NULL OR next_try_at IS NULL OR next_try_at <= ?2) ORDER BY id",
		      err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_text(st, 1, state, -1, SQLITE_TRANSIENT);
	db_bind_text(st, 2, now);
	return db_collect(db, st, (void **)out, n, sizeof(**out), delivery_fill, deliveries_free,
			  "listing the outbox", err, errlen);
}

int db_outbox_get_delivery(struct db *db, long long id, struct db_delivery *d, char *err,
			   size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT " DELIVERY_COLS " FROM outbox WHERE id = ?1", err, errlen);

	memset(d, 0, sizeof(*d));
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		if (delivery_row(st, d)) {
			delivery_release(d);
			rc = db_fail(db, SQLITE_NOMEM, "reading the outbox", err, errlen);
		} else {
			rc = 0;
		}
	} else if (rc == SQLITE_DONE) {
		rc = DB_NOT_FOUND;
	} else {
		rc = db_fail(db, rc, "reading the outbox", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_outbox_answers_since(struct db *db, const char *recipient, const char *since,
			    long long *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT count(*) FROM outbox WHERE kind IN ('help', 'error-reply', 'desk') "
			  "AND recipient = ?1 COLLATE NOCASE AND created_at > ?2", err, errlen);

	*n = 0;
	if (rc)
		return rc;
	db_bind_text(st, 1, recipient);
	db_bind_text(st, 2, since);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*n = sqlite3_column_int64(st, 0);
		rc = 0;
	} else {
		rc = db_fail(db, rc, "counting answers", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_outbox_count_key_since(struct db *db, const char *prefix, const char *since,
			      long long *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT count(*) FROM outbox WHERE substr(key, 1, length(?1)) = ?1 "
			  "AND created_at > ?2", err, errlen);

	*n = 0;
	if (rc)
		return rc;
	db_bind_text(st, 1, prefix);
	db_bind_text(st, 2, since);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*n = sqlite3_column_int64(st, 0);
		rc = 0;
	} else {
		rc = db_fail(db, rc, "counting answers", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_outbox_has_key(struct db *db, const char *key, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT 1 FROM outbox WHERE key = ?1", err, errlen);

	if (rc)
		return rc;
	db_bind_text(st, 1, key);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		rc = DB_EXISTS;
	else if (rc == SQLITE_DONE)
		rc = 0;
	else
		rc = db_fail(db, rc, "reading the outbox", err, errlen);
	db_done(db, st);
	return rc;
}

int db_outbox_set_reply(struct db *db, long long id, const char *in_reply_to, char *err,
			size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET in_reply_to = ?2 WHERE id = ?1", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, in_reply_to);
	return db_run(db, st, "setting reply headers", err, errlen);
}

int db_outbox_rewrite(struct db *db, long long id, const char *kind, const char *subject,
		      const char *body, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET kind = ?2, subject = ?3, body = ?4 "
			  "WHERE id = ?1 AND state = 'queued'", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, kind);
	db_bind_text(st, 3, subject);
	db_bind_text(st, 4, body);
	return run_one(db, st, "rewriting a queued message", err, errlen);
}

int db_outbox_claim(struct db *db, long long id, const char *message_id, const char *when,
		    char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = 'sending', attempts = attempts + 1, "
			  "last_try_at = ?3, message_id = coalesce(message_id, ?2) "
			  "WHERE id = ?1 AND state = 'queued'", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, message_id);
	db_bind_text(st, 3, when);
	return run_one(db, st, "claiming a message", err, errlen);
}

int db_outbox_final(struct db *db, long long id, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = 'final' WHERE id = ?1 AND state = 'sending'",
		      err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	return run_one(db, st, "marking a message handed over", err, errlen);
}

int db_outbox_delivered(struct db *db, long long id, const char *when, char *err,
			size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = 'sent', sent_at = ?2, last_error = '' "
			  "WHERE id = ?1 AND state IN ('sending', 'final')", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, when);
	return run_one(db, st, "marking a message sent", err, errlen);
}

int db_outbox_defer(struct db *db, long long id, const char *next_try_at, const char *error,
		    char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = CASE WHEN ?2 IS NULL THEN 'failed' "
			  "ELSE 'queued' END, next_try_at = ?2, last_error = ?3 "
			  "WHERE id = ?1 AND state IN ('sending', 'final')", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, next_try_at);
	sqlite3_bind_text(st, 3, error ? error : "", -1, SQLITE_TRANSIENT);
	return run_one(db, st, "deferring a message", err, errlen);
}

int db_outbox_doubt(struct db *db, long long id, const char *error, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = 'doubt', next_try_at = NULL, "
			  "last_error = ?2 WHERE id = ?1 AND state IN ('sending', 'final')", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, error ? error : "", -1, SQLITE_TRANSIENT);
	return run_one(db, st, "putting a message in doubt", err, errlen);
}

int db_outbox_recover(struct db *db, int *requeued, int *doubt, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc;

	*requeued = *doubt = 0;
	if ((rc = db_begin(db, err, errlen)))
		return rc;
	rc = db_prep(db, &st, "UPDATE outbox SET state = 'queued', last_error = "
		  "'interrupted before the end of the data; sent again' WHERE state = 'sending'",
		  err, errlen);
	if (rc || (rc = db_run(db, st, "recovering the outbox", err, errlen)))
		goto fail;
	*requeued = sqlite3_changes(db_sqlite(db));
	rc = db_prep(db, &st, "UPDATE outbox SET state = 'doubt', last_error = "
		  "'interrupted after the end of the data: the server may have it' "
		  "WHERE state = 'final'", err, errlen);
	if (rc || (rc = db_run(db, st, "recovering the outbox", err, errlen)))
		goto fail;
	*doubt = sqlite3_changes(db_sqlite(db));
	return db_commit(db, err, errlen);
fail:
	db_rollback(db);
	return rc;
}

int db_outbox_requeue(struct db *db, long long id, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = 'queued', next_try_at = NULL "
			  "WHERE id = ?1 AND state IN ('doubt', 'failed')", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	return run_one(db, st, "requeueing a message", err, errlen);
}

int db_outbox_release(struct db *db, long long id, const char *error, char *err,
		      size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = 'queued', attempts = max(attempts - 1, 0), "
			  "last_error = ?2 WHERE id = ?1 AND state = 'sending'", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_text(st, 2, error ? error : "", -1, SQLITE_TRANSIENT);
	return run_one(db, st, "putting a message back in the queue", err, errlen);
}

int db_outbox_requeue_failed(struct db *db, int *n, char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = 'queued', next_try_at = NULL "
			  "WHERE state = 'failed' AND recipient != ''", err, errlen);

	*n = 0;
	if (rc)
		return rc;
	rc = db_run(db, st, "requeueing the failed messages", err, errlen);
	if (!rc)
		*n = sqlite3_changes(db_sqlite(db));
	return rc;
}

int db_outbox_confirm(struct db *db, long long id, const char *when, char *err,
		      size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE outbox SET state = 'sent', sent_at = ?2 "
			  "WHERE id = ?1 AND state = 'doubt'", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, id);
	db_bind_text(st, 2, when);
	return run_one(db, st, "confirming a message", err, errlen);
}

/* ---------- reminders ---------- */

int db_reminder_add(struct db *db, long long turn_id, long long ship_id, const char *when,
		    char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO reminders (turn_id, ship_id, sent_at) VALUES (?1, ?2, ?3) "
			  "ON CONFLICT DO NOTHING", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	sqlite3_bind_int64(st, 2, ship_id);
	db_bind_text(st, 3, when);
	rc = db_run(db, st, "recording a reminder", err, errlen);
	if (rc)
		return rc;
	return sqlite3_changes(db_sqlite(db)) == 1 ? 0 : DB_EXISTS;
}

/* ---------- campaign keys ---------- */

int db_campaign_key(struct db *db, long long campaign_id, const unsigned char *fresh,
		    unsigned char key[DB_MAIL_KEY_BYTES], char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc;

	if (fresh) {
		rc = db_prep(db, &st, "INSERT INTO campaign_keys (campaign_id, key) VALUES (?1, ?2) "
			  "ON CONFLICT DO NOTHING", err, errlen);
		if (rc)
			return rc;
		sqlite3_bind_int64(st, 1, campaign_id);
		sqlite3_bind_blob(st, 2, fresh, DB_MAIL_KEY_BYTES, SQLITE_STATIC);
		if ((rc = db_run(db, st, "storing a campaign key", err, errlen)))
			return rc;
	}
	rc = db_prep(db, &st, "SELECT key FROM campaign_keys WHERE campaign_id = ?1", err, errlen);
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW && sqlite3_column_bytes(st, 0) == DB_MAIL_KEY_BYTES) {
		memcpy(key, sqlite3_column_blob(st, 0), DB_MAIL_KEY_BYTES);
		rc = 0;
	} else if (rc == SQLITE_DONE || rc == SQLITE_ROW) {
		rc = DB_NOT_FOUND;
	} else {
		rc = db_fail(db, rc, "reading a campaign key", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_seat_code_salt(struct db *db, long long campaign_id, const char *ship,
		      char salt[DB_CODE_SALT_MAX], char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT code_salt FROM seats WHERE campaign_id = ?1 AND name = ?2",
			 err, errlen);

	salt[0] = '\0';
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, ship);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		db_col_copy(st, 0, salt, DB_CODE_SALT_MAX);
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = 0;
	} else {
		rc = db_fail(db, rc, "reading a ship's code salt", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_seat_set_code_salt(struct db *db, long long ship_id, const char *salt, char *err,
			  size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE seats SET code_salt = ?2 WHERE id = ?1", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, ship_id);
	db_bind_text(st, 2, salt);
	return run_one(db, st, "setting a ship's code salt", err, errlen);
}

int db_outbox_count(struct db *db, long long campaign_id, struct db_outbox_counts *c,
		    char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT count(*) FILTER (WHERE kind IN ('receipt', 'play-receipt')), "
			  "count(*) FILTER (WHERE kind = 'reminder'), "
			  "count(*) FILTER (WHERE state = 'sent'), "
			  "count(*) FILTER (WHERE state IN ('failed', 'doubt') AND kind != 'alert') "
			  "FROM outbox WHERE campaign_id = ?1", err, errlen);

	memset(c, 0, sizeof(*c));
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		c->receipts = sqlite3_column_int64(st, 0);
		c->reminders = sqlite3_column_int64(st, 1);
		c->sent = sqlite3_column_int64(st, 2);
		c->failed = sqlite3_column_int64(st, 3);
		rc = 0;
	} else {
		rc = db_fail(db, rc, "counting the outbox", err, errlen);
	}
	db_done(db, st);
	return rc;
}
