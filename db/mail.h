/*
 * db/mail: the SQL of mail in and out (schema version 3).
 *
 *  - mail_in: every message received, as it came, stored in its own
 *    committed transaction before anything reads it; its status tells
 *    what became of it.
 *  - outbox delivery: queued -> sending (claimed, bytes going out) ->
 *    final (every byte handed over; the server may accept at any moment)
 *    -> sent. A temporary failure goes back to queued with a later
 *    next_try_at; a permanent one ends in failed. After a crash, sending
 *    is requeued (the server cannot have taken an unfinished message) and
 *    final becomes doubt, resent only by hand (mxjudge-mail(1)).
 *  - reminders: one per turn and ship, ever.
 *  - campaign keys: the secret that order codes are derived from.
 *
 * Conventions of db.h: 0, DB_ERROR, DB_BUSY, DB_NOT_FOUND, DB_EXISTS,
 * DB_ALREADY; err says why for the negative ones. Lists are one malloc'd
 * array freed by the matching *_release.
 */
#ifndef MX_DB_MAIL_H
#define MX_DB_MAIL_H

#include <stddef.h>

#include "db.h"

#define DB_MSGID_MAX 256
#define DB_NOTE_MAX 512
#define DB_MAIL_KEY_BYTES 32

/* --- mail received --- */
struct db_mail_in {
	long long id;
	char digest[DB_DIGEST_MAX];	/* SHA-256 of the bytes received, hex */
	char source[16];		/* "receive", "imap" */
	char received_at[DB_TIME_MAX];
	long long size;			/* bytes received */
	int truncated;			/* 1: only the first bytes are kept (too large) */
	char status[16];		/* "stored" until read, then what came of it */
	char sender[DB_EMAIL_MAX];
	char message_id[DB_MSGID_MAX];
	char note[DB_NOTE_MAX];
	int attempts;			/* reads begun (a read the process never finished counts) */
	char mail_key[DB_MSGID_MAX + 8];/* "id:<Message-ID>" or "sha:<hex>", "" if none */
	char written_at[DB_TIME_MAX];	/* its Date:, UTC; "" if none could be read */
};

/*
 * Stores the first `keep` bytes of a message of `size` bytes, committed,
 * as its first read begun (attempts 1). 0: m->id set. DB_EXISTS: the
 * same bytes, or the same mail_key, came before; m->id, m->status and
 * m->attempts are that message's (status "stored" means it was never
 * read to the end, so the caller reads it again).
 */
int db_mail_in_store(struct db *db, struct db_mail_in *m, const void *raw, size_t keep,
		     char *err, size_t errlen);
/* One more read of message id begins (delta 1), or one ended in good order (-1); committed. */
int db_mail_in_attempt(struct db *db, long long id, int delta, int *attempts, char *err,
		       size_t errlen);
/*
 * Records what became of message id (status, sender, message_id, note),
 * committed. With kept (not NULL), the stored bytes become kept: what is
 * left of the mail once read (its headers and the orders, secrets
 * redacted); the digest stays the original's.
 */
int db_mail_in_finish(struct db *db, const struct db_mail_in *m, const char *when,
		      const char *kept, size_t kept_len, char *err, size_t errlen);
/* Puts message id aside for good (status set-aside), whole, with note. */
int db_mail_in_set_aside(struct db *db, long long id, const char *note, const char *when,
			 char *err, size_t errlen);
/*
 * Keeps only the record (no bytes) of every message read and received
 * before `before`; *n how many. The record stays, so a re-delivered old
 * mail is still known.
 */
int db_mail_in_prune(struct db *db, const char *before, long long *n, char *err, size_t errlen);
/* The ids of the messages set aside, at most max into ids; *n how many there are. */
int db_mail_in_set_aside_list(struct db *db, long long *ids, size_t max, long long *n,
			      char *err, size_t errlen);
int db_mail_in_count(struct db *db, const char *status, long long *n, char *err,
		     size_t errlen);
/* Every message received (without its bytes), by id; free() the array. */
int db_mail_in_list(struct db *db, struct db_mail_in **out, size_t *n, char *err,
		    size_t errlen);

/* --- outbox delivery --- */
struct db_delivery {
	struct db_message m;		/* subject, body: released with the list */
	char state[12];
	char message_id[DB_MSGID_MAX];	/* "" until the first try */
	char in_reply_to[DB_MSGID_MAX];	/* "" unless a reply */
	int attempts;
	char next_try_at[DB_TIME_MAX];
	char last_error[DB_NOTE_MAX];
};
/* Messages in state (e.g. "queued") due at now (NULL: any time); by id. */
int db_outbox_deliveries(struct db *db, const char *state, const char *now,
			 struct db_delivery **out, size_t *n, char *err, size_t errlen);
void db_outbox_deliveries_release(struct db_delivery *list, size_t n);
int db_outbox_get_delivery(struct db *db, long long id, struct db_delivery *d, char *err,
			   size_t errlen);
/* How many help, error and desk replies were queued to recipient (any case) after since. */
int db_outbox_answers_since(struct db *db, const char *recipient, const char *since,
			    long long *n, char *err, size_t errlen);
/* How many messages whose key starts with prefix were queued after since. */
int db_outbox_count_key_since(struct db *db, const char *prefix, const char *since,
			      long long *n, char *err, size_t errlen);
/* DB_EXISTS when a message with that key was ever queued, else 0 (or an error). */
int db_outbox_has_key(struct db *db, const char *key, char *err, size_t errlen);
/* Sets the reply headers of a queued message (within the caller's transaction or alone). */
int db_outbox_set_reply(struct db *db, long long id, const char *in_reply_to, char *err,
			size_t errlen);
/*
 * Gives a message still queued another kind, Subject and body (its key
 * and reply headers stay): 0, or DB_ALREADY when it is no longer queued.
 */
int db_outbox_rewrite(struct db *db, long long id, const char *kind, const char *subject,
		      const char *body, char *err, size_t errlen);
/*
 * queued -> sending, attempts + 1; keeps a Message-ID given before, else
 * stores message_id. 0, or DB_ALREADY when another sender took it.
 */
int db_outbox_claim(struct db *db, long long id, const char *message_id, const char *when,
		    char *err, size_t errlen);
/* sending -> final: every byte is with the server's connection now. */
int db_outbox_final(struct db *db, long long id, char *err, size_t errlen);
/* sending|final -> sent. */
int db_outbox_delivered(struct db *db, long long id, const char *when, char *err,
			size_t errlen);
/* sending|final -> queued at next_try_at, or failed when next_try_at is NULL. */
int db_outbox_defer(struct db *db, long long id, const char *next_try_at, const char *error,
		    char *err, size_t errlen);
/* sending|final -> doubt: the server may have it; a person decides (retry, confirm). */
int db_outbox_doubt(struct db *db, long long id, const char *error, char *err, size_t errlen);
/*
 * sending -> queued as it was, the attempt not counted (the server, not
 * the message, failed), with error as its last error.
 */
int db_outbox_release(struct db *db, long long id, const char *error, char *err,
		      size_t errlen);
/* By hand: every failed message with a recipient -> queued now; *n how many. */
int db_outbox_requeue_failed(struct db *db, int *n, char *err, size_t errlen);
/* After a crash (under the sender's lock): sending -> queued, final -> doubt. */
int db_outbox_recover(struct db *db, int *requeued, int *doubt, char *err, size_t errlen);
/* By hand: doubt|failed -> queued now (same Message-ID), or doubt -> sent. */
int db_outbox_requeue(struct db *db, long long id, char *err, size_t errlen);
int db_outbox_confirm(struct db *db, long long id, const char *when, char *err,
		      size_t errlen);

/* What a campaign's outbox holds, counted (for `tick`'s summary). */
struct db_outbox_counts {
	long long receipts;		/* orders taken, one receipt each */
	long long reminders;
	long long sent;
	long long failed;		/* failed or in doubt */
};
int db_outbox_count(struct db *db, long long campaign_id, struct db_outbox_counts *c,
		    char *err, size_t errlen);

/* --- reminders --- */
/* 0 when recorded now, DB_EXISTS when this ship was reminded for this turn before. */
int db_reminder_add(struct db *db, long long turn_id, long long ship_id, const char *when,
		    char *err, size_t errlen);

/* --- campaign keys --- */
/*
 * The campaign's secret key for order codes into key. When there is none:
 * with fresh (random bytes the caller made), fresh is stored and given
 * (call inside a transaction); without, DB_NOT_FOUND.
 */
int db_campaign_key(struct db *db, long long campaign_id, const unsigned char *fresh,
		    unsigned char key[DB_MAIL_KEY_BYTES], char *err, size_t errlen);
/*
 * A ship's code salt (schema 8), mixed into its order codes once the ship
 * changed hands (replace-captain, assign): "" until then, so the codes of
 * a ship that never did are what they always were. Into salt; a ship
 * not found gives "" and 0.
 */
#define DB_CODE_SALT_MAX 65
int db_seat_code_salt(struct db *db, long long campaign_id, const char *ship,
		      char salt[DB_CODE_SALT_MAX], char *err, size_t errlen);
/* Sets ship_id's code salt (in the caller's transaction). */
int db_seat_set_code_salt(struct db *db, long long ship_id, const char *salt, char *err,
			  size_t errlen);

#endif
