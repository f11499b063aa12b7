#!/usr/bin/env python3
"""The committed sampled vs-random table (results/holdem_vs_random_sampled.csv.xz, too long to
regenerate in the tests) against what can be checked without recomputing it: its header; one row
per class and opponent count 1..9, classes in grid order; every row's samples the same per count;
over a count's rows, wins + ties + losses = samples x C(47 - 2k, 2) (every deal scores the
combinations it leaves free) and each class's pairs at most its combinations' share of those;
every row an estimate with a positive error; against one to three opponents every row within 5
standard errors of the exact tables (results/holdem_vs_random.csv, holdem_vs_random3.csv, which
the `results` test regenerates), with the mean squared z-score near 1.
Usage: check_vs_random_sampled.py RESULTS_DIR"""
import csv
import io
import lzma
import os
import sys

from check_preflop3_full import class_names  # the 169 classes in the library's grid order

HEADER = "class,opponents,samples,wins,ties,losses,equity,std_error,kind"


def fail(msg):
    print(f"check_vs_random_sampled: {msg}")
    sys.exit(1)


def main(results):
    with lzma.open(os.path.join(results, "holdem_vs_random_sampled.csv.xz"), "rt") as f:
        text = f.read()
    if not text.startswith(HEADER + "\n"):
        fail("header")
    rows = list(csv.DictReader(io.StringIO(text)))
    names = class_names()
    if len(rows) != 9 * 169:
        fail(f"{len(rows)} rows, not 9 x 169")
    exact = {}
    for name in ("holdem_vs_random.csv", "holdem_vs_random3.csv"):
        with open(os.path.join(results, name), newline="") as f:
            for r in csv.DictReader(f):
                exact[(r["class"], int(r["opponents"]))] = float(r["equity"])
    pairs = {k: 0 for k in range(1, 10)}
    samples = {}
    zs = []
    for i, r in enumerate(rows):
        cls, k = names[i // 9], i % 9 + 1
        if r["class"] != cls or int(r["opponents"]) != k or r["kind"] != "estimate":
            fail(f"row {i + 2}: {r['class']},{r['opponents']} where {cls},{k} belongs")
        n = int(r["samples"])
        if samples.setdefault(k, n) != n:
            fail(f"row {i + 2}: samples {n}, not {samples[k]} as the count's other rows")
        w, t, lo = int(r["wins"]), int(r["ties"]), int(r["losses"])
        combos = 6 if len(cls) == 2 else 4 if cls[2] == "s" else 12
        if w + t + lo > n * combos:
            fail(f"row {i + 2}: more pairs than {combos} combinations x {n} deals")
        pairs[k] += w + t + lo
        eq, se = float(r["equity"]), float(r["std_error"])
        share_lo, share_hi = w / (w + t + lo), (w + t / 2) / (w + t + lo)
        if not (share_lo - 1e-9 <= eq <= share_hi + 1e-9) or not se > 0:
            fail(f"row {i + 2}: equity {eq} outside [{share_lo}, {share_hi}] or error {se}")
        if (cls, k) in exact:
            z = (eq - exact[(cls, k)]) / se
            if abs(z) >= 5:
                fail(f"{cls} against {k}: {eq}, exact {exact[(cls, k)]}, error {se}: z = {z:.2f}")
            zs.append(z)
    for k, total in pairs.items():
        free = 47 - 2 * k
        if total != samples[k] * (free * (free - 1) // 2):
            fail(f"{k} opponents: {total} pairs, not samples x C({free}, 2)")
    z2 = sum(z * z for z in zs) / len(zs)
    if not 0.4 < z2 < 2.0:
        fail(f"mean z^2 {z2:.3f} over the 507 rows with exact values")
    print(f"holdem_vs_random_sampled.csv.xz: 1521 rows consistent; against the exact rows "
          f"largest |z| {max(abs(z) for z in zs):.2f}, mean z^2 {z2:.3f}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "results")
