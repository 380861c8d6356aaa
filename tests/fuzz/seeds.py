#!/usr/bin/env python3
"""Rebuilds the seed corpora under tests/fuzz/corpus/ from the project's own
files: rules cases, CLI test data, templates and the mustache spec tests.
Run from anywhere: python3 tests/fuzz/seeds.py [MUSTACHE_SPEC_DIR]
Seeds are named by content hash, so reruns only add what changed."""
import glob, hashlib, json, os, re, sys

top = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
top = os.path.normpath(top)
spec_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(top, "..", "shared", "testdata", "mustache-spec")
MAX = 8192  # small seeds keep the fuzzer fast


def put(harness, text):
    data = text.encode() if isinstance(text, str) else text
    if not data or len(data) > MAX:
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
