# A game master's first hour (issue 31): what a new judge trips on.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"

# Item 4: a duel resolves as soon as both sides have written (early is on
# from campaign new), not only at its deadline; campaign set turns it off.
mx $db campaign new z --game duel --seed 5 --deadline 24 >/dev/null
expect_exit 0 $db campaign show z
contains out "early processing on"
ph=$(mx $db campaign join z --captain Ann --email ann@example.org --ship zion --team humans 2>/dev/null)
pm=$(mx $db campaign join z --captain Bob --email bob@example.org --ship smith --team machines 2>/dev/null)
mx $db campaign start z --now 2025-03-01T12:00Z >/dev/null
printf 'GAME z\nSIDE zion\nPASSWORD %s\nTURN 1\nDRAW\nEND\n' "$ph" >h1.txt
printf 'GAME z\nSIDE smith\nPASSWORD %s\nTURN 1\nDRAW\nEND\n' "$pm" >m1.txt
expect_exit 0 $db orders submit h1.txt --now 2025-03-01T13:00Z
expect_exit 0 $db process --now 2025-03-01T13:10Z
lacks out "resolved"
expect_exit 0 $db orders submit m1.txt --now 2025-03-01T13:20Z
expect_exit 0 $db process --now 2025-03-01T13:30Z
contains out "z: turn 1 resolved early (all orders in); turn 2 due by 2025-03-02 13:30 UTC"
expect_exit 0 $db campaign set z early false
expect_exit 0 $db campaign show z
lacks out "early processing on"
# Any other two-sided game keeps waiting for the deadline unless --early.
mx $db campaign new h --width 6 --height 2 --density 0 >/dev/null
expect_exit 0 $db campaign show h
lacks out "early processing on"

# Item 8: piped, the password comes before the line that calls it "above".
mx $db campaign new j --width 6 --height 2 --density 0 >/dev/null
mx $db campaign join j --captain Ann --email ann@example.org --ship Minx --team zion 2>&1 | cat >join.txt
[ "$(wc -l <join.txt)" -eq 2 ]
sed -n 1p join.txt | grep -Eq '^[a-z0-9]{10}$' || { echo "first line is not the password:"; cat join.txt; exit 1; }
sed -n 2p join.txt | grep -q "the password above is shown only this once"

# Item 8: a campaign of scenarios announces the first battle's board.
expect_exit 0 $db campaign new tt --scenario tunnels
contains out "campaign tt created: 12 x 5 board (tunnels, the first battle's), 31 walls, 48-hour turns (UTC)"

# Item 7: one time format for people, the campaign's zone, in every listing.
iso='[0-9]T[0-9][0-9]:[0-9][0-9](:[0-9][0-9])?Z'
mx $db campaign new p --width 6 --height 2 --density 0 --seed 3 --deadline 48 --timezone Europe/Paris >/dev/null
pa=$(mx $db campaign join p --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join p --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start p --now 2026-11-28T09:05Z >/dev/null
printf 'GAME p\nSHIP Minx\nPASSWORD %s\n1-LAND\nEND\n' "$pa" >p1.txt
mx $db orders submit p1.txt --now 2026-11-28T09:05:41Z >/dev/null
expect_exit 0 $db turn show p --turn 1
contains out "deadline: 2026-11-30 10:05 CET"
contains out "Minx (2026-11-28 10:05 CET)"
! grep -E "$iso" out || { echo "turn show: a stored time"; exit 1; }
mx $db process --now 2026-11-30T09:06Z >/dev/null
expect_exit 0 $db turn show p --turn 1
contains out "Minx, received 2026-11-28 10:05 CET, SHA-256"
! grep -E "$iso" out || { echo "turn show: a stored time"; exit 1; }
# The mail received, for one campaign in its zone, for all in UTC.
printf 'From: Ann <ann@example.org>\nTo: judge@example.org\nSubject: hello\nMessage-ID: <h1@example.org>\n\nhello\n' >h.eml
mx $db receive --now 2026-11-30T12:00Z <h.eml >/dev/null 2>&1
expect_exit 0 $db mail inbox p
contains out "2026-11-30 13:00 CET"
expect_exit 0 $db mail inbox
contains out "2026-11-30 12:00 UTC"
! grep -E "$iso" out || { echo "mail inbox: a stored time"; exit 1; }

# Item 9: a second `make check` builds quietly: nothing is up to date to say
# ("is up to date" once per test binary, 42 lines). Only on the checkout's
# own build, which `make check` has just made.
if [ "$(readlink -f "$MXJUDGE")" = "$(readlink -f "$ROOT/build/mxjudge")" ]; then
	(unset MAKEFLAGS MFLAGS MAKELEVEL; make --no-print-directory -C "$ROOT" check-build) >make.out 2>&1
	[ ! -s make.out ] || { echo "make check-build said:"; head make.out; exit 1; }
fi

# Item 3: the game master's alerts never go to nobody. Without gm_email they
# go to the judge's own address (MXJUDGE_FROM), and campaign new and doctor
# say so; --gm-email names the game master at once.
expect_exit 0 --db ./a.db campaign new a --width 6 --height 2 --density 0 --seed 3 --deadline 24
contains err "mxjudge: warning: no gm_email: the game master's alerts go to the judge's own address, mxjudge@localhost; 'mxjudge campaign set a gm_email ADDR' (or --gm-email) sends them to yours"
MXJUDGE_FROM="Hover Judge <judge@example.org>" mx --db ./a.db campaign new b --width 6 --height 2 --density 0 >/dev/null 2>err
contains err "the judge's own address, judge@example.org;"
expect_exit 0 --db ./a.db campaign new c --width 6 --height 2 --density 0 --gm-email gm@example.org
lacks err "gm_email"
expect_exit 2 --db ./a.db campaign new d --gm-email not-an-address
expect_exit 0 --db ./a.db doctor
contains out "warn alerts     campaign a has no gm_email: the game master's alerts go to the judge's own address, mxjudge@localhost; mxjudge campaign set a gm_email ADDR"
lacks out "campaign c has no gm_email"
# A lockout's alert, with no gm_email: addressed to the judge, not to ''.
pa=$(mx --db ./a.db campaign join a --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx --db ./a.db campaign join a --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx --db ./a.db campaign start a --now 2025-03-01T12:00Z >/dev/null
for m in 01 02 03 04 05; do
	printf 'GAME a\nSHIP Minx\nPASSWORD guess%s\nLAND\n' $m >o
	expect_exit 65 --db ./a.db orders submit o --now "2025-03-01T13:${m}Z"
done
[ "$(sqlite3 a.db "select state || '|' || recipient from outbox where kind = 'alert'")" = "queued|mxjudge@localhost" ]
[ "$(sqlite3 a.db "select count(*) from outbox where recipient = ''")" -eq 0 ]
expect_exit 0 --db ./a.db mail list
lacks out "failed"
