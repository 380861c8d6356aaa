/*
 * hex: board geometry for pointy-topped hexes in "odd-r" offset rows.
 *
 * Ownership: everything here is plain values; no function allocates.
 *
 * Offset coordinates (col, row) are 0-based and used for labels and maps
 * ("A1" is col 0, row 0; rows 2, 4, ... in the label, i.e. odd 0-based rows,
 * are shifted half a hex right). Distance and arcs go through cube
 * coordinates internally, as the rulings ask.
 */
#ifndef MX_HEX_H
#define MX_HEX_H

#include <stddef.h>

struct hex {
	int col;
	int row;
};

/* Counter-clockwise from east, as in the rulings. LEFT is +1, RIGHT is -1. */
enum facing {
	FACE_E = 0,
	FACE_NE,
	FACE_NW,
	FACE_W,
	FACE_SW,
	FACE_SE,
	FACE_COUNT
};

#define HEX_LABEL_MAX 16

/* "A1", "ab12" -> 0 on success, -1 if not a hex label. Case-insensitive. */
int hex_parse(const char *label, struct hex *out);
/* Writes "A1", "AB12" ...; buf should hold HEX_LABEL_MAX bytes. */
void hex_format(struct hex h, char *buf, size_t len);
/* Column letters only: 0 -> "A", 26 -> "AA". */
void hex_column_name(int col, char *buf, size_t len);

int hex_equal(struct hex a, struct hex b);
struct hex hex_neighbor(struct hex h, enum facing f);
int hex_distance(struct hex a, struct hex b);
/* 1 if target is one of the three hexes in front of a ship at from. */
int hex_in_front_arc(struct hex from, enum facing f, struct hex target);
/* 1 if a and b are adjacent. */
int hex_adjacent(struct hex a, struct hex b);
/* Canonical order for dice: top row first, then left to right. */
int hex_compare(struct hex a, struct hex b);

/* "E", "NE" ... case-insensitive; -1 if unknown. */
int facing_parse(const char *name);
const char *facing_name(enum facing f);
enum facing facing_left(enum facing f);
enum facing facing_right(enum facing f);

#endif
