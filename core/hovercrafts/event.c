/*
 * event: everything that happened in a turn, in order, dice
 * included; event.h.
 */
#include "event.h"

#include <stdlib.h>

static const char *const event_names[EV_COUNT] = {
	"roll", "phase", "no-orders", "action", "emp-replaced", "move", "wall",
	"off-map", "contest", "ram", "head-on", "blocked", "emp", "emp-check",
	"shot", "repair", "damage", "disabled", "removed", "energy", "victory"
};

void event_list_init(struct event_list *l)
{
	l->ev = NULL;
	l->n = l->alloc = 0;
}

void event_list_release(struct event_list *l)
{
	free(l->ev);
	event_list_init(l);
}

int event_list_push(struct event_list *l, const struct event *e)
{
	if (l->n == l->alloc) {
		size_t na = l->alloc ? l->alloc * 2 : 64;
		struct event *ev = realloc(l->ev, na * sizeof(*ev));

		if (!ev)
			return -1;
		l->ev = ev;
		l->alloc = na;
	}
	l->ev[l->n++] = *e;
	return 0;
}

const char *event_type_name(enum event_type t)
{
	return (unsigned)t < EV_COUNT ? event_names[t] : "?";
}
