#!/bin/sh
# Installs the Debian packages a make target needs, when dpkg says they are
# missing (dpkg, not PATH: a user's PATH lacks /usr/sbin, where dovecot is).
# Idempotent; quiet when everything is present.
#
#   sh scripts/deps.sh build      build and run mxjudge (make, make demo)
#   sh scripts/deps.sh check      build plus the test tools (make check)
#   sh scripts/deps.sh valgrind   check plus valgrind (make valgrind)
#
# As root it runs apt-get; otherwise through sudo when sudo works without
# a password, else it prints the apt-get line to run as root and fails.
# DEPS_ASSUME_MISSING="pkg ..." treats those packages as missing (to try
# the messages without uninstalling anything); DEPS_POLICY_RC names the
# policy-rc.d to write (tests), /usr/sbin/policy-rc.d by default.
#
# Quiet: one line a step on stderr; apt's and dpkg's hundreds of lines go to
# a log, whose last lines are shown only when a step fails.
set -eu

# A word "a|b" is one need: any of them installed will do, the first is
# installed. Why each is there: README.md, "Set up".
build="gcc libc6-dev make pkgconf|pkg-config
	libsqlite3-dev libjansson-dev libsodium-dev
	libcurl4-openssl-dev|libcurl4-gnutls-dev libgmime-3.0-dev
	librsvg2-dev fonts-dejavu-core sqlite3 tzdata"
check="$build libcmocka-dev mandoc curl python3 python3-aiosmtpd dovecot-imapd chromium"

case ${1:-check} in
build) want=$build ;;
check) want=$check ;;
valgrind) want="$check valgrind" ;;
*) echo "usage: sh scripts/deps.sh build|check|valgrind" >&2; exit 2 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
	# Not Debian: say what is wanted and let the build tell what it lacks.
	# shellcheck disable=SC2086
	echo "deps: no dpkg here; install the equivalents of:" $want >&2
	exit 0
fi

installed() {
	case " ${DEPS_ASSUME_MISSING:-} " in *" $1 "*) return 1 ;; esac
	case $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) in
	*"install ok installed"*) return 0 ;;
	esac
	return 1
}

need=""
for w in $want; do
	ok=""
	for p in $(echo "$w" | tr '|' ' '); do
		installed "$p" && { ok=1; break; }
	done
	[ -n "$ok" ] || need="$need ${w%%|*}"
done
[ -z "$need" ] && exit 0

# dovecot-imapd starts and enables a system dovecot when installed; the
# tests run their own. So the system's is turned off, unless dovecot was
# there before (then it is the machine's own).
had_dovecot=""
installed dovecot-core && had_dovecot=1

if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
		exec sudo -n sh "$0" "$@"
	fi
	off=""
	case "$need " in
	*" dovecot-imapd "*)
		[ -n "$had_dovecot" ] ||
			off=" && { systemctl disable --now dovecot.service dovecot.socket || update-rc.d dovecot disable; } >/dev/null 2>&1"
		;;
	esac
	echo "deps: missing packages; as root run: apt-get install -y --no-install-recommends$need$off" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
log=$(mktemp "${TMPDIR:-/tmp}/mxjudge-deps.XXXXXX")
policy=""
trap 'rm -f "$policy"' EXIT
trap 'exit 1' HUP INT TERM
# step WHAT CMD...: says WHAT on one line; CMD's output goes to the log,
# whose end is shown if CMD fails.
step() {
	echo "deps: $1" >&2
	shift
	if ! "$@" >>"$log" 2>&1; then
		echo "deps: failed: $*; its last lines (all of them in $log):" >&2
		tail -n 25 "$log" | sed 's/^/  /' >&2
		exit 1
	fi
}
# A policy-rc.d that refuses starts: no system dovecot runs even once.
if [ ! -e "${DEPS_POLICY_RC:-/usr/sbin/policy-rc.d}" ]; then
	policy=${DEPS_POLICY_RC:-/usr/sbin/policy-rc.d}
	printf '#!/bin/sh\n# scripts/deps.sh of mxjudge: no service starts while it installs.\nexit 101\n' >"$policy"
	chmod 755 "$policy"
fi
step "updating the package lists" apt-get update -qq
# shellcheck disable=SC2086
step "installing$need" apt-get install -y -qq --no-install-recommends $need
rm -f "$log"
if [ -z "$had_dovecot" ] && installed dovecot-core; then
	echo "deps: the system's dovecot stays off (the tests run their own)" >&2
	if command -v systemctl >/dev/null 2>&1; then
		systemctl disable --now dovecot.service dovecot.socket >/dev/null 2>&1 || true
	fi
	if command -v update-rc.d >/dev/null 2>&1; then
		update-rc.d dovecot disable >/dev/null 2>&1 || true
	fi
	if command -v service >/dev/null 2>&1; then
		service dovecot stop >/dev/null 2>&1 || true
	fi
fi
