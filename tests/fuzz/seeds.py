#!/usr/bin/env python3
"""Rebuilds the seed corpora under tests/fuzz/corpus/ from the project's own
files: rules cases, CLI test data, templates and the mustache spec tests.
Run from anywhere: python3 tests/fuzz/seeds.py [MUSTACHE_SPEC_DIR]
Seeds are named by content hash, so reruns only add what changed.
SEEDS_ONLY="map mail" limits a run to those harnesses' corpora."""
import glob, hashlib, json, os, re, sys

top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
top = os.path.normpath(top)
spec_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top, "..", "shared", "testdata", "mustache-spec")
MAX = 8192  # small seeds keep the fuzzer fast
ONLY = os.environ.get("SEEDS_ONLY", "").split()


def put(harness, text):
    data = text.encode() if isinstance(text, str) else text
    if not data or len(data) > MAX or (ONLY and harness not in ONLY):
        return
    d = os.path.join(top, "tests", "fuzz", "corpus", harness)
    os.makedirs(d, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def read(p):
    with open(p, encoding="utf-8") as f:
        return f.read()


def split_cases(text):
    """Each 'case' block of a case file on its own (keeps the header)."""
    parts = re.split(r"(?m)^(?=case\s)", text)
    return [p for p in parts if p.startswith("case")]


def sections(case_text):
    """(state lines, [(orders, dice)]) of one case."""
    state, turns, cur, mode = [], [], None, "state"
    for line in case_text.splitlines():
        w = line.split()
        if not w or line.lstrip().startswith("#"):
            continue
        if line[0] not in " \t":
            key = w[0]
            if key in ("orders", "dice", "expect"):
                if cur is None:
                    cur = {"orders": [], "dice": []}
                    turns.append(cur)
                mode = key
                continue
            if key == "next":
                cur = None
                mode = "state"
                continue
            if cur is None:
                state.append(w)
            continue
        if cur is not None and mode in ("orders", "dice"):
            cur[mode].append(line.strip())
    return state, turns


def state_json(state, first_orders):
    ordered, cur = {}, None
    for line in first_orders:
        w = line.split()
        if w and w[0].upper() == "SHIP":
            cur = " ".join(w[1:]).lower()
            ordered[cur] = 0
        elif cur is not None and w:
            ordered[cur] += 1
    st = {"game": "hovercrafts", "turn": 1, "map": {"walls": []}, "ships": []}
    for w in state:
        if w[0] == "board":
            m = re.match(r"(\d+)x(\d+)$", w[1])
            if m:
                st["map"]["width"], st["map"]["height"] = int(m.group(1)), int(m.group(2))
        elif w[0] == "wall":
            st["map"]["walls"] += w[1:]
        elif w[0] == "ship" and len(w) >= 5:
            s = {"name": w[1], "team": w[2], "hex": w[3], "facing": w[4]}
            for a in w[5:]:
                if "=" in a:
                    k, v = a.split("=", 1)
                    s[k] = int(v)
                elif a in ("active", "disabled", "off-map"):
                    s["status"] = a
            s.setdefault("actions", ordered.get(w[1].lower(), 0))
            st["ships"].append(s)
    return json.dumps(st, separators=(",", ":"))


case_files = sorted(glob.glob(os.path.join(top, "tests", "cases", "*.case")))
for p in case_files:
    text = read(p)
    put("cases", text)
    for c in split_cases(text):
        put("cases", c)
        state, turns = sections(c)
        for t in turns:
            if t["orders"]:
                put("orders", "\n".join(t["orders"]) + "\n")
                put("orders", "GAME g\nPASSWORD pw\nTURN 3\n" + "\n".join(t["orders"]) + "\nEND\n")
            if t["dice"]:
                put("dice", "\n".join(t["dice"]) + "\n")
        if turns:
            js = state_json(state, turns[0]["orders"])
            put("state_json", js)
            put("turn", js + "\n%%\n" + "\n".join(turns[0]["orders"]) + "\n%%\n" + "\n".join(turns[0]["dice"]) + "\n")

data = os.path.join(top, "tests", "cli", "data")
for p in sorted(glob.glob(os.path.join(data, "*"))):
    if not os.path.isfile(p):
        continue
    ext = p.rsplit(".", 1)[-1]
    text = read(p)
    {"orders": "orders", "dice": "dice", "json": "state_json"}.get(ext) and put(
        {"orders": "orders", "dice": "dice", "json": "state_json"}[ext], text)
for n in (1, 2, 3):
    base = os.path.join(data, "sample-turn%d" % n)
    if n == 1 and os.path.exists(base + ".orders"):
        put("turn", read(os.path.join(data, "sample-turn1.json")) + "%%\n" + read(base + ".orders")
            + "%%\n" + read(base + ".dice"))
for p in sorted(glob.glob(os.path.join(top, "tests", "golden", "**", "*.json"), recursive=True)) + \
        sorted(glob.glob(os.path.join(top, "tests", "cli", "golden", "*.json"))):
    try:
        j = json.loads(read(p))
    except ValueError:
        continue
    if isinstance(j, dict) and "ships" in j:
        j.pop("events", None)
        put("state_json", json.dumps(j, separators=(",", ":")))

# Submissions as a captain mails them.
put("orders", "Here are my orders!\n> quoted\nGAME g\nSHIP Minx\nPASSWORD s3cret\nCODE ab12\nTURN 2\n"
    "1-Move\n2. Left\n3) Land\n4 EMP\nEND\n-- \nAnn\n")
put("orders", "game g\nship minx\n# comment\nmove # trailing\nright\nrepair\nship Locust\nidle\nEND\nSHIP Max\n")

for p in sorted(glob.glob(os.path.join(top, "templates", "*.mustache"))):
    put("mustache", read(p))
for p in sorted(glob.glob(os.path.join(spec_dir, "*.json"))):
    try:
        spec = json.loads(read(p))
    except ValueError:
        continue
    for t in spec.get("tests", []):
        put("mustache", t.get("template", ""))
        for v in (t.get("partials") or {}).values():
            put("mustache", v)


# Boards and scenarios (fuzz_map: '{' first means a scenario file).
for p in sorted(glob.glob(os.path.join(top, "templates", "maps", "*.map"))) + \
        sorted(glob.glob(os.path.join(top, "tests", "cli", "data", "*.map"))):
    put("map", read(p))
for p in sorted(glob.glob(os.path.join(top, "templates", "scenarios", "*.json"))):
    put("map", read(p))


def c_strings(path, pattern):
    """C string literals (adjacent ones joined) after pattern, unescaped."""
    out = []
    if not os.path.exists(path):
        return out
    src = read(path)
    for m in re.finditer(pattern + r'((?:\s*"(?:[^"\\]|\\.)*")+)', src):
        lits = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
        out.append(bytes("".join(lits), "utf-8").decode("unicode_escape"))
    return out


for t in c_strings(os.path.join(top, "tests", "test_map.c"), r"map_parse_text\(&\w+,"):
    put("map", t)
for t in c_strings(os.path.join(top, "tests", "test_scenario.c"), r"(?:begin\(&st,|json_loads\()"):
    put("map", t)
for t in ("Z..\n.x.\n", "....\n..\n", "..Z\n...\n", ".\n.\n", "Z..M\nZ..M\n",
          "; lower case starts\nz.#.m\nz...m\r\n\n\n", "M\tZ\n", "#.\n" * 3):
    put("map", t)

# Mail: the project's own messages; the third-party corpus in
# tests/data/mail-corpus is read by run.sh at run time, not copied.
for p in sorted(glob.glob(os.path.join(top, "tests", "cli", "data", "**", "*.eml"), recursive=True)):
    with open(p, "rb") as f:
        put("mail", f.read())
ORDERS = "GAME g\nSHIP Minx\nPASSWORD s3cret\nTURN 2\n1 Move\n2 Left\n3 EMP\nEND\n"
HDR = "From: Ann Example <ann@example.org>\nTo: judge@example.org\nSubject: Re: turn 2\n" \
      "Message-ID: <m1@example.org>\nReferences: <r1@judge.example.org>\nDate: Sat, 1 Mar 2025 18:00:00 +0000\n"
mails = [
    HDR + "\n" + ORDERS,
    (HDR + "\n" + ORDERS).replace("\n", "\r\n"),
    HDR + "\nHere you go.\n\n" + ORDERS + "\n-- \nAnn\n\nOn Sat, 1 Mar 2025, Judge <judge@example.org> wrote:\n> TURN 1 report\n> GAME g\n",
    HDR + "\n" + ORDERS + "\nSent from my iPhone\n\n-----Original Message-----\nFrom: judge\nTURN 1\n",
    HDR + "\n" + ORDERS + "\n________________________________\nFrom: Judge\nSent: Saturday\nTo: Ann\nSubject: turn 1\n\nreport\n",
    HDR + "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\n"
          "Content-Transfer-Encoding: quoted-printable\n\nGAME g =\nSHIP Minx\nPASSWORD s3cret\nTURN 2\nMove=C2=A0Left \n"
          "right\nEND\n> quoted soft \n> line\n",
    HDR + "MIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
          "R0FNRSBnClNISVAgTWlueApQQVNTV09SRCBzM2NyZXQKVFVSTiAyCk1vdmUKRU5ECg==\n",
    "From: =?iso-8859-1?Q?Ren=E9?= <rene@example.org>\nSubject: =?utf-8?B?w6lsw6h2ZQ==?= =?utf-8?q?_ordres?=\n"
    "MIME-Version: 1.0\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\n"
    "Voil\xe0 mes ordres\n" + ORDERS,
    HDR + "MIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n<html><head><style>p{}</style></head><body>"
          "<p>GAME g<br>SHIP Minx<br>PASSWORD s3cret<br>TURN 2<br>Move&nbsp;&amp; fire&#33;&#x2014;<br>END</p>"
          "<!-- c --><blockquote>On Sat wrote:<br>old &lt;report&gt;</blockquote><pre>  A  B\n  1  2</pre>"
          "<table><tr><td>x</td><td>y</td></tr></table></body></html>\n",
    HDR + "MIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=\"b1\"\n\npreamble\n--b1\n"
          "Content-Type: text/plain; charset=us-ascii\n\n" + ORDERS + "\n--b1\nContent-Type: text/html\n\n<p>GAME g</p>\n--b1--\n",
    HDR + "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=outer\n\n--outer\n"
          "Content-Type: multipart/related; boundary=\"--inner\"\n\n----inner\nContent-Type: text/html; charset=windows-1252\n"
          "Content-Transfer-Encoding: quoted-printable\n\n<div>GAME g=3D</div><div>caf=E9</div>\n----inner--\n--outer\n"
          "Content-Type: text/plain; name=orders.txt\nContent-Disposition: attachment; filename=orders.txt\n\n" + ORDERS +
          "--outer\nContent-Type: message/rfc822\n\nFrom: x@example.org\nSubject: inner\n\n" + ORDERS + "\n--outer",
    "From: MAILER-DAEMON@example.org\nSubject: Undelivered\nAuto-Submitted: auto-replied\nPrecedence: bulk\n"
    "List-Id: <l.example.org>\nContent-Type: multipart/report; boundary=r\n\n--r\nContent-Type: text/plain\n\nbounced\n--r--\n",
    "From: \"Ann, the \\\"Captain\\\"\" <ann@example.org>, bob@example.org\nSubject: =?ISO-2022-JP?B?GyRCJEskWxsoQg==?=\n"
    "Content-Type: text/plain; charset=shift_jis\nContent-Transfer-Encoding: base64\n\ngsmC2w0K\n",
    "Subject: no sender\n\n" + ORDERS,
    "From: ann@example.org\n\n",
    "not a mail at all\x00\xff\r\n\r\n",
]
for m in mails:
    put("mail", m.encode("latin-1") if any(ord(c) > 127 and ord(c) < 256 for c in m) else m)
