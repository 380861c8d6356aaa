#include "smtp.h"

#include <curl/curl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* Small reads, so a transfer goes out in steps the progress callback sees. */
#define CHUNK 4096

struct upload {
	const char *data;
	size_t len, off;
	smtp_progress_fn progress;
	void *arg;
	int told_last;
};

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;

static void curl_start(void)
{
	curl_global_init(CURL_GLOBAL_DEFAULT);
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

enum mail_result smtp_send(const struct smtp_conf *c, const char *from, const char *to,
			   const char *data, size_t len, smtp_progress_fn progress, void *arg,
			   char *err, size_t errlen)
{
	struct upload u = { data, len, 0, progress, arg, 0 };
	struct curl_slist *rcpt = NULL;
	char errbuf[CURL_ERROR_SIZE] = "";
	enum mail_result r = MAIL_TEMP;
	long code = 0;
	CURLcode rc;
	CURL *h;

	pthread_once(&curl_once, curl_start);
	h = curl_easy_init();
	if (!h) {
		snprintf(err, errlen, "cannot start libcurl");
		return MAIL_TEMP;
	}
	rcpt = curl_slist_append(NULL, to);
	curl_easy_setopt(h, CURLOPT_URL, c->url);
	curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
	if (c->user && *c->user) {
		curl_easy_setopt(h, CURLOPT_USERNAME, c->user);
		curl_easy_setopt(h, CURLOPT_PASSWORD, c->password ? c->password : "");
	}
	curl_easy_setopt(h, CURLOPT_USE_SSL, c->require_tls ? (long)CURLUSESSL_ALL : (long)CURLUSESSL_TRY);
	curl_easy_setopt(h, CURLOPT_MAIL_FROM, from);
	curl_easy_setopt(h, CURLOPT_MAIL_RCPT, rcpt);
	curl_easy_setopt(h, CURLOPT_READFUNCTION, reader);
	curl_easy_setopt(h, CURLOPT_READDATA, &u);
	curl_easy_setopt(h, CURLOPT_UPLOAD, 1L);
	/* No size given: libcurl reads until the reader says 0, so "last" is always seen. */
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 30L);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, c->timeout > 0 ? c->timeout : 120L);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	rc = curl_easy_perform(h);
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	if (rc == CURLE_OK) {
		r = MAIL_SENT;
	} else {
		/* The server's word decides: 5xx is final, anything else may pass later. */
		r = code >= 500 && code < 600 ? MAIL_PERM : MAIL_TEMP;
		snprintf(err, errlen, "%s%s%s (SMTP %ld)", curl_easy_strerror(rc), errbuf[0] ? ": " : "",
			 errbuf, code);
	}
	curl_slist_free_all(rcpt);
	curl_easy_cleanup(h);
	return r;
}
