/*
 * mail/tls: when a connection to a mail server must be TLS (mail/tls.h).
 */
#include "tls.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

int mail_tls_mode_parse(const char *s, enum mail_tls_mode *out)
{
	if (!s || !*s || !strcmp(s, "auto"))
		*out = MAIL_TLS_AUTO;
	else if (!strcmp(s, "required"))
		*out = MAIL_TLS_REQUIRED;
	else if (!strcmp(s, "none"))
		*out = MAIL_TLS_NONE;
	else {
		*out = MAIL_TLS_REQUIRED;
		return -1;
	}
	return 0;
}

/* The authority of the URL: from after "://" to the path; its user part, if any. */
static void authority(const char *url, const char **start, const char **end, const char **at)
{
	const char *s = strstr(url, "://"), *p;

	s = s ? s + 3 : url;
	p = s + strcspn(s, "/?#");
	*start = s;
	*end = p;
	/* The last '@' before the path: a user name may hold '@' itself. */
	*at = NULL;
	for (; p > s; p--)
		if (p[-1] == '@') {
			*at = p - 1;
			break;
		}
}

void mail_url_host(const char *url, char *host, size_t len)
{
	const char *s, *e, *at, *h;
	size_t n;

	authority(url, &s, &e, &at);
	h = at ? at + 1 : s;
	if (*h == '[') {
		const char *close = memchr(h, ']', (size_t)(e - h));

		n = close ? (size_t)(close - h - 1) : 0;
		h++;
	} else {
		const char *colon = memchr(h, ':', (size_t)(e - h));

		n = (size_t)((colon ? colon : e) - h);
	}
	snprintf(host, len, "%.*s", (int)n, h);
}

int mail_url_is_loopback(const char *url)
{
	char host[256];
	size_t n;
	struct in_addr a4;
	struct in6_addr a6;

	mail_url_host(url, host, sizeof(host));
	n = strlen(host);
	if (n && host[n - 1] == '.')
		host[--n] = '\0';
	if (!strcasecmp(host, "localhost"))
		return 1;
	if (inet_pton(AF_INET, host, &a4) == 1)
		return (ntohl(a4.s_addr) >> 24) == 127;
	if (inet_pton(AF_INET6, host, &a6) == 1) {
		static const unsigned char one[16] = { [15] = 1 };
		static const unsigned char mapped[12] = { [10] = 0xff, [11] = 0xff };

		return !memcmp(a6.s6_addr, one, 16) ||
		       (!memcmp(a6.s6_addr, mapped, 12) && a6.s6_addr[12] == 127);
	}
	return 0;
}

void mail_url_shown(const char *url, char *buf, size_t len)
{
	const char *s, *e, *at;

	authority(url, &s, &e, &at);
	if (at)
		snprintf(buf, len, "%.*s%s", (int)(s - url), url, at + 1);
	else
		snprintf(buf, len, "%s", url);
}

int mail_url_has_login(const char *url)
{
	const char *s, *e, *at;

	authority(url, &s, &e, &at);
	return at && at > s;
}

int mail_url_has_password(const char *url)
{
	const char *s, *e, *at;

	authority(url, &s, &e, &at);
	return at && memchr(s, ':', (size_t)(at - s)) != NULL;
}

long long mail_clock_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

long long mail_time_left(long long timeout_ms, long long deadline_ms)
{
	long long left;

	if (!deadline_ms)
		return timeout_ms;
	left = deadline_ms - mail_clock_ms();
	if (left <= 0)
		return 0;
	return left < timeout_ms ? left : timeout_ms;
}

int mail_tls_required(const char *url, const char *user, enum mail_tls_mode mode)
{
	if (mode == MAIL_TLS_REQUIRED)
		return 1;
	if (mode == MAIL_TLS_NONE)
		return 0;
	if (!(user && *user) && !mail_url_has_login(url))
		return 0;
	return !mail_url_is_loopback(url);
}
