# simulate: the same seed gives the same figures whatever the number of
# threads; the outcomes add up; bad options are usage errors (2), bad
# setups data errors (65).
args="--width 12 --height 8 --per-side 2 --battles 200 --seed 7 --json"
expect_exit 0 simulate $args --threads 1
cp out one.json
expect_exit 0 simulate $args --threads 2
cmp one.json out
expect_exit 0 simulate $args --threads 5
cmp one.json out
contains out '"battles": 200'
contains out '"seed": "7"'
contains out '"per_side": 2'
contains out '"mean_turns":'
# Zion wins + Machines wins + draws = battles.
sum=$(grep '"count"' out | sed 's/[^0-9]//g' | awk '{ s += $1 } END { print s }')
[ "$sum" -eq 200 ]
# Another seed, other figures.
expect_exit 0 simulate --width 12 --height 8 --per-side 2 --battles 200 --seed 8 --json
if cmp -s one.json out; then echo "seeds 7 and 8 gave the same run"; exit 1; fi

# The text form, stats per side, the default board.
expect_exit 0 simulate --per-side 3 --zion 3,2,1,1 --machines 3,1,2,1 --battles 100 --seed 3
contains out "100 battles, 3 v 3, random 10 x 6 boards with 10.0% walls, seed 3"
contains out "Zion 3,2,1,1  the Machines 3,1,2,1"
contains out "Zion win"
contains out "(95%:"
contains out "mean length"
expect_exit 0 simulate --width 6 --height 1 --density 0 --per-side 1 --battles 10 --turns 1 --seed 1 --json
contains out '"turn_cap": 1'
contains out '"density": 0.0'

# Usage errors: exit 2 and the usage line.
expect_exit 2 simulate --battles 10
contains err "--per-side and --battles are required"
contains err "usage: mxjudge simulate"
expect_exit 2 simulate --per-side 2
expect_exit 2 simulate --per-side 2 --battles 10 --zion 3,1,1
contains err "--zion: expected hull,shield,ballistic,energy"
expect_exit 2 simulate --per-side 2 --battles 10 --machines 0,1,1,1
contains err "--machines"
expect_exit 2 simulate --per-side 2 --battles 10 --width 12
contains err "--width and --height go together"
expect_exit 2 simulate --per-side 2 --battles 0
contains err "--battles"
expect_exit 2 simulate --per-side 2 --battles 10 --threads 0
contains err "--threads"
expect_exit 2 simulate --per-side 2 --battles 10 --density 90
contains err "--density"
expect_exit 2 simulate --per-side 2 --battles 10 --seed -1
contains err "--seed"
expect_exit 2 simulate --per-side 2 --battles 10 --scenario duel --width 9 --height 9
contains err "do not go together"
expect_exit 2 simulate --per-side 2 --battles 10 extra

# Data errors: exit 65.
expect_exit 65 simulate --scenario nosuch --per-side 1 --battles 1
contains err "no scenario named 'nosuch'"
expect_exit 65 simulate --scenario ../etc --per-side 1 --battles 1
expect_exit 65 simulate --width 12 --height 3 --per-side 4 --battles 1
contains err "4 ships per side do not fit in a start column of 3 hexes"
expect_exit 0 help simulate
contains out "--per-side N"

# Scenarios: templates/hovercrafts/scenarios/NAME.json (core/hovercrafts/
# scenario.h), maps in templates/hovercrafts/maps/, found through
# $MXJUDGE_TEMPLATES (here in the old flat layout, which still counts),
# goals and turn limits played as in a campaign.
mkdir -p tpl/scenarios tpl/maps
printf '........\n........\n...#....\n........\n........\n' >tpl/maps/arena.map
echo '{"map":"arena","turn_limit":30}' >tpl/scenarios/arena.json
echo '{"map":{"width":9,"height":4,"density":5}}' >tpl/scenarios/open.json
echo '{"map":{"width":8,"height":5},"goals":[{"type":"survive","team":"zion","turns":1}]}' >tpl/scenarios/goals.json
echo '{"map":"tunnels","teams":{"min":1,"max":3}}' >tpl/scenarios/named.json
MXJUDGE_TEMPLATES=$PWD/tpl expect_exit 0 simulate --scenario arena --per-side 2 --battles 100 --seed 1 --json
contains out '"scenario": "arena"'
contains out '"turn_cap": 100'
MXJUDGE_TEMPLATES=$PWD/tpl expect_exit 0 simulate --scenario open --per-side 4 --battles 50 --seed 1
contains out "scenario open"
MXJUDGE_TEMPLATES=$PWD/tpl expect_exit 65 simulate --scenario open --per-side 5 --battles 5
contains err "do not fit in a start column of 4 hexes"
# Zion only has to last one turn: every battle ends after turn 1, won by
# Zion unless its ship is out by then.
MXJUDGE_TEMPLATES=$PWD/tpl expect_exit 0 simulate --scenario goals --per-side 1 --battles 50 --seed 1
contains out "Zion win        96.0%"
contains out "mean length    1.00 turns"
# The shipped tunnels map: its start zones hold three ships a side.
MXJUDGE_TEMPLATES=$PWD/tpl expect_exit 0 simulate --scenario named --per-side 3 --battles 20 --seed 1
MXJUDGE_TEMPLATES=$PWD/tpl expect_exit 65 simulate --scenario named --per-side 4 --battles 5
contains err "takes 1 to 3 ships a side"
expect_exit 65 simulate --scenario tunnels --per-side 4 --battles 5
