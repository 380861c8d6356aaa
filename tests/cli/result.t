# A result is kept whole, as the game states it (issue 27, item 2): the
# judge kept it in 16 bytes, so players read "result: machines win (n" in
# HISTORY and LIST FINISHED, and the game master the same in campaign
# list, campaign show and tick. A duel played to its end by the bots (both
# sides silent) ends with "the <Side> win: <reason in words>", longer than that.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
mx $db campaign new z --game duel --seed 5 --deadline 24 >/dev/null
mx $db campaign join z --captain Ann --email ann@example.org --seat zion --side humans >/dev/null 2>&1
mx $db campaign join z --captain Bob --email bob@example.org --seat smith --side machines >/dev/null 2>&1
mx $db campaign start z --now 2025-03-01T12:00Z >/dev/null
mx $db campaign set z bot_plays_silent true >/dev/null
day=2
while [ "$(q "select status from campaigns")" != finished ] && [ $day -le 28 ]; do
	expect_exit 0 $db tick --now "2025-03-$(printf %02d $day)T13:00Z"
	day=$((day + 1))
done
[ "$(q "select status from campaigns")" = finished ]
# What the game states: its status hook's result, from the last state.
last=$(q "select state_after from turns where number = (select max(number) from turns where state_after is not null)")
said=$(printf '%s' "$last" | python3 -c 'import json,sys; s=json.load(sys.stdin); print("the %s win: %s" % (s["winner"].capitalize(), {"neo-killed": "Neo is killed", "nebuchadnezzar-destroyed": "the Nebuchadnezzar is destroyed", "time": "the robot army reaches Zion (20 Time counters)", "mission-points": "they reach 20 Mission Points"}[s["win_reason"]]))')
[ "${#said}" -gt 15 ]
# In words (issue 29), the code only in the state.
case $said in *-*) false ;; esac
[ "$(q "select result from campaigns")" = "$said" ]
contains out "the campaign is over: $said"
expect_exit 0 $db campaign list
contains out "$said"
expect_exit 0 $db campaign list --json
contains out "\"winner\": \"$said\""
expect_exit 0 $db campaign show z
contains out "status:    finished, result: $said"
expect_exit 0 $db campaign show z --json
contains out "\"winner\": \"$said\""
# By mail: HISTORY and LIST FINISHED.
printf 'From: ann@example.org\nTo: judge@example.org\nSubject: desk\nMessage-ID: <h1@example.org>\n\nHISTORY z\nLIST FINISHED\n' >h.eml
expect_exit 0 $db receive --now 2025-04-01T12:00Z <h.eml
q "select body from outbox where recipient = 'ann@example.org' and key like 'desk/%' order by id desc limit 1" >h.txt
contains h.txt "z: finished, result: $said"
contains h.txt "finished (result: $said)"
# The end mail and the last report say it in the same words.
q "select body from outbox where kind = 'end' and recipient = 'ann@example.org'" >end.txt
grep -qx "$said" end.txt
q "select body from outbox where kind = 'report' and recipient = 'ann@example.org' order by id desc limit 1" >last.txt
contains last.txt "THE GAME IS OVER: $said"
lacks last.txt "neo-killed"
said_line="T${said#t}."
contains last.txt "$said_line"
