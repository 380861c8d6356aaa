#!/bin/sh
# make demo: one real turn of a demo campaign on the embedded defaults.
# Usage: scripts/demo.sh PATH-TO-MXJUDGE. Everything lands in ./demo/ (made
# afresh, kept afterwards, ignored by git): the SQLite file and, with no mail
# server set, the Maildir next to it that the mail is delivered into.
set -eu
mx=${1:?usage: demo.sh PATH-TO-MXJUDGE}
dir=$(pwd)/demo
rm -rf "$dir"
mkdir -p "$dir"
unset MXJUDGE_SMTP_URL MXJUDGE_MAILDIR MXJUDGE_IMAP_URL
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
say "Bob answers his report by mail: the CODE line of the report, no password"
code=$(sqlite3 "$dir/demo.db" "select body from outbox where recipient = 'bob@example.org'" | sed -n 's/^CODE //p')
printf 'From: Bob <bob@example.org>\nTo: mxjudge@localhost\nSubject: Re: demo: the battle begins\nMessage-ID: <bob-1@example.org>\n\nGAME demo\nSHIP Locust\nCODE %s\n1-Move\n2-Move\nEND\n\nOn Sat, 1 Mar 2025, mxjudge wrote:\n> GAME demo\n> SHIP Locust\n' "$code" |
	$mx $db receive --now 2025-03-02T10:00Z
: "$bob"

say "The cron job, after the deadline"
$mx $db process --now 2025-03-03T18:01Z

say "Turn 1, revealed"
$mx $db turn show demo --turn 1

say "The outbox"
$mx $db campaign outbox demo
say "Ann's turn 1 report, as mailed"
$mx $db report demo --ship Minx

say "Mail out: no SMTP server is set, so into the Maildir next to the database"
$mx $db mail send --now 2025-03-03T18:05Z
ls -l "$dir/Maildir/new"
printf '\nThe demo campaign is in %s/demo.db; its mail is in %s/Maildir/new\n' "$dir" "$dir"
printf '(read it with: mutt -f %s/Maildir)\n' "$dir"
