/*
 * db/play: the SQL of the draws log of a turn and a campaign's sealed
 * root, shared by every game (db/play.h).
 */
#include "play.h"

#include <stdlib.h>
#include <string.h>

#include "internal.h"

int db_draw_add(struct db *db, long long turn_id, const struct db_draw *d, char *err,
		size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO draws (turn_id, seq, stream, line) "
			 "VALUES (?1, ?2, ?3, ?4)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	sqlite3_bind_int(st, 2, d->seq);
	db_bind_text(st, 3, d->stream);
	db_bind_text(st, 4, d->line);
	return db_run(db, st, "storing a draw", err, errlen);
}

static int draw_row(sqlite3_stmt *st, void *rec)
{
	struct db_draw *d = rec;
	const unsigned char *line = sqlite3_column_text(st, 2);

	d->seq = sqlite3_column_int(st, 0);
	db_col_copy(st, 1, d->stream, sizeof(d->stream));
	d->line = strdup(line ? (const char *)line : "");
	return d->line ? 0 : -1;
}

static void draw_list_free(void *list, size_t n)
{
	db_draw_list_release(list, n);
}

int db_draw_list(struct db *db, long long turn_id, struct db_draw **out, size_t *n, char *err,
		 size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT seq, stream, line FROM draws WHERE turn_id = ?1 "
			 "ORDER BY seq", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, turn_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), draw_row, draw_list_free,
			  "listing draws", err, errlen);
}

void db_draw_list_release(struct db_draw *list, size_t n)
{
	size_t i;

	for (i = 0; list && i < n; i++)
		free(list[i].line);
	free(list);
}

int db_root_add(struct db *db, long long campaign_id, const struct db_root *r, char *err,
		size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO sealed_roots (campaign_id, root, commitment, nonce, "
			 "created_at) VALUES (?1, ?2, ?3, ?4, ?5)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, r->root);
	db_bind_text(st, 3, r->commitment);
	db_bind_text(st, 4, r->nonce);
	db_bind_text(st, 5, r->created_at);
	return db_run(db, st, "storing the sealed root", err, errlen);
}

int db_root_get(struct db *db, long long campaign_id, struct db_root *r, char *err,
		size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT root, commitment, nonce, created_at, revealed_at "
			 "FROM sealed_roots WHERE campaign_id = ?1", err, errlen);

	memset(r, 0, sizeof(*r));
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		db_col_copy(st, 0, r->root, sizeof(r->root));
		db_col_copy(st, 1, r->commitment, sizeof(r->commitment));
		db_col_copy(st, 2, r->nonce, sizeof(r->nonce));
		db_col_copy(st, 3, r->created_at, sizeof(r->created_at));
		db_col_copy(st, 4, r->revealed_at, sizeof(r->revealed_at));
		rc = 0;
	} else if (rc == SQLITE_DONE) {
		rc = DB_NOT_FOUND;
	} else {
		rc = db_fail(db, rc, "reading the sealed root", err, errlen);
	}
	db_done(db, st);
	return rc;
}

int db_root_reveal(struct db *db, long long campaign_id, const char *when, char *err,
		   size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "UPDATE sealed_roots SET revealed_at = ?2 "
			 "WHERE campaign_id = ?1 AND revealed_at IS NULL", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, when);
	return db_run(db, st, "revealing the sealed root", err, errlen);
}

int db_pack_add(struct db *db, long long campaign_id, const struct db_pack *p, char *err,
		size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "INSERT INTO data_packs (campaign_id, kind, name, digest, body, "
			 "added_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)", err, errlen);

	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	db_bind_text(st, 2, p->kind);
	db_bind_text(st, 3, p->name);
	db_bind_text(st, 4, p->digest);
	db_bind_text(st, 5, p->body);
	db_bind_text(st, 6, p->added_at);
	return db_run(db, st, "storing a data pack", err, errlen);
}

static int pack_row(sqlite3_stmt *st, void *rec)
{
	struct db_pack *p = rec;
	const unsigned char *body = sqlite3_column_text(st, 3);

	db_col_copy(st, 0, p->kind, sizeof(p->kind));
	db_col_copy(st, 1, p->name, sizeof(p->name));
	db_col_copy(st, 2, p->digest, sizeof(p->digest));
	db_col_copy(st, 4, p->added_at, sizeof(p->added_at));
	p->body = strdup(body ? (const char *)body : "");
	return p->body ? 0 : -1;
}

static void pack_list_free(void *list, size_t n)
{
	db_pack_list_release(list, n);
}

int db_pack_list(struct db *db, long long campaign_id, struct db_pack **out, size_t *n,
		 char *err, size_t errlen)
{
	sqlite3_stmt *st;
	int rc = db_prep(db, &st, "SELECT kind, name, digest, body, added_at FROM data_packs "
			 "WHERE campaign_id = ?1 ORDER BY kind", err, errlen);

	*out = NULL;
	*n = 0;
	if (rc)
		return rc;
	sqlite3_bind_int64(st, 1, campaign_id);
	return db_collect(db, st, (void **)out, n, sizeof(**out), pack_row, pack_list_free,
			  "listing data packs", err, errlen);
}

void db_pack_list_release(struct db_pack *list, size_t n)
{
	size_t i;

	for (i = 0; list && i < n; i++)
		free(list[i].body);
	free(list);
}
