/*
 * gamecase: rules test cases for any game behind core/ruleset.h, so a new
 * game brings case files and no runner of its own (mxjudge-cases(5),
 * "Other games"). A file names its game, then its cases:
 *
 *   game    toy
 *   case    higher-total-scores
 *   ruling  R3 card plus d10, the higher total scores a point
 *   state
 *     {"game": "toy", "turn": 1, ...}
 *   orders  north1
 *     PLAY C4
 *   orders  south2
 *     PLAY C2
 *   draws
 *     d10 north1 7
 *     d10 south2 3
 *   expect
 *     state.scores.north1  1
 *     events.0.card        "C4"
 *     taken  d10 north1 7, d10 south2 3
 *     unused 0
 *   next            (another turn from the resulting state)
 *
 * Keywords stand at the start of a line; the lines of a block are
 * indented (their line numbers are kept, for the game's messages). An
 * expectation is a path into {"state", "events", "story"} (keys and array
 * indexes joined by dots) and a JSON value; or `taken` (the tagged draws
 * in the order taken), `unused N` (draw lines left over), `error TEXT`
 * (the turn is refused with a message holding TEXT), `says TEXT` (a story
 * paragraph holds TEXT).
 *
 * Ownership: reports are appended to the caller's strbuf; texts are
 * borrowed.
 */
#ifndef MX_GAMECASE_H
#define MX_GAMECASE_H

#include <stddef.h>

#include "lib/strbuf.h"

/* The game a case file names on its first `game` line; 0, or -1 when none. */
int gamecase_game(const char *text, char *buf, size_t len);

/*
 * The game whose own case format the file is in (a ruleset with a cases
 * hook: the one its `game` line names, or for a file naming none the
 * first registered with one), or NULL: the judge's format.
 */
struct ruleset;
const struct ruleset *gamecase_own_format(const char *text);

/*
 * Runs every case of a file: the cases that pass and fail are counted and
 * each failure is told in report ("  NAME:LINE: case C: expected ...";
 * with verbose every case gets a line). 0, or -1 with "NAME:LINE: ..."
 * in err when the file cannot be read as cases.
 */
int gamecase_run(const char *text, const char *name, int verbose, struct strbuf *report,
		 int *passed, int *failed, char *err, size_t errlen);

#endif
