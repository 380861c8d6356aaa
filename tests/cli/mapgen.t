# Random boards (rulings 8): over many seeds and densities, both start
# columns are wall-free and a wall-free path always joins them, checked by
# a breadth-first search of our own over the printed board (odd-r rows:
# row 2, 4, ... sit half a hex to the right).
export MXJUDGE_TEMPLATES="$ROOT/templates"
seeds=200
# Under valgrind (make valgrind) a sample is enough.
[ -n "${MXJUDGE_WRAP:-}" ] && seeds=10
cat >bfs.awk <<'A'
{ row[NR - 1] = $0; w = length($0) }
END {
	h = NR
	for (r = 0; r < h; r++) {
		if (substr(row[r], 1, 1) != "." || substr(row[r], w, 1) != ".") { print "start column walled"; exit 1 }
		seen[r, 0] = 1; q[n++] = r SUBSEP 0
	}
	for (i = 0; i < n; i++) {
		split(q[i], p, SUBSEP); r = p[1] + 0; c = p[2] + 0
		if (c == w - 1) { print "connected"; exit 0 }
		# neighbours: same row, then the rows above and below
		k = 0
		nr[k] = r; nc[k++] = c - 1; nr[k] = r; nc[k++] = c + 1
		d = (r % 2) ? 0 : -1
		for (dr = -1; dr <= 1; dr += 2) { nr[k] = r + dr; nc[k++] = c + d; nr[k] = r + dr; nc[k++] = c + d + 1 }
		for (j = 0; j < k; j++) {
			rr = nr[j]; cc = nc[j]
			if (rr < 0 || rr >= h || cc < 0 || cc >= w || seen[rr, cc]) continue
			if (substr(row[rr], cc + 1, 1) != ".") continue
			seen[rr, cc] = 1; q[n++] = rr SUBSEP cc
		}
	}
	print "cut off"; exit 1
}
A
s=1
while [ "$s" -le "$seeds" ]; do
	w=$((3 + s % 14)) h=$((3 + s % 7)) p=$((10 + s % 4 * 10))
	expect_exit 0 map generate --width $w --height $h --density $p --seed $s
	awk -f bfs.awk out >verdict || { echo "seed $s ($w x $h, $p%): $(cat verdict)"; cat out; exit 1; }
	# The board reads back as a map file that says the same.
	cp out board.map
	expect_exit 0 map show board.map
	contains err "the two sides can reach each other"
	s=$((s + 1))
done
# The same seed, the same board; another seed, another board.
expect_exit 0 map generate --width 12 --height 8 --density 40 --seed 7
cp out a.txt
expect_exit 0 map generate --width 12 --height 8 --density 40 --seed 7
cmp a.txt out
expect_exit 0 map generate --width 12 --height 8 --density 40 --seed 8
! cmp -s a.txt out
