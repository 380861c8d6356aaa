/*
 * mxjudge doctor: checks a game master's set-up and says what to fix, one
 * line per check: "ok", "warn" or "FAIL", what was found, what to do.
 * It never creates, migrates or writes the database, and sends no mail
 * (it logs in to the mail servers and leaves). Exit 1 when a check
 * FAILs: cron can run `mxjudge -q doctor` and mail only what is wrong.
 */
#include <getopt.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "core/mustache.h"
#include "core/ruleset.h"
#include "db/doctor.h"
#include "db/mail.h"
#include "judge/judge.h"
#include "mail/curl_load.h"
#include "mail/gmime_load.h"
#include "mail/imap.h"
#include "mail/probe.h"
#include "judge/mailer.h"
#include "judge/templates.h"
#include "judge/timeutil.h"

#define DOCTOR_USAGE "[--now TIME] [--json]"
/* A turn this late is not cron's few minutes of slack any more. */
#define DOCTOR_LATE_SECONDS (15 * 60)
/* process should run every few minutes; an hour of silence is worth a word. */
#define DOCTOR_CRON_SILENCE (60 * 60)

enum level { OK, WARN, FAIL };

struct report {
	int quiet;
	json_t *json;		/* NULL: print lines */
	int worst;
};

static void say(struct report *r, enum level lv, const char *check, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void say(struct report *r, enum level lv, const char *check, const char *fmt, ...)
{
	static const char *const names[] = { "ok", "warn", "FAIL" };
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if ((int)lv > r->worst)
		r->worst = lv;
	if (r->json) {
		json_array_append_new(r->json, json_pack("{s:s, s:s, s:s}", "check", check, "status",
							 lv == FAIL ? "fail" : names[lv], "message", msg));
		return;
	}
	if (lv == OK && r->quiet)
		return;
	printf("%-4s %-10s %s\n", names[lv], check, msg);
}

/* "3 minutes", "5 hours", "2 days". */
static void ago(long secs, char *buf, size_t len)
{
	if (secs < 120)
		snprintf(buf, len, "%ld seconds", secs);
	else if (secs < 2 * 3600)
		snprintf(buf, len, "%ld minutes", secs / 60);
	else if (secs < 2 * 86400)
		snprintf(buf, len, "%ld hours", secs / 3600);
	else
		snprintf(buf, len, "%ld days", secs / 86400);
}

/* ---------- database ---------- */

/* Opens the database for the checks that read it, or NULL (the line says why). */
static struct db *check_database(struct report *r, const char *path)
{
	struct db_probe p;
	struct db *db = NULL;
	char err[512];
	int rc = db_doctor_probe(path, &p, err, sizeof(err));

	if (rc == DB_NOT_FOUND) {
		/* A new judge has none yet: not a failure, but say where it will be. */
		say(r, WARN, "database", "no database at %s yet: 'mxjudge campaign new' makes it, or "
		    "give --db PATH (or MXJUDGE_DB) if it is elsewhere", path);
		return NULL;
	}
	if (rc) {
		say(r, FAIL, "database", "%s: is it an SQLite file, and readable by this user?", err);
		return NULL;
	}
	if (!p.ours) {
		say(r, FAIL, "database", "%s is not an mxjudge database: give --db the judge's file",
		    path);
		return NULL;
	}
	if (p.version > DB_SCHEMA_VERSION) {
		say(r, FAIL, "database", "%s has schema %d, newer than this mxjudge (%d): use the "
		    "newer mxjudge that wrote it", path, p.version, DB_SCHEMA_VERSION);
		return NULL;
	}
	if (!p.writable) {
		say(r, FAIL, "database", "%s is not writable (%s): give this user write access to "
		    "the file and its directory", path, err);
		return NULL;
	}
	if (p.version < DB_SCHEMA_VERSION) {
		say(r, WARN, "database", "%s has schema %d; this mxjudge writes %d and upgrades it "
		    "at the next command that opens it (take a copy first: mxjudge backup)", path,
		    p.version, DB_SCHEMA_VERSION);
		return NULL;
	}
	if (p.busy)
		say(r, WARN, "database", "%s (schema %d): another mxjudge holds the write lock right "
		    "now; if this lasts, look for a stuck process", path, p.version);
	else
		say(r, OK, "database", "%s (schema %d, writable)", path, p.version);
	/* Up to date: db_open writes nothing (no migration). */
	rc = db_open(&db, path, err, sizeof(err));
	if (rc) {
		say(r, FAIL, "database", "%s", err);
		return NULL;
	}
	return db;
}

/* ---------- templates ---------- */

struct tcheck {
	struct report *r;
	int n, bad;
	const char *scope;
	char first_dir[4096];
};

static void check_one_template(void *ctx, const char *name, const char *path)
{
	struct tcheck *t = ctx;
	char err[512], shown[4096], *text, *dot;
	size_t len;

	/* templates_each_file(".") gives DIR/./NAME.mustache; show DIR/NAME.mustache. */
	snprintf(shown, sizeof(shown), "%s", path);
	dot = strstr(shown, "/./");
	if (dot)
		memmove(dot, dot + 2, strlen(dot + 2) + 1);
	path = shown;
	text = cmd_read_file(path, &len, err, sizeof(err));
	if (text && mustache_check(text, len, err, sizeof(err)) < 0) {
		say(t->r, FAIL, "templates", "%s: %s: fix it, or remove it to use the shipped %s",
		    path, err, name);
		t->bad++;
	} else if (!text) {
		say(t->r, FAIL, "templates", "%s", err);
		t->bad++;
	}
	free(text);
	if (!t->first_dir[0]) {
		char *real = realpath(path, NULL), *slash = real ? strrchr(real, '/') : NULL;

		if (slash)
			*slash = '\0';
		snprintf(t->first_dir, sizeof(t->first_dir), "%s", real ? real : path);
		free(real);
	}
	t->n++;
}

static void check_templates(struct report *r, const char *campaign, const char *dir)
{
	/*
	 * The templates the judge renders by name, with the game whose folder
	 * is looked in first (NULL: the judge's own); partials may come and go.
	 */
	static const struct {
		const char *game, *name;
	} needed[] = {
		{ "hovercrafts", "report" }, { "hovercrafts", "bulletin" },
		{ "hovercrafts", "receipt" }, { "hovercrafts", "reminder" },
		{ "hovercrafts", "game-over" }, { "hovercrafts", "series-over" },
		{ "hovercrafts", "help" }, { "hovercrafts", "error-reply" },
		{ "hovercrafts", "undo" }, { NULL, "error-reply" }, { NULL, "help" },
		{ NULL, "report" }, { NULL, "reminder" }, { NULL, "receipt" },
		{ NULL, "play-duplicate" }, { NULL, "desk-reply" }, { NULL, "desk-help" },
		{ NULL, "desk-list" }, { NULL, "desk-status" }, { NULL, "desk-report" },
		{ NULL, "desk-check" }, { NULL, "desk-press" }, { NULL, "press" },
		{ NULL, "desk-set" }, { NULL, "desk-address" }, { NULL, "desk-password" },
		{ NULL, "desk-forgot" }, { NULL, "desk-absence" }, { NULL, "address-changed" },
		{ NULL, "new-password" }, { NULL, "desk-join" }, { NULL, "welcome" },
		{ NULL, "desk-resign" }, { NULL, "desk-takeover" }, { NULL, "seat-vacant" },
		{ NULL, "desk-observe" }, { NULL, "desk-unobserve" }, { NULL, "desk-confirm" },
		{ NULL, "desk-vote" }, { NULL, "desk-history" }, { NULL, "wrong-address" },
	};
	static const char *const renamed[] = { "report", "receipt", "reminder" };
	const struct ruleset *const *games;
	struct tcheck t;
	size_t i;
	int missing = 0;

	memset(&t, 0, sizeof(t));
	t.r = r;
	templates_each_file(".", "mustache", dir, check_one_template, &t);
	/* Each game's own folder (templates/hovercrafts/, templates/netrun/ ...). */
	for (games = ruleset_all(); *games; games++)
		templates_each_file((*games)->name, "mustache", dir, check_one_template, &t);
	for (i = 0; i < sizeof(needed) / sizeof(needed[0]); i++) {
		char *found = templates_find(needed[i].game, needed[i].name, dir);

		if (!found) {
			say(r, FAIL, "templates", "%s%s%s.mustache not found%s%s: reinstall (make "
			    "install) or set MXJUDGE_TEMPLATES to a directory holding it",
			    needed[i].game ? needed[i].game : "", needed[i].game ? "/" : "",
			    needed[i].name, campaign ? " for campaign " : "", campaign ? campaign : "");
			missing++;
		}
		free(found);
	}
	/* A campaign's own templates under the names they had before games had one name each. */
	for (i = 0; campaign && dir && i < sizeof(renamed) / sizeof(renamed[0]); i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/play-%s.mustache", dir, renamed[i]);
		if (!access(path, F_OK))
			say(r, WARN, "templates", "campaign %s: %s is no longer used: rename it "
			    "%s.mustache (see mxjudge-templates(5))", campaign, path, renamed[i]);
	}
	if (!t.bad && !missing && !campaign)
		say(r, OK, "templates", "%d templates parse (first found in %s)", t.n,
		    t.first_dir[0] ? t.first_dir : "?");
	else if (!t.bad && !missing)
		say(r, OK, "templates", "campaign %s: its templates in %s parse", campaign, dir);
}

/* ---------- mail ---------- */

/* What the TLS policy (mail/tls.h) means for this server, for a doctor line. */
static enum level tls_said(struct report *r, const char *check, const char *url,
			   const char *user, enum mail_tls_mode mode, int bad, const char *var,
			   char *buf, size_t len)
{
	int login = (user && *user) || mail_url_has_login(url);

	if (bad)
		say(r, WARN, check, "%s is not auto, required or none, so TLS is required: fix the "
		    "word", var);
	if (mail_tls_required(url, user, mode)) {
		snprintf(buf, len, " over TLS (required%s%s: the password never goes in clear)",
			 mode == MAIL_TLS_REQUIRED ? " by " : "", mode == MAIL_TLS_REQUIRED ? var : "");
		return OK;
	}
	if (!login) {
		snprintf(buf, len, " (no login; TLS used when offered)");
		return OK;
	}
	if (mode == MAIL_TLS_NONE && !mail_url_is_loopback(url)) {
		snprintf(buf, len, ", but TLS is not required (%s=none): the password may cross the "
			 "network in clear; remove that setting once the server offers STARTTLS", var);
		return WARN;
	}
	snprintf(buf, len, " on this machine (loopback: TLS not required, used when offered)");
	return OK;
}

static void check_mail(struct report *r, const char *db_path)
{
	struct mail_settings ms;
	char shown[1024], err[512], tls[256];
	enum level lv;

	mailer_settings(&ms, db_path);
	if (ms.error[0])
		say(r, FAIL, "secrets", "%s", ms.error);
	if (!ms.smtp_url[0]) {
		say(r, WARN, "smtp", "mail not configured: reports go to the Maildir %s; set "
		    "MXJUDGE_SMTP_URL (and MXJUDGE_SMTP_USER, MXJUDGE_SMTP_PASSWORD) to mail them",
		    ms.maildir);
	} else {
		struct smtp_conf sc;

		mailer_smtp_conf(&ms, &sc);
		mail_url_shown(ms.smtp_url, shown, sizeof(shown));
		lv = tls_said(r, "smtp", ms.smtp_url, ms.smtp_user, ms.smtp_tls, ms.smtp_tls_bad,
			      "MXJUDGE_SMTP_TLS", tls, sizeof(tls));
		if (!curlx_load(err, sizeof(err)))
			say(r, FAIL, "smtp", "%s: %s", shown, err);
		else if (smtp_probe(&sc, err, sizeof(err)))
			say(r, FAIL, "smtp", "%s: %s: check MXJUDGE_SMTP_URL, MXJUDGE_SMTP_USER and "
			    "MXJUDGE_SMTP_PASSWORD", shown, err);
		else
			say(r, lv, "smtp", "%s accepts %s%s%s", shown,
			    ms.smtp_user[0] ? "the login of " : "us", ms.smtp_user, tls);
	}
	/* Plain mail is read without GMime; anything MIME waits for it (receive exits 75). */
	if (!gmimex_load(err, sizeof(err)))
		say(r, FAIL, "mime", "%s: until then MIME mail is kept unread and its delivery "
		    "retried", err);
	else
		say(r, OK, "mime", "GMime loads: MIME mail (HTML, attachments, encodings) can be read");
	if (!ms.imap_url[0]) {
		say(r, OK, "imap", "no mailbox to fetch (MXJUDGE_IMAP_URL unset): orders come in by "
		    "'mxjudge receive' from a mail pipe, or 'orders submit'");
	} else {
		struct imap_conf ic;
		struct imap_conn *conn = NULL;

		mailer_imap_conf(&ms, &ic);
		ic.timeout = 30;
		lv = tls_said(r, "imap", ms.imap_url, ms.imap_user, ms.imap_tls, ms.imap_tls_bad,
			      "MXJUDGE_IMAP_TLS", tls, sizeof(tls));
		mail_url_shown(ms.imap_url, shown, sizeof(shown));
		if (!curlx_load(err, sizeof(err)))
			say(r, FAIL, "imap", "%s: %s", shown, err);
		else if (imap_open(&conn, &ic, err, sizeof(err)))
			say(r, FAIL, "imap", "%s: %s: check MXJUDGE_IMAP_URL, MXJUDGE_IMAP_USER and "
			    "MXJUDGE_IMAP_PASSWORD", shown, err);
		else
			say(r, lv, "imap", "%s: logged in%s and opened the mailbox", shown, tls);
		imap_close(conn);
	}
	if (!strcmp(ms.from, MAILER_DEFAULT_FROM))
		say(r, WARN, "from", "reports come from %s, an address captains cannot reply to: set "
		    "MXJUDGE_FROM, e.g. \"Hover Judge <judge@example.org>\"", ms.from);
	else if (!strchr(ms.from, '@') || strchr(ms.from, ' '))
		say(r, FAIL, "from", "MXJUDGE_FROM gives '%s', not an address: write "
		    "\"Name <user@host>\" or user@host", ms.from);
	else
		say(r, OK, "from", "%s <%s>", ms.from_name, ms.from);
}

/* Mail the judge died reading, set aside so the rest is read (cmd/receive.c): said only when there is some. */
static void check_mail_in(struct report *r, struct db *db)
{
	long long ids[8], n = 0, i;
	char list[256] = "", err[256];
	size_t used = 0;

	if (!db || db_mail_in_set_aside_list(db, ids, 8, &n, err, sizeof(err)) || !n)
		return;
	for (i = 0; i < n && i < 8; i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s#%lld", i ? ", " : "",
					 ids[i]);
	say(r, WARN, "mail-in", "%lld received message%s set aside (%s%s): the judge died reading "
	    "%s %d times; kept whole, never answered. Read %s with sqlite3 (table mail_in) and ask "
	    "the sender to write again", n, n == 1 ? "" : "s", list, n > 8 ? ", ..." : "",
	    n == 1 ? "it" : "each", MAILER_MAX_READS, n == 1 ? "it" : "them");
}

/* ---------- clock, zones, cron, deadlines ---------- */

static void check_clock(struct report *r, struct db *db, time_t now)
{
	const char *tzdir = getenv("TZDIR");
	char dir[512], probe[600], text[TIME_TEXT_MAX], latest[DB_TIME_MAX], err[256];
	time_t t;

	snprintf(dir, sizeof(dir), "%s", tzdir && *tzdir ? tzdir : "/usr/share/zoneinfo");
	snprintf(probe, sizeof(probe), "%s/Europe/Paris", dir);
	time_format_utc(now, text, sizeof(text));
	if (access(probe, R_OK)) {
		say(r, FAIL, "clock", "no time zone data in %s: install it (apt-get install tzdata)",
		    dir);
		return;
	}
	if (db && !db_latest_time(db, latest, err, sizeof(err)) && latest[0] &&
	    !time_parse_iso(latest, &t) && t > now + 300) {
		struct stat sb;

		/*
		 * Times ahead of the clock, in a file last written before the
		 * clock's now: they were written ahead (--now), the clock did not
		 * go back. A clock that went back finds the file written "later".
		 */
		if (!stat(db_path(db), &sb) && sb.st_mtime <= now + 300)
			say(r, WARN, "clock", "%s, but the database holds %s: commands were run with "
			    "--now, which is for throwaway databases; the clock is right (the file was "
			    "last written before it), and turns due before then wait for it", text,
			    latest);
		else
			say(r, FAIL, "clock", "the clock says %s but the database holds %s: set the "
			    "clock (NTP) before the next turn is processed", text, latest);
		return;
	}
	say(r, OK, "clock", "%s, time zones in %s", text, dir);
}

static void check_campaigns(struct report *r, struct db *db, const char *db_path, time_t now)
{
	struct db_campaign *list = NULL;
	size_t n = 0, i;
	char err[512], at[DB_TIME_MAX], span[64], gm[256], zone[64], due[TIME_TEXT_MAX];
	int running = 0, late = 0, bad_zone = 0, no_gm = 0, status, rc;
	time_t t;

	if (db_campaign_list(db, &list, &n, err, sizeof(err))) {
		say(r, FAIL, "campaigns", "%s", err);
		return;
	}
	for (i = 0; i < n; i++) {
		struct judge_settings s;
		struct db_turn turn;

		if (judge_settings_parse(&s, list[i].settings, err, sizeof(err))) {
			say(r, FAIL, "campaigns", "%s: %s", list[i].name, err);
			continue;
		}
		if (!time_zone_valid(s.timezone)) {
			say(r, FAIL, "zones", "campaign %s: no time zone '%s' here: mxjudge campaign set "
			    "%s timezone ZONE (one under /usr/share/zoneinfo)", list[i].name,
			    s.timezone, list[i].name);
			bad_zone++;
		}
		if (s.templates[0])
			check_templates(r, list[i].name, s.templates);
		/* Alerts (lockouts, orders from another address) for the judge's own mailbox. */
		if (strcmp(list[i].status, "finished") && judge_gm_address(&s, gm, sizeof(gm))) {
			say(r, WARN, "alerts", "campaign %s has no gm_email: the game master's alerts "
			    "go to the judge's own address, %s; mxjudge campaign set %s gm_email ADDR",
			    list[i].name, gm, list[i].name);
			no_gm++;
		}
		snprintf(zone, sizeof(zone), "%s", s.timezone);
		judge_settings_release(&s);
		if (strcmp(list[i].status, "running"))
			continue;
		running++;
		memset(&turn, 0, sizeof(turn));
		if (db_turn_get(db, list[i].id, list[i].turn, &turn, err, sizeof(err)) == 0 &&
		    !turn.resolved_at[0] && !time_parse_iso(turn.deadline, &t) &&
		    now - t > DOCTOR_LATE_SECONDS) {
			ago(now - t, span, sizeof(span));
			time_shown(turn.deadline, zone, due, sizeof(due));
			say(r, FAIL, "deadlines", "campaign %s: turn %d was due %s ago (%s) and is not "
			    "resolved: is cron running 'mxjudge tick'? Run 'mxjudge process' now",
			    list[i].name, list[i].turn, span, due);
			late++;
		}
		db_turn_release(&turn);
	}
	if (!bad_zone)
		say(r, OK, "zones", "every campaign's time zone is known (campaigns: %zu)", n);
	if (!no_gm)
		say(r, OK, "alerts", "every campaign under way names its game master (gm_email)");
	if (!late)
		say(r, OK, "deadlines", "no turn is overdue (campaigns running: %d)", running);

	rc = db_run_get(db, "process", at, &status, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		say(r, running ? FAIL : WARN, "cron", "'mxjudge process' has never run on this "
		    "database: add to crontab: */5 * * * * mxjudge --db %s tick", db_path);
	} else if (rc) {
		say(r, FAIL, "cron", "%s", err);
	} else if (time_parse_iso(at, &t)) {
		say(r, WARN, "cron", "last run recorded at an unreadable time '%s'", at);
	} else {
		ago(now > t ? now - t : 0, span, sizeof(span));
		if (status)
			say(r, WARN, "cron", "the last process run (%s ago) exited %d: run 'mxjudge tick' "
			    "by hand to see why", span, status);
		else if (running && now - t > DOCTOR_CRON_SILENCE)
			say(r, WARN, "cron", "process last ran %s ago: is the crontab line still there? "
			    "(*/5 * * * * mxjudge --db %s tick)", span, db_path);
		else
			say(r, OK, "cron", "process last ran %s ago (%s)", span, at);
	}
	db_campaign_list_release(list, n);
}

static int doctor_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct report r = { ctx->quiet, NULL, OK };
	const char *now_arg = NULL;
	struct db *db = NULL;
	int json = 0;
	time_t now;
	const struct cmd_opt opts[] = {
		CMD_VALUE("now", &now_arg),
		CMD_FLAG("json", &json),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	if (cmd_now(now_arg, &now))
		return EXIT_USAGE;
	if (json && !(r.json = json_array())) {
		cmd_error("out of memory");
		return EXIT_FAIL;
	}
	db = check_database(&r, ctx->db_path);
	check_templates(&r, NULL, NULL);
	check_mail(&r, ctx->db_path);
	check_clock(&r, db, now);
	check_mail_in(&r, db);
	if (db) {
		/* The crontab line it suggests must work from any directory. */
		char *real = realpath(ctx->db_path, NULL);

		check_campaigns(&r, db, real ? real : ctx->db_path, now);
		free(real);
	}
	db_close(db);
	if (r.json && cmd_print_json(r.json, 0))
		return EXIT_FAIL;
	return r.worst == FAIL ? EXIT_FAIL : EXIT_OK;
}

const struct cmd doctor_cmd[] = {
	{ "doctor", DOCTOR_USAGE, doctor_run, 0,
	  "check the set-up (database, templates, mail, clock, cron) and say what to fix", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
