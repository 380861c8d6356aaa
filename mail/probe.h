/*
 * mail/probe: can we log in? For `mxjudge doctor`: connects to the SMTP
 * server as smtp_send() would (STARTTLS when offered or required, login
 * when a user is given) and stops there, sending nothing.
 *
 * Ownership: everything is borrowed; nothing is kept after the call.
 */
#ifndef MX_MAIL_PROBE_H
#define MX_MAIL_PROBE_H

#include <stddef.h>

#include "smtp.h"

/* 0 when the server greeted us and took the login, else -1 with err. */
int smtp_probe(const struct smtp_conf *c, char *err, size_t errlen);

#endif
