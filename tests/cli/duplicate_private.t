# A duplicate netrun set deals every run the same, so another run's turns
# are a runner's own future draws: until the set closes, nothing of a run
# reaches anyone but its runner by mail: HISTORY (its turns or one turn's
# report), STATUS, REPORT, LIST, OBSERVE, and no bulletin goes out. Once
# the set is closed, HISTORY tells the runs as any campaign's turns.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
send() {	# send FROM ID LINE...: a mail, received at $now
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
code() { q "select body from outbox where recipient = '$1' and kind = 'report' order by id desc limit 1" | sed -n 's/^CODE //p'; }

mx $db campaign new cup --game netrun --duplicate --seed 9 >/dev/null
mx $db campaign set cup bulletin_to list@example.org >/dev/null
mx $db campaign set cup signup mail >/dev/null
mx $db campaign join cup --captain Bo --email bo@example.org --ship bo >/dev/null 2>&1
mx $db campaign join cup --captain Cy --email cy@example.org --ship cy >/dev/null 2>&1
mx $db campaign start cup --now 2025-03-02T12:00Z >/dev/null
now=2025-03-02T13:00Z
send bo@example.org b1 "GAME cup.1" "RUNNER bo" "CODE $(code bo@example.org)" \
	"RUN black 0,0" "RUN green 1,0" END
[ "$(q "select count(*) from turns t join campaigns c on c.id = t.campaign_id where c.name = 'cup.1' and t.resolved_at <> '' and t.number > 0")" -ge 1 ]
# What Bo's run drew: the tiles his report names.
drawn=$(q "select json_extract(state_after, '\$.matrix') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'cup.1' and t.number = 1")
[ -n "$drawn" ]
# No bulletin of a run goes out while the set is open.
[ "$(q "select count(*) from outbox where kind = 'bulletin'")" -eq 0 ]

# Cy, Bo's rival in the set, and a stranger ask for Bo's run.
for who in cy eve; do
	send $who@example.org "h-$who" "HISTORY cup.1 1" "HISTORY cup.1" "STATUS cup.1" "REPORT cup.1 1" \
		"OBSERVE cup.1" "LIST ALL"
	reply "h-$who" >ans.txt
	contains ans.txt "cup.1 is a run of the duplicate set cup: every run is dealt the"
	[ "$(grep -c "is a run of the duplicate set cup" ans.txt)" -ge 3 ]
	lacks ans.txt "The public report of cup.1"
	lacks ans.txt "Turn 1"
	lacks ans.txt "no orders yet"
	lacks ans.txt "orders in"
	lacks ans.txt "$drawn"
	# LIST shows neither Bo's run nor its turn.
	sed -n '/LIST ALL/,$p' ans.txt >list.txt
	lacks list.txt "cup.1"
done
[ "$(q "select count(*) from observers")" -eq 0 ]
# Cy's own run is hers to see; LIST shows it to her.
send cy@example.org c1 "HISTORY cup.2" "STATUS cup.2" "LIST ALL"
reply c1 >own.txt
lacks own.txt "is a run of the duplicate set"
contains own.txt "cup.2: running"
contains own.txt "cup.2 (Matrix"
# Bo's own run is his.
send bo@example.org b2 "HISTORY cup.1 1"
reply b2 >bo.txt
contains bo.txt "The public report of cup.1, turn 1:"

# The set closes: the runs are everyone's to read.
expect_exit 0 $db campaign close cup --now 2025-03-03T12:00Z
now=2025-03-03T13:00Z
send cy@example.org c2 "HISTORY cup.1 1" "STATUS cup.1"
reply c2 >after.txt
lacks after.txt "is a run of the duplicate set"
contains after.txt "The public report of cup.1, turn 1:"
# The game master's shell lists a run's turns whatever the set's state.
expect_exit 0 $db turn list cup.2
contains out "Turn 0 (setup)"
