/*
 * legendary mail: reading a mail's lines (R9.2, R9.4), playing them in
 * order (R9.5) and the player's view (R12.1).
 */
#include "core/legendary/legendary.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/legendary/play.h"
#include "lib/errbuf.h"

/* ---------- reading a mail (R9.2) ---------- */

json_t *legendary_read_orders(const char *text, const char *name, char *err, size_t errlen)
{
	json_t *lines = json_array();
	const char *p = text ? text : "";
	int line = 0;

	(void)name;
	(void)err;
	(void)errlen;
	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		char buf[1024], word[16];
		char *s = buf, *hash;
		size_t k;

		line++;
		snprintf(buf, sizeof(buf), "%.*s", (int)(len < sizeof(buf) - 1 ? len : sizeof(buf) - 1), p);
		p += len + (eol ? 1 : 0);
		if ((hash = strchr(s, '#')) && !memchr(s, '"', (size_t)(hash - s)))
			*hash = 0;
		while (*s == ' ' || *s == '\t' || *s == '\r')
			s++;
		k = strlen(s);
		while (k && (s[k - 1] == ' ' || s[k - 1] == '\t' || s[k - 1] == '\r'))
			s[--k] = 0;
		/* a leading number: "1.", "2)", "3-", "4" */
		if (isdigit((unsigned char)*s)) {
			char *q = s;

			while (isdigit((unsigned char)*q))
				q++;
			if (*q == '.' || *q == ')' || *q == '-')
				q++;
			if (*q == ' ' || *q == '\t' || !*q) {
				s = q;
				while (*s == ' ' || *s == '\t')
					s++;
			}
		}
		if (!*s)
			continue;
		snprintf(word, sizeof(word), "%.*s", (int)strcspn(s, " \t"), s);
		for (k = 0; word[k]; k++)
			word[k] = (char)toupper((unsigned char)word[k]);
		if (!strcmp(word, "END") || !strcmp(word, "FIN"))
			break;
		if (!strcmp(word, "GAME") || !strcmp(word, "PASSWORD") || !strcmp(word, "CODE") ||
		    !strcmp(word, "TURN") || !strcmp(word, "MAIL") || !strcmp(word, "FROM") ||
		    !strcmp(word, "SUBJECT") || !strcmp(word, "PARTIE") || !strcmp(word, "MOTDEPASSE") ||
		    !strcmp(word, "TOUR") || !strcmp(word, "PLAYER"))
			continue;
		json_array_append_new(lines, json_pack("{s:i,s:s}", "line", line, "text", s));
	}
	return lines;
}

/* ---------- commands (R9.4) ---------- */

enum cmd {
	C_PLAY, C_PLAY_ALL, C_ENTER, C_LEAVE, C_RECRUIT, C_SCAN, C_FIGHT, C_COMPLETE, C_EVADE,
	C_BUY_TIME, C_COORDINATE, C_SACRIFICE, C_EFFECT, C_VICTORY, C_WILDSWING, C_HOLD, C_RESIGN,
	C_NONCE
};

struct order {
	enum cmd cmd;
	int line, if_able, nocombo;
	char arg[64];		/* the place, card or word */
	char arg2[16];		/* EXTRA/ZONE, MINOR/MAJOR, KEEP/REDRAW */
	int n;			/* WILDSWING REDRAW N */
	char statement[LG_MAX_STATEMENT + 1];
	int has_statement;
	json_t *atoms;		/* owned */
	json_t *choices;	/* owned */
	const char *text;
};

/* Upper-cases and strips accents of the ASCII-transliterable French letters. */
static void fold(char *s)
{
	unsigned char *p = (unsigned char *)s, *q = (unsigned char *)s;

	while (*p) {
		if (p[0] == 0xc3 && p[1]) {
			unsigned char c = p[1];

			*q++ = (c >= 0xa8 && c <= 0xab) || (c >= 0x88 && c <= 0x8b) ? 'E' :
			       (c >= 0xa0 && c <= 0xa5) || (c >= 0x80 && c <= 0x85) ? 'A' :
			       (c == 0xa7 || c == 0x87) ? 'C' : (c >= 0xb9 && c <= 0xbc) ? 'U' :
			       (c >= 0xae && c <= 0xaf) ? 'I' : (c >= 0xb4 && c <= 0xb6) ? 'O' : '?';
			p += 2;
			continue;
		}
		*q++ = (unsigned char)toupper(*p++);
	}
	*q = 0;
}

struct parse_error {
	int line;
	char code[32], message[200], atom[80];
	const char *text;
};

static int perr(struct parse_error *e, int line, const char *text, const char *code, const char *msg)
{
	e->line = line;
	e->text = text;
	snprintf(e->code, sizeof(e->code), "%s", code);
	snprintf(e->message, sizeof(e->message), "%s", msg);
	return -1;
}

/* Splits a line into words; a statement in "..." or «...» is one token (kept in st). */
static int parse_line(const char *text, int line, struct order *o, struct parse_error *e)
{
	char buf[1100], *words[64], *p, *q;
	size_t n = 0, i;
	const char *open = strstr(text, "\""), *gl = strstr(text, "\xc2\xab");
	char *eq;

	memset(o, 0, sizeof(*o));
	o->line = line;
	o->text = text;
	o->atoms = json_array();
	o->choices = json_array();
	snprintf(buf, sizeof(buf), "%s", text);
	/* the statement */
	if (open || gl) {
		const char *start = open && (!gl || open < gl) ? open + 1 : gl + 2;
		const char *end = open && (!gl || open < gl) ? strchr(start, '"') : strstr(start, "\xc2\xbb");
		size_t len;

		if (!end)
			return perr(e, line, text, "syntax", "a statement is closed by its quote");
		len = (size_t)(end - start);
		if (len > LG_MAX_STATEMENT)
			return perr(e, line, text, "too-long", "a statement has at most 300 characters");
		memcpy(o->statement, start, len);
		o->statement[len] = 0;
		o->has_statement = 1;
		/* cut the statement out of buf */
		{
			size_t at = (size_t)((open && (!gl || open < gl) ? open : gl) - text);
			size_t after = (size_t)(end - text) + (open && (!gl || open < gl) ? 1 : 2);

			memmove(buf + at, buf + after, strlen(buf + after) + 1);
		}
	}
	/* "= atoms" (comma separated) before CHOOSE */
	eq = strchr(buf, '=');
	if (eq) {
		char *ch, *tok, *save = NULL, tmp[1100];

		*eq = 0;
		snprintf(tmp, sizeof(tmp), "%s", eq + 1);
		ch = strstr(tmp, "CHOOSE");
		if (!ch)
			ch = strstr(tmp, "choose");
		if (!ch)
			ch = strstr(tmp, "CHOISIR");
		if (ch) {
			strcat(buf, " ");
			strcat(buf, ch);
			*ch = 0;
		}
		for (tok = strtok_r(tmp, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			struct lg_atom a;
			char why[160];

			while (*tok == ' ')
				tok++;
			for (i = strlen(tok); i && tok[i - 1] == ' ';)
				tok[--i] = 0;
			if (!*tok)
				continue;
			if (legendary_atom_parse(tok, &a, why, sizeof(why)) < 0) {
				snprintf(e->atom, sizeof(e->atom), "%s", tok);	/* said again in French */
				return perr(e, line, text, "bad-atom", why);
			}
			json_array_append_new(o->atoms, json_string(tok));
		}
	}
	fold(buf);
	for (p = strtok_r(buf, " \t", &q); p && n < 64; p = strtok_r(NULL, " \t", &q))
		words[n++] = p;
	if (!n)
		return perr(e, line, text, "syntax", "an empty command");
	/* IF ABLE / SI POSSIBLE at the end */
	if (n >= 2 && ((!strcmp(words[n - 2], "IF") && !strcmp(words[n - 1], "ABLE")) ||
		       (!strcmp(words[n - 2], "SI") && !strcmp(words[n - 1], "POSSIBLE")))) {
		o->if_able = 1;
		n -= 2;
	}
	/* NOCOMBO / SANS COMBO */
	for (i = 0; i < n; i++)
		if (!strcmp(words[i], "NOCOMBO") || (!strcmp(words[i], "SANS") && i + 1 < n &&
						     !strcmp(words[i + 1], "COMBO"))) {
			o->nocombo = 1;
			n = i;
			break;
		}
	/* CHOOSE values */
	for (i = 0; i < n; i++)
		if (!strcmp(words[i], "CHOOSE") || !strcmp(words[i], "CHOISIR")) {
			size_t k;

			if (i + 1 == n)
				return perr(e, line, text, "bad-choice", "CHOOSE wants values");
			for (k = i + 1; k < n; k++)
				json_array_append_new(o->choices, json_string(words[k]));
			n = i;
			break;
		}
	if (!n)
		return perr(e, line, text, "syntax", "a command word is expected");
#define W(k) (n > (k) ? words[k] : "")
	if ((!strcmp(W(0), "PLAY") || !strcmp(W(0), "JOUER")) && n == 2 &&
	    (!strcmp(W(1), "ALL") || !strcmp(W(1), "TOUT"))) {
		o->cmd = C_PLAY_ALL;
		return 0;
	}
	if ((!strcmp(W(0), "BUY") && !strcmp(W(1), "TIME")) ||
	    (!strcmp(W(0), "GAGNER") && !strcmp(W(1), "DU") && !strcmp(W(2), "TEMPS"))) {
		size_t at = !strcmp(W(0), "BUY") ? 2 : 3;

		if (n != at + 1)
			return perr(e, line, text, "syntax", "BUY TIME wants a place or a card");
		o->cmd = C_BUY_TIME;
		snprintf(o->arg, sizeof(o->arg), "%s", words[at]);
		return 0;
	}
	if ((!strcmp(W(0), "WILDSWING")) || (!strcmp(W(0), "WILD") && !strcmp(W(1), "SWING")) ||
	    (!strcmp(W(0), "COUP") && !strcmp(W(1), "SAUVAGE"))) {
		size_t at = !strcmp(W(0), "WILDSWING") ? 1 : 2;
		const char *m = W(at);

		o->cmd = C_WILDSWING;
		o->n = 1;
		if (!strcmp(m, "KEEP") || !strcmp(m, "GARDER")) {
			snprintf(o->arg2, sizeof(o->arg2), "KEEP");
			if (n != at + 1)
				return perr(e, line, text, "syntax", "WILDSWING KEEP takes nothing more");
			return 0;
		}
		if (strcmp(m, "REDRAW") && strcmp(m, "REPIOCHER"))
			return perr(e, line, text, "syntax", "WILDSWING KEEP or REDRAW [N]");
		snprintf(o->arg2, sizeof(o->arg2), "REDRAW");
		o->n = 0;
		if (n == at + 2) {
			char *end;
			long v = strtol(words[at + 1], &end, 10);

			if (*end || v < 0 || v > 5)
				return perr(e, line, text, "bad-count", "REDRAW N wants 0 to 5");
			o->n = (int)v;
		} else if (n != at + 1) {
			return perr(e, line, text, "syntax", "WILDSWING REDRAW [N]");
		}
		return 0;
	}
	{
		static const struct {
			const char *en, *fr;
			enum cmd cmd;
			int args;	/* 0 none, 1 one, 2 optional */
		} cmds[] = {
			{ "PLAY", "JOUER", C_PLAY, 1 }, { "ENTER", "ENTRER", C_ENTER, 2 },
			{ "LEAVE", "SORTIR", C_LEAVE, 2 }, { "RECRUIT", "RECRUTER", C_RECRUIT, 1 },
			{ "SCAN", "SCANNER", C_SCAN, 1 }, { "FIGHT", "COMBATTRE", C_FIGHT, 1 },
			{ "COMPLETE", "ACCOMPLIR", C_COMPLETE, 1 }, { "EVADE", "ESQUIVER", C_EVADE, 1 },
			{ "COORDINATE", "COORDONNER", C_COORDINATE, 1 },
			{ "SACRIFICE", "SACRIFIER", C_SACRIFICE, 1 }, { "EFFECT", "EFFET", C_EFFECT, 1 },
			{ "VICTORY", "VICTOIRE", C_VICTORY, 1 }, { "HOLD", "ATTENDRE", C_HOLD, 0 },
			{ "RESIGN", "ABANDON", C_RESIGN, 0 }, { "NONCE", "NONCE", C_NONCE, 1 },
		};

		for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
			if (!strcmp(W(0), cmds[i].en) || !strcmp(W(0), cmds[i].fr))
				break;
		if (i == sizeof(cmds) / sizeof(cmds[0]))
			return perr(e, line, text, "syntax", "unknown command");
		o->cmd = cmds[i].cmd;
		if ((cmds[i].args == 0 && n != 1) || (cmds[i].args == 1 && n != 2) ||
		    (cmds[i].args == 2 && n > 2))
			return perr(e, line, text, "syntax", "wrong number of words for the command");
		if (n == 2)
			snprintf(o->arg, sizeof(o->arg), "%s", words[1]);
	}
	if (o->cmd == C_NONCE) {
		/* the word keeps its case */
		const char *w = text + strcspn(text, " \t");

		w += strspn(w, " \t");
		snprintf(o->arg, sizeof(o->arg), "%.*s", (int)strcspn(w, " \t"), w);
		if (!*o->arg || strlen(o->arg) > 64)
			return perr(e, line, text, "bad-nonce", "a nonce is 1-64 printable characters");
	}
	if ((o->cmd == C_ENTER || o->cmd == C_LEAVE) && *o->arg && strcmp(o->arg, "EXTRA") &&
	    !(o->cmd == C_LEAVE && !strcmp(o->arg, "ZONE")))
		return perr(e, line, text, "syntax", "ENTER [EXTRA] or LEAVE [EXTRA|ZONE]");
	if (o->cmd == C_VICTORY) {
		if (!strcmp(o->arg, "MINOR") || !strcmp(o->arg, "MINEURE"))
			snprintf(o->arg2, sizeof(o->arg2), "minor");
		else if (!strcmp(o->arg, "MAJOR") || !strcmp(o->arg, "MAJEURE"))
			snprintf(o->arg2, sizeof(o->arg2), "major");
		else
			return perr(e, line, text, "syntax", "VICTORY MINOR or VICTORY MAJOR");
	}
	if (o->cmd == C_EFFECT && !o->has_statement)
		return perr(e, line, text, "syntax", "EFFECT ID \"what the text does\" [= atoms]");
	if (o->cmd == C_SCAN && (o->arg[0] != 'R' || !isdigit((unsigned char)o->arg[1])))
		return perr(e, line, text, "bad-place", "SCAN wants a row slot R1..Rn");
#undef W
	return 0;
}

static void order_free(struct order *o)
{
	json_decref(o->atoms);
	json_decref(o->choices);
	o->atoms = o->choices = NULL;
}

static int play_all(struct lg *g)
{
	while (json_array_size(A(g, "hand")) && !g->stop && !g->halt) {
		char inst[40];

		snprintf(inst, sizeof(inst), "%s", json_string_value(json_array_get(A(g, "hand"), 0)));
		if (lgp_play_card(g, inst, 0) < 0)
			return -1;
		lgp_check_objectives(g);
	}
	return 0;
}

static int run_order(struct lg *g, struct order *o)
{
	g->choices = o->choices;
	g->next_choice = 0;
	switch (o->cmd) {
	case C_PLAY:
		return lgp_play_card(g, o->arg, o->nocombo);
	case C_PLAY_ALL:
		return play_all(g);
	case C_ENTER:
		return lgp_move_world(g, 1, !strcmp(o->arg, "EXTRA") ? "extra" : "");
	case C_LEAVE:
		return lgp_move_world(g, 0, !strcmp(o->arg, "EXTRA") ? "extra" : !strcmp(o->arg, "ZONE") ? "zone" : "");
	case C_RECRUIT:
		return lgp_recruit(g, o->arg);
	case C_SCAN:
		return lgp_scan(g, o->arg);
	case C_FIGHT:
		return lgp_fight(g, o->arg);
	case C_COMPLETE:
		return lgp_complete(g, o->arg, o->has_statement ? o->statement : NULL, o->atoms);
	case C_EVADE:
		return lgp_evade(g, o->arg);
	case C_BUY_TIME:
		return lgp_buy_time(g, o->arg);
	case C_COORDINATE:
		return lgp_coordinate(g, o->arg);
	case C_SACRIFICE:
		return lgp_sacrifice(g, o->arg);
	case C_EFFECT:
		return lgp_effect(g, o->arg, o->statement, o->atoms);
	case C_VICTORY:
		if (!json_is_string(json_object_get(g->st, "offer"))) {
			json_object_set_new(g->st, "standing_answer", json_string(o->arg2));
			return 0;
		}
		json_object_set_new(g->st, "offer", json_null());
		if (!strcmp(o->arg2, "minor")) {
			lgp_game_over(g, "minor-victory", "minor");
			return 0;
		}
		lgp_ev(g, "offer", "The minor victory is declined: play goes on.");
		return 0;
	case C_WILDSWING:
		g->wild_keep = !strcmp(o->arg2, "KEEP");
		g->wild_redraw = o->n;
		return 0;
	case C_HOLD:
		g->halt = 1;
		g->halt_reason = "hold";
		return 0;
	case C_RESIGN:
		lgp_game_over(g, "loss", "resigned");
		return 0;
	case C_NONCE:
		return lgp_refuse(g, "no-nonce", "NONCE is only the first line of the first mail");
	}
	return 0;
}

/*
 * A copy of the state to undo a line with (R9.5.3: all or nothing): lists
 * are copied with their strings shared (a string is never changed in
 * place), objects in lists one level deep (a row entry's face changes),
 * other objects whole. Much cheaper than a deep copy of every string.
 */
static json_t *state_snapshot(json_t *st)
{
	json_t *copy = json_object(), *v, *e;
	const char *key;
	size_t i;

	json_object_foreach(st, key, v) {
		json_t *c;

		if (json_is_array(v)) {
			c = json_array();
			json_array_foreach(v, i, e)
				json_array_append_new(c, json_is_object(e) ? json_copy(e) : json_incref(e));
		} else if (json_is_object(v)) {
			c = json_deep_copy(v);
		} else {
			c = json_incref(v);
		}
		json_object_set_new(copy, key, c);
	}
	return copy;
}

static int has_carry(struct lg *g)
{
	size_t i;
	const json_t *d;

	json_array_foreach(A(g, "due"), i, d)
		if (json_is_true(json_object_get(d, "carry")))
			return 1;
	return 0;
}

/* Does EFFECT name a carried text (R3.4)? Only such a line may come before them (R9.5.4). */
static int states_a_carry(struct lg *g, const struct order *o)
{
	size_t i;
	const json_t *d;

	if (o->cmd != C_EFFECT)
		return 0;
	json_array_foreach(A(g, "due"), i, d) {
		json_t *one;
		int hit;

		if (!json_is_true(json_object_get(d, "carry")))
			continue;
		one = json_pack("[s]", json_string_value(json_object_get(d, "card")));
		hit = one && lgp_find_named(one, o->arg) == 0;
		json_decref(one);
		if (hit)
			return 1;
	}
	return 0;
}

static json_t *resolve_mail(const struct legendary_pack *p, const json_t *state, const json_t *lines,
			    struct draw_source *draws, int quiet, char *err, size_t errlen);

json_t *legendary_resolve(const struct legendary_pack *p, const json_t *state, const json_t *lines,
			  struct draw_source *draws, char *err, size_t errlen)
{
	return resolve_mail(p, state, lines, draws, 0, err, errlen);
}

json_t *legendary_resolve_quiet(const struct legendary_pack *p, const json_t *state, const json_t *lines,
				struct draw_source *draws, char *err, size_t errlen)
{
	return resolve_mail(p, state, lines, draws, 1, err, errlen);
}

static json_t *resolve_mail(const struct legendary_pack *p, const json_t *state, const json_t *lines,
			    struct draw_source *draws, int quiet, char *err, size_t errlen)
{
	struct lg g;
	struct order *orders = NULL;
	struct parse_error pe;
	json_t *out = NULL, *refused = json_null(), *halted = json_null(), *ignored = json_array();
	json_t *log = NULL;
	size_t n = json_array_size(lines), i, first = 0;
	int held = 0, mail_turn = 0;

	memset(&g, 0, sizeof(g));
	memset(&pe, 0, sizeof(pe));
	g.p = p;
	g.st = state_snapshot((json_t *)state);	/* the caller's strings shared, never changed */
	g.events = json_array();
	g.story = json_array();
	g.draws = draws;
	g.wild_redraw = 2;
	g.quiet = quiet;
	if (!g.st || !g.events || !g.story)
		goto oom;
	{
		const char *lang = json_string_value(json_object_get(json_object_get(g.st, "options"), "lang"));

		g.fr = lang && !strncmp(lang, "fr", 2);
		g.ascii = lang && !strcmp(lang, "fr-ascii");
	}
	json_object_del(g.st, "standing_answer");
	/* the log of every mail (R10.5) waits outside the state, not copied at every line */
	mail_turn = I(&g, "turn");
	log = json_incref(json_object_get(g.st, "log"));
	json_object_del(g.st, "log");
	if (!json_is_array(log)) {
		json_decref(log);
		log = json_array();
	}
	if (!quiet)
		json_object_set_new(g.st, "mail_draws", json_array());
	if (!strcmp(S(&g, "status"), "over")) {
		perr(&pe, n ? (int)json_integer_value(json_object_get(json_array_get(lines, 0), "line")) : 0,
		     n ? json_string_value(json_object_get(json_array_get(lines, 0), "text")) : "",
		     "game-over", "the game has ended");
		goto refused;
	}
	if (n > LG_MAX_LINES) {
		perr(&pe, 0, "", "too-long", "a mail has at most 300 lines");
		goto refused;
	}
	orders = calloc(n ? n : 1, sizeof(*orders));
	if (!orders)
		goto oom;
	for (i = 0; i < n; i++) {
		const json_t *l = json_array_get(lines, i);

		if (parse_line(json_string_value(json_object_get(l, "text")),
			       (int)json_integer_value(json_object_get(l, "line")), &orders[i], &pe) < 0)
			goto refused;
	}
	if (json_is_string(json_object_get(g.st, "nonce")) && draw_mix(draws, S(&g, "nonce"), err, errlen) < 0)
		goto fail;
	if (!strcmp(S(&g, "status"), "setup")) {
		if (!n || orders[0].cmd != C_NONCE) {
			perr(&pe, n ? orders[0].line : 0, n ? orders[0].text : "", "nonce-needed",
			     "the first mail begins NONCE WORD");
			goto refused;
		}
		json_object_set_new(g.st, "nonce", json_string(orders[0].arg));
		lgp_ev(&g, "nonce", "nonce %s mixed into the deal", orders[0].arg);
		json_object_set_new(g.st, "avatar_id", json_string(lgp_avatar_of_film(&g) ? lgp_avatar_of_film(&g) : ""));
		if (draw_mix(draws, orders[0].arg, err, errlen) < 0 || lgp_deal(&g) < 0) {
			if (g.err[0])
				errbuf_set(err, errlen, "%s", g.err);
			goto fail;
		}
		for (i = 1; i < n; i++)
			json_array_append_new(ignored, json_integer(orders[i].line));
		if (n > 1)
			lgp_ev(&g, "skipped", "the other lines of the first mail are not played: the deal "
			   "was not known when they were written");
		goto done;
	}
	for (i = 0; i < n; i++)
		if (orders[i].cmd == C_NONCE) {
			perr(&pe, orders[i].line, orders[i].text, "no-nonce",
			     "NONCE is only the first line of the first mail");
			goto refused;
		}
	g.action = 1;
	/* R9.5.4: the offer's answer, then the carried texts, before anything else. */
	for (i = 0; i < n && !g.stop; i++) {
		struct order *o = &orders[i];
		json_t *snapshot;
		size_t ev_mark = json_array_size(g.events), st_mark = json_array_size(g.story);

		if (json_is_string(json_object_get(g.st, "offer")) && o->cmd != C_VICTORY) {
			lgp_refuse(&g, "offer-pending", "answer the offer first: VICTORY MINOR or VICTORY MAJOR");
			goto line_refused;
		}
		if (!json_is_string(json_object_get(g.st, "offer")) && has_carry(&g) &&
		    !states_a_carry(&g, o) && o->cmd != C_WILDSWING) {
			lgp_refuse(&g, "effect-pending", "state the texts due first (EFFECT ID \"...\")");
			goto line_refused;
		}
		snapshot = state_snapshot(g.st);
		g.code[0] = 0;
		if (run_order(&g, o) < 0 || g.fatal) {
			if (g.fatal) {
				json_decref(snapshot);
				errbuf_set(err, errlen, "%s", g.err);
				goto fail;
			}
			json_decref(g.st);
			g.st = snapshot;
			while (json_array_size(g.events) > ev_mark)
				json_array_remove(g.events, ev_mark);
			while (json_array_size(g.story) > st_mark)
				json_array_remove(g.story, st_mark);
			g.halt = 0;
line_refused:
			if (o->if_able) {
				lgp_ev(&g, "skipped", "Line %d skipped (%s): %s.", o->line, g.code, g.message);
				continue;
			}
			refused = json_pack("{s:i,s:s,s:s,s:s}", "line", o->line, "text", o->text, "code",
					    g.code, "message", g.message);
			halted = json_pack("{s:i,s:s}", "line", o->line, "reason", "refused");
			lgp_ev(&g, "refused", "Line %d refused (%s): %s.", o->line, g.code, g.message);
			first = i + 1;
			break;
		}
		json_decref(snapshot);
		lgp_check_objectives(&g);
		if (g.halt) {
			if (!json_is_object(halted))
				halted = json_pack("{s:i,s:s}", "line", o->line, "reason", g.halt_reason);
			lgp_ev(&g, g.halt_reason && !strcmp(g.halt_reason, "hold") ? "hold" : "halt",
			   "The mail halts after line %d (%s).", o->line, g.halt_reason);
			held = 1;
			first = i + 1;
			break;
		}
		first = i + 1;
	}
	for (i = first; i < n; i++)
		json_array_append_new(ignored, json_integer(orders[i].line));
	if (json_is_object(refused) || held)
		goto done;
	if (json_object_get(g.st, "film_end")) {
		/* a campaign's film ends: the rest of the mail is ignored, the next deal follows */
		lgp_end_action(&g);
		if (lgp_next_film(&g) < 0)
			goto fatal;
		goto done;
	}
	if (!strcmp(S(&g, "status"), "over"))
		goto done;
	if (g.stop) {
		/* a new act: straight to Cleanup and the next turn (R6.2) */
		g.stop = 0;
		g.action = 0;
		lgp_end_action(&g);
		if (lgp_next_turn(&g) < 0)
			goto fatal;
		goto done;
	}
	if (json_is_string(json_object_get(g.st, "offer")) || has_carry(&g)) {
		halted = json_pack("{s:i,s:s}", "line", n ? orders[n - 1].line : 0, "reason",
				   json_is_string(json_object_get(g.st, "offer")) ? "offer" : "effect-pending");
		goto done;
	}
	g.action = 0;
	lgp_end_action(&g);
	if (lgp_strike_phase(&g) < 0)
		goto fatal;
	if (json_object_get(g.st, "film_end")) {
		if (lgp_next_film(&g) < 0)
			goto fatal;
		goto done;
	}
	if (!strcmp(S(&g, "status"), "over"))
		goto done;
	g.stop = 0;
	if (lgp_next_turn(&g) < 0)
		goto fatal;
	goto done;
refused:
	if (g.fr) {
		char said[sizeof(pe.message)];

		struct lg_atom a;

		if (!pe.atom[0] || legendary_atom_parse_in(pe.atom, &a, 1, said, sizeof(said)) == 0)
			snprintf(said, sizeof(said), "%s", legendary_french(pe.message));
		memcpy(pe.message, said, sizeof(said));
		if (g.ascii)
			legendary_ascii(pe.message);
	}
	refused = json_pack("{s:i,s:s,s:s,s:s}", "line", pe.line, "text", pe.text ? pe.text : "",
			    "code", pe.code, "message", pe.message);
	lgp_ev(&g, "refused", "The mail is refused, nothing played (line %d, %s): %s.", pe.line, pe.code,
	   pe.message);
done:
	json_object_del(g.st, "standing_answer");
	json_object_del(g.st, "manual_met");
	/* The mail's own keys (R12.3) ride in the state and are replaced by the next mail. */
	json_object_set(g.st, "refused", refused);
	json_object_set(g.st, "halted", halted);
	json_object_set(g.st, "ignored", ignored);
	if (!quiet) {
		json_t *said = json_array();

		for (i = 0; said && i < n; i++)
			json_array_append(said, json_object_get(json_array_get(lines, i), "text"));
		json_array_append_new(log, json_pack("{s:i,s:o*,s:O*}", "turn", mail_turn, "lines", said,
						     "draws", json_object_get(g.st, "mail_draws")));
		json_object_del(g.st, "mail_draws");
	}
	if (json_array_size(log))
		json_object_set(g.st, "log", log);
	out = lgp_result(&g);
	goto cleanup;
fatal:
	errbuf_set(err, errlen, "%s", g.err[0] ? g.err : g.message[0] ? g.message :
		   "the turn could not be played");
	goto fail;
oom:
	errbuf_set(err, errlen, "out of memory");
fail:
	out = NULL;
cleanup:
	for (i = 0; orders && i < n; i++)
		order_free(&orders[i]);
	free(orders);
	json_decref(refused);
	json_decref(halted);
	json_decref(ignored);
	json_decref(log);
	lgp_free(&g);
	return out;
}

/* ---------- the view (R12.1) ---------- */

json_t *legendary_view(const json_t *state)
{
	json_t *v = json_deep_copy(state), *row;
	const char *counted[] = { "zion", "matrix_deck", "deck", "wound_deck", "scars", NULL };
	size_t i;
	json_t *e;
	int over = !strcmp(json_string_value(json_object_get(state, "status")) ?
			   json_string_value(json_object_get(state, "status")) : "", "over");

	if (!v)
		return NULL;
	json_object_del(v, "pending_acts");
	if (over)
		return v;
	json_object_del(v, "log");	/* R10.5: the log with the root, at the end */
	for (i = 0; counted[i]; i++)
		json_object_set_new(v, counted[i], json_integer((json_int_t)json_array_size(
			json_object_get(state, counted[i]))));
	row = json_object_get(v, "row");
	json_array_foreach(row, i, e)
		if (json_is_object(e) && strcmp(json_string_value(json_object_get(e, "face")) ?
						json_string_value(json_object_get(e, "face")) : "", "up"))
			json_object_del(e, "card");
	return v;
}
