/*
 * guard: slows down password guessing without handing a forger a weapon.
 * Every wrong password or order code for a ship is recorded; after
 * GUARD_MAX_FAILURES wrong PASSWORDS within GUARD_WINDOW, the ship's
 * PASSWORD is refused for a delay that starts at GUARD_BASE_DELAY and
 * doubles with each lockout in a row (up to GUARD_MAX_DELAY), and the
 * game master gets one alert for the series (mailed to the campaign's
 * gm_email, or, without one, to the judge's own address: judge_gm_address();
 * `campaign show` prints it too); `campaign unlock` lifts a lockout.
 *
 * A lockout never stops the per-turn CODE: only the captain's mailbox
 * ever received it, it is too long to guess by mail, and anyone can
 * forge wrong passwords. Wrong codes are recorded but lock nothing.
 * Answers about a wrong or locked secret go out at most once per ship
 * and lockout period (guard_may_answer()), so forged mail cannot flood
 * the real captain.
 *
 * Only ships that exist are guarded, so the errors tell no more than the
 * "no ship named" error already does. A locked password is refused
 * before it is even checked: guessing stays slow, and a right guess
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
 * 0 when the ship's PASSWORD is taken; EXIT_DATAERR with msg "too many
 * wrong passwords for SHIP; ..." while it is locked; another exit code
 * (75: busy) with msg for the judge's own trouble.
 */
int guard_check(struct db *db, const struct judge_settings *s, long long ship_id,
		const char *ship, time_t now, char *msg, size_t msglen);

enum guard_secret { GUARD_PASSWORD, GUARD_CODE };
/*
 * Records a wrong secret for the ship in a transaction of its own (no
 * transaction may be open); a wrong PASSWORD locks the ship and queues
 * the alert when there have been too many. source says who sent it (a
 * mail address, or NULL for the command line). 0 or an exit code with msg.
 */
int guard_failed(struct db *db, const struct db_campaign *c, const struct judge_settings *s,
		 long long ship_id, const char *ship, enum guard_secret what, const char *source,
		 time_t now, char *msg, size_t msglen);
/*
 * 1 when an answer about a wrong or locked secret for the ship may be
 * queued now: none was within GUARD_WINDOW, nor since the ship's current
 * lockout began. (Those answers are keyed GUARD_ANSWER_KEY.)
 */
int guard_may_answer(struct db *db, long long ship_id, time_t now);
#define GUARD_ANSWER_KEY "error-reply/auth/%lld/mail/%lld"	/* ship, mail */
/* Lifts the ship's lockout now (failures before now are forgiven); *was_locked. */
int guard_unlock(struct db *db, long long ship_id, time_t now, int *was_locked, char *msg,
		 size_t msglen);

#endif
