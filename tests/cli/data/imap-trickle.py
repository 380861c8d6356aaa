#!/usr/bin/env python3
"""An IMAP server that never finishes an answer, for tests/cli/mail_deadline.t.

It greets, takes CAPABILITY and LOGIN, and answers every later command
(SELECT first) with an untagged line every 0.3 seconds, for ever: no
single wait is long, the answer never ends. Writes PORTFILE once
listening; exits after IDLE seconds without a connection, or on SIGTERM.

usage: imap-trickle.py PORTFILE [IDLE]
"""
import os
import signal
import socket
import sys
import time

portfile = sys.argv[1]
idle = float(sys.argv[2]) if len(sys.argv) > 2 else 60
signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 0))
srv.listen(4)
srv.settimeout(idle)
with open(portfile + ".tmp", "w") as f:
    f.write(str(srv.getsockname()[1]))
os.rename(portfile + ".tmp", portfile)


def serve(conn):
    f = conn.makefile("rwb")

    def say(line):
        f.write(line.encode() + b"\r\n")
        f.flush()

    say("* OK [CAPABILITY IMAP4rev1] fake.example.org ready")
    while True:
        line = f.readline().decode(errors="replace").strip()
        if not line:
            return
        tag, _, rest = line.partition(" ")
        verb = rest.split(" ")[0].upper()
        if verb == "CAPABILITY":
            say("* CAPABILITY IMAP4rev1 AUTH=PLAIN")
            say(tag + " OK done")
        elif verb in ("LOGIN", "AUTHENTICATE"):
            say(tag + " OK logged in")
        else:
            while True:
                say("* OK still thinking")
                time.sleep(0.3)


while True:
    try:
        conn, _ = srv.accept()
    except socket.timeout:
        break
    conn.settimeout(10)
    try:
        serve(conn)
    except (socket.timeout, ConnectionError, BrokenPipeError):
        pass
    conn.close()
