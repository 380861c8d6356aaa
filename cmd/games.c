/*
 * mxjudge games: the rulesets this judge plays (core/ruleset.h), with
 * their seats, settings and tools, for a game master choosing
 * `campaign new NAME --game GAME`.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "core/ruleset.h"

static const char *kind_name(enum ruleset_setting_kind k)
{
	static const char *const names[] = { "int", "bool", "text", "choice" };

	return (unsigned)k < sizeof(names) / sizeof(names[0]) ? names[k] : "?";
}

static json_t *game_json(const struct ruleset *rs)
{
	const struct ruleset_setting *s;
	const struct ruleset_tool *t;
	const struct ruleset_data_kind *d;
	const char *const *side;
	json_t *o = json_pack("{s:s,s:s,s:s,s:i,s:i,s:b,s:b,s:b,s:b,s:s?,s:[],s:[],s:[],s:[]}",
			      "name", rs->name, "title", rs->title, "seat_word", rs->seat_word,
			      "min_seats", rs->min_seats, "max_seats", rs->max_seats,
			      "hidden_information", !!(rs->flags & RULESET_HIDDEN),
			      "game_master_seat", !!(rs->flags & RULESET_GM_SEAT),
			      "solo", !!(rs->flags & RULESET_SOLO),
			      "series", !!(rs->flags & RULESET_SERIES), "man_page", rs->man_page,
			      "sides", "settings", "data", "tools");

	if (!o)
		return NULL;
	for (side = rs->sides; side && *side; side++)
		json_array_append_new(json_object_get(o, "sides"), json_string(*side));
	for (s = rs->settings; s && s->key; s++) {
		json_t *j = json_pack("{s:s,s:s,s:s?,s:s}", "key", s->key, "kind", kind_name(s->kind),
				      "default", s->def, "help", s->help);

		if (j && s->kind == SETTING_INT) {
			json_object_set_new(j, "min", json_integer(s->min));
			json_object_set_new(j, "max", json_integer(s->max));
		}
		if (j && s->kind == SETTING_CHOICE)
			json_object_set_new(j, "choices", json_string(s->choices));
		json_array_append_new(json_object_get(o, "settings"), j);
	}
	for (d = rs->data_kinds; d && d->name; d++)
		json_array_append_new(json_object_get(o, "data"),
				      json_pack("{s:s,s:s}", "kind", d->name, "help", d->help));
	for (t = rs->tools; t && t->name; t++)
		json_array_append_new(json_object_get(o, "tools"),
				      json_pack("{s:s,s:s}", "name", t->name, "summary", t->summary));
	return o;
}

static void print_game(const struct ruleset *rs)
{
	const struct ruleset_setting *s;
	const struct ruleset_tool *t;
	const char *const *side;

	printf("%s: %s\n", rs->name, rs->title);
	printf("  seats: %d to %d (%s)", rs->min_seats, rs->max_seats, rs->seat_word);
	for (side = rs->sides; side && *side; side++)
		printf("%s%s", side == rs->sides ? "; sides: " : ", ", *side);
	putchar('\n');
	for (s = rs->settings; s && s->key; s++)
		printf("  setting %-12s %s (default %s)\n", s->key, s->help, s->def ? s->def : "none");
	for (t = rs->tools; t && t->name; t++)
		printf("  tool    mxjudge %s %-9s %s\n", rs->name, t->name, t->summary);
	if (rs->man_page)
		printf("  manual  %s\n", rs->man_page);
}

static int games_run(struct cmd_ctx *ctx, int argc, char **argv)
{
	const struct ruleset *const *rs;
	int json = 0;
	const struct cmd_opt opts[] = {
		CMD_FLAG("json", &json),
		CMD_END
	};

	(void)ctx;
	if (cmd_options(argc, argv, opts))
		return EXIT_USAGE;
	if (optind != argc)
		return EXIT_USAGE;
	if (json) {
		json_t *all = json_array();

		for (rs = ruleset_all(); all && *rs; rs++)
			json_array_append_new(all, game_json(*rs));
		return cmd_print_json(all, JSON_PRESERVE_ORDER);
	}
	for (rs = ruleset_all(); *rs; rs++) {
		if (rs != ruleset_all())
			putchar('\n');
		print_game(*rs);
	}
	return EXIT_OK;
}

const struct cmd games_cmd[] = {
	{ "games", "[--json]", games_run, 0, "list the games this judge plays", NULL },
	{ NULL, NULL, NULL, 0, NULL, NULL }
};
