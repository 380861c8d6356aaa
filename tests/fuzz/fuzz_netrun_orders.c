/*
 * netrun's order reader and play: any mail text against a state with basic
 * or custom breakers (the first byte picks), read, then played with dice
 * from a small generator. The reader never crashes; a played mail leaves a
 * state the judge accepts (R14.2's refusals: no tile twice, breakers on
 * structures, no fourth neighbour, at most 5 tokens a colour).
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/netrun/netrun.h"

static int fuzz_roll(void *ctx, int queue, int colour, int k, int *face, char *err, size_t errlen)
{
	uint32_t *x = ctx;

	(void)queue, (void)colour, (void)k, (void)err, (void)errlen;
	*x = *x * 1103515245u + 12345u;
	*face = (int)(*x >> 16) % 6 + 1;
	return 0;
}

static int fuzz_deal(void *ctx, int stack[NR_TILES], char *err, size_t errlen)
{
	int t;

	(void)ctx, (void)err, (void)errlen;
	for (t = 0; t < NR_TILES; t++)
		stack[t] = (t + 1) % NR_TILES;	/* BA first: the top 14 are ice */
	return 0;
}

/* A small matrix: B2 at 0,0 (black), G3 at 1,0, fort RN at 2,0, UA at 0,1 (green). */
static void start(struct netrun_state *st, unsigned pick)
{
	static const int custom[4][4] = {
		{ NR_LISP, NR_FINN, NR_CHIBA, NR_BABYLON },
		{ NR_KUANG11, NR_TRINITY, NR_SLIVER, NR_DAHLIA },
		{ NR_ASSIMILATION, NR_CASECURRY, NR_STEALTH, NR_VIRAL },
		{ NR_DIAMOND, NR_DIX, NR_CRAY, NR_ENIGMA },
	};
	int c;

	netrun_state_init(st);
	st->s[0] = (struct nr_structure){ 0, 0, NR_TILE(NR_BLACK, 2), 0, 2 };
	st->s[1] = (struct nr_structure){ 1, 0, NR_TILE(NR_GREEN, 3), 1, 3 };
	st->s[2] = (struct nr_structure){ 2, 0, NR_TILE(NR_RED, 0), 1, 6 };
	st->s[3] = (struct nr_structure){ 0, 1, NR_TILE(NR_BLUE, 1), 0, 1 };
	st->ns = 4;
	st->stack[0] = NR_TILE(NR_BLACK, 3);
	st->stack[1] = NR_TILE(NR_GREEN, 0);
	st->stack[2] = NR_TILE(NR_BLUE, 5);
	st->nstack = 3;
	st->br[NR_BLACK].x = 0;
	st->br[NR_BLACK].y = 0;
	st->br[NR_GREEN].x = 0;
	st->br[NR_GREEN].y = 1;
	for (c = 0; c < NR_COLOURS; c++)
		st->held[c] = 2;
	if (pick & 4) {
		st->status = NR_SETUP;
		st->opt_nonce = 1;
	}
	if (pick & 3) {
		for (c = 0; c < NR_COLOURS; c++) {
			st->br[c].kind = custom[pick & 3][c];
			st->opt[c] = (st->br[c].kind - 1) % 6 + 1;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct netrun_state st;
	struct netrun_orders *o = malloc(sizeof(*o));
	struct netrun_refusal ref;
	struct netrun_play p;
	uint32_t seed = 7;
	json_t *lines;
	char *text, err[256];
	int too_many;

	if (!o)
		abort();
	start(&st, size ? data[0] : 0);
	text = fuzz_cstr(size ? data + 1 : data, size ? size - 1 : 0);
	lines = netrun_lines(text, &too_many);
	FUZZ_ASSERT(lines != NULL, "netrun_lines failed");
	if (!too_many && netrun_parse(&st, lines, o, &ref) == 0) {
		memset(&p, 0, sizeof(p));
		p.st = &st;
		p.dice.roll = fuzz_roll;
		p.dice.deal = fuzz_deal;
		p.dice.ctx = &seed;
		p.events = json_array();
		p.story = json_array();
		if (st.status == NR_SETUP) {
			FUZZ_ASSERT(o->n > 0 && o->o[0].cmd == NR_CMD_NONCE, "setup without NONCE read");
			netrun_deal(&p);
		}
		FUZZ_ASSERT(netrun_play_orders(&p, o) == 0, "play failed: %s", p.err);
		FUZZ_ASSERT(netrun_state_check(&st, err, sizeof(err)) == 0, "bad state: %s", err);
		FUZZ_ASSERT(st.bd >= 0 && st.bd <= 10, "brain damage %d", st.bd);
		json_decref(p.events);
		json_decref(p.story);
	} else if (!too_many) {
		FUZZ_ASSERT(ref.code[0] != '\0', "a refusal without a code");
	}
	json_decref(lines);
	free(text);
	free(o);
	return 0;
}
