/*
 * mail/curl_load: libcurl, loaded only when the judge talks to a mail
 * server. libcurl and the libraries it needs (TLS, SSH, LDAP, Kerberos,
 * HTTP/2, IDN, compression: 26 more) cost each exec about 4.6 ms of
 * dynamic loading, most of a `mxjudge receive` run from a mail pipe,
 * which never needs them. So the binary is not linked with -lcurl: the
 * first call of curlx_load() dlopen()s libcurl.so.4 (thread-safe, once),
 * takes the functions mail/smtp.c, mail/imap.c and mail/probe.c use into
 * a table and calls curl_global_init(); the table is the same for every
 * later call. The library is never closed (libcurl and its TLS library
 * do not unload cleanly); valgrind shows what it keeps as still reachable.
 *
 * The prototypes come from <curl/curl.h> (pkg-config's cflags), so every
 * pointer has libcurl's own type. CURL_DISABLE_TYPECHECK: with it
 * curl_easy_setopt is a plain declaration, not curl's checking macro, and
 * nothing here may call curl_* directly (the link would fail: no -lcurl).
 * The price: setopt's argument is not type-checked any more, so numbers
 * go in as long (1L, a cast) and callbacks with libcurl's exact types.
 *
 * When libcurl.so.4 cannot be loaded, curlx_load() returns NULL with
 * "cannot load libcurl.so.4: WHY; install libcurl4" in err, and the
 * caller fails as for a server out of reach (a temporary failure: fetch
 * and mail send exit 75, doctor says FAIL). A build with
 * -DCURLX_SONAME='"libcurl.so.99"' shows that path.
 */
#ifndef MX_MAIL_CURL_LOAD_H
#define MX_MAIL_CURL_LOAD_H

#ifndef CURL_DISABLE_TYPECHECK
#define CURL_DISABLE_TYPECHECK 1
#endif
#include <curl/curl.h>
#include <stddef.h>

#ifndef CURLX_SONAME
#define CURLX_SONAME "libcurl.so.4"
#endif

struct curlx {
	__typeof__(curl_global_init) *global_init;
	__typeof__(curl_easy_init) *easy_init;
	__typeof__(curl_easy_cleanup) *easy_cleanup;
	__typeof__(curl_easy_setopt) *easy_setopt;
	__typeof__(curl_easy_perform) *easy_perform;
	__typeof__(curl_easy_getinfo) *easy_getinfo;
	__typeof__(curl_easy_strerror) *easy_strerror;
	__typeof__(curl_easy_send) *easy_send;
	__typeof__(curl_easy_recv) *easy_recv;
	__typeof__(curl_slist_append) *slist_append;
	__typeof__(curl_slist_free_all) *slist_free_all;
	__typeof__(curl_url) *url;
	__typeof__(curl_url_set) *url_set;
	__typeof__(curl_url_get) *url_get;
	__typeof__(curl_url_cleanup) *url_cleanup;
	__typeof__(curl_free) *free;
};

/* libcurl's functions, loaded and initialised on the first call; NULL with err if it cannot be. */
const struct curlx *curlx_load(char *err, size_t errlen);

#endif
