/*
 * mail/curl_load: libcurl opened at run time, only when the judge talks to
 * a mail server (mail/curl_load.h).
 */
#include "curl_load.h"

#include <pthread.h>
#include <stdio.h>

#include "dltable.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct curlx table;
static const struct curlx *loaded;	/* &table once it is whole and initialised */
static char why[384];			/* else why not */

#define FN(field, name) { name, &table.field }

static void load(void)
{
	const struct dltable_fn fns[] = {
		FN(global_init, "curl_global_init"),
		FN(easy_init, "curl_easy_init"),
		FN(easy_cleanup, "curl_easy_cleanup"),
		FN(easy_setopt, "curl_easy_setopt"),
		FN(easy_perform, "curl_easy_perform"),
		FN(easy_getinfo, "curl_easy_getinfo"),
		FN(easy_strerror, "curl_easy_strerror"),
		FN(easy_send, "curl_easy_send"),
		FN(easy_recv, "curl_easy_recv"),
		FN(slist_append, "curl_slist_append"),
		FN(slist_free_all, "curl_slist_free_all"),
		FN(url, "curl_url"),
		FN(url_set, "curl_url_set"),
		FN(url_get, "curl_url_get"),
		FN(url_cleanup, "curl_url_cleanup"),
		FN(free, "curl_free"),
	};

	if (dltable_open(CURLX_SONAME, "libcurl4", fns, sizeof(fns) / sizeof(fns[0]), why, sizeof(why)))
		return;
	if (table.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
		snprintf(why, sizeof(why), "cannot start libcurl (curl_global_init failed)");
		return;
	}
	/* Kept open for good: see the top of curl_load.h. */
	loaded = &table;
}

#undef FN

const struct curlx *curlx_load(char *err, size_t errlen)
{
	pthread_once(&once, load);
	if (!loaded && errlen)
		snprintf(err, errlen, "%s", why);
	return loaded;
}
