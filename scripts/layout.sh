#!/bin/sh
# scripts/layout.sh BUILD: the layout rules of issue 27 (README, "The code").
#  - No circle among the judge's services (judge/): file A calls file B
#    when A's object needs a symbol B's object defines (nm); the graph
#    must sort (tsort), as a lower layer never calls a higher one.
#  - No .c file over 1,500 lines.
#  - Every .c file opens with a comment saying what it holds.
# Run by `make lint` and `make check`; exits 1 naming what is wrong.
# LAYOUT_ROOT: another tree to check (tests/cli/layout.t).
#
# Files allowed over the line limit while they wait to be split by
# job; none today. Add one only with the issue that splits it.
waived=''
max=1500
build=${1:-build}
root=${LAYOUT_ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 1
bad=0

is_waived() {
	for w in $waived; do
		[ "$w" = "$1" ] && return 0
	done
	return 1
}

for f in lib/*.c core/*.c core/*/*.c db/*.c mail/*.c judge/*.c cmd/*.c \
	tests/*.c tests/*/*.c; do
	[ -f "$f" ] || continue
	is_waived "$f" && continue
	n=$(wc -l < "$f")
	if [ "$n" -gt "$max" ]; then
		echo "layout: $f: $n lines, more than $max: split it by job" >&2
		bad=1
	fi
	if [ "$(head -c 2 "$f")" != "/*" ]; then
		echo "layout: $f:1: expected a comment saying what the file holds" >&2
		bad=1
	fi
done

# The call graph of judge/'s objects: "caller callee" pairs for tsort.
case $build in /*) ;; *) build=$root/$build ;; esac
# The objects of today's sources only: a stale object of a file moved away
# would add calls that are no longer there.
objs=
for f in judge/*.c; do
	[ -f "$f" ] || continue
	o=$build/judge/$(basename "$f" .c).o
	if [ ! -f "$o" ]; then
		echo "layout: no $o: build first (make all)" >&2
		exit 1
	fi
	objs="$objs $o"
done
if [ -z "$objs" ]; then
	echo "layout: no judge/*.c in $root" >&2
	exit 1
fi
edges=$(for o in $objs; do
	f=judge/$(basename "$o" .o).c
	nm "$o" | awk -v f="$f" '
		$1 == "U" { print "U", $2, f; next }
		NF == 3 && $2 ~ /^[TDBRCGS]$/ { print "D", $3, f }'
done | awk '
	$1 == "D" { def[$2] = $3; next }
	{ use[++n] = $2; by[n] = $3 }
	END {
		for (i = 1; i <= n; i++)
			if ((use[i] in def) && def[use[i]] != by[i])
				print by[i], def[use[i]], use[i]
	}' | sort -u)
# Every file a node, so a file alone is sorted too.
loops=$( { for o in $objs; do f=judge/$(basename "$o" .o).c; echo "$f $f"; done
	   echo "$edges" | awk 'NF == 3 { print $1, $2 }'; } | tsort 2>&1 >/dev/null)
if [ -n "$loops" ]; then
	echo "layout: a circle among judge/'s files (a lower layer calls a higher one):" >&2
	echo "$loops" | grep -v 'input contains a loop' | sed 's/^tsort: /  /' >&2
	echo "$edges" | awk 'NF == 3 { printf "  %s -> %s (%s)\n", $1, $2, $3 }' >&2
	bad=1
fi
[ "$bad" = 0 ] && echo "layout: judge/ has no circle; every .c file opens with a comment and is at most $max lines"
exit $bad
