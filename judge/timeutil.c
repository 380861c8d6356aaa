/*
 * timeutil: instants stored in UTC text and shown in a campaign's IANA
 * zone, parsed, and days added in a zone (judge/timeutil.h).
 */
#include "timeutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define ZONEINFO "/usr/share/zoneinfo/"

static int digits(const char **p, int n, int *out)
{
	int v = 0, i;

	for (i = 0; i < n; i++) {
		if ((*p)[i] < '0' || (*p)[i] > '9')
			return -1;
		v = v * 10 + ((*p)[i] - '0');
	}
	*p += n;
	*out = v;
	return 0;
}

int time_parse_iso(const char *s, time_t *out)
{
	struct tm tm;
	const char *p = s;
	int y, mo, d, h = 0, mi = 0, sec = 0, oh = 0, om = 0, sign = 0;
	time_t t;

	if (!s)
		return -1;
	memset(&tm, 0, sizeof(tm));
	if (digits(&p, 4, &y) || *p++ != '-' || digits(&p, 2, &mo) || *p++ != '-' ||
	    digits(&p, 2, &d))
		return -1;
	if (*p == 'T' || *p == 't' || *p == ' ') {
		p++;
		if (digits(&p, 2, &h) || *p++ != ':' || digits(&p, 2, &mi))
			return -1;
		if (*p == ':') {
			p++;
			if (digits(&p, 2, &sec))
				return -1;
			/* Fractions of a second are accepted and dropped. */
			if (*p == '.' || *p == ',') {
				p++;
				while (*p >= '0' && *p <= '9')
					p++;
			}
		}
		if (*p == 'Z' || *p == 'z') {
			p++;
		} else if (*p == '+' || *p == '-') {
			sign = *p++ == '-' ? -1 : 1;
			if (digits(&p, 2, &oh))
				return -1;
			if (*p == ':')
				p++;
			if (*p && digits(&p, 2, &om))
				return -1;
		}
	}
	if (*p || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60 ||
	    oh > 23 || om > 59 || y < 1970)
		return -1;
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = sec;
	t = timegm(&tm);
	/* timegm normalises 31 February into March: refuse such dates. */
	if (t == (time_t)-1 || tm.tm_mday != d || tm.tm_mon != mo - 1)
		return -1;
	*out = t - (time_t)sign * (oh * 3600 + om * 60);
	return 0;
}

void time_format_utc(time_t t, char *buf, size_t len)
{
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "?");
}

int time_zone_valid(const char *zone)
{
	char path[512], magic[4];
	struct stat sb;
	FILE *f;
	int ok = 0;

	/* Names are looked up as paths: keep them inside the zoneinfo tree. */
	if (!zone || !*zone || zone[0] == '/' || strstr(zone, "..") ||
	    strlen(zone) > 200 || strspn(zone, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
					  "0123456789/_+-") != strlen(zone))
		return 0;
	snprintf(path, sizeof(path), ZONEINFO "%s", zone);
	if (stat(path, &sb) || !S_ISREG(sb.st_mode))
		return 0;
	f = fopen(path, "rb");
	if (!f)
		return 0;
	if (fread(magic, 1, 4, f) == 4 && !memcmp(magic, "TZif", 4))
		ok = 1;
	fclose(f);
	return ok;
}

/* Runs with TZ set to zone; the old value goes back in restore_zone(). */
static char *enter_zone(const char *zone)
{
	const char *old = getenv("TZ");
	char *saved = old ? strdup(old) : NULL;

	setenv("TZ", zone && *zone ? zone : "UTC", 1);
	tzset();
	return saved;
}

static void restore_zone(char *saved)
{
	if (saved)
		setenv("TZ", saved, 1);
	else
		unsetenv("TZ");
	tzset();
	free(saved);
}

void time_format_zone(time_t t, const char *zone, char *buf, size_t len)
{
	struct tm tm;
	char *saved;

	if (!time_zone_valid(zone))
		zone = "UTC";
	saved = enter_zone(zone);
	if (!localtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%d %H:%M %Z", &tm))
		snprintf(buf, len, "?");
	restore_zone(saved);
}

void time_shown(const char *stored, const char *zone, char *buf, size_t len)
{
	time_t t;

	if (stored && *stored && !time_parse_iso(stored, &t))
		time_format_zone(t, zone && *zone ? zone : "UTC", buf, len);
	else
		snprintf(buf, len, "%s", stored ? stored : "");
}

time_t time_add_days_zone(time_t t, int days, const char *zone)
{
	struct tm tm;
	char *saved;
	time_t r;

	if (!time_zone_valid(zone))
		zone = "UTC";
	saved = enter_zone(zone);
	if (!localtime_r(&t, &tm)) {
		r = t + (time_t)days * 86400;
	} else {
		tm.tm_mday += days;
		tm.tm_isdst = -1;	/* let mktime find the offset of that day */
		r = mktime(&tm);
		if (r == (time_t)-1)
			r = t + (time_t)days * 86400;
	}
	restore_zone(saved);
	return r;
}

int time_now(const char *opt, time_t *out)
{
	if (opt)
		return time_parse_iso(opt, out);
	*out = time(NULL);
	return 0;
}
