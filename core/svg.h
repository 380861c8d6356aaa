/*
 * svg: a small writer of SVG text for the games' pictures (the rulesets'
 * draw hooks, core/ruleset.h). Every text and attribute value goes through
 * svg_escape, so a name from a mail cannot end an element or open one.
 * Numbers are written with at most one decimal, so the same board gives
 * the same bytes everywhere. Pure: it only appends to a strbuf.
 *
 * Ownership: the strbuf is the caller's; strings are borrowed.
 */
#ifndef MX_CORE_SVG_H
#define MX_CORE_SVG_H

#include "lib/strbuf.h"

/* The fonts the pictures name: DejaVu (Debian fonts-dejavu-core) first. */
#define SVG_FONT "DejaVu Sans, Verdana, sans-serif"

/* s with & < > " ' as entities; control characters but tab and LF dropped. */
void svg_escape(struct strbuf *sb, const char *s);
/* The root element w x h with a background of fill, and a title for readers. */
void svg_begin(struct strbuf *sb, int w, int h, const char *fill, const char *title);
void svg_end(struct strbuf *sb);
void svg_rect(struct strbuf *sb, double x, double y, double w, double h, const char *fill,
	      const char *stroke);
void svg_circle(struct strbuf *sb, double cx, double cy, double r, const char *fill,
		const char *stroke);
void svg_line(struct strbuf *sb, double x1, double y1, double x2, double y2, const char *stroke,
	      double width);
/* A closed polygon of n points xy[2*i], xy[2*i+1]. */
void svg_polygon(struct strbuf *sb, const double *xy, int n, const char *fill, const char *stroke,
		 double width);
/* text at x, y (its baseline); anchor "start", "middle" or "end"; size in px. */
void svg_text(struct strbuf *sb, double x, double y, double size, const char *anchor,
	      const char *fill, const char *text);
/* The same, bold. */
void svg_text_bold(struct strbuf *sb, double x, double y, double size, const char *anchor,
		   const char *fill, const char *text);

#endif
