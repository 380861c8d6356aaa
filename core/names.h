/*
 * names: the one check of every name and address a person gives the judge
 * (campaign, captain and ship names, e-mail addresses), and the scrubbing
 * of text that reaches a terminal or a mail. Names end up in mail
 * subjects, GAME and SHIP lines, maps and reports: nothing in them may
 * break a header, forge a line or drive a terminal.
 *
 * Ownership: nothing is allocated; callers give the buffers.
 */
#ifndef MX_NAMES_H
#define MX_NAMES_H

#include <stddef.h>

enum names_kind {
	NAMES_CAMPAIGN,	/* ASCII letters, digits, '-', '_', '.'; 1 to 31 bytes */
	NAMES_CAPTAIN,	/* also spaces, "'", and printable UTF-8; 1 to 63 bytes */
	NAMES_SHIP	/* ASCII as a captain's (typed in SHIP lines, drawn on maps); 1 to 47 */
};

#define NAMES_EMAIL_MAX 254	/* RFC 5321's path limit, less the brackets */

/*
 * 0 when s is a valid name of that kind; -1 with a one-line err that
 * quotes s made printable (names_printable), starting with what, such as
 * "--captain".
 */
int names_check(enum names_kind kind, const char *s, const char *what, char *err, size_t errlen);
/*
 * A plain addr-spec: local@domain, dot-atom local part, hostname domain;
 * no display name, quotes, comments, brackets, commas or spaces.
 */
int names_check_email(const char *s, const char *what, char *err, size_t errlen);

/*
 * Copies s into out (always terminated), every byte that is a control
 * character, part of a C1 control or of invalid UTF-8 as '?': for
 * quoting input in messages. Longer input is cut and ends in "...".
 */
void names_printable(const char *s, char *out, size_t outlen);

/*
 * Scrubs len bytes of text in place for a reader: C0 controls other than
 * newline and tab, DEL, UTF-8 C1 controls and invalid UTF-8 become '?';
 * CR before LF is dropped. With keep_newlines 0, newline and tab become
 * '?' too (one-line messages). Returns the new length (never longer);
 * the buffer is not terminated.
 */
size_t names_scrub(char *buf, size_t len, int keep_newlines);

/* Length in bytes of the valid UTF-8 sequence at s (1 to 4), 0 if invalid; *cp out. */
size_t names_utf8(const unsigned char *s, size_t avail, unsigned long *cp);

#endif
