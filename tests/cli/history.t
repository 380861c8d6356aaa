# HISTORY NAME [TURN] and LIST [ALL|FINISHED] by mail, through the real
# receive path: the turns of a campaign with their dates and the result
# once it is over; one resolved turn's public report, the same text as
# `mxjudge report NAME --turn N` (never the open turn's, never a seat's
# own); LIST FINISHED shows finished campaigns with their results, LIST
# leaves them out, LIST ALL shows every one. Any game: the toy too.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
send() {	# send FROM ID LINE...: a desk mail, received at $now
	from=$1 id=$2
	shift 2
	{
		printf 'From: %s\nTo: judge@example.org\nSubject: desk\nMessage-ID: <%s@example.org>\n\n' "$from" "$id"
		printf '%s\n' "$@"
	} >m.eml
	expect_exit 0 $db receive --now "$now" <m.eml
}
reply() {
	q "select body from outbox where key = 'desk/mail/' || (select id from mail_in where message_id = '$1@example.org')"
}
code() {
	q "select body from outbox o join campaigns c on c.id = o.campaign_id where c.name = '$1' and recipient = '$2' and kind = 'report' order by o.id desc limit 1" | sed -n 's/^CODE //p' | head -1
}

game_ann_bob
printf 'GAME g\nSHIP Locust\nPASSWORD %s\nTURN 1\n1-Move\nEND\n' "$pb" >bob.txt
mx $db orders submit bob.txt --now 2025-03-01T12:30Z >/dev/null
expect_exit 0 $db process --now 2025-03-02T12:05Z
expect_exit 0 $db process --now 2025-03-03T12:05Z
now=2025-03-03T13:00Z
send ann@example.org h1 "HISTORY g"
reply h1 >h1.txt
golden history-list.txt h1.txt
# The game master's shell has it too (turn list), the same lines, and --json.
expect_exit 0 $db turn list g
grep -F "  Turn " h1.txt >mail-lines.txt
grep -F "  Turn " out >shell-lines.txt
cmp mail-lines.txt shell-lines.txt
expect_exit 0 $db turn list g --json
python3 -c 'import json; d=json.load(open("out")); assert d["campaign"] == "g" and [t["number"] for t in d["turns"]] == [0, 1, 2, 3] and d["turns"][3]["open"], d'
expect_exit 65 $db turn list nope
contains err "no campaign named 'nope'"
expect_exit 2 $db turn list
# One resolved turn: the bulletin, exactly as `report` prints it.
send ann@example.org h2 "HISTORY g 1"
reply h2 >h2.txt
contains h2.txt "The public report of g, turn 1:"
expect_exit 0 $db report g --turn 1
sed -n '/^HOVERCRAFTS/,$p' h2.txt >h2-report.txt
head -c "$(wc -c <out)" h2-report.txt | diff - out
lacks h2.txt "CODE "
lacks h2.txt "Captain Ann"
# The open turn is not told; turn 0 is the setup; a stranger's turn number is named.
send ann@example.org h3 "HISTORY g 3" "HISTORY g 0" "HISTORY nope"
reply h3 >h3.txt
contains h3.txt "Turn 3 of g has not been resolved: its report is not told before it is played"
contains h3.txt "Turn 0 of g is the setup: its reports went to the captains"
contains h3.txt "No campaign is named nope (LIST ALL shows them)."
send ann@example.org h5 "LIST FINISHED"
reply h5 >h5.txt
contains h5.txt "No campaign is finished yet."
send ann@example.org h4 "HISTORY g one"
q "select body from outbox where kind = 'help' order by id desc limit 1" >h4.txt
contains h4.txt "Line 1: expected 'HISTORY NAME [TURN]'"

# A finished campaign: in HISTORY with its result, in LIST FINISHED and LIST ALL, not in LIST.
mx $db campaign new d --game toy --seed 5 --deadline 24 >/dev/null
mx $db campaign join d --captain Ann --email ann@example.org --ship north1 --team north >/dev/null 2>&1
mx $db campaign join d --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
mx $db campaign start d --now 2025-03-03T12:00Z >/dev/null
expect_exit 0 $db process --now 2025-03-04T12:05Z
now=2025-03-04T13:00Z
send bob@example.org f1 "VOTE CONCEDE d" "CODE $(code d bob@example.org)"
contains out "d: turn 2 resolved; the game is over: north1"
now=2025-03-04T14:00Z
send ann@example.org f2 "LIST" "LIST FINISHED" "LIST ALL" "HISTORY d"
reply f2 >f2.txt
golden history-finished.txt f2.txt
send ann@example.org f3 "HISTORY d 1"
reply f3 >f3.txt
expect_exit 0 $db report d --turn 1
mv out d1.txt
sed '1,6d' f3.txt >f3-report.txt
head -c "$(wc -c <d1.txt)" f3-report.txt | diff - d1.txt
contains f3.txt "The public report of d, turn 1:"
lacks f3.txt '"north1": {'
