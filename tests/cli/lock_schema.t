# Databases written by earlier versions of the judge (tests/data/db/, one
# fixture per schema version in the history, see its README) are opened
# by this one: every read command's output is locked, then the open turn
# is resolved and the series campaign goes on to its next battle, and
# that is locked too. The refactored judge must read old files the same.
. "$ROOT/tests/cli/lock.sh"
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"

# While a campaign is paused its deadline is shown as if it resumed now:
# the only output here that follows the real clock, filtered.
paused_sed='s/^\(  deadline:  \).*/\1<now + time left>/; s/^\(  "deadline": \)".*"/\1"<now + time left>"/; /^paused /s/  [0-9-]* [0-9:]* [A-Z]*$/  <now + time left>/'

# reads V CAMPAIGN STEP: the read commands on CAMPAIGN, locked as
# schema-V-STEP-CAMPAIGN-*.
reads() {
	p=schema-$1-$3-$2
	if [ "$2" = paused ]; then lock_sed=$paused_sed; else lock_sed=; fi
	lock "$p-show.txt" $db campaign show "$2"
	lock "$p-show.json" $db campaign show "$2" --json
	lock "$p-report.json" $db report "$2" --json
	lock "$p-report.txt" $db report "$2"
	lock "$p-outbox.txt" $db campaign outbox "$2"
	lock "$p-replay.txt" $db replay "$2"
	lock_sed=
	last=$(sqlite3 t.db "select turn from campaigns where name = '$2'")
	n=0
	while [ "$n" -le "$last" ]; do
		lock "$p-turn-show-$n.json" $db turn show "$2" --turn "$n" --json
		[ "$n" -eq 0 ] || lock "$p-verify-$n.txt" $db verify "$2" --turn "$n"
		n=$((n + 1))
	done
}

for f in "$ROOT"/tests/data/db/schema-*.sql; do
	v=$(basename "$f" .sql | sed 's/^schema-//')
	rm -f t.db
	sqlite3 t.db <"$f"
	campaigns=$(sqlite3 t.db "select name from campaigns order by id")
	# Opening migrates the file to the current schema.
	lock_sed=$paused_sed
	lock "schema-$v-list.txt" $db campaign list
	lock_sed=
	[ "$(sqlite3 t.db 'PRAGMA user_version')" -eq "${LOCK_SCHEMA_VERSION:-10}" ]
	# Version 9 (the mail desk): no pending password, other address or absence yet.
	[ "$(sqlite3 t.db "select count(*) from captains where pwhash_new != ''")" -eq 0 ]
	[ "$(sqlite3 t.db "select (select count(*) from captain_addresses) + (select count(*) from absences)")" -eq 0 ]
	for c in $campaigns; do reads "$v" "$c" before; done
	if [ -n "$(sqlite3 t.db "select 1 from campaigns where name = 'saga'")" ]; then
		lock "schema-$v-before-saga-standings.json" $db campaign standings saga --json
	fi
	# doctor: only the lines that come from the database; the others
	# describe this machine (templates path, GMime, mail settings, zoneinfo).
	set +e
	mx $db doctor --now 2025-03-05T00:00Z >doc.txt 2>&1
	echo "exit $?" >>doc.txt
	set -e
	# The crontab line names the database by its (temporary) full path.
	grep -E '^(ok|warn|FAIL) +(database|deadlines|zones|cron) |^exit ' doc.txt |
		sed 's|--db [^ ]* tick|--db <path> tick|' >doc-db.txt
	golden "lock/schema-$v-doctor.txt" doc-db.txt

	# The campaign goes on: duel's turn 3 is resolved with the orders on
	# file (the autopilot is off: Squid sits still), the mail still queued
	# is kept, saga starts its next battle.
	lock "schema-$v-process.txt" $db process --now 2025-03-05T00:00Z
	# Every game (fixtures of schema 9 on): the duel and iterations turns
	# were resolved by that process; the solo runs go on by mail, each
	# signed with the CODE of its last report (the passwords are only
	# hashes); legendary's player resigns, which ends the game; the
	# duplicate set closes and ranks its runs.
	if [ -n "$(sqlite3 t.db "select 1 from campaigns where name = 'run'")" ]; then
		code() { sqlite3 t.db "select body from outbox o join campaigns c on c.id = o.campaign_id where c.name = '$1' and o.kind = 'report' order by o.id desc limit 1" | sed -n 's/^CODE //p'; }
		mail() {	# mail FROM ID LINES...
			printf 'From: %s\nTo: judge@example.org\nSubject: orders\nMessage-ID: <%s@example.org>\n\n' "$1" "$2"
			shift 2
			printf '%s\n' "$@"
		}
		mail ann@example.org g1 "GAME run" "RUNNER ann" "CODE $(code run)" "RUN red 0,1" END >g1.eml
		lock "schema-$v-receive-run.txt" $db receive --now 2025-03-05T00:10Z <g1.eml
		mail cy@example.org g2 "GAME cup.2" "RUNNER cy" "CODE $(code cup.2)" "RUN black 0,0" END >g2.eml
		lock "schema-$v-receive-cup.txt" $db receive --now 2025-03-05T00:20Z <g2.eml
		mail ann@example.org g3 "GAME leg" "PLAYER ann" "CODE $(code leg)" RESIGN END >g3.eml
		lock "schema-$v-receive-leg.txt" $db receive --now 2025-03-05T00:30Z <g3.eml
		lock "schema-$v-close-cup.txt" $db campaign close cup --now 2025-03-05T00:40Z
		campaigns=$(sqlite3 t.db "select name from campaigns order by id")
	fi
	if [ -n "$(sqlite3 t.db "select 1 from campaigns where name = 'saga'")" ]; then
		lock "schema-$v-saga-next-battle.txt" $db campaign next-battle saga --now 2025-03-05T01:00Z
	fi
	for c in $campaigns; do reads "$v" "$c" after; done
	lock "schema-$v-after-outbox-duel-full.txt" $db campaign outbox duel --unsent --full
	lock_sed=$paused_sed
	lock "schema-$v-after-list.txt" $db campaign list
	lock_sed=
done
