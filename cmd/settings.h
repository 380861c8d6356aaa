/*
 * settings: the `campaign set` verb, changing one campaign setting.
 * Ownership: nothing is kept between calls.
 */
#ifndef MX_SETTINGS_H
#define MX_SETTINGS_H

#include "cmd.h"

#define SETTINGS_USAGE "NAME [KEY VALUE]"

int settings_set(struct cmd_ctx *ctx, int argc, char **argv);

#endif
