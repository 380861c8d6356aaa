# Locks every read output of a scripted campaign of three battles, after
# every turn and between battles, before the judge is refactored (the
# ruleset interface, one turn pipeline): reports (bulletin and each
# captain's, text and JSON), turn show, campaign show, standings, the
# outbox and the mail as sent, campaign list, verify and replay; and what
# the write commands answered. Fixed --now and --seed everywhere; the
# only things filtered are random by design (see norm in lock.sh).
# Regenerate: MXJUDGE_UPDATE_GOLDEN=1 (then read the diff).
. "$ROOT/tests/cli/lock.sh"
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
mail="$ROOT/tests/cli/mail"
ships="Minx Locust Squid Neb"

# snap STEP: every read output of the campaign now, as STEP-*.
snap() {
	lock "$1-report.json" $db report saga --json
	lock "$1-report.txt" $db report saga
	for s in $ships; do
		lock "$1-report-ship-$s.txt" $db report saga --ship "$s"
		lock "$1-report-ship-$s.json" $db report saga --ship "$s" --json
	done
	lock "$1-campaign-show.txt" $db campaign show saga
	lock "$1-campaign-show.json" $db campaign show saga --json
	lock "$1-standings.txt" $db campaign standings saga
	lock "$1-standings.json" $db campaign standings saga --json
	lock "$1-outbox.txt" $db campaign outbox saga
	lock "$1-outbox-unsent-full.txt" $db campaign outbox saga --unsent --full
	lock "$1-list.txt" $db campaign list
	lock "$1-list.json" $db campaign list --json
	lock "$1-replay.txt" $db replay saga
	lock "$1-replay.json" $db replay saga --json
}
# turn_locks STEP N: turn N shown (text, JSON) and, unless a setup turn,
# verified.
turn_locks() {
	lock "$1-turn-show-$2.txt" $db turn show saga --turn "$2"
	lock "$1-turn-show-$2.json" $db turn show saga --turn "$2" --json
	[ "${3:-}" != setup ] || return 0
	lock "$1-verify-$2.txt" $db verify saga --turn "$2"
	lock "$1-verify-$2.json" $db verify saga --turn "$2" --json
}
# send STEP NOW: 'mail send' into ./Maildir; its answer and the messages.
send() {
	lock "$1-mail-send.txt" $db mail send --now "$2"
	lock_maildir "$1-maildir.txt" Maildir
}
# submit STEP SHIP PASSWORD NOW LINE...: orders from a file.
submit() {
	step=$1 ship=$2 pw=$3 now=$4; shift 4
	{ printf 'GAME saga\nSHIP %s\nPASSWORD %s\n' "$ship" "$pw"; printf '%s\n' "$@"; } >o.txt
	lock "$step-submit-$ship.txt" $db orders submit o.txt --now "$now"
}
# mailed STEP SHIP FROM PASSWORD NOW LINE...: orders in a plain mail on stdin.
mailed() {
	step=$1 ship=$2 from=$3 pw=$4 now=$5; shift 5
	{
		printf 'From: %s\nTo: mxjudge@localhost\nSubject: orders\nMessage-ID: <%s-%s@example.org>\n\n' \
			"$from" "$step" "$ship"
		printf 'GAME saga\nSHIP %s\nPASSWORD %s\n' "$ship" "$pw"; printf '%s\n' "$@"
	} >m.eml
	lock "$step-receive-$ship.txt" $db receive --now "$now" <m.eml
}
# replied STEP SHIP FROM NOW ACTION...: a mail client's reply to the last
# report, with the order CODE it carried instead of the password.
replied() {
	step=$1 ship=$2 from=$3 now=$4; shift 4
	sqlite3 t.db "select body from outbox where recipient = '$from' and kind = 'report'
		order by id desc limit 1" >report.txt
	code=$(sed -n 's/^CODE //p' report.txt)
	python3 "$mail/reply.py" "$from" report.txt "$step@localhost" "CODE $code" "$@" >r.eml
	lock "$step-receive-reply-$ship.txt" $db receive --now "$now" <r.eml
}

# ---- The campaign: 3 battles, rules of battles3.t but no repairs (every
# ship fights every battle), 2 ships a side.
echo '{"battles":3,"award_part":1,"award_kill":2,"award_win":1,"cap":{"shield":2},"repairs":false}' >rules.json
lock s0-new.txt $db campaign new saga --width 6 --height 3 --density 10 --seed 11 \
	--deadline 24 --rules rules.json --now 2025-03-01T09:00Z
# The campaign's secret key (32 random bytes, made when first needed) is
# fixed here, so the order codes in the reports, and the digests of
# orders sent with a code, are the same in every run.
fixed_key
# The passwords are random: kept, not locked (every output redacts them).
pm=$(mx $db campaign join saga --captain Ann --email ann@example.org --ship Minx --team zion --now 2025-03-01T09:10Z 2>/dev/null)
pl=$(mx $db campaign join saga --captain Bob --email bob@example.org --ship Locust --team machines --now 2025-03-01T09:20Z 2>/dev/null)
ps=$(mx $db campaign join saga --captain Cy --email cy@example.org --ship Squid --team machines --now 2025-03-01T09:30Z 2>/dev/null)
pn=$(mx $db campaign join saga --captain Di --email di@example.org --ship Neb --team zion --now 2025-03-01T09:40Z 2>/dev/null)
[ ${#pm} -eq 10 ] && [ ${#pl} -eq 10 ] && [ ${#ps} -eq 10 ] && [ ${#pn} -eq 10 ]
lock s0-set-bot.txt $db campaign set saga bot_plays_silent true
lock s0-set-bulletin.txt $db campaign set saga bulletin_to bulletin@example.org
lock s0-set-phase-maps.txt $db campaign set saga phase_maps true
lock s0-settings.json $db campaign show saga --json
lock s0-list.txt $db campaign list

# ---- Battle 1 (the campaign's own board).
lock b1t0-start.txt $db campaign start saga --now 2025-03-01T12:00Z
snap b1t0
turn_locks b1t0 0 setup
send b1t0 2025-03-01T12:05Z

# Turn 1: Minx's orders from a file, Locust's by mail (a refused mail
# first, answered with an error reply), Neb's in a reply to its report with
# the order CODE; Squid sends nothing: the autopilot flies it.
submit b1t1 Minx "$pm" 2025-03-01T13:00Z MOVE MOVE
mailed b1t1-bad Locust bob@example.org "$pl" 2025-03-01T13:10Z 1-Jump
mailed b1t1 Locust bob@example.org "$pl" 2025-03-01T13:20Z 1-MOVE 2-LEFT
replied b1t1 Neb di@example.org 2025-03-01T13:30Z Move Right
lock b1t1-queued-full.txt $db campaign outbox saga --unsent --full
lock b1t1-process.txt $db process --now 2025-03-02T12:00Z
snap b1t1
turn_locks b1t1 1
send b1t1 2025-03-02T12:05Z

# Turn 2: Minx sends orders and replaces them; Squid's by mail; Locust and
# Neb send nothing.
submit b1t2-first Minx "$pm" 2025-03-02T13:00Z 'TURN 2' MOVE
submit b1t2 Minx "$pm" 2025-03-02T14:00Z 'TURN 2' RIGHT MOVE LAND
mailed b1t2 Squid cy@example.org "$ps" 2025-03-02T15:00Z 1-LEFT 2-MOVE 3-MOVE
lock b1t2-process.txt $db process --now 2025-03-03T12:00Z
snap b1t2
turn_locks b1t2 2
send b1t2 2025-03-03T12:05Z

# Turn 3: Minx (hull 1) pulses and lands; the autopilot flies the others.
submit b1t3 Minx "$pm" 2025-03-03T13:00Z 'TURN 3' EMP LAND
lock b1t3-process.txt $db process --now 2025-03-04T12:00Z
snap b1t3
turn_locks b1t3 3
send b1t3 2025-03-04T12:05Z

# play STEP N DAY [HOUR]: turn N resolved at HOUR:00 (default 12) on
# March DAY with whatever orders are on file (the autopilot flies the
# silent ships), then everything locked and the mail sent at HOUR:05.
play() {
	lock "$1-process.txt" $db process --now "2025-03-$3T${4:-12}:00Z"
	snap "$1"
	turn_locks "$1" "$2"
	send "$1" "2025-03-$3T${4:-12}:05Z"
}

# Turns 4 on: the autopilot flies every silent ship.
play b1t4 4 05
play b1t5 5 06
play b1t6 6 07
contains "$GOLDEN/lock/b1t6-process.txt" "saga: turn 6 resolved; the battle is over: Zion wins"
# Between battles the reports after the battle carry the UPGRADE block
# (report --ship), a mail with UPGRADE orders is logged with its ship and
# a move order is told the campaign is between battles (issue 19, item 7).
# Battle 1 by hand (part 1, kill 2, win 1), Zion won (since rules version
# 2, a turn has as many phases as the most actions a ship may order):
#   Minx 1 + 1 = 2   Neb 1 + 4 + 1 = 6   Locust 1 + 2 = 3   Squid 1
# so Locust's second UPGRADE and Squid's hull are refused for points.

# ---- Between battles 1 and 2: UPGRADE orders (a file, a mail), bought
# and refused; an order for turn 7 refused; a game master's adjustment.
submit b1x Locust "$pl" 2025-03-07T13:00Z 'UPGRADE shield' 'UPGRADE ballistic'
mailed b1x Squid cy@example.org "$ps" 2025-03-07T13:10Z 'UPGRADE hull'
submit b1x-refused Neb "$pn" 2025-03-07T13:20Z 'UPGRADE shield' 'UPGRADE shield'
submit b1x Neb "$pn" 2025-03-07T13:30Z 'UPGRADE energy'
submit b1x Minx "$pm" 2025-03-07T13:40Z 'UPGRADE energy'
submit b1x-move Minx "$pm" 2025-03-07T13:50Z MOVE
lock b1x-adjust.txt $db campaign adjust saga --ship Minx --points 1 --reason "a fair fight"
snap b1x
send b1x 2025-03-07T14:00Z

# ---- Battle 2 (last-stand), started by the game master. Locked as it is
# today: until turn 8 is resolved, 'report' and 'turn show 7' replay the
# setup turn 7 as if it were a turn and say it does not replay (exit 1
# for report); 'replay' skips setups and says all is well.
lock b2t7-next-battle.txt $db campaign next-battle saga --scenario last-stand --now 2025-03-07T15:00Z
snap b2t7
turn_locks b2t7 7 setup
send b2t7 2025-03-07T15:05Z

# Turn 8: Minx from a file, Locust by mail; Squid and Neb silent.
submit b2t8 Minx "$pm" 2025-03-07T16:00Z MOVE LAND
mailed b2t8 Locust bob@example.org "$pl" 2025-03-07T16:10Z 1-RIGHT 2-MOVE
play b2t8 8 08 15
play b2t9 9 09 15
play b2t10 10 10 15
play b2t11 11 11 15
play b2t12 12 12 15
contains "$GOLDEN/lock/b2t12-process.txt" "saga: turn 12 resolved; the battle is over: Zion wins"

# ---- Between battles 2 and 3: one UPGRADE by mail; process starts
# battle 3 itself, auto_next_hours (2) after battle 2 ended.
mailed b2x Minx ann@example.org "$pm" 2025-03-12T15:30Z 'UPGRADE shield'
lock b2x-set-auto-next.txt $db campaign set saga auto_next_hours 2
lock b2x-process-early.txt $db process --now 2025-03-12T16:59Z
snap b2x
send b2x 2025-03-12T16:59Z
lock b3t13-process.txt $db process --now 2025-03-12T17:00Z
snap b3t13
turn_locks b3t13 13 setup
send b3t13 2025-03-12T17:05Z

# ---- Battle 3 (the campaign's board again): Neb replies to its report
# with the order code, Squid sends a file; then to the end.
replied b3t14 Neb di@example.org 2025-03-12T18:00Z Move Move
submit b3t14 Squid "$ps" 2025-03-12T18:10Z LEFT MOVE
play b3t14 14 13 17
play b3t15 15 14 17
play b3t16 16 15 17
play b3t17 17 16 17
contains "$GOLDEN/lock/b3t17-process.txt" "saga: turn 17 resolved; the battle is over: the Machines win"

# ---- The campaign is over: nothing more to process, send or undo.
lock end-process.txt $db process --now 2025-03-20T00:00Z
lock end-undo.txt $db campaign undo saga --now 2025-03-20T00:00Z
lock end-next-battle.txt $db campaign next-battle saga --now 2025-03-20T00:00Z
snap end
send end 2025-03-20T00:05Z
