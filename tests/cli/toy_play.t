# A whole game of another ruleset through the judge (cmd/play.h): the
# test-only toy (tests/toy_ruleset.h: hidden hands dealt by a sealed
# shuffle, a d10 each turn), built into $MXJUDGE_TOY with one registration
# line. Seats join, the start commits the sealed root, orders come by
# file and by mail (CODE), process resolves, each seat's report shows its
# own hand only, the root is revealed at the end, verify replays it all.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mx $db campaign new d --game toy --seed 5 --deadline 24 >/dev/null
mx $db campaign set d bulletin_to list@example.org >/dev/null
pn=$(mx $db campaign join d --captain Ann --email ann@example.org --ship north1 --team North 2>/dev/null)
ps=$(mx $db campaign join d --captain Bob --email bob@example.org --ship south2 --team south 2>/dev/null)
expect_exit 2 $db campaign join d --captain Cy --email cy@example.org --ship west --team east
contains err "--team: expected north or south, got 'east'"
expect_exit 65 $db campaign join d --captain Cy --email cy@example.org --ship west --team north
contains err "campaign 'd' is full: toy takes at most 2 seats"
expect_exit 65 $db campaign join d --captain Cy --email cy@example.org --ship North1 --team north
contains err "campaign 'd' already has a seat named 'North1'"
[ "$(q "select side from seats where name = 'north1'")" = north ]

# The start deals from the sealed stream and commits to its root.
expect_exit 0 $db campaign start d --now 2025-03-01T12:00Z
contains out "campaign d started (toy); orders for turn 1 are due by 2025-03-02 12:00 UTC"
root=$(q "select root from sealed_roots")
commit=$(sed -n 's/^sealed draws come from a root committed as //p' out)
[ "$(printf 'mxjudge:d:root:%s' "$root" | sha256sum | cut -d' ' -f1)" = "$commit" ]
[ "$(q "select stream || ' ' || substr(line, 1, 12) from draws")" = "sealed shuffle deck" ]
# Each seat is told its own hand, never the other's, nor the deck.
north_hand=$(q "select json_extract(state_after, '\$.private.north1.hand') from turns where number = 0")
south_hand=$(q "select json_extract(state_after, '\$.private.south2.hand') from turns where number = 0")
expect_exit 0 $db campaign outbox d --full
mv out setup.txt
[ "$(grep -c '"hand": \[' setup.txt)" -eq 2 ]
# The public bulletin goes to the campaign's list too, with nobody's hand.
[ "$(q "select count(*) from outbox where kind = 'bulletin' and recipient = 'list@example.org'")" -eq 1 ]
q "select body from outbox where kind = 'bulletin'" >bulletin.txt
lacks bulletin.txt '"hand"'
contains bulletin.txt "the public"
awk '/^To: ann/,/^To: bob/' setup.txt >ann.txt
contains ann.txt '"north1": {'
lacks ann.txt '"south2": {'
lacks ann.txt '"deck"'
contains ann.txt "The sealed draws come from a root sealed as"
contains ann.txt "$commit"
lacks setup.txt "$root"
expect_exit 0 $db report d --json
python3 - <<'PY'
import json
m = json.load(open("out"))
assert m["seat"] == "the public" and "hand" not in m["view"], m["view"]
PY

# Orders: by file with the password; by mail with the report's CODE; the
# game's own reading refuses a card not in the hand, naming the line.
card=$(printf '%s' "$north_hand" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0])')
printf 'GAME d\nSEAT north1\nPASSWORD %s\nTURN 1\nPLAY C99\nEND\n' "$pn" >bad.txt
expect_exit 65 $db orders submit bad.txt --now 2025-03-01T13:00Z
contains err "bad.txt:5: expected 'PLAY CARD' with a card of north1's hand"
printf 'GAME d\nSEAT north1\nPASSWORD %s\nTURN 1\nPLAY %s\nEND\n' "$pn" "$card" >o.txt
expect_exit 0 $db orders submit o.txt --now 2025-03-01T13:00Z
contains out "Orders received for north1 in d (Toy: a two-seat hidden-hand test game), turn 1."
contains out "SEAT north1"
[ "$(q "select reading from orders")" = "{\"north1\":\"$card\"}" ]
# Ann's password for Bob's seat: the same answer as in Hovercrafts (one sender check).
printf 'GAME d\nSEAT south2\nPASSWORD %s\nPLAY C1\n' "$pn" >wrong.txt
expect_exit 65 $db orders submit wrong.txt --now 2025-03-01T13:00Z
contains err "wrong.txt:2: south2 is commanded by another captain; send orders only for your own ships"
printf 'GAME d\nSEAT south2\nPASSWORD nobodys\nPLAY C1\n' >wrong.txt
expect_exit 65 $db orders submit wrong.txt --now 2025-03-01T13:00Z
contains err "wrong password for south2"
code=$(awk '/^To: bob/,0' setup.txt | sed -n 's/^CODE //p' | head -1)
scard=$(printf '%s' "$south_hand" | python3 -c 'import json,sys; print(json.load(sys.stdin)[1])')
printf 'From: bob@example.org\nTo: judge@example.org\nSubject: Re: d\nMessage-ID: <b1@example.org>\n\nGAME d\nSEAT south2\nCODE %s\nPLAY %s\nEND\n' "$code" "$scard" >mail.txt
expect_exit 0 $db receive --now 2025-03-01T14:00Z <mail.txt
[ "$(q "select count(*) from orders where current = 1")" -eq 2 ]
# The same mail again seals nothing twice.
expect_exit 0 $db receive --now 2025-03-01T14:05Z <mail.txt
[ "$(q "select count(*) from orders")" -eq 2 ]
# A mail written later replaces those orders, and says so; one written
# before the orders that stand (delivered late) is refused, as in Hovercrafts.
printf 'From: bob@example.org\nTo: judge@example.org\nSubject: Re: d\nDate: Sat, 01 Mar 2025 14:10:00 +0000\nMessage-ID: <b2@example.org>\n\nGAME d\nSEAT south2\nPASSWORD %s\nPLAY %s\nEND\n' "$ps" "$scard" >later.txt
expect_exit 0 $db receive --now 2025-03-01T14:20Z <later.txt
[ "$(q "select count(*) from orders where current = 1")" -eq 2 ]
[ "$(q "select count(*) from orders")" -eq 3 ]
expect_exit 0 $db campaign outbox d --full
contains out "Orders received for south2 in d (Toy: a two-seat hidden-hand test game), turn 1; they replace the ones sent before."
printf 'From: bob@example.org\nTo: judge@example.org\nSubject: Re: d\nDate: Sat, 01 Mar 2025 13:55:00 +0000\nMessage-ID: <b3@example.org>\n\nGAME d\nSEAT south2\nPASSWORD %s\nPLAY %s\nEND\n' "$ps" "$scard" >older.txt
expect_exit 0 $db receive --now 2025-03-01T14:30Z <older.txt
[ "$(q "select count(*) from orders")" -eq 3 ]
expect_exit 0 $db campaign outbox d --full
contains out "this mail was written at 2025-03-01T13:55:00Z, before the orders for south2 that stand (written at 2025-03-01T14:10:00Z); they stay"

# Every game's orders take the one submission path (cmd/submit.c): the
# same checks, in the same order and words, as Hovercrafts'.
printf 'GAME d\nSEAT west\nPASSWORD %s\nPLAY C1\n' "$pn" >w.txt
expect_exit 65 $db orders check w.txt --now 2025-03-01T14:40Z
contains err "w.txt:2: campaign 'd' has no seat named 'west'"
printf 'GAME d\nSEAT north1\nPASSWORD %s\nTURN 2\nPLAY C1\n' "$pn" >w.txt
expect_exit 65 $db orders check w.txt --now 2025-03-01T14:40Z
contains err "w.txt: these orders are for turn 2, but that turn has not begun; turn 1 is open"
printf 'GAME d\nPASSWORD %s\nEND\n' "$pn" >w.txt
expect_exit 65 $db orders check w.txt --now 2025-03-01T14:40Z
contains err "w.txt: expected a line 'SEAT <name>' followed by its orders"
printf 'GAME nosuch\nSEAT north1\nPASSWORD %s\n' "$pn" >w.txt
expect_exit 65 $db orders check w.txt --now 2025-03-01T14:40Z
contains err "w.txt:1: no campaign named 'nosuch' (expected the name from your report's GAME line)"
# A mail without its secret while orders stand: the reply says they stand.
printf 'From: bob@example.org\nTo: judge@example.org\nSubject: Re: d\nMessage-ID: <b4@example.org>\n\nGAME d\nSEAT south2\nPLAY %s\nEND\n' "$scard" >nosecret.txt
expect_exit 0 $db receive --now 2025-03-01T14:40Z <nosecret.txt
sqlite3 t.db "select body from outbox where kind = 'error-reply' order by id desc limit 1" >reply.txt
contains reply.txt "expected a line 'PASSWORD <your password>' (or the CODE line of your latest report)"
contains reply.txt "Nothing was stored; your earlier orders still stand."
# The receipt is keyed by the mail, the digest taken of the text as stored (secrets redacted).
[ "$(q "select count(*) from outbox where kind = 'receipt' and key = 'receipt/mail/' || (select id from mail_in where message_id like '%b2@example.org%')")" -eq 1 ]
PN="$pn" python3 - <<'PY'
import hashlib, os, sqlite3
rows = sqlite3.connect("t.db").execute("select raw, digest from orders").fetchall()
assert len(rows) == 3 and all(os.environ["PN"] not in r for r, d in rows), rows
assert all(hashlib.sha256(r.encode()).hexdigest() == d for r, d in rows), rows
PY

# Turns resolve at the deadline; a silent seat plays its lowest card.
expect_exit 0 $db process --now 2025-03-02T13:00Z
contains out "d: turn 1 resolved; turn 2 due by 2025-03-03 12:00 UTC"
# The game's rules version is stored with the turn played and the next one.
[ "$(q "select group_concat(number || ':' || rules_version) from turns")" = "0:2,1:2,2:2" ]
[ "$(q "select count(*) from draws d join turns t on t.id = d.turn_id where t.number = 1 and stream = 'open'")" -eq 2 ]
# A draw event only its drawer may see is stored as such.
[ "$(q "select count(*) from events e join turns t on t.id = e.turn_id where t.number = 1 and visible_to = '[\"north1\"]'")" -eq 1 ]
expect_exit 0 $db report d --ship north1
contains out "north1 plays $card and rolls"
lacks out '"south2": {'
# While the game runs, its published turn verifies in part: the seed
# against its seal, the open draws against that seed; not the hands.
expect_exit 0 $db turn show d --turn 1 --json
mv out run1.json
expect_exit 0 verify --published run1.json
contains out "d, turn 1: partly verified: the seed $(q "select seed from turns where number = 1") matches its seal, and 2 open draws of 2 replayed from it"
python3 - <<'PY'
import json
t = json.load(open("run1.json"))
assert t["sealed"]["root"] is None and not t["over"]
line = t["draws"][0]["draw"].split()
t["draws"][0]["draw"] = " ".join(line[:-1] + [str(int(line[-1]) % 10 + 1)])
json.dump(t, open("run1-bad.json", "w"))
PY
expect_exit 1 verify --published run1-bad.json
contains out "d, turn 1: DIFFERS: draw 1: published '"
# --json says the same for every game: partly verified, or what differs.
expect_exit 0 verify --published run1.json --json
python3 -c 'import json; v = json.load(open("out")); assert v["ok"] and v["partly"] and v["dice"] == 2 and v["difference"] is None, v'
expect_exit 1 verify --published run1-bad.json --json
python3 -c 'import json; v = json.load(open("out")); assert not v["ok"] and v["difference"].startswith("draw 1: published"), v'
expect_exit 0 $db process --now 2025-03-03T13:00Z
# Several turns of the running game verify as one, in their open part.
expect_exit 0 $db turn show d --turn 2 --json
mv out run2.json
expect_exit 0 verify --published run1.json run2.json
contains out "d, turns 1-2: partly verified as one game: 2 turns replayed (2 only in their open draws until the root is revealed), each from the one before, all from the root committed as $(q "select commitment from sealed_roots")"
expect_exit 0 $db process --now 2025-03-04T13:00Z
contains out "d: turn 3 resolved; the game is over: "
[ "$(q "select status from campaigns")" = finished ]
printf 'GAME d\nSEAT north1\nPASSWORD %s\nPLAY C1\n' "$pn" >w.txt
expect_exit 65 $db orders check w.txt --now 2025-03-04T14:00Z
contains err "w.txt:1: campaign 'd' is over; turn 3, its last, is already resolved"
# Over: the root is published, every turn replays from its seed and the root.
[ -n "$(q "select revealed_at from sealed_roots")" ]
expect_exit 0 $db report d --ship south2
contains out "THE GAME IS OVER"
contains out "$root"
expect_exit 0 $db replay d
[ "$(grep -c ': verified: ' out)" -eq 4 ]
contains out "d, turn 0: verified: 1 draw replayed from seed"
contains out "d: every resolved turn replays exactly"
# replay and verify print the same verdicts as Hovercrafts': --json, --commitment.
expect_exit 0 $db replay d --json
python3 - <<'PY'
import json
r = json.load(open("out"))
assert r["campaign"] == "d" and r["ok"] is True, r
assert [t["turn"] for t in r["turns"]] == [0, 1, 2, 3], r
assert r["turns"][1]["dice"] == 2 and r["turns"][1]["difference"] is None, r
PY
seal1=$(q "select seed from turns where number = 1")
commit1=$(printf 'mxjudge:d:turn:1:seed:%s' "$seal1" | sha256sum | cut -d' ' -f1)
expect_exit 0 $db verify d --turn 1 --commitment "$commit1" --json
python3 -c 'import json; v = json.load(open("out")); assert v["ok"] and v["commitment_checked"] and v["commitment"] == "'"$commit1"'", v'
expect_exit 1 $db verify d --turn 1 --commitment 0000000000000000000000000000000000000000000000000000000000000000
contains out "d, turn 1: DIFFERS: the seed $seal1 does not match the commitment 0000"
# Anyone can replay a finished game's turn from what it publishes: whole
# states, the orders read, every draw, the root and its commitment.
expect_exit 0 $db turn show d --turn 1 --json
mv out pub.json
python3 -c 'import json; t=json.load(open("pub.json")); assert t["state_before"]["private"] and t["sealed"]["root"]'
expect_exit 0 verify --published pub.json
contains out "d, turn 1: verified: 2 draws replayed from seed"
expect_exit 0 verify --published pub.json --json
python3 -c 'import json; v = json.load(open("out")); assert v["ok"] and "partly" not in v and v["dice"] == 2 and v["turn"] == 1, v'
python3 - <<'PY'
import json
t = json.load(open("pub.json"))
t["draws"][1]["draw"] = "d10 south2 11"
json.dump(t, open("bad.json", "w"))
t = json.load(open("pub.json"))
t["sealed"]["root"] = "0" * 64
json.dump(t, open("badroot.json", "w"))
PY
expect_exit 1 verify --published bad.json
contains out "DIFFERS: draw 2: published 'd10 south2 11'"
expect_exit 1 verify --published badroot.json
contains out "DIFFERS: the root does not match its commitment"
# The whole game as one: turns 1 to 3, each from the state the one before
# ended in, all from the one root; a missing turn is a gap.
for t in 2 3; do mx $db turn show d --turn $t --json >pub$t.json; done
expect_exit 0 verify --published pub.json pub2.json pub3.json --commitment "$(q "select commitment from sealed_roots")"
contains out "d, turns 1-3: verified as one game: 3 turns replayed, each from the one before, all from the root committed as"
expect_exit 1 verify --published pub.json pub3.json
contains out "d, turn 2: DIFFERS: a gap: no file gives turn 2 (the files jump from turn 1 to turn 3)"
# A running game's turn does not chain to the finished game's whole states.
expect_exit 1 verify --published run1.json pub2.json
contains out "d, turn 2: DIFFERS: a broken chain"
# A draw changed in the database is found.
q "update draws set line = 'd10 north1 1' where seq = 1 and turn_id = (select id from turns where number = 2)"
expect_exit 1 $db verify d --turn 2
contains out "d, turn 2: DIFFERS: campaign 'd', turn 2: draw 1: stored 'd10 north1 1', replayed 'd10 north1"

# Reminders speak the game's words: its seat word and order form.
mx $db campaign new r --game toy --seed 6 --deadline 24 >/dev/null
mx $db campaign join r --captain Ann --email ann@example.org --ship n1 --team north >/dev/null 2>&1
pr=$(mx $db campaign join r --captain Bob --email bob@example.org --ship s2 --team south 2>/dev/null)
mx $db campaign start r --now 2025-04-01T12:00Z >/dev/null
hand=$(q "select json_extract(state_before, '\$.private.s2.hand[0]') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'r' and number = 1")
printf 'GAME r\nSEAT s2\nPASSWORD %s\nPLAY %s\n' "$pr" "$hand" >r.txt
mx $db orders submit r.txt --now 2025-04-01T13:00Z >/dev/null
expect_exit 0 $db mail remind --before 12 --now 2025-04-02T06:00Z
contains out "mail: 1 reminder queued"
expect_exit 0 $db campaign outbox r --full
contains out "Subject: r: no orders yet for n1, turn 1"
contains out "SEAT n1"
contains out "PLAY "
lacks out "no orders yet for s2"
# Turn show: the public part only; hands and orders' text stay hidden while the game runs.
expect_exit 0 $db turn show r --turn 1 --json
python3 - <<'PY'
import json
t = json.load(open("out"))
assert t["state_before"]["private"] == {} and "secret" not in t["state_before"], t["state_before"]
assert [o.get("understood") for o in t["orders"]] == [None], t["orders"]
# The digest too: a short order is guessed from it offline (issue 28).
assert t["orders"][0]["digest"] is None and t["seed"] is None, t["orders"]
PY
expect_exit 65 $db campaign standings r
contains err "campaign 'r' plays toy, a game without matches in series: it has no standings"
# A refused mail is answered in the game's words, not Hovercrafts'.
printf 'From: bob@example.org\nTo: judge@example.org\nSubject: Re: r\nMessage-ID: <b9@example.org>\n\nGAME r\nSEAT s2\nPASSWORD %s\nPLAY C77\nEND\n' "$pr" >bad-mail.txt
expect_exit 0 $db receive --now 2025-04-01T15:00Z <bad-mail.txt
expect_exit 0 $db campaign outbox r --full
contains out "Your orders for s2 in r were NOT accepted."
contains out "Orders: PLAY CARD (a card of your hand, such as PLAY C7)"
lacks out "MOVE (M"
# ... with the block of the seat's open turn to fill in, as its report has it.
awk '/error-reply\/mail/,0' out >reply.txt
contains reply.txt "fill in the block below and reply."
[ "$(sed -n '/^GAME r$/,/^END$/p' reply.txt | sed 's/^CODE .*/CODE x/')" = "$(printf 'GAME r\nSEAT s2\nCODE x\nTURN 1\nPLAY \nEND')" ]
lacks reply.txt "SHIP"
# Only a Hovercrafts turn can be undone: this game's players saw its draws.
expect_exit 65 $db campaign undo r --now 2025-04-01T15:02Z
contains err "campaign 'r' plays toy: only a Hovercrafts turn can be undone (another game's draws were seen by its players)"
# A mail without orders gets the help, in the game's words too.
printf 'From: bob@example.org\nTo: judge@example.org\nSubject: hello\nMessage-ID: <b10@example.org>\n\nWhat do I do now?\n' >help-mail.txt
expect_exit 0 $db receive --now 2025-04-01T15:05Z <help-mail.txt
expect_exit 0 $db campaign outbox r --full
awk '/help\/mail/,0' out >help.txt
contains help.txt "Hello Bob,"
contains help.txt "SEAT s2"
contains help.txt "Keep the GAME, SEAT, CODE and TURN lines as the report wrote them,"
contains help.txt "Orders: PLAY CARD (a card of your hand, such as PLAY C7)"
lacks help.txt "1-Move"
lacks help.txt "SHIP"
# The game master may publish the sealed root before the end.
rroot=$(q "select root from sealed_roots r join campaigns c on c.id = r.campaign_id where c.name = 'r'")
[ -z "$(q "select revealed_at from sealed_roots r join campaigns c on c.id = r.campaign_id where c.name = 'r'")" ]
expect_exit 0 $db campaign reveal r
contains out "r: sealed root $rroot"
[ -n "$(q "select revealed_at from sealed_roots r join campaigns c on c.id = r.campaign_id where c.name = 'r'")" ]
# Before the start there is none yet; Hovercrafts, whose dice all come
# from the turns' seeds (RULESET_NO_ROOT), never has one.
mx $db campaign new unstarted --game toy --seed 5 --deadline 24 >/dev/null
expect_exit 65 $db campaign reveal unstarted
contains err "campaign 'unstarted' has no sealed draws yet (they begin with 'campaign start')"
mx $db campaign new hc --seed 5 --deadline 24 >/dev/null
expect_exit 65 $db campaign reveal hc
contains err "campaign 'hc' has no sealed draws"
lacks err "yet"

# A seat the game master removes before the start is no seat of the game:
# it frees its place, the start deals without it, and it gets no report.
mx $db campaign new e --game toy --seed 5 --deadline 24 >/dev/null
mx $db campaign join e --captain Ann --email ann@example.org --ship n1 --team north >/dev/null 2>&1
mx $db campaign join e --captain Dee --email dee@example.org --ship s1 --team south >/dev/null 2>&1
expect_exit 0 $db campaign remove-ship e --ship s1
expect_exit 0 $db campaign join e --captain Cy --email cy@example.org --ship s2 --team south
expect_exit 0 $db campaign start e --now 2025-03-01T12:00Z
[ "$(q "select json_extract(state_after, '\$.seats') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'e' and number = 0")" = '["n1","s2"]' ]
[ "$(q "select count(*) from outbox where recipient = 'dee@example.org'")" -eq 0 ]
