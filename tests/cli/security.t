# Wrong passwords slow down and alert the game master; files are private;
# names cannot carry control characters into errors or reports.
export MXJUDGE_FAST_HASH=1
db="--db ./j/t.db"
umask 022
mx $db campaign new g --width 6 --height 2 --density 0 --seed 9 --deadline 24 >/dev/null
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
# Private files, whatever the umask: the directory made 0700, the database 0600.
[ "$(stat -c %a j)" = 700 ]
[ "$(stat -c %a j/t.db)" = 600 ]
for f in j/t.db-wal j/t.db-shm; do [ ! -e "$f" ] || [ "$(stat -c %a "$f")" = 600 ]; done

# Five wrong passwords within the hour lock Minx for 15 minutes.
for m in 01 02 03 04 05; do
	printf 'GAME g\nSHIP Minx\nPASSWORD guess%s\nLAND\n' $m >o
	expect_exit 65 $db orders submit o --now "2025-03-01T13:${m}Z"
	contains err "wrong password for Minx"
done
printf 'GAME g\nSHIP Minx\nPASSWORD %s\nLAND\n' "$pa" >good
expect_exit 65 $db orders submit good --now 2025-03-01T13:06Z
contains err "too many wrong passwords for Minx; its PASSWORD is refused until 2025-03-01 13:20 UTC"
# orders check is no way around it, and other ships are not locked.
expect_exit 65 $db orders check good --now 2025-03-01T13:07Z
contains err "too many wrong passwords for Minx"
printf 'GAME g\nSHIP Locust\nPASSWORD %s\nREPAIR\n' "$pb" | mx $db orders submit --now 2025-03-01T13:07Z >/dev/null
# One alert; no gm_email: to the judge's own address, shown by campaign show.
[ "$(sqlite3 j/t.db "select count(*) from outbox where kind = 'alert'")" -eq 1 ]
[ "$(sqlite3 j/t.db "select state || '|' || recipient from outbox where kind = 'alert'")" = "queued|mxjudge@localhost" ]
expect_exit 0 $db campaign show g
contains out "alert:     g: orders for Minx locked after 5 wrong passwords"
contains out "(2025-03-01 13:05 UTC; to mxjudge@localhost)"
mx $db campaign outbox g --full >box
lacks box guess0
contains box "Orders for Minx with its PASSWORD are refused until 2025-03-01 13:20 UTC"
# After the lockout the right password works again.
expect_exit 0 $db orders submit good --now 2025-03-01T13:21Z
# Five more: locked again, for twice as long; no second alert for the same
# series (anyone can forge wrong passwords: issue 14.3).
mx $db campaign set g gm_email gm@example.org >/dev/null
for m in 22 23 24 25 26; do
	printf 'GAME g\nSHIP Minx\nPASSWORD guess%s\nLAND\n' $m >o
	expect_exit 65 $db orders submit o --now "2025-03-01T13:${m}Z"
done
expect_exit 65 $db orders submit good --now 2025-03-01T13:30Z
contains err "refused until 2025-03-01 13:56 UTC"
[ "$(sqlite3 j/t.db "select count(*) from outbox where kind = 'alert'")" -eq 1 ]
[ "$(sqlite3 j/t.db "select count(*) from auth_failures")" -eq 10 ]
# Unknown ships are not guarded (nothing recorded): the error says no more than before.
printf 'GAME g\nSHIP Nautilus\nPASSWORD x\nLAND\n' >o
expect_exit 65 $db orders submit o --now 2025-03-01T13:31Z
contains err "campaign 'g' has no ship named 'Nautilus'"
[ "$(sqlite3 j/t.db "select count(*) from auth_failures")" -eq 10 ]

# Old data with control bytes (from before the checks) is scrubbed in reports.
sqlite3 j/t.db "UPDATE captains SET name = 'Ann' || char(27) || '[2J' || char(13) WHERE name = 'Ann'"
mx $db process --now 2025-03-02T12:00Z >/dev/null
mx $db report g --ship Minx >rep
if tr -d '\n\t' <rep | LC_ALL=C grep -q '[[:cntrl:]]'; then echo "control bytes in a report"; exit 1; fi
contains rep "Ann?[2J?"
# And in errors.
expect_exit 65 $db campaign join g --captain "$(printf 'Eve\033[31m')" --email eve@example.org --ship Kraken --team zion
contains err "--captain 'Eve?[31m' holds a control character"
