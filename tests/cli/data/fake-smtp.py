#!/usr/bin/env python3
"""A fake SMTP server for `mxjudge doctor`: greets, answers EHLO with
AUTH PLAIN LOGIN, takes the login USER/PASSWORD and nothing else, logs
what it was told to LOG, and serves until idle for 30 seconds.

usage: fake-smtp.py PORTFILE USER PASSWORD LOG
"""
import base64
import socket
import sys

portfile, user, password, log = sys.argv[1:5]
srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
srv.bind(("127.0.0.1", 0))
srv.listen(4)
srv.settimeout(30)
with open(portfile + ".tmp", "w") as f:
    f.write(str(srv.getsockname()[1]))
import os
os.rename(portfile + ".tmp", portfile)


def creds_ok(b64):
    try:
        parts = base64.b64decode(b64).split(b"\0")
    except Exception:
        return False
    return len(parts) == 3 and parts[1].decode() == user and parts[2].decode() == password


while True:
    try:
        conn, _ = srv.accept()
    except socket.timeout:
        break
    conn.settimeout(10)
    f = conn.makefile("rwb")

    def say(line):
        f.write(line.encode() + b"\r\n")
        f.flush()

    say("220 fake.example.org ESMTP")
    try:
        while True:
            line = f.readline().decode(errors="replace").strip()
            if not line:
                break
            with open(log, "a") as lf:
                lf.write(line.split(" ")[0] + "\n")
            verb = line.split(" ")[0].upper()
            if verb in ("EHLO", "HELO"):
                say("250-fake.example.org")
                say("250 AUTH PLAIN LOGIN")
            elif verb == "AUTH":
                words = line.split(" ")
                b64 = words[2] if len(words) > 2 else None
                if b64 is None:
                    say("334 ")
                    b64 = f.readline().decode().strip()
                if creds_ok(b64):
                    say("235 2.7.0 Authentication successful")
                else:
                    say("535 5.7.8 Authentication credentials invalid")
            elif verb == "QUIT":
                say("221 bye")
                break
            else:
                say("502 5.5.2 not here")
    except (socket.timeout, ConnectionError):
        pass
    conn.close()
