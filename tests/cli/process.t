# process: a whole two-captain game to a winner, a silent captain, early
# processing, and running it again changing nothing.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new duel --width 6 --height 1 --density 0 --seed 11 --deadline 24 >/dev/null
pa=$(mx $db campaign join duel --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join duel --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start duel --now 2025-03-01T12:00Z >/dev/null

# orders SHIP PASSWORD NOW ACTIONS...: submits one order per line.
orders() {
	ship=$1 pw=$2 now=$3; shift 3
	{ printf 'GAME duel\nSHIP %s\nPASSWORD %s\n' "$ship" "$pw"; printf '%s\n' "$@"; } >o.txt
	mx $db orders submit o.txt --now "$now" >/dev/null
}

# Turn 1: both land. Nothing is due before the deadline.
orders Minx "$pa" 2025-03-01T13:00Z LAND
orders Locust "$pb" 2025-03-01T13:00Z LAND
expect_exit 0 $db process --now 2025-03-02T11:59Z
[ ! -s out ]
expect_exit 0 $db process --now 2025-03-02T12:00Z
contains out "duel: turn 1 resolved; turn 2 due by 2025-03-03 12:00 UTC"
# Twice at the same time: nothing more happens.
expect_exit 0 $db process --now 2025-03-02T12:00Z
[ ! -s out ]

# Turn 2: Bob stays silent; his ship idles, and the events say so.
orders Minx "$pa" 2025-03-02T13:00Z REPAIR
expect_exit 0 $db process --now 2025-03-03T12:05Z
contains out "turn 2 resolved"
expect_exit 0 $db turn show duel --json
contains out '"turn": 2'
contains out '"type": "no-orders"'
contains out '"ship": "Locust"'
expect_exit 0 $db turn show duel
contains out "Locust: no moves received; idle all turn."

# Turn 3: the Machines' ship turns off the single row and leaves the map.
orders Minx "$pa" 2025-03-03T13:00Z LAND
orders Locust "$pb" 2025-03-03T13:00Z LEFT MOVE
expect_exit 0 $db process --now 2025-03-04T12:05Z
contains out "the battle is over: Zion wins"
expect_exit 0 $db campaign show duel --json
contains out '"status": "finished"'
contains out '"winner": "zion"'
contains out '"wins": 1'
expect_exit 0 $db turn show duel --json
contains out '"type": "off-map"'
contains out '"type": "victory"'
contains out '"winner": "zion"'
# Over: no more orders, no more turns.
printf 'GAME duel\nSHIP Minx\nPASSWORD %s\nLAND\n' "$pa" >o.txt
expect_exit 65 $db orders submit o.txt --now 2025-03-04T13:00Z
contains err "is over"
expect_exit 0 $db process --now 2025-03-09T00:00Z
[ ! -s out ]
# Reports: the start and three turns, one per captain each, never twice.
[ "$(sqlite3 t.db "select count(*) from outbox where kind = 'report'")" -eq 8 ]
[ "$(sqlite3 t.db "select count(*) from turns where resolved_at is not null")" -eq 4 ]
expect_exit 0 $db campaign outbox duel --full
contains out "the battle is over"
contains out "ZION WINS THE BATTLE"
# The end tells how to check the battle, and its commands work as pasted
# (issue 29 item 4).
contains out "HOW TO CHECK THE BATTLE"
contains out "mxjudge turn show duel --turn N --json > turn-N.json"
contains out "mxjudge verify --published turn-N.json"
mx $db turn show duel --turn 3 --json >turn-3.json
expect_exit 0 verify --published turn-3.json
contains out "duel, turn 3: verified"

# Early processing: resolved as soon as every ship has orders.
mx $db campaign new quick --width 6 --height 1 --density 0 --seed 2 --deadline 24 --early >/dev/null
qa=$(mx $db campaign join quick --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
qb=$(mx $db campaign join quick --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start quick --now 2025-03-01T12:00Z >/dev/null
printf 'GAME quick\nSHIP Minx\nPASSWORD %s\nLAND\n' "$qa" >q.txt
mx $db orders submit q.txt --now 2025-03-01T12:10Z >/dev/null
expect_exit 0 $db process --campaign quick --now 2025-03-01T12:15Z
[ ! -s out ]
printf 'GAME quick\nSHIP Locust\nPASSWORD %s\nLAND\n' "$qb" >q.txt
mx $db orders submit q.txt --now 2025-03-01T12:20Z >/dev/null
expect_exit 0 $db process --campaign quick --now 2025-03-01T12:25Z
contains out "quick: turn 1 resolved early (all orders in); turn 2 due by 2025-03-02 12:25 UTC"
expect_exit 65 $db process --campaign nosuch
expect_exit 2 $db process --now yesterday
