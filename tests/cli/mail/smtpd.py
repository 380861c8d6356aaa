#!/usr/bin/env python3
"""A real SMTP server on loopback for the tests (aiosmtpd). Each message
accepted is written to DIR/NNN.eml as received. While DIR/fail-temp
exists every recipient gets 451 (try later), while DIR/fail-perm exists
550 (never). Writes DIR/ready once listening; stops on SIGTERM.

usage: smtpd.py DIR PORT
"""
import os
import signal
import sys
import threading

from aiosmtpd.controller import Controller

folder, port = sys.argv[1], int(sys.argv[2])


class Handler:
    count = 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if os.path.exists(os.path.join(folder, "fail-temp")):
            return "451 4.3.0 try again later"
        if os.path.exists(os.path.join(folder, "fail-perm")):
            return "550 5.1.1 no such user"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        Handler.count += 1
        path = os.path.join(folder, "%03d.eml" % Handler.count)
        with open(path + ".tmp", "wb") as f:
            f.write(envelope.original_content)
        os.rename(path + ".tmp", path)
        return "250 OK queued"


controller = Controller(Handler(), hostname="127.0.0.1", port=port)
controller.start()
open(os.path.join(folder, "ready"), "w").close()
done = threading.Event()
signal.signal(signal.SIGTERM, lambda *a: done.set())
signal.signal(signal.SIGINT, lambda *a: done.set())
done.wait()
controller.stop()
