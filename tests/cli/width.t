# Every text/plain mail of every game within 80 columns (issue 29 item 1).
# The games come from the registry (`mxjudge games --json`), not a list of
# this test's: each is played with long names (a 31-letter campaign, long
# seat and captain names) from its start to its end. A game of several
# seats is played by the autopilot (bot_plays_silent) after each seat has
# sent its order form back as it came and a mail the judge cannot read; a
# solo game gets the same two mails, then is left idle until the judge
# ends it. Observers get the bulletins; a duplicate set closes. Every
# mail queued (reports, receipts, error replies, reminders, bulletins, the
# end) is then measured; a game the test cannot set up fails it.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
T=$ROOT/templates
mx games --json >games.json
python3 - >games.txt <<'PY'
import json
for g in json.load(open("games.json")):
    kinds = " ".join(d["kind"] for d in g.get("data", []))
    print(g["name"], g["min_seats"], g["max_seats"], int(g["solo"]), int(g["game_master_seat"]),
          ",".join(g["sides"]) or "-", g["seat_word"], kinds or "-")
PY
[ "$(wc -l <games.txt)" -ge 5 ]

# at HOURS: a time HOURS hours after the start.
at() { date -u -d "2025-03-01T12:00Z + $1 hours" +%Y-%m-%dT%H:%MZ; }
# mail DB FROM ID FILE: delivers FILE's lines as a mail from FROM.
mail() {
	{ printf 'From: %s\nTo: judge@example.org\nSubject: Re: orders\nMessage-ID: <%s@example.org>\n\n' "$2" "$3"
	  cat "$4"; } >"$3.eml"
	mx --db "$1" receive --now "$5" <"$3.eml" >/dev/null 2>&1 || true
}
# The shipped sample of a data kind of a game (its template folder).
sample() {
	case $2 in
	scenario) ls "$T/$1"/scenarios/*.json | head -1 ;;
	character) ls "$T/$1"/characters/*.json | sed -n "$3p" ;;
	pack) ls "$T/$1"/sample-pack.json ;;
	*) echo none ;;
	esac
}

n=0
while read -r game min max solo gm sides word kinds; do
	n=$((n + 1))
	db=$game.db
	c=campaign-of-thirty-one-letters-$n
	c=$(printf '%s' "$c" | cut -c1-31)
	data=""
	for k in $kinds; do
		[ "$k" = - ] && continue
		[ "$k" = character ] && continue
		f=$(sample "$game" "$k")
		[ -f "$f" ] && data="$data --data $k=$f"
	done
	# shellcheck disable=SC2086
	mx --db $db campaign new $c --game $game --seed 5 --deadline 24 $data >/dev/null ||
		{ echo "$game: campaign new failed"; exit 1; }
	mx --db $db campaign set $c bot_plays_silent true >/dev/null 2>&1 || true
	mx --db $db campaign set $c bulletin_to bulletin-of-a-long-name@example.org >/dev/null
	seats=$min
	[ "$seats" -lt 2 ] && [ "$max" -ge 2 ] && seats=2
	i=0
	while [ $i -lt "$seats" ]; do
		i=$((i + 1))
		side=$(printf '%s' "$sides" | tr , '\n' | sed -n "$(( (i - 1) % 2 + 1 ))p")
		team=""
		[ "$sides" != - ] && team="--team $side"
		extra=""
		case " $kinds " in *" character "*) extra="--data character=$(sample "$game" character $i)" ;; esac
		seat=seat-with-a-long-name-number-$i
		# shellcheck disable=SC2086
		mx --db $db campaign join $c --captain "Maximilian Alexander Fitzgerald-Worthington $i" \
			--email "captain-number-$i-with-a-long-address@example.org" --ship $seat $team $extra \
			>/dev/null 2>join.err || { echo "$game: join failed"; cat join.err; exit 1; }
	done
	if [ "$gm" = 1 ]; then
		mx --db $db campaign join $c --captain "The Game Master of a Long Name" \
			--email gm-of-a-long-address@example.org --ship operator >/dev/null 2>&1 ||
			{ echo "$game: the game master's seat"; exit 1; }
	fi
	mx --db $db campaign start $c --now "$(at 0)" >/dev/null || { echo "$game: start failed"; exit 1; }
	# Each seat sends its form back as it came, then a mail the judge cannot read.
	i=0
	for email in $(sqlite3 $db "select distinct recipient from outbox where kind = 'report'"); do
		i=$((i + 1))
		sqlite3 $db "select body from outbox where recipient = '$email' and kind = 'report' order by id desc limit 1" |
			sed -n '/^GAME /,/^END$/p' >form.txt
		mail $db "$email" "$game-form-$i" form.txt "$(at 1)"
		sed '/^GAME /,/^END$/!d' form.txt | sed '$i\
NO SUCH ORDER AT ALL, NOT EVEN CLOSE' >bad.txt
		mail $db "$email" "$game-bad-$i" bad.txt "$(at 2)"
	done
	printf 'HELP\nSTATUS %s\nHISTORY %s\n' $c $c >desk.txt
	mail $db captain-number-1-with-a-long-address@example.org "$game-desk" desk.txt "$(at 3)"
	mx --db $db tick --now "$(at 14)" >/dev/null 2>&1 || true
	d=1
	while [ "$(sqlite3 $db "select status from campaigns where name = '$c'")" = running ] && [ $d -lt 90 ]; do
		mx --db $db process --now "$(at $((d * 24 + 1)))" >/dev/null 2>&1 || true
		d=$((d + 1))
	done
	[ "$(sqlite3 $db "select status from campaigns where name = '$c'")" = finished ] ||
		{ echo "$game: not finished after $d days"; exit 1; }
	mail $db captain-number-1-with-a-long-address@example.org "$game-desk2" desk.txt "$(at $((d * 24 + 1)))"
	sqlite3 $db "select distinct kind from outbox" | sort >"$game.kinds"
	grep -qx report "$game.kinds" && grep -qx bulletin "$game.kinds" ||
		{ echo "$game: no reports or bulletins"; cat "$game.kinds"; exit 1; }
done <games.txt

python3 - *.db <<'PY'
import sqlite3, sys
bad = 0
for path in sys.argv[1:]:
    db = sqlite3.connect(path)
    seen = set()
    for kind, key, body in db.execute("select kind, key, body from outbox order by id"):
        for n, line in enumerate(body.split("\n"), 1):
            if len(line) > 80:
                bad += 1
                if (kind, line[:12]) not in seen:
                    seen.add((kind, line[:12]))
                    print("%s: %s %s line %d: %d columns: %s" % (path, kind, key, n, len(line), line))
if bad:
    print("%d lines over 80 columns" % bad)
sys.exit(1 if bad else 0)
PY
