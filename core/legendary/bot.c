/*
 * legendary's bot and its bot-only games (simulate). The bot writes one
 * mail a turn, as a player would, from the report's facts only (never a
 * deck's order or a face-down card): mxjudge-legendary(7), BOT.
 *
 *  1. in act 3, a standing answer to the minor-victory offer: MINOR when the Time
 *     Track is at 3 or less or the damage 2 or less from the avatar's
 *     health, else MAJOR (play on for the major victory);
 *  2. every text due stated as changing nothing (EFFECT ID "..."), the
 *     carried ones first (R9.5.4);
 *  3. PLAY ALL;
 *  4. from the Real World: fight the Real World enemies it can pay, then
 *     recruit dock heroes, dearest first, then Hovercraft cards, with the
 *     Recruit of the hand's cards; ENTER when the Matrix holds a card;
 *  5. in the Matrix: fight the Combat Zone's enemies (the last arrived
 *     first: they strike first), complete challenges, fight face-up row
 *     enemies from R1, scan face-down cards from R1 and fight them, with
 *     the Attack of the hand's cards; Buy Time for an enemy left in the
 *     Combat Zone; LEAVE when the damage is 2 or less from the avatar's
 *     health (strikes then cost Time, not wounds), or when it began the
 *     turn in the Matrix (to recruit, then, as in 4).
 * Every action line ends IF ABLE: the hand's effects (draws, +Attack) are
 * not foreseen, so a line the pools cannot pay is skipped, not a halt.
 */
#include "core/legendary/legendary.h"

#include <stdio.h>
#include <string.h>

#include "lib/errbuf.h"

struct bot {
	const struct legendary_pack *p;		/* NULL: costs unknown, every line tried */
	const json_t *st;
	json_t *lines;
	int n;
	int attack, recruit;			/* what the hand's cards give, foreseen */
};

static const char *S(const json_t *v, const char *key)
{
	const char *s = json_string_value(json_object_get(v, key));

	return s ? s : "";
}

static int I(const json_t *v, const char *key)
{
	return (int)json_integer_value(json_object_get(v, key));
}

static void line(struct bot *b, const char *fmt, const char *arg)
{
	char text[160];

	snprintf(text, sizeof(text), fmt, arg);
	json_array_append_new(b->lines, json_pack("{s:i,s:s}", "line", ++b->n, "text", text));
}

static const json_t *card(struct bot *b, const char *inst)
{
	return b->p && inst ? legendary_card(b->p, inst, NULL) : NULL;
}

/* A card's integer field; unknown (no pack): 0, so the line is tried. */
static int num(struct bot *b, const char *inst, const char *key)
{
	return legendary_int(card(b, inst), key, 0);
}

static int is_type(struct bot *b, const char *inst, const char *type)
{
	return !b->p || !strcmp(S(card(b, inst), "type"), type);
}

static int damage(struct bot *b)
{
	const json_t *w;
	size_t i;
	int d = json_is_integer(json_object_get(b->st, "scars")) ? I(b->st, "scars") :
		(int)json_array_size(json_object_get(b->st, "scars"));

	json_array_foreach(json_object_get(b->st, "wounds"), i, w)
		d += num(b, json_string_value(w), "damage");
	return d;
}

static int health(struct bot *b)
{
	return b->p ? legendary_int(card(b, S(b->st, "avatar")), "health", 1) : 99;
}

/* Fights inst if the foreseen Attack pays it. */
static void try_fight(struct bot *b, const char *inst)
{
	int cost = num(b, inst, "fight");

	if (!is_type(b, inst, "enemy") || legendary_keyword(card(b, inst), "undefeatable", NULL) ||
	    cost > b->attack)
		return;
	b->attack -= cost;
	line(b, "FIGHT %s IF ABLE", inst);
}

static void try_complete(struct bot *b, const char *inst)
{
	const json_t *need = json_object_get(card(b, inst), "complete");
	int a = I(need, "attack"), r = I(need, "recruit");

	if (!is_type(b, inst, "challenge") || json_is_string(need) || a > b->attack || r > b->recruit)
		return;
	b->attack -= a;
	b->recruit -= r;
	line(b, "COMPLETE %s IF ABLE", inst);
}

static int matrix_holds_a_card(struct bot *b)
{
	const json_t *e;
	size_t i;

	if (json_array_size(json_object_get(b->st, "combat_zone")))
		return 1;
	json_array_foreach(json_object_get(b->st, "row"), i, e)
		if (json_is_object(e))
			return 1;
	return 0;
}

static void real_world(struct bot *b)
{
	const json_t *dock = json_object_get(b->st, "dock"), *v;
	int taken[LG_MAX_SLOTS + 16] = { 0 }, k;
	size_t i, n = json_array_size(dock);

	json_array_foreach(json_object_get(b->st, "real_world"), i, v)
		try_fight(b, json_string_value(v));
	/* the dearest hero the Recruit pays, again and again */
	for (k = 0; k < (int)n && n <= sizeof(taken) / sizeof(taken[0]); k++) {
		long best = -1;

		json_array_foreach(dock, i, v) {
			const char *inst = json_string_value(v);

			if (!inst || taken[i] || num(b, inst, "cost") > b->recruit)
				continue;
			if (best < 0 || num(b, inst, "cost") > num(b, json_string_value(json_array_get(dock, (size_t)best)), "cost"))
				best = (long)i;
		}
		if (best < 0)
			break;
		taken[best] = 1;
		b->recruit -= num(b, json_string_value(json_array_get(dock, (size_t)best)), "cost");
		line(b, "RECRUIT %s IF ABLE", json_string_value(json_array_get(dock, (size_t)best)));
	}
	for (k = 0; k < 3 && b->p && b->recruit >= b->p->board.hovercraft_cost; k++) {
		b->recruit -= b->p->board.hovercraft_cost;
		line(b, "RECRUIT HOVERCRAFT IF ABLE", NULL);
	}
}

static void matrix(struct bot *b)
{
	const json_t *cz = json_object_get(b->st, "combat_zone"), *row = json_object_get(b->st, "row"), *e;
	size_t i, n = json_array_size(cz);
	char slot[24];

	for (i = n; i-- > 0;)
		try_fight(b, S(json_array_get(cz, i), "card"));
	for (i = 0; i < n; i++)
		try_complete(b, S(json_array_get(cz, i), "card"));
	json_array_foreach(json_object_get(b->st, "operations"), i, e)
		try_complete(b, json_string_value(e));
	json_array_foreach(row, i, e)
		if (json_is_object(e) && !strcmp(S(e, "face"), "up")) {
			try_fight(b, S(e, "card"));
			try_complete(b, S(e, "card"));
		}
	json_array_foreach(row, i, e) {
		int scan = b->p ? b->p->board.scan[i] : 0;

		if (!json_is_object(e) || !strcmp(S(e, "face"), "up") || scan > b->attack)
			continue;
		b->attack -= scan;
		snprintf(slot, sizeof(slot), "R%zu", i + 1);
		line(b, "SCAN %s IF ABLE", slot);
		line(b, "FIGHT %s IF ABLE", slot);	/* paid from what is left, if an enemy */
	}
	for (i = n; i-- > 0;) {
		const char *inst = S(json_array_get(cz, i), "card");
		int x = -1, cost = b->p ? b->p->board.buy_time_cost : 0;

		if (b->p && !legendary_keyword(card(b, inst), "buy-time", &x))
			continue;
		if (x >= 0)
			cost = x;
		if (cost <= b->recruit) {
			b->recruit -= cost;
			line(b, "BUY TIME %s IF ABLE", inst);
		}
	}
}

json_t *legendary_bot_lines(const struct legendary_pack *p, const json_t *state)
{
	struct bot b;
	const json_t *d, *v;
	size_t i;
	int in_matrix, margin, pass;

	memset(&b, 0, sizeof(b));
	b.p = p;
	b.st = state;
	b.lines = json_array();
	if (!b.lines)
		return NULL;
	if (!strcmp(S(state, "status"), "setup")) {
		line(&b, "NONCE bot", NULL);
		return b.lines;
	}
	margin = health(&b) - damage(&b);
	if (I(state, "act") == 3 && (!json_is_true(json_object_get(state, "offered")) ||
				     json_is_string(json_object_get(state, "offer"))))
		line(&b, I(state, "time") <= 3 || margin <= 2 ? "VICTORY MINOR" : "VICTORY MAJOR", NULL);
	/* The carried texts first: nothing else may come before them (R9.5.4). */
	for (pass = 0; pass < 2; pass++)
		json_array_foreach(json_object_get(state, "due"), i, d) {
			char text[96];

			if (json_is_true(json_object_get(d, "carry")) != !pass)
				continue;
			snprintf(text, sizeof(text), "EFFECT %s \"the bot states no change\"",
				 strcmp(S(d, "card"), "ACT") ? S(d, "card") : "ACT");
			line(&b, "%s", text);
		}
	line(&b, "PLAY ALL", NULL);
	json_array_foreach(json_object_get(state, "hand"), i, v) {
		b.attack += num(&b, json_string_value(v), "attack");
		b.recruit += num(&b, json_string_value(v), "recruit");
	}
	b.attack += I(json_object_get(state, "pools"), "attack");
	b.recruit += I(json_object_get(state, "pools"), "recruit");
	in_matrix = !strcmp(S(state, "world"), "matrix");
	if (!in_matrix) {
		real_world(&b);
		if (!matrix_holds_a_card(&b))
			return b.lines;
		line(&b, "ENTER IF ABLE", NULL);
		matrix(&b);
		if (margin <= 2)
			line(&b, "LEAVE IF ABLE", NULL);
		return b.lines;
	}
	matrix(&b);
	line(&b, "LEAVE IF ABLE", NULL);
	real_world(&b);
	return b.lines;
}

/* ---------- bot-only games (simulate) ---------- */

int legendary_sim_game(const struct legendary_pack *p, const json_t *settings, uint64_t seed,
		       uint64_t i, struct legendary_sim *out, char *err, size_t errlen)
{
	unsigned char root[DRAW_ROOT_LEN];
	char text[96], hex[65];
	json_t *st = NULL, *sets = json_deep_copy(settings), *r;
	int mail, rc = -1;

	memset(out, 0, sizeof(*out));
	if (!sets) {
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	/* Game i's root: from the seed and i only (any split across threads agrees). */
	snprintf(text, sizeof(text), "mxjudge:legendary:simulate:%llu:%llu", (unsigned long long)seed,
		 (unsigned long long)i);
	draw_sha256_hex(text, hex);
	draw_root_parse(hex, root);
	json_object_set_new(sets, "nonce", json_false());
	for (mail = 0; mail <= LG_SIM_MAX_MAILS; mail++) {
		struct draw_seeded seeded;
		struct draw_source src;
		json_t *lines;
		int turn;

		draw_seeded_init(&seeded, 0, root, mail);
		draw_seeded_namespace(&seeded, "legendary");
		src = draw_seeded_source(&seeded, NULL);
		if (!st) {
			r = legendary_setup(p, sets, "simulate", &src, err, errlen);
		} else {
			if (!strcmp(json_string_value(json_object_get(st, "status")), "over"))
				break;
			if (mail == LG_SIM_MAX_MAILS)
				break;
			lines = legendary_bot_lines(p, st);
			r = lines ? legendary_resolve_quiet(p, st, lines, &src, err, errlen) : NULL;
			json_decref(lines);
			out->mails++;
		}
		if (!r)
			goto out;
		turn = st ? (int)json_integer_value(json_object_get(st, "turn")) : 1;
		json_decref(st);
		st = json_incref(json_object_get(r, "state"));
		json_decref(r);
		if (json_is_object(json_object_get(st, "refused")) &&
		    !json_is_object(json_object_get(st, "halted")))
			break;	/* a whole mail refused: a bot bug, counted as unfinished */
		out->turns += (int)json_integer_value(json_object_get(st, "turn")) != turn ||
			      !strcmp(json_string_value(json_object_get(st, "status")), "over");
		if ((int)json_integer_value(json_object_get(st, "act")) > out->act)
			out->act = (int)json_integer_value(json_object_get(st, "act"));
		if ((int)json_integer_value(json_object_get(st, "film")) > out->film)
			out->film = (int)json_integer_value(json_object_get(st, "film"));
	}
	snprintf(out->result, sizeof(out->result), "%s", "unfinished");
	if (!strcmp(json_string_value(json_object_get(st, "status")), "over")) {
		const char *res = json_string_value(json_object_get(st, "result"));
		const char *end = json_string_value(json_object_get(st, "end"));

		snprintf(out->result, sizeof(out->result), "%s",
			 !res ? "unfinished" : !strcmp(res, "loss") && end ? end : res);
	}
	rc = 0;
out:
	json_decref(st);
	json_decref(sets);
	return rc;
}
