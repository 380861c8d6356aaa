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
# Data packs: checked by the game with its file and line, kept in the
# campaign with their digest, used at the start whatever became of the file.
printf 'C3\nC20\nC7\nC1\nC2\nC4\nC5\n' >deck.txt
expect_exit 0 $db campaign new t4 --game toy --data deck=deck.txt
[ "$(sqlite3 t.db "select kind || ' ' || name || ' ' || digest from data_packs")" = "deck deck.txt $(sha256sum deck.txt | cut -d' ' -f1)" ]
printf 'C3\nC21\n' >bad-deck.txt
expect_exit 65 $db campaign new t5 --game toy --data deck=bad-deck.txt
contains err "bad-deck.txt:2: expected a card C1 to C20 (at most 20)"
[ "$(sqlite3 t.db "select count(*) from campaigns where name = 't5'")" -eq 0 ]
expect_exit 65 $db campaign new t5 --game toy --data hand=deck.txt
contains err "--data: toy takes no data of kind 'hand' ('mxjudge games' lists its kinds)"
expect_exit 65 $db campaign new t5 --game toy --data deck=missing.txt
contains err "--data deck: "
mx $db campaign join t4 --captain Ann --email ann@example.org --ship n --team north >/dev/null 2>&1
mx $db campaign join t4 --captain Bob --email bob@example.org --ship s --team south >/dev/null 2>&1
rm deck.txt
MXJUDGE_TEMPLATES="$ROOT/templates" mx $db campaign start t4 --now 2025-03-01T12:00Z >/dev/null
sqlite3 t.db "select line from draws d join turns t on t.id = d.turn_id join campaigns c on c.id = t.campaign_id where c.name = 't4'" >shuffle.txt
contains shuffle.txt "C20"
