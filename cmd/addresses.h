/*
 * addresses: the captains' mail addresses and the mail that came in.
 * `campaign set-email NAME --ship SHIP --email ADDR` moves a ship's
 * captain to another address (the password stays); `mail inbox [NAME]`
 * lists every message received and what became of it.
 *
 * Ownership: nothing is kept between calls.
 */
#ifndef MX_ADDRESSES_H
#define MX_ADDRESSES_H

#include "cmd.h"

int campaign_set_email(struct cmd_ctx *ctx, int argc, char **argv);
int mail_inbox(struct cmd_ctx *ctx, int argc, char **argv);

#endif
