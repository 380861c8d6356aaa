#!/usr/bin/env python3
"""Writes a captain's reply to a report as a real mail client would:
multipart/alternative, the text part base64 UTF-8, CRLF line ends, the
orders above the quoted report and a signature.

usage: reply.py FROM REPORT-BODY-FILE IN-REPLY-TO CODE-OR-PASSWORD-LINE ACTION... > message
"""
import hashlib
import sys
from email.message import EmailMessage
from email.policy import SMTP

sender, report_file, in_reply_to, secret = sys.argv[1:5]
actions = sys.argv[5:]
report = open(report_file, encoding="utf-8").read()
block = []
for line in report.splitlines():
    if line.startswith(("GAME ", "SHIP ", "TURN ")):
        block.append(line)
text = "Here are my orders. Bonne chance à tous !\n\n"
text += "\n".join(block[:2]) + "\n" + secret + "\n" + "\n".join(block[2:]) + "\n"
text += "\n".join("%d-%s" % (i + 1, a) for i, a in enumerate(actions)) + "\nEND\n\n"
text += "-- \nAnn, captain of the fleet\n\n"
text += "On Sat, 1 Mar 2025 at 12:00, mxjudge <mxjudge@localhost> wrote:\n"
text += "".join("> " + l + "\n" for l in report.splitlines())
html = "<div>" + text.replace("&", "&amp;").replace("<", "&lt;").replace("\n", "<br>") + "</div>"
m = EmailMessage()
m["From"] = "Ann Dûval <%s>" % sender
m["To"] = "mxjudge@localhost"
m["Subject"] = "Re: g: the battle begins; orders for turn 1"
# Unique per reply, as a real client's: the judge knows a mail by its Message-ID.
tag = hashlib.sha256(("%s %s %s %s" % (sender, in_reply_to, secret, actions)).encode()).hexdigest()[:8]
m["Message-ID"] = "<reply-%s-%s@example.org>" % (len(actions), tag)
m["In-Reply-To"] = "<%s>" % in_reply_to
m.set_content(text, charset="utf-8", cte="base64")
m.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
sys.stdout.buffer.write(m.as_bytes(policy=SMTP))
