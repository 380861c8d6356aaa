/*
 * picture: the games' boards as SVG (core/svg.c, core/GAME/picture.c).
 * Text from players is escaped; ships, tiles and characters land where
 * the geometry puts them; what a view marks face down is not drawn.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "core/picture.h"
#include "core/ruleset.h"
#include "core/svg.h"
#include "mail/rsvg_load.h"

static char *draw(int (*fn)(const json_t *, const char *, struct strbuf *, char *, size_t),
		  const char *view_text, const char *seat)
{
	struct strbuf sb = STRBUF_INIT;
	json_error_t jerr;
	json_t *view = json_loads(view_text, 0, &jerr);
	char err[256];

	assert_non_null(view);
	assert_int_equal(fn(view, seat, &sb, err, sizeof(err)), 0);
	json_decref(view);
	return strbuf_detach(&sb, NULL);
}

static void test_picture_escape(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	svg_text(&sb, 1, 2.25, 10, "middle", "#000", "A<b>&\"c'\x01\x1f");
	assert_string_equal(strbuf_str(&sb), "<text x=\"1\" y=\"2.3\" font-size=\"10\" "
			    "text-anchor=\"middle\" fill=\"#000\">A&lt;b&gt;&amp;&quot;c&#39;</text>\n");
	strbuf_release(&sb);
}

/* Minx at B2 (col 1, odd row 1: half a hex right) facing east; a wall at A1. */
static void test_picture_hover_geometry(void **state)
{
	char *svg = draw(hover_picture, "{\"turn\":2,\"map\":{\"width\":3,\"height\":2,\"walls\":"
			 "[\"A1\"]},\"ships\":[{\"name\":\"Minx\",\"team\":\"zion\",\"hex\":\"B2\","
			 "\"facing\":\"E\",\"status\":\"active\"},{\"name\":\"Locust\",\"team\":"
			 "\"machines\",\"hex\":\"C1\",\"facing\":\"W\",\"status\":\"disabled\"}]}",
			 "Minx");

	(void)state;
	/* x = 28 + 18 * sqrt(3) * 1.5 + 18 * sqrt(3) / 2, y = 28 + 27 + 18. */
	assert_non_null(strstr(svg, "<circle cx=\"90.4\" cy=\"73\" r=\"11.2\" fill=\"#2f6fb5\""));
	/* Facing east: the wedge's tip 0.95 R to the right. */
	assert_non_null(strstr(svg, "<polygon points=\"107.5,73 "));
	/* The walls in one dark path: A1's hexagon, its first corner 30 degrees above east. */
	assert_non_null(strstr(svg, "<path fill=\"#5b5346\" stroke=\"#3d372e\" d=\"M59.2,37.0L59.2,55.0L"
			       "43.6,64.0L28.0,55.0L28.0,37.0L43.6,28.0Z\"/>"));
	/* The disabled ship grey, crossed, without a facing wedge. */
	assert_non_null(strstr(svg, "<circle cx=\"105.9\" cy=\"46\" r=\"11.2\" fill=\"#9a9a9a\""));
	assert_null(strstr(svg, "<polygon points=\"88.8,46 "));
	assert_non_null(strstr(svg, "<title>Hovercrafts, turn 2, for Minx</title>"));
	free(svg);
}

static void test_picture_netrun_tiles(void **state)
{
	char *svg = draw(netrun_picture, "{\"run\":\"r<1>\",\"steps\":2,\"brain_damage\":1,"
			 "\"matrix\":{\"0,0\":{\"tile\":\"UA\",\"token\":true},\"1,0\":{\"tile\":"
			 "\"GN\",\"token\":false}},\"breakers\":{\"black\":{\"at\":\"1,0\"},"
			 "\"green\":{\"at\":\"out\"}}}", "r");

	(void)state;
	assert_non_null(strstr(svg, "Run r&lt;1&gt;: 2 steps, brain damage 1 of 10"));
	/* 0,0 is the second column and row (one empty space around). */
	assert_non_null(strstr(svg, "<rect x=\"88\" y=\"122\" width=\"52\" height=\"52\" "
			       "fill=\"#2f5fb5\""));
	assert_non_null(strstr(svg, ">A</text>"));
	assert_non_null(strstr(svg, ">FORT</text>"));
	/* The power-up on 0,0; the black breaker in 1,0's first corner. */
	assert_non_null(strstr(svg, "<circle cx=\"114\" cy=\"165\" r=\"5\" fill=\"#f2c230\""));
	assert_non_null(strstr(svg, "<circle cx=\"153\" cy=\"131\" r=\"7\" fill=\"#2b2b2b\""));
	assert_non_null(strstr(svg, "Breakers outside: green"));
	free(svg);
}

/* A face-down card is a back, even when the view (wrongly) names it. */
static void test_picture_legendary_face_down(void **state)
{
	char *svg = draw(legendary_picture, "{\"film\":1,\"act\":1,\"turn\":3,\"world\":\"matrix\","
			 "\"row\":[{\"card\":\"E-AGENT.1\",\"face\":\"up\"},null,null,null,"
			 "{\"card\":\"E-SECRET.9\",\"face\":\"down\"}],\"combat_zone\":[],"
			 "\"real_world\":[\"H-GHOST.1\"],\"dock\":[]}", NULL);

	(void)state;
	assert_non_null(strstr(svg, ">E-AGENT.1</text>"));
	assert_non_null(strstr(svg, ">face down</text>"));
	assert_null(strstr(svg, "E-SECRET.9"));
	assert_non_null(strstr(svg, ">H-GHOST.1</text>"));
	assert_non_null(strstr(svg, "in the Matrix"));
	free(svg);
}

/* The duel's hands are counts: the seat's own hand's cards are not drawn either. */
static void test_picture_duel_counts(void **state)
{
	char *svg = draw(duel_picture, "{\"turn\":4,\"time\":5,\"mp\":2,\"neb\":{\"hull\":3,"
			 "\"hits\":1},\"humans\":{\"hand\":[\"H22\",\"H17\"],\"deck_count\":20,"
			 "\"discard\":[\"H30\"],\"in_play\":[{\"id\":\"H03\",\"plugged\":true}]},"
			 "\"machines\":{\"hand_count\":6,\"deck_count\":18,\"discard\":[],"
			 "\"in_play\":[{\"id\":\"M01\"}]},\"names\":{\"H03\":\"Neo\",\"M01\":"
			 "\"Agent Smith\",\"H22\":\"I Know Kung Fu\"}}", "zion");

	(void)state;
	assert_non_null(strstr(svg, ">Hand 2</text>"));
	assert_non_null(strstr(svg, ">Hand 6</text>"));
	assert_non_null(strstr(svg, ">Deck 18</text>"));
	assert_non_null(strstr(svg, ">H03 Neo (in the Matrix)</text>"));
	assert_non_null(strstr(svg, ">M01 Agent Smith</text>"));
	assert_non_null(strstr(svg, ">1 of 3</text>"));
	assert_null(strstr(svg, "H22"));
	assert_null(strstr(svg, "Kung Fu"));
	free(svg);
}

static void test_picture_iterations_zones(void **state)
{
	char *svg = draw(iterations_picture, "{\"round\":2,\"scenario\":{\"title\":\"T\",\"zones\":"
			 "[{\"id\":\"Street\",\"exit\":true},{\"id\":\"Lobby\",\"cover\":[{\"id\":"
			 "\"desk\"}]}],\"borders\":[{\"zones\":[\"Street\",\"Lobby\"],\"type\":"
			 "\"door\",\"door\":\"closed\"}]},\"characters\":[{\"name\":\"Neo\",\"side\":"
			 "\"crew\",\"zone\":\"Lobby\",\"cover\":\"desk\",\"status\":\"active\"}]}", "ann");

	(void)state;
	assert_non_null(strstr(svg, ">Street (exit)</text>"));
	assert_non_null(strstr(svg, ">cover: desk</text>"));
	assert_non_null(strstr(svg, ">door, closed</text>"));
	/* Neo in the second zone's first place. */
	assert_non_null(strstr(svg, "<circle cx=\"300\" cy=\"84\" r=\"6\" fill=\"#2f6fb5\""));
	assert_non_null(strstr(svg, ">Neo behind desk</text>"));
	free(svg);
}

/* Every game registers its picture, and a view it cannot read is an error. */
static void test_picture_hooks(void **state)
{
	const struct ruleset *const *all = ruleset_all();
	struct strbuf sb = STRBUF_INIT;
	json_t *empty = json_object();
	char err[256] = "";
	size_t i;

	(void)state;
	for (i = 0; all[i]; i++)
		if (!(all[i]->flags & RULESET_TEST))
			assert_non_null(all[i]->draw);
	assert_int_equal(hover_picture(empty, NULL, &sb, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "map: expected a width and height"));
	assert_int_equal(iterations_picture(empty, NULL, &sb, err, sizeof(err)), -1);
	json_decref(empty);
	strbuf_release(&sb);
}

static uint32_t be32_at(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * The PNG of a small SVG, decoded here (zlib's uncompress, the "sub"
 * filter undone): each pixel's colour as drawn, a colour darker than its
 * left neighbour included (a byte difference that wraps), a half-
 * transparent one un-premultiplied, nothing drawn black; twice, so the
 * kept pixels of the first picture leave nothing in the second.
 */
static void test_picture_png_pixels(void **state)
{
	static const char svg[] =
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"2\">"
		"<rect x=\"0\" y=\"0\" width=\"1\" height=\"1\" fill=\"#ff0000\"/>"
		"<rect x=\"1\" y=\"0\" width=\"1\" height=\"1\" fill=\"#00ff00\"/>"
		"<rect x=\"2\" y=\"0\" width=\"1\" height=\"1\" fill=\"#0000ff\"/>"
		"<rect x=\"3\" y=\"0\" width=\"1\" height=\"1\" fill=\"#102030\"/>"
		"<rect x=\"0\" y=\"1\" width=\"1\" height=\"1\" fill=\"#ffffff\"/>"
		"<rect x=\"1\" y=\"1\" width=\"1\" height=\"1\" fill=\"#fe0102\"/>"
		"<rect x=\"2\" y=\"1\" width=\"1\" height=\"1\" fill=\"#804020\" "
		"fill-opacity=\"0.5\"/></svg>";
	static const int want[2][4][3] = {
		{ { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 16, 32, 48 } },
		{ { 255, 255, 255 }, { 254, 1, 2 }, { 128, 64, 32 }, { 0, 0, 0 } },
	};
	int (*uncompress)(unsigned char *, unsigned long *, const unsigned char *, unsigned long);
	void *z = dlopen("libz.so.1", RTLD_NOW);
	char err[256] = "";
	int round;

	(void)state;
	if (!rsvgx_available(err, sizeof(err)) || !z)
		skip();
	*(void **)&uncompress = dlsym(z, "uncompress");
	assert_non_null(uncompress);
	for (round = 0; round < 2; round++) {
		unsigned char *png = NULL, raw[2 * 13], *p;
		unsigned long rawlen = sizeof(raw);
		size_t len = 0;
		int x, y, k;

		assert_int_equal(rsvgx_png(svg, sizeof(svg) - 1, &png, &len, err, sizeof(err)), 0);
		assert_memory_equal(png, "\x89PNG\r\n\x1a\n", 8);
		assert_memory_equal(png + 12, "IHDR", 4);
		assert_int_equal(be32_at(png + 16), 4);
		assert_int_equal(be32_at(png + 20), 2);
		assert_int_equal(png[24], 8);	/* bits */
		assert_int_equal(png[25], 2);	/* RGB */
		p = png + 8 + 25;
		assert_memory_equal(p + 4, "IDAT", 4);
		assert_int_equal(uncompress(raw, &rawlen, p + 8, be32_at(p)), 0);
		assert_int_equal(rawlen, sizeof(raw));
		assert_memory_equal(p + 12 + be32_at(p) + 4, "IEND", 4);
		for (y = 0; y < 2; y++) {
			unsigned char *row = raw + y * 13;

			assert_int_equal(row[0], 1);	/* filter: sub */
			for (x = 0; x < 4; x++)
				for (k = 0; k < 3; k++) {
					int v = (row[1 + 3 * x + k] + (x ? row[3 * x + k - 2] : 0)) & 255;

					row[1 + 3 * x + k] = (unsigned char)v;
					/* cairo rounds the premultiplied half: within 1 */
					if (v < want[y][x][k] - 1 || v > want[y][x][k] + 1)
						fail_msg("pixel %d,%d channel %d: %d, expected %d", x, y, k, v,
							 want[y][x][k]);
					if (y == 0 || x != 2)
						assert_int_equal(v, want[y][x][k]);
				}
		}
		free(png);
	}
	dlclose(z);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_picture_escape),
		cmocka_unit_test(test_picture_hover_geometry),
		cmocka_unit_test(test_picture_netrun_tiles),
		cmocka_unit_test(test_picture_legendary_face_down),
		cmocka_unit_test(test_picture_duel_counts),
		cmocka_unit_test(test_picture_iterations_zones),
		cmocka_unit_test(test_picture_hooks),
		cmocka_unit_test(test_picture_png_pixels),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
