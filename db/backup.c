/*
 * db/backup: a consistent copy of the open database with SQLite's online
 * backup API (db/backup.h).
 */
#include "backup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "internal.h"

/* Fills err for a failed call on the backup's own handle. */
static int dst_fail(sqlite3 *dst, int rc, const char *path, const char *what, char *err,
		    size_t errlen)
{
	int code = rc & 0xff;

	snprintf(err, errlen, "%s: %s: %s%s", path, what, dst ? sqlite3_errmsg(dst) : sqlite3_errstr(rc),
		 code == SQLITE_FULL ? "; free some space and try again" : "");
	return code == SQLITE_FULL || code == SQLITE_BUSY || code == SQLITE_LOCKED ? DB_BUSY
										   : DB_ERROR;
}

/* fsync of a file or directory by name; 0 or -1 with errno. */
static int sync_path(const char *path, int dir)
{
	int fd = open(path, (dir ? O_RDONLY | O_DIRECTORY : O_RDWR) | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

/* Is name PREFIX... ".tmp-" PID [ "-journal" ], with PID's process gone? */
static int stale_copy(const char *name, const char *prefix, int exact)
{
	const char *tmp = strstr(name, ".tmp-"), *p;
	size_t plen = strlen(prefix);
	long pid = 0;

	/* The last ".tmp-": a name may hold one before. */
	for (p = tmp; p; p = strstr(p + 1, ".tmp-"))
		tmp = p;
	if (!tmp || strncmp(name, prefix, plen) || (exact && (size_t)(tmp - name) != plen) ||
	    (size_t)(tmp - name) < plen)
		return 0;
	for (p = tmp + 5; *p >= '0' && *p <= '9' && pid < 100000000; p++)
		pid = pid * 10 + (*p - '0');
	if (p == tmp + 5 || (*p && strcmp(p, "-journal")) || pid <= 0)
		return 0;
	return kill((pid_t)pid, 0) && errno == ESRCH;
}

int db_backup_sweep(const char *dir, const char *prefix, int exact)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[4096 + 256];
	int n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d)))
		if (stale_copy(de->d_name, prefix, exact) &&
		    snprintf(path, sizeof(path), "%s/%s", dir, de->d_name) < (int)sizeof(path) &&
		    !unlink(path))
			n++;
	closedir(d);
	return n;
}

int db_backup(struct db *db, const char *path, long *pages, char *err, size_t errlen)
{
	sqlite3 *src = db_sqlite(db), *dst = NULL;
	sqlite3_backup *b = NULL;
	const char *live = sqlite3_db_filename(src, "main");
	char *tmp = NULL, *dir = NULL, *slash;
	struct stat a, c;
	mode_t old_mask = umask(077);
	int rc, ret = DB_ERROR, waited = 0;
	size_t n = strlen(path) + 32;

	*pages = 0;
	/* Renaming a copy over the live file would lose every write since. */
	if (live && !stat(live, &a) && !stat(path, &c) && a.st_dev == c.st_dev && a.st_ino == c.st_ino) {
		snprintf(err, errlen, "%s: that is the database itself; name another file", path);
		ret = DB_EXISTS;
		goto out;
	}
	tmp = malloc(n);
	dir = strdup(path);
	if (!tmp || !dir) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	snprintf(tmp, n, "%s.tmp-%ld", path, (long)getpid());
	/* What a backup to the same file left when it was killed (SIGKILL cleans nothing). */
	slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		db_backup_sweep(slash == dir ? "/" : dir, slash + 1, 1);
		*slash = '/';
	} else {
		db_backup_sweep(".", dir, 1);
	}
	unlink(tmp);
	{
		char journal[4096 + 16];

		snprintf(journal, sizeof(journal), "%s-journal", tmp);
		unlink(journal);
	}
	rc = sqlite3_open_v2(tmp, &dst, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (rc != SQLITE_OK) {
		ret = dst_fail(dst, rc, path, "cannot create", err, errlen);
		goto out;
	}
	b = sqlite3_backup_init(dst, "main", src, "main");
	if (!b) {
		ret = dst_fail(dst, sqlite3_errcode(dst), path, "cannot start the backup", err, errlen);
		goto out;
	}
	/* All pages in one step: one read snapshot, so the copy is consistent. */
	for (;;) {
		rc = sqlite3_backup_step(b, -1);
		if (rc == SQLITE_DONE)
			break;
		if ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) && waited < DB_BUSY_TIMEOUT_MS) {
			sqlite3_sleep(100);
			waited += 100;
			continue;
		}
		*pages = sqlite3_backup_pagecount(b);
		sqlite3_backup_finish(b);
		b = NULL;
		if ((rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED)
			snprintf(err, errlen, "%s: the database stayed busy; try again", path);
		ret = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED
			      ? DB_BUSY : dst_fail(dst, rc, path, "copying", err, errlen);
		goto out;
	}
	*pages = sqlite3_backup_pagecount(b);
	rc = sqlite3_backup_finish(b);
	b = NULL;
	if (rc != SQLITE_OK) {
		ret = dst_fail(dst, rc, path, "finishing the copy", err, errlen);
		goto out;
	}
	/* One self-contained file: a copy in WAL mode would want its -wal too. */
	rc = sqlite3_exec(dst, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
	if (rc != SQLITE_OK) {
		ret = dst_fail(dst, rc, path, "setting the journal mode", err, errlen);
		goto out;
	}
	rc = sqlite3_close(dst);
	dst = NULL;
	if (rc != SQLITE_OK || chmod(tmp, 0600) || sync_path(tmp, 0) || rename(tmp, path)) {
		snprintf(err, errlen, "%s: cannot write the backup: %s", path,
			 rc != SQLITE_OK ? sqlite3_errstr(rc) : strerror(errno));
		ret = errno == ENOSPC || errno == EDQUOT ? DB_BUSY : DB_ERROR;
		goto out;
	}
	slash = strrchr(dir, '/');
	if (slash && slash != dir)
		*slash = '\0';
	else
		snprintf(dir, strlen(path) + 1, "%s", slash ? "/" : ".");
	sync_path(dir, 1);	/* the rename itself; best effort */
	ret = 0;
out:
	if (b)
		sqlite3_backup_finish(b);
	sqlite3_close(dst);
	if (ret && tmp)
		unlink(tmp);
	free(tmp);
	free(dir);
	umask(old_mask);
	return ret;
}
