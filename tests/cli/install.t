# make install / uninstall into a DESTDIR, and the installed binary run
# from there: it finds its templates next to itself (BINDIR/../share),
# not only in the DATADIR compiled in, so a relocated install works.
unset MAKEFLAGS MFLAGS MAKELEVEL MXJUDGE_TEMPLATES MXJUDGE_DB XDG_DATA_HOME
export MXJUDGE_FAST_HASH=1
bin=$(readlink -f "$MXJUDGE")
dest=$PWD/dest
# The binary under test is the one installed; -o all: nothing is rebuilt.
make --no-print-directory -C "$ROOT" -o all install BIN="$bin" DESTDIR="$dest" PREFIX=/opt/mx >make.log 2>&1 ||
	{ cat make.log; exit 1; }
inst=$dest/opt/mx/bin/mxjudge
for f in bin/mxjudge share/man/man1/mxjudge.1 share/man/man1/mxjudge-verify.1 \
	share/man/man5/mxjudge-settings.5 share/man/man7/mxjudge-rules.7 \
	share/mxjudge/templates/help.mustache share/mxjudge/templates/hovercrafts/report.mustache \
	share/mxjudge/templates/hovercrafts/maps/tunnels.map \
	share/bash-completion/completions/mxjudge; do
	[ -f "$dest/opt/mx/$f" ] || { echo "not installed: /opt/mx/$f"; exit 1; }
done
cmp "$bin" "$inst"

# A game master's first commands with the installed binary alone.
mkdir home
export HOME=$PWD/home
run() { $MXJUDGE_WRAP "$inst" "$@"; }
run --version | grep -q '^mxjudge '
run campaign new inst --width 6 --height 3 --density 0 >/dev/null
run campaign join inst --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
run campaign join inst --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
# Without its share directory the templates are missing, and it says where it looked.
mv "$dest/opt/mx/share/mxjudge" moved
set +e
run campaign start inst --now 2025-03-01T12:00Z >out 2>err
rc=$?
set -e
[ "$rc" -ne 0 ]
contains err "/opt/mx/bin/../share/mxjudge/templates"
mv moved "$dest/opt/mx/share/mxjudge"
run campaign start inst --now 2025-03-01T12:00Z >/dev/null
[ -f home/.local/share/mxjudge/mxjudge.db ]
run campaign outbox inst --full >outbox.txt
contains outbox.txt "GAME inst"

# The installed completion completes verbs, options and campaign names.
if command -v bash >/dev/null; then
	PATH=$dest/opt/mx/bin:$PATH bash -c '
		. "$1"
		t() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _mxjudge; echo "${COMPREPLY[*]}"; }
		t mxjudge campaign sta
		t mxjudge report in
		t mxjudge report inst --sh
		t mxjudge report inst --ship L
		t mxjudge campaign join inst --side z
		t mxjudge campaign join inst --team z
		t mxjudge campaign set inst deadl
		t mxjudge campaign new x --scenario esc
		t mxjudge campaign new x --game hov
		t mxjudge campaign new x --timezone Europe/Par
		t mxjudge campaign set-email inst --ship M
		t mxjudge mail inb
		t mxjudge mail inbox in
		t mxjudge press send inst --to L
		t mxjudge campaign new x --map tun
		t mxjudge campaign new x --map comp.
	' sh "$dest/opt/mx/share/bash-completion/completions/mxjudge" >comp.txt
	printf 'start standings standby\ninst\n--ship\nLocust\nzion\nzion\ndeadline_hours\nescape\nhovercrafts\nEurope/Paris\nMinx\ninbox\ninst\nLocust\ntunnels\ncomp.txt\n' >comp.want
	diff -u comp.want comp.txt
fi

make --no-print-directory -C "$ROOT" uninstall DESTDIR="$dest" PREFIX=/opt/mx >make.log 2>&1 ||
	{ cat make.log; exit 1; }
find "$dest" ! -type d >left.txt
[ ! -s left.txt ] || { echo "left after uninstall:"; cat left.txt; exit 1; }
