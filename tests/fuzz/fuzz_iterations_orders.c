/*
 * The iterations plan reader (alternatives, guards, push policies, the
 * Operator block) and the round it plays: any text, as a player's or the
 * Operator's orders (the first byte picks the seat and the step), against
 * a fixed state. The reader never crashes; orders it accepts play a step
 * with seeded dice, and the next state is one the judge accepts again.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/iterations/iterations.h"

static const char state_text[] =
	"{\"game\": \"iterations\", \"phase\": \"round\", \"round\": 1,"
	" \"scenario\": {\"zones\": [{\"id\": \"Street\", \"exit\": true},"
	"  {\"id\": \"Lobby\", \"features\": [\"CLUTTERED\"], \"cover\": [{\"id\": \"desk\", \"name\": \"desk\", \"rating\": 3}]},"
	"  {\"id\": \"Hall\"}, {\"id\": \"Stairs\", \"features\": [\"DIMLY_LIT\"]}],"
	"  \"borders\": [{\"zones\": [\"Street\", \"Lobby\"]}, {\"zones\": [\"Lobby\", \"Hall\"]},"
	"   {\"zones\": [\"Hall\", \"Stairs\"], \"type\": \"door\", \"door\": \"closed\"}],"
	"  \"sightlines\": [[\"Street\", \"Lobby\", \"Hall\"]], \"max_rounds\": 3},"
	" \"characters\": ["
	"  {\"name\": \"Neo\", \"side\": \"crew\", \"controller\": \"ann\", \"zone\": \"Lobby\", \"card\": 3,"
	"   \"attributes\": {\"strength\": 3, \"agility\": 4, \"wits\": 3, \"empathy\": 2},"
	"   \"skills\": {\"melee\": 3, \"marksmanship\": 2, \"healing\": 1},"
	"   \"weapons\": [{\"name\": \"Pistol\", \"type\": \"Pistol\", \"loaded\": 1}, {\"name\": \"Knife\", \"type\": \"Knife\"}],"
	"   \"drawn\": \"Pistol\", \"supply\": {\"bullets\": 1}, \"engaged\": [\"Brown\"]},"
	"  {\"name\": \"Smith\", \"side\": \"agents\", \"zone\": \"Hall\", \"card\": 7, \"health\": 1,"
	"   \"weapons\": [{\"name\": \"Pistol\", \"type\": \"Pistol\"}], \"drawn\": \"Pistol\","
	"   \"overwatch\": {\"zone\": \"Lobby\", \"on\": \"ANY\", \"only\": null}},"
	"  {\"name\": \"Brown\", \"side\": \"agents\", \"zone\": \"Lobby\", \"card\": 1, \"engaged\": [\"Neo\"],"
	"   \"weapons\": [{\"name\": \"Club\", \"type\": \"Club\"}], \"drawn\": \"Club\", \"armor\": {\"name\": \"vest\", \"rating\": 1}}]}";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_t *state, *orders, *out, *again;
	struct draw_seeded seeded;
	struct draw_source src;
	char err[512], *text;
	const char *seat;
	int round;

	if (!size)
		return 0;
	seat = data[0] & 1 ? "operator" : "ann";
	round = !(data[0] & 2);
	state = json_loads(state_text, 0, NULL);
	FUZZ_ASSERT(state != NULL, "the fixed state does not load");
	if (!round)
		json_object_set_new(state, "phase", json_string("setup"));
	text = fuzz_cstr(data + 1, size - 1);
	orders = it_read_orders(state, seat, text, "fuzz", err, sizeof(err));
	if (!orders)
		FUZZ_ASSERT(!strncmp(err, "fuzz:", 5), "a refusal names the file: %s", err);
	if (orders) {
		draw_seeded_init(&seeded, size, NULL, 1);
		src = draw_seeded_source(&seeded, NULL);
		out = it_resolve(state, orders, &src, err, sizeof(err));
		FUZZ_ASSERT(out != NULL, "accepted orders play: %s", err);
		again = it_normalize(json_object_get(out, "state"), err, sizeof(err));
		FUZZ_ASSERT(again != NULL, "the next state loads: %s", err);
		json_decref(again);
		json_decref(out);
	}
	json_decref(orders);
	json_decref(state);
	free(text);
	return 0;
}
