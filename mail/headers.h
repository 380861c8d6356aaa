/*
 * mail/headers: what the judge reads straight from the header section of
 * a message as it came, before and whatever the MIME parser makes of it,
 * and the checks every header it writes goes through. Mail is hostile:
 * every function here reads at most MAIL_HEADER_SCAN bytes, keeps to
 * the caller's buffer, and never lets a control character through.
 *
 *  - mail_header_get(): the first field of that name, unfolded, with
 *    control characters (CR, LF, NUL, TAB...) made blanks.
 *  - mail_auto_reason(): why a message is automatic (RFC 3834 and the
 *    de-facto markers), so the judge never answers it.
 *  - mail_msgid_valid(): a Message-ID fit to be copied into In-Reply-To
 *    and References: a dot-atom "left@right" of printable ASCII, never an
 *    encoded word; anything else is dropped, never repaired.
 *  - mail_header_text(): any text made fit for one header line.
 *  - mail_date_parse(): an RFC 5322 Date: value as UTC.
 *
 * Ownership: nothing is allocated; buffers are the caller's.
 */
#ifndef MX_MAIL_HEADERS_H
#define MX_MAIL_HEADERS_H

#include <stddef.h>
#include <time.h>

#define MAIL_HEADER_SCAN ((size_t)256 << 10)	/* header bytes read at most */
#define MAIL_MSGID_MAX 250			/* a Message-ID copied back, at most */

/* Where the body starts (after the blank line), len when there is none. */
size_t mail_header_end(const char *raw, size_t len);
/* 1 and the value in buf (cut to fit, on a UTF-8 boundary), or 0 when absent. */
int mail_header_get(const char *raw, size_t len, const char *name, char *buf, size_t buflen);
/*
 * NULL when the message may be answered, else why not ("Auto-Submitted:
 * auto-replied", "Return-Path: <>", "X-Loop", ...): any X-Loop field,
 * whoever it names, marks a message automatic.
 */
const char *mail_auto_reason(const char *raw, size_t len);
/* 1 when id (without the angle brackets) may be copied into a header. */
int mail_msgid_valid(const char *id);
/* The Message-ID inside a header value "<id>" into buf when valid: 1, else 0. */
int mail_msgid_from_value(const char *value, char *buf, size_t len);
/* s as one header line's text: blanks for control characters, cut at len - 1 on UTF-8. */
void mail_header_text(const char *s, char *buf, size_t len);
/* 0 and *t, or -1 when the value is no date. */
int mail_date_parse(const char *value, time_t *t);

#endif
