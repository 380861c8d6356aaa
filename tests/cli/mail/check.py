#!/usr/bin/env python3
"""Parses messages that arrived (files) with Python's email module and
prints one line per message: kind of check results, for the shell tests.

usage: check.py FILE...   prints "FILE|From|To|Subject|Message-ID|In-Reply-To|parts|flags"
flags: lines-ok (CRLF, none over 998), date-ok, pre (an HTML part with <pre>)
"""
import email
import email.policy
import email.utils
import sys

for path in sys.argv[1:]:
    raw = open(path, "rb").read()
    flags = []
    lines = raw.split(b"\r\n")
    if all(b"\n" not in l for l in lines) and all(len(l) <= 998 for l in lines):
        flags.append("lines-ok")
    m = email.message_from_bytes(raw, policy=email.policy.default)
    if m["Date"] and email.utils.parsedate_to_datetime(str(m["Date"])):
        flags.append("date-ok")
    if m["MIME-Version"] == "1.0":
        flags.append("mime")
    parts = []
    for p in m.walk():
        parts.append(p.get_content_type())
        if p.get_content_type() == "text/html" and "<pre" in p.get_content():
            flags.append("pre")
    print("|".join([path, str(m["From"]), str(m["To"]), str(m["Subject"]),
                    str(m["Message-ID"]), str(m["In-Reply-To"] or ""), ",".join(parts),
                    ",".join(flags)]))
