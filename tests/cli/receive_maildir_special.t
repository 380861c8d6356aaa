# Issue 14 item 13: receive --maildir takes only regular files. A FIFO in
# new/ is never waited on (it hung the run for good), a symbolic link is
# never followed (it could read any file the judge may read); each is
# named on stderr and left for the game master (exit 1, over the 75 of a
# directory, which cannot be read), and the messages around them are taken. Under timeout(1), so
# the test ends even when the judge would not.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
mkdir -p md/new md/cur md/tmp
msg() { printf 'From: ann@example.org\nSubject: %s\nMessage-ID: <%s@example.org>\n\nhello\n' "$1" "$1"; }
msg first >md/new/1700000001.a.host
mkfifo md/new/1700000002.fifo.host
msg secret >outside.eml
ln -s "$PWD/outside.eml" md/new/1700000003.link.host
mkdir md/new/1700000004.dir.host
msg last >md/new/1700000005.b.host
set +e
timeout 20 $MXJUDGE $db receive --maildir md --now 2025-03-01T13:00Z >out 2>err
rc=$?
set -e
cat err
[ "$rc" -eq 1 ]
contains out "receive: 2 messages taken from md/new"
contains err "md/new/1700000002.fifo.host: a FIFO, not a message; left in new/, not read (remove it)"
contains err "md/new/1700000003.link.host: a symbolic link, not followed; left in new/"
contains err "md/new/1700000004.dir.host: Is a directory; it stays in new/"
[ "$(sqlite3 t.db "select count(*) from mail_in")" -eq 2 ]
[ "$(sqlite3 t.db "select count(*) from mail_in where message_id = 'secret@example.org'")" -eq 0 ]
[ -p md/new/1700000002.fifo.host ]
[ -L md/new/1700000003.link.host ]
[ "$(ls md/cur | wc -l)" -eq 2 ]
