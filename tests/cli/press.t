# Press by mail (cmd/press.c, the mail desk's PRESS and BROADCAST): as the
# campaign allows it (press none|side|all, press_anonymous, press_copy_gm),
# checked like orders (the report's CODE or the PASSWORD), relayed once
# through the outbox, listed by `mxjudge press list`; never from strangers.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mx $db campaign new g --width 6 --height 3 --density 0 --seed 1 >/dev/null
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join g --captain Cy --email cy@example.org --ship Sentinel --team zion >/dev/null 2>&1
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
code=$(q "select body from outbox where recipient = 'ann@example.org' and kind = 'report'" | sed -n 's/^CODE //p')
n=0
press() {	# press LINES...: a mail from Ann, received; the desk's answer in answer.txt
	n=$((n + 1))
	{ printf 'From: ann@example.org\nTo: judge@example.org\nSubject: press\nMessage-ID: <p%d@example.org>\n\n' "$n"; printf '%s\n' "$@"; } >p$n.eml
	expect_exit 0 $db receive --now "$(printf "2025-03-01T13:%02dZ" "$n")" <p$n.eml
	q "select body from outbox where key = 'desk/mail/$n'" >answer.txt
}
presses() { q "select count(*) from outbox where kind = 'press'"; }

# No press unless the campaign says so.
press "PRESS g TO SIDE" "Cy, the left flank." ENDPRESS "CODE $code"
contains answer.txt "> PRESS g TO SIDE"
contains answer.txt "Your press in g was not sent: This campaign takes no press."
[ "$(presses)" -eq 0 ]
expect_exit 65 $db campaign set g press loud
mx $db campaign set g press side >/dev/null
# Within a side: to the side, not across it.
press "PRESS g TO SIDE" "Cy, the left flank." ENDPRESS "CODE $code"
contains answer.txt "Your press in g went to Sentinel."
[ "$(q "select recipient from outbox where kind = 'press'")" = cy@example.org ]
q "select body from outbox where kind = 'press'" >cy.txt
contains cy.txt "Press in g, from Minx, to your side:"
contains cy.txt "Cy, the left flank."
press "PRESS g TO Locust" "Surrender." ENDPRESS "CODE $code"
contains answer.txt "This campaign takes press within a side only."
press "BROADCAST g" "Hello all." ENDPRESS "CODE $code"
contains answer.txt "write PRESS NAME TO SIDE"
[ "$(presses)" -eq 1 ]
# Everyone, with a copy for the game master; anonymous only when allowed.
mx $db campaign set g press all >/dev/null
mx $db campaign set g gm_email gm@example.org >/dev/null
mx $db campaign set g press_copy_gm true >/dev/null
press "BROADCAST g" "Good luck, all." ENDPRESS "PASSWORD $pa"
contains answer.txt "Your press in g went to Sentinel Locust."
[ "$(q "select count(*) from outbox where kind = 'press' and key like 'press/$n/%'")" -eq 3 ]
q "select body from outbox where key = 'press/$n/gm'" >gm.txt
contains gm.txt "Press in g, from Minx, to everyone:"
press "PRESS g TO Locust ANONYMOUS" "Watch your back." ENDPRESS "CODE $code"
contains answer.txt "This campaign takes no anonymous press."
mx $db campaign set g press_anonymous true >/dev/null
press "PRESS g TO Locust ANONYMOUS" "Watch your back." ENDPRESS "CODE $code"
contains answer.txt "went to Locust, without your name."
[ "$(q "select subject from outbox where recipient = 'bob@example.org' and kind = 'press' order by id desc limit 1")" = "g: press from an anonymous captain" ]
q "select body from outbox where recipient = 'bob@example.org' and kind = 'press' order by id desc limit 1" >bob.txt
contains bob.txt "from an anonymous captain"
lacks bob.txt "Minx"
q "select body from outbox where key = 'press/$n/gm'" >gm2.txt
contains gm2.txt "from Minx"
# A wrong secret sends nothing and is recorded as orders' are.
fails=$(q "select count(*) from auth_failures")
press "PRESS g TO Locust" "x" ENDPRESS "CODE abcdefghjk"
contains answer.txt "That CODE is not your latest report's: the press was not sent."
[ "$(q "select count(*) from auth_failures")" -eq $((fails + 1)) ]
press "PRESS g TO Locust" "x" ENDPRESS
contains answer.txt "A press needs your CODE (from your latest report) or your PASSWORD"
# A press without ENDPRESS gets the help, naming the line.
press "PRESS g TO Locust" "x" "CODE $code"
q "select body from outbox where key = 'help/mail/$n'" >help.txt
contains help.txt "Line 1: PRESS without a line ENDPRESS after its message"
# A stranger gets nothing at all.
before=$(q "select count(*) from outbox")
printf 'From: mallory@example.net\nTo: judge@example.org\nSubject: x\nMessage-ID: <m1@example.org>\n\nBROADCAST g\nfree money\nENDPRESS\n' >m.eml
expect_exit 0 $db receive --now 2025-03-01T14:00Z <m.eml
[ "$(q "select count(*) from outbox")" -eq "$before" ]
# The list: one entry per press, with every recipient.
expect_exit 0 $db press list g
contains out "g: press from Minx"
contains out "  to: cy@example.org"
contains out "  to: cy@example.org bob@example.org gm@example.org"
expect_exit 0 $db press list g --json
python3 -c 'import json; p=json.load(open("out")); assert len(p) == 3 and p[0]["to"] == ["cy@example.org"], p'
