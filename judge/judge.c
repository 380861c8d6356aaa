/*
 * judge: campaign settings as JSON, passwords and order codes, digests and
 * redaction, seeds and their seals, deadlines, the campaign load every
 * command shares, and the steps that store a Hovercrafts turn and queue
 * its reports (judge/judge.h).
 */
#include "cmd/hover.h"
#include "judge.h"
#include "outbox.h"

#include <errno.h>
#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "core/names.h"
#include "core/secret.h"
#include "db/desk.h"
#include "cmd/reporting.h"
#include "cmd/series.h"
#include "core/hovercrafts/scenario.h"
#include "templates.h"
#include "core/hovercrafts/report.h"
#include "core/hovercrafts/state_json.h"
#include "db/mail.h"
#include "mailer.h"
#include "db/play.h"
#include "lib/strbuf.h"
#include "timeutil.h"

/* ---------- settings ---------- */

void judge_settings_release(struct judge_settings *s)
{
	json_decref(s->map);
	json_decref(s->game);
	json_decref(s->wait);
	json_decref(s->votes);
	s->votes = NULL;
	s->map = NULL;
	s->game = NULL;
	s->wait = NULL;
}

int judge_someone_waits(const struct judge_settings *s)
{
	return json_array_size(s->wait) > 0;
}

static int get_int(const json_t *o, const char *key, int min, int max, int *out, char *err,
		   size_t errlen)
{
	const json_t *v = json_object_get(o, key);

	if (!json_is_integer(v) || json_integer_value(v) < min || json_integer_value(v) > max) {
		snprintf(err, errlen, "campaign settings: expected an integer %s (%d to %d)", key,
			 min, max);
		return -1;
	}
	*out = (int)json_integer_value(v);
	return 0;
}

int judge_parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || !*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

int judge_settings_parse(struct judge_settings *s, const char *json, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *root = json_loads(json, 0, &jerr);
	const char *str;
	int rc = -1, hover;

	memset(s, 0, sizeof(*s));
	if (!json_is_object(root)) {
		snprintf(err, errlen, "campaign settings: expected a JSON object");
		goto out;
	}
	str = json_string_value(json_object_get(root, "ruleset"));
	snprintf(s->ruleset, sizeof(s->ruleset), "%s", str ? str : "hovercrafts");
	hover = !strcmp(s->ruleset, "hovercrafts");
	/* Only Hovercrafts has a board; another game keeps its own under "game". */
	if ((hover && (get_int(root, "width", 1, MAP_MAX_SIDE, &s->width, err, errlen) ||
		       get_int(root, "height", 1, MAP_MAX_SIDE, &s->height, err, errlen) ||
		       get_int(root, "density", 0, 1000, &s->density, err, errlen))) ||
	    get_int(root, "deadline_hours", 1, 24 * 366, &s->deadline_hours, err, errlen))
		goto out;
	s->game = json_incref(json_object_get(root, "game"));
	if (s->game && !json_is_object(s->game)) {
		snprintf(err, errlen, "campaign settings: expected the game's settings as an object");
		goto out;
	}
	/* The seed is text: JSON numbers lose 64-bit precision in many readers. */
	str = json_string_value(json_object_get(root, "seed"));
	if (judge_parse_u64(str, &s->seed)) {
		snprintf(err, errlen, "campaign settings: expected the seed as a decimal string");
		goto out;
	}
	str = json_string_value(json_object_get(root, "timezone"));
	snprintf(s->timezone, sizeof(s->timezone), "%s", str ? str : "UTC");
	s->early = json_is_true(json_object_get(root, "early"));
	str = json_string_value(json_object_get(root, "templates"));
	snprintf(s->templates, sizeof(s->templates), "%s", str ? str : "");
	str = json_string_value(json_object_get(root, "bulletin_to"));
	snprintf(s->bulletin_to, sizeof(s->bulletin_to), "%s", str ? str : "");
	str = json_string_value(json_object_get(root, "gm_email"));
	snprintf(s->gm_email, sizeof(s->gm_email), "%s", str ? str : "");
	s->phase_maps = json_is_true(json_object_get(root, "phase_maps"));
	s->bot_plays_silent = json_is_true(json_object_get(root, "bot_plays_silent"));
	s->fresh_seeds = json_is_true(json_object_get(root, "fresh_seeds"));
	s->wait = json_incref(json_object_get(root, "wait"));
	if (s->wait && !json_is_array(s->wait)) {
		snprintf(err, errlen, "campaign settings: expected 'wait' as a list of seats");
		goto out;
	}
	s->votes = json_incref(json_object_get(root, "votes"));
	if (s->votes && !json_is_object(s->votes)) {
		snprintf(err, errlen, "campaign settings: expected 'votes' as an object");
		goto out;
	}
	str = json_string_value(json_object_get(root, "press"));
	snprintf(s->press, sizeof(s->press), "%s", str ? str : "none");
	s->press_anonymous = json_is_true(json_object_get(root, "press_anonymous"));
	s->press_copy_gm = json_is_true(json_object_get(root, "press_copy_gm"));
	str = json_string_value(json_object_get(root, "press_during"));
	s->press_between = str && !strcmp(str, "between");
	str = json_string_value(json_object_get(root, "signup"));
	s->signup_mail = str && !strcmp(str, "mail");
	s->takeover = json_is_true(json_object_get(root, "takeover"));
	s->mixed_sides = json_is_true(json_object_get(root, "mixed_sides"));
	s->press_per_hour = JUDGE_PRESS_PER_HOUR;
	if (json_object_get(root, "press_per_hour") &&
	    get_int(root, "press_per_hour", 1, 10000, &s->press_per_hour, err, errlen))
		goto out;
	str = json_string_value(json_object_get(root, "absence"));
	snprintf(s->absence, sizeof(s->absence), "%s", str && !strcmp(str, "autopilot") ? str : "wait");
	s->absence_days = JUDGE_ABSENCE_DAYS;
	if (json_object_get(root, "absence_days") &&
	    get_int(root, "absence_days", 0, 366, &s->absence_days, err, errlen))
		goto out;
	s->duplicate = json_is_true(json_object_get(root, "duplicate"));
	str = json_string_value(json_object_get(root, "duplicate_of"));
	snprintf(s->duplicate_of, sizeof(s->duplicate_of), "%s", str ? str : "");
	s->map = json_incref(json_object_get(root, "map"));
	if (hover && !json_is_object(s->map)) {
		snprintf(err, errlen, "campaign settings: expected a map object");
		goto out;
	}
	rc = 0;
out:
	if (rc)
		judge_settings_release(s);
	json_decref(root);
	return rc;
}

char *judge_settings_dump(const struct judge_settings *s)
{
	/* A struct filled by hand (campaign new) may leave the game unnamed: Hovercrafts. */
	int hover = !s->ruleset[0] || !strcmp(s->ruleset, "hovercrafts");
	json_t *o = json_object();
	char seed[24];
	char *text;

	if (!o)
		return NULL;
	snprintf(seed, sizeof(seed), "%" PRIu64, s->seed);
	json_object_set_new(o, "ruleset", json_string(hover ? "hovercrafts" : s->ruleset));
	if (hover) {
		json_object_set_new(o, "width", json_integer(s->width));
		json_object_set_new(o, "height", json_integer(s->height));
		json_object_set_new(o, "density", json_integer(s->density));
	}
	json_object_set_new(o, "seed", json_string(seed));
	json_object_set_new(o, "deadline_hours", json_integer(s->deadline_hours));
	json_object_set_new(o, "timezone", json_string(s->timezone));
	json_object_set_new(o, "early", json_boolean(s->early));
	if (s->templates[0])
		json_object_set_new(o, "templates", json_string(s->templates));
	if (s->bulletin_to[0])
		json_object_set_new(o, "bulletin_to", json_string(s->bulletin_to));
	if (s->gm_email[0])
		json_object_set_new(o, "gm_email", json_string(s->gm_email));
	if (s->phase_maps)
		json_object_set_new(o, "phase_maps", json_true());
	if (s->bot_plays_silent)
		json_object_set_new(o, "bot_plays_silent", json_true());
	if (s->fresh_seeds)
		json_object_set_new(o, "fresh_seeds", json_true());
	if (json_array_size(s->wait))
		json_object_set(o, "wait", s->wait);
	if (json_object_size(s->votes))
		json_object_set(o, "votes", s->votes);
	if (s->press[0] && strcmp(s->press, "none"))
		json_object_set_new(o, "press", json_string(s->press));
	if (s->press_anonymous)
		json_object_set_new(o, "press_anonymous", json_true());
	if (s->press_copy_gm)
		json_object_set_new(o, "press_copy_gm", json_true());
	if (s->press_between)
		json_object_set_new(o, "press_during", json_string("between"));
	if (s->signup_mail)
		json_object_set_new(o, "signup", json_string("mail"));
	if (s->takeover)
		json_object_set_new(o, "takeover", json_true());
	if (s->mixed_sides)
		json_object_set_new(o, "mixed_sides", json_true());
	/* A struct filled by hand (campaign new) leaves it 0: the default, unsaid. */
	if (s->press_per_hour && s->press_per_hour != JUDGE_PRESS_PER_HOUR)
		json_object_set_new(o, "press_per_hour", json_integer(s->press_per_hour));
	if (!strcmp(s->absence, "autopilot"))
		json_object_set_new(o, "absence", json_string(s->absence));
	if (s->absence[0] && s->absence_days != JUDGE_ABSENCE_DAYS)
		json_object_set_new(o, "absence_days", json_integer(s->absence_days));
	if (s->duplicate)
		json_object_set_new(o, "duplicate", json_true());
	if (s->duplicate_of[0])
		json_object_set_new(o, "duplicate_of", json_string(s->duplicate_of));
	if (hover)
		json_object_set(o, "map", s->map ? s->map : json_null());
	if (s->game)
		json_object_set(o, "game", s->game);
	text = json_dumps(o, JSON_COMPACT);
	json_decref(o);
	return text;
}

int judge_board(const struct judge_settings *s, struct game_state *st, char *err, size_t errlen)
{
	json_t *root = json_object();
	int rc;

	game_state_init(st);
	if (!root) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	json_object_set_new(root, "game", json_string("hovercrafts"));
	json_object_set_new(root, "turn", json_integer(1));
	json_object_set(root, "map", s->map);
	json_object_set_new(root, "ships", json_array());
	rc = state_from_json(st, root, "campaign map", err, errlen);
	json_decref(root);
	return rc;
}

/* ---------- secrets ---------- */

static void sodium_ready(void)
{
	/* Idempotent; fails only without an entropy source, where we cannot go on. */
	if (sodium_init() < 0)
		abort();
}

void judge_new_password(char *buf, size_t len)
{
	/* No 0/O, 1/l/I: it is read off a screen and typed into a mail. */
	static const char alphabet[] = "abcdefghjkmnpqrstuvwxyz23456789";
	size_t i, n = len - 1 < JUDGE_PASSWORD_LEN ? len - 1 : JUDGE_PASSWORD_LEN;

	sodium_ready();
	for (i = 0; i < n; i++)
		buf[i] = alphabet[randombytes_uniform(sizeof(alphabet) - 1)];
	buf[i] = '\0';
}

int judge_hash_password(const char *pw, char *out, size_t outlen)
{
	const char *fast = getenv("MXJUDGE_FAST_HASH");
	unsigned long long ops = crypto_pwhash_OPSLIMIT_INTERACTIVE;
	size_t mem = crypto_pwhash_MEMLIMIT_INTERACTIVE;

	sodium_ready();
	if (outlen < crypto_pwhash_STRBYTES)
		return -1;
	/* Test suites only: the minimum cost keeps valgrind runs bearable. */
	if (fast && !strcmp(fast, "1")) {
		ops = crypto_pwhash_OPSLIMIT_MIN;
		mem = crypto_pwhash_MEMLIMIT_MIN;
	}
	return crypto_pwhash_str(out, pw, strlen(pw), ops, mem) ? -1 : 0;
}

int judge_verify_password(const char *hash, const char *pw)
{
	sodium_ready();
	return crypto_pwhash_str_verify(hash, pw, strlen(pw)) == 0;
}

int judge_captain_address(struct db *db, const struct db_captain *c, const char *sender)
{
	char err[256];

	return !strcasecmp(sender, c->email) ||
	       db_address_has(db, c->id, sender, err, sizeof(err)) == DB_EXISTS;
}

int judge_captain_verify(const struct db_captain *c, const char *pw)
{
	return judge_verify_password(c->pwhash, pw) ||
	       (c->pwhash_new[0] && judge_verify_password(c->pwhash_new, pw));
}

void judge_digest(const char *text, char out[65])
{
	unsigned char h[crypto_hash_sha256_BYTES];

	sodium_ready();
	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	sodium_bin2hex(out, 65, h, sizeof(h));
}

int judge_order_code(struct db *db, long long campaign_id, const char *ship, int turn,
		     int create, char out[JUDGE_CODE_LEN + 1], char *err, size_t errlen)
{
	static const char alphabet[] = "abcdefghjkmnpqrstuvwxyz23456789";
	unsigned char key[DB_MAIL_KEY_BYTES], fresh[DB_MAIL_KEY_BYTES], h[16];
	char msg[160 + DB_CODE_SALT_MAX], lower[DB_NAME_MAX], salt[DB_CODE_SALT_MAX];
	uint64_t v = 0;
	size_t i;
	int rc;

	/* "" for a ship that never changed hands: its codes stay what they were. */
	rc = db_seat_code_salt(db, campaign_id, ship, salt, err, errlen);
	if (rc)
		return rc;
	sodium_ready();
	if (create)
		randombytes_buf(fresh, sizeof(fresh));
	rc = db_campaign_key(db, campaign_id, create ? fresh : NULL, key, err, errlen);
	sodium_memzero(fresh, sizeof(fresh));
	if (rc)
		return rc;
	/* Ship names match in any case, so the code does too. */
	for (i = 0; ship[i] && i + 1 < sizeof(lower); i++)
		lower[i] = (char)((ship[i] >= 'A' && ship[i] <= 'Z') ? ship[i] + 32 : ship[i]);
	lower[i] = '\0';
	snprintf(msg, sizeof(msg), "mxjudge-order-code:%lld:%s:%d%s%s", campaign_id, lower, turn,
		 salt[0] ? ":" : "", salt);
	crypto_generichash(h, sizeof(h), (const unsigned char *)msg, strlen(msg), key, sizeof(key));
	sodium_memzero(key, sizeof(key));
	for (i = 0; i < 8; i++)
		v |= (uint64_t)h[i] << (8 * i);
	for (i = 0; i < JUDGE_CODE_LEN; i++) {
		out[i] = alphabet[v % (sizeof(alphabet) - 1)];
		v /= sizeof(alphabet) - 1;
	}
	out[JUDGE_CODE_LEN] = '\0';
	return 0;
}

int judge_new_code_salt(struct db *db, long long ship_id, char *err, size_t errlen)
{
	unsigned char r[16];
	char salt[DB_CODE_SALT_MAX];

	sodium_ready();
	randombytes_buf(r, sizeof(r));
	sodium_bin2hex(salt, sizeof(salt), r, sizeof(r));
	return db_seat_set_code_salt(db, ship_id, salt, err, errlen);
}

int judge_check_code(const char *given, const char *want)
{
	char g[JUDGE_CODE_LEN + 1];
	size_t i, n = strlen(given);

	if (n != JUDGE_CODE_LEN)
		return 0;
	for (i = 0; i < n; i++)
		g[i] = (char)((given[i] >= 'A' && given[i] <= 'Z') ? given[i] + 32 : given[i]);
	g[n] = '\0';
	sodium_ready();
	return sodium_memcmp(g, want, JUDGE_CODE_LEN) == 0;
}

char *judge_redact(const char *text)
{
	/* One tokenizer decides what is a secret and what is blanked (core/secret.h). */
	return secret_orders_block(text);
}

/* ---------- seeds and deadlines ---------- */

static uint64_t hash_seed(uint64_t seed, const char *label)
{
	unsigned char h[crypto_hash_sha256_BYTES];
	char text[96];
	uint64_t v = 0;
	int i;

	sodium_ready();
	snprintf(text, sizeof(text), "mxjudge:%" PRIu64 ":%s", seed, label);
	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	for (i = 0; i < 8; i++)	/* little-endian: the same on every machine */
		v |= (uint64_t)h[i] << (8 * i);
	return v;
}

uint64_t judge_turn_seed(uint64_t campaign_seed, int turn)
{
	char label[32];

	snprintf(label, sizeof(label), "turn:%d", turn);
	return hash_seed(campaign_seed, label);
}

uint64_t judge_new_turn_seed(const struct judge_settings *s, int turn)
{
	uint64_t seed;

	if (!s->fresh_seeds)
		return judge_turn_seed(s->seed, turn);
	sodium_ready();
	randombytes_buf(&seed, sizeof(seed));
	return seed;
}

void judge_check_command(const char *text, int at, int indent, char *out, size_t len)
{
	const char *colon = strrchr(text, ':');

	if (at + strlen(text) + strlen("printf '' | sha256sum") <= 80 || !colon)
		snprintf(out, len, "printf '%s' | sha256sum", text);
	else
		snprintf(out, len, "printf '%%s%%s' '%.*s' \\\n%*s'%s' \\\n%*s| sha256sum",
			 (int)(colon + 1 - text), text, indent, "", colon + 1, indent, "");
}

void judge_seed_commitment(const char *campaign, int turn, const char *seed, char out[65])
{
	char *text;
	size_t n = strlen(campaign) + strlen(seed) + 48;

	text = malloc(n);
	if (!text) {
		out[0] = '\0';
		return;
	}
	snprintf(text, n, "mxjudge:%s:turn:%d:seed:%s", campaign, turn, seed);
	judge_digest(text, out);
	free(text);
}

uint64_t judge_map_seed(uint64_t campaign_seed)
{
	return hash_seed(campaign_seed, "map");
}

time_t judge_step_deadline(const struct judge_settings *s, time_t from)
{
	/* Whole days keep the wall-clock hour across daylight-saving changes. */
	if (s->deadline_hours % 24 == 0)
		return time_add_days_zone(from, s->deadline_hours / 24, s->timezone);
	return from + (time_t)s->deadline_hours * 3600;
}

int judge_db_exit(int rc)
{
	return rc == DB_BUSY ? 75 : 1;
}

time_t judge_effective_deadline(const struct db_campaign *c, time_t deadline, time_t now)
{
	time_t paused;

	if (strcmp(c->status, "paused") || time_parse_iso(c->paused_at, &paused))
		return deadline;
	return now > paused ? deadline + (now - paused) : deadline;
}

/* ---------- states and events ---------- */

int judge_state_load(struct game_state *st, const char *json, const char *name, char *err,
		     size_t errlen)
{
	json_error_t jerr;
	json_t *root = json_loads(json ? json : "", 0, &jerr);
	int rc;

	game_state_init(st);
	if (!root) {
		snprintf(err, errlen, "%s: stored state is not JSON: %s", name, jerr.text);
		return -1;
	}
	rc = state_from_json(st, root, name, err, errlen);
	json_decref(root);
	return rc;
}

char *judge_state_dump(const struct game_state *st)
{
	json_t *j = state_to_json(st);
	char *text;

	if (!j)
		return NULL;
	text = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	return text;
}

int judge_store_events(struct db *db, long long turn_id, const struct game_state *st,
		       const struct event_list *ev, char *err, size_t errlen)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < ev->n && !rc; i++) {
		const struct event *e = &ev->ev[i];
		json_t *j = event_to_json(st, e);
		struct db_event de;
		struct db_draw dr;
		char line[160];

		if (!j) {
			snprintf(err, errlen, "out of memory");
			return DB_ERROR;
		}
		/* The side roll (core/hovercrafts/setup.h) names a side, not a ship. */
		if (e->type == EV_ROLL && e->ship < 0) {
			json_object_set_new(j, "side", json_string(team_name((enum team)e->value)));
			json_object_set_new(j, "for", json_string("setup"));
		}
		memset(&de, 0, sizeof(de));
		de.seq = (int)i + 1;
		de.phase = e->phase;
		snprintf(de.type, sizeof(de.type), "%s", event_type_name(e->type));
		de.json = json_dumps(j, JSON_COMPACT);
		json_decref(j);
		if (!de.json) {
			snprintf(err, errlen, "out of memory");
			return DB_ERROR;
		}
		rc = db_event_add(db, turn_id, &de, err, errlen);
		free(de.json);
		if (rc || e->type != EV_ROLL)
			continue;
		memset(&dr, 0, sizeof(dr));
		dr.seq = (int)i + 1;
		snprintf(dr.stream, sizeof(dr.stream), "%s", JUDGE_DIE_STREAM);
		if (e->d6 < 1 || e->d6 > 6) {
			snprintf(err, errlen, "event %d: a die of %d", dr.seq, e->d6);
			return DB_ERROR;
		}
		snprintf(line, sizeof(line), "d6 %d %d %d %d %s %s %s", e->phase, e->d6, e->stat,
			 e->score, check_name(e->check), e->ship < 0 ? "setup" : event_type_name(e->cause),
			 e->ship >= 0 && (size_t)e->ship < st->nships ? st->ships[e->ship].name
			 : team_name((enum team)e->value));
		dr.line = line;
		rc = db_draw_add(db, turn_id, &dr, err, errlen);
	}
	return rc == DB_EXISTS ? DB_ERROR : rc;
}

int judge_dice_list(struct db *db, long long turn_id, struct judge_die **out, size_t *n,
		    char *err, size_t errlen)
{
	struct db_draw *d = NULL;
	size_t nd = 0, i;
	int rc = db_draw_list(db, turn_id, &d, &nd, err, errlen), used;

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	if (!(*out = calloc(nd + 1, sizeof(**out)))) {
		snprintf(err, errlen, "out of memory");
		rc = DB_ERROR;
		goto out;
	}
	for (i = 0; i < nd; i++) {
		struct judge_die *x = &(*out)[*n];

		if (strcmp(d[i].stream, JUDGE_DIE_STREAM))
			continue;
		used = -1;
		if (sscanf(d[i].line, "d6 %d %d %d %d %15s %23s %n", &x->phase, &x->d6, &x->stat,
			   &x->score, x->check, x->cause, &used) != 6 || used < 0 ||
		    !d[i].line[used]) {
			snprintf(err, errlen, "draw %d of turn %lld: expected 'd6 PHASE D6 STAT SCORE "
				 "CHECK CAUSE SHIP', got '%s'", d[i].seq, turn_id, d[i].line);
			rc = DB_ERROR;
			goto out;
		}
		x->seq = d[i].seq;
		snprintf(x->ship, sizeof(x->ship), "%s", d[i].line + used);
		(*n)++;
	}
out:
	if (rc) {
		free(*out);
		*out = NULL;
		*n = 0;
	}
	db_draw_list_release(d, nd);
	return rc;
}

/* "Zion rolled 5, the Machines 2: Zion start on the right (column J) ..." */
static void setup_line(const struct game_state *st, const struct event_list *ev,
		       struct strbuf *sb)
{
	enum team first = TEAM_ZION;
	char col[8];
	size_t i;

	/* Start zones of the board (core/hovercrafts/map.h): no side roll. */
	if (!ev->n || ev->ev[0].type != EV_ROLL || ev->ev[0].ship >= 0) {
		strbuf_addstr(sb, "The fleets start on the start zones of the board.\n");
		scenario_brief(st->scenario, sb);
		return;
	}
	for (i = 0; i < ev->n && ev->ev[i].type == EV_ROLL && ev->ev[i].ship < 0; i += 2) {
		if (i + 1 >= ev->n)
			break;
		strbuf_addf(sb, "%s: Zion %d, the Machines %d", i ? "; again" : "Side roll",
			    ev->ev[i].d6, ev->ev[i + 1].d6);
		first = ev->ev[i].d6 > ev->ev[i + 1].d6 ? TEAM_ZION : TEAM_MACHINES;
	}
	hex_column_name(st->map.width - 1, col, sizeof(col));
	/* team_title() is "the Machines": a sentence starts with a capital. */
	strbuf_addf(sb, ".\n%s on column %s facing W, ", first == TEAM_ZION ? "Zion starts" :
		    "The Machines start", col);
	strbuf_addf(sb, "%s on column A facing E.\n",
		    team_title(first == TEAM_ZION ? TEAM_MACHINES : TEAM_ZION));
	/* Every battle's start tells both sides' goals and the turn limit (rulings 11). */
	scenario_brief(st->scenario, sb);
}

int judge_queue_reports(struct db *db, const struct db_campaign *c,
			const struct judge_settings *s, long long turn_id, int turn,
			const struct game_state *before, const struct game_state *st,
			const struct event_list *ev, const struct turn_plan *plans,
			const char *setup_note, time_t deadline, time_t now, char *err,
			size_t errlen)
{
	struct db_captain *caps = NULL;
	struct db_seat *ships = NULL;
	struct db_observer *observers = NULL;
	size_t ncaps = 0, nships = 0, nobservers = 0, i, j, skip = 0;
	int rendered = 0;
	struct strbuf setup = STRBUF_INIT, body = STRBUF_INIT, subject = STRBUF_INIT;
	struct event_list story;
	char deadline_text[DB_TIME_MAX], now_text[DB_TIME_MAX];
	json_t *model = NULL;
	int rc;

	rc = db_captain_list(db, c->id, &caps, &ncaps, err, errlen);
	if (!rc)
		rc = db_seat_list(db, c->id, &ships, &nships, err, errlen);
	if (rc)
		goto out;
	/* The side roll is told in a sentence of its own, not as dice of the story. */
	while (skip < ev->n && ev->ev[skip].type == EV_ROLL && ev->ev[skip].ship < 0)
		skip++;
	story.ev = ev->ev + skip;
	story.n = story.alloc = ev->n - skip;
	time_format_utc(deadline, deadline_text, sizeof(deadline_text));
	time_format_utc(now, now_text, sizeof(now_text));
	rc = DB_ERROR;
	model = reporting_model_parts(db, c, s, turn, before, st, &story, plans, now_text,
				      deadline_text, err, errlen);
	if (!model)
		goto out;
	/* The setup of a battle (turn 0, or a later battle's first turn) has no orders. */
	if (!plans) {
		setup_line(st, ev, &setup);
		if (setup_note && *setup_note)
			strbuf_addf(&setup, "\n%s", setup_note);
		json_object_set_new(model, "setup", json_string(strbuf_str(&setup)));
	}
	for (i = 0; i < ncaps; i++) {
		json_t *mine = json_deep_copy(model);
		struct outbox_mail m;
		char key[96];

		if (!mine) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
		for (j = 0; j < nships; j++) {
			int idx = ships[j].captain_id == caps[i].id ? game_find_ship(st, ships[j].name) : -1;

			char code[JUDGE_CODE_LEN + 1];

			if (idx < 0)
				continue;
			/* The code for the next turn's orders: a reply to this report carries it. */
			if ((rc = judge_order_code(db, c->id, ships[j].name, turn + 1, 1, code, err,
						   errlen))) {
				json_decref(mine);
				goto out;
			}
			if (report_for_captain(mine, st, idx, caps[i].name, code) < 0) {
				json_decref(mine);
				snprintf(err, errlen, "out of memory");
				rc = DB_ERROR;
				goto out;
			}
		}
		/* After a battle more battles follow: the UPGRADE block (rulings 11). */
		if (st->winner != WINNER_NONE &&
		    series_between_model(db, c, s, caps[i].id, turn + 1, 1, mine, err, errlen) < 0) {
			json_decref(mine);
			rc = DB_ERROR;
			goto out;
		}
		strbuf_reset(&body);
		strbuf_reset(&subject);
		/* The last turn of a battle is told by the game-over template. */
		rc = templates_render_game(reporting_game(s),
					   st->winner != WINNER_NONE ? "game-over" : "report",
					   reporting_templates_dir(s), mine, &body, err, errlen);
		json_decref(mine);
		if (rc < 0) {
			rc = DB_ERROR;
			goto out;
		}
		if (st->winner != WINNER_NONE)
			strbuf_addf(&subject, "%s: the battle is over after turn %d", c->name, turn);
		else if (!plans)
			strbuf_addf(&subject, "%s: the battle begins; orders for turn %d", c->name,
				    turn + 1);
		else
			strbuf_addf(&subject, "%s: turn %d resolved; orders for turn %d", c->name, turn,
				    turn + 1);
		/* One report per captain and turn, however often this runs. */
		snprintf(key, sizeof(key), "report/%lld/%d/%lld", c->id, turn, caps[i].id);
		memset(&m, 0, sizeof(m));
		m.campaign_id = c->id;
		m.turn_id = turn_id;
		m.kind = "report";
		m.key = key;
		m.recipient = caps[i].email;
		m.subject = strbuf_str(&subject);
		m.body = strbuf_str(&body);
		m.created_at = now_text;
		rc = outbox_queue(db, &m, NULL, err, errlen);
		if (rc == DB_EXISTS)
			rc = 0;
		if (rc)
			goto out;
	}
	/* The public bulletin, for a list or a forum, and for the observers (OBSERVE by mail). */
	if ((rc = db_observer_list(db, c->id, NULL, &observers, &nobservers, err, errlen)))
		goto out;
	for (i = 0; i <= nobservers && (s->bulletin_to[0] || nobservers); i++) {
		struct outbox_mail m;
		char key[96];

		if (i == nobservers && !s->bulletin_to[0])
			break;
		if (!rendered++) {
			strbuf_reset(&body);
			strbuf_reset(&subject);
			if (templates_render_game(reporting_game(s), "bulletin",
						  reporting_templates_dir(s), model, &body, err,
						  errlen) < 0) {
				rc = DB_ERROR;
				goto out;
			}
			strbuf_addf(&subject, "%s: turn %d bulletin", c->name, turn);
		}
		if (i < nobservers)
			snprintf(key, sizeof(key), "bulletin/%lld/%d/observer/%lld", c->id, turn,
				 observers[i].id);
		else
			snprintf(key, sizeof(key), "bulletin/%lld/%d", c->id, turn);
		memset(&m, 0, sizeof(m));
		m.campaign_id = c->id;
		m.turn_id = turn_id;
		m.kind = "bulletin";
		m.key = key;
		m.recipient = i < nobservers ? observers[i].email : s->bulletin_to;
		m.subject = strbuf_str(&subject);
		m.body = strbuf_str(&body);
		m.created_at = now_text;
		rc = outbox_queue(db, &m, NULL, err, errlen);
		if (rc == DB_EXISTS)
			rc = 0;
		if (rc)
			goto out;
	}
out:
	json_decref(model);
	strbuf_release(&setup);
	strbuf_release(&body);
	strbuf_release(&subject);
	free(caps);
	free(ships);
	free(observers);
	return rc;
}

void judge_no_campaign(struct db *db, const char *name)
{
	struct db_campaign *list = NULL;
	size_t n = 0;
	char err[256];

	if (!db_campaign_list(db, &list, &n, err, sizeof(err)) && n == 0)
		cmd_error("no campaign named '%s': the database %s holds no campaign at all (is "
			  "MXJUDGE_DB, or --db, your judge's database?)", name, db_path(db));
	else
		cmd_error("no campaign named '%s' (see 'mxjudge campaign list')", name);
	db_campaign_list_release(list, n);
}

int judge_load(struct db *db, const char *name, struct db_campaign *c, struct judge_settings *s)
{
	char err[512];
	int rc = db_campaign_get(db, name, c, err, sizeof(err));

	memset(s, 0, sizeof(*s));
	if (rc == DB_NOT_FOUND) {
		judge_no_campaign(db, name);
		return EXIT_DATAERR;
	}
	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	if (judge_settings_parse(s, c->settings, err, sizeof(err))) {
		cmd_error("campaign '%s': %s", c->name, err);
		db_campaign_release(c);
		return EXIT_FAIL;
	}
	return 0;
}

int judge_begin_load(struct db *db, const char *name, struct db_campaign *c,
		     struct judge_settings *s)
{
	char err[512];
	int rc = db_begin(db, err, sizeof(err));

	if (rc) {
		memset(s, 0, sizeof(*s));
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	rc = judge_load(db, name, c, s);
	if (rc)
		db_rollback(db);
	return rc;
}

int judge_gm_address(const struct judge_settings *s, char *buf, size_t len)
{
	const char *from = getenv("MXJUDGE_FROM"), *lt, *gt;
	char err[128];

	if (s->gm_email[0]) {
		snprintf(buf, len, "%s", s->gm_email);
		return 0;
	}
	/* "The Judge <judge@example.org>" or a bare address, as the mailer reads it. */
	lt = from ? strchr(from, '<') : NULL;
	gt = lt ? strchr(lt, '>') : NULL;
	if (lt && gt)
		snprintf(buf, len, "%.*s", (int)(gt - lt - 1), lt + 1);
	else
		snprintf(buf, len, "%s", from && *from ? from : MAILER_DEFAULT_FROM);
	if (names_check_email(buf, "MXJUDGE_FROM", err, sizeof(err)))
		snprintf(buf, len, "%s", MAILER_DEFAULT_FROM);
	return 1;
}
