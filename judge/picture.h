/*
 * picture: a campaign's board as its game draws it (the ruleset's draw
 * hook, core/picture.h), from the view of one seat or of the public, as
 * SVG text or a PNG (librsvg, mail/rsvg_load.h). What `mxjudge board`,
 * the reports' mail and `mxjudge publish` show.
 *
 * Ownership: svg is the caller's strbuf; *png is malloc'd for the caller.
 */
#ifndef MX_CMD_PICTURE_H
#define MX_CMD_PICTURE_H

#include <stddef.h>

#include "lib/strbuf.h"

struct db;
struct db_campaign;
struct db_message;

/*
 * The board of campaign c after turn (-1: as it stands now, the last
 * resolved turn's end) as seat sees it (NULL: the public), appended to
 * svg. 0; 1 when the game draws no picture; -1 with why in err (no such
 * turn or seat, a view the drawing cannot read).
 */
int picture_svg(struct db *db, const struct db_campaign *c, int turn, const char *seat,
		struct strbuf *svg, char *err, size_t errlen);
/* picture_svg as a PNG: 0, 1 (no picture) or -1 with why. */
int picture_png(struct db *db, const struct db_campaign *c, int turn, const char *seat,
		unsigned char **png, size_t *len, char *err, size_t errlen);
/*
 * The picture of a queued mail m, a turn's report (key
 * "report/CAMPAIGN/TURN/seat/SEAT", a Hovercrafts captain's
 * "report/CAMPAIGN/TURN/CAPTAIN", or folded into an answer: the board as
 * it stands, for the one seat at its address) or bulletin
 * ("bulletin/CAMPAIGN/TURN..."): 0 with a PNG, 1 when the mail has none
 * (another kind, a game without pictures, librsvg missing), -1 with why.
 * A report to a seat is drawn from that seat's view, every other from
 * the public's.
 */
int picture_for_mail(struct db *db, const struct db_message *m, unsigned char **png,
		     size_t *len, char *err, size_t errlen);

/*
 * Writes len bytes of buf to path whole or not at all (a temporary file
 * beside it, renamed): 0, or -1 with "PATH: REASON" in err.
 */
int picture_write_file(const char *path, const void *buf, size_t len, char *err,
		       size_t errlen);

#endif
