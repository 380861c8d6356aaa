/*
 * What netrun's play files (play.c, matrix.c, abilities.c) share, and
 * nothing else includes: one mail's play split by job.
 *
 * Ownership: as netrun.h; nothing here allocates.
 */
#ifndef MX_NETRUN_PLAY_H
#define MX_NETRUN_PLAY_H

#include "core/netrun/netrun.h"

/* A SPEND allowance (R8.3): the items of the SPEND lines before a challenge. */
struct allowance {
	int n;
	struct nr_spend_item items[NR_MAX_ARGS * 8];
};

/* abilities.c */
int nrp_do_ability(struct netrun_play *p, const struct nr_order *o, const struct allowance *al);
/* abilities.c */
int nrp_same_place(const struct netrun_state *st, int a, int b);
/* matrix.c */
int nrp_adjacent(int x1, int y1, int x2, int y2);
/* matrix.c */
void nrp_bfs(const struct netrun_state *st, int from, int dist[NR_TILES]);
/* matrix.c */
int nrp_has_run(const struct netrun_state *st);
/* matrix.c */
int nrp_is_out(const struct netrun_state *st, int b);
/* matrix.c */
const char *nrp_run_check(const struct netrun_state *st, int b, int x, int y, char *msg, size_t len);
/* matrix.c */
int nrp_won(const struct netrun_state *st);
/* play.c */
void nrp_add_bd(struct netrun_play *p, int n, const char *why);
/* play.c */
int nrp_bd_check(struct netrun_play *p);
/* play.c */
int nrp_challenge(struct netrun_play *p, int b, int si, const struct allowance *al, int alt);
/* play.c */
void nrp_event(struct netrun_play *p, json_t *ev);
/* play.c */
const char *nrp_first_colour(int mask);
/* play.c */
void nrp_move_onto(struct netrun_play *p, int b, int si);
/* play.c */
void nrp_refuse(struct netrun_play *p, const struct nr_order *o, const char *code, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* play.c */
int nrp_roll(struct netrun_play *p, int q, int c, int *face);
/* play.c */
void nrp_say(struct netrun_play *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* play.c */
void nrp_step_event(struct netrun_play *p, const struct nr_order *o);
/* play.c */
const char *nrp_where(const struct netrun_state *st, int b, char out[16]);

#endif
