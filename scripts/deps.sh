#!/bin/sh
# Installs the Debian packages mxjudge needs, only those missing. Packages
# are looked up with dpkg, not on PATH (a user's PATH lacks /usr/sbin,
# where dovecot lives). Idempotent; quiet when everything is there.
#   deps.sh build     what building and running need (make all, make demo)
#   deps.sh check     also the tests' tools and their own mail servers
#   deps.sh valgrind  also valgrind
# Without root, sudo is used when it works without a password; otherwise
# the one apt-get line to run is printed and the script fails.
set -eu

mode=${1:-check}
build="gcc make pkgconf libsqlite3-dev libjansson-dev libsodium-dev libcurl4-openssl-dev libgmime-3.0-dev tzdata"
# Tests only: cmocka, the sqlite3 and python3 the CLI tests script with,
# mandoc for the man page checks, and the mail tests' own loopback servers
# (aiosmtpd for SMTP, dovecot for IMAP, curl to talk to it).
check="libcmocka-dev sqlite3 python3 python3-aiosmtpd mandoc dovecot-imapd curl"
case $mode in
build) want=$build ;;
check) want="$build $check" ;;
valgrind) want="$build $check valgrind" ;;
*) echo "deps: usage: deps.sh build|check|valgrind" >&2; exit 2 ;;
esac

installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed"
}

need=""
for p in $want; do
	installed "$p" || need="$need $p"
done
[ -z "$need" ] && exit 0

line="apt-get install -y --no-install-recommends$need"
if [ "$(id -u)" -eq 0 ]; then
	SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	SUDO="sudo -n"
else
	echo "deps: missing packages; as root run: $line" >&2
	exit 1
fi
echo "deps: installing$need" >&2
export DEBIAN_FRONTEND=noninteractive
# Installing dovecot must not start or enable a system service: the tests
# run their own from a configuration of their own and stop it.
policy=""
case " $need " in
*" dovecot-imapd "*)
	if [ ! -e /usr/sbin/policy-rc.d ]; then
		printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
		$SUDO chmod 755 /usr/sbin/policy-rc.d
		policy=1
	fi ;;
esac
$SUDO apt-get update -qq >&2
# shellcheck disable=SC2086
rc=0
$SUDO apt-get install -y -qq --no-install-recommends $need >&2 || rc=$?
if [ -n "$policy" ]; then
	$SUDO rm -f /usr/sbin/policy-rc.d
fi
case " $need " in
*" dovecot-imapd "*)
	# What a package's scripts may still have set up, undone.
	if command -v systemctl >/dev/null 2>&1; then
		$SUDO systemctl disable --now dovecot.service dovecot.socket >/dev/null 2>&1 || true
	fi
	$SUDO update-rc.d dovecot disable >/dev/null 2>&1 || true
	$SUDO service dovecot stop >/dev/null 2>&1 || true ;;
esac
exit $rc
