/*
 * mxjudge test: runs rules case files (mxjudge-cases(5)) and ends with
 * the line "N passed, N failed", like the DATC runners of Diplomacy judges.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd.h"
#include "core/cases.h"
#include "lib/strbuf.h"

#define TEST_USAGE "[-v] FILE..."

static int test_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "verbose", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	int opt, verbose = 0, passed = 0, failed = 0, bad_files = 0, i;

	while ((opt = getopt_long(argc, argv, "v", opts, NULL)) != -1) {
		if (opt != 'v')
			return EXIT_USAGE;
		verbose = 1;
	}
	if (optind >= argc)
		return EXIT_USAGE;
	for (i = optind; i < argc; i++) {
		struct case_file cf;
		char err[1024], *text;
		size_t k;

		text = cmd_read_file(argv[i], NULL, err, sizeof(err));
		if (!text || case_file_parse(&cf, text, argv[i], err, sizeof(err)) < 0) {
			cmd_error("%s", err);
			free(text);
			bad_files++;
			continue;
		}
		for (k = 0; k < cf.n; k++) {
			struct strbuf report = STRBUF_INIT;
			int r = case_run(&cf.cases[k], argv[i], &report);

			if (r == 1) {
				passed++;
				if (verbose && !ctx->quiet)
					printf("ok   %s (ruling %s)\n", cf.cases[k].name, cf.cases[k].ruling);
			} else {
				failed++;
				printf("FAIL %s (ruling %s)\n%s", cf.cases[k].name, cf.cases[k].ruling,
				       r < 0 ? "  out of memory\n" : strbuf_str(&report));
			}
			strbuf_release(&report);
		}
		case_file_release(&cf);
		free(text);
	}
	printf("%d passed, %d failed\n", passed, failed);
	if (bad_files)
		return EXIT_DATAERR;
	return failed ? EXIT_FAIL : EXIT_OK;
}

const struct cmd test_cmd[] = {
	{ "test", TEST_USAGE, test_run, 0, "run rules case files and report N passed, N failed", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
