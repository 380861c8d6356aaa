# A game that reads its data packs at every turn (resolve_data), on the
# test-only toy's bonus pack: kept in the campaign with its digest, given
# to every turn, named (never its text) by the published turn, and given
# again by whoever verifies it, refused when it is not the same file.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
printf '7\n' >bonus.txt
printf 'x\n' >bad-bonus.txt
expect_exit 65 $db campaign new b --game toy --data bonus=bad-bonus.txt
contains err "bad-bonus.txt:1: expected a bonus from 0 to 9"
mx $db campaign new b --game toy --seed 5 --data bonus=bonus.txt >/dev/null
mx $db campaign join b --captain Ann --email ann@example.org --ship north1 --team north >/dev/null 2>&1
mx $db campaign join b --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
mx $db campaign start b --now 2025-03-01T12:00Z >/dev/null
expect_exit 0 $db process --now 2025-03-03T13:00Z
contains out "b: turn 1 resolved"
expect_exit 0 $db verify b --turn 1
expect_exit 0 $db turn show b --turn 1 --json
mv out pub.json
python3 - <<'PY'
import json
t = json.load(open("pub.json"))
assert set(t["data"]) == {"bonus"} and t["data"]["bonus"]["name"] == "bonus.txt", t["data"]
assert "text" not in t["data"]["bonus"] and len(t["data"]["bonus"]["digest"]) == 64
# The views read the packs too (view_data): the public's and a seat's.
assert t["state_after"]["bonus"] == 7, t["state_after"]
PY
expect_exit 0 $db report b --ship north1 --json
python3 -c 'import json,sys; v=json.load(open("out"))["view_data"]; assert v["bonus"] == 7 and "south2" not in v.get("private", {}), v'
# A hidden-hand game verifies once over (its root and hands revealed).
mx $db process --now 2025-03-05T13:00Z >/dev/null
mx $db process --now 2025-03-07T13:00Z >/dev/null
[ "$(q "select status from campaigns where name = 'b'")" = finished ]
expect_exit 0 $db turn show b --turn 1 --json
mv out pub.json
expect_exit 65 verify --published pub.json
contains err "pub.json: this turn was played with the bonus 'bonus.txt' (SHA-256"
contains err "give that file with --data bonus=FILE"
printf '8\n' >other.txt
expect_exit 65 verify --published pub.json --data bonus=other.txt
contains err "give that file with --data bonus=FILE"
expect_exit 0 verify --published pub.json --data bonus=bonus.txt
contains out "which matches its commitment"
# adjudicate takes the pack too.
q "select state_before from turns where number = 1" >s.json
printf 'PLAY %s\n' "$(python3 -c 'import json; print(json.load(open("s.json"))["private"]["north1"]["hand"][0])')" >n.txt
printf 'd10 north1 1\nd10 south2 10\n' >d.txt
expect_exit 0 adjudicate --state s.json --orders north1=n.txt --dice d.txt --data bonus=bonus.txt --json
mv out with.json
expect_exit 0 adjudicate --state s.json --orders north1=n.txt --dice d.txt --json
python3 - <<'PY'
import json
w = json.load(open("with.json")); o = json.load(open("out"))
assert w["scores"]["north1"] >= o["scores"]["north1"], (w["scores"], o["scores"])
PY
expect_exit 65 adjudicate --state s.json --orders north1=n.txt --dice d.txt --data bonus=bad-bonus.txt
contains err "bad-bonus.txt:1: expected a bonus from 0 to 9"
