# mail send against an SMTP server that refuses or hangs up (issue 7): a
# clear error naming the step and quoting the server, exit 75 when a later
# try may pass (the message stays queued), exit 1 when it will not (recorded
# failed) or when the server may have it (in doubt); nothing lost, nothing
# sent twice. The server is tests/cli/data/smtp-faults.py.
. "$ROOT/tests/cli/mail/lib.sh"
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
q() { sqlite3 t.db "$1"; }
# ask N: Ann mails a question; its answer is queued.
ask() { printf 'From: ann@example.org\nSubject: q%s\n\nhello %s\n' "$1" "$1" | mx $db receive --now 2025-03-01T12:00Z >/dev/null; }
mode() { echo "$1" >mode; }

mkdir got
mode ok
python3 "$ROOT/tests/cli/data/smtp-faults.py" got mode port 60 >server.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null' EXIT
wait_for port
url="smtp://127.0.0.1:$(cat port)"
send() { expect_exit "$1" $db mail send --smtp "$url" --now "$2"; }

# 421 at the greeting: the server failed, not the messages (issue 14, item
# 9): the run stops after that one connection, the server's words quoted,
# both messages stay queued as they were, their tries not counted.
mode refuse-421
send 75 2025-03-01T13:00Z
contains err "mail: the SMTP server refused the connection: 421 4.3.2 fake.example.org busy, try again later; nothing more is tried this run: 2 messages stay queued for the next (tries not counted)"
[ "$(grep -c '^connect' got/log)" -eq 1 ]
[ "$(q "select count(*) from outbox where state = 'queued' and attempts = 0 and next_try_at is null")" -eq 2 ]
[ "$(arrived got)" -eq 0 ]
# 451 at RCPT: the message's own trouble: deferred, later.
mode defer-rcpt
send 75 2025-03-01T13:06Z
contains err "the SMTP server refused RCPT TO: 451 4.3.0 mailbox busy, try again later; next try at 2025-03-01T13:11:00Z"
lacks err "221"
[ "$(q "select count(*) from outbox where state = 'queued' and attempts = 1")" -eq 2 ]
expect_exit 0 $db mail list --json
python3 -c 'import json, sys; d = json.load(open("out")); assert len(d) == 2 and all("451" in m["last_error"] and m["next_try"] for m in d), d'

# 550 at RCPT: failed for good, exit 1, kept for a person; retry sends it once.
mode reject-rcpt
send 1 2025-03-01T13:20Z
contains err "mail #1 to ann@example.org failed for good: the SMTP server refused RCPT TO: 550 5.1.1 no such user here"
[ "$(q "select count(*) from outbox where state = 'failed'")" -eq 2 ]
[ "$(arrived got)" -eq 0 ]
# Nothing more is tried for failed mail.
mode ok
send 0 2025-03-01T13:30Z
[ "$(arrived got)" -eq 0 ]
# Every failed message back at once; an alert kept for want of a game
# master's address (no recipient) stays as it is.
q "INSERT INTO outbox (campaign_id, kind, key, recipient, subject, body, created_at, state, last_error) VALUES (1, 'alert', 'alert/test', '', 'alert', 'x', '2025-03-01T13:00:00Z', 'failed', 'no gm_email')"
expect_exit 0 $db mail retry --all-failed
contains out "2 failed messages queued again (same Message-ID); 'mail send' sends them"
[ "$(q "select count(*) from outbox where state = 'failed'")" -eq 1 ]
q "DELETE FROM outbox WHERE key = 'alert/test'"
expect_exit 0 $db mail retry --all-failed
contains out "0 failed messages queued again"
send 0 2025-03-01T13:31Z
contains out "mail: 2 sent, 0 deferred, 0 failed"
[ "$(arrived got)" -eq 2 ]

# 554 at the greeting, and 535 to the login: no message could pass, so
# none is failed for good (they were before issue 14): exit 75, queued.
ask 1
mode refuse-554
send 75 2025-03-01T13:40Z
contains err "mail: the SMTP server refused the connection: 554 5.7.1 fake.example.org: no SMTP service for you; nothing more is tried this run: 1 message stays queued"
[ "$(q "select state || ' ' || attempts from outbox where id = 3")" = "queued 0" ]
mode refuse-login
export MXJUDGE_SMTP_USER=judge MXJUDGE_SMTP_PASSWORD=wrong
expect_exit 75 $db mail send --smtp "$url" --now 2025-03-01T13:40Z
unset MXJUDGE_SMTP_USER MXJUDGE_SMTP_PASSWORD
contains err "mail: the SMTP server refused the login: 535 5.7.8 Authentication credentials invalid; nothing more is tried this run"
lacks err wrong
[ "$(q "select state || ' ' || attempts from outbox where id = 3")" = "queued 0" ]
[ "$(q "select last_error from outbox where id = 3")" = "the SMTP server refused the login: 535 5.7.8 Authentication credentials invalid" ]

# Hung up in the middle of a long message: the end never left, so the
# server cannot have it; it stays queued (exit 75) and goes later, once.
q "UPDATE outbox SET body = body || replace(hex(zeroblob(300000)), '00', 'a long line of text' || char(10)) WHERE id = 3"
mode drop-in-data
send 75 2025-03-01T13:41Z
contains err "mail #3 to ann@example.org:"
contains err "next try at"
[ "$(q "select state || ' ' || attempts from outbox where id = 3")" = "queued 1" ]
[ "$(arrived got)" -eq 2 ]
mode ok
send 0 2025-03-01T13:52Z
[ "$(arrived got)" -eq 3 ]

# Hung up after the whole message and its end went out, before the 250:
# the server kept it, so it must not go again by itself. In doubt, exit 1.
ask 2
mode drop-after-data
send 1 2025-03-01T14:00Z
contains err "mail #4 to ann@example.org: no answer after the whole message went out"
contains err "not sent again"
[ "$(arrived got)" -eq 4 ]
[ "$(q "select state from outbox where id = 4")" = doubt ]
mode ok
send 0 2025-03-01T15:00Z
[ "$(arrived got)" -eq 4 ]
expect_exit 0 $db mail list
contains out "#4 doubt"
mx $db mail confirm 4 >/dev/null

# A short message cut mid-data: queued or in doubt, as the race falls; never twice.
ask 3
mode drop-in-data
set +e
mx $db mail send --smtp "$url" --now 2025-03-01T16:00Z >/dev/null 2>err
rc=$?
set -e
state=$(q "select state from outbox where id = 5")
case "$rc $state" in
"75 queued" | "1 doubt") ;;
*) echo "unexpected: exit $rc, state $state"; cat err; exit 1 ;;
esac
mode ok
[ "$state" = queued ] || mx $db mail retry 5 >/dev/null
send 0 2025-03-01T17:00Z
[ "$(arrived got)" -eq 5 ]

# Every message went exactly once, with its own Message-ID.
[ "$(q "select count(*) from outbox where state != 'sent'")" -eq 0 ]
[ -z "$(grep -h '^Message-ID:' got/*.eml | sort | uniq -d)" ]
[ "$(grep -h '^Message-ID:' got/*.eml | wc -l)" -eq 5 ]
