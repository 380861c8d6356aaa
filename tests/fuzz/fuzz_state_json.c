/*
 * State JSON: json_loadb, state_from_json, then state_to_json must read
 * back to the very same state (what the judge writes it must read next turn).
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/hovercrafts/state_json.h"

static void same_state(const struct game_state *a, const struct game_state *b)
{
	size_t i, cells;
	int k;

	FUZZ_ASSERT(!strcmp(a->game, b->game), "game %s vs %s", a->game, b->game);
	FUZZ_ASSERT(a->turn == b->turn, "turn %d vs %d", a->turn, b->turn);
	FUZZ_ASSERT(a->winner == b->winner, "winner %d vs %d", (int)a->winner, (int)b->winner);
	FUZZ_ASSERT(a->map.width == b->map.width && a->map.height == b->map.height,
		    "map %dx%d vs %dx%d", a->map.width, a->map.height, b->map.width, b->map.height);
	cells = (size_t)a->map.width * (size_t)a->map.height;
	FUZZ_ASSERT(!cells || !memcmp(a->map.walls, b->map.walls, cells), "walls differ");
	FUZZ_ASSERT(a->nships == b->nships, "%zu ships vs %zu", a->nships, b->nships);
	for (i = 0; i < a->nships; i++) {
		const struct ship *s = &a->ships[i], *t = &b->ships[i];

		FUZZ_ASSERT(!strcmp(s->name, t->name), "ship %zu: %s vs %s", i, s->name, t->name);
		FUZZ_ASSERT(s->team == t->team && s->facing == t->facing && s->status == t->status,
			    "ship %s: team/facing/status differ", s->name);
		FUZZ_ASSERT(s->pos.col == t->pos.col && s->pos.row == t->pos.row,
			    "ship %s: hex (%d,%d) vs (%d,%d)", s->name, s->pos.col, s->pos.row,
			    t->pos.col, t->pos.row);
		for (k = 0; k < STAT_COUNT; k++)
			FUZZ_ASSERT(s->stat[k] == t->stat[k], "ship %s: %s %d vs %d", s->name,
				    stat_name((enum ship_stat)k), s->stat[k], t->stat[k]);
		FUZZ_ASSERT(s->damage == t->damage && s->actions == t->actions,
			    "ship %s: damage/actions differ", s->name);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct game_state st, back;
	json_t *root, *out, *reread, *out2;
	json_error_t jerr;
	char err[512], *text;

	root = json_loadb((const char *)data, size, 0, &jerr);
	if (!root)
		return 0;
	if (state_from_json(&st, root, "fuzz", err, sizeof(err)) < 0) {
		FUZZ_ASSERT(st.ships == NULL && st.map.walls == NULL, "failed parse kept memory");
		json_decref(root);
		return 0;
	}
	out = state_to_json(&st);
	FUZZ_ASSERT(out != NULL, "state_to_json failed");
	/* Through text, as the judge stores it. */
	text = json_dumps(out, JSON_COMPACT);
	FUZZ_ASSERT(text != NULL, "json_dumps failed");
	reread = json_loads(text, 0, &jerr);
	FUZZ_ASSERT(reread != NULL, "own output is not JSON: %s", jerr.text);
	FUZZ_ASSERT(state_from_json(&back, reread, "again", err, sizeof(err)) == 0,
		    "own output does not read back: %s\n%s", err, text);
	same_state(&st, &back);
	out2 = state_to_json(&back);
	FUZZ_ASSERT(out2 && json_equal(out, out2), "second round trip differs");
	json_decref(out2);
	game_state_release(&back);
	json_decref(reread);
	free(text);
	json_decref(out);
	game_state_release(&st);
	json_decref(root);
	return 0;
}
