# What captains are told in a campaign of several battles (rulings 11,
# issue 19 items 6, 7 and 8): every battle's start report gives both
# sides' goals, the flagship by name and the turn limit, also on a board
# with a side roll; the last report says the campaign is over, who won it
# and the final standings; between battles the report carries the UPGRADE
# block (CODE, prices, points, when the next battle starts), and UPGRADE
# or move orders sent then get the right answers; campaign show prints
# the board of the battle being fought.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
# mail_to ADDRESS SUBJECT-WORDS: the newest mail to ADDRESS whose subject
# holds the words, in mail.txt.
mail_to() {
	sqlite3 t.db "select body from outbox where recipient = '$1' and subject like '%$2%'
		order by id desc limit 1" >mail.txt
}

# `scenario show` names whose flagship a goal is, and how it is chosen.
expect_exit 0 scenario show escape
contains out "goal:       Zion: put the Machines' flagship out of the battle (their first ship, unless the game master names another)"
lacks out "the flagship  out"

# A board drawn by the scenario: the sides start after a side roll, and
# the start report still gives the goals, the flagship and the turn limit.
mx $db campaign new esc --scenario escape --battles 2 --seed 4 --deadline 24 --now 2025-03-01T09:00Z >/dev/null
mx $db campaign join esc --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign join esc --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
expect_exit 0 $db campaign start esc --now 2025-03-01T12:00Z
for who in ann bob; do
	mail_to "$who@example.org" "battle begins"
	contains mail.txt "Side roll: Zion 4, the Machines 1."
	contains mail.txt "Goals:"
	contains mail.txt "  The Machines: get 1 ship off the west edge."
	contains mail.txt "  Zion: put the Machines' flagship Locust out of the battle."
	contains mail.txt "  Both sides: put every ship of the other side out of the battle."
	contains mail.txt "Turn limit: 15 turns: the battle ends with turn 15 at the latest, a draw if nobody has won by then."
done

# Item 8. campaign show prints the board of the battle being fought
# (escape draws its own 10 x 5 board with one wall), not the 10 x 6 board
# the campaign was created with; --json adds it as "board".
expect_exit 0 $db campaign show esc
contains out "  board:     10 x 5, 1 wall (battle 1, escape)"
lacks out "10 x 6"
expect_exit 0 $db campaign show esc --json
python3 -c 'import json,sys; d=json.load(open("out")); b=d["board"]; sys.exit(not (b["battle"] == 1 and b["scenario"] == "escape" and (b["width"], b["height"], b["walls"]) == (10, 5, 1) and (d["width"], d["height"]) == (10, 6)))'

# A battle without a scenario says its goal and that it has no limit.
printf 'M#Z\n' >duo.map
mx $db campaign new duo --map duo.map --battles 2 --seed 1 --deadline 24 --now 2025-03-01T09:00Z >/dev/null
pa=$(mx $db campaign join duo --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join duo --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
expect_exit 0 $db campaign start duo --now 2025-03-01T12:00Z
mail_to bob@example.org "duo: the battle begins"
contains mail.txt "The fleets start on the start zones of the board."
contains mail.txt "  Both sides: put every ship of the other side out of the battle."
contains mail.txt "Turn limit: none; the battle goes on until a side has won."

# crash O1 P1 O2 P2: Locust runs into the wall between the two ships
# (1 damage a MOVE, no die): orders at O1, resolved at P1, orders at O2,
# resolved at P2 (times of day on March 1 to 9): disabled, Zion wins.
crash() {
	t=$(sqlite3 t.db "select turn from campaigns where name = 'duo'")
	{ printf 'GAME duo\nSHIP Locust\nPASSWORD %s\nTURN %s\nMOVE\nMOVE\n' "$pb" "$t"; } >o.txt
	expect_exit 0 $db orders submit o.txt --now "2025-03-0$1Z"
	expect_exit 0 $db process --now "2025-03-0$2Z"
	{ printf 'GAME duo\nSHIP Locust\nPASSWORD %s\nTURN %s\nMOVE\n' "$pb" "$((t + 1))"; } >o.txt
	expect_exit 0 $db orders submit o.txt --now "2025-03-0$3Z"
	expect_exit 0 $db process --now "2025-03-0$4Z"
	contains out "the battle is over: Zion wins"
}
crash 1T13:00 2T12:00 2T13:00 3T12:00
mail_to ann@example.org "battle is over"
lacks mail.txt "THE CAMPAIGN IS OVER"

# Item 7. Between battles the report carries the UPGRADE block: the CODE,
# the price of each next step, the points left, and when the next battle
# starts; 'report --ship' shows the same block.
contains mail.txt "BEFORE BATTLE 2"
contains mail.txt "Battle 2 starts when the game master starts it."
contains mail.txt "Minx has 2 points to spend on upgrades."
contains mail.txt "# UPGRADE hull       # hull 3 -> 4: 2 points"
contains mail.txt "# UPGRADE shield     # shield 1 -> 2: 2 points"
code=$(sed -n 's/^CODE //p' mail.txt)
[ ${#code} -eq 10 ]
expect_exit 0 $db report duo --ship Minx
contains out "CODE $code"
contains out "# UPGRADE energy     # energy 1 -> 2: 2 points"
mail_to bob@example.org "battle is over"
contains mail.txt "Locust has 1 point to spend on upgrades."
contains mail.txt "# UPGRADE hull       # hull 3 -> 4: 2 points (more than you have)"
# The block answered with its CODE, the first # taken off a line: bought.
mail_to ann@example.org "battle is over"
{ printf 'From: ann@example.org\nSubject: Re: upgrades\nMessage-ID: <up1@example.org>\n\n'
  sed -n '/^GAME duo/,/^END/p' mail.txt | sed 's/^# UPGRADE shield/UPGRADE shield/'; } >m.eml
expect_exit 0 $db receive --now 2025-03-03T12:30Z <m.eml
contains out "receipt queued"
mail_to ann@example.org "upgrades received"
contains mail.txt "UPGRADE shield: shield now 2, 2 points spent"
# Without PASSWORD or CODE: the error says what an UPGRADE needs.
printf 'From: ann@example.org\nSubject: up\nMessage-ID: <up2@example.org>\n\nGAME duo\nSHIP Minx\nUPGRADE hull\n' >m.eml
expect_exit 0 $db receive --now 2025-03-03T12:35Z <m.eml
mail_to ann@example.org "Re: up"
contains mail.txt "Your orders for Minx in duo were NOT accepted."
contains mail.txt "expected a line 'PASSWORD <your password>', or the CODE line of your report after the battle"
contains mail.txt "duo is between battles 1 and 2: it takes UPGRADE lines now"
lacks mail.txt "before the deadline"
# Its foot lists what is taken between battles, not the moves of a turn.
contains mail.txt "Between battles: UPGRADE hull, UPGRADE shield, UPGRADE ballistic or"
lacks mail.txt "Actions: "
# Moves between battles: a clear answer, not "has not started yet".
printf 'GAME duo\nSHIP Minx\nPASSWORD %s\nMOVE\n' "$pa" >o.txt
expect_exit 65 $db orders submit o.txt --now 2025-03-03T12:40Z
contains err "campaign 'duo' is between battles 1 and 2: no turn takes moves now, only UPGRADE lines (your report after battle 1 lists the prices). Battle 2 starts when the game master starts it."
lacks err "has not started yet"
# When the next battle starts by itself, the report and the answers say when.
expect_exit 0 $db campaign set duo auto_next_hours 48
expect_exit 65 $db orders submit o.txt --now 2025-03-03T12:40Z
contains err "Battle 2 starts at 2025-03-05 12:00 UTC, or earlier if the game master starts it."
expect_exit 0 $db campaign set duo auto_next_hours off
expect_exit 0 $db campaign next-battle duo --now 2025-03-03T13:00Z
crash 3T14:00 4T13:00 4T14:00 5T13:00
for who in ann bob; do
	mail_to "$who@example.org" "battle is over"
	contains mail.txt "THE CAMPAIGN IS OVER after 2 battles: Zion wins it; battles won: Zion 2, the Machines 0."
	contains mail.txt "FINAL STANDINGS"
	# Each ship on two lines, its record under it: within 80 columns (issue 29).
	contains mail.txt "$(printf '  Locust (machines), captain Bob\n    battles 2, wins 0, disabled 0, times out 2, points')"
	[ "$(grep -c '^  Locust (machines), captain Bob$' mail.txt)" -eq 1 ]
done
