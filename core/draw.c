/*
 * draw: labelled random draws of every game from open or sealed streams,
 * each logged as the line that replays it (core/draw.h). Pure.
 */
#include "draw.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "lib/errbuf.h"
#include "lib/strbuf.h"

/* splitmix64 spreads one seed over xoshiro's 256 bits of state. */
static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void draw_rng_init(struct draw_rng *rng, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		rng->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t draw_rng_next(struct draw_rng *rng)
{
	uint64_t *s = rng->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t draw_rng_uniform(struct draw_rng *rng, uint64_t n)
{
	/* 2^64 is rarely a multiple of n: reject the top so every value is as likely. */
	const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	uint64_t v;

	do
		v = draw_rng_next(rng);
	while (v >= limit);
	return v % n;
}

uint64_t draw_seed_of(const char *text)
{
	unsigned char h[crypto_hash_sha256_BYTES];
	uint64_t v = 0;
	int i;

	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	for (i = 7; i >= 0; i--)
		v = (v << 8) | h[i];
	return v;
}

void draw_root_hex(const unsigned char root[DRAW_ROOT_LEN], char out[2 * DRAW_ROOT_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	int i;

	for (i = 0; i < DRAW_ROOT_LEN; i++) {
		out[2 * i] = hex[root[i] >> 4];
		out[2 * i + 1] = hex[root[i] & 15];
	}
	out[2 * DRAW_ROOT_LEN] = '\0';
}

static int hex_value(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int draw_root_parse(const char *hex, unsigned char root[DRAW_ROOT_LEN])
{
	int i;

	if (!hex || strlen(hex) != 2 * DRAW_ROOT_LEN)
		return -1;
	for (i = 0; i < DRAW_ROOT_LEN; i++) {
		int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -1;
		root[i] = (unsigned char)(hi << 4 | lo);
	}
	return 0;
}

void draw_log_init(struct draw_log *log)
{
	memset(log, 0, sizeof(*log));
}

void draw_log_release(struct draw_log *log)
{
	size_t i;

	for (i = 0; i < log->n; i++)
		free(log->e[i].line);
	free(log->e);
	draw_log_init(log);
}

/* Takes line (malloc'd) whatever happens. */
static void log_add(struct draw_log *log, const char *stream, char *line)
{
	if (!log) {
		free(line);
		return;
	}
	if (!line) {
		log->failed = 1;
		return;
	}
	if (log->n == log->alloc) {
		size_t na = log->alloc ? 2 * log->alloc : 32;
		struct draw_entry *e = realloc(log->e, na * sizeof(*e));

		if (!e) {
			log->failed = 1;
			free(line);
			return;
		}
		log->e = e;
		log->alloc = na;
	}
	memset(&log->e[log->n], 0, sizeof(log->e[0]));
	strncpy(log->e[log->n].stream, stream, sizeof(log->e[0].stream) - 1);
	log->e[log->n++].line = line;
}

int draw_die(struct draw_source *src, const char *stream, const char *label, int sides, int *face,
	     char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;

	if (sides < 1) {
		errbuf_set(err, errlen, "%s: a die needs at least one side", label);
		return -1;
	}
	if (src->ops->die(src->ctx, stream, label, sides, face, err, errlen) < 0)
		return -1;
	strbuf_addf(&sb, "%s %d", label, *face);
	log_add(src->log, stream, sb.failed ? (strbuf_release(&sb), NULL) : strbuf_detach(&sb, NULL));
	return 0;
}

int draw_dice(struct draw_source *src, const char *stream, const char *label, int sides, int n,
	      int *faces, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	int k;

	if (sides < 1 || n < 0) {
		errbuf_set(err, errlen, "%s: a pool needs dice with at least one side", label);
		return -1;
	}
	if (!n)
		return 0;
	if (src->ops->dice) {
		if (src->ops->dice(src->ctx, stream, label, sides, n, faces, err, errlen) < 0)
			return -1;
	} else {
		for (k = 0; k < n; k++)
			if (src->ops->die(src->ctx, stream, label, sides, &faces[k], err, errlen) < 0)
				return -1;
	}
	strbuf_addstr(&sb, label);
	for (k = 0; k < n; k++)
		strbuf_addf(&sb, " %d", faces[k]);
	log_add(src->log, stream, sb.failed ? (strbuf_release(&sb), NULL) : strbuf_detach(&sb, NULL));
	return 0;
}

int draw_pick(struct draw_source *src, const char *stream, const char *label,
	      const char *const *ids, size_t n, size_t *index, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;

	if (n < 1) {
		errbuf_set(err, errlen, "%s: nothing to pick from", label);
		return -1;
	}
	if (src->ops->pick(src->ctx, stream, label, ids, n, index, err, errlen) < 0)
		return -1;
	strbuf_addf(&sb, "%s %s", label, ids[*index]);
	log_add(src->log, stream, sb.failed ? (strbuf_release(&sb), NULL) : strbuf_detach(&sb, NULL));
	return 0;
}

int draw_shuffle(struct draw_source *src, const char *stream, const char *label,
		 const char *const *ids, size_t n, size_t *perm, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t k;

	if (src->ops->shuffle(src->ctx, stream, label, ids, n, perm, err, errlen) < 0)
		return -1;
	strbuf_addstr(&sb, label);
	for (k = 0; k < n; k++)
		strbuf_addf(&sb, " %s", ids[perm[k]]);
	log_add(src->log, stream, sb.failed ? (strbuf_release(&sb), NULL) : strbuf_detach(&sb, NULL));
	return 0;
}

int draw_arrange(struct draw_source *src, const char *stream, const char *label,
		 const char *const *ids, size_t n,
		 void (*fn)(void *arg, struct draw_rng *rng, size_t n, size_t *perm), void *arg,
		 size_t *perm, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	size_t k;

	if (!src->ops->arrange)
		return draw_shuffle(src, stream, label, ids, n, perm, err, errlen);
	if (src->ops->arrange(src->ctx, stream, label, n, fn, arg, perm, err, errlen) < 0)
		return -1;
	strbuf_addstr(&sb, label);
	for (k = 0; k < n; k++)
		strbuf_addf(&sb, " %s", ids[perm[k]]);
	log_add(src->log, stream, sb.failed ? (strbuf_release(&sb), NULL) : strbuf_detach(&sb, NULL));
	return 0;
}

int draw_mix(struct draw_source *src, const char *word, char *err, size_t errlen)
{
	return src->ops->mix ? src->ops->mix(src->ctx, word, err, errlen) : 0;
}

int draw_seal(struct draw_source *src, const char *name, char out[65], char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	int rc = src->ops->seal ? src->ops->seal(src->ctx, name, out, err, errlen) : 0;

	/* Logged as "seal HEX", so a replay from the log seals the same. */
	if (rc > 0) {
		strbuf_addf(&sb, "seal %s", out);
		log_add(src->log, "sealed", sb.failed ? (strbuf_release(&sb), NULL)
						      : strbuf_detach(&sb, NULL));
	}
	return rc;
}

void draw_note(struct draw_source *src, const char *stream, const char *line)
{
	log_add(src->log, stream, strdup(line));
}

int draw_line_is_note(const char *line)
{
	return !strncmp(line, "draw", 4) && (line[4] == ' ' || line[4] == '\t');
}

void draw_log_drop_notes(struct draw_log *log)
{
	size_t i, k = 0;

	for (i = 0; i < log->n; i++) {
		if (draw_line_is_note(log->e[i].line))
			free(log->e[i].line);
		else
			log->e[k++] = log->e[i];
	}
	log->n = k;
}

/* ---------- the seeded source ---------- */

void draw_seeded_init(struct draw_seeded *s, uint64_t open_seed, const unsigned char *root,
		      int turn)
{
	memset(s, 0, sizeof(*s));
	s->open_seed = open_seed;
	s->turn = turn;
	strcpy(s->ns, "sealed");
	if (root) {
		s->have_root = 1;
		memcpy(s->root, root, DRAW_ROOT_LEN);
	}
}

int draw_seeded_namespace(struct draw_seeded *s, const char *ns)
{
	if (!ns || !*ns)
		ns = "sealed";
	if (strlen(ns) >= sizeof(s->ns))
		return -1;
	strcpy(s->ns, ns);
	return 0;
}

void draw_sha256_hex(const char *text, char out[65])
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	draw_root_hex(h, out);
}

/* The sealed key: the mixed key, or the root's hex. */
static void seeded_key(const struct draw_seeded *s, char out[2 * DRAW_ROOT_LEN + 1])
{
	if (s->key[0])
		memcpy(out, s->key, sizeof(s->key));
	else
		draw_root_hex(s->root, out);
}

/*
 * The generator of stream; *skip is set to the draws a run-long stream
 * ("sealed/NAME@K") must skip because this source opens it at draw K.
 */
static struct draw_rng *seeded_stream(struct draw_seeded *s, const char *stream,
				      unsigned long *skip, char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	const char *name, *at;
	char hex[2 * DRAW_ROOT_LEN + 1], held[48];
	unsigned long k = 0;
	uint64_t seed;
	size_t i, len;
	int sealed;

	*skip = 0;
	/* A run-long stream is held under "sealed/NAME@", whatever its K. */
	at = !strncmp(stream, "sealed/", 7) ? strrchr(stream, '@') : NULL;
	len = at ? (size_t)(at - stream) + 1 : strlen(stream);
	if (len >= sizeof(held)) {
		errbuf_set(err, errlen, "draw stream '%.20s...': expected a name of at most %zu characters",
			   stream, sizeof(held) - 1);
		return NULL;
	}
	memcpy(held, stream, len);
	held[len] = '\0';
	if (at) {
		char *end;

		k = strtoul(at + 1, &end, 10);
		if (!at[1] || *end || at[1] == '-' || at[1] == '+' || len == 8) {
			errbuf_set(err, errlen, "draw stream '%s': expected sealed/NAME@K, K a count", stream);
			return NULL;
		}
	}
	for (i = 0; i < s->nstreams; i++)
		if (!strcmp(s->streams[i].name, held))
			return &s->streams[i].rng;
	if (!strncmp(stream, "open", 4) && (!stream[4] || stream[4] == '/'))
		sealed = 0;
	else if (!strncmp(stream, "sealed", 6) && (!stream[6] || stream[6] == '/'))
		sealed = 1;
	else {
		errbuf_set(err, errlen, "unknown draw stream '%s' (expected open or sealed)", stream);
		return NULL;
	}
	name = strchr(stream, '/') ? strchr(stream, '/') + 1 : "";
	/* "open/" would be a second copy of "open": a sub-stream has a name. */
	if (strchr(stream, '/') && !*name) {
		errbuf_set(err, errlen, "draw stream '%s': expected a name after '/'", stream);
		return NULL;
	}
	if (s->nstreams == DRAW_MAX_STREAMS) {
		errbuf_set(err, errlen, "too many draw streams (at most %d)", DRAW_MAX_STREAMS);
		return NULL;
	}
	if (sealed && !s->have_root) {
		errbuf_set(err, errlen, "a sealed draw needs the campaign's sealed root, and there is none");
		return NULL;
	}
	if (!sealed && !*name) {
		seed = s->open_seed;	/* the turn's seed itself: Hovercrafts' dice */
	} else {
		if (sealed) {
			seeded_key(s, hex);
			if (at)
				strbuf_addf(&sb, "mxjudge:%s:%s:%.*s", s->ns, hex, (int)(at - name), name);
			else
				strbuf_addf(&sb, "mxjudge:%s:%s:turn:%d:%s", s->ns, hex, s->turn, name);
		} else {
			strbuf_addf(&sb, "mxjudge:open:%llu:%s", (unsigned long long)s->open_seed, name);
		}
		sodium_memzero(hex, sizeof(hex));
		if (sb.failed) {
			strbuf_release(&sb);
			errbuf_set(err, errlen, "out of memory");
			return NULL;
		}
		seed = draw_seed_of(strbuf_str(&sb));
		if (sb.buf)
		sodium_memzero(sb.buf, sb.len);
		strbuf_release(&sb);
	}
	strcpy(s->streams[s->nstreams].name, held);
	draw_rng_init(&s->streams[s->nstreams].rng, seed);
	*skip = k;
	return &s->streams[s->nstreams++].rng;
}

static int seeded_die(void *ctx, const char *stream, const char *label, int sides, int *face,
		      char *err, size_t errlen)
{
	unsigned long skip;
	struct draw_rng *rng = seeded_stream(ctx, stream, &skip, err, errlen);

	(void)label;
	if (!rng)
		return -1;
	while (skip--)
		draw_rng_uniform(rng, (uint64_t)sides);
	*face = (int)draw_rng_uniform(rng, (uint64_t)sides) + 1;
	return 0;
}

static int seeded_pick(void *ctx, const char *stream, const char *label, const char *const *ids,
		       size_t n, size_t *index, char *err, size_t errlen)
{
	unsigned long skip;
	struct draw_rng *rng = seeded_stream(ctx, stream, &skip, err, errlen);

	(void)label;
	(void)ids;
	if (!rng)
		return -1;
	while (skip--)
		draw_rng_uniform(rng, (uint64_t)n);
	*index = (size_t)draw_rng_uniform(rng, (uint64_t)n);
	return 0;
}

/* Fisher-Yates from the bottom; perm[0] is the top. */
static void fisher_yates(void *arg, struct draw_rng *rng, size_t n, size_t *perm)
{
	size_t i;

	(void)arg;
	for (i = 0; i < n; i++)
		perm[i] = i;
	for (i = n; i-- > 1;) {
		size_t j = (size_t)draw_rng_uniform(rng, (uint64_t)i + 1), t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
}

static int seeded_arrange(void *ctx, const char *stream, const char *label, size_t n,
			  void (*fn)(void *arg, struct draw_rng *rng, size_t n, size_t *perm),
			  void *arg, size_t *perm, char *err, size_t errlen)
{
	unsigned long skip;
	struct draw_rng *rng = seeded_stream(ctx, stream, &skip, err, errlen);

	(void)label;
	if (!rng)
		return -1;
	while (skip--)
		fn(arg, rng, n, perm);
	fn(arg, rng, n, perm);
	return 0;
}

static int seeded_shuffle(void *ctx, const char *stream, const char *label,
			  const char *const *ids, size_t n, size_t *perm, char *err, size_t errlen)
{
	(void)ids;
	return seeded_arrange(ctx, stream, label, n, fisher_yates, NULL, perm, err, errlen);
}

static int seeded_mix(void *ctx, const char *word, char *err, size_t errlen)
{
	struct draw_seeded *s = ctx;
	struct strbuf sb = STRBUF_INIT;
	char hex[2 * DRAW_ROOT_LEN + 1];

	if (!s->have_root)
		return 0;	/* nothing sealed to mix into */
	draw_root_hex(s->root, hex);
	strbuf_addf(&sb, "mxjudge:%s:%s:nonce:%s", s->ns, hex, word);
	sodium_memzero(hex, sizeof(hex));
	if (sb.failed) {
		strbuf_release(&sb);
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	draw_sha256_hex(strbuf_str(&sb), s->key);
	if (sb.buf)
		sodium_memzero(sb.buf, sb.len);
	strbuf_release(&sb);
	return 0;
}

static int seeded_seal(void *ctx, const char *name, char out[65], char *err, size_t errlen)
{
	struct draw_seeded *s = ctx;
	struct strbuf sb = STRBUF_INIT;
	char hex[2 * DRAW_ROOT_LEN + 1];

	if (!s->have_root)
		return 0;
	draw_root_hex(s->root, hex);
	strbuf_addf(&sb, "mxjudge:%s:%s:root:%s", s->ns, name, hex);
	sodium_memzero(hex, sizeof(hex));
	if (sb.failed) {
		strbuf_release(&sb);
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	draw_sha256_hex(strbuf_str(&sb), out);
	if (sb.buf)
		sodium_memzero(sb.buf, sb.len);
	strbuf_release(&sb);
	return 1;
}

static const struct draw_ops seeded_ops = {
	.die = seeded_die,
	.pick = seeded_pick,
	.shuffle = seeded_shuffle,
	.mix = seeded_mix,
	.arrange = seeded_arrange,
	.seal = seeded_seal,
};

struct draw_source draw_seeded_source(struct draw_seeded *s, struct draw_log *log)
{
	struct draw_source src = { &seeded_ops, s, log };

	return src;
}

/* The size of a die from its label's first word "dN" (N from 2), else 0. */
static int label_sides(const char *label)
{
	char *end;
	long n;

	if (label[0] != 'd' || label[1] < '1' || label[1] > '9')
		return 0;
	n = strtol(label + 1, &end, 10);
	return (*end == ' ' || !*end) && n >= 2 && n <= 1000000 ? (int)n : 0;
}

int draw_open_check(uint64_t seed, const char *const *streams, const char *const *lines,
		    size_t n, size_t *checked, size_t *bad, char *want, size_t wantlen, char *err,
		    size_t errlen)
{
	struct draw_seeded s;
	struct draw_source src;
	char stopped[DRAW_MAX_STREAMS][48], label[DRAW_LINE_MAX];
	size_t nstopped = 0, i, k;

	*checked = 0;
	draw_seeded_init(&s, seed, NULL, 0);
	src = draw_seeded_source(&s, NULL);
	for (i = 0; i < n; i++) {
		const char *sp, *line = lines[i], *stream = streams[i];
		char *end;
		long face;
		int sides, got, skip = 0;

		if (strncmp(stream, "open", 4) || (stream[4] && stream[4] != '/'))
			continue;
		for (k = 0; k < nstopped; k++)
			skip |= !strcmp(stopped[k], stream);
		if (skip)
			continue;
		sp = strrchr(line, ' ');
		sides = label_sides(line);
		if (!sp || !sides || (size_t)(sp - line) >= sizeof(label)) {
			if (nstopped < DRAW_MAX_STREAMS)
				snprintf(stopped[nstopped++], sizeof(stopped[0]), "%s", stream);
			continue;
		}
		memcpy(label, line, (size_t)(sp - line));
		label[sp - line] = '\0';
		if (draw_die(&src, stream, label, sides, &got, err, errlen) < 0)
			return -1;
		face = strtol(sp + 1, &end, 10);
		if (*end || end == sp + 1 || face != got) {
			*bad = i;
			snprintf(want, wantlen, "%s %d", label, got);
			return 1;
		}
		(*checked)++;
	}
	return 0;
}

/* ---------- the tagged queue ---------- */

void draw_queue_init(struct draw_queue *q)
{
	memset(q, 0, sizeof(*q));
}

void draw_queue_release(struct draw_queue *q)
{
	size_t i;

	for (i = 0; i < q->n; i++)
		free(q->l[i].text);
	free(q->l);
	draw_queue_init(q);
}

static int is_blank(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

int draw_queue_parse(struct draw_queue *q, const char *text, const char *name, int line_offset,
		     char *err, size_t errlen)
{
	const char *p = text;
	int line = line_offset;

	while (*p) {
		const char *s = p, *e = strchr(p, '\n'), *hash;
		char *copy;

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
		/* "draw DECK ID": a note the log writes (draw_note), not a draw to give. */
		if (e - s > 5 && draw_line_is_note(s))
			continue;
		if (e - s >= DRAW_LINE_MAX) {
			errbuf_set(err, errlen, "%s:%d: expected a draw line of at most %d characters",
				   name, line, DRAW_LINE_MAX - 1);
			return -1;
		}
		if (q->n == q->alloc) {
			size_t na = q->alloc ? 2 * q->alloc : 32;
			struct draw_queue_line *l = realloc(q->l, na * sizeof(*l));

			if (!l)
				goto nomem;
			q->l = l;
			q->alloc = na;
		}
		copy = malloc((size_t)(e - s) + 1);
		if (!copy)
			goto nomem;
		memcpy(copy, s, (size_t)(e - s));
		copy[e - s] = '\0';
		q->l[q->n].text = copy;
		q->l[q->n].line = line;
		q->l[q->n++].used = 0;
	}
	return 0;
nomem:
	errbuf_set(err, errlen, "%s:%d: out of memory", name, line);
	return -1;
}

/* Case-insensitive ASCII compare of n bytes. */
static int same_word(const char *a, const char *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		int x = (unsigned char)a[i], y = (unsigned char)b[i];

		if (x >= 'A' && x <= 'Z')
			x += 'a' - 'A';
		if (y >= 'A' && y <= 'Z')
			y += 'a' - 'A';
		if (x != y)
			return 0;
	}
	return 1;
}

/*
 * If the line's leading words are the label's words (blanks folded, any
 * case), the rest of the line after them; else NULL.
 */
static const char *after_label(const char *line, const char *label)
{
	for (;;) {
		size_t a, b;

		while (is_blank(*label))
			label++;
		while (is_blank(*line))
			line++;
		if (!*label)
			return line;
		for (a = 0; label[a] && !is_blank(label[a]); a++)
			;
		for (b = 0; line[b] && !is_blank(line[b]); b++)
			;
		if (a != b || !same_word(line, label, a))
			return NULL;
		line += b;
		label += a;
		if (*line && !is_blank(*line))
			return NULL;
	}
}

/* The first unused line for label, marked used; NULL after saying what to add. */
static struct draw_queue_line *queue_take(struct draw_queue *q, const char *label,
					  const char **rest, const char *add, char *err,
					  size_t errlen)
{
	size_t i;

	for (i = 0; i < q->n; i++) {
		if (q->l[i].used)
			continue;
		*rest = after_label(q->l[i].text, label);
		if (*rest) {
			q->l[i].used = 1;
			return &q->l[i];
		}
	}
	q->short_of = 1;
	errbuf_set(err, errlen, "no draw left for '%s' (add a line '%s%s')", label, label, add);
	return NULL;
}

/* The next word of *p into buf (cut to fit); 0 when there is none. */
static size_t next_word(const char **p, char *buf, size_t len)
{
	const char *s = *p;
	size_t n;

	while (is_blank(*s))
		s++;
	for (n = 0; s[n] && !is_blank(s[n]); n++)
		;
	if (len) {
		size_t k = n < len - 1 ? n : len - 1;

		memcpy(buf, s, k);
		buf[k] = '\0';
	}
	*p = s + n;
	return n;
}

static int queue_die(void *ctx, const char *stream, const char *label, int sides, int *face,
		     char *err, size_t errlen)
{
	struct draw_queue_line *l;
	const char *rest;
	char word[32], extra[8];
	char *end;
	long v;

	(void)stream;
	if (!(l = queue_take(ctx, label, &rest, " N", err, errlen)))
		return -1;
	/* A value too long for the buffer is not cut down to fit: it is refused. */
	if (next_word(&rest, word, sizeof(word)) >= sizeof(word))
		word[0] = '\0';
	v = strtol(word, &end, 10);
	if (!word[0] || *end || v < 1 || v > sides || next_word(&rest, extra, sizeof(extra))) {
		errbuf_set(err, errlen, "line %d: expected '%s N' with N from 1 to %d, got '%s'",
			   l->line, label, sides, l->text);
		return -1;
	}
	*face = (int)v;
	return 0;
}

static int queue_dice(void *ctx, const char *stream, const char *label, int sides, int n,
		      int *faces, char *err, size_t errlen)
{
	struct draw_queue_line *l;
	const char *rest;
	char word[32], add[16];
	char *end;
	long v;
	int k;

	(void)stream;
	snprintf(add, sizeof(add), " (%d faces)", n);
	if (!(l = queue_take(ctx, label, &rest, add, err, errlen)))
		return -1;
	for (k = 0; k <= n; k++) {
		size_t len = next_word(&rest, word, sizeof(word));

		if (k == n && !len)
			return 0;
		v = len && len < sizeof(word) ? strtol(word, &end, 10) : 0;
		if (k == n || !len || len >= sizeof(word) || *end || v < 1 || v > sides)
			break;
		faces[k] = (int)v;
	}
	errbuf_set(err, errlen, "line %d: expected '%s' and exactly %d faces from 1 to %d, got '%s'",
		   l->line, label, n, sides, l->text);
	return -1;
}

static long find_id(const char *const *ids, size_t n, const char *word)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(ids[i]) == strlen(word) && same_word(ids[i], word, strlen(word)))
			return (long)i;
	return -1;
}

static int queue_pick(void *ctx, const char *stream, const char *label, const char *const *ids,
		      size_t n, size_t *index, char *err, size_t errlen)
{
	struct draw_queue_line *l;
	const char *rest;
	char word[DRAW_LABEL_MAX], extra[8];
	long i;

	(void)stream;
	if (!(l = queue_take(ctx, label, &rest, " ITEM", err, errlen)))
		return -1;
	i = next_word(&rest, word, sizeof(word)) >= sizeof(word) ? -1 : find_id(ids, n, word);
	if (i < 0 || next_word(&rest, extra, sizeof(extra))) {
		errbuf_set(err, errlen, "line %d: expected '%s ITEM' naming one of the %zu items to pick "
			   "from, got '%s'", l->line, label, n, l->text);
		return -1;
	}
	*index = (size_t)i;
	return 0;
}

static int queue_shuffle(void *ctx, const char *stream, const char *label,
			 const char *const *ids, size_t n, size_t *perm, char *err, size_t errlen)
{
	struct draw_queue_line *l;
	const char *rest;
	char word[DRAW_LABEL_MAX];
	unsigned char *placed;
	size_t k = 0, i, len;
	int rc = -1;

	(void)stream;
	if (!(l = queue_take(ctx, label, &rest, "", err, errlen)))
		return -1;
	placed = calloc(n + 1, 1);
	if (!placed) {
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	while ((len = next_word(&rest, word, sizeof(word)))) {
		long at = len >= sizeof(word) ? -1 : find_id(ids, n, word);

		if (at < 0 || placed[at]) {
			errbuf_set(err, errlen, "line %d: '%s' %s", l->line, word,
				   at < 0 ? "is not in the pile being shuffled" : "is listed twice");
			goto out;
		}
		placed[at] = 1;
		perm[k++] = (size_t)at;
	}
	for (i = 0; i < n; i++)
		if (!placed[i])
			perm[k++] = i;
	rc = 0;
out:
	free(placed);
	return rc;
}

/* A "seal HEX" line, if the file has one (a replayed log); none: no seal. */
static int queue_seal(void *ctx, const char *name, char out[65], char *err, size_t errlen)
{
	struct draw_queue *q = ctx;
	unsigned char raw[DRAW_ROOT_LEN];
	const char *rest;
	char word[80];
	size_t i;

	(void)name;
	for (i = 0; i < q->n; i++) {
		if (q->l[i].used || !(rest = after_label(q->l[i].text, "seal")))
			continue;
		q->l[i].used = 1;
		if (next_word(&rest, word, sizeof(word)) != 2 * DRAW_ROOT_LEN ||
		    draw_root_parse(word, raw) < 0 || next_word(&rest, NULL, 0)) {
			errbuf_set(err, errlen, "line %d: expected 'seal HEX' with 64 hex digits, got '%s'",
				   q->l[i].line, q->l[i].text);
			return -1;
		}
		draw_root_hex(raw, out);
		return 1;
	}
	return 0;
}

static const struct draw_ops queue_ops = {
	.die = queue_die,
	.pick = queue_pick,
	.shuffle = queue_shuffle,
	.seal = queue_seal,
	.dice = queue_dice,
};

struct draw_source draw_queue_source(struct draw_queue *q, struct draw_log *log)
{
	struct draw_source src = { &queue_ops, q, log };

	return src;
}

size_t draw_queue_unused(const struct draw_queue *q)
{
	size_t i, n = 0;

	for (i = 0; i < q->n; i++)
		n += !q->l[i].used;
	return n;
}
