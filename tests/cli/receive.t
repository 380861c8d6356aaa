# receive: every message is stored first, then answered; the mail corpus,
# a real reply to a report, strangers, limits, and a locked database.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mail="$ROOT/tests/cli/mail"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join g --captain Bob --email Bob@Example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
t="--now 2025-03-01T13:00Z"
count() { sqlite3 t.db "$1"; }

# Ann replies to her report from a mail client: the code, not the password.
count "select body from outbox where recipient = 'ann@example.org' and kind = 'report'" >report.txt
code=$(sed -n 's/^CODE //p' report.txt)
[ ${#code} -eq 10 ]
python3 "$mail/reply.py" ann@example.org report.txt report-1@localhost "CODE $code" Move Left >reply.eml
grep -q "$(printf '\r')" reply.eml
grep -q "Content-Transfer-Encoding: base64" reply.eml
expect_exit 0 $db receive $t <reply.eml
contains out "orders sealed for Minx in g, turn 1; receipt queued"
[ "$(count "select count(*) from orders where current = 1")" -eq 1 ]
[ "$(count "select understood from orders")" = "$(printf 'SHIP Minx\n1-MOVE\n2-LEFT')" ]
count "select in_reply_to from outbox where kind = 'receipt'" | grep -q '^reply-2-[0-9a-f]\{8\}@example.org$'
[ "$(count "select status from mail_in")" = "orders" ]
# Once read, only its headers and the orders block are kept, secrets
# redacted (issue 14.4, 19.11); the digest stays the original's.
count "select writefile('stored.eml', raw) from mail_in where id = 1" >/dev/null
contains stored.eml "X-Mxjudge-Kept: the orders block only (GAME to END), secrets redacted"
contains stored.eml "CODE [redacted]"
lacks stored.eml "$code"
lacks stored.eml "Content-Transfer-Encoding: base64"
[ "$(count "select kept from mail_in where id = 1")" = summary ]
[ "$(count "select digest from mail_in where id = 1")" = "$(sha256sum <reply.eml | cut -d' ' -f1)" ]
# The same message delivered again (a mail agent's retry) is not sealed twice.
expect_exit 0 $db receive $t <reply.eml
contains out "received before"
[ "$(count "select count(*) from orders")" -eq 1 ]
[ "$(count "select count(*) from outbox where kind = 'receipt'")" -eq 1 ]

# A wrong code, the right code from another address, a CODE on the command line.
python3 "$mail/reply.py" ann@example.org report.txt r@x "CODE abcdefghjk" Move >bad.eml
expect_exit 0 $db receive $t <bad.eml
contains out "wrong order code for Minx"
count "select body from outbox where kind = 'error-reply'" >e1
contains e1 "were NOT accepted"
contains e1 "your earlier orders still stand"
python3 "$mail/reply.py" bob@example.org report.txt r@x "CODE $code" Move Move >bob.eml
expect_exit 0 $db receive $t <bob.eml
contains out "taken only from the address its captain joined with"
[ "$(count "select recipient from outbox where kind = 'error-reply' order by id desc limit 1")" = "Bob@Example.org" ]
printf 'GAME g\nSHIP Minx\nCODE %s\nMOVE\n' "$code" >f
expect_exit 65 $db orders submit f $t
contains err "a CODE is taken only in mail"
[ "$(count "select count(*) from orders")" -eq 1 ]

# A refused line is quoted in the answer, with what was expected.
printf 'From: bob@example.org\nSubject: orders\nMessage-ID: <b3@x>\n\nGAME g\nSHIP Locust\nCODE x\n1-Jump\n' >jump.eml
expect_exit 0 $db receive $t <jump.eml
count "select body from outbox where kind = 'error-reply' order by id desc limit 1" >e2
contains e2 "  > 1-Jump"
contains e2 "expected an action (MOVE, LEFT, RIGHT, LAND, EMP or REPAIR), got '1-Jump'"
contains e2 "Nothing was stored; no orders are on file for this turn yet."
# Orders that do not parse still name their campaign and its deadline.
contains e2 "Your orders in g were NOT accepted."
contains e2 "Send the corrected block before the deadline (2025-03-02 12:00 UTC):"
[ "$(count "select in_reply_to from outbox where kind = 'error-reply' order by id desc limit 1")" = "b3@x" ]
# An unknown campaign: not named; the block of Bob's own open turn instead.
printf 'From: bob@example.org\nSubject: orders\nMessage-ID: <b4@x>\n\nGAME nosuch\nSHIP Locust\nCODE x\n1-Jump\n' |
	mx $db receive $t >/dev/null
count "select body from outbox where kind = 'error-reply' order by id desc limit 1" >e3
contains e3 "Your orders were NOT accepted."
[ "$(sed -n '/^GAME g$/,/^END$/p' e3 | head -3 | tr '\n' ' ' | cut -c1-24)" = "GAME g SHIP Locust CODE " ]

# No orders: a short help. A stranger: stored and logged, never answered.
printf 'From: Bob <bob@example.org>\nSubject: hi\n\nWhen is the next turn?\n' | mx $db receive $t >out
contains out "no orders found"
count "select body from outbox where kind = 'help'" >h
contains h "Hello Bob,"
contains h "The judge found no orders in your mail"
before=$(count "select count(*) from outbox")
printf 'From: spammer@example.net\nSubject: GAME g\n\nGAME g\nSHIP Minx\n' | mx $db receive $t >out 2>err
contains err "unknown address 'spammer@example.net'; stored, not answered"
printf 'From: MAILER-DAEMON@example.org\nSubject: Undelivered\n\nGAME g\n' | mx $db receive $t >out 2>err
printf 'From: ann@example.org\nAuto-Submitted: auto-replied\nSubject: away\n\nI am away.\n' | mx $db receive $t >out
contains out "automatic message"
[ "$(count "select count(*) from outbox")" -eq "$before" ]
[ "$(count "select status from mail_in where sender = 'spammer@example.net'")" = "unknown-sender" ]

# Too large: stored in part, answered with the limit.
{ printf 'From: ann@example.org\nSubject: big\n\n'; head -c 11000000 /dev/zero | tr '\0' 'x'; } >big.eml
expect_exit 0 $db receive $t <big.eml
contains out "message over 10 MiB; help queued"
[ "$(count "select truncated || ' ' || size from mail_in where status = 'too-large'")" = "1 $(wc -c <big.eml | tr -d ' ')" ]
count "select body from outbox where kind = 'help' order by id desc limit 1" >h2
contains h2 "too large for the judge to read: over 10 MiB"

# Every message of the corpus, as a stranger's and as Ann's: none fails,
# each is stored, Ann's each give orders or "no orders found".
corpus="$MXJUDGE_TESTDATA/mail-corpus"
[ -d "$corpus" ] || { echo "no mail corpus at $corpus (set MXJUDGE_TESTDATA)"; exit 1; }
n=0
for f in $(find "$corpus" -name '*.eml' | sort); do
	n=$((n + 1))
	expect_exit 0 $db receive $t <"$f"
	# Ann's From in place of the sender's (header lines only), and its own
	# Message-ID: the same Message-ID again would be the same mail.
	awk 'BEGIN { h = 1; print "From: Ann <ann@example.org>" }
	     h && ($0 == "" || $0 == "\r") { h = 0 }
	     h && tolower($0) ~ /^(from|message-id):/ { print "X-Was-" $0; next }
	     { print }' "$f" >as-ann.eml
	expect_exit 0 $db receive $t <as-ann.eml
	# (RFC 2822's example08 is example01 resent: the same mail, received before.)
	if ! grep -q -e "no orders found" -e "orders sealed" -e "automatic message" \
		-e "received before" out; then
		echo "$f: neither orders nor 'no orders found'"; cat out; exit 1
	fi
done
[ "$n" -ge 50 ]
[ "$(count "select count(*) from mail_in where status in ('stored', 'error')")" -eq 0 ]
[ "$(count "select count(*) from mail_in where status = 'no-orders'")" -ge "$((n - 5))" ]

# A locked database: exit 75 (the mail agent retries), nothing lost; the retry stores it.
printf 'From: ann@example.org\nSubject: again\nMessage-ID: <late@x>\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-Land\n' "$pa" >late.eml
stored=$(count "select count(*) from mail_in")
{ echo "BEGIN IMMEDIATE;"; echo "SELECT 'locked';"; sleep 13; echo "COMMIT;"; } | sqlite3 t.db >lock.out &
lock=$!
trap 'kill $lock 2>/dev/null || true' EXIT
i=0; until grep -q locked lock.out 2>/dev/null; do i=$((i + 1)); [ $i -lt 100 ] || exit 1; sleep 0.1; done
expect_exit 75 $db receive $t <late.eml
contains err "not stored"
wait $lock
[ "$(count "select count(*) from mail_in")" -eq "$stored" ]
expect_exit 0 $db receive $t <late.eml
contains out "orders sealed for Minx"
[ "$(count "select understood from orders where current = 1")" = "$(printf 'SHIP Minx\n1-LAND')" ]
