# legendary through the generic adjudicate (issue 20, items 1 and 2): a mail
# played from files with the card pack the state names; another pack, a bad
# pack (file:line: code), and a campaign created with the pack.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
pack="$ROOT/templates/legendary/sample-pack.json"
db="--db ./t.db"
cat >s.json <<'JSON'
{"game": "legendary", "world": "matrix", "hand": ["S-FEINT.1", "H-SPLICER.1"],
 "row": [null, null, null, null, {"card": "E-CLERK.1", "face": "down"}],
 "combat_zone": ["E-HOUND.1"], "wound_deck": ["W-CUT.1", "W-GRAZE.1"],
 "deck": [], "discard": ["S-SCROUNGE.1", "S-SCROUNGE.2"]}
JSON
printf 'PLAY ALL\nSCAN R5\n' >mail.txt
printf 'shuffle player-deck S-SCROUNGE.2 S-SCROUNGE.1 S-FEINT.1 H-SPLICER.1\n' >d.txt
expect_exit 0 adjudicate --state s.json --orders mail.txt --dice d.txt --data pack="$pack" --json
mv out next.json
python3 - <<'PY'
import json
s = json.load(open("next.json"))
s = s.get("state", s)
assert s["pack"]["digest"] == "b186baf357b4f180c547deb5957e40ebf047177d4a0591161c8a08e87f8604ae", s["pack"]
assert s["wounds"] == ["W-CUT.1"], s["wounds"]
assert s["turn"] == 2 and s["refused"] is None
assert s["hand"] == ["S-SCROUNGE.2", "S-SCROUNGE.1", "S-FEINT.1", "H-SPLICER.1"], s["hand"]
assert s["row"][4] == {"card": "E-CLERK.1", "face": "up"}, s["row"]
# the state's draw counters go on to the next mail; the tags taken are the rolls (R12.3)
assert s["draws"] == {"shuffle player-deck": 1}, s["draws"]
# every draw is there too, in order with the shuffles (R10.3, issue 30 item 11)
assert s["rolls"] == ["draw wounds W-CUT.1",
                      "shuffle player-deck S-SCROUNGE.2 S-SCROUNGE.1 S-FEINT.1 H-SPLICER.1",
                      "draw player-deck S-SCROUNGE.2", "draw player-deck S-SCROUNGE.1",
                      "draw player-deck S-FEINT.1", "draw player-deck H-SPLICER.1"], s["rolls"]
open("rolls.txt", "w").write("".join(r + "\n" for r in s["rolls"]))
PY
# The rolls alone replay the mail (their draw lines are notes, skipped on input).
expect_exit 0 adjudicate --state s.json --orders mail.txt --dice rolls.txt --data pack="$pack" --json
python3 - <<'PY'
import json
a = json.load(open("next.json")); b = json.load(open("out"))
a.pop("unused_draws", None); b.pop("unused_draws", None)
assert a == b, "the rolls replay differently"
PY
# Another pack (one value changed) is refused: the state names its digest.
sed 's/"time_start": 10/"time_start": 12/' "$pack" >other.json
expect_exit 65 adjudicate --state next.json --orders mail.txt --dice d.txt --data pack=other.json --json
contains err "is not the one this game was dealt with"
contains err "the card pack other.json (\"sample\", digest "
# The dice file is named only for what it lacks, not for the game's refusals.
contains err "mxjudge: the card pack other.json"
lacks err "d.txt:"
: >none.txt
expect_exit 65 adjudicate --state s.json --orders mail.txt --dice none.txt --data pack="$pack" --json
contains err "mxjudge: none.txt: no draw left for 'shuffle player-deck'"
# No pack given: the sample is read, and the message says so.
sed 's/b186baf357b4f180c547deb5957e40ebf047177d4a0591161c8a08e87f8604ae/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef/' next.json >foreign.json
expect_exit 65 adjudicate --state foreign.json --orders mail.txt --dice d.txt --json
contains err "no card pack was given (--data pack=FILE), and the sample pack (digest b186baf357b4...) is not the one this game was dealt with (\"sample\", digest 0123456789ab...)"
lacks err "card pack given"
# A bad pack names its file and line.
sed 's/"evade:2"/"evade"/' "$pack" >bad.json
expect_exit 65 adjudicate --state s.json --orders mail.txt --dice d.txt --data pack=bad.json --json
contains err "bad.json:58: bad-keyword: E-CLERK: the keyword wants a parameter (evade:X)"
expect_exit 65 $db campaign new g --game legendary --data pack=bad.json
contains err "bad.json:58: bad-keyword: E-CLERK"
# Every problem is listed (R2.9), one a line, each at the line of its value.
sed 's/"time_start": 10/"time_start": 31/; s/"dock_slots": 5/"dock_slots": 0/' "$pack" >two.json
expect_exit 65 $db campaign new g --game legendary --data pack=two.json
contains err "two.json:17: bad-board: board.dock_slots: expected 1 to 9"
contains err "two.json:19: bad-board: board.time_start: expected 1 to 30"
expect_exit 0 $db campaign new g --game legendary --data pack="$pack"
# Checking a pack is linear in its problems (issue 28 item 4): 16,000 bad
# cards (about 1 MB) took 21-39 s when each problem's line was counted from
# the file's start; now well within the timeout. 20 are shown, the rest
# counted; the lines shown are each card's own.
python3 - "$pack" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["cards"] += [{"id": "X-BAD-%d" % i, "name": "Bad", "type": "nonsense"} for i in range(16000)]
open("many.json", "w").write(json.dumps(p, indent=1))
PY
limit=10
[ -n "${MXJUDGE_WRAP:-}" ] && limit=600	# valgrind: the bound is on the plain binary
set +e
# shellcheck disable=SC2086
timeout $limit $MXJUDGE_WRAP "$MXJUDGE" $db campaign new g2 --game legendary --data pack=many.json >out 2>err
got=$?
set -e
[ "$got" -eq 65 ] || { echo "checking 16,000 bad cards: exit $got (124: over ${limit}s)"; exit 1; }
contains err "many.json:462: bad-type: X-BAD-0: type: expected hero"
contains err "... and 15996 more problems"

# The report for any pack (view_data): a campaign's views get its pack, so
# the report names the pack's own cards on the pack's own board; a second
# invented pack (6 slots, 3 dock slots, a Time Track of 8) shows it.
harbour="$ROOT/tests/data/legendary/harbour-pack.json"
expect_exit 0 $db campaign new h --game legendary --data pack="$harbour" --set nonce=false --seed 3
mx $db campaign join h --captain Ann --email ann@example.org --ship ann >/dev/null 2>&1
expect_exit 0 $db campaign start h --now 2025-03-01T12:00Z
expect_exit 0 $db campaign outbox h --full
contains out 'Game "h": film 1 "Low Tide", act 1 "Fog", turn 1'
contains out "You are in the Real World | Time Track: 8 of 8 | Damage: 0 of 5 (wounds 0, scars 0)"
contains out "Matrix row (cards enter at R6 and move left):"
contains out "  R6 [scan 4] face down"
contains out "  D1 Lamplighter [H-LAMPLIGHTER.2] (cost 3, Range)"
contains out "  Zion: 1 card | Hovercraft: 3 at 2 Recruit"
lacks out "1 cards"
lacks out "R7"
lacks out "Scrounge"
expect_exit 0 $db report h --ship ann --json
python3 - <<'PY'
import json
v = json.load(open("out"))["view_data"]
assert v["pack"]["name"] == "harbour", v["pack"]
assert "  D3 Net Mender [H-NETMENDER.1] (cost 2, Survival)" in v["report"], v["report"]
# the view hides the decks (counts) and the face-down card
assert v["deck"] == 3 and v["matrix_deck"] == 4 and v["row"][5] == {"face": "down"}, v
PY
# The public's view and turn show get the pack too.
expect_exit 0 $db turn show h --turn 0 --json
python3 -c 'import json; s=json.load(open("out"))["state_after"]; assert "Low Tide" in s["report"] and "R6 [scan 4] face down" in s["report"], s.get("report")'
# In French (the game's lang setting, before the start): the same pack's French texts.
expect_exit 0 $db campaign new hf --game legendary --data pack="$harbour" --set nonce=false --seed 3
expect_exit 0 $db campaign set hf lang fr
mx $db campaign join hf --captain Ann --email ann@example.org --ship ann >/dev/null 2>&1
expect_exit 0 $db campaign start hf --now 2025-03-01T12:00Z
expect_exit 0 $db report hf --ship ann
contains out "Partie « hf » : film 1 « Low Tide », acte 1 « Fog », tour 1"
contains out "Rangée Matrice (les cartes entrent en R6 et avancent vers la gauche) :"
contains out "Piste du Temps : 8 sur 8"
# A campaign given no pack plays the sample pack, and its report is written from it.
expect_exit 0 $db campaign new s --game legendary --set nonce=false --seed 3
mx $db campaign join s --captain Ann --email ann@example.org --ship ann >/dev/null 2>&1
expect_exit 0 $db campaign start s --now 2025-03-01T12:00Z
expect_exit 0 $db report s --ship ann
contains out 'Game "s": film 1 "Demo Reel", act 1 "Wake", turn 1'
contains out "  R5 [scan 3] face down"

# simulate: bot-only games (the bot of mxjudge-legendary(7), BOT) over the
# pack of --data (the sample without one), game i from the seed and i only:
# the same counts for any number of threads.
expect_exit 0 legendary simulate --runs 2000 --seed 7 --threads 1
contains out "legendary: 2000 games, seed 7, 1 thread"
contains out "  all                 2000 games  major-victory 53.5% (51.3-55.7)  minor-victory 8.6% (7.4-9.9)  time 3.4% (2.7-4.3)  killed 34.5% (32.5-36.7)"
contains out "  reached act 3       1813 games"
expect_exit 0 legendary simulate --runs 2000 --seed 7 --threads 1 --json
mv out one.json
expect_exit 0 legendary simulate --runs 2000 --seed 7 --threads 3 --json
cmp out one.json
python3 -c 'import json; g=json.load(open("one.json"))["groups"]["all"]; assert g["games"] == 2000 and g["killed"]["count"] == 691 and g["unfinished"]["count"] == 0, g'
# The game's settings are options (film, avatar), checked as campaign new checks them.
expect_exit 0 legendary simulate --runs 500 --seed 3 --film 3 --avatar A-MARLOW
contains out "  all                  500 games  major-victory 88.4% (85.3-90.9)"
expect_exit 65 legendary simulate --runs 5 --avatar A-NOBODY
contains err "avatar: A-NOBODY is not one of the film's avatars (R2.9)"
expect_exit 65 legendary simulate --runs 5 --film 4
contains err "film: expected a whole number from 1 to 3"
# Another pack: its own cards and board; a pack with fewer films, a bad pack.
expect_exit 0 legendary simulate --runs 500 --seed 3 --data pack="$harbour"
contains out "  all                  500 games  major-victory 100.0% (99.2-100.0)"
expect_exit 65 legendary simulate --runs 5 --film 2 --data pack="$harbour"
contains err "film: the pack has 1 films"
expect_exit 65 legendary simulate --runs 5 --data pack=bad.json
contains err "bad.json:58: bad-keyword: E-CLERK"

# A campaign (R7): the three films with one character, checked at creation
# (three films, the character's avatar in each), the campaign line and the
# scars in the report. The films' changes are in tests/cases/legendary/13-campaign/.
expect_exit 65 $db campaign new k1 --game legendary --set campaign=true --data pack="$harbour"
contains err "campaign: a campaign plays 3 films, the pack has 1"
expect_exit 65 $db campaign new k1 --game legendary --set campaign=true --set avatar=nobody
contains err "the character nobody has no avatar in film 1 (R2.9)"
expect_exit 65 $db campaign new k1 --game legendary --set campaign=true --set film=2
contains err "film: a campaign begins with film 1"
expect_exit 0 $db campaign new k --game legendary --set campaign=true --set avatar=A-MARLOW --set attempts=3 --seed 3 --set nonce=false
mx $db campaign join k --captain Ann --email ann@example.org --ship ann >/dev/null 2>&1
expect_exit 0 $db campaign start k --now 2025-03-01T12:00Z
expect_exit 0 $db report k --ship ann
contains out "Campaign: film 1 of 3, character marlow, attempt 1, films won: 0"
contains out "Damage: 0 of 6 (wounds 0, scars 0)"
contains out "Scars: 0 (face down, 1 damage each)"
expect_exit 0 $db report k --ship ann --json
python3 -c 'import json; v=json.load(open("out"))["view_data"]; assert v["campaign"] == {"character": "marlow", "films": [], "scars_due": 0} and v["options"]["attempts"] == 3 and v["avatar"] == "A-MARLOW.1", v["campaign"]'
# simulate plays campaigns too: every campaign ends won or with its attempts spent.
expect_exit 0 legendary simulate --runs 300 --seed 1 --campaign true --attempts 2 --avatar marlow --json
python3 -c 'import json; g=json.load(open("out"))["groups"]["all"]; assert g["campaign-won"]["count"] + g["attempts"]["count"] == 300 and g["campaign-won"]["count"] > 0, g'

# Every word of the mail in the game's language (R11.2): the report, the
# story, the template's headings; fr-ascii keeps the French in ASCII letters
# for old mail clients. Before the nonce, the report shows only the seal.
expect_exit 0 $db campaign new fa --game legendary --seed 3
expect_exit 0 $db campaign set fa lang fr-ascii
pw=$(mx $db campaign join fa --captain Ann --email ann@example.org --ship ann 2>/dev/null | tail -1)
expect_exit 0 $db campaign start fa --now 2025-03-01T12:00Z
expect_exit 0 $db report fa --ship ann
contains out "La donne attend votre nonce : commencez votre reponse par NONCE et un mot a vous."
contains out "VOTRE PROCHAIN COURRIER"
lacks out "Zone de Combat"
printf 'GAME fa\nPLAYER ann\nPASSWORD %s\nNONCE chance\nJOUER TOUT\nEND\n' "$pw" >o.txt
expect_exit 0 $db orders submit o.txt --now 2025-03-01T13:00Z
expect_exit 0 $db campaign outbox fa --full
contains out "  nonce chance melange a la donne"
contains out "  Film 1 (Demo Reel), tentative 1 : avatar Ash Vireo (A-VIREO.1)."
contains out "Partie << fa >> : film 1 << Demo Reel >>, acte 1 << Wake >>, tour 1"
contains out "Rangee Matrice (les cartes entrent en R5 et avancent vers la gauche) :"
contains out "CE QUI S'EST PASSE"
contains out "# une commande par ligne : JOUER ID|TOUT, ENTRER, SORTIR, RECRUTER Dk, SCANNER Rk,"
if LC_ALL=C grep -n '[^ -~]' out | grep -v '^[0-9]*:$' >nonascii; then echo "not ASCII:"; cat nonascii; exit 1; fi

# A solo game by mail with a sealed deal (R4.2, R10.5): the seal in the
# first report, the nonce in the first mail, every turn verified from its
# published record, the root revealed at the end.
expect_exit 0 $db campaign new sg --game legendary --seed 3
pw=$(mx $db campaign join sg --captain Ann --email ann@example.org --ship ann 2>/dev/null | tail -1)
expect_exit 0 $db campaign start sg --now 2025-03-01T12:00Z
seal=$(sed -n 's/^sealed draws come from a root committed as //p' out)
expect_exit 0 $db report sg --ship ann
contains out "Seal: $seal"
printf 'GAME sg\nPLAYER ann\nPASSWORD %s\nNONCE lucky-7\nEND\n' "$pw" >o1.txt
printf 'GAME sg\nPLAYER ann\nPASSWORD %s\nPLAY ALL\nRECRUIT D5 IF ABLE\nENTER\nSCAN R5 IF ABLE\nEND\n' "$pw" >o2.txt
printf 'GAME sg\nPLAYER ann\nPASSWORD %s\nRESIGN\nEND\n' "$pw" >o3.txt
expect_exit 0 $db orders submit o1.txt --now 2025-03-01T13:00Z
expect_exit 0 $db orders submit o2.txt --now 2025-03-01T14:00Z
expect_exit 0 $db orders submit o3.txt --now 2025-03-01T15:00Z
for t in 1 2 3; do
	mx $db turn show sg --turn $t --json >pub$t.json
	expect_exit 0 verify --published pub$t.json
	contains out "which matches its commitment"
done
expect_exit 0 verify --published pub1.json
contains out "sg, turn 1: verified: 18 draws replayed"
# The whole game as one: consecutive turns of one campaign, each from the
# state the one before ended in, all from the root the first report sealed
# (the files in any order; they are put in turn order).
expect_exit 0 verify --published pub3.json pub1.json pub2.json --commitment "$seal"
contains out "sg, turn 3: verified: "
contains out "sg, turns 1-3: verified as one game: 3 turns replayed, each from the one before, all from the root committed as $seal (the commitment given)"
expect_exit 0 verify --published pub1.json --published pub2.json --published pub3.json
contains out "sg, turns 1-3: verified as one game: 3 turns replayed, each from the one before, all from the root committed as $seal"
expect_exit 1 verify --published pub1.json pub2.json pub3.json --commitment "$(printf '%064d' 0)"
contains out "sg, turn 1: DIFFERS: another root: the draws are sealed under $seal, not under the commitment"
# A missing middle turn, another campaign's turn, a turn given twice.
expect_exit 1 verify --published pub1.json pub3.json
contains out "sg, turn 2: DIFFERS: a gap: no file gives turn 2 (the files jump from turn 1 to turn 3)"
lacks out "verified as one game"
mx $db turn show fa --turn 1 --json >fa1.json
expect_exit 1 verify --published pub1.json fa1.json
contains out "sg, turn 1: DIFFERS: fa1.json is a turn of another game (campaign 'fa', legendary), not of 'sg'"
expect_exit 1 verify --published pub1.json pub2.json pub2.json
contains out "sg, turn 2: DIFFERS: given twice (pub2.json and pub2.json)"
# A state edited between two turns (a hero taken from Zion's pool after
# turn 1): each later turn alone still verifies, the game does not.
python3 - <<'PY2'
import json
for n in (2, 3):
    t = json.load(open("pub%d.json" % n))
    assert t["sealed"]["root"]
    for s in ("state_before", "state_after"):
        t[s]["zion"].remove("H-GHOST.1")
    json.dump(t, open("edit%d.json" % n, "w"))
PY2
expect_exit 0 verify --published edit2.json
expect_exit 0 verify --published edit3.json
expect_exit 1 verify --published pub1.json edit2.json edit3.json
contains out "sg, turn 1: verified: "
contains out "sg, turn 2: DIFFERS: a broken chain: the state before it is not the state turn 1 ended in"
lacks out "sg, turn 3"
expect_exit 0 verify --published edit2.json edit3.json
# Another root: a turn naming another seal is refused before its replay.
python3 -c 'import json; t = json.load(open("pub3.json")); t["sealed"]["commitment"] = "0" * 64; json.dump(t, open("root3.json", "w"))'
expect_exit 1 verify --published pub1.json pub2.json root3.json
contains out "sg, turn 3: DIFFERS: another root: its draws are sealed under $(printf '%064d' 0), turn 1's under $seal"
expect_exit 2 verify --published pub1.json pub2.json --json
contains err "--json: one published turn at a time"
expect_exit 65 verify --published pub1.json nothing.json
contains err "nothing.json:"
# A pack given with --data is the same pack when its content is (rulings
# 2.8), whatever its bytes: a reformatted copy verifies, a changed one not.
expect_exit 0 $db campaign new sp --game legendary --seed 3 --data pack="$ROOT/templates/legendary/sample-pack.json"
pp=$(mx $db campaign join sp --captain Ann --email ann@example.org --ship ann 2>/dev/null | tail -1)
expect_exit 0 $db campaign start sp --now 2025-03-01T12:00Z
printf 'GAME sp\nPLAYER ann\nPASSWORD %s\nNONCE lucky-7\nEND\n' "$pp" >p1.txt
printf 'GAME sp\nPLAYER ann\nPASSWORD %s\nRESIGN\nEND\n' "$pp" >p2.txt
expect_exit 0 $db orders submit p1.txt --now 2025-03-01T13:00Z
expect_exit 0 $db orders submit p2.txt --now 2025-03-01T14:00Z
mx $db turn show sp --turn 1 --json >sp1.json
python3 -c 'import json, sys; p = json.load(open(sys.argv[1])); json.dump(p, open("min.json", "w"), separators=(",", ":")); p["board"]["time_start"] = 9; json.dump(p, open("chg.json", "w"))' "$ROOT/templates/legendary/sample-pack.json"
expect_exit 65 verify --published sp1.json
contains err "this turn was played with the pack 'sample-pack.json'"
expect_exit 0 verify --published sp1.json --data pack=min.json
contains out "sp, turn 1: verified: 18 draws replayed"
expect_exit 65 verify --published sp1.json --data pack=chg.json
contains err "the card pack chg.json (\"sample\", digest"
expect_exit 0 $db report sg --ship ann
contains out "THE GAME IS OVER: loss: resigned"
contains out "Every shuffle came from the root"
contains out "Nonce: lucky-7"
