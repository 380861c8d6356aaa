/*
 * wrap: text for mail readers, every line within a width (80 columns,
 * mxjudge's house rule). A line longer than the width is broken at its
 * last blank that fits. A line of prose (no indent, no mark) goes on
 * flush left; an indented or marked one goes on two columns deeper than
 * it, after its own indent and its quote or comment marks ("> ", "; "),
 * so a wrapped list stays one item under its label and a wrapped comment
 * stays a comment. A word longer than the room stays whole; a break
 * before a pipe ("| sha256sum") ends its line with a backslash, so the
 * command still pastes into a shell. Lines within the width are left
 * byte for byte. Columns are code points of UTF-8 (one for "é").
 *
 * Ownership: text is borrowed; the result is appended to out, the caller's.
 */
#ifndef MX_WRAP_H
#define MX_WRAP_H

#include <stddef.h>

#include "strbuf.h"

#define WRAP_WIDTH 80

/* The columns of the first len bytes of s. */
size_t wrap_columns(const char *s, size_t len);
/* Appends text to out wrapped within width columns. */
void wrap_text(const char *text, size_t width, struct strbuf *out);

#endif
