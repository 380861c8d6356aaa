/*
 * desk: the parser of the mail desk's commands and the HELP they make,
 * from one table of verbs (core/desk.h). Pure.
 */
#include "desk.h"

#include <string.h>
#include <strings.h>

#include "lib/errbuf.h"

const struct desk_verb_def desk_verbs[DESK_VERB_COUNT] = {
	[DESK_HELP] = { "HELP", "", 0, 0, "this list" },
	[DESK_LIST] = { "LIST", "[ALL|FINISHED]", 0, 1,
			"the campaigns taking players or playing (ALL: finished ones too; "
			"FINISHED: those only, with their results)" },
	[DESK_STATUS] = { "STATUS", "NAME", 1, 1,
			  "a campaign's turn, deadline, and who has sent orders (never what)" },
	[DESK_HISTORY] = { "HISTORY", "NAME [TURN]", 1, 2,
			   "a campaign's turns with their dates and results, or the public "
			   "report of one resolved turn" },
	[DESK_REPORT] = { "REPORT", "[NAME [TURN]]", 0, 2,
			  "your latest report again (of campaign NAME when you play several), or "
			  "the one your seat got after turn TURN" },
	[DESK_CHECK] = { "CHECK", "", 0, 0,
			 "the orders below it (GAME ... END) read and echoed, not sealed" },
	[DESK_VOTE] = { "VOTE", "DRAW|CONCEDE|WITHDRAW NAME", 2, 2,
			"end NAME as a draw when every seat in play votes so, or concede for "
			"your side when all of it does, before the deadline; secret; WITHDRAW "
			"takes your vote back (with your CODE or PASSWORD)" },
	[DESK_PRESS] = { "PRESS", "NAME TO SHIP|SIDE|ALL [ANONYMOUS]", 3, 4,
			 "a message to one seat, your side or everyone in NAME: the lines below, "
			 "up to ENDPRESS (with your CODE or PASSWORD)" },
	[DESK_BROADCAST] = { "BROADCAST", "NAME [ANONYMOUS]", 1, 2,
			     "the same as PRESS NAME TO ALL" },
	[DESK_SET] = { "SET", "WAIT|NOWAIT|ADDRESS|PASSWORD|ABSENCE NAME ...", 2, 4,
		       "change a setting of yours in campaign NAME (the forms below)" },
	[DESK_FORGOT] = { "FORGOT", "NAME", 1, 1,
			  "a new password for campaign NAME, mailed to the address on file only "
			  "(the old one keeps working until you SET PASSWORD)" },
	[DESK_JOIN] = { "JOIN", "NAME SEAT [SIDE]", 2, 3,
			"a seat named SEAT (on SIDE, in games with sides) in campaign NAME, when its "
			"game master opened it for sign-up by mail; the password comes in a welcome mail" },
	[DESK_RESIGN] = { "RESIGN", "NAME [SEAT]", 1, 2,
			  "give up your seat (SEAT, or the one of your CODE or PASSWORD) in campaign "
			  "NAME: it goes to the game master, flown by the autopilot until someone "
			  "takes it over (with your CODE or PASSWORD)" },
	[DESK_TAKEOVER] = { "TAKEOVER", "NAME SEAT", 2, 2,
			    "take over the vacant seat SEAT of campaign NAME, when you are on its "
			    "standby list and its game master allows it" },
	[DESK_OBSERVE] = { "OBSERVE", "NAME", 1, 1,
			   "the public bulletin of campaign NAME by mail, each turn, when its game "
			   "master opened it for sign-up by mail" },
	[DESK_UNOBSERVE] = { "UNOBSERVE", "NAME", 1, 1, "no more of that bulletin" },
};

/* min_args and max_args count the words after SET, the form's own word included. */
const struct desk_verb_def desk_set_forms[DESK_SET_FORM_COUNT] = {
	[DESK_SET_WAIT] = { "WAIT", "NAME", 2, 2,
			    "hold the turn until its deadline even when every order is in "
			    "(with your CODE or PASSWORD)" },
	[DESK_SET_NOWAIT] = { "NOWAIT", "NAME", 2, 2,
			      "no longer hold it (with your CODE or PASSWORD)" },
	[DESK_SET_ADDRESS] = { "ADDRESS", "NAME ADDRESS", 3, 3,
			       "the judge writes to ADDRESS from now on; mail from the old address "
			       "still counts as yours, and it is told (with your CODE or PASSWORD)" },
	[DESK_SET_PASSWORD] = { "PASSWORD", "NAME NEWPASSWORD", 3, 3,
				"your new password, 8 to 64 letters, digits or signs, no blanks "
				"(with your CODE or PASSWORD)" },
	[DESK_SET_ABSENCE] = { "ABSENCE", "NAME FROM TO", 4, 4,
			       "away from day FROM to day TO (YYYY-MM-DD, the campaign's zone): "
			       "deadlines wait or the autopilot flies, as the campaign says "
			       "(with your CODE or PASSWORD)" },
};

static int desk_set_form_of(const char *word)
{
	int f;

	for (f = 0; f < DESK_SET_FORM_COUNT; f++)
		if (!strcasecmp(word, desk_set_forms[f].name))
			return f;
	return -1;
}

/* The next line of text into buf (without its end); the offset after it. */
static size_t desk_line(const char *text, size_t at, char *buf, size_t len)
{
	size_t n = strcspn(text + at, "\n");
	size_t k = n < len - 1 ? n : len - 1;

	memcpy(buf, text + at, k);
	buf[k] = '\0';
	if (k && buf[k - 1] == '\r')
		buf[--k] = '\0';
	return at + n + (text[at + n] == '\n');
}

static char *desk_trim(char *s)
{
	size_t n;

	while (*s == ' ' || *s == '\t')
		s++;
	n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	return s;
}

static int desk_verb_of(const char *word)
{
	int v;

	for (v = 0; v < DESK_VERB_COUNT; v++)
		if (!strcasecmp(word, desk_verbs[v].name))
			return v;
	return -1;
}

/* The words of s, blank-separated, into w (at most max); how many there were. */
static int desk_words(char *s, char **w, int max)
{
	int n = 0;

	while (*s) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		if (n < max)
			w[n] = s;
		n++;
		s += strcspn(s, " \t");
		if (*s)
			*s++ = '\0';
	}
	return n;
}

/* 1 when word is one of the words of choices ("DRAW|CONCEDE"), any case. */
static int desk_one_of(const char *word, const char *choices)
{
	size_t n = strlen(word);
	const char *p = choices;

	while (*p) {
		size_t k = strcspn(p, "|");

		if (k == n && !strncasecmp(p, word, n))
			return 1;
		p += k + (p[k] == '|');
	}
	return 0;
}

/*
 * 0 when the words of a LIST, HISTORY, REPORT or VOTE line (w[1] .. w[n-1],
 * counted already) are what its usage says; -1 when one is not.
 */
static int desk_words_fit(int v, char **w, int n)
{
	if (v == DESK_LIST && n > 1)
		return desk_one_of(w[1], "ALL|FINISHED") ? 0 : -1;
	if ((v == DESK_HISTORY || v == DESK_REPORT) && n > 2)
		return strspn(w[2], "0123456789") == strlen(w[2]) && strlen(w[2]) <= 6 ? 0 : -1;
	if (v == DESK_VOTE)
		return desk_one_of(w[1], "DRAW|CONCEDE|WITHDRAW") ? 0 : -1;
	return 0;
}

int desk_parse(const char *text, struct desk_mail *m, char *err, size_t errlen)
{
	size_t at = 0;
	int line = 0, started = 0;
	char buf[256];

	memset(m, 0, sizeof(*m));
	while (text[at]) {
		char *s, *w[DESK_MAX_ARGS + 2];
		int n, v, k;

		at = desk_line(text, at, buf, sizeof(buf));
		line++;
		if (!strcmp(buf, "-- "))
			break;
		s = desk_trim(buf);
		if (!*s || *s == '>')
			continue;
		n = desk_words(s, w, DESK_MAX_ARGS + 2);
		v = desk_verb_of(w[0]);
		if (!started && v < 0)
			return 0;	/* not a desk mail: orders, or nothing */
		started = 1;
		if (!strcasecmp(w[0], "END"))
			break;
		/* Credentials (and the seat they are for), a JOIN's or OBSERVE's CONFIRM: the mail layer reads them. */
		if (!strcasecmp(w[0], "CODE") || !strcasecmp(w[0], "PASSWORD") ||
		    ((!strcasecmp(w[0], "SHIP") || !strcasecmp(w[0], "SEAT") ||
		      !strcasecmp(w[0], "CONFIRM")) && n == 2))
			continue;
		if (v < 0) {
			errbuf_set(err, errlen, "%d: '%.40s' is not a command the judge reads by mail "
				   "(HELP lists them)", line, w[0]);
			return -1;
		}
		if (n - 1 < desk_verbs[v].min_args || n - 1 > desk_verbs[v].max_args) {
			errbuf_set(err, errlen, "%d: expected '%s%s%s'", line, desk_verbs[v].name,
				   desk_verbs[v].args[0] ? " " : "", desk_verbs[v].args);
			return -1;
		}
		if (desk_words_fit(v, w, n)) {
			errbuf_set(err, errlen, "%d: expected '%s %s'", line, desk_verbs[v].name,
				   desk_verbs[v].args);
			return -1;
		}
		if (m->n == DESK_MAX_COMMANDS) {
			errbuf_set(err, errlen, "%d: at most %d commands in one mail", line,
				   DESK_MAX_COMMANDS);
			return -1;
		}
		m->cmd[m->n].verb = (enum desk_verb)v;
		m->cmd[m->n].line = line;
		for (k = 1; k < n; k++) {
			if (strlen(w[k]) >= DESK_ARG_MAX) {
				errbuf_set(err, errlen, "%d: '%.20s...' is too long", line, w[k]);
				return -1;
			}
			strcpy(m->cmd[m->n].args[k - 1], w[k]);
		}
		m->cmd[m->n].nargs = n - 1;
		m->n++;
		if (v == DESK_SET) {
			int f = desk_set_form_of(w[1]);

			if (f >= 0 && (n - 1 < desk_set_forms[f].min_args ||
				       n - 1 > desk_set_forms[f].max_args)) {
				errbuf_set(err, errlen, "%d: expected 'SET %s %s'", line,
					   desk_set_forms[f].name, desk_set_forms[f].args);
				return -1;
			}
			if (f < 0) {
				errbuf_set(err, errlen, "%d: expected 'SET %s'", line, desk_verbs[v].args);
				return -1;
			}
			m->cmd[m->n - 1].form = (enum desk_set_form)f;
		}
		if ((v == DESK_PRESS && strcasecmp(m->cmd[m->n - 1].args[1], "TO")) ||
		    (v == DESK_PRESS && n - 1 == 4 && strcasecmp(m->cmd[m->n - 1].args[3], "ANONYMOUS")) ||
		    (v == DESK_BROADCAST && n - 1 == 2 &&
		     strcasecmp(m->cmd[m->n - 1].args[1], "ANONYMOUS"))) {
			errbuf_set(err, errlen, "%d: expected '%s %s'", line, desk_verbs[v].name,
				   desk_verbs[v].args);
			return -1;
		}
		/* PRESS and BROADCAST take the lines up to ENDPRESS as their message. */
		if (v == DESK_PRESS || v == DESK_BROADCAST) {
			size_t start = at, end = at;
			int first = line;

			for (;;) {
				char *t;

				if (!text[at]) {
					errbuf_set(err, errlen, "%d: %s without a line ENDPRESS after its "
						   "message", first, desk_verbs[v].name);
					return -1;
				}
				end = at;
				at = desk_line(text, at, buf, sizeof(buf));
				line++;
				t = desk_trim(buf);
				if (!strcasecmp(t, "ENDPRESS"))
					break;
			}
			if (end - start > DESK_PRESS_MAX) {
				errbuf_set(err, errlen, "%d: a message of at most %d bytes", first,
					   DESK_PRESS_MAX);
				return -1;
			}
			m->cmd[m->n - 1].body_at = start;
			m->cmd[m->n - 1].body_len = end - start;
			continue;
		}
		/* CHECK takes the rest of the mail as the orders to read. */
		if (v == DESK_CHECK) {
			m->has_check = 1;
			m->check_at = at;
			break;
		}
	}
	return 0;
}

const char *desk_campaign_of(const struct desk_command *c)
{
	int at = c->verb == DESK_SET || c->verb == DESK_VOTE ? 1 : 0;

	switch (c->verb) {
	case DESK_HELP:
	case DESK_LIST:
	case DESK_CHECK:
		return NULL;
	default:
		return c->nargs > at ? c->args[at] : NULL;
	}
}

int desk_after_end(const char *text)
{
	size_t at = 0;
	int state = 0;	/* 0 before GAME, 1 in the orders block, 2 after its END */
	char buf[256];

	while (text[at]) {
		char *s, *w[2];

		at = desk_line(text, at, buf, sizeof(buf));
		if (!strcmp(buf, "-- "))
			break;
		buf[strcspn(buf, "#")] = '\0';
		s = desk_trim(buf);
		if (!*s || *s == '>' || desk_words(s, w, 2) < 1)
			continue;
		if (state == 0 && !strcasecmp(w[0], "GAME"))
			state = 1;
		else if (state == 1 && !strcasecmp(w[0], "END"))
			state = 2;
		else if (state == 2 && desk_verb_of(w[0]) >= 0)
			return 1;
	}
	return 0;
}
