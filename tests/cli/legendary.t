# legendary through the generic adjudicate (issue 20, items 1 and 2): a mail
# played from files with the card pack the state names; another pack, a bad
# pack (file:line: code), and a campaign created with the pack.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
pack="$ROOT/templates/legendary/sample-pack.json"
db="--db ./t.db"
cat >s.json <<'JSON'
{"game": "legendary", "world": "matrix", "hand": ["S-FEINT.1", "H-SPLICER.1"],
 "row": [null, null, null, null, {"card": "E-CLERK.1", "face": "down"}],
 "combat_zone": ["E-HOUND.1"], "wound_deck": ["W-CUT.1", "W-GRAZE.1"],
 "deck": [], "discard": ["S-SCROUNGE.1", "S-SCROUNGE.2"]}
JSON
printf 'PLAY ALL\nSCAN R5\n' >mail.txt
printf 'shuffle player-deck S-SCROUNGE.2 S-SCROUNGE.1 S-FEINT.1 H-SPLICER.1\n' >d.txt
expect_exit 0 adjudicate --state s.json --orders mail.txt --dice d.txt --data pack="$pack" --json
mv out next.json
python3 - <<'PY'
import json
s = json.load(open("next.json"))
s = s.get("state", s)
assert s["pack"]["digest"] == "b186baf357b4f180c547deb5957e40ebf047177d4a0591161c8a08e87f8604ae", s["pack"]
assert s["wounds"] == ["W-CUT.1"], s["wounds"]
assert s["turn"] == 2 and s["refused"] is None
assert s["hand"] == ["S-SCROUNGE.2", "S-SCROUNGE.1", "S-FEINT.1", "H-SPLICER.1"], s["hand"]
assert s["row"][4] == {"card": "E-CLERK.1", "face": "up"}, s["row"]
PY
# Another pack (one value changed) is refused: the state names its digest.
sed 's/"time_start": 10/"time_start": 12/' "$pack" >other.json
expect_exit 65 adjudicate --state next.json --orders mail.txt --dice d.txt --data pack=other.json --json
contains err "is not the one this game was dealt with"
# A bad pack names its file and line.
sed 's/"evade:2"/"evade"/' "$pack" >bad.json
expect_exit 65 adjudicate --state s.json --orders mail.txt --dice d.txt --data pack=bad.json --json
contains err "bad.json:57: bad-keyword: E-CLERK: the keyword wants a parameter (evade:X)"
expect_exit 65 $db campaign new g --game legendary --data pack=bad.json
contains err "bad.json:57: bad-keyword: E-CLERK"
expect_exit 0 $db campaign new g --game legendary --data pack="$pack"
