# Issue 14 item 15: a backup killed mid-copy (SIGKILL, the OOM killer)
# leaves its temporary copy NAME.tmp-PID (and its -journal); the next
# backup to that file, or the next rotation, removes those whose process
# is gone, and no others. Here the leftovers are made by hand with the
# id of a process that has exited, and of one that still runs.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
dead=$(sh -c 'echo $$')
sleep 60 &
alive=$!
trap 'kill $alive 2>/dev/null; wait $alive 2>/dev/null || true' EXIT

# A copy to a file of our choosing.
mkdir copies
for f in copy.db.tmp-$dead copy.db.tmp-$dead-journal copy.db.tmp-$alive other.db.tmp-$dead; do
	cp t.db "copies/$f"
done
expect_exit 0 $db backup copies/copy.db
[ ! -e "copies/copy.db.tmp-$dead" ]
[ ! -e "copies/copy.db.tmp-$dead-journal" ]
[ -e "copies/copy.db.tmp-$alive" ]
[ -e "copies/other.db.tmp-$dead" ]
[ "$(ls copies | wc -l)" -eq 3 ]

# The rotation: each copy has its own name, so its directory is swept.
expect_exit 0 $db backup
for f in mxjudge-20250301-120000.db.tmp-$dead mxjudge-20250301-120000.db.tmp-$dead-journal \
	mxjudge-20250301-120500.db.tmp-$alive notes.tmp-$dead; do
	cp t.db "backups/$f"
done
expect_exit 0 $db backup
[ ! -e "backups/mxjudge-20250301-120000.db.tmp-$dead" ]
[ ! -e "backups/mxjudge-20250301-120000.db.tmp-$dead-journal" ]
[ -e "backups/mxjudge-20250301-120500.db.tmp-$alive" ]
[ -e "backups/notes.tmp-$dead" ]
[ "$(ls backups | grep -c '\.db$')" -ge 1 ]
