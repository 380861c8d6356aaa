# A solo game through the judge (RULESET_SOLO), shown on the test-only climb
# (tests/toysolo_ruleset.h): a seat without a side, a turn resolved when its
# mail comes (no deadline to wait for), the idle limit after which the judge
# ends the game with an order of its own, and that turn verified as any other.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
expect_exit 0 $db campaign new c1 --game climb --seed 3 --set idle_days=5
contains out "campaign c1 created: Climb: a solo test game, a turn as each mail comes, ended after 5 idle days (UTC)"
# A game without sides takes no --team; a game with sides asks for one.
pw=$(mx $db campaign join c1 --captain Ann --email ann@example.org --ship ann 2>/dev/null | tail -1)
mx $db campaign new t --game toy >/dev/null
expect_exit 2 $db campaign join t --captain Bo --email bo@example.org --ship b1
contains err "--side is required: toy seats play on a side"
contains err "--side: expected north or south"
# The only deadline of a solo game is its idle limit.
expect_exit 0 $db campaign start c1 --now 2025-03-01T12:00Z
contains out "orders for turn 1 are due by 2025-03-06 12:00 UTC"
# Orders resolve when they come: by file ...
printf 'GAME c1\nCLIMBER ann\nPASSWORD %s\nCLIMB 2\nEND\n' "$pw" >o.txt
expect_exit 0 $db orders submit o.txt --now 2025-03-01T13:00Z
[ "$(q "select resolved_at from turns where number = 1")" = 2025-03-01T13:00:00Z ]
[ "$(q "select deadline from turns where number = 2")" = 2025-03-06T13:00:00Z ]
[ "$(q "select json_extract(state_after, '\$.height') from turns where number = 1")" -eq 6 ]
# ... and by mail, with the report's CODE.
code=$(mx $db campaign outbox c1 --full | sed -n 's/^CODE //p' | tail -1)
printf 'From: ann@example.org\nTo: judge@example.org\nSubject: Re: c1\nMessage-ID: <a2@example.org>\n\nGAME c1\nCLIMBER ann\nCODE %s\nCLIMB 1\nEND\n' "$code" >mail.txt
expect_exit 0 $db receive --now 2025-03-02T09:00Z <mail.txt
[ "$(q "select resolved_at from turns where number = 2")" = 2025-03-02T09:00:00Z ]
[ "$(q "select json_extract(state_after, '\$.height') from turns where number = 2")" -eq 7 ]
# Before the idle limit, process waits; after it, the judge ends the game.
expect_exit 0 $db process --now 2025-03-07T08:59Z
[ "$(q "select status from campaigns where name = 'c1'")" = running ]
expect_exit 0 $db process --now 2025-03-07T09:00Z
contains out "c1: turn 3 resolved; the game is over: abandoned"
[ "$(q "select status || ' ' || result from campaigns where name = 'c1'")" = "finished abandoned" ]
[ "$(q "select raw from orders o join turns t on t.id = o.turn_id where t.number = 3")" = "FORFEIT abandoned (the judge: no orders for 5 days)" ]
expect_exit 0 $db turn show c1 --turn 3
contains out '{"type":"forfeit","seat":"ann","reason":"abandoned"}'
# The judge's forfeit is a stored order: the turn replays and verifies.
expect_exit 0 $db verify c1 --turn 3
contains out "c1, turn 3: verified: 0 draws replayed"
expect_exit 0 $db verify c1 --turn 2
contains out "c1, turn 2: verified: 1 draw replayed"
expect_exit 0 $db turn show c1 --turn 2 --json
mv out pub.json
expect_exit 0 verify --published pub.json
contains out "which matches its commitment"

# A seat's own data (campaign join --data KIND=FILE): checked by the game
# with its file and line, nothing written when refused, kept with the seat
# and given to the game at the start.
mx $db campaign new c2 --game climb --seed 3 >/dev/null
printf '9\n' >bad-start.txt
printf '4\n' >start.txt
expect_exit 65 $db campaign join c2 --captain Bo --email bo@example.org --ship bo --data start=bad-start.txt
contains err "campaign 'c2': bad-start.txt:1: expected a starting height from 0 to 5"
[ "$(q "select count(*) from seats s join campaigns c on c.id = s.campaign_id where c.name = 'c2'")" -eq 0 ]
expect_exit 65 $db campaign join c2 --captain Bo --email bo@example.org --ship bo --data colour=start.txt
contains err "--data: climb takes no data of kind 'colour'"
expect_exit 0 $db campaign join c2 --captain Bo --email bo@example.org --ship bo --data start=start.txt
[ "$(q "select json_extract(data, '\$.start.text') from seats where name = 'bo'")" = 4 ]
mx $db campaign start c2 --now 2025-03-01T12:00Z >/dev/null
[ "$(q "select json_extract(state_after, '\$.height') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'c2' and t.number = 0")" -eq 4 ]
