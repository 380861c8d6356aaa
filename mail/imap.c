/*
 * mail/imap: just enough IMAP over libcurl to take orders from a mailbox
 * (mail/imap.h).
 */
#include "imap.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "curl_load.h"
#include "tls.h"
#include "lib/strbuf.h"

struct imap_conn {
	const struct curlx *cu;
	CURL *h;
	curl_socket_t sock;
	char mailbox[512];
	struct strbuf in;	/* bytes received, from pos on not yet read */
	size_t pos;
	int tag;
	long timeout;
	long long deadline_ms;
};

/* What a command's untagged replies gave. */
struct reply {
	int want_literal;
	struct strbuf literal;	/* the first literal (a message) */
	int got_literal;
	size_t max;		/* of a larger literal only max bytes are kept */
	size_t size;		/* the literal's whole size */
	int truncated;
	unsigned long *uids;	/* "* SEARCH" numbers */
	size_t nuids, alloc;
};

static int wait_sock(struct imap_conn *ic, short events, char *err, size_t errlen)
{
	struct pollfd p = { (int)ic->sock, events, 0 };
	long long left = mail_time_left(ic->timeout * 1000LL, ic->deadline_ms);
	int rc = left ? poll(&p, 1, (int)left) : 0;

	if (rc <= 0) {
		/* A server that trickles a byte at a time still meets the run's deadline. */
		snprintf(err, errlen, "IMAP server: %s", rc < 0 ? "poll failed" : !left ||
			 (ic->deadline_ms && mail_clock_ms() >= ic->deadline_ms) ?
			 MAIL_DEADLINE_PASSED : "no answer (timeout)");
		return -1;
	}
	return 0;
}

static int fill(struct imap_conn *ic, char *err, size_t errlen)
{
	char buf[16384];
	size_t n = 0;
	CURLcode rc;

	if (ic->pos > 0 && ic->pos * 2 > ic->in.len) {
		memmove(ic->in.buf, ic->in.buf + ic->pos, ic->in.len - ic->pos);
		ic->in.len -= ic->pos;
		ic->in.buf[ic->in.len] = '\0';
		ic->pos = 0;
	}
	for (;;) {
		rc = ic->cu->easy_recv(ic->h, buf, sizeof(buf), &n);
		if (rc == CURLE_AGAIN) {
			if (wait_sock(ic, POLLIN, err, errlen))
				return -1;
			continue;
		}
		if (rc != CURLE_OK || n == 0) {
			snprintf(err, errlen, "IMAP server closed the connection%s%s",
				 rc != CURLE_OK ? ": " : "", rc != CURLE_OK ? ic->cu->easy_strerror(rc) : "");
			return -1;
		}
		strbuf_add(&ic->in, buf, n);
		if (ic->in.failed) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		return 0;
	}
}

/* The next line without its CRLF into line. */
static int get_line(struct imap_conn *ic, struct strbuf *line, char *err, size_t errlen)
{
	for (;;) {
		char *start = ic->in.buf ? ic->in.buf + ic->pos : NULL;
		char *crlf = start ? strstr(start, "\r\n") : NULL;

		if (crlf) {
			strbuf_reset(line);
			strbuf_add(line, start, (size_t)(crlf - start));
			ic->pos += (size_t)(crlf - start) + 2;
			return 0;
		}
		if (ic->in.len - ic->pos > (1u << 20)) {
			snprintf(err, errlen, "IMAP server sent a line over 1 MiB");
			return -1;
		}
		if (fill(ic, err, errlen))
			return -1;
	}
}

/* n bytes of a literal; kept in out when out is not NULL. */
static int get_bytes(struct imap_conn *ic, size_t n, struct strbuf *out, char *err,
		     size_t errlen)
{
	while (n > 0) {
		size_t have = ic->in.len - ic->pos, take;

		if (!have) {
			if (fill(ic, err, errlen))
				return -1;
			continue;
		}
		take = have < n ? have : n;
		if (out)
			strbuf_add(out, ic->in.buf + ic->pos, take);
		ic->pos += take;
		n -= take;
	}
	return 0;
}

static int send_all(struct imap_conn *ic, const char *s, size_t len, char *err, size_t errlen)
{
	size_t done = 0, n;
	CURLcode rc;

	while (done < len) {
		rc = ic->cu->easy_send(ic->h, s + done, len - done, &n);
		if (rc == CURLE_AGAIN) {
			if (wait_sock(ic, POLLOUT, err, errlen))
				return -1;
			continue;
		}
		if (rc != CURLE_OK) {
			snprintf(err, errlen, "IMAP: sending: %s", ic->cu->easy_strerror(rc));
			return -1;
		}
		done += n;
	}
	return 0;
}

/* A literal announced at the end of a line: "{123}" or "{123+}"; -1 if none. */
static long literal_size(const struct strbuf *line)
{
	const char *s = strbuf_str(line), *open;
	char *end;
	long n;

	if (!line->len || s[line->len - 1] != '}' || !(open = strrchr(s, '{')))
		return -1;
	n = strtol(open + 1, &end, 10);
	if (end == open + 1 || n < 0 || (*end != '}' && !(end[0] == '+' && end[1] == '}')))
		return -1;
	return n;
}

static void search_numbers(struct reply *r, const char *s)
{
	while (*s) {
		char *end;
		unsigned long v = strtoul(s, &end, 10);

		if (end == s) {
			s++;
			continue;
		}
		if (r->nuids == r->alloc) {
			size_t na = r->alloc ? r->alloc * 2 : 16;
			unsigned long *nv = realloc(r->uids, na * sizeof(*nv));

			if (!nv)
				return;
			r->uids = nv;
			r->alloc = na;
		}
		r->uids[r->nuids++] = v;
		s = end;
	}
}

/* Sends one tagged command and reads to its tagged answer; 0 for OK. */
static int command(struct imap_conn *ic, const char *cmd, struct reply *r, char *err,
		   size_t errlen)
{
	struct strbuf line = STRBUF_INIT, out = STRBUF_INIT;
	char tag[16];
	size_t tl;
	int rc = -1;

	snprintf(tag, sizeof(tag), "M%d", ++ic->tag);
	tl = strlen(tag);
	strbuf_addf(&out, "%s %s\r\n", tag, cmd);
	if (send_all(ic, strbuf_str(&out), out.len, err, errlen))
		goto out;
	for (;;) {
		long lit;

		if (get_line(ic, &line, err, errlen))
			goto out;
		if (!strncmp(strbuf_str(&line), tag, tl) && line.buf[tl] == ' ') {
			const char *st = line.buf + tl + 1;

			if (!strncasecmp(st, "OK", 2)) {
				rc = 0;
			} else {
				snprintf(err, errlen, "IMAP server refused '%.*s': %s",
					 (int)strcspn(cmd, " "), cmd, st);
			}
			goto out;
		}
		if (r && !strncasecmp(strbuf_str(&line), "* SEARCH", 8))
			search_numbers(r, line.buf + 8);
		/* A line may end in a literal, and the line goes on after it. */
		while ((lit = literal_size(&line)) >= 0) {
			int keep = r && r->want_literal && !r->got_literal;
			size_t first = (size_t)lit;

			/* Over the limit: the first bytes are kept, the rest read and dropped. */
			if (keep && r->max && first > r->max) {
				first = r->max;
				r->truncated = 1;
			}
			if (get_bytes(ic, first, keep ? &r->literal : NULL, err, errlen) ||
			    get_bytes(ic, (size_t)lit - first, NULL, err, errlen))
				goto out;
			if (keep) {
				r->got_literal = 1;
				r->size = (size_t)lit;
			}
			if (get_line(ic, &line, err, errlen))
				goto out;
		}
	}
out:
	strbuf_release(&line);
	strbuf_release(&out);
	return rc;
}

static void quote_mailbox(struct strbuf *sb, const char *name)
{
	strbuf_addch(sb, '"');
	for (; *name; name++) {
		if (*name == '"' || *name == '\\')
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, *name);
	}
	strbuf_addch(sb, '"');
}

int imap_open(struct imap_conn **out, const struct imap_conf *c, char *err, size_t errlen)
{
	struct imap_conn *ic;
	struct strbuf cmd = STRBUF_INIT;
	char *path = NULL;
	CURLU *u;
	CURLcode rc;
	curl_socket_t sock = CURL_SOCKET_BAD;
	const struct curlx *cu = curlx_load(err, errlen);

	*out = NULL;
	if (!cu)
		return -1;
	ic = calloc(1, sizeof(*ic));
	if (!ic) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ic->cu = cu;
	ic->timeout = c->timeout > 0 ? c->timeout : 60;
	ic->deadline_ms = c->deadline_ms;
	snprintf(ic->mailbox, sizeof(ic->mailbox), "INBOX");
	u = cu->url();
	if (u && !cu->url_set(u, CURLUPART_URL, c->url, 0) &&
	    !cu->url_get(u, CURLUPART_PATH, &path, CURLU_URLDECODE) && path) {
		const char *p = path;

		while (*p == '/')
			p++;
		if (*p && *p != ';')
			snprintf(ic->mailbox, sizeof(ic->mailbox), "%.*s", (int)strcspn(p, ";/"), p);
	}
	cu->free(path);
	cu->url_cleanup(u);
	ic->h = cu->easy_init();
	if (!ic->h) {
		snprintf(err, errlen, "cannot start libcurl");
		goto fail;
	}
	cu->easy_setopt(ic->h, CURLOPT_URL, c->url);
	cu->easy_setopt(ic->h, CURLOPT_PROTOCOLS_STR, "imap,imaps");
	if (c->user && *c->user) {
		cu->easy_setopt(ic->h, CURLOPT_USERNAME, c->user);
		cu->easy_setopt(ic->h, CURLOPT_PASSWORD, c->password ? c->password : "");
	} else if (c->password && *c->password) {
		/* The user in the URL, the password kept out of it (and out of ps). */
		cu->easy_setopt(ic->h, CURLOPT_PASSWORD, c->password);
	}
	cu->easy_setopt(ic->h, CURLOPT_USE_SSL, c->require_tls ? (long)CURLUSESSL_ALL : (long)CURLUSESSL_TRY);
	/* libcurl connects and logs in; the commands after that are ours. */
	cu->easy_setopt(ic->h, CURLOPT_CONNECT_ONLY, 1L);
	cu->easy_setopt(ic->h, CURLOPT_CONNECTTIMEOUT, 30L);
	if (c->deadline_ms) {
		long long left = mail_time_left(3600 * 1000LL, c->deadline_ms);

		if (!left) {
			snprintf(err, errlen, "%s", MAIL_DEADLINE_PASSED);
			goto fail;
		}
		cu->easy_setopt(ic->h, CURLOPT_TIMEOUT_MS, (long)left);
		cu->easy_setopt(ic->h, CURLOPT_SERVER_RESPONSE_TIMEOUT, (long)((left + 999) / 1000));
	}
	cu->easy_setopt(ic->h, CURLOPT_NOSIGNAL, 1L);
	rc = cu->easy_perform(ic->h);
	if (rc == CURLE_USE_SSL_FAILED) {
		snprintf(err, errlen, "the IMAP server offers no STARTTLS and TLS is required: the login "
			 "never goes in clear (use imaps://, a server with STARTTLS, or "
			 "MXJUDGE_IMAP_TLS=none; see mxjudge-mail(1))");
		goto fail;
	}
	if (rc != CURLE_OK) {
		snprintf(err, errlen, "IMAP %s: %s", c->url[0] ? "login" : "URL", cu->easy_strerror(rc));
		goto fail;
	}
	if (cu->easy_getinfo(ic->h, CURLINFO_ACTIVESOCKET, &sock) != CURLE_OK ||
	    sock == CURL_SOCKET_BAD) {
		snprintf(err, errlen, "IMAP: no connection");
		goto fail;
	}
	ic->sock = sock;
	strbuf_addstr(&cmd, "SELECT ");
	quote_mailbox(&cmd, ic->mailbox);
	if (command(ic, strbuf_str(&cmd), NULL, err, errlen))
		goto fail;
	strbuf_release(&cmd);
	*out = ic;
	return 0;
fail:
	strbuf_release(&cmd);
	if (ic->h)
		cu->easy_cleanup(ic->h);
	strbuf_release(&ic->in);
	free(ic);
	return -1;
}

int imap_unseen(struct imap_conn *ic, unsigned long **uids, size_t *n, char *err,
		size_t errlen)
{
	struct reply r;

	memset(&r, 0, sizeof(r));
	*uids = NULL;
	*n = 0;
	if (command(ic, "UID SEARCH UNSEEN", &r, err, errlen)) {
		free(r.uids);
		return -1;
	}
	*uids = r.uids;
	*n = r.nuids;
	return 0;
}

int imap_fetch(struct imap_conn *ic, unsigned long uid, size_t max, char **data, size_t *len,
	       size_t *size, char *err, size_t errlen)
{
	struct reply r;
	char cmd[64];

	memset(&r, 0, sizeof(r));
	r.want_literal = 1;
	r.max = max;
	*data = NULL;
	*len = *size = 0;
	snprintf(cmd, sizeof(cmd), "UID FETCH %lu BODY.PEEK[]", uid);
	if (command(ic, cmd, &r, err, errlen) || !r.got_literal) {
		if (!r.got_literal)
			snprintf(err, errlen, "IMAP: message %lu is gone", uid);
		strbuf_release(&r.literal);
		return -1;
	}
	if (r.literal.failed) {
		strbuf_release(&r.literal);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (!r.literal.buf)
		strbuf_addstr(&r.literal, "");
	*size = r.size;
	*data = strbuf_detach(&r.literal, len);
	return 0;
}

int imap_mark_seen(struct imap_conn *ic, unsigned long uid, char *err, size_t errlen)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "UID STORE %lu +FLAGS.SILENT (\\Seen)", uid);
	return command(ic, cmd, NULL, err, errlen);
}

void imap_close(struct imap_conn *ic)
{
	char err[128];

	if (!ic)
		return;
	command(ic, "LOGOUT", NULL, err, sizeof(err));
	ic->cu->easy_cleanup(ic->h);
	strbuf_release(&ic->in);
	free(ic);
}
