/*
 * published: `verify --published` of a turn as `turn show --json` printed
 * it (judge/published.c).
 *
 * Ownership: the arguments are borrowed; v is the caller's.
 */
#ifndef MX_JUDGE_PUBLISHED_H
#define MX_JUDGE_PUBLISHED_H

#include <jansson.h>

struct verdict;

/*
 * `verify --published` of a turn (`turn show --json`): a finished game's
 * replayed whole, a running game's open draws only; commitment (or NULL)
 * the seed's seal from an earlier report. What was found in v
 * (cmd/verdict.h, printed by the caller); 0, 1 differs, 65 (said on
 * standard error, v found nothing).
 */
int play_verify_published(const json_t *root, const char *name, const char *const *packs,
			  int npacks, const char *commitment, struct verdict *v);

#endif
