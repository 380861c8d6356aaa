/*
 * picture: each game's board as SVG text, its ruleset's draw hook
 * (core/ruleset.h). Each is drawn from a view, what engine_view gave a
 * seat (NULL: the public), never from a whole state: what a view hides
 * is not there to draw. Pure: SVG text appended to a strbuf (core/svg.h).
 * Each game's drawing is in its own folder: core/GAME/picture.c.
 *
 * Ownership: view and seat are borrowed; svg is the caller's.
 * Each returns 0, or -1 with why in err (a view it cannot read).
 */
#ifndef MX_CORE_PICTURE_H
#define MX_CORE_PICTURE_H

#include <jansson.h>
#include <stddef.h>

#include "lib/strbuf.h"

int hover_picture(const json_t *view, const char *seat, struct strbuf *svg, char *err,
		  size_t errlen);
int netrun_picture(const json_t *view, const char *seat, struct strbuf *svg, char *err,
		   size_t errlen);
int duel_picture(const json_t *view, const char *seat, struct strbuf *svg, char *err,
		 size_t errlen);
int iterations_picture(const json_t *view, const char *seat, struct strbuf *svg, char *err,
		       size_t errlen);
int legendary_picture(const json_t *view, const char *seat, struct strbuf *svg, char *err,
		      size_t errlen);

#endif
