/*
 * mail/probe: can the judge log in to its mail servers? For doctor
 * (mail/probe.h).
 */
#include "probe.h"

#include <stdio.h>

#include "curl_load.h"

int smtp_probe(const struct smtp_conf *c, char *err, size_t errlen)
{
	char errbuf[CURL_ERROR_SIZE] = "";
	long code = 0;
	const struct curlx *cu = curlx_load(err, errlen);
	CURLcode rc;
	CURL *h;

	if (!cu)
		return -1;
	h = cu->easy_init();
	if (!h) {
		snprintf(err, errlen, "cannot start libcurl");
		return -1;
	}
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
	/* libcurl's SMTP connect phase is greeting, EHLO, STARTTLS and AUTH: all we ask. */
	cu->easy_setopt(h, CURLOPT_CONNECT_ONLY, 1L);
	cu->easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
	cu->easy_setopt(h, CURLOPT_CONNECTTIMEOUT, 15L);
	cu->easy_setopt(h, CURLOPT_TIMEOUT, c->timeout > 0 ? c->timeout : 30L);
	cu->easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
	rc = cu->easy_perform(h);
	cu->easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
	if (rc == CURLE_USE_SSL_FAILED)
		snprintf(err, errlen, "%s", SMTP_NO_STARTTLS);
	else if (rc != CURLE_OK && code)
		snprintf(err, errlen, "%s%s%s (SMTP %ld)", cu->easy_strerror(rc), errbuf[0] ? ": " : "",
			 errbuf, code);
	else if (rc != CURLE_OK)
		snprintf(err, errlen, "%s%s%s", cu->easy_strerror(rc), errbuf[0] ? ": " : "", errbuf);
	cu->easy_cleanup(h);
	return rc == CURLE_OK ? 0 : -1;
}
