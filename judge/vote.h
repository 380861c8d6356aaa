/*
 * vote: VOTE DRAW / CONCEDE / WITHDRAW by mail (core/desk.h). A proposal
 * ends the game when every seat in play (a draw), or every seat in play
 * of the voter's side (a concession), has voted for it during the open
 * turn. Votes are secret: kept in the campaign's settings ("votes":
 * {"turn": N, "draw": [SEAT...], "concede": [SEAT...]}), never shown to a
 * player, and forgotten when turn N is resolved (vote_forget; a vote of
 * another turn never counts either). A vote that passes
 * is sealed as the judge's order {"judge": "agree", "what": ...} of each
 * seat that agreed (understood text "AGREE DRAW" or "AGREE CONCEDE"), so
 * the turn that ends the game replays like any other (core/ruleset.h,
 * agree); the turn is then due at once.
 *
 * Ownership: *answer is a new reference; the rest is borrowed.
 */
#ifndef MX_VOTE_H
#define MX_VOTE_H

#include <jansson.h>
#include <time.h>

struct db;
struct db_captain;

/* The understood text of the judge's sealed agreement: "AGREE DRAW\n"... */
#define VOTE_AGREE "AGREE "

/*
 * The sender's vote (what: "DRAW", "CONCEDE" or "WITHDRAW", any case) for
 * every seat the captain plays in campaign, checked like orders (CODE or
 * PASSWORD), and like orders only until the open turn's deadline (later,
 * refused: it counts for nothing). 0 with *answer {"ok": true, "campaign", "what", "passed",
 * "seats" (when passed: the seats that agreed), "turn"} or {"ok": false,
 * "campaign", "error"}; a DB_ code with err for the judge's own trouble.
 * No transaction may be open.
 */
int vote_cast(struct db *db, const struct db_captain *caps, size_t ncaps, const char *campaign,
	      const char *what, const char *mail_text, const char *sender, time_t now,
	      json_t **answer, char *err, size_t errlen);

/*
 * The turn is over: the votes kept in campaign settings (JSON text,
 * replaced in place when it held any) are forgotten. 0, or -1 out of
 * memory (settings unchanged).
 */
int vote_forget(char **settings);

#endif
