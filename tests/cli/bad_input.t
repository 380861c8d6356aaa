# Bad input, table-driven (data/bad-inputs.tsv): each row gets its exit code
# and a clear one-line error without control bytes, and leaves the database
# as it was, but for the audit logs: mail received (mail_in), wrong
# passwords (auth_failures), the answers to refused mail (error-reply) and
# the game master's alerts about mail from another address (alert/address/).
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
data="$ROOT/tests/cli/data"
mx $db campaign new g --width 6 --height 2 --density 0 --seed 9 --deadline 24 >/dev/null
pa=$(mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion 2>/dev/null)
pb=$(mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines 2>/dev/null)
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
printf 'GAME g\nSHIP Locust\nPASSWORD %s\nREPAIR\n' "$pb" | mx $db orders submit --now 2025-03-01T12:30Z >/dev/null
# The mail a replay row sends again.
mx $db receive --now 2025-03-01T12:40Z <"$data/bad/replayed.eml" >/dev/null

snapshot() {
	sqlite3 t.db .dump | grep -v -E '^INSERT INTO "?(mail_in|auth_failures)"? ' |
		grep -v -F -e "'error-reply'" -e "'alert/address/" || true
}
tab=$(printf '\t')
rows=0
while IFS="$tab" read -r id cmd input code want; do
	case $id in ''|'#'*) continue ;; esac
	IN=./input
	case $input in
	-) : >"$IN" ;;
	file:*) cp "$data/bad/${input#file:}" "$IN" ;;
	text:*) printf '%b' "$(printf '%s' "${input#text:}" | sed "s/@PA@/$pa/g; s/@PB@/$pb/g")" >"$IN" ;;
	huge:*) { printf 'GAME g\nSHIP Minx\nPASSWORD %s\n' "$pa"; head -c "${input#huge:}" /dev/zero | tr '\0' A; printf '\n'; } >"$IN" ;;
	*) echo "$id: bad input column '$input'"; exit 1 ;;
	esac
	snapshot >before.sql
	set +e
	eval "mx $db $cmd" >out 2>err
	got=$?
	set -e
	snapshot >after.sql
	if [ "$got" -ne "$code" ]; then
		echo "$id: expected exit $code, got $got: mxjudge $cmd"; cat err; exit 1
	fi
	if [ -n "$want" ] && ! grep -F -- "$want" err >/dev/null; then
		echo "$id: stderr lacks: $want"; cat err; exit 1
	fi
	if [ "$code" -ne 0 ] && [ "$(wc -l <err)" -ne 1 ] && [ "$code" -ne 2 ]; then
		echo "$id: expected one line of error"; cat err; exit 1
	fi
	# Nothing a terminal would act on, in errors or output.
	if tr -d '\n\t' <err | LC_ALL=C grep -q '[[:cntrl:]]'; then
		echo "$id: control bytes in stderr"; od -c err | head; exit 1
	fi
	if ! cmp -s before.sql after.sql; then
		echo "$id: the database changed"; diff before.sql after.sql | head -20; exit 1
	fi
	rows=$((rows + 1))
done <"$data/bad-inputs.tsv"
[ "$rows" -ge 40 ] || { echo "only $rows rows ran"; exit 1; }
# The game goes on: the good orders still stand and the campaign is whole.
sqlite3 t.db "PRAGMA integrity_check" | grep -x ok
[ "$(sqlite3 t.db "select count(*) from orders")" -eq 1 ]
[ "$(sqlite3 t.db "select count(*) from seats")" -eq 2 ]
echo "bad_input: $rows rows"
