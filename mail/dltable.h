/*
 * mail/dltable: a shared library opened at run time and the functions the
 * judge calls from it taken into a table of pointers, for the libraries
 * only some commands need (mail/curl_load.h, mail/gmime_load.h).
 *
 * Ownership: the library is never closed once its table is whole (libcurl,
 * its TLS library and GLib's type system do not unload cleanly).
 */
#ifndef MX_MAIL_DLTABLE_H
#define MX_MAIL_DLTABLE_H

#include <stddef.h>

/* A function by name, and the address of the table's pointer field for it. */
struct dltable_fn {
	const char *name;
	void *slot;
};

/*
 * Opens soname and fills every slot. 0, or -1 with why: "cannot load
 * SONAME: REASON; install PACKAGE" (or "...: it has no NAME (too old);
 * install PACKAGE"), the library closed again.
 */
int dltable_open(const char *soname, const char *package, const struct dltable_fn *fns, size_t n,
		 char *why, size_t whylen);

#endif
