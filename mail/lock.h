/*
 * mail/lock: an advisory lock file (flock), so one sender or fetcher
 * runs at a time; the kernel drops it when the process dies, however.
 */
#ifndef MX_MAIL_LOCK_H
#define MX_MAIL_LOCK_H

/* The descriptor to close() when done; -1 when another holds it; -2 on error (errno). */
int lock_file(const char *path);

#endif
