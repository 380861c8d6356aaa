# JOIN by mail (judge/signup.c), through the real receive path: only for a
# campaign its game master opened for it (signup mail), from any address;
# the welcome mail carries the password, the rules' page and what happens
# next, and keeps its PASSWORD line only until sent; a stranger's other
# mail gets no answer, and a newcomer at most a few a day. An address new
# to the campaign confirms its JOIN or OBSERVE first (the judge mails it a
# CONFIRM token): a forged From seats nobody and floods nobody.
# zed writes more than the 10 answers a day an address gets by default.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates" MXJUDGE_ANSWERS_PER_DAY=30
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mx $db campaign new g --width 6 --height 2 --density 0 --seed 1 >/dev/null
n=0
desk() {	# desk FROM LINES...: a mail received; the desk's answer in answer.txt
	n=$((n + 1))
	from=$1
	shift
	{ printf 'From: %s\nTo: judge@example.org\nSubject: join\nMessage-ID: <j%d@example.org>\n\n' "$from" "$n"; printf '%s\n' "$@"; } >j$n.eml
	expect_exit 0 $db receive --now "${NOW:-$(printf "2025-03-01T13:%02dZ" "$n")}" <j$n.eml
	q "select body from outbox where key = 'desk/mail/$n'" >answer.txt
}
outbox() { q "select count(*) from outbox"; }
token() { sed -n 's/^    CONFIRM //p' answer.txt; }	# the token the last answer asks for
confirmed() {	# confirmed FROM COMMAND: the command, then again with its CONFIRM line
	desk "$1" "$2"
	desk "$1" "$2" "CONFIRM $(token)"
}

# Not open for sign-up by mail: a stranger's JOIN gets nothing.
desk zed@example.org "JOIN g Zephyr zion"
[ "$(outbox)" -eq 0 ]
[ "$(q "select status from mail_in where id = $n")" = unknown-sender ]
expect_exit 65 $db campaign set g signup always
mx $db campaign set g signup mail >/dev/null

# Open: a newcomer's JOIN is answered with a CONFIRM token, nothing done yet.
desk zed@example.org "JOIN g Zephyr zion"
contains answer.txt "Hello there,"
contains answer.txt "Nothing is done yet: to confirm that this address asked for it"
[ "$(q "select count(*) from seats")" -eq 0 ]
[ "$(q "select count(*) from outbox where kind = 'welcome'")" -eq 0 ]
tz=$(token)
[ "${#tz}" -eq 12 ]
sed "s/^    CONFIRM $tz\$/    CONFIRM <token>/" answer.txt >confirm-shown.txt
golden desk-confirm.txt confirm-shown.txt
# The command again with its CONFIRM line: answered, seated, and welcomed with a password.
desk zed@example.org "JOIN g Zephyr zion" "CONFIRM $tz"
contains answer.txt "Hello zed,"
contains answer.txt "> JOIN g Zephyr zion"
contains answer.txt "You joined g as captain zed of Zephyr (zion). Your password comes in a welcome mail"
[ "$(q "select recipient from outbox where key = 'desk/mail/$n'")" = zed@example.org ]
[ "$(q "select c.name || ' ' || c.email || ' ' || s.name || ' ' || s.side from seats s join captains c on c.id = s.captain_id")" = "zed zed@example.org Zephyr zion" ]
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
[ "$(q "select count(*) from mail_in where status = 'desk'")" -eq 2 ]

# LIST says which campaigns take JOIN by mail.
desk zed@example.org LIST
contains answer.txt "  g: Hovercrafts: the Battle for the Real, taking players, 1 of 4 seats (JOIN g SEAT by mail); 48-hour turns"
# What the desk says no to, to the newcomer: at once, no token asked for.
desk xen@example.org "JOIN g Locust"
contains answer.txt "You did not join g: Hovercrafts: the Battle for the Real seats play on a side: write JOIN NAME SEAT SIDE, SIDE being zion or machines."
desk xen@example.org "JOIN g Zephyr machines"
contains answer.txt "You did not join g: a ship named 'Zephyr' is already in the game"
# Only the command typed with its CONFIRM line confirms: a complaint
# above the quoted request (a forgery's victim) seats nobody, unanswered.
desk yan@example.org "JOIN g Locust machines"
ty=$(token)
desk yan@example.org "Stop mailing me!" "" "On Sat, 1 Mar 2025, the judge wrote:" "$(sed 's/^/> /' answer.txt)"
[ "$(q "select count(*) from seats where name = 'Locust'")" -eq 0 ]
[ "$(q "select status from mail_in where id = $n")" = unknown-sender ]
[ "$(q "select count(*) from outbox where key = 'desk/mail/$n'")" -eq 0 ]
desk yan@example.org "JOIN g Locust machines" "CONFIRM $ty"
contains answer.txt "> JOIN g Locust machines"
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
# A captain's second seat needs the captain's PASSWORD or the CONFIRM
# line: a forged From of a captain joins nothing more.
desk zed@example.org "JOIN g Zonk zion"
contains answer.txt "Nothing is done yet"
[ "$(q "select count(*) from seats where name = 'Zonk'")" -eq 0 ]
desk zed@example.org "JOIN g Zonk zion" "PASSWORD wrong-guess1"
contains answer.txt "You did not join g: Wrong PASSWORD"
[ "$(q "select count(*) from seats where name = 'Zonk'")" -eq 0 ]
# Nor a seat on the other side: one captain plays one side (mixed_sides).
desk zed@example.org "JOIN g Zork machines" "PASSWORD $pz"
contains answer.txt "You did not join g: You command Zephyr on another side: in this campaign a captain plays one side only."
[ "$(q "select count(*) from seats where name = 'Zork'")" -eq 0 ]
desk zed@example.org "JOIN g Zonk zion" "PASSWORD $pz"
contains answer.txt "You joined g as captain zed of Zonk (zion). Your password is the one you have"
[ "$(q "select count(*) from captains")" -eq 2 ]
# Side zion is full (a ship a row of its board's edge): the game says why.
desk zed@example.org "JOIN g Zeta zion"
contains answer.txt "You did not join g: no room for another zion ship (the board has 2 rows)"
[ "$(q "select count(*) from seats where name = 'Zeta'")" -eq 0 ]
# The same JOIN again (as after a crash before its answer): joined already, no second seat.
desk zed@example.org "JOIN g Zonk zion"
contains answer.txt "You joined g as captain zed of Zonk (zion)."
[ "$(q "select count(*) from seats where name = 'Zonk'")" -eq 1 ]
# OBSERVE: anyone gets the bulletin of a campaign open for sign-up by mail, once confirmed.
desk obi@example.org "OBSERVE g"
contains answer.txt "Nothing is done yet"
[ "$(q "select count(*) from observers")" -eq 0 ]
desk obi@example.org "OBSERVE g" "CONFIRM $(token)"
contains answer.txt "You get the public bulletin of g by mail from its next turn on"
# An observer's OBSERVE again, a captain's OBSERVE of its own campaign: no token asked for.
desk obi@example.org "OBSERVE g"
contains answer.txt "Nothing changed in g: You get its bulletin already."
desk zed@example.org "OBSERVE g"
contains answer.txt "You get the public bulletin of g"
# Forged: someone writes as vera, who never asked: she gets one request a
# command, no seat, no bulletin; mal's token (his own JOIN) does not
# stand for her, nor a token of his for g for another campaign.
desk vera@example.org "JOIN g Vex machines"
desk vera@example.org "OBSERVE g"
[ "$(q "select count(*) from outbox where recipient = 'vera@example.org'")" -eq 2 ]
contains answer.txt "If you did not ask for it, ignore this mail: nothing happens."
desk mal@example.org "JOIN g Vex machines"
tm=$(token)
desk vera@example.org "JOIN g Vex machines" "CONFIRM $tm"
contains answer.txt "Nothing changed in g: the CONFIRM line is not the one for JOIN g Vex machines from this address"
lacks answer.txt "    CONFIRM "
mx $db campaign new g2 --width 6 --height 2 --density 0 --seed 2 >/dev/null
mx $db campaign set g2 signup mail >/dev/null
desk mal@example.org "OBSERVE g"
desk mal@example.org "OBSERVE g2" "CONFIRM $(token)"
contains answer.txt "Nothing changed in g2: the CONFIRM line is not the one for OBSERVE g2"
[ "$(q "select count(*) from captains where email in ('vera@example.org', 'mal@example.org')")" -eq 0 ]
[ "$(q "select count(*) from observers where email in ('vera@example.org', 'mal@example.org')")" -eq 0 ]
# A wrong token locks nobody out: the same address asks again and confirms.
desk wil@example.org "OBSERVE g2" "CONFIRM abcdefghjkmn"
contains answer.txt "Nothing changed in g2: the CONFIRM line is not the one"
confirmed wil@example.org "OBSERVE g2"
contains answer.txt "You get the public bulletin of g2"
# A token is good on its day and the next (UTC), not later.
desk sam@example.org "JOIN g2 Sol zion"
ts=$(token)
desk sam@example.org "OBSERVE g2"
NOW=2025-03-02T23:00Z desk sam@example.org "OBSERVE g2" "CONFIRM $(token)"
contains answer.txt "You get the public bulletin of g2"
NOW=2025-03-03T09:00Z desk sam@example.org "JOIN g2 Sol zion" "CONFIRM $ts"
contains answer.txt "Nothing changed in g2: the CONFIRM line is not the one for JOIN g2 Sol zion from this address, or it is older than yesterday (UTC)."
[ "$(q "select count(*) from seats where name = 'Sol'")" -eq 0 ]
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
# A sent request keeps no token in the outbox either.
[ "$(q "select count(*) from outbox where body like '%$tz%' or body like '%$tm%'")" -eq 0 ]
[ "$(q "select count(*) from outbox where kind = 'desk' and body like '%CONFIRM [redacted]%'")" -ge 5 ]
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
confirmed ann@example.org "JOIN d north1 North"
contains answer.txt "You joined d as captain ann of north1 (north)."
# One side per captain, unless the game master allows mixed sides.
desk ann@example.org "JOIN d south1 South"
contains answer.txt "You did not join d: You command north1 on another side"
mx $db campaign set d mixed_sides true >/dev/null
confirmed ann@example.org "JOIN d south1 South"
contains answer.txt "You joined d as captain ann of south1 (south)."
[ "$(q "select count(*) from seats s join captains c on c.id = s.captain_id where c.name = 'ann'")" -eq 2 ]
q "select body from outbox where kind = 'welcome'" >welcome.txt
contains welcome.txt "a game of"
contains welcome.txt "(SEAT north1)"
# The toy's observers get the public view each turn.
confirmed obi@example.org "OBSERVE d"
contains answer.txt "You get the public bulletin of d"
# (The toy takes two seats: ann holds both, the second by mixed_sides above.)
mx $db campaign start d --now 2025-03-01T14:00Z >/dev/null
[ "$(q "select recipient from outbox where kind = 'bulletin'")" = obi@example.org ]
q "select body from outbox where kind = 'bulletin'" >bulletin.txt
lacks bulletin.txt "CODE"
