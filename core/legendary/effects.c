/*
 * legendary effects: the closed vocabulary's atoms applied (R3.1-R3.3),
 * texts to state (R3.4) and naming places and cards (R9.3).
 */
#include "core/legendary/legendary.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/legendary/play.h"

/* ---------- effects (R3) ---------- */

static void add_due(struct lg *g, const char *inst, const char *kind)
{
	int carry = !strcmp(kind, "reveal") || !strcmp(kind, "back") || !strcmp(kind, "wound") ||
		    !strcmp(kind, "strike") || !strcmp(kind, "objective");

	json_array_append_new(A(g, "due"), json_pack("{s:s,s:s,s:i,s:b}", "card", inst, "kind", kind,
						     "turn", I(g, "turn"), "carry", carry));
	lgp_ev(g, "due", "%s [%s] (%s): its text is to be stated (EFFECT %s \"...\").", cname(g, inst),
	   inst, kind, inst);
	if (carry && g->action) {
		g->halt = 1;
		g->halt_reason = "effect-pending";
	}
}

/* Removes inst from wherever it is on the board (row, CZ, Real World, Operations). */
void lgp_take_off_board(struct lg *g, const char *inst)
{
	json_t *row = A(g, "row"), *cz = A(g, "combat_zone");
	size_t i;
	const json_t *e;
	long at;

	json_array_foreach(row, i, e)
		if (!json_is_null(e) && !strcmp(json_string_value(json_object_get(e, "card")), inst))
			json_array_set_new(row, i, json_null());
	json_array_foreach(cz, i, e)
		if (!strcmp(json_string_value(json_object_get(e, "card")), inst)) {
			json_array_remove(cz, i);
			break;
		}
	if ((at = find(A(g, "real_world"), inst)) >= 0)
		json_array_remove(A(g, "real_world"), (size_t)at);
	if ((at = find(A(g, "operations"), inst)) >= 0)
		json_array_remove(A(g, "operations"), (size_t)at);
}

/* Is id among the current act's extras (R8: a card means the current act's)? */
static int extra_of_act(struct lg *g, const char *id)
{
	size_t i;
	const json_t *e;

	json_array_foreach(json_object_get(act(g), "extras"), i, e) {
		const char *s = json_string_value(e);
		size_t len = strcspn(s, " ");

		if (strlen(id) == len && !strncmp(s, id, len))
			return 1;
	}
	return 0;
}

/*
 * move-enemy (R3.1): a face-up enemy of the row or the Combat Zone (slot
 * 0) moves to the rightmost empty slot to its right (none: it stays), N
 * slots to the right (at most to Rn) or into slot K, inserting and pushing
 * as a card put into a slot does (R5.1.2). Never a Stationary card in the
 * row nor the Inevitable card (R3.5). The choice names the enemy; none
 * given, nothing moves.
 */
static int move_enemy(struct lg *g, const struct lg_atom *a)
{
	const char *v = lgp_choice(g);
	struct where w;
	json_t *row = A(g, "row");
	int n = g->p->board.nslots, from, to = -1, k, own_queue = 0;
	char inst[40];

	if (!v || lgp_is_none(v))
		return 0;
	if (lgp_locate(g, v, &w) < 0 || (w.zone != Z_ROW && w.zone != Z_CZ) || !w.inst)
		return lgp_refuse(g, "bad-choice", "%s is not a card of the row or the Combat Zone", v);
	if (!w.face_up)
		return lgp_refuse(g, "face-down", "that card is face down");
	snprintf(inst, sizeof(inst), "%s", w.inst);
	if (!strcmp(ctype(g, inst), "inevitable"))
		return lgp_refuse(g, "inevitable", "the Inevitable card cannot be moved");
	if (strcmp(ctype(g, inst), "enemy"))
		return lgp_refuse(g, "not-enemy", "%s is not an enemy", cname(g, inst));
	if (w.zone == Z_ROW && kw(g, inst, "stationary", NULL))
		return lgp_refuse(g, "stationary", "%s is Stationary", cname(g, inst));
	from = w.zone == Z_CZ ? 0 : (int)w.i + 1;
	if (!strcmp(a->word, "rightmost-free")) {
		for (k = n; k > from && to < 0; k--)
			if (json_is_null(json_array_get(row, (size_t)(k - 1))))
				to = k;
	} else if (!strcmp(a->word, "back")) {
		to = from + a->n > n ? n : from + a->n;
	} else {
		if (a->n < 1 || a->n > n)
			return lgp_refuse(g, "bad-choice", "there is no slot R%d", a->n);
		to = a->n;
	}
	if (to < 0 || to == from) {
		lgp_ev(g, "move", "%s stays where it is.", cname(g, inst));
		return 0;
	}
	lgp_take_off_board(g, inst);
	lgp_ev(g, "move", "%s moves to R%d.", cname(g, inst), to);
	if (!g->reveal_queue) {
		g->reveal_queue = json_array();
		own_queue = 1;
	}
	lgp_put_slot(g, json_pack("{s:s,s:s}", "card", inst, "face", "up"), to);
	return own_queue ? lgp_run_reveals(g) : 0;
}

int lgp_apply_atom(struct lg *g, const char *inst, const struct lg_atom *a)
{
	size_t i;

	switch (a->op) {
	case LG_ATTACK:
	case LG_RECRUIT: {
		const char *which = a->op == LG_ATTACK ? "attack" : "recruit";

		if (a->n < 0 && pool(g, which) < -a->n)
			return lgp_refuse(g, a->op == LG_ATTACK ? "no-attack" : "no-recruit",
				      a->op == LG_ATTACK ? "the attack pool holds %d, %d needed" :
				      "the recruit pool holds %d, %d needed", pool(g, which), -a->n);
		add_pool(g, which, a->n);
		return 0;
	}
	case LG_DRAW:
		return lgp_draw_cards(g, a->n);
	case LG_TIME:
		lgp_change_time(g, a->n);
		return 0;
	case LG_HEAL:
		for (i = 0; i < (size_t)a->n && json_array_size(A(g, "wounds")); i++) {
			json_t *w = A(g, "wounds");
			const char *v = lgp_choice(g);
			long best = -1;
			size_t k;
			const json_t *x;

			if (lgp_is_none(v))
				break;
			if (v && (best = lgp_find_named(w, v)) < 0)
				return lgp_refuse(g, "bad-choice", "%s is not a wound beside your avatar", v);
			if (!v)
				json_array_foreach(w, k, x)
					if (best < 0 || legendary_int(card(g, json_string_value(x)), "damage", 0) >
							legendary_int(card(g, json_string_value(json_array_get(w, (size_t)best))), "damage", 0))
						best = (long)k;
			lgp_ev(g, "heal", "%s is healed.", json_string_value(json_array_get(w, (size_t)best)));
			move_to(w, (size_t)best, A(g, "wound_discard"));
		}
		return 0;
	case LG_KO: {
		const char *v = lgp_choice(g);
		const char *zones[2] = { a->word, NULL };
		long at = -1;
		size_t z;

		if (!v || lgp_is_none(v))
			return 0;
		if (!strcmp(a->word, "hand-or-discard")) {
			zones[0] = "hand";
			zones[1] = "discard";
		}
		for (z = 0; z < 2 && zones[z]; z++)
			if ((at = lgp_find_named(A(g, zones[z]), v)) >= 0) {
				lgp_ev(g, "ko", "%s goes to Defeated Heroes.", json_string_value(json_array_get(A(g, zones[z]), (size_t)at)));
				move_to(A(g, zones[z]), (size_t)at, A(g, "defeated_heroes"));
				return 0;
			}
		return lgp_refuse(g, "bad-choice", "%s is not in your %s", v, g->fr ? legendary_french(a->word) : a->word);
	}
	case LG_GAIN_HOVERCRAFT:
		if (json_array_size(A(g, "hovercraft")))
			move_to(A(g, "hovercraft"), 0, A(g, "discard"));
		return 0;
	case LG_GAIN_EXTRA: {
		json_t *ex = A(g, "extras");
		size_t k;
		const json_t *x;
		char id[40];

		json_array_foreach(ex, k, x) {
			const char *s = json_string_value(x);

			snprintf(id, sizeof(id), "%.*s", (int)strcspn(s, "."), s);
			if (!strcmp(id, a->word) && extra_of_act(g, id)) {
				const char *t = ctype(g, s);

				lgp_ev(g, "gain", "You gain %s [%s].", cname(g, s), s);
				move_to(ex, k, !strcmp(t, "hero") ? A(g, "discard") : A(g, "operations"));
				return 0;
			}
		}
		return 0;
	}
	case LG_GAIN_DOCK: {
		const char *v = lgp_choice(g);
		struct where w;

		if (!v || lgp_is_none(v))
			return 0;
		if (lgp_locate(g, v, &w) < 0 || w.zone != Z_DOCK || !w.inst ||
		    legendary_int(card(g, w.inst), "cost", 99) > a->n)
			return lgp_refuse(g, "bad-choice", "%s is not a dock hero costing %d or less", v, a->n);
		json_array_append_new(A(g, "discard"), json_string(w.inst));
		if (json_array_size(A(g, "zion"))) {
			json_array_set(A(g, "dock"), w.i, json_array_get(A(g, "zion"), 0));
			json_array_remove(A(g, "zion"), 0);
		} else {
			json_array_set_new(A(g, "dock"), w.i, json_null());
		}
		return 0;
	}
	case LG_SCAN: {
		const char *v = lgp_choice(g);
		json_t *row = A(g, "row");
		size_t k;
		const json_t *e;
		long slot = -1;

		if (lgp_is_none(v))
			return 0;
		if (v) {
			if (toupper((unsigned char)v[0]) != 'R' || (slot = atol(v + 1) - 1) < 0 ||
			    slot >= (long)json_array_size(row))
				return lgp_refuse(g, "bad-choice", "%s is not a row slot", v);
		} else {
			json_array_foreach(row, k, e)
				if (slot < 0 && !json_is_null(e) &&
				    strcmp(json_string_value(json_object_get(e, "face")), "up"))
					slot = (long)k;
		}
		e = json_array_get(row, (size_t)(slot < 0 ? 0 : slot));
		if (slot < 0 || json_is_null(e) || !strcmp(json_string_value(json_object_get(e, "face")), "up"))
			return v ? lgp_refuse(g, "bad-choice", "%s holds no face-down card", v) : 0;
		json_object_set_new((json_t *)e, "face", json_string("up"));
		lgp_ev(g, "scan", "R%ld is scanned: %s [%s].", slot + 1,
		   cname(g, json_string_value(json_object_get(e, "card"))),
		   json_string_value(json_object_get(e, "card")));
		return lgp_reveal(g, json_string_value(json_object_get(e, "card")), "reveal");
	}
	case LG_WOUND:
		for (i = 0; i < (size_t)a->n && !g->stop; i++)
			if (lgp_take_wound(g, NULL) < 0)
				return -1;
		return 0;
	case LG_DISCARD:
		for (i = 0; i < (size_t)a->n && json_array_size(A(g, "hand")); i++) {
			json_t *hand = A(g, "hand");
			const char *v = lgp_choice(g);
			long at = -1;
			size_t k;
			const json_t *x;

			if (lgp_is_none(v))
				break;
			if (v && (at = lgp_find_named(hand, v)) < 0)
				return lgp_refuse(g, "bad-choice", "%s is not in your hand", v);
			if (!v)	/* the cheapest, then least Attack + Recruit, then the last drawn */
				json_array_foreach(hand, k, x) {
					const json_t *c = card(g, json_string_value(x)), *b;
					int cost, val, bc, bv;

					if (at < 0) {
						at = (long)k;
						continue;
					}
					b = card(g, json_string_value(json_array_get(hand, (size_t)at)));
					cost = legendary_int(c, "cost", 0);
					val = legendary_int(c, "attack", 0) + legendary_int(c, "recruit", 0);
					bc = legendary_int(b, "cost", 0);
					bv = legendary_int(b, "attack", 0) + legendary_int(b, "recruit", 0);
					if (cost < bc || (cost == bc && val <= bv))
						at = (long)k;
				}
			lgp_ev(g, "discard", "%s is discarded.", json_string_value(json_array_get(hand, (size_t)at)));
			move_to(hand, (size_t)at, A(g, "discard"));
		}
		return 0;
	case LG_EXTRA_MOVE:
		setI(g, "extra_moves", I(g, "extra_moves") + 1);
		return 0;
	case LG_PLACE: {
		char here[40];

		/* inst may be the board entry's own string, freed when it leaves the board */
		snprintf(here, sizeof(here), "%s", inst);
		lgp_take_off_board(g, here);
		json_array_append_new(A(g, !strcmp(a->word, "operations") ? "operations" : "real_world"),
				      json_string(here));
		if (!strcmp(a->word, "operations"))
			lgp_ev(g, "place", "%s goes to Operations.", cname(g, here));
		else
			lgp_ev(g, "place", "%s goes to the Real World.", cname(g, here));
		return 0;
	}
	case LG_AVATAR:
		return lgp_apply_list(g, S(g, "avatar"), "avatar", json_object_get(card(g, S(g, "avatar")), "ability"));
	case LG_DEFEAT: {
		const char *v = lgp_choice(g);
		struct where w;

		if (!v || lgp_is_none(v))
			return 0;
		if (lgp_locate(g, v, &w) < 0 || !w.inst || !w.face_up || strcmp(ctype(g, w.inst), "enemy"))
			return lgp_refuse(g, "bad-choice", "%s is not a face-up enemy", v);
		if (kw(g, w.inst, "undefeatable", NULL) && strcmp(inst, w.inst))
			return lgp_refuse(g, "undefeatable", "%s cannot be defeated", cname(g, w.inst));
		return lgp_defeat_enemy(g, w.inst);
	}
	case LG_SET_ASIDE: {
		const char *v = lgp_choice(g);
		struct where w;

		if (!v || lgp_is_none(v))
			return 0;
		if (lgp_locate(g, v, &w) < 0 || !w.inst || !w.face_up || w.zone == Z_DOCK)
			return lgp_refuse(g, "bad-choice", "%s is not a face-up card", v);
		if (!strcmp(ctype(g, w.inst), "inevitable"))
			return lgp_refuse(g, "inevitable", "the Inevitable card cannot be set aside");
		{
			char here[40];

			snprintf(here, sizeof(here), "%s", w.inst);	/* freed with its board entry */
			lgp_take_off_board(g, here);
			json_array_append_new(A(g, "aside"), json_string(here));
		}
		return 0;
	}
	case LG_MOVE_ENEMY:
		return move_enemy(g, a);
	case LG_ADVANCE:
	case LG_OFFER_MINOR:
	case LG_VICTORY_MAJOR:
		json_object_set_new(g->st, "manual_met", json_string(a->op == LG_ADVANCE ? "advance" :
								    a->op == LG_OFFER_MINOR ? "offer" : "major"));
		return 0;
	}
	return 0;
}

/* Applies a card field: atoms, or a due for "manual" (R3.4). */
int lgp_apply_list(struct lg *g, const char *inst, const char *kind, const json_t *atoms)
{
	/* R3.3: effects that come without a line (a reveal, a strike, a wound drawn) take the defaults. */
	int lineless = !strcmp(kind, "reveal") || !strcmp(kind, "back") || !strcmp(kind, "strike") ||
		       !strcmp(kind, "wound");
	json_t *choices = g->choices;
	size_t i, next = g->next_choice;
	const json_t *a;
	int rc = 0;

	if (json_is_string(atoms)) {
		add_due(g, inst, kind);
		return 0;
	}
	if (lineless)
		g->choices = NULL;
	json_array_foreach(atoms, i, a) {
		struct lg_atom atom;
		char why[160];

		if (g->stop)
			break;
		if (legendary_atom_parse(json_string_value(a), &atom, why, sizeof(why)) < 0)
			continue;	/* the pack was checked: cannot happen */
		if ((rc = lgp_apply_atom(g, inst, &atom)) < 0)
			break;
	}
	if (lineless) {
		g->choices = choices;
		g->next_choice = next;
	}
	return rc < 0 ? -1 : 0;
}

int lgp_reveal(struct lg *g, const char *inst, const char *kind)
{
	const json_t *c = card(g, inst);

	if (!strcmp(kind, "back")) {
		lgp_ev(g, "inevitable", "%s reaches the Combat Zone and turns to its back face.", cname(g, inst));
		return lgp_apply_list(g, inst, "back", json_object_get(c, "back"));
	}
	lgp_ev(g, "reveal", "Revealed: %s [%s].", cname(g, inst), inst);
	return lgp_apply_list(g, inst, "reveal", json_object_get(c, "reveal"));
}

/* ---------- places (R9.3) ---------- */

int lgp_locate(struct lg *g, const char *name, struct where *w)
{
	json_t *row = A(g, "row");
	char up[48];
	size_t i, k;
	const json_t *e;
	struct {
		char letter;
		const char *key;
		enum zone zone;
	} zones[] = { { 'R', "row", Z_ROW }, { 'Z', "combat_zone", Z_CZ }, { 'W', "real_world", Z_RW },
		      { 'O', "operations", Z_OPS }, { 'D', "dock", Z_DOCK }, { 'Q', "dock", Z_DOCK } };

	memset(w, 0, sizeof(*w));
	for (k = 0; name[k] && k < sizeof(up) - 1; k++)
		up[k] = (char)toupper((unsigned char)name[k]);
	up[k] = 0;
	if (!strncmp(up, "MR", 2) && isdigit((unsigned char)up[2]))
	{
		memmove(up, up + 1, strlen(up));	/* MR1 = W1 */
		up[0] = 'W';
	}
	for (k = 0; k < sizeof(zones) / sizeof(zones[0]); k++) {
		json_t *arr = A(g, zones[k].key);
		long n;

		if (up[0] != zones[k].letter || !isdigit((unsigned char)up[1]) ||
		    strspn(up + 1, "0123456789") != strlen(up + 1))
			continue;
		n = atol(up + 1);
		if (n < 1 || n > (long)json_array_size(arr))
			return -1;
		w->zone = zones[k].zone;
		w->i = (size_t)(n - 1);
		e = json_array_get(arr, w->i);
		if (json_is_object(e)) {
			w->inst = json_string_value(json_object_get(e, "card"));
			w->face_up = !strcmp(json_string_value(json_object_get(e, "face")), "up");
		} else {
			w->inst = json_string_value(e);
			w->face_up = 1;
		}
		return 0;
	}
	/* A card by id or instance: never a face-down one (R9.3). */
	json_array_foreach(row, i, e) {
		const char *s = json_string_value(json_object_get(e, "card"));
		json_t *one;
		int hit;

		if (!s || strcmp(json_string_value(json_object_get(e, "face")), "up"))
			continue;
		one = json_pack("[s]", s);
		hit = lgp_find_named(one, up) == 0;
		json_decref(one);
		if (hit) {
			*w = (struct where){ Z_ROW, i, s, 1 };
			return 0;
		}
	}
	json_array_foreach(A(g, "combat_zone"), i, e) {
		const char *s = json_string_value(json_object_get(e, "card"));
		json_t *one = json_pack("[s]", s);
		int hit = lgp_find_named(one, up) == 0;

		json_decref(one);
		if (hit) {
			*w = (struct where){ Z_CZ, i, s, 1 };
			return 0;
		}
	}
	{
		const char *keys[] = { "real_world", "operations", "dock" };
		enum zone zs[] = { Z_RW, Z_OPS, Z_DOCK };
		long at;

		for (k = 0; k < 3; k++)
			if ((at = lgp_find_named(A(g, keys[k]), up)) >= 0) {
				*w = (struct where){ zs[k], (size_t)at,
						     json_string_value(json_array_get(A(g, keys[k]), (size_t)at)), 1 };
				return 0;
			}
	}
	return -1;
}

