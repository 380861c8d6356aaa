# The judge under hostile mail (issue 14, items 1 to 7; issue 19.11): what
# a stranger on the internet can send, bounded in count and time, on the
# loopback only (the judge's own Maildir delivery, no server).
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
q() { sqlite3 t.db "$1"; }
code_of() { q "select body from outbox where recipient = '$1' and kind = 'report' order by id desc limit 1" | sed -n 's/^CODE //p'; }
ca=$(code_of ann@example.org)
[ ${#ca} -eq 10 ]
# msg ID FROM [HEADER...]: a plain mail of stdin's body into m.eml.
msg() {
	id=$1 from=$2; shift 2
	{ printf 'From: %s\nSubject: orders\nMessage-ID: <%s@example.org>\nDate: Sat, 01 Mar 2025 13:00:00 +0000\n' "$from" "$id"
	  for h in "$@"; do printf '%s\n' "$h"; done
	  printf '\n'; cat; } >m.eml
}
recv() { expect_exit 0 $db receive --now "${1:-2025-03-01T13:00Z}" <m.eml; }
answers() { q "select count(*) from outbox where recipient = '$1' and kind in ('help', 'error-reply')"; }

# ---- 1. Nested <blockquote> from a stranger: linear time and memory. ----
# 320 KB of <blockquote> then <br> took 4.6 s and 790 MB when every line
# carried one "> " per level.
python3 - <<'EOF' >bomb.eml
import sys
html = "<blockquote>" * 13000 + "x<br>" * 32000
sys.stdout.write("From: eve@example.net\r\nSubject: hi\r\nMessage-ID: <bomb@example.net>\r\n"
                 "MIME-Version: 1.0\r\nContent-Type: text/html; charset=utf-8\r\n\r\n" + html + "\r\n")
EOF
# Peak memory of the child, in KiB (python3 is a test dependency already).
python3 -c 'import resource, subprocess, sys
with open("bomb.eml", "rb") as i, open("out", "wb") as o, open("err", "wb") as e:
    subprocess.run(sys.argv[1:], stdin=i, stdout=o, stderr=e, timeout=60)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' \
	$MXJUDGE_WRAP "$MXJUDGE" $db receive --now 2025-03-01T13:00Z >rss
[ "$(cat rss)" -lt 400000 ] || { echo "receive took $(cat rss) KiB"; exit 1; }
contains err "from unknown address 'eve@example.net'"
# A mail the judge dies reading (the kernel's OOM killer, say) is set aside
# after 3 tries, and the mails after it in the Maildir are read.
mkdir -p md/new md/cur md/tmp
printf 'From: eve@example.net\nSubject: x\nMessage-ID: <poison@example.net>\n\nPOISON-4711\n' >md/new/1.a
printf 'GAME g\nSHIP Minx\nCODE %s\n1-Move\n' "$ca" | msg after ann@example.org
cp m.eml md/new/2.b
for try in 1 2 3; do
	set +e
	MXJUDGE_CRASH_AT=mail-reading MXJUDGE_CRASH_MATCH=POISON-4711 $MXJUDGE_WRAP "$MXJUDGE" $db receive --maildir md --now 2025-03-01T13:00Z >out 2>err
	rc=$?
	set -e
	[ "$rc" -eq 137 ] || { echo "try $try: expected SIGKILL, got $rc"; cat err; exit 1; }
	[ -e md/new/2.b ]
done
MXJUDGE_CRASH_AT=mail-reading MXJUDGE_CRASH_MATCH=POISON-4711 expect_exit 0 $db receive --maildir md --now 2025-03-01T13:00Z
contains err "set aside: 3 reads of it never ended"
contains out "orders sealed for Minx in g, turn 1"
[ "$(q "select status || ' ' || kept from mail_in where mail_key = 'id:poison@example.net'")" = "set-aside whole" ]
[ ! -e md/new/1.a ] && [ ! -e md/new/2.b ]
expect_exit 1 $db doctor --now 2025-03-01T13:00Z
contains out "warn mail-in"
contains out "set aside (#"

# ---- 2. Headers: nothing from a mail puts a line break into an answer. ----
# Each header the judge copies from a mail (Message-ID into In-Reply-To and
# References, Subject into Subject, the From display name) with CR, LF,
# NUL and encoded words; Ann's address, so each gets an answer.
i=0
for hdr in \
	'Message-ID: <x=?utf-8?q?=0AX-Spam-Flag:_NO=0A=0Abody?=@x>' \
	'Message-ID: <x=?utf-8?q?=0D=0AX-Spam-Flag:_NO?=@x>' \
	'Message-ID: <x=?utf-8?b?AApYLVNwYW0tRmxhZzogTk8K?=@x>' \
	"$(printf 'Message-ID: <a\rX-Spam-Flag: NO@x>')" \
	"$(printf 'Message-ID: <a@x>\n X-Spam-Flag: NO')" \
	'Subject: =?utf-8?q?hi=0D=0AX-Spam-Flag:_NO=0D=0A=0D=0Abody?=' \
	'Subject: =?utf-8?q?hi=00X-Spam-Flag:_NO?=' \
	"$(printf 'Subject: hi\rX-Spam-Flag: NO')" \
	'From: =?utf-8?q?Ann=0D=0AX-Spam-Flag:_NO?= <ann@example.org>' \
	'References: <r=?utf-8?q?=0AX-Spam-Flag:_NO?=@x>' \
	'In-Reply-To: <r=?utf-8?q?=0AX-Spam-Flag:_NO?=@x>'; do
	i=$((i + 1))
	name=${hdr%%:*}
	{ [ "$name" = From ] || printf 'From: ann@example.org\n'
	  [ "$name" = Subject ] || printf 'Subject: question %s\n' "$i"
	  [ "$name" = Message-ID ] || printf 'Message-ID: <h%s@example.org>\n' "$i"
	  printf '%s\nDate: Sat, 01 Mar 2025 13:00:00 +0000\n\nWhen is the next turn? %s\n' "$hdr" "$i"; } >m.eml
	recv
done
# And a NUL inside a header line.
printf 'From: ann@example.org\nSubject: nul\nMessage-ID: <n\000X-Spam-Flag: NO@x>\n\nHello nul\n' >m.eml
recv
[ "$(answers ann@example.org)" -ge 10 ]
rm -rf Maildir
expect_exit 0 $db mail send --now 2025-03-01T13:05Z
for f in Maildir/new/*; do
	# The header section: every line one of the judge's own, or a continuation.
	awk '/^\r?$/ { exit } { print }' "$f" >h
	if grep -v -E '^(Date|From|To|Subject|Message-ID|In-Reply-To|References|Auto-Submitted|X-Loop|MIME-Version|Content-Type|Content-Transfer-Encoding): |^[ 	]' h; then
		echo "$f: a header the judge never writes"; exit 1
	fi
	# The attacker's words may stand inside a Subject, never as a header of their own.
	if grep -q '^X-Spam-Flag' h; then echo "$f: an injected header"; exit 1; fi
	# CR only at the end of a line.
	[ "$(grep -c "$(printf '\r')$" h)" -eq "$(wc -l <h)" ]
	[ "$(tr -cd '\r' <h | wc -c)" -eq "$(wc -l <h)" ]
done
# Every answer says it is one (RFC 3834) and names the judge in X-Loop.
n=$(ls Maildir/new | wc -l)
[ "$(grep -l '^Auto-Submitted: auto-replied' Maildir/new/* | wc -l)" -ge 10 ]
[ "$(grep -l '^X-Loop: mxjudge@localhost' Maildir/new/* | wc -l)" -eq "$n" ]

# ---- 3. Forged wrong passwords never lock out the captain's CODE. ----
mx $db campaign set g gm_email gm@example.org >/dev/null
before=$(answers bob@example.org)
for k in $(seq 1 35); do
	printf 'GAME g\nSHIP Locust\nPASSWORD forged%s\n1-Move\n' "$k" | msg forged$k bob@example.org
	recv 2025-03-01T14:00Z
done
# Bob heard of them once, the game master once.
[ "$(($(answers bob@example.org) - before))" -eq 1 ]
[ "$(q "select count(*) from outbox where kind = 'alert'")" -eq 1 ]
[ "$(q "select recipient from outbox where kind = 'alert'")" = gm@example.org ]
# The right password is refused while locked; the CODE of his report is taken.
printf 'GAME g\nSHIP Locust\nPASSWORD %s\n1-Move\n' "$pb" >o
expect_exit 65 $db orders submit o --now 2025-03-01T14:01Z
contains err "its PASSWORD is refused until"
cb=$(code_of bob@example.org)
printf 'GAME g\nSHIP Locust\nCODE %s\n1-Left\n' "$cb" | msg bobcode bob@example.org
recv 2025-03-01T14:02Z
contains out "orders sealed for Locust in g, turn 1"
# The game master lifts the lockout: the password works again.
expect_exit 0 $db campaign unlock g --ship Locust --now 2025-03-01T14:03Z
contains out "Locust: the lockout is lifted"
expect_exit 0 $db orders submit o --now 2025-03-01T14:04Z
expect_exit 0 $db campaign unlock g --ship Minx --now 2025-03-01T14:04Z
contains out "Minx is not locked"
expect_exit 65 $db campaign unlock g --ship Nautilus
contains err "no ship named 'Nautilus'"
expect_exit 2 $db campaign unlock g

# ---- 4. Passwords never stored: every spelling the judge takes is redacted. ----
: >used
for spelling in 'Password: %s' 'PASSWORD:%s' '\vPASSWORD %s' 'PASSWORD\f%s' '\f password\t%s # mine'; do
	# shellcheck disable=SC2059
	line=$(printf "$spelling" "$pa")
	printf 'Dear GM, my plan is zebra-crossing.\n\nGAME g\nSHIP Minx\n%s\n1-Land\nEND\nBye\n' "$line" >o
	expect_exit 0 $db orders submit o --now 2025-03-01T15:00Z
done
echo "$pa" >>used
printf 'Dear GM, my plan is zebra-crossing.\nGAME g\nSHIP Minx\nPassword: %s\n1-Right\nEND\n' "$pa" | msg pw1 ann@example.org
recv 2025-03-01T15:01Z
contains out "orders sealed for Minx"
mx $db process --now 2025-03-02T12:00Z >/dev/null
expect_exit 0 $db turn show g --turn 1 --json
cp out turn1.json
contains turn1.json 'PASSWORD [redacted]'
contains turn1.json 'Password: [redacted]'
lacks turn1.json "zebra-crossing"
lacks turn1.json "Bye"
mx $db backup b.db >/dev/null
for f in t.db b.db; do
	for pw in $pa $pb $(cat used); do
		if grep -a -q -F -- "$pw" "$f"; then echo "$f holds a password"; exit 1; fi
	done
	if grep -a -q -F "zebra-crossing" "$f"; then echo "$f holds what Ann wrote above GAME"; exit 1; fi
done
sqlite3 t.db .dump >dump
lacks dump "$pa"

# ---- 5. A re-delivered old mail never replaces newer orders. ----
ca=$(code_of ann@example.org)
printf 'GAME g\nSHIP Minx\nCODE %s\n1-Move\n' "$ca" | msg old ann@example.org
sed 's/^Date: .*/Date: Sun, 02 Mar 2025 13:00:00 +0000/' m.eml >old.eml
printf 'GAME g\nSHIP Minx\nCODE %s\n1-Left\n' "$ca" | msg new ann@example.org
sed 's/^Date: .*/Date: Sun, 02 Mar 2025 14:00:00 +0000/' m.eml >new.eml
expect_exit 0 $db receive --now 2025-03-02T13:01Z <old.eml
expect_exit 0 $db receive --now 2025-03-02T14:01Z <new.eml
# The old one again, one more Received: line: known by its Message-ID.
{ printf 'Received: from relay.example.net; Sun, 02 Mar 2025 15:00:00 +0000\n'; cat old.eml; } >again.eml
expect_exit 0 $db receive --now 2025-03-02T15:01Z <again.eml
contains out "received before"
# Without Message-ID: known by its sender and body.
grep -v '^Message-ID' old.eml >noid.eml
expect_exit 0 $db receive --now 2025-03-02T15:02Z <noid.eml
{ printf 'Received: by mx.example.org\n'; cat noid.eml; } >noid2.eml
expect_exit 0 $db receive --now 2025-03-02T15:03Z <noid2.eml
contains out "received before"
# Another copy of the old orders under a new Message-ID: written earlier, refused.
sed 's/^Message-ID: .*/Message-ID: <old-copy@example.org>/' old.eml >copy.eml
expect_exit 0 $db receive --now 2025-03-02T15:04Z <copy.eml
contains out "before the orders for Minx that stand"
[ "$(q "select understood from orders o join turns t on t.id = o.turn_id where t.number = 2 and o.current = 1 and o.ship_id = (select id from seats where name = 'Minx')")" = "$(printf 'SHIP Minx\n1-LEFT')" ]

# ---- 6. Automatic mail is never answered; a few answers a day at most. ----
before=$(answers ann@example.org)
for hdr in 'Auto-Submitted: auto-replied' 'Return-Path: <>' 'X-Autogenerated: Reply' \
	'X-Auto-Response-Suppress: All' 'X-Loop: mxjudge@localhost' 'Precedence: bulk' \
	'Precedence: list' 'Precedence: junk' 'List-Id: <l.example.org>' \
	'List-Post: <mailto:l@example.org>' \
	'Content-Type: multipart/report; report-type=delivery-status; boundary=b'; do
	i=$((i + 1))
	echo "I am away until Monday. $i" | msg auto$i ann@example.org "$hdr"
	recv 2025-03-02T16:00Z
	contains out "automatic message"
done
[ "$(answers ann@example.org)" -eq "$before" ]
# A responder the judge cannot tell: 10 answers a day, then silence.
before=$(answers carol@example.org)
mx $db campaign join g --captain Carol --email carol@example.org --ship Kraken --team zion >/dev/null 2>&1 || true
q "insert into captains (campaign_id, name, email, pwhash, joined_at) select id, 'Carol', 'carol@example.org', 'x', 'x' from campaigns where name = 'g' and not exists (select 1 from captains where name = 'Carol')"
for k in $(seq 1 14); do
	echo "Out of office $k" | msg ooo$k carol@example.org
	recv 2025-03-02T17:00Z
done
[ "$(answers carol@example.org)" -eq 10 ]
contains out "not answered (10 answers to that address in the last day)"

# ---- 7. Strangers' mail: headers and a short start, pruned in time. ----
size0=$(stat -c %s t.db)
for k in 1 2 3 4 5 6; do
	{ printf 'From: spam%s@example.net\nSubject: buy\nMessage-ID: <big%s@example.net>\n\n' "$k" "$k"
	  head -c 2000000 /dev/zero | tr '\0' 'x' | fold -w 70; } >big.eml
	expect_exit 0 $db receive --now 2025-03-02T18:00Z <big.eml
done
[ "$(q "select max(length(raw)) from mail_in where sender like 'spam%'")" -lt 8000 ]
[ "$(q "select count(*) from mail_in where sender like 'spam%' and kept = 'summary'")" -eq 6 ]
# The file grew by about one message at most (free pages are reused), not six.
[ "$(stat -c %s t.db)" -lt $((size0 + 6000000)) ]
expect_exit 0 $db mail prune --older-than 30 --now 2025-03-20T00:00Z
contains out "mail prune: 0 received messages older than 30 days"
expect_exit 0 $db mail prune --older-than 1 --now 2025-03-20T00:00Z
[ "$(q "select count(*) from mail_in where kept != 'pruned' and status != 'set-aside'")" -eq 0 ]
[ "$(q "select count(*) from mail_in where kept = 'pruned' and length(raw) > 0")" -eq 0 ]
# The record stays: the same mail again is still known.
expect_exit 0 $db receive --now 2025-03-20T00:01Z <big.eml
contains out "received before"
# tick prunes by itself after MXJUDGE_MAIL_KEEP_DAYS.
printf 'From: late@example.net\nSubject: x\nMessage-ID: <late@example.net>\n\nhi\n' | mx $db receive --now 2025-03-20T00:02Z 2>/dev/null
MXJUDGE_MAIL_KEEP_DAYS=2 mx $db tick --now 2025-03-23T00:00Z >out 2>&1 || true
contains out "mail prune: 1 received message older than 2 days"
expect_exit 2 $db mail prune
contains err "expected --older-than DAYS"
