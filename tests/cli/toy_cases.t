# Another game's cases run by `mxjudge test` (core/gamecase.h), with the
# judge built with the test-only toy; a failing expectation names its line.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
expect_exit 0 test -v "$ROOT/tests/cli/data/toy-turn.case"
contains out "  ok   higher-total-scores (R1 card plus d10: the higher total scores a point)"
contains out "5 passed, 0 failed"
sed 's/state.winner "south2"/state.winner "north1"/' "$ROOT/tests/cli/data/toy-turn.case" >bad.case
expect_exit 1 test bad.case
contains out "bad.case:54: case last-turn-ends-the-game: expected state.winner = \"north1\", got \"south2\""
contains out "4 passed, 1 failed"
expect_exit 0 test --json "$ROOT/tests/cli/data/toy-turn.case"
python3 -c 'import json; t=json.load(open("out")); assert t["passed"] == 5 and t["cases"][0]["game"] == "toy"'
# Without the game in this judge: a clear error.
MXJUDGE=$(dirname "$MXJUDGE_TOY")/../mxjudge
expect_exit 65 test "$ROOT/tests/cli/data/toy-turn.case"
contains err "toy-turn.case:4: no game of that name ('mxjudge games' lists them)"

# adjudicate plays another game's turn from its state file: per-seat
# orders, tagged draws, --json with the story and the draws taken.
MXJUDGE=$MXJUDGE_TOY
sed -n '/^case higher-total-scores/,/^orders north1/p' "$ROOT/tests/cli/data/toy-turn.case" |
	sed -n '/^state/,/^orders/p' | sed '1d;$d' >state.json
printf 'PLAY C4\n' >n.txt
printf 'PLAY C3\n' >s.txt
printf 'd10 north1 7\nd10 south2 3\nd10 south2 9\n' >draws.txt
expect_exit 0 adjudicate --state state.json --orders north1=n.txt --orders south2=s.txt --dice draws.txt --json
python3 - <<'PY'
import json
d = json.load(open("out"))
assert d["scores"] == {"north1": 1, "south2": 0}, d["scores"]
assert d["draws"] == ["d10 north1 7", "d10 south2 3"], d["draws"]
assert d["unused_draws"] == [{"line": 3, "draw": "d10 south2 9"}], d["unused_draws"]
assert d["story"][0] == "north1 plays C4 and rolls 7."
PY
expect_exit 0 adjudicate --state state.json --orders north1=n.txt --orders south2=s.txt --seed 5
contains out "Toy: a two-seat hidden-hand test game, turn 1 (seed 5)"
contains out "Draws taken:"
printf 'PLAY C7\n' >bad.txt
expect_exit 65 adjudicate --state state.json --orders north1=bad.txt --seed 5
contains err "bad.txt:1: expected 'PLAY CARD' with a card of north1's hand"
# A state with "draws" of its own (a game's draw counters) keeps them in
# the next state: the tags of the draws taken then go under "rolls".
python3 -c 'import json; s=json.load(open("state.json")); s["draws"]={"d10": 4}; json.dump(s, open("counted.json", "w"))'
expect_exit 0 adjudicate --state counted.json --orders north1=n.txt --orders south2=s.txt --dice draws.txt --json
python3 -c 'import json; d=json.load(open("out")); assert d["draws"] == {"d10": 4} and d["rolls"] == ["d10 north1 7", "d10 south2 3"], d'
