/*
 * mxjudge publish: a campaign's public archive as a static web site, for
 * any web server or a file:// look: DIR/index.html (the campaign, its
 * status, its seats and standings, the turns), DIR/turn-N.html for each
 * resolved turn (the board drawn from the public view, the bulletin with
 * the story, the seals, seeds and open draws, the orders once the rules
 * make them public) and DIR/feed.atom. Nothing but what the public may
 * see: the public view and bulletin, the rules of `turn show` for draws
 * and orders, and a run of a duplicate set only once the set is over.
 * No script, no file from elsewhere: every page stands alone.
 *
 * A campaign whose setting publish_to names a directory is published by
 * process (and so by tick) whenever its archive is behind.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cmd.h"
#include "target.h"
#include "core/engine.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "db/play.h"
#include "judge/judge.h"
#include "lib/strbuf.h"
#include "judge/picture.h"
#include "play.h"
#include "publish.h"
#include "reporting.h"

#define PUBLISH_USAGE "NAME --to DIR"
#define STAMP ".mxjudge-published"

static const char style[] =
	"body{font-family:sans-serif;max-width:52em;margin:0 auto;padding:0 .8em;"
	"line-height:1.4;color:#222;background:#fff}\n"
	"pre{font-family:monospace,monospace;overflow-x:auto;background:#f6f6f2;"
	"padding:.6em;font-size:.85em}\n"
	"svg{max-width:100%;height:auto}\n"
	"table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em;"
	"text-align:left}\n"
	"nav a{margin-right:1em}code{word-break:break-all}\n";

static void esc(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': strbuf_addstr(sb, "&amp;"); break;
		case '<': strbuf_addstr(sb, "&lt;"); break;
		case '>': strbuf_addstr(sb, "&gt;"); break;
		case '"': strbuf_addstr(sb, "&quot;"); break;
		case '\'': strbuf_addstr(sb, "&#39;"); break;
		default:
			/* No control character but tab and line ends (XML and HTML alike). */
			if ((unsigned char)*s >= 0x20 || *s == '\t' || *s == '\n')
				strbuf_addch(sb, *s);
		}
	}
}

static void head(struct strbuf *sb, const char *title)
{
	strbuf_addstr(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
		      "<title>");
	esc(sb, title);
	strbuf_addf(sb, "</title>\n<link rel=\"alternate\" type=\"application/atom+xml\" "
		    "href=\"feed.atom\" title=\"Turns\">\n<style>\n%s</style>\n</head>\n<body>\n", style);
}

static void foot(struct strbuf *sb)
{
	strbuf_addstr(sb, "<footer><p><small>Published by mxjudge. Only what the public may see: "
		      "the public view of each turn.</small></p></footer>\n</body>\n</html>\n");
}

/* The page and feed write one file each, whole. */
static int put(const char *dir, const char *name, const struct strbuf *sb, char *err,
	       size_t errlen)
{
	char path[4096];

	if (sb->failed) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path)) {
		snprintf(err, errlen, "%s: the path is too long", dir);
		return -1;
	}
	return picture_write_file(path, strbuf_str(sb), sb->len, err, errlen);
}

struct archive {
	struct db *db;
	const struct db_campaign *c;
	const struct ruleset *rs;
	int over;
	int last;		/* the last resolved turn */
	struct db_root root;
	int has_root;
};

/* The turn's public events that are dice (Hovercrafts' "roll" events). */
static void dice_events(struct strbuf *sb, struct archive *a, long long turn_id)
{
	struct db_event *ev = NULL;
	size_t n = 0, i, shown = 0;
	json_t *all = json_array(), *pub, *e;
	char err[256];

	if (db_event_list(a->db, turn_id, &ev, &n, err, sizeof(err)))
		goto out;
	for (i = 0; i < n; i++) {
		json_error_t jerr;

		if ((e = json_loads(ev[i].json, 0, &jerr)))
			json_array_append_new(all, e);
	}
	pub = a->over ? json_incref(all) : engine_events_for(all, NULL);
	json_array_foreach(pub, i, e) {
		const char *type = json_string_value(json_object_get(e, "type"));
		char *line;

		if (!type || strcmp(type, "roll"))
			continue;
		if (!(line = json_dumps(e, JSON_COMPACT | JSON_PRESERVE_ORDER)))
			continue;
		if (!shown++)
			strbuf_addstr(sb, "<h3>Dice</h3>\n<pre>");
		esc(sb, line);
		strbuf_addch(sb, '\n');
		free(line);
	}
	if (shown)
		strbuf_addstr(sb, "</pre>\n");
	json_decref(pub);
out:
	json_decref(all);
	db_event_list_release(ev, n);
}

static int turn_page(struct archive *a, const char *dir, const struct db_turn *t, char *err,
		     size_t errlen)
{
	struct strbuf sb = STRBUF_INIT, svg = STRBUF_INIT, story = STRBUF_INIT;
	struct db_order *o = NULL;
	struct db_draw *d = NULL;
	size_t no = 0, nd = 0, i, shown = 0;
	char title[512], name[64], commit[65];
	int rc = -1, open_orders, pic;

	snprintf(title, sizeof(title), "%s, turn %d%s", a->c->name, t->number,
		 t->number ? "" : " (the setup)");
	head(&sb, title);
	strbuf_addstr(&sb, "<nav><a href=\"index.html\">The campaign</a>");
	if (t->number > 0)
		strbuf_addf(&sb, "<a href=\"turn-%d.html\">Turn %d</a>", t->number - 1, t->number - 1);
	if (t->number < a->last)
		strbuf_addf(&sb, "<a href=\"turn-%d.html\">Turn %d</a>", t->number + 1, t->number + 1);
	strbuf_addstr(&sb, "</nav>\n<h1>");
	esc(&sb, title);
	strbuf_addstr(&sb, "</h1>\n<p>Resolved ");
	esc(&sb, t->resolved_at);
	strbuf_addstr(&sb, ".</p>\n");
	/* A board that cannot be drawn is said on its page; the archive is written all the same. */
	pic = picture_svg(a->db, a->c, t->number, NULL, &svg, err, errlen);
	if (pic < 0) {
		strbuf_addstr(&sb, "<p>The board could not be drawn: ");
		esc(&sb, err);
		strbuf_addstr(&sb, "</p>\n");
	}
	if (!pic) {
		strbuf_addstr(&sb, "<h2>The board</h2>\n<figure>\n");
		strbuf_add(&sb, strbuf_str(&svg), svg.len);
		strbuf_addstr(&sb, "</figure>\n");
	}
	/* The bulletin: the story and the board as the public read them by mail. */
	if (!report_public(a->db, a->c->name, t->number, &story) && story.len) {
		strbuf_addstr(&sb, "<h2>The bulletin</h2>\n<pre>");
		esc(&sb, strbuf_str(&story));
		strbuf_addstr(&sb, "</pre>\n");
	}
	strbuf_addstr(&sb, "<h2>Seals and dice</h2>\n<ul>\n");
	judge_seed_commitment(a->c->name, t->number, t->seed, commit);
	strbuf_addf(&sb, "<li>This turn's seed was sealed as <code>%s</code>", commit);
	strbuf_addstr(&sb, "; the seed: <code>");
	esc(&sb, t->seed);
	strbuf_addstr(&sb, "</code></li>\n");
	if (a->has_root) {
		strbuf_addf(&sb, "<li>Sealed draws come from a root committed as <code>%s</code>",
			    a->root.commitment);
		if (a->root.revealed_at[0])
			strbuf_addf(&sb, "; the root: <code>%s</code>", a->root.root);
		strbuf_addstr(&sb, "</li>\n");
	}
	strbuf_addstr(&sb, "</ul>\n<p>Anyone can check them: <code>mxjudge verify --published</code>"
		      " (mxjudge-verify(1)).</p>\n");
	if (db_draw_list(a->db, t->id, &d, &nd, err, errlen))
		goto out;
	for (i = 0; i < nd; i++) {
		/*
		 * As `turn show`: the open draws (a game's whose lines name hidden
		 * characters at the end); the sealed ones once the game is over.
		 */
		if (!a->over && (!strncmp(d[i].stream, "sealed", 6) || (a->rs->flags & RULESET_DRAWS_NAME)))
			continue;
		if (!shown++)
			strbuf_addstr(&sb, "<h3>Draws</h3>\n<pre>");
		esc(&sb, d[i].stream);
		strbuf_addstr(&sb, "  ");
		esc(&sb, d[i].line);
		strbuf_addch(&sb, '\n');
	}
	if (shown)
		strbuf_addstr(&sb, "</pre>\n");
	if (!a->over && nd > shown)
		strbuf_addf(&sb, "<p>%zu %sdraw%s shown when the game is over.</p>\n", nd - shown,
			    a->rs->flags & RULESET_DRAWS_NAME ? "" : "sealed ", nd - shown == 1 ? "" : "s");
	dice_events(&sb, a, t->id);
	if (db_order_list(a->db, t->id, 1, &o, &no, err, errlen))
		goto out;
	/* As `turn show`: orders in the open once resolved, hidden games' at the end. */
	open_orders = a->over || !(a->rs->flags & RULESET_HIDDEN);
	if (no) {
		strbuf_addstr(&sb, "<h2>Orders</h2>\n");
		/* A digest of a short order can be guessed offline: both wait (issue 28). */
		if (!open_orders)
			strbuf_addstr(&sb, "<p>Each seat's orders and their digests are shown when "
				      "the game is over.</p>\n");
		for (i = 0; i < no; i++) {
			strbuf_addstr(&sb, "<h3>");
			esc(&sb, o[i].ship);
			strbuf_addstr(&sb, "</h3>\n");
			if (open_orders) {
				strbuf_addstr(&sb, "<p>Digest <code>");
				esc(&sb, o[i].digest);
				strbuf_addstr(&sb, "</code></p>\n");
			}
			if (open_orders && o[i].understood && o[i].understood[0]) {
				strbuf_addstr(&sb, "<pre>");
				esc(&sb, o[i].understood);
				strbuf_addstr(&sb, "</pre>\n");
			}
		}
	}
	foot(&sb);
	snprintf(name, sizeof(name), "turn-%d.html", t->number);
	rc = put(dir, name, &sb, err, errlen);
out:
	db_order_list_release(o, no);
	db_draw_list_release(d, nd);
	strbuf_release(&sb);
	strbuf_release(&svg);
	strbuf_release(&story);
	return rc;
}

/* The state after the last resolved turn, for the status and standings. */
static json_t *last_state(struct archive *a)
{
	struct db_turn t;
	char err[256];
	json_t *st = NULL;

	memset(&t, 0, sizeof(t));
	if (!db_turn_get(a->db, a->c->id, a->last, &t, err, sizeof(err)) && t.state_after)
		st = json_loads(t.state_after, 0, NULL);
	db_turn_release(&t);
	return st;
}

static int index_page(struct archive *a, const char *dir, const char *const *resolved_at,
		      char *err, size_t errlen)
{
	struct strbuf sb = STRBUF_INIT;
	struct db_seat *seats = NULL;
	size_t n = 0, i;
	json_t *st = last_state(a), *status = NULL, *scores;
	const char *result;
	char title[256];
	int t, rc = -1;

	snprintf(title, sizeof(title), "%s: %s", a->c->name, a->rs->title);
	head(&sb, title);
	strbuf_addstr(&sb, "<h1>");
	esc(&sb, a->c->name);
	strbuf_addstr(&sb, "</h1>\n<p>");
	esc(&sb, a->rs->title);
	strbuf_addstr(&sb, "</p>\n<h2>Status</h2>\n<p>");
	if (st)
		status = a->rs->status ? a->rs->status(st) : NULL;
	result = json_string_value(json_object_get(status, "result"));
	if (a->over)
		strbuf_addf(&sb, "The game is over after turn %d", a->last);
	else
		strbuf_addf(&sb, "%s; turn %d is resolved", a->c->status, a->last);
	if (result) {
		strbuf_addstr(&sb, ": ");
		esc(&sb, result);
	}
	strbuf_addstr(&sb, ".</p>\n");
	if (db_seat_list(a->db, a->c->id, &seats, &n, err, errlen))
		goto out;
	scores = json_object_get(status, "scores");
	strbuf_addf(&sb, "<h2>Standings</h2>\n<table>\n<tr><th>%s</th><th>Side</th>%s</tr>\n",
		    a->rs->seat_word, json_is_object(scores) ? "<th>Score</th>" : "");
	for (i = 0; i < n; i++) {
		json_t *sc = json_object_get(scores, seats[i].name);

		strbuf_addstr(&sb, "<tr><td>");
		esc(&sb, seats[i].name);
		strbuf_addstr(&sb, "</td><td>");
		esc(&sb, seats[i].team);
		strbuf_addstr(&sb, "</td>");
		if (json_is_object(scores)) {
			if (json_is_number(sc))
				strbuf_addf(&sb, "<td>%g</td>", json_number_value(sc));
			else
				strbuf_addstr(&sb, "<td></td>");
		}
		strbuf_addstr(&sb, "</tr>\n");
	}
	strbuf_addstr(&sb, "</table>\n<h2>Turns</h2>\n<ul>\n");
	for (t = a->last; t >= 0; t--) {
		if (!resolved_at[t])
			continue;
		strbuf_addf(&sb, "<li><a href=\"turn-%d.html\">Turn %d%s</a> ", t, t,
			    t ? "" : " (the setup)");
		esc(&sb, resolved_at[t]);
		strbuf_addstr(&sb, "</li>\n");
	}
	strbuf_addstr(&sb, "</ul>\n<p><a href=\"feed.atom\">The turns as an Atom feed</a></p>\n");
	foot(&sb);
	rc = put(dir, "index.html", &sb, err, errlen);
out:
	free(seats);
	json_decref(st);
	json_decref(status);
	strbuf_release(&sb);
	return rc;
}

static int feed(struct archive *a, const char *dir, const char *const *resolved_at, char *err,
		size_t errlen)
{
	struct strbuf sb = STRBUF_INIT, id = STRBUF_INIT;
	char day[11];
	int t, rc;

	/* A tag URI (RFC 4151) from the campaign's name and the day it was made. */
	snprintf(day, sizeof(day), "%.10s", a->c->created_at);
	strbuf_addf(&id, "tag:mxjudge,%s:", day[0] ? day : "2000-01-01");
	for (const char *p = a->c->name; *p; p++)
		strbuf_addch(&id, (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			     (*p >= '0' && *p <= '9') || *p == '-' || *p == '.' ? *p : '_');
	strbuf_addstr(&sb, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
		      "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>");
	esc(&sb, a->c->name);
	strbuf_addstr(&sb, ": ");
	esc(&sb, a->rs->title);
	strbuf_addf(&sb, "</title>\n<id>%s</id>\n<link href=\"index.html\"/>\n<updated>",
		    strbuf_str(&id));
	esc(&sb, resolved_at[a->last] ? resolved_at[a->last] : a->c->created_at);
	strbuf_addstr(&sb, "</updated>\n<author><name>mxjudge</name></author>\n");
	for (t = a->last; t >= 0; t--) {
		if (!resolved_at[t])
			continue;
		strbuf_addf(&sb, "<entry>\n<title>Turn %d%s</title>\n<id>%s/turn/%d</id>\n"
			    "<link href=\"turn-%d.html\"/>\n<updated>", t, t ? " resolved" : ": the setup",
			    strbuf_str(&id), t, t);
		esc(&sb, resolved_at[t]);
		strbuf_addstr(&sb, "</updated>\n<summary>");
		esc(&sb, a->c->name);
		strbuf_addf(&sb, ", turn %d</summary>\n</entry>\n", t);
	}
	strbuf_addstr(&sb, "</feed>\n");
	rc = put(dir, "feed.atom", &sb, err, errlen);
	strbuf_release(&sb);
	strbuf_release(&id);
	return rc;
}

/*
 * A run of a duplicate set is public only once its set is over: before,
 * one run's deal tells every other run's (they are one deal).
 */
static int set_closed(struct db *db, const struct db_campaign *c, char *set, size_t setlen)
{
	json_t *s = json_loads(c->settings ? c->settings : "{}", 0, NULL);
	const char *of = json_string_value(json_object_get(s, "duplicate_of"));
	struct db_campaign sc;
	char err[256];
	int closed = 1;

	set[0] = '\0';
	if (of && *of) {
		snprintf(set, setlen, "%s", of);
		memset(&sc, 0, sizeof(sc));
		closed = !db_campaign_get(db, of, &sc, err, sizeof(err)) &&
			 !strcmp(sc.status, "finished");
		db_campaign_release(&sc);
	}
	json_decref(s);
	return closed;
}

int publish_campaign(struct db *db, const struct db_campaign *c, const char *dir, char *err,
		     size_t errlen)
{
	struct archive a;
	struct db_turn t;
	char **resolved_at = NULL, set[DB_NAME_MAX], stamp[128];
	struct strbuf sb = STRBUF_INIT;
	int i, rc = -1, n = c->turn + 1;

	memset(&a, 0, sizeof(a));
	a.db = db;
	a.c = c;
	a.rs = play_game_of(c);
	a.over = !strcmp(c->status, "finished");
	a.last = -1;
	if (!a.rs) {
		snprintf(err, errlen, "campaign '%s': unknown game '%s'", c->name, c->ruleset);
		return -1;
	}
	if (!set_closed(db, c, set, sizeof(set))) {
		snprintf(err, errlen, "campaign '%s' is a run of the duplicate set '%s': it is "
			 "published once the set is over", c->name, set);
		return 1;
	}
	if (!strcmp(c->status, "open")) {
		snprintf(err, errlen, "campaign '%s' has not started: nothing to publish yet", c->name);
		return 1;
	}
	if (mkdir(dir, 0755) && errno != EEXIST) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	if (!cmd_is_dir(dir)) {
		snprintf(err, errlen, "%s: not a directory", dir);
		return -1;
	}
	a.has_root = !db_root_get(db, c->id, &a.root, err, errlen);
	if (!(resolved_at = calloc((size_t)n, sizeof(*resolved_at)))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (i = 0; i < n; i++) {
		memset(&t, 0, sizeof(t));
		if (db_turn_get(db, c->id, i, &t, err, errlen)) {
			db_turn_release(&t);
			continue;
		}
		if (t.resolved_at[0] && t.state_after) {
			resolved_at[i] = strdup(t.resolved_at);
			a.last = i;
		}
		db_turn_release(&t);
	}
	if (a.last < 0) {
		snprintf(err, errlen, "campaign '%s' has no resolved turn yet", c->name);
		rc = 1;
		goto out;
	}
	for (i = 0; i <= a.last; i++) {
		if (!resolved_at[i])
			continue;
		memset(&t, 0, sizeof(t));
		rc = db_turn_get(db, c->id, i, &t, err, errlen) ? -1 : turn_page(&a, dir, &t, err, errlen);
		db_turn_release(&t);
		if (rc)
			goto out;
	}
	rc = -1;
	if (index_page(&a, dir, (const char *const *)resolved_at, err, errlen) ||
	    feed(&a, dir, (const char *const *)resolved_at, err, errlen))
		goto out;
	/* What this archive shows, so process republishes only when it is behind. */
	snprintf(stamp, sizeof(stamp), "%d %s\n", c->turn, c->status);
	strbuf_addstr(&sb, stamp);
	rc = put(dir, STAMP, &sb, err, errlen);
out:
	for (i = 0; resolved_at && i < n; i++)
		free(resolved_at[i]);
	free(resolved_at);
	strbuf_release(&sb);
	/* The root stays secret until revealed: no copy left behind. */
	memset(&a.root, 0, sizeof(a.root));
	return rc;
}

int publish_if_behind(struct db *db, const struct db_campaign *c, char *err, size_t errlen)
{
	json_t *s = json_loads(c->settings ? c->settings : "{}", 0, NULL);
	const char *dir = json_string_value(json_object_get(s, "publish_to"));
	char path[4096], want[128], have[128] = "";
	FILE *f;
	int rc = 0;

	if (!dir || !*dir)
		goto out;
	snprintf(path, sizeof(path), "%s/%s", dir, STAMP);
	snprintf(want, sizeof(want), "%d %s\n", c->turn, c->status);
	if ((f = fopen(path, "r"))) {
		if (!fgets(have, sizeof(have), f))
			have[0] = '\0';
		fclose(f);
	}
	if (strcmp(want, have))
		rc = publish_campaign(db, c, dir, err, errlen);
	if (rc > 0)
		rc = 0;	/* nothing to publish yet: not a failure of the run */
out:
	json_decref(s);
	return rc;
}

static int publish_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct cmd_target t;
	const char *dir = NULL;
	char err[1024];
	int rc;
	const struct cmd_opt opts[] = {
		CMD_VALUE("to", &dir),
		CMD_END
	};

	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc - 1 || !dir || !*dir)
		return EXIT_USAGE;
	if ((rc = cmd_target(ctx, argv[optind], NULL, CMD_TARGET_CAMPAIGN, &t)))
		return rc;
	rc = publish_campaign(ctx->db, &t.c, dir, err, sizeof(err));
	if (rc)
		cmd_error("%s", err);
	else if (!ctx->quiet)
		printf("%s: published into %s\n", t.c.name, dir);
	cmd_target_release(ctx, &t);
	return rc < 0 ? EXIT_FAIL : rc > 0 ? EXIT_DATAERR : EXIT_OK;
}

const struct cmd publish_cmd[] = {
	{ "publish", PUBLISH_USAGE, publish_run, NEED_DB,
	  "write a campaign's public archive as a static web site (index, turns, Atom feed)", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
