# SET ABSENCE by mail in a game other than Hovercrafts (the test-only toy,
# through the generic driver): a deadline that finds the seat of a captain
# away without orders waits until the absence ends; with the campaign's
# absence autopilot, the game's bot plays that seat only.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mx $db campaign new d --game toy --seed 5 --deadline 24 >/dev/null
pa=$(mx $db campaign join d --captain Ann --email ann@example.org --ship north1 --team north 2>/dev/null)
mx $db campaign join d --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
mx $db campaign start d --now 2025-03-01T12:00Z >/dev/null
away() {	# away ID DAY: Ann's SET ABSENCE for one day, received
	printf 'From: ann@example.org\nTo: judge@example.org\nSubject: away\nMessage-ID: <%s@example.org>\n\nSET ABSENCE d %s %s\nPASSWORD %s\n' "$1" "$2" "$2" "$pa" >"$1.eml"
	expect_exit 0 $db receive --now 2025-03-01T13:00Z <"$1.eml"
	contains out "1 desk command answered"
}
away w1 2025-03-02
turn() { q "select resolved_at is not null from turns where number = $1"; }
expect_exit 0 $db process --now 2025-03-02T13:00Z
contains out "d: turn 1 waits for a captain away (SET ABSENCE); due by 2025-03-03 00:00 UTC"
[ "$(turn 1)" -eq 0 ]
expect_exit 0 $db process --now 2025-03-03T00:30Z
contains out "d: turn 1 resolved"
[ "$(q "select count(*) from orders")" -eq 0 ]
# absence autopilot: the bot plays the seat of the captain away, not Bob's.
expect_exit 0 $db campaign set d absence autopilot
away w2 2025-03-04
expect_exit 0 $db process --now 2025-03-04T00:30Z
contains out "d: turn 2 resolved"
[ "$(q "select group_concat(s.name) from orders o join seats s on s.id = o.ship_id")" = north1 ]
[ "$(q "select o.raw from orders o join seats s on s.id = o.ship_id where s.name = 'north1'")" = "; no orders were received: the autopilot plays north1" ]
