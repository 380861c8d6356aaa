/*
 * legendary's order reader and play: any mail text against a dealt state of
 * the sample pack (the first byte picks the world, the act and a text due),
 * read, then played with seeded shuffles. Never a crash; a played mail
 * leaves a state the state reader accepts (R12.2: every card an instance
 * of the pack, none in two places), and a refusal carries a code.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/draw.h"
#include "core/legendary/legendary.h"
#include "core/ruleset.h"

static const char start_state[] =
	"{\"hand\": [\"S-FEINT.1\", \"H-SEER.1\", \"H-MEDIC.1\", \"H-HACKER.1\", \"H-COURIER.1\", \"S-EYES.1\"],"
	" \"deck\": [\"S-FEINT.2\", \"S-SCROUNGE.1\"], \"discard\": [\"S-SCROUNGE.2\", \"H-TRACER.1\"],"
	" \"pools\": {\"attack\": 4, \"recruit\": 5},"
	" \"row\": [{\"card\": \"E-HOUND.1\", \"face\": \"up\"}, null, {\"card\": \"E-GLITCH.1\"},"
	"          {\"card\": \"E-MONITOR.1\", \"face\": \"up\"}, {\"card\": \"C-LINE.1\"}],"
	" \"combat_zone\": [\"E-WARDEN.1\", \"E-BRAWLER.1\"], \"real_world\": [\"E-DRONE.1\"],"
	" \"operations\": [\"C-BEACON.1\"], \"dock\": [\"H-GHOST.1\", \"H-SPLICER.1\", null, \"H-BRUISER.1\", \"H-SEER.2\"],"
	" \"zion\": [\"H-TRACER.2\"], \"hovercraft\": [\"HC-SKIFF.1\"], \"matrix_deck\": [\"E-CLERK.1\", \"I-NET.1\"],"
	" \"wound_deck\": [\"W-CUT.1\", \"W-GRAZE.1\"], \"wound_discard\": [\"W-SHOCK.1\"], \"wounds\": [\"W-BRUISE.1\"],"
	" \"extras\": [\"X-ALLY.1\"], \"time\": 6}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char root[DRAW_ROOT_LEN] = { 9 };
	struct legendary_pack p;
	struct draw_seeded seeded;
	struct draw_source src;
	unsigned pick = size ? data[0] : 0;
	json_t *state = json_loads(start_state, 0, NULL), *pack, *orders, *out;
	char *text = fuzz_cstr(size ? data + 1 : data, size ? size - 1 : 0), err[512];

	FUZZ_ASSERT(state != NULL, "the start state");
	legendary_pack_init(&p);
	FUZZ_ASSERT(legendary_pack_read(&p, legendary_sample_pack, "sample", err, sizeof(err)) == 0, "%s", err);
	json_object_set_new(state, "world", json_string(pick & 1 ? "matrix" : "real"));
	json_object_set_new(state, "act", json_integer(1 + (pick >> 1) % 3));
	if (pick & 8)
		json_object_set_new(state, "due", json_pack("[{s:s,s:s,s:i,s:b}]", "card", "E-GLITCH.1",
							     "kind", "reveal", "turn", 1, "carry", 1));
	if (pick & 16)
		json_object_set_new(state, "offer", json_string("minor"));
	pack = json_pack("{s:{s:s,s:s}}", "pack", "name", "sample", "text", legendary_sample_pack);
	orders = legendary_ruleset.read_orders(state, NULL, text, "fuzz", 0, err, sizeof(err));
	FUZZ_ASSERT(orders != NULL, "the reader keeps every mail: %s", err);
	draw_seeded_init(&seeded, 1, root, 0);
	draw_seeded_namespace(&seeded, "legendary");
	src = draw_seeded_source(&seeded, NULL);
	out = legendary_ruleset.resolve_data(state, orders, pack, &src, err, sizeof(err));
	FUZZ_ASSERT(out != NULL, "a seeded turn never fails: %s", err);
	{
		json_t *next = json_object_get(out, "state"), *refused = json_object_get(next, "refused");

		FUZZ_ASSERT(legendary_state_check(&p, next, err, sizeof(err)) == 0, "bad state: %s", err);
		FUZZ_ASSERT(json_is_null(refused) || json_string_length(json_object_get(refused, "code")) > 0,
			    "a refusal without a code");
	}
	json_decref(out);
	json_decref(orders);
	json_decref(pack);
	json_decref(state);
	legendary_pack_release(&p);
	free(text);
	return 0;
}
