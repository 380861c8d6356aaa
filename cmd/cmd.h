/*
 * cmd: the command tables and the glue every command shares.
 *
 * Each command family (a noun such as "campaign") is one table of struct cmd
 * in its own file; main() finds the command, opens the database once when
 * the command says NEED_DB, runs it, and closes everything.
 *
 * Ownership: a cmd_ctx is owned by main(); commands borrow ctx->db.
 * cmd_read_file() returns a buffer the caller frees.
 */
#ifndef MX_CMD_H
#define MX_CMD_H

#include <stddef.h>
#include <time.h>

/* sysexits.h values, named for what they mean here. */
enum exit_code {
	EXIT_OK = 0,
	EXIT_FAIL = 1,
	EXIT_USAGE = 2,
	EXIT_DATAERR = 65,
	EXIT_TEMPFAIL = 75
};

enum cmd_flags {
	NEED_DB = 1 << 0,	/* main opens (and migrates) the database first */
	HIDDEN = 1 << 1,	/* not listed by `mxjudge help` */
	/*
	 * Without it, NEED_DB finds the database or fails (nothing made): a
	 * forgotten MXJUDGE_DB must not open a new, empty judge.
	 */
	MAY_CREATE_DB = 1 << 2,
	MAIL_IN = 1 << 3	/* takes mail: no database defers it (exit 75) */
};

struct db;
struct ruleset;

struct cmd_ctx {
	const char *db_path;	/* --db, $MXJUDGE_DB, or the XDG default */
	struct db *db;		/* open when the command has NEED_DB */
	int quiet;		/* -q */
	/* `mxjudge GAME TOOL`: the game named before the tool, else NULL. */
	const struct ruleset *game;
};

struct cmd {
	const char *name;
	const char *usage;	/* options after "mxjudge [noun] name" */
	int (*run)(struct cmd_ctx *ctx, int argc, char **argv);
	int flags;
	const char *summary;
	const struct cmd *sub;	/* a noun: its verbs, ending with {NULL} */
};

/* Verb tables of the nouns, each in its own file. */
extern const struct cmd campaign_cmds[];
extern const struct cmd orders_cmds[];
extern const struct cmd turn_cmds[];
extern const struct cmd template_cmds[];
extern const struct cmd map_cmds[];
extern const struct cmd scenario_cmds[];
extern const struct cmd mail_cmds[];
extern const struct cmd press_cmds[];

/* Commands that stand alone (no noun); their tables hold one entry. */
extern const struct cmd adjudicate_cmd[];
extern const struct cmd test_cmd[];
extern const struct cmd process_cmd[];
extern const struct cmd report_cmd[];
extern const struct cmd board_cmd[];	/* cmd/board.c */
extern const struct cmd publish_cmd[];	/* cmd/publish.c */
extern const struct cmd receive_cmd[];
extern const struct cmd fetch_cmd[];
extern const struct cmd tick_cmd[];
extern const struct cmd verify_cmd[];
extern const struct cmd replay_cmd[];
extern const struct cmd simulate_cmd[];
extern const struct cmd backup_cmd[];
extern const struct cmd doctor_cmd[];
extern const struct cmd games_cmd[];

/* Prints "mxjudge: msg" to stderr, and counts it in cmd_errors_said. */
void cmd_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
extern int cmd_errors_said;
/*
 * What a usage error most likely is, from the usage line and argv (argv[0]
 * the verb): "missing --captain NAME", "missing NAME", "unexpected 'x'";
 * 0 when nothing is found.
 */
int cmd_usage_missing(const char *usage, int argc, char **argv, char *out, size_t len);
/*
 * Says that there is no database at path, and how to name the judge's
 * ("no database at PATH: ..."), with what follows when the mail is kept.
 */
void cmd_no_database(const char *path, int mail);
/* Prints usage of c (as "mxjudge PATH USAGE") and returns EXIT_USAGE. */
int cmd_usage(const char *path, const struct cmd *c);

/* Reads a whole file, or stdin for "-". NUL-terminated; *len excludes it. */
char *cmd_read_file(const char *path, size_t *len, char *err, size_t errlen);

/*
 * The --now option (the clock when arg is NULL); -1 after saying what was
 * expected, for the caller to return EXIT_USAGE.
 */
int cmd_now(const char *arg, time_t *out);

/*
 * Prints j as --json output (indented, and with jansson's flags given,
 * e.g. JSON_PRESERVE_ORDER), then drops it; NULL j is memory that ran
 * out. EXIT_OK, or EXIT_FAIL after saying so.
 */
struct json_t;
int cmd_print_json(struct json_t *j, size_t flags);

/*
 * A command's options as one table (the one form of option parsing):
 * --NAME sets *flag to 1 (CMD_FLAG), --NAME VALUE sets *value to the last
 * VALUE given (CMD_VALUE). A value checked as it is read (a number, a
 * range, a word) has a check (CMD_CHECK; CMD_CHECK_FLAG for an option
 * without a value, whose check gets NULL): it keeps what it read in
 * o->out and returns 0, -1 after saying what was expected (the command
 * returns EXIT_USAGE), or a positive code that stops the parsing there
 * and is returned (an option that acts at once, as --version). letter is
 * a short form (-o) or 0. An alias (CMD_CHECK_ALIAS: --ship for --seat)
 * is the earlier entry with the same check and out under another name,
 * which its check is given: getopt never calls an abbreviation of both
 * ambiguous. The table ends with CMD_END.
 */
struct cmd_opt;
typedef int cmd_opt_check(const struct cmd_opt *o, const char *value);
struct cmd_opt {
	const char *name;
	int letter;
	int takes_value;
	int *flag;
	const char **value;
	cmd_opt_check *check;
	void *out;
	int alias;
};
#define CMD_FLAG(name, flag) { (name), 0, 0, (flag), NULL, NULL, NULL, 0 }
#define CMD_VALUE(name, value) { (name), 0, 1, NULL, (value), NULL, NULL, 0 }
#define CMD_CHECK(name, check, out) { (name), 0, 1, NULL, NULL, (check), (out), 0 }
#define CMD_CHECK_ALIAS(name, check, out) { (name), 0, 1, NULL, NULL, (check), (out), 1 }
#define CMD_CHECK_FLAG(name, check, out) { (name), 0, 0, NULL, NULL, (check), (out), 0 }
#define CMD_FLAG_SHORT(name, letter, flag) { (name), (letter), 0, (flag), NULL, NULL, NULL, 0 }
#define CMD_VALUE_SHORT(name, letter, value) { (name), (letter), 1, NULL, (value), NULL, NULL, 0 }
#define CMD_CHECK_FLAG_SHORT(name, letter, check, out) \
	{ (name), (letter), 0, NULL, NULL, (check), (out), 0 }
#define CMD_END { NULL, 0, 0, NULL, NULL, NULL, NULL, 0 }
/*
 * Parses argv's options by opts with getopt_long(), which says what was
 * wrong; optind is left at the first operand. 0; -1 for the command to
 * return EXIT_USAGE; or a check's positive code.
 */
int cmd_options(int argc, char **argv, const struct cmd_opt *opts);
/*
 * The same, stopping at the first operand (getopt's '+'): the program's
 * own options before a command's name.
 */
int cmd_options_first(int argc, char **argv, const struct cmd_opt *opts);

/*
 * Checks shared by tables: --turn N from 0 (the setup) into the long
 * *out, "--turn: expected a turn number from 0 (the setup), got 'X'".
 */
cmd_opt_check cmd_opt_turn;
/*
 * An option given again and again, each value kept in v (out is a
 * struct cmd_opt_list); one more than max is "--NAME: at most MAX WHAT".
 */
struct cmd_opt_list {
	const char **v;
	int n, max;
	const char *what;
};
cmd_opt_check cmd_opt_list;
/*
 * --smtp URL, --imap URL into the struct mail_settings out
 * (judge/mailer.h), as mailer_url_option() takes them.
 */
cmd_opt_check cmd_opt_mail_url;
/* --seed N into the uint64_t out: 0 to 2^64-1, else the one message and -1. */
cmd_opt_check cmd_opt_seed;

/* The operand after the options getopt_long() took (argv[optind]), or NULL. */
const char *cmd_operand(int argc, char **argv);

/* Parses a decimal integer in [min, max]; 0 or -1. */
int cmd_parse_int(const char *s, long min, long max, long *out);

/* 1 if path names a directory. */
int cmd_is_dir(const char *path);

/* Writes buf to stdout; 0 or -1. */
int cmd_write_stdout(const char *buf, size_t len);

#endif
