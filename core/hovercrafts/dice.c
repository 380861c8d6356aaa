/*
 * dice: where every die comes from: a seeded stream or tagged dice
 * from a file; dice.h.
 */
#include "dice.h"

#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "lib/errbuf.h"

static const char *const check_names[CHECK_COUNT] = { "energy", "ballistic", "shield", "hull" };

const char *check_name(enum check c)
{
	return (unsigned)c < CHECK_COUNT ? check_names[c] : "?";
}

int check_parse(const char *name)
{
	int i;

	for (i = 0; i < CHECK_COUNT; i++)
		if (!mx_strcasecmp(check_names[i], name))
			return i;
	return -1;
}

int check_score(int d6, int stat)
{
	return (d6 + 1) / 2 + stat;
}

/* The judge's generator (core/draw.h): Hovercrafts' dice are uniform(6) + 1. */
void dice_rng_init(struct dice_rng *rng, uint64_t seed)
{
	draw_rng_init(&rng->r, seed);
}

uint64_t dice_rng_next(struct dice_rng *rng)
{
	return draw_rng_next(&rng->r);
}

int dice_rng_d6(struct dice_rng *rng)
{
	return (int)draw_rng_uniform(&rng->r, 6) + 1;
}

static int rng_roll(void *ctx, enum check check, const char *ship, int *d6,
		    char *err, size_t errlen)
{
	(void)check;
	(void)ship;
	(void)err;
	(void)errlen;
	*d6 = dice_rng_d6(ctx);
	return 0;
}

struct dice_source dice_rng_source(struct dice_rng *rng)
{
	struct dice_source s = { rng_roll, rng };

	return s;
}

void dice_queue_init(struct dice_queue *q)
{
	q->entries = NULL;
	q->n = q->alloc = 0;
}

void dice_queue_release(struct dice_queue *q)
{
	free(q->entries);
	dice_queue_init(q);
}

int dice_queue_add(struct dice_queue *q, enum check check, const char *ship, int d6, int line)
{
	struct dice_entry *e;

	if (q->n == q->alloc) {
		size_t na = q->alloc ? q->alloc * 2 : 32;

		e = realloc(q->entries, na * sizeof(*e));
		if (!e)
			return -1;
		q->entries = e;
		q->alloc = na;
	}
	e = &q->entries[q->n++];
	memset(e, 0, sizeof(*e));
	e->check = check;
	strncpy(e->ship, ship, sizeof(e->ship) - 1);
	e->d6 = d6;
	e->line = line;
	return 0;
}

static int is_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

int dice_queue_parse(struct dice_queue *q, const char *text, const char *name,
		     int line_offset, char *err, size_t errlen)
{
	const char *p = text, *eol;
	int line = line_offset;
	char buf[256];

	while (*p) {
		const char *s, *e, *first_end, *last_start;
		size_t len;
		int check, d6;
		char ship[48];

		line++;
		eol = strchr(p, '\n');
		if (!eol)
			eol = p + strlen(p);
		s = p;
		e = eol;
		p = *eol ? eol + 1 : eol;
		for (first_end = s; first_end < e && *first_end != '#'; first_end++)
			;
		e = first_end;	/* drop the comment */
		while (s < e && is_space(*s))
			s++;
		while (e > s && is_space(e[-1]))
			e--;
		if (s == e)
			continue;
		/* CHECK word, then the ship's name (may hold spaces), then the d6. */
		for (first_end = s; first_end < e && !is_space(*first_end); first_end++)
			;
		for (last_start = e; last_start > first_end && !is_space(last_start[-1]); last_start--)
			;
		len = (size_t)(first_end - s);
		if (len >= sizeof(buf))
			len = sizeof(buf) - 1;
		memcpy(buf, s, len);
		buf[len] = '\0';
		check = check_parse(buf);
		if (check < 0) {
			errbuf_set(err, errlen, "%s:%d: %s", name, line,
				"expected a check (energy, ballistic, shield or hull) at the start of the line");
			return -1;
		}
		if (last_start <= first_end || e - last_start != 1 || *last_start < '1' || *last_start > '6') {
			errbuf_set(err, errlen, "%s:%d: %s", name, line,
				"expected 'CHECK SHIP D6' with a die from 1 to 6 at the end of the line");
			return -1;
		}
		d6 = *last_start - '0';
		while (first_end < last_start && is_space(*first_end))
			first_end++;
		while (last_start > first_end && is_space(last_start[-1]))
			last_start--;
		len = (size_t)(last_start - first_end);
		if (len == 0 || len >= sizeof(ship)) {
			errbuf_set(err, errlen, "%s:%d: %s", name, line,
				"expected a ship name between the check and the die");
			return -1;
		}
		memcpy(ship, first_end, len);
		ship[len] = '\0';
		if (dice_queue_add(q, (enum check)check, ship, d6, line) < 0) {
			errbuf_set(err, errlen, "%s:%d: %s", name, line,
				"out of memory");
			return -1;
		}
	}
	return 0;
}

static int queue_roll(void *ctx, enum check check, const char *ship, int *d6,
		      char *err, size_t errlen)
{
	struct dice_queue *q = ctx;
	size_t i;

	for (i = 0; i < q->n; i++) {
		struct dice_entry *e = &q->entries[i];

		if (!e->used && e->check == check && !mx_strcasecmp(e->ship, ship)) {
			e->used = 1;
			*d6 = e->d6;
			return 0;
		}
	}
	errbuf_set(err, errlen, "no die left for the %s check of %s (add a line '%s %s D6')",
		   check_name(check), ship, check_name(check), ship);
	return -1;
}

struct dice_source dice_queue_source(struct dice_queue *q)
{
	struct dice_source s = { queue_roll, q };

	return s;
}

size_t dice_queue_unused(const struct dice_queue *q)
{
	size_t i, n = 0;

	for (i = 0; i < q->n; i++)
		if (!q->entries[i].used)
			n++;
	return n;
}
