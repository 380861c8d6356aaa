# A captain's own settings by mail (judge/account.c), through the real
# receive path: SET PASSWORD (never echoed nor stored), SET ADDRESS (the
# old address told and still a sender), FORGOT (a new password to the
# address on file only, once a day, the old one still good: a forger locks
# nobody out), SET ABSENCE (within absence_days; a deadline waits for the
# captain away, or the autopilot flies) and `campaign absence`.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
game_ann_bob
code=$(q "select body from outbox where recipient = 'ann@example.org' and kind = 'report'" | sed -n 's/^CODE //p')
n=0
desk() {	# desk FROM LINES...: a mail received; the desk's answer in answer.txt
	n=$((n + 1))
	from=$1
	shift
	{ printf 'From: %s\nTo: judge@example.org\nSubject: desk\nMessage-ID: <a%d@example.org>\n\n' "$from" "$n"; printf '%s\n' "$@"; } >a$n.eml
	expect_exit 0 $db receive --now "$(printf "2025-03-01T13:%02dZ" "$n")" <a$n.eml
	q "select body from outbox where key = 'desk/mail/$n'" >answer.txt
}
submit() {	# submit SHIP PASSWORD: orders by file; exit status in $?
	printf 'GAME g\nSHIP %s\nPASSWORD %s\nTURN 1\n1-Move\nEND\n' "$1" "$2" >o.txt
	mx $db orders submit o.txt --now 2025-03-01T14:00Z >/dev/null 2>&1
}

# SET PASSWORD: with the old one; the new one is the only one that works,
# and it is in nothing the judge keeps or sends.
desk ann@example.org "SET PASSWORD g Tr1cky-new" "PASSWORD $pa"
contains answer.txt "> SET PASSWORD g [redacted]"
contains answer.txt "Your password in g is changed"
[ "$(q "select count(*) from outbox where body like '%Tr1cky-new%'")" -eq 0 ]
[ "$(q "select count(*) from mail_in where cast(raw as text) like '%Tr1cky-new%'")" -eq 0 ]
contains a1.eml "Tr1cky-new"
submit Minx Tr1cky-new
! submit Minx "$pa"
desk ann@example.org "SET PASSWORD g short" "PASSWORD Tr1cky-new"
contains answer.txt "Nothing changed in g: A password has 8 to 64 characters"
desk ann@example.org "SET PASSWORD g has#hash1" "PASSWORD Tr1cky-new"
contains answer.txt "no '#'"
# The parser names what it reads.
desk ann@example.org "SET PASSWORD g" "PASSWORD Tr1cky-new"
q "select body from outbox where key = 'help/mail/$n'" >help.txt
contains help.txt "Line 1: expected 'SET PASSWORD NAME NEWPASSWORD'"

# A forger writing as Ann without her secret, or with a wrong one: nothing
# changes, and the answer goes to Ann, never to the forger.
fails=$(q "select count(*) from auth_failures where kind = 'password'")
desk ann@example.org "SET ADDRESS g mallory@example.net"
contains answer.txt "Nothing changed in g: A change of address needs your PASSWORD"
# The CODE of a report Ann forwarded or quoted is not enough, for her
# address or her password: both need the PASSWORD.
desk ann@example.org "SET ADDRESS g mallory@example.net" "CODE $code"
contains answer.txt "Nothing changed in g: A change of address needs your PASSWORD on a line of the mail (a CODE is not enough: it is in every report, and reports get forwarded)."
desk ann@example.org "SET PASSWORD g Mallory-pw1" "CODE $code"
contains answer.txt "Nothing changed in g: A change of password needs your PASSWORD"
submit Minx Tr1cky-new
desk ann@example.org "SET ADDRESS g mallory@example.net" "PASSWORD guess1234"
contains answer.txt "Nothing changed in g: Wrong PASSWORD"
[ "$(q "select email from captains where name = 'Ann'")" = ann@example.org ]
[ "$(q "select count(*) from outbox where recipient like 'mallory%'")" -eq 0 ]
[ "$(q "select count(*) from auth_failures where kind = 'password'")" -eq $((fails + 1)) ]

# SET ADDRESS with the PASSWORD: the judge writes to the new address,
# the old one is told and still counts as Ann's.
desk ann@example.org "SET ADDRESS g ann@new.example" "PASSWORD Tr1cky-new"
contains answer.txt "In g the judge writes to ann@new.example from now on. Mail from ann@example.org still counts"
golden desk-set-address.txt answer.txt
[ "$(q "select email from captains where name = 'Ann'")" = ann@new.example ]
q "select recipient || ' ' || subject from outbox where kind = 'notice'" >notice.txt
contains notice.txt "ann@example.org g: your address with the judge changed"
q "select body from outbox where kind = 'notice'" >notice.txt
contains notice.txt "in place of this address (ann@example.org). The change came by mail from"
golden address-changed.txt notice.txt
desk ann@example.org "STATUS g"
contains answer.txt "Hello Ann"
[ "$(q "select recipient from outbox where key = 'desk/mail/$n'")" = ann@new.example ]
# Orders by mail from the old address count as Ann's too; the receipt goes to the new one.
n=$((n + 1))	# a mail id of its own, as desk() counts them
{ printf 'From: ann@example.org\nTo: judge@example.org\nSubject: orders\nMessage-ID: <old-orders@example.org>\n\n'
  printf 'GAME g\nSHIP Minx\nCODE %s\nTURN 1\n1-Move\nEND\n' "$code"; } >old.eml
expect_exit 0 $db receive --now 2025-03-01T13:40Z <old.eml
contains out "orders sealed for Minx in g, turn 1"
[ "$(q "select recipient from outbox where kind = 'receipt' order by id desc limit 1")" = ann@new.example ]

# FORGOT: a new password to the address on file, in a mail of its own; the
# old one still works, so a forged FORGOT locks nobody out.
desk ann@example.org "FORGOT g"
contains answer.txt "A new password for g is on its way to your address on file"
lacks answer.txt "PASSWORD "
[ "$(q "select recipient from outbox where kind = 'password'")" = ann@new.example ]
newpw=$(q "select body from outbox where kind = 'password'" | sed -n 's/^PASSWORD //p')
[ -n "$newpw" ]
submit Minx Tr1cky-new
submit Minx "$newpw"
# Once a day: a flood of FORGOT mails one password.
desk ann@new.example "FORGOT g"
contains answer.txt "No new password for g: A new password was mailed to your address on file today already"
[ "$(q "select count(*) from outbox where kind = 'password'")" -eq 1 ]
# From an address nobody has: no answer, no new password.
out_before=$(q "select count(*) from outbox")
desk mallory@example.net "FORGOT g"
[ "$(q "select count(*) from outbox")" -eq "$out_before" ]
# Forged as Bob: the password goes to Bob, whose own password still works.
desk bob@example.org "FORGOT g"
[ "$(q "select recipient from outbox where kind = 'password' order by id desc limit 1")" = bob@example.org ]
submit Locust "$pb"
# SET PASSWORD with the mailed one leaves only the new choice.
desk ann@new.example "SET PASSWORD g Another-one" "PASSWORD $newpw"
contains answer.txt "Your password in g is changed"
! submit Minx "$newpw"
! submit Minx Tr1cky-new
submit Minx Another-one
# Sent, the password mail keeps its PASSWORD line blanked.
expect_exit 0 $db mail send --now 2025-03-01T15:00Z
[ "$(q "select count(*) from outbox where kind = 'password' and body like '%$newpw%'")" -eq 0 ]
[ "$(q "select count(*) from outbox where kind = 'password' and body like '%PASSWORD [redacted]%'")" -eq 2 ]
grep -rl "$newpw" Maildir/new >/dev/null
q "select body from outbox where kind = 'password' and recipient = 'ann@new.example'" >sent.txt
golden new-password-sent.txt sent.txt

# SET ABSENCE: within the campaign's days; a deadline waits for the
# captain away whose seat has no orders.
expect_exit 0 $db campaign set g absence_days 3
desk ann@new.example "SET ABSENCE g 2025-03-02 2025-03-05" "PASSWORD Another-one"
contains answer.txt "No absence noted in g: That is 4 days, and you have 3 of the 3 this campaign allows left."
desk ann@new.example "SET ABSENCE g 2025-02-27 2025-03-02" "PASSWORD Another-one"
contains answer.txt "An absence starts today or later"
desk ann@new.example "SET ABSENCE g 2025-03-02 2025-03-03" "PASSWORD Another-one"
contains answer.txt "You are away from g from 2025-03-02 to 2025-03-03 (UTC), 2 day(s); 1 left. Meanwhile a deadline"
golden desk-set-absence.txt answer.txt
expect_exit 0 $db campaign absence g
contains out "g: while a captain is away, deadlines wait; at most 3 days each"
contains out "  Ann              2025-03-02T00:00:00Z to 2025-03-04T00:00:00Z"
expect_exit 0 $db campaign absence g --json
contains out '"absence": "wait"'
contains out '"captain": "Ann"'
# In campaign h Ann sends no orders for turn 1 and is away at its deadline.
mx $db campaign new h --width 6 --height 2 --density 0 --seed 5 --deadline 24 >/dev/null
ph=$(mx $db campaign join h --captain Ann --email ann@new.example --ship Minx --team zion 2>/dev/null)
pi=$(mx $db campaign join h --captain Ivy --email ivy@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start h --now 2025-03-01T12:00Z >/dev/null
desk ann@new.example "SET ABSENCE h 2025-03-02 2025-03-02" "PASSWORD $ph"
contains answer.txt "You are away from h from 2025-03-02 to 2025-03-02 (UTC), 1 day(s); 13 left."
printf 'GAME h\nSHIP Locust\nPASSWORD %s\nTURN 1\n1-Move\nEND\n' "$pi" >i.txt
mx $db orders submit i.txt --now 2025-03-01T14:00Z >/dev/null
# No reminder for a captain away at the deadline.
expect_exit 0 $db mail remind --before 24 --now 2025-03-02T06:00Z
[ "$(q "select count(*) from outbox o join campaigns c on c.id = o.campaign_id where c.name = 'h' and o.kind = 'reminder'")" -eq 0 ]
expect_exit 0 $db process --campaign h --now 2025-03-02T12:05Z
contains out "h: turn 1 waits for a captain away (SET ABSENCE); due by 2025-03-03 00:00 UTC"
[ -z "$(q "select resolved_at from turns t join campaigns c on c.id = t.campaign_id where c.name = 'h' and t.number = 1")" ]
expect_exit 0 $db process --campaign h --now 2025-03-02T20:00Z
lacks out "resolved"
expect_exit 0 $db process --campaign h --now 2025-03-03T00:01Z
contains out "h: turn 1 resolved"
# With absence autopilot, the autopilot flies the seat of the captain away.
mx $db campaign set h absence autopilot >/dev/null
desk ann@new.example "SET ABSENCE h 2025-03-04 2025-03-04" "PASSWORD $ph"
contains answer.txt "Meanwhile the autopilot flies your seats"
expect_exit 0 $db process --campaign h --now 2025-03-04T00:05Z
contains out "h: turn 2 resolved"
[ "$(q "select count(*) from orders o join turns t on t.id = o.turn_id join campaigns c on c.id = t.campaign_id where c.name = 'h' and t.number = 2 and o.raw like '%the autopilot flies Minx%'")" -eq 1 ]

# HELP lists each form of SET and FORGOT, from the parser's own tables.
desk ann@new.example HELP
for u in "SET WAIT NAME" "SET NOWAIT NAME" "SET ADDRESS NAME ADDRESS" "SET PASSWORD NAME NEWPASSWORD" \
	"SET ABSENCE NAME FROM TO" "FORGOT NAME"; do
	contains answer.txt "  $u"
done

# The game master notes an absence from the shell too (not bound by absence_days).
expect_exit 0 $db campaign absence h --ship Locust --from 2025-03-10 --to 2025-03-30 --now 2025-03-04T01:00Z
contains out "h: captain Ivy of Locust away from 2025-03-10T00:00:00Z to 2025-03-31T00:00:00Z"
expect_exit 0 $db campaign absence h
contains out "  Ivy              2025-03-10T00:00:00Z to 2025-03-31T00:00:00Z"
expect_exit 65 $db campaign absence h --ship Locust --from 2025-03-12 --to 2025-03-11
expect_exit 65 $db campaign absence h --ship Nope --from 2025-03-10 --to 2025-03-11
expect_exit 2 $db campaign absence h --ship Locust --from 2025-03-10

# A captain whose address on file is lost writes from another one: a
# desk command is answered only with a credential, the PASSWORD and the
# SHIP it is for; without it, or with a wrong one, nothing is answered
# (the wrong one counts against the password like any).
desk bob@elsewhere.example "SET ADDRESS g bob@elsewhere.example" "PASSWORD $pb"
[ ! -s answer.txt ]
fails=$(q "select count(*) from auth_failures where kind = 'password'")
desk bob@elsewhere.example "SET ADDRESS g bob@elsewhere.example" "SHIP Locust" "PASSWORD wrong-one1"
[ ! -s answer.txt ]
[ "$(q "select count(*) from auth_failures where kind = 'password'")" -eq $((fails + 1)) ]
[ "$(q "select count(*) from outbox where recipient = 'bob@elsewhere.example'")" -eq 0 ]
# Automatic mail never gets an answer, not even with a valid credential
# from another address: an empty Return-Path (a bounce), a list, an
# auto-reply; nothing is done, and the game master is not alerted.
for hdr in 'Return-Path: <>' 'List-Id: <games.example.org>' 'Auto-Submitted: auto-replied' 'Precedence: bulk'; do
	n=$((n + 1))
	{ printf '%s\nFrom: bob@elsewhere.example\nTo: judge@example.org\nSubject: desk\nMessage-ID: <a%d@example.org>\n\n' "$hdr" "$n"
	  printf 'SET ADDRESS g bob@elsewhere.example\nSHIP Locust\nPASSWORD %s\n' "$pb"; } >a$n.eml
	expect_exit 0 $db receive --now "$(printf "2025-03-01T13:%02dZ" "$n")" <a$n.eml
	# the same credential in orders: no refusal mailed, no alert
	n=$((n + 1))
	{ printf '%s\nFrom: bob@elsewhere.example\nTo: judge@example.org\nSubject: orders\nMessage-ID: <a%d@example.org>\n\n' "$hdr" "$n"
	  printf 'GAME g\nSHIP Locust\nPASSWORD %s\nTURN 1\n1-Move\nEND\n' "$pb"; } >a$n.eml
	expect_exit 0 $db receive --now "$(printf "2025-03-01T13:%02dZ" "$n")" <a$n.eml
	[ "$(q "select count(*) from outbox where recipient = 'bob@elsewhere.example' or key like 'alert/%'")" -eq 0 ]
	[ "$(q "select email from captains where name = 'Bob'")" = bob@example.org ]
done
desk bob@elsewhere.example "SET ADDRESS g bob@elsewhere.example" "SHIP Locust" "PASSWORD $pb"
contains answer.txt "In g the judge writes to bob@elsewhere.example from now on."
[ "$(q "select recipient from outbox where key = 'desk/mail/$n'")" = bob@elsewhere.example ]
[ "$(q "select email from captains where name = 'Bob'")" = bob@elsewhere.example ]
[ "$(q "select count(*) from outbox where kind = 'notice' and recipient = 'bob@example.org'")" -eq 1 ]
