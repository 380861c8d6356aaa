# report: the captains' reports and the bulletin read well at 80 columns,
# the JSON is the templates' data model, and a game master's own template
# shows in the next report.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new rep --width 8 --height 4 --density 0 --seed 7 --deadline 24 >/dev/null
pa=$(mx $db campaign join rep --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join rep --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start rep --now 2025-03-01T12:00Z >/dev/null

orders() {
	ship=$1 pw=$2 now=$3; shift 3
	{ printf 'GAME rep\nSHIP %s\nPASSWORD %s\n' "$ship" "$pw"; printf '%s\n' "$@"; } >o.txt
	mx $db orders submit o.txt --now "$now" >/dev/null
}

# Before turn 1 is resolved: the setup report, as each captain got it
# (issue 19, item 17), byte for byte what the outbox mailed.
expect_exit 0 $db report rep --ship Minx
sqlite3 t.db "select body from outbox where kind = 'report' and recipient = 'ann@example.org'" >mailed.txt
printf '\n' >>out
cmp out mailed.txt
expect_exit 0 $db report rep --turn 0 --ship Locust
contains out "Captain Bob, commanding Locust (the Machines)"
lacks out "Captain Ann"
expect_exit 0 $db report rep --turn 0
contains out "=== to ann@example.org: rep: the battle begins; orders for turn 1"
contains out "=== to bob@example.org: rep: the battle begins; orders for turn 1"
expect_exit 0 $db report rep --turn 0 --ship Minx --json
python3 -c 'import json; d = json.load(open("out")); assert d["setup"] and d["turn"] == 0 and d["battle"] == 1 and d["reports"][0]["recipient"] == "ann@example.org" and d["reports"][0]["body"].startswith("HOVERCRAFTS - rep - turn 0")'
expect_exit 65 $db report rep --turn 0 --ship Nosuch
contains err "campaign 'rep' has no ship named 'Nosuch'"

orders Minx "$pa" 2025-03-01T13:00Z MOVE
orders Locust "$pb" 2025-03-01T13:00Z MOVE
mx $db process --now 2025-03-02T12:00Z >/dev/null

# The JSON is the data model the templates get.
expect_exit 0 $db report rep --json
for key in '"campaign": "rep"' '"turn": 1' '"next_turn": 2' '"phases"' '"map"' \
	'"fleet_table"' '"ships"' '"orders"' '"spellings"' '"deadline": "2025-03-03 12:00 UTC"'; do
	contains out "$key"
done
lacks out '"captain": {'
expect_exit 0 $db report rep --ship Minx --json
contains out '"captain": {'
contains out '"name": "Ann"'

# A captain's report: the story, the board, the fleets, and what to send.
expect_exit 0 $db report rep --ship Minx
cp out ann.txt
contains ann.txt "HOVERCRAFTS - rep - turn 1"
contains ann.txt "Captain Ann, commanding Minx (Zion)"
contains ann.txt "Phase 1"
contains ann.txt "THE BOARD AFTER TURN 1"
contains ann.txt "ORDERS REVEALED"
contains ann.txt "Locust: 1-MOVE"
contains ann.txt "YOUR ORDERS FOR TURN 2"
contains ann.txt "GAME rep"
contains ann.txt "SHIP Minx"
contains ann.txt "TURN 2"
# The same order code the mailed report carried, never the password.
grep -E "^CODE [a-z0-9]{10}$" ann.txt
lacks ann.txt "$pa"
contains ann.txt "END"
# Plain ASCII, no line over 80 columns, no trailing blanks.
! LC_ALL=C grep -n '[^ -~]' ann.txt
awk 'length > 80 { print FILENAME ":" FNR ": " length; bad = 1 } END { exit bad }' ann.txt
! grep -n ' $' ann.txt

# The bulletin tells the same story without anyone's orders block.
expect_exit 0 $db report rep
cp out bulletin.txt
contains bulletin.txt "turn 1 bulletin"
contains bulletin.txt "Next deadline: 2025-03-03 12:00 UTC"
lacks bulletin.txt "YOUR ORDERS"
lacks bulletin.txt "PASSWORD"
awk 'length > 80 { print FILENAME ":" FNR ": " length; bad = 1 } END { exit bad }' bulletin.txt

expect_exit 65 $db report rep --ship Neo
contains err "campaign 'rep' has no ship named 'Neo'"
expect_exit 65 $db report rep --turn 5
contains err "campaign 'rep' has no resolved turn 5"

# The game master's own report template, a bulletin address and phase maps.
mkdir tpl
printf 'CUSTOM REPORT {{campaign}} turn {{turn}}{{#captain}} for {{name}}{{/captain}}\n' > tpl/report.mustache
expect_exit 65 $db campaign set rep templates tpl
contains err "templates: expected an absolute path"
expect_exit 0 $db campaign set rep templates "$PWD/tpl"
expect_exit 0 $db campaign set rep bulletin_to 'news@example.org'
expect_exit 0 $db campaign set rep phase_maps true
expect_exit 65 $db campaign set rep bulletin_to 'a@b.org
Bcc: x@y.org'
expect_exit 2 $db campaign set rep colour red
contains err "no setting 'colour'"
orders Minx "$pa" 2025-03-02T13:00Z MOVE
orders Locust "$pb" 2025-03-02T13:00Z LEFT
mx $db process --now 2025-03-03T12:00Z >/dev/null
expect_exit 0 $db campaign outbox rep --full
contains out "CUSTOM REPORT rep turn 2 for Ann"
contains out "CUSTOM REPORT rep turn 2 for Bob"
contains out "To: news@example.org"
contains out "rep: turn 2 bulletin"
# The bulletin is not overridden, and shows the board after the moving phase.
expect_exit 0 $db report rep
contains out "Phase 1"
[ "$(grep -c '^    A   B   C' out)" -ge 2 ]
