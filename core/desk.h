/*
 * desk: the commands a player may mail the judge besides orders (the mail
 * desk, mxjudge-mail(7)). One table, desk_verbs, drives both the parser and
 * the HELP answer, so the help lists exactly what is read.
 *
 * A desk mail is one whose first line of text (blank lines, quoted lines
 * and a salutation-free top skipped) is a desk verb; it holds one command
 * a line, several in one mail, and may carry CODE or PASSWORD lines (and
 * CONFIRM lines, the double opt-in of JOIN and OBSERVE, judge/signup.h). It
 * ends at END, at a signature line "-- ", or at the end of the text. A
 * CHECK command takes the orders that follow it (GAME ... END) as its
 * argument, unsealed. PRESS and BROADCAST take the lines after them, up
 * to a line ENDPRESS (at most DESK_PRESS_MAX bytes), as their message.
 *
 * Ownership: a desk_mail owns nothing (fixed buffers); texts are borrowed.
 */
#ifndef MX_DESK_H
#define MX_DESK_H

#include <stddef.h>

#define DESK_MAX_COMMANDS 16
#define DESK_MAX_ARGS 4
#define DESK_ARG_MAX 64
#define DESK_PRESS_MAX (16 << 10)

enum desk_verb {
	DESK_HELP = 0,
	DESK_LIST,
	DESK_STATUS,
	DESK_HISTORY,
	DESK_REPORT,
	DESK_CHECK,
	DESK_VOTE,
	DESK_PRESS,
	DESK_BROADCAST,
	DESK_SET,
	DESK_FORGOT,
	DESK_JOIN,
	DESK_RESIGN,
	DESK_TAKEOVER,
	DESK_OBSERVE,
	DESK_UNOBSERVE,
	DESK_VERB_COUNT
};

struct desk_verb_def {
	const char *name;	/* as written, any case */
	const char *args;	/* for the help: "NAME [TURN]" */
	int min_args, max_args;
	const char *summary;	/* one line for the help */
};

/* The table, in help order; desk_verbs[v] for enum desk_verb v. */
extern const struct desk_verb_def desk_verbs[DESK_VERB_COUNT];

/* The forms of SET, by their first word; the help lists each (desk_set_forms[f]). */
enum desk_set_form {
	DESK_SET_WAIT = 0,
	DESK_SET_NOWAIT,
	DESK_SET_ADDRESS,
	DESK_SET_PASSWORD,
	DESK_SET_ABSENCE,
	DESK_SET_FORM_COUNT
};
extern const struct desk_verb_def desk_set_forms[DESK_SET_FORM_COUNT];

struct desk_command {
	enum desk_verb verb;
	char args[DESK_MAX_ARGS][DESK_ARG_MAX];
	int nargs;
	int line;		/* of the mail's text, from 1 */
	enum desk_set_form form;	/* SET: which one (args[0] is its word) */
	size_t body_at, body_len;	/* PRESS, BROADCAST: the text up to ENDPRESS */
};

struct desk_mail {
	struct desk_command cmd[DESK_MAX_COMMANDS];
	size_t n;
	size_t check_at;	/* CHECK: offset of the orders after it in the text */
	int has_check;
};

/*
 * Reads text as a desk mail. 0 with m->n commands (0: not a desk mail, the
 * judge reads it as orders); -1 with "LINE: why" in err for a desk mail
 * with a line it cannot read.
 */
int desk_parse(const char *text, struct desk_mail *m, char *err, size_t errlen);
/* The campaign a command names (SET's and VOTE's after their form), or NULL for none. */
const char *desk_campaign_of(const struct desk_command *c);
/*
 * 1 when a line after the END of the orders block of text (before a "-- "
 * signature) starts with a desk command: orders are read up to END only,
 * so the receipt says where such a command goes.
 */
int desk_after_end(const char *text);

#endif
