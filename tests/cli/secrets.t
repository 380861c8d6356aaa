# No secret reaches what captains (or anyone but the game master's shell)
# read: passwords, the sealed seed of the open turn, the sealed orders of
# the open turn. Every output meant for captains is searched for them.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new s --width 6 --height 3 --density 0 --deadline 24 >/dev/null
pa=$(mx $db campaign join s --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join s --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign set s bulletin_to list@example.org >/dev/null
mx $db campaign start s --now 2025-03-01T12:00Z >/dev/null
printf 'GAME s\nSHIP Minx\nPASSWORD %s\nMOVE\n' "$pa" | mx $db orders submit --now 2025-03-01T13:00Z >/dev/null
printf 'GAME s\nSHIP Locust\nPASSWORD %s\nMOVE\n' "$pb" | mx $db orders submit --now 2025-03-01T13:00Z >/dev/null
mx $db process --now 2025-03-02T12:00Z >/dev/null
# Turn 2 is open: Ann's orders for it are sealed, with a word no rule reads.
printf 'GAME s\nSHIP Minx\nPASSWORD %s\n# plan-zebra-crossing\nLAND\nEMP\n' "$pa" | mx $db orders submit --now 2025-03-02T13:00Z >/dev/null
# A wrong password, so the audit trail has something in it too.
printf 'GAME s\nSHIP Locust\nPASSWORD %s-typo\nMOVE\n' "$pb" >typo
expect_exit 65 $db orders submit typo --now 2025-03-02T13:05Z
seed=$(sqlite3 t.db "select seed from turns where number = 2")
[ -n "$seed" ]
# The seed of turn 2 is sealed: only its commitment is out.
: >all
for ship in Minx Locust; do
	mx $db report s --ship "$ship" --json >>all
	mx $db report s --ship "$ship" >>all
done
mx $db report s --json >>all
mx $db turn show s --json >>all
mx $db turn show s --turn 1 --json >>all
mx $db turn show s --turn 2 --json >>all 2>&1 || true
mx $db turn show s --turn 2 >>all 2>&1 || true
mx $db campaign show s --json >>all
mx $db campaign show s >>all
mx $db campaign list --json >>all
mx $db campaign outbox s --full --json >>all
mx $db campaign outbox s --full >>all
contains all '"captain": "Ann"'
lacks all "$pa"
lacks all "$pb"
lacks all "$seed"
lacks all "plan-zebra-crossing"
# The campaign seed (it derives the map and the setup) is not shown either.
cseed=$(sqlite3 t.db "select json_extract(settings, '$.seed') from campaigns")
[ -n "$cseed" ]
lacks all "$cseed"
# What was sealed for turn 2 (LAND, EMP) is not told before it is resolved.
mx $db turn show s --turn 2 --json >t2 2>&1 || true
lacks t2 '"EMP"'
lacks t2 'LAND'
# Nor is it in the database in the clear: passwords are hashed and redacted.
sqlite3 t.db .dump >dump
lacks dump "$pa"
lacks dump "$pb"
# Once turn 2 is resolved its seed is revealed, and its orders may be told.
mx $db process --now 2025-03-03T12:00Z >/dev/null
mx $db report s --ship Minx >r3
contains r3 "$seed"
