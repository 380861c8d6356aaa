# The mail desk (core/desk.h, judge/desk.c): commands by mail besides orders,
# one a line, answered in one reply through the real receive path. HELP
# lists exactly what the parser reads (one table drives both); STATUS says
# who has sent orders, never what; REPORT sends the latest report again;
# CHECK reads orders without sealing them; strangers and automatic mail get
# no answer.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mx $db campaign new g --width 6 --height 2 --density 0 --seed 1 >/dev/null
mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
pb=$(mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
mail() {	# mail FROM ID BODY...: a mail on stdin of receive
	from=$1 id=$2
	shift 2
	printf 'From: %s\nTo: judge@example.org\nSubject: desk\nMessage-ID: <%s@example.org>\n\n' "$from" "$id"
	printf '%s\n' "$@"
}
body() { sqlite3 t.db "select body from outbox where key = 'desk/mail/$1'"; }
printf 'GAME g\nSHIP Locust\nPASSWORD %s\nTURN 1\n1-Move\nEND\n' "$pb" >bob.txt
mx $db orders submit bob.txt --now 2025-03-01T12:30Z >/dev/null

mail ann@example.org d1 HELP LIST "status g" "STATUS nope" >m1.eml
expect_exit 0 $db receive --now 2025-03-01T13:00Z <m1.eml
contains out "4 desk commands answered; desk queued"
body 1 >b1.txt
# HELP lists each command of the table, with its arguments.
for u in "HELP" "LIST [ALL|FINISHED]" "STATUS NAME" "REPORT [NAME [TURN]]" "CHECK" "VOTE DRAW|CONCEDE|WITHDRAW NAME" "HISTORY NAME [TURN]"; do
	contains b1.txt "  $u"
done
contains b1.txt "  g: Hovercrafts: the Battle for the Real, running, turn 1; 48-hour turns"
# Every command the HELP lists has its item in mxjudge-mail(7), with an example.
verbs=$(sed -n 's/^  \([A-Z][A-Z]*\)\( .*\)\{0,1\}$/\1/p' b1.txt | sort -u)
[ "$(printf '%s\n' "$verbs" | wc -l)" -ge 10 ]
for verb in $verbs; do
	awk -v v="$verb" '/^\.It /{on = index($0 " ", " Cm " v " ") > 0} /^\.El/{on = 0}
		on && (/^Example/ || /^\.Bd -literal/ || /^\.Dl/) {found = 1}
		END {exit !found}' "$ROOT/man/mxjudge-mail.7" ||
		{ echo "mxjudge-mail(7) has no item with an example for $verb"; exit 1; }
done
contains b1.txt "> STATUS g"
contains b1.txt "g (Hovercrafts: the Battle for the Real): running, turn 1, due by 2025-03-03 12:00 UTC"
contains b1.txt "  Minx: no orders yet"
contains b1.txt "  Locust: orders in"
lacks b1.txt "1-Move"
lacks b1.txt "1-MOVE"
contains b1.txt "No campaign is named nope (LIST shows them)."
[ "$(q "select status from mail_in where message_id = 'd1@example.org'")" = desk ]

# REPORT: the latest report again, in the reply.
mail ann@example.org d2 REPORT >m2.eml
expect_exit 0 $db receive --now 2025-03-01T13:01Z <m2.eml
body 2 >b2.txt
contains b2.txt 'Your latest report ("g: the battle begins; orders for turn 1"'
contains b2.txt "HOVERCRAFTS - g - turn 0"
contains b2.txt "Captain Ann, commanding Minx"

# CHECK: read and echoed, nothing sealed; a bad line is named.
code=$(q "select body from outbox where recipient = 'ann@example.org' and kind = 'report'" | sed -n 's/^CODE //p' | head -1)
mail ann@example.org d3 CHECK "GAME g" "SHIP Minx" "CODE $code" "TURN 1" "1-Move" END >m3.eml
expect_exit 0 $db receive --now 2025-03-01T13:02Z <m3.eml
body 3 >b3.txt
contains b3.txt "The judge reads these orders for g as below. They are NOT sealed"
contains b3.txt "1-MOVE"
[ "$(q "select count(*) from orders o join seats s on s.id = o.ship_id where s.name = 'Minx'")" -eq 0 ]
mail ann@example.org d4 CHECK "GAME g" "SHIP Minx" "CODE $code" "TURN 1" "1-Mvoe" END >m4.eml
expect_exit 0 $db receive --now 2025-03-01T13:03Z <m4.eml
body 4 >b4.txt
contains b4.txt "These orders would be refused: mail:5: expected an action"
contains b4.txt "Nothing was sealed."

# A line the desk cannot read, after a command: the help names it.
mail ann@example.org d5 LIST "FROBNICATE now" >m5.eml
expect_exit 0 $db receive --now 2025-03-01T13:04Z <m5.eml
contains out "help queued"
q "select body from outbox where key = 'help/mail/5'" >b5.txt
contains b5.txt "Line 2: 'FROBNICATE' is not a command the judge reads by mail (HELP"


# Strangers and automatic mail: no answer at all.
n=$(q "select count(*) from outbox")
mail mallory@example.net d6 HELP >m6.eml
expect_exit 0 $db receive --now 2025-03-01T13:05Z <m6.eml
printf 'From: ann@example.org\nTo: judge@example.org\nSubject: Away\nAuto-Submitted: auto-replied\nMessage-ID: <d7@example.org>\n\nHELP\n' >m7.eml
expect_exit 0 $db receive --now 2025-03-01T13:06Z <m7.eml
[ "$(q "select count(*) from outbox")" -eq "$n" ]

# SET WAIT / SET NOWAIT: a seat holds an early campaign's turn until its
# deadline, with its CODE; NOWAIT lets it go as soon as every order is in.
mx $db campaign new e --width 6 --height 2 --density 0 --seed 2 --early >/dev/null
pe=$(mx $db campaign join e --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pf=$(mx $db campaign join e --captain Fay --email fay@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start e --now 2025-04-01T12:00Z >/dev/null
ecode=$(q "select body from outbox o join campaigns c on c.id = o.campaign_id where c.name = 'e' and recipient = 'ann@example.org' and kind = 'report'" | sed -n 's/^CODE //p')
mail ann@example.org w1 "SET WAIT e" "CODE $ecode" >w1.eml
expect_exit 0 $db receive --now 2025-04-01T12:10Z <w1.eml
body 8 >w.txt
contains w.txt "Minx now waits in e: turns are resolved at their deadline"
[ "$(q "select json_extract(settings, '\$.wait') from campaigns where name = 'e'")" = '["Minx"]' ]
printf 'GAME e\nSHIP Minx\nPASSWORD %s\nTURN 1\n1-Move\nEND\n' "$pe" >e1.txt
printf 'GAME e\nSHIP Locust\nPASSWORD %s\nTURN 1\n1-Move\nEND\n' "$pf" >e2.txt
mx $db orders submit e1.txt --now 2025-04-01T12:20Z >/dev/null
mx $db orders submit e2.txt --now 2025-04-01T12:21Z >/dev/null
expect_exit 0 $db process --now 2025-04-01T12:30Z
[ -z "$(q "select resolved_at from turns t join campaigns c on c.id = t.campaign_id where c.name = 'e' and t.number = 1")" ]
mail ann@example.org w2 "SET NOWAIT e" "CODE $ecode" >w2.eml
expect_exit 0 $db receive --now 2025-04-01T12:40Z <w2.eml
body 9 >w2.txt
contains w2.txt "Minx no longer waits in e: turns are resolved as soon as every order is in"
expect_exit 0 $db process --now 2025-04-01T12:50Z
contains out "e: turn 1 resolved early (all orders in)"
# Without a valid credential nothing changes.
mail ann@example.org w3 "SET WAIT e" "CODE abcdefghjk" >w3.eml
expect_exit 0 $db receive --now 2025-04-01T13:00Z <w3.eml
body 10 >w3.txt
contains w3.txt "Nothing changed in e: That CODE is not your latest report's"
[ -z "$(q "select json_extract(settings, '\$.wait') from campaigns where name = 'e'")" ]

# REPORT NAME TURN: the report the sender's own seat got after that turn, as mailed.
mail ann@example.org r1 "REPORT e 1" "REPORT e 0" "REPORT e 2" "REPORT e 9" "REPORT nope 1" >r1.eml
expect_exit 0 $db receive --now 2025-04-01T13:10Z <r1.eml
contains out "5 desk commands answered; desk queued"
body 11 >r1.txt
contains r1.txt '> REPORT e 1'
contains r1.txt 'Your report of turn 1 in e ("e: turn 1 resolved; orders for turn 2"'
contains r1.txt "HOVERCRAFTS - e - turn 1"
contains r1.txt "Captain Ann, commanding Minx"
lacks r1.txt "Captain Fay"
contains r1.txt 'Your report of turn 0 in e ("e: the battle begins; orders for turn 1"'
contains r1.txt "No report of e is sent again: Turn 2 is not resolved yet: its report comes when it is."
contains r1.txt "No report of e is sent again: It has no turn 9 (its latest is turn 2)."
contains r1.txt "No report of nope is sent again: There is no campaign of that name (LIST shows them)."
# Never another seat's: Bob plays no seat in e.
mail bob@example.org r2 "REPORT e 1" >r2.eml
expect_exit 0 $db receive --now 2025-04-01T13:11Z <r2.eml
body 12 >r2.txt
contains r2.txt "No report of e is sent again: You play no seat in this campaign."
lacks r2.txt "HOVERCRAFTS"
# OBSERVE from an address new to the campaign asks for a CONFIRM line
# first: a forged one costs its victim one mail and brings no bulletin;
# the real observer sends the token back and gets it.
mx $db campaign set e signup mail >/dev/null
mail vic@example.org o1 "OBSERVE e" >o1.eml
expect_exit 0 $db receive --now 2025-04-01T13:12Z <o1.eml
body 13 >o1.txt
contains o1.txt "Nothing is done yet: to confirm that this address asked for it"
mail obi@example.org o2 "OBSERVE e" >o2.eml
expect_exit 0 $db receive --now 2025-04-01T13:13Z <o2.eml
tok=$(body 14 | sed -n 's/^    CONFIRM //p')
mail obi@example.org o3 "OBSERVE e" "CONFIRM $tok" >o3.eml
expect_exit 0 $db receive --now 2025-04-01T13:14Z <o3.eml
body 15 >o3.txt
contains o3.txt "You get the public bulletin of e by mail from its next turn on"
printf 'GAME e\nSHIP Minx\nPASSWORD %s\nTURN 2\n1-Move\nEND\n' "$pe" >e1.txt
printf 'GAME e\nSHIP Locust\nPASSWORD %s\nTURN 2\n1-Move\nEND\n' "$pf" >e2.txt
mx $db orders submit e1.txt --now 2025-04-01T13:20Z >/dev/null
mx $db orders submit e2.txt --now 2025-04-01T13:21Z >/dev/null
expect_exit 0 $db process --now 2025-04-01T13:30Z
[ "$(q "select group_concat(recipient, ' ') from outbox o join campaigns c on c.id = o.campaign_id where c.name = 'e' and kind = 'bulletin'")" = obi@example.org ]
[ "$(q "select count(*) from outbox where recipient = 'vic@example.org'")" -eq 1 ]

# A game with hidden hands: the seat's own report, never the other side's.
mx $db campaign new z --game duel --seed 5 --deadline 24 >/dev/null
mx $db campaign join z --captain Hu --email hu@example.org --ship zion --team humans >/dev/null 2>&1
mx $db campaign join z --captain Ma --email ma@example.org --ship smith --team machines >/dev/null 2>&1
mx $db campaign start z --now 2025-05-01T12:00Z >/dev/null
expect_exit 0 $db process --now 2025-05-02T12:05Z
contains out "z: turn 1 resolved"
q "select body from outbox where kind = 'report' and recipient = 'hu@example.org' and key like 'report/%/1/seat/%'" >hu1.txt
q "select body from outbox where kind = 'report' and recipient = 'ma@example.org' and key like 'report/%/1/seat/%'" >ma1.txt
grep -q "Hand (" ma1.txt
mail hu@example.org r3 "REPORT z 1" >r3.eml
expect_exit 0 $db receive --now 2025-05-02T13:00Z <r3.eml
body 16 >r3.txt
contains r3.txt 'Your report of turn 1 in z ("z: turn 1 resolved; orders for turn 2"'
contains r3.txt "$(grep 'Hand (' hu1.txt)"
lacks r3.txt "$(grep 'Hand (' ma1.txt)"

# LIST: a campaign taking players says how many seats are taken, of how many.
mx $db campaign new o --width 6 --height 3 --density 0 --seed 9 >/dev/null
mx $db campaign join o --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign new n1 --game netrun --seed 7 >/dev/null
mail ann@example.org l1 LIST >l1.eml
expect_exit 0 $db receive --now 2025-05-02T13:10Z <l1.eml
body 17 >l1.txt
contains l1.txt "  o: Hovercrafts: the Battle for the Real, taking players, 1 of 6 seats; 48-hour turns"
contains l1.txt ", taking players, 0 of 1 seat; "
contains l1.txt "  z: The Matrix card duel (Warpspawn): Humans against Machines, running, turn 2; 24-hour turns"
