/*
 * mxjudge template render: lets a game master try a template (theirs or
 * a shipped one) on any data before a campaign uses it.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "core/ruleset.h"
#include "lib/strbuf.h"
#include "judge/templates.h"

#define RENDER_USAGE "FILE [--data JSON|FILE] [--partials DIR] [--game GAME]"

static json_t *load_data(const char *arg, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *v;
	const char *where = arg;

	/*
	 * "-" is standard input, an existing file is read, anything else is
	 * inline JSON; any JSON value will do (the spec's implicit iterator
	 * renders a scalar as {{.}}).
	 */
	if (!strcmp(arg, "-")) {
		v = json_loadf(stdin, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
		where = "<stdin>";
	} else if (arg[0] == '{' || arg[0] == '[' || access(arg, F_OK)) {
		v = json_loads(arg, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
		where = "--data";
	} else {
		v = json_load_file(arg, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
	}
	if (!v && !strcmp(where, "--data") && !strchr("{[\"-0123456789tfn", arg[0]))
		snprintf(err, errlen, "--data: no file named '%s', and it is not JSON either", arg);
	else if (!v)
		snprintf(err, errlen, "%s:%d: expected valid JSON: %s", where, jerr.line, jerr.text);
	return v;
}

/* 1 if the template's lines end in CR LF (its first line says). */
static int crlf_template(const char *path)
{
	char err[256], *text = cmd_read_file(path, NULL, err, sizeof(err)), *nl;
	int crlf = text && (nl = strchr(text, '\n')) && nl > text && nl[-1] == '\r';

	free(text);
	return crlf;
}

/* The rendering scrubs CR away (core/names.h); a CR LF template gets them back. */
static int with_crlf(struct strbuf *out)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	for (i = 0; i < out->len; i++) {
		if (out->buf[i] == '\n')
			strbuf_addch(&sb, '\r');
		strbuf_addch(&sb, out->buf[i]);
	}
	if (sb.failed) {
		strbuf_release(&sb);
		return -1;
	}
	strbuf_release(out);
	*out = sb;
	return 0;
}

/*
 * The game whose partials a template takes (GAME/NAME first): a file in a
 * game's folder (templates/netrun/report.mustache) is that game's; any
 * other is Hovercrafts', whose templates a game master's own most often
 * started from.
 */
static const char *file_game(const char *path)
{
	const char *end = strrchr(path, '/'), *start;
	const struct ruleset *const *rs;

	if (end) {
		for (start = end; start > path && start[-1] != '/'; start--)
			;
		for (rs = ruleset_all(); *rs; rs++)
			if (strlen((*rs)->name) == (size_t)(end - start) &&
			    !strncmp((*rs)->name, start, end - start))
				return (*rs)->name;
	}
	return "hovercrafts";
}

/* --game GAME: one of the registry's, kept by its own name. */
static int game_named(const struct cmd_opt *o, const char *value)
{
	const struct ruleset *rs = ruleset_find(value);

	if (!rs) {
		cmd_error("--game: no game named '%s' ('mxjudge games' lists them)", value);
		return -1;
	}
	*(const char **)o->out = rs->name;
	return 0;
}

static int render_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *data_arg = NULL, *partials = NULL, *game = NULL;
	struct strbuf out = STRBUF_INIT;
	json_t *data = NULL;
	char err[1024];
	int rc = EXIT_DATAERR;
	const struct cmd_opt opts[] = {
		CMD_VALUE("data", &data_arg),
		CMD_VALUE("partials", &partials),
		CMD_CHECK("game", game_named, &game),
		CMD_END
	};

	(void)ctx;
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc - 1)
		return EXIT_USAGE;
	if (!game)
		game = file_game(argv[optind]);
	data = data_arg ? load_data(data_arg, err, sizeof(err)) : json_object();
	if (!data)
		goto fail;
	if (templates_render_file_game(game, argv[optind], partials, data, &out, err,
				       sizeof(err)) < 0)
		goto fail;
	if (crlf_template(argv[optind]) && with_crlf(&out) < 0) {
		snprintf(err, sizeof(err), "out of memory");
		rc = EXIT_FAIL;
		goto fail;
	}
	if (cmd_write_stdout(out.buf ? out.buf : "", out.len) < 0) {
		snprintf(err, sizeof(err), "error writing standard output");
		rc = EXIT_FAIL;
		goto fail;
	}
	rc = EXIT_OK;
	goto out;
fail:
	cmd_error("%s", err);
out:
	json_decref(data);
	strbuf_release(&out);
	return rc;
}

const struct cmd template_cmds[] = {
	{ "render", RENDER_USAGE, render_run, 0, "render a Mustache template with JSON data", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
