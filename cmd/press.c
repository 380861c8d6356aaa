/*
 * mxjudge press send | list: the game master's press and the list of
 * press relayed (the relaying itself is judge/press.c's).
 */
#include "judge/press.h"

#include <getopt.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/desk.h"
#include "core/secret.h"
#include "db/db.h"
#include "db/desk.h"
#include "judge/guard.h"
#include "judge/judge.h"
#include "lib/strbuf.h"
#include "judge/outbox.h"
#include "series.h"
#include "target.h"
#include "judge/timeutil.h"

/* --to SEAT, --side SIDE, --all: who a press goes to, counted (one is expected). */
struct press_to {
	const char *seat, *team;
	int all, n;
};

static int one_target(const struct cmd_opt *o, const char *value)
{
	struct press_to *to = o->out;

	if (!strcmp(o->name, "to"))
		to->seat = value;
	else if (!strcmp(o->name, "side"))
		to->team = value;
	else
		to->all = 1;
	to->n++;
	return 0;
}

/*
 * `mxjudge press send NAME (--to SEAT | --side SIDE | --all) [--anonymous]
 * [--file FILE]`: press from the game master, whatever the campaign's press
 * settings say, relayed as a captain's is.
 */
static int press_send_cmd(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *path = "-", *now_arg = NULL;
	struct press_to to = { NULL, NULL, 0, 0 };
	struct cmd_target t;
	struct judge_settings s;
	struct db_seat *ships = NULL;
	struct press_relay r;
	json_t *names = NULL, *v;
	unsigned char rnd[6];
	char err[512], key[64], now_text[32], *body = NULL, *text = NULL;
	size_t n = 0, len = 0, i;
	time_t now;
	int anonymous = 0, rc, ret = EXIT_FAIL;
	const struct cmd_opt opts[] = {
		CMD_CHECK("to", one_target, &to),
		CMD_CHECK("side", one_target, &to),
		CMD_CHECK_FLAG("all", one_target, &to),
		CMD_FLAG("anonymous", &anonymous),
		CMD_VALUE("file", &path),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 != argc)
		return EXIT_USAGE;
	if (to.n != 1) {
		cmd_error("press send: expected one of --to SEAT, --side SIDE or --all");
		return EXIT_USAGE;
	}
	if (cmd_now(now_arg, &now) < 0)
		return EXIT_USAGE;
	time_format_utc(now, now_text, sizeof(now_text));
	memset(&s, 0, sizeof(s));
	if ((rc = cmd_target(ctx, argv[optind], NULL, CMD_TARGET_CAMPAIGN | CMD_TARGET_TERSE, &t)))
		return rc;
	if (judge_settings_parse(&s, t.c.settings, err, sizeof(err)) ||
	    (rc = db_seat_list(ctx->db, t.c.id, &ships, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = rc ? judge_db_exit(rc) : EXIT_FAIL;
		goto out;
	}
	/* The seat or side must be the campaign's: a typo reaches nobody. */
	for (i = 0; i < n && (to.seat || to.team); i++)
		if ((to.seat && !strcasecmp(ships[i].name, to.seat)) ||
		    (to.team && !strcasecmp(ships[i].team, to.team)))
			break;
	if ((to.seat || to.team) && i == n) {
		cmd_error("press send: expected %s of %s, got '%s'", to.seat ? "a seat" : "a side",
			  t.c.name, to.seat ? to.seat : to.team);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (!(body = cmd_read_file(path, &len, err, sizeof(err)))) {
		cmd_error("press send: %s", err);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (strlen(body) != len || len > DESK_PRESS_MAX || !body[strspn(body, " \t\r\n")]) {
		cmd_error("press send: expected a message of text, at most %d bytes, in %s",
			  DESK_PRESS_MAX, strcmp(path, "-") ? path : "standard input");
		ret = EXIT_DATAERR;
		goto out;
	}
	if (!(text = secret_redact(body))) {
		cmd_error("out of memory");
		goto out;
	}
	randombytes_buf(rnd, sizeof(rnd));
	snprintf(key, sizeof(key), "press/gm-%lld-%02x%02x%02x%02x%02x%02x", (long long)now, rnd[0],
		 rnd[1], rnd[2], rnd[3], rnd[4], rnd[5]);
	memset(&r, 0, sizeof(r));
	r.from = PRESS_GM;
	r.anonymous = anonymous;
	r.all = to.all;
	r.team = to.team;
	r.seat = to.seat;
	r.key = key;
	r.message = text;
	if ((rc = press_relay(ctx->db, &t.c, &s, ships, n, &r, now_text, &names, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	if (!json_array_size(names)) {
		cmd_error("press send: no captain of %s to read it", t.c.name);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (!ctx->quiet) {
		printf("%s: press from the game master%s queued for", t.c.name,
		       anonymous ? ", without its sender," : "");
		json_array_foreach(names, i, v)
			printf(" %s", json_string_value(v));
		putchar('\n');
	}
	ret = EXIT_OK;
out:
	json_decref(names);
	if (body)
		sodium_memzero(body, len);
	free(body);
	free(text);
	free(ships);
	cmd_target_release(ctx, &t);
	judge_settings_release(&s);
	return ret;
}

/* `mxjudge press list NAME [--json]`: every press of a campaign, as sent. */
static int press_list(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct cmd_target t;
	struct db_message *m = NULL;
	size_t n = 0, i;
	json_t *all = NULL;
	char err[512], last[96] = "", zone[64] = "UTC", when[TIME_TEXT_MAX];
	int json = 0, rc, ret = EXIT_FAIL;
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 != argc)
		return EXIT_USAGE;
	if ((rc = cmd_target(ctx, argv[optind], NULL, CMD_TARGET_CAMPAIGN | CMD_TARGET_TERSE, &t)))
		return rc;
	{
		struct judge_settings s;

		/* Times in the campaign's zone, as its other listings show them. */
		if (!judge_settings_parse(&s, t.c.settings, err, sizeof(err))) {
			snprintf(zone, sizeof(zone), "%s", s.timezone);
			judge_settings_release(&s);
		}
	}
	if ((rc = db_outbox_list(ctx->db, t.c.id, 0, &m, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	if (!(all = json_array()))
		goto out;
	/* One entry per press: its copies share the key's "press/MAIL/" part. */
	for (i = 0; i < n; i++) {
		const char *slash;
		json_t *last_entry;

		if (strcmp(m[i].kind, "press"))
			continue;
		slash = strrchr(m[i].key, '/');
		if (!slash)
			continue;
		if (!strncmp(m[i].key, last, (size_t)(slash - m[i].key)) &&
		    strlen(last) == (size_t)(slash - m[i].key)) {
			last_entry = json_array_get(all, json_array_size(all) - 1);
			json_array_append_new(json_object_get(last_entry, "to"),
					      json_string(m[i].recipient));
			continue;
		}
		snprintf(last, sizeof(last), "%.*s", (int)(slash - m[i].key), m[i].key);
		json_array_append_new(all, json_pack("{s:s,s:s,s:[s],s:s,s:b}", "sent", m[i].created_at,
						     "subject", m[i].subject, "to", m[i].recipient,
						     "body", m[i].body, "game_master",
						     !strncmp(m[i].key, "press/gm-", 9)));
	}
	if (json) {
		ret = cmd_print_json(all, JSON_PRESERVE_ORDER);
		all = NULL;
		goto out;
	}
	{
		json_t *e;

		json_array_foreach(all, i, e) {
			const char *subject = json_string_value(json_object_get(e, "subject"));
			json_t *to;
			size_t k;

			/* The game master's anonymous press says who sent it, here only. */
			time_shown(json_string_value(json_object_get(e, "sent")), zone, when,
				   sizeof(when));
			printf("%s  %s%s\n  to:", when, subject,
			       json_is_true(json_object_get(e, "game_master")) &&
			       !strstr(subject, PRESS_GM) ? " (sent by " PRESS_GM ")" : "");
			json_array_foreach(json_object_get(e, "to"), k, to)
				printf(" %s", json_string_value(to));
			putchar('\n');
		}
		if (!json_array_size(all))
			printf("%s: no press yet\n", t.c.name);
	}
	ret = EXIT_OK;
out:
	json_decref(all);
	db_outbox_list_release(m, n);
	cmd_target_release(ctx, &t);
	return ret;
}

const struct cmd press_cmds[] = {
	{ "list", "NAME [--json]", press_list, NEED_DB,
	  "every press of a campaign, as relayed to the captains", NULL },
	{ "send", "NAME (--to SEAT | --side SIDE | --all) [--anonymous] [--file FILE] [--now TIME]",
	  press_send_cmd, NEED_DB, "press from the game master to a seat, a side or everyone", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
