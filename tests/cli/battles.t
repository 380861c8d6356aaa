# A campaign in series: battle 1 to a winner, points by hand, an UPGRADE
# order bought and one refused, battle 2 with a scenario, the standings.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
mx $db campaign new trio --width 3 --height 1 --density 0 --seed 5 --deadline 24 --battles 3 >/dev/null
pa=$(mx $db campaign join trio --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join trio --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
expect_exit 0 $db campaign start trio --now 2025-03-01T12:00Z
# Locust turns off the single row and leaves the board: Zion wins battle 1.
printf 'GAME trio\nSHIP Locust\nPASSWORD %s\nLEFT\nMOVE\n' "$pb" >o.txt
expect_exit 0 $db orders submit o.txt --now 2025-03-01T13:00Z
expect_exit 0 $db process --now 2025-03-02T12:00Z
contains out "the battle is over: Zion wins"
expect_exit 0 $db campaign show trio --json
contains out '"status": "open"'
# Minx: 1 for taking part + 1 for the win; Locust: 1 (it left the board: back next battle).
expect_exit 0 $db campaign standings trio
contains out "+2 points: battle 1: 1 for taking part, 0 for 0 ships disabled, 1 for the win (award)"
contains out "+1 point: battle 1: 1 for taking part, 0 for 0 ships disabled, 0 for the win (award)"
# UPGRADE orders between battles only; shield 1 -> 2 costs 2.
printf 'GAME trio\nSHIP Minx\nPASSWORD %s\nUPGRADE shield\n' "$pa" >u.txt
expect_exit 0 $db orders submit u.txt --now 2025-03-02T13:00Z
contains out "UPGRADE shield: shield now 2, 2 points spent"
contains out "shield 2 = 1 base + 1 bought"
expect_exit 65 $db orders submit u.txt --now 2025-03-02T13:05Z
contains err "u.txt:4: UPGRADE shield for Minx refused: raising shield from 2 to 3 costs 3 points; 0 left"
printf 'GAME trio\nSHIP Locust\nPASSWORD %s\nUPGRADE luck\n' "$pb" >u2.txt
expect_exit 65 $db orders submit u2.txt --now 2025-03-02T13:00Z
contains err "u2.txt:4: expected a stat after UPGRADE"
# The game master's adjustment, kept in the ledger.
expect_exit 0 $db campaign adjust trio --ship Locust --points 2 --reason "fair play"
expect_exit 0 $db campaign adjust trio --ship Locust --buy hull --reason "asked by mail"
contains out "Locust: hull 4"
expect_exit 0 $db campaign standings trio
contains out "hull 4 = 3 base + 1 bought"
contains out "+2 points: fair play (adjust)"
# Battle 2: a scenario, turns numbered on from battle 1.
expect_exit 0 $db campaign next-battle trio --scenario last-stand --now 2025-03-03T12:00Z
contains out "battle 2, last-stand begins with 2 ships; orders for turn 3"
expect_exit 65 $db orders submit u.txt --now 2025-03-03T13:00Z
expect_exit 65 $db campaign next-battle trio --now 2025-03-03T12:00Z
contains err "already started"
expect_exit 65 $db campaign next-battle nosuch
