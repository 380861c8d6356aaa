# A second game through the judge's own commands: the test-only toy game
# (tests/toy_ruleset.h), built into $MXJUDGE_TOY with one registration
# line (tests/toy_register.c) and no edit of cmd/ or db/.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
db="--db ./t.db"
expect_exit 0 games
contains out "toy: Toy: a two-seat hidden-hand test game"
contains out "setting variant      the toy's variant (default plain)"
# Settings the game declares: defaults, checked values, listed by campaign set.
expect_exit 0 $db campaign new t1 --game toy
contains out "campaign t1 created: Toy: a two-seat hidden-hand test game, 48-hour turns (UTC)"
expect_exit 0 $db campaign show t1 --json
python3 -c 'import json; c=json.load(open("out")); assert c["ruleset"] == "toy" and c["settings"]["game"] == {"variant": "plain"} and "width" not in c, c'
expect_exit 65 $db campaign new t2 --game toy --set variant=loud
contains err "--set variant: expected one of: plain open"
expect_exit 65 $db campaign new t2 --game toy --set colour=red
contains err "--set colour: not a setting of toy"
expect_exit 2 $db campaign new t2 --game toy --width 5
contains err "are Hovercrafts' options"
[ "$(sqlite3 t.db "select count(*) from campaigns where name = 't2'")" -eq 0 ]
expect_exit 0 $db campaign new t3 --game toy --set variant=open
expect_exit 0 $db campaign set t3
contains out "variant           \"open\"    the toy's variant"
expect_exit 0 $db campaign set t3 variant plain
expect_exit 0 $db campaign show t3
contains out 'settings:  {"variant":"plain"}'
expect_exit 65 $db campaign set t3 variant loud
contains err "variant: expected one of: plain open"
expect_exit 2 $db campaign set t3 colour red
contains err "no setting 'colour'; 'mxjudge campaign set t3' lists them"
# Hovercrafts' board is drawn at creation: its size is not a setting to change.
expect_exit 0 $db campaign new h --width 6 --height 2 --density 0
expect_exit 65 $db campaign set h width 8
contains err "width: the game's setting is fixed when the campaign is created"
expect_exit 0 $db campaign set h
contains out "width             6         (fixed when the campaign was created)"
