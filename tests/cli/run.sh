#!/bin/sh
# Golden-file CLI tests. Every tests/cli/*.t is a shell script run with
# lib.sh sourced, in a fresh temporary directory; it fails by exiting
# non-zero. $MXJUDGE is the binary under test; $MXJUDGE_WRAP (e.g.
# valgrind) wraps every call. Ends with "cli: N passed, N failed".
# With arguments, runs only the tests of those names (run.sh signup vote).
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
: "${MXJUDGE:=$root/mxjudge}"
: "${MXJUDGE_TESTDATA:=$root/tests/data}"
export MXJUDGE MXJUDGE_TESTDATA
passed=0 failed=0 skipped=0
if [ $# -gt 0 ]; then
	set -- $(for n in "$@"; do printf '%s/%s.t ' "$here" "${n%.t}"; done)
else
	set -- "$here"/*.t
fi
for t in "$@"; do
	[ -e "$t" ] || continue
	name=$(basename "$t" .t)
	dir=$(mktemp -d "${TMPDIR:-/tmp}/mxjudge-cli.XXXXXX")
	# Each test has a home of its own: no test reads or writes the user's
	# default database (~/.local/share/mxjudge) or settings.
	if (cd "$dir" && HOME="$dir" XDG_DATA_HOME="$dir/.local/share" \
		ROOT="$root" GOLDEN="$here/golden" TEST="$name" \
		sh -ec ". '$here/lib.sh'; . '$t'") >"$dir.log" 2>&1; then
		passed=$((passed + 1))
		# A test that needs a missing server says "skipped: why" and passes.
		if grep -q '^skipped: ' "$dir.log"; then
			skipped=$((skipped + 1))
			echo "--- SKIP: $name: $(sed -n 's/^skipped: //p' "$dir.log" | head -1)"
		fi
	else
		failed=$((failed + 1))
		echo "--- FAIL: $name"
		sed 's/^/    /' "$dir.log"
	fi
	rm -rf "$dir" "$dir.log"
done
echo "cli: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
