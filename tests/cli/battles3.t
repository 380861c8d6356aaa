# A campaign of three battles played end to end through the CLI with fixed
# seeds: points, UPGRADE orders (bought and refused), repairs, an undone
# turn, the autopilot, the next battle started by process, and the
# standings, each checked against the hand computation in the comments.
#
# Rules (rules.json): 1 point for taking part, 2 per enemy ship disabled,
# 1 for the win; a stat k -> k+1 costs k+1 points, hull k-1; shield capped
# at 2; disabled ships miss the next battle. The captains send no moves
# except where said: the autopilot (bot_plays_silent) flies their ships.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
echo '{"battles":3,"award_part":1,"award_kill":2,"award_win":1,"cap":{"shield":2}}' >rules.json
mx $db campaign new saga --width 6 --height 2 --density 0 --seed 11 --deadline 24 \
	--rules rules.json >/dev/null
pm=$(mx $db campaign join saga --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pl=$(mx $db campaign join saga --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign join saga --captain Cy --email cy@example.org --ship Squid --team machines >/dev/null 2>&1
pn=$(mx $db campaign join saga --captain Di --email di@example.org --ship Neb --team zion 2>/dev/null)
expect_exit 0 $db campaign set saga bot_plays_silent true

# ---- Battle 1: turns 0 (setup) to 3. Zion on column A, the Machines on F.
expect_exit 0 $db campaign start saga --now 2025-03-01T12:00Z
# UPGRADE orders are taken between battles only.
printf 'GAME saga\nSHIP Neb\nPASSWORD %s\nUPGRADE ballistic\n' "$pn" >u.txt
expect_exit 65 $db orders submit u.txt --now 2025-03-01T12:30Z
contains err "UPGRADE orders are taken only between battles"
# Locust (F1, facing W) turns to NW and flies off the board: out of this
# battle, back for the next one.
printf 'GAME saga\nSHIP Locust\nPASSWORD %s\nTURN 1\nRIGHT\nMOVE\n' "$pl" >o.txt
expect_exit 0 $db orders submit o.txt --now 2025-03-01T13:00Z
expect_exit 65 $db campaign undo saga --now 2025-03-01T13:00Z
contains err "nothing to undo"
expect_exit 0 $db process --now 2025-03-02T12:00Z
contains out "saga: turn 1 resolved; turn 2 due by"
expect_exit 0 $db turn show saga --turn 1
contains out "Minx: no moves received; the autopilot flies it."
contains out "AUTOPILOT"
contains out "Locust flies off the map from F1"
# The game master undoes turn 1: turn 2 starts from its position again,
# Locust's orders stand for it, everyone is told.
expect_exit 0 $db campaign undo saga --reason "a lost mail" --now 2025-03-02T13:00Z
contains out "campaign saga: turn 1 undone; turn 2 starts again from its position, orders due by 2025-03-03 13:00 UTC"
expect_exit 0 $db campaign outbox saga --full
contains out "Subject: saga: turn 1 undone; turn 2 replays it"
contains out "The game master has undone turn 1 of saga: a lost mail."
contains out "The orders that stood for Locust in turn 1 stand for turn 2;"
contains out "No orders stood for Minx in turn 1: send them for turn 2."
expect_exit 0 $db turn show saga --turn 1
contains out "UNDONE by the game master"
expect_exit 0 $db process --now 2025-03-03T14:00Z
expect_exit 0 $db turn show saga --turn 2
contains out "Locust flies off the map from F1"
contains out "Before the first phase
  Minx: no moves received; the autopilot flies it."
expect_exit 0 $db process --now 2025-03-04T14:00Z
contains out "saga: turn 3 resolved; the battle is over: Zion wins"
expect_exit 0 $db turn show saga --turn 3
contains out "Squid is disabled by Minx."
# Battle 1 by hand (part 1, kill 2, win 1), Zion won:
#   Minx   1 + 2 (Squid) + 1 = 4      Neb    1 + 0 + 1 = 2
#   Locust 1 (left the map)           Squid  1 (disabled: misses battle 2)
expect_exit 0 $db campaign standings saga
contains out "+4 points: battle 1: 1 for taking part, 2 for 1 ship disabled, 1 for the win (award)"
contains out "+2 points: battle 1: 1 for taking part, 0 for 0 ships disabled, 1 for the win (award)"
[ "$(grep -c '+1 point: battle 1: 1 for taking part, 0 for 0 ships disabled, 0 for the win' out)" -eq 2 ]

# ---- Between battles 1 and 2: upgrades.
# Minx, 4 points: shield 1 -> 2 costs 2, but a second shield (2 -> 3) is
# over the cap of 2, so the whole order is refused and nothing is bought.
printf 'GAME saga\nSHIP Minx\nPASSWORD %s\nUPGRADE shield\nUPGRADE shield\n' "$pm" >u.txt
expect_exit 65 $db orders submit u.txt --now 2025-03-04T15:00Z
contains err "UPGRADE shield for Minx refused"
contains err "nothing was bought"
# Shield 1 -> 2 (2 points) and hull 3 -> 4 (3 - 1 = 2 points): 0 left.
printf 'GAME saga\nSHIP Minx\nPASSWORD %s\nUPGRADE shield\nUPGRADE hull\n' "$pm" >u.txt
expect_exit 0 $db orders submit u.txt --now 2025-03-04T15:00Z
contains out "UPGRADE shield: shield now 2, 2 points spent"
contains out "UPGRADE hull: hull now 4, 2 points spent"
contains out "0 points left."
# Neb, 2 points: ballistic 1 -> 2 costs 2; then energy (2 points) is too dear.
printf 'GAME saga\nSHIP Neb\nPASSWORD %s\nUPGRADE ballistic\n' "$pn" >u.txt
expect_exit 0 $db orders submit u.txt --now 2025-03-04T15:00Z
printf 'GAME saga\nSHIP Neb\nPASSWORD %s\nUPGRADE energy\n' "$pn" >u.txt
expect_exit 65 $db orders submit u.txt --now 2025-03-04T15:05Z
contains err "UPGRADE energy for Neb refused: raising energy from 1 to 2 costs 2 points; 0 left"
# Locust, 1 point: energy costs 2.
printf 'GAME saga\nSHIP Locust\nPASSWORD %s\nUPGRADE energy\n' "$pl" >u.txt
expect_exit 65 $db orders submit u.txt --now 2025-03-04T15:05Z
contains err "costs 2 points; 1 left"

# ---- Battle 2 (last-stand): turns 4 (setup) and 5. Squid is out for
# repairs; Locust, who only left the map, is back.
expect_exit 0 $db campaign next-battle saga --scenario last-stand --now 2025-03-04T16:00Z
contains out "battle 2, last-stand begins with 3 ships (out for repairs: Squid); orders for turn 5"
expect_exit 0 $db campaign set saga auto_next_hours 2
expect_exit 0 $db process --now 2025-03-05T16:00Z
contains out "saga: turn 5 resolved; the battle is over: Zion wins"
expect_exit 0 $db turn show saga --turn 5
contains out "Locust is disabled by Neb."
# Battle 2 by hand, Zion won:
#   Minx 1 + 0 + 1 = 2 (0 + 2 = 2)     Neb    1 + 2 (Locust) + 1 = 4 (0 + 4 = 4)
#   Locust 1 (1 + 1 = 2)               Squid  nothing (1)
# auto_next_hours 2: process starts battle 3 two hours after battle 2 ended.
expect_exit 0 $db process --now 2025-03-05T17:59Z
[ ! -s out ]
expect_exit 0 $db process --now 2025-03-05T18:00Z
contains out "campaign saga: battle 3 begins with 3 ships (out for repairs: Locust); orders for turn 7"
# The turn that opened it (its setup: the side roll, the first energy)
# verifies from its seed; it was replayed as a turn of play and DIFFERED.
expect_exit 0 $db verify saga --turn 6
contains out "saga, turn 6: ok: "
expect_exit 0 $db verify saga --turn 4
contains out "saga, turn 4: ok: "
cp t.db bad.db
sqlite3 bad.db "update draws set line = replace(line, 'd6 0 ' || substr(line, 6, 1), 'd6 0 ' || (substr(line, 6, 1) % 6 + 1)) where turn_id = (select t.id from turns t join campaigns c on c.id = t.campaign_id where c.name = 'saga' and t.number = 6) and seq = (select min(seq) from draws where turn_id = (select t.id from turns t join campaigns c on c.id = t.campaign_id where c.name = 'saga' and t.number = 6))"
expect_exit 1 --db ./bad.db verify saga --turn 6
contains out "saga, turn 6: DIFFERS: die 1: "
expect_exit 0 $db campaign show saga
contains out "Battle 2, last-stand: ZION WINS THE BATTLE: every ship of the Machines is out."
contains out "Battle 3: being fought"
contains out "hull 4 = 3 base + 1 bought; shield 2 = 1 base + 1 bought"

# ---- Battle 3: turns 6 (setup) and 7; Squid is back, Locust out for repairs.
expect_exit 0 $db process --now 2025-03-06T18:00Z
contains out "saga: turn 7 resolved; the battle is over: Zion wins"
expect_exit 0 $db turn show saga --turn 7
contains out "Squid is disabled by Neb."
# Battle 3 by hand, Zion won:
#   Minx 1 + 0 + 1 = 2 (2 + 2 = 4)     Neb    1 + 2 (Squid) + 1 = 4 (4 + 4 = 8)
#   Squid 1 (1 + 1 = 2)                Locust nothing (2)
# Records: battles fought, wins, ships disabled, times disabled.
#   Minx 3/3/1/0   Neb 3/3/2/0   Locust 2/0/0/1   Squid 2/0/0/2
expect_exit 0 $db campaign standings saga
contains out "Minx           Zion         Ann         3 battles  3 wins  1 disabled  0 times out   4 points"
contains out "Locust         the Machines Bob         2 battles  0 wins  0 disabled  1 time  out   2 points"
contains out "Squid          the Machines Cy          2 battles  0 wins  0 disabled  2 times out   2 points"
contains out "Neb            Zion         Di          3 battles  3 wins  2 disabled  0 times out   8 points"
contains out "hull 3 = 3 base; shield 1 = 1 base; ballistic 2 = 1 base + 1 bought; energy 1 = 1 base"
contains out "+4 points: battle 3: 1 for taking part, 2 for 1 ship disabled, 1 for the win (award)"
expect_exit 0 $db campaign show saga --json
contains out '"status": "finished"'
contains out '"winner": "zion"'
contains out '"standings": ['
# A captain reads in the report why the ship has its stats.
expect_exit 0 $db report saga --ship Minx
contains out "hull 4 = 3 base + 1 bought; shield 2 = 1 base + 1 bought"
# Every resolved turn replays, the undone one included; setups are skipped.
expect_exit 0 $db replay saga
contains out "saga, turn 1: ok"
contains out "saga, turn 7: ok"
lacks out "turn 4:"
contains out "every resolved turn replays exactly"
expect_exit 65 $db campaign undo saga
contains err "only a turn of the battle being fought can be undone"
# auto_next_hours lives in the campaign's rules; "off" removes it.
expect_exit 65 $db campaign set saga auto_next_hours -3
contains err "auto_next_hours: expected"
expect_exit 0 $db campaign set saga auto_next_hours off
expect_exit 0 $db campaign show saga --json
lacks out '"auto_next_hours"'
