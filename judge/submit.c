/*
 * submit: the one path by which orders of every game enter the judge
 * (orders submit/check, receive, fetch): read, checked, sealed,
 * answered; judge/submit.h.
 */
#include "submit.h"
#include "judge/outbox.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/cmd.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "core/secret.h"
#include "db/mail.h"
#include "judge/guard.h"
#include "judge/series.h"
#include "judge/judge.h"
#include "cmd/play.h"
#include "lib/strbuf.h"
#include "judge/templates.h"
#include "judge/vote.h"

/* At most this many seat blocks in one mail of orders; the longest field. */
#define SUBMIT_MAX_SEATS 64
#define SUBMIT_FIELD_MAX 128

/*
 * The envelope of a mail of orders, as the game's form read it: the
 * campaign, the sender's secret, the turn and the seats it names, each
 * with its line. The judge checks all of it the same way for every game.
 */
struct submit_envelope {
	const char *text;		/* the mail's text as given (borrowed) */
	char game[SUBMIT_FIELD_MAX];
	int game_line;
	char password[SUBMIT_FIELD_MAX];
	char code[SUBMIT_FIELD_MAX];
	int turn;			/* 0: no TURN line */
	size_t nseats;
	char seat[SUBMIT_MAX_SEATS][SUBMIT_FIELD_MAX];	/* as written */
	int seat_line[SUBMIT_MAX_SEATS];
	struct strbuf body;		/* the judge's form: the orders, line numbers kept */
};

/*
 * How orders text is read: the judge's envelope, or a game's own
 * (core/ruleset.h: parse_orders and its hooks). Every other check of a
 * submission, and the sealing, is the judge's.
 */
struct play_form {
	/* The envelope from text: 0, or -1 with err ("NAME:LINE: ..."). */
	int (*parse)(struct submit_envelope *env, const struct ruleset *rs, const char *text,
		     const char *name, char *err, size_t errlen);
	/*
	 * {SEAT: reading} of every seat's orders against the open turn's
	 * state (stored text); seats are the env's seats as the campaign
	 * spells them. NULL with err and *code (EXIT_DATAERR: refused).
	 */
	json_t *(*read)(struct submit_envelope *env, const struct ruleset *rs,
			const char *const *seats, const char *state, const char *campaign, int turn,
			const char *name, int *code, char *err, size_t errlen);
	/* The orders as understood, every seat (i < 0) or seat i: new text, NULL on no memory. */
	char *(*understood)(const struct submit_envelope *env, const struct ruleset *rs,
			    const char *name, int i);
};

struct submission {
	struct db *db;
	const struct submit_auth *auth;
	struct submit_result *res;
	const struct ruleset *rs;	/* the campaign's game; the judge's default without one */
	const struct play_form *form;
	struct submit_envelope env;
	struct db_campaign c;
	struct judge_settings s;
	struct db_turn t;
	struct db_captain cap;
	long long ship_id[SUBMIT_MAX_SEATS];
	char seat_name[SUBMIT_MAX_SEATS][DB_NAME_MAX];	/* as the campaign spells them */
	const char *text;
	const char *name;
	time_t deadline;
	json_t *reading;		/* the orders read, {SEAT: ...} */
};

static void submission_release(struct submission *sub)
{
	strbuf_release(&sub->env.body);
	db_campaign_release(&sub->c);
	judge_settings_release(&sub->s);
	db_turn_release(&sub->t);
	json_decref(sub->reading);
}

static int refuse(struct submission *sub, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Records why, and returns the exit code. */
static int refuse(struct submission *sub, int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sub->res->error, sizeof(sub->res->error), fmt, ap);
	va_end(ap);
	return code;
}

/* The word at p (any case) followed by a blank: the rest after the blanks, else NULL. */
static const char *keyword(const char *p, const char *word)
{
	size_t n = strlen(word);

	if (strncasecmp(p, word, n) || (p[n] != ' ' && p[n] != '\t'))
		return NULL;
	p += n;
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/*
 * The campaign a text names on its first GAME line (any case), trimmed and
 * without a '#' comment; 0, or -1 when it names none.
 */
static int find_game(const char *text, char *buf, size_t len, int *line)
{
	const char *p = text;
	int n = 0;

	while (*p) {
		const char *s = p, *e, *eol = strchr(p, '\n'), *v;

		if (!eol)
			eol = p + strlen(p);
		p = *eol ? eol + 1 : eol;
		n++;
		for (e = s; e < eol && *e != '#'; e++)
			;
		while (s < e && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		if (e - s > 5 && (v = keyword(s, "GAME")) && v < e) {
			if ((size_t)(e - v) >= len)
				return -1;
			memcpy(buf, v, (size_t)(e - v));
			buf[e - v] = '\0';
			if (line)
				*line = n;
			return 0;
		}
	}
	return -1;
}

/* Are there current orders for the first ship (what an error reply tells)? */
static void note_current(struct submission *sub)
{
	struct db_order *cur = NULL;
	size_t n = 0, i;
	char err[256];

	if (!sub->t.id || !sub->ship_id[0] ||
	    db_order_list(sub->db, sub->t.id, 1, &cur, &n, err, sizeof(err)))
		return;
	for (i = 0; i < n; i++)
		if (cur[i].ship_id == sub->ship_id[0])
			sub->res->has_current = 1;
	db_order_list_release(cur, n);
}

/*
 * Orders that do not parse may still name a known campaign: the reply
 * then says which, and until when its open turn takes corrected orders.
 */
static void note_campaign(struct submission *sub, time_t now)
{
	struct submit_result *res = sub->res;
	char err[512];
	time_t deadline;

	if (!sub->c.id)
		return;
	snprintf(res->campaign, sizeof(res->campaign), "%s", sub->c.name);
	res->campaign_id = sub->c.id;
	res->turn = sub->c.turn;
	if (strcmp(sub->c.status, "running") && strcmp(sub->c.status, "paused"))
		return;
	if (judge_settings_parse(&sub->s, sub->c.settings, err, sizeof(err)) ||
	    db_turn_get(sub->db, sub->c.id, sub->c.turn, &sub->t, err, sizeof(err)) ||
	    sub->t.resolved_at[0] || time_parse_iso(sub->t.deadline, &deadline))
		return;
	deadline = judge_effective_deadline(&sub->c, deadline, now);
	if (now <= deadline)
		time_format_zone(deadline, sub->s.timezone, res->deadline, sizeof(res->deadline));
}

static int other_captain(struct db *db, long long campaign_id, long long owner,
			 const char *password)
{
	struct db_captain *caps = NULL;
	size_t n = 0, i;
	char err[256];
	int found = 0;

	if (db_captain_list(db, campaign_id, &caps, &n, err, sizeof(err)))
		return 0;
	for (i = 0; i < n && !found; i++)
		if (caps[i].id != owner && judge_captain_verify(&caps[i], password))
			found = 1;
	free(caps);
	return found;
}

/* Is the CODE the code of one of the seats named, for code_turn? */
static int code_matches(struct db *db, const struct submit_sender *w)
{
	const char *const *seat = w->code_seat ? w->code_seat : w->seat;
	size_t n = w->code_seat ? w->ncode_seats : w->nseats, i;
	char want[JUDGE_CODE_LEN + 1], err[256];

	for (i = 0; i < n; i++)
		if (!judge_order_code(db, w->c->id, seat[i], w->code_turn, 0, want, err,
				      sizeof(err)) &&
		    judge_check_code(w->code, want))
			return 1;
	return 0;
}

int submit_check_address(struct db *db, const struct submit_sender *w,
			 const struct submit_auth *auth, const char *name,
			 struct submit_result *res)
{
	if (!auth || !auth->sender || judge_captain_address(db, w->cap, auth->sender))
		return 0;
	/* Another captain's seat: the reply says nothing of its orders. */
	res->not_own = 1;
	snprintf(res->error, sizeof(res->error), "%s:%d: orders for %s are taken only from the "
		 "address its captain joined with, not from %s", name, w->seat_line, w->seat[0],
		 auth->sender);
	return EXIT_DATAERR;
}

int submit_check_secret(struct db *db, const struct submit_sender *w,
			const struct submit_auth *auth, const char *name, time_t now,
			struct submit_result *res, int *wrong)
{
	char err[256];
	size_t i;
	int rc;

	*wrong = 0;
	if (w->password[0]) {
		/* A password locked after wrong ones is refused before it is checked; a CODE never is. */
		for (i = 0; i < w->nseats; i++)
			if ((rc = guard_check(db, w->s, w->seat_id[i], w->seat[i], now, err,
					      sizeof(err)))) {
				if (rc == EXIT_DATAERR)
					res->auth_ship_id = w->seat_id[i];
				snprintf(res->error, sizeof(res->error), "%s: %s", name, err);
				return rc;
			}
		if (judge_captain_verify(w->cap, w->password))
			return 0;
		*wrong = GUARD_PASSWORD + 1;
		if (other_captain(db, w->c->id, w->cap->id, w->password))
			snprintf(res->error, sizeof(res->error), "%s:%d: %s is commanded by another "
				 "captain; send orders only for your own ships", name, w->seat_line,
				 w->seat[0]);
		else
			snprintf(res->error, sizeof(res->error), "%s: wrong password for %s", name,
				 w->seat[0]);
		return EXIT_DATAERR;
	}
	if (!w->code[0]) {
		snprintf(res->error, sizeof(res->error), "%s: expected a line 'PASSWORD <your "
			 "password>'%s", name, auth && auth->sender ?
			 " (or the CODE line of your latest report)" : "");
		return EXIT_DATAERR;
	}
	if (!auth || !auth->sender) {
		snprintf(res->error, sizeof(res->error), "%s: a CODE is taken only in mail from the "
			 "captain's address; expected a line 'PASSWORD <your password>'", name);
		return EXIT_DATAERR;
	}
	if (code_matches(db, w))
		return 0;
	*wrong = GUARD_CODE + 1;
	snprintf(res->error, sizeof(res->error), "%s: wrong order code for %s (expected the CODE "
		 "line of %s, or your PASSWORD)", name, w->seat[0], w->code_from);
	return EXIT_DATAERR;
}

int submit_check_turn(struct db *db, const struct db_campaign *c, long long turn_id,
		      const long long *seat_id, size_t nseats, const struct submit_auth *auth,
		      const char *name, struct submit_result *res, int *replaces)
{
	const char *written = auth ? auth->written_at : NULL;
	struct db_order *cur = NULL;
	size_t ncur = 0, i, j;
	char err[256];
	int rc = db_order_list(db, turn_id, 1, &cur, &ncur, err, sizeof(err)), ret = 0;

	*replaces = 0;
	if (rc) {
		snprintf(res->error, sizeof(res->error), "%s", err);
		return judge_db_exit(rc);
	}
	/* A vote that passed sealed the end (cmd/vote.h): the turn takes no more orders. */
	for (i = 0; i < ncur && !ret; i++)
		if (cur[i].understood && !strncmp(cur[i].understood, VOTE_AGREE, strlen(VOTE_AGREE))) {
			snprintf(res->error, sizeof(res->error), "%s: '%s' ends by a vote that passed "
				 "(turn %d is its last): no orders are taken", name, c->name, c->turn);
			ret = EXIT_DATAERR;
		}
	for (i = 0; i < ncur && !ret; i++)
		for (j = 0; j < nseats && !ret; j++) {
			if (cur[i].ship_id != seat_id[j])
				continue;
			*replaces = 1;
			/* A mail re-delivered late, or overtaken: the later-written orders stand. */
			if (written && *written && cur[i].written_at[0] &&
			    strcmp(cur[i].written_at, written) > 0) {
				res->older = 1;
				snprintf(res->error, sizeof(res->error), "%s: this mail was written at %s, "
					 "before the orders for %s that stand (written at %s); they stay",
					 name, written, cur[i].ship, cur[i].written_at);
				ret = EXIT_DATAERR;
			}
		}
	db_order_list_release(cur, ncur);
	return ret;
}

int submit_count_wrong(struct db *db, const struct submit_sender *w,
		       const struct submit_auth *auth, int wrong, time_t now, int ret,
		       struct submit_result *res)
{
	char err[512];
	int rc;

	if (!wrong)
		return ret;
	res->auth_ship_id = w->seat_id[0];
	rc = guard_failed(db, w->c, w->s, w->seat_id[0], w->seat[0], (enum guard_secret)(wrong - 1),
			  auth ? auth->sender : NULL, now, err, sizeof(err));
	if (!rc)
		return ret;
	snprintf(res->error, sizeof(res->error), "%s", err);
	return rc;
}

/* ---------- the judge's envelope: the form of every game without its own ---------- */

/*
 * GAME, the seat word and the seat (SIDE, RUNNER ...), PASSWORD or CODE,
 * TURN, the body, END. Lines before GAME are ignored (mail headers,
 * greetings); the body keeps the text's line numbers for the game's
 * messages.
 */
static int judge_form_parse(struct submit_envelope *env, const struct ruleset *rs,
			    const char *text, const char *name, char *err, size_t errlen)
{
	const char *p = text;
	int line = 0, in = 0, ended = 0, lines = 0;

	while (*p && !ended) {
		const char *eol = strchr(p, '\n'), *v, *ve;
		char buf[1024];
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		enum secret_kind kind = SECRET_NONE;

		line++;
		if (len >= sizeof(buf))
			len = sizeof(buf) - 1;
		memcpy(buf, p, len);
		buf[len] = '\0';
		while (len && (buf[len - 1] == '\r' || buf[len - 1] == ' ' || buf[len - 1] == '\t'))
			buf[--len] = '\0';
		p = eol ? eol + 1 : p + strlen(p);
		v = buf;
		while (*v == ' ' || *v == '\t')
			v++;
		if (!in) {
			if (keyword(v, "GAME") && !find_game(v, env->game, sizeof(env->game), NULL)) {
				env->game_line = line;
				in = 1;
			}
			continue;
		}
		if (!strcasecmp(v, "END")) {
			ended = 1;
		} else if ((v = keyword(buf, rs->seat_word)) && !env->nseats) {
			snprintf(env->seat[0], sizeof(env->seat[0]), "%s", v);
			env->seat_line[0] = line;
			env->nseats = 1;
		} else if ((kind = secret_line(buf, buf + len, &v, &ve)) == SECRET_PASSWORD) {
			/* The tokenizer redaction uses (core/secret.h): taken is blanked. */
			snprintf(env->password, sizeof(env->password), "%.*s", (int)(ve - v), v);
		} else if (kind == SECRET_CODE) {
			snprintf(env->code, sizeof(env->code), "%.*s", (int)(ve - v), v);
		} else if ((v = keyword(buf, "TURN"))) {
			env->turn = atoi(v);
		} else if (env->nseats) {
			while (lines < line - 1) {
				strbuf_addch(&env->body, '\n');
				lines++;
			}
			strbuf_addf(&env->body, "%s\n", buf);
			lines++;
		} else if (buf[0]) {
			snprintf(err, errlen, "%s:%d: expected '%s <name>' before the orders", name, line,
				 rs->seat_word);
			return -1;
		}
	}
	if (!in) {
		snprintf(err, errlen, "%s: expected a line 'GAME <campaign>'", name);
		return -1;
	}
	return env->body.failed ? (snprintf(err, errlen, "out of memory"), -1) : 0;
}

/* The seat's orders as its ruleset reads them, once they are due from it. */
static json_t *judge_form_read(struct submit_envelope *env, const struct ruleset *rs,
			       const char *const *seats, const char *state_text,
			       const char *campaign, int turn, const char *name, int *code,
			       char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *state = json_loads(state_text, 0, &jerr), *reading = NULL;

	*code = EXIT_FAIL;
	if (!state) {
		snprintf(err, errlen, "campaign '%s': the open turn's state does not read: %s",
			 campaign, jerr.text);
		return NULL;
	}
	*code = EXIT_DATAERR;
	if (!engine_waits_for(rs, state, seats[0]))
		snprintf(err, errlen, "%s: no orders are due from %s in turn %d", name, seats[0], turn);
	else
		reading = rs->read_orders(state, seats[0], strbuf_str(&env->body), name, 0, err,
					  errlen);
	json_decref(state);
	return reading;
}

/*
 * The orders as the receipt and `turn show` give them back: the body
 * without the lines that are only a comment ("# ..." of the order form,
 * which every game reads as nothing), nor the blank lines before them.
 */
static char *judge_form_understood(const struct submit_envelope *env, const struct ruleset *rs,
				   const char *name, int i)
{
	const char *p = strbuf_str(&env->body), *eol;
	struct strbuf out = STRBUF_INIT;

	(void)rs;
	(void)name;
	(void)i;
	for (; *p; p = eol + (*eol == '\n')) {
		size_t blank = strspn(p, " \t");

		eol = p + strcspn(p, "\n");
		if (p[blank] == '#' || (!out.len && eol == p + blank))
			continue;
		strbuf_add(&out, p, (size_t)(eol - p));
		strbuf_addch(&out, '\n');
	}
	if (out.failed) {
		strbuf_release(&out);
		return NULL;
	}
	if (!out.len)
		return strdup("");
	return strbuf_detach(&out, NULL);
}

static const struct play_form judge_form = {
	.parse = judge_form_parse,
	.read = judge_form_read,
	.understood = judge_form_understood,
};

/* ---------- a game's own envelope (core/ruleset.h: parse_orders) ---------- */

static int game_form_parse(struct submit_envelope *env, const struct ruleset *rs,
			   const char *text, const char *name, char *err, size_t errlen)
{
	json_t *e = rs->parse_orders(text, name, err, errlen), *seats, *v;
	size_t i;

	if (!e)
		return -1;
	snprintf(env->game, sizeof(env->game), "%s",
		 json_string_value(json_object_get(e, "game")) ?
		 json_string_value(json_object_get(e, "game")) : "");
	env->game_line = (int)json_integer_value(json_object_get(e, "game_line"));
	snprintf(env->password, sizeof(env->password), "%s",
		 json_string_value(json_object_get(e, "password")) ?
		 json_string_value(json_object_get(e, "password")) : "");
	snprintf(env->code, sizeof(env->code), "%s",
		 json_string_value(json_object_get(e, "code")) ?
		 json_string_value(json_object_get(e, "code")) : "");
	env->turn = (int)json_integer_value(json_object_get(e, "turn"));
	seats = json_object_get(e, "seats");
	/* More than SUBMIT_MAX_SEATS are refused by the judge, in its order of checks. */
	env->nseats = json_array_size(seats);
	json_array_foreach(seats, i, v) {
		const char *seat = json_string_value(json_object_get(v, "name"));

		if (i >= SUBMIT_MAX_SEATS)
			break;
		snprintf(env->seat[i], sizeof(env->seat[i]), "%s", seat ? seat : "");
		env->seat_line[i] = (int)json_integer_value(json_object_get(v, "line"));
	}
	json_decref(e);
	return 0;
}

/* Every seat's orders of the mail, read by the game against the open turn's state. */
static json_t *game_form_read(struct submit_envelope *env, const struct ruleset *rs,
			      const char *const *seats, const char *state_text,
			      const char *campaign, int turn, const char *name, int *code,
			      char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *state = json_loads(state_text, 0, &jerr), *reading;

	(void)seats;
	(void)turn;
	*code = EXIT_FAIL;
	if (!state) {
		snprintf(err, errlen, "campaign '%s': the open turn's state does not read: %s",
			 campaign, jerr.text);
		return NULL;
	}
	*code = EXIT_DATAERR;
	reading = rs->read_orders(state, NULL, env->text, name, RULESET_ORDERS_MAIL, err, errlen);
	json_decref(state);
	return reading;
}

static char *game_form_understood(const struct submit_envelope *env, const struct ruleset *rs,
				  const char *name, int i)
{
	json_t *u = rs->understood(env->text, name, i);
	char *text = json_string_value(u) ? strdup(json_string_value(u)) : NULL;

	json_decref(u);
	return text;
}

static const struct play_form game_form = {
	.parse = game_form_parse,
	.read = game_form_read,
	.understood = game_form_understood,
};

/* ---------- one submission, every game ---------- */

/* Every check but the final one under the lock: 0 or an exit code with the reason. */
static int check(struct submission *sub, time_t now)
{
	struct submit_result *res = sub->res;
	struct submit_envelope *env = &sub->env;
	const char *name = sub->name;
	char err[512], noun[32];
	time_t deadline;
	size_t i;
	int rc;

	db_campaign_release(&sub->c);
	memset(&sub->c, 0, sizeof(sub->c));
	rc = db_campaign_get(sub->db, env->game, &sub->c, err, sizeof(err));
	if (rc == DB_NOT_FOUND)
		return refuse(sub, EXIT_DATAERR, "%s:%d: no campaign named '%s' (expected the name "
			      "from your report's GAME line)", name, env->game_line, env->game);
	if (rc)
		return refuse(sub, judge_db_exit(rc), "%s", err);
	snprintf(res->campaign, sizeof(res->campaign), "%s", sub->c.name);
	res->campaign_id = sub->c.id;
	res->turn = sub->c.turn;
	if (judge_settings_parse(&sub->s, sub->c.settings, err, sizeof(err)))
		return refuse(sub, EXIT_FAIL, "campaign '%s': %s", sub->c.name, err);
	if (!strcmp(sub->c.status, "open")) {
		/* Between battles: what is taken now, and when moves are taken again. */
		res->between = (sub->rs->flags & RULESET_SERIES) &&
			series_waiting(sub->db, &sub->c, &sub->s, name, env->game_line,
				       res->error, sizeof(res->error));
		if (res->between)
			return EXIT_DATAERR;
		return refuse(sub, EXIT_DATAERR, "%s:%d: campaign '%s' has not started yet; no turn "
			      "takes orders", name, env->game_line, sub->c.name);
	}
	if (!strcmp(sub->c.status, "finished"))
		return refuse(sub, EXIT_DATAERR, "%s:%d: campaign '%s' is over; turn %d, its last, is "
			      "already resolved", name, env->game_line, sub->c.name, sub->c.turn);
	if (!env->nseats)
		return refuse(sub, EXIT_DATAERR, "%s: expected a line '%s <name>' followed by its %s",
			      name, sub->rs->seat_word,
			      sub->rs->parse_orders && sub->rs->orders_word ? sub->rs->orders_word :
			      "orders");
	if (env->turn && env->turn != sub->c.turn)
		return refuse(sub, EXIT_DATAERR, "%s: these orders are for turn %d, but %s; turn %d "
			      "is open", name, env->turn, env->turn < sub->c.turn ?
			      "that turn is already resolved" : "that turn has not begun",
			      sub->c.turn);
	rc = db_turn_get(sub->db, sub->c.id, sub->c.turn, &sub->t, err, sizeof(err));
	if (rc)
		return refuse(sub, judge_db_exit(rc), "%s",
			      rc == DB_NOT_FOUND ? "the open turn is missing" : err);
	if (sub->t.resolved_at[0])
		return refuse(sub, EXIT_DATAERR, "%s: turn %d of '%s' is already resolved", name,
			      sub->t.number, sub->c.name);
	if (time_parse_iso(sub->t.deadline, &deadline))
		return refuse(sub, EXIT_FAIL, "campaign '%s': bad deadline '%s'", sub->c.name,
			      sub->t.deadline);
	sub->deadline = judge_effective_deadline(&sub->c, deadline, now);
	time_format_zone(sub->deadline, sub->s.timezone, res->deadline, sizeof(res->deadline));
	if (now > sub->deadline)
		return refuse(sub, EXIT_DATAERR, "%s: turn %d of '%s' closed at %s; it takes no more "
			      "orders", name, sub->t.number, sub->c.name, res->deadline);
	if (env->nseats > SUBMIT_MAX_SEATS)
		return refuse(sub, EXIT_DATAERR, "%s: too many %s blocks", name, sub->rs->seat_word);
	play_seat_noun(sub->rs, noun, sizeof(noun));
	for (i = 0; i < env->nseats; i++) {
		struct db_seat ship;

		rc = db_seat_get(sub->db, sub->c.id, env->seat[i], &ship, err, sizeof(err));
		if (rc == DB_NOT_FOUND)
			return refuse(sub, EXIT_DATAERR, "%s:%d: campaign '%s' has no %s named '%s'",
				      name, env->seat_line[i], sub->c.name, noun, env->seat[i]);
		if (rc)
			return refuse(sub, judge_db_exit(rc), "%s", err);
		if (i == 0) {
			rc = db_captain_get_id(sub->db, ship.captain_id, &sub->cap, err, sizeof(err));
			if (rc)
				return refuse(sub, judge_db_exit(rc), "%s", err);
		} else if (ship.captain_id != sub->cap.id) {
			return refuse(sub, EXIT_DATAERR, "%s:%d: %s is not commanded by %s, the captain "
				      "of %s", name, env->seat_line[i], ship.name, sub->cap.name,
				      env->seat[0]);
		}
		sub->ship_id[i] = ship.id;
		snprintf(sub->seat_name[i], sizeof(sub->seat_name[i]), "%s", ship.name);
	}
	{
		const char *seats[SUBMIT_MAX_SEATS];
		char from[64];
		struct submit_sender w;
		int wrong = 0;

		for (i = 0; i < env->nseats; i++)
			seats[i] = env->seat[i];
		snprintf(from, sizeof(from), "your latest report, for turn %d", sub->c.turn);
		memset(&w, 0, sizeof(w));
		w.c = &sub->c;
		w.s = &sub->s;
		w.cap = &sub->cap;
		w.seat_id = sub->ship_id;
		w.seat = seats;
		w.nseats = env->nseats;
		w.seat_line = env->seat_line[0];
		w.password = env->password;
		w.code = env->code;
		w.code_turn = sub->c.turn;
		w.code_from = from;
		/* Mail must come from the captain's own address, whatever secret it holds. */
		if ((rc = submit_check_address(sub->db, &w, sub->auth, name, res)))
			return rc;
		note_current(sub);
		rc = submit_check_secret(sub->db, &w, sub->auth, name, now, res, &wrong);
		if (wrong)
			rc = submit_count_wrong(sub->db, &w, sub->auth, wrong, now, rc, res);
		if (rc)
			return rc;
	}
	{
		const char *seats[SUBMIT_MAX_SEATS];

		for (i = 0; i < env->nseats; i++)
			seats[i] = sub->seat_name[i];
		sub->reading = sub->form->read(env, sub->rs, seats, sub->t.state_before, sub->c.name,
					       sub->c.turn, name, &rc, err, sizeof(err));
	}
	return sub->reading ? 0 : refuse(sub, rc, "%s", err);
}

/* {SEAT: ORDERS} of one seat named in any case, from the reading of every seat. */
static json_t *reading_of(const json_t *reading, const char *seat)
{
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)reading, key, v)
		if (!strcasecmp(key, seat))
			return json_pack("{s:O}", key, v);
	return NULL;
}

/* Seals the checked orders and queues the receipt; one transaction. */
static int seal(struct submission *sub, time_t now)
{
	struct submit_result *res = sub->res;
	const struct submit_envelope *env = &sub->env;
	struct db_order o;
	struct db_campaign again;
	struct db_turn t;
	struct strbuf body = STRBUF_INIT, subject = STRBUF_INIT;
	json_t *data = NULL;
	struct outbox_mail m;
	char key[DB_KEY_MAX], created[DB_TIME_MAX];
	long long id = 0;
	size_t i;
	char err[512], digest[65], got[TIME_TEXT_MAX];
	char *raw = judge_redact(sub->text);
	const char *written = sub->auth ? sub->auth->written_at : NULL;
	long long first = 0;
	int rc, ret = EXIT_FAIL, replaces = 0;

	memset(&again, 0, sizeof(again));
	memset(&t, 0, sizeof(t));
	if (!raw) {
		ret = refuse(sub, EXIT_FAIL, "out of memory");
		goto out;
	}
	judge_digest(raw, digest);
	rc = db_begin(sub->db, err, sizeof(err));
	if (rc)
		goto dberr;
	/* process may have resolved the turn since we looked: look again, locked. */
	if ((rc = db_campaign_get(sub->db, sub->c.name, &again, err, sizeof(err))) ||
	    (rc = db_turn_get(sub->db, sub->c.id, sub->c.turn, &t, err, sizeof(err))))
		goto dberr;
	if (again.turn != sub->c.turn || t.resolved_at[0] || !strcmp(again.status, "finished")) {
		ret = refuse(sub, EXIT_DATAERR, "%s: turn %d of '%s' was resolved while your orders "
			     "were being checked; nothing stored", sub->name, sub->c.turn, sub->c.name);
		goto out;
	}
	if ((ret = submit_check_turn(sub->db, &sub->c, t.id, sub->ship_id, env->nseats, sub->auth,
				     sub->name, res, &replaces)))
		goto out;
	ret = EXIT_FAIL;
	for (i = 0; i < env->nseats; i++) {
		char *one = sub->form->understood(env, sub->rs, sub->name, (int)i);
		json_t *mine;

		memset(&o, 0, sizeof(o));
		o.turn_id = t.id;
		o.ship_id = sub->ship_id[i];
		o.captain_id = sub->cap.id;
		o.raw = raw;
		o.understood = one;
		mine = reading_of(sub->reading, sub->seat_name[i]);
		/* One seat's orders are its game's whole reading, however the game keys it. */
		if (!mine && env->nseats == 1)
			mine = json_incref(sub->reading);
		o.reading = mine ? json_dumps(mine, JSON_COMPACT | JSON_PRESERVE_ORDER) : NULL;
		json_decref(mine);
		snprintf(o.digest, sizeof(o.digest), "%s", digest);
		snprintf(o.written_at, sizeof(o.written_at), "%s", written ? written : "");
		time_format_utc(now, o.received_at, sizeof(o.received_at));
		rc = one && o.reading ? db_order_submit(sub->db, &o, err, sizeof(err)) : DB_ERROR;
		if (!one || !o.reading)
			snprintf(err, sizeof(err), "out of memory");
		free(one);
		free(o.reading);
		if (rc)
			goto dberr;
		if (!first)
			first = o.id;
	}
	time_format_zone(now, sub->s.timezone, got, sizeof(got));
	/* The receipt's data: mxjudge-templates(5). */
	data = json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:s,s:s,s:s,s:s,s:b}", "campaign", sub->c.name,
			 "captain", sub->cap.name, "game_title", sub->rs->title, "seat_word",
			 sub->rs->seat_word, "seat", sub->seat_name[0], "turn", t.number, "deadline",
			 res->deadline, "received_at", got, "digest", digest, "orders",
			 res->understood, "replaces", replaces);
	if (data && sub->auth && sub->auth->note)
		json_object_set_new(data, "note", json_string(sub->auth->note));
	/* A game with hidden information never shows a seat's orders to the others. */
	if (data && (sub->rs->flags & RULESET_HIDDEN))
		json_object_set_new(data, "hidden", json_true());
	if (data && sub->rs->parse_orders && sub->rs->receipt) {
		json_t *more = sub->rs->receipt(env->text, sub->name);

		if (!more || json_object_update(data, more)) {
			json_decref(data);
			data = NULL;
		}
		json_decref(more);
	}
	if (!data) {
		ret = refuse(sub, EXIT_FAIL, "out of memory");
		goto out;
	}
	if (templates_render_game(sub->rs->name, "receipt", sub->s.templates[0] ? sub->s.templates :
				  NULL, data, &body, err, sizeof(err)) < 0) {
		ret = refuse(sub, EXIT_FAIL, "%s", err);
		goto out;
	}
	strbuf_addf(&subject, "%s: orders received for turn %d", sub->c.name, t.number);
	/* Keyed by the mail when there is one: the same mail read again seals nothing twice. */
	if (sub->auth && sub->auth->mail_id)
		snprintf(key, sizeof(key), "receipt/mail/%lld", sub->auth->mail_id);
	else
		snprintf(key, sizeof(key), "receipt/%lld", first);
	time_format_utc(now, created, sizeof(created));
	memset(&m, 0, sizeof(m));
	m.campaign_id = sub->c.id;
	m.turn_id = t.id;
	m.kind = "receipt";
	m.key = key;
	m.recipient = sub->cap.email;
	m.created_at = created;
	m.subject = strbuf_str(&subject);
	m.body = strbuf_str(&body);
	m.in_reply_to = sub->auth ? sub->auth->in_reply_to : NULL;
	if (body.failed || subject.failed) {
		ret = refuse(sub, EXIT_FAIL, "out of memory");
		goto out;
	}
	rc = outbox_queue(sub->db, &m, &id, err, sizeof(err));
	if (rc == DB_EXISTS && !(sub->auth && sub->auth->mail_id)) {
		/*
		 * Not a mail read again: only a key taken by another row (an order
		 * id reused, a hand-edited outbox). These orders are new: their
		 * receipt gets a key of its own, never "sealed before".
		 */
		snprintf(key, sizeof(key), "receipt/%lld/%s/%.16s", first, created, digest);
		rc = outbox_queue(sub->db, &m, &id, err, sizeof(err));
	}
	if (rc == DB_EXISTS) {
		/* Sealed from this mail before a crash: undo these rows, keep the first. */
		res->already = 1;
		ret = EXIT_OK;
		goto out;
	}
	if (rc)
		goto dberr;
	if ((rc = db_commit(sub->db, err, sizeof(err))))
		goto dberr;
	res->receipt_id = id;
	res->receipt = strbuf_detach(&body, NULL);
	ret = EXIT_OK;
	goto out;
dberr:
	ret = refuse(sub, judge_db_exit(rc), "%s", err);
out:
	db_rollback(sub->db);
	json_decref(data);
	strbuf_release(&body);
	strbuf_release(&subject);
	db_campaign_release(&again);
	db_turn_release(&t);
	free(raw);
	return ret;
}

/* The line number of a "NAME:LINE: ..." message about this text, else 0. */
static int error_line(const char *error, const char *name)
{
	size_t n = strlen(name);
	char *end;
	long v;

	if (strncmp(error, name, n) || error[n] != ':')
		return 0;
	v = strtol(error + n + 1, &end, 10);
	return end != error + n + 1 && *end == ':' && v > 0 && v < 1000000 ? (int)v : 0;
}

/*
 * The game whose form reads text: the one of the campaign its GAME line
 * names, left in sub->c. A campaign that does not exist is refused before
 * any game reads the text; without a GAME line, the judge's default game
 * (Hovercrafts) reads it, so its parser says what is wrong.
 */
static int choose_form(struct submission *sub)
{
	char game[SUBMIT_FIELD_MAX], err[256];
	int line = 0, rc;

	sub->rs = NULL;
	if (!find_game(sub->text, game, sizeof(game), &line)) {
		rc = db_campaign_get(sub->db, game, &sub->c, err, sizeof(err));
		if (rc == DB_NOT_FOUND)
			return refuse(sub, EXIT_DATAERR, "%s:%d: no campaign named '%s' (expected the "
				      "name from your report's GAME line)", sub->name, line, game);
		if (rc)
			return refuse(sub, judge_db_exit(rc), "%s", err);
		sub->rs = play_game_of(&sub->c);
		if (!sub->rs)
			return refuse(sub, EXIT_DATAERR, "%s: campaign '%s' is a game of '%s', which this "
				      "judge does not know", sub->name, sub->c.name, sub->c.ruleset);
	} else {
		sub->rs = play_game_of(&sub->c);	/* no campaign: the default game */
	}
	sub->form = sub->rs->parse_orders && sub->rs->understood ? &game_form : &judge_form;
	snprintf(sub->res->ruleset, sizeof(sub->res->ruleset), "%s", sub->rs->name);
	return 0;
}

int submit_orders(struct db *db, const char *text, const char *name,
		  const struct submit_auth *auth, time_t now, int store,
		  struct submit_result *res)
{
	struct submission sub;
	int ret;

	memset(res, 0, sizeof(*res));
	memset(&sub, 0, sizeof(sub));
	strbuf_init(&sub.env.body);
	sub.db = db;
	sub.auth = auth;
	sub.res = res;
	sub.text = text;
	sub.env.text = text;
	sub.name = name;
	if ((ret = choose_form(&sub)))
		goto out;
	if (sub.form->parse(&sub.env, sub.rs, text, name, res->error, sizeof(res->error))) {
		note_campaign(&sub, now);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (sub.env.nseats)
		snprintf(res->ship, sizeof(res->ship), "%.*s", (int)sizeof(res->ship) - 1,
			 sub.env.seat[0]);
	/* Orders of another kind the game takes in their place. */
	if ((sub.rs->flags & RULESET_SERIES) &&
	    (ret = series_orders_between(db, sub.rs, text, name, auth, now, store, res)) >= 0)
		goto out;
	ret = check(&sub, now);
	if (!ret && !(res->understood = sub.form->understood(&sub.env, sub.rs, name, -1)))
		ret = refuse(&sub, EXIT_FAIL, "out of memory");
	if (!ret && store)
		ret = seal(&sub, now);
	/*
	 * A solo game resolves when its mail comes; its report answers in
	 * place of the receipt. A failure leaves the turn to the next
	 * `process`: the orders are sealed either way.
	 */
	if (!ret && store && !res->already && (sub.rs->flags & RULESET_SOLO))
		play_answer_turn(db, sub.c.name, now, res->receipt_id, sub.ship_id[0]);
out:
	if (ret)
		res->line = error_line(res->error, name);
	submission_release(&sub);
	return ret;
}

void submit_result_release(struct submit_result *res)
{
	free(res->receipt);
	free(res->understood);
	res->receipt = res->understood = NULL;
}
