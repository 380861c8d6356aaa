/*
 * Orders parser: orders_parse in both modes, then orders_validate, the
 * plans and orders_format against a small fixed state (a mail body is the
 * most hostile input the judge reads).
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/hovercrafts/orders.h"
#include "core/hovercrafts/state_json.h"
#include "core/hovercrafts/turn.h"

/* Two live ships, a disabled one and one with the most actions allowed. */
static const char state_text[] =
	"{\"turn\":3,\"map\":{\"width\":7,\"height\":4,\"walls\":[\"D1\"]},\"ships\":["
	"{\"name\":\"Minx\",\"team\":\"zion\",\"hex\":\"G2\",\"facing\":\"W\",\"actions\":4},"
	"{\"name\":\"Locust\",\"team\":\"machines\",\"hex\":\"B4\",\"facing\":\"E\",\"actions\":2},"
	"{\"name\":\"Old Wreck\",\"team\":\"zion\",\"hex\":\"C2\",\"facing\":\"E\",\"status\":\"disabled\",\"damage\":3},"
	"{\"name\":\"Max\",\"team\":\"machines\",\"hex\":\"A1\",\"facing\":\"SE\",\"actions\":16}]}";

static struct game_state *fixed_state(void)
{
	static struct game_state st;
	static int ready;
	json_t *root;
	char err[256];

	if (ready)
		return &st;
	root = json_loads(state_text, 0, NULL);
	if (!root || state_from_json(&st, root, "fixed", err, sizeof(err)) < 0) {
		fprintf(stderr, "fuzz_orders: fixed state: %s\n", root ? err : "bad JSON");
		abort();
	}
	json_decref(root);
	ready = 1;
	return &st;
}

static void one(const char *text, int flags, const struct game_state *st)
{
	struct orders_doc doc;
	struct turn_plan plans[GAME_MAX_SHIPS];
	char err[512];
	size_t i;

	orders_doc_init(&doc);
	if (orders_parse(&doc, text, "fuzz", flags, err, sizeof(err)) < 0) {
		FUZZ_ASSERT(doc.n == 0 && doc.blocks == NULL, "failed parse left %zu blocks", doc.n);
		FUZZ_ASSERT(memchr(err, '\0', sizeof(err)) != NULL, "err not terminated");
		return;
	}
	for (i = 0; i < doc.n; i++) {
		char *s;

		FUZZ_ASSERT(doc.blocks[i].n >= 0 && doc.blocks[i].n <= ORDERS_MAX_ACTIONS,
			    "block %zu has %d actions", i, doc.blocks[i].n);
		s = orders_format(&doc.blocks[i]);
		free(s);
	}
	if (orders_validate(&doc, st, "fuzz", err, sizeof(err)) == 0)
		turn_plans_from_orders(st, &doc, plans);
	orders_doc_release(&doc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct game_state *st = fixed_state();
	char *text = fuzz_cstr(data, size);

	one(text, ORDERS_PLAIN, st);
	one(text, ORDERS_SUBMISSION, st);
	free(text);
	return 0;
}
