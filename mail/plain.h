/*
 * mail/plain: a plain message read without GMime. A captain's orders are
 * nearly always one text/plain part, ASCII or UTF-8, under a few simple
 * headers; loading GMime's libraries for that costs a mail-pipe run a
 * third of its time (mail/gmime_load.h). mail_parse_plain() reads such a
 * message exactly as mail_parse_mime() would, or declines it: it never
 * guesses. Declined: MIME parts, transfer encodings other than 7bit/8bit,
 * charsets other than ASCII's supersets it knows, 8-bit text that is not
 * UTF-8, encoded words, comments, groups, lists or quoted pairs in From,
 * repeated headers that are read, auto-reply and list headers, a
 * Content-Disposition, non-ASCII or control bytes in the headers, a lone
 * CR, no empty line after the headers.
 *
 * Ownership: as mail_parse(): out's strings are malloc'd and
 * mail_msg_release() frees them. On 0 and -1, out holds nothing.
 */
#ifndef MX_MAIL_PLAIN_H
#define MX_MAIL_PLAIN_H

#include <stddef.h>

#include "parse.h"

/* 1: read into out; 0: not a plain message, ask GMime; -1: out of memory. */
int mail_parse_plain(const char *raw, size_t len, struct mail_msg *out);

#endif
