# The solo netrun through the judge (core/netrun, mxjudge-netrun(7)) with no
# edit of its own in cmd/ or db/: a run by mail that waits for the runner's
# NONCE, resolves each mail when it comes, reports the grid, refuses a mail
# it cannot read (naming the line) and stops at an illegal step (earlier
# steps stand); a duplicate set deals every run the same, and the dice of a
# queue do not depend on how the steps are split into mails.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mail() {	# mail FROM ID LINES...
	from=$1 id=$2
	shift 2
	printf 'From: %s\nTo: judge@example.org\nSubject: Re: run\nMessage-ID: <%s@example.org>\n\n' "$from" "$id"
	printf '%s\n' "$@"
}
code() { q "select body from outbox where recipient = '$1' and kind = 'report' order by id desc limit 1" | sed -n 's/^CODE //p'; }

mx $db campaign new run1 --game netrun --seed 7 >/dev/null
mx $db campaign join run1 --captain Ann --email ann@example.org --ship ann >/dev/null 2>&1
expect_exit 0 $db campaign start run1 --now 2025-03-01T12:00Z
commit=$(sed -n 's/^sealed draws come from a root committed as //p' out)
# The first report: the seal, nothing dealt, the NONCE line to fill in.
q "select body from outbox where kind = 'report'" >r0.txt
contains r0.txt "Seal: $commit"
contains r0.txt "Data stack: not dealt yet (the first mail begins with NONCE WORD)"
contains r0.txt "NONCE "
[ "$(q "select json_extract(state_after, '\$.status') from turns where number = 0")" = setup ]

# A line the judge cannot read refuses the whole mail, naming it.
mail ann@example.org a1 "GAME run1" "RUNNER ann" "CODE $(code ann@example.org)" "NONCE lucky-7" \
	"RUN black 0,0" "WALK green 1,0" END >a1.eml
expect_exit 0 $db receive --now 2025-03-01T12:30Z <a1.eml
contains out "error-reply queued"
[ "$(q "select count(*) from turns where resolved_at is not null and number = 1")" -eq 0 ]
[ "$(q "select body from outbox where kind = 'error-reply'" | grep -c "WALK green 1,0")" -ge 1 ]

# The mail with the nonce: dealt from the sealed root and the word, played at once.
mail ann@example.org a2 "GAME run1" "RUNNER ann" "CODE $(code ann@example.org)" "NONCE lucky-7" \
	"RUN black 0,0" "RUN green 1,0" END >a2.eml
expect_exit 0 $db receive --now 2025-03-01T13:00Z <a2.eml
[ "$(q "select resolved_at from turns where number = 1")" = 2025-03-01T13:00:00Z ]
q "select body from outbox where kind = 'report' order by id desc limit 1" >r1.txt
contains r1.txt 'Matrix run "run1", 2 steps played'
contains r1.txt " y\\x -1   0    1    2"
contains r1.txt "Nonce: lucky-7"
contains r1.txt "The judge deals the data stack: 24 tiles face down."
contains r1.txt "The black breaker challenges"
lacks r1.txt '"stack"'
# The mail gets one answer, its report, in reply to it (no receipt before it).
[ "$(q "select count(*) from outbox where in_reply_to = 'a2@example.org'")" -eq 1 ]
[ "$(q "select kind || ' ' || key from outbox where in_reply_to = 'a2@example.org'")" = "report receipt/mail/$(q "select id from mail_in where message_id = 'a2@example.org'")" ]
[ "$(q "select count(*) from outbox where kind = 'receipt'")" -eq 0 ]
# The same mail delivered again plays nothing twice and is not answered again.
expect_exit 0 $db receive --now 2025-03-01T13:05Z <a2.eml
[ "$(q "select count(*) from turns where resolved_at is not null")" -eq 2 ]
[ "$(q "select count(*) from outbox where in_reply_to = 'a2@example.org'")" -eq 1 ]
# The stack's order is never shown, the root not before the end.
root=$(q "select root from sealed_roots")
lacks r1.txt "$root"
# An illegal step stops the mail there; the steps before it stand.
mail ann@example.org a3 "GAME run1" "RUNNER ann" "CODE $(code ann@example.org)" \
	"RUN blue 5,5" "RUN black 7,7" "RUN red 0,1" END >a3.eml
expect_exit 0 $db receive --now 2025-03-01T14:00Z <a3.eml
[ "$(q "select json_extract(state_after, '\$.steps') from turns where number = 2")" -eq 3 ]
q "select body from outbox where kind = 'report' order by id desc limit 1" >r2.txt
contains r2.txt 'Matrix run "run1", 3 steps played'
contains r2.txt "7,7"
expect_exit 0 $db verify run1 --turn 1
contains out "run1, turn 1: verified"
expect_exit 0 $db verify run1 --turn 2

# Duplicate: one deal for every run, and a queue's dice whatever the split.
mx $db campaign new cup --game netrun --duplicate --seed 9 >/dev/null
expect_exit 2 $db campaign new cup2 --game netrun --duplicate --set nonce=true
contains err "--set nonce: a duplicate set deals every run the same"
mx $db campaign join cup --captain Bo --email bo@example.org --ship bo >/dev/null 2>&1
mx $db campaign join cup --captain Cy --email cy@example.org --ship cy >/dev/null 2>&1
mx $db campaign start cup --now 2025-03-02T12:00Z >/dev/null
[ "$(q "select count(distinct json_extract(state_after, '\$.stack')) from turns t join campaigns c on c.id = t.campaign_id where c.name like 'cup.%' and t.number = 0")" -eq 1 ]
mail bo@example.org b1 "GAME cup.1" "RUNNER bo" "CODE $(code bo@example.org)" \
	"RUN black 0,0" "RUN green 1,0" "RUN red 0,1" END >b1.eml
expect_exit 0 $db receive --now 2025-03-02T13:00Z <b1.eml
n=1
for step in "RUN black 0,0" "RUN green 1,0" "RUN red 0,1"; do
	mail cy@example.org c$n "GAME cup.2" "RUNNER cy" "CODE $(code cy@example.org)" "$step" END >c$n.eml
	expect_exit 0 $db receive --now 2025-03-02T13:0${n}Z <c$n.eml
	n=$((n + 1))
done
state() { q "select json_remove(state_after, '\$.runner', '\$.run') from turns t join campaigns c on c.id = t.campaign_id where c.name = '$1' and t.state_after is not null order by t.number desc limit 1"; }
[ "$(state cup.1)" = "$(state cup.2)" ]
[ "$(q "select json_extract(state_after, '\$.steps') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'cup.2' and t.state_after is not null order by t.number desc limit 1")" -eq 3 ]
# The set closes: ranked, the root revealed, every run verifies from it.
expect_exit 0 $db campaign close cup --now 2025-03-03T12:00Z
contains out "duplicate set cup closed: 2 runs ranked by matchpoints"
contains out "check: printf 'mxjudge:piecepack:cup:root:"
expect_exit 0 $db turn show cup.2 --turn 3 --json
mv out pub.json
expect_exit 0 verify --published pub.json
contains out "which matches its commitment"

# adjudicate with "root HEX" instead of tagged draws: the rulings' 11.4
# example (root SHA-256 of "piecepack example root", nonce lucky-7).
printf '{"game": "netrun", "run": "demo", "options": {"nonce": true, "breakers": {"black": "roll", "green": "roll", "red": "roll", "blue": "roll"}}, "status": "setup"}\n' >s.json
printf 'NONCE lucky-7\n' >n.txt
printf '# rulings 11.4\nroot %s\n' "$(printf 'piecepack example root' | sha256sum | cut -d' ' -f1)" >root.txt
expect_exit 0 adjudicate --state s.json --orders n.txt --dice root.txt --json
python3 - <<'PY'
import json
d = json.load(open("out"))
assert " ".join(d["stack"]) == "B2 BA B4 R2 B5 RA R5 R3 R4 G2 G4 U4 U3 B3 G5 RN U5 UN GA GN BN UA U2 G3", d["stack"]
assert [d["breakers"][c]["kind"] for c in ("black", "green", "red", "blue")] == ["wintermute-compiler", "finn-construct", "stealth-blade", "babylon-q"]
PY
printf 'root 12\n' >badroot.txt
expect_exit 65 adjudicate --state s.json --orders n.txt --dice badroot.txt
contains err "badroot.txt:1: expected 'root' and 64 hexadecimal digits"
