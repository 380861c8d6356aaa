# scenario list|show and names that are not plain.
export MXJUDGE_TEMPLATES="$ROOT/templates"
expect_exit 0 scenario list
contains out "tunnels"
contains out "last-stand"
expect_exit 0 scenario show tunnels
contains out "goal:       Zion: hold F3 for 2 turns in a row"
expect_exit 65 scenario show ../secret
expect_exit 65 scenario show nosuch
expect_exit 65 --db ./t.db campaign new x --scenario nosuch
expect_exit 2 --db ./t.db campaign new x --scenario ../etc
