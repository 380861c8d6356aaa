#!/bin/sh
# make demo: one real turn of a demo campaign on the embedded defaults.
# Usage: scripts/demo.sh PATH-TO-MXJUDGE. The database goes in a temporary
# directory, removed at the end (set MXJUDGE_DEMO_KEEP=1 to keep it).
set -eu
mx=${1:?usage: demo.sh PATH-TO-MXJUDGE}
dir=$(mktemp -d "${TMPDIR:-/tmp}/mxjudge-demo.XXXXXX")
[ "${MXJUDGE_DEMO_KEEP:-}" = 1 ] || trap 'rm -rf "$dir"' EXIT
db="--db $dir/demo.db"
say() { printf '\n== %s\n' "$*"; }

say "A campaign on the default board, two captains"
$mx $db campaign new demo --seed 42 --now 2025-03-01T18:00Z
ann=$($mx $db campaign join demo --captain Ann --email ann@example.org --ship Minx --team zion)
bob=$($mx $db campaign join demo --captain Bob --email bob@example.org --ship Locust --team machines)

say "Start: the side roll, the fleets placed, the first energy rolled"
$mx $db campaign start demo --now 2025-03-01T18:00Z
$mx $db campaign show demo

say "Ann replies to her report (two actions are always allowed)"
printf 'Hello judge, here I go.\nGAME demo\nSHIP Minx\nPASSWORD %s\n1-Move\n2-Left\nEND\n-- Ann\n' "$ann" |
	$mx $db orders submit --now 2025-03-02T09:00Z
say "Bob sends his"
printf 'GAME demo\nSHIP Locust\nPASSWORD %s\nMOVE\nMOVE\n' "$bob" |
	$mx $db orders submit --now 2025-03-02T10:00Z

say "The cron job, after the deadline"
$mx $db process --now 2025-03-03T18:01Z

say "Turn 1, revealed"
$mx $db turn show demo --turn 1

say "The outbox"
$mx $db campaign outbox demo
say "Ann's turn 1 report, as mailed"
$mx $db report demo --ship Minx
