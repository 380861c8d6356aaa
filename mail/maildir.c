/*
 * mail/maildir: delivery into a Maildir, and the reading of its new/
 * (mail/maildir.h).
 */
#include "maildir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int make_dir(const char *path, char *err, size_t errlen)
{
	if (mkdir(path, 0700) && errno != EEXIST) {
		snprintf(err, errlen, "%s: cannot create directory: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int maildir_make(const char *dir, char *err, size_t errlen)
{
	static const char *const subs[] = { "tmp", "new", "cur" };
	char path[4096];
	size_t i;

	if (make_dir(dir, err, errlen))
		return -1;
	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, subs[i]);
		if (make_dir(path, err, errlen))
			return -1;
	}
	return 0;
}

static int sync_dir(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY);
	int rc;

	if (fd < 0)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

int maildir_deliver(const char *dir, const char *unique, const char *data, size_t len,
		    char *err, size_t errlen)
{
	char tmp[4096], dst[4096];
	size_t done = 0;
	int fd;

	if (strchr(unique, '/') || unique[0] == '.' || !unique[0]) {
		snprintf(err, errlen, "bad Maildir file name '%s'", unique);
		return -1;
	}
	if (maildir_make(dir, err, errlen))
		return -1;
	snprintf(tmp, sizeof(tmp), "%s/tmp/%s", dir, unique);
	snprintf(dst, sizeof(dst), "%s/new/%s", dir, unique);
	/* Made anew, never through a link someone left under that name. */
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		return -1;
	}
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			snprintf(err, errlen, "%s: %s", tmp, w < 0 ? strerror(errno) : "short write");
			close(fd);
			unlink(tmp);
			return -1;
		}
		done += (size_t)w;
	}
	if (fsync(fd) || close(fd)) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		unlink(tmp);
		return -1;
	}
	if (rename(tmp, dst)) {
		snprintf(err, errlen, "%s: %s", dst, strerror(errno));
		unlink(tmp);
		return -1;
	}
	snprintf(tmp, sizeof(tmp), "%s/new", dir);
	sync_dir(tmp);
	return 0;
}

int maildir_has(const char *dir, const char *unique)
{
	char path[4096];
	struct stat st;
	DIR *d;
	struct dirent *e;
	size_t n = strlen(unique);
	int found = 0;

	snprintf(path, sizeof(path), "%s/new/%s", dir, unique);
	if (!stat(path, &st))
		return 1;
	/* A reader moves it to cur/ and adds ":2,FLAGS". */
	snprintf(path, sizeof(path), "%s/cur", dir);
	d = opendir(path);
	if (!d)
		return 0;
	while (!found && (e = readdir(d)))
		found = !strncmp(e->d_name, unique, n) && (e->d_name[n] == '\0' || e->d_name[n] == ':');
	closedir(d);
	return found;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int maildir_list_new(const char *dir, char ***out, size_t *n, char *err, size_t errlen)
{
	char path[4096];
	DIR *d;
	struct dirent *e;
	char **names = NULL;
	size_t count = 0, alloc = 0;

	*out = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/new", dir);
	if (!(d = opendir(path))) {
		snprintf(err, errlen, "%.400s: %s (expected a Maildir, with new/ and cur/)", path,
			 strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (count == alloc) {
			size_t na = alloc ? 2 * alloc : 64;
			char **nn = realloc(names, na * sizeof(*nn));

			if (!nn)
				goto oom;
			names = nn;
			alloc = na;
		}
		if (!(names[count] = strdup(e->d_name)))
			goto oom;
		count++;
	}
	closedir(d);
	if (count)
		qsort(names, count, sizeof(*names), by_name);
	*out = names;
	*n = count;
	return 0;
oom:
	closedir(d);
	maildir_names_free(names, count);
	snprintf(err, errlen, "out of memory");
	return -1;
}

void maildir_names_free(char **names, size_t n)
{
	while (n)
		free(names[--n]);
	free(names);
}

int maildir_open_new(const char *dir, const char *name, char *err, size_t errlen)
{
	char path[4096];
	struct stat st;
	const char *what;
	int fd, flags;

	snprintf(path, sizeof(path), "%s/new/%s", dir, name);
	/* O_NONBLOCK: opening a FIFO with no writer would wait for ever. */
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 && errno == ELOOP) {
		snprintf(err, errlen, "%.3000s: a symbolic link, not followed", path);
		return MAILDIR_NOT_MAIL;
	}
	if (fd < 0) {
		snprintf(err, errlen, "%.3000s: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st)) {
		snprintf(err, errlen, "%.3000s: %s", path, strerror(errno));
		close(fd);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		/* Cannot be read, as before: said, and left in new/. */
		snprintf(err, errlen, "%.3000s: %s", path, strerror(EISDIR));
		close(fd);
		errno = EISDIR;
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		what = S_ISFIFO(st.st_mode) ? "a FIFO" : S_ISSOCK(st.st_mode) ? "a socket" : "a device";
		snprintf(err, errlen, "%.3000s: %s, not a message", path, what);
		close(fd);
		return MAILDIR_NOT_MAIL;
	}
	flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return fd;
}

int maildir_mark_read(const char *dir, const char *name)
{
	char from[4096], to[4200];

	snprintf(from, sizeof(from), "%s/new/%s", dir, name);
	snprintf(to, sizeof(to), "%s/cur/%s%s", dir, name, strstr(name, ":2,") ? "" : ":2,S");
	return rename(from, to) ? -1 : 0;
}
