/*
 * guard: slows down password guessing. Every wrong password or order
 * code for a ship is recorded; after GUARD_MAX_FAILURES of them within
 * GUARD_WINDOW, submissions for that ship are refused for a delay that
 * starts at GUARD_BASE_DELAY and doubles with each lockout in a row (up
 * to GUARD_MAX_DELAY), and the game master gets one alert per lockout:
 * mailed to the campaign's gm_email, or, without one, kept in the outbox
 * unsent and printed by `campaign show`.
 *
 * Only ships that exist are guarded, so the errors tell no more than the
 * "no ship named" error already does. A locked ship is refused before
 * its password is even checked: guessing stays slow, and a right guess
 * during the lockout is not told apart from a wrong one.
 *
 * Ownership: nothing is kept; msg is the caller's buffer.
 */
#ifndef MX_GUARD_H
#define MX_GUARD_H

#include <stddef.h>
#include <time.h>

#include "db/db.h"
#include "judge.h"

#define GUARD_MAX_FAILURES 5
#define GUARD_WINDOW (60 * 60)
#define GUARD_BASE_DELAY (15 * 60)
#define GUARD_MAX_DELAY (24 * 60 * 60)

/*
 * 0 when the ship takes submissions; EXIT_DATAERR with msg "too many
 * wrong passwords for SHIP; try again after TIME" while it is locked;
 * another exit code (75: busy) with msg for the judge's own trouble.
 */
int guard_check(struct db *db, const struct judge_settings *s, long long ship_id,
		const char *ship, time_t now, char *msg, size_t msglen);
/*
 * Records a wrong secret for the ship in a transaction of its own (no
 * transaction may be open); locks the ship and queues the alert when
 * there have been too many. source says who sent it (a mail address, or
 * NULL for the command line). 0 or an exit code with msg.
 */
int guard_failed(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		 long long ship_id, const char *ship, const char *source, time_t now, char *msg,
		 size_t msglen);

#endif
