/*
 * verdict: what checking one turn found (cmd/verify.c prints it as text,
 * or as JSON with --json), the same for every game's turn, stored or
 * published. A verdict is filled only for a finding (ok or different),
 * never for an error such as an unreadable file.
 *
 * Ownership: plain data, no pointers.
 */
#ifndef MX_VERDICT_H
#define MX_VERDICT_H

#include <stddef.h>

#include "db/db.h"

struct verdict {
	char campaign[DB_NAME_MAX];
	int turn;
	int ok;
	int partly;			/* ok in its open draws only (the root still sealed) */
	size_t dice;			/* dice replayed (another game: its draws) */
	char seed[32];			/* decimal; "" when unknown */
	char commit[65];		/* the seed's commitment; "" when unknown */
	int commitment_checked;		/* --commitment given and compared */
	char difference[512];		/* "" when ok */
	char said[512];			/* another game's words for ok; "": Hovercrafts' */
};

#endif
