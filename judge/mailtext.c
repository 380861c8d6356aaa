/*
 * mailtext: text that came in mail made safe to show, the --email option,
 * and the templates directory an answer is written with (judge/mailtext.h).
 */
#include "mailtext.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "core/names.h"
#include "db/db.h"
#include "judge.h"
#include "mail/idna.h"

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

int mailtext_email_option(const char **email, char *buf, size_t len, int quiet, char *err,
			  size_t errlen)
{
	char why[512];

	if (!mail_domain_is_unicode(*email))
		return 0;
	if (mail_addr_ascii(*email, buf, len, why, sizeof(why))) {
		char shown[128];

		names_printable(*email, shown, sizeof(shown));
		snprintf(err, errlen, "--email '%s': %s (or give the domain's ASCII form, xn--...)",
			 shown, why);
		return -1;
	}
	if (names_check_email(buf, "--email", err, errlen))
		return -1;
	if (!quiet)
		fprintf(stderr, "mxjudge: --email %s is kept as %s, its ASCII form: mail from either "
			"form is the captain's\n", *email, buf);
	*email = buf;
	return 0;
}

void mailtext_ascii_sender(char **from)
{
	char ascii[512], err[512], *copy;

	if (!*from || !mail_domain_is_unicode(*from) ||
	    mail_addr_ascii(*from, ascii, sizeof(ascii), err, sizeof(err)) ||
	    !(copy = strdup(ascii)))
		return;
	free(*from);
	*from = copy;
}

void mailtext_templates_dir(struct db *db, long long campaign_id, char *dir, size_t len,
			    char *game, size_t gamelen)
{
	struct db_campaign *list = NULL;
	size_t n = 0, i;
	char err[256];

	dir[0] = '\0';
	game[0] = '\0';
	if (db_campaign_list(db, &list, &n, err, sizeof(err)))
		return;
	for (i = 0; i < n; i++) {
		struct judge_settings s;

		if (list[i].id != campaign_id)
			continue;
		snprintf(game, gamelen, "%s", list[i].ruleset[0] ? list[i].ruleset : "hovercrafts");
		if (judge_settings_parse(&s, list[i].settings, err, sizeof(err)))
			continue;
		snprintf(dir, len, "%s", s.templates);
		judge_settings_release(&s);
	}
	db_campaign_list_release(list, n);
}
