/*
 * The iterations data loaders: any text as a scenario file, a character
 * sheet and a state. Each either refuses with "name:line: ..." or accepts;
 * an accepted state keeps its defaults through a second normalisation.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/iterations/iterations.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[512], *text = fuzz_cstr(data, size);
	json_t *j, *st;

	if (it_check_scenario(text, "scenario.json", err, sizeof(err)) < 0)
		FUZZ_ASSERT(!strncmp(err, "scenario.json:", 14), "a refusal names the file: %s", err);
	if (it_check_sheet(text, "sheet.json", err, sizeof(err)) < 0)
		FUZZ_ASSERT(!strncmp(err, "sheet.json:", 11), "a refusal names the file: %s", err);
	j = json_loads(text, 0, NULL);
	if (j && (st = it_normalize(j, err, sizeof(err)))) {
		json_t *twice = it_normalize(st, err, sizeof(err));

		FUZZ_ASSERT(twice && json_equal(twice, st), "normalising is idempotent");
		json_decref(twice);
		json_decref(st);
	}
	json_decref(j);
	free(text);
	return 0;
}
