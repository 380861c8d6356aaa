# Issue 14 item 15: what an answer takes from the mail it answers. A 3 MB
# Subject is not mailed back (one line of at most 199 bytes, as
# mail_header_text makes it), and the help and error replies are written
# with the campaign's own templates (its "templates" setting), as its
# reports are.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
t="--now 2025-03-01T13:00Z"
q() { sqlite3 t.db "$1"; }

python3 - <<'PY' >big.eml
import sys
sys.stdout.write("From: ann@example.org\nMessage-ID: <big@example.org>\nSubject: " + "Lorem ipsum " * 262144 + "\n\nhello\n")
PY
[ "$(wc -c <big.eml)" -gt 3000000 ]
mx $db receive $t <big.eml >/dev/null
subject=$(q "select subject from outbox where kind = 'help'")
[ "${#subject}" -le 203 ]
case "$subject" in "Re: Lorem ipsum Lorem ipsum "*) ;; *) echo "subject: $subject"; exit 1 ;; esac
# An encoded line break stays out of the answer's Subject.
printf 'From: ann@example.org\nMessage-ID: <nl@example.org>\nSubject: =?utf-8?q?a=0D=0Ab?=\n\nhello\n' | mx $db receive $t >/dev/null
[ "$(q "select subject from outbox where key = 'help/mail/2'" | wc -l)" -eq 1 ]
q "select subject from outbox where key = 'help/mail/2'" | grep -q '^Re: a *b$'

# The campaign's own help and error reply.
mkdir mine
printf 'CUSTOM HELP for {{captain}}\n' >mine/help.mustache
printf 'CUSTOM ERROR: {{error}}\n' >mine/error-reply.mustache
mx $db campaign set g templates "$PWD/mine" >/dev/null
printf 'From: ann@example.org\nMessage-ID: <h@example.org>\nSubject: hi\n\nhello\n' | mx $db receive $t >/dev/null
[ "$(q "select body from outbox where key = 'help/mail/3'")" = "CUSTOM HELP for Ann" ]
printf 'From: ann@example.org\nMessage-ID: <e@example.org>\nSubject: orders\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-Fly\n' "$pa" |
	mx $db receive $t >/dev/null
q "select body from outbox where key = 'error-reply/mail/4'" >reply
contains reply "CUSTOM ERROR: "
