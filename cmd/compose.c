#include "compose.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/hexmap.h"
#include "core/narrate.h"
#include "core/orders.h"
#include "lib/strbuf.h"

void compose_msg_release(struct compose_msg *m)
{
	if (!m)
		return;
	free(m->subject);
	free(m->body);
	m->subject = m->body = NULL;
}

static int finish(struct strbuf *subject, struct strbuf *body, struct compose_msg *out)
{
	out->subject = out->body = NULL;
	if (subject->failed || body->failed) {
		strbuf_release(subject);
		strbuf_release(body);
		return -1;
	}
	out->subject = strbuf_detach(subject, NULL);
	out->body = strbuf_detach(body, NULL);
	if (!out->subject || !out->body) {
		compose_msg_release(out);
		return -1;
	}
	return 0;
}

static void fleet_table(const struct game_state *st, struct strbuf *b)
{
	size_t i;

	strbuf_addf(b, "  %-16s %-9s %-4s %-6s %-5s %-6s %-9s %-6s %-9s %s\n", "Ship", "Team", "Hex",
		    "Facing", "Hull", "Shield", "Ballistic", "Energy", "Status", "Actions");
	for (i = 0; i < st->nships; i++) {
		const struct ship *s = &st->ships[i];
		char h[HEX_LABEL_MAX], hull[16];
		int on = ship_is_active(s);

		hex_format(s->pos, h, sizeof(h));
		snprintf(hull, sizeof(hull), "%d/%d", ship_hull_left(s), s->stat[STAT_HULL]);
		strbuf_addf(b, "  %-16s %-9s %-4s %-6s %-5s %-6d %-9d %-6d %-9s %d\n", s->name,
			    team_name(s->team), on ? h : "-", on ? facing_name(s->facing) : "-", hull,
			    s->stat[STAT_SHIELD], s->stat[STAT_BALLISTIC], s->stat[STAT_ENERGY],
			    status_name(s->status), on ? s->actions : 0);
	}
}

/* The block a captain fills in and sends back. */
static void orders_block(const struct compose_turn *t, struct strbuf *b)
{
	size_t i;

	strbuf_addf(b, "GAME %s\nTURN %d\nPASSWORD your-password\n", t->campaign, t->turn + 1);
	for (i = 0; i < t->nships; i++) {
		int k = game_find_ship(t->state, t->ships[i]);
		const struct ship *s = k >= 0 ? &t->state->ships[k] : NULL;

		if (!s || !ship_is_active(s))
			continue;
		strbuf_addf(b, "SHIP %s\n# up to %d action%s, one a line: MOVE LEFT RIGHT LAND EMP "
			    "REPAIR\n", s->name, s->actions, s->actions == 1 ? "" : "s");
	}
	strbuf_addstr(b, "END\n");
}

int compose_turn_report(const struct compose_turn *t, struct compose_msg *out)
{
	struct strbuf subject = STRBUF_INIT, b = STRBUF_INIT;
	struct hexmap_options mo = { 1, 0 };
	int over = t->state->winner != WINNER_NONE;
	size_t i;

	if (t->turn == 0)
		strbuf_addf(&subject, "[%s] The battle begins: orders for turn 1", t->campaign);
	else if (over)
		strbuf_addf(&subject, "[%s] Turn %d: the battle is over", t->campaign, t->turn);
	else
		strbuf_addf(&subject, "[%s] Turn %d resolved: orders for turn %d", t->campaign,
			    t->turn, t->turn + 1);

	strbuf_addf(&b, "Captain %s,\n\n", t->captain);
	if (t->turn == 0) {
		strbuf_addf(&b, "Campaign %s: the battle begins.\n", t->campaign);
		if (t->setup)
			strbuf_addf(&b, "%s\n", t->setup);
	} else {
		strbuf_addf(&b, "Campaign %s: turn %d has been resolved.\n", t->campaign, t->turn);
	}
	strbuf_addstr(&b, "\nWhat happened\n\n");
	if (t->events && t->events->n) {
		if (narrate_text(t->state, t->events, &b) < 0)
			b.failed = 1;
	} else {
		strbuf_addstr(&b, "  Nothing.\n");
	}
	strbuf_addstr(&b, "\nThe fleets\n\n");
	fleet_table(t->state, &b);
	strbuf_addstr(&b, "\nThe board\n\n");
	if (hexmap_render(t->state, &mo, &b) < 0)
		b.failed = 1;
	if (over) {
		if (t->state->winner == WINNER_DRAW)
			strbuf_addstr(&b, "\nThe battle is a draw. No more orders are needed.\n");
		else
			strbuf_addf(&b, "\n%s won the battle. No more orders are needed.\n",
				    t->state->winner == WINNER_ZION ? team_title(TEAM_ZION)
								    : team_title(TEAM_MACHINES));
		return finish(&subject, &b, out);
	}
	strbuf_addf(&b, "\nOrders for turn %d are due by %s.\n", t->turn + 1,
		    t->deadline ? t->deadline : "?");
	for (i = 0; i < t->nships; i++) {
		int k = game_find_ship(t->state, t->ships[i]);

		if (k < 0)
			continue;
		if (ship_is_active(&t->state->ships[k]))
			strbuf_addf(&b, "%s may order up to %d action%s.\n", t->ships[i],
				    t->state->ships[k].actions,
				    t->state->ships[k].actions == 1 ? "" : "s");
		else
			strbuf_addf(&b, "%s is %s and takes no orders.\n", t->ships[i],
				    status_name(t->state->ships[k].status));
	}
	strbuf_addstr(&b, "Fill in the block below and send it back; anything above GAME and\n"
		      "below END is ignored, so a reply quoting this mail works. Orders sent\n"
		      "again before the deadline replace the earlier ones.\n\n");
	orders_block(t, &b);
	return finish(&subject, &b, out);
}

int compose_receipt(const struct compose_receipt *r, struct compose_msg *out)
{
	struct strbuf subject = STRBUF_INIT, b = STRBUF_INIT;

	strbuf_addf(&subject, "[%s] Orders received for turn %d", r->campaign, r->turn);
	strbuf_addf(&b, "Captain %s,\n\n", r->captain);
	strbuf_addf(&b, "Your orders for turn %d of %s are sealed%s.\n\n", r->turn, r->campaign,
		    r->replaces ? " and replace the ones you sent before" : "");
	strbuf_addf(&b, "Received:  %s\n", r->received);
	strbuf_addf(&b, "Deadline:  %s\n", r->deadline);
	strbuf_addf(&b, "SHA-256:   %s\n\n", r->digest);
	strbuf_addstr(&b, "As understood by the judge:\n\n");
	strbuf_addstr(&b, r->understood);
	strbuf_addstr(&b, "\nNobody sees them before the turn is resolved. You may send new\n"
		      "orders until the deadline; the last ones count.\n");
	return finish(&subject, &b, out);
}
