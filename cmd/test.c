/*
 * mxjudge test: runs rules case files (mxjudge-cases(5)) and ends with
 * the line "N passed, N failed", like the DATC runners of Diplomacy judges.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "core/gamecase.h"
#include "core/ruleset.h"
#include "lib/strbuf.h"

#define TEST_USAGE "[-v] [--json] FILE..."

/* The report's lines, "  bad.case:14: expected ...", as strings without the indent. */
static json_t *failure_lines(const char *report)
{
	json_t *arr = json_array();
	const char *p = report;

	while (arr && *p) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		const char *s = p;

		while (n && (*s == ' ' || *s == '\t')) {
			s++;
			n--;
		}
		if (n)
			json_array_append_new(arr, json_stringn(s, n));
		p = eol ? eol + 1 : p + strlen(p);
	}
	return arr;
}

/* One case as --json shows it, from what the game's cases hook said of it. */
static json_t *case_json(const json_t *c, const char *file)
{
	return json_pack("{s:O, s:O, s:s, s:O, s:o}", "name", json_object_get(c, "name"), "ruling",
			 json_object_get(c, "ruling"), "file", file, "passed",
			 json_object_get(c, "passed"),
			 "failures", failure_lines(json_string_value(json_object_get(c, "report"))));
}

static int test_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	json_t *cases = NULL, *errors = NULL;
	int verbose = 0, json = 0, passed = 0, failed = 0, bad_files = 0, i, ret;
	const struct cmd_opt opts[] = {
		CMD_FLAG_SHORT("verbose", 'v', &verbose),
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind >= argc)
		return EXIT_USAGE;
	if (json && (!(cases = json_array()) || !(errors = json_array()))) {
		cmd_error("out of memory");
		ret = EXIT_FAIL;
		goto out;
	}
	for (i = optind; i < argc; i++) {
		const struct ruleset *own = NULL;
		json_t *list = NULL, *one;
		char err[1024], *text, game[64];
		size_t k;

		text = cmd_read_file(argv[i], NULL, err, sizeof(err));
		/* The judge's case format (core/gamecase.h), unless the game has its own. */
		if (text && !(own = gamecase_own_format(text))) {
			struct strbuf report = STRBUF_INIT;
			int p = 0, f = 0;

			if (gamecase_game(text, game, sizeof(game)))
				game[0] = '\0';
			if (gamecase_run(text, argv[i], verbose && !ctx->quiet, &report, &p, &f, err,
					 sizeof(err)) < 0) {
				cmd_error("%s", err);
				if (json)
					json_array_append_new(errors, json_pack("{s:s, s:s}", "file", argv[i],
										"error", err));
				bad_files++;
			} else if (json) {
				json_array_append_new(cases, json_pack("{s:s, s:s, s:i, s:i, s:o}", "file",
					argv[i], "game", game, "passed", p, "failed", f, "failures",
					failure_lines(strbuf_str(&report))));
			} else {
				fputs(strbuf_str(&report), stdout);
			}
			passed += p;
			failed += f;
			strbuf_release(&report);
			free(text);
			continue;
		}
		if (!text || !(list = own->cases(text, argv[i], err, sizeof(err)))) {
			cmd_error("%s", err);
			if (json)
				json_array_append_new(errors, json_pack("{s:s, s:s}", "file", argv[i],
									"error", err));
			free(text);
			bad_files++;
			continue;
		}
		json_array_foreach(list, k, one) {
			int ok = json_is_true(json_object_get(one, "passed"));
			const char *name = json_string_value(json_object_get(one, "name"));
			const char *ruling = json_string_value(json_object_get(one, "ruling"));

			if (json)
				json_array_append_new(cases, case_json(one, argv[i]));
			else if (ok && verbose && !ctx->quiet)
				printf("ok   %s (ruling %s)\n", name, ruling);
			else if (!ok)
				printf("FAIL %s (ruling %s)\n%s", name, ruling,
				       json_string_value(json_object_get(one, "report")));
			passed += ok;
			failed += !ok;
		}
		json_decref(list);
		free(text);
	}
	ret = bad_files ? EXIT_DATAERR : failed ? EXIT_FAIL : EXIT_OK;
	if (json) {
		json_t *root = json_pack("{s:O, s:i, s:i, s:O}", "cases", cases, "passed", passed,
					 "failed", failed, "errors", errors);

		if (cmd_print_json(root, JSON_PRESERVE_ORDER)) {
			ret = EXIT_FAIL;
			goto out;
		}
	} else {
		printf("%d passed, %d failed\n", passed, failed);
	}
out:
	json_decref(cases);
	json_decref(errors);
	return ret;
}

const struct cmd test_cmd[] = {
	{ "test", TEST_USAGE, test_run, 0, "run rules case files and report N passed, N failed", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
