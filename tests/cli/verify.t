# Verifiable dice: the seed of a turn is sealed (SHA-256) in the report
# before orders are due and revealed after; anyone can replay the turn.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new fair --width 6 --height 3 --density 0 --deadline 24 >/dev/null
pa=$(mx $db campaign join fair --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join fair --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start fair --now 2025-03-01T12:00Z >/dev/null
# The setup report announces turn 1's sealed seed.
mx $db campaign outbox fair --full > setup.txt
sealed=$(sed -n "/Turn 1's seed is sealed now/{n;s/^ *//;p;q}" setup.txt)
[ ${#sealed} -eq 64 ]
printf 'GAME fair\nSHIP Minx\nPASSWORD %s\nMOVE\nMOVE\n' "$pa" | mx $db orders submit --now 2025-03-01T13:00Z >/dev/null
printf 'GAME fair\nSHIP Locust\nPASSWORD %s\nMOVE\nMOVE\n' "$pb" | mx $db orders submit --now 2025-03-01T13:00Z >/dev/null
mx $db process --now 2025-03-02T12:00Z >/dev/null

# The turn 1 report reveals the seed, and its seal is the one announced.
expect_exit 0 $db report fair --ship Minx
contains out "Turn 1 was rolled from seed"
contains out "$sealed"
seed=$(sed -n 's/^Turn 1 was rolled from seed \([0-9]*\)\.$/\1/p' out)
[ "$(printf 'mxjudge:fair:turn:1:seed:%s' "$seed" | sha256sum | cut -d' ' -f1)" = "$sealed" ]

# A captain without the database: the published turn, played again.
mx $db turn show fair --turn 1 --json > pub.json
expect_exit 0 verify --published pub.json --commitment "$sealed"
contains out "fair, turn 1: verified"
contains out "the seed matches its commitment"
expect_exit 1 verify --published pub.json --commitment 0000000000000000000000000000000000000000000000000000000000000000
contains out "DIFFERS: the seed $seed does not match the commitment"
# One die changed in what was published: the first difference is named.
python3 - <<'PY'
import json
t = json.load(open("pub.json"))
t["dice"][0]["d6"] = t["dice"][0]["d6"] % 6 + 1
json.dump(t, open("bad.json", "w"))
PY
expect_exit 1 verify --published bad.json
contains out "DIFFERS: die 1: published"
printf '{"turn": 1' > broken.json
expect_exit 65 verify --published broken.json
contains err "broken.json:1: expected the JSON of 'mxjudge turn show --json'"
# Several published turns verify as one game: each from the state the one
# before ended in; --commitment is then the first turn's seal. A campaign
# of its own with a fixed seed, so that a second turn surely comes (the
# random seeds above may end the battle in turn 1).
mx $db campaign new f2 --width 8 --height 5 --density 0 --deadline 24 --seed 3 >/dev/null
mx $db campaign join f2 --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign join f2 --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start f2 --now 2025-03-01T12:00Z >/dev/null
mx $db process --now 2025-03-02T12:00Z >/dev/null
mx $db process --now 2025-03-03T13:00Z >/dev/null
mx $db turn show f2 --turn 1 --json > f1.json
mx $db turn show f2 --turn 2 --json > f2.json
mx $db campaign outbox f2 --full > setup2.txt
sealed2=$(sed -n "/Turn 1's seed is sealed now/{n;s/^ *//;p;q}" setup2.txt)
[ ${#sealed2} -eq 64 ]
expect_exit 0 verify --published f2.json f1.json --commitment "$sealed2"
contains out "f2, turn 2: verified: "
contains out "f2, turns 1-2: verified as one game: 2 turns replayed, each from the one before, the first seed matching the commitment given"
python3 -c 'import json; t = json.load(open("f2.json")); t["state_before"]["turn"] = 3; json.dump(t, open("edit2.json", "w"))'
expect_exit 1 verify --published f1.json edit2.json
contains out "f2, turn 2: DIFFERS: a broken chain: the state before it is not the state turn 1 ended in"

# The game master's checks: verify one turn, replay them all.
expect_exit 0 $db verify fair --turn 1 --commitment "$sealed"
contains out "fair, turn 1: ok"
expect_exit 0 $db replay fair
contains out "fair: every resolved turn replays exactly"
# A hand-edited result is caught.
sqlite3 t.db "UPDATE turns SET state_after = replace(state_after, '\"turn\":2', '\"turn\":3') WHERE number = 1"
expect_exit 1 $db replay fair
contains out "fair, turn 1: DIFFERS"

# A turn the autopilot played for a silent ship verifies like any other
# (it used to exit 65: the published AUTOPILOT text was read as orders).
mx $db campaign new auto --width 6 --height 3 --density 0 --deadline 24 --seed 8 >/dev/null
mx $db campaign join auto --captain Cy --email cy@example.org --ship Kite --team zion >/dev/null 2>&1
mx $db campaign join auto --captain Di --email di@example.org --ship Moth --team machines >/dev/null 2>&1
mx $db campaign set auto bot_plays_silent true >/dev/null
mx $db campaign start auto --now 2025-03-01T12:00Z >/dev/null
mx $db process --now 2025-03-02T12:00Z >/dev/null
mx $db turn show auto --turn 1 --json > auto.json
grep -q '"understood": "AUTOPILOT' auto.json
expect_exit 0 verify --published auto.json
contains out "auto, turn 1: verified"
# Turn 0 and a short commitment get a word on what was expected.
expect_exit 2 $db replay auto --turn 0
contains err "turn 0 is the setup: it has no orders to replay"
expect_exit 2 $db verify auto --turn 0
contains err "--turn: expected a turn number from 1, got '0'"
