/*
 * compose: the plain-text mails the judge queues (turn reports, receipts).
 *
 * Data in, subject and body out, nothing else: every field a message shows
 * is in the structs below, already formatted (times in the campaign's
 * zone), so the same data can later feed Mustache templates instead.
 *
 * Ownership: the structs only borrow; compose_* fill a compose_msg whose
 * subject and body the caller frees with compose_msg_release().
 */
#ifndef MX_COMPOSE_H
#define MX_COMPOSE_H

#include <stddef.h>

#include "core/event.h"
#include "core/game.h"

struct compose_msg {
	char *subject;
	char *body;
};

void compose_msg_release(struct compose_msg *m);

struct compose_turn {
	const char *campaign;
	const char *captain;		/* the recipient */
	const char *const *ships;	/* the recipient's ships */
	size_t nships;
	int turn;			/* the turn just played; 0: the battle begins */
	const char *deadline;		/* next turn's deadline, zone time; NULL if over */
	const char *setup;		/* turn 0: who starts where, one line; else NULL */
	const struct game_state *state;	/* after the turn */
	const struct event_list *events;/* what happened (without the side roll) */
};

/* 0 or -1 (no memory). */
int compose_turn_report(const struct compose_turn *t, struct compose_msg *out);

struct compose_receipt {
	const char *campaign;
	const char *captain;
	int turn;
	const char *deadline;		/* zone time */
	const char *received;		/* zone time */
	const char *digest;		/* SHA-256 of the stored text */
	const char *understood;		/* the orders as the judge read them */
	int replaces;			/* 1 when earlier orders are superseded */
};

int compose_receipt(const struct compose_receipt *r, struct compose_msg *out);

#endif
