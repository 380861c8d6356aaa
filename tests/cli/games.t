# The games the judge plays (core/ruleset.h): `games`, `--game`, and a
# game's tools as `mxjudge GAME TOOL`.
db="--db ./t.db"
# The games come from the registry (core/ruleset.c), as `games --json`
# lists them: the plain listing has a block for each, in that order. The
# goldens hold the games of the time they were written: a game added
# later adds its block beside them and breaks nothing.
listed() {
	expect_exit 0 games --json
	mv out all.json
	expect_exit 0 games
	mv out all.txt
	python3 - "$GOLDEN" <<'PY'
import json, sys
games = json.load(open("all.json"))
names = [g["name"] for g in games]
assert names and len(set(names)) == len(names), names
blocks = open("all.txt").read().rstrip("\n").split("\n\n")
assert [b.split(":")[0] for b in blocks] == names, ([b.split(":")[0] for b in blocks], names)
# The goldens' games, cut out of today's listings.
old = [g["name"] for g in json.load(open(sys.argv[1] + "/games.json"))]
assert set(old) <= set(names), (old, names)
open("known.txt", "w").write("\n\n".join(b for b in blocks if b.split(":")[0] in old) + "\n")
open("known.json", "w").write(json.dumps([g for g in games if g["name"] in old], indent=2, ensure_ascii=False) + "\n")
PY
	golden games.txt known.txt
	golden games.json known.json
}
listed
# The test build's games (tests/toy_register.c) come the same way, nothing edited.
[ -z "${MXJUDGE_TOY:-}" ] || (MXJUDGE=$MXJUDGE_TOY; listed; contains all.json '"name": "tiny"')
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
