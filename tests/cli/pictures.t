# Pictures and the archive (mxjudge-board(1), mxjudge-publish(1)): every
# game draws its board as SVG that parses and as a PNG of the SVG's size;
# a seat's picture comes from its view (the duel's hands are counts); the
# mails of every game parse as MIME, each report and bulletin with the
# board inline (the <img> names the PNG part); the archive is HTML with
# no script, an Atom feed that parses, and a run of a duplicate set is
# refused until the set is over; publish_to makes process publish.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
T=$ROOT/templates
q() { sqlite3 "$1" "$2"; }

mx --db h.db campaign new g --width 8 --height 5 --seed 3 --deadline 24 >/dev/null
mx --db h.db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx --db h.db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx --db h.db campaign start g --now 2025-03-01T12:00Z >/dev/null
mx --db d.db campaign new z --game duel --seed 5 --deadline 24 >/dev/null
mx --db d.db campaign join z --captain Ann --email ann@example.org --ship zion --team humans >/dev/null 2>&1
mx --db d.db campaign join z --captain Bob --email bob@example.org --ship smith --team machines >/dev/null 2>&1
mx --db d.db campaign start z --now 2025-03-01T12:00Z >/dev/null
mx --db n.db campaign new run1 --game netrun --seed 7 >/dev/null
mx --db n.db campaign join run1 --captain Ann --email ann@example.org --ship ann >/dev/null 2>&1
mx --db n.db campaign start run1 --now 2025-03-01T12:00Z >/dev/null
mx --db i.db campaign new sk --game iterations --data scenario=$T/iterations/scenarios/lobby.json --seed 3 --deadline 24 >/dev/null
mx --db i.db campaign join sk --captain Ann --email ann@example.org --ship ann --data character=$T/iterations/characters/neo.json >/dev/null 2>&1
mx --db i.db campaign join sk --captain GM --email gm@example.org --ship operator >/dev/null 2>&1
mx --db i.db campaign start sk --now 2025-03-01T12:00Z >/dev/null
mx --db l.db campaign new h --game legendary --data pack=$T/legendary/sample-pack.json --set nonce=false --seed 3 >/dev/null
mx --db l.db campaign join h --captain Ann --email ann@example.org --ship ann >/dev/null 2>&1
mx --db l.db campaign start h --now 2025-03-01T12:00Z >/dev/null

# svg_png FILE.svg FILE.png: the SVG parses, the PNG is one of its size.
svg_png() {
	python3 - "$1" "$2" <<'PY'
import struct, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
png = open(sys.argv[2], "rb").read()
assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR", sys.argv[2]
w, h = struct.unpack(">II", png[16:24])
assert (w, h) == (int(root.get("width")), int(root.get("height"))), (w, h, root.attrib)
PY
}
for x in "h g Minx" "d z zion" "n run1 ann" "i sk ann" "l h ann"; do
	set -- $x
	expect_exit 0 --db $1.db board $2 --svg -o $2.svg
	expect_exit 0 --db $1.db board $2 --png --seat $3 -o $2.png
	[ ! -s out ]
	svg_png $2.svg $2.png
	python3 "$ROOT/tests/cli/pngdiff.py" $2.png $2.png >/dev/null
	expect_exit 0 --db $1.db board $2 --turn 0 --seat $3 --svg
	cp out $2-seat.svg
	python3 -c 'import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])' $2-seat.svg
done
contains g.svg ">Minx</text>"
contains g.svg ">Locust</text>"
contains run1.svg "Run run1: 0 steps"
contains sk.svg ">Street (exit)</text>"
contains h.svg "Matrix row"
# The duel's seats see each other's hands as counts; nobody's cards are drawn.
contains z-seat.svg ">Hand 8</text>"
for id in $(q d.db "select json_extract(state_after, '\$.humans.hand') || json_extract(state_after, '\$.machines.hand') from turns where number = 0" | tr -c 'A-Z0-9' ' '); do
	lacks z-seat.svg ">$id " && lacks z.svg ">$id "
done

# What cannot be drawn is said, with the exit of the man page.
expect_exit 2 --db h.db board g
contains err "say --svg or --png"
expect_exit 2 --db h.db board g --svg --png
expect_exit 65 --db h.db board g --svg --turn 9
contains err "campaign 'g' has no turn 9 (turns 0 to 1)"
expect_exit 65 --db h.db board g --svg --turn 1
contains err "turn 1 is not resolved yet"
expect_exit 65 --db h.db board g --svg --seat Nobody
contains err "campaign 'g' has no SHIP named 'Nobody'"
expect_exit 65 --db h.db board nosuch --svg

# Every mail of every game parses as MIME; reports show the board inline.
for db in h d n i l; do mx --db $db.db mail send --now 2025-03-01T13:00Z >/dev/null; done
python3 - */new <<'PY'
import email, email.policy, glob, os, sys
n = 0
for d in sys.argv[1:]:
    for path in sorted(glob.glob(d + "/*")):
        raw = open(path, "rb").read()
        m = email.message_from_bytes(raw, policy=email.policy.default)
        for part in m.walk():
            assert not part.defects, (path, part.get_content_type(), part.defects)
        types = [p.get_content_type() for p in m.walk()]
        assert types == ["multipart/alternative", "text/plain", "multipart/related",
                         "text/html", "image/png"], (path, types)
        text = m.get_body(("plain",)).get_content()
        html = m.get_body(("html",)).get_content()
        png = [p for p in m.walk() if p.get_content_type() == "image/png"][0]
        assert png.get_content()[:8] == b"\x89PNG\r\n\x1a\n", path
        assert 'src="cid:%s"' % png["Content-ID"].strip("<>") in html, path
        assert "<pre" in html and text.splitlines()[0].replace("&", "&amp;") in html, path
        n += 1
assert n == 8, n  # two Hovercrafts, two duel, two skirmish, one netrun, one legendary
print("mime ok", n)
PY

# The archive: HTML with no script, the feed parses, only public turns.
expect_exit 0 --db d.db publish z --to site
contains out "z: published into site"
[ -f site/index.html ] && [ -f site/turn-0.html ] && [ -f site/feed.atom ]
python3 - site <<'PY'
import glob, sys, xml.etree.ElementTree as ET
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__(); self.tags = []; self.stack = []
    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        assert tag != "script", "a script"
        for k, v in attrs:
            assert not k.startswith("on"), (tag, k)
            if k in ("href", "src"):
                assert "://" not in v and not v.startswith("/"), (tag, v)
for path in glob.glob(sys.argv[1] + "/*.html"):
    text = open(path, encoding="utf-8").read()
    assert text.startswith("<!DOCTYPE html>\n<html lang=\"en\">"), path
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
    p = P(); p.feed(text); p.close()
    assert "title" in p.tags and "body" in p.tags, path
feed = ET.parse(sys.argv[1] + "/feed.atom").getroot()
ns = "{http://www.w3.org/2005/Atom}"
assert feed.tag == ns + "feed"
assert [e.find(ns + "link").get("href") for e in feed.findall(ns + "entry")] == ["turn-0.html"]
print("site ok")
PY
contains site/turn-0.html "<svg xmlns"
contains site/turn-0.html "2 sealed draws shown when the game is over."
for id in $(q d.db "select json_extract(state_after, '\$.humans.hand') || json_extract(state_after, '\$.machines.hand') from turns where number = 0" | tr -c 'A-Z0-9' ' '); do
	lacks site/turn-0.html "$id "
done
expect_exit 2 --db d.db publish z
expect_exit 65 --db d.db publish nosuch --to site

# A run of a duplicate set is not published before the set is over.
mx --db n.db campaign new cup --game netrun --duplicate --seed 9 >/dev/null
mx --db n.db campaign join cup --captain Bo --email bo@example.org --ship bo >/dev/null 2>&1
mx --db n.db campaign join cup --captain Cy --email cy@example.org --ship cy >/dev/null 2>&1
mx --db n.db campaign start cup --now 2025-03-02T12:00Z >/dev/null
expect_exit 65 --db n.db publish cup.1 --to cup1
contains err "campaign 'cup.1' is a run of the duplicate set 'cup': it is published once the set is over"
[ ! -e cup1 ]
expect_exit 0 --db n.db campaign close cup --now 2025-03-03T12:00Z
expect_exit 0 --db n.db publish cup.1 --to cup1
[ -f cup1/turn-0.html ]

# publish_to: process publishes whenever the archive is behind.
mkdir pub
expect_exit 0 --db h.db campaign set g publish_to "$PWD/pub"
expect_exit 0 --db h.db process --now 2025-03-01T13:00Z
[ -f pub/index.html ] && [ -f pub/turn-0.html ] && [ ! -e pub/turn-1.html ]
[ "$(cat pub/.mxjudge-published)" = "1 running" ]
expect_exit 0 --db h.db process --now 2025-03-03T13:00Z
[ -f pub/turn-1.html ]
[ "$(cat pub/.mxjudge-published)" = "2 running" ]
contains pub/index.html '<a href="turn-1.html">Turn 1</a>'
