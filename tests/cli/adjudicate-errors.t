# adjudicate: bad input gets one line naming the file, the line and what
# was expected, and exit 65; bad usage exits 2.
D=$ROOT/tests/cli/data
expect_exit 2 adjudicate --orders x
contains err 'usage: mxjudge adjudicate'

printf '{"map":{"width":7,"height":4},\n "ships":[\n' > broken.json
expect_exit 65 adjudicate --state broken.json --orders "$D/sample-turn1.orders" --seed 1
contains err 'mxjudge: broken.json:3: expected valid JSON'

printf '{"map":{"width":7,"height":4},"ships":[{"name":"A","team":"pirates","hex":"A1","facing":"E"}]}' > team.json
expect_exit 65 adjudicate --state team.json --orders "$D/sample-turn1.orders" --seed 1
contains err 'team.json: ships[0].team: expected "zion" or "machines"'

printf 'SHIP Minx\n1-Move\n2-Jump\n' > jump.orders
expect_exit 65 adjudicate --state "$D/sample-turn1.json" --orders jump.orders --seed 1
contains err 'jump.orders:3: expected an action (MOVE, LEFT, RIGHT, LAND, EMP or REPAIR), got '"'"'2-Jump'"'"

printf 'SHIP Locust\nMove\nMove\nMove\n' > many.orders
expect_exit 65 adjudicate --state "$D/sample-turn1.json" --orders many.orders --seed 1
contains err 'many.orders:4: too many actions for Locust this turn: 3 given, 2 allowed'

printf 'SHIP Minx\nEMP\nEMP\n' > emp.orders
expect_exit 65 adjudicate --state "$D/sample-turn1.json" --orders emp.orders --seed 1
contains err 'emp.orders:3: second EMP for Minx'

printf 'SHIP Neo\nMove\n' > neo.orders
expect_exit 65 adjudicate --state "$D/sample-turn1.json" --orders neo.orders --seed 1
contains err "neo.orders:1: unknown ship 'Neo'"

printf 'ballistic Minx 2\n' > short.dice
expect_exit 65 adjudicate --state "$D/sample-turn1.json" --orders "$D/sample-turn1.orders" --dice short.dice
contains err 'short.dice: no die left for the shield check of Locust'

printf 'energy Minx 7\n' > seven.dice
expect_exit 65 adjudicate --state "$D/sample-turn1.json" --orders "$D/sample-turn1.orders" --dice seven.dice
contains err 'seven.dice:1: expected'

# Unused dice are reported.
cat "$D/sample-turn1.dice" > extra.dice
printf 'hull Minx 6\n' >> extra.dice
expect_exit 0 adjudicate --state "$D/sample-turn1.json" --orders "$D/sample-turn1.orders" --dice extra.dice
contains out 'Unused die: extra.dice:9: hull Minx 6'
