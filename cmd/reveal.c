/*
 * reveal: `campaign reveal NAME`, the game master publishing a campaign's
 * sealed root before its end (cmd/play.h).
 */
#include "play.h"

#include <sodium.h>
#include <stdio.h>
#include <time.h>

#include "core/ruleset.h"
#include "db/db.h"
#include "db/play.h"
#include "judge/judge.h"
#include "judge/timeutil.h"
#include "target.h"

/* `campaign reveal NAME`: the game master publishes the sealed root before the end. */
int play_reveal(struct cmd_ctx *ctx, int argc, char **argv)
{
	struct cmd_target t;
	struct db_root root;
	char err[512], now_text[DB_TIME_MAX];
	int rc, ret;

	if (argc != 2)
		return EXIT_USAGE;
	if ((ret = cmd_target(ctx, argv[1], NULL, CMD_TARGET_WRITE, &t)))
		return ret;
	ret = EXIT_DATAERR;
	rc = db_root_get(ctx->db, t.c.id, &root, err, sizeof(err));
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no sealed draws%s", t.c.name,
			  play_game_of(&t.c) && !(play_game_of(&t.c)->flags & RULESET_NO_ROOT) ?
			  " yet (they begin with 'campaign start')" : "");
		goto out;
	}
	if (rc)
		goto dberr;
	if (!root.revealed_at[0]) {
		time_format_utc(time(NULL), now_text, sizeof(now_text));
		if ((rc = db_root_reveal(ctx->db, t.c.id, now_text, err, sizeof(err))) ||
		    (rc = db_commit(ctx->db, err, sizeof(err))))
			goto dberr;
	}
	printf("%s: sealed root %s\n  committed as %s\n", t.c.name, root.root, root.commitment);
	ret = EXIT_OK;
	goto out;
dberr:
	cmd_error("%s", err);
	ret = judge_db_exit(rc);
out:
	sodium_memzero(&root, sizeof(root));
	cmd_target_release(ctx, &t);	/* rolls back what was not committed */
	return ret;
}
