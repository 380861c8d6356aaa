/*
 * mail/html: HTML mail bodies as plain text, for clients that send no
 * text part. Tags go, entities are decoded, block elements and <br> end
 * lines, <pre> keeps its layout, and text inside <blockquote> comes out
 * as "> " quoted lines so the reply reader (mail/reply.h) drops it like
 * any quotation. Not a browser: good enough for orders typed in a mail.
 *
 * Ownership: html_to_text() returns a malloc'd string (NULL: no memory).
 */
#ifndef MX_MAIL_HTML_H
#define MX_MAIL_HTML_H

char *html_to_text(const char *html);

#endif
