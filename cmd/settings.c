/*
 * mxjudge campaign set NAME KEY VALUE: changes one campaign setting. The
 * settings are a JSON object in the database; each settable key says how
 * its value is read and checked, so a typo never reaches a running game.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "core/names.h"
#include "judge/judge.h"
#include "judge/series.h"
#include "play.h"
#include "settings.h"
#include "target.h"
#include "judge/timeutil.h"

enum value_kind { V_TEXT, V_INT, V_BOOL, V_DIR, V_ZONE, V_EMAIL, V_INT_OFF, V_PRESS, V_PRESS_DURING, V_ABSENCE, V_SIGNUP };

struct setting {
	const char *key;
	enum value_kind kind;
	long min, max;
	const char *help;
	const char *under;	/* kept in this object of the settings, or NULL: at the top */
};

/* What a game master may change once the campaign exists. */
static const struct setting settable[] = {
	{ "templates", V_DIR, 0, 0, "a directory of templates overriding the shipped ones ('' for none)", NULL },
	{ "timezone", V_ZONE, 0, 0, "an IANA zone such as Europe/Paris", NULL },
	{ "deadline_hours", V_INT, 1, 24 * 366, "hours between deadlines", NULL },
	{ "early", V_BOOL, 0, 0, "resolve as soon as every ship has orders (true/false)", NULL },
	{ "bulletin_to", V_EMAIL, 0, 0, "an address that gets the public bulletin of every turn ('' for none)", NULL },
	{ "phase_maps", V_BOOL, 0, 0, "show the board after every phase where a ship moved (true/false)", NULL },
	{ "publish_to", V_DIR, 0, 0, "a directory that process keeps the campaign's public web "
	  "archive in, as mxjudge publish writes it ('' for none)", NULL },
	{ "gm_email", V_EMAIL, 0, 0, "the game master's address, for alerts such as lockouts after wrong passwords ('' for none)", NULL },
	{ "bot_plays_silent", V_BOOL, 0, 0,
	  "the autopilot flies a ship whose captain sent no orders (true/false)", NULL },
	{ "press", V_PRESS, 0, 0, "press between captains by mail: none, side (to their own side) or all", NULL },
	{ "press_anonymous", V_BOOL, 0, 0, "press may be sent without the sender's name (true/false)", NULL },
	{ "press_copy_gm", V_BOOL, 0, 0, "the game master (gm_email) gets a copy of every press (true/false)", NULL },
	{ "press_during", V_PRESS_DURING, 0, 0, "when press is taken: any (while a turn is open and "
	  "between battles) or between (between battles only)", NULL },
	{ "signup", V_SIGNUP, 0, 0, "how players join while the campaign is open: none (by the game "
	  "master only) or mail (JOIN by mail too)", NULL },
	{ "takeover", V_BOOL, 0, 0, "someone on the standby list (campaign standby) may TAKEOVER a "
	  "vacant seat by mail (true/false)", NULL },
	{ "mixed_sides", V_BOOL, 0, 0, "by mail (JOIN, TAKEOVER), one captain may hold seats on "
	  "different sides (true/false)", NULL },
	{ "press_per_hour", V_INT, 1, 10000, "the most press (PRESS, BROADCAST) a seat may send by "
	  "mail in an hour; the rest is refused (20 when unset)", NULL },
	{ "absence", V_ABSENCE, 0, 0,
	  "while a captain is away (SET ABSENCE by mail): wait (the deadline waits) or autopilot "
	  "(the autopilot flies, where the game has one)", NULL },
	{ "absence_days", V_INT, 0, 366, "the most days of absence a captain may take in the "
	  "campaign (0: none; 14 when unset)", NULL },
	{ "auto_next_hours", V_INT_OFF, 0, 24 * 366,
	  "hours after a battle ends before process starts the next (0: at once; off: by hand)",
	  "campaign" },
};

static const struct setting *find_setting(const char *key)
{
	size_t i;

	for (i = 0; i < sizeof(settable) / sizeof(settable[0]); i++)
		if (!strcmp(settable[i].key, key))
			return &settable[i];
	return NULL;
}

static json_t *read_value(const struct setting *set, const char *value, char *err, size_t errlen)
{
	long n;

	switch (set->kind) {
	case V_INT_OFF:
		if (!strcmp(value, "off"))
			return json_null();
		/* fall through */
	case V_INT:
		if (cmd_parse_int(value, set->min, set->max, &n) < 0)
			break;
		return json_integer(n);
	case V_BOOL:
		if (!strcmp(value, "true") || !strcmp(value, "false"))
			return json_boolean(!strcmp(value, "true"));
		break;
	case V_DIR:
		if (!*value || (value[0] == '/' && cmd_is_dir(value)))
			return json_string(value);
		snprintf(err, errlen, "%s: expected an absolute path of an existing directory, got '%s'",
			 set->key, value);
		return NULL;
	case V_ZONE:
		if (time_zone_valid(value))
			return json_string(value);
		break;
	case V_EMAIL:
		/* One plain address (core/names.h): nothing that could break a header. */
		if (!*value || !names_check_email(value, set->key, err, errlen))
			return json_string(value);
		return NULL;
	case V_TEXT:
		return json_string(value);
	case V_PRESS:
		if (!strcmp(value, "none") || !strcmp(value, "side") || !strcmp(value, "all"))
			return json_string(value);
		break;
	case V_PRESS_DURING:
		if (!strcmp(value, "any") || !strcmp(value, "between"))
			return json_string(value);
		break;
	case V_SIGNUP:
		if (!strcmp(value, "none") || !strcmp(value, "mail"))
			return json_string(value);
		break;
	case V_ABSENCE:
		if (!strcmp(value, "wait") || !strcmp(value, "autopilot"))
			return json_string(value);
		break;
	}
	snprintf(err, errlen, "%s: expected %s, got '%s'", set->key, set->help, value);
	return NULL;
}

/* Writes v at the setting's place (null: removed). 0 or -1 (out of memory). */
static int set_value(json_t *root, const struct setting *set, json_t *v)
{
	json_t *where = root;

	if (set->under) {
		where = json_object_get(root, set->under);
		if (!json_is_object(where)) {
			where = json_object();
			if (json_object_set_new(root, set->under, where) < 0)
				return -1;
		}
	}
	if (json_is_null(v)) {
		json_object_del(where, set->key);
		return 0;
	}
	return json_object_set(where, set->key, v);
}

/* The value of a setting as text, or what it is when unset. */
static void print_value(const char *key, const json_t *v, const char *unset, const char *help)
{
	char *text = v ? json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;

	printf("  %-17s %-9s %s\n", key, text ? text : unset, help);
	free(text);
}

/* `campaign set NAME`: every key a game master may set, with its value now. */
static int settings_list(struct cmd_ctx *ctx, const char *name)
{
	const struct ruleset_setting *rset;
	const struct ruleset *rs;
	struct cmd_target t;
	json_error_t jerr;
	json_t *root;
	size_t i;
	int rc;

	if ((rc = cmd_target(ctx, name, NULL, CMD_TARGET_CAMPAIGN, &t)))
		return rc;
	root = json_loads(t.c.settings, 0, &jerr);
	rs = ruleset_find(t.c.ruleset);
	printf("Settings of %s (campaign set %s KEY VALUE):\n", t.c.name, t.c.name);
	for (i = 0; i < sizeof(settable) / sizeof(settable[0]); i++) {
		const json_t *where = settable[i].under ? json_object_get(root, settable[i].under) : root;

		print_value(settable[i].key, json_object_get(where, settable[i].key), "(unset)",
			    settable[i].help);
	}
	if (rs && rs->settings && rs->settings->key) {
		json_t *game = play_settings_of(rs, &t.c);

		printf("The game's (%s, %s):\n", rs->name, rs->man_page ? rs->man_page : "mxjudge games");
		for (rset = rs->settings; rset->key; rset++) {
			if (find_setting(rset->key))
				continue;	/* the judge's own key, listed above */
			print_value(rset->key, json_object_get(game, rset->key),
				    rset->def ? rset->def : "(unset)", rset->fixed ?
				    "(fixed when the campaign was created)" : rset->help);
		}
		json_decref(game);
	}
	json_decref(root);
	cmd_target_release(ctx, &t);
	return EXIT_OK;
}

/*
 * A setting the campaign's game declares (core/ruleset.h), kept under
 * "game": checked by its declaration and by the game, and only until the
 * game starts. 0 set in root, EXIT_DATAERR after saying why, or -1 when
 * the game declares no such setting.
 */
static int game_value(const struct ruleset *rs, const struct db_campaign *c, json_t *root,
		      const char *key, const char *value)
{
	const struct ruleset_setting *rset;
	json_t *v, *game, *checked;
	char err[512];

	for (rset = rs ? rs->settings : NULL; rset && rset->key && strcmp(rset->key, key); rset++)
		;
	if (!rset || !rset->key)
		return -1;
	if (rset->fixed || strcmp(c->status, "open") || c->turn > 0) {
		cmd_error("%s: the game's setting is fixed %s", key, rset->fixed ?
			  "when the campaign is created" : "once the game has started");
		return EXIT_DATAERR;
	}
	if (!(v = engine_setting_value(rs, key, value, err, sizeof(err)))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	game = json_object_get(root, "game");
	if (!json_is_object(game)) {
		game = json_object();
		json_object_set_new(root, "game", game);
	}
	json_object_set_new(game, key, v);
	checked = engine_settings(rs, game, NULL, err, sizeof(err));
	if (!checked) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	json_decref(checked);
	return 0;
}

int settings_set(struct cmd_ctx *ctx, int argc, char **argv)
{
	const struct setting *set;
	struct db_campaign c;
	struct judge_settings s;
	json_error_t jerr;
	json_t *root = NULL, *v;
	char err[512], *text = NULL, *old;
	int rc = EXIT_FAIL, drc;

	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	if (argc == 2)
		return settings_list(ctx, argv[1]);
	if (argc != 4)
		return EXIT_USAGE;
	set = find_setting(argv[2]);
	v = set ? read_value(set, argv[3], err, sizeof(err)) : NULL;
	if (set && !v) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	drc = db_begin(ctx->db, err, sizeof(err));
	if (!drc)
		drc = db_campaign_get(ctx->db, argv[1], &c, err, sizeof(err));
	if (drc == DB_NOT_FOUND) {
		judge_no_campaign(ctx->db, argv[1]);
		rc = EXIT_DATAERR;
		goto out;
	}
	if (drc) {
		cmd_error("%s", err);
		rc = judge_db_exit(drc);
		goto out;
	}
	root = json_loads(c.settings, 0, &jerr);
	if (!json_is_object(root)) {
		cmd_error("campaign '%s': stored settings are not a JSON object", c.name);
		goto out;
	}
	if (!set) {
		rc = game_value(ruleset_find(c.ruleset), &c, root, argv[2], argv[3]);
		if (rc < 0) {
			cmd_error("no setting '%s'; 'mxjudge campaign set %s' lists them", argv[2], c.name);
			rc = EXIT_USAGE;
		}
		if (rc)
			goto out;
		rc = EXIT_FAIL;
	} else if (set_value(root, set, v) < 0) {
		cmd_error("out of memory");
		goto out;
	}
	text = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS);
	if (!text || judge_settings_parse(&s, text, err, sizeof(err)) ||
	    series_check_rules(root, err, sizeof(err))) {
		cmd_error("%s", text ? err : "out of memory");
		rc = EXIT_DATAERR;
		goto out;
	}
	old = c.settings;
	c.settings = text;
	drc = db_campaign_update(ctx->db, &c, err, sizeof(err));
	c.settings = old;
	if (!drc)
		drc = db_commit(ctx->db, err, sizeof(err));
	if (drc) {
		cmd_error("%s", err);
		rc = judge_db_exit(drc);
		goto out;
	}
	if (!ctx->quiet)
		printf("%s: %s set\n", c.name, argv[2]);
	rc = EXIT_OK;
out:
	db_rollback(ctx->db);
	json_decref(v);
	json_decref(root);
	free(text);
	judge_settings_release(&s);
	db_campaign_release(&c);
	return rc;
}
