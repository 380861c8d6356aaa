/* duel_deck: deck files (rulings section 18) into plain card tables. */
#include "deck.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

const char *const duel_contest_names[DUEL_CONTESTS + 1] = {
	"interception", "combat", "mission", "escape", "detection", "pursuit", "battle", "any"
};
const char *const duel_side_names[DUEL_SIDES] = { "humans", "machines" };

static const char *const kind_names[] = { "", "freed", "zion", "program", "agent", "robot" };
static const char *const neutralize_names[] = { "", "one", "robots", "agents", "all" };

static int is_matrix_contest(int c)
{
	return c <= DUEL_ESCAPE;
}

static int word_index(const char *const *words, size_t n, const char *s)
{
	size_t i;

	for (i = 0; s && i < n; i++)
		if (!strcmp(words[i], s))
			return (int)i;
	return -1;
}

static int same_word(const char *a, size_t n, const char *word)
{
	size_t i;

	if (strlen(word) != n)
		return 0;
	for (i = 0; i < n; i++)
		if (toupper((unsigned char)a[i]) != word[i])
			return 0;
	return 1;
}

/*
 * The line each card object starts on: every '{' opened directly inside an
 * array that sits inside the top object (only "cards" is such an array).
 */
static void card_lines(const char *text, int *lines, size_t max)
{
	char stack[16];
	size_t depth = 0, ncards = 0;
	int line = 1, in_string = 0;
	const char *p;

	for (p = text; *p; p++) {
		if (*p == '\n')
			line++;
		if (in_string) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				in_string = 0;
			continue;
		}
		if (*p == '"') {
			in_string = 1;
		} else if (*p == '{' || *p == '[') {
			if (*p == '{' && depth == 2 && stack[0] == '{' && stack[1] == '[' &&
			    ncards < max)
				lines[ncards++] = line;
			if (depth < sizeof stack)
				stack[depth] = *p;
			depth++;
		} else if ((*p == '}' || *p == ']') && depth > 0) {
			depth--;
		}
	}
	while (ncards < max)
		lines[ncards++] = 0;
}

/* 1-40 characters: letters, digits, blank, ', -, ., !; a letter first; no word ON; not ALL, NONE, BASIC. */
static const char *name_problem(const char *name)
{
	size_t n = strlen(name), i, start;

	if (n < 1 || n > DUEL_NAME_MAX)
		return "a name has 1 to 40 characters";
	if (!isalpha((unsigned char)name[0]))
		return "a name starts with a letter";
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)name[i];

		if (!isalnum(ch) && !strchr(" '-.!", ch))
			return "a name has only letters, digits, blanks and ' - . !";
	}
	if (same_word(name, n, "ALL") || same_word(name, n, "NONE") || same_word(name, n, "BASIC"))
		return "ALL, NONE and BASIC are order words, not card names";
	for (i = 0; i <= n; i++) {
		start = i;
		while (i < n && name[i] != ' ')
			i++;
		if (same_word(name + start, i - start, "ON"))
			return "a name may not hold the word ON (it introduces a target)";
	}
	return NULL;
}

static int read_int(const json_t *v, int lo, int hi, int *out)
{
	json_int_t x;

	if (!json_is_integer(v))
		return -1;
	x = json_integer_value(v);
	if (x < lo || x > hi)
		return -1;
	*out = (int)x;
	return 0;
}

static int read_flag(const json_t *card, const char *key, int *out)
{
	const json_t *v = json_object_get(card, key);

	*out = 0;
	if (!v)
		return 0;
	if (!json_is_boolean(v))
		return -1;
	*out = json_is_true(v);
	return 0;
}

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

static int parse_mods(struct duel_card *c, const json_t *mods, const char *at, char *err,
		      size_t errlen)
{
	const char *key;
	const json_t *v;

	if (!json_is_object(mods))
		FAIL("%s: 'mods' is an object of contest: modifier", at);
	json_object_foreach((json_t *)mods, key, v) {
		int ci = word_index(duel_contest_names, DUEL_CONTESTS, key);

		if (ci < 0)
			FAIL("%s: no contest '%s' (expected interception, combat, mission, escape, detection, pursuit or battle)",
			     at, key);
		if (read_int(v, -9, 9, &c->mods[ci]) < 0)
			FAIL("%s: the %s modifier is an integer from -9 to 9", at, key);
		if ((c->kind == DUEL_AGENT || c->kind == DUEL_PROGRAM) && !is_matrix_contest(ci))
			FAIL("%s: %s is always in the Matrix and has no %s modifier", at, c->name, key);
		if ((c->kind == DUEL_ROBOT || c->kind == DUEL_ZION) && is_matrix_contest(ci))
			FAIL("%s: %s is always in the real world and has no %s modifier", at, c->name,
			     key);
	}
	return 0;
}

static int parse_play(struct duel_card *c, const json_t *play, const char *at, char *err,
		      size_t errlen)
{
	const char *key;
	const json_t *v;

	if (!json_is_object(play) || json_object_size(play) == 0)
		FAIL("%s: 'play' is an object of contest (or any): bonus, not empty", at);
	json_object_foreach((json_t *)play, key, v) {
		int ci = word_index(duel_contest_names, DUEL_CONTESTS + 1, key);

		if (ci < 0)
			FAIL("%s: no contest '%s' in 'play' (a contest or any)", at, key);
		if (read_int(v, 0, 9, &c->play[ci]) < 0)
			FAIL("%s: the %s bonus is an integer from 0 to 9", at, key);
		c->play_mask |= 1u << ci;
	}
	if ((c->play_mask & (1u << DUEL_ANY)) && c->play_mask != (1u << DUEL_ANY))
		FAIL("%s: 'any' stands alone in 'play'", at);
	return 0;
}

static int parse_card(struct duel_card *c, const json_t *card, enum duel_side side,
		      const char *at, char *err, size_t errlen)
{
	static const char *const allowed[] = { "id", "name", "type", "kind", "mods", "start", "neo",
		"exterminator", "play", "neutralize", "mp", "difficulty", "text" };
	const char *key, *id, *name, *type;
	const json_t *v;
	size_t i;

	if (!json_is_object(card))
		FAIL("%s: a card is an object", at);
	json_object_foreach((json_t *)card, key, v)
		if (word_index(allowed, sizeof allowed / sizeof *allowed, key) < 0)
			FAIL("%s: unknown field '%s'", at, key);
	id = json_string_value(json_object_get(card, "id"));
	if (!id)
		FAIL("%s: a card needs an 'id'", at);
	if (id[0] != (side == DUEL_HUMANS ? 'H' : 'M') || strlen(id) < 3 || strlen(id) > 4)
		FAIL("%s: id '%s': expected %c and 2-3 digits", at, id, side == DUEL_HUMANS ? 'H' : 'M');
	for (i = 1; id[i]; i++)
		if (!isdigit((unsigned char)id[i]))
			FAIL("%s: id '%s': expected %c and 2-3 digits", at, id,
			     side == DUEL_HUMANS ? 'H' : 'M');
	snprintf(c->id, sizeof c->id, "%s", id);
	name = json_string_value(json_object_get(card, "name"));
	if (!name)
		FAIL("%s: card %s needs a 'name'", at, id);
	if (name_problem(name))
		FAIL("%s: card %s: name '%.60s': %s", at, id, name, name_problem(name));
	snprintf(c->name, sizeof c->name, "%s", name);
	v = json_object_get(card, "text");
	if (v && !json_is_string(v))
		FAIL("%s: card %s: 'text' is a string", at, id);
	type = json_string_value(json_object_get(card, "type"));
	if (type && !strcmp(type, "character"))
		c->type = DUEL_CHARACTER;
	else if (type && !strcmp(type, "event"))
		c->type = DUEL_EVENT;
	else if (type && !strcmp(type, "mission"))
		c->type = DUEL_MISSION_CARD;
	else
		FAIL("%s: card %s: 'type' is character, event or mission", at, id);
	if (c->type == DUEL_MISSION_CARD && side != DUEL_HUMANS)
		FAIL("%s: card %s: only the Humans have mission cards", at, id);

	if (c->type != DUEL_CHARACTER) {
		static const char *const char_only[] = { "kind", "mods", "start", "neo", "exterminator" };

		for (i = 0; i < sizeof char_only / sizeof *char_only; i++)
			if (json_object_get(card, char_only[i]))
				FAIL("%s: card %s: '%s' is for characters only", at, id, char_only[i]);
	}
	if (c->type != DUEL_EVENT) {
		if (json_object_get(card, "play") || json_object_get(card, "neutralize"))
			FAIL("%s: card %s: 'play' and 'neutralize' are for events only", at, id);
	}
	if (c->type != DUEL_MISSION_CARD) {
		if (json_object_get(card, "mp") || json_object_get(card, "difficulty"))
			FAIL("%s: card %s: 'mp' and 'difficulty' are for missions only", at, id);
	}

	if (c->type == DUEL_CHARACTER) {
		int k = word_index(kind_names, sizeof kind_names / sizeof *kind_names,
				   json_string_value(json_object_get(card, "kind")));

		if (k <= 0)
			FAIL("%s: card %s: 'kind' is freed, zion, program, agent or robot", at, id);
		c->kind = (enum duel_kind)k;
		if (side == DUEL_HUMANS && k > DUEL_PROGRAM)
			FAIL("%s: card %s: the Humans' characters are freed, zion or program", at, id);
		if (side == DUEL_MACHINES && k < DUEL_AGENT)
			FAIL("%s: card %s: the Machines' characters are agent or robot", at, id);
		if (read_flag(card, "start", &c->start) < 0 || read_flag(card, "neo", &c->neo) < 0 ||
		    read_flag(card, "exterminator", &c->exterminator) < 0)
			FAIL("%s: card %s: start, neo and exterminator are true or false", at, id);
		if (c->neo && c->kind != DUEL_FREED)
			FAIL("%s: card %s: Neo is a freed human", at, id);
		if (c->exterminator && c->kind != DUEL_ROBOT)
			FAIL("%s: card %s: only robots are Extermination Units", at, id);
		v = json_object_get(card, "mods");
		if (v && parse_mods(c, v, at, err, errlen) < 0)
			return -1;
	} else if (c->type == DUEL_EVENT) {
		if (parse_play(c, json_object_get(card, "play"), at, err, errlen) < 0)
			return -1;
		v = json_object_get(card, "neutralize");
		if (v) {
			int n = word_index(neutralize_names,
					   sizeof neutralize_names / sizeof *neutralize_names,
					   json_string_value(v));

			if (n <= 0)
				FAIL("%s: card %s: 'neutralize' is one, robots, agents or all", at, id);
			c->neutralize = (enum duel_neutralize)n;
		}
	} else {
		if (read_int(json_object_get(card, "mp"), 1, 99, &c->mp) < 0)
			FAIL("%s: card %s: 'mp' is an integer from 1 to 99", at, id);
		if (read_int(json_object_get(card, "difficulty"), 0, 99, &c->difficulty) < 0)
			FAIL("%s: card %s: 'difficulty' is an integer from 0 to 99", at, id);
	}
	return 0;
}

/* Cards sharing a name are identical copies: every rule field equal. */
static int same_rules(const struct duel_card *a, const struct duel_card *b)
{
	return a->type == b->type && a->kind == b->kind && !memcmp(a->mods, b->mods, sizeof a->mods) &&
	       !memcmp(a->play, b->play, sizeof a->play) && a->play_mask == b->play_mask &&
	       a->neutralize == b->neutralize && a->start == b->start && a->neo == b->neo &&
	       a->exterminator == b->exterminator && a->mp == b->mp &&
	       a->difficulty == b->difficulty;
}

int duel_deck_parse(struct duel_deck *deck, enum duel_side side, const char *text,
		    const char *file, char *err, size_t errlen)
{
	json_t *root = NULL;
	json_error_t jerr;
	const json_t *cards, *v;
	const char *s;
	int lines[DUEL_DECK_MAX + 1];
	char at[300];
	size_t i, j, nneo = 0;
	int rc = -1;

	memset(deck, 0, sizeof *deck);
	deck->side = side;
	if (!file)
		file = duel_side_names[side];
	root = json_loads(text ? text : "", JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		snprintf(err, errlen, "%s:%d: not a deck file: %s", file, jerr.line, jerr.text);
		goto done;
	}
	card_lines(text, lines, DUEL_DECK_MAX + 1);
	if (!json_is_object(root)) {
		snprintf(err, errlen, "%s:1: a deck file is a JSON object", file);
		goto done;
	}
	s = json_string_value(json_object_get(root, "format"));
	if (!s || strcmp(s, "warpspawn-matrix-deck")) {
		snprintf(err, errlen, "%s:1: expected \"format\": \"warpspawn-matrix-deck\"", file);
		goto done;
	}
	v = json_object_get(root, "version");
	if (!json_is_integer(v) || json_integer_value(v) != 1) {
		snprintf(err, errlen, "%s:1: expected \"version\": 1", file);
		goto done;
	}
	s = json_string_value(json_object_get(root, "side"));
	if (!s || strcmp(s, duel_side_names[side])) {
		snprintf(err, errlen, "%s:1: expected \"side\": \"%s\" (this pack is the %s' deck)",
			 file, duel_side_names[side], duel_side_names[side]);
		goto done;
	}
	s = json_string_value(json_object_get(root, "name"));
	if (!s || !*s || strlen(s) > 80) {
		snprintf(err, errlen, "%s:1: expected a \"name\" of 1 to 80 characters", file);
		goto done;
	}
	snprintf(deck->name, sizeof deck->name, "%s", s);
	cards = json_object_get(root, "cards");
	if (!json_is_array(cards) || json_array_size(cards) == 0 ||
	    json_array_size(cards) > DUEL_DECK_MAX) {
		snprintf(err, errlen, "%s:1: expected \"cards\": a list of 1 to %d cards", file,
			 DUEL_DECK_MAX);
		goto done;
	}
	json_array_foreach(cards, i, v) {
		struct duel_card *c = &deck->cards[i];

		c->line = lines[i] ? lines[i] : 1;
		snprintf(at, sizeof at, "%s:%d", file, c->line);
		if (parse_card(c, v, side, at, err, errlen) < 0)
			goto done;
		for (j = 0; j < i; j++) {
			if (!strcmp(deck->cards[j].id, c->id)) {
				snprintf(err, errlen, "%s: id %s is already card %d's (line %d)", at,
					 c->id, (int)j + 1, deck->cards[j].line);
				goto done;
			}
			if (!strcasecmp(deck->cards[j].name, c->name) &&
			    !same_rules(&deck->cards[j], c)) {
				snprintf(err, errlen,
					 "%s: %s shares its name with %s (line %d) but not its rules; copies must be identical",
					 at, c->id, deck->cards[j].id, deck->cards[j].line);
				goto done;
			}
		}
		nneo += c->neo;
		deck->ncards++;
	}
	if (side == DUEL_HUMANS && nneo != 1) {
		snprintf(err, errlen, "%s:1: the Humans' deck has exactly one Neo (a freed human marked \"neo\"), not %zu",
			 file, nneo);
		goto done;
	}
	rc = 0;
done:
	json_decref(root);
	return rc;
}

int duel_deck_find_id(const struct duel_deck *deck, const char *id)
{
	size_t i;

	for (i = 0; id && i < deck->ncards; i++)
		if (!strcasecmp(deck->cards[i].id, id))
			return (int)i;
	return -1;
}

int duel_deck_find_name(const struct duel_deck *deck, const char *name)
{
	size_t i;

	for (i = 0; name && i < deck->ncards; i++)
		if (!strcasecmp(deck->cards[i].name, name))
			return (int)i;
	return -1;
}

int duel_card_value(const struct duel_card *card)
{
	int c, v = 0;

	for (c = 0; c < DUEL_CONTESTS; c++)
		v += card->mods[c];
	return v;
}

int duel_decks_from_packs(struct duel_deck decks[DUEL_SIDES], const json_t *data, char *err,
			  size_t errlen)
{
	static const char *const kinds[DUEL_SIDES] = { "deck-humans", "deck-machines" };
	static const char *const defaults[DUEL_SIDES] = { duel_default_humans, duel_default_machines };
	int side;

	for (side = 0; side < DUEL_SIDES; side++) {
		const json_t *pack = json_object_get(data, kinds[side]);
		const char *text = json_string_value(json_object_get(pack, "text"));
		const char *file = json_string_value(json_object_get(pack, "path"));

		if (!file)
			file = json_string_value(json_object_get(pack, "name"));
		if (pack && !text)
			FAIL("%s: the pack has no text", kinds[side]);
		if (duel_deck_parse(&decks[side], (enum duel_side)side, text ? text : defaults[side],
				    file ? file : kinds[side], err, errlen) < 0)
			return -1;
	}
	return 0;
}
