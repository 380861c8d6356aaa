# The archive in a real browser (mxjudge-publish(1)): Debian's Chromium,
# headless, loads the published pages from file:// at a phone's width;
# the screenshots match the stored ones (tests/cli/golden/browser-*.png)
# within a tolerance (tests/cli/pngdiff.py), and no page logs a console
# message (no error, no missing file). MXJUDGE_UPDATE_GOLDEN=1 stores them.
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	echo "skipped: chromium is not installed (make deps-check installs it)"
	exit 0
fi
export MXJUDGE_FAST_HASH=1 MXJUDGE_TEMPLATES="$ROOT/templates"
db="--db ./t.db"
mx $db campaign new g --width 8 --height 5 --seed 3 --deadline 24 >/dev/null
mx $db campaign join g --captain Ann --email ann@example.org --ship Minx --team zion >/dev/null 2>&1
mx $db campaign join g --captain Bob --email bob@example.org --ship Locust --team machines >/dev/null 2>&1
mx $db campaign start g --now 2025-03-01T12:00Z >/dev/null
mx $db process --now 2025-03-02T12:30Z >/dev/null
expect_exit 0 $db publish g --to site

# shot PAGE NAME: a screenshot of site/PAGE as NAME.png, the log in NAME.log.
shot() {
	rm -rf profile
	# As root Chromium needs --no-sandbox; nothing may reach the network.
	timeout 50 "$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--disable-extensions --hide-scrollbars --force-device-scale-factor=1 \
		--user-data-dir="$PWD/profile" --enable-logging=stderr --v=0 \
		--window-size=420,900 --screenshot="$PWD/$2.png" "file://$PWD/site/$1" >"$2.log" 2>&1 || {
		echo "chromium failed on $1"; cat "$2.log"; return 1; }
	[ -s "$2.png" ]
	if grep -E ':CONSOLE|Uncaught|ERR_FILE_NOT_FOUND' "$2.log"; then
		echo "$1 logged the above"; return 1
	fi
	if [ "${MXJUDGE_UPDATE_GOLDEN:-}" = 1 ]; then
		cp "$2.png" "$GOLDEN/browser-$2.png"; echo "updated golden browser-$2.png"; return 0
	fi
	python3 "$ROOT/tests/cli/pngdiff.py" "$GOLDEN/browser-$2.png" "$2.png" 0.02
}
shot index.html index
shot turn-1.html turn1
