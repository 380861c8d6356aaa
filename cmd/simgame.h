/*
 * simgame: `mxjudge GAME simulate` for any ruleset with a simulate hook.
 * Ownership: arguments are borrowed.
 */
#ifndef MX_SIMGAME_H
#define MX_SIMGAME_H

#include "cmd.h"
#include "core/ruleset.h"

#define SIMGAME_USAGE "--runs N [--threads T] [--seed S] [--KEY VALUE | --set KEY=VALUE ...] " \
	"[--data KIND=FILE ...] [--sort OUTCOME] [--json]"

/* Parses argv (argv[0] is "simulate") and prints the odds; an exit code. */
int simgame_run(struct cmd_ctx *ctx, const struct ruleset *rs, int argc, char **argv);

#endif
