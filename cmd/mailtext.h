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
 * dir, "" when it has none or cannot be read: the help and error replies
 * are written with the campaign's templates as its reports are.
 */
void mailtext_templates_dir(struct db *db, long long campaign_id, char *dir, size_t len);

#endif
