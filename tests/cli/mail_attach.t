# Orders as a text/plain attachment (issue 18, item 6), through receive:
# read when the text holds none (base64 or not), sealed and answered like
# orders in the text; every other attachment is ignored, and the answer
# says so (a receipt, or the help when nothing else was readable); a
# text/plain attachment over 64 KiB is not read. The toy game's receipt
# too (the generic driver).
[ -n "${MXJUDGE_TOY:-}" ] || { echo "MXJUDGE_TOY is not set (make check builds it)"; exit 1; }
MXJUDGE=$MXJUDGE_TOY
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
game_ann_bob
# multipart ID BODY PART...: a mail from ann, BODY as its text part, each
# PART "TYPE|DISPOSITION|CONTENT" (CONTENT base64 when TYPE ends in ;b64).
multipart() {
	id=$1 body=$2
	shift 2
	printf 'From: ann@example.org\nTo: judge@example.org\nSubject: orders\nMessage-ID: <%s@example.org>\n' "$id"
	printf 'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="XX"\n\n--XX\nContent-Type: text/plain; charset=utf-8\n\n%b\n' "$body"
	for part in "$@"; do
		type=${part%%|*} rest=${part#*|}
		disp=${rest%%|*} content=${rest#*|}
		printf -- '--XX\nContent-Type: %s\nContent-Disposition: %s\n' "${type%;b64}" "$disp"
		case $type in
		*';b64') printf 'Content-Transfer-Encoding: base64\n\n%s\n' "$(printf '%b' "$content" | base64 -w 76)" ;;
		*) printf '\n%b\n' "$content" ;;
		esac
	done
	printf -- '--XX--\n'
}
orders="GAME g\nSHIP Minx\nPASSWORD $pa\nTURN 1\n1-Move\n2-Left\nEND"

# Orders in the attachment only (base64): sealed, answered with the receipt.
multipart a1 "My orders are attached." "text/plain; name=orders.txt;b64|attachment; filename=orders.txt|$orders" >a1.eml
expect_exit 0 $db receive --now 2025-03-01T13:00Z <a1.eml
contains out "orders sealed for Minx in g, turn 1 (from its text/plain attachment); receipt queued"
[ "$(q "select understood from orders where current = 1")" = "SHIP Minx
1-MOVE
2-LEFT" ]
q "select body from outbox where kind = 'receipt'" >r1.txt
contains r1.txt "Orders received in g for turn 1."
lacks r1.txt "not read"
lacks r1.txt "$pa"

# Orders in the text, a picture beside them: sealed, the picture named as not read.
multipart a2 "$orders" "image/png;b64|attachment; filename=ship.png|PNG" "application/pdf;b64|attachment; filename=rules.pdf|PDF" >a2.eml
expect_exit 0 $db receive --now 2025-03-01T13:10Z <a2.eml
contains out "orders sealed for Minx in g, turn 1; receipt queued"
q "select body from outbox where kind = 'receipt' order by id desc limit 1" >r2.txt
contains r2.txt "2 attachments of your mail were not read: the judge reads orders from the text of a mail, or from one text/plain attachment."

# Nothing readable but a PDF: the help says why.
multipart a3 "See the file." "application/pdf;b64|attachment; filename=orders.pdf|$orders" >a3.eml
expect_exit 0 $db receive --now 2025-03-01T13:20Z <a3.eml
contains out "no orders found"
q "select body from outbox where kind = 'help' order by id desc limit 1" >h3.txt
contains h3.txt "Your mail's attachments were not read: the judge reads orders from the"
[ "$(q "select count(*) from orders")" -eq 2 ]

# A text/plain attachment over 64 KiB is not read.
big=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "; padding line %05d\\n", i }')
multipart a4 "Attached." "text/plain|attachment; filename=big.txt|$orders\n$big" >a4.eml
[ "$(wc -c <a4.eml)" -gt 65536 ]
expect_exit 0 $db receive --now 2025-03-01T13:30Z <a4.eml
contains out "no orders found"
[ "$(q "select count(*) from orders")" -eq 2 ]

# The generic driver: the toy game's orders in an attachment, its receipt with the note.
mx $db campaign new d --game toy --seed 5 --deadline 24 >/dev/null
pn=$(mx $db campaign join d --captain Ann --email ann@example.org --ship north1 --team north 2>/dev/null)
mx $db campaign join d --captain Bob --email bob@example.org --ship south2 --team south >/dev/null 2>&1
mx $db campaign start d --now 2025-03-01T12:00Z >/dev/null
card=$(q "select json_extract(state_after, '\$.private.north1.hand[0]') from turns t join campaigns c on c.id = t.campaign_id where c.name = 'd' and number = 0")
multipart a5 "Attached, with a photo." "text/plain|attachment; filename=play.txt|GAME d\nSEAT north1\nPASSWORD $pn\nPLAY $card\nEND" "image/jpeg;b64|attachment; filename=me.jpg|JPEG" >a5.eml
expect_exit 0 $db receive --now 2025-03-01T13:40Z <a5.eml
contains out "orders sealed for north1 in d, turn 1 (from its text/plain attachment)"
q "select body from outbox where kind = 'receipt' order by id desc limit 1" >r5.txt
contains r5.txt "Orders received for north1 in d"
contains r5.txt "1 attachment of your mail was not read"
