/*
 * Duplicate sets: see duplicate.h.
 */
#include "duplicate.h"

#include <getopt.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/engine.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "db/play.h"
#include "lib/strbuf.h"
#include "outbox.h"
#include "cmd/play.h"
#include "templates.h"
#include "timeutil.h"

#define DUPLICATE_MAX_RUNS 1000

/* One run of a set, ranked. */
struct dup_run {
	struct db_campaign c;
	char seat[DB_NAME_MAX];
	char email[DB_EMAIL_MAX];
	json_t *final;		/* the last state */
	int points;		/* matchpoints: 2 a better result, 1 an equal one */
	double score;		/* points over 2 x (runs - 1), in percent */
	int place;
};

static void dup_runs_release(struct dup_run *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		db_campaign_release(&r[i].c);
		json_decref(r[i].final);
	}
	free(r);
}

int duplicate_run_private(struct db *db, const struct judge_settings *s, char *err,
			  size_t errlen)
{
	struct db_campaign set;
	int rc, open;

	if (!s->duplicate_of[0])
		return 0;
	rc = db_campaign_get(db, s->duplicate_of, &set, err, errlen);
	if (rc == DB_NOT_FOUND)
		return 1;	/* no set to say it closed: keep the run private */
	if (rc)
		return -1;
	open = strcmp(set.status, "finished") != 0;
	db_campaign_release(&set);
	return open;
}

/* The number after "SET." in a run's name. */
static long dup_number(const char *set, const char *run)
{
	size_t n = strlen(set);

	return !strncmp(run, set, n) && run[n] == '.' ? strtol(run + n + 1, NULL, 10) : 0;
}

static int dup_cmp_number(const void *a, const void *b)
{
	const struct dup_run *x = a, *y = b;
	const char *dx = strrchr(x->c.name, '.'), *dy = strrchr(y->c.name, '.');
	long nx = dx ? strtol(dx + 1, NULL, 10) : 0, ny = dy ? strtol(dy + 1, NULL, 10) : 0;

	return nx < ny ? -1 : nx > ny;
}

/* The runs of a set in their order, each with its seat. 0, or a DB_ code with err. */
static int dup_runs(struct db *db, const char *set, struct dup_run **out, size_t *nout,
		    char *err, size_t errlen)
{
	struct db_campaign *all = NULL;
	struct dup_run *r = NULL;
	size_t n = 0, i, k = 0;
	int rc;

	*out = NULL;
	*nout = 0;
	if ((rc = db_campaign_list(db, &all, &n, err, errlen)))
		return rc;
	r = calloc(n ? n : 1, sizeof(*r));
	if (!r) {
		db_campaign_list_release(all, n);
		snprintf(err, errlen, "out of memory");
		return DB_ERROR;
	}
	for (i = 0; i < n; i++) {
		struct judge_settings s;
		char e[256];

		if (judge_settings_parse(&s, all[i].settings ? all[i].settings : "{}", e, sizeof(e)))
			continue;
		if (!strcasecmp(s.duplicate_of, set) && dup_number(s.duplicate_of, all[i].name) > 0) {
			r[k].c = all[i];
			memset(&all[i], 0, sizeof(all[i]));
			k++;
		}
		judge_settings_release(&s);
	}
	db_campaign_list_release(all, n);
	qsort(r, k, sizeof(*r), dup_cmp_number);
	for (i = 0; i < k; i++) {
		struct db_seat *ships = NULL;
		size_t ns = 0;

		if ((rc = db_seat_list(db, r[i].c.id, &ships, &ns, err, errlen))) {
			dup_runs_release(r, k);
			return rc;
		}
		if (ns) {
			snprintf(r[i].seat, sizeof(r[i].seat), "%s", ships[0].name);
			snprintf(r[i].email, sizeof(r[i].email), "%s", ships[0].email);
		}
		free(ships);
	}
	*out = r;
	*nout = k;
	return 0;
}

int duplicate_new_run(struct cmd_ctx *ctx, const struct db_campaign *set,
		      const struct judge_settings *s, time_t now, char *run, size_t len)
{
	struct judge_settings rs;
	struct db_campaign c;
	struct dup_run *runs = NULL;
	json_t *data = NULL;
	size_t n = 0, i;
	long next = 1;
	char err[512], *text = NULL;
	int rc, ret = EXIT_FAIL;

	memset(&c, 0, sizeof(c));
	if (strcmp(set->status, "open")) {
		cmd_error("duplicate set '%s' has started: no more runners join", set->name);
		return EXIT_DATAERR;
	}
	if ((rc = dup_runs(ctx->db, set->name, &runs, &n, err, sizeof(err))))
		goto dberr;
	for (i = 0; i < n; i++)
		if (dup_number(set->name, runs[i].c.name) >= next)
			next = dup_number(set->name, runs[i].c.name) + 1;
	if (n >= DUPLICATE_MAX_RUNS) {
		cmd_error("duplicate set '%s' is full (%d runs)", set->name, DUPLICATE_MAX_RUNS);
		ret = EXIT_DATAERR;
		goto out;
	}
	/* The set's settings, less the set itself: the run is one game of it. */
	if (judge_settings_parse(&rs, set->settings, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", set->name, err);
		goto out;
	}
	rs.duplicate = 0;
	snprintf(rs.duplicate_of, sizeof(rs.duplicate_of), "%s", set->name);
	text = judge_settings_dump(&rs);
	judge_settings_release(&rs);
	(void)s;
	if (!text) {
		cmd_error("out of memory");
		goto out;
	}
	snprintf(c.name, sizeof(c.name), "%.40s.%ld", set->name, next % 100000);
	snprintf(c.ruleset, sizeof(c.ruleset), "%s", set->ruleset);
	time_format_utc(now, c.created_at, sizeof(c.created_at));
	c.settings = text;
	text = NULL;
	if ((rc = db_begin(ctx->db, err, sizeof(err))))
		goto dberr;
	if (!(data = play_packs_of(ctx->db, set->id, err, sizeof(err)))) {
		rc = DB_ERROR;
		goto dberr;
	}
	if ((rc = db_campaign_create(ctx->db, &c, err, sizeof(err))) ||
	    (json_object_size(data) &&
	     (rc = play_store_packs(ctx->db, c.id, data, now, err, sizeof(err)))) ||
	    (rc = db_commit(ctx->db, err, sizeof(err))))
		goto dberr;
	snprintf(run, len, "%s", c.name);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", rc == DB_EXISTS ? "a campaign with the run's name exists already" : err);
	ret = rc == DB_EXISTS ? EXIT_DATAERR : judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	json_decref(data);
	free(text);
	dup_runs_release(runs, n);
	db_campaign_release(&c);
	return ret;
}

int duplicate_start(struct cmd_ctx *ctx, const char *name, time_t now)
{
	struct cmd_ctx quiet = *ctx;
	struct db_campaign set;
	struct judge_settings s;
	struct dup_run *runs = NULL;
	struct db_root root;
	size_t n = 0, i, started = 0;
	char err[512], now_text[DB_TIME_MAX];
	int rc, ret;

	memset(&root, 0, sizeof(root));
	if ((ret = judge_load(ctx->db, name, &set, &s)))
		return ret;
	ret = EXIT_FAIL;
	quiet.quiet = 1;
	if ((rc = dup_runs(ctx->db, set.name, &runs, &n, err, sizeof(err))))
		goto dberr;
	if (!n) {
		cmd_error("duplicate set '%s' has no runner yet ('campaign join %s ...')", set.name,
			  set.name);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (!strcmp(set.status, "finished")) {
		cmd_error("duplicate set '%s' is over", set.name);
		ret = EXIT_DATAERR;
		goto out;
	}
	/* One root for the set, kept first, so a start cut short goes on from it. */
	time_format_utc(now, now_text, sizeof(now_text));
	rc = db_root_get(ctx->db, set.id, &root, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		play_new_root(&s, ruleset_find(set.ruleset) ? ruleset_find(set.ruleset)->draw_namespace
							  : NULL, set.name, &root, now_text);
		snprintf(set.status, sizeof(set.status), "running");
		if ((rc = db_begin(ctx->db, err, sizeof(err))) ||
		    (rc = db_root_add(ctx->db, set.id, &root, err, sizeof(err))) ||
		    (rc = db_campaign_update(ctx->db, &set, err, sizeof(err))) ||
		    (rc = db_commit(ctx->db, err, sizeof(err))))
			goto dberr;
	} else if (rc) {
		goto dberr;
	}
	for (i = 0; i < n; i++) {
		if (strcmp(runs[i].c.status, "open"))
			continue;
		if ((ret = play_start_root(&quiet, runs[i].c.name, now, &root)))
			goto out;
		started++;
	}
	if (!ctx->quiet)
		printf("duplicate set %s started: %zu run%s (%zu now) dealt from one root committed "
		       "as %s\n", set.name, n, n == 1 ? "" : "s", started, root.commitment);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	sodium_memzero(&root, sizeof(root));
	dup_runs_release(runs, n);
	db_campaign_release(&set);
	judge_settings_release(&s);
	return ret;
}

/* The final states, matchpoints and places of runs (all finished). 0 or -1 with err. */
static int dup_rank(struct db *db, const struct ruleset *rs, struct dup_run *runs, size_t n,
		    char *err, size_t errlen)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		struct db_turn t;
		json_error_t jerr;

		memset(&t, 0, sizeof(t));
		if (db_turn_get(db, runs[i].c.id, runs[i].c.turn, &t, err, errlen))
			return -1;
		runs[i].final = json_loads(t.state_after ? t.state_after : "null", 0, &jerr);
		db_turn_release(&t);
		if (!runs[i].final) {
			snprintf(err, errlen, "campaign '%s': its last state is not JSON", runs[i].c.name);
			return -1;
		}
	}
	for (i = 0; i < n; i++) {
		runs[i].points = 0;
		for (j = 0; j < n; j++) {
			int c;

			if (i == j)
				continue;
			c = rs->compare(runs[i].final, runs[j].final);
			runs[i].points += c > 0 ? 2 : c == 0 ? 1 : 0;
		}
		runs[i].score = n > 1 ? 100.0 * runs[i].points / (2.0 * (double)(n - 1)) : 100.0;
	}
	for (i = 0; i < n; i++) {
		runs[i].place = 1;
		for (j = 0; j < n; j++)
			runs[i].place += runs[j].points > runs[i].points;
	}
	return 0;
}

static int dup_cmp_place(const void *a, const void *b)
{
	const struct dup_run *x = a, *y = b;

	if (x->place != y->place)
		return x->place - y->place;
	return dup_cmp_number(a, b);
}

static json_t *dup_ranking_json(const struct ruleset *rs, const struct db_campaign *set,
				const struct dup_run *runs, size_t n, const struct db_root *root)
{
	json_t *o = json_pack("{s:s,s:s,s:s,s:[],s:s,s:s}", "set", set->name, "game", rs->name,
			      "game_title", rs->title, "runs", "root", root->root, "commitment",
			      root->commitment);
	size_t i, wseat = 0, wrun = 0;
	char check[512];

	if (!o)
		return NULL;
	{
		char text[200];

		play_seal_text(rs->draw_namespace, set->name, root->root, text, sizeof(text));
		snprintf(check, sizeof(check), "printf '%s' | sha256sum", text);
		json_object_set_new(o, "check", json_string(check));
		/* The mail's, after two blanks in templates/play-duplicate.mustache: 80 columns. */
		judge_check_command(text, 2, 4, check, sizeof(check));
		json_object_set_new(o, "check_mail", json_string(check));
	}
	/* The ranking as a table for the mail: columns as wide as their widest entry. */
	for (i = 0; i < n; i++) {
		if (strlen(runs[i].seat) > wseat)
			wseat = strlen(runs[i].seat);
		if (strlen(runs[i].c.name) > wrun)
			wrun = strlen(runs[i].c.name);
	}
	for (i = 0; i < n; i++) {
		json_t *st = engine_status(rs, runs[i].final), *one;
		const char *result = json_string_value(json_object_get(st, "result"));
		char score[16], line[512];

		snprintf(score, sizeof(score), "%.1f", runs[i].score);
		snprintf(line, sizeof(line), "%3d. %-*s  %5s%%  run %-*s  %s", runs[i].place,
			 (int)wseat, runs[i].seat, score, (int)wrun, runs[i].c.name,
			 result ? result : "");
		one = json_pack("{s:i,s:s,s:i,s:s,s:s,s:O?}", "place", runs[i].place, "score",
				score, "matchpoints", runs[i].points, "runner", runs[i].seat, "run",
				runs[i].c.name, "result", json_object_get(st, "result"));
		if (one)
			json_object_set_new(one, "line", json_string(line));
		json_array_append_new(json_object_get(o, "runs"), one);
		json_decref(st);
	}
	return o;
}

/* Closes set: ends what still runs, reveals, ranks, mails. print: say the ranking. */
int duplicate_close(struct cmd_ctx *ctx, const char *name, time_t now, int print, int json)
{
	struct cmd_ctx quiet = *ctx;
	struct db_campaign set;
	struct judge_settings s;
	struct dup_run *runs = NULL;
	struct db_root root;
	const struct ruleset *rs;
	json_t *ranking = NULL;
	size_t n = 0, i;
	char err[512], now_text[DB_TIME_MAX];
	int rc = 0, ret, closed;

	memset(&root, 0, sizeof(root));
	if ((ret = judge_load(ctx->db, name, &set, &s)))
		return ret;
	ret = EXIT_FAIL;
	quiet.quiet = 1;
	rs = ruleset_find(set.ruleset);
	if (!s.duplicate || !rs || !rs->compare) {
		cmd_error("campaign '%s' is not a duplicate set", set.name);
		ret = EXIT_DATAERR;
		goto out;
	}
	if (!strcmp(set.status, "open")) {
		cmd_error("duplicate set '%s' has not started", set.name);
		ret = EXIT_DATAERR;
		goto out;
	}
	closed = !strcmp(set.status, "finished");
	time_format_utc(now, now_text, sizeof(now_text));
	if ((rc = dup_runs(ctx->db, set.name, &runs, &n, err, sizeof(err))))
		goto dberr;
	/* Runs still going end as the rules end an abandoned game. */
	for (i = 0; !closed && i < n; i++) {
		int due, resolved;

		if (strcmp(runs[i].c.status, "running"))
			continue;
		if ((ret = play_process_turn(&quiet, runs[i].c.name, now, 0, 1, &due, &resolved)))
			goto out;
		if (!resolved) {
			cmd_error("campaign '%s' could not be ended", runs[i].c.name);
			ret = EXIT_FAIL;
			goto out;
		}
	}
	dup_runs_release(runs, n);
	runs = NULL;
	if ((rc = dup_runs(ctx->db, set.name, &runs, &n, err, sizeof(err))) ||
	    (rc = db_root_get(ctx->db, set.id, &root, err, sizeof(err))))
		goto dberr;
	if (dup_rank(ctx->db, rs, runs, n, err, sizeof(err)))
		goto fail;
	qsort(runs, n, sizeof(*runs), dup_cmp_place);
	if (!(ranking = dup_ranking_json(rs, &set, runs, n, &root)))
		goto nomem;
	if (!closed) {
		if ((rc = db_begin(ctx->db, err, sizeof(err))))
			goto dberr;
		for (i = 0; i < n; i++)
			if ((rc = db_root_reveal(ctx->db, runs[i].c.id, now_text, err, sizeof(err))))
				goto dberr;
		if ((rc = db_root_reveal(ctx->db, set.id, now_text, err, sizeof(err))))
			goto dberr;
		snprintf(set.status, sizeof(set.status), "finished");
		if (db_campaign_set_result(&set, n > 1 && runs[1].place == 1 ? "tie"
					   : n ? runs[0].seat : ""))
			goto nomem;
		if ((rc = db_campaign_update(ctx->db, &set, err, sizeof(err))))
			goto dberr;
		for (i = 0; i < n; i++) {
			struct outbox_mail m;
			char subject[160], key[96];

			json_object_set_new(ranking, "you", json_string(runs[i].seat));
			if (!runs[i].email[0])
				continue;
			snprintf(key, sizeof(key), "duplicate/%s", runs[i].c.name);
			snprintf(subject, sizeof(subject), "%s: the duplicate set is over", set.name);
			memset(&m, 0, sizeof(m));
			m.campaign_id = runs[i].c.id;
			m.kind = "bulletin";
			m.key = key;
			m.recipient = runs[i].email;
			m.subject = subject;
			m.template = "play-duplicate";
			m.template_dir = s.templates[0] ? s.templates : NULL;
			m.data = ranking;
			m.created_at = now_text;
			rc = outbox_queue(ctx->db, &m, NULL, err, sizeof(err));
			if (rc && rc != DB_EXISTS)
				goto dberr;
			rc = 0;
		}
		json_object_del(ranking, "you");
		if ((rc = db_commit(ctx->db, err, sizeof(err))))
			goto dberr;
	}
	if (print && json) {
		if (json_dumpf(ranking, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER))
			goto nomem;
		putchar('\n');
	} else if (print) {
		printf("duplicate set %s %s: %zu run%s ranked by matchpoints\n", set.name,
		       closed ? "is closed" : "closed", n, n == 1 ? "" : "s");
		for (i = 0; i < n; i++) {
			json_t *st = engine_status(rs, runs[i].final);
			const char *result = json_string_value(json_object_get(st, "result"));

			printf("  %3d  %5.1f%%  %-16s %-20s %s\n", runs[i].place, runs[i].score,
			       runs[i].seat, runs[i].c.name, result ? result : "");
			json_decref(st);
		}
		printf("root %s\n  check: %s\n", root.root,
		       json_string_value(json_object_get(ranking, "check")));
	}
	ret = EXIT_OK;
	goto out;
nomem:
	snprintf(err, sizeof(err), "out of memory");
fail:
	cmd_error("%s", err);
	ret = EXIT_FAIL;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	db_rollback(ctx->db);
	sodium_memzero(&root, sizeof(root));
	json_decref(ranking);
	dup_runs_release(runs, n);
	db_campaign_release(&set);
	judge_settings_release(&s);
	return ret;
}

int duplicate_run_over(struct cmd_ctx *ctx, const char *set, time_t now)
{
	struct dup_run *runs = NULL;
	size_t n = 0, i;
	char err[512];
	int rc, all_over = 1;

	if ((rc = dup_runs(ctx->db, set, &runs, &n, err, sizeof(err)))) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	for (i = 0; i < n; i++)
		all_over &= !strcmp(runs[i].c.status, "finished");
	dup_runs_release(runs, n);
	return all_over && n ? duplicate_close(ctx, set, now, !ctx->quiet, 0) : EXIT_OK;
}
