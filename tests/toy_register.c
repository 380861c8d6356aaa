/*
 * The judge with the test-only toy game registered (tests/toy_ruleset.h):
 * linked with cmd/main.o into build/tests/mxjudge-toy for the CLI tests
 * that prove a game needs no edit in cmd/ or db/. Never installed.
 */
#include "toy_ruleset.h"
#include "toysolo_ruleset.h"
#include "tiny_ruleset.h"

void toy_register(void) __attribute__((constructor));

void toy_register(void)
{
	ruleset_register(&toy_ruleset);
	ruleset_register(&climb_ruleset);
	ruleset_register(&tiny_ruleset);
}
