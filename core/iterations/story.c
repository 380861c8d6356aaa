/*
 * The story of a step (R18): each line told to the seats that see every
 * character it names, wrapped to a report's width.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/iterations/play.h"
#include "lib/errbuf.h"

/* Whether a player seat sees target: it commands target, an ally of it, or one that sees it. */
int it_seat_sees(struct it *it, const char *seat, const json_t *target)
{
	json_t *c;
	size_t i;

	json_array_foreach(it->chars, i, c) {
		const char *ctl = json_string_value(json_object_get(c, "controller"));

		if (ctl && !strcmp(ctl, seat) && (c == target || !strcmp(gs(c, "side"), gs(target, "side")) ||
						   it_can_see(it->st, c, target)))
			return 1;
	}
	return 0;
}

/* Whether seat sees c, or the line echoes c's name as its plan wrote it. */
static int seat_reads(struct it *it, const char *seat, const json_t *c)
{
	return (it->echo && !strcasecmp(it->echo, nm(c))) || it_seat_sees(it, seat, c);
}

/* Whether p, in text, starts a whole word ("Neo", not "Neon"). */
static int word_starts(const char *text, const char *p)
{
	return p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
}

static int word_ends(const char *p)
{
	return !(isalnum((unsigned char)*p) || *p == '_');
}

/* Whether text names c: its name as a whole word. */
static int names_character(const char *text, const char *name)
{
	size_t n = strlen(name);
	const char *p = text;

	if (!n)
		return 0;
	while ((p = strstr(p, name))) {
		if (word_starts(text, p) && word_ends(p + n))
			return 1;
		p += n;
	}
	return 0;
}

/* Whether the line text may go to seat: it sees every character the line names. */
static int seat_sees_named(struct it *it, const char *seat, const char *text)
{
	json_t *c;
	size_t i;

	json_array_foreach(it->chars, i, c)
		if (names_character(text, nm(c)) && !seat_reads(it, seat, c))
			return 0;
	return 1;
}

/*
 * text as seat may read it (issue 28): each name of a character the seat
 * does not see becomes "an unseen enemy", or "An unseen attacker" when the
 * line opens with it (it acts). Unseen characters are enemies: a seat sees
 * its allies. Returns whether anything was veiled.
 */
static int veil(struct it *it, const char *seat, const char *text, char *out, size_t len)
{
	const char *names[MAXC], *p = text;
	size_t n = 0, at = 0, k;
	json_t *c;
	int veiled = 0;

	json_array_foreach(it->chars, k, c)
		if (*nm(c) && n < MAXC && !seat_reads(it, seat, c))
			names[n++] = nm(c);
	while (*p && at + 1 < len) {
		size_t l = 0;

		for (k = 0; k < n && word_starts(text, p); k++)
			if (!strncmp(p, names[k], strlen(names[k])) && word_ends(p + strlen(names[k]))) {
				l = strlen(names[k]);
				break;
			}
		if (l) {
			int w = snprintf(out + at, len - at, "%s", p == text ? "An unseen attacker" : "an unseen enemy");

			at = w < 0 || (size_t)w >= len - at ? len - 1 : at + (size_t)w;
			p += l;
			veiled = 1;
			continue;
		}
		out[at++] = *p++;
	}
	out[at] = '\0';
	return veiled;
}

/*
 * The seats a line goes to: NULL when every player seat may read it (the
 * line is public), else those that may and the Operator (R2.5: hidden
 * characters and dimly lit zones stay hidden). A seat reads a line about
 * subject's doing when it sees subject and every character the line
 * names. The subject's own seat, which sees it but not everyone the line
 * names, is put in *veiled: it reads the line veiled (its NEAREST shot at
 * an enemy it does not see, a hidden watcher firing at it in its turn).
 */
static json_t *seats_seeing(struct it *it, const json_t *subject, const char *text, json_t **veiled)
{
	json_t *c, *seats = json_array();
	size_t i;
	int all = 1;
	const char *own = subject ? json_string_value(json_object_get(subject, "controller")) : NULL;

	json_array_foreach(it->chars, i, c) {
		const char *ctl = json_string_value(json_object_get(c, "controller"));

		if (!ctl || !strcmp(ctl, IT_OPERATOR) || in_list(seats, ctl) || (*veiled && in_list(*veiled, ctl)))
			continue;
		if ((!subject || it_seat_sees(it, ctl, subject)) && seat_sees_named(it, ctl, text)) {
			json_array_append_new(seats, json_string(ctl));
			continue;
		}
		all = 0;
		if (own && !strcmp(own, ctl)) {
			if (!*veiled)
				*veiled = json_array();
			json_array_append_new(*veiled, json_string(ctl));
		}
	}
	if (all) {
		json_decref(seats);
		return NULL;
	}
	json_array_append_new(seats, json_string(IT_OPERATOR));
	return seats;
}

/* The seats of to (a line's list) that read text whole; the others go to *veiled. */
static json_t *split_seats(struct it *it, const json_t *to, const char *text, json_t **veiled)
{
	json_t *seats = json_array(), *s;
	size_t i;

	json_array_foreach(to, i, s) {
		const char *seat = json_string_value(s);

		if (!strcmp(seat, IT_OPERATOR) || seat_sees_named(it, seat, text)) {
			json_array_append(seats, s);
			continue;
		}
		if (!*veiled)
			*veiled = json_array();
		json_array_append(*veiled, s);
	}
	return seats;
}

#define STORY_WIDTH 78	/* a report's story reads at 80 columns (issue 17) */
#define STORY_INDENT "    "

/*
 * text broken at blanks into lines of at most STORY_WIDTH, the later ones
 * indented; a word longer than a line (a long SAY) is cut, not let run.
 */
static void wrap(const char *text, char *out, size_t len)
{
	size_t col = 0, at = 0;
	const char *p = text;

	out[0] = '\0';
	while (*p && at + 8 < len) {
		size_t word = strcspn(p, " ");

		if (col && col + 1 + word > STORY_WIDTH && col > strlen(STORY_INDENT)) {
			at += (size_t)snprintf(out + at, len - at, "\n%s", STORY_INDENT);
			col = strlen(STORY_INDENT);
		} else if (col) {
			out[at++] = ' ';
			col++;
		}
		if (word > STORY_WIDTH - col) {
			/* The rest on the next line; never inside a UTF-8 character. */
			word = STORY_WIDTH - col;
			while (word > 1 && ((unsigned char)p[word] & 0xC0) == 0x80)
				word--;
		}
		if (at + word + 1 >= len)
			word = len - at - 1;
		memcpy(out + at, p, word);
		at += word;
		out[at] = '\0';
		col += word;
		p += word;
		while (*p == ' ')
			p++;
	}
}

/*
 * One story line, to the seats of to (taken over; NULL: public): as it is
 * in the log and the events, wrapped for 80 columns in the story.
 */
static void tell_line(struct it *it, json_t *to, const char *text, int log);

/*
 * A seat that reads a line of a turn whose header it was not told (the
 * actor was hidden from it when the turn began) is told the header first:
 * the actor's, if the seat sees it by now (a hidden attacker engaged its
 * character), else that an unseen attacker acts; so the line does not
 * read as part of the turn before (issue 29 item 2).
 */
static void unseen_header(struct it *it, const json_t *to)
{
	json_t *c, *sees = json_array(), *unseen = json_array();
	size_t i;

	json_array_foreach(it->chars, i, c) {
		const char *ctl = json_string_value(json_object_get(c, "controller"));

		if (!ctl || !strcmp(ctl, IT_OPERATOR) || in_list(sees, ctl) || in_list(unseen, ctl) ||
		    in_list(it->heard, ctl) || (to && !in_list(to, ctl)))
			continue;
		json_array_append_new(it_seat_sees(it, ctl, it->turn_actor) ? sees : unseen, json_string(ctl));
	}
	json_array_extend(it->heard, sees);
	json_array_extend(it->heard, unseen);
	/* Not in the log: the Operator's is whole. */
	if (json_array_size(sees))
		tell_line(it, json_incref(sees), it->turn_header, 0);
	if (json_array_size(unseen))
		tell_line(it, json_incref(unseen), "-- An unseen attacker acts", 0);
	json_decref(sees);
	json_decref(unseen);
}

/* The header of c's turn; the seats it went to are kept for unseen_header. */
void it_turn_begins(struct it *it, json_t *c)
{
	char buf[160];
	json_t *to;

	json_decref(it->heard);
	it->heard = NULL;
	it->turn_open = 0;
	if (it->quiet)
		return;
	snprintf(buf, sizeof(buf), "-- %s's turn (card %d)", nm(c), card_of(c));
	snprintf(it->turn_header, sizeof(it->turn_header), "%s", buf);
	it->turn_actor = c;
	if (it->told_to) {
		to = json_deep_copy(it->told_to);
	} else {
		json_t *veiled = NULL;

		/* The header names the actor alone, which its own seat sees. */
		to = seats_seeing(it, c, buf, &veiled);
		json_decref(veiled);
	}
	it->heard = to ? json_deep_copy(to) : NULL;
	tell_line(it, to, buf, 1);
	it->turn_open = 1;
}

void it_turn_ends(struct it *it)
{
	json_decref(it->heard);
	it->heard = NULL;
	it->turn_open = 0;
}

static void tell(struct it *it, json_t *to, const char *text, int log)
{
	if (it->turn_open && it->heard)
		unseen_header(it, to);
	tell_line(it, to, text, log);
}

void it_tell(struct it *it, json_t *to, const char *text)
{
	tell(it, to, text, 1);
}

static void tell_line(struct it *it, json_t *to, const char *text, int log)
{
	char wrapped[1400];

	if (log)
		json_array_append_new(it->log, json_string(text));
	wrap(text, wrapped, sizeof(wrapped));
	if (to) {
		json_array_append_new(it->story, json_pack("{s:s,s:O}", "text", wrapped, "to", to));
		json_array_append_new(it->events, json_pack("{s:s,s:s,s:o}", "type", "line", "text", text, "to", to));
	} else {
		json_array_append_new(it->story, json_string(wrapped));
		json_array_append_new(it->events, json_pack("{s:s,s:s}", "type", "line", "text", text));
	}
}

/*
 * text told whole to the seats of to (taken over; NULL: public) and veiled
 * to those of veiled (taken over), each its own words (only the log, the
 * Operator's, keeps the whole line); it->last_to: all of them.
 */
static void tell_seats(struct it *it, json_t *to, json_t *veiled, const char *text)
{
	json_t *s, *done = json_array();
	size_t i, j;

	/* The players' seats in the order told, then the Operator's. */
	json_decref(it->last_to);
	it->last_to = to ? json_array() : NULL;
	json_array_foreach(to, i, s)
		if (strcmp(json_string_value(s), IT_OPERATOR))
			json_array_append(it->last_to, s);
	if (it->last_to) {
		json_array_extend(it->last_to, veiled);
		if (in_list(to, IT_OPERATOR))
			json_array_append_new(it->last_to, json_string(IT_OPERATOR));
	}
	it_tell(it, to, text);
	json_array_foreach(veiled, i, s) {
		char mine[1024], other[1024];
		json_t *group, *t;

		if (in_list(done, json_string_value(s)))
			continue;
		veil(it, json_string_value(s), text, mine, sizeof(mine));
		/* The seats that read the same veiled words get one line. */
		group = json_array();
		json_array_foreach(veiled, j, t) {
			if (j < i || in_list(done, json_string_value(t)))
				continue;
			veil(it, json_string_value(t), text, other, sizeof(other));
			if (!strcmp(mine, other)) {
				json_array_append(group, t);
				json_array_append(done, t);
			}
		}
		tell(it, group, mine, 0);
	}
	json_decref(done);
	json_decref(veiled);
}

static void vsay(struct it *it, json_t *subject, const char *fmt, va_list ap)
{
	char buf[1024];
	json_t *veiled = NULL, *to;

	vsnprintf(buf, sizeof(buf), fmt, ap);
	to = it->told_to ? split_seats(it, it->told_to, buf, &veiled) : seats_seeing(it, subject, buf, &veiled);
	tell_seats(it, to, veiled, buf);
}

/* A story line about it->subject's doing, told to the seats that see it. */
void it_say(struct it *it, const char *fmt, ...)
{
	va_list ap;

	if (it->quiet)
		return;
	va_start(ap, fmt);
	vsay(it, it->subject, fmt, ap);
	va_end(ap);
}

/*
 * What befalls c (its damage, armour, conditions, injuries, death), told to
 * the seats that see c, whoever's doing it is: a player learns that its
 * character is hit by an attacker it cannot see.
 */
void it_say_about(struct it *it, json_t *c, const char *fmt, ...)
{
	va_list ap;

	if (it->quiet)
		return;
	va_start(ap, fmt);
	vsay(it, c, fmt, ap);
	va_end(ap);
}

/* A story line to the seats of to (NULL: public), as an earlier line went. */
void it_say_to(struct it *it, const json_t *to, const char *fmt, ...)
{
	char buf[1024];
	json_t *veiled = NULL;
	va_list ap;

	if (it->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	tell_seats(it, to ? split_seats(it, to, buf, &veiled) : NULL, veiled, buf);
}

/* Whether target is one c's commander sees (the Operator sees everyone). */
int it_player_sees(struct it *it, const json_t *c, const json_t *target)
{
	const char *seat = json_string_value(json_object_get(c, "controller"));

	return !seat || !strcasecmp(seat, IT_OPERATOR) || it_seat_sees(it, seat, target);
}

/*
 * name as c's plan wrote it, when it names a character c's commander does
 * not see: the line that says the slot cannot be done echoes it as for a
 * name that exists nowhere (issue 28 item 8); NULL otherwise.
 */
const char *it_unseen_echo(struct it *it, const json_t *c, const char *name)
{
	json_t *t = name && *name ? by_name(it, name) : NULL;

	return t && !it_player_sees(it, c, t) ? name : NULL;
}
