# Helpers of the mail tests (sourced after tests/cli/lib.sh).

# A Python that has aiosmtpd (Debian's python3-aiosmtpd), or "".
smtp_python() {
	for p in /usr/bin/python3 python3; do
		if "$p" -c 'import aiosmtpd' 2>/dev/null; then echo "$p"; return 0; fi
	done
	echo ""
}

# A free TCP port on 127.0.0.1.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# wait_for FILE: up to 10 s.
wait_for() {
	i=0
	until [ -e "$1" ]; do
		i=$((i + 1)); [ $i -lt 100 ] || { echo "timed out waiting for $1"; return 1; }
		sleep 0.1
	done
}

# start_smtpd DIR: a loopback SMTP server writing into DIR; sets $smtp_url and $smtpd_pid.
start_smtpd() {
	mkdir -p "$1"
	port=$(free_port)
	"$PY" "$ROOT/tests/cli/mail/smtpd.py" "$1" "$port" >"$1.log" 2>&1 &
	smtpd_pid=$!
	wait_for "$1/ready" || { cat "$1.log"; return 1; }
	smtp_url="smtp://127.0.0.1:$port"
}

stop_smtpd() {
	[ -n "${smtpd_pid:-}" ] && kill "$smtpd_pid" 2>/dev/null && wait "$smtpd_pid" 2>/dev/null
	smtpd_pid=""
}

# arrived DIR: how many messages the server took.
arrived() {
	ls "$1" | grep -c '\.eml$' || true
}
