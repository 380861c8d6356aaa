# Faults: a full disk, a read-only database, a locked database, and
# backups taken while a writer holds the lock. Clear errors, exit 75 where
# a retry will help, nothing lost.
export MXJUDGE_FAST_HASH=1
db="--db ./j/t.db"
mx $db campaign new f --width 6 --height 2 --density 0 --seed 9 --deadline 24 >/dev/null
pa=$(mx $db campaign join f --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join f --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start f --now 2025-03-01T12:00Z >/dev/null
# A long comment in the block (stored with the orders) makes sure
# sealing them needs new pages, however full the last page is.
{ printf 'GAME f\nSHIP Minx\nPASSWORD %s\nLAND # ' "$pa"; head -c 6000 /dev/zero | tr '\0' n; echo; } >a.txt
printf 'GAME f\nSHIP Locust\nPASSWORD %s\nREPAIR\n' "$pb" >b.txt

# Full disk: the database may not grow past its pages now.
sqlite3 j/t.db .dump >before.sql
pages=$(sqlite3 j/t.db "PRAGMA page_count")
MXJUDGE_MAX_PAGES=$pages expect_exit 75 $db orders submit a.txt --now 2025-03-01T13:00Z
contains err "the disk is full"
contains err "nothing was changed, try again"
sqlite3 j/t.db .dump >after.sql
cmp before.sql after.sql
MXJUDGE_MAX_PAGES=$pages expect_exit 0 $db campaign show f
expect_exit 0 $db orders submit a.txt --now 2025-03-01T13:00Z

# A locked database: another writer holds the lock past the busy timeout.
fifo=./lock.fifo
mkfifo "$fifo"
sqlite3 j/t.db <"$fifo" >/dev/null 2>&1 &
locker=$!
exec 9>"$fifo"
trap 'exec 9>&-; kill $locker 2>/dev/null || true' EXIT
echo "BEGIN IMMEDIATE; INSERT INTO auth_failures (campaign_id, ship_id, failed_at) VALUES (1, 1, 'x');" >&9
sleep 1
sqlite3 j/t.db .dump >before.sql
expect_exit 75 $db orders submit b.txt --now 2025-03-01T13:00Z
contains err "database is busy (another mxjudge is writing); try again"
# Readers are not held up, and a backup is taken meanwhile.
expect_exit 0 $db campaign show f
expect_exit 0 $db backup ./copy.db
[ "$(stat -c %a copy.db)" = 600 ]
sqlite3 copy.db "PRAGMA integrity_check" | grep -x ok
[ "$(sqlite3 copy.db "select count(*) from orders")" -eq 1 ]
[ "$(sqlite3 copy.db "select count(*) from auth_failures")" -eq 0 ]
[ "$(sqlite3 copy.db "PRAGMA journal_mode")" = delete ]
echo "ROLLBACK;" >&9
exec 9>&-
wait $locker || true
trap - EXIT
sqlite3 j/t.db .dump >after.sql
cmp before.sql after.sql
expect_exit 0 $db orders submit b.txt --now 2025-03-01T13:00Z

# Backups: the default place, private; process keeps the newest N.
expect_exit 0 $db backup
contains out "j/backups/mxjudge-"
[ "$(stat -c %a j/backups)" = 700 ]
expect_exit 65 $db backup ./j/t.db
contains err "that is the database itself"
# A failed backup names the file asked for, not the judge's temporary one.
expect_exit 1 $db backup ./no/such/dir/copy.db
contains err "./no/such/dir/copy.db: cannot create"
lacks err ".tmp-"
rm -f j/backups/*
for day in 2 3 4; do
	printf 'GAME f\nSHIP Minx\nPASSWORD %s\nLAND\n' "$pa" | mx $db orders submit --now "2025-03-0${day}T11:00Z" >/dev/null
	expect_exit 0 $db process --backups 2 --now "2025-03-0${day}T12:00Z"
	sleep 1
done
# Nothing due: no backup taken.
expect_exit 0 $db process --backups 2 --now 2025-03-04T12:30Z
[ "$(ls j/backups | wc -l)" -eq 2 ]
for f in j/backups/*; do [ "$(stat -c %a "$f")" = 600 ]; done
# The newest copy holds turn 3 open: taken before turn 3 was resolved.
newest=$(ls j/backups/* | tail -1)
[ "$(sqlite3 "$newest" "select count(*) from turns where number = 3 and resolved_at is null")" -eq 1 ]
expect_exit 2 $db process --backups lots

# A read-only database (file 0400, directory 0500), run as another user
# when the tests run as root (root ignores permissions).
sqlite3 j/t.db "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
as_user=""
if [ "$(id -u)" = 0 ]; then
	chown -R 65534:65534 j
	chmod 755 .
	as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
fi
chmod 0400 j/t.db
chmod 0500 j
sqlite3 j/t.db .dump >before.sql 2>/dev/null || cp j/t.db before.db
set +e
$as_user $MXJUDGE_WRAP "$MXJUDGE" $db orders submit a.txt --now 2025-03-04T13:00Z >out 2>err
rc=$?
set -e
chmod 0700 j
chmod 0600 j/t.db
[ "$rc" -eq 75 ] || { echo "read-only: expected exit 75, got $rc"; cat err; exit 1; }
grep -E "read-only|cannot open the database" err >/dev/null || { cat err; exit 1; }
[ "$(wc -l <err)" -eq 1 ]
