# adjudicate: the rules' sample game, turn by turn, from the state and
# dice of rulings 10; each turn's --json output is the next turn's state.
D=$ROOT/tests/cli/data
expect_exit 0 adjudicate --state "$D/sample-turn1.json" --orders "$D/sample-turn1.orders" --dice "$D/sample-turn1.dice"
golden adjudicate-turn1.txt out
expect_exit 0 adjudicate --state "$D/sample-turn1.json" --orders "$D/sample-turn1.orders" --dice "$D/sample-turn1.dice" --json
cp out turn2.json
golden adjudicate-turn1.json out
expect_exit 0 adjudicate --state turn2.json --orders "$D/sample-turn2.orders" --dice "$D/sample-turn2.dice" --json
cp out turn3.json
contains out '"winner": null'
expect_exit 0 adjudicate --state turn3.json --orders "$D/sample-turn3.orders" --dice "$D/sample-turn3.dice"
golden adjudicate-turn3.txt out
expect_exit 0 adjudicate --state turn3.json --orders "$D/sample-turn3.orders" --dice "$D/sample-turn3.dice" --json
contains out '"winner": "zion"'
contains out '"turn": 4'

# Each seat's orders from its own file (SHIP line implied) give the same turn.
d="$ROOT/tests/cli/data"
printf '1-Move\n2-Move\n3-Left\n4-Move\n' >minx.txt
printf 'SHIP Locust\nM\nM\n' >locust.txt
expect_exit 0 adjudicate --state "$d/sample-turn1.json" --orders "$d/sample-turn1.orders" --dice "$d/sample-turn1.dice" --json
mv out whole.json
expect_exit 0 adjudicate --state "$d/sample-turn1.json" --orders Minx=minx.txt --orders Locust=locust.txt --dice "$d/sample-turn1.dice" --json
cmp whole.json out
# --json carries the story and the draws taken, in the dice file's order.
python3 - <<'PY'
import json
d = json.load(open("out"))
assert d["draws"] == ["ballistic Minx 2", "shield Locust 3", "ballistic Locust 6", "shield Minx 4", "energy Minx 3", "energy Locust 4"], d["draws"]
assert d["story"][0]["title"] == "Phase 1"
PY
expect_exit 65 adjudicate --state "$d/sample-turn1.json" --orders Minx=minx.txt --orders Minx=minx.txt --dice "$d/sample-turn1.dice"
contains err "--orders Minx=minx.txt: Minx has orders in two files"
expect_exit 65 adjudicate --state "$d/sample-turn1.json" --orders Nemo=minx.txt --dice "$d/sample-turn1.dice"
contains err "minx.txt: no ship named 'Nemo' in this game"
expect_exit 65 adjudicate --state "$d/sample-turn1.json" --orders Minx=locust.txt --dice "$d/sample-turn1.dice"
contains err "locust.txt:1: expected orders for Minx only, got SHIP Locust"
sed 's/"game":"hovercrafts"/"game":"chess"/' "$d/sample-turn1.json" >chess.json
expect_exit 65 adjudicate --state chess.json --orders minx.txt --seed 1
contains err "chess.json: game: no game named 'chess' ('mxjudge games' lists them)"
