/*
 * target: a command's campaign and seat, loaded and checked in one place
 * (cmd/target.h).
 */
#include "target.h"

#include <string.h>

/* The campaign without its settings, in the transaction begun (if any). */
static int campaign_only(struct cmd_ctx *ctx, const char *name, int flags, struct cmd_target *t)
{
	char err[512];
	int rc = t->write ? db_begin(ctx->db, err, sizeof(err)) : 0;

	if (rc) {
		cmd_error("%s", err);
		return judge_db_exit(rc);
	}
	rc = db_campaign_get(ctx->db, name, &t->c, err, sizeof(err));
	if (!rc)
		return 0;
	if (t->write)
		db_rollback(ctx->db);
	if (rc == DB_NOT_FOUND && (flags & CMD_TARGET_TERSE))
		cmd_error("no campaign named '%s'", name);
	else if (rc == DB_NOT_FOUND)
		judge_no_campaign(ctx->db, name);
	else
		cmd_error("%s", err);
	return rc == DB_NOT_FOUND ? EXIT_DATAERR : judge_db_exit(rc);
}

int cmd_target(struct cmd_ctx *ctx, const char *name, const char *seat, int flags,
	       struct cmd_target *t)
{
	char err[512];
	int rc, ret;

	memset(t, 0, sizeof(*t));
	t->write = !!(flags & CMD_TARGET_WRITE);
	if (flags & CMD_TARGET_CAMPAIGN)
		ret = campaign_only(ctx, name, flags, t);
	else
		ret = t->write ? judge_begin_load(ctx->db, name, &t->c, &t->s)
			       : judge_load(ctx->db, name, &t->c, &t->s);
	if (ret) {
		t->write = 0;	/* judge_begin_load() rolled back */
		return ret;
	}
	t->loaded = 1;
	if (!seat)
		return 0;
	rc = db_seat_get(ctx->db, t->c.id, seat, &t->seat, err, sizeof(err));
	if (!rc)
		return 0;
	if (rc == DB_NOT_FOUND) {
		cmd_error("campaign '%s' has no ship named '%s'", t->c.name, seat);
		ret = EXIT_DATAERR;
	} else {
		cmd_error("%s", err);
		ret = judge_db_exit(rc);
	}
	cmd_target_release(ctx, t);
	return ret;
}

void cmd_target_release(struct cmd_ctx *ctx, struct cmd_target *t)
{
	if (t->write)
		db_rollback(ctx->db);
	if (t->loaded) {
		db_campaign_release(&t->c);
		judge_settings_release(&t->s);
	}
	t->write = t->loaded = 0;
}
