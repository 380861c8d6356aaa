# scripts/layout.sh (make lint, make check) fails on what it is there
# for: a circle between two files of judge/, a .c file over 1,500 lines,
# a .c file that does not open with a comment; and passes a tree with
# none of them. The tree is a small one made here, built with cc.
cc=${CC:-cc}
command -v "$cc" >/dev/null || { echo "skipped: no C compiler"; exit 0; }
mkdir -p tree/judge tree/cmd tree/build/judge
cat >tree/judge/low.c <<'C'
/* low: called, calls nothing of judge/. */
int low(void);
int low(void) { return 1; }
C
cat >tree/judge/high.c <<'C'
/* high: calls low. */
int low(void);
int high(void);
int high(void) { return low() + 1; }
C
build() {
	for f in tree/judge/*.c; do
		"$cc" -c -o "tree/build/judge/$(basename "$f" .c).o" "$f"
	done
}
build
LAYOUT_ROOT=$PWD/tree sh "$ROOT/scripts/layout.sh" build >out 2>err
contains out "judge/ has no circle"

# low calls high back: a circle, named with the calls that make it.
cat >tree/judge/low.c <<'C'
/* low: now calls high, a higher layer. */
int high(void);
int low(void);
int low(void) { return high() - 1; }
C
build
if LAYOUT_ROOT=$PWD/tree sh "$ROOT/scripts/layout.sh" build >out 2>err; then
	echo "a circle passed"; cat out err; exit 1
fi
contains err "a circle among judge/'s files"
contains err "judge/low.c -> judge/high.c (high)"
contains err "judge/high.c -> judge/low.c (low)"

# No circle, but a file without its opening comment and one too long.
cat >tree/judge/low.c <<'C'
int low(void);
int low(void) { return 1; }
C
build
awk 'BEGIN { print "/* long */"; for (i = 0; i < 1500; i++) print "" }' >tree/cmd/long.c
if LAYOUT_ROOT=$PWD/tree sh "$ROOT/scripts/layout.sh" build >out 2>err; then
	echo "a bad layout passed"; cat out err; exit 1
fi
contains err "layout: judge/low.c:1: expected a comment saying what the file holds"
contains err "layout: cmd/long.c: 1501 lines, more than 1500: split it by job"
lacks err "circle"
