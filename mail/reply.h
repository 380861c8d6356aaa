/*
 * mail/reply: the new text of a reply, without what it quotes.
 *
 * reply_strip_quotes() drops quoted lines ("> ..."), the attribution
 * line above a quotation ("On Mon, 2 Apr 2012, Ann wrote:"), and
 * everything from a forwarded-message separator on ("-----Original
 * Message-----", "----- Original Message -----", an Outlook header block
 * "From: ... Sent: ... To: ...", a line ending in "wrote:" that no
 * quotation follows). Text after a quotation is kept, so orders written
 * below a quoted report still read.
 *
 * reply_strip_signature() cuts at the signature separator ("-- ") and at
 * the phone clients' "Sent from my ..." lines.
 *
 * Pure functions on UTF-8 text with LF line ends; each returns a malloc'd
 * string (NULL only when memory ran out).
 */
#ifndef MX_MAIL_REPLY_H
#define MX_MAIL_REPLY_H

char *reply_strip_quotes(const char *text);
char *reply_strip_signature(const char *text);
/* Both: what a captain wrote in a reply. */
char *reply_text(const char *text);
/*
 * The whole text with the quote marks taken off every line ("> > 1-"
 * reads "1-"), nothing left out: for a captain who filled in the quoted
 * order block of a report (cmd/receive.c decides when that counts).
 */
char *reply_unquote(const char *text);

#endif
