# The card duel through the judge (core/duel, mxjudge-duel(7)) with no edit
# of its own in cmd/ or db/: two sides join (seats not called after their
# sides), the start shuffles from the sealed stream, orders come by mail
# (CODE) and by file (PASSWORD), process resolves, and no report, receipt,
# report --json or turn show of one side (nor the public's) holds a card id
# of the other side's hand or deck, nor the other side's orders; a silent
# side plays empty orders; at the end everything is published and verifies.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
# The ids in SIDE's hand and deck after turn N, but those the rulings make
# public (15.2): a mission card run (a failed one stays in the hand) and a
# RECALLed character.
secret_ids() {
	q "select group_concat(json_extract(e.json, '\$.card'), ' ') from events e join turns t on t.id = e.turn_id where t.number <= $2 and e.type in ('mission', 'recall') and e.visible_to is null" >public.txt
	q "select json_extract(state_after, '\$.$1.hand') || json_extract(state_after, '\$.$1.deck') from turns where number = $2" |
		python3 -c 'import re,sys; pub = set(open("public.txt").read().split()); print(" ".join(i for i in re.findall(r"[HM][0-9]+", sys.stdin.read()) if i not in pub))'
}
# no_ids FILE ID...: FILE holds none of the ids (as whole words).
no_ids() {
	f=$1
	shift
	[ $# -gt 0 ] || { echo "no ids to look for"; return 1; }
	for id in "$@"; do
		if grep -qw -- "$id" "$f"; then echo "$f holds $id"; grep -nw -- "$id" "$f" | head -3; return 1; fi
	done
}
last_body() { q "select body from outbox where recipient = '$1' and kind = '$2' order by id desc limit 1"; }

mx $db campaign new z --game duel --seed 5 --deadline 24 >/dev/null
ph=$(mx $db campaign join z --captain Ann --email ann@example.org --ship zion --team humans 2>/dev/null)
pm=$(mx $db campaign join z --captain Bob --email bob@example.org --ship smith --team machines 2>/dev/null)
expect_exit 65 $db campaign join z --captain Cy --email cy@example.org --ship cy --team humans
[ "$(q "select count(*) from seats")" -eq 2 ]

# The start: the setup's two shuffles come from the sealed stream.
expect_exit 0 $db campaign start z --now 2025-03-01T12:00Z
[ "$(q "select group_concat(stream || ' ' || substr(line, 1, 16), ', ') from draws")" = \
  "sealed/cards shuffle humans H, sealed/cards shuffle machines" ]
[ "$(q "select json_extract(state_after, '\$.seats.humans') from turns where number = 0")" = zion ]
[ "$(q "select json_array_length(json_extract(state_after, '\$.humans.hand')) from turns where number = 0")" -eq 8 ]
hh0=$(secret_ids humans 0)
mm0=$(secret_ids machines 0)
last_body ann@example.org report >ann0.txt
last_body bob@example.org report >bob0.txt
# Each side sees its own hand and its deck's contents, only counts of the other's.
contains ann0.txt "$(q "select json_extract(state_after, '\$.humans.hand[0]') from turns where number = 0")"
contains ann0.txt "Hand (8, in hand order): "
contains ann0.txt "Deck (23, sorted by id, never its order): "
contains ann0.txt "Hand: 8 cards. Deck: 21 cards."
contains ann0.txt "SIDE zion"
lacks ann0.txt "top first"
# shellcheck disable=SC2086
no_ids ann0.txt $mm0
# shellcheck disable=SC2086
no_ids bob0.txt $hh0
expect_exit 0 $db report z --json
# shellcheck disable=SC2086
no_ids out $hh0 $mm0
expect_exit 0 $db report z --ship smith --json
mv out smith.json
# shellcheck disable=SC2086
no_ids smith.json $hh0
python3 - <<'PY'
import json
m = json.load(open("smith.json"))
v = m["view"] if isinstance(m["view"], dict) else json.loads(m["view"])
assert "hand" not in v["humans"] and v["humans"]["hand_count"] == 8, v["humans"]
assert len(v["machines"]["hand"]) == 8 and "deck" not in v["machines"], v["machines"]
PY
expect_exit 0 $db turn show z --turn 0 --json
# shellcheck disable=SC2086
no_ids out $hh0 $mm0

# Orders: the Humans by mail with the report's CODE, the Machines by file.
code=$(sed -n 's/^CODE //p' ann0.txt | head -1)
printf 'From: ann@example.org\nTo: judge@example.org\nSubject: Re: z\nMessage-ID: <a1@example.org>\n\nGAME z\nSIDE zion\nCODE %s\nTURN 1\n# one order a line (mxjudge-duel(7))\nDRAW\nDEPLOY ALL\n  # DISCARD card, ...\nPLUG Morpheus\nMISSION BASIC\nEND\n' "$code" >a1.eml
expect_exit 0 $db receive --now 2025-03-01T13:00Z <a1.eml
last_body ann@example.org receipt >ann-receipt.txt || true
# shellcheck disable=SC2086
no_ids ann-receipt.txt $mm0
# The opponent never sees them, not even once the turn is resolved.
contains ann-receipt.txt "These orders are sealed: the other seats never see them while the game runs;"
# The receipt gives the orders back without the form's comment lines.
[ "$(sed -n '/^SIDE zion$/,/^$/p' ann-receipt.txt | tr '\n' '|')" = "SIDE zion|DRAW|DEPLOY ALL|PLUG Morpheus|MISSION BASIC||" ]
lacks ann-receipt.txt "# one order a line"
lacks ann-receipt.txt "DISCARD card"
lacks ann-receipt.txt "nobody sees them before the turn is resolved"
# Orders for the other side (with her own CODE, or none) tell nothing of
# that side's orders on file: the replies are the same before and after
# the Machines' orders are in.
other_side() {
	printf 'From: ann@example.org\nTo: judge@example.org\nSubject: Re: z\nMessage-ID: <%s@example.org>\n\nGAME z\nSIDE smith\n%sTURN 1\nDRAW\nEND\n' "$1" "$2" >"$1.eml"
	expect_exit 0 $db receive --now "$3" <"$1.eml"
	last_body ann@example.org error-reply >"$1.txt"
	contains "$1.txt" "Nothing was stored."
	lacks "$1.txt" "orders are on file"
	lacks "$1.txt" "earlier orders"
}
other_side x1 "CODE $code\n" 2025-03-01T13:05Z
other_side x2 "" 2025-03-01T13:06Z
# A line the rules refuse is answered with the line.
printf 'GAME z\nSIDE smith\nPASSWORD %s\nTURN 1\nPLUG Agent Smith\nEND\n' "$pm" >bad.txt
expect_exit 65 $db orders submit bad.txt --now 2025-03-01T13:10Z
contains err "bad.txt:5: PLUG is for the Humans only"
printf 'GAME z\nSIDE smith\nPASSWORD %s\nTURN 1\nDRAW\nDEPLOY ALL\nDEPLOY Agent Brown\nEND\n' "$pm" >m1.txt
expect_exit 0 $db orders submit m1.txt --now 2025-03-01T13:20Z
other_side x3 "CODE $code\n" 2025-03-01T13:25Z
other_side x4 "" 2025-03-01T13:26Z
cmp x1.txt x3.txt
cmp x2.txt x4.txt
# Her own side's orders refused by the rules: the reply says hers stand.
printf 'From: ann@example.org\nTo: judge@example.org\nSubject: Re: z\nMessage-ID: <x5@example.org>\n\nGAME z\nSIDE zion\nCODE %s\nTURN 1\nJUMP\nEND\n' "$code" >x5.eml
expect_exit 0 $db receive --now 2025-03-01T13:27Z <x5.eml
last_body ann@example.org error-reply >x5.txt
contains x5.txt "Nothing was stored; your earlier orders still stand."
# shellcheck disable=SC2086
no_ids out $hh0
[ "$(q "select count(*) from orders where current = 1")" -eq 2 ]
expect_exit 0 $db process --now 2025-03-02T13:00Z
contains out "z: turn 1 resolved"
[ "$(q "select json_extract(state_after, '\$.time') from turns where number = 1")" -eq 1 ]
[ "$(q "select count(*) from events e join turns t on t.id = e.turn_id where t.number = 1 and e.json = '{\"type\":\"plug\",\"card\":\"H01\"}'")" -eq 1 ]
# The cards a side drew are an event for that side only.
[ "$(q "select visible_to from events e join turns t on t.id = e.turn_id where t.number = 1 and e.type = 'drawn' order by seq limit 1")" = '["zion"]' ]
hh1=$(secret_ids humans 1)
mm1=$(secret_ids machines 1)
last_body ann@example.org report >ann1.txt
last_body bob@example.org report >bob1.txt
# shellcheck disable=SC2086
no_ids ann1.txt $mm1
# shellcheck disable=SC2086
no_ids bob1.txt $hh1
# The opponent's orders are never shown, not even after the turn.
lacks bob1.txt "PLUG Morpheus"
lacks ann1.txt "DEPLOY Agent Brown"
lacks ann1.txt "Agent Brown is not in your hand"
contains bob1.txt "interception 1: humans"
expect_exit 0 $db turn show z --turn 1 --json
mv out show1.json
# shellcheck disable=SC2086
no_ids show1.json $hh1 $mm1
python3 - <<'PY'
import json
t = json.load(open("show1.json"))
assert all("understood" not in o and "reading" not in o for o in t["orders"]), t["orders"]
assert all(not d["stream"].startswith("sealed") for d in t["draws"]), t["draws"]
assert any(d["draw"].startswith("d10 interception humans") for d in t["draws"]), t["draws"]
d = t["draws"][2]["draw"].split()
t["draws"][2]["draw"] = " ".join(d[:-1] + [str(int(d[-1]) % 10 + 1)])
json.dump(t, open("show1-bad.json", "w"))
PY
# While the game runs, a captain checks the open part of the turn: the
# seed is the one sealed in the report before it, and every D10 listed is
# what the open stream of that seed gives; hands and decks wait for the end.
seal1=$(sed -n "/^Turn 1's dice seed is sealed now:$/{n;s/^ *//;p;q}" ann0.txt)
expect_exit 0 verify --published show1.json --commitment "$seal1"
contains out "z, turn 1: partly verified: the seed $(q "select seed from turns where number = 1") matches its seal, and 10 open draws of 10 replayed from it; the sealed draws (hands, decks) verify once the game has ended"
draw3() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["draws"][2]["draw"])' "$1"; }
expect_exit 1 verify --published show1-bad.json
contains out "z, turn 1: DIFFERS: draw 3: published '$(draw3 show1-bad.json)', the seed gives '$(draw3 show1.json)'"
expect_exit 1 verify --published show1.json --commitment "$(q "select lower(hex(zeroblob(32)))")"
contains out "does not match the commitment"
expect_exit 0 $db report z --ship zion --json
# shellcheck disable=SC2086
no_ids out $mm1

# With bot_plays_silent the game's bot writes a silent side's orders,
# sealed like a player's and replayed by verify; the other side never sees them.
expect_exit 0 $db campaign set z bot_plays_silent true
expect_exit 0 $db process --now 2025-03-03T13:00Z
contains out "z: turn 2 resolved"
[ "$(q "select count(*) from orders o join turns t on t.id = o.turn_id where t.number = 2 and o.understood like 'AUTOPILOT %'")" -eq 2 ]
q "select understood from orders o join turns t on t.id = o.turn_id join seats s on s.id = o.ship_id where t.number = 2 and s.name = 'zion'" >auto.txt
contains auto.txt "DEPLOY ALL"
expect_exit 0 $db verify z --turn 2
contains out "z, turn 2: verified"
last_body bob@example.org report >bob2.txt
# shellcheck disable=SC2086
no_ids bob2.txt $(secret_ids humans 2)
lacks bob2.txt "AUTOPILOT zion"
expect_exit 0 $db campaign set z bot_plays_silent false

# Silent sides play empty orders (14.6) until the game ends (the clock at
# the latest; the robots the Machines deployed may sink the ship first).
day=4
while [ "$(q "select status from campaigns")" != finished ] && [ $day -le 28 ]; do
	expect_exit 0 $db process --now "2025-03-$(printf %02d $day)T13:00Z"
	day=$((day + 1))
done
[ "$(q "select status from campaigns")" = finished ]
contains out "the game is over"
q "select result from campaigns" >winner.txt
contains winner.txt "the Machines win: "
last=$(q "select max(number) from turns where state_after is not null")
[ "$last" -le 20 ]
# Over: the root is revealed, the hands are public, every turn verifies.
[ -n "$(q "select revealed_at from sealed_roots")" ]
expect_exit 0 $db report z --ship smith
[ "$(grep -c "Hand (.*, in hand order): " out)" -eq 2 ]
[ "$(grep -c "Deck (.*, top first): " out)" -eq 2 ]
expect_exit 0 $db replay z
[ "$(grep -c ': verified' out)" -eq $((last + 1)) ]
expect_exit 0 $db turn show z --turn 1 --json
mv out pub.json
python3 -c 'import json; t=json.load(open("pub.json")); assert t["sealed"]["root"] and t["state_before"]["humans"]["hand"] and t["orders"][0]["understood"]'
expect_exit 0 verify --published pub.json
contains out "z, turn 1: verified"
# The public report of a turn of the finished game (HISTORY z 1 by mail)
# carries no order form, nor does any bulletin.
expect_exit 0 $db report z --turn 1
contains out "WHAT YOU SEE NOW"
lacks out "YOUR ORDERS"
lacks out "SIDE the public"
lacks out "CODE "
# The end, a mail of its own to each side: the orders of every turn, public
# now (rulings 15.4), Ann's from her mail as the judge read them, without
# the order form's comment lines.
q "select body from outbox where recipient = 'bob@example.org' and kind = 'end'" >end.txt
contains end.txt "z: THE GAME IS OVER"
contains end.txt "$(cat winner.txt)"
contains end.txt "The game ended after $last turns."
sed -n '/^Turn 1$/,/^Turn 2$/p' end.txt >end1.txt
contains end1.txt "    PLUG Morpheus"
contains end1.txt "    DEPLOY Agent Brown"

# Decks as data (rulings 18): a game master's deck is checked at campaign
# new with file:line errors, nothing written when it is refused; a good one
# travels in the state and the game plays with it.
python3 - "$ROOT/templates/duel/decks/machines.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for c in d["cards"]:
    if c["id"] == "M10":
        c["mods"] = {"battle": 2}
for c in d["cards"]:
    if c["id"] == "M11":
        c["mods"] = {"battle": 2}
d["name"] = "Heavy units"
open("heavy.json", "w").write(json.dumps(d, indent=1))
d["cards"][5]["kind"] = "agent"
open("bad-deck.json", "w").write(json.dumps(d, indent=1))
PY
expect_exit 65 $db campaign new d2 --game duel --data deck-machines=bad-deck.json
contains err "bad-deck.json:"
[ "$(q "select count(*) from campaigns where name = 'd2'")" -eq 0 ]
expect_exit 0 $db campaign new d2 --game duel --seed 8 --deadline 24 --data deck-machines=heavy.json
mx $db campaign join d2 --captain Cy --email cy@example.org --ship neb --team humans >/dev/null 2>&1
mx $db campaign join d2 --captain Di --email di@example.org --ship ai --team machines >/dev/null 2>&1
expect_exit 0 $db campaign start d2 --now 2025-04-01T12:00Z
[ "$(q "select json_extract(t.state_after, '\$.cards.machines.name') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'd2' and t.number = 0")" = "Heavy units" ]
[ "$(q "select json_extract(t.state_after, '\$.decks.machines') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'd2' and t.number = 0")" != default ]
expect_exit 0 $db process --now 2025-04-02T13:00Z
contains out "d2: turn 1 resolved"
expect_exit 0 $db verify d2 --turn 1
contains out "d2, turn 1: verified"

# Two faulty lines in a mail (mxjudge-duel(7), issue 30 item 14): the
# refusal names the first in the mail, whichever check each fails.
mx $db campaign new two --game duel --seed 9 --deadline 24 >/dev/null
p2=$(mx $db campaign join two --captain Ed --email ed@example.org --seat ed --side humans 2>/dev/null)
mx $db campaign join two --captain Flo --email flo@example.org --seat flo --side machines >/dev/null 2>&1
mx $db campaign start two --now 2025-05-01T12:00Z >/dev/null
printf 'GAME two\nSIDE ed\nPASSWORD %s\nDRAW\nPLUG Tank\nJUMP over the wall\n' "$p2" >two.txt
expect_exit 65 $db orders submit two.txt --now 2025-05-01T13:00Z
contains err "two.txt:5: Tank is Zion-born"
printf 'From: ed@example.org\nSubject: orders\nMessage-ID: <two1@example.org>\n\nGAME two\nSIDE ed\nPASSWORD %s\nDRAW\nJUMP over the wall\nPLUG Tank\n' "$p2" >two.eml
expect_exit 0 $db receive --now 2025-05-01T13:05Z <two.eml
contains out "mail:5: expected an order"
last_body ed@example.org error-reply >two-reply.txt
contains two-reply.txt "got 'JUMP'"
contains two-reply.txt "> JUMP over the wall"
lacks two-reply.txt "Zion-born"
[ "$(q "select count(*) from orders o join turns t on t.id = o.turn_id join campaigns c on c.id = t.campaign_id where c.name = 'two'")" -eq 0 ]
