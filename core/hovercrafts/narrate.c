/*
 * narrate: a turn's events told in plain English, dice shown as in
 * the rules' sample game; narrate.h.
 */
#include "narrate.h"
#include "turn.h"

#include <string.h>

static const char *name_of(const struct game_state *st, int i)
{
	return (i >= 0 && (size_t)i < st->nships) ? st->ships[i].name : "?";
}

static const char *hexs(struct hex h, char *buf)
{
	hex_format(h, buf, HEX_LABEL_MAX);
	return buf;
}

void narrate_roll(const struct event *r, struct strbuf *out)
{
	strbuf_addf(out, "rolled %d -> %d + %d = %d", r->d6, (r->d6 + 1) / 2, r->stat, r->score);
}

/* "Minx rolled 5 -> 3 + 1 = 4, Locust rolled 1 -> 1 + 1 = 2" */
static void rolls_list(const struct game_state *st, const struct event *rolls, size_t n,
		       struct strbuf *sb)
{
	size_t i;

	for (i = 0; i < n; i++) {
		strbuf_addstr(sb, i ? ", " : "");
		strbuf_addf(sb, "%s ", name_of(st, rolls[i].ship));
		narrate_roll(&rolls[i], sb);
	}
}

static void action_line(const struct game_state *st, const struct event *e, struct strbuf *sb)
{
	const char *n = name_of(st, e->ship);

	switch (e->action) {
	case ACT_LEFT:
		strbuf_addf(sb, "%s turns left to face %s.", n, facing_name((enum facing)e->value));
		break;
	case ACT_RIGHT:
		strbuf_addf(sb, "%s turns right to face %s.", n, facing_name((enum facing)e->value));
		break;
	case ACT_LAND:
		strbuf_addf(sb, "%s lands.", n);
		break;
	case ACT_EMP:
		strbuf_addf(sb, "%s lands to fire its EMP.", n);
		break;
	case ACT_IDLE:
		strbuf_addf(sb, "%s has no action this phase (idle, not landed).", n);
		break;
	default:
		strbuf_addf(sb, "%s: %s.", n, action_name(e->action));
		break;
	}
}

/*
 * One line for event e; rolls[0..nrolls) are the dice rolled for it.
 * Returns 0 when e is not worth a line of its own.
 */
static int line_for(const struct game_state *st, const struct event *e,
		    const struct event *rolls, size_t nrolls, struct strbuf *sb)
{
	const char *a = name_of(st, e->ship), *b = name_of(st, e->other);
	char h1[HEX_LABEL_MAX], h2[HEX_LABEL_MAX];
	size_t i;

	switch (e->type) {
	case EV_NO_ORDERS:
		strbuf_addf(sb, e->value ? "%s: no moves received; the autopilot flies it."
			    : "%s: no moves received; idle all turn.", a);
		return 1;
	case EV_ACTION:
		action_line(st, e, sb);
		return 1;
	case EV_EMP_REPLACED:
		strbuf_addf(sb, "%s's %s is replaced by a landing (EMP).", a, action_name(e->action));
		return 1;
	case EV_REPAIR:
		if (e->value)
			strbuf_addf(sb, "%s lands and repairs 1 damage (hull left %d).", a, e->score);
		else
			strbuf_addf(sb, "%s lands to repair, but has no damage.", a);
		return 1;
	case EV_MOVE:
		strbuf_addf(sb, "%s moves from %s to %s.", a, hexs(e->from, h1), hexs(e->to, h2));
		return 1;
	case EV_WALL:
		strbuf_addf(sb, "%s drives into the wall at %s and stays at %s.", a,
			    hexs(e->to, h1), hexs(e->from, h2));
		return 1;
	case EV_OFF_MAP:
		strbuf_addf(sb, "%s flies off the map from %s and is out of the game.", a, hexs(e->from, h1));
		return 1;
	case EV_HEAD_ON:
		strbuf_addf(sb, "%s and %s meet head-on between %s and %s.", a, b,
			    hexs(e->from, h1), hexs(e->to, h2));
		return 1;
	case EV_CONTEST:
		strbuf_addf(sb, "%d ships race for %s, energy: ", e->value, hexs(e->to, h1));
		rolls_list(st, rolls, nrolls, sb);
		strbuf_addf(sb, "; %s gets there first.", a);
		return 1;
	case EV_RAM:
		strbuf_addf(sb, "%s rams %s at %s, hull: ", a, b, hexs(e->to, h1));
		rolls_list(st, rolls, nrolls, sb);
		strbuf_addf(sb, ": %s.", e->value == 1 ? "the rammer is hurt" :
			    e->value == 2 ? "the rammed ship is hurt" : "a tie, both are hurt");
		return 1;
	case EV_BLOCKED:
		strbuf_addf(sb, "%s cannot get into %s and stays at %s.", a, hexs(e->to, h1), hexs(e->from, h2));
		return 1;
	case EV_EMP:
		if (!e->value) {
			strbuf_addf(sb, "%s fires its EMP at %s; no ship around can be affected.", a, hexs(e->from, h1));
			return 1;
		}
		strbuf_addf(sb, "%s fires its EMP at %s, energy: ", a, hexs(e->from, h1));
		rolls_list(st, rolls, nrolls, sb);
		strbuf_addch(sb, '.');
		return 1;
	case EV_EMP_CHECK:
		strbuf_addf(sb, "%s's energy ", b);
		if (nrolls)
			narrate_roll(&rolls[0], sb);
		strbuf_addf(sb, " against the EMP's %d: %s.", e->score,
			    e->value ? "affected, its next action this turn becomes a landing" : "resisted");
		return 1;
	case EV_SHOT:
		strbuf_addf(sb, "%s shoots %s: ", a, b);
		for (i = 0; i + 1 < nrolls; i += 2) {
			strbuf_addf(sb, "%s%s ballistic ", i ? "; again: " : "", a);
			narrate_roll(&rolls[i], sb);
			strbuf_addf(sb, " against %s shield ", b);
			narrate_roll(&rolls[i + 1], sb);
			if (rolls[i].score == rolls[i + 1].score)
				strbuf_addstr(sb, ", a tie");
		}
		strbuf_addf(sb, ": %s.", e->value ? "hit" : "miss");
		return 1;
	case EV_DAMAGE:
		strbuf_addf(sb, "%s takes %d damage (hull left %d).", a, e->value, e->score);
		return 1;
	case EV_DISABLED:
		if (e->other >= 0)
			strbuf_addf(sb, "%s is disabled by %s.", a, b);
		else
			strbuf_addf(sb, "%s is disabled.", a);
		return 1;
	case EV_REMOVED:
		strbuf_addf(sb, "%s is removed from the map.", a);
		return 1;
	case EV_ENERGY:
		strbuf_addf(sb, "%s will have %d action%s next turn (energy ", a, e->value, e->value == 1 ? "" : "s");
		if (nrolls)
			narrate_roll(&rolls[0], sb);
		strbuf_addstr(sb, ").");
		return 1;
	case EV_VICTORY:
		if (e->score == TURN_AGREED_DRAW)
			strbuf_addstr(sb, "Every captain in play agreed: the battle is a draw.");
		else if (e->score == TURN_AGREED_CONCEDE)
			strbuf_addstr(sb, e->value == WINNER_ZION ?
				      "The Machines concede: Zion wins the battle!" :
				      "Zion concedes: the Machines win the battle!");
		else if (e->value == WINNER_DRAW)
			strbuf_addstr(sb, "Both fleets are out: the battle is a draw.");
		else if (e->value == WINNER_ZION)
			strbuf_addstr(sb, "Zion wins the battle!");
		else
			strbuf_addstr(sb, "The Machines win the battle!");
		return 1;
	default:
		return 0;
	}
}

/* The heading of the paragraph that event e opens. */
static const char *title(const struct event *e, struct strbuf *sb)
{
	strbuf_reset(sb);
	if (e->phase)
		strbuf_addf(sb, "Phase %d", e->phase);
	else
		strbuf_addstr(sb, e->type == EV_NO_ORDERS ? "Before the first phase" : "End of the turn");
	return strbuf_str(sb);
}

/* The paragraph an event belongs to: its phase, 0 at the end, -2 before the first. */
static int group_of(const struct event *e)
{
	return e->phase ? e->phase : e->type == EV_NO_ORDERS ? -2 : 0;
}

json_t *narrate_json(const struct game_state *st, const struct event_list *l)
{
	json_t *out = json_array(), *cur = NULL, *lines = NULL;
	struct strbuf sb = STRBUF_INIT;
	size_t i, first_roll = 0;
	int group = -1;

	if (!out)
		return NULL;
	for (i = 0; i < l->n; i++) {
		const struct event *e = &l->ev[i];

		if (e->type == EV_ROLL)
			continue;
		/*
		 * Paragraphs: "Before the first phase" (ships without orders),
		 * each phase, "End of the turn" (energy, victory), even when a
		 * turn has no phase between the first and the last.
		 */
		if (e->type == EV_PHASE || group != group_of(e)) {
			cur = json_object();
			lines = json_array();
			if (!cur || !lines || json_array_append_new(out, cur) < 0) {
				json_decref(cur);
				json_decref(lines);
				goto fail;
			}
			group = group_of(e);
			json_object_set_new(cur, "phase", json_integer(e->phase));
			json_object_set_new(cur, "title", json_string(title(e, &sb)));
			json_object_set_new(cur, "lines", lines);
		}
		if (e->type == EV_PHASE) {
			first_roll = i + 1;
			continue;
		}
		strbuf_reset(&sb);
		if (line_for(st, e, l->ev + first_roll, i - first_roll, &sb))
			json_array_append_new(lines, json_string(strbuf_str(&sb)));
		first_roll = i + 1;
	}
	if (sb.failed)
		goto fail;
	strbuf_release(&sb);
	return out;
fail:
	strbuf_release(&sb);
	json_decref(out);
	return NULL;
}

int narrate_text(const struct game_state *st, const struct event_list *l, struct strbuf *out)
{
	json_t *story = narrate_json(st, l), *para, *line;
	size_t i, j;

	if (!story)
		return -1;
	json_array_foreach(story, i, para) {
		strbuf_addf(out, "%s\n", json_string_value(json_object_get(para, "title")));
		json_array_foreach(json_object_get(para, "lines"), j, line)
			strbuf_addf(out, "  %s\n", json_string_value(line));
	}
	json_decref(story);
	return out->failed ? -1 : 0;
}
