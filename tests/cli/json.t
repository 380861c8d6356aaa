# Every read command has --json (issue 9): verify, replay, test, mail list,
# map list, scenario list and show print JSON that parses and holds the
# facts the text says; the text itself is unchanged.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
# jq FILE EXPR: EXPR (Python, over the parsed JSON `d`) must be true.
jq() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
if not eval(sys.argv[2]):
    print("false:", sys.argv[2]); print(json.dumps(d, indent=1)); sys.exit(1)' "$1" "$2"
}

mx $db campaign new fair --width 6 --height 3 --density 0 --deadline 24 >/dev/null
pa=$(mx $db campaign join fair --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join fair --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start fair --now 2025-03-01T12:00Z >/dev/null
sealed=$(mx $db campaign outbox fair --full | sed -n "/Turn 1's seed is sealed now/{n;s/^ *//;p;q}")
printf 'GAME fair\nSHIP Minx\nPASSWORD %s\nMOVE\nMOVE\n' "$pa" | mx $db orders submit --now 2025-03-01T13:00Z >/dev/null
mx $db process --now 2025-03-02T12:00Z >/dev/null
mx $db process --now 2025-03-03T12:00Z >/dev/null

# verify --published: one object, ok, the commitment checked.
mx $db turn show fair --turn 1 --json >pub.json
expect_exit 0 verify --published pub.json --commitment "$sealed" --json
jq out 'd["campaign"] == "fair" and d["turn"] == 1 and d["ok"] is True and d["difference"] is None'
jq out 'd["commitment"] == "'"$sealed"'" and d["commitment_checked"] is True and d["dice"] > 0'
jq out 'd["seed"] == json.load(open("pub.json"))["seed"]'
# A difference: ok false, the difference named, exit 1 as without --json.
zeros=0000000000000000000000000000000000000000000000000000000000000000
expect_exit 1 verify --published pub.json --commitment $zeros --json
jq out 'd["ok"] is False and "does not match the commitment '$zeros'" in d["difference"]'
# Not a commitment at all: a usage error that says what a commitment is.
expect_exit 2 verify --published pub.json --commitment 0000 --json
contains err "--commitment: expected the 64 hex digits a report printed, got '0000'"
# An unreadable file is an error, not a finding: no JSON.
printf '{"turn": 1' >broken.json
expect_exit 65 verify --published broken.json --json
[ ! -s out ]
# The text form is unchanged.
expect_exit 0 verify --published pub.json
contains out "fair, turn 1: verified:"

# verify NAME --turn N and replay, from the database.
expect_exit 0 $db verify fair --turn 1 --json
jq out 'd["ok"] is True and d["turn"] == 1 and d["commitment"] == "'"$sealed"'"'
expect_exit 0 $db replay fair --json
jq out 'd["campaign"] == "fair" and d["ok"] is True and [t["turn"] for t in d["turns"]] == [1, 2]'
jq out 'all(t["ok"] and t["difference"] is None and len(t["seed"]) > 0 for t in d["turns"])'
expect_exit 0 $db replay fair --turn 2 --json
jq out '[t["turn"] for t in d["turns"]] == [2]'
expect_exit 0 $db replay fair
contains out "fair: every resolved turn replays exactly"
sqlite3 t.db "UPDATE turns SET state_after = replace(state_after, '\"turn\":2', '\"turn\":3') WHERE number = 1"
expect_exit 1 $db replay fair --json
jq out 'd["ok"] is False and d["turns"][0]["ok"] is False and d["turns"][0]["difference"]'
jq out 'd["turns"][1]["ok"] is True'

# test: every case with its ruling, file and failures.
cp "$ROOT/tests/cli/data/wall-bump.case" good.case
sed 's/damage=1/damage=0/; s/wall-bump/wall-bump-bad/' good.case >bad.case
printf 'case x\nruling 1\nboard 3\n' >broken.case
expect_exit 0 test --json good.case
jq out 'd["passed"] == 1 and d["failed"] == 0 and d["errors"] == []'
jq out 'd["cases"] == [{"name": "wall-bump", "ruling": "5 wall", "file": "good.case", "passed": True, "failures": []}]'
expect_exit 1 test --json good.case bad.case
jq out 'd["passed"] == 1 and d["failed"] == 1 and len(d["cases"]) == 2'
jq out 'd["cases"][1]["passed"] is False and d["cases"][1]["failures"] == ["bad.case:14: expected A damage=0, got 1"]'
expect_exit 65 test --json good.case broken.case
jq out 'd["passed"] == 1 and d["errors"][0]["file"] == "broken.case" and "board WIDTHxHEIGHT" in d["errors"][0]["error"]'
contains err "broken.case:3:"
expect_exit 1 test bad.case
contains out "0 passed, 1 failed"

# mail list: the messages not sent, with their state; [] when none wait.
expect_exit 0 $db mail list --json
jq out 'len(d) > 0 and all(m["state"] == "queued" and m["attempts"] == 0 for m in d)'
jq out '"ann@example.org" in [m["to"] for m in d] and all(m["message_id"] is None for m in d)'
jq out 'set(d[0]) == {"id", "state", "kind", "attempts", "to", "subject", "message_id", "in_reply_to", "next_try", "last_error"}'
n=$(sqlite3 t.db "select count(*) from outbox where sent_at is null")
jq out "len(d) == $n"
expect_exit 0 $db mail send
expect_exit 0 $db mail list --json
jq out 'd == []'
expect_exit 0 $db mail list
contains out "Nothing waiting"
expect_exit 2 $db mail list --jsn

# map list, scenario list and show.
expect_exit 0 map list --json
jq out '"tunnels" in [m["name"] for m in d] and all(m["path"].endswith(m["name"] + ".map") for m in d)'
expect_exit 0 map list
contains out "tunnels"
expect_exit 0 scenario list --json
jq out '{"name": "tunnels", "title": "Dogfight in the tunnels"}.items() <= [s for s in d if s["name"] == "tunnels"][0].items()'
expect_exit 0 scenario show tunnels --json
jq out 'd["name"] == "tunnels" and d["board"] == {"kind": "named", "map": "tunnels"}'
jq out 'd["turn_limit"] == 10 and d["at_limit"] == "machines" and d["ships_min"] == 1 and d["ships_max"] == 3'
jq out 'd["goals"] == ["Zion: hold F3 for 2 turns in a row"] and d["file"].endswith("tunnels.json")'
expect_exit 0 scenario show --json escape
jq out 'd["board"]["kind"] == "random" and d["board"]["width"] > 0'
expect_exit 0 scenario show tunnels
contains out "turn limit: 10 (then the Machines win)"
expect_exit 2 scenario show tunnels --jsn
expect_exit 65 scenario show nosuch --json
[ ! -s out ]
