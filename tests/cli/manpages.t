# `mxjudge help` and the manual pages never disagree: every command and
# verb it lists has a page (man/mxjudge-FAMILY.1) that names the verb and
# every --option and -x flag of its usage line.
#
# Families sharing a page, "command page" (default: mxjudge-COMMAND.1):
map="turn process
replay verify
receive mail
fetch mail
tick mail
doctor doctor"
# Pages another engineer is writing or extending right now: what they
# lack is reported, not failed. Empty this list once they land.
pending=""
# Strings a usage line shows that are not options of the command.
ignore=""

man="$ROOT/man"
command -v mandoc >/dev/null || { echo "manpages: mandoc missing (make deps)"; exit 1; }

page_of() {
	p=$(printf '%s\n' "$map" | awk -v c="$1" '$1 == c { print $2 }')
	echo "$man/mxjudge-${p:-$1}.1"
}

# The page as text, every overstrike gone, lines never broken.
render() {
	mandoc -Tascii -Owidth=1000 "$1" | awk '{ gsub(/.\b/, ""); print }'
}

# problem PAGE TEXT: a disagreement, failed unless PAGE is pending.
problem() {
	case " $pending " in
	*" $1 "*) echo "pending: $2" >>report ;;
	*) echo "$2" >>report; bad=1 ;;
	esac
}

# has FILE WORD: WORD stands alone in FILE (--turn is not --turns).
has() {
	grep -E -- "(^|[^A-Za-z0-9-])$2([^A-Za-z0-9-]|$)" "$1" >/dev/null
}

mx help >help.txt
# The first word of each listed command: the command, or a family's noun.
sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p' help.txt | sort -u >nouns
[ -s nouns ]
bad=0 checked=0
: >report
while read -r noun; do
	page=$(page_of "$noun")
	if [ ! -f "$page" ]; then
		problem "$(basename "$page")" "no page $(basename "$page") for '$noun'"
		continue
	fi
	render "$page" >page.txt
	mx help "$noun" >usage.txt
	while read -r _u _m cmd rest; do
		# A verb is a second word `mxjudge help` lists after the noun.
		verb=""
		first=${rest%% *}
		if printf '%s\n' "$first" | grep -E '^[a-z][a-z-]*$' >/dev/null &&
			grep -E "^  $cmd $first( |$)" help.txt >/dev/null; then
			verb=$first
			rest=${rest#"$first"}
			has page.txt "$verb" ||
				problem "$(basename "$page")" "$(basename "$page"): does not name the verb '$cmd $verb'"
		fi
		for opt in $(printf '%s\n' "$rest" | grep -oE -- '(^|[^A-Za-z0-9-])-(-[a-z][a-z0-9-]*|[A-Za-z])' |
			sed 's/^[^-]*//' | sort -u); do
			case " $ignore " in *" $opt "*) continue ;; esac
			checked=$((checked + 1))
			has page.txt "$opt" ||
				problem "$(basename "$page")" "$(basename "$page"): lacks $opt of 'mxjudge $cmd${verb:+ $verb}'"
		done
	done <usage.txt
done <nouns

# mxjudge-settings(5) documents every key `campaign set` takes (`campaign
# set NAME` lists them, the game's too).
mx --db ./s.db campaign new keys --width 4 --height 2 >/dev/null
mx --db ./s.db campaign set keys >keys.txt
render "$man/mxjudge-settings.5" >settings.txt
sed -n 's/^  \([a-z_]*\)  .*/\1/p' keys.txt >keys
[ -s keys ] || { echo "campaign set listed no keys:"; cat keys.txt; exit 1; }
while read -r key; do
	has settings.txt "$key" || problem mxjudge-settings.5 "mxjudge-settings.5: lacks the key $key"
done <keys

# The overview names every command.
render "$man/mxjudge.1" >overview.txt
while read -r noun; do
	has overview.txt "$noun" || problem mxjudge.1 "mxjudge.1: does not name the command '$noun'"
done <nouns

# Every page lints clean and every page named in SEE ALSO exists.
for f in "$man"/*.[157]; do
	mandoc -Tlint -W warning "$f" >lint.txt 2>&1 || { cat lint.txt; exit 1; }
	render "$f" | sed -n '/^SEE ALSO/,$p' | grep -oE 'mxjudge(-[a-z-]+)?\([157]\)' >refs.txt || true
	while IFS='()' read -r name sec; do
		[ -f "$man/$name.$sec" ] ||
			problem "$name.$sec" "$(basename "$f"): SEE ALSO $name($sec): no such page"
	done <refs.txt
done
cat report
[ "$checked" -gt 20 ]
[ "$bad" -eq 0 ]
