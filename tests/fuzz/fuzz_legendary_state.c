/*
 * legendary's state loader: any bytes as a state (R12.2), read against the
 * sample pack, then, when accepted, one mail (PLAY ALL) played with seeded
 * shuffles. Never a crash or a loop; a refusal says why; an accepted state
 * plays to a state the reader accepts again.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/draw.h"
#include "core/legendary/legendary.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char root[DRAW_ROOT_LEN] = { 4 };
	struct legendary_pack p;
	struct draw_seeded seeded;
	struct draw_source src;
	json_t *state = json_loadb((const char *)data, size, 0, NULL), *full, *lines, *out;
	char err[512];

	if (!state)
		return 0;
	legendary_pack_init(&p);
	FUZZ_ASSERT(legendary_pack_read(&p, legendary_sample_pack, "sample", err, sizeof(err)) == 0, "%s", err);
	err[0] = '\0';
	full = legendary_state_read(&p, state, err, sizeof(err));
	if (!full) {
		FUZZ_ASSERT(err[0] != '\0', "a refused state says why");
		goto done;
	}
	lines = legendary_read_orders("PLAY ALL\nENTER IF ABLE\nFIGHT Z1 IF ABLE\n", "fuzz", err, sizeof(err));
	draw_seeded_init(&seeded, 1, root, 0);
	draw_seeded_namespace(&seeded, "legendary");
	src = draw_seeded_source(&seeded, NULL);
	out = legendary_resolve(&p, full, lines, &src, err, sizeof(err));
	FUZZ_ASSERT(out != NULL, "a seeded turn never fails: %s", err);
	FUZZ_ASSERT(legendary_state_check(&p, json_object_get(out, "state"), err, sizeof(err)) == 0,
		    "bad state after a mail: %s", err);
	json_decref(out);
	json_decref(lines);
	json_decref(full);
done:
	json_decref(state);
	legendary_pack_release(&p);
	return 0;
}
