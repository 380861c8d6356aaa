# orders submit/check: sealing, replacing, receipts and every refusal.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
expect_exit 65 $db orders check - </dev/null
printf 'GAME g\nSHIP Minx\nPASSWORD %s\nLAND\n' "$pa" >early.txt
expect_exit 65 $db orders submit early.txt --now 2025-03-01T12:00Z
contains err "has not started"
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
t="--now 2025-03-01T13:00Z"

# Orders pasted into a reply: text above GAME and below END is ignored.
cat >reply.txt <<EOT
Here are my orders!
> Campaign g: the battle begins.
GAME g
SHIP Minx
PASSWORD $pa
1-Move
2. Left
END
-- 
Ann
EOT
expect_exit 0 $db orders check reply.txt $t
contains out "checked, not stored"
[ "$(sqlite3 t.db 'select count(*) from orders')" -eq 0 ]
expect_exit 0 $db orders submit reply.txt $t
contains out "sealed"
contains out "1-MOVE"
contains out "2-LEFT"
digest=$(sed -n 's/^SHA-256: *//p' out)
[ "${#digest}" -eq 64 ]
# The digest is of the stored text, whose password is redacted.
stored=$(sqlite3 t.db "select raw from orders where current = 1")
printf '%s' "$stored" | grep -F "PASSWORD [redacted]" >/dev/null
[ -z "$(sqlite3 t.db "select 1 from orders where raw like '%$pa%'")" ]
[ "$(sqlite3 t.db "select digest from orders where current = 1")" = "$digest" ]
# Beside the text, the ruleset's reading, as every game's orders (the turn plays it).
[ "$(sqlite3 t.db "select reading from orders where current = 1")" = '{"Minx":["MOVE","LEFT"]}' ]

# A later submission replaces the earlier one; both are kept.
printf 'GAME g\nSHIP Minx\nPASSWORD %s\n1 LAND\n' "$pa" | mx $db orders submit --now 2025-03-01T14:00Z >out
contains out "they replace the ones sent before"
[ "$(sqlite3 t.db 'select count(*) from orders')" -eq 2 ]
[ "$(sqlite3 t.db 'select count(*) from orders where current = 1')" -eq 1 ]
[ "$(sqlite3 t.db "select count(*) from outbox where kind = 'receipt'")" -eq 2 ]
# Sealed: turn show tells that orders came, not what they say.
expect_exit 0 $db turn show g --turn 1 --json
contains out '"ship": "Minx"'
lacks out "LAND"
lacks out "digest"

# Every refusal: exit 65, nothing stored.
before=$(sqlite3 t.db 'select count(*) from orders')
printf 'GAME g\nSHIP Minx\nPASSWORD nope\nMOVE\n' >f; expect_exit 65 $db orders submit f $t
contains err "wrong password for Minx"
printf 'GAME other\nSHIP Minx\nPASSWORD %s\nMOVE\n' "$pa" >f; expect_exit 65 $db orders submit f $t
contains err "f:1: no campaign named 'other'"
printf 'GAME g\nSHIP Locust\nPASSWORD %s\nMOVE\n' "$pa" >f; expect_exit 65 $db orders submit f $t
contains err "Locust is commanded by another captain"
printf 'GAME g\nSHIP Minx\nSHIP Locust\nPASSWORD %s\n' "$pa" >f; expect_exit 65 $db orders submit f $t
contains err "not commanded by Ann"
printf 'GAME g\nSHIP Nobody\nPASSWORD %s\nMOVE\n' "$pa" >f; expect_exit 65 $db orders submit f $t
contains err "f:2: campaign 'g' has no ship named 'Nobody'"
printf 'GAME g\nSHIP Minx\nMOVE\n' >f; expect_exit 65 $db orders submit f $t
contains err "expected a line 'PASSWORD"
printf 'GAME g\nSHIP Minx\nPASSWORD %s\nMOVE\nMOVE\nMOVE\nMOVE\nMOVE\nMOVE\nMOVE\n' "$pa" >f
expect_exit 65 $db orders submit f $t
contains err "too many actions for Minx"
printf 'GAME g\nSHIP Minx\nPASSWORD %s\nEMP\nEMP\n' "$pa" >f; expect_exit 65 $db orders submit f $t
contains err "second EMP"
printf 'GAME g\nSHIP Minx\nPASSWORD %s\nJUMP\n' "$pa" >f; expect_exit 65 $db orders submit f $t
contains err "f:4: expected an action"
printf 'GAME g\nTURN 2\nSHIP Minx\nPASSWORD %s\nMOVE\n' "$pa" >f; expect_exit 65 $db orders submit f $t
contains err "has not begun"
# After the deadline the turn takes no orders, even before process runs.
printf 'GAME g\nSHIP Locust\nPASSWORD %s\nLAND\n' "$pb" >late.txt
expect_exit 65 $db orders submit late.txt --now 2025-03-02T12:00:01Z
contains err "closed at"
[ "$(sqlite3 t.db 'select count(*) from orders')" -eq "$before" ]

# A past turn, and a turn already resolved.
mx $db process --now 2025-03-02T12:01Z >/dev/null
printf 'GAME g\nTURN 1\nSHIP Minx\nPASSWORD %s\nMOVE\n' "$pa" >f
expect_exit 65 $db orders submit f --now 2025-03-02T13:00Z
contains err "already resolved"
expect_exit 0 $db turn show g --turn 1 --json
contains out '"understood": "SHIP Minx\n1-LAND\n"'
contains out '"current": false'
# The revealed orders of the silent captain: none, and the event says so.
contains out '"type": "no-orders"'
