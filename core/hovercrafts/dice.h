/*
 * dice: where every die comes from.
 *
 * A dice_source is asked for one d6 for a named check of a named ship; it
 * either answers 1..6 or fails with a message. Two sources exist: a seeded
 * generator (xoshiro256** from a 64-bit seed, the same stream on every
 * machine) and a tagged queue replaying a table game ("energy Minx 5").
 *
 * Ownership: dice_queue owns its entries; dice_queue_release() frees them.
 * A dice_source only borrows its context.
 */
#ifndef MX_DICE_H
#define MX_DICE_H

#include <stddef.h>
#include <stdint.h>

#include "core/draw.h"

enum check {
	CHECK_ENERGY = 0,
	CHECK_BALLISTIC,
	CHECK_SHIELD,
	CHECK_HULL,
	CHECK_COUNT
};

struct dice_source {
	/* Returns 0 and sets *d6, or -1 with a message in err. */
	int (*roll)(void *ctx, enum check check, const char *ship, int *d6,
		    char *err, size_t errlen);
	void *ctx;
};

const char *check_name(enum check c);	/* "energy", "ballistic", ... */
int check_parse(const char *name);	/* case-insensitive; -1 if unknown */
/* ceil(d6 / 2) + stat (rulings 2). */
int check_score(int d6, int stat);

/* Seeded generator: core/draw.h's, one d6 at a time. */
struct dice_rng {
	struct draw_rng r;
};
void dice_rng_init(struct dice_rng *rng, uint64_t seed);
uint64_t dice_rng_next(struct dice_rng *rng);
int dice_rng_d6(struct dice_rng *rng);	/* unbiased 1..6 */
struct dice_source dice_rng_source(struct dice_rng *rng);

/* Tagged queue: one roll per line, "CHECK SHIP D6", # comments. */
struct dice_entry {
	enum check check;
	char ship[48];
	int d6;
	int line;
	int used;
};

struct dice_queue {
	struct dice_entry *entries;
	size_t n;
	size_t alloc;
};

void dice_queue_init(struct dice_queue *q);
void dice_queue_release(struct dice_queue *q);
int dice_queue_add(struct dice_queue *q, enum check check, const char *ship,
		   int d6, int line);
/*
 * Parses text (a file's contents; name is only used in messages) and
 * appends its rolls. line_offset is added to line numbers, for dice that
 * sit inside a larger file. 0, or -1 with "name:line: expected ..." in err.
 */
int dice_queue_parse(struct dice_queue *q, const char *text, const char *name,
		     int line_offset, char *err, size_t errlen);
struct dice_source dice_queue_source(struct dice_queue *q);
size_t dice_queue_unused(const struct dice_queue *q);

#endif
