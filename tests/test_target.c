/* cmd/target.c: a command's campaign (and seat) resolved in one place, by its flags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/target.h"
#include "db/db.h"

struct fixture {
	char dir[64];
	char path[96];
	struct cmd_ctx ctx;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct db_campaign c;
	char err[256];

	if (!f)
		return -1;
	snprintf(f->dir, sizeof(f->dir), "/tmp/mxjudge-testtarget.XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	snprintf(f->path, sizeof(f->path), "%s/t.db", f->dir);
	f->ctx.db_path = f->path;
	if (db_open(&f->ctx.db, f->path, err, sizeof(err)))
		return -1;
	/* A campaign whose settings do not parse: only a command that reads none may load it. */
	memset(&c, 0, sizeof(c));
	snprintf(c.name, sizeof(c.name), "g");
	snprintf(c.ruleset, sizeof(c.ruleset), "hovercrafts");
	snprintf(c.created_at, sizeof(c.created_at), "2025-01-01T00:00:00Z");
	c.settings = "[1]";
	if (db_campaign_create(f->ctx.db, &c, err, sizeof(err)))
		return -1;
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;
	char p[128];

	db_close(f->ctx.db);
	unlink(f->path);
	snprintf(p, sizeof(p), "%s-wal", f->path);
	unlink(p);
	snprintf(p, sizeof(p), "%s-shm", f->path);
	unlink(p);
	rmdir(f->dir);
	free(f);
	return 0;
}

/* cmd_target() with name and flags; what it said on stderr into said. */
static int target(struct fixture *f, const char *name, int flags, struct cmd_target *t,
		  char *said, size_t len)
{
	FILE *tmp = tmpfile();
	int saved = dup(STDERR_FILENO), rc;
	size_t n;

	assert_non_null(tmp);
	fflush(stderr);
	assert_true(dup2(fileno(tmp), STDERR_FILENO) >= 0);
	rc = cmd_target(&f->ctx, name, NULL, flags, t);
	fflush(stderr);
	assert_true(dup2(saved, STDERR_FILENO) >= 0);
	close(saved);
	rewind(tmp);
	n = fread(said, 1, len - 1, tmp);
	said[n] = '\0';
	fclose(tmp);
	return rc;
}

/* The settings are read unless CMD_TARGET_CAMPAIGN: then the campaign alone loads. */
static void test_target_campaign_alone(void **state)
{
	struct fixture *f = *state;
	struct cmd_target t;
	char said[512];

	assert_int_equal(target(f, "g", 0, &t, said, sizeof(said)), EXIT_FAIL);
	assert_non_null(strstr(said, "campaign 'g': "));
	assert_int_equal(target(f, "G", CMD_TARGET_CAMPAIGN, &t, said, sizeof(said)), 0);
	assert_string_equal(said, "");
	assert_string_equal(t.c.name, "g");
	assert_null(t.s.game);
	cmd_target_release(&f->ctx, &t);
	/* Under a write transaction, rolled back by the release: another can begin. */
	assert_int_equal(target(f, "g", CMD_TARGET_CAMPAIGN | CMD_TARGET_WRITE, &t, said,
				sizeof(said)), 0);
	cmd_target_release(&f->ctx, &t);
	assert_int_equal(db_begin(f->ctx.db, said, sizeof(said)), 0);
	db_rollback(f->ctx.db);
}

/* A missing campaign: 65, said as every command says it, or tersely with CMD_TARGET_TERSE. */
static void test_target_missing_campaign(void **state)
{
	struct fixture *f = *state;
	struct cmd_target t;
	char said[512];

	assert_int_equal(target(f, "nope", CMD_TARGET_CAMPAIGN, &t, said, sizeof(said)),
			 EXIT_DATAERR);
	assert_non_null(strstr(said, "no campaign named 'nope' (see 'mxjudge campaign list')\n"));
	assert_int_equal(target(f, "nope", CMD_TARGET_CAMPAIGN | CMD_TARGET_TERSE, &t, said,
				sizeof(said)), EXIT_DATAERR);
	assert_non_null(strstr(said, "no campaign named 'nope'\n"));
	assert_null(strstr(said, "campaign list"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_target_campaign_alone, setup, teardown),
		cmocka_unit_test_setup_teardown(test_target_missing_campaign, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
