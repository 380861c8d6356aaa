/*
 * mxjudge backup [FILE]: a consistent copy of the database, taken while
 * the judge runs; and the rotation `process --backups N` uses.
 */
#include "backup.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd.h"
#include "db/backup.h"
#include "db/db.h"

#define BACKUP_PREFIX "mxjudge-"
#define BACKUP_SUFFIX ".db"

/* As judge_db_exit(), which judge/judge.h cannot give here (its enum stat hides struct stat). */
static int exit_of(int rc)
{
	return rc == DB_BUSY ? EXIT_TEMPFAIL : rc == DB_EXISTS ? EXIT_DATAERR : EXIT_FAIL;
}

/* <dir of db_path>/backups, made 0700. 0 or -1 with msg. */
static int backup_dir(const char *db_path, char *dir, size_t len, char *msg, size_t msglen)
{
	const char *slash = strrchr(db_path, '/');

	if (slash)
		snprintf(dir, len, "%.*s/backups", (int)(slash - db_path), db_path);
	else
		snprintf(dir, len, "backups");
	if (mkdir(dir, 0700) && errno != EEXIST) {
		snprintf(msg, msglen, "%s: cannot create directory: %s", dir, strerror(errno));
		return -1;
	}
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Deletes all but the newest keep copies (the names sort in time order). */
static void prune(const char *dir, int keep)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char **names = NULL, **nn, path[4096 + 256];
	size_t n = 0, alloc = 0, i, len;

	if (!d)
		return;
	while ((de = readdir(d))) {
		len = strlen(de->d_name);
		if (strncmp(de->d_name, BACKUP_PREFIX, strlen(BACKUP_PREFIX)) ||
		    len <= strlen(BACKUP_SUFFIX) ||
		    strcmp(de->d_name + len - strlen(BACKUP_SUFFIX), BACKUP_SUFFIX))
			continue;
		if (n == alloc) {
			alloc = alloc ? alloc * 2 : 16;
			nn = realloc(names, alloc * sizeof(*names));
			if (!nn)
				break;
			names = nn;
		}
		if (!(names[n] = strdup(de->d_name)))
			break;
		n++;
	}
	closedir(d);
	if (names)
		qsort(names, n, sizeof(*names), cmp_str);
	for (i = 0; i < n; i++) {
		if (i + (size_t)keep < n) {
			if (snprintf(path, sizeof(path), "%s/%s", dir, names[i]) < (int)sizeof(path))
				unlink(path);
		}
		free(names[i]);
	}
	free(names);
}

int backup_rotate(struct db *db, const char *db_path, int keep, time_t now, char *out,
		  size_t outlen, char *msg, size_t msglen)
{
	char dir[4096], stamp[32];
	struct stat sb;
	struct tm tm;
	long pages;
	int rc, i;

	if (backup_dir(db_path, dir, sizeof(dir), msg, msglen))
		return EXIT_TEMPFAIL;
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	snprintf(out, outlen, "%s/" BACKUP_PREFIX "%s" BACKUP_SUFFIX, dir, stamp);
	/* Two in one second: the second gets a suffix, both are kept. */
	for (i = 2; !stat(out, &sb) && i < 100; i++)
		snprintf(out, outlen, "%s/" BACKUP_PREFIX "%s_%02d" BACKUP_SUFFIX, dir, stamp, i);
	/* The copies of rotations killed before (each had its own name). */
	db_backup_sweep(dir, BACKUP_PREFIX, 0);
	rc = db_backup(db, out, &pages, msg, msglen);
	if (rc)
		return exit_of(rc);
	if (keep > 0)
		prune(dir, keep);
	return 0;
}

static int backup_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct cmd_opt opts[] = { CMD_END };	/* none: "--x" is refused */
	char msg[1024], path[4096];
	long pages = 0;
	int rc;

	if (cmd_options(argc, argv, opts) || argc - optind > 1)
		return EXIT_USAGE;
	if (optind < argc) {
		snprintf(path, sizeof(path), "%s", argv[optind]);
		rc = db_backup(ctx->db, path, &pages, msg, sizeof(msg));
		rc = rc ? exit_of(rc) : 0;
	} else {
		rc = backup_rotate(ctx->db, ctx->db_path, 0, time(NULL), path, sizeof(path), msg,
				   sizeof(msg));
	}
	if (rc) {
		cmd_error("%s", msg);
		return rc;
	}
	if (!ctx->quiet)
		printf("%s\n", path);
	return EXIT_OK;
}

const struct cmd backup_cmd[] = {
	{ "backup", "[FILE]", backup_run, NEED_DB,
	  "copy the database consistently, even while the judge runs", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
