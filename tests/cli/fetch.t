# fetch: a real IMAP server on loopback (dovecot, run from a configuration
# in the test's own directory) serves a mailbox of orders; fetch stores
# and answers each, and marks it seen only once it is stored.
# /usr/sbin is not on every user's PATH.
dovecot=$(command -v dovecot || command -v /usr/sbin/dovecot) ||
	{ echo "skipped: dovecot-imapd is not installed"; exit 0; }
. "$ROOT/tests/cli/mail/lib.sh"
export MXJUDGE_FAST_HASH=1
db="--db ./t.db"
game_ann_bob
t="--now 2025-03-01T13:00Z"

# dovecot as the unprivileged user running the test; as root, its own
# users (it runs no login process as root). No service is chrooted (the
# login and anvil ones are by default): only root can chroot.
d=$PWD/dovecot
mkdir -p "$d/run" "$d/state" "$d/home/judge/Maildir/new" "$d/home/judge/Maildir/cur" "$d/home/judge/Maildir/tmp"
if [ "$(id -u)" -eq 0 ]; then
	login=dovenull internal=dovecot
	chmod 755 "$PWD"
	uid=$(id -u dovecot) gid=$(id -g dovecot)
else
	login=$(id -un) internal=$(id -un)
	uid=$(id -u) gid=$(id -g)
fi
port=$(free_port)
cat >"$d/dovecot.conf" <<CONF
base_dir = $d/run
state_dir = $d/state
log_path = $d/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = $login
default_internal_user = $internal
default_internal_group = $(id -gn "$internal")
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $d/passwd
}
userdb {
  driver = static
  args = uid=$uid gid=$gid home=$d/home/%u
}
mail_location = maildir:~/Maildir
service anvil {
  chroot =
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $port
  }
  inet_listener imaps {
    port = 0
  }
}
CONF
echo "judge:{PLAIN}s3cret" >"$d/passwd"
put() { # NAME FROM BODY: a message in the mailbox
	printf 'From: %s\r\nTo: judge@localhost\r\nSubject: orders\r\nMessage-ID: <%s@example.org>\r\n\r\n%s' "$2" "$1" "$3" \
		>"$d/home/judge/Maildir/new/$1"
}
put m1 ann@example.org "$(printf 'GAME g\r\nSHIP Minx\r\nPASSWORD %s\r\n1-Move\r\n' "$pa")"
put m2 bob@example.org "$(printf 'GAME g\r\nSHIP Locust\r\nPASSWORD %s\r\n1-Land\r\n' "$pb")"
put m3 stranger@example.net "hello"
[ "$(id -u)" -ne 0 ] || chown -R "$uid:$gid" "$d/home"
"$dovecot" -c "$d/dovecot.conf"
trap 'kill $(cat "$d/run/master.pid" 2>/dev/null) 2>/dev/null || true' EXIT
i=0
until python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; do
	i=$((i + 1)); [ $i -lt 100 ] || { cat "$d/dovecot.log"; exit 1; }; sleep 0.1
done
# The password goes in the environment: a --imap URL holding one is refused (ps shows it).
url="imap://judge@127.0.0.1:$port/INBOX"
export MXJUDGE_IMAP_PASSWORD=s3cret
expect_exit 2 $db fetch --imap "imap://judge:s3cret@127.0.0.1:$port/INBOX" $t
unseen() { curl -s "imap://judge:s3cret@127.0.0.1:$port/INBOX" -X 'UID SEARCH UNSEEN' | tr -d '\r'; }
[ "$(unseen)" = "* SEARCH 1 2 3" ]

expect_exit 0 $db fetch --imap "$url" $t
contains out "orders sealed for Minx"
contains out "orders sealed for Locust"
contains out "fetch: 3 messages taken"
contains err "unknown address 'stranger@example.net'"
[ "$(unseen)" = "* SEARCH" ]
[ "$(sqlite3 t.db "select count(*) from mail_in where source = 'imap'")" -eq 3 ]
[ "$(sqlite3 t.db "select count(*) from outbox where kind = 'receipt'")" -eq 2 ]
expect_exit 0 $db fetch --imap "$url" $t
[ ! -s out ]

# Killed after storing, before marking seen: still unseen, taken again,
# recognised, answered once.
put m4 ann@example.org "$(printf 'GAME g\r\nSHIP Minx\r\nPASSWORD %s\r\n1-Left\r\n' "$pa")"
[ "$(id -u)" -ne 0 ] || chown -R "$uid:$gid" "$d/home"
export MXJUDGE_CRASH_AT=fetch-stored
set +e; mx $db fetch --imap "$url" $t >/dev/null 2>&1; rc=$?; set -e
unset MXJUDGE_CRASH_AT
[ "$rc" -eq 137 ]
[ "$(unseen)" = "* SEARCH 4" ]
MXJUDGE_IMAP_URL="$url"; export MXJUDGE_IMAP_URL
expect_exit 0 $db fetch $t
contains out "received before"
[ "$(unseen)" = "* SEARCH" ]
[ "$(sqlite3 t.db "select count(*) from outbox where kind = 'receipt'")" -eq 3 ]
[ "$(sqlite3 t.db "select count(*) from mail_in")" -eq 4 ]
# A wrong login is a temporary failure, said on stderr.
export MXJUDGE_IMAP_PASSWORD=wrong
expect_exit 75 $db fetch --imap "$url" $t
contains err "fetch:"
export MXJUDGE_IMAP_PASSWORD=s3cret
