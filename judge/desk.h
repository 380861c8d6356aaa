/*
 * The mail desk's answers: the commands of a desk mail (core/desk.h) run
 * against the database and rendered, for one reply (template desk-reply).
 * Ownership: *out is a new reference for the caller; the rest is borrowed.
 */
#ifndef MX_CMD_DESK_H
#define MX_CMD_DESK_H

#include <jansson.h>
#include <time.h>

#include "core/desk.h"

struct db;
struct db_captain;

/*
 * {"captain", "answers": [{"command", "text"}, ...], "due": [NAME...]}
 * for the commands of m; "due" (when present) names the campaigns whose
 * turn a vote that passed made due at once (the caller plays it)
 * from a sender known as caps (ncaps of them); 0, or -1 with err.
 */
int desk_answers(struct db *db, const struct desk_mail *m, const char *text,
		 const struct db_captain *caps, size_t ncaps, const char *sender, long long mail_id,
		 time_t now, json_t **out, char *err, size_t errlen);

/*
 * HISTORY's data (template desk-history): the turns of campaign name with
 * their dates, or, turn >= 0, that resolved turn's public report. A new
 * reference ({"unknown": true} for no such campaign; {"private": true,
 * "set"} for a run of an open duplicate set that none of caps plays,
 * unless shell: the game master's), or NULL with err.
 */
json_t *desk_history(struct db *db, const char *name, int turn, const struct db_captain *caps,
		     size_t ncaps, int shell, char *err, size_t errlen);

#endif
