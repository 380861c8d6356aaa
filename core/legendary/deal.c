/*
 * legendary deal: a new game's state and the deal (R4), and the next film
 * of a campaign (R7).
 */
#include "core/legendary/legendary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/legendary/play.h"
#include "lib/errbuf.h"

/* ---------- the deal (R4.3) ---------- */

/* Appends a pile's instances to out, numbering them with counts. */
static void instances(const json_t *pile, json_t *counts, json_t *out)
{
	const json_t *e;
	size_t i;
	json_t *one = NULL;

	if (json_is_string(pile)) {
		one = json_pack("[O]", pile);
		pile = one;
	}
	json_array_foreach(pile, i, e) {
		const char *s = json_string_value(e), *x = strstr(s, " x");
		char id[32], inst[48];
		int n = x ? atoi(x + 2) : 1, k, at;

		snprintf(id, sizeof(id), "%.*s", x ? (int)(x - s) : (int)strlen(s), s);
		at = (int)json_integer_value(json_object_get(counts, id));
		for (k = 1; k <= n; k++) {
			snprintf(inst, sizeof(inst), "%s.%d", id, at + k);
			json_array_append_new(out, json_string(inst));
		}
		json_object_set_new(counts, id, json_integer(at + n));
	}
	json_decref(one);
}

static json_t *new_state(const struct legendary_pack *p, const json_t *settings, const char *name)
{
	json_t *st = json_object(), *row = json_array(), *dock = json_array();
	const char *lang = json_string_value(json_object_get(settings, "lang"));
	const char *av = json_string_value(json_object_get(settings, "avatar"));
	int i, filmno = (int)json_integer_value(json_object_get(settings, "film"));
	/* R12.1's order (R12.4's example): the dock after Operations, the offer before combos_used */
	const char *lists[] = { "real_world", "operations", "dock", "zion", "hovercraft", "matrix_deck",
				"deck", "hand", "played", "played_log", "discard", "wounds", "wound_deck",
				"wound_discard", "scars", "defeated_enemies", "defeated_heroes",
				"completed", "extras", "aside", "act_defeated", "act_completed",
				"offer", "offered", "combos_used", "distracted", "due", NULL };

	for (i = 0; i < p->board.nslots; i++)
		json_array_append_new(row, json_null());
	for (i = 0; i < p->board.dock_slots; i++)
		json_array_append_new(dock, json_null());
	json_object_set_new(st, "game", json_string("legendary"));
	json_object_set_new(st, "version", json_integer(1));
	json_object_set_new(st, "name", json_string(name));
	json_object_set_new(st, "pack", json_pack("{s:s,s:s}", "name", p->name, "digest", p->digest));
	json_object_set_new(st, "options", json_pack("{s:b,s:b,s:i,s:s,s:i,s:s}", "nonce",
						     json_is_true(json_object_get(settings, "nonce")),
						     "campaign", json_is_true(json_object_get(settings, "campaign")),
						     "film", filmno ? filmno : 1, "avatar", av ? av : "", "attempts",
						     (int)json_integer_value(json_object_get(settings, "attempts")),
						     "lang", lang ? lang : "en"));
	json_object_set_new(st, "status", json_string("setup"));
	json_object_set_new(st, "result", json_null());
	json_object_set_new(st, "end", json_null());
	json_object_set_new(st, "film", json_integer(filmno ? filmno : 1));
	json_object_set_new(st, "attempt", json_integer(1));
	json_object_set_new(st, "act", json_integer(1));
	json_object_set_new(st, "turn", json_integer(1));
	json_object_set_new(st, "preparation", json_false());
	json_object_set_new(st, "world", json_string(p->board.start_matrix ? "matrix" : "real"));
	json_object_set_new(st, "time", json_integer(p->board.time_start));
	json_object_set_new(st, "avatar", json_null());
	json_object_set_new(st, "pools", json_pack("{s:i,s:i}", "attack", 0, "recruit", 0));
	json_object_set_new(st, "free_move", json_false());
	json_object_set_new(st, "extra_moves", json_integer(0));
	json_object_set_new(st, "coordinated", json_false());
	json_object_set_new(st, "row", row);
	json_object_set_new(st, "destroyed_phones", json_array());
	json_object_set_new(st, "combat_zone", json_array());
	for (i = 0; lists[i]; i++)
		json_object_set_new(st, lists[i], !strcmp(lists[i], "dock") ? dock :
				    !strcmp(lists[i], "offer") ? json_null() :
				    !strcmp(lists[i], "offered") ? json_false() : json_array());
	json_object_set_new(st, "unstated", json_integer(0));
	json_object_set_new(st, "campaign", json_null());
	json_object_set_new(st, "draws", json_object());
	json_object_set_new(st, "commitment", json_null());
	json_object_set_new(st, "nonce", json_null());
	return st;
}

/*
 * The instances of act k's Matrix mini-deck (1-3), numbered as the deal
 * numbers them (R2.6: start deck, hovercraft, zion, wounds, then the acts'
 * piles in order), appended to out.
 */
void lgp_act_deck(struct lg *g, int k, json_t *out)
{
	const json_t *f = film(g), *acts = json_object_get(f, "acts");
	json_t *counts = json_object(), *skip = json_array();
	int a;

	if (!counts || !skip)
		goto out;
	instances(json_object_get(f, "start_deck"), counts, skip);
	instances(json_object_get(f, "hovercraft"), counts, skip);
	instances(json_object_get(f, "zion"), counts, skip);
	instances(json_object_get(f, "wounds"), counts, skip);
	for (a = 1; a <= k; a++)
		instances(json_object_get(json_array_get(acts, (size_t)(a - 1)), "matrix"), counts,
			  a == k ? out : skip);
out:
	json_decref(counts);
	json_decref(skip);
}

int lgp_deal(struct lg *g)
{
	const json_t *f = film(g), *acts = json_object_get(f, "acts");
	json_t *counts = json_object(), *tmp = json_array(), *zion = A(g, "zion"), *pending = json_object();
	const char *mode = json_string_value(json_object_get(f, "matrix_deck"));
	const char *inev = NULL;
	char av[48];
	int perr = mode && !strcmp(mode, "per-act"), k, rc = -1;
	size_t i;
	const json_t *v;

	instances(json_object_get(f, "start_deck"), counts, A(g, "deck"));
	instances(json_object_get(f, "hovercraft"), counts, A(g, "hovercraft"));
	instances(json_object_get(f, "zion"), counts, zion);
	instances(json_object_get(f, "wounds"), counts, A(g, "wound_deck"));
	for (k = 0; k < 3; k++) {
		json_t *mini = json_array();
		char key[24];

		instances(json_object_get(json_array_get(acts, (size_t)k), "matrix"), counts, mini);
		snprintf(key, sizeof(key), "act%d", k + 1);
		json_object_set_new(pending, key, mini);
	}
	for (k = 0; k < 3; k++)
		instances(json_object_get(json_array_get(acts, (size_t)k), "extras"), counts, A(g, "extras"));
	snprintf(av, sizeof(av), "%s.1", S(g, "avatar_id"));
	json_object_set_new(g->st, "avatar", json_string(av));
	json_object_del(g->st, "avatar_id");
	/* 1. Zion and the dock */
	if (lgp_shuffle(g, "zion", zion) < 0)
		goto out;
	for (i = 0; i < json_array_size(A(g, "dock")) && json_array_size(zion); i++) {
		lgp_note_top(g, "zion", zion);
		json_array_set(A(g, "dock"), i, json_array_get(zion, 0));
		json_array_remove(zion, 0);
	}
	/* 2. wounds: those held as scars are not dealt; new scars are the top ones (R7.2) */
	json_array_foreach(A(g, "scars"), i, v) {
		long at = find(A(g, "wound_deck"), json_string_value(v));

		if (at >= 0)
			json_array_remove(A(g, "wound_deck"), (size_t)at);
	}
	if (lgp_shuffle(g, "wounds", A(g, "wound_deck")) < 0)
		goto out;
	if (json_is_object(json_object_get(g->st, "campaign"))) {
		json_t *c = json_object_get(g->st, "campaign");
		int due = (int)json_integer_value(json_object_get(c, "scars_due"));

		for (k = 0; k < due && json_array_size(A(g, "wound_deck")); k++) {
			lgp_ev(g, "scar", "A scar is taken, face down, from the top of the wound deck.");
			lgp_note_top(g, "wounds", A(g, "wound_deck"));
			move_to(A(g, "wound_deck"), 0, A(g, "scars"));
		}
		json_object_set_new(c, "scars_due", json_integer(0));
	}
	/* 3. the Matrix deck */
	for (k = 0; k < (perr ? 1 : 3); k++) {
		char key[24], label[32];

		snprintf(key, sizeof(key), "act%d", k + 1);
		snprintf(label, sizeof(label), "matrix-%d", k + 1);
		json_array_clear(tmp);
		json_array_foreach(json_object_get(pending, key), i, v) {
			if (!strcmp(ctype(g, json_string_value(v)), "inevitable"))
				inev = json_string_value(v);
			else
				json_array_append(tmp, (json_t *)v);
		}
		if (lgp_shuffle(g, label, tmp) < 0)
			goto out;
		json_array_extend(A(g, "matrix_deck"), tmp);
	}
	if (inev)
		json_array_append_new(A(g, "matrix_deck"), json_string(inev));
	json_object_del(pending, "act1");
	if (!perr) {
		json_object_clear(pending);
	}
	if (json_object_size(pending))
		json_object_set(g->st, "pending_acts", pending);
	/* 5. the player's deck and hand */
	if (lgp_shuffle(g, "player-deck", A(g, "deck")) < 0)
		goto out;
	for (k = 0; k < g->p->board.hand_size && json_array_size(A(g, "deck")); k++) {
		lgp_note_top(g, "player-deck", A(g, "deck"));
		move_to(A(g, "deck"), 0, A(g, "hand"));
	}
	json_object_set_new(g->st, "status", json_string("running"));
	lgp_ev(g, "setup", "Film %d (%s), attempt %d: avatar %s (%s).", I(g, "film"),
	   json_string_value(json_object_get(f, "name")), I(g, "attempt"), cname(g, av), av);
	lgp_ev(g, "draw", "First hand: %d cards.", (int)json_array_size(A(g, "hand")));
	/* 6. a campaign's adjustments (films 2 and 3), then act 1's setup */
	if (lgp_campaign_on(g) && I(g, "film") > 1 &&
	    lgp_apply_list(g, "FILM", "setup", json_object_get(f, "campaign_setup")) < 0)
		goto out;
	if (lgp_apply_list(g, "ACT", "setup", json_object_get(json_array_get(acts, 0), "setup")) < 0)
		goto out;
	/* 7. turn 1's Matrix phase, unless it is a preparation turn (R7.2) */
	if (B(g, "preparation")) {
		lgp_ev(g, "setup", "Preparation turn: no Matrix phase this turn.");
		rc = 0;
		goto out;
	}
	rc = lgp_matrix_phase(g);
out:
	json_decref(counts);
	json_decref(tmp);
	json_decref(pending);
	return rc;
}

json_t *lgp_result(struct lg *g)
{
	json_t *out = json_pack("{s:O,s:O,s:O}", "state", g->st, "events", g->events, "story", g->story);

	return out;
}

void lgp_free(struct lg *g)
{
	json_decref(g->st);
	json_decref(g->events);
	json_decref(g->story);
	json_decref(g->reveal_queue);
}

const char *legendary_film_avatar(const struct legendary_pack *p, int filmno, const char *character)
{
	const json_t *f = json_array_get(p->films, (size_t)(filmno - 1)), *v;
	size_t i;

	json_array_foreach(json_object_get(f, "avatars"), i, v) {
		const char *ch = json_string_value(json_object_get(legendary_card(p, json_string_value(v), NULL),
								   "character"));

		if (ch && character && !strcmp(ch, character))
			return json_string_value(v);
	}
	return NULL;
}

const char *legendary_character(const struct legendary_pack *p, const char *avatar)
{
	const json_t *c;

	if (!avatar || !*avatar)	/* the default: film 1's first avatar's */
		avatar = json_string_value(json_array_get(json_object_get(json_array_get(p->films, 0),
									   "avatars"), 0));
	c = avatar ? legendary_card(p, avatar, NULL) : NULL;
	if (c && !strcmp(json_string_value(json_object_get(c, "type")), "avatar"))
		return json_string_value(json_object_get(c, "character"));
	return avatar;	/* a character name already */
}

/* The avatar id of the state's film: the option's, or the character's in a campaign. */
const char *lgp_avatar_of_film(struct lg *g)
{
	const json_t *o = json_object_get(g->st, "options");
	const char *av = json_string_value(json_object_get(o, "avatar"));

	return lgp_campaign_on(g) ? legendary_film_avatar(g->p, I(g, "film"), av) : av;
}

/*
 * A campaign's film has ended (state "film_end", R7.2-7.4): it is recorded;
 * after a major victory the next film (or the campaign won), else the same
 * film again (or the campaign lost when the attempts are spent); the state
 * is dealt anew, keeping the campaign, the scars, the seal and the draw
 * counters (one sealed root for the whole campaign, notes C.27).
 */
int lgp_next_film(struct lg *g)
{
	static const char *const kept[] = { "game", "version", "name", "pack", "options", "campaign",
					    "scars", "unstated", "draws", "commitment", "nonce", "player",
					    "mail_draws", NULL };
	const json_t *fe = json_object_get(g->st, "film_end");
	json_t *camp = json_object_get(g->st, "campaign"), *fresh, *settings;
	char result[24], end[16];
	int film = I(g, "film"), attempt = I(g, "attempt"), won, dmg = lgp_damage(g), k;
	int speed = legendary_int(card(g, S(g, "avatar")), "speed", 0);
	int attempts = (int)json_integer_value(json_object_get(json_object_get(g->st, "options"), "attempts"));
	const char *av;

	snprintf(result, sizeof(result), "%s", json_string_value(json_object_get(fe, "result")));
	snprintf(end, sizeof(end), "%s", json_string_value(json_object_get(fe, "end")));
	json_object_del(g->st, "film_end");
	won = !strcmp(result, "major-victory");
	json_array_append_new(json_object_get(camp, "films"),
			      json_pack("{s:i,s:i,s:s,s:s,s:i,s:i}", "film", film, "attempt", attempt,
					"result", result, "end", end, "damage", dmg, "scars",
					(int)json_array_size(A(g, "scars"))));
	if (won && film == 3) {
		json_object_set_new(g->st, "status", json_string("over"));
		json_object_set_new(g->st, "result", json_string("campaign-won"));
		json_object_set_new(g->st, "end", json_string("major"));
		lgp_ev(g, "over", "The campaign is won: three films, three major victories.");
		return 0;
	}
	if (!won && attempts > 0 && attempt >= attempts) {
		json_object_set_new(g->st, "status", json_string("over"));
		json_object_set_new(g->st, "result", json_string("loss"));
		json_object_set_new(g->st, "end", json_string("attempts"));
		lgp_ev(g, "over", "The campaign is lost: film %d was tried %d times.", film, attempt);
		return 0;
	}
	if (won) {
		/* R7.2: damage at that moment at least the avatar's speed: 2 scars, else 1 */
		json_object_set_new(camp, "scars_due", json_integer(dmg >= speed ? 2 : 1));
		film++;
		attempt = 1;
	} else {
		attempt++;
	}
	settings = json_pack("{s:i,s:O,s:b,s:b,s:O}", "film", film, "avatar",
			     json_object_get(json_object_get(g->st, "options"), "avatar"), "nonce", 0,
			     "campaign", 1, "lang", json_object_get(json_object_get(g->st, "options"), "lang"));
	fresh = settings ? new_state(g->p, settings, S(g, "name")) : NULL;
	json_decref(settings);
	if (!fresh) {
		errbuf_set(g->err, sizeof(g->err), "out of memory");
		g->fatal = 1;
		return -1;
	}
	for (k = 0; kept[k]; k++)
		if (json_object_get(g->st, kept[k]))
			json_object_set(fresh, kept[k], json_object_get(g->st, kept[k]));
	json_decref(g->st);
	g->st = fresh;
	setI(g, "film", film);
	setI(g, "attempt", attempt);
	setB(g, "preparation", won);
	av = lgp_avatar_of_film(g);
	json_object_set_new(g->st, "avatar_id", json_string(av ? av : ""));
	g->stop = 0;
	return lgp_deal(g);
}

json_t *legendary_setup(const struct legendary_pack *p, const json_t *settings, const char *name,
			struct draw_source *draws, char *err, size_t errlen)
{
	struct lg g;
	json_t *out = NULL;
	const char *av = json_string_value(json_object_get(settings, "avatar")), *character = NULL;
	int filmno = (int)json_integer_value(json_object_get(settings, "film"));
	int campaign = json_is_true(json_object_get(settings, "campaign"));
	const json_t *f, *v;
	size_t i;
	int found = 0;
	char seal[65];
	int rc;

	memset(&g, 0, sizeof(g));
	g.p = p;
	if (!filmno)
		filmno = 1;
	f = json_array_get(p->films, (size_t)(filmno - 1));
	if (!f) {
		errbuf_set(err, errlen, "film %d: the pack has %zu films", filmno, json_array_size(p->films));
		return NULL;
	}
	if (campaign) {
		/* R7.1: one character, each film's avatar of that character */
		character = legendary_character(p, av);
		av = legendary_film_avatar(p, filmno, character);
		if (!av) {
			errbuf_set(err, errlen, "avatar: the character %s has no avatar in film %d (R2.9)",
				   character ? character : "(none)", filmno);
			return NULL;
		}
	}
	if (!av || !*av)
		av = json_string_value(json_array_get(json_object_get(f, "avatars"), 0));
	json_array_foreach(json_object_get(f, "avatars"), i, v)
		found |= !strcmp(json_string_value(v), av);
	if (!found) {
		errbuf_set(err, errlen, "avatar %s is not one of film %d's avatars (R2.9)", av, filmno);
		return NULL;
	}
	g.st = new_state(p, settings, name);
	g.fr = !strncmp(json_string_value(json_object_get(settings, "lang")) ?
			json_string_value(json_object_get(settings, "lang")) : "", "fr", 2);
	g.ascii = json_string_value(json_object_get(settings, "lang")) &&
		  !strcmp(json_string_value(json_object_get(settings, "lang")), "fr-ascii");
	json_object_set_new(json_object_get(g.st, "options"), "avatar", json_string(campaign ? character : av));
	json_object_set_new(g.st, "avatar_id", json_string(av));
	if (campaign)
		json_object_set_new(g.st, "campaign", json_pack("{s:s,s:[],s:i}", "character", character,
								"films", "scars_due", 0));
	g.events = json_array();
	g.story = json_array();
	g.draws = draws;
	g.wild_redraw = 2;
	rc = draws ? draw_seal(draws, name, seal, err, errlen) : 0;
	if (rc < 0)
		goto out;
	if (rc > 0)
		json_object_set_new(g.st, "commitment", json_string(seal));
	if (json_is_true(json_object_get(settings, "nonce"))) {
		lgp_ev(&g, "setup", "The game waits for your nonce: begin your first mail with NONCE and a word.");
	} else if (lgp_deal(&g) < 0) {
		errbuf_set(err, errlen, "%s", g.err);
		goto out;
	}
	out = lgp_result(&g);
out:
	lgp_free(&g);
	return out;
}

