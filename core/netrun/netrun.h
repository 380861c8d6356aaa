/*
 * netrun: the solo piecepack game "Matrix" (Jeff Barrett, 2003) as the
 * judge plays it (mxjudge-netrun(7); the rulings' sections are cited as
 * "R5.3"). Plain structs inside, so bot-only runs (simulate) play without
 * JSON; core/netrun/ruleset.c puts them behind core/ruleset.h.
 *
 * Pure: no stdio, no clock; every die comes from a netrun_dice.
 *
 * Ownership: a netrun_state is plain values (copy it with =); a
 * netrun_orders owns nothing; a netrun_play borrows its state and writes
 * into the caller's JSON arrays (which may be NULL: nothing is told).
 */
#ifndef MX_NETRUN_H
#define MX_NETRUN_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"

enum { NR_BLACK, NR_GREEN, NR_RED, NR_BLUE, NR_COLOURS };
#define NR_TILES 24
#define NR_RANGE 99		/* spaces are -99..99 on each axis (R2.1) */
#define NR_OUT 1000		/* a location's x when outside */
#define NR_NONCE_MAX 64
#define NR_NAME_MAX 64
#define NR_LINE_MAX 160
#define NR_MAX_ORDERS 64
#define NR_MAX_ARGS 8

/* A tile: colour * 6 + value, value 0 null (a fort), 1 ace, 2..5. */
#define NR_TILE(colour, value) ((colour) * 6 + (value))
#define NR_TILE_COLOUR(t) ((t) / 6)
#define NR_TILE_VALUE(t) ((t) % 6)
#define NR_IS_FORT(t) (NR_TILE_VALUE(t) == 0)

/* Breaker kinds: 0 basic, else 1 + colour * 6 + (n - 1) for the n-th of R9.5. */
enum {
	NR_BASIC = 0,
	NR_LISP = 1, NR_ANKARA, NR_DIAMOND, NR_KUANG11, NR_ASSIMILATION, NR_WINTERMUTE,
	NR_TURING, NR_TRINITY, NR_KLEIN, NR_FINN, NR_DIX, NR_CASECURRY,
	NR_SENDAI, NR_CHIBA, NR_HOSAKA, NR_SLIVER, NR_CRAY, NR_STEALTH,
	NR_ZION, NR_DUB, NR_BABYLON, NR_DAHLIA, NR_VIRAL, NR_ENIGMA,
	NR_KINDS
};
#define NR_KIND(colour, n) (1 + (colour) * 6 + (n) - 1)
#define NR_KIND_COLOUR(k) (((k) - 1) / 6)

enum nr_status { NR_SETUP, NR_RUNNING, NR_OVER };
enum nr_result { NR_NONE, NR_WIN, NR_LOSS };
enum nr_end {
	NR_END_NONE, NR_END_WIN, NR_END_BRAIN_DEATH, NR_END_TARGET, NR_END_STALLED,
	NR_END_JACKED_OUT, NR_END_ABANDONED
};

/* The option of a colour's breaker (R3): how it was written is kept. */
enum { NR_OPT_BASIC = 0, NR_OPT_ROLL = -1 };	/* else 1..6, or 11..16 written as a name */

struct nr_breaker {
	int kind;
	int x, y;		/* x == NR_OUT: outside */
	int ankara;		/* pending Ankara uses */
	int diamond, wintermute;
};

struct nr_structure {
	int x, y;
	int tile;
	int token;
	int strength;		/* current (Sliver Virus lowers it) */
};

/* The queues of R11.1 that count draws (R14.1 "draws"). */
enum { NR_Q_STRENGTH, NR_Q_REACH, NR_Q_CHOOSE, NR_QUEUES };

struct netrun_state {
	char run[NR_NAME_MAX];		/* the seal's name: the campaign's */
	char runner[NR_NAME_MAX];	/* the seat; "runner" in JSON only when not the run's */
	int target;		/* -1: none */
	int opt_nonce;
	int opt[NR_COLOURS];
	enum nr_status status;
	enum nr_result result;
	enum nr_end end;
	int steps, bd;
	int held[NR_COLOURS];
	struct nr_breaker br[NR_COLOURS];
	int ns;
	struct nr_structure s[NR_TILES];
	int nstack;
	int stack[NR_TILES];	/* top first */
	int draws[NR_QUEUES][NR_COLOURS];
	char commitment[65];	/* "": null */
	int have_nonce;
	char nonce[NR_NONCE_MAX + 1];
};

/* ---------- names ---------- */

extern const char *const netrun_colour_names[NR_COLOURS];
extern const char netrun_colour_letters[NR_COLOURS];	/* B G R U */
const char *netrun_kind_name(int kind);		/* "Ankara", "basic ice breaker" */
const char *netrun_kind_word(int kind);		/* "ankara", "basic" (R14.1) */
int netrun_kind_of_word(const char *word);	/* -1 if none */
void netrun_tile_code(int tile, char out[3]);
int netrun_tile_parse(const char *code);	/* -1 if not a tile */
int netrun_colour_parse(const char *word);	/* R1.1 spellings; -1 */
const char *netrun_end_word(enum nr_end end);

/* ---------- the state ---------- */

void netrun_state_init(struct netrun_state *st);
/* R14.2: defaults, then the refusals; 0, or -1 with err. */
int netrun_state_from_json(struct netrun_state *st, const json_t *j, char *err, size_t errlen);
/* R14.1, every field in order. */
json_t *netrun_state_to_json(const struct netrun_state *st);
/* R14.2's refusals for a state already in structs: 0, or -1 with err. */
int netrun_state_check(const struct netrun_state *st, char *err, size_t errlen);

/* ---------- geometry (R2, R5.4) ---------- */

int netrun_structure_at(const struct netrun_state *st, int x, int y);	/* index or -1 */
int netrun_breakers_at(const struct netrun_state *st, int x, int y);	/* bit mask */
/* From breaker b to space x,y (R2.3); -1 undefined. */
int netrun_distance(const struct netrun_state *st, int b, int x, int y);
/* From breaker b to breaker o; -1 undefined. */
int netrun_distance_to_breaker(const struct netrun_state *st, int b, int o);
/*
 * May a tile go on the empty space x,y (R5.4)? 0, or -1 with the space of
 * the structure that would get a fourth neighbour in *fx, *fy.
 */
int netrun_three_ok(const struct netrun_state *st, int x, int y, int *fx, int *fy);
int netrun_supply(const struct netrun_state *st, int colour);

/* ---------- orders (R10) ---------- */

enum nr_cmd { NR_CMD_RUN, NR_CMD_SPEND, NR_CMD_ABILITY, NR_CMD_EXPECT, NR_CMD_JACK_OUT,
	      NR_CMD_NONCE };
enum { NR_ALT_NONE, NR_ALT_ALT, NR_ALT_ROLL };

struct nr_spend_item {
	int colour;		/* -1 ALL, -2 NONE */
	int max;		/* -1: all held */
};

struct nr_order {
	int line;
	char text[NR_LINE_MAX];
	enum nr_cmd cmd;
	int colour;
	int x, y;		/* RUN, EXPECT (x == NR_OUT: OUT) */
	int alt;
	int n;			/* Ankara, Sliver: uses */
	int nitems;
	struct nr_spend_item items[NR_MAX_ARGS];
	int nspaces;		/* Kuang Mk 11, AK, Babylon, Dahlia, Viral */
	int sx[NR_MAX_ARGS], sy[NR_MAX_ARGS];
	int other[2];		/* LISP: other[0]; Finn: X, Y */
	int npay;
	int pay[2];
	int nassign;		/* Case-Curry: breaker=LOC; Enigma: fort colour=SPACE */
	int who[NR_COLOURS], ax[NR_COLOURS], ay[NR_COLOURS];
	char nonce[NR_NONCE_MAX + 1];
};

struct netrun_orders {
	int n;
	struct nr_order o[NR_MAX_ORDERS];
};

struct netrun_refusal {
	int line;
	char text[NR_LINE_MAX];
	char code[24];
	char message[200];
};

/*
 * Reads command lines ({"line", "text"} pairs as netrun_lines gives them)
 * for st (R10.2-10.4); kinds not dealt yet (status setup) are checked by
 * what any breaker may write. 0, or -1 with the whole mail's refusal.
 */
int netrun_parse(const struct netrun_state *st, const json_t *lines, struct netrun_orders *out,
		 struct netrun_refusal *ref);
/* The command lines of a mail: [{"line", "text"}], header lines and comments dropped. */
json_t *netrun_lines(const char *text, int *too_many);

/* ---------- play ---------- */

/* Where dice come from: a tagged or sealed source, or simulate's generator. */
struct netrun_dice {
	/* queue NR_Q_*, colour, the draw's index in the run (st->draws) */
	int (*roll)(void *ctx, int queue, int colour, int k, int *face, char *err, size_t errlen);
	/* the 24 tiles of R4.2's deal in stack[], top first */
	int (*deal)(void *ctx, int stack[NR_TILES], char *err, size_t errlen);
	void *ctx;
};

/* The rulings' deal (R4.2) from uniform draws: perm over the canonical tiles. */
struct draw_rng;
void netrun_deal_arrange(void *arg, struct draw_rng *rng, size_t n, size_t *perm);

struct netrun_play {
	struct netrun_state *st;
	struct netrun_dice dice;
	json_t *events;		/* may be NULL */
	json_t *story;		/* may be NULL */
	int refused;		/* 1 once a line was refused */
	struct netrun_refusal ref;
	char err[256];		/* a dice failure */
};

/* R4.2-4.3: deal and choose the rolled breakers. 0 or -1 (play->err). */
int netrun_deal(struct netrun_play *p);
/*
 * Plays a mail's orders in turn (R10.4.3-4, NONCE first if due). 0 when
 * played (refusals and halts are events), -1 when a die failed (p->err).
 */
int netrun_play_orders(struct netrun_play *p, const struct netrun_orders *o);
/* R5.6: 1 if no legal RUN and no moving ability remains. */
int netrun_stalled(const struct netrun_state *st);
/* The spaces breaker b may RUN to now (R5.3), sorted by y then x; n of them. */
int netrun_run_targets(const struct netrun_state *st, int b, int *xs, int *ys, int max);
/* 1 if breaker b may RUN to x,y now (R5.3). */
int netrun_run_legal(const struct netrun_state *st, int b, int x, int y);
/* The bot's next step (mxjudge-netrun(7), "The bot") as orders. */
void netrun_bot_step(const struct netrun_state *st, struct netrun_orders *out);
/* The bot's mail for st: command lines, text. */
void netrun_bot_orders(const struct netrun_state *st, struct strbuf *out);

/* ---------- report (R13) ---------- */

void netrun_report(const struct netrun_state *st, struct strbuf *out);
/* R12.3: > 0 when a is better, < 0 when b is, 0 equal. */
int netrun_compare(const struct netrun_state *a, const struct netrun_state *b);

#endif
