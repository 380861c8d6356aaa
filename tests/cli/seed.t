# The same seed and orders give the same turn, every time.
D=$ROOT/tests/cli/data
expect_exit 0 adjudicate --state "$D/sample-turn1.json" --orders "$D/sample-turn1.orders" --seed 42 --json
cp out a.json
expect_exit 0 adjudicate --state "$D/sample-turn1.json" --orders "$D/sample-turn1.orders" --seed 42 --json
cmp a.json out
contains out '"seed": 42'
golden seed42.json out
