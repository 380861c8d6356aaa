/*
 * mail/idna: addresses with internationalised domains compared in one
 * form (mail/idna.h).
 */
#include "idna.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "dltable.h"

/* libidn2's own flags and result (idn2.h), so its headers are not needed to build. */
#define IDN2_OK 0
#define IDN2_NFC_INPUT 1
#define IDN2_NONTRANSITIONAL 8
#define IDN2_USE_STD3_ASCII_RULES 32

static struct {
	int (*to_ascii_8z)(const char *input, char **output, int flags);
	const char *(*strerror)(int rc);
	void (*free)(void *ptr);
} idn;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char why[384];

static void load(void)
{
	const struct dltable_fn fns[] = {
		{ "idn2_to_ascii_8z", &idn.to_ascii_8z },
		{ "idn2_strerror", &idn.strerror },
		{ "idn2_free", &idn.free },
	};

	loaded = !dltable_open(IDNA_SONAME, "libidn2-0", fns, sizeof(fns) / sizeof(fns[0]), why,
			       sizeof(why));
}

int mail_domain_is_unicode(const char *addr)
{
	const char *at = strrchr(addr, '@'), *p;

	for (p = at ? at + 1 : addr + strlen(addr); *p; p++)
		if ((unsigned char)*p > 0x7f)
			return 1;
	return 0;
}

int mail_addr_ascii(const char *addr, char *out, size_t outlen, char *err, size_t errlen)
{
	const char *at = strrchr(addr, '@');
	char *ascii = NULL;
	size_t local, i;
	int rc;

	if (!at || !mail_domain_is_unicode(addr)) {
		snprintf(out, outlen, "%s", addr);
		for (i = at ? (size_t)(at - addr) : strlen(out); i < outlen && out[i]; i++)
			if (out[i] >= 'A' && out[i] <= 'Z')
				out[i] = (char)(out[i] + 32);
		return 0;
	}
	/* The ASCII in it is already a host name's: nothing for the mapping to drop or change. */
	for (i = 1; at[i]; i++)
		if ((unsigned char)at[i] <= 0x7f && !((at[i] >= 'a' && at[i] <= 'z') ||
		    (at[i] >= 'A' && at[i] <= 'Z') || (at[i] >= '0' && at[i] <= '9') ||
		    at[i] == '-' || at[i] == '.')) {
			snprintf(err, errlen, "the domain '%.200s' is no valid internationalised name: "
				 "it holds '%c'", at + 1, at[i] > 0x20 && at[i] < 0x7f ? at[i] : '?');
			return -1;
		}
	pthread_once(&once, load);
	if (!loaded) {
		snprintf(err, errlen, "%s", why);
		return -1;
	}
	rc = idn.to_ascii_8z(at + 1, &ascii, IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL |
				  IDN2_USE_STD3_ASCII_RULES);
	if (rc != IDN2_OK || !ascii) {
		snprintf(err, errlen, "the domain '%.200s' is no valid internationalised name: %s",
			 at + 1, idn.strerror(rc));
		return -1;
	}
	local = (size_t)(at - addr);
	if (snprintf(out, outlen, "%.*s@%s", (int)local, addr, ascii) >= (int)outlen) {
		snprintf(err, errlen, "the address is too long in its ASCII form");
		idn.free(ascii);
		return -1;
	}
	idn.free(ascii);
	for (i = local; out[i]; i++)
		if (out[i] >= 'A' && out[i] <= 'Z')
			out[i] = (char)(out[i] + 32);
	return 0;
}
