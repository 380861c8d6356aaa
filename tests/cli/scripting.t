# Everyday scripting: -q silences normal output, errors go to stderr with
# the man page's exit codes, and nothing waits on a stdin that is not a
# terminal.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
expect_exit 0 -q $db campaign new quiet --width 6 --height 3 --density 0 --now 2025-03-01T10:00Z
[ ! -s out ]
# join prints the password even with -q: it is what the command is for.
expect_exit 0 -q $db campaign join quiet --captain Ann --email ann@example.org --ship Minx --team zion
[ "$(wc -l <out)" -eq 1 ]
pa=$(cat out)
mx -q $db campaign join quiet --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null
expect_exit 0 -q $db campaign start quiet --now 2025-03-01T12:00Z
[ ! -s out ]
printf 'GAME quiet\nSHIP Minx\nPASSWORD %s\nMOVE\n' "$pa" >minx.orders
expect_exit 0 -q $db orders submit minx.orders --now 2025-03-01T13:00Z
[ ! -s out ]
expect_exit 0 -q $db process --now 2025-03-03T12:01Z
[ ! -s out ]
expect_exit 0 -q $db campaign set quiet phase_maps true
[ ! -s out ]
expect_exit 0 -q $db replay quiet
[ ! -s out ]
expect_exit 0 -q $db verify quiet --turn 1
[ ! -s out ]

# Errors: stderr only, one line starting "mxjudge:", the documented code.
expect_exit 65 $db campaign show nosuch
[ ! -s out ]
contains err "mxjudge: "
expect_exit 65 $db verify quiet --turn 9
[ ! -s out ]
expect_exit 2 $db campaign show
[ ! -s out ]

# stdin from /dev/null: an answer at once, never a wait.
set +e
timeout 20 "$MXJUDGE" $db orders submit - </dev/null >out 2>err
rc=$?
set -e
[ "$rc" -ne 124 ] || { echo "orders submit - waited on /dev/null"; exit 1; }
[ "$rc" -eq 65 ] || { echo "orders submit - </dev/null: exit $rc"; cat err; exit 1; }
set +e
timeout 20 "$MXJUDGE" $db orders check </dev/null >out 2>err
rc=$?
timeout 20 "$MXJUDGE" $db receive </dev/null >out2 2>err2
rc2=$?
set -e
[ "$rc" -ne 124 ] && [ "$rc2" -ne 124 ] || { echo "a command waited on /dev/null"; exit 1; }
