/*
 * mxjudge campaign: the verb table, and the verbs that create a campaign
 * and show it (new, list, show, outbox). Joining and seats are in
 * cmd/campaign_seats.c, the clock in cmd/campaign_clock.c.
 * Every command that writes does all its writes in one transaction.
 */
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "addresses.h"
#include "judge/account.h"
#include "campaign.h"
#include "cmd.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "core/names.h"
#include "db/db.h"
#include "judge/guard.h"
#include "judge/judge.h"
#include "judge/duplicate.h"
#include "lib/strbuf.h"
#include "judge/mailtext.h"
#include "play.h"
#include "reporting.h"
#include "series.h"
#include "judge/series.h"
#include "settings.h"
#include "judge/timeutil.h"


/* "12", "12.5", "12%" -> permille. */
static int parse_density(const char *s, int *out)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || (*end && strcmp(end, "%")) || v < 0 || v > SERIES_MAX_DENSITY / 10.0)
		return -1;
	*out = (int)(v * 10 + 0.5);
	return 0;
}

/*
 * The game whose board is in the judge's settings and whose campaigns run
 * battles in series (Hovercrafts, RULESET_SERIES): its settings are
 * `campaign new`'s own options (--width ... --rules), not --set.
 */
static int board_game(const struct ruleset *rs)
{
	return (rs->flags & RULESET_SERIES) != 0;
}

/*
 * The settings of a game other than Hovercrafts (whose settings are its
 * own options): --set KEY=VALUE read by the game's declarations, the
 * defaults added, checked by the game; kept under "game". An exit code.
 */
static int game_settings(const struct ruleset *game, const char *const *sets, int nsets,
			 const json_t *data, int board_opts, struct judge_settings *s)
{
	json_t *given = json_object();
	char err[512];
	int i;

	if (board_game(game) || board_opts) {
		if (board_game(game))
			cmd_error("--set: %s takes its settings as options (--width, --height, "
				  "--density)", game->name);
		else
			cmd_error("--width, --height, --density, --map, --scenario, --battles and "
				  "--rules are Hovercrafts' options; --set KEY=VALUE sets this game's "
				  "('mxjudge games')");
		json_decref(given);
		return EXIT_USAGE;
	}
	for (i = 0; i < nsets; i++) {
		char key[64];
		const char *eq = strchr(sets[i], '=');
		json_t *v;

		snprintf(key, sizeof(key), "%.*s", (int)(eq - sets[i] < 63 ? eq - sets[i] : 63), sets[i]);
		if (!(v = engine_setting_value(game, key, eq + 1, err, sizeof(err)))) {
			cmd_error("--set %s", err);
			json_decref(given);
			return EXIT_DATAERR;
		}
		json_object_set_new(given, key, v);
	}
	s->game = engine_settings(game, given, data, err, sizeof(err));
	json_decref(given);
	if (!s->game) {
		/* A data pack's own message names its file and line already. */
		cmd_error("%s%s", data ? "" : "--set ", err);
		return EXIT_DATAERR;
	}
	snprintf(s->ruleset, sizeof(s->ruleset), "%s", game->name);
	return 0;
}

/* campaign new's options, each checked as it is read into the settings. */
struct new_opts {
	struct judge_settings *s;
	const struct ruleset *game;
	int random_opts;		/* --width, --height or --density: a random map */
	int battles;
	struct cmd_opt_list sets;	/* --set KEY=VALUE, read once the game is known */
	struct cmd_opt_list packs;	/* --data KIND=FILE */
	struct cmd_opt_list scen;	/* --scenario NAME, one a battle */
};

static int new_option(const struct cmd_opt *o, const char *optarg)
{
	struct new_opts *no = o->out;
	struct judge_settings *s = no->s;
	const char *opt = o->name;
	char err[1024];
	long v;

	if (!strcmp(opt, "width") || !strcmp(opt, "height")) {
		int w = !strcmp(opt, "width");

		/* Two columns at least: the fleets start on opposite edges. */
		if (cmd_parse_int(optarg, w ? 2 : 1, SERIES_MAX_SIDE, &v)) {
			cmd_error("--%s: expected a number from %d to %d, got '%s'", opt, w ? 2 : 1,
				  SERIES_MAX_SIDE, optarg);
			return -1;
		}
		*(w ? &s->width : &s->height) = (int)v;
		no->random_opts = 1;
	} else if (!strcmp(opt, "density")) {
		if (parse_density(optarg, &s->density)) {
			cmd_error("--density: expected a percentage from 0 to %d, got '%s'",
				  SERIES_MAX_DENSITY / 10, optarg);
			return -1;
		}
		no->random_opts = 1;
	} else if (!strcmp(opt, "seed")) {
		const struct cmd_opt seed = { .out = &s->seed };

		if (cmd_opt_seed(&seed, optarg))
			return -1;
		s->fresh_seeds = 0;
	} else if (!strcmp(opt, "deadline")) {
		if (cmd_parse_int(optarg, 1, 24 * 366, &v)) {
			cmd_error("--deadline: expected hours from 1 to 8784, got '%s'", optarg);
			return -1;
		}
		s->deadline_hours = (int)v;
	} else if (!strcmp(opt, "timezone")) {
		if (!time_zone_valid(optarg)) {
			cmd_error("--timezone: no time zone '%s' (expected an IANA name such "
				  "as Europe/Paris, see /usr/share/zoneinfo)", optarg);
			return -1;
		}
		snprintf(s->timezone, sizeof(s->timezone), "%s", optarg);
	} else if (!strcmp(opt, "early")) {
		s->early = 1;
	} else if (!strcmp(opt, "gm-email")) {
		if (names_check_email(optarg, "--gm-email", err, sizeof(err))) {
			cmd_error("%s", err);
			return -1;
		}
		snprintf(s->gm_email, sizeof(s->gm_email), "%s", optarg);
	} else if (!strcmp(opt, "game")) {
		if (!(no->game = ruleset_find(optarg))) {
			cmd_error("--game: no game named '%s' ('mxjudge games' lists them)", optarg);
			return -1;
		}
	} else if (!strcmp(opt, "set")) {
		if (!strchr(optarg, '=') || strchr(optarg, '=') == optarg || no->sets.n == 32) {
			cmd_error("--set: expected KEY=VALUE (at most 32), got '%s'", optarg);
			return -1;
		}
		no->sets.v[no->sets.n++] = optarg;
	} else if (!strcmp(opt, "scenario")) {
		if (!series_scenario_name_ok(optarg) || no->scen.n >= SERIES_MAX_SCENARIOS) {
			cmd_error("--scenario '%s': expected a scenario name (see 'mxjudge scenario "
				  "list')", optarg);
			return -1;
		}
		no->scen.v[no->scen.n++] = optarg;
	} else if (!strcmp(opt, "battles")) {
		if (cmd_parse_int(optarg, 1, 100, &v)) {
			cmd_error("--battles: expected a number from 1 to 100, got '%s'", optarg);
			return -1;
		}
		no->battles = (int)v;
	} else if (!strcmp(opt, "duplicate")) {
		s->duplicate = 1;
	}
	return 0;
}

static int campaign_new(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *packs[16];		/* --data KIND=FILE */
	int npacks = 0;
	json_t *data = NULL;
	const char *sets[32];		/* --set KEY=VALUE, read once the game is known */
	int nsets = 0;
	struct judge_settings s;
	struct db_campaign c;
	const struct ruleset *game = ruleset_find("hovercrafts");	/* without --game */
	const char *map_path = NULL, *now_arg = NULL, *name, *rules_path = NULL;
	const char *scen[SERIES_MAX_SCENARIOS];
	int nscen = 0, battles = 0;
	int opt, ret = EXIT_FAIL, rc, random_opts = 0;
	char err[4096];	/* a data pack's problems, one a line */
	char first_scen[SERIES_NAME_MAX] = "";	/* the first battle's scenario, if any */
	time_t now;
	struct new_opts no = { &s, NULL, 0, 0, { sets, 0, 32, NULL }, { packs, 0, 16, "data packs" },
			       { scen, 0, SERIES_MAX_SCENARIOS, NULL } };
	const struct cmd_opt opts[] = {
		CMD_CHECK("width", new_option, &no),
		CMD_CHECK("height", new_option, &no),
		CMD_CHECK("density", new_option, &no),
		CMD_VALUE("map", &map_path),
		CMD_CHECK("seed", new_option, &no),
		CMD_CHECK("deadline", new_option, &no),
		CMD_CHECK("timezone", new_option, &no),
		CMD_CHECK_FLAG("early", new_option, &no),
		CMD_CHECK("gm-email", new_option, &no),
		CMD_CHECK("scenario", new_option, &no),
		CMD_CHECK("battles", new_option, &no),
		CMD_VALUE("rules", &rules_path),
		CMD_VALUE("now", &now_arg),
		CMD_CHECK("game", new_option, &no),
		CMD_CHECK("set", new_option, &no),
		CMD_CHECK("data", cmd_opt_list, &no.packs),
		CMD_CHECK_FLAG("duplicate", new_option, &no),
		CMD_END
	};

	memset(&s, 0, sizeof(s));
	memset(&c, 0, sizeof(c));
	s.width = JUDGE_DEFAULT_WIDTH;
	s.height = JUDGE_DEFAULT_HEIGHT;
	s.density = JUDGE_DEFAULT_DENSITY;
	s.deadline_hours = JUDGE_DEFAULT_DEADLINE;
	snprintf(s.timezone, sizeof(s.timezone), "UTC");
	if (sodium_init() < 0) {
		cmd_error("libsodium cannot start (no entropy source?)");
		return EXIT_FAIL;
	}
	randombytes_buf(&s.seed, sizeof(s.seed));
	/* Without --seed every turn draws a fresh seed, committed to in advance. */
	s.fresh_seeds = 1;
	no.game = game;
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	game = no.game;
	nsets = no.sets.n;
	npacks = no.packs.n;
	nscen = no.scen.n;
	battles = no.battles;
	random_opts = no.random_opts;
	name = cmd_operand(argc, argv);
	if (!name || optind + 1 != argc)
		return EXIT_USAGE;
	if (s.duplicate && (!(game->flags & RULESET_SOLO) || !game->compare)) {
		cmd_error("--duplicate: %s has no duplicate play (only solo games that rank their "
			  "results)", game->name);
		return EXIT_USAGE;
	}
	if (s.duplicate && strlen(name) > 27) {
		cmd_error("--duplicate: a duplicate set's name has at most 27 characters (its runs "
			  "are named NAME.1, NAME.2 ...)");
		return EXIT_USAGE;
	}
	if (map_path && random_opts) {
		cmd_error("--map and --width/--height/--density do not go together");
		return EXIT_USAGE;
	}
	/* A game whose players expect it (the duel) resolves when all have written. */
	if (game->flags & RULESET_EARLY)
		s.early = 1;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	/* Names end up in mail subjects and GAME lines: core/names.h keeps them plain. */
	if (names_check(NAMES_CAMPAIGN, name, "campaign", err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	if (npacks && !(data = json_object())) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	for (opt = 0; opt < npacks; opt++) {
		json_t *one = play_read_pack(game, packs[opt], err, sizeof(err));

		if (!one) {
			cmd_error("%s", err);
			json_decref(data);
			return EXIT_DATAERR;
		}
		json_object_update(data, one);
		json_decref(one);
	}
	if (!board_game(game) || nsets) {
		ret = game_settings(game, sets, nsets, data,
				    map_path || random_opts || nscen || battles || rules_path, &s);
		if (ret) {
			json_decref(data);
			return ret;
		}
		ret = EXIT_FAIL;
	}
	/*
	 * Every run of a duplicate set is dealt the same: a game's own nonce
	 * (a runner's word mixed into the deal) would make each deal differ.
	 */
	if (s.duplicate && json_is_true(json_object_get(s.game, "nonce"))) {
		for (opt = 0; opt < nsets; opt++)
			if (!strncmp(sets[opt], "nonce=", 6)) {
				cmd_error("--set nonce: a duplicate set deals every run the same, without "
					  "a runner's nonce");
				json_decref(data);
				judge_settings_release(&s);
				return EXIT_USAGE;
			}
		json_object_set_new(s.game, "nonce", json_false());
	}
	if (board_game(game)) {
		s.map = map_path ? series_map_file(map_path, err, sizeof(err))
				 : series_random_map(s.width, s.height, s.density, judge_map_seed(s.seed),
						     err, sizeof(err));
		if (!s.map) {
			cmd_error("%s", err);
			return EXIT_DATAERR;
		}
	}
	if (map_path) {
		s.width = (int)json_integer_value(json_object_get(s.map, "width"));
		s.height = (int)json_integer_value(json_object_get(s.map, "height"));
		s.density = 0;
		if (s.width < 2) {
			cmd_error("%s: the board needs at least two columns", map_path);
			ret = EXIT_DATAERR;
			goto out;
		}
	}
	snprintf(c.name, sizeof(c.name), "%s", name);
	snprintf(c.ruleset, sizeof(c.ruleset), "%s", game->name);
	time_format_utc(now, c.created_at, sizeof(c.created_at));
	c.settings = judge_settings_dump(&s);
	if (!c.settings) {
		cmd_error("out of memory");
		goto out;
	}
	if (nscen || battles || rules_path) {
		rc = series_new_rules(&c.settings, rules_path, battles, scen, nscen, first_scen,
				      sizeof(first_scen), err, sizeof(err));
		if (rc) {
			cmd_error("%s", err);
			ret = rc == -2 ? EXIT_FAIL : EXIT_DATAERR;
			goto out;
		}
	}
	/* The campaign and its data packs together, or nothing. */
	rc = db_begin(ctx->db, err, sizeof(err));
	if (!rc)
		rc = db_campaign_create(ctx->db, &c, err, sizeof(err));
	if (!rc && data)
		rc = play_store_packs(ctx->db, c.id, data, now, err, sizeof(err));
	if (!rc)
		rc = db_commit(ctx->db, err, sizeof(err));
	db_rollback(ctx->db);
	if (rc == DB_EXISTS) {
		cmd_error("a campaign named '%s' already exists", name);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (rc) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	if (!ctx->quiet && s.map && first_scen[0]) {
		int w = 0, h = 0;
		size_t walls = 0;

		/* The board the first battle is fought on: its scenario's, not the default one. */
		if (series_first_board(&s, first_scen, &w, &h, &walls, err, sizeof(err)))
			printf("campaign %s created: the first battle (%s) has no board: %s\n", c.name,
			       first_scen, err);
		else
			printf("campaign %s created: %d x %d board (%s, the first battle's), %zu walls, "
			       "%d-hour turns (%s)%s\n", c.name, w, h, first_scen, walls,
			       s.deadline_hours, s.timezone, s.early ? ", early processing" : "");
	} else if (!ctx->quiet && s.map)
		printf("campaign %s created: %d x %d board, %zu walls, %d-hour turns (%s)%s\n",
		       c.name, s.width, s.height, json_array_size(json_object_get(s.map, "walls")),
		       s.deadline_hours, s.timezone, s.early ? ", early processing" : "");
	else if (!ctx->quiet && (game->flags & RULESET_SOLO)) {
		json_int_t days = json_integer_value(json_object_get(s.game, "idle_days"));

		printf("campaign %s created: %s%s, a turn as each mail comes, ended after %d idle "
		       "days (%s)\n", c.name, game->title, s.duplicate ? ", a duplicate set" : "",
		       days > 0 ? (int)days : 30, s.timezone);
	} else if (!ctx->quiet)
		printf("campaign %s created: %s, %d-hour turns (%s)%s\n", c.name, game->title,
		       s.deadline_hours, s.timezone, s.early ? ", early processing" : "");
	/* Alerts for nobody in particular: say where they go, and how to have them. */
	if (!ctx->quiet && judge_gm_address(&s, err, sizeof(err)) && !fflush(stdout))
		fprintf(stderr, "mxjudge: warning: no gm_email: the game master's alerts go to the "
			"judge's own address, %s; 'mxjudge campaign set %s gm_email ADDR' (or "
			"--gm-email) sends them to yours\n", err, c.name);
	ret = EXIT_OK;
out:
	json_decref(data);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

/* The open turn's deadline in UTC and in the zone, or "" when there is none. */
static void deadline_of(struct cmd_ctx *ctx, const struct db_campaign *c,
			const struct judge_settings *s, time_t now, char *utc, char *zone,
			size_t len)
{
	struct db_turn t;
	char err[256];
	time_t d;

	time_t paused;

	utc[0] = zone[0] = '\0';
	if (strcmp(c->status, "running") && strcmp(c->status, "paused"))
		return;
	if (db_turn_get(ctx->db, c->id, c->turn, &t, err, sizeof(err)))
		return;
	if (!time_parse_iso(t.deadline, &d)) {
		/* Paused, the clock stands: the time left is what means something. */
		if (!strcmp(c->status, "paused") && !time_parse_iso(c->paused_at, &paused)) {
			long left = d > paused ? (long)(d - paused) / 60 : 0;

			snprintf(zone, len, "paused, %ld h %02ld min left", left / 60, left % 60);
		} else {
			d = judge_effective_deadline(c, d, now);
			time_format_zone(d, s->timezone, zone, len);
		}
		time_format_utc(judge_effective_deadline(c, d, now), utc, len);
	}
	db_turn_release(&t);
}

static int campaign_list(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct db_campaign *list = NULL;
	size_t n = 0, i;
	int json = 0, rc;
	char err[512];
	json_t *arr = NULL;
	time_t now = time(NULL);
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	rc = db_campaign_list(ctx->db, &list, &n, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	if (json)
		arr = json_array();
	else if (n)
		printf("%-20s %-9s %5s  %-25s %s\n", "CAMPAIGN", "STATUS", "TURN", "DEADLINE", "WINNER");
	else if (!ctx->quiet)
		/* Nothing to list: say where we looked (a forgotten MXJUDGE_DB opens the default). */
		fprintf(stderr, "mxjudge: no campaigns in %s\n", db_path(ctx->db));
	for (i = 0; i < n; i++) {
		struct judge_settings s;
		char utc[TIME_TEXT_MAX], zone[TIME_TEXT_MAX];

		if (judge_settings_parse(&s, list[i].settings, err, sizeof(err)))
			continue;
		deadline_of(ctx, &list[i], &s, now, utc, zone, sizeof(utc));
		if (json) {
			json_array_append_new(arr, json_pack("{s:s, s:s, s:i, s:s?, s:s?, s:s}",
				"name", list[i].name, "status", list[i].status, "turn", list[i].turn,
				"deadline", utc[0] ? utc : NULL, "winner",
				list[i].result[0] ? list[i].result : NULL, "timezone", s.timezone));
		} else {
			printf("%-20s %-9s %5d  %-25s %s\n", list[i].name, list[i].status, list[i].turn,
			       zone[0] ? zone : "-", list[i].result[0] ? list[i].result : "-");
		}
		judge_settings_release(&s);
	}
	db_campaign_list_release(list, n);
	return json ? cmd_print_json(arr, 0) : EXIT_OK;
}

static json_t *outbox_json(const struct db_message *m, size_t n, int full)
{
	json_t *arr = json_array();
	size_t i;

	for (i = 0; i < n; i++) {
		json_t *o = json_pack("{s:I, s:s, s:s, s:s, s:s, s:s, s:s?}", "id",
				      (json_int_t)m[i].id, "kind", m[i].kind, "key", m[i].key, "to",
				      m[i].recipient, "subject", m[i].subject, "queued",
				      m[i].created_at, "sent", m[i].sent_at[0] ? m[i].sent_at : NULL);

		if (o && full)
			json_object_set_new(o, "body", json_string(m[i].body));
		json_array_append_new(arr, o);
	}
	return arr;
}

/* One number of seat i's record in recs (series_records_json). */
static int rec_int(const json_t *recs, size_t i, const char *key)
{
	return (int)json_integer_value(json_object_get(json_array_get(recs, i), key));
}

static int campaign_show(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct judge_settings s;
	struct db_campaign c;
	struct db_captain *caps = NULL;
	struct db_seat *ships = NULL;
	json_t *recs = NULL;	/* Hovercrafts' record of each ship (judge/series.h), else NULL */
	struct db_turn *turns = NULL;
	struct db_message *msgs = NULL;
	size_t ncaps = 0, nships = 0, nturns = 0, nmsgs = 0, i, queued = 0;
	const struct ruleset *game;
	char noun[32];
	int json = 0, rc, ret;
	char err[512], utc[TIME_TEXT_MAX], zone[TIME_TEXT_MAX];
	json_t *root = NULL, *arr;
	struct series_board board;
	time_t now = time(NULL);
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!cmd_operand(argc, argv) || optind + 1 != argc)
		return EXIT_USAGE;
	ret = judge_load(ctx->db, argv[optind], &c, &s);
	if (ret)
		return ret;
	if ((rc = db_captain_list(ctx->db, c.id, &caps, &ncaps, err, sizeof(err))) ||
	    (rc = db_seat_list(ctx->db, c.id, &ships, &nships, err, sizeof(err))) ||
	    (rc = db_turn_list(ctx->db, c.id, &turns, &nturns, err, sizeof(err))) ||
	    (rc = db_outbox_list(ctx->db, c.id, 0, &msgs, &nmsgs, err, sizeof(err))) ||
	    ((game = ruleset_find(c.ruleset)) && board_game(game) &&
	     !(recs = series_records_json(ctx->db, ships, nships, err, sizeof(err))) &&
	     (rc = DB_ERROR))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	/* The seats in the game's word: SHIP, RUNNER, PLAYER ... */
	snprintf(noun, sizeof(noun), "%s", game && game->seat_word ? game->seat_word : "SEAT");
	for (i = 0; i < nmsgs; i++)
		queued += !msgs[i].sent_at[0];
	deadline_of(ctx, &c, &s, now, utc, zone, sizeof(utc));
	if (json) {
		root = json_pack("{s:s, s:s, s:i, s:s?, s:s, s:i, s:i, s:i, s:s, s:i, s:b, s:s?, s:s}",
				 "name", c.name, "status", c.status, "turn", c.turn, "winner",
				 c.result[0] ? c.result : NULL, "ruleset", c.ruleset, "width", s.width,
				 "height", s.height, "walls",
				 (int)json_array_size(json_object_get(s.map, "walls")), "timezone",
				 s.timezone, "deadline_hours", s.deadline_hours, "early", s.early,
				 "deadline", utc[0] ? utc : NULL, "created", c.created_at);
		if (root && !s.map) {
			/* A game without a board. */
			json_object_del(root, "width");
			json_object_del(root, "height");
			json_object_del(root, "walls");
		}
		arr = json_array();
		for (i = 0; i < nships; i++) {
			json_t *one = json_pack("{s:s, s:s, s:s, s:s}", "name", ships[i].name, "team",
						ships[i].team, "captain", ships[i].captain, "email",
						ships[i].email), *rec = NULL;

			/* Hovercrafts' record; another game's seats carry their own in data. */
			if (one && (rec = json_array_get(recs, i)))
				json_object_update(one, rec);
			json_array_append_new(arr, one);
		}
		json_object_set_new(root, "ships", arr);
		arr = json_array();
		for (i = 0; i < nturns; i++)
			json_array_append_new(arr, json_pack("{s:i, s:s, s:s, s:s?}", "number",
				turns[i].number, "opened", turns[i].opened_at, "deadline",
				turns[i].deadline, "resolved",
				turns[i].resolved_at[0] ? turns[i].resolved_at : NULL));
		json_object_set_new(root, "turns", arr);
		json_object_set_new(root, "outbox", outbox_json(msgs, nmsgs, 0));
		/* width, height, walls: the campaign's own board; "board": the battle's. */
		if (series_current_board(ctx->db, &c, &board))
			json_object_set_new(root, "board", json_pack("{s:i,s:s?,s:i,s:i,s:i}", "battle",
				board.battle, "scenario", board.scenario[0] ? board.scenario : NULL,
				"width", board.width, "height", board.height, "walls", board.walls));
		/* A campaign in series: its battles and standings (cmd/series.h). */
		if (series_model(ctx->db, &c, root, err, sizeof(err))) {
			cmd_error("%s", err);
			ret = EXIT_FAIL;
			goto out;
		}
		{
			/* Every setting as stored (mxjudge-settings(5)) but the seed: it foretells dice. */
			json_t *set = json_loads(c.settings, 0, NULL);

			if (json_is_object(set)) {
				json_object_del(set, "seed");
				json_object_set(root, "settings", set);
			}
			json_decref(set);
		}
		ret = cmd_print_json(root, 0);
		root = NULL;
		goto out;
	}
	printf("Campaign %s (%s)\n", c.name, c.ruleset);
	printf("  status:    %s", c.status);
	if (!strcmp(c.status, "finished"))
		printf(", result: %s", c.result);
	printf("\n  turn:      %d\n", c.turn);
	if (zone[0])
		printf("  deadline:  %s%s%s%s\n", zone, strcmp(c.status, "paused") ? " (" : "",
		       strcmp(c.status, "paused") ? utc : "", strcmp(c.status, "paused") ? ")" : "");
	/* A campaign in series: the board of the battle being fought (or the last one). */
	if (series_current_board(ctx->db, &c, &board))
		printf("  board:     %d x %d, %d wall%s (battle %d%s%s)\n", board.width, board.height,
		       board.walls, board.walls == 1 ? "" : "s", board.battle,
		       board.scenario[0] ? ", " : "", board.scenario);
	else if (s.map)
		printf("  board:     %d x %d, %zu walls\n", s.width, s.height,
		       json_array_size(json_object_get(s.map, "walls")));
	if (s.game) {
		char *text = json_dumps(s.game, JSON_COMPACT | JSON_SORT_KEYS);

		printf("  settings:  %s\n", text ? text : "");
		free(text);
	}
	printf("  turns:     every %d hours, times in %s%s\n", s.deadline_hours, s.timezone,
	       s.early ? ", early processing on" : "");
	printf("  outbox:    %zu queued, %zu sent\n", queued, nmsgs - queued);
	/* Alerts for the game master (judge/guard.h): always shown here, mailed only to gm_email. */
	for (i = 0; i < nmsgs; i++) {
		char when[TIME_TEXT_MAX];

		if (strcmp(msgs[i].kind, "alert"))
			continue;
		time_shown(msgs[i].created_at, s.timezone, when, sizeof(when));
		printf("  alert:     %s (%s; %s%s)\n", msgs[i].subject, when,
		       msgs[i].recipient[0] ? "to " : "not mailed: no gm_email set",
		       msgs[i].recipient);
	}
	if (recs)
		printf("\n  %-16s %-9s %-16s %-28s %s\n", noun, "TEAM", "CAPTAIN", "EMAIL",
		       "BATTLES/WINS/KILLS");
	else
		/* The duel's seat word is SIDE: its seats' sides are teams. */
		printf("\n  %-16s %-9s %-16s %s\n", noun, strcmp(noun, "SIDE") ? "SIDE" : "TEAM",
		       "CAPTAIN", "EMAIL");
	for (i = 0; i < nships; i++)
		if (recs)
			printf("  %-16s %-9s %-16s %-28s %d/%d/%d\n", ships[i].name, ships[i].team,
			       ships[i].captain, ships[i].email, rec_int(recs, i, "battles"),
			       rec_int(recs, i, "wins"), rec_int(recs, i, "kills"));
		else
			printf("  %-16s %-9s %-16s %s\n", ships[i].name,
			       ships[i].team[0] ? ships[i].team : "-", ships[i].captain,
			       ships[i].email);
	root = json_object();
	if (!root || series_model(ctx->db, &c, root, err, sizeof(err))) {
		cmd_error("%s", root ? err : "out of memory");
		ret = EXIT_FAIL;
		goto out;
	}
	if (json_object_get(root, "series")) {
		printf("\n");
		series_print_standings(json_object_get(root, "series"), 0);
	}
	ret = EXIT_OK;
out:
	json_decref(root);
	free(caps);
	free(ships);
	json_decref(recs);
	db_turn_list_release(turns, nturns);
	db_outbox_list_release(msgs, nmsgs);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

static int campaign_outbox(struct cmd_ctx *ctx, int argc, char **argv)
{
	int wkind = 8, wto = 28;
	struct judge_settings s;
	struct db_campaign c;
	struct db_message *msgs = NULL;
	size_t n = 0, i;
	int json = 0, full = 0, unsent = 0, rc, ret;
	struct strbuf shown = STRBUF_INIT;
	char err[512];
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_FLAG("full", &full),
		CMD_FLAG("unsent", &unsent),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!cmd_operand(argc, argv) || optind + 1 != argc)
		return EXIT_USAGE;
	ret = judge_load(ctx->db, argv[optind], &c, &s);
	if (ret)
		return ret;
	rc = db_outbox_list(ctx->db, c.id, unsent, &msgs, &n, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	ret = EXIT_OK;
	if (json)
		ret = cmd_print_json(outbox_json(msgs, n, full), 0);
	/* Columns as wide as their widest entry, so every line lines up. */
	for (i = 0; !json && !full && i < n; i++) {
		if ((int)strlen(msgs[i].kind) > wkind)
			wkind = (int)strlen(msgs[i].kind);
		if ((int)strlen(msgs[i].recipient) > wto)
			wto = (int)strlen(msgs[i].recipient);
	}
	/* Answers quote mail (its Subject, a refused line): shown without a terminal's escapes. */
	for (i = 0; !json && i < n; i++) {
		if (full) {
			printf("%sTo: %s\n", i ? "\n" : "", msgs[i].recipient);
			printf("Subject: %s\nX-Mxjudge-Key: %s\n\n", mailtext_shown(msgs[i].subject, 0,
			       &shown), msgs[i].key);
			fputs(mailtext_shown(msgs[i].body, 1, &shown), stdout);
		} else {
			printf("%-6s %-*s %-*s %s\n", msgs[i].sent_at[0] ? "sent" : "queued", wkind,
			       msgs[i].kind, wto, msgs[i].recipient,
			       mailtext_shown(msgs[i].subject, 0, &shown));
		}
	}
	strbuf_release(&shown);
out:
	db_outbox_list_release(msgs, n);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

const struct cmd campaign_cmds[] = {
	{ "new", "NAME [--game GAME] [--set KEY=VALUE ...] [--data KIND=FILE ...] [--duplicate] [--width W --height H --density P | --map FILE|NAME] [--seed N] "
		 "[--scenario NAME ...] [--battles N] [--rules FILE] "
		 "[--deadline HOURS] [--timezone ZONE] [--early] [--gm-email ADDR] [--now TIME]",
	  campaign_new, NEED_DB | MAY_CREATE_DB, "create a campaign and its board", NULL },
	{ "join", "NAME --seat SEAT [--side SIDE] --captain NAME --email ADDR [--data KIND=FILE ...] [--now TIME]",
	  campaign_join, NEED_DB, "add a captain and a ship; prints the captain's password once",
	  NULL },
	{ "start", "NAME [--flagship SHIP] [--now TIME]", campaign_start, NEED_DB,
	  "place the fleets, roll the first energy, open turn 1", NULL },
	{ "list", "[--json]", campaign_list, NEED_DB, "list the campaigns", NULL },
	{ "show", "NAME [--json]", campaign_show, NEED_DB, "show a campaign's state", NULL },
	{ "pause", "NAME [--now TIME]", campaign_pause, NEED_DB, "stop a campaign's clock", NULL },
	{ "resume", "NAME [--now TIME]", campaign_resume, NEED_DB,
	  "restart the clock, giving back the paused time", NULL },
	{ "extend", "NAME (--hours H | --until TIME [--force]) [--now TIME]", campaign_extend, NEED_DB,
	  "move the open turn's deadline", NULL },
	{ "outbox", "NAME [--unsent] [--full] [--json]", campaign_outbox, NEED_DB,
	  "list the messages queued for the captains", NULL },
	{ "next-battle", "NAME [--scenario NAME] [--flagship SHIP] [--now TIME]",
	  campaign_next_battle, NEED_DB, "start the next battle of a campaign in series", NULL },
	{ "reveal", "NAME", play_reveal, NEED_DB,
	  "publish the sealed root of a game's hidden draws before it ends", NULL },
	{ "standings", "NAME [--json]", campaign_standings, NEED_DB,
	  "each ship's record, points and why its stats are what they are", NULL },
	{ "adjust", "NAME --ship SHIP (--points N | --stat STAT --by N | --buy STAT) --reason TEXT",
	  campaign_adjust, NEED_DB, "the game master's changes to points and stats (kept in the ledger)",
	  NULL },
	{ "replace-captain", "NAME --ship SHIP --captain NAME --email ADDR", campaign_replace_captain,
	  NEED_DB, "give a ship a new captain; prints the new password once", NULL },
	{ "assign", "NAME --ship SHIP --captain NAME", campaign_assign, NEED_DB,
	  "let an existing captain command a ship", NULL },
	{ "set-email", "NAME --ship SHIP --email ADDR", campaign_set_email, NEED_DB,
	  "move a ship's captain to another mail address; the password stays", NULL },
	{ "remove-ship", "NAME --ship SHIP [--now TIME]", campaign_remove_ship, NEED_DB,
	  "take a ship out of the campaign's next battles", NULL },
	{ "undo", "NAME [--reason TEXT] [--now TIME]", campaign_undo, NEED_DB,
	  "undo the last resolved turn of the battle; the captains are told", NULL },
	{ "unlock", "NAME --ship SHIP [--now TIME]", campaign_unlock, NEED_DB,
	  "lift a ship's lockout after wrong passwords", NULL },
	{ "set", SETTINGS_USAGE, settings_set, NEED_DB, "change one campaign setting", NULL },
	{ "standby", "NAME [--add ADDRESS --name CAPTAIN | --remove ADDRESS] [--json] [--now TIME]",
	  campaign_standby, NEED_DB,
	  "the standby list: who may take over a vacant seat (TAKEOVER by mail)", NULL },
	{ "absence", "NAME [--json] | NAME --ship SHIP --from DAY --to DAY [--now TIME]",
	  campaign_absence, NEED_DB,
	  "the captains' absences (SET ABSENCE by mail) and what they do; add one", NULL },
	{ "close", "NAME [--json] [--now TIME]", campaign_close, NEED_DB,
	  "close a duplicate set: end its runs, reveal the deal, rank and mail the runners", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
