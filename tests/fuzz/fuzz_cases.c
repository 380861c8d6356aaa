/*
 * Case files: case_file_parse, then case_run on what parses. Bounded: a
 * case file may hold many cases and turns, and each turn is a full
 * resolution, so runs stop at a fixed budget of turns per input.
 */
#include "fuzz.h"

#include "core/hovercrafts/cases.h"

#define MAX_RUN_TURNS 32	/* turns resolved per input, all cases together */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	struct case_file cf;
	char err[512];
	size_t i, budget = MAX_RUN_TURNS;

	case_file_init(&cf);
	if (case_file_parse(&cf, text, "fuzz.case", err, sizeof(err)) == 0) {
		for (i = 0; i < cf.n && cf.cases[i].nturns <= budget; i++) {
			struct strbuf report = STRBUF_INIT;
			int rc;

			budget -= cf.cases[i].nturns;
			rc = case_run(&cf.cases[i], "fuzz.case", &report);
			FUZZ_ASSERT(rc >= -1 && rc <= 1, "case_run returned %d", rc);
			/* A failed case says why. */
			FUZZ_ASSERT(rc != 0 || report.len > 0, "case failed without a report");
			strbuf_release(&report);
		}
	} else {
		FUZZ_ASSERT(cf.n == 0 && cf.cases == NULL, "failed parse kept %zu cases", cf.n);
	}
	case_file_release(&cf);
	free(text);
	return 0;
}
