/*
 * series: the judge's service for a campaign as a series of battles
 * (rulings 11) beneath cmd/series.c's commands: the campaign's rules and
 * the ships' records kept as seat data, the end of a battle (points to
 * the ledger, the standings), the report's series and between models,
 * UPGRADE orders between battles, and judge/series.h over any ruleset.
 */
#include "series.h"

#include <inttypes.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd/cmd.h"
#include "cmd/hover.h"
#include "cmd/reporting.h"
#include "core/names.h"
#include "core/ruleset.h"
#include "core/hovercrafts/hexmap.h"
#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/series.h"
#include "core/hovercrafts/setup.h"
#include "core/hovercrafts/state_json.h"
#include "db/battles.h"
#include "db/desk.h"
#include "judge/guard.h"
#include "judge/judge.h"
#include "judge/outbox.h"
#include "judge/submit.h"
#include "judge/templates.h"
#include "judge/timeutil.h"
#include "lib/strbuf.h"

int series_rules(const struct db_campaign *c, struct campaign_rules *r, char *err,
		 size_t errlen)
{
	json_error_t jerr;
	json_t *root = json_loads(c->settings ? c->settings : "{}", 0, &jerr);
	int rc;

	rc = campaign_rules_from_json(r, json_object_get(root, "campaign"), err, errlen);
	json_decref(root);
	return rc;
}

int series_check_rules(const json_t *settings, char *err, size_t errlen)
{
	struct campaign_rules r;

	return campaign_rules_from_json(&r, json_object_get(settings, "campaign"), err, errlen);
}

char *series_find_file(const char *kind, const char *name, const char *ext,
		       const char *override_dir)
{
	if (!scenario_name_ok(name))
		return NULL;
	return templates_find_file(kind, name, ext, override_dir);
}

int series_load_scenario(const char *name, const char *dir, struct scenario *sc, char *err,
			  size_t errlen)
{
	char *path = series_find_file("hovercrafts/scenarios", name, "json", dir);
	json_error_t jerr;
	json_t *root;
	int rc;

	if (!path) {
		snprintf(err, errlen, "no scenario named '%.64s' (see 'mxjudge scenario list')", name);
		return -1;
	}
	root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		snprintf(err, errlen, "%s:%d: expected valid JSON: %s", path, jerr.line, jerr.text);
		free(path);
		return -1;
	}
	rc = scenario_parse(sc, root, name, err, errlen);
	json_decref(root);
	free(path);
	return rc;
}

int series_load_map(const char *name, const char *dir, struct map_def *m, char *err,
		    size_t errlen)
{
	char *path = series_find_file("hovercrafts/maps", name, "map", dir), *text;
	int rc;

	if (!path) {
		snprintf(err, errlen, "no map named '%.64s' (see 'mxjudge map list')", name);
		return -1;
	}
	text = cmd_read_file(path, NULL, err, errlen);
	rc = text ? map_parse_text(m, text, path, err, errlen) : -1;
	free(text);
	free(path);
	return rc;
}

int series_record_get(struct db *db, long long ship_id, struct hover_record *r, char *err,
		      size_t errlen)
{
	char *text = NULL;
	int rc = db_seat_data_get(db, ship_id, &text, err, errlen);

	if (!rc && hover_record_from_json(r, text)) {
		snprintf(err, errlen, "ship %lld: its data is not a ship's record: %.200s", ship_id,
			 text);
		rc = DB_ERROR;
	}
	free(text);
	return rc;
}

int series_record_put(struct db *db, long long ship_id, const struct hover_record *r, char *err,
		      size_t errlen)
{
	/* Hovercrafts takes no seat data of its own (no --data): the record is all of it. */
	char *text = hover_record_to_json(r, NULL);
	int rc;

	if (!text) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	rc = db_seat_data_set(db, ship_id, text, err, errlen);
	free(text);
	return rc;
}

int series_record_list(struct db *db, const struct db_seat *ships, size_t n,
		       struct hover_record **out, char *err, size_t errlen)
{
	size_t i;
	int rc = 0;

	if (!(*out = calloc(n + 1, sizeof(**out)))) {
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	for (i = 0; i < n && !rc; i++)
		rc = series_record_get(db, ships[i].id, &(*out)[i], err, errlen);
	if (rc) {
		free(*out);
		*out = NULL;
	}
	return rc;
}

/* Ships the named ship disabled in one stored turn ("disabled" events' "other"). */
static int count_kills(struct db *db, long long turn_id, const char *ship, int *kills,
		       char *err, size_t errlen)
{
	struct db_event *ev = NULL;
	size_t n = 0, i;
	int rc = db_event_list(db, turn_id, &ev, &n, err, errlen);

	for (i = 0; !rc && i < n; i++) {
		json_error_t jerr;
		json_t *j;
		const char *other;

		if (strcmp(ev[i].type, "disabled"))
			continue;
		j = json_loads(ev[i].json, 0, &jerr);
		other = json_string_value(json_object_get(j, "other"));
		if (other && !mx_strcasecmp(other, ship))
			(*kills)++;
		json_decref(j);
	}
	db_event_list_release(ev, n);
	return rc;
}

int series_end_battle(struct db *db, struct db_campaign *c, const struct game_state *after,
		      int last_turn, const char *agreed, time_t now, char *err, size_t errlen)
{
	struct campaign_rules rules;
	struct db_battle b, *all = NULL;
	struct db_battle_ship *rows = NULL;
	struct db_seat *ships = NULL;
	size_t nrows = 0, nships = 0, nall = 0, i, k;
	int rc, wins[TEAM_COUNT] = { 0, 0 };
	const char *result = agreed ? agreed : scenario_result(after);

	rc = db_battle_last(db, c->id, &b, err, errlen);
	if (rc == DB_NOT_FOUND)
		return 0;	/* a campaign started before battles were kept */
	if (rc)
		return rc;
	if (series_rules(c, &rules, err, errlen))
		return DB_ERROR;
	if ((rc = db_battle_ship_list(db, c->id, &rows, &nrows, err, errlen)) ||
	    (rc = db_seat_list(db, c->id, &ships, &nships, err, errlen)))
		goto out;
	b.last_turn = last_turn;
	snprintf(b.winner, sizeof(b.winner), "%s", winner_name(after->winner));
	if (result)
		snprintf(b.result, sizeof(b.result), "%s", result);
	else
		snprintf(b.result, sizeof(b.result), "%s", after->winner == WINNER_DRAW
			 ? "THE BATTLE IS A DRAW: both fleets are out."
			 : after->winner == WINNER_ZION
			 ? "ZION WINS THE BATTLE: every ship of the Machines is out."
			 : "THE MACHINES WIN THE BATTLE: every ship of Zion is out.");
	time_format_utc(now, b.ended_at, sizeof(b.ended_at));
	for (i = 0; i < nrows; i++) {
		struct db_battle_ship *r = &rows[i];
		struct campaign_award a;
		struct db_ledger l;
		struct db_seat *sh = NULL;
		int idx, t, kills = 0;

		if (r->battle_id != b.id || strcmp(r->status, "fighting"))
			continue;
		for (k = 0; k < nships; k++)
			if (ships[k].id == r->ship_id)
				sh = &ships[k];
		idx = sh ? game_find_ship(after, sh->name) : -1;
		if (idx < 0)
			continue;
		for (t = b.first_turn + 1; t <= last_turn; t++) {
			struct db_turn turn;
			int undone = 0;

			memset(&turn, 0, sizeof(turn));
			if ((rc = db_turn_get(db, c->id, t, &turn, err, errlen)))
				goto out;
			rc = db_turn_undone(db, turn.id, &undone, err, errlen);
			if (!rc && !undone)
				rc = count_kills(db, turn.id, sh->name, &kills, err, errlen);
			db_turn_release(&turn);
			if (rc)
				goto out;
		}
		r->kills = kills;
		r->won = (after->winner == WINNER_ZION && after->ships[idx].team == TEAM_ZION) ||
			 (after->winner == WINNER_MACHINES && after->ships[idx].team == TEAM_MACHINES);
		snprintf(r->status, sizeof(r->status), "%s", status_name(after->ships[idx].status));
		if ((rc = db_battle_ship_set(db, r, err, errlen)))
			goto out;
		campaign_award(&rules, 1, kills, r->won, &a);
		memset(&l, 0, sizeof(l));
		l.campaign_id = c->id;
		l.ship_id = r->ship_id;
		l.battle = b.number;
		snprintf(l.kind, sizeof(l.kind), "award");
		l.points = a.total;
		snprintf(l.reason, sizeof(l.reason), "battle %d: %d for taking part, %d for %d ship%s "
			 "disabled, %d for the win", b.number, a.part, a.kills, kills,
			 kills == 1 ? "" : "s", a.win);
		snprintf(l.created_at, sizeof(l.created_at), "%s", b.ended_at);
		if ((rc = db_ledger_add(db, &l, err, errlen)))
			goto out;
	}
	if ((rc = db_battle_end(db, &b, err, errlen)) ||
	    (rc = db_battle_list(db, c->id, &all, &nall, err, errlen)))
		goto out;
	if (b.number < rules.battles) {
		/* Between battles: UPGRADE orders, joins, then `campaign next-battle`. */
		snprintf(c->status, sizeof(c->status), "open");
		if ((rc = db_campaign_set_result(c, "")))
			goto nomem;
	} else {
		for (i = 0; i < nall; i++) {
			wins[TEAM_ZION] += !strcmp(all[i].winner, "zion");
			wins[TEAM_MACHINES] += !strcmp(all[i].winner, "machines");
		}
		snprintf(c->status, sizeof(c->status), "finished");
		if ((rc = db_campaign_set_result(c, wins[TEAM_ZION] > wins[TEAM_MACHINES] ? "zion"
						  : wins[TEAM_MACHINES] > wins[TEAM_ZION] ? "machines"
						  : "draw")))
			goto nomem;
	}
	goto out;
nomem:
	snprintf(err, errlen, "out of memory");
	rc = DB_ERROR;
out:
	free(all);
	free(rows);
	free(ships);
	return rc;
}

/* ---------- standings and the reasons for each ship's stats ---------- */

void series_book_of(const struct db_ledger *l, size_t n, long long ship_id, struct ship_book *bk)
{
	size_t i;

	memset(bk, 0, sizeof(*bk));
	for (i = 0; i < n; i++) {
		int s = l[i].stat[0] ? stat_parse(l[i].stat) : -1;

		if (l[i].ship_id != ship_id)
			continue;
		bk->points += l[i].points;
		if (s >= 0 && !strcmp(l[i].kind, "purchase"))
			bk->bought[s] += l[i].delta;
		else if (s >= 0)
			bk->adjusted[s] += l[i].delta;
	}
}


/* "hull 4 = 3 + 1 bought" ... */
void series_why_line(const struct hover_record *s, const struct ship_book *bk, struct strbuf *sb)
{
	int k;

	for (k = 0; k < STAT_COUNT; k++) {
		strbuf_addf(sb, "%s%s %d = %d base", k ? "; " : "", stat_name((enum ship_stat)k),
			    hover_record_stat(s, k), campaign_base_stat((enum ship_stat)k));
		if (bk->bought[k])
			strbuf_addf(sb, " + %d bought", bk->bought[k]);
		if (bk->adjusted[k])
			strbuf_addf(sb, " %c %d by the game master", bk->adjusted[k] < 0 ? '-' : '+',
				    abs(bk->adjusted[k]));
		if (hover_record_stat(s, k) != campaign_base_stat((enum ship_stat)k) + bk->bought[k] + bk->adjusted[k])
			strbuf_addstr(sb, " (MISMATCH: the ledger does not explain this value)");
	}
}

int series_current_board(struct db *db, const struct db_campaign *c, struct series_board *b)
{
	struct campaign_rules rules;
	struct db_battle last;
	struct db_turn t;
	struct game_state st;
	char err[256];
	int found = 0, row, col;

	memset(b, 0, sizeof(*b));
	memset(&t, 0, sizeof(t));
	game_state_init(&st);
	if (series_rules(c, &rules, err, sizeof(err)) || rules.battles < 2 ||
	    db_battle_last(db, c->id, &last, err, sizeof(err)))
		return 0;
	/* The open turn, or the last one of a battle over: its board is the battle's. */
	if (!db_turn_get(db, c->id, c->turn, &t, err, sizeof(err)) &&
	    !judge_state_load(&st, t.state_before, c->name, err, sizeof(err))) {
		b->battle = last.number;
		snprintf(b->scenario, sizeof(b->scenario), "%s", last.scenario);
		b->width = st.map.width;
		b->height = st.map.height;
		for (row = 0; row < st.map.height; row++)
			for (col = 0; col < st.map.width; col++)
				b->walls += game_map_is_wall(&st.map, (struct hex){ col, row });
		found = 1;
	}
	game_state_release(&st);
	db_turn_release(&t);
	return found;
}

json_t *series_standings_json(struct db *db, const struct db_campaign *c, char *err,
			      size_t errlen)
{
	struct db_seat *ships = NULL;
	struct hover_record *recs = NULL;
	struct db_ledger *l = NULL;
	struct db_battle *bats = NULL;
	size_t nships = 0, nl = 0, nb = 0, i, k;
	json_t *o = NULL, *arr, *battles;
	int rc;

	if ((rc = db_seat_list(db, c->id, &ships, &nships, err, errlen)) ||
	    (rc = series_record_list(db, ships, nships, &recs, err, errlen)) ||
	    (rc = db_ledger_list(db, c->id, 0, &l, &nl, err, errlen)) ||
	    (rc = db_battle_list(db, c->id, &bats, &nb, err, errlen)))
		goto out;
	o = json_object();
	arr = json_array();
	battles = json_array();
	for (i = 0; i < nb; i++) {
		struct strbuf sb = STRBUF_INIT;

		strbuf_addf(&sb, "Battle %d%s%s: %s", bats[i].number, bats[i].scenario[0] ? ", " : "",
			    bats[i].scenario, bats[i].result[0] ? bats[i].result : "being fought");
		json_array_append_new(battles, json_pack("{s:i,s:s,s:s,s:s,s:s}", "number",
							 bats[i].number, "scenario", bats[i].scenario,
							 "winner", bats[i].winner, "result", bats[i].result,
							 "line", strbuf_str(&sb)));
		strbuf_release(&sb);
	}
	for (i = 0; i < nships; i++) {
		struct ship_book bk;
		struct strbuf line = STRBUF_INIT, why = STRBUF_INIT;
		json_t *entries = json_array(), *one;
		int removed = 0;

		db_seat_removed(db, ships[i].id, &removed, err, errlen);
		series_book_of(l, nl, ships[i].id, &bk);
		series_why_line(&recs[i], &bk, &why);
		/* Singulars padded to their plural's width: the columns stay aligned. */
		strbuf_addf(&line, "%-14s %-12s %-10s %2d %s %2d %s %2d disabled %2d %s out %3d %s%s",
			    ships[i].name, team_title((enum team)team_parse(ships[i].team)),
			    ships[i].captain, recs[i].battles, recs[i].battles == 1 ? "battle " : "battles",
			    recs[i].wins, recs[i].wins == 1 ? "win " : "wins", recs[i].kills,
			    recs[i].times_disabled, recs[i].times_disabled == 1 ? "time " : "times",
			    bk.points, abs(bk.points) == 1 ? "point" : "points", removed ? "  (removed)" : "");
		for (k = 0; k < nl; k++) {
			struct strbuf e = STRBUF_INIT;

			if (l[k].ship_id != ships[i].id)
				continue;
			strbuf_addf(&e, "%+d point%s", l[k].points, abs(l[k].points) == 1 ? "" : "s");
			if (l[k].stat[0])
				strbuf_addf(&e, ", %s %+d", l[k].stat, l[k].delta);
			strbuf_addf(&e, ": %s (%s)", l[k].reason, l[k].kind);
			json_array_append_new(entries, json_pack("{s:s,s:i,s:s,s:i,s:s,s:i,s:s}",
				"kind", l[k].kind, "points", l[k].points, "stat", l[k].stat, "delta",
				l[k].delta, "reason", l[k].reason, "battle", l[k].battle, "line",
				strbuf_str(&e)));
			strbuf_release(&e);
		}
		one = json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:b,s:s,s:s,s:o}",
				"name", ships[i].name, "team", ships[i].team, "captain", ships[i].captain,
				"hull", recs[i].hull, "shield", recs[i].shield, "ballistic",
				recs[i].ballistic, "energy", recs[i].energy, "battles", recs[i].battles,
				"wins", recs[i].wins, "kills", recs[i].kills, "times_disabled",
				recs[i].times_disabled, "points", bk.points, "removed", removed, "line",
				strbuf_str(&line), "why", strbuf_str(&why), "ledger", entries);
		json_array_append_new(arr, one);
		strbuf_release(&line);
		strbuf_release(&why);
	}
	json_object_set_new(o, "battles", battles);
	json_object_set_new(o, "standings", arr);
out:
	free(ships);
	free(recs);
	free(l);
	free(bats);
	return o;
}

int series_model(struct db *db, const struct db_campaign *c, json_t *model, char *err,
		 size_t errlen)
{
	struct campaign_rules rules;
	json_t *o;

	if (series_rules(c, &rules, err, errlen))
		return -1;
	/* A single battle is told as before; a series adds its standings. */
	if (rules.battles < 2)
		return 0;
	o = series_standings_json(db, c, err, errlen);
	if (!o)
		return -1;
	/* The campaign's last report says it is over, who won it (rulings 11). */
	if (!strcmp(c->status, "finished")) {
		struct strbuf over = STRBUF_INIT;
		size_t i, n = json_array_size(json_object_get(o, "battles"));
		int wins[TEAM_COUNT] = { 0, 0 };

		for (i = 0; i < n; i++) {
			const char *w = json_string_value(json_object_get(
				json_array_get(json_object_get(o, "battles"), i), "winner"));

			wins[TEAM_ZION] += w && !strcmp(w, "zion");
			wins[TEAM_MACHINES] += w && !strcmp(w, "machines");
		}
		strbuf_addf(&over, "THE CAMPAIGN IS OVER after %zu battle%s: %s; battles won: Zion %d, "
			    "the Machines %d", n, n == 1 ? "" : "s",
			    !strcmp(c->result, "zion") ? "Zion wins it"
			    : !strcmp(c->result, "machines") ? "the Machines win it" : "it is a draw",
			    wins[TEAM_ZION], wins[TEAM_MACHINES]);
		if ((int)n < rules.battles)
			strbuf_addf(&over, " (it ends before battle %zu: a side has no ship left)", n + 1);
		strbuf_addch(&over, '.');
		json_object_set_new(o, "over", json_string(strbuf_str(&over)));
		strbuf_release(&over);
	}
	json_object_set_new(model, "series", o);
	return 0;
}

/* ---------- UPGRADE orders ---------- */

int series_buy(struct db *db, const struct db_campaign *c, const struct campaign_rules *rules,
	       struct db_seat *ship, int battle, enum ship_stat stat, const char *how, time_t now,
	       int *cost, char *err, size_t errlen)
{
	struct db_ledger *l = NULL, e;
	struct ship_book bk;
	struct hover_record rec;
	size_t nl = 0;
	int rc = db_ledger_list(db, c->id, ship->id, &l, &nl, err, errlen), from;

	if (rc || (rc = series_record_get(db, ship->id, &rec, err, errlen))) {
		free(l);
		return rc;
	}
	series_book_of(l, nl, ship->id, &bk);
	free(l);
	from = hover_record_stat(&rec, stat);
	if (campaign_check_upgrade(rules, stat, from, bk.points, cost, err, errlen))
		return DB_NOT_FOUND;	/* refused: err says why */
	memset(&e, 0, sizeof(e));
	e.campaign_id = c->id;
	e.ship_id = ship->id;
	e.battle = battle;
	snprintf(e.kind, sizeof(e.kind), "purchase");
	e.points = -*cost;
	snprintf(e.stat, sizeof(e.stat), "%s", stat_name(stat));
	e.delta = 1;
	snprintf(e.reason, sizeof(e.reason), "%s %d -> %d %s", stat_name(stat), from, from + 1, how);
	time_format_utc(now, e.created_at, sizeof(e.created_at));
	hover_record_set_stat(&rec, stat, from + 1);
	if ((rc = db_ledger_add(db, &e, err, errlen)) ||
	    (rc = series_record_put(db, ship->id, &rec, err, errlen)))
		return rc;
	return 0;
}

int series_between(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		   int *next, char *when, size_t whenlen)
{
	struct campaign_rules rules;
	struct db_battle last;
	char err[256], at[TIME_TEXT_MAX];
	time_t ended;

	if (strcmp(c->status, "open") || series_rules(c, &rules, err, sizeof(err)) ||
	    db_battle_last(db, c->id, &last, err, sizeof(err)) || last.last_turn < 0 ||
	    last.number >= rules.battles)
		return 0;
	*next = last.number + 1;
	if (rules.auto_next_hours >= 0 && !time_parse_iso(last.ended_at, &ended)) {
		time_format_zone(ended + (time_t)rules.auto_next_hours * 3600, s->timezone, at,
				 sizeof(at));
		snprintf(when, whenlen, "Battle %d starts at %s, or earlier if the game master "
			 "starts it.", *next, at);
	} else {
		snprintf(when, whenlen, "Battle %d starts when the game master starts it.", *next);
	}
	return 1;
}

/* ---------- `campaign new` and `campaign show` for a series of battles ---------- */

_Static_assert(SERIES_MAX_SIDE == MAP_MAX_SIDE, "judge/series.h's limits are Hovercrafts'");
_Static_assert(SERIES_MAX_DENSITY == SETUP_MAX_DENSITY, "judge/series.h's limits are Hovercrafts'");
_Static_assert(SERIES_MAX_SCENARIOS == CAMPAIGN_MAX_SCENARIOS,
	       "judge/series.h's limits are Hovercrafts'");
_Static_assert(SERIES_NAME_MAX == CAMPAIGN_NAME_MAX, "judge/series.h's limits are Hovercrafts'");

int series_scenario_name_ok(const char *s)
{
	return scenario_name_ok(s);
}

json_t *series_scenario(const char *name, char *err, size_t errlen)
{
	char *path = series_find_file("hovercrafts/scenarios", name, "json", NULL);
	struct scenario sc;
	json_error_t jerr;
	json_t *root, *o = NULL;
	char why[512];

	if (!path) {
		snprintf(err, errlen, "no scenario named '%s' (see 'mxjudge scenario list')", name);
		return NULL;
	}
	root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	if (!root)
		snprintf(err, errlen, "%s:%d: expected valid JSON: %s", path, jerr.line, jerr.text);
	else if (scenario_parse(&sc, root, name, why, sizeof(why)))
		snprintf(err, errlen, "%s: %s", path, why);
	else if (!(o = hover_scenario_json(&sc, path)))
		snprintf(err, errlen, "out of memory");
	json_decref(root);
	free(path);
	return o;
}

json_t *series_map_file(const char *path, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *root, *map, *out = NULL;
	struct judge_settings tmp;
	struct game_state st;
	char *text, *found = NULL;
	const char *p;

	/* A plain name is a shipped map (templates/maps/NAME.map). */
	if (!strchr(path, '/') && access(path, F_OK) && (found = series_find_file("hovercrafts/maps", path, "map", NULL)))
		path = found;
	text = cmd_read_file(path, NULL, err, errlen);
	if (!text) {
		free(found);
		return NULL;
	}
	for (p = text; *p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'; p++)
		;
	if (*p != '{') {
		/* The plain-text form (core/hovercrafts/map.h): one character per hex. */
		struct map_def m;

		if (!map_parse_text(&m, text, path, err, errlen)) {
			out = map_to_json(&m);
			map_def_release(&m);
		}
		free(text);
		free(found);
		return out;
	}
	root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	free(text);
	if (!root) {
		if (jerr.line > 0)
			snprintf(err, errlen, "%s:%d: expected valid JSON: %s", path, jerr.line, jerr.text);
		else
			snprintf(err, errlen, "%s: %s", path, jerr.text);
		return NULL;
	}
	map = json_object_get(root, "map");
	if (!map)
		map = root;
	memset(&tmp, 0, sizeof(tmp));
	tmp.map = map;
	/* Let the state reader check it, then keep its canonical form. */
	if (judge_board(&tmp, &st, err, errlen) == 0) {
		json_t *j = state_to_json(&st);

		out = json_incref(json_object_get(j, "map"));
		json_decref(j);
	}
	game_state_release(&st);
	json_decref(root);
	free(found);
	return out;
}

json_t *series_random_map(int w, int h, int density, uint64_t seed, char *err, size_t errlen)
{
	struct game_state st;
	json_t *j, *out;

	game_state_init(&st);
	if (setup_random_map(&st.map, w, h, density, seed, err, errlen))
		return NULL;
	j = state_to_json(&st);
	out = json_incref(json_object_get(j, "map"));
	json_decref(j);
	game_state_release(&st);
	if (!out)
		snprintf(err, errlen, "out of memory");
	return out;
}

/* The board of a campaign's first battle when a scenario names it (as start_battle's). */
static int first_board(const struct judge_settings *s, const char *scen, struct map_def *m,
		       char *err, size_t errlen)
{
	struct scenario sc;

	if (series_load_scenario(scen, reporting_templates_dir(s), &sc, err, errlen))
		return -1;
	if (sc.map == SCENARIO_MAP_NAMED)
		return series_load_map(sc.map_name, reporting_templates_dir(s), m, err, errlen);
	if (sc.map == SCENARIO_MAP_RANDOM)
		return map_generate(m, sc.width, sc.height, sc.density,
				    judge_turn_seed(judge_map_seed(s->seed), 1), err, errlen);
	return map_from_json(m, s->map, "campaign map", err, errlen);
}

static size_t walls_of(const struct map_def *m)
{
	size_t n = 0, i;

	for (i = 0; i < (size_t)m->map.width * (size_t)m->map.height; i++)
		n += m->map.walls[i] != 0;
	return n;
}

int series_first_board(const struct judge_settings *s, const char *scen, int *width, int *height,
		       size_t *walls, char *err, size_t errlen)
{
	struct map_def m;
	int rc;

	map_def_init(&m);
	rc = first_board(s, scen, &m, err, errlen);
	if (!rc) {
		*width = m.map.width;
		*height = m.map.height;
		*walls = walls_of(&m);
	}
	map_def_release(&m);
	return rc;
}

int series_new_rules(char **settings, const char *rules_path, int battles,
		     const char *const *scen, int nscen, char *first, size_t firstlen, char *err,
		     size_t errlen)
{
	/* A campaign in series: its rules under "campaign" (core/hovercrafts/campaign.h). */
	struct campaign_rules rules;
	json_t *all = json_loads(*settings, 0, NULL), *ro = NULL;
	char why[512];
	int k, rc = -1;

	if (rules_path) {
		json_error_t jerr;

		ro = json_load_file(rules_path, JSON_REJECT_DUPLICATES, &jerr);
		if (!ro) {
			snprintf(err, errlen, "%s:%d: expected valid JSON: %s", rules_path, jerr.line,
				 jerr.text);
			goto out;
		}
	}
	if (campaign_rules_from_json(&rules, ro, why, sizeof(why))) {
		snprintf(err, errlen, "%s: %s", rules_path ? rules_path : "--rules", why);
		goto out;
	}
	if (battles)
		rules.battles = battles;
	else if (!rules_path)
		rules.battles = nscen > 1 ? nscen : 3;
	if (nscen)
		rules.nscenarios = 0;
	for (k = 0; k < nscen; k++) {
		char *path = series_find_file("hovercrafts/scenarios", scen[k], "json", NULL);

		if (!path) {
			snprintf(err, errlen, "--scenario: no scenario named '%s' (see 'mxjudge scenario "
				 "list')", scen[k]);
			goto out;
		}
		free(path);
		snprintf(rules.scenarios[rules.nscenarios++], CAMPAIGN_NAME_MAX, "%s", scen[k]);
	}
	snprintf(first, firstlen, "%s", campaign_scenario_for(&rules, 1));
	json_object_set_new(all, "campaign", campaign_rules_to_json(&rules));
	free(*settings);
	if (!(*settings = json_dumps(all, JSON_COMPACT))) {
		snprintf(err, errlen, "out of memory");
		rc = -2;
		goto out;
	}
	rc = 0;
out:
	json_decref(all);
	json_decref(ro);
	return rc;
}

/* The forms of board m into out (hexes: drawn too). 0, or -1 with err. */
static int map_forms(const struct map_def *m, int hexes, struct series_map *out, char *err,
		     size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;

	memset(out, 0, sizeof(*out));
	map_format_text(m, &sb);
	out->text = strbuf_detach(&sb, NULL);
	out->json = map_to_json(m);
	out->width = m->map.width;
	out->height = m->map.height;
	out->zones = map_has_zones(m);
	out->connected = map_connected(m);
	if (hexes) {
		struct game_state st;
		struct hexmap_options mopt = { 1, 0 };

		/* The state borrows the map: not released. */
		game_state_init(&st);
		st.map = m->map;
		if (hexmap_render(&st, &mopt, &sb) < 0)
			strbuf_reset(&sb);
		else
			out->hexes = strbuf_detach(&sb, NULL);
		strbuf_release(&sb);
	}
	if (!out->text || !out->json || (hexes && !out->hexes)) {
		series_map_release(out);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

int series_map_generate(int w, int h, int density, uint64_t seed, struct series_map *out,
			char *err, size_t errlen)
{
	struct map_def m;
	int rc;

	memset(out, 0, sizeof(*out));
	if (map_generate(&m, w, h, density, seed, err, errlen))
		return -1;
	rc = map_forms(&m, 0, out, err, errlen);
	map_def_release(&m);
	return rc;
}

int series_map_read(const char *path, int hexes, struct series_map *out, char *err,
		    size_t errlen)
{
	struct map_def m;
	char *text, *found = NULL;
	int rc;

	memset(out, 0, sizeof(*out));
	/* A plain name that is not a file: a shipped map. */
	if (!strchr(path, '/') && access(path, F_OK) && scenario_name_ok(path)) {
		found = series_find_file("hovercrafts/maps", path, "map", NULL);
		if (!found) {
			snprintf(err, errlen, "no map file or shipped map named '%s' (see 'mxjudge "
				 "map list')", path);
			return -1;
		}
		path = found;
	}
	text = cmd_read_file(path, NULL, err, errlen);
	rc = text ? map_parse_text(&m, text, path, err, errlen) : -1;
	free(text);
	free(found);
	if (rc)
		return -1;
	rc = map_forms(&m, hexes, out, err, errlen);
	map_def_release(&m);
	return rc;
}

void series_map_release(struct series_map *m)
{
	free(m->text);
	json_decref(m->json);
	free(m->hexes);
	memset(m, 0, sizeof(*m));
}

json_t *series_records_json(struct db *db, const struct db_seat *ships, size_t n, char *err,
			    size_t errlen)
{
	struct hover_record *recs = NULL;
	json_t *arr;
	size_t i;

	if (series_record_list(db, ships, n, &recs, err, errlen))
		return NULL;
	arr = json_array();
	for (i = 0; arr && i < n; i++)
		if (json_array_append_new(arr, json_pack("{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}",
				"hull", recs[i].hull, "shield", recs[i].shield, "ballistic",
				recs[i].ballistic, "energy", recs[i].energy, "damage", recs[i].damage,
				"battles", recs[i].battles, "wins", recs[i].wins, "kills", recs[i].kills,
				"times_disabled", recs[i].times_disabled))) {
			json_decref(arr);
			arr = NULL;
		}
	free(recs);
	if (!arr)
		snprintf(err, errlen, "out of memory");
	return arr;
}

/* ---------- judge/series.h: the judge's series, over any ruleset ---------- */

int series_match_over(struct db *db, struct db_campaign *c, const struct ruleset *rs,
		      const json_t *after, int last_turn, const char *result, time_t now,
		      char *err, size_t errlen)
{
	struct game_state st;
	int rc;

	(void)rs;
	game_state_init(&st);
	if (state_from_json(&st, after, c->name, err, errlen)) {
		game_state_release(&st);
		return DB_ERROR;
	}
	rc = series_end_battle(db, c, &st, last_turn, result, now, err, errlen);
	game_state_release(&st);
	return rc;
}

int series_waiting(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		   const char *name, int game_line, char *err, size_t errlen)
{
	char when[256];
	int next;

	if (!series_between(db, c, s, &next, when, sizeof(when)))
		return 0;
	snprintf(err, errlen, "%s:%d: campaign '%s' is between battles %d and %d: no turn takes "
		 "moves now, only UPGRADE lines (your report after battle %d lists the prices). %s",
		 name, game_line, c->name, next - 1, next, next - 1, when);
	return 1;
}
