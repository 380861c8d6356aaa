# The autopilot of any game with a bot (setting bot_plays_silent), on the
# test-only toy: a seat that sent nothing is played by the game's bot (its
# highest card), its orders are sealed as orders saying so, the turn's own
# dice are those it would have had without it, and the game verifies.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
for name in a b; do
	mx --db ./$name.db campaign new d --game toy --seed 5 --deadline 24 >/dev/null
	mx --db ./$name.db campaign join d --captain Ann --email ann@example.org --ship north1 --team north >/dev/null 2>&1
	mx --db ./$name.db campaign join d --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
done
expect_exit 0 --db ./a.db campaign set d bot_plays_silent true
for name in a b; do
	mx --db ./$name.db campaign start d --now 2025-03-01T12:00Z >/dev/null
done
q() { sqlite3 a.db "$1"; }
hand=$(q "select json_extract(state_after, '\$.private.north1.hand') from turns where number = 0")
high=$(printf '%s' "$hand" | python3 -c 'import json,sys; h=json.load(sys.stdin); print(max(h, key=lambda c: int(c[1:])))')
expect_exit 0 --db ./a.db process --now 2025-03-02T13:00Z
contains out "d: turn 1 resolved"
[ "$(q "select count(*) from orders where current = 1")" -eq 2 ]
[ "$(q "select o.raw from orders o join seats s on s.id = o.ship_id where s.name = 'north1'")" = "; no orders were received: the autopilot plays north1" ]
[ "$(q "select o.reading from orders o join seats s on s.id = o.ship_id where s.name = 'north1'")" = "{\"north1\":\"$high\"}" ]
[ "$(q "select understood from orders o join seats s on s.id = o.ship_id where s.name = 'north1'")" = "AUTOPILOT \"$high\"" ]
# The bot draws from a stream of its own: the turn's dice are the same as
# in the campaign without the autopilot.
mx --db ./b.db process --now 2025-03-02T13:00Z >/dev/null
[ "$(q "select group_concat(line, '|') from draws d join turns t on t.id = d.turn_id where t.number = 1")" = \
  "$(sqlite3 b.db "select group_concat(line, '|') from draws d join turns t on t.id = d.turn_id where t.number = 1")" ]
# Without the setting, nothing is played for a silent seat.
[ "$(sqlite3 b.db "select count(*) from orders")" -eq 0 ]
# The opponent's report does not show what the autopilot played.
expect_exit 0 --db ./a.db report d --ship south2
lacks out "AUTOPILOT"
# The autopilot is announced: in the story, to everyone, and to the seat it played.
contains out "No orders came for north1 in turn 1: the autopilot played it."
q "select body from outbox where recipient = 'ann@example.org' and kind = 'report' order by id desc limit 1" >ann1.txt
contains ann1.txt "No orders came from you for turn 1: the autopilot played north1 for you."
q "select body from outbox where recipient = 'bob@example.org' and kind = 'report' order by id desc limit 1" >bob1.txt
contains bob1.txt "No orders came for north1 in turn 1: the autopilot played it."
contains bob1.txt "No orders came from you for turn 1: the autopilot played south2 for you."
lacks bob1.txt "played north1 for you"
[ "$(sqlite3 b.db "select count(*) from outbox where body like '%autopilot played%'")" -eq 0 ]
mx --db ./a.db process --now 2025-03-03T13:00Z >/dev/null
mx --db ./a.db process --now 2025-03-04T13:00Z >/dev/null
[ "$(q "select status from campaigns")" = finished ]
# The end, a mail of its own to each seat: the result, the turns, every
# seat, every turn's orders (the autopilot's as its lines), the root with a
# command that checks its seal, and how to verify.
[ "$(q "select count(*) from outbox where kind = 'end'")" -eq 2 ]
q "select body from outbox where recipient = 'ann@example.org' and kind = 'end'" >end.txt
contains end.txt "d: THE GAME IS OVER"
contains end.txt "For north1 (Ann)"
contains end.txt "The game ended after 3 turns."
contains end.txt "  south2 (south), captain Bob"
contains end.txt "EVERY TURN'S ORDERS (public now that the game is over)"
contains end.txt "    (the autopilot)"
contains end.txt "  mxjudge verify --published turn-N.json"
root=$(q "select root from sealed_roots")
contains end.txt "  $root"
sed -n '/^Check the seal/,/sha256sum/p' end.txt | sed 1d >check.sh
[ "$(sh check.sh | cut -d' ' -f1)" = "$(q "select commitment from sealed_roots")" ]
expect_exit 0 --db ./a.db campaign outbox d
[ "$(q "select count(*) from outbox where kind = 'end'")" -eq 2 ]
expect_exit 0 --db ./a.db replay d
[ "$(grep -c ': verified: ' out)" -eq 4 ]
expect_exit 0 --db ./a.db turn show d --turn 2 --json
mv out pub.json
expect_exit 0 verify --published pub.json
contains out "d, turn 2: verified"
