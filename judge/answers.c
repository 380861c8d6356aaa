/*
 * answers: what to do now, and the open turn's order block with its CODE,
 * for the answers to mail the judge could not take (judge/answers.h).
 */
#include "answers.h"

#include <ctype.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/engine.h"
#include "core/ruleset.h"
#include "guard.h"
#include "judge.h"
#include "cmd/play.h"
#include "cmd/series.h"
#include "timeutil.h"

/* The campaign with this id (db.h looks campaigns up by name). 0 or a db code. */
static int campaign_by_id(struct db *db, long long id, struct db_campaign *c, char *err,
			  size_t errlen)
{
	struct db_campaign *list = NULL;
	size_t n = 0, i;
	int rc = db_campaign_list(db, &list, &n, err, errlen);

	for (i = 0; !rc && i < n && list[i].id != id; i++)
		;
	if (!rc)
		rc = i < n ? db_campaign_get(db, list[i].name, c, err, errlen) : DB_NOT_FOUND;
	db_campaign_list_release(list, n);
	return rc;
}

void answers_wrap(char *s)
{
	char *line = s, *space = NULL, *p;

	for (p = s; *p; p++) {
		if (*p == ' ')
			space = p;
		if (p - line >= 72 && space) {
			*space = '\n';
			line = space + 1;
			space = NULL;
		}
	}
}

/*
 * The order blocks of every game: each of the captain's seats due in the
 * open turn t, with its CODE, the game's order form and what the game
 * says of the seat (seat_summary: Hovercrafts' actions and their slots),
 * as its report writes them.
 */
static void seat_blocks(struct db *db, const struct db_campaign *c, const struct ruleset *rs,
			const struct db_turn *t, long long captain_id, const char *deadline,
			json_t *blocks)
{
	struct db_seat *seats = NULL;
	json_t *state = json_loads(t->state_before, 0, NULL);
	size_t n = 0, i;
	char err[256];

	if (!state || db_seat_list(db, c->id, &seats, &n, err, sizeof(err)))
		goto out;
	for (i = 0; i < n; i++) {
		char code[JUDGE_CODE_LEN + 1];
		json_t *b, *form;

		if (seats[i].captain_id != captain_id || !engine_waits_for(rs, state, seats[i].name))
			continue;
		form = engine_order_form(rs, state, seats[i].name);
		b = json_pack("{s:s,s:s,s:s,s:s,s:i,s:s,s:o}", "campaign", c->name, "seat_word",
			      rs->seat_word, "seat", seats[i].name, "ship", seats[i].name, "turn",
			      t->number, "deadline", deadline, "order_form",
			      json_is_string(form) ? json_incref(form) : json_string(""));
		json_decref(form);
		if (b && rs->seat_summary) {
			json_t *more = rs->seat_summary(state, seats[i].name);

			json_object_update_missing(b, more);
			json_decref(more);
		}
		/* No key yet (no report was ever mailed): the block asks for the password. */
		if (b && !judge_order_code(db, c->id, seats[i].name, t->number, 0, code, err,
					   sizeof(err)))
			json_object_set_new(b, "code", json_string(code));
		if (b)
			json_array_append_new(blocks, b);
	}
out:
	free(seats);
	json_decref(state);
}

int answers_what_now(struct db *db, long long campaign_id, long long captain_id, int fix,
		     time_t now, json_t *data)
{
	const struct ruleset *rs = NULL;
	struct db_campaign c;
	struct judge_settings s;
	struct db_turn t;
	json_t *blocks = json_array();
	char err[512], when[TIME_TEXT_MAX], todo[512];
	time_t deadline;
	int open = 0;

	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	memset(&t, 0, sizeof(t));
	todo[0] = '\0';
	if (!blocks || campaign_by_id(db, campaign_id, &c, err, sizeof(err)) ||
	    judge_settings_parse(&s, c.settings, err, sizeof(err)))
		goto out;
	/* The game's words for the answer: the word of its order block, what orders look like. */
	rs = play_game_of(&c);
	if (!strcmp(c.status, "finished")) {
		snprintf(todo, sizeof(todo), "Campaign %s is over: no more orders are needed.", c.name);
		goto out;
	}
	if (strcmp(c.status, "running") && strcmp(c.status, "paused")) {
		char next_when[256];
		int next;

		/* Between battles of a series: UPGRADE orders, from the report after the battle. */
		if ((!rs || (rs->flags & RULESET_SERIES)) &&
		    series_between(db, &c, &s, &next, next_when, sizeof(next_when)))
			snprintf(todo, sizeof(todo), "%s is between battles %d and %d: it takes UPGRADE "
				 "lines now; the report after battle %d carries the block and the "
				 "prices. %s", c.name, next - 1, next, next - 1, next_when);
		else
			snprintf(todo, sizeof(todo), "No turn of %s takes orders now: the report that "
				 "starts the next battle carries the block to fill in.", c.name);
		goto out;
	}
	if (db_turn_get(db, c.id, c.turn, &t, err, sizeof(err)) ||
	    time_parse_iso(t.deadline, &deadline))
		goto out;
	deadline = judge_effective_deadline(&c, deadline, now);
	time_format_zone(deadline, s.timezone, when, sizeof(when));
	if (t.resolved_at[0] || now > deadline) {
		snprintf(todo, sizeof(todo), "Turn %d of %s takes no more orders (it closed at %s): "
			 "the report of turn %d, mailed once it is resolved, carries the block for "
			 "turn %d.", t.number, c.name, when, t.number, t.number + 1);
		goto out;
	}
	open = 1;
	if (rs)
		seat_blocks(db, &c, rs, &t, captain_id, when, blocks);
	/* A solo game has no deadline: its date is the idle limit that ends it. */
	if (rs && (rs->flags & RULESET_SOLO))
		snprintf(todo, sizeof(todo), "%s%s takes a turn as each mail comes: there is no "
			 "deadline, but the game ends if no orders come for %d days (by %s).",
			 fix ? "Send the corrected block when you like: " : "", c.name,
			 play_idle_days(&s), when);
	else if (!fix)
		snprintf(todo, sizeof(todo), "Orders for turn %d of %s are due by %s.", t.number,
			 c.name, when);
	else
		snprintf(todo, sizeof(todo), "Send the corrected block before the deadline (%s)%s",
			 when, json_array_size(blocks) ? ": fill in the block below and reply." : ".");
out:
	if (rs && !json_object_get(data, "seat_word"))
		json_object_set_new(data, "seat_word", json_string(rs->seat_word));
	if (rs && !json_object_get(data, "spellings"))
		json_object_set_new(data, "spellings", json_string(engine_order_help(rs)));
	answers_wrap(todo);
	if (todo[0])
		json_object_set_new(data, "todo", json_string(todo));
	json_object_set_new(data, "has_blocks", json_boolean(json_array_size(blocks) > 0));
	if (blocks)
		json_object_set_new(data, "blocks", blocks);
	db_turn_release(&t);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return open;
}


/* ---------- the credential of an order block ---------- */

/* The value after keyword kw (any case) starting line, or NULL. */
static const char *keyword_value(const char *line, const char *kw)
{
	size_t n = strlen(kw);

	if (strncasecmp(line, kw, n) || (line[n] != ' ' && line[n] != '\t'))
		return NULL;
	line += n;
	while (*line == ' ' || *line == '\t')
		line++;
	return *line ? line : NULL;
}

/*
 * Calls fn for each line of the first order block (the first GAME line to
 * END, both included), trimmed; stops when fn returns non-zero.
 */
static void each_block_line(const char *text, int (*fn)(void *ctx, const char *line), void *ctx)
{
	const char *p = text;
	int in = 0;

	while (*p) {
		const char *eol = strchr(p, '\n'), *s = p;
		char buf[512];
		size_t len;

		p = eol ? eol + 1 : p + strlen(p);
		while (*s == ' ' || *s == '\t')
			s++;
		len = eol ? (size_t)(eol - s) : strlen(s);
		if (len >= sizeof(buf))
			len = sizeof(buf) - 1;
		memcpy(buf, s, len);
		buf[len] = '\0';
		while (len && strchr(" \t\r", buf[len - 1]))
			buf[--len] = '\0';
		if (!in && !keyword_value(buf, "GAME"))
			continue;
		in = 1;
		if (fn(ctx, buf) || !strcasecmp(buf, "END"))
			return;
	}
}

struct block_header {
	char game[DB_NAME_MAX];
	char seat[DB_NAME_MAX];
	char code[64];
	char password[128];
	const char *seat_word;		/* NULL: every word that could be one (SHIP, SEAT, SIDE) */
	int filled;
};

static int is_header(const struct block_header *h, const char *line)
{
	static const char *const words[] = { "GAME", "CODE", "PASSWORD", "TURN", "SHIP", "SEAT",
					     "SIDE", NULL };
	size_t i;

	if (h->seat_word && keyword_value(line, h->seat_word))
		return 1;
	for (i = 0; words[i]; i++)
		if (keyword_value(line, words[i]) || !strcasecmp(line, words[i]))
			return 1;
	return 0;
}

static int read_header(void *ctx, const char *line)
{
	struct block_header *h = ctx;
	const char *v;

	if ((v = keyword_value(line, "GAME")) && !h->game[0])
		snprintf(h->game, sizeof(h->game), "%s", v);
	else if ((v = keyword_value(line, "CODE")))
		snprintf(h->code, sizeof(h->code), "%s", v);
	else if ((v = keyword_value(line, "PASSWORD")))
		snprintf(h->password, sizeof(h->password), "%s", v);
	else if (h->seat_word && (v = keyword_value(line, h->seat_word)) && !h->seat[0])
		snprintf(h->seat, sizeof(h->seat), "%s", v);
	return 0;
}

/* Counts the lines written into the block: not a header, not blank, not an empty slot. */
static int count_filled(void *ctx, const char *line)
{
	struct block_header *h = ctx;
	const char *p = line;

	if (!*line || *line == '#' || !strcasecmp(line, "END") || is_header(h, line))
		return 0;
	while (isdigit((unsigned char)*p))
		p++;
	if (p > line) {
		/* "3-", "3.", "3)", "3–": a number and no word after it. */
		while (*p && !isalpha((unsigned char)*p))
			p++;
		if (!*p)
			return 0;
	}
	h->filled++;
	return 0;
}

int answers_filled_in(const char *text)
{
	struct block_header h;

	memset(&h, 0, sizeof(h));
	each_block_line(text, count_filled, &h);
	return h.filled;
}

int answers_credential(struct db *db, const char *text, time_t now,
		       struct answers_credential *cr, char *err, size_t errlen)
{
	struct block_header h;
	struct db_campaign c;
	struct judge_settings s;
	struct db_seat ship;
	struct db_captain cap;
	const struct ruleset *rs;
	char code[JUDGE_CODE_LEN + 1], why[256];
	int rc, code_turn;

	memset(cr, 0, sizeof(*cr));
	memset(&h, 0, sizeof(h));
	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	each_block_line(text, read_header, &h);
	if (!h.game[0])
		return 0;
	rc = db_campaign_get(db, h.game, &c, err, errlen);
	if (rc)
		return rc == DB_NOT_FOUND ? 0 : rc;
	snprintf(cr->campaign, sizeof(cr->campaign), "%s", c.name);
	cr->campaign_id = c.id;
	cr->turn = c.turn;
	rs = play_game_of(&c);
	h.seat_word = rs && rs->seat_word ? rs->seat_word : "SHIP";
	each_block_line(text, read_header, &h);
	rc = h.seat[0] ? db_seat_get(db, c.id, h.seat, &ship, err, errlen) : DB_NOT_FOUND;
	if (!rc)
		rc = db_captain_get_id(db, ship.captain_id, &cap, err, errlen);
	if (rc)
		goto out;
	cr->found = 1;
	snprintf(cr->ship, sizeof(cr->ship), "%s", ship.name);
	snprintf(cr->captain, sizeof(cr->captain), "%s", cap.name);
	snprintf(cr->email, sizeof(cr->email), "%s", cap.email);
	cr->secret = h.password[0] ? "PASSWORD" : h.code[0] ? "CODE" : NULL;
	if (!cr->secret || judge_settings_parse(&s, c.settings, why, sizeof(why)))
		goto out;
	/* Locked: nothing is checked, as `orders submit` would check nothing. */
	rc = guard_check(db, &s, ship.id, ship.name, now, why, sizeof(why));
	if (rc == EXIT_DATAERR) {
		cr->locked = 1;
		rc = 0;
		goto out;
	}
	if (rc) {
		snprintf(err, errlen, "%s", why);
		rc = rc == EXIT_TEMPFAIL ? DB_BUSY : DB_ERROR;
		goto out;
	}
	/*
	 * Between battles the open block is the UPGRADE block of the report
	 * after the battle, whose CODE is the next turn's (cmd/series.c).
	 */
	code_turn = c.turn;
	if ((!rs || (rs->flags & RULESET_SERIES)) && !strcmp(c.status, "open") && c.turn > 0)
		code_turn = cr->turn = c.turn + 1;
	if (h.password[0])
		cr->valid = judge_captain_verify(&cap, h.password);
	else
		cr->valid = !judge_order_code(db, c.id, ship.name, code_turn, 0, code, why,
					      sizeof(why)) &&
			    judge_check_code(h.code, code);
out:
	sodium_memzero(h.password, sizeof(h.password));
	db_campaign_release(&c);
	judge_settings_release(&s);
	return rc == DB_NOT_FOUND ? 0 : rc;
}
