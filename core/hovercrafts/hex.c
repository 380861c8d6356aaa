/*
 * hex: board geometry for pointy-topped hexes in odd-r offset rows;
 * hex.h.
 */
#include "hex.h"

#include <string.h>

static const char *const facing_names[FACE_COUNT] = { "E", "NE", "NW", "W", "SW", "SE" };

/* Neighbour offsets per facing, for even and odd 0-based rows (rulings 1). */
static const int even_delta[FACE_COUNT][2] = {
	{ 1, 0 }, { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 }
};
static const int odd_delta[FACE_COUNT][2] = {
	{ 1, 0 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { 0, 1 }, { 1, 1 }
};

static int upper(int c)
{
	return (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
}

int hex_parse(const char *label, struct hex *out)
{
	const char *p = label;
	long col = 0, row = 0;
	int letters = 0, digits = 0;

	if (!label)
		return -1;
	/* Bijective base 26: A..Z, AA..AZ, BA ... */
	while (upper(*p) >= 'A' && upper(*p) <= 'Z') {
		col = col * 26 + (upper(*p) - 'A' + 1);
		if (++letters > 3)
			return -1;
		p++;
	}
	while (*p >= '0' && *p <= '9') {
		row = row * 10 + (*p - '0');
		if (++digits > 4)
			return -1;
		p++;
	}
	if (!letters || !digits || *p || row < 1)
		return -1;
	out->col = (int)col - 1;
	out->row = (int)row - 1;
	return 0;
}

void hex_column_name(int col, char *buf, size_t len)
{
	char tmp[8];
	int n = 0, i;
	long c = (long)col + 1;

	if (len == 0)
		return;
	if (col < 0) {
		buf[0] = '\0';
		return;
	}
	while (c > 0 && n < (int)sizeof(tmp)) {
		c--;
		tmp[n++] = (char)('A' + c % 26);
		c /= 26;
	}
	for (i = 0; i < n && (size_t)i + 1 < len; i++)
		buf[i] = tmp[n - 1 - i];
	buf[i] = '\0';
}

void hex_format(struct hex h, char *buf, size_t len)
{
	char col[8];
	size_t n;
	int row = h.row + 1;
	char digits[12];
	int d = 0;

	if (len == 0)
		return;
	if (h.col < 0 || h.row < 0) {
		/* Off-board positions have no label; say so rather than lie. */
		strncpy(buf, "off", len - 1);
		buf[len - 1] = '\0';
		return;
	}
	hex_column_name(h.col, col, sizeof(col));
	n = strlen(col);
	if (n >= len)
		n = len - 1;
	memcpy(buf, col, n);
	do {
		digits[d++] = (char)('0' + row % 10);
		row /= 10;
	} while (row > 0 && d < (int)sizeof(digits));
	while (d > 0 && n + 1 < len)
		buf[n++] = digits[--d];
	buf[n] = '\0';
}

int hex_equal(struct hex a, struct hex b)
{
	return a.col == b.col && a.row == b.row;
}

struct hex hex_neighbor(struct hex h, enum facing f)
{
	const int(*d)[2] = (h.row & 1) ? odd_delta : even_delta;
	struct hex n = { h.col + d[f][0], h.row + d[f][1] };

	return n;
}

/* odd-r offset -> cube (x, z); y = -x - z. */
static void to_cube(struct hex h, int *x, int *z)
{
	*x = h.col - (h.row - (h.row & 1)) / 2;
	*z = h.row;
}

static int iabs(int v)
{
	return v < 0 ? -v : v;
}

int hex_distance(struct hex a, struct hex b)
{
	int ax, az, bx, bz, dx, dz, dy, m;

	to_cube(a, &ax, &az);
	to_cube(b, &bx, &bz);
	dx = iabs(ax - bx);
	dz = iabs(az - bz);
	dy = iabs((-ax - az) - (-bx - bz));
	m = dx > dz ? dx : dz;
	return m > dy ? m : dy;
}

int hex_adjacent(struct hex a, struct hex b)
{
	return hex_distance(a, b) == 1;
}

int hex_in_front_arc(struct hex from, enum facing f, struct hex target)
{
	int k;

	for (k = -1; k <= 1; k++) {
		enum facing g = (enum facing)((f + k + FACE_COUNT) % FACE_COUNT);

		if (hex_equal(hex_neighbor(from, g), target))
			return 1;
	}
	return 0;
}

int hex_compare(struct hex a, struct hex b)
{
	if (a.row != b.row)
		return a.row < b.row ? -1 : 1;
	if (a.col != b.col)
		return a.col < b.col ? -1 : 1;
	return 0;
}

int facing_parse(const char *name)
{
	int i;

	if (!name)
		return -1;
	for (i = 0; i < FACE_COUNT; i++) {
		const char *a = facing_names[i], *b = name;

		while (*a && upper(*b) == *a) {
			a++;
			b++;
		}
		if (!*a && !*b)
			return i;
	}
	return -1;
}

const char *facing_name(enum facing f)
{
	if ((int)f < 0 || f >= FACE_COUNT)
		return "?";
	return facing_names[f];
}

enum facing facing_left(enum facing f)
{
	return (enum facing)((f + 1) % FACE_COUNT);
}

enum facing facing_right(enum facing f)
{
	return (enum facing)((f + FACE_COUNT - 1) % FACE_COUNT);
}
