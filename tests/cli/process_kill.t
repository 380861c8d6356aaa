# process killed with SIGKILL at random points, then run again: every turn
# resolved exactly once, no order lost, no report queued twice.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
for g in k1 k2; do
	mx $db campaign new $g --width 6 --height 1 --density 0 --seed 9 --deadline 24 >/dev/null
	eval "pa_$g=\$(mx $db campaign join $g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)"
	eval "pb_$g=\$(mx $db campaign join $g --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)"
	mx $db campaign start $g --now 2025-03-01T12:00Z >/dev/null
done
# Random delays from the kernel's entropy, 0.5 to 13 ms: a run takes a few.
delays() { od -An -N10 -tu1 /dev/urandom | tr -s ' ' '\n' | sed '/^$/d' | awk '{ printf "0.%04d\n", $1 % 125 + 5 }'; }
for round in 1 2 3 4; do
	for g in k1 k2; do
		eval "pa=\$pa_$g pb=\$pb_$g"
		printf 'GAME %s\nSHIP Minx\nPASSWORD %s\nLAND\n' $g "$pa" | mx $db orders submit --now "2025-03-0${round}T13:00Z" >/dev/null
		printf 'GAME %s\nSHIP Locust\nPASSWORD %s\nREPAIR\n' $g "$pb" | mx $db orders submit --now "2025-03-0${round}T13:00Z" >/dev/null
	done
	# Killed at each step of a resolution (claimed, stored, queued), then at random.
	for point in claimed stored queued; do
		set +e
		MXJUDGE_CRASH_AT=$point mx $db process --now "2025-03-0$((round + 1))T12:30Z" >/dev/null 2>&1
		rc=$?
		set -e
		[ "$rc" -eq 137 ] || { echo "expected SIGKILL at $point, got exit $rc"; exit 1; }
		[ "$(sqlite3 t.db "select count(*) from turns where number = $round and resolved_at is not null")" -eq 0 ]
	done
	for d in $(delays); do
		timeout -s KILL "$d" $MXJUDGE_WRAP "$MXJUDGE" $db process --now "2025-03-0$((round + 1))T12:30Z" >/dev/null 2>&1 || true
	done
	mx $db process --now "2025-03-0$((round + 1))T12:30Z" >/dev/null
	mx $db process --now "2025-03-0$((round + 1))T12:30Z" >again
	[ ! -s again ]
	for g in k1 k2; do
		mx $db turn show $g --turn $round --json >t.json
		contains t.json '"status": "resolved"'
		# Both orders were used: no ship idled for want of orders.
		lacks t.json '"no-orders"'
		contains t.json '"action": "LAND"'
		contains t.json '"repaired"'
	done
done
sqlite3 t.db "PRAGMA integrity_check" | grep -x ok
[ "$(sqlite3 t.db "select count(*) from turns where resolved_at is not null")" -eq 10 ]
[ "$(sqlite3 t.db "select count(*) from turns")" -eq 12 ]
[ "$(sqlite3 t.db "select count(*) from turns where resolved_at is not null and state_after is null")" -eq 0 ]
# Reports: start plus four turns, two captains, two campaigns.
[ "$(sqlite3 t.db "select count(*) from outbox where kind = 'report'")" -eq 20 ]
[ -z "$(sqlite3 t.db "select turn_id, recipient from outbox where kind = 'report' group by turn_id, recipient having count(*) > 1")" ]
