#!/bin/sh
# Folds what a fuzz run found into the committed seeds: inputs of
# build/fuzz-clang/corpus/NAME/ that add coverage over corpus/NAME/ are
# copied in, smallest first, until corpus/NAME/ holds MAX files (300).
# Needs the clang build from run.sh. Usage: merge.sh NAME [MAX]
set -eu
h=$1 max=${2:-300}
cd "$(dirname "$0")/../.."
bin=build/fuzz-clang/fuzz_$h
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/out"
cp tests/fuzz/corpus/"$h"/* "$tmp/out/"
# Files already in OUT count first: only new coverage is added.
"$bin" -merge=1 "$tmp/out" "build/fuzz-clang/corpus/$h" >"$tmp/log" 2>&1 ||
	{ cat "$tmp/log" >&2; exit 1; }
have=$(ls tests/fuzz/corpus/"$h" | wc -l)
added=0
# Run-time seeds (FUZZ_SEEDS_NAME, run.sh) are third-party files: inputs
# that still carry one of their lines (40 bytes or more) stay out.
extra=$(eval "echo \"\${FUZZ_SEEDS_$h:-}\"")
[ -z "$extra" ] && [ "$h" = mail ] && extra=tests/data/mail-corpus
: >"$tmp/third"
if [ -n "$extra" ] && [ -d "$extra" ]; then
	find "$extra" -type f -exec cat {} + | tr -d '\r' | awk 'length >= 40' | sort -u >"$tmp/third"
fi
for f in $(cd "$tmp/out" && ls -S -r); do
	[ -e "tests/fuzz/corpus/$h/$f" ] && continue
	[ "$have" -ge "$max" ] && break
	# Crashing inputs never enter a corpus, but a size cap keeps seeds small.
	[ "$(wc -c <"$tmp/out/$f")" -le 8192 ] || continue
	if [ -s "$tmp/third" ] && tr -d '\r' <"$tmp/out/$f" | grep -aqxFf "$tmp/third"; then
		continue
	fi
	cp "$tmp/out/$f" "tests/fuzz/corpus/$h/$f"
	have=$((have + 1)) added=$((added + 1))
done
echo "merge $h: $added added, $have seeds"
