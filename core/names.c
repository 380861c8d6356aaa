/*
 * names: the one check of every name and address a person gives, and the
 * scrubbing of text bound for a terminal or a mail (core/names.h). Pure.
 */
#include "names.h"

#include <string.h>

#include "lib/errbuf.h"

size_t names_utf8(const unsigned char *s, size_t avail, unsigned long *cp)
{
	unsigned long v;
	size_t n, i;

	if (!avail)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		v = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		v = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		v = s[0] & 0x07;
	} else {
		return 0;	/* a continuation byte, an overlong 0xc0/0xc1, or past U+10FFFF */
	}
	if (avail < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3f);
	}
	/* Overlong forms, UTF-16 surrogates and code points past Unicode. */
	if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff)) ||
	    (v >= 0xd800 && v <= 0xdfff))
		return 0;
	*cp = v;
	return n;
}

/* C0, DEL and C1: what a terminal may act on. */
static int is_control(unsigned long cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

/*
 * Invisible characters that reorder or hide text (bidi overrides, zero
 * widths, line separators, tags, noncharacters): no name needs them, and
 * they make one name look like another.
 */
static int is_invisible(unsigned long cp)
{
	return (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff || (cp >= 0xfff9 && cp <= 0xfffb) ||
	       (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe ||
	       (cp >= 0xe0000 && cp <= 0xe007f) || cp == 0x00ad || cp == 0x034f ||
	       cp == 0x061c || cp == 0x180e;
}

void names_printable(const char *s, char *out, size_t outlen)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t o = 0, avail = strlen(s), n;
	unsigned long cp;

	if (!outlen)
		return;
	while (avail) {
		n = names_utf8(p, avail, &cp);
		if (!n || is_control(cp) || is_invisible(cp)) {
			if (o + 1 >= outlen)
				break;
			out[o++] = '?';
			n = n ? n : 1;
		} else {
			if (o + n >= outlen)
				break;
			memcpy(out + o, p, n);
			o += n;
		}
		p += n;
		avail -= n;
	}
	if (avail && outlen > 4) {
		/* Cut: mark it, backing up to a whole character. */
		while (o > outlen - 4)
			o--;
		while (o && ((unsigned char)out[o] & 0xc0) == 0x80)
			o--;
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
}

size_t names_scrub(char *buf, size_t len, int keep_newlines)
{
	unsigned char *p = (unsigned char *)buf;
	size_t i = 0, o = 0, n;
	unsigned long cp;

	while (i < len) {
		/* Printable ASCII, most of every mail, kept as it is, a byte at a time. */
		if ((p[i] >= 0x20 && p[i] < 0x7f) || (keep_newlines && (p[i] == '\n' || p[i] == '\t'))) {
			p[o++] = p[i++];
			continue;
		}
		n = names_utf8(p + i, len - i, &cp);
		if (n && keep_newlines && cp == '\r' && i + 1 < len && p[i + 1] == '\n') {
			i++;	/* CRLF -> LF: mail puts its own line ends back */
			continue;
		}
		if (!n || (is_control(cp) && !(keep_newlines && (cp == '\n' || cp == '\t')))) {
			p[o++] = '?';
			i += n ? n : 1;
			continue;
		}
		memmove(p + o, p + i, n);
		o += n;
		i += n;
	}
	return o;
}

static int ascii_name_char(unsigned char ch, int spaces)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       ch == '-' || ch == '_' || ch == '.' || (spaces && (ch == ' ' || ch == '\''));
}

int names_check(enum names_kind kind, const char *s, const char *what, char *err, size_t errlen)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t len = strlen(s), max, i, n;
	int spaces = kind != NAMES_CAMPAIGN, utf8 = kind == NAMES_CAPTAIN;
	const char *why = NULL;
	char shown[80];
	unsigned long cp;

	max = kind == NAMES_CAMPAIGN ? 31 : kind == NAMES_CAPTAIN ? 63 : 47;
	if (!len)
		why = "is empty";
	else if (len > max)
		why = "is too long";
	else if (s[0] == ' ' || s[len - 1] == ' ')
		why = "starts or ends with a space";
	for (i = 0; !why && i < len; i += n) {
		n = names_utf8(p + i, len - i, &cp);
		if (!n)
			why = "is not valid UTF-8";
		else if (is_control(cp))
			why = "holds a control character";
		else if (cp < 0x80 ? !ascii_name_char((unsigned char)cp, spaces) : !utf8)
			why = "holds a character a name cannot have";
		else if (is_invisible(cp))
			why = "holds an invisible formatting character";
	}
	if (!why)
		return 0;
	names_printable(s, shown, sizeof(shown));
	if (kind == NAMES_CAMPAIGN)
		errbuf_set(err, errlen, "%s '%s' %s: a campaign name is 1 to %zu letters, digits, '-', "
			 "'_' or '.'", what, shown, why, max);
	else
		errbuf_set(err, errlen, "%s '%s' %s: expected 1 to %zu bytes of letters, digits, spaces, "
			 "'-', '_', '.' or \"'\"%s", what, shown, why, max,
			 utf8 ? " (accented letters are fine)" : "");
	return -1;
}

/* atext of RFC 5322, the characters of a dot-atom. */
static int atext(unsigned char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
	       (ch && strchr("!#$%&'*+-/=?^_`{|}~", ch));
}

int names_check_email(const char *s, const char *what, char *err, size_t errlen)
{
	const char *at = strrchr(s, '@'), *p, *label;
	size_t len = strlen(s);
	char shown[80];
	const char *why = NULL;

	if (!at || at == s || !at[1])
		why = "is not of the form name@domain";
	else if (len > NAMES_EMAIL_MAX || at - s > 64)
		why = "is too long";
	for (p = s; !why && p < at; p++) {
		if (*p == '.' ? (p == s || p + 1 == at || p[1] == '.') : !atext((unsigned char)*p))
			why = "is not one plain address (no names, quotes, brackets, commas or spaces)";
	}
	/* The domain: dot-separated labels of letters, digits and inner hyphens. */
	for (label = p = at + 1; !why; p++) {
		if (*p == '.' || !*p) {
			if (p == label || *label == '-' || p[-1] == '-' || p - label > 63)
				why = "has a bad domain";
			if (!*p)
				break;
			label = p + 1;
		} else if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			     (*p >= '0' && *p <= '9') || *p == '-')) {
			why = "is not one plain address (no names, quotes, brackets, commas or spaces)";
		}
	}
	if (!why)
		return 0;
	names_printable(s, shown, sizeof(shown));
	errbuf_set(err, errlen, "%s '%s' %s: expected one plain address such as ann@example.org",
		 what, shown, why);
	return -1;
}
