#!/bin/sh
# Replays every saved input through its harness: tests/fuzz/regress/NAME/
# (past crashes, kept fixed) and tests/fuzz/corpus/NAME/ (the seeds).
# Usage: regress.sh BINDIR, where BINDIR holds replay-NAME built by
# `make fuzz-regress`. Prints one "fuzz-regress: N passed, N failed" line.
set -u
bindir=$1
here=$(dirname "$0")
passed=0 failed=0 skipped=0 rc=0
for bin in "$bindir"/replay-*; do
	[ -x "$bin" ] || continue
	name=${bin##*/replay-}
	out=$("$bin" "$here/regress/$name" "$here/corpus/$name") || rc=1
	printf '%s\n' "$out" | grep -v '^replay ' || true
	line=$(printf '%s\n' "$out" | grep "^replay $name: ")
	p=$(printf '%s\n' "$line" | sed -n 's/.*passed=\([0-9]*\).*/\1/p')
	f=$(printf '%s\n' "$line" | sed -n 's/.*failed=\([0-9]*\).*/\1/p')
	s=$(printf '%s\n' "$line" | sed -n 's/.*skipped=\([0-9]*\).*/\1/p')
	# No summary line means the driver itself died: count it as a failure.
	[ -n "$p" ] || { p=0 f=1 s=0 rc=1; echo "fuzz-regress: replay-$name gave no summary"; }
	echo "  $name $p ok, $f bad, $s pending"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done
if [ "$skipped" -gt 0 ]; then
	echo "fuzz-regress: $skipped pending input(s) crash until core/ is fixed (tests/fuzz/README.md)"
	echo "fuzz-regress: $passed passed, $failed failed, $skipped skipped"
else
	echo "fuzz-regress: $passed passed, $failed failed"
fi
exit $rc
