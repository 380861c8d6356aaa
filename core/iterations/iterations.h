/*
 * iterations: The Matrix Iterations skirmish (mxjudge-iterations(7), the
 * rulings R0-R18). The state is the rulings' JSON (R17), worked on as
 * jansson documents; a plan is the JSON reading of one CHAR block (R15).
 *
 * Ownership: functions returning json_t * give a new reference; arguments
 * are borrowed unless said otherwise.
 */
#ifndef MX_ITERATIONS_H
#define MX_ITERATIONS_H

#include <jansson.h>
#include <stddef.h>

#include "core/draw.h"

#define IT_OPERATOR "operator"

/* The state with every default written out (R17); NULL with err. */
json_t *it_normalize(const json_t *state, char *err, size_t errlen);
/* The character named name (any case) in the state, or NULL. */
json_t *it_char(const json_t *state, const char *name);

/*
 * Reads the orders text of seat: {SEAT: {"chars": {NAME: PLAN},
 * "operator": [ORDER...]}}, or NULL with "name:line: ..." in err.
 */
json_t *it_read_orders(const json_t *state, const char *seat, const char *text, const char *name,
		       char *err, size_t errlen);

/* One step (setup or round): {"state","events","story"}, or NULL with err. */
json_t *it_resolve(const json_t *state, const json_t *orders, struct draw_source *draws,
		   char *err, size_t errlen);

/*
 * The same step for bot games: state, normalized (it_normalize or a step
 * before), is taken over and worked on in place; no story is told and no
 * log kept. The next state, or NULL with err.
 */
json_t *it_resolve_quiet(json_t *state, const json_t *orders, struct draw_source *draws, char *err,
			 size_t errlen);

/* A scenario file's JSON checked (R2, R4.2, R17): 0, or -1 with "name:line: ...". */
int it_check_scenario(const char *text, const char *name, char *err, size_t errlen);
/* A character sheet's JSON checked (R3): 0, or -1 with "name:line: ...". */
int it_check_sheet(const char *text, const char *name, char *err, size_t errlen);

/*
 * Whether seat sees character c (VIEWS in mxjudge-iterations(7)): its own,
 * its allies, and those its characters can see; "*", "operator" or NULL
 * sees all. A name seat cannot see reads as unknown (issue 28 item 8).
 */
int it_seat_sees_char(const json_t *state, const char *seat, const json_t *c);
/* The range band from a to b (R2.3): 'E', 'S', 'M', 'L', 'X', or '-' (no way). */
char it_range_band(const json_t *state, const json_t *a, const json_t *b);
/* What weapon w holds, for a report: "6/6 loaded", "readied", "not readied" or "". */
void it_weapon_state(const json_t *w, char *buf, size_t len);
/* What seat may see (R15, issue 17 item 2): "*" or "operator" sees all. */
json_t *it_view(const json_t *state, const char *seat);
/* The plan block for seat's report. */
json_t *it_order_form(const json_t *state, const char *seat);

#endif
