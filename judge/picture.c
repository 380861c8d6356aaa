/*
 * The board of a campaign's turn as a picture: the stored state, the view
 * of one seat (the same view its report was written from), the game's
 * draw hook, and librsvg for the PNG.
 */
#include "picture.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/engine.h"
#include "core/ruleset.h"
#include "db/db.h"
#include "mail/rsvg_load.h"
#include "cmd/play.h"

int picture_svg(struct db *db, const struct db_campaign *c, int turn, const char *seat,
		struct strbuf *svg, char *err, size_t errlen)
{
	const struct ruleset *rs = play_game_of(c);
	struct db_turn t;
	struct db_seat ship;
	json_t *state = NULL, *view = NULL, *packs = NULL;
	json_error_t jerr;
	const char *text;
	int rc, ret = -1;

	memset(&t, 0, sizeof(t));
	if (!rs) {
		snprintf(err, errlen, "campaign '%s': unknown game '%s'", c->name, c->ruleset);
		return -1;
	}
	if (!rs->draw)
		return 1;
	if (seat && db_seat_get(db, c->id, seat, &ship, err, errlen)) {
		snprintf(err, errlen, "campaign '%s' has no %s named '%s'", c->name, rs->seat_word,
			 seat);
		return -1;
	}
	rc = db_turn_get(db, c->id, turn < 0 ? c->turn : turn, &t, err, errlen);
	if (rc == DB_NOT_FOUND) {
		if (turn < 0)
			snprintf(err, errlen, "campaign '%s' has no board yet (it begins with "
				 "'campaign start')", c->name);
		else
			snprintf(err, errlen, "campaign '%s' has no turn %d (turns 0 to %d)", c->name,
				 turn, c->turn);
		goto out;
	}
	if (rc)
		goto out;
	/* Now: the open turn's state before it; a turn asked for: its end. */
	text = t.state_after ? t.state_after : turn < 0 ? t.state_before : NULL;
	if (!text) {
		snprintf(err, errlen, "campaign '%s': turn %d is not resolved yet", c->name, turn);
		goto out;
	}
	if (!(state = json_loads(text, 0, &jerr))) {
		snprintf(err, errlen, "campaign '%s', turn %d: the stored state is not JSON: %s",
			 c->name, t.number, jerr.text);
		goto out;
	}
	if (rs->view_data && !(packs = play_packs_of(db, c->id, err, errlen)))
		goto out;
	if (!(view = engine_view_data(rs, state, seat ? ship.name : NULL, packs))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (rs->draw(view, seat ? ship.name : NULL, svg, err, errlen))
		goto out;
	if (svg->failed) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	ret = 0;
out:
	json_decref(state);
	json_decref(view);
	json_decref(packs);
	db_turn_release(&t);
	return ret;
}

int picture_png(struct db *db, const struct db_campaign *c, int turn, const char *seat,
		unsigned char **png, size_t *len, char *err, size_t errlen)
{
	struct strbuf svg = STRBUF_INIT;
	int rc = picture_svg(db, c, turn, seat, &svg, err, errlen);

	*png = NULL;
	*len = 0;
	if (!rc)
		rc = rsvgx_png(strbuf_str(&svg), svg.len, png, len, err, errlen);
	strbuf_release(&svg);
	return rc;
}

int picture_for_mail(struct db *db, const struct db_message *m, unsigned char **png,
		     size_t *len, char *err, size_t errlen)
{
	struct db_campaign *list = NULL, *c = NULL;
	struct db_seat *ships = NULL;
	size_t n = 0, nships = 0, i;
	long long cid = 0, seat_id = 0;
	int turn = -1, used = 0, ret = 1, by_address = 0;
	const char *seat = NULL;
	const char *key = m->key;

	*png = NULL;
	*len = 0;
	/* Only a turn's report and bulletin carry the board. */
	if (strcmp(m->kind, "report") && strcmp(m->kind, "bulletin"))
		return 1;
	if (sscanf(key, "report/%lld/%d/seat/%lld%n", &cid, &turn, &seat_id, &used) == 3 &&
	    !key[used])
		;
	else if (sscanf(key, "report/%lld/%d/%lld%n", &cid, &turn, &seat_id, &used) == 3 &&
		 !key[used])
		seat_id = 0;	/* a Hovercrafts captain's: every ship is in the open */
	else if (sscanf(key, "bulletin/%lld/%d%n", &cid, &turn, &used) == 2 &&
		 (!key[used] || key[used] == '/'))
		seat_id = 0;
	else if (!strcmp(m->kind, "report") && m->campaign_id) {
		/*
		 * A report folded into the answer to the mail that played it
		 * (a solo run) keeps the answer's key: the board as it stands,
		 * from the view of the seat at that address.
		 */
		cid = m->campaign_id;
		turn = -1;
		by_address = 1;
	} else {
		return 1;
	}
	if (cid != m->campaign_id || !rsvgx_available(NULL, 0))
		return 1;
	if (db_campaign_list(db, &list, &n, err, errlen))
		return -1;
	for (i = 0; i < n; i++)
		if (list[i].id == cid)
			c = &list[i];
	if (!c || !play_game_of(c) || !play_game_of(c)->draw)
		goto out;
	if (seat_id || by_address) {
		int found = 0;

		if (db_seat_list(db, cid, &ships, &nships, err, errlen)) {
			ret = -1;
			goto out;
		}
		for (i = 0; i < nships; i++)
			if (seat_id ? ships[i].id == seat_id
				    : !strcasecmp(ships[i].email, m->recipient) && !found++)
				seat = ships[i].name;
		if (!seat || found > 1)
			goto out;	/* no seat, or not one: no picture rather than another's */
	}
	ret = picture_png(db, c, turn, seat, png, len, err, errlen);
out:
	free(ships);
	db_campaign_list_release(list, n);
	return ret;
}

int picture_write_file(const char *path, const void *buf, size_t len, char *err,
		       size_t errlen)
{
	char tmp[4096];
	FILE *f;
	int bad;

	if ((size_t)snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid()) >= sizeof(tmp)) {
		snprintf(err, errlen, "%s: the path is too long", path);
		return -1;
	}
	if (!(f = fopen(tmp, "wb"))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	bad = len && fwrite(buf, 1, len, f) != len;
	bad |= fflush(f) != 0;
	bad |= ferror(f) != 0;
	if (fclose(f))
		bad = 1;
	if (bad || rename(tmp, path)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno ? errno : EIO));
		unlink(tmp);
		return -1;
	}
	return 0;
}
