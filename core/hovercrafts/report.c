/*
 * report: the data model of every Hovercrafts report, bulletin and
 * `report --json` (mxjudge-templates(5)); report.h.
 */
#include "report.h"

#include <string.h>

#include "hexmap.h"
#include "lib/strbuf.h"
#include "narrate.h"
#include "scenario.h"
#include "turn.h"

const char *report_spellings(void)
{
	/* Two lines, so "Actions: " and the list fit 80 columns. */
	return "MOVE (M, F, FORWARD), LEFT (L), RIGHT (R), LAND (H, HOLD, LANDING),\n"
	       "  EMP (E, PULSE; once a turn), REPAIR (REP, FIX)";
}

static void fleet_table(const struct game_state *st, struct strbuf *sb)
{
	size_t i;

	strbuf_addstr(sb, "  Tag  Ship          Team          Hex  Face  Hull  Sh Ba En  Status    Next");
	for (i = 0; i < st->nships; i++) {
		const struct ship *s = &st->ships[i];
		char tag[HEXMAP_TAG_MAX], hex[HEX_LABEL_MAX], hull[16];

		hexmap_ship_tag(st, i, tag, sizeof(tag));
		hex_format(s->pos, hex, sizeof(hex));
		strcpy(hull, "?");
		{
			struct strbuf h = STRBUF_INIT;

			strbuf_addf(&h, "%d/%d", ship_hull_left(s), s->stat[STAT_HULL]);
			strncpy(hull, strbuf_str(&h), sizeof(hull) - 1);
			hull[sizeof(hull) - 1] = '\0';
			strbuf_release(&h);
		}
		strbuf_addf(sb, "\n  %-4s %-13.13s %-13s %-4s %-5s %-5s %2d %2d %2d  %-9s", tag, s->name,
			    team_title(s->team), ship_is_active(s) ? hex : "-",
			    ship_is_active(s) ? facing_name(s->facing) : "-", hull,
			    s->stat[STAT_SHIELD], s->stat[STAT_BALLISTIC], s->stat[STAT_ENERGY],
			    status_name(s->status));
		if (ship_is_active(s) && s->actions)
			strbuf_addf(sb, " %d act.", s->actions);
		/* No trailing blanks in mail. */
		while (sb->len && sb->buf[sb->len - 1] == ' ')
			sb->buf[--sb->len] = '\0';
	}
}

static json_t *orders_json(const struct game_state *st, const struct turn_plan *plans)
{
	json_t *arr = json_array();
	size_t i;
	int k;

	for (i = 0; arr && plans && i < st->nships; i++) {
		struct strbuf sb = STRBUF_INIT;

		if (!plans[i].received)
			strbuf_addstr(&sb, "no moves received (idle)");
		else if (plans[i].received == TURN_AUTOPILOT)
			strbuf_addstr(&sb, "no moves received; the autopilot: ");
		for (k = 0; plans[i].received && k < plans[i].n; k++)
			strbuf_addf(&sb, "%s%d-%s", k ? ", " : "", k + 1, action_name(plans[i].act[k]));
		if (plans[i].received && !plans[i].n)
			strbuf_addstr(&sb, "no actions (idle)");
		json_array_append_new(arr, json_pack("{s:s,s:s,s:b}", "ship", st->ships[i].name,
						     "text", strbuf_str(&sb), "received", plans[i].received));
		strbuf_release(&sb);
	}
	return arr;
}

static json_t *ships_json(const struct game_state *st, const char *const *captains)
{
	json_t *arr = json_array();
	size_t i;

	for (i = 0; arr && i < st->nships; i++) {
		const struct ship *s = &st->ships[i];
		char tag[HEXMAP_TAG_MAX], hex[HEX_LABEL_MAX];
		json_t *o;

		hexmap_ship_tag(st, i, tag, sizeof(tag));
		hex_format(s->pos, hex, sizeof(hex));
		o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:s,s:b}",
			      "tag", tag, "name", s->name, "team", team_name(s->team),
			      "team_title", team_title(s->team), "hex", ship_is_active(s) ? hex : "-",
			      "facing", ship_is_active(s) ? facing_name(s->facing) : "-",
			      "hull", s->stat[STAT_HULL], "hull_left", ship_hull_left(s),
			      "shield", s->stat[STAT_SHIELD], "ballistic", s->stat[STAT_BALLISTIC],
			      "energy", s->stat[STAT_ENERGY], "damage", s->damage, "actions", s->actions,
			      "status", status_name(s->status), "active", ship_is_active(s));
		if (o && captains && captains[i])
			json_object_set_new(o, "captain", json_string(captains[i]));
		json_array_append_new(arr, o);
	}
	return arr;
}

static const char *winner_line(enum winner w)
{
	switch (w) {
	case WINNER_ZION:
		return "ZION WINS THE BATTLE: every ship of the Machines is out.";
	case WINNER_MACHINES:
		return "THE MACHINES WIN THE BATTLE: every ship of Zion is out.";
	case WINNER_DRAW:
		return "THE BATTLE IS A DRAW: both fleets are out.";
	default:
		return NULL;
	}
}

const char *report_agreed_line(const struct event_list *ev)
{
	size_t i;

	for (i = 0; ev && i < ev->n; i++) {
		if (ev->ev[i].type != EV_VICTORY || !ev->ev[i].score)
			continue;
		if (ev->ev[i].score == TURN_AGREED_DRAW)
			return "THE BATTLE IS A DRAW: every captain in play agreed to it.";
		return ev->ev[i].value == WINNER_ZION ?
		       "ZION WINS THE BATTLE: the Machines conceded." :
		       "THE MACHINES WIN THE BATTLE: Zion conceded.";
	}
	return NULL;
}

/* Follows the events over a copy of the state before the turn. */
static void apply_event(struct game_state *st, const struct event *e)
{
	struct ship *s;

	if (e->ship < 0 || (size_t)e->ship >= st->nships)
		return;
	s = &st->ships[e->ship];
	switch (e->type) {
	case EV_MOVE:
		s->pos = e->to;
		break;
	case EV_ACTION:
		if (e->action == ACT_LEFT || e->action == ACT_RIGHT)
			s->facing = (enum facing)e->value;
		break;
	case EV_OFF_MAP:
		s->status = SHIP_OFF_MAP;
		break;
	case EV_DISABLED:
		s->status = SHIP_DISABLED;
		break;
	case EV_DAMAGE:
	case EV_REPAIR:
		s->damage = s->stat[STAT_HULL] - e->score;
		break;
	default:
		break;
	}
}

/* Adds "phase_map" to every paragraph of the story whose phase moved a ship. */
static int add_phase_maps(json_t *story, const struct game_state *before, const struct event_list *l)
{
	struct game_state st;
	struct hexmap_options mopt = { 0, 0 };
	size_t i, k;
	int moved = 0, rc = -1;

	if (game_state_copy(&st, before) < 0)
		return -1;
	for (i = 0; i <= l->n; i++) {
		const struct event *e = i < l->n ? &l->ev[i] : NULL;
		json_t *para;

		/* A phase ends where the next begins, or where the turn's end starts. */
		if (i > 0 && moved && (!e || e->phase != l->ev[i - 1].phase)) {
			struct strbuf map = STRBUF_INIT;

			if (hexmap_render(&st, &mopt, &map) < 0) {
				strbuf_release(&map);
				goto out;
			}
			while (map.len && map.buf[map.len - 1] == '\n')
				map.buf[--map.len] = '\0';
			json_array_foreach(story, k, para)
				if (json_integer_value(json_object_get(para, "phase")) == l->ev[i - 1].phase)
					json_object_set_new(para, "phase_map", json_string(strbuf_str(&map)));
			strbuf_release(&map);
			moved = 0;
		}
		if (!e)
			break;
		apply_event(&st, e);
		if (e->phase && (e->type == EV_MOVE || e->type == EV_OFF_MAP))
			moved = 1;
	}
	rc = 0;
out:
	game_state_release(&st);
	return rc;
}

json_t *report_model(const struct report_input *in)
{
	const struct game_state *st = in->after;
	struct hexmap_options mopt = { 1, 0 };
	struct strbuf map = STRBUF_INIT, table = STRBUF_INIT;
	json_t *m = json_object(), *story = NULL;

	if (!m)
		goto fail;
	story = narrate_json(st, in->events);
	if (!story || hexmap_render(st, &mopt, &map) < 0)
		goto fail;
	if (in->phase_maps && in->before && add_phase_maps(story, in->before, in->events) < 0)
		goto fail;
	fleet_table(st, &table);
	if (table.failed)
		goto fail;
	while (map.len && map.buf[map.len - 1] == '\n')
		map.buf[--map.len] = '\0';
	json_object_set_new(m, "campaign", json_string(in->campaign ? in->campaign : ""));
	json_object_set_new(m, "game", json_string(st->game));
	json_object_set_new(m, "turn", json_integer(in->turn));
	json_object_set_new(m, "next_turn", json_integer(in->turn + 1));
	json_object_set_new(m, "resolved_at", json_string(in->resolved_at ? in->resolved_at : ""));
	json_object_set_new(m, "deadline", in->deadline ? json_string(in->deadline) : json_null());
	json_object_set_new(m, "phases", story);
	story = NULL;
	json_object_set_new(m, "map", json_string(strbuf_str(&map)));
	json_object_set_new(m, "fleet_table", json_string(strbuf_str(&table)));
	json_object_set_new(m, "ships", ships_json(st, in->captains));
	json_object_set_new(m, "orders", orders_json(st, in->plans));
	json_object_set_new(m, "has_orders", json_boolean(in->plans != NULL));
	json_object_set_new(m, "winner", st->winner ? json_string(winner_name(st->winner)) : json_null());
	/* Ended by a vote (turn_agree), or a scenario says how (goals, turn limit). */
	if (report_agreed_line(in->events))
		json_object_set_new(m, "winner_line", json_string(report_agreed_line(in->events)));
	else if (scenario_result(st))
		json_object_set_new(m, "winner_line", json_string(scenario_result(st)));
	else if (winner_line(st->winner))
		json_object_set_new(m, "winner_line", json_string(winner_line(st->winner)));
	json_object_set_new(m, "spellings", json_string(report_spellings()));
	strbuf_release(&map);
	strbuf_release(&table);
	return m;
fail:
	strbuf_release(&map);
	strbuf_release(&table);
	json_decref(story);
	json_decref(m);
	return NULL;
}

int report_for_captain(json_t *model, const struct game_state *after, int ship,
		       const char *captain, const char *code)
{
	const struct ship *s;
	json_t *c, *ships, *one, *slots;
	int k;

	if (ship < 0 || (size_t)ship >= after->nships)
		return -1;
	s = &after->ships[ship];
	c = json_object_get(model, "captain");
	if (!c) {
		c = json_pack("{s:s,s:[]}", "name", captain ? captain : "", "ships");
		if (!c || json_object_set_new(model, "captain", c) < 0)
			return -1;
	}
	ships = json_object_get(c, "ships");
	slots = json_array();
	for (k = 1; slots && k <= s->actions; k++)
		json_array_append_new(slots, json_pack("{s:i}", "n", k));
	one = json_pack("{s:s,s:s,s:s,s:i,s:b,s:o,s:b}", "ship", s->name, "team", team_name(s->team),
			"team_title", team_title(s->team), "actions", s->actions,
			"one_action", s->actions == 1, "slots", slots, "active", ship_is_active(s));
	if (!one)
		return -1;
	if (code && *code)
		json_object_set_new(one, "code", json_string(code));
	if (!ship_is_active(s))
		json_object_set_new(one, "out", json_string(status_name(s->status)));
	return json_array_append_new(ships, one);
}
