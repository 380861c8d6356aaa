# Issue 14 item 12: terminal escape sequences from mail never reach the
# game master's terminal or logs: the lines receive prints (which quote a
# refused line of the mail), mail list (subjects, errors) and campaign
# outbox (answers quote the mail). ESC, BEL and the C1 CSI are shown '?'.
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
t="--now 2025-03-01T13:00Z"
esc=$(printf '\033')
bel=$(printf '\007')
csi=$(printf '\302\233')
# clean FILE: fails if FILE holds ESC, BEL or CSI.
clean() {
	if grep -q -e "$esc" -e "$bel" -e "$csi" "$1"; then echo "$1 holds an escape:"; od -c "$1" | head; return 1; fi
}

printf 'From: ann@example.org\nSubject: orders\n\nGAME g\nSHIP Minx\nPASSWORD %s\n1-\033]0;owned\007\033[2JMove\302\2332J\n' "$pa" |
	mx $db receive $t >out 2>err
clean out
clean err
contains out "got '1-?]0;owned??[2JMove?2J'"

# An older judge's row, as stored, with escapes in its subject and error.
sqlite3 t.db "INSERT INTO outbox (campaign_id, kind, key, recipient, subject, body, created_at, state, last_error) VALUES (1, 'help', 'help/old', 'ann@example.org', 'Re: ' || char(27) || '[31mred', 'x', '2025-03-01T12:30:00Z', 'failed', '550 ' || char(27) || ']2;t' || char(7))"
expect_exit 0 $db mail list
clean out
contains out "Re: ?[31mred"
contains out "last error: 550 ?]2;t?"
expect_exit 0 $db campaign outbox g
clean out
expect_exit 0 $db campaign outbox g --full
clean out
contains out "1-?]0;owned??[2JMove?2J"
# mail inbox: the note of the refused mail quotes its line.
expect_exit 0 $db mail inbox
clean out
contains out "1-?]0;owned??[2JMove?2J"
