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
	n=$(($(q "select count(*) from mail_in") + 1))	# the mail's id
	{ printf 'From: ann@example.org\nTo: judge@example.org\nSubject: press\nMessage-ID: <p%d@example.org>\n\n' "$n"; printf '%s\n' "$@"; } >p$n.eml
	expect_exit 0 $db receive --now "${when:-$(printf "2025-03-01T13:%02dZ" "$n")}" <p$n.eml
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

# Many answers to Ann today: more than the default daily bound.
export MXJUDGE_ANSWERS_PER_DAY=100
# A PASSWORD in the body is part of the message, never the credential,
# and it is redacted in what is stored, relayed, listed and copied.
press "PRESS g TO Locust" "my note:" "PASSWORD $pa" ENDPRESS
contains answer.txt "A press needs your CODE (from your latest report) or your PASSWORD"
press "PRESS g TO Locust" "my note:" "PASSWORD $pa" "Code: $code # mine" ENDPRESS "CODE $code"
contains answer.txt "Your press in g went to Locust."
q "select body from outbox where key like 'press/$n/%' and recipient = 'bob@example.org'" >bob.txt
q "select body from outbox where key = 'press/$n/gm'" >gm3.txt
for f in bob.txt gm3.txt; do
	contains $f "my note:"
	contains $f "PASSWORD [redacted]"
	contains $f "Code: [redacted]"
	lacks $f "$pa"
	lacks $f "$code"
done
expect_exit 0 $db press list g --json
lacks out "$pa"
contains out "PASSWORD [redacted]"
# A SHIP line in a body names no seat either: a stranger's PASSWORD there is nothing.
before=$(q "select count(*) from outbox")
printf 'From: ann.other@example.net\nTo: judge@example.org\nSubject: x\nMessage-ID: <o1@example.org>\n\nBROADCAST g\nSHIP Minx\nPASSWORD %s\nENDPRESS\n' "$pa" >o.eml
expect_exit 0 $db receive --now 2025-03-01T14:01Z <o.eml
[ "$(q "select count(*) from outbox")" -eq "$before" ]

# The game master's press, from the shell: whatever the press setting
# says, to a seat, a side or everyone, kept and listed as every press.
mx $db campaign set g press none >/dev/null
printf 'The storm comes on turn 3.\nPASSWORD hunter22\n' >gm-note.txt
expect_exit 0 $db press send g --side zion --file gm-note.txt --now 2025-03-01T15:00Z
contains out "g: press from the game master queued for Minx Sentinel"
q "select body from outbox where kind = 'press' and recipient = 'cy@example.org' order by id desc limit 1" >cy2.txt
contains cy2.txt "Press in g, from the game master, to your side:"
contains cy2.txt "The storm comes on turn 3."
contains cy2.txt "PASSWORD [redacted]"
lacks cy2.txt "hunter22"
[ "$(q "select subject from outbox where recipient = 'ann@example.org' and kind = 'press' order by id desc limit 1")" = "g: press from the game master" ]
[ "$(q "select count(*) from outbox where key like 'press/gm-%/gm'")" -eq 0 ]
echo "Truce until dawn." | mx $db press send g --all --anonymous --now 2025-03-01T15:01Z >out
contains out "without its sender, queued for Minx Sentinel Locust"
q "select body from outbox where kind = 'press' and recipient = 'bob@example.org' order by id desc limit 1" >bob2.txt
contains bob2.txt "from an anonymous captain, to everyone:"
contains bob2.txt "Truce until dawn."
echo "Hold the ridge." | mx $db press send g --to locust --now 2025-03-01T15:02Z >out
contains out "queued for Locust"
expect_exit 0 $db press list g
grep -A1 -F "  g: press from the game master" out | tail -n +2 | grep -x "  to: ann@example.org cy@example.org" >/dev/null
contains out "g: press from an anonymous captain (sent by the game master)"
expect_exit 0 $db press list g --json
python3 -c 'import json; p=json.load(open("out")); g=[e for e in p if e["game_master"]]; assert len(g) == 3 and g[1]["to"] == ["ann@example.org", "cy@example.org", "bob@example.org"] and not p[0]["game_master"], p'
# Bad input: one line naming what was expected, nothing written.
before=$(q "select count(*) from outbox")
echo x >x.txt
expect_exit 2 $db press send g --file x.txt
contains err "expected one of --to SEAT, --side SIDE or --all"
expect_exit 2 $db press send g --to Locust --all --file x.txt
expect_exit 65 $db press send g --to Nemo --file x.txt
[ "$(wc -l <err)" -eq 1 ]
contains err "expected a seat of g, got 'Nemo'"
expect_exit 65 $db press send g --side pirates --file x.txt
contains err "expected a side of g, got 'pirates'"
expect_exit 65 $db press send nowhere --all --file x.txt
contains err "no campaign named 'nowhere'"
printf ' \n\n' >empty.txt
expect_exit 65 $db press send g --all --file empty.txt
contains err "expected a message of text, at most 16384 bytes, in empty.txt"
head -c 20000 /dev/zero | tr '\0' a >big.txt
expect_exit 65 $db press send g --all --file big.txt
expect_exit 65 $db press send g --all --file missing.txt
[ "$(q "select count(*) from outbox")" -eq "$before" ]

# Lines after an orders block's END are not read: the receipt says so
# (PRESS goes in a mail of its own), and the press is not sent.
mx $db campaign set g press all >/dev/null
n=$(($(q "select count(*) from mail_in") + 1))
{ printf 'From: ann@example.org\nTo: judge@example.org\nSubject: orders\nMessage-ID: <p%d@example.org>\n\n' "$n"
  printf 'GAME g\nSHIP Minx\nPASSWORD %s\nTURN 1\nMOVE\nEND\nPRESS g TO Locust\nHello.\nENDPRESS\n' "$pa"; } >p$n.eml
expect_exit 0 $db receive --now 2025-03-01T16:00Z <p$n.eml
contains out "receipt queued"
q "select body from outbox where kind = 'receipt' and recipient = 'ann@example.org' order by id desc limit 1" >receipt.txt
contains receipt.txt "Lines after END are not read: desk commands such as PRESS go in a mail of their own."
[ "$(q "select count(*) from outbox where kind = 'press' and key like 'press/$n/%'")" -eq 0 ]
# Without a desk command after END, the receipt is as before.
n=$(($(q "select count(*) from mail_in") + 1))
{ printf 'From: ann@example.org\nTo: judge@example.org\nSubject: orders\nMessage-ID: <p%d@example.org>\n\n' "$n"
  printf 'GAME g\nSHIP Minx\nPASSWORD %s\nTURN 1\nMOVE\nEND\nThanks!\n' "$pa"; } >p$n.eml
expect_exit 0 $db receive --now 2025-03-01T16:01Z <p$n.eml
q "select body from outbox where kind = 'receipt' and recipient = 'ann@example.org' order by id desc limit 1" >receipt.txt
lacks receipt.txt "Lines after END"

# press_during: any (the default) takes press while a turn is open and
# between the battles of a series; between takes it between battles only.
expect_exit 65 $db campaign set g press_during sometimes
contains err "press_during: expected when press is taken: any"
mx $db campaign set g press_during between >/dev/null
press "PRESS g TO Locust" "Now?" ENDPRESS "PASSWORD $pa"
contains answer.txt "Your press in g was not sent: This campaign takes press only between battles."
printf 'M#Z\n' >duo.map
mx $db campaign new duo --map duo.map --battles 2 --seed 1 --deadline 24 --now 2025-03-01T09:00Z >/dev/null
da=$(mx $db campaign join duo --captain Ann --email ann@example.org --ship Marlin --team zion 2>/dev/null)
db_=$(mx $db campaign join duo --captain Bob --email bob@example.org --ship Lamprey --team machines 2>/dev/null)
mx $db campaign set duo press all >/dev/null
press "PRESS duo TO Lamprey" "Before it starts." ENDPRESS "PASSWORD $da"
contains answer.txt "Your press in duo was not sent: The campaign is not being played now."
expect_exit 0 $db campaign start duo --now 2025-03-02T12:00Z
# Lamprey runs into the wall twice: disabled, Zion wins battle 1.
for t in 1 2; do
	{ printf 'GAME duo\nSHIP Lamprey\nPASSWORD %s\nTURN %s\nMOVE\nMOVE\n' "$db_" "$t"; } >o.txt
	expect_exit 0 $db orders submit o.txt --now "2025-03-0$((t + 1))T13:00Z"
	expect_exit 0 $db process --now "2025-03-0$((t + 2))T12:00Z"
done
contains out "the battle is over: Zion wins"
[ "$(q "select status from campaigns where name = 'duo'")" = open ]
when=2025-03-04T13:00Z press "PRESS duo TO Lamprey" "Between battles, any time." ENDPRESS "PASSWORD $da"
contains answer.txt "Your press in duo went to Lamprey."
mx $db campaign set duo press_during between >/dev/null
dcode=$(q "select body from outbox where recipient = 'ann@example.org' and subject like 'duo%battle is over%' order by id desc limit 1" | sed -n 's/^CODE //p')
[ ${#dcode} -eq 10 ]
when=2025-03-04T13:01Z press "BROADCAST duo" "Peace talks." ENDPRESS "CODE $dcode"
contains answer.txt "Your press in duo went to Lamprey."
q "select body from outbox where kind = 'press' and recipient = 'bob@example.org' order by id desc limit 1" >bob3.txt
contains bob3.txt "Press in duo, from Marlin, to everyone:"
