/*
 * legendary behind the generic interface (core/ruleset.h): the pack as a
 * data kind ("pack", checked by check_settings, read at every turn by
 * resolve_data and refused when its digest is not the state's), settings,
 * the hooks. Shuffles come from "sealed/shuffle:DECK:K@0" (namespace
 * "legendary"), so the seeded source gives R10.4's streams and a tagged
 * draw file reads "shuffle DECK ID ..." (R10.3).
 */
#include "core/ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/legendary/legendary.h"
#include "lib/errbuf.h"
#include "lib/strbuf.h"
#include "core/picture.h"

/* Reads the pack of data ({"pack": {"name", "digest", "text", "path"?}}). */
static int pack_of(const json_t *data, struct legendary_pack *p, char *err, size_t errlen)
{
	const json_t *pack = json_object_get(data, "pack");
	const char *text = json_string_value(json_object_get(pack, "text"));
	const char *file = json_string_value(json_object_get(pack, "path"));

	if (!file)
		file = json_string_value(json_object_get(pack, "name"));
	if (!text) {	/* no pack given: the invented sample pack the project ships */
		text = legendary_sample_pack;
		file = "sample-pack.json";
	}
	return legendary_pack_read(p, text, file ? file : "pack", err, errlen);
}

static const json_t *film_of(const struct legendary_pack *p, const json_t *settings)
{
	json_int_t film = json_integer_value(json_object_get(settings, "film"));

	return json_array_get(p->films, (size_t)(film ? film - 1 : 0));
}

static int legendary_check_settings(const json_t *settings, const json_t *data, char *err,
				    size_t errlen)
{
	struct legendary_pack p;
	const char *av = json_string_value(json_object_get(settings, "avatar"));
	const json_t *f, *v;
	size_t i;
	int found = 0, rc = -1;

	legendary_pack_init(&p);
	if (pack_of(data, &p, err, errlen) < 0)
		goto out;
	f = film_of(&p, settings);
	if (!f) {
		errbuf_set(err, errlen, "film: the pack has %zu films", json_array_size(p.films));
		goto out;
	}
	if (json_is_true(json_object_get(settings, "campaign"))) {
		/* R7.1, R2.9: three films, the character's avatar in each */
		const char *ch = legendary_character(&p, av);
		int k;

		if (json_array_size(p.films) != 3) {
			errbuf_set(err, errlen, "campaign: a campaign plays 3 films, the pack has %zu",
				   json_array_size(p.films));
			goto out;
		}
		if (json_integer_value(json_object_get(settings, "film")) > 1) {
			errbuf_set(err, errlen, "film: a campaign begins with film 1");
			goto out;
		}
		for (k = 1; k <= 3; k++)
			if (!legendary_film_avatar(&p, k, ch)) {
				errbuf_set(err, errlen, "avatar: the character %s has no avatar in film %d (R2.9)",
					   ch ? ch : "(none)", k);
				goto out;
			}
		rc = 0;
		goto out;
	}
	json_array_foreach(json_object_get(f, "avatars"), i, v)
		found |= av && !strcmp(json_string_value(v), av);
	if (av && *av && !found) {
		errbuf_set(err, errlen, "avatar: %s is not one of the film's avatars (R2.9)", av);
		goto out;
	}
	rc = 0;
out:
	legendary_pack_release(&p);
	return rc;
}

static json_t *legendary_setup_hook(const json_t *settings, const json_t *data, const json_t *seats,
				    struct draw_source *draws, char *err, size_t errlen)
{
	struct legendary_pack p;
	const json_t *seat = json_array_get(seats, 0);
	const char *name = json_string_value(json_object_get(seat, "name"));
	const char *campaign = json_string_value(json_object_get(seat, "campaign"));
	json_t *out = NULL;

	legendary_pack_init(&p);
	if (json_array_size(seats) != 1 || !name || !*name) {
		errbuf_set(err, errlen, "a legendary game has one player");
		return NULL;
	}
	if (pack_of(data, &p, err, errlen) < 0)
		return NULL;
	out = legendary_setup(&p, settings, campaign && *campaign ? campaign : name, draws, err, errlen);
	if (out)
		json_object_set_new(json_object_get(out, "state"), "player", json_string(name));
	legendary_pack_release(&p);
	return out;
}

static const char *player_of(const json_t *state)
{
	const char *s = json_string_value(json_object_get(state, "player"));

	return s && *s ? s : "player";
}

static json_t *legendary_waiting_for(const json_t *state)
{
	const char *status = json_string_value(json_object_get(state, "status"));

	if (status && !strcmp(status, "over"))
		return json_array();
	return json_pack("[s]", player_of(state));
}

static json_t *legendary_read_orders_hook(const json_t *state, const char *seat, const char *text,
					  const char *name, int flags, char *err, size_t errlen)
{
	json_t *lines;

	(void)flags;
	if (seat && strcmp(seat, player_of(state))) {
		errbuf_set(err, errlen, "%s: this game's player is %s, not %s", name ? name : "orders",
			   player_of(state), seat);
		return NULL;
	}
	lines = legendary_read_orders(text, name, err, errlen);
	return lines ? json_pack("{s:o}", player_of(state), lines) : NULL;
}

static json_t *legendary_resolve_hook(const json_t *state, const json_t *orders, const json_t *data,
				      struct draw_source *draws, char *err, size_t errlen)
{
	struct legendary_pack p;
	const char *want = json_string_value(json_object_get(json_object_get(state, "pack"), "digest"));
	const json_t *lines = json_object_get(orders, player_of(state));
	json_t *full = NULL, *out = NULL;

	legendary_pack_init(&p);
	if (pack_of(data, &p, err, errlen) < 0)
		return NULL;
	/* R2.8: the state names its pack; a different pack is refused, naming the file read. */
	if (want && strcmp(want, p.digest)) {
		const json_t *given = json_object_get(json_object_get(data, "pack"), "text");
		const char *file = json_string_value(json_object_get(json_object_get(data, "pack"), "path"));
		const char *wname = json_string_value(json_object_get(json_object_get(state, "pack"), "name"));

		if (given)
			errbuf_set(err, errlen, "the card pack %s (\"%s\", digest %.12s...) is not the one this "
				   "game was dealt with (\"%s\", digest %.12s...)", file ? file : p.name, p.name,
				   p.digest, wname ? wname : "?", want);
		else
			errbuf_set(err, errlen, "no card pack was given (--data pack=FILE), and the sample pack "
				   "(digest %.12s...) is not the one this game was dealt with (\"%s\", digest "
				   "%.12s...)", p.digest, wname ? wname : "?", want);
		goto out;
	}
	if (!lines) {
		const char *k;
		const json_t *v;

		json_object_foreach((json_t *)orders, k, v)
			lines = v;
	}
	full = legendary_state_read(&p, state, err, errlen);
	if (!full)
		goto out;
	out = legendary_resolve(&p, full, lines ? lines : json_array(), draws, err, errlen);
out:
	json_decref(full);
	legendary_pack_release(&p);
	return out;
}

static json_t *legendary_resolve_plain(const json_t *state, const json_t *orders,
				       struct draw_source *draws, char *err, size_t errlen)
{
	return legendary_resolve_hook(state, orders, NULL, draws, err, errlen);
}

/*
 * The autopilot: the bot's mail (bot.c), knowing the cards when the
 * state's pack is the sample the judge holds; with another pack (the hook
 * gets no data packs) every line is tried, IF ABLE.
 */
static json_t *legendary_bot(const json_t *state, const char *seat, struct draw_source *draws,
			     char *err, size_t errlen)
{
	struct legendary_pack p;
	const char *want = json_string_value(json_object_get(json_object_get(state, "pack"), "digest"));
	json_t *lines;
	int known;

	(void)draws;
	legendary_pack_init(&p);
	known = pack_of(NULL, &p, err, errlen) == 0 && want && !strcmp(want, p.digest);
	lines = legendary_bot_lines(known ? &p : NULL, state);
	legendary_pack_release(&p);
	if (!lines) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	return json_pack("{s:o}", seat ? seat : player_of(state), lines);
}

/*
 * Bot-only games over the pack of --data (the sample without one): the
 * outcome of each (a loss by its end: time, killed), all games and those
 * that reached act 2 and act 3 (or a later film).
 */
static json_t *legendary_simulate(const json_t *settings, const json_t *data, uint64_t seed,
				  uint64_t first, uint64_t count, char *err, size_t errlen)
{
	static const char *const groups[3] = { "all", "reached act 2", "reached act 3" };
	static const char *const outcomes[] = { "major-victory", "minor-victory", "campaign-won", "time",
						"killed", "attempts", "resigned", "unfinished" };
	struct legendary_pack p;
	json_t *out = NULL, *g[3] = { NULL, NULL, NULL };
	uint64_t i;
	int k;

	legendary_pack_init(&p);
	if (pack_of(data, &p, err, errlen) < 0 || legendary_check_settings(settings, data, err, errlen) < 0)
		goto out;
	out = json_object();
	for (k = 0; out && k < 3; k++) {
		size_t o;

		g[k] = json_pack("{s:i}", "games", 0);
		for (o = 0; o < sizeof(outcomes) / sizeof(outcomes[0]); o++)	/* a fixed order */
			json_object_set_new(g[k], outcomes[o], json_integer(0));
		json_object_set_new(out, groups[k], g[k]);
	}
	for (i = first; out && i < first + count; i++) {
		struct legendary_sim r;

		if (legendary_sim_game(&p, settings, seed, i, &r, err, errlen) < 0) {
			json_decref(out);
			out = NULL;
			goto out;
		}
		for (k = 0; k < 3; k++) {
			if (k && r.act <= k && r.film <= 1)
				continue;
			json_object_set_new(g[k], "games", json_integer(json_integer_value(json_object_get(g[k], "games")) + 1));
			json_object_set_new(g[k], r.result, json_integer(json_integer_value(json_object_get(g[k], r.result)) + 1));
		}
	}
out:
	legendary_pack_release(&p);
	return out;
}

static json_t *legendary_status(const json_t *state)
{
	const char *status = json_string_value(json_object_get(state, "status"));
	const char *result = json_string_value(json_object_get(state, "result"));
	const char *end = json_string_value(json_object_get(state, "end"));

	const char *lang = json_string_value(json_object_get(json_object_get(state, "options"), "lang"));
	char text[160];

	if (!status || strcmp(status, "over"))
		return json_pack("{s:b,s:n}", "over", 0, "result");
	result = result ? result : "loss";
	end = end ? end : "ended";
	/* the game-over mail says the outcome in the game's language (R11.2) */
	if (lang && !strncmp(lang, "fr", 2)) {
		snprintf(text, sizeof(text), "%s : %s", legendary_french(result), legendary_french(end));
		if (!strcmp(lang, "fr-ascii"))
			legendary_ascii(text);
	} else {
		snprintf(text, sizeof(text), "%s: %s", result, end);
	}
	return json_pack("{s:b,s:s}", "over", 1, "result", text);
}

/*
 * The view (R12.1) with its report text (R11) under "report", for the
 * template: written with the pack of data (the campaign's, view_data) or,
 * without one, the sample pack; only when that pack is the one the state
 * names by digest (another pack's names would be wrong), else no report.
 */
static json_t *view_with_pack(const json_t *state, const json_t *data)
{
	struct legendary_pack p;
	struct strbuf sb = STRBUF_INIT;
	json_t *v = legendary_view(state);
	const char *want = json_string_value(json_object_get(json_object_get(state, "pack"), "digest"));
	char err[256];

	legendary_pack_init(&p);
	if (v)
		json_object_set_new(v, "words", legendary_template_words(json_string_value(
			json_object_get(json_object_get(state, "options"), "lang"))));
	if (v && pack_of(data, &p, err, sizeof(err)) == 0 && (!want || !strcmp(want, p.digest))) {
		legendary_report(&p, v, &sb);
		json_object_set_new(v, "report", json_string(sb.failed ? "" : strbuf_str(&sb)));
	}
	strbuf_release(&sb);
	legendary_pack_release(&p);
	return v;
}

static json_t *legendary_view_hook(const json_t *state, const char *seat)
{
	(void)seat;
	return view_with_pack(state, NULL);
}

static json_t *legendary_view_data(const json_t *state, const char *seat, const json_t *data)
{
	(void)seat;
	return view_with_pack(state, data);
}

static json_t *legendary_order_form(const json_t *state, const char *seat)
{
	const char *status = json_string_value(json_object_get(state, "status"));

	const char *lang = json_string_value(json_object_get(json_object_get(state, "options"), "lang"));

	(void)seat;
	if (status && !strcmp(status, "setup"))
		return json_string("NONCE \n");
	if (lang && !strncmp(lang, "fr", 2))	/* R11.2: either language's words are read */
		return json_string("# une commande par ligne : JOUER ID|TOUT, ENTRER, SORTIR, RECRUTER Dk, SCANNER Rk,\n"
				   "# COMBATTRE place, ACCOMPLIR place, ESQUIVER, GAGNER DU TEMPS, COORDONNER, SACRIFIER,\n"
				   "# EFFET ID \"...\" (mxjudge-legendary(7))\n");
	return json_string("# one command a line: PLAY ID|ALL, ENTER, LEAVE, RECRUIT Dk, SCAN Rk, FIGHT place,\n"
			   "# COMPLETE place, EVADE, BUY TIME, COORDINATE, SACRIFICE, EFFECT ID \"...\" (mxjudge-legendary(7))\n");
}

static json_t *legendary_forfeit(const json_t *state, const char *seat, const char *reason,
				 char *err, size_t errlen)
{
	json_t *out;

	(void)seat;
	if (strcmp(reason, "abandoned")) {
		errbuf_set(err, errlen, "legendary: a game ends early only as abandoned, not '%s'", reason);
		return NULL;
	}
	out = json_deep_copy(state);
	json_object_set_new(out, "status", json_string("over"));
	json_object_set_new(out, "result", json_string("loss"));
	json_object_set_new(out, "end", json_string("abandoned"));
	return out;
}

static const char *legendary_order_help(void)
{
	return "PLAY ID|ALL, ENTER, LEAVE [EXTRA|ZONE], RECRUIT Dk|HOVERCRAFT, SCAN Rk, FIGHT place, "
	       "COMPLETE place, EVADE place, BUY TIME place, COORDINATE ID, SACRIFICE ID, EFFECT ID \"...\"";
}

static const struct ruleset_setting legendary_settings[] = {
	{ "film", SETTING_INT, 1, 3, NULL, "1", "the film played (a single game)", 1 },
	{ "avatar", SETTING_TEXT, 0, 0, NULL, NULL,
	  "an avatar id of that film (default its first); in a campaign, a character (or an avatar of it)", 1 },
	{ "campaign", SETTING_BOOL, 0, 0, NULL, "false",
	  "the three films in order with one character (avatar: its name), scars carried (R7)", 1 },
	{ "attempts", SETTING_INT, 0, 99, NULL, "0",
	  "a campaign's most tries at one film (0: no limit)", 1 },
	{ "nonce", SETTING_BOOL, 0, 0, NULL, "true", "the deal waits for the player's NONCE word (R4.2)", 1 },
	{ "lang", SETTING_CHOICE, 0, 0, "en fr fr-ascii", "en",
	  "the report's language (fr-ascii: French without accents, for old mail clients)", 0 },
	{ "idle_days", SETTING_INT, 1, 365, NULL, "30",
	  "days without a mail before the judge ends the game (abandoned)", 0 },
	{ NULL, 0, 0, 0, NULL, NULL, NULL, 0 }
};

static const struct ruleset_tool legendary_tools[] = {
	{ "simulate", "bot-only games over a card pack, with their outcomes' rates" },
	{ NULL, NULL }
};

static const struct ruleset_data_kind legendary_data[] = {
	{ "pack", "the card data pack (JSON, mxjudge-legendary(7)); the judge ships only an invented sample" },
	{ NULL, NULL }
};

const struct ruleset legendary_ruleset = {
	.name = "legendary",
	.title = "Legendary Encounters: The Matrix, a solo aid over the player's card pack",
	.flags = RULESET_SOLO | RULESET_OWN_DIGEST,
	.seat_word = "PLAYER",
	.sides = NULL,
	.min_seats = 1,
	.max_seats = 1,
	.settings = legendary_settings,
	.data_kinds = legendary_data,
	.tools = legendary_tools,
	.man_page = "mxjudge-legendary(7)",
	.order_help = legendary_order_help,
	.check_settings = legendary_check_settings,
	.setup = legendary_setup_hook,
	.waiting_for = legendary_waiting_for,
	.read_orders = legendary_read_orders_hook,
	.resolve = legendary_resolve_plain,
	.resolve_data = legendary_resolve_hook,
	.status = legendary_status,
	.view = legendary_view_hook,
	.view_data = legendary_view_data,
	.order_form = legendary_order_form,
	.bot = legendary_bot,
	.simulate = legendary_simulate,
	.forfeit = legendary_forfeit,
	.draw_namespace = "legendary",
	.draw = legendary_picture,
};
