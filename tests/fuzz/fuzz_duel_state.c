/*
 * The duel's state JSON (rulings section 17) against the default decks: any
 * document is read or refused with a message; what is read writes back to a
 * state that reads to the very same text again.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/duel/state.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct duel_deck h, m;
	static int loaded;
	struct duel_state st, back;
	json_t *root, *out, *again;
	json_error_t jerr;
	char err[256], *a, *b;

	if (!loaded) {
		FUZZ_ASSERT(duel_deck_parse(&h, DUEL_HUMANS, duel_default_humans, NULL, err, sizeof err) == 0 &&
			    duel_deck_parse(&m, DUEL_MACHINES, duel_default_machines, NULL, err, sizeof err) == 0,
			    "default decks refused: %s", err);
		loaded = 1;
	}
	root = json_loadb((const char *)data, size, 0, &jerr);
	if (!root)
		return 0;
	if (duel_state_from_json(&st, root, &h, &m, err, sizeof err) < 0) {
		FUZZ_ASSERT(err[0] != '\0', "a refusal without a message");
		json_decref(root);
		return 0;
	}
	out = duel_state_to_json(&st);
	FUZZ_ASSERT(out != NULL, "duel_state_to_json failed");
	FUZZ_ASSERT(duel_state_from_json(&back, out, &h, &m, err, sizeof err) == 0,
		    "written state refused: %s", err);
	again = duel_state_to_json(&back);
	a = json_dumps(out, JSON_COMPACT | JSON_PRESERVE_ORDER);
	b = json_dumps(again, JSON_COMPACT | JSON_PRESERVE_ORDER);
	FUZZ_ASSERT(a && b && !strcmp(a, b), "state changed on a second trip");
	free(a);
	free(b);
	json_decref(again);
	json_decref(out);
	json_decref(root);
	return 0;
}
