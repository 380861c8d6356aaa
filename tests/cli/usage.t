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
