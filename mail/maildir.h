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

#endif
