# Helpers of the lock_*.t tests (sourced after tests/cli/lib.sh): they lock
# today's outputs byte for byte, so that a refactoring of the judge can be
# shown to change none of them. Goldens go under tests/cli/golden/lock/.

[ "${MXJUDGE_UPDATE_GOLDEN:-}" != 1 ] || mkdir -p "$GOLDEN/lock"

# fixed_key [CAMPAIGN]: sets the secret key of CAMPAIGN (default saga) in
# ./t.db to fixed bytes. The judge draws it at random when it first needs
# it; the order codes and the digests of orders sent with a code come from
# it, so a fixed key makes them the same in every run.
fixed_key() {
	sqlite3 t.db "INSERT OR REPLACE INTO campaign_keys (campaign_id, key)
		SELECT id, x'000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f'
		FROM campaigns WHERE name = '${1:-saga}'"
}

# norm: the filter every locked output goes through. Only what is random
# by design is replaced, nothing else:
#   - Message-IDs made by 'mail send' (random bytes), and the MIME
#     boundaries, the board's Content-ID and the Maildir file name that
#     are hashed from them.
norm() {
	sed -e 's/<mxjudge\.\([0-9]*\)\.[0-9a-f]\{16\}@/<mxjudge.\1.<random>@/g' \
		-e 's/=_mxjudge_\(r\{0,1\}\)[0-9a-f]\{8\}/=_mxjudge_\1<hash>/g' \
		-e 's/board\.[0-9a-f]\{8\}@mxjudge/board.<hash>@mxjudge/g'
}

# lock NAME ARGS...: runs mxjudge ARGS (stdin passed on) and locks, in
# golden lock/NAME, its stdout, then its stderr and its exit status when
# they are not empty and 0 (so a JSON golden is plain JSON). $lock_sed,
# when set, is one more sed script applied (for a test's own filter).
lock() {
	lock_name=$1; shift
	set +e
	mx "$@" >out 2>err
	lock_rc=$?
	set -e
	{
		cat out
		if [ -s err ]; then echo "--- stderr"; cat err; fi
		[ "$lock_rc" -eq 0 ] || echo "--- exit $lock_rc"
	} | norm | sed -e "${lock_sed:-}" >locked
	golden "lock/$lock_name" locked
}

# lock_file NAME FILE: locks a file (normalised) as golden lock/NAME.
lock_file() {
	norm <"$2" >locked
	golden "lock/$1" locked
}

# lock_maildir NAME DIR: locks every message 'mail send' put in DIR/new
# (in the order of their outbox rows), one golden, and moves them to
# DIR/seen so the next call locks only the new ones.
lock_maildir() {
	mkdir -p "$2/seen"
	: >maildir.txt
	for f in $(ls "$2/new" | sort -t. -k2.2n); do
		echo "=== $(echo "$f" | sed 's/\.[0-9a-f]\{8\}$/.<hash>/')" >>maildir.txt
		# The board's PNG is one line here: its pixels are librsvg's and the
		# fonts' (tests/cli/pictures.t checks the picture); its place is locked.
		tr -d '\r' <"$2/new/$f" | awk '
			png == 2 && $0 == "" { png = 0 }
			png == 2 { next }
			{ print }
			png == 1 && $0 == "" { print "<the board, a PNG in base64>"; png = 2 }
			/^Content-Disposition: inline; filename="board.png"$/ { png = 1 }' >>maildir.txt
		mv "$2/new/$f" "$2/seen/"
	done
	lock_file "$1" maildir.txt
}
