/*
 * mail/rsvg_load: SVG to PNG with librsvg and cairo, loaded only when a
 * picture is rasterised (a report's mail, `mxjudge board --png`).
 * librsvg brings cairo, pango, fontconfig, GLib and twenty more
 * libraries, which no other command needs: as with GMime
 * (mail/gmime_load.h) the binary is not linked with them, the first call
 * dlopen()s librsvg-2.so.2 (once, thread-safe) and takes the functions
 * into a table; cairo's and GLib's come through librsvg's own handle.
 * The library is never closed.
 *
 * When it cannot be loaded, the calls fail with "cannot load
 * librsvg-2.so.2: WHY; install librsvg2-2": the mail then goes without
 * its picture, `board --png` fails; nothing else is affected.
 *
 * Ownership: *png is malloc'd for the caller; svg is borrowed.
 */
#ifndef MX_MAIL_RSVG_LOAD_H
#define MX_MAIL_RSVG_LOAD_H

#include <stddef.h>

#ifndef RSVGX_SONAME
#define RSVGX_SONAME "librsvg-2.so.2"
#endif

/* The largest picture drawn, in pixels a side: larger SVG is refused. */
#define RSVGX_MAX_SIDE 4096

/* 1 when librsvg can be loaded (loading it if needed), else 0 with why in err. */
int rsvgx_available(char *err, size_t errlen);
/*
 * svg (len bytes) as a PNG of its own size (its width and height in
 * pixels): 0 with *png and *pnglen, or -1 with why in err.
 */
int rsvgx_png(const char *svg, size_t len, unsigned char **png, size_t *pnglen, char *err,
	      size_t errlen);

#endif
