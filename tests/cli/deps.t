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
