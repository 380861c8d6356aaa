/*
 * core/secret: the one tokenizer that says which line of a captain's text
 * holds a secret (PASSWORD or CODE) and where its value is. The orders
 * readers take their secrets with it (core/hovercrafts/orders.c, the
 * envelope of cmd/play.c), and redaction uses it, so whatever the judge
 * takes as a password is exactly what it blanks: "PASSWORD x",
 * "Password: x", "PASSWORD:x", with any of the blanks ' ' \t \r \f \v
 * around, any case, a '#' comment after.
 *
 * What is stored and published of a text is secret_orders_block(): the
 * lines from the first GAME line to the END line, secrets redacted (a
 * captain's "Dear GM, my plan is..." above GAME is private).
 *
 * Ownership: the char * results are malloc'd (NULL: no memory).
 */
#ifndef MX_CORE_SECRET_H
#define MX_CORE_SECRET_H

#include <stddef.h>

enum secret_kind { SECRET_NONE = 0, SECRET_PASSWORD, SECRET_CODE };

#define SECRET_REDACTED "[redacted]"

/* The blanks of an orders line: ' ', \t, \r, \f, \v. */
int secret_blank(int c);
/*
 * 1 when the line [s, e) (no LF) starts, after blanks, with the word kw
 * (any case) followed by a blank, ':' or the end; *rest is then the text
 * after it, its ':' and blanks.
 */
int secret_keyword(const char *s, const char *e, const char *kw, const char **rest);
/*
 * The kind of the line [s, e); for a secret, [*value, *value_end) is its
 * value, without blanks around it and before any '#' comment.
 */
enum secret_kind secret_line(const char *s, const char *e, const char **value,
			     const char **value_end);
/*
 * The text with the value of every secret line replaced by SECRET_REDACTED,
 * everything after "SET PASSWORD" on a line (the mail desk's new password),
 * and the token of a "CONFIRM" line (a JOIN's or OBSERVE's double opt-in).
 */
char *secret_redact(const char *text);
/* The lines from the first GAME line through the END line after it, redacted; "" if no GAME. */
char *secret_orders_block(const char *text);

#endif
