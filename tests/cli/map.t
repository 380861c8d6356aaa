# map generate|show: random boards from a seed, text boards and their errors.
export MXJUDGE_TEMPLATES="$ROOT/templates"
expect_exit 0 map generate --width 8 --height 4 --seed 3
cp out a.txt
expect_exit 0 map generate --width 8 --height 4 --seed 3
diff a.txt out
expect_exit 2 map generate --width 8
expect_exit 0 map show tunnels
contains err "12 x 5 board with start zones; the two sides can reach each other"
expect_exit 0 map list
contains out "battle-royale"
printf 'Z..\n.x.\n' >bad1.map
expect_exit 65 map show bad1.map
contains err "bad1.map:2:2: expected '.', '#', 'Z' or 'M', got 'x'"
printf '....\n..\n' >bad2.map
expect_exit 65 map show bad2.map
contains err "bad2.map:2:3: expected 4 hexes in this row, as in the first (line 1), got 2"
printf '..Z\n...\n' >bad3.map
expect_exit 65 map show bad3.map
contains err "bad3.map:1:3: expected start hexes for the Machines too"
printf '' >bad4.map
expect_exit 65 map show bad4.map
contains err "bad4.map:1:1: expected at least one row"
printf '.\n.\n' >bad5.map
expect_exit 65 map show bad5.map
contains err "bad5.map:1:2: expected at least two hexes in a row"
expect_exit 65 map show ../../etc/passwd
expect_exit 65 map show nosuchmap
# A campaign on a text board with start zones.
printf 'Z..M\nZ..M\n' >z.map
expect_exit 0 --db ./t.db campaign new zoned --map z.map
contains out "4 x 2 board, 0 walls"
