# Helpers for tests/cli/*.t (sourced; sh -e is on).

# mx ARGS...: runs mxjudge (wrapped by $MXJUDGE_WRAP when set).
mx() {
	# shellcheck disable=SC2086
	$MXJUDGE_WRAP "$MXJUDGE" "$@"
}

# expect_exit CODE ARGS...: runs mxjudge, saves stdout/stderr to out/err,
# and fails unless it exits with CODE.
expect_exit() {
	want=$1; shift
	set +e
	mx "$@" >out 2>err
	got=$?
	set -e
	if [ "$got" -ne "$want" ]; then
		echo "expected exit $want, got $got: mxjudge $*"
		echo "stdout:"; cat out; echo "stderr:"; cat err
		return 1
	fi
}

# golden NAME FILE: compares FILE with tests/cli/golden/NAME
# (MXJUDGE_UPDATE_GOLDEN=1 rewrites it instead).
golden() {
	if [ "${MXJUDGE_UPDATE_GOLDEN:-}" = 1 ]; then
		mkdir -p "$GOLDEN"; cp "$2" "$GOLDEN/$1"; echo "updated golden $1"; return 0
	fi
	diff -u "$GOLDEN/$1" "$2"
}

# contains FILE TEXT: fails unless FILE holds TEXT. Mail is wrapped within
# 80 columns (lib/wrap.h): TEXT may go on over lines of FILE, each line
# break with its indent standing for one blank.
contains() {
	grep -F -- "$2" "$1" >/dev/null && return 0
	python3 - "$1" "$2" <<'PY' && return 0
import re, sys
flat = lambda t: re.sub(r"\s+", " ", t)
sys.exit(0 if flat(sys.argv[2]) in flat(open(sys.argv[1], errors="replace").read()) else 1)
PY
	echo "$1 lacks: $2"; echo "---"; cat "$1"; return 1
}

# lacks FILE TEXT: fails if FILE holds TEXT, on one line or wrapped over several.
lacks() {
	if grep -F -- "$2" "$1" >/dev/null || python3 - "$1" "$2" <<'PY'
import re, sys
flat = lambda t: re.sub(r"\s+", " ", t)
# Wrapped only where a line could break: between words, not at TEXT's own edges.
t = sys.argv[2]
sys.exit(0 if " " in t.strip() and t == t.strip() and flat(t) in flat(open(sys.argv[1], errors="replace").read()) else 1)
PY
	then echo "$1 should not hold: $2"; cat "$1"; return 1; fi
}

# game_ann_bob: in $db, the mail tests' campaign g (6 x 2, no walls, 24-hour
# turns) with Ann's Minx (Zion) and Bob's Locust (the Machines), started
# 2025-03-01T12:00Z; their passwords in $pa and $pb.
game_ann_bob() {
	mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
	pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
	pb=$(mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
	mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
}
