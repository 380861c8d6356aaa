/*
 * packs: a game's data packs (`--data KIND=FILE`): a file read whole,
 * stored with its campaign so that a replay never depends on the file,
 * and read back as the ruleset takes them (judge/packs.h).
 */
#include "packs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "core/ruleset.h"
#include "db/battles.h"
#include "db/db.h"
#include "db/play.h"
#include "judge.h"
#include "timeutil.h"

json_t *play_read_pack(const struct ruleset *rs, const char *arg, char *err, size_t errlen)
{
	const struct ruleset_data_kind *k;
	const char *eq = strchr(arg, '='), *base;
	char kind[DB_NAME_MAX], digest[65], inner[512], *text;
	size_t len, n = eq ? (size_t)(eq - arg) : 0;
	json_t *out;

	if (!eq || !n || n >= sizeof(kind)) {
		snprintf(err, errlen, "--data: expected KIND=FILE, got '%s'", arg);
		return NULL;
	}
	memcpy(kind, arg, n);
	kind[n] = '\0';
	for (k = rs->data_kinds; k && k->name && strcmp(k->name, kind); k++)
		;
	if (!k || !k->name) {
		snprintf(err, errlen, "--data: %s takes no data of kind '%s'%s", rs->name, kind,
			 rs->data_kinds && rs->data_kinds->name ? " ('mxjudge games' lists its kinds)" : "");
		return NULL;
	}
	text = cmd_read_file(eq + 1, &len, inner, sizeof(inner));
	if (!text) {
		snprintf(err, errlen, "--data %s: %s", kind, inner);
		return NULL;
	}
	if (strlen(text) != len) {
		snprintf(err, errlen, "%s: expected a text file (it holds a NUL byte)", eq + 1);
		free(text);
		return NULL;
	}
	judge_digest(text, digest);
	base = strrchr(eq + 1, '/') ? strrchr(eq + 1, '/') + 1 : eq + 1;
	/* The path goes with it for the game's "FILE:LINE: ..." messages at creation. */
	out = json_pack("{s:{s:s,s:s,s:s,s:s}}", kind, "name", base, "path", eq + 1, "digest", digest,
			"text", text);
	free(text);
	if (!out)
		snprintf(err, errlen, "out of memory");
	return out;
}

int play_store_packs(struct db *db, long long campaign_id, const json_t *data, time_t now,
		     char *err, size_t errlen)
{
	const char *kind;
	json_t *p;
	int rc = 0;

	json_object_foreach((json_t *)data, kind, p) {
		struct db_pack pack;

		memset(&pack, 0, sizeof(pack));
		snprintf(pack.kind, sizeof(pack.kind), "%s", kind);
		snprintf(pack.name, sizeof(pack.name), "%s", json_string_value(json_object_get(p, "name")));
		snprintf(pack.digest, sizeof(pack.digest), "%s",
			 json_string_value(json_object_get(p, "digest")));
		pack.body = (char *)json_string_value(json_object_get(p, "text"));
		time_format_utc(now, pack.added_at, sizeof(pack.added_at));
		if ((rc = db_pack_add(db, campaign_id, &pack, err, errlen)))
			break;
	}
	return rc;
}

/* The packs of a campaign as the ruleset takes them: {KIND: {"name","digest","text"}}. */
json_t *play_packs_of(struct db *db, long long campaign_id, char *err, size_t errlen)
{
	struct db_pack *packs = NULL;
	json_t *out;
	size_t n = 0, i;

	if (db_pack_list(db, campaign_id, &packs, &n, err, errlen))
		return NULL;
	out = json_object();
	for (i = 0; out && i < n; i++)
		json_object_set_new(out, packs[i].kind, json_pack("{s:s,s:s,s:s}", "name", packs[i].name,
								  "digest", packs[i].digest, "text",
								  packs[i].body));
	db_pack_list_release(packs, n);
	if (!out)
		snprintf(err, errlen, "out of memory");
	return out;
}
