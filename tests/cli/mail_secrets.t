# Issue 14 item 15: the mail servers' passwords stay out of sight. A
# --smtp or --imap URL holding one is refused (ps shows every command
# line to every user); the password comes from the environment or from a
# file (MXJUDGE_SMTP_PASSWORD_FILE); doctor never prints it, even when
# the user name holds '@'.
export MXJUDGE_FAST_HASH=1
unset MXJUDGE_SMTP_URL MXJUDGE_SMTP_USER MXJUDGE_SMTP_PASSWORD MXJUDGE_IMAP_URL MXJUDGE_FROM \
	MXJUDGE_SMTP_TLS MXJUDGE_SMTP_PASSWORD_FILE MXJUDGE_IMAP_PASSWORD_FILE
db="--db ./t.db"
game_ann_bob
for cmd in "mail send --smtp smtp://judge:s3cret@127.0.0.1:1" "fetch --imap imap://judge:s3cret@127.0.0.1:1/INBOX" \
	"tick --smtp smtp://judge:s3cret@127.0.0.1:1" "tick --imap imaps://judge@example.org:s3cret@127.0.0.1:1"; do
	# shellcheck disable=SC2086
	expect_exit 2 $db $cmd --now 2025-03-01T13:00Z
	contains err "the URL holds a password, which every user of this machine can read in ps"
	lacks err s3cret
done
[ "$(sqlite3 t.db "select count(*) from outbox where state = 'queued'")" -eq 2 ]

# doctor: a user name with '@' in the URL, and nothing listening.
export MXJUDGE_SMTP_URL="smtp://judge@example.org:s3cret@127.0.0.1:1" MXJUDGE_SMTP_TLS=none
expect_exit 1 --db ./none.db doctor
contains out "FAIL smtp       smtp://127.0.0.1:1: "
lacks out s3cret
export MXJUDGE_IMAP_URL="imap://judge@example.org:s3cret@127.0.0.1:1/INBOX"
expect_exit 1 --db ./none.db doctor
contains out "FAIL imap       imap://127.0.0.1:1/INBOX: "
lacks out s3cret
unset MXJUDGE_IMAP_URL MXJUDGE_SMTP_TLS

# The password from a file: the fake server takes only judge/s3cret.
printf 's3cret\n' >pw
chmod 600 pw
python3 "$ROOT/tests/cli/data/fake-smtp.py" port judge s3cret smtp.log &
smtp_pid=$!
trap 'kill $smtp_pid 2>/dev/null; wait $smtp_pid 2>/dev/null || true' EXIT
i=0
while [ ! -s port ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
export MXJUDGE_SMTP_URL="smtp://127.0.0.1:$(cat port)" MXJUDGE_SMTP_USER=judge MXJUDGE_SMTP_PASSWORD_FILE=$PWD/pw
expect_exit 0 --db ./none.db doctor
contains out "ok   smtp       smtp://127.0.0.1:$(cat port) accepts the login of judge"
lacks out s3cret
# A file that cannot be read: doctor says so, mail send refuses to run.
export MXJUDGE_SMTP_PASSWORD_FILE=$PWD/missing
expect_exit 1 --db ./none.db doctor
contains out "FAIL secrets    MXJUDGE_SMTP_PASSWORD_FILE=$PWD/missing: cannot read it: No such file or directory"
expect_exit 1 $db mail send --now 2025-03-01T13:00Z
contains err "MXJUDGE_SMTP_PASSWORD_FILE=$PWD/missing: cannot read it"
[ "$(sqlite3 t.db "select count(*) from outbox where state = 'queued' and attempts = 0")" -eq 2 ]
