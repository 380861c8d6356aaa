# What captains are told in a campaign of several battles (rulings 11,
# issue 19 items 6, 7 and 8): every battle's start report gives both
# sides' goals, the flagship by name and the turn limit, also on a board
# with a side roll; the last report says the campaign is over, who won it
# and the final standings.
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
expect_exit 0 $db campaign next-battle duo --now 2025-03-03T13:00Z
crash 3T14:00 4T13:00 4T14:00 5T13:00
for who in ann bob; do
	mail_to "$who@example.org" "battle is over"
	contains mail.txt "THE CAMPAIGN IS OVER after 2 battles: Zion wins it; battles won: Zion 2, the Machines 0."
	contains mail.txt "FINAL STANDINGS"
	contains mail.txt "Locust         the Machines Bob         2 battles  0 wins  0 disabled  2 times out"
done
