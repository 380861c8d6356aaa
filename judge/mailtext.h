/*
 * mailtext: text that came in mail, made safe to show a game master, and
 * the templates an answer is written with.
 *
 * Ownership: the strbufs are the caller's; nothing else is allocated.
 */
#ifndef MX_MAILTEXT_H
#define MX_MAILTEXT_H

#include <stddef.h>

#include "lib/strbuf.h"

struct db;

/*
 * s as a terminal or a log may show it: controls (ESC and every other C0
 * but, with keep_newlines, newline and tab), DEL, C1 controls and invalid
 * UTF-8 made '?'. out is reset first; returns its text.
 */
const char *mailtext_shown(const char *s, int keep_newlines, struct strbuf *out);

/*
 * The campaign's own templates directory (its "templates" setting) into
 * dir, "" when it has none or cannot be read, and its game into game
 * ("hovercrafts" for a campaign without a game name; "" when there is no
 * such campaign): the help and error replies are written with the
 * campaign's templates, in its game's words, as its reports are.
 */
void mailtext_templates_dir(struct db *db, long long campaign_id, char *dir, size_t len,
			    char *game, size_t gamelen);

/*
 * An --email option whose domain is Unicode (ann@bücher.example): *email
 * is pointed at its ASCII form (mail/idna.h), written into buf and said
 * on stderr unless quiet, so it is stored and compared in the form
 * incoming mail is compared in. 0 (also when nothing was to be done), or
 * -1 with err.
 */
int mailtext_email_option(const char **email, char *buf, size_t len, int quiet, char *err,
			  size_t errlen);
/*
 * The sender of an incoming mail with a Unicode domain, in the ASCII
 * form captains' addresses are stored in: *from replaced (malloc'd) when
 * it could be made, else left as it came (no captain will match it).
 */
void mailtext_ascii_sender(char **from);

#endif
