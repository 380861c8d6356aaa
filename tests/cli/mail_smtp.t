# mail send over SMTP to a real server on loopback (aiosmtpd): valid MIME
# reports and replies, temporary failures retried with backoff, permanent
# ones recorded, and nothing ever sent twice.
. "$ROOT/tests/cli/mail/lib.sh"
PY=$(smtp_python)
if [ -z "$PY" ]; then echo "skipped: python3-aiosmtpd is not installed"; exit 0; fi
export MXJUDGE_FAST_HASH=1 MXJUDGE_FROM="Le Jugé <judge@example.org>"
db="--db ./t.db"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
t="--now 2025-03-01T13:00Z"
trap 'stop_smtpd' EXIT
start_smtpd got
printf 'From: ann@example.org\nSubject: orders\nMessage-ID: <o1@example.org>\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-Move\n' "$pa" |
	mx $db receive $t >/dev/null
printf 'From: bob@example.org\nSubject: =?UTF-8?Q?Question_=C3=A0_propos?=\nMessage-ID: <q1@example.org>\n\nHello?\n' |
	mx $db receive $t >/dev/null

# A temporary failure (451): deferred with a later try, exit 75, nothing arrived.
touch got/fail-temp
expect_exit 75 $db mail send --smtp "$smtp_url" $t
contains err "next try at 2025-03-01T13:05:00Z"
[ "$(arrived got)" -eq 0 ]
[ "$(sqlite3 t.db "select count(*) from outbox where state = 'queued' and attempts = 1")" -eq 4 ]
# Not due yet: nothing is tried.
expect_exit 0 $db mail send --smtp "$smtp_url" --now 2025-03-01T13:01Z
[ ! -s out ]
rm got/fail-temp
expect_exit 0 $db mail send --smtp "$smtp_url" --now 2025-03-01T13:06Z
contains out "mail: 4 sent, 0 deferred, 0 failed"
[ "$(arrived got)" -eq 4 ]
# Again: nothing left to send, nothing sent twice.
expect_exit 0 $db mail send --smtp "$smtp_url" --now 2025-03-01T14:00Z
[ "$(arrived got)" -eq 4 ]
[ "$(sqlite3 t.db "select count(*) from outbox where state = 'sent' and sent_at is not null")" -eq 4 ]

# What arrived, as Python's email module reads it.
"$PY" "$ROOT/tests/cli/mail/check.py" got/*.eml >parsed
cat parsed
[ "$(grep -c 'lines-ok,date-ok,mime' parsed)" -eq 4 ]
grep '|ann@example.org|g: the battle begins; orders for turn 1|' parsed >ann
contains ann "|Le Jugé <judge@example.org>|"
# The report's HTML shows the board: a PNG beside it in a multipart/related.
contains ann "multipart/alternative,text/plain,multipart/related,text/html,image/png|"
contains ann ",pre"
grep '|g: orders received for turn 1|' parsed >receipt
contains receipt "|<o1@example.org>|text/plain|"
grep '|Re: Question à propos|' parsed >help
contains help "|<q1@example.org>|"
# RFC 2047 on the wire, the same Message-ID as stored, the map kept in <pre>.
grep -q "^Subject: =?UTF-8?B?" got/004.eml
grep -q "^From: =?UTF-8?B?" got/001.eml
for id in $(sqlite3 t.db "select message_id from outbox"); do grep -q "^Message-ID: <$id>" got/*.eml; done
"$PY" - got <<'PYEOF'
import email, email.policy, glob, sys
for path in sorted(glob.glob(sys.argv[1] + "/*.eml")):
    m = email.message_from_bytes(open(path, "rb").read(), policy=email.policy.default)
    if m.get_content_type() != "multipart/alternative":
        continue
    text = m.get_body(("plain",)).get_content()
    html = m.get_body(("html",)).get_content()
    assert "THE BOARD AT THE START" in text, path
    line = [l for l in text.splitlines() if l.startswith("2   |")][0]
    esc = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    assert esc in html, (path, esc)
    assert "<pre" in html and "</pre>" in html
    png = [p for p in m.walk() if p.get_content_type() == "image/png"][0]
    assert png.get_content().startswith(b"\x89PNG\r\n\x1a\n"), path
    assert 'src="cid:%s"' % png["Content-ID"].strip("<>") in html, path
print("html ok")
PYEOF

# A permanent failure (550): failed, exit 1, kept for a look; retry sends it once.
printf 'From: ann@example.org\nSubject: orders\nMessage-ID: <o2@example.org>\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-Left\n' "$pa" |
	mx $db receive $t >/dev/null
touch got/fail-perm
expect_exit 1 $db mail send --smtp "$smtp_url" $t
contains err "failed for good"
expect_exit 0 $db mail list
contains out "failed"
contains out "550"
id=$(sqlite3 t.db "select id from outbox where state = 'failed'")
rm got/fail-perm
expect_exit 0 $db mail retry "$id"
expect_exit 0 $db mail send --smtp "$smtp_url" $t
[ "$(arrived got)" -eq 5 ]
expect_exit 65 $db mail retry "$id"
