# Two process runs started at the same moment: each turn is resolved once.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
for g in g1 g2 g3; do
	mx $db campaign new $g --width 6 --height 2 --density 0 --seed 4 --deadline 24 >/dev/null
	mx $db campaign join $g --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
	mx $db campaign join $g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
	mx $db campaign start $g --now 2025-03-01T12:00Z >/dev/null
done
for round in 1 2 3; do
	mx $db process --now "2025-03-0$((round + 1))T12:30Z" >a.out 2>a.err &
	p1=$!
	mx $db process --now "2025-03-0$((round + 1))T12:30Z" >b.out 2>b.err &
	p2=$!
	wait $p1
	wait $p2
	cat a.err b.err
	[ "$(cat a.out b.out | grep -c "turn $round resolved")" -eq 3 ]
done
[ "$(sqlite3 t.db "select count(*) from turns where resolved_at is not null")" -eq 12 ]
[ "$(sqlite3 t.db "select count(*) from events e join turns t on t.id = e.turn_id where t.number = 1 and e.type = 'no-orders'")" -eq 6 ]
[ "$(sqlite3 t.db "select count(*) from outbox")" -eq 24 ]
