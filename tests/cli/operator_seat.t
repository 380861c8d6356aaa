# An iterations skirmish needs its Operator (issue 31 item 2): without the
# game master's seat no turn could ever be played (not even by the
# autopilot: it has no seat to seal orders for), so `campaign start`
# refuses and says how to take it; with it the skirmish runs.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
T=$ROOT/templates/iterations
mx $db campaign new sk --game iterations --data scenario=$T/scenarios/lobby.json --seed 3 --deadline 24 >/dev/null
mx $db campaign set sk bot_plays_silent true >/dev/null
mx $db campaign join sk --captain Ann --email ann@example.org --ship ann --data character=$T/characters/neo.json >/dev/null 2>&1
expect_exit 65 $db campaign start sk --now 2025-03-01T12:00Z
contains err "mxjudge: campaign 'sk' cannot start: nobody holds the seat 'operator', the game master's, which every turn waits for: take it first ('mxjudge campaign join sk --captain NAME --email ADDR --ship operator')"
[ "$(wc -l <err)" -eq 1 ]
expect_exit 0 $db campaign show sk
contains out "open"
# The game master takes the seat as the error says: the skirmish starts,
# and with nobody writing the autopilot plays every seat, the Operator's
# NPCs too.
mx $db campaign join sk --captain GM --email gm@example.org --ship operator >/dev/null 2>&1
expect_exit 0 $db campaign start sk --now 2025-03-01T12:00Z
expect_exit 0 $db process --now 2025-03-02T13:00Z
contains out "sk: turn 1 resolved"
expect_exit 0 $db process --now 2025-03-03T13:00Z
contains out "sk: turn 2 resolved"
lacks err "mxjudge: "
