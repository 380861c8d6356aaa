# Locks the outputs of a plain one-battle campaign (the mail tests' g of
# lib.sh, with a fixed campaign key): the replies the judge queues (error
# reply, receipt, help, reminder), a turn undone by the game master and
# replayed, 'verify --published' on a published turn, and the reads after
# each step. See lock_series.t for the campaign in series.
. "$ROOT/tests/cli/lock.sh"
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"

# game_ann_bob's campaign, the key fixed before the first report is made.
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 --now 2025-03-01T11:00Z >/dev/null
fixed_key g
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
lock t0-start.txt $db campaign start g --now 2025-03-01T12:00Z

# snap STEP: the reads of campaign g now.
snap() {
	lock "$1-report.json" $db report g --json
	lock "$1-report.txt" $db report g
	for s in Minx Locust; do lock "$1-report-ship-$s.txt" $db report g --ship "$s"; done
	lock "$1-show.txt" $db campaign show g
	lock "$1-show.json" $db campaign show g --json
	lock "$1-outbox.txt" $db campaign outbox g
	lock "$1-queued-full.txt" $db campaign outbox g --unsent --full
	lock "$1-mail-list.txt" $db mail list
	lock "$1-replay.txt" $db replay g
}
# mailed NAME NOW: m.eml taken by 'receive' at NOW, its answer locked as NAME.
mailed() { lock "$1" $db receive --now "$2" <m.eml; }

# Turn 1: a mail with a bad line (error reply), Ann's good mail (receipt),
# a mail with no orders (help), a reminder to Bob who sent nothing.
printf 'From: Ann <ann@example.org>\nSubject: orders\nMessage-ID: <a1@example.org>\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-Jump\n' "$pa" >m.eml
mailed turns-t1-receive-bad.txt 2025-03-01T13:00Z
printf 'From: Ann <ann@example.org>\nSubject: orders\nMessage-ID: <a2@example.org>\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-MOVE\n2-MOVE\n' "$pa" >m.eml
mailed turns-t1-receive-good.txt 2025-03-01T13:10Z
printf 'From: Bob <bob@example.org>\nSubject: hi\nMessage-ID: <b1@example.org>\n\nWhen is the next turn?\n' >m.eml
mailed turns-t1-receive-help.txt 2025-03-01T13:20Z
lock turns-t1-remind.txt $db mail remind --before 12 --now 2025-03-02T01:00Z
lock turns-t1-remind-again.txt $db mail remind --before 12 --now 2025-03-02T02:00Z
lock turns-t1-replies.txt $db campaign outbox g --unsent --full
lock turns-t1-mail-send.txt $db mail send --now 2025-03-02T02:05Z
lock_maildir turns-t1-maildir.txt Maildir
lock turns-t1-process.txt $db process --now 2025-03-02T12:00Z
snap turns-t1
lock turns-t1-turn-show.txt $db turn show g --turn 1

# verify --published: turn 1 as a game master would publish it.
mx $db turn show g --turn 1 --json >pub.json
lock_file turns-t1-published.json pub.json
lock turns-t1-verify-published.txt verify --published pub.json
lock turns-t1-verify-published.json verify --published pub.json --json

# Turn 2: Bob's orders stand; the game master undoes turn 1: turn 2
# starts again from turn 1's position, everyone is told.
printf 'GAME g\nSHIP Locust\nPASSWORD %s\nTURN 2\nLEFT\n' "$pb" >o.txt
lock turns-t2-submit-Locust.txt $db orders submit o.txt --now 2025-03-02T13:00Z
lock turns-t2-undo.txt $db campaign undo g --reason "a lost mail" --now 2025-03-02T14:00Z
lock turns-t2-undo-again.txt $db campaign undo g --now 2025-03-02T14:05Z
# Locked as it is today: after the undo, 'report g --ship Locust' still
# renders the undone turn 1 (Locust "has 4 actions in turn 2", the new
# deadline) while the undo mail says 3, the count from turn 1's position.
snap turns-t2-undone
lock turns-t2-turn-show-1.txt $db turn show g --turn 1
lock turns-t2-turn-show-1.json $db turn show g --turn 1 --json
lock turns-t2-turn-show-2.json $db turn show g --turn 2 --json
lock turns-t2-process.txt $db process --now 2025-03-03T15:00Z
snap turns-t2
lock turns-t2-turn-show-2.txt $db turn show g --turn 2
lock turns-t2-verify-2.txt $db verify g --turn 2
mx $db turn show g --turn 2 --json >pub.json
lock turns-t2-verify-published.txt verify --published pub.json
lock turns-t2-mail-send.txt $db mail send --now 2025-03-03T15:05Z
lock_maildir turns-t2-maildir.txt Maildir
