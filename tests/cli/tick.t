# tick: the cron job. Quiet with nothing to do; reminders once per turn
# and ship, a configurable time before the deadline; the turn processed
# and its reports delivered into the Maildir next to the database.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 48 >/dev/null
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
# The start's reports go out, told in one line; then there is nothing to say.
expect_exit 0 $db tick --now 2025-03-01T12:05Z
[ "$(cat out)" = "g: 2 messages sent; turn 1 due by 2025-03-03 12:00 UTC" ] && [ ! -s err ]
[ "$(ls Maildir/new | wc -l)" -eq 2 ]
expect_exit 0 $db tick --now 2025-03-01T12:10Z
[ ! -s out ] && [ ! -s err ]
printf 'GAME g\nSHIP Minx\nPASSWORD %s\n1-Move\n' "$pa" | mx $db orders submit --now 2025-03-01T13:00Z >/dev/null
# 24 hours before the deadline (the default): Bob, who sent nothing, is reminded once.
expect_exit 0 $db tick --now 2025-03-02T11:00Z
[ "$(sqlite3 t.db "select count(*) from outbox where kind = 'reminder'")" -eq 0 ]
expect_exit 0 $db tick --now 2025-03-02T12:30Z
[ "$(cat out)" = "g: 1 reminder queued, 1 message sent; turn 1 due by 2025-03-03 12:00 UTC" ]
expect_exit 0 $db tick --now 2025-03-02T18:00Z
[ ! -s out ]
[ "$(sqlite3 t.db "select recipient from outbox where kind = 'reminder'")" = "bob@example.org" ]
f=$(grep -l "^Subject: g: no orders yet for Locust, turn 1" Maildir/new/*)
contains "$f" "Reminder: no orders yet for Locust in g, turn 1."
contains "$f" "CODE "
# Set to 2 hours: no second reminder for the same turn.
MXJUDGE_REMIND_HOURS=2 mx $db tick --now 2025-03-03T11:00Z >/dev/null
[ "$(sqlite3 t.db "select count(*) from outbox where kind = 'reminder'")" -eq 1 ]
# The deadline passes: the turn is processed and its reports delivered.
expect_exit 0 $db tick --now 2025-03-03T12:01Z
[ "$(cat out)" = "g: turn 1 resolved, 2 messages sent; turn 2 due by 2025-03-05 12:00 UTC" ]
[ "$(sqlite3 t.db "select count(*) from outbox where state != 'sent'")" -eq 0 ]
[ "$(grep -l "turn 1 resolved; orders for turn 2" Maildir/new/* | wc -l)" -eq 2 ]
# A receipt to send: told in one line; with -q, nothing.
printf 'From: ann@example.org\nSubject: o\nMessage-ID: <t1@x>\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-Land\n' "$pa" |
	mx $db receive --now 2025-03-03T12:20Z >/dev/null
printf 'From: bob@example.org\nSubject: o\nMessage-ID: <t2@x>\n\nhello\n' | mx $db receive --now 2025-03-03T12:20Z >/dev/null
expect_exit 0 $db tick --now 2025-03-03T12:21Z
[ "$(cat out)" = "g: 2 messages sent; turn 2 due by 2025-03-05 12:00 UTC" ]
printf 'From: bob@example.org\nSubject: o\nMessage-ID: <t3@x>\n\nhello again\n' | mx $db receive --now 2025-03-03T12:22Z >/dev/null
expect_exit 0 -q $db tick --now 2025-03-03T12:22Z
[ ! -s out ]
# An SMTP server that is not there: an error on stderr and a non-zero exit.
printf 'GAME g\nSHIP Minx\nPASSWORD %s\n1-Move\n' "$pa" | mx $db orders submit --now 2025-03-03T13:00Z >/dev/null
expect_exit 75 $db tick --now 2025-03-03T13:05Z --smtp smtp://127.0.0.1:1
contains err "nothing more is tried this run: 1 message stays queued"

# 24-hour turns and the default 24 hours' reminder (issue 29): the first
# tick after the start mails the reports and no "no orders yet", which
# waits for the turn's second half.
mkdir d24
db24="--db ./d24/t.db"
mx $db24 campaign new h --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
mx $db24 campaign join h --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db24 campaign join h --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db24 campaign start h --now 2025-03-01T12:00Z >/dev/null
reminders24() { sqlite3 d24/t.db "select count(*) from outbox where kind = 'reminder'"; }
expect_exit 0 $db24 tick --now 2025-03-01T12:05Z
[ "$(cat out)" = "h: 2 messages sent; turn 1 due by 2025-03-02 12:00 UTC" ]
[ "$(reminders24)" -eq 0 ]
expect_exit 0 $db24 tick --now 2025-03-01T23:59Z
[ ! -s out ] && [ "$(reminders24)" -eq 0 ]
expect_exit 0 $db24 tick --now 2025-03-02T00:01Z
[ "$(cat out)" = "h: 2 reminders queued, 2 messages sent; turn 1 due by 2025-03-02 12:00 UTC" ]
[ "$(reminders24)" -eq 2 ]
