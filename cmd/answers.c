#include "answers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/hovercrafts/game.h"
#include "judge.h"
#include "play.h"
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

/* Breaks a sentence into lines of at most 72 characters, in place (mail is read as plain text). */
static void wrap(char *s)
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

/* The order block of ship sh for the open turn t, as the report writes it. */
static json_t *order_block(struct db *db, const struct db_campaign *c, const struct db_turn *t,
			   const struct ship *sh, const char *deadline)
{
	char code[JUDGE_CODE_LEN + 1], err[256];
	json_t *b, *slots;
	int n;

	/* No key yet (no report was ever mailed): the block asks for the password. */
	if (judge_order_code(db, c->id, sh->name, t->number, 0, code, err, sizeof(err)))
		code[0] = '\0';
	b = json_pack("{s:s,s:s,s:s,s:i,s:s,s:i,s:[]}", "campaign", c->name, "ship", sh->name,
		      "code", code, "turn", t->number, "deadline", deadline, "actions", sh->actions,
		      "slots");
	slots = json_object_get(b, "slots");
	for (n = 1; b && n <= sh->actions; n++)
		json_array_append_new(slots, json_pack("{s:i}", "n", n));
	return b;
}

int answers_what_now(struct db *db, long long campaign_id, long long captain_id, int fix,
		     time_t now, json_t *data)
{
	struct db_campaign c;
	struct judge_settings s;
	struct db_turn t;
	struct db_ship *ships = NULL;
	struct game_state st;
	json_t *blocks = json_array();
	char err[512], when[TIME_TEXT_MAX], todo[512];
	size_t nships = 0, i;
	time_t deadline;
	int open = 0, idx;

	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	memset(&t, 0, sizeof(t));
	game_state_init(&st);
	todo[0] = '\0';
	if (!blocks || campaign_by_id(db, campaign_id, &c, err, sizeof(err)) ||
	    judge_settings_parse(&s, c.settings, err, sizeof(err)))
		goto out;
	if (!strcmp(c.status, "finished")) {
		snprintf(todo, sizeof(todo), "Campaign %s is over: no more orders are needed.", c.name);
		goto out;
	}
	if (strcmp(c.status, "running") && strcmp(c.status, "paused")) {
		snprintf(todo, sizeof(todo), "No turn of %s takes orders now: the report that starts "
			 "the next battle carries the block to fill in.", c.name);
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
	if (!fix)
		snprintf(todo, sizeof(todo), "Orders for turn %d of %s are due by %s.", t.number,
			 c.name, when);
	else
		snprintf(todo, sizeof(todo), "Send the corrected block before the deadline (%s)%s",
			 when, play_is_generic(c.ruleset) ? "." : ": fill in the block below and "
			 "reply.");
	if (play_is_generic(c.ruleset) ||
	    judge_state_load(&st, t.state_before, c.name, err, sizeof(err)) ||
	    db_ship_list(db, c.id, &ships, &nships, err, sizeof(err)))
		goto out;
	for (i = 0; i < nships; i++) {
		idx = ships[i].captain_id == captain_id ? game_find_ship(&st, ships[i].name) : -1;
		if (idx >= 0 && ship_is_active(&st.ships[idx]))
			json_array_append_new(blocks, order_block(db, &c, &t, &st.ships[idx], when));
	}
out:
	wrap(todo);
	if (todo[0])
		json_object_set_new(data, "todo", json_string(todo));
	json_object_set_new(data, "has_blocks", json_boolean(json_array_size(blocks) > 0));
	if (blocks)
		json_object_set_new(data, "blocks", blocks);
	free(ships);
	game_state_release(&st);
	db_turn_release(&t);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return open;
}

