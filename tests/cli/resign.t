# RESIGN and TAKEOVER by mail, and the standby list the game master keeps
# (`campaign standby`), through the real receive path: a resigned seat
# goes to the game master (its reports, a notice naming the list), the
# resigned captain's codes die, the autopilot flies it at the deadline;
# someone on the list takes it over by mail when the campaign allows it,
# with a welcome mail carrying a new password; nobody else is answered.
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
	{ printf 'From: %s\nTo: judge@example.org\nSubject: seat\nMessage-ID: <r%d@example.org>\n\n' "$from" "$n"; printf '%s\n' "$@"; } >r$n.eml
	expect_exit 0 $db receive --now "$(printf "2025-03-01T13:%02dZ" "$n")" <r$n.eml
	q "select body from outbox where key = 'desk/mail/$n'" >answer.txt
}
outbox() { q "select count(*) from outbox"; }

# RESIGN needs the captain's secret, and a game master to hand the seat to.
desk ann@example.org "RESIGN g"
contains answer.txt "You did not resign in g: A resignation needs your CODE"
desk ann@example.org "RESIGN g" "CODE $code"
contains answer.txt "You did not resign in g: This campaign has no game master's address"
mx $db campaign set g gm_email gm@example.org >/dev/null
desk ann@example.org "RESIGN g Locust" "CODE $code"
contains answer.txt "You command no seat of that name here."
mx $db campaign standby g --add cy@example.org --name Cy >/dev/null
desk ann@example.org "RESIGN g" "CODE $code"
contains answer.txt "You resigned Minx in g: the seat is the game master's now"
[ "$(q "select c.name || ' ' || c.email from seats s join captains c on c.id = s.captain_id where s.name = 'Minx'")" = "vacant Minx gm@example.org" ]
q "select body from outbox where kind = 'notice' and recipient = 'gm@example.org'" >notice.txt
contains notice.txt "Captain Ann resigned Minx in campaign g."
contains notice.txt "  Cy <cy@example.org>"
contains notice.txt "TAKEOVER by mail is off in this campaign"
golden seat-vacant.txt notice.txt
# Ann's code for Minx is worth nothing now.
printf 'GAME g\nSHIP Minx\nCODE %s\nTURN 1\n1-Move\nEND\n' "$code" >o.txt
expect_exit 65 $db orders submit o.txt --now 2025-03-01T14:00Z

# The standby list, from the shell.
expect_exit 65 $db campaign standby g --add cy@example.org --name Cy
expect_exit 0 $db campaign standby g --add dee@example.org --name Dee
expect_exit 0 $db campaign standby g
contains out "g: standby list (TAKEOVER by mail not allowed: the game master hands seats over)"
contains out "  Cy                   cy@example.org"
expect_exit 0 $db campaign standby g --json
contains out '"takeover": false'
contains out '"email": "dee@example.org"'
expect_exit 0 $db campaign standby g --remove dee@example.org
expect_exit 65 $db campaign standby g --remove dee@example.org
expect_exit 2 $db campaign standby g --add x@example.org

# No reminder for the vacant seat; Bob, silent, gets his.
expect_exit 0 $db mail remind --before 24 --now 2025-03-02T06:00Z
[ "$(q "select group_concat(recipient) from outbox where kind = 'reminder'")" = bob@example.org ]
# At the deadline the autopilot flies the vacant seat.
expect_exit 0 $db process --now 2025-03-02T12:30Z
contains out "g: turn 1 resolved"
[ "$(q "select count(*) from orders o join seats s on s.id = o.ship_id where s.name = 'Minx' and o.raw like '%the autopilot flies Minx%'")" -eq 1 ]
# Its reading marks the autopilot's plan, as the sealed text does.
q "select o.reading from orders o join seats s on s.id = o.ship_id where s.name = 'Minx'" | grep -E '^\{"Minx":\{"actions":\[("[A-Z]+",?)+\],"autopilot":true\}\}$' >/dev/null
[ "$(q "select count(*) from orders o join seats s on s.id = o.ship_id where s.name = 'Locust'")" -eq 0 ]

# TAKEOVER: only from the list, only when the campaign allows it.
before=$(outbox)
desk eve@example.org "TAKEOVER g Minx"
[ "$(outbox)" -eq "$before" ]
desk cy@example.org "TAKEOVER g Minx"
contains answer.txt "You did not take over a seat in g: In this campaign the game master hands vacant seats over"
mx $db campaign set g takeover true >/dev/null
desk cy@example.org "TAKEOVER g Locust"
contains answer.txt "No seat of that name is vacant here."
desk cy@example.org "TAKEOVER g Minx"
contains answer.txt "Hello Cy,"
contains answer.txt "You took over Minx in g as captain Cy. Your password comes in a welcome mail of its own."
[ "$(q "select c.name || ' ' || c.email from seats s join captains c on c.id = s.captain_id where s.name = 'Minx'")" = "Cy cy@example.org" ]
[ -z "$(q "select resigned_at from seats where name = 'Minx'")" ]
[ "$(q "select count(*) from standby")" -eq 0 ]
q "select body from outbox where kind = 'welcome' and recipient = 'cy@example.org'" >welcome.txt
contains welcome.txt "What happens next: the campaign is being played, and the next report"
sed 's/^PASSWORD .*/PASSWORD <password>/' welcome.txt >welcome-shown.txt
golden welcome-takeover.txt welcome-shown.txt
pc=$(sed -n 's/^PASSWORD //p' welcome.txt)
printf 'GAME g\nSHIP Minx\nPASSWORD %s\nTURN 2\n1-Move\nEND\n' "$pc" >c.txt
expect_exit 0 $db orders submit c.txt --now 2025-03-02T13:00Z
# Taken: no second takeover.
mx $db campaign standby g --add dee@example.org --name Dee >/dev/null
desk dee@example.org "TAKEOVER g Minx"
contains answer.txt "No seat of that name is vacant here."

# The game master hands a vacant seat over by hand: it has a captain again.
desk bob@example.org "RESIGN g" "PASSWORD $pb"
contains answer.txt "You resigned Locust in g"
[ -n "$(q "select resigned_at from seats where name = 'Locust'")" ]
mx $db campaign replace-captain g --ship Locust --captain Fay --email fay@example.org >/dev/null 2>&1
[ -z "$(q "select resigned_at from seats where name = 'Locust'")" ]
