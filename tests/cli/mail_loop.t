# No mail loop (issue 18): an auto-responder that answers every mail the
# judge sends it, through the real receive path. One that marks its
# answers (RFC 3834 Auto-Submitted; a vacation reply with Precedence, or
# with an empty Return-Path) gets no answer: the exchange stops after the
# judge's one message. One that marks nothing, whether it writes prose
# (a help answer each time) or echoes a desk command (a desk answer each
# time), is bounded by the per-address daily answer cap
# (MXJUDGE_ANSWERS_PER_DAY, here 3): then the judge falls silent too.
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates" MXJUDGE_ANSWERS_PER_DAY=3
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
game_ann_bob
last=0		# the last judge mail to ann the responder has answered
minute=0
# respond HEADERS BODY: ann's responder answers each judge mail to her
# since the last round, one mail each; $n: how many it answered.
respond() {
	headers=$1 body=$2 n=0
	for id in $(q "select id from outbox where recipient = 'ann@example.org' and id > $last order by id"); do
		minute=$((minute + 1))
		subject=$(q "select subject from outbox where id = $id")
		{
			printf 'From: Ann <ann@example.org>\nTo: judge@example.org\nSubject: Re: %s\n' "$subject"
			printf 'Message-ID: <auto%d@example.org>\nIn-Reply-To: <judge%d@example.org>\n' "$minute" "$id"
			[ -z "$headers" ] || printf '%b\n' "$headers"
			printf '\n%b\n' "$body"
		} >r.eml
		mx $db receive --now "2025-03-01T13:$(printf %02d "$minute")Z" <r.eml >>receive.log 2>&1
		last=$id
		n=$((n + 1))
	done
}
# loop HEADERS BODY ROUNDS: rounds of the exchange; $said: the judge mails answered in each.
loop() {
	r=0 said=""
	while [ "$r" -lt "$3" ]; do
		respond "$1" "$2"
		said="$said $n"
		r=$((r + 1))
	done
}
sent() { q "select count(*) from outbox where recipient = 'ann@example.org'"; }

# The judge's one message (the start report) is answered once; no answer comes back.
[ "$(sent)" -eq 1 ]
loop 'Auto-Submitted: auto-replied' 'I am away until Monday.' 3
[ "$said" = " 1 0 0" ]
[ "$(sent)" -eq 1 ]
contains receive.log "automatic message from ann@example.org (Auto-Submitted (RFC 3834)); stored, not answered"
# A plain vacation reply: Precedence, or an empty Return-Path; each answers the report once more.
last=0
loop 'Precedence: bulk' 'On holiday.' 2
[ "$said" = " 1 0" ]
last=0
loop 'Return-Path: <>' 'On holiday.' 2
[ "$said" = " 1 0" ]
[ "$(sent)" -eq 1 ]
[ "$(q "select count(*) from mail_in where status = 'ignored'")" -eq 3 ]

# No markers at all, prose: a help answer each time until the cap, then silence.
last=0
loop '' 'I am on holiday until 10 March and will read your mail then.' 6
[ "$said" = " 1 1 1 1 0 0" ]
[ "$(q "select count(*) from outbox where recipient = 'ann@example.org' and kind = 'help'")" -eq 3 ]
contains receive.log "not answered (3 answers to that address in the last day)"

# No markers, and its answer reads as a desk command (it echoes HELP): a
# desk answer each time, bounded by the same cap (desk answers count).
mx $db campaign new e --width 6 --height 2 --density 0 --seed 5 --deadline 24 >/dev/null
mx $db campaign join e --captain Cy --email cy@example.org --ship Nebo --team zion >/dev/null 2>&1
mx $db campaign join e --captain Dee --email dee@example.org --ship Kite --team machines >/dev/null 2>&1
mx $db campaign start e --now 2025-03-01T12:00Z >/dev/null
last=0
sent() { q "select count(*) from outbox where recipient = 'cy@example.org'"; }
respond_cy() {
	n=0
	for id in $(q "select id from outbox where recipient = 'cy@example.org' and id > $last order by id"); do
		minute=$((minute + 1))
		printf 'From: cy@example.org\nTo: judge@example.org\nSubject: Re: judge\nMessage-ID: <cy%d@example.org>\n\nHELP\n' "$minute" >r.eml
		mx $db receive --now "2025-03-01T14:$(printf %02d "$minute")Z" <r.eml >>cy.log 2>&1
		last=$id
		n=$((n + 1))
	done
}
said=""
for r in 1 2 3 4 5 6; do
	respond_cy
	said="$said $n"
done
[ "$said" = " 1 1 1 1 0 0" ]
[ "$(q "select count(*) from outbox where recipient = 'cy@example.org' and kind = 'desk'")" -eq 3 ]
contains cy.log "not answered (3 answers to that address in the last day)"

# No markers, and each answer carries a valid CODE (a responder that
# echoes a desk command and the report's CODE line): the CODE proves its
# sender, answered over the cap (issue 28 item 6), but only up to 5 times
# the cap (MAILER_PROVEN_FACTOR): then silence here too.
last=0
dcode=$(q "select body from outbox where recipient = 'dee@example.org' and kind = 'report'" | sed -n 's/^CODE //p')
sent_dee() { q "select count(*) from outbox where recipient = 'dee@example.org' and kind = 'desk'"; }
respond_dee() {
	n=0
	for id in $(q "select id from outbox where recipient = 'dee@example.org' and id > $last order by id"); do
		minute=$((minute + 1))
		printf 'From: dee@example.org\nTo: judge@example.org\nSubject: Re: judge\nMessage-ID: <dee%d@example.org>\n\nSTATUS e\nCODE %s\n' "$minute" "$dcode" >r.eml
		mx $db receive --now "2025-03-01T16:$(printf %02d "$((minute % 60))")Z" <r.eml >>dee.log 2>&1
		last=$id
		n=$((n + 1))
	done
}
said=""
r=0
while [ "$r" -lt 20 ]; do
	respond_dee
	said="$said$n"
	r=$((r + 1))
done
[ "$said" = "11111111111111110000" ]
[ "$(sent_dee)" -eq 15 ]
contains dee.log "not answered (15 answers to that address in the last day)"
