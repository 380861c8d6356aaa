/*
 * load: reads the files a captain or game master hands the judge (state
 * JSON, orders, dice) and turns parse failures into "FILE:LINE: ..." errors.
 *
 * Ownership: each loader fills a struct the caller releases, also on error
 * (they leave it empty then).
 */
#ifndef MX_LOAD_H
#define MX_LOAD_H

#include <stddef.h>

#include "core/hovercrafts/dice.h"
#include "core/hovercrafts/game.h"
#include "core/hovercrafts/orders.h"

int load_state_file(struct game_state *st, const char *path, char *err, size_t errlen);
/* Parses with flags, then validates against st. */
int load_orders_file(struct orders_doc *doc, const struct game_state *st, const char *path,
		     int flags, char *err, size_t errlen);
int load_dice_file(struct dice_queue *q, const char *path, char *err, size_t errlen);

#endif
