# mxjudge doctor: one line per check, what to fix, exit 1 on a FAIL.
export MXJUDGE_FAST_HASH=1
unset MXJUDGE_SMTP_URL MXJUDGE_SMTP_USER MXJUDGE_SMTP_PASSWORD MXJUDGE_IMAP_URL MXJUDGE_FROM \
	MXJUDGE_TEMPLATES MXJUDGE_MAILDIR
db="--db $PWD/t.db"

# No database yet (a new judge, right after the README's first steps):
# said, not a failure, and none is made.
expect_exit 0 $db doctor
contains out "warn database   no database at $PWD/t.db yet: 'mxjudge campaign new' makes it"
contains out "ok   templates"
contains out "warn smtp       mail not configured: reports go to the Maildir $PWD/Maildir"
contains out "ok   mime       GMime loads"
contains out "warn from       reports come from mxjudge@localhost"
[ ! -e t.db ]

# A running campaign whose deadline passed without processing.
mx $db campaign new doc --width 6 --height 3 --density 0 --deadline 24 --now 2025-03-01T10:00Z >/dev/null
mx $db campaign join doc --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign join doc --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start doc --now 2025-03-01T12:00Z >/dev/null
expect_exit 1 $db doctor --now 2025-03-02T13:00Z
contains out "ok   database   $PWD/t.db (schema "
contains out "FAIL deadlines  campaign doc: turn 1 was due 60 minutes ago (2025-03-02 12:00 UTC) and is not resolved"
contains out "FAIL cron       'mxjudge process' has never run on this database: add to crontab: */5 * * * * mxjudge --db $PWD/t.db tick"
contains out "ok   zones"
# The clock behind what the database holds.
expect_exit 1 $db doctor --now 2025-02-01T00:00Z
contains out "FAIL clock      the clock says 2025-02-01T00:00:00Z but the database holds"
# Times ahead of the clock in a file last written before it: runs with
# --now wrote them (throwaway databases), the clock is not broken.
touch -d 2025-02-01T00:00Z t.db
rm -f t.db-wal t.db-shm
expect_exit 1 $db doctor --now 2025-02-02T00:00Z
contains out "warn clock      2025-02-02T00:00:00Z, but the database holds"
contains out "commands were run with --now, which is for throwaway databases"

# Processed on time: only the mail warnings are left, and they do not fail.
mx $db process --now 2025-03-02T12:01Z >/dev/null
expect_exit 0 $db doctor --now 2025-03-02T12:06Z
contains out "ok   deadlines  no turn is overdue"
contains out "ok   cron       process last ran 5 minutes ago"
lacks out "FAIL"
# -q: only what needs attention.
expect_exit 0 $db -q doctor --now 2025-03-02T12:06Z
lacks out "ok "
contains out "warn smtp"
# Cron gone quiet for hours.
expect_exit 0 $db doctor --now 2025-03-02T18:00Z
contains out "warn cron       process last ran 5 hours ago"
# --json for scripts.
expect_exit 0 $db doctor --now 2025-03-02T12:06Z --json
python3 -c 'import json,sys; c = {x["check"]: x["status"] for x in json.load(open("out"))}; assert c["cron"] == "ok" and c["smtp"] == "warn", c'

# A bad zone in a campaign and a broken template in its own directory.
mkdir mine
printf 'Hello {{#name}}\n' > mine/report.mustache
sqlite3 t.db "UPDATE campaigns SET settings = json_set(settings, '\$.timezone', 'Mars/Olympus', '\$.templates', '$PWD/mine') WHERE name = 'doc'"
expect_exit 1 $db doctor --now 2025-03-02T12:06Z
contains out "FAIL zones      campaign doc: no time zone 'Mars/Olympus' here: mxjudge campaign set doc timezone ZONE"
contains out "FAIL templates  $PWD/mine/report.mustache:"
# A game's folder in it is checked too.
mkdir mine/hovercrafts
printf '{{/fleet}}\n' > mine/hovercrafts/fleet.mustache
expect_exit 1 $db doctor --now 2025-03-02T12:06Z
contains out "FAIL templates  $PWD/mine/hovercrafts/fleet.mustache:"
rm mine/hovercrafts/fleet.mustache mine/report.mustache
# A template under its old name is named, with the new one.
printf 'Orders for {{{seat}}}\n' > mine/play-receipt.mustache
expect_exit 1 $db doctor --now 2025-03-02T12:06Z
contains out "warn templates  campaign doc: $PWD/mine/play-receipt.mustache is no longer used: rename it receipt.mustache (see mxjudge-templates(5))"

# SMTP: a server that takes the login, and the same with a wrong password.
python3 "$ROOT/tests/cli/data/fake-smtp.py" port judge s3cret smtp.log &
smtp_pid=$!
i=0
while [ ! -s port ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
port=$(cat port)
export MXJUDGE_SMTP_URL="smtp://127.0.0.1:$port" MXJUDGE_SMTP_USER=judge MXJUDGE_SMTP_PASSWORD=s3cret
export MXJUDGE_FROM="Hover Judge <judge@example.org>"
sqlite3 t.db "UPDATE campaigns SET settings = json_remove(json_set(settings, '\$.timezone', 'UTC'), '\$.templates')"
expect_exit 0 $db doctor --now 2025-03-02T12:06Z
contains out "ok   smtp       smtp://127.0.0.1:$port accepts the login of judge"
contains out "ok   from       Hover Judge <judge@example.org>"
grep -q '^AUTH' smtp.log
export MXJUDGE_SMTP_PASSWORD=wrong
expect_exit 1 $db doctor --now 2025-03-02T12:06Z
contains out "FAIL smtp       smtp://127.0.0.1:$port: Login denied"
contains out "check MXJUDGE_SMTP_URL, MXJUDGE_SMTP_USER and MXJUDGE_SMTP_PASSWORD"
lacks out "wrong"
kill "$smtp_pid" 2>/dev/null || true
wait "$smtp_pid" 2>/dev/null || true
# Nothing listening.
export MXJUDGE_SMTP_URL="smtp://127.0.0.1:1"
expect_exit 1 $db doctor --now 2025-03-02T12:06Z
contains out "FAIL smtp       smtp://127.0.0.1:1: "
