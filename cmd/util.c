/*
 * util: the helpers every command shares (cmd/cmd.h): errors and usage
 * lines, reading a file or stdin, --now, --json output, numbers.
 */
#include "cmd.h"

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/names.h"
#include "lib/strbuf.h"
#include "judge/judge.h"
#include "judge/mailer.h"
#include "judge/timeutil.h"

int cmd_errors_said;

void cmd_error(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	size_t n, i;

	cmd_errors_said++;
	fflush(stdout);
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	/* An error must say something: a failure with no message is a bug to report, not silence. */
	if (!sb.failed && !strbuf_str(&sb)[strspn(strbuf_str(&sb), " \n")])
		strbuf_addstr(&sb, "failed without saying why (a bug: please report the command "
			      "that did it)");
	/*
	 * Errors quote input (names, lines of mail): nothing a terminal or a
	 * cron mail would act on (core/names.h). A message of several problems
	 * (a data pack's) is one line each, each with the prefix.
	 */
	n = sb.buf ? names_scrub(sb.buf, sb.len, 1) : 0;
	for (i = 0; i < n; i++)
		if (sb.buf[i] == '\t')
			sb.buf[i] = ' ';
	if (sb.failed) {
		fputs("mxjudge: out of memory (while reporting an error)\n", stderr);
	} else {
		const char *p = strbuf_str(&sb), *end = p + n;

		do {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

			fputs("mxjudge: ", stderr);
			fwrite(p, 1, len, stderr);
			fputc('\n', stderr);
			p = nl ? nl + 1 : end;
		} while (p < end);
	}
	strbuf_release(&sb);
}

void cmd_no_database(const char *path, int mail)
{
	if (mail)
		cmd_error("no database at %s: the mail was not taken and stays with the mail "
			  "system, which retries; name the judge's database (MXJUDGE_DB=PATH or "
			  "--db PATH, as in mxjudge-mail(1)'s .forward line)", path);
	else
		cmd_error("no database at %s: name the judge's database with --db PATH or "
			  "MXJUDGE_DB ('mxjudge campaign new' makes a new one)", path);
}

int cmd_usage(const char *path, const struct cmd *c)
{
	fprintf(stderr, "usage: mxjudge %s%s%s\n", path, c->usage && *c->usage ? " " : "",
		c->usage ? c->usage : "");
	return EXIT_USAGE;
}

char *cmd_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
	FILE *f = NULL;
	char *buf = NULL, *nb;
	size_t n = 0, alloc = 0, got;
	int is_stdin = !strcmp(path, "-");

	f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto fail;
	}
	for (;;) {
		if (alloc - n < 4096) {
			/* Orders, states and mails are small; 64 MiB stops a runaway pipe. */
			if (alloc > ((size_t)64 << 20)) {
				snprintf(err, errlen, "%s: file too large (over 64 MiB)", path);
				goto fail;
			}
			alloc = alloc ? alloc * 2 : 8192;
			nb = realloc(buf, alloc + 1);
			if (!nb) {
				snprintf(err, errlen, "%s: out of memory", path);
				goto fail;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, alloc - n, f);
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
		goto fail;
	}
	if (!is_stdin)
		fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
fail:
	if (f && !is_stdin)
		fclose(f);
	free(buf);
	return NULL;
}

#define CMD_OPTIONS_MAX 64

static int options(int argc, char **argv, const struct cmd_opt *opts, int first)
{
	struct option lo[CMD_OPTIONS_MAX + 1];
	char letters[2 + 2 * CMD_OPTIONS_MAX + 1];
	size_t nl = 0;
	int n, i, opt, rc, li;

	/* '+' stops at the first operand; the short forms as getopt takes them ("o:"). */
	if (first)
		letters[nl++] = '+';
	for (n = 0; opts[n].name; n++) {
		if (n == CMD_OPTIONS_MAX)
			abort();	/* a table this long is a bug, found by any test of it */
		lo[n].name = opts[n].name;
		lo[n].has_arg = opts[n].takes_value ? required_argument : no_argument;
		lo[n].flag = NULL;
		lo[n].val = 256 + n;	/* never a short option's letter */
		/* An alias: the val of the earlier entry it stands for (same check, same out). */
		for (i = 0; opts[n].alias && i < n; i++)
			if (opts[i].check == opts[n].check && opts[i].out == opts[n].out &&
			    opts[i].value == opts[n].value && opts[i].flag == opts[n].flag) {
				lo[n].val = lo[i].val;
				break;
			}
		if (opts[n].letter) {
			letters[nl++] = (char)opts[n].letter;
			if (opts[n].takes_value)
				letters[nl++] = ':';
		}
	}
	letters[nl] = '\0';
	memset(&lo[n], 0, sizeof(lo[n]));
	while ((li = -1, opt = getopt_long(argc, argv, letters, lo, &li)) != -1) {
		i = li >= 0 ? li : opt - 256;	/* an alias's own entry, by the name typed */
		if (opt < 256)	/* a short form: its entry */
			for (i = 0; i < n && (!opts[i].letter || opts[i].letter != opt); i++)
				;
		if (i < 0 || i >= n)
			return -1;
		if (opts[i].check) {
			if ((rc = opts[i].check(&opts[i], opts[i].takes_value ? optarg : NULL)))
				return rc;
		} else if (opts[i].value) {
			*opts[i].value = optarg;
		} else if (opts[i].flag) {
			*opts[i].flag = 1;
		}
	}
	return 0;
}

int cmd_options(int argc, char **argv, const struct cmd_opt *opts)
{
	return options(argc, argv, opts, 0);
}

int cmd_options_first(int argc, char **argv, const struct cmd_opt *opts)
{
	return options(argc, argv, opts, 1);
}

int cmd_opt_turn(const struct cmd_opt *o, const char *value)
{
	if (cmd_parse_int(value, 0, 1000000, o->out) < 0) {
		cmd_error("--turn: expected a turn number from 0 (the setup), got '%s'", value);
		return -1;
	}
	return 0;
}

int cmd_opt_list(const struct cmd_opt *o, const char *value)
{
	struct cmd_opt_list *l = o->out;

	if (l->n == l->max) {
		cmd_error("--%s: at most %d %s", o->name, l->max, l->what);
		return -1;
	}
	l->v[l->n++] = value;
	return 0;
}

int cmd_opt_mail_url(const struct cmd_opt *o, const char *value)
{
	struct mail_settings *ms = o->out;

	if (!strcmp(o->name, "smtp"))
		return mailer_url_option("--smtp", value, ms->smtp_url, sizeof(ms->smtp_url)) ? -1 : 0;
	return mailer_url_option("--imap", value, ms->imap_url, sizeof(ms->imap_url)) ? -1 : 0;
}

const char *cmd_operand(int argc, char **argv)
{
	return optind < argc ? argv[optind] : NULL;
}

int cmd_parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v;

	if (!s || !*s)
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int cmd_write_stdout(const char *buf, size_t len)
{
	if (len && fwrite(buf, 1, len, stdout) != len)
		return -1;
	return 0;
}

int cmd_is_dir(const char *path)
{
	struct stat sb;

	return !stat(path, &sb) && S_ISDIR(sb.st_mode);
}

int cmd_now(const char *arg, time_t *out)
{
	if (!time_now(arg, out))
		return 0;
	cmd_error("--now: expected an ISO 8601 time such as 2025-03-01T18:00Z, got '%s'", arg);
	return -1;
}

int cmd_print_json(json_t *j, size_t flags)
{
	char *text = j ? json_dumps(j, JSON_INDENT(2) | flags) : NULL;

	json_decref(j);
	if (!text) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	printf("%s\n", text);
	free(text);
	return EXIT_OK;
}

/* Is word an option of argv (as "--opt" or "--opt=...")? */
static int usage_given(const char *opt, int argc, char **argv)
{
	size_t n = strlen(opt);
	int k;

	for (k = 1; k < argc && strcmp(argv[k], "--"); k++)
		if (!strncmp(argv[k], opt, n) && (argv[k][n] == '\0' || argv[k][n] == '='))
			return 1;
	return 0;
}

int cmd_usage_missing(const char *usage, int argc, char **argv, char *out, size_t len)
{
	char words[64][48];
	int depth[64], nw = 0, positional = 0, given = 0, k, i;
	const char *p = usage ? usage : "";
	int d = 0;

	out[0] = '\0';
	/* The words of the usage line with their bracket depth. */
	while (*p && nw < 64) {
		size_t n;

		if (*p == '[' || *p == '(') {
			d++;
			p++;
			continue;
		}
		if (*p == ']' || *p == ')') {
			d--;
			p++;
			continue;
		}
		if (*p == ' ' || *p == '|') {
			p++;
			continue;
		}
		n = strcspn(p, " []()|");
		snprintf(words[nw], sizeof(words[nw]), "%.*s", (int)(n < 47 ? n : 47), p);
		depth[nw++] = d;
		p += n;
	}
	/* An option the usage does not know: getopt said so already. */
	for (k = 1; k < argc && strcmp(argv[k], "--"); k++) {
		char opt[48];

		if (strncmp(argv[k], "--", 2))
			continue;
		snprintf(opt, sizeof(opt), "%.*s", (int)strcspn(argv[k], "="), argv[k]);
		for (i = 0; i < nw && strcmp(words[i], opt); i++)
			;
		if (i == nw)
			return 0;
	}
	/* A required option missing is named with its value. */
	for (i = 0; i < nw; i++) {
		if (depth[i] || strncmp(words[i], "--", 2))
			continue;
		if (!usage_given(words[i], argc, argv)) {
			snprintf(out, len, "missing %s%s%s", words[i],
				 i + 1 < nw && !depth[i + 1] && words[i + 1][0] != '-' ? " " : "",
				 i + 1 < nw && !depth[i + 1] && words[i + 1][0] != '-' ? words[i + 1] : "");
			return 1;
		}
	}
	/* Alternatives in parentheses make the count of words a guess: none. */
	if (strchr(usage ? usage : "", '('))
		return 0;
	/* Positional words at depth 0 not after an option: how many are there? */
	for (i = 0; i < nw; i++)
		if (!depth[i] && words[i][0] != '-' && (i == 0 || strncmp(words[i - 1], "--", 2)) &&
		    strcmp(words[i], "..."))
			positional++;
	for (k = 1; k < argc && strcmp(argv[k], "--"); k++) {
		if (argv[k][0] == '-' && argv[k][1]) {
			/* an option followed by its value takes that value along */
			for (i = 0; i + 1 < nw; i++)
				if (!strcmp(words[i], argv[k]) && words[i + 1][0] != '-' &&
				    !strchr(argv[k], '='))
					break;
			if (i + 1 < nw && k + 1 < argc)
				k++;
			continue;
		}
		given++;
	}
	if (given < positional) {
		for (i = 0; i < nw; i++)
			if (!depth[i] && words[i][0] != '-' &&
			    (i == 0 || strncmp(words[i - 1], "--", 2)) && given-- == 0) {
				snprintf(out, len, "missing %s", words[i]);
				return 1;
			}
	}
	if (given > positional && positional >= 0) {
		for (k = argc - 1; k > 0; k--)
			if (argv[k][0] != '-') {
				snprintf(out, len, "unexpected '%.60s'", argv[k]);
				return 1;
			}
	}
	return 0;
}

int cmd_opt_seed(const struct cmd_opt *o, const char *value)
{
	if (judge_parse_u64(value, o->out)) {
		cmd_error("--seed: expected a number from 0 to 2^64-1, got '%s'", value);
		return -1;
	}
	return 0;
}
