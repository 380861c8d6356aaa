# Error replies (issue 19, item 12): the line at fault is quoted, or none
# (never the mail's first line); what to do now, never "before the
# deadline" once it has passed; the order block and CODE of the open turn
# at the end. The whole replies are locked (the campaign key is fixed).
. "$ROOT/tests/cli/lock.sh"
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
fixed_key g
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
code=$(sqlite3 t.db "select body from outbox where recipient = 'bob@example.org' and kind = 'report'" |
	sed -n 's/^CODE //p')
[ ${#code} -eq 10 ]
# last_reply NAME: the latest error reply's body, locked as golden NAME.
last_reply() {
	sqlite3 t.db "select body from outbox where kind = 'error-reply' order by id desc limit 1" >reply.txt
	golden "$1" reply.txt
}
# Mails as a mail client writes them: a greeting first, CRLF line ends.
mail() {
	{
		printf 'From: Bob <bob@example.org>\nTo: judge@example.org\nSubject: Re: g: orders\n'
		printf 'Message-ID: <%s@example.org>\nContent-Type: text/plain; charset=utf-8\n\n' "$1"
		shift
		printf 'Hi judge,\n\n'
		printf '%s\n' "$@"
		printf '\nCheers, Bob\n'
	} | sed 's/$/\r/'
}

# A wrong code is not about a line: nothing quoted, the greeting least of all.
mail b1 "GAME g" "SHIP Locust" "CODE abcdefghjk" "TURN 1" "1-Move" "END" >m.eml
expect_exit 0 $db receive --now 2025-03-01T13:00Z <m.eml
contains out "wrong order code for Locust"
last_reply reply-errors-code.txt
lacks reply.txt "> Hi judge"
lacks reply.txt "  > "
# It ends with the open turn's block, with the right CODE to fill in.
[ "$(sed -n "/^GAME g$/,/^END$/p" reply.txt | tr "\n" " ")" = "GAME g SHIP Locust CODE $code TURN 1 1- 2- 3- END " ]

# A bad action is about its line: that line is quoted, and only that one.
mail b2 "GAME g" "SHIP Locust" "CODE $code" "TURN 1" "1-Jump" "END" >m.eml
expect_exit 0 $db receive --now 2025-03-01T13:10Z <m.eml
last_reply reply-errors-line.txt
[ "$(grep -c '^  > ' reply.txt)" -eq 1 ]
contains reply.txt "  > 1-Jump"

# After the deadline: no "before the deadline"; wait for the next report.
mail b3 "GAME g" "SHIP Locust" "CODE $code" "TURN 1" "1-Move" "END" >m.eml
expect_exit 0 $db receive --now 2025-03-02T12:30Z <m.eml
contains out "closed at 2025-03-02 12:00 UTC"
last_reply reply-errors-late.txt
lacks reply.txt "before the deadline"
contains reply.txt "carries the block for"
lacks reply.txt "CODE "

# Resolved: turn 2 is open, so an old block gets turn 2's block and CODE.
mx $db process --now 2025-03-02T12:40Z >/dev/null
mail b4 "GAME g" "SHIP Locust" "CODE $code" "TURN 1" "1-Move" "END" >m.eml
expect_exit 0 $db receive --now 2025-03-02T13:00Z <m.eml
contains out "these orders are for turn 1"
last_reply reply-errors-old-turn.txt
contains reply.txt "TURN 2"
lacks reply.txt "CODE $code"


# No PASSWORD or CODE while orders stand: the reply says they stand. It is
# checked after the seats and the address, so the reply knows (it used to
# say "no orders are on file" before it looked).
code2=$(sqlite3 t.db "select body from outbox where recipient = 'bob@example.org' and kind = 'report' order by id desc limit 1" |
	sed -n 's/^CODE //p')
mail b5 "GAME g" "SHIP Locust" "CODE $code2" "TURN 2" "1-Move" "END" >m.eml
expect_exit 0 $db receive --now 2025-03-02T13:10Z <m.eml
contains out "orders sealed for Locust in g, turn 2"
mail b6 "GAME g" "SHIP Locust" "TURN 2" "1-Left" "END" >m.eml
expect_exit 0 $db receive --now 2025-03-02T13:20Z <m.eml
contains out "expected a line 'PASSWORD <your password>' (or the CODE line of your latest report)"
sqlite3 t.db "select body from outbox where kind = 'error-reply' order by id desc limit 1" >reply.txt
contains reply.txt "Nothing was stored; your earlier orders still stand."
# From another captain's address, nothing is said of Locust's orders at all.
sed 's/bob@example.org/ann@example.org/; s/<b6@/<b7@/' m.eml >m7.eml
expect_exit 0 $db receive --now 2025-03-02T13:25Z <m7.eml
contains out "orders for Locust are taken only from the address its captain joined with"
sqlite3 t.db "select body from outbox where kind = 'error-reply' order by id desc limit 1" >reply.txt
contains reply.txt "Nothing was stored."
lacks reply.txt "earlier orders"
lacks reply.txt "on file"
