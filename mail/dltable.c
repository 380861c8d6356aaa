/*
 * mail/dltable: a shared library opened at run time and its functions
 * taken into a table of pointers (mail/dltable.h).
 */
#include "dltable.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

int dltable_open(const char *soname, const char *package, const struct dltable_fn *fns, size_t n,
		 char *why, size_t whylen)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
	const char *e;
	size_t i, len = strlen(soname);

	if (!h) {
		e = dlerror();
		e = e ? e : "not found";
		/* dlerror() starts with the name already: "libcurl.so.4: cannot open ..." */
		if (!strncmp(e, soname, len) && !strncmp(e + len, ": ", 2))
			e += len + 2;
		snprintf(why, whylen, "cannot load %s: %s; install %s", soname, e, package);
		return -1;
	}
	for (i = 0; i < n; i++) {
		void *sym = dlsym(h, fns[i].name);

		if (!sym) {
			snprintf(why, whylen, "cannot load %s: it has no %s (too old); install %s", soname,
				 fns[i].name, package);
			dlclose(h);
			return -1;
		}
		/* ISO C has no conversion from void * to a function pointer; POSIX makes them the same size. */
		memcpy(fns[i].slot, &sym, sizeof(sym));
	}
	return 0;
}
