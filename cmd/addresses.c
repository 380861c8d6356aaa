/*
 * campaign set-email and mail inbox: a captain's mail address moved, and
 * the list of the mail that came in (cmd/addresses.h).
 */
#include "addresses.h"
#include "target.h"

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/names.h"
#include "db/battles.h"
#include "db/mail.h"
#include "judge/judge.h"
#include "judge/mailtext.h"
#include "judge/timeutil.h"

int campaign_set_email(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *ship = NULL, *email = NULL;
	struct cmd_target t;
	struct db_seat *ships = NULL;
	struct db_captain cap;
	char err[512], old[DB_EMAIL_MAX], email_ascii[NAMES_EMAIL_MAX + 1];
	size_t n = 0, i;
	int rc, ret;
	const struct cmd_opt opts[] = {
		CMD_VALUE("ship", &ship),
		CMD_VALUE("email", &email),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 != argc || !ship || !email) {
		cmd_error("campaign set-email: expected NAME, --ship SHIP and --email ADDR");
		return EXIT_USAGE;
	}
	/* The same check as join: the address goes into mail headers. */
	if (mailtext_email_option(&email, email_ascii, sizeof(email_ascii), ctx->quiet, err,
				  sizeof(err)) ||
	    names_check_email(email, "--email", err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	if ((ret = cmd_target(ctx, argv[optind], ship, CMD_TARGET_WRITE, &t)))
		return ret;
	if ((rc = db_captain_get_id(ctx->db, t.seat.captain_id, &cap, err, sizeof(err))) ||
	    (rc = db_seat_list(ctx->db, t.c.id, &ships, &n, err, sizeof(err))))
		goto dberr;
	snprintf(old, sizeof(old), "%s", cap.email);
	snprintf(cap.email, sizeof(cap.email), "%s", email);
	if ((rc = db_captain_update(ctx->db, &cap, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!ctx->quiet)
		printf("%s: captain %s now sends and gets mail at %s (was %s); the password is "
		       "unchanged\n", t.seat.name, cap.name, email, old);
	/* As join says it: one mailbox on both sides sees both sides' reports. */
	for (i = 0; i < n; i++)
		if (ships[i].captain_id != cap.id && !strcasecmp(ships[i].email, email) &&
		    strcmp(ships[i].team, t.seat.team))
			fprintf(stderr, "mxjudge: warning: %s also commands %s on the other side (%s); "
				"that mailbox gets both sides' reports\n", email, ships[i].name,
				ships[i].team);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	free(ships);
	cmd_target_release(ctx, &t);
	return ret;
}

/* Does the note say " in NAME" (a campaign named by the mail's orders)? */
static int note_names(const char *note, const char *name)
{
	size_t n = strlen(name);
	const char *p = note;

	while ((p = strstr(p, " in "))) {
		p += 4;
		if (!strncasecmp(p, name, n) && strchr(",;: ", p[n]))
			return 1;
	}
	return 0;
}

int mail_inbox(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct db_mail_in *list = NULL;
	struct db_captain *caps = NULL;
	struct cmd_target t;
	size_t n = 0, ncaps = 0, i, k, shown = 0;
	json_t *arr = NULL;
	struct strbuf note = STRBUF_INIT;
	char err[512], zone[64] = "UTC", when[TIME_TEXT_MAX];
	int rc, json = 0, ret = EXIT_FAIL;
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_END
	};

	memset(&t, 0, sizeof(t));
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 < argc) {
		cmd_error("mail inbox: expected at most one campaign NAME");
		return EXIT_USAGE;
	}
	if (optind < argc) {
		if ((rc = cmd_target(ctx, argv[optind], NULL, CMD_TARGET_CAMPAIGN, &t)))
			return rc;
		if ((rc = db_captain_list(ctx->db, t.c.id, &caps, &ncaps, err, sizeof(err)))) {
			cmd_error("%s", err);
			ret = judge_db_exit(rc);
			goto out;
		}
		/* One campaign's mail: its times in its zone, as its other listings. */
		{
			struct judge_settings s;

			if (!judge_settings_parse(&s, t.c.settings, err, sizeof(err))) {
				snprintf(zone, sizeof(zone), "%s", s.timezone);
				judge_settings_release(&s);
			}
		}
	}
	if ((rc = db_mail_in_list(ctx->db, &list, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	if (json && !(arr = json_array())) {
		cmd_error("out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		const struct db_mail_in *m = &list[i];
		char from[DB_EMAIL_MAX];
		int mine = !t.c.id || note_names(m->note, t.c.name);

		/* A campaign's mail: from its captains' addresses, or naming it. */
		for (k = 0; k < ncaps && !mine; k++)
			mine = !strcasecmp(m->sender, caps[k].email);
		if (!mine)
			continue;
		shown++;
		names_printable(m->sender[0] ? m->sender : "-", from, sizeof(from));
		if (json) {
			json_array_append_new(arr, json_pack("{s:I,s:s,s:s,s:s,s:I,s:b,s:s,s:s,s:s}",
							     "id", (json_int_t)m->id, "received_at",
							     m->received_at, "source", m->source,
							     "sender", m->sender, "size",
							     (json_int_t)m->size, "truncated",
							     m->truncated, "status", m->status,
							     "message_id", m->message_id, "note",
							     m->note));
			continue;
		}
		/* The note may quote the mail (a refused line): shown without its escapes. */
		time_shown(m->received_at, zone, when, sizeof(when));
		printf("#%-4lld %s  %-14s %s\n       %s\n", m->id, when, m->status, from,
		       m->note[0] ? mailtext_shown(m->note, 0, &note) : "(not read yet)");
	}
	if (json) {
		if (json_dumpf(arr, stdout, JSON_INDENT(2)) < 0)
			goto out;
		putchar('\n');
	} else if (!shown && !ctx->quiet) {
		if (t.c.id)
			printf("mail inbox: no mail received for %s\n", t.c.name);
		else
			printf("mail inbox: no mail received\n");
	}
	ret = EXIT_OK;
out:
	strbuf_release(&note);
	json_decref(arr);
	free(list);
	free(caps);
	cmd_target_release(ctx, &t);
	return ret;
}
