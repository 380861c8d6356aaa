/*
 * seal: the sealed root of a campaign's draws and its commitment
 * (judge/seal.c).
 *
 * Ownership: the caller owns every buffer; nothing is kept.
 */
#ifndef MX_JUDGE_SEAL_H
#define MX_JUDGE_SEAL_H

#include <stddef.h>

struct db_root;
struct judge_settings;

/*
 * A new sealed root for campaign (random, or from the settings' --seed)
 * and its commitment, SHA-256 of "mxjudge:CAMPAIGN:root:ROOTHEX".
 */
void play_new_root(const struct judge_settings *s, const char *ns, const char *campaign,
		   struct db_root *r, const char *now);
/*
 * The text whose SHA-256 seals a root: "mxjudge:CAMPAIGN:root:ROOTHEX", or
 * "mxjudge:NS:CAMPAIGN:root:ROOTHEX" for a game with a draw namespace
 * (core/draw.h's draw_seal gives the game the same seal).
 */
void play_seal_text(const char *ns, const char *campaign, const char *root_hex, char *out,
		    size_t len);
/* SHA-256 of text in lowercase hex. */
void play_sha256_hex(const char *text, char out[65]);

#endif
