# No database, no new one (issue 31 item 1): a receive (or fetch) that
# finds no database at the path it was given defers the mail (exit 75, the
# mail system keeps it and retries) and says why; no read command makes a
# database either. Only campaign new does.
export MXJUDGE_FAST_HASH=1
printf 'From: Ann <ann@example.org>\nTo: judge@example.org\nSubject: orders\n\nGAME g\n' >m.eml
set +e
mx --db ./judge.db receive --now 2025-03-01T13:00Z <m.eml >out 2>err
rc=$?
set -e
[ "$rc" -eq 75 ] || { echo "receive without a database: exit $rc, not 75"; cat err; exit 1; }
contains err "no database at ./judge.db: the mail was not taken and stays with the mail system"
contains err "MXJUDGE_DB=PATH or --db PATH"
[ "$(wc -l <err)" -eq 1 ]
[ ! -e judge.db ] && [ ! -e judge.db-wal ]
# The default database (a .forward line without MXJUDGE_DB) is not made either.
set +e
mx receive --now 2025-03-01T13:00Z <m.eml >out 2>err
rc=$?
set -e
[ "$rc" -eq 75 ]
contains err "no database at $HOME/.local/share/mxjudge/mxjudge.db"
[ ! -e "$HOME/.local/share/mxjudge" ]
mkdir md md/new md/cur md/tmp
cp m.eml md/new/1.eml
expect_exit 75 --db ./judge.db receive --maildir md
[ -e md/new/1.eml ] && [ ! -e judge.db ]
expect_exit 75 --db ./judge.db fetch --imap imap://127.0.0.1:1/INBOX
contains err "no database at ./judge.db: the mail was not taken"
[ ! -e judge.db ]
# Read commands fail with the path and the way to name the right one.
for c in "campaign list" "campaign show g" "turn list g" "mail list" "report g" "tick" \
	"process" "verify g --turn 1" "backup b.db"; do
	expect_exit 1 --db ./judge.db $c
	contains err "mxjudge: no database at ./judge.db: name the judge's database with --db PATH or MXJUDGE_DB"
	[ ! -e judge.db ] || { echo "$c made judge.db"; exit 1; }
done
# doctor says so and makes nothing.
expect_exit 0 --db ./judge.db doctor
contains out "no database at ./judge.db yet"
[ ! -e judge.db ]
# campaign new makes it; then receive takes the mail.
expect_exit 0 --db ./judge.db campaign new g --width 6 --height 2 --density 0
[ -e judge.db ]
expect_exit 0 --db ./judge.db receive --now 2025-03-01T13:00Z <m.eml
