# scripts/deps.sh as a user without root: packages are looked up with
# dpkg (not on PATH), and without a working sudo one message names the
# exact apt-get line to run as root. Fake dpkg-query, id and sudo make the
# machine look so; nothing is installed.
mkdir bin
printf '#!/bin/sh\nexit 1\n' >bin/dpkg-query
printf '#!/bin/sh\necho 1000\n' >bin/id
printf '#!/bin/sh\nexit 1\n' >bin/sudo
chmod +x bin/*
set +e
PATH="$PWD/bin:$PATH" sh "$ROOT/scripts/deps.sh" build >out 2>err
rc=$?
set -e
[ "$rc" -eq 1 ]
[ "$(wc -l <err)" -eq 1 ]
contains err "deps: missing packages; as root run: apt-get install -y --no-install-recommends gcc libc6-dev make pkgconf libsqlite3-dev libjansson-dev libsodium-dev libcurl4-openssl-dev libgmime-3.0-dev librsvg2-dev fonts-dejavu-core sqlite3 tzdata"
# The test set adds the tests' tools and servers; dovecot is found by its
# package, not by a PATH lookup a user's PATH would miss.
set +e
PATH="$PWD/bin:$PATH" sh "$ROOT/scripts/deps.sh" check >out 2>err
set -e
contains err "tzdata libcmocka-dev mandoc curl python3 python3-aiosmtpd dovecot-imapd chromium"
# One package missing, as DEPS_ASSUME_MISSING says: only it is named.
printf '#!/bin/sh\nprintf "install ok installed"\n' >bin/dpkg-query
set +e
DEPS_ASSUME_MISSING=dovecot-imapd PATH="$PWD/bin:$PATH" sh "$ROOT/scripts/deps.sh" check >out 2>err
set -e
contains err "as root run: apt-get install -y --no-install-recommends dovecot-imapd"
# Everything installed (dpkg says so): nothing to do, nothing said.
printf '#!/bin/sh\nprintf "install ok installed"\n' >bin/dpkg-query
PATH="$PWD/bin:$PATH" sh "$ROOT/scripts/deps.sh" check >out 2>err
[ ! -s err ] && [ ! -s out ]
# The line for root keeps the system dovecot it installs off at boot (the
# tests run their own), in the same line.
printf '#!/bin/sh\nexit 1\n' >bin/dpkg-query
set +e
PATH="$PWD/bin:$PATH" sh "$ROOT/scripts/deps.sh" check >out 2>err
set -e
[ "$(wc -l <err)" -eq 1 ]
contains err "dovecot-imapd chromium && { systemctl disable --now dovecot.service dovecot.socket || update-rc.d dovecot disable; } >/dev/null 2>&1"
set +e
PATH="$PWD/bin:$PATH" sh "$ROOT/scripts/deps.sh" build >out 2>err
set -e
lacks err "systemctl"
# As root: one line a step, not apt's and dpkg's hundreds (they go to a
# log), and no policy-rc.d left behind.
printf '#!/bin/sh\necho 0\n' >bin/id
cat >bin/apt-get <<'SH'
#!/bin/sh
i=0
while [ $i -lt 300 ]; do echo "Selecting previously unselected package p$i."; i=$((i + 1)); done
echo "make-ssl-cert: warning: something" >&2
[ -z "${FAIL_APT:-}" ] || { echo "E: Unable to locate package libfoo-dev" >&2; exit 100; }
SH
chmod +x bin/apt-get
DEPS_POLICY_RC=$PWD/policy-rc.d PATH="$PWD/bin:$PATH" sh "$ROOT/scripts/deps.sh" build >out 2>err
[ ! -s out ]
[ "$(cat err)" = "deps: updating the package lists
deps: installing gcc libc6-dev make pkgconf libsqlite3-dev libjansson-dev libsodium-dev libcurl4-openssl-dev libgmime-3.0-dev librsvg2-dev fonts-dejavu-core sqlite3 tzdata" ]
[ ! -e policy-rc.d ]
# A step that fails shows what went wrong: the end of its log.
set +e
FAIL_APT=1 TMPDIR=$PWD DEPS_POLICY_RC=$PWD/policy-rc.d PATH="$PWD/bin:$PATH" sh "$ROOT/scripts/deps.sh" build >out 2>err
rc=$?
set -e
[ "$rc" -eq 1 ]
contains err "deps: failed: apt-get update -qq; its last lines (all of them in $PWD/mxjudge-deps."
contains err "  E: Unable to locate package libfoo-dev"
[ "$(wc -l <err)" -le 27 ]
[ ! -e policy-rc.d ]
