#include "curl_load.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct curlx table;
static const struct curlx *loaded;	/* &table once it is whole and initialised */
static char why[384];			/* else why not */

/* ISO C has no conversion from void * to a function pointer; POSIX makes them the same size. */
#define TAKE(field, name)                                                                  \
	do {                                                                               \
		void *sym_ = dlsym(h, name);                                               \
                                                                                           \
		if (!sym_) {                                                               \
			missing = name;                                                    \
			goto fail;                                                         \
		}                                                                          \
		memcpy(&table.field, &sym_, sizeof(sym_));                                 \
	} while (0)

static void load(void)
{
	const char *missing = NULL, *e;
	void *h = dlopen(CURLX_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h) {
		e = dlerror();
		e = e ? e : "not found";
		/* dlerror() starts with the name already: "libcurl.so.4: cannot open ..." */
		if (!strncmp(e, CURLX_SONAME ": ", sizeof(CURLX_SONAME ": ") - 1))
			e += sizeof(CURLX_SONAME ": ") - 1;
		snprintf(why, sizeof(why), "cannot load " CURLX_SONAME ": %s; install libcurl4", e);
		return;
	}
	TAKE(global_init, "curl_global_init");
	TAKE(easy_init, "curl_easy_init");
	TAKE(easy_cleanup, "curl_easy_cleanup");
	TAKE(easy_setopt, "curl_easy_setopt");
	TAKE(easy_perform, "curl_easy_perform");
	TAKE(easy_getinfo, "curl_easy_getinfo");
	TAKE(easy_strerror, "curl_easy_strerror");
	TAKE(easy_send, "curl_easy_send");
	TAKE(easy_recv, "curl_easy_recv");
	TAKE(slist_append, "curl_slist_append");
	TAKE(slist_free_all, "curl_slist_free_all");
	TAKE(url, "curl_url");
	TAKE(url_set, "curl_url_set");
	TAKE(url_get, "curl_url_get");
	TAKE(url_cleanup, "curl_url_cleanup");
	TAKE(free, "curl_free");
	if (table.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		snprintf(why, sizeof(why), "cannot start libcurl (curl_global_init failed)");
		return;
	}
	/* Kept open for good: see the top of curl_load.h. */
	loaded = &table;
	return;
fail:
	snprintf(why, sizeof(why), "cannot load " CURLX_SONAME ": it has no %s (too old); install "
		 "libcurl4", missing);
	dlclose(h);
}

#undef TAKE

const struct curlx *curlx_load(char *err, size_t errlen)
{
	pthread_once(&once, load);
	if (!loaded && errlen)
		snprintf(err, errlen, "%s", why);
	return loaded;
}
