/*
 * svg: a small SVG writer for the games' pictures, every value escaped,
 * numbers written the same everywhere (core/svg.h). Pure.
 */
#include "svg.h"

#include <math.h>
#include <string.h>

void svg_escape(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		switch (c) {
		case '&': strbuf_addstr(sb, "&amp;"); break;
		case '<': strbuf_addstr(sb, "&lt;"); break;
		case '>': strbuf_addstr(sb, "&gt;"); break;
		case '"': strbuf_addstr(sb, "&quot;"); break;
		case '\'': strbuf_addstr(sb, "&#39;"); break;
		default:
			/* XML 1.0 allows no other control character, even escaped. */
			if (c >= 0x20 || c == '\t' || c == '\n')
				strbuf_addch(sb, (char)c);
		}
	}
}

/* One decimal at most, and no "-0". */
static void num(struct strbuf *sb, double v)
{
	double r = round(v * 10.0) / 10.0;

	if (r == 0.0)
		r = 0.0;
	if (r == floor(r))
		strbuf_addf(sb, "%.0f", r);
	else
		strbuf_addf(sb, "%.1f", r);
}

static void attr_num(struct strbuf *sb, const char *name, double v)
{
	strbuf_addf(sb, " %s=\"", name);
	num(sb, v);
	strbuf_addch(sb, '"');
}

static void attr(struct strbuf *sb, const char *name, const char *v)
{
	if (!v)
		return;
	strbuf_addf(sb, " %s=\"", name);
	svg_escape(sb, v);
	strbuf_addch(sb, '"');
}

void svg_begin(struct strbuf *sb, int w, int h, const char *fill, const char *title)
{
	strbuf_addf(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		    "viewBox=\"0 0 %d %d\" font-family=\"%s\">\n", w, h, w, h, SVG_FONT);
	if (title) {
		strbuf_addstr(sb, "<title>");
		svg_escape(sb, title);
		strbuf_addstr(sb, "</title>\n");
	}
	if (fill)
		svg_rect(sb, 0, 0, w, h, fill, NULL);
}

void svg_end(struct strbuf *sb)
{
	strbuf_addstr(sb, "</svg>\n");
}

void svg_rect(struct strbuf *sb, double x, double y, double w, double h, const char *fill,
	      const char *stroke)
{
	strbuf_addstr(sb, "<rect");
	attr_num(sb, "x", x);
	attr_num(sb, "y", y);
	attr_num(sb, "width", w);
	attr_num(sb, "height", h);
	attr(sb, "fill", fill ? fill : "none");
	attr(sb, "stroke", stroke);
	strbuf_addstr(sb, "/>\n");
}

void svg_circle(struct strbuf *sb, double cx, double cy, double r, const char *fill,
		const char *stroke)
{
	strbuf_addstr(sb, "<circle");
	attr_num(sb, "cx", cx);
	attr_num(sb, "cy", cy);
	attr_num(sb, "r", r);
	attr(sb, "fill", fill ? fill : "none");
	attr(sb, "stroke", stroke);
	strbuf_addstr(sb, "/>\n");
}

void svg_line(struct strbuf *sb, double x1, double y1, double x2, double y2, const char *stroke,
	      double width)
{
	strbuf_addstr(sb, "<line");
	attr_num(sb, "x1", x1);
	attr_num(sb, "y1", y1);
	attr_num(sb, "x2", x2);
	attr_num(sb, "y2", y2);
	attr(sb, "stroke", stroke);
	attr_num(sb, "stroke-width", width);
	strbuf_addstr(sb, "/>\n");
}

void svg_polygon(struct strbuf *sb, const double *xy, int n, const char *fill, const char *stroke,
		 double width)
{
	int i;

	strbuf_addstr(sb, "<polygon points=\"");
	for (i = 0; i < n; i++) {
		if (i)
			strbuf_addch(sb, ' ');
		num(sb, xy[2 * i]);
		strbuf_addch(sb, ',');
		num(sb, xy[2 * i + 1]);
	}
	strbuf_addch(sb, '"');
	attr(sb, "fill", fill ? fill : "none");
	attr(sb, "stroke", stroke);
	if (stroke)
		attr_num(sb, "stroke-width", width);
	strbuf_addstr(sb, "/>\n");
}

static void text(struct strbuf *sb, double x, double y, double size, const char *anchor,
		 const char *fill, const char *s, int bold)
{
	strbuf_addstr(sb, "<text");
	attr_num(sb, "x", x);
	attr_num(sb, "y", y);
	attr_num(sb, "font-size", size);
	if (anchor && strcmp(anchor, "start"))
		attr(sb, "text-anchor", anchor);
	if (bold)
		attr(sb, "font-weight", "bold");
	attr(sb, "fill", fill ? fill : "#000");
	strbuf_addch(sb, '>');
	svg_escape(sb, s);
	strbuf_addstr(sb, "</text>\n");
}

void svg_text(struct strbuf *sb, double x, double y, double size, const char *anchor,
	      const char *fill, const char *s)
{
	text(sb, x, y, size, anchor, fill, s, 0);
}

void svg_text_bold(struct strbuf *sb, double x, double y, double size, const char *anchor,
		   const char *fill, const char *s)
{
	text(sb, x, y, size, anchor, fill, s, 1);
}
