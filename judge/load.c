/*
 * load: reads state JSON, orders and dice files handed to the judge,
 * with "FILE:LINE: ..." errors; judge/load.h.
 */
#include "load.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "core/hovercrafts/state_json.h"

int load_state_file(struct game_state *st, const char *path, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *root;
	int rc;

	game_state_init(st);
	root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		if (jerr.line > 0)
			snprintf(err, errlen, "%s:%d: expected valid JSON: %s", path, jerr.line, jerr.text);
		else
			snprintf(err, errlen, "%s: %s", path, jerr.text);
		return -1;
	}
	rc = state_from_json(st, root, path, err, errlen);
	json_decref(root);
	return rc;
}

int load_orders_file(struct orders_doc *doc, const struct game_state *st, const char *path,
		     int flags, char *err, size_t errlen)
{
	char *text = cmd_read_file(path, NULL, err, errlen);
	const char *name = path[0] == '-' && !path[1] ? "<stdin>" : path;
	int rc = -1;

	orders_doc_init(doc);
	if (!text)
		return -1;
	if (orders_parse(doc, text, name, flags, err, errlen) < 0)
		goto out;
	if (orders_validate(doc, st, name, err, errlen) < 0) {
		orders_doc_release(doc);
		goto out;
	}
	rc = 0;
out:
	free(text);
	return rc;
}

int load_dice_file(struct dice_queue *q, const char *path, char *err, size_t errlen)
{
	char *text = cmd_read_file(path, NULL, err, errlen);
	int rc;

	dice_queue_init(q);
	if (!text)
		return -1;
	rc = dice_queue_parse(q, text, path, 0, err, errlen);
	if (rc < 0)
		dice_queue_release(q);
	free(text);
	return rc;
}
