# The smallest game (tests/tiny_ruleset.h: setup, read_orders and resolve,
# nothing else), built into $MXJUDGE_TOY, played by mail from start to
# end: the judge's defaults say who is due, when it is over and how, and
# give the order form (a plain text field) and the order help.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
expect_exit 0 games --json
python3 -c 'import json; g={x["name"]: x for x in json.load(open("out"))}; assert g["tiny"]["seat_word"] == "SEAT"'
mx $db campaign new t --game tiny --seed 4 --deadline 24 >/dev/null
mx $db campaign join t --captain Ann --email ann@example.org --seat north >/dev/null 2>&1
mx $db campaign join t --captain Bob --email bob@example.org --seat south >/dev/null 2>&1
expect_exit 0 $db campaign start t --now 2025-03-01T12:00Z
contains out "campaign t started (tiny); orders for turn 1 are due by 2025-03-02 12:00 UTC"
# The report's order block: the seat's CODE and a plain text field.
expect_exit 0 $db campaign outbox t --full
awk '/^To: ann/,/^To: bob/' out >ann.txt
code=$(sed -n 's/^CODE //p' ann.txt | head -1)
[ -n "$code" ]
awk '/^SEAT north$/,/^END$/' ann.txt >block.txt
[ "$(sed -n '3,4p' block.txt | tr '\n' '|')" = "TURN 1||" ]
[ "$(sed -n '5p' block.txt)" = END ]
# Every seat is due until the game is over (the default waiting_for).
expect_exit 0 $db campaign show t
contains out "north"
mail() {	# mail FROM ID BODY
	printf 'From: %s\nTo: judge@example.org\nSubject: Re: t\nMessage-ID: <%s@example.org>\n\n%b' "$1" "$2" "$3" >m.txt
	expect_exit 0 $db receive --now "$4" <m.txt
}
# A bad guess: refused by the game's reading, the default help in the reply.
mail ann@example.org a1 "GAME t\nSEAT north\nCODE $code\nTURN 1\n9\nEND\n" 2025-03-01T13:00Z
q "select body from outbox where kind = 'error-reply' order by id desc limit 1" >reply.txt
contains reply.txt "expected one line with a number 1 to 6"
contains reply.txt "your orders as plain text, between the TURN line and END"
mail ann@example.org a2 "GAME t\nSEAT north\nCODE $code\nTURN 1\n3\nEND\n" 2025-03-01T13:10Z
[ "$(q "select reading from orders where current = 1")" = '{"north":3}' ]
# Turn 1 resolves at its deadline with one seat silent; turn 2 early once both are in.
expect_exit 0 $db process --now 2025-03-02T12:00Z
contains out "t: turn 1 resolved; turn 2 due by 2025-03-03 12:00 UTC"
expect_exit 0 $db campaign set t early true
expect_exit 0 $db campaign outbox t --full
code_of() { awk -v to="$1" '/^To: /{who=$2} who==to && /^CODE /{c=$2} END{print c}' out; }
code=$(code_of ann@example.org)
codeb=$(code_of bob@example.org)
mail ann@example.org a3 "GAME t\nSEAT north\nCODE $code\nTURN 2\n5\nEND\n" 2025-03-02T13:00Z
mail bob@example.org b1 "GAME t\nSEAT south\nCODE $codeb\nTURN 2\n\n2\nEND\n" 2025-03-02T13:10Z
expect_exit 0 $db process --now 2025-03-02T14:00Z
# Two turns: over, with the result the state gives (the default status).
mv out said.txt
[ "$(q "select status from campaigns")" = finished ]
die1=$(q "select json_extract(json, '\$.d6') from events e join turns t on t.id = e.turn_id where t.number = 1")
die2=$(q "select json_extract(json, '\$.d6') from events e join turns t on t.id = e.turn_id where t.number = 2")
n=$(( (die1 == 3) + (die2 == 5) )); s=$(( die2 == 2 ))
want=$( [ $n -gt $s ] && echo north || { [ $s -gt $n ] && echo south || echo "a draw"; })
[ "$(q "select result from campaigns")" = "$want" ]
contains said.txt "t: turn 2 resolved; the game is over: $want"
expect_exit 0 $db verify t --turn 2
contains out "turn 2"
