# Issue 14 item 8: a password never crosses the network in clear. With a
# login set, mail send and doctor require STARTTLS unless the server is
# this machine by its address (127.0.0.1, localhost, ::1) or the game
# master set MXJUDGE_SMTP_TLS=none; doctor says which. The server is
# tests/cli/data/smtp-faults.py (no STARTTLS); smtp://0.0.0.0 reaches it
# on loopback but is not a loopback address by name, as a remote server is not.
. "$ROOT/tests/cli/mail/lib.sh"
export MXJUDGE_FAST_HASH=1 MXJUDGE_FROM="Judge <judge@example.org>"
unset MXJUDGE_SMTP_TLS MXJUDGE_IMAP_URL
db="--db ./t.db"
game_ann_bob
ask() { printf 'From: ann@example.org\nSubject: q%s\nMessage-ID: <q%s@example.org>\n\nhello %s\n' "$1" "$1" "$1" | mx $db receive --now 2025-03-01T12:00Z >/dev/null; }
mkdir got
echo ok >mode
python3 "$ROOT/tests/cli/data/smtp-faults.py" got mode port 60 >server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
wait_for port
port=$(cat port)
export MXJUDGE_SMTP_USER=judge MXJUDGE_SMTP_PASSWORD=s3cret
# send EXIT URL: each run a day later than the one before, so a deferred message is due.
day=1
send() { day=$((day + 1)); expect_exit "$1" $db mail send --smtp "$2" --now "2025-03-$(printf %02d $day)T13:00Z"; }
auths() { grep -c '^cmd AUTH' got/log || true; }

# A remote server without STARTTLS: the login is not sent, nothing goes, exit 75.
send 75 "smtp://0.0.0.0:$port"
contains err "offers no STARTTLS and TLS is required"
[ "$(auths)" -eq 0 ]
[ "$(arrived got)" -eq 0 ]
export MXJUDGE_SMTP_URL="smtp://0.0.0.0:$port"
expect_exit 1 --db ./none.db doctor
contains out "FAIL smtp       smtp://0.0.0.0:$port: the SMTP server offers no STARTTLS and TLS is required"
lacks out s3cret
[ "$(auths)" -eq 0 ]

# The game master knowingly allows it: sent, and doctor warns.
export MXJUDGE_SMTP_TLS=none
expect_exit 0 --db ./none.db doctor
contains out "warn smtp       smtp://0.0.0.0:$port accepts the login of judge, but TLS is not required (MXJUDGE_SMTP_TLS=none): the password may cross the network in clear"
send 0 "smtp://0.0.0.0:$port"
[ "$(arrived got)" -eq 2 ]
[ "$(auths)" -ge 1 ]

# Loopback by address: the bytes never leave the machine, TLS is not required.
unset MXJUDGE_SMTP_TLS
export MXJUDGE_SMTP_URL="smtp://127.0.0.1:$port"
expect_exit 0 --db ./none.db doctor
contains out "ok   smtp       smtp://127.0.0.1:$port accepts the login of judge on this machine (loopback: TLS not required"
ask 1
send 0 "smtp://127.0.0.1:$port"
[ "$(arrived got)" -eq 3 ]

# required: loopback too.
export MXJUDGE_SMTP_TLS=required
ask 2
n=$(auths)
send 75 "smtp://127.0.0.1:$port"
contains err "offers no STARTTLS"
[ "$(auths)" -eq "$n" ]
expect_exit 1 --db ./none.db doctor
contains out "FAIL smtp"
# A word it does not know: TLS required, and doctor says so.
export MXJUDGE_SMTP_TLS=yes
expect_exit 1 --db ./none.db doctor
contains out "MXJUDGE_SMTP_TLS is not auto, required or none, so TLS is required"
send 75 "smtp://127.0.0.1:$port"
[ "$(auths)" -eq "$n" ]

# No login: nothing to protect, sent without TLS to any host.
unset MXJUDGE_SMTP_TLS MXJUDGE_SMTP_USER MXJUDGE_SMTP_PASSWORD
send 0 "smtp://0.0.0.0:$port"
[ "$(arrived got)" -eq 4 ]
[ "$(auths)" -eq "$n" ]
