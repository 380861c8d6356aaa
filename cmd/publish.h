/*
 * publish: a campaign's public archive as a static web site (cmd/publish.c,
 * mxjudge-publish(1)).
 *
 * Ownership: everything is borrowed.
 */
#ifndef MX_CMD_PUBLISH_H
#define MX_CMD_PUBLISH_H

#include <stddef.h>

struct db;
struct db_campaign;

/*
 * Writes the archive of c into dir (made if missing): 0; 1 when there is
 * nothing it may publish yet (not started, a duplicate run whose set is
 * not over), with why; -1 with why.
 */
int publish_campaign(struct db *db, const struct db_campaign *c, const char *dir, char *err,
		     size_t errlen);
/*
 * When c's setting publish_to names a directory whose archive is behind
 * (another turn or status than it shows), publishes it: 0, or -1 with why.
 */
int publish_if_behind(struct db *db, const struct db_campaign *c, char *err, size_t errlen);

#endif
