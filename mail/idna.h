/*
 * mail/idna: mail addresses with internationalised domains, compared in
 * one form. A domain may come as Unicode (ann@bücher.example, in a UTF-8
 * header or typed by the game master) or as its ASCII form
 * (ann@xn--bcher-kva.example, which every mail server takes): the judge
 * stores and compares the ASCII form, lower case, made by libidn2 (UTS
 * #46, non-transitional, NFC input). libidn2 is loaded only when a domain
 * is not ASCII (dlopen of libidn2.so.0, which libcurl needs anyway).
 * The local part is left as it is.
 *
 * Ownership: out is the caller's; the library is never closed.
 */
#ifndef MX_MAIL_IDNA_H
#define MX_MAIL_IDNA_H

#include <stddef.h>

#ifndef IDNA_SONAME
#define IDNA_SONAME "libidn2.so.0"
#endif

/* 1 when the address's domain (after its last '@') holds a byte over 0x7f. */
int mail_domain_is_unicode(const char *addr);
/*
 * addr with its domain in ASCII form into out: 0; -1 with err when the
 * domain is no valid internationalised name or libidn2 cannot be loaded.
 * An ASCII domain is only made lower case.
 */
int mail_addr_ascii(const char *addr, char *out, size_t outlen, char *err, size_t errlen);

#endif
