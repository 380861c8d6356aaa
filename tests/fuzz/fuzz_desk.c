/*
 * The mail desk's parser (core/desk.h): any text a captain may mail.
 */
#include "fuzz.h"

#include <string.h>

#include "core/desk.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	struct desk_mail m;
	char err[256];
	size_t i;
	int rc;

	rc = desk_parse(text, &m, err, sizeof(err));
	FUZZ_ASSERT(rc == 0 || rc == -1, "desk_parse returned %d", rc);
	if (rc == 0) {
		FUZZ_ASSERT(m.n <= DESK_MAX_COMMANDS, "%zu commands", m.n);
		for (i = 0; i < m.n; i++) {
			const struct desk_command *c = &m.cmd[i];
			int k;

			FUZZ_ASSERT(c->verb < DESK_VERB_COUNT, "verb %d", (int)c->verb);
			FUZZ_ASSERT(c->nargs >= desk_verbs[c->verb].min_args &&
				    c->nargs <= desk_verbs[c->verb].max_args, "%d args", c->nargs);
			FUZZ_ASSERT(c->line >= 1, "line %d", c->line);
			FUZZ_ASSERT(c->body_at + c->body_len <= size && c->body_len <= DESK_PRESS_MAX,
				    "press body %zu+%zu", c->body_at, c->body_len);
			for (k = 0; k < c->nargs; k++)
				FUZZ_ASSERT(strlen(c->args[k]) < DESK_ARG_MAX && !strpbrk(c->args[k], " \t\n"),
					    "arg '%s'", c->args[k]);
		}
		FUZZ_ASSERT(!m.has_check || m.check_at <= size, "check at %zu", m.check_at);
	} else {
		/* A refusal names its line. */
		FUZZ_ASSERT(err[0] >= '1' && err[0] <= '9', "error '%s'", err);
	}
	free(text);
	return 0;
}
