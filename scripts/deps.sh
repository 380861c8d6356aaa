#!/bin/sh
# Installs the Debian packages mxjudge builds and tests with, only when
# pkg-config (or the tool) says they are missing. Idempotent; quiet when
# everything is present.
set -eu

need=""
check_pc() { pkg-config --exists "$1" 2>/dev/null || need="$need $2"; }
check_bin() { command -v "$1" >/dev/null 2>&1 || need="$need $2"; }

check_bin pkg-config pkgconf
check_bin cc gcc
check_bin make make
if command -v pkg-config >/dev/null 2>&1; then
	check_pc sqlite3 libsqlite3-dev
	check_pc libcurl libcurl4-openssl-dev
	check_pc jansson libjansson-dev
	check_pc libsodium libsodium-dev
	check_pc gmime-3.0 libgmime-3.0-dev
	check_pc cmocka libcmocka-dev
else
	need="$need libsqlite3-dev libcurl4-openssl-dev libjansson-dev libsodium-dev libgmime-3.0-dev libcmocka-dev"
fi
check_bin sqlite3 sqlite3
check_bin mandoc mandoc
check_bin valgrind valgrind
# The mail tests' real servers: an SMTP server (aiosmtpd) and an IMAP one.
[ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null ||
	need="$need python3 python3-aiosmtpd"
check_bin dovecot dovecot-imapd
check_bin curl curl
# Campaign time zones (IANA names) need the zone files.
[ -f /usr/share/zoneinfo/Europe/Paris ] || need="$need tzdata"

[ -z "$need" ] && exit 0

echo "deps: installing$need" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >&2
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $need >&2
