/*
 * mail/maildir: delivery into a Maildir, the protocol every local mail
 * reader knows: the message is written and synced under tmp/, then
 * renamed into new/ in one step, so a reader never sees half a message
 * and a crash leaves at most a file in tmp/. Directories are made 0700,
 * files 0600.
 *
 * The caller names each message (unique): the same name twice is the
 * same message, so maildir_has() tells whether a delivery that was cut
 * short had already arrived.
 *
 * Reading one (receive --maildir): the names in new/, in delivery order
 * (a Maildir name starts with its delivery time), then each moved to
 * cur/ with the "seen" flag once taken, as a mail reader does.
 *
 * Ownership: maildir_list_new() gives a malloc'd array of malloc'd names
 * that maildir_names_free() frees.
 */
#ifndef MX_MAIL_MAILDIR_H
#define MX_MAIL_MAILDIR_H

#include <stddef.h>

/* Creates dir and its tmp/, new/, cur/ when missing. 0 or -1 with err. */
int maildir_make(const char *dir, char *err, size_t errlen);
/* 0 delivered (dir/new/unique), -1 with err. */
int maildir_deliver(const char *dir, const char *unique, const char *data, size_t len,
		    char *err, size_t errlen);
/* 1 if the message is in new/ (or was read into cur/), else 0. */
int maildir_has(const char *dir, const char *unique);
/* The names in dir/new (no dot files), sorted. 0, or -1 with err. */
int maildir_list_new(const char *dir, char ***names, size_t *n, char *err, size_t errlen);
void maildir_names_free(char **names, size_t n);
/*
 * Opens new/NAME to read it: a descriptor; -1 with errno (ENOENT: a
 * reader took it first); MAILDIR_NOT_MAIL with err when it is no regular
 * file: a symbolic link (never followed), a FIFO (never waited on), a
 * device. A directory is -1 with EISDIR. The open itself never blocks.
 */
#define MAILDIR_NOT_MAIL (-2)
int maildir_open_new(const char *dir, const char *name, char *err, size_t errlen);
/* new/NAME to cur/NAME:2,S (read, seen). 0, or -1 with errno (ENOENT: gone already). */
int maildir_mark_read(const char *dir, const char *name);

#endif
