/*
 * map: boards as data: random boards, hand-made boards from text,
 * start zones and the board's JSON form; map.h.
 */
#include "map.h"

#include <stdlib.h>
#include <string.h>

#include "lib/errbuf.h"
#include "setup.h"
#include "state_json.h"

void map_def_init(struct map_def *m)
{
	memset(m, 0, sizeof(*m));
}

void map_def_release(struct map_def *m)
{
	game_map_release(&m->map);
	free(m->zone);
	map_def_init(m);
}

int map_has_zones(const struct map_def *m)
{
	return m->zone && m->nzone[TEAM_ZION] && m->nzone[TEAM_MACHINES];
}

static size_t cell(const struct game_map *map, struct hex h)
{
	return (size_t)h.row * (size_t)map->width + (size_t)h.col;
}

static int alloc_zones(struct map_def *m)
{
	m->zone = calloc((size_t)m->map.width * (size_t)m->map.height, 1);
	return m->zone ? 0 : -1;
}

int map_generate(struct map_def *m, int width, int height, int density, uint64_t seed,
		 char *err, size_t errlen)
{
	map_def_init(m);
	return setup_random_map(&m->map, width, height, density, seed, err, errlen);
}

int map_connected(const struct map_def *m)
{
	const struct game_map *map = &m->map;
	size_t cells = (size_t)map->width * (size_t)map->height, head = 0, tail = 0, i;
	unsigned char *seen;
	size_t *queue;
	int ok = 0;

	if (!map_has_zones(m))
		return setup_map_crossable(map);
	seen = calloc(cells, 1);
	queue = malloc(cells * sizeof(*queue));
	if (!seen || !queue)
		goto out;
	for (i = 0; i < cells; i++)
		if (m->zone[i] == 1 + TEAM_ZION) {
			seen[i] = 1;
			queue[tail++] = i;
		}
	while (head < tail && !ok) {
		size_t c = queue[head++];
		struct hex h = { (int)(c % (size_t)map->width), (int)(c / (size_t)map->width) };
		int f;

		if (m->zone[c] == 1 + TEAM_MACHINES) {
			ok = 1;
			break;
		}
		for (f = 0; f < FACE_COUNT; f++) {
			struct hex nb = hex_neighbor(h, (enum facing)f);

			if (!game_map_on_board(map, nb) || game_map_is_wall(map, nb) ||
			    seen[cell(map, nb)])
				continue;
			seen[cell(map, nb)] = 1;
			queue[tail++] = cell(map, nb);
		}
	}
out:
	free(seen);
	free(queue);
	return ok;
}

/* One row of text: [s, e) without the line end. */
struct row {
	const char *s;
	size_t n;
	int line;
};

int map_parse_text(struct map_def *m, const char *text, const char *name, char *err,
		   size_t errlen)
{
	struct row *rows = NULL;
	size_t nrows = 0, alloc = 0, i, j;
	const char *p = text;
	int line = 0, first[TEAM_COUNT][2] = { { 0, 0 }, { 0, 0 } }, rc = -1;

	map_def_init(m);
	while (*p) {
		const char *eol = strchr(p, '\n'), *s = p, *e;

		line++;
		if (!eol)
			eol = p + strlen(p);
		p = *eol ? eol + 1 : eol;
		e = eol;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			e--;
		if (s < e && *s == ';')
			continue;
		if (nrows == alloc) {
			struct row *r = realloc(rows, (alloc = alloc ? 2 * alloc : 16) * sizeof(*r));

			if (!r) {
				errbuf_set(err, errlen, "%s: out of memory", name);
				goto out;
			}
			rows = r;
		}
		rows[nrows].s = s;
		rows[nrows].n = (size_t)(e - s);
		rows[nrows].line = line;
		nrows++;
	}
	/* Blank lines at the end are no rows; a blank line before a row is. */
	while (nrows && !rows[nrows - 1].n)
		nrows--;
	if (!nrows) {
		errbuf_set(err, errlen, "%s:1:1: expected at least one row of hexes ('.', '#', 'Z' or 'M')",
		     name);
		goto out;
	}
	for (i = 0; i < nrows; i++) {
		for (j = 0; j < rows[i].n; j++) {
			char c = rows[i].s[j];

			if (c != '.' && c != '#' && c != 'Z' && c != 'z' && c != 'M' && c != 'm') {
				if ((unsigned char)c < ' ' || (unsigned char)c >= 0x7f)
					errbuf_set(err, errlen, "%s:%d:%zu: expected '.', '#', 'Z' or 'M', got byte "
					     "0x%02x", name, rows[i].line, j + 1, (unsigned char)c);
				else
					errbuf_set(err, errlen, "%s:%d:%zu: expected '.', '#', 'Z' or 'M', got '%c'",
					     name, rows[i].line, j + 1, c);
				goto out;
			}
		}
		if (rows[i].n > MAP_MAX_SIDE) {
			errbuf_set(err, errlen, "%s:%d:%d: expected at most %d hexes in a row", name,
			     rows[i].line, MAP_MAX_SIDE + 1, MAP_MAX_SIDE);
			goto out;
		}
		if (rows[i].n != rows[0].n) {
			errbuf_set(err, errlen, "%s:%d:%zu: expected %zu hexes in this row, as in the first "
			     "(line %d), got %zu", name, rows[i].line,
			     (rows[i].n < rows[0].n ? rows[i].n : rows[0].n) + 1, rows[0].n,
			     rows[0].line, rows[i].n);
			goto out;
		}
	}
	if (nrows > MAP_MAX_SIDE) {
		errbuf_set(err, errlen, "%s:%d:1: expected at most %d rows", name, rows[MAP_MAX_SIDE].line,
		     MAP_MAX_SIDE);
		goto out;
	}
	if (rows[0].n < 2) {
		errbuf_set(err, errlen, "%s:%d:%zu: expected at least two hexes in a row (the fleets start "
		     "apart)", name, rows[0].line, rows[0].n + 1);
		goto out;
	}
	if (game_map_init(&m->map, (int)rows[0].n, (int)nrows) < 0 || alloc_zones(m) < 0) {
		errbuf_set(err, errlen, "%s: out of memory", name);
		goto out;
	}
	for (i = 0; i < nrows; i++)
		for (j = 0; j < rows[i].n; j++) {
			struct hex h = { (int)j, (int)i };
			char c = rows[i].s[j];
			int t = (c == 'Z' || c == 'z') ? TEAM_ZION
				: (c == 'M' || c == 'm') ? TEAM_MACHINES : -1;

			game_map_set_wall(&m->map, h, c == '#');
			if (t < 0)
				continue;
			m->zone[cell(&m->map, h)] = (unsigned char)(1 + t);
			if (!m->nzone[t]++) {
				first[t][0] = rows[i].line;
				first[t][1] = (int)j + 1;
			}
		}
	for (i = 0; i < TEAM_COUNT; i++) {
		int other = i == TEAM_ZION ? TEAM_MACHINES : TEAM_ZION;

		if (m->nzone[i] && !m->nzone[other]) {
			errbuf_set(err, errlen, "%s:%d:%d: expected start hexes for %s too ('%c'), as for %s "
			     "here", name, first[i][0], first[i][1], team_title((enum team)other),
			     other == TEAM_ZION ? 'Z' : 'M', team_title((enum team)i));
			goto out;
		}
	}
	if (!m->nzone[TEAM_ZION]) {
		free(m->zone);
		m->zone = NULL;
	}
	rc = 0;
out:
	free(rows);
	if (rc)
		map_def_release(m);
	return rc;
}

void map_format_text(const struct map_def *m, struct strbuf *out)
{
	struct hex h;

	for (h.row = 0; h.row < m->map.height; h.row++) {
		for (h.col = 0; h.col < m->map.width; h.col++) {
			int z = m->zone ? m->zone[cell(&m->map, h)] : 0;

			strbuf_addch(out, game_map_is_wall(&m->map, h) ? '#'
				     : z == 1 + TEAM_ZION ? 'Z' : z == 1 + TEAM_MACHINES ? 'M' : '.');
		}
		strbuf_addch(out, '\n');
	}
}

int map_from_json(struct map_def *m, const json_t *o, const char *name, char *err,
		  size_t errlen)
{
	json_t *root = json_object();
	const json_t *starts, *v;
	struct game_state st;
	size_t i;
	int t;

	map_def_init(m);
	if (!root) {
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	/* The state reader checks size and walls. */
	json_object_set_new(root, "map", json_deep_copy(o));
	json_object_set_new(root, "ships", json_array());
	if (state_from_json(&st, root, name, err, errlen) < 0) {
		json_decref(root);
		return -1;
	}
	json_decref(root);
	m->map = st.map;
	st.map.walls = NULL;
	st.map.width = st.map.height = 0;
	game_state_release(&st);
	starts = json_object_get(o, "starts");
	if (!starts || json_is_null(starts))
		return 0;
	if (!json_is_object(starts) || alloc_zones(m) < 0) {
		errbuf_set(err, errlen, "%s: map.starts: expected {\"zion\":[hexes],\"machines\":[hexes]}",
		     name);
		goto fail;
	}
	for (t = 0; t < TEAM_COUNT; t++) {
		const json_t *list = json_object_get(starts, team_name((enum team)t));

		if (!json_is_array(list) || !json_array_size(list)) {
			errbuf_set(err, errlen, "%s: map.starts.%s: expected a list of start hexes", name,
			     team_name((enum team)t));
			goto fail;
		}
		json_array_foreach(list, i, v) {
			struct hex h;

			if (!json_is_string(v) || hex_parse(json_string_value(v), &h) < 0 ||
			    !game_map_on_board(&m->map, h) || game_map_is_wall(&m->map, h) ||
			    m->zone[cell(&m->map, h)]) {
				errbuf_set(err, errlen, "%s: map.starts.%s[%zu]: expected a free hex of the board, "
				     "not a wall nor another start hex", name, team_name((enum team)t), i);
				goto fail;
			}
			m->zone[cell(&m->map, h)] = (unsigned char)(1 + t);
			m->nzone[t]++;
		}
	}
	return 0;
fail:
	map_def_release(m);
	return -1;
}

json_t *map_to_json(const struct map_def *m)
{
	json_t *o = json_object(), *walls = json_array(), *starts = NULL;
	struct hex h;
	int t;

	if (!o || !walls)
		goto fail;
	json_object_set_new(o, "width", json_integer(m->map.width));
	json_object_set_new(o, "height", json_integer(m->map.height));
	for (h.row = 0; h.row < m->map.height; h.row++)
		for (h.col = 0; h.col < m->map.width; h.col++)
			if (game_map_is_wall(&m->map, h))
				json_array_append_new(walls, state_hex_json(h));
	json_object_set_new(o, "walls", walls);
	walls = NULL;
	if (!map_has_zones(m))
		return o;
	starts = json_object();
	if (!starts)
		goto fail;
	for (t = 0; t < TEAM_COUNT; t++) {
		json_t *list = json_array();

		for (h.row = 0; list && h.row < m->map.height; h.row++)
			for (h.col = 0; h.col < m->map.width; h.col++)
				if (m->zone[cell(&m->map, h)] == 1 + t)
					json_array_append_new(list, state_hex_json(h));
		json_object_set_new(starts, team_name((enum team)t), list);
	}
	json_object_set_new(o, "starts", starts);
	return o;
fail:
	json_decref(o);
	json_decref(walls);
	return NULL;
}

int map_place_fleets(struct game_state *st, const struct map_def *m,
		     struct dice_source *dice, struct event_list *events, enum team *first,
		     char *err, size_t errlen)
{
	struct hex *free_hex = NULL;
	int t;
	size_t k;

	if (!map_has_zones(m))
		return setup_place_fleets(st, dice, events, first, err, errlen);
	*first = TEAM_COUNT;
	free_hex = malloc((size_t)m->map.width * (size_t)m->map.height * sizeof(*free_hex));
	if (!free_hex) {
		errbuf_set(err, errlen, "out of memory");
		return -1;
	}
	for (t = 0; t < TEAM_COUNT; t++) {
		int nfree = 0, n = 0, i = 0, other = 1 + (t == TEAM_ZION ? TEAM_MACHINES : TEAM_ZION);
		long sum = 0, osum = 0, on = 0;
		struct hex h;
		enum facing f;

		for (h.row = 0; h.row < m->map.height; h.row++)
			for (h.col = 0; h.col < m->map.width; h.col++) {
				int z = m->zone[cell(&m->map, h)];

				if (z == 1 + t) {
					free_hex[nfree++] = h;
					sum += h.col;
				} else if (z == other) {
					osum += h.col;
					on++;
				}
			}
		for (k = 0; k < st->nships; k++)
			n += st->ships[k].team == (enum team)t;
		if (!n) {
			errbuf_set(err, errlen, "%s has no ship", team_title((enum team)t));
			free(free_hex);
			return -1;
		}
		if (n > nfree) {
			errbuf_set(err, errlen, "%s has %d ship%s but only %d start hex%s", team_title((enum team)t),
			     n, n == 1 ? "" : "s", nfree, nfree == 1 ? "" : "es");
			free(free_hex);
			return -1;
		}
		/* Face the other side's zone: east when it lies to the right. */
		f = osum * nfree >= sum * on ? FACE_E : FACE_W;
		for (k = 0; k < st->nships; k++) {
			struct ship *s = &st->ships[k];

			if (s->team != (enum team)t)
				continue;
			s->pos = free_hex[(2 * i + 1) * nfree / (2 * n)];
			s->facing = f;
			s->status = SHIP_ACTIVE;
			s->actions = 0;
			i++;
		}
	}
	free(free_hex);
	(void)dice;
	(void)events;
	return 0;
}
