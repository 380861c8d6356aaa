# The games the judge plays (core/ruleset.h): `games`, `--game`, and a
# game's tools as `mxjudge GAME TOOL`.
db="--db ./t.db"
expect_exit 0 games
golden games.txt out
expect_exit 0 games --json
golden games.json out
python3 -c 'import json,sys; g=json.load(open("out")); assert [x["name"] for x in g] == ["hovercrafts", "netrun", "iterations", "legendary", "duel"]; assert g[0]["sides"] == ["zion","machines"]'
expect_exit 2 games extra
# A game's tool is the same command under the game's name.
expect_exit 0 map list
mv out plain
expect_exit 0 hovercrafts map list
cmp plain out
expect_exit 0 hovercrafts
contains out "simulate"
expect_exit 2 hovercrafts chess
contains err "hovercrafts has no tool 'chess'"
# campaign new names its game; an unknown one is refused before anything is written.
expect_exit 2 $db campaign new g1 --game chess
contains err "--game: no game named 'chess' ('mxjudge games' lists them)"
[ ! -e t.db ] || [ "$(sqlite3 t.db 'SELECT count(*) FROM campaigns')" -eq 0 ]
expect_exit 0 $db campaign new g2 --game HoverCrafts --width 6 --height 2 --density 0
expect_exit 0 $db campaign show g2
contains out "Campaign g2 (hovercrafts)"
