# Issue 14 item 10: addresses with an internationalised domain match in
# either form. Captains are kept with the domain's ASCII form (xn--...),
# given so at join or made from the Unicode form; incoming mail from
# either form, any case, is the captain's. Plain and MIME mail both.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 3 --deadline 24 >/dev/null
# Ann joins with the ASCII form, Bob with the Unicode form.
pa=$(mx $db campaign join g --captain Ann --email ann@xn--bcher-kva.example --ship Minx --team zion 2>/dev/null)
expect_exit 0 $db campaign join g --captain Bob --email 'bob@bücher.example' --ship Locust --team machines
pb=$(cat out)
contains err "--email bob@bücher.example is kept as bob@xn--bcher-kva.example, its ASCII form"
[ "$(sqlite3 t.db "select email from captains where name = 'Bob'")" = "bob@xn--bcher-kva.example" ]
# A domain that is no valid name is refused at join, saying how to give it.
expect_exit 65 $db campaign join g --captain Cy --email 'cy@exa_mple.bücher' --ship Gnat --team zion
contains err "no valid internationalised name"
contains err "it holds '_'"
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
t="--now 2025-03-01T13:00Z"
q() { sqlite3 t.db "$1"; }

# Ann from the Unicode form (a UTF-8 header, RFC 6532): her orders are sealed.
printf 'From: Ann <ann@bücher.example>\nSubject: orders\nMessage-ID: <a1@x>\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-Move\n' "$pa" |
	mx $db receive $t >out
contains out "orders sealed for Minx in g, turn 1"
# Bob from the ASCII form in capitals, then from the Unicode form in capitals, in MIME.
printf 'From: bob@XN--BCHER-KVA.EXAMPLE\nSubject: orders\nMessage-ID: <b1@x>\n\nGAME g\nSHIP Locust\nPASSWORD %s\n1-Move\n' "$pb" |
	mx $db receive $t >out
contains out "orders sealed for Locust in g, turn 1"
printf 'From: bob@BÜCHER.example\nSubject: orders\nMessage-ID: <b2@x>\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nGAME g\nSHIP Locust\nPASSWORD %s\n1-Left=20\n' "$pb" |
	mx $db receive $t >out
contains out "orders sealed for Locust in g, turn 1"
[ "$(q "select count(*) from outbox where kind = 'receipt' and recipient like '%@xn--bcher-kva.example'")" -eq 3 ]
# Another domain is still another sender.
printf 'From: ann@bucher.example\nSubject: orders\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-Move\n' "$pa" |
	mx $db receive $t 2>err >/dev/null
contains err "from unknown address 'ann@bucher.example'"
# set-email takes either form too, and keeps the ASCII one.
expect_exit 0 $db campaign set-email g --ship Minx --email 'ann@münchen.example'
contains err "kept as ann@xn--mnchen-3ya.example"
[ "$(q "select email from captains where name = 'Ann'")" = "ann@xn--mnchen-3ya.example" ]
