/*
 * netrun's state JSON: any document is read (R14.2) or refused with a
 * message; what is read writes back (R14.1) to text that reads to the very
 * same text again, and passes the report without trouble.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/netrun/netrun.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct netrun_state st, back;
	struct strbuf sb = STRBUF_INIT;
	json_t *root, *out, *again;
	json_error_t jerr;
	char err[256], *a, *b;

	root = json_loadb((const char *)data, size, 0, &jerr);
	if (!root)
		return 0;
	if (netrun_state_from_json(&st, root, err, sizeof(err)) < 0) {
		FUZZ_ASSERT(err[0] != '\0', "a refusal without a message");
		json_decref(root);
		return 0;
	}
	out = netrun_state_to_json(&st);
	FUZZ_ASSERT(out != NULL, "netrun_state_to_json failed");
	FUZZ_ASSERT(netrun_state_from_json(&back, out, err, sizeof(err)) == 0, "written state refused: %s",
		    err);
	again = netrun_state_to_json(&back);
	a = json_dumps(out, JSON_COMPACT | JSON_PRESERVE_ORDER);
	b = json_dumps(again, JSON_COMPACT | JSON_PRESERVE_ORDER);
	FUZZ_ASSERT(a && b && !strcmp(a, b), "state changed on a second trip");
	netrun_report(&st, &sb);
	FUZZ_ASSERT(!sb.failed, "report failed");
	strbuf_release(&sb);
	free(a);
	free(b);
	json_decref(again);
	json_decref(out);
	json_decref(root);
	return 0;
}
