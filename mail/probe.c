#include "probe.h"

#include <curl/curl.h>
#include <stdio.h>

int smtp_probe(const struct smtp_conf *c, char *err, size_t errlen)
{
	char errbuf[CURL_ERROR_SIZE] = "";
	long code = 0;
	CURLcode rc;
	CURL *h;

	if (curl_global_init(CURL_GLOBAL_DEFAULT)) {
		snprintf(err, errlen, "cannot start libcurl");
		return -1;
	}
	h = curl_easy_init();
	if (!h) {
		snprintf(err, errlen, "cannot start libcurl");
		curl_global_cleanup();
		return -1;
	}
	curl_easy_setopt(h, CURLOPT_URL, c->url);
	curl_easy_setopt(h, CURLOPT_PROTOCOLS_STR, "smtp,smtps");
	if (c->user && *c->user) {
		curl_easy_setopt(h, CURLOPT_USERNAME, c->user);
		curl_easy_setopt(h, CURLOPT_PASSWORD, c->password ? c->password : "");
	}
	curl_easy_setopt(h, CURLOPT_USE_SSL, c->require_tls ? (long)CURLUSESSL_ALL : (long)CURLUSESSL_TRY);
	/* libcurl's SMTP connect phase is greeting, EHLO, STARTTLS and AUTH: all we ask. */
	curl_easy_setopt(h, CURLOPT_CONNECT_ONLY, 1L);
	curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 15L);
	curl_easy_setopt(h, CURLOPT_TIMEOUT, c->timeout > 0 ? c->timeout : 30L);
	curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	rc = curl_easy_perform(h);
	curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	if (rc != CURLE_OK && code)
		snprintf(err, errlen, "%s%s%s (SMTP %ld)", curl_easy_strerror(rc), errbuf[0] ? ": " : "",
			 errbuf, code);
	else if (rc != CURLE_OK)
		snprintf(err, errlen, "%s%s%s", curl_easy_strerror(rc), errbuf[0] ? ": " : "", errbuf);
	curl_easy_cleanup(h);
	curl_global_cleanup();
	return rc == CURLE_OK ? 0 : -1;
}
