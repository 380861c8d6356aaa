/*
 * mxjudge: finds the command in the tables, opens the database once for
 * the commands that need it, runs it, and makes sure stdout really got
 * written before saying so with the exit code.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "simgame.h"
#include "core/ruleset.h"
#include "db/db.h"

static const struct cmd commands[] = {
	{ "adjudicate", NULL, NULL, 0, "resolve one turn from files, without a database", adjudicate_cmd },
	{ "test", NULL, NULL, 0, "run rules case files", test_cmd },
	{ "games", NULL, NULL, 0, "list the games this judge plays", games_cmd },
	{ "campaign", NULL, NULL, 0, "create, join, start and manage campaigns", campaign_cmds },
	{ "orders", NULL, NULL, 0, "submit or check a captain's sealed orders", orders_cmds },
	{ "process", NULL, NULL, 0, "resolve every turn whose deadline has passed", process_cmd },
	{ "receive", NULL, NULL, 0, "take one mail message on stdin", receive_cmd },
	{ "fetch", NULL, NULL, 0, "take the unseen mail of an IMAP mailbox", fetch_cmd },
	{ "mail", NULL, NULL, 0, "send, list and remind: the outgoing mail", mail_cmds },
	{ "press", NULL, NULL, 0, "the press captains sent each other through the judge", press_cmds },
	{ "tick", NULL, NULL, 0, "the cron job: fetch, remind, process, send", tick_cmd },
	{ "turn", NULL, NULL, 0, "show a resolved turn", turn_cmds },
	{ "report", NULL, NULL, 0, "render a turn report", report_cmd },
	{ "board", NULL, NULL, 0, "draw a campaign's board as SVG or PNG", board_cmd },
	{ "publish", NULL, NULL, 0, "write a campaign's public archive as a static web site", publish_cmd },
	{ "template", NULL, NULL, 0, "render Mustache templates", template_cmds },
	{ "map", NULL, NULL, 0, "generate, check and show boards", map_cmds },
	{ "scenario", NULL, NULL, 0, "list and show battle scenarios", scenario_cmds },
	{ "verify", NULL, NULL, 0, "check a turn's dice and result from its seed", verify_cmd },
	{ "replay", NULL, NULL, 0, "re-adjudicate stored turns", replay_cmd },
	{ "simulate", NULL, NULL, 0, "play many bot battles between two fleets and give the odds", simulate_cmd },
	{ "backup", NULL, NULL, 0, "copy the database consistently, even while the judge runs", backup_cmd },
	{ "doctor", NULL, NULL, 0, "check the set-up and say what to fix", doctor_cmd },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};

/* A table of one entry stands for a command without a noun. */
static int is_single(const struct cmd *c)
{
	return c->sub && c->sub[0].name && !c->sub[1].name && !strcmp(c->sub[0].name, c->name);
}

/* Edit distance of two short words (insertions, deletions, changes, swaps). */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d[33][33];

	if (la > 32 || lb > 32)
		return 99;
	for (i = 0; i <= la; i++)
		d[i][0] = i;
	for (j = 0; j <= lb; j++)
		d[0][j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

/* The entry of table nearest to a mistyped name (at most 2 edits), or NULL. */
static const struct cmd *nearest(const struct cmd *table, const char *name)
{
	const struct cmd *best = NULL;
	size_t bd = 3;

	for (; table && table->name; table++) {
		size_t d = distance(table->name, name);

		if (d < bd && !(table->flags & HIDDEN)) {
			bd = d;
			best = table;
		}
	}
	return best;
}

static const struct cmd *find(const struct cmd *table, const char *name)
{
	for (; table && table->name; table++)
		if (!strcmp(table->name, name))
			return table;
	return NULL;
}

static void list_commands(FILE *out)
{
	const struct cmd *c, *v;

	fputs("usage: mxjudge [--db PATH] [-q] COMMAND [ARGS]\n\ncommands:\n", out);
	for (c = commands; c->name; c++) {
		if (is_single(c)) {
			fprintf(out, "  %-22s %s\n", c->name, c->summary);
			continue;
		}
		for (v = c->sub; v && v->name; v++) {
			char both[64];

			if (v->flags & HIDDEN)
				continue;
			snprintf(both, sizeof(both), "%s %s", c->name, v->name);
			fprintf(out, "  %-22s %s\n", both, v->summary);
		}
	}
	fputs("\n'mxjudge help COMMAND' shows a command's options; man mxjudge tells more.\n", out);
}

static int help(int argc, char **argv)
{
	const struct cmd *c, *v;
	char path[64];

	if (argc < 2) {
		list_commands(stdout);
		return EXIT_OK;
	}
	c = find(commands, argv[1]);
	if (!c) {
		cmd_error("no such command '%s' (try 'mxjudge help')", argv[1]);
		return EXIT_USAGE;
	}
	if (is_single(c)) {
		v = c->sub;
		printf("usage: mxjudge %s %s\n  %s\n", c->name, v->usage ? v->usage : "", v->summary);
		return EXIT_OK;
	}
	if (argc > 2) {
		v = find(c->sub, argv[2]);
		if (!v) {
			cmd_error("no such command '%s %s' (try 'mxjudge help %s')", argv[1], argv[2], argv[1]);
			return EXIT_USAGE;
		}
		snprintf(path, sizeof(path), "%s %s", c->name, v->name);
		printf("usage: mxjudge %s %s\n  %s\n", path, v->usage ? v->usage : "", v->summary);
		return EXIT_OK;
	}
	for (v = c->sub; v->name; v++)
		if (!(v->flags & HIDDEN))
			printf("usage: mxjudge %s %s %s\n  %s\n", c->name, v->name, v->usage ? v->usage : "", v->summary);
	return EXIT_OK;
}

static char *default_db_path(void)
{
	const char *env = getenv("MXJUDGE_DB"), *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char *p;
	size_t n;

	if (env && *env)
		return strdup(env);
	if (xdg && *xdg) {
		n = strlen(xdg) + 32;
		p = malloc(n);
		if (p)
			snprintf(p, n, "%s/mxjudge/mxjudge.db", xdg);
		return p;
	}
	if (!home || !*home)
		home = ".";
	n = strlen(home) + 48;
	p = malloc(n);
	if (p)
		snprintf(p, n, "%s/.local/share/mxjudge/mxjudge.db", home);
	return p;
}

/* Says so when a global option (--db, -q) came after the command; 1 if it did. */
static int misplaced_global(const char *path, int argc, char **argv)
{
	int k;

	for (k = 1; k < argc && strcmp(argv[k], "--"); k++)
		if (!strcmp(argv[k], "--db") || !strncmp(argv[k], "--db=", 5) ||
		    !strcmp(argv[k], "-q") || !strcmp(argv[k], "--quiet")) {
			cmd_error("global options go before the command: mxjudge %s %s ...",
				  argv[k][1] == 'q' || argv[k][2] == 'q' ? argv[k] : "--db PATH", path);
			return 1;
		}
	return 0;
}

static int finish_stdout(int rc)
{
	/* A full disk or closed pipe must not pass for success. */
	if (fflush(stdout) || ferror(stdout)) {
		cmd_error("error writing standard output");
		fclose(stdout);
		return rc ? rc : EXIT_FAIL;
	}
	if (fclose(stdout)) {
		cmd_error("error closing standard output");
		return rc ? rc : EXIT_FAIL;
	}
	return rc;
}

/* --db PATH: the last one given, kept as a copy. */
static int db_option(const struct cmd_opt *o, const char *value)
{
	char **db_path = o->out;

	free(*db_path);
	*db_path = strdup(value);
	return 0;
}

/* --version and --help act as soon as they are read: what follows is not looked at. */
enum { MAIN_VERSION = 1, MAIN_HELP = 2 };
static int at_once(const struct cmd_opt *o, const char *value)
{
	(void)value;
	return o->letter == 'V' ? MAIN_VERSION : MAIN_HELP;
}

int main(int argc, char **argv)
{
	struct cmd_ctx ctx = { NULL, NULL, 0, NULL };
	const struct cmd *c, *v;
	char *db_path = NULL;
	char err[512], path[64];
	int rc = EXIT_FAIL, sub_argc;
	char **sub_argv;
	const struct cmd_opt opts[] = {
		CMD_CHECK("db", db_option, &db_path),
		CMD_FLAG_SHORT("quiet", 'q', &ctx.quiet),
		CMD_CHECK_FLAG_SHORT("version", 'V', at_once, NULL),
		CMD_CHECK_FLAG_SHORT("help", 'h', at_once, NULL),
		CMD_END
	};

	/* '+' stops at the command name: its own options are its own. */
	switch (cmd_options_first(argc, argv, opts)) {
	case 0:
		break;
	case MAIN_VERSION:
		printf("mxjudge %s\n", MXJUDGE_VERSION);
		free(db_path);
		return finish_stdout(EXIT_OK);
	case MAIN_HELP:
		list_commands(stdout);
		free(db_path);
		return finish_stdout(EXIT_OK);
	default:
		/* getopt named the option; the list of commands would bury it. */
		fputs("usage: mxjudge [--db PATH] [-q] COMMAND [ARGS] ('mxjudge help' lists the "
		      "commands)\n", stderr);
		free(db_path);
		return EXIT_USAGE;
	}
	argc -= optind;
	argv += optind;
	if (argc < 1) {
		list_commands(stderr);
		free(db_path);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[0], "help")) {
		free(db_path);
		return finish_stdout(help(argc, argv));
	}
	/* A game's tools: `mxjudge GAME TOOL ...` is the command TOOL of that game. */
	if (ruleset_find(argv[0])) {
		const struct ruleset *rs = ruleset_find(argv[0]);
		const struct ruleset_tool *t;

		for (t = rs->tools; argc >= 2 && t && t->name && strcmp(t->name, argv[1]); t++)
			;
		if (argc < 2 || !t || !t->name) {
			if (argc >= 2)
				cmd_error("%s has no tool '%s'", rs->name, argv[1]);
			fprintf(argc >= 2 ? stderr : stdout, "usage: mxjudge %s TOOL [ARGS]\n\ntools:\n", rs->name);
			for (t = rs->tools; t && t->name; t++)
				fprintf(argc >= 2 ? stderr : stdout, "  %-22s %s\n", t->name, t->summary);
			free(db_path);
			return finish_stdout(argc >= 2 ? EXIT_USAGE : EXIT_OK);
		}
		ctx.game = rs;
		argc--;
		argv++;
	}
	c = find(commands, argv[0]);
	if (!c) {
		const struct cmd *near = nearest(commands, argv[0]);

		if (near)
			cmd_error("no such command '%s'; did you mean '%s'?", argv[0], near->name);
		else
			cmd_error("no such command '%s' (try 'mxjudge help')", argv[0]);
		free(db_path);
		return EXIT_USAGE;
	}
	if (is_single(c)) {
		v = c->sub;
		snprintf(path, sizeof(path), "%s", c->name);
		sub_argc = argc;
		sub_argv = argv;
	} else {
		if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
			help(2, (char *[]){ "help", argv[0], NULL });
			free(db_path);
			return finish_stdout(EXIT_OK);
		}
		if (argc < 2 || !(v = find(c->sub, argv[1]))) {
			const struct cmd *near = argc >= 2 ? nearest(c->sub, argv[1]) : NULL;

			/* One line, as git does: the whole list would bury the hint. */
			if (near)
				cmd_error("no such command '%s %s'; did you mean '%s %s'?", argv[0], argv[1],
					  argv[0], near->name);
			else if (argc >= 2)
				cmd_error("no such command '%s %s' ('mxjudge help %s' lists them)", argv[0],
					  argv[1], argv[0]);
			else
				help(1 + 1, (char *[]){ "help", argv[0], NULL });
			free(db_path);
			return EXIT_USAGE;
		}
		snprintf(path, sizeof(path), "%s %s", c->name, v->name);
		sub_argc = argc - 1;
		sub_argv = argv + 1;
	}
	/* --help anywhere among a command's options: its usage, before any database. */
	{
		int k;

		for (k = 1; k < sub_argc && strcmp(sub_argv[k], "--"); k++)
			if (!strcmp(sub_argv[k], "--help") || !strcmp(sub_argv[k], "-h")) {
				if (ctx.game && v->run == simulate_cmd[0].run && ctx.game->simulate)
					printf("usage: mxjudge %s simulate %s\n  %s\n", ctx.game->name,
					       SIMGAME_USAGE, "bot-only games of the game, with their odds");
				else
					printf("usage: mxjudge %s %s\n  %s\n", path, v->usage ? v->usage : "",
					       v->summary);
				printf("(man mxjudge tells more; 'mxjudge help' lists every command)\n");
				free(db_path);
				return finish_stdout(EXIT_OK);
			}
	}
	if (!db_path)
		db_path = default_db_path();
	if (!db_path) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	ctx.db_path = db_path;
	if (v->flags & NEED_DB) {
		int drc = (v->flags & MAY_CREATE_DB) ? db_open(&ctx.db, db_path, err, sizeof(err))
						     : db_open_existing(&ctx.db, db_path, err, sizeof(err));

		/* `campaign list --db PATH`: the option in the wrong place, not the default's absence. */
		if (drc == DB_NOT_FOUND && misplaced_global(path, sub_argc, sub_argv)) {
			cmd_usage(path, v);
			free(db_path);
			return EXIT_USAGE;
		}
		if (drc == DB_NOT_FOUND) {
			cmd_no_database(db_path, v->flags & MAIL_IN);
			free(db_path);
			return (v->flags & MAIL_IN) ? EXIT_TEMPFAIL : EXIT_FAIL;
		}
		if (drc) {
			cmd_error("%s", err);
			free(db_path);
			return drc == DB_BUSY ? EXIT_TEMPFAIL : EXIT_FAIL;
		}
	}
	optind = 0;	/* the command parses its own argv from scratch */
	rc = v->run(&ctx, sub_argc, sub_argv);
	if (rc == EXIT_USAGE) {
		misplaced_global(path, sub_argc, sub_argv);
		if (ctx.game && v->run == simulate_cmd[0].run && ctx.game->simulate) {
			fprintf(stderr, "usage: mxjudge %s simulate %s\n", ctx.game->name, SIMGAME_USAGE);
		} else {
			char why[160];

			/* A usage error nobody explained: say what the usage line misses. */
			if (!cmd_errors_said &&
			    cmd_usage_missing(v->usage, sub_argc, sub_argv, why, sizeof(why)))
				cmd_error("%s: %s", path, why);
			cmd_usage(path, v);
		}
	}
	db_close(ctx.db);
	free(db_path);
	return finish_stdout(rc);
}
