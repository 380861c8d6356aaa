/*
 * mail/html: HTML mail bodies as plain text, for clients that send no
 * text part. Tags go, entities are decoded, block elements and <br> end
 * lines, <pre> keeps its layout, and text inside <blockquote> comes out
 * as "> " quoted lines so the reply reader (mail/reply.h) drops it like
 * any quotation. Not a browser: good enough for orders typed in a mail.
 *
 * Work and memory are linear in the input: a line carries at most
 * HTML_MAX_DEPTH quote marks however deep the nesting (deeper quotes are
 * still quotes), and html_to_text_limit() stops once the text passes its
 * limit, so a hostile mail costs a bounded amount before its sender is
 * even known.
 *
 * Ownership: both return a malloc'd string (NULL: no memory).
 */
#ifndef MX_MAIL_HTML_H
#define MX_MAIL_HTML_H

#include <stddef.h>

#define HTML_MAX_DEPTH 8		/* "> " marks written per line */
#define HTML_MAX_COUNT 1000000		/* nesting counted up to this */

char *html_to_text(const char *html);
/* The text, stopped once longer than limit bytes (the caller sees it is too long). */
char *html_to_text_limit(const char *html, size_t limit);

#endif
