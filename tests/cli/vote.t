# VOTE by mail (judge/vote.h), through the real receive path: a draw passes
# when every seat in play votes for it during one turn, a concession when
# every seat in play of one side does; votes are secret (STATUS never
# tells them) and forgotten when the turn ends; WITHDRAW takes a vote
# back; the vote that passes is sealed as the judge's agreement and the
# turn that ends the game is played at once, replayed and verified like
# any other. Hovercrafts and the toy game take votes; netrun does not.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mail() {	# mail FROM ID LINE...: a mail for receive's stdin
	from=$1 id=$2
	shift 2
	printf 'From: %s\nTo: judge@example.org\nSubject: vote\nMessage-ID: <%s@example.org>\n\n' "$from" "$id"
	printf '%s\n' "$@"
}
reply() {	# reply ID: the desk's answer to mail ID
	q "select body from outbox where key = 'desk/mail/' || (select id from mail_in where message_id = '$1@example.org')"
}
code() {	# code CAMPAIGN ADDRESS: the CODE of that captain's latest report
	q "select body from outbox o join campaigns c on c.id = o.campaign_id where c.name = '$1' and recipient = '$2' and kind = 'report' order by o.id desc limit 1" | sed -n 's/^CODE //p' | head -1
}
send() {	# send FROM ID LINE...: receive that mail now ($now)
	mail "$@" >m.eml
	expect_exit 0 $db receive --now "$now" <m.eml
}

game_ann_bob
now=2025-03-01T13:00Z
send ann@example.org v1 "VOTE DRAW g" "CODE $(code g ann@example.org)"
reply v1 >v1.txt
golden vote-counted.txt v1.txt
[ "$(q "select json_extract(settings, '\$.votes') from campaigns where name = 'g'")" = '{"turn":1,"draw":["Minx"],"concede":[]}' ]
# Secret: STATUS tells nobody who voted, nor that anyone did.
now=2025-03-01T13:05Z
send bob@example.org v2 "STATUS g"
reply v2 >v2.txt
contains v2.txt "Minx: no orders yet"
lacks v2.txt "vote"
lacks v2.txt "draw"
# WITHDRAW takes it back.
now=2025-03-01T13:10Z
send ann@example.org v3 "VOTE WITHDRAW g" "CODE $(code g ann@example.org)"
contains out "1 desk command answered; desk queued"
reply v3 >v3.txt
contains v3.txt "Your votes in g are withdrawn."
[ "$(q "select json_extract(settings, '\$.votes.draw') from campaigns where name = 'g'")" = '[]' ]
# Without the credential, or with a wrong one, nothing is counted.
now=2025-03-01T13:15Z
send ann@example.org v4 "VOTE DRAW g"
reply v4 >v4.txt
contains v4.txt "No vote was counted in g: A vote needs your CODE (from your latest report) or your PASSWORD"
send ann@example.org v5 "VOTE DRAW g" "CODE abcdefghjk"
reply v5 >v5.txt
contains v5.txt "No vote was counted in g: That CODE is not your latest report's"
[ "$(q "select json_extract(settings, '\$.votes.draw') from campaigns where name = 'g'")" = '[]' ]
# A line the parser cannot read is named.
send ann@example.org v6 "VOTE MAYBE g"
contains out "help queued"
q "select body from outbox where kind = 'help' order by id desc limit 1" >v6.txt
contains v6.txt "Line 1: expected 'VOTE DRAW|CONCEDE|WITHDRAW NAME'"

# A vote not carried by the deadline fails: the turn ends, the vote is forgotten.
now=2025-03-01T14:00Z
send ann@example.org v7 "VOTE DRAW g" "CODE $(code g ann@example.org)"
# Past the deadline (2025-03-02 12:00), no process run yet: a vote is
# refused as orders are, and counts for nothing.
now=2025-03-02T18:00Z
send bob@example.org late1 "VOTE DRAW g" "CODE $(code g bob@example.org)"
reply late1 >late1.txt
contains late1.txt "No vote was counted in g: Turn 1 closed at 2025-03-02 12:00 UTC; it takes no more votes."
[ "$(q "select status from campaigns where name = 'g'")" = running ]
[ "$(q "select json_extract(settings, '\$.votes') from campaigns where name = 'g'")" = '{"turn":1,"draw":["Minx"],"concede":[]}' ]
[ "$(q "select count(*) from orders")" -eq 0 ]
printf 'GAME g\nSHIP Locust\nCODE %s\nTURN 1\n1-Move\nEND\n' "$(code g bob@example.org)" >late.txt
expect_exit 65 $db orders submit late.txt --now 2025-03-02T18:00Z
contains err "turn 1 of 'g' closed at 2025-03-02 12:00 UTC; it takes no more orders"
expect_exit 0 $db process --now 2025-03-02T13:00Z
contains out "g: turn 1 resolved; turn 2 due by"
[ -z "$(q "select json_extract(settings, '\$.votes') from campaigns where name = 'g'")" ]
now=2025-03-02T14:00Z
send bob@example.org v8 "VOTE DRAW g" "CODE $(code g bob@example.org)"
reply v8 >v8.txt
contains v8.txt "Your vote to draw in g is counted, in secret."
[ "$(q "select status from campaigns where name = 'g'")" = running ]
[ "$(q "select json_extract(settings, '\$.votes') from campaigns where name = 'g'")" = '{"turn":2,"draw":["Locust"],"concede":[]}' ]
# Every seat in play agrees: the game ends now, as a draw, told to everyone.
now=2025-03-02T15:00Z
send ann@example.org v9 "VOTE DRAW g" "CODE $(code g ann@example.org)"
contains out "g: turn 2 resolved; the battle is over: a draw"
reply v9 >v9.txt
golden vote-passed.txt v9.txt
[ "$(q "select status || ' ' || result from campaigns where name = 'g'")" = "finished draw" ]
[ "$(q "select json_extract(settings, '\$.votes') from campaigns where name = 'g'")" = "" ]
[ "$(q "select group_concat(understood, '') from orders o join turns t on t.id = o.turn_id where t.number = 2 and current = 1")" = "AGREE DRAW
AGREE DRAW" ]
q "select body from outbox where kind = 'report' and recipient = 'bob@example.org' order by id desc limit 1" >rep.txt
contains rep.txt "THE BATTLE IS A DRAW: every captain in play agreed to it."
contains rep.txt "Every captain in play agreed: the battle is a draw."
[ "$(q "select sum(json_extract(s.data, '\$.wins')) from seats s join campaigns c on c.id = s.campaign_id where c.name = 'g'")" -eq 0 ]
[ "$(q "select b.winner || ': ' || b.result from battles b join campaigns c on c.id = b.campaign_id where c.name = 'g'")" = "draw: THE BATTLE IS A DRAW: every captain in play agreed to it." ]
# It replays and verifies like any turn.
expect_exit 0 $db replay g
contains out "g, turn 2: ok: 0 dice and the result replay"
expect_exit 0 $db turn show g --turn 2 --json
mv out pub.json
expect_exit 0 verify --published pub.json
contains out "verified"
# The game is over: no more votes.
now=2025-03-02T16:00Z
send bob@example.org v10 "VOTE DRAW g" "CODE $(code g bob@example.org)"
reply v10 >v10.txt
contains v10.txt "No vote was counted in g: The campaign is not being played now."

# A concession needs every seat in play of the side: Zion wins.
mx $db campaign new h --width 6 --height 3 --density 0 --seed 4 --deadline 24 >/dev/null
mx $db campaign join h --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign join h --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign join h --captain Cy --email cy@example.org --ship Nebo --team machines >/dev/null 2>&1
mx $db campaign start h --now 2025-04-01T12:00Z >/dev/null
now=2025-04-01T13:00Z
send bob@example.org c1 "VOTE CONCEDE h" "CODE $(code h bob@example.org)"
reply c1 >c1.txt
contains c1.txt "Your vote to concede in h is counted, in secret."
[ "$(q "select status from campaigns where name = 'h'")" = running ]
now=2025-04-01T13:05Z
send cy@example.org c2 "VOTE CONCEDE h" "CODE $(code h cy@example.org)"
contains out "h: turn 1 resolved; the battle is over: Zion wins"
reply c2 >c2.txt
contains c2.txt "The vote passed: Locust Nebo agreed to concede in h."
[ "$(q "select result from campaigns where name = 'h'")" = zion ]
[ "$(q "select b.result from battles b join campaigns c on c.id = b.campaign_id where c.name = 'h'")" = "ZION WINS THE BATTLE: the Machines conceded." ]
[ "$(q "select json_extract(s.data, '\$.wins') from seats s join campaigns c on c.id = s.campaign_id where c.name = 'h' and s.name = 'Minx'")" -eq 1 ]
q "select body from outbox where kind = 'report' and recipient = 'ann@example.org' order by id desc limit 1" >rep2.txt
contains rep2.txt "ZION WINS THE BATTLE: the Machines conceded."
contains rep2.txt "The Machines concede: Zion wins the battle!"
expect_exit 0 $db replay h
contains out "h, turn 1: ok: 0 dice and the result replay"

# The toy game: one seat a side, so one seat concedes at once; verify replays it.
mx $db campaign new d --game toy --seed 5 --deadline 24 >/dev/null
mx $db campaign join d --captain Ann --email ann@example.org --ship north1 --team north >/dev/null 2>&1
mx $db campaign join d --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
mx $db campaign start d --now 2025-05-01T12:00Z >/dev/null
now=2025-05-01T13:00Z
send ann@example.org t1 "VOTE CONCEDE d" "CODE $(code d ann@example.org)"
contains out "d: turn 1 resolved; the game is over: south2"
[ "$(q "select reading from orders o join turns t on t.id = o.turn_id join campaigns c on c.id = t.campaign_id where c.name = 'd'")" = '{"north1":{"judge":"agree","what":"concede"}}' ]
expect_exit 0 $db replay d
contains out "d, turn 1: verified"

# The generic driver forgets the votes at the turn's end too.
mx $db campaign new d3 --game toy --seed 7 --deadline 24 >/dev/null
mx $db campaign join d3 --captain Ann --email ann@example.org --ship north1 --team north >/dev/null 2>&1
mx $db campaign join d3 --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
mx $db campaign start d3 --now 2025-05-03T12:00Z >/dev/null
now=2025-05-03T13:00Z
send bob@example.org t3 "VOTE DRAW d3" "CODE $(code d3 bob@example.org)"
[ "$(q "select json_extract(settings, '\$.votes.draw') from campaigns where name = 'd3'")" = '["south2"]' ]
expect_exit 0 $db process --now 2025-05-04T12:05Z
contains out "d3: turn 1 resolved; turn 2 due by"
[ -z "$(q "select json_extract(settings, '\$.votes') from campaigns where name = 'd3'")" ]

# A vote that passed but whose turn could not be played at once (here the
# campaign's own report template is broken) stays sealed: orders are
# refused, and the next process run ends the game.
mx $db campaign new d2 --game toy --seed 6 --deadline 24 >/dev/null
pn2=$(mx $db campaign join d2 --captain Ann --email ann@example.org --ship north1 --team north 2>/dev/null)
pb2=$(mx $db campaign join d2 --captain Bob --email bob@example.org --ship south2 --team south 2>/dev/null)
mx $db campaign start d2 --now 2025-05-02T12:00Z >/dev/null
mkdir tpl
printf '{{#broken}}\n' >tpl/report.mustache
mx $db campaign set d2 templates "$PWD/tpl" >/dev/null
now=2025-05-02T13:00Z
send ann@example.org t2 "VOTE CONCEDE d2" "PASSWORD $pn2"
contains err "report.mustache"
[ "$(q "select status from campaigns where name = 'd2'")" = running ]
card=$(q "select json_extract(state_after, '\$.private.south2.hand[0]') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'd2' and number = 0")
printf 'GAME d2\nSEAT south2\nPASSWORD %s\nPLAY %s\n' "$pb2" "$card" >o.txt
expect_exit 65 $db orders submit o.txt --now 2025-05-02T13:10Z
contains err "'d2' ends by a vote that passed (turn 1 is its last): no orders are taken"
rm tpl/report.mustache
expect_exit 0 $db process --now 2025-05-02T13:20Z
contains out "d2: turn 1 resolved; the game is over: south2"

# A game without the agree hook takes no votes.
mx $db campaign new run1 --game netrun --seed 7 >/dev/null
mx $db campaign join run1 --captain Ann --email ann@example.org --ship ann >/dev/null 2>&1
mx $db campaign start run1 --now 2025-06-01T12:00Z >/dev/null
now=2025-06-01T13:00Z
send ann@example.org n1 "VOTE DRAW run1" "CODE $(code run1 ann@example.org)"
reply n1 >n1.txt
contains n1.txt "No vote was counted in run1: This game takes no votes: it ends only by play."

# Over the daily answer cap (MXJUDGE_ANSWERS_PER_DAY) a vote is still
# counted, and one that passes still ends the game now, so a forger
# flooding a captain's address with mail that gets answers cannot cost
# that captain a vote; and a vote carries the captain's CODE, which
# proves the sender: it is answered all the same (issue 28 item 6).
mx $db campaign new d4 --game toy --seed 8 --deadline 24 >/dev/null
mx $db campaign join d4 --captain Ann --email ann@example.org --ship north1 --team north >/dev/null 2>&1
mx $db campaign join d4 --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
mx $db campaign start d4 --now 2025-07-01T12:00Z >/dev/null
export MXJUDGE_ANSWERS_PER_DAY=2
now=2025-07-01T13:00Z
send bob@example.org f1 "HELP"
send bob@example.org f2 "HELP"
send ann@example.org f3 "HELP"
send ann@example.org f4 "HELP"
now=2025-07-01T13:10Z
send bob@example.org cap1 "VOTE DRAW d4" "CODE $(code d4 bob@example.org)"
lacks out "not answered"
reply cap1 >cap1.txt
contains cap1.txt "Your vote to draw in d4 is counted, in secret."
# Without a credential (a forger's HELP) the cap holds.
send bob@example.org f5 "HELP"
contains out "not answered (3 answers to that address in the last day)"
[ "$(q "select json_extract(settings, '\$.votes.draw') from campaigns where name = 'd4'")" = '["south2"]' ]
now=2025-07-01T13:20Z
send ann@example.org cap2 "VOTE DRAW d4" "CODE $(code d4 ann@example.org)"
lacks out "not answered"
contains out "d4: turn 1 resolved; the game is over"
reply cap2 >cap2.txt
contains cap2.txt "The vote passed"
[ "$(q "select status from campaigns where name = 'd4'")" = finished ]
[ "$(q "select group_concat(understood, '') from orders o join turns t on t.id = o.turn_id join campaigns c on c.id = t.campaign_id where c.name = 'd4'")" = "AGREE DRAW
AGREE DRAW" ]
unset MXJUDGE_ANSWERS_PER_DAY
