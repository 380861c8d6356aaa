# UPGRADE orders between battles come in like any orders: from the
# captain's own address only, under the lockout guard, and a mail read
# twice (a crash, then the mail agent's retry) buys once.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
q() { sqlite3 t.db "$1"; }
echo '{"battles":2,"award_part":3}' >rules.json
mx $db campaign new up --width 6 --height 2 --density 0 --seed 11 --deadline 24 --rules rules.json >/dev/null
pm=$(mx $db campaign join up --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join up --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
# battle_one NAME: the autopilots fight the campaign's battle 1 to its end.
battle_one() {
	mx $db campaign set "$1" bot_plays_silent true >/dev/null
	mx $db campaign start "$1" --now 2025-03-01T12:00Z >/dev/null
	day=2
	while [ "$(q "SELECT status FROM campaigns WHERE name = '$1'")" = running ] && [ $day -lt 28 ]; do
		mx $db process --now "2025-03-$(printf %02d $day)T13:00Z" >/dev/null
		day=$((day + 1))
	done
	[ "$(q "SELECT status FROM campaigns WHERE name = '$1'")" = open ]
}
battle_one up
now="--now 2025-03-28T12:00Z"
purchases() { q "SELECT count(*) FROM ledger WHERE kind = 'purchase'"; }

# From another captain's address, even with the right password: refused.
printf 'From: bob@example.org\nSubject: up\nMessage-ID: <u1@example.org>\n\nGAME up\nSHIP Minx\nPASSWORD %s\nUPGRADE shield\n' "$pm" >mail.1
expect_exit 0 $db receive $now <mail.1
[ "$(purchases)" -eq 0 ]
expect_exit 0 $db campaign outbox up --full
contains out "orders for Minx are taken only from the address its captain joined with, not from bob@example.org"

# Ann's mail, the judge killed after the purchase was stored and before
# the mail was marked read; the retried delivery buys nothing more.
printf 'From: ann@example.org\nSubject: up\nMessage-ID: <u2@example.org>\n\nGAME up\nSHIP Minx\nPASSWORD %s\nUPGRADE shield\n' "$pm" >mail.2
set +e
MXJUDGE_CRASH_AT=mail-answered mx $db receive $now <mail.2 >/dev/null 2>&1
rc=$?
set -e
[ "$rc" -eq 137 ]
[ "$(purchases)" -eq 1 ]
expect_exit 0 $db receive --now 2025-03-28T12:05Z <mail.2
[ "$(purchases)" -eq 1 ]
[ "$(q "SELECT count(*) FROM outbox WHERE subject = 'up: upgrades received'")" -eq 1 ]

# Wrong CODEs are counted as codes (anyone can forge Ann's From): however
# many, they never lock Ann's password out, and buy nothing.
for i in 1 2 3 4 5 6; do
	printf 'From: ann@example.org\nSubject: up\nMessage-ID: <c%s@example.org>\n\nGAME up\nSHIP Minx\nCODE 0000-000%s\nUPGRADE hull\n' "$i" "$i" >c.mail
	expect_exit 0 $db receive $now <c.mail
done
[ "$(q "SELECT count(*) FROM auth_failures WHERE kind = 'code'")" -eq 6 ]
[ "$(q "SELECT count(*) FROM auth_failures WHERE kind = 'password'")" -eq 0 ]
[ "$(purchases)" -eq 1 ]
expect_exit 0 $db campaign outbox up --full
contains out "wrong order code for Minx (expected the CODE line of your report after battle 1, or your PASSWORD)"

# Wrong passwords lock the ship for UPGRADE orders too, and are counted.
for i in 1 2 3 4 5; do
	printf 'GAME up\nSHIP Minx\nPASSWORD wrong%s\nUPGRADE hull\n' "$i" >w.txt
	expect_exit 65 $db orders submit w.txt $now
done
printf 'GAME up\nSHIP Minx\nPASSWORD %s\nUPGRADE hull\n' "$pm" >r.txt
expect_exit 65 $db orders submit r.txt $now
contains err "too many wrong passwords for Minx"
[ "$(purchases)" -eq 1 ]

# Every ship a mail names is under its own lockout, as for moves: Kite,
# locked, is refused when named after Minx, which is not.
mx $db campaign new up2 --width 6 --height 2 --density 0 --seed 11 --deadline 24 --rules rules.json >/dev/null
pa=$(mx $db campaign join up2 --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
mx $db campaign join up2 --captain Ann --email ann@example.org --ship Kite --team zion >/dev/null 2>&1
mx $db campaign join up2 --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
battle_one up2
for i in 1 2 3 4 5; do
	printf 'GAME up2\nSHIP Kite\nPASSWORD wrong%s\nUPGRADE hull\n' "$i" >w.txt
	expect_exit 65 $db orders submit w.txt $now
done
bought=$(purchases)
printf 'GAME up2\nSHIP Minx\nPASSWORD %s\nUPGRADE shield\nSHIP Kite\nUPGRADE hull\n' "$pa" >r.txt
expect_exit 65 $db orders submit r.txt $now
contains err "too many wrong passwords for Kite"
[ "$(purchases)" -eq "$bought" ]
# Minx alone is not locked.
printf 'GAME up2\nSHIP Minx\nPASSWORD %s\nUPGRADE shield\n' "$pa" >r.txt
expect_exit 0 $db orders submit r.txt $now
[ "$(purchases)" -eq $((bought + 1)) ]

# An UPGRADE written into the quoted between-battles report (issue 29):
# the quoted block's CODE is the one of the report after the battle, and
# the step is bought as when the same block is top-posted.
mx $db campaign new up3 --width 6 --height 2 --density 0 --seed 11 --deadline 24 --rules rules.json >/dev/null
mx $db campaign join up3 --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign join up3 --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
battle_one up3
q "SELECT body FROM outbox WHERE recipient = 'ann@example.org' AND subject = 'up3: the battle is over after turn 3'" >report.txt
grep -q '^CODE ' report.txt
grep -q '^# UPGRADE shield ' report.txt
bought=$(purchases)
fails=$(q "SELECT count(*) FROM auth_failures")
{
	printf 'From: ann@example.org\nSubject: Re: up3: the battle is over after turn 3\n'
	printf 'Message-ID: <q1@example.org>\n\nShield, please.\n\nThe judge wrote:\n'
	sed -e 's/^# UPGRADE shield /UPGRADE shield   /' -e 's/^/> /' report.txt
} >quoted.mail
expect_exit 0 $db receive $now <quoted.mail
contains out "orders sealed for Minx in up3"
contains out "(from the block the mail quotes)"
[ "$(purchases)" -eq $((bought + 1)) ]
[ "$(q "SELECT stat FROM ledger WHERE kind = 'purchase' ORDER BY id DESC LIMIT 1")" = shield ]
[ "$(q "SELECT count(*) FROM auth_failures")" -eq "$fails" ]
