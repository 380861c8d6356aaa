/*
 * wrap: every line within a width (see wrap.h).
 */
#include "wrap.h"

#include <string.h>

size_t wrap_columns(const char *s, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += ((unsigned char)s[i] & 0xc0) != 0x80;
	return n;
}

/* The length of line's prefix that its continuations repeat: indent, then "> " or "; " marks. */
static size_t mark_len(const char *line, size_t len)
{
	size_t i = 0;

	for (;;) {
		while (i < len && line[i] == ' ')
			i++;
		if (i + 1 < len && (line[i] == '>' || line[i] == ';') && line[i + 1] == ' ')
			i += 2;
		else
			return i;
	}
}

/*
 * Where to break rest (len bytes, on a line whose first col columns are
 * taken): the offset of the last blank that keeps the part within width,
 * else the first blank; len for none.
 */
static size_t break_at(const char *rest, size_t len, size_t col, size_t width)
{
	size_t i, best = len, first = len, cols = col;

	for (i = 0; i < len; i++) {
		/* Never just after a pipe: the command goes on from the pipe. */
		if (rest[i] == ' ' && i > 0 && rest[i - 1] != '|') {
			if (cols <= width)
				best = i;
			if (first == len)
				first = i;
		}
		cols += ((unsigned char)rest[i] & 0xc0) != 0x80;
		if (cols > width && best != len)
			break;
	}
	return best != len ? best : first;
}

static void wrap_line(const char *line, size_t len, size_t width, struct strbuf *out)
{
	size_t mark = mark_len(line, len), pos, cut, col, end;

	if (wrap_columns(line, len) <= width || mark >= len) {
		strbuf_add(out, line, len);
		return;
	}
	/* The first part keeps its own prefix; continuations get it plus two blanks (prose: none). */
	strbuf_add(out, line, mark);
	col = wrap_columns(line, mark);
	pos = mark;
	for (;;) {
		if (col + wrap_columns(line + pos, len - pos) <= width ||
		    (cut = break_at(line + pos, len - pos, col, width)) == len - pos) {
			strbuf_add(out, line + pos, len - pos);
			return;
		}
		end = pos + cut;
		while (end > pos && line[end - 1] == ' ')
			end--;
		strbuf_add(out, line + pos, end - pos);
		pos += cut;
		while (pos < len && line[pos] == ' ')
			pos++;
		/* A shell pipeline to paste goes on after a backslash. */
		if (pos < len && line[pos] == '|')
			strbuf_addstr(out, " \\");
		strbuf_addch(out, '\n');
		if (pos == len)
			return;
		strbuf_add(out, line, mark);
		if (mark) {
			strbuf_addstr(out, "  ");
			col = wrap_columns(line, mark) + 2;
		} else {
			col = 0;
		}
	}
}

/* Whether every line of text is within width bytes, so within width columns. */
static int all_short(const char *text, size_t width)
{
	const char *p = text, *nl;

	while ((nl = strchr(p, '\n'))) {
		if ((size_t)(nl - p) > width)
			return 0;
		p = nl + 1;
	}
	return strlen(p) <= width;
}

void wrap_text(const char *text, size_t width, struct strbuf *out)
{
	const char *p = text, *nl;

	/* Nearly every mail: nothing to break, so one copy (make bench figure 3). */
	if (all_short(text, width)) {
		strbuf_addstr(out, text);
		return;
	}
	while (*p) {
		nl = strchr(p, '\n');
		wrap_line(p, nl ? (size_t)(nl - p) : strlen(p), width, out);
		if (!nl)
			return;
		strbuf_addch(out, '\n');
		p = nl + 1;
	}
}
