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
