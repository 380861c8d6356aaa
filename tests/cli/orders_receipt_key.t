# Issue 14 item 15: orders submit when the key of its receipt is taken
# already (an order id reused, a hand-edited outbox) neither crashes nor
# drops the orders: they are sealed and the receipt gets a key of its own.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
t="--now 2025-03-01T13:00Z"
printf 'GAME g\nSHIP Minx\nPASSWORD %s\n1-Move\n' "$pa" >o1.txt
expect_exit 0 $db orders submit o1.txt $t
contains out "Minx"
next=$(($(sqlite3 t.db 'select max(id) from orders') + 1))
sqlite3 t.db "INSERT INTO outbox (campaign_id, kind, key, recipient, subject, body, created_at) VALUES (1, 'receipt', 'receipt/$next', 'ann@example.org', 'taken', 'taken', '2025-03-01T12:30:00Z')"
printf 'GAME g\nSHIP Minx\nPASSWORD %s\n1-Left\n' "$pa" >o2.txt
expect_exit 0 $db orders submit o2.txt $t
contains out "Minx"
[ "$(sqlite3 t.db "select count(*) from orders where current = 1 and understood like '%Left%'")" -eq 1 ]
[ "$(sqlite3 t.db "select count(*) from outbox where kind = 'receipt' and key like 'receipt/$next/%'")" -eq 1 ]
