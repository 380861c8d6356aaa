#!/usr/bin/env python3
"""A tiny SMTP server that misbehaves on purpose, for tests/cli/mail_faults.t.

The mode is read from the file MODEFILE at each connection, so a test can
change it between runs:
  ok              takes every message (writes DIR/NNN.eml)
  refuse-421      greets with 421 (busy, try later) and hangs up
  refuse-554      greets with 554 (no service here) and hangs up
  reject-rcpt     550 to every RCPT TO
  defer-rcpt      451 to every RCPT TO
  drop-in-data    says 354, reads two lines of the data, hangs up
  drop-after-data reads the whole message with its end mark, keeps it
                  (DIR/NNN.eml), and hangs up without the 250
  stall-after-data reads the whole message with its end mark, keeps it,
                  and never answers (until the client hangs up)
  refuse-login    535 to every AUTH
The server offers AUTH PLAIN LOGIN (no STARTTLS) and takes any login in
the other modes. Each connection is logged to DIR/log as "connect MODE",
and each command's verb as "cmd VERB" (never its arguments). Writes PORTFILE
once listening; exits after IDLE seconds without a connection (a bound
for a test that forgets to stop it), or on SIGTERM.

usage: smtp-faults.py DIR MODEFILE PORTFILE [IDLE]
"""
import os
import signal
import socket
import sys

folder, modefile, portfile = sys.argv[1:4]
idle = float(sys.argv[4]) if len(sys.argv) > 4 else 60
signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))
srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 0))
srv.listen(8)
srv.settimeout(idle)
with open(portfile + ".tmp", "w") as f:
    f.write(str(srv.getsockname()[1]))
os.rename(portfile + ".tmp", portfile)
count = 0


def keep(data):
    global count
    count += 1
    path = os.path.join(folder, "%03d.eml" % count)
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.rename(path + ".tmp", path)


def serve(conn, mode):
    f = conn.makefile("rwb")

    def say(line):
        f.write(line.encode() + b"\r\n")
        f.flush()

    if mode == "refuse-421":
        say("421 4.3.2 fake.example.org busy, try again later")
        return
    if mode == "refuse-554":
        say("554 5.7.1 fake.example.org: no SMTP service for you")
        return
    say("220 fake.example.org ESMTP")
    while True:
        line = f.readline()
        if not line:
            return
        words = line.decode(errors="replace").strip().split(" ")
        verb = words[0].upper()
        with open(os.path.join(folder, "log"), "a") as lf:
            lf.write("cmd %s\n" % verb)
        if verb == "EHLO":
            say("250-fake.example.org")
            say("250 AUTH PLAIN LOGIN")
        elif verb == "HELO":
            say("250 fake.example.org")
        elif verb == "AUTH":
            # PLAIN: one response; LOGIN: two (the user name and the password).
            wanted = 2 if words[1:2] == ["LOGIN"] else 1
            for _ in range(wanted - (1 if len(words) > 2 else 0)):
                say("334 ")
                f.readline()
            if mode == "refuse-login":
                say("535 5.7.8 Authentication credentials invalid")
            else:
                say("235 2.7.0 Authentication successful")
        elif verb == "MAIL":
            say("250 2.1.0 ok")
        elif verb == "RCPT":
            if mode == "reject-rcpt":
                say("550 5.1.1 no such user here")
            elif mode == "defer-rcpt":
                say("451 4.3.0 mailbox busy, try again later")
            else:
                say("250 2.1.5 ok")
        elif verb == "DATA":
            say("354 go ahead")
            data = []
            lines = 0
            while True:
                l = f.readline()
                if not l:
                    return
                lines += 1
                if mode == "drop-in-data" and lines == 2:
                    return  # hangs up before the end of the data: nothing kept
                if l in (b".\r\n", b".\n"):
                    break
                data.append(l[1:] if l.startswith(b".") else l)
            keep(b"".join(data))
            if mode == "drop-after-data":
                return  # kept, but the client never hears the 250
            if mode == "stall-after-data":
                conn.settimeout(120)
                while f.readline():
                    pass
                return  # kept, never answered
            say("250 2.0.0 queued")
        elif verb == "RSET" or verb == "NOOP":
            say("250 ok")
        elif verb == "QUIT":
            say("221 bye")
            return
        else:
            say("502 5.5.2 not here")


while True:
    try:
        conn, _ = srv.accept()
    except socket.timeout:
        break
    conn.settimeout(10)
    try:
        with open(modefile) as mf:
            mode = mf.read().strip()
    except OSError:
        mode = "ok"
    with open(os.path.join(folder, "log"), "a") as lf:
        lf.write("connect %s\n" % mode)
    try:
        serve(conn, mode)
    except (socket.timeout, ConnectionError):
        pass
    try:
        conn.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    conn.close()
