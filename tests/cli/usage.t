# A mistyped command or verb gets the nearest one suggested; a global
# option after the command is told where it goes.
expect_exit 2 campaing list
contains err "no such command 'campaing'; did you mean 'campaign'?"
expect_exit 2 campaign lsit
contains err "no such command 'campaign lsit'; did you mean 'campaign list'?"
expect_exit 2 procss
contains err "did you mean 'process'?"
expect_exit 2 xyzzy
contains err "no such command 'xyzzy' (try 'mxjudge help')"
expect_exit 2 campaign list --db ./t.db
contains err "global options go before the command: mxjudge --db PATH campaign list ..."
expect_exit 2 campaign list -q
contains err "global options go before the command: mxjudge -q campaign list ..."
# A database without campaigns (a forgotten MXJUDGE_DB opens the default)
# is named when nothing is found in it.
expect_exit 0 --db ./empty.db campaign list
contains err "no campaigns in ./empty.db"
expect_exit 65 --db ./empty.db report tunnels
contains err "no campaign named 'tunnels': the database ./empty.db holds no campaign at all (is MXJUDGE_DB, or --db, your judge's database?)"
# One address on both sides is allowed, and said.
mx --db ./j.db campaign new j --width 6 --height 2 --density 0 >/dev/null
mx --db ./j.db campaign join j --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
expect_exit 0 --db ./j.db campaign join j --captain Anna --email ANN@example.org --ship Locust --team machines
contains err "warning: ANN@example.org also commands Minx on the other side (zion); that mailbox gets both sides' reports"
expect_exit 0 --db ./j.db campaign join j --captain Bob --email bob@example.org --ship Moth --team machines
lacks err "warning"
# --help on every command and verb: its usage on stdout, exit 0, no database
# opened (none exists here).
for c in "campaign join" "campaign new" "orders submit" "process" "receive" "mail send" \
	"turn show" "verify" "adjudicate" "template render"; do
	expect_exit 0 --db ./none.db $c --help
	contains out "usage: mxjudge $c "
	contains out "(man mxjudge tells more"
done
[ ! -e none.db ]
expect_exit 0 campaign --help
contains out "usage: mxjudge campaign new NAME"
contains out "usage: mxjudge campaign join NAME"
expect_exit 0 campaign start x -h
contains out "usage: mxjudge campaign start NAME"
# A usage error says what is missing or wrong, from the usage line itself.
expect_exit 2 --db ./u.db campaign join x --seat S --captain A
contains err "mxjudge: campaign join: missing --email ADDR"
expect_exit 2 --db ./u.db campaign join x --captain A --email a@example.org --seat S extra
contains err "mxjudge: campaign join: unexpected 'extra'"
expect_exit 2 --db ./u.db turn show
contains err "mxjudge: turn show: missing NAME"
contains err "usage: mxjudge turn show NAME"
# An unknown option is getopt's to name; nothing is added to it.
expect_exit 2 --db ./u.db campaign join x --bogus
contains err "unrecognized option '--bogus'"
lacks err "missing"
