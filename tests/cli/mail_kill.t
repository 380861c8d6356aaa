# mail send killed at every step of a delivery, then run again: nothing
# is ever sent twice. Before the end of the data a resend is safe and
# automatic; after it the message is in doubt and waits for a person.
. "$ROOT/tests/cli/mail/lib.sh"
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
killed() { # POINT ARGS...: runs mxjudge expecting SIGKILL at POINT
	p=$1; shift
	set +e
	export MXJUDGE_CRASH_AT="$p"
	mx "$@" >/dev/null 2>&1
	rc=$?
	unset MXJUDGE_CRASH_AT
	set -e
	[ "$rc" -eq 137 ] || { echo "expected SIGKILL at $p, got exit $rc"; exit 1; }
}

# The embedded default, a Maildir next to the database: killed before and
# after the file lands, delivered exactly once.
killed mail-data $db mail send
[ ! -d Maildir/new ] || [ "$(ls Maildir/new | wc -l)" -eq 0 ]
expect_exit 0 $db mail send
[ "$(ls Maildir/new | wc -l)" -eq 2 ]
printf 'From: ann@example.org\nSubject: x\n\nhello\n' | mx $db receive >/dev/null
killed mail-accepted $db mail send
[ "$(ls Maildir/new | wc -l)" -eq 3 ]
expect_exit 0 $db mail send
[ "$(ls Maildir/new | wc -l)" -eq 3 ]
[ "$(sqlite3 t.db "select count(*) from outbox where state = 'sent'")" -eq 3 ]
ls -ld Maildir Maildir/new | grep -c '^drwx------' | grep -qx 2
[ -z "$(find Maildir -type f ! -perm 0600)" ]

PY=$(smtp_python)
if [ -z "$PY" ]; then echo "skipped: SMTP part: python3-aiosmtpd is not installed"; exit 0; fi
trap 'stop_smtpd' EXIT
start_smtpd got
ask() { printf 'From: ann@example.org\nSubject: q%s\n\nhello %s\n' "$1" "$1" | mx $db receive >/dev/null; }

# Killed mid-data: the server drops the message; the next run sends it once.
ask 1
killed mail-data $db mail send --smtp "$smtp_url"
[ "$(arrived got)" -eq 0 ]
expect_exit 0 $db mail send --smtp "$smtp_url"
[ "$(arrived got)" -eq 1 ]

# Killed with every byte out, before the end mark: in doubt, not resent
# by itself; a person says resend (same Message-ID) and it goes once.
ask 2
killed mail-final $db mail send --smtp "$smtp_url"
[ "$(arrived got)" -eq 1 ]
expect_exit 0 $db mail send --smtp "$smtp_url"
contains err "not sent again"
[ "$(arrived got)" -eq 1 ]
expect_exit 0 $db mail list
contains out "doubt"
id=$(sqlite3 t.db "select id from outbox where state = 'doubt'")
msgid=$(sqlite3 t.db "select message_id from outbox where id = $id")
expect_exit 0 $db mail retry "$id"
expect_exit 0 $db mail send --smtp "$smtp_url"
[ "$(arrived got)" -eq 2 ]
grep -q "^Message-ID: <$msgid>" got/002.eml

# Killed after the server said 250: it has the message; never sent again.
ask 3
killed mail-accepted $db mail send --smtp "$smtp_url"
[ "$(arrived got)" -eq 3 ]
expect_exit 0 $db mail send --smtp "$smtp_url"
expect_exit 0 $db mail send --smtp "$smtp_url"
[ "$(arrived got)" -eq 3 ]
id=$(sqlite3 t.db "select id from outbox where state = 'doubt'")
expect_exit 0 $db mail confirm "$id"
[ "$(sqlite3 t.db "select count(*) from outbox where state != 'sent'")" -eq 0 ]

# Killed at random moments while sending many: each Message-ID arrives at most once.
for i in 4 5 6 7 8 9; do ask $i; done
delays() { od -An -N8 -tu1 /dev/urandom | tr -s ' ' '\n' | sed '/^$/d' | awk '{ printf "0.%04d\n", $1 % 200 + 5 }'; }
for d in $(delays); do
	timeout -s KILL "$d" $MXJUDGE_WRAP "$MXJUDGE" $db mail send --smtp "$smtp_url" >/dev/null 2>&1 || true
done
# Then runs a day later (a temporary failure waits 5 minutes), until the
# outbox settles: on a loaded machine a killed sender's lock can outlive
# the kill for a moment, and a run that finds it held leaves the work.
for try in 1 2 3 4 5; do
	mx $db mail send --smtp "$smtp_url" --now 2099-01-01T00:00Z >last.out 2>last.err || true
	[ "$(sqlite3 t.db "select count(*) from outbox where state not in ('sent', 'doubt')")" -eq 0 ] && break
	sleep 1
done
[ -z "$(grep -h '^Message-ID:' got/*.eml | sort | uniq -d)" ]
# Every message is sent or waits, in doubt, for a person: none is lost.
left=$(sqlite3 t.db "select count(*) from outbox where state not in ('sent', 'doubt')")
[ "$left" -eq 0 ] || { sqlite3 t.db "select id, state, attempts, last_error from outbox"; cat last.out last.err; exit 1; }
[ "$(( $(arrived got) + $(sqlite3 t.db "select count(*) from outbox where state = 'doubt'") ))" -ge 9 ]
