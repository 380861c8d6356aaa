/*
 * submit: the one path by which orders of every game enter the judge,
 * shared by `orders submit|check` and mail (`receive`, `fetch`). It reads
 * the text with the judge's envelope, or the game's own (core/ruleset.h:
 * parse_orders), checks it against the campaign, the open turn, the seats
 * named, the sender's address and secret and the game's reading, and with
 * store seals it in one transaction: the orders with their reading and
 * SHA-256 digest, and the receipt in the outbox. A solo game's turn then
 * resolves.
 *
 * A captain proves who they are with PASSWORD <password>, or, in mail
 * from the captain's own address (auth->sender), with CODE <code> from
 * their latest report (judge_order_code()). Mail must come from the
 * captain's address either way.
 *
 * Ownership: a submit_result owns receipt and understood
 * (submit_result_release); everything passed in is borrowed.
 */
#ifndef MX_SUBMIT_H
#define MX_SUBMIT_H

#include <stddef.h>
#include <time.h>

#include "db/db.h"
#include "judge/timeutil.h"

struct judge_settings;

struct submit_auth {
	const char *sender;		/* the mail's From address; NULL from the command line */
	const char *in_reply_to;	/* the mail's Message-ID: the receipt answers it */
	long long mail_id;		/* the stored mail (mail_in), 0 if none: its orders
					   are sealed once, however often it is read */
	const char *written_at;		/* the mail's Date: (UTC, ISO), NULL/"" if none: orders
					   from a mail written earlier never replace these */
	const char *note;		/* a line for the receipt ("note"), or NULL */
};

struct submit_result {
	char error[512];		/* why the orders were refused: "NAME:LINE: ..." */
	int line;			/* the line refused (of the text given), 0 if none */
	char campaign[DB_NAME_MAX];	/* "" until known */
	char ruleset[DB_NAME_MAX];	/* its game, "" until known */
	long long campaign_id;		/* 0 until known */
	char ship[DB_NAME_MAX];		/* the first ship named, "" if none */
	int turn;			/* the open turn, 0 until known */
	char deadline[TIME_TEXT_MAX];	/* in the campaign's zone, "" until known */
	int has_current;		/* earlier orders stand for that ship */
	int not_own;			/* that ship is not the sender's: nothing said of its orders */
	long long receipt_id;		/* the queued receipt (store) */
	int already;			/* store: this mail's orders were sealed before
					   (a crash, then the mail delivered again); nothing new */
	int older;			/* refused: written before the orders that stand */
	long long auth_ship_id;		/* refused for a wrong or locked secret: the ship */
	int between;			/* the campaign is between battles: UPGRADE lines only */
	char *receipt;			/* its text (store) */
	char *understood;		/* the orders as read (check and store) */
};

/*
 * Checks (and with store, seals) the orders in text, named name in
 * messages. Returns an exit code: 0; EXIT_DATAERR when refused (error
 * says why, and the line when there is one); EXIT_FAIL or EXIT_TEMPFAIL
 * (database busy) for the judge's own trouble.
 */
int submit_orders(struct db *db, const char *text, const char *name,
		  const struct submit_auth *auth, time_t now, int store,
		  struct submit_result *res);
void submit_result_release(struct submit_result *res);

/*
 * Who sends orders for seats of one captain, whatever the orders are
 * (moves, any game's orders, UPGRADE between battles): every path checks
 * the sender here, in this order.
 */
struct submit_sender {
	const struct db_campaign *c;
	const struct judge_settings *s;
	const struct db_captain *cap;	/* the captain of every seat named */
	const long long *seat_id;	/* the seats named, the first one first */
	const char *const *seat;
	size_t nseats;
	int seat_line;			/* the line naming the first seat */
	const char *password, *code;	/* "" when the text has none */
	const char *const *code_seat;	/* the seats whose CODE is taken; NULL: seat */
	size_t ncode_seats;
	int code_turn;			/* the turn the CODE was made for */
	const char *code_from;		/* "your latest report, for turn 4" */
};

/* Mail comes from the captain's own address: 0, or EXIT_DATAERR with res->error (not_own set). */
int submit_check_address(struct db *db, const struct submit_sender *w,
			 const struct submit_auth *auth, const char *name,
			 struct submit_result *res);
/*
 * A PASSWORD that is not locked out (judge/guard.h) and is the captain's,
 * or in mail the CODE of one of the seats for code_turn. 0, or an exit
 * code with res->error set. A wrong secret is left in *wrong
 * (GUARD_PASSWORD + 1 or GUARD_CODE + 1) for submit_count_wrong, called
 * when no transaction is open.
 */
int submit_check_secret(struct db *db, const struct submit_sender *w,
			const struct submit_auth *auth, const char *name, time_t now,
			struct submit_result *res, int *wrong);
/*
 * Under the write lock, before orders for seats are sealed in turn_id:
 * refused when a vote that passed ended the game, or when the mail was
 * written before orders of those seats that stand (res->older). 0 with
 * *replaces set when orders of those seats stand; EXIT_DATAERR with
 * res->error; another exit code for the judge's trouble.
 */
int submit_check_turn(struct db *db, const struct db_campaign *c, long long turn_id,
		      const long long *seat_id, size_t nseats, const struct submit_auth *auth,
		      const char *name, struct submit_result *res, int *replaces);
/* Counts a wrong secret towards the lockout; ret, or the guard's exit code with its message. */
int submit_count_wrong(struct db *db, const struct submit_sender *w,
		       const struct submit_auth *auth, int wrong, time_t now, int ret,
		       struct submit_result *res);

#endif
