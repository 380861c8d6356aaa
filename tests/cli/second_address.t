# Mail from a second address (issue 19, item 10). Ann replies to her
# report from her work address (a real Apple Mail message, with her
# CODE): a short refusal to that address names the one on file, never the
# secret, and the game master is alerted. A stranger without a valid
# secret gets nothing (no backscatter). 'campaign set-email' moves Ann to
# the new address, password unchanged; 'mail inbox' tells each mail's fate.
. "$ROOT/tests/cli/lock.sh"
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
eml="$ROOT/tests/cli/data/inline/applemail-other-address.eml"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
fixed_key g
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
mx $db campaign set g gm_email gm@example.org >/dev/null
outbox() { sqlite3 t.db "select count(*) from outbox"; }
before=$(outbox)

# A stranger with a wrong code, and one with no secret at all: no answer, no alert.
sed -e 's/^From: .*/From: mallory@example.net\r/' -e 's/^CODE yv27g4gaqt/CODE abcdefghjk/' \
	-e 's/^Message-Id: <0F3B/Message-Id: <1F3B/' "$eml" >wrong.eml
expect_exit 0 $db receive --now 2025-03-01T13:30Z <wrong.eml
contains err "from unknown address 'mallory@example.net'; stored, not answered"
grep -v '^CODE ' wrong.eml | sed 's/^Message-Id: <1F3B/Message-Id: <2F3B/' >nosecret.eml
expect_exit 0 $db receive --now 2025-03-01T13:31Z <nosecret.eml
contains err "stored, not answered"
[ "$(outbox)" -eq "$before" ]
[ "$(sqlite3 t.db "select count(*) from auth_failures")" -eq 0 ]

# Ann from work, with the right CODE: refused, told the address on file.
expect_exit 0 $db receive --now 2025-03-01T13:32Z <"$eml"
contains err "from unknown address 'ann.duval@work.example' with a valid CODE for Minx in g; refusal queued, game master alerted"
[ "$(sqlite3 t.db "select count(*) from orders")" -eq 0 ]
sqlite3 t.db "select recipient || ' | ' || subject from outbox where kind = 'error-reply'" >to.txt
contains to.txt "ann.duval@work.example | Re: g: the battle begins; orders for turn 1"
sqlite3 t.db "select body from outbox where kind = 'error-reply'" >refusal.txt
golden second-address-refusal.txt refusal.txt
contains refusal.txt "ann@example.org"
lacks refusal.txt "yv27g4gaqt"
lacks refusal.txt "$pa"
sqlite3 t.db "select recipient || ' | ' || subject from outbox where kind = 'alert'" >alert.txt
contains alert.txt "gm@example.org | g: orders for Minx came from another address"
sqlite3 t.db "select body from outbox where kind = 'alert'" >alert.txt
golden second-address-alert.txt alert.txt
# The same mail again: answered once.
expect_exit 0 $db receive --now 2025-03-01T13:33Z <"$eml"
contains out "received before"
[ "$(outbox)" -eq "$((before + 2))" ]

# The game master moves Ann to her work address; her password still works.
expect_exit 65 $db campaign set-email g --ship Minx --email 'not an address'
expect_exit 65 $db campaign set-email g --ship Nosuch --email ann.duval@work.example
expect_exit 0 $db campaign set-email g --ship Minx --email ann.duval@work.example
contains out "Minx: captain Ann now sends and gets mail at ann.duval@work.example (was ann@example.org); the password is unchanged"
sed 's/^Message-Id: <0F3B/Message-Id: <3F3B/' "$eml" >again.eml
expect_exit 0 $db receive --now 2025-03-01T13:40Z <again.eml
contains out "orders sealed for Minx in g, turn 1"
[ "$(sqlite3 t.db "select recipient from outbox where kind = 'receipt'")" = "ann.duval@work.example" ]
printf 'GAME g\nSHIP Minx\nPASSWORD %s\n1-Land\n' "$pa" | mx $db orders submit --now 2025-03-01T13:45Z >/dev/null
# Bob's address on the other side too: allowed, with a warning.
expect_exit 0 $db campaign set-email g --ship Locust --email ann.duval@work.example
contains err "warning: ann.duval@work.example also commands Minx on the other side"
mx $db campaign set-email g --ship Locust --email bob@example.org >/dev/null 2>&1

# inbox NAME ARGS...: mxjudge ARGS, stdout then stderr and a non-zero exit, as golden NAME.
inbox() {
	name=$1; shift
	set +e; mx "$@" >out 2>err; rc=$?; set -e
	{ cat out err; [ "$rc" -eq 0 ] || echo "exit $rc"; } >inbox.txt
	golden "$name" inbox.txt
}
# The inbox: every mail and its fate; g's alone with NAME.
printf 'From: Carol <carol@example.com>\nSubject: hello\nMessage-ID: <c1@x>\n\nhi\n' |
	mx $db receive --now 2025-03-01T13:50Z >/dev/null 2>&1
inbox second-address-inbox.txt $db mail inbox
inbox second-address-inbox-g.txt $db mail inbox g
inbox second-address-inbox-g.json $db mail inbox g --json
python3 -c 'import json, sys; l = json.load(open("inbox.txt")); assert [m["status"] for m in l] == ["unknown-sender", "orders"]'
inbox second-address-inbox-nosuch.txt $db mail inbox nosuch
contains inbox.txt "exit 65"
