/*
 * The resolver's insides (core/iterations/play.c and the files beside it):
 * the working struct of a step and the helpers its files share. Not for
 * use outside core/iterations/.
 *
 * Ownership: as in iterations.h; the struct it borrows the state it works
 * on, and json_t * returned by a helper is borrowed from that state unless
 * said otherwise.
 */
#ifndef MX_ITERATIONS_PLAY_H
#define MX_ITERATIONS_PLAY_H

#include <jansson.h>
#include <stddef.h>
#include <string.h>

#include "core/draw.h"
#include "core/iterations/iterations.h"

#define MAXC 32
#define MAXD 40

int it_act_is_slow(const char *act);

struct budget {
	int used, slow, blocks, helped, acted;
};

struct it {
	json_t *st, *chars, *scen;
	json_t *story, *events, *rolls;
	json_t *plans;			/* {NAME: plan} */
	struct draw_source *draws;
	struct budget b[MAXC];
	json_t *pending;		/* push costs owed, in order */
	char err[512];
	int failed;
	int round;
	json_t *help_for;		/* the character whose action may be helped */
	int help_slow;			/* the kind of that action */
	int acted[MAXC];		/* took its turn this round */
	int last_hit;			/* the last shot hit */
	int throwing;			/* the shot is a throw (Mobility) */
	char helptext[200];
	json_t *log;			/* every story line, for the state's log */
	json_t *subject;		/* whose doing the lines tell (NULL: everyone sees them) */
	int quiet;			/* no story (bot games): it_say() tells nothing */
	const json_t *told_to;		/* when set, the seats every line goes to (a push's costs) */
	int turn_open;			/* a turn's lines are being told */
	json_t *heard;			/* the seats told that turn's header (NULL: every seat) */
	json_t *turn_actor;		/* whose turn it is */
	char turn_header[160];		/* "-- Neo's turn (card 3)" */
	json_t *last_to;		/* the seats the last line went to, veiled or not (NULL: public) */
	const char *echo;		/* a name a plan wrote that its seat does not see, told as written */
};

int it_can_see(const json_t *state, const json_t *viewer, const json_t *target);

/* ---------- small JSON helpers ---------- */

static inline long gi(const json_t *o, const char *k)
{
	return (long)json_integer_value(json_object_get(o, k));
}

static inline void si(json_t *o, const char *k, long v)
{
	json_object_set_new(o, k, json_integer(v));
}

static inline const char *gs(const json_t *o, const char *k)
{
	const char *s = json_string_value(json_object_get(o, k));

	return s ? s : "";
}

static inline const char *nm(const json_t *c)
{
	return gs(c, "name");
}

static inline size_t ncharacters(const struct it *it)
{
	return json_array_size(it->chars);
}

static inline json_t *chr(const struct it *it, size_t i)
{
	return json_array_get(it->chars, i);
}

static inline int idx(const struct it *it, const json_t *c)
{
	size_t i;

	for (i = 0; i < ncharacters(it); i++)
		if (chr(it, i) == c)
			return (int)i;
	return 0;
}

static inline json_t *by_name(const struct it *it, const char *name)
{
	return it_char(it->st, name);
}

static inline int is_status(const json_t *c, const char *s)
{
	return !strcmp(gs(c, "status"), s);
}

static inline int active(const json_t *c)
{
	return c && is_status(c, "active");
}

static inline int enemies(const json_t *a, const json_t *b)
{
	return strcmp(gs(a, "side"), gs(b, "side")) != 0;
}

static inline int in_list(const json_t *list, const char *name)
{
	json_t *v;
	size_t i;

	json_array_foreach(list, i, v)
		if (!strcmp(json_string_value(v), name))
			return 1;
	return 0;
}

static inline int engaged_with(const json_t *a, const json_t *b)
{
	return in_list(json_object_get(a, "engaged"), nm(b));
}

enum { R_E, R_S, R_M, R_L, R_X };
extern const char it_range_letter[];	/* a range's letter: E S M L X */

/* A weapon's columns (R3.2). */
struct wstat {
	const char *type;
	int two_handed, bonus, damage, range;
	const char *family, *ammo;
	int mag;
};

/* A skill roll: base, skill and gear dice, their faces and successes. */
struct roll {
	int nb, ns, ng, n;
	int f[MAXD];
	int succ, pushed, mental;
	char who[64], weapon[64];
};

static inline int card_of(const json_t *c)
{
	return json_is_integer(json_object_get(c, "card")) ? (int)gi(c, "card") : 99;
}

/* ---------- shared between the resolver's files ---------- */

/* story.c: story lines, told to the seats that see them (R18) */
int it_seat_sees(struct it *it, const char *seat, const json_t *target);
void it_tell(struct it *it, json_t *to, const char *text);
void it_say(struct it *it, const char *fmt, ...);
void it_say_about(struct it *it, json_t *c, const char *fmt, ...);
void it_say_to(struct it *it, const json_t *to, const char *fmt, ...);
const char *it_unseen_echo(struct it *it, const json_t *c, const char *name);
int it_player_sees(struct it *it, const json_t *c, const json_t *target);
void it_turn_begins(struct it *it, json_t *c);
void it_turn_ends(struct it *it);

/* world.c: characters, the map (R2), weapons (R3.2) */
void it_list_remove(json_t *list, const char *name);
void it_disengage_all(struct it *it, json_t *c);
void it_engage(json_t *a, json_t *b);
int it_engaged_active(const struct it *it, const json_t *c);
json_t *it_zone(const struct it *it, const char *id);
int it_has_feature(const struct it *it, const char *id, const char *f);
json_t *it_border(const struct it *it, const char *a, const char *b);
int it_passable(const json_t *br);
int it_distance(const struct it *it, const char *a, const char *b, int passable_only, char *first,
		size_t flen);
int it_range_between(const struct it *it, const json_t *a, const json_t *b);
int it_line_of_sight(const struct it *it, const char *a, const char *b);
struct wstat it_weapon_of(const json_t *w);
json_t *it_weapon_named(const json_t *c, const char *name);
json_t *it_drawn(const json_t *c);
int it_is_close_weapon(const json_t *w);
int it_is_gun(const json_t *w);

/* rolls.c: dice (R1, R16), harm (R10-R13), the action budget (R5.2) */
int it_draw_faces(struct it *it, const char *kind, const char *who, int n, int *faces);
void it_faces_text(const int *f, int n, char *buf, size_t len);
int it_injury_mod(const json_t *c, const char *key);
int it_cmp_op(long a, const char *op, long b);
int it_skill_roll(struct it *it, json_t *c, const char *skill, int gear, int mod,
		  const char *what, const char *modtext, const char *pushkind, const char *weapon,
		      struct roll *r);
void it_lose_position(json_t *c);
void it_end_grapples(struct it *it, json_t *c);
void it_make_dead(struct it *it, json_t *c);
int it_harm(struct it *it, json_t *c, int n, int is_mental, int attack);
int it_hit_damage(struct it *it, json_t *att, json_t *t, int dmg, int ranged);
int it_pay_pushes(struct it *it);
int it_can_spend(const struct it *it, const json_t *c, int slow);
void it_spend(struct it *it, const json_t *c, int slow);
size_t it_initiative(const struct it *it, json_t **out);

/* attacks.c: close combat, shots, overwatch (R7-R9) */
void it_grapple(struct it *it, json_t *c, json_t *t);
int it_watch_shot(struct it *it, json_t *w, json_t *t, const char *how);
int it_watch_fire(struct it *it, json_t *w, json_t *t, const char *how);
int it_overwatch_fire(struct it *it, json_t *c, const char *on);
int it_shoot(struct it *it, json_t *c, json_t *t, json_t *w, json_t *using, int overwatch,
	     int finish);
int it_can_shoot_at(struct it *it, json_t *w, json_t *c, json_t *t);
int it_throw_at(struct it *it, json_t *c, json_t *t, json_t *w, json_t *using);
int it_supply_roll(struct it *it, json_t *c, const char *ammo);
int it_melee(struct it *it, json_t *c, json_t *t, json_t *w, json_t *using, int free_attack,
	     int finish, int pummel);

/* actions.c: one alternative of a slot, guards (R6-R12, R15.2) */
int it_perform(struct it *it, json_t *c, json_t *alt, char *why, size_t len);
int it_guard_holds(struct it *it, json_t *c, json_t *g);
const char *it_alt_text(json_t *alt, char *buf, size_t len);

#endif
