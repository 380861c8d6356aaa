/*
 * mxjudge campaign join, unlock, absence, standby: the verbs of a
 * campaign's seats and captains (the table is in cmd/campaign.c).
 * Every verb that writes does all its writes in one transaction.
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
#include "target.h"
#include "cmd.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "core/names.h"
#include "db/db.h"
#include "db/desk.h"
#include "judge/guard.h"
#include "judge/judge.h"
#include "judge/duplicate.h"
#include "lib/strbuf.h"
#include "judge/mailtext.h"
#include "play.h"
#include "reporting.h"
#include "series.h"
#include "settings.h"
#include "judge/timeutil.h"

/*
 * The side a seat joins, as the game names it (any case in, the game's
 * spelling out); NULL after saying what the game takes.
 */
static const char *side_of(const struct ruleset *game, const char *side, const char *opt)
{
	struct strbuf list = STRBUF_INIT;
	const char *const *p;

	for (p = game->sides; p && *p; p++)
		if (!strcasecmp(*p, side))
			return *p;
	if (!game->sides)
		return "";
	for (p = game->sides; *p; p++)
		strbuf_addf(&list, "%s%s", p == game->sides ? "" : p[1] ? ", " : " or ", *p);
	cmd_error("%s: expected %s, got '%s'", opt, strbuf_str(&list), side);
	strbuf_release(&list);
	return NULL;
}

/* Room for one more seat, as the game says (a name not taken, seat limit, its own check). An exit code. */
static int seat_fits(struct db *db, const struct ruleset *game, const struct db_campaign *c,
		     const struct db_seat *ships, size_t n, const char *name, const char *side,
		     const json_t *data)
{
	char err[512], noun[32];
	size_t i;

	play_seat_noun(game, noun, sizeof(noun));
	for (i = 0; i < n; i++)
		if (!strcasecmp(ships[i].name, name)) {
			cmd_error("campaign '%s' already has a %s named '%s'", c->name, noun, name);
			return EXIT_DATAERR;
		}
	switch (play_seat_room(db, game, c, ships, n, name, side, data, err, sizeof(err))) {
	case 0:
		return 0;
	case PLAY_SEAT_FULL:
		cmd_error("campaign '%s' is full: %s takes at most %d seats", c->name, game->name,
			  game->max_seats);
		return EXIT_DATAERR;
	case PLAY_SEAT_REFUSED:
		cmd_error("campaign '%s': %s", c->name, err);
		return EXIT_DATAERR;
	default:
		cmd_error("%s", err);
		return EXIT_FAIL;
	}
}

/* --seat or --ship, --side or --team: the value, and the option as it was typed. */
struct typed {
	const char *value;
	char opt[8];
};

static int typed_as(const struct cmd_opt *o, const char *value)
{
	struct typed *t = o->out;

	t->value = value;
	snprintf(t->opt, sizeof(t->opt), "--%s", o->name);
	return 0;
}

int campaign_join(struct cmd_ctx *ctx, int argc, char **argv)
{
	/* Errors name the option as it was typed: --seat or --ship, --side or --team. */
	struct typed seat_typed = { NULL, "--seat" }, side_typed = { NULL, "--side" };
	char seat_opt[8], side_opt[8], noun[32];
	const char *packs[8];		/* --data KIND=FILE: the seat's own data */
	struct cmd_opt_list pack_list = { packs, 0, 8, "data files a seat" };
	int npacks = 0;
	json_t *seat_data = NULL;
	const char *captain = NULL, *email = NULL, *ship = NULL, *team = NULL, *now_arg = NULL;
	char email_ascii[NAMES_EMAIL_MAX + 1];
	const struct ruleset *game;
	const char *side;
	struct judge_settings s;
	struct db_campaign c;
	struct db_captain cap;
	struct db_seat sh, *ships = NULL;
	size_t nships = 0, i;
	char err[512], pw[JUDGE_PASSWORD_LEN + 1] = "", hash[DB_HASH_MAX];
	int rc, ret, existing = 0, captains = 0;
	struct db_captain *caps = NULL;
	size_t ncaps = 0;
	char target[DB_NAME_MAX];	/* the campaign joined: a set's run, else NAME */
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("captain", &captain),
		CMD_VALUE("email", &email),
		CMD_CHECK("seat", typed_as, &seat_typed),
		CMD_CHECK("side", typed_as, &side_typed),
		CMD_CHECK_ALIAS("ship", typed_as, &seat_typed),	/* Hovercrafts' words, kept */
		CMD_CHECK_ALIAS("team", typed_as, &side_typed),
		CMD_VALUE("now", &now_arg),
		CMD_CHECK("data", cmd_opt_list, &pack_list),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	ship = seat_typed.value;
	team = side_typed.value;
	npacks = pack_list.n;
	memcpy(seat_opt, seat_typed.opt, sizeof(seat_opt));
	memcpy(side_opt, side_typed.opt, sizeof(side_opt));
	if (!cmd_operand(argc, argv) || optind + 1 != argc || !captain || !email || !ship)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	if (mailtext_email_option(&email, email_ascii, sizeof(email_ascii), ctx->quiet, err,
				  sizeof(err)) ||
	    names_check(NAMES_CAPTAIN, captain, "--captain", err, sizeof(err)) ||
	    names_check(NAMES_SHIP, ship, seat_opt, err, sizeof(err)) ||
	    names_check_email(email, "--email", err, sizeof(err))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	ret = judge_load(ctx->db, argv[optind], &c, &s);
	if (ret)
		return ret;
	game = ruleset_find(c.ruleset);
	if (!game) {
		cmd_error("campaign '%s' plays '%s', a game this judge does not know", c.name, c.ruleset);
		ret = EXIT_DATAERR;
		goto out;
	}
	play_seat_noun(game, noun, sizeof(noun));
	/* A duplicate set: each runner joins a run of it, a campaign of its own. */
	snprintf(target, sizeof(target), "%s", argv[optind]);
	if (s.duplicate) {
		if ((ret = duplicate_new_run(ctx, &c, &s, now, target, sizeof(target))))
			goto out;
		fprintf(stderr, "mxjudge: %s joins duplicate set %s as its run %s\n", ship, c.name,
			target);
		db_campaign_release(&c);
		judge_settings_release(&s);
		if ((ret = judge_load(ctx->db, target, &c, &s)))
			return ret;
	}
	if (!team && game->sides) {
		cmd_error("--side is required: %s seats play on a side", game->name);
		side_of(game, "", side_opt);
		ret = EXIT_USAGE;
		goto out;
	}
	if (!(side = side_of(game, team ? team : "", side_opt))) {
		ret = EXIT_USAGE;
		goto out;
	}
	ret = EXIT_FAIL;
	/* Hashing is slow: do it before taking the write lock. */
	rc = db_captain_get(ctx->db, c.id, captain, &cap, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		judge_new_password(pw, sizeof(pw));
		if (judge_hash_password(pw, hash, sizeof(hash))) {
			cmd_error("cannot hash the password (out of memory?)");
			goto out;
		}
	} else if (rc) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	rc = db_begin(ctx->db, err, sizeof(err));
	if (rc) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	db_campaign_release(&c);
	judge_settings_release(&s);
	/* Read again under the lock: the campaign may have started meanwhile. */
	ret = judge_load(ctx->db, target, &c, &s);
	if (ret)
		goto out;
	ret = EXIT_DATAERR;
	if (strcmp(c.status, "open")) {
		cmd_error("campaign '%s' has started; captains join before 'campaign start'", c.name);
		goto out;
	}
	if ((rc = db_seat_list(ctx->db, c.id, &ships, &nships, err, sizeof(err))) ||
	    (rc = db_captain_list(ctx->db, c.id, &caps, &ncaps, err, sizeof(err))))
		goto dberr;
	captains = (int)ncaps;
	/* A seat's own data (a character sheet): read whole, checked by the game. */
	if (npacks && !(seat_data = json_object()))
		goto out;
	for (i = 0; i < (size_t)npacks; i++) {
		json_t *one = play_read_pack(game, packs[i], err, sizeof(err));

		if (!one) {
			cmd_error("%s", err);
			ret = EXIT_DATAERR;
			goto out;
		}
		json_object_update(seat_data, one);
		json_decref(one);
	}
	if ((ret = seat_fits(ctx->db, game, &c, ships, nships, ship, side, seat_data)))
		goto out;
	ret = EXIT_DATAERR;
	rc = db_captain_get(ctx->db, c.id, captain, &cap, err, sizeof(err));
	if (rc == 0) {
		/* A game master may give a captain several ships (rulings 8). */
		if (strcmp(cap.email, email)) {
			cmd_error("captain '%s' already joined with another address (%s)", cap.name,
				  cap.email);
			goto out;
		}
		existing = 1;
	} else if (rc == DB_NOT_FOUND) {
		if (captains >= JUDGE_MAX_CAPTAINS) {
			cmd_error("campaign '%s' has %d captains already (the most a battle takes)",
				  c.name, JUDGE_MAX_CAPTAINS);
			goto out;
		}
		if (!pw[0]) {
			/* The captain left between our two looks; hash now, rare. */
			judge_new_password(pw, sizeof(pw));
			if (judge_hash_password(pw, hash, sizeof(hash))) {
				cmd_error("cannot hash the password");
				ret = EXIT_FAIL;
				goto out;
			}
		}
		memset(&cap, 0, sizeof(cap));
		cap.campaign_id = c.id;
		snprintf(cap.name, sizeof(cap.name), "%s", captain);
		snprintf(cap.email, sizeof(cap.email), "%s", email);
		snprintf(cap.pwhash, sizeof(cap.pwhash), "%s", hash);
		time_format_utc(now, cap.joined_at, sizeof(cap.joined_at));
		if ((rc = db_captain_add(ctx->db, &cap, err, sizeof(err))))
			goto dberr;
	} else {
		goto dberr;
	}
	memset(&sh, 0, sizeof(sh));
	sh.campaign_id = c.id;
	sh.captain_id = cap.id;
	snprintf(sh.name, sizeof(sh.name), "%s", ship);
	snprintf(sh.team, sizeof(sh.team), "%s", side);
	/* Its data is "{}" (or what it joined with): to Hovercrafts, a new ship's record. */
	rc = db_seat_add(ctx->db, &sh, err, sizeof(err));
	if (rc == DB_EXISTS) {
		cmd_error("campaign '%s' already has a %s named '%s'", c.name, noun, ship);
		goto out;
	}
	if (!rc && seat_data) {
		char *text = json_dumps(seat_data, JSON_COMPACT | JSON_SORT_KEYS);

		rc = text ? db_seat_data_set(ctx->db, sh.id, text, err, sizeof(err)) : DB_ERROR;
		if (!text)
			snprintf(err, sizeof(err), "out of memory");
		free(text);
	}
	if (rc || (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	/* One mailbox on both sides sees both sides' reports: allowed, but said. */
	for (i = 0; i < nships; i++)
		if (!strcasecmp(ships[i].email, email) && strcmp(ships[i].team, side)) {
			fprintf(stderr, "mxjudge: warning: %s also commands %s on the other side (%s); "
				"that mailbox gets both sides' reports\n", email, ships[i].name,
				ships[i].team);
			break;
		}
	if (existing) {
		if (!ctx->quiet)
			fprintf(stderr, "mxjudge: %s %s added to captain %s; the password is "
				"unchanged\n", noun, sh.name, cap.name);
	} else {
		printf("%s\n", pw);
		/* Piped, stdout is buffered: the password must come before "above". */
		fflush(stdout);
		if (!ctx->quiet)
			fprintf(stderr, "mxjudge: captain %s joined %s with %s%s%s%s; the password "
				"above is shown only this once\n", cap.name, c.name, sh.name,
				sh.team[0] ? " (" : "", sh.team, sh.team[0] ? ")" : "");
	}
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	sodium_memzero(pw, sizeof(pw));
	db_rollback(ctx->db);
	json_decref(seat_data);
	free(ships);
	free(caps);
	db_campaign_release(&c);
	judge_settings_release(&s);
	return ret;
}

/*
 * unlock: the game master lifts a ship's lockout after wrong passwords
 * (judge/guard.h); the wrong passwords before now are forgiven.
 */
int campaign_unlock(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *ship = NULL, *now_arg = NULL;
	struct cmd_target t;
	char err[512];
	int rc, ret, was_locked = 0;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("ship", &ship),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (!cmd_operand(argc, argv) || optind + 1 != argc || !ship) {
		cmd_error("campaign unlock: expected NAME --ship SHIP");
		return EXIT_USAGE;
	}
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	if ((ret = cmd_target(ctx, argv[optind], ship, 0, &t)))
		return ret;
	if ((rc = guard_unlock(ctx->db, t.seat.id, now, &was_locked, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = rc == DB_BUSY || rc == EXIT_TEMPFAIL ? EXIT_TEMPFAIL : EXIT_FAIL;
		goto out;
	}
	if (!ctx->quiet)
		printf(was_locked ? "%s: the lockout is lifted; its PASSWORD is taken again\n"
				  : "%s is not locked; nothing to lift\n",
		       t.seat.name);
	ret = EXIT_OK;
out:
	cmd_target_release(ctx, &t);
	return ret;
}

/*
 * `campaign absence NAME --ship SHIP --from DAY --to DAY`: the game master
 * notes a captain's absence (not bound by absence_days). An exit code.
 */
static int absence_add(struct cmd_ctx *ctx, const struct db_campaign *c, const char *ship,
			       const char *from, const char *to, time_t now)
{
	struct db_absence ab;
	struct db_seat sh;
	time_t start, end;
	char err[512];
	int rc;

	if (account_parse_day(from, &start) || account_parse_day(to, &end) || end < start) {
		cmd_error("--from, --to: expected two days YYYY-MM-DD, the first not after the "
			  "second, got '%s' and '%s'", from, to);
		return EXIT_DATAERR;
	}
	rc = db_seat_get(ctx->db, c->id, ship, &sh, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no ship named '%s'", c->name, ship);
		return EXIT_DATAERR;
	}
	memset(&ab, 0, sizeof(ab));
	ab.campaign_id = c->id;
	ab.captain_id = sh.captain_id;
	time_format_utc(start, ab.starts, sizeof(ab.starts));
	time_format_utc(end + 86400, ab.ends, sizeof(ab.ends));
	time_format_utc(now, ab.created_at, sizeof(ab.created_at));
	if (rc || (rc = db_absence_add(ctx->db, &ab, err, sizeof(err))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err)))) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	if (!ctx->quiet)
		printf("%s: captain %s of %s away from %s to %s\n", c->name, sh.captain, sh.name,
		       ab.starts, ab.ends);
	return EXIT_OK;
}

int campaign_absence(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct cmd_target t;
	struct db_absence *list = NULL;
	size_t n = 0, i;
	json_t *all = NULL;
	const char *ship = NULL, *from = NULL, *to = NULL, *now_arg = NULL;
	char err[512];
	int json = 0, rc, ret;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_VALUE("ship", &ship),
		CMD_VALUE("from", &from),
		CMD_VALUE("to", &to),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 != argc || (!ship != !from || !ship != !to) || (ship && json))
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	if ((ret = cmd_target(ctx, argv[optind], NULL, ship ? CMD_TARGET_WRITE : 0, &t)))
		return ret;
	if (ship) {
		ret = absence_add(ctx, &t.c, ship, from, to, now);
		db_rollback(ctx->db);
		goto out;
	}
	ret = EXIT_FAIL;
	if ((rc = db_absence_list(ctx->db, t.c.id, 0, &list, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	all = json_pack("{s:s,s:s,s:i,s:[]}", "campaign", t.c.name, "absence", t.s.absence,
			"absence_days", t.s.absence_days, "absences");
	for (i = 0; all && i < n; i++)
		json_array_append_new(json_object_get(all, "absences"),
				      json_pack("{s:s,s:s,s:s,s:s}", "captain", list[i].captain,
						"from", list[i].starts, "to", list[i].ends, "asked_at",
						list[i].created_at));
	if (!all) {
		cmd_error("out of memory");
		goto out;
	}
	if (json) {
		ret = cmd_print_json(all, JSON_PRESERVE_ORDER);
		all = NULL;
		goto out;
	}
	printf("%s: while a captain is away, %s; at most %d day%s each\n", t.c.name,
	       !strcmp(t.s.absence, "autopilot") ? "the autopilot flies" : "deadlines wait",
	       t.s.absence_days, t.s.absence_days == 1 ? "" : "s");
	for (i = 0; i < n; i++)
		printf("  %-16s %s to %s\n", list[i].captain, list[i].starts, list[i].ends);
	if (!n)
		printf("  no absences\n");
	ret = EXIT_OK;
out:
	json_decref(all);
	free(list);
	cmd_target_release(ctx, &t);
	return ret;
}

/* ---------- RESIGN, TAKEOVER, the standby list ---------- */

/* `campaign standby NAME [--add ADDRESS --name CAPTAIN | --remove ADDRESS] [--json]`. */
int campaign_standby(struct cmd_ctx *ctx, int argc, char **argv)
{
	const char *add = NULL, *name = NULL, *removed = NULL, *now_arg = NULL;
	struct cmd_target t;
	struct db_standby *list = NULL;
	size_t n = 0, i;
	json_t *all = NULL;
	char err[512], when[DB_TIME_MAX];
	int json = 0, rc, ret;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("add", &add),
		CMD_VALUE("name", &name),
		CMD_VALUE("remove", &removed),
		CMD_FLAG("json", &json),
		CMD_VALUE("now", &now_arg),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind + 1 != argc || (add && removed) || (!add != !name) || ((add || removed) && json))
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	if (add && (names_check_email(add, "--add", err, sizeof(err)) ||
		    names_check(NAMES_CAPTAIN, name, "--name", err, sizeof(err)))) {
		cmd_error("%s", err);
		return EXIT_DATAERR;
	}
	if ((ret = cmd_target(ctx, argv[optind], NULL, add || removed ? CMD_TARGET_WRITE : 0, &t)))
		return ret;
	ret = EXIT_FAIL;
	time_format_utc(now, when, sizeof(when));
	if (add || removed) {
		rc = add ? db_standby_add(ctx->db, t.c.id, name, add, when, err, sizeof(err))
			 : db_standby_remove(ctx->db, t.c.id, removed, err, sizeof(err));
		if (rc == DB_EXISTS || rc == DB_NOT_FOUND) {
			cmd_error("campaign '%s': %s is %s the standby list", t.c.name,
				  add ? add : removed, add ? "on" : "not on");
			ret = EXIT_DATAERR;
			goto out;
		}
		if (rc || (rc = db_commit(ctx->db, err, sizeof(err)))) {
			cmd_error("%s", err);
			ret = judge_db_exit(rc);
			goto out;
		}
		if (!ctx->quiet)
			printf("%s: %s %s the standby list\n", t.c.name, add ? add : removed,
			       add ? "added to" : "removed from");
		ret = EXIT_OK;
		goto out;
	}
	if ((rc = db_standby_list(ctx->db, t.c.id, NULL, &list, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
		goto out;
	}
	all = json_pack("{s:s,s:b,s:[]}", "campaign", t.c.name, "takeover", t.s.takeover, "standby");
	for (i = 0; all && i < n; i++)
		json_array_append_new(json_object_get(all, "standby"),
				      json_pack("{s:s,s:s,s:s}", "name", list[i].name, "email",
						list[i].email, "added_at", list[i].added_at));
	if (!all) {
		cmd_error("out of memory");
		goto out;
	}
	if (json) {
		ret = cmd_print_json(all, JSON_PRESERVE_ORDER);
		all = NULL;
		goto out;
	}
	printf("%s: standby list (TAKEOVER by mail %s)\n", t.c.name, t.s.takeover ? "allowed" :
	       "not allowed: the game master hands seats over");
	for (i = 0; i < n; i++)
		printf("  %-20s %s\n", list[i].name, list[i].email);
	if (!n)
		printf("  nobody\n");
	ret = EXIT_OK;
out:
	db_rollback(ctx->db);
	json_decref(all);
	free(list);
	cmd_target_release(ctx, &t);
	return ret;
}
