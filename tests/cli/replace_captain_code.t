# Issue 14 item 11: the CODE of a report proves the mail reached the
# captain's mailbox. When a ship changes hands (replace-captain, assign)
# its codes are drawn anew (a salt kept with the ship): the former
# captain's CODE for the open turn is worth nothing, even in mail forged
# from the new captain's address; the new captain's own CODE (from the
# next reminder or report) is taken; other ships' codes stay as they were.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
t="--now 2025-03-01T13:00Z"
code_in() { sqlite3 t.db "select body from outbox where id = $1" | sed -n 's/^CODE \([a-z0-9]*\)$/\1/p' | head -1; }
ann_code=$(code_in "$(sqlite3 t.db "select id from outbox where kind = 'report' and recipient = 'ann@example.org'")")
[ -n "$ann_code" ]
# Ann's code is a good one: Bob's own works for Bob.
bob_code=$(code_in "$(sqlite3 t.db "select id from outbox where kind = 'report' and recipient = 'bob@example.org'")")
printf 'From: bob@example.org\nSubject: orders\nMessage-ID: <b1@x>\n\nGAME g\nSHIP Locust\nCODE %s\n1-Move\n' "$bob_code" |
	mx $db receive $t >out
contains out "orders sealed for Locust in g, turn 1"

# Cat takes over the Minx; Ann still knows the code of turn 1.
mx $db campaign replace-captain g --ship Minx --captain Cat --email cat@example.org >/dev/null 2>&1
printf 'From: cat@example.org\nSubject: orders\nMessage-ID: <f1@x>\n\nGAME g\nSHIP Minx\nCODE %s\n1-Left\n' "$ann_code" |
	mx $db receive $t >out
contains out "wrong order code for Minx"
[ "$(sqlite3 t.db "select count(*) from orders where current = 1 and ship_id = (select id from seats where name = 'Minx')")" -eq 0 ]
# Cat's reminder carries a code of her own, which is taken.
mx $db mail remind --now 2025-03-02T00:00Z >/dev/null
cat_code=$(code_in "$(sqlite3 t.db "select id from outbox where kind = 'reminder' and recipient = 'cat@example.org'")")
[ -n "$cat_code" ] && [ "$cat_code" != "$ann_code" ]
printf 'From: cat@example.org\nSubject: orders\nMessage-ID: <c1@x>\n\nGAME g\nSHIP Minx\nCODE %s\n1-Right\n' "$cat_code" |
	mx $db receive --now 2025-03-02T00:10Z >out
contains out "orders sealed for Minx in g, turn 1"

# assign: Bob takes the Minx too; Cat's code for it is worth nothing now,
# and Bob's code for his Locust is what it was (it never changed hands).
mx $db campaign assign g --ship Minx --captain Bob >/dev/null
printf 'From: bob@example.org\nSubject: orders\nMessage-ID: <f2@x>\n\nGAME g\nSHIP Minx\nCODE %s\n1-Left\n' "$cat_code" |
	mx $db receive --now 2025-03-02T00:20Z >out
contains out "wrong order code for Minx"
printf 'From: bob@example.org\nSubject: orders\nMessage-ID: <b2@x>\n\nGAME g\nSHIP Locust\nCODE %s\n1-Left\n' "$bob_code" |
	mx $db receive --now 2025-03-02T00:30Z >out
contains out "orders sealed for Locust in g, turn 1"
