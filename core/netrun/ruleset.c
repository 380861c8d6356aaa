/*
 * netrun behind the generic interface (core/ruleset.h): settings, the
 * hooks, the bot and bot-only runs (simulate). Draws: "deal" from the
 * run-long sealed stream "sealed/deal:stack@0" (draw_arrange with the
 * rulings' two shuffles), "strength COLOUR", "reach black" and "choose
 * COLOUR" from "sealed/TAG:COLOUR@K" with K the state's count, so a
 * tagged draw file reads as the rulings write it (R11.3) and the sealed
 * generator gives R11.4's streams (namespace "piecepack").
 */
#include "core/ruleset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/netrun/netrun.h"
#include "lib/errbuf.h"
#include "core/picture.h"

static const char *const queue_tags[NR_QUEUES] = { "strength", "reach", "choose" };

/* ---------- dice from a draw source ---------- */

static int source_roll(void *ctx, int queue, int colour, int k, int *face, char *err,
		       size_t errlen)
{
	char stream[64], label[64];

	snprintf(stream, sizeof(stream), "sealed/%s:%s@%d", queue_tags[queue],
		 netrun_colour_names[colour], k);
	snprintf(label, sizeof(label), "%s %s", queue_tags[queue], netrun_colour_names[colour]);
	return draw_die(ctx, stream, label, 6, face, err, errlen);
}

static int source_deal(void *ctx, int stack[NR_TILES], char *err, size_t errlen)
{
	char codes[NR_TILES][3];
	const char *ids[NR_TILES];
	size_t perm[NR_TILES];
	int t;

	for (t = 0; t < NR_TILES; t++) {
		netrun_tile_code(t, codes[t]);
		ids[t] = codes[t];
	}
	if (draw_arrange(ctx, "sealed/deal:stack@0", "deal", ids, NR_TILES, netrun_deal_arrange,
			 NULL, perm, err, errlen) < 0)
		return -1;
	for (t = 0; t < NR_TILES; t++)
		stack[t] = (int)perm[t];
	return 0;
}

static struct netrun_dice source_dice(struct draw_source *src)
{
	struct netrun_dice d = { source_roll, source_deal, src };

	return d;
}

/* ---------- settings ---------- */

/* "basic", "custom", or up to four items (COLOUR=VALUE or VALUE in colour order). */
static int parse_breakers(const char *text, int opt[NR_COLOURS], char *err, size_t errlen)
{
	char buf[256], *p, *save = NULL;
	int c, next = 0;

	for (c = 0; c < NR_COLOURS; c++)
		opt[c] = NR_OPT_BASIC;
	if (!text || !strcmp(text, "basic"))
		return 0;
	if (!strcmp(text, "custom")) {
		for (c = 0; c < NR_COLOURS; c++)
			opt[c] = NR_OPT_ROLL;
		return 0;
	}
	if (strlen(text) >= sizeof(buf))
		goto bad;
	strcpy(buf, text);
	for (p = strtok_r(buf, " ,", &save); p; p = strtok_r(NULL, " ,", &save)) {
		char *eq = strchr(p, '='), *value = p, *end;
		long n;
		int k;

		if (eq) {
			*eq = '\0';
			value = eq + 1;
			if ((c = netrun_colour_parse(p)) < 0)
				goto bad;
		} else {
			if (next == NR_COLOURS)
				goto bad;
			c = next++;
		}
		n = strtol(value, &end, 10);
		if (!strcmp(value, "basic"))
			opt[c] = NR_OPT_BASIC;
		else if (!strcmp(value, "roll"))
			opt[c] = NR_OPT_ROLL;
		else if (*value && !*end && n >= 1 && n <= 6)
			opt[c] = (int)n;
		else if ((k = netrun_kind_of_word(value)) > 0 && NR_KIND_COLOUR(k) == c)
			opt[c] = 10 + k - NR_KIND(c, 1) + 1;
		else
			goto bad;
	}
	return 0;
bad:
	errbuf_set(err, errlen, "breakers: expected basic, custom, or per colour basic, roll, 1-6 "
		   "or a breaker's name (such as 'black=ankara green=roll red=3 blue=basic')");
	return -1;
}

static int options_from(const json_t *settings, struct netrun_state *st, char *err, size_t errlen)
{
	const json_t *t = json_object_get(settings, "target");

	netrun_state_init(st);
	st->target = json_is_integer(t) ? (int)json_integer_value(t) : -1;
	st->opt_nonce = json_is_true(json_object_get(settings, "nonce"));
	return parse_breakers(json_string_value(json_object_get(settings, "breakers")), st->opt, err,
			      errlen);
}

static int netrun_check_settings(const json_t *settings, const json_t *data, char *err,
				 size_t errlen)
{
	struct netrun_state st;

	(void)data;
	return options_from(settings, &st, err, errlen);
}

/* ---------- results ---------- */

static json_t *result_of(const struct netrun_state *st, json_t *events, json_t *story)
{
	json_t *state = netrun_state_to_json(st);

	if (!state || !events || !story) {
		json_decref(state);
		json_decref(events);
		json_decref(story);
		return NULL;
	}
	return json_pack("{s:o,s:o,s:o}", "state", state, "events", events, "story", story);
}

static int load(const json_t *state, struct netrun_state *st, char *err, size_t errlen)
{
	char inner[200];

	if (netrun_state_from_json(st, state, inner, sizeof(inner)) < 0) {
		errbuf_set(err, errlen, "netrun state: %s", inner);
		return -1;
	}
	return 0;
}

/* ---------- hooks ---------- */

static json_t *netrun_setup(const json_t *settings, const json_t *data, const json_t *seats,
			    struct draw_source *draws, char *err, size_t errlen)
{
	struct netrun_state st;
	struct netrun_play p;
	const char *name = json_string_value(json_object_get(json_array_get(seats, 0), "name"));
	char seal[65];
	int rc;

	(void)data;
	if (json_array_size(seats) != 1 || !name || !*name || strlen(name) >= NR_NAME_MAX) {
		errbuf_set(err, errlen, "a run has one runner, named in at most %d characters",
			   NR_NAME_MAX - 1);
		return NULL;
	}
	if (options_from(settings, &st, err, errlen) < 0)
		return NULL;
	/* The run is sealed under its campaign's name (a duplicate set's for its runs). */
	{
		const char *campaign = json_string_value(json_object_get(json_array_get(seats, 0),
									 "campaign"));

		strcpy(st.run, campaign && *campaign && strlen(campaign) < NR_NAME_MAX ? campaign : name);
		strcpy(st.runner, name);
	}
	rc = draw_seal(draws, st.run, seal, err, errlen);
	if (rc < 0)
		return NULL;
	if (rc > 0)
		strcpy(st.commitment, seal);
	memset(&p, 0, sizeof(p));
	p.st = &st;
	p.dice = source_dice(draws);
	p.events = json_array();
	p.story = json_array();
	if (st.opt_nonce) {
		st.status = NR_SETUP;
		json_array_append_new(p.story, json_string("The run waits for your nonce: begin your "
							   "first mail with NONCE and a word of your choice."));
	} else if (netrun_deal(&p) < 0) {
		errbuf_set(err, errlen, "%s", p.err);
		json_decref(p.events);
		json_decref(p.story);
		return NULL;
	}
	return result_of(&st, p.events, p.story);
}

static json_t *netrun_waiting_for(const json_t *state)
{
	const char *status = json_string_value(json_object_get(state, "status"));
	const char *run = json_string_value(json_object_get(state, "runner"));

	if (!run)
		run = json_string_value(json_object_get(state, "run"));
	if (status && !strcmp(status, "over"))
		return json_array();
	return json_pack("[s]", run && *run ? run : "runner");
}

static void refusal_text(const char *name, const struct netrun_refusal *ref, char *err,
			 size_t errlen)
{
	errbuf_set(err, errlen, "%s:%d: %s: %s", name ? name : "orders", ref->line, ref->code,
		   ref->message);
}

static json_t *netrun_read_orders(const json_t *state, const char *seat, const char *text,
				  const char *name, int flags, char *err, size_t errlen)
{
	struct netrun_state st;
	struct netrun_refusal ref;
	struct netrun_orders *o;
	json_t *lines, *out = NULL;
	int too_many;

	(void)flags;
	if (load(state, &st, err, errlen) < 0)
		return NULL;
	if (seat && strcmp(seat, st.runner)) {
		errbuf_set(err, errlen, "%s: this run's runner is %s, not %s", name, st.runner, seat);
		return NULL;
	}
	lines = netrun_lines(text, &too_many);
	o = malloc(sizeof(*o));
	if (!lines || !o) {
		errbuf_set(err, errlen, "out of memory");
		goto out;
	}
	if (too_many) {
		errbuf_set(err, errlen, "%s:%d: syntax: a mail holds at most %d order lines", name,
			   too_many, NR_MAX_ORDERS);
		goto out;
	}
	if (netrun_parse(&st, lines, o, &ref) < 0) {
		refusal_text(name, &ref, err, errlen);
		goto out;
	}
	out = json_pack("{s:O}", st.runner, lines);
out:
	free(o);
	json_decref(lines);
	return out;
}

static json_t *netrun_resolve(const json_t *state, const json_t *orders,
			      struct draw_source *draws, char *err, size_t errlen)
{
	struct netrun_state st;
	struct netrun_play p;
	struct netrun_orders *o = malloc(sizeof(*o));
	struct netrun_refusal ref;
	json_t *lines, *rest = NULL, *out = NULL;

	memset(&p, 0, sizeof(p));
	if (!o) {
		errbuf_set(err, errlen, "out of memory");
		return NULL;
	}
	if (load(state, &st, err, errlen) < 0)
		goto out;
	lines = json_object_get(orders, st.runner);
	if (!json_is_array(lines)) {
		errbuf_set(err, errlen, "netrun: expected the orders of %s as command lines", st.runner);
		goto out;
	}
	p.st = &st;
	p.dice = source_dice(draws);
	p.events = json_array();
	p.story = json_array();
	if (netrun_parse(&st, lines, o, &ref) < 0)
		goto refused;
	if (st.status == NR_SETUP) {
		/*
		 * R4, R10.4.1: with the nonce option, the NONCE line, the deal,
		 * then the rest of the mail; without it, the deal and the whole
		 * mail (its first line is a command, and the nonce stays null).
		 */
		if (st.opt_nonce) {
			snprintf(st.nonce, sizeof(st.nonce), "%s", o->o[0].nonce);
			st.have_nonce = 1;
			json_array_append_new(p.events, json_pack("{s:s,s:s}", "type", "nonce", "word",
								  st.nonce));
			if (draw_mix(draws, st.nonce, err, errlen) < 0)
				goto out;
		}
		if (netrun_deal(&p) < 0) {
			if (p.err[0])
				errbuf_set(err, errlen, "%s", p.err);
			goto out;
		}
		rest = json_array();
		json_array_extend(rest, lines);
		if (st.opt_nonce)
			json_array_remove(rest, 0);
		if (netrun_parse(&st, rest, o, &ref) < 0)
			goto refused;
	} else if (st.have_nonce && draw_mix(draws, st.nonce, err, errlen) < 0) {
		goto out;
	}
	if (netrun_play_orders(&p, o) < 0) {
		errbuf_set(err, errlen, "%s", p.err);
		goto out;
	}
	goto done;
refused:
	json_array_append_new(p.events, json_pack("{s:s,s:i,s:s,s:s,s:s}", "type", "refused", "line",
						  ref.line, "text", ref.text, "code", ref.code,
						  "message", ref.message));
	json_array_append_new(p.story, json_sprintf("The mail is refused, nothing of it is played "
						    "(line %d, %s): %s.", ref.line, ref.code,
						    ref.message));
done:
	out = result_of(&st, p.events, p.story);
	p.events = p.story = NULL;
	if (!out)
		errbuf_set(err, errlen, "out of memory");
out:
	json_decref(p.events);
	json_decref(p.story);
	json_decref(rest);
	free(o);
	return out;
}

static json_t *netrun_status(const json_t *state)
{
	const char *status = json_string_value(json_object_get(state, "status"));
	const char *result = json_string_value(json_object_get(state, "result"));
	const char *end = json_string_value(json_object_get(state, "end"));
	int over = status && !strcmp(status, "over");

	if (!over)
		return json_pack("{s:b,s:n}", "over", 0, "result");
	if (result && !strcmp(result, "win"))
		return json_pack("{s:b,s:s}", "over", 1, "result", "win");
	return json_pack("{s:b,s:s+}", "over", 1, "result", "loss: ", end ? end : "ended");
}

static json_t *netrun_view(const json_t *state, const char *seat)
{
	struct netrun_state st;
	struct strbuf sb = STRBUF_INIT;
	json_t *v;
	char err[200];

	(void)seat;
	if (netrun_state_from_json(&st, state, err, sizeof(err)) < 0)
		return json_pack("{s:s}", "error", err);
	v = netrun_state_to_json(&st);
	if (!v)
		return NULL;
	/* The stack is the secret of the run (R13.1) until it is over. */
	if (st.status != NR_OVER)
		json_object_del(v, "stack");
	netrun_report(&st, &sb);
	json_object_set_new(v, "report", json_string(sb.failed ? "" : strbuf_str(&sb)));
	strbuf_release(&sb);
	return v;
}

static json_t *netrun_order_form(const json_t *state, const char *seat)
{
	const char *status = json_string_value(json_object_get(state, "status"));

	(void)seat;
	if (status && !strcmp(status, "setup"))
		return json_string("NONCE \n");
	return json_string("# one order a line: RUN COLOUR x,y / SPEND COLOUR [N] / ABILITY COLOUR ...\n"
			   "# EXPECT COLOUR x,y / JACK OUT (mxjudge-netrun(7))\n");
}

static json_t *netrun_bot(const json_t *state, const char *seat, struct draw_source *draws,
			  char *err, size_t errlen)
{
	struct netrun_state st;
	struct strbuf sb = STRBUF_INIT;
	json_t *lines, *out;
	int too_many;

	(void)draws;
	if (load(state, &st, err, errlen) < 0)
		return NULL;
	netrun_bot_orders(&st, &sb);
	lines = netrun_lines(strbuf_str(&sb), &too_many);
	strbuf_release(&sb);
	out = lines ? json_pack("{s:o}", seat ? seat : st.runner, lines) : NULL;
	if (!out)
		errbuf_set(err, errlen, "out of memory");
	return out;
}

static json_t *netrun_forfeit(const json_t *state, const char *seat, const char *reason,
			      char *err, size_t errlen)
{
	struct netrun_state st;

	(void)seat;
	if (load(state, &st, err, errlen) < 0)
		return NULL;
	if (strcmp(reason, "abandoned")) {
		errbuf_set(err, errlen, "netrun: a run ends early only as abandoned, not '%s'", reason);
		return NULL;
	}
	st.status = NR_OVER;
	st.result = NR_LOSS;
	st.end = NR_END_ABANDONED;
	return netrun_state_to_json(&st);
}

static int netrun_compare_hook(const json_t *a, const json_t *b)
{
	struct netrun_state sa, sb;
	char err[200];

	if (netrun_state_from_json(&sa, a, err, sizeof(err)) < 0 ||
	    netrun_state_from_json(&sb, b, err, sizeof(err)) < 0)
		return 0;
	return netrun_compare(&sa, &sb);
}

static const char *netrun_order_help(void)
{
	return "RUN COLOUR x,y, SPEND COLOUR [N], ABILITY COLOUR ..., EXPECT COLOUR x,y, JACK OUT";
}

/* ---------- bot-only runs ---------- */

struct sim_dice {
	struct draw_rng rng;
};

static int sim_roll(void *ctx, int queue, int colour, int k, int *face, char *err, size_t errlen)
{
	struct sim_dice *d = ctx;

	(void)queue, (void)colour, (void)k, (void)err, (void)errlen;
	*face = (int)draw_rng_uniform(&d->rng, 6) + 1;
	return 0;
}

static int sim_deal(void *ctx, int stack[NR_TILES], char *err, size_t errlen)
{
	struct sim_dice *d = ctx;
	size_t perm[NR_TILES];
	int t;

	(void)err, (void)errlen;
	netrun_deal_arrange(NULL, &d->rng, NR_TILES, perm);
	for (t = 0; t < NR_TILES; t++)
		stack[t] = (int)perm[t];
	return 0;
}

#define SIM_OUTCOMES 7	/* games, win, brain-death, target, stalled, jacked-out, steps-out */
#define SIM_GROUPS (1 + NR_COLOURS * 7)
static const char *const sim_outcomes[SIM_OUTCOMES] = {
	"games", "win", "brain-death", "target", "stalled", "jacked-out", "unfinished"
};

/* Plays one bot-only run to its end (at most 400 steps); the outcome's index. */
static int sim_run(const struct netrun_state *start, uint64_t seed, uint64_t i,
		   struct netrun_state *st)
{
	struct sim_dice d;
	struct netrun_play p;
	struct netrun_orders o;
	int n;

	*st = *start;
	draw_rng_init(&d.rng, seed ^ (i * 0x9e3779b97f4a7c15ULL + 0x632be59bd9b4e019ULL));
	memset(&p, 0, sizeof(p));
	p.st = st;
	p.dice.roll = sim_roll;
	p.dice.deal = sim_deal;
	p.dice.ctx = &d;
	netrun_deal(&p);
	for (n = 0; n < 400 && st->status != NR_OVER; n++) {
		netrun_bot_step(st, &o);
		p.refused = 0;
		netrun_play_orders(&p, &o);
		if (p.refused)
			break;	/* a bot bug: counted as unfinished */
	}
	if (st->status != NR_OVER)
		return 6;
	switch (st->end) {
	case NR_END_WIN: return 1;
	case NR_END_BRAIN_DEATH: return 2;
	case NR_END_TARGET: return 3;
	case NR_END_STALLED: return 4;
	default: return 5;
	}
}

static json_t *netrun_simulate(const json_t *settings, const json_t *data, uint64_t seed, uint64_t first,
			       uint64_t count, char *err, size_t errlen)
{
	long long tally[SIM_GROUPS][SIM_OUTCOMES];
	struct netrun_state start, st;
	json_t *out;
	uint64_t i;
	int g, c, k;

	(void)data;
	memset(tally, 0, sizeof(tally));
	if (options_from(settings, &start, err, errlen) < 0)
		return NULL;
	start.opt_nonce = 0;
	for (i = first; i < first + count; i++) {
		int outcome = sim_run(&start, seed, i, &st), groups[1 + NR_COLOURS];

		groups[0] = 0;
		for (c = 0; c < NR_COLOURS; c++)
			groups[1 + c] = 1 + c * 7 + (st.br[c].kind ? (st.br[c].kind - 1) % 6 + 1 : 0);
		for (g = 0; g < 1 + NR_COLOURS; g++) {
			tally[groups[g]][0]++;
			tally[groups[g]][outcome]++;
		}
	}
	out = json_object();
	for (g = 0; out && g < SIM_GROUPS; g++) {
		json_t *one;
		char name[64];

		if (!tally[g][0])
			continue;
		if (!g)
			snprintf(name, sizeof(name), "all");
		else
			snprintf(name, sizeof(name), "%s %s", netrun_colour_names[(g - 1) / 7],
				 (g - 1) % 7 ? netrun_kind_word(NR_KIND((g - 1) / 7, (g - 1) % 7)) : "basic");
		one = json_object();
		for (k = 0; k < SIM_OUTCOMES; k++)
			json_object_set_new(one, sim_outcomes[k], json_integer(tally[g][k]));
		json_object_set_new(out, name, one);
	}
	if (!out)
		errbuf_set(err, errlen, "out of memory");
	return out;
}

/* ---------- the descriptor ---------- */

static const struct ruleset_setting netrun_settings[] = {
	{ "target", SETTING_INT, 0, 9, NULL, NULL,
	  "the brain damage the runner is willing to take (0-9); more ends the run", 1 },
	{ "nonce", SETTING_BOOL, 0, 0, NULL, "true",
	  "the deal waits for the runner's NONCE word (R11.4)", 1 },
	{ "breakers", SETTING_TEXT, 0, 0, NULL, "basic",
	  "basic, custom (all rolled), or per colour basic, roll, 1-6 or a name", 1 },
	{ "idle_days", SETTING_INT, 1, 365, NULL, "30",
	  "days without a mail before the judge ends the run (abandoned)", 0 },
	{ NULL, 0, 0, 0, NULL, NULL, NULL, 0 }
};

static const struct ruleset_tool netrun_tools[] = {
	{ "simulate", "bot-only runs, tallied by breaker" },
	{ NULL, NULL }
};

const struct ruleset netrun_ruleset = {
	.name = "netrun",
	.title = "Matrix: a solo netrun for the piecepack",
	.flags = RULESET_SOLO,
	.seat_word = "RUNNER",
	.sides = NULL,
	.min_seats = 1,
	.max_seats = 1,
	.settings = netrun_settings,
	.data_kinds = NULL,
	.tools = netrun_tools,
	.man_page = "mxjudge-netrun(7)",
	.order_help = netrun_order_help,
	.check_settings = netrun_check_settings,
	.setup = netrun_setup,
	.waiting_for = netrun_waiting_for,
	.read_orders = netrun_read_orders,
	.resolve = netrun_resolve,
	.status = netrun_status,
	.view = netrun_view,
	.order_form = netrun_order_form,
	.bot = netrun_bot,
	.forfeit = netrun_forfeit,
	.compare = netrun_compare_hook,
	.simulate = netrun_simulate,
	.draw_namespace = "piecepack",
	.draw = netrun_picture,
};
