# Duplicate play (judge/duplicate.h), on the test-only solo climb: runners
# join a set, each gets a run of their own dealt from one sealed root, a
# run that ends keeps the root sealed, the game master closes the set (a
# run still going is abandoned), the runs are ranked by matchpoints, every
# runner is mailed the ranking and the root, and every run then verifies.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
expect_exit 2 $db campaign new x --game toy --duplicate
contains err "--duplicate: toy has no duplicate play"
mx $db campaign new cup --game climb --duplicate --seed 4 >/dev/null
expect_exit 0 $db campaign join cup --captain ann --email ann@example.org --ship ann
contains err "ann joins duplicate set cup as its run cup.1"
pa=$(tail -1 out)
pb=$(mx $db campaign join cup --captain bob --email bob@example.org --ship bob 2>/dev/null | tail -1)
mx $db campaign join cup --captain cy --email cy@example.org --ship cy >/dev/null 2>&1
expect_exit 0 $db campaign start cup --now 2025-03-01T12:00Z
contains out "duplicate set cup started: 3 runs (3 now) dealt from one root committed as"
expect_exit 65 $db campaign join cup --captain dee --email dee@example.org --ship dee
contains err "duplicate set 'cup' has started: no more runners join"
# One root for the set and every run, hence one seal.
[ "$(q "select count(distinct root) || ' ' || count(distinct commitment) || ' ' || count(*) from sealed_roots")" = "1 1 4" ]
printf 'GAME cup.1\nCLIMBER ann\nPASSWORD %s\nCLIMB 3\nEND\n' "$pa" >a.txt
printf 'GAME cup.2\nCLIMBER bob\nPASSWORD %s\nCLIMB 3\nEND\n' "$pb" >b.txt
expect_exit 0 $db orders submit a.txt --now 2025-03-01T13:00Z
expect_exit 0 $db orders submit b.txt --now 2025-03-01T14:00Z
# The same deal: the same dice for the same orders.
[ "$(q "select group_concat(json_extract(state_after, '\$.height'), ' ') from turns t join campaigns c on c.id = t.campaign_id where t.number = 1 and c.name in ('cup.1', 'cup.2')")" = "10 10" ]
# A run over keeps the set's root sealed.
root=$(q "select root from sealed_roots limit 1")
[ "$(q "select count(*) from sealed_roots where revealed_at <> ''")" -eq 0 ]
expect_exit 0 $db campaign outbox cup.1 --full
lacks out "$root"
expect_exit 65 $db campaign close cup.1
contains err "campaign 'cup.1' is not a duplicate set"
# The game master closes the set: cy's run is abandoned, all are ranked.
expect_exit 0 $db campaign close cup --now 2025-03-02T12:00Z
contains out "duplicate set cup closed: 3 runs ranked by matchpoints"
contains out "    1   75.0%  ann              cup.1                win"
contains out "    1   75.0%  bob              cup.2                win"
contains out "    3    0.0%  cy               cup.3                abandoned"
contains out "root $root"
[ "$(q "select count(*) from sealed_roots where revealed_at = ''")" -eq 0 ]
[ "$(q "select status || ' ' || result from campaigns where name = 'cup'")" = "finished tie" ]
expect_exit 0 $db campaign outbox cup.3 --full
contains out "Subject: cup: the duplicate set is over"
# The ranking aligned (issue 29): every row's columns where the first row's are.
contains out "  1. ann   75.0%  run cup.1  win"
contains out "  3. cy     0.0%  run cup.3  abandoned"
commit=$(q "select commitment from sealed_roots limit 1")
# The command that checks the seal pastes into a shell as the mail gives it.
q "select body from outbox where key = 'duplicate/cup.3'" >close.txt
sed -n '/^Check it with:$/,/sha256sum/p' close.txt | sed 1d >check.sh
contains check.sh "mxjudge:cup:root:"
[ "$(sh check.sh | cut -d' ' -f1)" = "$commit" ]
[ "$(printf 'mxjudge:cup:root:%s' "$root" | sha256sum | cut -d' ' -f1)" = "$commit" ]
# Closing again shows the ranking, changes nothing.
expect_exit 0 $db campaign close cup --json
python3 -c 'import json; r=json.load(open("out")); assert [x["runner"] for x in r["runs"]] == ["ann", "bob", "cy"] and r["runs"][0]["matchpoints"] == 3, r'
# Every run verifies from the revealed root.
expect_exit 0 $db turn show cup.2 --turn 1 --json
mv out pub.json
expect_exit 0 verify --published pub.json
contains out "cup.2, turn 1: verified: 3 draws replayed"
