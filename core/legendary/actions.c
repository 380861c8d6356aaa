/*
 * legendary actions: the lines of the Action phase (R5.2), then the Strike
 * phase (R5.3) and Cleanup (R5.4).
 */
#include "core/legendary/legendary.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/legendary/play.h"

/* ---------- the actions (R5.2) ---------- */

int lgp_defeat_enemy(struct lg *g, const char *inst)
{
	char id[40];

	snprintf(id, sizeof(id), "%s", inst);
	lgp_take_off_board(g, id);
	json_array_append_new(A(g, "defeated_enemies"), json_string(id));
	json_array_append_new(A(g, "act_defeated"), json_string(id));
	lgp_ev(g, "defeat", "%s [%s] is defeated.", cname(g, id), id);
	return lgp_apply_list(g, id, "rewards", json_object_get(card(g, id), "rewards"));
}

static int in_matrix(struct lg *g)
{
	return !strcmp(S(g, "world"), "matrix");
}

int lgp_play_card(struct lg *g, const char *name, int nocombo)
{
	json_t *hand = A(g, "hand");
	long at = lgp_find_named(hand, name);
	char inst[40];
	const json_t *c, *v;
	const char *cls;
	size_t i;
	int combo = 0;

	if (at < 0)
		return lgp_refuse(g, "not-in-hand", "%s is not in your hand", name);
	snprintf(inst, sizeof(inst), "%s", json_string_value(json_array_get(hand, (size_t)at)));
	c = card(g, inst);
	cls = json_string_value(json_object_get(c, "class"));
	json_array_foreach(A(g, "played_log"), i, v) {
		const char *o = json_string_value(json_object_get(card(g, json_string_value(v)), "class"));

		combo |= cls && o && !strcmp(cls, o);
	}
	move_to(hand, (size_t)at, A(g, "played"));
	json_array_append_new(A(g, "played_log"), json_string(inst));
	add_pool(g, "attack", legendary_int(c, "attack", 0));
	add_pool(g, "recruit", legendary_int(c, "recruit", 0));
	lgp_ev(g, "play", "You play %s [%s].", cname(g, inst), inst);
	if (lgp_apply_list(g, inst, "play", json_object_get(c, "effects")) < 0)
		return -1;
	if (combo && !nocombo && json_object_get(c, "combo") && find(A(g, "combos_used"), inst) < 0) {
		json_array_append_new(A(g, "combos_used"), json_string(inst));
		lgp_ev(g, "combo", "%s: class ability.", cname(g, inst));
		return lgp_apply_list(g, inst, "combo", json_object_get(c, "combo"));
	}
	return 0;
}

static int row_phone_free(struct lg *g, int k)
{
	const json_t *e = json_array_get(A(g, "row"), (size_t)(k - 1)), *d;
	size_t i;

	if (!g->p->board.phone[k - 1])
		return 0;
	json_array_foreach(A(g, "destroyed_phones"), i, d)
		if (json_integer_value(d) == k)
			return 0;
	if (json_is_null(e))
		return 1;
	if (!g->p->board.blocked_by_enemy)
		return 0;
	{
		const char *inst = json_string_value(json_object_get(e, "card"));
		int up = !strcmp(json_string_value(json_object_get(e, "face")), "up");

		return !(up && (!strcmp(ctype(g, inst), "enemy") || !strcmp(ctype(g, inst), "inevitable")));
	}
}

int lgp_move_world(struct lg *g, int enter, const char *how)
{
	int k;

	if (enter == in_matrix(g))
		return enter ? lgp_refuse(g, "already-there", "you are already in the Matrix")
			     : lgp_refuse(g, "already-there", "you are already in the Real World");
	if (enter) {
		if (!B(g, "free_move") && strcmp(how, "extra"))
			setB(g, "free_move", 1);
		else if (I(g, "extra_moves") > 0)
			setI(g, "extra_moves", I(g, "extra_moves") - 1);
		else
			return lgp_refuse(g, "no-move", "no move left this turn");
		json_object_set_new(g->st, "world", json_string("matrix"));
		lgp_ev(g, "move", "You enter the Matrix.");
		return 0;
	}
	if (!*how) {
		for (k = 1; k <= g->p->board.nslots && !B(g, "free_move"); k++)
			if (row_phone_free(g, k)) {
				setB(g, "free_move", 1);
				json_object_set_new(g->st, "world", json_string("real"));
				lgp_ev(g, "move", "You leave the Matrix by the phone of R%d.", k);
				return 0;
			}
		if (I(g, "extra_moves") > 0)
			how = "extra";
		else
			how = "zone";
	}
	if (!strcmp(how, "extra")) {
		if (I(g, "extra_moves") <= 0)
			return lgp_refuse(g, "no-move", "no extra move left this turn");
		setI(g, "extra_moves", I(g, "extra_moves") - 1);
		json_object_set_new(g->st, "world", json_string("real"));
		lgp_ev(g, "move", "You leave the Matrix (extra move).");
		return 0;
	}
	if (B(g, "free_move"))
		return lgp_refuse(g, "no-move", "the free move is used");
	if ((int)json_array_size(A(g, "combat_zone")) >= g->p->board.cz_max)
		return lgp_refuse(g, "no-phone", "the Combat Zone phone is closed (%d cards)",
			      (int)json_array_size(A(g, "combat_zone")));
	if (pool(g, "recruit") < g->p->board.cz_cost)
		return lgp_refuse(g, "no-recruit", "the Combat Zone phone costs %d Recruit", g->p->board.cz_cost);
	add_pool(g, "recruit", -g->p->board.cz_cost);
	setB(g, "free_move", 1);
	json_object_set_new(g->st, "world", json_string("real"));
	lgp_ev(g, "move", "You leave the Matrix by the Combat Zone phone.");
	return 0;
}

int lgp_recruit(struct lg *g, const char *what)
{
	struct where w;
	int cost;

	if (!strcasecmp(what, "HOVERCRAFT")) {
		if (in_matrix(g))
			return lgp_refuse(g, "wrong-world", "recruiting is done in the Real World");
		if (!json_array_size(A(g, "hovercraft")))
			return lgp_refuse(g, "stack-empty", "the Hovercraft stack is empty");
		if (pool(g, "recruit") < g->p->board.hovercraft_cost)
			return lgp_refuse(g, "no-recruit", "a Hovercraft card costs %d Recruit",
				      g->p->board.hovercraft_cost);
		add_pool(g, "recruit", -g->p->board.hovercraft_cost);
		lgp_ev(g, "recruit", "You recruit %s.", json_string_value(json_array_get(A(g, "hovercraft"), 0)));
		move_to(A(g, "hovercraft"), 0, A(g, "discard"));
		return 0;
	}
	if (lgp_locate(g, what, &w) < 0 || w.zone != Z_DOCK)
		return lgp_refuse(g, "not-there", "%s is not in the dock", what);
	if (!w.inst)
		return lgp_refuse(g, "empty-slot", "%s is empty", what);
	if (in_matrix(g) && !kw(g, w.inst, "digital", NULL))
		return lgp_refuse(g, "wrong-world", "recruiting is done in the Real World");
	cost = legendary_int(card(g, w.inst), "cost", 0);
	if (pool(g, "recruit") < cost)
		return lgp_refuse(g, "no-recruit", "%s costs %d Recruit, you have %d", cname(g, w.inst), cost,
			      pool(g, "recruit"));
	add_pool(g, "recruit", -cost);
	lgp_ev(g, "recruit", "You recruit %s [%s].", cname(g, w.inst), w.inst);
	json_array_append_new(A(g, "discard"), json_string(w.inst));
	if (json_array_size(A(g, "zion"))) {
		lgp_note_top(g, "zion", A(g, "zion"));
		json_array_set(A(g, "dock"), w.i, json_array_get(A(g, "zion"), 0));
		json_array_remove(A(g, "zion"), 0);
		lgp_ev(g, "refill", "D%zu is refilled from Zion.", w.i + 1);
	} else {
		json_array_set_new(A(g, "dock"), w.i, json_null());
	}
	return 0;
}

int lgp_scan(struct lg *g, const char *slot)
{
	struct where w;
	json_t *e;

	if (lgp_locate(g, slot, &w) < 0 || w.zone != Z_ROW || toupper((unsigned char)slot[0]) != 'R')
		return lgp_refuse(g, "bad-place", "%s is not a row slot", slot);
	if (!in_matrix(g))
		return lgp_refuse(g, "wrong-world", "scanning is done in the Matrix");
	if (!w.inst)
		return lgp_refuse(g, "empty-slot", "R%zu is empty", w.i + 1);
	if (!strcmp(ctype(g, w.inst), "inevitable"))
		return lgp_refuse(g, "inevitable", "the Inevitable card cannot be scanned");
	if (w.face_up)
		return lgp_refuse(g, "face-up", "R%zu is face up", w.i + 1);
	if (pool(g, "attack") < g->p->board.scan[w.i])
		return lgp_refuse(g, "no-attack", "scanning R%zu costs %d Attack", w.i + 1, g->p->board.scan[w.i]);
	add_pool(g, "attack", -g->p->board.scan[w.i]);
	e = json_array_get(A(g, "row"), w.i);
	json_object_set_new(e, "face", json_string("up"));
	lgp_ev(g, "scan", "R%zu is scanned: %s [%s].", w.i + 1, cname(g, w.inst), w.inst);
	return lgp_reveal(g, w.inst, "reveal");
}

static int face_down_beside(struct lg *g, size_t i)
{
	json_t *row = A(g, "row");
	const json_t *l = i > 0 ? json_array_get(row, i - 1) : NULL, *r = json_array_get(row, i + 1);

	return (json_is_object(l) && strcmp(json_string_value(json_object_get(l, "face")), "up")) ||
	       (json_is_object(r) && strcmp(json_string_value(json_object_get(r, "face")), "up"));
}

int lgp_fight(struct lg *g, const char *what)
{
	struct where w;
	int cost;
	char inst[40];

	if (lgp_locate(g, what, &w) < 0 || w.zone == Z_DOCK || w.zone == Z_OPS)
		return lgp_refuse(g, "not-there", "%s is not an enemy on the board", what);
	if (!w.inst)
		return lgp_refuse(g, "empty-slot", "%s is empty", what);
	if (!w.face_up)
		return lgp_refuse(g, "face-down", "that card is face down");
	snprintf(inst, sizeof(inst), "%s", w.inst);
	if (!strcmp(ctype(g, inst), "inevitable"))
		return lgp_refuse(g, "inevitable", "the Inevitable card cannot be fought");
	if (strcmp(ctype(g, inst), "enemy"))
		return lgp_refuse(g, "not-enemy", "%s is not an enemy", cname(g, inst));
	if ((w.zone == Z_RW) == in_matrix(g))
		return lgp_refuse(g, "wrong-world", w.zone == Z_RW ? "Real World enemies are fought from the "
			      "Real World" : "fighting is done in the Matrix");
	if (kw(g, inst, "undefeatable", NULL))
		return lgp_refuse(g, "undefeatable", "%s cannot be defeated", cname(g, inst));
	if (w.zone == Z_ROW && kw(g, inst, "cover", NULL) && face_down_beside(g, w.i))
		return lgp_refuse(g, "covered", "%s has Cover beside a face-down card", cname(g, inst));
	cost = legendary_int(card(g, inst), "fight", 0);
	if (pool(g, "attack") < cost)
		return lgp_refuse(g, "no-attack", "%s needs %d Attack, you have %d", cname(g, inst), cost,
			      pool(g, "attack"));
	add_pool(g, "attack", -cost);
	return lgp_defeat_enemy(g, inst);
}

int lgp_complete(struct lg *g, const char *what, const char *statement, const json_t *atoms)
{
	struct where w;
	const json_t *c, *req;
	int a, r;
	char inst[40];
	size_t i;
	const json_t *x;

	if (lgp_locate(g, what, &w) < 0 || w.zone == Z_DOCK || w.zone == Z_RW)
		return lgp_refuse(g, "not-there", "%s is not a challenge on the board", what);
	if (!w.inst)
		return lgp_refuse(g, "empty-slot", "%s is empty", what);
	if (!w.face_up)
		return lgp_refuse(g, "face-down", "that card is face down");
	snprintf(inst, sizeof(inst), "%s", w.inst);
	if (strcmp(ctype(g, inst), "challenge"))
		return lgp_refuse(g, "not-challenge", "%s is not a challenge", cname(g, inst));
	if (!in_matrix(g))
		return lgp_refuse(g, "wrong-world", "challenges are completed in the Matrix");
	c = card(g, inst);
	req = json_object_get(c, "complete");
	if (json_is_string(req)) {
		if (!statement)
			return lgp_refuse(g, "statement-needed", "%s is completed as its text says: "
				      "COMPLETE %s \"how\" = atoms", cname(g, inst), what);
		json_array_foreach(atoms, i, x) {
			struct lg_atom atom;
			char why[160];

			if (legendary_atom_parse(json_string_value(x), &atom, why, sizeof(why)) < 0 ||
			    lgp_apply_atom(g, inst, &atom) < 0)
				return -1;
		}
		lgp_ev(g, "statement", "Stated for %s: \"%s\".", inst, statement);
	} else {
		a = legendary_int(req, "attack", 0);
		r = legendary_int(req, "recruit", 0);
		if (pool(g, "attack") < a)
			return lgp_refuse(g, "no-attack", "%s needs %d Attack", cname(g, inst), a);
		if (pool(g, "recruit") < r)
			return lgp_refuse(g, "no-recruit", "%s needs %d Recruit", cname(g, inst), r);
		add_pool(g, "attack", -a);
		add_pool(g, "recruit", -r);
	}
	lgp_take_off_board(g, inst);
	json_array_append_new(A(g, "completed"), json_string(inst));
	json_array_append_new(A(g, "act_completed"), json_string(inst));
	lgp_ev(g, "complete", "%s [%s] is completed.", cname(g, inst), inst);
	return lgp_apply_list(g, inst, "rewards", json_object_get(c, "rewards"));
}

int lgp_evade(struct lg *g, const char *what)
{
	struct where w;
	int x, k, target = 0;
	json_t *row = A(g, "row");
	char inst[40];

	if (lgp_locate(g, what, &w) < 0 || (w.zone != Z_ROW && w.zone != Z_CZ))
		return lgp_refuse(g, "not-there", "%s is not in the row or the Combat Zone", what);
	if (!w.inst)
		return lgp_refuse(g, "empty-slot", "%s is empty", what);
	if (!w.face_up)
		return lgp_refuse(g, "face-down", "that card is face down");
	snprintf(inst, sizeof(inst), "%s", w.inst);
	if (!strcmp(ctype(g, inst), "inevitable"))
		return lgp_refuse(g, "inevitable", "the Inevitable card cannot be evaded");
	if (!kw(g, inst, "evade", &x))
		return lgp_refuse(g, "no-evade", "%s has no Evade", cname(g, inst));
	if (w.zone == Z_ROW && kw(g, inst, "stationary", NULL))
		return lgp_refuse(g, "stationary", "%s is Stationary", cname(g, inst));
	for (k = g->p->board.nslots; k >= 1; k--)
		if (json_is_null(json_array_get(row, (size_t)(k - 1))) && (w.zone == Z_CZ || k > (int)w.i + 1)) {
			target = k;
			break;
		}
	if (!target)
		return lgp_refuse(g, "no-free-slot", "no empty slot to the right of %s", cname(g, inst));
	if (pool(g, "recruit") < x)
		return lgp_refuse(g, "no-recruit", "Evade costs %d Recruit", x);
	add_pool(g, "recruit", -x);
	lgp_take_off_board(g, inst);
	json_array_set_new(row, (size_t)(target - 1), json_pack("{s:s,s:s}", "card", inst, "face", "up"));
	lgp_ev(g, "evade", "%s evades to R%d.", cname(g, inst), target);
	return 0;
}

int lgp_buy_time(struct lg *g, const char *what)
{
	struct where w;
	int x;

	if (lgp_locate(g, what, &w) < 0 || (w.zone != Z_ROW && w.zone != Z_CZ))
		return lgp_refuse(g, "not-there", "%s is not in the row or the Combat Zone", what);
	if (!w.inst)
		return lgp_refuse(g, "empty-slot", "%s is empty", what);
	if (!w.face_up)
		return lgp_refuse(g, "face-down", "that card is face down");
	if (!strcmp(ctype(g, w.inst), "inevitable"))
		return lgp_refuse(g, "inevitable", "the Inevitable card cannot be distracted");
	if (!kw(g, w.inst, "buy-time", &x))
		return lgp_refuse(g, "no-buy-time", "%s has no Buy Time", cname(g, w.inst));
	if (!in_matrix(g))
		return lgp_refuse(g, "wrong-world", "Buy Time is done in the Matrix");
	if (find(A(g, "distracted"), w.inst) >= 0)
		return lgp_refuse(g, "distracted", "%s is already distracted", cname(g, w.inst));
	if (x < 0)
		x = g->p->board.buy_time_cost;
	if (pool(g, "recruit") < x)
		return lgp_refuse(g, "no-recruit", "Buy Time costs %d Recruit", x);
	add_pool(g, "recruit", -x);
	json_array_append_new(A(g, "distracted"), json_string(w.inst));
	lgp_ev(g, "buy-time", "%s is distracted until Cleanup.", cname(g, w.inst));
	return 0;
}

int lgp_coordinate(struct lg *g, const char *name)
{
	json_t *hand = A(g, "hand");
	long at = lgp_find_named(hand, name);
	const char *inst;
	int is_free;

	if (at < 0)
		return lgp_refuse(g, "not-in-hand", "%s is not in your hand", name);
	inst = json_string_value(json_array_get(hand, (size_t)at));
	is_free = kw(g, inst, "coordinate-free", NULL);
	if (!is_free && !kw(g, inst, "coordinate", NULL))
		return lgp_refuse(g, "not-coordinate", "%s has no Coordinate", cname(g, inst));
	if (!is_free && B(g, "coordinated"))
		return lgp_refuse(g, "coordinated", "Coordinate was used this turn");
	if (!is_free)
		setB(g, "coordinated", 1);
	lgp_ev(g, "coordinate", "You coordinate %s and draw a card.", inst);
	move_to(hand, (size_t)at, A(g, "discard"));
	return lgp_draw_cards(g, 1);
}

int lgp_sacrifice(struct lg *g, const char *name)
{
	json_t *played = A(g, "played");
	long at = lgp_find_named(played, name);
	char inst[40];

	if (at < 0)
		return lgp_refuse(g, "not-played", "%s was not played this turn", name);
	snprintf(inst, sizeof(inst), "%s", json_string_value(json_array_get(played, (size_t)at)));
	if (!json_object_get(card(g, inst), "sacrifice"))
		return lgp_refuse(g, "no-sacrifice", "%s has no Sacrifice", cname(g, inst));
	move_to(played, (size_t)at, A(g, "defeated_heroes"));
	lgp_ev(g, "sacrifice", "You sacrifice %s [%s].", cname(g, inst), inst);
	return lgp_apply_list(g, inst, "sacrifice", json_object_get(card(g, inst), "sacrifice"));
}

int lgp_effect(struct lg *g, const char *id, const char *statement, const json_t *atoms)
{
	json_t *due = A(g, "due");
	size_t i;
	const json_t *d, *x;
	long at = -1;
	char inst[40];

	json_array_foreach(due, i, d) {
		const char *c = json_string_value(json_object_get(d, "card"));
		json_t *one = json_pack("[s]", c);
		int hit = !strcasecmp(id, "ACT") || !strcasecmp(id, "ACTE") ?
			  !strcmp(json_string_value(json_object_get(d, "kind")), "objective") :
			  lgp_find_named(one, id) == 0;

		json_decref(one);
		if (hit) {
			at = (long)i;
			break;
		}
	}
	if (at < 0 && (!strcasecmp(id, "ACT") || !strcasecmp(id, "ACTE")) &&
	    (json_is_string(json_object_get(act(g), "objective")) ||
	     json_is_string(json_object_get(act(g), "minor_offer"))))
		snprintf(inst, sizeof(inst), "ACT");
	else if (at < 0)
		return lgp_refuse(g, "no-manual-effect", "%s has no text to state", id);
	else
		snprintf(inst, sizeof(inst), "%s", json_string_value(json_object_get(json_array_get(due, (size_t)at), "card")));
	json_array_foreach(atoms, i, x) {
		struct lg_atom atom;
		char why[160];

		if (legendary_atom_parse_in(json_string_value(x), &atom, g->fr, why, sizeof(why)) < 0)
			return lgp_refuse(g, "bad-atom", "%s", why);
		if (atom.op == LG_DEFEAT) {
			const char *v = json_string_value(json_array_get(g->choices, g->next_choice));
			struct where w;

			if (v && !lgp_is_none(v) && lgp_locate(g, v, &w) == 0 && w.inst &&
			    kw(g, w.inst, "undefeatable", NULL) && strcmp(w.inst, inst))
				return lgp_refuse(g, "undefeatable", "%s cannot be defeated", cname(g, w.inst));
		}
		if (lgp_apply_atom(g, inst, &atom) < 0)
			return -1;
	}
	if (at >= 0)
		json_array_remove(due, (size_t)at);
	json_array_append_new(A(g, "statements"), json_pack("{s:s,s:i,s:s}", "card", inst, "turn",
							     I(g, "turn"), "text", statement));
	lgp_ev(g, "statement", "Stated for %s: \"%s\".", inst, statement);
	return 0;
}

/* ---------- the end of the Action phase, Strike, Cleanup (R5.3, R5.4) ---------- */

static int strike_by(struct lg *g, const char *inst)
{
	int n = kw(g, inst, "double-strike", NULL) ? 2 : 1, k;

	for (k = 0; k < n && !g->stop; k++) {
		lgp_ev(g, "strike", "%s [%s] strikes.", cname(g, inst), inst);
		if (in_matrix(g)) {
			if (lgp_take_wound(g, inst) < 0)
				return -1;
		} else {
			lgp_change_time(g, -1);
		}
		if (!g->stop && lgp_apply_list(g, inst, "strike", json_object_get(card(g, inst), "on_strike")) < 0)
			return -1;
	}
	return 0;
}

int lgp_strike_phase(struct lg *g)
{
	json_t *cz = json_deep_copy(A(g, "combat_zone")), *rw = json_deep_copy(A(g, "real_world"));
	size_t i;
	int rc = 0;

	lgp_ev(g, "strike-phase", "Strike phase.");
	for (i = json_array_size(cz); i-- > 0 && !g->stop && rc == 0;) {
		const char *inst = json_string_value(json_object_get(json_array_get(cz, i), "card"));

		if (!strcmp(ctype(g, inst), "enemy") && find(A(g, "distracted"), inst) < 0)
			rc = strike_by(g, inst);
	}
	for (i = 0; i < json_array_size(rw) && !g->stop && rc == 0; i++) {
		const char *inst = json_string_value(json_array_get(rw, i));

		if (!strcmp(ctype(g, inst), "enemy") && find(A(g, "distracted"), inst) < 0)
			rc = strike_by(g, inst);
	}
	json_decref(cz);
	json_decref(rw);
	return rc;
}

static int cleanup(struct lg *g)
{
	json_t *discard = A(g, "discard");
	json_t *pools = json_pack("{s:i,s:i}", "attack", 0, "recruit", 0);

	json_array_extend(discard, A(g, "played"));
	json_array_clear(A(g, "played"));
	json_array_extend(discard, A(g, "hand"));
	json_array_clear(A(g, "hand"));
	json_array_clear(A(g, "played_log"));
	json_array_clear(A(g, "combos_used"));
	json_array_clear(A(g, "distracted"));
	json_object_set_new(g->st, "pools", pools);
	setB(g, "free_move", 0);
	setI(g, "extra_moves", 0);
	setB(g, "coordinated", 0);
	setB(g, "preparation", 0);
	lgp_ev(g, "cleanup", "Cleanup: draw %d cards.", g->p->board.hand_size);
	return lgp_draw_cards(g, g->p->board.hand_size);
}

/* Unstated texts of the Action phase are dropped and counted (R3.4). */
void lgp_end_action(struct lg *g)
{
	json_t *due = A(g, "due");
	size_t i = 0;

	while (i < json_array_size(due)) {
		const json_t *d = json_array_get(due, i);

		if (json_is_true(json_object_get(d, "carry"))) {
			i++;
			continue;
		}
		lgp_ev(g, "unstated", "The text of %s was not stated.", json_string_value(json_object_get(d, "card")));
		setI(g, "unstated", I(g, "unstated") + 1);
		json_array_remove(due, i);
	}
}

/* Cleanup, the next turn and its Matrix phase. */
int lgp_next_turn(struct lg *g)
{
	if (cleanup(g) < 0)
		return -1;
	setI(g, "turn", I(g, "turn") + 1);
	return lgp_matrix_phase(g);
}

