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
#include "core/hovercrafts/campaign.h"
#include "core/names.h"
#include "judge.h"
#include "settings.h"
#include "timeutil.h"

enum value_kind { V_TEXT, V_INT, V_BOOL, V_DIR, V_ZONE, V_EMAIL, V_INT_OFF };

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
	{ "gm_email", V_EMAIL, 0, 0, "the game master's address, for alerts such as lockouts after wrong passwords ('' for none)", NULL },
	{ "bot_plays_silent", V_BOOL, 0, 0,
	  "the autopilot flies a ship whose captain sent no orders (true/false)", NULL },
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

int settings_set(struct cmd_ctx *ctx, int argc, char **argv)
{
	const struct setting *set;
	struct db_campaign c;
	struct judge_settings s;
	struct campaign_rules rules;
	json_error_t jerr;
	json_t *root = NULL, *v;
	char err[512], *text = NULL, *old;
	size_t i;
	int rc = EXIT_FAIL, drc;

	memset(&c, 0, sizeof(c));
	memset(&s, 0, sizeof(s));
	if (argc != 4)
		return EXIT_USAGE;
	set = find_setting(argv[2]);
	if (!set) {
		cmd_error("no setting '%s'; settable:", argv[2]);
		for (i = 0; i < sizeof(settable) / sizeof(settable[0]); i++)
			fprintf(stderr, "  %-15s %s\n", settable[i].key, settable[i].help);
		return EXIT_USAGE;
	}
	v = read_value(set, argv[3], err, sizeof(err));
	if (!v) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	drc = db_begin(ctx->db, err, sizeof(err));
	if (!drc)
		drc = db_campaign_get(ctx->db, argv[1], &c, err, sizeof(err));
	if (drc == DB_NOT_FOUND) {
		cmd_error("no campaign named '%s'", argv[1]);
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
	if (set_value(root, set, v) < 0) {
		cmd_error("out of memory");
		goto out;
	}
	text = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS);
	if (!text || judge_settings_parse(&s, text, err, sizeof(err)) ||
	    campaign_rules_from_json(&rules, json_object_get(root, "campaign"), err, sizeof(err))) {
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
		printf("%s: %s set\n", c.name, set->key);
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
