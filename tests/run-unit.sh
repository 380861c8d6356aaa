#!/bin/sh
# Runs each cmocka binary, adds up their counts, and ends with one
# "N passed, N failed" line. Exit 1 if any test failed or a binary crashed.
passed=0 failed=0 status=0
for t in "$@"; do
	out=$("$t" 2>&1); rc=$?
	p=$(printf '%s\n' "$out" | sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' | tail -1)
	f=$(printf '%s\n' "$out" | sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' | tail -1)
	p=${p:-0}; f=${f:-0}
	if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
		printf '%s\n' "$out"
		[ "$f" -eq 0 ] && f=1
		status=1
	fi
	printf '%-28s %3s passed, %s failed\n' "$(basename "$t")" "$p" "$f"
	# Suites that count external cases (the Mustache spec) say so on a line of their own.
	printf '%s\n' "$out" | grep -E '^[a-z][a-z ()-]*: [0-9]+ of [0-9]+ cases passed' | sed 's/^/  /' || true
	passed=$((passed + p)); failed=$((failed + f))
done
echo "unit: $passed passed, $failed failed"
exit $status
