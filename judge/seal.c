/*
 * seal: the sealed root of a campaign's draws, drawn when the game starts
 * and committed to by its SHA-256, and the text that seal is taken of
 * (judge/seal.h).
 */
#include "seal.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "core/draw.h"
#include "db/db.h"
#include "db/play.h"
#include "judge.h"

void play_sha256_hex(const char *text, char out[65])
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, (const unsigned char *)text, strlen(text));
	sodium_bin2hex(out, 65, h, sizeof(h));
}

void play_seal_text(const char *ns, const char *campaign, const char *root_hex, char *out,
		    size_t len)
{
	if (ns && *ns)
		snprintf(out, len, "mxjudge:%s:%s:root:%s", ns, campaign, root_hex);
	else
		snprintf(out, len, "mxjudge:%s:root:%s", campaign, root_hex);
}

/*
 * A new root: drawn at random, or with a campaign --seed (tests, demos)
 * SHA-256 of "mxjudge:SEED:root". Its commitment is SHA-256 of
 * "mxjudge:CAMPAIGN:root:ROOTHEX", which anyone can recompute once the
 * root is revealed.
 */
void play_new_root(const struct judge_settings *s, const char *ns, const char *campaign,
		   struct db_root *r, const char *now)
{
	unsigned char raw[DRAW_ROOT_LEN];
	char text[256];

	memset(r, 0, sizeof(*r));
	if (s->fresh_seeds) {
		randombytes_buf(raw, sizeof(raw));
		draw_root_hex(raw, r->root);
		sodium_memzero(raw, sizeof(raw));
	} else {
		snprintf(text, sizeof(text), "mxjudge:%" PRIu64 ":root", s->seed);
		play_sha256_hex(text, r->root);
	}
	play_seal_text(ns, campaign, r->root, text, sizeof(text));
	play_sha256_hex(text, r->commitment);
	snprintf(r->created_at, sizeof(r->created_at), "%s", now);
}
