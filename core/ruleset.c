/*
 * The registry of rulesets: the one list of the games the judge plays, a
 * line per game (its table, defined in core/GAME/ruleset.c), in the order
 * `mxjudge games` lists them. Nothing else names the games: the commands,
 * the tests and the manual take them from here (ruleset_all).
 */
#include "ruleset.h"

#include <string.h>

#include "lib/strcase.h"

#define RULESET_MAX 16

extern const struct ruleset netrun_ruleset, iterations_ruleset, legendary_ruleset, duel_ruleset;

static const struct ruleset *all[RULESET_MAX + 1] = {
	&hovercrafts_ruleset,
	&netrun_ruleset,
	&iterations_ruleset,
	&legendary_ruleset,
	&duel_ruleset,
};

const struct ruleset *ruleset_find(const char *name)
{
	size_t i;

	for (i = 0; name && all[i]; i++)
		if (!mx_strcasecmp(all[i]->name, name))
			return all[i];
	return NULL;
}

const struct ruleset *ruleset_default(void)
{
	return all[0];
}

const struct ruleset *const *ruleset_all(void)
{
	return all;
}

int ruleset_register(const struct ruleset *rs)
{
	size_t n;

	if (ruleset_find(rs->name))
		return -1;
	for (n = 0; all[n]; n++)
		;
	if (n == RULESET_MAX)
		return -1;
	all[n] = rs;
	return 0;
}
