#!/bin/sh
# make-fixtures.sh COMMIT OUT.sql: builds mxjudge as it was at COMMIT (in
# a temporary git worktree, removed afterwards), plays with THAT binary
# the campaigns described in README, and writes the database as SQL text
# ('sqlite3 .dump') to OUT.sql. A recipe to regenerate the fixtures, not
# run by 'make check'. Times are fixed with --now and the board and dice
# with --seed; the passwords (and their hashes), the campaign keys and the
# password salts are random, so a regenerated fixture differs from the
# committed one in those bytes only (the campaign key is fixed, see below).
# Needs git, make, sqlite3 and the build dependencies of COMMIT.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 COMMIT OUT.sql" >&2; exit 2; }
commit=$1
out=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
repo=$(cd "$(dirname "$0")" && git rev-parse --show-toplevel)
run=$(mktemp -d "${TMPDIR:-/tmp}/mxfix-run.XXXXXX")
if [ -n "${MXFIX_BUILT:-}" ]; then
	# A checkout of COMMIT built already (make all in it): used as it is.
	wt=$MXFIX_BUILT
	[ "$(git -C "$wt" rev-parse HEAD)" = "$(git -C "$repo" rev-parse "$commit")" ] ||
		{ echo "$wt is not at $commit" >&2; exit 1; }
	trap 'rm -rf "$run"' EXIT
else
	wt=$(mktemp -d "${TMPDIR:-/tmp}/mxfix-src.XXXXXX")
	rmdir "$wt"
	git -C "$repo" worktree add --detach "$wt" "$commit" >/dev/null
	trap 'git -C "$repo" worktree remove --force "$wt"; rm -rf "$run"' EXIT
	make -C "$wt" -j2 all >"$run/build.log" 2>&1 || { tail -20 "$run/build.log"; exit 1; }
fi
bin=$wt/build/mxjudge
[ -x "$bin" ] || bin=$wt/mxjudge
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$wt/templates"
cd "$run"
mx() { "$bin" --db ./judge.db "$@"; }
has() { "$bin" --help 2>&1 | grep -q "^  $1 "; }
# The campaign key (schema v3 on), drawn at random, fixed so order codes
# and the digests of orders sent with a code are reproducible.
fixed_key() {
	if [ -n "$(sqlite3 judge.db "select name from sqlite_master where name = 'campaign_keys'")" ]; then
		sqlite3 judge.db "INSERT OR REPLACE INTO campaign_keys (campaign_id, key)
			SELECT id, x'000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'
			FROM campaigns WHERE name = '$1'"
	fi
}
# orders NAME SHIP PASSWORD NOW LINE...: sealed orders from a file.
orders() {
	c=$1 s=$2 p=$3 t=$4; shift 4
	{ printf 'GAME %s\nSHIP %s\nPASSWORD %s\n' "$c" "$s" "$p"; printf '%s\n' "$@"; } >o.txt
	mx orders submit o.txt --now "$t" >/dev/null
}

# 1. 'duel': three ships, turns 1 and 2 resolved, turn 3 open with orders
# on file for two ships and none for the third; the reports of turn 2
# queued, not sent (with mail: everything before them sent).
mx campaign new duel --width 6 --height 3 --density 10 --seed 5 --deadline 24 --now 2025-03-01T09:00Z >/dev/null
fixed_key duel
pa=$(mx campaign join duel --captain Ann --email ann@example.org --ship Minx --team zion --now 2025-03-01T09:10Z 2>/dev/null)
pb=$(mx campaign join duel --captain Bob --email bob@example.org --ship Locust --team machines --now 2025-03-01T09:20Z 2>/dev/null)
pc=$(mx campaign join duel --captain Cy --email cy@example.org --ship Squid --team machines --now 2025-03-01T09:30Z 2>/dev/null)
mx campaign start duel --now 2025-03-01T12:00Z >/dev/null
orders duel Minx "$pa" 2025-03-01T13:00Z MOVE MOVE
orders duel Locust "$pb" 2025-03-01T13:10Z MOVE
mx process --now 2025-03-02T12:00Z >/dev/null
orders duel Minx "$pa" 2025-03-02T13:00Z RIGHT MOVE
orders duel Squid "$pc" 2025-03-02T13:10Z LEFT MOVE
mx process --now 2025-03-03T12:00Z >/dev/null
if has "mail send"; then
	# The mail of turn 1 went out; turn 2's stays queued. A mail received
	# for turn 3, and a reminder for the ship without orders.
	mx mail send --now 2025-03-02T12:30Z >/dev/null
	printf 'From: bob@example.org\nSubject: orders\nMessage-ID: <fix-1@example.org>\n\nGAME duel\nSHIP Locust\nPASSWORD %s\n1-LEFT\n2-MOVE\n' "$pb" |
		mx receive --now 2025-03-03T13:20Z >/dev/null
	mx mail remind --before 12 --now 2025-03-04T01:00Z >/dev/null
fi
orders duel Minx "$pa" 2025-03-03T13:00Z MOVE LAND

# 2. 'paused': started, then paused before turn 1's deadline.
mx campaign new paused --width 5 --height 2 --density 0 --seed 7 --deadline 48 \
	--timezone Europe/Paris --now 2025-03-01T09:00Z >/dev/null
fixed_key paused
mx campaign join paused --captain Ann --email ann@example.org --ship Minx --team zion --now 2025-03-01T09:10Z >/dev/null 2>&1
mx campaign join paused --captain Bob --email bob@example.org --ship Locust --team machines --now 2025-03-01T09:20Z >/dev/null 2>&1
mx campaign start paused --now 2025-03-01T12:00Z >/dev/null
mx campaign pause paused --now 2025-03-02T12:00Z >/dev/null

# 3. 'saga' (campaigns in series, schema v4 on): battle 1 won in turn 1
# (Locust leaves the one-row board), an UPGRADE bought and a game
# master's adjustment: the campaign waits between battles 1 and 2.
if has "campaign next-battle"; then
	mx campaign new saga --width 3 --height 1 --density 0 --seed 5 --deadline 24 --battles 3 --now 2025-03-01T09:00Z >/dev/null
	fixed_key saga
	qa=$(mx campaign join saga --captain Ann --email ann@example.org --ship Minx --team zion --now 2025-03-01T09:10Z 2>/dev/null)
	qb=$(mx campaign join saga --captain Bob --email bob@example.org --ship Locust --team machines --now 2025-03-01T09:20Z 2>/dev/null)
	mx campaign start saga --now 2025-03-01T12:00Z >/dev/null
	orders saga Locust "$qb" 2025-03-01T13:00Z LEFT MOVE
	mx process --campaign saga --now 2025-03-02T12:00Z >/dev/null
	orders saga Minx "$qa" 2025-03-02T13:00Z 'UPGRADE shield'
	mx campaign adjust saga --ship Locust --points 2 --reason "fair play" >/dev/null
fi

# 4. 'nose' (schema v7 on, the rules version of each turn): two ships nose
# to nose on a 2 x 1 board; in turn 1 Minx orders one LAND and Locust
# nothing. Resolved by a judge from before rules version 2 (one phase,
# the longest list ordered), the turn plays differently under version 2
# (as many phases as the most actions a ship may order): replaying it
# under its own version is what tests/cli/rules_version.t checks.
if [ "$(sqlite3 judge.db 'PRAGMA user_version')" -ge 7 ]; then
	mx campaign new nose --width 2 --height 1 --density 0 --seed 11 --deadline 24 --now 2025-03-01T09:00Z >/dev/null
	fixed_key nose
	ra=$(mx campaign join nose --captain Ann --email ann@example.org --ship Minx --team zion --now 2025-03-01T09:10Z 2>/dev/null)
	mx campaign join nose --captain Bob --email bob@example.org --ship Locust --team machines --now 2025-03-01T09:20Z >/dev/null 2>&1
	mx campaign start nose --now 2025-03-01T12:00Z >/dev/null
	orders nose Minx "$ra" 2025-03-01T13:00Z LAND
	mx process --campaign nose --now 2025-03-02T12:00Z >/dev/null
fi

# 5. Every game (schema v9 on: the mail desk came after the five games),
# each in mid-play: 'run' (netrun: the first mail with the nonce played,
# the run goes on), 'cup' (a netrun duplicate set: run cup.1 played a
# mail, cup.2 none), 'card' (the duel: turn 1 resolved without orders,
# turn 2 open), 'sk' (iterations: the Operator's seat and a player, the
# setup step resolved, the first round open with the player's plan on
# file), 'leg' (legendary: the nonce and a first turn played).
if [ "$(sqlite3 judge.db 'PRAGMA user_version')" -ge 9 ]; then
	T=$wt/templates
	mx campaign new run --game netrun --seed 7 --now 2025-03-01T09:00Z >/dev/null
	fixed_key run
	pr=$(mx campaign join run --captain Ann --email ann@example.org --ship ann --now 2025-03-01T09:10Z 2>/dev/null)
	mx campaign start run --now 2025-03-01T12:00Z >/dev/null
	printf 'GAME run\nRUNNER ann\nPASSWORD %s\nNONCE lucky-7\nRUN black 0,0\nRUN green 1,0\nEND\n' "$pr" >o.txt
	mx orders submit o.txt --now 2025-03-01T13:00Z >/dev/null
	mx campaign new cup --game netrun --duplicate --seed 9 --now 2025-03-01T09:00Z >/dev/null
	pb=$(mx campaign join cup --captain Bo --email bo@example.org --ship bo --now 2025-03-01T09:10Z 2>/dev/null)
	mx campaign join cup --captain Cy --email cy@example.org --ship cy --now 2025-03-01T09:20Z >/dev/null 2>&1
	# The runs' keys are drawn at their start, random (codes in their reports).
	mx campaign start cup --now 2025-03-01T12:00Z >/dev/null
	printf 'GAME cup.1\nRUNNER bo\nPASSWORD %s\nRUN black 0,0\nRUN green 1,0\nEND\n' "$pb" >o.txt
	mx orders submit o.txt --now 2025-03-01T13:00Z >/dev/null
	mx campaign new card --game duel --seed 5 --deadline 24 --now 2025-03-01T09:00Z >/dev/null
	fixed_key card
	mx campaign join card --captain Ann --email ann@example.org --ship zion --team humans --now 2025-03-01T09:10Z >/dev/null 2>&1
	mx campaign join card --captain Bob --email bob@example.org --ship smith --team machines --now 2025-03-01T09:20Z >/dev/null 2>&1
	mx campaign start card --now 2025-03-01T12:00Z >/dev/null
	mx process --campaign card --now 2025-03-02T12:00Z >/dev/null
	mx campaign new sk --game iterations --data scenario="$T/iterations/scenarios/lobby.json" --seed 3 --deadline 24 --now 2025-03-01T09:00Z >/dev/null
	fixed_key sk
	pi=$(mx campaign join sk --captain Ann --email ann@example.org --ship ann --data character="$T/iterations/characters/neo.json" --now 2025-03-01T09:10Z 2>/dev/null)
	mx campaign join sk --captain GM --email gm@example.org --ship operator --now 2025-03-01T09:20Z >/dev/null 2>&1
	mx campaign start sk --now 2025-03-01T12:00Z >/dev/null
	printf 'GAME sk\nPLAYER ann\nPASSWORD %s\nCHAR Neo\nCARD 2\nEND\n' "$pi" >o.txt
	mx orders submit o.txt --now 2025-03-01T13:00Z >/dev/null
	mx process --campaign sk --now 2025-03-02T12:00Z >/dev/null
	printf 'GAME sk\nPLAYER ann\nPASSWORD %s\nCHAR Neo\n1. HOLD\nEND\n' "$pi" >o.txt
	mx orders submit o.txt --now 2025-03-02T13:00Z >/dev/null
	mx campaign new leg --game legendary --seed 3 --now 2025-03-01T09:00Z >/dev/null
	fixed_key leg
	pl=$(mx campaign join leg --captain Ann --email ann@example.org --ship ann --now 2025-03-01T09:10Z 2>/dev/null | tail -1)
	mx campaign start leg --now 2025-03-01T12:00Z >/dev/null
	printf 'GAME leg\nPLAYER ann\nPASSWORD %s\nNONCE lucky-7\nEND\n' "$pl" >o.txt
	mx orders submit o.txt --now 2025-03-01T13:00Z >/dev/null
	printf 'GAME leg\nPLAYER ann\nPASSWORD %s\nPLAY ALL\nRECRUIT D5 IF ABLE\nENTER\nSCAN R5 IF ABLE\nEND\n' "$pl" >o.txt
	mx orders submit o.txt --now 2025-03-01T14:00Z >/dev/null
fi

mx campaign list >/dev/null
# .dump leaves out the two header fields the judge checks on open: they
# are appended, so the fixture loads as the file the judge wrote.
{
	sqlite3 judge.db .dump
	echo "PRAGMA application_id = $(sqlite3 judge.db 'PRAGMA application_id');"
	echo "PRAGMA user_version = $(sqlite3 judge.db 'PRAGMA user_version');"
} >"$out"
echo "$out: schema version $(sqlite3 judge.db 'PRAGMA user_version'), from $(git -C "$repo" rev-parse --short "$commit")"
