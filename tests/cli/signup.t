# JOIN by mail (cmd/signup.c), through the real receive path: only for a
# campaign its game master opened for it (signup mail), from any address;
# the welcome mail carries the password, the rules' page and what happens
# next, and keeps its PASSWORD line only until sent; a stranger's other
# mail gets no answer, and a newcomer at most a few a day.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mx $db campaign new g --width 6 --height 2 --density 0 --seed 1 >/dev/null
n=0
desk() {	# desk FROM LINES...: a mail received; the desk's answer in answer.txt
	n=$((n + 1))
	from=$1
	shift
	{ printf 'From: %s\nTo: judge@example.org\nSubject: join\nMessage-ID: <j%d@example.org>\n\n' "$from" "$n"; printf '%s\n' "$@"; } >j$n.eml
	expect_exit 0 $db receive --now "$(printf "2025-03-01T13:%02dZ" "$n")" <j$n.eml
	q "select body from outbox where key = 'desk/mail/$n'" >answer.txt
}
outbox() { q "select count(*) from outbox"; }

# Not open for sign-up by mail: a stranger's JOIN gets nothing.
desk zed@example.org "JOIN g Zephyr zion"
[ "$(outbox)" -eq 0 ]
[ "$(q "select status from mail_in where id = $n")" = unknown-sender ]
expect_exit 65 $db campaign set g signup always
mx $db campaign set g signup mail >/dev/null

# Open: the newcomer is answered, seated, and welcomed with a password.
desk zed@example.org "JOIN g Zephyr zion"
contains answer.txt "Hello zed,"
contains answer.txt "> JOIN g Zephyr zion"
contains answer.txt "You joined g as captain zed of Zephyr (zion). Your password comes in a welcome mail"
[ "$(q "select recipient from outbox where key = 'desk/mail/$n'")" = zed@example.org ]
[ "$(q "select c.name || ' ' || c.email || ' ' || s.name || ' ' || s.team from ships s join captains c on c.id = s.captain_id")" = "zed zed@example.org Zephyr zion" ]
q "select body from outbox where kind = 'welcome'" >welcome.txt
contains welcome.txt "Welcome to g, a game of Hovercrafts: the Battle for the Real."
contains welcome.txt "You command Zephyr, on side zion. Seats taken so far: 1."
contains welcome.txt "The rules are in the judge's manual page mxjudge-hovercrafts(7)"
contains welcome.txt "What happens next: the game master starts the campaign"
pz=$(sed -n 's/^PASSWORD //p' welcome.txt)
[ -n "$pz" ]
sed 's/^PASSWORD .*/PASSWORD <password>/' welcome.txt >welcome-shown.txt
golden welcome-join.txt welcome-shown.txt
golden desk-join.txt answer.txt
[ "$(q "select count(*) from mail_in where status = 'desk'")" -eq 1 ]

# LIST says which campaigns take JOIN by mail.
desk zed@example.org LIST
contains answer.txt "  g: Hovercrafts: the Battle for the Real, taking players, 1 of 4 seats (JOIN g SEAT by mail); 48-hour turns"
# What the desk says no to, to the newcomer.
desk yan@example.org "JOIN g Locust"
contains answer.txt "You did not join g: Hovercrafts: the Battle for the Real seats play on a side: write JOIN NAME SEAT SIDE, SIDE being zion or machines."
desk yan@example.org "JOIN g Zephyr machines"
contains answer.txt "You did not join g: a ship named 'Zephyr' is already in the game"
desk yan@example.org "JOIN g Locust machines"
contains answer.txt "You joined g as captain yan of Locust (machines)."
# A newcomer gets at most a few answers a day: after three, silence.
desk vic@example.org "JOIN g x/y zion"
contains answer.txt "You did not join g:"
desk vic@example.org "JOIN g x/y zion"
desk vic@example.org "JOIN g x/y zion"
before=$(outbox)
desk vic@example.org "JOIN g x/y zion"
[ "$(outbox)" -eq "$before" ]
# A stranger's JOIN to no such campaign, or any other command: nothing.
desk wes@example.org "JOIN nope Ship zion"
desk wes@example.org "HELP"
[ "$(outbox)" -eq "$before" ]
# A captain joins a second seat: the password stays.
desk zed@example.org "JOIN g Zonk zion"
contains answer.txt "You joined g as captain zed of Zonk (zion). Your password is the one you have"
[ "$(q "select count(*) from captains")" -eq 2 ]
# The same JOIN again (as after a crash before its answer): joined already, no second seat.
desk zed@example.org "JOIN g Zonk zion"
contains answer.txt "You joined g as captain zed of Zonk (zion)."
[ "$(q "select count(*) from ships where name = 'Zonk'")" -eq 1 ]
# OBSERVE: anyone gets the bulletin of a campaign open for sign-up by mail.
desk obi@example.org "OBSERVE g"
contains answer.txt "You get the public bulletin of g by mail from its next turn on"
desk obi@example.org "OBSERVE g"
contains answer.txt "Nothing changed in g: You get its bulletin already."
desk zed@example.org "OBSERVE g"
# The welcome's password is the captain's; sent, it is blanked in the outbox.
mx $db campaign start g --now 2025-03-01T14:00Z >/dev/null
[ "$(q "select group_concat(recipient, ' ') from outbox where kind = 'bulletin' order by id")" = "obi@example.org zed@example.org" ]
q "select body from outbox where kind = 'bulletin' limit 1" >bulletin.txt
lacks bulletin.txt "CODE"
desk zed@example.org "UNOBSERVE g"
contains answer.txt "You no longer get the bulletin of g."
desk zed@example.org "UNOBSERVE g"
contains answer.txt "Nothing changed in g: You do not get its bulletin."
# A stranger who does not observe: no answer.
before=$(outbox)
desk pat@example.org "UNOBSERVE g"
[ "$(outbox)" -eq "$before" ]
printf 'GAME g\nSHIP Zephyr\nPASSWORD %s\nTURN 1\n1-Move\nEND\n' "$pz" >z.txt
expect_exit 0 $db orders submit z.txt --now 2025-03-01T14:30Z
expect_exit 0 $db mail send --now 2025-03-01T15:00Z
[ "$(q "select count(*) from outbox where kind = 'welcome' and body like '%$pz%'")" -eq 0 ]
[ "$(q "select count(*) from outbox where kind = 'welcome' and body like '%PASSWORD [redacted]%'")" -eq 2 ]
# Started: a stranger's JOIN gets nothing, a captain's a refusal.
before=$(outbox)
desk ula@example.org "JOIN g Ulm zion"
[ "$(outbox)" -eq "$before" ]
desk zed@example.org "JOIN g Ulm zion"
contains answer.txt "You did not join g: The campaign has started; it takes no more players."

# Any game: the toy (sides north and south) through the same desk.
MXJUDGE=$MXJUDGE_TOY
db="--db ./toy.db"
q() { sqlite3 toy.db "$1"; }
mx $db campaign new d --game toy --seed 5 --deadline 24 >/dev/null
mx $db campaign set d signup mail >/dev/null
n=0
desk ann@example.org "JOIN d north1 North"
contains answer.txt "You joined d as captain ann of north1 (north)."
q "select body from outbox where kind = 'welcome'" >welcome.txt
contains welcome.txt "a game of"
contains welcome.txt "(SEAT north1)"
# The toy's observers get the public view each turn.
desk obi@example.org "OBSERVE d"
contains answer.txt "You get the public bulletin of d"
mx $db campaign join d --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
mx $db campaign start d --now 2025-03-01T14:00Z >/dev/null
[ "$(q "select recipient from outbox where kind = 'bulletin'")" = obi@example.org ]
q "select body from outbox where kind = 'bulletin'" >bulletin.txt
lacks bulletin.txt "CODE"
