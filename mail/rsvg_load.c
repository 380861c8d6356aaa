#include "rsvg_load.h"

#include <librsvg/rsvg.h>
#include <cairo.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dltable.h"

#define FN(name) __typeof__(name) *name
static struct {
	FN(rsvg_handle_new_from_data);
	FN(rsvg_handle_get_intrinsic_size_in_pixels);
	FN(rsvg_handle_render_document);
	FN(cairo_image_surface_create);
	FN(cairo_surface_status);
	FN(cairo_surface_destroy);
	FN(cairo_surface_write_to_png_stream);
	FN(cairo_create);
	FN(cairo_status);
	FN(cairo_destroy);
	FN(g_object_unref);
	FN(g_error_free);
} x;
#undef FN

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char why[384];

#define SLOT(name) { #name, &x.name }

static void load(void)
{
	const struct dltable_fn fns[] = {
		SLOT(rsvg_handle_new_from_data),
		SLOT(rsvg_handle_get_intrinsic_size_in_pixels),
		SLOT(rsvg_handle_render_document),
		SLOT(cairo_image_surface_create),
		SLOT(cairo_surface_status),
		SLOT(cairo_surface_destroy),
		SLOT(cairo_surface_write_to_png_stream),
		SLOT(cairo_create),
		SLOT(cairo_status),
		SLOT(cairo_destroy),
		SLOT(g_object_unref),
		SLOT(g_error_free),
	};

	if (dltable_open(RSVGX_SONAME, "librsvg2-2", fns, sizeof(fns) / sizeof(fns[0]), why,
			 sizeof(why)))
		return;
	loaded = 1;
}

#undef SLOT

int rsvgx_available(char *err, size_t errlen)
{
	pthread_once(&once, load);
	if (!loaded && errlen)
		snprintf(err, errlen, "%s", why);
	return loaded;
}

struct sink {
	unsigned char *buf;
	size_t len, cap;
	int failed;
};

static cairo_status_t write_png(void *closure, const unsigned char *data, unsigned int n)
{
	struct sink *s = closure;

	if (s->len + n > s->cap) {
		size_t cap = s->cap ? s->cap : 16384;
		unsigned char *p;

		while (cap < s->len + n)
			cap *= 2;
		if (!(p = realloc(s->buf, cap))) {
			s->failed = 1;
			return CAIRO_STATUS_NO_MEMORY;
		}
		s->buf = p;
		s->cap = cap;
	}
	memcpy(s->buf + s->len, data, n);
	s->len += n;
	return CAIRO_STATUS_SUCCESS;
}

int rsvgx_png(const char *svg, size_t len, unsigned char **png, size_t *pnglen, char *err,
	      size_t errlen)
{
	RsvgHandle *h = NULL;
	GError *gerr = NULL;
	cairo_surface_t *surface = NULL;
	cairo_t *cr = NULL;
	struct sink s = { NULL, 0, 0, 0 };
	double w = 0, hh = 0;
	RsvgRectangle vp;
	int ret = -1;

	*png = NULL;
	*pnglen = 0;
	if (!rsvgx_available(err, errlen))
		return -1;
	h = x.rsvg_handle_new_from_data((const guint8 *)svg, len, &gerr);
	if (!h) {
		snprintf(err, errlen, "the picture is not SVG librsvg reads: %s",
			 gerr && gerr->message ? gerr->message : "unknown error");
		goto out;
	}
	if (!x.rsvg_handle_get_intrinsic_size_in_pixels(h, &w, &hh) || w < 1 || hh < 1 ||
	    w > RSVGX_MAX_SIDE || hh > RSVGX_MAX_SIDE) {
		snprintf(err, errlen, "the picture has no size in pixels from 1 to %d a side",
			 RSVGX_MAX_SIDE);
		goto out;
	}
	surface = x.cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)(w + 0.5), (int)(hh + 0.5));
	if (x.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
		snprintf(err, errlen, "out of memory for a %.0f x %.0f picture", w, hh);
		goto out;
	}
	cr = x.cairo_create(surface);
	vp.x = 0;
	vp.y = 0;
	vp.width = w;
	vp.height = hh;
	if (!x.rsvg_handle_render_document(h, cr, &vp, &gerr)) {
		snprintf(err, errlen, "librsvg could not draw the picture: %s",
			 gerr && gerr->message ? gerr->message : "unknown error");
		goto out;
	}
	if (x.cairo_surface_write_to_png_stream(surface, write_png, &s) != CAIRO_STATUS_SUCCESS ||
	    s.failed) {
		snprintf(err, errlen, "cairo could not write the PNG (out of memory?)");
		goto out;
	}
	*png = s.buf;
	*pnglen = s.len;
	s.buf = NULL;
	ret = 0;
out:
	free(s.buf);
	if (gerr)
		x.g_error_free(gerr);
	if (cr)
		x.cairo_destroy(cr);
	if (surface)
		x.cairo_surface_destroy(surface);
	if (h)
		x.g_object_unref(h);
	return ret;
}
