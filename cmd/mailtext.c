#include "mailtext.h"

#include <stdlib.h>
#include <string.h>

#include "core/names.h"
#include "db/db.h"
#include "judge.h"

const char *mailtext_shown(const char *s, int keep_newlines, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addstr(out, s ? s : "");
	if (out->failed || !out->buf)
		return "?";
	out->len = names_scrub(out->buf, out->len, keep_newlines);
	out->buf[out->len] = '\0';
	return out->buf;
}

void mailtext_templates_dir(struct db *db, long long campaign_id, char *dir, size_t len)
{
	struct db_campaign *list = NULL;
	size_t n = 0, i;
	char err[256];

	dir[0] = '\0';
	if (db_campaign_list(db, &list, &n, err, sizeof(err)))
		return;
	for (i = 0; i < n; i++) {
		struct judge_settings s;

		if (list[i].id != campaign_id || judge_settings_parse(&s, list[i].settings, err,
								       sizeof(err)))
			continue;
		snprintf(dir, len, "%s", s.templates);
		judge_settings_release(&s);
	}
	db_campaign_list_release(list, n);
}
