/*
 * event: everything that happened in a turn, in the order it happened,
 * dice included. Reports, JSON and the narrative are all made from this.
 *
 * Ownership: an event_list owns its array; event_list_release() frees it.
 */
#ifndef MX_EVENT_H
#define MX_EVENT_H

#include <stddef.h>

#include "dice.h"
#include "hex.h"
#include "orders.h"

enum event_type {
	EV_ROLL = 0,	/* ship, check, d6, stat, score, cause */
	EV_PHASE,	/* phase begins */
	EV_NO_ORDERS,	/* ship: no moves received, idle all turn */
	EV_ACTION,	/* ship performs action (turns, land, repair, emp, idle) */
	EV_EMP_REPLACED,/* ship's action was replaced by LAND (by other's EMP) */
	EV_MOVE,	/* ship from -> to */
	EV_WALL,	/* ship hit the wall at to; stays at from */
	EV_OFF_MAP,	/* ship left the board from `from` towards `to` */
	EV_CONTEST,	/* hex `to` contested; ship won */
	EV_RAM,		/* ship rams other: score (ship), score2 (other), value: 1=ship hurt, 2=other hurt, 3=both */
	EV_HEAD_ON,	/* ship and other met head-on (followed by EV_RAM) */
	EV_BLOCKED,	/* ship stays at from: could not enter `to` */
	EV_EMP,		/* ship fires EMP: score */
	EV_EMP_CHECK,	/* EMP of ship vs other: score (ship), score2 (other), value 1 = affected */
	EV_SHOT,	/* ship shoots other: score (ballistic), score2 (shield), value 1 = hit */
	EV_REPAIR,	/* ship repaired value damage (0 when undamaged) */
	EV_DAMAGE,	/* ship takes value damage; cause; other = who dealt it or -1 */
	EV_DISABLED,	/* ship disabled; other = credited ship or -1 */
	EV_REMOVED,	/* ship removed from the map */
	EV_ENERGY,	/* ship will have value actions next turn (score) */
	EV_VICTORY,	/* value = enum winner */
	EV_COUNT
};

struct event {
	enum event_type type;
	int phase;		/* 0 outside phases */
	int ship;		/* state index, -1 if none */
	int other;		/* state index, -1 if none */
	struct hex from;
	struct hex to;
	enum action action;
	enum check check;
	int d6;
	int stat;
	int score;
	int score2;
	int value;
	enum event_type cause;	/* for rolls and damage: what they were for */
};

struct event_list {
	struct event *ev;
	size_t n;
	size_t alloc;
};

void event_list_init(struct event_list *l);
void event_list_release(struct event_list *l);
/* Appends a copy; -1 on allocation failure. */
int event_list_push(struct event_list *l, const struct event *e);
const char *event_type_name(enum event_type t);	/* "roll", "move", ... */

#endif
