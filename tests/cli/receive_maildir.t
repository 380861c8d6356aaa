# receive --maildir: every message of a Maildir's new/ taken as receive
# takes one, in delivery order, in one process; a message moves to cur/
# only once stored and answered durably, so a crash or a locked database
# loses none and answers none twice.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
t="--now 2025-03-01T13:00Z"
count() { sqlite3 t.db "$1"; }
mkdir -p md/new md/cur md/tmp

# Plain orders, a stranger, the same message delivered twice, MIME orders.
printf 'From: Ann <ann@example.org>\nSubject: orders\nMessage-ID: <a1@x>\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-MOVE\n' \
	"$pa" >md/new/1000.a.host
printf 'From: eve@example.net\nSubject: hi\nMessage-ID: <e1@x>\n\nhello\n' >md/new/1001.b.host
cp md/new/1000.a.host md/new/1002.c.host
printf 'From: Ann <ann@example.org>\nSubject: orders\nMessage-ID: <a2@x>\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-LEFT=20\n--b--\n' \
	"$pa" >md/new/1003.d.host
expect_exit 0 $db receive --maildir md $t
contains out "mail #1 from ann@example.org: orders sealed for Minx in g, turn 1; receipt queued"
contains err "mail #2 from unknown address 'eve@example.net'; stored, not answered"
contains out "mail #1: received before (orders); not answered again"
contains out "mail #3 from ann@example.org: orders sealed for Minx in g, turn 1; receipt queued"
contains out "receive: 4 messages taken from md/new"
[ -z "$(ls md/new)" ]
[ "$(ls md/cur | tr '\n' ' ')" = "1000.a.host:2,S 1001.b.host:2,S 1002.c.host:2,S 1003.d.host:2,S " ]
[ "$(count "select count(*) from mail_in")" -eq 3 ]
[ "$(count "select group_concat(source) from mail_in")" = "maildir,maildir,maildir" ]
[ "$(count "select count(*) from outbox where kind = 'receipt'")" -eq 2 ]
[ "$(count "select understood from orders where current = 1")" = "$(printf 'SHIP Minx\n1-LEFT')" ]
# Nothing new: nothing done, nothing said twice.
expect_exit 0 $db receive --maildir md $t
contains out "receive: 0 messages taken from md/new"
[ "$(count "select count(*) from mail_in")" -eq 3 ]

# Killed after the batch was stored and synced, before it left new/: the
# next run finds it, recognises it, answers nothing twice and moves it.
printf 'From: bob@example.org\nSubject: orders\nMessage-ID: <b1@x>\n\nGAME g\nSHIP Locust\nPASSWORD %s\n1-RIGHT\n' \
	"$pb" >md/new/2000.e.host
set +e
MXJUDGE_CRASH_AT=maildir-synced mx $db receive --maildir md $t >/dev/null 2>&1
rc=$?
set -e
[ "$rc" -eq 137 ]
[ -f md/new/2000.e.host ]
[ "$(count "select count(*) from outbox where kind = 'receipt'")" -eq 3 ]
expect_exit 0 $db receive --maildir md $t
contains out "received before (orders); not answered again"
[ ! -e md/new/2000.e.host ] && [ -f "md/cur/2000.e.host:2,S" ]
[ "$(count "select count(*) from outbox where kind = 'receipt'")" -eq 3 ]

# A locked database: exit 75 and every message stays in new/ for the next run.
printf 'From: bob@example.org\nSubject: again\nMessage-ID: <b2@x>\n\nGAME g\nSHIP Locust\nPASSWORD %s\n1-LAND\n' \
	"$pb" >md/new/3000.f.host
{ echo "BEGIN IMMEDIATE;"; echo "SELECT 'locked';"; sleep 13; echo "COMMIT;"; } | sqlite3 t.db >lock.out &
lock=$!
trap 'kill $lock 2>/dev/null || true' EXIT
i=0; until grep -q locked lock.out 2>/dev/null; do i=$((i + 1)); [ $i -lt 100 ] || exit 1; sleep 0.1; done
expect_exit 75 $db receive --maildir md $t
contains err "database is busy"
[ -f md/new/3000.f.host ]
wait $lock
expect_exit 0 $db receive --maildir md $t
contains out "orders sealed for Locust in g, turn 1; receipt queued"
[ -f "md/cur/3000.f.host:2,S" ]

# A file that cannot be read stays in new/ (exit 75, said); the rest are taken.
mkdir md/new/4000.g.host
printf 'From: bob@example.org\nSubject: again\nMessage-ID: <b3@x>\n\nGAME g\nSHIP Locust\nPASSWORD %s\n1-MOVE\n' \
	"$pb" >md/new/4001.h.host
expect_exit 75 $db receive --maildir md $t
contains err "md/new/4000.g.host: Is a directory; it stays in new/"
contains out "orders sealed for Locust in g, turn 1; receipt queued"
contains out "receive: 1 message taken from md/new"
[ -d md/new/4000.g.host ] && [ -f "md/cur/4001.h.host:2,S" ]
rmdir md/new/4000.g.host
expect_exit 0 $db receive --maildir md $t

# Not a Maildir: one line that says what was expected.
expect_exit 1 $db receive --maildir nowhere $t
[ "$(wc -l <err)" -eq 1 ]
contains err "nowhere/new: No such file or directory (expected a Maildir, with new/ and cur/)"
