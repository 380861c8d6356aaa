# Another game's cases run by `mxjudge test` (core/gamecase.h), with the
# judge built with the test-only toy; a failing expectation names its line.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
expect_exit 0 test -v "$ROOT/tests/cli/data/toy-turn.case"
contains out "  ok   higher-total-scores (R1 card plus d10: the higher total scores a point)"
contains out "3 passed, 0 failed"
sed 's/state.winner "south2"/state.winner "north1"/' "$ROOT/tests/cli/data/toy-turn.case" >bad.case
expect_exit 1 test bad.case
contains out "bad.case:54: case last-turn-ends-the-game: expected state.winner = \"north1\", got \"south2\""
contains out "2 passed, 1 failed"
expect_exit 0 test --json "$ROOT/tests/cli/data/toy-turn.case"
python3 -c 'import json; t=json.load(open("out")); assert t["passed"] == 3 and t["cases"][0]["game"] == "toy"'
# Without the game in this judge: a clear error.
MXJUDGE=$(dirname "$MXJUDGE_TOY")/../mxjudge
expect_exit 65 test "$ROOT/tests/cli/data/toy-turn.case"
contains err "toy-turn.case:4: no game of that name ('mxjudge games' lists them)"
