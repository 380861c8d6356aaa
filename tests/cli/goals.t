# Scenario goals through the CLI (core/hovercrafts/scenario.h): each goal type won,
# and drawn when both sides reach a goal in the same turn; the turn limit.
# Small text boards with start zones (no side roll) and ships kept out of
# each other's range, so every outcome is certain whatever the dice.
export MXJUDGE_FAST_HASH=1
mkdir -p tpl/scenarios
export MXJUDGE_TEMPLATES="$PWD/tpl"
db="--db ./t.db"
# Zion starts on A1 (A2) facing E, the Machines on H1 (H2) facing W.
printf 'Z......M\n' >line.map
printf 'Z......M\nZ......M\n' >two.map

# scenario NAME JSON: a scenario file in the templates.
scenario() { echo "$2" >"tpl/scenarios/$1.json"; }
# battle NAME MAP SCENARIO [EXTRA-MACHINES-SHIP]: a one-battle campaign,
# started; Minx (Zion, password $pm) against Locust ($pl) and maybe Squid.
battle() {
	mx $db campaign new "$1" --map "$2" --scenario "$3" --battles 1 --seed 1 --deadline 24 >/dev/null
	pm=$(mx $db campaign join "$1" --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
	pl=$(mx $db campaign join "$1" --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
	if [ -n "${4:-}" ]; then
		mx $db campaign join "$1" --captain Cy --email cy@example.org --ship "$4" --team machines >/dev/null 2>&1
	fi
	mx $db campaign start "$1" --now 2025-03-01T12:00Z >/dev/null
}
# orders CAMPAIGN SHIP PASSWORD TURN ACTION...: sealed orders.
orders() {
	c=$1 s=$2 p=$3 t=$4
	shift 4
	{ printf 'GAME %s\nSHIP %s\nPASSWORD %s\nTURN %s\n' "$c" "$s" "$p" "$t"; printf '%s\n' "$@"; } >o.txt
	mx $db orders submit o.txt --now 2025-03-01T13:00Z >/dev/null
}
# turn CAMPAIGN N: resolves turn N (deadlines a day apart from 2025-03-02).
turn() { expect_exit 0 $db process --campaign "$1" --now "2025-03-0$(($2 + 1))T12:00Z"; }
# result CAMPAIGN TEXT: the battle's result line says TEXT.
result() { expect_exit 0 $db campaign standings "$1"; contains out "$2"; }

# Hold: Minx reaches C1 in turn 1 and stays there in turn 2.
scenario hold '{"goals":[{"type":"hold","team":"zion","hex":"C1","turns":2}],"turn_limit":5}'
battle hold1 line.map hold
orders hold1 Minx "$pm" 1 MOVE MOVE
turn hold1 1
contains out "turn 2 due"
orders hold1 Minx "$pm" 2 LAND
turn hold1 2
contains out "the battle is over: Zion wins"
result hold1 "Battle 1, hold: ZION WINS THE BATTLE: Zion held C1 for 2 turns."
# Both sides hold their hex at the end of the same turn: a draw.
scenario hold2 '{"goals":[{"type":"hold","team":"zion","hex":"C1","turns":1},{"type":"hold","team":"machines","hex":"F1","turns":1}]}'
battle hold2 line.map hold2
orders hold2 Minx "$pm" 1 MOVE MOVE
orders hold2 Locust "$pl" 1 MOVE MOVE
turn hold2 1
contains out "the battle is over: a draw"
result hold2 "THE BATTLE IS A DRAW: Zion held C1 for 1 turn and the Machines held F1 for 1 turn."

# Escape: Minx turns to NE and flies off the north edge.
scenario escape '{"goals":[{"type":"escape","team":"zion","edge":"N","ships":1}]}'
battle esc1 line.map escape
orders esc1 Minx "$pm" 1 LEFT MOVE
turn esc1 1
contains out "Zion wins"
result esc1 "ZION WINS THE BATTLE: Zion got 1 ship off the north edge."
# Off the wrong edge does not count; both sides out across N: a draw.
scenario escape2 '{"goals":[{"type":"escape","team":"zion","edge":"S","ships":1},{"type":"escape","team":"machines","edge":"N","ships":1}]}'
battle esc2 line.map escape2
orders esc2 Minx "$pm" 1 LEFT MOVE
orders esc2 Locust "$pl" 1 RIGHT MOVE
turn esc2 1
contains out "the Machines win"
result esc2 "THE MACHINES WIN THE BATTLE: the Machines got 1 ship off the north edge."
battle esc3 line.map escape2
orders esc3 Minx "$pm" 1 RIGHT MOVE
orders esc3 Locust "$pl" 1 RIGHT MOVE
turn esc3 1
result esc3 "THE BATTLE IS A DRAW: Zion got 1 ship off the south edge and the Machines got 1 ship off the north edge."

# Survive: Zion still has a ship at the end of battle turn 2.
scenario survive '{"goals":[{"type":"survive","team":"zion","turns":2}]}'
battle surv1 line.map survive
turn surv1 1
contains out "turn 2 due"
turn surv1 2
result surv1 "ZION WINS THE BATTLE: Zion kept a ship in the battle for 2 turns."
scenario survive2 '{"goals":[{"type":"survive","team":"zion","turns":2},{"type":"survive","team":"machines","turns":2}]}'
battle surv2 line.map survive2
turn surv2 1
turn surv2 2
result surv2 "THE BATTLE IS A DRAW: Zion kept a ship in the battle for 2 turns and the Machines kept a ship in the battle for 2 turns."

# Flagship: the Machines' flagship flies off the board while Squid fights
# on, so the fleets alone would not end the battle. The flagship is named
# by `campaign start --flagship` when the scenario does not name it.
scenario flagship '{"goals":[{"type":"flagship","team":"zion"}]}'
mx $db campaign new flag1 --map two.map --scenario flagship --battles 1 --seed 1 --deadline 24 >/dev/null
pm=$(mx $db campaign join flag1 --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pl=$(mx $db campaign join flag1 --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign join flag1 --captain Cy --email cy@example.org --ship Squid --team machines >/dev/null 2>&1
expect_exit 65 $db campaign start flag1 --flagship Minx --now 2025-03-01T12:00Z
expect_exit 0 $db campaign start flag1 --flagship Locust --now 2025-03-01T12:00Z
orders flag1 Locust "$pl" 1 RIGHT MOVE
turn flag1 1
contains out "Zion wins"
result flag1 "ZION WINS THE BATTLE: Zion put the flagship Locust out of the battle."
# Both flagships leave in the same turn: a draw.
scenario flagship2 '{"goals":[{"type":"flagship","team":"zion","ship":"Locust"},{"type":"flagship","team":"machines","ship":"Minx"}]}'
battle flag2 line.map flagship2
orders flag2 Minx "$pm" 1 LEFT MOVE
orders flag2 Locust "$pl" 1 RIGHT MOVE
turn flag2 1
result flag2 "THE BATTLE IS A DRAW: Zion put the flagship Locust out of the battle and the Machines put the flagship Minx out of the battle."

# The turn limit: nobody reaches a goal in 1 turn; a draw, or the side the
# scenario names.
scenario limit '{"goals":[{"type":"hold","team":"zion","hex":"D1","turns":3}],"turn_limit":1}'
battle lim1 line.map limit
turn lim1 1
result lim1 "THE BATTLE IS A DRAW: the turn limit (1) is reached."
scenario limit2 '{"goals":[{"type":"hold","team":"zion","hex":"D1","turns":3}],"turn_limit":1,"at_limit":"machines"}'
battle lim2 line.map limit2
turn lim2 1
result lim2 "THE MACHINES WIN THE BATTLE: the turn limit (1) is reached."
