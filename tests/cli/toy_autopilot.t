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
mx --db ./a.db process --now 2025-03-03T13:00Z >/dev/null
mx --db ./a.db process --now 2025-03-04T13:00Z >/dev/null
[ "$(q "select status from campaigns")" = finished ]
expect_exit 0 --db ./a.db replay d
[ "$(grep -c ': verified: ' out)" -eq 4 ]
expect_exit 0 --db ./a.db turn show d --turn 2 --json
mv out pub.json
expect_exit 0 verify --published pub.json
contains out "d, turn 2: verified"
