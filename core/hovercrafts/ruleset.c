/*
 * Hovercrafts behind the generic interface (core/ruleset.h): JSON in, the
 * engine's structs inside (core/hovercrafts/game.h, core/hovercrafts/turn.h), JSON out. Every die
 * is an open d6 labelled "CHECK SHIP" ("energy Minx"), so a seeded turn
 * draws exactly what the engine always drew from the turn's seed, and a
 * dice file ("energy Minx 5") is a tagged draw file.
 */
#include "core/ruleset.h"

#include <stdlib.h>
#include <string.h>

#include "core/hovercrafts/bot.h"
#include "core/hovercrafts/cases.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/narrate.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/record.h"
#include "core/hovercrafts/report.h"
#include "core/hovercrafts/setup.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"
#include "hovercrafts.h"
#include "lib/errbuf.h"
#include "lib/strbuf.h"
#include "core/picture.h"

static int draws_roll(void *ctx, enum check check, const char *ship, int *d6, char *err,
		      size_t errlen)
{
	char label[DRAW_LABEL_MAX];
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s %s", check_name(check), ship);
	if (sb.failed || strbuf_str(&sb)[0] == '\0') {
		strbuf_release(&sb);
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	strncpy(label, strbuf_str(&sb), sizeof(label) - 1);
	label[sizeof(label) - 1] = '\0';
	strbuf_release(&sb);
	return draw_die(ctx, "open", label, 6, d6, err, errlen);
}

struct dice_source hover_dice_from_draws(struct draw_source *draws)
{
	struct dice_source s = { draws_roll, draws };

	return s;
}

/* A dice file ("energy Minx 5") as a draw source, with its own messages. */
static int queue_die(void *ctx, const char *stream, const char *label, int sides, int *face,
		     char *err, size_t errlen)
{
	struct dice_source q = dice_queue_source(ctx);
	const char *space = strchr(label, ' ');
	char check[16];
	int c = -1;

	(void)stream;
	if (space && (size_t)(space - label) < sizeof(check)) {
		memcpy(check, label, (size_t)(space - label));
		check[space - label] = '\0';
		c = check_parse(check);
	}
	if (c < 0 || sides != 6) {
		errbuf_set(err, errlen, "a dice file holds only d6 checks, not '%s'", label);
		return -1;
	}
	return q.roll(q.ctx, (enum check)c, space + 1, face, err, errlen);
}

static int queue_pick(void *ctx, const char *stream, const char *label, const char *const *ids,
		      size_t n, size_t *index, char *err, size_t errlen)
{
	(void)ctx, (void)stream, (void)ids, (void)n, (void)index;
	errbuf_set(err, errlen, "a dice file holds only d6 checks, not '%s'", label);
	return -1;
}

static int queue_shuffle(void *ctx, const char *stream, const char *label,
			 const char *const *ids, size_t n, size_t *perm, char *err, size_t errlen)
{
	return queue_pick(ctx, stream, label, ids, n, perm, err, errlen);
}

static const struct draw_ops queue_ops = {
	.die = queue_die,
	.pick = queue_pick,
	.shuffle = queue_shuffle,
};

struct draw_source hover_draws_from_queue(struct dice_queue *q, struct draw_log *log)
{
	struct draw_source s = { &queue_ops, q, log };

	return s;
}

/*
 * Orders sealed before their reading was stored (RULESET_ORDERS_SEALED):
 * seat's block of the mail, unchecked, as the judge of the time read it.
 */
static json_t *hover_read_sealed(const struct game_state *st, const char *seat, const char *text,
				 const char *name, char *err, size_t errlen)
{
	struct turn_plan one[GAME_MAX_SHIPS];
	struct orders_doc doc;
	int idx = game_find_ship(st, seat ? seat : ""), autopilot = 0;
	json_t *out;

	if (idx < 0)
		return json_object();
	/* The judge marks the autopilot's (and an undone battle's copy may carry it twice). */
	while (!strncmp(text, RULESET_AUTOPILOT_MARK, strlen(RULESET_AUTOPILOT_MARK))) {
		text += strlen(RULESET_AUTOPILOT_MARK);
		autopilot = 1;
	}
	orders_doc_init(&doc);
	if (orders_parse(&doc, text, name, ORDERS_SUBMISSION, err, errlen) < 0)
		return NULL;
	turn_plans_from_orders(st, &doc, one);
	orders_doc_release(&doc);
	if (autopilot && one[idx].received)
		one[idx].received = TURN_AUTOPILOT;
	memset(one, 0, (size_t)idx * sizeof(one[0]));
	memset(one + idx + 1, 0, (st->nships - (size_t)idx - 1) * sizeof(one[0]));
	if (!(out = hover_plans_to_json(st, one)))
		errbuf_set(err, errlen, "out of memory");
	return out;
}

/* {"Minx": ["MOVE", "LEFT"], ...}: the orders of every ship that sent some. */
static json_t *hover_read_orders(const json_t *state, const char *seat, const char *text,
				 const char *name, int flags, char *err, size_t errlen)
{
	struct game_state st;
	struct orders_doc doc;
	json_t *out = NULL;
	size_t i;
	int k;

	orders_doc_init(&doc);
	if (state_from_json(&st, state, name, err, errlen) < 0)
		return NULL;
	if (flags & RULESET_ORDERS_SEALED) {
		out = hover_read_sealed(&st, seat, text, name, err, errlen);
		goto out;
	}
	if (seat && game_find_ship(&st, seat) < 0) {
		errbuf_set(err, errlen, "%s: no ship named '%s' in this game", name, seat);
		goto out;
	}
	/* One seat's file may hold its actions alone: its SHIP line is implied. */
	if (seat && !orders_find_ship_line(text)) {
		struct strbuf sb = STRBUF_INIT;
		int rc;

		strbuf_addf(&sb, "SHIP %s\n%s", seat, text);
		rc = sb.failed ? -1 : orders_parse_at(&doc, strbuf_str(&sb), name, -1,
						      (flags & RULESET_ORDERS_MAIL) ?
						      ORDERS_SUBMISSION : ORDERS_PLAIN, err, errlen);
		if (sb.failed)
			errbuf_set(err, errlen, "out of memory");
		strbuf_release(&sb);
		if (rc < 0)
			goto out;
	} else if (orders_parse(&doc, text, name, (flags & RULESET_ORDERS_MAIL) ? ORDERS_SUBMISSION :
				ORDERS_PLAIN, err, errlen) < 0) {
		goto out;
	}
	if (orders_validate(&doc, &st, name, err, errlen) < 0)
		goto out;
	for (i = 0; seat && i < doc.n; i++) {
		if (mx_strcasecmp(doc.blocks[i].ship, seat)) {
			errbuf_set(err, errlen, "%s:%d: expected orders for %s only, got SHIP %s", name,
				   doc.blocks[i].ship_line, seat, doc.blocks[i].ship);
			goto out;
		}
	}
	out = json_object();
	for (i = 0; out && i < doc.n; i++) {
		json_t *acts = json_array();
		int idx = game_find_ship(&st, doc.blocks[i].ship);

		for (k = 0; acts && k < doc.blocks[i].n; k++)
			json_array_append_new(acts, json_string(action_name(doc.blocks[i].act[k])));
		json_object_set_new(out, st.ships[idx].name, acts);
	}
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	orders_doc_release(&doc);
	game_state_release(&st);
	return out;
}

int hover_plans_from_json(const struct game_state *st, const json_t *orders,
			  struct turn_plan *plans, char *err, size_t errlen)
{
	const char *ship;
	json_t *one;

	memset(plans, 0, st->nships * sizeof(*plans));
	json_object_foreach((json_t *)orders, ship, one) {
		int idx = game_find_ship(st, ship), a;
		json_t *acts = json_is_object(one) ? json_object_get(one, "actions") : one, *v;
		size_t k;

		/* The judge's agreement (VOTE, hover_turn) is no plan: received, nothing to do. */
		if (idx >= 0 && json_is_object(one) && json_object_get(one, "judge")) {
			const char *what = json_string_value(json_object_get(one, "what"));

			plans[idx].received = 1;
			plans[idx].agreed = !what ? 0 : !strcmp(what, "draw") ? TURN_AGREED_DRAW :
					    !strcmp(what, "concede") ? TURN_AGREED_CONCEDE : 0;
			continue;
		}
		if (idx < 0 || !json_is_array(acts) || json_array_size(acts) > ORDERS_MAX_ACTIONS) {
			errbuf_set(err, errlen, "orders: expected at most %d actions for a ship of the game, got '%s'",
				   ORDERS_MAX_ACTIONS, ship);
			return -1;
		}
		plans[idx].received = json_is_true(json_object_get(one, "autopilot")) ? TURN_AUTOPILOT : 1;
		json_array_foreach(acts, k, v) {
			a = json_is_string(v) ? action_parse(json_string_value(v)) : -1;
			if (a < 0) {
				errbuf_set(err, errlen, "orders: %s: expected an action, got item %zu", ship, k);
				return -1;
			}
			plans[idx].act[plans[idx].n++] = (enum action)a;
		}
	}
	return 0;
}

json_t *hover_plans_to_json(const struct game_state *st, const struct turn_plan *plans)
{
	json_t *out = json_object();
	size_t i;
	int k;

	for (i = 0; out && i < st->nships; i++) {
		json_t *acts;

		if (!plans[i].received)
			continue;
		/* Kept through any rebuild of the plans (the autopilot's): hover_turn plays it. */
		if (plans[i].agreed) {
			json_object_set_new(out, st->ships[i].name,
					    json_pack("{s:s,s:s}", "judge", "agree", "what",
						      plans[i].agreed == TURN_AGREED_DRAW ? "draw" : "concede"));
			continue;
		}
		acts = json_array();
		for (k = 0; acts && k < plans[i].n; k++)
			json_array_append_new(acts, json_string(action_name(plans[i].act[k])));
		if (plans[i].received == TURN_AUTOPILOT)
			json_object_set_new(out, st->ships[i].name,
					    json_pack("{s:o,s:b}", "actions", acts, "autopilot", 1));
		else
			json_object_set_new(out, st->ships[i].name, acts);
	}
	return out;
}

json_t *hover_outcome(const struct game_state *st, const struct event_list *ev)
{
	return json_pack("{s:o,s:o,s:o}", "state", state_to_json(st), "events",
			 events_to_json(st, ev), "story", narrate_json(st, ev));
}

/*
 * The ships of orders whose entry is the judge's agreement {"judge":
 * "agree", "what": W} (a VOTE that passed) into agreed; W, or NULL when
 * there is none (or -1 in *bad for a judge's order the game cannot read).
 */
static const char *hover_agreed(const struct game_state *st, const json_t *orders,
				unsigned char *agreed, char *err, size_t errlen, int *bad)
{
	const char *ship, *what = NULL;
	json_t *one;

	*bad = 0;
	memset(agreed, 0, st->nships);
	json_object_foreach((json_t *)orders, ship, one) {
		const char *judge = json_is_object(one) ? json_string_value(json_object_get(one, "judge")) : NULL;
		const char *w = json_string_value(json_object_get(one, "what"));
		int idx = game_find_ship(st, ship);

		if (!judge)
			continue;
		if (strcmp(judge, "agree") || !w || idx < 0 || (what && strcmp(w, what))) {
			errbuf_set(err, errlen, "orders: %s: expected the judge's agreement to the same "
				   "draw or concession as the other ships", ship);
			*bad = 1;
			return NULL;
		}
		what = w;
		agreed[idx] = 1;
	}
	return what;
}

int hover_turn(struct game_state *st, const json_t *orders, struct draw_source *draws,
	       struct turn_plan *plans, struct event_list *ev, char *err, size_t errlen)
{
	struct dice_source dice = hover_dice_from_draws(draws);
	unsigned char agreed[GAME_MAX_SHIPS];
	const char *what;
	int bad;

	if (hover_plans_from_json(st, orders, plans, err, errlen) < 0)
		return -1;
	what = hover_agreed(st, orders, agreed, err, errlen, &bad);
	if (bad)
		return -1;
	/* A vote that passed ends the battle instead of the turn's phases. */
	if (what)
		return turn_agree(st, what, agreed, ev, err, errlen);
	return turn_resolve(st, plans, &dice, ev, err, errlen);
}

/* The agree hook: the draw or concession of the ships named in seats. */
static json_t *hover_agree(const json_t *state, const char *what, const json_t *seats, char *err,
			   size_t errlen)
{
	struct game_state st;
	struct event_list ev;
	unsigned char agreed[GAME_MAX_SHIPS];
	json_t *out = NULL, *v;
	size_t i;

	event_list_init(&ev);
	if (state_from_json(&st, state, "state", err, errlen) < 0)
		return NULL;
	memset(agreed, 0, sizeof(agreed));
	json_array_foreach(seats, i, v) {
		int idx = game_find_ship(&st, json_string_value(v) ? json_string_value(v) : "");

		if (idx < 0) {
			errbuf_set(err, errlen, "no ship '%s' in the battle",
				   json_string_value(v) ? json_string_value(v) : "");
			goto out;
		}
		agreed[idx] = 1;
	}
	if (turn_agree(&st, what, agreed, &ev, err, errlen) < 0)
		goto out;
	if (!(out = state_to_json(&st)))
		errbuf_set(err, errlen, "out of memory");
out:
	event_list_release(&ev);
	game_state_release(&st);
	return out;
}

static json_t *hover_resolve(const json_t *state, const json_t *orders, struct draw_source *draws,
			     char *err, size_t errlen)
{
	struct game_state st;
	struct turn_plan plans[GAME_MAX_SHIPS];
	struct event_list ev;
	json_t *out = NULL;

	event_list_init(&ev);
	if (state_from_json(&st, state, "state", err, errlen) < 0)
		return NULL;
	if (hover_turn(&st, orders, draws, plans, &ev, err, errlen) < 0)
		goto out;
	out = hover_outcome(&st, &ev);
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	event_list_release(&ev);
	game_state_release(&st);
	return out;
}

/* A board from settings: "map" {"width","height","walls"} or a drawn one. */
static int board_from_settings(struct game_state *st, const json_t *settings,
			       struct draw_source *draws, char *err, size_t errlen)
{
	const json_t *map = json_object_get(settings, "map");
	int seed;

	if (map) {
		json_t *probe = json_pack("{s:s,s:i,s:O,s:[]}", "game", "hovercrafts", "turn", 1, "map", map,
					  "ships");
		int rc = probe ? state_from_json(st, probe, "settings", err, errlen) : -1;

		if (!probe)
			errbuf_set(err, errlen, "out of memory");
		json_decref(probe);
		return rc;
	}
	/* The board's own seed is an open draw, so the log replays it too. */
	if (draw_die(draws, "open", "board", 0x7fffffff, &seed, err, errlen) < 0)
		return -1;
	return setup_random_map(&st->map, (int)json_integer_value(json_object_get(settings, "width")),
				(int)json_integer_value(json_object_get(settings, "height")),
				(int)json_integer_value(json_object_get(settings, "density")),
				(uint64_t)seed, err, errlen);
}

static json_t *hover_setup(const json_t *settings, const json_t *data, const json_t *seats,
			   struct draw_source *draws, char *err, size_t errlen)
{
	struct game_state st;
	struct event_list ev;
	struct dice_source dice = hover_dice_from_draws(draws);
	enum team first;
	json_t *out = NULL, *seat;
	size_t i;

	(void)data;
	game_state_init(&st);
	event_list_init(&ev);
	if (board_from_settings(&st, settings, draws, err, errlen) < 0)
		goto out;
	strcpy(st.game, "hovercrafts");
	st.turn = 1;
	json_array_foreach(seats, i, seat) {
		struct ship s;
		const char *name = json_string_value(json_object_get(seat, "name"));
		int team = team_parse(json_string_value(json_object_get(seat, "side")) ?
				      json_string_value(json_object_get(seat, "side")) : "");

		memset(&s, 0, sizeof(s));
		ship_set_defaults(&s);
		if (!name || team < 0 || strlen(name) >= sizeof(s.name)) {
			errbuf_set(err, errlen, "seats[%zu]: expected a ship name and a side (zion or machines)", i);
			goto out;
		}
		strcpy(s.name, name);
		s.team = (enum team)team;
		if (game_add_ship(&st, &s) < 0) {
			errbuf_set(err, errlen, "seats[%zu]: out of memory", i);
			goto out;
		}
	}
	if (setup_place_fleets(&st, &dice, &ev, &first, err, errlen) < 0 ||
	    turn_roll_energy(&st, &dice, &ev, err, errlen) < 0)
		goto out;
	out = hover_outcome(&st, &ev);
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	event_list_release(&ev);
	game_state_release(&st);
	return out;
}

static int hover_check_settings(const json_t *settings, const json_t *data, char *err,
				size_t errlen)
{
	(void)data;
	if (json_integer_value(json_object_get(settings, "width")) < 2) {
		errbuf_set(err, errlen, "width: expected at least 2 columns, one for each side's start");
		return -1;
	}
	return 0;
}

static int hover_check_seat(const json_t *settings, const json_t *seats, const json_t *seat,
			    char *err, size_t errlen)
{
	const char *side = json_string_value(json_object_get(seat, "side"));
	const char *name = json_string_value(json_object_get(seat, "name"));
	json_int_t rows = json_integer_value(json_object_get(settings, "height"));
	json_t *other;
	size_t i;
	int same = 0;

	if (!side || team_parse(side) < 0) {
		errbuf_set(err, errlen, "expected a side: zion or machines");
		return -1;
	}
	json_array_foreach(seats, i, other) {
		const char *o = json_string_value(json_object_get(other, "name"));
		const char *s = json_string_value(json_object_get(other, "side"));

		if (name && o && !mx_strcasecmp(name, o)) {
			errbuf_set(err, errlen, "a ship named '%s' is already in the game", o);
			return -1;
		}
		same += s && !strcmp(s, side);
	}
	/* A side starts in its edge column, a ship a row (map_place_fleets). */
	if (same >= rows || json_array_size(seats) >= GAME_MAX_SHIPS) {
		errbuf_set(err, errlen, "no room for another %s ship (the board has %d row%s)", side,
			   (int)rows, rows == 1 ? "" : "s");
		return -1;
	}
	return 0;
}

static json_t *hover_waiting_for(const json_t *state)
{
	struct game_state st;
	char err[256];
	json_t *out = json_array();
	size_t i;

	if (!out || state_from_json(&st, state, "state", err, sizeof(err)) < 0)
		return out;
	for (i = 0; st.winner == WINNER_NONE && i < st.nships; i++)
		if (ship_is_active(&st.ships[i]))
			json_array_append_new(out, json_string(st.ships[i].name));
	game_state_release(&st);
	return out;
}

static json_t *hover_status(const json_t *state)
{
	const char *w = json_string_value(json_object_get(state, "winner"));
	json_t *out = json_pack("{s:b,s:s?}", "over", w && strcmp(w, "none"), "result", w);

	/* How `process` tells a battle's end (mxjudge(1)). */
	if (out && w && strcmp(w, "none"))
		json_object_set_new(out, "said", json_string(!strcmp(w, "draw") ?
			"the battle is over: a draw" : !strcmp(w, "zion") ?
			"the battle is over: Zion wins" : "the battle is over: the Machines win"));
	return out;
}

static json_t *hover_order_form(const json_t *state, const char *seat)
{
	struct game_state st;
	struct strbuf sb = STRBUF_INIT;
	char err[256];
	json_t *out = NULL;
	int idx, k;

	if (state_from_json(&st, state, "state", err, sizeof(err)) < 0)
		return NULL;
	idx = game_find_ship(&st, seat);
	if (idx >= 0 && ship_is_active(&st.ships[idx])) {
		strbuf_addf(&sb, "SHIP %s\n", st.ships[idx].name);
		for (k = 0; k < st.ships[idx].actions; k++)
			strbuf_addf(&sb, "%d-\n", k + 1);
		if (!sb.failed)
			out = json_string(strbuf_str(&sb));
	}
	strbuf_release(&sb);
	game_state_release(&st);
	return out;
}

/*
 * A mail of orders is Hovercrafts' own envelope: SHIP blocks, as many as
 * the captain commands, and UPGRADE lines between battles.
 */
static json_t *hover_parse_orders(const char *text, const char *name, char *err, size_t errlen)
{
	struct orders_doc doc;
	json_t *out = NULL, *seats;
	size_t i;

	orders_doc_init(&doc);
	if (orders_parse(&doc, text, name, ORDERS_SUBMISSION, err, errlen) < 0)
		goto out;
	/* Mail's bytes as written, UTF-8 or not: the judge's checks name them. */
	seats = json_array();
	for (i = 0; seats && i < doc.n; i++)
		json_array_append_new(seats, json_pack("{s:o,s:i}", "name",
						       json_string_nocheck(doc.blocks[i].ship), "line",
						       doc.blocks[i].ship_line));
	out = json_pack("{s:o,s:i,s:o,s:o,s:i,s:o}", "game", json_string_nocheck(doc.game),
			"game_line", doc.game_line, "password", json_string_nocheck(doc.password),
			"code", json_string_nocheck(doc.code), "turn", doc.turn, "seats", seats);
	if (out && json_array_size(seats) != doc.n) {
		json_decref(out);
		out = NULL;
	}
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	orders_doc_release(&doc);
	return out;
}

/* The orders as the judge read them: one block, or every block. */
static json_t *hover_understood(const char *text, const char *name, int i)
{
	struct orders_doc doc;
	struct strbuf sb = STRBUF_INIT;
	char err[256];
	json_t *out = NULL;
	size_t k;

	orders_doc_init(&doc);
	if (orders_parse(&doc, text, name, ORDERS_SUBMISSION, err, sizeof(err)) < 0)
		goto out;
	for (k = i < 0 ? 0 : (size_t)i; k < doc.n; k++) {
		char *one = orders_format(&doc.blocks[k]);

		if (!one)
			goto out;
		strbuf_addstr(&sb, one);
		free(one);
		if (i >= 0)
			break;
		if (!doc.blocks[k].n)
			strbuf_addstr(&sb, "(no actions: idle all turn)\n");
	}
	if (!sb.failed)
		out = json_string_nocheck(strbuf_str(&sb));
out:
	strbuf_release(&sb);
	orders_doc_release(&doc);
	return out;
}

/* The receipt's "ships": each block's actions, numbered (mxjudge-templates(5)). */
static json_t *hover_receipt(const char *text, const char *name)
{
	struct orders_doc doc;
	char err[256];
	json_t *ships = NULL;
	size_t i;

	orders_doc_init(&doc);
	if (orders_parse(&doc, text, name, ORDERS_SUBMISSION, err, sizeof(err)) < 0)
		goto out;
	ships = json_array();
	for (i = 0; ships && i < doc.n; i++) {
		json_t *acts = json_array();
		int k;

		for (k = 0; k < doc.blocks[i].n; k++)
			json_array_append_new(acts, json_pack("{s:i,s:s}", "n", k + 1, "action",
							      action_name(doc.blocks[i].act[k])));
		json_array_append_new(ships, json_pack("{s:o,s:o}", "ship",
						       json_string_nocheck(doc.blocks[i].ship),
						       "actions", acts));
	}
out:
	orders_doc_release(&doc);
	return ships ? json_pack("{s:o}", "ships", ships) : NULL;
}

/* The reminder's words for a ship: its actions this turn, a numbered line for each. */
static json_t *hover_seat_summary(const json_t *state, const char *seat)
{
	struct game_state st;
	char err[256];
	json_t *out = NULL, *slots;
	int idx, n;

	if (state_from_json(&st, state, "state", err, sizeof(err)) < 0)
		return NULL;
	idx = game_find_ship(&st, seat);
	if (idx < 0) {
		out = json_object();
	} else {
		const struct ship *sh = &st.ships[idx];

		out = json_pack("{s:s,s:i,s:b,s:[]}", "ship", sh->name, "actions", sh->actions,
				"one_action", sh->actions == 1, "slots");
		slots = json_object_get(out, "slots");
		for (n = 1; out && n <= sh->actions; n++)
			json_array_append_new(slots, json_pack("{s:i}", "n", n));
	}
	game_state_release(&st);
	return out;
}

static json_t *hover_bot(const json_t *state, const char *seat, struct draw_source *draws,
			 char *err, size_t errlen)
{
	struct game_state st;
	struct turn_plan plans[GAME_MAX_SHIPS];
	unsigned char mine[GAME_MAX_SHIPS];
	struct bot bot;
	json_t *out = NULL;
	int idx;

	(void)draws;	/* the bot uses no dice */
	if (state_from_json(&st, state, "state", err, errlen) < 0)
		return NULL;
	idx = game_find_ship(&st, seat);
	if (idx < 0) {
		errbuf_set(err, errlen, "no ship named '%s'", seat);
		goto out;
	}
	memset(mine, 0, sizeof(mine));
	memset(plans, 0, sizeof(plans));
	mine[idx] = ship_is_active(&st.ships[idx]);
	bot_init(&bot);
	if (bot_plan_all(&bot, &st, mine, plans, err, errlen) == 0) {
		plans[idx].received = mine[idx] ? TURN_AUTOPILOT : 0;
		out = hover_plans_to_json(&st, plans);
	}
	bot_release(&bot);
out:
	game_state_release(&st);
	return out;
}

/*
 * The autopilot plans the silent ships of seats together, with the plans
 * already in, and says so in its sealed text ("AUTOPILOT" first in the
 * understood text, as the reports and replays read it).
 */
static json_t *hover_bots(const json_t *state, const json_t *orders, const json_t *seats,
			  const char *campaign, int turn, struct draw_source *draws, char *err,
			  size_t errlen)
{
	struct game_state st;
	struct turn_plan plans[GAME_MAX_SHIPS];
	unsigned char mine[GAME_MAX_SHIPS];
	struct bot bot;
	json_t *out = NULL;
	size_t i, k;
	int a, any = 0;

	(void)draws;	/* the bot uses no dice */
	if (state_from_json(&st, state, "state", err, errlen) < 0)
		return NULL;
	if (hover_plans_from_json(&st, orders, plans, err, errlen) < 0)
		goto out;
	memset(mine, 0, sizeof(mine));
	for (i = 0; i < st.nships; i++) {
		int named = 0;

		for (k = 0; k < json_array_size(seats) && !named; k++)
			named = !mx_strcasecmp(json_string_value(json_array_get(seats, k)),
					       st.ships[i].name);
		mine[i] = named && ship_is_active(&st.ships[i]) && !plans[i].received;
		any |= mine[i];
	}
	if (!(out = json_object())) {
		errbuf_set(err, errlen, "out of memory");
		goto out;
	}
	if (!any)
		goto out;
	bot_init(&bot);
	a = bot_plan_all(&bot, &st, mine, plans, err, errlen);
	bot_release(&bot);
	if (a < 0) {
		json_decref(out);
		out = NULL;
		goto out;
	}
	for (i = 0; out && i < st.nships; i++) {
		const char *name = st.ships[i].name;
		struct strbuf raw = STRBUF_INIT, said = STRBUF_INIT;
		json_t *acts = json_array();

		if (!mine[i]) {
			json_decref(acts);
			continue;
		}
		strbuf_addf(&raw, "; no orders were received: the autopilot flies %s\n"
			    "GAME %s\nSHIP %s\nTURN %d\n", name, campaign, name, turn);
		strbuf_addf(&said, "AUTOPILOT\nSHIP %s\n", name);
		for (a = 0; a < plans[i].n; a++) {
			strbuf_addf(&raw, "%d-%s\n", a + 1, action_name(plans[i].act[a]));
			strbuf_addf(&said, "%d-%s\n", a + 1, action_name(plans[i].act[a]));
			json_array_append_new(acts, json_string(action_name(plans[i].act[a])));
		}
		strbuf_addstr(&raw, "END\n");
		if (raw.failed || said.failed || !acts ||
		    json_object_set_new(out, name, json_pack("{s:{s:o,s:b},s:s,s:s}", "orders",
							     "actions", acts, "autopilot", 1,
							     "text", strbuf_str(&raw),
							     "understood", strbuf_str(&said)))) {
			json_decref(out);
			out = NULL;
		}
		strbuf_release(&raw);
		strbuf_release(&said);
	}
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	game_state_release(&st);
	return out;
}

/*
 * Each ship's record after a turn (core/hovercrafts/record.h): its damage,
 * the disablings it suffered and dealt, and a win when its side won.
 */
static json_t *hover_turn_records(const json_t *data, const json_t *outcome, char *err,
				  size_t errlen)
{
	struct game_state st;
	const char *seat;
	json_t *out, *one;

	if (state_from_json(&st, json_object_get(outcome, "state"), "state", err, errlen) < 0)
		return NULL;
	out = json_object();
	json_object_foreach((json_t *)data, seat, one) {
		int idx = game_find_ship(&st, seat);
		char *text = NULL;
		struct hover_record r;
		json_t *e, *mine = NULL;
		size_t k;

		if (!out || idx < 0)
			continue;
		text = json_dumps(one, JSON_COMPACT | JSON_PRESERVE_ORDER);
		if (!text || hover_record_from_json(&r, text)) {
			errbuf_set(err, errlen, "seat %s: its data is not a ship's record: %.200s", seat,
				   text ? text : "(out of memory)");
			free(text);
			json_decref(out);
			out = NULL;
			goto out;
		}
		free(text);
		r.damage = st.ships[idx].damage;
		json_array_foreach(json_object_get(outcome, "events"), k, e) {
			const char *who = json_string_value(json_object_get(e, "ship"));
			const char *by = json_string_value(json_object_get(e, "other"));

			if (strcmp(json_string_value(json_object_get(e, "type")) ?
				   json_string_value(json_object_get(e, "type")) : "", "disabled"))
				continue;
			r.times_disabled += who && !strcmp(who, st.ships[idx].name);
			r.kills += by && !strcmp(by, st.ships[idx].name);
		}
		if ((st.winner == WINNER_ZION && st.ships[idx].team == TEAM_ZION) ||
		    (st.winner == WINNER_MACHINES && st.ships[idx].team == TEAM_MACHINES))
			r.wins++;
		text = hover_record_to_json(&r, NULL);
		mine = text ? json_loads(text, 0, NULL) : NULL;
		free(text);
		if (!mine || json_object_set_new(out, seat, mine)) {
			json_decref(out);
			out = NULL;
		}
	}
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	game_state_release(&st);
	return out;
}

/* Its own case files (core/hovercrafts/cases.h), each case run. */
static json_t *hover_cases(const char *text, const char *name, char *err, size_t errlen)
{
	struct case_file cf;
	json_t *out;
	size_t k;

	if (case_file_parse(&cf, text, name, err, errlen) < 0)
		return NULL;
	out = json_array();
	for (k = 0; out && k < cf.n; k++) {
		struct strbuf report = STRBUF_INIT;
		int r = case_run(&cf.cases[k], name, &report);

		if (json_array_append_new(out, json_pack("{s:s, s:s, s:b, s:s}", "name",
							 cf.cases[k].name, "ruling", cf.cases[k].ruling,
							 "passed", r == 1, "report",
							 r < 0 || report.failed ? "  out of memory\n"
										: strbuf_str(&report)))) {
			json_decref(out);
			out = NULL;
		}
		strbuf_release(&report);
	}
	if (!out)
		errbuf_set(err, errlen, "%s: out of memory", name);
	case_file_release(&cf);
	return out;
}

static const char *const hover_sides[] = { "zion", "machines", NULL };

static const struct ruleset_setting hover_settings[] = {
	{ "width", SETTING_INT, 2, MAP_MAX_SIDE, NULL, "10", "columns of the board", 1 },
	{ "height", SETTING_INT, 1, MAP_MAX_SIDE, NULL, "6", "rows of the board", 1 },
	{ "density", SETTING_INT, 0, 600, NULL, "100", "walls of a drawn board, in permille", 1 },
	{ "phase_maps", SETTING_BOOL, 0, 0, NULL, "false",
	  "reports show the board after every phase where a ship moved", 0 },
	{ NULL, 0, 0, 0, NULL, NULL, NULL, 0 }
};

static const struct ruleset_tool hover_tools[] = {
	{ "map", "boards: list, show, check, generate" },
	{ "scenario", "the goals of a battle: list, show, check" },
	{ "simulate", "bot battles by the thousand, to tune costs" },
	{ NULL, NULL }
};

const struct ruleset hovercrafts_ruleset = {
	.name = "hovercrafts",
	.title = "Hovercrafts: the Battle for the Real",
	.flags = RULESET_SERIES | RULESET_SEAT_PER_ROW | RULESET_NO_ROOT,
	.seat_word = "SHIP",
	.sides = hover_sides,
	.min_seats = 2,
	.max_seats = GAME_MAX_SHIPS,
	.settings = hover_settings,
	.data_kinds = NULL,
	.tools = hover_tools,
	.man_page = "mxjudge-hovercrafts(7)",
	.rules_version = GAME_RULES_CURRENT,
	.order_help = report_spellings,
	.check_settings = hover_check_settings,
	.check_seat = hover_check_seat,
	.setup = hover_setup,
	.waiting_for = hover_waiting_for,
	.read_orders = hover_read_orders,
	.resolve = hover_resolve,
	.status = hover_status,
	.view = NULL,
	.order_form = hover_order_form,
	.parse_orders = hover_parse_orders,
	.understood = hover_understood,
	.receipt = hover_receipt,
	.orders_word = "actions",
	.seat_summary = hover_seat_summary,
	.bot = hover_bot,
	.bots = hover_bots,
	.turn_records = hover_turn_records,
	.agree = hover_agree,
	.record = NULL,
	.cases = hover_cases,
	.draw = hover_picture,
};
