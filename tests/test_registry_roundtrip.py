"""Every command of the registry (handstat/command.h), with its registry example, through the
three front ends: the web app's HTTP API (handstat serve), the command line (the example's
command line with --csv) and Python (handstat.query) must answer the same table: the same
columns, the same rows cell by cell (the API's text as the CLI's --csv; Python's values as that
text: exact integers and fractions equal, decimals to the digits printed).

The registry itself is read twice, by GET /api/commands and by handstat.commands(): both list the
same commands with the same examples. A command whose registry entry has no command line (its
CLI answers in another shape) must be one of NO_CLI, so a missing example_cli is a failure, not a
silent skip.

    test_registry_roundtrip.py BUILD/handstat      (PYTHONPATH and HANDSTAT_LIBRARY set by ctest)
"""

import csv
import http.client
import io
import json
import math
import re
import shlex
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

import handstat

HANDSTAT = sys.argv[1] if len(sys.argv) > 1 else "build/release/handstat"
# Commands the command line answers in another shape (crib explain: the text breakdown of crib
# score; crib peg-line: the play of crib peg --verbose; poker pe54: a file of deals), each
# checked against its CLI elsewhere (test_serve_api.py, the C tests).
NO_CLI = {"crib explain", "crib peg-line", "poker pe54"}
# Commands whose command line writes CSV without being asked (--csv is then not an option).
CSV_ALWAYS = {"poker hist", "shortdeck hist", "lowball hist", "holdem vs-random", "holdem preflop",
              "holdem preflop3", "poker matchups", "crib throw-table", "crib deals",
              "crib peg-table", "badugi hist", "draw odds", "draw discard", "draw table",
              "draw equity"}
FAILURES = []


def check(cond, what):
    if not cond:
        FAILURES.append(what)
        print("FAIL:", what, flush=True)
    return cond


def start_server():
    log = tempfile.NamedTemporaryFile(prefix="roundtrip_", suffix=".log", delete=False)
    proc = subprocess.Popen([HANDSTAT, "serve", "--port", "0", "--quiet", "--max-seconds", "120"],
                            stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.time() + 20
    while time.time() < deadline:
        with open(log.name, encoding="utf-8", errors="replace") as f:
            m = re.search(r"http://[^ ]*:(\d+)/", f.read())
        if m:
            return proc, int(m.group(1))
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    proc.kill()
    raise RuntimeError("handstat serve did not start")


def api(port, method, path, body=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    c.request(method, path, body=json.dumps(body) if body is not None else None,
              headers={"Content-Type": "application/json"} if body is not None else {})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, json.loads(data)


def cli_table(line, csv_always):
    argv = shlex.split(line)
    check(argv[0] == "handstat", f"{line}: the example's command line starts with handstat")
    extra = ["--quiet"] if csv_always else ["--csv", "--quiet"]
    r = subprocess.run([HANDSTAT, *argv[1:], *extra], capture_output=True, text=True)
    if not check(r.returncode == 0, f"{line} --csv: exit {r.returncode}: {r.stderr.strip()}"):
        return None, None
    rows = list(csv.reader(io.StringIO(r.stdout)))
    return rows[0], rows[1:]


def same_value(text, value, kind):
    """Python's value against the table's text of that cell."""
    if kind == "int":
        return isinstance(value, int) or hasattr(value, "item") and int(value) == int(text) \
            if text else value is None
    if kind == "fraction":
        return (value is None) if text == "" else Fraction(text) == value
    if kind == "decimal":
        if text == "":
            return value is None or (isinstance(value, float) and math.isnan(value))
        digits = len(text.split(".")[1]) if "." in text and "e" not in text.lower() else 6
        return abs(float(value) - float(text)) <= 0.5 * 10 ** -digits * 1.0001 + \
            1e-9 * abs(float(text))
    return str(value) == text


def compare_python(name, example, answer):
    df = handstat.query(name, **example)
    cols = [c["name"] for c in answer["columns"]]
    kinds = [c["kind"] for c in answer["columns"]]
    if not check(list(df.columns) == cols, f"{name}: Python's columns {list(df.columns)} != {cols}"):
        return
    if not check(len(df) == len(answer["rows"]),
                 f"{name}: Python's {len(df)} rows != the API's {len(answer['rows'])}"):
        return
    bad = 0
    for r, row in enumerate(answer["rows"]):
        for c, (col, kind) in enumerate(zip(cols, kinds)):
            value = df[col].iloc[r]
            if kind == "int" and row[c] != "":
                ok = int(value) == int(row[c])
            else:
                ok = same_value(row[c], value, kind)
            if not ok and bad < 3:
                check(False, f"{name}: row {r} {col}: Python {value!r}, table '{row[c]}'")
            bad += not ok
    check(bad == 0, f"{name}: {bad} cell(s) of Python differ from the API's table")
    check(df.attrs["notes"] == answer["notes"], f"{name}: Python's notes differ from the API's")


def main():
    t0 = time.time()
    proc, port = start_server()
    try:
        status, listing = api(port, "GET", "/api/commands")
        check(status == 200, f"/api/commands: status {status}")
        served = {c["name"]: c for c in listing["commands"]}
        registry = {c.name: c for c in handstat.commands()}
        check(list(served) == list(registry),
              f"/api/commands lists {list(served)}, handstat.commands() {list(registry)}")
        check(len(registry) >= 25, f"only {len(registry)} commands in the registry")
        for name, cmd in registry.items():
            entry = served.get(name, {})
            check(entry.get("example") == {k: (v if isinstance(v, list) else str(v))
                                           for k, v in cmd.example.items()},
                  f"{name}: examples differ: API {entry.get('example')}, Python {cmd.example}")
            st, answer = api(port, "POST", "/api/query", {"command": name, "args": cmd.example})
            if not check(st == 200 and "rows" in answer, f"{name}: API status {st}: {answer}"):
                continue
            cols = [c["name"] for c in answer["columns"]]
            check(len(answer["rows"]) > 0, f"{name}: the example's table is empty")
            # the command line
            if cmd.example_cli is None:
                check(name in NO_CLI, f"{name}: no example_cli in the registry")
                cli_note = "no CLI form"
            else:
                check(entry.get("cli") == "handstat " + cmd.example_cli,
                      f"{name}: the API's cli '{entry.get('cli')}'")
                header, rows = cli_table("handstat " + cmd.example_cli, name in CSV_ALWAYS)
                if header is not None:
                    check(header == cols, f"{name}: CLI columns {header} != API {cols}")
                    check(rows == answer["rows"], f"{name}: the CLI's --csv rows differ from the "
                          f"API's ({len(rows)} against {len(answer['rows'])} rows)")
                cli_note = "CLI"
            compare_python(name, cmd.example, answer)
            print(f"ok: {name}: {len(answer['rows'])} rows x {len(cols)} columns "
                  f"(API, {cli_note}, Python)", flush=True)
        check(not (NO_CLI - set(registry)), f"NO_CLI names unknown commands: {NO_CLI - set(registry)}")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(f"{len(FAILURES)} failure(s), {time.time() - t0:.1f} s", flush=True)
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
