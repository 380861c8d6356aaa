/*
 * draw: every random draw of every game, labelled and logged in order.
 *
 * A ruleset asks a draw_source for a die of any size, a pick among named
 * items, or a shuffle of named items, each with a label ("energy Minx",
 * "d10 combat humans", "shuffle humans") and a stream:
 *   "open"           revealed with the turn (the turn's seed)
 *   "sealed"         hidden until the game ends (the campaign's root)
 *   "open/NAME", "sealed/NAME"  independent sub-streams of either, so the
 *                    draws of one queue never depend on how many another took.
 *   "sealed/NAME@K"  a run-long sealed stream (no turn in its seed): K is
 *                    how many draws it gave earlier in the whole game (the
 *                    ruleset counts them in its state), so each turn goes on
 *                    where the last stopped.
 * Two sources exist: seeded (xoshiro256** streams, the same on every
 * machine) and tagged (a file of lines "LABEL VALUE...", as case files and
 * `adjudicate --dice` write them). Either way every draw is appended to the
 * source's log as the tagged line that replays it, so a seeded turn can be
 * written out and replayed exactly from its log.
 *
 * Ownership: draw_log and draw_queue own their lines (draw_log_release,
 * draw_queue_release); a draw_source borrows its context and its log. The
 * seeded context is plain values.
 */
#ifndef MX_DRAW_H
#define MX_DRAW_H

#include <stddef.h>
#include <stdint.h>

#define DRAW_ROOT_LEN 32		/* bytes of a sealed root */
#define DRAW_LABEL_MAX 128
#define DRAW_LINE_MAX 1024

/* xoshiro256** seeded by splitmix64 (Hovercrafts' dice since the start). */
struct draw_rng {
	uint64_t s[4];
};
void draw_rng_init(struct draw_rng *rng, uint64_t seed);
uint64_t draw_rng_next(struct draw_rng *rng);
/* Uniform in [0, n), n >= 1: rejection above UINT64_MAX - UINT64_MAX % n. */
uint64_t draw_rng_uniform(struct draw_rng *rng, uint64_t n);

/* SHA-256 of text as 64 lowercase hex digits (out has room for 65). */
void draw_sha256_hex(const char *text, char out[65]);
/* The first eight bytes, little-endian, of SHA-256 of text: a stream seed. */
uint64_t draw_seed_of(const char *text);

/* One logged draw: its stream and the tagged line that replays it. */
struct draw_entry {
	char stream[48];
	char *line;		/* "energy Minx 5", "shuffle humans H09 H05 ..." */
};

struct draw_log {
	struct draw_entry *e;
	size_t n, alloc;
	int failed;		/* out of memory once: the log is incomplete */
};
void draw_log_init(struct draw_log *log);
void draw_log_release(struct draw_log *log);

struct draw_ops {
	/* face in 1..sides */
	int (*die)(void *ctx, const char *stream, const char *label, int sides, int *face,
		   char *err, size_t errlen);
	/* *index in [0, n) */
	int (*pick)(void *ctx, const char *stream, const char *label, const char *const *ids,
		    size_t n, size_t *index, char *err, size_t errlen);
	/* perm[k]: the index of the item now k-th from the top */
	int (*shuffle)(void *ctx, const char *stream, const char *label, const char *const *ids,
		       size_t n, size_t *perm, char *err, size_t errlen);
	/* The ops below are optional (NULL): see draw_mix, draw_arrange, draw_seal, draw_dice. */
	int (*mix)(void *ctx, const char *word, char *err, size_t errlen);
	int (*arrange)(void *ctx, const char *stream, const char *label, size_t n,
		       void (*fn)(void *arg, struct draw_rng *rng, size_t n, size_t *perm),
		       void *arg, size_t *perm, char *err, size_t errlen);
	int (*seal)(void *ctx, const char *name, char out[65], char *err, size_t errlen);
	/* n faces in 1..sides from one line; without it, n calls of die. */
	int (*dice)(void *ctx, const char *stream, const char *label, int sides, int n, int *faces,
		    char *err, size_t errlen);
};

struct draw_source {
	const struct draw_ops *ops;
	void *ctx;
	struct draw_log *log;	/* may be NULL: nothing is logged */
};

/* 0, or -1 with a message naming the draw in err. */
int draw_die(struct draw_source *src, const char *stream, const char *label, int sides, int *face,
	     char *err, size_t errlen);
/*
 * A pool of n dice of one size at once (a skill roll, a d66): faces[0..n-1]
 * in 1..sides, logged as one line "LABEL F1 F2 ..."; the tagged queue wants
 * a line with exactly n faces. n may be 0 (nothing drawn, nothing logged).
 */
int draw_dice(struct draw_source *src, const char *stream, const char *label, int sides, int n,
	      int *faces, char *err, size_t errlen);
int draw_pick(struct draw_source *src, const char *stream, const char *label,
	      const char *const *ids, size_t n, size_t *index, char *err, size_t errlen);
int draw_shuffle(struct draw_source *src, const char *stream, const char *label,
		 const char *const *ids, size_t n, size_t *perm, char *err, size_t errlen);
/*
 * A shuffle by the game's own procedure: a seeded source fills perm with
 * fn from the stream's generator (perm[k]: the item now k-th from the top);
 * a source without the op (the tagged queue) reads it as draw_shuffle does.
 * Logged as a shuffle: "LABEL ID ID ...".
 */
int draw_arrange(struct draw_source *src, const char *stream, const char *label,
		 const char *const *ids, size_t n,
		 void (*fn)(void *arg, struct draw_rng *rng, size_t n, size_t *perm), void *arg,
		 size_t *perm, char *err, size_t errlen);
/*
 * A word mixed into the sealed key (a runner's nonce): from then on the
 * seeded source's key is the SHA-256 hex of "mxjudge:NS:ROOTHEX:nonce:WORD"
 * instead of ROOTHEX, for streams opened after the call. Sources without
 * the op (the tagged queue) ignore it. 0, or -1 with err.
 */
int draw_mix(struct draw_source *src, const char *word, char *err, size_t errlen);
/*
 * The seal of a sealed root for the game called name: the SHA-256 hex of
 * "mxjudge:NS:NAME:root:ROOTHEX" (out has room for 65), logged as "seal
 * HEX"; the tagged queue gives the seal of such a line, if it has one. 1
 * when written, 0 when there is no seal (no root, no line), -1 with err.
 */
int draw_seal(struct draw_source *src, const char *name, char out[65], char *err, size_t errlen);
/*
 * A line of the log that is no draw: "draw DECK ID", a card taken from the
 * top of a pile already shuffled (legendary R10.3), so the log lists every
 * draw in order and a game can be rechecked from it alone. It takes
 * nothing from the source, and the tagged queue skips such lines on input.
 */
void draw_note(struct draw_source *src, const char *stream, const char *line);
/* Is line such a note? */
int draw_line_is_note(const char *line);
/*
 * Drops the notes from log: a turn stored before its game noted draws
 * replays with the same draws and no notes.
 */
void draw_log_drop_notes(struct draw_log *log);

/*
 * The seeded source. The open stream is the turn's seed itself; "open/NAME"
 * is seeded by draw_seed_of("mxjudge:open:SEED:NAME"); "sealed/NAME" by
 * draw_seed_of("mxjudge:NS:KEY:turn:N:NAME") ("sealed" alone has NAME
 * empty); "sealed/NAME@K" by draw_seed_of("mxjudge:NS:KEY:NAME"), where a
 * source that does not hold that stream yet first skips K draws of the
 * same kind and size, and one that holds it goes on. NS is the namespace
 * ("sealed" unless draw_seeded_namespace set another), KEY the root's hex
 * or the mixed key (draw_mix). A source without a root refuses sealed
 * draws.
 */
#define DRAW_MAX_STREAMS 16
#define DRAW_NAMESPACE_MAX 32
struct draw_seeded {
	uint64_t open_seed;
	int have_root;
	unsigned char root[DRAW_ROOT_LEN];
	int turn;
	char ns[DRAW_NAMESPACE_MAX];
	char key[2 * DRAW_ROOT_LEN + 1];	/* the mixed key, or "" for the root's hex */
	size_t nstreams;
	struct {
		char name[48];
		struct draw_rng rng;
	} streams[DRAW_MAX_STREAMS];
};
void draw_seeded_init(struct draw_seeded *s, uint64_t open_seed, const unsigned char *root,
		      int turn);
/* Sets the namespace of sealed seeds (NULL or "": "sealed"); 0, or -1 if too long. */
int draw_seeded_namespace(struct draw_seeded *s, const char *ns);
struct draw_source draw_seeded_source(struct draw_seeded *s, struct draw_log *log);

/*
 * The tagged queue: one draw a line, "# comment" allowed. A draw takes the
 * first unused line whose leading words are its label (any case): a die
 * then wants one number 1..sides, a pick one item, a shuffle the items to
 * put on top in that order (the others follow in their order; none listed
 * keeps the order). Streams do not matter here: only the order within one
 * label does.
 */
struct draw_queue_line {
	char *text;		/* the line, comment and outer blanks removed */
	int line;
	int used;
};

struct draw_queue {
	struct draw_queue_line *l;
	size_t n, alloc;
	int short_of;		/* a draw was asked that no line gives */
};
void draw_queue_init(struct draw_queue *q);
void draw_queue_release(struct draw_queue *q);
/* Appends the lines of text (name and line_offset for messages). 0 or -1. */
int draw_queue_parse(struct draw_queue *q, const char *text, const char *name, int line_offset,
		     char *err, size_t errlen);
struct draw_source draw_queue_source(struct draw_queue *q, struct draw_log *log);
size_t draw_queue_unused(const struct draw_queue *q);

/*
 * The open part of a published turn, checked without its sealed part: each
 * line lines[i] of a stream streams[i] "open" or "open/NAME" that is one die
 * whose label starts with its size ("d10 combat humans 7") must be what
 * that stream of seed gives, in order. A stream's check stops at its
 * first line of another kind (a pick or a shuffle names not what it drew
 * from, so where the stream stands after it is unknown); sealed lines are
 * skipped. 0 when every line checked agrees (*checked of them); 1 at the
 * first that differs, its index in *bad and the line the stream gives in
 * want; -1 with err.
 */
int draw_open_check(uint64_t seed, const char *const *streams, const char *const *lines,
		    size_t n, size_t *checked, size_t *bad, char *want, size_t wantlen, char *err,
		    size_t errlen);

/* 64 lowercase hex digits of a root; out has room for 65. */
void draw_root_hex(const unsigned char root[DRAW_ROOT_LEN], char out[2 * DRAW_ROOT_LEN + 1]);
/* 0, or -1 if hex is not 64 hex digits. */
int draw_root_parse(const char *hex, unsigned char root[DRAW_ROOT_LEN]);

#endif
