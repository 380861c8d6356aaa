# Inline replies (issue 19, item 9): a captain who fills in the order
# block of the report inside the quotation, as real clients send it
# (tests/cli/data/inline: Thunderbird with the quoted slots edited, Gmail
# with each action typed under its quoted slot, Outlook with the whole
# report untouched below its header block). A quoted block counts only
# when the mail holds no block of its own, its CODE or PASSWORD is valid
# and an action is written in it; otherwise the help names the problem.
. "$ROOT/tests/cli/lock.sh"
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
data="$ROOT/tests/cli/data/inline"
# The campaign the mails reply to: its key fixed, so their CODE is turn 1's.
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
fixed_key g
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
grep -q "^> CODE yv27g4gaqt" "$data/thunderbird-edited-quote.eml"
[ "$(sqlite3 t.db "select body from outbox where recipient = 'ann@example.org'" | sed -n 's/^CODE //p')" = yv27g4gaqt ]
orders() { sqlite3 t.db "select understood from orders where current = 1 and ship_id = (select id from seats where name = 'Minx')"; }
help() { sqlite3 t.db "select body from outbox where kind = 'help' order by id desc limit 1" >help.txt; }

# Thunderbird: "> 1-Left", "> 2-Move" typed into the quotation.
expect_exit 0 $db receive --now 2025-03-01T13:02Z <"$data/thunderbird-edited-quote.eml"
contains out "orders sealed for Minx in g, turn 1 (from the block the mail quotes); receipt queued"
[ "$(orders)" = "$(printf 'SHIP Minx\n1-LEFT\n2-MOVE')" ]

# Gmail: "1-Left" typed under "> 1-", "2-Move" under "> 2-".
expect_exit 0 $db receive --now 2025-03-01T13:05Z <"$data/gmail-typed-under.eml"
contains out "orders sealed for Minx in g, turn 1 (from the block the mail quotes)"
[ "$(orders)" = "$(printf 'SHIP Minx\n1-LEFT\n2-MOVE')" ]

# Ann's own block, then Outlook's untouched quotation: her orders stand.
printf 'GAME g\nSHIP Minx\nPASSWORD %s\n1-Move\n' "$pa" | mx $db orders submit --now 2025-03-01T13:10Z >/dev/null
expect_exit 0 $db receive --now 2025-03-01T13:20Z <"$data/outlook-untouched.eml"
contains out "no orders found (a quoted order block that does not count); help queued"
[ "$(orders)" = "$(printf 'SHIP Minx\n1-MOVE')" ]
help
contains help.txt "Your mail quotes an order block, but no action is written in"
golden inline-reply-untouched.txt help.txt

# A block quoted from an older report, filled in: its CODE is turn 1's and
# turn 2 is open. Not taken, not counted as a wrong secret, and said so.
mx $db process --now 2025-03-02T12:00Z >/dev/null
sed 's/^Message-ID: <3c5e/Message-ID: <4d6f/' "$data/thunderbird-edited-quote.eml" >stale.eml
expect_exit 0 $db receive --now 2025-03-02T13:00Z <stale.eml
contains out "no orders found (a quoted order block that does not count)"
[ "$(sqlite3 t.db "select count(*) from auth_failures")" -eq 0 ]
help
contains help.txt "CODE is not the one for Minx in turn 2 of g (is it from an older"
contains help.txt "TURN 2"
