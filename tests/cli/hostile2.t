# Hostile mail, round 2 (issue 28), through the real receive path: press
# is limited per sender and hour (press_per_hour) and every relayed line
# sits under "| " below a line saying what it is, so an anonymous press
# cannot pose as the judge; a mail that proves its sender (PASSWORD or the
# open turn's CODE) is answered even when forged mail spent the address's
# answers of the day; STATUS of a duplicate set says what the set is and
# nothing of its runs, and a command the judge cannot answer loses none of
# the mail's others.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
game_ann_bob
code=$(q "select body from outbox where recipient = 'ann@example.org' and kind = 'report'" | sed -n 's/^CODE //p')
bcode=$(q "select body from outbox where recipient = 'bob@example.org' and kind = 'report'" | sed -n 's/^CODE //p')
n=0
mail() {	# mail FROM NOW LINES...: a mail received at NOW; the desk's answer in answer.txt
	n=$((n + 1))
	from=$1 at=$2
	shift 2
	{ printf 'From: %s\nTo: judge@example.org\nSubject: desk\nMessage-ID: <h%d@example.org>\n\n' "$from" "$n"
	  printf '%s\n' "$@"; } >h$n.eml
	expect_exit 0 $db receive --now "$at" <h$n.eml
	id=$(q "select max(id) from mail_in")
	q "select body from outbox where key = 'desk/mail/$id'" >answer.txt
}
to_bob() { q "select count(*) from outbox where kind = 'press' and recipient = 'bob@example.org'"; }

# ---- Press: at most press_per_hour an hour from one sender. ----
mx $db campaign set g press all >/dev/null
mx $db campaign set g press_anonymous true >/dev/null
expect_exit 65 $db campaign set g press_per_hour 0
mx $db campaign set g press_per_hour 3 >/dev/null
for k in 1 2 3 4 5; do
	mail ann@example.org "2025-03-01T13:0${k}Z" "PRESS g TO Locust" "Note $k." ENDPRESS "CODE $code"
done
[ "$(to_bob)" -eq 3 ]
contains answer.txt "Your press in g was not sent: You sent 3 press in the last hour, the most this campaign takes: this one was not sent. Send it again later."
# The hour over, it goes again.
mail ann@example.org 2025-03-01T14:04Z "PRESS g TO Locust" "Note 6." ENDPRESS "CODE $code"
contains answer.txt "Your press in g went to Locust."
[ "$(to_bob)" -eq 4 ]

# ---- Press is framed: it never passes for the judge's own words. ----
long=$(printf 'word%d ' $(seq 1 40))
mail ann@example.org 2025-03-01T14:05Z "PRESS g TO Locust ANONYMOUS" \
	"NOTICE FROM THE JUDGE: reply to judge@example.org with your orders" \
	"block, CODE included." "" "$long" ENDPRESS "CODE $code"
contains answer.txt "went to Locust, without your name."
q "select body from outbox where recipient = 'bob@example.org' and kind = 'press' order by id desc limit 1" >bob.txt
contains bob.txt "Press in g, from an anonymous captain, to you:"
contains bob.txt "The judge never asks for your"
contains bob.txt "CODE or PASSWORD by press: ignore any press that does."
contains bob.txt "| NOTICE FROM THE JUDGE: reply to judge@example.org with your orders"
contains bob.txt "| block, CODE included."
grep -qx '|' bob.txt
! grep -q '^NOTICE\|^block' bob.txt
# A long line is broken at blanks, under the frame, within 80 columns.
contains bob.txt "| word1 word2 "
[ "$(grep -c '^| word' bob.txt)" -eq 4 ]
[ "$(awk 'length > 80' bob.txt | wc -l)" -eq 0 ]
golden press-framed.txt bob.txt

# ---- A forger cannot spend a captain's answers. ----
export MXJUDGE_ANSWERS_PER_DAY=3
for k in 1 2 3 4 5; do
	mail bob@example.org "2025-03-01T15:1${k}Z" "STATUS g"
done
[ "$(q "select count(*) from outbox where kind = 'desk' and recipient = 'bob@example.org'")" -eq 3 ]
[ ! -s answer.txt ]
# Bob's own mail proves him (his PASSWORD, or his CODE): answered all the same.
mail bob@example.org 2025-03-01T15:20Z "STATUS g" "PASSWORD $pb"
contains answer.txt "Hello Bob,"
contains answer.txt "g (Hovercrafts: the Battle for the Real): running, turn 1"
mail bob@example.org 2025-03-01T15:21Z CHECK "GAME g" "SHIP Locust" "CODE $bcode" "TURN 1" "1-Move" END
contains answer.txt "> CHECK"
mail bob@example.org 2025-03-01T15:22Z "STATUS g" "CODE $bcode"
contains answer.txt "Hello Bob,"
# A wrong secret, or Ann's, proves nothing: no answer.
mail bob@example.org 2025-03-01T15:23Z "STATUS g" "PASSWORD wrong-guess1"
[ ! -s answer.txt ]
mail bob@example.org 2025-03-01T15:24Z "STATUS g" "CODE $code"
[ ! -s answer.txt ]
unset MXJUDGE_ANSWERS_PER_DAY
# From another address, a captain's PASSWORD and seat prove the sender too:
# past the three answers a day an address not on file gets.
for k in 1 2 3 4; do
	mail ann@work.example "2025-03-01T15:3${k}Z" "STATUS g" "SHIP Minx" "PASSWORD $pa"
	contains answer.txt "Hello Ann,"
done

# ---- A command the judge cannot answer loses none of the others. ----
mx $db campaign new broken --width 6 --height 2 --density 0 --seed 1 >/dev/null
q "update campaigns set settings = '[]' where name = 'broken'"
mail ann@example.org 2025-03-01T16:00Z "STATUS broken" "STATUS g" HELP
[ "$(q "select status from mail_in where id = $id")" = desk ]
contains answer.txt "> STATUS broken"
contains answer.txt "The judge could not answer this now"
contains answer.txt "g (Hovercrafts: the Battle for the Real): running, turn 1"
contains answer.txt "> HELP"
q "select note from mail_in where id = $id" >note.txt
contains note.txt "3 desk commands answered (one could not be: "

# ---- STATUS of a duplicate set: the set, never a run's turns. ----
MXJUDGE=$MXJUDGE_TOY
db="--db ./d.db"
q() { sqlite3 d.db "$1"; }
mx $db campaign new cup --game climb --duplicate --seed 4 >/dev/null
mx $db campaign join cup --captain ann --email ann@example.org --ship ann >/dev/null 2>&1
mx $db campaign join cup --captain bob --email bob@example.org --ship bob >/dev/null 2>&1
mx $db campaign start cup --now 2025-03-01T12:00Z >/dev/null
mail ann@example.org 2025-03-01T13:00Z "STATUS cup" "HELP"
[ "$(q "select status from mail_in where id = $id")" = desk ]
contains answer.txt "cup (Climb: a solo test game): a duplicate set, running; 2 runs, 0 over."
contains answer.txt "Each run is a game of its own, private to its runner until the set closes."
lacks answer.txt "bob"
lacks answer.txt "turn 1"
contains answer.txt "> HELP"
