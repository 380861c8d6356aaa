/*
 * hexmap: the board as pure ASCII art, for reports and bulletins.
 *
 * Ownership: hexmap_render() only appends to the caller's strbuf (which the
 * caller owns and releases); it keeps no state and frees what it allocates.
 *
 * Layout: each hex is "|xyz|" on one text line, four characters apart, with
 * "/ \" and "\ /" lines between rows; rows 2, 4 ... (odd 0-based rows) start
 * two characters further right, so the rows interlock. Column letters run
 * above and below, row numbers left and right. A ship is its tag plus a
 * facing mark: "A>" E, "A/" NE, "\A" NW, "<A" W, "/A" SW, "A\" SE. Zion
 * tags are uppercase, Machines tags lowercase. Walls are "###". Boards too
 * wide for max_width are cut into strips headed "Columns A-O" and so on.
 */
#ifndef MX_HEXMAP_H
#define MX_HEXMAP_H

#include <stddef.h>

#include "game.h"
#include "lib/strbuf.h"

struct hexmap_options {
	int legend;		/* 1 = append legend */
	int max_width;		/* 0 = 80 */
};

/* Longest tag plus NUL: tags are one or two letters. */
#define HEXMAP_TAG_MAX 4

/* Renders st's board. Returns 0 and appends to out, or -1 (no memory). */
int hexmap_render(const struct game_state *st, const struct hexmap_options *opt,
		  struct strbuf *out);
/* The tag of ship i (for reports that mention tags). buf >= 4 bytes. */
void hexmap_ship_tag(const struct game_state *st, size_t i, char *buf, size_t len);
/* The ship as drawn in its hex, e.g. "A>" or "\ab"; buf >= 4 bytes. */
void hexmap_ship_mark(const struct game_state *st, size_t i, char *buf, size_t len);

#endif
