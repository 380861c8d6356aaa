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
#include "judge.h"
#include "settings.h"
#include "timeutil.h"

enum value_kind { V_TEXT, V_INT, V_BOOL, V_DIR, V_ZONE, V_EMAIL };

struct setting {
	const char *key;
	enum value_kind kind;
	long min, max;
	const char *help;
};

/* What a game master may change once the campaign exists. */
static const struct setting settable[] = {
	{ "templates", V_DIR, 0, 0, "a directory of templates overriding the shipped ones ('' for none)" },
	{ "timezone", V_ZONE, 0, 0, "an IANA zone such as Europe/Paris" },
	{ "deadline_hours", V_INT, 1, 24 * 366, "hours between deadlines" },
	{ "early", V_BOOL, 0, 0, "resolve as soon as every ship has orders (true/false)" },
	{ "bulletin_to", V_EMAIL, 0, 0, "an address that gets the public bulletin of every turn ('' for none)" },
	{ "phase_maps", V_BOOL, 0, 0, "show the board after every phase where a ship moved (true/false)" },
};

static const struct setting *find_setting(const char *key)
{
	size_t i;

	for (i = 0; i < sizeof(settable) / sizeof(settable[0]); i++)
		if (!strcmp(settable[i].key, key))
			return &settable[i];
	return NULL;
}

/* A plain address: no spaces, no header tricks, one @. */
static int plain_address(const char *s)
{
	const char *at = strchr(s, '@');
	const char *p;

	if (!at || at == s || !at[1] || strchr(at + 1, '@') || strlen(s) >= 254)
		return 0;
	for (p = s; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == '<' || *p == '>' || *p == ',' || *p == ';' ||
		    *p == '"' || *p == '\\' || (unsigned char)*p >= 127)
			return 0;
	return 1;
}

static json_t *read_value(const struct setting *set, const char *value, char *err, size_t errlen)
{
	long n;

	switch (set->kind) {
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
		if (!*value || plain_address(value))
			return json_string(value);
		break;
	case V_TEXT:
		return json_string(value);
	}
	snprintf(err, errlen, "%s: expected %s, got '%s'", set->key, set->help, value);
	return NULL;
}

int settings_set(struct cmd_ctx *ctx, int argc, char **argv)
{
	const struct setting *set;
	struct db_campaign c;
	struct judge_settings s;
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
	json_object_set(root, set->key, v);
	text = json_dumps(root, JSON_COMPACT | JSON_SORT_KEYS);
	if (!text || judge_settings_parse(&s, text, err, sizeof(err))) {
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
