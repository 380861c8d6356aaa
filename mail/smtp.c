/*
 * mail/smtp: one message to one recipient over SMTP with libcurl
 * (mail/smtp.h).
 */
#include "smtp.h"

#include <stdio.h>
#include <string.h>

#include "curl_load.h"
#include "tls.h"

/* Small reads, so a transfer goes out in steps the progress callback sees. */
#define CHUNK 4096

struct upload {
	const char *data;
	size_t len, off;
	smtp_progress_fn progress;
	void *arg;
	int told_last;
	char verb[16];		/* the last command sent: its verb only */
	char reply[256];	/* the server's last reply line */
	int quitting;		/* QUIT sent: what follows is not what failed */
};

static int known_verb(const char *v)
{
	static const char *const verbs[] = { "EHLO", "HELO", "STARTTLS", "AUTH", "MAIL", "RCPT",
					     "DATA", "RSET", "NOOP", NULL };
	size_t i;

	for (i = 0; verbs[i]; i++)
		if (!strcmp(v, verbs[i]))
			return 1;
	return 0;
}

/* The dialogue as libcurl sees it: keeps the last verb sent and line heard. */
static int on_debug(CURL *h, curl_infotype type, char *data, size_t size, void *p)
{
	struct upload *u = p;
	size_t n = 0;

	(void)h;
	if (u->quitting)
		return 0;
	if (type == CURLINFO_HEADER_OUT && size >= 4 && !strncmp(data, "QUIT", 4)) {
		u->quitting = 1;
		return 0;
	}
	if (type == CURLINFO_HEADER_IN) {
		while (n < size && n < sizeof(u->reply) - 1 && data[n] != '\r' && data[n] != '\n')
			n++;
		memcpy(u->reply, data, n);
		u->reply[n] = '\0';
	} else if (type == CURLINFO_HEADER_OUT) {
		/*
		 * Only a known verb, cut at the first blank or colon: never the
		 * rest of a line, and never AUTH LOGIN's lines (the name and the
		 * password in base64), which stay "AUTH".
		 */
		char verb[10];	/* the longest known verb, STARTTLS, fits */

		while (n < size && n < sizeof(verb) - 1 && data[n] != ' ' && data[n] != ':' &&
		       data[n] != '\r' && data[n] != '\n')
			n++;
		memcpy(verb, data, n);
		verb[n] = '\0';
		if (known_verb(verb))
			snprintf(u->verb, sizeof(u->verb), "%s%s", verb, !strcmp(verb, "MAIL") ? " FROM"
				 : !strcmp(verb, "RCPT") ? " TO" : "");
	}
	return 0;
}

/* Reply lines quoted in errors are the server's words: printable ASCII only. */
static void scrub(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			*s = '?';
}

static size_t reader(char *buf, size_t size, size_t nmemb, void *p)
{
	struct upload *u = p;
	size_t room = size * nmemb, n = u->len - u->off;

	if (n > room)
		n = room;
	if (n > CHUNK)
		n = CHUNK;
	if (n == 0) {
		/* Every byte is out; curl sends the final dot when we return 0. */
		if (!u->told_last && u->progress && u->progress(u->arg, u->off, 1))
			return CURL_READFUNC_ABORT;
		u->told_last = 1;
		return 0;
	}
	if (u->progress && u->progress(u->arg, u->off, 0))
		return CURL_READFUNC_ABORT;
	memcpy(buf, u->data + u->off, n);
	u->off += n;
	return n;
}

/* Did the failure come before MAIL FROM (connection, greeting, EHLO, STARTTLS, login)? */
static int before_message(const struct upload *u)
{
	return !u->verb[0] || !strcmp(u->verb, "EHLO") || !strcmp(u->verb, "HELO") ||
	       !strcmp(u->verb, "STARTTLS") || !strcmp(u->verb, "AUTH");
}

/* What the server was answering, for an error: "the connection", "RCPT TO"... */
static const char *step(const struct upload *u)
{
	if (!u->verb[0])
		return "the connection";
	if (!strcmp(u->verb, "AUTH"))
		return "the login";
	if (!strcmp(u->verb, "DATA") && u->told_last)
		return "the message";
	return u->verb;
}

enum mail_result smtp_send(const struct smtp_conf *c, const char *from, const char *to,
			   const char *data, size_t len, smtp_progress_fn progress, void *arg,
			   char *err, size_t errlen)
{
	struct upload u = { data, len, 0, progress, arg, 0, "", "", 0 };
	struct curl_slist *rcpt = NULL;
	char errbuf[CURL_ERROR_SIZE] = "";
	enum mail_result r = MAIL_TEMP;
	long code = 0;
	const struct curlx *cu = curlx_load(err, errlen);
	long long left = mail_time_left((c->timeout > 0 ? c->timeout : 120L) * 1000LL, c->deadline_ms);
	CURLcode rc;
	CURL *h;

	if (!cu)
		return MAIL_TEMP;
	if (!left) {
		snprintf(err, errlen, "%s", MAIL_DEADLINE_PASSED);
		return MAIL_SERVER;
	}
	h = cu->easy_init();
	if (!h) {
		snprintf(err, errlen, "cannot start libcurl");
		return MAIL_TEMP;
	}
	rcpt = cu->slist_append(NULL, to);
	cu->easy_setopt(h, CURLOPT_URL, c->url);
	cu->easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
	if (c->user && *c->user) {
		cu->easy_setopt(h, CURLOPT_USERNAME, c->user);
		cu->easy_setopt(h, CURLOPT_PASSWORD, c->password ? c->password : "");
	} else if (c->password && *c->password) {
		/* The user in the URL, the password kept out of it (and out of ps). */
		cu->easy_setopt(h, CURLOPT_PASSWORD, c->password);
	}
	cu->easy_setopt(h, CURLOPT_USE_SSL, c->require_tls ? (long)CURLUSESSL_ALL : (long)CURLUSESSL_TRY);
	cu->easy_setopt(h, CURLOPT_MAIL_FROM, from);
	cu->easy_setopt(h, CURLOPT_MAIL_RCPT, rcpt);
	cu->easy_setopt(h, CURLOPT_READFUNCTION, reader);
	cu->easy_setopt(h, CURLOPT_READDATA, &u);
	cu->easy_setopt(h, CURLOPT_UPLOAD, 1L);
	/* No size given: libcurl reads until the reader says 0, so "last" is always seen. */
	cu->easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	cu->easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 30L);
	/*
	 * The whole transfer, and each reply: libcurl waits for the answer to
	 * the end of the data by the second limit only (120 s by default).
	 */
	cu->easy_setopt(h, CURLOPT_TIMEOUT_MS, (long)left);
	cu->easy_setopt(h, CURLOPT_SERVER_RESPONSE_TIMEOUT, (long)((left + 999) / 1000));
	cu->easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	/* Verbose only feeds on_debug (a debug function replaces the printing). */
	cu->easy_setopt(h, CURLOPT_DEBUGFUNCTION, on_debug);
	cu->easy_setopt(h, CURLOPT_DEBUGDATA, &u);
	cu->easy_setopt(h, CURLOPT_VERBOSE, 1L);
	rc = cu->easy_perform(h);
	cu->easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	scrub(u.reply);
	if (rc == CURLE_OK) {
		r = MAIL_SENT;
	} else if (u.told_last && code < 400 && rc != CURLE_SEND_ERROR) {
		/*
		 * The end mark may have reached the server and no refusal came back
		 * (the connection dropped or timed out): it may have the message.
		 * A send error is no doubt: the end mark never left, and a server
		 * drops a message without it.
		 */
		r = MAIL_DOUBT;
		snprintf(err, errlen, "no answer after the whole message went out (%s%s%s): the "
			 "server may have it", cu->easy_strerror(rc), errbuf[0] ? ": " : "", errbuf);
	} else if (code >= 400) {
		/* The server's word decides: 5xx is final, anything else may pass later. */
		r = code >= 500 && code < 600 ? MAIL_PERM : MAIL_TEMP;
		snprintf(err, errlen, "the SMTP server refused %s: %s", step(&u),
			 u.reply[0] ? u.reply : "(no reply text)");
	} else if (rc == CURLE_USE_SSL_FAILED) {
		r = MAIL_TEMP;
		snprintf(err, errlen, "%s", SMTP_NO_STARTTLS);
	} else {
		r = MAIL_TEMP;
		snprintf(err, errlen, "%s%s%s%s%s", cu->easy_strerror(rc), errbuf[0] ? ": " : "", errbuf,
			 u.verb[0] ? " after " : "", u.verb);
	}
	/* Whatever the code said, a failure before the message is the server's, not the message's. */
	if (r != MAIL_SENT && r != MAIL_DOUBT && before_message(&u))
		r = MAIL_SERVER;
	cu->slist_free_all(rcpt);
	cu->easy_cleanup(h);
	return r;
}
