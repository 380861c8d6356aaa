/*
 * Template engine: the input is a template (templates can be edited by a
 * game master, so treat them as hostile). mustache_check, then
 * mustache_render_limits with small caps over a fixed data object and a few
 * partials, one of them recursive.
 */
#include "fuzz.h"

#include <jansson.h>

#include "core/mustache.h"

static const char data_text[] =
	"{\"campaign\":\"Ring <&> \\\"One\\\"\",\"turn\":7,\"zero\":0,\"pi\":3.25,\"yes\":true,"
	"\"no\":false,\"none\":null,\"empty\":[],\"obj\":{\"a\":{\"b\":{\"c\":\"deep\"}},\"n\":1},"
	"\"ships\":[{\"ship\":\"Minx\",\"actions\":[{\"n\":1,\"action\":\"MOVE\"},{\"n\":2,\"action\":\"LEFT\"}]},"
	"{\"ship\":\"Locust\",\"actions\":[]},{\"ship\":\"<b>x</b>\",\"list\":[1,2,[3,[4]]]}],"
	"\"list\":[\"a\",\"b\",\"c\"],\"nested\":[[1,2],[3]]}";

/* name -> text; "self" and "loop" recurse, "big" multiplies output. */
static const char *const partial_table[][2] = {
	{ "row", "<{{.}}>\n" },
	{ "ship", "SHIP {{{ship}}}{{#actions}} {{n}}-{{action}}{{/actions}}\n" },
	{ "self", "[{{>self}}]" },
	{ "loop", "{{#list}}{{>loop}}{{/list}}" },
	{ "big", "{{#list}}{{#list}}{{#list}}{{campaign}}{{/list}}{{/list}}{{/list}}" },
	{ "bad", "{{#open}}" },
	{ "delim", "{{=<% %>=}}<% turn %>" },
};

static char *load_partial(void *ctx, const char *name)
{
	size_t i;

	(void)ctx;
	for (i = 0; i < sizeof(partial_table) / sizeof(partial_table[0]); i++)
		if (!strcmp(partial_table[i][0], name))
			return strdup(partial_table[i][1]);
	return NULL;
}

static const json_t *fixed_data(void)
{
	static json_t *data;

	if (!data) {
		data = json_loads(data_text, 0, NULL);
		if (!data)
			abort();
	}
	return data;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct mustache_partials partials = { load_partial, NULL };
	/* Small caps, so hostile templates hit them fast instead of timing out. */
	static const struct mustache_limits limits = { 1 << 16, 200000 };
	struct strbuf out = STRBUF_INIT;
	const char *tmpl = (const char *)data;
	char err[256];
	int rc;

	err[0] = '\0';
	rc = mustache_check(tmpl, size, err, sizeof(err));
	FUZZ_ASSERT(rc == 0 || err[0], "check failed without a message");
	/* On failure the output goes back to its length on entry. */
	strbuf_addstr(&out, "kept:");
	err[0] = '\0';
	rc = mustache_render_limits(tmpl, size, fixed_data(), &partials, &limits, &out,
				    err, sizeof(err));
	if (rc < 0) {
		FUZZ_ASSERT(out.len == 5 && !memcmp(out.buf, "kept:", 5),
			    "failed render left %zu bytes", out.len);
		FUZZ_ASSERT(err[0], "render failed without a message");
	} else {
		FUZZ_ASSERT(out.len <= 5 + limits.max_output, "output %zu over the cap", out.len);
	}
	strbuf_release(&out);
	return 0;
}
