# Repairs never stall a campaign (rulings 11, issue 19 item 5): a side
# whose every ship is out for repairs has them rushed back, by
# 'campaign next-battle' and by 'process' with auto_next_hours alike, and
# the start report says so; a side with no ship at all loses the campaign.
# The board M#Z: each side's ship faces the wall between them, so a MOVE
# is 1 damage and no die is rolled: Locust (hull 3) runs into it three
# times and is disabled, and Zion wins the battle.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
printf 'M#Z\n' >rush.map
mx $db campaign new rush --map rush.map --battles 3 --seed 1 --deadline 24 --now 2025-03-01T09:00Z >/dev/null
pa=$(mx $db campaign join rush --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join rush --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
expect_exit 0 $db campaign start rush --now 2025-03-01T12:00Z
# orders SHIP PASSWORD NOW ACTION...: Locust's orders from a file.
orders() {
	s=$1 p=$2 t=$3; shift 3
	{ printf 'GAME rush\nSHIP %s\nPASSWORD %s\n' "$s" "$p"; printf '%s\n' "$@"; } >o.txt
	expect_exit 0 $db orders submit o.txt --now "$t"
}
# crash DAY: Locust runs into the wall in turns DAY-1 and DAY (2 + 1
# MOVEs: every ship has at least 2 actions), disabled; Zion wins.
crash() {
	orders Locust "$pb" "2025-03-0$1T13:00Z" MOVE MOVE
	expect_exit 0 $db process --now "2025-03-0$(($1 + 1))T12:00Z"
	orders Locust "$pb" "2025-03-0$(($1 + 1))T13:00Z" MOVE
	expect_exit 0 $db process --now "2025-03-0$(($1 + 2))T12:00Z"
	contains out "the battle is over: Zion wins"
}
crash 1
expect_exit 0 $db campaign standings rush
contains out "Locust         the Machines Bob         1 battle   0 wins  0 disabled  1 time  out"

# Battle 2: Locust, out for repairs, is the Machines' only ship: rushed back.
cp t.db before-remove.db
expect_exit 0 $db campaign next-battle rush --now 2025-03-03T13:00Z
contains out "battle 2 begins with 2 ships (rushed back from repairs: Locust); orders for turn"
sqlite3 t.db "select body from outbox where recipient = 'bob@example.org' and subject like '%battle begins%' order by id desc limit 1" >start.txt
contains start.txt "Rushed back from repairs, their side having no other ship: Locust."
expect_exit 0 $db campaign show rush --json
contains out '"status": "running"'

# Battle 3 starts by itself (auto_next_hours 0) with Locust rushed back again.
t=$(sqlite3 t.db "select turn from campaigns where name = 'rush'")
{ printf 'GAME rush\nSHIP Locust\nPASSWORD %s\nTURN %s\n' "$pb" "$t"; printf 'MOVE\nMOVE\n'; } >o.txt
expect_exit 0 $db orders submit o.txt --now 2025-03-03T14:00Z
expect_exit 0 $db process --now 2025-03-04T13:00Z
{ printf 'GAME rush\nSHIP Locust\nPASSWORD %s\nTURN %s\n' "$pb" "$((t + 1))"; printf 'MOVE\n'; } >o.txt
expect_exit 0 $db orders submit o.txt --now 2025-03-04T14:00Z
expect_exit 0 $db process --now 2025-03-05T13:00Z
contains out "the battle is over: Zion wins"
expect_exit 0 $db campaign set rush auto_next_hours 0
cp t.db tick.db
expect_exit 0 $db process --now 2025-03-05T14:00Z
contains out "battle 3 begins with 2 ships (rushed back from repairs: Locust)"
# The cron job ('tick') goes on the same way.
expect_exit 0 --db ./tick.db tick --now 2025-03-05T14:00Z
expect_exit 0 --db ./tick.db campaign show rush --json
contains out '"status": "running"'

# A side with no ship at all: the campaign ends, the other side wins it.
cp before-remove.db t.db
expect_exit 0 $db campaign remove-ship rush --ship Locust
expect_exit 0 $db campaign next-battle rush --now 2025-03-03T13:00Z
contains out "campaign rush is over before its next battle: the Machines have no ship left: Zion wins the campaign"
expect_exit 0 $db campaign show rush --json
contains out '"status": "finished"'
contains out '"winner": "zion"'
sqlite3 t.db "select body from outbox where recipient = 'ann@example.org' and subject like '%campaign is over%'" >over.txt
contains over.txt "The Machines have no ship left: the campaign ends before its next battle."
contains over.txt "THE CAMPAIGN IS OVER after 1 battle: Zion wins it; battles won: Zion 1, the Machines 0 (it ends before battle 2: a side has no ship left)."
contains over.txt "FINAL STANDINGS"

expect_exit 65 $db campaign next-battle rush --now 2025-03-03T14:00Z
contains err "is over"
