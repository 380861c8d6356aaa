# `mxjudge GAME simulate` for any ruleset with a simulate hook (cmd/simgame.c),
# shown on the test-only toy game: the same counts for any number of
# threads, the game's settings as options, checked.
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
expect_exit 0 toy simulate --runs 10000 --seed 7 --threads 1
contains out "toy: 10000 games, seed 7, 1 thread"
contains out "  all            10000 games  north 46.1% (45.1-47.1)  south 45.7% (44.7-46.7)  draw 8.2% (7.7-8.7)"
contains out "  C10 north       3033 games  north 63.8% (62.1-65.5)"
# Game i is seeded from the seed and i only: any split sums the same.
expect_exit 0 toy simulate --runs 10000 --seed 7 --threads 1 --json
mv out one.json
expect_exit 0 toy simulate --runs 10000 --seed 7 --threads 3 --json
cmp out one.json
python3 -c 'import json; g=json.load(open("one.json"))["groups"]["all"]; assert g["games"] == 10000 and g["north"]["count"] == 4609, g'
# A setting of the game is an option, checked as campaign new checks it.
expect_exit 0 toy simulate --runs 100 --seed 1 --variant open --sort south
contains out "  C10 south         28 games"
expect_exit 65 toy simulate --runs 5 --variant loud
contains err "variant: expected one of: plain open"
expect_exit 65 toy simulate --runs 5 --set colour=red
contains err "colour"
expect_exit 2 toy simulate
contains err "simulate: --runs N is required"
contains err "usage: mxjudge toy simulate --runs N"
expect_exit 65 toy simulate --runs 5 --sort nope
contains err "--sort: no outcome 'nope' in these games"
# Hovercrafts' own simulate is untouched.
expect_exit 2 hovercrafts simulate
contains err "usage: mxjudge simulate [--scenario NAME"
# The game's data packs go to its bot games too (--data KIND=FILE, checked
# as campaign new checks them): a bonus of 1 for north shows in the counts
# (46.1% without, above).
printf '1\n' >bonus.txt
expect_exit 0 toy simulate --runs 10000 --seed 7 --threads 2 --data bonus=bonus.txt
contains out "  all            10000 games  north 55.6% (54.7-56.6)  south 35.9% (34.9-36.8)"
printf 'x\n' >bad.txt
expect_exit 65 toy simulate --runs 5 --data bonus=bad.txt
contains err "bad.txt:1: expected a bonus from 0 to 9"
expect_exit 65 toy simulate --runs 5 --data colour=bad.txt
contains err "--data: toy takes no data of kind 'colour'"
