#!/usr/bin/env python3
"""handstat serve's JSON API from the outside: every command's answer equal, cell for cell, to the
command line's --csv (crib explain to its itemized text), every refusal a 4xx JSON error, the
caps (body, queue, time), cancellation (DELETE, a client that goes away), 50 concurrent queries,
a busy port, and a clean stop on SIGINT and SIGTERM. Python's standard library only.

The server and the command line are both shells over the request layer: the answers against the
CLI's --csv check the JSON arguments' mapping and the JSON rendering, not the counts (the C tests
check those against independent references).

usage: test_serve_api.py PATH/TO/handstat
"""
import csv
import http.client
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HANDSTAT = sys.argv[1] if len(sys.argv) > 1 else "build/release/handstat"
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what, flush=True)
    return cond


class Server:
    """handstat serve --port 0 in the background; its URL read from standard error."""

    def __init__(self, *args, preexec_fn=None):
        self.log = tempfile.NamedTemporaryFile(prefix="serve_", suffix=".log", delete=False)
        self.proc = subprocess.Popen([HANDSTAT, "serve", "--port", "0", *args],
                                     stdout=subprocess.DEVNULL, stderr=self.log,
                                     preexec_fn=preexec_fn)
        self.port = None
        deadline = time.time() + 20
        while time.time() < deadline and self.port is None:
            m = re.search(r"http://[^ ]*:(\d+)/", self.stderr())
            if m:
                self.port = int(m.group(1))
            elif self.proc.poll() is not None:
                break
            else:
                time.sleep(0.05)
        if self.port is None:
            raise RuntimeError("handstat serve did not start: " + self.stderr())

    def stderr(self):
        with open(self.log.name, encoding="utf-8", errors="replace") as f:
            return f.read()

    def request(self, method, path, body=None, headers=None, timeout=120):
        """(status, headers, parsed JSON or text) of one request on a fresh connection."""
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        h = {"Content-Type": "application/json"} if body is not None else {}
        h.update(headers or {})
        if isinstance(body, (dict, list)):
            body = json.dumps(body)
        c.request(method, path, body=body, headers=h)
        r = c.getresponse()
        data = r.read()
        c.close()
        try:
            parsed = json.loads(data)
        except ValueError:
            parsed = data.decode("utf-8", "replace")
        return r.status, dict((k.lower(), v) for k, v in r.getheaders()), parsed

    def query(self, command, args):
        return self.request("POST", "/api/query", {"command": command, "args": args})

    def threads(self):
        return len(os.listdir(f"/proc/{self.proc.pid}/task"))

    def stop(self, sig=signal.SIGINT):
        self.proc.send_signal(sig)
        try:
            rc = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = "hung"
        os.unlink(self.log.name)
        return rc


def cli(*args):
    r = subprocess.run([HANDSTAT, *args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def cli_csv(*args):
    rc, out, err = cli(*args, "--csv")
    assert rc == 0, (args, err)
    rows = list(csv.reader(io.StringIO(out)))
    return rows[0], rows[1:]


# Each query of the API and the command line that must print the same table.
QUERIES = [
    ("holdem equity", {"hand": ["QQ+,AKs", "JJ-99,AQs+"], "board": "Kh7d2c"},
     ["holdem", "equity", "QQ+,AKs", "JJ-99,AQs+", "--board", "Kh7d2c"]),
    ("holdem equity", {"hand": ["AhAd", "KsKc", "76s"], "dead": "2c"},
     ["holdem", "equity", "AhAd", "KsKc", "76s", "--dead", "2c"]),
    ("holdem equity", {"hand": ["AA", "KK"], "samples": 20000, "seed": 5},
     ["holdem", "equity", "AA", "KK", "--samples", "20000", "--seed", "5"]),
    ("holdem hits", {"hand": "QQ+,AKs", "board": "Kh7d2c"},
     ["holdem", "hits", "QQ+,AKs", "--board", "Kh7d2c"]),
    ("holdem hits", {"hand": "QQ+,AKs@50,T9s", "board": "Th9d2c5s", "by-combo": True},
     ["holdem", "hits", "QQ+,AKs@50,T9s", "--board", "Th9d2c5s", "--by-combo"]),
    ("holdem hits", {"hand": "AKs,QQ", "streets": "flop,turn"},
     ["holdem", "hits", "AKs,QQ", "--flops", "--turns"]),
    ("holdem hits", {"hand": "AKs,QQ", "streets": "flop", "folded": ["JJ+", "AQs:0.5"]},
     ["holdem", "hits", "AKs,QQ", "--flops", "--folded", "JJ+", "--folded", "AQs:0.5"]),
    ("holdem hits", {"hand": "AKs,QQ", "board": "Kh7d2c", "by-combo": True, "folded": ["JJ+"]},
     ["holdem", "hits", "AKs,QQ", "--board", "Kh7d2c", "--by-combo", "--folded", "JJ+"]),
    ("holdem equity-dist", {"hand": ["random", "QQ+,AKs"], "board": "Kh7d2c"},
     ["holdem", "equity-dist", "random", "QQ+,AKs", "--board", "Kh7d2c"]),
    ("holdem equity-dist", {"hand": ["random", "QQ+,AKs"], "board": "Kh7d2c", "bins": 10},
     ["holdem", "equity-dist", "random", "QQ+,AKs", "--board", "Kh7d2c", "--bins", "10"]),
    ("holdem filter", {"hand": "random", "vs": "QQ+,AKs@50", "board": "Kh7d2c",
                       "min-equity": "1/2"},
     ["holdem", "filter", "random", "--vs", "QQ+,AKs@50", "--board", "Kh7d2c", "--min-equity",
      "1/2"]),
    ("holdem filter", {"hand": "random", "vs": "20%", "board": "Kh7d2c", "top": "10%",
                       "by-combo": True},
     ["holdem", "filter", "random", "--vs", "20%", "--board", "Kh7d2c", "--top", "10%",
      "--by-combo"]),
    ("holdem matrix", {"hand": "random", "vs": "QQ+,AKs", "board": "Kh7d2c", "dead": "As"},
     ["holdem", "matrix", "random", "--vs", "QQ+,AKs", "--board", "Kh7d2c", "--dead", "As"]),
    ("omaha equity", {"hand": ["AhAdKsQs", "9h8h7c6c"]},
     ["omaha", "equity", "AhAdKsQs", "9h8h7c6c"]),
    ("omaha equity", {"hand": ["AhAdKsQs", "9h8h7c6c"], "board": "2c3d4h", "hilo": True},
     ["omaha", "equity", "AhAdKsQs", "9h8h7c6c", "--board", "2c3d4h", "--hilo"]),
    ("stud equity", {"hand": ["Ah Ad 7c 2d 3d", "Ks Qs Js 4h 5h"]},
     ["stud", "equity", "Ah Ad 7c 2d 3d", "Ks Qs Js 4h 5h"]),
    ("stud equity", {"hand": ["Ah Ad 7c 2d 3d", "Ks Qs Js 4h 5h"], "hilo": True, "dead": "9c"},
     ["stud", "equity", "Ah Ad 7c 2d 3d", "Ks Qs Js 4h 5h", "--hilo", "--dead", "9c"]),
    ("razz equity", {"hand": ["Ah 2h 3d 9c", "4s 5d 6c Kh"], "dead": "7h 2d"},
     ["razz", "equity", "Ah 2h 3d 9c", "4s 5d 6c Kh", "--dead", "7h 2d"]),
    ("crib score", {"hand": "5h 5d 5s Jc 5c"}, ["crib", "score", "5h 5d 5s Jc 5c"]),
    ("crib score", {"hand": "AH 2H 3H 4H 5S", "crib": True},
     ["crib", "score", "--crib", "AH 2H 3H 4H 5S"]),
    ("crib discard", {"hand": "2C 3H 4D 5D 5S JS", "role": "pone"},
     ["crib", "discard", "--pone", "2C 3H 4D 5D 5S JS"]),
    ("poker rank", {"hand": "KH KD KC 4S 4H 2C 9D"},
     ["poker", "rank", "KH", "KD", "KC", "4S", "4H", "2C", "9D"]),
    ("crib peg", {"hand": ["5H 5D JC 4S", "6C 9D TH KS"]},
     ["crib", "peg", "5H 5D JC 4S", "--", "6C 9D TH KS"]),
    ("crib hist", {"crib": True}, ["crib", "hist", "--crib", "--quiet"]),
    ("lowball rank", {"hand": "AS 2D 3C 4H 5S 8H 6C", "kind": "27"},
     ["lowball", "rank", "--27", "AS 2D 3C 4H 5S 8H 6C"]),
    ("shortdeck rank", {"hand": "9S 9D 9C 6S 7D 8C TH"},
     ["shortdeck", "rank", "9S 9D 9C 6S 7D 8C TH"]),
    ("query", {"query": "select avg(riverEquity(hero)), histogram(handType(hero, river)) "
                        "from hero=AKs, villain='QQ+,AKo@50', board=Kh7d2c where not "
                        "pairedBoard(river)"},
     ["query", "--csv", "select avg(riverEquity(hero)), histogram(handType(hero, river)) "
                        "from hero=AKs, villain='QQ+,AKo@50', board=Kh7d2c where not "
                        "pairedBoard(river)"]),
    ("query", {"query": "select avg(riverEquity(hero)) from hero=AA, villain=KK",
               "samples": 20000, "seed": 5},
     ["query", "--csv", "select avg(riverEquity(hero)) from hero=AA, villain=KK",
      "--samples", "20000", "--seed", "5"]),
]


def same_table(answer, header, rows, what):
    ok = check(isinstance(answer, dict) and "columns" in answer, f"{what}: a table ({answer})")
    if not ok:
        return False
    names = [c["name"] for c in answer["columns"]]
    ok &= check(names == header, f"{what}: columns {names} != {header}")
    ok &= check(answer["rows"] == rows, f"{what}: rows differ from the CLI's --csv")
    kinds = {c["kind"] for c in answer["columns"]}
    ok &= check(kinds <= {"text", "int", "decimal", "fraction"}, f"{what}: kinds {kinds}")
    return ok


# A command this test knows and /api/commands lacks is a failure, not a skip: the test and the
# request layer are in one tree, so a missing command means the check did not run.
def test_queries(s, commands):
    for command, args, argv in QUERIES:
        what = f"{command} {json.dumps(args)}"
        if not check(command in commands, f"{what}: /api/commands has no '{command}'"):
            continue
        status, _, answer = s.query(command, args)
        check(status == 200, f"{what}: status {status} {answer}")
        header, rows = cli_csv(*argv)
        if same_table(answer, header, rows, what):
            check(answer["command"] == command, f"{what}: command echoed")
            check(isinstance(answer.get("notes"), dict), f"{what}: notes")


def test_crib_explain(s, commands):
    """The itemized score against the command line's text breakdown."""
    if not check("crib explain" in commands, "crib explain: /api/commands lacks it"):
        return
    for hand in ["5h 5d 5s Jc 5c", "AH 2H 3H 4H 5S", "2c 4d 6h 8s Td", "7c 8d 8h 9s 9c"]:
        status, _, a = s.query("crib explain", {"hand": hand})
        check(status == 200, f"crib explain {hand}: {status} {a}")
        rc, out, _ = cli("crib", "score", hand)
        items = []
        for line in out.splitlines():
            m = re.match(r"^  (\S+)\s+(.*?)\s+(\d+)$", line)
            if m:
                items.append([m.group(1), m.group(2), m.group(3)])
        total = re.search(r"total (\d+)", out).group(1)
        check([c["name"] for c in a["columns"]] == ["item", "cards", "points"],
              f"crib explain {hand}: columns")
        check(a["rows"] == items, f"crib explain {hand}: items {a['rows']} != {items}")
        check(a["notes"].get("total") == total, f"crib explain {hand}: total")
        check(sum(int(r[2]) for r in a["rows"]) == int(total), f"crib explain {hand}: sum")


def test_vs_random(s, commands):
    """holdem vs-random (the CLI writes CSV without --csv): a sampled table as the CLI's, and bad
    opponents named."""
    if not check("holdem vs-random" in commands, "holdem vs-random: /api/commands lacks it"):
        return
    args = {"opponents": "4,6", "samples": 2000, "seed": 7}
    status, _, answer = s.query("holdem vs-random", args)
    check(status == 200, f"holdem vs-random {args}: status {status} {answer}")
    rc, out, err = cli("holdem", "vs-random", "--samples", "2000", "--seed", "7", "--opponents",
                       "4,6", "--quiet")
    check(rc == 0, f"holdem vs-random CLI: {err}")
    rows = list(csv.reader(io.StringIO(out)))
    if same_table(answer, rows[0], rows[1:], f"holdem vs-random {args}"):
        check(len(answer["rows"]) == 2 * 169 and answer["notes"].get("kind") == "estimate",
              f"holdem vs-random: rows and notes {answer['notes']}")
    for value, token in [("1,,3", "''"), ("4", "'4'"), ("x", "'x'"), ("2-1", "'2-1'")]:
        st, _, a = s.query("holdem vs-random", {"opponents": value})
        check(st == 400 and f"opponents: {token}" in a.get("error", ""),
              f"holdem vs-random opponents {value!r}: {st} {a}")
    st, _, a = s.query("holdem vs-random", {"opponents": "10", "samples": 10})
    check(st == 400 and "'10' is not a count 1..9" in a.get("error", ""), f"opponents 10: {st} {a}")


def test_refusals(s):
    def error(status, answer, code, what, contains=None):
        check(status == code, f"{what}: status {status} != {code} ({answer})")
        ok = check(isinstance(answer, dict) and isinstance(answer.get("error"), str)
                   and answer["error"], f"{what}: a JSON error ({answer})")
        if ok and contains:
            check(contains in answer["error"], f"{what}: '{contains}' in '{answer['error']}'")

    post = lambda body, **kw: s.request("POST", "/api/query", body, **kw)
    st, _, a = post('{"command": "holdem equity", ')
    error(st, a, 400, "malformed JSON", "malformed JSON")
    st, _, a = post("[1, 2]")
    error(st, a, 400, "a list body", "JSON object")
    st, _, a = post('{"command": "holdem equity", "command": "crib score"}')
    error(st, a, 400, "a repeated key", "duplicate")
    st, _, a = post({"command": 7})
    error(st, a, 400, "command not a string", "command")
    st, _, a = post({"command": "holdem flop"})
    error(st, a, 400, "unknown command", "unknown command")
    st, _, a = post({"command": "holdem equity", "args": {"hand": ["AA", 3]}})
    error(st, a, 400, "hand not a string", "args.hand[1]")
    st, _, a = post({"command": "holdem equity", "args": {"hand": ["AA", "KK"], "board": ["Kh"]}})
    error(st, a, 400, "board a list", "args.board")
    st, _, a = post({"command": "holdem equity", "args": {"hand": ["AA", "KK"], "samples": 1.5}})
    error(st, a, 400, "a fraction for a count", "whole number")
    st, _, a = post({"command": "holdem equity", "args": {"hand": ["AA", "KK"], "colour": "red"}})
    error(st, a, 400, "unknown argument", "colour")
    st, _, a = post({"command": "holdem equity", "args": ["AA"]})
    error(st, a, 400, "args a list", "args")
    st, _, a = post({"command": "holdem equity", "extra": 1})
    error(st, a, 400, "unknown field", "extra")
    # bad cards: the request layer's message, the command line's words
    st, _, a = s.query("holdem equity", {"hand": ["QQ+,AKs", "XX"]})
    rc, _, err = cli("holdem", "equity", "QQ+,AKs", "XX")
    error(st, a, 400, "bad range")
    check(rc == 1 and err.strip().endswith(a.get("error", "?")), f"bad range: CLI says {err!r}")
    st, _, a = s.query("holdem equity", {"hand": ["AA", "KK"], "board": "Kh7d7d"})
    error(st, a, 400, "duplicate card", "7d")
    st, _, a = s.query("crib explain", {"hand": "5h 5d 5s"})
    error(st, a, 400, "too few cards")
    # a bad query: its line, column and token, as the command line words them
    st, _, a = s.query("query", {"query": "select avg(riverEq(hero))\nfrom hero=AA, villain=KK"})
    error(st, a, 400, "unknown query function", "line 1, column 12: unknown function 'riverEq'")
    st, _, a = s.query("query", {"query": "select count(winsHi(hero)) from hero=random, "
                                          "villain=random where pairedBoard(flop)"})
    error(st, a, 400, "query too large to count exactly", "samples")
    # the caps and the protocol
    st, _, a = s.request("POST", "/api/query", "x" * (64 * 1024 + 1))
    error(st, a, 413, "oversized body", "65536")
    # the same without a length: a chunked body is cut off at the cap
    sock = socket.create_connection(("127.0.0.1", s.port), timeout=30)
    sock.sendall(b"POST /api/query HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                 b"\r\nTransfer-Encoding: chunked\r\n\r\n")
    try:
        for _ in range(10):
            sock.sendall(b"2000\r\n" + b"x" * 0x2000 + b"\r\n")
        sock.sendall(b"0\r\n\r\n")
    except OSError:
        pass  # the server may answer and close before the end
    reply = b""
    while b"\r\n\r\n" not in reply or not reply.rstrip().endswith(b"}"):
        chunk = sock.recv(4096)
        if not chunk:
            break
        reply += chunk
    sock.close()
    check(reply.startswith(b"HTTP/1.1 413") and b'"error"' in reply, f"chunked over the cap: {reply[:200]}")
    st, _, a = s.request("GET", "/api/nothing")
    error(st, a, 404, "unknown endpoint", "/api/nothing")
    st, _, a = s.request("GET", "/etc/passwd")
    error(st, a, 404, "a file path")
    st, _, a = s.request("GET", "/../../etc/passwd")
    check(st in (400, 404), f"a path climbing out: {st}")
    st, h, a = s.request("GET", "/api/query")
    error(st, a, 405, "GET /api/query")
    check(h.get("allow") == "POST", f"405 Allow header: {h.get('allow')}")
    st, h, a = s.request("PUT", "/api/jobs")
    error(st, a, 405, "PUT /api/jobs")
    st, h, a = s.request("OPTIONS", "/api/query")
    error(st, a, 405, "OPTIONS (no CORS preflight)")
    check(not any(k.startswith("access-control") for k in h), "no CORS headers")
    st, _, a = s.request("POST", "/api/query", "{}", headers={"Content-Type": "text/plain"})
    error(st, a, 415, "a form content type", "application/json")
    st, _, a = s.request("POST", "/api/query", "{}", headers={"Origin": "http://evil.example"})
    error(st, a, 403, "another site's Origin")
    st, _, a = s.request("GET", "/api/commands", headers={"Host": f"evil.example:{s.port}"})
    error(st, a, 421, "a foreign Host (DNS rebinding)")
    st, _, a = s.request("GET", "/api/jobs/0123456789abcdef")
    error(st, a, 404, "an unknown job")
    st, _, a = s.request("GET", "/api/range?text=QQ%2B%2CXX")
    error(st, a, 400, "a bad range for the grid", "XX")
    # still serving
    st, _, a = s.query("poker rank", {"hand": "AS KS QS JS TS"})
    check(st == 200 and a["rows"][0][1] == "1", f"still serving after the refusals: {st} {a}")


def test_headers_and_page(s):
    for path, ctype in [("/", "text/html"), ("/main.js", "text/javascript"), ("/range.js", "text/javascript"),
                        ("/style.css", "text/css"), ("/api/commands", "application/json")]:
        st, h, body = s.request("GET", path)
        check(st == 200, f"GET {path}: {st}")
        check(h.get("content-type", "").startswith(ctype), f"GET {path}: type {h.get('content-type')}")
        csp = h.get("content-security-policy", "")
        check("default-src 'self'" in csp and "unsafe-inline" not in csp, f"GET {path}: CSP {csp}")
        check(h.get("x-content-type-options") == "nosniff", f"GET {path}: nosniff")
        check(not any(k.startswith("access-control") for k in h), f"GET {path}: no CORS")
    st, _, page = s.request("GET", "/")
    check("<script" in page and "<script>" not in page and " style=" not in page,
          "the page has no inline script or style")
    st, _, r = s.request("GET", "/api/range?text=QQ%2B%2CAKs")
    check(st == 200 and r["combos"] == 22 and r["classes"][0]["n"] == 6 and r["classes"][1]["n"] == 4
          and r["classes"][2] is None, f"/api/range QQ+,AKs: {r}")


def test_concurrent(s):
    """50 queries at once (10 distinct, 5 times each), every answer the CLI's."""
    cases = []
    for hero in ["AA", "KK", "QQ", "AKs", "AKo", "JJ", "T9s", "22", "A5s", "KQo"]:
        args = {"hand": [hero, "random"], "board": "Kh7d2c"}
        header, rows = cli_csv("holdem", "equity", hero, "random", "--board", "Kh7d2c")
        cases.append((args, header, rows))
    results = [None] * 50

    def one(i):
        args, _, _ = cases[i % 10]
        try:
            results[i] = s.query("holdem equity", args)
        except Exception as e:  # noqa: BLE001 - reported below
            results[i] = e

    threads = [threading.Thread(target=one, args=(i,)) for i in range(50)]
    t0 = time.time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    good = 0
    for i, r in enumerate(results):
        _, header, rows = cases[i % 10]
        if isinstance(r, Exception):
            check(False, f"concurrent {i}: {r}")
            continue
        st, _, a = r
        if check(st == 200, f"concurrent {i}: status {st} {a}"):
            good += same_table(a, header, rows, f"concurrent {i}")
    print(f"50 concurrent queries: {good} answered as the CLI, {time.time() - t0:.2f} s", flush=True)


def job_of(s, job_id):
    st, _, j = s.request("GET", "/api/jobs/" + job_id)
    return j if st == 200 else None


def wait_status(s, job_id, statuses, seconds=10):
    deadline = time.time() + seconds
    while time.time() < deadline:
        j = job_of(s, job_id)
        if j and j["status"] in statuses:
            return j
        time.sleep(0.05)
    return job_of(s, job_id)


LONG = {"command": "holdem equity", "args": {"hand": ["random", "random"]}}  # about a minute


def test_jobs_api(s):
    st, h, j = s.request("POST", "/api/jobs", LONG)
    check(st == 202 and re.fullmatch(r"[0-9a-f]{16}", j.get("id", "")), f"POST /api/jobs: {st} {j}")
    check(h.get("location") == "/api/jobs/" + j["id"], f"Location header: {h.get('location')}")
    job = wait_status(s, j["id"], ["running"])
    check(job["status"] == "running", f"the job runs: {job}")
    time.sleep(0.8)
    job = job_of(s, j["id"])
    check(job["total"] > 0 and 0 < job["done"] <= job["total"], f"progress reported: {job}")
    st, _, d = s.request("DELETE", "/api/jobs/" + j["id"])
    check(st == 200, f"DELETE: {st} {d}")
    job = wait_status(s, j["id"], ["cancelled"], 10)
    check(job["status"] == "cancelled" and "DELETE" in job.get("error", ""), f"cancelled: {job}")
    st, _, lst = s.request("GET", "/api/jobs")
    check(st == 200 and any(x["id"] == j["id"] for x in lst["jobs"]), "the job list holds it")
    # a quick job's result through the jobs API equals /api/query's
    st, _, j = s.request("POST", "/api/jobs", {"command": "poker rank",
                                                "args": {"hand": "KH KD KC 4S 4H 2C 9D"}})
    job = wait_status(s, j["id"], ["done"])
    st, _, q = s.query("poker rank", {"hand": "KH KD KC 4S 4H 2C 9D"})
    check(job.get("result") == q, f"jobs API result = query result: {job}")


def test_estimate(s):
    """POST /api/estimate: the work ahead, exact or out of reach, the seconds against the cap,
    without queueing anything; a bad query is its 400; only POST; the body capped."""
    post = lambda args, command="holdem equity": s.request(
        "POST", "/api/estimate", {"command": command, "args": args})
    _, _, before = s.request("GET", "/api/jobs")
    st, _, a = post({"hand": ["QQ+,AKs", "JJ-99,AQs+"], "board": "Kh7d2c"})
    check(st == 200 and a.get("exact") is True and a.get("work") == "" and a.get("seconds") is None
          and a.get("max_seconds") == 60 and a.get("over_cap") is False, f"estimate, quick: {st} {a}")
    t = time.time()
    st, _, a = post({"hand": ["random"] * 6})
    check(st == 200 and a.get("exact") is False and "128 bits" in a.get("message", "")
          and "deals" in a.get("work", "") and time.time() - t < 5,
          f"estimate, six random hands out of reach: {st} {a} in {time.time() - t:.1f} s")
    t = time.time()
    st, _, a = post({"hand": ["random", "random"]})
    check(st == 200 and a.get("exact") is True and a.get("seconds_from") == "probe"
          and a.get("seconds", 0) > 0 and "deals" in a.get("work", "") and time.time() - t < 5,
          f"estimate, two random hands: probed {st} {a} in {time.time() - t:.1f} s")
    st, _, a = post({"hand": "random", "streets": "river"}, "holdem hits")
    check(st == 200 and a.get("seconds_from") == "model" and a.get("seconds", 0) > 0
          and a.get("over_cap") == (a.get("seconds", 0) > 60), f"estimate, a job's cost model: {st} {a}")
    st, _, a = post({"hand": ["XX", "KK"]})
    check(st == 400 and "hand 1" in a.get("error", ""), f"estimate of a bad hand: {st} {a}")
    st, _, a = post({"hand": ["AA", "KK"], "samples": 1000})
    check(st == 200 and a.get("exact") is True and a.get("work") == "", f"estimate of an estimate: {st} {a}")
    st, _, a = s.request("GET", "/api/estimate")
    check(st == 405, f"GET /api/estimate: {st} {a}")
    st, _, a = s.request("POST", "/api/estimate", '{"command": "holdem equity", "args": {"hand": ["'
                         + "A" * (70 * 1024) + '"]}}')
    check(st == 413, f"estimate, a body over the cap: {st}")
    _, _, after = s.request("GET", "/api/jobs")
    check(len(after["jobs"]) <= len(before["jobs"]) and after["running"] == 0,
          f"estimates queue nothing: {len(before['jobs'])} -> {len(after['jobs'])} jobs")


def test_disconnect(s):
    """A client that goes away mid-query: its job is cancelled, no thread is left, serving goes on."""
    base = s.threads()
    sock = socket.create_connection(("127.0.0.1", s.port))
    body = json.dumps(LONG).encode()
    sock.sendall(b"POST /api/query HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json"
                 b"\r\nContent-Length: %d\r\n\r\n" % (s.port, len(body)) + body)
    job = None
    deadline = time.time() + 10
    while time.time() < deadline and job is None:
        _, _, lst = s.request("GET", "/api/jobs")
        job = next((x for x in lst["jobs"] if x["origin"] == "query" and x["status"] == "running"),
                   None)
        time.sleep(0.05)
    check(job is not None, "the query's job runs")
    time.sleep(0.3)
    t0 = time.time()
    sock.close()
    job = wait_status(s, job["id"], ["cancelled"], 10)
    check(job["status"] == "cancelled" and "went away" in job.get("error", ""),
          f"the job of a client that left is cancelled: {job}")
    print(f"client gone: job cancelled in {time.time() - t0:.2f} s", flush=True)
    deadline = time.time() + 5
    while time.time() < deadline and s.threads() > base:
        time.sleep(0.05)
    check(s.threads() <= base, f"threads back to {base}: {s.threads()}")
    st, _, a = s.query("poker rank", {"hand": "AS KS QS JS TS"})
    check(st == 200, "still serving after the client left")


def main():
    check(os.access(HANDSTAT, os.X_OK), f"{HANDSTAT} is not executable")
    t0 = time.time()
    s = Server("--max-seconds", "60", "--quiet")
    try:
        st, _, c = s.request("GET", "/api/commands")
        commands = [x["name"] for x in c["commands"]]
        check(st == 200 and "holdem equity" in commands, f"/api/commands: {c}")
        test_queries(s, commands)
        test_crib_explain(s, commands)
        test_vs_random(s, commands)
        test_refusals(s)
        test_headers_and_page(s)
        test_concurrent(s)
        test_jobs_api(s)
        test_estimate(s)
        test_disconnect(s)
        # a busy port: refused with exit 3 and a message naming it
        r = subprocess.run([HANDSTAT, "serve", "--port", str(s.port)], capture_output=True,
                           text=True, timeout=20)
        check(r.returncode == 3 and "in use" in r.stderr, f"busy port: {r.returncode} {r.stderr}")
        r = subprocess.run([HANDSTAT, "serve", "--bind", "not-an-address"], capture_output=True,
                           text=True, timeout=20)
        check(r.returncode == 2 and "--bind" in r.stderr, f"bad --bind: {r.returncode} {r.stderr}")
    finally:
        rc = s.stop(signal.SIGINT)
    check(rc == 0, f"SIGINT: exit {rc}")

    # the time cap, its message, the estimate refusal, a full queue; SIGTERM
    s = Server("--max-seconds", "1", "--max-jobs", "1", "--max-queue", "1", "--quiet")
    try:
        t = time.time()
        st, _, a = s.request("POST", "/api/query", LONG)
        check(st == 504 and "samples" in a.get("error", "") and time.time() - t < 10,
              f"time cap: {st} {a} after {time.time() - t:.1f} s")
        st, _, a = s.query("holdem hits", {"hand": "random", "streets": "river"})
        check(st == 504 and "estimated" in a.get("error", ""), f"estimate refusal: {st} {a}")
        # vs-random: the exact table against three (minutes) and a huge estimate refused at once
        for args in [{"opponents": "1-3"}, {"opponents": "9", "samples": 10**10}]:
            t = time.time()
            st, _, a = s.query("holdem vs-random", args)
            check(st == 504 and "estimated" in a.get("error", "") and time.time() - t < 5,
                  f"vs-random {args} refused: {st} {a}")
        ids = []
        for k in range(2):
            st, _, j = s.request("POST", "/api/jobs", LONG)
            check(st == 202, f"queued: {st} {j}")
            ids.append(j.get("id"))
            if k == 0:  # the first runs (its worker took it), the second waits in the queue
                wait_status(s, ids[0], ["running"])
        st, h, a = s.request("POST", "/api/jobs", LONG)
        check(st == 503 and "busy" in a.get("error", "") and "retry-after" in h,
              f"a full queue: {st} {a}")
        for i in ids:
            s.request("DELETE", "/api/jobs/" + i)
        job = wait_status(s, ids[1], ["cancelled"], 5)
        check(job["status"] == "cancelled", f"a queued job cancelled at once: {job}")
    finally:
        rc = s.stop(signal.SIGTERM)
    check(rc == 0, f"SIGTERM: exit {rc}")

    # started as `handstat serve &` by a shell without job control: SIGINT ignored on entry,
    # and still the way to stop it
    s = Server("--quiet", preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    rc = s.stop(signal.SIGINT)
    check(rc == 0, f"SIGINT, ignored when started: exit {rc}")

    print(f"{len(FAILURES)} failure(s), {time.time() - t0:.1f} s", flush=True)
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
