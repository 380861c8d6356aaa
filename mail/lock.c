/*
 * mail/lock: an advisory lock file, so one sender or fetcher runs at a
 * time (mail/lock.h).
 */
#include "lock.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

int lock_file(const char *path)
{
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);

	if (fd < 0)
		return -2;
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		int e = errno;

		close(fd);
		errno = e;
		return e == EWOULDBLOCK ? -1 : -2;
	}
	return fd;
}
