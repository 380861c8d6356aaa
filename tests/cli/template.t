# template render: a game master tries a template on any data.
printf 'Hello {{name}}{{#ships}}, {{.}}{{/ships}}!\n{{> sig}}' > t.mustache
mkdir parts
printf -- '-- {{from}}\n' > parts/sig.mustache
expect_exit 0 template render t.mustache --data '{"name":"Neo","ships":["Minx","Locust"],"from":"the judge"}' --partials parts
printf 'Hello Neo, Minx, Locust!\n-- the judge\n' > want
diff -u want out

printf '{"name":"<Trinity>"}' > data.json
printf '{{name}} {{{name}}}\n' > esc.mustache
expect_exit 0 template render esc.mustache --data data.json
printf '&lt;Trinity&gt; <Trinity>\n' > want
diff -u want out

printf 'a\n{{#open}}\nb\n' > bad.mustache
expect_exit 65 template render bad.mustache
contains err "bad.mustache: line 2: section 'open' is not closed"

expect_exit 65 template render t.mustache --data '{"name":'
contains err "--data:1: expected valid JSON"

# Every shipped template parses and renders with an empty model, a
# game's own (templates/GAME/) with its partials.
n=0
for f in "$ROOT"/templates/*.mustache "$ROOT"/templates/*/*.mustache; do
	expect_exit 0 template render "$f" --partials "$ROOT/templates"
	n=$((n + 1))
done
[ -f "$ROOT/templates/hovercrafts/report.mustache" ] && [ "$n" -ge 50 ]
# Any JSON value is data (the spec's implicit iterator); a CR LF template
# renders with CR LF; a file that is not there is said so.
printf 'Hi {{.}}!\r\nBye\r\n' >crlf.mustache
expect_exit 0 template render crlf.mustache --data '"Ann"'
printf 'Hi Ann!\r\nBye\r\n' >want
cmp want out
expect_exit 0 template render crlf.mustache --data 42
contains out "Hi 42!"
expect_exit 65 template render crlf.mustache --data missing.json
contains err "--data: no file named 'missing.json', and it is not JSON either"

# A template file in a game's folder takes that game's partials first
# (GAME/NAME, then NAME, in each directory); --game says it for any file,
# and a file elsewhere is Hovercrafts'.
mkdir -p p/duel p/hovercrafts
printf 'flat\n' >p/who.mustache
printf 'duel\n' >p/duel/who.mustache
printf '{{> who}}' >p/duel/t.mustache
printf '{{> who}}' >g.mustache
expect_exit 0 template render g.mustache --partials p
printf 'flat\n' >want
diff -u want out
expect_exit 0 template render g.mustache --partials p --game duel
printf 'duel\n' >want
diff -u want out
expect_exit 0 template render p/duel/t.mustache --partials p
diff -u want out
printf 'hover\n' >p/hovercrafts/who.mustache
expect_exit 0 template render g.mustache --partials p
printf 'hover\n' >want
diff -u want out
expect_exit 2 template render g.mustache --game chess
contains err "--game: no game named 'chess'"

# A Hovercrafts campaign's templates directory (setting "templates"), its
# report looked up as DIR/hovercrafts/report, DIR/report, then the shipped
# ones the same way (templates/hovercrafts/report): a flat report of the
# game master's still overrides the shipped one, one in the game's folder
# comes before it, and their partials, flat or in the folder, go into the
# shipped report. Each as `report` prints it and as the judge mails it.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
mx $db process --now 2025-03-02T12:00Z >/dev/null
expect_exit 0 $db report g --ship Minx
cp out shipped.txt
contains shipped.txt "HOVERCRAFTS - g - turn 1"
contains shipped.txt "FLEETS"
mkdir -p own/hovercrafts
mx $db campaign set g templates "$PWD/own" >/dev/null
expect_exit 0 $db report g --ship Minx
cmp shipped.txt out
# A flat partial of theirs in the shipped report; one in the folder before it.
printf 'OWN FLEET\n' >own/fleet.mustache
expect_exit 0 $db report g --ship Minx
contains out "HOVERCRAFTS - g - turn 1"
contains out "OWN FLEET"
lacks out "FLEETS"
contains out "THE DICE"
printf 'GAME FLEET\n' >own/hovercrafts/fleet.mustache
expect_exit 0 $db report g --ship Minx
contains out "GAME FLEET"
lacks out "OWN FLEET"
# A flat report of theirs overrides the shipped one, with their partials.
printf 'FLAT REPORT {{{campaign}}}\n{{> fleet}}' >own/report.mustache
expect_exit 0 $db report g --ship Minx
printf 'FLAT REPORT g\nGAME FLEET\n' >want
diff -u want out
# Theirs in the game's folder comes before their flat one; the shipped
# dice partial (flat) is still found from it.
printf 'FOLDER REPORT {{{campaign}}}\n{{> dice}}' >own/hovercrafts/report.mustache
expect_exit 0 $db report g --ship Minx
contains out "FOLDER REPORT g"
contains out "THE DICE"
lacks out "FLAT REPORT"
# The bulletin, not theirs, is still the shipped one, with their fleet.
expect_exit 0 $db report g
contains out "HOVERCRAFTS - g - turn 1 bulletin"
contains out "GAME FLEET"
# The judge mails what they wrote.
mx $db process --now 2025-03-03T12:00Z >/dev/null
expect_exit 0 $db campaign outbox g --full
[ "$(grep -c "FOLDER REPORT g" out)" -eq 2 ]
lacks out "FLAT REPORT"

# A comment from a line's end to the next line's start takes the break
# with it (mxjudge-templates(5)): the shipped sources keep within 80
# columns so and render as before.
printf 'Orders start with a GAME line; reply to {{!\n}}your {{#r}}latest {{!\n}}{{/r}}report.\nEnd.\n' >cont.mustache
expect_exit 0 template render cont.mustache --data '{"r":true}'
printf 'Orders start with a GAME line; reply to your latest report.\nEnd.\n' >want
diff -u want out
# Every shipped template's source within 80 columns (issue 29).
find "$ROOT/templates" -name '*.mustache' |
	xargs awk 'length($0) > 80 { print FILENAME ":" FNR ": " length($0) " columns"; bad = 1 } END { exit bad }'
