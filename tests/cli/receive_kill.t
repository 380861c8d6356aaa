# receive killed (SIGKILL) at every step and at random moments, then the
# same message fed again, as a mail agent retries (issue 7): every order
# accepted is sealed exactly once, each message gets exactly one answer
# (receipt, error reply or help), and every message ends up read.
export MXJUDGE_FAST_HASH=1
# Many help and error replies to the same two addresses in one day: no cap here.
export MXJUDGE_ANSWERS_PER_DAY=1000
db="--db ./t.db"
game_ann_bob
now="--now 2025-03-01T13:00Z"
q() { sqlite3 t.db "$1"; }

# mail N KIND: message N (its own Message-ID) into mail.N; KIND is
# orders (Ann's or Bob's, taken), broken (refused) or question (help).
mail() {
	case "$2" in
	orders) if [ $(($1 % 2)) -eq 0 ]; then from=ann ship=Minx pw=$pa; else from=bob ship=Locust pw=$pb; fi
		body=$(printf 'GAME g\nSHIP %s\nPASSWORD %s\n1-Left\n' "$ship" "$pw") ;;
	broken) from=ann body=$(printf 'GAME g\nSHIP Minx\nPASSWORD %s\n1-Jump\n' "$pa") ;;
	*) from=bob body="Hello, how do I play?" ;;
	esac
	printf 'From: %s@example.org\nSubject: m%s\nMessage-ID: <m%s@example.org>\n\n%s\n' \
		"$from" "$1" "$1" "$body" >"mail.$1"
}
# killed_at POINT N: receive of mail N must die at POINT; then it is fed again.
killed_at() {
	set +e
	MXJUDGE_CRASH_AT=$1 mx $db receive $now <"mail.$2" >/dev/null 2>&1
	rc=$?
	set -e
	[ "$rc" -eq 137 ] || { echo "mail $2: expected SIGKILL at $1, got exit $rc"; exit 1; }
	expect_exit 0 $db receive $now <"mail.$2"
}

n=0 orders=0
for point in mail-stored mail-sealed mail-answered; do
	for kind in orders orders broken question; do
		n=$((n + 1))
		mail $n $kind
		[ "$kind" = orders ] && orders=$((orders + 1))
		# Only orders that are taken reach mail-sealed.
		if [ "$point" = mail-sealed ] && [ "$kind" != orders ]; then
			expect_exit 0 $db receive $now <"mail.$n"
		else
			killed_at $point $n
		fi
		# A third delivery changes nothing.
		expect_exit 0 $db receive $now <"mail.$n"
		contains out "received before"
	done
done

# Killed at random moments: the agent retries until it gets exit 0.
delays() { od -An -N12 -tu1 /dev/urandom | tr -s ' ' '\n' | sed '/^$/d' | awk '{ printf "0.%03d\n", $1 % 150 + 2 }'; }
for d in $(delays); do
	n=$((n + 1))
	case $((n % 3)) in 0) kind=broken ;; 1) kind=question ;; *) kind=orders ;; esac
	mail $n $kind
	[ "$kind" = orders ] && orders=$((orders + 1))
	set +e
	timeout -s KILL "$d" $MXJUDGE_WRAP "$MXJUDGE" $db receive $now <"mail.$n" >/dev/null 2>&1
	tries=0
	until mx $db receive $now <"mail.$n" >/dev/null 2>&1; do
		tries=$((tries + 1))
		[ $tries -lt 5 ] || { echo "mail $n never taken"; exit 1; }
	done
	set -e
done

# Every message stored once and read to the end.
[ "$(q "select count(*) from mail_in")" -eq "$n" ]
[ "$(q "select count(*) from mail_in where status = 'stored' or status = 'error'")" -eq 0 ]
[ "$(q "select count(*) from mail_in where status = 'orders'")" -eq "$orders" ]
# Each order taken is sealed once: one row per mail of orders, one current per ship.
[ "$(q "select count(*) from orders")" -eq "$orders" ]
[ "$(q "select count(*) from orders where current = 1")" -eq 2 ]
[ "$(q "select count(*) from outbox where kind = 'receipt'")" -eq "$orders" ]
# Exactly one answer to each message, of the right kind.
i=0
while [ $i -lt $n ]; do
	i=$((i + 1))
	[ "$(q "select count(*) from outbox where in_reply_to = 'm$i@example.org'")" -eq 1 ] ||
		{ echo "mail $i: not exactly one answer"; q "select id, kind, key from outbox where in_reply_to = 'm$i@example.org'"; exit 1; }
done
[ "$(q "select count(*) from outbox where kind in ('receipt', 'error-reply', 'help')")" -eq "$n" ]
# turn show agrees: every submission once, one current for each ship.
expect_exit 0 $db turn show g --turn 1 --json
python3 -c 'import json, sys
d = json.load(open("out"))
assert len(d["orders"]) == int(sys.argv[1]), d["orders"]
assert sorted(o["ship"] for o in d["orders"] if o["current"]) == ["Locust", "Minx"], d["orders"]' "$orders"
