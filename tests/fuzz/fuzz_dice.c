/*
 * Dice file: dice_queue_parse, appended twice (as a case does with a line
 * offset), then the queue as a dice source, asked for a few rolls.
 */
#include "fuzz.h"

#include "core/hovercrafts/dice.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const ships[] = { "Minx", "minx", "Locust", "Old Wreck", "" };
	char *text = fuzz_cstr(data, size);
	struct dice_queue q;
	struct dice_source src;
	char err[256];
	size_t i, n0;
	int c, d6;

	dice_queue_init(&q);
	if (dice_queue_parse(&q, text, "fuzz", 0, err, sizeof(err)) == 0) {
		n0 = q.n;
		/* The same text again, offset as inside a case file: it appends. */
		FUZZ_ASSERT(dice_queue_parse(&q, text, "fuzz", 1000000, err, sizeof(err)) == 0,
			    "second parse of the same text failed: %s", err);
		FUZZ_ASSERT(q.n == 2 * n0, "second parse gave %zu, not %zu", q.n, 2 * n0);
		for (i = 0; i < q.n; i++)
			FUZZ_ASSERT(q.entries[i].d6 >= 1 && q.entries[i].d6 <= 6 &&
				    (int)q.entries[i].check >= 0 && q.entries[i].check < CHECK_COUNT,
				    "entry %zu: bad die %d", i, q.entries[i].d6);
		src = dice_queue_source(&q);
		for (i = 0; i < sizeof(ships) / sizeof(ships[0]); i++)
			for (c = 0; c < CHECK_COUNT; c++)
				if (src.roll(src.ctx, (enum check)c, ships[i], &d6, err, sizeof(err)) == 0)
					FUZZ_ASSERT(d6 >= 1 && d6 <= 6, "rolled %d", d6);
		FUZZ_ASSERT(dice_queue_unused(&q) <= q.n, "unused > entries");
	}
	dice_queue_release(&q);
	free(text);
	return 0;
}
