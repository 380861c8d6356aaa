/*
 * timeutil: instants as the judge stores and shows them.
 *
 * Everything is stored in UTC as "YYYY-MM-DDTHH:MM:SSZ" (fixed width, so
 * the text sorts in time order and SQL can compare it). Each campaign shows
 * times in its own IANA zone ("Europe/Paris"), daylight saving included.
 *
 * Ownership: plain values and caller buffers; nothing allocates. The zone
 * functions switch TZ for the duration of the call and put it back.
 */
#ifndef MX_TIMEUTIL_H
#define MX_TIMEUTIL_H

#include <stddef.h>
#include <time.h>

#define TIME_TEXT_MAX 64

/*
 * Parses ISO 8601: "2025-03-01", "2025-03-01T18:00", "...:30", with
 * "Z" or "+01:00"/"-0500"; a space may stand for the "T". Without a zone
 * the time is UTC. 0 or -1.
 */
int time_parse_iso(const char *s, time_t *out);
/* "2025-03-01T18:00:00Z" into buf (>= 21 bytes). */
void time_format_utc(time_t t, char *buf, size_t len);
/* "2025-03-01 19:00 CET" in zone; falls back to UTC on a bad zone. */
void time_format_zone(time_t t, const char *zone, char *buf, size_t len);
/*
 * A stored time ("2025-03-01T18:00:00Z") as people read it in zone, as
 * time_format_zone() writes it; text that does not parse is copied as it is.
 * Every listing shows times so, never the stored form.
 */
void time_shown(const char *stored, const char *zone, char *buf, size_t len);
/* 1 if zone names a file under /usr/share/zoneinfo that is a TZif file. */
int time_zone_valid(const char *zone);
/*
 * t + days calendar days in zone: the same wall-clock time, so a 20:00
 * deadline stays at 20:00 across a daylight-saving change.
 */
time_t time_add_days_zone(time_t t, int days, const char *zone);
/* The --now option if given (-1 if it does not parse), else the clock. */
int time_now(const char *opt, time_t *out);

#endif
