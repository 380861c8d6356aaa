# Issue 14 item 14: one deadline for a whole run of mail send or fetch
# (MXJUDGE_MAIL_TIMEOUT seconds, default 300). An SMTP server that takes
# the data and never answers holds the run up that long at most, not
# minutes per message; an IMAP server that trickles an answer for ever
# cannot keep fetch running. Every run is under timeout(1), so the test
# ends even when the judge would not.
. "$ROOT/tests/cli/mail/lib.sh"
export MXJUDGE_FAST_HASH=1 MXJUDGE_MAIL_TIMEOUT=2
unset MXJUDGE_SMTP_USER MXJUDGE_SMTP_PASSWORD MXJUDGE_IMAP_USER MXJUDGE_IMAP_PASSWORD
db="--db ./t.db"
game_ann_bob
printf 'From: ann@example.org\nSubject: q\n\nhello\n' | mx $db receive --now 2025-03-01T12:00Z >/dev/null
q() { sqlite3 t.db "$1"; }
[ "$(q "select count(*) from outbox")" -eq 3 ]

mkdir got
echo stall-after-data >mode
python3 "$ROOT/tests/cli/data/smtp-faults.py" got mode port 60 >server.log 2>&1 &
server=$!
python3 "$ROOT/tests/cli/data/imap-trickle.py" iport 60 >imap.log 2>&1 &
imapd=$!
trap 'kill $server $imapd 2>/dev/null; wait $server $imapd 2>/dev/null' EXIT
wait_for port
wait_for iport

# The first message goes out and no answer comes: in doubt when the run's
# 2 seconds are over; the two others are not tried, and stay queued.
start=$(date +%s)
set +e
timeout 30 $MXJUDGE $db mail send --smtp "smtp://127.0.0.1:$(cat port)" --now 2025-03-01T13:00Z >out 2>err
rc=$?
set -e
took=$(($(date +%s) - start))
cat err
[ "$rc" -eq 1 ]
[ "$took" -le 6 ]
contains err "mail #1 to ann@example.org: no answer after the whole message went out"
contains err "mail: the run's deadline passed (MXJUDGE_MAIL_TIMEOUT); nothing more is tried this run: 2 messages stay queued"
[ "$(q "select state from outbox where id = 1")" = doubt ]
[ "$(q "select count(*) from outbox where state = 'queued' and attempts = 0")" -eq 2 ]

# fetch: the answer to SELECT never ends; the run gives up at its deadline (exit 75).
start=$(date +%s)
set +e
timeout 30 $MXJUDGE $db fetch --imap "imap://127.0.0.1:$(cat iport)/INBOX" --now 2025-03-01T13:00Z >out 2>err
rc=$?
set -e
took=$(($(date +%s) - start))
cat err
[ "$rc" -eq 75 ]
[ "$took" -le 6 ]
contains err "fetch: IMAP server: the run's deadline passed (MXJUDGE_MAIL_TIMEOUT)"
