/*
 * intake: one message in, for receive and fetch (cmd/receive.c). It is
 * stored as it came before anything reads it, then its orders are found
 * (quotes and signature left out), checked and sealed like `orders
 * submit`, and an answer is queued: a receipt, an error reply quoting the
 * line refused, or a short help. Mail from unknown addresses is stored
 * and logged, never answered.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "account.h"
#include "answers.h"
#include "cmd/cmd.h"
#include "desk.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "core/secret.h"
#include "core/names.h"
#include "db/desk.h"
#include "db/mail.h"
#include "db/security.h"
#include "guard.h"
#include "judge.h"
#include "lib/strbuf.h"
#include "mail/headers.h"
#include "mail/imap.h"
#include "mail/lock.h"
#include "mail/maildir.h"
#include "mail/parse.h"
#include "mail/reply.h"
#include "mailer.h"
#include "outbox.h"
#include "press.h"
#include "seat.h"
#include "cmd/process.h"
#include "mailtext.h"
#include "cmd/reporting.h"
#include "signup.h"
#include "submit.h"
#include "templates.h"
#include "timeutil.h"

/* The same, only for a message holding MXJUDGE_CRASH_MATCH (when set): one poisoned mail. */
static void crash_point_in(const char *point, const char *raw, size_t len)
{
	const char *match = getenv("MXJUDGE_CRASH_MATCH");
	size_t n = match ? strlen(match) : 0, i;

	if (!getenv("MXJUDGE_CRASH_AT"))
		return;
	for (i = 0; n && i + n <= len; i++)
		if (!memcmp(raw + i, match, n))
			break;
	if (!n || i + n <= len)
		mailer_crash_point(point);
}

/* ---------- one message ---------- */

/* SHA-256 of the bytes as received: the same message twice is known. */
static void digest_bytes(const char *raw, size_t len, char out[DB_DIGEST_MAX])
{
	unsigned char h[crypto_hash_sha256_BYTES];

	if (sodium_init() < 0)
		abort();
	crypto_hash_sha256(h, (const unsigned char *)raw, len);
	sodium_bin2hex(out, DB_DIGEST_MAX, h, sizeof(h));
}

/* Does the text hold a line starting with the word GAME (where orders start)? */
static int has_game_line(const char *text)
{
	const char *p = text;

	while (*p) {
		const char *s = p;

		while (*s == ' ' || *s == '\t')
			s++;
		if (!strncasecmp(s, "game", 4) && (s[4] == ' ' || s[4] == '\t' || s[4] == ':' ||
						    s[4] == '\n' || s[4] == '\0'))
			return 1;
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
	return 0;
}

/* Line n (1-based) of text, trimmed, into buf. */
static void text_line(const char *text, int n, char *buf, size_t len)
{
	const char *p = text, *eol;
	size_t k;

	buf[0] = '\0';
	while (--n > 0 && p)
		if ((p = strchr(p, '\n')))
			p++;
	if (!p)
		return;
	while (*p == ' ' || *p == '\t')
		p++;
	eol = strchr(p, '\n');
	k = eol ? (size_t)(eol - p) : strlen(p);
	while (k && (p[k - 1] == ' ' || p[k - 1] == '\t'))
		k--;
	snprintf(buf, len, "%.*s", (int)k, p);
}

/*
 * How a mail is known when it comes again with other bytes (one more
 * Received: line): its Message-ID, else the digest of its sender and
 * body. And when it was written (Date:), so older orders never replace
 * newer ones.
 */
static void mail_identity(const char *raw, size_t len, struct db_mail_in *in)
{
	char v[1024], id[MAIL_MSGID_MAX + 1];
	time_t t;

	in->mail_key[0] = in->written_at[0] = '\0';
	if (mail_header_get(raw, len, "Message-ID", v, sizeof(v)) &&
	    mail_msgid_from_value(v, id, sizeof(id))) {
		snprintf(in->mail_key, sizeof(in->mail_key), "id:%s", id);
	} else {
		crypto_hash_sha256_state h;
		unsigned char out[crypto_hash_sha256_BYTES];
		size_t body = mail_header_end(raw, len);
		char hex[2 * crypto_hash_sha256_BYTES + 1];

		if (sodium_init() < 0)
			abort();
		if (!mail_header_get(raw, len, "From", v, sizeof(v)))
			v[0] = '\0';
		crypto_hash_sha256_init(&h);
		crypto_hash_sha256_update(&h, (const unsigned char *)v, strlen(v) + 1);
		crypto_hash_sha256_update(&h, (const unsigned char *)raw + body, len - body);
		crypto_hash_sha256_final(&h, out);
		sodium_bin2hex(hex, sizeof(hex), out, sizeof(out));
		snprintf(in->mail_key, sizeof(in->mail_key), "sha:%s", hex);
	}
	if (mail_header_get(raw, len, "Date", v, sizeof(v)) && !mail_date_parse(v, &t))
		time_format_utc(t, in->written_at, sizeof(in->written_at));
}

/* Header fields of the mail's own MIME structure: what is kept is plain text. */
static int mime_field(const char *line, size_t n)
{
	return (n >= 8 && !strncasecmp(line, "Content-", 8)) ||
	       (n >= 13 && !strncasecmp(line, "MIME-Version:", 13));
}

/*
 * What is kept of a mail once read: its header fields (at most
 * MAILER_KEEP_HEADERS, without its MIME structure) and body, as one
 * text/plain message with LF line ends. how says what body is.
 */
static void kept_form(struct strbuf *kept, const char *raw, size_t len, const char *body,
		      const char *how)
{
	size_t end = mail_header_end(raw, len), i = 0;
	int skipping = 0;

	if (end > MAILER_KEEP_HEADERS)
		end = MAILER_KEEP_HEADERS;
	while (i < end) {
		const char *lf = memchr(raw + i, '\n', end - i);
		size_t e = lf ? (size_t)(lf - raw) + 1 : end, n = e - i;

		if (!lf)
			break;	/* a field cut at the limit */
		while (n && (raw[i + n - 1] == '\n' || raw[i + n - 1] == '\r'))
			n--;
		if (!n)
			break;	/* the blank line */
		if (raw[i] != ' ' && raw[i] != '\t')
			skipping = mime_field(raw + i, n);
		if (!skipping) {
			strbuf_add(kept, raw + i, n);
			strbuf_addch(kept, '\n');
		}
		i = e;
	}
	strbuf_addf(kept, "X-Mxjudge-Kept: %s\n", how);
	strbuf_addstr(kept, "Content-Type: text/plain; charset=utf-8\n\n");
	strbuf_addstr(kept, body);
}

/* The first MAILER_KEEP_TEXT bytes of text (on a UTF-8 boundary), secrets redacted. */
static char *text_prefix(const char *text, size_t len)
{
	char *cut, *red;
	size_t n = len < MAILER_KEEP_TEXT ? len : MAILER_KEEP_TEXT;

	while (n < len && n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
		n--;
	cut = mail_text_clean(text, n);
	red = cut ? secret_redact(cut) : NULL;
	free(cut);
	return red;
}

struct answer {
	const char *kind;	/* "error-reply", "help" */
	const char *template;
	json_t *data;		/* taken */
	const char *subject;
	long long auth_ship;	/* about a wrong or locked secret for this ship: keyed so (guard.h) */
};

/* Queues an answer to a message: keyed by the message, so never twice. */
static int queue_answer(struct cmd_ctx *ctx, const struct db_mail_in *in, const struct mail_msg *msg,
			const struct db_captain *to, long long campaign_id, struct answer *a,
			time_t now, char *err, size_t errlen)
{
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	struct outbox_mail m;
	char key[DB_KEY_MAX], created[DB_TIME_MAX];
	char one_line[200];
	char dir[4096], game[DB_NAME_MAX];
	int rc;

	/* The campaign's own templates, as for its reports, in its game's words. */
	mailtext_templates_dir(ctx->db, campaign_id ? campaign_id : to ? to->campaign_id : 0, dir,
			       sizeof(dir), game, sizeof(game));
	if (!a->data || templates_render_game(game[0] ? game : NULL, a->template,
					      dir[0] ? dir : NULL, a->data, &body, err,
					      errlen) < 0) {
		if (!a->data)
			snprintf(err, errlen, "out of memory");
		json_decref(a->data);
		a->data = NULL;
		strbuf_release(&body);
		return DB_ERROR;
	}
	json_decref(a->data);
	a->data = NULL;
	/* The mail's Subject as one short line: never a line break or a 3 MB echo. */
	mail_header_text(msg->subject, one_line, sizeof(one_line));
	if (one_line[0] && strncasecmp(one_line, "re:", 3))
		strbuf_addf(&subject, "Re: %s", one_line);
	else
		strbuf_addstr(&subject, one_line[0] ? one_line : a->subject);
	if (a->auth_ship)
		snprintf(key, sizeof(key), GUARD_ANSWER_KEY, a->auth_ship, in->id);
	else
		snprintf(key, sizeof(key), "%s/mail/%lld", a->kind, in->id);
	time_format_utc(now, created, sizeof(created));
	memset(&m, 0, sizeof(m));
	m.campaign_id = campaign_id;
	m.kind = a->kind;
	m.key = key;
	m.recipient = to->email;
	m.created_at = created;
	m.subject = strbuf_str(&subject);
	m.body = strbuf_str(&body);
	m.in_reply_to = msg->message_id;
	rc = db_begin(ctx->db, err, errlen);
	if (!rc) {
		rc = outbox_queue(ctx->db, &m, NULL, err, errlen);
		if (rc == DB_EXISTS)	/* answered before a crash: once is enough */
			rc = 0;
		rc = rc ? rc : db_commit(ctx->db, err, errlen);
		db_rollback(ctx->db);
	}
	strbuf_release(&body);
	strbuf_release(&subject);
	return rc;
}

/* Help and error replies queued to addr in the day before now; negative: a db error. */
static int answers_today(struct cmd_ctx *ctx, const char *addr, time_t now, char *err,
			 size_t errlen)
{
	char since[DB_TIME_MAX];
	long long n = 0;
	int rc;

	time_format_utc(now - 24 * 60 * 60, since, sizeof(since));
	rc = db_outbox_answers_since(ctx->db, addr, since, &n, err, errlen);
	if (rc)
		return rc < 0 ? rc : DB_ERROR;
	return n > 1000000 ? 1000000 : (int)n;
}

#define PROVE_CAPTAINS 4	/* the sender's captains a mail over the cap is checked against */

/*
 * Whether text proves its sender one of caps: an order block with its
 * valid CODE or PASSWORD (answers_credential), else the PASSWORD of one
 * of the first PROVE_CAPTAINS, or the CODE of the open turn of one of
 * their seats. Nothing counted: the answer goes to the address on file,
 * never to a forger. 1 or 0.
 */
static int proves_sender(struct db *db, const struct db_captain *caps, size_t ncaps,
			 const char *text, time_t now)
{
	struct answers_credential cr;
	struct db_campaign *c = NULL;
	struct db_seat *ships = NULL;
	enum secret_kind kind = SECRET_NONE;
	char secret[128], err[512], code[JUDGE_CODE_LEN + 1];
	size_t nc = 0, ns = 0, i, k, j;
	int ok = 0;

	if (!text)
		return 0;
	if (has_game_line(text) && !answers_credential(db, text, now, &cr, err, sizeof(err)) &&
	    cr.found && cr.valid && !cr.locked)
		for (i = 0; i < ncaps && !ok; i++)
			ok = caps[i].campaign_id == cr.campaign_id && !strcmp(caps[i].name, cr.captain);
	if (ok || !seat_mail_secret(text, 0, &kind, secret, sizeof(secret)))
		goto out;
	for (i = 0; kind == SECRET_PASSWORD && i < ncaps && i < PROVE_CAPTAINS && !ok; i++)
		ok = judge_captain_verify(&caps[i], secret);
	if (kind != SECRET_CODE || db_campaign_list(db, &c, &nc, err, sizeof(err)))
		goto out;
	for (i = 0; i < ncaps && i < PROVE_CAPTAINS && !ok; i++)
		for (k = 0; k < nc && !ok; k++) {
			if (c[k].id != caps[i].campaign_id ||
			    db_seat_list(db, c[k].id, &ships, &ns, err, sizeof(err)))
				continue;
			for (j = 0; j < ns && !ok; j++)
				ok = ships[j].captain_id == caps[i].id &&
				     !judge_order_code(db, c[k].id, ships[j].name, c[k].turn, 0, code, err,
						       sizeof(err)) &&
				     judge_check_code(secret, code);
			free(ships);
			ships = NULL;
			ns = 0;
		}
out:
	sodium_memzero(secret, sizeof(secret));
	db_campaign_list_release(c, nc);
	return ok;
}

/*
 * What captain `to` can do now (judge/answers.h), in data: in to's campaign
 * when it has a turn taking orders, else in the first of the sender's
 * other campaigns (caps) that has one.
 */
static void what_now(struct db *db, const struct db_captain *caps, size_t ncaps,
		     const struct db_captain *to, int fix, time_t now, json_t *data)
{
	size_t i;

	if (answers_what_now(db, to->campaign_id, to->id, fix, now, data))
		return;
	for (i = 0; i < ncaps; i++) {
		json_t *other;

		if (caps[i].id == to->id || !(other = json_object()))
			continue;
		if (answers_what_now(db, caps[i].campaign_id, caps[i].id, fix, now, other)) {
			json_object_del(other, "todo");
			json_object_update(data, other);
			json_decref(other);
			return;
		}
		json_decref(other);
	}
}

static json_t *help_data(struct db *db, const struct db_captain *caps, size_t ncaps,
			 const struct db_captain *cap, const char *problem, time_t now)
{
	json_t *d = json_pack("{s:s}", "captain", cap->name);
	char text[512];

	snprintf(text, sizeof(text), "%s", problem ? problem : "");
	answers_wrap(text);
	if (d && problem)
		json_object_set_new(d, "problem", json_string(text));
	if (d)
		what_now(db, caps, ncaps, cap, 0, now, d);
	return d;
}

/*
 * Mail from an address no captain has, carrying a valid CODE or PASSWORD
 * for a ship: most likely its captain writing from another address. It
 * gets a short refusal naming the address on file (never a secret), and
 * the game master an alert. Anything else from a stranger (no block, an
 * unknown ship, a wrong or no secret, a locked ship) stays unanswered:
 * no backscatter to forged senders. 1 when answered, 0 when not, or a db
 * code.
 */
static int stranger(struct cmd_ctx *ctx, struct db_mail_in *in, const struct mail_msg *msg,
		    time_t now, char *say, size_t saylen)
{
	struct answers_credential cr;
	struct db_campaign c;
	struct judge_settings s;
	struct db_captain to;
	struct db_message m;
	struct strbuf subject = STRBUF_INIT, body = STRBUF_INIT;
	struct answer a;
	char err[512], sender[DB_EMAIL_MAX], *text = reply_text(msg->text);
	int rc = 0;

	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	if (text && !has_game_line(text)) {
		free(text);
		text = reply_unquote(msg->text);
	}
	if (!text || !has_game_line(text) ||
	    names_check_email(msg->from, "sender", err, sizeof(err)) ||
	    (rc = answers_credential(ctx->db, text, now, &cr, err, sizeof(err))) ||
	    !cr.found || !cr.valid || cr.locked)
		goto out;
	if ((rc = db_campaign_get(ctx->db, cr.campaign, &c, err, sizeof(err))))
		goto out;
	if (judge_settings_parse(&s, c.settings, err, sizeof(err)))
		s.gm_email[0] = '\0';
	/* The alert first: keyed by the mail, so a crash and a second reading add none. */
	names_printable(msg->from, sender, sizeof(sender));
	strbuf_addf(&subject, "%s: orders for %s came from another address", c.name, cr.ship);
	strbuf_addf(&body, "Campaign %s, ship %s:\n\n"
		    "Mail #%lld, with a valid %s for %s, came from\n\n  %s\n\n"
		    "and not from the address its captain %s has on file:\n\n  %s\n\n"
		    "It was not read; the sender was told which address the judge takes\n"
		    "orders from ('mxjudge mail inbox %s' lists the mail received).\n\n"
		    "If the captain writes from the new address now, run:\n\n"
		    "  mxjudge campaign set-email %s --ship %s --email %s\n\n"
		    "If not, someone else knows the %s of %s: give the ship a new\n"
		    "password ('mxjudge campaign replace-captain').\n",
		    c.name, cr.ship, in->id, cr.secret, cr.ship, sender, cr.captain, cr.email, c.name,
		    c.name, cr.ship, sender, cr.secret, cr.ship);
	memset(&m, 0, sizeof(m));
	m.campaign_id = c.id;
	snprintf(m.key, sizeof(m.key), "alert/address/%lld", in->id);
	judge_gm_address(&s, m.recipient, sizeof(m.recipient));
	time_format_utc(now, m.created_at, sizeof(m.created_at));
	m.subject = (char *)strbuf_str(&subject);
	m.body = (char *)strbuf_str(&body);
	if (subject.failed || body.failed) {
		snprintf(err, sizeof(err), "out of memory");
		rc = DB_ERROR;
		goto out;
	}
	if (!(rc = db_begin(ctx->db, err, sizeof(err)))) {
		rc = db_alert_add(ctx->db, &m, "no gm_email set: see 'mxjudge campaign show'", err,
				  sizeof(err));
		if (rc == DB_EXISTS)
			rc = 0;
		rc = rc ? rc : db_commit(ctx->db, err, sizeof(err));
		db_rollback(ctx->db);
	}
	if (rc)
		goto out;
	memset(&to, 0, sizeof(to));
	snprintf(to.name, sizeof(to.name), "%s", cr.captain);
	snprintf(to.email, sizeof(to.email), "%s", msg->from);
	a = (struct answer){ "error-reply", "wrong-address",
			     json_pack("{s:s,s:s,s:s,s:s,s:s}", "campaign", c.name, "ship", cr.ship,
				       "captain", cr.captain, "sender", sender, "address", cr.email),
			     "Your mail to the judge", 0 };
	if ((rc = queue_answer(ctx, in, msg, &to, c.id, &a, now, err, sizeof(err))))
		goto out;
	snprintf(in->note, sizeof(in->note), "from an address no captain has, with a valid %s for "
		 "%s in %s: refused, the address on file named, the game master alerted",
		 cr.secret, cr.ship, c.name);
	snprintf(say, saylen, "from unknown address '%s' with a valid %s for %s in %s; refusal "
		 "queued, game master alerted", msg->from, cr.secret, cr.ship, c.name);
	rc = 1;
out:
	if (rc < 0)
		snprintf(say, saylen, "%s", err);
	strbuf_release(&subject);
	strbuf_release(&body);
	db_campaign_release(&c);
	judge_settings_release(&s);
	free(text);
	return rc;
}

/*
 * A desk mail from an address no captain has, with a JOIN to a campaign
 * open for sign-up by mail (judge/signup.h), an OBSERVE of one (or an
 * UNOBSERVE of a campaign the address observes), or a TAKEOVER in a
 * campaign whose standby list has the address (judge/account.h): its
 * commands are answered, to the sender, as a captain's are, at most
 * MAILER_NEWCOMER_ANSWERS a day. Anything else from a stranger stays
 * unanswered (no backscatter). 1 with *a, *to (the sender) and
 * *campaign_id; 0 not a newcomer; or a db code with err.
 */
static int newcomer(struct cmd_ctx *ctx, struct db_mail_in *in, const struct mail_msg *msg,
		    time_t now, struct db_captain *to, long long *campaign_id, struct answer *a,
		    char *err, size_t errlen)
{
	struct desk_mail dm;
	struct db_campaign c;
	struct db_captain cred;
	json_t *dd = NULL;
	char why[512], since[DB_TIME_MAX], *text = reply_text(msg->text);
	long long sent = 0;
	size_t i;
	int rc = 0, have_cred = 0;

	memset(to, 0, sizeof(*to));
	if (!text || strlen(msg->text) > MAILER_MAX_TEXT || in->truncated ||
	    names_check_email(msg->from, "sender", why, sizeof(why)) ||
	    desk_parse(text, &dm, why, sizeof(why)) < 0)
		goto out;
	/* Bounded work before the sender is known: at most DESK_MAX_COMMANDS looks. */
	for (i = 0; i < dm.n && !*campaign_id; i++) {
		const char *name = dm.cmd[i].args[0];

		switch (dm.cmd[i].verb) {
		case DESK_JOIN: rc = signup_open(ctx->db, name, err, errlen); break;
		case DESK_TAKEOVER: rc = account_on_standby(ctx->db, name, msg->from, err, errlen); break;
		case DESK_OBSERVE: rc = signup_observable(ctx->db, name, NULL, err, errlen); break;
		case DESK_UNOBSERVE: rc = signup_observable(ctx->db, name, msg->from, err, errlen); break;
		default: continue;
		}
		if (rc < 0)
			goto out;
		if (rc == 1 && !(rc = db_campaign_get(ctx->db, dm.cmd[i].args[0], &c, err, errlen))) {
			*campaign_id = c.id;
			db_campaign_release(&c);
		}
		if (rc < 0)
			goto out;
		rc = 0;
	}
	/*
	 * Or a captain writing from another address, with a credential: the
	 * PASSWORD and the SHIP (or SEAT) of the campaign the first command
	 * names. One password is checked, no more; a wrong one is not answered.
	 */
	for (i = 0; i < dm.n && !*campaign_id && !have_cred; i++) {
		if (!desk_campaign_of(&dm.cmd[i]))
			continue;
		rc = seat_credential(ctx->db, desk_campaign_of(&dm.cmd[i]), text, msg->from, now,
				      &cred, err, errlen);
		if (rc < 0)
			goto out;
		have_cred = rc == 1;
		if (have_cred)
			*campaign_id = cred.campaign_id;
		rc = 0;
		break;
	}
	if (!*campaign_id)
		goto out;
	/* A forger may write as anyone: a few answers a day to an address not on file. */
	time_format_utc(now - 24 * 60 * 60, since, sizeof(since));
	if ((rc = db_outbox_kind_since(ctx->db, "desk", msg->from, since, &sent, err, errlen)))
		goto out;
	if (sent >= MAILER_NEWCOMER_ANSWERS && !have_cred) {
		*campaign_id = 0;
		goto out;
	}
	if ((rc = desk_answers(ctx->db, &dm, text, have_cred ? &cred : NULL, have_cred ? 1 : 0,
			       msg->from, in->id, now, &dd, err, errlen))) {
		rc = rc < 0 ? rc : DB_ERROR;
		goto out;
	}
	snprintf(to->name, sizeof(to->name), "%s",
		 json_string_value(json_object_get(dd, "captain")) ?
		 json_string_value(json_object_get(dd, "captain")) : "");
	snprintf(to->email, sizeof(to->email), "%s", msg->from);
	snprintf(in->status, sizeof(in->status), "desk");
	snprintf(in->note, sizeof(in->note), "%zu desk command%s from %s answered", dm.n,
		 dm.n == 1 ? "" : "s", have_cred ? "a captain's other address (PASSWORD)"
						 : "a newcomer");
	*a = (struct answer){ "desk", "desk-reply", dd, "Your mail to the judge", 0 };
	rc = 1;
out:
	free(text);
	return rc;
}

/*
 * A mail with no order block of its own may have filled in the one it
 * quotes (an inline reply: "> 1-Left", or "1-Left" typed under "> 1-").
 * That block counts when its CODE or PASSWORD is valid and at least one
 * action is written in it: an untouched quotation (Outlook quotes the
 * whole report) never replaces orders, and a stale code in it is no
 * wrong secret. 1: *text is now the mail unquoted; 0 with problem set
 * (empty when the mail quotes no order block); a db code.
 */
static int quoted_block(struct db *db, const char *mail_text, time_t now, char **text,
			char *problem, size_t len)
{
	struct answers_credential cr;
	char err[512], *all = reply_unquote(mail_text);
	int rc = 0;

	problem[0] = '\0';
	if (!all || !has_game_line(all))
		goto out;
	if (!answers_filled_in(all)) {
		snprintf(problem, len, "Your mail quotes an order block, but no action is written in "
			 "it, so the judge took no orders from it.");
		goto out;
	}
	if ((rc = answers_credential(db, all, now, &cr, err, sizeof(err))))
		goto out;
	if (!cr.found)
		snprintf(problem, len, "Your mail holds an order block only in quoted lines (\"> "
			 "...\"), and it names no campaign and ship the judge knows.");
	else if (!cr.secret)
		snprintf(problem, len, "Your mail holds an order block only in quoted lines (\"> "
			 "...\"), and it has no CODE or PASSWORD line.");
	else if (!cr.valid && !cr.locked)
		snprintf(problem, len, "Your mail holds an order block only in quoted lines (\"> "
			 "...\"), and its %s is not the one for %s in turn %d of %s (is it from an "
			 "older report?). A quoted block is read only with the CODE of the open turn "
			 "or your PASSWORD.", cr.secret, cr.ship, cr.turn, cr.campaign);
	else {
		free(*text);
		*text = all;
		all = NULL;
		rc = 1;
	}
out:
	free(all);
	return rc;
}

/*
 * A vote that passed: the turn that ends the game is played now, as
 * process would; if that fails, the next process run plays it (due).
 */
static void play_due(struct cmd_ctx *ctx, const json_t *due, time_t now)
{
	size_t i;
	json_t *name;

	json_array_foreach(due, i, name)
		(void)process_now(ctx, json_string_value(name), now);
}

/*
 * Reads a stored message and answers it; fills in->status and note.
 * Returns 0, or EXIT_TEMPFAIL when the database stayed busy.
 */
static int answer(struct cmd_ctx *ctx, struct db_mail_in *in, const char *raw, size_t len,
		  time_t now, char *say, size_t saylen, struct strbuf *kept)
{
	struct mail_msg msg;
	json_t *due = NULL;		/* campaigns a vote that passed made due (judge/vote.h) */
	int from_attachment = 0;
	char attach_note[200], end_note[320];
	struct mail_settings ms;
	struct db_captain *caps = NULL;
	const struct db_captain *to = NULL;
	size_t ncaps = 0;
	struct submit_result res;
	struct submit_auth auth;
	struct answer a;
	struct db_captain newbie;
	char err[512], key[DB_KEY_MAX], problem[512], *text = NULL, *body;
	const char *auto_reason;
	long long campaign_id = 0;
	int rc, ret = 0, from_quote = 0;

	memset(&res, 0, sizeof(res));
	memset(&a, 0, sizeof(a));
	rc = mail_parse(raw, len, &msg, err, sizeof(err));
	if (rc == MAIL_PARSE_UNAVAILABLE) {
		/* Not the message's fault: it stays stored and the retried delivery reads it. */
		snprintf(say, saylen, "%s", err);
		return EXIT_TEMPFAIL;
	}
	if (rc) {
		size_t at = mail_header_end(raw, len);

		snprintf(in->status, sizeof(in->status), "ignored");
		snprintf(in->note, sizeof(in->note), "%s", err);
		snprintf(say, saylen, "not a mail message; stored, not answered");
		body = text_prefix(raw + at, len - at);
		kept_form(kept, raw, len, body ? body : "", "the start of the body (not a readable "
			  "message), secrets redacted");
		free(body);
		return 0;
	}
	mailer_settings(&ms, ctx->db_path);
	auto_reason = mail_auto_reason(raw, len);
	/* ann@bücher.example is ann@xn--bcher-kva.example, the form captains are kept in. */
	mailtext_ascii_sender(&msg.from);
	snprintf(in->sender, sizeof(in->sender), "%s", msg.from);
	snprintf(in->message_id, sizeof(in->message_id), "%s", msg.message_id);
	rc = msg.from[0] ? db_captain_find_email(ctx->db, msg.from, &caps, &ncaps, err, sizeof(err)) : 0;
	if (rc) {
		ret = rc == DB_BUSY ? EXIT_TEMPFAIL : 0;
		snprintf(in->status, sizeof(in->status), "error");
		snprintf(in->note, sizeof(in->note), "%s", err);
		snprintf(say, saylen, "%s", err);
		goto out;
	}
	if (!ncaps && !msg.automatic && !auto_reason) {
		/* A newcomer's JOIN to a campaign open for sign-up by mail is answered. */
		rc = newcomer(ctx, in, &msg, now, &newbie, &campaign_id, &a, err, sizeof(err));
		if (rc < 0) {
			ret = rc == DB_BUSY ? EXIT_TEMPFAIL : 0;
			snprintf(in->status, sizeof(in->status), "error");
			snprintf(in->note, sizeof(in->note), "%s", err);
			snprintf(say, saylen, "%s", err);
			goto out;
		}
		if (rc == 1) {
			to = &newbie;
			goto answer;
		}
	}
	if (!ncaps) {
		/* No backscatter: a stranger (or a forged sender) gets no mail from us... */
		snprintf(in->status, sizeof(in->status), "unknown-sender");
		snprintf(in->note, sizeof(in->note), "from an address no captain has");
		snprintf(say, saylen, "from unknown address '%s'; stored, not answered", msg.from);
		/* ...unless it holds a ship's valid secret: its captain, from another address. */
		rc = msg.automatic || auto_reason ? 0 : stranger(ctx, in, &msg, now, say, saylen);
		if (rc < 0) {
			ret = rc == DB_BUSY ? EXIT_TEMPFAIL : 0;
			snprintf(in->status, sizeof(in->status), "error");
			snprintf(in->note, sizeof(in->note), "%.*s", (int)sizeof(in->note) - 1, say);
		}
		goto out;
	}
	if (msg.automatic || auto_reason) {
		/* RFC 3834: never answer an answering machine, a bounce or a list. */
		snprintf(in->status, sizeof(in->status), "ignored");
		snprintf(in->note, sizeof(in->note), "an automatic message (%s)",
			 auto_reason ? auto_reason : "auto-reply, bounce or list");
		snprintf(say, saylen, "automatic message from %s (%s); stored, not answered", msg.from,
			 auto_reason ? auto_reason : "auto-reply, bounce or list");
		goto out;
	}
	campaign_id = caps[0].campaign_id;
	to = &caps[0];
	if (in->truncated || strlen(msg.text) > MAILER_MAX_TEXT) {
		snprintf(problem, sizeof(problem), "Your mail was too large for the judge to read: "
			 "%s. Send your orders as plain text, without attachments.",
			 in->truncated ? "over 10 MiB" : "over 1 MiB of text");
		snprintf(in->status, sizeof(in->status), "too-large");
		snprintf(in->note, sizeof(in->note), "%s", in->truncated ? "message over 10 MiB"
			 : "text over 1 MiB");
		a = (struct answer){ "help", "help", help_data(ctx->db, caps, ncaps, &caps[0], problem, now), "Your mail to the judge", 0 };
		goto answer;
	}
	text = reply_text(msg.text);
	problem[0] = '\0';
	/* The mail desk: HELP, LIST, STATUS, REPORT, CHECK (core/desk.h), one reply. */
	if (text) {
		struct desk_mail dm;
		json_t *dd = NULL;

		if (desk_parse(text, &dm, problem, sizeof(problem)) < 0) {
			char why[300];

			/* Precisions: the sanitize build (-O1) sees the cut and -Werror stops it. */
			snprintf(why, sizeof(why), "Line %.290s", problem);
			snprintf(in->status, sizeof(in->status), "desk");
			snprintf(in->note, sizeof(in->note), "a desk command refused: line %.470s",
				 problem);
			a = (struct answer){ "help", "help", help_data(ctx->db, caps, ncaps, &caps[0], why,
								       now), "Your mail to the judge", 0 };
			goto answer;
		}
		if (dm.n) {
			if (desk_answers(ctx->db, &dm, text, caps, ncaps, msg.from, in->id, now, &dd, err,
					 sizeof(err))) {
				ret = 0;
				snprintf(in->status, sizeof(in->status), "error");
				snprintf(in->note, sizeof(in->note), "%s", err);
				snprintf(say, saylen, "%s", err);
				goto out;
			}
			snprintf(in->status, sizeof(in->status), "desk");
			snprintf(in->note, sizeof(in->note), "%zu desk command%s answered%s%.400s%s", dm.n,
				 dm.n == 1 ? "" : "s", json_object_get(dd, "failed") ?
				 " (one could not be: " : "",
				 json_object_get(dd, "failed") ?
				 json_string_value(json_object_get(dd, "failed")) : "",
				 json_object_get(dd, "failed") ? ")" : "");
			a = (struct answer){ "desk", "desk-reply", dd, "Your mail to the judge", 0 };
			goto answer;
		}
	}
	/* Orders in a text/plain attachment when the text holds none (mail/parse.h bounds it). */
	if ((!text || !has_game_line(text)) && has_game_line(msg.attached)) {
		free(text);
		if (!(text = strdup(msg.attached))) {
			snprintf(in->status, sizeof(in->status), "error");
			snprintf(in->note, sizeof(in->note), "out of memory");
			snprintf(say, saylen, "%s", in->note);
			goto out;
		}
		from_attachment = 1;
	}
	if (text && !has_game_line(text)) {
		rc = quoted_block(ctx->db, msg.text, now, &text, problem, sizeof(problem));
		if (rc < 0) {
			ret = rc == DB_BUSY ? EXIT_TEMPFAIL : 0;
			snprintf(in->status, sizeof(in->status), "error");
			snprintf(in->note, sizeof(in->note), "reading the quoted order block failed");
			snprintf(say, saylen, "%s", in->note);
			goto out;
		}
		from_quote = rc == 1;
	}
	if ((!text || !has_game_line(text)) && msg.ignored_parts && !problem[0])
		snprintf(problem, sizeof(problem), "Your mail's attachments were not read: the judge "
			 "reads orders from the text of a mail, or from one text/plain attachment.");
	if (!text || !has_game_line(text)) {
		snprintf(in->status, sizeof(in->status), "no-orders");
		snprintf(in->note, sizeof(in->note), "%s", problem[0] ?
			 "no orders found (a quoted order block that does not count)" :
			 "no orders found (no GAME line)");
		a = (struct answer){ "help", "help",
				     help_data(ctx->db, caps, ncaps, &caps[0], !msg.has_text ?
					       "Your mail had no text the judge could read." :
					       problem[0] ? problem : NULL, now),
				     "Your mail to the judge", 0 };
		goto answer;
	}
	/* Sealed before a crash left the mail unfinished: never again, even past the deadline. */
	snprintf(key, sizeof(key), "receipt/mail/%lld", in->id);
	rc = db_outbox_has_key(ctx->db, key, err, sizeof(err));
	if (rc == DB_EXISTS) {
		snprintf(in->status, sizeof(in->status), "orders");
		snprintf(in->note, sizeof(in->note), "orders sealed and receipt queued before an "
			 "interruption");
		snprintf(say, saylen, "from %s: %s; not read again", msg.from, in->note);
		goto out;
	}
	if (rc) {
		ret = rc == DB_BUSY ? EXIT_TEMPFAIL : 0;
		snprintf(in->status, sizeof(in->status), "error");
		snprintf(in->note, sizeof(in->note), "%s", err);
		snprintf(say, saylen, "%s", err);
		goto out;
	}
	memset(&auth, 0, sizeof(auth));
	auth.sender = msg.from;
	auth.in_reply_to = msg.message_id;
	auth.mail_id = in->id;
	auth.written_at = in->written_at;
	if (msg.ignored_parts) {
		snprintf(attach_note, sizeof(attach_note), "%d attachment%s of your mail %s not read: "
			 "the judge reads orders from the text of a mail, or from one text/plain "
			 "attachment.", msg.ignored_parts, msg.ignored_parts == 1 ? "" : "s",
			 msg.ignored_parts == 1 ? "was" : "were");
		auth.note = attach_note;
	}
	if (desk_after_end(text)) {
		snprintf(end_note, sizeof(end_note), "%s%sLines after END are not read: desk commands "
			 "such as PRESS go in a mail of their own.", auth.note ? auth.note : "",
			 auth.note ? "\n" : "");
		auth.note = end_note;
	}
	rc = submit_orders(ctx->db, text, "mail", &auth, now, 1, &res);
	if (rc == 0) {
		mailer_crash_point("mail-sealed");
		snprintf(in->status, sizeof(in->status), "orders");
		snprintf(in->note, sizeof(in->note), "orders sealed for %s in %s, turn %d%s", res.ship,
			 res.campaign, res.turn, from_quote ? " (from the block the mail quotes)" :
			 from_attachment ? " (from its text/plain attachment)" : "");
		snprintf(say, saylen, "from %s: %s; %s", msg.from, in->note, res.already ?
			 "sealed and answered before an interruption, not again" : "receipt queued");
		goto out;
	}
	if (rc == EXIT_TEMPFAIL) {
		ret = EXIT_TEMPFAIL;
		snprintf(say, saylen, "%s", res.error);
		goto out;
	}
	if (rc != EXIT_DATAERR) {
		snprintf(in->status, sizeof(in->status), "error");
		snprintf(in->note, sizeof(in->note), "%s", res.error);
		snprintf(say, saylen, "from %s: the judge failed: %s", msg.from, res.error);
		goto out;
	}
	{
		/* The error without "mail:LINE:", and the line itself, quoted. */
		const char *why = res.error, *colon;
		const struct ruleset *rs;
		char quote[256];
		size_t i;

		if (!strncmp(why, "mail:", 5)) {
			why += 5;
			colon = res.line ? strchr(why, ':') : NULL;
			if (colon)
				why = colon + 1;
			while (*why == ' ')
				why++;
		}
		/* Only a line at fault is quoted (never a secret); other errors quote none. */
		quote[0] = '\0';
		if (res.line > 0)
			text_line(text, res.line, quote, sizeof(quote));
		if (!strncasecmp(quote, "password", 8))
			quote[0] = '\0';
		if (res.campaign_id)
			for (i = 0; i < ncaps; i++)
				if (caps[i].campaign_id == res.campaign_id) {
					campaign_id = res.campaign_id;
					to = &caps[i];
				}
		snprintf(in->status, sizeof(in->status), "refused");
		snprintf(in->note, sizeof(in->note), "%s", res.error);
		/* Anyone can forge wrong secrets: one answer about them per ship and lockout. */
		if (res.auth_ship_id && !guard_may_answer(ctx->db, res.auth_ship_id, now)) {
			snprintf(say, saylen, "from %s: %.300s; not answered (the captain was told of a "
				 "wrong or locked secret for this ship lately)", msg.from, in->note);
			goto out;
		}
		a.auth_ship = res.auth_ship_id;
		a.kind = "error-reply";
		a.template = "error-reply";
		a.subject = "Your orders were not accepted";
		/* What orders look like, in the words of the campaign's game. */
		rs = ruleset_find(res.ruleset[0] ? res.ruleset : "hovercrafts");
		a.data = json_pack("{s:s,s:b,s:s,s:b}", "error", why, "has_current", res.has_current,
				   "spellings", rs ? engine_order_help(rs) : "", "between",
				   res.between);
		if (a.data && res.not_own)
			json_object_set_new(a.data, "not_own", json_true());
		if (a.data && res.campaign[0])
			json_object_set_new(a.data, "campaign", json_string(res.campaign));
		if (a.data && res.ship[0])
			json_object_set_new(a.data, "ship", json_string(res.ship));
		if (a.data && res.deadline[0])
			json_object_set_new(a.data, "deadline", json_string(res.deadline));
		if (a.data && quote[0]) {
			json_object_set_new(a.data, "quote", json_string(quote));
			json_object_set_new(a.data, "line", json_integer(res.line));
		}
		/* What to do now, and the block of the open turn to fill in. */
		if (a.data)
			what_now(ctx->db, caps, ncaps, to, 1, now, a.data);
	}
answer:
	/* queue_answer takes a.data: the campaigns a vote made due are kept apart. */
	due = json_incref(json_object_get(a.data, "due"));
	/*
	 * A few answers a day to any address: a vacation responder and the judge
	 * never chat for ever. Over that, what the mail asked is done all the
	 * same (a forger flooding the address must not cost its captain a vote):
	 * only the answer is withheld.
	 */
	rc = answers_today(ctx, (to ? to : &caps[0])->email, now, err, sizeof(err));
	/*
	 * ...but a mail that proves its sender is answered all the same: a
	 * forger silences nobody (within MAILER_PROVEN_FACTOR times the cap,
	 * which forged mail, never answered over the cap, cannot fill).
	 */
	if (rc >= ms.answers_per_day &&
	    (rc >= MAILER_PROVEN_FACTOR * ms.answers_per_day ||
	     !proves_sender(ctx->db, caps, ncaps, text, now))) {
		json_decref(a.data);
		a.data = NULL;
		snprintf(say, saylen, "from %s: %.300s; not answered (%d answers to that address in "
			 "the last day)", msg.from, in->note, rc);
		play_due(ctx, due, now);
		goto out;
	}
	rc = rc < 0 ? rc : queue_answer(ctx, in, &msg, to, campaign_id, &a, now, err,
					sizeof(err));
	if (rc == DB_BUSY) {
		ret = EXIT_TEMPFAIL;
		snprintf(say, saylen, "%s", err);
	} else if (rc) {
		snprintf(in->status, sizeof(in->status), "error");
		snprintf(in->note, sizeof(in->note), "%s", err);
		snprintf(say, saylen, "from %s: the judge failed: %s", msg.from, err);
	} else {
		snprintf(say, saylen, "from %s: %s; %s queued", msg.from, in->note, a.kind);
		play_due(ctx, due, now);
	}
out:
	if (ret != EXIT_TEMPFAIL) {
		/* What is kept: the orders block when read as orders, else a short start of the text. */
		int block = text && (!strcmp(in->status, "orders") || !strcmp(in->status, "refused"));

		body = block ? secret_orders_block(text) : text_prefix(msg.text, strlen(msg.text));
		kept_form(kept, raw, len, body ? body : "", block ?
			  "the orders block only (GAME to END), secrets redacted" :
			  "the start of the text only, secrets redacted");
		free(body);
	}
	json_decref(a.data);
	json_decref(due);
	submit_result_release(&res);
	free(text);
	free(caps);
	mail_msg_release(&msg);
	return ret;
}

int mailer_take(struct cmd_ctx *ctx, const char *raw, size_t len, size_t size,
		const char *source, time_t now)
{
	struct db_mail_in in;
	struct strbuf kept = STRBUF_INIT;
	struct strbuf shown = STRBUF_INIT;
	char err[512], say[768], when[DB_TIME_MAX];
	int rc, ret, attempts;

	memset(&in, 0, sizeof(in));
	digest_bytes(raw, len, in.digest);
	mail_identity(raw, len, &in);
	snprintf(in.source, sizeof(in.source), "%s", source);
	time_format_utc(now, in.received_at, sizeof(in.received_at));
	time_format_utc(now, when, sizeof(when));
	in.size = (long long)size;
	in.truncated = len < size;
	rc = db_mail_in_store(ctx->db, &in, raw, len, err, sizeof(err));
	/* Seen before: answered already, unless it was never read to the end. */
	if (rc == DB_EXISTS && strcmp(in.status, "stored") && strcmp(in.status, "error")) {
		if (!ctx->quiet)
			printf("mail #%lld: received before (%s); not answered again\n", in.id, in.status);
		return EXIT_OK;
	}
	if (rc && rc != DB_EXISTS) {
		cmd_error("%s; the message was not stored", err);
		return EXIT_TEMPFAIL;
	}
	if (rc == DB_EXISTS) {
		/* Reads that never ended (the process was killed in them): after a few, set aside. */
		if (in.attempts >= MAILER_MAX_READS) {
			char note[256];

			snprintf(note, sizeof(note), "set aside: %d reads of it never ended (the judge was "
				 "killed while reading it); kept whole, not answered", in.attempts);
			rc = db_mail_in_set_aside(ctx->db, in.id, note, when, err, sizeof(err));
			if (rc) {
				cmd_error("mail #%lld: %s", in.id, err);
				return EXIT_TEMPFAIL;
			}
			cmd_error("mail #%lld: %s; the mails after it are read (see 'mxjudge doctor')",
				  in.id, note);
			return EXIT_OK;
		}
		rc = db_mail_in_attempt(ctx->db, in.id, 1, &attempts, err, sizeof(err));
		if (rc) {
			cmd_error("mail #%lld: %s; stored, to be read again", in.id, err);
			return EXIT_TEMPFAIL;
		}
	}
	mailer_crash_point("mail-stored");
	crash_point_in("mail-reading", raw, len);
	say[0] = '\0';
	ret = answer(ctx, &in, raw, len, now, say, sizeof(say), &kept);
	if (ret == EXIT_TEMPFAIL) {
		/* Stored but not read to the end: the retried delivery finishes it. A read that
		   ended in good order is not one that killed the judge. */
		db_mail_in_attempt(ctx->db, in.id, -1, &attempts, err, sizeof(err));
		cmd_error("mail #%lld: %s; stored, to be read again", in.id, say);
		strbuf_release(&kept);
		return EXIT_TEMPFAIL;
	}
	mailer_crash_point("mail-answered");
	rc = db_mail_in_finish(ctx->db, &in, when, kept.failed ? NULL : strbuf_str(&kept),
			       kept.failed ? 0 : kept.len, err, sizeof(err));
	strbuf_release(&kept);
	if (rc) {
		cmd_error("mail #%lld: %s", in.id, err);
		return rc == DB_BUSY ? EXIT_TEMPFAIL : EXIT_OK;
	}
	/* The line quotes the mail (its sender, a refused line): never a terminal's escapes. */
	if (!strcmp(in.status, "error"))
		cmd_error("mail #%lld: %s", in.id, say);
	else if (!strcmp(in.status, "unknown-sender"))
		fprintf(stderr, "mxjudge: mail #%lld %s\n", in.id, mailtext_shown(say, 0, &shown));
	else if (!ctx->quiet)
		printf("mail #%lld %s\n", in.id, mailtext_shown(say, 0, &shown));
	strbuf_release(&shown);
	return EXIT_OK;
}
