/* netrun's order reader (R10): lines, commands, arguments, whole-mail refusals. */
#include "netrun.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_WORDS 16

static int lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c;
}

static int is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int same(const char *a, const char *b)
{
	while (*a && lower((unsigned char)*a) == lower((unsigned char)*b)) {
		a++;
		b++;
	}
	return !*a && !*b;
}

/* Header lines the mail layer reads (R10.1) and the block's seat line. */
static int header_word(const char *w)
{
	static const char *const words[] = { "game", "password", "code", "turn", "mail", "from",
					     "subject", "runner", NULL };
	int i;

	for (i = 0; words[i]; i++)
		if (same(words[i], w))
			return 1;
	return 0;
}

json_t *netrun_lines(const char *text, int *too_many)
{
	json_t *out = json_array();
	const char *p = text ? text : "";
	int line = 0;

	*too_many = 0;
	while (out && *p) {
		const char *s = p, *e = strchr(p, '\n'), *hash;
		char buf[NR_LINE_MAX + 2], first[16];
		size_t n, k;

		line++;
		if (!e)
			e = p + strlen(p);
		p = *e ? e + 1 : e;
		hash = memchr(s, '#', (size_t)(e - s));
		if (hash)
			e = hash;
		while (s < e && is_blank(*s))
			s++;
		while (e > s && is_blank(e[-1]))
			e--;
		if (s == e)
			continue;
		n = (size_t)(e - s);
		if (n > NR_LINE_MAX - 1)
			n = NR_LINE_MAX;	/* kept one too long: the reader refuses it */
		memcpy(buf, s, n);
		buf[n] = '\0';
		for (k = 0; k < sizeof(first) - 1 && buf[k] && !is_blank(buf[k]); k++)
			first[k] = buf[k];
		first[k] = '\0';
		if (header_word(first))
			continue;
		if (same(first, "end"))
			break;
		if (json_array_size(out) == NR_MAX_ORDERS) {
			*too_many = line;
			break;
		}
		json_array_append_new(out, json_pack("{s:i,s:s}", "line", line, "text", buf));
	}
	return out;
}

/* ---------- one line ---------- */

struct reader {
	const struct netrun_state *st;
	struct netrun_refusal *ref;
	const struct nr_order *o;
};

static int fail(struct reader *r, const char *code, const char *fmt, ...)
{
	va_list ap;

	r->ref->line = r->o->line;
	snprintf(r->ref->text, sizeof(r->ref->text), "%s", r->o->text);
	snprintf(r->ref->code, sizeof(r->ref->code), "%s", code);
	va_start(ap, fmt);
	vsnprintf(r->ref->message, sizeof(r->ref->message), fmt, ap);
	va_end(ap);
	return -1;
}

/* The words of a line: the leading number dropped, blanks around , and = folded. */
static int split(const char *text, char *buf, size_t len, char *words[MAX_WORDS + 1])
{
	const char *s = text;
	size_t n = 0;
	int nw = 0;
	char *p;

	/*
	 * "1. RUN", "2) RUN", "3- RUN", "4: RUN", "4 RUN", and with blanks
	 * before the mark as people and mail clients write them, "1 - RUN",
	 * "2 ) RUN" (R10.2).
	 */
	if (*s >= '0' && *s <= '9') {
		const char *t = s, *u;

		while (*t >= '0' && *t <= '9')
			t++;
		u = t;
		while (is_blank(*u))
			u++;
		if (*u == '.' || *u == ')' || *u == '-' || *u == ':') {
			u++;
			if (!is_blank(*u) && *u)
				u = s;	/* "4.RUN", "3 -5,0": not a number of a line */
		} else if (u == t && *u) {
			u = s;		/* "4RUN" */
		}
		while (is_blank(*u))
			u++;
		s = u;
	}
	while (*s && n + 1 < len) {
		if (is_blank(*s)) {
			const char *t = s;

			while (is_blank(*t))
				t++;
			if (*t == ',' || *t == '=' || (n && (buf[n - 1] == ',' || buf[n - 1] == '='))) {
				s = t;
				continue;
			}
			buf[n++] = ' ';
			s = t;
			continue;
		}
		buf[n++] = *s++;
	}
	buf[n] = '\0';
	for (p = buf; *p;) {
		while (*p == ' ')
			*p++ = '\0';
		if (!*p)
			break;
		if (nw == MAX_WORDS)
			return -1;
		words[nw++] = p;
		while (*p && *p != ' ')
			p++;
	}
	words[nw] = NULL;
	return nw;
}

/* "x,y", "+x,y", "(x,y)": 0; -1 not a space; -2 out of range. */
static int parse_space(const char *w, int *x, int *y)
{
	char buf[48], *end;
	long a, b;
	size_t n = strlen(w);

	if (n >= sizeof(buf))
		return -1;
	strcpy(buf, w);
	if (buf[0] == '(' && n > 1 && buf[n - 1] == ')') {
		buf[n - 1] = '\0';
		memmove(buf, buf + 1, n - 1);
	}
	if (!((buf[0] >= '0' && buf[0] <= '9') || buf[0] == '-' || buf[0] == '+'))
		return -1;
	a = strtol(buf, &end, 10);
	if (*end != ',' || end == buf)
		return -1;
	if (!((end[1] >= '0' && end[1] <= '9') || end[1] == '-' || end[1] == '+'))
		return -1;
	b = strtol(end + 1, &end, 10);
	if (*end)
		return -1;
	if (a < -NR_RANGE || a > NR_RANGE || b < -NR_RANGE || b > NR_RANGE)
		return -2;
	*x = (int)a;
	*y = (int)b;
	return 0;
}

static int read_space(struct reader *r, const char *w, int *x, int *y)
{
	int rc = parse_space(w, x, y);

	if (rc == -1)
		return fail(r, "bad-space", "'%s' is not a space: write x,y such as 2,-1", w);
	if (rc == -2)
		return fail(r, "out-of-range", "space %s is beyond the judge's range (-99 to 99)", w);
	return 0;
}

static int read_loc(struct reader *r, const char *w, int *x, int *y)
{
	if (same(w, "out") || same(w, "outside")) {
		*x = NR_OUT;
		*y = 0;
		return 0;
	}
	return read_space(r, w, x, y);
}

static int read_colour(struct reader *r, const char *w, int *c)
{
	if ((*c = netrun_colour_parse(w)) < 0)
		return fail(r, "bad-colour", "'%s' is not a breaker: write black, green, red or blue", w);
	return 0;
}

static int read_count(struct reader *r, const char *w, int *n)
{
	char *end;
	long v = strtol(w, &end, 10);

	if (!*w || *end || v < 1 || v > 9)
		return fail(r, "bad-count", "'%s' is not a count from 1 to 9", w);
	*n = (int)v;
	return 0;
}

static int is_number(const char *w)
{
	return (*w >= '0' && *w <= '9') || (*w == '-' && w[1] >= '0' && w[1] <= '9');
}

static const char *colour_of(int c)
{
	return netrun_colour_names[c];
}

/* "PAY C ..." from words[i]: want colours; 0, or -1. */
static int read_pay(struct reader *r, char **w, int i, int want, struct nr_order *o)
{
	int k;

	if (!w[i])
		return 0;
	if (!same(w[i], "pay"))
		return fail(r, "bad-ability", "expected PAY after the arguments, got '%s'", w[i]);
	for (k = 0; w[i + 1 + k]; k++)
		;
	if (k != want)
		return fail(r, "bad-pay", "PAY names %s power-up%s", want == 1 ? "one" : "two",
			    want == 1 ? "" : "s");
	for (k = 0; k < want; k++)
		if (read_colour(r, w[i + 1 + k], &o->pay[k]) < 0)
			return -1;
	o->npay = want;
	return 0;
}

/* "COLOUR=LOC" pairs from words[i]. */
static int read_pairs(struct reader *r, char **w, int i, struct nr_order *o, int spaces_only)
{
	for (; w[i]; i++) {
		char *eq = strchr(w[i], '=');
		int c;

		if (!eq || o->nassign == NR_COLOURS)
			return fail(r, "bad-ability", "expected COLOUR=%s pairs, got '%s'",
				    spaces_only ? "SPACE" : "LOC", w[i]);
		*eq = '\0';
		if (read_colour(r, w[i], &c) < 0)
			return -1;
		if (spaces_only ? read_space(r, eq + 1, &o->ax[o->nassign], &o->ay[o->nassign]) < 0
				: read_loc(r, eq + 1, &o->ax[o->nassign], &o->ay[o->nassign]) < 0)
			return -1;
		o->who[o->nassign++] = c;
	}
	return 0;
}

static int read_ability(struct reader *r, char **w, int nw, struct nr_order *o)
{
	int kind = r->st->status == NR_SETUP ? -1 : r->st->br[o->colour].kind, i, k, m;
	const char *name = kind < 0 ? "" : netrun_kind_name(kind);

	if (kind < 0)
		return 0;	/* read again once dealt */
	switch (kind) {
	case NR_LISP:
		if (nw != 3)
			return fail(r, "bad-ability", "Self-Fragment LISP names one other breaker");
		if (read_colour(r, w[2], &o->other[0]) < 0)
			return -1;
		if (o->other[0] == o->colour)
			return fail(r, "bad-ability", "Self-Fragment LISP swaps with another breaker");
		return 0;
	case NR_ANKARA:
	case NR_SLIVER:
		o->n = 1;
		if (nw > 3)
			return fail(r, "bad-ability", "%s takes one count at most", name);
		return nw == 3 ? read_count(r, w[2], &o->n) : 0;
	case NR_DIAMOND:
	case NR_WINTERMUTE:
		if (nw != 2)
			return fail(r, "bad-ability", "%s takes no arguments", name);
		return 0;
	case NR_KUANG11:
	case NR_ASSIMILATION:
		if (nw < 3 || (kind == NR_ASSIMILATION && nw != 3) || nw - 2 > NR_MAX_ARGS)
			return fail(r, "bad-ability", kind == NR_KUANG11 ?
				    "Kuang Grade Mark Eleven lists one to eight target spaces" :
				    "Assimilation Kuang names one space");
		for (i = 2; i < nw; i++)
			if (read_space(r, w[i], &o->sx[o->nspaces], &o->sy[o->nspaces]) < 0)
				return -1;
			else
				o->nspaces++;
		return 0;
	case NR_FINN:
		if (nw < 4)
			return fail(r, "bad-ability", "Finn Construct switches two different breakers");
		if (read_colour(r, w[2], &o->other[0]) < 0 || read_colour(r, w[3], &o->other[1]) < 0)
			return -1;
		if (o->other[0] == o->other[1])
			return fail(r, "bad-ability", "Finn Construct switches two different breakers");
		if (read_pay(r, w, 4, 1, o) < 0)
			return -1;
		if (o->npay && o->pay[0] != o->other[0] && o->pay[0] != o->other[1])
			return fail(r, "bad-pay", "the power-up must be %s or %s", colour_of(o->other[0]),
				    colour_of(o->other[1]));
		return 0;
	case NR_CASECURRY:
	case NR_ENIGMA:
		if (read_pairs(r, w, 2, o, kind == NR_ENIGMA) < 0)
			return -1;
		if (o->nassign < 2)
			return fail(r, "bad-ability", kind == NR_ENIGMA ?
				    "Enigma exchanges two or more data forts: COLOUR=SPACE for each" :
				    "Case-Curry Construct exchanges two or more breakers: COLOUR=LOC for each");
		for (k = 0; kind == NR_CASECURRY && k < o->nassign; k++)
			for (m = 0; m < k; m++)
				if (o->who[m] == o->who[k])
					return fail(r, "bad-ability", "Case-Curry Construct names each breaker "
						    "once");
		return 0;
	case NR_BABYLON:
	case NR_DAHLIA:
		if (nw < 3 || read_space(r, w[2], &o->sx[0], &o->sy[0]) < 0)
			return nw < 3 ? fail(r, "bad-ability", "%s names one space", name) : -1;
		o->nspaces = 1;
		return read_pay(r, w, 3, 2, o);
	case NR_VIRAL:
		if (nw != 4)
			return fail(r, "bad-ability", "Viral Dub names two spaces");
		if (read_space(r, w[2], &o->sx[0], &o->sy[0]) < 0 ||
		    read_space(r, w[3], &o->sx[1], &o->sy[1]) < 0)
			return -1;
		if (o->sx[0] == o->sx[1] && o->sy[0] == o->sy[1])
			return fail(r, "bad-ability", "Viral Dub exchanges two different data structures");
		o->nspaces = 2;
		return 0;
	case NR_KLEIN:
	case NR_SENDAI:
		return fail(r, "no-ability", "the %s breaker (%s) uses its ability through SPEND",
			    colour_of(o->colour), name);
	case NR_CHIBA:
	case NR_TRINITY:
	case NR_STEALTH:
	case NR_DUB:
		return fail(r, "no-ability", "the %s breaker (%s) uses its ability on the RUN line",
			    colour_of(o->colour), name);
	case NR_BASIC:
		return fail(r, "no-ability", "the %s breaker (basic ice breaker) has no ability",
			    colour_of(o->colour));
	}
	return fail(r, "no-ability", "the %s breaker (%s) uses its ability by itself",
		    colour_of(o->colour), name);
}

static int read_spend(struct reader *r, char **w, int nw, struct nr_order *o)
{
	int i;

	if (nw < 2)
		return fail(r, "syntax", "cannot read '%s': expected SPEND COLOUR [N] ..., ALL or NONE",
			    r->o->text);
	for (i = 1; i < nw; i++) {
		struct nr_spend_item *it;

		if (o->nitems == NR_MAX_ARGS)
			return fail(r, "syntax", "cannot read '%s': at most %d items a SPEND line",
				    r->o->text, NR_MAX_ARGS);
		it = &o->items[o->nitems++];
		it->max = -1;
		if (same(w[i], "all") || same(w[i], "none")) {
			if (nw != 2)
				return fail(r, "syntax", "cannot read '%s': %s stands alone on its SPEND line",
					    r->o->text, same(w[i], "all") ? "ALL" : "NONE");
			it->colour = same(w[i], "all") ? -1 : -2;
			continue;
		}
		if (read_colour(r, w[i], &it->colour) < 0)
			return -1;
		if (w[i + 1] && is_number(w[i + 1])) {
			if (read_count(r, w[i + 1], &it->max) < 0)
				return -1;
			i++;
		}
	}
	return 0;
}

static int printable_word(const char *w)
{
	size_t n = strlen(w), i;

	if (!n || n > NR_NONCE_MAX)
		return 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)w[i] < 0x21 || (unsigned char)w[i] > 0x7e)
			return 0;
	return 1;
}

static int alt_kind(int kind)
{
	return kind == NR_TRINITY || kind == NR_SLIVER || kind == NR_STEALTH || kind == NR_DUB;
}

/* One command line into o (o->line and o->text set): 0, or -1 with the refusal. */
static int read_line(struct reader *r, struct nr_order *o, int first)
{
	char buf[NR_LINE_MAX * 2], *w[MAX_WORDS + 1];
	int nw = split(o->text, buf, sizeof(buf), w);
	const char *cmd = nw > 0 ? w[0] : "";
	int kind;

	if (strlen(o->text) >= NR_LINE_MAX - 1)
		return fail(r, "syntax", "a line of at most %d characters", NR_LINE_MAX - 2);
	if (nw < 0)
		return fail(r, "syntax", "cannot read '%s': too many words", o->text);
	if (nw == 0)
		return fail(r, "syntax", "cannot read '%s': expected RUN, SPEND, ABILITY, EXPECT or "
			    "JACK OUT", o->text);
	if (same(cmd, "nonce")) {
		o->cmd = NR_CMD_NONCE;
		if (!first || r->st->status != NR_SETUP || !r->st->opt_nonce)
			return fail(r, "no-nonce", "NONCE is read only as the first line of the first mail "
				    "of a run that asks for one");
		if (nw != 2 || !printable_word(w[1]))
			return fail(r, "bad-nonce", "a nonce is 1 to 64 printable characters without "
				    "blanks");
		strcpy(o->nonce, w[1]);
		return 0;
	}
	if (first && r->st->status == NR_SETUP && r->st->opt_nonce)
		return fail(r, "nonce-needed", "this run waits for your nonce: begin the first mail "
			    "with NONCE and a word of your choice");
	if (same(cmd, "run") || same(cmd, "challenge") || same(cmd, "break")) {
		o->cmd = NR_CMD_RUN;
		if (nw < 3 || nw > 4)
			return fail(r, "syntax", "cannot read '%s': expected RUN COLOUR x,y [ALT or ROLL]",
				    o->text);
		if (read_colour(r, w[1], &o->colour) < 0 || read_space(r, w[2], &o->x, &o->y) < 0)
			return -1;
		if (nw == 4) {
			if (!same(w[3], "alt") && !same(w[3], "roll"))
				return fail(r, "syntax", "cannot read '%s': expected ALT or ROLL after the "
					    "space, got '%s'", o->text, w[3]);
			o->alt = same(w[3], "alt") ? NR_ALT_ALT : NR_ALT_ROLL;
			kind = r->st->status == NR_SETUP ? -1 : r->st->br[o->colour].kind;
			if (kind >= 0 && !alt_kind(kind))
				return fail(r, "no-alt", "the %s breaker (%s) has no other strength to choose",
					    colour_of(o->colour), netrun_kind_name(kind));
		}
		return 0;
	}
	if (same(cmd, "spend") || same(cmd, "discard")) {
		o->cmd = NR_CMD_SPEND;
		return read_spend(r, w, nw, o);
	}
	if (same(cmd, "ability") || same(cmd, "use")) {
		o->cmd = NR_CMD_ABILITY;
		if (nw < 2)
			return fail(r, "syntax", "cannot read '%s': expected ABILITY COLOUR ...", o->text);
		if (read_colour(r, w[1], &o->colour) < 0)
			return -1;
		return read_ability(r, w, nw, o);
	}
	if (same(cmd, "expect")) {
		o->cmd = NR_CMD_EXPECT;
		if (nw != 3)
			return fail(r, "syntax", "cannot read '%s': expected EXPECT COLOUR x,y (or OUT)",
				    o->text);
		if (read_colour(r, w[1], &o->colour) < 0)
			return -1;
		return read_loc(r, w[2], &o->x, &o->y);
	}
	if ((same(cmd, "jack") && nw == 2 && same(w[1], "out")) ||
	    ((same(cmd, "jackout") || same(cmd, "resign")) && nw == 1)) {
		o->cmd = NR_CMD_JACK_OUT;
		return 0;
	}
	return fail(r, "syntax", "cannot read '%s': expected RUN, SPEND, ABILITY, EXPECT or JACK OUT",
		    o->text);
}

static int challenge_line(const struct netrun_state *st, const struct nr_order *o)
{
	if (o->cmd == NR_CMD_RUN)
		return 1;
	return o->cmd == NR_CMD_ABILITY && o->colour == NR_BLACK &&
	       (st->status == NR_SETUP || st->br[NR_BLACK].kind == NR_KUANG11);
}

int netrun_parse(const struct netrun_state *st, const json_t *lines, struct netrun_orders *out,
		 struct netrun_refusal *ref)
{
	struct reader r;
	size_t i;
	int k;

	memset(ref, 0, sizeof(*ref));
	out->n = 0;
	r.st = st;
	r.ref = ref;
	if (st->status == NR_OVER) {
		ref->line = (int)json_integer_value(json_object_get(json_array_get(lines, 0), "line"));
		snprintf(ref->text, sizeof(ref->text), "%s",
			 json_string_value(json_object_get(json_array_get(lines, 0), "text")) ?
			 json_string_value(json_object_get(json_array_get(lines, 0), "text")) : "");
		snprintf(ref->code, sizeof(ref->code), "run-over");
		snprintf(ref->message, sizeof(ref->message), "the run is over (%s, %s)",
			 st->result == NR_WIN ? "win" : "loss",
			 netrun_end_word(st->end) ? netrun_end_word(st->end) : "ended");
		return -1;
	}
	if (json_array_size(lines) > NR_MAX_ORDERS) {
		snprintf(ref->code, sizeof(ref->code), "syntax");
		snprintf(ref->message, sizeof(ref->message), "a mail holds at most %d order lines",
			 NR_MAX_ORDERS);
		return -1;
	}
	if (!json_array_size(lines) && st->status == NR_SETUP && st->opt_nonce) {
		snprintf(ref->code, sizeof(ref->code), "nonce-needed");
		snprintf(ref->message, sizeof(ref->message), "this run waits for your nonce: begin the "
			 "first mail with NONCE and a word of your choice");
		return -1;
	}
	for (i = 0; i < json_array_size(lines); i++) {
		const json_t *l = json_array_get(lines, i);
		struct nr_order *o = &out->o[out->n];
		const char *text = json_string_value(json_object_get(l, "text"));

		memset(o, 0, sizeof(*o));
		o->line = (int)json_integer_value(json_object_get(l, "line"));
		snprintf(o->text, sizeof(o->text), "%s", text ? text : "");
		r.o = o;
		if (!text) {
			snprintf(ref->code, sizeof(ref->code), "syntax");
			snprintf(ref->message, sizeof(ref->message), "expected {\"line\", \"text\"} lines");
			return -1;
		}
		if (read_line(&r, o, i == 0) < 0)
			return -1;
		out->n++;
	}
	/* R8.3: a SPEND needs a challenge line after it. */
	for (k = 0; k < out->n; k++) {
		int j;

		if (out->o[k].cmd != NR_CMD_SPEND)
			continue;
		for (j = k + 1; j < out->n && !challenge_line(st, &out->o[j]); j++)
			;
		if (j == out->n) {
			r.o = &out->o[k];
			return fail(&r, "spend-without-run", "SPEND must be followed by a RUN (or a Kuang "
				    "Grade Mark Eleven ABILITY) in the same mail");
		}
	}
	return 0;
}
