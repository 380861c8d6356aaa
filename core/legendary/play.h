/*
 * What legendary's play files (play.c, effects.c, actions.c, deal.c,
 * mail.c) share, and nothing else includes: one mail's play split by job.
 *
 * Ownership: a struct lg owns its working state, events and story (freed
 * by lgp_free); the helpers below borrow what they are given.
 */
#ifndef MX_LEGENDARY_PLAY_H
#define MX_LEGENDARY_PLAY_H

#include <string.h>

#include "core/legendary/legendary.h"

#define LG_MAX_LINES 300
#define LG_MAX_STATEMENT 300

struct lg {
	const struct legendary_pack *p;
	json_t *st;			/* the working state (owned) */
	json_t *events, *story;		/* owned */
	struct draw_source *draws;
	int action;			/* in the Action phase: a carried text halts the mail */
	int stop;			/* a new act, the end: the rest of the mail is not played */
	int halt;			/* halt after this line (offer, text to state) */
	const char *halt_reason;
	int fatal;			/* err holds a failure of the judge (no draw left) */
	char err[300];
	/* the current line */
	char code[32], message[200];
	json_t *choices;		/* the line's CHOOSE values (borrowed) */
	size_t next_choice;
	int wild_keep, wild_redraw;	/* WILDSWING: keep always / redraw from damage N */
	json_t *reveal_queue;		/* the reveals of one movement (R5.1.3), run after it */
	int quiet;			/* bot-only games: no events, no story */
	int fr;				/* a French game: the story and refusals in French (R11.2) */
	int ascii;			/* lang fr-ascii: the same in ASCII letters */
};

enum zone { Z_NONE, Z_ROW, Z_CZ, Z_RW, Z_OPS, Z_DOCK };

struct where {
	enum zone zone;
	size_t i;
	const char *inst;	/* NULL for an empty slot */
	int face_up;
};

static inline json_t *A(struct lg *g, const char *key)
{
	json_t *a = json_object_get(g->st, key);

	if (!json_is_array(a)) {
		a = json_array();
		json_object_set_new(g->st, key, a);
	}
	return a;
}

static inline int I(struct lg *g, const char *key)
{
	return (int)json_integer_value(json_object_get(g->st, key));
}

static inline void setI(struct lg *g, const char *key, int v)
{
	json_object_set_new(g->st, key, json_integer(v));
}

static inline int B(struct lg *g, const char *key)
{
	return json_is_true(json_object_get(g->st, key));
}

static inline void setB(struct lg *g, const char *key, int v)
{
	json_object_set_new(g->st, key, json_boolean(v));
}

static inline const char *S(struct lg *g, const char *key)
{
	const char *s = json_string_value(json_object_get(g->st, key));

	return s ? s : "";
}

static inline int pool(struct lg *g, const char *which)
{
	return (int)json_integer_value(json_object_get(json_object_get(g->st, "pools"), which));
}

static inline void add_pool(struct lg *g, const char *which, int n)
{
	json_t *pools = json_object_get(g->st, "pools");

	json_object_set_new(pools, which, json_integer(pool(g, which) + n));
}

static inline const json_t *card(struct lg *g, const char *inst)
{
	return inst ? legendary_card(g->p, inst, NULL) : NULL;
}

static inline const char *ctype(struct lg *g, const char *inst)
{
	const char *t = json_string_value(json_object_get(card(g, inst), "type"));

	return t ? t : "";
}

static inline const char *cname(struct lg *g, const char *inst)
{
	const char *n = json_string_value(json_object_get(card(g, inst), "name"));

	return n ? n : "?";
}

static inline int kw(struct lg *g, const char *inst, const char *word, int *param)
{
	return legendary_keyword(card(g, inst), word, param);
}

static inline const json_t *film(struct lg *g)
{
	return json_array_get(g->p->films, (size_t)(I(g, "film") - 1));
}

static inline const json_t *act(struct lg *g)
{
	return json_array_get(json_object_get(film(g), "acts"), (size_t)(I(g, "act") - 1));
}

static inline long find(const json_t *arr, const char *inst)
{
	size_t i;
	const json_t *v;

	json_array_foreach(arr, i, v)
		if (json_string_value(v) && !strcmp(json_string_value(v), inst))
			return (long)i;
	return -1;
}

/* Moves element i of from to the end of to. */
static inline void move_to(json_t *from, size_t i, json_t *to)
{
	json_array_append(to, json_array_get(from, i));
	json_array_remove(from, i);
}

/* actions.c */
int lgp_buy_time(struct lg *g, const char *what);
/* actions.c */
int lgp_complete(struct lg *g, const char *what, const char *statement, const json_t *atoms);
/* actions.c */
int lgp_coordinate(struct lg *g, const char *name);
/* actions.c */
int lgp_defeat_enemy(struct lg *g, const char *inst);
/* actions.c */
int lgp_effect(struct lg *g, const char *id, const char *statement, const json_t *atoms);
/* actions.c */
void lgp_end_action(struct lg *g);
/* actions.c */
int lgp_evade(struct lg *g, const char *what);
/* actions.c */
int lgp_fight(struct lg *g, const char *what);
/* actions.c */
int lgp_move_world(struct lg *g, int enter, const char *how);
/* actions.c */
int lgp_next_turn(struct lg *g);
/* actions.c */
int lgp_play_card(struct lg *g, const char *name, int nocombo);
/* actions.c */
int lgp_recruit(struct lg *g, const char *what);
/* actions.c */
int lgp_sacrifice(struct lg *g, const char *name);
/* actions.c */
int lgp_scan(struct lg *g, const char *slot);
/* actions.c */
int lgp_strike_phase(struct lg *g);
/* deal.c */
const char *lgp_avatar_of_film(struct lg *g);
/* deal.c */
void lgp_act_deck(struct lg *g, int k, json_t *out);
/* deal.c */
int lgp_deal(struct lg *g);
/* deal.c */
void lgp_free(struct lg *g);
/* deal.c */
int lgp_next_film(struct lg *g);
/* deal.c */
json_t *lgp_result(struct lg *g);
/* effects.c */
int lgp_apply_atom(struct lg *g, const char *inst, const struct lg_atom *a);
/* effects.c */
int lgp_apply_list(struct lg *g, const char *inst, const char *kind, const json_t *atoms);
/* effects.c */
int lgp_locate(struct lg *g, const char *name, struct where *w);
/* effects.c */
int lgp_reveal(struct lg *g, const char *inst, const char *kind);
/* effects.c */
void lgp_take_off_board(struct lg *g, const char *inst);
/* play.c */
int lgp_campaign_on(struct lg *g);
/* play.c */
void lgp_change_time(struct lg *g, int n);
/* play.c */
int lgp_check_objectives(struct lg *g);
/* play.c */
const char *lgp_choice(struct lg *g);
/* play.c */
int lgp_damage(struct lg *g);
/* play.c */
int lgp_draw_cards(struct lg *g, int n);
/* play.c */
void lgp_ev(struct lg *g, const char *type, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* play.c */
long lgp_find_named(const json_t *arr, const char *name);
/* play.c */
void lgp_game_over(struct lg *g, const char *result, const char *end);
/* play.c */
int lgp_is_none(const char *v);
/* play.c */
int lgp_matrix_phase(struct lg *g);
/* play.c */
void lgp_note_top(struct lg *g, const char *deck, const json_t *pile);
/* play.c */
void lgp_put_slot(struct lg *g, json_t *entry, int k);
/* play.c */
int lgp_refuse(struct lg *g, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* play.c */
int lgp_run_reveals(struct lg *g);
/* play.c */
int lgp_shuffle(struct lg *g, const char *deck, json_t *pile);
/* play.c */
int lgp_take_wound(struct lg *g, const char *enemy);

#endif
